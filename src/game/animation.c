/* SPDX-License-Identifier: Zlib */
/*
** animation.c -- picks each sprite's clip from its entity's state and
** advances its frames.
**
** Runs last in the tick, after physics and interactions, so it sees this
** tick's state: a player who landed this tick shows the landing pose this
** tick, not the next. Which clip an entity shows is its kind's business (the
** kind table's animate function, in the kind's system file); this system
** asks each kind, then advances every sprite's frames. It writes only
** presentation (Animation, Sprite), never anything the simulation reads
** back, and the state hash leaves it out.
*/
#include "sim_internal.h"

void system_animation(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    Sim *sim = ctx;
    /* Each kind picks its clips from its own state (its system file). */
    for (int k = 0; k < kind_count(); k++) {
        const EntityKind *kind = kind_get(k);
        if (kind->animate != NULL)
            kind->animate(sim, (uint16_t)kind_first_clip(k));
    }
    EcsIter it = ecs_view(world, C_ANIMATION, C_SPRITE);
    while (ecs_iter_next(&it)) {
        Animation *a = ecs_field(&it, Animation, 0);
        Sprite *s = ecs_field(&it, Sprite, 1);
        for (int i = 0; i < it.count; i++) {
            const ClipInfo *clip = &sim->clips.clips[a[i].clip < KIND_CLIP_MAX ? a[i].clip : 0];
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
