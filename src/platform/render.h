/* SPDX-License-Identifier: Zlib */
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
#include "components.h"
#include "render_atlas.h"
#include "tilemap.h"

#include "ecs.h"

#include <SDL.h>
#include <stdbool.h>

enum { LOGICAL_W = 480, LOGICAL_H = 270 };

typedef struct RenderView {
    int x, y; /* top-left of the view in level pixels */
    int w, h;
} RenderView;

/* Draw order scratch kept between frames, so a frame allocates nothing. */
typedef struct SpriteList {
    struct SpriteItem *items, *sorted;
    int count;
    size_t cap, sorted_cap;
} SpriteList;

void sprite_list_init(SpriteList *list);
void sprite_list_fini(SpriteList *list);

/* Starts quads from the atlas texture. */
void render_use_atlas(Batch *b, const RenderAtlas *atlas);

/* The background set's layers with their fills (a plain sky when bg is
** NULL), from the set's own texture, each moved by its parallax and by its
** drift over `time` (s: what moves on its own, clouds and falling snow);
** ends with the atlas bound again. */
void render_background(Batch *b, const RenderAtlas *atlas, const RenderBackground *bg,
                       const RenderView *view, float time);
/* The tiles of the map that the view shows, autotiled from the theme;
** returns the quads added. */
int render_tiles(Batch *b, const RenderAtlas *atlas, const RenderTheme *theme, const Tilemap *map,
                 const RenderView *view);
/* Which tiles a call draws: all of them; all but the secret ones (the
** ground, drawn before the sprites); or the secret ones alone, drawn after
** the sprites so that what hides behind them (a gem, the passage, Pip in
** it) stays hidden. */
typedef enum RenderTileLayer {
    RENDER_TILES_ALL,
    RENDER_TILES_OPEN,
    RENDER_TILES_SECRET,
} RenderTileLayer;
/* How opaque secret tile (tx, ty) is drawn now, 0..1. */
typedef float RenderTileOpacity(const void *ctx, int tx, int ty);
/* The tiles of one layer that the view shows; a secret tile at the opacity
** the function gives (NULL: whole). Returns the quads added. */
int render_tile_layer(Batch *b, const RenderAtlas *atlas, const RenderTheme *theme,
                      const Tilemap *map, const RenderView *view, RenderTileLayer layer,
                      RenderTileOpacity *opacity, const void *ctx);
/* The piece drawn for tile (tx, ty): false for an empty tile without decor. */
bool render_tile_piece(const RenderAtlas *atlas, const RenderTheme *theme, const Tilemap *map,
                       int tx, int ty, SDL_Rect *out);
/* The detail set into solid tile (tx, ty), drawn over its piece: only
** where the ground goes on above and below it, on about five tiles in
** sixteen, picked by a hash of the position. False for none. */
bool render_tile_detail(const RenderTheme *theme, const Tilemap *map, int tx, int ty,
                        SDL_Rect *out);
/* The shade laid over solid tile (tx, ty) when it lies deep in the ground
** (its eight neighbours solid), chosen by which of its neighbours are deep
** too. False for none. */
bool render_tile_shade(const RenderAtlas *atlas, const Tilemap *map, int tx, int ty, SDL_Rect *out);
/* The blob mask of a solid tile: its solid neighbours, 1 N, 2 NE, 4 E, 8 SE,
** 16 S, 32 SW, 64 W, 128 NW; outside the map counts as solid except above. */
int render_blob_mask(const Tilemap *map, int tx, int ty);
/* A move of more than this many pixels along either axis in one tick is a
** teleport (a respawn, a hot reload): it is shown at once, not swept across
** the screen. */
enum { RENDER_TELEPORT_PX = 48 };

/* Where a Transform is shown at alpha (0: last tick, 1: this tick), in
** level pixels before rounding; after a teleport, where it ended. Sprites
** and the camera both go through this, so they agree. */
void render_interpolate(const Transform *t, float alpha, float *x, float *y);

/* Collects Transform+Sprite from the world, culls to the view, orders by
** layer (stable), and draws; returns how many sprites were visible. */
int render_sprites(Batch *b, const RenderAtlas *atlas, EcsWorld *world, float alpha,
                   const RenderView *view, SpriteList *list);

/* A cell of a sheet (variant and frame wrap). */
SDL_Rect render_cell(const RenderAtlas *atlas, int rclip, int variant, int frame);

/* A flat rectangle. */
void render_fill(Batch *b, const RenderAtlas *atlas, SDL_Rect dst, SDL_Color color);
/* A region drawn at (x, y), its own size. */
void render_region(Batch *b, SDL_Rect src, int x, int y, SDL_Color tint);
/* A framed panel covering dst. */
void render_panel(Batch *b, const RenderAtlas *atlas, SDL_Rect dst);
/* Text in the atlas font, each pixel scale x scale; '\n' starts a new line.
** Returns the width drawn (b NULL: measured, not drawn). */
int render_text_scaled(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y,
                       int scale, SDL_Color color);
int render_text(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y,
                SDL_Color color);
/* Turns the small letters of UTF-8 text s into capitals, in place (the
** text never grows). */
void render_upcase(char *s);
/* Width in px of the longest line of text at scale 1. */
int render_text_width(const RenderAtlas *atlas, const char *text);
/* Breaks text into lines no wider than width px at scale 1, as a reader
** expects: at spaces (dropped where a line breaks, kept as they are within
** one); inside a word only when the word alone is wider than a line (after
** a '/' when it has one, so a long path breaks between its folders). Each '\n' of text ends a paragraph; the lines after a
** paragraph's first start with `indent` spaces. Writes the lines into out,
** each ended by '\n', always terminated (what does not fit in cap is left
** out); returns how many lines there are. */
int render_wrap(const RenderAtlas *atlas, const char *text, int width, int indent, char *out,
                size_t cap);

#endif
