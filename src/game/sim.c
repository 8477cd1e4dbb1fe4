/*
** sim.c -- building a level's world and running its ticks.
**
** sim_create turns each entity of a LevelDesc into an ECS entity with the
** components of its type (spawn, below) and registers the systems. The
** order of registration is the order of a tick, and part of the
** determinism contract:
**
**   history       remember last tick's positions (render interpolation)
**   player        character physics (player.c)
**   walkers       enemies patrol (walker.c)
**   platforms     moving solids carry and push actors (moving_platform.c)
**   interactions  hazards, stomps, coins, checkpoints, switches, goal
**   blocks        toggle blocks follow their group, never closing on an actor
**   respawn       a dead player comes back after respawn_time
**   animation     clips picked from this tick's state (animation.c)
**
** Each system keeps no state of its own: the state is in the components and
** in the Sim (level status, switch groups).
*/
#include "sim_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sim_ticks(float seconds)
{
    return (int)lroundf(seconds * (float)SIM_TICK_RATE);
}

void sim_emit(Sim *sim, SimEventType type, int32_t x, int32_t y)
{
    if (sim->event_count < SIM_MAX_EVENTS)
        sim->events[sim->event_count++] = (SimEvent){type, x, y};
}

void system_history(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    (void)ctx;
    EcsIter it = ecs_view(world, C_TRANSFORM);
    while (ecs_iter_next(&it)) {
        Transform *t = ecs_field(&it, Transform, 0);
        for (int i = 0; i < it.count; i++) {
            t[i].prev_x = t[i].x;
            t[i].prev_y = t[i].y;
        }
    }
}

/* ---- spawning ---- */

static bool add_sprite(EcsWorld *w, EcsEntity e, ClipId clip, int16_t width, int16_t height,
                       int8_t layer, uint8_t variant)
{
    return ecs_add(w, e, C_SPRITE, &(Sprite){.clip = (uint16_t)clip, .w = width, .h = height,
                                             .layer = layer, .variant = variant}) != NULL &&
           ecs_add(w, e, C_ANIMATION, &(Animation){.clip = (uint16_t)clip}) != NULL;
}

static bool add_box(EcsWorld *w, EcsEntity e, int off_x, int off_y, int width, int height,
                    ColliderKind kind, bool enabled)
{
    return ecs_add(w, e, C_COLLIDER, &(Collider){(int16_t)off_x, (int16_t)off_y, (int16_t)width,
                                                 (int16_t)height, (uint8_t)kind, enabled}) != NULL;
}

