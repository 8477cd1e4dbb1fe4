/* SPDX-License-Identifier: Zlib */
/*
** broadphase.c -- which entities are near a box, without looking at all of them.
**
** Collision asks "does this box touch a solid?" for every pixel an actor
** moves, and a moving platform asks "which actors are near me?" for every
** step it takes. Walking every solid or every actor for each question makes
** a tick cost solids x actors. Instead the level is cut into square cells of
** GRID_CELL pixels and each cell lists the entities whose box touches it:
** a question about a box looks only at the cells under it.
**
** There are two grids, one of solid entities (platforms, blocks, crumbles)
** and one of actors (the player, walkers), both kept in the Sim: a cache of
** where the components say things are, never state of their own (they are not
** hashed and a snapshot need not hold them). The solid grid is rebuilt at the
** start of each tick. The actor grid goes stale when the platform system
** starts (the player and walkers have moved by then) and is rebuilt when
** first asked for: platforms, blocks, springs and returning crumbles ask, so
** a level with none of these never rebuilds it. Both follow every move made
** after their rebuild: move_solid updates a platform's cells,
** actor_move_exact an actor's. A box beyond the grid's edge is counted in
** the edge cells, so the far sky above the map is still found.
**
** A cell lists entities by slot index and generation; a stale one (destroyed
** since the rebuild) is skipped. An entity covering several cells is listed
** in each, so a query may meet it more than once: callers that need a list
** sort and dedupe by slot, and the order they use is slot order, the order
** the ECS's views gave before this existed, so results stay bit for bit what
** they were.
**
** A box that may cover more than GRID_BIG_CELLS cells (a block or a platform
** hundreds of pixels on a side) is not listed cell by cell: a level of a
** thousand blocks of 2,000 px would list a billion entries at every tick's
** rebuild. It goes on a list of big boxes instead, once, with the range of
** cells it covers, and a query meets it after the cells when that range
** meets its own: the same entities as before, so the same results. Whether
** a box is big depends on its size alone, so a moving one stays what it is.
*/
#include "sim_internal.h"

#include "array.h"

#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

/* The cell holding offset v from the origin, clamped to [0, n). */
static int32_t cell_of(int32_t v, int32_t n)
{
    if (v < 0)
        return 0;
    int32_t c = v / GRID_CELL; /* a power of two: a shift */
    return c < n ? c : n - 1;
}

/* The cells a box covers, clamped to the grid. */
static void cell_range(const Grid *g, Box b, int32_t *c0, int32_t *r0, int32_t *c1, int32_t *r1)
{
    *c0 = cell_of(b.x - g->origin_x, g->cols);
    *r0 = cell_of(b.y - g->origin_y, g->rows);
    *c1 = cell_of(b.x + b.w - 1 - g->origin_x, g->cols);
    *r1 = cell_of(b.y + b.h - 1 - g->origin_y, g->rows);
}

bool grid_init(Grid *g, int32_t width_px, int32_t height_px)
{
    memset(g, 0, sizeof *g);
    /* A cell of margin on each side, and room above the map to jump into. */
    g->origin_x = -GRID_CELL;
    g->origin_y = -4 * GRID_CELL;
    g->cols = (int32_t)((width_px + 2 * GRID_CELL + GRID_CELL - 1) / GRID_CELL);
    g->rows = (int32_t)((height_px + 7 * GRID_CELL + GRID_CELL - 1) / GRID_CELL);
    size_t cells = (size_t)g->cols * (size_t)g->rows;
    g->heads = malloc(cells * sizeof *g->heads);
    if (g->heads == NULL)
        return false;
    memset(g->heads, 0xff, cells * sizeof *g->heads);
    g->free = NONE;
    return true;
}

void grid_fini(Grid *g)
{
    free(g->heads);
    free(g->entries);
    free(g->big);
    memset(g, 0, sizeof *g);
}

/* Whether a box of that size may cover more than GRID_BIG_CELLS cells. */
static bool is_big(Box b)
{
    int64_t cols = b.w / GRID_CELL + 2, rows = b.h / GRID_CELL + 2;
    return cols * rows > GRID_BIG_CELLS;
}

static void grid_clear(Grid *g)
{
    if (g->heads == NULL)
        return;
    /* Only the cells in use are touched: empty the lists, keep the entries' memory. */
    for (uint32_t i = 0; i < g->count; i++) {
        GridEntry *e = &g->entries[i];
        if (e->cell != NONE)
            g->heads[e->cell] = NONE;
    }
    g->count = 0;
    g->used = 0;
    g->big_count = 0;
    g->free = NONE;
}

static uint32_t new_entry(Grid *g)
{
    if (g->free != NONE) {
        uint32_t i = g->free;
        g->free = g->entries[i].next;
        return i;
    }
    if (!array_reserve(g->entries, g->cap, (size_t)g->count + 1))
        return NONE;
    return g->count++;
}

static bool link_cell(Grid *g, uint32_t cell, EcsEntity e)
{
    uint32_t i = new_entry(g);
    if (i == NONE)
        return false;
    g->entries[i] = (GridEntry){e.index, e.generation, cell, g->heads[cell]};
    g->heads[cell] = i;
    return true;
}

static void unlink_cell(Grid *g, uint32_t cell, EcsEntity e)
{
    uint32_t *at = &g->heads[cell];
    while (*at != NONE) {
        GridEntry *entry = &g->entries[*at];
        if (entry->slot == e.index && entry->generation == e.generation) {
            uint32_t dead = *at;
            *at = entry->next;
            entry->cell = NONE;
            entry->next = g->free;
            g->free = dead;
            return;
        }
        at = &entry->next;
    }
}

