/*
** order.c -- putting pools back in order at the flush, at the cost of what
** changed.
**
** Between two flushes a pool gathers three kinds of disorder (pool.c):
** tombstones where components were removed, a tail of components added,
** and entries whose entity changed its set of components, so that they sit
** in the wrong span. The flush puts them right in three steps:
**
**   1. Re-placing. Each entity whose set changed was noted once, at the
**      first change (the `settled` bit says whether it needs noting). Its
**      components that now sit in the wrong span move to the tail, leaving
**      tombstones. An add followed by a remove of the same type moves
**      nothing: the entity is back in its span.
**   2. Sorting the tail. The tail's keys (set, slot) are radix-sorted into
**      scratch memory, which frees the tail's positions.
**   3. Placing. Each entry goes to its place in key order: a binary search
**      finds the gap (the span of its set, then its slot in the span), and
**      the nearest tombstone, or the free end of the ordered part, is
**      filled by shifting the entries between it and the gap by one. An
**      entity recreated in the slot and set of one just destroyed lands on
**      that entity's tombstone and moves nothing; in a pool with a few
**      tombstones in every thousand entries a placement shifts tens of
**      entries. When the shifting would cost more than rebuilding, the rest
**      is merged instead: tombstones squeezed out in one pass, the sorted
**      entries merged in from the back in another.
**
** So a flush after one destroy writes nothing at all (a tombstone breaks no
** order; views step over it), a flush after a churn of 1% costs a few
** shifts per entry, and a tail already in order behind everything (a level
** being spawned) is taken as it stands. When tombstones reach a sixteenth
** of a pool it is compacted.
**
** A group (group.c) adds one rule: the group's spans, at the front of each
** owned pool, are kept without tombstones and in the same order in every
** owned pool. They are never shifted into: any change there rebuilds the
** pool from the first changed position with the merge, which gives the one
** canonical layout in every owned pool alike.
*/
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

