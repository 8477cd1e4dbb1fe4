/* SPDX-License-Identifier: Zlib */
/*
** frontend.c -- the flow between screens: the title, level select, options and
** controls menus, pause, the level-complete card and the end; the player's
** settings and progress; start-up and shut-down.
**
** One screen is active at a time. Menus are rebuilt from the current state
** whenever they are shown or changed, so they never show a stale value. The
** level being played is session.c's, the drawing screens.c's.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "frontend_internal.h"

#include "assets.h"
#include "bindings.h"
#include "labels.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Menu item ids. */
enum {
    ITEM_CONTINUE, ITEM_LEVELS, ITEM_OPTIONS, ITEM_QUIT,
    ITEM_RESUME, ITEM_RESTART, ITEM_TO_TITLE,
    ITEM_SCALE, ITEM_FULLSCREEN, ITEM_VOLUME, ITEM_SFX, ITEM_MUSIC, ITEM_MUTE, ITEM_BINDINGS,
    ITEM_BACK,
    ITEM_DEFAULTS,
    ITEM_KEY_FIRST = 100,       /* + action */
    ITEM_PAD_FIRST = 200,       /* + action */
    ITEM_LEVEL_FIRST = 300,     /* + campaign index */
};

_Static_assert(MENU_ITEMS >= CAMPAIGN_MAX_LEVELS + CAMPAIGN_MAX_WORLDS + 1,
               "level select lists every level under its world's heading, and Back");
_Static_assert(MENU_ITEMS >= 2 * ACT_COUNT + 2, "the controls menu lists every binding");

/* ---- small helpers --------------------------------------------------------- */

void frontend_sound(Frontend *g, Sound s)
{
    if (g->hooks.play)
        g->hooks.play(g->hooks.ctx, s);
}

void frontend_music(Frontend *g, const char *track)
{
    if (g->hooks.play_music)
        g->hooks.play_music(g->hooks.ctx, track);
}

static void apply_volume(Frontend *g)
{
    const Settings *s = &g->saves.settings;
    if (g->hooks.set_volume)
        g->hooks.set_volume(g->hooks.ctx, s->master_volume, s->sfx_volume, s->music_volume,
                            s->mute);
}

/* The largest window scale the display takes. */
static int max_scale(const Frontend *g)
{
    int m = g->hooks.max_scale ? g->hooks.max_scale(g->hooks.ctx) : SETTINGS_SCALE_MAX;
    return m < 1 ? 1 : m > SETTINGS_SCALE_MAX ? SETTINGS_SCALE_MAX : m;
}

/* The scale the window shows for the setting: a saved one larger than the
** display takes opens at the largest it does (0, fit, stays 0). */
static int shown_scale(const Frontend *g)
{
    int s = g->saves.settings.window_scale, m = max_scale(g);
    return s > m ? m : s;
}

/* The setting an Options volume item changes. */
static int *volume_of(Frontend *g, int id)
{
    Settings *s = &g->saves.settings;
    return id == ITEM_VOLUME ? &s->master_volume : id == ITEM_SFX ? &s->sfx_volume
                                                 : id == ITEM_MUSIC ? &s->music_volume : NULL;
}

static void save_settings(Frontend *g)
{
    if (g->opt.transient || !g->saves.settings_dirty || !g->saves.settings_path[0])
        return;
    char err[512];
    if (!settings_save(g->saves.settings_path, &g->saves.settings, err, sizeof err))
        fprintf(stderr, "platformer: %s\n", err);
    g->saves.settings_dirty = false;
}

void frontend_save_progress(Frontend *g)
{
    if (g->opt.transient || !g->saves.progress_path[0])
        return;
    char err[512];
    if (!progress_save(g->saves.progress_path, &g->saves.progress, err, sizeof err))
        fprintf(stderr, "platformer: %s\n", err);
}

/* The controls changed: the settings follow, and are written at once. */
static void bindings_changed(Frontend *g)
{
    bindings_to_settings(&g->controls.bind, &g->saves.settings);
    g->saves.settings_dirty = true;
    save_settings(g);
}

