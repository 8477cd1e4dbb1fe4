/* test_input.c -- keyboard and gamepad events to one InputIntent per tick. */
#include "controls.h"

#include <check.h>
#include <stdlib.h>

static SDL_Event key(SDL_Scancode code, bool down, bool repeat)
{
    SDL_Event ev = {0};
    ev.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    ev.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    ev.key.repeat = repeat ? 1 : 0;
    ev.key.keysym.scancode = code;
    return ev;
}

static ControlsResult press(Controls *c, SDL_Scancode code)
{
    SDL_Event ev = key(code, true, false);
    return controls_event(c, &ev);
}

static ControlsResult release(Controls *c, SDL_Scancode code)
{
    SDL_Event ev = key(code, false, false);
    return controls_event(c, &ev);
}

static ControlsResult button(Controls *c, SDL_GameControllerButton b, bool down)
{
    SDL_Event ev = {0};
    ev.type = down ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP;
    ev.cbutton.button = (Uint8)b;
    ev.cbutton.state = down ? SDL_PRESSED : SDL_RELEASED;
    return controls_event(c, &ev);
}

static ControlsResult axis(Controls *c, SDL_GameControllerAxis a, Sint16 value)
{
    SDL_Event ev = {0};
    ev.type = SDL_CONTROLLERAXISMOTION;
    ev.caxis.axis = (Uint8)a;
    ev.caxis.value = value;
    return controls_event(c, &ev);
}

START_TEST(tap_shorter_than_a_tick_still_presses_jump)
{
    Controls c;
    controls_init(&c, NULL);
    press(&c, SDL_SCANCODE_SPACE);
    release(&c, SDL_SCANCODE_SPACE);
    InputIntent in = controls_tick(&c);
    ck_assert(in.jump_pressed);
    ck_assert(in.jump_held); /* a press is a held tick, as a replay stores it */
    in = controls_tick(&c);
    ck_assert(!in.jump_pressed);
    ck_assert(!in.jump_held);
}
END_TEST

START_TEST(holding_jump_is_held_and_pressed_once)
{
    Controls c;
    controls_init(&c, NULL);
    press(&c, SDL_SCANCODE_Z);
    InputIntent in = controls_tick(&c);
    ck_assert(in.jump_pressed && in.jump_held);
    for (int i = 0; i < 10; i++) {
        SDL_Event rep = key(SDL_SCANCODE_Z, true, true);
        controls_event(&c, &rep);
        in = controls_tick(&c);
        ck_assert(in.jump_held);
        ck_assert(!in.jump_pressed);
    }
    release(&c, SDL_SCANCODE_Z);
    in = controls_tick(&c);
    ck_assert(!in.jump_held);
}
END_TEST

START_TEST(release_and_press_within_a_tick_is_delayed_not_lost)
{
    Controls c;
    controls_init(&c, NULL);
    press(&c, SDL_SCANCODE_SPACE);
    ck_assert(controls_tick(&c).jump_pressed);
    release(&c, SDL_SCANCODE_SPACE);
    press(&c, SDL_SCANCODE_SPACE);
    InputIntent gap = controls_tick(&c);
    ck_assert(!gap.jump_held);
    InputIntent again = controls_tick(&c);
    ck_assert(again.jump_pressed);
    ck_assert(again.jump_held);
}
END_TEST

START_TEST(pressed_is_always_held_now_and_not_before)
{
    Controls c;
    controls_init(&c, NULL);
    /* an irregular pattern of presses and releases between ticks */
    const char *pattern = "pr.p..r.prp.r..prpr.pp.r";
    bool last = false;
    for (const char *s = pattern; *s; s++) {
        if (*s == 'p')
            press(&c, SDL_SCANCODE_K);
        else if (*s == 'r')
            release(&c, SDL_SCANCODE_K);
        else {
            InputIntent in = controls_tick(&c);
            ck_assert(in.jump_pressed == (in.jump_held && !last));
            last = in.jump_held;
        }
    }
}
END_TEST

START_TEST(arrows_and_wasd_both_move)
{
    Controls c;
    controls_init(&c, NULL);
    press(&c, SDL_SCANCODE_A);
    ck_assert(controls_tick(&c).left);
    press(&c, SDL_SCANCODE_LEFT);
    release(&c, SDL_SCANCODE_A);
    ck_assert(controls_tick(&c).left); /* the arrow still holds it */
    release(&c, SDL_SCANCODE_LEFT);
    ck_assert(!controls_tick(&c).left);
    press(&c, SDL_SCANCODE_D);
    InputIntent in = controls_tick(&c);
    ck_assert(in.right && !in.left);
}
END_TEST

START_TEST(pause_and_restart_report_presses_not_repeats)
{
    Controls c;
    controls_init(&c, NULL);
    ControlsResult r = press(&c, SDL_SCANCODE_ESCAPE);
    ck_assert(r.pressed & (1u << ACT_PAUSE));
    ck_assert_int_eq(r.menu, MENU_BACK);
    SDL_Event rep = key(SDL_SCANCODE_ESCAPE, true, true);
    ck_assert_uint_eq(controls_event(&c, &rep).pressed, 0);
    r = press(&c, SDL_SCANCODE_R);
    ck_assert(r.pressed & (1u << ACT_RESTART));
}
END_TEST

