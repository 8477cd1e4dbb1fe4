/*
** game.c -- screens, the level being played, saves, recording, hot reload.
**
** One screen is active at a time. Menus (title, level select, options, key
** bindings, pause) are rebuilt from the current state whenever they are
** shown or changed, so they never show a stale value. The level runs only
** on the play screen: a fixed-step accumulator turns real time into ticks,
** each tick gets one InputIntent (from the controls, or from a replay being
** played back), and the tick's events start effects and sounds. Camera and
** effects advance per frame, with the interpolated player position, so they
** are smooth at any refresh rate and never feed back into the simulation.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "game.h"

#include "app.h"
#include "assets.h"
#include "camera.h"
#include "campaign.h"
#include "controls.h"
#include "effects.h"
#include "watch.h"
#include "fixed_step.h"
#include "menu.h"
#include "progress.h"
#include "replay.h"
#include "save.h"
#include "settings.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Menu item ids. */
enum {
    ITEM_CONTINUE, ITEM_LEVELS, ITEM_OPTIONS, ITEM_QUIT,
    ITEM_RESUME, ITEM_RESTART, ITEM_TO_TITLE,
    ITEM_SCALE, ITEM_FULLSCREEN, ITEM_VOLUME, ITEM_MUTE, ITEM_BINDINGS, ITEM_BACK,
    ITEM_DEFAULTS,
    ITEM_KEY_FIRST = 100,       /* + action */
    ITEM_PAD_FIRST = 200,       /* + action */
    ITEM_LEVEL_FIRST = 300,     /* + campaign index */
};

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

    /* debug */
    bool debug;
    DebugStats stats;
    double tick_seconds;
    int tick_count;
    int last_draw_calls, last_quads;
    int view_x, view_y;         /* of the last frame drawn */
    bool exact;                 /* ticks were run without a frame: draw them at alpha 1 */
    bool quit;
};

/* ---- small helpers --------------------------------------------------------- */

static void sound(Game *g, GameSound s)
{
    if (g->hooks.play)
        g->hooks.play(g->hooks.ctx, s);
}

