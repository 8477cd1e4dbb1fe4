/* SPDX-License-Identifier: Zlib */
/*
** interact.c -- what the player touches: hazards, enemies, coins,
** checkpoints, switches and the goal; and the toggle blocks switches flip.
**
** Runs after every body has moved this tick, so overlaps are final. The
** order of the checks matters only when several happen in one tick: a
** stomp is checked before side contact (landing on a walker that is also
** beside you is a stomp), hazards before the goal (spikes at the flag kill).
*/
#include "sim_internal.h"

enum { STOMP_TOLERANCE = 4 };

/* Clips, in the order of each kind's row in kinds.c. */
enum { CHECKPOINT_IDLE, CHECKPOINT_ACTIVE };
enum { SWITCH_OFF, SWITCH_ON };
enum { BLOCK_SOLID, BLOCK_GHOST };

/* The lethal part of a spike tile: the half at its base, inset at the sides. */
static Box spike_box(const Tilemap *map, int tx, int ty)
{
    int dx, dy;
    tilemap_spike_dir(map, tx, ty, &dx, &dy);
    int32_t x = tx * TILE_SIZE, y = ty * TILE_SIZE;
    if (dy < 0)
        return (Box){x + 2, y + 8, 12, 8};
    if (dy > 0)
        return (Box){x + 2, y, 12, 8};
    if (dx > 0)
        return (Box){x, y + 2, 8, 12};
    return (Box){x + 8, y + 2, 8, 12};
}

static bool touches_spikes(const Sim *sim, Box box)
{
    TileRange r = tiles_under(box);
    for (int ty = r.y0; ty <= r.y1; ty++)
        for (int tx = r.x0; tx <= r.x1; tx++)
            if (tilemap_get(&sim->map, tx, ty) == TILE_SPIKES &&
                box_overlap(box, spike_box(&sim->map, tx, ty)))
                return true;
    return false;
}

/* Whether box overlaps the enabled collider of an entity with component `marker` (a
** hazard, the goal). */
static bool touches(Sim *sim, EcsComponent marker, Box box)
{
    bool hit = false;
    EcsIter it = ecs_view(sim->world, marker, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++)
            hit = hit || (c[i].enabled && box_overlap(box, box_of(&t[i], &c[i])));
    }
    return hit;
}

/* Stomps or is hurt by walkers: a walker the player's box lands on from
** above is stomped; one the hurt box touches otherwise kills. Returns true
** when the player was killed. */
static bool meet_enemies(Sim *sim, Box box, Box hurt, Player *p, const Transform *pt, Velocity *v,
                         const Collider *pc)
{
    bool stomped = false, hurt_by = false;
    int32_t prev_bottom = pt->prev_y + pc->off_y + pc->h;
    EcsIter it = ecs_view(sim->world, C_ENEMY, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        Enemy *e = ecs_field(&it, Enemy, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            Box eb = box_of(&t[i], &c[i]);
            if (e[i].state != ENEMY_WALKING || !box_overlap(box, eb))
                continue;
            if (v->y > 0.0f && prev_bottom <= eb.y + STOMP_TOLERANCE) {
                e[i].state = ENEMY_SQUASHED;
                e[i].squashed = 0;
                stomped = true;
                emit_at_center(sim, EV_STOMPED, eb);
            } else if (box_overlap(hurt, eb)) {
                hurt_by = true;
            }
        }
    }
    if (stomped) {
        /* Celeste's bounce: held for you at first, so a jump pressed just
        ** after the stomp still gets the whole of it; holding jump on
        ** rises higher than a jump. */
        const PhysicsParams *pp = &sim->params;
        player_launch(sim, p, v, -pp->bounce_speed, pp->var_jump_time, pp->bounce_auto_time, 0,
                      0.0f);
        return false;
    }
    return hurt_by;
}

static void collect_coins(Sim *sim, Box box)
{
    EcsIter it = ecs_view(sim->world, C_COLLECTIBLE, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            Box cb = box_of(&t[i], &c[i]);
            if (!box_overlap(box, cb))
                continue;
            const Collectible *co = &ecs_field(&it, Collectible, 0)[i];
            if (co->gem) {
                sim->status.gems_carried += co->value;
                sim_emit_sound(sim, EV_COLLECTED, SOUND_GEM, cb.x + cb.w / 2, cb.y + cb.h / 2);
            } else {
                sim->status.carried += co->value;
                emit_at_center(sim, EV_COLLECTED, cb);
            }
            ecs_defer_destroy(sim->world, ecs_iter_entity(&it, i));
        }
    }
}

/* What the player carries is safe: counted for good. */
static void bank(Sim *sim)
{
    sim->status.collected += sim->status.carried;
    sim->status.gems += sim->status.gems_carried;
    sim->status.carried = sim->status.gems_carried = 0;
}

