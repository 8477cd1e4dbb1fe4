/* SPDX-License-Identifier: Zlib */
/*
** editor_files.c -- Make levels: the screen that leads into the editor.
**
** It lists New level, the user's own levels (the .json files of the
** levels folder in the user's data folder, next to settings.json), the
** user's packs with their levels in order, and the game's levels. Right on
** one of the user's levels opens it with the question of which pack to
** add it to (editor_pack.c); Left and Right on a pack's level move it
** earlier or later in the pack. A level of the game is never written: OK
** makes a copy in the user's folder and edits that, Right opens it
** read-only (to look, to test, to copy a part of it into another level).
*/
#include "editor_internal.h"

#include "atomic.h"
#include "json_file.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* The user's levels, sorted by name; how many. */
static int user_levels(const Frontend *g, char names[][NAME_MAX_LEN], int cap, char *folder,
                       size_t folder_cap)
{
    if (!editor_user_folder(g, folder, folder_cap))
        return 0;
    DIR *d = opendir(folder);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < cap) {
        size_t len = strlen(e->d_name);
        if (len > 5 && len < NAME_MAX_LEN && strcmp(e->d_name + len - 5, ".json") == 0 &&
            e->d_name[0] != '.')
            snprintf(names[n++], NAME_MAX_LEN, "%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, NAME_MAX_LEN, by_name);
    return n;
}

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
        up->count = editor_user_packs(g, up->names, EDITOR_PACKS_MAX, up->dir, sizeof up->dir);
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
    int n = user_levels(g, names, USER_LEVELS_MAX, folder, sizeof folder);
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
    if (e != MENU_EV_ACTIVATE && !sideways)
        return;
    if (sideways && id < ITEM_USER_FIRST)
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
        int n = user_levels(g, names, USER_LEVELS_MAX, folder, sizeof folder);
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