static void apply_volume(Game *g)
{
    if (g->hooks.set_volume)
        g->hooks.set_volume(g->hooks.ctx, g->settings.master_volume, g->settings.sfx_volume,
                            g->settings.mute);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Settings hold key and button names; the controls hold codes. */
static void bindings_from_settings(const Settings *s, ControlBindings *bind)
{
    controls_default_bindings(bind);
    for (int a = 0; a < ACT_COUNT && a < ACTION_COUNT; a++) {
        int n = settings_binding_count(&s->keys[a]);
        if (n > 0) {
            int k = 0;
            for (int i = 0; i < CONTROLS_KEYS; i++)
                bind->keys[a][i] = SDL_SCANCODE_UNKNOWN;
            for (int i = 0; i < n && k < CONTROLS_KEYS; i++) {
                SDL_Scancode code = SDL_GetScancodeFromName(s->keys[a].names[i]);
                if (code != SDL_SCANCODE_UNKNOWN)
                    bind->keys[a][k++] = code;
            }
        }
        n = settings_binding_count(&s->buttons[a]);
        if (n > 0) {
            int k = 0;
            for (int i = 0; i < CONTROLS_BUTTONS; i++)
                bind->buttons[a][i] = SDL_CONTROLLER_BUTTON_INVALID;
            /* stick halves ("leftx-") are always on: only buttons are kept */
            for (int i = 0; i < n && k < CONTROLS_BUTTONS; i++) {
                SDL_GameControllerButton b =
                    SDL_GameControllerGetButtonFromString(s->buttons[a].names[i]);
                if (b != SDL_CONTROLLER_BUTTON_INVALID)
                    bind->buttons[a][k++] = b;
            }
        }
    }
}

static void bindings_to_settings(const ControlBindings *bind, Settings *s)
{
    for (int a = 0; a < ACT_COUNT && a < ACTION_COUNT; a++) {
        char names[CONTROLS_KEYS][SETTINGS_NAME_MAX];
        const char *list[CONTROLS_KEYS];
        int n = 0;
        for (int k = 0; k < CONTROLS_KEYS; k++) {
            SDL_Scancode code = bind->keys[a][k];
            if (code == SDL_SCANCODE_UNKNOWN)
                continue;
            const char *name = SDL_GetScancodeName(code);
            bool dup = false;
            for (int j = 0; j < n; j++)
                dup = dup || strcmp(list[j], name) == 0;
            if (!*name || dup || strlen(name) >= SETTINGS_NAME_MAX)
                continue;
            strcpy(names[n], name);
            list[n] = names[n];
            n++;
        }
        settings_bind_keys(s, (SettingsAction)a, list, n);

        /* keep the stick halves the file had, replace the buttons */
        char bnames[SETTINGS_BINDINGS_MAX][SETTINGS_NAME_MAX];
        const char *blist[SETTINGS_BINDINGS_MAX];
        int bn = 0;
        for (int k = 0; k < CONTROLS_BUTTONS && bn < SETTINGS_BINDINGS_MAX; k++) {
            SDL_GameControllerButton b = bind->buttons[a][k];
            const char *name = b != SDL_CONTROLLER_BUTTON_INVALID
                                   ? SDL_GameControllerGetStringForButton(b)
                                   : NULL;
            if (name && strlen(name) < SETTINGS_NAME_MAX) {
                strcpy(bnames[bn], name);
                blist[bn] = bnames[bn];
                bn++;
            }
        }
        const SettingsBinding *old = &s->buttons[a];
        for (int i = 0; i < settings_binding_count(old) && bn < SETTINGS_BINDINGS_MAX; i++)
            if (SDL_GameControllerGetButtonFromString(old->names[i]) ==
                    SDL_CONTROLLER_BUTTON_INVALID &&
                settings_valid_button_name(old->names[i])) {
                strcpy(bnames[bn], old->names[i]);
                blist[bn] = bnames[bn];
                bn++;
            }
        settings_bind_buttons(s, (SettingsAction)a, blist, bn);
    }
}

static void save_settings(Game *g)
{
    if (g->opt.transient || !g->settings_dirty || !g->settings_path[0])
        return;
    char err[512];
    if (!settings_save(g->settings_path, &g->settings, err, sizeof err))
        fprintf(stderr, "platformer: %s\n", err);
    g->settings_dirty = false;
}

static void save_progress(Game *g)
{
    if (g->opt.transient || !g->progress_path[0])
        return;
    char err[512];
    if (!progress_save(g->progress_path, &g->progress, err, sizeof err))
        fprintf(stderr, "platformer: %s\n", err);
}

/* ---- replays --------------------------------------------------------------- */

static void write_recording(Game *g)
{
    if (!g->recording || g->record_saved || !g->sim)
        return;
    size_t body_len = 0;
    char *body = replay_format(&g->record, &body_len);
    if (!body) {
        fprintf(stderr, "platformer: %s: out of memory formatting the replay\n",
                g->opt.record_path);
        return;
    }
    char rel[APP_PATH_MAX];
    /* The replay names its level relative to itself, to survive a move. */
    if (!level_path_relative(g->opt.record_path, g->level_path, rel, sizeof rel))
        snprintf(rel, sizeof rel, "%s", g->level_path);
    const SimStatus *st = sim_status(g->sim);
    size_t cap = body_len + APP_PATH_MAX + 256;
    char *text = malloc(cap);
    if (text) {
        int head = snprintf(text, cap,
                            "# Pip's Peak replay; play it with: platformer --replay FILE\n"
                            "#! level: %s\n#! outcome: %s\n#! ticks: %zu\n#! hash: %016" PRIx64
                            "\n",
                            rel, app_outcome_name(st->outcome), g->record.count, sim_hash(g->sim));
        if (head > 0 && (size_t)head < cap) {
            memcpy(text + head, body, body_len);
            char err[512];
            if (!save_write_atomic(g->opt.record_path, text, (size_t)head + body_len, err,
                                   sizeof err))
                fprintf(stderr, "platformer: %s\n", err);
            else
                g->record_saved = true;
        }
        free(text);
    }
    free(body);
}

/* ---- menus ----------------------------------------------------------------- */

static void key_label(const ControlBindings *bind, int action, char *out, size_t cap)
{
    SDL_Scancode code = bind->keys[action][0];
    const char *name = code != SDL_SCANCODE_UNKNOWN ? SDL_GetScancodeName(code) : "";
    snprintf(out, cap, "%s", *name ? name : "-");
    for (char *p = out; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
}

static void button_label(const ControlBindings *bind, int action, char *out, size_t cap)
{
    SDL_GameControllerButton b = bind->buttons[action][0];
    const char *name = b != SDL_CONTROLLER_BUTTON_INVALID ? SDL_GameControllerGetStringForButton(b)
                                                          : NULL;
    snprintf(out, cap, "%s", name ? name : "-");
    for (char *p = out; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
}

static bool campaign_started(const Game *g)
{
    return g->progress.last_level[0] != '\0' || g->progress.unlocked > 1;
}

static void build_menu(Game *g)
{
    int keep = g->menu.count > 0 ? g->menu.items[g->menu.cursor].id : -1;
    char value[MENU_TEXT];
    switch (g->screen) {
    case SCREEN_TITLE:
        menu_init(&g->menu, "");
        menu_add(&g->menu, ITEM_CONTINUE, campaign_started(g) ? "Continue" : "Start", NULL, true);
        menu_add(&g->menu, ITEM_LEVELS, "Level select", NULL, true);
        menu_add(&g->menu, ITEM_OPTIONS, "Options", NULL, true);
        menu_add(&g->menu, ITEM_QUIT, "Quit", NULL, true);
        break;
    case SCREEN_LEVELS:
        menu_init(&g->menu, "Level select");
        for (int i = 0; g->campaign && i < g->campaign->count && i < MENU_ITEMS - 1; i++) {
            bool open = progress_is_unlocked(&g->progress, i);
            const LevelRecord *rec = progress_find(&g->progress, g->campaign->levels[i].file);
            char label[MENU_TEXT];
            snprintf(label, sizeof label, "%2d %.40s", i + 1,
                     open ? g->campaign->levels[i].title : "???");
            if (!open)
                snprintf(value, sizeof value, "locked");
            else if (rec && rec->completed)
                hud_format_time(rec->best_ticks, value, sizeof value);
            else
                value[0] = '\0';
            menu_add(&g->menu, ITEM_LEVEL_FIRST + i, label, value, open);
        }
        menu_add(&g->menu, ITEM_BACK, "Back", NULL, true);
        break;
    case SCREEN_OPTIONS:
        menu_init(&g->menu, "Options");
        if (g->settings.window_scale == 0)
            snprintf(value, sizeof value, "< fit >");
        else
            snprintf(value, sizeof value, "< %dx >", g->settings.window_scale);
        menu_add(&g->menu, ITEM_SCALE, "Window scale", value, true);
        menu_add(&g->menu, ITEM_FULLSCREEN, "Full screen", g->settings.fullscreen ? "on" : "off",
                 true);
        snprintf(value, sizeof value, "< %d%% >", g->settings.master_volume);
        menu_add(&g->menu, ITEM_VOLUME, "Volume", value, true);
        menu_add(&g->menu, ITEM_MUTE, "Mute", g->settings.mute ? "on" : "off", true);
        menu_add(&g->menu, ITEM_BINDINGS, "Controls", NULL, true);
        menu_add(&g->menu, ITEM_BACK, "Back", NULL, true);
        break;
    case SCREEN_BINDINGS:
        menu_init(&g->menu, "Controls");
        for (int a = 0; a < ACT_COUNT; a++) {
            char label[MENU_TEXT];
            snprintf(label, sizeof label, "Key  %s", controls_action_name((ControlAction)a));
            if (g->capture == a && !g->capture_pad)
                snprintf(value, sizeof value, "press a key...");
            else
                key_label(&g->controls.bind, a, value, sizeof value);
            menu_add(&g->menu, ITEM_KEY_FIRST + a, label, value, true);
        }
        for (int a = ACT_JUMP; a <= ACT_RESTART; a++) {
            char label[MENU_TEXT];
            snprintf(label, sizeof label, "Pad  %s", controls_action_name((ControlAction)a));
            if (g->capture == a && g->capture_pad)
                snprintf(value, sizeof value, "press a button...");
            else
                button_label(&g->controls.bind, a, value, sizeof value);
            menu_add(&g->menu, ITEM_PAD_FIRST + a, label, value, true);
        }
        menu_add(&g->menu, ITEM_DEFAULTS, "Reset to defaults", NULL, true);
        menu_add(&g->menu, ITEM_BACK, "Back", NULL, true);
        break;
    case SCREEN_PAUSE:
        menu_init(&g->menu, "Paused");
        menu_add(&g->menu, ITEM_RESUME, "Resume", NULL, true);
        menu_add(&g->menu, ITEM_RESTART, "Restart", NULL, true);
        menu_add(&g->menu, ITEM_OPTIONS, "Options", NULL, true);
        menu_add(&g->menu, ITEM_TO_TITLE, g->campaign ? "Quit to title" : "Quit", NULL, true);
        break;
    default:
        menu_init(&g->menu, "");
        break;
    }
    if (keep >= 0)
        menu_select(&g->menu, keep);
}

static void show(Game *g, Screen s)
{
    g->screen = s;
    g->screen_time = 0.0f;
    g->menu.count = 0;
    g->capture = -1;
    controls_release_all(&g->controls);
    build_menu(g);
}

/* ---- the level --------------------------------------------------------------- */

static CameraTarget player_target(Game *g, float alpha)
{
    CameraTarget t = {0, 0, 16, 24, 1, true};
    EcsWorld *w = sim_world(g->sim);
    EcsEntity p = sim_player(g->sim);
    const Transform *tr = ecs_get(w, p, C_TRANSFORM);
    const Player *pl = ecs_get(w, p, C_PLAYER);
    const Collider *col = ecs_get(w, p, C_COLLIDER);
    if (tr) {
        float dx = (float)(tr->x - tr->prev_x), dy = (float)(tr->y - tr->prev_y);
        bool teleport = dx * dx + dy * dy > 48.0f * 48.0f;
        t.x = teleport ? (float)tr->x : (float)tr->prev_x + dx * alpha;
        t.y = teleport ? (float)tr->y : (float)tr->prev_y + dy * alpha;
    }
    if (col) {
        t.x += col->off_x;
        t.y += col->off_y;
        t.w = col->w;
        t.h = col->h;
    }
    if (pl) {
        t.facing = pl->facing < 0 ? -1 : 1;
        t.grounded = pl->grounded || pl->state != PLAYER_NORMAL;
    }
    return t;
}

static float level_w(const Game *g)
{
    return (float)(g->level.map.width * TILE_SIZE);
}

static float level_h(const Game *g)
{
    return (float)(g->level.map.height * TILE_SIZE);
}

static void reset_camera(Game *g)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_target(g, 1.0f);
    camera_reset(&g->camera, &cfg, &t, level_w(g), level_h(g));
}

/* A fresh start for everything the front end keeps about a run. */
static void begin_run(Game *g)
{
    fixed_step_init(&g->step, 1.0 / SIM_TICK_RATE, 0.25);
    g->celebrate = 0.0f;
    effects_init(&g->fx);
    reset_camera(g);
    g->playback_pos = 0;
    if (g->recording) {
        g->record.count = 0;
        g->record_saved = false;
    }
}

/* Replaces the Sim with next (NULL: it could not be built). */
static bool use_sim(Game *g, Sim *next)
{
    if (g->sim)
        sim_destroy(g->sim);
    g->sim = next;
    if (!g->sim) {
        snprintf(g->error_text, sizeof g->error_text,
                 "%.1024s: the level cannot be built (no player, or out of memory)",
                 g->level_path);
        return false;
    }
    begin_run(g);
    return true;
}

static bool make_sim(Game *g)
{
    return use_sim(g, sim_create(&g->level, &g->clips));
}

/* Errors as lines short enough for the screen. */
static void format_errors(const LevelErrors *errors, char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    const int width = LOGICAL_W / 6 - 4;
    for (int i = 0; i < errors->count && used + 1 < cap; i++) {
        char line[1024];
        level_error_format(&errors->list[i], line, sizeof line);
        int col = 0;
        for (const char *p = line; *p && used + 2 < cap; p++) {
            if (col == width) {
                out[used++] = '\n';
                out[used++] = ' ';
                col = 1;
            }
            out[used++] = *p;
            col++;
        }
        if (used + 1 < cap)
            out[used++] = '\n';
        out[used] = '\0';
    }
    if (errors->dropped > 0 && used + 1 < cap)
        snprintf(out + used, cap - used, "... and %d more\n", errors->dropped);
}

/* Loads the level file into g->level; on failure the error text is set and
** the old level (if any) is kept. */
static bool load_level_file(Game *g, const char *path)
{
    LevelErrors *errors = calloc(1, sizeof *errors);
    LevelDesc desc = {0};
    if (!errors) {
        snprintf(g->error_text, sizeof g->error_text, "out of memory");
        return false;
    }
    bool ok = app_load_level(g->data_dir, path, &desc, errors);
    if (!ok) {
        level_errors_print(errors, stderr);
        format_errors(errors, g->error_text, sizeof g->error_text);
        free(errors);
        return false;
    }
    free(errors);
    if (g->have_level)
        level_desc_fini(&g->level);
    g->level = desc;
    g->have_level = true;
    g->error_text[0] = '\0';
    return true;
}

static void start_level(Game *g, const char *path, const char *title, int campaign_index)
{
    snprintf(g->level_path, sizeof g->level_path, "%s", path);
    snprintf(g->level_title, sizeof g->level_title, "%s", title);
    g->campaign_index = campaign_index;
    level_watch_init(&g->watch, path);
    g->reload_now = false;
    g->level_age = 0.0f;
    if (!load_level_file(g, path) || !make_sim(g)) {
        if (g->sim) {
            sim_destroy(g->sim);
            g->sim = NULL;
        }
        show(g, SCREEN_ERROR);
        return;
    }
    if (!g->level_title[0])
        snprintf(g->level_title, sizeof g->level_title, "%s", g->level.name);
    for (char *c = g->level_title; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    if (campaign_index >= 0 && progress_set_last_level(&g->progress, base_name(path)))
        save_progress(g);
    show(g, SCREEN_PLAY);
}

static void start_campaign_level(Game *g, int index)
{
    char path[APP_PATH_MAX];
    if (!g->campaign || !campaign_level_path(g->campaign, index, path, sizeof path))
        return;
    char title[TITLE_MAX];
    snprintf(title, sizeof title, "%d - %s", index + 1, g->campaign->levels[index].title);
    start_level(g, path, title, index);
}

static void restart_level(Game *g)
{
    if (!g->have_level)
        return;
    g->level_age = 0.0f;
    if (make_sim(g))
        show(g, SCREEN_PLAY);
}

static void complete_level(Game *g)
{
    const SimStatus *st = sim_status(g->sim);
    g->run = (LevelRun){st->ticks > 0 ? st->ticks : 1, st->deaths, (uint32_t)st->collected};
    g->improved = 0;
    g->best_ticks = g->run.ticks;
    if (g->campaign_index >= 0) {
        const char *id = base_name(g->level_path);
        if (progress_record_completion(&g->progress, id, g->campaign_index, g->run, &g->improved))
            save_progress(g);
        const LevelRecord *rec = progress_find(&g->progress, id);
        if (rec)
            g->best_ticks = rec->best_ticks;
    }
    write_recording(g);
    g->recording = false; /* the file keeps the finished run; later tries are not recorded */
    sound(g, SOUND_COMPLETE);
    /* a moment at the flag before the card: the finish should feel earned */
    g->celebrate = 0.9f;
}

/* Hot reload: the file changed on disk; swap the level in, keeping the
** player where it was when the new map has room for it. */
static void poll_reload(Game *g, float dt)
{
    if (g->campaign || !g->level_path[0] || g->playing_back)
        return;
    g->reload_poll -= dt;
    if (g->reload_poll > 0.0f && !g->reload_now)
        return;
    g->reload_poll = 0.25f; /* a save shows within two looks: half a second */
    if (!level_watch_poll(&g->watch) && !g->reload_now)
        return;
    g->reload_now = false;
    bool had = g->sim != NULL;
    if (!load_level_file(g, g->level_path)) {
        if (!had)
            show(g, SCREEN_ERROR);
        return; /* the old level plays on under the error text */
    }
    fprintf(stderr, "platformer: reloaded %s\n", g->level_path);
    /* The player stays where it stood when the new map has room there. */
    if (!use_sim(g, level_rebuild_sim(g->sim, &g->level, &g->clips))) {
        show(g, SCREEN_ERROR);
        return;
    }
    if (g->screen == SCREEN_ERROR || g->screen == SCREEN_COMPLETE)
        show(g, SCREEN_PLAY);
}

static void handle_events(Game *g)
{
    int n = 0;
    const SimEvent *ev = sim_events(g->sim, &n);
    for (int i = 0; i < n; i++) {
        effects_event(&g->fx, &ev[i]);
        switch (ev[i].type) {
        case EV_JUMPED: sound(g, SOUND_JUMP); break;
        case EV_LANDED: sound(g, SOUND_LAND); break;
        case EV_COLLECTED: sound(g, SOUND_COIN); break;
        case EV_DIED: sound(g, SOUND_DEATH); break;
        case EV_CHECKPOINT: sound(g, SOUND_CHECKPOINT); break;
        case EV_SWITCH: sound(g, SOUND_SWITCH); break;
        case EV_STOMPED: sound(g, SOUND_STOMP); break;
        default: break;
        }
    }
}

static InputIntent next_intent(Game *g)
{
    if (g->playing_back) {
        InputIntent in = {0};
        if (g->playback_pos < g->playback.count)
            in = replay_intent(&g->playback, g->playback_pos);
        g->playback_pos++;
        controls_tick(&g->controls); /* keep the latch from piling up */
        return in;
    }
    return controls_tick(&g->controls);
}

/* One simulation tick with its input, recording and events. */
static void tick(Game *g)
{
    InputIntent in = next_intent(g);
    if (g->recording && !replay_push(&g->record, &in))
        fprintf(stderr, "platformer: the recording is full\n");
    Uint64 t0 = SDL_GetPerformanceCounter();
    sim_tick(g->sim, &in);
    g->tick_seconds += (double)(SDL_GetPerformanceCounter() - t0) /
                       (double)SDL_GetPerformanceFrequency();
    g->tick_count++;
    handle_events(g);
}

int game_run_ticks(Game *g, int n)
{
    if (!g->sim)
        return 0;
    int done = 0;
    for (; done < n && sim_status(g->sim)->outcome != OUTCOME_COMPLETED; done++) {
        tick(g);
        effects_update(&g->fx, (float)SIM_DT);
        g->level_age += (float)SIM_DT;
        CameraTarget t = player_target(g, 1.0f);
        camera_update(&g->camera, &t, level_w(g), level_h(g), (float)SIM_DT);
    }
    g->step.acc = 0.0;
    g->exact = true;
    return done;
}

/* ---- menus' actions ---------------------------------------------------------- */

static void set_scale(Game *g, int delta)
{
    int s = g->settings.window_scale + delta;
    if (s < 0)
        s = SETTINGS_SCALE_MAX;
    if (s > SETTINGS_SCALE_MAX)
        s = 0;
    g->settings.window_scale = s;
    g->settings_dirty = true;
    if (g->hooks.set_scale)
        g->hooks.set_scale(g->hooks.ctx, s);
}

static void toggle_fullscreen(Game *g)
{
    g->settings.fullscreen = !g->settings.fullscreen;
    g->settings_dirty = true;
    if (g->hooks.set_fullscreen)
        g->hooks.set_fullscreen(g->hooks.ctx, g->settings.fullscreen);
    save_settings(g);
}

static void open_options(Game *g, Screen back)
{
    g->options_return = back;
    show(g, SCREEN_OPTIONS);
}

static void leave_level(Game *g)
{
    write_recording(g);
    if (!g->campaign) {
        g->quit = true;
        return;
    }
    show(g, SCREEN_TITLE);
}

static void continue_campaign(Game *g)
{
    if (!g->campaign)
        return;
    int index = g->progress.last_level[0] ? campaign_find(g->campaign, g->progress.last_level) : -1;
    if (index >= 0) {
        /* the level after the last one played, once that one is done */
        const LevelRecord *rec = progress_find(&g->progress, g->progress.last_level);
        if (rec && rec->completed && index + 1 < g->campaign->count &&
            progress_is_unlocked(&g->progress, index + 1))
            index++;
    } else {
        index = 0;
    }
    start_campaign_level(g, index);
}

static void menu_action(Game *g, MenuEvent ev, int id)
{
    if (ev == MENU_EV_MOVED) {
        sound(g, SOUND_MENU_MOVE);
        return;
    }
    if (ev == MENU_EV_BACK) {
        sound(g, SOUND_MENU_BACK);
        /* back where the player came from, the cursor on the way in */
        switch (g->screen) {
        case SCREEN_LEVELS:
            show(g, SCREEN_TITLE);
            menu_select(&g->menu, ITEM_LEVELS);
            break;
        case SCREEN_OPTIONS:
            save_settings(g);
            show(g, g->options_return);
            menu_select(&g->menu, ITEM_OPTIONS);
            break;
        case SCREEN_BINDINGS:
            show(g, SCREEN_OPTIONS);
            menu_select(&g->menu, ITEM_BINDINGS);
            break;
        case SCREEN_PAUSE: show(g, SCREEN_PLAY); break;
        default: break;
        }
        return;
    }
    if (ev == MENU_EV_NONE)
        return;
    bool change = ev == MENU_EV_DECREASE || ev == MENU_EV_INCREASE;
    int dir = ev == MENU_EV_DECREASE ? -1 : 1;
    if (change && id != ITEM_SCALE && id != ITEM_VOLUME && id != ITEM_FULLSCREEN &&
        id != ITEM_MUTE)
        return;
    sound(g, ev == MENU_EV_ACTIVATE ? SOUND_MENU_OK : SOUND_MENU_MOVE);
    if (id >= ITEM_LEVEL_FIRST) {
        start_campaign_level(g, id - ITEM_LEVEL_FIRST);
        return;
    }
    if (id >= ITEM_KEY_FIRST) {
        g->capture = id >= ITEM_PAD_FIRST ? id - ITEM_PAD_FIRST : id - ITEM_KEY_FIRST;
        g->capture_pad = id >= ITEM_PAD_FIRST;
        build_menu(g);
        return;
    }
    switch (id) {
    case ITEM_CONTINUE: continue_campaign(g); break;
    case ITEM_LEVELS: show(g, SCREEN_LEVELS); break;
    case ITEM_OPTIONS: open_options(g, g->screen); break;
    case ITEM_QUIT: g->quit = true; break;
    case ITEM_RESUME: show(g, SCREEN_PLAY); break;
    case ITEM_RESTART: restart_level(g); break;
    case ITEM_TO_TITLE: leave_level(g); break;
    case ITEM_SCALE:
        set_scale(g, change ? dir : 1);
        build_menu(g);
        break;
    case ITEM_FULLSCREEN:
        toggle_fullscreen(g);
        build_menu(g);
        break;
    case ITEM_VOLUME: {
        int v = g->settings.master_volume + (change ? dir : 1) * 10;
        if (v > SETTINGS_VOLUME_MAX)
            v = change ? SETTINGS_VOLUME_MAX : 0;
        if (v < 0)
            v = 0;
        g->settings.master_volume = v;
        g->settings_dirty = true;
        apply_volume(g);
        build_menu(g);
        break;
    }
    case ITEM_MUTE:
        g->settings.mute = !g->settings.mute;
        g->settings_dirty = true;
        apply_volume(g);
        build_menu(g);
        break;
    case ITEM_BINDINGS: show(g, SCREEN_BINDINGS); break;
    case ITEM_DEFAULTS:
        controls_default_bindings(&g->controls.bind);
        bindings_to_settings(&g->controls.bind, &g->settings);
        g->settings_dirty = true;
        save_settings(g);
        build_menu(g);
        break;
    case ITEM_BACK: menu_action(g, MENU_EV_BACK, id); break;
    default: break;
    }
}

/* The options' "press a key..." state takes the next key or button. */
static bool capture_event(Game *g, const SDL_Event *ev)
{
    if (g->capture < 0)
        return false;
    if (ev->type == SDL_KEYDOWN && !ev->key.repeat) {
        SDL_Scancode code = ev->key.keysym.scancode;
        if (!g->capture_pad && code != SDL_SCANCODE_ESCAPE) {
            controls_bind_key(&g->controls.bind, (ControlAction)g->capture, code);
            bindings_to_settings(&g->controls.bind, &g->settings);
            g->settings_dirty = true;
            save_settings(g);
            sound(g, SOUND_MENU_OK);
        } else {
            sound(g, SOUND_MENU_BACK);
        }
        g->capture = -1;
        controls_release_all(&g->controls);
        build_menu(g);
        return true;
    }
    if (ev->type == SDL_CONTROLLERBUTTONDOWN) {
        if (g->capture_pad) {
            controls_bind_button(&g->controls.bind, (ControlAction)g->capture,
                                 (SDL_GameControllerButton)ev->cbutton.button);
            bindings_to_settings(&g->controls.bind, &g->settings);
            g->settings_dirty = true;
            save_settings(g);
            sound(g, SOUND_MENU_OK);
        }
        g->capture = -1;
        controls_release_all(&g->controls);
        build_menu(g);
        return true;
    }
    return ev->type == SDL_KEYUP || ev->type == SDL_CONTROLLERBUTTONUP;
}

void game_event(Game *g, const SDL_Event *ev)
{
    if (capture_event(g, ev))
        return;
    if (ev->type == SDL_KEYDOWN && !ev->key.repeat) {
        SDL_Scancode code = ev->key.keysym.scancode;
        if (code == SDL_SCANCODE_F3) {
            g->debug = !g->debug;
            return;
        }
        if ((code == SDL_SCANCODE_RETURN || code == SDL_SCANCODE_KP_ENTER) &&
            (ev->key.keysym.mod & KMOD_ALT)) {
            toggle_fullscreen(g);
            return;
        }
    }
    if (ev->type == SDL_CONTROLLERDEVICEREMOVED || ev->type == SDL_WINDOWEVENT) {
        /* a pad unplugged or the window left: nothing stays held */
        if (ev->type == SDL_CONTROLLERDEVICEREMOVED ||
            ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
            controls_release_all(&g->controls);
            if (g->screen == SCREEN_PLAY && !g->playing_back)
                show(g, SCREEN_PAUSE);
        }
        return;
    }
    ControlsResult r = controls_event(&g->controls, ev);
    if (r.pressed & (1u << ACT_FULLSCREEN)) {
        toggle_fullscreen(g);
        return;
    }
    switch (g->screen) {
    case SCREEN_PLAY:
        if (r.pressed & (1u << ACT_PAUSE)) {
            sound(g, SOUND_MENU_OK);
            show(g, SCREEN_PAUSE);
        } else if (r.pressed & (1u << ACT_RESTART)) {
            restart_level(g);
        }
        break;
    case SCREEN_COMPLETE:
        if (r.menu == MENU_OK && g->screen_time > 0.4f) {
            sound(g, SOUND_MENU_OK);
            if (g->campaign_index >= 0 && g->campaign &&
                g->campaign_index + 1 < g->campaign->count)
                start_campaign_level(g, g->campaign_index + 1);
            else if (g->campaign_index >= 0)
                show(g, SCREEN_END);
            else
                restart_level(g);
        } else if (r.menu == MENU_BACK) {
            leave_level(g);
        }
        break;
    case SCREEN_END:
        if ((r.menu == MENU_OK || r.menu == MENU_BACK) && g->screen_time > 0.8f)
            show(g, SCREEN_TITLE);
        break;
    case SCREEN_ERROR:
        if (r.menu == MENU_BACK)
            leave_level(g);
        else if (r.pressed & (1u << ACT_RESTART))
            g->reload_now = true; /* try loading again */
        break;
    default:
        if (r.menu != MENU_NONE) {
            int id;
            MenuEvent mev = menu_input(&g->menu, r.menu, &id);
            menu_action(g, mev, id);
        }
        break;
    }
}

void game_update(Game *g, double frame_seconds)
{
    float dt = (float)frame_seconds;
    g->screen_time += dt;
    g->exact = false;
    poll_reload(g, dt);
    /* a failed hot reload holds the level under its error text */
    if (g->screen == SCREEN_PLAY && g->sim && !g->error_text[0]) {
        if (g->celebrate > 0.0f) {
            g->celebrate -= dt;
            if (g->celebrate <= 0.0f)
                show(g, SCREEN_COMPLETE);
        } else {
            int n = fixed_step_advance(&g->step, frame_seconds);
            for (int i = 0; i < n; i++) {
                tick(g);
                if (sim_status(g->sim)->outcome == OUTCOME_COMPLETED) {
                    complete_level(g);
                    break;
                }
            }
        }
        g->level_age += dt;
    }
    if (g->sim && g->screen != SCREEN_PAUSE) {
        effects_update(&g->fx, dt);
        float alpha = g->screen == SCREEN_PLAY ? fixed_step_alpha(&g->step) : 1.0f;
        CameraTarget t = player_target(g, alpha);
        camera_update(&g->camera, &t, level_w(g), level_h(g), dt);
    }
    if (g->tick_count >= 30) {
        g->stats.tick_ms = (float)(g->tick_seconds * 1000.0 / g->tick_count);
        g->tick_seconds = 0.0;
        g->tick_count = 0;
    }
}

/* ---- drawing ----------------------------------------------------------------- */

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 102, 255};

static void draw_centered(Game *g, const char *text, int y, SDL_Color c)
{
    render_text(&g->batch, &g->atlas, text, (LOGICAL_W - render_text_width(&g->atlas, text)) / 2,
                       y, c);
}

static void draw_level(Game *g, float alpha)
{
    int sx, sy;
    effects_shake_offset(&g->fx, &sx, &sy);
    RenderView view = {(int)floorf(g->camera.x + 0.5f) + sx, (int)floorf(g->camera.y + 0.5f) + sy,
                       LOGICAL_W, LOGICAL_H};
    g->view_x = view.x;
    g->view_y = view.y;
    const RenderBackground *bg = render_atlas_background(&g->atlas, g->level.background);
    render_background(&g->batch, &g->atlas, bg, &view);
    render_tiles(&g->batch, &g->atlas, render_atlas_theme(&g->atlas, g->level.background),
                 &g->level.map, &view);
    render_sprites(&g->batch, &g->atlas, sim_world(g->sim), alpha, &view, &g->sprites);
    effects_draw(&g->fx, &g->batch, &g->atlas, &view);
    effects_draw_flash(&g->fx, &g->batch, &g->atlas, &view);
    hud_draw(&g->batch, &g->atlas, sim_status(g->sim));
    hud_draw_title_card(&g->batch, &g->atlas, g->level_title, g->level_age);
    const float fade = 0.35f; /* levels open from black */
    if (g->level_age < fade && !g->exact)
        render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
                    (SDL_Color){0, 0, 0, (Uint8)(255.0f * (1.0f - g->level_age / fade))});
    if (g->playing_back) {
        const char *label = g->playback_pos < g->playback.count ? "REPLAY" : "REPLAY ENDED - ESC";
        render_text(&g->batch, &g->atlas, label,
                           LOGICAL_W - render_text_width(&g->atlas, label) - 6, LOGICAL_H - 14,
                           GOLD);
    } else if (g->recording) {
        render_fill(&g->batch, &g->atlas, (SDL_Rect){LOGICAL_W - 44, LOGICAL_H - 13, 6, 6},
                    (SDL_Color){230, 40, 40, 255});
        render_text(&g->batch, &g->atlas, "REC", LOGICAL_W - 34, LOGICAL_H - 14, WHITE);
    }
}

static void dim(Game *g, Uint8 a)
{
    render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H}, (SDL_Color){8, 8, 20, a});
}

