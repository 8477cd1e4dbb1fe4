/* SPDX-License-Identifier: Zlib */
/* test_input.c -- keyboard and gamepad events to one InputIntent per tick,
** and the bindings as settings.json keeps them. */
#define _POSIX_C_SOURCE 200809L
#include "bindings.h"
#include "controls.h"
#include "labels.h"
#include "settings.h"
#include "check_run.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

START_TEST(a_new_key_is_added_to_the_action)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    ck_assert_int_eq(controls_key_count(&bind, ACT_RESTART), 1);
    ControlsEditResult r = controls_edit_key(&bind, ACT_RESTART, SDL_SCANCODE_J);
    ck_assert_int_eq(r.what, CONTROLS_ADDED);
    ck_assert_int_eq(r.taken_from, -1);
    ck_assert_int_eq(bind.keys[ACT_RESTART][0], SDL_SCANCODE_R); /* kept, first */
    ck_assert_int_eq(bind.keys[ACT_RESTART][1], SDL_SCANCODE_J); /* added after it */
    Controls c;
    controls_init(&c, &bind);
    ck_assert(press(&c, SDL_SCANCODE_J).pressed & (1u << ACT_RESTART));
    release(&c, SDL_SCANCODE_J);
    ck_assert(press(&c, SDL_SCANCODE_R).pressed & (1u << ACT_RESTART));
}
END_TEST

START_TEST(a_full_action_changes_nothing_until_told_which_key_goes)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    ck_assert_int_eq(controls_key_count(&bind, ACT_JUMP), CONTROLS_KEYS); /* Space Z K Up */
    ControlBindings before = bind;
    /* full: nothing dropped behind the player's back */
    ControlsEditResult r = controls_edit_key(&bind, ACT_JUMP, SDL_SCANCODE_J);
    ck_assert_int_eq(r.what, CONTROLS_FULL);
    ck_assert_mem_eq(&bind, &before, sizeof bind);
    /* a slot it has not is refused */
    ck_assert_int_eq(controls_replace_key(&bind, ACT_JUMP, CONTROLS_KEYS, SDL_SCANCODE_J).what,
                     CONTROLS_KEPT_LAST);
    ck_assert_int_eq(controls_replace_key(&bind, ACT_JUMP, -1, SDL_SCANCODE_J).what,
                     CONTROLS_KEPT_LAST);
    ck_assert_mem_eq(&bind, &before, sizeof bind);
    /* the one chosen, Z (the second), goes; the others stay where they were */
    r = controls_replace_key(&bind, ACT_JUMP, 1, SDL_SCANCODE_J);
    ck_assert_int_eq(r.what, CONTROLS_REPLACED);
    ck_assert_int_eq(r.old, SDL_SCANCODE_Z);
    ck_assert_int_eq(bind.keys[ACT_JUMP][0], SDL_SCANCODE_SPACE);
    ck_assert_int_eq(bind.keys[ACT_JUMP][1], SDL_SCANCODE_J);
    ck_assert_int_eq(bind.keys[ACT_JUMP][2], SDL_SCANCODE_K);
    ck_assert_int_eq(bind.keys[ACT_JUMP][3], SDL_SCANCODE_UP);
    /* a replacing key another action had is taken from it */
    r = controls_replace_key(&bind, ACT_JUMP, 2, SDL_SCANCODE_D);
    ck_assert_int_eq(r.old, SDL_SCANCODE_K);
    ck_assert_int_eq(r.taken_from, ACT_RIGHT);
    ck_assert_int_eq(controls_key_count(&bind, ACT_RIGHT), 1);
    Controls c;
    controls_init(&c, &bind);
    press(&c, SDL_SCANCODE_J);
    ck_assert(controls_tick(&c).jump_pressed);
    release(&c, SDL_SCANCODE_J);
    controls_tick(&c);
    /* the other jump keys still work; the one replaced does not */
    press(&c, SDL_SCANCODE_SPACE);
    ck_assert(controls_tick(&c).jump_pressed);
    release(&c, SDL_SCANCODE_SPACE);
    controls_tick(&c);
    press(&c, SDL_SCANCODE_Z);
    ck_assert(!controls_tick(&c).jump_held);
}
END_TEST

