/* SPDX-License-Identifier: Zlib */
/*
** tiled.c -- Tiled maps (.tmj, or any file with "type": "map") as levels.
**
** Supported: orthogonal, finite maps of 16x16 tiles saved by Tiled 1.0 or
** later, in either generation of the JSON format (Tiled 1.0 and 1.1 wrote
** properties as objects, 1.2 and later as arrays: tiled_props.c reads both);
** tile layers in every format Tiled writes (CSV, or base64 uncompressed or
** compressed with zlib, gzip or zstd: tiled_layer.c); tilesets embedded or
** in external JSON files, cut from an image or image collections
** (tiled_tileset.c); group layers; flipped tiles (the flip bits are
** dropped). A tile's class (Tiled 1.9's "class", the "type" of other
** versions) names its tile kind; an object's class, or its tile's, names
** its entity type; custom properties, the object's or else its tile's,
** carry what the native format writes as entity keys; a platform's path is
** a polyline object named by its "path" property. An object may be made
** from a template (tiled_template.c): what it does not write, its template
** gives. Everything else a map may
** hold is refused with an error naming the feature, except image layers and
** classless objects (notes, paths), which are ignored, and keys this loader
** does not use, which newer Tiled versions may add. A map of Tiled 0.x is
** refused with one error saying so.
**
** Objects follow the placement rule of level_internal.h, in pixels: a block
** is its rectangle; a platform or a crumbling block starts at its rectangle's
** top-left corner, as wide as the rectangle; any other entity stands with its
** box's bottom-left corner on the object's bottom-left corner (a tile
** object's x, y; a rectangle's x, y + height; a point's x, y). A tile object
** without a size is its tile's size. A tile may mark the entity's box
** inside its image with a collision rectangle, as the game's entities
** tileset does (a sprite is larger than its box): a tile object's box is
** then that rectangle, scaled and flipped as the object shows the image.
** Coordinates are rounded to whole pixels.
** levels/README.md tells designers the same.
*/
#include "tiled_internal.h"

#include "array.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_REPORTED_GIDS = 16 };

/* Tiled keeps flips and rotations in the top four bits of a gid. */
#define FLIP_BITS 0xF0000000u

typedef struct Tiled {
    JsonDoc *doc;
    LevelDesc lv;
    TiledSets sets;
    TiledTemplates templates;
    const cJSON **objects; /* every object of every object layer, in order */
    int object_count;
    size_t object_cap;
    LevelBuild build;
    bool map_ok;
    bool entities_ok;
    uint32_t reported[MAX_REPORTED_GIDS];
    int reported_count;
    size_t unreported; /* bad gids past the ones told: counted, told once */
    size_t cells;      /* of the tile layers read so far (LEVEL_MAX_LAYER_CELLS) */
    bool over_budget;  /* the layers past the budget are not read */
} Tiled;

/* ---- Gids ---------------------------------------------------------------------------- */

/* Whether a problem with gid is to be told: once a gid, and for the first
** MAX_REPORTED_GIDS gids only; past them each use is counted, to be told in
** one line at the end (a layer of 16 million bad cells, each its own gid,
** is one error, not 16 million). */
static bool first_report(Tiled *t, uint32_t gid)
{
    for (int i = 0; i < t->reported_count; i++)
        if (t->reported[i] == gid)
            return false;
    if (t->reported_count < MAX_REPORTED_GIDS) {
        t->reported[t->reported_count++] = gid;
        return true;
    }
    t->unreported++;
    return false;
}

/* Tells that no tile of doc's tilesets has gid (flip bits already
** cleared): set is the tileset its number falls in, or NULL. */
static void tell_missing(JsonDoc *doc, const Tileset *set, uint32_t gid, const cJSON *at,
                         const char *where)
{
    if (set == NULL)
        json_error(doc, at, "%sgid %u belongs to no tileset", where, (unsigned)gid);
    else if (set->collection)
        json_error(doc, at,
                   "%sgid %u is tile %ld of image collection \"%s\", which has no such tile", where,
                   (unsigned)gid, (long)gid - set->firstgid, set->name);
    else
        json_error(doc, at, "%sgid %u is past the last tile of tileset \"%s\" (%ld tiles)", where,
                   (unsigned)gid, set->name, set->tilecount);
}

