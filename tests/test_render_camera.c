/* SPDX-License-Identifier: Zlib */
/* test_render_camera.c -- dead zone, look-ahead, vertical framing, the lead down, bounds. */
#include "camera.h"
#include "check_run.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

static const float LEVEL_W = 3200.0f, LEVEL_H = 1600.0f;
static const float DT = 1.0f / 60.0f;

static CameraTarget player_at(float x, float y, bool grounded)
{
    return (CameraTarget){x, y, 12.0f, 22.0f, 1, grounded, 0.0f, false};
}

/* The camera following t for ticks ticks. */
static void follow(Camera *cam, const CameraTarget *t, int ticks)
{
    for (int i = 0; i < ticks; i++)
        camera_update(cam, t, LEVEL_W, LEVEL_H, DT);
}

static Camera settled(CameraTarget t)
{
    CameraConfig cfg = camera_default_config();
    Camera cam;
    camera_reset(&cam, &cfg, &t, LEVEL_W, LEVEL_H);
    follow(&cam, &t, 600);
    return cam;
}

START_TEST(level_smaller_than_view_is_centred)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_at(100, 100, true);
    Camera cam;
    camera_reset(&cam, &cfg, &t, 320.0f, 200.0f);
    ck_assert_float_eq(cam.x, floorf((320.0f - cfg.view_w) / 2.0f));
    ck_assert_float_eq(cam.y, floorf((200.0f - cfg.view_h) / 2.0f));
    for (int i = 0; i < 100; i++) {
        t.x += 2.0f;
        camera_update(&cam, &t, 320.0f, 200.0f, DT);
    }
    ck_assert_float_eq(cam.x, floorf((320.0f - cfg.view_w) / 2.0f));
}
END_TEST

START_TEST(view_never_shows_outside_the_level)
{
    CameraConfig cfg = camera_default_config();
    const float spots[][2] = {{0, 0},
                              {LEVEL_W - 12, 0},
                              {0, LEVEL_H - 22},
                              {LEVEL_W - 12, LEVEL_H - 22},
                              {LEVEL_W / 2, LEVEL_H / 2}};
    for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
        CameraTarget t = player_at(spots[i][0], spots[i][1], true);
        Camera cam = settled(t);
        ck_assert(cam.x >= 0.0f && cam.x + cfg.view_w <= LEVEL_W);
        ck_assert(cam.y >= 0.0f && cam.y + cfg.view_h <= LEVEL_H);
    }
}
END_TEST

START_TEST(ordinary_jump_does_not_scroll_vertically)
{
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float y0 = cam.y;
    /* up 48 px and back down to the same ground, over 40 ticks */
    for (int i = 1; i <= 40; i++) {
        float h = 48.0f * sinf((float)i / 40.0f * 3.14159265f);
        t = player_at(1600, 800 - h, i == 40);
        camera_update(&cam, &t, LEVEL_W, LEVEL_H, DT);
        ck_assert_float_eq(cam.y, y0);
    }
}
END_TEST

START_TEST(landing_higher_moves_the_view_up)
{
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float y0 = cam.y;
    t = player_at(1600, 736, true); /* four tiles up, standing */
    follow(&cam, &t, 600);
    ck_assert_float_eq_tol(cam.y, y0 - 64.0f, 0.01f);
}
END_TEST

START_TEST(falling_below_take_off_follows)
{
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float y0 = cam.y;
    t = player_at(1600, 900, false);
    follow(&cam, &t, 600);
    ck_assert_float_eq_tol(cam.y, y0 + 100.0f, 0.01f);
}
END_TEST

/* Falling below the take-off height, the view leads the fall by
** fall_ahead: the landing comes into view sooner. */
START_TEST(a_fall_below_take_off_leads_the_view_down)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float y0 = cam.y;
    t = player_at(1600, 900, false);
    t.vy = 320.0f;
    follow(&cam, &t, 600);
    ck_assert_float_eq_tol(cam.y, y0 + 100.0f + cfg.fall_ahead, 0.01f);
    /* landing there takes the lead away again */
    t.grounded = true;
    t.vy = 0.0f;
    follow(&cam, &t, 600);
    ck_assert_float_eq_tol(cam.y, y0 + 100.0f, 0.01f);
}
END_TEST

/* The way down from an ordinary jump is above the take-off height: no lead. */
START_TEST(the_way_down_of_a_jump_has_no_lead)
{
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float y0 = cam.y;
    t = player_at(1600, 760, false);
    t.vy = 200.0f;
    follow(&cam, &t, 120);
    ck_assert_float_eq(cam.y, y0);
}
END_TEST

/* Holding down, standing still, looks down by look_down once held for
** look_down_delay, and letting go brings the view back. */
START_TEST(holding_down_looks_down_after_a_moment)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float y0 = cam.y;
    t.looking_down = true;
    int before = (int)(cfg.look_down_delay / DT) - 1;
    follow(&cam, &t, before);
    ck_assert_float_eq(cam.y, y0); /* a tap (to drop through a plank) does not swing it */
    follow(&cam, &t, 600);
    ck_assert_float_eq_tol(cam.y, y0 + cfg.look_down, 0.01f);
    /* the player stays inside the view, off its top */
    ck_assert(t.y >= cam.y + cfg.edge_margin * 0.5f);
    t.looking_down = false;
    follow(&cam, &t, 600);
    ck_assert_float_eq_tol(cam.y, y0, 0.01f);
}
END_TEST

