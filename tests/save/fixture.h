/* SPDX-License-Identifier: Zlib */
/*
** fixture.h -- scratch folders and file helpers for the save and audio tests.
**
** Each test makes its own folder under SAVE_SCRATCH (the build tree) and
** removes it at the end, so tests never see each other's files.
*/
#ifndef SAVE_FIXTURE_H
#define SAVE_FIXTURE_H

#define _POSIX_C_SOURCE 200809L

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SAVE_SCRATCH
#error "SAVE_SCRATCH must name a writable folder"
#endif

typedef struct Scratch {
    char dir[1024];
} Scratch;

static inline void scratch_init(Scratch *s)
{
    mkdir(SAVE_SCRATCH, 0755);
    snprintf(s->dir, sizeof s->dir, "%s/t-XXXXXX", SAVE_SCRATCH);
    ck_assert_ptr_nonnull(mkdtemp(s->dir));
}

/* dir/name into a static buffer of the caller. */
static inline const char *scratch_path(const Scratch *s, const char *name, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/%s", s->dir, name);
    return buf;
}

static inline void scratch_fini(Scratch *s)
{
    DIR *d = opendir(s->dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    char path[2048];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", s->dir, e->d_name);
        ck_assert_int_eq(unlink(path), 0);
    }
    closedir(d);
    ck_assert_int_eq(rmdir(s->dir), 0);
}

/* Names in the folder, sorted, joined by spaces: "a.json a.json.bad-1". */
static inline void scratch_list(const Scratch *s, char *out, size_t cap)
{
    struct dirent **names;
    int n = scandir(s->dir, &names, NULL, alphasort);
    ck_assert_int_ge(n, 0);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (names[i]->d_name[0] != '.') {
            if (out[0] != '\0')
                strncat(out, " ", cap - strlen(out) - 1);
            strncat(out, names[i]->d_name, cap - strlen(out) - 1);
        }
        free(names[i]);
    }
    free(names);
}

static inline void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

static inline void write_text(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

/* The whole file, NUL-terminated; the caller frees it. */
static inline char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap * 2 + 4096 + 1;
            buf = realloc(buf, cap);
            ck_assert_ptr_nonnull(buf);
        }
        size_t r = fread(buf + n, 1, 4096, f);
        n += r;
        if (r == 0)
            break;
    }
    fclose(f);
    buf[n] = '\0';
    if (len != NULL)
        *len = n;
    return buf;
}

static inline void copy_file(const char *from, const char *to)
{
    size_t len;
    char *data = read_all(from, &len);
    write_bytes(to, data, len);
    free(data);
}

static inline int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

#endif
