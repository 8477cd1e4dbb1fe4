/* SPDX-License-Identifier: Zlib */
/* watch.c -- noticing that a level file changed, and loading it again. */
#define _POSIX_C_SOURCE 200809L

#include "watch.h"

#include <string.h>
#include <sys/stat.h>

static LevelStamp stamp_of(const char *path)
{
    LevelStamp s;
    memset(&s, 0, sizeof s);
    struct stat st;
    if (stat(path, &st) != 0)
        return s;
    s.exists = true;
    s.dev = (unsigned long long)st.st_dev;
    s.ino = (unsigned long long)st.st_ino;
    s.size = (long long)st.st_size;
    s.mtime_s = (long long)st.st_mtim.tv_sec;
    s.mtime_ns = (long long)st.st_mtim.tv_nsec;
    s.ctime_s = (long long)st.st_ctim.tv_sec;
    s.ctime_ns = (long long)st.st_ctim.tv_nsec;
    return s;
}

static bool same_stamp(const LevelStamp *a, const LevelStamp *b)
{
    if (a->exists != b->exists)
        return false;
    if (!a->exists)
        return true;
    return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_s == b->mtime_s &&
           a->mtime_ns == b->mtime_ns && a->ctime_s == b->ctime_s && a->ctime_ns == b->ctime_ns;
}

bool level_watch_init(LevelWatch *watch, const char *path)
{
    memset(watch, 0, sizeof *watch);
    size_t len = strlen(path);
    if (len >= sizeof watch->path)
        return false;
    memcpy(watch->path, path, len + 1);
    watch->current = stamp_of(path);
    return true;
}

bool level_watch_poll(LevelWatch *watch)
{
    LevelStamp now = stamp_of(watch->path);
    if (same_stamp(&now, &watch->current)) {
        watch->has_pending = false;
        return false;
    }
    if (watch->has_pending && same_stamp(&now, &watch->pending)) {
        watch->current = now;
        watch->has_pending = false;
        return true;
    }
    watch->pending = now;
    watch->has_pending = true;
    return false;
}
