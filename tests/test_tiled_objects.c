/* SPDX-License-Identifier: Zlib */
/* test_tiled_objects.c -- Tiled that shows the game: entities as tile
** objects of the game's entities tileset (each kind's box marked in its
** sprite), object templates in Tiled's XML and JSON, exports that use both
** tilesets, and --export-tiled-project, whose output is the game's own
** assets/tiled/. Run with SOURCE_DIR and TMP_DIR. */
#define _POSIX_C_SOURCE 200809L

#include "level.h"
#include "level_fixture.h"
#include "check_run.h"

#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LevelErrors *new_errors(void)
{
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    return e;
}

static bool has_error(const LevelErrors *e, const char *file_end, int line, const char *frag)
{
    for (int i = 0; i < e->count; i++) {
        const LevelError *x = &e->list[i];
        size_t n = strlen(x->file), m = strlen(file_end);
        if (n >= m && strcmp(x->file + n - m, file_end) == 0 && (line < 0 || x->line == line) &&
            strstr(x->message, frag) != NULL)
            return true;
    }
    return false;
}

static void load_ok(const char *rel, LevelDesc *out)
{
    char path[1024];
    src_path(path, sizeof path, rel);
    LevelErrors *e = new_errors();
    ck_assert_msg(level_load(path, NULL, out, e), "%s:\n%s", rel, dump(e));
    free(e);
}

/* The entity of kind name at index nth among that kind's. */
static const LevelEntity *entity(const LevelDesc *lv, const char *name, int nth)
{
    for (int i = 0; i < lv->entity_count; i++)
        if (is_kind(&lv->entities[i], name) && nth-- == 0)
            return &lv->entities[i];
    ck_abort_msg("no %s", name);
    return NULL;
}

/* Whether a and b hold the same tiles and entities (not where they were written). */
static void assert_same_level(const LevelDesc *a, const LevelDesc *b)
{
    ck_assert_str_eq(a->name, b->name);
    ck_assert_str_eq(a->background, b->background);
    ck_assert_int_eq(a->map.width, b->map.width);
    ck_assert_int_eq(a->map.height, b->map.height);
    ck_assert(memcmp(a->map.tiles, b->map.tiles, (size_t)a->map.width * (size_t)a->map.height) ==
              0);
    ck_assert_int_eq(a->entity_count, b->entity_count);
    for (int i = 0; i < a->entity_count; i++)
        ck_assert_msg(leveldesc_entity_equal(a, &a->entities[i], b, &b->entities[i]),
                      "entity %d (%s) differs", i, kind_get(a->entities[i].kind)->name);
}

/* A map of 8 x 4 tiles beside the test tilesets, with these tilesets and
** objects, loaded from memory. */
static bool load_map(const char *tilesets, const char *objects, LevelDesc *out, LevelErrors *e)
{
    char text[8192], path[1024];
    snprintf(
        text, sizeof text,
        "{\"type\": \"map\", \"version\": \"1.8\", \"orientation\": \"orthogonal\","
        " \"width\": 8, \"height\": 4, \"tilewidth\": 16, \"tileheight\": 16,"
        " \"infinite\": false, \"tilesets\": [%s],"
        " \"properties\": [{\"name\": \"name\", \"type\": \"string\", \"value\": \"t\"},"
        "                  {\"name\": \"background\", \"type\": \"string\", \"value\": \"hills\"}],"
        " \"layers\": [{\"type\": \"tilelayer\", \"width\": 8, \"height\": 4,"
        "   \"data\": [0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0, 1,1,1,1,1,1,1,1]},"
        "  {\"type\": \"objectgroup\", \"objects\": [%s"
        "   {\"id\": 90, \"type\": \"goal\", \"x\": 112, \"y\": 16, \"width\": 16, \"height\": "
        "32}]}]}",
        tilesets, objects);
    src_path(path, sizeof path, "tests/levels/tiled/templates/memory.tmj");
    return level_parse(path, text, strlen(text), NULL, out, e);
}

#define GAME_TILESETS                                                                              \
    "{\"firstgid\": 1, \"source\": \"../../../../assets/tiled/tiles.tsj\"},"                       \
    "{\"firstgid\": 17, \"source\": \"../../../../assets/tiled/entities.tsj\"}"

