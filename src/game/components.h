/* SPDX-License-Identifier: Zlib */
/*
** components.h -- the game's components: pure data, no behaviour.
**
** A player is an entity with Transform, Velocity, Collider, Sprite,
** Animation and Player; a moving platform has Transform, Collider (solid)
** and Mover; a coin has Transform, Collider (trigger) and
** Collectible; and so on: the kind table (kinds.c) says which kind spawns
** with which. The systems in this folder give them behaviour.
**
** Each component is registered (kinds.c, game_register_components) as
** gameplay state, which the state hash covers field by field, or as
** presentation, which it leaves out.
**
** Positions are whole pixels; the sub-pixel part of a motion lives in
** Velocity's remainders, so collisions are exact and runs are reproducible.
*/
#ifndef COMPONENTS_H
#define COMPONENTS_H

#include "anim.h"
#include "leveldesc.h"

#include "ecs.h"

#include <stdbool.h>
#include <stdint.h>

/* Component ids, in registration order (game_register_components), which is
** also the order the state hash walks an entity's components in. */
enum {
    C_TRANSFORM,
    C_VELOCITY,
    C_COLLIDER,
    C_SPRITE,
    C_ANIMATION,
    C_PLAYER,
    C_MOVER,
    C_SWITCH,
    C_TOGGLE_BLOCK,
    C_HAZARD,
    C_COLLECTIBLE,
    C_CHECKPOINT,
    C_GOAL,
    C_ENEMY,
    C_SPRING,
    C_CRUMBLE,
    C_SIGN,
    C_COMPONENT_COUNT
};

typedef struct Transform {
    int32_t x, y;           /* px, top-left of the entity */
    int32_t prev_x, prev_y; /* last tick's, for render interpolation */
} Transform;

typedef struct Velocity {
    float x, y;         /* px/s */
    float rem_x, rem_y; /* sub-pixel motion carried to the next tick */
} Velocity;

typedef enum ColliderKind {
    COLLIDER_SOLID,   /* actors cannot enter it (platforms, solid blocks) */
    COLLIDER_ACTOR,   /* moves and collides (player, walkers) */
    COLLIDER_TRIGGER, /* overlaps only (coins, checkpoints, hazards) */
    COLLIDER_ONEWAY,  /* a solid only from above, like a plank (a jump-through platform) */
} ColliderKind;

typedef struct Collider {
    int16_t off_x, off_y; /* box offset from Transform, px */
    int16_t w, h;         /* box size, px */
    uint8_t kind;         /* ColliderKind */
    bool enabled;         /* a ghost toggle block is a disabled solid */
} Collider;

typedef struct Sprite {
    uint16_t clip;   /* ClipId */
    uint16_t frame;  /* frame of the clip */
    int16_t w, h;    /* drawn size in px; larger than a frame tiles it */
    int8_t layer;    /* lower draws first */
    uint8_t variant; /* colour variant (a switch group's colour) */
    bool flip_x;
} Sprite;

typedef struct Animation {
    uint16_t clip; /* ClipId playing */
    uint16_t frame;
    uint32_t ticks; /* ticks since the clip started */
    int32_t mark;   /* the kind's own note for picking its next clip (the
                                player: the top of the fall under way, then the
                                squash its landing chose) */
} Animation;

typedef enum PlayerState {
    PLAYER_NORMAL,
    PLAYER_DEAD, /* waiting to respawn */
    PLAYER_DONE, /* reached the goal */
} PlayerState;

typedef struct Player {
    uint8_t state;            /* PlayerState */
    bool grounded;            /* standing on something this tick */
    bool was_grounded;        /* ... last tick */
    bool on_ceiling;          /* bumped a ceiling this tick */
    bool jump_held;           /* jump held this tick, for variable height */
    int8_t facing;            /* -1 left, +1 right */
    uint16_t coyote;          /* ticks left in which a jump still works */
    uint16_t buffer;          /* ticks left of a buffered jump press */
    uint16_t var_jump;        /* ticks left of held take-off speed */
    uint16_t land;            /* ticks left of the landing pose */
    uint16_t dead;            /* ticks since death */
    uint16_t drop;            /* ticks left of dropping through one-ways */
    uint16_t down_held;       /* ticks down has been held standing on a plank */
    uint16_t auto_jump;       /* ticks the variable jump holds even with jump released */
    int8_t force_x;           /* a wall jump's or a spring's direction, while force_timer runs */
    uint16_t force_timer;     /* ticks the horizontal input is replaced by force_x */
    int8_t wall_dir;          /* the wall last within reach: -1 left, +1 right, 0 none */
    uint16_t wall_coyote;     /* ticks in which a wall jump off it still works */
    uint16_t wall_slide;      /* ticks left before the slide's cap is back to max_fall */
    bool sliding;             /* sliding down a wall this tick */
    float var_speed;          /* px/s the variable jump holds (a jump's, a bounce's, a spring's) */
    float fall_cap;           /* current terminal speed, px/s (rises while down is held) */
    int32_t spawn_x, spawn_y; /* respawn point */
    EcsEntity riding;         /* platform stood on, or ECS_NULL */
} Player;

