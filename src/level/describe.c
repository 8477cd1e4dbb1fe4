/* SPDX-License-Identifier: Zlib */
/*
** describe.c -- the level format described for tools, from the tables the
** loaders use: `--kinds` (the kind table as JSON, for editors' palettes and
** schema generators) and `--schema` (levels/level.schema.json, for editors
** that check JSON as you type). Both are made from the kind table, the tile
** kinds, the backgrounds and the physics table, so they cannot drift from
** what the game reads; a test holds the schema file to `--schema`. And
** the writing these and the other files of this folder share: cJSON trees
** built with one out-of-memory flag, growing text, JSON printed as editors
** write it.
*/
#include "components.h"
#include "tiled_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Building JSON (out of memory makes the whole thing NULL) --------------------- */

cJSON *level_json_add(LevelJson *b, cJSON *parent, const char *key, cJSON *item)
{
    if (item == NULL || parent == NULL) {
        b->oom = true;
        cJSON_Delete(item);
        return NULL;
    }
    if (key != NULL)
        cJSON_AddItemToObject(parent, key, item);
    else
        cJSON_AddItemToArray(parent, item);
    return item;
}

cJSON *level_json_new(LevelJson *b, cJSON *item)
{
    if (item == NULL)
        b->oom = true;
    return item;
}

cJSON *level_json_str(LevelJson *b, cJSON *parent, const char *key, const char *s)
{
    return level_json_add(b, parent, key, cJSON_CreateString(s));
}

cJSON *level_json_num(LevelJson *b, cJSON *parent, const char *key, double v)
{
    return level_json_add(b, parent, key, cJSON_CreateNumber(v));
}

cJSON *level_json_bool(LevelJson *b, cJSON *parent, const char *key, bool v)
{
    return level_json_add(b, parent, key, cJSON_CreateBool(v));
}

cJSON *level_json_obj(LevelJson *b, cJSON *parent, const char *key)
{
    return level_json_add(b, parent, key, cJSON_CreateObject());
}

cJSON *level_json_arr(LevelJson *b, cJSON *parent, const char *key)
{
    return level_json_add(b, parent, key, cJSON_CreateArray());
}

cJSON *level_json_strs(LevelJson *b, cJSON *parent, const char *key, const char *const *s, int n)
{
    cJSON *list = level_json_arr(b, parent, key);
    for (int i = 0; i < n; i++)
        level_json_str(b, list, NULL, s[i]);
    return list;
}

/* "type": type (unless NULL), then "minWHAT": lo and "maxWHAT": hi, what
** being "imum", "Items" or "Length". */
static void bounded(LevelJson *b, cJSON *o, const char *type, const char *what, double lo,
                    double hi)
{
    char min[16], max[16];
    snprintf(min, sizeof min, "min%s", what);
    snprintf(max, sizeof max, "max%s", what);
    if (type != NULL)
        level_json_str(b, o, "type", type);
    level_json_num(b, o, min, lo);
    level_json_num(b, o, max, hi);
}

/* A float parameter as the decimal it was written as (0.2, not
** 0.20000000298023224): the shortest that reads back as the same float. */
static double decimal(float f)
{
    char buf[32];
    for (int digits = 6; digits < 10; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, (double)f);
        if ((float)strtod(buf, NULL) == f)
            break;
    }
    return strtod(buf, NULL);
}

/* A property's default as JSON (null when it has none: required ones). */
static cJSON *default_of(const KindProp *p)
{
    if (p->required)
        return cJSON_CreateNull();
    switch (p->type) {
    case KPROP_BOOL: return cJSON_CreateBool(p->def != 0);
    case KPROP_ENUM: return cJSON_CreateString(p->values[(int)p->def]);
    case KPROP_PATH: return cJSON_CreateArray();
    case KPROP_TEXT: return cJSON_CreateString("");
    default: return cJSON_CreateNumber(p->def);
    }
}

/* root printed (level_json_print) and deleted; NULL when out of memory. */
static char *print_tree(cJSON *root, const LevelJson *b)
{
    char *text = root != NULL && !b->oom ? level_json_print(root) : NULL;
    cJSON_Delete(root);
    return text;
}

/* ---- --kinds ------------------------------------------------------------------------- */

