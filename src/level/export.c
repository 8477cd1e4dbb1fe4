/* SPDX-License-Identifier: Zlib */
/*
** export.c -- writing a level as a Tiled map.
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

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct Out {
    bool oom;
} Out;

/* A kind's tile in the entities tileset, when it has one. */
typedef struct KindTile {
    bool has;
    long gid;
    int w, h;           /* its image */
    int bx, by, bw, bh; /* the box in it */
} KindTile;

static cJSON *check(Out *o, cJSON *item)
{
    if (item == NULL)
        o->oom = true;
    return item;
}

static void add(Out *o, cJSON *parent, const char *key, cJSON *item)
{
    if (item == NULL || parent == NULL) {
        o->oom = true;
        cJSON_Delete(item);
        return;
    }
    if (key != NULL)
        cJSON_AddItemToObject(parent, key, item);
    else
        cJSON_AddItemToArray(parent, item);
}

static void add_num(Out *o, cJSON *parent, const char *key, double v)
{
    add(o, parent, key, cJSON_CreateNumber(v));
}

static void add_str(Out *o, cJSON *parent, const char *key, const char *v)
{
    add(o, parent, key, cJSON_CreateString(v));
}

static void add_bool(Out *o, cJSON *parent, const char *key, bool v)
{
    add(o, parent, key, cJSON_CreateBool(v));
}

/* custom: the property's custom type (an enumeration of the project), or NULL. */
static void add_prop(Out *o, cJSON *props, const char *name, const char *type, const char *custom,
                     cJSON *value)
{
    cJSON *p = check(o, cJSON_CreateObject());
    add_str(o, p, "name", name);
    add_str(o, p, "type", type);
    if (custom != NULL)
        add_str(o, p, "propertytype", custom);
    add(o, p, "value", value);
    add(o, props, NULL, p);
}