/* ---- menus ----------------------------------------------------------------- */

static bool campaign_started(const Frontend *g)
{
    return g->saves.progress.last_level[0] != '\0' || g->saves.progress.unlocked > 1;
}

/* "have/total" of a level's coins or gems; "-" for a level that has none. */
static void fraction(uint32_t have, uint32_t total, bool known, char *out, size_t cap)
{
    if (!known)
        snprintf(out, cap, "%lu/?", (unsigned long)have);
    else if (total == 0)
        snprintf(out, cap, "-");
    else
        snprintf(out, cap, "%lu/%lu", (unsigned long)have, (unsigned long)total);
}

/* The levels under their worlds' names, each completed one with its best
** time, fewest deaths, and most coins and gems of how many it holds. */
static void build_level_select(Frontend *g)
{
    Menu *m = &g->menus.menu;
    menu_init(m, "Level select");
    const Campaign *c = g->campaign;
    /* a campaign of one unnamed world has no heading */
    bool headings = c && (c->world_count > 1 || c->worlds[0].name[0]);
    for (int w = 0; c && w < c->world_count; w++) {
        if (headings)
            menu_add_heading(m, c->worlds[w].name, "time\tdeaths\tcoins\tgems");
        for (int i = c->worlds[w].first; i < c->worlds[w].first + c->worlds[w].count; i++) {
            bool open = progress_is_unlocked(&g->saves.progress, i);
            const LevelRecord *rec = progress_find(&g->saves.progress, c->levels[i].file);
            char label[MENU_TEXT + 16], value[MENU_TEXT + 64]; /* menu_add keeps what fits */
            snprintf(label, sizeof label, "%2d %.40s", i + 1, open ? c->levels[i].title : "???");
            if (!open) {
                snprintf(value, sizeof value, "locked");
            } else if (rec && rec->completed) {
                char t[16], coins[24], gems[24];
                uint32_t coins_total, gems_total;
                bool known = summary_level_totals(g, i, &coins_total, &gems_total);
                hud_format_time(rec->best_ticks, t, sizeof t);
                fraction(rec->most_coins, coins_total, known, coins, sizeof coins);
                fraction(rec->most_gems, gems_total, known, gems, sizeof gems);
                snprintf(value, sizeof value, "%s\t%lu\t%s\t%s", t, (unsigned long)rec->fewest_deaths,
                         coins, gems);
            } else {
                value[0] = '\0';
            }
            menu_add(m, ITEM_LEVEL_FIRST + i, label, value, open);
        }
    }
    menu_add(m, ITEM_BACK, "Back", NULL, true);
}