static void describe_prop(LevelJson *b, cJSON *list, const KindProp *p)
{
    cJSON *o = level_json_obj(b, list, NULL);
    level_json_str(b, o, "name", p->name);
    level_json_str(b, o, "type", kind_prop_type_name(p->type));
    level_json_bool(b, o, "required", p->required);
    level_json_add(b, o, "default", default_of(p));
    if (p->type == KPROP_INT || p->type == KPROP_NUMBER || p->type == KPROP_SIZE) {
        level_json_num(b, o, "min", p->min);
        level_json_num(b, o, "max", p->max);
    } else if (p->type == KPROP_PATH) {
        level_json_num(b, o, "min_waypoints", p->min);
        level_json_num(b, o, "max_waypoints", p->max);
    } else if (p->type == KPROP_TEXT) {
        level_json_num(b, o, "max_bytes", KIND_TEXT_MAX - 1);
        level_json_num(b, o, "max_lines", KIND_TEXT_LINES);
    }
    if (p->type == KPROP_ENUM)
        level_json_strs(b, o, "values", p->values, p->value_count);
    const char *tiled = tiled_prop_type(p);
    level_json_str(b, o, "tiled", tiled != NULL ? tiled : p->name[0] == 'w' ? "width" : "height");
    level_json_str(b, o, "doc", p->doc);
}

char *level_kinds_text(void)
{
    LevelJson b = {false};
    cJSON *root = cJSON_CreateObject();
    cJSON *kinds = level_json_arr(&b, root, "kinds");
    for (int k = 0; k < kind_count(); k++) {
        const EntityKind *kind = kind_get(k);
        cJSON *o = level_json_obj(&b, kinds, NULL);
        level_json_str(&b, o, "name", kind->name);
        level_json_str(&b, o, "doc", kind->doc);
        level_json_bool(&b, o, "char", (kind->flags & KIND_DRAWABLE) != 0);
        cJSON *box = level_json_arr(&b, o, "box");
        level_json_num(&b, box, NULL, kind->w);
        level_json_num(&b, box, NULL, kind->h);
        level_json_str(&b, o, "anchor",
                       kind->anchor == KIND_ANCHOR_TOP ? "top-left" : "bottom-left");
        cJSON *hit = level_json_arr(&b, o, "hit");
        bool whole = kind->hit.w == 0;
        level_json_num(&b, hit, NULL, whole ? 0 : kind->hit.x);
        level_json_num(&b, hit, NULL, whole ? 0 : kind->hit.y);
        level_json_num(&b, hit, NULL, whole ? kind->w : kind->hit.w);
        level_json_num(&b, hit, NULL, whole ? kind->h : kind->hit.h);
        cJSON *rules = level_json_arr(&b, o, "rules");
        static const struct {
            uint32_t flag;
            const char *name;
        } RULES[] = {
            {KIND_UNIQUE, "exactly one per level"},
            {KIND_NEEDED, "at least one per level"},
            {KIND_CLEAR, "clear of solid tiles; an actor also of any solid at the start"},
            {KIND_RESPAWN, "a respawn point: clear of spikes, blocks, crumbling blocks, hazards, "
                           "and the paths of solid platforms and moving hazards"},
            {KIND_FLIPS, "flips its switch group"},
            {KIND_FLIPPED, "follows its switch group"},
            {KIND_PATROLS, "patrols: never lands on the player start, nor stands in a checkpoint "
                           "anywhere it may come to (off ledges, over or through blocks and "
                           "crumbling blocks, carried by platforms, thrown by springs)"},
        };
        for (size_t r = 0; r < sizeof RULES / sizeof RULES[0]; r++)
            if (kind->flags & RULES[r].flag)
                level_json_str(&b, rules, NULL, RULES[r].name);
        /* what --check asks of what a kind spawns with (validate.c) */
        static const struct {
            EcsComponent c;
            const char *name;
        } BY_COMPONENT[] = {
            {C_GOAL, "not sunk wholly in solid tiles"},
            {C_HAZARD, "never on the player start or a checkpoint, nor, moving, with its path "
                       "through one"},
        };
        for (size_t r = 0; r < sizeof BY_COMPONENT / sizeof BY_COMPONENT[0]; r++)
            if (kind->components & (1u << BY_COMPONENT[r].c))
                level_json_str(&b, rules, NULL, BY_COMPONENT[r].name);
        for (int p = 0; p < kind->prop_count; p++)
            if (kind->props[p].type == KPROP_PATH) {
                level_json_str(&b, rules, NULL, "its path leaves its start");
                break;
            }
        cJSON *props = level_json_arr(&b, o, "properties");
        for (int p = 0; p < kind->prop_count; p++)
            describe_prop(&b, props, &kind->props[p]);
        cJSON *comps = level_json_arr(&b, o, "components");
        for (EcsComponent c = 0; c < C_COMPONENT_COUNT; c++)
            if (kind->components & (1u << c))
                level_json_str(&b, comps, NULL, game_component_desc(c)->name);
        cJSON *clips = level_json_arr(&b, o, "clips");
        for (int c = 0; c < KIND_MAX_CLIPS && kind->clips[c] != NULL; c++)
            level_json_str(&b, clips, NULL, kind->clips[c]);
        level_json_add(&b, o, "example", cJSON_Parse(kind->example));
    }
    return print_tree(root, &b);
}

