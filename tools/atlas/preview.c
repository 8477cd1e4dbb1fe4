/* SPDX-License-Identifier: Zlib */
/* preview.c -- contact sheets and mock scenes of the art. */
#include "preview.h"

#include <stdio.h>
#include <string.h>

static void blit_scaled(Image *dst, int dx, int dy, const Image *src, int scale)
{
    for (int y = 0; y < src->h; y++)
        for (int x = 0; x < src->w; x++) {
            Rgba c = image_get(src, x, y);
            for (int j = 0; j < scale; j++)
                for (int i = 0; i < scale; i++)
                    image_blend(dst, dx + x * scale + i, dy + y * scale + j, c);
        }
}

bool preview_sheets(const Atlas *atlas, int scale, Image *out)
{
    int width = 0, height = 0;
    for (int i = 0; i < atlas->sheet_count; i++) {
        const Sheet *s = &atlas->sheets[i];
        int n = s->frames * s->variants;
        int per_row = n > 24 ? 24 : n;
        int rows = (n + per_row - 1) / per_row;
        int w = per_row * (s->w + 2) * scale;
        if (w > width)
            width = w;
        height += rows * (s->h + 2) * scale + 4;
    }
    if (!image_init(out, width + 8, height + 8))
        return false;
    image_fill_rect(out, 0, 0, out->w, out->h, RGBA(120, 128, 150, 255));
    int y = 4;
    for (int i = 0; i < atlas->sheet_count; i++) {
        const Sheet *s = &atlas->sheets[i];
        int n = s->frames * s->variants;
        int per_row = n > 24 ? 24 : n;
        for (int c = 0; c < n; c++) {
            int x = 4 + (c % per_row) * (s->w + 2) * scale;
            int yy = y + (c / per_row) * (s->h + 2) * scale;
            image_fill_rect(out, x, yy, s->w * scale, s->h * scale, RGBA(150, 158, 180, 255));
            blit_scaled(out, x, yy, &s->cells[c], scale);
        }
        y += ((n + per_row - 1) / per_row) * (s->h + 2) * scale + 4;
    }
    return true;
}

/* ---- mock scenes ---- */

enum { SCENE_W = 480, SCENE_H = 270, COLS = SCENE_W / 16, ROWS = (SCENE_H + 15) / 16 };

/* A small hand-made stretch of level: '#' solid, '=' one-way, '^' spikes;
** the shaft in the middle is a bottomless pit, to judge the depth below. */
static const char *const scene_rows[ROWS] = {
    "..............................", "..............................",
    "..............................", "....................######....",
    "....................######....", "..........===........####.....",
    "..............................", "###...................^^......",
    "###.............#######.......", "####.....####...#######.......",
    "####.^^^.####.......###....###", "##############......###^^^####",
    "##############====..##########", "##############......##########",
    "##############......##########", "##############......##########",
    "##############......##########",
};

static bool solid_at(int tx, int ty)
{
    if (tx < 0 || tx >= COLS)
        return true;
    if (ty < 0)
        return false;
    if (ty >= ROWS)
        return true;
    return scene_rows[ty][tx] == '#';
}

static void draw_cell(Image *dst, const Atlas *atlas, const Image *atlas_img, int x, int y,
                      const Sheet *s, int cell, bool flip)
{
    (void)atlas;
    (void)atlas_img;
    image_blit(dst, x, y, &s->cells[cell], 0, 0, s->w, s->h, flip);
}

static void draw_background(Image *scene, const BgSet *set, int scroll)
{
    for (int l = 0; l < set->layer_count; l++) {
        const BgLayer *layer = &set->layers[l];
        int off = (int)((float)scroll * layer->parallax_x) % layer->img.w;
        image_fill_rect(scene, 0, 0, SCENE_W, layer->y, layer->fill_above);
        image_fill_rect(scene, 0, layer->y + layer->img.h, SCENE_W,
                        SCENE_H - layer->y - layer->img.h, layer->fill_below);
        for (int x = -off; x < SCENE_W; x += layer->img.w)
            image_blit(scene, x, layer->y, &layer->img, 0, 0, layer->img.w, layer->img.h, false);
    }
}

