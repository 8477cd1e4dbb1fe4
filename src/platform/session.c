/* SPDX-License-Identifier: Zlib */
/*
** session.c -- the level being played: loading it, its ticks, hot reload,
** recording and playback; the play screen's event and frame.
**
** The level runs only on the play screen: a fixed-step accumulator turns
** real time into ticks, each tick gets one InputIntent (from the controls,
** or from a replay being played back), and the tick's events start effects
** and sounds. Camera and effects advance per frame, with the interpolated
** player position, so they are smooth at any refresh rate and never feed
** back into the simulation.
**
** A recording always covers one run from the level's start, because that
** is where --verify and --replay begin: restarting or hot reloading while
** recording starts the recording over.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "frontend_internal.h"

#include "save.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- recording --------------------------------------------------------------- */

/* Writes the recording, once, if there is one to write. */
static void write_recording(Frontend *g)
{
    if (!g->session.recording || g->session.record_saved || !g->session.sim)
        return;
    ReplayHeader h = {0};
    /* The replay names its level relative to itself, to survive a move. */
    if (!level_path_relative(g->opt.record_path, g->session.level_path, h.level, sizeof h.level))
        snprintf(h.level, sizeof h.level, "%s", g->session.level_path);
    const SimStatus *st = sim_status(g->session.sim);
    snprintf(h.outcome, sizeof h.outcome, "%s", app_outcome_name(st->outcome));
    h.ticks = g->session.record.count;
    snprintf(h.hash, sizeof h.hash, "%016" PRIx64, sim_hash(g->session.sim));
    char err[REPLAY_PATH_MAX + 256];
    if (replay_save(g->opt.record_path, &g->session.record, &h, err, sizeof err))
        g->session.record_saved = true;
    else
        fprintf(stderr, "%s: %s\n", g->opt.program, err);
}

bool session_setup_replays(Frontend *g, char *err, size_t errlen)
{
    if (g->opt.replay_path) {
        ReplayHeader expect;
        replay_init(&g->session.playback);
        if (!replay_load(g->opt.replay_path, &g->session.playback, &expect, err, errlen))
            return false;
        g->session.playing_back = true;
        if (!g->opt.level_path && !g->opt.edit_path) { /* the editor's test runs play it */
            if (!expect.level[0]) {
                snprintf(err, errlen, "%s: names no level (\"#! level: FILE\"); add --level FILE",
                         g->opt.replay_path);
                return false;
            }
            if (!replay_level_path(&expect, g->opt.replay_path, g->session.level_path,
                                   sizeof g->session.level_path)) {
                snprintf(err, errlen, "%s: the level's path is too long", g->opt.replay_path);
                return false;
            }
        }
    }
    if (g->opt.record_path) {
        /* a FIFO or a device is refused now, not after the run is played */
        if (!atomic_check_target(g->opt.record_path, err, errlen))
            return false;
        replay_init(&g->session.record);
        g->session.recording = true;
    }
    return true;
}

/* ---- the run ------------------------------------------------------------------- */

static CameraTarget player_target(Frontend *g, float alpha)
{
    CameraTarget t = {0, 0, 16, 24, 1, true, 0.0f, false};
    EcsWorld *w = sim_world(g->session.sim);
    EcsEntity p = sim_player(g->session.sim);
    const Transform *tr = ecs_get(w, p, C_TRANSFORM);
    const Player *pl = ecs_get(w, p, C_PLAYER);
    const Collider *col = ecs_get(w, p, C_COLLIDER);
    const Velocity *v = ecs_get(w, p, C_VELOCITY);
    if (tr)
        render_interpolate(tr, alpha, &t.x, &t.y); /* where the sprite is drawn */
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
    if (v) {
        t.vy = v->y;
        /* down held, standing still: looking down (camera.h) */
        const InputIntent *in = &g->session.last_in;
        t.looking_down = in->down && !in->left && !in->right && v->x == 0.0f;
    }
    return t;
}

/* The camera put on the player (reset) or moved after it over dt s. */
static void follow(Frontend *g, const CameraTarget *t, bool reset, float dt)
{
    float w = (float)(g->session.level.map.width * TILE_SIZE);
    float h = (float)(g->session.level.map.height * TILE_SIZE);
    CameraConfig cfg = camera_default_config();
    if (reset)
        camera_reset(&g->session.camera, &cfg, t, w, h);
    else
        camera_update(&g->session.camera, t, w, h, dt);
}

