/* SPDX-License-Identifier: Zlib */
/*
** test_sim.c -- the fixed-step loop, replays, determinism, and a long run of
** random input that must never put the player inside a wall.
*/
#include "fixed_step.h"
#include "game_fixture.h"
#include "replay.h"
#include "sim_internal.h" /* Box */
#include "check_run.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

/* ---- the broadphase grid ---- */

/* The cells a box covers, clamped to the grid, as the grid counts them. */
static void cells_of(const Grid *g, Box b, int32_t r[4])
{
    int32_t v[4] = {b.x - g->origin_x, b.y - g->origin_y, b.x + b.w - 1 - g->origin_x,
                    b.y + b.h - 1 - g->origin_y};
    int32_t n[4] = {g->cols, g->rows, g->cols, g->rows};
    for (int i = 0; i < 4; i++)
        r[i] = v[i] < 0 ? 0 : v[i] / GRID_CELL < n[i] ? v[i] / GRID_CELL : n[i] - 1;
}

/* Every entity a query meets is one whose cells meet the query's, and every
** such entity is met, whether it is listed cell by cell or as a big box;
** after moves as well. A box of 32,000 px is one entry, not 250,000. */
START_TEST(the_grid_finds_big_and_small_boxes_alike)
{
    enum { N = 300 };
    Grid g;
    ck_assert(grid_init(&g, 4000, 3000));
    Box boxes[N];
    uint64_t seed = 12345;
    for (int i = 0; i < N; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int big = (int)(seed >> 60) < 3; /* one in five or so is big */
        int32_t w = big ? 300 + (int32_t)((seed >> 20) % 32000) : 8 + (int32_t)((seed >> 20) % 100);
        int32_t h = big ? 300 + (int32_t)((seed >> 36) % 3000) : 8 + (int32_t)((seed >> 36) % 100);
        boxes[i] =
            (Box){(int32_t)((seed >> 8) % 5000) - 500, (int32_t)((seed >> 30) % 4000) - 500, w, h};
        ck_assert(grid_insert(&g, (EcsEntity){(uint32_t)i, 1}, boxes[i]));
    }
    ck_assert_uint_gt(g.big_count, 10);
    ck_assert_uint_lt(g.count, 40000); /* cell by cell, the big ones alone would be millions */
    for (int round = 0; round < 2; round++) {
        for (int q = 0; q < 400; q++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            Box at = {(int32_t)((seed >> 8) % 5000) - 500, (int32_t)((seed >> 30) % 4000) - 500,
                      1 + (int32_t)((seed >> 20) % 400), 1 + (int32_t)((seed >> 40) % 400)};
            bool met[N] = {false};
            GridQuery it;
            grid_query_begin(&it, &g, at);
            EcsEntity e;
            while (grid_query_next(&it, &e)) {
                ck_assert_uint_lt(e.index, N);
                met[e.index] = true;
            }
            int32_t a[4];
            cells_of(&g, at, a);
            for (int i = 0; i < N; i++) {
                int32_t b[4];
                cells_of(&g, boxes[i], b);
                bool meets = b[0] <= a[2] && a[0] <= b[2] && b[1] <= a[3] && a[1] <= b[3];
                ck_assert_msg(met[i] == meets, "round %d query %d: box %d %s", round, q, i,
                              meets ? "not met" : "met though its cells are elsewhere");
            }
        }
        /* everything moves, the big boxes with the small */
        for (int i = 0; i < N; i++) {
            Box to = boxes[i];
            to.x += 37 * (i % 7) - 100;
            to.y += 53 * (i % 5) - 90;
            grid_move(&g, (EcsEntity){(uint32_t)i, 1}, boxes[i], to);
            boxes[i] = to;
        }
    }
    grid_fini(&g);
}
END_TEST

/* ---- fixed step ---- */

START_TEST(fixed_step_runs_one_tick_per_tick_of_time)
{
    FixedStep fs;
    fixed_step_init(&fs, 1.0 / 60.0, 0.25);
    int ticks = 0;
    for (int frame = 0; frame < 600; frame++) /* ten seconds at 60 fps */
        ticks += fixed_step_advance(&fs, 1.0 / 60.0);
    ck_assert_int_eq(ticks, 600);
    /* 144 Hz: 10 s of frames is still 600 ticks, give or take the one in progress. */
    fixed_step_init(&fs, 1.0 / 60.0, 0.25);
    ticks = 0;
    for (int frame = 0; frame < 1440; frame++)
        ticks += fixed_step_advance(&fs, 1.0 / 144.0);
    ck_assert_int_ge(ticks, 599);
    ck_assert_int_le(ticks, 600);
    /* 30 fps: two ticks a frame. */
    fixed_step_init(&fs, 1.0 / 60.0, 0.25);
    for (int frame = 0; frame < 10; frame++)
        ck_assert_int_eq(fixed_step_advance(&fs, 1.0 / 30.0), 2);
}
END_TEST

