/* SPDX-License-Identifier: Zlib */
/*
** test_physics.c -- the character physics, tick by tick.
**
** Expected numbers come from the parameters (physics_defaults), never from a
** recorded run: change the feel and these tests still say what must hold.
*/
#include "game_fixture.h"
#include "check_run.h"

#include <math.h>

static const InputIntent NONE = {0};
static const InputIntent RIGHT = {.right = true};
static const InputIntent JUMP = {.jump_held = true};
static const InputIntent DOWN = {.down = true};

/* A wide room with a floor: the player stands at tile x=4. */
static const char *const ROOM[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#...P..............#", "####################",
};

static Sim *room(void)
{
    Sim *sim = fixture_sim_rows(ROOM, 10);
    return sim;
}

/* Height reached by a held jump from the ground, in a frictionless model of
** the rules (params.h): take-off speed held for var_jump_time, then gravity,
** scaled near the apex, until the rise stops. */
static double expected_apex(const PhysicsParams *pp, int hold_ticks)
{
    const double dt = 1.0 / SIM_TICK_RATE;
    int var = sim_ticks(pp->var_jump_time);
    double vy = -pp->jump_speed, y = vy * dt, top = y;
    int tick = 1;
    var -= 1;
    for (;;) {
        bool held = tick < hold_ticks;
        double g =
            pp->gravity * ((fabs(vy) < pp->apex_threshold && held) ? pp->apex_gravity_mult : 1.0);
        vy = fmin(vy + g * dt, pp->max_fall);
        if (var > 0 && held)
            vy = fmin(vy, -pp->jump_speed);
        else
            var = 0;
        if (var > 0)
            var--;
        if (vy >= 0)
            break;
        y += vy * dt;
        top = fmin(top, y);
        tick++;
    }
    return -top;
}

