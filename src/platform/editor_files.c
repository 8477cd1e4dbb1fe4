/* SPDX-License-Identifier: Zlib */
/*
** editor_files.c -- Make levels, the screen that leads into the editor,
** and where a level's files go: into a pack, with its replay.
**
** It lists New level, the user's own levels (the .json files of the
** levels folder in the user's data folder, next to settings.json), the
** user's packs with their levels in order, and the game's levels. Right on
** one of the user's levels opens it with the question of which pack to
** add it to (below); Left and Right on a pack's level move it
** earlier or later in the pack. A level of the game is never written: OK
** makes a copy in the user's folder and edits that, Right opens it
** read-only (to look, to test, to copy a part of it into another level).
**
** Ctrl+P asks for a pack: one of the player's (the folders of packs/ in
** the data folder, beside settings.json) or a new one, named as it is
** typed. The level is saved, then moved into the pack's folder, its
** replay (NAME.replay beside it) with it, and listed last in the pack's
** campaign.json (pack_list_add makes the list and a pack.json for a new
** pack). A level leaving another pack is taken off that pack's list first,
** while its file is still there to be read. When a step fails, the ones
** before it are undone and the message says why; the editor then goes on
** editing the file where it now is.
**
** Ctrl+R keeps the last finished run from the level's start as its
** replay: the recording the session made of the test run, with the
** outcome, the ticks and the state hash at the finish, the same file
** --record writes, so `--verify` checks it and a pack ships it. A run is
** only a replay of the level it was played on: when the level changed
** since, Ctrl+R asks for another run.
*/
#include "editor_internal.h"

#include "atomic.h"
#include "json_file.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    ITEM_NEW = 1,
    ITEM_BACK = 2,
    ITEM_USER_FIRST = 100,
    ITEM_GAME_FIRST = 1000,
    ITEM_PACK_FIRST = 10000, /* + pack x CAMPAIGN_MAX_LEVELS + level */
};
enum { USER_LEVELS_MAX = 100, NAME_MAX_LEN = 256 };

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* ---- packs ---------------------------------------------------------------------------- */

/* The names in the user's packs folder (its folders that hold a
** campaign.json) or levels folder (its .json files), sorted, at most cap
** of width bytes each; how many. dir gets the folder. */
static int user_names(const Frontend *g, bool packs, char *names, int cap, size_t width, char *dir,
                      size_t dir_cap)
{
    if (!(packs ? editor_packs_folder : editor_user_folder)(g, dir, dir_cap))
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < cap) {
        const char *name = e->d_name;
        size_t len = strlen(name);
        char sub[EDITOR_PATH_MAX + NAME_MAX_LEN + 2], err[256];
        snprintf(sub, sizeof sub, "%.*s/%.*s", EDITOR_PATH_MAX - 1, dir, NAME_MAX_LEN - 1, name);
        if (len < width &&
            (packs ? pack_valid_name(name, err, sizeof err) && pack_is_folder(sub)
                   : len > 5 && strcmp(name + len - 5, ".json") == 0 && name[0] != '.'))
            snprintf(names + (size_t)n++ * width, width, "%s", name);
    }
    closedir(d);
    qsort(names, (size_t)n, width, by_name);
    return n;
}

void editor_pack_ask(Frontend *g)
{
    Editor *ed = g->editor;
    if (!ed->doc)
        return;
    if (ed->read_only) {
        editor_note(ed, true,
                    "A level of the game: Ctrl+Shift+S saves a copy, which can join a pack");
        return;
    }
    char dir[EDITOR_PATH_MAX];
    ed->pack_count =
        user_names(g, true, ed->packs[0], EDITOR_PACKS_MAX, PACK_NAME_MAX, dir, sizeof dir);
    ed->pack_choice = 0;
    ed->pack_input[0] = '\0';
    ed->ask = ASK_PACK;
}

