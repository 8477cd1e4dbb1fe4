/* SPDX-License-Identifier: Zlib */
/*
** progress.c -- progress.json: strict reading, merging, writing, and bests.
**
** {
**   "format": 3,
**   "campaigns": {
**     "main": {
**       "unlocked": 3,
**       "last_level": "02-mind-the-gap.json",
**       "levels": {
**         "01-first-steps.json": { "completed": true, "best_ticks": 1520,
**                                  "fewest_deaths": 0, "most_coins": 5, "most_gems": 1,
**                                  "coins_total": 6, "gems_total": 1 },
**         "02-mind-the-gap.json": { "completed": true, ..., "assist": true }
**       }
**     },
**     "folder:/home/pip/my-campaign": { "unlocked": 1, "last_level": "", "levels": {} }
**   }
** }
**
** One record a campaign, by its id (progress.h); campaigns stay in the order
** they were first saved, so a record nobody touched is written back the
** same, byte for byte. A level that is not completed has no bests: its best
** fields are 0. Formats 1 and 2 held one record, with the campaign's fields
** at the top, that every campaign shared (and cut "unlocked" to its own
** length); read now, it is the main campaign's, and the next save writes
** format 3. Format 1 had neither most_gems nor the totals; a record without
** them reads with no gems and the totals unknown. coins_total and gems_total
** go together, and no best exceeds its total. "assist": true marks a level
** completed only with the Assist's help so far; it is written only then, so
** a player who never turns the Assist on keeps the file as it always was
** (one an older version reads), and a record without it reads as false.
**
** The game writes this file and nobody need edit it, so it is read all or
** nothing: a file with any problem is set aside whole (store.c). Saving
** reads the file again under a lock of its folder and merges (progress_save),
** so that two copies of the game never lose each other's completions.
*/
#define _XOPEN_SOURCE 700 /* strdup */
#include "progress.h"

#include "campaign.h"
#include "save_internal.h"

#include "json_message.h"
#include "json_utf8.h"

#include "array.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PROGRESS_FORMAT = 3 };

/* last_level: an id, or "" before any level was played. */
static bool check_id_or_empty(const char *s, size_t cap, const char **why)
{
    return s[0] == '\0' || save_valid_file_name(s, cap, why);
}

/* Whether a string is acceptable as a level id. */
static bool progress_valid_id(const char *level_id)
{
    const char *why;
    return level_id != NULL && save_valid_file_name(level_id, PROGRESS_ID_MAX, &why);
}

void progress_init(Progress *p)
{
    memset(p, 0, sizeof *p);
    p->unlocked = 1;
}

void progress_fini(Progress *p)
{
    free(p->levels);
    progress_init(p);
}

bool progress_copy(Progress *dst, const Progress *src)
{
    LevelRecord *levels = NULL;
    if (src->level_count > 0) {
        levels = malloc((size_t)src->level_count * sizeof *levels);
        if (levels == NULL)
            return false;
        memcpy(levels, src->levels, (size_t)src->level_count * sizeof *levels);
    }
    free(dst->levels);
    *dst = *src;
    dst->levels = levels;
    dst->level_cap = src->level_count;
    return true;
}

/* ---------------------------------------------------------------- campaign ids */

static bool check_campaign(const char *s, size_t cap, const char **why)
{
    size_t n = strlen(s);
    if (n == 0 || n >= cap) {
        *why = n == 0 ? "an empty campaign id" : "the campaign id is too long";
        return false;
    }
    for (size_t i = 0, k; i < n; i += k) { /* k is 1 for a control character */
        unsigned char c = (unsigned char)s[i];
        k = (size_t)json_utf8_len((const unsigned char *)s + i, n - i);
        if (c < 0x20 || c == 0x7F || k == 0) {
            *why = k == 0 ? "the campaign id is not valid UTF-8"
                          : "a control character in the campaign id";
            return false;
        }
    }
    return true;
}

bool progress_campaign_valid(const char *id)
{
    const char *why;
    return id != NULL && check_campaign(id, PROGRESS_CAMPAIGN_MAX, &why);
}