START_TEST(fixed_step_accumulates_and_reports_alpha)
{
    FixedStep fs;
    const double dt = 1.0 / 60.0;
    fixed_step_init(&fs, dt, 0.25);
    /* Frames of 0.4, 0.4, 0.4 ticks: 0, 0, 1 ticks; alpha the leftover. */
    ck_assert_int_eq(fixed_step_advance(&fs, 0.4 * dt), 0);
    ck_assert_float_eq_tol(fixed_step_alpha(&fs), 0.4f, 1e-4f);
    ck_assert_int_eq(fixed_step_advance(&fs, 0.4 * dt), 0);
    ck_assert_int_eq(fixed_step_advance(&fs, 0.4 * dt), 1);
    ck_assert_float_eq_tol(fixed_step_alpha(&fs), 0.2f, 1e-4f);
    /* Nonsense frame times add nothing. */
    ck_assert_int_eq(fixed_step_advance(&fs, -1.0), 0);
    ck_assert_int_eq(fixed_step_advance(&fs, NAN), 0);
}
END_TEST

START_TEST(fixed_step_clamps_a_long_frame)
{
    FixedStep fs;
    const double dt = 1.0 / 60.0, clamp = 0.25;
    fixed_step_init(&fs, dt, clamp);
    /* A five-second stall runs only the clamp's worth of ticks. */
    ck_assert_int_eq(fixed_step_advance(&fs, 5.0), (int)lround(clamp / dt));
    ck_assert_float_lt(fixed_step_alpha(&fs), 1.0f);
    ck_assert_int_eq(fixed_step_advance(&fs, dt), 1);
}
END_TEST

/* ---- replays ---- */

START_TEST(replay_parses_runs_and_derives_presses)
{
    const char *text = "# a comment\n30,R\n12,R,J\n\n  2 , L ,J # trailing\n1\n3,J\r\n";
    Replay r;
    char err[128];
    ck_assert_msg(replay_parse(text, strlen(text), &r, NULL, err, sizeof err), "%s", err);
    ck_assert_uint_eq(r.count, 30 + 12 + 2 + 1 + 3);
    InputIntent in = replay_intent(&r, 29);
    ck_assert(in.right && !in.jump_held && !in.jump_pressed);
    in = replay_intent(&r, 30); /* tick 31: the press */
    ck_assert(in.right && in.jump_held && in.jump_pressed);
    in = replay_intent(&r, 31);
    ck_assert(in.jump_held && !in.jump_pressed);
    in = replay_intent(&r, 42); /* L,J continues the hold: no new press */
    ck_assert(in.left && !in.right && in.jump_held && !in.jump_pressed);
    in = replay_intent(&r, 45); /* after a tick without J: a new press */
    ck_assert(in.jump_pressed);
    replay_fini(&r);
}
END_TEST

START_TEST(replay_errors_name_line_and_column)
{
    static const struct {
        const char *text;
        const char *where;
    } bad[] = {
        {"10,R\nx,R\n", "2:1:"},
        {"10,Q\n", "1:4:"},
        {"10 R\n", "1:4:"},
        {"0,R\n", "1:1:"},
        {"5,R\n99999999999,J\n", "2:"},
        {"833883\n83388\n", "2:1: replay too long"}, /* each fits, the sum does not */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Replay r;
        char err[128];
        ck_assert(!replay_parse(bad[i].text, strlen(bad[i].text), &r, NULL, err, sizeof err));
        ck_assert_msg(strncmp(err, bad[i].where, strlen(bad[i].where)) == 0, "'%s' gave '%s'",
                      bad[i].text, err);
        ck_assert_ptr_null(r.keys);
    }
}
END_TEST

