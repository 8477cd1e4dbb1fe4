/* SPDX-License-Identifier: Zlib */
/*
** check.c -- ecs_world_check: every invariant of the world's structures,
** walked in full. Slow (it visits every slot and position); for tests and
** debugging, never the tick.
*/
#include "ecs_internal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

typedef struct Report {
    char *msg;
    size_t size;
} Report;

static bool fail(Report *r, const char *fmt, ...)
{
    if (r->size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->msg, r->size, fmt, ap);
        va_end(ap);
    }
    return false;
}

static bool settled(const EcsWorld *world, uint32_t index)
{
    return (world->settled[index >> 6] >> (index & 63u)) & 1u;
}

static bool listed(const EcsWorld *world, uint32_t index)
{
    if (world->replace_all)
        return true;
    for (uint32_t i = 0; i < world->replace_count; i++)
        if (world->replace[i] == index)
            return true;
    return false;
}

static bool check_pool(const EcsWorld *world, EcsComponent t, Report *r)
{
    const EcsPool *pool = world->pools[t];
    const char *name = world->types[t].desc.name;
    if (pool->ordered > pool->end || pool->end > pool->capacity)
        return fail(r, "%s: ordered %u, end %u, capacity %u", name, pool->ordered, pool->end,
                    pool->capacity);
    uint32_t live = 0, holes = 0;
    for (uint32_t pos = 0; pos < pool->end; pos++) {
        uint32_t d = pool->dense[pos];
        if (d & ECS_HOLE) {
            if (pos >= pool->ordered)
                return fail(r, "%s: a tombstone at %u in the tail", name, pos);
            holes++;
            continue;
        }
        live++;
        const EcsSlot *slot = d < world->slot_count ? &world->slots[d] : NULL;
        if (slot == NULL || !(slot->generation & 1u) || !(slot->mask & ECS_BIT(t)))
            return fail(r, "%s: position %u holds slot %u, which has no %s", name, pos, d, name);
        if (ecs_pool_find(pool, d) != pos)
            return fail(r, "%s: slot %u at %u, the sparse index says %u", name, d, pos,
                        ecs_pool_find(pool, d));
    }
    if (live != pool->count || holes != pool->holes)
        return fail(r, "%s: %u live and %u tombstones, counted %u and %u", name, live, holes,
                    pool->count, pool->holes);
    /* and the sparse index holds nothing else (pages come from memory
    ** another pool or world may have used: memory.c). */
    for (uint32_t p = 0; p < pool->page_count; p++) {
        if (pool->pages[p] == NULL)
            continue;
        for (uint32_t off = 0; off < ECS_PAGE_SIZE; off++) {
            uint32_t pos = pool->pages[p][off], index = p << ECS_PAGE_BITS | off;
            if (pos != ECS_NONE && (pos >= pool->end || pool->dense[pos] != index))
                return fail(r, "%s: the sparse index puts slot %u at %u, which is not its", name,
                            index, pos);
        }
    }

    /* The list of tombstones: each one, once, the part sorted at the flush
    ** in order. */
    if (!pool->hole_unlisted) {
        if (pool->hole_capacity < pool->holes || pool->hole_sorted > pool->holes)
            return fail(r, "%s: the tombstone list is short", name);
        for (uint32_t i = 0; i < pool->holes; i++) {
            uint32_t pos = pool->hole_list[i];
            if (pos >= pool->ordered || !(pool->dense[pos] & ECS_HOLE))
                return fail(r, "%s: listed tombstone %u is none", name, pos);
            if (i > 0 && i < pool->hole_sorted && pos <= pool->hole_list[i - 1u])
                return fail(r, "%s: the sorted tombstones are not in order at %u", name, i);
            for (uint32_t k = i < pool->hole_sorted ? pool->hole_sorted : 0; k < i; k++)
                if (pool->hole_list[k] == pos)
                    return fail(r, "%s: tombstone %u listed twice", name, pos);
        }
    }

    /* Spans tile the ordered part, keys rising, each holding its set. */
    uint32_t at = 0;
    for (uint32_t s = 0; s < pool->span_count; s++) {
        const EcsSpan *span = &pool->spans[s];
        if (span->start != at || span->end <= span->start)
            return fail(r, "%s: span %u is [%u, %u), expected to start at %u", name, s, span->start,
                        span->end, at);
        if (s > 0 && span->key <= pool->spans[s - 1u].key)
            return fail(r, "%s: span %u's key does not rise", name, s);
        if (!(ecs_key_mask(span->key) & ECS_BIT(t)))
            return fail(r, "%s: span %u is of a set without %s", name, s, name);
        for (uint32_t pos = span->start; pos < span->end; pos++) {
            uint32_t d = pool->dense[pos];
            if (!(d & ECS_HOLE) && !pool->moved && !(world->replace_types & ECS_BIT(t)) &&
                ecs_span_key(pool, world->slots[d].mask) != span->key)
                return fail(r, "%s: slot %u at %u is in another set's span", name, d, pos);
        }
        at = span->end;
    }
    if (at != pool->ordered)
        return fail(r, "%s: spans end at %u, the ordered part at %u", name, at, pool->ordered);
    if (!pool->moved && pool->end != pool->ordered)
        return fail(r, "%s: a tail of %u, not marked moved", name, pool->end - pool->ordered);

    uint32_t split = 0;
    for (uint32_t s = 0; s < pool->span_count && (pool->spans[s].key >> 32) == 0; s++)
        split = pool->spans[s].end;
    if (!pool->moved && !pool->group_changed && split != pool->split)
        return fail(r, "%s: the group ends at %u, split says %u", name, split, pool->split);
    if (pool->group < 0 && split != 0)
        return fail(r, "%s: ranks a group it is not in", name);
    if (!pool->group_changed)
        for (uint32_t pos = 0; pos < pool->split; pos++)
            if (pool->dense[pos] & ECS_HOLE)
                return fail(r, "%s: a tombstone at %u in the group, unnoticed", name, pos);
    return true;
}