bool progress_campaign_pack(const char *name, char *out, size_t size)
{
    const char *why;
    if (!save_valid_file_name(name, 256, &why))
        return false;
    int n = snprintf(out, size, "pack:%s", name);
    return n > 0 && (size_t)n < size;
}

bool progress_campaign_folder(const char *path, char *out, size_t size)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = strlen(path), o = 0;
    const char *prefix = "folder:";
    size_t plen = strlen(prefix);
    if (size <= plen)
        return false;
    memcpy(out, prefix, plen);
    o = plen;
    for (size_t i = 0; i < n;) {
        const unsigned char c = (unsigned char)path[i];
        int k = c >= 0x80 ? json_utf8_len((const unsigned char *)path + i, n - i) : 1;
        bool plain = k > 0 && c >= 0x20 && c != 0x7F && c != '%';
        size_t need = plain ? (size_t)k : 3;
        if (o + need >= size)
            return false;
        if (plain) {
            memcpy(out + o, path + i, (size_t)k);
            i += (size_t)k;
        } else {
            out[o] = '%';
            out[o + 1] = hex[c >> 4];
            out[o + 2] = hex[c & 15];
            i++;
        }
        o += need;
    }
    out[o] = '\0';
    return o < PROGRESS_CAMPAIGN_MAX;
}

/* ---------------------------------------------------------------- records */

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

/* A new record with that id, zeroed, at the end of the list; NULL when out
** of memory. */
static LevelRecord *add_record(Progress *p, const char *level_id)
{
    size_t cap = (size_t)p->level_cap;
    LevelRecord *grown = array_grow(p->levels, &cap, (size_t)p->level_count + 1, sizeof *grown);
    if (grown == NULL || cap > INT_MAX)
        return NULL;
    p->levels = grown;
    p->level_cap = (int)cap;
    LevelRecord *rec = &p->levels[p->level_count++];
    memset(rec, 0, sizeof *rec);
    snprintf(rec->id, sizeof rec->id, "%s", level_id);
    return rec;
}

/* Levels 0 .. index + 1 open: the one after a completed campaign level. */
static void unlock_after(Progress *p, int index)
{
    if (index >= 0 && index + 2 > p->unlocked)
        p->unlocked = index + 2 > PROGRESS_MAX_UNLOCKED ? PROGRESS_MAX_UNLOCKED : index + 2;
}

bool progress_record_completion(Progress *p, const char *level_id, int campaign_index, LevelRun run,
                                unsigned *improved)
{
    if (improved != NULL)
        *improved = 0;
    if (!progress_valid_id(level_id) || run.ticks == 0 || run.coins > run.coins_total ||
        run.gems > run.gems_total)
        return false;
    LevelRecord *rec = (LevelRecord *)progress_find(p, level_id);
    if (rec == NULL && (rec = add_record(p, level_id)) == NULL)
        return false;
    /* the coins and gems kept were counted in another level than this one */
    bool changed = rec->totals_known
                       ? rec->coins_total != run.coins_total || rec->gems_total != run.gems_total
                       : rec->most_coins > run.coins_total || rec->most_gems > run.gems_total;
    /* a first clear sets every best */
    bool first = !rec->completed;
    unsigned bits = first ? PROGRESS_FIRST_CLEAR : 0;
    rec->assisted = first ? run.assisted : rec->assisted && run.assisted;
    rec->completed = true;
    if (first || run.ticks < rec->best_ticks) {
        rec->best_ticks = run.ticks;
        bits |= PROGRESS_BEST_TIME;
    }
    if (first || run.deaths < rec->fewest_deaths) {
        rec->fewest_deaths = run.deaths;
        bits |= PROGRESS_BEST_DEATHS;
    }
    if (first || changed || run.coins > rec->most_coins) {
        rec->most_coins = run.coins;
        bits |= PROGRESS_BEST_COINS;
    }
    if (first || changed || run.gems > rec->most_gems) {
        rec->most_gems = run.gems;
        bits |= PROGRESS_BEST_GEMS;
    }
    rec->totals_known = true;
    rec->coins_total = run.coins_total;
    rec->gems_total = run.gems_total;
    unlock_after(p, campaign_index);
    strcpy(p->last_level, level_id);
    if (improved != NULL)
        *improved = bits;
    return true;
}

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* The better of two records of one level, into a. Where the two were of
** different versions of the level (other totals), a's coins and gems stand:
** they cannot be compared. */
static void merge_record(LevelRecord *a, const LevelRecord *b)
{
    if (!b->completed)
        return;
    if (!a->completed) {
        *a = *b;
        return;
    }
    a->best_ticks = MIN(a->best_ticks, b->best_ticks);
    a->fewest_deaths = MIN(a->fewest_deaths, b->fewest_deaths);
    a->assisted = a->assisted && b->assisted;
    if (a->totals_known && b->totals_known &&
        (a->coins_total != b->coins_total || a->gems_total != b->gems_total))
        return;
    if (!a->totals_known && b->totals_known) {
        a->totals_known = true;
        a->coins_total = b->coins_total;
        a->gems_total = b->gems_total;
        /* a's may be of an older version of the level, past its totals */
        if (a->most_coins > a->coins_total || a->most_gems > a->gems_total) {
            a->most_coins = b->most_coins;
            a->most_gems = b->most_gems;
            return;
        }
    }
    uint32_t coins = MAX(a->most_coins, b->most_coins), gems = MAX(a->most_gems, b->most_gems);
    if (!a->totals_known || (coins <= a->coins_total && gems <= a->gems_total)) {
        a->most_coins = coins;
        a->most_gems = gems;
    }
}

