/* SPDX-License-Identifier: Zlib */
/* test_save_settings.c -- settings.json: defaults, round trips, a field at fault
** falling back alone with a notice, unusable files kept aside. */
#include "save/fixture.h"

#include "settings.h"
#include "check_run.h"

static void assert_settings_equal(const Settings *a, const Settings *b)
{
    ck_assert_int_eq(a->window_scale, b->window_scale);
    ck_assert_int_eq(a->fullscreen, b->fullscreen);
    ck_assert_int_eq(a->vsync, b->vsync);
    ck_assert_int_eq(a->master_volume, b->master_volume);
    ck_assert_int_eq(a->sfx_volume, b->sfx_volume);
    ck_assert_int_eq(a->music_volume, b->music_volume);
    ck_assert_int_eq(a->mute, b->mute);
    ck_assert_int_eq(a->debug_overlay, b->debug_overlay);
    ck_assert_int_eq(a->game_speed, b->game_speed);
    ck_assert_int_eq(a->invincible, b->invincible);
    ck_assert_int_eq(a->all_levels, b->all_levels);
    for (int act = 0; act < ACTION_COUNT; act++) {
        for (int i = 0; i < SETTINGS_BINDINGS_MAX; i++) {
            ck_assert_str_eq(a->keys[act].names[i], b->keys[act].names[i]);
            ck_assert_str_eq(a->buttons[act].names[i], b->buttons[act].names[i]);
        }
    }
}

static void assert_defaults(const Settings *s)
{
    Settings d;
    settings_defaults(&d);
    assert_settings_equal(s, &d);
}

/* Names as SDL spells them, enough for these files. */
static const char *const KEY_NAMES[] = {
    "Space", "Left",       "Right",    "Up",     "Down", "A",  "D",        "W",
    "S",     "Z",          "K",        "X",      "P",    "R",  "Escape",   "F11",
    "J",     "Left Shift", "Keypad 0", "Return", "\\",   "\"", "\xC3\xA9",
};
static const char *const BUTTON_NAMES[] = {
    "a",       "b",       "x",       "y",       "back",         "start",
    "dpup",    "dpdown",  "dpleft",  "dpright", "leftshoulder", "rightshoulder",
    "paddle1", "leftx-",  "leftx+",  "lefty-",  "lefty+",       "rightx-",
    "rightx+", "righty-", "righty+",
};
static const SettingsKnownNames KNOWN = {
    KEY_NAMES,
    (int)(sizeof KEY_NAMES / sizeof KEY_NAMES[0]),
    BUTTON_NAMES,
    (int)(sizeof BUTTON_NAMES / sizeof BUTTON_NAMES[0]),
};

/* What the player is told, one notice a line, into buf. */
static void notices_text(const SaveNotices *n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n->count && len + 1 < cap; i++) {
        len += save_notice_format(&n->list[i], buf + len, cap - len);
        if (len + 1 < cap) {
            buf[len++] = '\n';
            buf[len] = '\0';
        }
    }
}

/* settings_load with the names above; msg gets the notices, one a line. */
static SaveLoad load(const char *path, Settings *s, char *msg, size_t cap)
{
    SaveNotices notices = {0};
    SaveLoad got = settings_load(path, &KNOWN, s, &notices);
    notices_text(&notices, msg, cap);
    return got;
}

/* settings_parse with the names above; err gets the notices, one a line. */
static bool parse(const char *text, size_t len, Settings *s, char *err, size_t cap)
{
    SaveNotices notices = {0};
    bool ok = settings_parse(text, len, &KNOWN, s, &notices);
    notices_text(&notices, err, cap);
    return ok;
}

/* ---- defaults and the good path ---- */

START_TEST(defaults_bind_arrows_wasd_and_the_listed_jump_keys)
{
    Settings s;
    settings_defaults(&s);
    ck_assert_int_eq(s.window_scale, 0);
    ck_assert_int_eq(s.master_volume, 80);
    ck_assert_int_eq(s.sfx_volume, 100);
    ck_assert_int_eq(s.music_volume, 70);
    ck_assert(s.vsync);
    ck_assert(!s.mute);
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_LEFT]), 2);
    ck_assert_str_eq(s.keys[ACTION_LEFT].names[0], "Left");
    ck_assert_str_eq(s.keys[ACTION_LEFT].names[1], "A");
    ck_assert_str_eq(s.keys[ACTION_RIGHT].names[1], "D");
    ck_assert_str_eq(s.keys[ACTION_UP].names[1], "W");
    ck_assert_str_eq(s.keys[ACTION_DOWN].names[1], "S");
    const char *jump[] = {"Space", "Z", "K", "Up"};
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_JUMP]), 4);
    for (int i = 0; i < 4; i++)
        ck_assert_str_eq(s.keys[ACTION_JUMP].names[i], jump[i]);
    ck_assert_str_eq(s.keys[ACTION_PAUSE].names[0], "Escape");
    ck_assert_str_eq(s.keys[ACTION_RESTART].names[0], "R");
    ck_assert_str_eq(s.keys[ACTION_FULLSCREEN].names[0], "F11");
    ck_assert_str_eq(s.buttons[ACTION_LEFT].names[0], "dpleft");
    ck_assert_str_eq(s.buttons[ACTION_LEFT].names[1], "leftx-");
    ck_assert_str_eq(s.buttons[ACTION_DOWN].names[1], "lefty+");
    ck_assert_str_eq(s.buttons[ACTION_JUMP].names[0], "a");
    ck_assert_str_eq(s.buttons[ACTION_PAUSE].names[0], "start");
    ck_assert_int_eq(settings_binding_count(&s.buttons[ACTION_FULLSCREEN]), 0);
    for (int a = 0; a < ACTION_COUNT; a++) {
        for (int i = 0; i < settings_binding_count(&s.keys[a]); i++)
            ck_assert(settings_valid_key_name(s.keys[a].names[i]));
        for (int i = 0; i < settings_binding_count(&s.buttons[a]); i++)
            ck_assert(settings_valid_button_name(s.buttons[a].names[i]));
    }
}
END_TEST

