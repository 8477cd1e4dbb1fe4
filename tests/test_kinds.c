/* SPDX-License-Identifier: Zlib */
/*
** test_kinds.c -- the kind table and everything that reads it: the rules its
** rows keep, --kinds, the schema file, the level docs, and every kind's
** example loading, exporting to Tiled and playing the same from both.
*/
#include "level_fixture.h"

#include "sim.h"
#include "check_run.h"

#include <cjson/cJSON.h>
#include <check.h>
#include <signal.h>
#include <string.h>

static LevelErrors *new_errors(void)
{
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    return e;
}

/* ---- the rows ---- */

START_TEST(kind_table_keeps_its_rules)
{
    ck_assert_int_le(kind_count(), KIND_MAX_KINDS);
    ck_assert_int_le(kind_clip_count(), KIND_CLIP_MAX);
    int unique = 0, needed = 0;
    /* the player is one kind, the unique respawn point (the start) */
    ck_assert_int_eq(kind_get(kind_player())->flags & (KIND_UNIQUE | KIND_RESPAWN),
                     KIND_UNIQUE | KIND_RESPAWN);
    for (int k = 0; k < kind_count(); k++) {
        const EntityKind *kind = kind_get(k);
        ck_assert((k == kind_player()) == !!(kind->components & (1u << C_PLAYER)));
        /* what the level counts is what can be collected */
        ck_assert_msg(!!(kind->flags & (KIND_COIN | KIND_GEM)) ==
                          !!(kind->components & (1u << C_COLLECTIBLE)),
                      "%s: counted and collectible disagree", kind->name);
        ck_assert_int_eq(kind_find(kind->name), k); /* names are unique */
        ck_assert_msg(kind->doc != NULL && kind->doc[0] != '\0', "%s: no doc", kind->name);
        ck_assert_int_le(kind->prop_count, KIND_MAX_PROPS);
        ck_assert_msg(kind->clips[0] != NULL, "%s: no clip", kind->name);
        ck_assert_msg(kind->w > 0 && kind->h > 0, "%s: no box", kind->name);
        ck_assert_msg((kind->components & (1u << C_TRANSFORM)) &&
                          (kind->components & (1u << C_SPRITE)),
                      "%s: not placed or not drawn", kind->name);
        ck_assert_msg((kind->collider == KIND_NO_COLLIDER) ==
                          !(kind->components & (1u << C_COLLIDER)),
                      "%s: collider and components disagree", kind->name);
        if (kind->hit.w != 0)
            ck_assert_msg(kind->hit.x >= 0 && kind->hit.y >= 0 &&
                              kind->hit.x + kind->hit.w <= kind->w &&
                              kind->hit.y + kind->hit.h <= kind->h,
                          "%s: the hit box leaves the box", kind->name);
        bool sized = kind_sized(kind, 'w') || kind_sized(kind, 'h');
        ck_assert_msg(sized == (kind->anchor == KIND_ANCHOR_TOP),
                      "%s: sized kinds start at the top-left, others stand on the bottom",
                      kind->name);
        for (int p = 0; p < kind->prop_count; p++) {
            const KindProp *prop = &kind->props[p];
            ck_assert_int_eq(kind_prop_find(kind, prop->name), p); /* unique names */
            ck_assert_msg(strcmp(prop->name, "type") != 0 && strcmp(prop->name, "x") != 0 &&
                              strcmp(prop->name, "y") != 0 && strcmp(prop->name, "px") != 0,
                          "%s.%s: a reserved key", kind->name, prop->name);
            ck_assert_msg(!(kind->flags & KIND_DRAWABLE) || !prop->required,
                          "%s is drawn in the map but needs %s", kind->name, prop->name);
            ck_assert_msg(prop->doc != NULL && prop->doc[0] != '\0', "%s.%s: no doc", kind->name,
                          prop->name);
            if (prop->type == KPROP_SIZE)
                ck_assert_msg(strcmp(prop->name, "w") == 0 || strcmp(prop->name, "h") == 0,
                              "%s.%s: a size is w or h", kind->name, prop->name);
            if (prop->type == KPROP_ENUM)
                ck_assert_msg(prop->def >= 0 && prop->def < prop->value_count,
                              "%s.%s: default outside its values", kind->name, prop->name);
            if (prop->type == KPROP_INT || prop->type == KPROP_NUMBER || prop->type == KPROP_SIZE)
                ck_assert_msg(prop->required || (prop->def >= prop->min && prop->def <= prop->max),
                              "%s.%s: default outside its range", kind->name, prop->name);
        }
        if (kind->flags & (KIND_FLIPS | KIND_FLIPPED))
            ck_assert_msg(kind_prop_find(kind, "group") >= 0, "%s: a group rule without a group",
                          kind->name);
        /* The editor's legend: a readable character each drawn kind, its own. */
        if (kind->flags & KIND_DRAWABLE) {
            ck_assert_msg(kind->legend > ' ' && kind->legend <= '~' && kind->legend != '"' &&
                              kind->legend != '\\',
                          "%s: drawn, with no readable legend character", kind->name);
            for (int o = 0; o < k; o++)
                ck_assert_msg(!(kind_get(o)->flags & KIND_DRAWABLE) ||
                                  kind_get(o)->legend != kind->legend,
                              "%s and %s: one legend character", kind_get(o)->name, kind->name);
        }
        /* The editor keeps one path and one text an entity. */
        int paths = 0, texts = 0;
        for (int p = 0; p < kind->prop_count; p++) {
            paths += kind->props[p].type == KPROP_PATH;
            texts += kind->props[p].type == KPROP_TEXT;
        }
        ck_assert_msg(paths <= 1 && texts <= 1, "%s: more than one path or text", kind->name);
        unique += (kind->flags & KIND_UNIQUE) != 0;
        needed += (kind->flags & KIND_NEEDED) != 0;
    }
    ck_assert_int_eq(unique, 1);
    ck_assert_int_ge(needed, 1);
    /* One numbering of clips, names unique across kinds. */
    for (int c = 0; c < kind_clip_count(); c++)
        ck_assert_int_eq(kind_clip_find(kind_clip_name(c)), c);
    ck_assert_ptr_null(kind_clip_name(kind_clip_count()));
}
END_TEST

