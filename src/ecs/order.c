/* SPDX-License-Identifier: Zlib */
/*
** order.c -- putting pools back in order at the flush, at the cost of what
** changed.
**
** The order (pool.c): spans by component set, and within a span the
** entities in the order they came into that set -- those placed at an
** earlier flush first, those of one flush in slot order. A newcomer so
** always goes at its span's end, and an entity that stays in its set never
** moves relative to the others; every pool of a set does the same with the
** same newcomers, so they all list the set alike, which views need.
**
** Between two flushes a pool gathers three kinds of disorder (pool.c):
** tombstones where components were removed (each listed as it is made), a
** tail of components added, and entries whose entity changed its set of
** components and so sit in the wrong span. The flush puts them right:
**
**   1. Re-placing. Each entity whose set changed was noted once, at the
**      first change (the `settled` bit says whether it needs noting). Its
**      components move to the tail, leaving tombstones, to come in anew in
**      every pool of its new set. One whose components all sit in their
**      span still (an add undone by a remove) moves nothing.
**   2. Sorting the tail. The tail's keys (set, slot) are radix-sorted into
**      scratch memory. A tail already in order behind everything (a level
**      being spawned) stays where it is instead.
**   3. Placing, cheapest first:
**      - Into room (fill_room). A span laid out by a relayout (below) has
**        room at its end, tombstones after its last entry; newcomers that
**        fit there are written into it and nothing else moves. That is a
**        churning pool's usual flush: a few writes per newcomer.
**      - By moving the few entries between each newcomer's place and a
**        tombstone near it (rebuild_from). Walking the places and the
**        tombstones in position order gives each stretch of entries
**        between two changes an offset: +1 for every entry to come in
**        before it, -1 for every tombstone to go. Each stretch moves once,
**        by its offset -- stretches going down in a forward pass, a region
**        going up from its far end -- and a stretch whose offset is zero
**        does not move at all. Which tombstones go is a choice
**        (choose_holes): a newcomer takes the nearer of the tombstones
**        around it; the rest stay, for views to step over. Spans are then
**        recomputed from counts, never by reading entities' sets.
**      - By laying the pool out again (relayout), when the pool was given
**        room before and a span's ran out, or when moving would shift
**        more than an eighth of the pool: every tombstone goes, the
**        newcomers come in, and each span gets room at its end, a
**        thirty-second of it and twice what just came, up to a sixteenth
**        (room_for), so the next flushes fill room instead. A pool with
**        room that gathers more tombstones than a sixteenth of it besides
**        is laid out again too; one without is compacted (every tombstone
**        goes, no room).
**
** So a flush after one destroy writes nothing (a tombstone breaks no
** order), a level spawned in slot order is placed where it stands, and a
** pool where a hundredth of the entities change every tick fills room
** tick after tick and is laid out again about every fifth one.
**
** A group (group.c) adds one rule: the group's spans, at the front of each
** owned pool, keep no tombstone and the same layout in every owned pool.
** Any change there rebuilds the pool from the first changed position using
** every tombstone, which gives the same layout in every owned pool alike.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

/* An entry's sort key: its span key, then its slot (re-ranking: its
** position), which is below ECS_HOLE. */
static inline uint64_t entry_key(uint64_t span_key, uint32_t slot)
{
    return span_key << 31 | (slot & ~ECS_HOLE);
}

static inline uint64_t key_at(const EcsWorld *world, const EcsPool *pool, uint32_t pos)
{
    uint32_t index = pool->dense[pos];
    return entry_key(ecs_span_key(pool, world->slots[index].mask), index);
}

static inline void settle(EcsWorld *world, uint32_t index)
{
    world->settled[index >> 6] |= UINT64_C(1) << (index & 63u);
}

/* ---- noting entities whose set changes ---- */

void ecs_order_unsettle(EcsWorld *world, uint32_t index, uint32_t mask)
{
    ecs_order_forget(world, index);
    if (mask == 0)
        return;                   /* nothing of it sits anywhere */
    world->replace_types |= mask; /* views over those types probe until the flush */
    if (world->replace_all)
        return;
    if (world->replace_count == world->replace_capacity) {
        /* Once a good part of the world has changed its sets, checking
        ** every slot at the flush is cheaper than listing them. */
        if (world->replace_count >= 1024u && world->replace_count > world->alive / 8u) {
            world->replace_all = true;
            return;
        }
        uint32_t capacity = world->replace_capacity ? world->replace_capacity * 2u : 256u;
        uint32_t *grown = ecs_realloc(world, world->replace, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            world->replace_all = true; /* the flush checks every slot instead */
            return;
        }
        world->replace = grown;
        world->replace_capacity = capacity;
    }
    world->replace[world->replace_count++] = index;
}

/* Moves the entry at pos (ordered part) to the tail, leaving a tombstone. */
static bool move_to_tail(EcsWorld *world, EcsPool *pool, uint32_t pos)
{
    if (!ecs_pool_reserve(world, pool, pool->end + 1u))
        return false;
    uint32_t index = pool->dense[pos];
    uint32_t to = pool->end++;
    ecs_copy_component(ecs_pool_at(pool, to), ecs_pool_at(pool, pos), pool->size);
    pool->dense[to] = index;
    ecs_pool_set_sparse(pool, index, to);
    ecs_pool_bury(world, pool, pos, index);
    pool->moved = true;
    pool->version++;
    return true;
}