/* The tile a gid names (flip bits already cleared) among sets, the
** tilesets of doc, where at is. Returns NULL after reporting, once per gid,
** when there is no such tile. */
static TiledTile *gid_tile(Tiled *t, TiledSets *sets, JsonDoc *doc, uint32_t gid, const cJSON *at,
                           const char *where)
{
    TiledTile *tile;
    const Tileset *set = tiled_sets_find(sets, gid, &tile);
    if (tile != NULL)
        return tile;
    /* After a tileset failed, its tiles are not news. */
    if (!sets->failed && first_report(t, gid))
        tell_missing(doc, set, gid, at, where);
    return NULL;
}

/* ---- Tile layers --------------------------------------------------------------------- */

static void put_gid(Tiled *t, uint32_t raw, int x, int y, const cJSON *at, bool point_at_cell)
{
    uint32_t gid = raw & ~FLIP_BITS;
    if (gid == 0)
        return;
    TiledTile *tile;
    const Tileset *set = tiled_sets_find(&t->sets, gid, &tile);
    int kind = tile != NULL ? tile_kind_from_name(tile->cls) : -1;
    if (kind >= 0 && tile->width == TILE_SIZE && tile->height == TILE_SIZE) {
        tilemap_set(&t->lv.map, x, y, (TileKind)kind);
        return;
    }
    /* Something to tell, once a gid (after a tileset failed, its tiles are
    ** not news): only now the words for the place, so that a layer of
    ** millions of bad cells does not format each. */
    if ((tile == NULL && t->sets.failed) || !first_report(t, gid))
        return;
    char where[64] = "";
    if (point_at_cell)
        snprintf(where, sizeof where, "tile at column %d, row %d: ", x, y);
    if (tile == NULL) {
        tell_missing(t->doc, set, gid, at, where);
        return;
    }
    const char *cls = tile->cls;
    const char *names[TILE_KIND_COUNT];
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        names[k] = tile_kind_name((TileKind)k);
    char q[40];
    json_quote(cls, q, sizeof q);
    if (kind >= 0) {
        json_error(t->doc, at, "%sgid %u is a %dx%d px tile; a tile layer takes %dx%d px tiles",
                   where, (unsigned)gid, tile->width, tile->height, TILE_SIZE, TILE_SIZE);
    } else if (cls[0] == '\0') {
        json_error(t->doc, at,
                   "%sgid %u: the tile has no class; give it one of \"solid\", \"oneway\", "
                   "\"spikes\", \"secret\" or \"empty\"",
                   where, (unsigned)gid);
    } else if (kind_find(cls) >= 0) {
        json_error(t->doc, at,
                   "%sgid %u: a tile of class \"%s\" is an entity: place it as a tile object on an "
                   "object layer",
                   where, (unsigned)gid, q);
    } else {
        int s = json_suggest(cls, names, TILE_KIND_COUNT);
        json_error(t->doc, at, "%sgid %u: unknown tile class \"%s\"%s%s%s", where, (unsigned)gid, q,
                   s >= 0 ? " (did you mean \""
                          : " (expected solid, oneway, spikes, secret or empty)",
                   s >= 0 ? names[s] : "", s >= 0 ? "\"?)" : "");
    }
}

static bool zero_offsets(Tiled *t, const cJSON *layer)
{
    static const char *const keys[] = {"offsetx", "offsety"};
    for (int i = 0; i < 2; i++) {
        const cJSON *v = json_get(layer, keys[i]);
        double d;
        if (v != NULL && json_want_number(t->doc, v, -1e9, 1e9, &d) && d != 0) {
            json_error(t->doc, v,
                       "layer offsets are not supported: set the layer's offset to 0, 0");
            return false;
        }
    }
    return true;
}

/* The layer's "encoding" and "compression" (CSV, or base64 compressed or
** not): false after reporting. */
static bool read_layer_format(Tiled *t, const cJSON *layer, LevelLayerFormat *format)
{
    JsonDoc *doc = t->doc;
    const cJSON *encoding = json_get(layer, "encoding");
    *format = LEVEL_LAYER_CSV;
    if (encoding != NULL) {
        static const char *const encodings[] = {"csv", "base64"};
        int e = json_want_enum(doc, encoding, encodings, 2, "encoding");
        if (e < 0)
            return false;
        *format = (LevelLayerFormat)e;
    }
    const cJSON *compression = json_get(layer, "compression");
    const char *name = compression != NULL ? json_want_string(doc, compression) : "";
    if (name == NULL)
        return false;
    if (name[0] == '\0')
        return true;
    int c = level_layer_format_find(name);
    if (c < LEVEL_LAYER_ZLIB) {
        char q[40];
        json_quote(name, q, sizeof q);
        json_error(doc, compression,
                   "unknown compression \"%s\" (expected \"zlib\", \"gzip\", \"zstd\" or \"\")", q);
        return false;
    }
    if (*format != LEVEL_LAYER_BASE64) {
        json_error(doc, compression, "%s compression needs \"encoding\": \"base64\"", name);
        return false;
    }
    *format = (LevelLayerFormat)c;
    return true;
}

