/* SPDX-License-Identifier: Zlib */
/* test_atomic.c -- whole-or-nothing writes, with the disk failing on cue. */
#include "save/fixture.h"

#include "atomic.h"
#include "check_run.h"

#include <errno.h>
#include <fcntl.h>

/* System calls that fail when told to and otherwise do the real thing. */
typedef struct FakeIo {
    size_t write_budget; /* bytes the disk still takes; then ENOSPC */
    size_t max_chunk;    /* largest write accepted at once (short writes) */
    int eintr_left;      /* writes to interrupt before any byte */
    bool write_zero;     /* write returns 0: no progress */
    int fsync_errno, close_errno, rename_errno;
    int writes, renames, unlinks;
} FakeIo;

static int fake_open(void *ctx, const char *path, int flags, mode_t mode)
{
    (void)ctx;
    return open(path, flags, mode);
}

static ssize_t fake_write(void *ctx, int fd, const void *buf, size_t len)
{
    FakeIo *io = ctx;
    io->writes++;
    if (io->eintr_left > 0) {
        io->eintr_left--;
        errno = EINTR;
        return -1;
    }
    if (io->write_zero)
        return 0;
    if (io->write_budget == 0) {
        errno = ENOSPC;
        return -1;
    }
    if (len > io->write_budget)
        len = io->write_budget;
    if (io->max_chunk > 0 && len > io->max_chunk)
        len = io->max_chunk;
    ssize_t w = write(fd, buf, len);
    if (w > 0)
        io->write_budget -= (size_t)w;
    return w;
}

static int fake_fsync(void *ctx, int fd)
{
    FakeIo *io = ctx;
    if (io->fsync_errno != 0) {
        errno = io->fsync_errno;
        return -1;
    }
    return fsync(fd);
}

static int fake_close(void *ctx, int fd)
{
    FakeIo *io = ctx;
    int r = close(fd);
    if (io->close_errno != 0) {
        errno = io->close_errno;
        return -1;
    }
    return r;
}

static int fake_rename(void *ctx, const char *from, const char *to)
{
    FakeIo *io = ctx;
    io->renames++;
    if (io->rename_errno != 0) {
        errno = io->rename_errno;
        return -1;
    }
    return rename(from, to);
}

static int fake_unlink(void *ctx, const char *path)
{
    FakeIo *io = ctx;
    io->unlinks++;
    return unlink(path);
}

static AtomicIo fake_io(FakeIo *f)
{
    return (AtomicIo){f, fake_open, fake_write, fake_fsync, fake_close, fake_rename, fake_unlink};
}

static const char OLD[] = "{\"format\": 1, \"unlocked\": 5}\n";

/* A big payload, so a full disk can strike in the middle of it. */
static char *payload(size_t len)
{
    char *p = malloc(len);
    ck_assert_ptr_nonnull(p);
    for (size_t i = 0; i < len; i++)
        p[i] = (char)('a' + i % 26);
    return p;
}

static void assert_file_is(const char *path, const char *data, size_t len)
{
    size_t got;
    char *text = read_all(path, &got);
    ck_assert_uint_eq(got, len);
    ck_assert(memcmp(text, data, len) == 0);
    free(text);
}

START_TEST(write_creates_then_replaces_the_file)
{
    Scratch s;
    char path[1100], err[512], list[256];
    scratch_init(&s);
    scratch_path(&s, "progress.json", path, sizeof path);

    ck_assert(atomic_write(path, "first", 5, err, sizeof err));
    assert_file_is(path, "first", 5);
    ck_assert(atomic_write(path, "second!", 7, err, sizeof err));
    assert_file_is(path, "second!", 7);
    ck_assert(atomic_write(path, "", 0, err, sizeof err));
    assert_file_is(path, "", 0);
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "progress.json");
    scratch_fini(&s);
}
END_TEST

START_TEST(full_disk_mid_write_keeps_old_file_and_no_temporary)
{
    Scratch s;
    char path[1100], err[512], list[256];
    scratch_init(&s);
    scratch_path(&s, "progress.json", path, sizeof path);
    write_text(path, OLD);

    size_t len = 100000;
    char *data = payload(len);
    FakeIo f = {.write_budget = 4096 + 17};
    AtomicIo io = fake_io(&f);
    ck_assert(!atomic_write_io(&io, path, data, len, err, sizeof err));
    ck_assert_int_ge(f.writes, 2); /* it did fail part-way, not at the start */
    ck_assert_ptr_nonnull(strstr(err, path));
    ck_assert_ptr_nonnull(strstr(err, strerror(ENOSPC)));
    ck_assert_ptr_nonnull(strstr(err, "unchanged"));
    ck_assert_int_eq(f.renames, 0);
    assert_file_is(path, OLD, strlen(OLD));
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "progress.json");

    /* Space is freed: the caller simply saves again. */
    ck_assert(atomic_write(path, data, len, err, sizeof err));
    assert_file_is(path, data, len);
    free(data);
    scratch_fini(&s);
}
END_TEST

