/*
** session.c -- the level being played: loading it, its ticks, hot reload,
** recording and playback.
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
#include "game_internal.h"

#include "save.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* ---- recording --------------------------------------------------------------- */

void session_write_recording(Game *g)
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

bool session_setup_replays(Game *g, char *err, size_t errlen)
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

/* ---- the run ------------------------------------------------------------------- */

static CameraTarget player_target(Game *g, float alpha)
{
    CameraTarget t = {0, 0, 16, 24, 1, true};
    EcsWorld *w = sim_world(g->sim);
    EcsEntity p = sim_player(g->sim);
    const Transform *tr = ecs_get(w, p, C_TRANSFORM);
    const Player *pl = ecs_get(w, p, C_PLAYER);
    const Collider *col = ecs_get(w, p, C_COLLIDER);
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

/* ---- loading ------------------------------------------------------------------- */

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

void session_start_level(Game *g, const char *path, const char *title, int campaign_index)
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
        game_show(g, SCREEN_ERROR);
        return;
    }
    if (!g->level_title[0])
        snprintf(g->level_title, sizeof g->level_title, "%s", g->level.name);
    for (char *c = g->level_title; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    if (campaign_index >= 0 && progress_set_last_level(&g->progress, base_name(path)))
        game_save_progress(g);
    game_music(g, g->level.background); /* a world's track is named after its background */
    game_show(g, SCREEN_PLAY);
}

void session_start_campaign_level(Game *g, int index)
{
    char path[APP_PATH_MAX];
    if (!g->campaign || !campaign_level_path(g->campaign, index, path, sizeof path))
        return;
    char title[TITLE_MAX];
    snprintf(title, sizeof title, "%d - %s", index + 1, g->campaign->levels[index].title);
    session_start_level(g, path, title, index);
}

void session_restart(Game *g)
{
    if (!g->have_level)
        return;
    g->level_age = 0.0f;
    if (make_sim(g))
        game_show(g, SCREEN_PLAY);
}

void session_poll_reload(Game *g, float dt)
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
            game_show(g, SCREEN_ERROR);
        return; /* the old level plays on under the error text */
    }
    fprintf(stderr, "platformer: reloaded %s\n", g->level_path);
    /* The player stays where it stood when the new map has room there; but
    ** a recording has to start where --verify starts, at the level's start,
    ** so while recording the run restarts from there (no position carried
    ** over) and the recording starts over (begin_run empties it). */
    Sim *next = g->recording ? sim_create(&g->level, &g->clips)
                             : app_rebuild_sim(g->sim, &g->level, &g->clips);
    if (!use_sim(g, next)) {
        game_show(g, SCREEN_ERROR);
        return;
    }
    if (g->recording)
        g->level_age = 0.0f;
    if (g->screen == SCREEN_ERROR || g->screen == SCREEN_COMPLETE)
        game_show(g, SCREEN_PLAY);
}

void session_fini(Game *g)
{
    if (g->sim)
        sim_destroy(g->sim);
    g->sim = NULL;
    if (g->have_level)
        level_desc_fini(&g->level);
    g->have_level = false;
    replay_fini(&g->playback);
    replay_fini(&g->record);
}

/* ---- ticks --------------------------------------------------------------------- */

static void complete_level(Game *g)
{
    const SimStatus *st = sim_status(g->sim);
    g->run = (LevelRun){st->ticks > 0 ? st->ticks : 1, st->deaths, (uint32_t)st->collected};
    g->improved = 0;
    g->best_ticks = g->run.ticks;
    if (g->campaign_index >= 0) {
        const char *id = base_name(g->level_path);
        if (progress_record_completion(&g->progress, id, g->campaign_index, g->run, &g->improved))
            game_save_progress(g);
        const LevelRecord *rec = progress_find(&g->progress, id);
        if (rec)
            g->best_ticks = rec->best_ticks;
    }
    session_write_recording(g);
    g->recording = false; /* the file keeps the finished run; later tries are not recorded */
    game_sound(g, SOUND_COMPLETE);
    /* a moment at the flag before the card: the finish should feel earned */
    g->celebrate = 0.9f;
}

static void handle_events(Game *g)
{
    int n = 0;
    const SimEvent *ev = sim_events(g->sim, &n);
    for (int i = 0; i < n; i++) {
        effects_event(&g->fx, &ev[i]);
        switch (ev[i].type) {
        case EV_JUMPED: game_sound(g, SOUND_JUMP); break;
        case EV_LANDED: game_sound(g, SOUND_LAND); break;
        case EV_COLLECTED: game_sound(g, SOUND_COIN); break;
        case EV_DIED: game_sound(g, SOUND_DEATH); break;
        case EV_CHECKPOINT: game_sound(g, SOUND_CHECKPOINT); break;
        case EV_SWITCH: game_sound(g, SOUND_SWITCH); break;
        case EV_STOMPED: game_sound(g, SOUND_STOMP); break;
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

void session_update(Game *g, double frame_seconds)
{
    float dt = (float)frame_seconds;
    /* a failed hot reload holds the level under its error text */
    if (g->screen == SCREEN_PLAY && g->sim && !g->error_text[0]) {
        if (g->celebrate > 0.0f) {
            g->celebrate -= dt;
            if (g->celebrate <= 0.0f)
                game_show(g, SCREEN_COMPLETE);
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
}
