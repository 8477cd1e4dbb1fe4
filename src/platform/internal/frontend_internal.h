/* SPDX-License-Identifier: Zlib */
/*
** frontend_internal.h -- the Frontend as frontend.c, screens.c, session.c
** and custom.c share it, each part of it owned by one of them.
**
** One screen shows at a time, each a row of one table, SCREENS: frontend.c
** hands every event and frame to the row of the screen shown, and changes
** the screen at one point, as Doom's gameaction: a screen only asks for
** another (frontend_go, frontend_back), and the change is made once the
** event or the frame that asked is done with, so that no handler sees the
** screen change under it. frontend.c owns that, start-up and shut-down and
** the player's files; screens.c the screens; session.c the level being
** played (loading, ticks, hot reload, recording and playback, the last
** completion), the play screen's; custom.c the packs and the player's own
** levels. Nothing else includes this header but the tests.
*/
#ifndef FRONTEND_INTERNAL_H
#define FRONTEND_INTERNAL_H

#include "frontend.h"

#include "app.h"
#include "banking.h"
#include "camera.h"
#include "campaign.h"
#include "controls.h"
#include "effects.h"
#include "fixed_step.h"
#include "menu.h"
#include "pack.h"
#include "progress.h"
#include "replay.h"
#include "secrets.h"
#include "settings.h"
#include "watch.h"

typedef enum Screen {
    SCREEN_NONE = -1, /* no change asked for; as a back target, nowhere */
    SCREEN_TITLE,
    SCREEN_LEVELS,
    SCREEN_OPTIONS,
    SCREEN_BINDINGS,
    SCREEN_PLAY,
    SCREEN_PAUSE,
    SCREEN_COMPLETE,
    SCREEN_END,
    SCREEN_ERROR,
    SCREEN_CUSTOM, /* the packs and the player's own levels */
    SCREEN_PACK,   /* a pack's level select */
    SCREEN_MAKE,   /* Make levels: the user's levels, a new one, the game's */
    SCREEN_EDITOR,
    SCREEN_ASSIST, /* Options > Assist: game speed, invincibility, every level */
    SCREEN_COUNT,
    SCREEN_FROM = SCREEN_COUNT, /* as a back target: the screen it was opened from */
} Screen;

/* A row of the screen table; only event and draw are never NULL. */
typedef struct ScreenDef {
    /* once it is shown, its clock at 0, nothing held, the menu empty: the
    ** screen's menu built, its state made ready */
    void (*enter)(Frontend *g);
    /* every event (mouse ones too; of the window's and the pads' comings
    ** and goings, only a loss: focus lost, a pad unplugged, all let go),
    ** with what the controls made of it (nothing while it grabs, .grab) */
    void (*event)(Frontend *g, const SDL_Event *ev, ControlsResult r);
    void (*update)(Frontend *g, double seconds); /* a frame (not under the notices) */
    void (*draw)(Frontend *g);
    void (*fini)(Frontend *g); /* frees what it owns, as the front end goes */
    Screen back;               /* where Back leads (every row says: 0 is the title) */
    /* a track of assets/music/, "" the level's world's, NULL what plays
    ** (a track asked for again plays on undisturbed) */
    const char *music;
    /* s before it takes OK and shows the keys that go on: a press meant for
    ** the screen before does not skip it */
    float wait;
} ScreenDef;

extern const ScreenDef SCREENS[SCREEN_COUNT];

enum { ERROR_TEXT_MAX = 4096, TITLE_MAX = 96 };

/* The end of the campaign shows its totals this long (s) before the credits roll. */
#define END_TOTALS_SECONDS 8.0f

