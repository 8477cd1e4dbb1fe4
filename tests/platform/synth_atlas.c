/* SPDX-License-Identifier: Zlib */
/* synth_atlas.c -- cells packed in rows, each painted with its own pattern. */
#include "synth_atlas.h"

#include <check.h>
#include <string.h>

enum { SIZE = 512, ROW = 33 };

typedef struct Packer {
    SDL_Surface *image;
    int x, y, id;
} Packer;

static void paint(SDL_Surface *img, SDL_Rect r, int id)
{
    for (int y = 0; y < r.h; y++)
        for (int x = 0; x < r.w; x++) {
            Uint32 *p = (Uint32 *)((Uint8 *)img->pixels + (r.y + y) * img->pitch) + r.x + x;
            *p = SDL_MapRGBA(img->format, (Uint8)(10 + id * 2), (Uint8)(x * 5 + 3),
                             (Uint8)(y * 7 + 3), 255);
        }
}

/* The red channel says which cell, green and blue where in it. */
static SDL_Rect cell(Packer *p, int w, int h)
{
    if (p->x + w > SIZE) {
        p->x = 0;
        p->y += ROW;
    }
    SDL_Rect r = {p->x, p->y, w, h};
    ck_assert_int_le(r.y + h, SIZE - 48);
    paint(p->image, r, p->id++);
    p->x += w + 1;
    return r;
}

Uint32 synth_pixel(const SDL_Surface *s, int x, int y)
{
    return *((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch) + x);
}

static void sheet(Packer *p, RenderSheet *sh, int frames, int variants, int w, int h)
{
    sh->frames = frames;
    sh->variants = variants;
    sh->fps = 4.0f;
    sh->loop = true;
    for (int i = 0; i < frames * variants; i++)
        sh->cells[i] = cell(p, w, h);
}

void synth_atlas_build(SynthAtlas *s, SDL_Renderer *renderer)
{
    memset(s, 0, sizeof *s);
    RenderAtlas *atlas = &s->atlas;
    s->image = SDL_CreateRGBSurfaceWithFormat(0, SIZE, SIZE, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(s->image);
    SDL_FillRect(s->image, NULL, 0);
    Packer p = {s->image, 0, 0, 0};
    for (int c = 0; c < RCLIP_COUNT; c++) {
        RenderSheet *sh = &atlas->sheets[c];
        if (c >= kind_clip_count() && c < RCLIP_FX_DUST)
            continue; /* numbers no kind uses */
        if (c < kind_first_clip(kind_find("player")) + 6 &&
            c >= kind_first_clip(kind_find("player"))) {
            sheet(&p, sh, 2, 1, 32, 32); /* Pip: a 16x24 box centred at the bottom */
            sh->anchor_x = 8;
            sh->anchor_y = 8;
        } else if (c == kind_clip_find("switch_off") || c == kind_clip_find("block_solid")) {
            sheet(&p, sh, 1, 3, 16, 16);
        } else if (c == kind_clip_find("platform")) {
            sheet(&p, sh, 1, 1, 48, 8);
            sh->slice_l = sh->slice_r = 6;
        } else if (c == kind_clip_find("goal")) {
            sheet(&p, sh, 2, 1, 32, 32);
        } else if (c >= RCLIP_HUD_COIN) {
            sheet(&p, sh, 1, 1, 11, 11);
        } else {
            sheet(&p, sh, 2, 1, 16, 16);
        }
    }
    for (int i = 0; i < 256; i++)
        atlas->blob[i] = (uint8_t)(i % RENDER_BLOB_TILES);
    atlas->theme_count = 1;
    RenderTheme *th = &atlas->themes[0];
    strcpy(th->name, "hills");
    for (int i = 0; i < RENDER_BLOB_TILES; i++)
        th->solid[i] = cell(&p, 16, 16);
    for (int i = 0; i < 4; i++) {
        th->oneway[i] = cell(&p, 16, 16);
        th->spikes[i] = cell(&p, 16, 16);
    }

    /* the font: 16 columns of 6x8 cells at the bottom, glyphs as boxes */
    RenderFont *f = &atlas->font;
    f->first = 32;
    f->count = 95;
    f->line_height = 12; /* as the real font: 9 rows of ink, the outline, a gap */
    for (int i = 0; i < f->count; i++) {
        f->cells[i] = (SDL_Rect){(i % 16) * 6, SIZE - 48 + (i / 16) * 8, 6, 8};
        f->advance[i] = 6;
        SDL_Rect glyph = {f->cells[i].x + 1, f->cells[i].y, 5, 7};
        SDL_FillRect(s->image, &glyph, SDL_MapRGBA(s->image->format, 255, 255, 255, 255));
    }

    char err[256];
    atlas->texture = render_make_texture(renderer, s->image, &atlas->tex_w, &atlas->tex_h,
                                         &atlas->white, err, sizeof err);
    ck_assert_msg(atlas->texture != NULL, "%s", err);

    /* one background set: a 64x32 strip over a filled sky */
    s->bg_image = SDL_CreateRGBSurfaceWithFormat(0, 64, 32, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(s->bg_image);
    paint(s->bg_image, (SDL_Rect){0, 0, 64, 32}, 120);
    RenderBackground *bg = &atlas->backgrounds[0];
    atlas->background_count = 1;
    strcpy(bg->name, "hills");
    bg->layers[0] = (RenderBgLayer){{0, 0, 64, 32},     0.5f, 0.25f, 100,  {10, 20, 80, 255},
                                    {40, 160, 60, 255}, 0.0f, 0.0f,  false};
    bg->layer_count = 1;
    bg->texture = render_make_texture(renderer, s->bg_image, &bg->tex_w, &bg->tex_h, &bg->white,
                                      err, sizeof err);
    ck_assert_msg(bg->texture != NULL, "%s", err);
}

void synth_atlas_free(SynthAtlas *s)
{
    render_atlas_unload(&s->atlas);
    SDL_FreeSurface(s->image);
    SDL_FreeSurface(s->bg_image);
}