/* A replay saved by an editor with CR, CRLF or mixed line ends reads the
** same, and its errors name the line an editor shows. */
START_TEST(replay_lines_end_at_lf_crlf_or_a_lone_cr)
{
    static const char *const good[] = {
        "# r\n30,R\n12,R,J\n\n3,L\n",
        "# r\r30,R\r12,R,J\r\r3,L\r",
        "# r\r\n30,R\r\n12,R,J\r\n\r\n3,L\r\n",
        "# r\r\n30,R\r12,R,J\n\r\n3,L",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        Replay r;
        char err[128];
        ck_assert_msg(replay_parse(good[i], strlen(good[i]), &r, NULL, err, sizeof err), "%zu: %s",
                      i, err);
        ck_assert_uint_eq(r.count, 45);
        ck_assert(replay_intent(&r, 30).jump_pressed);
        ck_assert(replay_intent(&r, 44).left);
        replay_fini(&r);
    }
    static const char *const bad[] = {
        "30,R\n\n12,R\n5,Q\n",
        "30,R\r\r12,R\r5,Q\r",
        "30,R\r\n\r\n12,R\r\n5,Q",
        "30,R\r\n\r12,R\n5,Q\r\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Replay r;
        char err[128];
        ck_assert(!replay_parse(bad[i], strlen(bad[i]), &r, NULL, err, sizeof err));
        ck_assert_msg(strncmp(err, "4:3: unknown key", 16) == 0, "%zu: %s", i, err);
    }
}
END_TEST

START_TEST(replay_format_round_trips)
{
    Replay r;
    replay_init(&r);
    uint64_t seed = 12345;
    for (int i = 0; i < 5000; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        InputIntent in = {.left = (seed >> 33) & 1,
                          .right = (seed >> 34) & 1,
                          .down = (seed >> 35) & 1,
                          .jump_held = (seed >> 40) % 3 == 0};
        for (int n = (int)((seed >> 50) % 7); n >= 0; n--)
            ck_assert(replay_push(&r, &in));
    }
    size_t len;
    char *text = replay_format(&r, &len);
    Replay back;
    char err[128];
    ck_assert_msg(replay_parse(text, len, &back, NULL, err, sizeof err), "%s", err);
    ck_assert_uint_eq(back.count, r.count);
    ck_assert_int_eq(memcmp(back.keys, r.keys, r.count), 0);
    free(text);
    replay_fini(&r);
    replay_fini(&back);
}
END_TEST

START_TEST(replay_directives_are_read)
{
    const char *text = "#! level: ../levels/a.json\n#! outcome: completed\n"
                       "#! ticks: 812\n#!hash:0123456789abcdef  \n# a comment\n10,R\n";
    Replay r;
    ReplayHeader h;
    char err[256];
    ck_assert_msg(replay_parse(text, strlen(text), &r, &h, err, sizeof err), "%s", err);
    ck_assert_str_eq(h.level, "../levels/a.json");
    ck_assert_str_eq(h.outcome, "completed");
    ck_assert_uint_eq(h.ticks, 812);
    ck_assert_str_eq(h.hash, "0123456789abcdef");
    ck_assert_uint_eq(r.count, 10);
    char level[256];
    ck_assert(replay_level_path(&h, "tests/replays/x.replay", level, sizeof level));
    ck_assert_str_eq(level, "tests/replays/../levels/a.json");
    ck_assert(replay_level_path(&h, "x.replay", level, sizeof level));
    ck_assert_str_eq(level, "../levels/a.json");
    replay_fini(&r);
}
END_TEST

