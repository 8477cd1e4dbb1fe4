/* SPDX-License-Identifier: Zlib */
/* test_level.c -- native levels, physics.json, error reporting and --check. */
#define _POSIX_C_SOURCE 200809L

#include "level.h"
#include "level_fixture.h"
#include "check_run.h"

#include <check.h>
#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static bool has_error(const LevelErrors *e, const char *file, int line, int col, const char *frag)
{
    for (int i = 0; i < e->count; i++) {
        const LevelError *x = &e->list[i];
        if ((file == NULL || strcmp(x->file, file) == 0) && x->line == line && x->col == col &&
            strstr(x->message, frag) != NULL)
            return true;
    }
    return false;
}

static bool has_fragment(const LevelErrors *e, const char *frag)
{
    for (int i = 0; i < e->count; i++)
        if (strstr(e->list[i].message, frag) != NULL)
            return true;
    return false;
}

static LevelErrors *new_errors(void)
{
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    return e;
}

static bool parse_text(const char *text, LevelDesc *out, LevelErrors *e)
{
    return level_parse("test.json", text, strlen(text), NULL, out, e);
}

static const LevelEntity *entity(const LevelDesc *lv, int i)
{
    ck_assert_int_lt(i, lv->entity_count);
    return &lv->entities[i];
}

/* y of the top of a default-size box of that kind standing on the bottom of row ty. */
static int stand_y(const char *kind, int ty)
{
    return (ty + 1) * TILE_SIZE - kind_get(kind_find(kind))->h;
}

/* ---- native levels ---- */

