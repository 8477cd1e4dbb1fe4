/* SPDX-License-Identifier: Zlib */
/*
** test_gadgets.c -- the kinds that act on the player: springs, crumbling
** blocks, signs, gems, and the level put back when the player dies.
**
** Expected numbers come from the parameters through small models of the
** player's tick (player.c's step order), never from a recorded run.
*/
#include "game_fixture.h"
#include "check_run.h"

#include <math.h>

static const InputIntent NONE = {0};
static const InputIntent RIGHT = {.right = true};

static bool had_cue(const Sim *sim, Sound sound)
{
    int n;
    const SimEvent *ev = sim_events(sim, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EV_CUE && ev[i].sound == sound)
            return true;
    return false;
}

/* ---- springs ------------------------------------------------------------------ */

/* How far a launch at vy0 rises, in the player's own integration: each tick
** gravity first (scaled near the apex while the jump is held or held for
** it), then the variable jump keeps the speed at -vy0 for hold ticks while
** held (auto ticks whatever is held), then the move. */
static double launch_rise(const PhysicsParams *pp, double vy0, int hold, int autohold, bool held)
{
    const double dt = 1.0 / SIM_TICK_RATE;
    double vy = vy0, y = 0.0, top = 0.0;
    for (int tick = 0; tick < 600; tick++) {
        bool holding = held || autohold > 0;
        double mult = fabs(vy) < pp->apex_threshold && holding ? pp->apex_gravity_mult : 1.0;
        vy = fmin(vy + pp->gravity * mult * dt, pp->max_fall);
        if (hold > 0) {
            if (holding)
                vy = fmin(vy, vy0);
            else
                hold = 0;
        }
        if (vy >= 0.0)
            break;
        y += vy * dt;
        top = fmin(top, y);
        if (hold > 0)
            hold--;
        if (autohold > 0)
            autohold--;
    }
    return -top;
}

/* A floor with a spring the player walks onto. */
static const char *const SPRING_FLOOR[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..P...............#", "####################",
};

static Sim *spring_level(int tx, const char *dir)
{
    LevelDesc d = fixture_level(SPRING_FLOOR, 18);
    LevelEntity *s = fixture_push(&d, "spring", tx, 16);
    int p = kind_prop_find(kind_get(s->kind), "dir");
    const KindProp *prop = &kind_get(s->kind)->props[p];
    for (int v = 0; v < prop->value_count; v++)
        if (strcmp(prop->values[v], dir) == 0)
            s->props[p].i = v;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    return sim;
}

START_TEST(an_up_spring_launches_as_high_whatever_is_held)
{
    const PhysicsParams pp = physics_defaults();
    int hold = sim_ticks(pp.var_jump_time);
    double want = launch_rise(&pp, -pp.spring_speed, hold, hold, false);
    /* Higher than a held jump: a spring is for heights a jump cannot reach. */
    ck_assert(want > launch_rise(&pp, -pp.jump_speed, hold, 0, true));
    for (int held = 0; held <= 1; held++) {
        Sim *sim = spring_level(6, "up");
        InputIntent last = NONE;
        int32_t floor_y = player_t(sim)->y;
        bool launched = false, cue = false, fell = false;
        int32_t top = floor_y;
        for (int i = 0; i < 240; i++) {
            InputIntent in = launched ? (held ? (InputIntent){.jump_held = true} : NONE) : RIGHT;
            run_ticks(sim, 1, in, &last);
            cue |= had_cue(sim, SOUND_SPRING);
            if (!launched && player_v(sim)->y < 0.0f) {
                launched = true;
                ck_assert_float_eq_tol(player_v(sim)->y, -pp.spring_speed, 0.01f);
                floor_y = player_t(sim)->y;
            }
            /* the first rise only: falling back, the spring launches again */
            fell |= launched && player_v(sim)->y >= 0.0f;
            if (launched && !fell && player_t(sim)->y < top)
                top = player_t(sim)->y;
        }
        ck_assert(launched);
        ck_assert(cue);
        /* The same rise, held or not, within the sub-pixel rounding. */
        ck_assert_int_le(abs((int)(floor_y - top) - (int)lround(want)), 2);
        sim_destroy(sim);
    }
}
END_TEST