START_TEST(replay_malformed_directives_are_refused_with_their_line)
{
    static const struct {
        const char *text;
        const char *want;
    } bad[] = {
        {"#! ticks: 8l2\n", "1:11: ticks must be"},
        {"#! ticks: 0\n", "1:11: ticks must be"},
        {"5,R\n#! hash: 0123\n", "2:10: hash must be"},
        {"#! outcome: finished\n", "1:13: outcome must be"},
        {"#! level: a.json\n#! speed: 3\n", "2:3: unknown directive"},
        {"#! level a.json\n", "1:1: a '#!' line needs"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Replay r;
        ReplayHeader h;
        char err[256] = "";
        ck_assert_msg(!replay_parse(bad[i].text, strlen(bad[i].text), &r, &h, err, sizeof err),
                      "accepted: %s", bad[i].text);
        ck_assert_msg(strncmp(err, bad[i].want, strlen(bad[i].want)) == 0, "'%s' gave '%s'",
                      bad[i].text, err);
    }
}
END_TEST

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

START_TEST(replay_header_update_keeps_every_other_line)
{
    const char *path = "test_sim_update.replay";
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs("# first\n#! level: a.json\n#! outcome: died\n#! hash: 0000000000000000\n"
          "# why it goes right\n10,R\n3",
          f);
    fclose(f);
    ReplayHeader h = {.outcome = "completed", .ticks = 13, .hash = "0123456789abcdef"};
    char err[256];
    ck_assert_msg(replay_update_header(path, &h, err, sizeof err), "%s", err);
    ck_assert_str_eq(slurp(path), "# first\n#! level: a.json\n#! outcome: completed\n"
                                  "#! ticks: 13\n#! hash: 0123456789abcdef\n"
                                  "# why it goes right\n10,R\n3\n");
    Replay r;
    ReplayHeader back;
    ck_assert_msg(replay_load(path, &r, &back, err, sizeof err), "%s", err);
    ck_assert_str_eq(back.level, "a.json");
    ck_assert_uint_eq(back.ticks, 13);
    replay_fini(&r);
    /* A new file has the directives then the inputs. */
    replay_init(&r);
    InputIntent right = {.right = true};
    for (int i = 0; i < 4; i++)
        ck_assert(replay_push(&r, &right));
    ReplayHeader nh = {.level = "lv.json", .outcome = "running", .ticks = 4};
    ck_assert_msg(replay_save(path, &r, &nh, err, sizeof err), "%s", err);
    replay_fini(&r);
    ck_assert_msg(replay_load(path, &r, &back, err, sizeof err), "%s", err);
    ck_assert_str_eq(back.level, "lv.json");
    ck_assert_str_eq(back.outcome, "running");
    ck_assert_str_eq(back.hash, "");
    ck_assert_uint_eq(r.count, 4);
    replay_fini(&r);
    remove(path);
}
END_TEST

/* A replay of the longest run, every tick on a line of its own with every
** key, is read; only a file larger than any such replay is refused, and
** for its size. */
START_TEST(a_replay_of_the_longest_run_a_line_a_tick_is_read)
{
    const char *path = "test_sim_long.replay";
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs("# four hours, one tick a line\r\n", f);
    for (int i = 0; i < REPLAY_MAX_TICKS; i++)
        fputs("1,L,R,U,D,J\r\n", f);
    ck_assert_int_eq(fclose(f), 0);
    Replay r;
    ReplayHeader h;
    char err[512];
    ck_assert_msg(replay_load(path, &r, &h, err, sizeof err), "%s", err);
    ck_assert_uint_eq(r.count, REPLAY_MAX_TICKS);
    replay_fini(&r);
    /* past the size any replay of that length needs */
    f = fopen(path, "ab");
    ck_assert_ptr_nonnull(f);
    for (long n = 0; n < (long)REPLAY_MAX_BYTES; n += 64)
        fputs("# a comment of sixty-four bytes, to pass the size of a replay\n", f);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert(!replay_load(path, &r, &h, err, sizeof err));
    ck_assert_msg(strstr(err, "the file is larger than") != NULL &&
                      strstr(err, "more than a replay of the longest run") != NULL,
                  "%s", err);
    remove(path);
}
END_TEST

/* ---- determinism and the property run ---- */

/* Platforms, one-ways, movers, blocks, walkers, spikes: a busy room. */
static const char *const BUSY[] = {
    "##############################", "#............................#",
    "#...o......o........o........#", "#..====.......####.......===.#",
    "#............................#", "#.........b.b.....W..........#",
    "#.P.......b.b....#####...s...#", "#......=====.................#",
    "#..........................C.#", "#...W.....B..........^^......#",
    "######..######..##############", "#............................#",
    "##############################",
};

static LevelDesc busy_level(void)
{
    LevelDesc d = fixture_level(BUSY, 13);
    LevelPoint across[] = {{20 * TILE_SIZE, 4 * TILE_SIZE}};
    fixture_platform(&d, 6, 4, 3, 70.0f, across, 1);
    LevelPoint lift[] = {{23 * TILE_SIZE, 2 * TILE_SIZE}, {27 * TILE_SIZE, 2 * TILE_SIZE}};
    LevelEntity *e = fixture_platform(&d, 23, 8, 2, 50.0f, lift, 2);
    fixture_set(e, "mode", (LevelValue){.i = 1}); /* "loop" */
    return d;
}

static uint64_t run_random(uint64_t seed, int ticks)
{
    LevelDesc d = busy_level();
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputMash mash;
    input_mash_init(&mash, seed);
    for (int i = 0; i < ticks; i++) {
        InputIntent in = input_mash_next(&mash);
        sim_tick(sim, &in);
    }
    uint64_t h = sim_hash(sim);
    sim_destroy(sim);
    return h;
}

START_TEST(same_inputs_give_the_same_hash)
{
    uint64_t a = run_random(42, 3000), b = run_random(42, 3000), c = run_random(43, 3000);
    ck_assert_uint_eq(a, b);
    ck_assert_uint_ne(a, c);
}
END_TEST

START_TEST(hash_ignores_presentation_but_not_play)
{
    LevelDesc d = busy_level();
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    uint64_t before = sim_hash(sim);
    Sprite *s = ecs_get(sim_world(sim), sim_player(sim), C_SPRITE);
    s->frame = 7;
    s->flip_x = !s->flip_x;
    player_t(sim)->prev_x += 3; /* render interpolation only */
    ck_assert_uint_eq(sim_hash(sim), before);
    player_t(sim)->x += 1;
    ck_assert_uint_ne(sim_hash(sim), before);
    sim_destroy(sim);
}
END_TEST

/* A component the game does not have, registered the way the game
** registers its own: the hash must cover it without being told. */
typedef struct Charge {
    uint8_t level;
    int32_t amount; /* padding before it differs from run to run */
    int16_t cells[3];
} Charge;

START_TEST(hash_covers_any_gameplay_component_registered_with_its_fields)
{
    LevelDesc d = busy_level();
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    EcsWorld *w = sim_world(sim);
    static const EcsField fields[] = {ECS_FIELD(Charge, level), ECS_FIELD(Charge, amount),
                                      ECS_FIELD_ARRAY(Charge, cells)};
    EcsComponent charge = ecs_component_register_desc(
        w, &(EcsComponentDesc){"Charge", sizeof(Charge), _Alignof(Charge), GAME_COMPONENT_STATE,
                               fields, 3});
    EcsComponent look = ECS_REGISTER(w, Charge); /* the same data, as presentation */
    ck_assert_uint_ne(charge, ECS_NO_COMPONENT);
    uint64_t h0 = sim_hash(sim);
    Charge c;
    memset(&c, 0xAB, sizeof c); /* padding bytes set to junk */
    c.level = 1;
    c.amount = 10;
    c.cells[0] = c.cells[1] = c.cells[2] = 0;
    ck_assert_ptr_nonnull(ecs_add(w, sim_player(sim), charge, &c));
    uint64_t h1 = sim_hash(sim);
    ck_assert_uint_ne(h1, h0); /* a new component counts */
    Charge *stored = ecs_get(w, sim_player(sim), charge);
    memset((unsigned char *)stored + offsetof(Charge, level) + 1, 0x11,
           offsetof(Charge, amount) - offsetof(Charge, level) - 1);
    ck_assert_uint_eq(sim_hash(sim), h1); /* its padding does not */
    stored->cells[2] = 5;
    ck_assert_uint_ne(sim_hash(sim), h1); /* each listed field does */
    uint64_t h2 = sim_hash(sim);
    ck_assert_ptr_nonnull(ecs_add(w, sim_player(sim), look, &c));
    ((Charge *)ecs_get(w, sim_player(sim), look))->amount = 99;
    ck_assert_uint_eq(sim_hash(sim), h2); /* presentation does not */
    sim_destroy(sim);
}
END_TEST

static bool overlaps_solid(Sim *sim, Box box)
{
    const Tilemap *map = sim_map(sim);
    for (int ty = box.y / TILE_SIZE; ty <= (box.y + box.h - 1) / TILE_SIZE; ty++)
        for (int tx = box.x / TILE_SIZE; tx <= (box.x + box.w - 1) / TILE_SIZE; tx++)
            if (ty >= 0 && tilemap_get(map, tx, ty) == TILE_SOLID)
                return true;
    bool hit = false;
    EcsIter it = ecs_view(sim_world(sim), C_COLLIDER, C_TRANSFORM);
    while (ecs_iter_next(&it)) {
        const Collider *c = ecs_field(&it, Collider, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        for (int i = 0; i < it.count; i++)
            if (c[i].kind == COLLIDER_SOLID && c[i].enabled &&
                box_overlap(box, (Box){t[i].x + c[i].off_x, t[i].y + c[i].off_y, c[i].w, c[i].h}))
                hit = true;
    }
    return hit;
}

START_TEST(random_play_never_enters_a_solid_nor_makes_nan)
{
    LevelDesc d = busy_level();
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputMash mash;
    input_mash_init(&mash, 0x5eed);
    int airborne = 0, moved = 0;
    int32_t last_x = player_t(sim)->x;
    for (int tick = 0; tick < 10000; tick++) {
        InputIntent in = input_mash_next(&mash);
        sim_tick(sim, &in);
        const Transform *t = player_t(sim);
        const Velocity *v = player_v(sim);
        const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
        if (!isfinite(v->x) || !isfinite(v->y) || !isfinite(v->rem_x) || !isfinite(v->rem_y))
            ck_abort_msg("tick %d: velocity not finite", tick);
        if (player_p(sim)->state == PLAYER_NORMAL &&
            overlaps_solid(sim, (Box){t->x + c->off_x, t->y + c->off_y, c->w, c->h}))
            ck_abort_msg("tick %d: player at (%d, %d) overlaps a solid", tick, t->x, t->y);
        airborne += !player_p(sim)->grounded;
        moved += t->x != last_x;
        last_x = t->x;
    }
    /* The run did exercise jumping and running. */
    ck_assert_int_gt(airborne, 1000);
    ck_assert_int_gt(moved, 1000);
    sim_destroy(sim);
}
END_TEST

/* ---- the rules --check and the invariants share (rules.c) ---- */

/* The entity of the world standing where le was placed (at the start). */
static EcsEntity spawned_at(Sim *sim, const LevelEntity *le, int kind_components)
{
    EcsIter it = ecs_view(sim_world(sim), C_TRANSFORM, C_COLLIDER);
    EcsEntity found = ECS_NULL;
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++) {
            const Transform *t = ecs_field(&it, Transform, 0);
            EcsEntity e = ecs_iter_entity(&it, i);
            bool same = true;
            for (EcsComponent c = 0; c < C_COMPONENT_COUNT; c++)
                if ((kind_components & (1 << c)) && !ecs_has(sim_world(sim), e, c))
                    same = false;
            if (same && t[i].x == le->x && t[i].y == le->y && ecs_entity_is_null(found))
                found = e;
        }
    return found;
}

START_TEST(spawn_box_is_the_collider_every_kind_spawns_with)
{
    static const char *const ROOM[] = {
        "..........",
        "..........",
        ".P........",
        "##########",
    };
    for (int k = 0; k < kind_count(); k++) {
        const EntityKind *kind = kind_get(k);
        if (kind->collider == KIND_NO_COLLIDER || (kind->components & (1u << C_PLAYER)))
            continue;
        LevelDesc d = fixture_level(ROOM, 4);
        LevelEntity *e = fixture_push(&d, kind->name, 6, 2);
        e->x += 3; /* off the tile grid: the hit box follows the entity, not the tiles */
        LevelEntity le = *e;
        Sim *sim = fixture_sim(&d);
        EcsEntity s = spawned_at(sim, &le, (int)kind->components);
        ck_assert_msg(!ecs_entity_is_null(s), "%s: not spawned", kind->name);
        Box b =
            box_of(ecs_get(sim_world(sim), s, C_TRANSFORM), ecs_get(sim_world(sim), s, C_COLLIDER));
        SimBox want = sim_spawn_box(&le);
        ck_assert_msg(b.x == want.x && b.y == want.y && b.w == want.w && b.h == want.h,
                      "%s: spawned %dx%d at (%d, %d), sim_spawn_box says %dx%d at (%d, %d)",
                      kind->name, b.w, b.h, b.x, b.y, want.w, want.h, want.x, want.y);
        /* the player too, which fixture_level put first */
        Box pb = box_of(player_t(sim), ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER));
        SimBox pw = sim_spawn_box(&d.entities[0]);
        ck_assert(pb.x == pw.x && pb.y == pw.y && pb.w == pw.w && pb.h == pw.h);
        sim_destroy(sim);
        leveldesc_fini(&d);
    }
}
END_TEST

