/* SPDX-License-Identifier: Zlib */
/*
** reach.c -- every place a walker may come to stand, found by running the
** walker's own code, for --check.
**
** The rule it serves (level/validate.c): a walker must never walk through
** a checkpoint, for dying puts the level back as it was when the
** checkpoint was reached, the walker too, and one standing where the
** player comes back to life would kill it at every try; and where it first
** comes to stand as the level starts must not be the player's start.
**
** Where a walker goes depends on more than its floor. A block follows its
** switch group and a crumbling block falls away under the player, so a
** walker on a bridge of them may stay up there or drop through, and one
** walled in by a block may be let out; a platform carries a walker that
** steps onto it and pushes one in its way; a spring throws it. So the
** search runs the walker's part of a tick as the tick runs it (walker_tick,
** then the platforms' mover_tick, then the springs' spring_tick: the order
** of sim.c's table) in the level's own Sim, with the player out of play and
** the walker alone, from every state the walker may be in, and keeps every
** state it comes to. A state is:
**
**   - the walker's own: where it is, its fall speed, the fractions of a
**     pixel it carries, its heading;
**   - each platform near it, by its phase: the tick of its path, which
**     repeats, it is at (its path is followed from the level's start, up
**     to REACH_PHASES ticks, to find where it repeats). A platform that is
**     not near is forgotten; coming near again, it may be at any phase;
**   - a spring near it resting after it threw the walker.
**
** Blocks and crumbling blocks are the player's doing, so at every tick
** each one near the walker may be there or not: the blocks of a switch
** group together, each crumbling block alone, and never one that would
** close on the walker (the game's blocks wait for it to leave). Each choice
** is a step of its own. That is more than a player can do (a group flips
** only when its switch is touched), never less.
**
** A state met before is not followed again, so the search ends: a walker
** has few states (a floor's pixels, two headings, the three fractions that
** walker_speed leaves; a fall's ticks), times a platform's phases while one
** is near. The states in which it stands (on something, not rising: walker
** .c's grounded) are the answer. As the level starts nothing is in doubt:
** the walker run with every block as it starts and every platform at its
** start tells where it first comes to stand.
**
** What it leaves out: the player bouncing on a spring just as the walker
** comes to it (the resting spring would not throw the walker). The work is
** bounded: REACH_WORK steps for a level (a step counted with the things
** near it) and REACH_STATES states for a walker; past them, or with more
** than REACH_CHOICES doubtful solids or REACH_NEAR platforms near one
** place, the search stops there (cut) and answers with what it found.
*/
#include "sim_internal.h"

#include "array.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    REACH_WORK = 1 << 22,                   /* steps for a level, each with what is near it */
    REACH_STATES = 1 << 18,                 /* states of one walker */
    REACH_CHOICES = 8,                      /* doubtful solids (or their groups) near a place */
    REACH_NEAR = 4,                         /* platforms and resting springs a state keeps */
    REACH_PHASES = 1 << 13,                 /* ticks of a platform's path followed */
    REACH_FIRST_TICKS = 60 * SIM_TICK_RATE, /* the fall as the level starts */
};

#define SPRING_ITEM 0x80000000u /* Near.item: a spring's index, not a platform's */

/* A platform at one tick of its path: what of it changes. */
typedef struct Phase {
    int32_t x, y;
    float rem_x, rem_y;
    uint16_t waiting;
    uint8_t target;
    int8_t step;
} Phase;

/* A platform, and its path tick by tick from the level's start. */
typedef struct Track {
    EcsEntity e;
    Box zone; /* every place its collider may be, and one tick's move around */
    Collider c;
    Transform t0; /* as the level starts */
    Mover m0;
    Phase *phases;        /* NULL until a walker first comes near */
    uint32_t count, loop; /* phases held; the one after the last (count: none found) */
} Track;

typedef struct Near {
    uint32_t item;  /* a track's index, or SPRING_ITEM | a spring's */
    uint32_t value; /* the track's phase, the spring's rest */
} Near;

/* Compared and hashed as bytes: built from zero. */
typedef struct State { /* a whole number of 8-byte words */
    int32_t x, y;      /* the walker's Transform */
    float vy, rem_x, rem_y;
    int8_t dir;
    uint8_t near_count;
    uint16_t zero;
    Near near[REACH_NEAR]; /* by item */
} State;