/* A room whose right wall carries a spring pointing left, at the player's feet. */
START_TEST(a_side_spring_sends_you_away_and_holds_the_direction)
{
    const PhysicsParams pp = physics_defaults();
    Sim *sim = spring_level(17, "left");
    InputIntent last = NONE;
    int force = sim_ticks(pp.side_spring_force_time);
    int launched_at = -1;
    for (int i = 0; i < 300 && launched_at < 0; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        if (player_v(sim)->x < 0.0f)
            launched_at = i;
    }
    ck_assert_int_ge(launched_at, 0);
    ck_assert_float_eq_tol(player_v(sim)->x, -pp.side_spring_h_speed, 0.01f);
    ck_assert_float_eq_tol(player_v(sim)->y, -pp.side_spring_v_speed, 0.01f);
    /* Holding towards the wall for the forced time changes nothing: the
    ** speed only bleeds back to max_run at run_reduce. */
    for (int k = 1; k < force; k++) {
        run_ticks(sim, 1, RIGHT, &last);
        float want = -pp.side_spring_h_speed + pp.run_reduce * (float)k / SIM_TICK_RATE;
        ck_assert_float_eq_tol(player_v(sim)->x, want, 0.5f);
    }
    /* Then the stick is back: holding right turns the player round. */
    run_ticks(sim, 30, RIGHT, &last);
    ck_assert_float_gt(player_v(sim)->x, -pp.max_run);
    sim_destroy(sim);
}
END_TEST

/* A walker walking onto an up spring goes up; the spring rests before the next. */
START_TEST(springs_launch_walkers_and_rest_between_launches)
{
    LevelDesc d = fixture_level(SPRING_FLOOR, 18);
    fixture_push(&d, "walker", 10, 16);
    fixture_push(&d, "spring", 12, 16);
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    EcsWorld *w = sim_world(sim);
    InputIntent last = NONE;
    bool rose = false;
    int launches = 0;
    for (int i = 0; i < 300; i++) {
        run_ticks(sim, 1, NONE, &last);
        launches += had_cue(sim, SOUND_SPRING);
        EcsIter it = ecs_view(w, C_ENEMY, C_VELOCITY);
        while (ecs_iter_next(&it))
            rose |= ecs_field(&it, Velocity, 1)[0].y < 0.0f;
    }
    ck_assert(rose);
    ck_assert_int_ge(launches, 1);
    sim_destroy(sim);
}
END_TEST

/* ---- crumbling blocks ----------------------------------------------------------- */

/* A pit under a row of crumbling blocks, the player on them. */
static const char *const CRUMBLE_PIT[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#......P...........#", "###.............####",
    "#..................#", "#..................#", "####################",
};

static Sim *crumble_level(const char *const *rows, int nrows, int tx, int ty, int w)
{
    LevelDesc d = fixture_level(rows, nrows);
    LevelEntity *e = fixture_push(&d, "crumble", tx, ty);
    fixture_set(e, "w", (LevelValue){.i = w});
    e->w = w * TILE_SIZE; /* the loader sizes the box from "w" */
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    return sim;
}

/* The state of the level's first crumbling block. */
static Crumble the_crumble(Sim *sim)
{
    EcsIter it = ecs_view(sim_world(sim), C_CRUMBLE);
    ck_assert(ecs_iter_next(&it));
    Crumble c = ecs_field(&it, Crumble, 0)[0];
    ecs_iter_fini(&it);
    return c;
}

