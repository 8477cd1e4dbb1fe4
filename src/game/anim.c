/* anim.c -- clip names. */
#include "anim.h"

#include <string.h>

static const char *const clip_names[CLIP_COUNT] = {
    [CLIP_PLAYER_IDLE] = "player_idle",
    [CLIP_PLAYER_RUN] = "player_run",
    [CLIP_PLAYER_JUMP] = "player_jump",
    [CLIP_PLAYER_FALL] = "player_fall",
    [CLIP_PLAYER_LAND] = "player_land",
    [CLIP_PLAYER_DEATH] = "player_death",
    [CLIP_COIN] = "coin",
    [CLIP_CHECKPOINT_IDLE] = "checkpoint_idle",
    [CLIP_CHECKPOINT_ACTIVE] = "checkpoint_active",
    [CLIP_GOAL] = "goal",
    [CLIP_SWITCH_OFF] = "switch_off",
    [CLIP_SWITCH_ON] = "switch_on",
    [CLIP_BLOCK_SOLID] = "block_solid",
    [CLIP_BLOCK_GHOST] = "block_ghost",
    [CLIP_PLATFORM] = "platform",
    [CLIP_WALKER_WALK] = "walker_walk",
    [CLIP_WALKER_SQUASHED] = "walker_squashed",
    [CLIP_SAW] = "saw",
};

const char *clip_name(ClipId clip)
{
    return (unsigned)clip < CLIP_COUNT ? clip_names[clip] : NULL;
}

int clip_from_name(const char *name)
{
    for (int c = 0; c < CLIP_COUNT; c++)
        if (strcmp(name, clip_names[c]) == 0)
            return c;
    return -1;
}

ClipTable clip_table_single_frames(void)
{
    ClipTable table;
    for (int c = 0; c < CLIP_COUNT; c++)
        table.clips[c] = (ClipInfo){1, 1.0f, true};
    return table;
}
