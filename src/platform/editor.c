/* SPDX-License-Identifier: Zlib */
/*
** editor.c -- the level editor's screen: its life, the file it edits, and
** the questions it asks.
**
** The screen holds one document of edit/ at a time. Everything the user
** does becomes a command of edit.h (editor_tools.c, editor_panel.c,
** editor_keys.c); after each, editor_changed marks the drawn level stale,
** and the next frame builds the level's Sim again (the game's own
** spawning, drawn by the game's own renderer) and runs the check, which
** edit/ does whole in a few milliseconds even for the largest level.
**
** The file. Ctrl+S writes it atomically (edit_save). A level of the game's
** own data opens read-only: Ctrl+Shift+S saves a copy into the user's
** levels folder and goes on with the copy, so the install is never
** written. Every 30 s, while there are changes not yet autosaved, the
** level is written to a side file (FILE.autosave), and again when the
** editor goes away with changes unsaved (the window closed, the game
** quit); a save removes it. Opening a file whose side file is there, and
** differs from it, asks whether to take the autosave back. The file is
** watched (level/watch.c, as hot reload does): when another program
** changes it, the editor asks whether to read it again.
**
** Test runs. F5 plays the level as it is now, from the cursor (the player
** start moved there) or, with Shift, from its start: the document's text is
** read by the loader into a LevelDesc that the session plays
** (session_play_desc); Esc or the finish comes back here, to the same
** Editor, which keeps where Pip died or finished as markers.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "editor_internal.h"

#include "json_file.h"

#include "atomic.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const SDL_Color EDITOR_TEXT = {236, 238, 250, 255};
const SDL_Color EDITOR_DIM = {150, 156, 186, 255};
const SDL_Color EDITOR_ACCENT = {255, 214, 102, 255};
const SDL_Color EDITOR_BAD = {255, 110, 100, 255};
const SDL_Color EDITOR_PANEL_BG = {22, 24, 44, 255};

enum { AUTOSAVE_SECONDS = 30 };

/* The new level's form: its defaults. */
enum { NEW_W = 60, NEW_H = 17 };

void editor_text(Frontend *g, const char *text, int x, int y, int w, SDL_Color c)
{
    if (render_text_width(&g->atlas, text) <= w) {
        render_text(&g->batch, &g->atlas, text, x, y, c);
        return;
    }
    char cut[512];
    snprintf(cut, sizeof cut, "%s", text);
    size_t n = strlen(cut);
    while (n > 0) {
        cut[--n] = '\0';
        while (n > 0 && ((unsigned char)cut[n - 1] & 0xC0) == 0x80) /* a whole character */
            cut[--n] = '\0';
        char with[520];
        snprintf(with, sizeof with, "%s..", cut);
        if (render_text_width(&g->atlas, with) <= w) {
            render_text(&g->batch, &g->atlas, with, x, y, c);
            return;
        }
    }
}

void editor_note(Editor *ed, bool bad, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ed->message, sizeof ed->message, fmt, ap);
    va_end(ap);
    ed->message_bad = bad;
}

void editor_changed(Editor *ed)
{
    ed->stale = true;
    ed->autosave_dirty = true;
    editor_select_prune(ed);
}

/* ---- files ----------------------------------------------------------------------- */

/* A folder of the player's data folder (beside settings.json), made when missing. */
static bool user_subfolder(const Frontend *g, const char *name, char *out, size_t cap)
{
    char dir[EDITOR_PATH_MAX];
    custom_user_dir(g, dir, sizeof dir);
    if (dir[0] == '\0')
        return false;
    int n = snprintf(out, cap, "%s%s", dir, name);
    if (n < 0 || (size_t)n >= cap)
        return false;
    return mkdir(out, 0755) == 0 || errno == EEXIST;
}

bool editor_user_folder(const Frontend *g, char *out, size_t cap)
{
    return user_subfolder(g, "levels", out, cap);
}

