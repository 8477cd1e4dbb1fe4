/* SPDX-License-Identifier: Zlib */
/*
** test_reach.c -- reach.c's search of where a walker may stand, held to the
** walker itself: on random maps of floors, planks, spikes, ledges and gaps,
** some with blocks whose group is flipped at random, some with a platform
** and springs, the Sim's walker, run for a long while, never stands anywhere
** the search does not name; where nothing is in doubt it stands everywhere
** the search names; and it first comes to stand where the search says.
*/
#include "game_fixture.h"
#include "sim_internal.h" /* the switch groups, flipped by hand; actor_grounded */
#include "check_run.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { W = 30, PLAY = 14, H = PLAY + 3, TICKS = 9000 };

static uint64_t rng;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 32);
}

static int below(int n)
{
    return (int)(next() % (uint32_t)n);
}

typedef enum Extras { PLAIN, BLOCKS, MOVERS } Extras;

/* A random map: the play area, then a vault under a solid floor where the
** player and the goal wait, out of the walker's way. */
static void random_rows(char rows[H][W + 1], Extras extras)
{
    for (int r = 0; r < H; r++) {
        memset(rows[r], '.', W);
        rows[r][W] = '\0';
    }
    for (int r = 3; r < PLAY; r++)
        for (int c = 0; c < W;) {
            int len = 1 + below(7);
            if (below(4) == 0) {
                static const char kinds[] = "####=^bB";
                char k = kinds[below(extras == BLOCKS ? 8 : 6)];
                for (int i = c; i < c + len && i < W; i++)
                    rows[r][i] = k;
            }
            c += len + 1 + below(4);
        }
    memset(rows[PLAY], '#', W);
    memset(rows[PLAY + 2], '#', W);
    rows[PLAY + 1][0] = '#';
    rows[PLAY + 1][1] = 'P';
    rows[PLAY + 1][3] = 'G';
    rows[PLAY + 1][4] = '#';
    memset(rows[PLAY + 1] + 5, '#', W - 5);
}

/* The map with one walker dropped in at a random column of the top rows
** (with MOVERS, after a platform going back and forth and two springs). */
static LevelDesc random_level(Extras extras)
{
    char rows[H][W + 1];
    random_rows(rows, extras);
    const char *ptrs[H];
    for (int r = 0; r < H; r++)
        ptrs[r] = rows[r];
    LevelDesc d = fixture_level(ptrs, H);
    if (extras == MOVERS) {
        int tx = below(W - 8), ty = 3 + below(PLAY - 4), len = 2 + below(5);
        bool across = below(2) == 0;
        LevelPoint to = {(tx + (across ? len : 0)) * TILE_SIZE,
                         (ty - (across ? 0 : len)) * TILE_SIZE};
        LevelEntity *p =
            fixture_platform(&d, tx, ty, 1 + below(3), (float)(30 + below(90)), &to, 1);
        fixture_set(p, "wait", (LevelValue){.f = 0.25f * (float)(1 + below(3))});
        for (int s = 0; s < 3; s++)
            fixture_push(&d, "spring", below(W), 3 + below(PLAY - 3));
    }
    LevelEntity *w = fixture_push(&d, "walker", below(W), below(3));
    fixture_set(w, "dir", (LevelValue){.i = below(2)});
    fixture_set(w, "turn_at_edges", (LevelValue){.i = below(2)});
    return d;
}

/* What the search says of the level's walker (its last entity). */
typedef struct Found {
    SimReach reach;
    SimBox *stands;
} Found;

static void keep(void *ctx, const LevelEntity *walker, const SimReach *reach)
{
    (void)walker;
    Found *f = ctx;
    f->reach = *reach;
    f->stands = malloc(((size_t)reach->count + 1) * sizeof *f->stands);
    ck_assert_ptr_nonnull(f->stands);
    memcpy(f->stands, reach->stands, (size_t)reach->count * sizeof *f->stands);
    f->reach.stands = f->stands;
}