/* Step 1. Returns false when out of memory (the list is kept for the next
** flush; what moved already sits in tails, where it belongs). */
static bool replace_entities(EcsWorld *world)
{
    uint32_t n = world->replace_all ? world->slot_count : world->replace_count;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t index = world->replace_all ? i : world->replace[i];
        const EcsSlot *slot = &world->slots[index];
        if ((slot->generation & 1u) == 0)
            continue;
        /* Back in its own span everywhere (an add undone by a remove), it
        ** stays; otherwise it comes in anew in every pool of its set, also
        ** where a component sits in the right span already: a component
        ** removed and added again is in the tail, and its entity must not
        ** come last in one pool of the set and stay in place in another. */
        bool stays = true;
        for (uint32_t m = slot->mask; m != 0 && stays; m &= m - 1u) {
            EcsPool *pool = world->pools[__builtin_ctz(m)];
            uint32_t pos = ecs_pool_find(pool, index);
            stays = pos < pool->ordered &&
                    pool->spans[ecs_pool_span_at(pool, pos)].key == ecs_span_key(pool, slot->mask);
        }
        if (stays)
            continue;
        for (uint32_t m = slot->mask; m != 0; m &= m - 1u) {
            EcsPool *pool = world->pools[__builtin_ctz(m)];
            uint32_t pos = ecs_pool_find(pool, index);
            if (pos < pool->ordered && !move_to_tail(world, pool, pos))
                return false;
        }
    }
    return true;
}

/* ---- sorting entries into scratch memory ---- */

typedef struct Items {
    uint32_t count;
    uint64_t *keys;      /* sorted */
    uint32_t *slots;     /* the entries' slots, in key order */
    unsigned char *data; /* their components, in key order */
    size_t size;
    uint32_t *work;    /* room for three positions per tombstone, one per item */
    bool sparse_later; /* moves leave the sparse index to the caller (relayout) */
} Items;

static bool reserve_scratch(EcsWorld *world, size_t bytes)
{
    if (bytes <= world->scratch_capacity)
        return true;
    size_t capacity = world->scratch_capacity ? world->scratch_capacity : 4096u;
    while (capacity < bytes)
        capacity *= 2u;
    ecs_release(world->scratch, world->scratch_capacity);
    world->scratch_capacity = 0;
    world->scratch =
        ecs_grow(world, NULL, &world->scratch_capacity, capacity); /* nothing to keep */
    return world->scratch != NULL;
}

void ecs_order_trim(EcsWorld *world)
{
    if (world->scratch_capacity > ((size_t)1 << 20)) {
        ecs_release(world->scratch, world->scratch_capacity);
        world->scratch = NULL;
        world->scratch_capacity = 0;
    }
}

/* LSD radix sort of (key, value) pairs by key >> shift, 8 bits a pass,
** stable; a pass whose digit is the same for every key is skipped, so keys
** differing in a few low bits (slots of one level, a few sets) take three
** or four passes. Returns which buffer (0: a, 1: b) holds the result. */
static int radix_sort(uint64_t *ka, uint32_t *va, uint64_t *kb, uint32_t *vb, uint32_t n, int shift)
{
    int digits = (64 - shift + 7) / 8;
    uint32_t counts[8][256];
    memset(counts, 0, sizeof counts);
    for (uint32_t i = 0; i < n; i++)
        for (int d = 0; d < digits; d++)
            counts[d][(ka[i] >> (shift + 8 * d)) & 0xffu]++;
    int in = 0;
    uint64_t *keys[2] = {ka, kb};
    uint32_t *vals[2] = {va, vb};
    for (int d = 0; d < digits; d++) {
        int at = shift + 8 * d;
        uint32_t *c = counts[d];
        if (c[(ka[0] >> at) & 0xffu] == n)
            continue; /* every key has this digit */
        uint32_t sum = 0;
        for (int b = 0; b < 256; b++) {
            uint32_t k = c[b];
            c[b] = sum;
            sum += k;
        }
        const uint64_t *ks = keys[in];
        const uint32_t *vs = vals[in];
        uint64_t *kd = keys[in ^ 1];
        uint32_t *vd = vals[in ^ 1];
        for (uint32_t i = 0; i < n; i++) {
            uint32_t to = c[(ks[i] >> at) & 0xffu]++;
            kd[to] = ks[i];
            vd[to] = vs[i];
        }
        in ^= 1;
    }
    return in;
}

static size_t align_up(size_t n)
{
    size_t a = _Alignof(max_align_t);
    return (n + a - 1u) & ~(a - 1u);
}

/* The scratch memory take_entries needs for n entries of pool. */
static size_t items_bytes(const EcsPool *pool, uint32_t n)
{
    size_t keys = align_up((size_t)n * sizeof(uint64_t));
    size_t vals = align_up((size_t)n * sizeof(uint32_t));
    size_t work = align_up(((size_t)pool->holes * 3u + n) * sizeof(uint32_t));
    return 2 * keys + 3 * vals + work + (size_t)n * pool->size;
}

