/* SPDX-License-Identifier: Zlib */
/*
** ecs_internal.h -- the world's insides, shared by the files of src/ecs/.
** Nothing outside src/ecs/ includes this.
*/
#ifndef ECS_INTERNAL_H
#define ECS_INTERNAL_H

#include "ecs.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* "No position" in a sparse page, and "no slot" in the free list. */
#define ECS_NONE UINT32_MAX

/* In a pool's dense array, a tombstone: a position whose component was
** removed, kept until the flush fills it or compacts it away, or room a
** relayout left at a span's end (order.c). A removal's tombstone keeps the
** slot that was there in its low bits, room has none; nothing reads them.
** Slot indices stay below it. */
#define ECS_HOLE      UINT32_C(0x80000000)
#define ECS_MAX_SLOTS ECS_HOLE

/* Sparse pages hold 1024 positions: 4 KiB, one page of memory. */
#define ECS_PAGE_BITS 10u
#define ECS_PAGE_SIZE (1u << ECS_PAGE_BITS)
#define ECS_PAGE_MASK (ECS_PAGE_SIZE - 1u)

#define ECS_MAX_GROUPS 16

/* A block that sparse pages are carved from, and its size (memory.c). */
typedef struct EcsChunk {
    uint32_t *pages;
    size_t held;
} EcsChunk;

/* A span: the positions of one component set (archetype) in a pool. */
typedef struct EcsSpan {
    uint64_t key;        /* the set's rank in this pool: ecs_span_key */
    uint32_t start, end; /* positions, tombstones included */
} EcsSpan;

/* One pool per component type: a sparse set whose dense part is kept in
** component set order, each set in the order its entities came into it.
** See the essay at the top of pool.c. */
typedef struct EcsPool {
    unsigned char *data;          /* capacity * size bytes; a tag's points at tag_token */
    uint32_t *dense;              /* slot of each position; ECS_HOLE (| slot) for a tombstone */
    size_t data_held, dense_held; /* the blocks' sizes (memory.c) */
    uint32_t count;               /* live components */
    uint32_t ordered;             /* [0, ordered): in key order, tiled by spans */
    uint32_t end;                 /* [ordered, end): the tail, appended since the flush */
    uint32_t capacity;
    uint32_t holes;       /* tombstones in [0, ordered) */
    uint32_t *hole_list;  /* their positions: [0, hole_sorted) in order, then */
    uint32_t hole_sorted; /* those made since the flush; unless hole_unlisted */
    uint32_t hole_capacity;
    bool hole_unlisted; /* the list could not grow: the flush scans instead */
    uint32_t slack;     /* tombstones last laid out as room at span ends (order.c) */
    uint32_t **pages;   /* sparse index, paged; NULL pages are all ECS_NONE */
    uint32_t page_count;
    EcsChunk *chunks; /* where the pages are carved from (pool.c) */
    uint32_t chunk_count, chunk_capacity;
    uint32_t chunk_pages_left; /* pages not yet carved from the last chunk */
    EcsSpan *spans;            /* in position order, tiling [0, ordered) */
    uint32_t span_count;
    uint32_t span_capacity;
    size_t size;         /* bytes per component; 0 for a tag */
    int group;           /* owning group, or -1 */
    uint32_t group_mask; /* that group's types, or 0 */
    uint32_t split;      /* the group's sets end here (0 when not owned) */
    bool moved;          /* a tail, or entries re-placed: views probe */
    bool group_changed;  /* a tombstone below split since the flush */
    uint64_t version;    /* bumped by every change of order or membership */
    unsigned char tag_token;
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
} EcsGroup;

typedef struct EcsSystem {
    char *name;
    EcsSystemFn fn;
    void *ctx;
} EcsSystem;

/* A view's runs, remembered against the versions of its pools (view.c). */
typedef struct EcsViewCache {
    EcsComponent terms[ECS_MAX_TERMS];
    int term_count; /* 0: unused */
    uint64_t versions[ECS_MAX_TERMS];
    uint32_t *runs; /* per run: a position per term, then the count */
    uint32_t run_count;
    uint32_t capacity; /* words */
    int pins;          /* open iterators reading runs */
} EcsViewCache;

#define ECS_CACHE_SIZE 64

struct EcsWorld {
    EcsSlot *slots;
    size_t slots_held;   /* the block's size (memory.c) */
    uint32_t slot_count; /* slots ever used */
    uint32_t slot_capacity;
    uint32_t free_head; /* first free slot, or ECS_NONE */
    uint32_t alive;

    /* Bit s: slot s's components all sit in place in the ordered parts of
    ** their pools, and a change of its set must re-place them (order.c). */
    uint64_t *settled;
    uint32_t *replace; /* slots whose set changed since the flush */
    uint32_t replace_count;
    uint32_t replace_capacity;
    bool replace_all;       /* the list overflowed: check every slot */
    uint32_t replace_types; /* types holding components of those slots */