/* The player's files (frontend.c). Each is written when it changed and
** stays dirty until a write succeeds: a failed save is told once, in the
** panel, and tried again at the next save and at quit. */
typedef struct Saves {
    Settings settings;
    char settings_path[APP_PATH_MAX]; /* "" while there is no folder for them */
    bool settings_dirty;
    Progress progress;                    /* the campaign's record */
    char campaign[PROGRESS_CAMPAIGN_MAX]; /* its id in progress.json */
    char progress_path[APP_PATH_MAX];
    bool progress_dirty;
    /* while a pack's record or the player's levels' is in use, the game's
    ** own waits here (and after, a record whose save failed, till it works) */
    Progress aside;
    char aside_campaign[PROGRESS_CAMPAIGN_MAX];
    bool aside_dirty;
    bool have_aside;
    bool failing; /* a save failed and was told; none has worked since */
    /* what reading settings.json and progress.json found wrong, or why a
    ** save failed, shown in a panel until the player has read it */
    SaveNotices notices;
    bool notices_pending;
    bool notices_unsaved; /* the panel tells of a failed save */
} Saves;

/* The menu screens: title, level select, options, controls, pause (screens.c). */
typedef struct Menus {
    Menu menu;
    int capture; /* action waiting for a key or button, or -1 */
    bool capture_pad;
    /* the key (button) pressed for a full action, waiting for the player
    ** to choose which of its own it replaces; -1: none */
    int replace_code;
    char note[160]; /* under the menu: what the last change did, or "" */
} Menus;

/* Where Pip died or finished in a run, for the editor to mark. */
typedef struct RunMark {
    int x, y; /* px */
    bool finished;
} RunMark;

enum { RUN_MARKS_MAX = 16 };

/* A sign's box fades in over SIGN_FADE_IN s as the player comes near the
** sign, stays SIGN_LINGER s once the player has gone, then fades out over
** SIGN_FADE_OUT s (session.c). */
#define SIGN_FADE_IN  0.15f
#define SIGN_LINGER   0.8f
#define SIGN_FADE_OUT 0.3f

/* The level being played, from loading to its completion card (session.c). */
typedef struct Session {
    bool have_level;
    LevelDesc level;
    Sim *sim;
    char level_path[APP_PATH_MAX];
    char level_title[TITLE_MAX];
    int campaign_index; /* -1 outside the campaign */
    FixedStep step;
    Camera camera;
    Effects fx;
    Banking bank;    /* the coins carried, flying to the counter or back */
    Secrets secrets; /* the secret tiles' regions, each faded while Pip is in it */
    float level_age;
    /* the sign's box: the text it shows (sim_text) and where the sign
    ** stands (level px, its top middle), kept while it lingers and fades
    ** out; how far it is shown, 0..1; s it lingers yet once Pip has gone */
    int sign_text;
    int sign_x, sign_y;
    float sign_shown;
    float sign_linger;
    char error_text[ERROR_TEXT_MAX];
    bool exact;          /* ticks were run without a frame: draw them at alpha 1 */
    bool assisted;       /* a tick of this run was played with the Assist's help */
    InputIntent last_in; /* the last tick's input, for the camera's look down */

    /* hot reload */
    LevelWatch watch;
    float reload_poll; /* seconds to the next look at the file */
    bool reload_now;   /* load it again whether it changed or not */

    /* replays */
    Replay playback;
    bool playing_back;
    size_t playback_pos;
    Replay record;
    bool recording;
    bool record_saved;

    /* the last completion */
    float celebrate; /* s left before the level-complete card */
    LevelRun run;
    unsigned improved;
    Screen leave_to;     /* where leaving the level leads; SCREEN_NONE: the game ends */
    bool own_level;      /* one of the player's own levels: its bests are kept */
    uint32_t best_ticks; /* the saved best time of the level, 0: none saved */

    /* a test run from the editor: Esc and the finish lead straight back,
    ** and where Pip died (the last RUN_MARKS_MAX times) or finished is kept */
    bool test_run;
    RunMark marks[RUN_MARKS_MAX];
    int mark_count;
    /* a test run from the level's start is recorded, as --record would,
    ** until it finishes; the editor can keep it beside the level */
    bool test_from_start;
    bool test_recording;
    bool test_finished; /* the recording holds a finished run */
    Replay test_inputs;
    uint64_t test_hash; /* sim_hash at the finish */

    /* time spent in ticks, for the overlay */
    double tick_seconds;
    int tick_count;
} Session;

/* The Custom levels screen's list and the pack open (custom.c). */
enum { CUSTOM_LEVELS_MAX = 64 };

