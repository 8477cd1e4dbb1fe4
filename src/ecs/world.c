/* SPDX-License-Identifier: Zlib */
/*
** world.c -- entity slots, component types, and add/get/has/remove.
**
** Entities live in a slot array of 8-byte slots. A slot's generation is odd
** while an entity lives in it. Destroying the entity bumps the generation to
** even, so every handle to it goes stale at once, and pushes the slot on a
** free list threaded through the free slots' `mask` fields; the next create
** pops it and bumps the generation to odd again. A live slot's `mask` says
** which component types its entity has, so destroy visits only the pools
** that hold something for it.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

EcsWorld *ecs_world_create(void)
{
    EcsWorld *world = calloc(1, sizeof *world);
    if (world == NULL)
        return NULL;
    world->allocations = 1;
    world->free_head = ECS_NONE;
    return world;
}

void ecs_world_destroy(EcsWorld *world)
{
    if (world == NULL)
        return;
    for (uint32_t t = 0; t < world->type_count; t++) {
        ecs_pool_destroy(world->pools[t]);
        free((char *)world->types[t].desc.name);
        free((EcsField *)world->types[t].desc.fields);
    }
    for (int s = 0; s < world->system_count; s++)
        free(world->systems[s].name);
    for (int e = 0; e < ECS_CACHE_SIZE; e++)
        free(world->cache[e].runs);
    free(world->systems);
    free(world->commands);
    ecs_release(world->scratch, world->scratch_capacity);
    free(world->replace);
    free(world->settled);
    ecs_release(world->slots, world->slots_held);
    free(world);
}

uint64_t ecs_world_allocations(const EcsWorld *world)
{
    return world->allocations;
}

EcsPool *ecs_world_pool(EcsWorld *world, EcsComponent type)
{
    if (world->pools[type] == NULL)
        world->pools[type] = ecs_pool_create(world, world->types[type].desc.size);
    return world->pools[type];
}

/* ---- Component types ---- */

EcsComponent ecs_component_register_desc(EcsWorld *world, const EcsComponentDesc *desc)
{
    assert(world != NULL && desc != NULL && desc->name != NULL);
    assert(desc->size <= UINT32_MAX);
    assert(desc->size > 0 || desc->field_count == 0); /* a tag has no fields */
    assert(desc->align > 0 && (desc->align & (desc->align - 1)) == 0 &&
           desc->align <= _Alignof(max_align_t));
    assert(desc->field_count >= 0 && (desc->field_count == 0 || desc->fields != NULL));
    assert(world->type_count < ECS_MAX_COMPONENTS);
    for (int f = 0; f < desc->field_count; f++) {
        const EcsField *field = &desc->fields[f];
        assert(field->count > 0 &&
               (field->size == 1 || field->size == 2 || field->size == 4 || field->size == 8));
        assert((size_t)field->offset + (size_t)field->size * field->count <= desc->size);
        (void)field;
    }
    EcsComponent id = world->type_count;
    size_t len = strlen(desc->name);
    char *name = ecs_malloc(world, len + 1);
    EcsField *fields = NULL;
    if (desc->field_count > 0)
        fields = ecs_malloc(world, (size_t)desc->field_count * sizeof *fields);
    if (name == NULL || (desc->field_count > 0 && fields == NULL)) {
        free(name);
        free(fields);
        return ECS_NO_COMPONENT;
    }
    memcpy(name, desc->name, len + 1);
    if (fields != NULL)
        memcpy(fields, desc->fields, (size_t)desc->field_count * sizeof *fields);
    world->types[id].desc = *desc;
    world->types[id].desc.name = name;
    world->types[id].desc.fields = fields;
    world->type_count++;
    return id;
}

EcsComponent ecs_component_register(EcsWorld *world, const char *name, size_t size, size_t align)
{
    return ecs_component_register_desc(world, &(EcsComponentDesc){name, size, align, 0, NULL, 0});
}

uint32_t ecs_component_count(const EcsWorld *world)
{
    return world->type_count;
}

const EcsComponentDesc *ecs_component_desc(const EcsWorld *world, EcsComponent type)
{
    return type < world->type_count ? &world->types[type].desc : NULL;
}

size_t ecs_component_size(const EcsWorld *world, EcsComponent type)
{
    return type < world->type_count ? world->types[type].desc.size : 0;
}

/* ---- Entities ---- */

bool ecs_world_reserve_slots(EcsWorld *world, uint32_t need)
{
    while (world->slot_capacity < need) {
        uint32_t capacity = world->slot_capacity ? world->slot_capacity * 2u : 256u;
        if (capacity <= world->slot_capacity || capacity > ECS_MAX_SLOTS)
            return false;
        EcsSlot *slots =
            ecs_grow(world, world->slots, &world->slots_held, (size_t)capacity * sizeof *slots);
        if (slots == NULL)
            return false;
        world->slots = slots;
        uint64_t *settled =
            ecs_realloc(world, world->settled, (size_t)capacity / 64u * sizeof *settled);
        if (settled == NULL)
            return false; /* the slots grew alone: harmless, capacity says the old size */
        memset(settled + world->slot_capacity / 64u, 0,
               (size_t)(capacity - world->slot_capacity) / 64u * sizeof *settled);
        world->settled = settled;
        world->slot_capacity = capacity;
    }
    return true;
}

