/* SPDX-License-Identifier: Zlib */
/*
** bench.c -- platformer-bench: speed figures, one line each, `name value unit`.
**
** ECS figures are taken at N = 1,000,000 and N = 10,000 (--quick: 10,000
** only), plus mixes of 100,000 entities in both modes, and compared with a
** baseline measured in the same run: a plain C array of the same components
** packed together (struct {Position p; Velocity v;}), holding as many
** elements as the view matches, updated by the same loop, built with the
** same flags. Iteration figures are the best of 20 passes after a warm-up;
** create, add_remove and destroy the best of three fresh worlds; churn and
** flush figures are medians; the mixed levels' ticks (bench_sim.c) the best
** of rounds taken in turn across the three sizes. This is a program, not a
** test: the machine it runs on decides the numbers.
**
** Views are measured as systems see them: after the flush that
** ecs_world_step runs after every system. flush_shuffled is what the flush
** after adding a component to every entity in shuffled order cost,
** flush_one_destroy the flush after destroying one entity.
*/
#define _POSIX_C_SOURCE 200809L
#include "bench.h"
#include "ecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Position {
    float x, y;
} Position;
typedef struct Velocity {
    float x, y;
} Velocity;
typedef struct Extra {
    int value;
} Extra;
typedef struct Accel {
    float x, y;
} Accel;

enum { POSITION, VELOCITY, EXTRA, ACCEL, MARK };

enum { PASSES = 20 };

/* Time this thread spent on a core, not time on the wall: on a machine
** shared with other work, the moments another program holds the core do
** not count against us (what it does to the caches still does). */
double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static volatile float sink; /* keeps results alive */
static float dt_value = 1.0f / 60.0f;

static void print_figure(const char *name, const char *suffix, double value, const char *unit)
{
    printf("%s_%s %.3f %s\n", name, suffix, value, unit);
}

/* The baseline's array lives for the whole run: freeing and reallocating
** 16 MB between figures would change how the allocator serves the ECS. */
typedef struct Baseline {
    struct Body *bodies;
    size_t n;
    double best; /* best ns/entity seen so far */
} Baseline;

static void bench_baseline(Baseline *b);

/* The machine is shared: the baseline is measured again before each ratio
** and the best figure seen is used, so noise can only make a ratio worse. */
static void print_ratio(const char *name, const char *suffix, double value, Baseline *b)
{
    bench_baseline(b);
    printf("%s_%s_vs_baseline %.2f x\n", name, suffix, value / b->best);
}

/* ---- baseline ---- */

typedef struct Body {
    Position p;
    Velocity v;
} Body;

static void baseline_pass(Body *bodies, size_t n, float dt)
{
    for (size_t i = 0; i < n; i++) {
        bodies[i].p.x += bodies[i].v.x * dt;
        bodies[i].p.y += bodies[i].v.y * dt;
    }
}

static void bench_baseline(Baseline *b)
{
    Body *bodies = b->bodies;
    size_t n = b->n;
    for (size_t i = 0; i < n; i++)
        bodies[i] = (Body){{(float)i, 0}, {1, 2}};
    float dt = dt_value;
    baseline_pass(bodies, n, dt);
    baseline_pass(bodies, n, dt);
    double best = 1e300;
    for (int pass = 0; pass < PASSES; pass++) {
        double t0 = now_ns();
        baseline_pass(bodies, n, dt);
        double t = now_ns() - t0;
        best = t < best ? t : best;
    }
    sink = bodies[n / 2].p.x;
    if (best / (double)n < b->best)
        b->best = best / (double)n;
}

/* ---- ECS ---- */

static EcsWorld *make_world(void)
{
    EcsWorld *w = ecs_world_create();
    ECS_REGISTER(w, Position);
    ECS_REGISTER(w, Velocity);
    ECS_REGISTER(w, Extra);
    ECS_REGISTER(w, Accel);
    ECS_REGISTER_TAG(w, Mark);
    return w;
}

/* The system under test: the same loop as the baseline, over a view. */
static uint32_t move_pass(EcsWorld *w, float dt)
{
    uint32_t visited = 0;
    EcsIter it = ecs_view(w, POSITION, VELOCITY);
    while (ecs_iter_next(&it)) {
        Position *restrict p = ecs_field(&it, Position, 0);
        const Velocity *restrict v = ecs_field(&it, Velocity, 1);
        for (int i = 0; i < it.count; i++) {
            p[i].x += v[i].x * dt;
            p[i].y += v[i].y * dt;
        }
        visited += (uint32_t)it.count;
    }
    return visited;
}

