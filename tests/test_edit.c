/* SPDX-License-Identifier: Zlib */
/*
** test_edit.c -- the level editor's core (src/edit/): every shipped level
** saves to its own bytes, every command does what it says and undoes to
** the bytes it started from, and the live check is --check's.
*/
#define _POSIX_C_SOURCE 200809L

#include "edit.h"
#include "level_fixture.h"
#include "check_run.h"

#include <check.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

/* The shipped levels, sorted: levels/NN-*.json. */
enum { NAME_SIZE = 256 };

static int shipped(char names[][NAME_SIZE], int cap)
{
    DIR *d = opendir(SOURCE_DIR "/levels");
    ck_assert_ptr_nonnull(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && strstr(e->d_name, ".json") != NULL &&
            n < cap)
            snprintf(names[n++], NAME_SIZE, "%s", e->d_name);
    closedir(d);
    qsort(names, (size_t)n, NAME_SIZE, (int (*)(const void *, const void *))strcmp);
    return n;
}

static EditDoc *open_path(const char *path)
{
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    EditDoc *doc = edit_open(path, NULL, e);
    if (doc == NULL)
        level_errors_print(e, stderr);
    ck_assert_msg(doc != NULL, "%s does not open", path);
    free(e);
    return doc;
}

static EditDoc *open_level(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/levels/%.255s", SOURCE_DIR, name); /* a file name */
    return open_path(path);
}

/* A level written to the scratch folder and opened. */
static EditDoc *open_text(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", TMP_DIR, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return open_path(path);
}

static char *text_of(const EditDoc *doc)
{
    size_t len;
    char *t = edit_text(doc, &len);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(strlen(t), len);
    return t;
}

/* The text's line n (from 1), without its end. */
static void line_of(const char *text, int n, char *buf, size_t size)
{
    for (int i = 1; i < n && text != NULL; i++) {
        text = strchr(text, '\n');
        text = text != NULL ? text + 1 : NULL;
    }
    ck_assert_ptr_nonnull(text);
    size_t len = strcspn(text, "\n");
    snprintf(buf, size, "%.*s", (int)(len < size ? len : size - 1), text);
}

/* How many lines differ between two texts of as many lines; -1 otherwise. */
static int lines_changed(const char *a, const char *b)
{
    int changed = 0;
    while (*a != '\0' || *b != '\0') {
        size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
        if (*a == '\0' || *b == '\0')
            return -1;
        changed += la != lb || memcmp(a, b, la) != 0;
        a += la + (a[la] == '\n');
        b += lb + (b[lb] == '\n');
    }
    return changed;
}

/* The level the loader makes of the document's text, every rule checked
** (play) or not. */
static bool loads(const EditDoc *doc, bool play, LevelDesc *out, LevelErrors *e)
{
    char *t = text_of(doc);
    level_errors_clear(e);
    bool ok = play ? level_parse("edited.json", t, strlen(t), NULL, out, e)
                   : level_parse_draft("edited.json", t, strlen(t), NULL, out, e);
    free(t);
    return ok;
}

/* The document's level is the loader's level of its text. */
static void same_as_loader(EditDoc *doc)
{
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    LevelDesc lv;
    bool ok = loads(doc, false, &lv, e);
    if (!ok)
        level_errors_print(e, stderr);
    ck_assert_msg(ok, "the editor wrote a file the loader does not read");
    const LevelDesc *mine = edit_level(doc);
    ck_assert_int_eq(mine->map.width, lv.map.width);
    ck_assert_int_eq(mine->map.height, lv.map.height);
    ck_assert(memcmp(mine->map.tiles, lv.map.tiles, (size_t)lv.map.width * (size_t)lv.map.height) ==
              0);
    ck_assert_str_eq(mine->name, lv.name);
    ck_assert_str_eq(mine->background, lv.background);
    ck_assert(memcmp(&mine->physics, &lv.physics, sizeof lv.physics) == 0);
    ck_assert_int_eq(mine->entity_count, lv.entity_count);
    for (int i = 0; i < lv.entity_count; i++)
        ck_assert_msg(leveldesc_entity_equal(mine, &mine->entities[i], &lv, &lv.entities[i]),
                      "entity %d (a %s) differs from the loader's", i,
                      kind_get(lv.entities[i].kind)->name);
    leveldesc_fini(&lv);
    free(e);
}

/* The id of the first entity of a kind in the file's order, 0 if none. */
static uint32_t first_of(EditDoc *doc, const char *kind)
{
    const LevelDesc *lv = edit_level(doc);
    for (int i = 0; i < lv->entity_count; i++)
        if (lv->entities[i].kind == kind_find(kind))
            return edit_level_id(doc, i);
    return 0;
}

static int count_of(EditDoc *doc, const char *kind)
{
    const LevelDesc *lv = edit_level(doc);
    int n = 0;
    for (int i = 0; i < lv->entity_count; i++)
        n += lv->entities[i].kind == kind_find(kind);
    return n;
}

static bool has_problem(const EditProblems *ps, const char *frag, int x, int y)
{
    for (int i = 0; i < ps->count; i++)
        if (strstr(ps->list[i].message, frag) != NULL && ps->list[i].x == x && ps->list[i].y == y)
            return true;
    return false;
}

static void print_problems(const EditProblems *ps)
{
    for (int i = 0; i < ps->count; i++)
        fprintf(stderr, "  %s (%d, %d) #%u: %s\n", ps->list[i].warning ? "warning" : "error",
                ps->list[i].x, ps->list[i].y, ps->list[i].id, ps->list[i].message);
}

/* A small level that passes --check: a floor, the start, three coins drawn
** in the map, a goal, and listed a platform (its wait written 1.0) and a
** switch whose group has no blocks (a warning). */
static const char FIXTURE[] =
    "{\n"
    "  \"format\": 1,\n"
    "  \"name\": \"Fixture\",\n"
    "  \"background\": \"hills\",\n"
    "  \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"o\": \"coin\", \"G\": "
    "\"goal\"},\n"
    "  \"tiles\": [\n"
    "    \"............\",\n"
    "    \"............\",\n"
    "    \".P.ooo....G.\",\n"
    "    \"############\"\n"
    "  ],\n"
    "  \"entities\": [\n"
    "    {\"type\": \"platform\", \"x\": 3, \"y\": 0, \"path\": [[6, 0]], \"wait\": 1.0},\n"
    "    {\"type\": \"switch\", \"x\": 8, \"y\": 2, \"group\": 1}\n"
    "  ]\n"
    "}\n";

/* ---- opening and saving ---- */

