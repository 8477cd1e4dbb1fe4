/* SPDX-License-Identifier: Zlib */
/*
** level_internal.h -- what the files of src/level/ share and nobody else sees.
*/
#ifndef LEVEL_INTERNAL_H
#define LEVEL_INTERNAL_H

#include "array_text.h"
#include "json_doc.h"
#include "json_get.h"
#include "json_message.h"
#include "level.h"
#include "sim.h"

#include <stdbool.h>
#include <stddef.h>

enum {
    LEVEL_PARAM_MAX = 64, /* room for physics_param_table() */
};

/* ---- JSON documents ---------------------------------------------------------------
**
** Every JsonDoc of this folder reports through a LevelSink, which turns its
** problems into LevelErrors naming the file: FILE:LINE:COL: error: MESSAGE. */

typedef struct LevelSink {
    JsonSink sink;
    const char *path; /* not owned */
    LevelErrors *errors;
    const LevelConfine *confine; /* what the file may name (NULL: anything); not owned */
    /* While quiet, problems are counted and the first one's place kept, but
    ** not told: for a file that may not be what it was named as, whose text
    ** must not be echoed (a "tileset" that is /etc/passwd). */
    bool quiet;
    int quiet_count, quiet_line, quiet_col;
} LevelSink;

void level_sink_init(LevelSink *ls, const char *path, LevelErrors *errors);
/* Reads a whole file of at most LEVEL_MAX_FILE_BYTES; problems name path.
** *text is malloc'd. */
bool level_read_file(const char *path, char **text, size_t *len, LevelErrors *errors);
/* json_doc_parse with the level limits, reporting through ls, which must
** outlive doc. */
bool level_doc_parse(JsonDoc *doc, LevelSink *ls, const char *text, size_t len);
/* A file read whole and parsed, its problems going to errors under its
** path. Initialised in place (the sink points into it); unload it whatever
** level_file_open returned. */
typedef struct LevelFile {
    LevelSink sink;
    JsonDoc doc;
    char *text;
} LevelFile;
bool level_file_open(LevelFile *f, const char *path, LevelErrors *errors);
void level_file_close(LevelFile *f);

/* Warns (text.c) of the first character of the string str that the game's
** font cannot draw, at its place, after the string's JSON path. */
void level_text_check(JsonDoc *doc, const cJSON *str);
/* cp written in UTF-8 into out (room for 5 bytes), NUL-terminated. */
void level_utf8(uint32_t cp, char *out);

/* The file a document of this folder came from, and where its errors go. */
const char *level_doc_path(const JsonDoc *doc);
/* What the files it names must keep to (NULL: nothing). */
const LevelConfine *level_doc_confine(const JsonDoc *doc);
LevelErrors *level_doc_errors(const JsonDoc *doc);
/* Errors so far in the document's LevelErrors, kept or dropped, whichever
** file they came from: compare two readings to learn whether a step added any. */
int level_doc_error_total(const JsonDoc *doc);

/* What a level file says beyond its LevelDesc: which physics parameters it
** sets itself (an export writes those, not values that came from the base). */
typedef struct LevelExtras {
    bool physics_set[LEVEL_PARAM_MAX];
    bool draft; /* given: read the values only (level_parse_draft) */
} LevelExtras;

/* level_load and level_parse, also telling the extras. */
bool level_load_ex(const char *path, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras,
                   LevelErrors *errors);

/* A level's name (controls: control characters allowed, as a Tiled map
** does) and background, into lv when they are good. */
void level_read_name(JsonDoc *doc, const cJSON *v, bool controls, LevelDesc *lv);
void level_read_background(JsonDoc *doc, const cJSON *v, LevelDesc *lv);

/* The two formats, on a parsed document, extras given. Fill out only on
** success. */
bool native_parse(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras);
bool tiled_parse(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras);

/* Checks any file a level folder holds that is a level, a Tiled map or a
** Tiled tileset, told apart by content ("type": "map" or "tileset") and,
** failing that, by extension (.tmj, .tsj; .tmx and .tsx are refused). */
bool level_check_file(const char *path, LevelErrors *errors);

/* ---- Physics overrides ---------------------------------------------------------- */

/* Applies the members of obj (parameter name: number) to params, marking
** them in set (may be NULL); a "$schema" is skipped when schema is set. */
void level_physics_apply(JsonDoc *doc, const cJSON *obj, PhysicsParams *params, bool *set,
                         bool schema);

