/* SPDX-License-Identifier: Zlib */
/*
** moving_platform.c -- things that follow waypoints: solids that carry and
** push, and hazards that just move.
**
** Each tick a mover advances along its path at its speed (looping or going
** back and forth, resting `wait` at each waypoint), in whole pixels with a
** kept remainder like actors. A moving saw only moves. A platform is a solid:
** before it moves, the actors standing on it are its riders. Then, with its
** own collider switched off so it does not block what it moves, it moves one
** axis at a time:
**   - an actor it now overlaps is pushed out ahead of it; if a solid stops
**     that push, the actor is crushed (the player dies, a walker is squashed);
**   - a rider moves along by the same amount (a wall may stop it: it slides
**     off).
** Actors and solids never overlap afterwards, so the next tick's physics
** starts from a valid state (Celeste's Solid.MoveExact). A one-way platform
** (a moving plank) carries its riders and pushes nobody: from below or the
** side it is air.
**
** A platform of mode "ridden" waits at its start until the player stands on
** it, then goes along its path to the end (resting `wait` at the waypoints
** between) and rests there while he stays; once he has left it (and it has
** rested `wait` at the end), it goes back to its start, turning round again
** if he lands on it on the way. A jump from it does not stop it: it goes on
** to the end and turns back only from there, so a player who jumps on it can
** land on it again.
*/
#include "sim_internal.h"

#include "array.h"

#include <math.h>

typedef struct Actor {
    EcsEntity entity;
    Transform *t;
    const Collider *c;
    bool rider;
} Actor;

/* The live actors the solid may touch as it moves by (dx, dy), into
** sim->touched: the player (unless dead or done), then walking walkers near
** it in slot order, from the actor grid (broadphase.c). Out of memory, the
** solid moves through the walkers it had no room for. */
static int gather_actors(Sim *sim, Box solid, int32_t dx, int32_t dy)
{
    /* Only actors within reach of this tick's move can be touched. */
    int32_t reach_x = 32 + (dx < 0 ? -dx : dx), reach_y = 32 + (dy < 0 ? -dy : dy);
    Box near = {solid.x - reach_x, solid.y - reach_y, solid.w + 2 * reach_x, solid.h + 2 * reach_y};
    int count = 0;
    if (!grid_gather(sim, broadphase_actors(sim), near, &count))
        count = 0; /* out of memory: the player alone */
    Actor *grown = array_grow(sim->touched, &sim->touched_cap, (size_t)count + 1, sizeof *grown);
    if (grown != NULL)
        sim->touched = grown;
    int room = grown != NULL ? 1 + count : (int)sim->touched_cap;
    Actor *out = sim->touched;
    int n = 0;
    Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    if (room > 0 && p != NULL && p->state == PLAYER_NORMAL) {
        out[n++] = (Actor){sim->player, ecs_get(sim->world, sim->player, C_TRANSFORM),
                           ecs_get(sim->world, sim->player, C_COLLIDER), false};
    }
    for (int i = 0; i < count && n < room; i++) {
        EcsEntity e = sim->near[i];
        const Enemy *en = ecs_get(sim->world, e, C_ENEMY);
        Transform *t = ecs_get(sim->world, e, C_TRANSFORM);
        const Collider *c = ecs_get(sim->world, e, C_COLLIDER);
        if (en != NULL && t != NULL && c != NULL && en->state == ENEMY_WALKING &&
            box_overlap(near, box_of(t, c)))
            out[n++] = (Actor){e, t, c, false};
    }
    return n;
}

static void crush(Sim *sim, EcsEntity actor)
{
    if (ecs_entity_eq(actor, sim->player)) {
        /* invincible: put back once every mover has moved and is solid again */
        if (sim->invincible)
            sim->rescue_due = true;
        else
            player_kill(sim);
        return;
    }
    Enemy *e = ecs_get(sim->world, actor, C_ENEMY);
    if (e != NULL && e->state == ENEMY_WALKING) {
        e->state = ENEMY_SQUASHED;
        emit_at_center(sim, EV_STOMPED,
                       box_of(ecs_get(sim->world, actor, C_TRANSFORM),
                              ecs_get(sim->world, actor, C_COLLIDER)));
    }
}