static void build_menu(Frontend *g)
{
    /* a rebuilt menu keeps its cursor and its scroll */
    int keep = g->menus.menu.count > 0 ? g->menus.menu.items[g->menus.menu.cursor].id : -1;
    int top = g->menus.menu.count > 0 ? g->menus.menu.top : 0;
    char value[MENU_TEXT];
    switch (g->screen) {
    case SCREEN_TITLE:
        menu_init(&g->menus.menu, "");
        menu_add(&g->menus.menu, ITEM_CONTINUE, campaign_started(g) ? "Continue" : "Start", NULL, true);
        menu_add(&g->menus.menu, ITEM_LEVELS, "Level select", NULL, true);
        menu_add(&g->menus.menu, ITEM_OPTIONS, "Options", NULL, true);
        menu_add(&g->menus.menu, ITEM_QUIT, "Quit", NULL, true);
        break;
    case SCREEN_LEVELS:
        build_level_select(g);
        break;
    case SCREEN_OPTIONS:
        menu_init(&g->menus.menu, "Options");
        if (shown_scale(g) == 0)
            snprintf(value, sizeof value, "< fit >");
        else
            snprintf(value, sizeof value, "< %dx >", shown_scale(g));
        menu_add(&g->menus.menu, ITEM_SCALE, "Window scale", value, true);
        menu_add(&g->menus.menu, ITEM_FULLSCREEN, "Full screen", g->saves.settings.fullscreen ? "on" : "off",
                 true);
        static const struct {
            int id;
            const char *label;
        } volumes[] = {{ITEM_VOLUME, "Volume"}, {ITEM_SFX, "Effects"}, {ITEM_MUSIC, "Music"}};
        for (size_t v = 0; v < sizeof volumes / sizeof volumes[0]; v++) {
            snprintf(value, sizeof value, "< %d%% >", *volume_of(g, volumes[v].id));
            menu_add(&g->menus.menu, volumes[v].id, volumes[v].label, value, true);
        }
        menu_add(&g->menus.menu, ITEM_MUTE, "Mute", g->saves.settings.mute ? "on" : "off", true);
        menu_add(&g->menus.menu, ITEM_BINDINGS, "Controls", NULL, true);
        menu_add(&g->menus.menu, ITEM_BACK, "Back", NULL, true);
        break;
    case SCREEN_BINDINGS:
        /* every key, then every button and stick half, of each action */
        menu_init(&g->menus.menu, "Controls");
        for (int pad = 0; pad <= 1; pad++)
            for (int a = 0; a < ACT_COUNT; a++) {
                char label[MENU_TEXT];
                snprintf(label, sizeof label, "%s%s", pad ? "Pad " : "",
                         controls_action_name((ControlAction)a));
                if (g->menus.capture == a && g->menus.capture_pad == (pad != 0))
                    snprintf(value, sizeof value, pad ? "press a button..." : "press a key...");
                else if (pad)
                    labels_action_pad(&g->controls.bind, (ControlAction)a, ", ", value, sizeof value);
                else
                    labels_action_keys(&g->controls.bind, (ControlAction)a, ", ", value, sizeof value);
                menu_add(&g->menus.menu, (pad ? ITEM_PAD_FIRST : ITEM_KEY_FIRST) + a, label, value, true);
            }
        menu_add(&g->menus.menu, ITEM_DEFAULTS, "Reset to defaults", NULL, true);
        menu_add(&g->menus.menu, ITEM_BACK, "Back", NULL, true);
        break;
    case SCREEN_PAUSE:
        menu_init(&g->menus.menu, "Paused");
        menu_add(&g->menus.menu, ITEM_RESUME, "Resume", NULL, true);
        menu_add(&g->menus.menu, ITEM_RESTART, "Restart", NULL, true);
        menu_add(&g->menus.menu, ITEM_OPTIONS, "Options", NULL, true);
        menu_add(&g->menus.menu, ITEM_TO_TITLE, g->campaign ? "Quit to title" : "Quit", NULL, true);
        break;
    default:
        menu_init(&g->menus.menu, "");
        break;
    }
    if (keep >= 0) {
        menu_select(&g->menus.menu, keep);
        menu_scroll(&g->menus.menu, top);
    }
}

/* The music of a screen: the title's on the title and the menus reached
** from it, the level's world's (named after its background) in play and
** on whatever shows the level (pause, the options over it, the card), the
** summit's at the end; NULL: what plays goes on (the error screen). Asked
** for again, a track that plays goes on undisturbed; another cross-fades. */
static const char *screen_track(const Frontend *g, Screen s)
{
    const char *level = g->session.have_level ? g->session.level.background : NULL;
    switch (s) {
    case SCREEN_TITLE:
    case SCREEN_LEVELS: return "title";
    case SCREEN_OPTIONS:
    case SCREEN_BINDINGS: return g->menus.options_return == SCREEN_PAUSE ? level : "title";
    case SCREEN_PLAY:
    case SCREEN_PAUSE:
    case SCREEN_COMPLETE: return level;
    case SCREEN_END: return "peak";
    case SCREEN_ERROR: return NULL;
    }
    return NULL;
}