bool progress_merge(Progress *into, const Progress *from)
{
    if (from->unlocked > into->unlocked)
        into->unlocked = from->unlocked;
    for (int i = 0; i < from->level_count; i++) {
        const LevelRecord *b = &from->levels[i];
        LevelRecord *a = (LevelRecord *)progress_find(into, b->id);
        if (a == NULL) {
            if ((a = add_record(into, b->id)) == NULL)
                return false;
            *a = *b;
        } else {
            merge_record(a, b);
        }
    }
    return true;
}

void progress_unlock_completed(Progress *p, const Campaign *c)
{
    for (int i = 0; i < c->count; i++) {
        const LevelRecord *rec = progress_find(p, c->levels[i].file);
        if (rec != NULL && rec->completed)
            unlock_after(p, i);
    }
}

/* ---------------------------------------------------------------- the file */

/* Every campaign's record, in the file's order. */
typedef struct Entry {
    char *id;
    Progress p;
} Entry;

typedef struct ProgressFile {
    Entry *list;
    int count;
    size_t cap;
} ProgressFile;

static void file_fini(ProgressFile *f)
{
    for (int i = 0; i < f->count; i++) {
        free(f->list[i].id);
        progress_fini(&f->list[i].p);
    }
    free(f->list);
    memset(f, 0, sizeof *f);
}

static Entry *file_find(ProgressFile *f, const char *campaign)
{
    for (int i = 0; i < f->count; i++)
        if (strcmp(f->list[i].id, campaign) == 0)
            return &f->list[i];
    return NULL;
}

/* A new record, a fresh start, at the end; NULL when out of memory. */
static Entry *file_add(ProgressFile *f, const char *campaign)
{
    if (!array_reserve(f->list, f->cap, (size_t)f->count + 1))
        return NULL;
    char *id = strdup(campaign);
    if (id == NULL)
        return NULL;
    Entry *e = &f->list[f->count++];
    e->id = id;
    progress_init(&e->p);
    return e;
}

/* ---------------------------------------------------------------- reading */

/* Counts in a record: 0 to UINT32_MAX. */
_Static_assert(LONG_MAX >= UINT32_MAX, "a long holds every count of a record");

