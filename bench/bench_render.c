/*
** bench_render.c -- front-end figures for platformer-bench: building a
** frame of 10,000 sprites (cull, sort, batch) and the draw calls it costs.
*/
#include "bench.h"
#include "render_bench.h"

#include <stdio.h>

void bench_render(void)
{
    printf("frame_build_10k_sprites %.3f ms\n", frame_build_10k_sprites());
    printf("draw_calls_10k_sprites %d calls\n", draw_calls_10k_sprites());
}