/* ---- the schema ----------------------------------------------------------------------- */

static cJSON *coord_ref(LevelJson *b, cJSON *parent, const char *key, const char *doc)
{
    cJSON *o = level_json_obj(b, parent, key);
    level_json_str(b, o, "$ref", "#/definitions/coord");
    if (doc != NULL)
        level_json_str(b, o, "description", doc);
    return o;
}

/* The schema of one property's value in a native entity. */
static void schema_prop(LevelJson *b, cJSON *props, const KindProp *p)
{
    cJSON *o = level_json_obj(b, props, p->name);
    switch (p->type) {
    case KPROP_INT:
    case KPROP_NUMBER:
    case KPROP_SIZE:
        /* a size in tiles, or pixels with "px": the schema takes the pixel range */
        bounded(b, o, p->type == KPROP_NUMBER ? "number" : "integer", "imum", p->min,
                p->type == KPROP_SIZE ? p->max * TILE_SIZE : p->max);
        break;
    case KPROP_BOOL: level_json_str(b, o, "type", "boolean"); break;
    case KPROP_ENUM: level_json_strs(b, o, "enum", p->values, p->value_count); break;
    case KPROP_PATH: {
        bounded(b, o, "array", "Items", p->min, p->max);
        cJSON *items = level_json_obj(b, o, "items");
        bounded(b, items, "array", "Items", 2, 2);
        coord_ref(b, items, "items", NULL);
        break;
    }
    default: bounded(b, o, "string", "Length", 1, KIND_TEXT_MAX - 1); break;
    }
    if (!p->required)
        level_json_add(b, o, "default", default_of(p));
    char doc[256];
    if (p->type == KPROP_SIZE || p->type == KPROP_PATH)
        snprintf(doc, sizeof doc, "%s; in tiles (pixels with \"px\": true).", p->doc);
    else
        snprintf(doc, sizeof doc, "%s.", p->doc);
    doc[0] = (char)(doc[0] >= 'a' && doc[0] <= 'z' ? doc[0] - 'a' + 'A' : doc[0]);
    level_json_str(b, o, "description", doc);
}

/* "if": {"type": KIND}, "then": its keys and nothing else. */
static void schema_kind(LevelJson *b, cJSON *all_of, const EntityKind *k)
{
    cJSON *rule = level_json_obj(b, all_of, NULL);
    cJSON *cond = level_json_obj(b, rule, "if");
    level_json_str(b, level_json_arr(b, cond, "required"), NULL, "type");
    level_json_str(b, level_json_obj(b, level_json_obj(b, cond, "properties"), "type"), "const",
                   k->name);
    cJSON *then = level_json_obj(b, rule, "then");
    cJSON *required = level_json_arr(b, then, "required");
    cJSON *props = level_json_obj(b, then, "properties");
    static const char *const COMMON[] = {"type", "x", "y", "px"};
    for (size_t i = 0; i < sizeof COMMON / sizeof COMMON[0]; i++)
        level_json_obj(b, props, COMMON[i]);
    for (int p = 0; p < k->prop_count; p++) {
        if (k->props[p].required)
            level_json_str(b, required, NULL, k->props[p].name);
        schema_prop(b, props, &k->props[p]);
    }
    level_json_bool(b, then, "additionalProperties", false);
}

