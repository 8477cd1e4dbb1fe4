/* SPDX-License-Identifier: Zlib */
/*
** tiled_internal.h -- what the Tiled files of src/level/ share: custom
** properties in both of Tiled's forms (tiled_props.c), tilesets
** (tiled_tileset.c) and tile layer data (tiled_layer.c). tiled.c reads the
** map with them; export.c writes layer data with them.
*/
#ifndef TILED_INTERNAL_H
#define TILED_INTERNAL_H

#include "level_internal.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Custom properties (tiled_props.c) ----------------------------------------------
**
** Tiled 1.2 and later write "properties": [{"name", "type", "value"}, ...];
** Tiled 1.0 and 1.1 wrote "properties": {"name": value, ...} with
** "propertytypes": {"name": "type", ...} beside it (and, for the tiles of a
** tileset, "tileproperties" and "tilepropertytypes" keyed by tile id). Both
** read the same way through a TiledProps. */

typedef struct TiledProps {
    JsonDoc *doc;       /* where they are written */
    const cJSON *list;  /* the array or the object; NULL when there are none */
    const cJSON *types; /* the object form's "propertytypes", or NULL */
} TiledProps;

typedef struct TiledProp {
    const char *name;
    const char *type;     /* "string", "int", "float", "bool", "object", ... */
    const cJSON *name_at; /* the "name" item; NULL in the object form (the value's key) */
    const cJSON *type_at; /* the "type" item or the propertytypes member; NULL when
                               ** the type was read off the value */
    const cJSON *value;
} TiledProp;

/* The properties of owner (a map, an object, a tile) in either form. An
** ill-formed list is reported and reads as empty. */
TiledProps tiled_props_of(JsonDoc *doc, const cJSON *owner);
/* How a kind's property is written to a Tiled object: a custom property of
** this type ("int", "float", "bool", "string", "object"), or NULL when it
** is the object's own geometry (sizes are the rectangle). */
const char *tiled_prop_type(const KindProp *p);
/* The next well-formed property after *cursor (NULL to start); ill-formed
** entries are reported and skipped. False at the end. */
bool tiled_props_next(const TiledProps *props, const cJSON **cursor, TiledProp *out);
/* Reports at the property's name. */
void tiled_prop_error(const TiledProps *props, const TiledProp *p, const char *fmt, ...)
    JSON_PRINTF(3, 4);

/* ---- Tilesets (tiled_tileset.c) ------------------------------------------------------
**
** A tileset cut from one image has tilecount tiles, ids 0 to tilecount - 1,
** all of the tileset's tile size; those with a class or properties are
** listed in "tiles". An image collection (no "image" of its own) has only
** the tiles it lists, each of its own image size, and their ids may have
** gaps once tiles were removed: tilecount counts them, it does not bound
** the ids. */

typedef struct TiledTile {
    long id;
    const char *cls;     /* its class; "" when it has none */
    const cJSON *cls_at; /* where the class is written (or the tile's entry) */
    int width, height;   /* px */
    TiledProps props;
    bool props_bad; /* its properties were found wrong (and reported) once */
    bool has_box;   /* an entity's box in the image: its first collision rectangle */
    int box_x, box_y, box_w, box_h;
} TiledTile;

typedef struct Tileset {
    long firstgid; /* 0 for a tileset file read on its own */
    long tilecount;
    bool collection;
    int tile_width, tile_height;
    TiledTile *tiles; /* the listed tiles, sorted by id */
    int tile_count;
    TiledTile plain; /* what an unlisted tile of an image-cut tileset is */
    char name[48];
    JsonDoc *doc; /* where it is written; not owned */
} Tileset;

/* An external tileset file, kept open for the strings its tiles point to. */
typedef struct TiledSetFile {
    char *text;
    char *path; /* its errors name it */
    LevelSink sink;
    JsonDoc doc;
} TiledSetFile;

/* A map's tilesets, sorted by firstgid. */
typedef struct TiledSets {
    Tileset *sets;
    int count;
    TiledSetFile *files;
    int file_count;
    bool failed; /* one could not be read: gids may not resolve */
} TiledSets;

/* The class of a tile or object: "class" (Tiled 1.9) or "type" (1.0 to
** 1.8, 1.10 and later); "" when it has none, NULL after reporting. */
const char *tiled_read_class(JsonDoc *doc, const cJSON *obj);
/* The item that holds what tiled_read_class returned, for messages. */
const cJSON *tiled_class_item(const cJSON *obj);
/* Checks that obj's tilewidth and tileheight are TILE_SIZE. what names obj
** in the message ("the map's"). */
bool tiled_check_tile_size(JsonDoc *doc, const cJSON *obj, const char *what);

