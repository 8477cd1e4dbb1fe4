/* SPDX-License-Identifier: Zlib */
/*
** rules.c -- what a level's start must keep, and every tick after it.
**
** Actors (the player, walkers) and solids never overlap: that is the
** collision model's contract (collide.c), and --soak checks it after every
** tick (sim_check_invariants). A level could break it before the first
** tick by placing a walker inside a block that starts solid, or the player
** inside a platform; the physics would then shove or squash it at once. So
** the check of a level (level/validate.c) builds the level's Sim and asks
** sim_box_clear of each actor's spawn box, the very question the invariant
** asks later: what --check passes, the first ticks cannot break.
**
** The boxes here are the ones the Sim uses: the collider an entity spawns
** with (spawn in sim.c puts the kind's hit box inside the entity's box), and
** where the player stands when it comes back to life (player.c at the start,
** interact.c at a checkpoint), and the part of it that hazards hurt
** (interact.c). test_sim holds them to what the Sim does.
*/
#include "sim_internal.h"

bool sim_boxes_overlap(SimBox a, SimBox b)
{
    return box_overlap(a, b);
}

/* The first solid tile under box, as collide.c counts them: past the left
** or right edge is wall, above and below the map is air. */
static bool first_solid_tile(const Tilemap *map, Box box, int32_t *col, int32_t *row)
{
    TileRange r = tiles_under(box);
    for (int32_t ty = r.y0; ty <= r.y1; ty++)
        for (int32_t tx = r.x0; tx <= r.x1; tx++) {
            bool wall = tx < 0 || tx >= map->width;
            if (wall || (ty >= 0 && ty < map->height && tilemap_get(map, tx, ty) == TILE_SOLID)) {
                *col = tx;
                *row = ty;
                return true;
            }
        }
    return false;
}

bool sim_box_clear(const Sim *sim, Box box, SimBlocker *blocker)
{
    if (!collide_solid(sim, box, ECS_NULL))
        return true;
    if (blocker == NULL)
        return false;
    *blocker = (SimBlocker){0};
    if (first_solid_tile(&sim->map, box, &blocker->col, &blocker->row)) {
        blocker->tile = true;
        return false;
    }
    /* Which entity: rare (a broken level, a failed invariant), so a walk of
    ** every collider rather than the grid. */
    EcsIter it = ecs_view(sim->world, C_COLLIDER, C_TRANSFORM);
    while (ecs_iter_next(&it)) {
        const Collider *c = ecs_field(&it, Collider, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        for (int i = 0; i < it.count; i++) {
            Box b = box_of(&t[i], &c[i]);
            if (c[i].enabled && c[i].kind == COLLIDER_SOLID && box_overlap(box, b)) {
                blocker->box = b;
                ecs_iter_fini(&it);
                return false;
            }
        }
    }
    return false;
}

SimBox sim_hurt_box(SimBox b, const PhysicsParams *pp)
{
    int32_t top = (int32_t)pp->hurtbox_top, side = (int32_t)pp->hurtbox_side;
    SimBox hurt = {b.x + side, b.y + top, b.w - 2 * side, b.h - top};
    return hurt.w < 1 || hurt.h < 1 ? b : hurt;
}

SimBox sim_spawn_box(const LevelEntity *le)
{
    const EntityKind *k = kind_get(le->kind);
    if (k == NULL || k->hit.w == 0)
        return (SimBox){le->x, le->y, le->w, le->h};
    return (SimBox){le->x + k->hit.x, le->y + k->hit.y, k->hit.w, k->hit.h};
}

SimBox sim_respawn_box(const LevelEntity *r)
{
    const EntityKind *rk = kind_get(r->kind);
    int pk = kind_player();
    if (rk == NULL || (rk->components & (1u << C_PLAYER)))
        return sim_spawn_box(r);
    /* A player entity at (0, 0) gives the collider's offset and size. */
    LevelEntity p = {.kind = pk, .w = kind_get(pk)->w, .h = kind_get(pk)->h};
    SimBox pc = sim_spawn_box(&p), cb = sim_spawn_box(r);
    return (SimBox){cb.x + cb.w / 2 - pc.w / 2, cb.y + cb.h - pc.h, pc.w, pc.h};
}
