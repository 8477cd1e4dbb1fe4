/*
** tiled.c -- Tiled maps (.tmj, or .json with "type": "map") as levels.
**
** Supported: orthogonal, finite maps of 16x16 tiles saved by Tiled 1.0 or
** later; tile layers as arrays or uncompressed base64; tilesets embedded or
** in external .tsj files; group layers; flipped tiles (the flip bits are
** dropped). A tile's class (Tiled 1.9's "class", 1.8 and 1.10's "type")
** names its tile kind; an object's class names its entity type; custom
** properties carry what the native format writes as entity keys; a platform's
** path is a polyline object named by its "path" property. Everything else a
** map may hold is refused with an error naming the feature, except image
** layers and classless objects (notes, paths), which are ignored, and keys
** this loader does not use, which newer Tiled versions may add.
**
** Objects follow the placement rule of level_internal.h, in pixels: a block
** is its rectangle; a platform starts at its rectangle's top-left corner,
** as wide as the rectangle; any other entity stands with its box's bottom-left
** corner on the object's bottom-left corner (a tile object's x, y; a
** rectangle's x, y + height; a point's x, y). Coordinates are rounded to
** whole pixels. levels/README.md tells designers the same.
*/
#include "level_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TILESET_TILES = 1 << 20, MAX_REPORTED_GIDS = 64 };

/* Tiled keeps flips and rotations in the top four bits of a gid. */
#define FLIP_BITS 0xF0000000u

typedef struct Tileset {
    long firstgid;
    long tilecount;
    const char **classes;     /* per tile id; NULL when the tile has none */
    const cJSON **class_at;   /* where each class is written */
    char name[48];
} Tileset;

/* An external tileset file, kept open for the class strings it owns. */
typedef struct TilesetFile {
    char *text;
    char *path;               /* its errors name it */
    LevelSink sink;
    JsonDoc doc;
} TilesetFile;

typedef struct Tiled {
    JsonDoc *doc;
    LevelDesc lv;
    Tileset *sets;
    int set_count;
    TilesetFile *files;
    int file_count;
    const cJSON **objects;    /* every object of every object layer, in order */
    int object_count, object_cap;
    LevelBuild build;
    bool sets_failed;         /* a tileset could not be read: gids may not resolve */
    bool map_ok;
    bool entities_ok;
    uint32_t reported[MAX_REPORTED_GIDS];
    int reported_count;
} Tiled;

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- Tilesets ------------------------------------------------------------------ */

/* The class of a tile or object: "class" (Tiled 1.9) or "type" (1.8, 1.10+).
** "" when it has none; NULL after reporting a problem. */
static const char *read_class(JsonDoc *doc, const cJSON *obj)
{
    const cJSON *t = json_get(obj, "type"), *c = json_get(obj, "class");
    const char *ts = t != NULL ? json_want_string(doc, t) : "";
    const char *cs = c != NULL ? json_want_string(doc, c) : "";
    if (ts == NULL || cs == NULL)
        return NULL;
    if (ts[0] != '\0' && cs[0] != '\0' && strcmp(ts, cs) != 0) {
        json_error(doc, c, "\"class\" and \"type\" disagree (\"%s\" and \"%s\"): keep one", cs, ts);
        return NULL;
    }
    return ts[0] != '\0' ? ts : cs;
}

/* The item that holds what read_class returned, for messages. */
static const cJSON *class_item(const cJSON *obj)
{
    const cJSON *t = json_get(obj, "type");
    if (cJSON_IsString(t) && t->valuestring[0] != '\0')
        return t;
    const cJSON *c = json_get(obj, "class");
    return c != NULL ? c : obj;
}

static bool check_tile_size(JsonDoc *doc, const cJSON *obj, const char *what)
{
    long tw = 0, th = 0;
    bool ok = json_want_int(doc, json_need(doc, obj, "tilewidth"), 1, 1 << 20, &tw);
    ok &= json_want_int(doc, json_need(doc, obj, "tileheight"), 1, 1 << 20, &th);
    if (ok && (tw != TILE_SIZE || th != TILE_SIZE)) {
        json_error(doc, json_get(obj, "tilewidth"),
                   "%s tiles are %ldx%ld px; only %dx%d px tiles are supported", what, tw, th,
                   TILE_SIZE, TILE_SIZE);
        return false;
    }
    return ok;
}