/* Reads the tileset object ts of doc into set (all but firstgid). Returns
** false after reporting; set needs tiled_tileset_fini either way. */
bool tiled_tileset_read(JsonDoc *doc, const cJSON *ts, Tileset *set);
void tiled_tileset_fini(Tileset *set);

/* Reads the map's "tilesets" list (or, with one, the one entry a
** template's "tileset" is), embedded or external (resolved next to the
** file); s needs tiled_sets_fini either way. */
void tiled_sets_read(TiledSets *s, JsonDoc *map, const cJSON *list, bool one);
void tiled_sets_fini(TiledSets *s);
/* The tileset a gid (flip bits cleared) belongs to, or NULL; *tile is its
** tile, or NULL when the tileset has no such tile. */
Tileset *tiled_sets_find(TiledSets *s, uint32_t gid, TiledTile **tile);
/* Whether root has what every Tiled map has, "type" aside (a map of
** Tiled 0.x has no "type"). */
bool tiled_has_map_layout(const cJSON *root);
/* Whether a file's root is a tileset: "type": "tileset", or no "type" and
** the members of one (what Tiled 0.x wrote). */
bool tiled_is_tileset(const cJSON *root);
/* Checks a parsed tileset file on its own: every class names a tile kind or
** an entity, tile kinds on 16 x 16 px tiles. */
bool tiled_check_tileset_doc(JsonDoc *doc);

/* ---- Object templates (tiled_template.c) ---------------------------------------------
**
** An object of a map may be an instance of a template (a .tx file, Tiled's
** XML, or a .tj, its JSON): it writes what it changes, the template the
** rest. A TiledObject reads a field from the instance, else from its
** template, each in the document (and with the tilesets) it is written in. */

typedef struct TiledTemplate TiledTemplate;

typedef struct TiledObject {
    JsonDoc *doc;        /* the map */
    const cJSON *o;      /* the object in the map */
    TiledSets *sets;     /* the map's tilesets */
    TiledTemplate *tmpl; /* NULL when the object is no instance */
} TiledObject;

/* The templates a map's objects name, each read once. */
typedef struct TiledTemplates {
    TiledTemplate **list;
    int count;
    size_t cap;
} TiledTemplates;

/* ob for the map object o, reading the template it names (once per file,
** kept in all). False after reporting when the template cannot be read. */
bool tiled_object_init(TiledObject *ob, JsonDoc *map, const cJSON *o, TiledSets *sets,
                       TiledTemplates *all);
/* The field key of the object (the instance's, else the template's) and,
** in *doc and *sets, where it is written; NULL when neither has it. */
const cJSON *tiled_object_get(const TiledObject *ob, const char *key, JsonDoc **doc,
                              TiledSets **sets);
/* The template's own object (its properties come after the instance's),
** or NULL; *doc its document. */
const cJSON *tiled_object_template(const TiledObject *ob, JsonDoc **doc);
void tiled_templates_fini(TiledTemplates *all);
/* --check of a template file on its own: it reads, its tileset loads, and
** its object's class (its own or its tile's) is an entity kind. Its
** properties are checked where a map uses it. */
bool tiled_check_template(const char *path, LevelErrors *errors);

/* ---- Tile layer data (tiled_layer.c) ------------------------------------------------- */

/* Decodes a layer's base64 "data" of len bytes, compressed as format says
** (LEVEL_LAYER_BASE64: not), into count gids (little-endian uint32 each). The decoded size is checked
** against count x 4 before decompressing (what a stream says it holds)
** and after (what it held), and decompression stops past count x 4 bytes.
** Returns malloc'd gids, or NULL with the reason in why ("the zlib stream
** is corrupt: incorrect header check"). */
uint32_t *tiled_layer_decode(const char *text, size_t len, LevelLayerFormat format, size_t count,
                             char *why, size_t why_size);
/* count gids as base64 text, compressed as said at the library's default
** level. Returns malloc'd, NUL-terminated text, or NULL when out of memory
** (why says so). */
char *tiled_layer_encode(const uint32_t *gids, size_t count, LevelLayerFormat format, char *why,
                         size_t why_size);
/* "zlib", "gzip", "zstd", or "" when uncompressed: the "compression" member. */
const char *tiled_compression_name(LevelLayerFormat format);

#endif
