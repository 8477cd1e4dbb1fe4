/* SPDX-License-Identifier: Zlib */
/*
** kinds.h -- the table of entity kinds: everything about a kind of thing in
** a level that is data.
**
** One row per kind (kinds.c), in the spirit of Doom's mobjinfo[]: its name
** as level files write it, whether the map's legend may draw it, its box and
** where that box sits in a tile, the hit box inside it, its properties
** (name, type, range or values, default, whether required), the components
** it spawns with, its animation clips, and an example entry. The native
** loader, the Tiled loader and exporter, --check's placement rules,
** --kinds, the schema and the docs all read this table; none of them lists
** kinds itself. What a kind *does* stays in its system file; the row only
** points at the kind's spawn and animate functions.
**
** A kind is named by its index in the table. Level data (LevelEntity) stores
** the index and the values of the kind's properties, in the kind's order.
*/
#ifndef KINDS_H
#define KINDS_H

#include "ecs.h"
#include "tilemap.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    KIND_MAX_PROPS = 8,      /* properties of one kind */
    KIND_MAX_CLIPS = 12,     /* animation clips of one kind */
    KIND_CLIP_MAX = 96,      /* clips of every kind together */
    KIND_TEXT_MAX = 200,     /* bytes of a text property, with its NUL */
    KIND_TEXT_LINES = 4,     /* lines of a text property */
    KIND_MAX_WAYPOINTS = 15, /* of a path, after the entity's own position */
    KIND_MAX_KINDS = 32,     /* rows of the table, at most */
    /* a sized kind's side in tiles, at most: the simulation keeps box sizes
    ** in 16 bits (32,767 px), so 2,047 tiles (32,752 px) */
    KIND_MAX_SIZE = INT16_MAX / TILE_SIZE,
};

typedef enum KindPropType {
    KPROP_INT,    /* a whole number in [min, max] */
    KPROP_NUMBER, /* a number in [min, max] */
    KPROP_BOOL,   /* true or false */
    KPROP_ENUM,   /* one of values[], kept as its index */
    KPROP_SIZE,   /* "w" or "h": the box's size, min to max tiles (pixels with "px") */
    KPROP_PATH,   /* min to max waypoints [x, y] after the entity's position */
    KPROP_TEXT,   /* a string of at most KIND_TEXT_MAX - 1 bytes and KIND_TEXT_LINES lines */
    KPROP_TYPE_COUNT
} KindPropType;

typedef struct KindProp {
    const char *name; /* key of a native entity, custom property of a Tiled object */
    KindPropType type;
    bool required;
    double min, max;           /* int, number and size; path: waypoints */
    const char *const *values; /* enum: its names */
    int value_count;
    double def;      /* default: the number, 0/1, the enum index, the size in tiles */
    const char *doc; /* one line for levels/README.md and --kinds */
} KindProp;

/* Where a kind's box sits when a level names a tile: fixed-size kinds stand
** on the tile's bottom edge, kinds sized by "w"/"h" start at its top-left. */
typedef enum KindAnchor {
    KIND_ANCHOR_BOTTOM,
    KIND_ANCHOR_TOP,
} KindAnchor;

/* What the level checks and the tools need to know of a kind. */
enum {
    KIND_DRAWABLE = 1u << 0, /* may stand for a character of the map's legend */
    KIND_UNIQUE = 1u << 1,   /* exactly one per level (the player's start) */
    KIND_NEEDED = 1u << 2,   /* at least one per level (the goal) */
    KIND_CLEAR = 1u << 3,    /* its box must not overlap solid tiles */
    KIND_RESPAWN =
        1u << 4, /* the player comes back to life here: clear of spikes, blocks, crumbles */
    KIND_FLIPS = 1u << 5,   /* flips its "group" (a switch) */
    KIND_FLIPPED = 1u << 6, /* follows its "group" (a block) */
    KIND_PATROLS = 1u << 7, /* walks its floor back and forth: never through a checkpoint */
    KIND_COIN = 1u << 8,    /* one of the level's coins (SimStatus.collectibles) */
    KIND_GEM = 1u << 9,     /* one of the level's gems (SimStatus.gems_total) */
};

/* A kind spawned without the Collider component: Collider.kind is never
** this value. */
enum { KIND_NO_COLLIDER = 0xFF };

struct Sim;
struct LevelDesc;
struct LevelEntity;

/* Adds what the kind is beyond the components the table lists (which spawn
** already added, zeroed): its own component's values from the entity's
** properties. Returns false when out of memory. */
typedef bool (*KindSpawnFn)(struct Sim *sim, EcsEntity e, const struct LevelDesc *level,
                            const struct LevelEntity *le);
/* Picks this tick's clip for every entity of the kind: local clip i of the
** kind is global clip first_clip + i. Presentation only. */
typedef void (*KindAnimateFn)(struct Sim *sim, uint16_t first_clip);

typedef struct EntityKind {
    const char *name;  /* as level files write it */
    const char *label; /* what messages call one ("player start"); NULL: the name */
    const char *doc;   /* what it is, one line */
    uint32_t flags;    /* KIND_* */
    char legend;       /* drawn kinds: the character a legend the editor extends gives it */
    KindAnchor anchor;
    int16_t w, h; /* box, px; a size property overrides its axis */
    struct {
        int16_t x, y, w, h; /* collider inside the box; w == 0: the whole box */
    } hit;
    uint8_t collider;                  /* ColliderKind, or KIND_NO_COLLIDER */
    int8_t layer;                      /* draw order: lower first */
    uint32_t components;               /* bits (1 << C_...) of the components it spawns with */
    const char *clips[KIND_MAX_CLIPS]; /* names in assets/atlas.json; the first is shown at spawn */
    const KindProp *props;
    int prop_count;
    const char *example;   /* one valid entry of a level's "entities", as JSON */
    KindSpawnFn spawn;     /* may be NULL */
    KindAnimateFn animate; /* may be NULL */
} EntityKind;

/* The table. */
int kind_count(void);
/* Row i, or NULL when out of range. */
const EntityKind *kind_get(int kind);
/* What messages call an entity of kind k: its label, else its name. */
const char *kind_label(const EntityKind *k);
/* The index of the kind named `name`, or -1. */
int kind_find(const char *name);
/* The kind the player is: the one that spawns with a Player (the start). */
int kind_player(void);
/* The index of a kind's property named `name`, or -1. */
int kind_prop_find(const EntityKind *k, const char *name);
/* True when the kind has a size property for that axis ('w' or 'h'). */
bool kind_sized(const EntityKind *k, char axis);

/* Clips of all kinds in table order form one numbering, the global clip
** ids the Sprite component and the atlas use. */
int kind_clip_count(void);
int kind_first_clip(int kind);
/* Global clip id's name, or NULL. */
const char *kind_clip_name(int clip);
/* Global clip id of that name, or -1. */
int kind_clip_find(const char *name);

/* Names of the property types as --kinds and the docs write them ("int",
** "number", "bool", "enum", "size", "path", "text"). */
const char *kind_prop_type_name(KindPropType type);

#endif