START_TEST(respawn_box_is_where_the_player_comes_back)
{
    static const char *const RUN[] = {
        "####################", "#..................#", "#..................#",
        "#.P....C.....^^....#", "####################",
    };
    LevelDesc d = fixture_level(RUN, 5);
    SimBox start = {0}, flag = {0};
    for (int i = 0; i < d.entity_count; i++) {
        const EntityKind *k = kind_get(d.entities[i].kind);
        if (k->flags & KIND_RESPAWN) {
            d.entities[i].x += 5; /* the checkpoint off the grid: its centre decides */
            *((k->flags & KIND_UNIQUE) ? &start : &flag) = sim_respawn_box(&d.entities[i]);
        }
    }
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    Box b = box_of(player_t(sim), c);
    ck_assert(b.x == start.x && b.y == start.y && b.w == start.w && b.h == start.h);
    InputIntent last = {0}, right = {.right = true};
    bool respawned = false;
    for (int i = 0; i < 600 && !respawned; i++) {
        run_ticks(sim, 1, player_p(sim)->state == PLAYER_DEAD ? (InputIntent){0} : right, &last);
        respawned = had_event(sim, EV_RESPAWNED);
    }
    ck_assert(respawned);
    b = box_of(player_t(sim), c);
    ck_assert_msg(b.x == flag.x && b.y == flag.y && b.w == flag.w && b.h == flag.h,
                  "came back at (%d, %d), sim_respawn_box says (%d, %d)", b.x, b.y, flag.x, flag.y);
    sim_destroy(sim);
}
END_TEST

