/*
** level_internal.h -- what the files of src/level/ share and nobody else sees.
*/
#ifndef LEVEL_INTERNAL_H
#define LEVEL_INTERNAL_H

#include "json_doc.h"
#include "json_get.h"
#include "json_message.h"
#include "level.h"

#include <stdbool.h>
#include <stddef.h>

enum {
    LEVEL_PARAM_MAX = 64,             /* room for physics_param_table() */
    LEVEL_PLATFORM_SPEED = 60,        /* px/s when a platform names none */
    LEVEL_MAX_SPEED = 2000,           /* px/s */
};

/* ---- JSON documents ---------------------------------------------------------------
**
** Every JsonDoc of this folder reports through a LevelSink, which turns its
** problems into LevelErrors naming the file: FILE:LINE:COL: error: MESSAGE. */

typedef struct LevelSink {
    JsonSink sink;
    const char *path;          /* not owned */
    LevelErrors *errors;
} LevelSink;

void level_sink_init(LevelSink *ls, const char *path, LevelErrors *errors);
/* Reads a whole file of at most LEVEL_MAX_FILE_BYTES; problems name path.
** *text is malloc'd. */
bool level_read_file(const char *path, char **text, size_t *len, LevelErrors *errors);
/* json_doc_parse with the level limits, reporting through ls, which must
** outlive doc. */
bool level_doc_parse(JsonDoc *doc, LevelSink *ls, const char *text, size_t len);
/* The file a document of this folder came from, and where its errors go. */
const char *level_doc_path(const JsonDoc *doc);
LevelErrors *level_doc_errors(const JsonDoc *doc);
/* Errors so far in the document's LevelErrors, kept or dropped, whichever
** file they came from: compare two readings to learn whether a step added any. */
int level_doc_error_total(const JsonDoc *doc);

/* What a level file says beyond its LevelDesc: which physics parameters it
** sets itself (an export writes those, not values that came from the base). */
typedef struct LevelExtras {
    bool physics_set[LEVEL_PARAM_MAX];
} LevelExtras;

/* level_load and level_parse, also telling the extras. */
bool level_load_ex(const char *path, const PhysicsParams *base, LevelDesc *out,
                   LevelExtras *extras, LevelErrors *errors);
bool level_parse_ex(const char *path, const char *text, size_t len,
                    const PhysicsParams *base, LevelDesc *out, LevelExtras *extras,
                    LevelErrors *errors);

/* The two formats, on a parsed document. Fill out only on success. */
bool native_parse(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out,
                  LevelExtras *extras);
bool tiled_parse(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out,
                 LevelExtras *extras);

/* Checks a Tiled tileset file (.tsj) on its own. */
bool tiled_check_tileset(const char *path, LevelErrors *errors);
/* Reads a tileset file and finds, for each tile kind, the id of a tile with
** that class (-1 when none has it). */
bool tiled_tileset_kind_ids(const char *path, int ids[TILE_KIND_COUNT],
                            LevelErrors *errors);

/* ---- Physics overrides ---------------------------------------------------------- */

/* Applies the members of obj (parameter name: number) to params, marking
** them in set (may be NULL). Keys in extra[0..extra_count) are skipped. */
void physics_apply_object(JsonDoc *doc, const cJSON *obj, PhysicsParams *params,
                          bool *set, const char *const *extra, int extra_count);

/* ---- Level backgrounds ----------------------------------------------------------- */
enum { LEVEL_BACKGROUND_COUNT = 3 };
/* "hills", "cave", "peak". */
const char *const *level_background_names(void);

/* ---- Entities ---------------------------------------------------------------------
**
** Placement rule, the same in every format: an entity named by a tile has
** its box's left edge on the tile's left edge; entities of the default size
** (entity_type_size) sit with the box's bottom on the tile's bottom, so a
** player named at row 10 stands on row 11; blocks and platforms, whose size
** is their own, start at the tile's top-left corner. */

typedef struct EntityList {
    LevelEntity *items;
    int count, cap;
} EntityList;

/* Appends a zeroed entity; NULL when out of memory or at LEVEL_MAX_ENTITIES. */
LevelEntity *entity_list_push(EntityList *list);
void entity_list_fini(EntityList *list);

/* Sets a type's defaults: sizes of blocks (1x1 tile) and platforms (3
** tiles by 8 px), a walker heading left, a block solid while its group is
** on, a platform's speed. */
void level_entity_init(LevelEntity *e, EntityType type);

/* props.c: one property of an entity, from a native key or a Tiled custom
** property, checked and stored; a bad value is reported at its place. */
void level_prop_group(JsonDoc *doc, const cJSON *v, LevelEntity *e);
void level_prop_solid_when(JsonDoc *doc, const cJSON *v, LevelEntity *e);
void level_prop_dir(JsonDoc *doc, const cJSON *v, LevelEntity *e);
void level_prop_speed(JsonDoc *doc, const cJSON *v, LevelEntity *e);
void level_prop_mode(JsonDoc *doc, const cJSON *v, LevelEntity *e);
/* Places by the rule above at tile (tx, ty). */
void level_entity_at_tile(LevelEntity *e, int tx, int ty);
/* Places the box's top-left corner at (x, y) px. */
void level_entity_at_px(LevelEntity *e, int x, int y);
/* The entity's box in pixels. */
void level_entity_box(const LevelEntity *e, int *x, int *y, int *w, int *h);

/* Checks what every format shares: entities inside the map, actors and
** respawn points clear of solid tiles and spikes, platform paths inside the
** map. With whole set (every entity was read), also: exactly one player, a
** goal, every switch group with blocks and every block group with a switch.
** Errors name path; line, col place level-wide errors. */
void level_validate(const char *path, const LevelDesc *level, int line, int col,
                    bool whole, LevelErrors *errors);

/* ---- Paths ---------------------------------------------------------------------------- */

/* rel resolved against the folder of base (rel itself when absolute). */
bool level_path_sibling(const char *base, const char *rel, char *buf, size_t size);
/* The part after the last '/'. */
const char *level_path_basename(const char *path);
/* Whether path ends in ext (".tmj"), ignoring case. */
bool level_path_has_ext(const char *path, const char *ext);

#endif