static void draw_backdrop(Game *g)
{
    /* the menus' background drifts slowly: the title screen is alive */
    RenderView view = {(int)(g->screen_time * 12.0f) + 4000, 0, LOGICAL_W, LOGICAL_H};
    render_background(&g->batch, &g->atlas, render_atlas_background(&g->atlas, "hills"), &view);
}

/* The title in the atlas font at three times its size, with a drop shadow
** and a slow bob: the game's name needs no separate logo art. */
static void draw_logo(Game *g, int y)
{
    const char *name = "PIP'S PEAK";
    const int scale = 4;
    int w = render_text_width(&g->atlas, name) * scale;
    int x = (LOGICAL_W - w) / 2;
    y += (int)floorf(sinf(g->screen_time * 2.0f) * 2.0f + 0.5f);
    render_text_scaled(&g->batch, &g->atlas, name, x + scale, y + scale, scale,
                       (SDL_Color){30, 24, 60, 200});
    render_text_scaled(&g->batch, &g->atlas, name, x, y, scale, (SDL_Color){255, 236, 170, 255});
    const char *tag = "A CLIMB IN TWELVE LEVELS";
    render_text(&g->batch, &g->atlas, tag, (LOGICAL_W - render_text_width(&g->atlas, tag)) / 2,
                y + 10 * scale, (SDL_Color){240, 244, 255, 255});
}

