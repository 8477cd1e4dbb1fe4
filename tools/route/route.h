/* SPDX-License-Identifier: Zlib */
/*
** route.h -- finding inputs that bring Pip to a place: for designers
** writing a level's replays (the `route` tool).
**
** From the level's start, or from where a replay's inputs leave the
** player, route_find searches for inputs that put the player's box into a
** target box (or complete the level) with no death, by playing candidate
** inputs on the simulation itself: what it finds plays back exactly.
*/
#ifndef ROUTE_H
#define ROUTE_H

#include "leveldesc.h"
#include "replay.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where to go: the level's end, or a box the player's box must touch. */
typedef struct RouteTarget {
    bool goal;          /* reached when the level completes; the box is unused */
    int32_t x, y, w, h; /* px */
    bool standing;      /* ... and only while standing on something */
} RouteTarget;

typedef struct RouteOptions {
    unsigned long max_ticks; /* longest route, after the prefix */
    unsigned long budget;    /* the search stops once this many candidates are played */
    float weight;            /* how much nearness counts against time taken: 1 is even */
    float jump_cost;         /* ticks a jump counts as: fewer jumps, easier routes */
    bool down;               /* also try holding down (drops through planks) */
} RouteOptions;

/* Defaults: 1200 ticks (20 s), 20000 candidates, weight 1.5, a jump
** costs 8 ticks, no down. */
RouteOptions route_defaults(void);

typedef struct RouteResult {
    bool found;
    Replay route;                 /* the inputs after the prefix; the caller's to replay_fini */
    unsigned long ticks;          /* route.count */
    int32_t x, y;                 /* where the player's box ends (top-left, px); when not
                             ** found, where it came closest */
    bool grounded;                /* standing there */
    float distance;               /* px from the target then: 0 when found */
    unsigned long sims;           /* Sims built by the search */
    unsigned long long simulated; /* ticks they ran, prefixes included */
} RouteResult;

/* Searches from the state prefix leaves (NULL or empty: the level's
** start). False, with a message in err, when the prefix ends with the
** level completed or the player dead, or when out of memory; otherwise
** true, with out->found telling whether a route was found. */
bool route_find(const LevelDesc *level, const Replay *prefix, const RouteTarget *target,
                const RouteOptions *opt, RouteResult *out, char *err, size_t errlen);

#endif