START_TEST(a_crumbling_block_holds_while_it_shakes_then_falls_then_returns)
{
    const PhysicsParams pp = physics_defaults();
    int shake = sim_ticks(pp.crumble_shake_time), gone = sim_ticks(pp.crumble_return_time);
    Sim *sim = crumble_level(CRUMBLE_PIT, 11, 3, 7, 13);
    InputIntent last = NONE;
    /* The player starts in the air above it: it lands, and that starts the shaking. */
    int shook_at = -1;
    for (int i = 0; i < 120 && shook_at < 0; i++) {
        run_ticks(sim, 1, NONE, &last);
        if (had_cue(sim, SOUND_CRUMBLE_SHAKE))
            shook_at = i;
    }
    ck_assert_int_ge(shook_at, 0);
    ck_assert(player_p(sim)->grounded);
    ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_SHAKING);
    int32_t stood = player_t(sim)->y;
    /* Still solid for the shaking time, less the tick that started it. */
    for (int k = 1; k < shake; k++) {
        run_ticks(sim, 1, NONE, &last);
        ck_assert_int_eq(player_t(sim)->y, stood);
        ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_SHAKING);
    }
    run_ticks(sim, 1, NONE, &last);
    ck_assert(had_cue(sim, SOUND_CRUMBLE_FALL));
    ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_GONE);
    /* The player falls through into the pit. */
    run_ticks(sim, 30, NONE, &last);
    ck_assert_int_gt(player_t(sim)->y, stood + 16);
    ck_assert(player_p(sim)->grounded);
    /* Gone for the return time (the player, below it, is out of its box). */
    bool back = false;
    int waited = 30;
    while (!back && waited < gone + 60) {
        run_ticks(sim, 1, NONE, &last);
        waited++;
        back = had_cue(sim, SOUND_CRUMBLE_RETURN);
    }
    ck_assert(back);
    ck_assert_int_eq(waited, gone);
    ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_SOLID);
    sim_destroy(sim);
}
END_TEST

/* A single crumbling block set into the floor, one tile above the floor
** beneath it: the player, fallen into its place, keeps it from coming back. */
static const char *const CRUMBLE_STEP[] = {
    "####################", "#..................#", "#..................#", "#..................#",
    "#..................#", "#........P.........#", "#########.##########", "####################",
};

START_TEST(a_crumbling_block_never_closes_on_the_player)
{
    const PhysicsParams pp = physics_defaults();
    int shake = sim_ticks(pp.crumble_shake_time), gone = sim_ticks(pp.crumble_return_time);
    Sim *sim = crumble_level(CRUMBLE_STEP, 8, 9, 6, 1);
    InputIntent last = NONE;
    run_ticks(sim, 30 + shake + 30, NONE, &last);
    ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_GONE);
    /* In the hole: the block's place. Long past the return time, still gone. */
    run_ticks(sim, gone + 30, NONE, &last);
    ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_GONE);
    /* Jump out and away: it comes back. */
    InputIntent jump_right = {.right = true, .jump_held = true};
    run_ticks(sim, 20, jump_right, &last);
    run_ticks(sim, 30, RIGHT, &last);
    ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_SOLID);
    sim_destroy(sim);
}
END_TEST

/* A wall of crumbling blocks: sliding down it starts it too. */
static const char *const CRUMBLE_WALL[] = {
    "####################", "#..................#", "#..................#", "#.......P..........#",
    "#..................#", "#..................#", "#..................#", "#..................#",
    "#..................#", "#..................#", "#..................#", "####################",
};

START_TEST(sliding_down_a_crumbling_wall_starts_it)
{
    LevelDesc d = fixture_level(CRUMBLE_WALL, 12);
    for (int ty = 1; ty <= 9; ty++)
        fixture_push(&d, "crumble", 10, ty);
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    bool shook = false, slid = false;
    for (int i = 0; i < 60 && !shook; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        slid |= player_p(sim)->sliding;
        shook = had_cue(sim, SOUND_CRUMBLE_SHAKE);
    }
    ck_assert(slid);
    ck_assert(shook);
    ck_assert(!player_p(sim)->grounded);
    sim_destroy(sim);
}
END_TEST

/* ---- signs ---------------------------------------------------------------------- */