static void read_tile_layer(Tiled *t, const cJSON *layer)
{
    JsonDoc *doc = t->doc;
    if (json_get(layer, "chunks") != NULL) {
        json_error(doc, json_get(layer, "chunks"),
                   "infinite maps (tile layers made of chunks) are not supported");
        return;
    }
    long w, h;
    bool ok = json_want_int(doc, json_need(doc, layer, "width"), 0, 1 << 20, &w);
    ok &= json_want_int(doc, json_need(doc, layer, "height"), 0, 1 << 20, &h);
    ok &= zero_offsets(t, layer);
    if (ok && t->map_ok && (w != t->lv.map.width || h != t->lv.map.height)) {
        json_error(doc, layer, "the layer is %ldx%ld tiles but the map is %dx%d", w, h,
                   t->lv.map.width, t->lv.map.height);
        ok = false;
    }
    LevelLayerFormat format;
    ok &= read_layer_format(t, layer, &format);
    const cJSON *data = json_need(doc, layer, "data");
    if (!ok || data == NULL || !t->map_ok)
        return;
    size_t cells = (size_t)w * (size_t)h;
    int width = t->lv.map.width;
    /* All tile layers together are held to one budget: a map of a few KB
    ** may hold thousands of compressed layers of 64 MiB each. */
    if (t->over_budget)
        return;
    if (cells > (size_t)LEVEL_MAX_LAYER_CELLS - t->cells) {
        json_error(doc, layer,
                   "the map's tile layers hold more than %ld cells in all (%d layers"
                   " of the largest map): this layer and the ones after it are not read",
                   (long)LEVEL_MAX_LAYER_CELLS,
                   (int)(LEVEL_MAX_LAYER_CELLS / ((long)LEVEL_MAX_SIDE * LEVEL_MAX_SIDE)));
        t->over_budget = true;
        return;
    }
    t->cells += cells;
    if (format != LEVEL_LAYER_CSV) {
        const char *text = json_want_string(doc, data);
        if (text == NULL)
            return;
        char why[200];
        uint32_t *gids = tiled_layer_decode(text, strlen(text), format, cells, why, sizeof why);
        if (gids == NULL) {
            json_error(doc, data, "bad tile data: %s (%ldx%ld tiles need %zu bytes)", why, w, h,
                       cells * 4);
            return;
        }
        for (size_t i = 0; i < cells; i++)
            put_gid(t, gids[i], (int)(i % (size_t)width), (int)(i / (size_t)width), data, true);
        free(gids);
        return;
    }
    if (!json_want_array(doc, data))
        return;
    size_t n = (size_t)cJSON_GetArraySize(data);
    if (n != cells) {
        json_error(doc, data, "the layer data holds %zu tiles; %ldx%ld tiles need %zu", n, w, h,
                   cells);
        return;
    }
    size_t i = 0;
    for (const cJSON *v = data->child; v != NULL; v = v->next, i++) {
        long raw;
        if (json_want_int(doc, v, 0, 0xFFFFFFFFL, &raw))
            put_gid(t, (uint32_t)raw, (int)(i % (size_t)width), (int)(i / (size_t)width), v, false);
    }
}

/* ---- Layers ---------------------------------------------------------------------------- */

static void collect_objects(Tiled *t, const cJSON *layer)
{
    if (!zero_offsets(t, layer))
        return;
    const cJSON *objects = json_need(t->doc, layer, "objects");
    if (!json_want_array(t->doc, objects))
        return;
    for (const cJSON *o = objects->child; o != NULL; o = o->next) {
        if (!json_want_object(t->doc, o))
            continue;
        if (!array_reserve(t->objects, t->object_cap, (size_t)t->object_count + 1)) {
            json_error(t->doc, o, "out of memory");
            return;
        }
        t->objects[t->object_count++] = o;
    }
}

static void read_layers(Tiled *t, const cJSON *layers)
{
    if (!json_want_array(t->doc, layers))
        return;
    static const char *const types[] = {"tilelayer", "objectgroup", "imagelayer", "group"};
    for (const cJSON *layer = layers->child; layer != NULL; layer = layer->next) {
        if (!json_want_object(t->doc, layer))
            continue;
        int type = json_want_enum(t->doc, json_need(t->doc, layer, "type"), types, 4, "layer type");
        switch (type) {
        case 0: read_tile_layer(t, layer); break;
        case 1: collect_objects(t, layer); break;
        case 3:
            if (zero_offsets(t, layer))
                read_layers(t, json_need(t->doc, layer, "layers"));
            break;
        default: /* image layers are decoration; unknown types were reported */ break;
        }
    }
}

