/*
** pool.c -- one sparse set per component type.
**
** A pool answers two questions fast: "walk every component of this type"
** and "where is the component of entity 42?". It keeps three arrays:
**
**   data   the components, packed with no holes, in a plain array; this is
**          what systems walk, so iteration is cache friendly;
**   dense  dense[i] is the slot index of the entity owning data[i];
**   sparse sparse[e] is the position of entity e's component in data, or
**          ECS_NONE. It may have holes; nobody walks it, it is only read at
**          one index at a time.
**
** So has/get are one sparse read, add appends to data and records its
** position, and remove is O(1) by "swap and pop": the last component moves
** into the hole and its entity's sparse entry is updated. Example, three
** entities A, B, C with a component each: data = [a, b, c], dense = [A, B, C].
** Removing B copies c over b and points sparse[C] at 1: data = [a, c],
** dense = [A, C]. Order changes, holes never appear.
**
** The sparse index is paged: pages of 1024 positions are allocated when an
** entity of that range first gets the component, so a world whose few
** entities have high indices does not pay for index-sized arrays.
**
** Order. Appends and swap-and-pop scramble the dense order; ecs_flush, the
** defined point after each system, puts every pool that changed back in
** ascending slot-index order (ecs_pool_sort). At rest, then, all pools list
** their entities in the same order, so the entities two pools share sit in
** the same sequence in both: a view walks them side by side (view.c), and
** iteration order is a function of which entities exist, not of the history
** of adds and removes, which the determinism contract likes.
**
** A pointer into `data` is invalidated by any add or remove on the pool, and
** by the flush that follows.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

EcsPool *ecs_pool_create(size_t size)
{
    EcsPool *pool = calloc(1, sizeof *pool);
    if (pool == NULL)
        return NULL;
    pool->size = size;
    pool->group = -1;
    return pool;
}

void ecs_pool_destroy(EcsPool *pool)
{
    if (pool == NULL)
        return;
    for (uint32_t p = 0; p < pool->page_count; p++)
        free(pool->pages[p]);
    free(pool->pages);
    free(pool->dense);
    free(pool->data);
    free(pool);
}

static bool grow_dense(EcsPool *pool)
{
    uint32_t capacity = pool->capacity ? pool->capacity * 2u : 64u;
    if (capacity <= pool->capacity) /* overflow */
        return false;
    unsigned char *data = realloc(pool->data, (size_t)capacity * pool->size);
    if (data == NULL)
        return false;
    pool->data = data;
    uint32_t *dense = realloc(pool->dense, (size_t)capacity * sizeof *dense);
    if (dense == NULL)
        return false;
    pool->dense = dense;
    pool->capacity = capacity;
    return true;
}

/* The sparse entry for slot `index`, allocating its page if needed. */
static uint32_t *sparse_entry(EcsPool *pool, uint32_t index)
{
    uint32_t page = index >> ECS_PAGE_BITS;
    if (page >= pool->page_count) {
        uint32_t count = pool->page_count ? pool->page_count : 4u;
        while (count <= page)
            count *= 2u;
        uint32_t **pages = realloc(pool->pages, (size_t)count * sizeof *pages);
        if (pages == NULL)
            return NULL;
        memset(pages + pool->page_count, 0,
               (size_t)(count - pool->page_count) * sizeof *pages);
        pool->pages = pages;
        pool->page_count = count;
    }
    if (pool->pages[page] == NULL) {
        uint32_t *fresh = malloc(ECS_PAGE_SIZE * sizeof *fresh);
        if (fresh == NULL)
            return NULL;
        memset(fresh, 0xff, ECS_PAGE_SIZE * sizeof *fresh); /* ECS_NONE */
        pool->pages[page] = fresh;
    }
    return &pool->pages[page][index & ECS_PAGE_MASK];
}

uint32_t *ecs_pool_grow(EcsPool *pool, uint32_t index)
{
    if (pool->count == pool->capacity && !grow_dense(pool))
        return NULL;
    return sparse_entry(pool, index);
}

