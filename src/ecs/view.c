/*
** view.c -- walking the entities that have a given set of components.
**
** The smallest pool of the view drives the walk: the intersection can be no
** larger, so the cost is bounded by the rarest component. For each entity of
** the driver, the other pools are probed for its position.
**
** The probe has a fast path. Pools that were filled together (entities
** created with the same components, in the same order) hold their entities
** in the same order, so the entity at driver position i is very often at
** position i of the other pools too: one comparison instead of a sparse
** lookup. Once a match is found at positions (i, p1, p2, ...), the walk
** extends it as far as the dense entity arrays keep agreeing: driver[i+r] ==
** pool1[p1+r] == pool2[p2+r] ... Such a stretch is handed to the caller as a
** run: for each term, a plain array of it.count components. The caller's
** inner loop then runs over arrays, and the per-entity cost of the view is
** one comparison per extra pool. Pools in unrelated orders give runs of one
** entity, which is the classic sparse-set view.
**
** Pools at rest are in slot order (pool.c), so pools holding the same
** entities hold them at the same positions, and one run covers the view.
** Comparing the entity arrays still costs a pass over them; the world
** remembers, for a few pairs of pools, how long a prefix they share and at
** which versions of the two pools (every change bumps a version), so a view
** over unchanged pools compares nothing: the usual case from tick to tick.
**
** When the terms are exactly an owning group (group.c) there is nothing to
** compare either: the group is packed at the front of every pool, one run.
*/
#include "ecs_internal.h"

#include <string.h>

static void iter_close(EcsIter *it)
{
    if (it->open) {
        it->open = false;
        it->world->iterating--;
    }
    it->count = 0;
}

EcsIter ecs_view_iter(EcsWorld *world, const EcsComponent *terms, int term_count)
{
    assert(term_count >= 1 && term_count <= ECS_MAX_TERMS);
    EcsIter it = {0};
    it.world = world;
    it.term_count = term_count;
    it.open = true;
    world->iterating++;

    uint32_t mask = 0;
    bool empty = false;
    for (int k = 0; k < term_count; k++) {
        EcsComponent t = terms[k];
        assert(t < world->type_count && "view over an unregistered component");
        EcsPool *pool = t < world->type_count ? world->pools[t] : NULL;
        if (pool == NULL || pool->count == 0) {
            empty = true;
            continue;
        }
        it.pools[k] = pool;
        mask |= ECS_BIT(t);
        if (it.pools[it.driver] == NULL || pool->count < it.pools[it.driver]->count)
            it.driver = k;
    }
    if (empty)
        return it; /* end stays 0 */

    int g = it.pools[0]->group;
    if (g >= 0) {
        const EcsGroup *group = &world->groups[g];
        if (group->mask == mask && group->type_count == term_count) {
            it.grouped = true;
            it.end = group->size;
            return it;
        }
    }
    it.end = it.pools[it.driver]->count;
    return it;
}

/* How many leading entries of a and b agree, up to n. Blocks go through
** memcmp, which the C library vectorises. */
static uint32_t common_prefix(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    enum { BLOCK = 64, SHORT = 8 };
    uint32_t r = 0;
    while (r < n && r < SHORT && a[r] == b[r])
        r++;
    if (r < SHORT) /* pools in unrelated orders: decided in a few steps */
        return r;
    while (r + BLOCK <= n && memcmp(a + r, b + r, BLOCK * sizeof *a) == 0)
        r += BLOCK;
    while (r < n && a[r] == b[r])
        r++;
    return r;
}

/* How long a prefix the dense arrays of a and b share: remembered, or
** compared once and remembered. */
static uint32_t shared_prefix(EcsWorld *world, const EcsPool *a, const EcsPool *b)
{
    for (int m = 0; m < ECS_MEMO_SIZE; m++) {
        const EcsOrderMemo *memo = &world->memo[m];
        if (memo->a == a && memo->b == b && memo->version_a == a->version &&
            memo->version_b == b->version)
            return memo->common;
    }
    uint32_t n = a->count < b->count ? a->count : b->count;
    uint32_t common = common_prefix(a->dense, b->dense, n);
    world->memo[world->memo_next] = (EcsOrderMemo){a, b, a->version, b->version, common};
    world->memo_next = (world->memo_next + 1u) % ECS_MEMO_SIZE;
    return common;
}

bool ecs_iter_next(EcsIter *it)
{
    if (!it->open)
        return false;

    if (it->grouped) {
        if (it->pos == 0 && it->end > 0) {
            for (int k = 0; k < it->term_count; k++)
                it->fields[k] = it->pools[k]->data;
            it->indices = it->pools[0]->dense;
            it->count = (int)it->end;
            it->pos = it->end;
            return true;
        }
        iter_close(it);
        return false;
    }

    if (it->pos >= it->end) { /* also covers a view over an empty pool */
        iter_close(it);
        return false;
    }
    const uint32_t *order = it->pools[it->driver]->dense;
    uint32_t at[ECS_MAX_TERMS];
    for (uint32_t i = it->pos; i < it->end; i++) {
        uint32_t index = order[i];
        uint32_t longest = it->end - i;
        int k = 0;
        for (; k < it->term_count; k++) {
            const EcsPool *pool = it->pools[k];
            uint32_t p = i;
            if (k != it->driver && (i >= pool->count || pool->dense[i] != index) &&
                (p = ecs_pool_find(pool, index)) == ECS_NONE)
                break;
            at[k] = p;
            if (pool->count - p < longest)
                longest = pool->count - p;
        }
        if (k < it->term_count)
            continue; /* not in every pool */

        /* Extend the run while every pool keeps the driver's order. */
        const EcsPool *lead = it->pools[it->driver];
        uint32_t run = longest;
        for (k = 0; k < it->term_count && run > 1; k++) {
            if (k == it->driver)
                continue;
            const EcsPool *pool = it->pools[k];
            uint32_t same = at[k] == i ? shared_prefix(it->world, lead, pool) : 0;
            if (same > i)
                run = same - i < run ? same - i : run;
            else
                run = common_prefix(order + i, pool->dense + at[k], run);
        }

        for (k = 0; k < it->term_count; k++)
            it->fields[k] = ecs_pool_at(it->pools[k], at[k]);
        it->indices = order + i;
        it->count = (int)run;
        it->pos = i + run;
        return true;
    }
    iter_close(it);
    return false;
}

void ecs_iter_fini(EcsIter *it)
{
    iter_close(it);
}

EcsEntity ecs_iter_entity(const EcsIter *it, int i)
{
    assert(i >= 0 && i < it->count);
    uint32_t index = it->indices[i];
    return (EcsEntity){index, it->world->slots[index].generation};
}

void ecs_view_each(EcsWorld *world, const EcsComponent *terms, int term_count,
                   EcsEachFn fn, void *ctx)
{
    EcsIter it = ecs_view_iter(world, terms, term_count);
    void *fields[ECS_MAX_TERMS];
    while (ecs_iter_next(&it)) {
        for (int i = 0; i < it.count; i++) {
            for (int k = 0; k < it.term_count; k++)
                fields[k] = (unsigned char *)it.fields[k] + (size_t)i * it.pools[k]->size;
            fn(world, ecs_iter_entity(&it, i), fields, ctx);
        }
    }
}

uint32_t ecs_view_count(EcsWorld *world, const EcsComponent *terms, int term_count)
{
    uint32_t count = 0;
    EcsIter it = ecs_view_iter(world, terms, term_count);
    while (ecs_iter_next(&it))
        count += (uint32_t)it.count;
    return count;
}