START_TEST(menu_scrolls_on_key_repeat)
{
    Controls c;
    controls_init(&c, NULL);
    ck_assert_int_eq(press(&c, SDL_SCANCODE_DOWN).menu, MENU_DOWN);
    SDL_Event rep = key(SDL_SCANCODE_DOWN, true, true);
    ck_assert_int_eq(controls_event(&c, &rep).menu, MENU_DOWN);
    ck_assert_int_eq(press(&c, SDL_SCANCODE_RETURN).menu, MENU_OK);
    /* Up is bound to jump too, but in a menu it moves the cursor */
    ck_assert_int_eq(press(&c, SDL_SCANCODE_UP).menu, MENU_UP);
    ck_assert_int_eq(press(&c, SDL_SCANCODE_W).menu, MENU_UP);
}
END_TEST

START_TEST(rebinding_a_key_moves_the_action)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    controls_bind_key(&bind, ACT_JUMP, SDL_SCANCODE_J);
    ck_assert_int_eq(bind.keys[ACT_JUMP][0], SDL_SCANCODE_J);
    Controls c;
    controls_init(&c, &bind);
    press(&c, SDL_SCANCODE_J);
    ck_assert(controls_tick(&c).jump_pressed);
    release(&c, SDL_SCANCODE_J);
    controls_tick(&c);
    /* the other jump keys still work */
    press(&c, SDL_SCANCODE_Z);
    ck_assert(controls_tick(&c).jump_pressed);
}
END_TEST

START_TEST(rebinding_takes_the_key_from_other_actions)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    controls_bind_key(&bind, ACT_JUMP, SDL_SCANCODE_D); /* D was move right */
    Controls c;
    controls_init(&c, &bind);
    press(&c, SDL_SCANCODE_D);
    InputIntent in = controls_tick(&c);
    ck_assert(in.jump_pressed);
    ck_assert(!in.right);
    /* the right arrow still moves right */
    press(&c, SDL_SCANCODE_RIGHT);
    ck_assert(controls_tick(&c).right);
}
END_TEST

START_TEST(rebinding_a_button)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    controls_bind_button(&bind, ACT_JUMP, SDL_CONTROLLER_BUTTON_X);
    Controls c;
    controls_init(&c, &bind);
    button(&c, SDL_CONTROLLER_BUTTON_X, true);
    ck_assert(controls_tick(&c).jump_pressed);
}
END_TEST

START_TEST(gamepad_a_jumps_and_dpad_moves)
{
    Controls c;
    controls_init(&c, NULL);
    button(&c, SDL_CONTROLLER_BUTTON_A, true);
    button(&c, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true);
    InputIntent in = controls_tick(&c);
    ck_assert(in.jump_pressed && in.right);
    ControlsResult r = button(&c, SDL_CONTROLLER_BUTTON_START, true);
    ck_assert(r.pressed & (1u << ACT_PAUSE));
}
END_TEST

START_TEST(stick_inside_dead_zone_is_ignored)
{
    Controls c;
    controls_init(&c, NULL);
    Sint16 inside = (Sint16)(32767.0f * CONTROLS_DEAD_ZONE * 0.8f);
    Sint16 outside = (Sint16)(32767.0f * CONTROLS_DEAD_ZONE * 1.2f);
    axis(&c, SDL_CONTROLLER_AXIS_LEFTX, inside);
    InputIntent in = controls_tick(&c);
    ck_assert(!in.right && !in.left);
    axis(&c, SDL_CONTROLLER_AXIS_LEFTX, (Sint16)-inside);
    in = controls_tick(&c);
    ck_assert(!in.right && !in.left);
    ControlsResult r = axis(&c, SDL_CONTROLLER_AXIS_LEFTX, outside);
    ck_assert_int_eq(r.menu, MENU_RIGHT);
    ck_assert(controls_tick(&c).right);
    axis(&c, SDL_CONTROLLER_AXIS_LEFTY, (Sint16)-32768);
    ck_assert(controls_tick(&c).up);
    /* moving further out is not a second press */
    ck_assert_uint_eq(axis(&c, SDL_CONTROLLER_AXIS_LEFTX, 32767).pressed, 0);
}
END_TEST

START_TEST(release_all_forgets_held_keys)
{
    Controls c;
    controls_init(&c, NULL);
    press(&c, SDL_SCANCODE_RIGHT);
    press(&c, SDL_SCANCODE_SPACE);
    controls_release_all(&c);
    InputIntent in = controls_tick(&c);
    ck_assert(!in.right && !in.jump_held && !in.jump_pressed);
}
END_TEST

static Suite *input_suite(void)
{
    Suite *s = suite_create("input");
    TCase *tc = tcase_create("controls");
    tcase_add_test(tc, tap_shorter_than_a_tick_still_presses_jump);
    tcase_add_test(tc, holding_jump_is_held_and_pressed_once);
    tcase_add_test(tc, release_and_press_within_a_tick_is_delayed_not_lost);
    tcase_add_test(tc, pressed_is_always_held_now_and_not_before);
    tcase_add_test(tc, arrows_and_wasd_both_move);
    tcase_add_test(tc, pause_and_restart_report_presses_not_repeats);
    tcase_add_test(tc, menu_scrolls_on_key_repeat);
    tcase_add_test(tc, rebinding_a_key_moves_the_action);
    tcase_add_test(tc, rebinding_takes_the_key_from_other_actions);
    tcase_add_test(tc, rebinding_a_button);
    tcase_add_test(tc, gamepad_a_jumps_and_dpad_moves);
    tcase_add_test(tc, stick_inside_dead_zone_is_ignored);
    tcase_add_test(tc, release_all_forgets_held_keys);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(input_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
