/* SPDX-License-Identifier: Zlib */
/*
** settings.c -- settings.json: defaults, strict reading, writing.
**
** {
**   "format": 1,
**   "window_scale": 0, "fullscreen": false, "vsync": true,
**   "master_volume": 80, "sfx_volume": 100, "music_volume": 70, "mute": false,
**   "debug_overlay": false,
**   "game_speed": 100, "invincible": false, "all_levels": false,
**   "keys":    { "left": ["Left", "A"], ... },
**   "gamepad": { "left": ["dpleft", "leftx-"], ... }
** }
**
** An action missing from "keys" or "gamepad" keeps its default bindings;
** an empty list leaves it unbound, and is written back as an empty list.
** The file is edited by hand, so reading forgives: each field that is wrong
** takes its default alone and says so in a notice (settings.h).
** Older versions also wrote "show_fps"; it is still read, and true turns
** the debug overlay on, where the frame rate is shown. window_scale is 0
** (fit), a whole scale, or "fill"; game_speed, invincible and all_levels are
** the Assist's (absent from older files: off).
*/
#define _POSIX_C_SOURCE 200809L /* strcasecmp */
#include "settings.h"

#include "save_internal.h"

#include "json_message.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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

static bool valid_binding(const SettingsBinding *b, SaveStringCheck check)
{
    const char *why;
    int n = settings_binding_count(b);
    for (int i = 0; i < n; i++) {
        if (memchr(b->names[i], '\0', SETTINGS_NAME_MAX) == NULL ||
            !check(b->names[i], SETTINGS_NAME_MAX, &why))
            return false;
        for (int j = 0; j < i; j++)
            if (strcmp(b->names[i], b->names[j]) == 0)
                return false;
    }
    return true;
}

