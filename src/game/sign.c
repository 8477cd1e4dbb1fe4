/* SPDX-License-Identifier: Zlib */
/*
** sign.c -- signs: coming near one shows its text.
**
** A sign holds the index of its text in the level's texts (sim_text). The
** system tells the front end which sign, if any, the live player is near
** (SimStatus.sign, with where the sign stands, so the front end can draw
** its words by it): the nearest of those whose box, grown by
** SIM_SIGN_REACH_X either side, SIM_SIGN_REACH_UP above and
** SIM_SIGN_REACH_DOWN below, the player's box overlaps; a few tiles, so
** that running past a sign is time enough to see it. It cues the SOUND_SIGN
** sound on coming near a new one. Reading is derived from where the player
** is, every tick, so it is not state of its own: the hash covers the
** player's position already, and leaves SimStatus.sign out. The text may
** name controls as {jump}, {left}, {right}, {up}, {down} or {pause}: the
** front end writes in the keys they are bound to.
*/
#include "sim_internal.h"

/* The distance between two boxes' middles, doubled, squared: whole numbers,
** so the nearest sign is the same on every build. */
static int64_t apart(Box a, Box b)
{
    int64_t dx = (int64_t)(2 * a.x + a.w) - (2 * b.x + b.w);
    int64_t dy = (int64_t)(2 * a.y + a.h) - (2 * b.y + b.h);
    return dx * dx + dy * dy;
}

void system_signs(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    Sim *sim = ctx;
    int was = sim->status.sign;
    sim->status.sign = -1;
    const Player *p = ecs_get(world, sim->player, C_PLAYER);
    if (p == NULL || p->state != PLAYER_NORMAL)
        return;
    Box pbox =
        box_of(ecs_get(world, sim->player, C_TRANSFORM), ecs_get(world, sim->player, C_COLLIDER));
    Box at = {0, 0, 0, 0};
    int64_t best = INT64_MAX;
    EcsIter it = ecs_view(world, C_SIGN, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Sign *s = ecs_field(&it, Sign, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            Box b = box_of(&t[i], &c[i]);
            Box reach = {b.x - SIM_SIGN_REACH_X, b.y - SIM_SIGN_REACH_UP,
                         b.w + 2 * SIM_SIGN_REACH_X, b.h + SIM_SIGN_REACH_UP + SIM_SIGN_REACH_DOWN};
            if (!box_overlap(pbox, reach) || apart(pbox, b) >= best)
                continue;
            best = apart(pbox, b);
            sim->status.sign = s[i].text;
            at = b;
        }
    }
    if (sim->status.sign < 0)
        return;
    sim->status.sign_x = at.x + at.w / 2;
    sim->status.sign_y = at.y;
    if (sim->status.sign != was)
        emit_cue(sim, SOUND_SIGN, at);
}

bool sign_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    *(Sign *)ecs_get(sim->world, e, C_SIGN) =
        (Sign){.text = (uint16_t)leveldesc_prop(le, "text").i};
    return true;
}