/* ---- --kinds ---- */

START_TEST(kinds_json_describes_every_kind)
{
    char *text = level_kinds_text();
    ck_assert_ptr_nonnull(text);
    cJSON *root = cJSON_Parse(text);
    ck_assert_msg(root != NULL, "--kinds is not JSON");
    const cJSON *kinds = cJSON_GetObjectItemCaseSensitive(root, "kinds");
    ck_assert_int_eq(cJSON_GetArraySize(kinds), kind_count());
    int k = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, kinds)
    {
        const EntityKind *kind = kind_get(k++);
        ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(o, "name")->valuestring, kind->name);
        ck_assert(cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(o, "char")));
        ck_assert_int_eq(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "char")),
                         (kind->flags & KIND_DRAWABLE) != 0);
        const cJSON *box = cJSON_GetObjectItemCaseSensitive(o, "box");
        ck_assert_int_eq(cJSON_GetArrayItem(box, 0)->valueint, kind->w);
        ck_assert_int_eq(cJSON_GetArrayItem(box, 1)->valueint, kind->h);
        const cJSON *props = cJSON_GetObjectItemCaseSensitive(o, "properties");
        ck_assert_int_eq(cJSON_GetArraySize(props), kind->prop_count);
        const cJSON *p;
        int i = 0;
        cJSON_ArrayForEach(p, props)
        {
            const KindProp *prop = &kind->props[i++];
            ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(p, "name")->valuestring, prop->name);
            ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(p, "type")->valuestring,
                             kind_prop_type_name(prop->type));
            ck_assert_int_eq(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "required")),
                             prop->required);
            ck_assert_ptr_nonnull(cJSON_GetObjectItemCaseSensitive(p, "default"));
        }
        const cJSON *example = cJSON_GetObjectItemCaseSensitive(o, "example");
        ck_assert_msg(cJSON_IsObject(example), "%s: the example is not an object", kind->name);
        ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(example, "type")->valuestring,
                         kind->name);
    }
    cJSON_Delete(root);
    free(text);
}
END_TEST

/* ---- every example, alone in the template level ---- */

/* A 64x24 level whose floor is rows 22-23, the player at (1, 21) and the goal
** at (62, 21), with one entity: the example. A unique kind's example
** replaces the template's own. */
static char *example_level(const EntityKind *kind)
{
    size_t cap = 8192;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    int n = snprintf(text, cap,
                     "{\"format\": 1, \"name\": \"Example: %s\", \"background\": \"hills\",\n"
                     " \"legend\": {\".\": \"empty\", \"#\": \"solid\"},\n \"tiles\": [\n",
                     kind->name);
    for (int y = 0; y < 24; y++) {
        n += snprintf(text + n, cap - (size_t)n, "  \"");
        for (int x = 0; x < 64; x++)
            text[n++] = y >= 22 ? '#' : '.';
        n += snprintf(text + n, cap - (size_t)n, "\"%s\n", y < 23 ? "," : "");
    }
    n += snprintf(text + n, cap - (size_t)n, " ],\n \"entities\": [\n");
    if (!(kind->flags & KIND_UNIQUE))
        n +=
            snprintf(text + n, cap - (size_t)n, "  {\"type\": \"player\", \"x\": 1, \"y\": 21},\n");
    n += snprintf(text + n, cap - (size_t)n,
                  "  {\"type\": \"goal\", \"x\": 62, \"y\": 21},\n  %s\n ]}\n", kind->example);
    ck_assert((size_t)n < cap);
    return text;
}

