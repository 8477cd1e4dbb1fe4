/* SPDX-License-Identifier: Zlib */
/*
** sound.h -- every sound the game makes, by its name in assets/sounds.txt.
**
** The list below is the one place in the code that names a sound: the
** Sim's events and the menus carry a Sound, and the front end reads the
** bank with these names (audio_bank_load), so a name the list has and the
** bank lacks, or a sound of the bank the list does not name, stops the
** bank at load with its place instead of staying silent the day it would
** play. Adding a sound: its recipe in assets/sounds.txt and its line here;
** then the code where it happens makes it (emit_cue, frontend_sound).
*/
#ifndef SOUND_H
#define SOUND_H

#include <stddef.h>

#define SOUND_LIST(X)                                                                              \
    X(JUMP, "jump")                                                                                \
    X(WALL_JUMP, "wall_jump")                                                                      \
    X(LAND, "land")                                                                                \
    X(DEATH, "death")                                                                              \
    X(SPRING, "spring")                                                                            \
    X(COLLECT, "collect")                                                                          \
    X(GEM, "gem")                                                                                  \
    X(SWITCH, "switch")                                                                            \
    X(SWITCH_TICK, "switch_tick")                                                                  \
    X(SWITCH_OFF, "switch_off")                                                                    \
    X(CHECKPOINT, "checkpoint")                                                                    \
    X(BANK, "bank")                                                                                \
    X(STOMP, "stomp")                                                                              \
    X(CRUMBLE_SHAKE, "crumble_shake")                                                              \
    X(CRUMBLE_FALL, "crumble_fall")                                                                \
    X(CRUMBLE_RETURN, "crumble_return")                                                            \
    X(SIGN, "sign")                                                                                \
    X(COMPLETE, "complete")                                                                        \
    X(MENU_MOVE, "menu_move")                                                                      \
    X(MENU_SELECT, "menu_select")                                                                  \
    X(MENU_BACK, "menu_back")

typedef enum Sound {
    SOUND_NONE,
#define SOUND_ENUM(id, name) SOUND_##id,
    SOUND_LIST(SOUND_ENUM)
#undef SOUND_ENUM
        SOUND_COUNT
} Sound;

/* The sound's name in assets/sounds.txt; NULL for SOUND_NONE. */
static inline const char *sound_name(Sound s)
{
    switch (s) {
#define SOUND_CASE(id, name)                                                                       \
    case SOUND_##id: return name;
        SOUND_LIST(SOUND_CASE)
#undef SOUND_CASE
    default: return NULL;
    }
}

#endif