/* Reads the tileset object ts of document doc into set (not its firstgid). */
static bool read_tileset(JsonDoc *doc, const cJSON *ts, Tileset *set)
{
    int before = level_doc_error_total(doc);
    if (!json_want_object(doc, ts))
        return false;
    const cJSON *type = json_get(ts, "type");
    if (type != NULL) {
        const char *s = json_want_string(doc, type);
        if (s != NULL && strcmp(s, "tileset") != 0) {
            json_error(doc, type, "expected a tileset (\"type\": \"tileset\"), got \"%s\"", s);
            return false;
        }
    }
    const cJSON *name = json_get(ts, "name");
    const char *s = name != NULL ? json_want_string(doc, name) : "";
    snprintf(set->name, sizeof set->name, "%s", s != NULL ? s : "");
    check_tile_size(doc, ts, "the tileset's");
    if (!json_want_int(doc, json_need(doc, ts, "tilecount"), 0, MAX_TILESET_TILES,
                       &set->tilecount))
        return false;
    set->classes = calloc((size_t)set->tilecount + 1, sizeof *set->classes);
    set->class_at = calloc((size_t)set->tilecount + 1, sizeof *set->class_at);
    if (set->classes == NULL || set->class_at == NULL) {
        json_error(doc, ts, "out of memory");
        return false;
    }
    const cJSON *tiles = json_get(ts, "tiles");
    if (tiles != NULL && json_want_array(doc, tiles)) {
        for (const cJSON *tile = tiles->child; tile != NULL; tile = tile->next) {
            long id;
            if (!json_want_object(doc, tile) ||
                !json_want_int(doc, json_need(doc, tile, "id"), 0, set->tilecount - 1, &id))
                continue;
            const char *cls = read_class(doc, tile);
            if (cls != NULL && cls[0] != '\0') {
                set->classes[id] = cls;
                set->class_at[id] = class_item(tile);
            }
        }
    }
    return level_doc_error_total(doc) == before;
}

static bool load_tileset_file(Tiled *t, const cJSON *source, Tileset *set)
{
    const char *rel = json_want_string(t->doc, source);
    if (rel == NULL)
        return false;
    if (level_path_has_ext(rel, ".tsx")) {
        json_error(t->doc, source,
                   "XML tilesets (.tsx) are not supported: save the tileset as JSON (.tsj)");
        return false;
    }
    char path[1024];
    if (!level_path_sibling(level_doc_path(t->doc), rel, path, sizeof path)) {
        json_error(t->doc, source, "the tileset path is too long");
        return false;
    }
    TilesetFile *f = &t->files[t->file_count];
    memset(f, 0, sizeof *f);
    size_t len;
    if (!level_read_file(path, &f->text, &len, level_doc_errors(t->doc))) {
        json_error(t->doc, source, "cannot read the tileset \"%s\"", path);
        return false;
    }
    t->file_count++;
    /* The file's own errors name the file; its path must outlive the doc. */
    f->path = malloc(strlen(path) + 1);
    if (f->path == NULL) {
        json_error(t->doc, source, "out of memory");
        return false;
    }
    strcpy(f->path, path);
    level_sink_init(&f->sink, f->path, level_doc_errors(t->doc));
    bool ok = level_doc_parse(&f->doc, &f->sink, f->text, len);
    if (ok)
        ok = read_tileset(&f->doc, f->doc.root, set);
    if (!ok)
        json_error(t->doc, source, "the tileset \"%s\" has errors", rel);
    return ok;
}

static int compare_sets(const void *a, const void *b)
{
    const Tileset *x = a, *y = b;
    return (x->firstgid > y->firstgid) - (x->firstgid < y->firstgid);
}