/* Makes the entity a level describes: its kind is the set of components it
** gets. Returns false when out of memory. */
static bool spawn(Sim *sim, const LevelEntity *le)
{
    EcsWorld *w = sim->world;
    EcsEntity e = ecs_create(w);
    if (ecs_entity_is_null(e) ||
        ecs_add(w, e, C_TRANSFORM, &(Transform){le->x, le->y, le->x, le->y}) == NULL)
        return false;
    uint8_t group = (uint8_t)(le->group >= 0 && le->group < LEVEL_MAX_GROUPS ? le->group : 0);
    bool ok;

    switch (le->type) {
    case ENT_PLAYER:
        ok = ecs_add(w, e, C_VELOCITY, NULL) != NULL &&
             add_box(w, e, 2, 2, 12, 22, COLLIDER_ACTOR, true) &&
             add_sprite(w, e, CLIP_PLAYER_IDLE, 16, 24, 6, 0) &&
             ecs_add(w, e, C_PLAYER, &(Player){.facing = 1, .spawn_x = le->x, .spawn_y = le->y,
                                              .fall_cap = sim->params.max_fall,
                                              .riding = ECS_NULL}) != NULL;
        if (ecs_entity_is_null(sim->player))
            sim->player = e;
        break;
    case ENT_COIN:
        ok = add_box(w, e, 3, 3, 10, 10, COLLIDER_TRIGGER, true) &&
             add_sprite(w, e, CLIP_COIN, 16, 16, 3, 0) &&
             ecs_add(w, e, C_COLLECTIBLE, &(Collectible){1}) != NULL;
        sim->status.collectibles++;
        break;
    case ENT_CHECKPOINT:
        ok = add_box(w, e, 2, 0, 12, 32, COLLIDER_TRIGGER, true) &&
             add_sprite(w, e, CLIP_CHECKPOINT_IDLE, 16, 32, 2, 0) &&
             ecs_add(w, e, C_CHECKPOINT, &(Checkpoint){false}) != NULL;
        break;
    case ENT_GOAL:
        ok = add_box(w, e, 2, 0, 12, 32, COLLIDER_TRIGGER, true) &&
             add_sprite(w, e, CLIP_GOAL, 16, 32, 2, 0) &&
             ecs_add(w, e, C_GOAL, NULL) != NULL;
        break;
    case ENT_SWITCH:
        ok = add_box(w, e, 2, 6, 12, 10, COLLIDER_TRIGGER, true) &&
             add_sprite(w, e, CLIP_SWITCH_OFF, 16, 16, 2, group) &&
             ecs_add(w, e, C_SWITCH, &(Switch){.group = group}) != NULL;
        break;
    case ENT_BLOCK: {
        bool solid = !le->solid_when_on; /* every group starts off */
        ok = add_box(w, e, 0, 0, le->w, le->h, COLLIDER_SOLID, solid) &&
             add_sprite(w, e, solid ? CLIP_BLOCK_SOLID : CLIP_BLOCK_GHOST, (int16_t)le->w,
                        (int16_t)le->h, 1, group) &&
             ecs_add(w, e, C_TOGGLE_BLOCK, &(ToggleBlock){group, le->solid_when_on, solid}) != NULL;
        break;
    }
    case ENT_PLATFORM: {
        MovingPlatform mp = {.path_len = (uint8_t)le->path_len, .target = le->path_len > 1 ? 1 : 0,
                             .step = 1, .loop = le->loop, .speed = le->speed};
        memcpy(mp.path, le->path, sizeof mp.path);
        ok = add_box(w, e, 0, 0, le->w, le->h, COLLIDER_SOLID, true) &&
             add_sprite(w, e, CLIP_PLATFORM, (int16_t)le->w, (int16_t)le->h, 1, 0) &&
             ecs_add(w, e, C_MOVING_PLATFORM, &mp) != NULL;
        break;
    }
    case ENT_WALKER:
        ok = ecs_add(w, e, C_VELOCITY, NULL) != NULL &&
             add_box(w, e, 2, 4, 12, 12, COLLIDER_ACTOR, true) &&
             add_sprite(w, e, CLIP_WALKER_WALK, 16, 16, 4, 0) &&
             ecs_add(w, e, C_ENEMY, &(Enemy){ENEMY_WALKING, (int8_t)(le->dir < 0 ? -1 : 1), 0}) != NULL;
        break;
    case ENT_SAW:
        ok = add_box(w, e, 2, 2, 12, 12, COLLIDER_TRIGGER, true) &&
             add_sprite(w, e, CLIP_SAW, 16, 16, 3, 0) &&
             ecs_add(w, e, C_HAZARD, NULL) != NULL;
        break;
    default:
        ecs_destroy(w, e);
        return true; /* unknown types are the loader's to refuse */
    }
    return ok;
}

Sim *sim_create(const LevelDesc *level, const ClipTable *clips)
{
    Sim *sim = calloc(1, sizeof *sim);
    if (sim == NULL)
        return NULL;
    sim->player = ECS_NULL;
    sim->params = level->physics;
    sim->clips = clips != NULL ? *clips : clip_table_single_frames();
    sim->world = ecs_world_create();
    if (sim->world == NULL || !tilemap_init(&sim->map, level->map.width, level->map.height))
        goto fail;
    memcpy(sim->map.tiles, level->map.tiles, (size_t)level->map.width * (size_t)level->map.height);
    sim->kill_y = level->map.height * TILE_SIZE + 2 * TILE_SIZE;

    game_register_components(sim->world);
    for (int i = 0; i < level->entity_count; i++)
        if (!spawn(sim, &level->entities[i]))
            goto fail;
    if (ecs_entity_is_null(sim->player))
        goto fail;
    ecs_flush(sim->world);

    static const struct {
        const char *name;
        EcsSystemFn fn;
    } systems[] = {
        {"history", system_history},
        {"player", system_player},
        {"walkers", system_walkers},
        {"platforms", system_platforms},
        {"interactions", system_interactions},
        {"blocks", system_blocks},
        {"respawn", system_respawn},
        {"animation", system_animation},
    };
    for (size_t s = 0; s < sizeof systems / sizeof systems[0]; s++)
        if (!ecs_system_add(sim->world, systems[s].name, systems[s].fn, sim))
            goto fail;
    /* Pose and frame for tick 0, before anything moved. */
    system_animation(sim->world, 0.0f, sim);
    return sim;

fail:
    sim_destroy(sim);
    return NULL;
}