static void touch_checkpoints(Sim *sim, Box box, Player *p, const Collider *pc)
{
    EcsEntity reached = ECS_NULL;
    EcsIter it = ecs_view(sim->world, C_CHECKPOINT, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        const Checkpoint *cp = ecs_field(&it, Checkpoint, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            Box cb = box_of(&t[i], &c[i]);
            if (!cp[i].active && box_overlap(box, cb)) {
                reached = ecs_iter_entity(&it, i);
                /* Respawn standing where the flag stands. */
                p->spawn_x = cb.x + cb.w / 2 - pc->off_x - pc->w / 2;
                p->spawn_y = cb.y + cb.h - pc->off_y - pc->h;
                emit_at_center(sim, EV_CHECKPOINT, cb);
            }
        }
    }
    if (ecs_entity_is_null(reached))
        return;
    bank(sim);
    sim->snapshot_due = true; /* the level to come back to (restore.c) */
    /* Only the last one touched is lit. */
    it = ecs_view(sim->world, C_CHECKPOINT);
    while (ecs_iter_next(&it)) {
        Checkpoint *cp = ecs_field(&it, Checkpoint, 0);
        for (int i = 0; i < it.count; i++)
            cp[i].active = ecs_entity_eq(ecs_iter_entity(&it, i), reached);
    }
}

/* A switch acts when the player enters it, never again while the player
** stays inside: a toggle switch flips its group, a "once" switch turns it
** on for good, a timed one turns it on and off again after its time, ticking
** through the last second. box is NULL when the player cannot touch
** anything (dead); timers run on. */
static void touch_switches(Sim *sim, const Box *box)
{
    enum { TICK_EVERY = 15 };
    bool flip[LEVEL_MAX_GROUPS] = {false}, on[LEVEL_MAX_GROUPS] = {false},
         off[LEVEL_MAX_GROUPS] = {false};
    bool any = false;
    EcsIter it = ecs_view(sim->world, C_SWITCH, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        Switch *s = ecs_field(&it, Switch, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        const Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            Box sb = box_of(&t[i], &c[i]);
            if (s[i].timer > 0) {
                s[i].timer--;
                if (s[i].timer == 0) {
                    off[s[i].group] = true;
                    any = true;
                    emit_cue(sim, SOUND_SWITCH_OFF, sb);
                } else if (s[i].timer <= SIM_TICK_RATE && s[i].timer % TICK_EVERY == 0) {
                    emit_cue(sim, SOUND_SWITCH_TICK, sb);
                }
            }
            bool touching = box != NULL && box_overlap(*box, sb);
            if (touching && !s[i].touched) {
                switch (s[i].mode) {
                case SWITCH_ONCE: on[s[i].group] = true; break;
                case SWITCH_TIMED:
                    on[s[i].group] = true;
                    off[s[i].group] = false;
                    s[i].timer = s[i].time;
                    break;
                default: flip[s[i].group] = true; break;
                }
                any = true;
                emit_at_center(sim, EV_SWITCH, sb);
            }
            s[i].touched = touching;
        }
    }
    if (!any)
        return;
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++) {
        if (off[g])
            sim->group_on[g] = false;
        if (flip[g])
            sim->group_on[g] = !sim->group_on[g];
        if (on[g])
            sim->group_on[g] = true;
    }
    it = ecs_view(sim->world, C_SWITCH);
    while (ecs_iter_next(&it)) {
        Switch *s = ecs_field(&it, Switch, 0);
        for (int i = 0; i < it.count; i++)
            s[i].on = sim->group_on[s[i].group];
    }
}

void system_interactions(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    Sim *sim = ctx;
    Player *p = ecs_get(world, sim->player, C_PLAYER);
    if (p == NULL || p->state != PLAYER_NORMAL) {
        touch_switches(sim, NULL);
        return;
    }
    Transform *t = ecs_get(world, sim->player, C_TRANSFORM);
    Velocity *v = ecs_get(world, sim->player, C_VELOCITY);
    const Collider *c = ecs_get(world, sim->player, C_COLLIDER);
    Box box = box_of(t, c);
    /* What hurts touches a smaller box: grazing a spike with the hair is no death. */
    Box hurt = sim_hurt_box(box, &sim->params);

    if (sim->invincible) {
        meet_enemies(sim, box, hurt, p, t, v, c); /* nothing hurts; a stomp still bounces */
    } else if (touches_spikes(sim, hurt) || touches(sim, C_HAZARD, hurt) ||
               meet_enemies(sim, box, hurt, p, t, v, c)) {
        player_kill(sim);
        touch_switches(sim, NULL);
        return;
    }
    collect_coins(sim, box);
    touch_checkpoints(sim, box, p, c);
    touch_switches(sim, &box);
    if (touches(sim, C_GOAL, box)) {
        bank(sim);
        p->state = PLAYER_DONE; /* sim_tick turns it into the outcome */
        *v = (Velocity){0};
        emit_at_center(sim, EV_COMPLETED, box);
    }
}

