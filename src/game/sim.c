/* SPDX-License-Identifier: Zlib */
/*
** sim.c -- building a level's world and running its ticks.
**
** sim_create turns each entity of a LevelDesc into an ECS entity with the
** components of its kind (the kind table, kinds.c; spawn, below) and
** registers the systems in the order of a tick, SIM_SYSTEMS
** (sim_internal.h), where that order, part of the determinism contract,
** is written with what each system does.
**
** Each system keeps no state of its own: the state is in the components and
** in the Sim (level status, switch groups, the checkpoint's snapshot).
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

void sim_emit_sound(Sim *sim, SimEventType type, Sound sound, int32_t x, int32_t y)
{
    if (sim->event_count < SIM_MAX_EVENTS)
        sim->events[sim->event_count++] = (SimEvent){type, x, y, sound};
}

void sim_emit(Sim *sim, SimEventType type, int32_t x, int32_t y)
{
    /* The sound each event makes unless its emitter names another. */
    static const Sound SOUNDS[EV_TYPE_COUNT] = {
        [EV_JUMPED] = SOUND_JUMP,           [EV_LANDED] = SOUND_LAND,
        [EV_COLLECTED] = SOUND_COLLECT,     [EV_DIED] = SOUND_DEATH,
        [EV_CHECKPOINT] = SOUND_CHECKPOINT, [EV_SWITCH] = SOUND_SWITCH,
        [EV_STOMPED] = SOUND_STOMP,         [EV_COMPLETED] = SOUND_COMPLETE,
        [EV_WALL_JUMPED] = SOUND_WALL_JUMP,
    };
    sim_emit_sound(sim, type, (unsigned)type < EV_TYPE_COUNT ? SOUNDS[type] : SOUND_NONE, x, y);
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

/* Makes the entity a level describes, as its kind's row says: every
** component the row lists (zeroed), the position, the hit box, the first
** clip (first_clip, kind_first_clip's), then the kind's own spawn
** function for the rest. */
EcsEntity sim_spawn(Sim *sim, const LevelDesc *level, const LevelEntity *le, uint16_t first_clip)
{
    const EntityKind *k = kind_get(le->kind);
    EcsWorld *w = sim->world;
    EcsEntity e = ecs_create(w);
    if (ecs_entity_is_null(e))
        return ECS_NULL;
    for (EcsComponent c = 0; c < C_COMPONENT_COUNT; c++)
        if ((k->components & (1u << c)) && ecs_add(w, e, c, NULL) == NULL)
            return ECS_NULL;
    *(Transform *)ecs_get(w, e, C_TRANSFORM) = (Transform){le->x, le->y, le->x, le->y};
    Collider *col = ecs_get(w, e, C_COLLIDER);
    if (col != NULL) {
        Box b = sim_spawn_box(le);
        *col = (Collider){(int16_t)(b.x - le->x),
                          (int16_t)(b.y - le->y),
                          (int16_t)b.w,
                          (int16_t)b.h,
                          k->collider,
                          true};
    }
    Sprite *s = ecs_get(w, e, C_SPRITE);
    if (s != NULL)
        *s = (Sprite){
            .clip = first_clip, .w = (int16_t)le->w, .h = (int16_t)le->h, .layer = k->layer};
    Animation *a = ecs_get(w, e, C_ANIMATION);
    if (a != NULL)
        *a = (Animation){.clip = first_clip};
    return k->spawn == NULL || k->spawn(sim, e, level, le) ? e : ECS_NULL;
}

