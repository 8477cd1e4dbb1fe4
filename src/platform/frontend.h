/* SPDX-License-Identifier: Zlib */
/*
** frontend.h -- the front end as one object: screens, the level being played,
** its camera and effects, saves, recording and playback.
**
** It draws through an SDL_Renderer it is given and never opens a window, so
** the game, the screenshot mode and the tests share it. Whatever touches
** the window (full screen, scale) or the sound device goes through hooks.
*/
#ifndef FRONTEND_H
#define FRONTEND_H

#include "hud.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

struct Settings;
struct SaveNotices;

/* What the game asks of the window and the sound device. Any may be NULL. */
typedef struct FrontendHooks {
    void *ctx;
    void (*set_fullscreen)(void *ctx, bool on);
    void (*set_scale)(void *ctx, int scale); /* 0: fit the screen */
    /* the largest window scale that fits the display (NULL: any of
    ** 1..SETTINGS_SCALE_MAX), which Options offers at most */
    int (*max_scale)(void *ctx);
    void (*play)(void *ctx, Sound sound);
    /* each 0..100; music and effects are each under master and mute */
    void (*set_volume)(void *ctx, int master, int sfx, int music, bool mute);
    /* the music for the screen, a track of assets/music/ by name: "title",
    ** a level's background (its world's track), "peak" at the end */
    void (*play_music)(void *ctx, const char *track);
} FrontendHooks;

typedef struct FrontendOptions {
    const char *program;             /* the name the program was started as, for messages;
                                  NULL: "pips-peak" */
    const char *data_dir;            /* --data: the game's data folder; NULL: look for it */
    const char *base_path;           /* the program's folder (SDL_GetBasePath), or NULL;
                                  both as app_find_data takes them */
    const char *level_path;          /* --level: play this file, with hot reload */
    const char *replay_path;         /* --replay: play these inputs back */
    const char *record_path;         /* --record: write the inputs played */
    const char *edit_path;           /* --edit: the level editor on this file (a new level
                                  when it does not exist) */
    bool transient;                  /* screenshots: read saves, never write them */
    const struct Settings *settings; /* read already (the window needs vsync before the
                                        renderer); NULL: frontend_create reads them */
    const struct SaveNotices *settings_notices; /* what that read found wrong, to show */
} FrontendOptions;

typedef struct Frontend Frontend;

/* Reads settings.json from the player's data folder: the defaults when there
** is none; a corrupt one is kept aside. What it found wrong is printed on
** stderr (after program's name) and added to notices (may be NULL), for
** frontend_create to show. */
void frontend_read_settings(struct Settings *s, struct SaveNotices *notices, const char *program);

/* The player's data folder, ending in '/', made when missing (SDL's
** preference folder: $XDG_DATA_HOME/PipsPeak/pips-peak/); SDL_free it.
** NULL when there is none. */
char *frontend_user_folder(void);

/* Loads the atlas, settings (unless given), progress and campaign (or the
** level of --level / --replay). Returns NULL with one message naming the file on a
** fatal problem (missing or broken atlas, campaign, replay). */
Frontend *frontend_create(SDL_Renderer *renderer, const FrontendOptions *opt,
                          const FrontendHooks *hooks, char *err, size_t errlen);
/* Writes what must be written (settings, a recording) and frees everything. */
void frontend_destroy(Frontend *game);

/* The settings read at start, for the window (scale, full screen, vsync). */
const struct Settings *frontend_settings(const Frontend *game);

/* Feeds one SDL event (keys, buttons, axes, controller hot-plug). */
void frontend_event(Frontend *game, const SDL_Event *ev);
/* Advances by a frame of real time: menus, fixed ticks, camera, effects. */
void frontend_update(Frontend *game, double frame_seconds);
/* Runs exactly n ticks of the level (screenshots); returns the ticks run. */
int frontend_run_ticks(Frontend *game, int n);
/* Draws the current frame into the renderer's 480x270 logical area. */
void frontend_draw(Frontend *game);
/* True once the player chose Quit. */
bool frontend_wants_quit(const Frontend *game);
/* The frame rate the window measured, for the F3 overlay. */
void frontend_set_fps(Frontend *game, float fps);

/* The editor's level written to path (--save-as); false with a message. */
bool frontend_editor_save_as(Frontend *game, const char *path, char *err, size_t errlen);

/* True while a level is being played (not a menu, not an error). */
bool frontend_in_level(const Frontend *game);

#endif