START_TEST(shipped_levels_save_to_their_own_bytes)
{
    static char names[64][NAME_SIZE];
    int n = shipped(names, 64);
    ck_assert_int_ge(n, 24);
    for (int i = 0; i < n; i++) {
        char path[512], out[512], err[256];
        snprintf(path, sizeof path, "%s/levels/%.255s", SOURCE_DIR, names[i]);
        snprintf(out, sizeof out, "%s/saved-%.255s", TMP_DIR, names[i]);
        EditDoc *doc = open_level(names[i]);
        ck_assert(!edit_modified(doc));
        ck_assert_msg(edit_save(doc, out, err, sizeof err), "%s", err);
        size_t a, b;
        char *want = read_text(path, &a), *got = read_text(out, &b);
        ck_assert_msg(a == b && memcmp(want, got, a) == 0, "%s: saved unchanged, its bytes differ",
                      names[i]);
        free(want);
        free(got);
        edit_free(doc);
    }
}
END_TEST

START_TEST(shipped_levels_are_the_loaders_levels_and_pass_the_check)
{
    static char names[64][NAME_SIZE];
    int n = shipped(names, 64);
    for (int i = 0; i < n; i++) {
        EditDoc *doc = open_level(names[i]);
        same_as_loader(doc);
        const EditProblems *ps = edit_check(doc);
        int errors = 0;
        for (int p = 0; p < ps->count; p++)
            errors += !ps->list[p].warning;
        if (errors > 0)
            print_problems(ps);
        ck_assert_msg(errors == 0, "%s: the check finds errors", names[i]);
        edit_free(doc);
    }
}
END_TEST

START_TEST(files_that_do_not_read_are_refused_with_the_loaders_errors)
{
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_null(edit_open(TMP_DIR "/no-such-level.json", NULL, e));
    ck_assert_int_eq(e->count, 1);
    ck_assert_ptr_nonnull(strstr(e->list[0].message, "cannot open"));
    level_errors_clear(e);
    char path[512];
    snprintf(path, sizeof path, "%s/bad-group.json", TMP_DIR);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs("{\"format\": 1, \"name\": \"x\", \"background\": \"hills\", \"legend\": {\".\": "
          "\"empty\"},\n"
          " \"tiles\": [\"...\"], \"entities\": [{\"type\": \"switch\", \"x\": 0, \"y\": 0, "
          "\"group\": 9}]}\n",
          f);
    fclose(f);
    ck_assert_ptr_null(edit_open(path, NULL, e));
    ck_assert_int_eq(e->list[0].line, 2);
    ck_assert_ptr_nonnull(
        strstr(e->list[0].message, "entities[0].group: expected an integer from 0 to 7"));
    /* a Tiled map reads, but is not the editor's to write */
    level_errors_clear(e);
    ck_assert_ptr_null(edit_open(SOURCE_DIR "/tests/levels/tiled/full.tmj", NULL, e));
    ck_assert_int_eq(e->count, 1);
    ck_assert_ptr_nonnull(
        strstr(e->list[0].message, "a Tiled map: the editor opens native levels"));
    free(e);
}
END_TEST

START_TEST(a_level_that_breaks_the_rules_of_play_opens_and_says_why)
{
    /* no goal, and a coin in a wall: it reads, it does not play */
    EditDoc *doc = open_text(
        "no-goal.json",
        "{\"format\": 1, \"name\": \"x\", \"background\": \"cave\",\n"
        " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"w\": \"walker\"},\n"
        " \"tiles\": [\n"
        "  \"......\",\n"
        "  \".P..w.\",\n"
        "  \"######\"]}\n");
    const EditProblems *ps = edit_check(doc);
    ck_assert(has_problem(ps, "the level has no goal", -1, -1));
    edit_free(doc);
}
END_TEST

START_TEST(saving_writes_the_file_atomically_and_clears_modified)
{
    EditDoc *doc = open_text("fixture-save.json", FIXTURE);
    char out[512], err[256];
    snprintf(out, sizeof out, "%s/fixture-saved.json", TMP_DIR);
    ck_assert(edit_paint(doc, 0, 0, TILE_SOLID));
    ck_assert(edit_modified(doc));
    ck_assert_msg(edit_save(doc, out, err, sizeof err), "%s", err);
    ck_assert(!edit_modified(doc));
    char *want = text_of(doc);
    size_t len;
    char *got = read_text(out, &len);
    ck_assert_str_eq(got, want);
    /* undoing past the save is a change; redoing to it is not */
    ck_assert(edit_undo(doc));
    ck_assert(edit_modified(doc));
    ck_assert(edit_redo(doc));
    ck_assert(!edit_modified(doc));
    /* no temporary left beside it */
    DIR *d = opendir(TMP_DIR);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        ck_assert_msg(strstr(e->d_name, "fixture-saved.json.tmp") == NULL, "%s left", e->d_name);
    closedir(d);
    /* a folder that is not there: refused, with the file named */
    ck_assert(!edit_save(doc, TMP_DIR "/no-such-folder/x.json", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "no-such-folder/x.json"));
    free(want);
    free(got);
    edit_free(doc);
}
END_TEST

/* ---- tiles ---- */

START_TEST(a_one_tile_change_changes_one_row)
{
    EditDoc *doc = open_level("24-the-summit.json");
    char *before = text_of(doc);
    ck_assert(edit_tile(doc, 0, 0) == TILE_EMPTY);
    ck_assert(edit_paint(doc, 0, 0, TILE_SOLID));
    ck_assert(edit_tile(doc, 0, 0) == TILE_SOLID);
    char *after = text_of(doc);
    ck_assert_int_eq(lines_changed(before, after), 1);
    char row[16];
    line_of(after, 8, row, sizeof row); /* the first row */
    ck_assert_str_eq(row, "    \"#.........");
    same_as_loader(doc);
    ck_assert(edit_undo(doc));
    char *undone = text_of(doc);
    ck_assert_str_eq(undone, before);
    free(before);
    free(after);
    free(undone);
    edit_free(doc);
}
END_TEST

START_TEST(fill_paints_a_rectangle_and_gives_a_new_kind_a_character)
{
    EditDoc *doc = open_text("fixture-fill.json", FIXTURE);
    char *before = text_of(doc);
    ck_assert(edit_fill(doc, (EditRect){2, 0, 3, 2}, TILE_SPIKES));
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 12; x++) {
            bool in = x >= 2 && x < 5 && y < 2;
            ck_assert(edit_tile(doc, x, y) == (in       ? TILE_SPIKES
                                               : y == 3 ? TILE_SOLID
                                                        : TILE_EMPTY));
        }
    char *after = text_of(doc);
    ck_assert_ptr_nonnull(strstr(after, "\"G\": \"goal\", \"^\": \"spikes\"}"));
    ck_assert_ptr_nonnull(strstr(after, "    \"..^^^.......\",\n    \"..^^^.......\",\n"));
    /* a rectangle past the map's edge is cut to it */
    ck_assert(edit_fill(doc, (EditRect){10, 2, 5, 5}, TILE_ONEWAY));
    ck_assert(edit_tile(doc, 11, 3) == TILE_ONEWAY);
    ck_assert(!edit_fill(doc, (EditRect){20, 20, 3, 3}, TILE_SOLID));
    /* each fill one step */
    ck_assert_str_eq(edit_undo_label(doc), "fill");
    ck_assert(edit_undo(doc));
    ck_assert(edit_undo(doc));
    char *undone = text_of(doc);
    ck_assert_str_eq(undone, before);
    free(before);
    free(after);
    free(undone);
    edit_free(doc);
}
END_TEST