START_TEST(action_names_round_trip)
{
    for (int a = 0; a < ACTION_COUNT; a++)
        ck_assert_int_eq(settings_action_from_name(settings_action_name((SettingsAction)a)), a);
    ck_assert_str_eq(settings_action_name(ACTION_FULLSCREEN), "fullscreen");
    ck_assert_int_eq(settings_action_from_name("Jump"), -1);
    ck_assert_ptr_null(settings_action_name(ACTION_COUNT));
}
END_TEST

START_TEST(missing_file_gives_defaults_silently)
{
    Scratch sc;
    char path[1100], msg[1024] = "untouched", list[256];
    Settings s;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    s.master_volume = 7;
    ck_assert_int_eq(load(path, &s, msg, sizeof msg), SAVE_MISSING);
    ck_assert_str_eq(msg, "");
    assert_defaults(&s);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "");
    scratch_fini(&sc);
}
END_TEST

START_TEST(saved_settings_load_back_identical)
{
    Scratch sc;
    char path[1100], msg[1024], err[512], list[256];
    Settings s, back;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    settings_defaults(&s);
    s.window_scale = 8;
    s.fullscreen = true;
    s.vsync = false;
    s.master_volume = 0;
    s.sfx_volume = 100;
    s.music_volume = 15;
    s.mute = true;
    s.debug_overlay = true;
    const char *keys[] = {"\\", "\"", "Left Shift",
                          "\xC3\xA9"}; /* backslash, quote, space, e-acute */
    ck_assert(settings_bind_keys(&s, ACTION_JUMP, keys, 4));
    ck_assert(settings_bind_keys(&s, ACTION_PAUSE, NULL, 0));
    const char *buttons[] = {"paddle1", "righty+"};
    ck_assert(settings_bind_buttons(&s, ACTION_RESTART, buttons, 2));

    ck_assert_msg(settings_save(path, &s, err, sizeof err), "%s", err);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    assert_settings_equal(&back, &s);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "settings.json");
    scratch_fini(&sc);
}
END_TEST

/* The Assist's settings and the fill scale: off by default, saved and read
** back, a wrong value falling back alone. */
START_TEST(the_assist_and_the_fill_scale_are_saved_and_read_back)
{
    Settings d;
    settings_defaults(&d);
    ck_assert_int_eq(d.game_speed, 100);
    ck_assert(!d.invincible && !d.all_levels);
    Scratch sc;
    char path[1100], msg[1024], err[512];
    Settings s, back;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    settings_defaults(&s);
    s.window_scale = SETTINGS_SCALE_FILL;
    s.game_speed = 60;
    s.invincible = true;
    s.all_levels = true;
    ck_assert_msg(settings_save(path, &s, err, sizeof err), "%s", err);
    char *text = read_all(path, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\"window_scale\": \"fill\","));
    ck_assert_ptr_nonnull(strstr(text, "\"game_speed\": 60,"));
    ck_assert_ptr_nonnull(strstr(text, "\"invincible\": true,"));
    ck_assert_ptr_nonnull(strstr(text, "\"all_levels\": true,"));
    free(text);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    assert_settings_equal(&back, &s);
    /* a speed off the steps, or out of range, is refused by the save */
    s.game_speed = 55;
    ck_assert(!settings_save(path, &s, err, sizeof err));
    s.game_speed = 40;
    ck_assert(!settings_save(path, &s, err, sizeof err));
    scratch_fini(&sc);

    static const struct {
        const char *text, *notice;
    } cases[] = {
        {"{\"format\": 1, \"game_speed\": 55}",
         "1:29: game_speed: expected 50 to 100 in steps of 10, got 55; using 100\n"},
        {"{\"format\": 1, \"game_speed\": 40}",
         "1:29: game_speed: expected an integer from 50 to 100, got 40; using 100\n"},
        {"{\"format\": 1, \"invincible\": \"yes\"}",
         "1:29: invincible: expected true or false, got \"yes\"; using false\n"},
        {"{\"format\": 1, \"window_scale\": \"huge\"}",
         "1:31: window_scale: expected an integer from 0 to 8 or \"fill\", got \"huge\"; using "
         "0\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        SaveNotices notices = {0};
        ck_assert(settings_parse(cases[i].text, strlen(cases[i].text), NULL, &s, &notices));
        char got[1024] = "";
        for (int n = 0; n < notices.count; n++) {
            char line[600];
            save_notice_format(&notices.list[n], line, sizeof line);
            strncat(got, line, sizeof got - strlen(got) - 2);
            strcat(got, "\n");
        }
        ck_assert_str_eq(got, cases[i].notice);
        assert_defaults(&s);
    }
}
END_TEST