START_TEST(a_key_of_the_action_is_removed_but_never_its_last)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    ControlsEditResult r = controls_edit_key(&bind, ACT_JUMP, SDL_SCANCODE_Z);
    ck_assert_int_eq(r.what, CONTROLS_REMOVED);
    /* the rest close up: Space K Up, then nothing */
    ck_assert_int_eq(bind.keys[ACT_JUMP][0], SDL_SCANCODE_SPACE);
    ck_assert_int_eq(bind.keys[ACT_JUMP][1], SDL_SCANCODE_K);
    ck_assert_int_eq(bind.keys[ACT_JUMP][2], SDL_SCANCODE_UP);
    ck_assert_int_eq(bind.keys[ACT_JUMP][3], SDL_SCANCODE_UNKNOWN);
    Controls c;
    controls_init(&c, &bind);
    press(&c, SDL_SCANCODE_Z);
    ck_assert(!controls_tick(&c).jump_pressed);
    /* restart has only R: it stays */
    r = controls_edit_key(&bind, ACT_RESTART, SDL_SCANCODE_R);
    ck_assert_int_eq(r.what, CONTROLS_KEPT_LAST);
    ck_assert_int_eq(bind.keys[ACT_RESTART][0], SDL_SCANCODE_R);
}
END_TEST

START_TEST(a_key_is_taken_from_the_action_that_had_it)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    /* jump is full: D (right's) in place of its last, Up */
    ControlsEditResult r = controls_replace_key(&bind, ACT_JUMP, 3, SDL_SCANCODE_D);
    ck_assert_int_eq(r.taken_from, ACT_RIGHT);
    ck_assert_int_eq(controls_key_count(&bind, ACT_RIGHT), 1);
    Controls c;
    controls_init(&c, &bind);
    press(&c, SDL_SCANCODE_D);
    InputIntent in = controls_tick(&c);
    ck_assert(in.jump_pressed);
    ck_assert(!in.right);
    /* the right arrow still moves right */
    press(&c, SDL_SCANCODE_RIGHT);
    ck_assert(controls_tick(&c).right);
    /* up and jump may share a key, as they share the Up arrow */
    r = controls_edit_key(&bind, ACT_UP, SDL_SCANCODE_I);
    ck_assert_int_eq(r.what, CONTROLS_ADDED);
    r = controls_replace_key(&bind, ACT_JUMP, 0, SDL_SCANCODE_I);
    ck_assert_int_eq(r.what, CONTROLS_REPLACED);
    ck_assert_int_eq(r.taken_from, -1);
    ck_assert_int_eq(bind.keys[ACT_UP][2], SDL_SCANCODE_I);
}
END_TEST

START_TEST(buttons_are_added_replaced_and_removed_alike)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    ControlsEditResult r = controls_edit_button(&bind, ACT_JUMP, SDL_CONTROLLER_BUTTON_X);
    ck_assert_int_eq(r.what, CONTROLS_ADDED);
    Controls c;
    controls_init(&c, &bind);
    button(&c, SDL_CONTROLLER_BUTTON_X, true);
    ck_assert(controls_tick(&c).jump_pressed);
    /* two buttons at most: a third waits to be told which it replaces */
    r = controls_edit_button(&bind, ACT_JUMP, SDL_CONTROLLER_BUTTON_Y);
    ck_assert_int_eq(r.what, CONTROLS_FULL);
    ck_assert_int_eq(bind.buttons[ACT_JUMP][1], SDL_CONTROLLER_BUTTON_X);
    r = controls_replace_button(&bind, ACT_JUMP, 1, SDL_CONTROLLER_BUTTON_Y);
    ck_assert_int_eq(r.what, CONTROLS_REPLACED);
    ck_assert_int_eq(r.old, SDL_CONTROLLER_BUTTON_X);
    /* B is nobody's; Start is pause's: taken */
    r = controls_edit_button(&bind, ACT_RESTART, SDL_CONTROLLER_BUTTON_START);
    ck_assert_int_eq(r.taken_from, ACT_PAUSE);
    ck_assert_int_eq(controls_pad_count(&bind, ACT_PAUSE), 0);
    /* left keeps its stick half: its d-pad button may go */
    r = controls_edit_button(&bind, ACT_LEFT, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    ck_assert_int_eq(r.what, CONTROLS_REMOVED);
    ck_assert_int_eq(controls_pad_count(&bind, ACT_LEFT), 1);
    /* jump has A and Y, no stick: Y goes, A stays */
    ck_assert_int_eq(controls_edit_button(&bind, ACT_JUMP, SDL_CONTROLLER_BUTTON_Y).what,
                     CONTROLS_REMOVED);
    ck_assert_int_eq(controls_edit_button(&bind, ACT_JUMP, SDL_CONTROLLER_BUTTON_A).what,
                     CONTROLS_KEPT_LAST);
}
END_TEST

