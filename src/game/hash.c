/*
** hash.c -- a fingerprint of the gameplay state.
**
** Two runs that agree on this agree on everything that affects play. It is
** FNV-1a over a canonical stream: entities in slot order, and for each, its
** gameplay components field by field (never whole structs, whose padding
** bytes are undefined). Left out: the previous positions kept for render
** interpolation, and animation (presentation, whose timings come from the
** art): changing a sprite never changes a replay's hash.
*/
#include "sim_internal.h"

#include <string.h>

typedef struct Hasher {
    uint64_t h;
} Hasher;

static void put_bytes(Hasher *hs, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        hs->h ^= p[i];
        hs->h *= 0x100000001b3ull;
    }
}

static void put_u32(Hasher *hs, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8),
                          (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
    put_bytes(hs, b, 4);
}

static void put_i32(Hasher *hs, int32_t v) { put_u32(hs, (uint32_t)v); }

static void put_f32(Hasher *hs, float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    put_u32(hs, bits);
}

static void put_entity(Hasher *hs, EcsEntity e)
{
    put_u32(hs, e.index);
    put_u32(hs, e.generation);
}

static void hash_entity(Hasher *hs, const EcsWorld *w, EcsEntity e)
{
    put_entity(hs, e);
    const Transform *t = ecs_get(w, e, C_TRANSFORM);
    if (t) { put_u32(hs, C_TRANSFORM); put_i32(hs, t->x); put_i32(hs, t->y); }
    const Velocity *v = ecs_get(w, e, C_VELOCITY);
    if (v) {
        put_u32(hs, C_VELOCITY);
        put_f32(hs, v->x); put_f32(hs, v->y); put_f32(hs, v->rem_x); put_f32(hs, v->rem_y);
    }
    const Collider *c = ecs_get(w, e, C_COLLIDER);
    if (c) {
        put_u32(hs, C_COLLIDER);
        put_i32(hs, c->off_x); put_i32(hs, c->off_y); put_i32(hs, c->w); put_i32(hs, c->h);
        put_u32(hs, c->kind); put_u32(hs, c->enabled);
    }
    const Player *p = ecs_get(w, e, C_PLAYER);
    if (p) {
        put_u32(hs, C_PLAYER);
        put_u32(hs, p->state); put_u32(hs, p->grounded); put_u32(hs, p->was_grounded);
        put_u32(hs, p->on_ceiling); put_u32(hs, p->jump_held); put_i32(hs, p->facing);
        put_u32(hs, p->coyote); put_u32(hs, p->buffer); put_u32(hs, p->var_jump);
        put_u32(hs, p->land); put_u32(hs, p->dead); put_u32(hs, p->drop);
        put_f32(hs, p->fall_cap); put_i32(hs, p->spawn_x); put_i32(hs, p->spawn_y);
        put_entity(hs, p->riding);
    }
    const MovingPlatform *mp = ecs_get(w, e, C_MOVING_PLATFORM);
    if (mp) {
        put_u32(hs, C_MOVING_PLATFORM);
        put_u32(hs, mp->target); put_i32(hs, mp->step); put_u32(hs, mp->loop);
        put_f32(hs, mp->speed); put_f32(hs, mp->rem_x); put_f32(hs, mp->rem_y);
        put_i32(hs, mp->moved_x); put_i32(hs, mp->moved_y);
        put_u32(hs, mp->path_len);
        for (int i = 0; i < mp->path_len; i++) {
            put_i32(hs, mp->path[i].x);
            put_i32(hs, mp->path[i].y);
        }
    }
    const Switch *s = ecs_get(w, e, C_SWITCH);
    if (s) { put_u32(hs, C_SWITCH); put_u32(hs, s->group); put_u32(hs, s->on); put_u32(hs, s->touched); }
    const ToggleBlock *b = ecs_get(w, e, C_TOGGLE_BLOCK);
    if (b) {
        put_u32(hs, C_TOGGLE_BLOCK);
        put_u32(hs, b->group); put_u32(hs, b->solid_when_on); put_u32(hs, b->want_solid);
    }
    if (ecs_has(w, e, C_HAZARD)) put_u32(hs, C_HAZARD);
    const Collectible *co = ecs_get(w, e, C_COLLECTIBLE);
    if (co) { put_u32(hs, C_COLLECTIBLE); put_u32(hs, co->value); }
    const Checkpoint *cp = ecs_get(w, e, C_CHECKPOINT);
    if (cp) { put_u32(hs, C_CHECKPOINT); put_u32(hs, cp->active); }
    if (ecs_has(w, e, C_GOAL)) put_u32(hs, C_GOAL);
    const Enemy *en = ecs_get(w, e, C_ENEMY);
    if (en) { put_u32(hs, C_ENEMY); put_u32(hs, en->state); put_i32(hs, en->dir); put_u32(hs, en->squashed); }
}

uint64_t sim_hash(const Sim *sim)
{
    Hasher hs = {0xcbf29ce484222325ull};
    put_u32(&hs, sim->status.ticks);
    put_u32(&hs, sim->status.deaths);
    put_i32(&hs, sim->status.collected);
    put_i32(&hs, sim->status.collectibles);
    put_u32(&hs, sim->status.outcome);
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++)
        put_u32(&hs, sim->group_on[g]);
    uint32_t slots = ecs_slot_count(sim->world);
    for (uint32_t i = 0; i < slots; i++) {
        EcsEntity e = ecs_entity_at(sim->world, i);
        if (!ecs_entity_is_null(e))
            hash_entity(&hs, sim->world, e);
    }
    return hs.h;
}