START_TEST(hand_edited_file_is_read_field_by_field)
{
    Settings s;
    char msg[1024];
    ck_assert_int_eq(load(SAVE_TEST_DATA "/settings-custom.json", &s, msg, sizeof msg),
                     SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    ck_assert_int_eq(s.window_scale, 3);
    ck_assert(s.fullscreen);
    ck_assert(!s.vsync);
    ck_assert_int_eq(s.master_volume, 55);
    ck_assert_int_eq(s.sfx_volume, 40);
    ck_assert_int_eq(s.music_volume, 25);
    ck_assert(s.mute && s.debug_overlay);
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_JUMP]), 2);
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[1], "Left Shift");
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[2], "");
    ck_assert_str_eq(s.keys[ACTION_PAUSE].names[2], "Keypad 0");
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_RESTART]), 0);
    ck_assert_str_eq(s.buttons[ACTION_JUMP].names[1], "rightshoulder");
    ck_assert_str_eq(s.buttons[ACTION_LEFT].names[1], "rightx-");
    /* Actions the file does not mention keep their defaults. */
    ck_assert_str_eq(s.keys[ACTION_LEFT].names[0], "Left");
    ck_assert_str_eq(s.buttons[ACTION_PAUSE].names[0], "start");
}
END_TEST

START_TEST(older_file_without_new_fields_keeps_their_defaults)
{
    Settings s, d;
    char msg[1024];
    settings_defaults(&d);
    ck_assert_int_eq(load(SAVE_TEST_DATA "/settings-old.json", &s, msg, sizeof msg), SAVE_LOADED);
    ck_assert_int_eq(s.master_volume, 30);
    ck_assert_str_eq(s.keys[ACTION_LEFT].names[0], "J");
    ck_assert_str_eq(s.keys[ACTION_LEFT].names[1], "");
    s.master_volume = d.master_volume;
    strcpy(s.keys[ACTION_LEFT].names[0], "Left");
    strcpy(s.keys[ACTION_LEFT].names[1], "A");
    assert_settings_equal(&s, &d);
}
END_TEST

/* Older versions wrote "show_fps" as well; the frame rate is shown by the
** debug overlay, so it turns the overlay on, and is not written again. */
START_TEST(show_fps_of_older_files_turns_the_debug_overlay_on)
{
    Scratch sc;
    char path[1100], err[512] = "";
    Settings s;
    static const char on[] = "{\"format\": 1, \"show_fps\": true, \"debug_overlay\": false}";
    ck_assert_msg(parse(on, sizeof on - 1, &s, err, sizeof err), "%s", err);
    ck_assert(s.debug_overlay);
    static const char off[] = "{\"format\": 1, \"show_fps\": false}";
    ck_assert(parse(off, sizeof off - 1, &s, err, sizeof err));
    ck_assert(!s.debug_overlay);
    static const char bad[] = "{\"format\": 1, \"show_fps\": \"yes\"}";
    ck_assert(parse(bad, sizeof bad - 1, &s, err, sizeof err));
    ck_assert_str_eq(err, "1:27: show_fps: expected true or false, got \"yes\"; using false\n");
    ck_assert(!s.debug_overlay);

    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    ck_assert(parse(on, sizeof on - 1, &s, err, sizeof err));
    ck_assert_msg(settings_save(path, &s, err, sizeof err), "%s", err);
    char *text = read_all(path, NULL);
    ck_assert_ptr_null(strstr(text, "show_fps"));
    ck_assert_ptr_nonnull(strstr(text, "\"debug_overlay\": true"));
    free(text);
    scratch_fini(&sc);
}
END_TEST

/* settings_parse takes len bytes of text, with no terminator after them. */
START_TEST(text_in_memory_is_read_to_its_length_and_no_further)
{
    static const char good[] = "{\"format\":1}";
    const size_t len = sizeof good - 1;
    ck_assert_uint_eq(len, 12);
    Settings s;
    char err[512] = "";

    /* followed by a byte that is not part of it */
    char *text = malloc(len + 1);
    ck_assert_ptr_nonnull(text);
    memcpy(text, good, len);
    text[len] = 'X';
    ck_assert_msg(parse(text, len, &s, err, sizeof err), "%s", err);
    assert_defaults(&s);
    free(text);

    /* exactly len bytes on the heap: reading one more is an overflow */
    text = malloc(len);
    ck_assert_ptr_nonnull(text);
    memcpy(text, good, len);
    ck_assert_msg(parse(text, len, &s, err, sizeof err), "%s", err);
    free(text);

    /* cut short inside the value: the end of the given bytes is the end */
    char cut[] = "{\"format\":1, \"mute\": true}";
    ck_assert(!parse(cut, 13, &s, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "1:14: unexpected end of file"));
    /* white space after the value is fine, anything else is not */
    char spaced[] = "{\"format\":1, \"mute\": true} \n x";
    ck_assert_msg(parse(spaced, sizeof spaced - 4, &s, err, sizeof err), "%s", err);
    ck_assert(s.mute);
    ck_assert(!parse(spaced, sizeof spaced - 1, &s, err, sizeof err));
    ck_assert_str_eq(
        err, "2:2: unexpected 'x' after the end of the JSON value; using default settings\n");
    assert_defaults(&s);
}
END_TEST

