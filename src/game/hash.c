/* SPDX-License-Identifier: Zlib */
/*
** hash.c -- a fingerprint of the gameplay state.
**
** Two runs that agree on this agree on everything that affects play. It is
** FNV-1a over a canonical stream: the level's status, then the entities in
** slot order, and for each, every component it has that is registered as
** gameplay state (GAME_COMPONENT_STATE), in component id order, field by
** field as the registration lists them (kinds.c), each element as its
** little-endian bytes. Whole structs are never hashed: their padding bytes
** are undefined. Nothing here names a component: one registered with its
** fields is covered, one registered as presentation (Sprite, Animation, or
** the previous positions Transform keeps for interpolation, which it does
** not list) is not, so changing a sprite never changes a replay's hash.
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
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    put_bytes(hs, b, 4);
}

/* One field element: its size in bytes (1, 2, 4 or 8), as a little-endian
** unsigned number of that width. */
static void put_element(Hasher *hs, const unsigned char *p, size_t size)
{
    union {
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
    } x = {0};
    memcpy(&x, p, size);
    uint64_t v = size == 1 ? x.u8 : size == 2 ? x.u16 : size == 4 ? x.u32 : x.u64;
    unsigned char b[8];
    for (size_t i = 0; i < size; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    put_bytes(hs, b, size);
}

static void hash_entity(Hasher *hs, const EcsWorld *w, EcsEntity e)
{
    put_u32(hs, e.index);
    put_u32(hs, e.generation);
    uint32_t types = ecs_component_count(w);
    for (EcsComponent c = 0; c < types; c++) {
        const EcsComponentDesc *d = ecs_component_desc(w, c);
        if (!(d->flags & GAME_COMPONENT_STATE))
            continue;
        const unsigned char *data = ecs_get(w, e, c);
        if (data == NULL)
            continue;
        put_u32(hs, c);
        for (int f = 0; f < d->field_count; f++) {
            const EcsField *field = &d->fields[f];
            for (uint16_t k = 0; k < field->count; k++)
                put_element(hs, data + field->offset + (size_t)k * field->size, field->size);
        }
    }
}

uint64_t sim_hash(const Sim *sim)
{
    Hasher hs = {0xcbf29ce484222325ull};
    put_u32(&hs, sim->status.ticks);
    put_u32(&hs, sim->status.deaths);
    put_u32(&hs, (uint32_t)sim->status.collected);
    put_u32(&hs, (uint32_t)sim->status.collectibles);
    put_u32(&hs, (uint32_t)sim->status.carried);
    put_u32(&hs, (uint32_t)sim->status.gems);
    put_u32(&hs, (uint32_t)sim->status.gems_total);
    put_u32(&hs, (uint32_t)sim->status.gems_carried);
    put_u32(&hs, sim->status.outcome);
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++)
        put_u32(&hs, sim->group_on[g]);
    /* the Assist's invincibility, only while it is on: without it a run
    ** hashes as it did before there was one */
    if (sim->invincible) {
        put_u32(&hs, 1);
        put_u32(&hs, (uint32_t)sim->ground_x);
        put_u32(&hs, (uint32_t)sim->ground_y);
    }
    uint32_t slots = ecs_slot_count(sim->world);
    for (uint32_t i = 0; i < slots; i++) {
        EcsEntity e = ecs_entity_at(sim->world, i);
        if (!ecs_entity_is_null(e))
            hash_entity(&hs, sim->world, e);
    }
    return hs.h;
}