START_TEST(the_controls_hint_is_written_from_the_bindings)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    char hint[256];
    labels_controls_hint(&bind, hint, sizeof hint);
    ck_assert_str_eq(hint, "ARROWS, A/D MOVE   SPACE, Z, K, UP JUMP   ESCAPE PAUSE");
    /* jump on X instead of Space, and nothing else */
    ck_assert_int_eq(controls_replace_key(&bind, ACT_JUMP, 3, SDL_SCANCODE_X).what,
                     CONTROLS_REPLACED);
    for (SDL_Scancode k = SDL_SCANCODE_SPACE; k != SDL_SCANCODE_UNKNOWN;) {
        ck_assert_int_eq(controls_edit_key(&bind, ACT_JUMP, k).what, CONTROLS_REMOVED);
        k = k == SDL_SCANCODE_SPACE ? SDL_SCANCODE_Z
            : k == SDL_SCANCODE_Z   ? SDL_SCANCODE_K
                                    : SDL_SCANCODE_UNKNOWN;
    }
    labels_controls_hint(&bind, hint, sizeof hint);
    ck_assert_str_eq(hint, "ARROWS, A/D MOVE   X JUMP   ESCAPE PAUSE");
    /* move keys that are not a pair are named alone */
    ck_assert_int_eq(controls_edit_key(&bind, ACT_RIGHT, SDL_SCANCODE_L).what, CONTROLS_ADDED);
    ck_assert_int_eq(controls_edit_key(&bind, ACT_LEFT, SDL_SCANCODE_LEFT).what, CONTROLS_REMOVED);
    labels_controls_hint(&bind, hint, sizeof hint);
    ck_assert_str_eq(hint, "A/RIGHT, D, L MOVE   X JUMP   ESCAPE PAUSE");
}
END_TEST

START_TEST(every_binding_of_an_action_is_listed)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    char list[128];
    labels_action(&bind, ACT_JUMP, false, ", ", ", ", list, sizeof list);
    ck_assert_str_eq(list, "SPACE, Z, K, UP");
    labels_action(&bind, ACT_LEFT, false, ", ", ", ", list, sizeof list);
    ck_assert_str_eq(list, "LEFT, A");
    labels_action(&bind, ACT_LEFT, true, ", ", ", ", list, sizeof list);
    ck_assert_str_eq(list, "D-PAD LEFT, STICK LEFT");
    labels_action(&bind, ACT_JUMP, true, ", ", ", ", list, sizeof list);
    ck_assert_str_eq(list, "A");
    labels_action(&bind, ACT_FULLSCREEN, true, ", ", ", ", list, sizeof list);
    ck_assert_str_eq(list, "NONE");
}
END_TEST

