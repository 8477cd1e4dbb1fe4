/*
** anim.h -- animation clips: names the simulation knows, timings from data.
**
** The clip list is fixed by the game (the animation system picks clips from
** state); how many frames each has, how fast and whether it loops come from
** assets/atlas.json, written by the atlas tool from the art sources.
*/
#ifndef ANIM_H
#define ANIM_H

#include <stdbool.h>

typedef enum ClipId {
    CLIP_PLAYER_IDLE,
    CLIP_PLAYER_RUN,
    CLIP_PLAYER_JUMP,
    CLIP_PLAYER_FALL,
    CLIP_PLAYER_LAND,
    CLIP_PLAYER_DEATH,
    CLIP_COIN,
    CLIP_CHECKPOINT_IDLE,
    CLIP_CHECKPOINT_ACTIVE,
    CLIP_GOAL,
    CLIP_SWITCH_OFF,
    CLIP_SWITCH_ON,
    CLIP_BLOCK_SOLID,
    CLIP_BLOCK_GHOST,
    CLIP_PLATFORM,
    CLIP_WALKER_WALK,
    CLIP_WALKER_SQUASHED,
    CLIP_SAW,
    CLIP_COUNT
} ClipId;

typedef struct ClipInfo {
    int frames;     /* >= 1 */
    float fps;      /* frames per second, > 0 */
    bool loop;      /* else holds the last frame */
} ClipInfo;

typedef struct ClipTable {
    ClipInfo clips[CLIP_COUNT];
} ClipTable;

/* Name of a clip in atlas.json ("player_idle", ...), or NULL. */
const char *clip_name(ClipId clip);
/* The clip with that name, or -1. */
int clip_from_name(const char *name);
/* One frame at 1 fps for every clip: what a test without art uses. */
ClipTable clip_table_single_frames(void);

#endif
