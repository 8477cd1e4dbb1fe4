/* SPDX-License-Identifier: Zlib */
/* controls.c -- key and button bindings, held state, the latched jump. */
#include "controls.h"

#include <string.h>

static const char *const action_names[ACT_COUNT] = {
    [ACT_LEFT] = "Left",       [ACT_RIGHT] = "Right",
    [ACT_UP] = "Up",           [ACT_DOWN] = "Down",
    [ACT_JUMP] = "Jump",       [ACT_PAUSE] = "Pause",
    [ACT_RESTART] = "Restart", [ACT_FULLSCREEN] = "Full screen",
};

const char *controls_action_name(ControlAction action)
{
    return (unsigned)action < ACT_COUNT ? action_names[action] : "?";
}

void controls_default_bindings(ControlBindings *bind)
{
    for (int a = 0; a < ACT_COUNT; a++) {
        for (int k = 0; k < CONTROLS_KEYS; k++)
            bind->keys[a][k] = SDL_SCANCODE_UNKNOWN;
        for (int b = 0; b < CONTROLS_BUTTONS; b++)
            bind->buttons[a][b] = SDL_CONTROLLER_BUTTON_INVALID;
        for (int x = 0; x < CONTROLS_AXES; x++)
            bind->axes[a][x] = (ControlAxis){SDL_CONTROLLER_AXIS_INVALID, 0};
    }
    bind->keys[ACT_LEFT][0] = SDL_SCANCODE_LEFT;
    bind->keys[ACT_LEFT][1] = SDL_SCANCODE_A;
    bind->keys[ACT_RIGHT][0] = SDL_SCANCODE_RIGHT;
    bind->keys[ACT_RIGHT][1] = SDL_SCANCODE_D;
    bind->keys[ACT_UP][0] = SDL_SCANCODE_UP;
    bind->keys[ACT_UP][1] = SDL_SCANCODE_W;
    bind->keys[ACT_DOWN][0] = SDL_SCANCODE_DOWN;
    bind->keys[ACT_DOWN][1] = SDL_SCANCODE_S;
    bind->keys[ACT_JUMP][0] = SDL_SCANCODE_SPACE;
    bind->keys[ACT_JUMP][1] = SDL_SCANCODE_Z;
    bind->keys[ACT_JUMP][2] = SDL_SCANCODE_K;
    bind->keys[ACT_JUMP][3] = SDL_SCANCODE_UP;
    bind->keys[ACT_PAUSE][0] = SDL_SCANCODE_ESCAPE;
    bind->keys[ACT_RESTART][0] = SDL_SCANCODE_R;
    bind->keys[ACT_FULLSCREEN][0] = SDL_SCANCODE_F11;

    bind->buttons[ACT_LEFT][0] = SDL_CONTROLLER_BUTTON_DPAD_LEFT;
    bind->buttons[ACT_RIGHT][0] = SDL_CONTROLLER_BUTTON_DPAD_RIGHT;
    bind->buttons[ACT_UP][0] = SDL_CONTROLLER_BUTTON_DPAD_UP;
    bind->buttons[ACT_DOWN][0] = SDL_CONTROLLER_BUTTON_DPAD_DOWN;
    bind->buttons[ACT_JUMP][0] = SDL_CONTROLLER_BUTTON_A;
    bind->buttons[ACT_PAUSE][0] = SDL_CONTROLLER_BUTTON_START;
    bind->buttons[ACT_RESTART][0] = SDL_CONTROLLER_BUTTON_BACK;
    bind->axes[ACT_LEFT][0] = (ControlAxis){SDL_CONTROLLER_AXIS_LEFTX, -1};
    bind->axes[ACT_RIGHT][0] = (ControlAxis){SDL_CONTROLLER_AXIS_LEFTX, 1};
    bind->axes[ACT_UP][0] = (ControlAxis){SDL_CONTROLLER_AXIS_LEFTY, -1};
    bind->axes[ACT_DOWN][0] = (ControlAxis){SDL_CONTROLLER_AXIS_LEFTY, 1};
}

/* Up and jump share the Up arrow by default; any other sharing would make
** one key do two things the player did not ask for. */
static bool may_share(ControlAction a, ControlAction b)
{
    return (a == ACT_UP && b == ACT_JUMP) || (a == ACT_JUMP && b == ACT_UP);
}

