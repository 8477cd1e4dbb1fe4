/* SPDX-License-Identifier: Zlib */
/*
** fd_rig.h -- running out of file descriptors, for the tests of what the
** game does when a file cannot be opened now but may be good (EMFILE).
*/
#ifndef FD_RIG_H
#define FD_RIG_H

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

typedef struct Exhausted {
    int fds[512];
    int count;
    struct rlimit old;
} Exhausted;

/* Uses up every file descriptor, the limit lowered to `limit` (at most 512)
** first; give_back_fds undoes both. */
static inline void exhaust_fds(Exhausted *x, rlim_t limit)
{
    ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &x->old), 0);
    struct rlimit low = {limit, x->old.rlim_max};
    ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &low), 0);
    x->count = 0;
    int fd;
    while (x->count < 512 && (fd = open("/dev/null", O_RDONLY)) >= 0)
        x->fds[x->count++] = fd;
    ck_assert_int_eq(errno, EMFILE);
}

static inline void give_back_fds(Exhausted *x)
{
    while (x->count > 0)
        close(x->fds[--x->count]);
    ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &x->old), 0);
}

#endif /* FD_RIG_H */
