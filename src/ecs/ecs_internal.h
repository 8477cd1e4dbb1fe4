/*
** ecs_internal.h -- the world's insides, shared by the files of src/ecs/.
** Nothing outside src/ecs/ includes this.
*/
#ifndef ECS_INTERNAL_H
#define ECS_INTERNAL_H

#include "ecs.h"

#include <assert.h>
#include <string.h>

/* "No position" in a sparse page, and "no slot" in the free list. */
#define ECS_NONE UINT32_MAX

/* Sparse pages hold 1024 positions: 4 KiB, one page of memory. */
#define ECS_PAGE_BITS 10u
#define ECS_PAGE_SIZE (1u << ECS_PAGE_BITS)
#define ECS_PAGE_MASK (ECS_PAGE_SIZE - 1u)

#define ECS_MAX_GROUPS 16

/* One sparse set: see the essay at the top of pool.c. */
typedef struct EcsPool {
    unsigned char *data; /* dense components, count * size bytes used */
    uint32_t *dense;     /* dense[i]: slot index of the entity owning data[i] */
    uint32_t count;
    uint32_t capacity;
    uint32_t **pages;    /* sparse index, paged; NULL pages are all ECS_NONE */
    uint32_t page_count;
    size_t size;         /* bytes per component */
    int group;           /* owning group, or -1 */
    bool unsorted;       /* may be out of slot-index order; see ecs_pool_sort */
    uint64_t version;    /* bumped by every change of order or membership */
} EcsPool;

/* One entity slot, 8 bytes. The generation is odd while the slot holds a
** live entity and even while it is free. A live slot's `mask` has bit t set
** when the entity has a component of type t, so destroy visits only its own
** pools; a free slot's `mask` is the next free slot (ECS_NONE ends the list). */
typedef struct EcsSlot {
    uint32_t generation;
    uint32_t mask;
} EcsSlot;

#define ECS_BIT(type) (UINT32_C(1) << (type))

typedef struct EcsType {
    EcsComponentDesc desc; /* name and fields owned here */
} EcsType;

typedef struct EcsGroup {
    EcsComponent types[ECS_MAX_TERMS];
    int type_count;
    uint32_t mask;
    uint32_t size;       /* entities packed at the front of each owned pool */
} EcsGroup;

typedef struct EcsSystem {
    char *name;
    EcsSystemFn fn;
    void *ctx;
} EcsSystem;

/* "Pools a and b, at these versions, hold the same entities at positions
** [0, common)": lets a view skip comparing pools it has compared before. */
typedef struct EcsOrderMemo {
    const EcsPool *a, *b;
    uint64_t version_a, version_b;
    uint32_t common;
} EcsOrderMemo;

#define ECS_MEMO_SIZE 8

struct EcsWorld {
    EcsSlot *slots;
    uint32_t slot_count;    /* slots ever used */
    uint32_t slot_capacity;
    uint32_t free_head;     /* first free slot, or ECS_NONE */
    uint32_t alive;

    EcsType types[ECS_MAX_COMPONENTS];
    uint32_t type_count;
    EcsPool *pools[ECS_MAX_COMPONENTS]; /* created on first add */

    EcsGroup groups[ECS_MAX_GROUPS];
    int group_count;

    unsigned char *commands; /* see command.c */
    size_t command_bytes;
    size_t command_capacity;
    uint32_t command_count;

    EcsSystem *systems;
    int system_count;
    int system_capacity;

    int iterating;          /* open iterators; structural changes assert on it */
    EcsOrderMemo memo[ECS_MEMO_SIZE]; /* see view.c */
    uint32_t memo_next;
};

/* ---- pool.c ---- */
EcsPool *ecs_pool_create(size_t size);
void ecs_pool_destroy(EcsPool *pool);
/* Swap-and-pop removal of the component at dense position pos. */
void ecs_pool_remove_at(EcsPool *pool, uint32_t pos);
/* Exchanges two dense positions, keeping the sparse index right. */
void ecs_pool_swap(EcsPool *pool, uint32_t a, uint32_t b);
/* Puts dense positions [lo, hi) back in ascending slot-index order. Returns
** false when out of memory (the pool stays valid, only unsorted). */
bool ecs_pool_sort(EcsPool *pool, uint32_t lo, uint32_t hi);
size_t ecs_pool_bytes(const EcsPool *pool);

/* Dense position of slot `index`, or ECS_NONE. */
static inline uint32_t ecs_pool_find(const EcsPool *pool, uint32_t index)
{
    uint32_t page = index >> ECS_PAGE_BITS;
    if (page >= pool->page_count || pool->pages[page] == NULL)
        return ECS_NONE;
    return pool->pages[page][index & ECS_PAGE_MASK];
}

static inline void *ecs_pool_at(const EcsPool *pool, uint32_t pos)
{
    return pool->data + (size_t)pos * pool->size;
}

/* Components are small; common sizes are copied without a call to memcpy. */
static inline void ecs_copy_component(void *dst, const void *src, size_t size)
{
    switch (size) {
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, size); break;
    }
}

/* The slow half of ecs_pool_push: grows the dense arrays when full and
** allocates the sparse page of `index`. Returns the sparse entry, or NULL
** when out of memory. */
uint32_t *ecs_pool_grow(EcsPool *pool, uint32_t index);

/* Appends a component for slot `index` (not yet present); NULL value zeroes
** it. Returns its dense position, or ECS_NONE when out of memory. Inline:
** it is most of the cost of creating an entity. */
static inline uint32_t ecs_pool_push(EcsPool *pool, uint32_t index, const void *value)
{
    assert(ecs_pool_find(pool, index) == ECS_NONE);
    uint32_t page = index >> ECS_PAGE_BITS;
    uint32_t *entry;
    if (pool->count < pool->capacity && page < pool->page_count &&
        pool->pages[page] != NULL) {
        entry = &pool->pages[page][index & ECS_PAGE_MASK];
    } else {
        /* value may be another entity's component in this very pool
        ** (copying one to another): growing moves it, so keep its place. */
        uintptr_t start = (uintptr_t)pool->data;
        uintptr_t at = (uintptr_t)value;
        bool inside = value != NULL && at >= start && at < start + (uintptr_t)pool->count * pool->size;
        if ((entry = ecs_pool_grow(pool, index)) == NULL)
            return ECS_NONE;
        if (inside)
            value = pool->data + (at - start);
    }
    uint32_t pos = pool->count++;
    pool->version++;
    if (pos > 0 && index < pool->dense[pos - 1])
        pool->unsorted = true;
    *entry = pos;
    pool->dense[pos] = index;
    if (value != NULL)
        ecs_copy_component(ecs_pool_at(pool, pos), value, pool->size);
    else
        memset(ecs_pool_at(pool, pos), 0, pool->size);
    return pos;
}

/* ---- group.c ---- */
/* Called after slot `index` gained a component owned by `pool->group`. */
void ecs_group_on_add(EcsWorld *world, int group, uint32_t index);
/* Called before slot `index` loses a component owned by `group`. */
void ecs_group_on_remove(EcsWorld *world, int group, uint32_t index);

/* ---- world.c ---- */
/* The slot of a live handle, or NULL. */
static inline EcsSlot *ecs_slot_of(const EcsWorld *world, EcsEntity e)
{
    if (e.index >= world->slot_count)
        return NULL;
    EcsSlot *slot = &world->slots[e.index];
    if (slot->generation != e.generation || (e.generation & 1u) == 0)
        return NULL;
    return slot;
}

#endif /* ECS_INTERNAL_H */
