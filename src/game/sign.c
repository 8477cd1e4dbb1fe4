/* SPDX-License-Identifier: Zlib */
/*
** sign.c -- signs: standing at one shows its text.
**
** A sign holds the index of its text in the level's texts (sim_text). The
** system tells the front end which sign, if any, the live player's box
** overlaps (SimStatus.sign), and cues the SOUND_SIGN sound on stepping up to a
** new one. Reading is derived from where the player is, every tick, so it
** is not state of its own: the hash covers the player's position already.
** The text may name controls as {jump}, {left}, {right}, {up}, {down} or
** {pause}: the front end writes in the keys they are bound to.
*/
#include "sim_internal.h"

void system_signs(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    Sim *sim = ctx;
    int was = sim->status.sign;
    sim->status.sign = -1;
    const Player *p = ecs_get(world, sim->player, C_PLAYER);
    if (p == NULL || p->state != PLAYER_NORMAL)
        return;
    Box pbox = box_of(ecs_get(world, sim->player, C_TRANSFORM),
                      ecs_get(world, sim->player, C_COLLIDER));
    Box at = {0, 0, 0, 0};
    EcsIter it = ecs_view(world, C_SIGN, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Sign *s = ecs_field(&it, Sign, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            Box b = box_of(&t[i], &c[i]);
            if (sim->status.sign < 0 && box_overlap(pbox, b)) {
                sim->status.sign = s[i].text;
                at = b;
            }
        }
    }
    if (sim->status.sign >= 0 && sim->status.sign != was)
        emit_cue(sim, SOUND_SIGN, at);
}

bool sign_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    *(Sign *)ecs_get(sim->world, e, C_SIGN) = (Sign){.text = (uint16_t)leveldesc_prop(le, "text").i};
    return true;
}
