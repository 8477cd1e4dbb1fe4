/* test_render.c -- the renderer drawn with the software renderer, pixels checked. */
#include "components.h"
#include "render.h"
#include "render_bench.h"
#include "synth_atlas.h"

#include <check.h>
#include <stdlib.h>

typedef struct Canvas {
    SDL_Surface *target;
    SDL_Renderer *renderer;
    SDL_Surface *image;
    RenderAtlas atlas;
    Batch batch;
} Canvas;

static void canvas_open(Canvas *c)
{
    c->target = SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(c->target);
    SDL_FillRect(c->target, NULL, SDL_MapRGBA(c->target->format, 0, 0, 0, 255));
    c->renderer = SDL_CreateSoftwareRenderer(c->target);
    ck_assert_ptr_nonnull(c->renderer);
    c->image = synth_atlas_build(&c->atlas, c->renderer);
    batch_init(&c->batch, c->renderer);
    batch_begin(&c->batch);
    render_use_atlas(&c->batch, &c->atlas);
}

static void canvas_close(Canvas *c)
{
    batch_fini(&c->batch);
    render_atlas_unload(&c->atlas);
    SDL_DestroyRenderer(c->renderer);
    SDL_FreeSurface(c->image);
    SDL_FreeSurface(c->target);
}

static void canvas_present(Canvas *c)
{
    batch_flush(&c->batch);
    SDL_RenderPresent(c->renderer);
}

/* True when the w x h block at (x, y) of the target equals src of the atlas
** image, mirrored when flip. */
static bool block_matches(const Canvas *c, int x, int y, SDL_Rect src, bool flip)
{
    for (int j = 0; j < src.h; j++)
        for (int i = 0; i < src.w; i++) {
            int si = flip ? src.w - 1 - i : i;
            if (synth_pixel(c->target, x + i, y + j) != synth_pixel(c->image, src.x + si, src.y + j))
                return false;
        }
    return true;
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
    add_sprite(w, (Transform){120, 60, 100, 70}, (Sprite){.clip = CLIP_PLAYER_RUN, .frame = 1});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {40, 20, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_sprites(&c.batch, &c.atlas, w, 0.25f, &view, &list), 1);
    canvas_present(&c);
    /* a quarter of the way from (100, 70) to (120, 60), minus the view */
    int x = 105 - 40, y = 68 - 20;
    SDL_Rect frame = c.atlas.clips[CLIP_PLAYER_RUN].frames[1];
    ck_assert(block_matches(&c, x, y, frame, false));
    ck_assert(!block_matches(&c, x + 1, y, frame, false));
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
               (Sprite){.clip = CLIP_PLAYER_IDLE, .frame = 0, .flip_x = true});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list);
    canvas_present(&c);
    SDL_Rect frame = c.atlas.clips[CLIP_PLAYER_IDLE].frames[0];
    ck_assert(block_matches(&c, 30, 40, frame, true));
    ck_assert(!block_matches(&c, 30, 40, frame, false));
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
    add_sprite(w, (Transform){50, 50, 50, 50}, (Sprite){.clip = CLIP_PLAYER_IDLE, .layer = 5});
    add_sprite(w, (Transform){50, 50, 50, 50}, (Sprite){.clip = CLIP_COIN, .layer = -3});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list);
    canvas_present(&c);
    ck_assert(block_matches(&c, 50, 50, c.atlas.clips[CLIP_PLAYER_IDLE].frames[0], false));
    sprite_list_fini(&list);
    ecs_world_destroy(w);
    canvas_close(&c);
}
END_TEST

