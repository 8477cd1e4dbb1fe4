/* SPDX-License-Identifier: Zlib */
/*
** atomic.c -- write a temporary, fsync it, rename it over the target.
**
** rename() within one folder is atomic on POSIX file systems: readers see
** the old file or the new one. The data must be on disk before the rename
** is, or a power cut could leave the new name pointing at an empty file:
** hence the fsync of the temporary, and of the folder after the rename.
** The temporary's name carries the process id and is created exclusively,
** so two running copies of the game never write into the same temporary.
*/
#define _POSIX_C_SOURCE 200809L

#include "atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int posix_open(void *ctx, const char *path, int flags, mode_t mode)
{
    (void)ctx;
    return open(path, flags, mode);
}

static ssize_t posix_write(void *ctx, int fd, const void *buf, size_t len)
{
    (void)ctx;
    return write(fd, buf, len);
}

static int posix_fsync(void *ctx, int fd)
{
    (void)ctx;
    return fsync(fd);
}

static int posix_close(void *ctx, int fd)
{
    (void)ctx;
    return close(fd);
}

static int posix_rename(void *ctx, const char *from, const char *to)
{
    (void)ctx;
    return rename(from, to);
}

static int posix_unlink(void *ctx, const char *path)
{
    (void)ctx;
    return unlink(path);
}

static const AtomicIo POSIX_IO = {
    NULL, posix_open, posix_write, posix_fsync, posix_close, posix_rename, posix_unlink,
};

bool atomic_write(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    return atomic_write_io(&POSIX_IO, path, data, len, err, errlen);
}

/* Makes the rename itself durable. Failing here loses nothing that is not
** already safe (the new file is complete), so errors are ignored. */
static void sync_parent_folder(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        strcpy(dir, ".");
    } else {
        size_t n = (size_t)(slash - path);
        if (n == 0)
            n = 1; /* the root folder */
        if (n >= sizeof dir)
            return;
        memcpy(dir, path, n);
        dir[n] = '\0';
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        (void)close(fd);
    }
}

bool atomic_write_io(const AtomicIo *io, const char *path, const void *data, size_t len,
                     char *err, size_t errlen)
{
    char tmp[4096];
    int fd = -1;
    const char *step = "create a temporary file";
    int saved = 0;

    if (err != NULL && errlen > 0)
        err[0] = '\0';
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
        int n = snprintf(tmp, sizeof tmp, "%s.tmp-%ld-%d", path, (long)getpid(), attempt);
        if (n < 0 || (size_t)n >= sizeof tmp) {
            errno = ENAMETOOLONG;
            break;
        }
        fd = io->open(io->ctx, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        saved = errno;
        goto fail_no_tmp;
    }

    step = "write";
    const unsigned char *p = data;
    size_t left = len;
    while (left > 0) {
        ssize_t w = io->write(io->ctx, fd, p, left);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        if (w == 0) {
            errno = ENOSPC; /* a write that makes no progress never will */
            goto fail;
        }
        p += w;
        left -= (size_t)w;
    }
    step = "flush to disk";
    if (io->fsync(io->ctx, fd) != 0)
        goto fail;
    step = "close";
    int c = io->close(io->ctx, fd);
    fd = -1;
    if (c != 0)
        goto fail;
    step = "replace the old file";
    if (io->rename(io->ctx, tmp, path) != 0)
        goto fail;
    sync_parent_folder(path);
    return true;

fail:
    saved = errno;
    if (fd >= 0)
        (void)io->close(io->ctx, fd);
    (void)io->unlink(io->ctx, tmp);
fail_no_tmp:
    if (err != NULL && errlen > 0)
        snprintf(err, errlen, "cannot save %s: %s failed: %s; the previous file is unchanged",
                 path, step, strerror(saved));
    return false;
}