static void draw_complete(Game *g)
{
    dim(g, 120);
    SDL_Rect box = {LOGICAL_W / 2 - 110, 54, 220, 150};
    render_panel(&g->batch, &g->atlas, box);
    draw_centered(g, "LEVEL COMPLETE!", box.y + 12, GOLD);
    draw_centered(g, g->level_title, box.y + 28, WHITE);
    char line[64], t[32];
    int x = box.x + 24, y = box.y + 50;
    hud_format_time(g->run.ticks, t, sizeof t);
    render_region(&g->batch, render_cell(&g->atlas, RCLIP_HUD_CLOCK, 0, 0), x, y - 1, WHITE);
    snprintf(line, sizeof line, "TIME    %s%s", t, g->improved & PROGRESS_BEST_TIME ? "  NEW!" : "");
    render_text(&g->batch, &g->atlas, line, x + 14, y, WHITE);
    y += 16;
    render_region(&g->batch, render_cell(&g->atlas, RCLIP_HUD_SKULL, 0, 0), x, y - 1, WHITE);
    snprintf(line, sizeof line, "DEATHS  %u", g->run.deaths);
    render_text(&g->batch, &g->atlas, line, x + 14, y, WHITE);
    y += 16;
    render_region(&g->batch, render_cell(&g->atlas, RCLIP_HUD_COIN, 0, 0), x, y - 1, WHITE);
    const SimStatus *st = sim_status(g->sim);
    snprintf(line, sizeof line, "COINS   %u/%d", g->run.coins, st->collectibles);
    render_text(&g->batch, &g->atlas, line, x + 14, y, WHITE);
    y += 16;
    hud_format_time(g->best_ticks, t, sizeof t);
    snprintf(line, sizeof line, "BEST    %s", t);
    render_text(&g->batch, &g->atlas, line, x + 14, y, GOLD);
    if (g->screen_time > 0.4f)
        draw_centered(g, g->campaign_index >= 0 ? "OK: NEXT LEVEL   ESC: TITLE"
                                                : "OK: PLAY AGAIN   ESC: QUIT",
                      box.y + box.h - 18, (SDL_Color){190, 196, 220, 255});
}