static void read_tilesets(Tiled *t, const cJSON *list)
{
    if (!json_want_array(t->doc, list))
        return;
    int count = cJSON_GetArraySize(list);
    if (count == 0)
        return;
    t->sets = calloc((size_t)count, sizeof *t->sets);
    t->files = calloc((size_t)count, sizeof *t->files);
    if (t->sets == NULL || t->files == NULL) {
        json_error(t->doc, list, "out of memory");
        return;
    }
    for (const cJSON *ts = list->child; ts != NULL; ts = ts->next) {
        Tileset *set = &t->sets[t->set_count];
        if (!json_want_object(t->doc, ts) ||
            !json_want_int(t->doc, json_need(t->doc, ts, "firstgid"), 1, 0x0FFFFFFF,
                           &set->firstgid)) {
            t->sets_failed = true;
            continue;
        }
        const cJSON *source = json_get(ts, "source");
        bool ok = source != NULL ? load_tileset_file(t, source, set)
                                 : read_tileset(t->doc, ts, set);
        if (ok) {
            for (int i = 0; i < t->set_count; i++)
                if (t->sets[i].firstgid == set->firstgid) {
                    json_error(t->doc, ts, "two tilesets start at gid %ld", set->firstgid);
                    ok = false;
                }
        }
        if (ok) {
            t->set_count++;
        } else {
            t->sets_failed = true;
            free(set->classes);
            free(set->class_at);
            memset(set, 0, sizeof *set);
        }
    }
    qsort(t->sets, (size_t)t->set_count, sizeof *t->sets, compare_sets);
}

static void free_tilesets(Tiled *t)
{
    for (int i = 0; i < t->set_count; i++) {
        free(t->sets[i].classes);
        free(t->sets[i].class_at);
    }
    for (int i = 0; i < t->file_count; i++) {
        json_doc_fini(&t->files[i].doc);
        free(t->files[i].path);
        free(t->files[i].text);
    }
    free(t->sets);
    free(t->files);
}

static bool first_report(Tiled *t, uint32_t gid)
{
    for (int i = 0; i < t->reported_count; i++)
        if (t->reported[i] == gid)
            return false;
    if (t->reported_count < MAX_REPORTED_GIDS)
        t->reported[t->reported_count++] = gid;
    return true;
}

/* The class of the tile a gid names (flip bits already cleared). Returns
** false after reporting, once per gid, when there is no such tile. */
static bool gid_class(Tiled *t, uint32_t gid, const cJSON *at, const char *where,
                      const char **cls)
{
    const Tileset *set = NULL;
    for (int i = 0; i < t->set_count && t->sets[i].firstgid <= (long)gid; i++)
        set = &t->sets[i];
    long id = set != NULL ? (long)gid - set->firstgid : -1;
    if (set != NULL && id < set->tilecount) {
        *cls = set->classes[id] != NULL ? set->classes[id] : "";
        return true;
    }
    /* After a tileset failed, its tiles are not news. */
    if (t->sets_failed || !first_report(t, gid))
        return false;
    if (set == NULL)
        json_error(t->doc, at, "%sgid %u belongs to no tileset", where, (unsigned)gid);
    else
        json_error(t->doc, at, "%sgid %u is past the last tile of tileset \"%s\" (%ld tiles)",
                   where, (unsigned)gid, set->name, set->tilecount);
    return false;
}


/* ---- Tile layers --------------------------------------------------------------------- */

static int b64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

/* Decodes standard base64 with padding. Returns malloc'd bytes, or NULL
** with *why saying what is wrong. */
static unsigned char *base64_decode(const char *s, size_t n, size_t *out_len, const char **why)
{
    if (n % 4 != 0) {
        *why = "its length is not a multiple of 4";
        return NULL;
    }
    unsigned char *out = malloc(n / 4 * 3 + 1);
    if (out == NULL) {
        *why = "out of memory";
        return NULL;
    }
    size_t len = 0;
    for (size_t i = 0; i < n; i += 4) {
        int v[4];
        int pad = 0;
        for (size_t k = 0; k < 4; k++) {
            unsigned char c = (unsigned char)s[i + k];
            if (c == '=' && i + 4 == n && k >= 2) {
                v[k] = 0;
                pad++;
                continue;
            }
            v[k] = pad > 0 ? -1 : b64_value(c);
            if (v[k] < 0) {
                free(out);
                *why = "it holds a character that is not base64";
                return NULL;
            }
        }
        uint32_t bits = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 |
                        (uint32_t)v[3];
        out[len++] = (unsigned char)(bits >> 16);
        if (pad < 2)
            out[len++] = (unsigned char)(bits >> 8);
        if (pad < 1)
            out[len++] = (unsigned char)bits;
    }
    *out_len = len;
    return out;
}