/* ---- Entities (entity.c) ----------------------------------------------------------
**
** Placement rule, the same in every format, from the kind's anchor
** (kinds.h): an entity named by a tile has its box's left edge on the tile's
** left edge; a fixed-size kind stands with the box's bottom on the tile's
** bottom, so a player named at row 10 stands on row 11; a kind sized by "w"
** and "h" (blocks, platforms, crumbling blocks) starts at the tile's
** top-left corner. */

/* What a loader builds: the entities in file order, and the paths and texts
** they refer to. */
typedef struct LevelBuild {
    LevelEntity *entities;
    int count;
    LevelPath *paths;
    int path_count;
    LevelText *texts;
    int text_count;
    size_t cap, path_cap, text_cap;
} LevelBuild;

/* Appends a zeroed entity; NULL when out of memory or at LEVEL_MAX_ENTITIES. */
LevelEntity *level_build_entity(LevelBuild *b);
/* Appends *e; false after reporting at `at` when out of memory or full. */
bool level_build_add(LevelBuild *b, JsonDoc *doc, const cJSON *at, const LevelEntity *e);
/* Stores a path or a text; its index, or -1 when out of memory. */
int level_build_path(LevelBuild *b, const LevelPath *path);
/* The end of either format's parse: b's lists into lv, the level's rules
** checked when it has a map (and is no draft; whole: every entity was
** read, see level_validate), and lv into out when the document told no
** error since before (else freed). */
bool level_parse_end(JsonDoc *doc, int before, bool map, bool whole, LevelBuild *b, LevelDesc *lv,
                     const LevelExtras *extras, LevelDesc *out);

/* Places the box's top-left corner at (x, y) px. */
void level_entity_at_px(LevelEntity *e, int x, int y);

/* Reads v as the value of property p, the index-th of e's kind: checks it
** against the row (type, range, values) and stores it in e (a size in tiles,
** or in pixels when px, into e->w or e->h; a text into b). Paths are each
** format's own. Returns false after reporting at v. */
bool level_prop_read(JsonDoc *doc, LevelBuild *b, const KindProp *p, int index, const cJSON *v,
                     bool px, LevelEntity *e);

/* Checks what every format shares: entities inside the map, actors and
** respawn points clear of solid tiles and spikes, paths inside the map.
** With whole set (every entity was read), also: exactly one player, a goal,
** respawn points clear of blocks and crumbling blocks, and, on a level that
** passed those, a goal that can be touched, no hazard on a respawn point,
** no path that goes nowhere, no actor inside a solid at the start, no solid
** or hazard whose path passes through a respawn point, and no walker that
** may stand in a checkpoint or lands on the start (validate.c);
** it warns of a switch group without blocks or blocks without a switch.
** Errors name path; line, col place level-wide errors. */
void level_validate(const char *path, const LevelDesc *level, int line, int col, bool whole,
                    LevelErrors *errors);

/* ---- describe.c ------------------------------------------------------------------- */

/* A cJSON tree being built: one allocation failing spoils the whole. */
typedef struct LevelJson {
    bool oom;
} LevelJson;
/* Adds item to parent under key (to an array with key NULL) and returns
** it; NULL, with oom set and item deleted, when either is NULL. */
cJSON *level_json_add(LevelJson *j, cJSON *parent, const char *key, cJSON *item);
/* The same with a new string, number, bool, object or array. */
cJSON *level_json_str(LevelJson *j, cJSON *parent, const char *key, const char *s);
cJSON *level_json_num(LevelJson *j, cJSON *parent, const char *key, double v);
cJSON *level_json_bool(LevelJson *j, cJSON *parent, const char *key, bool v);
cJSON *level_json_obj(LevelJson *j, cJSON *parent, const char *key);
cJSON *level_json_arr(LevelJson *j, cJSON *parent, const char *key);
/* An array of the n strings s. */
cJSON *level_json_strs(LevelJson *j, cJSON *parent, const char *key, const char *const *s, int n);
/* item, made apart from the tree (added later): oom set when it is NULL. */
cJSON *level_json_new(LevelJson *j, cJSON *item);
/* v printed with two-space indents and a final newline; malloc'd, or NULL. */
char *level_json_print(const cJSON *v);

/* ---- Paths ---------------------------------------------------------------------------- */

/* rel resolved against the folder of base (rel itself when absolute). */
bool level_path_sibling(const char *base, const char *rel, char *buf, size_t size);
/* Whether confine (NULL: anything) lets a level name path. */
bool level_confine_allows(const LevelConfine *confine, const char *path);
/* Whether path ends in ext (".tmj"), ignoring case. */
bool level_path_has_ext(const char *path, const char *ext);

#endif