void frontend_show(Frontend *g, Screen s)
{
    if (s == SCREEN_END) {
        summary_campaign(g, &g->ending.sum);
        g->ending.credits_at = -1.0f;
    }
    const char *track = screen_track(g, s);
    if (track != NULL)
        frontend_music(g, track);
    g->screen = s;
    g->screen_time = 0.0f;
    g->menus.menu.count = 0;
    g->menus.capture = -1;
    g->menus.note[0] = '\0';
    controls_release_all(&g->controls);
    build_menu(g);
    if (s == SCREEN_LEVELS && g->campaign && g->saves.progress.last_level[0]) {
        /* the cursor on the level last played */
        int last = campaign_find(g->campaign, g->saves.progress.last_level);
        if (last >= 0)
            menu_select(&g->menus.menu, ITEM_LEVEL_FIRST + last);
    }
}

/* ---- menus' actions ---------------------------------------------------------- */

/* Fit, then 1x up to the largest the display takes, round again. */
static void set_scale(Frontend *g, int delta)
{
    int m = max_scale(g);
    int s = shown_scale(g) + delta;
    if (s < 0)
        s = m;
    if (s > m)
        s = 0;
    g->saves.settings.window_scale = s;
    g->saves.settings_dirty = true;
    if (g->hooks.set_scale)
        g->hooks.set_scale(g->hooks.ctx, s);
}

static void toggle_fullscreen(Frontend *g)
{
    g->saves.settings.fullscreen = !g->saves.settings.fullscreen;
    g->saves.settings_dirty = true;
    if (g->hooks.set_fullscreen)
        g->hooks.set_fullscreen(g->hooks.ctx, g->saves.settings.fullscreen);
    save_settings(g);
}

static void toggle_debug_overlay(Frontend *g)
{
    g->saves.settings.debug_overlay = !g->saves.settings.debug_overlay;
    g->saves.settings_dirty = true;
    save_settings(g);
}

static void open_options(Frontend *g, Screen back)
{
    g->menus.options_return = back;
    frontend_show(g, SCREEN_OPTIONS);
}

static void leave_level(Frontend *g)
{
    session_write_recording(g);
    if (!g->campaign) {
        g->quit = true;
        return;
    }
    frontend_show(g, SCREEN_TITLE);
}

static void continue_campaign(Frontend *g)
{
    if (!g->campaign)
        return;
    int index = g->saves.progress.last_level[0] ? campaign_find(g->campaign, g->saves.progress.last_level) : -1;
    if (index >= 0) {
        /* the level after the last one played, once that one is done */
        const LevelRecord *rec = progress_find(&g->saves.progress, g->saves.progress.last_level);
        if (rec && rec->completed && index + 1 < g->campaign->count &&
            progress_is_unlocked(&g->saves.progress, index + 1))
            index++;
    } else {
        index = 0;
    }
    session_start_campaign_level(g, index);
}

