/* SPDX-License-Identifier: Zlib */
/*
** export.c -- writing Tiled files: a level as a Tiled map, and the game's
** tables as a Tiled project (below).
**
** The map has one tile layer ("tiles") and one object layer ("entities"),
** the level's name, background and own physics overrides as map properties,
** and refers to the game's tileset file by a relative path, so Tiled opens
** it with its art: the tiles of the level's world (their "world" property).
** When the entities tileset (entities.tsj, --export-tiled-project) is
** beside it, each entity is a tile object of its kind's tile, which Tiled
** draws with the kind's sprite, placed so that the box the tile marks in
** its image is the entity's box; otherwise (or for a kind it lacks) a
** rectangle of its box with its kind as class. Either carries the kind's
** properties (the kind table) as custom properties, an enumeration's with
** its custom type (the project's); a path becomes a polyline drawn from the
** entity, which the importer reads back point for point. The tile layer is written in the format asked for
** (CSV, or base64, compressed or not: tiled_layer.c), as Tiled would with
** that Tile Layer Format. Before writing, the map is loaded back and
** compared with the level: an export that would not give the same
** LevelDesc is reported rather than left for a designer to find. The map
** never replaces the level it comes from or the tileset it uses, by
** whatever path they are named.
*/
#define _POSIX_C_SOURCE 200809L

#include "tiled_internal.h"
#include "atomic.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A kind's tile in the entities tileset, when it has one. */
typedef struct KindTile {
    bool has;
    long gid;
    int w, h;           /* its image */
    int bx, by, bw, bh; /* the box in it */
} KindTile;

/* custom: the property's custom type (an enumeration of the project), or NULL. */
static void add_prop(LevelJson *o, cJSON *props, const char *name, const char *type,
                     const char *custom, cJSON *value)
{
    cJSON *p = level_json_obj(o, props, NULL);
    level_json_str(o, p, "name", name);
    level_json_str(o, p, "type", type);
    if (custom != NULL)
        level_json_str(o, p, "propertytype", custom);
    level_json_add(o, p, "value", value);
}

/* The custom type of an enumerated property: "KIND_PROP". */
static void enum_name(const EntityKind *k, const KindProp *p, char *buf, size_t size)
{
    snprintf(buf, size, "%s_%s", k->name, p->name);
}

/* A property of a kind, as Tiled writes one (a class member, a tile's or an
** object's property); none for a size (the object's rectangle). */
static void add_kind_prop(LevelJson *o, cJSON *props, const EntityKind *k, const KindProp *p,
                          cJSON *value)
{
    const char *type = tiled_prop_type(p);
    char custom[64];
    enum_name(k, p, custom, sizeof custom);
    if (type == NULL)
        cJSON_Delete(value);
    else
        add_prop(o, props, p->name, type, p->type == KPROP_ENUM ? custom : NULL, value);
}

static cJSON *new_object(LevelJson *o, int id, const char *name, const char *cls, int x, int y,
                         int w, int h)
{
    cJSON *obj = level_json_new(o, cJSON_CreateObject());
    level_json_num(o, obj, "height", h);
    level_json_num(o, obj, "id", id);
    level_json_str(o, obj, "name", name);
    level_json_num(o, obj, "rotation", 0);
    level_json_str(o, obj, "type", cls);
    level_json_bool(o, obj, "visible", true);
    level_json_num(o, obj, "width", w);
    level_json_num(o, obj, "x", x);
    level_json_num(o, obj, "y", y);
    return obj;
}

/* An object layer holding objects (an id of 0 is not written: a tile's
** collision shapes). */
static void add_object_layer(LevelJson *o, cJSON *parent, const char *key, const char *order,
                             int id, const char *name, cJSON *objects)
{
    cJSON *group = level_json_obj(o, parent, key);
    level_json_str(o, group, "draworder", order);
    if (id > 0)
        level_json_num(o, group, "id", id);
    level_json_str(o, group, "name", name);
    level_json_add(o, group, "objects", objects);
    level_json_num(o, group, "opacity", 1);
    level_json_str(o, group, "type", "objectgroup");
    level_json_bool(o, group, "visible", true);
    level_json_num(o, group, "x", 0);
    level_json_num(o, group, "y", 0);
}