/* Coming within SIM_SIGN_REACH_X px of a sign's box reads it (the nearer
** of two whose reach the player is in), with its place for the box; one
** cue as each is reached, none while staying; too far from both, none. */
START_TEST(coming_near_a_sign_shows_its_text_with_one_cue)
{
    LevelDesc d = fixture_level(SPRING_FLOOR, 18);
    fixture_set_text(&d, fixture_push(&d, "sign", 6, 16), "text", "Hold {right} to run");
    fixture_set_text(&d, fixture_push(&d, "sign", 11, 16), "text", "Press {jump} to jump");
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    const Collider *pc = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    InputIntent last = NONE;
    int cues = 0, far = 0;
    bool read_first = false, read_second = false;
    for (int i = 0; i < 150; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        cues += had_cue(sim, SOUND_SIGN);
        /* each sign's box is its tile; the gap from the player's box to it */
        int32_t left = player_t(sim)->x + pc->off_x, right = left + pc->w;
        int32_t gap[2], at[2] = {6 * 16, 11 * 16};
        for (int k = 0; k < 2; k++)
            gap[k] = left >= at[k] + 16 ? left - (at[k] + 16) : at[k] >= right ? at[k] - right : 0;
        const SimStatus *st = sim_status(sim);
        if (gap[0] >= SIM_SIGN_REACH_X && gap[1] >= SIM_SIGN_REACH_X) {
            ck_assert_int_eq(st->sign, -1);
            far++;
            continue;
        }
        ck_assert_int_ge(st->sign, 0);
        const char *text = sim_text(sim, st->sign);
        read_first |= strcmp(text, "Hold {right} to run") == 0;
        read_second |= strcmp(text, "Press {jump} to jump") == 0;
        /* the nearer one, by the middles (the player's 2 * middle against the signs') */
        int32_t mid2 = 2 * left + pc->w;
        int nearer = mid2 - (2 * at[0] + 16) <= (2 * at[1] + 16) - mid2 ? 0 : 1;
        ck_assert_str_eq(text, nearer == 0 ? "Hold {right} to run" : "Press {jump} to jump");
        ck_assert_int_eq(st->sign_x, at[nearer] + 8);
        ck_assert_int_eq(st->sign_y, 16 * 16);
    }
    ck_assert(read_first && read_second);
    ck_assert_int_eq(cues, 2); /* one as each is reached, none while staying */
    /* Past them, against the wall: nothing to read. */
    ck_assert_int_gt(far, 10);
    ck_assert_int_eq(sim_status(sim)->sign, -1);
    sim_destroy(sim);
}
END_TEST

/* ---- gems ----------------------------------------------------------------------- */

START_TEST(gems_are_counted_apart_from_coins_and_banked_at_the_goal)
{
    LevelDesc d = fixture_level(SPRING_FLOOR, 18);
    fixture_push(&d, "gem", 7, 16);
    fixture_push(&d, "gem", 9, 16);
    fixture_push(&d, "coin", 11, 16);
    fixture_push(&d, "goal", 15, 16);
    int coins, gems;
    leveldesc_counts(&d, &coins, &gems); /* what the level select reads */
    ck_assert_int_eq(coins, 1);
    ck_assert_int_eq(gems, 2);
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    ck_assert_int_eq(sim_status(sim)->gems_total, 2);
    ck_assert_int_eq(sim_status(sim)->collectibles, 1);
    /* and the Sim holds as many of each, spawned */
    int held[2] = {0, 0};
    EcsIter it = ecs_view(sim_world(sim), C_COLLECTIBLE);
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++)
            held[ecs_field(&it, Collectible, 0)[i].gem]++;
    ck_assert_int_eq(held[0], 1);
    ck_assert_int_eq(held[1], 2);
    InputIntent last = NONE;
    bool gem_sound = false;
    for (int i = 0; i < 300 && sim_status(sim)->outcome == OUTCOME_RUNNING; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        int n;
        const SimEvent *ev = sim_events(sim, &n);
        for (int k = 0; k < n; k++)
            gem_sound |= ev[k].type == EV_COLLECTED && ev[k].sound == SOUND_GEM;
        if (sim_status(sim)->gems_carried == 2)
            ck_assert_int_eq(sim_status(sim)->gems, 0); /* carried, not yet banked */
    }
    ck_assert(gem_sound);
    ck_assert_int_eq(sim_status(sim)->outcome, OUTCOME_COMPLETED);
    ck_assert_int_eq(sim_status(sim)->gems, 2);
    ck_assert_int_eq(sim_status(sim)->collected, 1);
    ck_assert_int_eq(sim_status(sim)->gems_carried, 0);
    sim_destroy(sim);
}
END_TEST