int controls_key_count(const ControlBindings *bind, ControlAction action)
{
    int n = 0;
    for (int k = 0; (unsigned)action < ACT_COUNT && k < CONTROLS_KEYS; k++)
        n += bind->keys[action][k] != SDL_SCANCODE_UNKNOWN;
    return n;
}

int controls_pad_count(const ControlBindings *bind, ControlAction action)
{
    int n = 0;
    for (int b = 0; (unsigned)action < ACT_COUNT && b < CONTROLS_BUTTONS; b++)
        n += bind->buttons[action][b] != SDL_CONTROLLER_BUTTON_INVALID;
    for (int x = 0; (unsigned)action < ACT_COUNT && x < CONTROLS_AXES; x++)
        n += bind->axes[action][x].axis != SDL_CONTROLLER_AXIS_INVALID;
    return n;
}

/* Removes slot i of a list of n codes, closing the gap: used ones stay first. */
static void remove_slot(int *codes, int n, int i, int unused)
{
    for (; i + 1 < n; i++)
        codes[i] = codes[i + 1];
    codes[n - 1] = unused;
}

/* The edit of one list of codes (an action's keys or buttons), `count`
** bindings in all (with a pad's stick halves). A full list takes a new code
** only in place of slot `replace` (CONTROLS_FULL, nothing changed, for -1). */
static ControlsEditResult edit_list(int *codes, int n, int unused, int code, int count, int replace)
{
    ControlsEditResult r = {CONTROLS_ADDED, unused, -1};
    for (int i = 0; i < n; i++)
        if (codes[i] == code) {
            if (count <= 1) {
                r.what = CONTROLS_KEPT_LAST;
                return r;
            }
            remove_slot(codes, n, i, unused);
            r.what = CONTROLS_REMOVED;
            return r;
        }
    for (int i = 0; i < n; i++)
        if (codes[i] == unused) {
            codes[i] = code;
            return r;
        }
    if (replace < 0 || replace >= n) {
        r.what = CONTROLS_FULL;
        return r;
    }
    r.what = CONTROLS_REPLACED;
    r.old = codes[replace];
    codes[replace] = code;
    return r;
}

/* The edit of an action's keys (pad: buttons), `replace` as edit_list's. A
** key (button) it takes is taken from whoever had it; the action that
** loses its only one loses it all the same: the player asked for it here. */
static ControlsEditResult edit(ControlBindings *bind, ControlAction action, bool pad, int code,
                               int replace)
{
    int n = pad ? CONTROLS_BUTTONS : CONTROLS_KEYS;
    int unused = pad ? SDL_CONTROLLER_BUTTON_INVALID : SDL_SCANCODE_UNKNOWN;
    int end = pad ? SDL_CONTROLLER_BUTTON_MAX : SDL_NUM_SCANCODES;
    ControlsEditResult r = {CONTROLS_KEPT_LAST, unused, -1};
    if ((unsigned)action >= ACT_COUNT || code <= unused || code >= end)
        return r;
    int lists[ACT_COUNT][CONTROLS_KEYS];
    for (int a = 0; a < ACT_COUNT; a++)
        for (int i = 0; i < n; i++)
            lists[a][i] = pad ? (int)bind->buttons[a][i] : (int)bind->keys[a][i];
    int count = pad ? controls_pad_count(bind, action) : controls_key_count(bind, action);
    r = edit_list(lists[action], n, unused, code, count, replace);
    for (int a = 0; a < ACT_COUNT && (r.what == CONTROLS_ADDED || r.what == CONTROLS_REPLACED);
         a++) {
        if (a == (int)action || (!pad && may_share(action, (ControlAction)a)))
            continue;
        for (int i = 0; i < n; i++)
            if (lists[a][i] == code) {
                remove_slot(lists[a], n, i, unused);
                r.taken_from = a;
                break;
            }
    }
    for (int a = 0; a < ACT_COUNT; a++)
        for (int i = 0; i < n; i++)
            if (pad)
                bind->buttons[a][i] = (SDL_GameControllerButton)lists[a][i];
            else
                bind->keys[a][i] = (SDL_Scancode)lists[a][i];
    return r;
}