/* A property's value as Tiled writes it. */
static cJSON *prop_value(const LevelDesc *lv, const LevelEntity *e, const KindProp *p, int index)
{
    const LevelValue v = e->props[index];
    switch (p->type) {
    case KPROP_INT: return cJSON_CreateNumber(v.i);
    case KPROP_NUMBER: return cJSON_CreateNumber((double)v.f);
    case KPROP_BOOL: return cJSON_CreateBool(v.i != 0);
    case KPROP_ENUM: return cJSON_CreateString(p->values[v.i]);
    case KPROP_TEXT: return cJSON_CreateString(leveldesc_text(lv, e, p->name));
    default: return NULL;
    }
}

/* The tile object of e's kind's tile: its image scaled as the box is (a
** sized kind's), placed so that the tile's box is e's; bottom-left x, y. */
static cJSON *tile_object(LevelJson *o, int id, const EntityKind *k, const LevelEntity *e,
                          const KindTile *kt)
{
    double sx = kind_sized(k, 'w') ? (double)e->w / kt->bw : 1.0;
    double sy = kind_sized(k, 'h') ? (double)e->h / kt->bh : 1.0;
    double w = kt->w * sx, h = kt->h * sy;
    double x = e->x - kt->bx * sx, bottom = e->y - kt->by * sy + h;
    cJSON *obj = new_object(o, id, k->name, "", (int)lround(x), (int)lround(bottom), (int)lround(w),
                            (int)lround(h));
    level_json_num(o, obj, "gid", (double)kt->gid);
    return obj;
}

static void add_entity(LevelJson *o, cJSON *objects, const LevelDesc *lv, const LevelEntity *e,
                       const KindTile *tiles, int *next_id)
{
    const EntityKind *k = kind_get(e->kind);
    const KindTile *kt = &tiles[e->kind];
    cJSON *obj = kt->has ? tile_object(o, (*next_id)++, k, e, kt)
                         : new_object(o, (*next_id)++, k->name, k->name, e->x, e->y, e->w, e->h);
    level_json_add(o, objects, NULL, obj);
    cJSON *props = level_json_new(o, cJSON_CreateArray());
    cJSON *lines[KIND_MAX_PROPS];
    int line_count = 0;
    /* Every property the kind writes to Tiled, in the row's order (a size
    ** is the rectangle already). Values at their default are written too, so
    ** a designer sees in Tiled what there is to set. */
    for (int p = 0; p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        if (prop->type == KPROP_PATH) {
            const LevelPath *path = leveldesc_path(lv, e, prop->name);
            if (path == NULL)
                continue;
            int line_id = (*next_id)++;
            add_kind_prop(o, props, k, prop, cJSON_CreateNumber(line_id));
            cJSON *line = new_object(o, line_id, prop->name, "", e->x, e->y, 0, 0);
            cJSON *points = level_json_arr(o, line, "polyline");
            /* Drawn from the entity: its own position, then the waypoints. */
            for (int i = -1; i < path->count; i++) {
                cJSON *pt = level_json_obj(o, points, NULL);
                level_json_num(o, pt, "x", i < 0 ? 0 : path->points[i].x - e->x);
                level_json_num(o, pt, "y", i < 0 ? 0 : path->points[i].y - e->y);
            }
            lines[line_count++] = line;
        } else if (prop->type != KPROP_TEXT || leveldesc_text(lv, e, prop->name)[0] != '\0') {
            add_kind_prop(o, props, k, prop, prop_value(lv, e, prop, p));
        }
    }
    if (cJSON_GetArraySize(props) > 0)
        level_json_add(o, obj, "properties", props);
    else
        cJSON_Delete(props);
    for (int i = 0; i < line_count; i++)
        level_json_add(o, objects, NULL, lines[i]);
}

static const char *const format_names[LEVEL_LAYER_FORMAT_COUNT] = {
    "csv", "base64", "zlib", "gzip", "zstd",
};

const char *level_layer_format_name(LevelLayerFormat format)
{
    return format >= 0 && format < LEVEL_LAYER_FORMAT_COUNT ? format_names[format] : "";
}

int level_layer_format_find(const char *name)
{
    for (int i = 0; i < LEVEL_LAYER_FORMAT_COUNT; i++)
        if (strcmp(name, format_names[i]) == 0)
            return i;
    return -1;
}

