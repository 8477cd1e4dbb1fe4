/* SPDX-License-Identifier: Zlib */
/*
** editor_pack.c -- where a level's files go: into a pack, with its replay.
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

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

int editor_user_packs(const Frontend *g, char names[][PACK_NAME_MAX], int cap, char *dir,
                      size_t dir_cap)
{
    int count = 0;
    if (!editor_packs_folder(g, dir, dir_cap))
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *e;
    char err[256];
    while ((e = readdir(d)) != NULL && count < cap) {
        char sub[EDITOR_PATH_MAX + PACK_NAME_MAX + 2];
        if (strlen(e->d_name) >= PACK_NAME_MAX || !pack_valid_name(e->d_name, err, sizeof err))
            continue;
        snprintf(sub, sizeof sub, "%.*s/%.*s", EDITOR_PATH_MAX - 1, dir, PACK_NAME_MAX - 1,
                 e->d_name);
        if (pack_is_folder(sub))
            snprintf(names[count++], PACK_NAME_MAX, "%.*s", PACK_NAME_MAX - 1, e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)count, PACK_NAME_MAX, by_name);
    return count;
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
    ed->pack_count = editor_user_packs(g, ed->packs, EDITOR_PACKS_MAX, dir, sizeof dir);
    ed->pack_choice = 0;
    ed->pack_input[0] = '\0';
    ed->ask = ASK_PACK;
}

/* path's folder (with its '/') and its file name. */
static void split(const char *path, char *dir, size_t dir_cap, const char **file)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(dir, dir_cap, "%.*s", (int)n, path);
    *file = path + n;
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
    char from[EDITOR_PATH_MAX], old_dir[EDITOR_PATH_MAX];
    const char *file;
    snprintf(from, sizeof from, "%s", ed->path);
    split(from, old_dir, sizeof old_dir, &file);
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
            char old_name[PACK_NAME_MAX], again[EDITOR_PATH_MAX + 256];
            size_t n = strlen(old_dir);
            const char *start = old_dir + n - 1;
            while (start > old_dir && start[-1] != '/')
                start--;
            snprintf(old_name, sizeof old_name, "%.*s", (int)(old_dir + n - 1 - start), start);
            pack_list_add(old_dir, old_name, file, edit_name(ed->doc), again, sizeof again);
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

static bool pack_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
}

void editor_pack_text(Editor *ed, const char *text)
{
    ed->pack_choice = ed->pack_count; /* typing names a new pack */
    size_t n = strlen(ed->pack_input);
    for (const char *c = text; *c && n + 1 < sizeof ed->pack_input; c++)
        if (pack_char(*c) && !(n == 0 && *c == '.'))
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