bool editor_packs_folder(const Frontend *g, char *out, size_t cap)
{
    return user_subfolder(g, "packs", out, cap);
}

bool editor_copy_path(const Frontend *g, const char *from, char *out, size_t cap)
{
    char folder[EDITOR_PATH_MAX], base[128];
    if (!editor_user_folder(g, folder, sizeof folder))
        return false;
    snprintf(base, sizeof base, "%s", level_path_basename(from));
    char *dot = strrchr(base, '.');
    if (dot)
        *dot = '\0';
    snprintf(out, cap, "%.3800s/%.120s.json", folder, base);
    for (int n = 2; editor_file_exists(out) && n < 1000; n++)
        snprintf(out, cap, "%.3800s/%.120s-%d.json", folder, base, n);
    return true;
}

static void side_path(const Editor *ed, char *out, size_t cap)
{
    snprintf(out, cap, "%.*s.autosave", (int)(cap > 10 ? cap - 10 : 0), ed->path);
}

/* Whether path is one of the game's own files: under the data folder's
** levels/ or assets/ (the build tree's data folder is the source folder,
** where other files are anyone's). */
static bool in_data(const Frontend *g, const char *path)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (!realpath(path, a) || !realpath(g->data_dir, b))
        return false;
    size_t n = strlen(b);
    return strncmp(a, b, n) == 0 &&
           (strncmp(a + n, "/levels/", 8) == 0 || strncmp(a + n, "/assets/", 8) == 0);
}