/* Takes the live entries of [from, pool->end) out of the pool into sorted
** scratch; the pool then ends at `from`. Keys use the pool's current
** ranking, then the slot: newcomers of one set come in in slot order. With
** `keep_order` (the whole pool, re-ranked for a group) the position
** replaces the slot, so every span keeps its order and only spans move.
** Returns false when out of memory (nothing changed).
**
** Each key needs its entity's set, a read of the slot array. For a few
** entries they are read in position order; when the entries are many
** compared with the slots the pool's sparse pages cover, the pages are
** walked instead, which meets the entries in slot order and reads the
** slots in order too, and only the set is left to sort by. */
static bool take_entries(EcsWorld *world, EcsPool *pool, uint32_t from, bool keep_order,
                         Items *items)
{
    uint32_t n = 0, holes = 0;
    for (uint32_t pos = from; pos < pool->end; pos++) {
        bool hole = (pool->dense[pos] & ECS_HOLE) != 0;
        n += !hole;
        holes += hole;
    }
    size_t keys = align_up((size_t)n * sizeof(uint64_t));
    size_t vals = align_up((size_t)n * sizeof(uint32_t));
    size_t work = align_up(((size_t)pool->holes * 3u + n) * sizeof(uint32_t));
    if (!reserve_scratch(world, items_bytes(pool, n)))
        return false;
    unsigned char *s = world->scratch;
    uint64_t *ka = (uint64_t *)(void *)s, *kb = (uint64_t *)(void *)(s + keys);
    uint32_t *va = (uint32_t *)(void *)(s + 2 * keys),
             *vb = (uint32_t *)(void *)(s + 2 * keys + vals);
    uint32_t *slots = (uint32_t *)(void *)(s + 2 * keys + 2 * vals);
    uint32_t *spare = (uint32_t *)(void *)(s + 2 * keys + 3 * vals);
    unsigned char *data = s + 2 * keys + 3 * vals + work;

    uint32_t pages = 0;
    for (uint32_t p = 0; p < pool->page_count; p++)
        pages += pool->pages[p] != NULL;
    uint32_t j = 0;
    int in = 0;
    if (keep_order) {
        for (uint32_t pos = from; pos < pool->end; pos++) {
            uint32_t index = pool->dense[pos];
            if (index & ECS_HOLE)
                continue;
            ka[j] = entry_key(ecs_span_key(pool, world->slots[index].mask), pos);
            va[j++] = pos;
        }
        in = n > 1 ? radix_sort(ka, va, kb, vb, n, 31) : 0; /* stable: positions stay in order */
    } else if ((uint64_t)n * 4u >= (uint64_t)pages * ECS_PAGE_SIZE) {
        for (uint32_t p = 0; p < pool->page_count; p++) {
            const uint32_t *page = pool->pages[p];
            if (page == NULL)
                continue;
            for (uint32_t off = 0; off < ECS_PAGE_SIZE; off++) {
                uint32_t pos = page[off];
                if (pos != ECS_NONE && pos >= from) {
                    uint32_t index = p << ECS_PAGE_BITS | off;
                    ka[j] = entry_key(ecs_span_key(pool, world->slots[index].mask), index);
                    va[j++] = pos;
                }
            }
        }
        assert(j == n);
        in = n > 1 ? radix_sort(ka, va, kb, vb, n, 31) : 0; /* by set; slots are in order */
    } else {
        bool sorted = true;
        for (uint32_t pos = from; pos < pool->end; pos++) {
            if (pool->dense[pos] & ECS_HOLE)
                continue;
            ka[j] = key_at(world, pool, pos);
            va[j] = pos;
            sorted = sorted && (j == 0 || ka[j - 1] < ka[j]);
            j++;
        }
        in = n > 1 && !sorted ? radix_sort(ka, va, kb, vb, n, 0) : 0;
    }
    const uint32_t *order = in ? vb : va;
    for (j = 0; j < n; j++) {
        uint32_t pos = order[j];
        slots[j] = pool->dense[pos];
        ecs_copy_component(data + (size_t)j * pool->size, ecs_pool_at(pool, pos), pool->size);
    }
    *items = (Items){n, in ? kb : ka, slots, data, pool->size, spare, false};
    assert(from == pool->ordered || from == 0);
    if (from < pool->ordered) { /* everything: no tombstone is left */
        pool->holes -= holes;
        pool->ordered = from;
        pool->hole_sorted = 0;
        pool->hole_unlisted = false;
    }
    pool->end = from;
    return true;
}

/* ---- placing ---- */

/* Where entries of span key `span_key` come in: after the last live entry
** of its span, since a span lists its entities in the order they came
** (pool.c); or, when the pool has no such span, where it would go.
** *trailing (when not NULL) gets the tombstones between that entry and
** the span's end, room the newcomers fill without moving anything. */
static uint32_t arrival_gap(const EcsPool *pool, uint64_t span_key, uint32_t *trailing)
{
    uint32_t si = ecs_pool_span_lower(pool, span_key);
    uint32_t none;
    trailing = trailing != NULL ? trailing : &none;
    *trailing = 0;
    if (si == pool->span_count)
        return pool->ordered;
    const EcsSpan *span = &pool->spans[si];
    if (span->key != span_key)
        return span->start;
    uint32_t live = span->end;
    while (live > span->start && (pool->dense[live - 1u] & ECS_HOLE))
        live--;
    *trailing = span->end - live;
    return live;
}

static void remove_span(EcsPool *pool, uint32_t s)
{
    memmove(pool->spans + s, pool->spans + s + 1u,
            (size_t)(pool->span_count - s - 1u) * sizeof *pool->spans);
    pool->span_count--;
}

static void put_item(EcsWorld *world, EcsPool *pool, const Items *items, uint32_t j, uint32_t pos)
{
    uint32_t index = items->slots[j];
    ecs_copy_component(ecs_pool_at(pool, pos), items->data + (size_t)j * items->size, pool->size);
    pool->dense[pos] = index;
    if (!items->sparse_later)
        ecs_pool_set_sparse(pool, index, pos);
    settle(world, index);
}

