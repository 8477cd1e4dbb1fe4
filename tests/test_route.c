/* SPDX-License-Identifier: Zlib */
/* test_route.c -- the route finder on a small level: what it finds plays
** back to where it says, with no death.
**
** tests/levels/good/gap.json: a floor of planks from the start (column 1)
** to column 9, a pit of three tiles, planks again from column 13 and the
** goal at column 20.
*/
#include "app.h"
#include "route.h"
#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define GAP_LEVEL SOURCE_DIR "/tests/levels/good/gap.json"

static LevelDesc load_gap(void)
{
    LevelDesc level;
    LevelErrors errors = {0};
    ck_assert_msg(app_load_level(SOURCE_DIR, GAP_LEVEL, NULL, &level, &errors), "gap.json loads");
    return level;
}

/* What playing a then b from the start gives. */
typedef struct Played {
    SimStatus status;
    int32_t box[4];
    bool grounded;
    unsigned long first_inside; /* the first tick (from 1) the box touched want; 0: never */
} Played;

static void box_of_player(Sim *sim, int32_t box[4], bool *grounded)
{
    EcsWorld *w = sim_world(sim);
    const Transform *t = ecs_get(w, sim_player(sim), C_TRANSFORM);
    const Collider *c = ecs_get(w, sim_player(sim), C_COLLIDER);
    const Player *p = ecs_get(w, sim_player(sim), C_PLAYER);
    box[0] = t->x + c->off_x;
    box[1] = t->y + c->off_y;
    box[2] = c->w;
    box[3] = c->h;
    *grounded = p->grounded;
}

static bool touches(const int32_t a[4], const RouteTarget *t)
{
    return a[0] < t->x + t->w && t->x < a[0] + a[2] && a[1] < t->y + t->h && t->y < a[1] + a[3];
}

static Played play(const LevelDesc *level, const Replay *a, const Replay *b,
                   const RouteTarget *want)
{
    Replay all;
    replay_init(&all);
    for (int k = 0; k < 2; k++) {
        const Replay *r = k == 0 ? a : b;
        for (size_t i = 0; r != NULL && i < r->count; i++) {
            InputIntent in = replay_intent(r, i);
            ck_assert(replay_push(&all, &in));
        }
    }
    Sim *sim = sim_create(level, NULL);
    ck_assert_ptr_nonnull(sim);
    Played p = {0};
    for (size_t i = 0; i < all.count && sim_status(sim)->outcome != OUTCOME_COMPLETED; i++) {
        InputIntent in = replay_intent(&all, i);
        sim_tick(sim, &in);
        box_of_player(sim, p.box, &p.grounded);
        if (p.first_inside == 0 && want != NULL && touches(p.box, want) &&
            (!want->standing || p.grounded))
            p.first_inside = i + 1;
    }
    p.status = *sim_status(sim);
    sim_destroy(sim);
    replay_fini(&all);
    return p;
}

START_TEST(a_route_to_the_goal_completes_the_level)
{
    LevelDesc level = load_gap();
    RouteTarget goal = {.goal = true};
    RouteOptions opt = route_defaults();
    RouteResult r;
    char err[256];
    ck_assert_msg(route_find(&level, NULL, &goal, &opt, &r, err, sizeof err), "%s", err);
    ck_assert(r.found);
    ck_assert_uint_eq(r.ticks, r.route.count);
    ck_assert(r.distance == 0.0f);
    ck_assert_uint_gt(r.sims, 0);
    /* The pit is in the way: the route jumps. */
    bool jumps = false;
    for (size_t i = 0; i < r.route.count; i++)
        jumps = jumps || (r.route.keys[i] & REPLAY_KEY_J);
    ck_assert(jumps);
    /* Played from the start it completes, on its last tick, with no death. */
    Played p = play(&level, NULL, &r.route, NULL);
    ck_assert_int_eq(p.status.outcome, OUTCOME_COMPLETED);
    ck_assert_uint_eq(p.status.deaths, 0);
    ck_assert_uint_eq(p.status.ticks, r.route.count);
    replay_fini(&r.route);
    leveldesc_fini(&level);
}
END_TEST

