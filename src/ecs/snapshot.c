/* SPDX-License-Identifier: Zlib */
/*
** snapshot.c -- copying a whole world into another: snapshots and restores.
**
** A snapshot is a second world holding a copy of the first; restoring is
** copying it back. ecs_world_copy copies everything that decides what a
** world holds and how it iterates: the slots (generations, component
** masks, the free list), every pool position by position (components,
** tombstones and their list, the tail, spans, the room at span ends, the
** group split), the
** settled bits and the entities waiting to be re-placed, and the groups. A restored world is
** then the world as it was, to the byte that matters: the same handles go
** stale, views visit the same entities in the same runs, the next flush
** moves the same entries, a hash over it is the same.
**
** What is not copied belongs to the destination: its systems, its command
** queue (empty on both sides), the flush's scratch memory and the
** remembered run lists, which are forgotten since they describe the old
** contents.
**
** The cost is the bytes copied. Every buffer is reserved first, so a copy
** that runs out of memory leaves the destination as it was, and a copy
** into buffers that are big enough allocates nothing. Buffers only grow,
** so restoring a snapshot into the world it was taken from, or taking the
** next snapshot into the same snapshot world, allocates nothing once sizes
** have settled.
*/
#include "ecs_internal.h"

#include <string.h>

static bool same_types(const EcsWorld *dst, const EcsWorld *src)
{
    if (dst->type_count != src->type_count)
        return false;
    for (uint32_t t = 0; t < src->type_count; t++)
        if (dst->types[t].desc.size != src->types[t].desc.size ||
            dst->types[t].desc.align != src->types[t].desc.align)
            return false;
    return true;
}

/* Makes room in dst for everything of src; changes nothing else. */
static bool reserve(EcsWorld *dst, const EcsWorld *src)
{
    if (!ecs_world_reserve_slots(dst, src->slot_count))
        return false;
    if (dst->replace_capacity < src->replace_count) {
        uint32_t *replace =
            ecs_realloc(dst, dst->replace, (size_t)src->replace_count * sizeof *replace);
        if (replace == NULL)
            return false;
        dst->replace = replace;
        dst->replace_capacity = src->replace_count;
    }
    for (uint32_t t = 0; t < src->type_count; t++) {
        const EcsPool *from = src->pools[t];
        if (from == NULL)
            continue;
        EcsPool *to = ecs_world_pool(dst, t);
        if (to == NULL || !ecs_pool_reserve(dst, to, from->end) ||
            !ecs_pool_reserve_spans(dst, to, from->span_count))
            return false;
        if (to->hole_capacity < from->holes && !from->hole_unlisted) {
            uint32_t *list = ecs_realloc(dst, to->hole_list, (size_t)from->holes * sizeof *list);
            if (list == NULL)
                return false;
            to->hole_list = list;
            to->hole_capacity = from->holes;
        }
        /* The pages of the live entries (not every page src ever had, so a
        ** world that once held more does not make its snapshot grow). */
        for (uint32_t pos = 0; pos < from->end; pos++) {
            uint32_t index = from->dense[pos];
            if (!(index & ECS_HOLE) && ecs_pool_sparse_entry(dst, to, index) == NULL)
                return false;
        }
    }
    return true;
}

static void copy_pool(EcsPool *to, const EcsPool *from)
{
    for (uint32_t pos = 0; pos < to->end; pos++)
        if (!(to->dense[pos] & ECS_HOLE))
            ecs_pool_set_sparse(to, to->dense[pos], ECS_NONE);
    if (from == NULL) {
        to->count = to->ordered = to->end = to->holes = to->span_count = to->split = 0;
        to->hole_sorted = to->slack = 0;
        to->hole_unlisted = false;
        to->group = -1;
        to->group_mask = 0;
        to->moved = to->group_changed = false;
        to->version++;
        return;
    }
    if (from->size > 0 && from->end > 0)
        memcpy(to->data, from->data, (size_t)from->end * from->size);
    if (from->end > 0)
        memcpy(to->dense, from->dense, (size_t)from->end * sizeof *from->dense);
    for (uint32_t pos = 0; pos < from->end; pos++)
        if (!(from->dense[pos] & ECS_HOLE))
            ecs_pool_set_sparse(to, from->dense[pos], pos);
    if (from->span_count > 0)
        memcpy(to->spans, from->spans, (size_t)from->span_count * sizeof *from->spans);
    to->span_count = from->span_count;
    to->count = from->count;
    to->ordered = from->ordered;
    to->end = from->end;
    to->holes = from->holes;
    if (!from->hole_unlisted && from->holes > 0)
        memcpy(to->hole_list, from->hole_list, (size_t)from->holes * sizeof *from->hole_list);
    to->hole_sorted = from->hole_sorted;
    to->hole_unlisted = from->hole_unlisted;
    to->slack = from->slack;
    to->group = from->group;
    to->group_mask = from->group_mask;
    to->split = from->split;
    to->moved = from->moved;
    to->group_changed = from->group_changed;
    to->version = from->version;
}

bool ecs_world_copy(EcsWorld *dst, const EcsWorld *src)
{
    assert(dst->iterating == 0 && "ecs_world_copy into a world being iterated");
    assert(dst->command_count == 0 && src->command_count == 0 &&
           "ecs_world_copy with commands pending: flush first");
    if (dst == src)
        return true;
    if (!same_types(dst, src) || !reserve(dst, src))
        return false;

    if (src->slot_count > 0) {
        memcpy(dst->slots, src->slots, (size_t)src->slot_count * sizeof *src->slots);
        memcpy(dst->settled, src->settled,
               (size_t)(src->slot_count + 63u) / 64u * sizeof *src->settled);
    }
    dst->slot_count = src->slot_count;
    dst->free_head = src->free_head;
    dst->alive = src->alive;
    if (src->replace_count > 0)
        memcpy(dst->replace, src->replace, (size_t)src->replace_count * sizeof *src->replace);
    dst->replace_count = src->replace_count;
    dst->replace_all = src->replace_all;
    dst->replace_types = src->replace_types;

    for (uint32_t t = 0; t < src->type_count; t++)
        if (dst->pools[t] != NULL)
            copy_pool(dst->pools[t], src->pools[t]);
    memcpy(dst->groups, src->groups, sizeof src->groups);
    dst->group_count = src->group_count;
    ecs_view_forget(dst);
    return true;
}

EcsWorld *ecs_world_clone(const EcsWorld *src)
{
    EcsWorld *world = ecs_world_create();
    if (world == NULL)
        return NULL;
    for (uint32_t t = 0; t < src->type_count; t++) {
        if (ecs_component_register_desc(world, &src->types[t].desc) == ECS_NO_COMPONENT) {
            ecs_world_destroy(world);
            return NULL;
        }
    }
    if (!ecs_world_copy(world, src)) {
        ecs_world_destroy(world);
        return NULL;
    }
    return world;
}