/* The replay beside a level: its path with .replay for its extension. */
static void replay_beside(const char *level, char *out, size_t cap)
{
    const char *dot = strrchr(level, '.');
    const char *slash = strrchr(level, '/');
    size_t n = dot && (!slash || dot > slash) ? (size_t)(dot - level) : strlen(level);
    snprintf(out, cap, "%.*s.replay", (int)n, level);
}

/* Moves the replay of level `from` (if it has one) beside level `to`,
** naming its level again when the level's name changed. */
static bool move_replay(const char *from, const char *to, char *err, size_t errlen)
{
    char a[EDITOR_PATH_MAX + 16], b[EDITOR_PATH_MAX + 16];
    replay_beside(from, a, sizeof a);
    replay_beside(to, b, sizeof b);
    if (!editor_file_exists(a))
        return true;
    Replay r;
    replay_init(&r);
    ReplayHeader *h = calloc(1, sizeof *h);
    bool ok = h && replay_load(a, &r, h, err, errlen);
    if (ok) {
        snprintf(h->level, sizeof h->level, "%s", level_path_basename(to));
        ok = replay_save(b, &r, h, err, errlen);
    }
    if (ok)
        remove(a);
    replay_fini(&r);
    free(h);
    return ok;
}

static void add_to_pack(Frontend *g, const char *name)
{
    Editor *ed = g->editor;
    char err[1200];
    if (!pack_valid_name(name, err, sizeof err)) {
        editor_note(ed, true, "%s", err);
        return;
    }
    if (editor_unsaved(ed)) {
        editor_save(g, false);
        if (editor_unsaved(ed))
            return; /* the save's message is shown */
    }
    char packs[EDITOR_PATH_MAX], dir[EDITOR_PATH_MAX + PACK_NAME_MAX + 2];
    if (!editor_packs_folder(g, packs, sizeof packs)) {
        editor_note(ed, true, "no folder for your packs");
        return;
    }
    snprintf(dir, sizeof dir, "%s/%s/", packs, name);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        editor_note(ed, true, "%s: %s", dir, strerror(errno));
        return;
    }
    /* the folder it leaves (with its '/') and its file's name */
    char from[EDITOR_PATH_MAX], old_dir[EDITOR_PATH_MAX];
    snprintf(from, sizeof from, "%s", ed->path);
    const char *file = level_path_basename(from);
    snprintf(old_dir, sizeof old_dir, "%.*s", (int)(file - from), from);
    if (strcmp(old_dir, dir) == 0) {
        editor_note(ed, false, "The level is in pack %s already", name);
        return;
    }
    /* out of the pack it was in, while its file is still there */
    bool was_listed = pack_is_folder(old_dir);
    if (was_listed && !pack_list_remove(old_dir, file, err, sizeof err)) {
        editor_note(ed, true, "%s", err);
        return;
    }
    /* a name free in the pack, for the level and its replay */
    char stem[CAMPAIGN_FILE_MAX], to[sizeof dir + CAMPAIGN_FILE_MAX + 16], to_replay[sizeof to + 8];
    snprintf(stem, sizeof stem, "%.50s", file);
    char *dot = strrchr(stem, '.');
    if (dot)
        *dot = '\0';
    snprintf(to, sizeof to, "%s%s.json", dir, stem);
    replay_beside(to, to_replay, sizeof to_replay);
    for (int n = 2; (editor_file_exists(to) || editor_file_exists(to_replay)) && n < 1000; n++) {
        snprintf(to, sizeof to, "%s%s-%d.json", dir, stem, n);
        replay_beside(to, to_replay, sizeof to_replay);
    }
    bool ok = strlen(to) < sizeof ed->path;
    if (!ok)
        snprintf(err, sizeof err, "%.1000s...: the path is too long", to);
    else if (!(ok = rename(from, to) == 0))
        snprintf(err, sizeof err, "%.1000s: %s", to, strerror(errno));
    if (ok && !move_replay(from, to, err, sizeof err)) {
        ok = false;
        rename(to, from);
    }
    if (ok &&
        !pack_list_add(dir, name, level_path_basename(to), edit_name(ed->doc), err, sizeof err)) {
        ok = false;
        char again[EDITOR_PATH_MAX + 256];
        move_replay(to, from, again, sizeof again);
        rename(to, from);
    }
    if (!ok) {
        if (was_listed) {
            /* back on the old pack's list, named by its folder if it went */
            char folder[EDITOR_PATH_MAX], again[EDITOR_PATH_MAX + 256];
            snprintf(folder, sizeof folder, "%.*s", (int)strlen(old_dir) - 1, old_dir);
            pack_list_add(old_dir, level_path_basename(folder), file, edit_name(ed->doc), again,
                          sizeof again);
        }
        editor_note(ed, true, "%s", err);
        return;
    }
    if (was_listed && !pack_is_folder(old_dir))
        rmdir(old_dir); /* the last level of its pack: the folder goes if it is empty */
    ed->ask = ASK_NONE;
    snprintf(ed->path, sizeof ed->path, "%.*s", (int)sizeof ed->path - 1, to);
    level_watch_init(&ed->watch, ed->path);
    editor_note(ed, false, "In pack %s as %s. Make levels orders its levels", name,
                level_path_basename(to));
}

