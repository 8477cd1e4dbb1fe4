/* SPDX-License-Identifier: Zlib */
/*
** leveldesc.h -- a level as plain data: what the loaders produce (level/,
** from native JSON or Tiled maps) and what the simulation is built from.
**
** Positions and sizes are in pixels; the loaders convert from tiles. An
** entity is its kind (an index in the kind table, kinds.h), its box, and the
** values of its kind's properties in the kind's order. Paths and texts are
** kept beside the entities, so an entity stays small however many there are.
*/
#ifndef LEVELDESC_H
#define LEVELDESC_H

#include "kinds.h"
#include "params.h"
#include "tilemap.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    LEVEL_NAME_MAX = 64,
    LEVEL_BACKGROUND_MAX = 32,
    LEVEL_MAX_WAYPOINTS = KIND_MAX_WAYPOINTS + 1, /* a path with its start */
    LEVEL_MAX_GROUPS = 8,                         /* switch groups 0..7 */
};

typedef struct LevelPoint {
    int x, y;
} LevelPoint;

/* A property's value: int, bool and an enum's index in i, a number in f; a
** path or a text is its index in LevelDesc.paths or .texts (-1: none). A
** size property is the entity's w or h. */
typedef union LevelValue {
    int32_t i;
    float f;
} LevelValue;

typedef struct LevelEntity {
    int kind;       /* index in the kind table */
    int x, y, w, h; /* px: the box's top-left corner and size */
    int line, col;  /* where it was defined in its file, for messages */
    LevelValue props[KIND_MAX_PROPS];
} LevelEntity;

/* Waypoints of a top-left corner, after the entity's own position. */
typedef struct LevelPath {
    int count;
    LevelPoint points[KIND_MAX_WAYPOINTS];
} LevelPath;

typedef struct LevelText {
    char s[KIND_TEXT_MAX];
} LevelText;

typedef struct LevelDesc {
    char name[LEVEL_NAME_MAX];
    char background[LEVEL_BACKGROUND_MAX]; /* background set name */
    Tilemap map;
    LevelEntity *entities; /* owned */
    int entity_count;
    LevelPath *paths; /* owned */
    int path_count;
    LevelText *texts; /* owned */
    int text_count;
    PhysicsParams physics; /* defaults, physics.json, then the level's overrides */
} LevelDesc;

/* Frees what a LevelDesc owns and zeroes it. */
void leveldesc_fini(LevelDesc *level);

/* An entity of that kind with every property at its default and the kind's
** box, at (0, 0). */
void leveldesc_entity_init(LevelEntity *e, int kind);

/* How many coins and gems the level holds (kinds flagged KIND_COIN and
** KIND_GEM): what its Sim counts, read without building one. */
void leveldesc_counts(const LevelDesc *level, int *coins, int *gems);

/* The value of the property named `name` of the entity's kind. The name must
** be one of the kind's: another is a programming error, which these three
** report on stderr before they abort. */
LevelValue leveldesc_prop(const LevelEntity *e, const char *name);
/* A path property's waypoints, or NULL when the entity has none. */
const LevelPath *leveldesc_path(const LevelDesc *level, const LevelEntity *e, const char *name);
/* A text property's text, or "" when it has none. */
const char *leveldesc_text(const LevelDesc *level, const LevelEntity *e, const char *name);

/* True when two entities (each of its own level, for paths and texts) are
** the same kind with the same box and property values. */
bool leveldesc_entity_equal(const LevelDesc *la, const LevelEntity *a, const LevelDesc *lb,
                            const LevelEntity *b);

#endif