/* A sign's {action} is written as the keys bound to it, as a sentence
** names them, and follows a rebinding; an unknown {name} stays as it is. */
START_TEST(a_sign_names_the_keys_bound_now)
{
    ControlBindings bind;
    controls_default_bindings(&bind);
    char out[256];
    labels_fill_text(&bind, false, "Press {jump} to jump", out, sizeof out);
    ck_assert_str_eq(out, "Press SPACE, Z, K or UP to jump");
    labels_fill_text(&bind, false, "{left}/{right} walk, {down} drops, {pause} pauses", out,
                     sizeof out);
    ck_assert_str_eq(out, "LEFT or A/RIGHT or D walk, DOWN or S drops, ESCAPE pauses");
    /* rebound as the controls screen does it: jump on X alone, left on
    ** the arrow and J */
    ck_assert_int_eq(controls_replace_key(&bind, ACT_JUMP, 3, SDL_SCANCODE_X).what,
                     CONTROLS_REPLACED);
    static const SDL_Scancode gone[] = {SDL_SCANCODE_SPACE, SDL_SCANCODE_Z, SDL_SCANCODE_K};
    for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++)
        ck_assert_int_eq(controls_edit_key(&bind, ACT_JUMP, gone[i]).what, CONTROLS_REMOVED);
    ck_assert_int_eq(controls_edit_key(&bind, ACT_LEFT, SDL_SCANCODE_A).what, CONTROLS_REMOVED);
    ck_assert_int_eq(controls_edit_key(&bind, ACT_LEFT, SDL_SCANCODE_J).what, CONTROLS_ADDED);
    labels_fill_text(&bind, false, "Press {jump} to jump", out, sizeof out);
    ck_assert_str_eq(out, "Press X to jump");
    labels_fill_text(&bind, false, "{left} walks left", out, sizeof out);
    ck_assert_str_eq(out, "LEFT or J walks left");
    /* what is no action's name is shown as written, braces and all */
    labels_fill_text(&bind, false, "{Jump} {jumps} {} {dash} {jump", out, sizeof out);
    ck_assert_str_eq(out, "{Jump} {jumps} {} {dash} {jump");
    labels_fill_text(&bind, false, "{{jump}} and }{jump}{", out, sizeof out);
    ck_assert_str_eq(out, "{X} and }X{");
    /* a gamepad player reads buttons and sticks */
    labels_fill_text(&bind, true, "Press {jump}, steer with {right}", out, sizeof out);
    ck_assert_str_eq(out, "Press A, steer with D-PAD RIGHT or STICK RIGHT");
    /* an action with nothing bound says so */
    labels_fill_text(&bind, true, "{full screen}", out, sizeof out);
    ck_assert_str_eq(out, "NONE");
    /* a small buffer is cut, and terminated */
    char small[10];
    labels_fill_text(&bind, false, "Press {left} now", small, sizeof small);
    ck_assert_str_eq(small, "Press LEF");
}
END_TEST