START_TEST(a_stroke_is_one_step_and_a_change_of_nothing_is_none)
{
    EditDoc *doc = open_text("fixture-stroke.json", FIXTURE);
    char *before = text_of(doc);
    edit_begin(doc, "stroke");
    /* a stroke from (0, 0) to (11, 1), one tile each column, then up to (11, 0) */
    for (int x = 0; x < 12; x++)
        ck_assert(edit_paint(doc, x, x / 6, TILE_ONEWAY));
    ck_assert(edit_paint(doc, 11, 0, TILE_ONEWAY));
    ck_assert(edit_paint(doc, 0, 0, TILE_SOLID));
    edit_end(doc);
    int painted = 0;
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 12; x++)
            painted += edit_tile(doc, x, y) != TILE_EMPTY;
    ck_assert_int_eq(painted, 13);
    ck_assert_str_eq(edit_undo_label(doc), "stroke");
    ck_assert(edit_undo(doc));
    ck_assert_ptr_null(edit_undo_label(doc));
    char *undone = text_of(doc);
    ck_assert_str_eq(undone, before);
    /* painting what is there makes no step, and keeps the redo */
    ck_assert(!edit_paint(doc, 0, 3, TILE_SOLID));
    ck_assert_str_eq(edit_redo_label(doc), "stroke");
    ck_assert(edit_redo(doc));
    ck_assert(edit_tile(doc, 0, 0) == TILE_SOLID);
    free(before);
    free(undone);
    edit_free(doc);
}
END_TEST

START_TEST(painting_under_a_drawn_entity_moves_it_to_the_list)
{
    EditDoc *doc = open_text("fixture-under.json", FIXTURE);
    char *before = text_of(doc);
    uint32_t coin = edit_entity_at(doc, 3 * 16 + 8, 2 * 16 + 8);
    ck_assert_uint_ne(coin, 0);
    ck_assert_int_eq(edit_entity(doc, coin)->ch, 'o');
    ck_assert(edit_paint(doc, 3, 2, TILE_SOLID));
    const EditEntity *en = edit_entity(doc, coin);
    ck_assert_ptr_nonnull(en);
    ck_assert_int_eq(en->ch, 0);
    ck_assert(edit_tile(doc, 3, 2) == TILE_SOLID);
    char *after = text_of(doc);
    ck_assert_ptr_nonnull(strstr(after, "    \".P.#oo....G.\",\n"));
    ck_assert_ptr_nonnull(strstr(after, "    {\"type\": \"coin\", \"x\": 3, \"y\": 2}\n  ]"));
    same_as_loader(doc);
    /* the eyedropper sees the coin before the tile */
    EditBrush b = edit_pick(doc, 3, 2);
    ck_assert_int_eq(b.kind, kind_find("coin"));
    b = edit_pick(doc, 0, 3);
    ck_assert_int_eq(b.tile, TILE_SOLID);
    ck_assert(edit_undo(doc));
    char *undone = text_of(doc);
    ck_assert_str_eq(undone, before);
    ck_assert_int_eq(edit_entity(doc, coin)->ch, 'o');
    free(before);
    free(after);
    free(undone);
    edit_free(doc);
}
END_TEST

START_TEST(erase_empties_tiles_and_deletes_what_stands_there)
{
    EditDoc *doc = open_text("fixture-erase.json", FIXTURE);
    ck_assert_int_eq(count_of(doc, "coin"), 3);
    ck_assert(edit_erase(doc, (EditRect){3, 2, 2, 2}));
    ck_assert_int_eq(count_of(doc, "coin"), 1);
    ck_assert(edit_tile(doc, 3, 3) == TILE_EMPTY && edit_tile(doc, 4, 3) == TILE_EMPTY);
    ck_assert(edit_tile(doc, 5, 3) == TILE_SOLID);
    same_as_loader(doc);
    edit_free(doc);
}
END_TEST

/* ---- entities ---- */

START_TEST(placing_uses_the_kinds_defaults_and_draws_plain_kinds)
{
    EditDoc *doc = open_text("fixture-place.json", FIXTURE);
    /* a coin on an empty tile: drawn */
    uint32_t coin = edit_place(doc, kind_find("coin"), 7, 1);
    ck_assert_int_eq(edit_entity(doc, coin)->ch, 'o');
    /* on a solid tile: listed */
    uint32_t buried = edit_place(doc, kind_find("coin"), 7, 3);
    ck_assert_int_eq(edit_entity(doc, buried)->ch, 0);
    /* a spring: the legend gains its character */
    edit_place(doc, kind_find("spring"), 9, 1);
    char *t = text_of(doc);
    ck_assert_ptr_nonnull(strstr(t, "\"G\": \"goal\", \"s\": \"spring\"}"));
    free(t);
    /* a platform needs a path: the example's shape, from where it is placed */
    const EntityKind *pk = kind_get(kind_find("platform"));
    uint32_t plat = edit_place(doc, kind_find("platform"), 0, 0);
    const EditEntity *p = edit_entity(doc, plat);
    ck_assert_int_eq(p->path.count, 1);
    ck_assert_int_eq(p->e.w, 3 * 16);
    /* the example moves it 10 tiles right; the map holds 12 - 1 */
    ck_assert_int_eq(p->path.points[0].x, 10 * 16);
    ck_assert_int_eq(p->path.points[0].y, 0);
    ck_assert_ptr_nonnull(strstr(pk->example, "[[30, 16]]"));
    uint32_t sign = edit_place(doc, kind_find("sign"), 6, 1);
    ck_assert_str_eq(edit_entity(doc, sign)->text, "Press {jump} to jump");
    /* the player start is moved, not doubled */
    uint32_t start = first_of(doc, "player");
    ck_assert_uint_eq(edit_place(doc, kind_find("player"), 9, 2), start);
    ck_assert_int_eq(count_of(doc, "player"), 1);
    ck_assert_int_eq(edit_entity(doc, start)->e.x, 9 * 16);
    ck_assert_uint_eq(edit_place(doc, kind_find("coin"), 12, 0), 0); /* outside */
    same_as_loader(doc);
    edit_free(doc);
}
END_TEST

