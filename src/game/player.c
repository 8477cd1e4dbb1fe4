/*
** player.c -- the character physics: how the jump feels.
**
** One tick of the player, in this order (each step reads what the previous
** wrote, so the order is part of the feel and of the determinism contract):
**
**   1. ground probe: is a solid or a one-way top one pixel below? Probed
**      again here, not taken from last tick, because a platform may have
**      moved away since.
**   2. intent: which way the stick points, whether jump is held.
**   3. horizontal speed: accelerate towards max_run in the held direction
**      (ground and air rates differ, pushing against the motion is faster:
**      the turn-around boost); with no input, decelerate to a stop; above
**      max_run after a boost, bleed back down gently.
**   4. gravity: in the air, approach the fall cap. Near the apex (|vy| small)
**      with jump held, gravity is scaled down: the floaty top of a jump.
**      Holding down while falling raises the cap (a faster fall).
**   5. jump: a press is remembered for jump_buffer (buffering) and the
**      ground for coyote_time after leaving it (coyote time); when both
**      meet, take off. While jump stays held for var_jump_time the take-off
**      speed is held; releasing it ends that, so a tap is a hop and a hold
**      is a full jump. Down + jump on a one-way platform drops through it.
**   6. move x, then y, a pixel at a time (collide.c): nothing tunnels.
**      A head bump near a ceiling's corner slides around it by up to
**      corner_correction pixels instead of stopping the jump.
**   7. flags: grounded (landed this tick?) and the platform ridden, read by
**      the animation system later in this same tick.
**
** Moving platforms carry and push the player in their own system
** (moving_platform.c), which runs after this one.
*/
#include "sim_internal.h"

#include <math.h>

enum { DROP_TICKS = 8, LAND_TICKS = 6 };

/* The player's clips, in the order of its row in kinds.c. */
enum { CLIP_IDLE, CLIP_RUN, CLIP_JUMP, CLIP_FALL, CLIP_LAND, CLIP_DEATH };

static float approach(float value, float target, float step)
{
    return value < target ? fminf(value + step, target) : fmaxf(value - step, target);
}

/* The box nudged around a ceiling corner, if it fits within the limit. */
static bool corner_correct(const Sim *sim, EcsEntity self, Transform *t, const Collider *c,
                           float vx)
{
    int32_t limit = (int32_t)sim->params.corner_correction;
    for (int side = 0; side < 2; side++) {
        int32_t dir = side == 0 ? -1 : 1;
        if ((dir < 0 && vx > 0.0f) || (dir > 0 && vx < 0.0f))
            continue; /* only towards where we are going, or both when still */
        for (int32_t i = 1; i <= limit; i++) {
            Box box = box_of(t, c);
            box.x += dir * i;
            box.y -= 1;
            if (!collide_solid(sim, box, self)) {
                t->x += dir * i;
                t->y -= 1;
                return true;
            }
        }
    }
    return false;
}

static void take_off(Sim *sim, Player *p, Box box, Velocity *v, int move)
{
    const PhysicsParams *pp = &sim->params;
    v->y = -pp->jump_speed;
    v->x += (float)move * pp->jump_h_boost;
    /* Jumping off a moving platform keeps its motion. */
    const MovingPlatform *ride = ecs_entity_is_null(p->riding)
        ? NULL : ecs_get(sim->world, p->riding, C_MOVING_PLATFORM);
    if (ride != NULL) {
        v->x += (float)ride->moved_x * (float)SIM_TICK_RATE;
        v->y += fminf(0.0f, (float)ride->moved_y * (float)SIM_TICK_RATE);
    }
    p->var_jump = (uint16_t)sim_ticks(pp->var_jump_time);
    p->buffer = 0;
    p->coyote = 0;
    emit_at_feet(sim, EV_JUMPED, box);
}

