/*
** game_fixture.h -- test levels drawn as rows of characters, built straight
** into a LevelDesc (no file, no JSON), and small helpers to drive a Sim.
**
**   .  empty       #  solid       =  one-way     ^  spikes
**   P  player      W  walker      o  coin        C  checkpoint
**   G  goal        S  saw         s  switch (group 0)
**   b  block solid while group 0 is on      B  ... while it is off
**
** Entities taller than a tile stand on the bottom of their tile.
*/
#ifndef GAME_FIXTURE_H
#define GAME_FIXTURE_H

#include "sim.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static inline LevelEntity *fixture_push(LevelDesc *d, EntityType type, int tx, int ty)
{
    d->entities = realloc(d->entities, (size_t)(d->entity_count + 1) * sizeof *d->entities);
    ck_assert_ptr_nonnull(d->entities);
    LevelEntity *e = &d->entities[d->entity_count++];
    memset(e, 0, sizeof *e);
    int w, h;
    entity_type_size(type, &w, &h);
    e->type = type;
    e->x = tx * TILE_SIZE;
    e->y = ty * TILE_SIZE + TILE_SIZE - h;
    e->w = w;
    e->h = h;
    e->dir = 1;
    return e;
}

static inline LevelDesc fixture_level(const char *const *rows, int nrows)
{
    LevelDesc d;
    memset(&d, 0, sizeof d);
    strcpy(d.name, "fixture");
    d.physics = physics_defaults();
    int width = (int)strlen(rows[0]);
    ck_assert(tilemap_init(&d.map, width, nrows));
    for (int y = 0; y < nrows; y++) {
        ck_assert_int_eq((int)strlen(rows[y]), width);
        for (int x = 0; x < width; x++) {
            switch (rows[y][x]) {
            case '#': tilemap_set(&d.map, x, y, TILE_SOLID); break;
            case '=': tilemap_set(&d.map, x, y, TILE_ONEWAY); break;
            case '^': tilemap_set(&d.map, x, y, TILE_SPIKES); break;
            case 'P': fixture_push(&d, ENT_PLAYER, x, y); break;
            case 'W': fixture_push(&d, ENT_WALKER, x, y); break;
            case 'o': fixture_push(&d, ENT_COIN, x, y); break;
            case 'C': fixture_push(&d, ENT_CHECKPOINT, x, y); break;
            case 'G': fixture_push(&d, ENT_GOAL, x, y); break;
            case 'S': fixture_push(&d, ENT_SAW, x, y); break;
            case 's': fixture_push(&d, ENT_SWITCH, x, y); break;
            case 'b':
            case 'B': {
                LevelEntity *e = fixture_push(&d, ENT_BLOCK, x, y);
                e->solid_when_on = rows[y][x] == 'b';
                break;
            }
            default: break;
            }
        }
    }
    return d;
}

/* A platform of `tiles` tiles at tile (tx, ty), moving to the waypoints. */
static inline LevelEntity *fixture_platform(LevelDesc *d, int tx, int ty, int tiles, float speed,
                                            const LevelPoint *path, int path_len)
{
    LevelEntity *e = fixture_push(d, ENT_PLATFORM, tx, ty);
    e->y = ty * TILE_SIZE;
    e->w = tiles * TILE_SIZE;
    e->h = 8;
    e->speed = speed;
    e->path[0] = (LevelPoint){e->x, e->y};
    for (int i = 0; i < path_len; i++)
        e->path[i + 1] = path[i];
    e->path_len = path_len + 1;
    return e;
}

static inline Sim *fixture_sim(LevelDesc *d)
{
    Sim *sim = sim_create(d, NULL);
    ck_assert_ptr_nonnull(sim);
    return sim;
}

/* A Sim straight from rows, when the test needs no changes to the level. */
static inline Sim *fixture_sim_rows(const char *const *rows, int nrows)
{
    LevelDesc d = fixture_level(rows, nrows);
    Sim *sim = fixture_sim(&d);
    level_desc_fini(&d);
    return sim;
}

static inline Transform *player_t(Sim *sim)
{
    return ecs_get(sim_world(sim), sim_player(sim), C_TRANSFORM);
}

static inline Velocity *player_v(Sim *sim)
{
    return ecs_get(sim_world(sim), sim_player(sim), C_VELOCITY);
}

static inline Player *player_p(Sim *sim)
{
    return ecs_get(sim_world(sim), sim_player(sim), C_PLAYER);
}

/* Runs n ticks with the same keys; jump_pressed on the first tick of a
** jump hold, as the platform layer would report it. */
static inline void run_ticks(Sim *sim, int n, InputIntent in, InputIntent *last)
{
    for (int i = 0; i < n; i++) {
        InputIntent now = in;
        now.jump_pressed = in.jump_held && !last->jump_held;
        sim_tick(sim, &now);
        *last = now;
    }
}

static inline bool had_event(const Sim *sim, SimEventType type)
{
    int n;
    const SimEvent *ev = sim_events(sim, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == type)
            return true;
    return false;
}

#endif
