/* test_level_tiled.c -- Tiled maps in, Tiled maps out. */
#define _POSIX_C_SOURCE 200809L

#include "level.h"
#include "level_fixture.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- helpers ---- */

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

/* The first difference between two levels, ignoring where entities were
** written (line, col), or NULL when they are the same. */
static const char *difference(const LevelDesc *a, const LevelDesc *b)
{
    static char why[256];
    if (strcmp(a->name, b->name) != 0)
        return "name";
    if (strcmp(a->background, b->background) != 0)
        return "background";
    if (a->map.width != b->map.width || a->map.height != b->map.height)
        return "map size";
    for (int y = 0; y < a->map.height; y++)
        for (int x = 0; x < a->map.width; x++)
            if (tilemap_get(&a->map, x, y) != tilemap_get(&b->map, x, y)) {
                snprintf(why, sizeof why, "tile (%d, %d): %d vs %d", x, y,
                         tilemap_get(&a->map, x, y), tilemap_get(&b->map, x, y));
                return why;
            }
    int count;
    const ParamInfo *table = physics_param_table(&count);
    for (int i = 0; i < count; i++)
        if (*physics_param_ptr((PhysicsParams *)&a->physics, &table[i]) !=
            *physics_param_ptr((PhysicsParams *)&b->physics, &table[i])) {
            snprintf(why, sizeof why, "physics %s", table[i].name);
            return why;
        }
    if (a->entity_count != b->entity_count)
        return "entity count";
    for (int i = 0; i < a->entity_count; i++) {
        const LevelEntity *p = &a->entities[i], *q = &b->entities[i];
        if (!leveldesc_entity_equal(a, p, b, q)) {
            snprintf(why, sizeof why, "entity %d (%s at %d, %d vs %s at %d, %d)", i,
                     kind_get(p->kind)->name, p->x, p->y, kind_get(q->kind)->name, q->x, q->y);
            return why;
        }
    }
    return NULL;
}

static void load_ok(const char *rel, const PhysicsParams *base, LevelDesc *out)
{
    char path[1024];
    src_path(path, sizeof path, rel);
    LevelErrors *e = new_errors();
    ck_assert_msg(level_load(path, base, out, e), "%s:\n%s", rel, dump(e));
    free(e);
}

/* A small map in memory: 'width' x 2 tiles, a player and a goal (points at
** the bottom-left corner), one tile layer whose encoding and data are given. */
typedef struct MapSpec {
    const char *version;      /* the "version" member, or "" for none */
    const char *orientation;
    const char *infinite;
    int width;
    int tile_width;
    const char *tilesets;
    const char *layer;        /* members of the tile layer after width/height */
    const char *objects;      /* extra objects, each followed by a comma */
} MapSpec;

static const char *const TILES_EMBEDDED =
    "{\"firstgid\": 1, \"name\": \"t\", \"tilecount\": 4, \"tilewidth\": 16, \"tileheight\": 16,"
    " \"tiles\": [{\"id\": 0, \"type\": \"solid\"}, {\"id\": 1, \"type\": \"oneway\"},"
    " {\"id\": 2, \"type\": \"spikes\"}, {\"id\": 3, \"type\": \"coin\"}]}";

static MapSpec default_map(void)
{
    return (MapSpec){"\"version\": \"1.10\",", "orthogonal", "false", 2, 16, TILES_EMBEDDED,
                     "\"data\": [0, 0, 0, 0]", ""};
}

