/* SPDX-License-Identifier: Zlib */
/*
** frontend.c -- each event and frame handed to the screen shown, and the
** one point where the screen changes (see frontend_internal.h); the
** player's settings and progress; start-up and shut-down.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "frontend_internal.h"

#include "assets.h"
#include "bindings.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers --------------------------------------------------------- */

void frontend_sound(Frontend *g, Sound s)
{
    if (g->hooks.play)
        g->hooks.play(g->hooks.ctx, s);
}

void frontend_apply_volume(Frontend *g)
{
    const Settings *s = &g->saves.settings;
    if (g->hooks.set_volume)
        g->hooks.set_volume(g->hooks.ctx, s->master_volume, s->sfx_volume, s->music_volume,
                            s->mute);
}

/* The user's data folder's settings.json and progress.json, or why there
** are none: SDL could not make the folder, or the paths would not fit
** (never cut short: a file named "setti" is no save). */
char *frontend_user_folder(void)
{
    return SDL_GetPrefPath("PipsPeak", "pips-peak");
}

static bool pref_paths(char *settings, char *progress, size_t cap, char *why, size_t why_cap)
{
    settings[0] = progress[0] = '\0';
    char *pref = frontend_user_folder();
    if (!pref) {
        snprintf(why, why_cap,
                 "there is no folder to keep your settings and progress in (%s);"
                 " nothing is saved until it can be made, which the game tries at each save",
                 SDL_GetError());
        return false;
    }
    int a = snprintf(settings, cap, "%ssettings.json", pref);
    int b = snprintf(progress, cap, "%sprogress.json", pref);
    bool fits = a > 0 && (size_t)a < cap && b > 0 && (size_t)b < cap;
    if (!fits) {
        settings[0] = progress[0] = '\0';
        snprintf(why, why_cap,
                 "the path of the folder for your settings and progress is too long"
                 " (%zu bytes): nothing is saved",
                 strlen(pref));
    }
    SDL_free(pref);
    return fits;
}

/* Shows the panel with one notice, the lines it showed before having been
** read. */
static void tell(Frontend *g, const char *message, bool unsaved)
{
    fprintf(stderr, "%s: %s\n", g->opt.program, message);
    if (g->opt.transient)
        return;
    if (!g->saves.notices_pending) {
        save_notices_clear(&g->saves.notices);
        g->saves.notices_unsaved = false;
    }
    save_notices_add(&g->saves.notices, "", 0, 0, "%s", message);
    g->saves.notices_pending = true;
    g->saves.notices_unsaved |= unsaved;
}

/* A save failed: told in the game the first time since the last one that
** worked; the file stays dirty, to be written at the next save. */
static void save_failed(Frontend *g, const char *err)
{
    if (g->saves.failing) {
        fprintf(stderr, "%s: %s\n", g->opt.program, err);
        return;
    }
    g->saves.failing = true;
    char message[SAVE_NOTICE_MESSAGE_MAX];
    snprintf(message, sizeof message,
             "%s; the game tries again at its next save and when you"
             " quit",
             err);
    tell(g, message, true);
}

/* Writes p as campaign's record in progress.json; a failure is told. */
static bool save_record(Frontend *g, const char *campaign, Progress *p, char *err, size_t errlen)
{
    SaveNotices notices = {0};
    bool saved = progress_save(g->saves.progress_path, campaign, p, &notices, err, errlen);
    for (int i = 0; i < notices.count; i++) {
        char line[SAVE_NOTICE_FILE_MAX + SAVE_NOTICE_MESSAGE_MAX + 32];
        save_notice_format(&notices.list[i], line, sizeof line);
        tell(g, line, false);
    }
    if (!saved)
        save_failed(g, err);
    return saved;
}

