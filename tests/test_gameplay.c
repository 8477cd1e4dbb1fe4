/* SPDX-License-Identifier: Zlib */
/*
** test_gameplay.c -- wall jumps and slides, bounces, the hurt box, planks,
** switch modes, movers, walkers, banking and the walker check, tick by tick.
**
** As in test_physics.c, every expected number comes from the parameters
** (physics_defaults(), or a level's physics) through a small model of the
** rule under test, written here from the rule as player.c, interact.c and
** moving_platform.c describe it, never from a recorded run. The models:
**
**   model_rise      the rise of a launch (a jump, a bounce): gravity, scaled
**                   near the apex while jump is held or the launch holds it,
**                   the launch speed held for the variable-jump ticks;
**   air_vx_step     one tick of horizontal speed in the air: towards
**                   max_run at air_accel (turn_mult against the motion),
**                   or bleeding down at run_reduce above it;
**   slide_vy        the fall along a wall: the cap from wall_slide_start_max
**                   back up to max_fall over wall_slide_time.
**
** Tick counts of a time parameter are sim_ticks(seconds), the rounding the
** game itself documents.
*/
#include "game_fixture.h"
#include "level.h"
#include "check_run.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>

static const InputIntent NONE = {0};
static const InputIntent LEFT = {.left = true};
static const InputIntent RIGHT = {.right = true};
static const InputIntent DOWN = {.down = true};
static const InputIntent JUMP = {.jump_held = true};

static const double DT = 1.0 / SIM_TICK_RATE;

static double approach(double value, double target, double step)
{
    return value < target ? fmin(value + step, target) : fmax(value - step, target);
}

static InputIntent with_jump(InputIntent in, bool held)
{
    in.jump_held = held;
    return in;
}

static InputIntent toward(int dir)
{
    return dir < 0 ? LEFT : dir > 0 ? RIGHT : NONE;
}

/* One tick of the player's horizontal speed in the air (player.c, step 3). */
static double air_vx_step(const PhysicsParams *pp, double vx, int move)
{
    double target = (double)move * pp->max_run;
    if (fabs(vx) > pp->max_run && move != 0 && (vx > 0) == (move > 0))
        return approach(vx, target, pp->run_reduce * DT);
    if (move != 0) {
        double accel = pp->air_accel * (vx * move < 0 ? pp->turn_mult : 1.0);
        return approach(vx, target, accel * DT);
    }
    return approach(vx, 0.0, pp->air_decel * DT);
}

/* How high a launch rises, in px, from where it is at the end of its launch
** tick: moving up at `speed`, with `var` ticks of variable jump and `autoj`
** ticks of it held for you still to come, `moved` px (negative: up) already
** moved in the launch tick. Jump is held for the first held_ticks ticks
** after it. Steps 4 and 5 of player.c in open air: gravity (apex-scaled
** while |vy| < apex_threshold and jump is held or held for you), then the
** held speed, then the move, then the counters. */
static double model_rise(const PhysicsParams *pp, double speed, int var, int autoj, int held_ticks,
                         double moved)
{
    double vy = -speed, y = moved, top = y;
    for (int tick = 1; tick < 10000; tick++) {
        bool held = tick <= held_ticks;
        bool apex = fabs(vy) < pp->apex_threshold && (held || autoj > 0);
        double mult = apex ? pp->apex_gravity_mult : vy > 0 ? pp->fall_gravity_mult : 1.0;
        vy = approach(vy, pp->max_fall, pp->gravity * mult * DT);
        if (var > 0) {
            if (held || autoj > 0)
                vy = fmin(vy, -speed);
            else
                var = 0;
        }
        if (vy >= 0)
            break;
        y += vy * DT;
        top = fmin(top, y);
        if (var > 0)
            var--;
        if (autoj > 0)
            autoj--;
    }
    return -top;
}

/* The held jump off the ground: take-off speed for var_jump_time, the
** take-off tick's own move included (its counter ticks down once in it). */
static double model_jump_rise(const PhysicsParams *pp)
{
    return model_rise(pp, pp->jump_speed, sim_ticks(pp->var_jump_time) - 1, 0, INT_MAX,
                      -pp->jump_speed * DT);
}

/* ---- wall jumps ---------------------------------------------------------------- */

/* A shaft with no ledge: walls three tiles apart from the floor up to row 3,
** open air above them. The player starts on the shaft's floor. */
static const char *const SHAFT[] = {
    ".........", ".........", ".........", "###...###", "###...###", "###...###", "###...###",
    "###...###", "###...###", "###...###", "###...###", "###...###", "###...###", "###...###",
    "###...###", "###...###", "###...###", "###...###", "###.P.###", "#########",
};
enum {
    SHAFT_ROWS = 20,
    SHAFT_LEFT = 3 * TILE_SIZE,
    SHAFT_RIGHT = 6 * TILE_SIZE,
    SHAFT_TOP = 3 * TILE_SIZE
};

START_TEST(wall_jumps_climb_a_shaft_with_no_ledges_to_its_top)
{
    const PhysicsParams pp = physics_defaults();
    Sim *sim = fixture_sim_rows(SHAFT, SHAFT_ROWS);
    int32_t floor_y = player_box(sim).y + player_box(sim).h;
    /* A jump alone is nowhere near: the shaft is more than four jumps deep. */
    ck_assert_double_gt(floor_y - SHAFT_TOP, 4.0 * model_jump_rise(&pp));

    /* Jump towards one wall; near it (within wall_jump_check), let go of jump
    ** for a tick and press it again: a wall jump, towards the other wall. */
    InputIntent last = NONE;
    int target = 1, wall_jumps = 0;
    bool out = false, stood_on_top = false;
    for (int tick = 0; tick < 900 && !stood_on_top; tick++) {
        FixtureBox b = player_box(sim);
        int32_t gap = target > 0 ? SHAFT_RIGHT - (b.x + b.w) : b.x - SHAFT_LEFT;
        out = out || b.y + b.h <= SHAFT_TOP;
        InputIntent in = toward(target);
        if (!out)
            in.jump_held =
                !(gap < (int32_t)pp.wall_jump_check && !player_p(sim)->grounded && last.jump_held);
        run_ticks(sim, 1, in, &last);
        if (had_event(sim, EV_WALL_JUMPED)) {
            /* Off the wall it was heading to: away from it at wall_jump_h_speed,
            ** up as a jump. */
            ck_assert_float_eq(player_v(sim)->x, (float)-target * pp.wall_jump_h_speed);
            ck_assert_float_eq(player_v(sim)->y, -pp.jump_speed);
            wall_jumps++;
            target = -target;
        }
        stood_on_top =
            player_p(sim)->grounded && player_box(sim).y + player_box(sim).h == SHAFT_TOP;
    }
    ck_assert_msg(stood_on_top, "did not climb out of the shaft (%d wall jumps, feet at %d)",
                  wall_jumps, player_box(sim).y + player_box(sim).h);
    ck_assert_int_ge(wall_jumps, 4);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
}
END_TEST

/* A tall room whose side walls are columns 0 and 19. */
static const char *const WALLS[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..P...............#", "####################",
};
enum { WALLS_ROWS = 19, WALL_L = TILE_SIZE, WALL_R = 19 * TILE_SIZE, AIR_Y = 2 * TILE_SIZE };

/* The player in the air, gap px from the left wall (dir -1) or the right one. */
static Sim *in_air_by_wall(int dir, int32_t gap)
{
    Sim *sim = fixture_sim_rows(WALLS, WALLS_ROWS);
    int32_t w = player_box(sim).w;
    place_player_box(sim, dir < 0 ? WALL_L + gap : WALL_R - gap - w, AIR_Y);
    return sim;
}

static int32_t gap_to_wall(Sim *sim, int dir)
{
    FixtureBox b = player_box(sim);
    return dir < 0 ? b.x - WALL_L : WALL_R - (b.x + b.w);
}

START_TEST(a_jump_within_wall_jump_check_of_a_wall_is_a_wall_jump)
{
    const PhysicsParams pp = physics_defaults();
    int32_t reach = (int32_t)pp.wall_jump_check;
    ck_assert_int_gt(reach, 1);
    /* The wall's first pixel lies `gap + 1` px beyond the box's side: within
    ** reach while that is at most wall_jump_check (Celeste's WallJumpCheck:
    ** the box moved that far overlaps the wall). */
    for (int dir = -1; dir <= 1; dir += 2) {
        for (int32_t gap = 0; gap <= reach; gap++) {
            Sim *sim = in_air_by_wall(dir, gap);
            InputIntent last = NONE;
            run_ticks(sim, 1, JUMP, &last);
            bool wall_jumped = had_event(sim, EV_WALL_JUMPED);
            if (gap < reach) {
                ck_assert_msg(wall_jumped, "no wall jump %d px from the %s wall", gap,
                              dir < 0 ? "left" : "right");
                ck_assert_float_eq(player_v(sim)->x, (float)-dir * pp.wall_jump_h_speed);
                ck_assert_float_eq(player_v(sim)->y, -pp.jump_speed);
            } else {
                ck_assert_msg(!wall_jumped, "a wall jump %d px from the wall", gap);
                /* Nor later, while the press is remembered. */
                for (int i = 0; i < sim_ticks(pp.jump_buffer) + 2; i++) {
                    run_ticks(sim, 1, JUMP, &last);
                    ck_assert(!had_event(sim, EV_WALL_JUMPED) && !had_event(sim, EV_JUMPED));
                }
                ck_assert_float_eq(player_v(sim)->x, 0.0f);
            }
            sim_destroy(sim);
        }
    }
}
END_TEST

