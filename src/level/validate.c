/* SPDX-License-Identifier: Zlib */
/*
** validate.c -- entity placement and the rules a level must keep, whatever
** file format it came from.
**
** Every rule reads the kind table (flags, components, property types),
** never a kind's name, so a new kind is held to the rules its row implies.
** First the map alone: each entity inside it, kinds clear of solid tiles,
** respawn points clear of spikes, blocks and crumbling blocks, one player
** and a goal (and a warning for a switch group without blocks, or blocks
** without a switch). Then, on a level that passed those, what can be told
** of play from geometry: a goal that can be reached at all, no hazard where
** the player comes back to life, no path that goes nowhere; and, from the
** level's Sim built as it starts (check_start), no actor inside a solid, no
** solid or hazard mover whose path sweeps through a respawn point, and no
** walker landing on the start nor walking through a checkpoint anywhere it
** may come to (game/reach.c runs the walker to find where). The actor rule
** is the one --soak's invariants check after every tick (sim_box_clear,
** game/rules.c).
**
** Levels may hold a million entities, so no rule pairs every entity with
** every other: the ones a rule pairs with (respawn points, blocks, movers)
** are listed by x (Near), and each asks only of those near its box.
*/
#include "level_internal.h"

#include "sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool box_inside(const Tilemap *map, long x, long y, long w, long h)
{
    return x >= 0 && y >= 0 && x + w <= (long)map->width * TILE_SIZE &&
           y + h <= (long)map->height * TILE_SIZE;
}

/* The first tile of that kind under the box (which is inside the map). */
static bool box_touches(const Tilemap *map, int x, int y, int w, int h, TileKind kind, int *tx,
                        int *ty)
{
    for (int r = y / TILE_SIZE; r <= (y + h - 1) / TILE_SIZE; r++)
        for (int c = x / TILE_SIZE; c <= (x + w - 1) / TILE_SIZE; c++)
            if (tilemap_get(map, c, r) == kind) {
                *tx = c;
                *ty = r;
                return true;
            }
    return false;
}

/* ---- entities near a box ------------------------------------------------------ */

/* Some entities of the level (respawn points, blocks) by the x of a box
** each, so that a check pairing every walker or hazard with them looks at
** the few near it rather than walking the whole level: levels may hold a
** million entities. */
typedef struct NearEntry {
    SimBox box;
    int id; /* index into the level's entities */
} NearEntry;

typedef struct Near {
    NearEntry *entries; /* by box.x, then id */
    int count;
    int32_t widest; /* the widest box */
    int *found;     /* near_find's answer: ids in level order */
} Near;

