/* SPDX-License-Identifier: Zlib */
/* test_render_game.c -- the whole front end drawn with the software renderer:
** the real atlas, a real level, the real simulation. Run from the source
** folder (ctest does), where assets/ and tests/levels/ are. */
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath (screen_rig.h) */
#include "app.h"
#include "assets.h"
#include "components.h"
#include "frontend.h"
#include "frontend_internal.h"
#include "render.h"
#include "screen_rig.h"
#include "settings.h"
#include "check_run.h"

#include <SDL_image.h>
#include <check.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>

static const char *LEVEL = "tests/levels/good/basic.json";

typedef struct Rig {
    ScreenRig s;
    SDL_Surface *atlas_image;
} Rig;

static void rig_open_with(Rig *r, const FrontendOptions *opt)
{
    SDL_Surface *png = IMG_Load("assets/atlas.png");
    ck_assert_msg(png != NULL, "assets/atlas.png: %s", IMG_GetError());
    r->atlas_image = SDL_ConvertSurfaceFormat(png, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(png);
    screen_open(&r->s, opt, NULL);
}

static void rig_open(Rig *r, const char *level)
{
    FrontendOptions opt = {.data_dir = ".", .level_path = level, .transient = true};
    rig_open_with(r, &opt);
}

static void rig_close(Rig *r)
{
    screen_close(&r->s);
    SDL_FreeSurface(r->atlas_image);
}

static void rig_draw(Rig *r)
{
    screen_draw(&r->s);
}

static Uint32 pixel(const SDL_Surface *s, int x, int y)
{
    return *((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch) + x);
}

/* Of the cell's opaque pixels (those inside the screen), how many are on
** screen at (x, y) exactly, and how many were compared. */
static void compare_cell(const Rig *r, SDL_Rect cell, bool flip, int x, int y, int *same,
                         int *total)
{
    *same = *total = 0;
    for (int j = 0; j < cell.h; j++)
        for (int i = 0; i < cell.w; i++) {
            int si = flip ? cell.w - 1 - i : i;
            Uint32 texel = pixel(r->atlas_image, cell.x + si, cell.y + j);
            Uint8 cr, cg, cb, ca;
            SDL_GetRGBA(texel, r->atlas_image->format, &cr, &cg, &cb, &ca);
            int sx = x + i, sy = y + j;
            if (ca != 255 || sx < 0 || sy < 0 || sx >= LOGICAL_W || sy >= LOGICAL_H)
                continue;
            (*total)++;
            if (pixel(r->s.target, sx, sy) == texel)
                (*same)++;
        }
}

/* Where the player is drawn for a given alpha, and what. */
static void player_cell(Rig *r, float alpha, int *x, int *y, SDL_Rect *cell, bool *flip)
{
    Sim *sim = r->s.game->session.sim;
    ck_assert_ptr_nonnull(sim);
    EcsWorld *w = sim_world(sim);
    const Transform *t = ecs_get(w, sim_player(sim), C_TRANSFORM);
    const Sprite *sp = ecs_get(w, sim_player(sim), C_SPRITE);
    ck_assert(t && sp);
    const RenderAtlas *atlas = &r->s.game->atlas;
    const RenderSheet *sh = &atlas->sheets[sp->clip];
    int vx = r->s.game->frame.view_x, vy = r->s.game->frame.view_y;
    float fx = (float)t->prev_x + (float)(t->x - t->prev_x) * alpha;
    float fy = (float)t->prev_y + (float)(t->y - t->prev_y) * alpha;
    *x = (int)SDL_floorf(fx + 0.5f) - vx - sh->anchor_x;
    *y = (int)SDL_floorf(fy + 0.5f) - vy - sh->anchor_y;
    *cell = render_cell(atlas, sp->clip, sp->variant, sp->frame);
    *flip = sp->flip_x;
}

START_TEST(player_is_drawn_where_the_simulation_puts_it)
{
    Rig r;
    rig_open(&r, LEVEL);
    ck_assert(frontend_in_level(r.s.game));
    ck_assert_int_eq(frontend_run_ticks(r.s.game, 90), 90); /* the landing dust has gone */
    rig_draw(&r);
    int x, y, same, total;
    SDL_Rect cell;
    bool flip;
    player_cell(&r, 1.0f, &x, &y, &cell, &flip);
    compare_cell(&r, cell, flip, x, y, &same, &total);
    ck_assert_int_gt(total, 100);
    ck_assert_int_eq(same, total);
    /* one pixel off, it would not match */
    compare_cell(&r, cell, flip, x + 1, y, &same, &total);
    ck_assert_int_lt(same, total * 3 / 4);
    rig_close(&r);
}
END_TEST

START_TEST(moving_player_is_drawn_between_its_last_two_ticks)
{
    Rig r;
    rig_open(&r, LEVEL);
    /* settle on the ground, run until it moves fast, stop half-way into a tick */
    frontend_run_ticks(r.s.game, 60);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 14; i++)
        frontend_update(r.s.game, 1.0 / 60.0);
    frontend_update(r.s.game, 0.5 / 60.0);
    rig_draw(&r);
    Sim *sim = r.s.game->session.sim;
    const Transform *t = ecs_get(sim_world(sim), sim_player(sim), C_TRANSFORM);
    ck_assert_int_gt(t->x - t->prev_x, 1); /* it moved more than a pixel in the last tick */
    int x, y, same, total;
    SDL_Rect cell;
    bool flip;
    /* a coin's sparkle may cover a few of its pixels: nearly all must match */
    player_cell(&r, 0.5f, &x, &y, &cell, &flip);
    compare_cell(&r, cell, flip, x, y, &same, &total);
    ck_assert_int_gt(total, 100);
    ck_assert_int_ge(same * 10, total * 9);
    /* not at the tick's own position, nor at the one before */
    player_cell(&r, 1.0f, &x, &y, &cell, &flip);
    compare_cell(&r, cell, flip, x, y, &same, &total);
    ck_assert_int_lt(same * 4, total * 3);
    player_cell(&r, 0.0f, &x, &y, &cell, &flip);
    compare_cell(&r, cell, flip, x, y, &same, &total);
    ck_assert_int_lt(same * 4, total * 3);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, false);
    rig_close(&r);
}
END_TEST