static void player_step(Sim *sim, EcsEntity self, Player *p, Transform *t, Velocity *v,
                        const Collider *c, float dt)
{
    const PhysicsParams *pp = &sim->params;
    const InputIntent *in = &sim->input;

    /* 1. ground probe */
    bool dropping = p->drop > 0;
    bool grounded = v->y >= 0.0f && actor_grounded(sim, self, box_of(t, c), dropping);
    p->was_grounded = p->grounded;
    p->on_ceiling = false;

    /* 2. intent */
    int move = (in->right ? 1 : 0) - (in->left ? 1 : 0);
    if (move != 0)
        p->facing = (int8_t)move;
    p->jump_held = in->jump_held;

    /* 3. horizontal speed */
    float target = (float)move * pp->max_run;
    if (fabsf(v->x) > pp->max_run && move != 0 && (v->x > 0.0f) == (move > 0)) {
        v->x = approach(v->x, target, pp->run_reduce * dt);
    } else if (move != 0) {
        float accel = grounded ? pp->ground_accel : pp->air_accel;
        if (v->x * (float)move < 0.0f)
            accel *= pp->turn_mult;
        v->x = approach(v->x, target, accel * dt);
    } else {
        v->x = approach(v->x, 0.0f, (grounded ? pp->ground_decel : pp->air_decel) * dt);
    }

    /* 4. gravity */
    if (!grounded) {
        bool fast = in->down && v->y >= pp->max_fall;
        p->fall_cap = approach(p->fall_cap, fast ? pp->fast_max_fall : pp->max_fall,
                               pp->fast_fall_accel * dt);
        float mult = (fabsf(v->y) < pp->apex_threshold && in->jump_held) ? pp->apex_gravity_mult : 1.0f;
        v->y = approach(v->y, p->fall_cap, pp->gravity * mult * dt);
    } else {
        p->fall_cap = pp->max_fall;
    }

    /* 5. jump */
    if (p->var_jump > 0) {
        if (in->jump_held)
            v->y = fminf(v->y, -pp->jump_speed);
        else
            p->var_jump = 0;
    }
    if (grounded)
        p->coyote = (uint16_t)sim_ticks(pp->coyote_time);
    if (in->jump_pressed) /* +1: the tick of the press counts */
        p->buffer = (uint16_t)(sim_ticks(pp->jump_buffer) + 1);
    if (p->buffer > 0) {
        Box box = box_of(t, c);
        Box below = {box.x, box.y + 1, box.w, box.h};
        bool on_oneway_only = grounded && in->down && !collide_solid(sim, below, self) &&
                              collide_oneway_top(sim, box);
        if (on_oneway_only) {
            p->drop = DROP_TICKS;
            p->buffer = 0;
            p->coyote = 0;
        } else if (grounded || p->coyote > 0) {
            take_off(sim, p, box, v, move);
        }
    }

    /* 6. move x, then y */
    dropping = p->drop > 0;
    if (actor_move_x(sim, self, t, c, v->x * dt, &v->rem_x))
        v->x = 0.0f;
    if (actor_move_y(sim, self, t, c, v->y * dt, &v->rem_y, dropping)) {
        if (!(v->y < 0.0f && corner_correct(sim, self, t, c, v->x))) {
            if (v->y < 0.0f) {
                p->on_ceiling = true;
                p->var_jump = 0;
            }
            v->y = 0.0f;
        }
    }

    /* 7. flags */
    Box box = box_of(t, c);
    p->grounded = v->y >= 0.0f && actor_grounded(sim, self, box, dropping);
    p->riding = p->grounded ? collide_solid_below(sim, box) : ECS_NULL;
    if (p->grounded && !p->was_grounded) {
        p->land = LAND_TICKS;
        emit_at_feet(sim, EV_LANDED, box);
    }

    if (!grounded && p->coyote > 0)
        p->coyote--;
    if (p->buffer > 0)
        p->buffer--;
    if (p->drop > 0)
        p->drop--;
    if (p->land > 0)
        p->land--;
    if (p->var_jump > 0)
        p->var_jump--;
}