static char *map_text(const MapSpec *m)
{
    size_t size = 8192;
    char *text = malloc(size);
    snprintf(text, size,
             "{\"type\": \"map\", %s \"orientation\": \"%s\", \"infinite\": %s,\n"
             " \"width\": %d, \"height\": 2, \"tilewidth\": %d, \"tileheight\": 16,\n"
             " \"properties\": [{\"name\": \"name\", \"type\": \"string\", \"value\": \"M\"},\n"
             "   {\"name\": \"background\", \"type\": \"string\", \"value\": \"cave\"}],\n"
             " \"tilesets\": [%s],\n"
             " \"layers\": [\n"
             "  {\"type\": \"tilelayer\", \"name\": \"t\", \"width\": %d, \"height\": 2, %s},\n"
             "  {\"type\": \"objectgroup\", \"name\": \"o\", \"objects\": [%s\n"
             "    {\"id\": 100, \"type\": \"player\", \"x\": 0, \"y\": 32},\n"
             "    {\"id\": 101, \"type\": \"goal\", \"x\": 0, \"y\": 32}]}]}\n",
             m->version, m->orientation, m->infinite, m->width, m->tile_width, m->tilesets,
             m->width, m->layer, m->objects);
    return text;
}

static bool parse_map(const MapSpec *m, LevelDesc *out, LevelErrors *e)
{
    char *text = map_text(m);
    char path[1024];
    /* Placed beside the test tilesets, so external ones resolve. */
    src_path(path, sizeof path, "tests/levels/tiled/memory.tmj");
    bool ok = level_parse(path, text, strlen(text), NULL, out, e);
    free(text);
    return ok;
}

static void expect_refused(const MapSpec *m, const char *fragment)
{
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(!parse_map(m, &lv, e), "loaded; expected \"%s\"", fragment);
    ck_assert_msg(has_fragment(e, fragment), "expected \"%s\", got:\n%s", fragment, dump(e));
    free(e);
}

/* ---- import ---- */

START_TEST(tiled_map_loads_as_the_same_level_as_its_native_twin)
{
    LevelDesc tiled, native;
    load_ok("tests/levels/tiled/full.tmj", NULL, &tiled);
    load_ok("tests/levels/tiled/full.json", NULL, &native);
    const char *diff = difference(&tiled, &native);
    ck_assert_msg(diff == NULL, "differs in %s", diff);
    ck_assert_str_eq(tiled.name, "Tiled Full");
    ck_assert_str_eq(tiled.background, "peak");
    ck_assert(tiled.physics.gravity == 1234.5f);
    ck_assert(tiled.physics.max_run == 150.0f);
    ck_assert(tiled.physics.jump_speed == physics_defaults().jump_speed);
    /* Flipped gids keep their tile: the flags are dropped. */
    ck_assert_int_eq(tilemap_get(&tiled.map, 1, 5), TILE_SOLID);
    ck_assert_int_eq(tilemap_get(&tiled.map, 5, 2), TILE_ONEWAY);
    ck_assert_int_eq(tilemap_get(&tiled.map, 3, 4), TILE_SPIKES);
    /* Each entity knows the line of its object in the map. */
    for (int i = 0; i < tiled.entity_count; i++)
        ck_assert_int_gt(tiled.entities[i].line, 100);
    leveldesc_fini(&tiled);
    leveldesc_fini(&native);
}
END_TEST

START_TEST(base64_layers_decode_with_every_padding)
{
    /* 1, 2 and 3 columns of 2 rows: 8, 16 and 24 bytes, so "=", "==" and none. */
    static const char *const data[] = {
        "AgAAAAIAAIA=",
        "AgAAAAIAAEACAAAAAgAAIA==",
        "AgAAAAIAAAACAAAAAgAAAAIAAAACAAAA",
    };
    for (int w = 1; w <= 3; w++) {
        char layer[256];
        snprintf(layer, sizeof layer, "\"encoding\": \"base64\", \"data\": \"%s\"", data[w - 1]);
        MapSpec m = default_map();
        m.width = w;
        m.layer = layer;
        LevelErrors *e = new_errors();
        LevelDesc lv;
        ck_assert_msg(parse_map(&m, &lv, e), "width %d:\n%s", w, dump(e));
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < w; x++)
                ck_assert_int_eq(tilemap_get(&lv.map, x, y), TILE_ONEWAY);
        leveldesc_fini(&lv);
        free(e);
    }
}
END_TEST