void editor_pack_text(Editor *ed, const char *text)
{
    ed->pack_choice = ed->pack_count; /* typing names a new pack */
    size_t n = strlen(ed->pack_input);
    for (const char *c = text; *c && n + 1 < sizeof ed->pack_input; c++)
        if ((isalnum((unsigned char)*c) || strchr("-_.", *c)) && !(n == 0 && *c == '.'))
            ed->pack_input[n++] = *c;
    ed->pack_input[n] = '\0';
}

void editor_pack_key(Frontend *g, SDL_Scancode key)
{
    Editor *ed = g->editor;
    int rows = ed->pack_count + 1; /* the last: a new pack */
    switch (key) {
    case SDL_SCANCODE_UP: ed->pack_choice = (ed->pack_choice + rows - 1) % rows; break;
    case SDL_SCANCODE_DOWN:
    case SDL_SCANCODE_TAB: ed->pack_choice = (ed->pack_choice + 1) % rows; break;
    case SDL_SCANCODE_BACKSPACE: {
        size_t n = strlen(ed->pack_input);
        if (n > 0)
            ed->pack_input[n - 1] = '\0';
        ed->pack_choice = ed->pack_count;
        break;
    }
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER:
        if (ed->pack_choice < ed->pack_count)
            add_to_pack(g, ed->packs[ed->pack_choice]);
        else if (ed->pack_input[0] == '\0')
            editor_note(ed, true, "Type the new pack's name (letters, digits, '-', '_', '.')");
        else
            add_to_pack(g, ed->pack_input);
        break;
    case SDL_SCANCODE_ESCAPE: ed->ask = ASK_NONE; break;
    default: break;
    }
}

void editor_pack_draw(Frontend *g)
{
    Editor *ed = g->editor;
    const int lh = g->atlas.font.line_height;
    int shown = ed->pack_count < 8 ? ed->pack_count : 8;
    SDL_Rect box = {LOGICAL_W / 2 - 140, 40, 280, 96 + (shown + 1) * (lh + 2)};
    editor_draw_box(g, box, "ADD TO A PACK");
    editor_text(g, "The level and its replay move into the pack.", box.x + 12, box.y + 24,
                box.w - 24, EDITOR_DIM);
    int first = ed->pack_choice >= shown ? ed->pack_choice - shown + 1 : 0;
    if (first > ed->pack_count - shown)
        first = ed->pack_count - shown;
    int y = box.y + 42;
    for (int i = first; i < first + shown; i++, y += lh + 2) {
        SDL_Color c = i == ed->pack_choice ? EDITOR_ACCENT : EDITOR_TEXT;
        if (i == ed->pack_choice)
            render_text(&g->batch, &g->atlas, ">", box.x + 12, y, c);
        editor_text(g, ed->packs[i], box.x + 22, y, box.w - 34, c);
    }
    bool typing = ed->pack_choice == ed->pack_count;
    char line[PACK_NAME_MAX + 32];
    snprintf(line, sizeof line, "New pack: %s%s", ed->pack_input, typing ? "_" : "");
    SDL_Color c = typing ? EDITOR_ACCENT : EDITOR_TEXT;
    if (typing)
        render_text(&g->batch, &g->atlas, ">", box.x + 12, y, c);
    editor_text(g, line, box.x + 22, y, box.w - 34, c);
    editor_text(g, "Up/Down: choose   type: a new pack's name", box.x + 12, box.y + box.h - 34,
                box.w - 24, EDITOR_DIM);
    editor_text(g, "Enter: add it   Esc: cancel", box.x + 12, box.y + box.h - 20, box.w - 24,
                EDITOR_DIM);
}