/* One of the player's own levels, in the levels/ folder of their data. */
typedef struct CustomLevel {
    char file[CAMPAIGN_FILE_MAX];     /* its file name: its id in the folder's record */
    char name[TITLE_MAX];             /* the level's "name" */
    char world[LEVEL_BACKGROUND_MAX]; /* its background, whose world it is */
    uint32_t best_ticks;              /* its best time, 0 for none */
    bool ok;                          /* it loads; else error says why */
    char error[PACK_ERROR_MAX];
} CustomLevel;

typedef struct Custom {
    char user_dir[APP_PATH_MAX]; /* the player's data folder, ending in '/'; "" if none */
    PackList packs;
    int pack_done[PACK_MAX]; /* each pack's levels completed, from its record */
    int level_count;
    CustomLevel levels[CUSTOM_LEVELS_MAX];
    /* the pack open, -1 for none: its campaign is g->campaign and its record
    ** the progress in use, while the game's own wait in main_campaign and
    ** the Saves' aside */
    int open;
    Campaign *main_campaign;
    bool own_record; /* the record in use is the player's levels' */
} Custom;

/* The coins and gems of the campaign's levels as their files hold them,
** counted when first asked for (screens.c). */
typedef struct LevelCounts {
    bool tried[CAMPAIGN_MAX_LEVELS], counted[CAMPAIGN_MAX_LEVELS];
    uint32_t coins[CAMPAIGN_MAX_LEVELS], gems[CAMPAIGN_MAX_LEVELS];
} LevelCounts;

/* The campaign in sums: the bests of the levels completed, and the coins and
** gems of every level. */
typedef struct CampaignSummary {
    int levels, completed;
    uint32_t ticks, deaths;      /* best times and fewest deaths, summed */
    uint32_t coins, coins_total; /* most collected; what the levels hold */
    uint32_t gems, gems_total;
    bool all_counted; /* false when a level's file could not be counted */
} CampaignSummary;

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
    Campaign *campaign; /* NULL when playing one file */

    Screen screen;
    float screen_time; /* s since the screen was shown */
    bool grab;         /* the screen takes every event itself, the front end's
                                   own keys too (the controls screen waiting for a key) */
    Screen next;       /* the change asked for (SCREEN_NONE: none) */
    bool next_back;    /* ... by Back */
    /* how each screen was last opened, for Back: from which screen, with
    ** the cursor on which of its items (-1: none) */
    struct {
        Screen screen;
        int item;
    } opened_from[SCREEN_COUNT];
    bool quit;

    struct Editor *editor; /* the level editor's state (editor.c), made when first shown */

    Saves saves;
    Menus menus;
    Session session;
    Custom *custom; /* made when Custom levels is first shown */
    struct {        /* what the last frame drew (screens.c), for the F3 overlay and the tests */
        DebugStats stats;
        int view_x, view_y; /* top-left of the view, level pixels */
    } frame;
    LevelCounts counts;
    /* the end of the campaign (screens.c): its totals, its credits made as
    ** it is shown (a line each), and when they began to roll (screen time,
    ** s; < 0: the totals still show) */
    struct {
        CampaignSummary sum;
        int credit_count;
        struct {
            int style;
            char text[CAMPAIGN_TITLE_MAX + 16];
        } credits[CAMPAIGN_MAX_LEVELS + 2 * CAMPAIGN_MAX_WORLDS + 16];
        float credits_at;
    } ending;
};

/* ---- frontend.c: the change of screen, the player's files ---- */