/* A tile object of the entities tileset is the kind its tile is, its box
** where the tile marks it in the sprite: the player's 16 x 24 box sits 8 px
** in from the 32 x 32 image's left and on its bottom. */
START_TEST(a_tile_object_is_its_kind_with_its_box_in_the_sprite)
{
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(
        load_map(GAME_TILESETS,
                 "{\"id\": 1, \"gid\": 17, \"x\": 8, \"y\": 48, \"width\": 32, \"height\": 32},"
                 "{\"id\": 2, \"gid\": 25, \"x\": 60, \"y\": 40, \"width\": 24, \"height\": 24},"
                 "{\"id\": 3, \"gid\": 23, \"x\": 16, \"y\": 16, \"width\": 96, \"height\": 8,"
                 " \"properties\": [{\"name\": \"path\", \"type\": \"object\", \"value\": 4}]},"
                 "{\"id\": 4, \"type\": \"\", \"x\": 16, \"y\": 8, \"polyline\": [{\"x\": 0, "
                 "\"y\": 0}, {\"x\": 0, \"y\": -8}]},",
                 &lv, e),
        "%s", dump(e));
    const LevelEntity *player = entity(&lv, "player", 0);
    ck_assert_int_eq(player->x, 16);
    ck_assert_int_eq(player->y, 48 - 24);
    /* the saw (24 x 24, its 16 px box 4 px in): its box, not its image */
    const LevelEntity *saw = entity(&lv, "saw", 0);
    ck_assert_int_eq(saw->x, 64);
    ck_assert_int_eq(saw->y, 40 - 4 - 16);
    /* a platform drawn twice as wide as its tile is twice as wide */
    const LevelEntity *platform = entity(&lv, "platform", 0);
    ck_assert_int_eq(platform->x, 16);
    ck_assert_int_eq(platform->y, 8);
    ck_assert_int_eq(platform->w, 96);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

/* A box marked off the middle of its image follows the image when the
** object is flipped; a tile that marks none is placed by its whole image. */
START_TEST(a_flipped_tile_object_flips_its_box)
{
    static const char *const set =
        "{\"firstgid\": 1, \"source\": \"../../../../assets/tiled/tiles.tsj\"},"
        "{\"firstgid\": 40, \"name\": \"mine\", \"tilewidth\": 32, \"tileheight\": 16,"
        " \"tilecount\": 2, \"columns\": 0, \"tiles\": ["
        "  {\"id\": 0, \"image\": \"a.png\", \"imagewidth\": 32, \"imageheight\": 16, \"type\": "
        "\"coin\","
        "   \"objectgroup\": {\"type\": \"objectgroup\", \"objects\": [{\"id\": 1, \"x\": 2, "
        "\"y\": 0, \"width\": 16, \"height\": 16}]}},"
        "  {\"id\": 1, \"image\": \"b.png\", \"imagewidth\": 16, \"imageheight\": 16, \"type\": "
        "\"gem\"}]}";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(load_map(set,
                           "{\"id\": 1, \"type\": \"player\", \"x\": 16, \"y\": 24, \"width\": 16, "
                           "\"height\": 24},"
                           "{\"id\": 2, \"gid\": 40, \"x\": 32, \"y\": 32},"
                           "{\"id\": 3, \"gid\": 2147483688, \"x\": 64, \"y\": 32},"
                           "{\"id\": 4, \"gid\": 41, \"x\": 96, \"y\": 32},",
                           &lv, e),
                  "%s", dump(e));
    ck_assert_int_eq(entity(&lv, "coin", 0)->x, 34);
    ck_assert_int_eq(entity(&lv, "coin", 1)->x, 64 + 32 - 2 - 16);
    ck_assert_int_eq(entity(&lv, "gem", 0)->x, 96);
    ck_assert_int_eq(entity(&lv, "gem", 0)->y, 16);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

/* A box outside its image is an error at the tileset's place. */
START_TEST(a_box_outside_its_image_is_refused)
{
    static const char *const set =
        "{\"firstgid\": 1, \"source\": \"../../../../assets/tiled/tiles.tsj\"},"
        "{\"firstgid\": 40, \"name\": \"mine\", \"tilewidth\": 16, \"tileheight\": 16,"
        " \"tilecount\": 1, \"columns\": 0, \"tiles\": ["
        "  {\"id\": 0, \"image\": \"a.png\", \"imagewidth\": 16, \"imageheight\": 16, \"type\": "
        "\"coin\","
        "   \"objectgroup\": {\"type\": \"objectgroup\", \"objects\": [{\"id\": 1, \"x\": 4, "
        "\"y\": 0, \"width\": 16, \"height\": 16}]}}]}";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!load_map(set, "{\"id\": 2, \"gid\": 40, \"x\": 32, \"y\": 32},", &lv, e));
    ck_assert_msg(has_error(e, "memory.tmj", -1, "width: expected an integer from 1 to 12"), "%s",
                  dump(e));
    free(e);
}
END_TEST

/* Objects made from templates, in Tiled's XML (.tx) and JSON (.tj), load as
** the level written natively: what an instance changes (a walker's dir)
** wins over its template, the rest is the template's. */
START_TEST(templates_load_as_their_native_twin)
{
    LevelDesc map, twin;
    load_ok("tests/levels/tiled/templates/templates.tmj", &map);
    load_ok("tests/levels/tiled/templates/templates.json", &twin);
    assert_same_level(&map, &twin);
    const LevelEntity *w0 = entity(&map, "walker", 0), *w1 = entity(&map, "walker", 1);
    ck_assert_int_eq(prop_i(w0, "dir"), 1); /* the template's: right */
    ck_assert_int_eq(prop_i(w1, "dir"), 0); /* the instance's: left */
    ck_assert_int_eq(prop_i(w1, "turn_at_edges"), 0);
    leveldesc_fini(&map);
    leveldesc_fini(&twin);
}
END_TEST

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* A template's problems name the template file and, in XML, the line of
** the element at fault; the instance says which template failed. */
START_TEST(a_broken_template_names_its_file_and_line)
{
    char dir[1024], tx[1100], tj[1100];
    snprintf(dir, sizeof dir, "%s", TMP_DIR);
    snprintf(tx, sizeof tx, "%s/bad.tx", dir);
    snprintf(tj, sizeof tj, "%s/bad.tj", dir);
    write_file(tx, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<template>\n"
                   " <object type=\"walker\" width=\"16\" height=\"16\">\n"
                   "  <properties>\n"
                   "   <property name=\"dir\" value=\"sideways\"/>\n"
                   "  </properties>\n"
                   " </object>\n"
                   "</template>\n");
    write_file(tj,
               "{\"type\": \"template\", \"object\": {\"type\": \"coin\", \"width\": \"wide\"}}\n");
    char map[1200];
    snprintf(map, sizeof map, "%s/uses-bad.tmj", dir);
    write_file(
        map,
        "{\"type\": \"map\", \"version\": \"1.8\", \"orientation\": \"orthogonal\","
        " \"width\": 8, \"height\": 4, \"tilewidth\": 16, \"tileheight\": 16, \"tilesets\": [],"
        " \"properties\": [{\"name\": \"name\", \"type\": \"string\", \"value\": \"t\"},"
        "  {\"name\": \"background\", \"type\": \"string\", \"value\": \"hills\"}],"
        " \"layers\": [{\"type\": \"objectgroup\", \"objects\": ["
        "  {\"id\": 1, \"template\": \"bad.tx\", \"x\": 16, \"y\": 48},\n"
        "  {\"id\": 2, \"template\": \"bad.tj\", \"x\": 32, \"y\": 48},\n"
        "  {\"id\": 3, \"template\": \"bad.tx\", \"x\": 48, \"y\": 48}]}]}\n");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!level_load(map, NULL, &lv, e));
    ck_assert_msg(has_error(e, "/bad.tx", 5, "unknown dir \"sideways\""), "%s", dump(e));
    ck_assert_msg(has_error(e, "/bad.tj", 1, "object.width: expected a number"), "%s", dump(e));

    write_file(tx, "<?xml version=\"1.0\"?>\n<template>\n <object type=\"coin\">\n</template>\n");
    level_errors_clear(e);
    ck_assert(!level_load(map, NULL, &lv, e));
    ck_assert_msg(has_error(e, "/bad.tx", 4, "not well-formed XML"), "%s", dump(e));
    ck_assert_msg(has_error(e, "/uses-bad.tmj", 1, "the template \"bad.tx\" has errors"), "%s",
                  dump(e));
    free(e);
}
END_TEST