/* A count; one that older files do not have (not needed) is 0 when missing. */
static void read_count(JsonDoc *doc, const cJSON *rec, const char *key, bool needed, uint32_t *out)
{
    long x;
    const cJSON *v = needed ? json_need(doc, rec, key) : json_get(rec, key);
    if (json_want_int(doc, v, 0, (long)UINT32_MAX, &x))
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
        "completed", "best_ticks",  "fewest_deaths", "most_coins",
        "most_gems", "coins_total", "gems_total",    "assist",
    };
    if (!json_want_object(doc, item))
        return;
    int before = doc->sink->count;
    json_check_keys(doc, item, known, SAVE_COUNT(known));
    json_want_bool(doc, json_need(doc, item, "completed"), &rec->completed);
    read_count(doc, item, "best_ticks", true, &rec->best_ticks);
    read_count(doc, item, "fewest_deaths", true, &rec->fewest_deaths);
    read_count(doc, item, "most_coins", true, &rec->most_coins);
    read_count(doc, item, "most_gems", false, &rec->most_gems);
    const cJSON *coins_total = json_get(item, "coins_total"),
                *gems_total = json_get(item, "gems_total");
    if ((coins_total == NULL) != (gems_total == NULL))
        json_error(doc, coins_total != NULL ? coins_total : gems_total,
                   "coins_total and gems_total go together: %s is missing",
                   coins_total != NULL ? "gems_total" : "coins_total");
    read_count(doc, item, "coins_total", false, &rec->coins_total);
    read_count(doc, item, "gems_total", false, &rec->gems_total);
    rec->totals_known = coins_total != NULL && gems_total != NULL;
    const cJSON *assist = json_get(item, "assist");
    if (assist != NULL)
        json_want_bool(doc, assist, &rec->assisted);
    if (doc->sink->count != before)
        return;
    if (!rec->completed && rec->assisted)
        json_error(doc, assist, "not completed but assisted");
    if (rec->completed && rec->best_ticks == 0)
        json_error(doc, json_get(item, "best_ticks"), "must be at least 1 for a completed level");
    if (!rec->completed && (rec->best_ticks != 0 || rec->fewest_deaths != 0 ||
                            rec->most_coins != 0 || rec->most_gems != 0))
        json_error(doc, item, "not completed but has bests");
    else if (!rec->completed && rec->totals_known)
        json_error(doc, item, "not completed but has the level's totals");
    if (rec->completed && rec->totals_known) {
        check_best(doc, item, "most_coins", rec->most_coins, "coins_total", rec->coins_total);
        check_best(doc, item, "most_gems", rec->most_gems, "gems_total", rec->gems_total);
    }
}

/* One campaign's record: the object obj, whose keys besides the record's
** own are extra (the format, in the files of one record). */
static void read_campaign(JsonDoc *doc, const cJSON *obj, const char *const *extra, int extra_count,
                          Progress *p)
{
    const char *known[8] = {"unlocked", "last_level", "levels"};
    int count = 3;
    for (int i = 0; i < extra_count && count < SAVE_COUNT(known); i++)
        known[count++] = extra[i];
    long unlocked;
    json_check_keys(doc, obj, known, count);
    if (json_want_int(doc, json_need(doc, obj, "unlocked"), 1, PROGRESS_MAX_UNLOCKED, &unlocked))
        p->unlocked = (int)unlocked;
    const cJSON *last = json_get(obj, "last_level");
    if (last != NULL)
        save_want_string(doc, last, check_id_or_empty, p->last_level, PROGRESS_ID_MAX);
    const cJSON *levels = json_get(obj, "levels");
    if (levels == NULL || !json_want_object(doc, levels))
        return;
    for (const cJSON *item = levels->child; item != NULL; item = item->next) {
        const char *why;
        if (!save_valid_file_name(item->string, PROGRESS_ID_MAX, &why)) {
            char q[PROGRESS_ID_MAX + 4];
            json_quote(item->string, q, sizeof q);
            json_error_key(doc, item, "level id \"%s\": %s", q, why);
            continue;
        }
        LevelRecord *rec = add_record(p, item->string);
        if (rec == NULL) {
            json_error(doc, item, "out of memory");
            return;
        }
        read_record(doc, item, rec);
    }
}