_Static_assert(sizeof(State) % 8 == 0, "hash_of reads a State as whole words");

typedef struct SpringAt {
    EcsEntity e;
    Box box;
} SpringAt;

/* A solid near the walker that the player makes come and go, and which of
** the step's choices says whether it is there. */
typedef struct Doubt {
    Collider *c;
    Box box;
    int choice;   /* REACH_CHOICES: none, it stays as the level starts */
    bool when_on; /* there when its choice is on (a block may be the other way) */
    bool start;   /* there as the level starts */
} Doubt;

typedef struct Reach {
    Sim *sim;
    EcsEntity walker; /* the one being searched, spawned for it, ... */
    Transform *wt;    /* ... its components (no entity comes or goes while it is searched) */
    Velocity *wv;
    Enemy *we;
    Collider shape;
    Track *tracks;
    size_t track_count, track_cap;
    SpringAt *springs;
    size_t spring_count, spring_cap;
    Grid things;              /* the tracks' zones, then the springs' boxes, by index */
    int32_t reach_x, reach_y; /* how far a tick may take a walker, and more */
    long work;
    /* near the state being stepped */
    Doubt *doubts;
    size_t doubt_count, doubt_cap;
    uint32_t *items; /* tracks, then springs, near it (gather_items) */
    size_t item_count, item_cap;
    uint32_t *stepped; /* ... near the state being stepped */
    size_t stepped_count, stepped_cap;
    /* one walker's search */
    State *states;
    size_t count, cap;
    uint32_t *slots; /* open addressing: a state's index + 1, 0 free */
    size_t slot_cap;
    SimBox *stands;
    size_t stand_count, stand_cap;
    bool first; /* following the level's start: the next state, not all */
    State next;
    bool has_next;
    uint32_t tick;
    bool cut, failed;
} Reach;

static Box grown(Box b, int32_t dx, int32_t dy)
{
    return (Box){b.x - dx, b.y - dy, b.w + 2 * dx, b.h + 2 * dy};
}

static Box walker_box(const Reach *r, int32_t x, int32_t y)
{
    return (Box){x + r->shape.off_x, y + r->shape.off_y, r->shape.w, r->shape.h};
}

/* ---- the things near a place ----------------------------------------------------- */

/* The tracks whose zone, and the springs whose box, meet `around`, into
** r->items: tracks by index, then springs (SPRING_ITEM | index). */
static void gather_items(Reach *r, Box around)
{
    r->item_count = 0;
    int n;
    if (!grid_gather(r->sim, &r->things, around, &n) ||
        !array_reserve(r->items, r->item_cap, (size_t)n + 1)) {
        r->failed = true;
        return;
    }
    for (int i = 0; i < n; i++) {
        uint32_t item = r->sim->near[i].index;
        bool track = item < r->track_count;
        if (box_overlap(track ? r->tracks[item].zone : r->springs[item - r->track_count].box,
                        around))
            r->items[r->item_count++] =
                track ? item : SPRING_ITEM | (uint32_t)(item - r->track_count);
    }
}

/* The blocks and crumbling blocks that meet `around`, into r->doubts, each
** with its choice: a switch group's blocks share one. Returns the number of
** choices (at most REACH_CHOICES: past that, cut, and the rest stay as the
** level starts). */
static int gather_doubts(Reach *r, Box around)
{
    Sim *sim = r->sim;
    r->doubt_count = 0;
    int groups[LEVEL_MAX_GROUPS] = {0}, choices = 0, n; /* a group's choice + 1 */
    if (!grid_gather(sim, &sim->solids, around, &n) ||
        !array_reserve(r->doubts, r->doubt_cap, (size_t)n + 1)) {
        r->failed = true;
        return 0;
    }
    for (int i = 0; i < n; i++) {
        EcsEntity e = sim->near[i];
        const ToggleBlock *tb = ecs_get(sim->world, e, C_TOGGLE_BLOCK);
        if (tb == NULL && !ecs_has(sim->world, e, C_CRUMBLE))
            continue;
        Collider *c = ecs_get(sim->world, e, C_COLLIDER);
        Box b = box_of(ecs_get(sim->world, e, C_TRANSFORM), c);
        if (!box_overlap(b, around))
            continue;
        int choice = tb != NULL ? groups[tb->group] - 1 : -1;
        if (choice < 0 && choices == REACH_CHOICES) {
            r->cut = true;
            choice = REACH_CHOICES; /* as the level starts */
        } else if (choice < 0) {
            choice = choices++;
            if (tb != NULL)
                groups[tb->group] = choice + 1;
        }
        /* a crumble is there while its choice is on, a block while its
        ** group is as it wants; every group starts off (interact.c) */
        bool when_on = tb == NULL || tb->solid_when_on;
        r->doubts[r->doubt_count++] = (Doubt){c, b, choice, when_on, tb == NULL || !when_on};
    }
    return choices;
}

