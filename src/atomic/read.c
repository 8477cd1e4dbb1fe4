/* SPDX-License-Identifier: Zlib */
/* read.c -- a whole file into memory, with a limit: open without blocking,
** refuse what is not a regular file, read to the end. */
#define _POSIX_C_SOURCE 200809L

#include "atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Grows buf to hold at least need bytes, doubling. */
static bool reserve(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return true;
    size_t ncap = *cap > 0 ? *cap : 4096;
    while (ncap < need)
        ncap = ncap > SIZE_MAX / 2 ? need : ncap * 2;
    char *nbuf = realloc(*buf, ncap);
    if (nbuf == NULL)
        return false;
    *buf = nbuf;
    *cap = ncap;
    return true;
}

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
        if (!reserve(&buf, &cap, need)) {
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