/* Reads the whole document into *f; false when anything was reported. */
static bool read_file(JsonDoc *doc, ProgressFile *f)
{
    const cJSON *root = doc->root;
    int before = doc->sink->count;
    static const long formats[] = {1, 2, PROGRESS_FORMAT}; /* 1: before gems; 2: one record */
    long format;
    bool newer;
    if (!save_want_format(doc, json_need(doc, root, "format"), formats, SAVE_COUNT(formats),
                          &format, &newer))
        return false;
    if (format < 3) {
        static const char *const extra[] = {"format"};
        Entry *e = file_add(f, PROGRESS_MAIN);
        if (e == NULL) {
            json_error(doc, root, "out of memory");
            return false;
        }
        read_campaign(doc, root, extra, 1, &e->p);
        return doc->sink->count == before;
    }
    static const char *const known[] = {"format", "campaigns"};
    json_check_keys(doc, root, known, SAVE_COUNT(known));
    const cJSON *campaigns = json_need(doc, root, "campaigns");
    if (campaigns == NULL || !json_want_object(doc, campaigns))
        return false;
    for (const cJSON *item = campaigns->child; item != NULL; item = item->next) {
        const char *why;
        if (!check_campaign(item->string, PROGRESS_CAMPAIGN_MAX, &why)) {
            char q[80];
            json_quote(item->string, q, sizeof q);
            json_error_key(doc, item, "campaign \"%s\": %s", q, why);
            continue;
        }
        if (!json_want_object(doc, item))
            continue;
        Entry *e = file_add(f, item->string);
        if (e == NULL) {
            json_error(doc, item, "out of memory");
            return false;
        }
        read_campaign(doc, item, NULL, 0, &e->p);
    }
    return doc->sink->count == before;
}

/* The record of campaign in f, copied into p (a fresh start when f has
** none); false when out of memory. */
static bool take_campaign(ProgressFile *f, const char *campaign, Progress *p)
{
    progress_fini(p);
    Entry *e = file_find(f, campaign);
    return e == NULL || progress_copy(p, &e->p);
}

SaveLoad progress_load(const char *path, const char *campaign, Progress *p, SaveNotices *notices)
{
    SaveReader r;
    ProgressFile f = {0};
    progress_fini(p);
    atomic_remove_stale(path);
    save_reader_init(&r);
    SaveLoad result = save_load_json(&r, path, "progress", notices);
    if (result == SAVE_LOADED && !read_file(&r.doc, &f))
        result = save_recover(&r, path, "progress", notices);
    else if (result == SAVE_LOADED && !take_campaign(&f, campaign, p)) {
        if (notices != NULL)
            save_notices_add(notices, path, 0, 0,
                             "out of memory; using default progress for now"
                             " (the file is left as it is)");
        result = SAVE_UNREADABLE;
    }
    file_fini(&f);
    save_reader_fini(&r);
    return result;
}

bool progress_parse(const char *text, size_t len, const char *campaign, Progress *p, char *err,
                    size_t errlen)
{
    SaveReader r;
    ProgressFile f = {0};
    progress_fini(p);
    save_reader_init(&r);
    bool ok = save_reader_parse(&r, text, len) && read_file(&r.doc, &f);
    if (!ok)
        save_reader_problem(&r, err, errlen);
    else if (!take_campaign(&f, campaign, p)) {
        snprintf(err, errlen, "out of memory");
        ok = false;
    }
    file_fini(&f);
    save_reader_fini(&r);
    return ok;
}

/* ---------------------------------------------------------------- writing */

/* Whether p may be written: what the reader accepts, and nothing else. */
static bool well_formed(const Progress *p, const char *path, char *err, size_t errlen)
{
    if (p->unlocked < 1 || p->unlocked > PROGRESS_MAX_UNLOCKED || p->level_count < 0 ||
        (p->level_count > 0 && p->levels == NULL) ||
        (p->last_level[0] != '\0' && !progress_valid_id(p->last_level))) {
        snprintf(err, errlen, "cannot save %s: the progress is malformed", path);
        return false;
    }
    for (int i = 0; i < p->level_count; i++) {
        const LevelRecord *rec = &p->levels[i];
        if (!progress_valid_id(rec->id) || progress_find(p, rec->id) != rec ||
            (rec->completed && rec->best_ticks == 0) ||
            (rec->completed && rec->totals_known &&
             (rec->most_coins > rec->coins_total || rec->most_gems > rec->gems_total))) {
            snprintf(err, errlen, "cannot save %s: level record %d is malformed", path, i);
            return false;
        }
    }
    return true;
}

