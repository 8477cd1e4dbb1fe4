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
**
** The target is found first: a symbolic link is followed (link by link, as
** the kernel would, up to 40) to the file it names, so the temporary is made
** in that file's folder and renamed over that file, and the link stays. A
** target that is there and is not a regular file is refused before anything
** is written: renaming over /dev/null or a FIFO would replace it with a file.
*/
#define _POSIX_C_SOURCE 200809L

#include "atomic.h"

#include "array.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { ATOMIC_PATH_MAX = 4096, ATOMIC_LINKS_MAX = 40 };

/* A message into err (NULL or errlen 0: none wanted). */
__attribute__((format(printf, 3, 4))) static void say(char *err, size_t errlen, const char *fmt,
                                                      ...)
{
    if (err == NULL || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

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

/* The folder part of path ("." for none, "/" for the root), into dir;
** false when it does not fit. */
static bool folder_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash == NULL ? 1 : slash == path ? 1 : (size_t)(slash - path);
    if (n >= size)
        return false;
    memcpy(dir, slash == NULL ? "." : path, n);
    dir[n] = '\0';
    return true;
}

static const char *kind_of(mode_t mode)
{
    return S_ISDIR(mode)    ? "a folder"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a regular file";
}

/* The file path leads to, through symbolic links, into out; false with a
** message when the links loop, a path is too long, or the target is there
** and is not a regular file. */
static bool find_target(const char *path, char *out, size_t size, char *err, size_t errlen)
{
    if (strlen(path) >= size) {
        say(err, errlen,
            "cannot save %s: the path is too long (%zu bytes, at most %zu);"
            " nothing was written",
            path, strlen(path), size - 1);
        return false;
    }
    strcpy(out, path);
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(out, &st) != 0)
            return true; /* not there (yet): made by the write, or its error says why */
        if (!S_ISLNK(st.st_mode)) {
            if (S_ISREG(st.st_mode))
                return true;
            say(err, errlen,
                "cannot save %s: it is %s, not a regular file; nothing was"
                " written",
                path, kind_of(st.st_mode));
            return false;
        }
        char link[ATOMIC_PATH_MAX], next[ATOMIC_PATH_MAX];
        ssize_t n = hops < ATOMIC_LINKS_MAX ? readlink(out, link, sizeof link - 1) : -1;
        if (n < 0 || (size_t)n >= sizeof link - 1) {
            say(err, errlen,
                "cannot save %s: cannot follow the symbolic link %s: %s;"
                " nothing was written",
                path, out,
                hops >= ATOMIC_LINKS_MAX ? strerror(ELOOP)
                : n < 0                  ? strerror(errno)
                                         : strerror(ENAMETOOLONG));
            return false;
        }
        link[n] = '\0';
        int w;
        if (link[0] == '/') {
            w = snprintf(next, sizeof next, "%s", link);
        } else {
            char dir[ATOMIC_PATH_MAX];
            w = folder_of(out, dir, sizeof dir) ? snprintf(next, sizeof next, "%s/%s", dir, link)
                                                : -1;
        }
        if (w < 0 || (size_t)w >= size || (size_t)w >= sizeof next) {
            say(err, errlen,
                "cannot save %s: the file its link leads to has too long a"
                " path; nothing was written",
                path);
            return false;
        }
        strcpy(out, next);
    }
}

bool atomic_check_target(const char *path, char *err, size_t errlen)
{
    char target[ATOMIC_PATH_MAX];
    char tmp[ATOMIC_PATH_MAX];
    if (!find_target(path, target, sizeof target, err, errlen))
        return false;
    int n = snprintf(tmp, sizeof tmp, "%s.tmp-%ld-%d", target, (long)getpid(), 99);
    if (n < 0 || (size_t)n >= sizeof tmp) {
        say(err, errlen,
            "cannot save %s: the path is too long for its temporary file;"
            " nothing was written",
            path);
        return false;
    }
    return true;
}

/* Makes the rename itself durable. Failing here loses nothing that is not
** already safe (the new file is complete), so errors are ignored. */
static void sync_parent_folder(const char *path)
{
    char dir[ATOMIC_PATH_MAX];
    if (!folder_of(path, dir, sizeof dir))
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        (void)close(fd);
    }
}

