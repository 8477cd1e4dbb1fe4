/* SPDX-License-Identifier: Zlib */
/*
** bench_edit.c -- the editor's figure for platformer-bench: a one-tile
** change to level 24 (the largest shipped level), checked again by the
** rules of --check and its level rebuilt for drawing, as the editor does
** after every change. Each change is timed alone (a tile of the top row
** painted solid, then back to air); the figures are the median and the
** 95th percentile of 300. The bound is 16 ms at the 95th, a frame,
** with room left for the redraw.
*/
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include "edit.h"

#include <stdio.h>
#include <stdlib.h>

enum { EDIT_CHANGES = 300 };

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_edit(void)
{
    LevelErrors *errors = calloc(1, sizeof *errors);
    PhysicsParams base = physics_defaults();
    if (errors == NULL ||
        !level_physics_load(BENCH_SOURCE_DIR "/assets/physics.json", &base, errors)) {
        free(errors);
        return;
    }
    EditDoc *doc = edit_open(BENCH_SOURCE_DIR "/levels/24-the-summit.json", &base, errors);
    if (doc == NULL) {
        level_errors_print(errors, stderr);
        free(errors);
        return;
    }
    edit_check(doc);
    static double ms[EDIT_CHANGES];
    for (int i = 0; i < EDIT_CHANGES; i++) {
        int x = i / 2 % edit_width(doc);
        double t0 = now_ns();
        edit_paint(doc, x, 0, i % 2 == 0 ? TILE_SOLID : TILE_EMPTY);
        const EditProblems *problems = edit_check(doc);
        const LevelDesc *level = edit_level(doc);
        ms[i] = (now_ns() - t0) / 1e6;
        if (problems->count > 0 || level->entity_count == 0) {
            fprintf(stderr, "editor_recheck_level24: the change made a problem: %s\n",
                    problems->count > 0 ? problems->list[0].message : "no entities");
            break;
        }
    }
    qsort(ms, EDIT_CHANGES, sizeof ms[0], by_value);
    printf("editor_recheck_level24_median %.2f ms\n", ms[EDIT_CHANGES / 2]);
    printf("editor_recheck_level24_p95 %.2f ms\n", ms[EDIT_CHANGES * 95 / 100]);
    edit_free(doc);
    free(errors);
}
