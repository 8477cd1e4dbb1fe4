/*
** settings.c -- settings.json: defaults, strict reading, writing.
**
** {
**   "format": 1,
**   "window_scale": 0, "fullscreen": false, "vsync": true,
**   "master_volume": 80, "sfx_volume": 100, "mute": false,
**   "debug_overlay": false,
**   "keys":    { "left": ["Left", "A"], ... },
**   "gamepad": { "left": ["dpleft", "leftx-"], ... }
** }
**
** An action missing from "keys" or "gamepad" keeps its default bindings;
** an empty list leaves it unbound, and is written back as an empty list.
** Older versions also wrote "show_fps"; it is still read, and true turns
** the debug overlay on, where the frame rate is shown.
*/
#include "settings.h"

#include "save_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

enum { SETTINGS_FORMAT = 1 };

static const char *const ACTION_NAMES[ACTION_COUNT] = {
    "left", "right", "up", "down", "jump", "pause", "restart", "fullscreen",
};

const char *settings_action_name(SettingsAction action)
{
    if ((int)action < 0 || action >= ACTION_COUNT)
        return NULL;
    return ACTION_NAMES[action];
}

int settings_action_from_name(const char *name)
{
    for (int i = 0; i < ACTION_COUNT; i++)
        if (strcmp(ACTION_NAMES[i], name) == 0)
            return i;
    return -1;
}

/* SDL key names are short printable text, some with spaces ("Left Shift",
** "Keypad 1"), some punctuation ("\\", "'"), some non-ASCII letters on
** other keyboard layouts. */
static bool check_key_name(const char *s, size_t cap, const char **why)
{
    if (!save_valid_text(s, cap, why)) {
        if (strcmp(*why, "text too long") == 0)
            *why = "key name too long";
        return false;
    }
    return true;
}

/* SDL game controller names are lower-case ASCII ("dpup", "paddle1");
** an axis half adds '+' or '-' at the end. */
static bool check_button_name(const char *s, size_t cap, const char **why)
{
    size_t n = strlen(s);
    if (n == 0 || n >= cap) {
        *why = n == 0 ? "empty button name" : "button name too long";
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        bool sign = (c == '+' || c == '-') && i == n - 1 && i > 0;
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || sign)) {
            *why = "a button name may use only a-z and 0-9, then '+' or '-' for a stick direction";
            return false;
        }
    }
    return true;
}

bool settings_valid_key_name(const char *name)
{
    const char *why;
    return name != NULL && check_key_name(name, SETTINGS_NAME_MAX, &why);
}

bool settings_valid_button_name(const char *name)
{
    const char *why;
    return name != NULL && check_button_name(name, SETTINGS_NAME_MAX, &why);
}

int settings_binding_count(const SettingsBinding *b)
{
    int n = 0;
    while (n < SETTINGS_BINDINGS_MAX && b->names[n][0] != '\0')
        n++;
    return n;
}

static bool bind(SettingsBinding *b, SaveStringCheck check, const char *const *names, int count)
{
    if (count < 0 || count > SETTINGS_BINDINGS_MAX)
        return false;
    const char *why;
    for (int i = 0; i < count; i++) {
        if (names[i] == NULL || !check(names[i], SETTINGS_NAME_MAX, &why))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(names[i], names[j]) == 0)
                return false;
    }
    SettingsBinding nb = {0};
    for (int i = 0; i < count; i++)
        strcpy(nb.names[i], names[i]);
    *b = nb;
    return true;
}

bool settings_bind_keys(Settings *s, SettingsAction action, const char *const *names, int count)
{
    assert((int)action >= 0 && action < ACTION_COUNT);
    return bind(&s->keys[action], check_key_name, names, count);
}

bool settings_bind_buttons(Settings *s, SettingsAction action, const char *const *names, int count)
{
    assert((int)action >= 0 && action < ACTION_COUNT);
    return bind(&s->buttons[action], check_button_name, names, count);
}

