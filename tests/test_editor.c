/* SPDX-License-Identifier: Zlib */
/*
** test_editor.c -- the level editor's screen driven as a user drives it,
** with key events into the real front end on a software renderer: the key
** table is README.md's, the keyboard alone paints, places, sets a
** property (a bad value refused where it is typed), undoes and saves, and a
** test run comes back to the editor as it was left. Pictures of each step
** go under the build folder (scratch-editor/shots/).
*/
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath (screen_rig.h) */
#include "editor_internal.h"
#include "screen_rig.h"
#include "check_run.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s does not open", path);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void copy_file(const char *from, const char *to)
{
    char *text = read_file(from);
    FILE *f = fopen(to, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* ---- the key table ---- */

START_TEST(readme_lists_the_keys_the_editor_has)
{
    static char want[16384];
    editor_keys_markdown(want, sizeof want);
    const char *readme = read_file(SOURCE_DIR "/README.md");
    const char *begin = "<!-- the editor's keys: made from src/platform/editor_keys.c -->\n";
    const char *at = strstr(readme, begin);
    ck_assert_msg(at != NULL, "README.md has no line \"%s\"", begin);
    at += strlen(begin);
    ck_assert_msg(strncmp(at, want, strlen(want)) == 0,
                  "README.md's table of the editor's keys is not the editor's; it is:\n%s", want);
    /* and nothing more: the table ends there */
    ck_assert(at[strlen(want)] != '|');
}
END_TEST

START_TEST(every_key_does_one_thing)
{
    /* the table's keys, each with the modifiers it is bound under, lead to
    ** one action each; a key with other modifiers leads to none */
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_Z, KMOD_LCTRL), ACTION_UNDO);
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_Y, KMOD_LCTRL), ACTION_REDO);
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_Z, KMOD_LCTRL | KMOD_LSHIFT), ACTION_REDO);
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_F5, 0), ACTION_PLAY_CURSOR);
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_F5, KMOD_RSHIFT), ACTION_PLAY_START);
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_S, KMOD_LCTRL), ACTION_SAVE);
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_S, 0), ACTION_PAN_DOWN);
    ck_assert_int_eq(editor_key_action(SDL_SCANCODE_Z, KMOD_LALT), ACTION_NONE);
    /* every action but none is reached by some key */
    static bool reached[ACTION_LAST];
    for (int k = 0; k < SDL_NUM_SCANCODES; k++)
        for (int m = 0; m < 8; m++) {
            Uint16 mod = (Uint16)(((m & 1) ? KMOD_LCTRL : 0) | ((m & 2) ? KMOD_LSHIFT : 0) |
                                  ((m & 4) ? KMOD_LALT : 0));
            reached[editor_key_action((SDL_Scancode)k, mod)] = true;
        }
    for (int a = ACTION_NONE + 1; a < ACTION_LAST; a++)
        ck_assert_msg(reached[a], "action %d has no key", a);
}
END_TEST

/* ---- the screen ---- */

static void tap_mod(Frontend *g, SDL_Scancode code, Uint16 mod)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.scancode = code;
    ev.key.keysym.mod = mod;
    frontend_event(g, &ev);
    ev.type = SDL_KEYUP;
    frontend_event(g, &ev);
}

static void type_text(Frontend *g, const char *text)
{
    SDL_Event ev = {0};
    ev.type = SDL_TEXTINPUT;
    snprintf(ev.text.text, sizeof ev.text.text, "%s", text);
    frontend_event(g, &ev);
}

static void frame(ScreenRig *s)
{
    frontend_update(s->game, 1.0 / 60.0);
    screen_draw(s);
}

static const char *scratch(void)
{
    static char dir[1024];
    const char *home = getenv("XDG_DATA_HOME");
    /* ctest sets it to a folder of the build; run by hand without it, the
    ** test would write into the working folder */
    ck_assert_msg(home != NULL && home[0] != '\0', "XDG_DATA_HOME names the test's scratch folder");
    snprintf(dir, sizeof dir, "%s", home);
    mkdir(dir, 0755);
    return dir;
}

