/* SPDX-License-Identifier: Zlib */
/* test_render.c -- the renderer drawn with the software renderer, pixels checked. */
#include "components.h"
#include "render.h"
#include "synth_atlas.h"
#include "check_run.h"

#include <check.h>
#include <string.h>
#include <stdlib.h>

/* A clip's global id by its name (the kind table numbers the clips). */
static uint16_t clip(const char *name)
{
    int c = kind_clip_find(name);
    ck_assert_msg(c >= 0, "no clip %s", name);
    return (uint16_t)c;
}

typedef struct Canvas {
    SDL_Surface *target;
    SDL_Renderer *renderer;
    SynthAtlas synth;
    SDL_Surface *image; /* synth.image */
    RenderAtlas atlas;  /* a copy of synth.atlas */
    Batch batch;
} Canvas;

static void canvas_open(Canvas *c)
{
    c->target = SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(c->target);
    SDL_FillRect(c->target, NULL, SDL_MapRGBA(c->target->format, 0, 0, 0, 255));
    c->renderer = SDL_CreateSoftwareRenderer(c->target);
    ck_assert_ptr_nonnull(c->renderer);
    synth_atlas_build(&c->synth, c->renderer);
    c->image = c->synth.image;
    c->atlas = c->synth.atlas;
    batch_init(&c->batch, c->renderer);
    batch_begin(&c->batch);
    render_use_atlas(&c->batch, &c->atlas);
}

static void canvas_close(Canvas *c)
{
    batch_fini(&c->batch);
    synth_atlas_free(&c->synth);
    SDL_DestroyRenderer(c->renderer);
    SDL_FreeSurface(c->target);
}

static void canvas_present(Canvas *c)
{
    batch_flush(&c->batch);
    SDL_RenderPresent(c->renderer);
}

/* True when the block at (x, y) of the target equals src of the image,
** mirrored when flip. */
static bool block_matches_image(const Canvas *c, const SDL_Surface *image, int x, int y,
                                SDL_Rect src, bool flip)
{
    for (int j = 0; j < src.h; j++)
        for (int i = 0; i < src.w; i++) {
            int si = flip ? src.w - 1 - i : i;
            if (synth_pixel(c->target, x + i, y + j) != synth_pixel(image, src.x + si, src.y + j))
                return false;
        }
    return true;
}

static bool block_matches(const Canvas *c, int x, int y, SDL_Rect src, bool flip)
{
    return block_matches_image(c, c->image, x, y, src, flip);
}

static EcsWorld *sprite_world(void)
{
    EcsWorld *w = ecs_world_create();
    ck_assert_ptr_nonnull(w);
    game_register_components(w);
    return w;
}

static EcsEntity add_sprite(EcsWorld *w, Transform t, Sprite s)
{
    EcsEntity e = ecs_create(w);
    ck_assert_ptr_nonnull(ecs_add(w, e, C_TRANSFORM, &t));
    ck_assert_ptr_nonnull(ecs_add(w, e, C_SPRITE, &s));
    return e;
}

