/* SPDX-License-Identifier: Zlib */
/*
** controls.h -- from keyboard and gamepad events to one InputIntent per tick.
**
** A pure state machine: it reads SDL_Event structs and never a device, so
** the tests drive it with made-up events and no window. Keys, gamepad
** buttons and halves of gamepad axes are bound to actions; an action is held
** while any of its keys or buttons is down, or one of its axis halves is
** pushed past the dead zone. A jump press is latched until the
** next tick reads it, so a tap shorter than a tick is never lost, and the
** intents it hands out always satisfy jump_pressed == held now and not held
** the tick before: exactly what a replay can store and give back.
*/
#ifndef CONTROLS_H
#define CONTROLS_H

#include "input.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

typedef enum ControlAction {
    ACT_LEFT,
    ACT_RIGHT,
    ACT_UP,
    ACT_DOWN,
    ACT_JUMP,
    ACT_PAUSE,
    ACT_RESTART,
    ACT_FULLSCREEN,
    ACT_COUNT
} ControlAction;

enum {
    CONTROLS_KEYS = 4,    /* keys per action, the used ones first */
    CONTROLS_BUTTONS = 2, /* gamepad buttons per action */
    CONTROLS_AXES = 2,    /* gamepad axis halves per action */
};

/* Past this fraction of full deflection an axis half is held. */
#define CONTROLS_DEAD_ZONE 0.35f

/* One half of a gamepad axis: the left stick pushed left is
** {SDL_CONTROLLER_AXIS_LEFTX, -1}. */
typedef struct ControlAxis {
    SDL_GameControllerAxis axis; /* SDL_CONTROLLER_AXIS_INVALID: unused */
    int sign;                    /* -1 or +1 */
} ControlAxis;

typedef struct ControlBindings {
    SDL_Scancode keys[ACT_COUNT][CONTROLS_KEYS]; /* SDL_SCANCODE_UNKNOWN: unused */
    SDL_GameControllerButton buttons[ACT_COUNT][CONTROLS_BUTTONS]; /* ..._INVALID: unused */
    ControlAxis axes[ACT_COUNT][CONTROLS_AXES];
} ControlBindings;

/* What menus understand. */
typedef enum MenuInput {
    MENU_NONE,
    MENU_UP,
    MENU_DOWN,
    MENU_LEFT,
    MENU_RIGHT,
    MENU_OK,
    MENU_BACK,
} MenuInput;

/* What one event did: the actions that went down (bit 1 << action, key
** repeats excluded) and the menu input it stands for (repeats included). */
typedef struct ControlsResult {
    uint32_t pressed;
    MenuInput menu;
} ControlsResult;

typedef struct Controls {
    ControlBindings bind;
    uint8_t key_held[SDL_NUM_SCANCODES];
    bool button_held[SDL_CONTROLLER_BUTTON_MAX];
    float axis[SDL_CONTROLLER_AXIS_MAX]; /* -1 .. 1 */
    bool jump_latched;                   /* a press no tick has read yet */
    bool last_jump_held;                 /* the jump_held of the last intent handed out */
    bool pad_last; /* the last press was a gamepad's (a button, a stick pushed),
                                 not a key: the screens then name buttons */
} Controls;

/* Arrows and WASD move; Space, Z, K or Up jump; Esc pauses; R restarts.
** F11 toggles full screen. Pad: the d-pad and the left stick move, A jumps,
** Start pauses, Back restarts. */
void controls_default_bindings(ControlBindings *bind);

/* What a change of the controls screen did. */
typedef enum ControlsEdit {
    CONTROLS_ADDED,     /* the action had room: the key (button) is one more of its own */
    CONTROLS_REPLACED,  /* it took the place of one the player chose, `old` */
    CONTROLS_REMOVED,   /* it was the action's already: it is not any more */
    CONTROLS_KEPT_LAST, /* it was the action's only one: kept, or the action could not be done */
    CONTROLS_FULL,      /* the action has no room: nothing changed until the player
                             chooses which one it replaces (controls_replace_*) */
} ControlsEdit;

typedef struct ControlsEditResult {
    ControlsEdit what;
    int old;        /* CONTROLS_REPLACED: the key (or button) it replaced */
    int taken_from; /* the action that had it before and lost it, or -1 */
} ControlsEditResult;

/* The controls screen's edit: a key already the action's is removed (unless
** it is the action's last key); another is added at the end of the
** action's keys, unless it has CONTROLS_KEYS already (CONTROLS_FULL: then
** nothing changes, and the screen asks which one it replaces). A key that
** another action had is taken from it (Up may stay both up and jump). */
ControlsEditResult controls_edit_key(ControlBindings *bind, ControlAction action, SDL_Scancode key);
/* A full action's key in `slot` (0 to its count - 1) replaced by key, which
** is taken from whoever had it; CONTROLS_KEPT_LAST, nothing changed, for a
** slot it has not. A key the action has already is removed instead, as
** controls_edit_key does. */
ControlsEditResult controls_replace_key(ControlBindings *bind, ControlAction action, int slot,
                                        SDL_Scancode key);
/* The same for a gamepad button (an action's last binding may be a stick's
** half: a button is then removable; the slots are its buttons'). */
ControlsEditResult controls_edit_button(ControlBindings *bind, ControlAction action,
                                        SDL_GameControllerButton button);
ControlsEditResult controls_replace_button(ControlBindings *bind, ControlAction action, int slot,
                                           SDL_GameControllerButton button);

/* How many keys (buttons and stick halves) the action has. */
int controls_key_count(const ControlBindings *bind, ControlAction action);
int controls_pad_count(const ControlBindings *bind, ControlAction action);

void controls_init(Controls *c, const ControlBindings *bind);
/* Feeds one event; returns what it pressed. Events other than keys and
** controller buttons and axes are ignored. */
ControlsResult controls_event(Controls *c, const SDL_Event *ev);
/* The intent for the next tick; consumes the latched jump press. */
InputIntent controls_tick(Controls *c);
/* What a press of key means to menus with these bindings: the arrows,
** Enter, Space, Esc and Backspace always mean the same; any other key
** what its actions do (jump: OK, pause: Back, up, down, left, right). */
MenuInput controls_key_menu(const ControlBindings *bind, SDL_Scancode key);
/* Forgets everything held (focus lost, controller removed, a menu opened). */
void controls_release_all(Controls *c);

/* Display name of an action ("Jump"). */
const char *controls_action_name(ControlAction action);

#endif
