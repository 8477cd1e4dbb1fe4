/*
** game.h -- the front end as one object: screens, the level being played,
** its camera and effects, saves, recording and playback.
**
** It draws through an SDL_Renderer it is given and never opens a window, so
** the game, the screenshot mode and the tests share it. Whatever touches
** the window (full screen, scale) or the sound device goes through hooks.
*/
#ifndef GAME_H
#define GAME_H

#include "hud.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

struct Settings;

typedef enum GameSound {
    SOUND_JUMP,
    SOUND_LAND,
    SOUND_COIN,
    SOUND_DEATH,
    SOUND_CHECKPOINT,
    SOUND_SWITCH,
    SOUND_STOMP,
    SOUND_COMPLETE,
    SOUND_MENU_MOVE,
    SOUND_MENU_OK,
    SOUND_MENU_BACK,
    SOUND_COUNT
} GameSound;

/* What the game asks of the window and the sound device. Any may be NULL. */
typedef struct GameHooks {
    void *ctx;
    void (*set_fullscreen)(void *ctx, bool on);
    void (*set_scale)(void *ctx, int scale);     /* 0: fit the screen */
    void (*play)(void *ctx, GameSound sound);
    void (*set_volume)(void *ctx, int master, int sfx, bool mute);
    /* the music for the screen: "title", or a level's background name */
    void (*play_music)(void *ctx, const char *track);
} GameHooks;

typedef struct GameOptions {
    const char *argv0;         /* to find the data folder */
    const char *level_path;    /* --level: play this file, with hot reload */
    const char *replay_path;   /* --replay: play these inputs back */
    const char *record_path;   /* --record: write the inputs played */
    bool transient;            /* screenshots: read saves, never write them */
    const struct Settings *settings; /* read already (the window needs vsync before the
                                        renderer); NULL: game_create reads them */
} GameOptions;

typedef struct Game Game;

/* Reads settings.json from the player's data folder: the defaults when there
** is none; a corrupt one is kept aside and reported on stderr. */
void game_read_settings(struct Settings *s);

/* Loads the atlas, settings (unless given), progress and campaign (or the
** level of --level / --replay). Returns NULL with one message naming the file on a
** fatal problem (missing or broken atlas, campaign, replay). */
Game *game_create(SDL_Renderer *renderer, const GameOptions *opt, const GameHooks *hooks,
                  char *err, size_t errlen);
/* Writes what must be written (settings, a recording) and frees everything. */
void game_destroy(Game *game);

/* The settings read at start, for the window (scale, full screen, vsync). */
const struct Settings *game_settings(const Game *game);

/* Feeds one SDL event (keys, buttons, axes, controller hot-plug). */
void game_event(Game *game, const SDL_Event *ev);
/* Advances by a frame of real time: menus, fixed ticks, camera, effects. */
void game_update(Game *game, double frame_seconds);
/* Runs exactly n ticks of the level (screenshots); returns the ticks run. */
int game_run_ticks(Game *game, int n);
/* Draws the current frame into the renderer's 480x270 logical area. */
void game_draw(Game *game);
/* True once the player chose Quit. */
bool game_wants_quit(const Game *game);
/* The frame rate the window measured, for the F3 overlay. */
void game_set_fps(Game *game, float fps);

/* For tests and the screenshot: the draw calls and quads of the last frame. */
int game_last_draw_calls(const Game *game);
/* True while a level is being played (not a menu, not an error). */
bool game_in_level(const Game *game);
/* The errors of the level that failed to load or reload, or "". */
const char *game_error_text(const Game *game);
/* For tests: the level's simulation (NULL when none), the atlas, and the
** view (top-left in level pixels) of the last game_draw. */
Sim *game_sim(Game *game);
const RenderAtlas *game_atlas(const Game *game);
void game_last_view(const Game *game, int *x, int *y);

#endif