static void write_campaign(TextBuf *b, const char *id, const Progress *p)
{
    text_puts(b, "    ");
    save_buf_string(b, id);
    text_printf(b, ": {\n      \"unlocked\": %d,\n      \"last_level\": ", p->unlocked);
    save_buf_string(b, p->last_level);
    text_puts(b, ",\n      \"levels\": {");
    for (int i = 0; i < p->level_count; i++) {
        const LevelRecord *rec = &p->levels[i];
        text_puts(b, i > 0 ? ",\n        " : "\n        ");
        save_buf_string(b, rec->id);
        if (rec->completed) {
            text_printf(b,
                        ": { \"completed\": true, \"best_ticks\": %lu, \"fewest_deaths\": %lu,"
                        " \"most_coins\": %lu, \"most_gems\": %lu",
                        (unsigned long)rec->best_ticks, (unsigned long)rec->fewest_deaths,
                        (unsigned long)rec->most_coins, (unsigned long)rec->most_gems);
            if (rec->totals_known)
                text_printf(b, ", \"coins_total\": %lu, \"gems_total\": %lu",
                            (unsigned long)rec->coins_total, (unsigned long)rec->gems_total);
            if (rec->assisted)
                text_puts(b, ", \"assist\": true");
            text_puts(b, " }");
        } else
            text_puts(b, ": { \"completed\": false, \"best_ticks\": 0, \"fewest_deaths\": 0,"
                         " \"most_coins\": 0 }");
    }
    text_puts(b, p->level_count > 0 ? "\n      }\n    }" : "}\n    }");
}

static bool write_file(const ProgressFile *f, const char *path, char *err, size_t errlen)
{
    TextBuf b = {0};
    text_printf(&b, "{\n  \"format\": %d,\n  \"campaigns\": {", PROGRESS_FORMAT);
    for (int i = 0; i < f->count; i++) {
        text_puts(&b, i > 0 ? ",\n" : "\n");
        write_campaign(&b, f->list[i].id, &f->list[i].p);
    }
    text_puts(&b, f->count > 0 ? "\n  }\n}\n" : "}\n}\n");
    if (!b.oom && b.len > SAVE_MAX_FILE) {
        snprintf(err, errlen,
                 "cannot save %s: the progress of every campaign takes %zu bytes,"
                 " more than the %d the game reads back; the previous file is unchanged",
                 path, b.len, SAVE_MAX_FILE);
        free(b.p);
        return false;
    }
    return save_buf_commit(&b, path, err, errlen);
}

bool progress_save(const char *path, const char *campaign, Progress *p, SaveNotices *notices,
                   char *err, size_t errlen)
{
    if (!progress_campaign_valid(campaign)) {
        snprintf(err, errlen, "cannot save %s: the campaign id is malformed", path);
        return false;
    }
    if (!well_formed(p, path, err, errlen))
        return false;
    SaveLock lock;
    if (!save_lock_folder(path, &lock, err, errlen))
        return false;
    /* What the file holds now: another copy of the game may have saved. */
    ProgressFile f = {0};
    SaveReader r;
    save_reader_init(&r);
    bool ok = true;
    JsonRead got = save_reader_load(&r, path);
    if (got == JSON_READ_ERROR) {
        char problem[JSON_MESSAGE_MAX + 32];
        save_reader_problem(&r, problem, sizeof problem);
        snprintf(err, errlen,
                 "cannot save %s: reading it first (to keep what it holds) failed: %s;"
                 " the previous file is unchanged",
                 path, problem);
        ok = false;
    } else if (got == JSON_READ_FAILED || (got == JSON_READ_OK && !read_file(&r.doc, &f))) {
        save_recover(&r, path, "progress", notices);
        file_fini(&f);
    }
    if (ok) {
        Entry *e = file_find(&f, campaign);
        if ((e == NULL && (e = file_add(&f, campaign)) == NULL) || !progress_merge(p, &e->p) ||
            !progress_copy(&e->p, p)) {
            snprintf(err, errlen, "cannot save %s: out of memory; the previous file is unchanged",
                     path);
            ok = false;
        } else {
            ok = write_file(&f, path, err, errlen);
        }
    }
    file_fini(&f);
    save_reader_fini(&r);
    save_unlock_folder(&lock);
    return ok;
}
