/* SPDX-License-Identifier: Zlib */
/*
** spring.c -- springs: touching one launches the player, or a walker.
**
** A spring points up (standing on a floor) or sideways (on a wall, pushing
** away from it). The lower half of its box (the spring itself, on the floor),
** or the outer half for a side spring, is what launches: an actor whose box
** overlaps it, moving into it or resting on it, is sent off, and the spring
** rests a few ticks (so an actor still in it is not launched twice).
**
** The launches are Celeste's, scaled by two (physics.json): up, the player
** rises at spring_speed with the variable jump held for var_jump_time
** whatever is held (SuperBounce), so a spring always sends you as high;
** sideways, it goes away at side_spring_h_speed and up at
** side_spring_v_speed, carried away for side_spring_force_time whatever is
** held (SideBounce). A walker goes up, or turns away and hops.
*/
#include "sim_internal.h"

enum { SPRING_REST_TICKS = 8 };

/* The spring's clips, in the order of its row in kinds.c. */
enum { CLIP_IDLE, CLIP_LAUNCH };

/* The part of the spring's box that launches. */
static Box active_part(Box b, uint8_t dir)
{
    switch (dir) {
    case SPRING_LEFT: return (Box){b.x, b.y + 1, b.w / 2, b.h - 2};
    case SPRING_RIGHT: return (Box){b.x + b.w / 2, b.y + 1, b.w - b.w / 2, b.h - 2};
    default: return (Box){b.x + 1, b.y + b.h / 2, b.w - 2, b.h - b.h / 2};
    }
}

/* Whether an actor moving at v may be launched by a spring of that dir:
** into it or resting on it, never leaving it. */
static bool going_into(uint8_t dir, const Velocity *v)
{
    switch (dir) {
    case SPRING_LEFT: return v->x >= 0.0f;
    case SPRING_RIGHT: return v->x <= 0.0f;
    default: return v->y >= 0.0f;
    }
}

static void launch_player(Sim *sim, uint8_t dir)
{
    const PhysicsParams *pp = &sim->params;
    Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    Velocity *v = ecs_get(sim->world, sim->player, C_VELOCITY);
    if (dir == SPRING_UP) {
        player_launch(sim, p, v, -pp->spring_speed, pp->var_jump_time, pp->var_jump_time, 0, 0.0f);
        return;
    }
    int away = dir == SPRING_LEFT ? -1 : 1;
    v->x = (float)away * pp->side_spring_h_speed;
    v->rem_x = 0.0f;
    player_launch(sim, p, v, -pp->side_spring_v_speed, 0.0f, 0.0f, away,
                  pp->side_spring_force_time);
    p->facing = (int8_t)away;
}

static void launch_walker(Sim *sim, Enemy *e, Velocity *v, uint8_t dir)
{
    const PhysicsParams *pp = &sim->params;
    if (dir == SPRING_UP) {
        v->y = -pp->spring_speed;
    } else {
        e->dir = (int8_t)(dir == SPRING_LEFT ? -1 : 1);
        v->y = -pp->side_spring_v_speed;
    }
    v->rem_y = 0.0f;
}

void spring_tick(Sim *sim, Spring *s, Box b)
{
    if (s->rest > 0) {
        s->rest--;
        return;
    }
    Box part = active_part(b, s->dir);
    bool launched = false;
    const Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    if (p != NULL && p->state == PLAYER_NORMAL &&
        box_overlap(box_of(ecs_get(sim->world, sim->player, C_TRANSFORM),
                           ecs_get(sim->world, sim->player, C_COLLIDER)),
                    part) &&
        going_into(s->dir, ecs_get(sim->world, sim->player, C_VELOCITY))) {
        launch_player(sim, s->dir);
        launched = true;
    }
    /* Walkers in reach, from the actor grid. */
    GridQuery q;
    grid_query_begin(&q, broadphase_actors(sim), part);
    EcsEntity e;
    while (grid_query_next(&q, &e)) {
        Enemy *en = ecs_get(sim->world, e, C_ENEMY);
        Velocity *v = ecs_get(sim->world, e, C_VELOCITY);
        const Transform *et = ecs_get(sim->world, e, C_TRANSFORM);
        const Collider *ec = ecs_get(sim->world, e, C_COLLIDER);
        if (en == NULL || v == NULL || et == NULL || ec == NULL || en->state != ENEMY_WALKING ||
            !box_overlap(box_of(et, ec), part) || !going_into(s->dir, v))
            continue;
        launch_walker(sim, en, v, s->dir);
        launched = true;
    }
    if (launched) {
        s->rest = SPRING_REST_TICKS;
        emit_cue(sim, SOUND_SPRING, b);
    }
}

void system_springs(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    EcsIter it = ecs_view(world, C_SPRING, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        Spring *s = ecs_field(&it, Spring, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++)
            spring_tick(ctx, &s[i], box_of(&t[i], &c[i]));
    }
}

bool spring_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    uint8_t dir = (uint8_t)leveldesc_prop(le, "dir").i;
    *(Spring *)ecs_get(sim->world, e, C_SPRING) = (Spring){.dir = dir};
    ((Sprite *)ecs_get(sim->world, e, C_SPRITE))->variant = dir;
    return true;
}

void spring_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it = ecs_view(sim->world, C_SPRING, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Spring *s = ecs_field(&it, Spring, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        for (int i = 0; i < it.count; i++)
            anim_play(&a[i], (uint16_t)(first_clip + (s[i].rest > 0 ? CLIP_LAUNCH : CLIP_IDLE)));
    }
}
