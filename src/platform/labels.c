/* SPDX-License-Identifier: Zlib */
/* labels.c -- what the screens call keys, buttons and bindings (labels.h). */
#include "labels.h"

#include "render.h"

#include <stdio.h>
#include <string.h>

void labels_key(SDL_Scancode key, char *out, size_t cap)
{
    const char *name = key != SDL_SCANCODE_UNKNOWN ? SDL_GetScancodeName(key) : "";
    snprintf(out, cap, "%s", name && *name ? name : "?");
    render_upcase(out);
}

void labels_button(SDL_GameControllerButton button, char *out, size_t cap)
{
    static const struct {
        SDL_GameControllerButton button;
        const char *label;
    } named[] = {
        {SDL_CONTROLLER_BUTTON_DPAD_UP, "D-PAD UP"},
        {SDL_CONTROLLER_BUTTON_DPAD_DOWN, "D-PAD DOWN"},
        {SDL_CONTROLLER_BUTTON_DPAD_LEFT, "D-PAD LEFT"},
        {SDL_CONTROLLER_BUTTON_DPAD_RIGHT, "D-PAD RIGHT"},
        {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, "LB"},
        {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, "RB"},
        {SDL_CONTROLLER_BUTTON_LEFTSTICK, "LEFT STICK PRESS"},
        {SDL_CONTROLLER_BUTTON_RIGHTSTICK, "RIGHT STICK PRESS"},
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (named[i].button == button) {
            snprintf(out, cap, "%s", named[i].label);
            return;
        }
    const char *name = button != SDL_CONTROLLER_BUTTON_INVALID
                           ? SDL_GameControllerGetStringForButton(button)
                           : NULL;
    snprintf(out, cap, "%s", name && *name ? name : "?");
    render_upcase(out);
}

static void labels_axis(ControlAxis half, char *out, size_t cap)
{
    static const char *const halves[SDL_CONTROLLER_AXIS_MAX][2] = {
        [SDL_CONTROLLER_AXIS_LEFTX] = {"STICK LEFT", "STICK RIGHT"},
        [SDL_CONTROLLER_AXIS_LEFTY] = {"STICK UP", "STICK DOWN"},
        [SDL_CONTROLLER_AXIS_RIGHTX] = {"RIGHT STICK LEFT", "RIGHT STICK RIGHT"},
        [SDL_CONTROLLER_AXIS_RIGHTY] = {"RIGHT STICK UP", "RIGHT STICK DOWN"},
        [SDL_CONTROLLER_AXIS_TRIGGERLEFT] = {"LEFT TRIGGER", "LEFT TRIGGER"},
        [SDL_CONTROLLER_AXIS_TRIGGERRIGHT] = {"RIGHT TRIGGER", "RIGHT TRIGGER"},
    };
    bool known = half.axis >= 0 && half.axis < SDL_CONTROLLER_AXIS_MAX;
    snprintf(out, cap, "%s", known ? halves[half.axis][half.sign >= 0] : "?");
}

/* Appends part to out (of cap bytes), after sep unless out is empty. */
static void join(char *out, size_t cap, const char *sep, const char *part)
{
    size_t n = strlen(out);
    if (n + 1 < cap)
        snprintf(out + n, cap - n, "%s%s", n > 0 ? sep : "", part);
}

void labels_action(const ControlBindings *bind, ControlAction action, bool pad, const char *sep,
                   const char *last, char *out, size_t cap)
{
    char names[CONTROLS_KEYS + CONTROLS_BUTTONS + CONTROLS_AXES][48];
    int n = 0;
    for (int k = 0; (unsigned)action < ACT_COUNT && !pad && k < CONTROLS_KEYS; k++)
        if (bind->keys[action][k] != SDL_SCANCODE_UNKNOWN)
            labels_key(bind->keys[action][k], names[n++], sizeof names[0]);
    for (int b = 0; (unsigned)action < ACT_COUNT && pad && b < CONTROLS_BUTTONS; b++)
        if (bind->buttons[action][b] != SDL_CONTROLLER_BUTTON_INVALID)
            labels_button(bind->buttons[action][b], names[n++], sizeof names[0]);
    for (int x = 0; (unsigned)action < ACT_COUNT && pad && x < CONTROLS_AXES; x++)
        if (bind->axes[action][x].axis != SDL_CONTROLLER_AXIS_INVALID)
            labels_axis(bind->axes[action][x], names[n++], sizeof names[0]);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        join(out, cap, i == n - 1 ? last : sep, names[i]);
    if (!out[0])
        snprintf(out, cap, "NONE");
}

/* The action whose name in lower case is the len bytes at name, or -1. */
static int action_named(const char *name, size_t len)
{
    for (int a = 0; a < ACT_COUNT; a++) {
        const char *full = controls_action_name((ControlAction)a);
        if (strlen(full) != len)
            continue;
        size_t i = 0;
        while (i < len &&
               (full[i] >= 'A' && full[i] <= 'Z' ? full[i] - 'A' + 'a' : full[i]) == name[i])
            i++;
        if (i == len)
            return a;
    }
    return -1;
}

void labels_fill_text(const ControlBindings *bind, bool pad, const char *text, char *out,
                      size_t cap)
{
    if (cap == 0)
        return;
    size_t used = 0;
    out[0] = '\0';
    for (const char *s = text; *s && used + 1 < cap;) {
        const char *close = *s == '{' ? strchr(s + 1, '}') : NULL;
        int action = close != NULL ? action_named(s + 1, (size_t)(close - s - 1)) : -1;
        if (action < 0) {
            out[used++] = *s++;
            out[used] = '\0';
            continue;
        }
        char words[400];
        labels_action(bind, (ControlAction)action, pad, ", ", " or ", words, sizeof words);
        snprintf(out + used, cap - used, "%s", words);
        used += strlen(out + used);
        s = close + 1;
    }
}

/* The first key of the action that menus take as `want`, or fallback. */
static void menu_key(const ControlBindings *bind, ControlAction action, MenuInput want,
                     const char *fallback, char *out, size_t cap)
{
    for (int k = 0; k < CONTROLS_KEYS; k++) {
        SDL_Scancode key = bind->keys[action][k];
        if (key != SDL_SCANCODE_UNKNOWN && controls_key_menu(bind, key) == want) {
            labels_key(key, out, cap);
            return;
        }
    }
    snprintf(out, cap, "%s", fallback);
}

void labels_menu_keys(const ControlBindings *bind, bool pad, char *ok, char *back, size_t cap)
{
    if (pad) {
        /* the pad's menu buttons are fixed (controls.c) */
        labels_button(SDL_CONTROLLER_BUTTON_A, ok, cap);
        labels_button(SDL_CONTROLLER_BUTTON_B, back, cap);
        return;
    }
    menu_key(bind, ACT_JUMP, MENU_OK, "ENTER", ok, cap);
    menu_key(bind, ACT_PAUSE, MENU_BACK, "ESCAPE", back, cap);
}

/* The move keys: left and right keys in the same place of their lists as a
** pair, the rest alone. */
static void move_keys(const ControlBindings *bind, char *out, size_t cap)
{
    out[0] = '\0';
    for (int k = 0; k < CONTROLS_KEYS; k++) {
        SDL_Scancode l = bind->keys[ACT_LEFT][k], r = bind->keys[ACT_RIGHT][k];
        char a[48], b[48], part[100];
        if (l == SDL_SCANCODE_LEFT && r == SDL_SCANCODE_RIGHT) {
            snprintf(part, sizeof part, "ARROWS");
        } else if (l != SDL_SCANCODE_UNKNOWN && r != SDL_SCANCODE_UNKNOWN) {
            labels_key(l, a, sizeof a);
            labels_key(r, b, sizeof b);
            snprintf(part, sizeof part, "%s/%s", a, b);
        } else if (l != SDL_SCANCODE_UNKNOWN || r != SDL_SCANCODE_UNKNOWN) {
            labels_key(l != SDL_SCANCODE_UNKNOWN ? l : r, part, sizeof part);
        } else {
            continue;
        }
        join(out, cap, ", ", part);
    }
    if (!out[0])
        snprintf(out, cap, "NONE");
}

void labels_controls_hint(const ControlBindings *bind, char *out, size_t cap)
{
    char move[160], jump[160], pause[160];
    move_keys(bind, move, sizeof move);
    labels_action(bind, ACT_JUMP, false, ", ", ", ", jump, sizeof jump);
    labels_action(bind, ACT_PAUSE, false, ", ", ", ", pause, sizeof pause);
    snprintf(out, cap, "%s MOVE   %s JUMP   %s PAUSE", move, jump, pause);
}