START_TEST(a_route_to_a_box_ends_the_tick_it_stands_there)
{
    LevelDesc level = load_gap();
    /* Tile (16, 5): across the pit, standing on the planks. */
    RouteTarget box = {false, 16 * TILE_SIZE, 5 * TILE_SIZE, TILE_SIZE, TILE_SIZE, true};
    RouteOptions opt = route_defaults();
    RouteResult r;
    char err[256];
    ck_assert_msg(route_find(&level, NULL, &box, &opt, &r, err, sizeof err), "%s", err);
    ck_assert(r.found);
    ck_assert(r.grounded);
    Played p = play(&level, NULL, &r.route, &box);
    ck_assert_uint_eq(p.status.deaths, 0);
    ck_assert_int_ne(p.status.outcome, OUTCOME_COMPLETED);
    ck_assert(touches(p.box, &box) && p.grounded);
    ck_assert_uint_eq(p.first_inside, r.route.count);
    ck_assert_int_eq(p.box[0], r.x);
    ck_assert_int_eq(p.box[1], r.y);
    replay_fini(&r.route);
    leveldesc_fini(&level);
}
END_TEST

/* The prefix walks left for half a second: the route picks up from there
** and the two together complete the level. */
START_TEST(a_route_from_a_prefix_carries_on_from_where_it_leaves)
{
    LevelDesc level = load_gap();
    Replay prefix;
    replay_init(&prefix);
    InputIntent left = {.left = true};
    for (int i = 0; i < 30; i++)
        ck_assert(replay_push(&prefix, &left));
    RouteTarget goal = {.goal = true};
    RouteOptions opt = route_defaults();
    RouteResult r;
    char err[256];
    ck_assert_msg(route_find(&level, &prefix, &goal, &opt, &r, err, sizeof err), "%s", err);
    ck_assert(r.found);
    Played p = play(&level, &prefix, &r.route, NULL);
    ck_assert_int_eq(p.status.outcome, OUTCOME_COMPLETED);
    ck_assert_uint_eq(p.status.deaths, 0);
    ck_assert_uint_eq(p.status.ticks, prefix.count + r.route.count);
    replay_fini(&r.route);

    /* A prefix that falls into the pit leaves nowhere to start from. */
    InputIntent right = {.right = true};
    for (int i = 0; i < 300; i++)
        ck_assert(replay_push(&prefix, &right));
    ck_assert(!route_find(&level, &prefix, &goal, &opt, &r, err, sizeof err));
    replay_fini(&prefix);
    leveldesc_fini(&level);
}
END_TEST

START_TEST(no_route_within_the_limits_is_not_found)
{
    LevelDesc level = load_gap();
    /* The goal is 19 tiles away; in 10 ticks Pip runs a few dozen px. */
    RouteTarget goal = {.goal = true};
    RouteOptions opt = route_defaults();
    opt.max_ticks = 10;
    RouteResult r;
    char err[256];
    ck_assert_msg(route_find(&level, NULL, &goal, &opt, &r, err, sizeof err), "%s", err);
    ck_assert(!r.found);
    ck_assert_uint_eq(r.route.count, 0);
    ck_assert(r.distance > 0.0f);
    /* A box wholly in solid ground (past the map's right side) is refused. */
    RouteTarget wall = {false, level.map.width * TILE_SIZE, 0, TILE_SIZE, TILE_SIZE, false};
    ck_assert(!route_find(&level, NULL, &wall, &opt, &r, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "inside solid tiles"));
    leveldesc_fini(&level);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("route");
    TCase *tc = tcase_create("route");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, a_route_to_the_goal_completes_the_level);
    tcase_add_test(tc, a_route_to_a_box_ends_the_tick_it_stands_there);
    tcase_add_test(tc, a_route_from_a_prefix_carries_on_from_where_it_leaves);
    tcase_add_test(tc, no_route_within_the_limits_is_not_found);
    suite_add_tcase(s, tc);
    return check_run(s);
}