bool editor_file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The document's text equals the file's bytes (a level's at most). */
static bool same_as_file(const EditDoc *doc, const char *path)
{
    JsonSink quiet = {0};
    size_t a, b;
    char *mine = edit_text(doc, &a), *theirs = NULL;
    bool same = json_read_file(path, LEVEL_MAX_FILE_BYTES, &theirs, &b, &quiet) == JSON_READ_OK &&
                mine && a == b && memcmp(mine, theirs, a) == 0;
    free(mine);
    free(theirs);
    return same;
}

static void use_doc(Frontend *g, EditDoc *doc)
{
    Editor *ed = g->editor;
    edit_free(ed->doc);
    ed->doc = doc;
    ed->restored = false;
    ed->run_finished = false; /* a run of another level */
    free(ed->run_text);
    ed->run_text = NULL;
    level_watch_init(&ed->watch, ed->path);
    ed->zoom = 1.0f;
    ed->cursor_x = ed->cursor_y = ed->selected_count = ed->mark_count = ed->drag = 0;
    ed->region = (EditRect){0, 0, 0, 0};
    ed->focus = FOCUS_CANVAS;
    ed->typing = false;
    ed->problem = -1;
    /* the player start in view */
    const LevelDesc *lv = edit_level(ed->doc);
    for (int i = 0; i < lv->entity_count; i++)
        if (kind_get(lv->entities[i].kind)->flags & KIND_UNIQUE) {
            ed->cursor_x = lv->entities[i].x / TILE_SIZE;
            ed->cursor_y = lv->entities[i].y / TILE_SIZE;
        }
    editor_center_on(ed, (float)(ed->cursor_x * TILE_SIZE), (float)(ed->cursor_y * TILE_SIZE));
    ed->resize_w = edit_width(ed->doc);
    ed->resize_h = edit_height(ed->doc);
    ed->anchor = EDIT_ANCHOR_BOTTOM_LEFT;
    ed->stale = true;
    ed->autosave_in = AUTOSAVE_SECONDS;
    ed->autosave_dirty = false;
    editor_panel_fields(g);
}

/* Opens path for editing (a new level's form when it does not exist);
** read_only for the game's own levels, unless ed->in_place (the file was
** named on the command line) and it may be written. False with a message
** when it does not open. */
static bool editor_open(Frontend *g, const char *path, char *err, size_t errlen)
{
    Editor *ed = g->editor;
    snprintf(ed->path, sizeof ed->path, "%s", path);
    ed->read_only = in_data(g, path) && !(ed->in_place && access(path, W_OK) == 0);
    ed->ask = ASK_NONE;
    if (!editor_file_exists(path)) {
        /* a new level: its size and world first */
        edit_free(ed->doc);
        ed->doc = NULL;
        ed->read_only = false;
        ed->ask = ASK_NEW;
        ed->new_w = NEW_W;
        ed->new_h = NEW_H;
        ed->new_world = 0;
        ed->new_field = 0;
        return true;
    }
    LevelErrors *errors = calloc(1, sizeof *errors);
    EditDoc *doc = errors ? edit_open(path, &ed->base, errors) : NULL;
    if (!doc) {
        if (errors && errors->count > 0)
            level_error_format(&errors->list[0], err, errlen);
        else
            snprintf(err, errlen, "%s: cannot open it", path);
        if (errors)
            level_errors_print(errors, stderr);
        free(errors);
        return false;
    }
    free(errors);
    use_doc(g, doc);
    char side[EDITOR_PATH_MAX + 16];
    side_path(ed, side, sizeof side);
    if (!ed->read_only && editor_file_exists(side)) {
        if (same_as_file(doc, side))
            remove(side);
        else
            ed->ask = ASK_RESTORE;
    }
    if (ed->read_only)
        editor_note(ed, false,
                    "A level of the game: read-only. Ctrl+Shift+S saves a copy to edit.");
    else
        editor_note(ed, false, "%s", level_path_basename(path));
    return true;
}

/* The new level from the form's answers. */
static void make_new(Frontend *g)
{
    Editor *ed = g->editor;
    char msg[256], name[64];
    snprintf(name, sizeof name, "%s", level_path_basename(ed->path));
    char *dot = strrchr(name, '.');
    if (dot)
        *dot = '\0';
    EditDoc *doc = edit_new(ed->new_w, ed->new_h, level_background_names()[ed->new_world],
                            name[0] ? name : "New level", &ed->base, msg, sizeof msg);
    if (!doc) {
        editor_note(ed, true, "%s", msg);
        return;
    }
    ed->ask = ASK_NONE;
    use_doc(g, doc);
    ed->restored = true; /* not yet on disk */
    editor_note(ed, false, "A new level. Ctrl+S writes %s", level_path_basename(ed->path));
}

static void remove_autosave(Editor *ed)
{
    char side[EDITOR_PATH_MAX + 16];
    side_path(ed, side, sizeof side);
    remove(side);
}

bool editor_unsaved(const Editor *ed)
{
    return ed->doc && (edit_modified(ed->doc) || ed->restored);
}

static void autosave(Frontend *g)
{
    Editor *ed = g->editor;
    ed->autosave_in = AUTOSAVE_SECONDS;
    if (!ed->doc || ed->read_only || !ed->autosave_dirty || !editor_unsaved(ed))
        return;
    size_t len;
    char *text = edit_text(ed->doc, &len), side[EDITOR_PATH_MAX + 16], err[512];
    side_path(ed, side, sizeof side);
    if (text && atomic_write(side, text, len, err, sizeof err))
        ed->autosave_dirty = false;
    else if (text)
        fprintf(stderr, "%s: %s\n", g->opt.program, err);
    free(text);
}

static bool save_to(Frontend *g, const char *path)
{
    Editor *ed = g->editor;
    char err[512];
    if (!edit_save(ed->doc, path, err, sizeof err)) {
        editor_note(ed, true, "%s", err);
        return false;
    }
    return true;
}

void editor_save(Frontend *g, bool copy)
{
    Editor *ed = g->editor;
    if (!ed->doc)
        return;
    if (!copy && ed->read_only) {
        editor_note(ed, true, "A level of the game is read-only: Ctrl+Shift+S saves a copy");
        return;
    }
    if (copy) {
        char path[EDITOR_PATH_MAX];
        if (!editor_copy_path(g, ed->path, path, sizeof path)) {
            editor_note(ed, true, "no folder for your levels");
            return;
        }
        if (!save_to(g, path))
            return;
        snprintf(ed->path, sizeof ed->path, "%s", path);
        ed->read_only = false;
    } else if (!save_to(g, ed->path)) {
        return;
    }
    ed->restored = false;
    remove_autosave(ed);
    level_watch_init(&ed->watch, ed->path);
    editor_note(ed, false, "Saved %s", ed->path);
}

bool frontend_editor_save_as(Frontend *g, const char *path, char *err, size_t errlen)
{
    Editor *ed = g->editor;
    if (ed && !ed->doc && ed->ask == ASK_NEW)
        make_new(g); /* a new level, as the form stands */
    if (!ed || !ed->doc) {
        snprintf(err, errlen, "no level is open in the editor");
        return false;
    }
    if (!edit_save(ed->doc, path, err, errlen))
        return false;
    ed->restored = false; /* saved, if elsewhere: nothing for an autosave to keep */
    return true;
}

/* ---- test runs --------------------------------------------------------------------- */

void editor_play(Frontend *g, bool from_cursor)
{
    Editor *ed = g->editor;
    size_t len;
    char *text = edit_text(ed->doc, &len);
    LevelErrors *errors = calloc(1, sizeof *errors);
    LevelDesc desc = {0};
    bool ok = text && errors && level_parse(ed->path, text, len, &ed->base, &desc, errors);
    if (!ok && text && errors) {
        /* a level that breaks a rule of play still plays, if it can */
        level_errors_clear(errors);
        ok = level_parse_draft(ed->path, text, len, &ed->base, &desc, errors);
    }
    free(errors);
    /* the level as played, for the replay of a run from its start */
    free(ed->run_text);
    ed->run_text = ok && !from_cursor ? text : NULL;
    ed->run_len = len;
    ed->run_finished = false;
    if (ed->run_text != text)
        free(text);
    if (!ok) {
        editor_note(ed, true, "the level cannot be played: see its problems");
        return;
    }
    bool player = false;
    for (int i = 0; i < desc.entity_count; i++) {
        LevelEntity *e = &desc.entities[i];
        if (!(kind_get(e->kind)->flags & KIND_UNIQUE))
            continue;
        player = true;
        if (from_cursor)
            level_entity_at_tile(e, ed->cursor_x, ed->cursor_y);
    }
    if (!player) {
        leveldesc_fini(&desc);
        editor_note(ed, true, "the level has no player start to play from");
        return;
    }
    ed->drag = 0;
    ed->space = false;
    session_play_desc(g, &desc, edit_name(ed->doc), SCREEN_EDITOR, !from_cursor);
}

/* Back from a test run: its markers, and a word on how it went. */
static void back_from_run(Frontend *g)
{
    Editor *ed = g->editor;
    ed->mark_count = g->session.mark_count;
    memcpy(ed->marks, g->session.marks, sizeof ed->marks);
    int deaths = 0;
    bool finished = false;
    for (int i = 0; i < ed->mark_count; i++) {
        finished |= ed->marks[i].finished;
        deaths += !ed->marks[i].finished;
    }
    uint32_t ticks = g->session.sim ? sim_status(g->session.sim)->ticks : 0;
    char t[16];
    hud_format_time(ticks, t, sizeof t);
    ed->run_finished = g->session.test_finished && ed->run_text != NULL;
    if (ed->run_finished) {
        /* the recording is the editor's now */
        Replay kept = ed->run;
        ed->run = g->session.test_inputs;
        g->session.test_inputs = kept;
        g->session.test_inputs.count = 0;
        ed->run_hash = g->session.test_hash;
    }
    editor_note(ed, false, "Test run: %s in %s, %d death%s%s", finished ? "finished" : "left", t,
                deaths, deaths == 1 ? "" : "s",
                ed->run_finished ? ". Ctrl+R keeps its replay" : "");
    /* said where a script can read it too */
    printf("test run: %s in %lu ticks, %d deaths\n", finished ? "completed" : "left",
           (unsigned long)ticks, deaths);
    fflush(stdout);
    g->session.test_run = false;
}

/* ---- the screen --------------------------------------------------------------------- */

bool editor_open_path(Frontend *g, const char *path, bool in_place, char *err, size_t errlen)
{
    Editor *ed = g->editor;
    if (!ed && (ed = g->editor = calloc(1, sizeof *g->editor)) != NULL) {
        /* made the first time it is needed */
        ed->grid = true;
        ed->zoom = 1.0f;
        ed->brush_tile = TILE_SOLID;
        ed->tool = TOOL_PAINT;
        ed->problem = ed->waypoint = -1;
        replay_init(&ed->run);
        /* the physics a level's overrides apply to: assets/physics.json's */
        ed->base = physics_defaults();
        char physics[APP_PATH_MAX + 32];
        snprintf(physics, sizeof physics, "%.*s/assets/physics.json", APP_PATH_MAX, g->data_dir);
        LevelErrors *errors = calloc(1, sizeof *errors);
        if (errors && !level_physics_load(physics, &ed->base, errors)) {
            level_errors_print(errors, stderr);
            ed->base = physics_defaults();
        }
        free(errors);
    }
    if (!ed) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    ed->in_place = in_place;
    return editor_open(g, path, err, errlen);
}

void editor_enter(Frontend *g)
{
    g->grab = true; /* every key is the editor's */
    if (!g->editor) {
        char err[512];
        if (!g->opt.edit_path || !editor_open_path(g, g->opt.edit_path, true, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", g->opt.program,
                    g->opt.edit_path ? err : "no level to edit");
            g->quit = true;
            return;
        }
    }
    if (g->session.test_run)
        back_from_run(g);
    SDL_StartTextInput();
}

/* Leaves the editor: to Make levels, or out of the game for --edit. */
static void leave(Frontend *g)
{
    Editor *ed = g->editor;
    remove_autosave(ed);
    if (g->opt.edit_path)
        g->quit = true;
    else
        frontend_go(g, SCREEN_MAKE);
    edit_free(ed->doc);
    ed->doc = NULL;
    ed->ask = ASK_NONE;
}

void editor_leave(Frontend *g)
{
    Editor *ed = g->editor;
    if (editor_unsaved(ed) && !ed->read_only)
        ed->ask = ASK_LEAVE;
    else
        leave(g);
}

/* The new level's form: Up/Down a field, Left/Right (Shift: by 10) or
** digits its value, Enter makes the level, Esc leaves. */
static void new_form_key(Frontend *g, SDL_Scancode key, Uint16 mod)
{
    Editor *ed = g->editor;
    int step = (mod & KMOD_SHIFT) ? 10 : 1;
    int *v = ed->new_field == 0 ? &ed->new_w : ed->new_field == 1 ? &ed->new_h : &ed->new_world;
    switch (key) {
    case SDL_SCANCODE_UP: ed->new_field = (ed->new_field + 2) % 3; break;
    case SDL_SCANCODE_DOWN:
    case SDL_SCANCODE_TAB: ed->new_field = (ed->new_field + 1) % 3; break;
    case SDL_SCANCODE_LEFT:
    case SDL_SCANCODE_RIGHT: {
        int d = key == SDL_SCANCODE_LEFT ? -step : step;
        if (ed->new_field == 2)
            *v = (*v + (d > 0 ? 1 : LEVEL_BACKGROUND_COUNT - 1)) % LEVEL_BACKGROUND_COUNT;
        else
            *v += d;
        break;
    }
    case SDL_SCANCODE_BACKSPACE:
        if (ed->new_field < 2)
            *v /= 10;
        break;
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER: make_new(g); break;
    case SDL_SCANCODE_ESCAPE: leave(g); break;
    default: break;
    }
    if (ed->new_field < 2) {
        int hi = LEVEL_MAX_SIDE;
        *v = *v < 0 ? 0 : *v > hi ? hi : *v;
    }
}

/* The other questions: a key each answer. */
static void ask_key(Frontend *g, SDL_Scancode key)
{
    Editor *ed = g->editor;
    switch (ed->ask) {
    case ASK_RESTORE:
        if (key == SDL_SCANCODE_R) {
            char side[EDITOR_PATH_MAX + 16];
            side_path(ed, side, sizeof side);
            LevelErrors *errors = calloc(1, sizeof *errors);
            EditDoc *doc = errors ? edit_open(side, &ed->base, errors) : NULL;
            free(errors);
            ed->ask = ASK_NONE;
            if (!doc) {
                editor_note(ed, true, "the autosave does not open; kept as %.400s", side);
                return;
            }
            use_doc(g, doc);
            ed->restored = true;
            editor_note(ed, false, "The autosave is back. Ctrl+S writes it to the file");
        } else if (key == SDL_SCANCODE_D || key == SDL_SCANCODE_ESCAPE) {
            remove_autosave(ed);
            ed->ask = ASK_NONE;
        }
        break;
    case ASK_RELOAD:
        if (key == SDL_SCANCODE_R) {
            char err[512], path[EDITOR_PATH_MAX];
            snprintf(path, sizeof path, "%s", ed->path);
            if (!editor_open(g, path, err, sizeof err))
                editor_note(ed, true, "%s", err);
            else
                editor_note(ed, false, "Read again from the file");
        } else if (key == SDL_SCANCODE_K || key == SDL_SCANCODE_ESCAPE) {
            ed->ask = ASK_NONE;
            ed->restored = true; /* the file is not what is shown */
        }
        break;
    case ASK_LEAVE:
        if (key == SDL_SCANCODE_S) {
            editor_save(g, false);
            if (!editor_unsaved(ed))
                leave(g);
            else
                ed->ask = ASK_NONE;
        } else if (key == SDL_SCANCODE_D) {
            leave(g);
        } else if (key == SDL_SCANCODE_ESCAPE) {
            ed->ask = ASK_NONE;
        }
        break;
    default: break;
    }
}

void editor_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)r;
    Editor *ed = g->editor;
    if (!ed)
        return;
    if (ev->type == SDL_WINDOWEVENT && ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
        ed->space = false; /* nothing stays held */
        if (ed->drag && ed->doc)
            editor_drag_end(g);
    }
    if (ev->type == SDL_KEYDOWN) {
        SDL_Scancode key = ev->key.keysym.scancode;
        Uint16 mod = ev->key.keysym.mod;
        if (ed->ask == ASK_NEW) {
            new_form_key(g, key, mod);
            return;
        }
        if (ed->ask == ASK_PACK) {
            editor_pack_key(g, key);
            return;
        }
        if (ed->ask != ASK_NONE) {
            if (!ev->key.repeat)
                ask_key(g, key);
            return;
        }
        if (ed->help) {
            if (key == SDL_SCANCODE_F1 || key == SDL_SCANCODE_ESCAPE)
                ed->help = false;
            return;
        }
        if (ed->focus != FOCUS_CANVAS && editor_panel_key(g, key))
            return;
        if (key == SDL_SCANCODE_SPACE && !(mod & (KMOD_CTRL | KMOD_ALT))) {
            ed->space = true;
            return;
        }
        EditorAction a = editor_key_action(key, mod);
        if (a != ACTION_NONE)
            editor_act(g, a);
        return;
    }
    if (ev->type == SDL_KEYUP && ev->key.keysym.scancode == SDL_SCANCODE_SPACE)
        ed->space = false;
    if (ev->type == SDL_TEXTINPUT) {
        int *v = ed->new_field == 0 ? &ed->new_w : &ed->new_h; /* digits, the form's size */
        for (const char *c = ev->text.text; ed->ask == ASK_NEW && ed->new_field < 2 && *c; c++)
            if (*c >= '0' && *c <= '9' && *v * 10 + (*c - '0') <= LEVEL_MAX_SIDE)
                *v = *v * 10 + (*c - '0');
        if (ed->ask == ASK_PACK)
            editor_pack_text(ed, ev->text.text);
        else if (ed->typing && ed->ask != ASK_NEW)
            editor_panel_text(g, ev->text.text);
        return;
    }
    if (ev->type == SDL_MOUSEMOTION || ev->type == SDL_MOUSEBUTTONDOWN ||
        ev->type == SDL_MOUSEBUTTONUP || ev->type == SDL_MOUSEWHEEL) {
        if (ed->ask != ASK_NONE || !ed->doc)
            return;
        if (ed->help) {
            if (ev->type == SDL_MOUSEBUTTONDOWN)
                ed->help = false;
            return;
        }
        if (ev->type == SDL_MOUSEBUTTONDOWN && !ed->drag &&
            editor_panel_click(g, ev->button.x, ev->button.y, ev->button.button))
            return;
        editor_mouse(g, ev);
    }
}