/* A fresh start for everything the front end keeps about a run. */
static void begin_run(Frontend *g)
{
    fixed_step_init(&g->session.step, 1.0 / SIM_TICK_RATE, 0.25);
    g->session.assisted = false;
    g->session.celebrate = 0.0f;
    g->session.sign_text = -1;
    g->session.sign_shown = 0.0f;
    g->session.sign_linger = 0.0f;
    g->session.last_in = (InputIntent){0};
    effects_init(&g->session.fx);
    banking_init(&g->session.bank, sim_params(g->session.sim)->respawn_time);
    secrets_fini(&g->session.secrets);
    if (!secrets_build(&g->session.secrets, &g->session.level.map))
        fprintf(stderr, "%s: out of memory: the secret tiles will not fade\n", g->opt.program);
    CameraTarget t = player_target(g, 1.0f);
    follow(g, &t, true, 0.0f);
    g->session.playback_pos = 0;
    if (g->session.recording) {
        g->session.record.count = 0;
        g->session.record_saved = false;
    }
    g->session.test_inputs.count = 0;
    g->session.test_finished = false;
    g->session.test_recording = g->session.test_run && g->session.test_from_start;
}

/* Replaces the Sim with next (NULL: it could not be built). */
static bool use_sim(Frontend *g, Sim *next)
{
    if (g->session.sim)
        sim_destroy(g->session.sim);
    g->session.sim = next;
    if (!g->session.sim) {
        snprintf(g->session.error_text, sizeof g->session.error_text,
                 "%.1024s: the level cannot be built (no player, or out of memory)",
                 g->session.level_path);
        return false;
    }
    begin_run(g);
    return true;
}

static bool make_sim(Frontend *g)
{
    return use_sim(g, sim_create(&g->session.level, &g->clips));
}

/* ---- loading ------------------------------------------------------------------- */

/* The errors, one a line; the error screen wraps them to its width. */
static void format_errors(const LevelErrors *errors, char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < errors->count && used + 1 < cap; i++) {
        size_t n = level_error_format(&errors->list[i], out + used, cap - used);
        used = used + n < cap ? used + n : cap - 1;
        if (used + 1 < cap) {
            out[used++] = '\n';
            out[used] = '\0';
        }
    }
    if (errors->dropped > 0 && used + 1 < cap)
        snprintf(out + used, cap - used, "... and %d more\n", errors->dropped);
}

/* Loads the level file into g->session.level; on failure the error text is set and
** the old level (if any) is kept. */
static bool load_level_file(Frontend *g, const char *path)
{
    LevelErrors *errors = calloc(1, sizeof *errors);
    LevelDesc desc = {0};
    if (!errors) {
        snprintf(g->session.error_text, sizeof g->session.error_text, "out of memory");
        return false;
    }
    char own[APP_PATH_MAX];
    bool ok = app_load_level(g->data_dir, path, custom_level_folder(g, path, own, sizeof own),
                             &desc, errors);
    if (!ok) {
        level_errors_print(errors, stderr);
        format_errors(errors, g->session.error_text, sizeof g->session.error_text);
        free(errors);
        return false;
    }
    free(errors);
    if (g->session.have_level)
        leveldesc_fini(&g->session.level);
    g->session.level = desc;
    g->session.have_level = true;
    g->session.error_text[0] = '\0';
    return true;
}

void session_start_level(Frontend *g, const char *path, const char *title, int campaign_index,
                         Screen leave_to)
{
    snprintf(g->session.level_path, sizeof g->session.level_path, "%s", path);
    snprintf(g->session.level_title, sizeof g->session.level_title, "%s", title);
    g->session.campaign_index = campaign_index;
    g->session.leave_to = leave_to;
    g->session.own_level = false;
    g->session.test_run = false;
    level_watch_init(&g->session.watch, path);
    g->session.reload_now = false;
    g->session.level_age = 0.0f;
    if (!load_level_file(g, path) || !make_sim(g)) {
        if (g->session.sim) {
            sim_destroy(g->session.sim);
            g->session.sim = NULL;
        }
        frontend_go(g, SCREEN_ERROR);
        return;
    }
    if (!g->session.level_title[0])
        snprintf(g->session.level_title, sizeof g->session.level_title, "%s",
                 g->session.level.name);
    render_upcase(g->session.level_title);
    if (campaign_index >= 0 &&
        progress_set_last_level(&g->saves.progress, level_path_basename(path)))
        frontend_save_progress(g);
    frontend_go(g, SCREEN_PLAY); /* and its world's music */
}

