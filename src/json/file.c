/* SPDX-License-Identifier: Zlib */
/* file.c -- a whole file into memory: open without blocking, check, read. */
#define _POSIX_C_SOURCE 200809L

#include "json_file.h"
#include "json_internal.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void json_report_too_large(JsonSink *sink, size_t max)
{
    const size_t mib = 1024 * 1024;
    if (max >= mib && max % mib == 0)
        json_report(sink, 0, 0, "the file is larger than %zu MiB", max / mib);
    else
        json_report(sink, 0, 0, "the file is larger than %zu bytes", max);
}

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

JsonRead json_read_file(const char *path, size_t max, char **text, size_t *len, JsonSink *sink)
{
    assert(path != NULL && text != NULL && len != NULL && sink != NULL && max < SIZE_MAX - 1);
    *text = NULL;
    *len = 0;
    /* O_NONBLOCK: a FIFO at the path must not hang the game; it is refused
    ** below like anything that is not a regular file. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        json_report(sink, 0, 0, "cannot open: %s", strerror(e));
        return e == ENOENT ? JSON_READ_MISSING : JSON_READ_ERROR;
    }
    JsonRead result = JSON_READ_ERROR;
    char *buf = NULL;
    size_t cap = 0, have = 0;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        json_report(sink, 0, 0, "cannot read: %s", strerror(errno));
        goto done;
    }
    if (!S_ISREG(st.st_mode)) {
        json_report(sink, 0, 0, "not a regular file");
        result = JSON_READ_FAILED;
        goto done;
    }
    /* The size is a hint only: the file may change while it is read. One
    ** byte more than max tells a file of exactly max bytes from a larger one,
    ** one more holds the NUL. */
    size_t hint = (unsigned long long)st.st_size < max ? (size_t)st.st_size : max;
    if (!reserve(&buf, &cap, hint + 2)) {
        json_report(sink, 0, 0, "out of memory");
        goto done;
    }
    for (;;) {
        if (have + 2 > cap && !reserve(&buf, &cap, have + 2)) {
            json_report(sink, 0, 0, "out of memory");
            goto done;
        }
        size_t room = cap - 1 - have;
        if (room > max + 1 - have)
            room = max + 1 - have;
        ssize_t r = read(fd, buf + have, room);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            json_report(sink, 0, 0, "cannot read: %s", strerror(errno));
            goto done;
        }
        if (r == 0)
            break;
        have += (size_t)r;
        if (have > max) {
            json_report_too_large(sink, max);
            result = JSON_READ_FAILED;
            goto done;
        }
    }
    buf[have] = '\0';
    *text = buf;
    *len = have;
    buf = NULL;
    result = JSON_READ_OK;
done:
    free(buf);
    close(fd);
    return result;
}