/* The tile layer's "data" (with "compression" and "encoding" around it, in
** Tiled's order) in the format asked for. */
static void add_layer_data(LevelJson *o, cJSON *layer, const LevelDesc *lv, const int *gids,
                           LevelLayerFormat format)
{
    size_t cells = (size_t)lv->map.width * (size_t)lv->map.height;
    if (format == LEVEL_LAYER_CSV) {
        cJSON *data = level_json_arr(o, layer, "data");
        for (size_t i = 0; i < cells && !o->oom; i++)
            level_json_num(o, data, NULL, gids[lv->map.tiles[i]]);
        return;
    }
    uint32_t *raw = malloc(cells * sizeof *raw);
    char why[64];
    char *text = NULL;
    if (raw != NULL) {
        for (size_t i = 0; i < cells; i++)
            raw[i] = (uint32_t)gids[lv->map.tiles[i]];
        text = tiled_layer_encode(raw, cells, format, why, sizeof why);
    }
    free(raw);
    if (text == NULL) {
        o->oom = true;
        return;
    }
    level_json_str(o, layer, "compression", tiled_compression_name(format));
    level_json_str(o, layer, "data", text);
    level_json_str(o, layer, "encoding", "base64");
    free(text);
}

static cJSON *build_map(LevelJson *o, const LevelDesc *lv, const LevelExtras *ex, const int *gids,
                        const char *const sources[2], const KindTile *kind_tiles,
                        long entities_firstgid, LevelLayerFormat format)
{
    cJSON *map = level_json_new(o, cJSON_CreateObject());
    level_json_num(o, map, "compressionlevel", -1);
    level_json_num(o, map, "height", lv->map.height);
    level_json_bool(o, map, "infinite", false);

    cJSON *layers = level_json_arr(o, map, "layers");
    cJSON *tiles = level_json_obj(o, layers, NULL);
    add_layer_data(o, tiles, lv, gids, format);
    level_json_num(o, tiles, "height", lv->map.height);
    level_json_num(o, tiles, "id", 1);
    level_json_str(o, tiles, "name", "tiles");
    level_json_num(o, tiles, "opacity", 1);
    level_json_str(o, tiles, "type", "tilelayer");
    level_json_bool(o, tiles, "visible", true);
    level_json_num(o, tiles, "width", lv->map.width);
    level_json_num(o, tiles, "x", 0);
    level_json_num(o, tiles, "y", 0);
    cJSON *objects = level_json_new(o, cJSON_CreateArray());
    int next_id = 1;
    for (int i = 0; i < lv->entity_count && !o->oom; i++)
        add_entity(o, objects, lv, &lv->entities[i], kind_tiles, &next_id);
    add_object_layer(o, layers, NULL, "topdown", 2, "entities", objects);

    level_json_num(o, map, "nextlayerid", 3);
    level_json_num(o, map, "nextobjectid", next_id);
    level_json_str(o, map, "orientation", "orthogonal");
    cJSON *props = level_json_arr(o, map, "properties");
    add_prop(o, props, "background", "string", NULL, cJSON_CreateString(lv->background));
    add_prop(o, props, "name", "string", NULL, cJSON_CreateString(lv->name));
    int count;
    const ParamInfo *table = physics_param_table(&count);
    for (int i = 0; i < count; i++)
        if (ex->physics_set[i])
            add_prop(o, props, table[i].name, "float", NULL,
                     cJSON_CreateNumber(
                         (double)*physics_param_ptr((PhysicsParams *)&lv->physics, &table[i])));
    level_json_str(o, map, "renderorder", "right-down");
    level_json_str(o, map, "tiledversion", "1.10.2");
    level_json_num(o, map, "tileheight", TILE_SIZE);
    cJSON *sets = level_json_arr(o, map, "tilesets");
    for (int i = 0; i < 2 && sources[i] != NULL; i++) {
        cJSON *set = level_json_obj(o, sets, NULL);
        level_json_num(o, set, "firstgid", i == 0 ? 1 : (double)entities_firstgid);
        level_json_str(o, set, "source", sources[i]);
    }
    level_json_num(o, map, "tilewidth", TILE_SIZE);
    level_json_str(o, map, "type", "map");
    level_json_str(o, map, "version", "1.10");
    level_json_num(o, map, "width", lv->map.width);
    return map;
}