/* A saw placed all round the player's start: the Sim kills at the first
** tick exactly when the saw meets sim_hurt_box, the box --check tests. */
START_TEST(hurt_box_is_what_hazards_kill)
{
    static const char *const ROOM[] = {
        "............", "............", "............", ".....P......", "############",
    };
    int kills = 0, spared = 0;
    for (int dy = -24; dy <= 16; dy += 2)
        for (int dx = -18; dx <= 18; dx += 2) {
            LevelDesc d = fixture_level(ROOM, 5);
            SimBox player = sim_spawn_box(&d.entities[0]);
            LevelEntity *saw = fixture_push(&d, "saw", 5, 3);
            saw->x = d.entities[0].x + dx;
            saw->y = d.entities[0].y + 8 + dy;
            bool hurts = sim_boxes_overlap(sim_spawn_box(saw), sim_hurt_box(player, &d.physics));
            Sim *sim = fixture_sim(&d);
            leveldesc_fini(&d);
            sim_tick(sim, &(InputIntent){0});
            bool died = player_p(sim)->state == PLAYER_DEAD;
            ck_assert_msg(died == hurts, "saw at (%+d, %+d) px: %s, sim_hurt_box says %s", dx, dy,
                          died ? "killed" : "spared", hurts ? "it hurts" : "it does not");
            kills += died;
            spared += !died;
            sim_destroy(sim);
        }
    ck_assert_int_gt(kills, 0);
    ck_assert_int_gt(spared, 0);
}
END_TEST

