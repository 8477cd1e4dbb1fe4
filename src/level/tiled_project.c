/* SPDX-License-Identifier: Zlib */
/*
** tiled_project.c -- --export-tiled-project DIR: what Tiled needs to draw
** the game's levels, made from the game's tables.
**
**   pips-peak.tiled-project  a Tiled project whose custom types are the kind
**                            table's: an enum for each enumerated property
**                            ("spring_dir": up, left, right), a class for
**                            each kind with its properties and defaults as
**                            members (Tiled 1.9 and later give an object of
**                            that class those fields)
**   tiles.tsj, tiles.png     the terrain: a row of tiles for each world, a
**                            tile for each tile kind, its class the kind and
**                            its "world" property the world
**   entities.tsj,            an image collection, a tile for each kind: its
**   entities/KIND.png        sprite as a level starts (tools/atlas paints
**                            them), its class the kind, its properties typed
**                            with their defaults, and its box marked in the
**                            image as its one collision rectangle, where the
**                            clip's anchor (atlas.json) puts it
**
** The images come from the game's data (assets/tiled/, painted by
** make_atlas); the rest is written here. The game's own assets/tiled/ is
** this command's output (a test holds it to that). Properties a kind needs
** but has no default for (a sign's text, a platform's path) are not on the
** tile: an object missing one is told so when the map loads. Written in
** the JSON of Tiled 1.8 (tile "type", which later versions read as class).
*/
#include "tiled_internal.h"
#include "atomic.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static cJSON *made(LevelJson *o, cJSON *item)
{
    if (item == NULL)
        o->oom = true;
    return item;
}

static void add_num(LevelJson *o, cJSON *parent, const char *key, double v)
{
    level_json_add(o, parent, key, cJSON_CreateNumber(v));
}

static void add_str(LevelJson *o, cJSON *parent, const char *key, const char *v)
{
    level_json_add(o, parent, key, cJSON_CreateString(v));
}

/* The custom type of an enumerated property: "KIND_PROP". */
static void enum_name(const EntityKind *k, const KindProp *p, char *buf, size_t size)
{
    snprintf(buf, size, "%s_%s", k->name, p->name);
}

/* A property as Tiled writes one (a class member, a tile's property), with
** the kind table's default; NULL for a size (the object's rectangle). */
static cJSON *property(LevelJson *o, const EntityKind *k, const KindProp *p)
{
    const char *type = tiled_prop_type(p);
    if (type == NULL)
        return NULL;
    cJSON *prop = made(o, cJSON_CreateObject());
    add_str(o, prop, "name", p->name);
    add_str(o, prop, "type", type);
    char custom[64];
    if (p->type == KPROP_ENUM) {
        enum_name(k, p, custom, sizeof custom);
        add_str(o, prop, "propertytype", custom);
    }
    switch (p->type) {
    case KPROP_BOOL: level_json_add(o, prop, "value", cJSON_CreateBool(p->def != 0)); break;
    case KPROP_ENUM: add_str(o, prop, "value", p->values[(int)p->def]); break;
    case KPROP_TEXT: add_str(o, prop, "value", ""); break;
    default: add_num(o, prop, "value", p->def); break; /* an object's id 0 is none */
    }
    return prop;
}