START_TEST(hud_shows_its_icons_and_counters)
{
    Rig r;
    rig_open(&r, LEVEL);
    frontend_run_ticks(r.s.game, 1);
    rig_draw(&r);
    const RenderAtlas *atlas = &r.s.game->atlas;
    /* the coin icon at the top-left corner, pixel for pixel */
    int same, total;
    compare_cell(&r, render_cell(atlas, RCLIP_HUD_COIN, 0, 0), false, 6, 4, &same, &total);
    ck_assert_int_gt(total, 20);
    ck_assert_int_eq(same, total);
    /* the counters: white ink right of the icon */
    int white = 0;
    for (int y = 4; y < 16; y++)
        for (int x = 18; x < 60; x++) {
            Uint8 cr, cg, cb, ca;
            SDL_GetRGBA(pixel(r.s.target, x, y), r.s.target->format, &cr, &cg, &cb, &ca);
            if (cr > 230 && cg > 230 && cb > 230)
                white++;
        }
    ck_assert_int_gt(white, 10);
    rig_close(&r);
}
END_TEST

/* Where a cell of the atlas is drawn whole along row y of the frame
** between x0 and x1, or -1. */
static int find_cell_in_row(const Rig *r, SDL_Rect cell, int y, int x0, int x1)
{
    for (int x = x0; x < x1; x++) {
        int same, total;
        compare_cell(r, cell, false, x, y, &same, &total);
        if (total > 10 && same == total)
            return x;
    }
    return -1;
}