/* ---- files refused as a whole ---- */

typedef struct BadCase {
    const char *text;   /* NULL: the test makes the bytes */
    const char *expect; /* a part of the message */
} BadCase;

/* A file that is not JSON, not an object, or of a newer format is of no
** use: each problem is told with its place, and the file is kept aside. */
static const BadCase BAD[] = {
    {"", "settings.json:1:1: the file is empty"},
    {"  \n\t\n", "settings.json:3:1: the file is empty"},
    {"{\"format\": 1, \"master_volume\": 50,", "settings.json:1:35: unexpected end of file"},
    {"{\n  \"format\": 1,\n  \"vsync\": tru\n}", "settings.json:3:12: unexpected word 'tru'"},
    {"{\"format\": 1} trailing",
     "settings.json:1:15: unexpected 't' after the end of the JSON value"},
    {"[1, 2, 3]", "settings.json:1:1: the top level must be an object"},
    {"{\"format\": 2, \"master_volume\": 5}",
     "settings.json:1:12: format: this version reads format 1, not 2"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"\xC3\"]}}",
     "settings.json:1:34: invalid UTF-8 (byte 0xC3)"},
    {NULL,
     "settings.json:2:14: expected ',' or '}' after a member, got a NUL byte"}, /* a NUL inside */
    {NULL, "settings.json:1:"},                                                 /* random bytes */
    {NULL, "settings.json: the file is larger than 1 MiB"}, /* bigger than SAVE_MAX_FILE */
};

enum { BAD_COUNT = (int)(sizeof BAD / sizeof BAD[0]) };

static uint32_t next_random(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static char *bad_bytes(int i, size_t *len)
{
    char *buf;
    if (BAD[i].text != NULL) {
        *len = strlen(BAD[i].text);
        buf = malloc(*len + 1);
        ck_assert_ptr_nonnull(buf);
        memcpy(buf, BAD[i].text, *len + 1);
        return buf;
    }
    if (i == BAD_COUNT - 3) {
        static const char nul[] = "{\"format\": 1,\n \"mute\": true\0}";
        *len = sizeof nul - 1;
        buf = malloc(*len);
        ck_assert_ptr_nonnull(buf);
        memcpy(buf, nul, *len);
        return buf;
    }
    *len = i == BAD_COUNT - 2 ? 4096 : (size_t)SAVE_MAX_FILE + 1;
    buf = malloc(*len);
    ck_assert_ptr_nonnull(buf);
    uint32_t seed = 12345;
    for (size_t k = 0; k < *len; k++)
        buf[k] = (char)(next_random(&seed) % 255 + 1); /* NUL has its own case */
    if (i == BAD_COUNT - 2)
        buf[0] = '{'; /* random bytes after a plausible start */
    return buf;
}

START_TEST(unusable_file_gives_defaults_and_is_kept_aside)
{
    Scratch sc;
    char path[1100], aside[1200], msg[2048], want[1300], list[256];
    Settings s;
    size_t len;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    char *bytes = bad_bytes(_i, &len);
    write_bytes(path, bytes, len);

    SaveNotices notices = {0};
    ck_assert_int_eq(settings_load(path, &KNOWN, &s, &notices), SAVE_RECOVERED);
    assert_defaults(&s);
    /* One notice, naming the file and the copy kept, whatever else the
    ** file held (a newer format's fields are not read at all). */
    ck_assert_int_eq(notices.count, 1);
    save_notice_format(&notices.list[0], msg, sizeof msg);
    ck_assert_msg(strstr(msg, BAD[_i].expect) != NULL, "case %d: \"%s\" lacks \"%s\"", _i, msg,
                  BAD[_i].expect);
    ck_assert_msg(strncmp(msg, path, strlen(path)) == 0, "message does not start with the path: %s",
                  msg);
    ck_assert_ptr_null(strchr(msg, '\n'));
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    snprintf(want, sizeof want,
             "using default settings (the file was kept as settings.json.bad-1)");
    ck_assert_ptr_nonnull(strstr(msg, want));

    /* Nothing is lost: the bad bytes are all there under the new name. */
    ck_assert(!file_exists(path));
    size_t got;
    char *kept = read_all(aside, &got);
    ck_assert_uint_eq(got, len);
    ck_assert(memcmp(kept, bytes, len) == 0);
    free(kept);
    free(bytes);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "settings.json.bad-1");
    scratch_fini(&sc);
}
END_TEST

/* ---- fields that fall back alone ---- */