static cJSON *project_json(LevelJson *o)
{
    cJSON *root = made(o, cJSON_CreateObject());
    add_str(o, root, "automappingRulesFile", "");
    level_json_add(o, root, "commands", cJSON_CreateArray());
    add_str(o, root, "extensionsPath", "extensions");
    cJSON *folders = level_json_add(o, root, "folders", cJSON_CreateArray());
    add_str(o, folders, NULL, ".");
    add_str(o, root, "objectTypesFile", "");
    cJSON *types = level_json_add(o, root, "propertyTypes", cJSON_CreateArray());
    int id = 1;
    for (int i = 0; i < kind_count(); i++) {
        const EntityKind *k = kind_get(i);
        for (int p = 0; p < k->prop_count; p++) {
            if (k->props[p].type != KPROP_ENUM)
                continue;
            char name[64];
            enum_name(k, &k->props[p], name, sizeof name);
            cJSON *e = level_json_add(o, types, NULL, cJSON_CreateObject());
            add_num(o, e, "id", id++);
            add_str(o, e, "name", name);
            add_str(o, e, "storageType", "string");
            add_str(o, e, "type", "enum");
            cJSON *values = level_json_add(o, e, "values", cJSON_CreateArray());
            for (int v = 0; v < k->props[p].value_count; v++)
                add_str(o, values, NULL, k->props[p].values[v]);
            level_json_add(o, e, "valuesAsFlags", cJSON_CreateBool(false));
        }
    }
    for (int i = 0; i < kind_count(); i++) {
        const EntityKind *k = kind_get(i);
        cJSON *c = level_json_add(o, types, NULL, cJSON_CreateObject());
        add_str(o, c, "color", "#ffa0a0a4");
        level_json_add(o, c, "drawFill", cJSON_CreateBool(true));
        add_num(o, c, "id", id++);
        cJSON *members = level_json_add(o, c, "members", cJSON_CreateArray());
        for (int p = 0; p < k->prop_count; p++) {
            cJSON *m = property(o, k, &k->props[p]);
            if (m != NULL)
                level_json_add(o, members, NULL, m);
        }
        add_str(o, c, "name", k->name);
        add_str(o, c, "type", "class");
        cJSON *use = level_json_add(o, c, "useAs", cJSON_CreateArray());
        add_str(o, use, NULL, "object");
        add_str(o, use, NULL, "tile");
    }
    return root;
}

/* The members every tileset file of ours starts with. */
static cJSON *tileset_json(LevelJson *o, const char *name, int tile_w, int tile_h, int count,
                           int columns)
{
    cJSON *ts = made(o, cJSON_CreateObject());
    add_num(o, ts, "columns", columns);
    add_num(o, ts, "margin", 0);
    add_str(o, ts, "name", name);
    add_num(o, ts, "spacing", 0);
    add_num(o, ts, "tilecount", count);
    add_str(o, ts, "tiledversion", "1.8.2");
    add_num(o, ts, "tileheight", tile_h);
    add_num(o, ts, "tilewidth", tile_w);
    add_str(o, ts, "type", "tileset");
    add_str(o, ts, "version", "1.8");
    return ts;
}

/* tiles.tsj: a row a world (level_background_names()), a column a tile
** kind after "empty", as tools/atlas/art_tiled.c paints tiles.png. */
static cJSON *tiles_json(LevelJson *o)
{
    int cols = TILE_KIND_COUNT - 1, rows = LEVEL_BACKGROUND_COUNT;
    cJSON *ts = tileset_json(o, "tiles", TILE_SIZE, TILE_SIZE, cols * rows, cols);
    add_str(o, ts, "image", "tiles.png");
    add_num(o, ts, "imageheight", TILE_SIZE * rows);
    add_num(o, ts, "imagewidth", TILE_SIZE * cols);
    cJSON *tiles = level_json_add(o, ts, "tiles", cJSON_CreateArray());
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            cJSON *tile = level_json_add(o, tiles, NULL, cJSON_CreateObject());
            add_num(o, tile, "id", r * cols + c);
            cJSON *props = level_json_add(o, tile, "properties", cJSON_CreateArray());
            cJSON *world = level_json_add(o, props, NULL, cJSON_CreateObject());
            add_str(o, world, "name", "world");
            add_str(o, world, "type", "string");
            add_str(o, world, "value", level_background_names()[r]);
            add_str(o, tile, "type", tile_kind_name((TileKind)(c + 1)));
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
    cJSON *grid = level_json_add(o, ts, "grid", cJSON_CreateObject());
    add_num(o, grid, "height", 1);
    add_str(o, grid, "orientation", "orthogonal");
    add_num(o, grid, "width", 1);
    cJSON *tiles = level_json_add(o, ts, "tiles", cJSON_CreateArray());
    for (int i = 0; i < kind_count(); i++) {
        const EntityKind *k = kind_get(i);
        LevelEntity e;
        leveldesc_entity_init(&e, i);
        cJSON *tile = level_json_add(o, tiles, NULL, cJSON_CreateObject());
        add_num(o, tile, "id", i);
        char image[80];
        snprintf(image, sizeof image, "entities/%s.png", k->name);
        add_str(o, tile, "image", image);
        add_num(o, tile, "imageheight", (double)cells[i].h);
        add_num(o, tile, "imagewidth", (double)cells[i].w);
        /* the kind's box inside the sprite: its one collision rectangle */
        cJSON *group = level_json_add(o, tile, "objectgroup", cJSON_CreateObject());
        add_str(o, group, "draworder", "index");
        add_str(o, group, "name", "");
        cJSON *objects = level_json_add(o, group, "objects", cJSON_CreateArray());
        cJSON *box = level_json_add(o, objects, NULL, cJSON_CreateObject());
        add_num(o, box, "height", e.h);
        add_num(o, box, "id", 1);
        add_str(o, box, "name", "");
        add_num(o, box, "rotation", 0);
        add_str(o, box, "type", "");
        level_json_add(o, box, "visible", cJSON_CreateBool(true));
        add_num(o, box, "width", e.w);
        add_num(o, box, "x", (double)cells[i].ax);
        add_num(o, box, "y", (double)cells[i].ay);
        add_num(o, group, "opacity", 1);
        add_str(o, group, "type", "objectgroup");
        level_json_add(o, group, "visible", cJSON_CreateBool(true));
        add_num(o, group, "x", 0);
        add_num(o, group, "y", 0);
        cJSON *props = made(o, cJSON_CreateArray());
        for (int p = 0; p < k->prop_count; p++) {
            const KindProp *prop = &k->props[p];
            if (prop->type == KPROP_TEXT || prop->type == KPROP_PATH)
                continue; /* no default: the object must say it */
            cJSON *item = property(o, k, prop);
            if (item != NULL)
                level_json_add(o, props, NULL, item);
        }
        if (cJSON_GetArraySize(props) > 0)
            level_json_add(o, tile, "properties", props);
        else
            cJSON_Delete(props);
        add_str(o, tile, "type", k->name);
    }
    return ts;
}

