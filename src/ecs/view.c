/* SPDX-License-Identifier: Zlib */
/*
** view.c -- walking the entities that have a given set of components.
**
** At rest. After a flush every pool is in component set order, each set
** listing its entities in the order they came into it (pool.c), so the
** entities a view wants are whole spans: those whose set holds every term. Each such set is a span of every term's pool, listing
** the same entities in the same order. The view takes the smallest pool
** (the driver) and, for each of its spans whose set holds the terms, finds
** the span of the same set in the other pools by binary search on the span
** keys. A stretch that is contiguous in every pool is a run: the caller gets,
** for each term, a plain array of it.count components. Tombstones split a
** run where they sit (their positions come from a pool's list of them when
** it is in order, as after a flush that reordered the pool, else from
** reading the span); runs that continue one another in every pool are
** joined, so a group's sets (group.c), laid out alike in its pools, are one
** run, and so are the sets of a one-term view. Iteration order is the
** driver's: set by set in its span order, each set in the order its
** entities came into it, which every pool of the set shares.
**
**   pool P:  [B] [A C] [D]     view P,V: V drives; its span {P,V} is at
**   pool V:  [A C] [D]         0 in V and 1 in P, {P,V,H} at 2 and 3:
**                              the runs (P 1, V 0, 2) and (P 3, V 2, 1)
**                              continue each other, so one run of 3.
**
** The run list is remembered (EcsViewCache): one entry per list of terms,
** holding the runs and the versions of the pools they were made from
** (every change to a pool bumps its version). A view over unchanged pools
** compares nothing and looks nothing up: it hands out the remembered runs,
** the usual case from tick to tick. An entry read by an open iterator is
** pinned and never rebuilt under it; nested views that would need it use
** another entry or probe.
**
** Between flushes. A pool with a tail (`moved`), or holding components of
** an entity whose set changed (world->replace_types), is not in span order,
** so a view over it probes: the driver's entries are
** visited in position order, tombstones skipped, and the other pools probed
** for each (first at the same position, which pools filled together share,
** then through the sparse index). A stretch where the dense arrays agree is
** handed out as one run. That is always right, and fast for pools filled
** together; the order is then the pools' current one.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

static void iter_close(EcsIter *it)
{
    if (it->open) {
        it->open = false;
        it->world->iterating--;
        if (it->cache >= 0)
            it->world->cache[it->cache].pins--;
    }
    it->count = 0;
}

/* ---- remembered runs ---- */

static uint32_t terms_hash(const EcsComponent *terms, int n)
{
    uint32_t h = 2166136261u;
    for (int k = 0; k < n; k++)
        h = (h ^ terms[k]) * 16777619u;
    return h;
}

static bool same_terms(const EcsViewCache *c, const EcsComponent *terms, int n)
{
    if (c->term_count != n)
        return false;
    for (int k = 0; k < n; k++)
        if (c->terms[k] != terms[k])
            return false;
    return true;
}

/* Appends a run, or extends the last one when it continues it in every pool. */
static bool add_run(EcsWorld *world, EcsViewCache *c, int n, const uint32_t *at, uint32_t len)
{
    uint32_t width = (uint32_t)n + 1u;
    if (c->run_count > 0) {
        uint32_t *last = c->runs + (size_t)(c->run_count - 1u) * width;
        int k = 0;
        while (k < n && last[k] + last[n] == at[k])
            k++;
        if (k == n) {
            last[n] += len;
            return true;
        }
    }
    if ((c->run_count + 1u) * width > c->capacity) {
        uint32_t capacity = c->capacity ? c->capacity * 2u : 16u * width;
        uint32_t *runs = ecs_realloc(world, c->runs, (size_t)capacity * sizeof *runs);
        if (runs == NULL)
            return false;
        c->runs = runs;
        c->capacity = capacity;
    }
    uint32_t *run = c->runs + (size_t)c->run_count * width;
    memcpy(run, at, (size_t)n * sizeof *run);
    run[n] = len;
    c->run_count++;
    return true;
}

/* The pool lists its tombstones in position order. */
static bool listed(const EcsPool *pool)
{
    return !pool->hole_unlisted && pool->hole_sorted == pool->holes;
}

