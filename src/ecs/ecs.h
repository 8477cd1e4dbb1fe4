/* SPDX-License-Identifier: Zlib */
/*
** ecs.h -- the entity-component-system that runs the game.
**
** An entity is a generational handle. A component is plain data, stored in
** one sparse set per component type, kept in order of component set, each
** set in the order its entities came into it. A view walks the entities that have a given set of components, a
** few long runs at a time. A system is a function run once per fixed tick,
** in registration order. See docs/ARCHITECTURE.md and the essays at the top
** of pool.c, order.c, view.c, group.c, snapshot.c and memory.c for how it
** works inside.
**
** This module depends on the C library only.
*/
#ifndef ECS_H
#define ECS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Limits. A component id fits a bit of a 32-bit mask; a view has a few terms. */
#define ECS_MAX_COMPONENTS 32
#define ECS_MAX_TERMS      8

typedef struct EcsWorld EcsWorld;

/* A generational handle. index picks the slot; generation must match the
** slot's current generation, so a handle kept after its entity was destroyed
** never reaches the entity that reuses the slot. A live entity's generation
** is odd, so the all-zero handle ECS_NULL is never alive. */
typedef struct EcsEntity {
    uint32_t index;
    uint32_t generation;
} EcsEntity;

#define ECS_NULL ((EcsEntity){0, 0})

/* A component type id, as returned by ecs_component_register. */
typedef uint32_t EcsComponent;

/* No component type: what ecs_component_register returns on failure. */
#define ECS_NO_COMPONENT UINT32_MAX

static inline bool ecs_entity_eq(EcsEntity a, EcsEntity b)
{
    return a.index == b.index && a.generation == b.generation;
}

static inline bool ecs_entity_is_null(EcsEntity e)
{
    return e.generation == 0;
}

/* ---- World ------------------------------------------------------------- */

/* Creates an empty world. Returns NULL when out of memory. */
EcsWorld *ecs_world_create(void);
/* Frees the world and everything in it. NULL is a no-op. */
void ecs_world_destroy(EcsWorld *world);
/* How many times the world has allocated or grown memory so far: for the
** debug overlay, and for checking that a path allocates nothing. */
uint64_t ecs_world_allocations(const EcsWorld *world);

/* ---- Component types ----------------------------------------------------- */

/* One field of a component, for code that walks components without knowing
** their C types (the game's state hash): where it is, how wide one element
** is, and how many elements (1 for a scalar, more for an array). Listing
** fields rather than whole structs keeps padding bytes, whose values C
** leaves undefined, out of anything computed from the bytes. */
typedef struct EcsField {
    uint32_t offset; /* bytes from the start of the component */
    uint16_t size;   /* bytes of one element: 1, 2, 4 or 8 */
    uint16_t count;  /* elements */
} EcsField;

/* Everything said about a component type where it is registered. */
typedef struct EcsComponentDesc {
    const char *name;       /* copied */
    size_t size, align;     /* sizeof and _Alignof the type */
    uint32_t flags;         /* the caller's own bits; the ECS keeps and returns them */
    const EcsField *fields; /* copied; may be NULL with field_count 0 */
    int field_count;
} EcsComponentDesc;

/* Registers a component type and returns its id: ids are given in order,
** 0, 1, 2, ... align must be a power of two no larger than
** _Alignof(max_align_t); every field must lie inside the component. A
** size of 0 makes a tag: membership only, no storage and no fields; views,
** order, groups, commands and snapshots treat it like any other component.
** Its pool is created on first use. Returns ECS_NO_COMPONENT when out of
** memory. */
EcsComponent ecs_component_register_desc(EcsWorld *world, const EcsComponentDesc *desc);
/* The same with a name, size and alignment only (no flags, no fields). */
EcsComponent ecs_component_register(EcsWorld *world, const char *name, size_t size, size_t align);
#define ECS_REGISTER(world, T) ecs_component_register((world), #T, sizeof(T), _Alignof(T))
/* Registers a tag named `name` (a plain identifier, as for a type). */
#define ECS_REGISTER_TAG(world, name) ecs_component_register((world), #name, 0, 1)
/* A field of component type T, for EcsComponentDesc.fields: a scalar, or an
** array (every element, in order). */
/* clang-format off: braced initializers in macros */
#define ECS_FIELD(T, member)                                                                       \
    {                                                                                              \
        (uint32_t) offsetof(T, member), (uint16_t)sizeof(((T *)0)->member), 1                      \
    }