/* ---- the level put back on death ----------------------------------------------- */

static int count_of(Sim *sim, EcsComponent type)
{
    int n = 0;
    EcsIter it = ecs_view(sim_world(sim), type);
    while (ecs_iter_next(&it))
        n += it.count;
    return n;
}

static int walkers_walking(Sim *sim)
{
    int n = 0;
    EcsIter it = ecs_view(sim_world(sim), C_ENEMY);
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++)
            n += ecs_field(&it, Enemy, 0)[i].state == ENEMY_WALKING;
    return n;
}

/* Whether the toggle blocks of group g are solid. */
static bool group_solid(Sim *sim, int g)
{
    bool solid = false;
    EcsIter it = ecs_view(sim_world(sim), C_TOGGLE_BLOCK, C_COLLIDER);
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++)
            if (ecs_field(&it, ToggleBlock, 0)[i].group == g)
                solid |= ecs_field(&it, Collider, 1)[i].enabled;
    return solid;
}

/* Runs with nothing held until the dead player is back. */
static void come_back(Sim *sim, InputIntent *last)
{
    ck_assert_int_eq(player_p(sim)->state, PLAYER_DEAD);
    for (int i = 0; i < 600 && player_p(sim)->state != PLAYER_NORMAL; i++)
        run_ticks(sim, 1, NONE, last);
    ck_assert_int_eq(player_p(sim)->state, PLAYER_NORMAL);
}

/* Runs with `in` until the player dies, then until it is back. */
static void die_and_come_back(Sim *sim, InputIntent in, InputIntent *last)
{
    uint32_t deaths = sim_status(sim)->deaths;
    for (int i = 0; i < 900 && sim_status(sim)->deaths == deaths; i++)
        run_ticks(sim, 1, in, last);
    ck_assert_uint_eq(sim_status(sim)->deaths, deaths + 1);
    come_back(sim, last);
}

static const char *const COIN_RUN[] = {
    "####################", "#..................#", "#..................#",
    "#.P.o.C.o.o.....^^.#", "####################",
};

START_TEST(coins_carried_since_the_checkpoint_come_back_banked_ones_do_not)
{
    Sim *sim = fixture_sim_rows(COIN_RUN, 5);
    InputIntent last = NONE;
    ck_assert_int_eq(count_of(sim, C_COLLECTIBLE), 3);
    die_and_come_back(sim, RIGHT, &last);
    ck_assert_int_eq(sim_status(sim)->collected, 1);
    ck_assert_int_eq(sim_status(sim)->carried, 0);
    ck_assert_int_eq(count_of(sim, C_COLLECTIBLE), 2);
    /* back at the checkpoint, and the two coins are there to take again */
    ck_assert_int_eq(player_t(sim)->x / TILE_SIZE, 6);
    run_ticks(sim, 60, RIGHT, &last);
    ck_assert_int_eq(sim_status(sim)->carried, 2);
    ck_assert_int_eq(count_of(sim, C_COLLECTIBLE), 0);
    sim_destroy(sim);
}
END_TEST

/* Pip drops onto a walker, then stops on a crumbling bridge over spikes. */
static const char *const STOMP_AND_FALL[] = {
    "####################", "#..................#", "#...P..............#", "#..................#",
    "#..................#", "#..................#", "#...W..............#", "#######......#######",
    "#######^^^^^^#######", "####################",
};

