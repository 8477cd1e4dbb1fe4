/* SPDX-License-Identifier: Zlib */
/* display.c -- which window scales fit the display (see display.h). */
#include "display.h"

#include "render.h"

int display_largest_scale(int usable_w, int usable_h)
{
    int sx = (usable_w - DISPLAY_FRAME_W) / LOGICAL_W, sy = (usable_h - DISPLAY_FRAME_H) / LOGICAL_H;
    int s = sx < sy ? sx : sy;
    return s < 1 ? 1 : s;
}

int display_scale(int saved, int usable_w, int usable_h)
{
    int largest = display_largest_scale(usable_w, usable_h);
    return saved <= 0 || saved > largest ? largest : saved;
}