/* Best ns per visited entity over PASSES passes, after two warm-up passes. */
static double bench_view(EcsWorld *w)
{
    float dt = dt_value;
    move_pass(w, dt);
    uint32_t visited = move_pass(w, dt);
    double best = 1e300;
    for (int pass = 0; pass < PASSES; pass++) {
        double t0 = now_ns();
        move_pass(w, dt);
        double t = now_ns() - t0;
        best = t < best ? t : best;
    }
    return visited ? best / (double)visited : 0.0;
}

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t next_rand(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

static void run_ecs(size_t n, const char *suffix)
{
    Baseline base = {malloc(n * sizeof(Body)), n, 1e300};
    Baseline half_base = {base.bodies, n / 2, 1e300}; /* view_half matches half */
    bench_baseline(&base);
    print_figure("baseline", suffix, base.best, "ns/entity");

    EcsEntity *handles = malloc(n * sizeof *handles);
    memset(handles, 0, n * sizeof *handles); /* not the ECS's page faults */

    /* create, add_remove and destroy: each the best of three fresh worlds,
    ** as iteration figures are the best of many passes (one pass of a
    ** million entities is long enough for other work on the machine to land
    ** in it); the views are measured on the last world, before its
    ** add_remove. */
    enum { ROUNDS = 3 };
    double best_create = 1e300, best_add_remove = 1e300, best_destroy = 1e300;
    double view = 0.0, t0, t;
    size_t bytes = 0;
    for (int round = 0; round < ROUNDS; round++) {
        EcsWorld *w = make_world();
        t0 = now_ns();
        for (size_t i = 0; i < n; i++) {
            EcsEntity e = ecs_create(w);
            ecs_add(w, e, POSITION, &(Position){(float)i, 0});
            ecs_add(w, e, VELOCITY, &(Velocity){1, 2});
            handles[i] = e;
        }
        t = (now_ns() - t0) / (double)n;
        best_create = t < best_create ? t : best_create;
        ecs_flush(w);
        if (round == ROUNDS - 1) {
            bytes = ecs_world_bytes(w);
            view = bench_view(w);
        }

        t0 = now_ns();
        for (size_t i = 0; i < n; i++)
            ecs_add(w, handles[i], EXTRA, &(Extra){(int)i});
        for (size_t i = 0; i < n; i++)
            ecs_remove(w, handles[i], EXTRA);
        t = (now_ns() - t0) / (double)(2 * n);
        best_add_remove = t < best_add_remove ? t : best_add_remove;

        t0 = now_ns();
        for (size_t i = 0; i < n; i++)
            ecs_destroy(w, handles[i]);
        t = (now_ns() - t0) / (double)n;
        best_destroy = t < best_destroy ? t : best_destroy;
        ecs_world_destroy(w);
    }
    print_figure("create", suffix, best_create, "ns/entity");
    print_figure("view", suffix, view, "ns/entity");
    print_ratio("view", suffix, view, &base);
    print_figure("add_remove", suffix, best_add_remove, "ns/op");
    print_figure("destroy", suffix, best_destroy, "ns/entity");

    /* every other entity has Velocity */
    EcsWorld *w = make_world();
    for (size_t i = 0; i < n; i++) {
        EcsEntity e = ecs_create(w);
        ecs_add(w, e, POSITION, &(Position){(float)i, 0});
        if (i % 2 == 0)
            ecs_add(w, e, VELOCITY, &(Velocity){1, 2});
    }
    ecs_flush(w);
    double half = bench_view(w);
    print_figure("view_half", suffix, half, "ns/match");
    print_ratio("view_half", suffix, half, &half_base);
    ecs_world_destroy(w);

    /* Velocity added in shuffled order */
    w = make_world();
    for (size_t i = 0; i < n; i++) {
        handles[i] = ecs_create(w);
        ecs_add(w, handles[i], POSITION, &(Position){(float)i, 0});
    }
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = next_rand() % (i + 1);
        EcsEntity tmp = handles[i];
        handles[i] = handles[j];
        handles[j] = tmp;
    }
    for (size_t i = 0; i < n; i++)
        ecs_add(w, handles[i], VELOCITY, &(Velocity){1, 2});
    /* Systems see pools after the flush that follows a system's changes;
    ** the flush puts the shuffled pool back in slot order. */
    t0 = now_ns();
    ecs_flush(w);
    print_figure("flush_shuffled", suffix, (now_ns() - t0) / 1e6, "ms");
    double shuffled = bench_view(w);
    print_figure("view_shuffled", suffix, shuffled, "ns/entity");
    print_ratio("view_shuffled", suffix, shuffled, &base);

    /* The hot path: the same shuffled world, once Position+Velocity are an
    ** owning group (creating the group packs them). */
    ecs_group_of(w, POSITION, VELOCITY);
    double hot = bench_view(w);
    print_figure("view_hot", suffix, hot, "ns/entity");
    print_ratio("view_hot", suffix, hot, &base);
    ecs_world_destroy(w);

    print_figure("bytes_per_entity", suffix, (double)bytes / (double)n, "bytes");
    print_figure("baseline_best", suffix, base.best, "ns/entity");
    free(base.bodies);
    free(handles);
}