/* A full action's key (button) in `slot` replaced; nothing for a slot it has not. */
static ControlsEditResult replace_slot(ControlBindings *bind, ControlAction action, bool pad,
                                       int slot, int code)
{
    int used = 0;
    for (int i = 0; (unsigned)action < ACT_COUNT && i < (pad ? CONTROLS_BUTTONS : CONTROLS_KEYS);
         i++)
        used += pad ? bind->buttons[action][i] != SDL_CONTROLLER_BUTTON_INVALID
                    : bind->keys[action][i] != SDL_SCANCODE_UNKNOWN;
    if (slot < 0 || slot >= used)
        return (ControlsEditResult){CONTROLS_KEPT_LAST,
                                    pad ? SDL_CONTROLLER_BUTTON_INVALID : SDL_SCANCODE_UNKNOWN, -1};
    return edit(bind, action, pad, code, slot);
}

ControlsEditResult controls_edit_key(ControlBindings *bind, ControlAction action, SDL_Scancode key)
{
    return edit(bind, action, false, (int)key, -1);
}

ControlsEditResult controls_replace_key(ControlBindings *bind, ControlAction action, int slot,
                                        SDL_Scancode key)
{
    return replace_slot(bind, action, false, slot, (int)key);
}

ControlsEditResult controls_edit_button(ControlBindings *bind, ControlAction action,
                                        SDL_GameControllerButton button)
{
    return edit(bind, action, true, (int)button, -1);
}

ControlsEditResult controls_replace_button(ControlBindings *bind, ControlAction action, int slot,
                                           SDL_GameControllerButton button)
{
    return replace_slot(bind, action, true, slot, (int)button);
}

void controls_init(Controls *c, const ControlBindings *bind)
{
    memset(c, 0, sizeof *c);
    if (bind)
        c->bind = *bind;
    else
        controls_default_bindings(&c->bind);
}

void controls_release_all(Controls *c)
{
    memset(c->key_held, 0, sizeof c->key_held);
    memset(c->button_held, 0, sizeof c->button_held);
    for (int a = 0; a < SDL_CONTROLLER_AXIS_MAX; a++)
        c->axis[a] = 0.0f;
    c->jump_latched = false;
}

/* True while the action is held by any source. */
static bool controls_held(const Controls *c, ControlAction action)
{
    if ((unsigned)action >= ACT_COUNT)
        return false;
    for (int k = 0; k < CONTROLS_KEYS; k++) {
        SDL_Scancode key = c->bind.keys[action][k];
        if (key > SDL_SCANCODE_UNKNOWN && key < SDL_NUM_SCANCODES && c->key_held[key])
            return true;
    }
    for (int b = 0; b < CONTROLS_BUTTONS; b++) {
        SDL_GameControllerButton button = c->bind.buttons[action][b];
        if (button > SDL_CONTROLLER_BUTTON_INVALID && button < SDL_CONTROLLER_BUTTON_MAX &&
            c->button_held[button])
            return true;
    }
    for (int x = 0; x < CONTROLS_AXES; x++) {
        ControlAxis half = c->bind.axes[action][x];
        if (half.axis > SDL_CONTROLLER_AXIS_INVALID && half.axis < SDL_CONTROLLER_AXIS_MAX &&
            half.sign != 0 && c->axis[half.axis] * (float)half.sign >= CONTROLS_DEAD_ZONE)
            return true;
    }
    return false;
}

static uint32_t held_mask(const Controls *c)
{
    uint32_t mask = 0;
    for (int a = 0; a < ACT_COUNT; a++)
        if (controls_held(c, (ControlAction)a))
            mask |= 1u << a;
    return mask;
}

static MenuInput menu_from_actions(uint32_t pressed)
{
    if (pressed & (1u << ACT_PAUSE))
        return MENU_BACK;
    if (pressed & (1u << ACT_JUMP) && !(pressed & (1u << ACT_UP)))
        return MENU_OK;
    if (pressed & (1u << ACT_UP))
        return MENU_UP;
    if (pressed & (1u << ACT_DOWN))
        return MENU_DOWN;
    if (pressed & (1u << ACT_LEFT))
        return MENU_LEFT;
    if (pressed & (1u << ACT_RIGHT))
        return MENU_RIGHT;
    return MENU_NONE;
}

/* Menus also answer to the keys everyone tries first, whatever the bindings. */
static MenuInput menu_from_key(SDL_Scancode key)
{
    switch (key) {
    case SDL_SCANCODE_UP: return MENU_UP;
    case SDL_SCANCODE_DOWN: return MENU_DOWN;
    case SDL_SCANCODE_LEFT: return MENU_LEFT;
    case SDL_SCANCODE_RIGHT: return MENU_RIGHT;
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER:
    case SDL_SCANCODE_SPACE: return MENU_OK;
    case SDL_SCANCODE_ESCAPE:
    case SDL_SCANCODE_BACKSPACE: return MENU_BACK;
    default: return MENU_NONE;
    }
}

