/* SPDX-License-Identifier: Zlib */
/*
** secrets.h -- the secret tiles as the player sees them: a wall that fades
** while Pip is inside it.
**
** A level's secret tiles fall into regions (tiles that touch along a side).
** Each region is drawn whole, over the sprites, so what lies behind it
** stays hidden, until Pip's box enters one of its tiles: the whole region
** then fades to SECRETS_SEEN in SECRETS_FADE s, and back when he leaves.
** Presentation only: the front end keeps it, from the player's place.
*/
#ifndef SECRETS_H
#define SECRETS_H

#include "tilemap.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#define SECRETS_FADE 0.25f /* s from whole to faded, and back */
#define SECRETS_SEEN 0.25f /* the opacity of a region Pip is inside */

typedef struct Secrets {
    uint32_t *tiles; /* each secret tile's index in the map (row by row), ascending */
    int *region;     /* the region of each */
    int count;
    float *opacity; /* of each region, 0..1 */
    bool *inside;   /* scratch: the regions Pip is inside this frame */
    int regions;
    int width; /* the map's, in tiles */
} Secrets;

/* Finds the regions of map's secret tiles, each drawn whole. False when
** out of memory (then no secret tile fades: they are drawn whole). */
bool secrets_build(Secrets *s, const Tilemap *map);
void secrets_fini(Secrets *s);
/* A frame of dt s with the player's box (level px) where it is; have_player
** false (dead, gone): every region fades back. */
void secrets_update(Secrets *s, SDL_Rect player, bool have_player, float dt);
/* How opaque secret tile (tx, ty) is drawn now (1 for a tile it does not
** know); a RenderTileOpacity with s as ctx. */
float secrets_opacity(const void *s, int tx, int ty);

#endif
