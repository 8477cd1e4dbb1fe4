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

/* Writes every action's keys, buttons and axis halves into the settings by
** name; an action with nothing bound gets an empty list. */
void bindings_to_settings(const ControlBindings *bind, Settings *s);

#endif
