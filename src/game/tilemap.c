/* SPDX-License-Identifier: Zlib */
/* tilemap.c -- the tile grid. */
#include "tilemap.h"

#include <stdlib.h>
#include <string.h>

bool tilemap_init(Tilemap *map, int width, int height)
{
    map->width = map->height = 0;
    map->tiles = NULL;
    if (width <= 0 || height <= 0 || (size_t)width > SIZE_MAX / (size_t)height)
        return false;
    map->tiles = calloc((size_t)width * (size_t)height, 1);
    if (map->tiles == NULL)
        return false;
    map->width = width;
    map->height = height;
    return true;
}

void tilemap_fini(Tilemap *map)
{
    free(map->tiles);
    map->tiles = NULL;
    map->width = map->height = 0;
}

static const char *const tile_names[TILE_KIND_COUNT] = {
    [TILE_EMPTY] = "empty",   [TILE_SOLID] = "solid",   [TILE_ONEWAY] = "oneway",
    [TILE_SPIKES] = "spikes", [TILE_SECRET] = "secret",
};

const char *tile_kind_name(TileKind kind)
{
    return (unsigned)kind < TILE_KIND_COUNT ? tile_names[kind] : NULL;
}

int tile_kind_from_name(const char *name)
{
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        if (strcmp(name, tile_names[k]) == 0)
            return k;
    return -1;
}

void tilemap_spike_dir(const Tilemap *map, int tx, int ty, int *dx, int *dy)
{
    static const int from[4][2] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};
    for (int i = 0; i < 4; i++)
        if (tilemap_get(map, tx + from[i][0], ty + from[i][1]) == TILE_SOLID) {
            *dx = -from[i][0];
            *dy = -from[i][1];
            return;
        }
    *dx = 0;
    *dy = -1;
}