/* Writes whichever of settings.json and progress.json changed since it was
** last written. */
void frontend_save_settings(Frontend *g)
{
    Saves *sv = &g->saves;
    if (g->opt.transient || (!sv->settings_dirty && !sv->progress_dirty && !sv->aside_dirty))
        return;
    char why[APP_PATH_MAX + 256];
    if (!sv->settings_path[0] && !pref_paths(sv->settings_path, sv->progress_path,
                                             sizeof sv->settings_path, why, sizeof why)) {
        save_failed(g, why);
        return;
    }
    char err[2 * APP_PATH_MAX + 512];
    bool ok = true;
    if (sv->settings_dirty) {
        if (settings_save(sv->settings_path, &sv->settings, err, sizeof err))
            sv->settings_dirty = false;
        else {
            save_failed(g, err);
            ok = false;
        }
    }
    if (sv->progress_dirty && !save_record(g, sv->campaign, &sv->progress, err, sizeof err))
        ok = false;
    else
        sv->progress_dirty = false;
    if (sv->aside_dirty && !save_record(g, sv->aside_campaign, &sv->aside, err, sizeof err))
        ok = false;
    else
        sv->aside_dirty = false;
    if (ok && sv->failing) {
        sv->failing = false;
        fprintf(stderr, "%s: saved\n", g->opt.program);
    }
}

void frontend_save_progress(Frontend *g)
{
    g->saves.progress_dirty = true;
    frontend_save_settings(g);
}

/* ---- the change of screen ---------------------------------------------------- */

void frontend_go(Frontend *g, Screen s)
{
    g->next = s;
    g->next_back = false;
}

void frontend_back(Frontend *g)
{
    Screen to = SCREENS[g->screen].back;
    if (to != SCREEN_NONE) {
        g->next = to == SCREEN_FROM ? g->opened_from[g->screen].screen : to;
        g->next_back = true;
    }
}

/* The one place where the screen changes, to the one asked for last: what
** every screen needs done (the settings the last one changed written), then
** the row's enter; back where it was opened from, the cursor on the item
** that opened the screen left. */
static void change_screen(Frontend *g)
{
    Screen s = g->next;
    if (s == SCREEN_NONE)
        return;
    g->next = SCREEN_NONE;
    const Menu *m = &g->menus.menu;
    int item = -1;
    if (!g->next_back) {
        g->opened_from[s].screen = g->screen;
        g->opened_from[s].item = m->count > 0 ? m->items[m->cursor].id : -1;
    } else if (g->opened_from[g->screen].screen == s) {
        item = g->opened_from[g->screen].item;
    }
    frontend_save_settings(g);
    const char *track = SCREENS[s].music;
    if (track != NULL && track[0] == '\0')
        track = g->session.have_level ? g->session.level.background : NULL;
    if (track != NULL && g->hooks.play_music)
        g->hooks.play_music(g->hooks.ctx, track);
    g->screen = s;
    g->screen_time = 0.0f;
    g->grab = false;
    g->menus.menu.count = 0;
    g->menus.capture = -1;
    g->menus.replace_code = -1;
    g->menus.note[0] = '\0';
    controls_release_all(&g->controls);
    if (SCREENS[s].enter)
        SCREENS[s].enter(g);
    if (item >= 0)
        menu_select(&g->menus.menu, item);
}

/* ---- events and time ----------------------------------------------------------- */

void frontend_event(Frontend *g, const SDL_Event *ev)
{
    const ScreenDef *screen = &SCREENS[g->screen];
    ControlsResult r = {0, MENU_NONE};
    bool key = ev->type == SDL_KEYDOWN && !ev->key.repeat;
    SDL_Scancode code = key ? ev->key.keysym.scancode : SDL_SCANCODE_UNKNOWN;
    if (g->grab) {
        screen->event(g, ev, r);
    } else if (key && code == SDL_SCANCODE_F3) {
        g->saves.settings.debug_overlay = !g->saves.settings.debug_overlay;
        g->saves.settings_dirty = true;
        frontend_save_settings(g);
    } else if (key && (code == SDL_SCANCODE_RETURN || code == SDL_SCANCODE_KP_ENTER) &&
               (ev->key.keysym.mod & KMOD_ALT)) {
        screens_toggle_fullscreen(g);
    } else if (ev->type == SDL_CONTROLLERDEVICEREMOVED ||
               (ev->type == SDL_WINDOWEVENT && ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST)) {
        controls_release_all(&g->controls); /* a loss: nothing stays held, and play pauses */
        screen->event(g, ev, r);
    } else if (ev->type != SDL_WINDOWEVENT) {
        r = controls_event(&g->controls, ev);
        if (r.pressed & (1u << ACT_FULLSCREEN)) {
            screens_toggle_fullscreen(g);
        } else if (g->saves.notices_pending) {
            /* the notices' panel first: OK or Back puts it away */
            if (r.menu == MENU_OK || r.menu == MENU_BACK) {
                g->saves.notices_pending = false;
                g->saves.notices_unsaved = false;
                save_notices_clear(&g->saves.notices);
                controls_release_all(&g->controls);
                frontend_sound(g, SOUND_MENU_SELECT);
            }
        } else {
            screen->event(g, ev, r);
        }
    }
    change_screen(g);
}

