/* SPDX-License-Identifier: Zlib */
/*
** memory.c -- where the ECS's big arrays come from.
**
** A world of a million entities holds about forty megabytes of arrays (the
** slots, each pool's components, owners and sparse pages), and building one
** is mostly the cost of getting that memory, which platformer-bench's
** create_1m and add_remove_1m measure (their bounds are 40 and 12 ns):
**
**   - Faults. The kernel hands memory out a 4 KB page at a time, zeroed,
**     and each first touch of a page is a fault; on the machine the bench
**     runs on a fault costs tens of microseconds, and a million entities
**     touch over ten thousand pages.
**   - Copies. An array that doubles is copied into its new block, and the
**     old block was faulted in for nothing.
**   - Memory given back. A world made after another (a level after a
**     level, the bench's next round) faults everything in again when the
**     first world's memory went back to the kernel.
**
** So an array that grows past 256 KB becomes a mapping of its own, and
** growing it from then on moves its pages instead of copying its bytes: a
** new mapping of the new size is made and the old pages are moved to its
** front (mremap), which rewrites page tables, not memory. From 2 MB on a
** mapping is in whole 2 MB pages, aligned to 2 MB, and the kernel is asked
** to back it with huge pages (where the system allows them): one fault for
** every 512 it would have taken. A mapping given back is kept, up to 64 MB
** in all, and the next array to grow past 256 KB takes the largest kept
** one that fits, so the next world grows into memory faulted in already.
** Measured with each part taken out in turn: plain realloc, 150 ns a
** created entity; mappings without the kept ones, 65 ns; all of it, 16 ns.
** Arrays below 256 KB (every pool of a shipped level) stay with realloc.
**
** Which of the two a block is follows from its size, so every array keeps
** the size of its block beside it (`held`: for a mapping, its length,
** which may be more than was asked) and gives it back with ecs_release.
** Nothing may count on a new block being zeroed: a kept mapping holds what
** its last array left. Elsewhere than Linux, and under AddressSanitizer
** (which guards malloc blocks, not mappings), every array is a malloc
** block.
*/
#define _GNU_SOURCE /* mremap */
#include "ecs_internal.h"

#include <stdlib.h>
#include <string.h>

/* Mappings on Linux, unless AddressSanitizer is watching: it guards malloc
** blocks, not mappings, and an array overrun must not go unseen there. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ECS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ECS_SANITIZED 1
#endif
#if defined(__linux__) && !defined(ECS_SANITIZED)
#define ECS_MAPPINGS 1
#include <stdatomic.h>
#include <sys/mman.h>
#define BIG ((size_t)256 << 10) /* from here on an array is a mapping */
#else
#define BIG SIZE_MAX /* every array is a malloc block */
#endif

#if defined(ECS_MAPPINGS)

#define HUGE_PAGE ((size_t)2 << 20)

/* A mapping's length for `bytes`: whole huge pages from 2 MB on, whole
** 4 KB pages below; 0 on overflow. */
static size_t mapping_length(size_t bytes)
{
    size_t unit = bytes >= HUGE_PAGE ? HUGE_PAGE : (size_t)4096;
    size_t length = (bytes + unit - 1u) & ~(unit - 1u);
    return length < bytes ? 0 : length;
}

/* Released mappings are kept, up to KEPT_BYTES in all, for the next world
** to grow into: a world made after another (a level after a level, a
** snapshot world) then finds its memory faulted in already, as it would in
** malloc's heap. A lock guards the list: worlds are one thread's each, but
** different threads may release into the same list. */
enum { KEPT_MAX = 32 };
#define KEPT_BYTES ((size_t)64 << 20)
typedef struct Mapping {
    void *at;
    size_t length;
} Mapping;
static struct {
    atomic_flag lock;
    Mapping map[KEPT_MAX];
    int count;
    size_t bytes;
} kept = {ATOMIC_FLAG_INIT, {{NULL, 0}}, 0, 0};

static void lock_kept(void)
{
    while (atomic_flag_test_and_set_explicit(&kept.lock, memory_order_acquire))
        ;
}

