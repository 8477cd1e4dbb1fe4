/*
** animation.c -- picks each sprite's clip from its entity's state and
** advances its frames.
**
** Runs last in the tick, after physics and interactions, so it sees this
** tick's state: a player who landed this tick shows the landing pose this
** tick, not the next. It writes only presentation (Animation, Sprite), never
** anything the simulation reads back, and the state hash leaves it out.
*/
#include "sim_internal.h"

#include <math.h>

static uint16_t player_clip(const Player *p, const Velocity *v)
{
    if (p->state == PLAYER_DEAD)
        return CLIP_PLAYER_DEATH;
    if (!p->grounded)
        return v->y < 0.0f ? CLIP_PLAYER_JUMP : CLIP_PLAYER_FALL;
    if (p->land > 0)
        return CLIP_PLAYER_LAND;
    return fabsf(v->x) > 10.0f ? CLIP_PLAYER_RUN : CLIP_PLAYER_IDLE;
}

static void play(Animation *a, uint16_t clip)
{
    if (a->clip != clip) {
        a->clip = clip;
        a->frame = 0;
        a->ticks = 0;
    }
}

static void pick_clips(EcsWorld *world)
{
    EcsIter it = ecs_view(world, C_PLAYER, C_VELOCITY, C_ANIMATION, C_SPRITE);
    while (ecs_iter_next(&it)) {
        const Player *p = ecs_field(&it, Player, 0);
        const Velocity *v = ecs_field(&it, Velocity, 1);
        Animation *a = ecs_field(&it, Animation, 2);
        Sprite *s = ecs_field(&it, Sprite, 3);
        for (int i = 0; i < it.count; i++) {
            play(&a[i], player_clip(&p[i], &v[i]));
            s[i].flip_x = p[i].facing < 0;
        }
    }
    it = ecs_view(world, C_ENEMY, C_ANIMATION, C_SPRITE);
    while (ecs_iter_next(&it)) {
        const Enemy *e = ecs_field(&it, Enemy, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        Sprite *s = ecs_field(&it, Sprite, 2);
        for (int i = 0; i < it.count; i++) {
            play(&a[i], e[i].state == ENEMY_SQUASHED ? CLIP_WALKER_SQUASHED : CLIP_WALKER_WALK);
            s[i].flip_x = e[i].dir < 0;
        }
    }
    it = ecs_view(world, C_SWITCH, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Switch *sw = ecs_field(&it, Switch, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        for (int i = 0; i < it.count; i++)
            play(&a[i], sw[i].on ? CLIP_SWITCH_ON : CLIP_SWITCH_OFF);
    }
    it = ecs_view(world, C_CHECKPOINT, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Checkpoint *cp = ecs_field(&it, Checkpoint, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        for (int i = 0; i < it.count; i++)
            play(&a[i], cp[i].active ? CLIP_CHECKPOINT_ACTIVE : CLIP_CHECKPOINT_IDLE);
    }
    it = ecs_view(world, C_TOGGLE_BLOCK, C_COLLIDER, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Collider *c = ecs_field(&it, Collider, 1);
        Animation *a = ecs_field(&it, Animation, 2);
        for (int i = 0; i < it.count; i++)
            play(&a[i], c[i].enabled ? CLIP_BLOCK_SOLID : CLIP_BLOCK_GHOST);
    }
}

void system_animation(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    const Sim *sim = ctx;
    pick_clips(world);
    EcsIter it = ecs_view(world, C_ANIMATION, C_SPRITE);
    while (ecs_iter_next(&it)) {
        Animation *a = ecs_field(&it, Animation, 0);
        Sprite *s = ecs_field(&it, Sprite, 1);
        for (int i = 0; i < it.count; i++) {
            const ClipInfo *clip = &sim->clips.clips[a[i].clip < CLIP_COUNT ? a[i].clip : 0];
            /* Frame from elapsed ticks: exact, no drift from adding dt. */
            uint32_t n = (uint32_t)((float)a[i].ticks * clip->fps / (float)SIM_TICK_RATE);
            uint32_t frames = (uint32_t)clip->frames;
            a[i].frame = (uint16_t)(clip->loop ? n % frames : (n < frames ? n : frames - 1u));
            a[i].ticks++;
            s[i].clip = a[i].clip;
            s[i].frame = a[i].frame;
        }
    }
}
