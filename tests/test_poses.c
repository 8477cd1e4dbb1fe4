/* SPDX-License-Identifier: Zlib */
/* test_poses.c -- Pip's poses from simulated situations: the simulation
** runs with the clip timings of the real atlas (assets/atlas.json, through
** the game's own loader), and the sprite it leaves each tick must show the
** pose the situation calls for. Run from the source folder (ctest does). */
#include "assets.h"
#include "game_fixture.h"
#include "check_run.h"

#include <check.h>

static const InputIntent NONE = {0};
static const InputIntent RIGHT = {.right = true};
static const InputIntent LEFT = {.left = true};
static const InputIntent JUMP = {.jump_held = true};
static const InputIntent RIGHT_JUMP = {.right = true, .jump_held = true};

static ClipTable real_clips(void)
{
    static ClipTable clips;
    static bool loaded;
    if (!loaded) {
        RenderAtlas atlas;
        char err[512];
        ck_assert_msg(assets_load_atlas(".", NULL, &atlas, &clips, err, sizeof err), "%s", err);
        loaded = true;
    }
    return clips;
}

static Sim *pose_sim(LevelDesc *d)
{
    ClipTable clips = real_clips();
    Sim *sim = sim_create(d, &clips);
    ck_assert_ptr_nonnull(sim);
    leveldesc_fini(d);
    return sim;
}

static const Sprite *sprite(Sim *sim)
{
    return ecs_get(sim_world(sim), sim_player(sim), C_SPRITE);
}

static bool shows(Sim *sim, const char *clip)
{
    return sprite(sim)->clip == kind_clip_find(clip);
}

static const char *shown(Sim *sim)
{
    return kind_clip_name(sprite(sim)->clip);
}

/* Ticks a clip lasts, from its timing in the atlas. */
static int clip_ticks(const char *clip)
{
    ClipTable clips = real_clips();
    const ClipInfo *c = &clips.clips[kind_clip_find(clip)];
    return (int)((float)c->frames * (float)SIM_TICK_RATE / c->fps + 0.999f);
}

/* A ledge `drop` tiles above a floor: Pip stands on the ledge's end. */
static LevelDesc ledge_level(int drop)
{
    enum { W = 24, H = 16 };
    static char rows[H][W + 1];
    static const char *ptrs[H];
    int ledge = H - 2 - drop;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++)
            rows[y][x] = x == 0 || x == W - 1 || y >= H - 2 || (y == ledge && x < 6) ? '#' : '.';
        rows[y][W] = '\0';
        ptrs[y] = rows[y];
    }
    rows[ledge - 1][3] = 'P';
    return fixture_level(ptrs, H);
}

/* Walks off a ledge of `drop` tiles; returns the land clip's variant
** shown on the landing tick (the squash). */
static int land_after_drop(int drop)
{
    LevelDesc d = ledge_level(drop);
    Sim *sim = pose_sim(&d);
    InputIntent last = NONE;
    run_ticks(sim, 20, NONE, &last);
    for (int i = 0; i < 400; i++) {
        run_ticks(sim, 1, player_p(sim)->grounded && i < 60 ? RIGHT : NONE, &last);
        if (had_event(sim, EV_LANDED)) {
            ck_assert_msg(shows(sim, "player_land"), "landing shows %s", shown(sim));
            int variant = sprite(sim)->variant;
            /* the squash holds a moment, then Pip stands */
            run_ticks(sim, 2, NONE, &last);
            ck_assert_msg(shows(sim, "player_land"), "%s two ticks after landing", shown(sim));
            ck_assert_int_eq(sprite(sim)->variant, variant);
            run_ticks(sim, clip_ticks("player_land"), NONE, &last);
            ck_assert_msg(shows(sim, "player_idle"), "%s after the landing", shown(sim));
            sim_destroy(sim);
            return variant;
        }
        if (!player_p(sim)->grounded && i > 60)
            ck_assert_msg(shows(sim, "player_fall"), "falling shows %s", shown(sim));
    }
    ck_abort_msg("never landed");
    return -1;
}

START_TEST(landing_squash_grows_with_the_fall)
{
    int one = land_after_drop(1), three = land_after_drop(3), eight = land_after_drop(8);
    ck_assert_int_eq(one, 0);
    ck_assert_int_eq(three, 1);
    ck_assert_int_eq(eight, 2);
}
END_TEST