START_TEST(a_version_number_from_tiled_1_x_is_accepted)
{
    MapSpec m = default_map();
    m.version = "\"version\": 1.2,";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(parse_map(&m, &lv, e), "%s", dump(e));
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

START_TEST(unsupported_features_are_refused_by_name)
{
    MapSpec m = default_map();
    m.orientation = "staggered";
    expect_refused(&m, "staggered maps are not supported");
    m = default_map();
    m.orientation = "hexagonal";
    expect_refused(&m, "hexagonal maps are not supported");
    m = default_map();
    m.infinite = "true";
    expect_refused(&m, "infinite maps are not supported");
    m = default_map();
    m.tile_width = 32;
    expect_refused(&m, "only 16x16 px tiles are supported");
    m = default_map();
    m.version = "";
    expect_refused(&m, "maps from before Tiled 1.0 are not supported");
    m = default_map();
    m.version = "\"version\": \"0.18\",";
    expect_refused(&m, "predates Tiled 1.0");
    static const char *const compressions[] = {"zlib", "gzip", "zstd"};
    for (int i = 0; i < 3; i++) {
        char layer[128], expect[64];
        snprintf(layer, sizeof layer,
                 "\"encoding\": \"base64\", \"compression\": \"%s\", \"data\": \"eJwBAA==\"",
                 compressions[i]);
        snprintf(expect, sizeof expect, "%s-compressed tile layers are not supported",
                 compressions[i]);
        m = default_map();
        m.layer = layer;
        expect_refused(&m, expect);
    }
    m = default_map();
    m.layer = "\"chunks\": []";
    expect_refused(&m, "infinite maps (tile layers made of chunks) are not supported");
    m = default_map();
    m.tilesets = "{\"firstgid\": 1, \"source\": \"tiles.tsx\"}";
    expect_refused(&m, "XML tilesets (.tsx) are not supported");
    m = default_map();
    m.objects = "{\"id\": 1, \"template\": \"coin.tx\", \"x\": 0, \"y\": 0},";
    expect_refused(&m, "object templates are not supported");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"coin\", \"x\": 0, \"y\": 16, \"rotation\": 45},";
    expect_refused(&m, "rotated objects are not supported");
}
END_TEST

START_TEST(classes_and_properties_are_checked)
{
    MapSpec m = default_map();
    m.layer = "\"data\": [0, 4, 0, 0]";
    expect_refused(&m, "a tile of class \"coin\" is an entity: place it as a tile object");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"switch\", \"x\": 16, \"y\": 16, "
                "\"properties\": [{\"name\": \"group\", \"type\": \"string\", \"value\": \"1\"}]},";
    expect_refused(&m, "property \"group\" must be of type int, not string");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"coin\", \"class\": \"saw\", \"x\": 16, \"y\": 16},";
    expect_refused(&m, "\"class\" and \"type\" disagree");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"coin\", \"x\": 16, \"y\": 16, "
                "\"properties\": [{\"name\": \"value\", \"type\": \"int\", \"value\": 5}]},";
    expect_refused(&m, "a coin takes no properties");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"block\", \"x\": 16, \"y\": 16, "
                "\"properties\": [{\"name\": \"group\", \"type\": \"int\", \"value\": 0},"
                " {\"name\": \"group\", \"type\": \"int\", \"value\": 1}]},";
    expect_refused(&m, "property \"group\" is set twice");
    /* Tiles of an external tileset resolve through the file. */
    m = default_map();
    m.tilesets = "{\"firstgid\": 1, \"source\": \"ext.tsj\"}";
    m.layer = "\"data\": [4, 0, 2147483652, 0]";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(parse_map(&m, &lv, e), "%s", dump(e));
    ck_assert_int_eq(tilemap_get(&lv.map, 0, 0), TILE_ONEWAY);
    ck_assert_int_eq(tilemap_get(&lv.map, 0, 1), TILE_ONEWAY);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

START_TEST(errors_in_an_external_tileset_name_the_tileset)
{
    char tileset[1024];
    src_path(tileset, sizeof tileset, "tests/levels/tiled/broken_size.tsj");
    MapSpec m = default_map();
    m.tilesets = "{\"firstgid\": 1, \"source\": \"broken_size.tsj\"}";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_map(&m, &lv, e));
    bool found = false;
    for (int i = 0; i < e->count; i++)
        found |= strcmp(e->list[i].file, tileset) == 0 && e->list[i].line == 6 &&
                 e->list[i].col == 16 && strstr(e->list[i].message, "only 16x16") != NULL;
    ck_assert_msg(found, "%s", dump(e));
    ck_assert_msg(has_fragment(e, "the tileset \"broken_size.tsj\" has errors"), "%s", dump(e));
    free(e);
}
END_TEST

/* ---- export ---- */

static void export_and_compare(const char *rel, const char *out_name)
{
    char level[1024], out[1024], tileset[1024];
    src_path(level, sizeof level, rel);
    snprintf(out, sizeof out, "%s/%s", TMP_DIR, out_name);
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    LevelErrors *e = new_errors();
    ck_assert_msg(level_export_tiled(level, out, tileset, e), "%s:\n%s", rel, dump(e));
    /* With another base, both still agree: only the level's own overrides
    ** are written into the map. */
    PhysicsParams base = physics_defaults();
    base.gravity = 1.0f;
    base.jump_speed = 999.0f;
    LevelDesc a, b;
    ck_assert_msg(level_load(level, &base, &a, e), "%s", dump(e));
    ck_assert_msg(level_load(out, &base, &b, e), "%s", dump(e));
    const char *diff = difference(&a, &b);
    ck_assert_msg(diff == NULL, "%s: the exported map differs in %s", rel, diff);
    ck_assert(b.physics.jump_speed == 999.0f);
    leveldesc_fini(&a);
    leveldesc_fini(&b);
    char *text = read_text(out, NULL);
    const char *source = strstr(text, "\"source\":");
    ck_assert_ptr_nonnull(source);
    source = strchr(source + 9, '"');
    ck_assert_ptr_nonnull(source);
    ck_assert_msg(source[1] != '/', "the tileset path is absolute");
    free(text);
    free(e);
}

START_TEST(export_loads_back_as_the_same_level)
{
    export_and_compare("tests/levels/good/basic.json", "basic.tmj");
    export_and_compare("tests/levels/tiled/full.json", "full-native.tmj");
    export_and_compare("tests/levels/tiled/full.tmj", "full-tiled.tmj");
}
END_TEST

START_TEST(a_generated_level_survives_the_round_trip)
{
    size_t len;
    char *text = level_generate(150, 40, &len);
    ck_assert_ptr_nonnull(text);
    char level[1024], out[1024], tileset[1024];
    snprintf(level, sizeof level, "%s/generated.json", TMP_DIR);
    snprintf(out, sizeof out, "%s/generated.tmj", TMP_DIR);
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    FILE *f = fopen(level, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    fclose(f);
    free(text);
    LevelErrors *e = new_errors();
    ck_assert_msg(level_export_tiled(level, out, tileset, e), "%s", dump(e));
    LevelDesc a, b;
    ck_assert(level_load(level, NULL, &a, e));
    ck_assert(level_load(out, NULL, &b, e));
    const char *diff = difference(&a, &b);
    ck_assert_msg(diff == NULL, "differs in %s", diff);
    ck_assert_int_gt(a.entity_count, 20);
    leveldesc_fini(&a);
    leveldesc_fini(&b);
    free(e);
}
END_TEST

static void make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        ck_abort_msg("cannot make %s", path);
}

static void copy_file(const char *from, const char *to)
{
    char *text = read_text(from, NULL);
    FILE *f = fopen(to, "wb");
    ck_assert_msg(f != NULL, "cannot write %s", to);
    fputs(text, f);
    fclose(f);
    free(text);
}

static int run_export_with_data(int argc, char **argv, const char *data_dir)
{
    if (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "w", stderr) == NULL)
        ck_abort_msg("cannot silence output");
    return level_cli_export_tiled(argc, argv, data_dir);
}