static void menu_action(Frontend *g, MenuEvent ev, int id)
{
    if (ev == MENU_EV_MOVED) {
        frontend_sound(g, SOUND_MENU_MOVE);
        return;
    }
    if (ev == MENU_EV_BACK) {
        frontend_sound(g, SOUND_MENU_BACK);
        /* back where the player came from, the cursor on the way in */
        switch (g->screen) {
        case SCREEN_LEVELS:
            frontend_show(g, SCREEN_TITLE);
            menu_select(&g->menus.menu, ITEM_LEVELS);
            break;
        case SCREEN_OPTIONS:
            save_settings(g);
            frontend_show(g, g->menus.options_return);
            menu_select(&g->menus.menu, ITEM_OPTIONS);
            break;
        case SCREEN_BINDINGS:
            frontend_show(g, SCREEN_OPTIONS);
            menu_select(&g->menus.menu, ITEM_BINDINGS);
            break;
        case SCREEN_PAUSE: frontend_show(g, SCREEN_PLAY); break;
        default: break;
        }
        return;
    }
    if (ev == MENU_EV_NONE)
        return;
    bool change = ev == MENU_EV_DECREASE || ev == MENU_EV_INCREASE;
    int dir = ev == MENU_EV_DECREASE ? -1 : 1;
    if (change && id != ITEM_SCALE && !volume_of(g, id) && id != ITEM_FULLSCREEN &&
        id != ITEM_MUTE)
        return;
    frontend_sound(g, ev == MENU_EV_ACTIVATE ? SOUND_MENU_SELECT : SOUND_MENU_MOVE);
    if (id >= ITEM_LEVEL_FIRST) {
        session_start_campaign_level(g, id - ITEM_LEVEL_FIRST);
        return;
    }
    if (id >= ITEM_KEY_FIRST) {
        g->menus.capture = id >= ITEM_PAD_FIRST ? id - ITEM_PAD_FIRST : id - ITEM_KEY_FIRST;
        g->menus.capture_pad = id >= ITEM_PAD_FIRST;
        const char *action = controls_action_name((ControlAction)g->menus.capture);
        if (g->menus.capture_pad)
            snprintf(g->menus.note, sizeof g->menus.note,
                     "A new button is added to %s, one of its own removed. Esc: leave it", action);
        else
            snprintf(g->menus.note, sizeof g->menus.note,
                     "A new key is added to %s, one of its own removed. Esc: leave it", action);
        build_menu(g);
        return;
    }
    switch (id) {
    case ITEM_CONTINUE: continue_campaign(g); break;
    case ITEM_LEVELS: frontend_show(g, SCREEN_LEVELS); break;
    case ITEM_OPTIONS: open_options(g, g->screen); break;
    case ITEM_QUIT: g->quit = true; break;
    case ITEM_RESUME: frontend_show(g, SCREEN_PLAY); break;
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
    case ITEM_VOLUME:
    case ITEM_SFX:
    case ITEM_MUSIC: {
        /* steps of 10; OK past 100 goes round to 0, right stops at 100 */
        int *volume = volume_of(g, id);
        int v = *volume + (change ? dir : 1) * 10;
        if (v > SETTINGS_VOLUME_MAX)
            v = change ? SETTINGS_VOLUME_MAX : 0;
        if (v < 0)
            v = 0;
        *volume = v;
        g->saves.settings_dirty = true;
        apply_volume(g);
        build_menu(g);
        break;
    }
    case ITEM_MUTE:
        g->saves.settings.mute = !g->saves.settings.mute;
        g->saves.settings_dirty = true;
        apply_volume(g);
        build_menu(g);
        break;
    case ITEM_BINDINGS: frontend_show(g, SCREEN_BINDINGS); break;
    case ITEM_DEFAULTS:
        controls_default_bindings(&g->controls.bind);
        bindings_changed(g);
        snprintf(g->menus.note, sizeof g->menus.note, "Every key and button is as it first was");
        build_menu(g);
        break;
    case ITEM_BACK: menu_action(g, MENU_EV_BACK, id); break;
    default: break;
    }
}

/* Says on the controls screen what an edit did: "Z added to Jump",
** "X replaced Up for Jump", "Z removed from Jump" (and whose it was). */
static void edit_note(Frontend *g, ControlsEditResult r, const char *name, const char *old)
{
    const char *action = controls_action_name((ControlAction)g->menus.capture);
    const char *kind = g->menus.capture_pad ? "button" : "key";
    char *note = g->menus.note;
    size_t cap = sizeof g->menus.note;
    switch (r.what) {
    case CONTROLS_ADDED: snprintf(note, cap, "%s added to %s", name, action); break;
    case CONTROLS_REPLACED:
        snprintf(note, cap, "%s replaced %s for %s (it has room for no more)", name, old, action);
        break;
    case CONTROLS_REMOVED: snprintf(note, cap, "%s removed from %s", name, action); break;
    case CONTROLS_KEPT_LAST:
        snprintf(note, cap, "%s is the only %s of %s: add another first", name, kind, action);
        break;
    }
    if (r.taken_from >= 0) {
        size_t n = strlen(note);
        snprintf(note + n, cap - n, ", and taken from %s",
                 controls_action_name((ControlAction)r.taken_from));
    }
}