/* A block follows its group's state, but turns solid only once no actor is
** inside it: it never closes on the player or a walker. */
bool actor_inside(Sim *sim, Box block)
{
    const Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    if (p != NULL && p->state != PLAYER_DEAD &&
        box_overlap(block, box_of(ecs_get(sim->world, sim->player, C_TRANSFORM),
                                  ecs_get(sim->world, sim->player, C_COLLIDER))))
        return true;
    /* Walkers, from the actor grid (current since the platform system). */
    GridQuery q;
    grid_query_begin(&q, broadphase_actors(sim), block);
    EcsEntity e;
    while (grid_query_next(&q, &e)) {
        const Enemy *en = ecs_get(sim->world, e, C_ENEMY);
        const Transform *t = ecs_get(sim->world, e, C_TRANSFORM);
        const Collider *c = ecs_get(sim->world, e, C_COLLIDER);
        if (en != NULL && t != NULL && c != NULL && en->state == ENEMY_WALKING &&
            box_overlap(block, box_of(t, c)))
            return true;
    }
    return false;
}

void system_blocks(EcsWorld *world, float dt, void *ctx)
{
    (void)dt;
    Sim *sim = ctx;
    EcsIter it = ecs_view(world, C_TOGGLE_BLOCK, C_TRANSFORM, C_COLLIDER);
    while (ecs_iter_next(&it)) {
        ToggleBlock *b = ecs_field(&it, ToggleBlock, 0);
        const Transform *t = ecs_field(&it, Transform, 1);
        Collider *c = ecs_field(&it, Collider, 2);
        for (int i = 0; i < it.count; i++) {
            b[i].want_solid = sim->group_on[b[i].group] == b[i].solid_when_on;
            if (!b[i].want_solid)
                c[i].enabled = false;
            else if (!c[i].enabled && !actor_inside(sim, box_of(&t[i], &c[i])))
                c[i].enabled = true;
        }
    }
}

/* ---- the kinds of this file: spawning and clips ---- */

/* A coin or a gem (KIND_GEM). */
bool collectible_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    *(Collectible *)ecs_get(sim->world, e, C_COLLECTIBLE) =
        (Collectible){.value = 1, .gem = (kind_get(le->kind)->flags & KIND_GEM) != 0};
    return true;
}

/* A switch group's index from an entity's "group" (0 .. LEVEL_MAX_GROUPS-1). */
static uint8_t group_of(const LevelEntity *le)
{
    int32_t g = leveldesc_prop(le, "group").i;
    return (uint8_t)(g >= 0 && g < LEVEL_MAX_GROUPS ? g : 0);
}

bool switch_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    uint8_t group = group_of(le);
    *(Switch *)ecs_get(sim->world, e, C_SWITCH) =
        (Switch){.group = group,
                 .mode = (uint8_t)leveldesc_prop(le, "mode").i,
                 .time = (uint16_t)sim_ticks(leveldesc_prop(le, "time").f)};
    ((Sprite *)ecs_get(sim->world, e, C_SPRITE))->variant = group;
    return true;
}

bool block_spawn(Sim *sim, EcsEntity e, const LevelDesc *level, const LevelEntity *le)
{
    (void)level;
    uint8_t group = group_of(le);
    bool solid_when_on = leveldesc_prop(le, "solid_when").i == 0;
    bool solid = !solid_when_on; /* every group starts off */
    *(ToggleBlock *)ecs_get(sim->world, e, C_TOGGLE_BLOCK) =
        (ToggleBlock){group, solid_when_on, solid};
    ((Collider *)ecs_get(sim->world, e, C_COLLIDER))->enabled = solid;
    Sprite *s = ecs_get(sim->world, e, C_SPRITE);
    s->variant = group;
    s->clip = (uint16_t)(s->clip + (solid ? BLOCK_SOLID : BLOCK_GHOST));
    Animation *a = ecs_get(sim->world, e, C_ANIMATION);
    a->clip = s->clip;
    return true;
}

void checkpoint_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it = ecs_view(sim->world, C_CHECKPOINT, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Checkpoint *cp = ecs_field(&it, Checkpoint, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        for (int i = 0; i < it.count; i++)
            anim_play(&a[i], (uint16_t)(first_clip +
                                        (cp[i].active ? CHECKPOINT_ACTIVE : CHECKPOINT_IDLE)));
    }
}

void switch_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it = ecs_view(sim->world, C_SWITCH, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Switch *sw = ecs_field(&it, Switch, 0);
        Animation *a = ecs_field(&it, Animation, 1);
        for (int i = 0; i < it.count; i++) {
            /* A timed switch blinks through its last second. */
            bool blink = sw[i].timer > 0 && sw[i].timer <= SIM_TICK_RATE && (sw[i].timer / 5) % 2;
            anim_play(&a[i],
                      (uint16_t)(first_clip + (sw[i].on && !blink ? SWITCH_ON : SWITCH_OFF)));
        }
    }
}

void block_animate(Sim *sim, uint16_t first_clip)
{
    EcsIter it = ecs_view(sim->world, C_TOGGLE_BLOCK, C_COLLIDER, C_ANIMATION);
    while (ecs_iter_next(&it)) {
        const Collider *c = ecs_field(&it, Collider, 1);
        Animation *a = ecs_field(&it, Animation, 2);
        for (int i = 0; i < it.count; i++)
            anim_play(&a[i], (uint16_t)(first_clip + (c[i].enabled ? BLOCK_SOLID : BLOCK_GHOST)));
    }
}