static void put_gid(Tiled *t, uint32_t raw, int x, int y, const cJSON *at, bool point_at_cell)
{
    uint32_t gid = raw & ~FLIP_BITS;
    if (gid == 0)
        return;
    char where[64] = "";
    if (point_at_cell)
        snprintf(where, sizeof where, "tile at column %d, row %d: ", x, y);
    const char *cls;
    if (!gid_class(t, gid, at, where, &cls))
        return;
    int kind = tile_kind_from_name(cls);
    if (kind >= 0) {
        tilemap_set(&t->lv.map, x, y, (TileKind)kind);
        return;
    }
    if (!first_report(t, gid))
        return;
    const char *names[TILE_KIND_COUNT];
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        names[k] = tile_kind_name((TileKind)k);
    char q[40];
    json_quote(cls, q, sizeof q);
    if (cls[0] == '\0') {
        json_error(t->doc, at,
                   "%sgid %u: the tile has no class; give it one of \"solid\", \"oneway\", \"spikes\" or \"empty\"",
                   where, (unsigned)gid);
    } else if (kind_find(cls) >= 0) {
        json_error(t->doc, at,
                   "%sgid %u: a tile of class \"%s\" is an entity: place it as a tile object on an object layer",
                   where, (unsigned)gid, q);
    } else {
        int s = json_suggest(cls, names, TILE_KIND_COUNT);
        json_error(t->doc, at, "%sgid %u: unknown tile class \"%s\"%s%s%s", where, (unsigned)gid, q,
                   s >= 0 ? " (did you mean \"" : " (expected solid, oneway, spikes or empty)",
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
            json_error(t->doc, v, "layer offsets are not supported: set the layer's offset to 0, 0");
            return false;
        }
    }
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
    const cJSON *compression = json_get(layer, "compression");
    if (compression != NULL) {
        const char *c = json_want_string(doc, compression);
        if (c != NULL && c[0] != '\0') {
            if (strcmp(c, "zlib") == 0 || strcmp(c, "gzip") == 0 || strcmp(c, "zstd") == 0)
                json_error(doc, compression,
                           "%s-compressed tile layers are not supported: set the map's tile layer format to \"Base64 (uncompressed)\" or \"CSV\"",
                           c);
            else
                json_error(doc, compression, "unknown compression \"%s\"", c);
            ok = false;
        }
    }
    const cJSON *encoding = json_get(layer, "encoding");
    bool base64 = false;
    if (encoding != NULL) {
        static const char *const encodings[] = {"csv", "base64"};
        int e = json_want_enum(doc, encoding, encodings, 2, "encoding");
        ok &= e >= 0;
        base64 = e == 1;
    }
    const cJSON *data = json_need(doc, layer, "data");
    if (!ok || data == NULL || !t->map_ok)
        return;
    size_t cells = (size_t)w * (size_t)h;
    int width = t->lv.map.width;
    if (base64) {
        const char *text = json_want_string(doc, data);
        if (text == NULL)
            return;
        const char *why = NULL;
        size_t len = 0;
        unsigned char *bytes = base64_decode(text, strlen(text), &len, &why);
        if (bytes == NULL) {
            json_error(doc, data, "bad base64 tile data: %s", why);
            return;
        }
        if (len != cells * 4) {
            json_error(doc, data, "the base64 data holds %zu bytes; %ldx%ld tiles need %zu", len,
                       w, h, cells * 4);
        } else {
            for (size_t i = 0; i < cells; i++) {
                const unsigned char *b = bytes + i * 4;
                uint32_t raw = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                               (uint32_t)b[3] << 24;
                put_gid(t, raw, (int)(i % (size_t)width), (int)(i / (size_t)width), data, true);
            }
        }
        free(bytes);
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
        if (t->object_count == t->object_cap) {
            int cap = t->object_cap ? t->object_cap * 2 : 64;
            const cJSON **list = realloc(t->objects, (size_t)cap * sizeof *list);
            if (list == NULL) {
                json_error(t->doc, o, "out of memory");
                return;
            }
            t->objects = list;
            t->object_cap = cap;
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
        case 0:
            read_tile_layer(t, layer);
            break;
        case 1:
            collect_objects(t, layer);
            break;
        case 3:
            if (zero_offsets(t, layer))
                read_layers(t, json_need(t->doc, layer, "layers"));
            break;
        default: /* image layers are decoration; unknown types were reported */
            break;
        }
    }
}

/* ---- Custom properties ------------------------------------------------------------------- */

enum { P_STRING = 1, P_INT = 2, P_FLOAT = 4, P_OBJECT = 8, P_BOOL = 16 };

typedef struct PropSpec {
    const char *name;
    unsigned types;
} PropSpec;