char *level_schema_text(void)
{
    LevelJson b = {false};
    cJSON *root = cJSON_CreateObject();
    level_json_str(&b, root, "$schema", "http://json-schema.org/draft-07/schema#");
    level_json_str(&b, root, "$id", "level.schema.json");
    level_json_str(&b, root, "title", "Pip's Peak level");
    level_json_str(
        &b, root, "description",
        "A level of Pip's Peak (format 1). The map is drawn in \"tiles\" with the characters "
        "of \"legend\"; other entities go in \"entities\". See levels/README.md. Made by "
        "`pips-peak --schema` from the game's tables: regenerate it, do not edit it.");
    level_json_str(&b, root, "type", "object");
    level_json_bool(&b, root, "additionalProperties", false);
    static const char *const REQUIRED[] = {"format", "name", "background", "legend", "tiles"};
    level_json_strs(&b, root, "required", REQUIRED, 5);

    cJSON *props = level_json_obj(&b, root, "properties");
    cJSON *o = level_json_obj(&b, props, "$schema");
    level_json_str(&b, o, "type", "string");
    level_json_str(
        &b, o, "description",
        "Where this schema is, so editors check and complete the file: a path relative to "
        "the level's folder, or a file: URI of the game's copy (it is installed with the "
        "levels), which works from any folder.");
    o = level_json_obj(&b, props, "format");
    level_json_num(&b, o, "const", 1);
    level_json_str(&b, o, "description", "Version of the level format: 1.");
    o = level_json_obj(&b, props, "name");
    bounded(&b, o, "string", "Length", 1, LEVEL_NAME_MAX - 1);
    level_json_str(&b, o, "description", "The level's title (at most 63 bytes).");
    o = level_json_obj(&b, props, "background");
    level_json_strs(&b, o, "enum", level_background_names(), LEVEL_BACKGROUND_COUNT);
    level_json_str(&b, o, "description", "The background set drawn behind the level.");
    o = level_json_obj(&b, props, "physics");
    level_json_str(&b, o, "$ref", "#/definitions/physics");
    o = level_json_obj(&b, props, "legend");
    level_json_str(&b, o, "type", "object");
    level_json_str(
        &b, o, "description",
        "What each character of \"tiles\" stands for: a tile kind, or an entity that needs "
        "no properties (the tile under it is empty).");
    level_json_str(&b, level_json_obj(&b, o, "propertyNames"), "pattern", "^[ -~]$");
    cJSON *legend = level_json_arr(&b, level_json_obj(&b, o, "additionalProperties"), "enum");
    for (int t = 0; t < TILE_KIND_COUNT; t++)
        level_json_str(&b, legend, NULL, tile_kind_name((TileKind)t));
    for (int k = 0; k < kind_count(); k++)
        if (kind_get(k)->flags & KIND_DRAWABLE)
            level_json_str(&b, legend, NULL, kind_get(k)->name);
    o = level_json_obj(&b, props, "tiles");
    bounded(&b, o, "array", "Items", 1, LEVEL_MAX_SIDE);
    level_json_str(
        &b, o, "description",
        "The map, one string per row from the top, all of the same length (at most 4096). "
        "Each character must be in \"legend\".");
    cJSON *items = level_json_obj(&b, o, "items");
    bounded(&b, items, "string", "Length", 1, LEVEL_MAX_SIDE);
    o = level_json_obj(&b, props, "entities");
    level_json_str(&b, o, "type", "array");
    level_json_num(&b, o, "maxItems", LEVEL_MAX_ENTITIES);
    level_json_str(&b, o, "description",
                   "Entities placed by position, after those drawn in the map.");
    level_json_str(&b, level_json_obj(&b, o, "items"), "$ref", "#/definitions/entity");

    cJSON *defs = level_json_obj(&b, root, "definitions");
    o = level_json_obj(&b, defs, "coord");
    bounded(&b, o, "integer", "imum", -(double)LEVEL_MAX_SIDE * TILE_SIZE,
            (double)LEVEL_MAX_SIDE * TILE_SIZE);
    cJSON *phys = level_json_obj(&b, defs, "physics");
    level_json_str(&b, phys, "type", "object");
    level_json_bool(&b, phys, "additionalProperties", false);
    level_json_str(
        &b, phys, "description",
        "Physics parameters this level changes; the others come from assets/physics.json.");
    cJSON *pprops = level_json_obj(&b, phys, "properties");
    int count;
    const ParamInfo *table = physics_param_table(&count);
    PhysicsParams def = physics_defaults();
    for (int i = 0; i < count; i++) {
        cJSON *p = level_json_obj(&b, pprops, table[i].name);
        bounded(&b, p, "number", "imum", decimal(table[i].min), decimal(table[i].max));
        level_json_num(&b, p, "default", decimal(*physics_param_ptr(&def, &table[i])));
        char doc[300];
        snprintf(doc, sizeof doc, "%s (%s)", table[i].doc, table[i].unit);
        level_json_str(&b, p, "description", doc);
    }
    cJSON *ent = level_json_obj(&b, defs, "entity");
    level_json_str(&b, ent, "type", "object");
    static const char *const ENTITY_REQUIRED[] = {"type", "x", "y"};
    level_json_strs(&b, ent, "required", ENTITY_REQUIRED, 3);
    cJSON *eprops = level_json_obj(&b, ent, "properties");
    o = level_json_obj(&b, eprops, "type");
    cJSON *names = level_json_arr(&b, o, "enum");
    for (int k = 0; k < kind_count(); k++)
        level_json_str(&b, names, NULL, kind_get(k)->name);
    level_json_str(&b, o, "description", "What the entity is.");
    coord_ref(&b, eprops, "x",
              "Column of the entity's tile (from 0 at the left), or the left edge in pixels with "
              "\"px\": true.");
    coord_ref(&b, eprops, "y",
              "Row of the entity's tile (from 0 at the top), or the top edge in pixels with "
              "\"px\": true. Kinds of a fixed size stand on the bottom of their tile; kinds "
              "sized by w and h start at its top-left corner.");
    o = level_json_obj(&b, eprops, "px");
    level_json_str(&b, o, "type", "boolean");
    level_json_bool(&b, o, "default", false);
    level_json_str(
        &b, o, "description",
        "Give x, y, w, h and path in pixels instead of tiles; x, y are then the top-left "
        "corner of the box.");
    cJSON *all_of = level_json_arr(&b, ent, "allOf");
    for (int k = 0; k < kind_count(); k++)
        schema_kind(&b, all_of, kind_get(k));
    return print_tree(root, &b);
}