/* Builds the run list of a view whose pools are all at rest. */
static bool build_runs(EcsWorld *world, EcsViewCache *c, EcsPool *const *pools, int n, int driver,
                       uint32_t mask)
{
    c->run_count = 0;
    const EcsPool *lead = pools[driver];
    uint32_t at[ECS_MAX_TERMS], lim[ECS_MAX_TERMS];
    for (uint32_t s = 0; s < lead->span_count; s++) {
        const EcsSpan *span = &lead->spans[s];
        uint32_t set = ecs_key_mask(span->key);
        if ((set & mask) != mask)
            continue;
        bool present = true;
        for (int k = 0; k < n && present; k++) {
            const EcsPool *pool = pools[k];
            const EcsSpan *own = span;
            if (k != driver) {
                uint64_t key = ecs_span_key(pool, set);
                uint32_t i = ecs_pool_span_lower(pool, key);
                /* Absent: the set has only tombstones left in the driver. */
                present = i < pool->span_count && pool->spans[i].key == key;
                own = present ? &pool->spans[i] : NULL;
            }
            if (present) {
                at[k] = own->start;
                lim[k] = own->end;
            }
        }
        /* Where each pool's tombstones are: from its list when that is in
        ** order (after a flush that reordered the pool; one that only
        ** removed leaves it unsorted), else by reading the span. */
        uint32_t next[ECS_MAX_TERMS];
        for (int k = 0; k < n && present; k++) {
            const EcsPool *pool = pools[k];
            next[k] = 0;
            if (listed(pool)) {
                uint32_t a = 0, b = pool->holes;
                while (a < b) {
                    uint32_t mid = a + (b - a) / 2u;
                    if (pool->hole_list[mid] < at[k])
                        a = mid + 1u;
                    else
                        b = mid;
                }
                next[k] = a;
            }
        }
        while (present) {
            uint32_t len = UINT32_MAX;
            for (int k = 0; k < n; k++) {
                const EcsPool *pool = pools[k];
                if (pool->holes == 0) {
                    /* none */
                } else if (listed(pool)) {
                    while (at[k] < lim[k] && next[k] < pool->holes &&
                           pool->hole_list[next[k]] == at[k]) {
                        at[k]++;
                        next[k]++;
                    }
                } else {
                    while (at[k] < lim[k] && (pool->dense[at[k]] & ECS_HOLE))
                        at[k]++;
                }
                uint32_t room = lim[k] - at[k];
                len = room < len ? room : len;
            }
            if (len == 0)
                break;
            for (int k = 0; k < n; k++) {
                const EcsPool *pool = pools[k];
                if (pool->holes == 0)
                    continue;
                if (listed(pool)) {
                    if (next[k] < pool->holes && pool->hole_list[next[k]] - at[k] < len)
                        len = pool->hole_list[next[k]] - at[k];
                    continue;
                }
                uint32_t r = 0;
                while (r < len && !(pool->dense[at[k] + r] & ECS_HOLE))
                    r++;
                len = r;
            }
#ifndef NDEBUG
            for (int k = 0; k < n; k++)
                assert(pools[k]->dense[at[k]] == lead->dense[at[driver]]);
#endif
            if (!add_run(world, c, n, at, len))
                return false;
            for (int k = 0; k < n; k++)
                at[k] += len;
        }
    }
    return true;
}

/* The remembered runs of a view over pools at rest, pinned; -1 when none
** could be had (both candidate entries pinned, or out of memory). A list of
** terms has two candidate entries; a new list takes an unused one, else the
** second, so two lists sharing a first entry both stay. */
static int cached_runs(EcsWorld *world, const EcsComponent *terms, EcsPool *const *pools, int n,
                       int driver, uint32_t mask)
{
    uint32_t h = terms_hash(terms, n);
    int candidates[2] = {(int)(h % ECS_CACHE_SIZE), (int)((h + 1u) % ECS_CACHE_SIZE)};
    int pick = -1;
    for (int probe = 0; probe < 2 && pick < 0; probe++) {
        EcsViewCache *c = &world->cache[candidates[probe]];
        if (!same_terms(c, terms, n))
            continue;
        bool fresh = true;
        for (int k = 0; k < n && fresh; k++)
            fresh = c->versions[k] == pools[k]->version;
        if (fresh) {
            c->pins++;
            return candidates[probe];
        }
        pick = c->pins == 0 ? candidates[probe] : -1; /* stale while pinned: never */
    }
    for (int probe = 0; probe < 2 && pick < 0; probe++)
        if (world->cache[candidates[probe]].term_count == 0)
            pick = candidates[probe];
    for (int probe = 1; probe >= 0 && pick < 0; probe--)
        if (world->cache[candidates[probe]].pins == 0)
            pick = candidates[probe];
    if (pick < 0)
        return -1;
    EcsViewCache *c = &world->cache[pick];
    c->term_count = 0;
    if (!build_runs(world, c, pools, n, driver, mask))
        return -1;
    memcpy(c->terms, terms, (size_t)n * sizeof *terms);
    for (int k = 0; k < n; k++)
        c->versions[k] = pools[k]->version;
    c->term_count = n;
    c->pins++;
    return pick;
}