void sim_destroy(Sim *sim)
{
    if (sim == NULL)
        return;
    ecs_world_destroy(sim->world);
    tilemap_fini(&sim->map);
    free(sim);
}

void sim_tick(Sim *sim, const InputIntent *input)
{
    sim->input = *input;
    sim->event_count = 0;
    ecs_world_step(sim->world, SIM_DT);
    sim->status.ticks++;
    const Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    if (p->state == PLAYER_DONE)
        sim->status.outcome = OUTCOME_COMPLETED;
    else if (p->state == PLAYER_DEAD)
        sim->status.outcome = OUTCOME_DIED;
    else
        sim->status.outcome = OUTCOME_RUNNING;
}

const SimStatus *sim_status(const Sim *sim)
{
    return &sim->status;
}

const SimEvent *sim_events(const Sim *sim, int *count)
{
    *count = sim->event_count;
    return sim->events;
}

EcsWorld *sim_world(Sim *sim)
{
    return sim->world;
}

const Tilemap *sim_map(const Sim *sim)
{
    return &sim->map;
}

const PhysicsParams *sim_params(const Sim *sim)
{
    return &sim->params;
}

EcsEntity sim_player(const Sim *sim)
{
    return sim->player;
}

bool sim_place_player(Sim *sim, int32_t x, int32_t y)
{
    Transform *t = ecs_get(sim->world, sim->player, C_TRANSFORM);
    const Collider *c = ecs_get(sim->world, sim->player, C_COLLIDER);
    Transform moved = {x, y, x, y};
    if (y > sim->kill_y || collide_solid(sim, box_of(&moved, c), sim->player))
        return false;
    *t = moved;
    return true;
}

bool sim_check_invariants(Sim *sim, char *msg, size_t size)
{
    bool ok = true;
    EcsIter it = ecs_view(sim->world, C_VELOCITY, C_TRANSFORM, C_COLLIDER);
    while (ok && ecs_iter_next(&it)) {
        const Velocity *v = ecs_field(&it, Velocity, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; ok && i < it.count; i++) {
            EcsEntity e = ecs_iter_entity(&it, i);
            if (!isfinite(v[i].x) || !isfinite(v[i].y) || !isfinite(v[i].rem_x) ||
                !isfinite(v[i].rem_y)) {
                snprintf(msg, size, "entity %u: velocity not finite", e.index);
                ok = false;
            }
            const Player *p = ecs_get(sim->world, e, C_PLAYER);
            const Enemy *en = ecs_get(sim->world, e, C_ENEMY);
            bool live = (p != NULL && p->state == PLAYER_NORMAL) ||
                        (en != NULL && en->state == ENEMY_WALKING);
            if (ok && live && c[i].kind == COLLIDER_ACTOR &&
                collide_solid(sim, box_of(&t[i], &c[i]), e)) {
                snprintf(msg, size, "entity %u at (%d, %d) overlaps a solid", e.index,
                         t[i].x, t[i].y);
                ok = false;
            }
        }
    }
    if (!ok)
        ecs_iter_fini(&it);
    it = ecs_view(sim->world, C_MOVING_PLATFORM);
    while (ok && ecs_iter_next(&it)) {
        const MovingPlatform *mp = ecs_field(&it, MovingPlatform, 0);
        for (int i = 0; ok && i < it.count; i++)
            if (!isfinite(mp[i].rem_x) || !isfinite(mp[i].rem_y)) {
                snprintf(msg, size, "platform %u: position not finite", ecs_iter_entity(&it, i).index);
                ok = false;
            }
    }
    if (!ok)
        ecs_iter_fini(&it);
    return ok;
}
