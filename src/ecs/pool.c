/* SPDX-License-Identifier: Zlib */
/*
** pool.c -- one sparse set per component type, kept in archetype order.
**
** A pool answers two questions fast: "walk every component of this type"
** and "where is the component of entity 42?". It keeps three arrays:
**
**   data   the components, in a plain array; this is what systems walk;
**   dense  dense[i] is the slot index of the entity owning data[i];
**   sparse sparse[e] is the position of entity e's component, or ECS_NONE.
**          It is paged: pages of 1024 positions are made (carved from
**          bigger blocks) when an entity of that range first gets the
**          component, so a world whose few entities have high indices does
**          not pay for index-sized arrays. Nobody walks it; it is read one
**          index at a time.
**
** So has and get are one sparse read, and add appends and records the
** position: O(1).
**
** Order. At rest (after ecs_flush) the dense part is sorted by component
** set, so each set present -- an archetype -- is one contiguous span of
** every pool holding it, and within a span the entities come in the order
** they came into that set: those placed at an earlier flush first, those
** placed by one flush in slot order. Entities A(P,V) B(P) C(P,V) D(P,V,H),
** made in that order and flushed, give
**
**   pool P:  [B] [A C] [D]        spans {P} {P,V} {P,V,H}
**   pool V:  [A C] [D]            spans {P,V} {P,V,H}
**
** and the entities having P and V are the spans {P,V} and {P,V,H}, each in
** the same order in both pools: a view walks them as a few long runs of
** plain arrays (view.c). If B then gains V, it comes last in {P,V}, in
** both pools: [A C B]. The order is a function of the history of adds and
** removes, the same history giving the same order everywhere, which the
** determinism contract needs: replays and restored snapshots (which copy
** the layout) iterate alike. Keeping the slot order instead would make
** every newcomer a search and a shift into the middle of its span; coming
** last, it fills room left at the span's end (order.c).
** A pool owned by a group ranks the sets holding the whole group first
** (ecs_span_key), so the group's entities lead every owned pool (group.c).
** `spans` lists the spans in position order, each with its key.
**
** Changes between flushes. The dense part has two halves:
**
**   [0, ordered)    in key order, with tombstones;
**   [ordered, end)  the tail: components added since the flush, in any order.
**
** Add appends to the tail. Remove in the ordered part leaves a tombstone:
** the position stays, its dense entry gets the ECS_HOLE bit and keeps its
** slot, and a span keeps its extent; nothing moves, so the entity's other
** pools are untouched and a destroy is a few writes.
** Remove in the tail is swap-and-pop (the tail has no order to keep). An
** entity whose set changes has its other components in the wrong span:
** order.c notes it and moves them at the flush. Until then the pool is
** `moved` and views over it probe (view.c) instead of walking spans.
**
** The flush (order.c) sorts the tail and places it at its spans' ends,
** into room left there or by moving a few entries, so it costs about what
** changed; a pool with many tombstones is laid out again. A pointer into
** `data` is invalidated by any add or remove on the pool, and by the flush
** that follows.
**
** A tag (a component of size 0) has no data: `data` points at a byte of
** the pool, which is also the token ecs_add returns for it. Everything else
** -- membership, spans, order -- is the same.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

EcsPool *ecs_pool_create(EcsWorld *world, size_t size)
{
    EcsPool *pool = ecs_malloc(world, sizeof *pool);
    if (pool == NULL)
        return NULL;
    memset(pool, 0, sizeof *pool);
    pool->size = size;
    pool->group = -1;
    if (size == 0)
        pool->data = &pool->tag_token;
    return pool;
}

void ecs_pool_destroy(EcsPool *pool)
{
    if (pool == NULL)
        return;
    for (uint32_t c = 0; c < pool->chunk_count; c++)
        ecs_release(pool->chunks[c].pages, pool->chunks[c].held);
    free(pool->chunks);
    free(pool->pages);
    ecs_release(pool->dense, pool->dense_held);
    if (pool->size > 0)
        ecs_release(pool->data, pool->data_held);
    free(pool->spans);
    free(pool->hole_list);
    free(pool);
}

bool ecs_pool_reserve(EcsWorld *world, EcsPool *pool, uint32_t need)
{
    if (need <= pool->capacity)
        return true;
    uint32_t capacity = pool->capacity ? pool->capacity : 64u;
    while (capacity < need) {
        if (capacity >= ECS_MAX_SLOTS)
            return false;
        capacity *= 2u;
    }
    if (pool->size > 0) {
        unsigned char *data =
            ecs_grow(world, pool->data, &pool->data_held, (size_t)capacity * pool->size);
        if (data == NULL)
            return false;
        pool->data = data;
    }
    uint32_t *dense =
        ecs_grow(world, pool->dense, &pool->dense_held, (size_t)capacity * sizeof *dense);
    if (dense == NULL)
        return false; /* data grew alone: harmless, capacity says the old size */
    pool->dense = dense;
    pool->capacity = capacity;
    return true;
}

/* A capacity of at least `need`, doubling from `have` (or `first`). */
static uint32_t doubled(uint32_t have, uint32_t need, uint32_t first)
{
    uint32_t capacity = have ? have : first;
    while (capacity < need)
        capacity *= 2u;
    return capacity;
}

bool ecs_pool_reserve_spans(EcsWorld *world, EcsPool *pool, uint32_t need)
{
    if (need <= pool->span_capacity)
        return true;
    uint32_t capacity = doubled(pool->span_capacity, need, 8u);
    EcsSpan *spans = ecs_realloc(world, pool->spans, (size_t)capacity * sizeof *spans);
    if (spans == NULL)
        return false;
    pool->spans = spans;
    pool->span_capacity = capacity;
    return true;
}

