/* SPDX-License-Identifier: Zlib */
/*
** sim.h -- one level being played: the world, its tile map, and the tick.
**
** A Sim is built from a LevelDesc and advanced one fixed tick at a time
** with an InputIntent. It never reads a device, a clock or a file, so the
** same level and inputs give the same state on every run and build. The
** front end reads the world through views and the tick's events.
*/
#ifndef SIM_H
#define SIM_H

#include "anim.h"
#include "components.h"
#include "input.h"
#include "leveldesc.h"
#include "sound.h"

#include "ecs.h"

#include <stddef.h>
#include <stdint.h>

enum { SIM_TICK_RATE = 60 };

/* How near a sign the player's box must be for its words to show
** (SimStatus.sign): this many px either side of the sign's box, above it
** and below it. */
enum { SIM_SIGN_REACH_X = 40, SIM_SIGN_REACH_UP = 48, SIM_SIGN_REACH_DOWN = 16 };
#define SIM_DT (1.0f / (float)SIM_TICK_RATE)

typedef enum SimEventType {
    EV_JUMPED,
    EV_LANDED,
    EV_COLLECTED, /* a coin (or a gem: its sound says which) */
    EV_DIED,
    EV_RESPAWNED,
    EV_CHECKPOINT,
    EV_SWITCH,
    EV_STOMPED,
    EV_COMPLETED,
    EV_WALL_JUMPED,
    EV_CUE, /* a kind's own moment (a spring launching, ...): its sound */
    EV_TYPE_COUNT
} SimEventType;

typedef struct SimEvent {
    SimEventType type;
    int32_t x, y; /* where it happened, px */
    Sound sound;  /* the sound it makes (sound.h), or SOUND_NONE */
} SimEvent;

typedef enum SimOutcome {
    OUTCOME_RUNNING,
    OUTCOME_COMPLETED,
    OUTCOME_DIED, /* the player is dead, waiting to respawn */
} SimOutcome;

/* Coins and gems picked up are carried until the player reaches a
** checkpoint or the goal alive, where they are banked; dying drops what is
** carried (and the level puts them back). */
typedef struct SimStatus {
    uint32_t ticks;
    uint32_t deaths;
    int collected, collectibles; /* coins banked; coins the level holds */
    int carried;                 /* coins picked up since the last checkpoint */
    int gems, gems_total;        /* gems banked; gems the level holds */
    int gems_carried;
    int sign;               /* the text (sim_text) of the sign the player is near, or -1 */
    int32_t sign_x, sign_y; /* that sign's top middle, px (presentation: not hashed) */
    SimOutcome outcome;
} SimStatus;

typedef struct Sim Sim;

/* Whole ticks in `seconds` at the tick rate, rounded: how the time
** parameters (coyote_time, jump_buffer, ...) become tick counts. */
int sim_ticks(float seconds);

/* Builds a level. clips may be NULL (single frames). Returns NULL when out
** of memory or when the level has no player. */
Sim *sim_create(const LevelDesc *level, const ClipTable *clips);
void sim_destroy(Sim *sim);

/* Advances one tick: input, physics, gameplay, animation, in that order. */
void sim_tick(Sim *sim, const InputIntent *input);

/* Makes dst, built from the same level as src (sim_create of the same
** LevelDesc and clips), what src is now: from here the two tick alike,
** hash for hash, for the same inputs. For trying many futures from one
** moment without playing the past again (--jitter). False when memory runs
** out; dst is then not to be ticked. */
bool sim_copy(Sim *dst, const Sim *src);

const SimStatus *sim_status(const Sim *sim);
/* The events of the last tick; owned by the Sim, valid until the next tick. */
const SimEvent *sim_events(const Sim *sim, int *count);

/* A text of the level (a sign's words) by its index, as a component holds
** it; "" for an index it does not have. Owned by the Sim. */
const char *sim_text(const Sim *sim, int index);

EcsWorld *sim_world(Sim *sim);
const Tilemap *sim_map(const Sim *sim);
const PhysicsParams *sim_params(const Sim *sim);
EcsEntity sim_player(const Sim *sim);

/* A 64-bit hash of all gameplay state (not render interpolation, not
** animation frames), for replays and desync hunting. */
uint64_t sim_hash(const Sim *sim);

/* Checks what must hold after every tick: no live actor inside a solid
** (sim_box_clear), velocities and movers' remainders finite. Returns false and describes the
** first violation in msg. */
bool sim_check_invariants(Sim *sim, char *msg, size_t size);

/* ---- the rules a level's start keeps, and every tick after (rules.c) ----
**
** --check (level/validate.c) builds the level's Sim and asks these of its
** start; sim_check_invariants asks the same of every tick. So a level that
** --check passes cannot fail --soak's invariants on its first tick. */

typedef struct SimBox {
    int32_t x, y, w, h; /* px */
} SimBox;

/* What a box overlaps that an actor may not enter. */
typedef struct SimBlocker {
    bool tile;        /* a solid tile (or the wall past the map's side) ... */
    int32_t col, row; /* ... at this column and row */
    SimBox box;       /* else an enabled solid entity's collider box */
} SimBlocker;

/* True when an actor's box overlaps no solid tile, no wall past the map's
** left or right side, and no enabled solid entity (a platform, a block
** that is solid now; not one-way planks). Otherwise describes the first
** thing in the way in *blocker (may be NULL): tiles before entities,
** entities in slot order. */
bool sim_box_clear(const Sim *sim, SimBox box, SimBlocker *blocker);

/* The collider box an entity of the level spawns with: its kind's hit box
** inside the entity's box (the whole box for kinds without one). */
SimBox sim_spawn_box(const LevelEntity *le);

/* Where the player's collider is when it comes back to life at respawn
** point r (a kind flagged KIND_RESPAWN): at the start, where it spawned;
** at a checkpoint, standing on its bottom, centred on it. */
SimBox sim_respawn_box(const LevelEntity *r);

/* The part of the player's box at `player` that spikes, saws and enemies
** hurt: hurtbox_top shorter at the top, hurtbox_side narrower each side
** (the whole box when that leaves nothing). */
SimBox sim_hurt_box(SimBox player, const PhysicsParams *params);

/* True when the two boxes share at least one pixel. */
bool sim_boxes_overlap(SimBox a, SimBox b);

/* ---- where a walker may go (reach.c) ---- */

typedef struct SimReach {
    bool landed;          /* it comes to stand as the level starts, nothing changed ... */
    SimBox landing;       /* ... with its collider there */
    const SimBox *stands; /* its collider wherever it may come to stand, by y then x, each once */
    int count;
    bool cut; /* the search stopped at a limit: there may be more */
} SimReach;

typedef void SimReachFn(void *ctx, const LevelEntity *walker, const SimReach *reach);

/* For each entity of level whose kind patrols (KIND_PATROLS), in level
** order: every place it may come to stand, whatever the player does to
** blocks and crumbling blocks, carried by platforms and thrown by springs,
** given to fn (the result lasts until fn returns). sim is level's, as
** sim_create made it; the search leaves it of no further use. False when
** out of memory. */
bool sim_walkers_reach(Sim *sim, const LevelDesc *level, SimReachFn *fn, void *ctx);

/* Moves the player to (x, y) if its box fits there; for hot reload. */
bool sim_place_player(Sim *sim, int32_t x, int32_t y);

#endif
