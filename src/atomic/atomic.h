/* SPDX-License-Identifier: Zlib */
/*
** atomic.h -- files written whole or not at all.
**
** A write goes to a temporary file next to the target (PATH.tmp-PID-N), is
** flushed to disk, and is then renamed over the old file. A crash, a full
** disk or a failed rename at any point leaves either the old file or the
** new one at PATH, never half of one. A write that fails removes its
** temporary; a crash between creating the temporary and the rename leaves
** it behind (later writes never reuse it; atomic_remove_stale clears them).
** A PATH that is a symbolic link is written through: the file it leads to
** is replaced, and the link stays (a save file kept elsewhere and linked in
** goes on being updated). A PATH that is something other than a regular
** file (a device, a FIFO, a folder) is refused, never replaced. Saves,
** exported maps, recorded replays, rendered music and screenshots all go
** through here. The system calls of the write go through an AtomicIo so
** that tests can make them fail at a chosen moment. POSIX only; no other
** module of the game is needed.
**
** And the other way: a file read whole (atomic_read), the one reader of
** every file the game loads (JSON, replays, sounds and music).
*/
#ifndef ATOMIC_H
#define ATOMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The system calls an atomic write makes; each behaves like its POSIX
** namesake (returning -1 and setting errno on failure). ctx is passed back. */
typedef struct AtomicIo {
    void *ctx;
    int (*open)(void *ctx, const char *path, int flags, mode_t mode);
    ssize_t (*write)(void *ctx, int fd, const void *buf, size_t len);
    int (*fsync)(void *ctx, int fd);
    int (*close)(void *ctx, int fd);
    int (*rename)(void *ctx, const char *from, const char *to);
    int (*unlink)(void *ctx, const char *path);
} AtomicIo;

/* Replaces the file at path with len bytes of data, atomically (see above).
** On failure returns false, leaves the old file as it was, removes the
** temporary and writes a message naming the file to err. */
bool atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen);
/* The same through the given system calls. */
bool atomic_write_io(const AtomicIo *io, const char *path, const void *data, size_t len, char *err,
                     size_t errlen);

/* Whether path may be written: false, with the message atomic_write would
** give, when it is (or leads by links to) something other than a regular
** file, or is too long; a missing file may be. For a tool to refuse an
** output before it does the work. */
bool atomic_check_target(const char *path, char *err, size_t errlen);

/* Removes the temporaries that writes of path killed half way left beside
** it: those of a process that is no longer running, or older than an hour.
** Returns how many were removed. */
int atomic_remove_stale(const char *path);

typedef enum AtomicRead {
    ATOMIC_READ_OK,
    ATOMIC_READ_MISSING,   /* no file at path */
    ATOMIC_READ_ERROR,     /* cannot open or read it, or out of memory */
    ATOMIC_READ_NOT_FILE,  /* a FIFO, a device, a folder: refused, never read */
    ATOMIC_READ_TOO_LARGE, /* more than max bytes */
} AtomicRead;

/* The whole file at path, at most max bytes, NUL-terminated: on
** ATOMIC_READ_OK *text (the caller frees it) and *len; otherwise *text is
** NULL and why says what went wrong, without the path ("cannot open: No
** such file or directory", "not a regular file", "the file is larger than
** 1 MiB"). Opening does not block (a FIFO cannot hang the game). */
AtomicRead atomic_read(const char *path, size_t max, char **text, size_t *len, char *why,
                       size_t whylen);
/* A size limit in words: "1 MiB" for whole MiB, else "11 bytes". */
void atomic_size_words(size_t bytes, char *out, size_t cap);

#endif