typedef struct FieldCase {
    const char *text;
    const char *notices; /* every notice, one a line, as settings_parse tells them */
} FieldCase;

/* A field at fault takes its default (or the name is left out) and says so,
** at its place, with its JSON path; the file is read, not refused. */
static const FieldCase FIELDS[] = {
    {"{\"master_volume\": 50}", "1:1: missing \"format\"; reading it as format 1\n"},
    {"{\"format\": \"1\"}", "1:12: format: expected 1, got \"1\"; reading it as format 1\n"},
    {"{\"format\": 0}", "1:12: format: expected 1, got 0; reading it as format 1\n"},
    {"{\"format\": 1, \"master_volume\": \"loud\"}",
     "1:32: master_volume: expected an integer from 0 to 100, got \"loud\"; using 80\n"},
    {"{\"format\": 1, \"master_volume\": 101}",
     "1:32: master_volume: expected an integer from 0 to 100, got 101; using 80\n"},
    {"{\"format\": 1, \"sfx_volume\": -1}",
     "1:29: sfx_volume: expected an integer from 0 to 100, got -1; using 100\n"},
    {"{\"format\": 1, \"music_volume\": 250}",
     "1:31: music_volume: expected an integer from 0 to 100, got 250; using 70\n"},
    {"{\"format\": 1, \"window_scale\": 1e300}",
     "1:31: window_scale: expected an integer from 0 to 8, got 1e+300; using 0\n"},
    {"{\"format\": 1, \"window_scale\": 1e999}",
     "1:31: window_scale: expected an integer from 0 to 8, got inf; using 0\n"},
    {"{\"format\": 1, \"window_scale\": 2.5}",
     "1:31: window_scale: expected an integer from 0 to 8, got 2.5; using 0\n"},
    {"{\"format\": 1, \"fullscreen\": 1}",
     "1:29: fullscreen: expected true or false, got 1; using false\n"},
    {"{\"format\": 1, \"vsync\": null}",
     "1:24: vsync: expected true or false, got null; using true\n"},
    {"{\"format\": 1, \"fullscren\": true}",
     "1:15: unknown key \"fullscren\" (did you mean \"fullscreen\"?); ignored\n"},
    {"{\"format\": 1, \"vsync\": true, \"vsync\": false}",
     "1:30: duplicate key \"vsync\" (first at 1:15); the first one counts\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\"], \"jump\": [\"X\"]}}",
     "1:39: keys: duplicate key \"jump\" (first at 1:24); the first one counts\n"},
    {"{\"format\": 1, \"keys\": [\"Z\"]}",
     "1:23: keys: expected an object, got an array; using the default keys\n"},
    {"{\"format\": 1, \"keys\": {\"jmup\": [\"Z\"]}}",
     "1:24: keys: unknown action \"jmup\" (did you mean \"jump\"?); ignored\n"},
    {"{\"format\": 1, \"gamepad\": {\"dance\": [\"a\"]}}",
     "1:27: gamepad: unknown action \"dance\" (the actions are left, right, up, down, jump, pause,"
     " restart and fullscreen); ignored\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": \"Z\"}}",
     "1:32: keys.jump: expected an array, got \"Z\"; using the defaults \"Space\", \"Z\", \"K\", "
     "\"Up\"\n"},
    {"{\"format\": 1, \"gamepad\": {\"fullscreen\": 5}}",
     "1:41: gamepad.fullscreen: expected an array, got 5; leaving it unbound (its default)\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"A\", \"Blorp\", \"W\", \"S\", \"Z\", \"D\"]}}",
     "1:32: keys.jump: at most 4 names, got 6; keeping the first 4 that can be used\n"
     "1:38: keys.jump[1]: unknown key \"Blorp\"; ignored\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\", 5]}}",
     "1:38: keys.jump[1]: expected a string, got 5; ignored\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\\u0001\"]}}",
     "1:33: keys.jump[0]: control character in text; ignored\n"
     "1:32: keys.jump: none of its keys can be used; using the defaults \"Space\", \"Z\", \"K\", "
     "\"Up\"\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"\", \"Z\"]}}",
     "1:33: keys.jump[0]: empty text; ignored\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\", \"Z\"]}}",
     "1:33: keys.jump[0]: key name too long; ignored\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\", \"Z\"]}}",
     "1:38: keys.jump[1]: \"Z\" is listed twice; ignored\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Spcae\", \"Z\"]}}",
     "1:33: keys.jump[0]: unknown key \"Spcae\" (did you mean \"Space\"?); ignored\n"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Blorp\", \"Z\"]}}",
     "1:33: keys.jump[0]: unknown key \"Blorp\"; ignored\n"},
    {"{\"format\": 1, \"gamepad\": {\"jump\": [\"A\"]}}",
     "1:36: gamepad.jump[0]: a button name may use only a-z and 0-9, then '+' or '-' for a stick "
     "direction;"
     " ignored\n"
     "1:35: gamepad.jump: none of its buttons can be used; using the default \"a\"\n"},
    {"{\"format\": 1, \"gamepad\": {\"jump\": [\"b\", \"-a\"]}}",
     "1:41: gamepad.jump[1]: a button name may use only a-z and 0-9, then '+' or '-' for a stick "
     "direction;"
     " ignored\n"},
    {"{\"format\": 1, \"gamepad\": {\"jump\": [\"aa\", \"b\"]}}",
     "1:36: gamepad.jump[0]: unknown button \"aa\" (did you mean \"a\"?); ignored\n"},
    {"{\"format\": 1, \"gamepad\": {\"left\": [\"leftz-\", \"dpleft\"]}}",
     "1:36: gamepad.left[0]: unknown button \"leftz-\" (did you mean \"leftx-\"?); ignored\n"},
};

