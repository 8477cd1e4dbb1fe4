/* SPDX-License-Identifier: Zlib */
/*
** collide.c -- boxes against the tile grid and the solid entities, and
** moving an actor through them.
**
** The model is Celeste's: boxes have whole-pixel positions; actors (the
** player, walkers) and solids (tiles, moving platforms, solid toggle blocks)
** never overlap. An actor's motion is a float; the whole-pixel part is taken
** one pixel at a time, each step checked, the fraction kept for the next
** tick. So nothing tunnels through anything, whatever its speed: a step is
** one pixel and every solid is at least a pixel thick.
**
** One-way tiles are solid only for a box moving down whose bottom edge sits
** exactly on the tile's top; from below, or from the side, they are air.
*/
#include "sim_internal.h"

/* What a search of the solid entities looks for. */
typedef enum Touch {
    TOUCH_SOLID, /* an enabled solid overlapping the box */
    TOUCH_UNDER, /* ... or a one-way solid whose top is the box's bottom: what it stands on */
    TOUCH_PLANK, /* only such a one-way solid */
} Touch;

static bool touches(const Sim *sim, EcsEntity e, Box box, EcsEntity ignore, Touch what)
{
    if (ecs_entity_eq(e, ignore))
        return false;
    const Transform *t = ecs_get(sim->world, e, C_TRANSFORM);
    const Collider *c = ecs_get(sim->world, e, C_COLLIDER);
    if (t == NULL || c == NULL || !c->enabled)
        return false;
    Box b = box_of(t, c);
    /* Standing on: the box one pixel lower overlaps it. */
    Box probe = what == TOUCH_SOLID ? box : (Box){box.x, box.y + 1, box.w, box.h};
    if (c->kind == COLLIDER_SOLID && what != TOUCH_PLANK)
        return box_overlap(probe, b);
    if (c->kind == COLLIDER_ONEWAY && what != TOUCH_SOLID)
        return b.y == box.y + box.h && box.x < b.x + b.w && b.x < box.x + box.w;
    return false;
}

/* The solid entity the search finds: any (first), or the lowest slot,
** movers first (the one a walk of the pools meets first: riding it carries).
** Through the solid grid, or every collider when the grid ran out of memory. */
static EcsEntity find_solid(const Sim *sim, Box box, EcsEntity ignore, Touch what, bool any)
{
    EcsEntity mover = ECS_NULL, other = ECS_NULL, e;
    Box near = what == TOUCH_SOLID ? box : (Box){box.x, box.y + 1, box.w, box.h};
    if (sim->solids.failed) {
        EcsIter it = ecs_view(sim->world, C_COLLIDER);
        while (ecs_iter_next(&it))
            for (int i = 0; i < it.count; i++) {
                e = ecs_iter_entity(&it, i);
                if (!touches(sim, e, box, ignore, what))
                    continue;
                EcsEntity *best = ecs_has(sim->world, e, C_MOVER) ? &mover : &other;
                if (ecs_entity_is_null(*best) || e.index < best->index)
                    *best = e;
            }
    } else {
        GridQuery q;
        grid_query_begin(&q, &sim->solids, near);
        while (grid_query_next(&q, &e)) {
            if (!touches(sim, e, box, ignore, what))
                continue;
            if (any)
                return e;
            EcsEntity *best = ecs_has(sim->world, e, C_MOVER) ? &mover : &other;
            if (ecs_entity_is_null(*best) || e.index < best->index)
                *best = e;
        }
    }
    return !ecs_entity_is_null(mover) ? mover : other;
}

bool collide_solid_entity(const Sim *sim, Box box, EcsEntity ignore)
{
    return !ecs_entity_is_null(find_solid(sim, box, ignore, TOUCH_SOLID, true));
}

bool collide_oneway_top(const Sim *sim, Box box)
{
    int32_t bottom = box.y + box.h;
    if (bottom % TILE_SIZE == 0) {
        int32_t ty = tile_of(bottom);
        TileRange r = tiles_under(box);
        for (int32_t tx = r.x0; tx <= r.x1; tx++)
            if (tilemap_get(&sim->map, tx, ty) == TILE_ONEWAY)
                return true;
    }
    return sim->solids.used > 0 &&
           !ecs_entity_is_null(find_solid(sim, box, ECS_NULL, TOUCH_PLANK, true));
}

EcsEntity collide_solid_below(const Sim *sim, Box box)
{
    if (sim->solids.used == 0)
        return ECS_NULL;
    return find_solid(sim, box, ECS_NULL, TOUCH_UNDER, false);
}

bool actor_grounded(const Sim *sim, EcsEntity self, Box box, bool drop_through)
{
    Box below = {box.x, box.y + 1, box.w, box.h};
    return collide_solid(sim, below, self) || (!drop_through && collide_oneway_top(sim, box));
}

/* One body for both axes. Its callers pass the axis as a constant, so each
** axis compiles to its own loop with no test of it per pixel: called with
** a variable axis, the physics tick was an eighth slower. */
static inline bool move_exact(Sim *sim, EcsEntity self, Transform *t, const Collider *c, int axis,
                              int32_t d, bool drop_through)
{
    Box from = box_of(t, c);
    int32_t step = d > 0 ? 1 : -1, *pos = axis == 0 ? &t->x : &t->y;
    bool blocked = false;
    while (d != 0 && !blocked) {
        Box here = box_of(t, c), next = here;
        *(axis == 0 ? &next.x : &next.y) += step;
        blocked = collide_solid(sim, next, self) ||
                  (axis == 1 && step > 0 && !drop_through && collide_oneway_top(sim, here));
        if (!blocked) {
            *pos += step;
            d -= step;
        }
    }
    grid_move(&sim->actors, self, from, box_of(t, c));
    return blocked;
}

bool actor_move_exact(Sim *sim, EcsEntity self, Transform *t, const Collider *c, int axis,
                      int32_t d, bool drop_through)
{
    return axis == 0 ? move_exact(sim, self, t, c, 0, d, drop_through)
                     : move_exact(sim, self, t, c, 1, d, drop_through);
}

/* Takes the whole pixels out of rem + amount, leaving the fraction. */
static int32_t take_pixels(float *rem, float amount)
{
    *rem += amount;
    float whole = *rem >= 0.0f ? (float)(int32_t)(*rem + 0.5f) : -(float)(int32_t)(-*rem + 0.5f);
    *rem -= whole;
    return (int32_t)whole;
}

bool actor_move(Sim *sim, EcsEntity self, Transform *t, const Collider *c, int axis, float amount,
                float *rem, bool drop_through)
{
    int32_t d = take_pixels(rem, amount);
    if (d != 0 && (axis == 0 ? move_exact(sim, self, t, c, 0, d, drop_through)
                             : move_exact(sim, self, t, c, 1, d, drop_through))) {
        *rem = 0.0f;
        return true;
    }
    return false;
}