static int run_export(int argc, char **argv)
{
    return run_export_with_data(argc, argv, NULL);
}

START_TEST(export_command_reports_usage_and_failures)
{
    char level[1024], broken[1024], out[1024], tileset[1024];
    src_path(level, sizeof level, "tests/levels/good/basic.json");
    src_path(broken, sizeof broken, "tests/levels/broken/two_players.json");
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    snprintf(out, sizeof out, "%s/cli.tmj", TMP_DIR);
    char *good[] = {"platformer", "--export-tiled", level, out, tileset};
    ck_assert_int_eq(run_export(5, good), 0);
    char *bad[] = {"platformer", "--export-tiled", broken, out, tileset};
    ck_assert_int_eq(run_export(5, bad), 1);
    char *missing[] = {"platformer", "--export-tiled", level};
    ck_assert_int_eq(run_export(3, missing), 2);
    char *nowhere[] = {"platformer", "--export-tiled", level, TMP_DIR "/no/such/dir/x.tmj", tileset};
    ck_assert_int_eq(run_export(5, nowhere), 1);
    /* Without a tileset argument, levels/x.json finds ../assets/tiled/tiles.tsj. */
    char tsj[1024], copied_level[1024];
    snprintf(tsj, sizeof tsj, "%s/tree", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/levels", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/assets", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/assets/tiled", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/assets/tiled/tiles.tsj", TMP_DIR);
    snprintf(copied_level, sizeof copied_level, "%s/tree/levels/basic.json", TMP_DIR);
    copy_file(tileset, tsj);
    copy_file(level, copied_level);
    char *implicit[] = {"platformer", "--export-tiled", copied_level, out};
    ck_assert_int_eq(run_export(4, implicit), 0);
    char *no_tileset_anywhere[] = {"platformer", "--export-tiled", level, out};
    ck_assert_int_eq(run_export(4, no_tileset_anywhere), 1);
}
END_TEST