/* Moves the n entries at s by d positions (either way), keeping the
** sparse index right unless told it is put right later. */
static void move_stretch(EcsPool *pool, uint32_t s, uint32_t n, int64_t d, bool sparse)
{
    if (d == 0 || n == 0)
        return;
    uint32_t to = (uint32_t)((int64_t)s + d);
    memmove(ecs_pool_at(pool, to), ecs_pool_at(pool, s), (size_t)n * pool->size);
    memmove(pool->dense + to, pool->dense + s, (size_t)n * sizeof *pool->dense);
    if (!sparse)
        return;
    const uint32_t *dense = pool->dense;
    uint32_t *const *pages = pool->pages;
    for (uint32_t q = to; q < to + n; q++) {
        uint32_t index = dense[q];
        if (!(index & ECS_HOLE)) /* a tombstone left in place moves along */
            pages[index >> ECS_PAGE_BITS][index & ECS_PAGE_MASK] = q;
    }
}

/* Points the sparse index at every entry of [from, ordered). */
static void index_from(EcsPool *pool, uint32_t from)
{
    const uint32_t *dense = pool->dense;
    uint32_t *const *pages = pool->pages;
    for (uint32_t q = from; q < pool->ordered; q++) {
        uint32_t index = dense[q];
        if (!(index & ECS_HOLE))
            pages[index >> ECS_PAGE_BITS][index & ECS_PAGE_MASK] = q;
    }
}

/* The tombstones of [from, to), in order. */
static uint32_t find_holes(const EcsPool *pool, uint32_t from, uint32_t to, uint32_t *out)
{
    uint32_t n = 0;
    const uint32_t *dense = pool->dense;
    for (uint32_t p = from; p < to;) {
        if (p + 8u <= to && !((dense[p] | dense[p + 1] | dense[p + 2] | dense[p + 3] |
                               dense[p + 4] | dense[p + 5] | dense[p + 6] | dense[p + 7]) &
                              ECS_HOLE)) {
            p += 8u;
            continue;
        }
        if (dense[p] & ECS_HOLE)
            out[n++] = p;
        p++;
    }
    return n;
}

/* Sorts n positions (LSD radix, 8 bits a pass, passes with one digit
** skipped); tmp has room for n. */
static void sort_positions(uint32_t *a, uint32_t *tmp, uint32_t n)
{
    uint32_t *from = a, *to = tmp;
    for (int d = 0; d < 4 && n > 1; d++) {
        uint32_t counts[256] = {0};
        for (uint32_t i = 0; i < n; i++)
            counts[(from[i] >> (8 * d)) & 0xffu]++;
        if (counts[(from[0] >> (8 * d)) & 0xffu] == n)
            continue;
        uint32_t sum = 0;
        for (int b = 0; b < 256; b++) {
            uint32_t k = counts[b];
            counts[b] = sum;
            sum += k;
        }
        for (uint32_t i = 0; i < n; i++)
            to[counts[(from[i] >> (8 * d)) & 0xffu]++] = from[i];
        uint32_t *t = from;
        from = to;
        to = t;
    }
    if (from != a)
        memcpy(a, from, (size_t)n * sizeof *a);
}

/* Every tombstone's position, in order, into out (room for pool->holes);
** tmp has room for as many. From the pool's list when it has one: the part
** sorted at the last flush merged with the new ones, sorted now. */
static uint32_t gather_holes(const EcsPool *pool, uint32_t *out, uint32_t *tmp)
{
    if (pool->hole_unlisted)
        return find_holes(pool, 0, pool->ordered, out);
    const uint32_t *list = pool->hole_list;
    uint32_t old = pool->hole_sorted, fresh = pool->holes - old;
    uint32_t *added = tmp;
    if (fresh > 0)
        memcpy(added, list + old, (size_t)fresh * sizeof *added);
    sort_positions(added, out, fresh); /* out is free until the merge */
    uint32_t i = 0, k = 0, n = 0;
    while (i < old || k < fresh)
        out[n++] = k == fresh || (i < old && list[i] < added[k]) ? list[i++] : added[k++];
    return n;
}

/* The changes of a rebuild, in position order: the tombstones H that go,
** and the gaps G of the items (each comes in before the entry at its gap).
** At equal positions an item comes first. After each change the entries
** that follow move by the offset d: +1 per item so far, -1 per tombstone
** gone. Other tombstones move along with their neighbours. */
typedef struct Changes {
    const uint32_t *H, *G;
    uint32_t nh, ng;
    uint32_t first_item; /* index in Items of G[0] */
} Changes;

static bool next_is_item(const Changes *c, uint32_t h, uint32_t g)
{
    return g < c->ng && (h == c->nh || c->G[g] <= c->H[h]);
}

/* Applies changes [h0, h1) and [g0, g1), over which the offset is above
** zero, from the back, so every move goes up into room already vacated.
** d is the offset after the last of them; `end` ends the entries that
** follow it (they move by d). */
static void apply_rising(EcsWorld *world, EcsPool *pool, const Items *items, const Changes *c,
                         uint32_t h0, uint32_t h1, uint32_t g0, uint32_t g1, int64_t d,
                         uint32_t end)
{
    uint32_t next = end;
    uint32_t h = h1, g = g1;
    while (h > h0 || g > g0) {
        bool hole = h > h0 && (g == g0 || c->H[h - 1u] >= c->G[g - 1u]);
        uint32_t e = hole ? c->H[h - 1u] : c->G[g - 1u];
        uint32_t s = hole ? e + 1u : e;
        move_stretch(pool, s, next - s, d, !items->sparse_later);
        if (hole) {
            d++;
            h--;
        } else {
            put_item(world, pool, items, c->first_item + g - 1u, (uint32_t)((int64_t)e + d - 1));
            d--;
            g--;
        }
        next = e;
    }
    assert(d == 0);
}