    EcsType types[ECS_MAX_COMPONENTS];
    uint32_t type_count;
    EcsPool *pools[ECS_MAX_COMPONENTS]; /* created on first use */

    EcsGroup groups[ECS_MAX_GROUPS];
    int group_count;

    unsigned char *commands; /* see command.c */
    size_t command_bytes;
    size_t command_capacity;
    uint32_t command_count;

    EcsSystem *systems;
    int system_count;
    int system_capacity;

    unsigned char *scratch; /* the flush's working memory (order.c) */
    size_t scratch_capacity;

    int iterating; /* open iterators; structural changes assert on it */
    EcsViewCache cache[ECS_CACHE_SIZE];
    uint64_t allocations; /* see ecs_world_allocations */
};

/* ---- memory: every allocation of the ECS goes through here ---- */
static inline void *ecs_realloc(EcsWorld *world, void *p, size_t bytes)
{
    world->allocations++;
    return realloc(p, bytes);
}

static inline void *ecs_malloc(EcsWorld *world, size_t bytes)
{
    return ecs_realloc(world, NULL, bytes);
}

/* ---- memory.c ---- */
/* realloc for an array that grows: p (a block of *held bytes, or NULL with
** *held 0) becomes a block of at least `bytes`, keeping its contents, and
** *held becomes its size; past 256 KB the block is a mapping, grown by
** moving its pages, whose size may be more than asked. NULL when out of
** memory, and p and *held are then untouched. New bytes are not zeroed.
** The block goes back with ecs_release(p, *held). */
void *ecs_grow(EcsWorld *world, void *p, size_t *held, size_t bytes);
void ecs_release(void *p, size_t held);

/* ---- pool.c ---- */
EcsPool *ecs_pool_create(EcsWorld *world, size_t size);
void ecs_pool_destroy(EcsPool *pool);
/* Makes room for `capacity` positions. Returns false when out of memory. */
bool ecs_pool_reserve(EcsWorld *world, EcsPool *pool, uint32_t capacity);
/* Makes room for `count` spans. Returns false when out of memory. */
bool ecs_pool_reserve_spans(EcsWorld *world, EcsPool *pool, uint32_t count);
/* Room in the tombstone list for `need` positions. */
bool ecs_pool_reserve_holes(EcsWorld *world, EcsPool *pool, uint32_t need);
/* The sparse entry for slot `index`, allocating its page. NULL: no memory. */
uint32_t *ecs_pool_sparse_entry(EcsWorld *world, EcsPool *pool, uint32_t index);
/* The slow half of ecs_pool_bury: lists tombstone pos when the list is
** full, growing it, or marks the pool unlisted. */
void ecs_pool_list_hole(EcsWorld *world, EcsPool *pool, uint32_t pos);
/* The span holding position pos (< ordered). */
uint32_t ecs_pool_span_at(const EcsPool *pool, uint32_t pos);
/* The first span whose key is not below key (span_count when none). */
uint32_t ecs_pool_span_lower(const EcsPool *pool, uint64_t key);
size_t ecs_pool_bytes(const EcsPool *pool);

/* Dense position of slot `index`, or ECS_NONE. */
static inline uint32_t ecs_pool_find(const EcsPool *pool, uint32_t index)
{
    uint32_t page = index >> ECS_PAGE_BITS;
    if (page >= pool->page_count || pool->pages[page] == NULL)
        return ECS_NONE;
    return pool->pages[page][index & ECS_PAGE_MASK];
}

static inline void ecs_pool_set_sparse(EcsPool *pool, uint32_t index, uint32_t pos)
{
    pool->pages[index >> ECS_PAGE_BITS][index & ECS_PAGE_MASK] = pos;
}

static inline void *ecs_pool_at(const EcsPool *pool, uint32_t pos)
{
    return pool->data + (size_t)pos * pool->size;
}

/* The place of component set `mask` in this pool's order: the sets holding
** the pool's owning group come first, then by mask. */
static inline uint64_t ecs_span_key(const EcsPool *pool, uint32_t mask)
{
    bool first = pool->group_mask != 0 && (mask & pool->group_mask) == pool->group_mask;
    return (uint64_t)(first ? 0u : 1u) << 32 | mask;
}

/* The mask of a span key. */
static inline uint32_t ecs_key_mask(uint64_t key)
{
    return (uint32_t)key;
}

/* Components are small; common sizes are copied without a call to memcpy. */
static inline void ecs_copy_component(void *dst, const void *src, size_t size)
{
    switch (size) {
    case 0: break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, size); break;
    }
}

/* The slow half of ecs_pool_push: grows the dense arrays when full and
** allocates the sparse page of `index`. Returns the sparse entry, or NULL
** when out of memory. */
uint32_t *ecs_pool_grow(EcsWorld *world, EcsPool *pool, uint32_t index);