static uint64_t idle_hash(const LevelDesc *level, int ticks)
{
    Sim *sim = sim_create(level, NULL);
    ck_assert_ptr_nonnull(sim);
    InputIntent idle = {0};
    for (int t = 0; t < ticks; t++)
        sim_tick(sim, &idle);
    uint64_t h = sim_hash(sim);
    sim_destroy(sim);
    return h;
}

START_TEST(every_example_checks_exports_and_plays_alike_in_tiled)
{
    LevelErrors *e = new_errors();
    char tileset[1024];
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    for (int k = 0; k < kind_count(); k++) {
        const EntityKind *kind = kind_get(k);
        char native[1024], tiled[1024];
        snprintf(native, sizeof native, "%s/example-%s.json", TMP_DIR, kind->name);
        snprintf(tiled, sizeof tiled, "%s/example-%s.tmj", TMP_DIR, kind->name);
        char *text = example_level(kind);
        FILE *f = fopen(native, "wb");
        ck_assert_ptr_nonnull(f);
        fputs(text, f);
        fclose(f);
        free(text);

        level_errors_clear(e);
        LevelDesc a, b;
        ck_assert_msg(level_load(native, NULL, &a, e), "%s's example:\n%s", kind->name, dump(e));
        ck_assert_msg(e->warning_count == 0 || (kind->flags & (KIND_FLIPS | KIND_FLIPPED)),
                      "%s's example warns: %s", kind->name, e->warnings[0].message);
        int found = 0;
        for (int i = 0; i < a.entity_count; i++)
            found += a.entities[i].kind == k;
        ck_assert_int_ge(found, 1);
        ck_assert_msg(level_export_tiled(native, tiled, tileset, LEVEL_LAYER_CSV, e), "%s:\n%s",
                      kind->name, dump(e));
        ck_assert_msg(level_load(tiled, NULL, &b, e), "%s's export:\n%s", kind->name, dump(e));
        ck_assert_msg(idle_hash(&a, 300) == idle_hash(&b, 300),
                      "%s: the Tiled export plays differently", kind->name);
        leveldesc_fini(&a);
        leveldesc_fini(&b);
    }
    free(e);
}
END_TEST

/* ---- the files that describe the format ---- */

START_TEST(schema_file_is_what_the_tables_make)
{
    char path[1024];
    src_path(path, sizeof path, "levels/level.schema.json");
    char *file = read_text(path, NULL);
    char *made = level_schema_text();
    ck_assert_ptr_nonnull(made);
    ck_assert_msg(strcmp(file, made) == 0,
                  "levels/level.schema.json is not what the tables make: run "
                  "platformer --schema > levels/level.schema.json");
    free(made);
    free(file);
}
END_TEST

START_TEST(level_docs_describe_every_kind_and_property)
{
    char path[1024];
    src_path(path, sizeof path, "levels/README.md");
    char *text = read_text(path, NULL);
    for (int k = 0; k < kind_count(); k++) {
        const EntityKind *kind = kind_get(k);
        char row[80];
        snprintf(row, sizeof row, "\n| `%s` |", kind->name);
        char *at = strstr(text, row);
        ck_assert_msg(at != NULL, "levels/README.md has no row for %s", kind->name);
        char *end = strchr(at + 1, '\n');
        ck_assert_ptr_nonnull(end);
        *end = '\0';
        char box[32];
        snprintf(box, sizeof box, "%d x %d", kind->w, kind->h);
        ck_assert_msg(strstr(at, box) != NULL, "levels/README.md: %s's row lacks its box %s",
                      kind->name, box);
        for (int p = 0; p < kind->prop_count; p++) {
            char name[48];
            snprintf(name, sizeof name, "`%s`", kind->props[p].name);
            ck_assert_msg(strstr(at, name) != NULL, "levels/README.md: %s's row lacks %s",
                          kind->name, name);
        }
        *end = '\n';
    }
    free(text);
}
END_TEST

/* Asking an entity for a property its kind lacks is the code's mistake:
** it stops there rather than reading a zero. */
START_TEST(a_property_the_kind_lacks_stops_the_program)
{
    int coin = kind_find("coin");
    ck_assert_int_ge(coin, 0);
    LevelEntity e;
    leveldesc_entity_init(&e, coin);
    (void)leveldesc_prop(&e, "speed"); /* must abort */
    ck_abort_msg("leveldesc_prop read a property the coin lacks");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("kinds");
    TCase *tc = tcase_create("kinds");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, kind_table_keeps_its_rules);
    tcase_add_test(tc, kinds_json_describes_every_kind);
    tcase_add_test(tc, every_example_checks_exports_and_plays_alike_in_tiled);
    tcase_add_test(tc, schema_file_is_what_the_tables_make);
    tcase_add_test(tc, level_docs_describe_every_kind_and_property);
    tcase_add_test_raise_signal(tc, a_property_the_kind_lacks_stops_the_program, SIGABRT);
    suite_add_tcase(s, tc);
    return check_run(s);
}