/* ---- Custom properties ------------------------------------------------------------------- */

/* A property a map or an object may have, and its type as
** tiled_prop_type() names it ("float" takes an int too). */
typedef struct PropSpec {
    const char *name;
    const char *type;
} PropSpec;

/* Where the value of a spec was found: an object's own properties, or its
** tile's, which may be written in a tileset file. */
typedef struct Found {
    const cJSON *value;
    JsonDoc *doc;
    bool inherited; /* the tile's */
} Found;

/* Matches props against specs, filling the found[i] still empty. An owner's
** own properties (own) must all be known and set once; those it inherits
** from its tile may be anything else, and never name an object (a tile's
** object properties point into the tile, not the map). what names the owner
** for messages ("a switch"). */
static void match_props(const TiledProps *props, const PropSpec *specs, int count, Found *found,
                        const char *what, bool own)
{
    const char *names[LEVEL_PARAM_MAX + KIND_MAX_PROPS + 4];
    for (int i = 0; i < count; i++)
        names[i] = specs[i].name;
    const cJSON *cursor = NULL;
    TiledProp p;
    bool seen[LEVEL_PARAM_MAX + KIND_MAX_PROPS + 4] = {false};
    while (tiled_props_next(props, &cursor, &p)) {
        int which = -1;
        for (int i = 0; i < count && which < 0; i++)
            if (strcmp(p.name, specs[i].name) == 0)
                which = i;
        char q[48];
        json_quote(p.name, q, sizeof q);
        if (which < 0 || (!own && strcmp(specs[which].type, "object") == 0)) {
            int s = json_suggest(p.name, names, count);
            if (!own)
                continue;
            if (count == 0)
                tiled_prop_error(props, &p, "unknown property \"%s\": %s takes no properties", q,
                                 what);
            else if (s >= 0)
                tiled_prop_error(props, &p, "unknown property \"%s\" for %s (did you mean \"%s\"?)",
                                 q, what, names[s]);
            else
                tiled_prop_error(props, &p, "unknown property \"%s\" for %s", q, what);
            continue;
        }
        if (seen[which]) {
            if (own)
                tiled_prop_error(props, &p, "property \"%s\" is set twice", q);
            continue;
        }
        seen[which] = true;
        if (found[which].value != NULL)
            continue; /* the object's own value wins over its tile's */
        const char *want = specs[which].type;
        bool is_float = strcmp(want, "float") == 0;
        if (strcmp(p.type, want) != 0 && !(is_float && strcmp(p.type, "int") == 0)) {
            char tq[32];
            json_quote(p.type, tq, sizeof tq);
            TiledProp at = p; /* told at the type when it is written */
            at.name_at = p.type_at != NULL ? p.type_at : p.name_at;
            tiled_prop_error(props, &at, "property \"%s\" must be of type %s, not %s", q,
                             is_float ? "float or int" : want, tq);
            continue;
        }
        found[which] = (Found){p.value, props->doc, !own};
    }
}

/* ---- Objects ------------------------------------------------------------------------------ */

static bool read_px(JsonDoc *doc, const cJSON *obj, const char *key, double *out)
{
    const cJSON *v = json_need(doc, obj, key);
    *out = 0;
    return v != NULL && json_want_number(doc, v, -1e7, 1e7, out);
}

static int px(double v)
{
    return (int)lround(v);
}

static const cJSON *find_object(const Tiled *t, long id)
{
    for (int i = 0; i < t->object_count; i++) {
        const cJSON *v = json_get(t->objects[i], "id");
        if (cJSON_IsNumber(v) && v->valuedouble == (double)id)
            return t->objects[i];
    }
    return NULL;
}