START_TEST(sprite_is_drawn_at_its_interpolated_position)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){120, 60, 100, 70},
               (Sprite){.clip = clip("player_run"), .frame = 1, .w = 16, .h = 24});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {40, 20, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_sprites(&c.batch, &c.atlas, w, 0.25f, &view, &list), 1);
    canvas_present(&c);
    /* a quarter of the way from (100, 70) to (120, 60), minus the view,
    ** minus the anchor that puts the 16x24 box inside the 32x32 cell */
    const RenderSheet *sh = &c.atlas.sheets[clip("player_run")];
    int x = 105 - 40 - sh->anchor_x, y = 68 - 20 - sh->anchor_y;
    ck_assert(block_matches(&c, x, y, sh->cells[1], false));
    ck_assert(!block_matches(&c, x + 1, y, sh->cells[1], false));
    ck_assert(!block_matches(&c, x, y, sh->cells[0], false));
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(teleport_is_judged_on_the_whole_move)
{
    /* within the limit on both axes, a diagonal move is swept */
    float x, y;
    render_interpolate(&(Transform){140, 140, 100, 100}, 0.5f, &x, &y);
    ck_assert_float_eq(x, 120.0f);
    ck_assert_float_eq(y, 120.0f);
    /* one pixel past it on one axis: shown at the end on both axes */
    int far = RENDER_TELEPORT_PX + 1;
    render_interpolate(&(Transform){100 - far, 110, 100, 100}, 0.5f, &x, &y);
    ck_assert_float_eq(x, (float)(100 - far));
    ck_assert_float_eq(y, 110.0f);
    render_interpolate(&(Transform){100 + RENDER_TELEPORT_PX, 100, 100, 100}, 0.5f, &x, &y);
    ck_assert_float_eq(x, 100.0f + RENDER_TELEPORT_PX / 2.0f);

    /* and a sprite is drawn there, not part-way down */
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){100 + far, 110, 100, 100},
               (Sprite){.clip = clip("player_run"), .frame = 1, .w = 16, .h = 24});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {40, 20, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_sprites(&c.batch, &c.atlas, w, 0.5f, &view, &list), 1);
    canvas_present(&c);
    const RenderSheet *sh = &c.atlas.sheets[clip("player_run")];
    int sx = 100 + far - 40 - sh->anchor_x, sy = 110 - 20 - sh->anchor_y;
    ck_assert(block_matches(&c, sx, sy, sh->cells[1], false));
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(sprite_facing_left_is_mirrored)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){30, 40, 30, 40},
               (Sprite){.clip = clip("player_idle"), .frame = 0, .w = 16, .h = 24, .flip_x = true});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list);
    canvas_present(&c);
    SDL_Rect cell = c.atlas.sheets[clip("player_idle")].cells[0];
    ck_assert(block_matches(&c, 30 - 8, 40 - 8, cell, true));
    ck_assert(!block_matches(&c, 30 - 8, 40 - 8, cell, false));
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(variant_picks_the_group_cell)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){64, 64, 64, 64},
               (Sprite){.clip = clip("switch_off"), .w = 16, .h = 16, .variant = 2});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list);
    canvas_present(&c);
    ck_assert(block_matches(&c, 64, 64, c.atlas.sheets[clip("switch_off")].cells[2], false));
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(higher_layer_draws_on_top_whatever_the_order)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){50, 50, 50, 50}, (Sprite){.clip = clip("coin"), .layer = 5});
    add_sprite(w, (Transform){50, 50, 50, 50}, (Sprite){.clip = clip("saw"), .layer = -3});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list);
    canvas_present(&c);
    ck_assert(block_matches(&c, 50, 50, c.atlas.sheets[clip("coin")].cells[0], false));
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(wide_block_repeats_its_cell_and_platform_keeps_its_caps)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){16, 100, 16, 100},
               (Sprite){.clip = clip("block_solid"), .w = 40, .h = 16, .variant = 1});
    add_sprite(w, (Transform){100, 150, 100, 150},
               (Sprite){.clip = clip("platform"), .w = 64, .h = 8});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list);
    /* 16 + 16 + 8; cap, 36 + 16 of the middle, cap */
    ck_assert_int_eq(c.batch.quad_count, 3 + 4);
    canvas_present(&c);
    SDL_Rect block = c.atlas.sheets[clip("block_solid")].cells[1];
    ck_assert(block_matches(&c, 16, 100, block, false));
    ck_assert(block_matches(&c, 32, 100, block, false));
    SDL_Rect plat = c.atlas.sheets[clip("platform")].cells[0];
    SDL_Rect cap_l = {plat.x, plat.y, 6, 8}, cap_r = {plat.x + 42, plat.y, 6, 8};
    SDL_Rect mid = {plat.x + 6, plat.y, 36, 8};
    ck_assert(block_matches(&c, 100, 150, cap_l, false));
    ck_assert(block_matches(&c, 106, 150, mid, false));
    ck_assert(block_matches(&c, 100 + 64 - 6, 150, cap_r, false));
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(sprites_outside_the_view_add_no_quads)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){-40, 10, -40, 10}, (Sprite){.clip = clip("coin")});
    add_sprite(w, (Transform){LOGICAL_W + 1, 10, LOGICAL_W + 1, 10},
               (Sprite){.clip = clip("coin")});
    add_sprite(w, (Transform){10, LOGICAL_H, 10, LOGICAL_H}, (Sprite){.clip = clip("coin")});
    add_sprite(w, (Transform){-15, 10, -15, 10}, (Sprite){.clip = clip("coin")}); /* 1 px shows */
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list), 1);
    ck_assert_int_eq(c.batch.quad_count, 1);
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

