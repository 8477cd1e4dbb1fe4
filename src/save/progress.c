/*
** progress.c -- progress.json: strict reading, writing, and bests.
**
** {
**   "format": 1,
**   "unlocked": 3,
**   "last_level": "02-mind-the-gap.json",
**   "levels": {
**     "01-first-steps.json": { "completed": true, "best_ticks": 1520,
**                              "fewest_deaths": 0, "most_coins": 5 }
**   }
** }
**
** A level that is not completed has no bests: its best fields are 0.
*/
#include "progress.h"

#include "save_internal.h"

#include <stdio.h>
#include <string.h>

enum { PROGRESS_FORMAT = 1 };

static bool check_id(const char *s, size_t cap, const char **why)
{
    return save_valid_file_name(s, cap, why);
}

/* last_level: an id, or "" before any level was played. */
static bool check_id_or_empty(const char *s, size_t cap, const char **why)
{
    return s[0] == '\0' || save_valid_file_name(s, cap, why);
}

bool progress_valid_id(const char *level_id)
{
    const char *why;
    return level_id != NULL && check_id(level_id, PROGRESS_ID_MAX, &why);
}

void progress_defaults(Progress *p)
{
    memset(p, 0, sizeof *p);
    p->unlocked = 1;
}

const LevelRecord *progress_find(const Progress *p, const char *level_id)
{
    for (int i = 0; i < p->level_count; i++)
        if (strcmp(p->levels[i].id, level_id) == 0)
            return &p->levels[i];
    return NULL;
}

bool progress_is_unlocked(const Progress *p, int index)
{
    return index >= 0 && index < p->unlocked;
}

bool progress_set_last_level(Progress *p, const char *level_id)
{
    if (!progress_valid_id(level_id))
        return false;
    strcpy(p->last_level, level_id);
    return true;
}

bool progress_record_completion(Progress *p, const char *level_id, int campaign_index,
                                LevelRun run, unsigned *improved)
{
    unsigned bits = 0;
    if (improved != NULL)
        *improved = 0;
    if (!progress_valid_id(level_id) || run.ticks == 0)
        return false;
    LevelRecord *rec = (LevelRecord *)progress_find(p, level_id);
    if (rec == NULL) {
        if (p->level_count >= PROGRESS_MAX_LEVELS)
            return false;
        rec = &p->levels[p->level_count++];
        memset(rec, 0, sizeof *rec);
        strcpy(rec->id, level_id);
    }
    if (!rec->completed) {
        bits = PROGRESS_FIRST_CLEAR | PROGRESS_BEST_TIME | PROGRESS_BEST_DEATHS | PROGRESS_BEST_COINS;
        rec->completed = true;
        rec->best_ticks = run.ticks;
        rec->fewest_deaths = run.deaths;
        rec->most_coins = run.coins;
    } else {
        if (run.ticks < rec->best_ticks) {
            rec->best_ticks = run.ticks;
            bits |= PROGRESS_BEST_TIME;
        }
        if (run.deaths < rec->fewest_deaths) {
            rec->fewest_deaths = run.deaths;
            bits |= PROGRESS_BEST_DEATHS;
        }
        if (run.coins > rec->most_coins) {
            rec->most_coins = run.coins;
            bits |= PROGRESS_BEST_COINS;
        }
    }
    if (campaign_index >= 0 && campaign_index + 2 > p->unlocked)
        p->unlocked = campaign_index + 2 > PROGRESS_MAX_LEVELS ? PROGRESS_MAX_LEVELS
                                                               : campaign_index + 2;
    strcpy(p->last_level, level_id);
    if (improved != NULL)
        *improved = bits;
    return true;
}

/* ---------------------------------------------------------------- reading */

static bool read_record(const cJSON *item, LevelRecord *rec, char *err, size_t errlen)
{
    static const char *const known[] = {
        "completed", "best_ticks", "fewest_deaths", "most_coins", NULL,
    };
    char where[PROGRESS_ID_MAX + 16];
    snprintf(where, sizeof where, "levels.%s", item->string);
    if (!cJSON_IsObject(item)) {
        snprintf(err, errlen, "\"%s\" must be an object", where);
        return false;
    }
    int64_t ticks = 0, deaths = 0, coins = 0;
    if (!save_only_keys(item, where, known, err, errlen)
        || !save_get_bool(item, where, "completed", true, &rec->completed, err, errlen)
        || !save_get_int(item, where, "best_ticks", true, 0, UINT32_MAX, &ticks, err, errlen)
        || !save_get_int(item, where, "fewest_deaths", true, 0, UINT32_MAX, &deaths, err, errlen)
        || !save_get_int(item, where, "most_coins", true, 0, UINT32_MAX, &coins, err, errlen))
        return false;
    if (rec->completed && ticks == 0) {
        snprintf(err, errlen, "\"%s.best_ticks\" must be at least 1 for a completed level", where);
        return false;
    }
    if (!rec->completed && (ticks != 0 || deaths != 0 || coins != 0)) {
        snprintf(err, errlen, "\"%s\" is not completed but has bests", where);
        return false;
    }
    rec->best_ticks = (uint32_t)ticks;
    rec->fewest_deaths = (uint32_t)deaths;
    rec->most_coins = (uint32_t)coins;
    return true;
}