START_TEST(native_level_loads_tiles_entities_and_positions)
{
    char path[1024];
    src_path(path, sizeof path, "tests/levels/good/basic.json");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(level_load(path, NULL, &lv, e), "%s", dump(e));
    ck_assert_str_eq(lv.name, "Basic");
    ck_assert_str_eq(lv.background, "hills");
    ck_assert_int_eq(lv.map.width, 20);
    ck_assert_int_eq(lv.map.height, 8);
    ck_assert_int_eq(tilemap_get(&lv.map, 0, 7), TILE_SOLID);
    ck_assert_int_eq(tilemap_get(&lv.map, 5, 6), TILE_SPIKES);
    ck_assert_int_eq(tilemap_get(&lv.map, 6, 6), TILE_SPIKES);
    ck_assert_int_eq(tilemap_get(&lv.map, 8, 3), TILE_ONEWAY);
    ck_assert_int_eq(tilemap_get(&lv.map, 11, 6), TILE_EMPTY);
    /* Entities drawn in the map leave an empty tile. */
    ck_assert_int_eq(tilemap_get(&lv.map, 1, 5), TILE_EMPTY);
    ck_assert_int_eq(tilemap_get(&lv.map, 13, 6), TILE_EMPTY);

    ck_assert_int_eq(lv.entity_count, 12);
    /* The map's entities first, row by row, then the list in order. */
    static const char *const order[] = {"coin",       "coin",     "saw",    "player",
                                        "checkpoint", "goal",     "walker", "switch",
                                        "block",      "platform", "walker", "coin"};
    for (int i = 0; i < 12; i++)
        ck_assert_msg(is_kind(entity(&lv, i), order[i]), "entity %d is not a %s", i, order[i]);

    const LevelEntity *p = entity(&lv, 3);
    ck_assert_int_eq(p->x, 1 * TILE_SIZE);
    ck_assert_int_eq(p->y, stand_y("player", 5));
    ck_assert_int_eq(p->y, 72); /* a 24-px player on row 5 stands on row 6 */
    ck_assert_int_eq(p->line, 17);
    ck_assert_int_eq(p->col, 7);
    ck_assert_int_eq(entity(&lv, 4)->y, stand_y("checkpoint", 5));
    ck_assert_int_eq(entity(&lv, 5)->x, 17 * TILE_SIZE);
    ck_assert_int_eq(entity(&lv, 5)->y, stand_y("goal", 5));
    ck_assert_int_eq(entity(&lv, 0)->x, 10 * TILE_SIZE);
    ck_assert_int_eq(entity(&lv, 0)->y, 2 * TILE_SIZE);
    const LevelEntity *drawn_walker = entity(&lv, 6);
    ck_assert_int_eq(drawn_walker->y, stand_y("walker", 6));
    ck_assert_int_eq(prop_i(drawn_walker, "dir"), 0); /* "left" */

    const LevelEntity *sw = entity(&lv, 7);
    ck_assert_int_eq(sw->x, 3 * TILE_SIZE);
    ck_assert_int_eq(sw->y, 5 * TILE_SIZE);
    ck_assert_int_eq(prop_i(sw, "group"), 2);
    ck_assert_int_eq(sw->line, 22);
    ck_assert_int_eq(sw->col, 5);
    const LevelEntity *block = entity(&lv, 8);
    ck_assert_int_eq(block->x, 5 * TILE_SIZE);
    ck_assert_int_eq(block->y, 3 * TILE_SIZE);
    ck_assert_int_eq(block->w, 2 * TILE_SIZE);
    ck_assert_int_eq(block->h, TILE_SIZE);
    ck_assert_int_eq(prop_i(block, "group"), 2);
    ck_assert_int_eq(prop_i(block, "solid_when"), 1); /* "off" */
    const LevelEntity *plat = entity(&lv, 9);
    ck_assert_int_eq(plat->x, 2 * TILE_SIZE);
    ck_assert_int_eq(plat->y, 1 * TILE_SIZE);
    ck_assert_int_eq(plat->w, 2 * TILE_SIZE);
    ck_assert_int_eq(plat->h, 8);
    const LevelPath *wp = path_of(&lv, plat);
    ck_assert_int_eq(wp->count, 2);
    ck_assert_int_eq(wp->points[0].x, 6 * TILE_SIZE);
    ck_assert_int_eq(wp->points[0].y, 1 * TILE_SIZE);
    ck_assert_int_eq(wp->points[1].x, 6 * TILE_SIZE);
    ck_assert_int_eq(wp->points[1].y, 0);
    ck_assert(prop_f(plat, "speed") == 45.0f);
    ck_assert_int_eq(prop_i(plat, "mode"), 1);           /* "loop" */
    ck_assert_int_eq(prop_i(entity(&lv, 10), "dir"), 1); /* "right" */
    ck_assert_int_eq(entity(&lv, 10)->y, stand_y("walker", 5));
    /* "px": true gives the box's top-left corner in pixels. */
    ck_assert_int_eq(entity(&lv, 11)->x, 200);
    ck_assert_int_eq(entity(&lv, 11)->y, 20);
    /* Kinds without a size of their own have the table's box. */
    ck_assert_int_eq(p->w, kind_get(kind_find("player"))->w);
    ck_assert_int_eq(p->h, kind_get(kind_find("player"))->h);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

START_TEST(entity_properties_have_documented_defaults)
{
    const char *text =
        "{\"format\": 1, \"name\": \"D\", \"background\": \"cave\",\n"
        " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},\n"
        " \"tiles\": [\"..........\", \"..........\", \".P......G.\", \"##########\"],\n"
        " \"entities\": [\n"
        "  {\"type\": \"walker\", \"x\": 4, \"y\": 2},\n"
        "  {\"type\": \"platform\", \"x\": 0, \"y\": 0, \"path\": [[5, 0]]},\n"
        "  {\"type\": \"switch\", \"x\": 6, \"y\": 2, \"group\": 7},\n"
        "  {\"type\": \"block\", \"x\": 2, \"y\": 0, \"group\": 7},\n"
        "  {\"type\": \"block\", \"x\": 40, \"y\": 2, \"w\": 20, \"h\": 7, \"group\": 7, \"px\": "
        "true},\n"
        "  {\"type\": \"platform\", \"x\": 0, \"y\": 10, \"w\": 40, \"path\": [[100, 10]], \"px\": "
        "true}\n"
        " ]}\n";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(parse_text(text, &lv, e), "%s", dump(e));
    ck_assert_int_eq(lv.entity_count, 8);
    ck_assert_int_eq(prop_i(entity(&lv, 2), "dir"), 0); /* "left" */
    const LevelEntity *plat = entity(&lv, 3);
    const EntityKind *pk = kind_get(kind_find("platform"));
    ck_assert_int_eq(plat->w, pk->w);
    ck_assert_int_eq(plat->h, pk->h);
    ck_assert(prop_f(plat, "speed") == 60.0f);
    ck_assert_int_eq(prop_i(plat, "mode"), 0); /* "pingpong" */
    ck_assert_int_eq(path_of(&lv, plat)->count, 1);
    ck_assert_int_eq(path_of(&lv, plat)->points[0].x, 5 * TILE_SIZE);
    const LevelEntity *block = entity(&lv, 5);
    ck_assert_int_eq(block->w, TILE_SIZE);
    ck_assert_int_eq(block->h, TILE_SIZE);
    ck_assert_int_eq(prop_i(block, "solid_when"), 0); /* "on" */
    /* In pixels, sizes are pixels too and nothing is anchored. */
    const LevelEntity *pxb = entity(&lv, 6);
    ck_assert_int_eq(pxb->x, 40);
    ck_assert_int_eq(pxb->y, 2);
    ck_assert_int_eq(pxb->w, 20);
    ck_assert_int_eq(pxb->h, 7);
    const LevelEntity *pxp = entity(&lv, 7);
    ck_assert_int_eq(pxp->w, 40);
    ck_assert_int_eq(path_of(&lv, pxp)->points[0].x, 100);
    ck_assert_int_eq(path_of(&lv, pxp)->points[0].y, 10);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

START_TEST(level_physics_is_base_then_overrides)
{
    char path[1024];
    src_path(path, sizeof path, "tests/levels/good/basic.json");
    LevelErrors *e = new_errors();
    PhysicsParams base = physics_defaults();
    base.gravity = 1.0f;
    base.jump_speed = 999.0f;
    LevelDesc lv;
    ck_assert_msg(level_load(path, &base, &lv, e), "%s", dump(e));
    ck_assert(lv.physics.gravity == 1500.0f);
    ck_assert(lv.physics.max_run == 150.5f);
    ck_assert(lv.physics.jump_speed == 999.0f);
    leveldesc_fini(&lv);
    ck_assert(level_load(path, NULL, &lv, e));
    ck_assert(lv.physics.jump_speed == physics_defaults().jump_speed);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

START_TEST(physics_json_sets_every_parameter_to_its_default)
{
    char path[1024];
    src_path(path, sizeof path, "assets/physics.json");
    int count;
    const ParamInfo *table = physics_param_table(&count);
    PhysicsParams p, defaults = physics_defaults();
    for (int i = 0; i < count; i++)
        *physics_param_ptr(&p, &table[i]) = -12345.0f;
    LevelErrors *e = new_errors();
    ck_assert_msg(level_physics_load(path, &p, e), "%s", dump(e));
    for (int i = 0; i < count; i++)
        ck_assert_msg(*physics_param_ptr(&p, &table[i]) == *physics_param_ptr(&defaults, &table[i]),
                      "%s differs from its default", table[i].name);
    free(e);
}
END_TEST

START_TEST(physics_errors_leave_parameters_untouched)
{
    const char *text = "{\n  \"gravity\": 20000,\n  \"max_rn\": 3,\n  \"coyote_time\": 0.2\n}\n";
    PhysicsParams p = physics_defaults(), before = p;
    LevelErrors *e = new_errors();
    ck_assert(!level_physics_parse("physics.json", text, strlen(text), &p, e));
    ck_assert_msg(
        has_error(e, "physics.json", 2, 14, "gravity: expected a number from 100 to 10000"), "%s",
        dump(e));
    ck_assert_msg(has_error(e, "physics.json", 3, 3, "did you mean \"max_run\""), "%s", dump(e));
    ck_assert_int_eq(e->count, 2);
    ck_assert(memcmp(&p, &before, sizeof p) == 0);
    const char *good = "{\"$schema\": \"x\", \"coyote_time\": 0.25}";
    level_errors_clear(e);
    ck_assert_msg(level_physics_parse("physics.json", good, strlen(good), &p, e), "%s", dump(e));
    ck_assert(p.coyote_time == 0.25f);
    ck_assert(p.gravity == before.gravity);
    free(e);
}
END_TEST

/* ---- errors ---- */

START_TEST(broken_corpus_reports_expected_errors)
{
    char manifest[1024];
    src_path(manifest, sizeof manifest, "tests/levels/broken/EXPECTED");
    size_t len;
    char *text = read_text(manifest, &len);
    int checked = 0;
    LevelErrors *e = new_errors();
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char file[256];
        int l, c, used;
        ck_assert_msg(sscanf(line, "%255s %d %d %n", file, &l, &c, &used) == 3, "bad line: %s",
                      line);
        const char *frag = line + used;
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/levels/broken/%s", SOURCE_DIR, file);
        level_errors_clear(e);
        LevelDesc lv;
        if (level_load(path, NULL, &lv, e))
            ck_abort_msg("%s loaded", file);
        if (!has_error(e, path, l, c, frag))
            ck_abort_msg("%s: no error at %d:%d containing '%s'; got:\n%s", file, l, c, frag,
                         dump(e));
        checked++;
    }
    free(text);
    free(e);
    ck_assert_int_ge(checked, 30);
}
END_TEST

/* A file of tests/levels/warnings loads, with the warning its manifest names. */
START_TEST(warnings_corpus_loads_with_expected_warnings)
{
    char manifest[1024];
    src_path(manifest, sizeof manifest, "tests/levels/warnings/EXPECTED");
    char *text = read_text(manifest, NULL);
    int checked = 0;
    LevelErrors *e = new_errors();
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char file[256];
        int l, c, used;
        ck_assert_msg(sscanf(line, "%255s %d %d %n", file, &l, &c, &used) == 3, "bad line: %s",
                      line);
        const char *frag = line + used;
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/levels/warnings/%s", SOURCE_DIR, file);
        level_errors_clear(e);
        LevelDesc lv;
        ck_assert_msg(level_load(path, NULL, &lv, e), "%s did not load:\n%s", file, dump(e));
        leveldesc_fini(&lv);
        bool found = false;
        for (int i = 0; i < e->warning_count && !found; i++)
            found = strcmp(e->warnings[i].file, path) == 0 && e->warnings[i].line == l &&
                    e->warnings[i].col == c && strstr(e->warnings[i].message, frag) != NULL;
        ck_assert_msg(found, "%s: no warning at %d:%d containing '%s'", file, l, c, frag);
        checked++;
    }
    free(text);
    free(e);
    ck_assert_int_eq(checked, 5);
}
END_TEST

START_TEST(every_broken_file_is_in_the_manifest)
{
    char manifest[1024], dir[1024];
    src_path(manifest, sizeof manifest, "tests/levels/broken/EXPECTED");
    src_path(dir, sizeof dir, "tests/levels/broken");
    size_t len;
    char *text = read_text(manifest, &len);
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int files = 0;
    for (struct dirent *ent = readdir(d); ent != NULL; ent = readdir(d)) {
        if (ent->d_name[0] == '.' || strcmp(ent->d_name, "EXPECTED") == 0)
            continue;
        char listed[300];
        snprintf(listed, sizeof listed, "\n%s ", ent->d_name);
        if (strstr(text, listed) == NULL)
            ck_abort_msg("%s is not listed in EXPECTED", ent->d_name);
        files++;
    }
    closedir(d);
    free(text);
    ck_assert_int_ge(files, 30);
}
END_TEST

START_TEST(every_error_of_a_file_is_reported_at_once)
{
    const char *text =
        "{\"format\": 1, \"name\": \"E\", \"background\": \"forrest\", \"colour\": 3,\n"
        " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},\n"
        " \"tiles\": [\n"
        "  \"........\",\n"
        "  \".P..x.G.\",\n"
        "  \"########\"],\n"
        " \"entities\": [{\"type\": \"switch\", \"x\": 2, \"y\": 0, \"group\": 8},\n"
        "              {\"type\": \"saw\", \"x\": 2, \"y\": 9}]}\n";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    ck_assert_msg(has_error(e, "test.json", 1, 42, "background: unknown background \"forrest\""),
                  "%s", dump(e));
    ck_assert_msg(has_error(e, "test.json", 1, 53, "unknown key \"colour\""), "%s", dump(e));
    ck_assert_msg(has_error(e, "test.json", 5, 8, "tiles[1]: character 'x' is not in the legend"),
                  "%s", dump(e));
    ck_assert_msg(has_error(e, "test.json", 7, 59,
                            "entities[0].group: expected an integer from 0 to 7, got 8"),
                  "%s", dump(e));
    ck_assert_msg(
        has_error(e, "test.json", 8, 44, "entities[1].y: 9 is outside the map (rows 0 to 2)"), "%s",
        dump(e));
    ck_assert_msg(e->count == 5, "%s", dump(e));
    free(e);
}
END_TEST

START_TEST(errors_past_the_cap_are_counted)
{
    size_t cap = 64 * 1024, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(
        text + n, cap - n,
        "{\"format\": 1, \"name\": \"E\", \"background\": \"cave\",\n"
        " \"legend\": {\".\": \"empty\", \"P\": \"player\", \"G\": \"goal\"},\n"
        " \"tiles\": [\"........\", \"P......G\", \"........\"], \"entities\": [\n");
    for (int i = 0; i < 120; i++)
        n += (size_t)snprintf(text + n, cap - n,
                              "%s{\"type\": \"switch\", \"x\": 1, \"y\": 0, \"group\": 99}\n",
                              i ? "," : "");
    snprintf(text + n, cap - n, "]}\n");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    ck_assert_int_eq(e->count, LEVEL_MAX_ERRORS);
    ck_assert_int_eq(e->dropped, 120 - LEVEL_MAX_ERRORS);
    free(text);
    free(e);
}
END_TEST

START_TEST(failed_load_leaves_output_untouched)
{
    LevelDesc lv, copy;
    memset(&lv, 0xAB, sizeof lv);
    memcpy(&copy, &lv, sizeof lv);
    LevelErrors *e = new_errors();
    ck_assert(!parse_text("{\"format\": 1}", &lv, e));
    ck_assert(memcmp(&lv, &copy, sizeof lv) == 0);
    ck_assert(!level_load(SOURCE_DIR "/tests/levels/no-such-file.json", NULL, &lv, e));
    ck_assert(memcmp(&lv, &copy, sizeof lv) == 0);
    ck_assert(has_error(e, SOURCE_DIR "/tests/levels/no-such-file.json", 0, 0, "cannot open"));
    free(e);
}
END_TEST

START_TEST(error_lines_name_file_line_and_column)
{
    LevelErrors *e = new_errors();
    level_errors_add(e, "levels/a.json", 3, 14, "entities[2].%s: bad", "group");
    level_errors_add(e, "levels/b.json", 0, 0, "cannot open: %s", "No such file");
    char buf[512];
    size_t n = level_error_format(&e->list[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "levels/a.json:3:14: error: entities[2].group: bad");
    ck_assert_uint_eq(n, strlen(buf));
    level_error_format(&e->list[1], buf, sizeof buf);
    ck_assert_str_eq(buf, "levels/b.json: error: cannot open: No such file");
    /* A short buffer is cut, still terminated, and the full length told. */
    char small[8];
    n = level_error_format(&e->list[0], small, sizeof small);
    ck_assert_str_eq(small, "levels/");
    ck_assert_uint_gt(n, sizeof small);

    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    level_errors_print(e, f);
    rewind(f);
    char line[512];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "levels/a.json:3:14: error: entities[2].group: bad\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "levels/b.json: error: cannot open: No such file\n");
    ck_assert_ptr_null(fgets(line, sizeof line, f));
    fclose(f);
    free(e);
}
END_TEST

/* Errors are found in the order the loader reads the file (keys, then the
** background, ...; the level-wide checks last) but listed in the order a
** reader reads it: by file, line and column. */
START_TEST(errors_are_listed_in_line_order)
{
    const char *text =
        "{\"format\": 1, \"name\": \"E\", \"background\": \"forrest\", \"colour\": 3,\n"
        " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},\n"
        " \"tiles\": [\n"
        "  \"........\",\n"
        "  \".P..x.G.\",\n"
        "  \"########\"],\n"
        " \"entities\": [{\"type\": \"switch\", \"x\": 2, \"y\": 0, \"group\": 8},\n"
        "              {\"type\": \"saw\", \"x\": 2, \"y\": 9}]}\n";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    static const int places[][2] = {{1, 42}, {1, 53}, {5, 8}, {7, 59}, {8, 44}};
    ck_assert_int_eq(e->count, 5);
    for (int i = 0; i < 5; i++)
        ck_assert_msg(e->list[i].line == places[i][0] && e->list[i].col == places[i][1],
                      "error %d is at %d:%d:%s", i, e->list[i].line, e->list[i].col, dump(e));

    /* Files in the order they first appear; a whole-file error first in its
    ** file; equal places in the order found. */
    level_errors_clear(e);
    level_errors_add(e, "b.json", 9, 1, "b9");
    level_errors_add(e, "a.tsj", 3, 2, "t3");
    level_errors_add(e, "b.json", 2, 7, "b2 first");
    level_errors_add(e, "b.json", 2, 7, "b2 second");
    level_errors_add(e, "b.json", 2, 3, "b2:3");
    level_errors_add(e, "a.tsj", 0, 0, "t whole");
    level_errors_add(e, "b.json", 0, 0, "b whole");
    static const char *const order[] = {"b whole", "b2:3",    "b2 first", "b2 second",
                                        "b9",      "t whole", "t3"};
    ck_assert_int_eq(e->count, 7);
    for (int i = 0; i < 7; i++)
        ck_assert_str_eq(e->list[i].message, order[i]);
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    level_errors_print(e, f);
    rewind(f);
    char line[512];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "b.json: error: b whole\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "b.json:2:3: error: b2:3\n");
    fclose(f);

    /* Past the cap the list keeps those that come first in the file. */
    level_errors_clear(e);
    for (int i = 0; i < LEVEL_MAX_ERRORS + 10; i++)
        level_errors_add(e, "c.json", 100 + i, 1, "late %d", i);
    level_errors_add(e, "c.json", 1, 1, "early");
    ck_assert_int_eq(e->count, LEVEL_MAX_ERRORS);
    ck_assert_int_eq(e->dropped, 11);
    ck_assert_str_eq(e->list[0].message, "early");
    ck_assert_int_eq(e->list[LEVEL_MAX_ERRORS - 1].line, 100 + LEVEL_MAX_ERRORS - 2);
    free(e);
}
END_TEST

/* A misspelt legend entry is told first, with its "did you mean", and
** nothing that follows from it is told as an error of its own (no goal, a
** row using the character), whatever ends the lines; an error about the
** level as a whole comes after the placed ones, which are likelier its
** cause. */
START_TEST(a_cause_is_told_before_what_follows_from_it)
{
    static const char *const ends[] = {"\n", "\r\n", "\r"};
    static const char *const lines[] = {"{",
                                        "  \"format\": 1,",
                                        "  \"name\": \"Typo\",",
                                        "  \"background\": \"hills\",",
                                        "  \"legend\": {",
                                        "    \".\": \"empty\",",
                                        "    \"#\": \"solid\",",
                                        "    \"P\": \"player\",",
                                        "    \"G\": \"gaol\"",
                                        "  },",
                                        "  \"tiles\": [",
                                        "    \"..........\",",
                                        "    \".P......G.\",",
                                        "    \"##########\"",
                                        "  ]",
                                        "}"};
    for (int k = 0; k < 3; k++) {
        char text[1024] = "";
        for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
            strcat(text, lines[i]);
            strcat(text, ends[k]);
        }
        LevelErrors *e = new_errors();
        LevelDesc lv;
        ck_assert(!parse_text(text, &lv, e));
        ck_assert_msg(e->count == 1 && e->list[0].line == 9 && e->list[0].col == 10 &&
                          strstr(e->list[0].message, "\"gaol\" (did you mean \"goal\"?)") != NULL,
                      "line ends %d:%s", k, dump(e));
        free(e);
    }
    /* a real missing player, and a wrong background on line 4: the
    ** background first, the level-wide error last */
    const char *text = "{\n"
                       "  \"format\": 1,\n"
                       "  \"name\": \"No one\",\n"
                       "  \"background\": \"forest\",\n"
                       "  \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"G\": \"goal\"},\n"
                       "  \"tiles\": [\"...\", \"..G\", \"###\"]\n"
                       "}\n";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    ck_assert_int_eq(e->count, 2);
    ck_assert_int_eq(e->list[0].line, 4);
    ck_assert_msg(e->list[1].line == 1 && strstr(e->list[1].message, "no player start") != NULL,
                  "%s", dump(e));
    /* and among errors added in any order */
    level_errors_clear(e);
    level_errors_add_whole(e, "a.json", 1, 1, "no goal");
    level_errors_add(e, "a.json", 9, 10, "typo");
    level_errors_add(e, "a.json", 0, 0, "whole file");
    ck_assert_str_eq(e->list[0].message, "whole file");
    ck_assert_str_eq(e->list[1].message, "typo");
    ck_assert_str_eq(e->list[2].message, "no goal");
    free(e);
}
END_TEST

START_TEST(byte_order_mark_and_crlf_keep_positions)
{
    const char *text = "\xEF\xBB\xBF{\r\n  \"format\": 1,\r\n  \"nme\": \"x\"\r\n}\r\n";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    ck_assert_msg(has_error(e, "test.json", 3, 3, "unknown key \"nme\" (did you mean \"name\"?)"),
                  "%s", dump(e));
    free(e);
}
END_TEST

START_TEST(columns_count_characters_not_bytes)
{
    const char *text = "{\"name\": \"\xC3\xA9t\xC3\xA9\", \"x\": tru}";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    ck_assert_msg(has_error(e, "test.json", 1, 22, "unexpected word 'tru'"), "%s", dump(e));
    free(e);
}
END_TEST

START_TEST(duplicate_keys_are_found_in_large_objects)
{
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text + n, cap - n, "{\"format\": 1, \"legend\": {");
    for (int i = 0; i < 20; i++)
        n += (size_t)snprintf(text + n, cap - n, "\"%c\": \"empty\", ", 'a' + i);
    snprintf(text + n, cap - n, "\"c\": \"solid\"}}");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    ck_assert_msg(has_error(e, "test.json", 1, 306, "legend: duplicate key \"c\" (first at 1:54)"),
                  "%s", dump(e));
    free(text);
    free(e);
}
END_TEST

