/* SPDX-License-Identifier: Zlib */
/* display.c -- which window scales fit the display (see display.h). */
#include "display.h"

#include "render.h"

int display_largest_scale(int usable_w, int usable_h)
{
    int sx = (usable_w - DISPLAY_FRAME_W) / LOGICAL_W,
        sy = (usable_h - DISPLAY_FRAME_H) / LOGICAL_H;
    int s = sx < sy ? sx : sy;
    return s < 1 ? 1 : s;
}

int display_scale(int saved, int usable_w, int usable_h)
{
    int largest = display_largest_scale(usable_w, usable_h);
    return saved <= 0 || saved > largest ? largest : saved;
}

DisplayRect display_fill_rect(int w, int h)
{
    w = w < 1 ? 1 : w;
    h = h < 1 ? 1 : h;
    DisplayRect r;
    /* w / h against 16:9, in whole numbers */
    if ((long long)w * LOGICAL_H <= (long long)h * LOGICAL_W) {
        r.w = w;
        r.h = (int)((long long)w * LOGICAL_H / LOGICAL_W);
    } else {
        r.h = h;
        r.w = (int)((long long)h * LOGICAL_W / LOGICAL_H);
    }
    r.w = r.w < 1 ? 1 : r.w;
    r.h = r.h < 1 ? 1 : r.h;
    r.x = (w - r.w) / 2;
    r.y = (h - r.h) / 2;
    return r;
}

void display_fill_point(DisplayRect rect, int x, int y, int *view_x, int *view_y)
{
    long long dx = (long long)(x - rect.x) * LOGICAL_W, dy = (long long)(y - rect.y) * LOGICAL_H;
    /* floor division: a point left of the view is left of its first pixel */
    *view_x = (int)(dx >= 0 ? dx / rect.w : -((-dx + rect.w - 1) / rect.w));
    *view_y = (int)(dy >= 0 ? dy / rect.h : -((-dy + rect.h - 1) / rect.h));
}