/* In a level with gems the gem's icon follows the coins' counter; in one
** without, it is not drawn. */
START_TEST(hud_shows_the_gem_icon_in_a_level_with_gems)
{
    Rig r;
    rig_open(&r, "tests/levels/good/signs.json");
    frontend_run_ticks(r.s.game, 1);
    rig_draw(&r);
    const RenderAtlas *atlas = &r.s.game->atlas;
    SDL_Rect gem = render_cell(atlas, RCLIP_HUD_GEM, 0, 0),
             coin = render_cell(atlas, RCLIP_HUD_COIN, 0, 0);
    int gem_y = 4 + (11 - gem.h) / 2;
    int x = find_cell_in_row(&r, gem, gem_y, 0, 200);
    ck_assert_int_gt(x, 6 + coin.w + render_text_width(atlas, "0/3"));
    /* the skull comes after it */
    int skull = find_cell_in_row(&r, render_cell(atlas, RCLIP_HUD_SKULL, 0, 0), 4, 0, 240);
    ck_assert_int_gt(skull, x + gem.w + render_text_width(atlas, "0/2"));
    rig_close(&r);

    rig_open(&r, LEVEL); /* no gems */
    frontend_run_ticks(r.s.game, 1);
    rig_draw(&r);
    atlas = &r.s.game->atlas;
    ck_assert_int_eq(find_cell_in_row(&r, gem, gem_y, 0, 240), -1);
    ck_assert_int_gt(find_cell_in_row(&r, render_cell(atlas, RCLIP_HUD_SKULL, 0, 0), 4, 0, 240), 0);
    rig_close(&r);
}
END_TEST

START_TEST(a_frame_costs_a_few_draw_calls)
{
    Rig r;
    rig_open(&r, LEVEL);
    frontend_run_ticks(r.s.game, 5);
    rig_draw(&r);
    /* background set, then everything else from the atlas */
    ck_assert_int_le(r.s.game->frame.stats.draw_calls, 3);
    ck_assert_int_ge(r.s.game->frame.stats.draw_calls, 1);
    rig_close(&r);
}
END_TEST

START_TEST(a_broken_level_shows_its_errors)
{
    Rig r;
    rig_open(&r, "tests/platform/missing-level.json");
    ck_assert(!frontend_in_level(r.s.game));
    ck_assert_ptr_nonnull(strstr(r.s.game->session.error_text, "missing-level.json"));
    rig_draw(&r); /* the error screen draws without a level */
    rig_close(&r);
}
END_TEST

/* A scratch file in the folder ctest gives (XDG_DATA_HOME). */
static void scratch_path(char *out, size_t cap, const char *name)
{
    const char *dir = getenv("XDG_DATA_HOME");
    ck_assert_msg(dir != NULL && *dir, "XDG_DATA_HOME names the scratch folder");
    ck_assert(mkdir(dir, 0755) == 0 || errno == EEXIST);
    snprintf(out, cap, "%s/%s", dir, name);
}