static bool bind(SettingsBinding *b, SaveStringCheck check, const char *const *names, int count)
{
    SettingsBinding nb = {0};
    if (count < 0 || count > SETTINGS_BINDINGS_MAX)
        return false;
    for (int i = 0; i < count; i++) {
        if (names[i] == NULL || names[i][0] == '\0' || strlen(names[i]) >= SETTINGS_NAME_MAX)
            return false;
        strcpy(nb.names[i], names[i]);
    }
    if (!valid_binding(&nb, check))
        return false;
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

/* The plain fields, in the file's order, with their defaults: each may be
** missing, and keeps its default when it is or is wrong. show_fps, of older
** versions, is read only. */
typedef enum FieldKind { F_BOOL, F_VOLUME, F_SCALE, F_SPEED } FieldKind;
enum { SHOW_FPS = -1 };

static const struct Field {
    const char *key;
    FieldKind kind;
    int off; /* in Settings, or SHOW_FPS */
    int def; /* the default */
} FIELDS[] = {
    {"window_scale", F_SCALE, offsetof(Settings, window_scale), 0},
    {"fullscreen", F_BOOL, offsetof(Settings, fullscreen), false},
    {"vsync", F_BOOL, offsetof(Settings, vsync), true},
    {"master_volume", F_VOLUME, offsetof(Settings, master_volume), 80},
    {"sfx_volume", F_VOLUME, offsetof(Settings, sfx_volume), 100},
    {"music_volume", F_VOLUME, offsetof(Settings, music_volume), 70},
    {"mute", F_BOOL, offsetof(Settings, mute), false},
    {"show_fps", F_BOOL, SHOW_FPS, false},
    {"debug_overlay", F_BOOL, offsetof(Settings, debug_overlay), false},
    {"game_speed", F_SPEED, offsetof(Settings, game_speed), 100},
    {"invincible", F_BOOL, offsetof(Settings, invincible), false},
    {"all_levels", F_BOOL, offsetof(Settings, all_levels), false},
};
enum { FIELD_COUNT = SAVE_COUNT(FIELDS) };

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
    *s = (Settings){0};
    for (int i = 0; i < FIELD_COUNT; i++) {
        if (FIELDS[i].kind == F_BOOL && FIELDS[i].off != SHOW_FPS)
            *(bool *)((char *)s + FIELDS[i].off) = FIELDS[i].def != 0;
        else if (FIELDS[i].kind != F_BOOL)
            *(int *)((char *)s + FIELDS[i].off) = FIELDS[i].def;
    }
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

/* One field's value v (not NULL) into *out (a bool or an int). */
static void read_field(SaveReader *r, const cJSON *v, FieldKind kind, void *out)
{
    JsonDoc *doc = &r->doc;
    int *n = out;
    long x;
    if (kind == F_BOOL) {
        save_reader_fallback(r, "using %s", *(bool *)out ? "true" : "false");
        json_want_bool(doc, v, out);
        return;
    }
    save_reader_fallback(r, "using %d", *n);
    if (kind == F_SCALE && cJSON_IsString(v) && strcmp(v->valuestring, "fill") == 0) {
        *n = SETTINGS_SCALE_FILL;
    } else if (kind == F_SCALE && cJSON_IsString(v)) {
        char got[64];
        json_describe(v, got, sizeof got);
        json_error(doc, v, "expected an integer from 0 to %d or \"fill\", got %s",
                   SETTINGS_SCALE_MAX, got);
    } else if (kind == F_SPEED) {
        if (!json_want_int(doc, v, SETTINGS_SPEED_MIN, 100, &x))
            return;
        if (x % SETTINGS_SPEED_STEP != 0)
            json_error(doc, v, "expected %d to 100 in steps of %d, got %ld", SETTINGS_SPEED_MIN,
                       SETTINGS_SPEED_STEP, x);
        else
            *n = (int)x;
    } else if (json_want_int(doc, v, 0, kind == F_SCALE ? SETTINGS_SCALE_MAX : SETTINGS_VOLUME_MAX,
                             &x)) {
        *n = (int)x;
    }
}

/* What a list of bindings reads: the kind of name, how a name is checked,
** and the names the controls know (NULL: any well-formed one). */
typedef struct BindingKind {
    const char *noun; /* "key", "button" */
    SaveStringCheck check;
    const char *const *known;
    int known_count;
} BindingKind;

/* Whether name is one the controls know; else reports it, with a hint. */
static bool known_name(JsonDoc *doc, const cJSON *item, const BindingKind *kind, const char *name)
{
    if (kind->known == NULL)
        return true;
    for (int i = 0; i < kind->known_count; i++)
        if (strcasecmp(kind->known[i], name) == 0) /* ASCII case, ignored as SDL does */
            return true;
    char q[48];
    json_quote(name, q, sizeof q);
    int s = json_suggest(name, kind->known, kind->known_count);
    if (s >= 0)
        json_error(doc, item, "unknown %s \"%s\" (did you mean \"%s\"?)", kind->noun, q,
                   kind->known[s]);
    else
        json_error(doc, item, "unknown %s \"%s\"", kind->noun, q);
    return false;
}

/* What an action falls back to, for a notice: its default names. */
static void describe_defaults(const SettingsBinding *b, char *buf, size_t size)
{
    int n = settings_binding_count(b);
    if (n == 0) {
        snprintf(buf, size, "leaving it unbound (its default)");
        return;
    }
    size_t len = (size_t)snprintf(buf, size, "using the default%s ", n > 1 ? "s" : "");
    for (int i = 0; i < n && len < size; i++) {
        int w = snprintf(buf + len, size - len, "%s\"%s\"", i > 0 ? ", " : "", b->names[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

/* One action's list. A name that cannot be used is left out and the others
** kept; a list that had names but keeps none keeps the defaults in *b. */
static void read_action(SaveReader *r, const cJSON *list, const BindingKind *kind,
                        SettingsBinding *b)
{
    JsonDoc *doc = &r->doc;
    char defaults[SETTINGS_BINDINGS_MAX * (SETTINGS_NAME_MAX + 4) + 40];
    describe_defaults(b, defaults, sizeof defaults);
    save_reader_fallback(r, "%s", defaults);
    if (!json_want_array(doc, list)) {
        save_reader_fallback(r, NULL);
        return;
    }
    int n = cJSON_GetArraySize(list);
    if (n > SETTINGS_BINDINGS_MAX) {
        save_reader_fallback(r, "keeping the first %d that can be used", SETTINGS_BINDINGS_MAX);
        json_error(doc, list, "at most %d names, got %d", SETTINGS_BINDINGS_MAX, n);
    }
    save_reader_fallback(r, "ignored");
    SettingsBinding got = {0};
    int kept = 0;
    for (const cJSON *item = list->child; item != NULL && kept < SETTINGS_BINDINGS_MAX;
         item = item->next) {
        char name[SETTINGS_NAME_MAX];
        if (!save_want_string(doc, item, kind->check, name, sizeof name) ||
            !known_name(doc, item, kind, name))
            continue;
        bool twice = false;
        for (int j = 0; j < kept && !twice; j++)
            twice = strcmp(got.names[j], name) == 0;
        if (twice) {
            json_error(doc, item, "\"%s\" is listed twice", name);
            continue;
        }
        strcpy(got.names[kept++], name);
    }
    if (n > 0 && kept == 0) {
        save_reader_fallback(r, "%s", defaults);
        json_error(doc, list, "none of its %ss can be used", kind->noun);
    } else {
        *b = got;
    }
    save_reader_fallback(r, NULL);
}

/* "keys" or "gamepad": an object of action name -> list of names. An
** action the object leaves out keeps its defaults in out. */
static void read_bindings(SaveReader *r, const char *key, const BindingKind *kind,
                          SettingsBinding *out)
{
    JsonDoc *doc = &r->doc;
    const cJSON *obj = json_get(doc->root, key);
    if (obj == NULL)
        return;
    save_reader_fallback(r, "using the default %ss", kind->noun);
    bool ok = json_want_object(doc, obj);
    save_reader_fallback(r, NULL);
    if (!ok)
        return;
    for (const cJSON *act = obj->child; act != NULL; act = act->next) {
        /* A repeated action was told when the file was parsed: the first
        ** one counts, as it does for every other key. */
        if (json_get(obj, act->string) != act)
            continue;
        int a = settings_action_from_name(act->string);
        if (a >= 0) {
            read_action(r, act, kind, &out[a]);
            continue;
        }
        char q[48];
        json_quote(act->string, q, sizeof q);
        int s = json_suggest(act->string, ACTION_NAMES, ACTION_COUNT);
        save_reader_fallback(r, "ignored");
        if (s >= 0)
            json_error_key(doc, act, "unknown action \"%s\" (did you mean \"%s\"?)", q,
                           ACTION_NAMES[s]);
        else
            json_error_key(doc, act,
                           "unknown action \"%s\" (the actions are left, right, up,"
                           " down, jump, pause, restart and fullscreen)",
                           q);
        save_reader_fallback(r, NULL);
    }
}

/* Whether the file is of a format this version reads. Another format's
** fields may mean other things, so a newer one is refused whole (false,
** the problem kept in r); a format that is missing or malformed is taken
** for this one, with a notice. */
static bool read_format(SaveReader *r)
{
    static const long known[] = {SETTINGS_FORMAT};
    long format;
    bool newer;
    save_reader_forget(r); /* a newer format's problem is why the file is refused */
    save_reader_fallback(r, "reading it as format %d", SETTINGS_FORMAT);
    save_want_format(&r->doc, json_need(&r->doc, r->doc.root, "format"), known, SAVE_COUNT(known),
                     &format, &newer);
    save_reader_fallback(r, NULL);
    return !newer;
}

/* Reads r's document into *s, which holds the defaults; false when the file
** is refused as a whole (r keeps why). */
static bool read_settings(SaveReader *r, const SettingsKnownNames *known, Settings *s)
{
    const char *keys[FIELD_COUNT + 3] = {"format"};
    for (int i = 0; i < FIELD_COUNT; i++)
        keys[i + 1] = FIELDS[i].key;
    keys[FIELD_COUNT + 1] = "keys";
    keys[FIELD_COUNT + 2] = "gamepad";
    if (!read_format(r))
        return false;
    save_reader_fallback(r, "ignored");
    json_check_keys(&r->doc, r->doc.root, keys, SAVE_COUNT(keys));
    bool show_fps = false;
    for (int i = 0; i < FIELD_COUNT; i++) {
        const cJSON *v = json_get(r->doc.root, FIELDS[i].key);
        if (v != NULL)
            read_field(r, v, FIELDS[i].kind,
                       FIELDS[i].off == SHOW_FPS ? (void *)&show_fps : (char *)s + FIELDS[i].off);
    }
    save_reader_fallback(r, NULL);
    const BindingKind key_kind = {
        "key",
        check_key_name,
        known != NULL ? known->keys : NULL,
        known != NULL ? known->key_count : 0,
    };
    const BindingKind button_kind = {
        "button",
        check_button_name,
        known != NULL ? known->buttons : NULL,
        known != NULL ? known->button_count : 0,
    };
    read_bindings(r, "keys", &key_kind, s->keys);
    read_bindings(r, "gamepad", &button_kind, s->buttons);
    s->debug_overlay = s->debug_overlay || show_fps;
    return true;
}

SaveLoad settings_load(const char *path, const SettingsKnownNames *known, Settings *s,
                       SaveNotices *notices)
{
    SaveReader r;
    settings_defaults(s);
    atomic_remove_stale(path);
    save_reader_init(&r);
    r.lenient = true;
    SaveMark mark = save_notices_mark(notices);
    SaveLoad result = save_load_json(&r, path, "settings", notices);
    if (result == SAVE_LOADED && !read_settings(&r, known, s)) {
        save_notices_rewind(notices, mark);
        settings_defaults(s);
        result = save_recover(&r, path, "settings", notices);
    }
    save_reader_fini(&r);
    return result;
}

bool settings_parse(const char *text, size_t len, const SettingsKnownNames *known, Settings *s,
                    SaveNotices *notices)
{
    SaveReader r;
    settings_defaults(s);
    save_reader_init(&r);
    r.lenient = true;
    save_reader_collect(&r, "", notices);
    SaveMark mark = save_notices_mark(notices);
    save_reader_fallback(&r, "the first one counts");
    bool ok = save_reader_parse(&r, text, len);
    save_reader_fallback(&r, NULL);
    ok = ok && read_settings(&r, known, s);
    if (!ok) {
        save_notices_rewind(notices, mark);
        settings_defaults(s);
        if (notices != NULL)
            save_notices_add(notices, "", r.first.line, r.first.col, "%s; using default settings",
                             r.first.message);
    }
    save_reader_fini(&r);
    return ok;
}

/* ---------------------------------------------------------------- writing */

static void write_bindings(TextBuf *b, const char *key, const SettingsBinding *bindings, bool last)
{
    text_printf(b, "  \"%s\": {\n", key);
    for (int a = 0; a < ACTION_COUNT; a++) {
        text_printf(b, "    \"%s\": [", ACTION_NAMES[a]);
        int n = settings_binding_count(&bindings[a]);
        for (int i = 0; i < n; i++) {
            if (i > 0)
                text_puts(b, ", ");
            save_buf_string(b, bindings[a].names[i]);
        }
        text_puts(b, a + 1 < ACTION_COUNT ? "],\n" : "]\n");
    }
    text_puts(b, last ? "  }\n" : "  },\n");
}

bool settings_save(const char *path, const Settings *s, char *err, size_t errlen)
{
    for (int i = 0; i < FIELD_COUNT; i++) {
        int v = FIELDS[i].kind == F_BOOL ? 0 : *(const int *)((const char *)s + FIELDS[i].off);
        if ((FIELDS[i].kind == F_SCALE && (v < SETTINGS_SCALE_FILL || v > SETTINGS_SCALE_MAX)) ||
            (FIELDS[i].kind == F_SPEED &&
             (v < SETTINGS_SPEED_MIN || v > 100 || v % SETTINGS_SPEED_STEP != 0)) ||
            (FIELDS[i].kind == F_VOLUME && (v < 0 || v > SETTINGS_VOLUME_MAX))) {
            snprintf(err, errlen, "cannot save %s: a value is out of range", path);
            return false;
        }
    }
    for (int a = 0; a < ACTION_COUNT; a++) {
        if (!valid_binding(&s->keys[a], check_key_name) ||
            !valid_binding(&s->buttons[a], check_button_name)) {
            snprintf(err, errlen, "cannot save %s: a binding of \"%s\" is malformed", path,
                     ACTION_NAMES[a]);
            return false;
        }
    }
    TextBuf b = {0};
    text_printf(&b, "{\n  \"format\": %d,\n", SETTINGS_FORMAT);
    for (int i = 0; i < FIELD_COUNT; i++) {
        if (FIELDS[i].off == SHOW_FPS)
            continue;
        const void *v = (const char *)s + FIELDS[i].off;
        text_printf(&b, "  \"%s\": ", FIELDS[i].key);
        if (FIELDS[i].kind == F_BOOL)
            text_puts(&b, *(const bool *)v ? "true,\n" : "false,\n");
        else if (*(const int *)v == SETTINGS_SCALE_FILL)
            text_puts(&b, "\"fill\",\n");
        else
            text_printf(&b, "%d,\n", *(const int *)v);
    }
    write_bindings(&b, "keys", s->keys, false);
    write_bindings(&b, "gamepad", s->buttons, true);
    text_puts(&b, "}\n");
    return save_buf_commit(&b, path, err, errlen);
}
