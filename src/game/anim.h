/* SPDX-License-Identifier: Zlib */
/*
** anim.h -- animation clips: names the simulation knows, timings from data.
**
** Which clips exist is the kind table's (kinds.h: each kind names its clips,
** and the clips of all kinds form one numbering); how many frames each has,
** how fast and whether it loops come from assets/atlas.json, written by the
** atlas tool from the art sources.
*/
#ifndef ANIM_H
#define ANIM_H

#include "kinds.h"

#include <stdbool.h>

typedef struct ClipInfo {
    int frames; /* >= 1 */
    float fps;  /* frames per second, > 0 */
    bool loop;  /* else holds the last frame */
} ClipInfo;

/* Timings by global clip id (kind_clip_name names them). */
typedef struct ClipTable {
    ClipInfo clips[KIND_CLIP_MAX];
} ClipTable;

/* One frame at 1 fps for every clip: what a test without art uses. */
static inline ClipTable clip_table_single_frames(void)
{
    ClipTable table;
    for (int c = 0; c < KIND_CLIP_MAX; c++)
        table.clips[c] = (ClipInfo){1, 1.0f, true};
    return table;
}

#endif
