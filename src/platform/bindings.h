/* SPDX-License-Identifier: Zlib */
/*
** bindings.h -- the player's bindings between the names settings.json keeps
** ("Space", "a", "leftx-") and the codes the controls use.
*/
#ifndef BINDINGS_H
#define BINDINGS_H

#include "controls.h"
#include "settings.h"

/* The controls' bindings for the settings. Every action is taken as the
** settings have it: one with no names is unbound (settings_load has already
** given the defaults to actions a file leaves out). Names SDL does not know,
** and names past what an action can hold, are dropped. */
void bindings_from_settings(const Settings *s, ControlBindings *bind);

/* The names SDL knows, for settings_load to tell a misspelt key or button
** name ("Spcae") from a real one. Caller-owned; known points into it. */
typedef struct BindingNames {
    const char *keys[SDL_NUM_SCANCODES];
    const char *buttons[SDL_CONTROLLER_BUTTON_MAX + 2 * SDL_CONTROLLER_AXIS_MAX];
    char halves[2 * SDL_CONTROLLER_AXIS_MAX][SETTINGS_NAME_MAX]; /* "leftx-", "leftx+", ... */
    SettingsKnownNames known;
} BindingNames;

void bindings_known_names(BindingNames *out);

/* Writes every action's keys, buttons and axis halves into the settings by
** name; an action with nothing bound gets an empty list. */
void bindings_to_settings(const ControlBindings *bind, Settings *s);

#endif