/* A path property: the id of a polyline object whose points are the
** waypoints of the entity's top-left corner. */
static void read_path(Tiled *t, const KindProp *prop, int index, const cJSON *ref, LevelEntity *e)
{
    JsonDoc *doc = t->doc;
    long id;
    if (!json_want_int(doc, ref, 1, 0x7FFFFFFF, &id))
        return;
    const cJSON *line = find_object(t, id);
    const cJSON *points = json_get(line, "polyline");
    if (line == NULL || !cJSON_IsArray(points)) {
        json_error(doc, ref, "\"path\" must name a polyline object; object %ld %s", id,
                   line == NULL ? "does not exist" : "is not a polyline");
        return;
    }
    double ox, oy;
    if (!read_px(doc, line, "x", &ox) || !read_px(doc, line, "y", &oy))
        return;
    LevelPath wp = {0};
    bool first = true;
    for (const cJSON *p = points->child; p != NULL; p = p->next) {
        double x, y;
        if (!json_want_object(doc, p) || !read_px(doc, p, "x", &x) || !read_px(doc, p, "y", &y))
            return;
        LevelPoint w = {px(ox + x), px(oy + y)};
        /* A line drawn from the entity starts where it stands. */
        if (first && w.x == e->x && w.y == e->y) {
            first = false;
            continue;
        }
        first = false;
        if (wp.count >= (int)prop->max) {
            json_error(doc, points, "a path has at most %.0f waypoints after the %s's own position",
                       prop->max, kind_get(e->kind)->name);
            return;
        }
        wp.points[wp.count++] = w;
    }
    if (wp.count < (int)prop->min) {
        json_error(
            doc, ref,
            "the polyline of \"%s\" needs at least %.0f point%s besides the %s's own position",
            prop->name, prop->min, prop->min == 1 ? "" : "s", kind_get(e->kind)->name);
        return;
    }
    int i = level_build_path(&t->build, &wp);
    if (i < 0)
        json_error(doc, ref, "out of memory");
    else
        e->props[index].i = i;
}

/* The entity's properties: the object's own, else its template's, else its
** tile's (tile may be NULL), as Tiled shows a tile object inheriting them. */
static void read_entity_props(Tiled *t, const TiledObject *ob, TiledTile *tile, LevelEntity *e)
{
    const cJSON *o = ob->o;
    if (tile != NULL && tile->props_bad) {
        t->entities_ok = false; /* said at the tile, with its first object */
        return;
    }
    const EntityKind *k = kind_get(e->kind);
    PropSpec specs[KIND_MAX_PROPS];
    int index[KIND_MAX_PROPS];
    int count = 0;
    for (int p = 0; p < k->prop_count; p++) {
        if (tiled_prop_type(&k->props[p]) == NULL)
            continue; /* a size: the object's rectangle */
        specs[count] = (PropSpec){k->props[p].name, tiled_prop_type(&k->props[p])};
        index[count++] = p;
    }
    Found found[KIND_MAX_PROPS] = {{NULL, NULL, false}};
    char what[40];
    snprintf(what, sizeof what, "a %s", k->name);
    JsonDoc *doc = t->doc;
    TiledProps own = tiled_props_of(doc, o);
    match_props(&own, specs, count, found, what, true);
    JsonDoc *tdoc;
    const cJSON *tmpl = tiled_object_template(ob, &tdoc);
    if (tmpl != NULL) {
        TiledProps from_template = tiled_props_of(tdoc, tmpl);
        match_props(&from_template, specs, count, found, what, true);
    }
    if (tile != NULL) {
        int before = level_doc_error_total(doc);
        match_props(&tile->props, specs, count, found, what, false);
        tile->props_bad = level_doc_error_total(doc) != before;
    }
    for (int i = 0; i < count; i++) {
        const KindProp *prop = &k->props[index[i]];
        if (found[i].value == NULL) {
            if (prop->required) {
                const char *type = tiled_prop_type(prop);
                char detail[128] = "";
                if (prop->type == KPROP_PATH)
                    snprintf(detail, sizeof detail, " naming a polyline");
                else if (prop->type == KPROP_INT || prop->type == KPROP_NUMBER)
                    snprintf(detail, sizeof detail, " (%g to %g)", prop->min, prop->max);
                /* " (\"a\", \"b\" or \"c\")" */
                for (int v = 0, n = prop->value_count; prop->type == KPROP_ENUM && v < n; v++)
                    snprintf(detail + strlen(detail), sizeof detail - strlen(detail), "%s\"%s\"%s",
                             v == 0       ? " ("
                             : v == n - 1 ? " or "
                                          : ", ",
                             prop->values[v], v == n - 1 ? ")" : "");
                json_error(doc, o, "a %s needs a%s %s property \"%s\"%s", k->name,
                           type[0] == 'i' || type[0] == 'o' ? "n" : "", type, prop->name, detail);
            }
            continue;
        }
        if (prop->type == KPROP_PATH)
            read_path(t, prop, index[i], found[i].value, e);
        else if (!level_prop_read(found[i].doc, &t->build, prop, index[i], found[i].value, false,
                                  e) &&
                 found[i].inherited)
            tile->props_bad = true;
    }
}

