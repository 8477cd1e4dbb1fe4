/* SPDX-License-Identifier: Zlib */
/*
** progress.c -- progress.json: strict reading, writing, and bests.
**
** {
**   "format": 2,
**   "unlocked": 3,
**   "last_level": "02-mind-the-gap.json",
**   "levels": {
**     "01-first-steps.json": { "completed": true, "best_ticks": 1520,
**                              "fewest_deaths": 0, "most_coins": 5, "most_gems": 1,
**                              "coins_total": 6, "gems_total": 1 }
**   }
** }
**
** A level that is not completed has no bests: its best fields are 0.
** Format 1 had neither most_gems nor the totals; this version reads it (and
** a record of format 2 may lack them too: one completed before), with no
** gems and the totals unknown, and writes format 2. coins_total and
** gems_total go together, and no best exceeds its total.
** The game writes this file and nobody need edit it, so it is read all or
** nothing: a file with any problem is set aside whole (store.c).
*/
#include "progress.h"

#include "save_internal.h"

#include "json_message.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

enum { PROGRESS_FORMAT = 2 };

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
    if (!progress_valid_id(level_id) || run.ticks == 0 || run.coins > run.coins_total ||
        run.gems > run.gems_total)
        return false;
    LevelRecord *rec = (LevelRecord *)progress_find(p, level_id);
    if (rec == NULL) {
        if (p->level_count >= PROGRESS_MAX_LEVELS)
            return false;
        rec = &p->levels[p->level_count++];
        memset(rec, 0, sizeof *rec);
        strcpy(rec->id, level_id);
    }
    /* the coins and gems kept were counted in another level than this one */
    bool changed = rec->totals_known ? rec->coins_total != run.coins_total || rec->gems_total != run.gems_total
                                     : rec->most_coins > run.coins_total || rec->most_gems > run.gems_total;
    if (!rec->completed) {
        bits = PROGRESS_FIRST_CLEAR | PROGRESS_BEST_TIME | PROGRESS_BEST_DEATHS | PROGRESS_BEST_COINS |
               PROGRESS_BEST_GEMS;
        rec->completed = true;
        rec->best_ticks = run.ticks;
        rec->fewest_deaths = run.deaths;
        rec->most_coins = run.coins;
        rec->most_gems = run.gems;
    } else {
        if (run.ticks < rec->best_ticks) {
            rec->best_ticks = run.ticks;
            bits |= PROGRESS_BEST_TIME;
        }
        if (run.deaths < rec->fewest_deaths) {
            rec->fewest_deaths = run.deaths;
            bits |= PROGRESS_BEST_DEATHS;
        }
        if (changed || run.coins > rec->most_coins) {
            rec->most_coins = run.coins;
            bits |= PROGRESS_BEST_COINS;
        }
        if (changed || run.gems > rec->most_gems) {
            rec->most_gems = run.gems;
            bits |= PROGRESS_BEST_GEMS;
        }
    }
    rec->totals_known = true;
    rec->coins_total = run.coins_total;
    rec->gems_total = run.gems_total;
    if (campaign_index >= 0 && campaign_index + 2 > p->unlocked)
        p->unlocked = campaign_index + 2 > PROGRESS_MAX_LEVELS ? PROGRESS_MAX_LEVELS
                                                               : campaign_index + 2;
    strcpy(p->last_level, level_id);
    if (improved != NULL)
        *improved = bits;
    return true;
}

/* ---------------------------------------------------------------- reading */

/* Counts in a record: 0 to UINT32_MAX. */
_Static_assert(LONG_MAX >= UINT32_MAX, "a long holds every count of a record");

static void read_count(JsonDoc *doc, const cJSON *rec, const char *key, uint32_t *out)
{
    long x;
    if (json_want_int(doc, json_need(doc, rec, key), 0, (long)UINT32_MAX, &x))
        *out = (uint32_t)x;
}

/* A count that older files do not have: 0 when it is not there. */
static void read_optional_count(JsonDoc *doc, const cJSON *rec, const char *key, uint32_t *out)
{
    long x;
    const cJSON *v = json_get(rec, key);
    if (v != NULL && json_want_int(doc, v, 0, (long)UINT32_MAX, &x))
        *out = (uint32_t)x;
}

/* A best no greater than the level's total of it. */
static void check_best(JsonDoc *doc, const cJSON *item, const char *best, uint32_t value,
                       const char *total, uint32_t of)
{
    if (value > of)
        json_error(doc, json_get(item, best), "%lu is more than the level's %s, %lu",
                   (unsigned long)value, total, (unsigned long)of);
}