START_TEST(oversized_input_is_refused)
{
    size_t len = (size_t)LEVEL_MAX_FILE_BYTES + 1;
    char *text = malloc(len);
    memset(text, ' ', len);
    text[0] = '{';
    text[len - 1] = '}';
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!level_parse("big.json", text, len, NULL, &lv, e));
    ck_assert_msg(has_error(e, "big.json", 0, 0, "larger than 16 MiB"), "%s", dump(e));
    free(text);
    free(e);
}
END_TEST

START_TEST(maps_wider_than_the_limit_are_refused)
{
    size_t cap = 16384, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text + n, cap - n,
                          "{\"format\": 1, \"name\": \"W\", \"background\": \"cave\", "
                          "\"legend\": {\".\": \"empty\"}, \"tiles\": [\"");
    for (int i = 0; i <= LEVEL_MAX_SIDE; i++)
        text[n++] = '.';
    snprintf(text + n, cap - n, "\"]}");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    ck_assert_msg(has_fragment(e, "wider than 4096 tiles"), "%s", dump(e));
    free(text);
    free(e);
}
END_TEST

/* A level of W x H coins drawn in the map, a player and a goal in place of
** the last row's first two. */
static char *coin_field(int w, int h)
{
    size_t cap = (size_t)(w + 8) * (size_t)(h + 4) + 512, n = 0;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    n += (size_t)snprintf(text + n, cap - n,
                          "{\"format\": 1, \"name\": \"C\", \"background\": \"cave\",\n"
                          " \"legend\": {\"o\": \"coin\", \"P\": \"player\", \"G\": \"goal\"},\n"
                          " \"tiles\": [\n");
    for (int y = 0; y < h; y++) {
        text[n++] = '"';
        memset(text + n, 'o', (size_t)w);
        if (y == h - 1) {
            text[n] = 'P';
            text[n + 1] = 'G';
        }
        n += (size_t)w;
        n += (size_t)snprintf(text + n, cap - n, "\"%s\n", y + 1 < h ? "," : "");
    }
    snprintf(text + n, cap - n, "]}\n");
    return text;
}

