/* SPDX-License-Identifier: Zlib */
/*
** walker.c -- the patrolling enemy.
**
** A walker falls until it stands on something, then walks at walker_speed.
** It turns around when a wall stops it, and (unless told otherwise:
** turn_at_edges) before it would step off a ledge or into spikes, so it
** patrols the floor it stands on and never walks into a hazard. Stomped
** (interact.c), it is squashed flat, harmless, and removed after a moment.
*/
#include "sim_internal.h"

#include <math.h>

enum { SQUASH_TICKS = 30 };

/* The walker's clips, in the order of its row in kinds.c. */
enum { CLIP_WALK, CLIP_SQUASHED };

/* Is there floor under the first pixel column ahead of the box? */
static bool floor_ahead(const Sim *sim, EcsEntity self, Box box, int dir)
{
    Box ahead = {dir > 0 ? box.x + box.w : box.x - 1, box.y, 1, box.h};
    return actor_grounded(sim, self, ahead, false);
}

/* Are there spikes in the first pixel column ahead of the box? */
static bool spikes_ahead(const Sim *sim, Box box, int dir)
{
    TileRange r = tiles_under((Box){dir > 0 ? box.x + box.w : box.x - 1, box.y, 1, box.h});
    for (int32_t ty = r.y0; ty <= r.y1; ty++)
        if (tilemap_get(&sim->map, r.x0, ty) == TILE_SPIKES)
            return true;
    return false;
}

bool walker_tick(Sim *sim, EcsEntity self, Enemy *e, Transform *t, Velocity *v, const Collider *c,
                 float dt)
{
    const PhysicsParams *pp = &sim->params;
    Box box = box_of(t, c);
    /* Rising (a spring launched it) is never grounded. */
    bool grounded = v->y >= 0.0f && actor_grounded(sim, self, box, false);
    if (grounded && e->turn_at_edges &&
        (!floor_ahead(sim, self, box, e->dir) || spikes_ahead(sim, box, e->dir)))
        e->dir = (int8_t)-e->dir;
    v->x = (float)e->dir * pp->walker_speed;
    v->y = grounded ? 0.0f : fminf(v->y + pp->gravity * dt, pp->max_fall);
    if (actor_move(sim, self, t, c, 0, v->x * dt, &v->rem_x, false))
        e->dir = (int8_t)-e->dir;
    if (actor_move(sim, self, t, c, 1, v->y * dt, &v->rem_y, false))
        v->y = 0.0f;
    return t->y <= sim->kill_y;
}

void system_walkers(EcsWorld *world, float dt, void *ctx)
{
    Sim *sim = ctx;
    EcsIter it = ecs_view(world, C_ENEMY, C_TRANSFORM, C_VELOCITY, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        Enemy *e = ecs_field(&it, Enemy, 0);
        Transform *t = ecs_field(&it, Transform, 1);
        Velocity *v = ecs_field(&it, Velocity, 2);
        const Collider *c = ecs_field(&it, Collider, 3);
        for (int i = 0; i < it.count; i++) {
            EcsEntity self = ecs_iter_entity(&it, i);
            if (e[i].state == ENEMY_SQUASHED) {
                if (++e[i].squashed >= SQUASH_TICKS)
                    ecs_defer_destroy(world, self);
                continue;
            }
            if (!walker_tick(sim, self, &e[i], &t[i], &v[i], &c[i], dt))
                ecs_defer_destroy(world, self);
        }
    }
}

bool walker_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    bool left = leveldesc_prop(le, "dir").i == 0;
    *(Enemy *)ecs_get(sim->world, e, C_ENEMY) =
        (Enemy){.state = ENEMY_WALKING,
                .dir = (int8_t)(left ? -1 : 1),
                .turn_at_edges = leveldesc_prop(le, "turn_at_edges").i != 0};
    return true;
}

void walker_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it = ecs_view(sim->world, C_ENEMY, C_ANIMATION, C_SPRITE);
    while (ecs_iter_next(&it)) {
        const Enemy *e = ecs_field(&it, Enemy, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        Sprite *s = ecs_field(&it, Sprite, 2);
        for (int i = 0; i < it.count; i++) {
            anim_play(&a[i], (uint16_t)(first_clip + (e[i].state == ENEMY_SQUASHED ? CLIP_SQUASHED
                                                                                   : CLIP_WALK)));
            s[i].flip_x = e[i].dir < 0;
        }
    }
}