START_TEST(a_recorded_run_replays_the_same_headless)
{
    char path[1024];
    scratch_path(path, sizeof path, "recorded.replay");
    remove(path);
    SDL_Surface *target =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *renderer = SDL_CreateSoftwareRenderer(target);
    FrontendOptions opt = {
        .data_dir = ".", .level_path = LEVEL, .record_path = path, .transient = true};
    char err[1024];
    Frontend *g = frontend_create(renderer, &opt, NULL, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    /* uneven frames, taps shorter than a tick, holds across many */
    static const struct {
        SDL_Scancode key;
        bool down;
        double after;
    } script[] = {
        {SDL_SCANCODE_RIGHT, true, 0.21},  {SDL_SCANCODE_SPACE, true, 0.004},
        {SDL_SCANCODE_SPACE, false, 0.3},  {SDL_SCANCODE_RIGHT, false, 0.05},
        {SDL_SCANCODE_LEFT, true, 0.33},   {SDL_SCANCODE_Z, true, 0.2},
        {SDL_SCANCODE_LEFT, false, 0.013}, {SDL_SCANCODE_Z, false, 0.4},
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        screen_key(g, script[i].key, script[i].down);
        for (double t = 0; t < script[i].after; t += 0.007)
            frontend_update(g, 0.007);
    }
    Sim *sim = g->session.sim;
    uint64_t live_hash = sim_hash(sim);
    uint32_t live_ticks = sim_status(sim)->ticks;
    ck_assert_uint_gt(live_ticks, 60);
    frontend_destroy(g); /* writes the recording */
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(target);

    ReplayHeader expect;
    Replay replay;
    replay_init(&replay);
    ck_assert_msg(replay_load(path, &replay, &expect, err, sizeof err), "%s", err);
    ck_assert_uint_eq(expect.ticks, live_ticks);
    char hash[17];
    snprintf(hash, sizeof hash, "%016" PRIx64, live_hash);
    ck_assert_str_eq(expect.hash, hash);
    LevelDesc level;
    LevelErrors *errors = calloc(1, sizeof *errors);
    ck_assert(app_load_level(".", LEVEL, NULL, &level, errors));
    Sim *again = sim_create(&level, NULL);
    AppRun run = {.replay = &replay, .out = stdout};
    ck_assert_uint_eq(app_run(again, &run), live_ticks);
    ck_assert_uint_eq(sim_hash(again), live_hash);
    sim_destroy(again);
    leveldesc_fini(&level);
    free(errors);
    replay_fini(&replay);
}
END_TEST

static const char *TINY =
    "{\"format\": 1, \"name\": \"Tiny\", \"background\": \"hills\",\n"
    " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},\n"
    " \"tiles\": [\"..........\", \".P......G.\", \"##########\"]}\n";

START_TEST(saving_the_level_reloads_it_and_errors_show_until_fixed)
{
    char path[1024];
    scratch_path(path, sizeof path, "hot.json");
    screen_write_file(path, TINY);
    Rig r;
    rig_open(&r, path);
    ck_assert(frontend_in_level(r.s.game));
    ck_assert_int_eq(tilemap_get(sim_map(r.s.game->session.sim), 4, 1), TILE_EMPTY);

    /* a pillar appears where there was air; a second later, so the time differs */
    SDL_Delay(1100);
    char edited[1024];
    snprintf(edited, sizeof edited, "%s", TINY);
    char *row = strstr(edited, ".P......G.");
    ck_assert_ptr_nonnull(row);
    row[4] = '#';
    screen_write_file(path, edited);
    /* The watcher waits for the file to settle: reloaded within a second. */
    frontend_update(r.s.game, 0.5);
    frontend_update(r.s.game, 0.5);
    ck_assert_str_eq(r.s.game->session.error_text, "");
    ck_assert_int_eq(tilemap_get(sim_map(r.s.game->session.sim), 4, 1), TILE_SOLID);

    /* a broken save keeps the level and shows where the file is wrong */
    SDL_Delay(1100);
    screen_write_file(path, "{\"format\": 1, \"name\": ");
    frontend_update(r.s.game, 0.5);
    frontend_update(r.s.game, 0.5);
    ck_assert(r.s.game->session.sim != NULL);
    ck_assert_ptr_nonnull(strstr(r.s.game->session.error_text, "hot.json"));
    rig_draw(&r);

    /* fixed again: the errors go */
    SDL_Delay(1100);
    screen_write_file(path, TINY);
    frontend_update(r.s.game, 0.5);
    frontend_update(r.s.game, 0.5);
    ck_assert_str_eq(r.s.game->session.error_text, "");
    ck_assert_int_eq(tilemap_get(sim_map(r.s.game->session.sim), 4, 1), TILE_EMPTY);
    rig_close(&r);
}
END_TEST

/* Copies the real assets into a scratch data folder. */
static void copy_assets(const char *dir)
{
    static const char *const files[] = {"atlas.json", "atlas.png",   "bg_hills.png", "bg_cave.png",
                                        "bg_ice.png", "bg_peak.png", "physics.json"};
    char path[2048];
    ck_assert(mkdir(dir, 0755) == 0 || errno == EEXIST);
    snprintf(path, sizeof path, "%s/assets", dir);
    ck_assert(mkdir(path, 0755) == 0 || errno == EEXIST);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char from[256];
        snprintf(from, sizeof from, "assets/%s", files[i]);
        snprintf(path, sizeof path, "%s/assets/%s", dir, files[i]);
        FILE *in = fopen(from, "rb"), *out = fopen(path, "wb");
        ck_assert(in && out);
        char buf[8192];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, in)) > 0)
            ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
        fclose(in);
        ck_assert_int_eq(fclose(out), 0);
    }
}

