/* SPDX-License-Identifier: Zlib */
/*
** pack.h -- level packs: campaigns of levels the player adds to the game.
**
** A pack is a folder, packs/NAME/, holding a campaign.json in the
** campaign format (campaign.h), its levels beside it, optionally their
** replays, and optionally a pack.json saying what the pack is:
**   { "format": 1, "title": "Summit Trials", "author": "Pip's Peak",
**     "description": "Three short levels ...", "version": "1.0" }
** Every key but "format" may be left out; the title is then the folder's
** name. NAME, a plain file name, is the pack's id: its progress is kept
** under it (progress.json's "pack:NAME"), so a pack copied to another
** machine, or updated, keeps the player's records.
**
** Packs are looked for in the player's data folder (beside settings.json),
** in each folder of $XDG_DATA_DIRS (so that a distribution can ship packs
** in /usr/share/pips-peak/packs/) and in the game's data folder, where the
** game's own example pack is installed. A name found in an earlier folder
** hides the same name in a later one: the player's copy of a pack wins.
*/
#ifndef PACK_H
#define PACK_H

#include "campaign.h"

#include <stdbool.h>
#include <stddef.h>

enum {
    PACK_NAME_MAX = 64,         /* bytes of a pack's folder name, with the NUL */
    PACK_TEXT_MAX = 64,         /* bytes of a title, author or version, with the NUL */
    PACK_DESCRIPTION_MAX = 256, /* bytes of a description, with the NUL */
    PACK_ERROR_MAX = 2048,      /* bytes of a pack's first problem, with the NUL */
    PACK_ROOTS_MAX = 16,        /* folders looked in for packs */
    PACK_MAX = 64,              /* packs listed; more are counted */
};

/* What pack.json says. */
typedef struct PackMeta {
    char title[PACK_TEXT_MAX]; /* "" when pack.json gives none */
    char author[PACK_TEXT_MAX];
    char description[PACK_DESCRIPTION_MAX];
    char version[PACK_TEXT_MAX];
} PackMeta;

/* One pack as the game lists it. */
typedef struct PackInfo {
    char name[PACK_NAME_MAX];   /* its folder's name: its id */
    char dir[CAMPAIGN_DIR_MAX]; /* its folder, ending in '/' */
    PackMeta meta;              /* the title is the name when pack.json gives none */
    int level_count;            /* the campaign's levels; 0 when it failed */
    bool ok;                    /* pack.json and campaign.json read without a problem */
    char error[PACK_ERROR_MAX]; /* otherwise the first problem, "PATH:LINE:COL: MESSAGE" */
} PackInfo;

/* The folders packs are looked for in, in order. */
typedef struct PackRoots {
    int count;
    char dirs[PACK_ROOTS_MAX][CAMPAIGN_DIR_MAX]; /* each ending in '/' */
} PackRoots;

/* The packs found, sorted by name. */
typedef struct PackList {
    int count;
    int dropped; /* found past PACK_MAX */
    PackInfo packs[PACK_MAX];
} PackList;

/* Reads pack.json strictly (a missing file is no problem: *m is then all
** "") and reports every problem as campaign_read does. True when there was
** none; *m then holds what it says. */
bool pack_read_meta(const char *path, PackMeta *m, CampaignReport report, void *ctx);

/* Reads the pack in folder dir (ending in '/' or not) named name: its
** pack.json and its campaign, into *c (may be NULL when only the listing
** is wanted). False when either has a problem; out->error then says the
** first, and c is empty. */
bool pack_load(const char *dir, const char *name, PackInfo *out, Campaign *c);

/* The folders to look in: user_dir/packs/ (user_dir is the player's data
** folder, the one settings.json is in; NULL or "" for none), then
** DIR/pips-peak/packs/ for each DIR of $XDG_DATA_DIRS (/usr/local/share and
** /usr/share when it is unset or empty), then data_dir/packs/ (the game's
** data; NULL for none). A folder that does not fit is left out. */
void pack_roots(const char *user_dir, const char *data_dir, PackRoots *out);

/* Every pack of the folders in roots, the first of each name, each read
** with pack_load (a folder without a campaign.json is listed with that
** problem); hidden folders and names that are not plain file names are
** passed over. False only when out of memory. */
bool pack_list(const PackRoots *roots, PackList *out);

/* Whether dir holds a campaign.json: a pack's folder. */
bool pack_is_folder(const char *dir);

/* ---- changing a pack (pack_edit.c) ---- */

/* Whether name may name a pack (a plain file name); false with why in err. */
bool pack_valid_name(const char *name, char *err, size_t errlen);

/* Lists file (a level already in dir, which ends in '/') at the end of the
** pack's campaign.json, titled title. A folder without a list becomes a
** pack: its campaign.json is made, and a pack.json titled name. A file
** listed already stays where it is. False with a message in err. */
bool pack_list_add(const char *dir, const char *name, const char *file, const char *title,
                   char *err, size_t errlen);

/* Takes file off the pack's list (the file itself stays). The last level
** leaving takes the list and pack.json with it (the folder is the
** caller's to remove once the file is out). Call it while the file is
** still in the pack's folder. */
bool pack_list_remove(const char *dir, const char *file, char *err, size_t errlen);

/* Moves the pack's level index by delta places (-1: one earlier); a move
** past either end changes nothing. */
bool pack_list_move(const char *dir, int index, int delta, char *err, size_t errlen);

#endif