START_TEST(wall_jump_forces_the_move_away_for_wall_jump_force_time)
{
    const PhysicsParams pp = physics_defaults();
    int force = sim_ticks(pp.wall_jump_force_time);
    ck_assert_int_gt(force, 2);
    enum { AFTER = 6 };
    float vx[2][64];
    /* Off the left wall, then holding left (back at the wall) or right. */
    for (int run = 0; run < 2; run++) {
        int stick = run == 0 ? -1 : 1;
        Sim *sim = in_air_by_wall(-1, 0);
        InputIntent last = NONE;
        run_ticks(sim, 1, with_jump(LEFT, true), &last);
        ck_assert(had_event(sim, EV_WALL_JUMPED));
        double model = pp.wall_jump_h_speed;
        vx[run][0] = player_v(sim)->x;
        ck_assert_float_eq(vx[run][0], pp.wall_jump_h_speed);
        /* The jump's own tick and the force - 1 ticks after it (force ticks
        ** in all) move away whatever is held; from the force-th tick after
        ** the jump, the stick is obeyed. */
        for (int k = 1; k <= force + AFTER; k++) {
            run_ticks(sim, 1, with_jump(toward(stick), true), &last);
            ck_assert(!player_p(sim)->grounded);
            model = air_vx_step(&pp, model, k < force ? 1 : stick);
            vx[run][k] = player_v(sim)->x;
            ck_assert_msg(fabs(vx[run][k] - model) < 1e-2,
                          "tick %d after the wall jump, holding %s: vx %.3f, the rules give %.3f",
                          k, stick < 0 ? "left" : "right", (double)vx[run][k], model);
        }
        sim_destroy(sim);
    }
    /* The stick made no difference while forced, and one at once after. */
    for (int k = 0; k < force; k++)
        ck_assert_float_eq(vx[0][k], vx[1][k]);
    ck_assert_float_lt(vx[0][force], vx[1][force]);
}
END_TEST

START_TEST(wall_jump_has_coyote_time_after_leaving_the_wall)
{
    const PhysicsParams pp = physics_defaults();
    int32_t reach = (int32_t)pp.wall_jump_check;
    int window = sim_ticks(pp.coyote_time);
    ck_assert_int_gt(window, 0);
    /* Drifting away from the left wall: the tick it goes out of reach. */
    Sim *sim = in_air_by_wall(-1, 0);
    InputIntent last = NONE;
    int left_at = 0;
    for (int tick = 1; tick < 60 && left_at == 0; tick++) {
        run_ticks(sim, 1, RIGHT, &last);
        if (gap_to_wall(sim, -1) >= reach)
            left_at = tick;
    }
    ck_assert_int_gt(left_at, 0);
    sim_destroy(sim);
    /* A press k ticks later is a wall jump off it for k up to the window. */
    for (int k = 1; k <= window + 1; k++) {
        sim = in_air_by_wall(-1, 0);
        last = NONE;
        run_ticks(sim, left_at + k - 1, RIGHT, &last);
        ck_assert_int_ge(gap_to_wall(sim, -1), reach);
        run_ticks(sim, 1, with_jump(RIGHT, true), &last);
        if (k <= window) {
            ck_assert_msg(had_event(sim, EV_WALL_JUMPED), "no wall jump %d ticks after the wall",
                          k);
            ck_assert_float_eq(player_v(sim)->x, pp.wall_jump_h_speed);
            ck_assert_float_eq(player_v(sim)->y, -pp.jump_speed);
        } else {
            ck_assert_msg(!had_event(sim, EV_WALL_JUMPED), "a wall jump %d ticks after the wall",
                          k);
        }
        sim_destroy(sim);
    }
}
END_TEST

START_TEST(wall_jump_pressed_just_before_reaching_the_wall_is_buffered)
{
    const PhysicsParams pp = physics_defaults();
    int32_t reach = (int32_t)pp.wall_jump_check;
    int window = sim_ticks(pp.jump_buffer);
    enum { START_GAP = 4 * TILE_SIZE };
    /* Drifting towards the left wall: the first tick that starts within reach. */
    Sim *sim = in_air_by_wall(-1, START_GAP);
    InputIntent last = NONE;
    int reached = 0;
    for (int tick = 1; tick < 120 && reached == 0; tick++) {
        run_ticks(sim, 1, LEFT, &last);
        if (gap_to_wall(sim, -1) < reach)
            reached = tick + 1;
    }
    ck_assert_int_gt(reached, window + 2);
    sim_destroy(sim);
    /* Jump pressed k ticks before it (and held): a wall jump at that tick for
    ** k up to the buffer window, none for one more. The approach is the
    ** same whatever jump does: it is the stick's. */
    for (int k = 0; k <= window + 1; k++) {
        sim = in_air_by_wall(-1, START_GAP);
        last = NONE;
        run_ticks(sim, reached - k - 1, LEFT, &last);
        int jumped_at = 0;
        for (int tick = reached - k; tick <= reached + 10; tick++) {
            run_ticks(sim, 1, with_jump(LEFT, true), &last);
            if (had_event(sim, EV_WALL_JUMPED) && jumped_at == 0)
                jumped_at = tick;
        }
        if (k <= window)
            ck_assert_msg(jumped_at == reached,
                          "pressed %d ticks early: wall jump at tick %d, not %d", k, jumped_at,
                          reached);
        else
            ck_assert_msg(jumped_at == 0, "pressed %d ticks early: a wall jump at tick %d", k,
                          jumped_at);
        sim_destroy(sim);
    }
}
END_TEST

/* ---- wall slide ----------------------------------------------------------------- */

/* The fall along a wall, px/s after each of n ticks from rest (player.c,
** step 4): the cap rises from wall_slide_start_max back to max_fall as the
** slide's clock (wall_slide_time) runs out; gravity approaches the cap. */
static void slide_vy(const PhysicsParams *pp, int n, double *out)
{
    int full = sim_ticks(pp->wall_slide_time), left = full;
    double vy = 0.0;
    for (int k = 0; k < n; k++) {
        double frac = full > 0 ? fmin((double)left / full, 1.0) : 0.0;
        double cap = pp->max_fall + (pp->wall_slide_start_max - pp->max_fall) * frac;
        if (left > 0)
            left--;
        vy = approach(vy, cap, pp->gravity * (vy > 0 ? pp->fall_gravity_mult : 1.0) * DT);
        out[k] = vy;
    }
}

/* A shaft tall enough to slide down for longer than wall_slide_time. */
static const char *const TALL_WALL[] = {
    "##########", "#........#", "#........#", "#........#", "#........#", "#........#",
    "#........#", "#........#", "#........#", "#........#", "#........#", "#........#",
    "#........#", "#........#", "#........#", "#........#", "#........#", "#........#",
    "#........#", "#........#", "#........#", "#........#", "#........#", "#........#",
    "#........#", "#........#", "#........#", "#........#", "#........#", "#........#",
    "#...P....#", "##########",
};
enum { TALL_ROWS = 32 };

static Sim *against_tall_wall(void)
{
    Sim *sim = fixture_sim_rows(TALL_WALL, TALL_ROWS);
    place_player_box(sim, TILE_SIZE, TILE_SIZE);
    return sim;
}

START_TEST(holding_towards_a_wall_slides_at_the_slide_cap)
{
    const PhysicsParams pp = physics_defaults();
    int full = sim_ticks(pp.wall_slide_time);
    int n = full + 10;
    double model[128];
    ck_assert_int_le(n, 128);
    slide_vy(&pp, n, model);
    Sim *sim = against_tall_wall();
    InputIntent last = NONE;
    int at_max = 0, model_at_max = 0;
    for (int k = 0; k < n; k++) {
        run_ticks(sim, 1, LEFT, &last);
        float vy = player_v(sim)->y;
        ck_assert_msg(fabs(vy - model[k]) < 1e-2,
                      "tick %d of the slide: vy %.3f, the rules give %.3f", k + 1, (double)vy,
                      model[k]);
        ck_assert(player_p(sim)->sliding);
        ck_assert(!player_p(sim)->grounded);
        if (at_max == 0 && vy >= pp.max_fall)
            at_max = k + 1;
        if (model_at_max == 0 && model[k] >= pp.max_fall)
            model_at_max = k + 1;
    }
    /* At first no faster than wall_slide_start_max; the normal cap again only
    ** once wall_slide_time has run. */
    ck_assert_double_le(model[0], pp.wall_slide_start_max);
    ck_assert_double_le(model[1], pp.wall_slide_start_max +
                                      (pp.max_fall - pp.wall_slide_start_max) / (double)full +
                                      1e-6);
    ck_assert_int_ge(model_at_max, full);
    ck_assert_int_eq(at_max, model_at_max);
    sim_destroy(sim);
}
END_TEST