START_TEST(a_million_entities_load)
{
    /* 1000 x 1000 coins and more: the whole cap drawn in one map. */
    char *text = coin_field(1024, LEVEL_MAX_ENTITIES / 1024);
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(parse_text(text, &lv, e), "%s", dump(e));
    ck_assert_int_eq(lv.entity_count, LEVEL_MAX_ENTITIES);
    ck_assert_int_ge(LEVEL_MAX_ENTITIES, 1000000);
    leveldesc_fini(&lv);
    free(text);
    free(e);
}
END_TEST

START_TEST(entity_count_is_limited)
{
    /* One row more than the cap holds: refused at the first entity past it. */
    int w = 1024, h = LEVEL_MAX_ENTITIES / 1024 + 1;
    char *text = coin_field(w, h);
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(text, &lv, e));
    char want[64];
    snprintf(want, sizeof want, "more than %d entities", LEVEL_MAX_ENTITIES);
    ck_assert_msg(has_fragment(e, want), "%s", dump(e));
    ck_assert_int_eq(e->count, 1);
    /* The map starts on line 4; row h-1 holds the first entity past the cap,
    ** at its first character (after the quote). */
    ck_assert_int_eq(e->list[0].line, 4 + h - 1);
    ck_assert_int_eq(e->list[0].col, 2);
    free(text);
    free(e);
}
END_TEST