Sim *sim_create(const LevelDesc *level, const ClipTable *clips)
{
    Sim *sim = calloc(1, sizeof *sim);
    if (sim == NULL)
        return NULL;
    sim->player = ECS_NULL;
    sim->status.sign = -1;
    sim->params = level->physics;
    sim->clips = clips != NULL ? *clips : clip_table_single_frames();
    sim->world = ecs_world_create();
    if (sim->world == NULL || !tilemap_init(&sim->map, level->map.width, level->map.height))
        goto fail;
    memcpy(sim->map.tiles, level->map.tiles, (size_t)level->map.width * (size_t)level->map.height);
    sim->kill_y = level->map.height * TILE_SIZE + 2 * TILE_SIZE;
    if (level->text_count > 0) {
        sim->texts = malloc((size_t)level->text_count * sizeof *sim->texts);
        if (sim->texts == NULL)
            goto fail;
        memcpy(sim->texts, level->texts, (size_t)level->text_count * sizeof *sim->texts);
        sim->text_count = level->text_count;
    }
    if (!grid_init(&sim->solids, level->map.width * TILE_SIZE, sim->kill_y) ||
        !grid_init(&sim->actors, level->map.width * TILE_SIZE, sim->kill_y))
        goto fail;

    if (!game_register_components(sim->world))
        goto fail;
    uint16_t first_clip[KIND_MAX_KINDS];
    for (int k = 0; k < kind_count() && k < KIND_MAX_KINDS; k++)
        first_clip[k] = (uint16_t)kind_first_clip(k);
    for (int i = 0; i < level->entity_count; i++) {
        const LevelEntity *le = &level->entities[i];
        if (le->kind < 0 || le->kind >= kind_count() || le->kind >= KIND_MAX_KINDS)
            continue; /* unknown kinds are the loader's to refuse */
        if (ecs_entity_is_null(sim_spawn(sim, level, le, first_clip[le->kind])))
            goto fail;
    }
    if (ecs_entity_is_null(sim->player))
        goto fail;
    ecs_flush(sim->world);
    leveldesc_counts(level, &sim->status.collectibles, &sim->status.gems_total);

    static const struct {
        const char *name;
        EcsSystemFn fn;
    } systems[] = {
#define SIM_SYSTEM_ROW(name) {#name, system_##name},
        SIM_SYSTEMS(SIM_SYSTEM_ROW)
#undef SIM_SYSTEM_ROW
    };
    for (size_t s = 0; s < sizeof systems / sizeof systems[0]; s++)
        if (!ecs_system_add(sim->world, systems[s].name, systems[s].fn, sim))
            goto fail;
    /* Pose and frame for tick 0, before anything moved; grids for queries
    ** made before the first tick (hot reload places the player). */
    system_animation(sim->world, 0.0f, sim);
    broadphase_solids(sim);
    sim->actors.stale = true;
    /* The level to come back to until the first checkpoint (restore.c). */
    if (!restore_init(sim))
        goto fail;
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
    restore_fini(sim);
    tilemap_fini(&sim->map);
    grid_fini(&sim->solids);
    grid_fini(&sim->actors);
    free(sim->near);
    free(sim->touched);
    free(sim->texts);
    free(sim);
}

void sim_tick(Sim *sim, const InputIntent *input)
{
    sim->input = *input;
    sim->event_count = 0;
    if (input->invincible && !sim->invincible)
        invincible_begin(sim);
    sim->invincible = input->invincible;
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

bool sim_copy(Sim *dst, const Sim *src)
{
    if (dst->map.width != src->map.width || dst->map.height != src->map.height ||
        dst->text_count != src->text_count || !ecs_world_copy(dst->world, src->world))
        return false;
    /* The checkpoint's copy of the level, to go back to at a death. */
    if (src->snapshot == NULL) {
        ecs_world_destroy(dst->snapshot);
        dst->snapshot = NULL;
    } else if (dst->snapshot == NULL) {
        if ((dst->snapshot = ecs_world_clone(src->snapshot)) == NULL)
            return false;
    } else if (!ecs_world_copy(dst->snapshot, src->snapshot)) {
        return false;
    }
    memcpy(dst->snapshot_groups, src->snapshot_groups, sizeof dst->snapshot_groups);
    dst->snapshot_due = src->snapshot_due;
    /* Everything else a tick reads or writes outside the components; the
    ** tiles never change. The grids are a cache of where the components
    ** say things are: the solids' rebuilt, the actors' at their next ask. */
    dst->params = src->params;
    dst->input = src->input;
    dst->status = src->status;
    memcpy(dst->events, src->events, sizeof dst->events);
    dst->event_count = src->event_count;
    dst->player = src->player;
    memcpy(dst->group_on, src->group_on, sizeof dst->group_on);
    dst->kill_y = src->kill_y;
    dst->invincible = src->invincible;
    dst->ground_x = src->ground_x;
    dst->ground_y = src->ground_y;
    broadphase_solids(dst);
    dst->actors.stale = true;
    return true;
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

const char *sim_text(const Sim *sim, int index)
{
    return index >= 0 && index < sim->text_count ? sim->texts[index].s : "";
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
            SimBlocker what;
            if (ok && live && c[i].kind == COLLIDER_ACTOR &&
                !sim_box_clear(sim, box_of(&t[i], &c[i]), &what)) {
                if (what.tile)
                    snprintf(msg, size,
                             "entity %u at (%d, %d) overlaps a solid: the tile at "
                             "column %d, row %d",
                             e.index, t[i].x, t[i].y, what.col, what.row);
                else
                    snprintf(msg, size,
                             "entity %u at (%d, %d) overlaps a solid: the entity "
                             "whose box is %dx%d px at (%d, %d)",
                             e.index, t[i].x, t[i].y, what.box.w, what.box.h, what.box.x,
                             what.box.y);
                ok = false;
            }
        }
    }
    if (!ok)
        ecs_iter_fini(&it);
    it = ecs_view(sim->world, C_MOVER);
    while (ok && ecs_iter_next(&it)) {
        const Mover *mp = ecs_field(&it, Mover, 0);
        for (int i = 0; ok && i < it.count; i++)
            if (!isfinite(mp[i].rem_x) || !isfinite(mp[i].rem_y)) {
                snprintf(msg, size, "platform %u: position not finite",
                         ecs_iter_entity(&it, i).index);
                ok = false;
            }
    }
    if (!ok)
        ecs_iter_fini(&it);
    return ok;
}