static bool read_progress(const cJSON *root, Progress *p, char *err, size_t errlen)
{
    static const char *const known[] = { "format", "unlocked", "last_level", "levels", NULL };
    int64_t format = 0, unlocked = 1;
    if (!save_get_int(root, "", "format", true, 1, 1000000, &format, err, errlen))
        return false;
    if (format != PROGRESS_FORMAT) {
        snprintf(err, errlen, "\"format\" is %lld; this version reads format %d",
                 (long long)format, PROGRESS_FORMAT);
        return false;
    }
    if (!save_only_keys(root, "", known, err, errlen)
        || !save_get_int(root, "", "unlocked", true, 1, PROGRESS_MAX_LEVELS, &unlocked, err, errlen)
        || !save_get_string(root, "", "last_level", false, check_id_or_empty, p->last_level,
                            PROGRESS_ID_MAX, err, errlen))
        return false;
    p->unlocked = (int)unlocked;
    const cJSON *levels = cJSON_GetObjectItemCaseSensitive(root, "levels");
    if (levels == NULL)
        return true;
    if (!cJSON_IsObject(levels)) {
        snprintf(err, errlen, "\"levels\" must be an object of level id -> record");
        return false;
    }
    for (const cJSON *item = levels->child; item != NULL; item = item->next) {
        const char *why;
        if (!check_id(item->string, PROGRESS_ID_MAX, &why)) {
            snprintf(err, errlen, "level id \"%.*s\": %s", PROGRESS_ID_MAX, item->string, why);
            return false;
        }
        if (p->level_count >= PROGRESS_MAX_LEVELS) {
            snprintf(err, errlen, "more than %d levels in \"levels\"", PROGRESS_MAX_LEVELS);
            return false;
        }
        LevelRecord *rec = &p->levels[p->level_count];
        memset(rec, 0, sizeof *rec);
        strcpy(rec->id, item->string);
        if (!read_record(item, rec, err, errlen))
            return false;
        p->level_count++;
    }
    return true;
}

SaveLoad progress_load(const char *path, Progress *p, char *msg, size_t msglen)
{
    cJSON *root;
    progress_defaults(p);
    SaveLoad r = save_load_json(path, "progress", &root, msg, msglen);
    if (r != SAVE_LOADED)
        return r;
    char problem[512];
    bool ok = read_progress(root, p, problem, sizeof problem);
    cJSON_Delete(root);
    if (!ok) {
        progress_defaults(p);
        return save_recover(path, "progress", problem, msg, msglen);
    }
    return SAVE_LOADED;
}

bool progress_parse(const char *text, size_t len, Progress *p, char *err, size_t errlen)
{
    progress_defaults(p);
    cJSON *root = save_parse_json(text, len, err, errlen);
    if (root == NULL)
        return false;
    bool ok = read_progress(root, p, err, errlen);
    cJSON_Delete(root);
    if (!ok)
        progress_defaults(p);
    return ok;
}

/* ---------------------------------------------------------------- writing */

bool progress_save(const char *path, const Progress *p, char *err, size_t errlen)
{
    if (p->unlocked < 1 || p->unlocked > PROGRESS_MAX_LEVELS
        || p->level_count < 0 || p->level_count > PROGRESS_MAX_LEVELS
        || (p->last_level[0] != '\0' && !progress_valid_id(p->last_level))) {
        snprintf(err, errlen, "cannot save %s: the progress is malformed", path);
        return false;
    }
    for (int i = 0; i < p->level_count; i++) {
        const LevelRecord *rec = &p->levels[i];
        if (!progress_valid_id(rec->id) || progress_find(p, rec->id) != rec
            || (rec->completed && rec->best_ticks == 0)) {
            snprintf(err, errlen, "cannot save %s: level record %d is malformed", path, i);
            return false;
        }
    }
    SaveBuf b = {0};
    save_buf_printf(&b, "{\n  \"format\": %d,\n  \"unlocked\": %d,\n", PROGRESS_FORMAT, p->unlocked);
    save_buf_puts(&b, "  \"last_level\": ");
    save_buf_string(&b, p->last_level[0] != '\0' ? p->last_level : "");
    save_buf_puts(&b, ",\n  \"levels\": {");
    for (int i = 0; i < p->level_count; i++) {
        const LevelRecord *rec = &p->levels[i];
        save_buf_puts(&b, i > 0 ? ",\n    " : "\n    ");
        save_buf_string(&b, rec->id);
        if (rec->completed)
            save_buf_printf(&b, ": { \"completed\": true, \"best_ticks\": %lu, \"fewest_deaths\": %lu,"
                            " \"most_coins\": %lu }", (unsigned long)rec->best_ticks,
                            (unsigned long)rec->fewest_deaths, (unsigned long)rec->most_coins);
        else
            save_buf_puts(&b, ": { \"completed\": false, \"best_ticks\": 0, \"fewest_deaths\": 0,"
                          " \"most_coins\": 0 }");
    }
    save_buf_puts(&b, p->level_count > 0 ? "\n  }\n}\n" : "}\n}\n");
    bool ok = save_buf_commit(&b, path, err, errlen);
    save_buf_fini(&b);
    return ok;
}