/* Copies the real assets into a scratch data folder, then spoils one file. */
static void spoiled_data(const char *dir, const char *file, const char *content)
{
    char path[2048];
    copy_assets(dir);
    snprintf(path, sizeof path, "%s/assets/%s", dir, file);
    if (content)
        screen_write_file(path, content);
    else
        ck_assert_int_eq(remove(path), 0);
}

/* frontend_create must refuse the spoiled data with one message naming the file. */
static void expect_refusal(const char *case_name, const char *file, const char *content)
{
    char dir[1024];
    scratch_path(dir, sizeof dir, case_name);
    spoiled_data(dir, file, content);
    setenv("PLATFORMER_DATA", dir, 1);
    SDL_Surface *target = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *renderer = SDL_CreateSoftwareRenderer(target);
    FrontendOptions opt = {.level_path = LEVEL, .transient = true};
    char err[1024] = "";
    Frontend *g = frontend_create(renderer, &opt, NULL, err, sizeof err);
    unsetenv("PLATFORMER_DATA");
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, file) != NULL, "the message names %s: %s", file, err);
    ck_assert_ptr_null(strchr(err, '\n'));
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(target);
}

/* The real atlas.json with its first `from` replaced by `to`; freed by the caller. */
static char *atlas_json_with(const char *from, const char *to)
{
    FILE *f = fopen("assets/atlas.json", "rb");
    ck_assert_ptr_nonnull(f);
    char *text = calloc(1, 1 << 20);
    ck_assert_ptr_nonnull(text);
    size_t n = fread(text, 1, (1 << 20) - 1, f);
    fclose(f);
    ck_assert_uint_gt(n, 0);
    char *at = strstr(text, from);
    ck_assert_ptr_nonnull(at);
    size_t tail = strlen(at + strlen(from));
    char *out = malloc(n - strlen(from) + strlen(to) + 1);
    ck_assert_ptr_nonnull(out);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    memcpy(out + head + strlen(to), at + strlen(from), tail + 1);
    free(text);
    return out;
}

START_TEST(bad_assets_stop_the_game_with_a_message_naming_the_file)
{
    expect_refusal("no-atlas-png", "atlas.png", NULL);
    expect_refusal("corrupt-png", "atlas.png", "\x89PNG\r\n\x1a\n this is not a picture");
    expect_refusal("bad-json", "atlas.json", "{\"format\": 1, \"image\": ");
    expect_refusal("no-clips", "atlas.json",
                   "{\"format\": 1, \"image\": \"atlas.png\", \"width\": 512, \"height\": 272}");
    expect_refusal("no-background", "bg_cave.png", NULL);
    /* far outside any integer: refused, never converted */
    char *huge = atlas_json_with("\"width\": 512", "\"width\": 1e300");
    expect_refusal("huge-number", "atlas.json", huge);
    free(huge);
    huge = atlas_json_with("\"anchor\": [8, 8]", "\"anchor\": [-1e300, 8]");
    expect_refusal("huge-negative-number", "atlas.json", huge);
    free(huge);
}
END_TEST

/* Runs the game for `seconds` of real time in uneven frames. */
static void play_for(Frontend *g, double seconds)
{
    for (double t = 0; t < seconds; t += 0.007)
        frontend_update(g, 0.007);
}