void editor_keep_replay(Frontend *g)
{
    Editor *ed = g->editor;
    if (!ed->doc)
        return;
    if (!ed->run_finished) {
        editor_note(ed, true, "No finished run from the start to keep: Shift+F5 plays one");
        return;
    }
    if (ed->read_only) {
        editor_note(ed, true, "A level of the game is read-only: its replays are the game's");
        return;
    }
    size_t len;
    char *text = edit_text(ed->doc, &len);
    bool same = text && len == ed->run_len && memcmp(text, ed->run_text, len) == 0;
    free(text);
    if (!same) {
        editor_note(ed, true, "The level changed since that run: Shift+F5 plays it again");
        return;
    }
    if (editor_unsaved(ed)) {
        editor_save(g, false); /* the replay is of the level as saved */
        if (editor_unsaved(ed))
            return;
    }
    char path[EDITOR_PATH_MAX + 16], err[EDITOR_PATH_MAX + 256];
    replay_beside(ed->path, path, sizeof path);
    ReplayHeader *h = calloc(1, sizeof *h);
    if (!h)
        return;
    snprintf(h->level, sizeof h->level, "%s", level_path_basename(ed->path));
    snprintf(h->outcome, sizeof h->outcome, "completed");
    h->ticks = (unsigned long)ed->run.count;
    snprintf(h->hash, sizeof h->hash, "%016" PRIx64, ed->run_hash);
    if (replay_save(path, &ed->run, h, err, sizeof err)) {
        char t[16];
        hud_format_time((uint32_t)ed->run.count, t, sizeof t);
        editor_note(ed, false, "Kept the run (%s) as %s", t, level_path_basename(path));
    } else {
        editor_note(ed, true, "%s", err);
    }
    free(h);
}

/* ---- Make levels --------------------------------------------------------------------- */

/* The user's packs (by folder name) and, for the one read, its listing
** and its list. */
typedef struct UserPacks {
    int count;
    char names[EDITOR_PACKS_MAX][PACK_NAME_MAX];
    char dir[EDITOR_PATH_MAX]; /* the packs folder */
    PackInfo info;
    Campaign c;
} UserPacks;

/* The user's packs, malloc'd; NULL when out of memory. */
static UserPacks *user_packs(const Frontend *g)
{
    UserPacks *up = malloc(sizeof *up);
    if (up)
        up->count = user_names(g, true, up->names[0], EDITOR_PACKS_MAX, PACK_NAME_MAX, up->dir,
                               sizeof up->dir);
    return up;
}

/* Pack i read into up->info and up->c. */
static bool open_user_pack(UserPacks *up, int i)
{
    char dir[EDITOR_PATH_MAX + PACK_NAME_MAX + 2];
    snprintf(dir, sizeof dir, "%s/%s/", up->dir, up->names[i]);
    return pack_load(dir, up->names[i], &up->info, &up->c);
}