/* An entry's sort key: its span key, then its slot (below ECS_HOLE). */
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
        return; /* nothing of it sits anywhere */
    for (uint32_t m = mask; m != 0; m &= m - 1u)
        world->pools[__builtin_ctz(m)]->moved = true;
    if (world->replace_count == world->replace_capacity) {
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
    pool->dense[pos] = index | ECS_HOLE;
    pool->holes++;
    if (pos < pool->split)
        pool->group_changed = true;
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
        for (uint32_t m = slot->mask; m != 0; m &= m - 1u) {
            EcsPool *pool = world->pools[__builtin_ctz(m)];
            uint32_t pos = ecs_pool_find(pool, index);
            if (pos >= pool->ordered)
                continue; /* in the tail already */
            if (pool->spans[ecs_pool_span_at(pool, pos)].key == ecs_span_key(pool, slot->mask))
                continue; /* back in its own span */
            if (!move_to_tail(world, pool, pos))
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
} Items;

static bool reserve_scratch(EcsWorld *world, size_t bytes)
{
    if (bytes <= world->scratch_capacity)
        return true;
    size_t capacity = world->scratch_capacity ? world->scratch_capacity : 4096u;
    while (capacity < bytes)
        capacity *= 2u;
    free(world->scratch);
    world->scratch = ecs_malloc(world, capacity);
    world->scratch_capacity = world->scratch ? capacity : 0;
    return world->scratch != NULL;
}

void ecs_order_trim(EcsWorld *world)
{
    if (world->scratch_capacity > ((size_t)1 << 20)) {
        free(world->scratch);
        world->scratch = NULL;
        world->scratch_capacity = 0;
    }
}

/* LSD radix sort of (key, value) pairs, 8 bits a pass; a pass whose digit
** is the same for every key is skipped, so keys differing in a few low bits
** (slots of one level, a few sets) take three or four passes. Returns which
** buffer (0: a, 1: b) holds the result. */
static int radix_sort(uint64_t *ka, uint32_t *va, uint64_t *kb, uint32_t *vb, uint32_t n)
{
    uint32_t counts[8][256];
    memset(counts, 0, sizeof counts);
    for (uint32_t i = 0; i < n; i++)
        for (int d = 0; d < 8; d++)
            counts[d][(ka[i] >> (8 * d)) & 0xffu]++;
    int in = 0;
    uint64_t *keys[2] = {ka, kb};
    uint32_t *vals[2] = {va, vb};
    for (int d = 0; d < 8; d++) {
        uint32_t *c = counts[d];
        if (c[(ka[0] >> (8 * d)) & 0xffu] == n)
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
            uint32_t at = c[(ks[i] >> (8 * d)) & 0xffu]++;
            kd[at] = ks[i];
            vd[at] = vs[i];
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

/* Takes the live entries of [from, pool->end) out of the pool into sorted
** scratch; the pool then ends at `from`. Keys use the pool's current
** ranking. Returns false when out of memory (nothing changed). */
static bool take_entries(EcsWorld *world, EcsPool *pool, uint32_t from, Items *items)
{
    uint32_t n = 0;
    for (uint32_t pos = from; pos < pool->end; pos++)
        n += !(pool->dense[pos] & ECS_HOLE);
    size_t keys = align_up((size_t)n * sizeof(uint64_t));
    size_t vals = align_up((size_t)n * sizeof(uint32_t));
    if (!reserve_scratch(world, 2 * keys + 3 * vals + (size_t)n * pool->size))
        return false;
    unsigned char *s = world->scratch;
    uint64_t *ka = (uint64_t *)(void *)s, *kb = (uint64_t *)(void *)(s + keys);
    uint32_t *va = (uint32_t *)(void *)(s + 2 * keys), *vb = (uint32_t *)(void *)(s + 2 * keys + vals);
    uint32_t *slots = (uint32_t *)(void *)(s + 2 * keys + 2 * vals);
    unsigned char *data = s + 2 * keys + 3 * vals;

    uint32_t j = 0, removed = 0;
    bool sorted = true;
    for (uint32_t pos = from; pos < pool->end; pos++) {
        if (pool->dense[pos] & ECS_HOLE) {
            removed++;
            continue;
        }
        ka[j] = key_at(world, pool, pos);
        va[j] = pos;
        sorted = sorted && (j == 0 || ka[j - 1] < ka[j]);
        j++;
    }
    int in = n > 1 && !sorted ? radix_sort(ka, va, kb, vb, n) : 0;
    const uint32_t *order = in ? vb : va;
    for (j = 0; j < n; j++) {
        uint32_t pos = order[j];
        slots[j] = pool->dense[pos];
        ecs_copy_component(data + (size_t)j * pool->size, ecs_pool_at(pool, pos), pool->size);
    }
    *items = (Items){n, in ? kb : ka, slots, data, pool->size};
    if (from < pool->ordered) {
        pool->holes -= removed;
        pool->ordered = from;
    }
    pool->end = from;
    return true;
}

/* ---- placing ---- */

/* The first position of span s whose slot is above `slot` (tombstones keep
** their slot, so the span's slots never decrease). */
static uint32_t first_after(const EcsPool *pool, const EcsSpan *s, uint32_t slot)
{
    uint32_t lo = s->start, hi = s->end;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if ((pool->dense[mid] & ~ECS_HOLE) <= slot)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo;
}

/* Where an entry of key `key` goes: *span is the index of its set's span,
** or where that span would be inserted when *found is false. */
static uint32_t gap_of(const EcsPool *pool, uint64_t key, uint32_t *span, bool *found)
{
    uint64_t span_key = key >> 31;
    uint32_t si = ecs_pool_span_lower(pool, span_key);
    *span = si;
    *found = si < pool->span_count && pool->spans[si].key == span_key;
    if (*found)
        return first_after(pool, &pool->spans[si], (uint32_t)key & ~ECS_HOLE);
    return si < pool->span_count ? pool->spans[si].start : pool->ordered;
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
    ecs_pool_set_sparse(pool, index, pos);
    settle(world, index);
}

/* Moves n entries from `from` to `to`, keeping the sparse index right. */
static void shift(EcsPool *pool, uint32_t to, uint32_t from, uint32_t n)
{
    if (n == 0)
        return;
    memmove(ecs_pool_at(pool, to), ecs_pool_at(pool, from), (size_t)n * pool->size);
    memmove(pool->dense + to, pool->dense + from, (size_t)n * sizeof *pool->dense);
    for (uint32_t q = to; q < to + n; q++)
        ecs_pool_set_sparse(pool, pool->dense[q], q);
}

/* Places item j at its gap by filling the nearest tombstone at or above
** `floor` (or the free end of the ordered part). Returns the entries moved. */
static uint32_t place_one(EcsWorld *world, EcsPool *pool, const Items *items, uint32_t j,
                          uint32_t floor)
{
    uint32_t si;
    bool found;
    uint32_t gap = gap_of(pool, items->keys[j], &si, &found);
    if (!found) { /* the set's first entry here: an empty span at the gap */
        memmove(pool->spans + si + 1u, pool->spans + si,
                (size_t)(pool->span_count - si) * sizeof *pool->spans);
        pool->spans[si] = (EcsSpan){items->keys[j] >> 31, gap, gap};
        pool->span_count++;
    }
    /* The nearest free position: a tombstone, or the end. Right wins ties. */
    uint32_t right = gap, left = gap;
    for (;;) {
        if (right == pool->ordered || (pool->dense[right] & ECS_HOLE))
            break;
        if (left > floor && (pool->dense[left - 1u] & ECS_HOLE)) {
            left--;
            goto fill_left;
        }
        right++;
        if (left > floor)
            left--;
    }

    /* fill_right: entries [gap, right) move up by one */
    uint32_t moved = right - gap;
    shift(pool, gap + 1u, gap, moved);
    put_item(world, pool, items, j, gap);
    uint32_t hole_span;
    if (right == pool->ordered) {
        pool->ordered++;
        pool->end = pool->ordered;
        hole_span = pool->span_count;
    } else {
        pool->holes--;
        hole_span = si;
        while (pool->spans[hole_span].end <= right)
            hole_span++;
    }
    if (hole_span != si) {
        pool->spans[si].end++;
        for (uint32_t s = si + 1u; s < hole_span; s++) {
            pool->spans[s].start++;
            pool->spans[s].end++;
        }
        if (hole_span < pool->span_count && ++pool->spans[hole_span].start == pool->spans[hole_span].end)
            remove_span(pool, hole_span);
    }
    return moved;

fill_left: /* entries (left, gap) move down by one; the item goes at gap - 1 */
    moved = gap - 1u - left;
    shift(pool, left, left + 1u, moved);
    put_item(world, pool, items, j, gap - 1u);
    pool->holes--;
    hole_span = si;
    while (pool->spans[hole_span].start > left)
        hole_span--;
    if (hole_span != si) {
        pool->spans[si].start--;
        for (uint32_t s = hole_span + 1u; s < si; s++) {
            pool->spans[s].start--;
            pool->spans[s].end--;
        }
        if (--pool->spans[hole_span].end == pool->spans[hole_span].start)
            remove_span(pool, hole_span);
    }
    return moved;
}

/* Rebuilds [lo, ...): squeezes the tombstones out of [lo, ordered), merges
** items j.. in, and recomputes the spans from lo on. [0, lo) is kept. */
static void merge_from(EcsWorld *world, EcsPool *pool, uint32_t lo, const Items *items,
                       uint32_t j)
{
    uint32_t w = lo, removed = 0;
    for (uint32_t r = lo; r < pool->ordered;) {
        if (pool->dense[r] & ECS_HOLE) {
            removed++;
            r++;
            continue;
        }
        uint32_t s = r;
        while (r < pool->ordered && !(pool->dense[r] & ECS_HOLE))
            r++;
        if (w != s) {
            memmove(ecs_pool_at(pool, w), ecs_pool_at(pool, s), (size_t)(r - s) * pool->size);
            memmove(pool->dense + w, pool->dense + s, (size_t)(r - s) * sizeof *pool->dense);
        }
        w += r - s;
    }
    pool->holes -= removed;

    /* From the back: the entries above the largest item left move up by
    ** the number of items left, then the item goes below them. */
    uint32_t n = items != NULL ? items->count : 0;
    uint32_t top = w;
    for (uint32_t q = n; q > j; q--) {
        uint64_t key = items->keys[q - 1u];
        uint32_t a = lo, b = top;
        while (a < b) {
            uint32_t mid = a + (b - a) / 2u;
            if (key_at(world, pool, mid) < key)
                a = mid + 1u;
            else
                b = mid;
        }
        uint32_t up = q - j;
        if (top > a) {
            memmove(ecs_pool_at(pool, a + up), ecs_pool_at(pool, a), (size_t)(top - a) * pool->size);
            memmove(pool->dense + a + up, pool->dense + a, (size_t)(top - a) * sizeof *pool->dense);
        }
        put_item(world, pool, items, q - 1u, a + up - 1u);
        top = a;
    }
    pool->ordered = w + (n - j);
    pool->end = pool->ordered;
    for (uint32_t q = lo; q < pool->ordered; q++)
        ecs_pool_set_sparse(pool, pool->dense[q], q);

    uint32_t keep = pool->span_count;
    while (keep > 0 && pool->spans[keep - 1u].start >= lo)
        keep--;
    if (keep > 0 && pool->spans[keep - 1u].end > lo)
        pool->spans[keep - 1u].end = lo;
    pool->span_count = keep;
    for (uint32_t q = lo; q < pool->ordered; q++) {
        uint64_t key = ecs_span_key(pool, world->slots[pool->dense[q]].mask);
        EcsSpan *last = pool->span_count ? &pool->spans[pool->span_count - 1u] : NULL;
        if (last != NULL && last->key == key && last->end == q) {
            last->end++;
        } else {
            assert(pool->span_count < pool->span_capacity);
            pool->spans[pool->span_count++] = (EcsSpan){key, q, q + 1u};
        }
    }
}

/* Step 3 for a pool whose group part is untouched: place the items one by
** one while that is cheaper than merging, then merge the rest. */
static void place_all(EcsWorld *world, EcsPool *pool, const Items *items)
{
    uint32_t floor = pool->split;
    uint64_t budget = (uint64_t)(pool->ordered - floor) + items->count;
    uint64_t moved = 0;
    uint32_t j = 0;
    if ((uint64_t)items->count * 8u <= pool->ordered - floor) {
        for (; j < items->count && moved <= budget; j++)
            moved += place_one(world, pool, items, j, floor);
    }
    if (j < items->count) {
        uint32_t si;
        bool found;
        merge_from(world, pool, gap_of(pool, items->keys[j], &si, &found), items, j);
    }
}

/* The tail is in key order and after everything ordered (entities spawned
** in slot order): it becomes ordered where it stands. Returns false, having
** changed nothing, when it is not (or when out of memory). */
static bool append_in_place(EcsWorld *world, EcsPool *pool)
{
    bool any = pool->span_count > 0;
    uint64_t last = any ? entry_key(pool->spans[pool->span_count - 1u].key,
                                    pool->dense[pool->ordered - 1u]) : 0;
    uint32_t spans = 0;
    uint64_t span_key = any ? pool->spans[pool->span_count - 1u].key : 0;
    for (uint32_t pos = pool->ordered; pos < pool->end; pos++) {
        uint64_t k = ecs_span_key(pool, world->slots[pool->dense[pos]].mask);
        uint64_t key = entry_key(k, pool->dense[pos]);
        if (any && key <= last)
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
            if (!take_entries(world, pool, pool->ordered, &items))
                return false;
            if (!ecs_pool_reserve_spans(world, pool, pool->span_count + distinct_keys(&items) + 1u)) {
                untake(world, pool, &items);
                return false;
            }
            bool group_items = items.count > 0 && (items.keys[0] >> 63) == 0;
            if (pool->group >= 0 && (pool->group_changed || group_items)) {
                /* Rebuild from the first change in the group's part. */
                uint32_t lo = pool->group_changed ? first_hole(pool, 0, pool->split) : pool->split;
                if (items.count > 0) {
                    uint32_t si;
                    bool found;
                    uint32_t gap = gap_of(pool, items.keys[0], &si, &found);
                    lo = gap < lo ? gap : lo;
                }
                merge_from(world, pool, lo, &items, 0);
            } else if (items.count > 0) {
                place_all(world, pool, &items);
            }
        }
    }
    if (pool->holes > 64u && pool->holes > pool->count / 16u) {
        merge_from(world, pool, first_hole(pool, pool->split, pool->ordered), NULL, 0);
        changed = true;
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
    ecs_order_trim(world);
}

bool ecs_order_pool_fully(EcsWorld *world, EcsPool *pool)
{
    Items items;
    if (!take_entries(world, pool, 0, &items))
        return false;
    pool->span_count = 0;
    pool->holes = 0;
    if (!ecs_pool_reserve_spans(world, pool, distinct_keys(&items) + 1u)) {
        untake(world, pool, &items); /* unordered and valid: all of it a tail */
        pool->moved = true;
        pool->version++;
        return false;
    }
    merge_from(world, pool, 0, &items, 0);
    finish(pool, true);
    ecs_order_trim(world);
    return true;
}