START_TEST(box_clear_names_the_tile_or_the_solid_in_the_way)
{
    static const char *const ROOM[] = {
        "..........",
        "....B.....",
        ".P........",
        "##########",
    };
    LevelDesc d = fixture_level(ROOM, 4);
    fixture_push(&d, "walker", 4, 1); /* inside the block */
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    SimBlocker what;
    ck_assert(sim_box_clear(sim, (SimBox){16, 8, 12, 22}, &what));
    ck_assert(!sim_box_clear(sim, (SimBox){16, 40, 12, 12}, &what));
    ck_assert(what.tile);
    ck_assert_int_eq(what.col, 1);
    ck_assert_int_eq(what.row, 3);
    /* past the map's left side is wall, as collide.c has it */
    ck_assert(!sim_box_clear(sim, (SimBox){-4, 8, 12, 12}, &what));
    ck_assert(what.tile && what.col == -1);
    /* the block that starts solid ("B": solid while its group is off) */
    ck_assert(!sim_box_clear(sim, (SimBox){66, 18, 4, 4}, &what));
    ck_assert(!what.tile);
    ck_assert_int_eq(what.box.x, 64);
    ck_assert_int_eq(what.box.y, 16);
    ck_assert_int_eq(what.box.w, 16);
    /* and the walker inside it is what the invariants refuse, by the same rule */
    char msg[256];
    ck_assert(!sim_check_invariants(sim, msg, sizeof msg));
    ck_assert_msg(strstr(msg, "the entity whose box is 16x16 px at (64, 16)") != NULL, "%s", msg);
    sim_destroy(sim);
}
END_TEST

