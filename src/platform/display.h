/* SPDX-License-Identifier: Zlib */
/*
** display.h -- which window scales fit the display.
**
** The window shows the 480x270 view at a whole scale. The scales worth
** offering are those whose window fits the display's usable bounds (the
** desktop less panels and docks, SDL_GetDisplayUsableBounds) with room for
** the window's own frame; a scale saved on a larger display opens at the
** largest that fits here. Pure arithmetic, so the rule is tested without a
** display.
**
** The "fill" scale instead shows the view as large as the window (or the
** screen) holds it, at any scale, whole or not, its shape kept: the
** window's drawing area less black bars above and below or at the sides
** (display_fill_rect), the pixels scaled nearest-neighbour.
*/
#ifndef DISPLAY_H
#define DISPLAY_H

enum {
    DISPLAY_FRAME_W = 16, /* px a window frame may take across (its borders) */
    DISPLAY_FRAME_H = 64, /* ... and down (a title bar and borders) */
};

/* The largest whole scale whose window, with its frame, fits a usable area
** of usable_w x usable_h px; at least 1, however small the area. */
int display_largest_scale(int usable_w, int usable_h);

/* The scale a window opens at for the saved setting (0: fit the display,
** else 1 to SETTINGS_SCALE_MAX): fit and any scale too large for the area
** give the largest that fits; a smaller one is kept. */
int display_scale(int saved, int usable_w, int usable_h);

/* A rectangle of the window's drawing area, px. */
typedef struct DisplayRect {
    int x, y, w, h;
} DisplayRect;

/* Where the fill scale shows the 480x270 view in an area of w x h px: the
** largest 16:9 rectangle that fits, centred, as wide as the area (bars
** above and below) or as tall (bars at the sides); never smaller than 1 px
** across. */
DisplayRect display_fill_rect(int w, int h);

/* The view's pixel under the point (x, y) of that area, for the mouse;
** a point on a bar gives a pixel past the view's edge. */
void display_fill_point(DisplayRect rect, int x, int y, int *view_x, int *view_y);

#endif
