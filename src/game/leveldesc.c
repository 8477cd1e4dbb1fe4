/* leveldesc.c -- names and sizes of entity types; freeing a LevelDesc. */
#include "leveldesc.h"

#include <stdlib.h>
#include <string.h>

void level_desc_fini(LevelDesc *level)
{
    tilemap_fini(&level->map);
    free(level->entities);
    memset(level, 0, sizeof *level);
}

static const char *const type_names[ENT_TYPE_COUNT] = {
    [ENT_PLAYER] = "player",
    [ENT_COIN] = "coin",
    [ENT_CHECKPOINT] = "checkpoint",
    [ENT_GOAL] = "goal",
    [ENT_SWITCH] = "switch",
    [ENT_BLOCK] = "block",
    [ENT_PLATFORM] = "platform",
    [ENT_WALKER] = "walker",
    [ENT_SAW] = "saw",
};

const char *entity_type_name(EntityType type)
{
    return (unsigned)type < ENT_TYPE_COUNT ? type_names[type] : NULL;
}

int entity_type_from_name(const char *name)
{
    for (int t = 0; t < ENT_TYPE_COUNT; t++)
        if (strcmp(name, type_names[t]) == 0)
            return t;
    return -1;
}

void entity_type_size(EntityType type, int *w, int *h)
{
    switch (type) {
    case ENT_PLAYER: *w = 16; *h = 24; break;
    case ENT_CHECKPOINT: *w = 16; *h = 32; break;
    case ENT_GOAL: *w = 16; *h = 32; break;
    case ENT_PLATFORM: *w = 48; *h = 8; break;
    default: *w = 16; *h = 16; break;
    }
}
