/*
** test_gadgets.c -- the kinds that act on the player: springs, crumbling
** blocks, signs, gems, and the level put back when the player dies.
**
** Expected numbers come from the parameters through small models of the
** player's tick (player.c's step order), never from a recorded run.
*/
#include "game_fixture.h"

#include <math.h>

static const InputIntent NONE = {0};
static const InputIntent RIGHT = {.right = true};

static bool had_cue(const Sim *sim, const char *sound)
{
    int n;
    const SimEvent *ev = sim_events(sim, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EV_CUE && ev[i].sound != NULL && strcmp(ev[i].sound, sound) == 0)
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
    "####################",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..................#",
    "#..P...............#",
    "####################",
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
            cue |= had_cue(sim, "spring");
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
        launches += had_cue(sim, "spring");
        EcsIter it = ecs_view(w, C_ENEMY, C_VELOCITY);
        while (ecs_iter_next(&it))
            rose |= ecs_field(&it, Velocity, 1)[0].y < 0.0f;
    }
    ck_assert(rose);
    ck_assert_int_ge(launches, 1);
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
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