void editor_files_enter(Frontend *g)
{
    Menu *m = &g->menus.menu;
    int cursor = m->cursor, top = m->top;
    bool again = strcmp(m->title, "Make levels") == 0; /* a rebuild keeps the place */
    menu_init(m, "Make levels");
    menu_add(m, ITEM_NEW, "New level", NULL, true);
    static char names[USER_LEVELS_MAX][NAME_MAX_LEN];
    char folder[EDITOR_PATH_MAX];
    int n = user_names(g, false, names[0], USER_LEVELS_MAX, NAME_MAX_LEN, folder, sizeof folder);
    if (n > 0)
        menu_add_heading(m, "Your levels", "Right: add to a pack");
    for (int i = 0; i < n && m->count < MENU_ITEMS - 60; i++)
        menu_add(m, ITEM_USER_FIRST + i, names[i], NULL, true);
    UserPacks *up = user_packs(g);
    for (int p = 0; up && p < up->count && m->count < MENU_ITEMS - 50; p++) {
        char heading[MENU_TEXT];
        bool ok = open_user_pack(up, p);
        snprintf(heading, sizeof heading, "Pack %.40s", up->info.meta.title);
        menu_add_heading(m, heading, ok ? "Left/Right: move" : "cannot be read");
        for (int i = 0; ok && i < up->c.count && m->count < MENU_ITEMS - 45; i++) {
            char label[MENU_TEXT + 8];
            snprintf(label, sizeof label, "%2d %.40s", i + 1, up->c.levels[i].title);
            menu_add(m, ITEM_PACK_FIRST + p * CAMPAIGN_MAX_LEVELS + i, label, NULL, true);
        }
    }
    free(up);
    if (g->campaign) {
        menu_add_heading(m, "The game's levels", "Enter: a copy  Right: look");
        for (int i = 0; i < g->campaign->count && m->count < MENU_ITEMS - 1; i++) {
            char label[MENU_TEXT + 8];
            snprintf(label, sizeof label, "%2d %.40s", i + 1, g->campaign->levels[i].title);
            menu_add(m, ITEM_GAME_FIRST + i, label, NULL, true);
        }
    }
    menu_add(m, ITEM_BACK, "Back", NULL, true);
    if (again && cursor < m->count && !m->items[cursor].heading) {
        m->cursor = cursor;
        menu_scroll(m, top);
    }
}

/* Opens path in the editor and shows it; a note on the menu when it does not open. */
static bool edit_path(Frontend *g, const char *path)
{
    char err[512];
    if (!editor_open_path(g, path, false, err, sizeof err)) {
        snprintf(g->menus.note, sizeof g->menus.note, "%.150s", err);
        frontend_sound(g, SOUND_MENU_BACK);
        return false;
    }
    frontend_go(g, SCREEN_EDITOR);
    return true;
}

/* A copy of the game's level i in the user's folder (NAME.json, or
** NAME-2.json and so on when that is taken), into out. */
static bool copy_game_level(Frontend *g, int i, char *out, size_t cap)
{
    char from[APP_PATH_MAX];
    if (!campaign_level_path(g->campaign, i, from, sizeof from) ||
        !editor_copy_path(g, from, out, cap))
        return false;
    JsonSink quiet = {0};
    char *text = NULL, err[512];
    size_t len = 0;
    bool ok = json_read_file(from, LEVEL_MAX_FILE_BYTES, &text, &len, &quiet) == JSON_READ_OK &&
              atomic_write(out, text, len, err, sizeof err);
    free(text);
    return ok;
}

/* A level of one of the user's packs: Enter edits it, Left/Right move it. */
static void pack_level(Frontend *g, int id, MenuEvent e)
{
    int p = (id - ITEM_PACK_FIRST) / CAMPAIGN_MAX_LEVELS,
        i = (id - ITEM_PACK_FIRST) % CAMPAIGN_MAX_LEVELS;
    UserPacks *up = user_packs(g);
    if (up && p < up->count && open_user_pack(up, p) && i < up->c.count) {
        char err[CAMPAIGN_DIR_MAX + 256], path[EDITOR_PATH_MAX];
        if (e == MENU_EV_ACTIVATE) {
            if (campaign_level_path(&up->c, i, path, sizeof path))
                edit_path(g, path);
        } else if (!pack_list_move(up->info.dir, i, e == MENU_EV_INCREASE ? 1 : -1, err,
                                   sizeof err)) {
            snprintf(g->menus.note, sizeof g->menus.note, "%.150s", err);
        } else {
            editor_files_enter(g); /* the list as it is now, the cursor on the level */
            menu_select(&g->menus.menu, id + (e == MENU_EV_INCREASE ? 1 : -1));
        }
    }
    free(up);
}