START_TEST(the_keyboard_alone_edits_plays_and_saves)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/basic.json", scratch());
    copy_file(SOURCE_DIR "/tests/levels/good/basic.json", path);
    FrontendOptions opt = {.data_dir = SOURCE_DIR, .edit_path = path, .transient = true};
    ScreenRig s;
    screen_open(&s, &opt, NULL);
    Frontend *g = s.game;
    ck_assert_int_eq(g->screen, SCREEN_EDITOR);
    Editor *ed = g->editor;
    ck_assert_ptr_nonnull(ed->doc);
    ck_assert(!ed->read_only);
    frame(&s);
    screen_save(&s, scratch(), "editor-opened");

    /* paint a solid tile two to the right of the cursor, and undo it */
    int x = ed->cursor_x + 2, y = ed->cursor_y;
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_EMPTY);
    screen_tap(g, SDL_SCANCODE_B);
    screen_tap(g, SDL_SCANCODE_RIGHT);
    screen_tap(g, SDL_SCANCODE_RIGHT);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_SOLID);
    ck_assert(edit_modified(ed->doc));
    tap_mod(g, SDL_SCANCODE_Z, KMOD_LCTRL);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_EMPTY);
    tap_mod(g, SDL_SCANCODE_Z, KMOD_LCTRL | KMOD_LSHIFT);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_SOLID);

    /* a switch placed one further on, from the palette by Tab */
    screen_tap(g, SDL_SCANCODE_RIGHT);
    int wanted = kind_find("switch");
    for (int i = 0;
         i < editor_brush_count() && !(ed->tool == TOOL_PLACE && ed->brush_kind == wanted); i++)
        screen_tap(g, SDL_SCANCODE_TAB);
    ck_assert_int_eq(ed->tool, TOOL_PLACE);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(ed->selected_count, 1);
    uint32_t id = ed->selected[0];
    ck_assert_int_eq(edit_entity(ed->doc, id)->e.kind, wanted);

    /* its group: 9 refused where it is typed, 3 taken */
    screen_tap(g, SDL_SCANCODE_F2);
    ck_assert_int_eq(ed->focus, FOCUS_PROPS);
    while (strcmp(ed->fields[ed->field].name, "group") != 0)
        screen_tap(g, SDL_SCANCODE_DOWN);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(ed->typing);
    for (int i = 0; i < 4; i++)
        screen_tap(g, SDL_SCANCODE_BACKSPACE);
    type_text(g, "9");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(ed->typing);
    ck_assert(ed->message_bad);
    ck_assert_ptr_nonnull(strstr(ed->message, "group"));
    char value[64];
    edit_prop_text(ed->doc, id, "group", value, sizeof value);
    ck_assert_str_eq(value, "0");
    frame(&s);
    screen_save(&s, scratch(), "editor-refused");
    screen_tap(g, SDL_SCANCODE_BACKSPACE);
    type_text(g, "3");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(!ed->typing);
    edit_prop_text(ed->doc, id, "group", value, sizeof value);
    ck_assert_str_eq(value, "3");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(ed->focus, FOCUS_CANVAS);

    /* a test run from the cursor, and back: the editor as it was left */
    int cx = ed->cursor_x, cy = ed->cursor_y;
    EditorTool tool = ed->tool;
    const char *undo = edit_undo_label(ed->doc);
    screen_tap(g, SDL_SCANCODE_F5);
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    for (int i = 0; i < 30; i++)
        frame(&s);
    screen_save(&s, scratch(), "editor-test-run");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_EDITOR);
    ck_assert_ptr_eq(g->editor, ed);
    ck_assert_int_eq(ed->cursor_x, cx);
    ck_assert_int_eq(ed->cursor_y, cy);
    ck_assert_int_eq(ed->tool, tool);
    ck_assert_int_eq(ed->selected_count, 1);
    ck_assert_str_eq(edit_undo_label(ed->doc), undo);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_SOLID);

    /* the long ways across: End and Home to the last and first column,
    ** Ctrl+arrows a screen's worth of tiles at the zoom shown */
    screen_tap(g, SDL_SCANCODE_END);
    ck_assert_int_eq(ed->cursor_x, edit_width(ed->doc) - 1);
    ck_assert_int_eq(ed->cursor_y, cy);
    screen_tap(g, SDL_SCANCODE_HOME);
    ck_assert_int_eq(ed->cursor_x, 0);
    int across = (int)((float)EDITOR_CANVAS_W / ed->zoom) / TILE_SIZE;
    tap_mod(g, SDL_SCANCODE_RIGHT, KMOD_LCTRL);
    ck_assert_int_eq(ed->cursor_x, across < edit_width(ed->doc) ? across : edit_width(ed->doc) - 1);
    tap_mod(g, SDL_SCANCODE_LEFT, KMOD_LCTRL);
    ck_assert_int_eq(ed->cursor_x, 0);

    /* saved: the file is the document */
    tap_mod(g, SDL_SCANCODE_S, KMOD_LCTRL);
    ck_assert(!edit_modified(ed->doc));
    size_t len;
    char *text = edit_text(ed->doc, &len);
    ck_assert_str_eq(read_file(path), text);
    free(text);
    frame(&s);
    screen_save(&s, scratch(), "editor-saved");
    screen_close(&s);
}
END_TEST

