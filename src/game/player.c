/* SPDX-License-Identifier: Zlib */
/*
** player.c -- the character physics: how the jump feels.
**
** One tick of the player, in this order (each step reads what the previous
** wrote, so the order is part of the feel and of the determinism contract):
**
**   1. ground probe: is a solid or a one-way top one pixel below? Probed
**      again here, not taken from last tick, because a platform may have
**      moved away since. Which wall is within wall_jump_check pixels.
**   2. intent: which way the stick points, whether jump is held. After a
**      wall jump or a spring on a wall, force_x replaces the stick for a
**      moment (Celeste's forceMoveX): the move carries you away whatever
**      you hold, then control comes back.
**   3. horizontal speed: accelerate towards max_run in the held direction
**      (ground and air rates differ, pushing against the motion is faster:
**      the turn-around boost); with no input, decelerate to a stop; above
**      max_run after a boost, bleed back down gently.
**   4. gravity: in the air, approach the fall cap (falling, gravity is
**      scaled by fall_gravity_mult). Near the apex (|vy| small) with jump
**      held, gravity is scaled down: the floaty top of a jump. Holding down
**      while falling raises the cap (a faster fall). Holding towards a wall
**      while falling is a wall slide: the cap starts at
**      wall_slide_start_max and rises back to max_fall over wall_slide_time
**      of sliding (the slide's clock winds back on the ground).
**   5. jump: a press is remembered for jump_buffer (buffering) and the
**      ground for coyote_time after leaving it (coyote time); when both
**      meet, take off. Off the ground, a buffered press near a wall (or
**      within coyote_time of leaving one) is a wall jump: away from the
**      wall at wall_jump_h_speed, up as a normal jump. While jump stays held
**      for var_jump_time the take-off speed is held; releasing it ends that,
**      so a tap is a hop and a hold is a full jump (a bounce or a spring
**      holds it for you at first: auto_jump). Down + jump on a one-way
**      plank drops through it, and so does holding down on it for
**      drop_hold_time.
**   6. move x, then y, a pixel at a time (collide.c): nothing tunnels.
**      A head bump near a ceiling's corner slides around it by up to
**      corner_correction pixels instead of stopping the jump.
**   7. flags: grounded (landed this tick?) and the platform ridden, read by
**      the animation system later in this same tick.
**
** Moving platforms carry and push the player in their own system
** (moving_platform.c), which runs after this one; stomps (interact.c),
** springs (spring.c) and wall jumps (below) start their launches with
** player_launch.
*/
#include "sim_internal.h"

#include <math.h>

enum { DROP_TICKS = 8, LAND_TICKS = 6 };

/* The player's clips, in the order of its row in kinds.c. */
enum {
    CLIP_IDLE,
    CLIP_RUN,
    CLIP_JUMP,
    CLIP_FALL,
    CLIP_LAND,
    CLIP_DEATH,
    CLIP_SLIDE,
    CLIP_TAKEOFF,
    CLIP_TURN,
    CLIP_TEETER,
    CLIP_RESPAWN
};

static float approach(float value, float target, float step)
{
    return value < target ? fminf(value + step, target) : fmaxf(value - step, target);
}

static uint16_t ticks_of(float seconds)
{
    int t = sim_ticks(seconds);
    return (uint16_t)(t < 0 ? 0 : t > UINT16_MAX ? UINT16_MAX : t);
}