/* ---- mixes of 100,000 entities ---- */

/* The three-term system: position from velocity, velocity from acceleration. */
typedef struct Body3 {
    Position p;
    Velocity v;
    Accel a;
} Body3;

static void baseline3_pass(Body3 *b, size_t n, float dt)
{
    for (size_t i = 0; i < n; i++) {
        b[i].p.x += b[i].v.x * dt;
        b[i].p.y += b[i].v.y * dt;
        b[i].v.x += b[i].a.x * dt;
        b[i].v.y += b[i].a.y * dt;
    }
}

static uint32_t move3_pass(EcsWorld *w, float dt)
{
    uint32_t visited = 0;
    EcsIter it = ecs_view(w, POSITION, VELOCITY, ACCEL);
    while (ecs_iter_next(&it)) {
        Position *restrict p = ecs_field(&it, Position, 0);
        Velocity *restrict v = ecs_field(&it, Velocity, 1);
        const Accel *restrict a = ecs_field(&it, Accel, 2);
        for (int i = 0; i < it.count; i++) {
            p[i].x += v[i].x * dt;
            p[i].y += v[i].y * dt;
            v[i].x += a[i].x * dt;
            v[i].y += a[i].y * dt;
        }
        visited += (uint32_t)it.count;
    }
    return visited;
}

/* Best ns per element of the three-term loop, over a view or (w NULL) the
** packed baseline of n elements. */
static double bench_three(EcsWorld *w, Body3 *b, size_t n)
{
    float dt = dt_value;
    for (int warm = 0; warm < 2; warm++)
        w ? (void)move3_pass(w, dt) : baseline3_pass(b, n, dt);
    double best = 1e300;
    for (int pass = 0; pass < PASSES; pass++) {
        double t0 = now_ns();
        w ? (void)move3_pass(w, dt) : baseline3_pass(b, n, dt);
        double t = now_ns() - t0;
        best = t < best ? t : best;
    }
    return best / (double)n;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_double);
    return v[n / 2];
}

/* An entity with each of Position, Velocity, Accel and the tag at random,
** each with probability 1/2: sixteen sets, interleaved by slot. */
static EcsEntity make_random(EcsWorld *w, uint32_t i)
{
    EcsEntity e = ecs_create(w);
    uint32_t bits = next_rand();
    if (bits & 1u)
        ecs_add(w, e, POSITION, &(Position){(float)i, 0});
    if (bits & 2u)
        ecs_add(w, e, VELOCITY, &(Velocity){1, 2});
    if (bits & 4u)
        ecs_add(w, e, ACCEL, &(Accel){0, 1});
    if (bits & 8u)
        ecs_add(w, e, MARK, NULL);
    return e;
}