/* Moves the settings' cursor to the row named name (F4 opens them). */
static void settings_row(Frontend *g, const char *name)
{
    Editor *ed = g->editor;
    if (ed->focus != FOCUS_SETTINGS)
        screen_tap(g, SDL_SCANCODE_F4);
    ck_assert_int_eq(ed->focus, FOCUS_SETTINGS);
    for (int i = 0; i < ed->field_count && strcmp(ed->fields[ed->field].name, name) != 0; i++)
        screen_tap(g, SDL_SCANCODE_DOWN);
    ck_assert_str_eq(ed->fields[ed->field].name, name);
}

/* Types value into the settings' row name (Enter, clear, type, Enter). */
static void settings_type(Frontend *g, const char *name, const char *value)
{
    settings_row(g, name);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(g->editor->typing);
    for (int i = 0; i < 8; i++)
        screen_tap(g, SDL_SCANCODE_BACKSPACE);
    type_text(g, value);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(!g->editor->typing);
}

START_TEST(a_resize_from_the_settings_and_its_undo)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/resize.json", scratch());
    copy_file(SOURCE_DIR "/tests/levels/good/basic.json", path);
    char autosave[1300];
    snprintf(autosave, sizeof autosave, "%s.autosave", path);
    remove(autosave); /* a failed run's */
    FrontendOptions opt = {.data_dir = SOURCE_DIR, .edit_path = path, .transient = true};
    ScreenRig s;
    screen_open(&s, &opt, NULL);
    Frontend *g = s.game;
    Editor *ed = g->editor;
    frame(&s);
    int w = edit_width(ed->doc), h = edit_height(ed->doc);
    char narrower[16];
    snprintf(narrower, sizeof narrower, "%d", w - 3);

    /* a width typed is only the form's until its row applies it */
    settings_type(g, "width", narrower);
    ck_assert_int_eq(ed->resize_w, w - 3);
    ck_assert_int_eq(edit_width(ed->doc), w);
    settings_row(g, "resize");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(edit_width(ed->doc), w - 3);
    ck_assert_int_eq(edit_height(ed->doc), h);
    screen_tap(g, SDL_SCANCODE_ESCAPE);

    /* undone, the form shows the level's size again; redone, the new one */
    tap_mod(g, SDL_SCANCODE_Z, KMOD_LCTRL);
    ck_assert_int_eq(edit_width(ed->doc), w);
    ck_assert_int_eq(ed->resize_w, w);
    ck_assert_int_eq(ed->resize_h, h);
    frame(&s);
    screen_save(&s, scratch(), "editor-resize-undone");
    tap_mod(g, SDL_SCANCODE_Z, KMOD_LCTRL | KMOD_LSHIFT);
    ck_assert_int_eq(edit_width(ed->doc), w - 3);
    ck_assert_int_eq(ed->resize_w, w - 3);

    /* a size typed and not applied outlives the undo of another change */
    screen_tap(g, SDL_SCANCODE_B);
    screen_tap(g, SDL_SCANCODE_RETURN);
    settings_type(g, "height", "30");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    tap_mod(g, SDL_SCANCODE_Z, KMOD_LCTRL);
    ck_assert_int_eq(edit_width(ed->doc), w - 3);
    ck_assert_int_eq(ed->resize_h, 30);
    screen_close(&s);
}
END_TEST