START_TEST(failed_rename_keeps_old_file_and_no_temporary)
{
    Scratch s;
    char path[1100], err[512], list[256];
    scratch_init(&s);
    scratch_path(&s, "settings.json", path, sizeof path);
    write_text(path, OLD);

    FakeIo f = {.write_budget = SIZE_MAX, .rename_errno = EACCES};
    AtomicIo io = fake_io(&f);
    ck_assert(!atomic_write_io(&io, path, "new", 3, err, sizeof err));
    ck_assert_int_eq(f.renames, 1);
    ck_assert_int_eq(f.unlinks, 1);
    ck_assert_ptr_nonnull(strstr(err, "replace the old file"));
    ck_assert_ptr_nonnull(strstr(err, strerror(EACCES)));
    assert_file_is(path, OLD, strlen(OLD));
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "settings.json");
    scratch_fini(&s);
}
END_TEST

START_TEST(failed_fsync_or_close_never_renames)
{
    Scratch s;
    char path[1100], err[512], list[256];
    scratch_init(&s);
    scratch_path(&s, "settings.json", path, sizeof path);
    write_text(path, OLD);

    FakeIo f = {.write_budget = SIZE_MAX, .fsync_errno = EIO};
    AtomicIo io = fake_io(&f);
    ck_assert(!atomic_write_io(&io, path, "new", 3, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "flush to disk"));
    ck_assert_int_eq(f.renames, 0);

    FakeIo g = {.write_budget = SIZE_MAX, .close_errno = EIO};
    io = fake_io(&g);
    ck_assert(!atomic_write_io(&io, path, "new", 3, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "close"));
    ck_assert_int_eq(g.renames, 0);

    assert_file_is(path, OLD, strlen(OLD));
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "settings.json");
    scratch_fini(&s);
}
END_TEST

START_TEST(short_and_interrupted_writes_are_resumed)
{
    Scratch s;
    char path[1100], err[512];
    scratch_init(&s);
    scratch_path(&s, "replay.txt", path, sizeof path);

    size_t len = 1000;
    char *data = payload(len);
    FakeIo f = {.write_budget = SIZE_MAX, .max_chunk = 3, .eintr_left = 2};
    AtomicIo io = fake_io(&f);
    ck_assert(atomic_write_io(&io, path, data, len, err, sizeof err));
    ck_assert_int_eq(f.writes, 2 + (int)((len + 2) / 3));
    assert_file_is(path, data, len);
    free(data);
    scratch_fini(&s);
}
END_TEST

START_TEST(write_without_progress_is_a_full_disk)
{
    Scratch s;
    char path[1100], err[512], list[256];
    scratch_init(&s);
    scratch_path(&s, "settings.json", path, sizeof path);
    write_text(path, OLD);
    FakeIo f = {.write_zero = true};
    AtomicIo io = fake_io(&f);
    ck_assert(!atomic_write_io(&io, path, "data", 4, err, sizeof err));
    ck_assert_int_eq(f.writes, 1);
    ck_assert_ptr_nonnull(strstr(err, strerror(ENOSPC)));
    assert_file_is(path, OLD, strlen(OLD));
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "settings.json");
    scratch_fini(&s);
}
END_TEST

START_TEST(missing_folder_is_reported)
{
    Scratch s;
    char path[1100], err[512];
    scratch_init(&s);
    scratch_path(&s, "no-such-folder/settings.json", path, sizeof path);
    ck_assert(!atomic_write(path, "x", 1, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, path));
    ck_assert_ptr_nonnull(strstr(err, strerror(ENOENT)));
    scratch_fini(&s);
}
END_TEST

START_TEST(stale_temporary_from_a_crash_is_not_reused)
{
    Scratch s;
    char path[1100], stale[1200], err[512], list[512], want[512];
    scratch_init(&s);
    scratch_path(&s, "settings.json", path, sizeof path);
    snprintf(stale, sizeof stale, "%s.tmp-%ld-0", path, (long)getpid());
    write_text(stale, "left by a crash");

    ck_assert(atomic_write(path, "fresh", 5, err, sizeof err));
    assert_file_is(path, "fresh", 5);
    assert_file_is(stale, "left by a crash", 15);
    scratch_list(&s, list, sizeof list);
    snprintf(want, sizeof want, "settings.json settings.json.tmp-%ld-0", (long)getpid());
    ck_assert_str_eq(list, want);
    scratch_fini(&s);
}
END_TEST