void session_play_desc(Frontend *g, LevelDesc *desc, const char *title, Screen leave_to,
                       bool from_start)
{
    if (g->session.have_level)
        leveldesc_fini(&g->session.level);
    g->session.level = *desc;
    *desc = (LevelDesc){0};
    g->session.have_level = true;
    g->session.level_path[0] = '\0'; /* nothing to reload from */
    g->session.error_text[0] = '\0';
    snprintf(g->session.level_title, sizeof g->session.level_title, "%s", title);
    render_upcase(g->session.level_title);
    g->session.campaign_index = -1;
    g->session.leave_to = leave_to;
    g->session.level_age = 0.0f;
    g->session.test_run = true;
    g->session.mark_count = 0;
    g->session.test_from_start = from_start;
    if (!make_sim(g)) {
        frontend_go(g, SCREEN_ERROR);
        return;
    }
    frontend_go(g, SCREEN_PLAY);
}

void session_start_campaign_level(Frontend *g, int index)
{
    char path[APP_PATH_MAX];
    if (!g->campaign || !campaign_level_path(g->campaign, index, path, sizeof path))
        return;
    char title[TITLE_MAX];
    snprintf(title, sizeof title, "%d - %s", index + 1, g->campaign->levels[index].title);
    /* a pack's levels lead back to its level select */
    session_start_level(g, path, title, index, custom_pack(g) ? SCREEN_PACK : SCREEN_TITLE);
}

void session_restart(Frontend *g)
{
    if (!g->session.have_level)
        return;
    g->session.level_age = 0.0f;
    if (make_sim(g))
        frontend_go(g, SCREEN_PLAY);
}

void session_leave(Frontend *g)
{
    write_recording(g);
    if (g->session.leave_to == SCREEN_NONE)
        g->quit = true;
    else
        frontend_go(g, g->session.leave_to);
}

void session_poll_reload(Frontend *g, float dt)
{
    if (g->campaign || !g->session.level_path[0] || g->session.playing_back)
        return;
    g->session.reload_poll -= dt;
    if (g->session.reload_poll > 0.0f && !g->session.reload_now)
        return;
    g->session.reload_poll = 0.25f; /* a save shows within two looks: half a second */
    if (!level_watch_poll(&g->session.watch) && !g->session.reload_now)
        return;
    g->session.reload_now = false;
    bool had = g->session.sim != NULL;
    if (!load_level_file(g, g->session.level_path)) {
        if (!had)
            frontend_go(g, SCREEN_ERROR);
        return; /* the old level plays on under the error text */
    }
    fprintf(stderr, "%s: reloaded %s\n", g->opt.program, g->session.level_path);
    /* The player stays where it stood when the new map has room there; but
    ** a recording has to start where --verify starts, at the level's start,
    ** so while recording the run restarts from there (no position carried
    ** over) and the recording starts over (begin_run empties it). */
    Sim *next = g->session.recording
                    ? sim_create(&g->session.level, &g->clips)
                    : app_rebuild_sim(g->session.sim, &g->session.level, &g->clips);
    if (!use_sim(g, next)) {
        frontend_go(g, SCREEN_ERROR);
        return;
    }
    if (g->session.recording)
        g->session.level_age = 0.0f;
    if (g->screen == SCREEN_ERROR || g->screen == SCREEN_COMPLETE)
        frontend_go(g, SCREEN_PLAY);
}

void session_fini(Frontend *g)
{
    write_recording(g);
    if (g->session.sim)
        sim_destroy(g->session.sim);
    g->session.sim = NULL;
    secrets_fini(&g->session.secrets);
    if (g->session.have_level)
        leveldesc_fini(&g->session.level);
    g->session.have_level = false;
    replay_fini(&g->session.playback);
    replay_fini(&g->session.record);
    replay_fini(&g->session.test_inputs);
}

/* ---- ticks --------------------------------------------------------------------- */

/* Whether the level played is the campaign's file of that name (progress
** knows campaign levels by their names): played from the campaign, or
** opened with --level or a replay from the levels folder. */
static bool is_campaign_file(const Frontend *g)
{
    if (g->session.campaign_index >= 0)
        return true;
    char path[APP_PATH_MAX + 64], a[PATH_MAX], b[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/levels/%s", g->data_dir,
                     level_path_basename(g->session.level_path));
    return n > 0 && (size_t)n < sizeof path && realpath(path, a) != NULL &&
           realpath(g->session.level_path, b) != NULL && strcmp(a, b) == 0;
}