START_TEST(wide_sprite_repeats_its_frame_and_platform_gets_caps)
{
    Canvas c;
    canvas_open(&c);
    EcsWorld *w = sprite_world();
    add_sprite(w, (Transform){16, 100, 16, 100},
               (Sprite){.clip = CLIP_BLOCK_SOLID, .w = 40, .h = 16, .variant = 0});
    add_sprite(w, (Transform){100, 150, 100, 150}, (Sprite){.clip = CLIP_PLATFORM, .w = 48, .h = 8});
    SpriteList list;
    sprite_list_init(&list);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list);
    ck_assert_int_eq(c.batch.quad_count, 3 + 1 + 3 + 1); /* 16+16+8; cap, 16+16+8, cap */
    canvas_present(&c);
    ck_assert(block_matches(&c, 100, 150, c.atlas.platform_cap_l, false));
    ck_assert(block_matches(&c, 100 + 44, 150, c.atlas.platform_cap_r, false));
    ck_assert(block_matches(&c, 104, 150, c.atlas.clips[CLIP_PLATFORM].frames[0], false));
    ck_assert(block_matches(&c, 120, 150, c.atlas.clips[CLIP_PLATFORM].frames[0], false));
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
    add_sprite(w, (Transform){-40, 10, -40, 10}, (Sprite){.clip = CLIP_COIN});
    add_sprite(w, (Transform){LOGICAL_W + 1, 10, LOGICAL_W + 1, 10}, (Sprite){.clip = CLIP_COIN});
    add_sprite(w, (Transform){10, LOGICAL_H, 10, LOGICAL_H}, (Sprite){.clip = CLIP_COIN});
    add_sprite(w, (Transform){-15, 10, -15, 10}, (Sprite){.clip = CLIP_COIN}); /* 1 px shows */
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
    Tilemap map;
    fill_map(&map, 200, 60, TILE_SOLID);
    /* aligned: 30 x 17 tiles cover 480 x 270 */
    RenderView view = {320, 160, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_tiles(&c.batch, &c.atlas, &map, &view), 30 * 17);
    /* half a tile off: one more column and row show */
    batch_begin(&c.batch);
    c.batch.quad_count = 0;
    view = (RenderView){328, 168, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_tiles(&c.batch, &c.atlas, &map, &view), 31 * 18);
    ck_assert_int_eq(c.batch.quad_count, 31 * 18);
    /* a view past the right edge of the map draws only what is left */
    c.batch.quad_count = 0;
    view = (RenderView){200 * 16 - 64, 0, LOGICAL_W, LOGICAL_H};
    ck_assert_int_eq(render_tiles(&c.batch, &c.atlas, &map, &view), 4 * 17);
    tilemap_fini(&map);
    canvas_close(&c);
}
END_TEST

START_TEST(ground_pieces_follow_the_neighbours)
{
    Canvas c;
    canvas_open(&c);
    Tilemap map;
    fill_map(&map, 6, 6, TILE_EMPTY);
    tilemap_set(&map, 2, 2, TILE_SOLID);
    SDL_Rect base, over[4];
    ck_assert_int_eq(render_tile_pieces(&c.atlas, &map, 2, 2, &base, over), 0);
    ck_assert(SDL_RectEquals(&base, &c.atlas.ground[0]));
    tilemap_set(&map, 3, 2, TILE_SOLID); /* right */
    tilemap_set(&map, 2, 3, TILE_SOLID); /* below */
    render_tile_pieces(&c.atlas, &map, 2, 2, &base, over);
    ck_assert(SDL_RectEquals(&base, &c.atlas.ground[2 | 4]));
    /* an L shape: the inner corner gets an overlay */
    ck_assert_int_eq(render_tile_pieces(&c.atlas, &map, 2, 2, &base, over), 1);
    ck_assert(SDL_RectEquals(&over[0], &c.atlas.ground_inner[INNER_SE]));
    tilemap_set(&map, 3, 3, TILE_SOLID);
    ck_assert_int_eq(render_tile_pieces(&c.atlas, &map, 2, 2, &base, over), 0);
    /* the map's left and right edges count as ground */
    tilemap_set(&map, 0, 5, TILE_SOLID);
    render_tile_pieces(&c.atlas, &map, 0, 5, &base, over);
    ck_assert(SDL_RectEquals(&base, &c.atlas.ground[8 | 4]));
    ck_assert_int_eq(render_tile_pieces(&c.atlas, &map, 4, 4, &base, over), -1);
    tilemap_fini(&map);
    canvas_close(&c);
}
END_TEST

START_TEST(oneway_and_spike_pieces)
{
    Canvas c;
    canvas_open(&c);
    Tilemap map;
    fill_map(&map, 8, 6, TILE_EMPTY);
    SDL_Rect base, over[4];
    tilemap_set(&map, 1, 1, TILE_ONEWAY);
    render_tile_pieces(&c.atlas, &map, 1, 1, &base, over);
    ck_assert(SDL_RectEquals(&base, &c.atlas.oneway[ONEWAY_SINGLE]));
    tilemap_set(&map, 2, 1, TILE_ONEWAY);
    tilemap_set(&map, 3, 1, TILE_ONEWAY);
    render_tile_pieces(&c.atlas, &map, 1, 1, &base, over);
    ck_assert(SDL_RectEquals(&base, &c.atlas.oneway[ONEWAY_L]));
    render_tile_pieces(&c.atlas, &map, 2, 1, &base, over);
    ck_assert(SDL_RectEquals(&base, &c.atlas.oneway[ONEWAY_M]));
    render_tile_pieces(&c.atlas, &map, 3, 1, &base, over);
    ck_assert(SDL_RectEquals(&base, &c.atlas.oneway[ONEWAY_R]));
    /* spikes hanging under a ceiling point down */
    tilemap_set(&map, 5, 2, TILE_SOLID);
    tilemap_set(&map, 5, 3, TILE_SPIKES);
    render_tile_pieces(&c.atlas, &map, 5, 3, &base, over);
    ck_assert(SDL_RectEquals(&base, &c.atlas.spikes[SPIKES_DOWN]));
    tilemap_set(&map, 6, 5, TILE_SPIKES);
    tilemap_set(&map, 6, 4, TILE_EMPTY);
    tilemap_set(&map, 7, 5, TILE_EMPTY);
    render_tile_pieces(&c.atlas, &map, 6, 5, &base, over);
    int dx, dy;
    tilemap_spike_dir(&map, 6, 5, &dx, &dy);
    int want = dy > 0 ? SPIKES_DOWN : dx < 0 ? SPIKES_LEFT : dx > 0 ? SPIKES_RIGHT : SPIKES_UP;
    ck_assert(SDL_RectEquals(&base, &c.atlas.spikes[want]));
    tilemap_fini(&map);
    canvas_close(&c);
}
END_TEST

