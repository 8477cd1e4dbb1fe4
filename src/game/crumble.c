/* SPDX-License-Identifier: Zlib */
/*
** crumble.c -- blocks that give way: stand on one (or slide down its side)
** and it shakes, falls away, and comes back.
**
** A crumbling block is a solid with a state. Solid: the player standing on
** it, or sliding down it in a wall slide, starts it shaking. Shaking, for
** crumble_shake_time: still solid, so a quick player gets across. Gone, for
** crumble_return_time: not solid at all (its collider is off). Then it comes
** back, but only once no actor overlaps its box: it never closes on the
** player or a walker, like a toggle block. Celeste's numbers (0.4 s, 2 s).
** Dying puts every block back as it was at the checkpoint, like the rest of
** the level.
*/
#include "sim_internal.h"

/* The crumble's clips, in the order of its row in kinds.c. */
enum { CLIP_SOLID, CLIP_SHAKE, CLIP_GONE };

static uint16_t ticks_of(float seconds)
{
    int t = sim_ticks(seconds);
    return (uint16_t)(t < 1 ? 1 : t > UINT16_MAX ? UINT16_MAX : t);
}

/* Whether the live player stands on b or slides down its side. */
static bool player_on(Sim *sim, Box b)
{
    const Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    if (p == NULL || p->state != PLAYER_NORMAL)
        return false;
    Box box = box_of(ecs_get(sim->world, sim->player, C_TRANSFORM),
                     ecs_get(sim->world, sim->player, C_COLLIDER));
    Box below = {box.x, box.y + 1, box.w, box.h};
    if (p->grounded && box_overlap(below, b))
        return true;
    Box beside = {box.x + p->facing, box.y, box.w, box.h};
    return p->sliding && box_overlap(beside, b);
}

void system_crumbles(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    Sim *sim = ctx;
    const PhysicsParams *pp = &sim->params;
    EcsIter it = ecs_view(world, C_CRUMBLE, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        Crumble *cr = ecs_field(&it, Crumble, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            Box b = box_of(&t[i], &c[i]);
            switch (cr[i].state) {
            case CRUMBLE_SOLID:
                if (player_on(sim, b)) {
                    cr[i].state = CRUMBLE_SHAKING;
                    cr[i].timer = ticks_of(pp->crumble_shake_time);
                    emit_cue(sim, SOUND_CRUMBLE_SHAKE, b);
                }
                break;
            case CRUMBLE_SHAKING:
                if (--cr[i].timer == 0) {
                    cr[i].state = CRUMBLE_GONE;
                    cr[i].timer = ticks_of(pp->crumble_return_time);
                    c[i].enabled = false;
                    emit_cue(sim, SOUND_CRUMBLE_FALL, b);
                }
                break;
            default:
                if (cr[i].timer > 0)
                    cr[i].timer--;
                if (cr[i].timer == 0 && !actor_inside(sim, b)) {
                    cr[i].state = CRUMBLE_SOLID;
                    c[i].enabled = true;
                    emit_cue(sim, SOUND_CRUMBLE_RETURN, b);
                }
                break;
            }
        }
    }
}

void crumble_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it = ecs_view(sim->world, C_CRUMBLE, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Crumble *cr = ecs_field(&it, Crumble, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        for (int i = 0; i < it.count; i++) {
            int clip = cr[i].state == CRUMBLE_SHAKING ? CLIP_SHAKE
                       : cr[i].state == CRUMBLE_GONE  ? CLIP_GONE
                                                      : CLIP_SOLID;
            anim_play(&a[i], (uint16_t)(first_clip + clip));
        }
    }
}
