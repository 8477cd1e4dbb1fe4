/* SPDX-License-Identifier: Zlib */
/*
** campaign.h -- the ordered list of levels the game is played through.
**
** levels/campaign.json, the levels grouped by world:
**   { "format": 1,
**     "worlds": [ { "name": "The Hills",
**                   "levels": [ { "file": "01-first-steps.json",
**                                 "title": "First Steps" }, ... ] }, ... ] }
** or, for a campaign of one world, the list alone:
**   { "format": 1, "levels": [ ... ] }
** File names are relative to the campaign file's folder and are also the
** levels' ids in progress.json. The levels are played in order, world after
** world.
*/
#ifndef CAMPAIGN_H
#define CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>

enum {
    CAMPAIGN_MAX_LEVELS = 128,
    CAMPAIGN_MAX_WORLDS = 16,
    CAMPAIGN_FILE_MAX = 64,  /* bytes of a file name, with the NUL */
    CAMPAIGN_TITLE_MAX = 64, /* bytes of a title (UTF-8), with the NUL */
    CAMPAIGN_DIR_MAX = 1024,
    /* A listed file larger than this is refused, as the level loader
    ** refuses it (LEVEL_MAX_FILE_BYTES). */
    CAMPAIGN_LEVEL_MAX_BYTES = 16 * 1024 * 1024,
};

typedef struct CampaignLevel {
    char file[CAMPAIGN_FILE_MAX];
    char title[CAMPAIGN_TITLE_MAX];
    int world; /* index into worlds */
} CampaignLevel;

typedef struct CampaignWorld {
    char name[CAMPAIGN_TITLE_MAX]; /* "" for the one world of a plain list */
    int first, count;              /* its levels: levels[first .. first + count) */
} CampaignWorld;

typedef struct Campaign {
    char dir[CAMPAIGN_DIR_MAX]; /* folder of the campaign file, "" for the current one */
    int count;                  /* >= 1 once loaded */
    CampaignLevel levels[CAMPAIGN_MAX_LEVELS];
    int world_count; /* >= 1 once loaded; every world has a level */
    CampaignWorld worlds[CAMPAIGN_MAX_WORLDS];
} Campaign;

/* Called once per problem of a campaign file, with its place (0, 0 for the
** whole file) and a message that starts with the JSON path of the value at
** fault ("levels[3].file: ..."). ctx is the caller's. */
typedef void (*CampaignReport)(void *ctx, int line, int col, const char *message);

/* Reads a campaign file strictly and reports every problem: a missing file,
** bad JSON, an unknown key, a wrong type, a file name with a folder in it, a
** repeated file, no levels at all, and a listed file that is missing or is
** not a level: the campaign itself, another campaign (a campaign lists
** levels, never campaigns, so no list can lead back to itself), a JSON
** schema, a Tiled tileset, physics.json, or a file with none of a level's
** fields. A file that is a level with errors of its own passes: those are
** the level loader's to tell. Returns true when there was no problem; *c
** then holds the campaign. Otherwise *c holds only the entries that had no
** problem (for a checker that goes on to check their levels), and is not a
** campaign to play. */
bool campaign_read(const char *path, Campaign *c, CampaignReport report, void *ctx);

/* campaign_read for the game: on error returns false, leaves *c empty and
** writes the first problem to err, "PATH:LINE:COL: problem" or "PATH:
** problem"; the game then does not start rather than play a list with a
** hole in it, or a file that is not a level. */
bool campaign_load(const char *path, Campaign *c, char *err, size_t errlen);

/* The path of level `index`: the campaign's folder joined with its file.
** False if index is out of range or the path does not fit. */
bool campaign_level_path(const Campaign *c, int index, char *out, size_t cap);

/* Index of the level with that file name, or -1. */
int campaign_find(const Campaign *c, const char *file);

#endif
