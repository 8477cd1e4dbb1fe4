/*
** save.h -- what the save files share: how loading one ends. Writing goes
** through atomic.h (whole or not at all).
**
** Loading user files (settings.h, progress.h) never stops the game: see
** SaveLoad.
*/
#ifndef SAVE_H
#define SAVE_H

#include "atomic.h"

#include <stdbool.h>
#include <stddef.h>

/* What loading a user file found. The struct loaded is always usable. */
typedef enum SaveLoad {
    SAVE_LOADED,     /* the file was read */
    SAVE_MISSING,    /* no file: defaults, and nothing to say */
    SAVE_RECOVERED,  /* unreadable or corrupt: defaults; the file was renamed
                        to PATH.bad-N, and msg holds one line saying why */
} SaveLoad;

/* Largest user file read; anything bigger is treated as corrupt. */
enum { SAVE_MAX_FILE = 1 << 20 };

#endif