/* Which tombstones go. `all`: every one (a group's part, a compaction).
** Otherwise as few as keep the moves short: walking the changes in
** order, a tombstone is used while items wait for room, or when the next
** change is an item closer to it than the tombstone after that; other
** tombstones stay where they are. So an item takes the nearer of the
** tombstones around it, and the entries between move, no others. (An
** exact dynamic program over the same changes moves about a fifth less in
** a random churn, and costs more than that saves.) Keeps the used ones at
** the front of H and returns how many; the others go to `kept`. */
static uint32_t choose_holes(const EcsPool *pool, uint32_t *H, uint32_t nh, const uint32_t *G,
                             uint32_t ng, bool all, uint32_t *kept, uint32_t *kept_count)
{
    *kept_count = 0;
    if (all)
        return nh;
    uint32_t used = 0, g = 0;
    int64_t d = 0;
    for (uint32_t h = 0; h < nh; h++) {
        while (g < ng && G[g] <= H[h]) { /* items first at equal positions */
            d++;
            g++;
        }
        bool take = d > 0;
        if (!take && g < ng && (h + 1u == nh || G[g] <= H[h + 1u])) {
            uint32_t after = h + 1u < nh ? H[h + 1u] : pool->ordered;
            take = G[g] - H[h] <= after - G[g];
        }
        if (take) {
            H[used++] = H[h];
            d--;
        } else {
            kept[(*kept_count)++] = H[h];
        }
    }
    return used;
}

/* Steps past the change at e (an item or a tombstone): the offset after
** it, and where the stretch after it starts (an item comes in before the
** entry at its gap; a tombstone's position goes). */
static uint32_t step_past(bool item, uint32_t e, int64_t *d, uint32_t *h, uint32_t *g)
{
    *d += item ? 1 : -1;
    *(item ? g : h) += 1u;
    return item ? e : e + 1u;
}

/* How many entries the changes move: those of every stretch between two
** changes over which the offset is not zero. */
static uint64_t moves_of(const Changes *c, uint32_t lo, uint32_t ordered)
{
    uint64_t moved = 0;
    int64_t d = 0;
    uint32_t h = 0, g = 0, from = lo;
    while (h < c->nh || g < c->ng) {
        bool item = next_is_item(c, h, g);
        uint32_t e = item ? c->G[g] : c->H[h];
        if (d != 0)
            moved += e - from;
        from = step_past(item, e, &d, &h, &g);
    }
    return moved + (d != 0 ? ordered - from : 0u);
}

