/* SPDX-License-Identifier: Zlib */
/*
** render_atlas.h -- the art as the renderer uses it: textures and every
** rectangle a frame needs, resolved once at load time (assets.c reads
** assets/atlas.json, described in docs/ASSETS.md).
**
** Each texture gets a small white patch below its art, so flat colours (the
** fills past a background layer, panels, fades, the debug overlay) come out
** of the texture already bound and cost no extra draw call. Sides are
** rounded up to powers of two: a texel's edge is then an exact texture
** coordinate, so no sampled texel ever lands one pixel off.
*/
#ifndef RENDER_ATLAS_H
#define RENDER_ATLAS_H

#include "anim.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The game's clips (numbered by the kind table, below KIND_CLIP_MAX), then
** the extras the front end draws ("sprites"). */
enum {
    RCLIP_FX_DUST = KIND_CLIP_MAX,
    RCLIP_FX_SPARKLE,
    RCLIP_HUD_COIN,
    RCLIP_HUD_SKULL,
    RCLIP_HUD_CLOCK,
    RCLIP_HUD_GEM,
    RCLIP_COUNT
};

enum {
    RENDER_SHEET_CELLS = 64,
    RENDER_THEMES = 4,
    RENDER_BLOB_TILES = 47,
    RENDER_THEME_EXTRAS = 8,
    RENDER_BACKGROUNDS = 4,
    RENDER_BG_LAYERS = 8,
    RENDER_FONT_CHARS = 0x180 - 0x20, /* ' ' to U+017F: ASCII, Latin-1, Latin Extended-A */
    RENDER_NAME_MAX = 32,
};

/* One-way pieces by their one-way neighbours; spikes by where they point. */
enum { ONEWAY_SINGLE, ONEWAY_L, ONEWAY_M, ONEWAY_R };
enum { SPIKES_UP, SPIKES_DOWN, SPIKES_LEFT, SPIKES_RIGHT };

/* A clip or an extra: equal cells, variant-major (cells[variant * frames + frame]). */
typedef struct RenderSheet {
    SDL_Rect cells[RENDER_SHEET_CELLS];
    int frames, variants;
    float fps;
    bool loop;
    int anchor_x, anchor_y; /* the cell pixel drawn on the entity's Transform */
    int slice_l, slice_r;   /* end caps kept whole when stretched; 0: tile instead */
} RenderSheet;

typedef struct RenderTheme {
    char name[RENDER_NAME_MAX];
    SDL_Rect solid[RENDER_BLOB_TILES];
    SDL_Rect oneway[4];
    SDL_Rect spikes[4];
    SDL_Rect fill[RENDER_THEME_EXTRAS]; /* details set into the ground */
    int fill_count;
    SDL_Rect decor[RENDER_THEME_EXTRAS]; /* grown on top edges */
    int decor_count;
} RenderTheme;

typedef struct RenderFont {
    SDL_Rect cells[RENDER_FONT_CHARS];
    uint8_t advance[RENDER_FONT_CHARS];
    int first, count;
    int ascent; /* rows of a cell above the line's top (marks over capitals) */
    int line_height;
} RenderFont;

typedef struct RenderBgLayer {
    SDL_Rect src;
    float parallax_x, parallax_y;
    int y;                  /* screen y of its top with the camera at 0 */
    SDL_Color above, below; /* painted past its top and bottom edges */
    float drift_x, drift_y; /* px/s it moves on its own */
    bool repeat_y;          /* repeats down the view as well (no fills) */
} RenderBgLayer;

typedef struct RenderBackground {
    char name[RENDER_NAME_MAX];
    SDL_Texture *texture; /* owned; NULL when only measuring */
    int tex_w, tex_h;
    SDL_Rect white;
    RenderBgLayer layers[RENDER_BG_LAYERS];
    int layer_count;
} RenderBackground;

typedef struct RenderAtlas {
    SDL_Texture *texture; /* owned; NULL when only measuring */
    int tex_w, tex_h;
    SDL_Rect white;
    RenderSheet sheets[RCLIP_COUNT];
    uint8_t blob[256];                 /* 8-neighbour mask -> index into a theme's solid[] */
    SDL_Rect shade[RENDER_BLOB_TILES]; /* depth over deep ground, by the same masks */
    bool has_shade;
    RenderTheme themes[RENDER_THEMES];
    int theme_count;
    RenderFont font;
    RenderBackground backgrounds[RENDER_BACKGROUNDS];
    int background_count;
} RenderAtlas;

/* A texture from image (not kept) with the white patch; *white gets the
** patch's rectangle, *w and *h the texture's size. NULL with a message on
** failure. */
SDL_Texture *render_make_texture(SDL_Renderer *renderer, SDL_Surface *image, int *w, int *h,
                                 SDL_Rect *white, char *err, size_t errlen);
/* Frees every texture. */
void render_atlas_unload(RenderAtlas *atlas);
/* The theme or background set of that name, else the first; NULL when none. */
const RenderTheme *render_atlas_theme(const RenderAtlas *atlas, const char *name);
const RenderBackground *render_atlas_background(const RenderAtlas *atlas, const char *name);
/* The name of an RCLIP_ index in atlas.json ("player_idle", "dust"). */
const char *render_clip_name(int rclip);

#endif