/* A jump from standing: the crouch of the take-off the first tick in the
** air, then the rise, then the fall, then a landing. */
START_TEST(a_jump_crouches_stretches_then_falls)
{
    LevelDesc d = ledge_level(2);
    Sim *sim = pose_sim(&d);
    InputIntent last = NONE;
    run_ticks(sim, 20, NONE, &last);
    ck_assert_msg(shows(sim, "player_idle"), "standing shows %s", shown(sim));
    run_ticks(sim, 1, JUMP, &last);
    ck_assert(had_event(sim, EV_JUMPED));
    ck_assert_msg(shows(sim, "player_takeoff"), "the take-off shows %s", shown(sim));
    ck_assert_int_eq(sprite(sim)->frame, 0);
    int takeoff = clip_ticks("player_takeoff");
    run_ticks(sim, takeoff, JUMP, &last);
    ck_assert_msg(shows(sim, "player_jump"), "rising shows %s", shown(sim));
    bool fell = false, landed = false;
    for (int i = 0; i < 200 && !landed; i++) {
        run_ticks(sim, 1, NONE, &last);
        fell = fell || shows(sim, "player_fall");
        landed = had_event(sim, EV_LANDED);
    }
    ck_assert(fell && landed);
    ck_assert(shows(sim, "player_land"));
    sim_destroy(sim);
}
END_TEST

/* Pushing into a wall in the air slides down it in the slide pose (its
** clip holds the dust). */
START_TEST(a_wall_slide_shows_the_slide)
{
    static const char *const rows[] = {
        "################", "#..........#####", "#..........#####", "#..........#####",
        "#..........#####", "#..........#####", "#..........#####", "#..........#####",
        "#..........#####", "#........P.#####", "################",
    };
    LevelDesc d = fixture_level(rows, 11);
    Sim *sim = pose_sim(&d);
    InputIntent last = NONE;
    run_ticks(sim, 10, NONE, &last);
    run_ticks(sim, 14, RIGHT_JUMP, &last);
    int slid = 0;
    for (int i = 0; i < 60 && !player_p(sim)->grounded; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        if (player_p(sim)->sliding && !player_p(sim)->grounded) {
            ck_assert_msg(shows(sim, "player_slide"), "sliding shows %s", shown(sim));
            ck_assert(!sprite(sim)->flip_x); /* facing the wall on the right */
            slid++;
        }
    }
    ck_assert_int_gt(slid, 5);
    /* a slide takes the fall: the landing after it is a light one */
    for (int i = 0; i < 60 && !had_event(sim, EV_LANDED); i++)
        run_ticks(sim, 1, RIGHT, &last);
    ck_assert(shows(sim, "player_land"));
    ck_assert_int_eq(sprite(sim)->variant, 0);
    sim_destroy(sim);
}
END_TEST

/* Standing still with the middle of the feet over a drop: the teeter,
** facing the drop, whichever way it lies; on firm ground, idle. */
START_TEST(a_ledge_makes_pip_teeter_towards_the_drop)
{
    for (int side = -1; side <= 1; side += 2) {
        LevelDesc d = ledge_level(3);
        Sim *sim = pose_sim(&d);
        InputIntent last = NONE;
        run_ticks(sim, 10, NONE, &last);
        ck_assert_msg(shows(sim, "player_idle"), "standing shows %s", shown(sim));
        FixtureBox box = player_box(sim);
        /* the ledge ends at x = 6 tiles; its start at 1 (the wall) is
        ** mirrored by a gap dug under the box's left half */
        if (side > 0) {
            place_player_box(sim, 6 * TILE_SIZE - box.w / 2 + 2, box.y);
        } else {
            LevelDesc d2 = ledge_level(3); /* the ledge on row 11 */
            tilemap_set(&d2.map, 2, 11, TILE_EMPTY);
            tilemap_set(&d2.map, 1, 11, TILE_EMPTY);
            sim_destroy(sim);
            sim = pose_sim(&d2);
            run_ticks(sim, 10, NONE, &last);
            box = player_box(sim);
            place_player_box(sim, 3 * TILE_SIZE - box.w / 2 - 2, box.y);
        }
        run_ticks(sim, 2, NONE, &last);
        ck_assert_msg(player_p(sim)->grounded, "side %d: not standing", side);
        ck_assert_msg(shows(sim, "player_teeter"), "side %d: the ledge shows %s", side, shown(sim));
        ck_assert_int_eq(sprite(sim)->flip_x, side < 0);
        /* a step back onto the ledge: firm ground */
        run_ticks(sim, 8, side > 0 ? LEFT : RIGHT, &last);
        run_ticks(sim, 30, NONE, &last);
        ck_assert_msg(shows(sim, "player_idle"), "side %d: back on the ledge shows %s", side,
                      shown(sim));
        sim_destroy(sim);
    }
}
END_TEST