void frontend_update(Frontend *g, double frame_seconds)
{
    float dt = (float)frame_seconds;
    g->screen_time += dt;
    g->session.exact = false;
    session_poll_reload(g, dt);
    /* the screen waits while the notices are read */
    if (!g->saves.notices_pending && SCREENS[g->screen].update)
        SCREENS[g->screen].update(g, frame_seconds);
    change_screen(g);
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

static void read_settings(const char *path, Settings *s, SaveNotices *out, const char *program)
{
    SaveNotices notices = {0};
    BindingNames names;
    settings_defaults(s);
    if (!path[0])
        return;
    bindings_known_names(&names);
    settings_load(path, &names.known, s, &notices);
    save_notices_print(&notices, stderr, level_program_name(program));
    if (out)
        *out = notices;
}

void frontend_read_settings(Settings *s, SaveNotices *notices, const char *program)
{
    char settings[APP_PATH_MAX], progress[APP_PATH_MAX], why[APP_PATH_MAX + 256];
    if (pref_paths(settings, progress, sizeof settings, why, sizeof why))
        read_settings(settings, s, notices, program);
    else
        settings_defaults(s); /* frontend_create tells why */
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
    custom_user_dir(g, folder, sizeof folder);
    size_t used = folder[0] ? (size_t)snprintf(out, cap,
                                               "Your settings and progress are kept in"
                                               " %s\n\n",
                                               folder)
                            : 0;
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

Frontend *frontend_create(SDL_Renderer *renderer, const FrontendOptions *opt,
                          const FrontendHooks *hooks, char *err, size_t errlen)
{
    Frontend *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->renderer = renderer;
    g->opt = *opt;
    g->opt.program = level_program_name(opt->program);
    g->opt.settings = NULL; /* copied below; the caller's may not outlive the game */
    if (hooks)
        g->hooks = *hooks;
    g->menus.capture = -1;
    g->menus.replace_code = -1;
    g->next = SCREEN_NONE;
    g->session.campaign_index = -1;
    batch_init(&g->batch, renderer);
    sprite_list_init(&g->sprites);
    replay_init(&g->session.playback);
    replay_init(&g->session.record);
    replay_init(&g->session.test_inputs);

    if (!app_find_data(opt->data_dir, opt->base_path, g->data_dir, sizeof g->data_dir)) {
        app_data_missing(opt->data_dir, err, errlen);
        goto fail;
    }
    char resolved[PATH_MAX];
    if (realpath(g->data_dir, resolved) && strlen(resolved) < sizeof g->data_dir)
        strcpy(g->data_dir, resolved); /* messages then name files plainly */
    if (!assets_load_atlas(g->data_dir, renderer, &g->atlas, &g->clips, err, errlen))
        goto fail;

    char why[APP_PATH_MAX + 256];
    bool have_folder = pref_paths(g->saves.settings_path, g->saves.progress_path,
                                  sizeof g->saves.settings_path, why, sizeof why);
    if (!app_campaign_id(g->data_dir, opt->base_path, g->saves.campaign,
                         sizeof g->saves.campaign)) {
        snprintf(err, errlen, "%s: the path of the data folder is too long", g->data_dir);
        goto fail;
    }
    SaveNotices notices = {0};
    if (opt->settings) {
        g->saves.settings = *opt->settings;
        if (opt->settings_notices)
            notices = *opt->settings_notices;
    } else {
        read_settings(g->saves.settings_path, &g->saves.settings, &notices, g->opt.program);
    }
    gather_notices(g, &notices);
    progress_init(&g->saves.progress);
    if (g->saves.progress_path[0]) {
        save_notices_clear(&notices);
        progress_load(g->saves.progress_path, g->saves.campaign, &g->saves.progress, &notices);
        save_notices_print(&notices, stderr, g->opt.program);
        gather_notices(g, &notices);
    }
    if (!have_folder) {
        tell(g, why, true);
        g->saves.failing = true; /* said: the saves that fail until there is one are not */
    }
    ControlBindings bind;
    bindings_from_settings(&g->saves.settings, &bind);
    controls_init(&g->controls, &bind);
    frontend_apply_volume(g);

    if (opt->level_path) {
        /* a path, or a level's name: the player's levels, then the game's */
        char user[APP_PATH_MAX];
        custom_user_dir(g, user, sizeof user);
        if (!app_level_path(opt->level_path, user, g->data_dir, g->session.level_path,
                            sizeof g->session.level_path, err, errlen))
            goto fail;
    }
    if (!session_setup_replays(g, err, errlen))
        goto fail;

    if (g->session.level_path[0] && !opt->edit_path) {
        char path[APP_PATH_MAX];
        snprintf(path, sizeof path, "%s", g->session.level_path);
        session_start_level(g, path, "", -1, SCREEN_NONE);
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
        progress_unlock_completed(&g->saves.progress, g->campaign);
        frontend_go(g, opt->edit_path ? SCREEN_EDITOR : SCREEN_TITLE);
    }
    change_screen(g);
    return g;
fail:
    frontend_destroy(g);
    return NULL;
}

/* The record in use and the one aside change places. */
static void swap_records(Saves *sv)
{
    Progress p = sv->progress;
    sv->progress = sv->aside;
    sv->aside = p;
    bool dirty = sv->progress_dirty;
    sv->progress_dirty = sv->aside_dirty;
    sv->aside_dirty = dirty;
    char campaign[PROGRESS_CAMPAIGN_MAX];
    memcpy(campaign, sv->campaign, sizeof campaign);
    memcpy(sv->campaign, sv->aside_campaign, sizeof campaign);
    memcpy(sv->aside_campaign, campaign, sizeof campaign);
}

void frontend_use_record(Frontend *g, const char *campaign)
{
    Saves *sv = &g->saves;
    frontend_save_settings(g);
    if (sv->have_aside) {
        /* a record that could not be saved yet: its own campaign takes it
        ** back; for any other it is let go (its failed save was told) */
        if (strcmp(sv->aside_campaign, campaign) == 0) {
            swap_records(sv);
            return;
        }
        progress_fini(&sv->aside);
    }
    sv->aside = sv->progress;
    sv->aside_dirty = sv->progress_dirty;
    sv->have_aside = true;
    snprintf(sv->aside_campaign, sizeof sv->aside_campaign, "%s", sv->campaign);
    snprintf(sv->campaign, sizeof sv->campaign, "%s", campaign);
    sv->progress_dirty = false;
    progress_init(&sv->progress);
    if (sv->progress_path[0]) {
        SaveNotices notices = {0};
        progress_load(sv->progress_path, campaign, &sv->progress, &notices);
        save_notices_print(&notices, stderr, g->opt.program);
        gather_notices(g, &notices);
    }
}

void frontend_main_record(Frontend *g)
{
    Saves *sv = &g->saves;
    if (!sv->have_aside)
        return;
    frontend_save_settings(g);
    swap_records(sv);
    /* the other record stays aside only while it waits to be saved */
    sv->have_aside = sv->aside_dirty;
    if (!sv->have_aside)
        progress_fini(&sv->aside);
}

void frontend_destroy(Frontend *g)
{
    if (!g)
        return;
    frontend_save_settings(g); /* the settings and progress not saved yet, failed saves too */
    for (int s = 0; s < SCREEN_COUNT; s++)
        if (SCREENS[s].fini)
            SCREENS[s].fini(g);
    progress_fini(&g->saves.progress);
    if (g->saves.have_aside)
        progress_fini(&g->saves.aside);
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

bool frontend_in_level(const Frontend *g)
{
    return g->screen == SCREEN_PLAY && g->session.sim != NULL;
}