/* ---- a platform's path ---------------------------------------------------------------- */

static Phase phase_of(const Transform *t, const Mover *m)
{
    return (Phase){t->x, t->y, m->rem_x, m->rem_y, m->waiting, m->target, m->step};
}

/* Follows the track's path from the level's start (mover_advance, as the
** tick moves it) until a tick where it turns at a waypoint is one met
** before: from there it repeats. False when out of memory. */
static bool follow_path(Reach *r, Track *tr)
{
    if (tr->phases != NULL)
        return true;
    Transform t = tr->t0;
    Mover m = tr->m0;
    /* A platform that moves when ridden may be anywhere along its path at
    ** any time: followed as one going back and forth, it passes every place
    ** it may be. */
    m.ridden = m.idle = false;
    size_t cap = 0;
    tr->count = 0;
    tr->loop = 0;
    for (uint32_t n = 0; n < REACH_PHASES; n++) {
        Phase p = phase_of(&t, &m);
        /* a tick where it turns: the first, or one heading elsewhere */
        bool turned = n == 0 || p.target != tr->phases[n - 1].target;
        for (uint32_t i = 0; turned && i < n; i++)
            if ((i == 0 || tr->phases[i].target != tr->phases[i - 1].target) &&
                memcmp(&tr->phases[i], &p, sizeof p) == 0) {
                tr->loop = i;
                return true;
            }
        if (!array_reserve(tr->phases, cap, n + 1u)) {
            r->failed = true;
            return false;
        }
        tr->phases[tr->count++] = p;
        int32_t dx, dy;
        mover_advance(&m, &t, SIM_DT, &dx, &dy);
        t.x += dx;
        t.y += dy;
        r->work++;
    }
    tr->loop = tr->count; /* no repeat found: the path is followed this far only */
    return true;
}

/* The phase after p, or UINT32_MAX past what was followed. */
static uint32_t phase_after(const Track *tr, uint32_t p)
{
    if (p + 1 < tr->count)
        return p + 1;
    return tr->loop < tr->count ? tr->loop : UINT32_MAX;
}

/* The phase at tick t from the level's start, or UINT32_MAX. */
static uint32_t phase_at(const Track *tr, uint32_t t)
{
    if (t < tr->count)
        return t;
    if (tr->loop >= tr->count)
        return UINT32_MAX;
    return tr->loop + (t - tr->loop) % (tr->count - tr->loop);
}

/* ---- the states kept --------------------------------------------------------------- */

static size_t hash_of(const State *s)
{
    uint64_t h = 0, word;
    for (size_t i = 0; i + sizeof word <= sizeof *s; i += sizeof word) {
        memcpy(&word, (const unsigned char *)s + i, sizeof word);
        h = (h ^ word) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 32;
    }
    return (size_t)h;
}

static bool rehash(Reach *r, size_t cap)
{
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (slots == NULL)
        return false;
    for (size_t i = 0; i < r->count; i++) {
        size_t at = hash_of(&r->states[i]) & (cap - 1);
        while (slots[at] != 0)
            at = (at + 1) & (cap - 1);
        slots[at] = (uint32_t)i + 1;
    }
    free(r->slots);
    r->slots = slots;
    r->slot_cap = cap;
    return true;
}