/* The controls menu's "press a key..." takes the next key or button: a new
** one is added to the action (or replaces its last when it is full), one
** of its own is removed; Esc leaves it as it was. */
static bool capture_event(Frontend *g, const SDL_Event *ev)
{
    if (g->menus.capture < 0)
        return false;
    bool key = ev->type == SDL_KEYDOWN && !ev->key.repeat;
    bool button = ev->type == SDL_CONTROLLERBUTTONDOWN;
    if (!key && !button)
        return ev->type == SDL_KEYUP || ev->type == SDL_CONTROLLERBUTTONUP;
    ControlAction action = (ControlAction)g->menus.capture;
    char name[48], old[48];
    ControlsEditResult r;
    bool edited = false;
    if (key && !g->menus.capture_pad && ev->key.keysym.scancode != SDL_SCANCODE_ESCAPE) {
        SDL_Scancode code = ev->key.keysym.scancode;
        r = controls_edit_key(&g->controls.bind, action, code);
        labels_key(code, name, sizeof name);
        labels_key((SDL_Scancode)r.old, old, sizeof old);
        edited = true;
    } else if (button && g->menus.capture_pad) {
        SDL_GameControllerButton b = (SDL_GameControllerButton)ev->cbutton.button;
        r = controls_edit_button(&g->controls.bind, action, b);
        labels_button(b, name, sizeof name);
        labels_button((SDL_GameControllerButton)r.old, old, sizeof old);
        edited = true;
    }
    if (edited) {
        edit_note(g, r, name, old);
        bindings_changed(g);
        frontend_sound(g, r.what == CONTROLS_KEPT_LAST ? SOUND_MENU_BACK : SOUND_MENU_SELECT);
    } else {
        /* Esc, or a key while a pad button is awaited, or the other way round */
        g->menus.note[0] = '\0';
        if (key)
            frontend_sound(g, SOUND_MENU_BACK);
    }
    g->menus.capture = -1;
    controls_release_all(&g->controls);
    build_menu(g);
    return true;
}

/* ---- events and time ----------------------------------------------------------- */

void frontend_event(Frontend *g, const SDL_Event *ev)
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
            if (g->screen == SCREEN_PLAY && !g->session.playing_back)
                frontend_show(g, SCREEN_PAUSE);
        }
        return;
    }
    ControlsResult r = controls_event(&g->controls, ev);
    if (r.pressed & (1u << ACT_FULLSCREEN)) {
        toggle_fullscreen(g);
        return;
    }
    /* the notices' panel first: OK or Back puts it away */
    if (g->saves.notices_pending) {
        if (r.menu == MENU_OK || r.menu == MENU_BACK) {
            g->saves.notices_pending = false;
            controls_release_all(&g->controls);
            frontend_sound(g, SOUND_MENU_SELECT);
        }
        return;
    }
    switch (g->screen) {
    case SCREEN_PLAY:
        if (r.pressed & (1u << ACT_PAUSE)) {
            frontend_sound(g, SOUND_MENU_SELECT);
            frontend_show(g, SCREEN_PAUSE);
        } else if (r.pressed & (1u << ACT_RESTART)) {
            session_restart(g);
        }
        break;
    case SCREEN_COMPLETE:
        if (r.menu == MENU_OK && g->screen_time > 0.4f) {
            frontend_sound(g, SOUND_MENU_SELECT);
            if (g->session.campaign_index >= 0 && g->campaign &&
                g->session.campaign_index + 1 < g->campaign->count)
                session_start_campaign_level(g, g->session.campaign_index + 1);
            else if (g->session.campaign_index >= 0)
                frontend_show(g, SCREEN_END);
            else
                session_restart(g);
        } else if (r.menu == MENU_BACK) {
            leave_level(g);
        }
        break;
    case SCREEN_END:
        /* OK: from the totals to the credits, from the credits to the
        ** title; Back: to the title */
        if (g->screen_time <= 0.8f)
            break;
        if (r.menu == MENU_OK && g->ending.credits_at < 0.0f)
            g->ending.credits_at = g->screen_time;
        else if (r.menu == MENU_OK || r.menu == MENU_BACK)
            frontend_show(g, SCREEN_TITLE);
        break;
    case SCREEN_ERROR:
        if (r.menu == MENU_BACK)
            leave_level(g);
        else if (r.pressed & (1u << ACT_RESTART))
            g->session.reload_now = true; /* try loading again */
        break;
    default:
        if (r.menu != MENU_NONE) {
            int id;
            MenuEvent mev = menu_input(&g->menus.menu, r.menu, &id);
            menu_action(g, mev, id);
        }
        break;
    }
}