/* The entity box a tile object shows, from the object's rectangle (x, y
** its bottom-left corner, w x h): the tile's box rectangle scaled as the
** image is, mirrored with it (flip bits of raw); the whole rectangle when
** the tile marks no box. */
static void tile_box(const TiledTile *tile, uint32_t raw, double x, double y, double w, double h,
                     double *bx, double *by, double *bw, double *bh)
{
    *bx = x, *by = y - h, *bw = w, *bh = h;
    if (tile == NULL || !tile->has_box || tile->width <= 0 || tile->height <= 0)
        return;
    double sx = w / tile->width, sy = h / tile->height;
    int left = tile->box_x, top = tile->box_y;
    if (raw & 0x80000000u) /* flipped horizontally */
        left = tile->width - tile->box_x - tile->box_w;
    if (raw & 0x40000000u) /* flipped vertically */
        top = tile->height - tile->box_y - tile->box_h;
    *bx = x + left * sx;
    *by = y - h + top * sy;
    *bw = tile->box_w * sx;
    *bh = tile->box_h * sy;
}

/* The class an object gives itself, in the instance or else its template:
** "" when neither says, NULL after reporting. */
static const char *object_class(const TiledObject *ob, const cJSON **at, JsonDoc **at_doc)
{
    JsonDoc *doc = ob->doc;
    const cJSON *owner = ob->o;
    if (json_get(owner, "type") == NULL && json_get(owner, "class") == NULL) {
        JsonDoc *tdoc;
        const cJSON *tmpl = tiled_object_template(ob, &tdoc);
        if (tmpl != NULL) {
            owner = tmpl;
            doc = tdoc;
        }
    }
    *at = tiled_class_item(owner);
    *at_doc = doc;
    return tiled_read_class(doc, owner);
}

/* False when the object is not read, as an entity that should be (told). */
static bool read_object(Tiled *t, const cJSON *o)
{
    JsonDoc *doc = t->doc;
    int before = level_doc_error_total(doc);
    TiledObject ob;
    if (!tiled_object_init(&ob, doc, o, &t->sets, &t->templates))
        return false;
    const cJSON *class_at;
    JsonDoc *class_doc;
    const char *cls = object_class(&ob, &class_at, &class_doc);
    if (cls == NULL)
        return false;
    JsonDoc *gdoc;
    TiledSets *gsets;
    const cJSON *gv = tiled_object_get(&ob, "gid", &gdoc, &gsets);
    long raw = 0;
    if (gv != NULL && !json_want_int(gdoc, gv, 0, 0xFFFFFFFFL, &raw))
        return false;
    uint32_t gid = (uint32_t)raw & ~FLIP_BITS;
    TiledTile *tile = NULL;
    if (gid != 0) {
        /* A tile object: its tile gives the class, unless it has its own. */
        tile = gid_tile(t, gsets, gdoc, gid, gv, "");
        if (tile == NULL)
            return false;
        if (cls[0] == '\0') {
            cls = tile->cls;
            class_at = gv;
            class_doc = gdoc;
        }
    }
    if (cls[0] == '\0')
        return true; /* a note, or a path */

    const char *names[KIND_MAX_KINDS];
    int count = 0;
    for (; count < kind_count() && count < KIND_MAX_KINDS; count++)
        names[count] = kind_get(count)->name;
    int type = kind_find(cls);
    if (type < 0) {
        char q[40];
        json_quote(cls, q, sizeof q);
        int s = json_suggest(cls, names, count);
        if (s >= 0) {
            json_error(class_doc, class_at, "unknown entity class \"%s\" (did you mean \"%s\"?)", q,
                       names[s]);
        } else {
            char list[400];
            size_t len = 0;
            list[0] = '\0';
            for (int i = 0; i < count && len < sizeof list; i++) {
                int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", names[i]);
                len += w > 0 ? (size_t)w : 0;
            }
            json_error(class_doc, class_at, "unknown entity class \"%s\" (expected one of %s)", q,
                       list);
        }
        return false;
    }
    const EntityKind *k = kind_get(type);
    JsonDoc *fdoc;
    TiledSets *fsets;
    const cJSON *shape = tiled_object_get(&ob, "polygon", &fdoc, &fsets);
    if (shape == NULL)
        shape = tiled_object_get(&ob, "polyline", &fdoc, &fsets);
    if (shape != NULL) {
        json_error(fdoc, shape,
                   "a %s cannot be a polygon or polyline: use a rectangle, point or tile object",
                   cls);
        return false;
    }
    const cJSON *rot = tiled_object_get(&ob, "rotation", &fdoc, &fsets);
    double r;
    if (rot != NULL && json_want_number(fdoc, rot, -1e9, 1e9, &r) && r != 0)
        json_error(fdoc, rot, "rotated objects are not supported: set the rotation to 0");
    double x, y, w = 0, h = 0;
    /* Read all four, so every bad one is reported. */
    bool ok = read_px(doc, o, "x", &x);
    ok = read_px(doc, o, "y", &y) && ok;
    const cJSON *wv = tiled_object_get(&ob, "width", &fdoc, &fsets);
    ok = (wv == NULL || json_want_number(fdoc, wv, -1e7, 1e7, &w)) && ok;
    const cJSON *hv = tiled_object_get(&ob, "height", &fdoc, &fsets);
    ok = (hv == NULL || json_want_number(fdoc, hv, -1e7, 1e7, &h)) && ok;
    /* A tile object drawn at its tile's size may not say it. */
    if (tile != NULL && wv == NULL)
        w = tile->width;
    if (tile != NULL && hv == NULL)
        h = tile->height;
    if (ok && (w < 0 || h < 0)) {
        json_error(doc, o, "an object cannot have a negative width or height");
        ok = false;
    }
    LevelEntity e;
    leveldesc_entity_init(&e, type);
    json_pos(doc, o, &e.line, &e.col);
    if (ok) {
        /* The box in whole pixels: a rectangle's own; a tile object's y is
        ** its bottom, and the tile may mark the box inside its image. */
        double bx = x, by = y, bw = w, bh = h;
        if (gid != 0)
            tile_box(tile, (uint32_t)raw, x, y, w, h, &bx, &by, &bw, &bh);
        int left = px(bx), right = px(bx + bw), top = px(by), bottom = px(by + bh);
        bool sized_w = kind_sized(k, 'w'), sized_h = kind_sized(k, 'h');
        if (sized_w || sized_h) {
            /* A sized kind is its rectangle, on the axes it is sized on. */
            if ((sized_w && right - left <= 0) || (sized_h && bottom - top <= 0))
                json_error(doc, o, "a %s needs a %s: draw it as a rectangle", k->name,
                           sized_w && sized_h ? "width and a height"
                           : sized_w          ? "width"
                                              : "height");
            if (sized_w)
                e.w = right - left;
            if (sized_h)
                e.h = bottom - top;
            level_entity_at_px(&e, left, top);
        } else {
            level_entity_at_px(&e, left, bottom - e.h);
        }
        read_entity_props(t, &ob, tile, &e);
    }
    if (level_doc_error_total(doc) != before)
        return false;
    return level_build_add(&t->build, doc, o, &e);
}

