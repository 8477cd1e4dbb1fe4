/*
** leveldesc.h -- a level as plain data: what the loaders produce (level/,
** from native JSON or Tiled maps) and what the simulation is built from.
**
** Positions and sizes are in pixels; the loaders convert from tiles.
*/
#ifndef LEVELDESC_H
#define LEVELDESC_H

#include "params.h"
#include "tilemap.h"

#include <stdbool.h>

enum {
    LEVEL_NAME_MAX = 64,
    LEVEL_BACKGROUND_MAX = 32,
    LEVEL_MAX_WAYPOINTS = 16,
    LEVEL_MAX_GROUPS = 8,     /* switch groups 0..7 */
};

typedef enum EntityType {
    ENT_PLAYER,     /* where the player starts; exactly one */
    ENT_COIN,       /* a collectible */
    ENT_CHECKPOINT, /* touching it moves the respawn point here */
    ENT_GOAL,       /* touching it completes the level */
    ENT_SWITCH,     /* touching it flips its group */
    ENT_BLOCK,      /* toggle block: solid or ghost with its group's state */
    ENT_PLATFORM,   /* moving platform along waypoints */
    ENT_WALKER,     /* enemy that patrols; stomp it */
    ENT_SAW,        /* a hazard entity */
    ENT_TYPE_COUNT
} EntityType;

typedef struct LevelPoint {
    int x, y;
} LevelPoint;

typedef struct LevelEntity {
    EntityType type;
    int x, y;                /* px, top-left of the entity's box */
    int w, h;                /* px; blocks and platforms only, else 0 */
    int group;               /* switch and block: 0 .. LEVEL_MAX_GROUPS-1 */
    bool solid_when_on;      /* block: solid while its group is on (else while off) */
    int dir;                 /* walker: -1 starts left, +1 right */
    float speed;             /* platform, px/s */
    bool loop;               /* platform: loop the waypoints, else ping-pong */
    LevelPoint path[LEVEL_MAX_WAYPOINTS]; /* platform: path[0] is its start (x, y) */
    int path_len;
    int line, col;           /* where it was defined in its file, for messages */
} LevelEntity;

typedef struct LevelDesc {
    char name[LEVEL_NAME_MAX];
    char background[LEVEL_BACKGROUND_MAX]; /* background set name */
    Tilemap map;
    LevelEntity *entities;   /* owned */
    int entity_count;
    PhysicsParams physics;   /* defaults, physics.json, then the level's overrides */
} LevelDesc;

/* Frees what a LevelDesc owns and zeroes it. */
void level_desc_fini(LevelDesc *level);

/* Canonical entity type names as written in level files ("player", "coin",
** "checkpoint", "goal", "switch", "block", "platform", "walker", "saw").
** entity_type_from_name returns -1 for an unknown name. */
const char *entity_type_name(EntityType type);
int entity_type_from_name(const char *name);

/* Default box size of a type in pixels (blocks and platforms have their own). */
void entity_type_size(EntityType type, int *w, int *h);

#endif