void ecs_pool_remove_at(EcsPool *pool, uint32_t pos)
{
    assert(pos < pool->count);
    uint32_t removed = pool->dense[pos];
    uint32_t last = pool->count - 1u;
    pool->version++;
    if (pos != last) {
        uint32_t moved = pool->dense[last];
        ecs_copy_component(ecs_pool_at(pool, pos), ecs_pool_at(pool, last), pool->size);
        pool->dense[pos] = moved;
        pool->pages[moved >> ECS_PAGE_BITS][moved & ECS_PAGE_MASK] = pos;
        pool->unsorted = true;
    }
    pool->pages[removed >> ECS_PAGE_BITS][removed & ECS_PAGE_MASK] = ECS_NONE;
    pool->count = last;
}

void ecs_pool_swap(EcsPool *pool, uint32_t a, uint32_t b)
{
    if (a == b)
        return;
    unsigned char *pa = ecs_pool_at(pool, a);
    unsigned char *pb = ecs_pool_at(pool, b);
    unsigned char tmp[64];
    for (size_t done = 0; done < pool->size; done += sizeof tmp) {
        size_t n = pool->size - done < sizeof tmp ? pool->size - done : sizeof tmp;
        memcpy(tmp, pa + done, n);
        memcpy(pa + done, pb + done, n);
        memcpy(pb + done, tmp, n);
    }
    uint32_t ea = pool->dense[a], eb = pool->dense[b];
    pool->version++;
    pool->dense[a] = eb;
    pool->dense[b] = ea;
    pool->pages[ea >> ECS_PAGE_BITS][ea & ECS_PAGE_MASK] = b;
    pool->pages[eb >> ECS_PAGE_BITS][eb & ECS_PAGE_MASK] = a;
    pool->unsorted = true;
}

/* The sparse index already lists the pool's entities in slot order: a scan of
** its pages, gathering the positions that fall in [lo, hi), is the sort. */
bool ecs_pool_sort(EcsPool *pool, uint32_t lo, uint32_t hi)
{
    uint32_t n = hi - lo;
    uint32_t i = lo + 1u;
    while (i < hi && pool->dense[i - 1u] < pool->dense[i])
        i++;
    if (i >= hi)
        return true; /* already in order */

    unsigned char *data = malloc((size_t)n * pool->size);
    uint32_t *dense = malloc((size_t)n * sizeof *dense);
    if (data == NULL || dense == NULL) {
        free(data);
        free(dense);
        return false;
    }
    uint32_t j = 0;
    for (uint32_t p = 0; p < pool->page_count && j < n; p++) {
        const uint32_t *page = pool->pages[p];
        if (page == NULL)
            continue;
        for (uint32_t off = 0; off < ECS_PAGE_SIZE; off++) {
            uint32_t pos = page[off];
            if (pos >= lo && pos < hi) { /* ECS_NONE is never < hi */
                ecs_copy_component(data + (size_t)j * pool->size, ecs_pool_at(pool, pos), pool->size);
                dense[j++] = (p << ECS_PAGE_BITS) | off;
            }
        }
    }
    assert(j == n);
    pool->version++;
    memcpy(ecs_pool_at(pool, lo), data, (size_t)n * pool->size);
    memcpy(pool->dense + lo, dense, (size_t)n * sizeof *dense);
    for (j = 0; j < n; j++) {
        uint32_t index = dense[j];
        pool->pages[index >> ECS_PAGE_BITS][index & ECS_PAGE_MASK] = lo + j;
    }
    free(data);
    free(dense);
    return true;
}

size_t ecs_pool_bytes(const EcsPool *pool)
{
    size_t bytes = sizeof *pool;
    bytes += (size_t)pool->capacity * (pool->size + sizeof *pool->dense);
    bytes += (size_t)pool->page_count * sizeof *pool->pages;
    for (uint32_t p = 0; p < pool->page_count; p++)
        if (pool->pages[p] != NULL)
            bytes += ECS_PAGE_SIZE * sizeof **pool->pages;
    return bytes;
}