static Found searched(LevelDesc *d)
{
    Found f = {0};
    Sim *sim = fixture_sim(d);
    ck_assert(sim_walkers_reach(sim, d, keep, &f));
    sim_destroy(sim);
    ck_assert_ptr_nonnull(f.stands);
    return f;
}

static void print_level(const LevelDesc *d)
{
    for (int r = 0; r < d->map.height; r++) {
        for (int c = 0; c < d->map.width; c++)
            putc(".#=^S"[tilemap_get(&d->map, c, r)], stderr);
        putc('\n', stderr);
    }
    for (int i = 0; i < d->entity_count; i++)
        fprintf(stderr, "%s at (%d, %d) px\n", kind_get(d->entities[i].kind)->name,
                d->entities[i].x, d->entities[i].y);
}

/* Whether a walker run was seen thrown up or standing off the tile rows
** (on a platform). */
static bool moved_by_others;

/* The walker's collider, and whether it stands as its next step will find
** it: not rising, on something (walker.c). */
static bool walker_at(Sim *sim, SimBox *box, bool *standing)
{
    EcsIter it = ecs_view(sim_world(sim), C_ENEMY, C_TRANSFORM, C_COLLIDER, C_VELOCITY);
    while (ecs_iter_next(&it)) {
        const Enemy *e = ecs_field(&it, Enemy, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        const Velocity *v = ecs_field(&it, Velocity, 3);
        if (it.count > 0 && e[0].state == ENEMY_WALKING) {
            Box b = box_of(&t[0], &c[0]);
            *box = (SimBox){b.x, b.y, b.w, b.h};
            *standing = v[0].y >= 0.0f && actor_grounded(sim, ecs_iter_entity(&it, 0), b, false);
            moved_by_others |= v[0].y < 0.0f || (*standing && (b.y + b.h) % TILE_SIZE != 0);
            ecs_iter_fini(&it);
            return true;
        }
    }
    return false;
}

/* The index of the stand at b in the search's list, or -1. */
static int stand_of(const Found *f, SimBox b)
{
    int lo = 0, hi = f->reach.count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        SimBox m = f->stands[mid];
        if (m.y < b.y || (m.y == b.y && m.x < b.x))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < f->reach.count && f->stands[lo].x == b.x && f->stands[lo].y == b.y ? lo : -1;
}

/* Runs the walker of d for TICKS ticks, flipping the switch group every
** so often when flip is set; fails on a place it stands that the search
** does not name. Marks in seen[] the stands it stood at. */
static void run_walker(LevelDesc *d, const Found *f, bool flip, bool *seen, int seed)
{
    Sim *sim = fixture_sim(d);
    InputIntent idle = {0};
    SimBox b;
    bool standing;
    for (int t = 0; t <= TICKS && walker_at(sim, &b, &standing); t++) {
        if (standing) {
            int at = stand_of(f, b);
            if (at < 0) { /* (an assertion each tick would cost Check a message each) */
                print_level(d);
                ck_abort_msg("map %d: at tick %d the walker stands at (%d, %d), which the "
                             "search does not name (%d places)",
                             seed, t, b.x, b.y, f->reach.count);
            }
            seen[at] = true;
        }
        if (flip && below(90) == 0)
            sim->group_on[0] = !sim->group_on[0];
        sim_tick(sim, &idle);
    }
    sim_destroy(sim);
}

/* Where nothing is in doubt the search is the walker's own way: it stands
** at every place named, and at no other. */
START_TEST(the_search_is_every_place_a_walker_stands)
{
    rng = 0x9e3779b97f4a7c15ull;
    for (int seed = 0; seed < 150; seed++) {
        LevelDesc d = random_level(PLAIN);
        Found f = searched(&d);
        ck_assert(!f.reach.cut);
        bool *seen = calloc((size_t)f.reach.count + 1, sizeof *seen);
        ck_assert_ptr_nonnull(seen);
        run_walker(&d, &f, false, seen, seed);
        for (int i = 0; i < f.reach.count; i++)
            ck_assert_msg(seen[i],
                          "map %d: the search names (%d, %d), where the walker never "
                          "stands",
                          seed, f.stands[i].x, f.stands[i].y);
        free(seen);
        free(f.stands);
        leveldesc_fini(&d);
    }
}
END_TEST

/* With blocks that come and go (the group flipped at random), still every
** place the walker stands is named. */
START_TEST(the_search_holds_a_walker_among_blocks_that_come_and_go)
{
    rng = 0x2545f4914f6cdd1dull;
    for (int seed = 0; seed < 150; seed++) {
        LevelDesc d = random_level(BLOCKS);
        Found f = searched(&d);
        bool *seen = calloc((size_t)f.reach.count + 1, sizeof *seen);
        ck_assert_ptr_nonnull(seen);
        for (int trial = 0; trial < 3; trial++)
            run_walker(&d, &f, true, seen, seed);
        free(seen);
        free(f.stands);
        leveldesc_fini(&d);
    }
}
END_TEST

/* A platform that carries and pushes it, springs that throw it: every
** place it stands is named, and many maps have it carried or thrown. A
** walker riding a lift may be anywhere on it at any point of its path, with
** each fraction of a pixel its falls onto the lift left it: in a few of
** these crowded maps that is more than the search's limit, which says so
** (cut). */
START_TEST(the_search_holds_a_walker_carried_and_thrown)
{
    rng = 0x7f4a7c159e3779b9ull;
    int moved = 0, cut = 0;
    for (int seed = 0; seed < 150; seed++) {
        LevelDesc d = random_level(MOVERS);
        Found f = searched(&d);
        if (f.reach.cut) {
            cut++;
            free(f.stands);
            leveldesc_fini(&d);
            continue;
        }
        bool *seen = calloc((size_t)f.reach.count + 1, sizeof *seen);
        ck_assert_ptr_nonnull(seen);
        moved_by_others = false;
        run_walker(&d, &f, false, seen, seed);
        moved += moved_by_others;
        free(seen);
        free(f.stands);
        leveldesc_fini(&d);
    }
    ck_assert_int_ge(moved, 25);
    ck_assert_int_le(cut, 15);
}
END_TEST

/* As the level starts, with every block as it starts: the walker comes to
** stand where the search says, to the pixel. */
START_TEST(the_first_landing_is_where_the_walker_lands)
{
    rng = 0x51d7348a2f0b6c93ull;
    for (int seed = 0; seed < 150; seed++) {
        LevelDesc d = random_level(seed % 2 ? BLOCKS : MOVERS);
        Found f = searched(&d);
        Sim *sim = fixture_sim(&d);
        InputIntent idle = {0};
        SimBox b = {0};
        bool standing = false, alive = walker_at(sim, &b, &standing);
        for (int t = 0; t < 600 && alive && !standing; t++) {
            sim_tick(sim, &idle);
            alive = walker_at(sim, &b, &standing);
        }
        standing = standing && alive;
        if (standing != f.reach.landed ||
            (standing && (b.x != f.reach.landing.x || b.y != f.reach.landing.y))) {
            print_level(&d);
            fprintf(stderr,
                    "map %d: the walker stands %d at (%d, %d); the search: %d at (%d, %d)\n", seed,
                    standing, b.x, b.y, f.reach.landed, f.reach.landing.x, f.reach.landing.y);
        }
        ck_assert_int_eq(standing, f.reach.landed);
        if (standing) {
            ck_assert_int_eq(b.x, f.reach.landing.x);
            ck_assert_int_eq(b.y, f.reach.landing.y);
        }
        sim_destroy(sim);
        free(f.stands);
        leveldesc_fini(&d);
    }
}
END_TEST

static Suite *reach_suite(void)
{
    Suite *s = suite_create("reach");
    TCase *tc = tcase_create("reach");
    tcase_set_timeout(tc,
                      900); /* under a minute each with the sanitizers, on a machine of its own */
    tcase_add_test(tc, the_search_is_every_place_a_walker_stands);
    tcase_add_test(tc, the_search_holds_a_walker_among_blocks_that_come_and_go);
    tcase_add_test(tc, the_search_holds_a_walker_carried_and_thrown);
    tcase_add_test(tc, the_first_landing_is_where_the_walker_lands);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(reach_suite());
}
