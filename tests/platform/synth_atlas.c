/* synth_atlas.c -- regions laid out on a grid of 32-px cells. */
#include "synth_atlas.h"

#include <check.h>
#include <string.h>

enum { SIZE = 512, CELL = 32 };

typedef struct Layout {
    SDL_Surface *image;
    int next;
} Layout;

/* The pattern: red says which region, green and blue where in it. */
static SDL_Rect region(Layout *l, int w, int h)
{
    int id = l->next++;
    int per_row = SIZE / CELL;
    SDL_Rect r = {(id % per_row) * CELL, (id / per_row) * CELL, w, h};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            Uint32 *p = (Uint32 *)((Uint8 *)l->image->pixels + (r.y + y) * l->image->pitch) + r.x + x;
            *p = SDL_MapRGBA(l->image->format, (Uint8)(10 + id * 3), (Uint8)(x * 8 + 4),
                             (Uint8)(y * 8 + 4), 255);
        }
    return r;
}

Uint32 synth_pixel(const SDL_Surface *s, int x, int y)
{
    return *((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch) + x);
}

SDL_Surface *synth_atlas_build(RenderAtlas *atlas, SDL_Renderer *renderer)
{
    memset(atlas, 0, sizeof *atlas);
    SDL_Surface *image = SDL_CreateRGBSurfaceWithFormat(0, SIZE, SIZE, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(image);
    SDL_FillRect(image, NULL, 0);
    Layout l = {image, 0};
    for (int i = 0; i < 16; i++)
        atlas->ground[i] = region(&l, 16, 16);
    for (int i = 0; i < 4; i++) {
        atlas->ground_inner[i] = region(&l, 16, 16);
        atlas->oneway[i] = region(&l, 16, 16);
        atlas->spikes[i] = region(&l, 16, 16);
    }
    for (int c = 0; c < RCLIP_COUNT; c++) {
        RenderClip *clip = &atlas->clips[c];
        clip->count = 2;
        clip->fps = 4.0f;
        clip->loop = true;
        int w = 16, h = 16;
        if (c <= CLIP_PLAYER_DEATH) {
            h = 24;
        } else if (c == CLIP_CHECKPOINT_IDLE || c == CLIP_CHECKPOINT_ACTIVE || c == CLIP_GOAL) {
            h = 32;
        } else if (c == CLIP_PLATFORM) {
            h = 8;
        } else if (c >= RCLIP_FX_DUST) {
            w = h = 8;
        }
        for (int f = 0; f < clip->count; f++)
            clip->frames[f] = region(&l, w, h);
    }
    atlas->platform_cap_l = region(&l, 4, 8);
    atlas->platform_cap_r = region(&l, 4, 8);
    atlas->panel = region(&l, 24, 24);
    atlas->cursor = region(&l, 8, 8);
    atlas->icon_coin = region(&l, 10, 10);
    atlas->icon_death = region(&l, 10, 10);
    atlas->icon_clock = region(&l, 10, 10);
    atlas->title_logo = region(&l, 32, 16);

    /* the font: 16 columns of 6x8 cells below the regions */
    RenderFont *f = &atlas->font;
    *f = (RenderFont){{0, SIZE - 6 * 8, 16 * 6, 6 * 8}, 32, 95, 6, 8, 16};
    for (int i = 0; i < f->count; i++) {
        int cx = f->src.x + (i % 16) * 6, cy = f->src.y + (i / 16) * 8;
        SDL_Rect glyph = {cx + 1, cy, 5, 7};
        SDL_FillRect(image, &glyph, SDL_MapRGBA(image->format, 255, 255, 255, 255));
    }

    atlas->background_count = 1;
    RenderBackground *bg = &atlas->backgrounds[0];
    strcpy(bg->name, "hills");
    bg->sky_top = (SDL_Color){10, 20, 80, 255};
    bg->sky_bottom = (SDL_Color){100, 140, 220, 255};
    for (int g = 0; g < RENDER_GROUPS; g++)
        atlas->group_colors[g] = (SDL_Color){(Uint8)(255 - g * 20), (Uint8)(g * 30), 128, 255};

    char err[256];
    ck_assert_msg(render_atlas_make_texture(atlas, renderer, image, err, sizeof err), "%s", err);
    return image;
}