static MenuInput menu_from_button(SDL_GameControllerButton button)
{
    switch (button) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return MENU_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return MENU_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return MENU_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return MENU_RIGHT;
    case SDL_CONTROLLER_BUTTON_A: return MENU_OK;
    case SDL_CONTROLLER_BUTTON_B:
    case SDL_CONTROLLER_BUTTON_START: return MENU_BACK;
    default: return MENU_NONE;
    }
}

/* The actions a key is bound to. */
static uint32_t key_actions(const ControlBindings *bind, SDL_Scancode key)
{
    uint32_t mask = 0;
    for (int a = 0; a < ACT_COUNT; a++)
        for (int k = 0; k < CONTROLS_KEYS; k++)
            if (bind->keys[a][k] == key)
                mask |= 1u << a;
    return mask;
}

MenuInput controls_key_menu(const ControlBindings *bind, SDL_Scancode key)
{
    MenuInput fixed = menu_from_key(key);
    return fixed != MENU_NONE ? fixed : menu_from_actions(key_actions(bind, key));
}

/* Key and button edges: what went down with this event. */
static ControlsResult apply_change(Controls *c, uint32_t before)
{
    uint32_t after = held_mask(c);
    ControlsResult r = {after & ~before, MENU_NONE};
    if (r.pressed & (1u << ACT_JUMP))
        c->jump_latched = true;
    r.menu = menu_from_actions(r.pressed);
    return r;
}

ControlsResult controls_event(Controls *c, const SDL_Event *ev)
{
    ControlsResult none = {0, MENU_NONE};
    uint32_t before = held_mask(c);
    switch (ev->type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
        SDL_Scancode key = ev->key.keysym.scancode;
        if (key <= SDL_SCANCODE_UNKNOWN || key >= SDL_NUM_SCANCODES)
            return none;
        bool down = ev->type == SDL_KEYDOWN;
        ControlsResult r = none;
        if (!(down && ev->key.repeat)) {
            /* a repeat is no new press for the game, but menus scroll on it */
            c->key_held[key] = down;
            if (down)
                c->pad_last = false;
            r = apply_change(c, before);
        }
        if (down) {
            r.menu = controls_key_menu(&c->bind, key);
            /* holding Enter or Esc must not run through several menus */
            if (ev->key.repeat && (r.menu == MENU_OK || r.menu == MENU_BACK))
                r.menu = MENU_NONE;
        }
        return r;
    }
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP: {
        int button = ev->cbutton.button;
        if (button < 0 || button >= SDL_CONTROLLER_BUTTON_MAX)
            return none;
        bool down = ev->type == SDL_CONTROLLERBUTTONDOWN;
        c->button_held[button] = down;
        if (down)
            c->pad_last = true;
        ControlsResult r = apply_change(c, before);
        if (down) {
            MenuInput fixed = menu_from_button((SDL_GameControllerButton)button);
            if (fixed != MENU_NONE)
                r.menu = fixed;
        }
        return r;
    }
    case SDL_CONTROLLERAXISMOTION: {
        int axis = ev->caxis.axis;
        if (axis < 0 || axis >= SDL_CONTROLLER_AXIS_MAX)
            return none;
        float v = (float)ev->caxis.value / 32767.0f;
        c->axis[axis] = v < -1.0f ? -1.0f : v;
        if (c->axis[axis] >= CONTROLS_DEAD_ZONE || c->axis[axis] <= -CONTROLS_DEAD_ZONE)
            c->pad_last = true;
        return apply_change(c, before);
    }
    default: return none;
    }
}

InputIntent controls_tick(Controls *c)
{
    InputIntent in = {0};
    in.left = controls_held(c, ACT_LEFT);
    in.right = controls_held(c, ACT_RIGHT);
    in.up = controls_held(c, ACT_UP);
    in.down = controls_held(c, ACT_DOWN);
    bool held = controls_held(c, ACT_JUMP);
    if (c->jump_latched && c->last_jump_held) {
        /* released and pressed again within one tick: that press can only
        ** be seen as one if this tick sees jump up; the next one gets it */
        in.jump_held = false;
    } else {
        in.jump_held = held || c->jump_latched;
        c->jump_latched = false;
    }
    in.jump_pressed = in.jump_held && !c->last_jump_held;
    c->last_jump_held = in.jump_held;
    return in;
}