/* --export-tiled puts each entity on its kind's tile, in its box, and the
** terrain in the level's world: a cave level's ground is the cave's. */
START_TEST(an_export_shows_the_game)
{
    char level[1024], out[1100], tileset[1024];
    src_path(level, sizeof level, "levels/10-cave.json");
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    snprintf(out, sizeof out, "%s/cave.tmj", TMP_DIR);
    LevelErrors *e = new_errors();
    ck_assert_msg(level_export_tiled(level, out, tileset, LEVEL_LAYER_CSV, e), "%s", dump(e));
    char *text = read_text(out, NULL);
    ck_assert_ptr_nonnull(strstr(text, "entities.tsj"));
    ck_assert_ptr_nonnull(strstr(text, "\"propertytype\":")); /* an enumeration's custom type */
    cJSON *map = cJSON_Parse(text);
    free(text);
    ck_assert_ptr_nonnull(map);
    /* the cave's ground (its row of tiles.tsj: the second) and the player's tile */
    const cJSON *layers = cJSON_GetObjectItemCaseSensitive(map, "layers");
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(layers, 0), "data");
    int solid = 0, player = 0;
    for (const cJSON *v = data->child; v != NULL; v = v->next)
        solid = v->valueint != 0 ? v->valueint : solid;
    const cJSON *objects =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(layers, 1), "objects");
    for (const cJSON *o = objects->child; o != NULL; o = o->next)
        player += cJSON_GetObjectItemCaseSensitive(o, "gid") != NULL &&
                  cJSON_GetObjectItemCaseSensitive(o, "gid")->valueint == 17;
    ck_assert_int_ge(solid, 5);
    ck_assert_int_le(solid, 8);
    ck_assert_int_eq(player, 1);
    cJSON_Delete(map);
    LevelDesc a, b;
    ck_assert_msg(level_load(level, NULL, &a, e), "%s", dump(e));
    ck_assert_msg(level_load(out, NULL, &b, e), "%s", dump(e));
    assert_same_level(&a, &b);
    leveldesc_fini(&a);
    leveldesc_fini(&b);
    free(e);
}
END_TEST