/* Rebuilds [lo, ...): tombstones of [lo, ordered) go (see choose_holes)
** and items j.. come in, each entry moving once, by the offset the changes
** before it add up to; stretches where that is zero do not move at all.
** [0, lo) is kept; lo is at most the gap of item j. The spans are then
** worked out from counts: entries are never compared by reading their
** entities' sets. When that would move more than `budget` entries it
** changes nothing and returns false. */
static bool rebuild_from(EcsWorld *world, EcsPool *pool, uint32_t lo, const Items *items,
                         uint32_t j, bool all, uint64_t budget)
{
    EcsSpan *spans = pool->spans;
    uint32_t n = items->count;
    uint32_t *every = items->work; /* every tombstone, then the items' gaps, then the kept */
    uint32_t total = gather_holes(pool, every, every + pool->holes);
    uint32_t below = 0; /* tombstones below lo stay as they are */
    while (below < total && every[below] < lo)
        below++;
    uint32_t *H = every + below;
    uint32_t *G = every + total, *kept = G + (n - j);
    /* Items come in key order, so those of one set follow one another and
    ** share their gap. */
    for (uint32_t q = j, gap = 0; q < n; q++) {
        if (q == j || items->keys[q] >> 31 != items->keys[q - 1u] >> 31)
            gap = arrival_gap(pool, items->keys[q] >> 31, NULL);
        G[q - j] = gap;
    }
    uint32_t nk;
    uint32_t nh = choose_holes(pool, H, total - below, G, n - j, all, kept, &nk);
    Changes c = {H, G, nh, n - j, j};
    if (budget != UINT64_MAX && moves_of(&c, lo, pool->ordered) > budget)
        return false;
    if (all)
        pool->slack = 0; /* every tombstone from lo on goes, room included */

    /* Span lengths after the change, in place (extents are only lengths
    ** until the layout below): tombstones out, items in later. */
    uint32_t first = lo < pool->ordered ? ecs_pool_span_at(pool, lo) : pool->span_count;
    /* where the rebuilt spans start */
    uint32_t base = first < pool->span_count ? spans[first].start : lo;
    for (uint32_t s = first, h = 0; s < pool->span_count; s++) {
        uint32_t gone = 0;
        while (h < nh && H[h] < spans[s].end) {
            gone++;
            h++;
        }
        spans[s].end -= gone;
    }

    /* The entries: forward while the offset is at most zero (moves go down),
    ** a region at a time from the back where it is above zero. */
    int64_t d = 0;
    uint32_t h = 0, g = 0, from = lo;
    while (h < nh || g < c.ng) {
        bool item = next_is_item(&c, h, g);
        uint32_t e = item ? G[g] : H[h];
        if (item && d == 0) {
            uint32_t h1 = h, g1 = g;
            int64_t rise = 0;
            do {
                if (next_is_item(&c, h1, g1)) {
                    rise++;
                    g1++;
                } else {
                    rise--;
                    h1++;
                }
            } while (rise > 0 && (h1 < nh || g1 < c.ng));
            apply_rising(world, pool, items, &c, h, h1, g, g1, rise, pool->ordered);
            h = h1;
            g = g1;
            d = rise;
            from = rise == 0 ? H[h1 - 1u] + 1u : pool->ordered;
            continue;
        }
        move_stretch(pool, from, e - from, d, !items->sparse_later);
        if (item)
            put_item(world, pool, items, j + g, (uint32_t)((int64_t)e + d));
        from = step_past(item, e, &d, &h, &g);
    }
    if (d <= 0)
        move_stretch(pool, from, pool->ordered - from, d, !items->sparse_later);
    /* The tombstones that stay moved with their neighbours: list them anew. */
    for (uint32_t k = 0, u = 0, q = 0; k < nk; k++) {
        while (q < c.ng && G[q] <= kept[k])
            q++;
        while (u < nh && H[u] < kept[k])
            u++;
        kept[k] = (uint32_t)((int64_t)kept[k] + (int64_t)q - (int64_t)u);
    }
    pool->holes -= nh;
    assert(pool->holes == below + nk);
    if (pool->hole_capacity >= pool->holes) {
        if (pool->holes > 0) {
            memmove(pool->hole_list, every, (size_t)below * sizeof *every);
            memcpy(pool->hole_list + below, kept, (size_t)nk * sizeof *kept);
        }
        pool->hole_sorted = pool->holes;
        pool->hole_unlisted = false;
    }
    pool->ordered = pool->ordered - nh + (n - j);
    pool->end = pool->ordered;

    /* The spans: each grown by its items, plus one for each set new here,
    ** laid out from the back (in place: writes stay above reads; the room
    ** was reserved); a span left empty goes. */
    uint32_t out = pool->span_count, fresh = 0;
    for (uint32_t q = j, s = first; q < n; q++) {
        uint64_t k = items->keys[q] >> 31;
        if (q > j && k == items->keys[q - 1u] >> 31)
            continue;
        while (s < out && spans[s].key < k)
            s++;
        fresh += s == out || spans[s].key != k;
    }
    assert(out + fresh <= pool->span_capacity);
    uint32_t wi = out + fresh, si = out, q = n, at = pool->ordered;
    while (si > first || q > j) {
        uint64_t k;
        if (si > first && (q == j || spans[si - 1u].key >= items->keys[q - 1u] >> 31))
            k = spans[si - 1u].key;
        else
            k = items->keys[q - 1u] >> 31;
        uint32_t count = 0;
        if (si > first && spans[si - 1u].key == k) {
            si--;
            count += spans[si].end - spans[si].start;
        }
        while (q > j && items->keys[q - 1u] >> 31 == k) {
            count++;
            q--;
        }
        if (count > 0)
            spans[--wi] = (EcsSpan){k, at - count, at};
        at -= count;
    }
    assert(at == base);
    (void)base;
    memmove(spans + first, spans + wi, (size_t)(out + fresh - wi) * sizeof *spans);
    pool->span_count = first + (out + fresh - wi);
    /* A new span may continue the one just below the rebuilt part. */
    if (first > 0 && first < pool->span_count && spans[first - 1u].key == spans[first].key) {
        spans[first - 1u].end = spans[first].end;
        remove_span(pool, first);
    }
    return true;
}

/* Squeezes the tombstones out of [lo, ordered). */
static bool compact_from(EcsWorld *world, EcsPool *pool, uint32_t lo)
{
    if (!reserve_scratch(world, (size_t)pool->holes * 3u * sizeof(uint32_t)))
        return false;
    Items none = {0, NULL, NULL, NULL, pool->size, (uint32_t *)(void *)world->scratch, false};
    return rebuild_from(world, pool, lo, &none, 0, true, UINT64_MAX);
}

/* The tail is in key order and its first set is the last span's or after
** it (entities spawned in slot order): it becomes ordered where it stands.
** Returns false, having changed nothing, when it is not (or when out of
** memory). */
static bool append_in_place(EcsWorld *world, EcsPool *pool)
{
    bool any = pool->span_count > 0;
    uint32_t spans = 0;
    uint64_t span_key = any ? pool->spans[pool->span_count - 1u].key : 0;
    uint64_t last = any ? entry_key(span_key, 0) : 0; /* newcomers follow whatever is there */
    for (uint32_t pos = pool->ordered; pos < pool->end; pos++) {
        uint64_t k = ecs_span_key(pool, world->slots[pool->dense[pos]].mask);
        uint64_t key = entry_key(k, pool->dense[pos]);
        if (any && (key < last || (key == last && pos > pool->ordered)))
            return false;
        spans += !any || k != span_key;
        span_key = k;
        last = key;
        any = true;
    }
    if (!ecs_pool_reserve_spans(world, pool, pool->span_count + spans))
        return false;
    for (uint32_t pos = pool->ordered; pos < pool->end; pos++) {
        uint32_t index = pool->dense[pos];
        uint64_t k = ecs_span_key(pool, world->slots[index].mask);
        EcsSpan *tip = pool->span_count ? &pool->spans[pool->span_count - 1u] : NULL;
        if (tip != NULL && tip->key == k)
            tip->end = pos + 1u;
        else
            pool->spans[pool->span_count++] = (EcsSpan){k, pos, pos + 1u};
        settle(world, index);
    }
    pool->ordered = pool->end;
    return true;
}

