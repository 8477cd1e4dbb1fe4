/* SPDX-License-Identifier: Zlib */
/*
** watch.h -- hot reload of the level being played.
**
** The front end polls a LevelWatch once per frame; when the file has changed
** and settled, it loads it again. A level with errors leaves the running one
** untouched (level_load never touches its output on failure) and the errors
** are shown; a good one replaces the LevelDesc, and app_rebuild_sim (app.h)
** makes a Sim of it with the player put back where it stood, when the new
** map has room there. SDL-free.
*/
#ifndef LEVEL_WATCH_H
#define LEVEL_WATCH_H

#include "level.h"

#include <stdbool.h>

enum { LEVEL_WATCH_PATH_MAX = 1024 };

/* What identifies a version of a file: a save rewrites at least one. */
typedef struct LevelStamp {
    bool exists;
    unsigned long long dev, ino;
    long long size;
    long long mtime_s, mtime_ns;
    long long ctime_s, ctime_ns;
} LevelStamp;

typedef struct LevelWatch {
    char path[LEVEL_WATCH_PATH_MAX];
    LevelStamp current; /* the version last reported (or seen at init) */
    LevelStamp pending; /* a newer one seen on the last poll */
    bool has_pending;
} LevelWatch;

/* Starts watching path, taking its present state as the loaded version.
** Returns false when the path is too long. */
bool level_watch_init(LevelWatch *watch, const char *path);
/* Polls the file. Returns true once per change, on the first poll that sees
** the same new version as the poll before: an editor still writing the file
** is not caught halfway. A deleted file is a change too (loading it then
** reports that it cannot be opened). */
bool level_watch_poll(LevelWatch *watch);

#endif