/* Without a tileset argument, the game's data folder (found by main) gives
** it, wherever the level is; a data folder without one falls back to the
** level's tree, and then fails. */
START_TEST(export_takes_the_tileset_from_the_data_folder)
{
    char level[1024], out[1024], tileset[1024];
    src_path(level, sizeof level, "tests/levels/good/basic.json");
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    snprintf(out, sizeof out, "%s/data-default.tmj", TMP_DIR);
    remove(out);
    char *args[] = {"platformer", "--export-tiled", level, out};
    ck_assert_int_eq(run_export_with_data(4, args, SOURCE_DIR), 0);
    LevelErrors *e = new_errors();
    LevelDesc from_map, native;
    ck_assert_msg(level_load(out, NULL, &from_map, e), "%s", dump(e));
    ck_assert_msg(level_load(level, NULL, &native, e), "%s", dump(e));
    const char *diff = difference(&native, &from_map);
    ck_assert_msg(diff == NULL, "the exported map differs in %s", diff);
    leveldesc_fini(&from_map);
    leveldesc_fini(&native);
    free(e);
    char *text = read_text(out, NULL);
    ck_assert_msg(strstr(text, "assets/tiled/tiles.tsj\"") != NULL, "the map names the data's tileset");
    free(text);
    /* a data folder with no tileset, a level with none beside it */
    ck_assert_int_eq(run_export_with_data(4, args, TMP_DIR), 1);
}
END_TEST

static Suite *tiled_suite(void)
{
    Suite *s = suite_create("level_tiled");
    TCase *tc = tcase_create("tiled");
    tcase_add_test(tc, tiled_map_loads_as_the_same_level_as_its_native_twin);
    tcase_add_test(tc, base64_layers_decode_with_every_padding);
    tcase_add_test(tc, a_version_number_from_tiled_1_x_is_accepted);
    tcase_add_test(tc, unsupported_features_are_refused_by_name);
    tcase_add_test(tc, classes_and_properties_are_checked);
    tcase_add_test(tc, errors_in_an_external_tileset_name_the_tileset);
    tcase_add_test(tc, export_loads_back_as_the_same_level);
    tcase_add_test(tc, a_generated_level_survives_the_round_trip);
    tcase_add_test(tc, export_command_reports_usage_and_failures);
    tcase_add_test(tc, export_takes_the_tileset_from_the_data_folder);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(tiled_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