START_TEST(moving_keeps_ids_and_drawn_entities_take_the_cells_others_leave)
{
    EditDoc *doc = open_text("fixture-move.json", FIXTURE);
    char *before = text_of(doc);
    uint32_t coins[3];
    ck_assert_int_eq(edit_entities_in(doc, 3 * 16, 2 * 16, 3 * 16, 16, coins, 3), 3);
    ck_assert(edit_move(doc, coins, 3, 16, 0));
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(edit_entity(doc, coins[i])->ch, 'o'); /* all still drawn */
    char *after = text_of(doc);
    ck_assert_ptr_nonnull(strstr(after, "    \".P..ooo...G.\",\n"));
    ck_assert_int_eq(lines_changed(before, after), 1);
    /* off the grid: written in pixels */
    uint32_t plat = first_of(doc, "platform");
    ck_assert(edit_move(doc, &plat, 1, 4, 0));
    free(after);
    after = text_of(doc);
    ck_assert_ptr_nonnull(strstr(after, "{\"type\": \"platform\", \"x\": 52, \"y\": 0, \"path\": "
                                        "[[100, 0]], \"wait\": 1, \"px\": true}"));
    /* out of the map: refused, nothing moved */
    ck_assert(!edit_move(doc, coins, 3, 0, -3 * 16));
    ck_assert_int_eq(edit_entity(doc, coins[0])->e.x, 4 * 16);
    ck_assert(edit_undo(doc));
    ck_assert(edit_undo(doc));
    free(after);
    after = text_of(doc);
    ck_assert_str_eq(after, before);
    free(before);
    free(after);
    edit_free(doc);
}
END_TEST

START_TEST(delete_and_duplicate)
{
    EditDoc *doc = open_text("fixture-dup.json", FIXTURE);
    char *before = text_of(doc);
    uint32_t sw = first_of(doc, "switch"), plat = first_of(doc, "platform");
    uint32_t both[2] = {sw, plat}, made[2];
    ck_assert_int_eq(edit_duplicate(doc, both, 2, 0, 16, made), 2);
    ck_assert_uint_ne(made[0], sw);
    const EditEntity *copy = edit_entity(doc, made[1]);
    ck_assert_int_eq(copy->path.points[0].y, 16);
    ck_assert_int_eq(count_of(doc, "platform"), 2);
    ck_assert_int_eq(edit_delete(doc, both, 2), 2);
    ck_assert_ptr_null(edit_entity(doc, sw));
    ck_assert_int_eq(count_of(doc, "switch"), 1);
    /* a drawn coin deleted leaves its cell empty */
    uint32_t coin = first_of(doc, "coin");
    ck_assert_int_eq(edit_delete(doc, &coin, 1), 1);
    char *t = text_of(doc);
    ck_assert_ptr_nonnull(strstr(t, "    \".P..oo....G.\",\n"));
    same_as_loader(doc);
    for (int i = 0; i < 3; i++)
        ck_assert(edit_undo(doc));
    free(t);
    t = text_of(doc);
    ck_assert_str_eq(t, before);
    free(before);
    free(t);
    edit_free(doc);
}
END_TEST

START_TEST(a_bad_property_value_is_refused_with_the_loaders_message)
{
    EditDoc *doc = open_text("fixture-props.json", FIXTURE);
    char *before = text_of(doc), msg[256];
    uint32_t sw = first_of(doc, "switch"), plat = first_of(doc, "platform");
    ck_assert(!edit_set_prop(doc, sw, "group", "9", msg, sizeof msg));
    ck_assert_str_eq(msg, "group: expected an integer from 0 to 7, got 9");
    ck_assert(!edit_set_prop(doc, sw, "group", "two", msg, sizeof msg));
    ck_assert_str_eq(msg, "group: expected an integer from 0 to 7, got \"two\"");
    ck_assert(!edit_set_prop(doc, sw, "mode", "sometimes", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "mode: "));
    ck_assert_ptr_nonnull(strstr(msg, "\"toggle\", \"once\" or \"timed\""));
    ck_assert(!edit_set_prop(doc, sw, "time", "0.1", msg, sizeof msg));
    ck_assert_str_eq(msg, "time: expected a number from 0.5 to 60, got 0.1");
    ck_assert(!edit_set_prop(doc, plat, "oneway", "yes", msg, sizeof msg));
    ck_assert_str_eq(msg, "oneway: expected true or false, got \"yes\"");
    ck_assert(!edit_set_prop(doc, plat, "path", "[[1, 1]]", msg, sizeof msg));
    ck_assert(!edit_set_prop(doc, sw, "speed", "3", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "no property \"speed\""));
    uint32_t sign = edit_place(doc, kind_find("sign"), 6, 1);
    ck_assert(edit_undo(doc));
    ck_assert_ptr_null(edit_entity(doc, sign));
    char *same = text_of(doc);
    ck_assert_str_eq(same, before); /* nothing refused changed anything */
    ck_assert_ptr_null(edit_undo_label(doc));
    free(same);

    /* good values change one line, kept in the entry's order */
    ck_assert(edit_set_prop(doc, sw, "mode", "timed", msg, sizeof msg));
    ck_assert(edit_set_prop(doc, sw, "time", "2.5", msg, sizeof msg));
    ck_assert(edit_set_prop(doc, plat, "w", "2", msg, sizeof msg));
    ck_assert(edit_set_prop(doc, plat, "oneway", "true", msg, sizeof msg));
    char *after = text_of(doc);
    ck_assert_ptr_nonnull(strstr(after, "{\"type\": \"switch\", \"x\": 8, \"y\": 2, \"group\": 1, "
                                        "\"mode\": \"timed\", \"time\": 2.5}"));
    ck_assert_ptr_nonnull(strstr(after, "{\"type\": \"platform\", \"x\": 3, \"y\": 0, \"path\": "
                                        "[[6, 0]], \"wait\": 1, \"w\": 2, \"oneway\": true}"));
    ck_assert_int_eq(lines_changed(before, after), 2);
    edit_prop_text(doc, sw, "time", msg, sizeof msg);
    ck_assert_str_eq(msg, "2.5");
    edit_prop_text(doc, plat, "path", msg, sizeof msg);
    ck_assert_str_eq(msg, "[6, 0]");
    /* a text: the sign rules, with their message */
    sign = edit_place(doc, kind_find("sign"), 6, 1);
    ck_assert(!edit_set_prop(doc, sign, "text", "1\n2\n3\n4\n5", msg, sizeof msg));
    ck_assert_str_eq(msg, "text: a text has at most 4 lines, this one has 5");
    ck_assert(edit_set_prop(doc, sign, "text", "Say \"hi\"\nto {jump}", msg, sizeof msg));
    free(after);
    after = text_of(doc);
    ck_assert_ptr_nonnull(strstr(after, "\"text\": \"Say \\\"hi\\\"\\nto {jump}\"}"));
    same_as_loader(doc);
    /* a drawn coin given a value other than its default leaves the map */
    uint32_t walker = edit_place(doc, kind_find("walker"), 9, 1);
    ck_assert_int_eq(edit_entity(doc, walker)->ch, 'w');
    ck_assert(edit_set_prop(doc, walker, "dir", "right", msg, sizeof msg));
    ck_assert_int_eq(edit_entity(doc, walker)->ch, 0);
    same_as_loader(doc);
    free(before);
    free(after);
    edit_free(doc);
}
END_TEST