#define ECS_FIELD_ARRAY(T, member)                                                                 \
    {                                                                                              \
        (uint32_t) offsetof(T, member), (uint16_t)sizeof(((T *)0)->member[0]),                     \
            (uint16_t)(sizeof(((T *)0)->member) / sizeof(((T *)0)->member[0]))                     \
    }
/* clang-format on */

/* What the type was registered with (name and fields owned by the world),
** or NULL for an unknown id. */
const EcsComponentDesc *ecs_component_desc(const EcsWorld *world, EcsComponent type);
/* Number of registered component types. */
uint32_t ecs_component_count(const EcsWorld *world);
/* Size in bytes of a component type: 0 for a tag, and for an unknown id. */
size_t ecs_component_size(const EcsWorld *world, EcsComponent type);

/* ---- Entities ------------------------------------------------------------ */

/* Creates an entity with no components. Allowed during iteration (it touches
** no pool). Returns ECS_NULL when out of memory. */
EcsEntity ecs_create(EcsWorld *world);
/* Destroys an entity and removes its components from every pool. Returns
** false for a stale or null handle. Not allowed during iteration: use
** ecs_defer_destroy. */
bool ecs_destroy(EcsWorld *world, EcsEntity entity);
/* True when the handle names a live entity. */
bool ecs_alive(const EcsWorld *world, EcsEntity entity);
/* Number of live entities. */
uint32_t ecs_alive_count(const EcsWorld *world);
/* The live handle for a slot index, or ECS_NULL when that slot is free. */
EcsEntity ecs_entity_at(const EcsWorld *world, uint32_t index);
/* Slots ever used: every live entity's index is below it. With
** ecs_entity_at, walks all entities in slot order. */
uint32_t ecs_slot_count(const EcsWorld *world);

/* ---- Components of an entity ---------------------------------------------- */

/* Adds (or overwrites) a component and returns a pointer to the stored value,
** valid until the next structural change of that pool or the next
** ecs_flush (which may sort a changed pool). value may be NULL for a zeroed
** component, and may point at another entity's component of the same type.
** For a tag, value is ignored and the result is a token: not NULL, never to
** be read or written through. Returns NULL for a stale handle or an unknown
** type. */
void *ecs_add(EcsWorld *world, EcsEntity entity, EcsComponent type, const void *value);
/* The entity's component (a token for a tag, as ecs_add), or NULL when it
** has none or the handle is stale. */
void *ecs_get(const EcsWorld *world, EcsEntity entity, EcsComponent type);
/* True when the live entity has the component. */
bool ecs_has(const EcsWorld *world, EcsEntity entity, EcsComponent type);
/* Removes the component. Returns false when there was none to remove. */
bool ecs_remove(EcsWorld *world, EcsEntity entity, EcsComponent type);

