/* SPDX-License-Identifier: Zlib */
/*
** bindings.c -- settings' binding names to and from the controls' codes.
**
** A gamepad list holds button names and axis halves ("leftx-") together;
** they are told apart by SDL's names for buttons, and written back buttons
** first. Nothing falls back to the defaults here: an empty list in the
** settings is an unbound action, and stays one across a save and a load.
*/
#include "bindings.h"

#include <stdio.h>
#include <string.h>

/* The two enums name the same actions in the same order. */
_Static_assert((int)ACT_COUNT == (int)ACTION_COUNT, "one action list");
_Static_assert((int)ACT_LEFT == (int)ACTION_LEFT && (int)ACT_RIGHT == (int)ACTION_RIGHT &&
                   (int)ACT_UP == (int)ACTION_UP && (int)ACT_DOWN == (int)ACTION_DOWN &&
                   (int)ACT_JUMP == (int)ACTION_JUMP && (int)ACT_PAUSE == (int)ACTION_PAUSE &&
                   (int)ACT_RESTART == (int)ACTION_RESTART &&
                   (int)ACT_FULLSCREEN == (int)ACTION_FULLSCREEN,
               "actions in the same order");
_Static_assert((int)CONTROLS_KEYS <= (int)SETTINGS_BINDINGS_MAX &&
                   (int)CONTROLS_BUTTONS + (int)CONTROLS_AXES <= (int)SETTINGS_BINDINGS_MAX,
               "every binding fits in the settings");

/* "leftx-": an axis name, then the sign of the half. */
static bool parse_axis(const char *name, ControlAxis *out)
{
    size_t n = strlen(name);
    if (n < 2 || n >= SETTINGS_NAME_MAX || (name[n - 1] != '+' && name[n - 1] != '-'))
        return false;
    char axis[SETTINGS_NAME_MAX];
    memcpy(axis, name, n - 1);
    axis[n - 1] = '\0';
    SDL_GameControllerAxis a = SDL_GameControllerGetAxisFromString(axis);
    if (a == SDL_CONTROLLER_AXIS_INVALID)
        return false;
    *out = (ControlAxis){a, name[n - 1] == '+' ? 1 : -1};
    return true;
}

void bindings_from_settings(const Settings *s, ControlBindings *bind)
{
    for (int a = 0; a < ACT_COUNT; a++) {
        int k = 0, b = 0, x = 0;
        for (int i = 0; i < CONTROLS_KEYS; i++)
            bind->keys[a][i] = SDL_SCANCODE_UNKNOWN;
        for (int i = 0; i < CONTROLS_BUTTONS; i++)
            bind->buttons[a][i] = SDL_CONTROLLER_BUTTON_INVALID;
        for (int i = 0; i < CONTROLS_AXES; i++)
            bind->axes[a][i] = (ControlAxis){SDL_CONTROLLER_AXIS_INVALID, 0};

        const SettingsBinding *keys = &s->keys[a];
        for (int i = 0; i < settings_binding_count(keys) && k < CONTROLS_KEYS; i++) {
            SDL_Scancode code = SDL_GetScancodeFromName(keys->names[i]);
            if (code != SDL_SCANCODE_UNKNOWN)
                bind->keys[a][k++] = code;
        }
        const SettingsBinding *pad = &s->buttons[a];
        for (int i = 0; i < settings_binding_count(pad); i++) {
            SDL_GameControllerButton button = SDL_GameControllerGetButtonFromString(pad->names[i]);
            ControlAxis half;
            if (button != SDL_CONTROLLER_BUTTON_INVALID) {
                if (b < CONTROLS_BUTTONS)
                    bind->buttons[a][b++] = button;
            } else if (parse_axis(pad->names[i], &half) && x < CONTROLS_AXES) {
                bind->axes[a][x++] = half;
            }
        }
    }
}

/* Appends name to a list of unique names, if the settings may store it. */
static void add_name(char names[][SETTINGS_NAME_MAX], const char **list, int *n, const char *name,
                     bool (*valid)(const char *))
{
    if (!name || *n >= SETTINGS_BINDINGS_MAX || strlen(name) >= SETTINGS_NAME_MAX || !valid(name))
        return;
    for (int j = 0; j < *n; j++)
        if (strcmp(list[j], name) == 0)
            return;
    strcpy(names[*n], name);
    list[*n] = names[*n];
    (*n)++;
}

void bindings_to_settings(const ControlBindings *bind, Settings *s)
{
    for (int a = 0; a < ACT_COUNT; a++) {
        char names[SETTINGS_BINDINGS_MAX][SETTINGS_NAME_MAX];
        const char *list[SETTINGS_BINDINGS_MAX];
        int n = 0;
        for (int k = 0; k < CONTROLS_KEYS; k++)
            if (bind->keys[a][k] != SDL_SCANCODE_UNKNOWN)
                add_name(names, list, &n, SDL_GetScancodeName(bind->keys[a][k]),
                         settings_valid_key_name);
        settings_bind_keys(s, (SettingsAction)a, list, n);

        n = 0;
        for (int b = 0; b < CONTROLS_BUTTONS; b++)
            if (bind->buttons[a][b] != SDL_CONTROLLER_BUTTON_INVALID)
                add_name(names, list, &n, SDL_GameControllerGetStringForButton(bind->buttons[a][b]),
                         settings_valid_button_name);
        for (int x = 0; x < CONTROLS_AXES; x++) {
            ControlAxis half = bind->axes[a][x];
            const char *axis = half.axis != SDL_CONTROLLER_AXIS_INVALID
                                   ? SDL_GameControllerGetStringForAxis(half.axis)
                                   : NULL;
            char name[SETTINGS_NAME_MAX];
            if (axis && half.sign != 0 &&
                snprintf(name, sizeof name, "%s%c", axis, half.sign > 0 ? '+' : '-') <
                    (int)sizeof name)
                add_name(names, list, &n, name, settings_valid_button_name);
        }
        settings_bind_buttons(s, (SettingsAction)a, list, n);
    }
}

void bindings_known_names(BindingNames *out)
{
    int k = 0, b = 0;
    for (int sc = 0; sc < SDL_NUM_SCANCODES; sc++) {
        const char *name = SDL_GetScancodeName((SDL_Scancode)sc);
        if (name != NULL && name[0] != '\0')
            out->keys[k++] = name;
    }
    for (int i = 0; i < SDL_CONTROLLER_BUTTON_MAX; i++) {
        const char *name = SDL_GameControllerGetStringForButton((SDL_GameControllerButton)i);
        if (name != NULL && name[0] != '\0')
            out->buttons[b++] = name;
    }
    int h = 0;
    for (int i = 0; i < SDL_CONTROLLER_AXIS_MAX; i++) {
        const char *axis = SDL_GameControllerGetStringForAxis((SDL_GameControllerAxis)i);
        if (axis == NULL || axis[0] == '\0')
            continue;
        for (int sign = 0; sign < 2; sign++) {
            snprintf(out->halves[h], sizeof out->halves[h], "%s%c", axis, sign ? '+' : '-');
            out->buttons[b++] = out->halves[h++];
        }
    }
    out->known = (SettingsKnownNames){out->keys, k, out->buttons, b};
}
