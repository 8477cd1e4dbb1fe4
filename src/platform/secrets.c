/* SPDX-License-Identifier: Zlib */
/*
** secrets.c -- regions of secret tiles and how opaque each is drawn.
**
** Only the secret tiles are kept, by their index in the map, in order, so a
** big map with a few secrets costs a few entries; a tile's region is found
** by a binary search, for the few hundred tiles a frame shows. Regions are
** numbered by a flood fill across the sides of tiles, in map order.
*/
#include "secrets.h"

#include <stdlib.h>
#include <string.h>

void secrets_fini(Secrets *s)
{
    free(s->tiles);
    free(s->region);
    free(s->opacity);
    free(s->inside);
    memset(s, 0, sizeof *s);
}

static int find(const Secrets *s, uint32_t at)
{
    int lo = 0, hi = s->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (s->tiles[mid] < at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->count && s->tiles[lo] == at ? lo : -1;
}

/* The region of secret tile (tx, ty), or -1. */
static int secrets_region(const Secrets *s, int tx, int ty)
{
    if (s->count == 0 || tx < 0 || ty < 0 || tx >= s->width)
        return -1;
    int i = find(s, (uint32_t)ty * (uint32_t)s->width + (uint32_t)tx);
    return i < 0 ? -1 : s->region[i];
}

bool secrets_build(Secrets *s, const Tilemap *map)
{
    memset(s, 0, sizeof *s);
    s->width = map->width;
    size_t cells = (size_t)map->width * (size_t)map->height, n = 0;
    for (size_t i = 0; i < cells; i++)
        n += map->tiles[i] == TILE_SECRET;
    if (n == 0)
        return true;
    s->tiles = malloc(n * sizeof *s->tiles);
    s->region = malloc(n * sizeof *s->region);
    int *stack = malloc(n * sizeof *stack);
    if (!s->tiles || !s->region || !stack) {
        free(stack);
        secrets_fini(s);
        return false;
    }
    for (size_t i = 0; i < cells; i++)
        if (map->tiles[i] == TILE_SECRET) {
            s->region[s->count] = -1;
            s->tiles[s->count++] = (uint32_t)i;
        }
    for (int first = 0; first < s->count; first++) {
        if (s->region[first] >= 0)
            continue;
        int top = 0, r = s->regions++;
        s->region[first] = r;
        stack[top++] = first;
        while (top > 0) {
            uint32_t at = s->tiles[stack[--top]];
            int tx = (int)(at % (uint32_t)s->width), ty = (int)(at / (uint32_t)s->width);
            static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            for (int k = 0; k < 4; k++) {
                int nx = tx + dx[k], ny = ty + dy[k];
                if (nx < 0 || ny < 0 || nx >= map->width || ny >= map->height)
                    continue;
                int j = find(s, (uint32_t)ny * (uint32_t)s->width + (uint32_t)nx);
                if (j >= 0 && s->region[j] < 0) {
                    s->region[j] = r;
                    stack[top++] = j;
                }
            }
        }
    }
    free(stack);
    s->opacity = malloc((size_t)s->regions * sizeof *s->opacity);
    s->inside = malloc((size_t)s->regions * sizeof *s->inside);
    if (!s->opacity || !s->inside) {
        secrets_fini(s);
        return false;
    }
    for (int r = 0; r < s->regions; r++)
        s->opacity[r] = 1.0f;
    return true;
}

void secrets_update(Secrets *s, SDL_Rect player, bool have_player, float dt)
{
    if (s->regions == 0)
        return;
    memset(s->inside, 0, (size_t)s->regions * sizeof *s->inside);
    if (have_player && player.w > 0 && player.h > 0) {
        /* the tiles the box covers (boxes may reach above the map) */
        int x0 = player.x >= 0 ? player.x / TILE_SIZE : -1;
        int y0 = player.y >= 0 ? player.y / TILE_SIZE : -1;
        int x1 = (player.x + player.w - 1) / TILE_SIZE, y1 = (player.y + player.h - 1) / TILE_SIZE;
        for (int ty = y0; ty <= y1; ty++)
            for (int tx = x0; tx <= x1; tx++) {
                int r = secrets_region(s, tx, ty);
                if (r >= 0)
                    s->inside[r] = true;
            }
    }
    float step = dt / SECRETS_FADE * (1.0f - SECRETS_SEEN);
    for (int r = 0; r < s->regions; r++) {
        float o = s->opacity[r] + (s->inside[r] ? -step : step);
        s->opacity[r] = o < SECRETS_SEEN ? SECRETS_SEEN : o > 1.0f ? 1.0f : o;
    }
}

float secrets_opacity(const void *ctx, int tx, int ty)
{
    const Secrets *s = ctx;
    int r = secrets_region(s, tx, ty);
    return r < 0 ? 1.0f : s->opacity[r];
}