/* The common case of a churning pool, cheaply: when every set's newcomers
** fit in the room at its span's end, they go there, one after another, and
** nothing else moves; the tombstones they fill leave the list, which comes
** out sorted. Returns false, having changed nothing, when some do not fit
** (rebuild_from then finds them room). */
static bool fill_room(EcsWorld *world, EcsPool *pool, const Items *items)
{
    uint32_t n = items->count;
    uint32_t *every = items->work, *gaps = items->work + 2u * pool->holes;
    uint32_t keys = 0;
    if (pool->hole_unlisted)
        return false;
    for (uint32_t q = 0; q < n;) {
        uint64_t key = items->keys[q] >> 31;
        uint32_t si = ecs_pool_span_lower(pool, key), trailing, came = 0;
        if (si == pool->span_count || pool->spans[si].key != key || (key >> 32) == 0)
            return false; /* a set new here, or the group's part */
        gaps[keys++] = arrival_gap(pool, key, &trailing);
        while (q < n && items->keys[q] >> 31 == key) {
            came++;
            q++;
        }
        if (came > trailing)
            return false;
    }
    uint32_t total = gather_holes(pool, every, every + pool->holes);
    uint32_t kept = 0, h = 0;
    for (uint32_t q = 0, k = 0; q < n; k++) {
        uint64_t key = items->keys[q] >> 31;
        uint32_t at = gaps[k];
        while (h < total && every[h] < at) /* tombstones before this set's newcomers stay */
            every[kept++] = every[h++];
        for (; q < n && items->keys[q] >> 31 == key; q++, at++) {
            assert(h < total && every[h] == at);
            h++;
            put_item(world, pool, items, q, at);
        }
    }
    while (h < total)
        every[kept++] = every[h++];
    memcpy(pool->hole_list, every, (size_t)kept * sizeof *every);
    pool->holes = kept;
    pool->hole_sorted = kept;
    pool->end = pool->ordered;
    return true;
}

/* The room a span of `len` entries gets at its end when the pool is laid
** out again: a thirty-second of it, and twice what just came in, up to a
** sixteenth more (a set that just came in bulk is not growing that fast). */
static uint32_t room_for(uint32_t len, uint32_t came)
{
    uint64_t recent = 2u * (uint64_t)came < len / 16u ? 2u * (uint64_t)came : len / 16u;
    uint64_t room = (uint64_t)len / 32u + recent + 1u;
    return room < ECS_MAX_SLOTS / 4u ? (uint32_t)room : ECS_MAX_SLOTS / 4u;
}

/* The first item (in key order) whose span key is not below `key`. */
static uint32_t first_item_of(const Items *items, uint64_t key)
{
    uint32_t lo = 0, hi = items->count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (items->keys[mid] >> 31 < key)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo;
}

/* How many of the items are of span key `key`. */
static uint32_t came_into(const Items *items, uint64_t key)
{
    return first_item_of(items, key + 1u) - first_item_of(items, key);
}

/* Gives every span past the group's part room at its end, after a rebuild
** that left no tombstone there: the spans move up, the last the farthest,
** each followed by its room (room_for) in tombstones, and the sparse index
** is pointed at every entry there. Returns false, having changed nothing,
** when out of memory: the pool is right without room. */
static bool add_room(EcsWorld *world, EcsPool *pool, const Items *items)
{
    uint32_t first = 0;
    while (first < pool->span_count && pool->spans[first].start < pool->split)
        first++;
    uint64_t add = 0;
    for (uint32_t s = first; s < pool->span_count; s++) {
        const EcsSpan *span = &pool->spans[s];
        add += room_for(span->end - span->start, came_into(items, span->key));
    }
    if (add == 0 || add > ECS_MAX_SLOTS - pool->ordered ||
        !ecs_pool_reserve(world, pool, pool->ordered + (uint32_t)add))
        return false;
    uint32_t holes = pool->holes + (uint32_t)add;
    if (pool->hole_unlisted || pool->hole_sorted != pool->holes)
        return false; /* rebuild_from left the list whole and sorted */
    if (!ecs_pool_reserve_holes(world, pool, holes))
        return false;
    /* From the back, so that every move goes up into room already left. */
    uint32_t shift = (uint32_t)add, listed = holes;
    for (uint32_t s = pool->span_count; s-- > first;) {
        EcsSpan *span = &pool->spans[s];
        uint32_t len = span->end - span->start, room = room_for(len, came_into(items, span->key));
        shift -= room;
        move_stretch(pool, span->start, len, shift, false);
        span->start += shift;
        span->end += shift;
        for (uint32_t k = room; k-- > 0;) { /* tombstones of no entity */
            pool->dense[span->end + k] = ECS_HOLE;
            pool->hole_list[--listed] = span->end + k;
        }
        span->end += room;
    }
    assert(shift == 0 && listed == pool->holes);
    pool->holes = holes;
    pool->hole_sorted = holes;
    pool->ordered += (uint32_t)add;
    pool->end = pool->ordered;
    pool->slack = (uint32_t)add;
    index_from(pool, pool->spans[first].start);
    return true;
}

/* Lays the pool out again past the group's part: every tombstone goes,
** the items come in, and every span gets room at its end (add_room). */
static void relayout(EcsWorld *world, EcsPool *pool, const Items *items)
{
    /* Every entry there moves twice: the sparse index is written once, at
    ** the end. */
    Items later = *items;
    later.sparse_later = true;
    uint32_t from = pool->split;
    (void)rebuild_from(world, pool, from, &later, 0, true, UINT64_MAX);
    if (!add_room(world, pool, items))
        index_from(pool, from);
}