/* ---- Writing ---------------------------------------------------------------------- */

static bool write_text(const char *dir, const char *name, const char *text, LevelErrors *errors)
{
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!atomic_write(path, text, strlen(text), err, sizeof err)) {
        level_errors_add(errors, path, 0, 0, "%s", err);
        return false;
    }
    return true;
}

static bool write_json(const char *dir, const char *name, cJSON *v, const LevelJson *o,
                       LevelErrors *errors)
{
    char *text = o->oom || v == NULL ? NULL : level_json_print(v);
    cJSON_Delete(v);
    if (text == NULL) {
        level_errors_add(errors, name, 0, 0, "out of memory");
        return false;
    }
    bool ok = write_text(dir, name, text, errors);
    free(text);
    return ok;
}

/* Whether a and b are one file (the same path, or a link). */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* Copies the image name from the data's assets/tiled/ into dir. */
static bool copy_image(const char *data_dir, const char *dir, const char *name, LevelErrors *errors)
{
    char from[1024], to[1024], err[512];
    snprintf(from, sizeof from, "%s/assets/tiled/%s", data_dir, name);
    snprintf(to, sizeof to, "%s/%s", dir, name);
    if (same_file(from, to))
        return true; /* the data's own folder, made again */
    FILE *f = fopen(from, "rb");
    if (f == NULL) {
        level_errors_add(errors, from, 0, 0, "cannot open: %s", strerror(errno));
        return false;
    }
    unsigned char *bytes = NULL;
    size_t len = 0, cap = 0;
    bool ok = true;
    for (;;) {
        if (len == cap) {
            unsigned char *more = cap < (64u << 20) ? realloc(bytes, cap ? cap * 2 : 65536) : NULL;
            if (more == NULL) {
                ok = false;
                break;
            }
            bytes = more;
            cap = cap ? cap * 2 : 65536;
        }
        size_t got = fread(bytes + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    ok = ok && !ferror(f);
    fclose(f);
    if (!ok) {
        level_errors_add(errors, from, 0, 0, "cannot read the image (or it is larger than 64 MiB)");
    } else if (!atomic_write(to, bytes, len, err, sizeof err)) {
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
    ok = write_json(dir, "entities.tsj", entities, &o, errors);
    LevelJson o2 = {false};
    ok = ok && write_json(dir, "tiles.tsj", tiles_json(&o2), &o2, errors);
    LevelJson o3 = {false};
    ok = ok && write_json(dir, LEVEL_TILED_PROJECT_FILE, project_json(&o3), &o3, errors);
    ok = ok && copy_image(data_dir, dir, "tiles.png", errors);
    for (int i = 0; ok && i < kind_count(); i++) {
        char name[80];
        snprintf(name, sizeof name, "entities/%s.png", kind_get(i)->name);
        ok = copy_image(data_dir, dir, name, errors);
    }
    return ok;
}