/* Keeps s to be followed, unless it was met before. */
static void visit(Reach *r, const State *s)
{
    if (r->first) {
        r->next = *s;
        r->has_next = true;
        return;
    }
    if (2 * (r->count + 1) > r->slot_cap && !rehash(r, r->slot_cap ? 2 * r->slot_cap : 1024)) {
        r->failed = true;
        return;
    }
    size_t at = hash_of(s) & (r->slot_cap - 1);
    for (; r->slots[at] != 0; at = (at + 1) & (r->slot_cap - 1))
        if (memcmp(&r->states[r->slots[at] - 1], s, sizeof *s) == 0)
            return;
    if (r->count == REACH_STATES) {
        r->cut = true;
        return;
    }
    if (!array_reserve(r->states, r->cap, r->count + 1)) {
        r->failed = true;
        return;
    }
    r->states[r->count] = *s;
    r->slots[at] = (uint32_t)++r->count;
}

/* Whether the track at phase p is within `around` (so it may touch the
** walker in the tick to come). */
static bool near_at(const Track *tr, uint32_t p, Box around)
{
    return box_overlap(
        (Box){tr->phases[p].x + tr->c.off_x, tr->phases[p].y + tr->c.off_y, tr->c.w, tr->c.h},
        around);
}

static int near_order(const void *a, const void *b)
{
    const Near *x = a, *y = b;
    return (x->item > y->item) - (x->item < y->item);
}

/* Keeps s, and s with each track of fresh[from..] (whose phase is not
** known) at each phase at which it is within `around`. */
static void visit_phases(Reach *r, const State *s, const uint32_t *fresh, int count, int from,
                         Box around)
{
    if (from == count) {
        State sorted = *s;
        qsort(sorted.near, sorted.near_count, sizeof *sorted.near, near_order);
        visit(r, &sorted);
        return;
    }
    visit_phases(r, s, fresh, count, from + 1, around);
    Track *tr = &r->tracks[fresh[from]];
    if (!follow_path(r, tr))
        return;
    r->work += tr->count;
    if (s->near_count == REACH_NEAR) {
        r->cut = true;
        return;
    }
    State with = *s;
    with.near_count++;
    for (uint32_t p = 0; p < tr->count && !r->failed; p++)
        if (near_at(tr, p, around)) {
            with.near[s->near_count] = (Near){fresh[from], p};
            visit_phases(r, &with, fresh, count, from + 1, around);
        }
}

/* The states after a step: the walker as it is now; each track near it
** one phase on while it stays within reach (or, following the level's
** start, at the phase the clock says), and a track whose phase is not
** known at each phase at which it would be within reach, or still not
** near; the springs near it that rest. */
static void keep_next(Reach *r, const State *before)
{
    Sim *sim = r->sim;
    State s;
    memset(&s, 0, sizeof s);
    s.x = r->wt->x;
    s.y = r->wt->y;
    s.vy = r->wv->y;
    s.rem_x = r->wv->rem_x;
    s.rem_y = r->wv->rem_y;
    s.dir = r->we->dir;
    Box around = grown(walker_box(r, s.x, s.y), r->reach_x, r->reach_y);
    gather_items(r, around);
    uint32_t fresh[REACH_NEAR];
    int fresh_count = 0;
    for (size_t i = 0; i < r->item_count && !r->failed; i++) {
        uint32_t item = r->items[i], value;
        if (item & SPRING_ITEM) {
            value =
                ((const Spring *)ecs_get(sim->world, r->springs[item & ~SPRING_ITEM].e, C_SPRING))
                    ->rest;
        } else {
            Track *tr = &r->tracks[item];
            int j = 0;
            while (j < before->near_count && before->near[j].item != item)
                j++;
            if (j < before->near_count)
                value = phase_after(tr, before->near[j].value);
            else if (r->first && follow_path(r, tr))
                value = phase_at(tr, r->tick + 1);
            else {
                if (fresh_count == REACH_NEAR)
                    r->cut = true;
                else
                    fresh[fresh_count++] = item;
                continue;
            }
            if (value == UINT32_MAX) {
                r->cut = true;
                return;
            }
            if (!near_at(tr, value, around))
                continue; /* gone out of reach: forgotten */
        }
        if (value == 0 && (item & SPRING_ITEM))
            continue;
        if (s.near_count == REACH_NEAR) {
            r->cut = true;
            break;
        }
        s.near[s.near_count++] = (Near){item, value};
    }
    visit_phases(r, &s, fresh, fresh_count, 0, around);
}