/* ---- The map ---------------------------------------------------------------------------------- */

static void read_map_props(Tiled *t, const cJSON *root, LevelExtras *extras)
{
    int count;
    const ParamInfo *table = physics_param_table(&count);
    PropSpec specs[LEVEL_PARAM_MAX + 2];
    Found found[LEVEL_PARAM_MAX + 2];
    memset(found, 0, sizeof found);
    specs[0] = (PropSpec){"name", "string"};
    specs[1] = (PropSpec){"background", "string"};
    for (int i = 0; i < count; i++)
        specs[2 + i] = (PropSpec){table[i].name, "float"};
    JsonDoc *doc = t->doc;
    TiledProps props = tiled_props_of(doc, root);
    match_props(&props, specs, count + 2, found, "a map", true);
    if (found[0].value == NULL)
        json_error(doc, root, "the map needs a string property \"name\" (Map > Map Properties)");
    else
        level_read_name(doc, found[0].value, true, &t->lv);
    if (found[1].value == NULL)
        json_error(doc, root,
                   "the map needs a string property \"background\" (\"hills\", \"cave\", \"ice\" "
                   "or \"peak\")");
    else
        level_read_background(doc, found[1].value, &t->lv);
    for (int i = 0; i < count; i++) {
        double v;
        if (found[2 + i].value != NULL &&
            json_want_number(doc, found[2 + i].value, table[i].min, table[i].max, &v)) {
            *physics_param_ptr(&t->lv.physics, &table[i]) = (float)v;
            extras->physics_set[i] = true;
        }
    }
}

/* How to bring a map from Tiled 0.x, whose format this loader does not read. */
#define RESAVE_HINT "open it in Tiled 1.0 or later and save it again (File > Save As, JSON map)"

bool tiled_has_map_layout(const cJSON *root)
{
    return json_get(root, "orientation") != NULL || json_get(root, "layers") != NULL ||
           json_get(root, "tilesets") != NULL;
}

