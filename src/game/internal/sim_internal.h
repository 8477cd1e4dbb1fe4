/* SPDX-License-Identifier: Zlib */
/*
** sim_internal.h -- what the systems of src/game/ share: the Sim itself,
** collision queries and actor movement. Not for use outside src/game/.
*/
#ifndef SIM_INTERNAL_H
#define SIM_INTERNAL_H

#include "sim.h"

enum { SIM_MAX_EVENTS = 64 };

/* ---- broadphase.c: which entities are near a box (see its essay) ---- */

enum {
    GRID_CELL = 64,      /* px: four tiles */
    GRID_BIG_CELLS = 64, /* a box that may cover more cells is listed once, as big */
};

typedef struct GridEntry {
    uint32_t slot, generation; /* the entity */
    uint32_t cell;             /* the cell it is listed in; UINT32_MAX when free */
    uint32_t next;             /* next entry of that cell, or of the free list */
} GridEntry;

/* A big box: listed once, with the cells it covers. */
typedef struct GridBig {
    uint32_t slot, generation;
    int32_t c0, r0, c1, r1;
} GridBig;

typedef struct Grid {
    int32_t cols, rows;
    int32_t origin_x, origin_y; /* px of cell (0, 0)'s top-left corner */
    uint32_t *heads;            /* per cell, its first entry, or UINT32_MAX */
    GridEntry *entries;
    uint32_t count; /* entries used (some on the free list) */
    size_t cap;     /* and held */
    uint32_t free;  /* first free entry, or UINT32_MAX */
    uint32_t used;  /* entities listed since the rebuild */
    GridBig *big;   /* the big boxes, in the order listed */
    uint32_t big_count;
    size_t big_cap;
    bool failed; /* out of memory since the rebuild: queries cannot trust it */
    bool stale;  /* to be rebuilt before the next query; moves are not followed */
} Grid;

typedef struct GridQuery {
    const struct Grid *grid;
    int32_t c0, r0, c1, r1, c, r;
    uint32_t at;
    uint32_t big_at; /* the next big box to look at, once the cells are done */
} GridQuery;

struct Sim {
    EcsWorld *world;
    Tilemap map;
    PhysicsParams params;
    ClipTable clips;
    InputIntent input; /* this tick's */
    SimStatus status;
    SimEvent events[SIM_MAX_EVENTS];
    int event_count;
    EcsEntity player;
    bool group_on[LEVEL_MAX_GROUPS];
    int32_t kill_y;   /* an actor whose top passes this dies */
    LevelText *texts; /* the level's texts, copied: components name them by index */
    int text_count;
    Grid solids, actors; /* broadphase.c */
    EcsEntity *near;     /* scratch for gathering what a grid lists */
    size_t near_cap;
    struct Actor *touched; /* scratch: the actors a moving solid may touch */
    size_t touched_cap;    /* (moving_platform.c) */
    EcsWorld *snapshot;    /* the level at the last checkpoint (restore.c), or NULL */
    bool snapshot_groups[LEVEL_MAX_GROUPS];
    bool snapshot_due;          /* a checkpoint was reached this tick */
    bool invincible;            /* the Assist's invincibility, this tick (invincible.c) */
    int32_t ground_x, ground_y; /* ... and where the player last stood on tiles meanwhile */
    bool rescue_due;            /* ... and a mover crushed it this tick (never set between ticks) */
};

/* Makes the entity le describes (sim.c's spawn), with its first clip;
** ECS_NULL when out of memory. */
EcsEntity sim_spawn(Sim *sim, const LevelDesc *level, const LevelEntity *le, uint16_t first_clip);

/* Records an event of this tick with its type's own sound, or with `sound`. */
void sim_emit(Sim *sim, SimEventType type, int32_t x, int32_t y);
void sim_emit_sound(Sim *sim, SimEventType type, Sound sound, int32_t x, int32_t y);

/* ---- collide.c: boxes, queries, movement ---- */

typedef SimBox Box;

static inline Box box_of(const Transform *t, const Collider *c)
{
    return (Box){t->x + c->off_x, t->y + c->off_y, c->w, c->h};
}