static void fill_map(Tilemap *map, int w, int h, TileKind kind)
{
    ck_assert(tilemap_init(map, w, h));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            tilemap_set(map, x, y, kind);
}

START_TEST(only_visible_tiles_are_drawn)
{
    Canvas c;
    canvas_open(&c);
    const RenderTheme *theme = &c.atlas.themes[0];
    Tilemap map;
    fill_map(&map, 200, 60, TILE_SOLID);
    /* aligned: 30 x 17 tiles cover 480 x 270 */
    RenderView view = {320, 160, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_tiles(&c.batch, &c.atlas, theme, &map, &view), 30 * 17);
    ck_assert_int_eq(c.batch.quad_count, 30 * 17);
    /* half a tile off: one more column and row show */
    c.batch.quad_count = 0;
    view = (RenderView){328, 168, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_tiles(&c.batch, &c.atlas, theme, &map, &view), 31 * 18);
    ck_assert_int_eq(c.batch.quad_count, 31 * 18);
    /* a view past the right edge of the map draws only what is left */
    c.batch.quad_count = 0;
    view = (RenderView){200 * 16 - 64, 0, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_tiles(&c.batch, &c.atlas, theme, &map, &view), 4 * 17);
    tilemap_fini(&map);
    canvas_close(&c);
}
END_TEST

START_TEST(solid_tiles_follow_their_eight_neighbours)
{
    Canvas c;
    canvas_open(&c);
    const RenderTheme *theme = &c.atlas.themes[0];
    Tilemap map;
    fill_map(&map, 6, 6, TILE_EMPTY);
    tilemap_set(&map, 2, 2, TILE_SOLID);
    ck_assert_int_eq(render_blob_mask(&map, 2, 2), 0);
    tilemap_set(&map, 3, 2, TILE_SOLID); /* east */
    tilemap_set(&map, 2, 3, TILE_SOLID); /* south */
    ck_assert_int_eq(render_blob_mask(&map, 2, 2), 4 | 16);
    tilemap_set(&map, 3, 3, TILE_SOLID); /* south-east */
    tilemap_set(&map, 1, 1, TILE_SOLID); /* north-west */
    ck_assert_int_eq(render_blob_mask(&map, 2, 2), 4 | 8 | 16 | 128);
    SDL_Rect piece;
    ck_assert(render_tile_piece(&c.atlas, theme, &map, 2, 2, &piece));
    SDL_Rect want = theme->solid[c.atlas.blob[4 | 8 | 16 | 128]];
    ck_assert(SDL_RectEquals(&piece, &want));
    /* outside the map: solid to the sides and below, open above */
    tilemap_set(&map, 0, 5, TILE_SOLID);
    ck_assert_int_eq(render_blob_mask(&map, 0, 5), 8 | 16 | 32 | 64 | 128);
    tilemap_set(&map, 5, 0, TILE_SOLID);
    ck_assert_int_eq(render_blob_mask(&map, 5, 0), 4 | 8); /* north-east is above */
    ck_assert(!render_tile_piece(&c.atlas, theme, &map, 4, 4, &piece));
    tilemap_fini(&map);
    canvas_close(&c);
}
END_TEST

START_TEST(oneway_and_spike_pieces)
{
    Canvas c;
    canvas_open(&c);
    const RenderTheme *theme = &c.atlas.themes[0];
    Tilemap map;
    fill_map(&map, 8, 6, TILE_EMPTY);
    SDL_Rect piece;
    tilemap_set(&map, 1, 1, TILE_ONEWAY);
    render_tile_piece(&c.atlas, theme, &map, 1, 1, &piece);
    ck_assert(SDL_RectEquals(&piece, &theme->oneway[ONEWAY_SINGLE]));
    tilemap_set(&map, 2, 1, TILE_ONEWAY);
    tilemap_set(&map, 3, 1, TILE_ONEWAY);
    render_tile_piece(&c.atlas, theme, &map, 1, 1, &piece);
    ck_assert(SDL_RectEquals(&piece, &theme->oneway[ONEWAY_L]));
    render_tile_piece(&c.atlas, theme, &map, 2, 1, &piece);
    ck_assert(SDL_RectEquals(&piece, &theme->oneway[ONEWAY_M]));
    render_tile_piece(&c.atlas, theme, &map, 3, 1, &piece);
    ck_assert(SDL_RectEquals(&piece, &theme->oneway[ONEWAY_R]));
    /* spikes hanging under a ceiling point down; on the floor, up */
    tilemap_set(&map, 5, 2, TILE_SOLID);
    tilemap_set(&map, 5, 3, TILE_SPIKES);
    render_tile_piece(&c.atlas, theme, &map, 5, 3, &piece);
    ck_assert(SDL_RectEquals(&piece, &theme->spikes[SPIKES_DOWN]));
    tilemap_set(&map, 6, 5, TILE_SPIKES);
    render_tile_piece(&c.atlas, theme, &map, 6, 5, &piece);
    int dx, dy;
    tilemap_spike_dir(&map, 6, 5, &dx, &dy);
    ck_assert(dx == 0 && dy == -1);
    ck_assert(SDL_RectEquals(&piece, &theme->spikes[SPIKES_UP]));
    tilemap_fini(&map);
    canvas_close(&c);
}
END_TEST

