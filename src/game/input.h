/* SPDX-License-Identifier: Zlib */
/*
** input.h -- what the player wants this tick, whatever the device.
**
** The platform layer fills one per tick (a press shorter than a tick is
** latched until then); replays store them; the simulation reads nothing else.
*/
#ifndef INPUT_H
#define INPUT_H

#include <stdbool.h>
#include <stdint.h>

/* jump_pressed is true exactly when jump_held is true and was false the tick
** before. The platform layer keeps it so (a tap shorter than a tick is held
** for one tick; a release and a new press within one tick become a release
** this tick and the press the next), which is what lets a recording of
** intents (replay.h) play back exactly. */
typedef struct InputIntent {
    bool left, right, up, down;
    bool jump_held;    /* jump is down now */
    bool jump_pressed; /* jump went down since the last tick */
    /* The Assist's invincibility is on this tick (invincible.c): hazards do
    ** not kill, a fall out of the map puts Pip back on the last ground he
    ** stood on. A setting, not a key, but the simulation reads it with the
    ** tick's input so that a replay stores it (I) and plays a run back
    ** exactly; false changes nothing. */
    bool invincible;
} InputIntent;

/* Random input held for random stretches, like a player mashing keys: the
** soak test's player and the tests' property runs. The same seed gives the
** same inputs on every run. */
typedef struct InputMash {
    uint64_t state;
    InputIntent last;
    int hold; /* ticks the last input is still held */
} InputMash;

void input_mash_init(InputMash *m, uint64_t seed);
/* This tick's input (jump_pressed kept consistent with the last tick's). */
InputIntent input_mash_next(InputMash *m);

#endif
