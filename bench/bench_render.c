/* SPDX-License-Identifier: Zlib */
/*
** bench_render.c -- front-end figures for platformer-bench: building a
** frame of 10,000 sprites (cull, sort, batch) and the draw calls it costs.
**
** The world has 10,000 Transform+Sprite entities spread over a stretch a
** quarter wider than the screen (so culling has work to do), in four
** layers; the frame's sprite pass runs through the renderer's public calls
** into vertex arrays, with no window and nothing presented.
*/
#include "bench.h"

#include "components.h"
#include "render.h"

#include <stdio.h>

enum { BENCH_SPRITES = 10000, BENCH_PASSES = 15 };

/* An atlas with a texture size and frames but no texture: enough to build
** vertex arrays. */
static void bench_atlas(RenderAtlas *atlas)
{
    *atlas = (RenderAtlas){0};
    atlas->tex_w = 512;
    atlas->tex_h = 512;
    atlas->white = (SDL_Rect){1, 401, 2, 2};
    for (int c = 0; c < RCLIP_COUNT; c++) {
        RenderSheet *sh = &atlas->sheets[c];
        sh->frames = 4;
        sh->variants = 1;
        sh->fps = 8.0f;
        sh->loop = true;
        for (int f = 0; f < 4; f++)
            sh->cells[f] = (SDL_Rect){f * 33, c * 17, 16, 16};
    }
}

static EcsWorld *bench_world(void)
{
    EcsWorld *world = ecs_world_create();
    if (!world)
        return NULL;
    game_register_components(world);
    /* a fixed pseudo-random spread, the same on every run */
    uint32_t seed = 12345u;
    for (int i = 0; i < BENCH_SPRITES; i++) {
        EcsEntity e = ecs_create(world);
        seed = seed * 1664525u + 1013904223u;
        int32_t x = (int32_t)(seed >> 8) % (LOGICAL_W + LOGICAL_W / 4);
        seed = seed * 1664525u + 1013904223u;
        int32_t y = (int32_t)(seed >> 8) % LOGICAL_H;
        Transform t = {x, y, x - 1, y};
        Sprite s = {.clip = (uint16_t)(i % kind_clip_count()),
                    .frame = (uint16_t)(i % 4),
                    .layer = (int8_t)(i % 4),
                    .flip_x = (i & 1) != 0};
        ecs_add(world, e, C_TRANSFORM, &t);
        ecs_add(world, e, C_SPRITE, &s);
    }
    ecs_flush(world);
    return world;
}

/* One frame's sprite pass; the batch is measured, never presented. */
static void build(Batch *b, const RenderAtlas *atlas, EcsWorld *world, SpriteList *list)
{
    RenderView view = {0, 0, LOGICAL_W, LOGICAL_H};
    batch_begin(b);
    render_use_atlas(b, atlas);
    render_sprites(b, atlas, world, 0.5f, &view, list);
    batch_flush(b);
}

/* The best time of several passes after a warm-up, in ms (-1 when the world
** cannot be made); the draw calls of a pass in *draw_calls. */
static double run(int *draw_calls)
{
    RenderAtlas atlas;
    bench_atlas(&atlas);
    EcsWorld *world = bench_world();
    if (!world)
        return -1.0;
    Batch b;
    batch_init(&b, NULL);
    SpriteList list;
    sprite_list_init(&list);
    build(&b, &atlas, world, &list);
    double best = 1e300;
    for (int pass = 0; pass < BENCH_PASSES; pass++) {
        double t0 = now_ns();
        build(&b, &atlas, world, &list);
        double t = (now_ns() - t0) * 1e-6;
        if (t < best)
            best = t;
    }
    if (draw_calls)
        *draw_calls = b.draw_calls;
    sprite_list_fini(&list);
    batch_fini(&b);
    ecs_world_destroy(world);
    return best;
}

/* CPU time in ms of one frame's sprite pass. */
static double frame_build_10k_sprites(void)
{
    return run(NULL);
}

/* The SDL_RenderGeometry calls that frame would issue. */
static int draw_calls_10k_sprites(void)
{
    int calls = 0;
    run(&calls);
    return calls;
}

void bench_render(void)
{
    printf("frame_build_10k_sprites %.3f ms\n", frame_build_10k_sprites());
    printf("draw_calls_10k_sprites %d calls\n", draw_calls_10k_sprites());
}