/* Something that follows waypoints: a moving platform (a solid, which
** carries and pushes), a moving saw (a hazard, which only moves). */
typedef struct Mover {
    LevelPoint path[LEVEL_MAX_WAYPOINTS];
    uint8_t path_len;         /* 1: it stays where it is */
    uint8_t target;           /* waypoint heading to */
    int8_t step;              /* +1 or -1 along the path (ping-pong) */
    bool loop;                /* loop, else ping-pong */
    bool ridden;              /* moves only when ridden, back to its start when left */
    bool idle;                /* ridden: resting at an end of its path until called */
    float speed;              /* px/s */
    uint16_t wait;            /* ticks it rests at each waypoint */
    uint16_t waiting;         /* ticks of rest left at the waypoint it reached */
    float rem_x, rem_y;       /* sub-pixel motion */
    int16_t moved_x, moved_y; /* px moved this tick (riders inherit it) */
} Mover;

typedef enum SwitchMode {
    SWITCH_TOGGLE, /* flips its group each time it is entered */
    SWITCH_ONCE,   /* turns its group on, for good */
    SWITCH_TIMED,  /* turns its group on for a while, then off again */
} SwitchMode;

typedef struct Switch {
    uint8_t group;
    uint8_t mode; /* SwitchMode */
    bool on;
    bool touched;   /* the player overlapped it last tick */
    uint16_t time;  /* timed: ticks its group stays on */
    uint16_t timer; /* timed: ticks left before it turns its group off */
} Switch;

typedef struct ToggleBlock {
    uint8_t group;
    bool solid_when_on;
    bool want_solid; /* waits for actors to leave before turning solid */
} ToggleBlock;

typedef struct Hazard {
    uint8_t unused; /* a marker: touching it kills */
} Hazard;

typedef struct Collectible {
    uint16_t value;
    bool gem; /* a secret gem, counted apart from coins */
} Collectible;

typedef struct Checkpoint {
    bool active;
} Checkpoint;

typedef struct Goal {
    uint8_t unused; /* a marker */
} Goal;

typedef enum EnemyState {
    ENEMY_WALKING,
    ENEMY_SQUASHED,
} EnemyState;

typedef struct Enemy {
    uint8_t state;      /* EnemyState */
    int8_t dir;         /* -1 or +1 */
    bool turn_at_edges; /* turns before ledges and spikes, not only at walls */
    uint16_t squashed;  /* ticks since stomped */
} Enemy;

/* A spring's direction: the index of its "dir" property's values. */
typedef enum SpringDir {
    SPRING_UP,    /* on a floor, launching up */
    SPRING_LEFT,  /* on a wall to its right, launching left */
    SPRING_RIGHT, /* on a wall to its left, launching right */
} SpringDir;

typedef struct Spring {
    uint8_t dir;   /* SpringDir */
    uint16_t rest; /* ticks before it can launch again */
} Spring;

typedef enum CrumbleState {
    CRUMBLE_SOLID,   /* waiting for the player */
    CRUMBLE_SHAKING, /* stood on: still solid, about to fall */
    CRUMBLE_GONE,    /* fallen: not solid until it comes back */
} CrumbleState;

typedef struct Crumble {
    uint8_t state;  /* CrumbleState */
    uint16_t timer; /* ticks left shaking, or gone */
} Crumble;

typedef struct Sign {
    uint16_t text; /* index into the level's texts (sim_text) */
} Sign;

/* EcsComponentDesc.flags of a component that is gameplay state: the state
** hash covers its listed fields. Components without it are presentation. */
enum { GAME_COMPONENT_STATE = 1u << 0 };

/* Registers every component above, in the order of the C_ ids. Returns
** false when out of memory. */
bool game_register_components(EcsWorld *world);
/* What component c is registered with (its name, size, flags and fields),
** or NULL for an unknown id; the same for every world. */
const EcsComponentDesc *game_component_desc(EcsComponent c);

#endif