/* A target linked in from elsewhere, by a relative link through another
** link: the file at the end is replaced, both links stay. */
START_TEST(a_symbolic_link_is_written_through)
{
    Scratch s;
    char path[1100], mid[1100], target[1100], err[512], list[512];
    scratch_init(&s);
    scratch_path(&s, "settings.json", path, sizeof path);
    scratch_path(&s, "mid.json", mid, sizeof mid);
    scratch_path(&s, "real.json", target, sizeof target);
    write_text(target, OLD);
    ck_assert_int_eq(symlink("real.json", mid), 0);
    ck_assert_int_eq(symlink(mid, path), 0);
    ck_assert_msg(atomic_write(path, "new", 3, err, sizeof err), "%s", err);
    assert_file_is(target, "new", 3);
    struct stat st;
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_int_eq(lstat(mid, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "mid.json real.json settings.json");
    /* a link to nothing yet makes the file it names */
    ck_assert_int_eq(unlink(target), 0);
    ck_assert_msg(atomic_write(path, "again", 5, err, sizeof err), "%s", err);
    assert_file_is(target, "again", 5);
    /* links that loop are refused */
    ck_assert_int_eq(unlink(target), 0);
    ck_assert_int_eq(symlink("settings.json", target), 0);
    ck_assert(!atomic_write(path, "x", 1, err, sizeof err));
    ck_assert_msg(strstr(err, strerror(ELOOP)) != NULL, "%s", err);
    scratch_fini(&s);
}
END_TEST

/* A FIFO or a folder where the file should be is refused before anything
** is written (renamed over, it would be a regular file after), and so is a
** link to one. */
START_TEST(what_is_not_a_regular_file_is_never_replaced)
{
    Scratch s;
    char fifo[1100], dir[1100], link[1100], err[512], list[512];
    scratch_init(&s);
    scratch_path(&s, "out.wav", fifo, sizeof fifo);
    scratch_path(&s, "shot.png", dir, sizeof dir);
    scratch_path(&s, "link.png", link, sizeof link);
    ck_assert_int_eq(mkfifo(fifo, 0644), 0);
    ck_assert(!atomic_write(fifo, "x", 1, err, sizeof err));
    ck_assert_msg(strstr(err, "it is a FIFO, not a regular file; nothing was written") != NULL,
                  "%s", err);
    ck_assert(!atomic_check_target(fifo, err, sizeof err));
    ck_assert_int_eq(symlink(fifo, link), 0);
    ck_assert(!atomic_write(link, "x", 1, err, sizeof err));
    ck_assert_msg(strstr(err, "FIFO") != NULL, "%s", err);
    struct stat st;
    ck_assert_int_eq(lstat(fifo, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    ck_assert_int_eq(mkdir(dir, 0755), 0);
    ck_assert(!atomic_write(dir, "x", 1, err, sizeof err));
    ck_assert_msg(strstr(err, "it is a folder") != NULL, "%s", err);
    ck_assert_int_eq(rmdir(dir), 0);
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "link.png out.wav");
    scratch_fini(&s);
}
END_TEST

/* A path too long to hold is refused with a message, never cut short into
** another name. */
START_TEST(a_path_too_long_is_refused_not_cut)
{
    Scratch s;
    char path[6000], err[8192], list[512];
    scratch_init(&s);
    int n = snprintf(path, sizeof path, "%s/", s.dir);
    memset(path + n, 'a', sizeof path - (size_t)n - 1);
    path[sizeof path - 1] = '\0';
    ck_assert(!atomic_write(path, "x", 1, err, sizeof err));
    ck_assert_msg(strstr(err, "too long") != NULL, "%s", err);
    ck_assert(!atomic_check_target(path, err, sizeof err));
    /* just short enough for the file, too long for its temporary */
    path[4090] = '\0';
    ck_assert(!atomic_check_target(path, err, sizeof err));
    ck_assert(!atomic_write(path, "x", 1, err, sizeof err));
    ck_assert_msg(strstr(err, strerror(ENAMETOOLONG)) != NULL, "%s", err);
    scratch_list(&s, list, sizeof list);
    ck_assert_str_eq(list, "");
    scratch_fini(&s);
}
END_TEST

static Suite *atomic_suite(void)
{
    Suite *s = suite_create("save_atomic");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, write_creates_then_replaces_the_file);
    tcase_add_test(tc, full_disk_mid_write_keeps_old_file_and_no_temporary);
    tcase_add_test(tc, failed_rename_keeps_old_file_and_no_temporary);
    tcase_add_test(tc, failed_fsync_or_close_never_renames);
    tcase_add_test(tc, short_and_interrupted_writes_are_resumed);
    tcase_add_test(tc, write_without_progress_is_a_full_disk);
    tcase_add_test(tc, missing_folder_is_reported);
    tcase_add_test(tc, stale_temporary_from_a_crash_is_not_reused);
    tcase_add_test(tc, a_symbolic_link_is_written_through);
    tcase_add_test(tc, what_is_not_a_regular_file_is_never_replaced);
    tcase_add_test(tc, a_path_too_long_is_refused_not_cut);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(atomic_suite());
}