/* ---- Printing: two-space indents, one value a line, as editors write JSON ---------- */

static void put_leaf(TextBuf *t, const cJSON *item)
{
    char *s = cJSON_PrintUnformatted(item);
    if (s == NULL) {
        t->oom = true;
        return;
    }
    text_puts(t, s);
    cJSON_free(s);
}

static void put_indent(TextBuf *t, int depth)
{
    text_puts(t, "\n");
    for (int i = 0; i < depth; i++)
        text_puts(t, "  ");
}

static void print_value(TextBuf *t, const cJSON *v, int depth)
{
    bool object = cJSON_IsObject(v);
    if (!object && !cJSON_IsArray(v)) {
        put_leaf(t, v);
        return;
    }
    if (v->child == NULL) {
        text_puts(t, object ? "{}" : "[]");
        return;
    }
    /* An array of plain values stays on one line: [16, 24]. */
    bool flat = !object;
    for (const cJSON *c = v->child; c != NULL && flat; c = c->next)
        flat = !cJSON_IsObject(c) && !cJSON_IsArray(c);
    if (flat) {
        text_puts(t, "[");
        for (const cJSON *c = v->child; c != NULL; c = c->next) {
            put_leaf(t, c);
            if (c->next != NULL)
                text_puts(t, ", ");
        }
        text_puts(t, "]");
        return;
    }
    text_puts(t, object ? "{" : "[");
    for (const cJSON *c = v->child; c != NULL; c = c->next) {
        put_indent(t, depth + 1);
        if (object) {
            cJSON *key = cJSON_CreateString(c->string); /* NULL: put_leaf says oom */
            put_leaf(t, key);
            cJSON_Delete(key);
            text_puts(t, ": ");
        }
        print_value(t, c, depth + 1);
        if (c->next != NULL)
            text_puts(t, ",");
    }
    put_indent(t, depth);
    text_puts(t, object ? "}" : "]");
}

char *level_json_print(const cJSON *v)
{
    TextBuf t = {0};
    print_value(&t, v, 0);
    text_puts(&t, "\n");
    return text_take(&t, NULL);
}

/* ---- The command line ------------------------------------------------------------------ */

/* Prints what make makes (usage names the option and says what it prints). */
static int print_text(int argc, char **argv, const char *usage, char *(*make)(void))
{
    const char *prog = level_program_name(argv[0]);
    if (argc > 2) {
        fprintf(stderr, usage, prog);
        return 2;
    }
    char *text = make();
    if (text == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 1;
    }
    fputs(text, stdout);
    free(text);
    return fflush(stdout) == 0 ? 0 : 1;
}

int level_cli_kinds(int argc, char **argv)
{
    return print_text(argc, argv, "usage: %s --kinds\nprints the table of entity kinds as JSON\n",
                      level_kinds_text);
}

int level_cli_schema(int argc, char **argv)
{
    return print_text(argc, argv,
                      "usage: %s --schema\n"
                      "prints levels/level.schema.json as the game's tables make it\n",
                      level_schema_text);
}
