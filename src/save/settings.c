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

/* "keys" or "gamepad": an object of action name -> list of names. */
static bool read_bindings(const cJSON *root, const char *key, SaveStringCheck check,
                          SettingsBinding *out, char *err, size_t errlen)
{
    const cJSON *obj = cJSON_GetObjectItemCaseSensitive(root, key);
    if (obj == NULL)
        return true;
    if (!cJSON_IsObject(obj)) {
        snprintf(err, errlen, "\"%s\" must be an object of action -> list of names", key);
        return false;
    }
    for (const cJSON *act = obj->child; act != NULL; act = act->next) {
        int a = settings_action_from_name(act->string);
        if (a < 0) {
            snprintf(err, errlen, "unknown action \"%s.%s\" (actions: left, right, up, down,"
                     " jump, pause, restart, fullscreen)", key, act->string);
            return false;
        }
        if (!cJSON_IsArray(act)) {
            snprintf(err, errlen, "\"%s.%s\" must be a list of names like [\"%s\"]",
                     key, act->string, check == check_key_name ? "Space" : "a");
            return false;
        }
        int n = cJSON_GetArraySize(act);
        if (n > SETTINGS_BINDINGS_MAX) {
            snprintf(err, errlen, "\"%s.%s\" has %d names; at most %d", key, act->string,
                     n, SETTINGS_BINDINGS_MAX);
            return false;
        }
        SettingsBinding b = {0};
        int i = 0;
        for (const cJSON *item = act->child; item != NULL; item = item->next, i++) {
            const char *why;
            if (!cJSON_IsString(item) || item->valuestring == NULL) {
                snprintf(err, errlen, "\"%s.%s[%d]\" must be a string", key, act->string, i);
                return false;
            }
            if (!check(item->valuestring, SETTINGS_NAME_MAX, &why)) {
                snprintf(err, errlen, "\"%s.%s[%d]\": %s", key, act->string, i, why);
                return false;
            }
            for (int j = 0; j < i; j++) {
                if (strcmp(b.names[j], item->valuestring) == 0) {
                    snprintf(err, errlen, "\"%s.%s\" lists \"%s\" twice", key, act->string,
                             item->valuestring);
                    return false;
                }
            }
            strcpy(b.names[i], item->valuestring);
        }
        out[a] = b;
    }
    return true;
}

static bool read_settings(const cJSON *root, Settings *s, char *err, size_t errlen)
{
    static const char *const known[] = {
        "format", "window_scale", "fullscreen", "vsync", "master_volume", "sfx_volume",
        "mute", "show_fps", "debug_overlay", "keys", "gamepad", NULL,
    };
    int64_t format = 0, scale = s->window_scale, master = s->master_volume, sfx = s->sfx_volume;
    bool show_fps = false;
    if (!save_get_int(root, "", "format", true, 1, 1000000, &format, err, errlen))
        return false;
    if (format != SETTINGS_FORMAT) {
        snprintf(err, errlen, "\"format\" is %lld; this version reads format %d",
                 (long long)format, SETTINGS_FORMAT);
        return false;
    }
    if (!save_only_keys(root, "", known, err, errlen)
        || !save_get_int(root, "", "window_scale", false, 0, SETTINGS_SCALE_MAX, &scale, err, errlen)
        || !save_get_bool(root, "", "fullscreen", false, &s->fullscreen, err, errlen)
        || !save_get_bool(root, "", "vsync", false, &s->vsync, err, errlen)
        || !save_get_int(root, "", "master_volume", false, 0, SETTINGS_VOLUME_MAX, &master, err, errlen)
        || !save_get_int(root, "", "sfx_volume", false, 0, SETTINGS_VOLUME_MAX, &sfx, err, errlen)
        || !save_get_bool(root, "", "mute", false, &s->mute, err, errlen)
        || !save_get_bool(root, "", "show_fps", false, &show_fps, err, errlen)
        || !save_get_bool(root, "", "debug_overlay", false, &s->debug_overlay, err, errlen)
        || !read_bindings(root, "keys", check_key_name, s->keys, err, errlen)
        || !read_bindings(root, "gamepad", check_button_name, s->buttons, err, errlen))
        return false;
    s->window_scale = (int)scale;
    s->master_volume = (int)master;
    s->sfx_volume = (int)sfx;
    s->debug_overlay = s->debug_overlay || show_fps;
    return true;
}

SaveLoad settings_load(const char *path, Settings *s, char *msg, size_t msglen)
{
    cJSON *root;
    settings_defaults(s);
    SaveLoad r = save_load_json(path, "settings", &root, msg, msglen);
    if (r != SAVE_LOADED)
        return r;
    /* Parse into a scratch copy so a rejected file leaves pure defaults. */
    Settings tmp = *s;
    char problem[512];
    bool ok = read_settings(root, &tmp, problem, sizeof problem);
    cJSON_Delete(root);
    if (!ok)
        return save_recover(path, "settings", problem, msg, msglen);
    *s = tmp;
    return SAVE_LOADED;
}

bool settings_parse(const char *text, size_t len, Settings *s, char *err, size_t errlen)
{
    settings_defaults(s);
    cJSON *root = save_parse_json(text, len, err, errlen);
    if (root == NULL)
        return false;
    Settings tmp = *s;
    bool ok = read_settings(root, &tmp, err, errlen);
    cJSON_Delete(root);
    if (ok)
        *s = tmp;
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