START_TEST(value_count_is_limited)
{
    size_t count = (size_t)LEVEL_MAX_JSON_VALUES + 1, len = count * 2 + 1;
    char *text = malloc(len + 1);
    text[0] = '[';
    for (size_t i = 0; i < count; i++) {
        text[1 + 2 * i] = '0';
        text[2 + 2 * i] = i + 1 < count ? ',' : ']';
    }
    text[len] = '\0';
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!level_parse("values.json", text, len, NULL, &lv, e));
    ck_assert_msg(has_fragment(e, "more than 2097152 values"), "%s", dump(e));
    ck_assert_int_eq(e->count, 1);
    free(text);
    free(e);
}
END_TEST

START_TEST(generated_1000x1000_level_loads)
{
    size_t len;
    char *text = level_generate(1000, 1000, &len);
    ck_assert_ptr_nonnull(text);
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(level_parse("generated.json", text, len, NULL, &lv, e), "%s", dump(e));
    ck_assert_int_eq(lv.map.width, 1000);
    ck_assert_int_eq(lv.map.height, 1000);
    ck_assert_int_eq(tilemap_get(&lv.map, 500, 999), TILE_SOLID);
    int players = 0, coins = 0;
    for (int i = 0; i < lv.entity_count; i++) {
        players += is_kind(&lv.entities[i], "player");
        coins += is_kind(&lv.entities[i], "coin");
    }
    ck_assert_int_eq(players, 1);
    ck_assert_int_gt(coins, 100);
    /* Every kind of the table is in it: a new kind is loaded, checked and
    ** run by the tests and benchmarks that use generated levels. */
    for (int k = 0; k < kind_count(); k++) {
        int n = 0;
        for (int i = 0; i < lv.entity_count; i++)
            n += lv.entities[i].kind == k;
        ck_assert_msg(n > 0, "no %s in the generated level", kind_get(k)->name);
    }
    leveldesc_fini(&lv);
    free(text);
    free(e);
}
END_TEST