static void run_mixes(void)
{
    enum { N = 100000, TICKS = 100, WARM = 20, CHURN = N / 100, TRIALS = 100 };
    Body *bodies = malloc(N * sizeof *bodies);
    Body3 *bodies3 = malloc(N * sizeof *bodies3);
    EcsEntity *handles = malloc(N * sizeof *handles);
    uint32_t *last_picked = calloc(N, sizeof *last_picked); /* churn: a tick stamp per entity */
    if (bodies == NULL || bodies3 == NULL || handles == NULL || last_picked == NULL)
        goto done;
    for (size_t i = 0; i < N; i++)
        bodies3[i] = (Body3){{(float)i, 0}, {1, 2}, {0, 1}};

    /* Every entity has Position, one in ten Velocity, one in a hundred the
    ** tag, at random: a view of Position+Velocity. */
    EcsWorld *w = make_world();
    for (uint32_t i = 0; i < N; i++) {
        EcsEntity e = ecs_create(w);
        ecs_add(w, e, POSITION, &(Position){(float)i, 0});
        if (next_rand() % 10 == 0)
            ecs_add(w, e, VELOCITY, &(Velocity){1, 2});
        if (next_rand() % 100 == 0)
            ecs_add(w, e, MARK, NULL);
    }
    ecs_flush(w);
    uint32_t matched = ecs_view_count(w, ECS_TERMS_(POSITION, VELOCITY), 2);
    Baseline base = {bodies, matched, 1e300};
    double sparse = bench_view(w);
    print_figure("mix_sparse", "100k", sparse, "ns/match");
    print_ratio("mix_sparse", "100k", sparse, &base);
    ecs_world_destroy(w);

    /* Position on all, Velocity on every 2nd, Accel on every 3rd. */
    w = make_world();
    for (uint32_t i = 0; i < N; i++) {
        EcsEntity e = ecs_create(w);
        ecs_add(w, e, POSITION, &(Position){(float)i, 0});
        if (i % 2 == 0)
            ecs_add(w, e, VELOCITY, &(Velocity){1, 2});
        if (i % 3 == 0)
            ecs_add(w, e, ACCEL, &(Accel){0, 1});
    }
    ecs_flush(w);
    matched = ecs_view_count(w, ECS_TERMS_(POSITION, VELOCITY, ACCEL), 3);
    double three = bench_three(w, NULL, matched);
    double three_base = 1e300;
    for (int round = 0; round < 3; round++) { /* the best seen, as print_ratio */
        double b = bench_three(NULL, bodies3, matched);
        three_base = b < three_base ? b : three_base;
    }
    print_figure("mix_three", "100k", three, "ns/match");
    printf("mix_three_100k_vs_baseline %.2f x\n", three / three_base);
    ecs_world_destroy(w);

    /* Churn: each tick destroys 1% of the entities at random and makes as
    ** many with random sets, flushes, then runs the Position+Velocity loop. */
    w = make_world();
    for (uint32_t i = 0; i < N; i++)
        handles[i] = make_random(w, i);
    ecs_flush(w);
    double ticks[TICKS];
    for (int tick = -WARM; tick < TICKS; tick++) {
        uint32_t picked[CHURN]; /* distinct entities */
        for (int k = 0; k < CHURN; k++) {
            uint32_t i;
            do
                i = next_rand() % N;
            while (last_picked[i] == (uint32_t)(tick + WARM + 1));
            last_picked[i] = (uint32_t)(tick + WARM + 1);
            picked[k] = i;
        }
        double t0 = now_ns();
        for (int k = 0; k < CHURN; k++)
            ecs_destroy(w, handles[picked[k]]);
        for (int k = 0; k < CHURN; k++)
            handles[picked[k]] = make_random(w, picked[k]);
        ecs_flush(w);
        move_pass(w, dt_value);
        if (tick >= 0)
            ticks[tick] = now_ns() - t0;
    }
    double churn = median(ticks, TICKS);
    Baseline all = {bodies, N, 1e300};
    bench_baseline(&all);
    printf("churn_100k %.1f us/tick\n", churn / 1e3);
    printf("churn_100k_vs_baseline %.2f x\n", churn / (all.best * N));
    ecs_world_destroy(w);

    /* One destroy in a pool of 100,000, then the flush. */
    w = make_world();
    for (uint32_t i = 0; i < N; i++) {
        handles[i] = ecs_create(w);
        ecs_add(w, handles[i], POSITION, &(Position){(float)i, 0});
        ecs_add(w, handles[i], VELOCITY, &(Velocity){1, 2});
    }
    ecs_flush(w);
    double flushes[TRIALS];
    for (int trial = 0; trial < TRIALS; trial++) {
        ecs_destroy(w, handles[next_rand() % N]);
        double t0 = now_ns();
        ecs_flush(w);
        flushes[trial] = now_ns() - t0;
    }
    printf("flush_one_destroy_100k %.2f us\n", median(flushes, TRIALS) / 1e3);
    ecs_world_destroy(w);
done:
    free(last_picked);
    free(handles);
    free(bodies3);
    free(bodies);
}

int main(int argc, char **argv)
{
    bool quick = false;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc &&
                   (strcmp(argv[i + 1], "ecs") == 0 || strcmp(argv[i + 1], "sim") == 0 ||
                    strcmp(argv[i + 1], "render") == 0 || strcmp(argv[i + 1], "edit") == 0)) {
            only = argv[++i];
        } else {
            fprintf(stderr, "usage: %s [--quick] [--only ecs|sim|render|edit]\n", argv[0]);
            return 2;
        }
    }
    if (only == NULL || strcmp(only, "ecs") == 0) {
        if (!quick)
            run_ecs(1000000, "1m");
        run_ecs(10000, "10k");
        run_mixes();
    }
    if (only == NULL || strcmp(only, "sim") == 0)
        bench_sim();
    if (only == NULL || strcmp(only, "render") == 0)
        bench_render();
    if (only == NULL || strcmp(only, "edit") == 0)
        bench_edit();
    return 0;
}
