/* SPDX-License-Identifier: Zlib */
/* anim.c -- clip timings when there is no art. */
#include "anim.h"

ClipTable clip_table_single_frames(void)
{
    ClipTable table;
    for (int c = 0; c < KIND_CLIP_MAX; c++)
        table.clips[c] = (ClipInfo){1, 1.0f, true};
    return table;
}