void settings_defaults(Settings *s)
{
    static const char *const keys[ACTION_COUNT][SETTINGS_BINDINGS_MAX] = {
        [ACTION_LEFT] = {"Left", "A"},
        [ACTION_RIGHT] = {"Right", "D"},
        [ACTION_UP] = {"Up", "W"},
        [ACTION_DOWN] = {"Down", "S"},
        [ACTION_JUMP] = {"Space", "Z", "K", "Up"},
        [ACTION_PAUSE] = {"Escape"},
        [ACTION_RESTART] = {"R"},
        [ACTION_FULLSCREEN] = {"F11"},
    };
    static const char *const buttons[ACTION_COUNT][SETTINGS_BINDINGS_MAX] = {
        [ACTION_LEFT] = {"dpleft", "leftx-"},
        [ACTION_RIGHT] = {"dpright", "leftx+"},
        [ACTION_UP] = {"dpup", "lefty-"},
        [ACTION_DOWN] = {"dpdown", "lefty+"},
        [ACTION_JUMP] = {"a"},
        [ACTION_PAUSE] = {"start"},
        [ACTION_RESTART] = {"back"},
    };
    *s = (Settings){
        .window_scale = 0,
        .fullscreen = false,
        .vsync = true,
        .master_volume = 80,
        .sfx_volume = 100,
        .mute = false,
        .debug_overlay = false,
    };
    for (int a = 0; a < ACTION_COUNT; a++) {
        for (int i = 0; i < SETTINGS_BINDINGS_MAX; i++) {
            if (keys[a][i] != NULL)
                strcpy(s->keys[a].names[i], keys[a][i]);
            if (buttons[a][i] != NULL)
                strcpy(s->buttons[a].names[i], buttons[a][i]);
        }
    }
}

/* ---------------------------------------------------------------- reading */

/* A member that may be missing: then *out keeps its default. */
static void read_bool(JsonDoc *doc, const cJSON *obj, const char *key, bool *out)
{
    const cJSON *v = json_get(obj, key);
    if (v != NULL)
        json_want_bool(doc, v, out);
}

static void read_int(JsonDoc *doc, const cJSON *obj, const char *key, int hi, int *out)
{
    long x;
    const cJSON *v = json_get(obj, key);
    if (v != NULL && json_want_int(doc, v, 0, hi, &x))
        *out = (int)x;
}

/* "keys" or "gamepad": an object of action name -> list of names. */
static void read_bindings(JsonDoc *doc, const cJSON *root, const char *key,
                          SaveStringCheck check, SettingsBinding *out)
{
    const cJSON *obj = json_get(root, key);
    if (obj == NULL || !json_want_object(doc, obj))
        return;
    json_check_keys(doc, obj, ACTION_NAMES, ACTION_COUNT);
    for (const cJSON *act = obj->child; act != NULL; act = act->next) {
        int a = settings_action_from_name(act->string);
        if (a < 0 || !json_want_array(doc, act))
            continue;
        int n = cJSON_GetArraySize(act);
        if (n > SETTINGS_BINDINGS_MAX) {
            json_error(doc, act, "at most %d names, got %d", SETTINGS_BINDINGS_MAX, n);
            continue;
        }
        SettingsBinding b = {0};
        int i = 0;
        for (const cJSON *item = act->child; item != NULL; item = item->next, i++) {
            if (!save_want_string(doc, item, check, b.names[i], SETTINGS_NAME_MAX))
                continue;
            for (int j = 0; j < i; j++) {
                if (strcmp(b.names[j], b.names[i]) == 0) {
                    json_error(doc, item, "\"%s\" is listed twice", b.names[i]);
                    break;
                }
            }
        }
        out[a] = b;
    }
}

/* Reads root into *s; false when anything was reported (a part of *s may
** have been written). */
static bool read_settings(JsonDoc *doc, Settings *s)
{
    static const char *const known[] = {
        "format", "window_scale", "fullscreen", "vsync", "master_volume", "sfx_volume",
        "mute", "show_fps", "debug_overlay", "keys", "gamepad",
    };
    const cJSON *root = doc->root;
    int before = doc->sink->count;
    long format;
    if (!json_want_int(doc, json_need(doc, root, "format"), 1, 1000000, &format))
        return false;
    if (format != SETTINGS_FORMAT) {
        /* Another format's fields may mean other things: read none. */
        json_error(doc, json_get(root, "format"), "this version reads format %d, not %ld",
                   SETTINGS_FORMAT, format);
        return false;
    }
    bool show_fps = false;
    json_check_keys(doc, root, known, SAVE_COUNT(known));
    read_int(doc, root, "window_scale", SETTINGS_SCALE_MAX, &s->window_scale);
    read_bool(doc, root, "fullscreen", &s->fullscreen);
    read_bool(doc, root, "vsync", &s->vsync);
    read_int(doc, root, "master_volume", SETTINGS_VOLUME_MAX, &s->master_volume);
    read_int(doc, root, "sfx_volume", SETTINGS_VOLUME_MAX, &s->sfx_volume);
    read_bool(doc, root, "mute", &s->mute);
    read_bool(doc, root, "show_fps", &show_fps);
    read_bool(doc, root, "debug_overlay", &s->debug_overlay);
    read_bindings(doc, root, "keys", check_key_name, s->keys);
    read_bindings(doc, root, "gamepad", check_button_name, s->buttons);
    s->debug_overlay = s->debug_overlay || show_fps;
    return doc->sink->count == before;
}