bool atomic_write_io(const AtomicIo *io, const char *path, const void *data, size_t len, char *err,
                     size_t errlen)
{
    char tmp[ATOMIC_PATH_MAX], target[ATOMIC_PATH_MAX];
    int fd = -1;
    const char *step = "create a temporary file";
    int saved = 0;

    say(err, errlen, "%s", "");
    if (!find_target(path, target, sizeof target, err, errlen))
        return false;
    const char *file = path;
    path = target; /* what is replaced: the file a link leads to */
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
    say(err, errlen, "cannot save %s: %s failed: %s; the previous file is unchanged", file, step,
        strerror(saved));
    return false;
}

/* Whether name is base.tmp-PID-N; *pid gets PID. */
static bool temporary_of(const char *name, const char *base, long *pid)
{
    size_t n = strlen(base);
    if (strncmp(name, base, n) != 0 || strncmp(name + n, ".tmp-", 5) != 0)
        return false;
    const char *p = name + n + 5;
    char *end;
    long v = strtol(p, &end, 10);
    if (end == p || *end != '-' || v <= 0)
        return false;
    p = end + 1;
    (void)strtol(p, &end, 10);
    if (end == p || *end != '\0')
        return false;
    *pid = v;
    return true;
}

int atomic_remove_stale(const char *path)
{
    char target[ATOMIC_PATH_MAX], dir[ATOMIC_PATH_MAX];
    if (!find_target(path, target, sizeof target, NULL, 0) || !folder_of(target, dir, sizeof dir))
        return 0;
    const char *slash = strrchr(target, '/');
    const char *base = slash != NULL ? slash + 1 : target;
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    int removed = 0;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        long pid;
        if (!temporary_of(e->d_name, base, &pid) || pid == (long)getpid())
            continue;
        char file[ATOMIC_PATH_MAX + 256];
        int n = snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        struct stat st;
        if (n < 0 || (size_t)n >= sizeof file || lstat(file, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        /* A running copy of the game may be writing it: only the dead's, or
        ** one no save could still be busy with. */
        bool dead = kill((pid_t)pid, 0) != 0 && errno == ESRCH;
        if ((dead || now - st.st_mtime > 3600) && unlink(file) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}

/* ---- Reading: a whole file into memory, with a limit: open without blocking,
** refuse what is not a regular file, read to the end. */

void atomic_size_words(size_t bytes, char *out, size_t cap)
{
    const size_t mib = 1024 * 1024;
    if (bytes >= mib && bytes % mib == 0)
        snprintf(out, cap, "%zu MiB", bytes / mib);
    else
        snprintf(out, cap, "%zu bytes", bytes);
}

AtomicRead atomic_read(const char *path, size_t max, char **text, size_t *len, char *why,
                       size_t whylen)
{
    *text = NULL;
    *len = 0;
    if (max >= SIZE_MAX - 1)
        max = SIZE_MAX - 2;
    /* O_NONBLOCK: a FIFO at the path must not hang the game; it is refused
    ** below like anything that is not a regular file. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        snprintf(why, whylen, "cannot open: %s", strerror(e));
        return e == ENOENT ? ATOMIC_READ_MISSING : ATOMIC_READ_ERROR;
    }
    AtomicRead result = ATOMIC_READ_ERROR;
    char *buf = NULL;
    size_t cap = 0, have = 0;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(why, whylen, "cannot read: %s", strerror(errno));
        goto done;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, whylen, "not a regular file");
        result = ATOMIC_READ_NOT_FILE;
        goto done;
    }
    /* The size is a hint only: the file may change while it is read. One
    ** byte more than max tells a file of exactly max bytes from a larger one,
    ** one more holds the NUL. */
    size_t hint = (unsigned long long)st.st_size < max ? (size_t)st.st_size : max;
    for (size_t need = hint + 2;; need = have + 2) {
        if (!array_reserve(buf, cap, need)) {
            snprintf(why, whylen, "out of memory");
            goto done;
        }
        size_t room = cap - 1 - have;
        if (room > max + 1 - have)
            room = max + 1 - have;
        ssize_t r = read(fd, buf + have, room);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(why, whylen, "cannot read: %s", strerror(errno));
            goto done;
        }
        if (r == 0)
            break;
        have += (size_t)r;
        if (have > max) {
            char limit[32];
            atomic_size_words(max, limit, sizeof limit);
            snprintf(why, whylen, "the file is larger than %s", limit);
            result = ATOMIC_READ_TOO_LARGE;
            goto done;
        }
    }
    buf[have] = '\0';
    *text = buf;
    *len = have;
    buf = NULL;
    result = ATOMIC_READ_OK;
done:
    free(buf);
    close(fd);
    return result;
}
