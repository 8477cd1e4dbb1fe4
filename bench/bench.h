/* SPDX-License-Identifier: Zlib */
/* bench.h -- what the parts of platformer-bench share. */
#ifndef BENCH_H
#define BENCH_H

/* A monotonic clock, in nanoseconds. */
double now_ns(void);

/* physics_tick_10k_actors and level_load_1000x1000. */
void bench_sim(void);

/* frame_build_10k_sprites and draw_calls_10k_sprites. */
void bench_render(void);

/* editor_recheck_level24. */
void bench_edit(void);

#endif
