/* SPDX-License-Identifier: Zlib */
/*
** tiled_tileset.c -- Tiled tilesets: embedded in a map or in their own
** file, as Tiled 1.0 to 1.11 write them.
**
** A tileset says, for the tiles it lists, their class and custom properties
** (and, in an image collection, each tile's size). Tiled 1.2 and later list
** tiles as an array of objects with an "id"; Tiled 1.0 and 1.1 wrote an
** object keyed by tile id, with the tiles' properties apart in
** "tileproperties" and "tilepropertytypes", keyed the same way. Both are
** read into one sorted array, looked up by binary search: a gid costs
** log(listed tiles), and a tileset of a million tiles that lists three
** stores three.
**
** The map's tilesets (TiledSets) are sorted by firstgid; a gid belongs to
** the one with the largest firstgid not above it.
*/
#include "tiled_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TILE_ID = 1 << 20 };

/* ---- Classes -------------------------------------------------------------------------- */

const char *tiled_read_class(JsonDoc *doc, const cJSON *obj)
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

const cJSON *tiled_class_item(const cJSON *obj)
{
    const cJSON *t = json_get(obj, "type");
    if (cJSON_IsString(t) && t->valuestring[0] != '\0')
        return t;
    const cJSON *c = json_get(obj, "class");
    return c != NULL ? c : obj;
}

bool tiled_check_tile_size(JsonDoc *doc, const cJSON *obj, const char *what)
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

/* ---- One tileset ------------------------------------------------------------------------- */

static int compare_tiles(const void *a, const void *b)
{
    const TiledTile *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

/* Tile id of set, or NULL when the tileset has no such tile. */
static TiledTile *tiled_tileset_tile(Tileset *set, long id)
{
    TiledTile key = {.id = id};
    TiledTile *t =
        bsearch(&key, set->tiles, (size_t)set->tile_count, sizeof *set->tiles, compare_tiles);
    if (t != NULL)
        return t;
    if (!set->collection && id >= 0 && id < set->tilecount) {
        set->plain.id = id;
        return &set->plain;
    }
    return NULL;
}

/* A tile id written as an object key (Tiled 1.0 and 1.1): digits only. */
static bool key_id(JsonDoc *doc, const cJSON *member, long *id)
{
    const char *s = member->string;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || v > MAX_TILE_ID) {
        char q[40];
        json_quote(s, q, sizeof q);
        json_error_key(doc, member, "a tile id is a whole number from 0 to %d, not \"%s\"",
                       MAX_TILE_ID, q);
        return false;
    }
    *id = v;
    return true;
}

/* Whether any entry of tiles (either form) has an image of its own. */
static bool lists_images(const cJSON *tiles)
{
    if (!cJSON_IsArray(tiles) && !cJSON_IsObject(tiles))
        return false;
    for (const cJSON *t = tiles->child; t != NULL; t = t->next)
        if (json_get(t, "image") != NULL)
            return true;
    return false;
}

/* The size of an image-collection tile: its sub-rectangle (Tiled 1.9 and
** later), else its image, else the tileset's tile size. */
static bool tile_size(JsonDoc *doc, const cJSON *tile, const Tileset *set, int *w, int *h)
{
    static const char *const keys[][2] = {{"width", "height"}, {"imagewidth", "imageheight"}};
    *w = set->tile_width;
    *h = set->tile_height;
    for (int k = 0; k < 2; k++) {
        const cJSON *wv = json_get(tile, keys[k][0]), *hv = json_get(tile, keys[k][1]);
        if (wv == NULL && hv == NULL)
            continue;
        long lw = 0, lh = 0;
        bool ok = json_want_int(doc, json_need(doc, tile, keys[k][0]), 1, 1 << 16, &lw);
        ok &= json_want_int(doc, json_need(doc, tile, keys[k][1]), 1, 1 << 16, &lh);
        *w = (int)lw;
        *h = (int)lh;
        return ok;
    }
    return true;
}

/* The box of an entity inside a tile's image: the first rectangle of the
** tile's collision shapes ("objectgroup"), which is how the game's
** entities tileset marks it (a sprite is drawn around its box, a saw's
** teeth past it). A tile without one is an entity box as large as its image. */
static bool read_box(JsonDoc *doc, const cJSON *tile, TiledTile *t)
{
    const cJSON *group = json_get(tile, "objectgroup");
    const cJSON *objects = group != NULL ? json_get(group, "objects") : NULL;
    if (group == NULL || !json_want_object(doc, group) || objects == NULL ||
        !json_want_array(doc, objects))
        return group == NULL || objects == NULL;
    for (const cJSON *o = objects->child; o != NULL; o = o->next) {
        if (!json_want_object(doc, o))
            return false;
        if (json_get(o, "polygon") != NULL || json_get(o, "polyline") != NULL ||
            json_get(o, "ellipse") != NULL || json_get(o, "point") != NULL)
            continue;
        long x, y, w, h;
        if (!json_want_int(doc, json_need(doc, o, "x"), 0, t->width, &x) ||
            !json_want_int(doc, json_need(doc, o, "y"), 0, t->height, &y) ||
            !json_want_int(doc, json_need(doc, o, "width"), 1, t->width - x, &w) ||
            !json_want_int(doc, json_need(doc, o, "height"), 1, t->height - y, &h))
            return false; /* said: a whole number inside the tile's image */
        t->has_box = true;
        t->box_x = (int)x, t->box_y = (int)y, t->box_w = (int)w, t->box_h = (int)h;
        return true;
    }
    return true;
}