START_TEST(drawn_tile_pixels_match_the_atlas)
{
    Canvas c;
    canvas_open(&c);
    const RenderTheme *theme = &c.atlas.themes[0];
    Tilemap map;
    fill_map(&map, 40, 20, TILE_EMPTY);
    tilemap_set(&map, 3, 4, TILE_SOLID);
    RenderView view = {8, 0, LOGICAL_W, LOGICAL_H};
    render_tiles(&c.batch, &c.atlas, theme, &map, &view);
    canvas_present(&c);
    ck_assert(block_matches(&c, 3 * 16 - 8, 4 * 16, theme->solid[c.atlas.blob[0]], false));
    tilemap_fini(&map);
    canvas_close(&c);
}
END_TEST

START_TEST(ten_thousand_sprites_cost_a_handful_of_draw_calls)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    for (int i = 0; i < 10000; i++) {
        int32_t x = (i * 37) % LOGICAL_W, y = (i * 91) % LOGICAL_H;
        add_sprite(w, (Transform){x, y, x, y},
                   (Sprite){.clip = (uint16_t)(i % kind_clip_count()), .layer = (int8_t)(i % 5)});
    }
    SpriteList list;
    sprite_list_init(&list);
    Tilemap map;
    fill_map(&map, 30, 17, TILE_SOLID);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_background(&c.batch, &c.atlas, &c.atlas.backgrounds[0], &view, 0.0f);
    render_tiles(&c.batch, &c.atlas, &c.atlas.themes[0], &map, &view);
    ck_assert_int_eq(render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list), 10000);
    render_text(&c.batch, &c.atlas, "COINS 3/10", 4, 4, (SDL_Color){255, 255, 255, 255});
    canvas_present(&c);
    ck_assert(!c.batch.failed);
    ck_assert_int_ge(c.batch.quads_drawn, 10000);
    ck_assert_int_le(c.batch.draw_calls, 8);
    tilemap_fini(&map);
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(text_uses_the_font_tinted)
{
    Canvas c;
    canvas_open(&c);
    SDL_Color gold = {250, 200, 40, 255};
    int w = render_text(&c.batch, &c.atlas, "AB", 10, 20, gold);
    ck_assert_int_eq(w, 12);
    ck_assert_int_eq(render_text_width(&c.atlas, "AB\nCDE"), 18);
    canvas_present(&c);
    /* glyph boxes start one pixel into each cell */
    Uint32 want = SDL_MapRGBA(c.target->format, gold.r, gold.g, gold.b, 255);
    ck_assert_uint_eq(synth_pixel(c.target, 11, 20), want);
    ck_assert_uint_eq(synth_pixel(c.target, 17, 26), want);
    ck_assert_uint_ne(synth_pixel(c.target, 10, 20), want);
    canvas_close(&c);
}
END_TEST