START_TEST(a_new_level_asks_its_size_and_a_shipped_one_is_read_only_unless_named)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/fresh.json", scratch());
    remove(path);
    FrontendOptions opt = {.data_dir = SOURCE_DIR, .edit_path = path, .transient = true};
    ScreenRig s;
    screen_open(&s, &opt, NULL);
    Frontend *g = s.game;
    Editor *ed = g->editor;
    ck_assert_int_eq(ed->ask, ASK_NEW);
    frame(&s);
    screen_save(&s, scratch(), "editor-new-form");
    screen_tap(g, SDL_SCANCODE_BACKSPACE);
    screen_tap(g, SDL_SCANCODE_BACKSPACE);
    type_text(g, "30");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_ptr_nonnull(ed->doc);
    ck_assert_int_eq(edit_width(ed->doc), 30);
    tap_mod(g, SDL_SCANCODE_S, KMOD_LCTRL);
    LevelErrors *errors = calloc(1, sizeof *errors);
    LevelDesc desc;
    ck_assert(level_load(path, NULL, &desc, errors)); /* a new level plays at once */
    leveldesc_fini(&desc);
    free(errors);
    screen_close(&s);

    /* A level of the game's data opened from Make levels (no --edit) is
    ** read-only: Ctrl+S is refused and the file stays as it was. */
    const char *shipped_path = SOURCE_DIR "/levels/01-first-steps.json";
    FrontendOptions shipped = {.data_dir = SOURCE_DIR, .transient = true};
    screen_open(&s, &shipped, NULL);
    char err[512];
    ck_assert_msg(editor_open_path(s.game, shipped_path, false, err, sizeof err), "%s", err);
    frontend_go(s.game, SCREEN_EDITOR);
    frame(&s);
    ck_assert_int_eq(s.game->screen, SCREEN_EDITOR);
    ed = s.game->editor;
    ck_assert(ed->read_only);
    tap_mod(s.game, SDL_SCANCODE_S, KMOD_LCTRL);
    ck_assert(ed->message_bad); /* refused: the game's data is never written */
    screen_close(&s);

    /* Named with --edit, the same level is edited in place where it may be
    ** written (the game's designers in its source), and opens read-only
    ** where it may not. A copy of the data stands in for the game's. */
    char data[1200], levels[1300], copy[1400];
    snprintf(data, sizeof data, "%s/in-place", scratch());
    snprintf(levels, sizeof levels, "%s/levels", data);
    snprintf(copy, sizeof copy, "%s/01-first-steps.json", levels);
    screen_make_dir(data);
    screen_make_dir(levels);
    char assets[1300];
    snprintf(assets, sizeof assets, "%s/assets", data);
    screen_link(SOURCE_DIR "/assets", assets);
    chmod(copy, 0644);
    copy_file(shipped_path, copy);
    char campaign[1400];
    snprintf(campaign, sizeof campaign, "%s/campaign.json", levels);
    screen_write_file(campaign, "{\"format\": 1, \"levels\": [{\"file\": \"01-first-steps.json\", "
                                "\"title\": \"First Steps\"}]}\n");
    FrontendOptions named = {.data_dir = data, .edit_path = copy, .transient = true};
    screen_open(&s, &named, NULL);
    ck_assert(!s.game->editor->read_only);
    screen_close(&s);
    ck_assert_int_eq(chmod(copy, 0444), 0);
    if (access(copy, W_OK) != 0) { /* root may write it all the same */
        screen_open(&s, &named, NULL);
        ck_assert(s.game->editor->read_only);
        screen_close(&s);
    }
    chmod(copy, 0644);
}
END_TEST

