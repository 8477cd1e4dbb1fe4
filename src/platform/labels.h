/* SPDX-License-Identifier: Zlib */
/*
** labels.h -- what the screens call keys, buttons and the bindings of each
** action: the controls screen's lists and the title's hint are written
** from the bindings in force, never from a fixed text.
*/
#ifndef LABELS_H
#define LABELS_H

#include "controls.h"

#include <stddef.h>

/* A key as its cap reads: SDL's name in capitals ("SPACE", "LEFT", "A"). */
void labels_key(SDL_Scancode key, char *out, size_t cap);
/* A gamepad button ("A", "START", "D-PAD LEFT") or a stick's or trigger's
** half ("STICK LEFT", "RIGHT STICK UP", "LEFT TRIGGER"). */
void labels_button(SDL_GameControllerButton button, char *out, size_t cap);

/* Every key of the action (pad: every button, then stick half), joined by
** sep, the last by last ("SPACE, Z, K, UP"; "SPACE, Z, K or UP"); "NONE"
** when it has none. */
void labels_action(const ControlBindings *bind, ControlAction action, bool pad, const char *sep,
                   const char *last, char *out, size_t cap);

/* A sign's text as the player reads it: each {jump}, {left}, {right}, {up},
** {down}, {pause} (any action's name in lower case, "{full screen}" too)
** becomes that action's bindings as a sentence names them ("SPACE", "LEFT
** or A", "SPACE, Z, K or UP"); any other {...}, and a '{' with no '}', is
** left as it is. out is always terminated; what does not fit in cap is cut. */
void labels_fill_text(const ControlBindings *bind, bool pad, const char *text, char *out,
                      size_t cap);

/* The keys that say OK and Back to a card, as it names them: the first key
** of jump that menus take as OK ("SPACE"; "ENTER" when none is), the first
** of pause taken as Back ("ESCAPE" when none is); with a pad, its A and B. */
void labels_menu_keys(const ControlBindings *bind, bool pad, char *ok, char *back, size_t cap);

/* The title's line of controls: how to move, jump and pause with the keys
** bound now ("ARROWS, A/D MOVE   SPACE, Z, K, UP JUMP   ESCAPE PAUSE"). Left
** and right keys in the same place of their lists go as a pair ("A/D"; the
** two arrows are "ARROWS"). */
void labels_controls_hint(const ControlBindings *bind, char *out, size_t cap);

#endif