static const char *type_list(unsigned types)
{
    switch (types) {
    case P_STRING: return "string";
    case P_INT: return "int";
    case P_INT | P_FLOAT: return "float or int";
    case P_OBJECT: return "object";
    case P_BOOL: return "bool";
    default: return "float";
    }
}

/* Reads a Tiled "properties" array against specs; found[i] receives the
** value item of specs[i]. what names the owner for messages ("a switch"). */
static void read_props(Tiled *t, const cJSON *owner, const PropSpec *specs, int count,
                       const cJSON **found, const char *what)
{
    JsonDoc *doc = t->doc;
    for (int i = 0; i < count; i++)
        found[i] = NULL;
    const cJSON *props = json_get(owner, "properties");
    if (props == NULL || !json_want_array(doc, props))
        return;
    const char *names[LEVEL_PARAM_MAX + KIND_MAX_PROPS + 4];
    for (int i = 0; i < count; i++)
        names[i] = specs[i].name;
    for (const cJSON *p = props->child; p != NULL; p = p->next) {
        if (!json_want_object(doc, p))
            continue;
        const cJSON *nv = json_need(doc, p, "name");
        const char *name = json_want_string(doc, nv);
        const cJSON *tv = json_get(p, "type");
        const char *type = tv != NULL ? json_want_string(doc, tv) : "string";
        const cJSON *value = json_need(doc, p, "value");
        if (name == NULL || type == NULL || value == NULL)
            continue;
        int which = -1;
        for (int i = 0; i < count && which < 0; i++)
            if (strcmp(name, specs[i].name) == 0)
                which = i;
        char q[48];
        json_quote(name, q, sizeof q);
        if (which < 0) {
            int s = json_suggest(name, names, count);
            if (count == 0)
                json_error(doc, nv, "unknown property \"%s\": %s takes no properties", q, what);
            else if (s >= 0)
                json_error(doc, nv, "unknown property \"%s\" for %s (did you mean \"%s\"?)", q, what,
                           names[s]);
            else
                json_error(doc, nv, "unknown property \"%s\" for %s", q, what);
            continue;
        }
        if (found[which] != NULL) {
            json_error(doc, nv, "property \"%s\" is set twice", q);
            continue;
        }
        unsigned got = strcmp(type, "string") == 0 ? P_STRING
                       : strcmp(type, "int") == 0 ? P_INT
                       : strcmp(type, "float") == 0 ? P_FLOAT
                       : strcmp(type, "object") == 0 ? P_OBJECT
                       : strcmp(type, "bool") == 0 ? P_BOOL : 0;
        if ((got & specs[which].types) == 0) {
            char tq[32];
            json_quote(type, tq, sizeof tq);
            json_error(doc, tv != NULL ? tv : p, "property \"%s\" must be of type %s, not %s", q,
                       type_list(specs[which].types), tq);
            continue;
        }
        found[which] = value;
    }
}

/* ---- Objects ------------------------------------------------------------------------------ */

static bool read_px(JsonDoc *doc, const cJSON *obj, const char *key, bool required, double *out)
{
    const cJSON *v = required ? json_need(doc, obj, key) : json_get(obj, key);
    *out = 0;
    if (v == NULL)
        return !required;
    return json_want_number(doc, v, -1e7, 1e7, out);
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
static void read_path(Tiled *t, const KindProp *prop, int index, const cJSON *ref,
                      LevelEntity *e)
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
    if (!read_px(doc, line, "x", true, &ox) || !read_px(doc, line, "y", true, &oy))
        return;
    LevelPath wp = {0};
    bool first = true;
    for (const cJSON *p = points->child; p != NULL; p = p->next) {
        double x, y;
        if (!json_want_object(doc, p) || !read_px(doc, p, "x", true, &x) ||
            !read_px(doc, p, "y", true, &y))
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
        json_error(doc, ref, "the polyline of \"%s\" needs at least %.0f point%s besides the %s's own position",
                   prop->name, prop->min, prop->min == 1 ? "" : "s", kind_get(e->kind)->name);
        return;
    }
    int i = level_build_path(&t->build, &wp);
    if (i < 0)
        json_error(doc, ref, "out of memory");
    else
        e->props[index].i = i;
}

/* Which Tiled property types a kind's property accepts. */
static unsigned tiled_types(const KindProp *p)
{
    switch (p->type) {
    case KPROP_INT: return P_INT;
    case KPROP_NUMBER: return P_INT | P_FLOAT;
    case KPROP_BOOL: return P_BOOL;
    case KPROP_PATH: return P_OBJECT;
    default: return P_STRING;
    }
}