/* The picture README.md shows (docs/editor.png is this one at scale 2):
** a shipped level, a platform selected, its path and properties shown. */
START_TEST(the_picture_of_a_shipped_level)
{
    FrontendOptions opt = {
        .data_dir = SOURCE_DIR, .edit_path = SOURCE_DIR "/levels/07-lifts.json", .transient = true};
    ScreenRig s;
    screen_open(&s, &opt, NULL);
    Frontend *g = s.game;
    Editor *ed = g->editor;
    const LevelDesc *lv = edit_level(ed->doc);
    int platform = kind_find("platform"), i = 0;
    while (i < lv->entity_count && lv->entities[i].kind != platform)
        i++;
    ck_assert_int_lt(i, lv->entity_count);
    ed->cursor_x = lv->entities[i].x / TILE_SIZE;
    ed->cursor_y = lv->entities[i].y / TILE_SIZE;
    editor_center_on(ed, (float)lv->entities[i].x, (float)lv->entities[i].y);
    screen_tap(g, SDL_SCANCODE_V);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(ed->selected_count, 1);
    ck_assert_int_eq(edit_entity(ed->doc, ed->selected[0])->e.kind, platform);
    screen_tap(g, SDL_SCANCODE_F2);
    frame(&s);
    screen_save(&s, scratch(), "editor-lifts");

    /* the cursor walked right keeps four tiles of what lies ahead in view */
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(ed->focus, FOCUS_CANVAS);
    float vw = (float)EDITOR_CANVAS_W / ed->zoom;
    int start = ed->cursor_x;
    for (int n = 0; n < 40; n++) {
        screen_tap(g, SDL_SCANCODE_RIGHT);
        if (ed->cursor_x + 5 <= edit_width(ed->doc))
            ck_assert_float_le((float)((ed->cursor_x + 5) * TILE_SIZE), ed->view_x + vw + 0.01f);
    }
    ck_assert_int_eq(ed->cursor_x, start + 40);
    screen_close(&s);
}
END_TEST

/* Changes not saved survive the editor going away (an autosave, offered
** back); a file another program changes is offered to be read again. */
START_TEST(autosave_and_a_file_changed_on_disk)
{
    char path[1200], side[1300];
    snprintf(path, sizeof path, "%s/kept.json", scratch());
    snprintf(side, sizeof side, "%s.autosave", path);
    copy_file(SOURCE_DIR "/tests/levels/good/basic.json", path);
    remove(side);
    FrontendOptions opt = {.data_dir = SOURCE_DIR, .edit_path = path, .transient = true};
    ScreenRig s;
    screen_open(&s, &opt, NULL);
    Editor *ed = s.game->editor;
    int x = ed->cursor_x + 2, y = ed->cursor_y;
    screen_tap(s.game, SDL_SCANCODE_B);
    screen_tap(s.game, SDL_SCANCODE_RIGHT);
    screen_tap(s.game, SDL_SCANCODE_RIGHT);
    screen_tap(s.game, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_SOLID);
    FILE *f = fopen(side, "rb");
    ck_assert_ptr_null(f); /* not yet */
    for (int i = 0; i < 31; i++)
        frontend_update(s.game, 1.0); /* half a minute */
    f = fopen(side, "rb");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    screen_close(&s); /* gone with the change unsaved */

    screen_open(&s, &opt, NULL);
    ed = s.game->editor;
    ck_assert_int_eq(ed->ask, ASK_RESTORE);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_EMPTY); /* the file as it is */
    frame(&s);
    screen_save(&s, scratch(), "editor-restore");
    screen_tap(s.game, SDL_SCANCODE_R);
    ck_assert_int_eq(ed->ask, ASK_NONE);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_SOLID); /* the autosave's */
    tap_mod(s.game, SDL_SCANCODE_S, KMOD_LCTRL);
    f = fopen(side, "rb");
    ck_assert_ptr_null(f); /* a save takes it away */

    /* another program writes the file: the editor asks, and R reads it */
    copy_file(SOURCE_DIR "/tests/levels/good/basic.json", path);
    for (int i = 0; i < 20 && ed->ask != ASK_RELOAD; i++) {
        SDL_Delay(100);
        frontend_update(s.game, 0.5);
    }
    ck_assert_int_eq(ed->ask, ASK_RELOAD);
    screen_tap(s.game, SDL_SCANCODE_R);
    ck_assert_int_eq(edit_tile(ed->doc, x, y), TILE_EMPTY);
    /* and F1 shows the keys */
    screen_tap(s.game, SDL_SCANCODE_F1);
    ck_assert(ed->help);
    frame(&s);
    screen_save(&s, scratch(), "editor-help");
    screen_close(&s);
}
END_TEST

/* A short level: Pip, four tiles of floor, the goal. Holding right wins. */
static const char short_level[] =
    "{\n  \"format\": 1,\n  \"name\": \"Short Walk\",\n  \"background\": \"hills\",\n"
    "  \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},\n"
    "  \"tiles\": [\n    \"............\",\n    \"............\",\n    \".P.......G..\",\n"
    "    \"############\"\n  ]\n}\n";

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, strlen(text), f), strlen(text));
    ck_assert_int_eq(fclose(f), 0);
}