START_TEST(holding_away_or_down_does_not_slide)
{
    const PhysicsParams pp = physics_defaults();
    InputIntent away_and_down[2] = {RIGHT, {.left = true, .down = true}};
    for (int i = 0; i < 2; i++) {
        Sim *sim = against_tall_wall();
        InputIntent last = NONE;
        double vy = 0.0;
        /* A plain fall: gravity up to max_fall (holding down raises the cap
        ** only once max_fall is reached). */
        for (int k = 1; vy < pp.max_fall; k++) {
            run_ticks(sim, 1, away_and_down[i], &last);
            vy = approach(vy, pp.max_fall, pp.gravity * (vy > 0 ? pp.fall_gravity_mult : 1.0) * DT);
            ck_assert_msg(fabs(player_v(sim)->y - vy) < 1e-2,
                          "%s, tick %d: vy %.3f, a fall is %.3f", i == 0 ? "away" : "down", k,
                          (double)player_v(sim)->y, vy);
            ck_assert(!player_p(sim)->sliding);
        }
        ck_assert_float_gt(player_v(sim)->y, pp.wall_slide_start_max);
        sim_destroy(sim);
    }
}
END_TEST

START_TEST(a_sliding_player_shows_one_of_its_own_clips)
{
    Sim *sim = against_tall_wall();
    InputIntent last = NONE;
    run_ticks(sim, 10, LEFT, &last);
    ck_assert(player_p(sim)->sliding);
    const Sprite *s = ecs_get(sim_world(sim), sim_player(sim), C_SPRITE);
    const char *clip = kind_clip_name(s->clip);
    ck_assert_msg(clip != NULL && strncmp(clip, "player_", 7) == 0,
                  "a sliding player is drawn with the clip \"%s\"", clip != NULL ? clip : "(none)");
    sim_destroy(sim);
}
END_TEST

/* ---- stomp bounce --------------------------------------------------------------- */

/* The player drops from high up onto a walker that stands still. */
static const char *const STOMP[] = {
    "##########", "#........#", "#........#", "#........#", "#........#",
    "#........#", "#...P....#", "#........#", "#........#", "#........#",
    "#........#", "#........#", "#...W....#", "##########",
};
enum { STOMP_ROWS = 14 };

static Sim *stomp_sim(void)
{
    LevelDesc d = fixture_level(STOMP, STOMP_ROWS);
    d.physics.walker_speed = 0.0f;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    return sim;
}

/* The tick of the stomp when nothing is pressed before it. */
static int stomp_tick(void)
{
    Sim *sim = stomp_sim();
    InputIntent last = NONE;
    for (int tick = 1; tick < 120; tick++) {
        run_ticks(sim, 1, NONE, &last);
        if (had_event(sim, EV_STOMPED)) {
            sim_destroy(sim);
            return tick;
        }
    }
    ck_abort_msg("never stomped the walker");
    return 0;
}

/* The rise after the stomp, in px, with jump pressed `press` ticks after the
** stomp's tick (0: in it) and held from then on; press < 0: never. vy[k] is
** the speed k ticks after the stomp (k = 0 .. VY_TICKS-1). */
enum { VY_TICKS = 20 };
static int32_t bounce_rise(int stomp, int press, float *vy)
{
    Sim *sim = stomp_sim();
    InputIntent last = NONE;
    run_ticks(sim, stomp - 1, NONE, &last);
    run_ticks(sim, 1, with_jump(NONE, press == 0), &last);
    ck_assert(had_event(sim, EV_STOMPED));
    int32_t from = player_t(sim)->y, top = from;
    if (vy != NULL)
        vy[0] = player_v(sim)->y;
    for (int k = 1; k < 120; k++) {
        run_ticks(sim, 1, with_jump(NONE, press >= 0 && k >= press), &last);
        if (vy != NULL && k < VY_TICKS)
            vy[k] = player_v(sim)->y;
        top = player_t(sim)->y < top ? player_t(sim)->y : top;
        ck_assert(!player_p(sim)->on_ceiling);
    }
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
    return from - top;
}