START_TEST(a_fallen_bridge_and_a_stomped_walker_are_back_after_a_death)
{
    LevelDesc d = fixture_level(STOMP_AND_FALL, 10);
    LevelEntity *e = fixture_push(&d, "crumble", 7, 7);
    fixture_set(e, "w", (LevelValue){.i = 6});
    e->w = 6 * TILE_SIZE;
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    bool stomped = false;
    for (int i = 0; i < 60; i++) {
        run_ticks(sim, 1, NONE, &last);
        stomped |= had_event(sim, EV_STOMPED);
    }
    ck_assert(stomped);
    ck_assert_int_eq(walkers_walking(sim), 0);
    /* Onto the middle of the bridge, then wait there for it to fall. */
    for (int i = 0; i < 300 && player_t(sim)->x < 9 * TILE_SIZE; i++)
        run_ticks(sim, 1, RIGHT, &last);
    die_and_come_back(sim, NONE, &last);
    ck_assert_int_eq(walkers_walking(sim), 1);
    ck_assert_int_eq(the_crumble(sim).state, CRUMBLE_SOLID);
    sim_destroy(sim);
}
END_TEST

/* Two "once" switches, one before the checkpoint and one after, each with
** its block up in the air; spikes at the end. */
static const char *const TWO_SWITCHES[] = {
    "####################", "#....b.b...........#", "#..................#",
    "#..................#", "#.P.s..C..s.....^^.#", "####################",
};

START_TEST(the_level_comes_back_as_it_was_at_the_checkpoint)
{
    LevelDesc d = fixture_level(TWO_SWITCHES, 6);
    int switches = 0, blocks = 0; /* left to right: groups 0 and 1 */
    for (int i = 0; i < d.entity_count; i++) {
        LevelEntity *e = &d.entities[i];
        if (e->kind == kind_find("switch")) {
            fixture_set(e, "mode", (LevelValue){.i = 1}); /* once */
            fixture_set(e, "group", (LevelValue){.i = switches++});
        }
        if (e->kind == kind_find("block"))
            fixture_set(e, "group", (LevelValue){.i = blocks++});
    }
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    InputIntent last = NONE;
    ck_assert(!group_solid(sim, 0) && !group_solid(sim, 1));
    uint32_t deaths = sim_status(sim)->deaths;
    bool both = false;
    for (int i = 0; i < 900 && sim_status(sim)->deaths == deaths; i++) {
        run_ticks(sim, 1, RIGHT, &last);
        both |= group_solid(sim, 0) && group_solid(sim, 1);
    }
    ck_assert(both);
    come_back(sim, &last);
    /* Used before the checkpoint: still on. After it: as if never touched. */
    ck_assert(group_solid(sim, 0));
    ck_assert(!group_solid(sim, 1));
    run_ticks(sim, 40, RIGHT, &last);
    ck_assert(group_solid(sim, 1)); /* and it works again */
    sim_destroy(sim);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gadgets");
    TCase *tc = tcase_create("gadgets");
    tcase_add_test(tc, an_up_spring_launches_as_high_whatever_is_held);
    tcase_add_test(tc, a_side_spring_sends_you_away_and_holds_the_direction);
    tcase_add_test(tc, springs_launch_walkers_and_rest_between_launches);
    tcase_add_test(tc, a_crumbling_block_holds_while_it_shakes_then_falls_then_returns);
    tcase_add_test(tc, a_crumbling_block_never_closes_on_the_player);
    tcase_add_test(tc, sliding_down_a_crumbling_wall_starts_it);
    tcase_add_test(tc, coming_near_a_sign_shows_its_text_with_one_cue);
    tcase_add_test(tc, gems_are_counted_apart_from_coins_and_banked_at_the_goal);
    tcase_add_test(tc, coins_carried_since_the_checkpoint_come_back_banked_ones_do_not);
    tcase_add_test(tc, a_fallen_bridge_and_a_stomped_walker_are_back_after_a_death);
    tcase_add_test(tc, the_level_comes_back_as_it_was_at_the_checkpoint);
    suite_add_tcase(s, tc);
    return check_run(s);
}