static void complete_level(Frontend *g)
{
    const SimStatus *st = sim_status(g->session.sim);
    g->session.run = (LevelRun){.ticks = st->ticks > 0 ? st->ticks : 1,
                                .deaths = st->deaths,
                                .coins = (uint32_t)st->collected,
                                .gems = (uint32_t)st->gems,
                                .coins_total = (uint32_t)st->collectibles,
                                .gems_total = (uint32_t)st->gems_total,
                                .assisted = g->session.assisted};
    g->session.improved = 0;
    const char *id = level_path_basename(g->session.level_path);
    if ((g->session.campaign_index >= 0 || g->session.own_level) &&
        progress_record_completion(&g->saves.progress, id, g->session.campaign_index,
                                   g->session.run, &g->session.improved))
        frontend_save_progress(g);
    /* the card shows the best the player's progress keeps: a replay's or a
    ** test run's time is not a best of theirs */
    bool kept = is_campaign_file(g) || g->session.own_level;
    const LevelRecord *rec = kept ? progress_find(&g->saves.progress, id) : NULL;
    g->session.best_ticks = rec && rec->completed ? rec->best_ticks : 0;
    write_recording(g);
    g->session.recording =
        false; /* the file keeps the finished run; later tries are not recorded */
    if (g->session.test_recording) {
        g->session.test_recording = false;
        g->session.test_finished = true;
        g->session.test_hash = sim_hash(g->session.sim);
    }
    frontend_sound(g, SOUND_COMPLETE);
    /* a moment at the flag before the card: the finish should feel earned */
    g->session.celebrate = 0.9f;
}

static void handle_events(Frontend *g)
{
    int n = 0;
    const SimEvent *ev = sim_events(g->session.sim, &n);
    for (int i = 0; i < n; i++) {
        effects_event(&g->session.fx, &ev[i]);
        banking_event(&g->session.bank, &ev[i]);
        if (g->session.test_run && (ev[i].type == EV_DIED || ev[i].type == EV_COMPLETED)) {
            /* the last RUN_MARKS_MAX, the oldest dropped */
            if (g->session.mark_count == RUN_MARKS_MAX) {
                memmove(g->session.marks, g->session.marks + 1,
                        (RUN_MARKS_MAX - 1) * sizeof g->session.marks[0]);
                g->session.mark_count--;
            }
            g->session.marks[g->session.mark_count++] =
                (RunMark){ev[i].x, ev[i].y, ev[i].type == EV_COMPLETED};
        }
        /* The level's completion sounds when the card comes (complete_level). */
        if (ev[i].sound != SOUND_NONE && ev[i].type != EV_COMPLETED)
            frontend_sound(g, ev[i].sound);
    }
}

static InputIntent next_intent(Frontend *g)
{
    if (g->session.playing_back) {
        InputIntent in = {0};
        if (g->session.playback_pos < g->session.playback.count)
            in = replay_intent(&g->session.playback, g->session.playback_pos);
        g->session.playback_pos++;
        controls_tick(&g->controls); /* keep the latch from piling up */
        return in;
    }
    return controls_tick(&g->controls);
}

/* One simulation tick with its input, recording and events. The Assist's
** invincibility goes with the input (a replay's own, when one plays), so a
** recording keeps it; a run that had it, or a slower game, is assisted. */
static void tick(Frontend *g)
{
    InputIntent in = next_intent(g);
    if (!g->session.playing_back)
        in.invincible = g->saves.settings.invincible;
    g->session.assisted =
        g->session.assisted || in.invincible || g->saves.settings.game_speed < 100;
    g->session.last_in = in;
    if (g->session.recording && !replay_push(&g->session.record, &in))
        fprintf(stderr, "%s: the recording is full\n", g->opt.program);
    if (g->session.test_recording && !replay_push(&g->session.test_inputs, &in))
        g->session.test_recording = false; /* too long to keep */
    Uint64 t0 = SDL_GetPerformanceCounter();
    sim_tick(g->session.sim, &in);
    g->session.tick_seconds +=
        (double)(SDL_GetPerformanceCounter() - t0) / (double)SDL_GetPerformanceFrequency();
    g->session.tick_count++;
    handle_events(g);
}