/* Standing still on a lift while it carries Pip up, down and sideways:
** in its middle Pip stands; with the middle of the feet past its end, he
** teeters towards the drop every tick of the ride, the lift's motion
** under the probe never making him flicker between the two. */
START_TEST(a_moving_lift_teeters_at_its_end_and_stands_in_its_middle)
{
    /* across, up, down, and up and across at once */
    static const LevelPoint to[] = {{14 * TILE_SIZE, 11 * TILE_SIZE},
                                    {8 * TILE_SIZE, 5 * TILE_SIZE},
                                    {8 * TILE_SIZE, 13 * TILE_SIZE},
                                    {14 * TILE_SIZE, 6 * TILE_SIZE}};
    for (size_t k = 0; k < sizeof to / sizeof to[0]; k++)
        for (int oneway = 0; oneway < 2; oneway++)
            for (int spot = -1; spot <= 1; spot++) {
                LevelDesc d = ledge_level(8);
                LevelEntity *lift = fixture_platform(&d, 8, 11, 3, 40.0f, &to[k], 1);
                fixture_set(lift, "oneway", (LevelValue){.i = oneway});
                LevelEntity *p = fixture_find(&d, "player");
                FixtureBox hit = fixture_entity_box(p);
                int32_t hit_x = hit.x - p->x, mid = hit_x + hit.w / 2;
                /* the middle of the feet 3 px past the lift's left or right
                ** end, or over its middle */
                int32_t at = spot < 0   ? 8 * TILE_SIZE - 3
                             : spot > 0 ? 11 * TILE_SIZE + 3
                                        : 9 * TILE_SIZE + 8;
                p->x = at - mid;
                p->y = 11 * TILE_SIZE - p->h;
                Sim *sim = pose_sim(&d);
                InputIntent last = NONE;
                run_ticks(sim, 1, NONE, &last);
                for (int i = 0; i < 600; i++) {
                    run_ticks(sim, 1, NONE, &last);
                    ck_assert_msg(player_p(sim)->grounded, "path %zu, spot %d, tick %d: fell off",
                                  k, spot, i);
                    const char *want = spot == 0 ? "player_idle" : "player_teeter";
                    ck_assert_msg(shows(sim, want), "path %zu, one-way %d, spot %d, tick %d: %s", k,
                                  oneway, spot, i, shown(sim));
                    if (spot != 0)
                        ck_assert_int_eq(sprite(sim)->flip_x, spot < 0);
                }
                sim_destroy(sim);
            }
}
END_TEST

/* Reversing at a run: the turn while the boots still slide the old way,
** already facing the new way; then the run. */
START_TEST(reversing_at_a_run_shows_the_turn)
{
    LevelDesc d = ledge_level(8);
    Sim *sim = pose_sim(&d);
    InputIntent last = NONE;
    run_ticks(sim, 10, NONE, &last);
    FixtureBox box = player_box(sim);
    place_player_box(sim, 8 * TILE_SIZE, 14 * TILE_SIZE - box.h); /* on the floor */
    run_ticks(sim, 12, RIGHT, &last);
    ck_assert(shows(sim, "player_run"));
    run_ticks(sim, 1, LEFT, &last);
    ck_assert_msg(shows(sim, "player_turn"), "reversing shows %s", shown(sim));
    ck_assert(sprite(sim)->flip_x);
    ck_assert(player_v(sim)->x > 0.0f);
    run_ticks(sim, 20, LEFT, &last);
    ck_assert_msg(shows(sim, "player_run"), "running back shows %s", shown(sim));
    sim_destroy(sim);
}
END_TEST