/* ---- Views ----------------------------------------------------------------
**
**   EcsIter it = ecs_view(world, TRANSFORM, VELOCITY);
**   while (ecs_iter_next(&it)) {
**       Transform *t = ecs_field(&it, Transform, 0);
**       Velocity  *v = ecs_field(&it, Velocity, 1);
**       for (int i = 0; i < it.count; i++) t[i].x += v[i].x * dt;
**   }
**
** Each step yields a run of it.count entities whose components sit side by
** side in every pool, so the inner loop runs over plain arrays. Field k is
** the component of the k-th term (for a tag, a token: not NULL, no data).
** Leaving the loop early needs ecs_iter_fini.
** While an iterator is open, structural changes (add, remove, destroy) are a
** programming error caught by an assertion; queue them with ecs_defer_*.
**
** After a flush the entities come component set by component set, each
** set in the order its entities came into it (those placed by an earlier
** flush first, those of one flush in slot order): the same history gives
** the same order, and a restored snapshot iterates as the world it was
** taken from. Between a structural change and the next flush they come in
** the pools' order of the moment. */
typedef struct EcsIter {
    int count;                   /* entities in this run */
    const uint32_t *indices;     /* their slot indices; see ecs_iter_entity */
    void *fields[ECS_MAX_TERMS]; /* per term, the first component of the run */

    /* private */
    EcsWorld *world;
    struct EcsPool *pools[ECS_MAX_TERMS];
    int term_count;
    int driver;   /* term whose pool drives the walk */
    int cache;    /* remembered run list being read, or -1: probing */
    uint32_t pos; /* next run, or next dense position of the driver */
    uint32_t end; /* runs, or driver positions when the walk started */
    bool open;
} EcsIter;

/* Starts a view over the entities having every listed component. */
EcsIter ecs_view_iter(EcsWorld *world, const EcsComponent *terms, int term_count);
/* Advances to the next run. Returns false, and closes the iterator, at the end. */
bool ecs_iter_next(EcsIter *it);
/* Closes an iterator left before ecs_iter_next returned false. Idempotent. */
void ecs_iter_fini(EcsIter *it);
/* The handle of the i-th entity of the current run. */
EcsEntity ecs_iter_entity(const EcsIter *it, int i);

#define ECS_TERMS_(...)      ((const EcsComponent[]){__VA_ARGS__})
#define ECS_TERM_COUNT_(...) ((int)(sizeof(ECS_TERMS_(__VA_ARGS__)) / sizeof(EcsComponent)))
/* ecs_view(world, A, B, ...) starts an iterator over components A, B, ... */
#define ecs_view(world, ...)                                                                       \
    ecs_view_iter((world), ECS_TERMS_(__VA_ARGS__), ECS_TERM_COUNT_(__VA_ARGS__))
/* The array of term k's components for the current run, typed. */
#define ecs_field(it, T, k) ((T *)(it)->fields[(k)])

/* The callback form: fn is called once per matched entity with the term
** components in fields[0..term_count-1]. */
typedef void (*EcsEachFn)(EcsWorld *world, EcsEntity entity, void **fields, void *ctx);
void ecs_view_each(EcsWorld *world, const EcsComponent *terms, int term_count, EcsEachFn fn,
                   void *ctx);
#define ecs_each(world, fn, ctx, ...)                                                              \
    ecs_view_each((world), ECS_TERMS_(__VA_ARGS__), ECS_TERM_COUNT_(__VA_ARGS__), (fn), (ctx))

/* Number of components of a type (0 for an unknown type): O(1). */
uint32_t ecs_count(const EcsWorld *world, EcsComponent type);

/* Number of entities a view would visit (walks it; for tests and tools). */
uint32_t ecs_view_count(EcsWorld *world, const EcsComponent *terms, int term_count);

/* ---- Owning groups: the hot path --------------------------------------------
**
** A group owns a set of component types. After each flush the world keeps
** every entity that has all of them at the front of each owned pool, in the
** same order, so a view over exactly those types is a single run over plain
** arrays. The price is paid at the flush after a change of the group's
** members. A type belongs to at most one group. Creating a group on pools
** that already hold components orders them at once (it puts every pool in
** order, as a flush does, but applies no commands). Returns false when a
** type is already owned, the list is invalid or memory runs out. */
bool ecs_group(EcsWorld *world, const EcsComponent *types, int type_count);
#define ecs_group_of(world, ...)                                                                   \
    ecs_group((world), ECS_TERMS_(__VA_ARGS__), ECS_TERM_COUNT_(__VA_ARGS__))