/* The sign's box follows the sign the player is near: it fades in (once
** the title card has begun to go), lingers SIGN_LINGER s once the player
** has gone, then fades out; it changes its words and place at once from
** one sign to the next. */
static void update_sign(Frontend *g, float dt)
{
    const SimStatus *st = sim_status(g->session.sim);
    if (st->sign >= 0 && g->session.level_age >= HUD_TITLE_HOLD) {
        g->session.sign_text = st->sign;
        g->session.sign_x = st->sign_x;
        g->session.sign_y = st->sign_y;
        g->session.sign_linger = SIGN_LINGER;
        g->session.sign_shown += dt / SIGN_FADE_IN;
    } else if (g->session.sign_linger > 0.0f && g->session.sign_shown > 0.0f) {
        g->session.sign_linger -= dt;
        g->session.sign_shown += dt / SIGN_FADE_IN; /* one caught fading in comes whole */
    } else {
        g->session.sign_linger = 0.0f;
        g->session.sign_shown -= dt / SIGN_FADE_OUT;
    }
    g->session.sign_shown = g->session.sign_shown < 0.0f   ? 0.0f
                            : g->session.sign_shown > 1.0f ? 1.0f
                                                           : g->session.sign_shown;
}

/* The effects, the coins in flight, the secret tiles and the camera, which
** follows the player drawn at alpha. */
static void animate(Frontend *g, float dt, float alpha)
{
    if (!g->session.sim)
        return;
    effects_update(&g->session.fx, dt);
    if (banking_update(&g->session.bank, dt))
        frontend_sound(g, SOUND_BANK);
    CameraTarget t = player_target(g, alpha);
    const Player *pl = ecs_get(sim_world(g->session.sim), sim_player(g->session.sim), C_PLAYER);
    SDL_Rect box = {(int)floorf(t.x + 0.5f), (int)floorf(t.y + 0.5f), (int)t.w, (int)t.h};
    secrets_update(&g->session.secrets, box, pl != NULL && pl->state != PLAYER_DEAD, dt);
    follow(g, &t, false, dt);
}

int frontend_run_ticks(Frontend *g, int n)
{
    if (!g->session.sim)
        return 0;
    int done = 0;
    for (; done < n && sim_status(g->session.sim)->outcome != OUTCOME_COMPLETED; done++) {
        tick(g);
        g->session.level_age += (float)SIM_DT;
        update_sign(g, (float)SIM_DT);
        animate(g, (float)SIM_DT, 1.0f);
    }
    g->session.step.acc = 0.0;
    g->session.exact = true;
    return done;
}

void session_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    if (ev->type == SDL_WINDOWEVENT || ev->type == SDL_CONTROLLERDEVICEREMOVED) { /* lost */
        if (!g->session.playing_back)
            frontend_go(g, SCREEN_PAUSE);
    } else if ((r.pressed & (1u << ACT_PAUSE)) && g->session.test_run) {
        session_leave(g); /* a test run: straight back to the editor */
    } else if (r.pressed & (1u << ACT_PAUSE)) {
        frontend_sound(g, SOUND_MENU_SELECT);
        frontend_go(g, SCREEN_PAUSE);
    } else if (r.pressed & (1u << ACT_RESTART)) {
        session_restart(g);
    }
}

void session_update(Frontend *g, double frame_seconds)
{
    /* the Assist's game speed slows the level's clock: its ticks come
    ** further apart, and its effects, camera and card follow */
    fixed_step_set_speed(&g->session.step, g->saves.settings.game_speed / 100.0);
    float dt = (float)(frame_seconds * g->session.step.speed);
    bool play = g->screen == SCREEN_PLAY, card = false;
    /* a failed hot reload holds the level under its error text */
    if (play && g->session.sim && !g->session.error_text[0]) {
        if (g->session.celebrate > 0.0f) {
            g->session.celebrate -= dt;
            card = g->session.celebrate <= 0.0f;
            if (card && g->session.test_run)
                session_leave(g); /* back to the editor, which marks the finish */
            else if (card)
                frontend_go(g, SCREEN_COMPLETE);
        } else {
            int n = fixed_step_advance(&g->session.step, frame_seconds);
            for (int i = 0; i < n; i++) {
                tick(g);
                if (sim_status(g->session.sim)->outcome == OUTCOME_COMPLETED) {
                    complete_level(g);
                    break;
                }
            }
        }
        g->session.level_age += dt;
        update_sign(g, dt);
    }
    /* the card's first frame follows the player where the card draws it */
    animate(g, dt, play && !card ? fixed_step_alpha(&g->session.step) : 1.0f);
}