START_TEST(background_layers_scroll_with_parallax_over_their_fills)
{
    Canvas c;
    canvas_open(&c);
    const RenderBackground *bg = &c.atlas.backgrounds[0];
    RenderView view = {20, 40, LOGICAL_W, LOGICAL_H};
    render_background(&c.batch, &c.atlas, bg, &view, 0.0f);
    canvas_present(&c);
    /* across by 20 * 0.5 = 10 px: a copy starts at 64 - 10; up by 40 * 0.25 */
    int top = 100 - 10;
    SDL_Rect strip = bg->layers[0].src;
    ck_assert(block_matches_image(&c, c.synth.bg_image, 54, top, strip, false));
    ck_assert(block_matches_image(&c, c.synth.bg_image, 54 + 64 * 3, top, strip, false));
    ck_assert_uint_eq(synth_pixel(c.target, 5, top - 1),
                      SDL_MapRGBA(c.target->format, 10, 20, 80, 255));
    ck_assert_uint_eq(synth_pixel(c.target, 5, top + 32),
                      SDL_MapRGBA(c.target->format, 40, 160, 60, 255));
    ck_assert_int_eq(c.batch.draw_calls, 1); /* the whole set from its own texture */
    canvas_close(&c);
}
END_TEST

/* A layer that drifts moves by its drift over the time given, on top of
** its parallax; one that repeats down the view covers it top to bottom
** with copies and no fills (falling snow). */
START_TEST(background_layers_drift_and_fall_with_time)
{
    Canvas c;
    canvas_open(&c);
    RenderBackground *bg = &c.atlas.backgrounds[0];
    bg->layers[0].drift_x = -4.0f; /* 4 px/s leftwards */
    bg->layers[0].drift_y = 8.0f;  /* 8 px/s down */
    RenderView view = {20, 40, LOGICAL_W, LOGICAL_H};
    render_background(&c.batch, &c.atlas, bg, &view, 2.5f);
    canvas_present(&c);
    /* across: 20 * 0.5 + 2.5 * 4 = 20 px; down: 2.5 * 8 = 20 px lower */
    int top = 100 - 10 + 20;
    SDL_Rect strip = bg->layers[0].src;
    ck_assert(block_matches_image(&c, c.synth.bg_image, 64 - 20, top, strip, false));
    ck_assert_uint_eq(synth_pixel(c.target, 5, top - 1),
                      SDL_MapRGBA(c.target->format, 10, 20, 80, 255));

    bg->layers[0].repeat_y = true;
    int before = c.batch.quads_drawn;
    render_background(&c.batch, &c.atlas, bg, &view, 2.5f); /* ends with a flush */
    int quads = c.batch.quads_drawn - before;
    canvas_present(&c);
    for (int y = top - 32 * 3; y < LOGICAL_H; y += 32)
        if (y >= 0 && y + 32 <= LOGICAL_H)
            ck_assert_msg(block_matches_image(&c, c.synth.bg_image, 64 - 20, y, strip, false),
                          "no copy at y %d", y);
    /* every copy on screen and nothing else, no fills: 8 across (from x
    ** -20), 9 down (from y 110 - 4 * 32 = -18) */
    ck_assert_int_eq(quads, 8 * 9);
    canvas_close(&c);
}
END_TEST

START_TEST(text_wraps_at_word_boundaries)
{
    Canvas c;
    canvas_open(&c); /* every character 6 px wide */
    char out[512];
    /* 10 characters a line: each word whole, on the line it fits */
    ck_assert_int_eq(render_wrap(&c.atlas, "the quick brown fox jumps", 60, 0, out, sizeof out), 3);
    ck_assert_str_eq(out, "the quick\nbrown fox\njumps\n");
    /* a paragraph's later lines are indented; a '\n' starts a paragraph */
    ck_assert_int_eq(render_wrap(&c.atlas, "expected an integer\nok", 66, 2, out, sizeof out), 3);
    ck_assert_str_eq(out, "expected an\n  integer\nok\n");
    /* a word longer than a line breaks after a '/', else where it must */
    render_wrap(&c.atlas, "in levels/broken/file.json:3:4: x", 72, 0, out, sizeof out);
    ck_assert_str_eq(out, "in\nlevels/\nbroken/\nfile.json:3:\n4: x\n");
    /* spaces within a line stay; at a break they go */
    render_wrap(&c.atlas, "MOVE   JUMP   PAUSE", 66, 0, out, sizeof out);
    ck_assert_str_eq(out, "MOVE   JUMP\nPAUSE\n");
    /* an empty paragraph is an empty line; nothing is no line */
    ck_assert_int_eq(render_wrap(&c.atlas, "a\n\nb", 60, 0, out, sizeof out), 3);
    ck_assert_str_eq(out, "a\n\nb\n");
    ck_assert_int_eq(render_wrap(&c.atlas, "", 60, 0, out, sizeof out), 0);
    ck_assert_str_eq(out, "");
    /* what does not fit in the buffer is left out, the rest terminated */
    render_wrap(&c.atlas, "one two three four", 30, 0, out, 12);
    ck_assert_str_eq(out, "one\ntwo\n");
    canvas_close(&c);
}
END_TEST