static inline bool box_overlap(Box a, Box b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Where events happen: a box's centre, or the middle of its bottom edge
** (the feet, for jumps and landings). */
static inline void emit_at_center(Sim *sim, SimEventType type, Box b)
{
    sim_emit(sim, type, b.x + b.w / 2, b.y + b.h / 2);
}

static inline void emit_at_feet(Sim *sim, SimEventType type, Box b)
{
    sim_emit(sim, type, b.x + b.w / 2, b.y + b.h);
}

/* A kind's own moment (EV_CUE) at the middle of b, making `sound`. */
static inline void emit_cue(Sim *sim, Sound sound, Box b)
{
    sim_emit_sound(sim, EV_CUE, sound, b.x + b.w / 2, b.y + b.h / 2);
}

/* The tiles a box covers, inclusive (floor division: boxes can reach above
** the map, where coordinates are negative). */
typedef struct TileRange {
    int32_t x0, y0, x1, y1;
} TileRange;

/* The tile column or row of pixel coordinate px, rounded towards minus
** infinity (px / TILE_SIZE rounds negative px the wrong way; boxes can
** reach above the map), in the few instructions of a shift: px is moved
** into the non-negative range first, where dividing by a power of two is
** one. Every collision probe asks this four times. */
static inline int32_t tile_of(int32_t px)
{
    enum { BIAS_TILES = 1 << 27 }; /* more tiles than any coordinate reaches */
    return (int32_t)((uint32_t)((int64_t)px + (int64_t)BIAS_TILES * TILE_SIZE) / TILE_SIZE) -
           BIAS_TILES;
}

static inline TileRange tiles_under(Box box)
{
    return (TileRange){tile_of(box.x), tile_of(box.y), tile_of(box.x + box.w - 1),
                       tile_of(box.y + box.h - 1)};
}

bool grid_init(Grid *g, int32_t width_px, int32_t height_px);
void grid_fini(Grid *g);
/* Lists e in the cells b covers. False (and g->failed) when out of memory. */
bool grid_insert(Grid *g, EcsEntity e, Box b);
/* e, listed for box from, is now at box to. */
void grid_move(Grid *g, EcsEntity e, Box from, Box to);
/* The entities listed in the cells b covers; one may come more than once. */
void grid_query_begin(GridQuery *q, const Grid *g, Box b);
bool grid_query_next(GridQuery *q, EcsEntity *out);
/* The entities listed near b, each once, in slot order: *n of them in
** sim->near (grown as needed). False when out of memory. */
bool grid_gather(Sim *sim, const Grid *g, Box b, int *n);
/* Rebuild the grids from the world: the solids at the start of a tick; the
** actors when first asked for after the platform system began (the player
** and walkers have moved by then): platforms, blocks, springs and returning
** crumbles ask, so a level with none of these never rebuilds it. */
void broadphase_solids(Sim *sim);
const Grid *broadphase_actors(Sim *sim);

/* True when `box` overlaps a solid tile. Past the left or right edge of
** the map is wall; above and below it is air. Inline, with collide_solid:
** every pixel an actor moves asks it, a few times. */
static inline bool collide_tiles(const Tilemap *map, Box box)
{
    TileRange r = tiles_under(box);
    if (r.x0 < 0 || r.x1 >= map->width)
        return true;
    int32_t y0 = r.y0 < 0 ? 0 : r.y0, y1 = r.y1 >= map->height ? map->height - 1 : r.y1;
    /* Bottom row first: most probes ask what is under a box. */
    for (int32_t ty = y1; ty >= y0; ty--) {
        const uint8_t *row = map->tiles + (size_t)ty * (size_t)map->width;
        for (int32_t tx = r.x0; tx <= r.x1; tx++)
            if (row[tx] == TILE_SOLID)
                return true;
    }
    return false;
}

/* True when `box` overlaps an enabled solid entity other than `ignore`. */
bool collide_solid_entity(const Sim *sim, Box box, EcsEntity ignore);

/* True when `box` overlaps a solid tile or an enabled solid entity other
** than `ignore`. */
static inline bool collide_solid(const Sim *sim, Box box, EcsEntity ignore)
{
    return collide_tiles(&sim->map, box) ||
           (sim->solids.used != 0 && collide_solid_entity(sim, box, ignore));
}
/* True when `box`, moving down one pixel, would land on the top of a one-way
** tile or a one-way platform (a plank): its bottom edge lies exactly on
** that top. */
bool collide_oneway_top(const Sim *sim, Box box);
/* The enabled solid entity a box stands on (one pixel below), or ECS_NULL. */
EcsEntity collide_solid_below(const Sim *sim, Box box);

/* Moves an actor by `amount` px along axis 0 (x) or 1 (y), a pixel at a
** time, keeping the sub-pixel remainder in *rem. Returns true when a solid
** stopped it. Moving down, one-way tiles stop it unless drop_through is
** set. The actor grid (broadphase.c) follows the move. */
bool actor_move(Sim *sim, EcsEntity self, Transform *t, const Collider *c, int axis, float amount,
                float *rem, bool drop_through);
/* Moves by whole pixels (carried by a platform). Returns true when blocked. */
bool actor_move_exact(Sim *sim, EcsEntity self, Transform *t, const Collider *c, int axis,
                      int32_t d, bool drop_through);
/* On the ground: a solid, or a one-way top, one pixel below. */
bool actor_grounded(const Sim *sim, EcsEntity self, Box box, bool drop_through);

/* ---- the tick ----
**
** The systems of a tick, in the order a tick runs them: the one place that
** order is written (sim.c registers them from it). It is part of the
** determinism contract: every replay's hash depends on it. Each row is the
** system's name; system_NAME is its function. */
#define SIM_SYSTEMS(X)                                                                             \
    X(broadphase) /* list the solids by where they are (broadphase.c) */                           \
    X(history)    /* remember last tick's positions, for interpolation (sim.c) */                  \
    X(player)     /* character physics (player.c) */                                               \
    X(walkers)    /* enemies patrol (walker.c) */                                                  \
    X(platforms)  /* movers follow their paths: platforms carry and push actors, saws just move \
                       (moving_platform.c) */  \
    X(springs)    /* springs launch the player and walkers (spring.c) */                           \
    X(interactions) /* hazards, stomps, coins, checkpoints, switches, goal (interact.c) */         \
    X(blocks)       /* toggle blocks follow their group, never closing on an actor (interact.c) */ \
    X(crumbles)     /* stood-on blocks shake, fall away and come back (crumble.c) */               \
    X(signs)        /* which sign the player stands at (sign.c) */                                 \
    X(snapshots)    /* the level copied when a checkpoint asked (restore.c) */                     \
    X(respawn)   /* a dead player comes back after respawn_time, the level put back as it was  \
                       at the checkpoint (restore.c) */   \
    X(animation) /* clips picked from this tick's state (animation.c) */

#define SIM_SYSTEM_DECLARE(name) void system_##name(EcsWorld *world, float dt, void *ctx);
SIM_SYSTEMS(SIM_SYSTEM_DECLARE)
#undef SIM_SYSTEM_DECLARE

/* Whether the player (unless dead) or a walking walker overlaps box: what
** keeps a toggle or crumbling block from closing on it (interact.c). */
bool actor_inside(Sim *sim, Box box);

/* ---- restore.c: the level put back when the player dies ---- */

/* The first snapshot, of the level as built; false when out of memory. */
bool restore_init(Sim *sim);
void restore_fini(Sim *sim);
/* The world as at the last snapshot, but for the player's components; the
** switch groups too, and what was carried dropped. Called outside any
** loop; false (and nothing changed) without a snapshot. */
bool restore_level(Sim *sim);

/* Kills the player (once): used by hazards, enemies, squeezes and falls. */
void player_kill(Sim *sim);

/* ---- invincible.c: the Assist's invincibility ---- */

/* Invincibility turned on: the last ground is the respawn point, or where
** the player stands now. */
void invincible_begin(Sim *sim);
/* After the player's step: where it stands, if on tiles, is its last ground. */
void invincible_note_ground(Sim *sim);
/* What would have killed the player (a fall, a crush) puts it back on its
** last ground instead; or the respawn point; or, when neither has room,
** kills it after all. */
void invincible_rescue(Sim *sim);
/* Sends the player up at vy (px/s, negative): the variable jump holds that
** speed for hold_seconds while jump is held, and for auto_seconds whatever
** is held; with force_x (-1, +1) the stick is replaced by that direction for
** force_seconds. Stomps, springs and wall jumps start so. */
void player_launch(const Sim *sim, Player *p, Velocity *v, float vy, float hold_seconds,
                   float auto_seconds, int force_x, float force_seconds);

/* ---- the kinds' own spawn and animate functions (kinds.h), by file ---- */

/* player.c */
bool player_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
void player_animate(Sim *sim, uint16_t first_clip);
/* walker.c: one walker's part of a tick; false when it has fallen out of the level */
bool walker_tick(Sim *sim, EcsEntity self, Enemy *e, Transform *t, Velocity *v, const Collider *c,
                 float dt);
bool walker_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
void walker_animate(Sim *sim, uint16_t first_clip);
/* moving_platform.c: platforms, and anything else that follows waypoints.
** mover_advance is a mover's own motion in a tick, the whole pixels it
** moves (false: none), touching nothing else; mover_tick is its part of a
** tick: that motion, carrying and pushing actors. */
bool mover_advance(Mover *mp, const Transform *t, float dt, int32_t *dx, int32_t *dy);
void mover_tick(Sim *sim, EcsEntity self, Mover *mp, Transform *t, Collider *c, float dt);
bool moving_platform_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
bool mover_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
/* spring.c: one spring's part of a tick (b its box) */
void spring_tick(Sim *sim, Spring *s, Box b);
bool spring_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
void spring_animate(Sim *sim, uint16_t first_clip);
/* crumble.c */
void crumble_animate(Sim *sim, uint16_t first_clip);
/* sign.c */
bool sign_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
/* interact.c */
bool collectible_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
void checkpoint_animate(Sim *sim, uint16_t first_clip);
bool switch_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
void switch_animate(Sim *sim, uint16_t first_clip);
bool block_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le);
void block_animate(Sim *sim, uint16_t first_clip);

/* Starts clip `clip` on a, unless it is already playing. */
static inline void anim_play(Animation *a, uint16_t clip)
{
    if (a->clip != clip) {
        a->clip = clip;
        a->frame = 0;
        a->ticks = 0;
    }
}

#endif