void system_player(EcsWorld *world, float dt, void *ctx)
{
    Sim *sim = ctx;
    bool fell = false;
    EcsIter it = ecs_view(world, C_PLAYER, C_TRANSFORM, C_VELOCITY, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        Player *p = ecs_field(&it, Player, 0);
        Transform *t = ecs_field(&it, Transform, 1);
        Velocity *v = ecs_field(&it, Velocity, 2);
        const Collider *c = ecs_field(&it, Collider, 3);
        for (int i = 0; i < it.count; i++) {
            if (p[i].state != PLAYER_NORMAL)
                continue;
            player_step(sim, ecs_iter_entity(&it, i), &p[i], &t[i], &v[i], &c[i], dt);
            fell = fell || t[i].y > sim->kill_y;
        }
    }
    if (fell)
        player_kill(sim);
}

void player_kill(Sim *sim)
{
    Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    const Transform *t = ecs_get(sim->world, sim->player, C_TRANSFORM);
    const Collider *c = ecs_get(sim->world, sim->player, C_COLLIDER);
    Velocity *v = ecs_get(sim->world, sim->player, C_VELOCITY);
    if (p == NULL || p->state != PLAYER_NORMAL)
        return;
    p->state = PLAYER_DEAD;
    p->dead = 0;
    p->var_jump = p->buffer = p->coyote = p->drop = 0;
    p->riding = ECS_NULL;
    *v = (Velocity){0};
    sim->status.deaths++;
    emit_at_center(sim, EV_DIED, box_of(t, c));
}

void system_respawn(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    Sim *sim = ctx;
    Player *p = ecs_get(world, sim->player, C_PLAYER);
    if (p == NULL || p->state != PLAYER_DEAD)
        return;
    if (p->dead++ < sim_ticks(sim->params.respawn_time)) /* counts from the death tick */
        return;
    Transform *t = ecs_get(world, sim->player, C_TRANSFORM);
    *t = (Transform){p->spawn_x, p->spawn_y, p->spawn_x, p->spawn_y};
    *(Velocity *)ecs_get(world, sim->player, C_VELOCITY) = (Velocity){0};
    p->state = PLAYER_NORMAL;
    p->dead = 0;
    p->grounded = p->was_grounded = false;
    p->fall_cap = sim->params.max_fall;
    emit_at_center(sim, EV_RESPAWNED,
                   box_of(t, ecs_get(world, sim->player, C_COLLIDER)));
}

bool player_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    *(Player *)ecs_get(sim->world, e, C_PLAYER) =
        (Player){.facing = 1, .spawn_x = le->x, .spawn_y = le->y,
                 .fall_cap = sim->params.max_fall, .riding = ECS_NULL};
    if (ecs_entity_is_null(sim->player))
        sim->player = e;
    return true;
}

static uint16_t player_clip(const Player *p, const Velocity *v)
{
    if (p->state == PLAYER_DEAD)
        return CLIP_DEATH;
    if (!p->grounded)
        return v->y < 0.0f ? CLIP_JUMP : CLIP_FALL;
    if (p->land > 0)
        return CLIP_LAND;
    return fabsf(v->x) > 10.0f ? CLIP_RUN : CLIP_IDLE;
}

void player_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it = ecs_view(sim->world, C_PLAYER, C_VELOCITY, C_ANIMATION, C_SPRITE);
    while (ecs_iter_next(&it)) {
        const Player *p = ecs_field(&it, Player, 0);
        const Velocity *v = ecs_field(&it, Velocity, 1);
        Animation *a = ecs_field(&it, Animation, 2);
        Sprite *s = ecs_field(&it, Sprite, 3);
        for (int i = 0; i < it.count; i++) {
            anim_play(&a[i], (uint16_t)(first_clip + player_clip(&p[i], &v[i])));
            s[i].flip_x = p[i].facing < 0;
        }
    }
}