static int entry_order(const void *a, const void *b)
{
    const NearEntry *x = a, *y = b;
    if (x->box.x != y->box.x)
        return x->box.x < y->box.x ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static int id_order(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The boxes Near lists an entity by. */
typedef enum NearBox {
    BOX_STANDING,   /* a respawn point's: where the player stands coming back to life there */
    BOX_CHECKPOINT, /* the same, of checkpoints only: the start is not where a walker is put back */
    BOX_RESPAWN,    /* a respawn point's: the player's box as the Sim puts it (sim_respawn_box) */
    BOX_HURT,       /* ... the part of that box that hazards hurt */
    BOX_MOVER,      /* the one pixel at a mover's corner (its position): how the Sim's movers are
                    ** matched to the level's entities */
    BOX_BLOCK,      /* the own box of a solid that stays put but is not always there: a block (it
                    ** follows a switch group) or a crumbling block (it falls away and comes
                    ** back); solid movers are the sweep check's */
} NearBox;

/* e's box of that kind in *out; false when e has none. */
static bool near_box(const LevelDesc *lv, const LevelEntity *e, NearBox which, SimBox *out)
{
    const EntityKind *k = kind_get(e->kind), *pk = kind_get(kind_player());
    bool mover = (k->components & (1u << C_MOVER)) != 0;
    switch (which) {
    case BOX_MOVER: *out = (SimBox){e->x, e->y, 1, 1}; return mover;
    case BOX_BLOCK:
        *out = (SimBox){e->x, e->y, e->w, e->h};
        return (k->flags & KIND_FLIPPED) || (k->collider == COLLIDER_SOLID && !mover);
    case BOX_RESPAWN: *out = sim_respawn_box(e); break;
    case BOX_HURT: *out = sim_hurt_box(sim_respawn_box(e), &lv->physics); break;
    default: *out = (SimBox){e->x, e->y + e->h - pk->h, pk->w, pk->h}; break;
    }
    return (k->flags & KIND_RESPAWN) && (which != BOX_CHECKPOINT || !(k->flags & KIND_UNIQUE));
}

/* The entities that have a box of that kind, listed. False when out of
** memory. */
static bool near_build(Near *n, const LevelDesc *lv, NearBox which)
{
    memset(n, 0, sizeof *n);
    n->entries = malloc(((size_t)lv->entity_count + 1) * sizeof *n->entries);
    n->found = malloc(((size_t)lv->entity_count + 1) * sizeof *n->found);
    if (n->entries == NULL || n->found == NULL)
        return false;
    for (int i = 0; i < lv->entity_count; i++) {
        SimBox b;
        if (!near_box(lv, &lv->entities[i], which, &b))
            continue;
        n->entries[n->count++] = (NearEntry){b, i};
        if (b.w > n->widest)
            n->widest = b.w;
    }
    if (n->count > 1)
        qsort(n->entries, (size_t)n->count, sizeof *n->entries, entry_order);
    return true;
}

static void near_fini(Near *n)
{
    free(n->entries);
    free(n->found);
}

/* The listed entities whose box overlaps b, in level order, in n->found;
** returns how many. */
static int near_find(Near *n, SimBox b)
{
    /* the first entry whose box could reach b: x >= b.x - widest */
    int64_t from = (int64_t)b.x - n->widest;
    int lo = 0, hi = n->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((int64_t)n->entries[mid].box.x < from)
            lo = mid + 1;
        else
            hi = mid;
    }
    int found = 0;
    for (int i = lo; i < n->count && (int64_t)n->entries[i].box.x < (int64_t)b.x + b.w; i++)
        if (sim_boxes_overlap(n->entries[i].box, b))
            n->found[found++] = n->entries[i].id;
    if (found > 1)
        qsort(n->found, (size_t)found, sizeof *n->found, id_order);
    return found;
}

static void check_entity(const char *path, const LevelDesc *lv, const LevelEntity *e,
                         LevelErrors *errors)
{
    const EntityKind *k = kind_get(e->kind);
    const char *name = k->name;
    int x = e->x, y = e->y, w = e->w, h = e->h, tx, ty;
    if (!box_inside(&lv->map, x, y, w, h)) {
        level_errors_add(
            errors, path, e->line, e->col,
            "the %s is outside the map: its %dx%d px box at (%d, %d) px must fit in %dx%d px", name,
            w, h, x, y, lv->map.width * TILE_SIZE, lv->map.height * TILE_SIZE);
        return;
    }
    /* The simulation keeps box sizes in 16 bits. */
    if (w > INT16_MAX || h > INT16_MAX)
        level_errors_add(errors, path, e->line, e->col,
                         "the %s is %dx%d px: at most %d px on a side", name, w, h, INT16_MAX);
    if ((k->flags & KIND_CLEAR) && box_touches(&lv->map, x, y, w, h, TILE_SOLID, &tx, &ty))
        level_errors_add(errors, path, e->line, e->col,
                         "the %s overlaps the solid tile at column %d, row %d", name, tx, ty);
    else if ((k->flags & KIND_RESPAWN) && box_touches(&lv->map, x, y, w, h, TILE_SPIKES, &tx, &ty))
        level_errors_add(errors, path, e->line, e->col,
                         "the %s overlaps the spikes at column %d, row %d", name, tx, ty);
    for (int p = 0; p < k->prop_count; p++) {
        if (k->props[p].type != KPROP_PATH)
            continue;
        const LevelPath *wp = leveldesc_path(lv, e, k->props[p].name);
        for (int i = 0; wp != NULL && i < wp->count; i++)
            if (!box_inside(&lv->map, wp->points[i].x, wp->points[i].y, w, h))
                level_errors_add(errors, path, e->line, e->col,
                                 "waypoint %d of the %s, at (%d, %d) px, takes it outside the map",
                                 i + 1, name, wp->points[i].x, wp->points[i].y);
    }
}

/* Whether any of columns c0..c1 of row r can be stood on. */
static bool floor_under(const LevelDesc *lv, int c0, int c1, int r)
{
    for (int c = c0; c <= c1; c++) {
        TileKind t = tilemap_get(&lv->map, c, r);
        if (t == TILE_SOLID || t == TILE_ONEWAY)
            return true;
    }
    return false;
}

/* ---- what geometry tells of play --------------------------------------------- */

/* Whether e has a path that leads away from where it stands. */
static bool moves(const LevelDesc *lv, const LevelEntity *e)
{
    const EntityKind *k = kind_get(e->kind);
    for (int p = 0; p < k->prop_count; p++) {
        if (k->props[p].type != KPROP_PATH)
            continue;
        const LevelPath *wp = leveldesc_path(lv, e, k->props[p].name);
        for (int i = 0; wp != NULL && i < wp->count; i++)
            if (wp->points[i].x != e->x || wp->points[i].y != e->y)
                return true;
    }
    return false;
}

/* A path whose every waypoint is the entity's own position: it never moves,
** which is surely not what the designer meant by giving it a path. */
static void check_paths(const char *path, const LevelDesc *lv, const LevelEntity *e,
                        LevelErrors *errors)
{
    const EntityKind *k = kind_get(e->kind);
    for (int p = 0; p < k->prop_count; p++) {
        if (k->props[p].type != KPROP_PATH)
            continue;
        const LevelPath *wp = leveldesc_path(lv, e, k->props[p].name);
        if (wp != NULL && wp->count > 0 && !moves(lv, e))
            level_errors_add(errors, path, e->line, e->col,
                             "the %s never moves: every waypoint of its %s is where it starts, "
                             "(%d, %d) px",
                             kind_label(k), k->props[p].name, e->x, e->y);
    }
}

/* A goal (a kind that spawns with a Goal) is reached by touching it, and
** the player cannot enter solid tiles: one sunk wholly in them is never
** reached. */
static void check_goal(const char *path, const LevelDesc *lv, const LevelEntity *e,
                       LevelErrors *errors)
{
    if (!(kind_get(e->kind)->components & (1u << C_GOAL)))
        return;
    SimBox b = sim_spawn_box(e);
    int c0 = b.x / TILE_SIZE, c1 = (b.x + b.w - 1) / TILE_SIZE;
    int r0 = b.y / TILE_SIZE, r1 = (b.y + b.h - 1) / TILE_SIZE;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            if (tilemap_get(&lv->map, c, r) != TILE_SOLID)
                return;
    level_errors_add(errors, path, e->line, e->col,
                     "the %s is sunk in solid tiles (columns %d to %d, rows %d to %d): the "
                     "player can never touch it",
                     kind_label(kind_get(e->kind)), c0, c1, r0, r1);
}

/* A hazard (a kind that spawns with a Hazard) where the player comes back
** to life kills it again at once, for ever: at the start, whatever it does
** later; at a checkpoint, when it stays where it is. */
static void check_hazard(const char *path, const LevelDesc *lv, const LevelEntity *h, Near *hurts,
                         LevelErrors *errors)
{
    const EntityKind *hk = kind_get(h->kind);
    if (!(hk->components & (1u << C_HAZARD)))
        return;
    bool still = !moves(lv, h);
    int found = near_find(hurts, sim_spawn_box(h));
    for (int f = 0; f < found; f++) {
        const LevelEntity *r = &lv->entities[hurts->found[f]];
        const EntityKind *rk = kind_get(r->kind);
        bool start = (rk->flags & KIND_UNIQUE) != 0;
        if (!start && !still)
            continue;
        level_errors_add(errors, path, h->line, h->col,
                         "the %s is on the %s at %d:%d: a player %s there dies at once, "
                         "every time",
                         kind_label(hk), kind_label(rk), r->line, r->col,
                         start ? "starting" : "coming back to life");
    }
}

/* The level entity the Sim spawned as the solid whose box is b, or NULL. */
static const LevelEntity *entity_with_box(const LevelDesc *lv, SimBox b)
{
    for (int i = 0; i < lv->entity_count; i++) {
        SimBox e = sim_spawn_box(&lv->entities[i]);
        if (e.x == b.x && e.y == b.y && e.w == b.w && e.h == b.h &&
            kind_get(lv->entities[i].kind)->collider == COLLIDER_SOLID)
            return &lv->entities[i];
    }
    return NULL;
}

/* Whether a box of size w x h moving in a straight line from a to b
** overlaps t at any moment (the open intervals of time in which each axis
** overlaps meet). The Sim rounds a mover to whole pixels along the way;
** the straight line errs by less than a pixel, on the side of caution. */
static bool sweep_hits(LevelPoint a, LevelPoint b, int w, int h, SimBox t)
{
    double lo = 0.0, hi = 1.0;
    const double from[2] = {a.x, a.y}, d[2] = {b.x - a.x, b.y - a.y};
    const double min[2] = {(double)t.x - w, (double)t.y - h}, max[2] = {t.x + t.w, t.y + t.h};
    for (int axis = 0; axis < 2; axis++) {
        if (d[axis] == 0.0) {
            if (from[axis] <= min[axis] || from[axis] >= max[axis])
                return false;
            continue;
        }
        double t0 = (min[axis] - from[axis]) / d[axis], t1 = (max[axis] - from[axis]) / d[axis];
        if (t0 > t1) {
            double swap = t0;
            t0 = t1;
            t1 = swap;
        }
        if (t0 > lo)
            lo = t0;
        if (t1 < hi)
            hi = t1;
    }
    /* a box that only comes up to t's edge, at an end, does not count */
    return lo < hi;
}

/* "its start", "waypoint 2": path point i of a mover. */
static void point_name(int i, char *out, size_t cap)
{
    if (i == 0)
        snprintf(out, cap, "its start");
    else
        snprintf(out, cap, "waypoint %d", i);
}

/* The respawn points (the start, checkpoints) whose box the mover's
** collider may touch along its path: each segment's bounding box asked of
** respawns. Into ids (room for twice the respawn points), in level order,
** each once; returns how many. */
static int sweep_candidates(Near *respawns, const Mover *m, const Collider *c, int segments,
                            int *ids)
{
    int count = 0;
    for (int s = 0; s < segments; s++) {
        LevelPoint a = m->path[s], b = m->path[(s + 1) % m->path_len];
        int64_t x0 = (a.x < b.x ? a.x : b.x) + c->off_x, x1 = (a.x > b.x ? a.x : b.x) + c->off_x;
        int64_t y0 = (a.y < b.y ? a.y : b.y) + c->off_y, y1 = (a.y > b.y ? a.y : b.y) + c->off_y;
        int64_t w = x1 - x0 + c->w, h = y1 - y0 + c->h;
        SimBox span = {(int32_t)x0, (int32_t)y0, (int32_t)(w < INT32_MAX ? w : INT32_MAX),
                       (int32_t)(h < INT32_MAX ? h : INT32_MAX)};
        int found = near_find(respawns, span);
        for (int f = 0; f < found; f++)
            ids[count++] = respawns->found[f];
        if (count > 1) { /* keep the list short: each id once */
            qsort(ids, (size_t)count, sizeof *ids, id_order);
            int unique = 1;
            for (int i = 1; i < count; i++)
                if (ids[i] != ids[unique - 1])
                    ids[unique++] = ids[i];
            count = unique;
        }
    }
    return count;
}

/* A mover whose path passes where the player comes back to life: a solid
** one (a platform) would shove a player standing there, or close over a
** dead one; a hazard (a saw) would kill it there, every time it came by,
** and when it rests there (a wait) at every try. A hazard on the player
** start from the start is check_hazard's. */
static void check_sweeps(const char *path, const LevelDesc *lv, Sim *sim, LevelErrors *errors)
{
    /* The Sim's movers are in slot order, the order the level spawned them;
    ** a mover's Transform at the start is its level entity's position. */
    bool *used = calloc((size_t)lv->entity_count + 1, sizeof *used);
    int *ids = malloc(2 * ((size_t)lv->entity_count + 1) * sizeof *ids);
    Near movers = {0}, respawns = {0};
    if (used == NULL || ids == NULL || !near_build(&movers, lv, BOX_MOVER) ||
        !near_build(&respawns, lv, BOX_RESPAWN)) {
        level_errors_add(errors, path, 0, 0, "out of memory checking the level");
        goto done;
    }
    EcsIter it = ecs_view(sim_world(sim), C_MOVER, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Mover *m = ecs_field(&it, Mover, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            const LevelEntity *le = NULL;
            SimBox own = {t[i].x + c[i].off_x, t[i].y + c[i].off_y, c[i].w, c[i].h};
            int found = near_find(&movers, (SimBox){t[i].x, t[i].y, 1, 1});
            for (int f = 0; f < found && le == NULL; f++) {
                int k = movers.found[f];
                SimBox e = sim_spawn_box(&lv->entities[k]);
                if (!used[k] && lv->entities[k].x == t[i].x && lv->entities[k].y == t[i].y &&
                    e.w == own.w && e.h == own.h) {
                    used[k] = true;
                    le = &lv->entities[k];
                }
            }
            if (le == NULL || m[i].path_len < 2 || m[i].speed <= 0.0f)
                continue;
            const EntityKind *mk = kind_get(le->kind);
            bool solid = c[i].kind == COLLIDER_SOLID;
            if (!solid && !(mk->components & (1u << C_HAZARD)))
                continue;
            int segments = m[i].loop ? m[i].path_len : m[i].path_len - 1;
            int count = sweep_candidates(&respawns, &m[i], &c[i], segments, ids);
            for (int r = 0; r < count; r++) {
                const LevelEntity *re = &lv->entities[ids[r]];
                const EntityKind *rk = kind_get(re->kind);
                SimBox target = sim_respawn_box(re);
                if (!solid) {
                    target = sim_hurt_box(target, &lv->physics);
                    if ((rk->flags & KIND_UNIQUE) && sim_boxes_overlap(own, target))
                        continue; /* on the player start from the start: check_hazard's */
                }
                /* the path moves the entity's corner; the collider rides along */
                target.x -= c[i].off_x;
                target.y -= c[i].off_y;
                for (int s = 0; s < segments; s++) {
                    int a = s, b = (s + 1) % m[i].path_len;
                    if (!sweep_hits(m[i].path[a], m[i].path[b], c[i].w, c[i].h, target))
                        continue;
                    char from[32], to[32];
                    point_name(a, from, sizeof from);
                    point_name(b, to, sizeof to);
                    level_errors_add(errors, path, le->line, le->col,
                                     "the %s's path, from %s to %s, passes through the %s at "
                                     "%d:%d: a player coming back to life there would be %s",
                                     kind_label(mk), from, b == 0 ? "its start again" : to,
                                     kind_label(rk), re->line, re->col,
                                     solid ? "pushed aside" : "killed by it");
                    break;
                }
            }
        }
    }
done:
    free(used);
    free(ids);
    near_fini(&movers);
    near_fini(&respawns);
}

/* ---- walkers ------------------------------------------------------------------ */

/* A patrolling entity (a walker) must never walk through a checkpoint:
** dying puts it back where it was when the checkpoint was reached (when the
** player stood there), and it would kill the player coming back to life
** there. Every place it may come to stand counts (game/reach.c): off a
** ledge, through a block gone or on a block there, carried by a platform,
** thrown by a spring. The start is put back as the level began, with the
** walker where it was placed: where it comes to stand then, with every
** block as it starts, must not be on the player. */
typedef struct WalkerCheck {
    const char *path;
    const LevelDesc *lv;
    Near *checkpoints;
    const LevelEntity *start;
    int *named; /* named[c] == walker + 1: checkpoint c is named for it already */
    LevelErrors *errors;
} WalkerCheck;

static void check_walker(void *ctx, const LevelEntity *w, const SimReach *reach)
{
    WalkerCheck *wc = ctx;
    const LevelDesc *lv = wc->lv;
    const EntityKind *k = kind_get(w->kind);
    int walker = (int)(w - lv->entities);
    if (wc->start != NULL && reach->landed &&
        sim_boxes_overlap(reach->landing, sim_hurt_box(sim_respawn_box(wc->start), &lv->physics)))
        level_errors_add(wc->errors, wc->path, w->line, w->col,
                         "the %s lands on the %s at %d:%d: a player starting there is hit at once",
                         kind_label(k), kind_label(kind_get(wc->start->kind)), wc->start->line,
                         wc->start->col);
    /* The places it stands, by y then x: a run of them, a pixel apart, is a stretch walked. */
    for (int i = 0, next; i < reach->count; i = next) {
        SimBox from = reach->stands[i];
        next = i + 1;
        while (next < reach->count && reach->stands[next].y == from.y &&
               reach->stands[next].x == reach->stands[next - 1].x + 1)
            next++;
        int32_t to = reach->stands[next - 1].x;
        SimBox walked = {from.x, from.y, to - from.x + from.w, from.h};
        int found = near_find(wc->checkpoints, walked);
        for (int f = 0; f < found; f++) {
            int id = wc->checkpoints->found[f];
            const LevelEntity *c = &lv->entities[id];
            if (wc->named[id] == walker + 1 ||
                !sim_boxes_overlap(walked, sim_hurt_box(sim_respawn_box(c), &lv->physics)))
                continue;
            wc->named[id] = walker + 1;
            int row = (from.y + from.h) / TILE_SIZE;
            int c0 = from.x / TILE_SIZE, c1 = (to + from.w - 1) / TILE_SIZE;
            bool lands = reach->landed && reach->landing.y == from.y &&
                         from.x <= reach->landing.x && reach->landing.x <= to;
            char how[96];
            if (lands)
                snprintf(how, sizeof how, "walks columns %d to %d", c0, c1);
            else
                snprintf(how, sizeof how, "may come to stand on row %d and walk columns %d to %d",
                         row, c0, c1);
            level_errors_add(wc->errors, wc->path, w->line, w->col,
                             "the %s %s, through the %s at %d:%d: a player coming back to life "
                             "there would be hit",
                             kind_label(k), how, kind_label(kind_get(c->kind)), c->line, c->col);
        }
    }
    if (reach->cut)
        level_warnings_add(wc->errors, wc->path, w->line, w->col,
                           "the %s's search of where it may walk stopped at its limit: --check "
                           "looked at part of its way only",
                           kind_label(k));
}

static void check_walkers(const char *path, const LevelDesc *lv, Sim *sim, Near *checkpoints,
                          LevelErrors *errors)
{
    WalkerCheck wc = {
        path, lv, checkpoints, NULL, calloc((size_t)lv->entity_count + 1, sizeof(int)), errors};
    for (int i = 0; i < lv->entity_count && wc.start == NULL; i++)
        if (kind_get(lv->entities[i].kind)->flags & KIND_UNIQUE)
            wc.start = &lv->entities[i];
    if (wc.named == NULL || !sim_walkers_reach(sim, lv, check_walker, &wc))
        level_errors_add(errors, path, 0, 0, "out of memory checking the level's walkers");
    free(wc.named);
}

/* The level as its Sim starts it: no actor inside a solid (a block that
** starts solid, a platform at its start), no solid sweeping through a
** respawn point, and the walkers' rule. Solid tiles were checked already,
** on the whole box. */
static void check_start(const char *path, const LevelDesc *lv, Near *checkpoints,
                        LevelErrors *errors)
{
    int before = errors->count + errors->dropped;
    Sim *sim = sim_create(lv, NULL);
    if (sim == NULL) {
        level_errors_add(errors, path, 0, 0, "out of memory building the level");
        return;
    }
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *e = &lv->entities[i];
        const EntityKind *k = kind_get(e->kind);
        SimBlocker what;
        if (!(k->flags & KIND_CLEAR) || k->collider != COLLIDER_ACTOR ||
            sim_box_clear(sim, sim_spawn_box(e), &what) || what.tile)
            continue;
        const LevelEntity *b = entity_with_box(lv, what.box);
        if (b != NULL)
            level_errors_add(errors, path, e->line, e->col,
                             "the %s is inside the %s at %d:%d, which is solid from the start",
                             kind_label(k), kind_label(kind_get(b->kind)), b->line, b->col);
        else
            level_errors_add(errors, path, e->line, e->col,
                             "the %s is inside a solid (%dx%d px at (%d, %d)) from the start",
                             kind_label(k), what.box.w, what.box.h, what.box.x, what.box.y);
    }
    check_sweeps(path, lv, sim, errors);
    if (errors->count + errors->dropped == before) /* every actor clear of solids */
        check_walkers(path, lv, sim, checkpoints, errors);
    sim_destroy(sim);
}