void frontend_update(Frontend *g, double frame_seconds)
{
    float dt = (float)frame_seconds;
    g->screen_time += dt;
    g->session.exact = false;
    session_poll_reload(g, dt);
    if (!g->saves.notices_pending) /* the level waits while they are read */
        session_update(g, frame_seconds);
    if (g->screen == SCREEN_END) {
        /* the totals for a while, then the credits, then the title */
        if (g->ending.credits_at < 0.0f && g->screen_time >= END_TOTALS_SECONDS)
            g->ending.credits_at = g->screen_time;
        if (g->ending.credits_at >= 0.0f &&
            g->screen_time - g->ending.credits_at > screens_credits_seconds(g))
            frontend_show(g, SCREEN_TITLE);
    }
    if (g->session.tick_count >= 30) {
        g->frame.stats.tick_ms = (float)(g->session.tick_seconds * 1000.0 / g->session.tick_count);
        g->session.tick_seconds = 0.0;
        g->session.tick_count = 0;
    }
}

void frontend_set_fps(Frontend *g, float fps)
{
    g->frame.stats.fps = fps;
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

static void read_settings(const char *path, Settings *s, SaveNotices *out)
{
    SaveNotices notices = {0};
    BindingNames names;
    settings_defaults(s);
    if (!path[0])
        return;
    bindings_known_names(&names);
    settings_load(path, &names.known, s, &notices);
    save_notices_print(&notices, stderr, "platformer");
    if (out)
        *out = notices;
}

void frontend_read_settings(Settings *s, SaveNotices *notices)
{
    char settings[APP_PATH_MAX], progress[APP_PATH_MAX];
    pref_paths(settings, progress, sizeof settings);
    read_settings(settings, s, notices);
}

/* Adds a load's notices to those the panel shows. */
static void gather_notices(Frontend *g, const SaveNotices *n)
{
    SaveNotices *all = &g->saves.notices;
    for (int i = 0; i < n->count; i++) {
        if (all->count < SAVE_NOTICES_MAX)
            all->list[all->count++] = n->list[i];
        else
            all->dropped++;
    }
    all->dropped += n->dropped;
    /* a screenshot or a test run shows the level, not a panel */
    g->saves.notices_pending = !g->opt.transient && (all->count > 0 || all->dropped > 0);
}

/* Replaces every "FOLDER/" of the player's folder in text with nothing. */
static void strip_folder(char *text, const char *folder)
{
    size_t n = strlen(folder);
    if (n == 0)
        return;
    for (char *at = strstr(text, folder); at != NULL; at = strstr(at, folder))
        memmove(at, at + n, strlen(at + n) + 1);
}

void frontend_notices_text(const Frontend *g, char *out, size_t cap)
{
    const SaveNotices *all = &g->saves.notices;
    char folder[APP_PATH_MAX];
    snprintf(folder, sizeof folder, "%s", g->saves.settings_path);
    char *slash = strrchr(folder, '/');
    if (slash != NULL)
        slash[1] = '\0';
    else
        folder[0] = '\0';
    size_t used = (size_t)snprintf(out, cap, "Your settings and progress are kept in %s\n\n",
                                   folder[0] ? folder : "your data folder");
    for (int i = 0; i < all->count && used + 1 < cap; i++) {
        SaveNotice n = all->list[i];
        const char *base = strrchr(n.file, '/');
        memmove(n.file, base ? base + 1 : n.file, strlen(base ? base + 1 : n.file) + 1);
        strip_folder(n.message, folder);
        char line[SAVE_NOTICE_FILE_MAX + SAVE_NOTICE_MESSAGE_MAX + 32];
        save_notice_format(&n, line, sizeof line);
        used += (size_t)snprintf(out + used, cap - used, "%s\n", line);
    }
    if (all->dropped > 0 && used + 1 < cap)
        snprintf(out + used, cap - used, "... and %d more (the terminal has them all)\n",
                 all->dropped);
}

Frontend *frontend_create(SDL_Renderer *renderer, const FrontendOptions *opt, const FrontendHooks *hooks,
                  char *err, size_t errlen)
{
    Frontend *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->renderer = renderer;
    g->opt = *opt;
    g->opt.settings = NULL; /* copied below; the caller's may not outlive the game */
    if (hooks)
        g->hooks = *hooks;
    g->menus.capture = -1;
    g->session.campaign_index = -1;
    batch_init(&g->batch, renderer);
    sprite_list_init(&g->sprites);
    replay_init(&g->session.playback);
    replay_init(&g->session.record);

    if (!app_find_data(opt->data_dir, opt->base_path, g->data_dir, sizeof g->data_dir)) {
        app_data_missing(opt->data_dir, err, errlen);
        goto fail;
    }
    char resolved[PATH_MAX];
    if (realpath(g->data_dir, resolved) && strlen(resolved) < sizeof g->data_dir)
        strcpy(g->data_dir, resolved); /* messages then name files plainly */
    if (!assets_load_atlas(g->data_dir, renderer, &g->atlas, &g->clips, err, errlen))
        goto fail;

    pref_paths(g->saves.settings_path, g->saves.progress_path, sizeof g->saves.settings_path);
    SaveNotices notices = {0};
    if (opt->settings) {
        g->saves.settings = *opt->settings;
        if (opt->settings_notices)
            notices = *opt->settings_notices;
    } else {
        read_settings(g->saves.settings_path, &g->saves.settings, &notices);
    }
    gather_notices(g, &notices);
    progress_defaults(&g->saves.progress);
    if (g->saves.progress_path[0]) {
        save_notices_clear(&notices);
        progress_load(g->saves.progress_path, &g->saves.progress, &notices);
        save_notices_print(&notices, stderr, "platformer");
        gather_notices(g, &notices);
    }
    ControlBindings bind;
    bindings_from_settings(&g->saves.settings, &bind);
    controls_init(&g->controls, &bind);
    apply_volume(g);

    if (opt->level_path)
        snprintf(g->session.level_path, sizeof g->session.level_path, "%s", opt->level_path);
    if (!session_setup_replays(g, err, errlen))
        goto fail;

    if (g->session.level_path[0]) {
        char path[APP_PATH_MAX];
        snprintf(path, sizeof path, "%s", g->session.level_path);
        session_start_level(g, path, "", -1);
    } else {
        g->campaign = malloc(sizeof *g->campaign);
        char path[APP_PATH_MAX];
        int n = snprintf(path, sizeof path, "%s/levels/campaign.json", g->data_dir);
        if (n < 0 || (size_t)n >= sizeof path) {
            snprintf(err, errlen, "%s/levels/campaign.json: the path is too long", g->data_dir);
            goto fail;
        }
        if (!g->campaign) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        if (!campaign_load(path, g->campaign, err, errlen))
            goto fail;
        if (g->saves.progress.unlocked > g->campaign->count)
            g->saves.progress.unlocked = g->campaign->count;
        frontend_show(g, SCREEN_TITLE);
    }
    return g;
fail:
    frontend_destroy(g);
    return NULL;
}

void frontend_destroy(Frontend *g)
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

const Settings *frontend_settings(const Frontend *g)
{
    return &g->saves.settings;
}

bool frontend_wants_quit(const Frontend *g)
{
    return g->quit;
}

int frontend_last_draw_calls(const Frontend *g)
{
    return g->frame.draw_calls;
}

bool frontend_in_level(const Frontend *g)
{
    return g->screen == SCREEN_PLAY && g->session.sim != NULL;
}

const char *frontend_error_text(const Frontend *g)
{
    return g->session.error_text;
}

Sim *frontend_sim(Frontend *g)
{
    return g->session.sim;
}

const RenderAtlas *frontend_atlas(const Frontend *g)
{
    return &g->atlas;
}

void frontend_last_view(const Frontend *g, int *x, int *y)
{
    *x = g->frame.view_x;
    *y = g->frame.view_y;
}
