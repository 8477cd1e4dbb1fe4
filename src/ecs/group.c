/*
** group.c -- owning groups: views that iterate at array speed.
**
** A plain view probes the other pools for each entity of the smallest one.
** A group removes the probing altogether. It owns a set of component types
** and keeps one invariant:
**
**   every entity having all the owned types sits at positions [0, size) of
**   every owned pool, in the same order in each.
**
** A view over exactly the owned types is then one run over plain arrays:
** field k is pool_k->data[0 .. size), no lookup, no comparison.
**
** The invariant is kept at the two places membership can change, with O(1)
** swaps (one per owned pool):
**   - after an entity gains an owned type and now has them all, it is swapped
**     from wherever it landed to position `size` of each owned pool, and size
**     grows by one;
**   - before an entity in the group loses an owned type, it is swapped to
**     position size - 1 of each owned pool and size shrinks by one; the
**     pool's ordinary swap-and-pop then takes it from outside the group.
** The cost moves from iteration (every tick) to structural change (rare), the
** trade EnTT's owning groups make. A type can belong to one group only.
*/
#include "ecs_internal.h"

static bool in_all(const EcsWorld *world, const EcsGroup *group, uint32_t index)
{
    return (world->slots[index].mask & group->mask) == group->mask;
}

/* Moves slot `index` to position `target` of every owned pool. The group
** boundary moves with it, so each side of it may now be out of slot order,
** even in a pool where the entity already sat at `target` and nothing was
** swapped: every owned pool is marked for the flush to sort. */
static void pack_to(EcsWorld *world, EcsGroup *group, uint32_t index, uint32_t target)
{
    for (int k = 0; k < group->type_count; k++) {
        EcsPool *pool = world->pools[group->types[k]];
        ecs_pool_swap(pool, ecs_pool_find(pool, index), target);
        pool->unsorted = true;
    }
}

void ecs_group_on_add(EcsWorld *world, int g, uint32_t index)
{
    EcsGroup *group = &world->groups[g];
    if (!in_all(world, group, index))
        return;
    pack_to(world, group, index, group->size);
    group->size++;
}

void ecs_group_on_remove(EcsWorld *world, int g, uint32_t index)
{
    EcsGroup *group = &world->groups[g];
    if (!in_all(world, group, index))
        return;
    pack_to(world, group, index, group->size - 1u);
    group->size--;
}

bool ecs_group(EcsWorld *world, const EcsComponent *types, int type_count)
{
    assert(world->iterating == 0 && "ecs_group during iteration");
    if (type_count < 1 || type_count > ECS_MAX_TERMS ||
        world->group_count == ECS_MAX_GROUPS)
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
    for (int k = 0; k < type_count; k++) {
        if (world->pools[types[k]] == NULL) {
            world->pools[types[k]] = ecs_pool_create(world->types[types[k]].desc.size);
            if (world->pools[types[k]] == NULL)
                return false;
        }
    }

    int g = world->group_count++;
    EcsGroup *group = &world->groups[g];
    *group = (EcsGroup){.type_count = type_count, .mask = mask, .size = 0};
    EcsPool *smallest = NULL;
    for (int k = 0; k < type_count; k++) {
        group->types[k] = types[k];
        EcsPool *pool = world->pools[types[k]];
        pool->group = g;
        if (smallest == NULL || pool->count < smallest->count)
            smallest = pool;
    }
    /* Pack what the pools already hold. Positions below pos were looked at;
    ** the entity swapped out of position `size` was one of them. */
    for (uint32_t pos = 0; pos < smallest->count; pos++) {
        uint32_t index = smallest->dense[pos];
        if (in_all(world, group, index)) {
            pack_to(world, group, index, group->size);
            group->size++;
        }
    }
    return true;
}
