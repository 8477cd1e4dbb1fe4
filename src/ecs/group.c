/* SPDX-License-Identifier: Zlib */
/*
** group.c -- owning groups: one run for a view over exactly their types.
**
** Pools at rest are in component set order (pool.c), so a view over
** P and V walks one run per set holding both: {P,V}, {P,V,H}, ... A group
** makes that one run. It owns a set of component types, and each owned pool
** ranks the sets holding the whole group first (ecs_span_key), in the same
** order, so at rest
**
**   every entity having all the owned types sits at positions [0, split)
**   of every owned pool, in the same order in each, with no tombstones.
**
** A view over exactly the owned types is then a single run over plain
** arrays: the run lists of view.c join the group's spans because they
** continue one another in every owned pool. A view over the owned types and
** more still finds its sets among the group's spans.
**
** The flush keeps the invariant (order.c): the group's part of an owned
** pool is never shifted into; any change there -- a member destroyed, an
** entity joining or leaving, a member changing its other components --
** rebuilds the pool from the first changed position, which yields the same
** layout in every owned pool. Making a group moves the owned pools' spans
** into the new rank, each span keeping its order. The cost moves from iteration
** (every tick) to structural change (rare), the trade EnTT's owning groups
** make. Between flushes a view over the group probes like any other. A type
** can belong to one group only.
*/
#include "ecs_internal.h"

bool ecs_group(EcsWorld *world, const EcsComponent *types, int type_count)
{
    assert(world->iterating == 0 && "ecs_group during iteration");
    if (type_count < 1 || type_count > ECS_MAX_TERMS || world->group_count == ECS_MAX_GROUPS)
        return false;
    uint32_t mask = 0;
    for (int k = 0; k < type_count; k++) {
        EcsComponent t = types[k];
        if (t >= world->type_count || (mask & ECS_BIT(t)))
            return false;
        if (world->pools[t] != NULL && world->pools[t]->group >= 0)
            return false;
        mask |= ECS_BIT(t);
    }
    for (int k = 0; k < type_count; k++)
        if (ecs_world_pool(world, types[k]) == NULL)
            return false;

    /* The owned pools change rank: put everything in order first, then
    ** move the owned pools' spans into the new rank, each span keeping its
    ** order (the other pools holding those sets list them alike). The
    ** memory for that is found first, so that out of memory nothing
    ** changes. Re-ranking one pool reuses the scratch reserved for the
    ** biggest. */
    ecs_order(world);
    for (int k = 0; k < type_count; k++)
        if (!ecs_order_reserve_rerank(world, world->pools[types[k]]))
            return false;
    int g = world->group_count++;
    EcsGroup *group = &world->groups[g];
    *group = (EcsGroup){.type_count = type_count, .mask = mask};
    for (int k = 0; k < type_count; k++) {
        group->types[k] = types[k];
        EcsPool *pool = world->pools[types[k]];
        pool->group = g;
        pool->group_mask = mask;
    }
    for (int k = 0; k < type_count; k++)
        ecs_order_rerank(world, world->pools[types[k]]);
    ecs_order_trim(world);
    return true;
}
