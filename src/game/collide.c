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

static bool tiles_solid(const Tilemap *map, Box box)
{
    TileRange r = tiles_under(box);
    for (int32_t ty = r.y0; ty <= r.y1; ty++)
        for (int32_t tx = r.x0; tx <= r.x1; tx++)
            if (tilemap_get(map, tx, ty) == TILE_SOLID)
                return true;
    return false;
}

/* The enabled solid entity of kind `marker` (platforms or toggle blocks)
** overlapping box, other than ignore; ECS_NULL when none. */
static EcsEntity solid_entity_in(const Sim *sim, EcsComponent marker, Box box, EcsEntity ignore)
{
    if (ecs_count(sim->world, marker) == 0)
        return ECS_NULL;
    EcsIter it = ecs_view(sim->world, marker, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            if (!c[i].enabled || !box_overlap(box, box_of(&t[i], &c[i])))
                continue;
            EcsEntity e = ecs_iter_entity(&it, i);
            if (ecs_entity_eq(e, ignore))
                continue;
            ecs_iter_fini(&it);
            return e;
        }
    }
    return ECS_NULL;
}

bool collide_solid(const Sim *sim, Box box, EcsEntity ignore)
{
    if (tiles_solid(&sim->map, box))
        return true;
    return !ecs_entity_is_null(solid_entity_in(sim, C_MOVING_PLATFORM, box, ignore)) ||
           !ecs_entity_is_null(solid_entity_in(sim, C_TOGGLE_BLOCK, box, ignore));
}

bool collide_oneway_top(const Sim *sim, Box box)
{
    int32_t bottom = box.y + box.h;
    if (bottom % TILE_SIZE != 0)
        return false;
    int32_t ty = floor_div(bottom, TILE_SIZE);
    TileRange r = tiles_under(box);
    for (int32_t tx = r.x0; tx <= r.x1; tx++)
        if (tilemap_get(&sim->map, tx, ty) == TILE_ONEWAY)
            return true;
    return false;
}

EcsEntity collide_solid_below(const Sim *sim, Box box)
{
    Box below = {box.x, box.y + 1, box.w, box.h};
    EcsEntity e = solid_entity_in(sim, C_MOVING_PLATFORM, below, ECS_NULL);
    if (ecs_entity_is_null(e))
        e = solid_entity_in(sim, C_TOGGLE_BLOCK, below, ECS_NULL);
    return e;
}

bool actor_grounded(const Sim *sim, EcsEntity self, Box box, bool drop_through)
{
    Box below = {box.x, box.y + 1, box.w, box.h};
    return collide_solid(sim, below, self) || (!drop_through && collide_oneway_top(sim, box));
}

bool actor_move_x_exact(const Sim *sim, EcsEntity self, Transform *t, const Collider *c, int32_t dx)
{
    int32_t step = dx > 0 ? 1 : -1;
    while (dx != 0) {
        Box next = box_of(t, c);
        next.x += step;
        if (collide_solid(sim, next, self))
            return true;
        t->x += step;
        dx -= step;
    }
    return false;
}

bool actor_move_y_exact(const Sim *sim, EcsEntity self, Transform *t, const Collider *c, int32_t dy,
                        bool drop_through)
{
    int32_t step = dy > 0 ? 1 : -1;
    while (dy != 0) {
        Box here = box_of(t, c);
        Box next = here;
        next.y += step;
        if (collide_solid(sim, next, self))
            return true;
        if (step > 0 && !drop_through && collide_oneway_top(sim, here))
            return true;
        t->y += step;
        dy -= step;
    }
    return false;
}

/* Takes the whole pixels out of rem + amount, leaving the fraction. */
static int32_t take_pixels(float *rem, float amount)
{
    *rem += amount;
    float whole = *rem >= 0.0f ? (float)(int32_t)(*rem + 0.5f) : -(float)(int32_t)(-*rem + 0.5f);
    *rem -= whole;
    return (int32_t)whole;
}

bool actor_move_x(const Sim *sim, EcsEntity self, Transform *t, const Collider *c,
                  float amount, float *rem)
{
    int32_t dx = take_pixels(rem, amount);
    if (dx != 0 && actor_move_x_exact(sim, self, t, c, dx)) {
        *rem = 0.0f;
        return true;
    }
    return false;
}

bool actor_move_y(const Sim *sim, EcsEntity self, Transform *t, const Collider *c,
                  float amount, float *rem, bool drop_through)
{
    int32_t dy = take_pixels(rem, amount);
    if (dy != 0 && actor_move_y_exact(sim, self, t, c, dy, drop_through)) {
        *rem = 0.0f;
        return true;
    }
    return false;
}
