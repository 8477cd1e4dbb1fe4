/*
** memory.c -- where the ECS's big arrays come from.
**
** A world of a million entities holds about forty megabytes of arrays (the
** slots, and each pool's components and dense entries), and building one is
** mostly the cost of getting that memory: the kernel hands it out a 4 KB
** page at a time, zeroed, and each first touch of a page is a fault. At a
** million entities that is over ten thousand faults, as much time as the
** ECS's own work at times (platformer-bench's create_1m spent about 40% of
** its time in them).
**
** So an array that grows past 2 MB moves to a block aligned to 2 MB, and
** the kernel is asked to back it with huge pages (2 MB each, where the
** system allows them): one fault for every 512 it would have taken, and
** fewer TLB entries for every pass over the array afterwards (measured:
** a world of a million two-component entities went from about 11,000
** faults to 1,200 when made again in a running program). The old
** contents are copied once on each doubling, which costs less than the
** faults it saves. Arrays below 2 MB (every pool of a shipped level) stay
** with realloc. Either way the block is an ordinary malloc block: free()
** releases it, and a system without huge pages simply ignores the advice.
*/
#define _DEFAULT_SOURCE /* madvise */
#include "ecs_internal.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)

void *ecs_grow(EcsWorld *world, void *p, size_t old_bytes, size_t bytes)
{
    if (bytes < HUGE_PAGE)
        return ecs_realloc(world, p, bytes);
    assert(old_bytes <= bytes);
    size_t rounded = (bytes + HUGE_PAGE - 1u) & ~(HUGE_PAGE - 1u);
    if (rounded < bytes)
        return NULL; /* overflow */
    world->allocations++;
    void *q = aligned_alloc(HUGE_PAGE, rounded);
    if (q == NULL)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)madvise(q, rounded, MADV_HUGEPAGE); /* advice: failing changes nothing */
#endif
    if (p != NULL) {
        memcpy(q, p, old_bytes);
        free(p);
    }
    return q;
}