/* Reads a tile's properties through once, so that an ill-formed list is
** reported here, once, and not again with each object of the tile. */
static TiledProps checked_props(TiledProps props)
{
    int before = level_doc_error_total(props.doc);
    const cJSON *cursor = NULL;
    TiledProp p;
    while (tiled_props_next(&props, &cursor, &p))
        ;
    if (level_doc_error_total(props.doc) != before)
        props.list = NULL;
    return props;
}

static void read_tile(JsonDoc *doc, Tileset *set, const cJSON *tile, long id)
{
    if (!json_want_object(doc, tile))
        return;
    TiledTile *t = &set->tiles[set->tile_count];
    memset(t, 0, sizeof *t);
    t->id = id;
    t->cls = tiled_read_class(doc, tile);
    if (t->cls == NULL)
        return;
    t->cls_at = t->cls[0] != '\0' ? tiled_class_item(tile) : tile;
    t->props = checked_props(tiled_props_of(doc, tile));
    t->width = set->tile_width;
    t->height = set->tile_height;
    if (set->collection && !tile_size(doc, tile, set, &t->width, &t->height))
        return;
    if (!read_box(doc, tile, t))
        return;
    set->tile_count++;
}

/* Tiled 1.0 and 1.1 kept tiles' properties beside "tiles", keyed by id. */
static void read_tile_properties(JsonDoc *doc, Tileset *set, const cJSON *ts)
{
    const cJSON *all = json_get(ts, "tileproperties");
    const cJSON *all_types = json_get(ts, "tilepropertytypes");
    if (all == NULL || !json_want_object(doc, all))
        return;
    if (all_types != NULL && !json_want_object(doc, all_types))
        all_types = NULL;
    for (const cJSON *m = all->child; m != NULL; m = m->next) {
        long id;
        if (!key_id(doc, m, &id) || !json_want_object(doc, m))
            continue;
        const cJSON *types = json_get(all_types, m->string);
        if (types != NULL && !json_want_object(doc, types))
            continue;
        TiledTile *t = tiled_tileset_tile(set, id);
        if (t == NULL) {
            json_error_key(doc, m, "tile %ld has properties but the tileset has no tile %ld", id,
                           id);
            continue;
        }
        if (t == &set->plain) {
            /* A tile listed only for its properties. */
            t = &set->tiles[set->tile_count++];
            *t = (TiledTile){.id = id,
                             .cls = "",
                             .cls_at = m,
                             .width = set->tile_width,
                             .height = set->tile_height};
            qsort(set->tiles, (size_t)set->tile_count, sizeof *set->tiles, compare_tiles);
            t = tiled_tileset_tile(set, id);
        }
        if (t->props.list != NULL) {
            json_error_key(doc, m, "tile %ld has properties twice (in \"tiles\" and here)", id);
            continue;
        }
        t->props = checked_props((TiledProps){doc, m, types});
    }
}