static bool same_level(const LevelDesc *a, const LevelDesc *b)
{
    if (strcmp(a->name, b->name) != 0 || strcmp(a->background, b->background) != 0 ||
        a->map.width != b->map.width || a->map.height != b->map.height ||
        a->entity_count != b->entity_count ||
        memcmp(&a->physics, &b->physics, sizeof a->physics) != 0 ||
        memcmp(a->map.tiles, b->map.tiles, (size_t)a->map.width * (size_t)a->map.height) != 0)
        return false;
    for (int i = 0; i < a->entity_count; i++)
        if (!leveldesc_entity_equal(a, &a->entities[i], b, &b->entities[i]))
            return false;
    return true;
}

/* Whether a and b name the same file: the same path, or the same device
** and inode (another path, a link). */
static bool same_file(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return true;
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* A tileset file read on its own into set; f holds its text. False after
** reporting. Both need closing either way. */
static bool read_tileset(const char *path, LevelFile *f, Tileset *set, LevelErrors *errors)
{
    int before = errors->count + errors->dropped;
    memset(set, 0, sizeof *set);
    return level_file_open(f, path, errors) && tiled_tileset_read(&f->doc, f->doc.root, set) &&
           errors->count + errors->dropped == before;
}

/* Whether tile's "world" property is world. */
static bool of_world(const TiledTile *tile, const char *world)
{
    const cJSON *cursor = NULL;
    TiledProp p;
    while (tiled_props_next(&tile->props, &cursor, &p))
        if (strcmp(p.name, "world") == 0)
            return cJSON_IsString(p.value) && strcmp(p.value->valuestring, world) == 0;
    return false;
}

/* Reads the terrain tileset and finds, for each tile kind, the id of a
** 16x16 tile with that class (-1 when none has it): the lowest whose
** "world" property is world when there is one (the game's tileset has a row
** of tiles for each world), else the lowest; and its tile count. */
static bool kind_ids(const char *path, const char *world, int ids[TILE_KIND_COUNT], long *tilecount,
                     LevelErrors *errors)
{
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        ids[k] = -1;
    if (level_path_has_ext(path, ".tsx")) {
        level_errors_add(errors, path, 0, 0,
                         "XML tilesets (.tsx) are not supported: save the tileset as JSON (.tsj)");
        return false;
    }
    LevelFile f;
    Tileset set;
    bool ok = read_tileset(path, &f, &set, errors);
    /* The lowest id of each kind among the tiles a tile layer can hold,
    ** those of the world first. */
    bool in_world[TILE_KIND_COUNT] = {false};
    for (int i = set.tile_count - 1; ok && i >= 0; i--) {
        const TiledTile *t = &set.tiles[i];
        int kind = tile_kind_from_name(t->cls);
        if (kind < 0 || t->width != TILE_SIZE || t->height != TILE_SIZE || t->id >= 0x0FFFFFFF)
            continue;
        bool here = of_world(t, world);
        if (here || !in_world[kind]) {
            ids[kind] = (int)t->id;
            in_world[kind] = here;
        }
    }
    *tilecount = set.tilecount;
    tiled_tileset_fini(&set);
    level_file_close(&f);
    return ok;
}

/* The entities tileset beside the terrain tileset (entities.tsj), when there
** is one: each kind's tile (the first of its class), gids from firstgid on.
** False after reporting a tileset that is there but wrong. */
static bool read_kind_tiles(const char *entities_path, long firstgid,
                            KindTile tiles[KIND_MAX_KINDS], LevelErrors *errors)
{
    memset(tiles, 0, sizeof(KindTile) * KIND_MAX_KINDS);
    LevelFile f;
    Tileset set;
    bool ok = read_tileset(entities_path, &f, &set, errors);
    for (int i = set.tile_count - 1; ok && i >= 0; i--) {
        const TiledTile *t = &set.tiles[i];
        int kind = kind_find(t->cls);
        if (kind < 0 || kind >= KIND_MAX_KINDS)
            continue;
        KindTile *kt = &tiles[kind];
        *kt = (KindTile){true, firstgid + t->id, t->width, t->height, 0, 0, t->width, t->height};
        if (t->has_box)
            kt->bx = t->box_x, kt->by = t->box_y, kt->bw = t->box_w, kt->bh = t->box_h;
    }
    tiled_tileset_fini(&set);
    level_file_close(&f);
    return ok;
}

/* Whether out is the file other, what the map uses: told. */
static bool over(const char *out, const char *other, const char *what, LevelErrors *errors)
{
    if (!same_file(out, other))
        return false;
    level_errors_add(errors, out, 0, 0,
                     "this is %s (%s): the map would replace it; write the map to another file",
                     what, other);
    return true;
}

/* The path of the tileset to from the map out, in buf (1024 bytes); false
** after reporting. */
static bool relative(const char *out, const char *to, char *buf, LevelErrors *errors)
{
    if (level_path_relative(out, to, buf, 1024))
        return true;
    level_errors_add(errors, out, 0, 0, "cannot find the folder of this file or the tileset %s",
                     to);
    return false;
}

bool level_export_tiled(const char *level_path, const char *out_path, const char *tileset_path,
                        LevelLayerFormat format, LevelErrors *errors)
{
    if (format < 0 || format >= LEVEL_LAYER_FORMAT_COUNT) {
        level_errors_add(errors, out_path, 0, 0, "unknown tile layer format %d", (int)format);
        return false;
    }
    if (over(out_path, level_path, "the level being exported", errors) ||
        over(out_path, tileset_path, "the tileset the map uses", errors))
        return false;
    LevelDesc lv;
    LevelExtras ex;
    if (!level_load_ex(level_path, NULL, &lv, &ex, errors))
        return false;
    int ids[TILE_KIND_COUNT];
    long tilecount = 0;
    bool ok = kind_ids(tileset_path, lv.background, ids, &tilecount, errors);
    int gids[TILE_KIND_COUNT] = {0};
    for (int k = 1; ok && k < TILE_KIND_COUNT; k++) {
        gids[k] = ids[k] + 1;
        bool used = memchr(lv.map.tiles, k, (size_t)lv.map.width * (size_t)lv.map.height) != NULL;
        if (used && ids[k] < 0) {
            level_errors_add(errors, tileset_path, 0, 0, "the tileset has no tile of class \"%s\"",
                             tile_kind_name((TileKind)k));
            ok = false;
        }
    }
    char source[1024];
    ok = ok && relative(out_path, tileset_path, source, errors);
    /* The entities tileset beside it, its gids after the terrain's (past
    ** its tile count, and past its highest id in use). */
    char entities[1024], entities_source[1024];
    KindTile tiles[KIND_MAX_KINDS];
    memset(tiles, 0, sizeof tiles);
    struct stat st;
    bool with_entities =
        ok && level_path_sibling(tileset_path, "entities.tsj", entities, sizeof entities) &&
        stat(entities, &st) == 0;
    long entities_firstgid = 1 + tilecount;
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        if (ids[k] + 2 > entities_firstgid)
            entities_firstgid = ids[k] + 2;
    if (with_entities) {
        ok = read_kind_tiles(entities, entities_firstgid, tiles, errors) &&
             !over(out_path, entities, "the entities tileset the map uses", errors) &&
             relative(out_path, entities, entities_source, errors);
    }
    char *text = NULL;
    if (ok) {
        LevelJson o = {false};
        const char *sources[2] = {source, with_entities ? entities_source : NULL};
        cJSON *map = build_map(&o, &lv, &ex, gids, sources, tiles, entities_firstgid, format);
        text = o.oom ? NULL : cJSON_Print(map);
        cJSON_Delete(map);
        if (text == NULL) {
            level_errors_add(errors, out_path, 0, 0, "out of memory");
            ok = false;
        }
    }
    /* The map must load back as the same level before it replaces anything:
    ** checked in memory, then written atomically, so a designer's existing
    ** map is never left half written or wrong. */
    if (ok) {
        LevelDesc back;
        ok = level_parse(out_path, text, strlen(text), NULL, &back, errors);
        if (ok) {
            if (!same_level(&lv, &back)) {
                level_errors_add(
                    errors, out_path, 0, 0,
                    "internal error: the exported map does not load back as the same level");
                ok = false;
            }
            leveldesc_fini(&back);
        }
    }
    if (ok) {
        /* cJSON_Print ends without a newline; a text file should not. */
        size_t len = strlen(text);
        char *file = malloc(len + 1);
        char err[2 * 4096 + 256] = "out of memory";
        ok = file != NULL;
        if (ok) {
            memcpy(file, text, len);
            file[len] = '\n';
            ok = atomic_write(out_path, file, len + 1, err, sizeof err);
        }
        if (!ok) {
            /* the error names the file already: the reason, whatever the
            ** path's length */
            size_t n = strlen("cannot save "), at = strlen(out_path);
            const char *why = err;
            if (strncmp(err, "cannot save ", n) == 0 && strncmp(err + n, out_path, at) == 0 &&
                err[n + at] == ':')
                why = err + n + at + 2;
            level_errors_add(errors, out_path, 0, 0, "cannot save: %s", why);
        }
        free(file);
    }
    cJSON_free(text);
    leveldesc_fini(&lv);
    return ok;
}

/* A kind's property with the kind table's default. */
static void add_default(LevelJson *o, cJSON *list, const EntityKind *k, const KindProp *p)
{
    switch (p->type) {
    case KPROP_BOOL: add_kind_prop(o, list, k, p, cJSON_CreateBool(p->def != 0)); break;
    case KPROP_ENUM:
        add_kind_prop(o, list, k, p, cJSON_CreateString(p->values[(int)p->def]));
        break;
    case KPROP_TEXT: add_kind_prop(o, list, k, p, cJSON_CreateString("")); break;
    default:
        add_kind_prop(o, list, k, p, cJSON_CreateNumber(p->def));
        break; /* an object's id 0 is none */
    }
}

static cJSON *project_json(LevelJson *o)
{
    cJSON *root = level_json_new(o, cJSON_CreateObject());
    level_json_str(o, root, "automappingRulesFile", "");
    level_json_arr(o, root, "commands");
    level_json_str(o, root, "extensionsPath", "extensions");
    level_json_str(o, level_json_arr(o, root, "folders"), NULL, ".");
    level_json_str(o, root, "objectTypesFile", "");
    cJSON *types = level_json_arr(o, root, "propertyTypes");
    int id = 1;
    for (int i = 0; i < kind_count(); i++) {
        const EntityKind *k = kind_get(i);
        for (int p = 0; p < k->prop_count; p++) {
            if (k->props[p].type != KPROP_ENUM)
                continue;
            char name[64];
            enum_name(k, &k->props[p], name, sizeof name);
            cJSON *e = level_json_obj(o, types, NULL);
            level_json_num(o, e, "id", id++);
            level_json_str(o, e, "name", name);
            level_json_str(o, e, "storageType", "string");
            level_json_str(o, e, "type", "enum");
            level_json_strs(o, e, "values", k->props[p].values, k->props[p].value_count);
            level_json_bool(o, e, "valuesAsFlags", false);
        }
    }
    for (int i = 0; i < kind_count(); i++) {
        const EntityKind *k = kind_get(i);
        cJSON *c = level_json_obj(o, types, NULL);
        level_json_str(o, c, "color", "#ffa0a0a4");
        level_json_bool(o, c, "drawFill", true);
        level_json_num(o, c, "id", id++);
        cJSON *members = level_json_arr(o, c, "members");
        for (int p = 0; p < k->prop_count; p++)
            add_default(o, members, k, &k->props[p]);
        level_json_str(o, c, "name", k->name);
        level_json_str(o, c, "type", "class");
        cJSON *use = level_json_arr(o, c, "useAs");
        level_json_str(o, use, NULL, "object");
        level_json_str(o, use, NULL, "tile");
    }
    return root;
}

/* The members every tileset file of ours starts with. */
static cJSON *tileset_json(LevelJson *o, const char *name, int tile_w, int tile_h, int count,
                           int columns)
{
    cJSON *ts = level_json_new(o, cJSON_CreateObject());
    level_json_num(o, ts, "columns", columns);
    level_json_num(o, ts, "margin", 0);
    level_json_str(o, ts, "name", name);
    level_json_num(o, ts, "spacing", 0);
    level_json_num(o, ts, "tilecount", count);
    level_json_str(o, ts, "tiledversion", "1.8.2");
    level_json_num(o, ts, "tileheight", tile_h);
    level_json_num(o, ts, "tilewidth", tile_w);
    level_json_str(o, ts, "type", "tileset");
    level_json_str(o, ts, "version", "1.8");
    return ts;
}

/* tiles.tsj: a row a world (level_background_names()), a column a tile
** kind after "empty", as tools/atlas/art_tiled.c paints tiles.png. */
static cJSON *tiles_json(LevelJson *o)
{
    int cols = TILE_KIND_COUNT - 1, rows = LEVEL_BACKGROUND_COUNT;
    cJSON *ts = tileset_json(o, "tiles", TILE_SIZE, TILE_SIZE, cols * rows, cols);
    level_json_str(o, ts, "image", "tiles.png");
    level_json_num(o, ts, "imageheight", TILE_SIZE * rows);
    level_json_num(o, ts, "imagewidth", TILE_SIZE * cols);
    cJSON *tiles = level_json_arr(o, ts, "tiles");
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            cJSON *tile = level_json_obj(o, tiles, NULL);
            level_json_num(o, tile, "id", r * cols + c);
            add_prop(o, level_json_arr(o, tile, "properties"), "world", "string", NULL,
                     cJSON_CreateString(level_background_names()[r]));
            level_json_str(o, tile, "type", tile_kind_name((TileKind)(c + 1)));
        }
    return ts;
}