/* Empties a folder of files and removes it (a run before left it). */
static void remove_folder(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[1400];
        snprintf(path, sizeof path, "%.1100s/%.250s", dir, e->d_name);
        if (e->d_name[0] != '.')
            ck_assert_int_eq(unlink(path), 0);
    }
    closedir(d);
    ck_assert_int_eq(rmdir(dir), 0);
}

/* Plays the level from its start holding right until the finish leads back. */
static void finish_a_run(ScreenRig *s)
{
    Frontend *g = s->game;
    tap_mod(g, SDL_SCANCODE_F5, KMOD_LSHIFT);
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    screen_key(g, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 60 * 20 && g->screen == SCREEN_PLAY; i++)
        frame(s);
    screen_key(g, SDL_SCANCODE_RIGHT, false);
    ck_assert_int_eq(g->screen, SCREEN_EDITOR);
    ck_assert(g->editor->run_finished);
}

START_TEST(a_level_joins_a_pack_with_the_replay_of_its_test_run)
{
    FrontendOptions opt = {.data_dir = SOURCE_DIR, .transient = true};
    ScreenRig s;
    screen_open(&s, &opt, NULL);
    Frontend *g = s.game;
    char levels[1200], path[1300], user[1200], err[512];
    custom_user_dir(g, user, sizeof user);
    ck_assert_ptr_nonnull(strstr(user, scratch()));
    ck_assert(editor_user_folder(g, levels, sizeof levels));
    char pack[1300], moved[1400];
    snprintf(pack, sizeof pack, "%spacks/my-trials/", user);
    remove_folder(pack);
    snprintf(path, sizeof path, "%s/short.json", levels);
    write_text(path, short_level);
    ck_assert_msg(editor_open_path(g, path, false, err, sizeof err), "%s", err);
    frontend_go(g, SCREEN_EDITOR);
    frame(&s);
    ck_assert_int_eq(g->screen, SCREEN_EDITOR);
    Editor *ed = g->editor;

    /* no run yet: nothing to keep */
    tap_mod(g, SDL_SCANCODE_R, KMOD_LCTRL);
    ck_assert(ed->message_bad);

    /* a run from the start, kept: the game's own --verify passes it */
    finish_a_run(&s);
    ck_assert_ptr_nonnull(strstr(ed->message, "Ctrl+R"));
    tap_mod(g, SDL_SCANCODE_R, KMOD_LCTRL);
    ck_assert_msg(!ed->message_bad, "%s", ed->message);
    char replay[1400];
    snprintf(replay, sizeof replay, "%s/short.replay", levels);
    char *argv[] = {"platformer", "--headless", "--verify", replay, NULL};
    ck_assert_int_eq(app_headless(4, argv, SOURCE_DIR, NULL), 0);

    /* a change after the run: that run is not the level's any more */
    screen_tap(g, SDL_SCANCODE_B);
    screen_tap(g, SDL_SCANCODE_UP);
    screen_tap(g, SDL_SCANCODE_RETURN);
    tap_mod(g, SDL_SCANCODE_R, KMOD_LCTRL);
    ck_assert(ed->message_bad);
    ck_assert_ptr_nonnull(strstr(ed->message, "changed"));
    tap_mod(g, SDL_SCANCODE_Z, KMOD_LCTRL);

    /* into a new pack, typed: the level and its replay move, the pack lists it */
    tap_mod(g, SDL_SCANCODE_P, KMOD_LCTRL);
    ck_assert_int_eq(ed->ask, ASK_PACK);
    type_text(g, "my-trials");
    frame(&s);
    screen_save(&s, scratch(), "editor-add-to-pack");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_msg(ed->ask == ASK_NONE && !ed->message_bad, "%s", ed->message);
    snprintf(moved, sizeof moved, "%sshort.json", pack);
    ck_assert_str_eq(ed->path, moved);
    ck_assert(access(path, F_OK) != 0);
    ck_assert(access(replay, F_OK) != 0);
    snprintf(replay, sizeof replay, "%sshort.replay", pack);
    ck_assert_int_eq(app_headless(4, argv, SOURCE_DIR, NULL), 0);
    PackInfo info;
    Campaign *c = malloc(sizeof *c);
    ck_assert_msg(pack_load(pack, "my-trials", &info, c), "%s", info.error);
    ck_assert_int_eq(c->count, 1);
    ck_assert_str_eq(c->levels[0].file, "short.json");
    ck_assert_str_eq(c->levels[0].title, "Short Walk");
    ck_assert_str_eq(info.meta.title, "my-trials");

    /* a second level joins the same pack, chosen from the list, after the first */
    snprintf(path, sizeof path, "%s/second.json", levels);
    write_text(path, short_level);
    ck_assert_msg(editor_open_path(g, path, false, err, sizeof err), "%s", err);
    tap_mod(g, SDL_SCANCODE_P, KMOD_LCTRL);
    ck_assert_int_eq(ed->pack_count, 1);
    ck_assert_str_eq(ed->packs[0], "my-trials");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_msg(!ed->message_bad, "%s", ed->message);
    ck_assert(pack_load(pack, "my-trials", &info, c));
    ck_assert_int_eq(c->count, 2);
    ck_assert_str_eq(c->levels[1].file, "second.json");

    /* a pack whose list cannot be read: refused with its place, nothing moved */
    char broken[1400];
    snprintf(broken, sizeof broken, "%spacks/broken", user);
    remove_folder(broken);
    ck_assert_int_eq(mkdir(broken, 0755), 0);
    snprintf(broken, sizeof broken, "%spacks/broken/campaign.json", user);
    write_text(broken, "{\n  \"format\": 1,\n  \"levels\": [\n");
    snprintf(path, sizeof path, "%s/third.json", levels);
    write_text(path, short_level);
    ck_assert_msg(editor_open_path(g, path, false, err, sizeof err), "%s", err);
    tap_mod(g, SDL_SCANCODE_P, KMOD_LCTRL);
    ck_assert_int_eq(ed->pack_count, 2);
    ck_assert_str_eq(ed->packs[0], "broken");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(ed->message_bad);
    ck_assert_msg(strstr(ed->message, "broken/campaign.json:") != NULL, "%s", ed->message);
    ck_assert_str_eq(ed->path, path);
    ck_assert_int_eq(access(path, F_OK), 0);
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(ed->ask, ASK_NONE);
    ck_assert_int_eq(unlink(broken), 0);
    snprintf(broken, sizeof broken, "%spacks/broken", user);
    remove_folder(broken);

    /* Make levels lists the pack's levels in order; Left moves the second first */
    tap_mod(g, SDL_SCANCODE_Q, KMOD_LCTRL);
    frame(&s);
    frame(&s);
    ck_assert_int_eq(g->screen, SCREEN_MAKE);
    Menu *m = &g->menus.menu;
    int heading = -1;
    for (int i = 0; i < m->count && heading < 0; i++)
        if (m->items[i].heading &&
            strcmp(m->items[i].label, "PACK MY-TRIALS") == 0 /* menus show capitals */)
            heading = i;
    ck_assert_int_ge(heading, 0);
    ck_assert_str_eq(m->items[heading + 1].label, " 1 SHORT WALK");
    ck_assert_str_eq(m->items[heading + 2].label, " 2 SHORT WALK");
    menu_select(m, m->items[heading + 2].id);
    screen_tap(g, SDL_SCANCODE_LEFT);
    ck_assert(pack_load(pack, "my-trials", &info, c));
    ck_assert_int_eq(c->count, 2);
    ck_assert_str_eq(c->levels[0].file, "second.json");
    ck_assert_str_eq(c->levels[1].file, "short.json");
    ck_assert_int_eq(m->cursor, heading + 1); /* the cursor went with the level */
    frame(&s);
    screen_save(&s, scratch(), "make-levels-pack");
    screen_close(&s);
    free(c);
}
END_TEST

static Suite *editor_suite(void)
{
    Suite *s = suite_create("editor");
    TCase *tc = tcase_create("editor");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, readme_lists_the_keys_the_editor_has);
    tcase_add_test(tc, every_key_does_one_thing);
    tcase_add_test(tc, the_keyboard_alone_edits_plays_and_saves);
    tcase_add_test(tc, a_resize_from_the_settings_and_its_undo);
    tcase_add_test(tc, a_new_level_asks_its_size_and_a_shipped_one_is_read_only_unless_named);
    tcase_add_test(tc, the_picture_of_a_shipped_level);
    tcase_add_test(tc, autosave_and_a_file_changed_on_disk);
    tcase_add_test(tc, a_level_joins_a_pack_with_the_replay_of_its_test_run);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(editor_suite());
}