static int32_t player_x(Frontend *g)
{
    Sim *sim = g->session.sim;
    ck_assert_ptr_nonnull(sim);
    const Transform *t = ecs_get(sim_world(sim), sim_player(sim), C_TRANSFORM);
    ck_assert_ptr_nonnull(t);
    return t->x;
}

/* --verify plays a replay from the level's start: a recording must start
** there too, even when the level was saved (and reloaded) mid-run. */
START_TEST(a_recording_across_a_hot_reload_replays_from_the_level_start)
{
    char level[1024], path[1024], err[1024];
    scratch_path(level, sizeof level, "recorded-hot.json");
    scratch_path(path, sizeof path, "recorded-hot.replay");
    screen_write_file(level, TINY);
    remove(path);
    Rig r;
    FrontendOptions opt = {
        .data_dir = ".", .level_path = level, .record_path = path, .transient = true};
    rig_open_with(&r, &opt);
    int32_t start = player_x(r.s.game);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, true);
    play_for(r.s.game, 0.25);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, false);
    play_for(r.s.game, 0.05);
    ck_assert_int_gt(player_x(r.s.game), start + 16);

    /* saved again (one byte longer): reloaded, and the run starts over */
    char edited[1024];
    snprintf(edited, sizeof edited, "%s ", TINY);
    screen_write_file(level, edited);
    frontend_update(r.s.game, 0.3);
    frontend_update(r.s.game, 0.3);
    ck_assert_str_eq(r.s.game->session.error_text, "");
    ck_assert_int_eq(player_x(r.s.game), start);

    screen_key(r.s.game, SDL_SCANCODE_RIGHT, true);
    play_for(r.s.game, 0.2);
    screen_key(r.s.game, SDL_SCANCODE_SPACE, true);
    play_for(r.s.game, 0.1);
    screen_key(r.s.game, SDL_SCANCODE_SPACE, false);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, false);
    play_for(r.s.game, 0.2);
    Sim *sim = r.s.game->session.sim;
    uint64_t live_hash = sim_hash(sim);
    uint32_t live_ticks = sim_status(sim)->ticks;
    rig_close(&r); /* writes the recording */

    Replay replay;
    replay_init(&replay);
    ck_assert_msg(replay_load(path, &replay, NULL, err, sizeof err), "%s", err);
    LevelDesc desc;
    LevelErrors *errors = calloc(1, sizeof *errors);
    ck_assert(app_load_level(".", level, NULL, &desc, errors));
    Sim *again = sim_create(&desc, NULL);
    AppRun run = {.replay = &replay, .out = stdout};
    ck_assert_uint_eq(app_run(again, &run), live_ticks);
    ck_assert_uint_eq(sim_hash(again), live_hash);
    sim_destroy(again);
    leveldesc_fini(&desc);
    free(errors);
    replay_fini(&replay);
}
END_TEST

/* The game's per-user files go to a folder of this test's own. */
static void private_user_folder(const char *name, char *pref, size_t cap)
{
    char dir[1024];
    scratch_path(dir, sizeof dir, name);
    screen_player_folder(dir, pref, cap);
}