enum { FIELD_COUNT = (int)(sizeof FIELDS / sizeof FIELDS[0]) };

START_TEST(a_field_at_fault_falls_back_alone_with_a_notice)
{
    Settings s;
    char got[4096];
    const FieldCase *c = &FIELDS[_i];
    ck_assert_msg(parse(c->text, strlen(c->text), &s, got, sizeof got), "case %d refused: %s", _i,
                  got);
    ck_assert_msg(strcmp(got, c->notices) == 0, "case %d:\n%s\nexpected:\n%s", _i, got, c->notices);
}
END_TEST

/* The play test's case: one bad value (master_volume 250) used to throw the
** whole file away, custom bindings included. */
START_TEST(one_bad_value_keeps_every_other_value_and_the_custom_bindings)
{
    Scratch sc;
    char path[1100], msg[2048], want[1400], list[256];
    Settings s;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    const char *text =
        "{\n"
        "  \"format\": 1,\n"
        "  \"window_scale\": 3, \"fullscreen\": true, \"vsync\": false,\n"
        "  \"master_volume\": 250,\n"
        "  \"sfx_volume\": 40, \"music_volume\": 20, \"mute\": true, \"debug_overlay\": true,\n"
        "  \"keys\": { \"jump\": [\"X\", \"Left Shift\"], \"restart\": [] },\n"
        "  \"gamepad\": { \"pause\": [\"y\"] }\n"
        "}\n";
    write_text(path, text);
    ck_assert_int_eq(load(path, &s, msg, sizeof msg), SAVE_LOADED);
    snprintf(want, sizeof want,
             "%s:4:20: master_volume: expected an integer from 0 to 100, got 250; using 80\n",
             path);
    ck_assert_str_eq(msg, want);

    Settings d;
    settings_defaults(&d);
    d.window_scale = 3;
    d.fullscreen = true;
    d.vsync = false;
    d.sfx_volume = 40;
    d.music_volume = 20;
    d.mute = true;
    d.debug_overlay = true;
    const char *jump[] = {"X", "Left Shift"};
    ck_assert(settings_bind_keys(&d, ACTION_JUMP, jump, 2));
    ck_assert(settings_bind_keys(&d, ACTION_RESTART, NULL, 0));
    const char *pause[] = {"y"};
    ck_assert(settings_bind_buttons(&d, ACTION_PAUSE, pause, 1));
    assert_settings_equal(&s, &d);

    /* The file stays as the player wrote it until the game next saves. */
    char *kept = read_all(path, NULL);
    ck_assert_str_eq(kept, text);
    free(kept);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "settings.json");
    scratch_fini(&sc);
}
END_TEST

/* A misspelt key name used to be dropped silently. */
START_TEST(a_misspelt_key_name_is_told_and_the_other_names_kept)
{
    Settings s;
    char got[2048];
    const char *text =
        "{\"format\": 1,\n \"keys\": {\"jump\": [\"Spcae\", \"Z\"], \"left\": [\"Jay\"]}}";
    ck_assert(parse(text, strlen(text), &s, got, sizeof got));
    ck_assert_str_eq(
        got, "2:20: keys.jump[0]: unknown key \"Spcae\" (did you mean \"Space\"?); ignored\n"
             "2:44: keys.left[0]: unknown key \"Jay\"; ignored\n"
             "2:43: keys.left: none of its keys can be used; using the defaults \"Left\", \"A\"\n");
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_JUMP]), 1);
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[0], "Z");
    ck_assert_str_eq(s.keys[ACTION_LEFT].names[0], "Left");
    ck_assert_str_eq(s.keys[ACTION_LEFT].names[1], "A");

    /* Names match as SDL matches them, ignoring case; without a list of
    ** names any well-formed one is kept. */
    const char *lower = "{\"format\": 1, \"keys\": {\"jump\": [\"space\"]}}";
    ck_assert(parse(lower, strlen(lower), &s, got, sizeof got));
    ck_assert_str_eq(got, "");
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[0], "space");
    SaveNotices notices = {0};
    ck_assert(settings_parse(text, strlen(text), NULL, &s, &notices));
    ck_assert_int_eq(notices.count, 0);
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[0], "Spcae");
}
END_TEST