START_TEST(generated_levels_of_any_size_load)
{
    static const int sizes[][2] = {{8, 6},   {9, 7},    {12, 9},  {16, 10},
                                   {41, 13}, {100, 60}, {333, 25}};
    LevelErrors *e = new_errors();
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t len;
        char *text = level_generate(sizes[i][0], sizes[i][1], &len);
        ck_assert_ptr_nonnull(text);
        LevelDesc lv;
        level_errors_clear(e);
        ck_assert_msg(level_parse("generated.json", text, len, NULL, &lv, e), "%dx%d:\n%s",
                      sizes[i][0], sizes[i][1], dump(e));
        ck_assert_int_eq(lv.map.width, sizes[i][0]);
        leveldesc_fini(&lv);
        free(text);
    }
    size_t len;
    ck_assert_ptr_null(level_generate(7, 6, &len));
    free(e);
}
END_TEST

static uint32_t next_random(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

START_TEST(truncated_and_mutated_files_never_crash)
{
    char path[1024];
    src_path(path, sizeof path, "tests/levels/good/basic.json");
    size_t len;
    char *text = read_text(path, &len);
    LevelErrors *e = new_errors();
    LevelDesc lv;
    for (size_t cut = 0; cut < len; cut++) {
        level_errors_clear(e);
        /* Every prefix fails, except those missing only trailing white space. */
        bool ok = level_parse("cut.json", text, cut, NULL, &lv, e);
        if (ok)
            leveldesc_fini(&lv);
        bool only_space = strspn(text + cut, " \n") == len - cut;
        if (ok != only_space || (!ok && e->count == 0))
            ck_abort_msg("prefix of %zu bytes: ok=%d errors=%d", cut, ok, e->count);
    }
    char *copy = malloc(len);
    uint32_t seed = 12345;
    for (int round = 0; round < 3000; round++) {
        memcpy(copy, text, len);
        int edits = 1 + (int)(next_random(&seed) % 4);
        for (int k = 0; k < edits; k++)
            copy[next_random(&seed) % len] = (char)(next_random(&seed) & 0xFF);
        level_errors_clear(e);
        if (level_parse("mutated.json", copy, len, NULL, &lv, e))
            leveldesc_fini(&lv);
        else if (e->count == 0)
            ck_abort_msg("round %d failed without an error", round);
    }
    free(copy);
    free(text);
    free(e);
}
END_TEST

/* ---- schema and documentation stay in step with the parameter table ---- */

START_TEST(schema_lists_every_parameter_with_its_range)
{
    char path[1024];
    src_path(path, sizeof path, "levels/level.schema.json");
    size_t len;
    char *text = read_text(path, &len);
    cJSON *schema = cJSON_ParseWithLength(text, len);
    ck_assert_msg(schema != NULL, "level.schema.json does not parse");
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(schema, "definitions");
    const cJSON *physics = cJSON_GetObjectItemCaseSensitive(defs, "physics");
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(physics, "properties");
    ck_assert(cJSON_IsObject(props));
    int count;
    const ParamInfo *table = physics_param_table(&count);
    ck_assert_int_eq(cJSON_GetArraySize(props), count);
    PhysicsParams defaults = physics_defaults();
    for (int i = 0; i < count; i++) {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(props, table[i].name);
        ck_assert_msg(cJSON_IsObject(p), "schema lacks %s", table[i].name);
        const cJSON *min = cJSON_GetObjectItemCaseSensitive(p, "minimum");
        const cJSON *max = cJSON_GetObjectItemCaseSensitive(p, "maximum");
        const cJSON *def = cJSON_GetObjectItemCaseSensitive(p, "default");
        const cJSON *doc = cJSON_GetObjectItemCaseSensitive(p, "description");
        ck_assert(cJSON_IsNumber(min) && cJSON_IsNumber(max) && cJSON_IsNumber(def));
        ck_assert_msg((float)min->valuedouble == table[i].min, "%s minimum", table[i].name);
        ck_assert_msg((float)max->valuedouble == table[i].max, "%s maximum", table[i].name);
        ck_assert_msg((float)def->valuedouble == *physics_param_ptr(&defaults, &table[i]),
                      "%s default", table[i].name);
        ck_assert(cJSON_IsString(doc) && strlen(doc->valuestring) > 0);
    }
    cJSON_Delete(schema);
    free(text);
}
END_TEST

START_TEST(readme_documents_every_parameter)
{
    char path[1024];
    src_path(path, sizeof path, "levels/README.md");
    size_t len;
    char *text = read_text(path, &len);
    int count;
    const ParamInfo *table = physics_param_table(&count);
    for (int i = 0; i < count; i++) {
        char key[80];
        snprintf(key, sizeof key, "| `%s` |", table[i].name);
        ck_assert_msg(strstr(text, key) != NULL, "levels/README.md lacks a row for %s",
                      table[i].name);
    }
    free(text);
}
END_TEST

START_TEST(readme_example_is_a_valid_level)
{
    char path[1024];
    src_path(path, sizeof path, "levels/README.md");
    size_t len;
    char *text = read_text(path, &len);
    char *start = strstr(text, "```json\n");
    ck_assert_ptr_nonnull(start);
    start += strlen("```json\n");
    char *end = strstr(start, "```");
    ck_assert_ptr_nonnull(end);
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(level_parse("README.md", start, (size_t)(end - start), NULL, &lv, e), "%s",
                  dump(e));
    ck_assert_str_eq(lv.name, "First Steps");
    leveldesc_fini(&lv);
    free(e);
    free(text);
}
END_TEST

/* ---- platformer --check ---- */

static int run_check(int argc, char **argv)
{
    /* The test runs in its own process: silence what --check prints. */
    if (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "w", stderr) == NULL)
        ck_abort_msg("cannot silence output");
    return level_cli_check(argc, argv, NULL);
}

