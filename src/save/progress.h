/* SPDX-License-Identifier: Zlib */
/*
** progress.h -- how far the player has got: unlocked levels, bests, and
** what each level held when it was completed.
**
** Stored as progress.json. Levels are known by id: the level's file name as
** listed in the campaign ("01-first-steps.json"), so records survive the
** campaign being reordered. A plain value: no heap, copy it freely.
*/
#ifndef PROGRESS_H
#define PROGRESS_H

#include "save.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    PROGRESS_MAX_LEVELS = 128,
    PROGRESS_ID_MAX = 64,        /* bytes of a level id, with the NUL */
};

typedef struct LevelRecord {
    char id[PROGRESS_ID_MAX];
    bool completed;
    uint32_t best_ticks;         /* fastest completion, in simulation ticks */
    uint32_t fewest_deaths;      /* fewest deaths in a completion */
    uint32_t most_coins;         /* most coins collected in a completion */
    uint32_t most_gems;          /* most gems collected in a completion */
    /* The coins and gems the level held at its last completion, so that a
    ** screen can say "3/5" without loading it. A record of a version that
    ** did not keep them has none until the level is completed again. */
    bool totals_known;
    uint32_t coins_total, gems_total;
} LevelRecord;

typedef struct Progress {
    int unlocked;                /* campaign levels 0 .. unlocked-1 are open; >= 1 */
    char last_level[PROGRESS_ID_MAX]; /* id of the level last played, for Continue; "" if none */
    int level_count;
    LevelRecord levels[PROGRESS_MAX_LEVELS];
} Progress;

/* One completion of a level. */
typedef struct LevelRun {
    uint32_t ticks;              /* >= 1 */
    uint32_t deaths;
    uint32_t coins;              /* banked by the end: at most coins_total */
    uint32_t gems;               /* at most gems_total */
    uint32_t coins_total, gems_total; /* what the level holds */
} LevelRun;

/* Which bests a completion improved (bits). */
enum {
    PROGRESS_FIRST_CLEAR = 1,
    PROGRESS_BEST_TIME = 2,
    PROGRESS_BEST_DEATHS = 4,
    PROGRESS_BEST_COINS = 8,
    PROGRESS_BEST_GEMS = 16,
};

/* Nothing played: the first level open. */
void progress_defaults(Progress *p);

/* Reads progress.json, all or nothing: missing gives defaults silently;
** unreadable or invalid in any way gives defaults, the file is renamed to
** PATH.bad-N, and one notice added to notices (may be NULL) says what was
** wrong and names the copy kept: "PATH:3:15: unlocked: expected ...; using
** default progress (the file was kept as PATH.bad-1)". */
SaveLoad progress_load(const char *path, Progress *p, SaveNotices *notices);

/* The same rules on text in memory, with no file touched: for tests and
** fuzzing. On failure *p holds the defaults and err says why. */
bool progress_parse(const char *text, size_t len, Progress *p, char *err, size_t errlen);

/* Writes progress.json atomically; false with a message on failure, the old
** file then unchanged. */
bool progress_save(const char *path, const Progress *p, char *err, size_t errlen);

/* The record of a level, or NULL if it has none. Owned by p. */
const LevelRecord *progress_find(const Progress *p, const char *level_id);

/* Whether campaign level `index` (from 0) may be played. */
bool progress_is_unlocked(const Progress *p, int index);

/* Records a completion: marks the level completed, keeps each best that the
** run beats (never makes one worse), keeps the level's totals, unlocks the
** campaign level after `campaign_index` (pass -1 for a level outside the
** campaign), and makes it the last level played. When the level's totals
** are not those of the record (the level was changed), the most coins and
** gems kept were of another level: this run's take their place. *improved
** (may be NULL) gets the PROGRESS_* bits. Returns false, changing nothing,
** for a malformed id, ticks of 0, more coins or gems than the totals, or
** when the table of levels is full. */
bool progress_record_completion(Progress *p, const char *level_id, int campaign_index,
                                LevelRun run, unsigned *improved);

/* Sets the level to offer on Continue; false for a malformed id. */
bool progress_set_last_level(Progress *p, const char *level_id);

/* Whether a string is acceptable as a level id. */
bool progress_valid_id(const char *level_id);

#endif
