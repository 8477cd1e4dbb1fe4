/*
** input.h -- what the player wants this tick, whatever the device.
**
** The platform layer fills one per tick (a press shorter than a tick is
** latched until then); replays store them; the simulation reads nothing else.
*/
#ifndef INPUT_H
#define INPUT_H

#include <stdbool.h>

typedef struct InputIntent {
    bool left, right, up, down;
    bool jump_held;     /* jump is down now */
    bool jump_pressed;  /* jump went down since the last tick */
} InputIntent;

#endif