/* cJSON keeps both members of a repeated key; the reader takes the first,
** as its notice says, for values and bindings alike. */
START_TEST(a_repeated_key_keeps_the_first)
{
    Settings s;
    char got[2048];
    const char *text = "{\"format\": 1, \"sfx_volume\": 10, \"sfx_volume\": 20,\n"
                       " \"keys\": {\"jump\": [\"Z\"], \"jump\": [\"X\"]}}";
    ck_assert(parse(text, strlen(text), &s, got, sizeof got));
    ck_assert_str_eq(got,
                     "1:33: duplicate key \"sfx_volume\" (first at 1:15); the first one counts\n"
                     "2:26: keys: duplicate key \"jump\" (first at 2:11); the first one counts\n");
    ck_assert_int_eq(s.sfx_volume, 10);
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_JUMP]), 1);
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[0], "Z");
}
END_TEST

/* A CR alone ends a line (old Mac files), as do LF and CRLF, in any mix. */
START_TEST(notices_count_lines_ended_by_cr_lf_or_crlf)
{
    static const struct {
        const char *text;
        const char *notice;
    } files[] = {
        {"{\r  \"format\": 1,\r  \"mute\": 3\r}\r",
         "3:11: mute: expected true or false, got 3; using false\n"},
        {"{\r\n  \"format\": 1,\r\n  \"mute\": 3\r\n}\r\n",
         "3:11: mute: expected true or false, got 3; using false\n"},
        {"{\n  \"format\": 1,\r\n\r  \"mute\": 3\n}",
         "4:11: mute: expected true or false, got 3; using false\n"},
        {"{\r\r\n\n  \"format\": 1,\r  \"mute\": 3}",
         "5:11: mute: expected true or false, got 3; using false\n"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        Settings s;
        char got[1024];
        ck_assert(parse(files[i].text, strlen(files[i].text), &s, got, sizeof got));
        ck_assert_msg(strcmp(got, files[i].notice) == 0, "file %zu: %s", i, got);
    }
    /* And a syntax error in a CR-only file is on its own line. */
    Settings s;
    char got[1024];
    const char *broken = "{\r  \"format\": 1,\r  \"mute\": tru\r}";
    ck_assert(!parse(broken, strlen(broken), &s, got, sizeof got));
    ck_assert_str_eq(
        got, "3:11: unexpected word 'tru': text needs double quotes, and the only bare words are"
             " true, false and null; using default settings\n");
}
END_TEST

START_TEST(later_saves_and_bad_files_never_overwrite_a_kept_file)
{
    Scratch sc;
    char path[1100], aside[1200], msg[2048], err[512], list[256];
    Settings s;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    write_text(path, "{\"format\": 1, \"master_volume\": 50");
    ck_assert_int_eq(load(path, &s, msg, sizeof msg), SAVE_RECOVERED);

    /* The game goes on and saves good settings. */
    s.master_volume = 60;
    ck_assert(settings_save(path, &s, err, sizeof err));
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    char *kept = read_all(aside, NULL);
    ck_assert_str_eq(kept, "{\"format\": 1, \"master_volume\": 50");
    free(kept);
    ck_assert_int_eq(load(path, &s, msg, sizeof msg), SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    ck_assert_int_eq(s.master_volume, 60);

    /* Broken again later: the second bad file gets the next number. */
    write_text(path, "{");
    ck_assert_int_eq(load(path, &s, msg, sizeof msg), SAVE_RECOVERED);
    ck_assert_ptr_nonnull(strstr(msg, "settings.json.bad-2"));
    kept = read_all(aside, NULL);
    ck_assert_str_eq(kept, "{\"format\": 1, \"master_volume\": 50");
    free(kept);
    snprintf(aside, sizeof aside, "%s.bad-2", path);
    kept = read_all(aside, NULL);
    ck_assert_str_eq(kept, "{");
    free(kept);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "settings.json.bad-1 settings.json.bad-2");
    scratch_fini(&sc);
}
END_TEST

/* A list that holds more than it keeps tells the rest were dropped. */
START_TEST(notices_past_the_list_are_counted)
{
    SaveNotices notices = {0};
    for (int i = 0; i < SAVE_NOTICES_MAX + 3; i++)
        save_notices_add(&notices, "settings.json", i + 1, 1, "notice %d", i);
    ck_assert_int_eq(notices.count, SAVE_NOTICES_MAX);
    ck_assert_int_eq(notices.dropped, 3);
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    save_notices_print(&notices, f, NULL);
    rewind(f);
    char line[512], last[512] = "";
    int lines = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (lines == 0)
            ck_assert_str_eq(line, "settings.json:1:1: notice 0\n");
        strcpy(last, line);
        lines++;
    }
    fclose(f);
    ck_assert_int_eq(lines, SAVE_NOTICES_MAX + 1);
    ck_assert_str_eq(last, "3 more notices not shown\n");
    save_notices_clear(&notices);
    ck_assert_int_eq(notices.count + notices.dropped, 0);
}
END_TEST

