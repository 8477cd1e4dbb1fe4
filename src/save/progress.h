/* SPDX-License-Identifier: Zlib */
/*
** progress.h -- how far the player has got: unlocked levels, bests, and
** what each level held when it was completed, for each campaign played.
**
** Stored as progress.json, one record for each campaign, known by a
** campaign id that says where the campaign comes from, never how long it
** is: PROGRESS_MAIN for the game's own, "pack:NAME" for the pack in a
** packs/NAME/ folder, "folder:PATH" for a campaign played with --data PATH
** (progress_campaign_id_*). Within a campaign, levels are known by id: the
** level's file name as listed in the campaign ("01-first-steps.json"), so
** records survive the campaign being reordered, and a record of a level the
** campaign no longer lists is kept.
**
** A Progress is one campaign's record; it owns its list of levels (as many
** as the player finished: no cap but the file's size), so it is set up with
** progress_init and given back with progress_fini.
*/
#ifndef PROGRESS_H
#define PROGRESS_H

#include "save.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct Campaign;

enum {
    PROGRESS_MAX_UNLOCKED = 128,           /* a campaign's levels, at most: CAMPAIGN_MAX_LEVELS */
    PROGRESS_ID_MAX = 64,                  /* bytes of a level id, with the NUL */
    PROGRESS_CAMPAIGN_MAX = 3 * 4096 + 16, /* bytes of a campaign id, with the NUL */
};

/* The game's own campaign. */
#define PROGRESS_MAIN "main"

typedef struct LevelRecord {
    char id[PROGRESS_ID_MAX];
    bool completed;
    uint32_t best_ticks;    /* fastest completion, in simulation ticks */
    uint32_t fewest_deaths; /* fewest deaths in a completion */
    uint32_t most_coins;    /* most coins collected in a completion */
    uint32_t most_gems;     /* most gems collected in a completion */
    /* The coins and gems the level held at its last completion, so that a
    ** screen can say "3/5" without loading it. A record of a version that
    ** did not keep them has none until the level is completed again. */
    bool totals_known;
    uint32_t coins_total, gems_total;
    /* Every completion of the level so far was played with the Assist's
    ** help (a slower game speed, invincibility); one without it clears
    ** this. Records from before the Assist have it false. */
    bool assisted;
} LevelRecord;

typedef struct Progress {
    int unlocked;                     /* campaign levels 0 .. unlocked-1 are open; >= 1 */
    char last_level[PROGRESS_ID_MAX]; /* id of the level last played, for Continue; "" if none */
    int level_count;
    LevelRecord *levels; /* level_count records, owned */
    int level_cap;
} Progress;

/* One completion of a level. */
typedef struct LevelRun {
    uint32_t ticks; /* >= 1 */
    uint32_t deaths;
    uint32_t coins;                   /* banked by the end: at most coins_total */
    uint32_t gems;                    /* at most gems_total */
    uint32_t coins_total, gems_total; /* what the level holds */
    bool assisted;                    /* played with a slower game speed or invincibility */
} LevelRun;

/* Which bests a completion improved (bits). */
enum {
    PROGRESS_FIRST_CLEAR = 1,
    PROGRESS_BEST_TIME = 2,
    PROGRESS_BEST_DEATHS = 4,
    PROGRESS_BEST_COINS = 8,
    PROGRESS_BEST_GEMS = 16,
};

/* Nothing played: the first level open, no records. */
void progress_init(Progress *p);
/* Frees the records; p is as progress_init leaves it. */
void progress_fini(Progress *p);
/* dst (initialised) becomes a copy of src; false when out of memory (dst
** then unchanged). */
bool progress_copy(Progress *dst, const Progress *src);

/* ---- Campaign ids ---- */