void editor_files_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    int id;
    MenuEvent e = menu_input(&g->menus.menu, r.menu, &id);
    if (e == MENU_EV_MOVED)
        frontend_sound(g, SOUND_MENU_MOVE);
    if (e == MENU_EV_BACK || (e == MENU_EV_ACTIVATE && id == ITEM_BACK)) {
        frontend_sound(g, SOUND_MENU_BACK);
        frontend_back(g);
        return;
    }
    bool sideways = e == MENU_EV_INCREASE || e == MENU_EV_DECREASE;
    if ((e != MENU_EV_ACTIVATE && !sideways) || (sideways && id < ITEM_USER_FIRST))
        return;
    if (id >= ITEM_PACK_FIRST) {
        frontend_sound(g, sideways ? SOUND_MENU_MOVE : SOUND_MENU_SELECT);
        pack_level(g, id, e);
        return;
    }
    if (e == MENU_EV_DECREASE)
        return;
    frontend_sound(g, SOUND_MENU_SELECT);
    char path[EDITOR_PATH_MAX + NAME_MAX_LEN + 8];
    if (id == ITEM_NEW) {
        char folder[EDITOR_PATH_MAX];
        if (!editor_user_folder(g, folder, sizeof folder)) {
            snprintf(g->menus.note, sizeof g->menus.note, "no folder for your levels");
            return;
        }
        int n = 1;
        do
            snprintf(path, sizeof path, "%s/level-%d.json", folder, n++);
        while (editor_file_exists(path) && n < 10000);
        edit_path(g, path);
    } else if (id >= ITEM_GAME_FIRST && g->campaign) {
        int i = id - ITEM_GAME_FIRST;
        if (e == MENU_EV_INCREASE) {
            if (campaign_level_path(g->campaign, i, path, sizeof path))
                edit_path(g, path);
        } else if (copy_game_level(g, i, path, sizeof path)) {
            edit_path(g, path);
        } else {
            snprintf(g->menus.note, sizeof g->menus.note, "cannot copy the level into your folder");
        }
    } else if (id >= ITEM_USER_FIRST) {
        static char names[USER_LEVELS_MAX][NAME_MAX_LEN];
        char folder[EDITOR_PATH_MAX];
        int n =
            user_names(g, false, names[0], USER_LEVELS_MAX, NAME_MAX_LEN, folder, sizeof folder);
        int i = id - ITEM_USER_FIRST;
        if (i < n) {
            snprintf(path, sizeof path, "%s/%s", folder, names[i]);
            /* Right: straight to the question of which pack */
            if (edit_path(g, path) && e == MENU_EV_INCREASE)
                editor_pack_ask(g);
        }
    }
}

void editor_files_draw(Frontend *g)
{
    RenderView view = {(int)(g->screen_time * 12.0f) + 4000, 0, LOGICAL_W, LOGICAL_H};
    render_background(&g->batch, &g->atlas, render_atlas_background(&g->atlas, "hills"), &view,
                      g->screen_time);
    menu_draw(&g->menus.menu, &g->batch, &g->atlas, -1);
    char folder[EDITOR_PATH_MAX], line[EDITOR_PATH_MAX + 32];
    if (g->menus.note[0])
        snprintf(line, sizeof line, "%s", g->menus.note);
    else if (editor_user_folder(g, folder, sizeof folder))
        snprintf(line, sizeof line, "Your levels: %s", folder);
    else
        line[0] = '\0';
    editor_text(g, line, 6, LOGICAL_H - 13, LOGICAL_W - 12,
                g->menus.note[0] ? EDITOR_BAD : (SDL_Color){220, 226, 255, 255});
}