START_TEST(folder_or_pipe_in_place_of_the_file_is_set_aside_without_hanging)
{
    Scratch sc;
    char path[1100], aside[1200], msg[1024], err[512];
    Settings s;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    snprintf(aside, sizeof aside, "%s.bad-1", path);

    ck_assert_int_eq(mkfifo(path, 0644), 0);
    ck_assert_int_eq(load(path, &s, msg, sizeof msg), SAVE_RECOVERED);
    ck_assert_ptr_nonnull(strstr(msg, "settings.json: not a regular file; using default settings"));
    assert_defaults(&s);
    ck_assert(!file_exists(path));
    ck_assert_int_eq(unlink(aside), 0);

    ck_assert_int_eq(mkdir(path, 0755), 0);
    ck_assert_int_eq(load(path, &s, msg, sizeof msg), SAVE_RECOVERED);
    ck_assert_ptr_nonnull(strstr(msg, "settings.json: not a regular file; using default settings"));
    ck_assert(settings_save(path, &s, err, sizeof err));
    ck_assert_int_eq(rmdir(aside), 0);
    scratch_fini(&sc);
}
END_TEST

START_TEST(save_refuses_malformed_values_and_keeps_old_file)
{
    Scratch sc;
    char path[1100], err[512];
    Settings s;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    write_text(path, "old");

    settings_defaults(&s);
    s.master_volume = 101;
    ck_assert(!settings_save(path, &s, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "out of range"));

    settings_defaults(&s);
    strcpy(s.keys[ACTION_JUMP].names[0], "Tab\n");
    ck_assert(!settings_save(path, &s, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "\"jump\""));

    settings_defaults(&s);
    memset(s.buttons[ACTION_PAUSE].names[0], 'a', SETTINGS_NAME_MAX); /* no terminator */
    ck_assert(!settings_save(path, &s, err, sizeof err));

    char *text = read_all(path, NULL);
    ck_assert_str_eq(text, "old");
    free(text);
    scratch_fini(&sc);
}
END_TEST

START_TEST(binding_rejects_bad_names_and_changes_nothing)
{
    Settings s, d;
    settings_defaults(&s);
    settings_defaults(&d);
    const char *five[] = {"A", "B", "C", "D", "E"};
    ck_assert(!settings_bind_keys(&s, ACTION_JUMP, five, 5));
    const char *twice[] = {"Z", "Z"};
    ck_assert(!settings_bind_keys(&s, ACTION_JUMP, twice, 2));
    const char *control[] = {"Z", "\x1b"};
    ck_assert(!settings_bind_keys(&s, ACTION_JUMP, control, 2));
    const char *spaced[] = {" Z"};
    ck_assert(!settings_bind_keys(&s, ACTION_JUMP, spaced, 1));
    const char *upper[] = {"Start"};
    ck_assert(!settings_bind_buttons(&s, ACTION_PAUSE, upper, 1));
    const char *sign_only[] = {"+"};
    ck_assert(!settings_bind_buttons(&s, ACTION_PAUSE, sign_only, 1));
    const char *none[] = {NULL};
    ck_assert(!settings_bind_keys(&s, ACTION_JUMP, none, 1));
    assert_settings_equal(&s, &d);

    const char *ok[] = {"Return", "Keypad Enter"};
    ck_assert(settings_bind_keys(&s, ACTION_JUMP, ok, 2));
    ck_assert_int_eq(settings_binding_count(&s.keys[ACTION_JUMP]), 2);
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[1], "Keypad Enter");
    ck_assert_str_eq(s.keys[ACTION_JUMP].names[2], "");
}
END_TEST

static Suite *settings_suite(void)
{
    Suite *s = suite_create("save_settings");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, defaults_bind_arrows_wasd_and_the_listed_jump_keys);
    tcase_add_test(tc, action_names_round_trip);
    tcase_add_test(tc, missing_file_gives_defaults_silently);
    tcase_add_test(tc, saved_settings_load_back_identical);
    tcase_add_test(tc, the_assist_and_the_fill_scale_are_saved_and_read_back);
    tcase_add_test(tc, hand_edited_file_is_read_field_by_field);
    tcase_add_test(tc, older_file_without_new_fields_keeps_their_defaults);
    tcase_add_test(tc, text_in_memory_is_read_to_its_length_and_no_further);
    tcase_add_test(tc, show_fps_of_older_files_turns_the_debug_overlay_on);
    tcase_add_loop_test(tc, unusable_file_gives_defaults_and_is_kept_aside, 0, BAD_COUNT);
    tcase_add_loop_test(tc, a_field_at_fault_falls_back_alone_with_a_notice, 0, FIELD_COUNT);
    tcase_add_test(tc, one_bad_value_keeps_every_other_value_and_the_custom_bindings);
    tcase_add_test(tc, a_misspelt_key_name_is_told_and_the_other_names_kept);
    tcase_add_test(tc, a_repeated_key_keeps_the_first);
    tcase_add_test(tc, notices_count_lines_ended_by_cr_lf_or_crlf);
    tcase_add_test(tc, notices_past_the_list_are_counted);
    tcase_add_test(tc, later_saves_and_bad_files_never_overwrite_a_kept_file);
    tcase_add_test(tc, folder_or_pipe_in_place_of_the_file_is_set_aside_without_hanging);
    tcase_add_test(tc, save_refuses_malformed_values_and_keeps_old_file);
    tcase_add_test(tc, binding_rejects_bad_names_and_changes_nothing);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(settings_suite());
}