START_TEST(path_waypoints_are_added_moved_and_removed)
{
    EditDoc *doc = open_text("fixture-path.json", FIXTURE);
    char *before = text_of(doc), msg[256];
    uint32_t plat = first_of(doc, "platform"), sw = first_of(doc, "switch");
    ck_assert(edit_path_add(doc, plat, 1, 6 * 16, 16, msg, sizeof msg));
    ck_assert(edit_path_add(doc, plat, 0, 0, 16, msg, sizeof msg));
    ck_assert(edit_path_move(doc, plat, 2, 7 * 16, 16, msg, sizeof msg));
    char value[128];
    edit_prop_text(doc, plat, "path", value, sizeof value);
    ck_assert_str_eq(value, "[0, 1], [6, 0], [7, 1]");
    ck_assert(edit_path_remove(doc, plat, 0, msg, sizeof msg));
    ck_assert(edit_path_remove(doc, plat, 0, msg, sizeof msg));
    /* the last waypoint of a required path stays */
    ck_assert(!edit_path_remove(doc, plat, 0, msg, sizeof msg));
    ck_assert_str_eq(msg, "path: a path has 1 to 15 waypoints, this one has 0");
    ck_assert(!edit_path_move(doc, plat, 0, 12 * 16, 0, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "outside the map"));
    ck_assert(!edit_path_add(doc, sw, 0, 0, 0, msg, sizeof msg));
    ck_assert_str_eq(msg, "a switch has no path");
    for (int i = 0; i < 14; i++)
        ck_assert(edit_path_add(doc, plat, -1, i % 8 * 16, 0, msg, sizeof msg));
    ck_assert(!edit_path_add(doc, plat, -1, 0, 0, msg, sizeof msg));
    ck_assert_str_eq(msg, "path: a path has 1 to 15 waypoints, this one has 16");
    same_as_loader(doc);
    /* a saw's path may go: it stays put, its file entry has no path */
    uint32_t saw = edit_place(doc, kind_find("saw"), 10, 1);
    ck_assert_int_eq(edit_entity(doc, saw)->ch, '*');
    ck_assert(edit_path_add(doc, saw, 0, 10 * 16, 0, msg, sizeof msg));
    ck_assert_int_eq(edit_entity(doc, saw)->ch, 0);
    char *t = text_of(doc);
    ck_assert_ptr_nonnull(
        strstr(t, "{\"type\": \"saw\", \"x\": 10, \"y\": 1, \"path\": [[10, 0]]}"));
    free(t);
    ck_assert(edit_path_remove(doc, saw, 0, msg, sizeof msg));
    t = text_of(doc);
    ck_assert_ptr_nonnull(strstr(t, "{\"type\": \"saw\", \"x\": 10, \"y\": 1}"));
    free(t);
    while (edit_undo(doc))
        ;
    t = text_of(doc);
    ck_assert_str_eq(t, before);
    free(t);
    free(before);
    edit_free(doc);
}
END_TEST

/* ---- regions ---- */

START_TEST(a_region_pastes_into_another_level)
{
    EditDoc *src = open_level("07-lifts.json");
    char *src_before = text_of(src);
    /* the first lift, from x 23 to 31 at row 49, with its gap's tiles */
    EditClip *clip = edit_copy(src, (EditRect){22, 44, 13, 8});
    ck_assert_ptr_nonnull(clip);
    ck_assert_int_eq(edit_clip_width(clip), 13);
    char msg[256];
    EditDoc *dst = edit_new(40, 20, "ice", "Pasted", NULL, msg, sizeof msg);
    ck_assert_msg(dst != NULL, "%s", msg);
    char *dst_before = text_of(dst);
    uint32_t ids[64];
    int n = edit_paste(dst, clip, 2, 3, ids, 64);
    ck_assert_int_gt(n, 0);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 13; x++)
            ck_assert(edit_tile(dst, 2 + x, 3 + y) == edit_tile(src, 22 + x, 44 + y));
    /* the lift came along, its path moved with it */
    int lifts = 0;
    for (int i = 0; i < n; i++) {
        const EditEntity *en = edit_entity(dst, ids[i]);
        if (en->e.kind != kind_find("platform"))
            continue;
        lifts++;
        ck_assert_int_eq(en->e.x, (23 - 22 + 2) * 16);
        ck_assert_int_eq(en->e.y, (49 - 44 + 3) * 16);
        ck_assert_int_eq(en->path.points[0].x, (31 - 22 + 2) * 16);
    }
    ck_assert_int_eq(lifts, 1);
    same_as_loader(dst);
    /* one step in the level pasted into; the other untouched */
    ck_assert_str_eq(edit_undo_label(dst), "paste");
    ck_assert(edit_undo(dst));
    char *t = text_of(dst);
    ck_assert_str_eq(t, dst_before);
    free(t);
    t = text_of(src);
    ck_assert_str_eq(t, src_before);
    ck_assert(!edit_modified(src));
    /* past the edge: what falls outside is left out */
    ck_assert_int_ge(edit_paste(dst, clip, 35, 15, NULL, 0), 0);
    same_as_loader(dst);
    ck_assert_int_eq(edit_paste(dst, clip, 40, 0, NULL, 0), -1);
    free(t);
    free(src_before);
    free(dst_before);
    edit_clip_free(clip);
    edit_free(src);
    edit_free(dst);
}
END_TEST