bool tiled_tileset_read(JsonDoc *doc, const cJSON *ts, Tileset *set)
{
    int before = level_doc_error_total(doc);
    set->doc = doc;
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
    const cJSON *tiles = json_get(ts, "tiles");
    /* An image collection: no image of its own, one per tile. Its tiles
    ** have their own sizes, tilewidth and tileheight being the largest. */
    set->collection = json_get(ts, "image") == NULL && lists_images(tiles);
    long tw = TILE_SIZE, th = TILE_SIZE;
    if (set->collection) {
        json_want_int(doc, json_need(doc, ts, "tilewidth"), 1, 1 << 16, &tw);
        json_want_int(doc, json_need(doc, ts, "tileheight"), 1, 1 << 16, &th);
    } else {
        tiled_check_tile_size(doc, ts, "the tileset's");
    }
    set->tile_width = (int)tw;
    set->tile_height = (int)th;
    set->plain = (TiledTile){.cls = "", .width = set->tile_width, .height = set->tile_height};
    set->plain.cls_at = ts;
    if (!json_want_int(doc, json_need(doc, ts, "tilecount"), 0, MAX_TILE_ID, &set->tilecount))
        return false;
    const cJSON *props = json_get(ts, "tileproperties");
    int room = (cJSON_IsArray(tiles) || cJSON_IsObject(tiles) ? cJSON_GetArraySize(tiles) : 0) +
               (cJSON_IsObject(props) ? cJSON_GetArraySize(props) : 0);
    set->tiles = calloc((size_t)room + 1, sizeof *set->tiles);
    if (set->tiles == NULL) {
        json_error(doc, ts, "out of memory");
        return false;
    }
    long max_id = set->collection ? MAX_TILE_ID : set->tilecount - 1;
    if (cJSON_IsObject(tiles)) {
        for (const cJSON *tile = tiles->child; tile != NULL; tile = tile->next) {
            long id;
            if (!key_id(doc, tile, &id))
                continue;
            if (id > max_id)
                json_error_key(doc, tile, "tile %ld is past the last tile (the tileset has %ld)",
                               id, set->tilecount);
            else
                read_tile(doc, set, tile, id);
        }
    } else if (tiles != NULL && json_want_array(doc, tiles)) {
        for (const cJSON *tile = tiles->child; tile != NULL; tile = tile->next) {
            long id;
            if (json_want_object(doc, tile) &&
                json_want_int(doc, json_need(doc, tile, "id"), 0, max_id, &id))
                read_tile(doc, set, tile, id);
        }
    }
    qsort(set->tiles, (size_t)set->tile_count, sizeof *set->tiles, compare_tiles);
    for (int i = 1; i < set->tile_count; i++)
        if (set->tiles[i].id == set->tiles[i - 1].id)
            json_error(doc, set->tiles[i].cls_at, "tile %ld is listed twice", set->tiles[i].id);
    read_tile_properties(doc, set, ts);
    return level_doc_error_total(doc) == before;
}

void tiled_tileset_fini(Tileset *set)
{
    free(set->tiles);
    set->tiles = NULL;
    set->tile_count = 0;
}

bool tiled_is_tileset(const cJSON *root)
{
    const cJSON *type = json_get(root, "type");
    if (cJSON_IsString(type))
        return strcmp(type->valuestring, "tileset") == 0;
    /* Without a "type": what Tiled 0.x wrote for a tileset file. */
    return type == NULL && cJSON_IsObject(root) && json_get(root, "layers") == NULL &&
           json_get(root, "tilewidth") != NULL &&
           (json_get(root, "tilecount") != NULL || json_get(root, "image") != NULL);
}

/* ---- A map's tilesets ----------------------------------------------------------------- */

static bool load_tileset_file(TiledSets *s, JsonDoc *map, const cJSON *source, Tileset *set)
{
    const char *rel = json_want_string(map, source);
    if (rel == NULL)
        return false;
    if (level_path_has_ext(rel, ".tsx")) {
        json_error(map, source,
                   "XML tilesets (.tsx) are not supported: save the tileset as JSON (.tsj)");
        return false;
    }
    char path[4096];
    if (!level_path_sibling(level_doc_path(map), rel, path, sizeof path)) {
        json_error(map, source, "the tileset path is too long");
        return false;
    }
    const LevelConfine *confine = level_doc_confine(map);
    if (!level_confine_allows(confine, path)) {
        json_error(map, source,
                   "the tileset \"%s\" is outside the level's folder (%s)%s: a level"
                   " from a pack or the levels folder reads only its own files",
                   rel, confine->folder != NULL ? confine->folder : "none",
                   confine->data != NULL ? " and the game's data" : "");
        return false;
    }
    TiledSetFile *f = &s->files[s->file_count];
    memset(f, 0, sizeof *f);
    size_t len;
    if (!level_read_file(path, &f->text, &len, level_doc_errors(map))) {
        json_error(map, source, "cannot read the tileset \"%s\"", path);
        return false;
    }
    /* What a map names may be any file: until it is known to be a tileset,
    ** nothing of its text goes into a message. */
    LevelSink probe;
    JsonDoc peek;
    level_sink_init(&probe, path, level_doc_errors(map));
    probe.quiet = true;
    bool json = level_doc_parse(&peek, &probe, f->text, len); /* duplicate keys: told below */
    bool tileset = json && tiled_is_tileset(peek.root);
    json_doc_fini(&peek);
    if (!tileset) {
        if (!json)
            level_errors_add(level_doc_errors(map), path, probe.quiet_line, probe.quiet_col,
                             "not a Tiled tileset: the file is not JSON (its text is not shown)");
        else
            level_errors_add(level_doc_errors(map), path, 0, 0,
                             "not a Tiled tileset: its JSON has no \"type\": \"tileset\"");
        json_error(map, source, "the tileset \"%s\" is not a tileset", rel);
        free(f->text);
        f->text = NULL;
        return false;
    }
    s->file_count++;
    /* The file's own errors name the file; its path must outlive the doc. */
    f->path = malloc(strlen(path) + 1);
    if (f->path == NULL) {
        json_error(map, source, "out of memory");
        return false;
    }
    strcpy(f->path, path);
    level_sink_init(&f->sink, f->path, level_doc_errors(map));
    bool ok = level_doc_parse(&f->doc, &f->sink, f->text, len);
    if (ok)
        ok = tiled_tileset_read(&f->doc, f->doc.root, set);
    if (!ok)
        json_error(map, source, "the tileset \"%s\" has errors", rel);
    return ok;
}

