/*
** render_bench.h -- figures for platformer-bench: the cost of building a
** frame of sprites, with no window and no presenting.
**
** Both build a world of 10,000 Transform+Sprite entities spread over a
** stretch a quarter wider than the screen (so culling has work to do), in
** four layers, and run the frame's sprite pass: view, cull, sort, batch
** into vertex arrays.
*/
#ifndef RENDER_BENCH_H
#define RENDER_BENCH_H

/* CPU time in ms of one such frame build: the best of several, after a warm-up. */
double frame_build_10k_sprites(void);
/* The SDL_RenderGeometry calls that frame would issue. */
int draw_calls_10k_sprites(void);

#endif