static void draw_end(Game *g)
{
    draw_backdrop(g);
    draw_logo(g, 30);
    uint32_t ticks = 0, deaths = 0, coins = 0;
    int done = 0;
    for (int i = 0; g->campaign && i < g->campaign->count; i++) {
        const LevelRecord *rec = progress_find(&g->progress, g->campaign->levels[i].file);
        if (rec && rec->completed) {
            ticks += rec->best_ticks;
            deaths += rec->fewest_deaths;
            coins += rec->most_coins;
            done++;
        }
    }
    SDL_Rect box = {LOGICAL_W / 2 - 120, 110, 240, 120};
    render_panel(&g->batch, &g->atlas, box);
    draw_centered(g, "YOU REACHED THE PEAK!", box.y + 12, GOLD);
    char line[64], t[32];
    hud_format_time(ticks, t, sizeof t);
    snprintf(line, sizeof line, "LEVELS      %d/%d", done, g->campaign ? g->campaign->count : 0);
    render_text(&g->batch, &g->atlas, line, box.x + 30, box.y + 36, WHITE);
    snprintf(line, sizeof line, "BEST TIMES  %s", t);
    render_text(&g->batch, &g->atlas, line, box.x + 30, box.y + 52, WHITE);
    snprintf(line, sizeof line, "COINS       %u", coins);
    render_text(&g->batch, &g->atlas, line, box.x + 30, box.y + 68, WHITE);
    snprintf(line, sizeof line, "DEATHS      %u", deaths);
    render_text(&g->batch, &g->atlas, line, box.x + 30, box.y + 84, WHITE);
    draw_centered(g, "THANKS FOR PLAYING", box.y + box.h - 14, (SDL_Color){190, 196, 220, 255});
}