static int compare_sets(const void *a, const void *b)
{
    const Tileset *x = a, *y = b;
    return (x->firstgid > y->firstgid) - (x->firstgid < y->firstgid);
}

void tiled_sets_read(TiledSets *s, JsonDoc *map, const cJSON *list, bool one)
{
    memset(s, 0, sizeof *s);
    if (!one && !json_want_array(map, list)) {
        s->failed = true;
        return;
    }
    /* the list's entries, or the one */
    const cJSON *first = one ? list : list->child, *at = list;
    int count = one ? 1 : cJSON_GetArraySize(list);
    if (count == 0)
        return;
    s->sets = calloc((size_t)count, sizeof *s->sets);
    s->files = calloc((size_t)count, sizeof *s->files);
    if (s->sets == NULL || s->files == NULL) {
        json_error(map, at, "out of memory");
        s->failed = true;
        return;
    }
    int n = 0;
    for (const cJSON *ts = first; ts != NULL && n < count; ts = ts->next, n++) {
        Tileset *set = &s->sets[s->count];
        memset(set, 0, sizeof *set);
        if (!json_want_object(map, ts) ||
            !json_want_int(map, json_need(map, ts, "firstgid"), 1, 0x0FFFFFFF, &set->firstgid)) {
            s->failed = true;
            continue;
        }
        const cJSON *source = json_get(ts, "source");
        bool ok = source != NULL ? load_tileset_file(s, map, source, set)
                                 : tiled_tileset_read(map, ts, set);
        for (int i = 0; ok && i < s->count; i++)
            if (s->sets[i].firstgid == set->firstgid) {
                json_error(map, ts, "two tilesets start at gid %ld", set->firstgid);
                ok = false;
            }
        if (ok) {
            s->count++;
        } else {
            s->failed = true;
            tiled_tileset_fini(set);
        }
    }
    qsort(s->sets, (size_t)s->count, sizeof *s->sets, compare_sets);
}

void tiled_sets_fini(TiledSets *s)
{
    for (int i = 0; i < s->count; i++)
        tiled_tileset_fini(&s->sets[i]);
    for (int i = 0; i < s->file_count; i++) {
        json_doc_fini(&s->files[i].doc);
        free(s->files[i].path);
        free(s->files[i].text);
    }
    free(s->sets);
    free(s->files);
    memset(s, 0, sizeof *s);
}

Tileset *tiled_sets_find(TiledSets *s, uint32_t gid, TiledTile **tile)
{
    Tileset *set = NULL;
    for (int i = 0; i < s->count && s->sets[i].firstgid <= (long)gid; i++)
        set = &s->sets[i];
    *tile = set != NULL ? tiled_tileset_tile(set, (long)gid - set->firstgid) : NULL;
    return set;
}

/* ---- Tileset files on their own ---------------------------------------------------------- */

bool tiled_check_tileset_doc(JsonDoc *doc)
{
    Tileset set;
    memset(&set, 0, sizeof set);
    bool ok = tiled_tileset_read(doc, doc->root, &set);
    for (int i = 0; ok && i < set.tile_count; i++) {
        const TiledTile *t = &set.tiles[i];
        if (t->cls[0] == '\0')
            continue;
        char q[40];
        json_quote(t->cls, q, sizeof q);
        int kind = tile_kind_from_name(t->cls);
        if (kind < 0 && kind_find(t->cls) < 0) {
            json_error(doc, t->cls_at,
                       "tile %ld has class \"%s\", which is neither a tile kind nor an entity type",
                       t->id, q);
            ok = false;
        } else if (kind >= 0 && (t->width != TILE_SIZE || t->height != TILE_SIZE)) {
            json_error(doc, t->cls_at,
                       "tile %ld is %dx%d px, but a tile of class \"%s\" fills one %dx%d px cell "
                       "of a tile layer",
                       t->id, t->width, t->height, q, TILE_SIZE, TILE_SIZE);
            ok = false;
        }
    }
    tiled_tileset_fini(&set);
    return ok;
}