/* Random words in a font of uneven widths: every line fits, no word that
** fits a line is ever split, and the words come out in order. */
START_TEST(wrapped_lines_fit_and_keep_every_word)
{
    Canvas c;
    canvas_open(&c);
    uint32_t seed = 7;
    for (int i = 0; i < c.atlas.font.count; i++) {
        seed = seed * 1103515245u + 12345u;
        c.atlas.font.advance[i] = (uint8_t)(3 + (seed >> 16) % 5);
    }
    for (int round = 0; round < 300; round++) {
        char text[400], out[2048];
        size_t used = 0;
        int words = 1 + round % 30;
        for (int k = 0; k < words; k++) {
            seed = seed * 1103515245u + 12345u;
            int len = 1 + (int)((seed >> 16) % 14);
            for (int j = 0; j < len; j++) {
                seed = seed * 1103515245u + 12345u;
                text[used++] = (char)('a' + (seed >> 16) % 26);
            }
            text[used++] = ' ';
        }
        text[used - 1] = '\0';
        int width = 40 + round % 120;
        int lines = render_wrap(&c.atlas, text, width, 0, out, sizeof out);
        ck_assert_int_gt(lines, 0);
        int counted = 0;
        char joined[2048] = "";
        for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
            counted++;
            ck_assert_msg(render_text_width(&c.atlas, line) <= width, "\"%s\" is wider than %d",
                          line, width);
            if (joined[0])
                strcat(joined, "|");
            strcat(joined, line);
        }
        ck_assert_int_eq(counted, lines);
        /* the words in order, each whole unless it alone is wider than a line */
        char *rest = joined;
        for (char *word = text, *next; *word; word = next) {
            next = strchr(word, ' ');
            size_t n = next ? (size_t)(next - word) : strlen(word);
            char w[32];
            memcpy(w, word, n);
            w[n] = '\0';
            next = next ? next + 1 : word + n;
            while (*rest == ' ' || *rest == '|')
                rest++;
            if (render_text_width(&c.atlas, w) <= width) {
                ck_assert_msg(strncmp(rest, w, n) == 0 &&
                                  (rest[n] == ' ' || rest[n] == '|' || !rest[n]),
                              "\"%s\" was split or lost at width %d: %s", w, width, joined);
                rest += n;
            } else {
                for (size_t j = 0; j < n; j++) {
                    while (*rest == '|')
                        rest++;
                    ck_assert_int_eq(*rest, w[j]);
                    rest++;
                }
            }
        }
    }
    canvas_close(&c);
}
END_TEST

static Suite *render_suite(void)
{
    Suite *s = suite_create("render");
    TCase *tc = tcase_create("render");
    tcase_add_test(tc, sprite_is_drawn_at_its_interpolated_position);
    tcase_add_test(tc, teleport_is_judged_on_the_whole_move);
    tcase_add_test(tc, sprite_facing_left_is_mirrored);
    tcase_add_test(tc, higher_layer_draws_on_top_whatever_the_order);
    tcase_add_test(tc, variant_picks_the_group_cell);
    tcase_add_test(tc, wide_block_repeats_its_cell_and_platform_keeps_its_caps);
    tcase_add_test(tc, sprites_outside_the_view_add_no_quads);
    tcase_add_test(tc, only_visible_tiles_are_drawn);
    tcase_add_test(tc, solid_tiles_follow_their_eight_neighbours);
    tcase_add_test(tc, oneway_and_spike_pieces);
    tcase_add_test(tc, drawn_tile_pixels_match_the_atlas);
    tcase_add_test(tc, ten_thousand_sprites_cost_a_handful_of_draw_calls);
    tcase_add_test(tc, text_uses_the_font_tinted);
    tcase_add_test(tc, text_wraps_at_word_boundaries);
    tcase_add_test(tc, wrapped_lines_fit_and_keep_every_word);
    tcase_add_test(tc, background_layers_scroll_with_parallax_over_their_fills);
    tcase_add_test(tc, background_layers_drift_and_fall_with_time);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(render_suite());
}
