/* SPDX-License-Identifier: Zlib */
/*
** game_fixture.h -- test levels drawn as rows of characters, built straight
** into a LevelDesc (no file, no JSON), and small helpers to drive a Sim.
**
**   .  empty       #  solid       =  one-way     ^  spikes
**   P  player      W  walker      o  coin        C  checkpoint
**   G  goal        S  saw         s  switch (group 0)
**   b  block solid while group 0 is on      B  ... while it is off
**
** Entities taller than a tile stand on the bottom of their tile; walkers
** start walking right.
*/
#ifndef GAME_FIXTURE_H
#define GAME_FIXTURE_H

#include "sim.h"

#include <check.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Appends an entity of the kind named `kind` standing on tile (tx, ty),
** every property at its default; walkers start walking right. */
static inline LevelEntity *fixture_push(LevelDesc *d, const char *kind, int tx, int ty)
{
    int k = kind_find(kind);
    ck_assert_int_ge(k, 0);
    d->entities = realloc(d->entities, (size_t)(d->entity_count + 1) * sizeof *d->entities);
    ck_assert_ptr_nonnull(d->entities);
    LevelEntity *e = &d->entities[d->entity_count++];
    leveldesc_entity_init(e, k);
    e->x = tx * TILE_SIZE;
    e->y = ty * TILE_SIZE + TILE_SIZE - e->h;
    int dir = kind_prop_find(kind_get(k), "dir");
    if (dir >= 0 && strcmp(kind, "walker") == 0)
        e->props[dir].i = 1; /* "right" */
    return e;
}

/* Sets a property of e by name. */
static inline void fixture_set(LevelEntity *e, const char *prop, LevelValue v)
{
    int p = kind_prop_find(kind_get(e->kind), prop);
    ck_assert_int_ge(p, 0);
    e->props[p] = v;
}

/* Sets a path property of e (stored in d) to the waypoints. */
static inline void fixture_set_path(LevelDesc *d, LevelEntity *e, const char *prop,
                                    const LevelPoint *path, int count)
{
    ck_assert_int_le(count, KIND_MAX_WAYPOINTS);
    d->paths = realloc(d->paths, (size_t)(d->path_count + 1) * sizeof *d->paths);
    ck_assert_ptr_nonnull(d->paths);
    LevelPath *wp = &d->paths[d->path_count];
    memset(wp, 0, sizeof *wp);
    wp->count = count;
    for (int i = 0; i < count; i++)
        wp->points[i] = path[i];
    fixture_set(e, prop, (LevelValue){.i = d->path_count++});
}

/* Sets a text property of e (stored in d). */
static inline void fixture_set_text(LevelDesc *d, LevelEntity *e, const char *prop,
                                    const char *text)
{
    ck_assert_uint_lt(strlen(text), KIND_TEXT_MAX);
    d->texts = realloc(d->texts, (size_t)(d->text_count + 1) * sizeof *d->texts);
    ck_assert_ptr_nonnull(d->texts);
    snprintf(d->texts[d->text_count].s, KIND_TEXT_MAX, "%s", text);
    fixture_set(e, prop, (LevelValue){.i = d->text_count++});
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
            case 'P': fixture_push(&d, "player", x, y); break;
            case 'W': fixture_push(&d, "walker", x, y); break;
            case 'o': fixture_push(&d, "coin", x, y); break;
            case 'C': fixture_push(&d, "checkpoint", x, y); break;
            case 'G': fixture_push(&d, "goal", x, y); break;
            case 'S': fixture_push(&d, "saw", x, y); break;
            case 's': fixture_push(&d, "switch", x, y); break;
            case 'b':
            case 'B': {
                LevelEntity *e = fixture_push(&d, "block", x, y);
                fixture_set(e, "solid_when", (LevelValue){.i = rows[y][x] == 'b' ? 0 : 1});
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
    LevelEntity *e = fixture_push(d, "platform", tx, ty);
    e->y = ty * TILE_SIZE;
    e->w = tiles * TILE_SIZE;
    fixture_set(e, "speed", (LevelValue){.f = speed});
    fixture_set_path(d, e, "path", path, path_len);
    return &d->entities[d->entity_count - 1];
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
    leveldesc_fini(&d);
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

/* Events of that type in the last tick. */
static inline int count_events(const Sim *sim, SimEventType type)
{
    int n, found = 0;
    const SimEvent *ev = sim_events(sim, &n);
    for (int i = 0; i < n; i++)
        found += ev[i].type == type;
    return found;
}

/* A kind's own moments (EV_CUE) making `sound` in the last tick. */
static inline int count_cues(const Sim *sim, Sound sound)
{
    int n, found = 0;
    const SimEvent *ev = sim_events(sim, &n);
    for (int i = 0; i < n; i++)
        found += ev[i].type == EV_CUE && ev[i].sound == sound;
    return found;
}

/* A box in pixels, as the simulation sees an entity (its own Box is internal). */
typedef struct FixtureBox {
    int32_t x, y, w, h;
} FixtureBox;

static inline bool fixture_overlap(FixtureBox a, FixtureBox b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* The collision box of entity e of the Sim. */
static inline FixtureBox fixture_box(Sim *sim, EcsEntity e)
{
    const Transform *t = ecs_get(sim_world(sim), e, C_TRANSFORM);
    const Collider *c = ecs_get(sim_world(sim), e, C_COLLIDER);
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_nonnull(c);
    return (FixtureBox){t->x + c->off_x, t->y + c->off_y, c->w, c->h};
}

static inline FixtureBox player_box(Sim *sim)
{
    return fixture_box(sim, sim_player(sim));
}

/* The collision box an entity of a level will have in the Sim: its kind's
** hit box inside its own box (the whole box when the kind has none). */
static inline FixtureBox fixture_entity_box(const LevelEntity *e)
{
    const EntityKind *k = kind_get(e->kind);
    if (k->hit.w == 0)
        return (FixtureBox){e->x, e->y, e->w, e->h};
    return (FixtureBox){e->x + k->hit.x, e->y + k->hit.y, k->hit.w, k->hit.h};
}

/* Moves the player so that its collision box's top-left corner is (x, y). */
static inline void place_player_box(Sim *sim, int32_t x, int32_t y)
{
    const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    ck_assert(sim_place_player(sim, x - c->off_x, y - c->off_y));
}

/* The first entity (in slot order) having component c, or ECS_NULL. */
static inline EcsEntity fixture_first(Sim *sim, EcsComponent c)
{
    EcsEntity e = ECS_NULL;
    EcsIter it = ecs_view(sim_world(sim), c);
    if (ecs_iter_next(&it))
        e = ecs_iter_entity(&it, 0);
    ecs_iter_fini(&it);
    return e;
}

/* The first entity of the level of that kind. */
static inline LevelEntity *fixture_find(LevelDesc *d, const char *kind)
{
    for (int i = 0; i < d->entity_count; i++)
        if (d->entities[i].kind == kind_find(kind))
            return &d->entities[i];
    ck_abort_msg("no %s in the level", kind);
    return NULL;
}

#endif