/* Sparse pages are carved from chunks that double from one page up to 2 MB
** (512 pages), then stay at 2 MB (or whatever bigger mapping memory.c had
** kept): a pool of a few entities holds one 4 KB page, and a million-entity
** pool's thousand pages come from about ten chunks rather than a thousand
** allocations, the big ones in huge pages and handed on to the next world
** when this one goes. Pages are never given back one by one: a pool keeps
** its pages until it goes. */
static uint32_t *carve_page(EcsWorld *world, EcsPool *pool)
{
    enum { MOST = 512 };
    if (pool->chunk_pages_left == 0) {
        if (pool->chunk_count == pool->chunk_capacity) {
            uint32_t capacity = pool->chunk_capacity ? pool->chunk_capacity * 2u : 4u;
            EcsChunk *grown = ecs_realloc(world, pool->chunks, (size_t)capacity * sizeof *grown);
            if (grown == NULL)
                return NULL;
            pool->chunks = grown;
            pool->chunk_capacity = capacity;
        }
        uint32_t pages = pool->chunk_count < 9u ? 1u << pool->chunk_count : MOST;
        EcsChunk chunk = {NULL, 0};
        chunk.pages =
            ecs_grow(world, NULL, &chunk.held, (size_t)pages * ECS_PAGE_SIZE * sizeof *chunk.pages);
        if (chunk.pages == NULL)
            return NULL;
        pool->chunks[pool->chunk_count++] = chunk;
        pool->chunk_pages_left = (uint32_t)(chunk.held / (ECS_PAGE_SIZE * sizeof *chunk.pages));
    }
    const EcsChunk *last = &pool->chunks[pool->chunk_count - 1u];
    size_t carved = last->held / (ECS_PAGE_SIZE * sizeof *last->pages) - pool->chunk_pages_left--;
    return last->pages + carved * ECS_PAGE_SIZE;
}

uint32_t *ecs_pool_sparse_entry(EcsWorld *world, EcsPool *pool, uint32_t index)
{
    uint32_t page = index >> ECS_PAGE_BITS;
    if (page >= pool->page_count) {
        uint32_t count = pool->page_count ? pool->page_count : 4u;
        while (count <= page)
            count *= 2u;
        uint32_t **pages = ecs_realloc(world, pool->pages, (size_t)count * sizeof *pages);
        if (pages == NULL)
            return NULL;
        memset(pages + pool->page_count, 0, (size_t)(count - pool->page_count) * sizeof *pages);
        pool->pages = pages;
        pool->page_count = count;
    }
    if (pool->pages[page] == NULL) {
        uint32_t *fresh = carve_page(world, pool);
        if (fresh == NULL)
            return NULL;
        memset(fresh, 0xff, ECS_PAGE_SIZE * sizeof *fresh); /* ECS_NONE */
        pool->pages[page] = fresh;
    }
    return &pool->pages[page][index & ECS_PAGE_MASK];
}

uint32_t *ecs_pool_grow(EcsWorld *world, EcsPool *pool, uint32_t index)
{
    if (!ecs_pool_reserve(world, pool, pool->end + 1u))
        return NULL;
    return ecs_pool_sparse_entry(world, pool, index);
}

bool ecs_pool_reserve_holes(EcsWorld *world, EcsPool *pool, uint32_t need)
{
    if (need <= pool->hole_capacity)
        return true;
    uint32_t capacity = doubled(pool->hole_capacity, need, 64u);
    uint32_t *grown = ecs_realloc(world, pool->hole_list, (size_t)capacity * sizeof *grown);
    if (grown == NULL)
        return false;
    pool->hole_list = grown;
    pool->hole_capacity = capacity;
    return true;
}

void ecs_pool_list_hole(EcsWorld *world, EcsPool *pool, uint32_t pos)
{
    /* Past the point where the flush lays the pool out again (and reads it
    ** anyway), the list stops growing. */
    if (pool->holes <= 64u + pool->count / 16u + pool->slack &&
        ecs_pool_reserve_holes(world, pool, pool->holes + 1u)) {
        pool->hole_list[pool->holes] = pos;
        return;
    }
    pool->hole_unlisted = true;
}

uint32_t ecs_pool_span_at(const EcsPool *pool, uint32_t pos)
{
    assert(pos < pool->ordered && pool->span_count > 0);
    uint32_t lo = 0, hi = pool->span_count - 1u;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo + 1u) / 2u;
        if (pool->spans[mid].start <= pos)
            lo = mid;
        else
            hi = mid - 1u;
    }
    return lo;
}

uint32_t ecs_pool_span_lower(const EcsPool *pool, uint64_t key)
{
    uint32_t lo = 0, hi = pool->span_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (pool->spans[mid].key < key)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo;
}

size_t ecs_pool_bytes(const EcsPool *pool)
{
    size_t bytes = sizeof *pool;
    bytes += (size_t)pool->capacity * (pool->size + sizeof *pool->dense);
    bytes += (size_t)pool->span_capacity * sizeof *pool->spans;
    bytes += (size_t)pool->hole_capacity * sizeof *pool->hole_list;
    bytes += (size_t)pool->page_count * sizeof *pool->pages;
    bytes += (size_t)pool->chunk_capacity * sizeof *pool->chunks;
    for (uint32_t c = 0; c < pool->chunk_count; c++)
        bytes += pool->chunks[c].held;
    return bytes;
}
