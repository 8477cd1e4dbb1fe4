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
            ck_assert_int_eq(s, saved);   /* a scale that fits is kept */
        ck_assert(fits(s, 1280, 720));
    }
    /* on a large display the saved 8x is honoured */
    ck_assert_int_eq(display_scale(8, 7680, 4320), 8);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("display");
    TCase *tc = tcase_create("display");
    tcase_add_test(tc, the_largest_scale_is_the_largest_whose_window_fits);
    tcase_add_test(tc, common_displays);
    tcase_add_test(tc, a_saved_scale_too_large_opens_at_the_largest_that_fits);
    suite_add_tcase(s, tc);
    return check_run(s);
}
