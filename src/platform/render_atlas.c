/* render_atlas.c -- the atlas texture and the table of region names. */
#include "render_atlas.h"

#include <stdio.h>
#include <string.h>

enum { WHITE_PATCH = 4 };

static int pow2(int n)
{
    int p = 1;
    while (p < n)
        p *= 2;
    return p;
}

bool render_atlas_make_texture(RenderAtlas *atlas, SDL_Renderer *renderer,
                               SDL_Surface *image, char *err, size_t errlen)
{
    bool ok = false;
    SDL_Surface *rgba = NULL, *full = NULL;
    rgba = SDL_ConvertSurfaceFormat(image, SDL_PIXELFORMAT_RGBA32, 0);
    if (!rgba)
        goto fail;
    /* power-of-two sides: texel edges are then exact texture coordinates
    ** (x / 2^k), which keeps every sampled texel where it belongs */
    full = SDL_CreateRGBSurfaceWithFormat(0, pow2(rgba->w), pow2(rgba->h + WHITE_PATCH), 32,
                                          SDL_PIXELFORMAT_RGBA32);
    if (!full)
        goto fail;
    SDL_SetSurfaceBlendMode(rgba, SDL_BLENDMODE_NONE);
    SDL_FillRect(full, NULL, SDL_MapRGBA(full->format, 0, 0, 0, 0));
    if (SDL_BlitSurface(rgba, NULL, full, NULL) != 0)
        goto fail;
    SDL_Rect patch = {0, rgba->h, WHITE_PATCH, WHITE_PATCH};
    SDL_FillRect(full, &patch, SDL_MapRGBA(full->format, 255, 255, 255, 255));
    atlas->texture = SDL_CreateTextureFromSurface(renderer, full);
    if (!atlas->texture)
        goto fail;
    SDL_SetTextureBlendMode(atlas->texture, SDL_BLENDMODE_BLEND);
    atlas->tex_w = full->w;
    atlas->tex_h = full->h;
    /* the middle of the patch: nearest sampling never reaches the art */
    atlas->white = (SDL_Rect){1, rgba->h + 1, 2, 2};
    ok = true;
    goto done;
fail:
    snprintf(err, errlen, "cannot make the atlas texture: %s", SDL_GetError());
done:
    SDL_FreeSurface(full);
    SDL_FreeSurface(rgba);
    return ok;
}

void render_atlas_unload(RenderAtlas *atlas)
{
    if (atlas->texture)
        SDL_DestroyTexture(atlas->texture);
    atlas->texture = NULL;
}

const RenderBackground *render_atlas_background(const RenderAtlas *atlas, const char *name)
{
    if (atlas->background_count == 0)
        return NULL;
    for (int i = 0; name && i < atlas->background_count; i++)
        if (strcmp(atlas->backgrounds[i].name, name) == 0)
            return &atlas->backgrounds[i];
    return &atlas->backgrounds[0];
}

#define SLOT(n, field) {n, offsetof(RenderAtlas, field)}

static const RenderRegionSlot slots[] = {
    SLOT("ground_0", ground[0]), SLOT("ground_1", ground[1]),
    SLOT("ground_2", ground[2]), SLOT("ground_3", ground[3]),
    SLOT("ground_4", ground[4]), SLOT("ground_5", ground[5]),
    SLOT("ground_6", ground[6]), SLOT("ground_7", ground[7]),
    SLOT("ground_8", ground[8]), SLOT("ground_9", ground[9]),
    SLOT("ground_10", ground[10]), SLOT("ground_11", ground[11]),
    SLOT("ground_12", ground[12]), SLOT("ground_13", ground[13]),
    SLOT("ground_14", ground[14]), SLOT("ground_15", ground[15]),
    SLOT("ground_inner_ne", ground_inner[INNER_NE]),
    SLOT("ground_inner_nw", ground_inner[INNER_NW]),
    SLOT("ground_inner_se", ground_inner[INNER_SE]),
    SLOT("ground_inner_sw", ground_inner[INNER_SW]),
    SLOT("oneway_l", oneway[ONEWAY_L]), SLOT("oneway_m", oneway[ONEWAY_M]),
    SLOT("oneway_r", oneway[ONEWAY_R]), SLOT("oneway_single", oneway[ONEWAY_SINGLE]),
    SLOT("spikes_up", spikes[SPIKES_UP]), SLOT("spikes_down", spikes[SPIKES_DOWN]),
    SLOT("spikes_left", spikes[SPIKES_LEFT]), SLOT("spikes_right", spikes[SPIKES_RIGHT]),
    SLOT("platform_cap_l", platform_cap_l), SLOT("platform_cap_r", platform_cap_r),
    SLOT("panel", panel), SLOT("cursor", cursor),
    SLOT("icon_coin", icon_coin), SLOT("icon_death", icon_death),
    SLOT("icon_clock", icon_clock), SLOT("title_logo", title_logo),
    {NULL, 0},
};

const RenderRegionSlot *render_atlas_region_slots(void)
{
    return slots;
}

const char *render_clip_name(int rclip)
{
    switch (rclip) {
    case RCLIP_FX_DUST: return "fx_dust";
    case RCLIP_FX_SPARKLE: return "fx_sparkle";
    case RCLIP_FX_BURST: return "fx_burst";
    default: return clip_name((ClipId)rclip);
    }
}