/* The screens name a pad's buttons after a pad was used last, keys after
** a key. */
START_TEST(the_last_device_pressed_is_known)
{
    Controls c;
    controls_init(&c, NULL);
    ck_assert(!c.pad_last);
    button(&c, SDL_CONTROLLER_BUTTON_A, true);
    ck_assert(c.pad_last);
    button(&c, SDL_CONTROLLER_BUTTON_A, false);
    press(&c, SDL_SCANCODE_SPACE);
    ck_assert(!c.pad_last);
    /* a stick resting inside its dead zone is no use of the pad */
    axis(&c, SDL_CONTROLLER_AXIS_LEFTX, (Sint16)(32767.0f * CONTROLS_DEAD_ZONE * 0.5f));
    ck_assert(!c.pad_last);
    axis(&c, SDL_CONTROLLER_AXIS_LEFTX, -32767);
    ck_assert(c.pad_last);
    /* releasing a key is no use of the keyboard */
    release(&c, SDL_SCANCODE_SPACE);
    ck_assert(c.pad_last);
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

/* ---- bindings and settings.json ---- */

static void assert_bindings_equal(const ControlBindings *a, const ControlBindings *b)
{
    for (int act = 0; act < ACT_COUNT; act++) {
        for (int k = 0; k < CONTROLS_KEYS; k++)
            ck_assert_int_eq(a->keys[act][k], b->keys[act][k]);
        for (int i = 0; i < CONTROLS_BUTTONS; i++)
            ck_assert_int_eq(a->buttons[act][i], b->buttons[act][i]);
        for (int i = 0; i < CONTROLS_AXES; i++) {
            ck_assert_int_eq(a->axes[act][i].axis, b->axes[act][i].axis);
            ck_assert_int_eq(a->axes[act][i].sign, b->axes[act][i].sign);
        }
    }
}

START_TEST(default_settings_are_the_default_bindings)
{
    Settings s;
    settings_defaults(&s);
    ControlBindings from, want;
    bindings_from_settings(&s, &from);
    controls_default_bindings(&want);
    assert_bindings_equal(&from, &want);
    /* and they are written back under the same names, stick halves too */
    Settings back;
    settings_defaults(&back);
    for (int a = 0; a < ACTION_COUNT; a++) {
        ck_assert(settings_bind_keys(&back, (SettingsAction)a, NULL, 0));
        ck_assert(settings_bind_buttons(&back, (SettingsAction)a, NULL, 0));
    }
    bindings_to_settings(&want, &back);
    for (int a = 0; a < ACTION_COUNT; a++)
        for (int i = 0; i < SETTINGS_BINDINGS_MAX; i++) {
            ck_assert_str_eq(back.keys[a].names[i], s.keys[a].names[i]);
            ck_assert_str_eq(back.buttons[a].names[i], s.buttons[a].names[i]);
        }
}
END_TEST

START_TEST(an_action_left_unbound_stays_unbound_after_a_save_and_a_load)
{
    /* R bound to jump is taken from restart, which is left with no key */
    ControlBindings bind;
    controls_default_bindings(&bind);
    ck_assert_int_eq(controls_replace_key(&bind, ACT_JUMP, 3, SDL_SCANCODE_R).taken_from,
                     ACT_RESTART);
    Settings s;
    settings_defaults(&s);
    bindings_to_settings(&bind, &s);
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_RESTART]), 0);

    char path[1024], err[512];
    ck_assert(mkdir(INPUT_SCRATCH, 0755) == 0 || errno == EEXIST);
    snprintf(path, sizeof path, "%s/settings-%ld.json", INPUT_SCRATCH, (long)getpid());
    ck_assert_msg(settings_save(path, &s, err, sizeof err), "%s", err);
    Settings loaded;
    BindingNames names;
    bindings_known_names(&names);
    SaveNotices notices = {0};
    ck_assert_int_eq(settings_load(path, &names.known, &loaded, &notices), SAVE_LOADED);
    ck_assert_int_eq(notices.count, 0); /* every name written is one SDL knows */
    ck_assert_int_eq(unlink(path), 0);

    /* the next start: R jumps and nothing restarts */
    ControlBindings again;
    bindings_from_settings(&loaded, &again);
    assert_bindings_equal(&again, &bind);
    for (int k = 0; k < CONTROLS_KEYS; k++)
        ck_assert_int_eq(again.keys[ACT_RESTART][k], SDL_SCANCODE_UNKNOWN);
    Controls c;
    controls_init(&c, &again);
    ControlsResult r = press(&c, SDL_SCANCODE_R);
    ck_assert(r.pressed & (1u << ACT_JUMP));
    ck_assert(!(r.pressed & (1u << ACT_RESTART)));
    /* the pad's restart button was not touched */
    ck_assert_int_eq(again.buttons[ACT_RESTART][0], SDL_CONTROLLER_BUTTON_BACK);
}
END_TEST

/* The names settings_load is given are SDL's own, so a misspelt one is
** told with the name it was probably meant to be, and the rest is kept. */
START_TEST(names_sdl_does_not_know_are_told_with_a_hint)
{
    BindingNames names;
    bindings_known_names(&names);
    ck_assert_int_gt(names.known.key_count, 100);
    ck_assert_int_gt(names.known.button_count, 20);
    const char *text = "{\"format\": 1,\n"
                       " \"keys\": {\"jump\": [\"Spcae\", \"Left Shift\", \"keypad 1\"]},\n"
                       " \"gamepad\": {\"jump\": [\"b\", \"leftz+\", \"righttrigger+\"]}}";
    Settings s;
    SaveNotices notices = {0};
    ck_assert(settings_parse(text, strlen(text), &names.known, &s, &notices));
    ck_assert_int_eq(notices.count, 2);
    ck_assert_str_eq(notices.list[0].message,
                     "keys.jump[0]: unknown key \"Spcae\" (did you mean \"Space\"?); ignored");
    ck_assert_int_eq(notices.list[0].line, 2);
    ck_assert_int_eq(notices.list[0].col, 20);
    ck_assert_str_eq(
        notices.list[1].message,
        "gamepad.jump[1]: unknown button \"leftz+\" (did you mean \"leftx+\"?); ignored");
    ControlBindings bind;
    bindings_from_settings(&s, &bind);
    ck_assert_int_eq(bind.keys[ACT_JUMP][0], SDL_SCANCODE_LSHIFT);
    ck_assert_int_eq(bind.keys[ACT_JUMP][1], SDL_SCANCODE_KP_1);
    ck_assert_int_eq(bind.buttons[ACT_JUMP][0], SDL_CONTROLLER_BUTTON_B);
    ck_assert_int_eq(bind.axes[ACT_JUMP][0].axis, SDL_CONTROLLER_AXIS_TRIGGERRIGHT);
}
END_TEST