static void read_entity_props(Tiled *t, const cJSON *o, LevelEntity *e)
{
    const EntityKind *k = kind_get(e->kind);
    PropSpec specs[KIND_MAX_PROPS];
    int index[KIND_MAX_PROPS];
    int count = 0;
    for (int p = 0; p < k->prop_count; p++) {
        if (kind_prop_tiled_type(&k->props[p]) == NULL)
            continue; /* a size: the object's rectangle */
        specs[count] = (PropSpec){k->props[p].name, tiled_types(&k->props[p])};
        index[count++] = p;
    }
    const cJSON *found[KIND_MAX_PROPS];
    char what[40];
    snprintf(what, sizeof what, "a %s", k->name);
    read_props(t, o, specs, count, found, what);
    JsonDoc *doc = t->doc;
    for (int i = 0; i < count; i++) {
        const KindProp *prop = &k->props[index[i]];
        if (found[i] == NULL) {
            if (prop->required) {
                const char *type = kind_prop_tiled_type(prop);
                char detail[128] = "";
                if (prop->type == KPROP_PATH)
                    snprintf(detail, sizeof detail, " naming a polyline");
                else if (prop->type == KPROP_INT || prop->type == KPROP_NUMBER)
                    snprintf(detail, sizeof detail, " (%g to %g)", prop->min, prop->max);
                else if (prop->type == KPROP_ENUM) {
                    char values[96];
                    level_prop_describe(prop, values, sizeof values);
                    snprintf(detail, sizeof detail, " (%s)", values);
                }
                json_error(doc, o, "a %s needs a%s %s property \"%s\"%s", k->name,
                           type[0] == 'i' || type[0] == 'o' ? "n" : "", type, prop->name, detail);
            }
            continue;
        }
        if (prop->type == KPROP_PATH)
            read_path(t, prop, index[i], found[i], e);
        else
            level_prop_read(doc, &t->build, prop, index[i], found[i], false, e);
    }
}

static void read_object(Tiled *t, const cJSON *o)
{
    JsonDoc *doc = t->doc;
    int before = level_doc_error_total(doc);
    if (json_get(o, "template") != NULL) {
        json_error(doc, json_get(o, "template"),
                   "object templates are not supported: detach the object from its template");
        t->entities_ok = false;
        return;
    }
    const char *cls = read_class(doc, o);
    if (cls == NULL) {
        t->entities_ok = false;
        return;
    }
    const cJSON *gv = json_get(o, "gid");
    long raw = 0;
    if (gv != NULL && !json_want_int(doc, gv, 0, 0xFFFFFFFFL, &raw)) {
        t->entities_ok = false;
        return;
    }
    uint32_t gid = (uint32_t)raw & ~FLIP_BITS;
    const cJSON *class_at = class_item(o);
    if (cls[0] == '\0' && gid != 0) {
        const char *tile_cls;
        if (!gid_class(t, gid, gv, "", &tile_cls)) {
            t->entities_ok = false;
            return;
        }
        cls = tile_cls;
        class_at = gv;
    }
    if (cls[0] == '\0')
        return; /* a note, or a path */

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
            json_error(doc, class_at, "unknown entity class \"%s\" (did you mean \"%s\"?)", q, names[s]);
        } else {
            char list[400];
            size_t len = 0;
            list[0] = '\0';
            for (int i = 0; i < count && len < sizeof list; i++) {
                int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", names[i]);
                len += w > 0 ? (size_t)w : 0;
            }
            json_error(doc, class_at, "unknown entity class \"%s\" (expected one of %s)", q, list);
        }
        t->entities_ok = false;
        return;
    }
    const EntityKind *k = kind_get(type);
    if (json_get(o, "polygon") != NULL || json_get(o, "polyline") != NULL) {
        json_error(doc, o, "a %s cannot be a polygon or polyline: use a rectangle, point or tile object",
                   cls);
        t->entities_ok = false;
        return;
    }
    const cJSON *rot = json_get(o, "rotation");
    double r;
    if (rot != NULL && json_want_number(doc, rot, -1e9, 1e9, &r) && r != 0)
        json_error(doc, rot, "rotated objects are not supported: set the rotation to 0");
    double x, y, w, h;
    /* Read all four, so every bad one is reported. */
    bool ok = read_px(doc, o, "x", true, &x);
    ok = read_px(doc, o, "y", true, &y) && ok;
    ok = read_px(doc, o, "width", false, &w) && ok;
    ok = read_px(doc, o, "height", false, &h) && ok;
    if (ok && (w < 0 || h < 0)) {
        json_error(doc, o, "an object cannot have a negative width or height");
        ok = false;
    }
    LevelEntity e;
    leveldesc_entity_init(&e, type);
    json_pos(doc, o, &e.line, &e.col);
    if (ok) {
        /* The rectangle in whole pixels; a tile object's y is its bottom. */
        int left = px(x), right = px(x + w);
        int top = gid != 0 ? px(y - h) : px(y);
        int bottom = gid != 0 ? px(y) : px(y + h);
        bool sized_w = kind_sized(k, 'w'), sized_h = kind_sized(k, 'h');
        if (sized_w || sized_h) {
            /* A sized kind is its rectangle, on the axes it is sized on. */
            if ((sized_w && right - left <= 0) || (sized_h && bottom - top <= 0))
                json_error(doc, o, "a %s needs a %s: draw it as a rectangle", k->name,
                           sized_w && sized_h ? "width and a height" : sized_w ? "width" : "height");
            if (sized_w)
                e.w = right - left;
            if (sized_h)
                e.h = bottom - top;
            level_entity_at_px(&e, left, top);
        } else {
            level_entity_at_px(&e, left, bottom - e.h);
        }
        read_entity_props(t, o, &e);
    }
    if (level_doc_error_total(doc) != before) {
        t->entities_ok = false;
        return;
    }
    LevelEntity *slot = level_build_entity(&t->build);
    if (slot == NULL) {
        json_error(doc, o, "more than %d entities (or out of memory)", LEVEL_MAX_ENTITIES);
        t->entities_ok = false;
        return;
    }
    *slot = e;
}