START_TEST(check_exit_status_tells_good_from_broken)
{
    char good[1024], broken[1024], physics[1024], tileset[1024];
    src_path(good, sizeof good, "tests/levels/good/basic.json");
    src_path(broken, sizeof broken, "tests/levels/broken/two_players.json");
    src_path(physics, sizeof physics, "assets/physics.json");
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    char *all_good[] = {"platformer", "--check", good, physics, tileset};
    ck_assert_int_eq(run_check(5, all_good), 0);
    char *mixed[] = {"platformer", "--check", good, broken};
    ck_assert_int_eq(run_check(4, mixed), 1);
    char *none[] = {"platformer", "--check"};
    ck_assert_int_eq(run_check(2, none), 2);
    /* Only the operands, as a caller that strips the option would pass. */
    char *bare[] = {"--check", good};
    ck_assert_int_eq(run_check(2, bare), 0);
}
END_TEST

static Suite *level_suite(void)
{
    Suite *s = suite_create("level");
    TCase *tc = tcase_create("native");
    tcase_add_test(tc, native_level_loads_tiles_entities_and_positions);
    tcase_add_test(tc, entity_properties_have_documented_defaults);
    tcase_add_test(tc, level_physics_is_base_then_overrides);
    tcase_add_test(tc, physics_json_sets_every_parameter_to_its_default);
    tcase_add_test(tc, physics_errors_leave_parameters_untouched);
    tcase_add_test(tc, broken_corpus_reports_expected_errors);
    tcase_add_test(tc, every_broken_file_is_in_the_manifest);
    tcase_add_test(tc, warnings_corpus_loads_with_expected_warnings);
    tcase_add_test(tc, every_error_of_a_file_is_reported_at_once);
    tcase_add_test(tc, errors_past_the_cap_are_counted);
    tcase_add_test(tc, failed_load_leaves_output_untouched);
    tcase_add_test(tc, error_lines_name_file_line_and_column);
    tcase_add_test(tc, errors_are_listed_in_line_order);
    tcase_add_test(tc, a_cause_is_told_before_what_follows_from_it);
    tcase_add_test(tc, byte_order_mark_and_crlf_keep_positions);
    tcase_add_test(tc, columns_count_characters_not_bytes);
    tcase_add_test(tc, duplicate_keys_are_found_in_large_objects);
    tcase_add_test(tc, oversized_input_is_refused);
    tcase_add_test(tc, maps_wider_than_the_limit_are_refused);
    tcase_add_test(tc, a_million_entities_load);
    tcase_add_test(tc, entity_count_is_limited);
    tcase_add_test(tc, value_count_is_limited);
    tcase_add_test(tc, generated_1000x1000_level_loads);
    tcase_add_test(tc, generated_levels_of_any_size_load);
    tcase_add_test(tc, truncated_and_mutated_files_never_crash);
    tcase_add_test(tc, schema_lists_every_parameter_with_its_range);
    tcase_add_test(tc, readme_documents_every_parameter);
    tcase_add_test(tc, readme_example_is_a_valid_level);
    tcase_add_test(tc, check_exit_status_tells_good_from_broken);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(level_suite());
}