START_TEST(axis_halves_in_the_settings_are_bindings)
{
    Settings s;
    settings_defaults(&s);
    const char *left[] = {"dpleft", "rightx-"};
    ck_assert(settings_bind_buttons(&s, ACTION_LEFT, left, 2));
    const char *jump[] = {"a", "righttrigger+"};
    ck_assert(settings_bind_buttons(&s, ACTION_JUMP, jump, 2));
    ck_assert(settings_bind_buttons(&s, ACTION_RIGHT, NULL, 0));
    ControlBindings bind;
    bindings_from_settings(&s, &bind);
    Controls c;
    controls_init(&c, &bind);

    /* the right stick pushed left moves left; the left stick no longer does */
    axis(&c, SDL_CONTROLLER_AXIS_RIGHTX, -32768);
    ck_assert(controls_tick(&c).left);
    axis(&c, SDL_CONTROLLER_AXIS_RIGHTX, 0);
    axis(&c, SDL_CONTROLLER_AXIS_LEFTX, -32768);
    ck_assert(!controls_tick(&c).left);
    /* right has an empty list: neither the stick nor the d-pad moves right */
    axis(&c, SDL_CONTROLLER_AXIS_LEFTX, 32767);
    button(&c, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true);
    ck_assert(!controls_tick(&c).right);
    /* the right trigger pulled past the dead zone jumps */
    ck_assert(axis(&c, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767).pressed & (1u << ACT_JUMP));
    ck_assert(controls_tick(&c).jump_pressed);

    /* written back as they were */
    Settings back;
    settings_defaults(&back);
    bindings_to_settings(&bind, &back);
    ck_assert_int_eq(settings_binding_count(&back.buttons[ACTION_LEFT]), 2);
    ck_assert_str_eq(back.buttons[ACTION_LEFT].names[0], "dpleft");
    ck_assert_str_eq(back.buttons[ACTION_LEFT].names[1], "rightx-");
    ck_assert_str_eq(back.buttons[ACTION_JUMP].names[1], "righttrigger+");
    ck_assert_int_eq(settings_binding_count(&back.buttons[ACTION_RIGHT]), 0);
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
    tcase_add_test(tc, a_new_key_is_added_to_the_action);
    tcase_add_test(tc, a_full_action_changes_nothing_until_told_which_key_goes);
    tcase_add_test(tc, a_key_of_the_action_is_removed_but_never_its_last);
    tcase_add_test(tc, a_key_is_taken_from_the_action_that_had_it);
    tcase_add_test(tc, buttons_are_added_replaced_and_removed_alike);
    tcase_add_test(tc, the_controls_hint_is_written_from_the_bindings);
    tcase_add_test(tc, every_binding_of_an_action_is_listed);
    tcase_add_test(tc, a_sign_names_the_keys_bound_now);
    tcase_add_test(tc, the_last_device_pressed_is_known);
    tcase_add_test(tc, gamepad_a_jumps_and_dpad_moves);
    tcase_add_test(tc, stick_inside_dead_zone_is_ignored);
    tcase_add_test(tc, release_all_forgets_held_keys);
    tcase_add_test(tc, default_settings_are_the_default_bindings);
    tcase_add_test(tc, an_action_left_unbound_stays_unbound_after_a_save_and_a_load);
    tcase_add_test(tc, names_sdl_does_not_know_are_told_with_a_hint);
    tcase_add_test(tc, axis_halves_in_the_settings_are_bindings);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(input_suite());
}