/* The game's assets/tiled/ is what --export-tiled-project writes: the
** project, both tilesets and their images, byte for byte. */
START_TEST(the_games_tiled_folder_is_the_project_export)
{
    char data[1024], out[1100];
    src_path(data, sizeof data, "");
    snprintf(out, sizeof out, "%s/project", TMP_DIR);
    LevelErrors *e = new_errors();
    ck_assert_msg(level_export_tiled_project(data, out, e), "%s", dump(e));
    static const char *const files[] = {"pips-peak.tiled-project", "tiles.tsj", "entities.tsj",
                                        "tiles.png"};
    int checked = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0] + (size_t)kind_count(); i++) {
        char name[128], mine[1300], game[1300];
        if (i < sizeof files / sizeof files[0])
            snprintf(name, sizeof name, "%s", files[i]);
        else
            snprintf(name, sizeof name, "entities/%s.png", kind_get((int)i - 4)->name);
        snprintf(mine, sizeof mine, "%s/%s", out, name);
        snprintf(game, sizeof game, "%sassets/tiled/%s", data, name);
        size_t a_len, b_len;
        char *a = read_text(mine, &a_len), *b = read_text(game, &b_len);
        ck_assert_msg(a_len == b_len && memcmp(a, b, a_len) == 0,
                      "assets/tiled/%s is not what --export-tiled-project writes: run "
                      "platformer --export-tiled-project assets/tiled",
                      name);
        free(a);
        free(b);
        checked++;
    }
    ck_assert_int_eq(checked, 4 + kind_count());
    free(e);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("tiled_objects");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, a_tile_object_is_its_kind_with_its_box_in_the_sprite);
    tcase_add_test(tc, a_flipped_tile_object_flips_its_box);
    tcase_add_test(tc, a_box_outside_its_image_is_refused);
    tcase_add_test(tc, templates_load_as_their_native_twin);
    tcase_add_test(tc, a_broken_template_names_its_file_and_line);
    tcase_add_test(tc, an_export_shows_the_game);
    tcase_add_test(tc, the_games_tiled_folder_is_the_project_export);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(suite());
}
