/* SPDX-License-Identifier: Zlib */
/*
** custom.c -- what the Custom levels screen lists, and a pack played as
** the game's own campaign is.
**
** The screens know one campaign, g->campaign, and one progress record,
** g->saves.progress: the level select, the cards, the unlocking, the end
** and the level counts all read those. Opening a pack puts its campaign
** and its own record (progress.json's "pack:NAME") in their place and
** keeps the game's aside until it is closed, so a pack plays with every
** rule of the campaign and nothing it does can touch the campaign's
** records. The player's own levels (levels/ beside the settings) have a
** record of their own too (progress.json's "levels"), in use while one of
** them is played: their bests, never an unlocking. Each record is saved as
** the game's own is (frontend.c), a failed save told and tried again.
**
** Showing Custom levels (and the title) closes whatever was open: the
** screens around them are the game's own campaign's.
*/
#include "frontend_internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void custom_user_dir(const Frontend *g, char *out, size_t size)
{
    const char *path = g->saves.settings_path;
    const char *slash = strrchr(path, '/');
    size_t n = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    if (n >= size)
        n = 0;
    memcpy(out, path, n);
    out[n] = '\0';
}

const char *custom_level_folder(const Frontend *g, const char *path, char *buf, size_t size)
{
    const PackInfo *pack = custom_pack(g);
    if (pack != NULL)
        return pack->dir;
    char user[APP_PATH_MAX];
    custom_user_dir(g, user, sizeof user);
    int n = snprintf(buf, size, "%slevels/", user);
    bool in_levels =
        user[0] != '\0' && n > 0 && (size_t)n < size && strncmp(path, buf, (size_t)n) == 0;
    return in_levels ? buf : NULL;
}

/* ---- records ---------------------------------------------------------------- */

/* Reads record `id` of progress.json into *p (initialised; a fresh start
** when there is none). */
static void load_record(Frontend *g, const char *id, Progress *p)
{
    if (g->saves.progress_path[0] == '\0')
        return;
    SaveNotices notices = {0};
    progress_load(g->saves.progress_path, id, p, &notices);
    save_notices_print(&notices, stderr, g->opt.program);
}

/* ---- the list --------------------------------------------------------------- */

static int by_file(const void *a, const void *b)
{
    return strcmp(((const CustomLevel *)a)->file, ((const CustomLevel *)b)->file);
}

/* Whether a file of the levels folder is a level to list: a level or a
** Tiled map by its name, not the other JSON files a folder of levels may
** hold. */
static bool level_file_name(const char *name)
{
    size_t n = strlen(name);
    bool json = n > 5 && strcmp(name + n - 5, ".json") == 0;
    bool tmj = n > 4 && strcmp(name + n - 4, ".tmj") == 0;
    return name[0] != '.' && (json || tmj) && n < CAMPAIGN_FILE_MAX &&
           strcmp(name, "campaign.json") != 0 && strcmp(name, "physics.json") != 0 &&
           strcmp(name, "pack.json") != 0 && (n < 12 || strcmp(name + n - 12, ".schema.json") != 0);
}

/* Reads the level at path for the list: its name and world, or its first error. */
static void read_level(Frontend *g, const char *path, const char *file, CustomLevel *lv,
                       LevelErrors *errors)
{
    LevelDesc desc = {0};
    level_errors_clear(errors);
    char own[APP_PATH_MAX];
    lv->ok = app_load_level(g->data_dir, path, custom_level_folder(g, path, own, sizeof own), &desc,
                            errors);
    if (lv->ok) {
        snprintf(lv->name, sizeof lv->name, "%s", desc.name[0] ? desc.name : file);
        snprintf(lv->world, sizeof lv->world, "%s", desc.background);
        leveldesc_fini(&desc);
        return;
    }
    snprintf(lv->name, sizeof lv->name, "%s", file);
    if (errors->count > 0)
        level_error_format(&errors->list[0], lv->error, sizeof lv->error);
    else
        snprintf(lv->error, sizeof lv->error, "%.1000s: the level does not load", path);
}

/* The player's own levels, sorted by file name. */
static void scan_levels(Frontend *g)
{
    Custom *c = g->custom;
    c->level_count = 0;
    char dir[APP_PATH_MAX + 16];
    snprintf(dir, sizeof dir, "%slevels/", c->user_dir);
    DIR *d = c->user_dir[0] ? opendir(dir) : NULL;
    if (d == NULL)
        return;
    LevelErrors *errors = malloc(sizeof *errors);
    for (struct dirent *e = readdir(d); e != NULL && errors != NULL; e = readdir(d)) {
        if (!level_file_name(e->d_name))
            continue;
        if (c->level_count >= CUSTOM_LEVELS_MAX)
            break; /* listed: the first CUSTOM_LEVELS_MAX the folder holds */
        CustomLevel *lv = &c->levels[c->level_count++];
        memset(lv, 0, sizeof *lv);
        snprintf(lv->file, sizeof lv->file, "%.*s", (int)sizeof lv->file - 1, e->d_name);
        char path[2 * APP_PATH_MAX];
        snprintf(path, sizeof path, "%s%s", dir, e->d_name);
        read_level(g, path, e->d_name, lv, errors);
    }
    free(errors);
    closedir(d);
    qsort(c->levels, (size_t)c->level_count, sizeof c->levels[0], by_file);
}