/* A clip's cell size and anchor, from atlas.json's "clips". */
typedef struct Cell {
    long w, h, ax, ay;
} Cell;

static bool clip_cell(JsonDoc *doc, const char *clip, Cell *c)
{
    const cJSON *clips = json_need(doc, doc->root, "clips");
    const cJSON *entry = clips != NULL ? json_get(clips, clip) : NULL;
    if (clips == NULL)
        return false;
    if (entry == NULL) {
        json_error(doc, clips, "no clip \"%s\"", clip);
        return false;
    }
    const cJSON *anchor = json_need(doc, entry, "anchor");
    bool ok = json_want_int(doc, json_need(doc, entry, "w"), 1, 1024, &c->w);
    ok &= json_want_int(doc, json_need(doc, entry, "h"), 1, 1024, &c->h);
    ok &= json_want_array(doc, anchor) && cJSON_GetArraySize(anchor) == 2;
    ok = ok && json_want_int(doc, cJSON_GetArrayItem(anchor, 0), 0, 1024, &c->ax);
    ok = ok && json_want_int(doc, cJSON_GetArrayItem(anchor, 1), 0, 1024, &c->ay);
    return ok;
}

/* entities.tsj, from the kind table and the clips' cells. */
static cJSON *entities_json(LevelJson *o, JsonDoc *atlas, bool *ok)
{
    Cell cells[KIND_MAX_KINDS];
    int max_w = 1, max_h = 1;
    for (int i = 0; i < kind_count() && *ok; i++) {
        const EntityKind *k = kind_get(i);
        LevelEntity e;
        leveldesc_entity_init(&e, i);
        *ok = clip_cell(atlas, k->clips[0], &cells[i]);
        if (*ok && (cells[i].ax + e.w > cells[i].w || cells[i].ay + e.h > cells[i].h)) {
            json_error(atlas, json_get(json_get(atlas->root, "clips"), k->clips[0]),
                       "the %s's box (%dx%d px at the anchor) is larger than the clip's cell",
                       k->name, e.w, e.h);
            *ok = false;
        }
        max_w = *ok && cells[i].w > max_w ? (int)cells[i].w : max_w;
        max_h = *ok && cells[i].h > max_h ? (int)cells[i].h : max_h;
    }
    if (!*ok)
        return NULL;
    cJSON *ts = tileset_json(o, "entities", max_w, max_h, kind_count(), 0);
    cJSON *grid = level_json_obj(o, ts, "grid");
    level_json_num(o, grid, "height", 1);
    level_json_str(o, grid, "orientation", "orthogonal");
    level_json_num(o, grid, "width", 1);
    cJSON *tiles = level_json_arr(o, ts, "tiles");
    for (int i = 0; i < kind_count(); i++) {
        const EntityKind *k = kind_get(i);
        LevelEntity e;
        leveldesc_entity_init(&e, i);
        cJSON *tile = level_json_obj(o, tiles, NULL);
        level_json_num(o, tile, "id", i);
        char image[80];
        snprintf(image, sizeof image, "entities/%s.png", k->name);
        level_json_str(o, tile, "image", image);
        level_json_num(o, tile, "imageheight", (double)cells[i].h);
        level_json_num(o, tile, "imagewidth", (double)cells[i].w);
        /* the kind's box inside the sprite: its one collision rectangle */
        cJSON *box = level_json_new(o, cJSON_CreateArray());
        level_json_add(o, box, NULL,
                       new_object(o, 1, "", "", (int)cells[i].ax, (int)cells[i].ay, e.w, e.h));
        add_object_layer(o, tile, "objectgroup", "index", 0, "", box);
        cJSON *props = level_json_new(o, cJSON_CreateArray());
        for (int p = 0; p < k->prop_count; p++)
            if (k->props[p].type != KPROP_TEXT && k->props[p].type != KPROP_PATH)
                add_default(o, props, k, &k->props[p]); /* the others: the object must say */
        if (cJSON_GetArraySize(props) > 0)
            level_json_add(o, tile, "properties", props);
        else
            cJSON_Delete(props);
        level_json_str(o, tile, "type", k->name);
    }
    return ts;
}

