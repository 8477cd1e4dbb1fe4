/* test_save_settings.c -- settings.json: defaults, round trips, bad files kept aside. */
#include "save/fixture.h"

#include "settings.h"

static void assert_settings_equal(const Settings *a, const Settings *b)
{
    ck_assert_int_eq(a->window_scale, b->window_scale);
    ck_assert_int_eq(a->fullscreen, b->fullscreen);
    ck_assert_int_eq(a->vsync, b->vsync);
    ck_assert_int_eq(a->master_volume, b->master_volume);
    ck_assert_int_eq(a->sfx_volume, b->sfx_volume);
    ck_assert_int_eq(a->mute, b->mute);
    ck_assert_int_eq(a->debug_overlay, b->debug_overlay);
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

/* ---- defaults and the good path ---- */

START_TEST(defaults_bind_arrows_wasd_and_the_listed_jump_keys)
{
    Settings s;
    settings_defaults(&s);
    ck_assert_int_eq(s.window_scale, 0);
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
    ck_assert_int_eq(settings_load(path, &s, msg, sizeof msg), SAVE_MISSING);
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
    s.mute = true;
    s.debug_overlay = true;
    const char *keys[] = {"\\", "\"", "Left Shift", "\xC3\xA9"}; /* backslash, quote, space, e-acute */
    ck_assert(settings_bind_keys(&s, ACTION_JUMP, keys, 4));
    ck_assert(settings_bind_keys(&s, ACTION_PAUSE, NULL, 0));
    const char *buttons[] = {"paddle1", "righty+"};
    ck_assert(settings_bind_buttons(&s, ACTION_RESTART, buttons, 2));

    ck_assert_msg(settings_save(path, &s, err, sizeof err), "%s", err);
    ck_assert_int_eq(settings_load(path, &back, msg, sizeof msg), SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    assert_settings_equal(&back, &s);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "settings.json");
    scratch_fini(&sc);
}
END_TEST

START_TEST(hand_edited_file_is_read_field_by_field)
{
    Settings s;
    char msg[1024];
    ck_assert_int_eq(settings_load(SAVE_TEST_DATA "/settings-custom.json", &s, msg, sizeof msg),
                     SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    ck_assert_int_eq(s.window_scale, 3);
    ck_assert(s.fullscreen);
    ck_assert(!s.vsync);
    ck_assert_int_eq(s.master_volume, 55);
    ck_assert_int_eq(s.sfx_volume, 40);
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
    ck_assert_int_eq(settings_load(SAVE_TEST_DATA "/settings-old.json", &s, msg, sizeof msg),
                     SAVE_LOADED);
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
    ck_assert_msg(settings_parse(on, sizeof on - 1, &s, err, sizeof err), "%s", err);
    ck_assert(s.debug_overlay);
    static const char off[] = "{\"format\": 1, \"show_fps\": false}";
    ck_assert(settings_parse(off, sizeof off - 1, &s, err, sizeof err));
    ck_assert(!s.debug_overlay);
    static const char bad[] = "{\"format\": 1, \"show_fps\": \"yes\"}";
    ck_assert(!settings_parse(bad, sizeof bad - 1, &s, err, sizeof err));
    ck_assert_str_eq(err, "1:27: show_fps: expected true or false, got \"yes\"");

    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    ck_assert(settings_parse(on, sizeof on - 1, &s, err, sizeof err));
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
    ck_assert_msg(settings_parse(text, len, &s, err, sizeof err), "%s", err);
    assert_defaults(&s);
    free(text);

    /* exactly len bytes on the heap: reading one more is an overflow */
    text = malloc(len);
    ck_assert_ptr_nonnull(text);
    memcpy(text, good, len);
    ck_assert_msg(settings_parse(text, len, &s, err, sizeof err), "%s", err);
    free(text);

    /* cut short inside the value: the end of the given bytes is the end */
    char cut[] = "{\"format\":1, \"mute\": true}";
    ck_assert(!settings_parse(cut, 13, &s, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "1:14: unexpected end of file"));
    /* white space after the value is fine, anything else is not */
    char spaced[] = "{\"format\":1, \"mute\": true} \n x";
    ck_assert_msg(settings_parse(spaced, sizeof spaced - 4, &s, err, sizeof err), "%s", err);
    ck_assert(s.mute);
    ck_assert(!settings_parse(spaced, sizeof spaced - 1, &s, err, sizeof err));
    ck_assert_str_eq(err, "2:2: unexpected 'x' after the end of the JSON value");
}
END_TEST

/* ---- bad files ---- */

typedef struct BadCase {
    const char *text;     /* NULL: the test makes the bytes */
    const char *expect;   /* a part of the message */
} BadCase;

/* Each problem is told with the place of the value at fault, and a field by
** its JSON path. */
static const BadCase BAD[] = {
    {"", "settings.json:1:1: the file is empty"},
    {"  \n\t\n", "settings.json:3:1: the file is empty"},
    {"{\"format\": 1, \"master_volume\": 50,", "settings.json:1:35: unexpected end of file"},
    {"{\n  \"format\": 1,\n  \"vsync\": tru\n}", "settings.json:3:12: unexpected word 'tru'"},
    {"{\"format\": 1} trailing", "settings.json:1:15: unexpected 't' after the end of the JSON value"},
    {"[1, 2, 3]", "settings.json:1:1: the top level must be an object"},
    {"{\"master_volume\": 50}", "settings.json:1:1: missing \"format\""},
    {"{\"format\": 2}", "settings.json:1:12: format: this version reads format 1, not 2"},
    {"{\"format\": 1, \"master_volume\": \"loud\"}",
     "settings.json:1:32: master_volume: expected an integer from 0 to 100, got \"loud\""},
    {"{\"format\": 1, \"master_volume\": 101}", "from 0 to 100, got 101"},
    {"{\"format\": 1, \"sfx_volume\": -1}", "sfx_volume: expected an integer from 0 to 100, got -1"},
    {"{\"format\": 1, \"window_scale\": 1e300}", "window_scale: expected an integer from 0 to 8, got 1e+300"},
    {"{\"format\": 1, \"window_scale\": 1e999}", "window_scale: expected an integer from 0 to 8, got inf"},
    {"{\"format\": 1, \"window_scale\": 2.5}", "window_scale: expected an integer from 0 to 8, got 2.5"},
    {"{\"format\": 1, \"fullscreen\": 1}", "settings.json:1:29: fullscreen: expected true or false, got 1"},
    {"{\"format\": 1, \"mute\": null}", "mute: expected true or false, got null"},
    {"{\"format\": 1, \"fullscren\": true}",
     "settings.json:1:15: unknown key \"fullscren\" (did you mean \"fullscreen\"?)"},
    {"{\"format\": 1, \"vsync\": true, \"vsync\": false}",
     "settings.json:1:30: duplicate key \"vsync\" (first at 1:15)"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\"], \"jump\": [\"X\"]}}",
     "settings.json:1:39: keys: duplicate key \"jump\" (first at 1:24)"},
    {"{\"format\": 1, \"keys\": [\"Z\"]}", "keys: expected an object, got an array"},
    {"{\"format\": 1, \"keys\": {\"jmup\": [\"Z\"]}}",
     "settings.json:1:24: keys: unknown key \"jmup\" (did you mean \"jump\"?)"},
    {"{\"format\": 1, \"keys\": {\"jump\": \"Z\"}}", "keys.jump: expected an array, got \"Z\""},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"A\", \"B\", \"C\", \"D\", \"E\"]}}",
     "keys.jump: at most 4 names, got 5"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\", 5]}}", "settings.json:1:38: keys.jump[1]: expected a string, got 5"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\\u0001\"]}}", "keys.jump[0]: control character"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"\"]}}", "keys.jump[0]: empty text"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"\xC3\"]}}", "settings.json:1:34: invalid UTF-8 (byte 0xC3)"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\"]}}",
     "keys.jump[0]: key name too long"},
    {"{\"format\": 1, \"keys\": {\"jump\": [\"Z\", \"Z\"]}}", "settings.json:1:38: keys.jump[1]: \"Z\" is listed twice"},
    {"{\"format\": 1, \"gamepad\": {\"jump\": [\"A\"]}}", "gamepad.jump[0]: a button name may use only"},
    {"{\"format\": 1, \"gamepad\": {\"jump\": [\"-a\"]}}", "gamepad.jump[0]: a button name may use only"},
    {NULL, "settings.json:2:14: expected ',' or '}' after a member, got a NUL byte"}, /* case 31: a NUL inside */
    {NULL, "settings.json:1:"},    /* case 32: random bytes */
    {NULL, "settings.json: the file is larger than 1 MiB"}, /* case 33: bigger than SAVE_MAX_FILE */
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

START_TEST(bad_file_gives_defaults_and_is_kept_aside)
{
    Scratch sc;
    char path[1100], aside[1200], msg[1024], want[1300], list[256];
    Settings s;
    size_t len;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    char *bytes = bad_bytes(_i, &len);
    write_bytes(path, bytes, len);

    ck_assert_int_eq(settings_load(path, &s, msg, sizeof msg), SAVE_RECOVERED);
    assert_defaults(&s);
    ck_assert_msg(strstr(msg, BAD[_i].expect) != NULL, "case %d: \"%s\" lacks \"%s\"", _i, msg,
                  BAD[_i].expect);
    ck_assert_msg(strncmp(msg, path, strlen(path)) == 0, "message does not start with the path: %s", msg);
    ck_assert_ptr_null(strchr(msg, '\n'));
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    snprintf(want, sizeof want, "using default settings (the file was kept as %s)", aside);
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

START_TEST(later_saves_and_bad_files_never_overwrite_a_kept_file)
{
    Scratch sc;
    char path[1100], aside[1200], msg[1024], err[512], list[256];
    Settings s;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    write_text(path, "{\"format\": 1, \"master_volume\": 500}");
    ck_assert_int_eq(settings_load(path, &s, msg, sizeof msg), SAVE_RECOVERED);

    /* The game goes on and saves good settings. */
    s.master_volume = 60;
    ck_assert(settings_save(path, &s, err, sizeof err));
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    char *kept = read_all(aside, NULL);
    ck_assert_str_eq(kept, "{\"format\": 1, \"master_volume\": 500}");
    free(kept);
    ck_assert_int_eq(settings_load(path, &s, msg, sizeof msg), SAVE_LOADED);
    ck_assert_int_eq(s.master_volume, 60);

    /* Broken again later: the second bad file gets the next number. */
    write_text(path, "{");
    ck_assert_int_eq(settings_load(path, &s, msg, sizeof msg), SAVE_RECOVERED);
    ck_assert_ptr_nonnull(strstr(msg, "settings.json.bad-2"));
    kept = read_all(aside, NULL);
    ck_assert_str_eq(kept, "{\"format\": 1, \"master_volume\": 500}");
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

START_TEST(folder_or_pipe_in_place_of_the_file_is_set_aside_without_hanging)
{
    Scratch sc;
    char path[1100], aside[1200], msg[1024], err[512];
    Settings s;
    scratch_init(&sc);
    scratch_path(&sc, "settings.json", path, sizeof path);
    snprintf(aside, sizeof aside, "%s.bad-1", path);

    ck_assert_int_eq(mkfifo(path, 0644), 0);
    ck_assert_int_eq(settings_load(path, &s, msg, sizeof msg), SAVE_RECOVERED);
    ck_assert_ptr_nonnull(strstr(msg, "settings.json: not a regular file; using default settings"));
    assert_defaults(&s);
    ck_assert(!file_exists(path));
    ck_assert_int_eq(unlink(aside), 0);

    ck_assert_int_eq(mkdir(path, 0755), 0);
    ck_assert_int_eq(settings_load(path, &s, msg, sizeof msg), SAVE_RECOVERED);
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
    tcase_add_test(tc, hand_edited_file_is_read_field_by_field);
    tcase_add_test(tc, older_file_without_new_fields_keeps_their_defaults);
    tcase_add_test(tc, text_in_memory_is_read_to_its_length_and_no_further);
    tcase_add_test(tc, show_fps_of_older_files_turns_the_debug_overlay_on);
    tcase_add_loop_test(tc, bad_file_gives_defaults_and_is_kept_aside, 0, BAD_COUNT);
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
    SRunner *sr = srunner_create(settings_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
