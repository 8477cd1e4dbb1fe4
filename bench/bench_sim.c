/* SPDX-License-Identifier: Zlib */
/*
** bench_sim.c -- simulation figures for platformer-bench.
*/
#define _POSIX_C_SOURCE 200809L
#include "bench.h"
#include "level.h"
#include "sim.h"

#include <stdio.h>
#include <stdlib.h>

/* Parsing and validating a generated 1000x1000-tile native level. */
static void bench_level_load(void)
{
    size_t len;
    char *text = level_generate(1000, 1000, &len);
    if (text == NULL)
        return;
    LevelErrors *errors = calloc(1, sizeof *errors);
    double best = 1e300;
    for (int round = 0; round < 5 && errors != NULL; round++) {
        LevelDesc level;
        level_errors_clear(errors);
        double t0 = now_ns();
        bool ok = level_parse("generated.json", text, len, NULL, &level, errors);
        double ms = (now_ns() - t0) / 1e6;
        if (!ok) {
            level_errors_print(errors, stderr);
            break;
        }
        leveldesc_fini(&level);
        best = ms < best ? ms : best;
    }
    if (best < 1e300)
        printf("level_load_1000x1000 %.2f ms\n", best);
    free(errors);
    free(text);
}

/* 10,000 walkers patrolling ledges of a 1000x1000-tile map, one player. */
static void bench_physics(void)
{
    enum { SIDE = 1000, WALKERS = 10000, TICKS = 120 };
    LevelDesc level = {0};
    level.physics = physics_defaults();
    if (!tilemap_init(&level.map, SIDE, SIDE))
        return;
    /* A floor every 10 rows, broken into 40-tile ledges. */
    for (int y = 10; y < SIDE; y += 10)
        for (int x = 0; x < SIDE; x++)
            if (x % 40 < 36)
                tilemap_set(&level.map, x, y, TILE_SOLID);
    level.entities = calloc(WALKERS + 1, sizeof *level.entities);
    level.entity_count = WALKERS + 1;
    int player = kind_find("player"), walker = kind_find("walker");
    int dir = kind_prop_find(kind_get(walker), "dir");
    leveldesc_entity_init(&level.entities[0], player);
    level.entities[0].x = 16;
    level.entities[0].y = 10 * 16 - level.entities[0].h;
    for (int i = 0; i < WALKERS; i++) {
        int row = 1 + i / 125, col = i % 125; /* 5 walkers on each of 25 ledges */
        int tx = (col / 5) * 40 + 2 + (col % 5) * 7;
        LevelEntity *e = &level.entities[i + 1];
        leveldesc_entity_init(e, walker);
        e->x = tx * 16;
        e->y = row * 10 * 16 - e->h;
        e->props[dir].i = i % 2; /* "left" or "right" */
    }
    Sim *sim = sim_create(&level, NULL);
    leveldesc_fini(&level);
    if (sim == NULL)
        return;
    InputIntent idle = {0};
    for (int t = 0; t < 10; t++) /* settle onto the floors */
        sim_tick(sim, &idle);
    double best = 1e300;
    for (int round = 0; round < 3; round++) {
        double t0 = now_ns();
        for (int t = 0; t < TICKS; t++)
            sim_tick(sim, &idle);
        double ns = (now_ns() - t0) / ((double)TICKS * (WALKERS + 1));
        best = ns < best ? ns : best;
    }
    printf("physics_tick_10k_actors %.1f ns/actor/tick\n", best);
    sim_destroy(sim);
}

/* A tick of a level of the "mixed" family, per entity: 43% walkers, 43%
** coins, 11% saws, 1% moving platforms, 1% checkpoints, interleaved along
** long floors (level_generate_mix). The three sizes are measured round by
** round in turn, so that their ratio (the bound is on 100k against 1k)
** compares figures taken under the same load of the machine. */
typedef struct Mixed {
    const char *name;
    Sim *sim;
    int count, ticks;
    double best;
} Mixed;

static bool mixed_make(Mixed *m, int entities, const char *name)
{
    static const LevelMix MIX[] = {
        {"walker", 43}, {"coin", 43}, {"saw", 11}, {"platform", 1}, {"checkpoint", 1},
    };
    *m = (Mixed){name, NULL, 0, entities >= 100000 ? 20 : entities >= 10000 ? 60 : 300, 1e300};
    size_t len;
    char *text = level_generate_mix(MIX, (int)(sizeof MIX / sizeof MIX[0]), entities, &len);
    LevelErrors *errors = calloc(1, sizeof *errors);
    LevelDesc level;
    if (text == NULL || errors == NULL ||
        !level_parse("mixed.json", text, len, NULL, &level, errors)) {
        if (errors != NULL)
            level_errors_print(errors, stderr);
        free(text);
        free(errors);
        return false;
    }
    free(text);
    free(errors);
    m->sim = sim_create(&level, NULL);
    m->count = level.entity_count;
    leveldesc_fini(&level);
    if (m->sim == NULL)
        return false;
    InputIntent idle = {0};
    for (int t = 0; t < 10; t++) /* settle onto the floors */
        sim_tick(m->sim, &idle);
    return true;
}

static void mixed_round(Mixed *m)
{
    InputIntent idle = {0};
    double t0 = now_ns();
    for (int t = 0; t < m->ticks; t++)
        sim_tick(m->sim, &idle);
    double ns = (now_ns() - t0) / ((double)m->ticks * m->count);
    m->best = ns < m->best ? ns : m->best;
}

void bench_sim(void)
{
    bench_physics();
    bench_level_load();
    Mixed mixed[3] = {{0}};
    bool made = mixed_make(&mixed[0], 1000, "sim_tick_mixed_1k") &&
                mixed_make(&mixed[1], 10000, "sim_tick_mixed_10k") &&
                mixed_make(&mixed[2], 100000, "sim_tick_mixed_100k");
    for (int round = 0; made && round < 3; round++)
        for (int k = 0; k < 3; k++)
            mixed_round(&mixed[k]);
    for (int k = 0; k < 3; k++) {
        if (made)
            printf("%s %.1f ns/entity/tick\n", mixed[k].name, mixed[k].best);
        sim_destroy(mixed[k].sim);
    }
}