/* ---- The map ---------------------------------------------------------------------------------- */

static void read_map_props(Tiled *t, const cJSON *root, LevelExtras *extras)
{
    int count;
    const ParamInfo *table = physics_param_table(&count);
    PropSpec specs[LEVEL_PARAM_MAX + 2];
    const cJSON *found[LEVEL_PARAM_MAX + 2];
    specs[0] = (PropSpec){"name", P_STRING};
    specs[1] = (PropSpec){"background", P_STRING};
    for (int i = 0; i < count; i++)
        specs[2 + i] = (PropSpec){table[i].name, P_INT | P_FLOAT};
    read_props(t, root, specs, count + 2, found, "a map");
    JsonDoc *doc = t->doc;
    if (found[0] == NULL) {
        json_error(doc, root, "the map needs a string property \"name\" (Map > Map Properties)");
    } else {
        const char *name = json_want_string(doc, found[0]);
        size_t len = name != NULL ? strlen(name) : 0;
        if (name != NULL && (len == 0 || len >= LEVEL_NAME_MAX))
            json_error(doc, found[0], "a name has 1 to %d bytes, this one has %zu",
                       LEVEL_NAME_MAX - 1, len);
        else if (name != NULL)
            memcpy(t->lv.name, name, len + 1);
    }
    if (found[1] == NULL) {
        json_error(doc, root,
                   "the map needs a string property \"background\" (\"hills\", \"cave\" or \"peak\")");
    } else {
        int bg = json_want_enum(doc, found[1], level_background_names(), LEVEL_BACKGROUND_COUNT,
                                "background");
        if (bg >= 0)
            snprintf(t->lv.background, sizeof t->lv.background, "%s",
                     level_background_names()[bg]);
    }
    for (int i = 0; i < count; i++) {
        double v;
        if (found[2 + i] != NULL &&
            json_want_number(doc, found[2 + i], table[i].min, table[i].max, &v)) {
            *physics_param_ptr(&t->lv.physics, &table[i]) = (float)v;
            extras->physics_set[i] = true;
        }
    }
}

static bool check_version(JsonDoc *doc, const cJSON *root)
{
    const cJSON *v = json_get(root, "version");
    if (v == NULL) {
        json_error(doc, root,
                   "the map has no \"version\": maps from before Tiled 1.0 are not supported; open and save it in a recent Tiled");
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
        json_error(doc, v, "map format version %s predates Tiled 1.0 and is not supported", got);
        return false;
    }
    return true;
}

