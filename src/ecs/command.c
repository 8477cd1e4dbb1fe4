/* SPDX-License-Identifier: Zlib */
/*
** command.c -- deferred structural changes.
**
** While a view is open, adding or removing a component or destroying an
** entity would move components under the iterator (swap-and-pop, growth of
** the dense arrays). Systems queue such changes instead. The queue is one
** growing byte buffer of records, a header followed by the component value
** copied at the time of the call, so the caller's value may be a temporary.
** ecs_flush applies the records in the order they were issued; the system
** runner flushes after each system, which is the defined point where one
** system's changes become visible to the next.
**
** Creating an entity needs no deferral: it touches no pool.
**
** The flush is also where pools that changed are put back in order (see
** pool.c and order.c), so the next system walks them as long runs.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

enum { CMD_ADD, CMD_REMOVE, CMD_DESTROY };

typedef struct Command {
    uint32_t op;
    EcsComponent type;
    EcsEntity entity;
    uint32_t size; /* bytes of value following the header */
    uint32_t pad_;
} Command;

#define RECORD_ALIGN 8u

static size_t record_size(size_t value_size)
{
    size_t n = sizeof(Command) + value_size;
    return (n + RECORD_ALIGN - 1u) & ~(size_t)(RECORD_ALIGN - 1u);
}

static bool push(EcsWorld *world, uint32_t op, EcsEntity entity, EcsComponent type,
                 const void *value, size_t size)
{
    size_t need = record_size(size);
    if (world->command_bytes + need > world->command_capacity) {
        size_t capacity = world->command_capacity ? world->command_capacity : 1024u;
        while (capacity < world->command_bytes + need)
            capacity *= 2u;
        unsigned char *grown = ecs_realloc(world, world->commands, capacity);
        if (grown == NULL)
            return false;
        world->commands = grown;
        world->command_capacity = capacity;
    }
    Command cmd = {op, type, entity, (uint32_t)size, 0};
    unsigned char *at = world->commands + world->command_bytes;
    memcpy(at, &cmd, sizeof cmd);
    if (size > 0) {
        if (value != NULL)
            memcpy(at + sizeof cmd, value, size);
        else
            memset(at + sizeof cmd, 0, size);
    }
    world->command_bytes += need;
    world->command_count++;
    return true;
}

bool ecs_defer_add(EcsWorld *world, EcsEntity entity, EcsComponent type, const void *value)
{
    if (type >= world->type_count)
        return false;
    return push(world, CMD_ADD, entity, type, value, world->types[type].desc.size);
}

bool ecs_defer_remove(EcsWorld *world, EcsEntity entity, EcsComponent type)
{
    if (type >= world->type_count)
        return false;
    return push(world, CMD_REMOVE, entity, type, NULL, 0);
}

bool ecs_defer_destroy(EcsWorld *world, EcsEntity entity)
{
    return push(world, CMD_DESTROY, entity, 0, NULL, 0);
}

uint32_t ecs_flush(EcsWorld *world)
{
    assert(world->iterating == 0 && "ecs_flush with an iterator open");
    uint32_t applied = 0;
    size_t at = 0;
    /* Commands applied here may not queue more (they are plain calls), so the
    ** buffer does not move under us. */
    while (at < world->command_bytes) {
        Command cmd;
        memcpy(&cmd, world->commands + at, sizeof cmd);
        const unsigned char *value = world->commands + at + sizeof cmd;
        bool done = false;
        switch (cmd.op) {
        case CMD_ADD: done = ecs_add(world, cmd.entity, cmd.type, value) != NULL; break;
        case CMD_REMOVE: done = ecs_remove(world, cmd.entity, cmd.type); break;
        case CMD_DESTROY: done = ecs_destroy(world, cmd.entity); break;
        default: assert(false && "corrupt command buffer"); break;
        }
        applied += done ? 1u : 0u;
        at += record_size(cmd.size);
    }
    world->command_bytes = 0;
    world->command_count = 0;
    ecs_order(world);
    return applied;
}

uint32_t ecs_deferred_count(const EcsWorld *world)
{
    return world->command_count;
}
