/* SPDX-License-Identifier: Zlib */
/*
** array.h -- the one way an array of the game grows.
**
** Every list that is built item by item (a level's entities, a frame's
** sprites, the ECS's pools, the samples of a file being read) keeps a
** pointer, a count and a capacity, and makes room through array_grow: the
** capacity doubles, so n items cost O(n) copies in all, and a failed
** allocation leaves the list as it was, for the caller to report.
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

#endif