static bool read_header(Tiled *t, const cJSON *root)
{
    JsonDoc *doc = t->doc;
    int before = level_doc_error_total(doc);
    const cJSON *type = json_need(doc, root, "type");
    const char *s = json_want_string(doc, type);
    if (s != NULL && strcmp(s, "map") != 0) {
        json_error(doc, type, "expected a Tiled map (\"type\": \"map\"), got \"%s\"", s);
        return false;
    }
    if (!check_version(doc, root))
        return false;
    const cJSON *orient = json_need(doc, root, "orientation");
    if ((s = json_want_string(doc, orient)) != NULL && strcmp(s, "orthogonal") != 0) {
        char q[40];
        json_quote(s, q, sizeof q);
        json_error(doc, orient, "%s maps are not supported, only orthogonal ones", q);
    }
    const cJSON *inf = json_get(root, "infinite");
    bool infinite = false;
    if (inf != NULL && json_want_bool(doc, inf, &infinite) && infinite)
        json_error(doc, inf, "infinite maps are not supported: turn off Map > Map Properties > Infinite");
    check_tile_size(doc, root, "the map's");
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
        read_tilesets(&t, json_need(doc, root, "tilesets"));
        read_map_props(&t, root, extras);
        read_layers(&t, json_need(doc, root, "layers"));
        for (int i = 0; i < t.object_count; i++)
            read_object(&t, t.objects[i]);
        level_build_take(&t.build, &t.lv);
        int line, col;
        json_pos(doc, root, &line, &col);
        level_validate(level_doc_path(doc), &t.lv, line, col, t.entities_ok,
                       level_doc_errors(doc));
    }
    free_tilesets(&t);
    free(t.objects);
    level_build_fini(&t.build);
    if (level_doc_error_total(doc) != before) {
        leveldesc_fini(&t.lv);
        return false;
    }
    *out = t.lv;
    return true;
}

/* ---- Tileset files on their own ---------------------------------------------------------------- */

static bool open_tileset(const char *path, char **text, LevelSink *sink, JsonDoc *doc,
                         Tileset *set, LevelErrors *errors)
{
    size_t len;
    memset(set, 0, sizeof *set);
    *text = NULL;
    memset(doc, 0, sizeof *doc);
    if (level_path_has_ext(path, ".tsx")) {
        level_errors_add(errors, path, 0, 0,
                         "XML tilesets (.tsx) are not supported: save the tileset as JSON (.tsj)");
        return false;
    }
    if (!level_read_file(path, text, &len, errors))
        return false;
    int before = errors->count + errors->dropped;
    level_sink_init(sink, path, errors);
    bool ok = level_doc_parse(doc, sink, *text, len);
    if (ok)
        ok = read_tileset(doc, doc->root, set);
    return ok && errors->count + errors->dropped == before;
}

bool tiled_check_tileset(const char *path, LevelErrors *errors)
{
    char *text;
    LevelSink sink;
    JsonDoc doc;
    Tileset set;
    bool ok = open_tileset(path, &text, &sink, &doc, &set, errors);
    if (ok) {
        for (long id = 0; id < set.tilecount; id++) {
            const char *cls = set.classes[id];
            if (cls != NULL && tile_kind_from_name(cls) < 0 && kind_find(cls) < 0) {
                char q[40];
                json_quote(cls, q, sizeof q);
                json_error(&doc, set.class_at[id],
                           "tile %ld has class \"%s\", which is neither a tile kind nor an entity type",
                           id, q);
                ok = false;
            }
        }
    }
    free(set.classes);
    free(set.class_at);
    json_doc_fini(&doc);
    free(text);
    return ok;
}

bool tiled_tileset_kind_ids(const char *path, int ids[TILE_KIND_COUNT], LevelErrors *errors)
{
    char *text;
    LevelSink sink;
    JsonDoc doc;
    Tileset set;
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        ids[k] = -1;
    bool ok = open_tileset(path, &text, &sink, &doc, &set, errors);
    for (long id = set.tilecount - 1; ok && id >= 0; id--) {
        int kind = set.classes[id] != NULL ? tile_kind_from_name(set.classes[id]) : -1;
        if (kind >= 0)
            ids[kind] = (int)id;
    }
    free(set.classes);
    free(set.class_at);
    json_doc_fini(&doc);
    free(text);
    return ok;
}
