/* SPDX-License-Identifier: Zlib */
/*
** frontend_internal.h -- the Frontend as frontend.c, session.c and screens.c
** share it, each part of it owned by one of them.
**
** frontend.c runs the flow between screens (menus, options, events, start
** and shut down) and owns the menus' state and the saves; session.c owns
** the level being played (loading, ticks, hot reload, recording and
** playback, the last completion); summary.c counts what the campaign's
** levels hold; screens.c draws every screen and keeps the figures of the
** last frame for the F3 overlay. Nothing outside those files includes this
** header, except the tests, which look into the Frontend's state.
*/
#ifndef FRONTEND_INTERNAL_H
#define FRONTEND_INTERNAL_H

#include "frontend.h"

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

/* The end of the campaign shows its totals this long (s) before the credits roll. */
#define END_TOTALS_SECONDS 8.0f

/* The player's files (frontend.c). */
typedef struct Saves {
    Settings settings;
    char settings_path[APP_PATH_MAX];
    bool settings_dirty;
    Progress progress;
    char progress_path[APP_PATH_MAX];
    /* what reading settings.json and progress.json found wrong, shown in a
    ** panel until the player has read it */
    SaveNotices notices;
    bool notices_pending;
} Saves;

/* The menu screens: title, level select, options, controls, pause (frontend.c). */
typedef struct Menus {
    Menu menu;
    Screen options_return;      /* where Back leads from the options */
    int capture;                /* action waiting for a key or button, or -1 */
    bool capture_pad;
    char note[160];             /* under the menu: what the last change did, or "" */
} Menus;

/* The level being played, from loading to its completion card (session.c). */
typedef struct Session {
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
    /* the sign's box: the text it shows (sim_text), kept while it fades
    ** out, and how far it is shown, 0..1 */
    int sign_text;
    float sign_shown;
    char error_text[ERROR_TEXT_MAX];
    bool exact;                 /* ticks were run without a frame: draw them at alpha 1 */
    InputIntent last_in;        /* the last tick's input, for the camera's look down */

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
    uint32_t best_ticks;        /* the saved best time of the level, 0: none saved */

    /* time spent in ticks, for the overlay */
    double tick_seconds;
    int tick_count;
} Session;

/* The coins and gems of the campaign's levels as their files hold them,
** counted when first asked for (summary.c). */
typedef struct LevelCounts {
    bool tried[CAMPAIGN_MAX_LEVELS], counted[CAMPAIGN_MAX_LEVELS];
    uint32_t coins[CAMPAIGN_MAX_LEVELS], gems[CAMPAIGN_MAX_LEVELS];
} LevelCounts;

/* The campaign in sums: the bests of the levels completed, and the coins and
** gems of every level. */
typedef struct CampaignSummary {
    int levels, completed;
    uint32_t ticks, deaths;         /* best times and fewest deaths, summed */
    uint32_t coins, coins_total;    /* most collected; what the levels hold */
    uint32_t gems, gems_total;
    bool all_counted;               /* false when a level's file could not be counted */
} CampaignSummary;

/* What the last frame drew (screens.c), for the F3 overlay and the tests. */
typedef struct FrameStats {
    DebugStats stats;
    int draw_calls, quads;
    int view_x, view_y;         /* top-left of the view, level pixels */
} FrameStats;

struct Frontend {
    SDL_Renderer *renderer;
    FrontendOptions opt;
    FrontendHooks hooks;
    char data_dir[APP_PATH_MAX];

    RenderAtlas atlas;
    ClipTable clips;
    Batch batch;
    SpriteList sprites;
    Controls controls;
    Campaign *campaign;         /* NULL when playing one file */

    Screen screen;
    float screen_time;          /* s since the screen was shown */
    bool quit;

    Saves saves;
    Menus menus;
    Session session;
    FrameStats frame;
    LevelCounts counts;
    /* the end of the campaign (frontend.c): its totals, and when the
    ** credits began to roll (screen time, s; < 0: the totals still show) */
    struct {
        CampaignSummary sum;
        float credits_at;
    } ending;
};

/* ---- frontend.c: the flow between screens ---- */

/* Shows screen s: its menu rebuilt, nothing held, its clock at 0, and its
** music asked for (the title's, the level's world's, the summit's). */
void frontend_show(Frontend *g, Screen s);
/* Plays a sound of assets/sounds.txt by name, through the hooks. */
void frontend_sound(Frontend *g, Sound sound);
/* Asks for a music track (the title's, a level's background) through the hooks. */
void frontend_music(Frontend *g, const char *track);
/* Writes progress.json (never for a transient game); a failure is logged. */
void frontend_save_progress(Frontend *g);
/* The notices as the panel shows them: where the files are, then each
** notice by the file's name alone ("settings.json:4:20: ..."). */
void frontend_notices_text(const Frontend *g, char *out, size_t cap);

/* ---- session.c: the level being played ---- */

/* Loads path and plays it from its start (title "" takes the level's name),
** or shows its errors. campaign_index is -1 outside the campaign. */
void session_start_level(Frontend *g, const char *path, const char *title, int campaign_index);
/* Campaign level `index`, titled "N - TITLE". */
void session_start_campaign_level(Frontend *g, int index);
/* The same level again from its start. */
void session_restart(Frontend *g);
/* Hot reload: looks at the level file now and then and swaps a saved
** version in (only for --level, never in the campaign or a playback). */
void session_poll_reload(Frontend *g, float dt);
/* A frame of real time on the level: ticks on the play screen, then
** effects and the camera on every screen that shows the level. */
void session_update(Frontend *g, double frame_seconds);
/* Opens --replay and prepares --record; false with a message on failure. */
bool session_setup_replays(Frontend *g, char *err, size_t errlen);
/* Writes the recording, once, if there is one to write. */
void session_write_recording(Frontend *g);
/* Frees the level, its Sim and the replays. */
void session_fini(Frontend *g);

/* ---- summary.c: the campaign in figures ---- */

/* The coins and gems campaign level `index` holds: as progress kept them at
** its last completion, else counted from its file. False (and 0s) when
** neither knows (the file does not load). */
bool summary_level_totals(Frontend *g, int index, uint32_t *coins, uint32_t *gems);
/* The sums over the whole campaign, for the end screen. */
void summary_campaign(Frontend *g, CampaignSummary *out);

/* ---- screens.c: drawing ---- */

/* Whether the level played is the campaign's last: its card leads to the end. */
bool screens_last_level(const Frontend *g);
/* The level-complete card's line of keys, from the bindings: "SPACE: NEXT
** LEVEL   ESCAPE: TITLE" (the last level's: CONTINUE, to the end; a level
** outside the campaign: PLAY AGAIN and QUIT). */
void screens_complete_keys(const Frontend *g, char *out, size_t cap);
/* How long the end's credits roll, s, from the bottom of the screen until
** their last line has left the top. */
float screens_credits_seconds(const Frontend *g);
/* "A CLIMB IN TWELVE LEVELS": the title's line under the name. */
void screens_tagline(int levels, char *out, size_t cap);

#endif