bool grid_insert(Grid *g, EcsEntity e, Box b)
{
    g->used++;
    int32_t c0, r0, c1, r1;
    cell_range(g, b, &c0, &r0, &c1, &r1);
    if (is_big(b)) {
        if (!array_reserve(g->big, g->big_cap, (size_t)g->big_count + 1)) {
            g->failed = true;
            return false;
        }
        g->big[g->big_count++] = (GridBig){e.index, e.generation, c0, r0, c1, r1};
        return true;
    }
    bool ok = true;
    for (int32_t r = r0; r <= r1; r++)
        for (int32_t c = c0; c <= c1; c++)
            ok &= link_cell(g, (uint32_t)(r * g->cols + c), e);
    g->failed |= !ok;
    return ok;
}

void grid_move(Grid *g, EcsEntity e, Box from, Box to)
{
    if (g->stale)
        return; /* the rebuild will see where it is */
    int32_t a0, b0, a1, b1, c0, r0, c1, r1;
    cell_range(g, from, &a0, &b0, &a1, &b1);
    cell_range(g, to, &c0, &r0, &c1, &r1);
    if (is_big(to)) {
        for (uint32_t i = 0; i < g->big_count; i++)
            if (g->big[i].slot == e.index && g->big[i].generation == e.generation)
                g->big[i] = (GridBig){e.index, e.generation, c0, r0, c1, r1};
        return;
    }
    if (a0 == c0 && b0 == r0 && a1 == c1 && b1 == r1)
        return; /* the usual case: still in the same cells */
    for (int32_t r = b0; r <= b1; r++)
        for (int32_t c = a0; c <= a1; c++)
            if (r < r0 || r > r1 || c < c0 || c > c1)
                unlink_cell(g, (uint32_t)(r * g->cols + c), e);
    for (int32_t r = r0; r <= r1; r++)
        for (int32_t c = c0; c <= c1; c++)
            if (r < b0 || r > b1 || c < a0 || c > a1)
                g->failed |= !link_cell(g, (uint32_t)(r * g->cols + c), e);
}

void grid_query_begin(GridQuery *q, const Grid *g, Box b)
{
    q->grid = g;
    cell_range(g, b, &q->c0, &q->r0, &q->c1, &q->r1);
    q->c = q->c0;
    q->r = q->r0;
    q->at = g->heads != NULL ? g->heads[q->r * g->cols + q->c] : NONE;
    q->big_at = 0;
}

/* The next big box whose cells meet the query's, after the cells. */
static bool next_big(GridQuery *q, EcsEntity *out)
{
    const Grid *g = q->grid;
    while (q->big_at < g->big_count) {
        const GridBig *b = &g->big[q->big_at++];
        if (b->c0 <= q->c1 && q->c0 <= b->c1 && b->r0 <= q->r1 && q->r0 <= b->r1) {
            *out = (EcsEntity){b->slot, b->generation};
            return true;
        }
    }
    return false;
}

bool grid_query_next(GridQuery *q, EcsEntity *out)
{
    const Grid *g = q->grid;
    if (g->heads == NULL)
        return false;
    if (q->r > q->r1) /* the cells are done */
        return next_big(q, out);
    for (;;) {
        if (q->at != NONE) {
            const GridEntry *e = &g->entries[q->at];
            q->at = e->next;
            *out = (EcsEntity){e->slot, e->generation};
            return true;
        }
        if (++q->c > q->c1) {
            q->c = q->c0;
            if (++q->r > q->r1)
                return next_big(q, out);
        }
        q->at = g->heads[q->r * g->cols + q->c];
    }
}

/* Rebuilds a grid from every live entity whose collider is of that kind
** (solids: both kinds of solid). */
static void rebuild(Sim *sim, Grid *g, ColliderKind kind)
{
    grid_clear(g);
    g->failed = false;
    g->stale = false;
    EcsIter it = ecs_view(sim->world, C_COLLIDER, C_TRANSFORM);
    while (ecs_iter_next(&it)) {
        const Collider *c = ecs_field(&it, Collider, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        for (int i = 0; i < it.count; i++)
            if (c[i].kind == kind || (kind == COLLIDER_SOLID && c[i].kind == COLLIDER_ONEWAY))
                grid_insert(g, ecs_iter_entity(&it, i), box_of(&t[i], &c[i]));
    }
}

void broadphase_solids(Sim *sim)
{
    rebuild(sim, &sim->solids, COLLIDER_SOLID);
}

const Grid *broadphase_actors(Sim *sim)
{
    if (sim->actors.stale)
        rebuild(sim, &sim->actors, COLLIDER_ACTOR);
    return &sim->actors;
}

void system_broadphase(EcsWorld *world, float dt, void *ctx)
{
    (void)world;
    (void)dt;
    broadphase_solids(ctx);
}

static int compare_slots(const void *a, const void *b)
{
    const EcsEntity *x = a, *y = b;
    return (x->index > y->index) - (x->index < y->index);
}

bool grid_gather(Sim *sim, const Grid *g, Box b, int *n)
{
    GridQuery q;
    grid_query_begin(&q, g, b);
    int count = 0;
    EcsEntity e;
    while (grid_query_next(&q, &e)) {
        if (!array_reserve(sim->near, sim->near_cap, (size_t)count + 1)) {
            *n = 0;
            return false;
        }
        sim->near[count++] = e;
    }
    /* Slot order without repeats: the order views walked entities in before
    ** each set kept the order its entities came in, kept so that results
    ** stay bit for bit what they were. */
    if (count > 1) /* qsort wants an array, even of nothing */
        qsort(sim->near, (size_t)count, sizeof *sim->near, compare_slots);
    int kept = 0;
    for (int i = 0; i < count; i++)
        if (kept == 0 || sim->near[kept - 1].index != sim->near[i].index)
            sim->near[kept++] = sim->near[i];
    *n = kept;
    return true;
}
