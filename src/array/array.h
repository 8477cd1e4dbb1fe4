/* SPDX-License-Identifier: Zlib */
/*
** array.h -- the one way an array of the game grows.
**
** Every list that is built item by item (a level's entities, a frame's
** sprites, the ECS's pools, the samples of a file being read) keeps a
** pointer, a count and a capacity, and makes room through array_grow: the
** capacity doubles, so n items cost O(n) copies in all, and a failed
** allocation leaves the list as it was, for the caller to report.
** array_reserve is the same growth at a call site: the pointer moved in
** place, the item size taken from the pointer's type.
*/
#ifndef ARRAY_H
#define ARRAY_H

#include <stdint.h>
#include <stdlib.h>

/* Room for `need` items of `size` bytes in items, which holds *cap: items
** itself when it has the room, else the array moved to a capacity doubled
** from *cap (or from 8) until it holds need, *cap updated. NULL when out of
** memory or past SIZE_MAX bytes; items and *cap are then as they were. */
static inline void *array_grow(void *items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return items;
    size_t grown = *cap > 0 ? *cap : 8;
    while (grown < need) {
        if (grown > SIZE_MAX / 2)
            return NULL;
        grown *= 2;
    }
    if (size > 0 && grown > SIZE_MAX / size)
        return NULL;
    void *moved = realloc(items, grown * size);
    if (moved != NULL)
        *cap = grown;
    return moved;
}

static inline void *array_reserve_(void *items, size_t *cap, size_t need, size_t size)
{
    void *moved = array_grow(items, cap, need, size);
    return moved != NULL ? moved : items;
}

/* Room for `need` items in the array `items` of capacity `cap` (lvalues: a
** pointer and a size_t), grown by array_grow: true when they fit, false when
** out of memory, items and cap then as they were. Arguments are evaluated
** more than once: pass names and fields, not calls. */
#define array_reserve(items, cap, need)                                                            \
    ((size_t)(need) <= (cap) ||                                                                    \
     ((items) = array_reserve_((items), &(cap), (size_t)(need), sizeof *(items)),                  \
      (size_t)(need) <= (cap)))

#endif