START_TEST(level_select_reaches_every_level_of_a_long_campaign)
{
    enum { LEVELS = 40 };
    char data[1024], path[2048], pref[1024];
    scratch_path(data, sizeof data, "long-campaign");
    copy_assets(data);
    snprintf(path, sizeof path, "%s/levels", data);
    ck_assert(mkdir(path, 0755) == 0 || errno == EEXIST);
    static char campaign[LEVELS * 80 + 64];
    size_t used = (size_t)snprintf(campaign, sizeof campaign, "{\"format\": 1, \"levels\": [\n");
    for (int i = 0; i < LEVELS; i++) {
        used += (size_t)snprintf(campaign + used, sizeof campaign - used,
                                 "  {\"file\": \"level-%02d.json\", \"title\": \"Level %d\"}%s\n",
                                 i + 1, i + 1, i + 1 < LEVELS ? "," : "");
        /* each level a column wider than the one before, to tell them apart */
        int w = 10 + i;
        char rows[3][64], text[512];
        for (int x = 0; x < w; x++) {
            rows[0][x] = '.';
            rows[1][x] = x == 1 ? 'P' : x == w - 2 ? 'G' : '.';
            rows[2][x] = '#';
        }
        rows[0][w] = rows[1][w] = rows[2][w] = '\0';
        snprintf(text, sizeof text,
                 "{\"format\": 1, \"name\": \"L\", \"background\": \"hills\",\n"
                 " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": "
                 "\"goal\"},\n"
                 " \"tiles\": [\"%s\", \"%s\", \"%s\"]}\n",
                 rows[0], rows[1], rows[2]);
        snprintf(path, sizeof path, "%s/levels/level-%02d.json", data, i + 1);
        screen_write_file(path, text);
    }
    snprintf(campaign + used, sizeof campaign - used, "]}\n");
    snprintf(path, sizeof path, "%s/levels/campaign.json", data);
    screen_write_file(path, campaign);
    /* every level open */
    private_user_folder("long-campaign-user", pref, sizeof pref);
    snprintf(path, sizeof path, "%sprogress.json", pref);
    char record[64], progress[4096 + 256];
    snprintf(record, sizeof record, "{\"unlocked\": %d}", LEVELS);
    screen_progress_text(data, record, progress, sizeof progress);
    screen_write_file(path, progress);
    setenv("PLATFORMER_DATA", data, 1);

    Rig r;
    FrontendOptions opt = {.transient = true};
    rig_open_with(&r, &opt);
    unsetenv("PLATFORMER_DATA");
    ck_assert(!frontend_in_level(r.s.game));
    screen_tap(r.s.game, SDL_SCANCODE_DOWN); /* Level select */
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    for (int i = 0; i < LEVELS - 1; i++) {
        screen_tap(r.s.game, SDL_SCANCODE_DOWN);
        rig_draw(&r);
    }
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    ck_assert(frontend_in_level(r.s.game));
    ck_assert_int_eq(sim_map(r.s.game->session.sim)->width, 10 + LEVELS - 1);
    rig_close(&r);
}
END_TEST

START_TEST(the_title_line_counts_the_campaign_levels)
{
    char tag[64];
    screens_tagline(12, tag, sizeof tag);
    ck_assert_str_eq(tag, "A CLIMB IN TWELVE LEVELS");
    screens_tagline(1, tag, sizeof tag);
    ck_assert_str_eq(tag, "A CLIMB IN ONE LEVEL");
    screens_tagline(40, tag, sizeof tag);
    ck_assert_str_eq(tag, "A CLIMB IN 40 LEVELS");
}
END_TEST

/* Pixels of the overlay's green figures in the top-right corner. */
static int overlay_pixels(const Rig *r)
{
    int n = 0;
    for (int y = 0; y < 80; y++)
        for (int x = LOGICAL_W / 2; x < LOGICAL_W; x++) {
            Uint8 cr, cg, cb, ca;
            SDL_GetRGBA(pixel(r->s.target, x, y), r->s.target->format, &cr, &cg, &cb, &ca);
            if (cr == 140 && cg == 255 && cb == 140)
                n++;
        }
    return n;
}

START_TEST(the_debug_overlay_starts_as_saved_and_f3_saves_it)
{
    char pref[1024], path[1100];
    private_user_folder("overlay-user", pref, sizeof pref);
    snprintf(path, sizeof path, "%ssettings.json", pref);
    screen_write_file(path, "{\"format\": 1, \"debug_overlay\": true}");
    Rig r;
    FrontendOptions opt = {.data_dir = ".", .level_path = LEVEL};
    rig_open_with(&r, &opt);
    ck_assert(frontend_settings(r.s.game)->debug_overlay);
    frontend_run_ticks(r.s.game, 1);
    rig_draw(&r);
    ck_assert_int_gt(overlay_pixels(&r), 20);

    screen_tap(r.s.game, SDL_SCANCODE_F3);
    ck_assert(!frontend_settings(r.s.game)->debug_overlay);
    rig_draw(&r);
    ck_assert_int_eq(overlay_pixels(&r), 0);
    Settings saved;
    ck_assert_int_eq(settings_load(path, NULL, &saved, NULL), SAVE_LOADED);
    ck_assert(!saved.debug_overlay);
    rig_close(&r);

    /* the next start remembers it */
    rig_open_with(&r, &opt);
    ck_assert(!frontend_settings(r.s.game)->debug_overlay);
    screen_tap(r.s.game, SDL_SCANCODE_F3);
    ck_assert_int_eq(settings_load(path, NULL, &saved, NULL), SAVE_LOADED);
    ck_assert(saved.debug_overlay);
    rig_close(&r);
}
END_TEST