/* Moves the solid by (dx, dy) whole pixels, carrying riders and pushing. */
static void move_solid(Sim *sim, EcsEntity self, Transform *t, Collider *c, int32_t dx, int32_t dy)
{
    Box from = box_of(t, c);
    int n = gather_actors(sim, box_of(t, c), dx, dy);
    Actor *actors = sim->touched;
    for (int a = 0; a < n; a++) {
        Box box = box_of(actors[a].t, actors[a].c);
        Box below = {box.x, box.y + 1, box.w, box.h};
        actors[a].rider = !box_overlap(box, box_of(t, c)) && box_overlap(below, box_of(t, c));
    }

    bool oneway = c->kind == COLLIDER_ONEWAY;
    c->enabled = false;
    for (int axis = 0; axis < 2; axis++) {
        int32_t amount = axis == 0 ? dx : dy;
        if (amount == 0)
            continue;
        if (axis == 0)
            t->x += amount;
        else
            t->y += amount;
        Box solid = box_of(t, c);
        for (int a = 0; a < n; a++) {
            Transform *at = actors[a].t;
            const Collider *ac = actors[a].c;
            Box box = box_of(at, ac);
            /* A plank pushes nothing: it only carries what stands on it. */
            if (!oneway && box_overlap(box, solid)) {
                int32_t push;
                if (axis == 0)
                    push = amount > 0 ? solid.x + solid.w - box.x : solid.x - (box.x + box.w);
                else
                    push = amount > 0 ? solid.y + solid.h - box.y : solid.y - (box.y + box.h);
                if (actor_move_exact(sim, actors[a].entity, at, ac, axis, push, true))
                    crush(sim, actors[a].entity);
            } else if (actors[a].rider) {
                actor_move_exact(sim, actors[a].entity, at, ac, axis, amount, true);
            }
        }
    }
    c->enabled = true;
    grid_move(&sim->solids, self, from, box_of(t, c));
}

/* Moves the float position (*fx, *fy) `step` pixels along the path, turning
** at waypoints (around the loop, or back and forth). */
static void advance(Mover *mp, float *fx, float *fy, float step)
{
    for (int guard = 0; guard < LEVEL_MAX_WAYPOINTS * 2 && step > 0.0f; guard++) {
        LevelPoint goal = mp->path[mp->target];
        float gx = (float)goal.x - *fx, gy = (float)goal.y - *fy;
        float dist = sqrtf(gx * gx + gy * gy);
        if (step < dist) {
            *fx += gx * (step / dist);
            *fy += gy * (step / dist);
            return;
        }
        *fx = (float)goal.x;
        *fy = (float)goal.y;
        step -= dist;
        /* A rest at the waypoint takes the rest of this tick's motion. */
        if (mp->wait > 0) {
            mp->waiting = mp->wait;
            step = 0.0f;
        }
        /* Next waypoint: around the loop, or back and forth. */
        if (mp->loop) {
            mp->target = (uint8_t)((mp->target + 1) % mp->path_len);
        } else {
            int next = mp->target + mp->step;
            if (next < 0 || next >= mp->path_len) {
                mp->step = (int8_t)-mp->step;
                next = mp->target + mp->step;
                if (mp->ridden) {
                    /* An end: it stays until called back. */
                    mp->idle = true;
                    step = 0.0f;
                }
            }
            mp->target = (uint8_t)next;
        }
    }
}

bool mover_advance(Mover *mp, const Transform *t, float dt, int32_t *dx, int32_t *dy)
{
    *dx = *dy = 0;
    if (mp->path_len < 2 || mp->speed <= 0.0f || mp->idle)
        return false;
    if (mp->waiting > 0) {
        mp->waiting--;
        return false;
    }
    float fx = (float)t->x + mp->rem_x, fy = (float)t->y + mp->rem_y;
    advance(mp, &fx, &fy, mp->speed * dt);
    int32_t nx = (int32_t)lroundf(fx), ny = (int32_t)lroundf(fy);
    mp->rem_x = fx - (float)nx;
    mp->rem_y = fy - (float)ny;
    *dx = nx - t->x;
    *dy = ny - t->y;
    return *dx != 0 || *dy != 0;
}