static void draw_scene(Image *scene, const Atlas *atlas, const BgSet *set)
{
    draw_background(scene, set, 0);
    char name[64];
    snprintf(name, sizeof name, "%s.solid", set->name);
    const Sheet *solid = atlas_find(atlas, SECTION_TILE, name);
    snprintf(name, sizeof name, "%s.oneway", set->name);
    const Sheet *oneway = atlas_find(atlas, SECTION_TILE, name);
    snprintf(name, sizeof name, "%s.spikes", set->name);
    const Sheet *spikes = atlas_find(atlas, SECTION_TILE, name);
    snprintf(name, sizeof name, "%s.decor", set->name);
    const Sheet *decor = atlas_find(atlas, SECTION_TILE, name);
    snprintf(name, sizeof name, "%s.fill", set->name);
    const Sheet *fill = atlas_find(atlas, SECTION_TILE, name);
    for (int ty = 0; ty < ROWS; ty++)
        for (int tx = 0; tx < COLS; tx++) {
            char c = scene_rows[ty][tx];
            int x = tx * 16, y = ty * 16;
            if (c == '#' && solid) {
                int mask = 0;
                static const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
                static const int dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
                for (int k = 0; k < 8; k++)
                    if (solid_at(tx + dx[k], ty + dy[k]))
                        mask |= 1 << k;
                draw_cell(scene, atlas, NULL, x, y, solid, atlas->blob_map[mask], false);
                if (fill && (mask & 1) && (mask & 16) && (tx * 5 + ty * 11) % 7 < 3)
                    draw_cell(scene, atlas, NULL, x, y, fill, (tx * 3 + ty * 7) % fill->frames,
                              false);
            } else if (c == '=' && oneway) {
                bool l = tx > 0 && scene_rows[ty][tx - 1] == '=';
                bool r = tx + 1 < COLS && scene_rows[ty][tx + 1] == '=';
                int f = !l && !r ? 0 : !l ? 1 : !r ? 3 : 2;
                draw_cell(scene, atlas, NULL, x, y, oneway, f, false);
            } else if (c == '^' && spikes) {
                draw_cell(scene, atlas, NULL, x, y, spikes, 0, false);
            } else if (c == '.' && decor && solid_at(tx, ty + 1) && ty + 1 < ROWS &&
                       scene_rows[ty + 1][tx] == '#' && (tx * 7 + ty * 3) % 5 < 2) {
                draw_cell(scene, atlas, NULL, x, y, decor, (tx * 5 + ty) % decor->frames, false);
            }
        }
    struct {
        const char *clip;
        int x, y, variant, frame;
        bool flip;
    } ents[] = {
        {"player_run", 6 * 16, 9 * 16 - 24, 0, 2, false},
        {"coin", 11 * 16, 7 * 16, 0, 0, false},
        {"coin", 12 * 16, 7 * 16, 0, 2, false},
        {"coin", 13 * 16, 7 * 16, 0, 4, false},
        {"walker_walk", 25 * 16, 7 * 16, 0, 0, true},
        {"checkpoint_active", 2 * 16, 7 * 16 - 32, 0, 1, false},
        {"goal", 21 * 16, 3 * 16 - 32, 0, 0, false},
        {"saw", 8 * 16, 4 * 16, 0, 0, false},
        {"platform", 14 * 16, 5 * 16, 0, 0, false},
        {"platform_oneway", 2 * 16, 4 * 16, 0, 0, false},
        {"switch_off", 18 * 16, 8 * 16 - 16, 0, 0, false},
        {"block_solid", 26 * 16, 3 * 16, 0, 0, false},
        {"block_ghost", 27 * 16, 3 * 16, 0, 0, false},
        {"spring_idle", 4 * 16, 10 * 16, 0, 0, false},
        {"spring_launch", 15 * 16, 8 * 16, 1, 2, false},
        {"sign", 10 * 16, 8 * 16, 0, 0, false},
        {"gem", 28 * 16, 6 * 16, 0, 4, false},
        {"crumble", 26 * 16, 8 * 16, 0, 0, false},
        {"crumble_shake", 27 * 16, 8 * 16, 0, 1, false},
        {"crumble_gone", 28 * 16, 8 * 16, 0, 0, false},
    };
    for (size_t e = 0; e < sizeof ents / sizeof ents[0]; e++) {
        const Sheet *s = atlas_find(atlas, SECTION_CLIP, ents[e].clip);
        if (s == NULL)
            continue;
        int f = ents[e].frame < s->frames ? ents[e].frame : 0;
        int v = ents[e].variant < s->variants ? ents[e].variant : 0;
        draw_cell(scene, atlas, NULL, ents[e].x - s->anchor_x, ents[e].y - s->anchor_y, s,
                  v * s->frames + f, ents[e].flip);
    }
}

bool preview_scenes(const Atlas *atlas, int scale, Image *out)
{
    int n = atlas->bg_count > 0 ? atlas->bg_count : 1;
    if (!image_init(out, SCENE_W * scale, (SCENE_H + 4) * scale * n))
        return false;
    Image scene;
    if (!image_init(&scene, SCENE_W, SCENE_H))
        return false;
    for (int b = 0; b < atlas->bg_count; b++) {
        memset(scene.px, 0, (size_t)SCENE_W * SCENE_H * sizeof *scene.px);
        draw_scene(&scene, atlas, &atlas->bgs[b]);
        blit_scaled(out, 0, b * (SCENE_H + 4) * scale, &scene, scale);
    }
    image_fini(&scene);
    return true;
}