bool ecs_world_check(const EcsWorld *world, char *msg, size_t size)
{
    Report r = {msg, size};
    uint32_t alive = 0;
    for (uint32_t index = 0; index < world->slot_count; index++) {
        const EcsSlot *slot = &world->slots[index];
        if (!(slot->generation & 1u))
            continue;
        alive++;
        for (uint32_t t = 0; t < world->type_count; t++) {
            const EcsPool *pool = world->pools[t];
            bool has = (slot->mask & ECS_BIT(t)) != 0;
            uint32_t pos = pool != NULL ? ecs_pool_find(pool, index) : ECS_NONE;
            if (has != (pos != ECS_NONE))
                return fail(&r, "slot %u: mask and pool %s disagree", index,
                            world->types[t].desc.name);
            /* A component in an ordered part must be re-placed if its set
            ** changes: the slot is settled, or noted already. */
            if (has && pos < pool->ordered && !settled(world, index) && !listed(world, index))
                return fail(&r, "slot %u: in place in %s but neither settled nor noted", index,
                            world->types[t].desc.name);
        }
    }
    if (alive != world->alive)
        return fail(&r, "%u live slots, counted %u", alive, world->alive);
    for (uint32_t t = 0; t < world->type_count; t++)
        if (world->pools[t] != NULL && !check_pool(world, t, &r))
            return false;

    /* At rest, a set's span lists the same entities in the same order in
    ** every pool holding it: views pair those pools position by position. */
    for (uint32_t t = 0; t < world->type_count; t++) {
        const EcsPool *pool = world->pools[t];
        if (pool == NULL || pool->moved || (world->replace_types & ECS_BIT(t)))
            continue;
        for (uint32_t s = 0; s < pool->span_count; s++) {
            const EcsSpan *span = &pool->spans[s];
            uint32_t mask = ecs_key_mask(span->key);
            for (uint32_t u = t + 1u; u < world->type_count; u++) {
                const EcsPool *other = world->pools[u];
                if (!(mask & ECS_BIT(u)) || other == NULL || other->moved ||
                    (world->replace_types & ECS_BIT(u)))
                    continue;
                uint64_t key = ecs_span_key(other, mask);
                uint32_t o = ecs_pool_span_lower(other, key);
                uint32_t a = span->start, b = o < other->span_count ? other->spans[o].start : 0;
                uint32_t b_end =
                    o < other->span_count && other->spans[o].key == key ? other->spans[o].end : b;
                for (;;) {
                    while (a < span->end && (pool->dense[a] & ECS_HOLE))
                        a++;
                    while (b < b_end && (other->dense[b] & ECS_HOLE))
                        b++;
                    if (a == span->end || b == b_end)
                        break;
                    if (pool->dense[a] != other->dense[b])
                        return fail(&r, "set %#x lists slot %u in %s where %s has %u", mask,
                                    pool->dense[a], world->types[t].desc.name,
                                    world->types[u].desc.name, other->dense[b]);
                    a++;
                    b++;
                }
                if (a != span->end || b != b_end)
                    return fail(&r, "set %#x: %s and %s hold different entities", mask,
                                world->types[t].desc.name, world->types[u].desc.name);
            }
        }
    }

    /* At rest, a group's part is the same in every owned pool. */
    for (int g = 0; g < world->group_count; g++) {
        const EcsGroup *group = &world->groups[g];
        const EcsPool *first = world->pools[group->types[0]];
        bool rest = true;
        for (int k = 0; k < group->type_count; k++) {
            const EcsPool *pool = world->pools[group->types[k]];
            rest = rest && !pool->moved && !pool->group_changed;
            if (pool->group != g || pool->group_mask != group->mask)
                return fail(&r, "pool %s does not know its group",
                            world->types[group->types[k]].desc.name);
        }
        for (int k = 1; k < group->type_count && rest; k++) {
            const EcsPool *pool = world->pools[group->types[k]];
            if (pool->split != first->split ||
                (first->split > 0 && memcmp(pool->dense, first->dense,
                                            (size_t)first->split * sizeof *first->dense) != 0))
                return fail(&r, "group %d: pools %s and %s differ in the group's part", g,
                            world->types[group->types[0]].desc.name,
                            world->types[group->types[k]].desc.name);
        }
    }
    return true;
}