START_TEST(drawn_tile_pixels_match_the_atlas)
{
    Canvas c;
    canvas_open(&c);
    Tilemap map;
    fill_map(&map, 40, 20, TILE_EMPTY);
    tilemap_set(&map, 3, 4, TILE_SOLID);
    RenderView view = {8, 0, LOGICAL_W, LOGICAL_H};
    render_tiles(&c.batch, &c.atlas, &map, &view);
    canvas_present(&c);
    ck_assert(block_matches(&c, 3 * 16 - 8, 4 * 16, c.atlas.ground[0], false));
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
                   (Sprite){.clip = (uint16_t)(i % CLIP_COUNT), .layer = (int8_t)(i % 5)});
    }
    SpriteList list;
    sprite_list_init(&list);
    Tilemap map;
    fill_map(&map, 30, 17, TILE_SOLID);
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    render_background(&c.batch, &c.atlas, &c.atlas.backgrounds[0], &view);
    render_tiles(&c.batch, &c.atlas, &map, &view);
    ck_assert_int_eq(render_sprites(&c.batch, &c.atlas, w, 1.0f, &view, &list), 10000);
    render_text(&c.batch, &c.atlas, "COINS 3/10", 4, 4, (SDL_Color){255, 255, 255, 255});
    canvas_present(&c);
    ck_assert(!c.batch.failed);
    ck_assert_int_ge(c.batch.quads_drawn, 10000);
    ck_assert_int_le(c.batch.draw_calls, 8);
    ck_assert_int_le(draw_calls_10k_sprites(), 8);
    ck_assert_int_ge(draw_calls_10k_sprites(), 1);
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

START_TEST(background_layers_scroll_with_parallax)
{
    Canvas c;
    canvas_open(&c);
    RenderBackground *bg = &c.atlas.backgrounds[0];
    bg->layers[0] = (RenderBgLayer){c.atlas.ground[5], 0.5f, 100};
    bg->layer_count = 1;
    RenderView view = {20, 0, LOGICAL_W, LOGICAL_H};
    render_background(&c.batch, &c.atlas, bg, &view);
    canvas_present(&c);
    /* moved by 20 * 0.5 = 10 px: the copy starting at 16 - 10 = 6 */
    ck_assert(block_matches(&c, 6, 100, c.atlas.ground[5], false));
    ck_assert(block_matches(&c, 6 + 16 * 10, 100, c.atlas.ground[5], false));
    canvas_close(&c);
}
END_TEST

static Suite *render_suite(void)
{
    Suite *s = suite_create("render");
    TCase *tc = tcase_create("render");
    tcase_add_test(tc, sprite_is_drawn_at_its_interpolated_position);
    tcase_add_test(tc, sprite_facing_left_is_mirrored);
    tcase_add_test(tc, higher_layer_draws_on_top_whatever_the_order);
    tcase_add_test(tc, wide_sprite_repeats_its_frame_and_platform_gets_caps);
    tcase_add_test(tc, sprites_outside_the_view_add_no_quads);
    tcase_add_test(tc, only_visible_tiles_are_drawn);
    tcase_add_test(tc, ground_pieces_follow_the_neighbours);
    tcase_add_test(tc, oneway_and_spike_pieces);
    tcase_add_test(tc, drawn_tile_pixels_match_the_atlas);
    tcase_add_test(tc, ten_thousand_sprites_cost_a_handful_of_draw_calls);
    tcase_add_test(tc, text_uses_the_font_tinted);
    tcase_add_test(tc, background_layers_scroll_with_parallax);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(render_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