/* The box nudged around a ceiling corner, if it fits within the limit. */
static bool corner_correct(const Sim *sim, EcsEntity self, Transform *t, const Collider *c,
                           float vx)
{
    int32_t limit = (int32_t)sim->params.corner_correction;
    for (int32_t dir = -1; dir <= 1; dir += 2) {
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

void player_launch(const Sim *sim, Player *p, Velocity *v, float vy, float hold_seconds,
                   float auto_seconds, int force_x, float force_seconds)
{
    v->y = vy;
    v->rem_y = 0.0f;
    p->var_speed = -vy;
    p->var_jump = ticks_of(hold_seconds);
    p->auto_jump = ticks_of(auto_seconds);
    p->force_x = (int8_t)force_x;
    p->force_timer = force_x != 0 ? ticks_of(force_seconds) : 0;
    p->buffer = 0;
    p->coyote = 0;
    p->wall_coyote = 0;
    p->fall_cap = sim->params.max_fall;
}

static void take_off(Sim *sim, Player *p, Box box, Velocity *v, int move)
{
    const PhysicsParams *pp = &sim->params;
    float vx = v->x + (float)move * pp->jump_h_boost, vy = -pp->jump_speed;
    /* Jumping off a moving platform keeps its motion. */
    const Mover *ride =
        ecs_entity_is_null(p->riding) ? NULL : ecs_get(sim->world, p->riding, C_MOVER);
    if (ride != NULL) {
        vx += (float)ride->moved_x * (float)SIM_TICK_RATE;
        vy += fminf(0.0f, (float)ride->moved_y * (float)SIM_TICK_RATE);
    }
    v->x = vx;
    player_launch(sim, p, v, vy, pp->var_jump_time, 0.0f, 0, 0.0f);
    p->var_speed = pp->jump_speed;
    emit_at_feet(sim, EV_JUMPED, box);
}

/* Off the wall on the side `wall` (-1 left, +1 right): away and up. */
static void wall_jump(Sim *sim, Player *p, Box box, Velocity *v, int wall)
{
    const PhysicsParams *pp = &sim->params;
    int away = -wall;
    v->x = (float)away * pp->wall_jump_h_speed;
    player_launch(sim, p, v, -pp->jump_speed, pp->var_jump_time, 0.0f, away,
                  pp->wall_jump_force_time);
    p->facing = (int8_t)away;
    p->wall_slide = ticks_of(pp->wall_slide_time);
    emit_at_center(sim, EV_WALL_JUMPED, box);
}

/* The wall within reach on that side (dir -1 or +1): a solid no further
** than wall_jump_check pixels from the box's side. */
static bool wall_near(const Sim *sim, EcsEntity self, Box box, int dir)
{
    int32_t reach = (int32_t)sim->params.wall_jump_check;
    if (reach < 1)
        return false;
    Box probe = dir > 0 ? (Box){box.x + box.w, box.y, reach, box.h}
                        : (Box){box.x - reach, box.y, reach, box.h};
    return collide_solid(sim, probe, self);
}

static void player_step(Sim *sim, EcsEntity self, Player *p, Transform *t, Velocity *v,
                        const Collider *c, float dt)
{
    const PhysicsParams *pp = &sim->params;
    const InputIntent *in = &sim->input;

    /* 1. ground probe, walls */
    bool dropping = p->drop > 0;
    Box here = box_of(t, c);
    bool grounded = v->y >= 0.0f && actor_grounded(sim, self, here, dropping);
    p->was_grounded = p->grounded;
    p->on_ceiling = false;
    int wall = wall_near(sim, self, here, 1) ? 1 : wall_near(sim, self, here, -1) ? -1 : 0;
    if (grounded) {
        p->wall_slide = ticks_of(pp->wall_slide_time);
        p->wall_coyote = 0;
    } else if (wall != 0) {
        p->wall_dir = (int8_t)wall;
        p->wall_coyote = ticks_of(pp->coyote_time);
    }

    /* 2. intent */
    int move = (in->right ? 1 : 0) - (in->left ? 1 : 0);
    if (p->force_timer > 0)
        move = p->force_x;
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

    /* 4. gravity, and the wall slide's cap */
    p->sliding = false;
    if (!grounded) {
        bool slide = v->y >= 0.0f && move != 0 && !in->down &&
                     collide_solid(sim, (Box){here.x + move, here.y, here.w, here.h}, self);
        float cap = pp->max_fall;
        if (slide) {
            float left = pp->wall_slide_time > 0.0f
                             ? (float)p->wall_slide / (float)ticks_of(pp->wall_slide_time)
                             : 0.0f;
            cap = pp->max_fall + (pp->wall_slide_start_max - pp->max_fall) * fminf(left, 1.0f);
            if (p->wall_slide > 0)
                p->wall_slide--;
            p->sliding = true;
            p->fall_cap = cap;
        } else {
            bool fast = in->down && v->y >= pp->max_fall;
            p->fall_cap =
                approach(p->fall_cap, fast ? pp->fast_max_fall : cap, pp->fast_fall_accel * dt);
        }
        bool apex = fabsf(v->y) < pp->apex_threshold && (in->jump_held || p->auto_jump > 0);
        float mult = apex ? pp->apex_gravity_mult : v->y > 0.0f ? pp->fall_gravity_mult : 1.0f;
        v->y = approach(v->y, p->fall_cap, pp->gravity * mult * dt);
    } else {
        p->fall_cap = pp->max_fall;
    }

    /* 5. jump */
    if (p->var_jump > 0) {
        if (in->jump_held || p->auto_jump > 0)
            v->y = fminf(v->y, -p->var_speed);
        else
            p->var_jump = 0;
    }
    if (grounded)
        p->coyote = ticks_of(pp->coyote_time);
    if (in->jump_pressed) /* +1: the tick of the press counts */
        p->buffer = (uint16_t)(ticks_of(pp->jump_buffer) + 1);
    Box box = box_of(t, c);
    Box below = {box.x, box.y + 1, box.w, box.h};
    bool on_oneway_only =
        grounded && !collide_solid(sim, below, self) && collide_oneway_top(sim, box);
    p->down_held = on_oneway_only && in->down ? (uint16_t)(p->down_held + 1) : 0;
    if (p->down_held > 0 && p->down_held >= ticks_of(pp->drop_hold_time)) {
        p->drop = DROP_TICKS;
        p->down_held = 0;
        p->coyote = 0;
    }
    if (p->buffer > 0) {
        if (on_oneway_only && in->down) {
            p->drop = DROP_TICKS;
            p->buffer = 0;
            p->coyote = 0;
        } else if (grounded || p->coyote > 0) {
            take_off(sim, p, box, v, move);
        } else if (wall != 0) {
            wall_jump(sim, p, box, v, wall);
        } else if (p->wall_coyote > 0 && p->wall_dir != 0) {
            wall_jump(sim, p, box, v, p->wall_dir);
        }
    }

    /* 6. move x, then y */
    dropping = p->drop > 0;
    if (actor_move(sim, self, t, c, 0, v->x * dt, &v->rem_x, false))
        v->x = 0.0f;
    if (actor_move(sim, self, t, c, 1, v->y * dt, &v->rem_y, dropping)) {
        if (!(v->y < 0.0f && corner_correct(sim, self, t, c, v->x))) {
            if (v->y < 0.0f) {
                p->on_ceiling = true;
                p->var_jump = 0;
                p->auto_jump = 0;
            }
            v->y = 0.0f;
        }
    }

    /* 7. flags */
    box = box_of(t, c);
    p->grounded = v->y >= 0.0f && actor_grounded(sim, self, box, dropping);
    p->riding = p->grounded ? collide_solid_below(sim, box) : ECS_NULL;
    if (p->grounded && !p->was_grounded) {
        p->land = LAND_TICKS;
        emit_at_feet(sim, EV_LANDED, box);
    }

    if (!grounded && p->coyote > 0)
        p->coyote--;
    if (wall == 0 && p->wall_coyote > 0)
        p->wall_coyote--;
    uint16_t *timers[] = {&p->buffer,   &p->drop,      &p->land,
                          &p->var_jump, &p->auto_jump, &p->force_timer};
    for (size_t i = 0; i < sizeof timers / sizeof timers[0]; i++)
        if (*timers[i] > 0)
            (*timers[i])--;
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
    if (fell && sim->invincible)
        invincible_rescue(sim);
    else if (fell)
        player_kill(sim);
    else if (sim->invincible)
        invincible_note_ground(sim);
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
    p->var_jump = p->buffer = p->coyote = p->drop = p->auto_jump = p->force_timer = 0;
    p->wall_coyote = p->down_held = 0;
    p->sliding = false;
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
    int wait = sim_ticks(sim->params.respawn_time);
    if (p->dead < wait || p->dead == 0) { /* counts from the death tick */
        if (++p->dead >= wait) {
            /* The level as at the checkpoint; the player appears next tick. */
            restore_level(sim);
        }
        return;
    }
    /* Like a toggle block, the player waits for a solid that fills its
    ** place (a platform passing by) to leave, rather than come back inside
    ** it and be shoved aside or crushed. */
    Transform *t = ecs_get(world, sim->player, C_TRANSFORM);
    const Collider *c = ecs_get(world, sim->player, C_COLLIDER);
    Transform back = {p->spawn_x, p->spawn_y, p->spawn_x, p->spawn_y};
    if (collide_solid(sim, box_of(&back, c), sim->player))
        return; /* p->dead stays at wait: it comes back the first tick the place is free */
    *t = back;
    *(Velocity *)ecs_get(world, sim->player, C_VELOCITY) = (Velocity){0};
    p->state = PLAYER_NORMAL;
    p->dead = 0;
    p->grounded = p->was_grounded = false;
    p->fall_cap = sim->params.max_fall;
    emit_at_center(sim, EV_RESPAWNED, box_of(t, c));
}

bool player_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    *(Player *)ecs_get(sim->world, e, C_PLAYER) =
        (Player){.facing = 1,
                 .spawn_x = le->x,
                 .spawn_y = le->y,
                 .fall_cap = sim->params.max_fall,
                 .riding = ECS_NULL,
                 .wall_slide = ticks_of(sim->params.wall_slide_time)};
    if (ecs_entity_is_null(sim->player))
        sim->player = e;
    return true;
}

/* ---- Pip's poses ------------------------------------------------------------------ */

/* A landing squashes Pip by how far he fell: below LAND_SOFT_PX from the
** top of the fall a light dip, below LAND_HARD_PX a full squash, beyond
** it the deep one (the land clip's variants, in that order). */
enum { LAND_SOFT_PX = 40, LAND_HARD_PX = 96 };

static bool clip_done(const Sim *sim, const Animation *a)
{
    const ClipInfo *c = &sim->clips.clips[a->clip < KIND_CLIP_MAX ? a->clip : 0];
    return (float)a->ticks * c->fps >= (float)c->frames * (float)SIM_TICK_RATE;
}

static bool in_air(int clip)
{
    return clip == CLIP_TAKEOFF || clip == CLIP_JUMP || clip == CLIP_FALL || clip == CLIP_SLIDE;
}

/* Which way the ground falls away under a player standing still with
** less than half of the box on it: -1 or +1, 0 when it does not. */
static int ledge_side(const Sim *sim, EcsEntity self, Box box)
{
    Box centre = {box.x + box.w / 2 - 1, box.y, 2, box.h};
    if (actor_grounded(sim, self, centre, false))
        return 0;
    Box left = {box.x, box.y, box.w / 2, box.h};
    return actor_grounded(sim, self, left, false) ? 1 : -1;
}

/* The pose for this tick, from the simulation's state and the clip shown
** so far (a is the presentation's own memory: its clip, its age, and
** mark, the highest point of the fall under way). Sets *variant and
** *face (-1 or +1, the way the cell is turned). */
static int player_pose(const Sim *sim, EcsEntity self, const Player *p, const Velocity *v,
                       const Transform *t, const Collider *c, Animation *a, int first, int *variant,
                       int *face)
{
    int shown = (int)a->clip - first;
    *variant = 0;
    *face = p->facing < 0 ? -1 : 1;
    if (p->state == PLAYER_DEAD)
        return CLIP_DEATH;
    /* back from a death: the pieces gather, unless Pip is off at once */
    if (shown == CLIP_DEATH ||
        (shown == CLIP_RESPAWN && !clip_done(sim, a) && p->grounded && fabsf(v->x) < 10.0f))
        return CLIP_RESPAWN;
    if (!p->grounded && !p->was_grounded && !in_air(shown) && v->y == 0.0f)
        return CLIP_IDLE; /* the pose of tick 0, before the first step */
    if (!p->grounded) {
        a->mark = in_air(shown) && a->mark < t->y ? a->mark : t->y;
        if (p->sliding) {
            a->mark = t->y; /* the wall takes the fall */
            return CLIP_SLIDE;
        }
        if (v->y < 0.0f)
            return !in_air(shown) || (shown == CLIP_TAKEOFF && !clip_done(sim, a)) ? CLIP_TAKEOFF
                                                                                   : CLIP_JUMP;
        return CLIP_FALL;
    }
    if (in_air(shown)) {
        int32_t fall = t->y - a->mark;
        *variant = fall < LAND_SOFT_PX ? 0 : fall < LAND_HARD_PX ? 1 : 2;
        return CLIP_LAND;
    }
    if (shown == CLIP_LAND && !clip_done(sim, a) && (fabsf(v->x) <= 10.0f || a->ticks < 4)) {
        *variant = a->mark; /* the squash chosen at the landing; running cuts it short */
        return CLIP_LAND;
    }
    if (fabsf(v->x) > 10.0f) /* skidding against the motion: the turn */
        return (v->x > 0.0f) != (p->facing > 0) ? CLIP_TURN : CLIP_RUN;
    Box box = box_of(t, c);
    int edge = sim->input.left || sim->input.right ? 0 : ledge_side(sim, self, box);
    if (edge != 0) {
        *face = edge;
        return CLIP_TEETER;
    }
    return CLIP_IDLE;
}

void player_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it =
        ecs_view(sim->world, C_PLAYER, C_VELOCITY, C_TRANSFORM, C_COLLIDER, C_ANIMATION, C_SPRITE);
    while (ecs_iter_next(&it)) {
        const Player *p = ecs_field(&it, Player, 0);
        const Velocity *v = ecs_field(&it, Velocity, 1);
        const Transform *t = ecs_field(&it, Transform, 2);
        const Collider *c = ecs_field(&it, Collider, 3);
        Animation *a = ecs_field(&it, Animation, 4);
        Sprite *s = ecs_field(&it, Sprite, 5);
        for (int i = 0; i < it.count; i++) {
            int variant, face;
            int pose = player_pose(sim, ecs_iter_entity(&it, i), &p[i], &v[i], &t[i], &c[i], &a[i],
                                   first_clip, &variant, &face);
            uint16_t clip = (uint16_t)(first_clip + pose);
            if (pose == CLIP_LAND && a[i].clip != clip)
                a[i].mark = variant; /* kept while the landing plays */
            anim_play(&a[i], clip);
            s[i].variant = (uint8_t)variant;
            s[i].flip_x = face < 0;
        }
    }
}
