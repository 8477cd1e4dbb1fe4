/* SPDX-License-Identifier: Zlib */
/* test_display.c -- which window scales fit a display (display.c). */
#include "display.h"
#include "render.h"
#include "settings.h"
#include "check_run.h"

#include <check.h>
#include <stdbool.h>
#include <stdlib.h>

/* A window at scale s, with its frame, fits the area. */
static bool fits(int s, int w, int h)
{
    return s * LOGICAL_W + DISPLAY_FRAME_W <= w && s * LOGICAL_H + DISPLAY_FRAME_H <= h;
}

START_TEST(the_largest_scale_is_the_largest_whose_window_fits)
{
    for (int w = 200; w <= 8000; w += 37)
        for (int h = 150; h <= 5000; h += 23) {
            int s = display_largest_scale(w, h);
            ck_assert_int_ge(s, 1);
            /* it fits (unless even 1x does not), and one more does not */
            ck_assert_msg(s == 1 || fits(s, w, h), "%dx%d: %dx does not fit", w, h, s);
            ck_assert_msg(!fits(s + 1, w, h), "%dx%d: %dx fits too", w, h, s + 1);
        }
}
END_TEST

START_TEST(common_displays)
{
    /* 1280x720 with no panel: 960x540 is the largest; 1440x810 is too tall */
    ck_assert_int_eq(display_largest_scale(1280, 720), 2);
    /* 1920x1080 less a 40 px panel: 3x, 1440x810 */
    ck_assert_int_eq(display_largest_scale(1920, 1040), 3);
    /* 3840x2160: 8x is the whole screen, with no room for a title bar */
    ck_assert_int_eq(display_largest_scale(3840, 2160), 7);
    /* smaller than the view itself: 1x all the same */
    ck_assert_int_eq(display_largest_scale(400, 240), 1);
    ck_assert_int_eq(display_largest_scale(0, 0), 1);
}
END_TEST

START_TEST(a_saved_scale_too_large_opens_at_the_largest_that_fits)
{
    int largest = display_largest_scale(1280, 720);
    for (int saved = 0; saved <= SETTINGS_SCALE_MAX; saved++) {
        int s = display_scale(saved, 1280, 720);
        if (saved == 0 || saved > largest)
            ck_assert_int_eq(s, largest); /* fit, or what fits */
        else
            ck_assert_int_eq(s, saved); /* a scale that fits is kept */
        ck_assert(fits(s, 1280, 720));
    }
    /* on a large display the saved 8x is honoured */
    ck_assert_int_eq(display_scale(8, 7680, 4320), 8);
}
END_TEST

/* The fill scale: the largest 16:9 rectangle of the window, centred, the
** rest black bars; computed from the window's size alone. */
START_TEST(the_fill_scale_letterboxes_the_view_in_any_window)
{
    /* a 16:9 window: all of it, at a scale that need not be whole */
    DisplayRect r = display_fill_rect(1280, 720);
    ck_assert(r.x == 0 && r.y == 0 && r.w == 1280 && r.h == 720);
    /* a hair too short for 1000 px across: 999, 562 tall */
    r = display_fill_rect(1000, 562);
    ck_assert(r.x == 0 && r.w == 999 && r.h == 562 && r.y == 0);
    /* too wide: bars at the sides */
    r = display_fill_rect(1920, 1000);
    ck_assert_int_eq(r.h, 1000);
    ck_assert_int_eq(r.w, 1000 * LOGICAL_W / LOGICAL_H); /* 1777 */
    ck_assert_int_eq(r.y, 0);
    ck_assert_int_eq(r.x, (1920 - r.w) / 2);
    /* too tall: bars above and below */
    r = display_fill_rect(1024, 768);
    ck_assert_int_eq(r.w, 1024);
    ck_assert_int_eq(r.h, 576);
    ck_assert_int_eq(r.x, 0);
    ck_assert_int_eq(r.y, 96);
    /* every size: inside the window, touching two opposite sides, centred,
    ** of the view's shape within a pixel, and the largest that is */
    for (int w = 1; w <= 4000; w += 37)
        for (int h = 1; h <= 2500; h += 29) {
            r = display_fill_rect(w, h);
            ck_assert(r.w >= 1 && r.h >= 1);
            ck_assert(r.w <= w);
            ck_assert(r.h <= h);
            ck_assert_msg(r.w == w || r.h == h, "%dx%d: %dx%d", w, h, r.w, r.h);
            ck_assert(r.x == (w - r.w) / 2 && r.y == (h - r.h) / 2);
            long long aspect = (long long)r.w * LOGICAL_H - (long long)r.h * LOGICAL_W;
            ck_assert_msg(aspect > -LOGICAL_W && aspect < LOGICAL_W, "%dx%d: %dx%d", w, h, r.w,
                          r.h);
            /* one pixel more across (and its height) would not fit */
            ck_assert((long long)(r.w + 1) * LOGICAL_H > (long long)h * LOGICAL_W || r.w + 1 > w);
        }
    /* the mouse: the rectangle's corners are the view's, a bar is outside it */
    r = display_fill_rect(1920, 1000);
    int vx, vy;
    display_fill_point(r, r.x, r.y, &vx, &vy);
    ck_assert(vx == 0 && vy == 0);
    display_fill_point(r, r.x + r.w - 1, r.y + r.h - 1, &vx, &vy);
    ck_assert(vx == LOGICAL_W - 1 && vy == LOGICAL_H - 1);
    /* the window point in the middle of each view pixel maps back to it */
    for (int p = 0; p < LOGICAL_W; p++) {
        int x = r.x + (int)(((long long)2 * p + 1) * r.w / (2 * LOGICAL_W));
        int y = r.y + (int)(((long long)2 * (p % LOGICAL_H) + 1) * r.h / (2 * LOGICAL_H));
        display_fill_point(r, x, y, &vx, &vy);
        ck_assert_msg(vx == p && vy == p % LOGICAL_H, "%d: %d, %d", p, vx, vy);
    }
    display_fill_point(r, 0, 0, &vx, &vy);
    ck_assert_int_lt(vx, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("display");
    TCase *tc = tcase_create("display");
    tcase_add_test(tc, the_largest_scale_is_the_largest_whose_window_fits);
    tcase_add_test(tc, common_displays);
    tcase_add_test(tc, a_saved_scale_too_large_opens_at_the_largest_that_fits);
    tcase_add_test(tc, the_fill_scale_letterboxes_the_view_in_any_window);
    suite_add_tcase(s, tc);
    return check_run(s);
}