static void read_record(JsonDoc *doc, const cJSON *item, LevelRecord *rec)
{
    static const char *const known[] = {
        "completed", "best_ticks", "fewest_deaths", "most_coins", "most_gems",
        "coins_total", "gems_total",
    };
    if (!json_want_object(doc, item))
        return;
    int before = doc->sink->count;
    json_check_keys(doc, item, known, SAVE_COUNT(known));
    json_want_bool(doc, json_need(doc, item, "completed"), &rec->completed);
    read_count(doc, item, "best_ticks", &rec->best_ticks);
    read_count(doc, item, "fewest_deaths", &rec->fewest_deaths);
    read_count(doc, item, "most_coins", &rec->most_coins);
    read_optional_count(doc, item, "most_gems", &rec->most_gems);
    const cJSON *coins_total = json_get(item, "coins_total"), *gems_total = json_get(item, "gems_total");
    if ((coins_total == NULL) != (gems_total == NULL))
        json_error(doc, coins_total != NULL ? coins_total : gems_total,
                   "coins_total and gems_total go together: %s is missing",
                   coins_total != NULL ? "gems_total" : "coins_total");
    read_optional_count(doc, item, "coins_total", &rec->coins_total);
    read_optional_count(doc, item, "gems_total", &rec->gems_total);
    rec->totals_known = coins_total != NULL && gems_total != NULL;
    if (doc->sink->count != before)
        return;
    if (rec->completed && rec->best_ticks == 0)
        json_error(doc, json_get(item, "best_ticks"), "must be at least 1 for a completed level");
    if (!rec->completed && (rec->best_ticks != 0 || rec->fewest_deaths != 0 || rec->most_coins != 0 ||
                            rec->most_gems != 0))
        json_error(doc, item, "not completed but has bests");
    else if (!rec->completed && rec->totals_known)
        json_error(doc, item, "not completed but has the level's totals");
    if (rec->completed && rec->totals_known) {
        check_best(doc, item, "most_coins", rec->most_coins, "coins_total", rec->coins_total);
        check_best(doc, item, "most_gems", rec->most_gems, "gems_total", rec->gems_total);
    }
}

/* Reads root into *p; false when anything was reported. */
static bool read_progress(JsonDoc *doc, Progress *p)
{
    static const char *const known[] = { "format", "unlocked", "last_level", "levels" };
    const cJSON *root = doc->root;
    int before = doc->sink->count;
    static const long formats[] = {1, PROGRESS_FORMAT}; /* 1: before gems and totals */
    long format, unlocked;
    const cJSON *v = json_need(doc, root, "format");
    if (save_format_is_newer(v, PROGRESS_FORMAT)) {
        char got[64];
        json_describe(v, got, sizeof got);
        json_error(doc, v, "this version reads format %d, not %s", PROGRESS_FORMAT, got);
        return false;
    }
    if (!json_want_int_in(doc, v, formats, SAVE_COUNT(formats), &format))
        return false;
    json_check_keys(doc, root, known, SAVE_COUNT(known));
    if (json_want_int(doc, json_need(doc, root, "unlocked"), 1, PROGRESS_MAX_LEVELS, &unlocked))
        p->unlocked = (int)unlocked;
    const cJSON *last = json_get(root, "last_level");
    if (last != NULL)
        save_want_string(doc, last, check_id_or_empty, p->last_level, PROGRESS_ID_MAX);
    const cJSON *levels = json_get(root, "levels");
    if (levels == NULL || !json_want_object(doc, levels))
        return doc->sink->count == before;
    for (const cJSON *item = levels->child; item != NULL; item = item->next) {
        const char *why;
        if (!check_id(item->string, PROGRESS_ID_MAX, &why)) {
            char q[PROGRESS_ID_MAX + 4];
            json_quote(item->string, q, sizeof q);
            json_error_key(doc, item, "level id \"%s\": %s", q, why);
            continue;
        }
        if (p->level_count >= PROGRESS_MAX_LEVELS) {
            json_error_key(doc, item, "more than %d levels", PROGRESS_MAX_LEVELS);
            break;
        }
        LevelRecord *rec = &p->levels[p->level_count++];
        memset(rec, 0, sizeof *rec);
        strcpy(rec->id, item->string);
        read_record(doc, item, rec);
    }
    return doc->sink->count == before;
}

SaveLoad progress_load(const char *path, Progress *p, SaveNotices *notices)
{
    SaveReader r;
    progress_defaults(p);
    save_reader_init(&r);
    SaveLoad result = save_load_json(&r, path, "progress", notices);
    if (result == SAVE_LOADED && !read_progress(&r.doc, p)) {
        progress_defaults(p);
        result = save_recover(&r, path, "progress", notices);
    }
    save_reader_fini(&r);
    return result;
}

bool progress_parse(const char *text, size_t len, Progress *p, char *err, size_t errlen)
{
    SaveReader r;
    progress_defaults(p);
    save_reader_init(&r);
    bool ok = save_reader_parse(&r, text, len) && read_progress(&r.doc, p);
    if (!ok) {
        progress_defaults(p);
        save_reader_problem(&r, err, errlen);
    }
    save_reader_fini(&r);
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
            || (rec->completed && rec->best_ticks == 0)
            || (rec->completed && rec->totals_known
                && (rec->most_coins > rec->coins_total || rec->most_gems > rec->gems_total))) {
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
        if (rec->completed) {
            save_buf_printf(&b, ": { \"completed\": true, \"best_ticks\": %lu, \"fewest_deaths\": %lu,"
                            " \"most_coins\": %lu, \"most_gems\": %lu", (unsigned long)rec->best_ticks,
                            (unsigned long)rec->fewest_deaths, (unsigned long)rec->most_coins,
                            (unsigned long)rec->most_gems);
            if (rec->totals_known)
                save_buf_printf(&b, ", \"coins_total\": %lu, \"gems_total\": %lu",
                                (unsigned long)rec->coins_total, (unsigned long)rec->gems_total);
            save_buf_puts(&b, " }");
        } else
            save_buf_puts(&b, ": { \"completed\": false, \"best_ticks\": 0, \"fewest_deaths\": 0,"
                          " \"most_coins\": 0 }");
    }
    save_buf_puts(&b, p->level_count > 0 ? "\n  }\n}\n" : "}\n}\n");
    bool ok = save_buf_commit(&b, path, err, errlen);
    save_buf_fini(&b);
    return ok;
}
