/*
** save.h -- files the game writes: written whole or not at all.
**
** A save goes to a temporary file next to the target (PATH.tmp-PID-N), is
** flushed to disk, and is then renamed over the old file. A crash, a full
** disk or a failed rename at any point leaves either the old file or the
** new one at PATH, never half of one. A write that fails removes its
** temporary; a crash between creating the temporary and the rename leaves
** it behind (later writes never reuse it). The system calls go through a
** SaveIo so that tests can make them fail at a chosen moment.
**
** Loading user files (settings.h, progress.h) never stops the game: see
** SaveLoad.
*/
#ifndef SAVE_H
#define SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The system calls an atomic write makes; each behaves like its POSIX
** namesake (returning -1 and setting errno on failure). ctx is passed back. */
typedef struct SaveIo {
    void *ctx;
    int (*open)(void *ctx, const char *path, int flags, mode_t mode);
    ssize_t (*write)(void *ctx, int fd, const void *buf, size_t len);
    int (*fsync)(void *ctx, int fd);
    int (*close)(void *ctx, int fd);
    int (*rename)(void *ctx, const char *from, const char *to);
    int (*unlink)(void *ctx, const char *path);
} SaveIo;

/* The real system calls. */
const SaveIo *save_io_posix(void);

/* Replaces the file at path with len bytes of data, atomically (see above).
** On failure returns false, leaves the old file as it was, removes the
** temporary and writes a message naming the file to err. */
bool save_write_atomic(const char *path, const void *data, size_t len,
                       char *err, size_t errlen);
/* The same through the given system calls. */
bool save_write_atomic_io(const SaveIo *io, const char *path, const void *data,
                          size_t len, char *err, size_t errlen);

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