/* ---- a step ----------------------------------------------------------------------------- */

/* The world as state s has it: the walker, the tracks near it at their
** phases (one whose phase it does not know out of play: it is out of
** reach), the springs near it resting as s says (the others not), and the
** doubtful solids as choice says (bit i: choice i on; following the
** level's start, as they start), never one that would close on the walker. */
static void put(Reach *r, const State *s, uint32_t choice)
{
    Sim *sim = r->sim;
    Box from = box_of(r->wt, &r->shape);
    *r->wt = (Transform){s->x, s->y, s->x, s->y};
    Box at = box_of(r->wt, &r->shape);
    grid_move(&sim->actors, r->walker, from, at);
    *r->wv = (Velocity){0.0f, s->vy, s->rem_x, s->rem_y};
    r->we->state = ENEMY_WALKING;
    r->we->dir = s->dir;
    int kept = 0;
    for (size_t i = 0; i < r->stepped_count; i++) {
        uint32_t item = r->stepped[i], value = 0;
        bool tracked = kept < s->near_count && s->near[kept].item == item;
        if (tracked)
            value = s->near[kept++].value;
        if (item & SPRING_ITEM) {
            ((Spring *)ecs_get(sim->world, r->springs[item & ~SPRING_ITEM].e, C_SPRING))->rest =
                (uint16_t)value;
            continue;
        }
        const Track *tr = &r->tracks[item];
        Collider *mc = ecs_get(sim->world, tr->e, C_COLLIDER);
        /* a track whose phase is not known is out of reach: out of play */
        mc->enabled = tracked;
        if (!tracked)
            continue;
        Phase p = tr->phases[value];
        Transform *mt = ecs_get(sim->world, tr->e, C_TRANSFORM);
        Mover *m = ecs_get(sim->world, tr->e, C_MOVER);
        Box was = box_of(mt, mc);
        *mt = (Transform){p.x, p.y, p.x, p.y};
        m->rem_x = p.rem_x;
        m->rem_y = p.rem_y;
        m->waiting = p.waiting;
        m->target = p.target;
        m->step = p.step;
        grid_move(&sim->solids, tr->e, was, box_of(mt, mc));
    }
    for (size_t i = 0; i < r->doubt_count; i++) {
        const Doubt *d = &r->doubts[i];
        bool there = d->start;
        if (!r->first && d->choice < REACH_CHOICES)
            there = ((choice >> d->choice) & 1u) == d->when_on;
        d->c->enabled = there && !box_overlap(d->box, at);
    }
}

/* Steps the walker from s once for every choice of the solids near it (or
** as the level starts, when following it), as a tick does, keeping what
** comes of it and noting where it stands. */
static void step(Reach *r, const State *s)
{
    Sim *sim = r->sim;
    Box at = walker_box(r, s->x, s->y);
    Box around = grown(at, r->reach_x, r->reach_y);
    int choices = gather_doubts(r, around);
    if (r->first)
        choices = 0;
    gather_items(r, around);
    if (!array_reserve(r->stepped, r->stepped_cap, r->item_count + 1) || r->failed) {
        r->failed = true;
        return;
    }
    uint32_t *stepped = r->stepped;
    if (r->item_count > 0)
        memcpy(stepped, r->items, r->item_count * sizeof *stepped);
    r->stepped_count = r->item_count;
    r->work += (1L << choices) * (long)(1 + r->doubt_count + r->item_count);
    for (uint32_t choice = 0; choice < (1u << choices) && !r->failed; choice++) {
        put(r, s, choice);
        /* standing as walker.c has it: not rising, on something */
        if (s->vy >= 0.0f && actor_grounded(sim, r->walker, at, false)) {
            if (!array_reserve(r->stands, r->stand_cap, r->stand_count + 1)) {
                r->failed = true;
                return;
            }
            r->stands[r->stand_count++] = at;
            if (r->first)
                return;
        }
        /* the walker's part of the tick, in sim.c's order */
        bool in = walker_tick(sim, r->walker, r->we, r->wt, r->wv, &r->shape, SIM_DT);
        for (int i = 0; i < s->near_count; i++) {
            if (s->near[i].item & SPRING_ITEM)
                continue;
            EcsEntity e = r->tracks[s->near[i].item].e;
            mover_tick(sim, e, ecs_get(sim->world, e, C_MOVER), ecs_get(sim->world, e, C_TRANSFORM),
                       ecs_get(sim->world, e, C_COLLIDER), SIM_DT);
        }
        for (size_t i = 0; i < r->stepped_count; i++)
            if (stepped[i] & SPRING_ITEM) {
                const SpringAt *sp = &r->springs[stepped[i] & ~SPRING_ITEM];
                spring_tick(sim, ecs_get(sim->world, sp->e, C_SPRING), sp->box);
            }
        sim->event_count = 0;
        if (in && r->we->state == ENEMY_WALKING)
            keep_next(r, s);
    }
}

