/*
** render_atlas.h -- the atlas as the renderer uses it: one texture and every
** rectangle the frame needs, looked up by name once at load time.
**
** The names come from assets/atlas.json (read by the level module into an
** AtlasDesc); after loading, drawing never touches a string. The texture
** gets a small white patch below the art, so flat colours (the sky, the
** fade, the debug overlay) come out of the same texture and batch.
*/
#ifndef RENDER_ATLAS_H
#define RENDER_ATLAS_H

#include "anim.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

/* The game's clips, then the effects the front end owns. */
enum {
    RCLIP_FX_DUST = CLIP_COUNT,
    RCLIP_FX_SPARKLE,
    RCLIP_FX_BURST,
    RCLIP_COUNT
};

enum {
    RENDER_CLIP_FRAMES = 16,
    RENDER_BACKGROUNDS = 8,
    RENDER_BG_LAYERS = 6,
    RENDER_GROUPS = 8,
    RENDER_NAME_MAX = 32,
};

/* Corner overlays, by which inner corner of a ground tile they fill. */
enum { INNER_NE, INNER_NW, INNER_SE, INNER_SW };
/* One-way pieces by their one-way neighbours. */
enum { ONEWAY_L, ONEWAY_M, ONEWAY_R, ONEWAY_SINGLE };
/* Spikes by the way they point. */
enum { SPIKES_UP, SPIKES_DOWN, SPIKES_LEFT, SPIKES_RIGHT };

typedef struct RenderClip {
    SDL_Rect frames[RENDER_CLIP_FRAMES];
    int count;
    float fps;
    bool loop;
} RenderClip;

typedef struct RenderFont {
    SDL_Rect src;     /* the whole font region */
    int first, count; /* character codes first .. first+count-1 */
    int cell_w, cell_h, columns;
} RenderFont;

typedef struct RenderBgLayer {
    SDL_Rect src;
    float parallax;   /* 0 = fixed to the screen, 1 = moves with the level */
    int y;            /* px from the top of the screen */
} RenderBgLayer;

typedef struct RenderBackground {
    char name[RENDER_NAME_MAX];
    SDL_Color sky_top, sky_bottom;
    RenderBgLayer layers[RENDER_BG_LAYERS];
    int layer_count;
} RenderBackground;

typedef struct RenderAtlas {
    SDL_Texture *texture;   /* owned; NULL when only built for measuring */
    int tex_w, tex_h;       /* texture size: powers of two, white patch included */
    SDL_Rect white;

    SDL_Rect ground[16];    /* by solid neighbours: 1 above, 2 right, 4 below, 8 left */
    SDL_Rect ground_inner[4];
    SDL_Rect oneway[4];
    SDL_Rect spikes[4];
    RenderClip clips[RCLIP_COUNT];
    SDL_Rect platform_cap_l, platform_cap_r;

    SDL_Rect panel, cursor, icon_coin, icon_death, icon_clock, title_logo;
    RenderFont font;
    RenderBackground backgrounds[RENDER_BACKGROUNDS];
    int background_count;
    SDL_Color group_colors[RENDER_GROUPS];
} RenderAtlas;

/* Makes the texture from the atlas image (not kept; the caller frees it)
** with the white patch added. Returns false with a message on failure. */
bool render_atlas_make_texture(RenderAtlas *atlas, SDL_Renderer *renderer,
                               SDL_Surface *image, char *err, size_t errlen);
/* Frees the texture. */
void render_atlas_unload(RenderAtlas *atlas);
/* The background set of that name, or the first one, or NULL when none. */
const RenderBackground *render_atlas_background(const RenderAtlas *atlas, const char *name);
/* The region names a complete atlas has besides clips, for loaders and checks:
** a NULL-terminated list, with where each goes. */
typedef struct RenderRegionSlot {
    const char *name;
    size_t offset;          /* of the SDL_Rect in RenderAtlas */
} RenderRegionSlot;
const RenderRegionSlot *render_atlas_region_slots(void);
/* The clip name of an RCLIP_ index ("player_idle", "fx_dust"). */
const char *render_clip_name(int rclip);

#endif
