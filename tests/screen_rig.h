/* SPDX-License-Identifier: Zlib */
/*
** screen_rig.h -- the whole front end on a software renderer, for the
** tests that drive it as a player would: open it on a surface the size of
** the logical screen, feed it keys, draw a frame, save that frame as a PNG
** to look at. Each test keeps its own hooks and files around it.
*/
#ifndef SCREEN_RIG_H
#define SCREEN_RIG_H

#if !defined(_XOPEN_SOURCE) || _XOPEN_SOURCE < 700
#error "screen_rig.h: define _XOPEN_SOURCE 700 before any include (setenv, symlink, realpath)"
#endif

#include "app.h"
#include "frontend.h"
#include "progress.h"
#include "render.h"

#include <SDL.h>
#include <SDL_image.h>
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct ScreenRig {
    SDL_Surface *target;
    SDL_Renderer *renderer;
    Frontend *game;
} ScreenRig;

/* hooks may be NULL (the front end then changes nothing outside itself). */
static inline void screen_open(ScreenRig *s, const FrontendOptions *opt, const FrontendHooks *hooks)
{
    s->target = SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(s->target);
    s->renderer = SDL_CreateSoftwareRenderer(s->target);
    ck_assert_ptr_nonnull(s->renderer);
    char err[1024];
    s->game = frontend_create(s->renderer, opt, hooks, err, sizeof err);
    ck_assert_msg(s->game != NULL, "%s", err);
}

static inline void screen_close(ScreenRig *s)
{
    frontend_destroy(s->game);
    SDL_DestroyRenderer(s->renderer);
    SDL_FreeSurface(s->target);
}

static inline void screen_draw(ScreenRig *s)
{
    SDL_SetRenderDrawColor(s->renderer, 0, 0, 0, 255);
    SDL_RenderClear(s->renderer);
    frontend_draw(s->game);
    SDL_RenderPresent(s->renderer);
}

static inline void screen_key(Frontend *g, SDL_Scancode code, bool down)
{
    SDL_Event ev = {0};
    ev.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    ev.key.keysym.scancode = code;
    frontend_event(g, &ev);
}

static inline void screen_tap(Frontend *g, SDL_Scancode code)
{
    screen_key(g, code, true);
    screen_key(g, code, false);
}

/* The scratch folder ctest names in XDG_DATA_HOME, made if missing, copied
   into OUT; false with a message naming TEST when it is not set. */
static inline bool screen_scratch(const char *test, char *out, size_t cap)
{
    const char *root = getenv("XDG_DATA_HOME");
    if (root == NULL || !*root) {
        fprintf(stderr, "%s: XDG_DATA_HOME names the scratch folder\n", test);
        return false;
    }
    if (mkdir(root, 0755) != 0 && errno != EEXIST) {
        perror(root);
        return false;
    }
    snprintf(out, cap, "%s", root);
    return true;
}

/* Writes the last frame drawn to FOLDER/shots/NAME.png. */
static inline void screen_save(const ScreenRig *s, const char *folder, const char *name)
{
    char path[1400];
    snprintf(path, sizeof path, "%s/shots", folder);
    ck_assert(mkdir(path, 0755) == 0 || errno == EEXIST);
    snprintf(path, sizeof path, "%s/shots/%s.png", folder, name);
    ck_assert_msg(IMG_SavePNG(s->target, path) == 0, "%s: %s", path, IMG_GetError());
}

/* progress.json's text holding one record, record (a JSON object: "{\"unlocked\":
** 3}"), as the record of the campaign of the data folder data_dir when the
** front end is given no program folder. */
static inline void screen_progress_text(const char *data_dir, const char *record, char *out,
                                        size_t cap)
{
    char id[PROGRESS_CAMPAIGN_MAX];
    ck_assert(app_campaign_id(data_dir, NULL, id, sizeof id));
    ck_assert_ptr_null(strpbrk(id, "\"\\")); /* written as it is */
    int n = snprintf(out, cap, "{\"format\": 3, \"campaigns\": {\"%s\": %s}}\n", id, record);
    ck_assert(n > 0 && (size_t)n < cap);
}

/* Writes text to path; the test fails when it cannot. */
static inline void screen_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "%s", path);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static inline void screen_make_dir(const char *path)
{
    ck_assert_msg(mkdir(path, 0755) == 0 || errno == EEXIST, "%s", path);
}

/* path made (again) a symbolic link to target, by its real path. */
static inline void screen_link(const char *target, const char *path)
{
    char real[PATH_MAX];
    ck_assert_ptr_nonnull(realpath(target, real));
    unlink(path);
    ck_assert_int_eq(symlink(real, path), 0);
}

/* dir (made when missing) as the player's $XDG_DATA_HOME, and the game's
** folder in it, where settings and progress go (ending in '/'), in pref. */
static inline void screen_player_folder(const char *dir, char *pref, size_t cap)
{
    screen_make_dir(dir);
    setenv("XDG_DATA_HOME", dir, 1);
    char *p = SDL_GetPrefPath("PipsPeak", "pips-peak");
    ck_assert_ptr_nonnull(p);
    snprintf(pref, cap, "%s", p);
    SDL_free(p);
}

/* SCRATCH/NAME made the player's folder (screen_player_folder), with no
** progress and SETTINGS as its settings.json (none when NULL). */
static inline void screen_fresh_player(const char *scratch, const char *name, const char *settings,
                                       char *pref, size_t cap)
{
    char dir[2048], path[2100];
    screen_make_dir(scratch);
    snprintf(dir, sizeof dir, "%s/%s", scratch, name);
    screen_player_folder(dir, pref, cap);
    snprintf(path, sizeof path, "%sprogress.json", pref);
    remove(path);
    snprintf(path, sizeof path, "%ssettings.json", pref);
    remove(path);
    if (settings)
        screen_write_file(path, settings);
}

#endif /* SCREEN_RIG_H */