START_TEST(resize_keeps_the_anchors_side_with_each_anchor)
{
    static const char LEVEL[] =
        "{\"format\": 1, \"name\": \"Corners\", \"background\": \"hills\",\n"
        "  \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"=\": \"oneway\", \"o\": \"coin\"},\n"
        "  \"tiles\": [\n"
        "    \"#........o\",\n"
        "    \"..........\",\n"
        "    \"..........\",\n"
        "    \"=.........\"\n"
        "  ],\n"
        "  \"entities\": [{\"type\": \"saw\", \"x\": 4, \"y\": 1, \"path\": [[9, 3]]}]}\n";
    for (int a = 0; a <= EDIT_ANCHOR_BOTTOM_RIGHT; a++) {
        for (int grow = 0; grow < 2; grow++) {
            EditDoc *doc = open_text("corners.json", LEVEL);
            char *before = text_of(doc), msg[256];
            int w = grow ? 15 : 6, h = grow ? 7 : 3;
            ck_assert(edit_resize(doc, w, h, (EditAnchor)a, msg, sizeof msg));
            ck_assert_int_eq(edit_width(doc), w);
            ck_assert_int_eq(edit_height(doc), h);
            /* where the old top-left went: kept, centred or at the far side */
            int ox = a % 3 == 0 ? 0 : a % 3 == 1 ? (w - 10) / 2 : w - 10;
            int oy = a / 3 == 0 ? 0 : a / 3 == 1 ? (h - 4) / 2 : h - 4;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    int sx = x - ox, sy = y - oy;
                    TileKind want = sx == 0 && sy == 0   ? TILE_SOLID
                                    : sx == 0 && sy == 3 ? TILE_ONEWAY
                                                         : TILE_EMPTY;
                    ck_assert_msg(edit_tile(doc, x, y) == want, "anchor %d, %dx%d: tile %d,%d", a,
                                  w, h, x, y);
                }
            /* the coin and the saw moved with their tiles, or went with them */
            bool coin_in = 9 + ox >= 0 && 9 + ox < w && oy >= 0;
            ck_assert_int_eq(count_of(doc, "coin"), coin_in);
            uint32_t saw = first_of(doc, "saw");
            bool saw_in = 4 + ox >= 0 && 4 + ox < w && 1 + oy >= 0 && 1 + oy < h;
            ck_assert_int_eq(saw != 0, saw_in);
            if (saw_in) {
                const EditEntity *en = edit_entity(doc, saw);
                ck_assert_int_eq(en->e.x, (4 + ox) * 16);
                int px = (9 + ox) * 16, py = (3 + oy) * 16;
                px = px < 0 ? 0 : px > (w - 1) * 16 ? (w - 1) * 16 : px;
                py = py < 0 ? 0 : py > (h - 1) * 16 ? (h - 1) * 16 : py;
                ck_assert_int_eq(en->path.points[0].x, px);
                ck_assert_int_eq(en->path.points[0].y, py);
            }
            same_as_loader(doc);
            ck_assert(edit_undo(doc));
            char *undone = text_of(doc);
            ck_assert_str_eq(undone, before);
            ck_assert(edit_redo(doc));
            ck_assert_int_eq(edit_width(doc), w);
            free(before);
            free(undone);
            edit_free(doc);
        }
    }
    EditDoc *doc = open_text("corners.json", LEVEL);
    char msg[256];
    ck_assert(!edit_resize(doc, 0, 5, EDIT_ANCHOR_CENTER, msg, sizeof msg));
    ck_assert_str_eq(msg, "a map is 1 to 4096 tiles on a side");
    edit_free(doc);
}
END_TEST

/* ---- settings ---- */

START_TEST(level_settings_are_held_to_the_files_rules)
{
    EditDoc *doc = open_text("fixture-settings.json", FIXTURE);
    char *before = text_of(doc), msg[256];
    ck_assert(!edit_set_name(doc, "", msg, sizeof msg));
    ck_assert_str_eq(msg, "name: a name has 1 to 63 bytes, this one has 0");
    char long_name[200];
    memset(long_name, 'a', 199);
    long_name[199] = '\0';
    ck_assert(!edit_set_name(doc, long_name, msg, sizeof msg));
    ck_assert_str_eq(msg, "name: a name has 1 to 63 bytes, this one has 199");
    ck_assert(!edit_set_background(doc, "lava", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "background: unknown background \"lava\""));
    ck_assert(!edit_set_physics(doc, "gravity", "5", msg, sizeof msg));
    ck_assert_str_eq(msg, "gravity: expected a number from 100 to 10000, got 5");
    ck_assert(!edit_set_physics(doc, "gravty", "900", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "did you mean \"gravity\""));
    char *same = text_of(doc);
    ck_assert_str_eq(same, before);
    free(same);

    ck_assert(edit_set_name(doc, "Über \"the\" top", msg, sizeof msg));
    ck_assert(edit_set_background(doc, "ice", msg, sizeof msg));
    ck_assert(edit_set_physics(doc, "gravity", "1500", msg, sizeof msg));
    ck_assert(edit_set_physics(doc, "max_run", "150.5", msg, sizeof msg));
    float v;
    ck_assert(edit_physics(doc, "gravity", &v));
    ck_assert(v == 1500.0f);
    char *after = text_of(doc);
    ck_assert_ptr_nonnull(
        strstr(after, "  \"name\": \"Über \\\"the\\\" top\",\n  \"background\": \"ice\",\n"
                      "  \"physics\": {\"gravity\": 1500, \"max_run\": 150.5},\n"));
    same_as_loader(doc);
    ck_assert_str_eq(edit_level(doc)->background, "ice");
    ck_assert(edit_level(doc)->physics.gravity == 1500.0f);
    ck_assert(edit_set_physics(doc, "gravity", NULL, msg, sizeof msg));
    ck_assert(!edit_physics(doc, "gravity", &v));
    ck_assert(edit_set_physics(doc, "max_run", "", msg, sizeof msg));
    free(after);
    after = text_of(doc);
    ck_assert_ptr_null(strstr(after, "physics"));
    while (edit_undo(doc))
        ;
    free(after);
    after = text_of(doc);
    ck_assert_str_eq(after, before);
    free(before);
    free(after);
    edit_free(doc);
}
END_TEST