/* Runs a jump held for hold_ticks (the whole jump when large) and returns
** the height risen, in pixels. */
static int measured_apex(int hold_ticks)
{
    Sim *sim = room();
    InputIntent last = NONE;
    run_ticks(sim, 5, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    int32_t ground = player_t(sim)->y, top = ground;
    run_ticks(sim, 1, JUMP, &last);
    ck_assert(had_event(sim, EV_JUMPED));
    for (int i = 1; i < 120; i++) {
        run_ticks(sim, 1, i < hold_ticks ? JUMP : NONE, &last);
        if (player_t(sim)->y < top)
            top = player_t(sim)->y;
    }
    ck_assert(player_p(sim)->grounded); /* came back down */
    sim_destroy(sim);
    return ground - top;
}

START_TEST(held_jump_reaches_apex_from_parameters)
{
    PhysicsParams pp = physics_defaults();
    double expected = expected_apex(&pp, 1000);
    int got = measured_apex(1000);
    ck_assert_msg(fabs(got - expected) <= 1.0, "apex %d px, parameters give %.2f px", got,
                  expected);
    /* And it is the documented "three and a half tiles" of the defaults. */
    ck_assert(expected > 3.0 * TILE_SIZE && expected < 4.0 * TILE_SIZE);
}
END_TEST

START_TEST(releasing_jump_early_gives_a_lower_apex)
{
    PhysicsParams pp = physics_defaults();
    int full = measured_apex(1000);
    int tap = measured_apex(3);
    double expected_tap = expected_apex(&pp, 3);
    ck_assert_msg(fabs(tap - expected_tap) <= 1.0, "tap apex %d px, parameters give %.2f", tap,
                  expected_tap);
    ck_assert_int_lt(tap, full - TILE_SIZE);
    ck_assert_int_gt(tap, 0);
}
END_TEST

/* A ledge: floor up to tile x=8, then a pit. */
static const char *const LEDGE[] = {
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..P...............#", "#########..........#", "#########..........#",
    "#########..........#", "#########..........#", "#########..........#", "#########..........#",
};

/* Walks off the ledge; returns the tick count at which the player first
** ended a tick in the air. */
static int walk_off(Sim *sim, InputIntent *last)
{
    for (int tick = 1; tick < 200; tick++) {
        run_ticks(sim, 1, RIGHT, last);
        if (!player_p(sim)->grounded)
            return tick;
    }
    ck_abort_msg("never left the ledge");
    return -1;
}

START_TEST(coyote_jump_works_within_window_and_not_after)
{
    PhysicsParams pp = physics_defaults();
    int window = sim_ticks(pp.coyote_time);
    ck_assert_int_gt(window, 0);
    for (int k = 1; k <= window + 1; k++) {
        Sim *sim = fixture_sim_rows(LEDGE, 12);
        InputIntent last = NONE;
        walk_off(sim, &last);
        run_ticks(sim, k - 1, RIGHT, &last);
        InputIntent jump = {.right = true, .jump_held = true};
        run_ticks(sim, 1, jump, &last);
        if (k <= window)
            ck_assert_msg(had_event(sim, EV_JUMPED), "no coyote jump %d ticks after the ledge", k);
        else
            ck_assert_msg(!had_event(sim, EV_JUMPED), "jumped %d ticks after the ledge", k);
        sim_destroy(sim);
    }
}
END_TEST

/* The player starts high above the floor and falls. */
static const char *const DROP[] = {
    "#....P....#", "#.........#", "#.........#", "#.........#",
    "#.........#", "#.........#", "#.........#", "###########",
};

START_TEST(buffered_jump_fires_on_landing)
{
    PhysicsParams pp = physics_defaults();
    int window = sim_ticks(pp.jump_buffer);
    /* First, when does it land? */
    LevelDesc d = fixture_level(DROP, 8);
    Sim *sim = fixture_sim(&d);
    InputIntent last = NONE;
    int landed = 0;
    for (int tick = 1; tick < 200 && landed == 0; tick++) {
        run_ticks(sim, 1, NONE, &last);
        if (had_event(sim, EV_LANDED))
            landed = tick;
    }
    /* Early presses come well into the fall, where holding jump no longer
    ** changes gravity (|vy| is past apex_threshold after 3 ticks). */
    ck_assert_int_gt(landed - window, 4);
    sim_destroy(sim);
    /* The first tick that starts on the ground is landed + 1. A press k ticks
    ** before it fires there for k <= window, and not for k = window + 1. */
    for (int k = 0; k <= window + 1; k++) {
        sim = fixture_sim(&d);
        last = NONE;
        int press = landed + 1 - k;
        run_ticks(sim, press - 1, NONE, &last);
        bool fired = false;
        for (int tick = press; tick <= landed + 1; tick++) {
            run_ticks(sim, 1, JUMP, &last);
            fired = fired || had_event(sim, EV_JUMPED);
        }
        if (k <= window)
            ck_assert_msg(fired, "a press %d ticks before landing did not fire", k);
        else
            ck_assert_msg(!fired, "a press %d ticks before landing fired", k);
        sim_destroy(sim);
    }
    leveldesc_fini(&d);
}
END_TEST

/* A one-tile ceiling block at tile (8, 5), reachable by a jump. */
static const char *const CEILING[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#.......#..........#", "#..................#", "#..................#",
    "#...P..............#", "####################",
};

/* Jumps straight up with the head overlapping the ceiling tile's left edge
** by `overlap` px; returns true when the player rose past the tile. */
static bool jump_past_corner(int overlap)
{
    Sim *sim = fixture_sim_rows(CEILING, 10);
    const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    int32_t tile_left = 8 * TILE_SIZE;
    int32_t x = tile_left + overlap - c->off_x - c->w; /* box right edge = tile_left + overlap */
    ck_assert(sim_place_player(sim, x, player_t(sim)->y));
    InputIntent last = NONE;
    run_ticks(sim, 3, NONE, &last);
    int32_t tile_bottom = 6 * TILE_SIZE, top = 10000;
    for (int i = 0; i < 60; i++) {
        run_ticks(sim, 1, JUMP, &last);
        int32_t head = player_t(sim)->y + c->off_y;
        top = head < top ? head : top;
    }
    sim_destroy(sim);
    return top < tile_bottom - TILE_SIZE;
}

START_TEST(corner_correction_slides_past_small_overlap_only)
{
    PhysicsParams pp = physics_defaults();
    int limit = (int)pp.corner_correction;
    ck_assert(jump_past_corner(limit - 1));  /* 3 px at the defaults */
    ck_assert(!jump_past_corner(limit + 1)); /* 5 px */
    ck_assert(jump_past_corner(limit));
}
END_TEST

/* A one-tile floor over a pit, far below the player. */
static const char *const THIN_FLOOR[] = {
    "#....P....#", "#.........#", "#.........#", "#.........#", "#.........#", "#.........#",
    "#.........#", "#.........#", "#.........#", "#.........#", "#.........#", "#.........#",
    "#.........#", "#.........#", "#.........#", "#.........#", "#.........#", "#.........#",
    "#.........#", "#.........#", "#..#####..#", "#.........#", "#.........#", "#.........#",
};

START_TEST(fastest_fall_never_passes_through_a_one_tile_floor)
{
    PhysicsParams pp = physics_defaults();
    /* Every sub-tile starting height, holding down for the fastest fall. */
    for (int offset = 0; offset < TILE_SIZE; offset++) {
        Sim *sim = fixture_sim_rows(THIN_FLOOR, 24);
        ck_assert(sim_place_player(sim, player_t(sim)->x, player_t(sim)->y + offset));
        InputIntent last = NONE;
        float fastest = 0;
        for (int i = 0; i < 240; i++) {
            run_ticks(sim, 1, DOWN, &last);
            fastest = fmaxf(fastest, player_v(sim)->y);
        }
        ck_assert_float_ge(fastest, pp.max_fall); /* it did fall fast */
        ck_assert(player_p(sim)->grounded);
        ck_assert_int_eq(player_t(sim)->y + 24, 20 * TILE_SIZE);
        ck_assert_uint_eq(sim_status(sim)->deaths, 0);
        sim_destroy(sim);
    }
}
END_TEST

/* A one-way plank at row 6 over a floor. */
static const char *const PLANK[] = {
    "#.........#", "#...P.....#", "#.........#", "#.........#", "#.........#",
    "#.........#", "#..=====..#", "#.........#", "#.........#", "###########",
};

START_TEST(one_way_holds_from_above_passes_from_below_drops_on_down_jump)
{
    LevelDesc d = fixture_level(PLANK, 10);
    Sim *sim = fixture_sim(&d);
    InputIntent last = NONE;
    /* Falls onto the plank and stays. */
    run_ticks(sim, 90, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    ck_assert_int_eq(player_t(sim)->y + 24, 6 * TILE_SIZE);
    /* Down + jump drops through to the floor. */
    InputIntent down_jump = {.down = true, .jump_held = true};
    run_ticks(sim, 1, down_jump, &last);
    ck_assert(!had_event(sim, EV_JUMPED));
    run_ticks(sim, 60, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    ck_assert_int_eq(player_t(sim)->y + 24, 9 * TILE_SIZE);
    /* From below, a jump goes up through it and lands on top. */
    run_ticks(sim, 20, JUMP, &last);
    run_ticks(sim, 60, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    ck_assert_int_eq(player_t(sim)->y + 24, 6 * TILE_SIZE);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
    leveldesc_fini(&d);
}
END_TEST

static const char *const LIFT_ROOM[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#.........P........#",
    "#..................#", "####################",
};

START_TEST(moving_platform_carries_a_standing_player)
{
    LevelDesc d = fixture_level(LIFT_ROOM, 10);
    /* A 3-tile platform under the player, moving right 6 tiles at 60 px/s. */
    LevelPoint to = {15 * TILE_SIZE, 8 * TILE_SIZE};
    fixture_platform(&d, 9, 8, 3, 60.0f, &to, 1);
    d.entities[0].y = 8 * TILE_SIZE - 24; /* player on the platform's top */
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    run_ticks(sim, 2, NONE, &last);
    ck_assert(player_p(sim)->grounded);
    int32_t px = player_t(sim)->x;
    EcsIter it = ecs_view(sim_world(sim), C_MOVER, C_TRANSFORM);
    ck_assert(ecs_iter_next(&it));
    const Transform *pt = ecs_field(&it, Transform, 1);
    int32_t platform_x = pt->x;
    ecs_iter_fini(&it);
    run_ticks(sim, 60, NONE, &last); /* one second: 60 px */
    it = ecs_view(sim_world(sim), C_MOVER, C_TRANSFORM);
    ck_assert(ecs_iter_next(&it));
    pt = ecs_field(&it, Transform, 1);
    int32_t moved = pt->x - platform_x;
    ecs_iter_fini(&it);
    ck_assert_int_ge(moved, 59);
    ck_assert_int_le(moved, 61);
    ck_assert_int_eq(player_t(sim)->x - px, moved);
    ck_assert(player_p(sim)->grounded);
    sim_destroy(sim);
}
END_TEST

START_TEST(moving_platform_pushes_and_crushes)
{
    LevelDesc d = fixture_level(LIFT_ROOM, 10);
    /* A platform at the player's height sweeping left through it, to the wall. */
    LevelPoint to = {1 * TILE_SIZE, 7 * TILE_SIZE + 8};
    LevelEntity *pl = fixture_platform(&d, 14, 7, 2, 120.0f, &to, 1);
    pl->y = 7 * TILE_SIZE + 8;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    int32_t start_x = player_t(sim)->x;
    bool pushed = false;
    for (int i = 0; i < 240 && sim_status(sim)->deaths == 0; i++) {
        run_ticks(sim, 1, NONE, &last);
        if (player_p(sim)->state == PLAYER_NORMAL && player_t(sim)->x < start_x - TILE_SIZE)
            pushed = true;
    }
    ck_assert_msg(pushed, "the platform did not push the player");
    ck_assert_uint_eq(sim_status(sim)->deaths, 1); /* crushed against the wall */
    sim_destroy(sim);
}
END_TEST

static const char *const SWITCH_ROOM[] = {
    "##############", "#............#", "#............#",
    "#.....b..B...#", "#..P..b..B.s.#", "##############",
};

static int solid_blocks(Sim *sim, bool when_on)
{
    int solid = 0;
    EcsIter it = ecs_view(sim_world(sim), C_TOGGLE_BLOCK, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const ToggleBlock *b = ecs_field(&it, ToggleBlock, 0);
        const Collider *c = ecs_field(&it, Collider, 1);
        for (int i = 0; i < it.count; i++)
            solid += b[i].solid_when_on == when_on && c[i].enabled;
    }
    return solid;
}

START_TEST(switch_flips_its_groups_blocks)
{
    Sim *sim = fixture_sim_rows(SWITCH_ROOM, 6);
    /* Off: the 'B' wall is solid, the 'b' wall is a ghost. */
    ck_assert_int_eq(solid_blocks(sim, false), 2);
    ck_assert_int_eq(solid_blocks(sim, true), 0);
    /* Walking right, the player goes through the ghosts and stops at B. */
    InputIntent last = NONE;
    run_ticks(sim, 90, RIGHT, &last);
    const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    ck_assert_int_eq(player_t(sim)->x + c->off_x + c->w, 9 * TILE_SIZE);
    ck_assert_int_eq(solid_blocks(sim, true), 0); /* the switch is behind the wall */
    sim_destroy(sim);
}
END_TEST

/* The switch is under the ghost blocks: touching it makes them want to be
** solid while the player stands inside them. */
static const char *const TRAP_ROOM[] = {
    "##############", "#............#", "#............#",
    "#.....b......#", "#..P..s......#", "##############",
};

START_TEST(block_never_turns_solid_on_an_actor)
{
    Sim *sim = fixture_sim_rows(TRAP_ROOM, 6);
    InputIntent last = NONE;
    bool flipped = false;
    for (int i = 0; i < 60 && !flipped; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        flipped = had_event(sim, EV_SWITCH);
    }
    ck_assert(flipped);
    /* The player overlaps the block: it waits. */
    ck_assert_int_eq(solid_blocks(sim, true), 0);
    run_ticks(sim, 60, RIGHT, &last); /* walk on, out of it */
    ck_assert_int_eq(solid_blocks(sim, true), 1);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
}
END_TEST

START_TEST(switch_groups_flip_blocks_both_ways)
{
    LevelDesc d = fixture_level(SWITCH_ROOM, 6);
    /* Move the switch before the walls so the player reaches it first. */
    for (int i = 0; i < d.entity_count; i++)
        if (d.entities[i].kind == kind_find("switch"))
            d.entities[i].x = 5 * TILE_SIZE;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    run_ticks(sim, 30, RIGHT, &last);
    ck_assert(ecs_count(sim_world(sim), C_SWITCH) == 1);
    EcsIter it = ecs_view(sim_world(sim), C_SWITCH);
    ck_assert(ecs_iter_next(&it));
    ck_assert(ecs_field(&it, Switch, 0)->on);
    ecs_iter_fini(&it);
    ck_assert_int_eq(solid_blocks(sim, false), 0); /* B walls opened */
    run_ticks(sim, 90, RIGHT, &last);
    const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    /* b walls closed ahead of the player (it was left of them): stopped there. */
    ck_assert_int_eq(solid_blocks(sim, true), 2);
    ck_assert_int_eq(player_t(sim)->x + c->off_x + c->w, 6 * TILE_SIZE);
    sim_destroy(sim);
}
END_TEST

static const char *const STOMP_ROOM[] = {
    "################", "#..............#", "#......P.......#", "#..............#",
    "#..............#", "#......W.......#", "################",
};

static int walking_enemies(Sim *sim)
{
    int n = 0;
    EcsIter it = ecs_view(sim_world(sim), C_ENEMY);
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++)
            n += ecs_field(&it, Enemy, 0)[i].state == ENEMY_WALKING;
    return n;
}

START_TEST(stomp_kills_walker_and_bounces)
{
    LevelDesc d = fixture_level(STOMP_ROOM, 7);
    d.physics.walker_speed = 0; /* stands still under the player */
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    bool stomped = false;
    for (int i = 0; i < 60 && !stomped; i++) {
        run_ticks(sim, 1, NONE, &last);
        stomped = had_event(sim, EV_STOMPED);
    }
    ck_assert(stomped);
    ck_assert_float_lt(player_v(sim)->y, 0); /* bounced */
    ck_assert_int_eq(walking_enemies(sim), 0);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    /* The squashed walker is removed after a moment. */
    run_ticks(sim, 60, NONE, &last);
    ck_assert_uint_eq(ecs_count(sim_world(sim), C_ENEMY), 0);
    sim_destroy(sim);
}
END_TEST

static const char *const WALK_INTO[] = {
    "################",
    "#..............#",
    "#..P......W....#",
    "################",
};

START_TEST(walker_side_contact_kills_player)
{
    LevelDesc d = fixture_level(WALK_INTO, 4);
    fixture_set(&d.entities[1], "dir", (LevelValue){.i = 0}); /* "left" */
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    bool died = false;
    for (int i = 0; i < 600 && !died; i++) {
        run_ticks(sim, 1, NONE, &last);
        died = had_event(sim, EV_DIED);
    }
    ck_assert(died);
    ck_assert_uint_eq(sim_status(sim)->deaths, 1);
    ck_assert_int_eq(walking_enemies(sim), 1);
    sim_destroy(sim);
}
END_TEST

static const char *const PATROL[] = {
    "################", "#..............#", "#.W............#",
    "#######.......P#", "################",
};

START_TEST(walker_turns_at_walls_and_ledges)
{
    Sim *sim = fixture_sim_rows(PATROL, 5);
    InputIntent last = NONE;
    int32_t min_x = 10000, max_x = -10000;
    EcsEntity walker = ECS_NULL;
    EcsIter it = ecs_view(sim_world(sim), C_ENEMY);
    ck_assert(ecs_iter_next(&it));
    walker = ecs_iter_entity(&it, 0);
    ecs_iter_fini(&it);
    for (int i = 0; i < 60 * 20; i++) {
        run_ticks(sim, 1, NONE, &last);
        const Transform *t = ecs_get(sim_world(sim), walker, C_TRANSFORM);
        min_x = t->x < min_x ? t->x : min_x;
        max_x = t->x > max_x ? t->x : max_x;
        ck_assert_int_eq(t->y + 16, 3 * TILE_SIZE); /* never fell off */
    }
    const Collider *c = ecs_get(sim_world(sim), walker, C_COLLIDER);
    /* Patrols the whole shelf: from the wall to the ledge's last pixel. */
    ck_assert_int_eq(min_x + c->off_x, 1 * TILE_SIZE);
    ck_assert_int_eq(max_x + c->off_x + c->w, 7 * TILE_SIZE);
    sim_destroy(sim);
}
END_TEST

static const char *const CHECKPOINTS[] = {
    "####################", "#..................#", "#..................#",
    "#.P...C......^^....#", "####################",
};

START_TEST(death_respawns_at_last_checkpoint)
{
    LevelDesc d = fixture_level(CHECKPOINTS, 5);
    int32_t cp_x = 0, cp_bottom = 0;
    for (int i = 0; i < d.entity_count; i++)
        if (d.entities[i].kind == kind_find("checkpoint")) {
            cp_x = d.entities[i].x;
            cp_bottom = d.entities[i].y + d.entities[i].h;
        }
    Sim *sim = fixture_sim(&d);
    const PhysicsParams *pp = sim_params(sim);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    bool died = false, checkpoint = false;
    for (int i = 0; i < 300 && !died; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        checkpoint = checkpoint || had_event(sim, EV_CHECKPOINT);
        died = had_event(sim, EV_DIED);
    }
    ck_assert(checkpoint);
    ck_assert(died);
    ck_assert_int_eq(sim_status(sim)->outcome, OUTCOME_DIED);
    int wait = sim_ticks(pp->respawn_time);
    run_ticks(sim, wait - 1, NONE, &last);
    ck_assert_int_eq(player_p(sim)->state, PLAYER_DEAD);
    run_ticks(sim, 1, NONE, &last);
    ck_assert(had_event(sim, EV_RESPAWNED));
    ck_assert_int_eq(player_p(sim)->state, PLAYER_NORMAL);
    ck_assert_int_eq(player_t(sim)->y + 24, cp_bottom);
    ck_assert_int_eq(player_t(sim)->x, cp_x);
    ck_assert_uint_eq(sim_status(sim)->deaths, 1);
    sim_destroy(sim);
}
END_TEST

START_TEST(landing_pose_shows_on_the_landing_tick)
{
    Sim *sim = fixture_sim_rows(DROP, 8);
    InputIntent last = NONE;
    const Sprite *s = ecs_get(sim_world(sim), sim_player(sim), C_SPRITE);
    for (int i = 0; i < 200; i++) {
        run_ticks(sim, 1, NONE, &last);
        if (had_event(sim, EV_LANDED)) {
            ck_assert_int_eq(s->clip, kind_clip_find("player_land"));
            sim_destroy(sim);
            return;
        }
        ck_assert_int_eq(s->clip, kind_clip_find("player_fall"));
    }
    ck_abort_msg("never landed");
}
END_TEST

/* A two-tile wall in the player's way, column 6, rows 2 and 3 (row 3 is
** filled in by the test). */
static const char *const SECRET_WALL[] = {
    "############", "#..........#", "#.P...#....#", "#..........#", "############",
};

START_TEST(secret_tiles_look_solid_but_let_the_player_through)
{
    ck_assert_str_eq(tile_kind_name(TILE_SECRET), "secret");
    ck_assert_int_eq(tile_kind_from_name("secret"), TILE_SECRET);
    /* A secret tile at the feet, a solid one at the head: the solid one stops
    ** the player (it is taller than a tile). */
    LevelDesc d = fixture_level(SECRET_WALL, 5);
    tilemap_set(&d.map, 6, 3, TILE_SECRET);
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    run_ticks(sim, 120, RIGHT, &last);
    ck_assert_int_lt(player_t(sim)->x + 24, 6 * TILE_SIZE + TILE_SIZE);
    sim_destroy(sim);

    /* Now make the whole wall secret: the player walks through it. */
    d = fixture_level(SECRET_WALL, 5);
    tilemap_set(&d.map, 6, 2, TILE_SECRET);
    tilemap_set(&d.map, 6, 3, TILE_SECRET);
    sim = fixture_sim(&d);
    leveldesc_fini(&d);
    last = NONE;
    run_ticks(sim, 120, RIGHT, &last);
    ck_assert_int_gt(player_t(sim)->x, 7 * TILE_SIZE);
    sim_destroy(sim);
}
END_TEST

START_TEST(goal_completes_level)
{
    static const char *const rows[] = {
        "##########",
        "#........#",
        "#.P....G.#",
        "##########",
    };
    Sim *sim = fixture_sim_rows(rows, 4);
    InputIntent last = NONE;
    for (int i = 0; i < 200 && sim_status(sim)->outcome != OUTCOME_COMPLETED; i++)
        run_ticks(sim, 1, RIGHT, &last);
    ck_assert_int_eq(sim_status(sim)->outcome, OUTCOME_COMPLETED);
    ck_assert_int_eq(player_p(sim)->state, PLAYER_DONE);
    sim_destroy(sim);
}
END_TEST

Suite *physics_suite(void);

Suite *physics_suite(void)
{
    Suite *s = suite_create("physics");
    TCase *tc = tcase_create("physics");
    tcase_add_test(tc, held_jump_reaches_apex_from_parameters);
    tcase_add_test(tc, releasing_jump_early_gives_a_lower_apex);
    tcase_add_test(tc, coyote_jump_works_within_window_and_not_after);
    tcase_add_test(tc, buffered_jump_fires_on_landing);
    tcase_add_test(tc, corner_correction_slides_past_small_overlap_only);
    tcase_add_test(tc, fastest_fall_never_passes_through_a_one_tile_floor);
    tcase_add_test(tc, one_way_holds_from_above_passes_from_below_drops_on_down_jump);
    tcase_add_test(tc, moving_platform_carries_a_standing_player);
    tcase_add_test(tc, moving_platform_pushes_and_crushes);
    tcase_add_test(tc, switch_flips_its_groups_blocks);
    tcase_add_test(tc, block_never_turns_solid_on_an_actor);
    tcase_add_test(tc, switch_groups_flip_blocks_both_ways);
    tcase_add_test(tc, stomp_kills_walker_and_bounces);
    tcase_add_test(tc, walker_side_contact_kills_player);
    tcase_add_test(tc, walker_turns_at_walls_and_ledges);
    tcase_add_test(tc, death_respawns_at_last_checkpoint);
    tcase_add_test(tc, landing_pose_shows_on_the_landing_tick);
    tcase_add_test(tc, goal_completes_level);
    tcase_add_test(tc, secret_tiles_look_solid_but_let_the_player_through);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(physics_suite());
}
