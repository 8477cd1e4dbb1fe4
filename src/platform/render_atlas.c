/* SPDX-License-Identifier: Zlib */
/* render_atlas.c -- textures with a white patch; names of the extras. */
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

SDL_Texture *render_make_texture(SDL_Renderer *renderer, SDL_Surface *image, int *w, int *h,
                                 SDL_Rect *white, char *err, size_t errlen)
{
    SDL_Texture *texture = NULL;
    SDL_Surface *rgba = NULL, *full = NULL;
    rgba = SDL_ConvertSurfaceFormat(image, SDL_PIXELFORMAT_RGBA32, 0);
    if (!rgba)
        goto done;
    full = SDL_CreateRGBSurfaceWithFormat(0, pow2(rgba->w), pow2(rgba->h + WHITE_PATCH), 32,
                                          SDL_PIXELFORMAT_RGBA32);
    if (!full)
        goto done;
    SDL_SetSurfaceBlendMode(rgba, SDL_BLENDMODE_NONE);
    SDL_FillRect(full, NULL, SDL_MapRGBA(full->format, 0, 0, 0, 0));
    if (SDL_BlitSurface(rgba, NULL, full, NULL) != 0)
        goto done;
    SDL_Rect patch = {0, rgba->h, WHITE_PATCH, WHITE_PATCH};
    SDL_FillRect(full, &patch, SDL_MapRGBA(full->format, 255, 255, 255, 255));
    texture = SDL_CreateTextureFromSurface(renderer, full);
    if (!texture)
        goto done;
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    *w = full->w;
    *h = full->h;
    /* the middle of the patch: nearest sampling never reaches the art */
    *white = (SDL_Rect){1, rgba->h + 1, 2, 2};
done:
    if (!texture)
        snprintf(err, errlen, "cannot make a texture: %s", SDL_GetError());
    SDL_FreeSurface(full);
    SDL_FreeSurface(rgba);
    return texture;
}

void render_atlas_unload(RenderAtlas *atlas)
{
    if (atlas->texture)
        SDL_DestroyTexture(atlas->texture);
    atlas->texture = NULL;
    for (int i = 0; i < atlas->background_count; i++) {
        if (atlas->backgrounds[i].texture)
            SDL_DestroyTexture(atlas->backgrounds[i].texture);
        atlas->backgrounds[i].texture = NULL;
    }
}

const RenderTheme *render_atlas_theme(const RenderAtlas *atlas, const char *name)
{
    if (atlas->theme_count == 0)
        return NULL;
    for (int i = 0; name && i < atlas->theme_count; i++)
        if (strcmp(atlas->themes[i].name, name) == 0)
            return &atlas->themes[i];
    return &atlas->themes[0];
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

const char *render_clip_name(int rclip)
{
    switch (rclip) {
    case RCLIP_FX_DUST: return "dust";
    case RCLIP_FX_SPARKLE: return "sparkle";
    case RCLIP_HUD_COIN: return "hud_coin";
    case RCLIP_HUD_SKULL: return "hud_skull";
    case RCLIP_HUD_CLOCK: return "hud_clock";
    case RCLIP_HUD_GEM: return "hud_gem";
    default: return kind_clip_name(rclip);
    }
}
