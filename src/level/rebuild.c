/*
** rebuild.c -- a new Sim for a reloaded level, the player kept in place.
** In a file of its own so that programs which never rebuild a Sim do not
** pull the simulation in through the level library.
*/
#include "watch.h"

Sim *level_rebuild_sim(Sim *old, const LevelDesc *level, const ClipTable *clips)
{
    Sim *sim = sim_create(level, clips);
    if (sim == NULL || old == NULL)
        return sim;
    const Transform *t = ecs_get(sim_world(old), sim_player(old), C_TRANSFORM);
    if (t != NULL)
        sim_place_player(sim, t->x, t->y);
    return sim;
}