static cJSON *new_object(Out *o, int id, const char *name, const char *cls, int x, int y, int w,
                         int h)
{
    cJSON *obj = check(o, cJSON_CreateObject());
    add_num(o, obj, "height", h);
    add_num(o, obj, "id", id);
    add_str(o, obj, "name", name);
    add_num(o, obj, "rotation", 0);
    add_str(o, obj, "type", cls);
    add_bool(o, obj, "visible", true);
    add_num(o, obj, "width", w);
    add_num(o, obj, "x", x);
    add_num(o, obj, "y", y);
    return obj;
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
static cJSON *tile_object(Out *o, int id, const EntityKind *k, const LevelEntity *e,
                          const KindTile *kt)
{
    double sx = kind_sized(k, 'w') ? (double)e->w / kt->bw : 1.0;
    double sy = kind_sized(k, 'h') ? (double)e->h / kt->bh : 1.0;
    double w = kt->w * sx, h = kt->h * sy;
    double x = e->x - kt->bx * sx, bottom = e->y - kt->by * sy + h;
    cJSON *obj = new_object(o, id, k->name, "", (int)lround(x), (int)lround(bottom), (int)lround(w),
                            (int)lround(h));
    add_num(o, obj, "gid", (double)kt->gid);
    return obj;
}

static void add_entity(Out *o, cJSON *objects, const LevelDesc *lv, const LevelEntity *e,
                       const KindTile *tiles, int *next_id)
{
    const EntityKind *k = kind_get(e->kind);
    const KindTile *kt = &tiles[e->kind];
    cJSON *obj = kt->has ? tile_object(o, (*next_id)++, k, e, kt)
                         : new_object(o, (*next_id)++, k->name, k->name, e->x, e->y, e->w, e->h);
    cJSON *props = check(o, cJSON_CreateArray());
    cJSON *lines[KIND_MAX_PROPS];
    int line_count = 0;
    /* Every property the kind writes to Tiled, in the row's order (a size
    ** is the rectangle already). Values at their default are written too, so
    ** a designer sees in Tiled what there is to set. */
    for (int p = 0; p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        const char *type = tiled_prop_type(prop);
        if (type == NULL)
            continue;
        if (prop->type == KPROP_PATH) {
            const LevelPath *path = leveldesc_path(lv, e, prop->name);
            if (path == NULL)
                continue;
            int line_id = (*next_id)++;
            add_prop(o, props, prop->name, "object", NULL, cJSON_CreateNumber(line_id));
            cJSON *line = new_object(o, line_id, prop->name, "", e->x, e->y, 0, 0);
            cJSON *points = check(o, cJSON_CreateArray());
            /* Drawn from the entity: its own position, then the waypoints. */
            cJSON *start = check(o, cJSON_CreateObject());
            add_num(o, start, "x", 0);
            add_num(o, start, "y", 0);
            add(o, points, NULL, start);
            for (int i = 0; i < path->count; i++) {
                cJSON *pt = check(o, cJSON_CreateObject());
                add_num(o, pt, "x", path->points[i].x - e->x);
                add_num(o, pt, "y", path->points[i].y - e->y);
                add(o, points, NULL, pt);
            }
            add(o, line, "polyline", points);
            lines[line_count++] = line;
            continue;
        }
        if (prop->type == KPROP_TEXT && leveldesc_text(lv, e, prop->name)[0] == '\0')
            continue;
        char custom[64];
        snprintf(custom, sizeof custom, "%s_%s", k->name, prop->name);
        add_prop(o, props, prop->name, type, prop->type == KPROP_ENUM ? custom : NULL,
                 prop_value(lv, e, prop, p));
    }
    if (cJSON_GetArraySize(props) > 0)
        add(o, obj, "properties", props);
    else
        cJSON_Delete(props);
    add(o, objects, NULL, obj);
    for (int i = 0; i < line_count; i++)
        add(o, objects, NULL, lines[i]);
}

static const TiledCompression compressions[LEVEL_LAYER_FORMAT_COUNT] = {
    [LEVEL_LAYER_CSV] = TILED_UNCOMPRESSED, [LEVEL_LAYER_BASE64] = TILED_UNCOMPRESSED,
    [LEVEL_LAYER_ZLIB] = TILED_ZLIB,        [LEVEL_LAYER_GZIP] = TILED_GZIP,
    [LEVEL_LAYER_ZSTD] = TILED_ZSTD,
};

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
static void add_layer_data(Out *o, cJSON *layer, const LevelDesc *lv, const int *gids,
                           LevelLayerFormat format)
{
    size_t cells = (size_t)lv->map.width * (size_t)lv->map.height;
    if (format == LEVEL_LAYER_CSV) {
        cJSON *data = check(o, cJSON_CreateArray());
        for (size_t i = 0; i < cells && !o->oom; i++)
            add_num(o, data, NULL, gids[lv->map.tiles[i]]);
        add(o, layer, "data", data);
        return;
    }
    uint32_t *raw = malloc(cells * sizeof *raw);
    char why[64];
    char *text = NULL;
    if (raw != NULL) {
        for (size_t i = 0; i < cells; i++)
            raw[i] = (uint32_t)gids[lv->map.tiles[i]];
        text = tiled_layer_encode(raw, cells, compressions[format], why, sizeof why);
    }
    free(raw);
    if (text == NULL) {
        o->oom = true;
        return;
    }
    add_str(o, layer, "compression", tiled_compression_name(compressions[format]));
    add_str(o, layer, "data", text);
    add_str(o, layer, "encoding", "base64");
    free(text);
}

static cJSON *build_map(Out *o, const LevelDesc *lv, const LevelExtras *ex, const int *gids,
                        const char *tileset_source, const KindTile *kind_tiles,
                        const char *entities_source, long entities_firstgid,
                        LevelLayerFormat format)
{
    cJSON *map = check(o, cJSON_CreateObject());
    add_num(o, map, "compressionlevel", -1);
    add_num(o, map, "height", lv->map.height);
    add_bool(o, map, "infinite", false);

    cJSON *layers = check(o, cJSON_CreateArray());
    cJSON *tiles = check(o, cJSON_CreateObject());
    add_layer_data(o, tiles, lv, gids, format);
    add_num(o, tiles, "height", lv->map.height);
    add_num(o, tiles, "id", 1);
    add_str(o, tiles, "name", "tiles");
    add_num(o, tiles, "opacity", 1);
    add_str(o, tiles, "type", "tilelayer");
    add_bool(o, tiles, "visible", true);
    add_num(o, tiles, "width", lv->map.width);
    add_num(o, tiles, "x", 0);
    add_num(o, tiles, "y", 0);
    add(o, layers, NULL, tiles);

    cJSON *group = check(o, cJSON_CreateObject());
    cJSON *objects = check(o, cJSON_CreateArray());
    int next_id = 1;
    for (int i = 0; i < lv->entity_count && !o->oom; i++)
        add_entity(o, objects, lv, &lv->entities[i], kind_tiles, &next_id);
    add_str(o, group, "draworder", "topdown");
    add_num(o, group, "id", 2);
    add_str(o, group, "name", "entities");
    add(o, group, "objects", objects);
    add_num(o, group, "opacity", 1);
    add_str(o, group, "type", "objectgroup");
    add_bool(o, group, "visible", true);
    add_num(o, group, "x", 0);
    add_num(o, group, "y", 0);
    add(o, layers, NULL, group);
    add(o, map, "layers", layers);

    add_num(o, map, "nextlayerid", 3);
    add_num(o, map, "nextobjectid", next_id);
    add_str(o, map, "orientation", "orthogonal");
    cJSON *props = check(o, cJSON_CreateArray());
    add_prop(o, props, "background", "string", NULL, cJSON_CreateString(lv->background));
    add_prop(o, props, "name", "string", NULL, cJSON_CreateString(lv->name));
    int count;
    const ParamInfo *table = physics_param_table(&count);
    for (int i = 0; i < count; i++)
        if (ex->physics_set[i])
            add_prop(o, props, table[i].name, "float", NULL,
                     cJSON_CreateNumber(
                         (double)*physics_param_ptr((PhysicsParams *)&lv->physics, &table[i])));
    add(o, map, "properties", props);
    add_str(o, map, "renderorder", "right-down");
    add_str(o, map, "tiledversion", "1.10.2");
    add_num(o, map, "tileheight", TILE_SIZE);
    cJSON *sets = check(o, cJSON_CreateArray());
    cJSON *set = check(o, cJSON_CreateObject());
    add_num(o, set, "firstgid", 1);
    add_str(o, set, "source", tileset_source);
    add(o, sets, NULL, set);
    if (entities_source != NULL) {
        cJSON *es = check(o, cJSON_CreateObject());
        add_num(o, es, "firstgid", (double)entities_firstgid);
        add_str(o, es, "source", entities_source);
        add(o, sets, NULL, es);
    }
    add(o, map, "tilesets", sets);
    add_num(o, map, "tilewidth", TILE_SIZE);
    add_str(o, map, "type", "map");
    add_str(o, map, "version", "1.10");
    add_num(o, map, "width", lv->map.width);
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

/* The entities tileset beside the terrain tileset (entities.tsj), when there
** is one: each kind's tile (the first of its class), gids from firstgid on.
** False after reporting a tileset that is there but wrong. */
static bool read_kind_tiles(const char *entities_path, long firstgid,
                            KindTile tiles[KIND_MAX_KINDS], LevelErrors *errors)
{
    memset(tiles, 0, sizeof(KindTile) * KIND_MAX_KINDS);
    LevelFile f;
    Tileset set;
    memset(&set, 0, sizeof set);
    int before = errors->count + errors->dropped;
    bool ok = level_file_open(&f, entities_path, errors) &&
              tiled_tileset_read(&f.doc, f.doc.root, &set) &&
              errors->count + errors->dropped == before;
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

bool level_export_tiled(const char *level_path, const char *out_path, const char *tileset_path,
                        LevelErrors *errors)
{
    return level_export_tiled_as(level_path, out_path, tileset_path, LEVEL_LAYER_CSV, errors);
}

bool level_export_tiled_as(const char *level_path, const char *out_path, const char *tileset_path,
                           LevelLayerFormat format, LevelErrors *errors)
{
    if (format < 0 || format >= LEVEL_LAYER_FORMAT_COUNT) {
        level_errors_add(errors, out_path, 0, 0, "unknown tile layer format %d", (int)format);
        return false;
    }
    if (same_file(out_path, level_path)) {
        level_errors_add(errors, out_path, 0, 0,
                         "this is the level being exported (%s): the map would replace it; write "
                         "the map to another file",
                         level_path);
        return false;
    }
    if (same_file(out_path, tileset_path)) {
        level_errors_add(errors, out_path, 0, 0,
                         "this is the tileset the map uses (%s): the map would replace it; write "
                         "the map to another file",
                         tileset_path);
        return false;
    }
    LevelDesc lv;
    LevelExtras ex;
    if (!level_load_ex(level_path, NULL, &lv, &ex, errors))
        return false;
    int ids[TILE_KIND_COUNT];
    long tilecount = 0;
    bool ok = tiled_tileset_kind_ids(tileset_path, lv.background, ids, &tilecount, errors);
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
    if (ok && !level_path_relative(out_path, tileset_path, source, sizeof source)) {
        level_errors_add(errors, out_path, 0, 0,
                         "cannot find the folder of this file or the tileset %s", tileset_path);
        ok = false;
    }
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
        ok = read_kind_tiles(entities, entities_firstgid, tiles, errors);
        if (ok && same_file(out_path, entities)) {
            level_errors_add(errors, out_path, 0, 0,
                             "this is the entities tileset the map uses (%s): the map would "
                             "replace it; write the map to another file",
                             entities);
            ok = false;
        }
        if (ok &&
            !level_path_relative(out_path, entities, entities_source, sizeof entities_source)) {
            level_errors_add(errors, out_path, 0, 0,
                             "cannot find the folder of this file or the tileset %s", entities);
            ok = false;
        }
    }
    char *text = NULL;
    if (ok) {
        Out o = {false};
        cJSON *map = build_map(&o, &lv, &ex, gids, source, tiles,
                               with_entities ? entities_source : NULL, entities_firstgid, format);
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