/* Whether the player stands on the solid's box: alive, his feet on its top. */
static bool player_rides(Sim *sim, Box solid)
{
    const Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    if (p == NULL || p->state != PLAYER_NORMAL)
        return false;
    Box box = box_of(ecs_get(sim->world, sim->player, C_TRANSFORM),
                     ecs_get(sim->world, sim->player, C_COLLIDER));
    Box below = {box.x, box.y + 1, box.w, box.h};
    return !box_overlap(box, solid) && box_overlap(below, solid);
}

/* A ridden platform's call: from its start when the player stands on it,
** from its end when he has left it and its rest is over; on the way back,
** his landing on it turns it round. */
static void call_ridden(Sim *sim, Mover *mp, const Transform *t, const Collider *c)
{
    bool rides = player_rides(sim, box_of(t, c));
    if (mp->idle) {
        bool at_start = mp->step > 0;
        if (!at_start && mp->waiting > 0) {
            mp->waiting--;
        } else if (at_start ? rides : !rides) {
            mp->idle = false; /* called: it leaves at once */
            mp->waiting = 0;
        }
    } else if (mp->step < 0 && rides && mp->target + 1 < mp->path_len) {
        mp->step = 1;
        mp->target = (uint8_t)(mp->target + 1);
        mp->waiting = 0;
    }
}

void mover_tick(Sim *sim, EcsEntity self, Mover *mp, Transform *t, Collider *c, float dt)
{
    if (mp->ridden)
        call_ridden(sim, mp, t, c);
    int32_t dx, dy;
    bool moved = mover_advance(mp, t, dt, &dx, &dy);
    mp->moved_x = (int16_t)dx;
    mp->moved_y = (int16_t)dy;
    if (!moved)
        return;
    if (c->kind == COLLIDER_SOLID || c->kind == COLLIDER_ONEWAY) {
        move_solid(sim, self, t, c, dx, dy);
    } else {
        /* A moving hazard carries and pushes nothing: it just moves. */
        t->x += dx;
        t->y += dy;
    }
}

void system_platforms(EcsWorld *world, float dt, void *ctx)
{
    Sim *sim = ctx;
    sim->actors.stale = true; /* the player and walkers have moved this tick */
    EcsIter it = ecs_view(world, C_MOVER, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        Mover *mp = ecs_field(&it, Mover, 0);
        Transform *t = ecs_field(&it, Transform, 1);
        Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++)
            mover_tick(sim, ecs_iter_entity(&it, i), &mp[i], &t[i], &c[i], dt);
    }
    if (sim->rescue_due) {
        sim->rescue_due = false;
        invincible_rescue(sim);
    }
}

/* The platform's clips, in the order of its row in kinds.c. */
enum { CLIP_SOLID, CLIP_ONEWAY };

bool mover_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    const LevelPath *path = leveldesc_path(level, le, "path");
    Mover *mp = ecs_get(sim->world, e, C_MOVER);
    int mode = leveldesc_prop(le, "mode").i; /* pingpong, loop, ridden (platforms only) */
    *mp = (Mover){.step = 1,
                  .loop = mode == 1,
                  .ridden = mode == 2,
                  .idle = mode == 2,
                  .speed = leveldesc_prop(le, "speed").f,
                  .wait = (uint16_t)sim_ticks(leveldesc_prop(le, "wait").f)};
    /* The path starts where it stands. */
    mp->path[0] = (LevelPoint){le->x, le->y};
    int count = path != NULL ? path->count : 0;
    for (int k = 0; k < count && k + 1 < LEVEL_MAX_WAYPOINTS; k++)
        mp->path[k + 1] = path->points[k];
    mp->path_len = (uint8_t)(count + 1 < LEVEL_MAX_WAYPOINTS ? count + 1 : LEVEL_MAX_WAYPOINTS);
    mp->target = mp->path_len > 1 ? 1 : 0;
    return true;
}

bool moving_platform_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    if (!mover_spawn(sim, e, level, le))
        return false;
    if (leveldesc_prop(le, "oneway").i) {
        /* A plank: solid from above only, and drawn as one. */
        ((Collider *)ecs_get(sim->world, e, C_COLLIDER))->kind = COLLIDER_ONEWAY;
        Sprite *s = ecs_get(sim->world, e, C_SPRITE);
        s->clip = (uint16_t)(s->clip + CLIP_ONEWAY - CLIP_SOLID);
        ((Animation *)ecs_get(sim->world, e, C_ANIMATION))->clip = s->clip;
    }
    return true;
}