/* ---- Writing ---------------------------------------------------------------------- */

static bool write_json(const char *dir, const char *name, cJSON *v, const LevelJson *o,
                       LevelErrors *errors)
{
    char *text = o->oom || v == NULL ? NULL : level_json_print(v);
    cJSON_Delete(v);
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    bool ok = text != NULL && atomic_write(path, text, strlen(text), err, sizeof err);
    if (text == NULL)
        level_errors_add(errors, name, 0, 0, "out of memory");
    else if (!ok)
        level_errors_add(errors, path, 0, 0, "%s", err);
    free(text);
    return ok;
}

/* Copies the image name from the data's assets/tiled/ into dir. */
static bool copy_image(const char *data_dir, const char *dir, const char *name, LevelErrors *errors)
{
    char from[1024], to[1024], err[512];
    snprintf(from, sizeof from, "%s/assets/tiled/%s", data_dir, name);
    snprintf(to, sizeof to, "%s/%s", dir, name);
    char *bytes;
    size_t len;
    bool ok = atomic_read(from, 64u << 20, &bytes, &len, err, sizeof err) == ATOMIC_READ_OK;
    if (!ok) {
        level_errors_add(errors, from, 0, 0, "%s", err);
    } else if (!same_file(from, to) && !atomic_write(to, bytes, len, err, sizeof err)) {
        /* (not over itself: the data's own folder, made again) */
        level_errors_add(errors, to, 0, 0, "%s", err);
        ok = false;
    }
    free(bytes);
    return ok;
}