/* A background layer's rectangle of no width is told as empty, not as
** outside the image. */
START_TEST(an_empty_background_rectangle_is_called_empty)
{
    char data[1024], path[2048];
    scratch_path(data, sizeof data, "empty-rect");
    copy_assets(data);
    snprintf(path, sizeof path, "%s/assets/atlas.json", data);
    size_t len;
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char text[1 << 20];
    len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    /* the first background's sky: its width 0, the file's length kept */
    char *at = strstr(text, "\"name\": \"sky\", \"rect\": [");
    ck_assert_ptr_nonnull(at);
    at = strchr(at, '[');
    char *end = strchr(at, ']');
    int x, y, w, h;
    ck_assert_int_eq(sscanf(at, "[%d, %d, %d, %d]", &x, &y, &w, &h), 4);
    char rect[64], want[160];
    int n = snprintf(rect, sizeof rect, "[%d, %d, 0, %d]", x, y, h);
    ck_assert_int_le(n, (int)(end + 1 - at));
    memset(at, ' ', (size_t)(end + 1 - at));
    memcpy(at, rect, (size_t)n);
    snprintf(want, sizeof want,
             "the rectangle [%d, %d, 0, %d] is empty: its width and height must"
             " be at least 1",
             x, y, h);
    f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
    RenderAtlas atlas;
    char err[2048];
    ck_assert(!assets_load_atlas(data, NULL, &atlas, NULL, err, sizeof err));
    ck_assert_msg(strstr(err, want) != NULL, "%s", err);
    ck_assert_msg(strstr(err, "outside") == NULL, "%s", err);
}
END_TEST

static Suite *game_suite(void)
{
    Suite *s = suite_create("render_game");
    TCase *tc = tcase_create("game");
    /* the hot reload test waits 3.3 s for file times to differ: Check's
    ** default of 4 s a test is too close on a busy machine */
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, player_is_drawn_where_the_simulation_puts_it);
    tcase_add_test(tc, moving_player_is_drawn_between_its_last_two_ticks);
    tcase_add_test(tc, hud_shows_its_icons_and_counters);
    tcase_add_test(tc, hud_shows_the_gem_icon_in_a_level_with_gems);
    tcase_add_test(tc, a_frame_costs_a_few_draw_calls);
    tcase_add_test(tc, a_broken_level_shows_its_errors);
    tcase_add_test(tc, a_recorded_run_replays_the_same_headless);
    tcase_add_test(tc, saving_the_level_reloads_it_and_errors_show_until_fixed);
    tcase_add_test(tc, bad_assets_stop_the_game_with_a_message_naming_the_file);
    tcase_add_test(tc, a_recording_across_a_hot_reload_replays_from_the_level_start);
    tcase_add_test(tc, level_select_reaches_every_level_of_a_long_campaign);
    tcase_add_test(tc, an_empty_background_rectangle_is_called_empty);
    tcase_add_test(tc, the_title_line_counts_the_campaign_levels);
    tcase_add_test(tc, the_debug_overlay_starts_as_saved_and_f3_saves_it);
    /* no time limit: the hot reload waits 3.3 s for the file's clock to move,
    ** too near Check's 4 s on a busy machine */
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(game_suite());
}