void level_validate(const char *path, const LevelDesc *lv, int line, int col, bool whole,
                    LevelErrors *errors)
{
    int before = errors->count + errors->dropped;
    for (int i = 0; i < lv->entity_count; i++)
        check_entity(path, lv, &lv->entities[i], errors);
    if (!whole)
        return;

    /* Kinds that must appear once (the player) or at least once (the goal). */
    int first_of[KIND_MAX_KINDS];
    for (int k = 0; k < KIND_MAX_KINDS; k++)
        first_of[k] = -1;
    int switch_of[LEVEL_MAX_GROUPS], block_of[LEVEL_MAX_GROUPS];
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++)
        switch_of[g] = block_of[g] = -1;
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *e = &lv->entities[i];
        const EntityKind *k = kind_get(e->kind);
        if (e->kind >= KIND_MAX_KINDS)
            continue;
        if ((k->flags & KIND_UNIQUE) && first_of[e->kind] >= 0) {
            const LevelEntity *first = &lv->entities[first_of[e->kind]];
            level_errors_add(errors, path, e->line, e->col, "a second %s (the first is at %d:%d)",
                             kind_label(k), first->line, first->col);
        }
        if (first_of[e->kind] < 0)
            first_of[e->kind] = i;
        if (k->flags & (KIND_FLIPS | KIND_FLIPPED)) {
            int g = leveldesc_prop(e, "group").i;
            int *first = (k->flags & KIND_FLIPS) ? &switch_of[g] : &block_of[g];
            if (g >= 0 && g < LEVEL_MAX_GROUPS && *first < 0)
                *first = i;
        }
    }
    for (int k = 0; k < kind_count() && k < KIND_MAX_KINDS; k++)
        if ((kind_get(k)->flags & (KIND_UNIQUE | KIND_NEEDED)) && first_of[k] < 0)
            level_errors_add_whole(errors, path, line, col,
                                   "the level has no %s (an entity of type \"%s\")",
                                   kind_label(kind_get(k)), kind_get(k)->name);
    /* A switch without blocks, or blocks without a switch, harm nobody, but
    ** are most likely a typo in a group number: said, not refused. */
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++) {
        if (switch_of[g] >= 0 && block_of[g] < 0) {
            const LevelEntity *s = &lv->entities[switch_of[g]];
            level_warnings_add(errors, path, s->line, s->col,
                               "switch group %d has no blocks: touching it changes nothing", g);
        }
        if (block_of[g] >= 0 && switch_of[g] < 0) {
            const LevelEntity *b = &lv->entities[block_of[g]];
            level_warnings_add(errors, path, b->line, b->col,
                               "block group %d has no switch: the block never changes", g);
        }
    }
    /* Where the player comes back to life (the start, each checkpoint) must
    ** never be inside a block, in either state of its group: a block that
    ** closes there while the player is dead would trap it. Nor inside a
    ** crumbling block, which the player may pass while it is gone: dying
    ** puts it back, and a player waiting for its place to clear would wait
    ** for good (a crumble falls only when stood on). */
    Near blocks = {0}, checkpoints = {0}, hurts = {0};
    if (!near_build(&blocks, lv, BOX_BLOCK) || !near_build(&checkpoints, lv, BOX_CHECKPOINT) ||
        !near_build(&hurts, lv, BOX_HURT)) {
        level_errors_add(errors, path, 0, 0, "out of memory checking the level");
        goto done;
    }
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *r = &lv->entities[i];
        SimBox place;
        if (!near_box(lv, r, BOX_STANDING, &place))
            continue;
        /* Some ground under it, in tiles: blocks, crumbles and platforms
        ** move or vanish, and a player coming back to life with nothing
        ** below would fall out of the map at every try. Said, not refused:
        ** a small test map may start the player in the air on purpose. */
        int c0 = place.x / TILE_SIZE, c1 = (place.x + place.w - 1) / TILE_SIZE;
        int row = (place.y + place.h) / TILE_SIZE;
        while (row < lv->map.height && !floor_under(lv, c0, c1, row))
            row++;
        if (row >= lv->map.height)
            level_warnings_add(errors, path, r->line, r->col,
                               "the %s has no ground below it (solid or one-way tiles): a player "
                               "coming back to life there would fall out of the map",
                               kind_label(kind_get(r->kind)));
        int found = near_find(&blocks, place);
        for (int f = 0; f < found; f++) {
            const LevelEntity *b = &lv->entities[blocks.found[f]];
            level_errors_add(errors, path, r->line, r->col,
                             "the %s at %d:%d covers the %s's place: a player coming back "
                             "to life there could be shut inside it",
                             kind_get(b->kind)->name, b->line, b->col,
                             kind_label(kind_get(r->kind)));
        }
    }
    /* What follows reads the level as a whole, in play: only on a level
    ** whose entities are all where they may be. */
    if (errors->count + errors->dropped == before) {
        for (int i = 0; i < lv->entity_count; i++) {
            check_paths(path, lv, &lv->entities[i], errors);
            check_goal(path, lv, &lv->entities[i], errors);
            check_hazard(path, lv, &lv->entities[i], &hurts, errors);
        }
        check_start(path, lv, &checkpoints, errors);
    }
done:
    near_fini(&blocks);
    near_fini(&checkpoints);
    near_fini(&hurts);
}