static void draw_error(Game *g)
{
    if (!g->sim) {
        draw_backdrop(g);
        dim(g, 150);
    } else {
        dim(g, 170);
    }
    SDL_Rect box = {8, 8, LOGICAL_W - 16, LOGICAL_H - 16};
    render_panel(&g->batch, &g->atlas, box);
    draw_centered(g, "THE LEVEL HAS ERRORS", box.y + 10, (SDL_Color){255, 120, 110, 255});
    render_text(&g->batch, &g->atlas, g->error_text, box.x + 10, box.y + 28, WHITE);
    draw_centered(g,
                  g->campaign ? "ESC: BACK" : "FIX THE FILE AND SAVE: IT RELOADS. ESC: QUIT",
                  box.y + box.h - 16, (SDL_Color){190, 196, 220, 255});
}

void game_draw(Game *g)
{
    Uint64 t0 = SDL_GetPerformanceCounter();
    batch_begin(&g->batch);
    render_use_atlas(&g->batch, &g->atlas);
    bool level_visible = g->sim && (g->screen == SCREEN_PLAY || g->screen == SCREEN_PAUSE ||
                                    g->screen == SCREEN_COMPLETE || g->screen == SCREEN_ERROR ||
                                    (g->screen == SCREEN_OPTIONS && g->options_return == SCREEN_PAUSE) ||
                                    (g->screen == SCREEN_BINDINGS && g->options_return == SCREEN_PAUSE));
    float alpha = g->screen == SCREEN_PLAY && !g->exact ? fixed_step_alpha(&g->step) : 1.0f;
    if (level_visible)
        draw_level(g, alpha);
    switch (g->screen) {
    case SCREEN_TITLE:
        draw_backdrop(g);
        draw_logo(g, 34);
        menu_draw(&g->menu, &g->batch, &g->atlas, 130);
        render_text(&g->batch, &g->atlas, "ARROWS/WASD MOVE  SPACE/Z JUMP  ESC PAUSE", 6,
                           LOGICAL_H - 12, (SDL_Color){220, 226, 255, 200});
        break;
    case SCREEN_LEVELS:
    case SCREEN_OPTIONS:
    case SCREEN_BINDINGS:
        if (level_visible)
            dim(g, 150);
        else
            draw_backdrop(g);
        menu_draw(&g->menu, &g->batch, &g->atlas, -1);
        break;
    case SCREEN_PAUSE:
        dim(g, 130);
        menu_draw(&g->menu, &g->batch, &g->atlas, -1);
        break;
    case SCREEN_COMPLETE: draw_complete(g); break;
    case SCREEN_END: draw_end(g); break;
    case SCREEN_ERROR: draw_error(g); break;
    case SCREEN_PLAY:
        if (g->error_text[0]) /* a hot reload failed: the old level plays on */
            draw_error(g);
        break;
    }
    if (g->debug) {
        g->stats.entities = g->sim ? ecs_alive_count(sim_world(g->sim)) : 0;
        g->stats.world = g->sim ? sim_world(g->sim) : NULL;
        g->stats.draw_calls = g->last_draw_calls;
        g->stats.quads = g->last_quads;
        hud_draw_debug(&g->batch, &g->atlas, &g->stats);
    }
    batch_flush(&g->batch);
    g->last_draw_calls = g->batch.draw_calls;
    g->last_quads = g->batch.quads_drawn;
    g->stats.frame_ms = (float)((double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                                (double)SDL_GetPerformanceFrequency());
}

void game_set_fps(Game *g, float fps)
{
    g->stats.fps = fps;
}

/* ---- life cycle -------------------------------------------------------------- */

static void pref_paths(Game *g)
{
    char *pref = SDL_GetPrefPath("PipsPeak", "pips-peak");
    if (!pref)
        return;
    snprintf(g->settings_path, sizeof g->settings_path, "%ssettings.json", pref);
    snprintf(g->progress_path, sizeof g->progress_path, "%sprogress.json", pref);
    SDL_free(pref);
}

static bool setup_replays(Game *g, char *err, size_t errlen)
{
    if (g->opt.replay_path) {
        ReplayExpect expect;
        if (!app_replay_expect(g->opt.replay_path, &expect, err, errlen))
            return false;
        if (!g->opt.level_path) {
            if (!expect.level[0]) {
                snprintf(err, errlen, "%s: names no level (\"#! level: FILE\"); add --level FILE",
                         g->opt.replay_path);
                return false;
            }
            /* app_replay_expect has already made it relative to here */
            if (strlen(expect.level) >= sizeof g->level_path) {
                snprintf(err, errlen, "%s: the level's path is too long", g->opt.replay_path);
                return false;
            }
            strcpy(g->level_path, expect.level);
        }
        replay_init(&g->playback);
        if (!replay_load(g->opt.replay_path, &g->playback, err, errlen))
            return false;
        g->playing_back = true;
    }
    if (g->opt.record_path) {
        replay_init(&g->record);
        g->recording = true;
    }
    return true;
}

Game *game_create(SDL_Renderer *renderer, const GameOptions *opt, const GameHooks *hooks,
                  char *err, size_t errlen)
{
    Game *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->renderer = renderer;
    g->opt = *opt;
    if (hooks)
        g->hooks = *hooks;
    g->capture = -1;
    g->campaign_index = -1;
    batch_init(&g->batch, renderer);
    sprite_list_init(&g->sprites);
    replay_init(&g->playback);
    replay_init(&g->record);

    if (!app_find_data(opt->argv0, g->data_dir, sizeof g->data_dir)) {
        snprintf(err, errlen,
                 "assets/physics.json: not found here or next to the program "
                 "(set PLATFORMER_DATA to the game's folder)");
        goto fail;
    }
    char resolved[PATH_MAX];
    if (realpath(g->data_dir, resolved) && strlen(resolved) < sizeof g->data_dir)
        strcpy(g->data_dir, resolved); /* messages then name files plainly */
    if (!assets_load_atlas(g->data_dir, renderer, &g->atlas, &g->clips, err, errlen))
        goto fail;

    settings_defaults(&g->settings);
    progress_defaults(&g->progress);
    pref_paths(g);
    char msg[512] = "";
    if (g->settings_path[0] &&
        settings_load(g->settings_path, &g->settings, msg, sizeof msg) == SAVE_RECOVERED)
        fprintf(stderr, "platformer: %s\n", msg);
    if (g->progress_path[0] &&
        progress_load(g->progress_path, &g->progress, msg, sizeof msg) == SAVE_RECOVERED)
        fprintf(stderr, "platformer: %s\n", msg);
    ControlBindings bind;
    bindings_from_settings(&g->settings, &bind);
    controls_init(&g->controls, &bind);
    apply_volume(g);

    if (opt->level_path)
        snprintf(g->level_path, sizeof g->level_path, "%s", opt->level_path);
    if (!setup_replays(g, err, errlen))
        goto fail;

    if (g->level_path[0]) {
        char path[APP_PATH_MAX];
        snprintf(path, sizeof path, "%s", g->level_path);
        start_level(g, path, "", -1);
    } else {
        g->campaign = malloc(sizeof *g->campaign);
        char path[APP_PATH_MAX];
        int n = snprintf(path, sizeof path, "%s/levels/campaign.json", g->data_dir);
        if (n < 0 || (size_t)n >= sizeof path || !g->campaign || !campaign_load(path, g->campaign, err, errlen))
            goto fail;
        if (g->progress.unlocked > g->campaign->count)
            g->progress.unlocked = g->campaign->count;
        show(g, SCREEN_TITLE);
    }
    return g;
fail:
    game_destroy(g);
    return NULL;
}

void game_destroy(Game *g)
{
    if (!g)
        return;
    write_recording(g);
    save_settings(g);
    if (g->sim)
        sim_destroy(g->sim);
    if (g->have_level)
        level_desc_fini(&g->level);
    replay_fini(&g->playback);
    replay_fini(&g->record);
    free(g->campaign);
    render_atlas_unload(&g->atlas);
    sprite_list_fini(&g->sprites);
    batch_fini(&g->batch);
    free(g);
}

const Settings *game_settings(const Game *g)
{
    return &g->settings;
}

bool game_wants_quit(const Game *g)
{
    return g->quit;
}

int game_last_draw_calls(const Game *g)
{
    return g->last_draw_calls;
}

bool game_in_level(const Game *g)
{
    return g->screen == SCREEN_PLAY && g->sim != NULL;
}

const char *game_error_text(const Game *g)
{
    return g->error_text;
}

Sim *game_sim(Game *g)
{
    return g->sim;
}

const RenderAtlas *game_atlas(const Game *g)
{
    return &g->atlas;
}

void game_last_view(const Game *g, int *x, int *y)
{
    *x = g->view_x;
    *y = g->view_y;
}
