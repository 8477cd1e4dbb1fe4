/*
** game_internal.h -- the Game as game.c, session.c and screens.c share it.
**
** game.c runs the flow between screens (menus, options, events, start and
** shut down); session.c the level being played (loading, ticks, hot reload,
** recording and playback); screens.c draws every screen. Nothing outside
** those files includes this header, except the tests, for screens_tagline.
*/
#ifndef GAME_INTERNAL_H
#define GAME_INTERNAL_H

#include "game.h"

#include "app.h"
#include "camera.h"
#include "campaign.h"
#include "controls.h"
#include "effects.h"
#include "fixed_step.h"
#include "menu.h"
#include "progress.h"
#include "replay.h"
#include "settings.h"
#include "watch.h"

typedef enum Screen {
    SCREEN_TITLE,
    SCREEN_LEVELS,
    SCREEN_OPTIONS,
    SCREEN_BINDINGS,
    SCREEN_PLAY,
    SCREEN_PAUSE,
    SCREEN_COMPLETE,
    SCREEN_END,
    SCREEN_ERROR,
} Screen;

enum { ERROR_TEXT_MAX = 4096, TITLE_MAX = 96 };

struct Game {
    SDL_Renderer *renderer;
    GameOptions opt;
    GameHooks hooks;
    char data_dir[APP_PATH_MAX];

    RenderAtlas atlas;
    ClipTable clips;
    Batch batch;
    SpriteList sprites;
    Controls controls;

    Settings settings;
    char settings_path[APP_PATH_MAX];
    bool settings_dirty;
    Progress progress;
    char progress_path[APP_PATH_MAX];
    Campaign *campaign;         /* NULL when playing one file */

    Screen screen;
    Screen options_return;      /* where Back leads from the options */
    Menu menu;
    int capture;                /* action waiting for a key or button, or -1 */
    bool capture_pad;
    float screen_time;          /* s since the screen was shown */

    /* the level */
    bool have_level;
    LevelDesc level;
    Sim *sim;
    char level_path[APP_PATH_MAX];
    char level_title[TITLE_MAX];
    int campaign_index;         /* -1 outside the campaign */
    FixedStep step;
    Camera camera;
    Effects fx;
    float level_age;
    char error_text[ERROR_TEXT_MAX];

    /* hot reload */
    LevelWatch watch;
    float reload_poll;          /* seconds to the next look at the file */
    bool reload_now;            /* load it again whether it changed or not */

    /* replays */
    Replay playback;
    bool playing_back;
    size_t playback_pos;
    Replay record;
    bool recording;
    bool record_saved;

    /* the last completion */
    float celebrate;            /* s left before the level-complete card */
    LevelRun run;
    unsigned improved;
    uint32_t best_ticks;

    /* the F3 overlay (shown while settings.debug_overlay) */
    DebugStats stats;
    double tick_seconds;
    int tick_count;
    int last_draw_calls, last_quads;
    int view_x, view_y;         /* of the last frame drawn */
    bool exact;                 /* ticks were run without a frame: draw them at alpha 1 */
    bool quit;
};

/* ---- game.c: the flow between screens ---- */

/* Shows screen s: its menu rebuilt, nothing held, its clock at 0; the title
** asks for the title's music. */
void game_show(Game *g, Screen s);
void game_sound(Game *g, GameSound s);
/* Asks for a music track (the title's, a level's background) through the hooks. */
void game_music(Game *g, const char *track);
/* Writes progress.json (never for a transient game); a failure is logged. */
void game_save_progress(Game *g);

/* ---- session.c: the level being played ---- */

/* Loads path and plays it from its start (title "" takes the level's name),
** or shows its errors. campaign_index is -1 outside the campaign. */
void session_start_level(Game *g, const char *path, const char *title, int campaign_index);
/* Campaign level `index`, titled "N - TITLE". */
void session_start_campaign_level(Game *g, int index);
/* The same level again from its start. */
void session_restart(Game *g);
/* Hot reload: looks at the level file now and then and swaps a saved
** version in (only for --level, never in the campaign or a playback). */
void session_poll_reload(Game *g, float dt);
/* A frame of real time on the level: ticks on the play screen, then
** effects and the camera on every screen that shows the level. */
void session_update(Game *g, double frame_seconds);
/* Opens --replay and prepares --record; false with a message on failure. */
bool session_setup_replays(Game *g, char *err, size_t errlen);
/* Writes the recording, once, if there is one to write. */
void session_write_recording(Game *g);
/* Frees the level, its Sim and the replays. */
void session_fini(Game *g);

/* ---- screens.c: drawing ---- */

/* "A CLIMB IN TWELVE LEVELS": the title's line under the name. */
void screens_tagline(int levels, char *out, size_t cap);

#endif