void editor_update(Frontend *g, double seconds)
{
    Editor *ed = g->editor;
    if (!ed || !ed->doc)
        return;
    ed->autosave_in -= (float)seconds;
    if (ed->autosave_in <= 0.0f)
        autosave(g);
    ed->watch_poll -= (float)seconds;
    if (ed->watch_poll <= 0.0f && ed->ask == ASK_NONE && !ed->read_only) {
        ed->watch_poll = 0.5f;
        if (level_watch_poll(&ed->watch) && editor_file_exists(ed->path) &&
            !same_as_file(ed->doc, ed->path))
            ed->ask = ASK_RELOAD;
    }
}

void editor_fini(Frontend *g)
{
    Editor *ed = g->editor;
    if (!ed)
        return;
    if (editor_unsaved(ed)) {
        ed->autosave_dirty = true;
        autosave(g); /* the game goes with changes unsaved: offered back next time */
    }
    edit_free(ed->doc);
    edit_clip_free(ed->clip);
    free(ed->run_text);
    replay_fini(&ed->run);
    if (ed->sim)
        sim_destroy(ed->sim);
    free(ed);
    g->editor = NULL;
}

/* ---- drawing ------------------------------------------------------------------------ */

static void draw_top(Frontend *g)
{
    Editor *ed = g->editor;
    render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, EDITOR_TOP_H}, EDITOR_PANEL_BG);
    char left[300], right[96];
    snprintf(left, sizeof left, "%s%s%s", editor_unsaved(ed) ? "* " : "",
             level_path_basename(ed->path), ed->read_only ? " (read-only)" : "");
    const char *zoom = ed->zoom == 1.0f    ? "1x"
                       : ed->zoom == 0.5f  ? "1/2"
                       : ed->zoom == 0.25f ? "1/4"
                                           : "fit";
    snprintf(right, sizeof right, "%s  %s  %d,%d  F1 keys", editor_tool_name(ed->tool), zoom,
             ed->cursor_x, ed->cursor_y);
    int rw = render_text_width(&g->atlas, right);
    editor_text(g, left, 4, 0, LOGICAL_W - rw - 16, EDITOR_TEXT);
    render_text(&g->batch, &g->atlas, right, LOGICAL_W - rw - 4, 0, EDITOR_ACCENT);
}

