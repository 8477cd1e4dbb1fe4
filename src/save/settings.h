/* SPDX-License-Identifier: Zlib */
/*
** settings.h -- the player's options: video, sound, controls, debug views.
**
** Stored as settings.json. Key bindings are SDL key names ("Left", "A",
** "Space"); gamepad bindings are SDL game controller button names ("a",
** "start", "dpup") or halves of an axis: the axis name and a sign,
** "leftx-" for the left stick pushed left. The platform layer turns names
** into codes; this module keeps well-formed strings, and when it is told
** which names exist (SettingsKnownNames) those only. An action with no
** names is unbound.
*/
#ifndef SETTINGS_H
#define SETTINGS_H

#include "save.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum SettingsAction {
    ACTION_LEFT,
    ACTION_RIGHT,
    ACTION_UP,
    ACTION_DOWN,
    ACTION_JUMP,
    ACTION_PAUSE,
    ACTION_RESTART,
    ACTION_FULLSCREEN,
    ACTION_COUNT
} SettingsAction;

enum {
    SETTINGS_BINDINGS_MAX = 4, /* keys (or buttons) per action */
    SETTINGS_NAME_MAX = 32,    /* bytes of a key or button name, with the NUL */
    SETTINGS_SCALE_MAX = 8,    /* window scale 1..8; 0 fits the screen */
    SETTINGS_SCALE_FILL = -1,  /* the view fills the window at any scale, letterboxed */
    SETTINGS_VOLUME_MAX = 100,
    SETTINGS_SPEED_MIN = 50,  /* the Assist's game speed, percent: 50..100 ... */
    SETTINGS_SPEED_STEP = 10, /* ... in steps of 10 */
};

/* Names of one action's bindings; unused slots are "" after the used ones. */
typedef struct SettingsBinding {
    char names[SETTINGS_BINDINGS_MAX][SETTINGS_NAME_MAX];
} SettingsBinding;

typedef struct Settings {
    int window_scale; /* 0 = fit the screen, 1..SETTINGS_SCALE_MAX, or
                                SETTINGS_SCALE_FILL ("fill" in the file) */
    bool fullscreen;
    bool vsync;        /* present in step with the display; read when the window opens */
    int master_volume; /* 0..100 */
    int sfx_volume;    /* 0..100 */
    int music_volume;  /* 0..100 */
    bool mute;
    bool debug_overlay; /* the F3 overlay: frame rate, tick time, entities, draw calls */
    /* Options > Assist, all off by default */
    int game_speed;  /* percent of real time the game runs at: 50..100, steps of 10 */
    bool invincible; /* hazards do not kill; a fall puts Pip back on the ground */
    bool all_levels; /* every level of the level select open */
    SettingsBinding keys[ACTION_COUNT];
    SettingsBinding buttons[ACTION_COUNT];
} Settings;

/* Arrows and WASD move; Space, Z, K and Up jump; Escape pauses; R restarts;
** F11 toggles full screen. On a gamepad the d-pad and the left stick move,
** A jumps, Start pauses, Back restarts. */
void settings_defaults(Settings *s);

/* The names the controls can bind, to tell a misspelt key or button name
** from a real one (the platform layer fills it from SDL, whose names these
** are; matching ignores case, as SDL's does). A NULL list lets every
** well-formed name through. Neither the lists nor their strings (none
** NULL) are owned. */
typedef struct SettingsKnownNames {
    const char *const *keys; /* key names: "Space", "Left", "Keypad 1" */
    int key_count;
    const char *const *buttons; /* button names and axis halves: "a", "leftx-" */
    int button_count;
} SettingsKnownNames;

/* Reads settings.json. Always leaves *s usable, and adds to notices (may be
** NULL) a line for each thing it did not take as written:
** - a missing file gives the defaults silently;
** - one that is not JSON, or of a newer format, gives the defaults, is
**   renamed to PATH.bad-N, and one notice says why;
** - one that cannot be read (EACCES, EMFILE, EIO) gives the defaults for
**   now, is left as it is, and one notice says why (SAVE_UNREADABLE);
** - otherwise each field stands alone: one that is wrong takes its default
**   ("PATH:4:19: master_volume: expected an integer from 0 to 100, got 250;
**   using 80") and every other value is kept. In the bindings a name that is
**   malformed, repeated, or unknown to known (with a "did you mean" hint) is
**   left out and the action keeps its other names; an action left with none
**   of the names it listed keeps its defaults. An unknown key is ignored.
** A field that is absent takes its default, so older files keep working
** when options are added; an action the file leaves out keeps its default
** bindings. The file is not changed: the game's next save rewrites it.
** Temporary files that a save killed half way left beside it are removed. */
SaveLoad settings_load(const char *path, const SettingsKnownNames *known, Settings *s,
                       SaveNotices *notices);

/* The same rules on text in memory, with no file touched: for tests and
** fuzzing; notices name no file. Returns false when the text is refused as
** a whole (then *s holds the defaults and one notice says why). */
bool settings_parse(const char *text, size_t len, const SettingsKnownNames *known, Settings *s,
                    SaveNotices *notices);

/* Writes settings.json atomically. Returns false with a message if a value
** is out of range, a name is malformed or the write fails; the old file is
** then unchanged. */
bool settings_save(const char *path, const Settings *s, char *err, size_t errlen);

/* "left", "right", ..., "fullscreen"; NULL when out of range. */
const char *settings_action_name(SettingsAction action);
/* The action of that name, or -1. */
int settings_action_from_name(const char *name);

/* Whether a name may be stored as a key or as a gamepad binding. */
bool settings_valid_key_name(const char *name);
bool settings_valid_button_name(const char *name);

/* Replaces one action's keys (or buttons) with up to SETTINGS_BINDINGS_MAX
** names. Returns false, changing nothing, if a name is malformed, repeated,
** or there are too many. */
bool settings_bind_keys(Settings *s, SettingsAction action, const char *const *names, int count);
bool settings_bind_buttons(Settings *s, SettingsAction action, const char *const *names, int count);

/* Count of bindings in use. */
int settings_binding_count(const SettingsBinding *b);

#endif