static bool make_folder(const char *path, LevelErrors *errors)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST)
        return true;
    level_errors_add(errors, path, 0, 0, "cannot make the folder: %s", strerror(errno));
    return false;
}

bool level_export_tiled_project(const char *data_dir, const char *dir, LevelErrors *errors)
{
    char atlas_path[1024], sub[1024];
    snprintf(atlas_path, sizeof atlas_path, "%s/assets/atlas.json", data_dir);
    snprintf(sub, sizeof sub, "%s/entities", dir);
    if (!make_folder(dir, errors) || !make_folder(sub, errors))
        return false;
    LevelFile atlas;
    bool ok = level_file_open(&atlas, atlas_path, errors);
    LevelJson o = {false};
    cJSON *entities = ok ? entities_json(&o, &atlas.doc, &ok) : NULL;
    level_file_close(&atlas);
    if (!ok) {
        cJSON_Delete(entities);
        return false;
    }
    ok = write_json(dir, "entities.tsj", entities, &o, errors) &&
         write_json(dir, "tiles.tsj", tiles_json(&o), &o, errors) &&
         write_json(dir, LEVEL_TILED_PROJECT_FILE, project_json(&o), &o, errors);
    ok = ok && copy_image(data_dir, dir, "tiles.png", errors);
    for (int i = 0; ok && i < kind_count(); i++) {
        char name[80];
        snprintf(name, sizeof name, "entities/%s.png", kind_get(i)->name);
        ok = copy_image(data_dir, dir, name, errors);
    }
    return ok;
}