void editor_draw_box(Frontend *g, SDL_Rect box, const char *heading)
{
    render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
                (SDL_Color){8, 8, 20, 150});
    render_panel(&g->batch, &g->atlas, box);
    render_text(&g->batch, &g->atlas, heading,
                box.x + (box.w - render_text_width(&g->atlas, heading)) / 2, box.y + 8,
                EDITOR_ACCENT);
}

static void draw_ask(Frontend *g)
{
    Editor *ed = g->editor;
    const int lh = g->atlas.font.line_height;
    if (ed->ask == ASK_NEW) {
        SDL_Rect box = {LOGICAL_W / 2 - 130, 60, 260, 130};
        editor_draw_box(g, box, "NEW LEVEL");
        editor_text(g, level_path_basename(ed->path), box.x + 12, box.y + 24, box.w - 24,
                    EDITOR_DIM);
        char v[3][48];
        snprintf(v[0], sizeof v[0], "%d tiles", ed->new_w);
        snprintf(v[1], sizeof v[1], "%d tiles", ed->new_h);
        snprintf(v[2], sizeof v[2], "%s", level_background_names()[ed->new_world]);
        const char *names[3] = {"Width", "Height", "World"};
        for (int i = 0; i < 3; i++) {
            int y = box.y + 42 + i * (lh + 2);
            SDL_Color c = i == ed->new_field ? EDITOR_ACCENT : EDITOR_TEXT;
            if (i == ed->new_field)
                render_text(&g->batch, &g->atlas, ">", box.x + 12, y, c);
            render_text(&g->batch, &g->atlas, names[i], box.x + 22, y, c);
            char shown[64];
            snprintf(shown, sizeof shown, "< %s >", v[i]);
            render_text(&g->batch, &g->atlas, shown, box.x + 110, y, c);
        }
        editor_text(g, "Up/Down: field  Left/Right or digits", box.x + 12, box.y + box.h - 34,
                    box.w - 24, EDITOR_DIM);
        editor_text(g, "Enter: make it   Esc: leave", box.x + 12, box.y + box.h - 20, box.w - 24,
                    EDITOR_DIM);
        return;
    }
    if (ed->ask == ASK_PACK) {
        editor_pack_draw(g);
        return;
    }
    /* the other questions: a heading, a line, the keys */
    static const char *const ASKS[][3] = {
        [ASK_RESTORE] = {"AN AUTOSAVE IS THERE", "The editor went away with changes unsaved.",
                         "R: restore it   D: discard it"},
        [ASK_RELOAD] = {"THE FILE CHANGED ON DISK", "Another program wrote it.",
                        "R: read it again   K: keep this"},
        [ASK_LEAVE] = {"UNSAVED CHANGES", "The level has changes not saved.",
                       "S: save   D: discard   Esc: stay"},
    };
    if (ed->ask == ASK_NONE)
        return;
    SDL_Rect box = {LOGICAL_W / 2 - 140, 90, 280, 76};
    editor_draw_box(g, box, ASKS[ed->ask][0]);
    editor_text(g, ASKS[ed->ask][1], box.x + 12, box.y + 28, box.w - 24, EDITOR_TEXT);
    editor_text(g, ASKS[ed->ask][2], box.x + 12, box.y + 50, box.w - 24, EDITOR_ACCENT);
}

void editor_draw(Frontend *g)
{
    Editor *ed = g->editor;
    if (!ed)
        return;
    if (!ed->doc) {
        render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
                    (SDL_Color){12, 12, 24, 255});
        draw_ask(g);
        return;
    }
    editor_draw_canvas(g);
    editor_draw_panel(g);
    draw_top(g);
    /* the status line */
    SDL_Rect r = {0, LOGICAL_H - EDITOR_STATUS_H, LOGICAL_W, EDITOR_STATUS_H};
    render_fill(&g->batch, &g->atlas, r, EDITOR_PANEL_BG);
    editor_text(g, ed->message, 4, r.y, LOGICAL_W - 8, ed->message_bad ? EDITOR_BAD : EDITOR_DIM);
    if (ed->help)
        editor_draw_help(g);
    draw_ask(g);
}
