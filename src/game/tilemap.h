/* SPDX-License-Identifier: Zlib */
/*
** tilemap.h -- the level's tile grid: 16-px tiles, O(1) lookup.
**
** Outside the map, the left and right sides are walls, above is open air and
** below is death (the simulation kills what falls past the bottom).
*/
#ifndef TILEMAP_H
#define TILEMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    TILE_SIZE = 16,
    TILEMAP_MAX_SIDE = 4096, /* tiles on a side, at most */
};

typedef enum TileKind {
    TILE_EMPTY,
    TILE_SOLID,  /* blocks from every side */
    TILE_ONEWAY, /* jump-through: blocks only what falls onto its top */
    TILE_SPIKES, /* hazard; points away from the solid tile it sits on */
    TILE_SECRET, /* looks solid, is air: the way into a hidden passage */
    TILE_KIND_COUNT
} TileKind;

typedef struct Tilemap {
    int width, height; /* in tiles */
    uint8_t *tiles;    /* width * height TileKind values, row by row */
} Tilemap;

/* Allocates an empty map. Returns false when out of memory or on a bad size. */
bool tilemap_init(Tilemap *map, int width, int height);
void tilemap_fini(Tilemap *map);

/* The kind at tile (tx, ty); the outside follows the rules above. */
static inline TileKind tilemap_get(const Tilemap *map, int tx, int ty)
{
    if (tx < 0 || tx >= map->width)
        return TILE_SOLID;
    if (ty < 0 || ty >= map->height)
        return TILE_EMPTY;
    return (TileKind)map->tiles[(size_t)ty * (size_t)map->width + (size_t)tx];
}

static inline void tilemap_set(Tilemap *map, int tx, int ty, TileKind kind)
{
    if (tx >= 0 && tx < map->width && ty >= 0 && ty < map->height)
        map->tiles[(size_t)ty * (size_t)map->width + (size_t)tx] = (uint8_t)kind;
}

/* Canonical names, as written in level files: "empty", "solid", "oneway",
** "spikes", "secret". tile_kind_from_name returns -1 for an unknown name. */
const char *tile_kind_name(TileKind kind);
int tile_kind_from_name(const char *name);

/* Which way a spike tile points: the side away from a solid neighbour,
** looked for below, above, left, then right; up when none. As dx, dy. */
void tilemap_spike_dir(const Tilemap *map, int tx, int ty, int *dx, int *dy);

#endif
