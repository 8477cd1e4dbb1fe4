/*
** render.h -- drawing the level, its sprites and the interface into a Batch.
**
** Everything here appends quads; nothing presents. Positions on screen are
** whole pixels of the 480x270 logical view: the camera is rounded once per
** frame, and a sprite's position is interpolated between its last two ticks
** and then rounded, so pixel art never shimmers.
*/
#ifndef RENDER_H
#define RENDER_H

#include "batch.h"
#include "render_atlas.h"
#include "tilemap.h"

#include "ecs.h"

#include <SDL.h>
#include <stdbool.h>

enum { LOGICAL_W = 480, LOGICAL_H = 270 };

typedef struct RenderView {
    int x, y;       /* top-left of the view in level pixels */
    int w, h;
} RenderView;

/* Draw order scratch kept between frames, so a frame allocates nothing. */
typedef struct SpriteList {
    struct SpriteItem *items, *sorted;
    int count, cap;
} SpriteList;

void sprite_list_init(SpriteList *list);
void sprite_list_fini(SpriteList *list);

/* Starts quads from the atlas texture. */
void render_use_atlas(Batch *b, const RenderAtlas *atlas);

/* Sky gradient and parallax layers of a background set (NULL: plain sky). */
void render_background(Batch *b, const RenderAtlas *atlas, const RenderBackground *bg,
                       const RenderView *view);
/* The tiles of the map that the view shows, autotiled; returns the quads added. */
int render_tiles(Batch *b, const RenderAtlas *atlas, const Tilemap *map, const RenderView *view);
/* Collects Transform+Sprite from the world, culls to the view, orders by
** layer (stable), and draws; returns how many sprites were visible. */
int render_sprites(Batch *b, const RenderAtlas *atlas, EcsWorld *world, float alpha,
                   const RenderView *view, SpriteList *list);
/* The autotile piece of tile (tx, ty) as atlas rectangles: *base and up to
** four corner overlays; returns the overlay count, or -1 for an empty tile. */
int render_tile_pieces(const RenderAtlas *atlas, const Tilemap *map, int tx, int ty,
                       SDL_Rect *base, SDL_Rect overlays[4]);

/* The rectangle of frame `frame` of a clip (wrapping). */
SDL_Rect render_clip_frame(const RenderAtlas *atlas, int rclip, int frame);

/* A flat rectangle. */
void render_fill(Batch *b, const RenderAtlas *atlas, SDL_Rect dst, SDL_Color color);
/* A region drawn at (x, y), its own size. */
void render_region(Batch *b, SDL_Rect src, int x, int y, SDL_Color tint);
/* A 9-slice panel (8-px borders) covering dst. */
void render_panel(Batch *b, const RenderAtlas *atlas, SDL_Rect dst);
/* Text in the atlas font; '\n' starts a new line. Returns the width drawn. */
int render_text(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y,
                SDL_Color color);
/* Text with a one-pixel dark shadow, for reading over the level. */
int render_text_shadow(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y,
                       SDL_Color color);
/* Width in px of the longest line of text. */
int render_text_width(const RenderAtlas *atlas, const char *text);

#endif