/* How many of each pack's levels its record has completed, and each of the
** player's levels' best time (p: room for a record). */
static void read_records(Frontend *g, Progress *p)
{
    Custom *c = g->custom;
    for (int i = 0; i < c->packs.count; i++) {
        char id[PACK_NAME_MAX + 8];
        c->pack_done[i] = 0;
        if (p == NULL || !c->packs.packs[i].ok ||
            !progress_campaign_pack(c->packs.packs[i].name, id, sizeof id))
            continue;
        load_record(g, id, p);
        int done = 0;
        for (int r = 0; r < p->level_count; r++)
            done += p->levels[r].completed;
        c->pack_done[i] =
            done < c->packs.packs[i].level_count ? done : c->packs.packs[i].level_count;
    }
    if (p == NULL)
        return;
    load_record(g, CUSTOM_LEVELS_RECORD, p);
    for (int i = 0; i < c->level_count; i++) {
        const LevelRecord *rec = progress_find(p, c->levels[i].file);
        c->levels[i].best_ticks = rec && rec->completed ? rec->best_ticks : 0;
    }
}

bool custom_scan(Frontend *g)
{
    if (g->custom == NULL) {
        g->custom = calloc(1, sizeof *g->custom);
        if (g->custom == NULL)
            return false;
        g->custom->open = -1;
    }
    custom_close(g);
    Custom *c = g->custom;
    custom_user_dir(g, c->user_dir, sizeof c->user_dir);
    PackRoots roots;
    pack_roots(c->user_dir, g->data_dir, &roots);
    if (!pack_list(&roots, &c->packs))
        c->packs.count = 0;
    scan_levels(g);
    Progress *p = malloc(sizeof *p);
    if (p != NULL)
        progress_init(p);
    read_records(g, p);
    if (p != NULL)
        progress_fini(p);
    free(p);
    return true;
}

/* ---- a pack ----------------------------------------------------------------- */

bool custom_open_pack(Frontend *g, int index)
{
    Custom *c = g->custom;
    if (c == NULL || index < 0 || index >= c->packs.count)
        return false;
    custom_close(g);
    PackInfo *p = &c->packs.packs[index];
    char id[PACK_NAME_MAX + 8];
    Campaign *campaign = malloc(sizeof *campaign);
    if (campaign == NULL || !progress_campaign_pack(p->name, id, sizeof id)) {
        free(campaign);
        return false;
    }
    /* read again: the folder may have changed since it was listed */
    char dir[CAMPAIGN_DIR_MAX];
    snprintf(dir, sizeof dir, "%s", p->dir);
    if (!pack_load(dir, p->name, p, campaign)) {
        free(campaign);
        return false;
    }
    c->main_campaign = g->campaign;
    g->campaign = campaign;
    frontend_use_record(g, id);
    progress_unlock_completed(&g->saves.progress, campaign);
    if (g->saves.progress.unlocked > campaign->count)
        g->saves.progress.unlocked = campaign->count;
    memset(&g->counts, 0, sizeof g->counts); /* the counts were of the other campaign */
    c->open = index;
    return true;
}

const PackInfo *custom_pack(const Frontend *g)
{
    return g->custom != NULL && g->custom->open >= 0 ? &g->custom->packs.packs[g->custom->open]
                                                     : NULL;
}

void custom_close(Frontend *g)
{
    Custom *c = g->custom;
    if (c == NULL)
        return;
    if (c->open >= 0) {
        free(g->campaign);
        g->campaign = c->main_campaign;
        c->main_campaign = NULL;
        frontend_main_record(g);
        memset(&g->counts, 0, sizeof g->counts);
        c->open = -1;
    }
    if (c->own_record) {
        frontend_main_record(g);
        c->own_record = false;
    }
}

/* ---- the player's own levels --------------------------------------------------- */

void custom_play_level(Frontend *g, int index)
{
    Custom *c = g->custom;
    if (c == NULL || index < 0 || index >= c->level_count)
        return;
    custom_close(g);
    char path[2 * APP_PATH_MAX];
    snprintf(path, sizeof path, "%slevels/%s", c->user_dir, c->levels[index].file);
    frontend_use_record(g, CUSTOM_LEVELS_RECORD);
    c->own_record = true;
    session_start_level(g, path, "", -1, SCREEN_CUSTOM);
    g->session.own_level = true;
}

void custom_fini(Frontend *g)
{
    if (g->custom == NULL)
        return;
    custom_close(g);
    free(g->custom);
    g->custom = NULL;
}