/* ---- Deferred structural changes ---------------------------------------------
**
** Safe while iterating: the commands are queued, copied, and applied in the
** order issued by ecs_flush, which ecs_world_step calls after each system.
** A command whose entity is gone by then is skipped. */
bool ecs_defer_add(EcsWorld *world, EcsEntity entity, EcsComponent type, const void *value);
bool ecs_defer_remove(EcsWorld *world, EcsEntity entity, EcsComponent type);
bool ecs_defer_destroy(EcsWorld *world, EcsEntity entity);
/* Applies the queued commands, then puts every pool that changed back in
** order (see pool.c), at a cost of about what changed. Returns how many
** commands were applied (skipped ones are not counted). Must not be called
** while an iterator is open. */
uint32_t ecs_flush(EcsWorld *world);
/* Number of commands waiting. */
uint32_t ecs_deferred_count(const EcsWorld *world);

/* ---- Snapshots ------------------------------------------------------------------
**
** A copy of a whole world's entities and components, to go back to later:
**
**   EcsWorld *snap = ecs_world_clone(world);      (at a checkpoint)
**   ecs_world_copy(snap, world);                  (the next checkpoint)
**   ecs_world_copy(world, snap);                  (back to it)
**
** A restored world iterates and hashes exactly as the world did when it was
** taken: the same slots and generations, the same pool order, the same
** groups. A copy costs the bytes copied and allocates nothing when the
** destination's buffers are big enough (restoring into the world a snapshot
** came from, or snapshotting again into the same snapshot world, once sizes
** have settled). */

/* Copies every entity, component, pool order, free slot and group of src
** into dst, which keeps its own systems. Both must have the same component
** types (ids, sizes, alignments) and no commands pending; dst must have no
** iterator open. Returns false, leaving dst as it was, when the types
** differ or memory runs out. */
bool ecs_world_copy(EcsWorld *dst, const EcsWorld *src);
/* A new world with src's component types, groups, entities and components,
** and no systems. NULL when out of memory. */
EcsWorld *ecs_world_clone(const EcsWorld *src);

/* ---- Systems --------------------------------------------------------------- */

/* A system: the logic run once per tick. It keeps no game state of its own;
** ctx is whatever the registering code hands it (tile map, input, ...). */
typedef void (*EcsSystemFn)(EcsWorld *world, float dt, void *ctx);

/* Appends a system. Systems run in registration order: that order is part of
** the determinism contract. Returns false when out of memory. */
bool ecs_system_add(EcsWorld *world, const char *name, EcsSystemFn fn, void *ctx);
/* Runs every system once, in order, flushing deferred commands after each. */
void ecs_world_step(EcsWorld *world, float dt);
/* Number of registered systems, and the name of the i-th. */
int ecs_system_count(const EcsWorld *world);
const char *ecs_system_name(const EcsWorld *world, int i);

/* ---- Statistics for the debug overlay ---------------------------------------- */

typedef struct EcsPoolStats {
    const char *name; /* component name; owned by the world */
    uint32_t count;   /* components stored */
    size_t bytes;     /* bytes held by the pool (dense, entities, sparse pages) */
} EcsPoolStats;

/* Fills stats for component type `type`. Returns false for an unknown id. */
bool ecs_pool_stats(const EcsWorld *world, EcsComponent type, EcsPoolStats *out);
/* Bytes held by the whole world: entity slots, pools, commands, systems. */
size_t ecs_world_bytes(const EcsWorld *world);
/* Walks every structure of the world and checks its invariants (slow: for
** tests and debugging). Returns false, with what is wrong in msg, when one
** is broken. */
bool ecs_world_check(const EcsWorld *world, char *msg, size_t size);

#endif /* ECS_H */