START_TEST(a_held_bounce_rises_higher_than_a_held_jump)
{
    const PhysicsParams pp = physics_defaults();
    int var = sim_ticks(pp.var_jump_time), autoj = sim_ticks(pp.bounce_auto_time);
    double bounce = model_rise(&pp, pp.bounce_speed, var, autoj, INT_MAX, 0.0);
    double jump = model_jump_rise(&pp);
    ck_assert_msg(bounce > jump, "by the rules a bounce rises %.1f px, a jump %.1f", bounce, jump);
    int32_t got = bounce_rise(stomp_tick(), 0, NULL);
    ck_assert_msg(fabs(got - bounce) <= 1.0, "a held bounce rose %d px, the rules give %.2f", got,
                  bounce);
    /* And the jump, held, off the floor of the same room. */
    Sim *sim = stomp_sim();
    InputIntent last = NONE;
    place_player_box(sim, 7 * TILE_SIZE, 10 * TILE_SIZE);
    run_ticks(sim, 60, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    int32_t ground = player_t(sim)->y, top = ground;
    for (int i = 0; i < 90; i++) {
        run_ticks(sim, 1, JUMP, &last);
        top = player_t(sim)->y < top ? player_t(sim)->y : top;
    }
    ck_assert_msg(fabs(ground - top - jump) <= 1.0, "a held jump rose %d px, the rules give %.2f",
                  ground - top, jump);
    ck_assert_int_gt(got, ground - top);
    sim_destroy(sim);
}
END_TEST

START_TEST(an_unheld_bounce_keeps_its_speed_for_bounce_auto_time)
{
    const PhysicsParams pp = physics_defaults();
    int autoj = sim_ticks(pp.bounce_auto_time), var = sim_ticks(pp.var_jump_time);
    ck_assert_int_gt(autoj, 0);
    ck_assert_int_lt(autoj + 1, VY_TICKS);
    float vy[VY_TICKS];
    int32_t got = bounce_rise(stomp_tick(), -1, vy);
    for (int k = 0; k <= autoj; k++)
        ck_assert_msg(vy[k] == -pp.bounce_speed, "%d ticks after the stomp: vy %.2f, not %.2f", k,
                      (double)vy[k], (double)-pp.bounce_speed);
    ck_assert_double_eq_tol(vy[autoj + 1], -pp.bounce_speed + pp.gravity * DT, 1e-3);
    double model = model_rise(&pp, pp.bounce_speed, var, autoj, 0, 0.0);
    ck_assert_msg(fabs(got - model) <= 1.0, "an unheld bounce rose %d px, the rules give %.2f", got,
                  model);
}
END_TEST

START_TEST(a_jump_pressed_within_the_buffer_after_a_stomp_gives_the_full_bounce)
{
    const PhysicsParams pp = physics_defaults();
    int stomp = stomp_tick();
    int32_t held = bounce_rise(stomp, 0, NULL);
    int32_t unheld = bounce_rise(stomp, -1, NULL);
    ck_assert_int_gt(held, unheld);
    for (int late = 1; late <= sim_ticks(pp.jump_buffer); late++) {
        int32_t got = bounce_rise(stomp, late, NULL);
        ck_assert_msg(got == held,
                      "jump pressed %d ticks after the stomp: %d px, held from it %d px", late, got,
                      held);
    }
}
END_TEST

/* ---- corner correction ----------------------------------------------------------- */

/* A one-tile ceiling block at tile (8, 5) over a floor. */
static const char *const CORNER[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#.......#..........#", "#..................#", "#..................#",
    "#...P..............#", "####################",
};
enum {
    CORNER_ROWS = 10,
    BLOCK_L = 8 * TILE_SIZE,
    BLOCK_R = 9 * TILE_SIZE,
    BLOCK_BOTTOM = 6 * TILE_SIZE
};

/* Jumps straight up with the head under the block's left (side -1) or right
** corner by `overlap` px. Returns the px moved sideways once the whole box
** has risen past the block's bottom, or INT_MIN when the block stopped it. */
static int32_t jump_at_corner(int side, int32_t overlap)
{
    Sim *sim = fixture_sim_rows(CORNER, CORNER_ROWS);
    FixtureBox b = player_box(sim);
    int32_t x = side < 0 ? BLOCK_L + overlap - b.w : BLOCK_R - overlap;
    place_player_box(sim, x, b.y);
    InputIntent last = NONE;
    run_ticks(sim, 2, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    int32_t moved = INT_MIN;
    bool bumped = false;
    for (int i = 0; i < 60 && moved == INT_MIN; i++) {
        run_ticks(sim, 1, JUMP, &last);
        bumped = bumped || player_p(sim)->on_ceiling;
        if (player_box(sim).y + player_box(sim).h <= BLOCK_BOTTOM)
            moved = player_box(sim).x - x;
    }
    ck_assert(moved != INT_MIN || bumped);
    sim_destroy(sim);
    return moved;
}

START_TEST(corner_correction_at_7_8_and_9_px)
{
    const PhysicsParams pp = physics_defaults();
    ck_assert_float_eq(pp.corner_correction, 8.0f); /* Celeste's 4 px, at 16-px tiles */
    for (int side = -1; side <= 1; side += 2) {
        /* 7 and 8 px slide past the corner by exactly the overlap, away from the block. */
        for (int32_t overlap = 7; overlap <= 8; overlap++) {
            int32_t moved = jump_at_corner(side, overlap);
            ck_assert_msg(moved == side * overlap, "%d px under the %s corner: moved %d px",
                          overlap, side < 0 ? "left" : "right", moved);
        }
        ck_assert_msg(jump_at_corner(side, 9) == INT_MIN, "9 px under the %s corner slid past",
                      side < 0 ? "left" : "right");
    }
}
END_TEST

/* ---- the hurt box ------------------------------------------------------------------ */

/* A room with a floor; the player stands at tile (4, 6). */
static const char *const FLOOR_ROOM[] = {
    "################", "#..............#", "#..............#", "#..............#",
    "#..............#", "#..............#", "#...P..........#", "################",
};
enum { FLOOR_ROWS = 8 };

/* Whether the player, left standing where the level puts it, dies within a
** few ticks; alive, it must still be standing there. */
static bool dies_standing(LevelDesc *d)
{
    Sim *sim = fixture_sim(d);
    FixtureBox at = player_box(sim);
    InputIntent last = NONE;
    run_ticks(sim, 3, NONE, &last);
    bool dead = sim_status(sim)->deaths > 0;
    if (!dead) {
        ck_assert(player_p(sim)->grounded);
        ck_assert_int_eq(player_box(sim).x, at.x);
        ck_assert_int_eq(player_box(sim).y, at.y);
    }
    sim_destroy(sim);
    return dead;
}

/* A saw overlapping the standing player's box by `top` px at its head, or
** by `side` px at its right side. */
static bool saw_kills(int32_t top, int32_t side)
{
    LevelDesc d = fixture_level(FLOOR_ROOM, FLOOR_ROWS);
    FixtureBox p = fixture_entity_box(fixture_find(&d, "player"));
    LevelEntity *saw = fixture_push(&d, "saw", 8, 2);
    FixtureBox s = fixture_entity_box(saw);
    int32_t sx, sy;
    if (top > 0) { /* above the head, across it */
        sx = p.x + (p.w - s.w) / 2;
        sy = p.y + top - s.h;
    } else { /* beside it, well below the head */
        sx = p.x + p.w - side;
        sy = p.y + p.h - s.h - 2;
    }
    saw->x += sx - s.x;
    saw->y += sy - s.y;
    bool dead = dies_standing(&d);
    leveldesc_fini(&d);
    return dead;
}

START_TEST(grazing_a_saw_with_the_hair_or_the_side_does_not_kill)
{
    const PhysicsParams pp = physics_defaults();
    int32_t top = (int32_t)pp.hurtbox_top, side = (int32_t)pp.hurtbox_side;
    ck_assert_int_gt(top, 1);
    ck_assert_int_gt(side, 1);
    /* The top hurtbox_top px of the box and the outer hurtbox_side px of each
    ** side are not hurt: an overlap up to that is a graze. */
    ck_assert(!saw_kills(top - 1, 0));
    ck_assert(!saw_kills(top, 0));
    ck_assert(saw_kills(top + 1, 0));
    ck_assert(!saw_kills(0, side - 1));
    ck_assert(!saw_kills(0, side));
    ck_assert(saw_kills(0, side + 1));
}
END_TEST

/* Floor spikes at tile (8, 6), by the player's feet. */
static const char *const FLOOR_SPIKES[] = {
    "################", "#..............#", "#..............#", "#..............#",
    "#..............#", "#..............#", "#...P...^......#", "################",
};
/* Spikes hanging from a ceiling tile at (8, 2); the player stands on a block. */
static const char *const CEILING_SPIKES[] = {
    "################", "#..............#", "#.......#......#", "#.......^......#",
    "#..............#", "#..............#", "#...P..........#", "################",
};
enum { SPIKE_L = 8 * TILE_SIZE, SPIKE_TOP = 3 * TILE_SIZE };

static LevelDesc spike_level(const char *const *rows, float hurt_top, float hurt_side)
{
    LevelDesc d = fixture_level(rows, FLOOR_ROWS);
    d.physics.hurtbox_top = hurt_top;
    d.physics.hurtbox_side = hurt_side;
    return d;
}

/* Sliding the standing player rightwards a pixel at a time into the floor
** spikes: the first right edge of its box at which it dies. */
static int32_t first_deadly_edge(float hurt_top, float hurt_side)
{
    for (int32_t edge = SPIKE_L - 4; edge <= SPIKE_L + TILE_SIZE; edge++) {
        LevelDesc d = spike_level(FLOOR_SPIKES, hurt_top, hurt_side);
        LevelEntity *p = fixture_find(&d, "player");
        FixtureBox b = fixture_entity_box(p);
        p->x += edge - (b.x + b.w);
        bool dead = dies_standing(&d);
        leveldesc_fini(&d);
        if (dead)
            return edge;
    }
    ck_abort_msg("the spikes never killed");
    return 0;
}

/* Raising the player, standing on a block under the hanging spikes, a pixel
** at a time: the first head height (top of its box) at which it dies. */
static int32_t first_deadly_head(float hurt_top, float hurt_side)
{
    for (int32_t head = SPIKE_TOP + TILE_SIZE + 4; head >= SPIKE_TOP; head--) {
        LevelDesc d = spike_level(CEILING_SPIKES, hurt_top, hurt_side);
        LevelEntity *p = fixture_find(&d, "player");
        FixtureBox b = fixture_entity_box(p);
        p->x += SPIKE_L + (TILE_SIZE - b.w) / 2 - b.x;
        p->y += head - b.y;
        LevelEntity *floor = fixture_push(&d, "block", 7, 5);
        fixture_set(floor, "solid_when", (LevelValue){.i = 1}); /* solid: groups start off */
        floor->x = SPIKE_L - TILE_SIZE;
        floor->w = 3 * TILE_SIZE;
        floor->y = head + b.h;
        bool dead = dies_standing(&d);
        leveldesc_fini(&d);
        if (dead)
            return head;
    }
    ck_abort_msg("the spikes never killed");
    return 0;
}

START_TEST(grazing_spikes_with_the_hair_or_the_side_does_not_kill)
{
    const PhysicsParams pp = physics_defaults();
    /* With no margin the player dies as soon as its box touches the spikes'
    ** deadly part, somewhere in the spike tile... */
    int32_t edge0 = first_deadly_edge(0.0f, 0.0f);
    ck_assert_int_gt(edge0, SPIKE_L);
    ck_assert_int_le(edge0, SPIKE_L + TILE_SIZE);
    int32_t head0 = first_deadly_head(0.0f, 0.0f);
    ck_assert_int_lt(head0, SPIKE_TOP + TILE_SIZE);
    /* ... and with the hurt box, hurtbox_side px further in at the side and
    ** hurtbox_top px further in at the head. */
    ck_assert_int_eq(first_deadly_edge(pp.hurtbox_top, pp.hurtbox_side),
                     edge0 + (int32_t)pp.hurtbox_side);
    ck_assert_int_eq(first_deadly_head(pp.hurtbox_top, pp.hurtbox_side),
                     head0 - (int32_t)pp.hurtbox_top);
}
END_TEST

/* ---- dropping through a plank ---------------------------------------------------- */

/* The player stands on a plank (row 3) over a floor (row 6). */
static const char *const ON_PLANK[] = {
    "###########", "#.........#", "#...P.....#", "#..=====..#",
    "#.........#", "#.........#", "###########",
};
enum { ON_PLANK_ROWS = 7, PLANK_TOP = 3 * TILE_SIZE, PLANK_FLOOR = 6 * TILE_SIZE };

static int32_t feet(Sim *sim)
{
    return player_box(sim).y + player_box(sim).h;
}

/* Holds down for `ticks` ticks on the plank, lets go, waits: where it ends. */
static int32_t feet_after_holding_down(int ticks)
{
    Sim *sim = fixture_sim_rows(ON_PLANK, ON_PLANK_ROWS);
    InputIntent last = NONE;
    run_ticks(sim, 2, NONE, &last);
    ck_assert_int_eq(feet(sim), PLANK_TOP);
    for (int i = 0; i < ticks; i++) {
        ck_assert_int_eq(feet(sim), PLANK_TOP); /* not before the time is up */
        run_ticks(sim, 1, DOWN, &last);
    }
    run_ticks(sim, 60, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    int32_t at = feet(sim);
    sim_destroy(sim);
    return at;
}

START_TEST(holding_down_on_a_plank_for_drop_hold_time_drops_through_it)
{
    const PhysicsParams pp = physics_defaults();
    int hold = sim_ticks(pp.drop_hold_time);
    ck_assert_int_gt(hold, 1);
    ck_assert_int_eq(feet_after_holding_down(hold - 1), PLANK_TOP);
    ck_assert_int_eq(feet_after_holding_down(hold), PLANK_FLOOR);
    /* Two short holds do not add up. */
    Sim *sim = fixture_sim_rows(ON_PLANK, ON_PLANK_ROWS);
    InputIntent last = NONE;
    run_ticks(sim, hold - 1, DOWN, &last);
    run_ticks(sim, 1, NONE, &last);
    run_ticks(sim, hold - 1, DOWN, &last);
    run_ticks(sim, 60, NONE, &last);
    ck_assert_int_eq(feet(sim), PLANK_TOP);
    sim_destroy(sim);
}
END_TEST

START_TEST(down_and_jump_at_once_drops_through_a_plank_at_once)
{
    const PhysicsParams pp = physics_defaults();
    int hold = sim_ticks(pp.drop_hold_time);
    Sim *sim = fixture_sim_rows(ON_PLANK, ON_PLANK_ROWS);
    InputIntent last = NONE;
    run_ticks(sim, 2, NONE, &last);
    run_ticks(sim, 1, (InputIntent){.down = true, .jump_held = true}, &last);
    ck_assert(!had_event(sim, EV_JUMPED));
    /* Through the plank before holding down alone would have dropped it. */
    run_ticks(sim, hold - 1, NONE, &last);
    ck_assert_int_gt(feet(sim), PLANK_TOP);
    run_ticks(sim, 60, NONE, &last);
    ck_assert_int_eq(feet(sim), PLANK_FLOOR);
    ck_assert(player_p(sim)->grounded);
    sim_destroy(sim);
}
END_TEST

/* ---- fall_gravity_mult ------------------------------------------------------------- */

/* Ticks of a fall from rest until max_fall: the first tick starts at rest,
** not yet falling, so unscaled; the others are scaled by fall_gravity_mult. */
static int ticks_to_max_fall(const PhysicsParams *pp)
{
    double g = pp->gravity * DT;
    return 1 + (int)ceil((pp->max_fall - g) / (pp->fall_gravity_mult * g));
}

START_TEST(fall_gravity_mult_two_reaches_max_fall_in_half_the_ticks)
{
    int ticks[2] = {0, 0};
    int32_t rise[2] = {0, 0};
    for (int run = 0; run < 2; run++) {
        LevelDesc d = fixture_level(TALL_WALL, TALL_ROWS);
        d.physics.fall_gravity_mult = run == 0 ? 1.0f : 2.0f;
        Sim *sim = fixture_sim(&d);
        const PhysicsParams *pp = sim_params(sim);
        ck_assert_float_eq(pp->fall_gravity_mult, d.physics.fall_gravity_mult);
        leveldesc_fini(&d);
        place_player_box(sim, 4 * TILE_SIZE, TILE_SIZE);
        InputIntent last = NONE;
        for (int k = 1; k < 100 && ticks[run] == 0; k++) {
            run_ticks(sim, 1, NONE, &last);
            if (player_v(sim)->y >= pp->max_fall)
                ticks[run] = k;
        }
        ck_assert_int_eq(ticks[run], ticks_to_max_fall(pp));
        /* A jump's rise is not a fall: the same either way. */
        run_ticks(sim, 120, NONE, &last);
        ck_assert(player_p(sim)->grounded);
        int32_t ground = player_t(sim)->y, top = ground;
        for (int k = 0; k < 90; k++) {
            run_ticks(sim, 1, JUMP, &last);
            top = player_t(sim)->y < top ? player_t(sim)->y : top;
        }
        rise[run] = ground - top;
        sim_destroy(sim);
    }
    /* After the first tick, the scaled ticks are halved (rounded up). */
    ck_assert_int_eq(ticks[1] - 1, (ticks[0] - 1 + 1) / 2);
    ck_assert_int_eq(rise[0], rise[1]);
}
END_TEST

/* ---- switch modes ------------------------------------------------------------------ */

/* A switch at tile (8, 4) on the floor, and a block of its group up in the air. */
static const char *const SWITCH_FLOOR[] = {
    "##################", "#.........b......#", "#................#",
    "#................#", "#..P....s........#", "##################",
};
enum { SWITCH_ROWS = 6 };

static Sim *switch_sim(int mode, float time)
{
    LevelDesc d = fixture_level(SWITCH_FLOOR, SWITCH_ROWS);
    LevelEntity *s = fixture_find(&d, "switch");
    fixture_set(s, "mode", (LevelValue){.i = mode});
    fixture_set(s, "time", (LevelValue){.f = time});
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    return sim;
}

static const Switch *the_switch(Sim *sim)
{
    return ecs_get(sim_world(sim), fixture_first(sim, C_SWITCH), C_SWITCH);
}

static bool in_switch(Sim *sim)
{
    return fixture_overlap(player_box(sim), fixture_box(sim, fixture_first(sim, C_SWITCH)));
}

static bool block_solid(Sim *sim)
{
    const Collider *c = ecs_get(sim_world(sim), fixture_first(sim, C_TOGGLE_BLOCK), C_COLLIDER);
    return c->enabled;
}

/* Walks with `in` until the player enters the switch (or leaves it, when
** `enter` is false); returns the switch events seen meanwhile. */
static int walk_until(Sim *sim, InputIntent in, bool enter, InputIntent *last)
{
    int flips = 0;
    for (int i = 0; i < 240; i++) {
        run_ticks(sim, 1, in, last);
        flips += count_events(sim, EV_SWITCH);
        if (in_switch(sim) == enter)
            return flips;
    }
    ck_abort_msg("never %s the switch", enter ? "entered" : "left");
    return flips;
}

/* Enters the switch walking right, stands in it, leaves it, then enters it
** again and again from either side; each entry's group state in on[]. */
static void enter_thrice(Sim *sim, bool on[3], int flips[3])
{
    InputIntent last = NONE;
    flips[0] = walk_until(sim, RIGHT, true, &last);
    on[0] = the_switch(sim)->on;
    /* Standing in it changes nothing. */
    for (int i = 0; i < 90; i++) {
        run_ticks(sim, 1, NONE, &last);
        flips[0] += count_events(sim, EV_SWITCH);
        ck_assert(in_switch(sim));
        ck_assert(the_switch(sim)->on == on[0]);
    }
    flips[0] += walk_until(sim, RIGHT, false, &last);
    flips[1] = walk_until(sim, LEFT, true, &last);
    on[1] = the_switch(sim)->on;
    flips[1] += walk_until(sim, LEFT, false, &last);
    flips[2] = walk_until(sim, RIGHT, true, &last);
    on[2] = the_switch(sim)->on;
    ck_assert(block_solid(sim) == on[2]);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
}

START_TEST(a_toggle_switch_flips_on_each_entry_and_not_while_stood_in)
{
    Sim *sim = switch_sim(0, 3.0f);
    ck_assert(!the_switch(sim)->on);
    ck_assert(!block_solid(sim));
    bool on[3];
    int flips[3];
    enter_thrice(sim, on, flips);
    ck_assert(on[0] && !on[1] && on[2]);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(flips[i], 1);
    sim_destroy(sim);
}
END_TEST

START_TEST(a_once_switch_turns_its_group_on_for_good)
{
    Sim *sim = switch_sim(1, 3.0f);
    bool on[3];
    int flips[3];
    enter_thrice(sim, on, flips);
    ck_assert(on[0] && on[1] && on[2]);
    InputIntent last = NONE;
    run_ticks(sim, 600, LEFT, &last);
    ck_assert(the_switch(sim)->on);
    ck_assert(block_solid(sim));
    sim_destroy(sim);
}
END_TEST

START_TEST(a_timed_switch_stays_on_for_its_time_ticking_through_the_last_second)
{
    const float time = 2.5f;
    int on_ticks = sim_ticks(time);
    ck_assert_int_gt(on_ticks, 2 * SIM_TICK_RATE);
    Sim *sim = switch_sim(2, time);
    InputIntent last = NONE;
    /* Walk right through it to the far wall, and stay there. */
    int entered = 0;
    for (int tick = 1; tick < 120 && entered == 0; tick++) {
        run_ticks(sim, 1, RIGHT, &last);
        if (had_event(sim, EV_SWITCH))
            entered = tick;
    }
    ck_assert_int_gt(entered, 0);
    ck_assert(the_switch(sim)->on);
    int ticking = 0, offs = 0;
    for (int k = 1; k <= on_ticks + 2 * SIM_TICK_RATE; k++) {
        run_ticks(sim, 1, RIGHT, &last);
        ck_assert_int_eq(count_events(sim, EV_SWITCH), 0); /* never entered again */
        bool on = k < on_ticks;
        ck_assert_msg(the_switch(sim)->on == on, "%d ticks after the entry the group is %s", k,
                      the_switch(sim)->on ? "on" : "off");
        ck_assert(block_solid(sim) == on);
        int ticks_here = count_cues(sim, SOUND_SWITCH_TICK);
        if (ticks_here > 0)
            ck_assert_msg(k < on_ticks && on_ticks - k <= SIM_TICK_RATE,
                          "a tick sound %d ticks before it turns off", on_ticks - k);
        ticking += ticks_here;
        int off_here = count_cues(sim, SOUND_SWITCH_OFF);
        if (off_here > 0)
            ck_assert_int_eq(k, on_ticks);
        offs += off_here;
    }
    ck_assert_int_ge(ticking, 2);
    ck_assert_int_eq(offs, 1);
    sim_destroy(sim);
}
END_TEST

/* ---- moving platforms: wait and oneway --------------------------------------------- */

static const char *const LIFT_ROOM[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..P...............#", "####################",
};
enum { LIFT_ROWS = 10 };

static Transform *mover_t(Sim *sim)
{
    return ecs_get(sim_world(sim), fixture_first(sim, C_MOVER), C_TRANSFORM);
}

START_TEST(a_platform_rests_wait_seconds_at_each_waypoint)
{
    const float speed = 48.0f, wait = 0.5f;
    const int32_t from = 3 * TILE_SIZE, dist = 71, to = from + dist;
    double step = speed * DT;
    /* Ticks to cover the distance; the last position short of the waypoint
    ** is more than half a pixel short, so arriving shows in the position. */
    int travel = (int)ceil(dist / step);
    ck_assert_double_gt(dist - (travel - 1) * step, 0.5);
    int rest = sim_ticks(wait), trip = 2 * (travel + rest);
    ck_assert_int_gt(rest, 0);

    LevelDesc d = fixture_level(LIFT_ROOM, LIFT_ROWS);
    LevelPoint path = {to, 3 * TILE_SIZE};
    LevelEntity *pl = fixture_platform(&d, 3, 3, 2, speed, &path, 1);
    fixture_set(pl, "wait", (LevelValue){.f = wait});
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    enum { TICKS = 2 * 2 * (89 + 30) + 2 };
    ck_assert_int_le(2 * trip + 2, TICKS);
    int32_t x[TICKS];
    x[0] = mover_t(sim)->x;
    ck_assert_int_eq(x[0], from);
    InputIntent last = NONE;
    for (int t = 1; t < TICKS; t++) {
        run_ticks(sim, 1, NONE, &last);
        x[t] = mover_t(sim)->x;
        ck_assert_int_eq(mover_t(sim)->y, 3 * TILE_SIZE);
    }
    /* Out: moving from the first tick, there after `travel`, resting `rest`. */
    for (int t = 1; t < travel; t++)
        ck_assert_int_ne(x[t], to);
    for (int t = travel; t <= travel + rest; t++)
        ck_assert_msg(x[t] == to, "tick %d: at %d, resting at %d from tick %d to %d", t, x[t], to,
                      travel, travel + rest);
    ck_assert_int_ne(x[travel + rest + 1], to);
    /* Back the same way, resting at the start too. */
    for (int t = travel + rest + 1; t < 2 * travel + rest; t++)
        ck_assert_int_ne(x[t], from);
    for (int t = 2 * travel + rest; t <= trip; t++)
        ck_assert_int_eq(x[t], from);
    ck_assert_int_ne(x[trip + 1], from);
    /* And round again: a round trip is 2 (travel + rest) ticks. */
    for (int t = 0; t + trip < TICKS; t++)
        ck_assert_int_eq(x[t + trip], x[t]);
    sim_destroy(sim);
}
END_TEST

/* A platform of mode "ridden": still while nobody stands on it, whatever
** time passes; from the tick Pip lands on it, carried up to its end with
** him on it; resting there while he stays; back down to its start once he
** has walked off, and still again there. */
START_TEST(a_ridden_platform_moves_only_once_ridden_and_returns_when_left)
{
    const float speed = 60.0f;
    const int32_t from_y = 8 * TILE_SIZE, to_y = 3 * TILE_SIZE, x0 = 8 * TILE_SIZE;
    /* Ticks of the trip up or down at speed, rounding as the mover does. */
    const int travel = (int)ceil((from_y - to_y) / (speed * DT));
    LevelDesc d = fixture_level(LIFT_ROOM, LIFT_ROWS);
    LevelPoint top = {x0, to_y};
    LevelEntity *pl = fixture_platform(&d, 8, 8, 3, speed, &top, 1);
    fixture_set(pl, "mode", (LevelValue){.i = 2}); /* "ridden" */
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;

    /* Standing on the floor beside it: it does not move. */
    for (int t = 0; t < 3 * SIM_TICK_RATE; t++) {
        run_ticks(sim, 1, NONE, &last);
        ck_assert_int_eq(mover_t(sim)->x, x0);
        ck_assert_int_eq(mover_t(sim)->y, from_y);
    }
    /* Walk to it and jump on: it stays where it is until he lands. */
    bool on = false;
    for (int t = 0; t < 4 * SIM_TICK_RATE && !on; t++) {
        /* right to its middle, and a held jump from a tile short of it */
        FixtureBox b = player_box(sim);
        InputIntent in = {.right = b.x + b.w / 2 < x0 + TILE_SIZE,
                          .jump_held = b.x + b.w >= x0 - TILE_SIZE};
        run_ticks(sim, 1, in, &last);
        on = player_p(sim)->grounded && feet(sim) == mover_t(sim)->y;
        if (!on)
            ck_assert_int_eq(mover_t(sim)->y, from_y);
    }
    ck_assert_msg(on, "never landed on the platform");
    /* Riding: up, him on it, from the tick he lands (the platforms move
    ** after the player in a tick). */
    ck_assert_int_lt(mover_t(sim)->y, from_y);
    int up_ticks = 1;
    while (mover_t(sim)->y > to_y && up_ticks < travel + 2) {
        run_ticks(sim, 1, NONE, &last);
        up_ticks++;
        ck_assert_int_eq(feet(sim), mover_t(sim)->y);
        ck_assert_int_eq(mover_t(sim)->x, x0);
    }
    ck_assert_int_eq(mover_t(sim)->y, to_y);
    ck_assert_int_ge(up_ticks, travel);
    ck_assert_int_le(up_ticks, travel + 1);
    /* At its end it rests while he stays on. */
    for (int t = 0; t < 2 * SIM_TICK_RATE; t++) {
        run_ticks(sim, 1, NONE, &last);
        ck_assert_int_eq(mover_t(sim)->y, to_y);
        ck_assert_int_eq(feet(sim), to_y);
    }
    /* He walks off to the left and falls to the floor: it goes back down,
    ** and stays at its start. */
    int off = 0;
    while (feet(sim) == to_y && off < SIM_TICK_RATE) {
        run_ticks(sim, 1, LEFT, &last);
        off++;
    }
    ck_assert_int_lt(off, SIM_TICK_RATE);
    int down_ticks = 0;
    while (mover_t(sim)->y < from_y && down_ticks < travel + 2) {
        run_ticks(sim, 1, NONE, &last);
        down_ticks++;
    }
    ck_assert_int_eq(mover_t(sim)->y, from_y);
    ck_assert_int_le(down_ticks, travel + 1);
    for (int t = 0; t < 2 * SIM_TICK_RATE; t++) {
        run_ticks(sim, 1, NONE, &last);
        ck_assert_int_eq(mover_t(sim)->y, from_y);
    }
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
}
END_TEST

static LevelEntity *oneway_platform(LevelDesc *d, int tx, int ty, int tiles, float speed,
                                    LevelPoint to)
{
    LevelEntity *e = fixture_platform(d, tx, ty, tiles, speed, &to, 1);
    fixture_set(e, "oneway", (LevelValue){.i = 1});
    return e;
}

START_TEST(a_oneway_platform_carries_its_rider)
{
    LevelDesc d = fixture_level(LIFT_ROOM, LIFT_ROWS);
    /* Up and right, and back: both axes, both ways. */
    oneway_platform(&d, 4, 7, 3, 40.0f, (LevelPoint){9 * TILE_SIZE, 4 * TILE_SIZE});
    LevelEntity *p = fixture_find(&d, "player");
    p->x = 5 * TILE_SIZE;
    p->y = 7 * TILE_SIZE - p->h;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    run_ticks(sim, 1, NONE, &last);
    int32_t dx = player_t(sim)->x - mover_t(sim)->x;
    int32_t start = mover_t(sim)->y;
    bool up = false, down_again = false;
    for (int i = 0; i < 600; i++) {
        run_ticks(sim, 1, NONE, &last);
        ck_assert_int_eq(feet(sim), mover_t(sim)->y);
        ck_assert_int_eq(player_t(sim)->x - mover_t(sim)->x, dx);
        ck_assert(player_p(sim)->grounded);
        up = up || mover_t(sim)->y == 4 * TILE_SIZE;
        down_again = down_again || (up && mover_t(sim)->y == start);
    }
    ck_assert(up && down_again); /* all the way up, and down again */
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
}
END_TEST

START_TEST(a_oneway_platform_is_jumped_through_from_below)
{
    const PhysicsParams pp = physics_defaults();
    LevelDesc d = fixture_level(LIFT_ROOM, LIFT_ROWS);
    /* A wide plank drifting slowly right, its top two and a half tiles above
    ** the player's feet: under a jump's rise. */
    int32_t floor_y = 9 * TILE_SIZE, top = floor_y - 40;
    ck_assert_double_gt(model_jump_rise(&pp), floor_y - top + 4);
    LevelEntity *e = oneway_platform(&d, 2, 0, 5, 10.0f, (LevelPoint){3 * TILE_SIZE, top});
    e->y = top;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    EcsEntity plank = fixture_first(sim, C_MOVER);
    InputIntent last = NONE;
    run_ticks(sim, 2, NONE, &last);
    ck_assert_int_eq(feet(sim), floor_y);
    bool inside = false;
    for (int i = 0; i < 90; i++) {
        run_ticks(sim, 1, i < 30 ? JUMP : NONE, &last);
        inside = inside || fixture_overlap(player_box(sim), fixture_box(sim, plank));
    }
    ck_assert_msg(inside, "the jump never went through the plank");
    ck_assert(player_p(sim)->grounded);
    ck_assert_int_eq(feet(sim), mover_t(sim)->y);
    ck_assert(ecs_entity_eq(player_p(sim)->riding, plank));
    sim_destroy(sim);
}
END_TEST

START_TEST(a_oneway_platform_pushes_nobody)
{
    LevelDesc d = fixture_level(LIFT_ROOM, LIFT_ROWS);
    /* Sweeping left through the standing player at its waist, to the wall. */
    int32_t y = 8 * TILE_SIZE + 4;
    LevelEntity *e = oneway_platform(&d, 14, 0, 2, 120.0f, (LevelPoint){TILE_SIZE, y});
    e->y = y;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    run_ticks(sim, 2, NONE, &last);
    FixtureBox at = player_box(sim);
    EcsEntity plank = fixture_first(sim, C_MOVER);
    bool passed = false, met = false;
    for (int i = 0; i < 240; i++) {
        run_ticks(sim, 1, NONE, &last);
        FixtureBox b = player_box(sim), pb = fixture_box(sim, plank);
        met = met || fixture_overlap(b, pb);
        passed = passed || pb.x + pb.w <= at.x;
        ck_assert_int_eq(b.x, at.x);
        ck_assert_int_eq(b.y, at.y);
    }
    ck_assert(met && passed);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
}
END_TEST

/* A platform sweeping through a crowd of walkers pushes or crushes every one
** of them, however many stand in its way: none is left inside it (the
** invariant --soak checks), past the 256 the mover once had room for. */
START_TEST(a_platform_moves_every_walker_of_a_crowd)
{
    static const char *const FIELD[] = {
        "........................................", "........................................",
        "........................................", "........................................",
        ".P....................................G.", "########################################",
    };
    enum { CROWD = 300 };
    LevelDesc d = fixture_level(FIELD, 6);
    fixture_platform(&d, 10, 4, 3, 120.0f, &(LevelPoint){30 * TILE_SIZE, 4 * TILE_SIZE}, 1);
    for (int i = 0; i < CROWD; i++)
        fixture_push(&d, "walker", 20, 4);
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    char msg[256];
    for (int tick = 0; tick < 600; tick++) {
        run_ticks(sim, 1, NONE, &last);
        ck_assert_msg(sim_check_invariants(sim, msg, sizeof msg), "tick %d: %s", tick, msg);
    }
    sim_destroy(sim);
}
END_TEST

/* ---- moving saws --------------------------------------------------------------------- */

static const char *const SAW_LANE[] = {
    "####################", "#..................#", "#..................#",
    "#.....P............#", "####################",
};
enum { SAW_ROWS = 5 };

START_TEST(a_saw_with_a_path_moves_at_its_speed_and_kills_on_touch)
{
    const PhysicsParams pp = physics_defaults();
    const float speed = 48.0f; /* 0.8 px a tick: no position on a half pixel */
    LevelDesc d = fixture_level(SAW_LANE, SAW_ROWS);
    LevelEntity *saw = fixture_push(&d, "saw", 14, 3);
    int32_t x0 = saw->x;
    LevelPoint to = {2 * TILE_SIZE, saw->y};
    fixture_set(saw, "speed", (LevelValue){.f = speed});
    fixture_set_path(&d, saw, "path", &to, 1);
    FixtureBox sb = fixture_entity_box(saw), pb = fixture_entity_box(fixture_find(&d, "player"));
    /* Where it kills: its box reaching into the hurt box. */
    FixtureBox hurt = {pb.x + (int32_t)pp.hurtbox_side, pb.y + (int32_t)pp.hurtbox_top,
                       pb.w - 2 * (int32_t)pp.hurtbox_side, pb.h - (int32_t)pp.hurtbox_top};
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    EcsEntity s = fixture_first(sim, C_MOVER);
    InputIntent last = NONE;
    int died = 0, expect = 0;
    for (int k = 1; k < 600 && died == 0; k++) {
        run_ticks(sim, 1, NONE, &last);
        int32_t want = (int32_t)lround(x0 - k * (double)speed * DT);
        FixtureBox now = {want + (sb.x - x0), sb.y, sb.w, sb.h};
        if (expect == 0 && fixture_overlap(now, hurt))
            expect = k;
        if (had_event(sim, EV_DIED))
            died = k;
        ck_assert_msg(fixture_box(sim, s).x == now.x, "tick %d: the saw at %d, not %d", k,
                      fixture_box(sim, s).x, now.x);
        ck_assert_int_eq(fixture_box(sim, s).y, sb.y);
    }
    ck_assert_int_gt(expect, 0);
    ck_assert_int_eq(died, expect);
    sim_destroy(sim);
}
END_TEST

START_TEST(a_saw_without_a_path_stays_put)
{
    LevelDesc d = fixture_level(SAW_LANE, SAW_ROWS);
    fixture_push(&d, "saw", 14, 2);
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    EcsEntity s = fixture_first(sim, C_MOVER);
    FixtureBox at = fixture_box(sim, s);
    InputIntent last = NONE;
    for (int i = 0; i < 300; i++) {
        run_ticks(sim, 1, i % 60 < 30 ? RIGHT : LEFT, &last);
        ck_assert_int_eq(fixture_box(sim, s).x, at.x);
        ck_assert_int_eq(fixture_box(sim, s).y, at.y);
    }
    sim_destroy(sim);
}
END_TEST

/* ---- walkers ---------------------------------------------------------------------- */

static EcsEntity the_walker(Sim *sim)
{
    EcsEntity w = fixture_first(sim, C_ENEMY);
    ck_assert(!ecs_entity_is_null(w));
    return w;
}

/* Spikes on the walker's floor at tile 10; the player is walled off at the right. */
static const char *const WALKER_SPIKES[] = {
    "################",
    "#............#.#",
    "#.W.......^..#P#",
    "################",
};

/* The walker's x range over 20 s of walking, and whether it left its floor. */
static void patrol(const char *const *rows, int nrows, bool turns, int32_t *min_x, int32_t *max_x,
                   int32_t *last_bottom)
{
    LevelDesc d = fixture_level(rows, nrows);
    fixture_set(fixture_find(&d, "walker"), "turn_at_edges", (LevelValue){.i = turns});
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    EcsEntity w = the_walker(sim);
    InputIntent last = NONE;
    *min_x = INT32_MAX;
    *max_x = INT32_MIN;
    for (int i = 0; i < 20 * SIM_TICK_RATE; i++) {
        run_ticks(sim, 1, NONE, &last);
        FixtureBox b = fixture_box(sim, w);
        *min_x = b.x < *min_x ? b.x : *min_x;
        *max_x = b.x + b.w > *max_x ? b.x + b.w : *max_x;
        *last_bottom = b.y + b.h;
    }
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
}

START_TEST(a_walker_turns_before_spikes_unless_told_not_to)
{
    int32_t lo, hi, bottom;
    patrol(WALKER_SPIKES, 4, true, &lo, &hi, &bottom);
    ck_assert_int_eq(lo, TILE_SIZE);      /* the wall */
    ck_assert_int_eq(hi, 10 * TILE_SIZE); /* up to the spikes, not into them */
    patrol(WALKER_SPIKES, 4, false, &lo, &hi, &bottom);
    ck_assert_int_eq(lo, TILE_SIZE);
    ck_assert_int_eq(hi, 13 * TILE_SIZE); /* over the spikes to the wall */
}
END_TEST

/* A shelf ending at tile 6 over a lower floor; the player is walled off. */
static const char *const WALKER_SHELF[] = {
    "################", "#............#.#", "#.W..........#P#",
    "#######......###", "#............###", "################",
};

START_TEST(a_walker_turns_at_a_ledge_unless_told_not_to)
{
    int32_t lo, hi, bottom;
    patrol(WALKER_SHELF, 6, true, &lo, &hi, &bottom);
    ck_assert_int_eq(lo, TILE_SIZE);
    ck_assert_int_eq(hi, 7 * TILE_SIZE); /* the ledge's last pixel */
    ck_assert_int_eq(bottom, 3 * TILE_SIZE);
    patrol(WALKER_SHELF, 6, false, &lo, &hi, &bottom);
    ck_assert_int_eq(hi, 13 * TILE_SIZE); /* off the ledge, along the floor below */
    ck_assert_int_eq(bottom, 5 * TILE_SIZE);
}
END_TEST

START_TEST(a_walker_launched_upwards_is_not_grounded)
{
    const PhysicsParams pp = physics_defaults();
    static const char *const rows[] = {
        "################", "#..............#", "#..............#", "#..............#",
        "#..............#", "#.....W......#P#", "################",
    };
    Sim *sim = fixture_sim_rows(rows, 7);
    EcsEntity w = the_walker(sim);
    InputIntent last = NONE;
    run_ticks(sim, 2, NONE, &last);
    FixtureBox on_floor = fixture_box(sim, w);
    ck_assert_int_eq(on_floor.y + on_floor.h, 6 * TILE_SIZE);
    /* Launched as a spring would launch it. */
    Velocity *v = ecs_get(sim_world(sim), w, C_VELOCITY);
    v->y = -pp.spring_speed;
    /* The walker's flight (walker.c): gravity up to max_fall, nothing else,
    ** until it is back on its floor. */
    double vy = -pp.spring_speed, y = 0.0, top = 0.0, first_vy = 0.0;
    for (int k = 1; k < 1000 && (k == 1 || y < 0.0); k++) {
        vy = fmin(vy + pp.gravity * DT, pp.max_fall);
        y = fmin(y + vy * DT, 0.0);
        top = fmin(top, y);
        if (k == 1)
            first_vy = vy;
    }
    int32_t highest = on_floor.y;
    for (int k = 1; k < 120; k++) {
        run_ticks(sim, 1, NONE, &last);
        if (k == 1) {
            ck_assert_double_eq_tol(v->y, first_vy, 1e-3);
            ck_assert_int_lt(fixture_box(sim, w).y, on_floor.y);
        }
        int32_t wy = fixture_box(sim, w).y;
        highest = wy < highest ? wy : highest;
    }
    ck_assert_msg(fabs((on_floor.y - highest) + top) <= 1.0,
                  "the walker rose %d px, the rules give %.2f", on_floor.y - highest, -top);
    /* And came down on its floor. */
    ck_assert_int_eq(fixture_box(sim, w).y, on_floor.y);
    sim_destroy(sim);
}
END_TEST

/* ---- banking ------------------------------------------------------------------------ */

START_TEST(coins_are_carried_until_a_checkpoint_or_the_goal_banks_them)
{
    static const char *const rows[] = {
        "######################",
        "#....................#",
        "#.P..o..o..C..o...G..#",
        "######################",
    };
    Sim *sim = fixture_sim_rows(rows, 4);
    ck_assert_int_eq(sim_status(sim)->collectibles, 3);
    /* (banked, carried) after each coin, the checkpoint and the goal. */
    static const int want[][2] = {{0, 1}, {0, 2}, {2, 0}, {2, 1}, {3, 0}};
    int seen = 0;
    InputIntent last = NONE;
    for (int i = 0; i < 600 && sim_status(sim)->outcome != OUTCOME_COMPLETED; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        int moments = count_events(sim, EV_COLLECTED) + count_events(sim, EV_CHECKPOINT) +
                      count_events(sim, EV_COMPLETED);
        ck_assert_int_le(moments, 1);
        if (moments == 0)
            continue;
        ck_assert_int_lt(seen, 5);
        ck_assert_int_eq(sim_status(sim)->collected, want[seen][0]);
        ck_assert_int_eq(sim_status(sim)->carried, want[seen][1]);
        seen++;
    }
    ck_assert_int_eq(seen, 5);
    ck_assert_int_eq(sim_status(sim)->outcome, OUTCOME_COMPLETED);
    sim_destroy(sim);
}
END_TEST

/* ---- --check: a walker's walk and the places the player comes back to life ---------- */

START_TEST(a_walker_walking_past_the_player_start_only_is_fine)
{
    const char *path = SOURCE_DIR "/tests/levels/good/walker_past_start.json";
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    LevelDesc lv;
    bool ok = level_load(path, NULL, &lv, e);
    if (!ok || e->warning_count > 0)
        level_errors_print(e, stderr);
    ck_assert(ok);
    ck_assert_int_eq(e->warning_count, 0);
    /* It does walk through the start: its floor runs there, wall to wall. */
    const LevelEntity *w = NULL, *p = NULL;
    for (int i = 0; i < lv.entity_count; i++) {
        if (lv.entities[i].kind == kind_find("walker"))
            w = &lv.entities[i];
        if (lv.entities[i].kind == kind_find("player"))
            p = &lv.entities[i];
    }
    ck_assert(w != NULL && p != NULL);
    ck_assert_int_eq(w->y + w->h, p->y + p->h);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

Suite *gameplay_suite(void);

Suite *gameplay_suite(void)
{
    Suite *s = suite_create("gameplay");
    struct {
        const char *name;
        const TTest *tests[8];
    } cases[] = {
        {"wall_jump",
         {a_jump_within_wall_jump_check_of_a_wall_is_a_wall_jump,
          wall_jumps_climb_a_shaft_with_no_ledges_to_its_top,
          wall_jump_forces_the_move_away_for_wall_jump_force_time,
          wall_jump_has_coyote_time_after_leaving_the_wall,
          wall_jump_pressed_just_before_reaching_the_wall_is_buffered}},
        {"wall_slide",
         {holding_towards_a_wall_slides_at_the_slide_cap, holding_away_or_down_does_not_slide,
          a_sliding_player_shows_one_of_its_own_clips}},
        {"bounce",
         {a_held_bounce_rises_higher_than_a_held_jump,
          an_unheld_bounce_keeps_its_speed_for_bounce_auto_time,
          a_jump_pressed_within_the_buffer_after_a_stomp_gives_the_full_bounce}},
        {"forgiveness",
         {corner_correction_at_7_8_and_9_px, grazing_a_saw_with_the_hair_or_the_side_does_not_kill,
          grazing_spikes_with_the_hair_or_the_side_does_not_kill,
          holding_down_on_a_plank_for_drop_hold_time_drops_through_it,
          down_and_jump_at_once_drops_through_a_plank_at_once,
          fall_gravity_mult_two_reaches_max_fall_in_half_the_ticks}},
        {"switches",
         {a_toggle_switch_flips_on_each_entry_and_not_while_stood_in,
          a_once_switch_turns_its_group_on_for_good,
          a_timed_switch_stays_on_for_its_time_ticking_through_the_last_second}},
        {"movers",
         {a_platform_rests_wait_seconds_at_each_waypoint,
          a_ridden_platform_moves_only_once_ridden_and_returns_when_left,
          a_oneway_platform_carries_its_rider, a_oneway_platform_is_jumped_through_from_below,
          a_oneway_platform_pushes_nobody, a_platform_moves_every_walker_of_a_crowd,
          a_saw_with_a_path_moves_at_its_speed_and_kills_on_touch, a_saw_without_a_path_stays_put}},
        {"walkers",
         {a_walker_turns_before_spikes_unless_told_not_to,
          a_walker_turns_at_a_ledge_unless_told_not_to, a_walker_launched_upwards_is_not_grounded}},
        {"level",
         {coins_are_carried_until_a_checkpoint_or_the_goal_banks_them,
          a_walker_walking_past_the_player_start_only_is_fine}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        TCase *tc = tcase_create(cases[c].name);
        for (int t = 0; t < 8 && cases[c].tests[t] != NULL; t++)
            tcase_add_test(tc, cases[c].tests[t]);
        tcase_set_timeout(tc, 120);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    return check_run(gameplay_suite());
}
