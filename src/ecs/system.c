/* SPDX-License-Identifier: Zlib */
/*
** system.c -- systems, run in registration order once per fixed tick.
**
** The order is part of the determinism contract: a system that reads what
** another writes in the same tick (animation reads `grounded` from physics)
** is registered after it. After each system the deferred commands are
** applied, so the next system sees a consistent world.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

bool ecs_system_add(EcsWorld *world, const char *name, EcsSystemFn fn, void *ctx)
{
    assert(fn != NULL && name != NULL);
    if (world->system_count == world->system_capacity) {
        int capacity = world->system_capacity ? world->system_capacity * 2 : 8;
        EcsSystem *grown = ecs_realloc(world, world->systems, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            return false;
        world->systems = grown;
        world->system_capacity = capacity;
    }
    size_t len = strlen(name);
    char *copy = ecs_malloc(world, len + 1);
    if (copy == NULL)
        return false;
    memcpy(copy, name, len + 1);
    world->systems[world->system_count++] = (EcsSystem){copy, fn, ctx};
    return true;
}

void ecs_world_step(EcsWorld *world, float dt)
{
    for (int s = 0; s < world->system_count; s++) {
        world->systems[s].fn(world, dt, world->systems[s].ctx);
        assert(world->iterating == 0 && "a system left an iterator open (ecs_iter_fini)");
        ecs_flush(world);
    }
}

int ecs_system_count(const EcsWorld *world)
{
    return world->system_count;
}

const char *ecs_system_name(const EcsWorld *world, int i)
{
    return i >= 0 && i < world->system_count ? world->systems[i].name : NULL;
}