/* Whether a string may be a campaign id: 1 to PROGRESS_CAMPAIGN_MAX - 1
** bytes of UTF-8 without control characters. */
bool progress_campaign_valid(const char *id);
/* "pack:NAME" for the pack of the folder packs/NAME/ (a plain file name);
** false when name is not one or out is too small. */
bool progress_campaign_pack(const char *name, char *out, size_t size);
/* "folder:PATH" for a campaign read from the data folder at PATH (absolute,
** symbolic links resolved); a byte that cannot be text is written %XX, as
** is '%' itself. False when out is too small. */
bool progress_campaign_folder(const char *path, char *out, size_t size);

/* ---- progress.json ---- */

/* Reads the record of campaign from progress.json into p (initialised; what
** it held is replaced). The file is read all or nothing: a missing file, or
** one without that campaign, gives a fresh start silently; one that is
** invalid in any way gives a fresh start, is renamed to PATH.bad-N, and one
** notice added to notices (may be NULL) says what was wrong and names the
** copy kept: "PATH:3:15: unlocked: expected ...; using default progress (the
** file was kept as progress.json.bad-1)". One that cannot be read (EACCES,
** EMFILE) gives a fresh start for now and a notice; it is left where it is,
** and the next progress_save keeps what it holds. A file of format 1 or 2,
** from before campaigns had records of their own, is the record of
** PROGRESS_MAIN. Temporary files that a save killed half way left beside
** the file are removed first. */
SaveLoad progress_load(const char *path, const char *campaign, Progress *p, SaveNotices *notices);

/* The same rules on a whole file's text in memory, with no file touched:
** for tests and fuzzing. On failure *p holds a fresh start and err says why. */
bool progress_parse(const char *text, size_t len, const char *campaign, Progress *p, char *err,
                    size_t errlen);

/* Writes p as the record of campaign into progress.json, atomically, with
** the folder locked against another copy of the game doing the same: the
** file is read again first, the records of the other campaigns are written
** back as they were, and this campaign's record there is merged into p
** (each best the better of the two, the levels open the more, the records
** of both; last_level stays p's), so two copies of the game running at once
** never lose each other's completions. p then holds the merged record. A
** file found invalid at that point is kept aside (a notice says so, as for
** progress_load). Returns false with a message, the old file unchanged, when
** the write fails, when the file cannot be read first (writing then would
** lose what it holds), or when the progress would be larger than the game
** reads back (SAVE_MAX_FILE). */
bool progress_save(const char *path, const char *campaign, Progress *p, SaveNotices *notices,
                   char *err, size_t errlen);

/* ---- Records ---- */

/* The record of a level, or NULL if it has none. Owned by p. */
const LevelRecord *progress_find(const Progress *p, const char *level_id);

/* Whether campaign level `index` (from 0) may be played. */
bool progress_is_unlocked(const Progress *p, int index);

/* Records a completion: marks the level completed, keeps each best that the
** run beats (never makes one worse), keeps the level's totals, unlocks the
** campaign level after `campaign_index` (pass -1 for a level outside the
** campaign), and makes it the last level played; the record stays assisted
** only while every completion was. When the level's totals
** are not those of the record (the level was changed), the most coins and
** gems kept were of another level: this run's take their place. *improved
** (may be NULL) gets the PROGRESS_* bits. Returns false, changing nothing,
** for a malformed id, ticks of 0, more coins or gems than the totals, or
** when out of memory. */
bool progress_record_completion(Progress *p, const char *level_id, int campaign_index, LevelRun run,
                                unsigned *improved);

/* Adds from's records into into: a level only one has is copied, a level
** both completed keeps the better of each best (and is assisted only if
** both were), and unlocked becomes the larger; into's last_level stays. False when out of memory (into then
** holds part of from's records, each whole). */
bool progress_merge(Progress *into, const Progress *from);

/* Opens every level of campaign c after one completed: a record whose
** "unlocked" was cut short (by an earlier version that shared one record
** among campaigns) is whole again. Never closes a level. */
void progress_unlock_completed(Progress *p, const struct Campaign *c);

/* Sets the level to offer on Continue; false for a malformed id. */
bool progress_set_last_level(Progress *p, const char *level_id);

#endif