void ecs_view_forget(EcsWorld *world)
{
    for (int e = 0; e < ECS_CACHE_SIZE; e++) {
        assert(world->cache[e].pins == 0);
        world->cache[e].term_count = 0;
    }
}

/* ---- iteration ---- */

EcsIter ecs_view_iter(EcsWorld *world, const EcsComponent *terms, int term_count)
{
    assert(term_count >= 1 && term_count <= ECS_MAX_TERMS);
    EcsIter it = {0};
    it.world = world;
    it.term_count = term_count;
    it.cache = -1;
    it.open = true;
    world->iterating++;

    uint32_t mask = 0;
    bool empty = false, rest = true;
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
        rest = rest && !pool->moved && !(world->replace_types & ECS_BIT(t));
        if (it.pools[it.driver] == NULL || pool->count < it.pools[it.driver]->count)
            it.driver = k;
    }
    if (empty)
        return it; /* end stays 0 */
    if (rest) {
        it.cache = cached_runs(world, terms, it.pools, term_count, it.driver, mask);
        if (it.cache >= 0) {
            it.end = world->cache[it.cache].run_count;
            return it;
        }
    }
    it.end = it.pools[it.driver]->end;
    return it;
}

/* How many leading entries of a are live, up to n. */
static uint32_t live_run(const uint32_t *a, uint32_t n)
{
    uint32_t r = 0;
    while (r < n && !(a[r] & ECS_HOLE))
        r++;
    return r;
}

/* How many leading entries of a and b agree, up to n. */
static uint32_t common_run(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    uint32_t r = 0;
    while (r < n && a[r] == b[r])
        r++;
    return r;
}

static bool next_cached(EcsIter *it)
{
    const EcsViewCache *c = &it->world->cache[it->cache];
    if (it->pos >= it->end) {
        iter_close(it);
        return false;
    }
    int n = it->term_count;
    const uint32_t *run = c->runs + (size_t)it->pos * ((uint32_t)n + 1u);
    for (int k = 0; k < n; k++)
        it->fields[k] = ecs_pool_at(it->pools[k], run[k]);
    it->indices = it->pools[0]->dense + run[0];
    it->count = (int)run[n];
    it->pos++;
    return true;
}

bool ecs_iter_next(EcsIter *it)
{
    if (!it->open)
        return false;
    if (it->cache >= 0)
        return next_cached(it);

    if (it->pos >= it->end) { /* also covers a view over an empty pool */
        iter_close(it);
        return false;
    }
    const EcsPool *lead = it->pools[it->driver];
    const uint32_t *order = lead->dense;
    uint32_t at[ECS_MAX_TERMS];
    for (uint32_t i = it->pos; i < it->end; i++) {
        uint32_t index = order[i];
        if (index & ECS_HOLE)
            continue;
        uint32_t longest = it->end - i;
        int k = 0;
        for (; k < it->term_count; k++) {
            const EcsPool *pool = it->pools[k];
            uint32_t p = i;
            if (k != it->driver && (i >= pool->end || pool->dense[i] != index) &&
                (p = ecs_pool_find(pool, index)) == ECS_NONE)
                break;
            at[k] = p;
            if (pool->end - p < longest)
                longest = pool->end - p;
        }
        if (k < it->term_count)
            continue; /* not in every pool */

        /* Extend the run while every pool keeps the driver's order, then
        ** end it at the driver's next tombstone. */
        uint32_t run = longest;
        for (k = 0; k < it->term_count && run > 1; k++)
            if (k != it->driver)
                run = common_run(order + i, it->pools[k]->dense + at[k], run);
        run = live_run(order + i, run);

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

void ecs_view_each(EcsWorld *world, const EcsComponent *terms, int term_count, EcsEachFn fn,
                   void *ctx)
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