/* Standing still, the idle clip runs through every one of its frames
** (the blink among them: test_assets checks the eyes shut in one). */
START_TEST(idle_breathes_and_blinks_through_its_frames)
{
    LevelDesc d = ledge_level(3);
    Sim *sim = pose_sim(&d);
    InputIntent last = NONE;
    ClipTable clips = real_clips();
    int frames = clips.clips[kind_clip_find("player_idle")].frames;
    ck_assert_int_gt(frames, 8);
    bool seen[64] = {false};
    for (int i = 0; i < clip_ticks("player_idle") + 2; i++) {
        run_ticks(sim, 1, NONE, &last);
        ck_assert_msg(shows(sim, "player_idle"), "tick %d shows %s", i, shown(sim));
        ck_assert_int_lt(sprite(sim)->frame, 64);
        seen[sprite(sim)->frame] = true;
    }
    for (int f = 0; f < frames; f++)
        ck_assert_msg(seen[f], "idle frame %d never shown", f);
    sim_destroy(sim);
}
END_TEST

/* Death, then the way back: the burst while dead, the pieces gathering
** the tick Pip is back, then idle once that clip has played. */
START_TEST(death_bursts_and_respawn_gathers)
{
    static const char *const rows[] = {
        "############", "#..........#", "#..........#", "#.P....^...#", "############",
    };
    LevelDesc d = fixture_level(rows, 5);
    Sim *sim = pose_sim(&d);
    InputIntent last = NONE;
    bool died = false;
    for (int i = 0; i < 200 && !died; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        died = had_event(sim, EV_DIED);
    }
    ck_assert(died);
    ck_assert_msg(shows(sim, "player_death"), "dying shows %s", shown(sim));
    bool back = false;
    for (int i = 0; i < 200 && !back; i++) {
        run_ticks(sim, 1, NONE, &last);
        back = had_event(sim, EV_RESPAWNED);
        if (!back)
            ck_assert(shows(sim, "player_death"));
    }
    ck_assert(back);
    ck_assert_msg(shows(sim, "player_respawn"), "coming back shows %s", shown(sim));
    ck_assert_int_eq(sprite(sim)->frame, 0);
    run_ticks(sim, clip_ticks("player_respawn") + 1, NONE, &last);
    ck_assert_msg(shows(sim, "player_idle"), "after coming back: %s", shown(sim));
    sim_destroy(sim);
}
END_TEST

/* The poses are presentation: the state hash of a run is the same with
** the real clips as with single frames. */
START_TEST(poses_leave_the_state_hash_alone)
{
    LevelDesc a = ledge_level(8), b = ledge_level(8);
    ClipTable clips = real_clips();
    Sim *real = sim_create(&a, &clips), *plain = sim_create(&b, NULL);
    leveldesc_fini(&a);
    leveldesc_fini(&b);
    InputIntent la = NONE, lb = NONE;
    static const InputIntent script[] = {
        {.right = true}, {.right = true, .jump_held = true}, {.left = true}, {0}};
    for (int i = 0; i < 600; i++) {
        InputIntent in = script[(i / 37) % 4];
        run_ticks(real, 1, in, &la);
        run_ticks(plain, 1, in, &lb);
        ck_assert_uint_eq(sim_hash(real), sim_hash(plain));
    }
    sim_destroy(real);
    sim_destroy(plain);
}
END_TEST

static Suite *poses_suite(void)
{
    Suite *s = suite_create("poses");
    TCase *tc = tcase_create("pip");
    tcase_add_test(tc, landing_squash_grows_with_the_fall);
    tcase_add_test(tc, a_jump_crouches_stretches_then_falls);
    tcase_add_test(tc, a_wall_slide_shows_the_slide);
    tcase_add_test(tc, a_ledge_makes_pip_teeter_towards_the_drop);
    tcase_add_test(tc, a_moving_lift_teeters_at_its_end_and_stands_in_its_middle);
    tcase_add_test(tc, reversing_at_a_run_shows_the_turn);
    tcase_add_test(tc, idle_breathes_and_blinks_through_its_frames);
    tcase_add_test(tc, death_bursts_and_respawn_gathers);
    tcase_add_test(tc, poses_leave_the_state_hash_alone);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(poses_suite());
}