/* Appends a component for slot `index` (not yet present) to the tail; NULL
** value zeroes it. Returns its dense position, or ECS_NONE when out of
** memory. Inline: it is most of the cost of creating an entity. */
static inline uint32_t ecs_pool_push(EcsWorld *world, EcsPool *pool, uint32_t index,
                                     const void *value)
{
    assert(ecs_pool_find(pool, index) == ECS_NONE);
    uint32_t page = index >> ECS_PAGE_BITS;
    uint32_t *entry;
    if (pool->end < pool->capacity && page < pool->page_count && pool->pages[page] != NULL) {
        entry = &pool->pages[page][index & ECS_PAGE_MASK];
    } else {
        /* value may be another entity's component in this very pool
        ** (copying one to another): growing moves it, so keep its place. */
        uintptr_t start = (uintptr_t)pool->data;
        uintptr_t at = (uintptr_t)value;
        bool inside = value != NULL && pool->size > 0 && at >= start &&
                      at < start + (uintptr_t)pool->end * pool->size;
        if ((entry = ecs_pool_grow(world, pool, index)) == NULL)
            return ECS_NONE;
        if (inside)
            value = pool->data + (at - start);
    }
    uint32_t pos = pool->end++;
    pool->count++;
    pool->version++;
    pool->moved = true;
    *entry = pos;
    pool->dense[pos] = index;
    if (value != NULL)
        ecs_copy_component(ecs_pool_at(pool, pos), value, pool->size);
    else if (pool->size > 0)
        memset(ecs_pool_at(pool, pos), 0, pool->size);
    return pos;
}

/* Makes position pos (ordered part, live, holding slot `index`) a
** tombstone, and lists it. A store, not a read and a write: the position is
** usually cold, and a store does not wait for it. */
static inline void ecs_pool_bury(EcsWorld *world, EcsPool *pool, uint32_t pos, uint32_t index)
{
    assert(pos < pool->ordered);
    pool->dense[pos] = ECS_HOLE | index;
    if (!pool->hole_unlisted) {
        if (pool->holes < pool->hole_capacity)
            pool->hole_list[pool->holes] = pos;
        else
            ecs_pool_list_hole(world, pool, pos);
    }
    pool->holes++;
    if (pos < pool->split)
        pool->group_changed = true;
}

/* Removes the component of slot `index`, which it has: a tombstone in the
** ordered part, swap-and-pop in the tail. Inline: it is most of the cost of
** destroying an entity. */
static inline void ecs_pool_take(EcsWorld *world, EcsPool *pool, uint32_t index)
{
    uint32_t *entry = &pool->pages[index >> ECS_PAGE_BITS][index & ECS_PAGE_MASK];
    uint32_t pos = *entry;
    assert(pos < pool->end);
    pool->version++;
    if (pos < pool->ordered) {
        ecs_pool_bury(world, pool, pos, index);
    } else {
        uint32_t last = pool->end - 1u;
        if (pos != last) {
            uint32_t moved = pool->dense[last];
            ecs_copy_component(ecs_pool_at(pool, pos), ecs_pool_at(pool, last), pool->size);
            pool->dense[pos] = moved;
            ecs_pool_set_sparse(pool, moved, pos);
        }
        pool->end = last;
    }
    *entry = ECS_NONE;
    pool->count--;
}

/* ---- order.c ---- */
/* Slot `index`, whose set of components is `mask`, is about to change its
** set: if its components sat in place, remember to re-place them. */
void ecs_order_unsettle(EcsWorld *world, uint32_t index, uint32_t mask);
static inline void ecs_order_touch(EcsWorld *world, uint32_t index, uint32_t mask)
{
    if (world->settled[index >> 6] & (UINT64_C(1) << (index & 63u)))
        ecs_order_unsettle(world, index, mask);
}
static inline void ecs_order_forget(EcsWorld *world, uint32_t index)
{
    world->settled[index >> 6] &= ~(UINT64_C(1) << (index & 63u));
}
/* Puts every pool back in order: the second half of ecs_flush. */
void ecs_order(EcsWorld *world);
/* A pool's ranking changed (it joined a group): ecs_order_rerank moves its
** spans into the new rank order, each keeping its order. It cannot fail
** once ecs_order_reserve_rerank, called right before, said the pool is at
** rest and the memory is there (false: out of memory, nothing changed). */
bool ecs_order_reserve_rerank(EcsWorld *world, EcsPool *pool);
void ecs_order_rerank(EcsWorld *world, EcsPool *pool);
/* Frees the flush's working memory when a big flush left it large. */
void ecs_order_trim(EcsWorld *world);

/* ---- view.c ---- */
/* Forgets every remembered run list (the pools were replaced wholesale). */
void ecs_view_forget(EcsWorld *world);

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

/* Makes room for `count` slots (and their settled bits). */
bool ecs_world_reserve_slots(EcsWorld *world, uint32_t count);
/* Creates the pool of `type` if it does not exist yet. */
EcsPool *ecs_world_pool(EcsWorld *world, EcsComponent type);

#endif /* ECS_INTERNAL_H */