EcsEntity ecs_create(EcsWorld *world)
{
    uint32_t index;
    if (world->free_head != ECS_NONE) {
        index = world->free_head;
        world->free_head = world->slots[index].mask;
        world->slots[index].generation++; /* even to odd: alive */
    } else {
        if (world->slot_count == world->slot_capacity &&
            !ecs_world_reserve_slots(world, world->slot_count + 1u))
            return ECS_NULL;
        index = world->slot_count++;
        world->slots[index].generation = 1;
        ecs_order_forget(world, index); /* a copied world may leave the bit set */
    }
    EcsSlot *slot = &world->slots[index];
    slot->mask = 0;
    world->alive++;
    return (EcsEntity){index, slot->generation};
}

bool ecs_destroy(EcsWorld *world, EcsEntity entity)
{
    assert(world->iterating == 0 && "structural change during iteration: use ecs_defer_destroy");
    EcsSlot *slot = ecs_slot_of(world, entity);
    if (slot == NULL)
        return false;
    for (uint32_t mask = slot->mask; mask != 0; mask &= mask - 1u)
        ecs_pool_take(world, world->pools[__builtin_ctz(mask)], entity.index);
    ecs_order_forget(world, entity.index);
    slot->generation++; /* odd to even: free; UINT32_MAX wraps to 0, still even */
    slot->mask = world->free_head;
    world->free_head = entity.index;
    world->alive--;
    return true;
}

bool ecs_alive(const EcsWorld *world, EcsEntity entity)
{
    return ecs_slot_of(world, entity) != NULL;
}

uint32_t ecs_alive_count(const EcsWorld *world)
{
    return world->alive;
}

EcsEntity ecs_entity_at(const EcsWorld *world, uint32_t index)
{
    if (index >= world->slot_count || (world->slots[index].generation & 1u) == 0)
        return ECS_NULL;
    return (EcsEntity){index, world->slots[index].generation};
}

uint32_t ecs_slot_count(const EcsWorld *world)
{
    return world->slot_count;
}

/* ---- Components of an entity ---- */

void *ecs_add(EcsWorld *world, EcsEntity entity, EcsComponent type, const void *value)
{
    EcsSlot *slot = ecs_slot_of(world, entity);
    if (slot == NULL || type >= world->type_count)
        return NULL;
    EcsPool *pool = world->pools[type];
    if (slot->mask & ECS_BIT(type)) { /* overwrite in place */
        void *dst = ecs_pool_at(pool, ecs_pool_find(pool, entity.index));
        if (value != NULL)
            memmove(dst, value, pool->size);
        else
            memset(dst, 0, pool->size);
        return dst;
    }
    assert(world->iterating == 0 && "structural change during iteration: use ecs_defer_add");
    if (pool == NULL && (pool = ecs_world_pool(world, type)) == NULL)
        return NULL;
    uint32_t pos = ecs_pool_push(world, pool, entity.index, value);
    if (pos == ECS_NONE)
        return NULL;
    ecs_order_touch(world, entity.index, slot->mask); /* its other components */
    slot->mask |= ECS_BIT(type);
    return ecs_pool_at(pool, pos);
}

void *ecs_get(const EcsWorld *world, EcsEntity entity, EcsComponent type)
{
    const EcsSlot *slot = ecs_slot_of(world, entity);
    if (slot == NULL || type >= world->type_count || !(slot->mask & ECS_BIT(type)))
        return NULL;
    const EcsPool *pool = world->pools[type];
    return ecs_pool_at(pool, ecs_pool_find(pool, entity.index));
}

bool ecs_has(const EcsWorld *world, EcsEntity entity, EcsComponent type)
{
    const EcsSlot *slot = ecs_slot_of(world, entity);
    return slot != NULL && type < world->type_count && (slot->mask & ECS_BIT(type)) != 0;
}

bool ecs_remove(EcsWorld *world, EcsEntity entity, EcsComponent type)
{
    EcsSlot *slot = ecs_slot_of(world, entity);
    if (slot == NULL || type >= world->type_count || !(slot->mask & ECS_BIT(type)))
        return false;
    assert(world->iterating == 0 && "structural change during iteration: use ecs_defer_remove");
    ecs_pool_take(world, world->pools[type], entity.index);
    slot->mask &= ~ECS_BIT(type);
    ecs_order_touch(world, entity.index, slot->mask);
    return true;
}

uint32_t ecs_count(const EcsWorld *world, EcsComponent type)
{
    if (type >= world->type_count || world->pools[type] == NULL)
        return 0;
    return world->pools[type]->count;
}

/* ---- Statistics ---- */

bool ecs_pool_stats(const EcsWorld *world, EcsComponent type, EcsPoolStats *out)
{
    if (type >= world->type_count)
        return false;
    const EcsPool *pool = world->pools[type];
    out->name = world->types[type].desc.name;
    out->count = pool ? pool->count : 0;
    out->bytes = pool ? ecs_pool_bytes(pool) : 0;
    return true;
}

size_t ecs_world_bytes(const EcsWorld *world)
{
    size_t bytes = sizeof *world;
    bytes += (size_t)world->slot_capacity * sizeof *world->slots;
    bytes += (size_t)world->slot_capacity / 64u * sizeof *world->settled;
    bytes += (size_t)world->replace_capacity * sizeof *world->replace;
    for (uint32_t t = 0; t < world->type_count; t++)
        if (world->pools[t] != NULL)
            bytes += ecs_pool_bytes(world->pools[t]);
    for (int e = 0; e < ECS_CACHE_SIZE; e++)
        bytes += (size_t)world->cache[e].capacity * sizeof *world->cache[e].runs;
    bytes += world->command_capacity + world->scratch_capacity;
    bytes += (size_t)world->system_capacity * sizeof *world->systems;
    return bytes;
}