START_TEST(a_new_level_plays_from_the_start)
{
    char msg[256];
    ck_assert_ptr_null(edit_new(3, 3, "hills", "Tiny", NULL, msg, sizeof msg));
    ck_assert_ptr_null(edit_new(20, 10, "moon", "Moon", NULL, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "background"));
    EditDoc *doc = edit_new(20, 10, "cave", "First", NULL, msg, sizeof msg);
    ck_assert_msg(doc != NULL, "%s", msg);
    ck_assert(edit_modified(doc));
    ck_assert_ptr_null(edit_undo_label(doc));
    const EditProblems *ps = edit_check(doc);
    print_problems(ps);
    ck_assert_int_eq(ps->count, 0);
    char *t = text_of(doc);
    ck_assert_ptr_nonnull(strstr(
        t, "\"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"}"));
    ck_assert_ptr_nonnull(
        strstr(t, "    \".P................G.\",\n    \"####################\"\n"));
    free(t);
    edit_free(doc);
}
END_TEST

/* ---- the check ---- */

START_TEST(the_check_lists_problems_at_their_tiles)
{
    EditDoc *doc = open_text("fixture-check.json", FIXTURE);
    const EditProblems *ps = edit_check(doc);
    ck_assert_int_eq(ps->count, 1);
    ck_assert(ps->list[0].warning);
    ck_assert(has_problem(ps, "switch group 1 has no blocks", 8, 2));
    ck_assert_uint_eq(ps->list[0].id, first_of(doc, "switch"));
    ck_assert_ptr_eq(edit_check(doc), ps); /* unchanged: not checked again */
    /* a walker drawn in the map, then buried in a wall */
    uint32_t walker = edit_place(doc, kind_find("walker"), 7, 2);
    ck_assert(edit_paint(doc, 7, 2, TILE_SOLID));
    ps = edit_check(doc);
    ck_assert(has_problem(ps, "the walker overlaps the solid tile at column 7, row 2", 7, 2));
    /* no goal: the level as a whole */
    uint32_t goal = first_of(doc, "goal");
    ck_assert_int_eq(edit_delete(doc, &goal, 1), 1);
    ps = edit_check(doc);
    ck_assert(has_problem(ps, "the level has no goal (an entity of type \"goal\")", -1, -1));
    ck_assert(edit_undo(doc));
    ck_assert(edit_undo(doc));
    /* a block over the start: the message names the block by its tile */
    uint32_t start = first_of(doc, "player");
    uint32_t block = edit_place(doc, kind_find("block"), 1, 1);
    ps = edit_check(doc);
    bool found = false;
    for (int i = 0; i < ps->count; i++)
        if (ps->list[i].id == start) {
            ck_assert_str_eq(
                ps->list[i].message,
                "the block at column 1, row 1 covers the player start's place: a player "
                "coming back to life there could be shut inside it");
            ck_assert_int_eq(ps->list[i].x, 1);
            ck_assert_int_eq(ps->list[i].y, 2);
            found = true;
        }
    ck_assert(found);
    /* the same problems, in the same order, as --check on the saved file */
    LevelErrors *e = calloc(1, sizeof *e);
    LevelDesc lv;
    ck_assert(!loads(doc, true, &lv, e));
    ck_assert_int_eq(ps->count, e->count + e->warning_count);
    (void)walker;
    (void)block;
    free(e);
    edit_free(doc);
}
END_TEST

/* ---- a level made with the commands ---- */

START_TEST(a_level_made_with_the_commands_saves_loads_and_passes_the_check)
{
    char msg[256], path[512], err[256];
    EditDoc *doc = edit_new(48, 16, "hills", "Made Here", NULL, msg, sizeof msg);
    ck_assert_msg(doc != NULL, "%s", msg);
    /* a floor with a gap, spikes down in it */
    ck_assert(edit_erase(doc, (EditRect){20, 15, 4, 1}));
    ck_assert(edit_fill(doc, (EditRect){20, 15, 4, 1}, TILE_SPIKES));
    /* a walker, a lift over the gap with a two-point path, a checkpoint */
    uint32_t walker = edit_place(doc, kind_find("walker"), 10, 14);
    ck_assert_uint_ne(walker, 0);
    uint32_t lift = edit_place(doc, kind_find("platform"), 17, 12);
    ck_assert(edit_path_move(doc, lift, 0, 24 * 16, 12 * 16, msg, sizeof msg));
    ck_assert(edit_path_add(doc, lift, 1, 24 * 16, 10 * 16, msg, sizeof msg));
    ck_assert(edit_place(doc, kind_find("checkpoint"), 30, 14) != 0);
    /* the goal, further on */
    uint32_t goal = first_of(doc, "goal");
    ck_assert(edit_move(doc, &goal, 1, -16, 0));
    const EditProblems *ps = edit_check(doc);
    print_problems(ps);
    ck_assert_int_eq(ps->count, 0);
    snprintf(path, sizeof path, "%s/made-here.json", TMP_DIR);
    ck_assert_msg(edit_save(doc, path, err, sizeof err), "%s", err);
    LevelErrors *e = calloc(1, sizeof *e);
    LevelDesc lv;
    ck_assert(level_load(path, NULL, &lv, e));
    ck_assert_int_eq(e->count + e->warning_count, 0);
    ck_assert_int_eq(lv.entity_count, 5);
    leveldesc_fini(&lv);
    /* and opens again to the same bytes */
    EditDoc *again = open_path(path);
    char *a = text_of(doc), *b = text_of(again);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    free(e);
    edit_free(again);
    edit_free(doc);
}
END_TEST

/* ---- the property test ---- */

/* A small deterministic generator (splitmix64), seeded per sequence. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int below(uint64_t *s, int n)
{
    return n > 0 ? (int)(next_random(s) % (uint64_t)n) : 0;
}

/* A random entity of the level, 0 when it has none. */
static uint32_t any_entity(EditDoc *doc, uint64_t *s)
{
    const LevelDesc *lv = edit_level(doc);
    return lv->entity_count > 0 ? edit_level_id(doc, below(s, lv->entity_count)) : 0;
}

/* A value typed for a property: in its range, out of it, or nonsense. */
static void any_value(const KindProp *p, uint64_t *s, char *buf, size_t size)
{
    static const char *const TEXTS[] = {"Hi", "Press {jump}\nthen {left}", "a\nb\nc\nd\ne",
                                        "\"q\""};
    int pick = below(s, 8);
    switch (p->type) {
    case KPROP_BOOL:
        snprintf(buf, size, "%s", pick < 4 ? "true" : pick < 7 ? "false" : "maybe");
        break;
    case KPROP_ENUM:
        snprintf(buf, size, "%s", pick < 7 ? p->values[below(s, p->value_count)] : "sideways");
        break;
    case KPROP_TEXT: snprintf(buf, size, "%s", TEXTS[below(s, 4)]); break;
    case KPROP_NUMBER:
        snprintf(buf, size, "%g",
                 pick < 6 ? p->min + (p->max - p->min) * below(s, 100) / 99.0 : p->max * 2 + 1);
        break;
    default:
        snprintf(buf, size, "%d", pick < 6 ? (int)p->min + below(s, 4) : pick < 7 ? -1 : 99999);
        break;
    }
}

/* One random command (sometimes a drag of several); returns its name. */
static const char *any_command(EditDoc *doc, EditDoc *other, EditClip **clip, uint64_t *s)
{
    int w = edit_width(doc), h = edit_height(doc);
    int x = below(s, w), y = below(s, h);
    TileKind t = (TileKind)below(s, TILE_KIND_COUNT);
    char msg[256], value[64];
    uint32_t id = any_entity(doc, s);
    switch (below(s, 18)) {
    case 0: edit_paint(doc, x, y, t); return "paint";
    case 1:
        edit_begin(doc, "stroke");
        for (int i = below(s, 5); i >= 0; i--)
            edit_paint(doc, x + below(s, 9) - 4, y + below(s, 5) - 2, t);
        edit_end(doc);
        return "stroke";
    case 2: edit_fill(doc, (EditRect){x - 2, y - 1, below(s, 7), below(s, 4)}, t); return "fill";
    case 3: edit_erase(doc, (EditRect){x, y, below(s, 4), below(s, 3)}); return "erase";
    case 4:
    case 5: edit_place(doc, below(s, kind_count()), x, y); return "place";
    case 6: {
        uint32_t ids[3] = {id, any_entity(doc, s), any_entity(doc, s)};
        int dx = (below(s, 5) - 2) * 16 + (below(s, 6) == 0 ? below(s, 7) - 3 : 0);
        edit_begin(doc, "drag");
        for (int i = below(s, 3); i >= 0; i--)
            edit_move(doc, ids, 1 + below(s, 3), dx, (below(s, 3) - 1) * 16);
        edit_end(doc);
        return "move";
    }
    case 7: edit_delete(doc, &id, 1); return "delete";
    case 8:
        edit_duplicate(doc, &id, 1, below(s, 3) * 16, (below(s, 3) - 1) * 16, NULL);
        return "duplicate";
    case 9:
    case 10: {
        const EditEntity *en = edit_entity(doc, id);
        const EntityKind *k = en != NULL ? kind_get(en->e.kind) : NULL;
        if (k == NULL || k->prop_count == 0)
            return "nothing";
        const KindProp *p = &k->props[below(s, k->prop_count)];
        any_value(p, s, value, sizeof value);
        edit_set_prop(doc, id, p->name, value, msg, sizeof msg);
        return "set property";
    }
    case 11: {
        int i = below(s, 16) - 1, px = below(s, w) * 16, py = below(s, h) * 16 + (below(s, 5) == 0);
        int op = below(s, 3);
        if (op == 0)
            edit_path_add(doc, id, i, px, py, msg, sizeof msg);
        else if (op == 1)
            edit_path_move(doc, id, i, px, py, msg, sizeof msg);
        else
            edit_path_remove(doc, id, i, msg, sizeof msg);
        return "path";
    }
    case 12:
        edit_clip_free(*clip);
        *clip = edit_copy(below(s, 2) ? doc : other,
                          (EditRect){x, y, 1 + below(s, 8), 1 + below(s, 5)});
        return "copy";
    case 13:
        if (*clip != NULL)
            edit_paste(doc, *clip, x - 2, y - 2, NULL, 0);
        return "paste";
    case 14: {
        static const char *const NAMES[] = {"Renamed", "", "Ünïcode \"q\""};
        static const char *const WORLDS[] = {"hills", "cave", "ice", "peak", "lava"};
        if (below(s, 2))
            edit_set_name(doc, NAMES[below(s, 3)], msg, sizeof msg);
        else
            edit_set_background(doc, WORLDS[below(s, 5)], msg, sizeof msg);
        return "settings";
    }
    case 15: {
        static const char *const PARAMS[] = {"gravity", "max_run", "walker_speed", "nope"};
        static const char *const VALUES[] = {"1200", "", "0.5", "99999", "fast"};
        edit_set_physics(doc, PARAMS[below(s, 4)], VALUES[below(s, 5)], msg, sizeof msg);
        return "physics";
    }
    case 16:
        edit_resize(doc, w + below(s, 7) - 3, h + below(s, 5) - 2, (EditAnchor)below(s, 9), msg,
                    sizeof msg);
        return "resize";
    default:
        if (below(s, 2))
            edit_undo(doc);
        else
            edit_redo(doc);
        return "undo or redo";
    }
}

START_TEST(random_commands_undo_to_the_original_bytes_and_redo_to_the_same)
{
    enum { SEQUENCES = 1000 };
    static const char *const LEVELS[] = {
        "01-first-steps.json", "07-lifts.json",      "08-switches.json", "11-grinding-gears.json",
        "15-thin-ice.json",    "20-timberline.json", "22-thin-air.json"};
    enum { LEVEL_COUNT = sizeof LEVELS / sizeof LEVELS[0] };
    EditDoc *docs[LEVEL_COUNT];
    char *originals[LEVEL_COUNT];
    for (int i = 0; i < LEVEL_COUNT; i++) {
        docs[i] = open_level(LEVELS[i]);
        originals[i] = text_of(docs[i]);
    }
    EditClip *clip = NULL;
    for (int seq = 0; seq < SEQUENCES; seq++) {
        uint64_t s = (uint64_t)seq * 7919u + 1u;
        EditDoc *doc = docs[seq % LEVEL_COUNT];
        EditDoc *other = docs[(seq + 1) % LEVEL_COUNT];
        const char *original = originals[seq % LEVEL_COUNT];
        char *start = text_of(doc);
        ck_assert_msg(strcmp(start, original) == 0, "sequence %d starts from other bytes", seq);
        int commands = 1 + below(&s, 12);
        const char *names[16];
        for (int c = 0; c < commands; c++)
            names[c] = any_command(doc, other, &clip, &s);
        char *end = text_of(doc);
        /* what was written reads, as the same level the editor holds */
        same_as_loader(doc);
        int steps = 0;
        while (edit_undo(doc))
            steps++;
        char *undone = text_of(doc);
        ck_assert_msg(strcmp(undone, original) == 0,
                      "sequence %d (seed %d): %d commands, the first %s, undone to other bytes",
                      seq, seq * 7919 + 1, commands, names[0]);
        for (int i = 0; i < steps; i++)
            ck_assert(edit_redo(doc));
        char *redone = text_of(doc);
        ck_assert_msg(strcmp(redone, end) == 0, "sequence %d: redone to other bytes", seq);
        while (edit_undo(doc))
            ;
        free(start);
        free(end);
        free(undone);
        free(redone);
    }
    edit_clip_free(clip);
    for (int i = 0; i < LEVEL_COUNT; i++) {
        edit_free(docs[i]);
        free(originals[i]);
    }
}
END_TEST

static Suite *edit_suite(void)
{
    Suite *s = suite_create("edit");
    TCase *tc = tcase_create("edit");
    tcase_add_test(tc, shipped_levels_save_to_their_own_bytes);
    tcase_add_test(tc, shipped_levels_are_the_loaders_levels_and_pass_the_check);
    tcase_add_test(tc, files_that_do_not_read_are_refused_with_the_loaders_errors);
    tcase_add_test(tc, a_level_that_breaks_the_rules_of_play_opens_and_says_why);
    tcase_add_test(tc, saving_writes_the_file_atomically_and_clears_modified);
    tcase_add_test(tc, a_one_tile_change_changes_one_row);
    tcase_add_test(tc, fill_paints_a_rectangle_and_gives_a_new_kind_a_character);
    tcase_add_test(tc, a_stroke_is_one_step_and_a_change_of_nothing_is_none);
    tcase_add_test(tc, painting_under_a_drawn_entity_moves_it_to_the_list);
    tcase_add_test(tc, erase_empties_tiles_and_deletes_what_stands_there);
    tcase_add_test(tc, placing_uses_the_kinds_defaults_and_draws_plain_kinds);
    tcase_add_test(tc, moving_keeps_ids_and_drawn_entities_take_the_cells_others_leave);
    tcase_add_test(tc, delete_and_duplicate);
    tcase_add_test(tc, a_bad_property_value_is_refused_with_the_loaders_message);
    tcase_add_test(tc, path_waypoints_are_added_moved_and_removed);
    tcase_add_test(tc, a_region_pastes_into_another_level);
    tcase_add_test(tc, resize_keeps_the_anchors_side_with_each_anchor);
    tcase_add_test(tc, level_settings_are_held_to_the_files_rules);
    tcase_add_test(tc, a_new_level_plays_from_the_start);
    tcase_add_test(tc, the_check_lists_problems_at_their_tiles);
    tcase_add_test(tc, a_level_made_with_the_commands_saves_loads_and_passes_the_check);
    tcase_add_test(tc, random_commands_undo_to_the_original_bytes_and_redo_to_the_same);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(edit_suite());
}
