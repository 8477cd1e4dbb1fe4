/*
** game.c -- the flow between screens: the title, level select, options and
** controls menus, pause, the level-complete card and the end; the player's
** settings and progress; start-up and shut-down.
**
** One screen is active at a time. Menus are rebuilt from the current state
** whenever they are shown or changed, so they never show a stale value. The
** level being played is session.c's, the drawing screens.c's.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "game_internal.h"

#include "assets.h"
#include "bindings.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

_Static_assert(MENU_ITEMS >= CAMPAIGN_MAX_LEVELS + 1, "level select lists every level and Back");
_Static_assert(MENU_ITEMS >= 2 * ACT_COUNT + 2, "the controls menu lists every binding");

/* ---- small helpers --------------------------------------------------------- */

void game_sound(Game *g, GameSound s)
{
    if (g->hooks.play)
        g->hooks.play(g->hooks.ctx, s);
}

void game_music(Game *g, const char *track)
{
    if (g->hooks.play_music)
        g->hooks.play_music(g->hooks.ctx, track);
}

static void apply_volume(Game *g)
{
    if (g->hooks.set_volume)
        g->hooks.set_volume(g->hooks.ctx, g->settings.master_volume, g->settings.sfx_volume,
                            g->settings.mute);
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

void game_save_progress(Game *g)
{
    if (g->opt.transient || !g->progress_path[0])
        return;
    char err[512];
    if (!progress_save(g->progress_path, &g->progress, err, sizeof err))
        fprintf(stderr, "platformer: %s\n", err);
}

/* The controls changed: the settings follow, and are written at once. */
static void bindings_changed(Game *g)
{
    bindings_to_settings(&g->controls.bind, &g->settings);
    g->settings_dirty = true;
    save_settings(g);
}

/* ---- menus ----------------------------------------------------------------- */

static void upcase(char *s)
{
    for (; *s; s++)
        if (*s >= 'a' && *s <= 'z')
            *s = (char)(*s - 'a' + 'A');
}

static void key_label(const ControlBindings *bind, int action, char *out, size_t cap)
{
    SDL_Scancode code = bind->keys[action][0];
    const char *name = code != SDL_SCANCODE_UNKNOWN ? SDL_GetScancodeName(code) : "";
    snprintf(out, cap, "%s", *name ? name : "-");
    upcase(out);
}

static void button_label(const ControlBindings *bind, int action, char *out, size_t cap)
{
    SDL_GameControllerButton b = bind->buttons[action][0];
    const char *name = b != SDL_CONTROLLER_BUTTON_INVALID ? SDL_GameControllerGetStringForButton(b)
                                                          : NULL;
    snprintf(out, cap, "%s", name ? name : "-");
    upcase(out);
}

static bool campaign_started(const Game *g)
{
    return g->progress.last_level[0] != '\0' || g->progress.unlocked > 1;
}

static void build_menu(Game *g)
{
    /* a rebuilt menu keeps its cursor and its scroll */
    int keep = g->menu.count > 0 ? g->menu.items[g->menu.cursor].id : -1;
    int top = g->menu.count > 0 ? g->menu.top : 0;
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
        for (int i = 0; g->campaign && i < g->campaign->count; i++) {
            bool open = progress_is_unlocked(&g->progress, i);
            const LevelRecord *rec = progress_find(&g->progress, g->campaign->levels[i].file);
            char label[MENU_TEXT + 16]; /* menu_add keeps what fits */
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
        for (int pad = 0; pad <= 1; pad++)
            for (int a = 0; a < ACT_COUNT; a++) {
                char label[MENU_TEXT];
                snprintf(label, sizeof label, "%s  %s", pad ? "Pad" : "Key",
                         controls_action_name((ControlAction)a));
                if (g->capture == a && g->capture_pad == (pad != 0))
                    snprintf(value, sizeof value, pad ? "press a button..." : "press a key...");
                else if (pad)
                    button_label(&g->controls.bind, a, value, sizeof value);
                else
                    key_label(&g->controls.bind, a, value, sizeof value);
                menu_add(&g->menu, (pad ? ITEM_PAD_FIRST : ITEM_KEY_FIRST) + a, label, value, true);
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
    if (keep >= 0) {
        menu_select(&g->menu, keep);
        menu_scroll(&g->menu, top);
    }
}

void game_show(Game *g, Screen s)
{
    if (s == SCREEN_TITLE)
        game_music(g, "title");
    g->screen = s;
    g->screen_time = 0.0f;
    g->menu.count = 0;
    g->capture = -1;
    controls_release_all(&g->controls);
    build_menu(g);
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

static void toggle_debug_overlay(Game *g)
{
    g->settings.debug_overlay = !g->settings.debug_overlay;
    g->settings_dirty = true;
    save_settings(g);
}

static void open_options(Game *g, Screen back)
{
    g->options_return = back;
    game_show(g, SCREEN_OPTIONS);
}

static void leave_level(Game *g)
{
    session_write_recording(g);
    if (!g->campaign) {
        g->quit = true;
        return;
    }
    game_show(g, SCREEN_TITLE);
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
    session_start_campaign_level(g, index);
}

static void menu_action(Game *g, MenuEvent ev, int id)
{
    if (ev == MENU_EV_MOVED) {
        game_sound(g, SOUND_MENU_MOVE);
        return;
    }
    if (ev == MENU_EV_BACK) {
        game_sound(g, SOUND_MENU_BACK);
        /* back where the player came from, the cursor on the way in */
        switch (g->screen) {
        case SCREEN_LEVELS:
            game_show(g, SCREEN_TITLE);
            menu_select(&g->menu, ITEM_LEVELS);
            break;
        case SCREEN_OPTIONS:
            save_settings(g);
            game_show(g, g->options_return);
            menu_select(&g->menu, ITEM_OPTIONS);
            break;
        case SCREEN_BINDINGS:
            game_show(g, SCREEN_OPTIONS);
            menu_select(&g->menu, ITEM_BINDINGS);
            break;
        case SCREEN_PAUSE: game_show(g, SCREEN_PLAY); break;
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
    game_sound(g, ev == MENU_EV_ACTIVATE ? SOUND_MENU_OK : SOUND_MENU_MOVE);
    if (id >= ITEM_LEVEL_FIRST) {
        session_start_campaign_level(g, id - ITEM_LEVEL_FIRST);
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
    case ITEM_LEVELS: game_show(g, SCREEN_LEVELS); break;
    case ITEM_OPTIONS: open_options(g, g->screen); break;
    case ITEM_QUIT: g->quit = true; break;
    case ITEM_RESUME: game_show(g, SCREEN_PLAY); break;
    case ITEM_RESTART: session_restart(g); break;
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
    case ITEM_BINDINGS: game_show(g, SCREEN_BINDINGS); break;
    case ITEM_DEFAULTS:
        controls_default_bindings(&g->controls.bind);
        bindings_changed(g);
        build_menu(g);
        break;
    case ITEM_BACK: menu_action(g, MENU_EV_BACK, id); break;
    default: break;
    }
}

/* The controls menu's "press a key..." takes the next key or button. */
static bool capture_event(Game *g, const SDL_Event *ev)
{
    if (g->capture < 0)
        return false;
    if (ev->type == SDL_KEYDOWN && !ev->key.repeat) {
        SDL_Scancode code = ev->key.keysym.scancode;
        if (!g->capture_pad && code != SDL_SCANCODE_ESCAPE) {
            controls_bind_key(&g->controls.bind, (ControlAction)g->capture, code);
            bindings_changed(g);
            game_sound(g, SOUND_MENU_OK);
        } else {
            game_sound(g, SOUND_MENU_BACK);
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
            bindings_changed(g);
            game_sound(g, SOUND_MENU_OK);
        }
        g->capture = -1;
        controls_release_all(&g->controls);
        build_menu(g);
        return true;
    }
    return ev->type == SDL_KEYUP || ev->type == SDL_CONTROLLERBUTTONUP;
}

/* ---- events and time ----------------------------------------------------------- */

void game_event(Game *g, const SDL_Event *ev)
{
    if (capture_event(g, ev))
        return;
    if (ev->type == SDL_KEYDOWN && !ev->key.repeat) {
        SDL_Scancode code = ev->key.keysym.scancode;
        if (code == SDL_SCANCODE_F3) {
            toggle_debug_overlay(g);
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
                game_show(g, SCREEN_PAUSE);
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
            game_sound(g, SOUND_MENU_OK);
            game_show(g, SCREEN_PAUSE);
        } else if (r.pressed & (1u << ACT_RESTART)) {
            session_restart(g);
        }
        break;
    case SCREEN_COMPLETE:
        if (r.menu == MENU_OK && g->screen_time > 0.4f) {
            game_sound(g, SOUND_MENU_OK);
            if (g->campaign_index >= 0 && g->campaign &&
                g->campaign_index + 1 < g->campaign->count)
                session_start_campaign_level(g, g->campaign_index + 1);
            else if (g->campaign_index >= 0)
                game_show(g, SCREEN_END);
            else
                session_restart(g);
        } else if (r.menu == MENU_BACK) {
            leave_level(g);
        }
        break;
    case SCREEN_END:
        if ((r.menu == MENU_OK || r.menu == MENU_BACK) && g->screen_time > 0.8f)
            game_show(g, SCREEN_TITLE);
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
    session_poll_reload(g, dt);
    session_update(g, frame_seconds);
    if (g->tick_count >= 30) {
        g->stats.tick_ms = (float)(g->tick_seconds * 1000.0 / g->tick_count);
        g->tick_seconds = 0.0;
        g->tick_count = 0;
    }
}

void game_set_fps(Game *g, float fps)
{
    g->stats.fps = fps;
}

/* ---- life cycle -------------------------------------------------------------- */

/* The user's data folder's settings.json and progress.json ("" if none). */
static void pref_paths(char *settings, char *progress, size_t cap)
{
    settings[0] = progress[0] = '\0';
    char *pref = SDL_GetPrefPath("PipsPeak", "pips-peak");
    if (!pref)
        return;
    snprintf(settings, cap, "%ssettings.json", pref);
    snprintf(progress, cap, "%sprogress.json", pref);
    SDL_free(pref);
}

static void read_settings(const char *path, Settings *s)
{
    char msg[512] = "";
    settings_defaults(s);
    if (path[0] && settings_load(path, s, msg, sizeof msg) == SAVE_RECOVERED)
        fprintf(stderr, "platformer: %s\n", msg);
}

void game_read_settings(Settings *s)
{
    char settings[APP_PATH_MAX], progress[APP_PATH_MAX];
    pref_paths(settings, progress, sizeof settings);
    read_settings(settings, s);
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
    g->opt.settings = NULL; /* copied below; the caller's may not outlive the game */
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

    pref_paths(g->settings_path, g->progress_path, sizeof g->settings_path);
    if (opt->settings)
        g->settings = *opt->settings;
    else
        read_settings(g->settings_path, &g->settings);
    progress_defaults(&g->progress);
    char msg[512] = "";
    if (g->progress_path[0] &&
        progress_load(g->progress_path, &g->progress, msg, sizeof msg) == SAVE_RECOVERED)
        fprintf(stderr, "platformer: %s\n", msg);
    ControlBindings bind;
    bindings_from_settings(&g->settings, &bind);
    controls_init(&g->controls, &bind);
    apply_volume(g);

    if (opt->level_path)
        snprintf(g->level_path, sizeof g->level_path, "%s", opt->level_path);
    if (!session_setup_replays(g, err, errlen))
        goto fail;

    if (g->level_path[0]) {
        char path[APP_PATH_MAX];
        snprintf(path, sizeof path, "%s", g->level_path);
        session_start_level(g, path, "", -1);
    } else {
        g->campaign = malloc(sizeof *g->campaign);
        char path[APP_PATH_MAX];
        int n = snprintf(path, sizeof path, "%s/levels/campaign.json", g->data_dir);
        if (n < 0 || (size_t)n >= sizeof path || !g->campaign || !campaign_load(path, g->campaign, err, errlen))
            goto fail;
        if (g->progress.unlocked > g->campaign->count)
            g->progress.unlocked = g->campaign->count;
        game_show(g, SCREEN_TITLE);
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
    session_write_recording(g);
    save_settings(g);
    session_fini(g);
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