/* ---- a walker's search ------------------------------------------------------------------- */

/* The walker as it is spawned, the tracks near it at their start. */
static State start_state(Reach *r)
{
    State s;
    memset(&s, 0, sizeof s);
    s.x = r->wt->x;
    s.y = r->wt->y;
    s.dir = r->we->dir;
    Box around = grown(walker_box(r, s.x, s.y), r->reach_x, r->reach_y);
    gather_items(r, around);
    for (size_t i = 0; i < r->item_count && !(r->items[i] & SPRING_ITEM); i++)
        if (follow_path(r, &r->tracks[r->items[i]]) &&
            near_at(&r->tracks[r->items[i]], 0, around)) {
            if (s.near_count == REACH_NEAR)
                r->cut = true;
            else
                s.near[s.near_count++] = (Near){r->items[i], 0};
        }
    return s;
}

static int stand_order(const void *a, const void *b)
{
    const SimBox *x = a, *y = b;
    if (x->y != y->y)
        return (x->y > y->y) - (x->y < y->y);
    return (x->x > y->x) - (x->x < y->x);
}

static void search(Reach *r, SimReach *out)
{
    memset(out, 0, sizeof *out);
    r->cut = false;
    r->count = 0;
    r->stand_count = 0;
    free(r->slots);
    r->slots = NULL;
    r->slot_cap = 0;
    State s0 = start_state(r);
    /* As the level starts: where it first stands. */
    r->first = true;
    State s = s0;
    for (r->tick = 0; r->tick < REACH_FIRST_TICKS && !r->failed; r->tick++) {
        r->has_next = false;
        step(r, &s);
        if (r->stand_count > 0 || !r->has_next)
            break;
        s = r->next;
    }
    out->landed = r->stand_count > 0;
    if (out->landed)
        out->landing = r->stands[0];
    /* And everywhere it may go from there. */
    r->first = false;
    r->stand_count = 0;
    visit(r, &s0);
    for (size_t i = 0; i < r->count && !r->failed; i++) {
        if (r->work > REACH_WORK) {
            r->cut = true;
            break;
        }
        State cur = r->states[i];
        step(r, &cur);
    }
    if (r->stand_count > 1)
        qsort(r->stands, r->stand_count, sizeof *r->stands, stand_order);
    size_t kept = 0;
    for (size_t i = 0; i < r->stand_count; i++)
        if (kept == 0 || stand_order(&r->stands[kept - 1], &r->stands[i]) != 0)
            r->stands[kept++] = r->stands[i];
    out->stands = r->stands;
    out->count = (int)kept;
    out->cut = r->cut;
}