static void unlock_kept(void)
{
    atomic_flag_clear_explicit(&kept.lock, memory_order_release);
}

/* The largest kept mapping of at least `length`, taken off the list: an
** array that grows into it then grows no more for a while. */
static Mapping take_kept(size_t length)
{
    lock_kept();
    int best = -1;
    for (int i = 0; i < kept.count; i++)
        if (kept.map[i].length >= length &&
            (best < 0 || kept.map[i].length > kept.map[best].length))
            best = i;
    Mapping m = {NULL, 0};
    if (best >= 0) {
        m = kept.map[best];
        kept.map[best] = kept.map[--kept.count];
        kept.bytes -= m.length;
    }
    unlock_kept();
    return m;
}

/* A mapping of at least `length` (from mapping_length): a kept one, or a
** fresh one; from 2 MB on, aligned to 2 MB (mapped 2 MB longer and
** trimmed at both ends) and advised into huge pages. */
static Mapping map_aligned(size_t length)
{
    Mapping m = take_kept(length);
    if (m.at != NULL)
        return m;
    if (length < HUGE_PAGE) {
        void *small =
            mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        return small == MAP_FAILED ? m : (Mapping){small, length};
    }
    size_t over = length + HUGE_PAGE;
    unsigned char *raw =
        mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return m;
    uintptr_t at = ((uintptr_t)raw + HUGE_PAGE - 1u) & ~(uintptr_t)(HUGE_PAGE - 1u);
    unsigned char *q = raw + (at - (uintptr_t)raw);
    if (q > raw)
        (void)munmap(raw, (size_t)(q - raw));
    if (raw + over > q + length)
        (void)munmap(q + length, (size_t)(raw + over - (q + length)));
#if defined(MADV_HUGEPAGE)
    (void)madvise(q, length, MADV_HUGEPAGE); /* advice: failing changes nothing */
#endif
    return (Mapping){q, length};
}

/* Grows p (a block of *held, less than `bytes`) to at least `bytes` (BIG
** or more). */
static void *grow_big(void *p, size_t *held, size_t bytes)
{
    size_t length = mapping_length(bytes);
    if (length == 0)
        return NULL; /* overflow */
    Mapping m = map_aligned(length);
    if (m.at == NULL)
        return NULL;
    unsigned char *q = m.at;
    if (p != NULL && *held < BIG) { /* a malloc block until now */
        memcpy(q, p, *held);
        free(p);
    } else if (p != NULL) {
        /* The old pages replace the front of the new mapping; the rest of
        ** it stays as it was. */
        if (mremap(p, *held, *held, MREMAP_MAYMOVE | MREMAP_FIXED, m.at) == MAP_FAILED) {
            ecs_release(q, m.length);
            return NULL;
        }
    }
    *held = m.length;
    return q;
}

void ecs_release(void *p, size_t held)
{
    if (p == NULL || held < BIG) {
        free(p);
        return;
    }
    Mapping m = {p, held};
    lock_kept();
    bool keep = kept.count < KEPT_MAX && kept.bytes + m.length <= KEPT_BYTES;
    if (keep) {
        kept.map[kept.count++] = m;
        kept.bytes += m.length;
    }
    unlock_kept();
    if (!keep)
        (void)munmap(m.at, m.length);
}

#else

static void *grow_big(void *p, size_t *held, size_t bytes)
{
    (void)p;
    (void)held;
    (void)bytes;
    return NULL; /* never called */
}

void ecs_release(void *p, size_t held)
{
    (void)held;
    free(p);
}

#endif

void *ecs_grow(EcsWorld *world, void *p, size_t *held, size_t bytes)
{
    assert(p != NULL || *held == 0);
    if (bytes >= BIG) {
        if (p != NULL && *held >= bytes)
            return p; /* a mapping with room already */
        world->allocations++;
        return grow_big(p, held, bytes);
    }
    assert(*held <= bytes);
    void *q = ecs_realloc(world, p, bytes);
    if (q != NULL)
        *held = bytes;
    return q;
}