/* Down held in the air is not looking down. */
START_TEST(down_in_the_air_does_not_look_down)
{
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float y0 = cam.y;
    t = player_at(1600, 780, false);
    t.looking_down = true;
    follow(&cam, &t, 120);
    ck_assert_float_eq(cam.y, y0);
}
END_TEST

START_TEST(rising_near_the_top_edge_scrolls)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    /* carried far up without landing (a spring, a long climb) */
    t = player_at(1600, 560, false);
    follow(&cam, &t, 600);
    ck_assert(t.y >= cam.y + cfg.edge_margin - 0.01f);
}
END_TEST

START_TEST(small_steps_inside_the_dead_zone_do_not_scroll)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_at(1600, 800, true);
    Camera cam = settled(t);
    float x0 = cam.x;
    t.x += cfg.dead_zone * 0.4f;
    follow(&cam, &t, 120);
    ck_assert_float_eq_tol(cam.x, x0, 0.01f);
}
END_TEST

START_TEST(look_ahead_follows_the_facing_side)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_at(1600, 800, true);
    Camera right = settled(t);
    float centre = t.x + t.w / 2;
    ck_assert_float_gt(right.x + cfg.view_w / 2, centre + cfg.look_ahead * 0.9f);
    t.facing = -1;
    Camera left = settled(t);
    ck_assert_float_lt(left.x + cfg.view_w / 2, centre - cfg.look_ahead * 0.9f);
}
END_TEST

START_TEST(approach_does_not_depend_on_frame_rate)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget start = player_at(1000, 800, true), end = player_at(1200, 800, true);
    Camera a, b;
    camera_reset(&a, &cfg, &start, LEVEL_W, LEVEL_H);
    camera_reset(&b, &cfg, &start, LEVEL_W, LEVEL_H);
    for (int i = 0; i < 30; i++)
        camera_update(&a, &end, LEVEL_W, LEVEL_H, 1.0f / 60.0f);
    for (int i = 0; i < 72; i++)
        camera_update(&b, &end, LEVEL_W, LEVEL_H, 1.0f / 144.0f);
    ck_assert_float_eq_tol(a.x, b.x, 0.05f);
    ck_assert_float_gt(a.x, 1000.0f - cfg.view_w / 2); /* it did move */
}
END_TEST

START_TEST(fast_motion_never_leaves_the_screen)
{
    CameraConfig cfg = camera_default_config();
    CameraTarget t = player_at(200, 800, true);
    Camera cam;
    camera_reset(&cam, &cfg, &t, LEVEL_W, LEVEL_H);
    for (int i = 0; i < 150; i++) {
        t.x += 8.0f; /* 480 px/s */
        t.y += 4.0f;
        t.grounded = false;
        camera_update(&cam, &t, LEVEL_W, LEVEL_H, DT);
        ck_assert(t.x >= cam.x && t.x + t.w <= cam.x + cfg.view_w);
        ck_assert(t.y >= cam.y && t.y + t.h <= cam.y + cfg.view_h);
    }
}
END_TEST

START_TEST(clamp_axis_rules)
{
    ck_assert_float_eq(camera_clamp_axis(-5.0f, 100.0f, 400.0f), 0.0f);
    ck_assert_float_eq(camera_clamp_axis(350.0f, 100.0f, 400.0f), 300.0f);
    ck_assert_float_eq(camera_clamp_axis(120.0f, 100.0f, 400.0f), 120.0f);
    ck_assert_float_eq(camera_clamp_axis(120.0f, 100.0f, 60.0f), -20.0f);
}
END_TEST

static Suite *camera_suite(void)
{
    Suite *s = suite_create("camera");
    TCase *tc = tcase_create("camera");
    tcase_add_test(tc, level_smaller_than_view_is_centred);
    tcase_add_test(tc, view_never_shows_outside_the_level);
    tcase_add_test(tc, ordinary_jump_does_not_scroll_vertically);
    tcase_add_test(tc, landing_higher_moves_the_view_up);
    tcase_add_test(tc, falling_below_take_off_follows);
    tcase_add_test(tc, a_fall_below_take_off_leads_the_view_down);
    tcase_add_test(tc, the_way_down_of_a_jump_has_no_lead);
    tcase_add_test(tc, holding_down_looks_down_after_a_moment);
    tcase_add_test(tc, down_in_the_air_does_not_look_down);
    tcase_add_test(tc, rising_near_the_top_edge_scrolls);
    tcase_add_test(tc, small_steps_inside_the_dead_zone_do_not_scroll);
    tcase_add_test(tc, look_ahead_follows_the_facing_side);
    tcase_add_test(tc, approach_does_not_depend_on_frame_rate);
    tcase_add_test(tc, fast_motion_never_leaves_the_screen);
    tcase_add_test(tc, clamp_axis_rules);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(camera_suite());
}