SaveLoad settings_load(const char *path, Settings *s, char *msg, size_t msglen)
{
    SaveReader r;
    settings_defaults(s);
    SaveLoad result = save_load_json(path, "settings", &r, msg, msglen);
    if (result == SAVE_LOADED) {
        /* Read into a scratch copy so a rejected file leaves pure defaults. */
        Settings tmp = *s;
        if (read_settings(&r.doc, &tmp))
            *s = tmp;
        else
            result = save_recover(path, "settings", r.problem, msg, msglen);
    }
    save_reader_fini(&r);
    return result;
}

bool settings_parse(const char *text, size_t len, Settings *s, char *err, size_t errlen)
{
    SaveReader r;
    settings_defaults(s);
    save_reader_init(&r);
    Settings tmp = *s;
    bool ok = save_reader_parse(&r, text, len) && read_settings(&r.doc, &tmp);
    if (ok)
        *s = tmp;
    else
        snprintf(err, errlen, "%s", r.problem);
    save_reader_fini(&r);
    return ok;
}

/* ---------------------------------------------------------------- writing */

static bool valid_binding(const SettingsBinding *b, SaveStringCheck check)
{
    const char *why;
    int n = settings_binding_count(b);
    for (int i = 0; i < n; i++) {
        if (memchr(b->names[i], '\0', SETTINGS_NAME_MAX) == NULL
            || !check(b->names[i], SETTINGS_NAME_MAX, &why))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(b->names[i], b->names[j]) == 0)
                return false;
    }
    return true;
}

static void write_bindings(SaveBuf *b, const char *key, const SettingsBinding *bindings, bool last)
{
    save_buf_printf(b, "  \"%s\": {\n", key);
    for (int a = 0; a < ACTION_COUNT; a++) {
        save_buf_printf(b, "    \"%s\": [", ACTION_NAMES[a]);
        int n = settings_binding_count(&bindings[a]);
        for (int i = 0; i < n; i++) {
            if (i > 0)
                save_buf_puts(b, ", ");
            save_buf_string(b, bindings[a].names[i]);
        }
        save_buf_puts(b, a + 1 < ACTION_COUNT ? "],\n" : "]\n");
    }
    save_buf_puts(b, last ? "  }\n" : "  },\n");
}

bool settings_save(const char *path, const Settings *s, char *err, size_t errlen)
{
    if (s->window_scale < 0 || s->window_scale > SETTINGS_SCALE_MAX
        || s->master_volume < 0 || s->master_volume > SETTINGS_VOLUME_MAX
        || s->sfx_volume < 0 || s->sfx_volume > SETTINGS_VOLUME_MAX) {
        snprintf(err, errlen, "cannot save %s: a value is out of range", path);
        return false;
    }
    for (int a = 0; a < ACTION_COUNT; a++) {
        if (!valid_binding(&s->keys[a], check_key_name)
            || !valid_binding(&s->buttons[a], check_button_name)) {
            snprintf(err, errlen, "cannot save %s: a binding of \"%s\" is malformed",
                     path, ACTION_NAMES[a]);
            return false;
        }
    }
    SaveBuf b = {0};
    save_buf_printf(&b, "{\n  \"format\": %d,\n", SETTINGS_FORMAT);
    save_buf_printf(&b, "  \"window_scale\": %d,\n", s->window_scale);
    save_buf_printf(&b, "  \"fullscreen\": %s,\n", s->fullscreen ? "true" : "false");
    save_buf_printf(&b, "  \"vsync\": %s,\n", s->vsync ? "true" : "false");
    save_buf_printf(&b, "  \"master_volume\": %d,\n", s->master_volume);
    save_buf_printf(&b, "  \"sfx_volume\": %d,\n", s->sfx_volume);
    save_buf_printf(&b, "  \"mute\": %s,\n", s->mute ? "true" : "false");
    save_buf_printf(&b, "  \"debug_overlay\": %s,\n", s->debug_overlay ? "true" : "false");
    write_bindings(&b, "keys", s->keys, false);
    write_bindings(&b, "gamepad", s->buttons, true);
    save_buf_puts(&b, "}\n");
    bool ok = save_buf_commit(&b, path, err, errlen);
    save_buf_fini(&b);
    return ok;
}