/* Asks for screen s, shown from the end of this event or frame (the last
** ask wins): its clock at 0, nothing held, its music asked for. */
void frontend_go(Frontend *g, Screen s);
/* Asks for where Back leads from the screen shown, the cursor there on the
** item that led away; nothing when Back leads nowhere. */
void frontend_back(Frontend *g);
/* Plays one of the game's sounds (game/sound.h), through the hooks. */
void frontend_sound(Frontend *g, Sound sound);
/* Gives the volumes of the settings to the sound device. */
void frontend_apply_volume(Frontend *g);
/* Writes settings.json if a setting changed (as the screen changes, too),
** and anything else not yet saved; never for a transient game. A failure
** is told (once) and the write tried again at the next save and at quit. */
void frontend_save_settings(Frontend *g);
/* The progress changed: writes progress.json, and anything else not yet
** saved (never for a transient game); a failure is told (once) and the
** write tried again at the next save and at quit. */
void frontend_save_progress(Frontend *g);
/* Puts the record of campaign (its id in progress.json) in use, read from
** the file, after saving what is not yet saved; the one in use waits aside. */
void frontend_use_record(Frontend *g, const char *campaign);
/* The record kept aside by frontend_use_record in use again, after saving
** the other (which stays aside, tried again at each save, if that fails). */
void frontend_main_record(Frontend *g);
/* The notices as the panel shows them: where the files are, then each
** notice by the file's name alone ("settings.json:4:20: ..."). */
void frontend_notices_text(const Frontend *g, char *out, size_t cap);

/* ---- session.c: the level being played ---- */

/* Loads path and plays it from its start (title "" takes the level's name),
** or shows its errors. campaign_index is -1 outside the campaign; leaving
** the level leads to leave_to (SCREEN_NONE: the game ends). */
void session_start_level(Frontend *g, const char *path, const char *title, int campaign_index,
                         Screen leave_to);
/* Campaign level `index`, titled "N - TITLE"; leaving it leads to the title
** (a pack's, to the pack's level select). */
void session_start_campaign_level(Frontend *g, int index);
/* Plays a level made in memory (the editor's test run), which the session
** takes over; titled title; leaving it leads to leave_to. No hot reload.
** A run from the level's start (from_start) is recorded. */
void session_play_desc(Frontend *g, LevelDesc *desc, const char *title, Screen leave_to,
                       bool from_start);
/* The same level again from its start. */
void session_restart(Frontend *g);
/* Leaves the level (its recording written) for where it leads. */
void session_leave(Frontend *g);
/* Hot reload: looks at the level file now and then and swaps a saved
** version in (only for --level, never in the campaign or a playback). */
void session_poll_reload(Frontend *g, float dt);
/* The play screen's event (pause, restart). */
void session_event(Frontend *g, const SDL_Event *ev, ControlsResult r);
/* The level's frame on a screen that shows it moving: on the play screen its
** ticks, then on each its effects and the camera. */
void session_update(Frontend *g, double seconds);
/* Opens --replay and prepares --record; false with a message on failure. */
bool session_setup_replays(Frontend *g, char *err, size_t errlen);
/* Writes the recording and frees the level, its Sim and the replays. */
void session_fini(Frontend *g);

/* ---- custom.c: packs and the player's own levels ---- */

/* The progress record of the player's own levels (levels/ beside the settings). */
#define CUSTOM_LEVELS_RECORD "levels"

/* Looks for the packs and the player's levels again, with each one's
** progress, for the Custom levels screen; the game's own campaign and
** record in use again (a pack open is closed). False when out of memory. */
bool custom_scan(Frontend *g);
/* Opens listed pack `index`: its campaign and its record in use, for its
** level select and its levels. False (and nothing changed) when it does
** not load, its error then in the list. */
bool custom_open_pack(Frontend *g, int index);
/* The pack open, or NULL. */
const PackInfo *custom_pack(const Frontend *g);
/* The game's own campaign and record in use again. */
void custom_close(Frontend *g);
/* Plays listed level `index` of the player's own, its bests kept in their
** folder's record; leaving it leads back to Custom levels. */
void custom_play_level(Frontend *g, int index);
/* The player's data folder (where settings.json is), ending in '/', or "". */
void custom_user_dir(const Frontend *g, char *out, size_t size);
/* The folder the level at path must keep its files in (app_load_level): the
** pack open's, or the player's levels folder for a level in it; NULL for
** the game's own levels and one named on the command line. buf holds it. */
const char *custom_level_folder(const Frontend *g, const char *path, char *buf, size_t size);
/* Frees what custom.c made. */
void custom_fini(Frontend *g);

/* ---- screens.c: the screens ---- */

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
/* Full screen on or off (F11, Alt+Enter, the Options row), saved. */
void screens_toggle_fullscreen(Frontend *g);

#endif
