/*
** input.h -- what the player wants this tick, whatever the device.
**
** The platform layer fills one per tick (a press shorter than a tick is
** latched until then); replays store them; the simulation reads nothing else.
*/
#ifndef INPUT_H
#define INPUT_H

#include <stdbool.h>

/* jump_pressed is true exactly when jump_held is true and was false the tick
** before. The platform layer keeps it so (a tap shorter than a tick is held
** for one tick; a release and a new press within one tick become a release
** this tick and the press the next), which is what lets a recording of
** intents (replay.h) play back exactly. */
typedef struct InputIntent {
    bool left, right, up, down;
    bool jump_held;     /* jump is down now */
    bool jump_pressed;  /* jump went down since the last tick */
} InputIntent;

#endif