static uint32_t first_hole(const EcsPool *pool, uint32_t from, uint32_t to)
{
    while (from < to && !(pool->dense[from] & ECS_HOLE))
        from++;
    return from;
}

static uint32_t distinct_keys(const Items *items)
{
    uint32_t n = 0;
    for (uint32_t j = 0; j < items->count; j++)
        n += j == 0 || (items->keys[j] >> 31) != (items->keys[j - 1u] >> 31);
    return n;
}

static void finish(EcsPool *pool, bool changed)
{
    uint32_t split = 0;
    for (uint32_t s = 0; s < pool->span_count && (pool->spans[s].key >> 32) == 0; s++)
        split = pool->spans[s].end;
    pool->split = split;
    pool->moved = false;
    pool->group_changed = false;
    if (changed)
        pool->version++;
}

/* Puts a tail taken out by take_entries back as a tail (it is sorted now). */
static void untake(EcsWorld *world, EcsPool *pool, const Items *items)
{
    for (uint32_t j = 0; j < items->count; j++)
        put_item(world, pool, items, j, pool->end++);
}

/* Steps 2 and 3 for one pool. Returns false when out of memory: the pool
** is left valid, and `moved`, for the next flush to finish. */
static bool order_pool(EcsWorld *world, EcsPool *pool)
{
    bool changed = false;
    if (pool->end > pool->ordered || pool->group_changed) {
        changed = true;
        if (pool->group_changed || !append_in_place(world, pool)) {
            Items items;
            if (!take_entries(world, pool, pool->ordered, false, &items))
                return false;
            if (!ecs_pool_reserve_spans(world, pool,
                                        pool->span_count + distinct_keys(&items) + 1u)) {
                untake(world, pool, &items);
                return false;
            }
            bool group_items = items.count > 0 && (items.keys[0] >> 63) == 0;
            if (pool->group >= 0 && (pool->group_changed || group_items)) {
                /* Rebuild from the first change in the group's part. */
                uint32_t lo = pool->group_changed ? first_hole(pool, 0, pool->split) : pool->split;
                if (items.count > 0) {
                    uint32_t gap = arrival_gap(pool, items.keys[0] >> 31, NULL);
                    lo = gap < lo ? gap : lo;
                }
                (void)rebuild_from(world, pool, lo, &items, 0, true, UINT64_MAX);
            } else if (items.count > 0) {
                /* Into the room at the spans' ends; else, in a pool given
                ** room before (a churning one: the room of some span ran
                ** out), laid out again at once, which also squeezes out
                ** the tombstones views step over; else by moving entries,
                ** unless that would move more than an eighth of the pool. */
                uint64_t budget = (pool->ordered - pool->split) / 8u;
                if (!fill_room(world, pool, &items) &&
                    (pool->slack > 0 ||
                     !rebuild_from(world, pool, pool->split, &items, 0, false, budget)))
                    relayout(world, pool, &items);
            }
        }
    }
    if (pool->holes > 64u && pool->holes > pool->count / 16u + pool->slack) {
        /* Too many tombstones for views to step over: a pool given room
        ** before gets it again, others are squeezed. */
        if (pool->slack > 0 && reserve_scratch(world, items_bytes(pool, 0))) {
            Items none = {0,    NULL, NULL, NULL, pool->size, (uint32_t *)(void *)world->scratch,
                          false};
            relayout(world, pool, &none);
            changed = true;
        } else if (compact_from(world, pool, first_hole(pool, pool->split, pool->ordered))) {
            changed = true;
        }
    }
    finish(pool, changed);
    return true;
}

void ecs_order(EcsWorld *world)
{
    assert(world->iterating == 0);
    if (!replace_entities(world))
        return;
    bool done = true;
    for (uint32_t t = 0; t < world->type_count; t++) {
        EcsPool *pool = world->pools[t];
        if (pool != NULL && (pool->moved || pool->group_changed))
            done = order_pool(world, pool) && done;
    }
    /* The re-placed entities sit in place again (those of a pool that ran
    ** out of memory wait in its tail, which is placed whatever the bit). */
    for (uint32_t i = 0; i < world->replace_count; i++) {
        uint32_t index = world->replace[i];
        if ((world->slots[index].generation & 1u) && world->slots[index].mask != 0)
            settle(world, index);
    }
    if (world->replace_all && done) {
        for (uint32_t index = 0; index < world->slot_count; index++)
            if ((world->slots[index].generation & 1u) && world->slots[index].mask != 0)
                settle(world, index);
        world->replace_all = false;
    }
    world->replace_count = 0;
    world->replace_types = 0;
    ecs_order_trim(world);
}

bool ecs_order_reserve_rerank(EcsWorld *world, EcsPool *pool)
{
    return pool->end == pool->ordered && !pool->moved &&
           reserve_scratch(world, items_bytes(pool, pool->count)) &&
           ecs_pool_reserve_spans(world, pool, pool->span_count + 1u);
}

void ecs_order_rerank(EcsWorld *world, EcsPool *pool)
{
    Items items;
    bool taken = take_entries(world, pool, 0, true, &items);
    assert(taken && "ecs_order_reserve_rerank first");
    (void)taken;
    assert(distinct_keys(&items) <= pool->span_count);
    pool->span_count = 0;
    (void)rebuild_from(world, pool, 0, &items, 0, true, UINT64_MAX);
    finish(pool, true);
}