/* A platform rests on the checkpoint's place when the player reaches the
** checkpoint, so the level put back on death (restore.c) has it resting
** there: the player waits for it to leave, then comes back where the
** checkpoint stands, never inside it (nor shoved out of it). */
START_TEST(respawn_waits_while_a_solid_fills_the_place)
{
    static const char *const ROOM[] = {
        "####################", "#..................#", "#..................#",
        "#^..P.....C........#", "####################",
    };
    LevelDesc d = fixture_level(ROOM, 5);
    d.physics.respawn_time = 1.0f;
    const LevelEntity *flag = NULL;
    for (int i = 0; i < d.entity_count; i++)
        if (d.entities[i].kind == kind_find("checkpoint"))
            flag = &d.entities[i];
    ck_assert_ptr_nonnull(flag);
    SimBox place = sim_respawn_box(flag);
    /* a one-tile platform at the place's waist height, 4 px right of the
    ** flag's edge so the player still touches the flag beside it: from the
    ** right it comes to rest there for 3 s */
    LevelPoint there[] = {{flag->x + 4, place.y + 8}};
    LevelEntity *plat = fixture_platform(&d, 17, 0, 1, 60.0f, there, 1);
    plat->y = place.y + 8;
    fixture_set(plat, "wait", (LevelValue){.f = 3.0f});
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    const PhysicsParams *pp = sim_params(sim);
    InputIntent last = {0}, left = {.left = true}, right = {.right = true};
    int died_at = -1, back_at = -1, waited = 0;
    bool reached = false;
    char msg[256];
    for (int tick = 0; tick < 1200 && back_at < 0; tick++) {
        /* wait for the platform to come to rest, walk to the flag, then
        ** back left into the spikes */
        InputIntent in = tick < 150    ? (InputIntent){0}
                         : !reached    ? right
                         : died_at < 0 ? left
                                       : (InputIntent){0};
        run_ticks(sim, 1, in, &last);
        ck_assert_msg(sim_check_invariants(sim, msg, sizeof msg), "tick %d: %s", tick, msg);
        reached |= had_event(sim, EV_CHECKPOINT);
        if (died_at < 0 && had_event(sim, EV_DIED))
            died_at = tick;
        if (had_event(sim, EV_RESPAWNED))
            back_at = tick;
        else if (died_at >= 0 && tick - died_at > sim_ticks(pp->respawn_time)) {
            /* dead past its time: only because the place is filled */
            ck_assert(!sim_box_clear(sim, place, NULL));
            waited++;
        }
    }
    ck_assert(reached);
    ck_assert_int_ge(died_at, 0);
    ck_assert_int_ge(back_at, 0);
    ck_assert_int_gt(waited, 0); /* the platform was there when the time was up */
    ck_assert(sim_box_clear(sim, place, NULL));
    const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    Box b = box_of(player_t(sim), c);
    ck_assert_int_eq(b.x, place.x);
    ck_assert_int_eq(b.y, place.y);
    sim_destroy(sim);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sim");
    TCase *tc = tcase_create("sim");
    tcase_add_test(tc, the_grid_finds_big_and_small_boxes_alike);
    tcase_add_test(tc, fixed_step_runs_one_tick_per_tick_of_time);
    tcase_add_test(tc, fixed_step_accumulates_and_reports_alpha);
    tcase_add_test(tc, fixed_step_clamps_a_long_frame);
    tcase_add_test(tc, replay_parses_runs_and_derives_presses);
    tcase_add_test(tc, a_replay_of_the_longest_run_a_line_a_tick_is_read);
    tcase_add_test(tc, replay_errors_name_line_and_column);
    tcase_add_test(tc, replay_lines_end_at_lf_crlf_or_a_lone_cr);
    tcase_add_test(tc, replay_format_round_trips);
    tcase_add_test(tc, replay_directives_are_read);
    tcase_add_test(tc, replay_malformed_directives_are_refused_with_their_line);
    tcase_add_test(tc, replay_header_update_keeps_every_other_line);
    tcase_add_test(tc, same_inputs_give_the_same_hash);
    tcase_add_test(tc, hash_ignores_presentation_but_not_play);
    tcase_add_test(tc, hash_covers_any_gameplay_component_registered_with_its_fields);
    tcase_add_test(tc, random_play_never_enters_a_solid_nor_makes_nan);
    tcase_add_test(tc, spawn_box_is_the_collider_every_kind_spawns_with);
    tcase_add_test(tc, respawn_box_is_where_the_player_comes_back);
    tcase_add_test(tc, hurt_box_is_what_hazards_kill);
    tcase_add_test(tc, box_clear_names_the_tile_or_the_solid_in_the_way);
    tcase_add_test(tc, respawn_waits_while_a_solid_fills_the_place);
    tcase_set_timeout(tc, 300);
    suite_add_tcase(s, tc);
    return check_run(s);
}