/* The map's "type" and "version". A map of Tiled 0.x (no "type", a version
** below 1 or none) gets one error and nothing else: every other line would
** only be noise about a format this loader does not read. */
static bool check_format(JsonDoc *doc, const cJSON *root)
{
    const cJSON *type = json_get(root, "type");
    if (type == NULL && tiled_has_map_layout(root)) {
        json_error(doc, root,
                   "a map of Tiled 0.x (it has no \"type\": \"map\"): the format is too old to "
                   "read; " RESAVE_HINT);
        return false;
    }
    const char *s = json_want_string(doc, json_need(doc, root, "type"));
    if (s == NULL)
        return false;
    if (strcmp(s, "map") != 0) {
        char q[40];
        json_quote(s, q, sizeof q);
        json_error(doc, type, "expected a Tiled map (\"type\": \"map\"), got \"%s\"", q);
        return false;
    }
    const cJSON *v = json_get(root, "version");
    if (v == NULL) {
        json_error(doc, root,
                   "the map has no \"version\", as maps from before Tiled 1.0: the format is too "
                   "old to read; " RESAVE_HINT);
        return false;
    }
    double version;
    if (cJSON_IsString(v)) {
        version = atof(v->valuestring);
    } else if (cJSON_IsNumber(v)) {
        version = v->valuedouble; /* Tiled 1.0 to 1.5 wrote a number */
    } else {
        json_want_string(doc, v);
        return false;
    }
    if (!(version >= 1.0)) {
        char got[64];
        json_describe(v, got, sizeof got);
        json_error(
            doc, v,
            "map format version %s predates Tiled 1.0: the format is too old to read; " RESAVE_HINT,
            got);
        return false;
    }
    return true;
}

static bool read_header(Tiled *t, const cJSON *root)
{
    JsonDoc *doc = t->doc;
    int before = level_doc_error_total(doc);
    if (!check_format(doc, root))
        return false;
    const cJSON *orient = json_need(doc, root, "orientation");
    const char *s = json_want_string(doc, orient);
    if (s != NULL && strcmp(s, "orthogonal") != 0) {
        char q[40];
        json_quote(s, q, sizeof q);
        json_error(doc, orient, "%s maps are not supported, only orthogonal ones", q);
    }
    const cJSON *inf = json_get(root, "infinite");
    bool infinite = false;
    if (inf != NULL && json_want_bool(doc, inf, &infinite) && infinite)
        json_error(doc, inf,
                   "infinite maps are not supported: turn off Map > Map Properties > Infinite");
    tiled_check_tile_size(doc, root, "the map's");
    long w, h;
    bool ok = json_want_int(doc, json_need(doc, root, "width"), 1, LEVEL_MAX_SIDE, &w);
    ok &= json_want_int(doc, json_need(doc, root, "height"), 1, LEVEL_MAX_SIDE, &h);
    if (ok && level_doc_error_total(doc) == before) {
        if (!tilemap_init(&t->lv.map, (int)w, (int)h)) {
            json_error(doc, root, "out of memory for a %ldx%ld map", w, h);
            return false;
        }
        t->map_ok = true;
    }
    return level_doc_error_total(doc) == before;
}

bool tiled_parse(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras)
{
    int before = level_doc_error_total(doc);
    const cJSON *root = doc->root;
    if (!cJSON_IsObject(root)) {
        json_error(doc, root, "a Tiled map holds a JSON object");
        return false;
    }
    Tiled t = {.doc = doc, .entities_ok = true};
    t.lv.physics = base != NULL ? *base : physics_defaults();
    if (read_header(&t, root)) {
        tiled_sets_read(&t.sets, doc, json_need(doc, root, "tilesets"), false);
        read_map_props(&t, root, extras);
        read_layers(&t, json_need(doc, root, "layers"));
        for (int i = 0; i < t.object_count; i++)
            t.entities_ok = read_object(&t, t.objects[i]) && t.entities_ok;
        if (t.unreported > 0) {
            /* after the errors it counts more of, whatever their places */
            int line, col;
            json_pos(doc, json_get(root, "layers"), &line, &col);
            level_errors_add_whole(level_doc_errors(doc), level_doc_path(doc), line, col,
                                   "and %zu more uses of gids that cannot be placed, like those"
                                   " above (the first %d such gids are told, one error each)",
                                   t.unreported, MAX_REPORTED_GIDS);
        }
    }
    tiled_templates_fini(&t.templates);
    tiled_sets_fini(&t.sets);
    free(t.objects);
    return level_parse_end(doc, before, t.map_ok, t.entities_ok, &t.build, &t.lv, extras, out);
}
