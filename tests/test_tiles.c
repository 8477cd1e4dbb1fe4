/* SPDX-License-Identifier: Zlib */
/* test_tiles.c -- the ground as the game paints it: small levels laid out
** for the purpose, every tile's piece chosen by the renderer from the real
** atlas (assets/), and the painted pixels of that piece checked against the
** tile's neighbours. Run from the source folder (ctest does). */
#include "assets.h"
#include "render.h"
#include "check_run.h"

#include <SDL_image.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Art {
    SDL_Surface *target;
    SDL_Renderer *renderer;
    RenderAtlas atlas;
    SDL_Surface *image; /* assets/atlas.png, RGBA */
} Art;

static void art_open(Art *a)
{
    memset(a, 0, sizeof *a);
    a->target = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(a->target);
    a->renderer = SDL_CreateSoftwareRenderer(a->target);
    ck_assert_ptr_nonnull(a->renderer);
    char err[512];
    ck_assert_msg(assets_load_atlas(".", a->renderer, &a->atlas, NULL, err, sizeof err), "%s", err);
    SDL_Surface *png = IMG_Load("assets/atlas.png");
    ck_assert_msg(png != NULL, "assets/atlas.png: %s", IMG_GetError());
    a->image = SDL_ConvertSurfaceFormat(png, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(png);
    ck_assert_ptr_nonnull(a->image);
}

static void art_close(Art *a)
{
    render_atlas_unload(&a->atlas);
    SDL_FreeSurface(a->image);
    SDL_DestroyRenderer(a->renderer);
    SDL_FreeSurface(a->target);
}

static const uint8_t *texel(const Art *a, SDL_Rect cell, int x, int y)
{
    return (const uint8_t *)a->image->pixels + (size_t)(cell.y + y) * (size_t)a->image->pitch +
           (size_t)(cell.x + x) * 4;
}

/* The outline every world draws its ground's open edges with (palette 'k'). */
static bool is_outline(const uint8_t *p)
{
    return p[3] == 255 && p[0] == 0x1a && p[1] == 0x14 && p[2] == 0x23;
}

static void blank_map(Tilemap *map, int w, int h)
{
    ck_assert(tilemap_init(map, w, h));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            tilemap_set(map, x, y, TILE_EMPTY);
}

static const int DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
enum { N = 1, E = 4, S = 16, W = 64 };

/* Every one of the 256 neighbourhoods, each a solid tile with the solid
** neighbours its mask names, laid out four tiles apart on a map with room
** round it: the renderer picks a piece for each centre, and the piece's
** own pixels must show an edge exactly where the ground is open: an
** outlined side towards every open neighbour and none towards a solid one,
** and a notch of outline in a corner whose diagonal is open between two
** solid sides (an inner corner). */
START_TEST(each_mask_case_gets_the_piece_its_neighbours_call_for)
{
    Art a;
    art_open(&a);
    enum { STRIDE = 4, PER_ROW = 16 };
    enum { W_TILES = 2 + STRIDE * PER_ROW, H_TILES = 2 + STRIDE * 16 + 4 };
    Tilemap map;
    blank_map(&map, W_TILES, H_TILES);
    for (int m = 0; m < 256; m++) {
        int cx = 2 + STRIDE * (m % PER_ROW), cy = 2 + STRIDE * (m / PER_ROW);
        tilemap_set(&map, cx, cy, TILE_SOLID);
        for (int i = 0; i < 8; i++)
            if (m & (1 << i))
                tilemap_set(&map, cx + DX[i], cy + DY[i], TILE_SOLID);
    }
    for (int t = 0; t < a.atlas.theme_count; t++) {
        const RenderTheme *theme = &a.atlas.themes[t];
        int distinct = 0;
        SDL_Rect seen[256];
        for (int m = 0; m < 256; m++) {
            int cx = 2 + STRIDE * (m % PER_ROW), cy = 2 + STRIDE * (m / PER_ROW);
            ck_assert_int_eq(render_blob_mask(&map, cx, cy), m);
            SDL_Rect cell;
            ck_assert(render_tile_piece(&a.atlas, theme, &map, cx, cy, &cell));
            ck_assert_int_eq(cell.w, TILE_SIZE);
            bool known = false;
            for (int k = 0; k < distinct && !known; k++)
                known = SDL_RectEquals(&seen[k], &cell);
            if (!known)
                seen[distinct++] = cell;
            /* the sides: the middle of each edge line */
            static const struct {
                int bit, x0, y0, dx, dy;
            } sides[] = {{N, 0, 0, 1, 0}, {S, 0, 15, 1, 0}, {W, 0, 0, 0, 1}, {E, 15, 0, 0, 1}};
            for (size_t s = 0; s < 4; s++) {
                int outlined = 0;
                for (int i = 3; i <= 12; i++) {
                    int x = sides[s].x0 + sides[s].dx * i, y = sides[s].y0 + sides[s].dy * i;
                    outlined += is_outline(texel(&a, cell, x, y));
                }
                if (m & sides[s].bit)
                    ck_assert_msg(outlined == 0, "%s, mask %d: an edge towards solid side %d",
                                  theme->name, m, sides[s].bit);
                else /* a grass blade may poke through a top edge here and there */
                    ck_assert_msg(outlined >= 6,
                                  "%s, mask %d: open side %d not outlined (%d of 10)", theme->name,
                                  m, sides[s].bit, outlined);
            }
            /* the corners between two solid sides */
            static const struct {
                int a, b, diag, x, y;
            } corners[] = {
                {N, E, 2, 15, 0}, {S, E, 8, 15, 15}, {S, W, 32, 0, 15}, {N, W, 128, 0, 0}};
            for (size_t k = 0; k < 4; k++) {
                if (!(m & corners[k].a) || !(m & corners[k].b))
                    continue;
                bool notch = is_outline(texel(&a, cell, corners[k].x, corners[k].y));
                ck_assert_msg(notch == !(m & corners[k].diag), "%s, mask %d: corner %d %s",
                              theme->name, m, corners[k].diag,
                              notch ? "notched though its diagonal is solid"
                                    : "not notched though its diagonal is open");
            }
        }
        /* the 256 neighbourhoods come down to the 47 distinct pieces */
        ck_assert_int_eq(distinct, RENDER_BLOB_TILES);
    }
    tilemap_fini(&map);
    art_close(&a);
}
END_TEST

/* Shade lies only deep in the ground, and its own edges follow which
** neighbours are deep: clear towards the lit rim, dark in the heart. */
START_TEST(shade_darkens_only_deep_ground)
{
    Art a;
    art_open(&a);
    ck_assert(a.atlas.has_shade);
    Tilemap map;
    blank_map(&map, 12, 12);
    for (int y = 2; y < 12; y++)
        for (int x = 2; x < 10; x++)
            tilemap_set(&map, x, y, TILE_SOLID);
    SDL_Rect cell;
    /* the top row and the sides have open neighbours: no shade */
    ck_assert(!render_tile_shade(&a.atlas, &map, 5, 2, &cell));
    ck_assert(!render_tile_shade(&a.atlas, &map, 2, 6, &cell));
    ck_assert(!render_tile_shade(&a.atlas, &map, 1, 6, &cell));
    /* one tile in: shaded, clear along the side towards the rim */
    ck_assert(render_tile_shade(&a.atlas, &map, 5, 3, &cell));
    ck_assert_int_eq(texel(&a, cell, 8, 0)[3], 0);
    ck_assert_int_gt(texel(&a, cell, 8, 15)[3], 0);
    /* the heart: dark all over */
    ck_assert(render_tile_shade(&a.atlas, &map, 5, 7, &cell));
    for (int y = 0; y < TILE_SIZE; y++)
        for (int x = 0; x < TILE_SIZE; x++)
            ck_assert_int_gt(texel(&a, cell, x, y)[3], 0);
    tilemap_fini(&map);
    art_close(&a);
}
END_TEST

/* A wide mass of ground is broken up by details set into it: the same on
** every call (a hash of the position, no state), on a fair share of the
** tiles with ground above and below, every detail of the world used, and
** never on a tile whose top or bottom is open (they keep clear of caps). */
START_TEST(wide_ground_is_varied_the_same_every_time)
{
    Art a;
    art_open(&a);
    enum { SIDE = 48 };
    Tilemap map;
    blank_map(&map, SIDE, SIDE);
    for (int y = 4; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            tilemap_set(&map, x, y, TILE_SOLID);
    for (int t = 0; t < a.atlas.theme_count; t++) {
        const RenderTheme *theme = &a.atlas.themes[t];
        ck_assert_int_ge(theme->fill_count, 4);
        bool used[RENDER_THEME_EXTRAS] = {false};
        int inner = 0, varied = 0;
        for (int y = 0; y < SIDE; y++)
            for (int x = 0; x < SIDE; x++) {
                SDL_Rect d1, d2;
                bool has = render_tile_detail(theme, &map, x, y, &d1);
                ck_assert(has == render_tile_detail(theme, &map, x, y, &d2));
                if (!has)
                    continue;
                ck_assert(SDL_RectEquals(&d1, &d2));
                ck_assert_msg(y > 4, "%s: a detail on the top row at %d, %d", theme->name, x, y);
                varied++;
                for (int k = 0; k < theme->fill_count; k++)
                    used[k] = used[k] || SDL_RectEquals(&d1, &theme->fill[k]);
            }
        for (int y = 5; y < SIDE; y++)
            inner += SIDE;
        ck_assert_msg(varied * 5 > inner && varied * 2 < inner, "%s: %d details on %d tiles",
                      theme->name, varied, inner);
        for (int k = 0; k < theme->fill_count; k++)
            ck_assert_msg(used[k], "%s: detail %d never chosen", theme->name, k);
    }
    tilemap_fini(&map);
    art_close(&a);
}
END_TEST

/* Decorations grow on top edges, never on or beside what kills: a floor
** with spikes along it every few tiles, and spikes hanging over it. */
START_TEST(decorations_grow_on_top_edges_away_from_spikes)
{
    Art a;
    art_open(&a);
    enum { W_TILES = 120 };
    Tilemap map;
    blank_map(&map, W_TILES, 8);
    for (int x = 0; x < W_TILES; x++) {
        tilemap_set(&map, x, 6, TILE_SOLID);
        tilemap_set(&map, x, 7, TILE_SOLID);
        if (x % 9 == 4)
            tilemap_set(&map, x, 5, TILE_SPIKES);
        if (x % 13 == 7) {
            tilemap_set(&map, x, 3, TILE_SOLID);
            tilemap_set(&map, x, 4, TILE_SPIKES);
        }
    }
    for (int t = 0; t < a.atlas.theme_count; t++) {
        const RenderTheme *theme = &a.atlas.themes[t];
        int grown = 0;
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < W_TILES; x++) {
                SDL_Rect piece;
                if (tilemap_get(&map, x, y) != TILE_EMPTY ||
                    !render_tile_piece(&a.atlas, theme, &map, x, y, &piece))
                    continue;
                grown++;
                ck_assert_msg(tilemap_get(&map, x, y + 1) == TILE_SOLID,
                              "%s: a decoration in the air at %d, %d", theme->name, x, y);
                for (int dx = -1; dx <= 1; dx++)
                    for (int dy = -1; dy <= 1; dy++)
                        ck_assert_msg(tilemap_get(&map, x + dx, y + dy) != TILE_SPIKES,
                                      "%s: a decoration at %d, %d beside a spike", theme->name, x,
                                      y);
            }
        ck_assert_msg(grown >= W_TILES / 8, "%s: only %d decorations", theme->name, grown);
    }
    tilemap_fini(&map);
    art_close(&a);
}
END_TEST

static Suite *tiles_suite(void)
{
    Suite *s = suite_create("tiles");
    TCase *tc = tcase_create("ground");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, each_mask_case_gets_the_piece_its_neighbours_call_for);
    tcase_add_test(tc, shade_darkens_only_deep_ground);
    tcase_add_test(tc, wide_ground_is_varied_the_same_every_time);
    tcase_add_test(tc, decorations_grow_on_top_edges_away_from_spikes);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(tiles_suite());
}
