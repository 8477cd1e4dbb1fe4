/* SPDX-License-Identifier: Zlib */
/*
** restore.c -- the level put back as it was when the player dies.
**
** Dying sends the player back to the last checkpoint, and the level goes
** back with it: coins and gems picked up since come back (what was carried
** is dropped), stomped walkers walk again where they were, fallen blocks
** stand, switches and their blocks are as they were, platforms and saws
** are where they were. Without it a death could leave a level unwinnable
** (a "once" switch used, a crumble gone) or farm coins.
**
** The mechanism is the ECS's world snapshot (ecs_world_copy): the whole
** world is copied at the level's start and again whenever a checkpoint is
** reached, with the few pieces of gameplay state that live on the Sim
** rather than in components (the switch groups). Restoring copies it back,
** all but the player's own components, which keep its death and go on to
** the respawn. Entity handles survive both copies, so nothing that names an
** entity (the player, what the player rides) goes stale.
**
** Two rules keep it inside the tick's contract. A copy needs no deferred
** commands pending, so neither happens inside a system's loop: reaching a
** checkpoint only asks for a snapshot (snapshot_due), and the "snapshots"
** system, registered after the ones that touch checkpoints, takes it at its
** start, after the flush. The restore happens in the respawn system before
** it looks at anything, the tick the death's wait ends; the player appears
** on the next, so the broadphase's solids, rebuilt at every tick's start,
** are the restored ones when it checks its place is free.
**
** When memory runs out for a snapshot, there is no snapshot to go back to:
** an older one would bring back coins banked since. The level then stays
** as it is when the player dies, as it did before this file.
*/
#include "sim_internal.h"

#include <string.h>

/* Bytes of the player's components kept across a restore: Transform,
** Velocity, Collider, Sprite, Animation and Player come to far less. */
enum { KEEP_BYTES = 1024 };

static void take(Sim *sim)
{
    if (sim->snapshot == NULL)
        sim->snapshot = ecs_world_clone(sim->world);
    else if (!ecs_world_copy(sim->snapshot, sim->world)) {
        ecs_world_destroy(sim->snapshot);
        sim->snapshot = NULL;
    }
    memcpy(sim->snapshot_groups, sim->group_on, sizeof sim->group_on);
}

bool restore_init(Sim *sim)
{
    take(sim);
    return sim->snapshot != NULL;
}

void restore_fini(Sim *sim)
{
    ecs_world_destroy(sim->snapshot);
    sim->snapshot = NULL;
}

void system_snapshots(EcsWorld *world, float dt, void *ctx)
{
    (void)world;
    (void)dt;
    Sim *sim = ctx;
    if (!sim->snapshot_due)
        return;
    sim->snapshot_due = false;
    take(sim);
}

/* Copies the player's components into keep, or back from it. False when
** they do not fit. */
static bool keep_player(Sim *sim, unsigned char keep[KEEP_BYTES], bool back)
{
    size_t used = 0;
    for (EcsComponent c = 0; c < ecs_component_count(sim->world); c++) {
        unsigned char *data = ecs_get(sim->world, sim->player, c);
        size_t size = ecs_component_desc(sim->world, c)->size;
        if (data == NULL || size == 0)
            continue;
        if (used + size > KEEP_BYTES)
            return false;
        memcpy(back ? data : keep + used, back ? keep + used : data, size);
        used += size;
    }
    return true;
}

bool restore_level(Sim *sim)
{
    unsigned char keep[KEEP_BYTES];
    if (sim->snapshot == NULL || !keep_player(sim, keep, false) ||
        !ecs_world_copy(sim->world, sim->snapshot))
        return false;
    keep_player(sim, keep, true);
    memcpy(sim->group_on, sim->snapshot_groups, sizeof sim->group_on);
    sim->status.carried = sim->status.gems_carried = 0;
    broadphase_solids(sim);
    sim->actors.stale = true;
    return true;
}