/* The platforms (movers that are solid and move) and the springs, listed
** with where they may be, in r->things. */
static bool list_things(Reach *r, const LevelDesc *level)
{
    Sim *sim = r->sim;
    EcsIter it = ecs_view(sim->world, C_MOVER, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Mover *m = ecs_field(&it, Mover, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            if ((c[i].kind != COLLIDER_SOLID && c[i].kind != COLLIDER_ONEWAY) ||
                m[i].path_len < 2 || m[i].speed <= 0.0f)
                continue;
            if (!array_reserve(r->tracks, r->track_cap, r->track_count + 1)) {
                ecs_iter_fini(&it);
                return false;
            }
            int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
            for (int p = 0; p < m[i].path_len; p++) {
                x0 = m[i].path[p].x < x0 ? m[i].path[p].x : x0;
                y0 = m[i].path[p].y < y0 ? m[i].path[p].y : y0;
                x1 = m[i].path[p].x > x1 ? m[i].path[p].x : x1;
                y1 = m[i].path[p].y > y1 ? m[i].path[p].y : y1;
            }
            int32_t move = (int32_t)ceilf(m[i].speed * SIM_DT) + 1;
            Box zone = {x0 + c[i].off_x, y0 + c[i].off_y, x1 - x0 + c[i].w, y1 - y0 + c[i].h};
            r->tracks[r->track_count++] = (Track){
                ecs_iter_entity(&it, i), grown(zone, move, move), c[i], t[i], m[i], NULL, 0, 0};
        }
    }
    it = ecs_view(sim->world, C_SPRING, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            if (!array_reserve(r->springs, r->spring_cap, r->spring_count + 1)) {
                ecs_iter_fini(&it);
                return false;
            }
            r->springs[r->spring_count++] =
                (SpringAt){ecs_iter_entity(&it, i), box_of(&t[i], &c[i])};
        }
    }
    if (!grid_init(&r->things, level->map.width * TILE_SIZE, sim->kill_y))
        return false;
    for (size_t i = 0; i < r->track_count + r->spring_count; i++) {
        Box b = i < r->track_count ? r->tracks[i].zone : r->springs[i - r->track_count].box;
        if (!grid_insert(&r->things, (EcsEntity){(uint32_t)i, 0}, b))
            return false;
    }
    return true;
}

/* How far a tick may take a walker (walking, falling, thrown, carried),
** and two pixels more: what it may meet in a step is within that. */
static void set_reach(Reach *r)
{
    const PhysicsParams *pp = &r->sim->params;
    float fastest = fmaxf(pp->max_fall, fmaxf(pp->spring_speed, pp->side_spring_v_speed));
    int32_t carried = 0;
    for (size_t i = 0; i < r->track_count; i++) {
        int32_t move = (int32_t)ceilf(r->tracks[i].m0.speed * SIM_DT) + 1;
        carried = move > carried ? move : carried;
    }
    r->reach_x = (int32_t)ceilf(pp->walker_speed * SIM_DT) + carried + 2;
    r->reach_y = (int32_t)ceilf(fastest * SIM_DT) + carried + 2;
}

bool sim_walkers_reach(Sim *sim, const LevelDesc *level, SimReachFn *fn, void *ctx)
{
    Reach r = {.sim = sim};
    EcsWorld *w = sim->world;
    /* The player out of play, and the walkers: each is searched alone. */
    ((Player *)ecs_get(w, sim->player, C_PLAYER))->state = PLAYER_DEAD;
    EcsIter it = ecs_view(w, C_ENEMY);
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++)
            r.failed |= !ecs_defer_destroy(w, ecs_iter_entity(&it, i));
    ecs_flush(w);
    r.failed = r.failed || !list_things(&r, level);
    set_reach(&r);
    for (int i = 0; i < level->entity_count && !r.failed; i++) {
        const LevelEntity *le = &level->entities[i];
        const EntityKind *k = kind_get(le->kind);
        if (k == NULL || !(k->flags & KIND_PATROLS) || !(k->components & (1u << C_ENEMY)))
            continue;
        r.walker = sim_spawn(sim, level, le, (uint16_t)kind_first_clip(le->kind));
        if (ecs_entity_is_null(r.walker)) {
            r.failed = true;
            break;
        }
        r.shape = *(const Collider *)ecs_get(w, r.walker, C_COLLIDER);
        r.wt = ecs_get(w, r.walker, C_TRANSFORM);
        r.wv = ecs_get(w, r.walker, C_VELOCITY);
        r.we = ecs_get(w, r.walker, C_ENEMY);
        sim->actors.stale = true;
        broadphase_actors(sim);
        SimReach res;
        search(&r, &res);
        if (!r.failed)
            fn(ctx, le, &res);
        ecs_destroy(w, r.walker);
        ecs_flush(w);
    }
    for (size_t i = 0; i < r.track_count; i++)
        free(r.tracks[i].phases);
    free(r.tracks);
    free(r.springs);
    grid_fini(&r.things);
    free(r.doubts);
    free(r.items);
    free(r.stepped);
    free(r.states);
    free(r.slots);
    free(r.stands);
    return !r.failed;
}
