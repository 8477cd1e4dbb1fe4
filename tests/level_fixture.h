/* SPDX-License-Identifier: Zlib */
/*
** level_fixture.h -- what the level tests share: paths into the source
** tree, reading a whole file, and a file's errors as text for messages.
*/
#ifndef LEVEL_FIXTURE_H
#define LEVEL_FIXTURE_H

#include "level.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef SOURCE_DIR
static inline void src_path(char *buf, size_t size, const char *rel)
{
    snprintf(buf, size, "%s/%s", SOURCE_DIR, rel);
}
#endif

/* The whole file, NUL-terminated; its length in *len when len is not NULL. */
static inline char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            buf = realloc(buf, cap *= 2);
            ck_assert_ptr_nonnull(buf);
        }
    }
    fclose(f);
    buf[n] = '\0';
    if (len != NULL)
        *len = n;
    return buf;
}

/* Whether e is of the kind named `kind`. */
static inline bool is_kind(const LevelEntity *e, const char *kind)
{
    return e->kind == kind_find(kind);
}

/* A property of e by name: its int (bool, enum index) or its number. */
static inline int prop_i(const LevelEntity *e, const char *name)
{
    return leveldesc_prop(e, name).i;
}

static inline float prop_f(const LevelEntity *e, const char *name)
{
    return leveldesc_prop(e, name).f;
}

/* e's "path", which it must have. */
static inline const LevelPath *path_of(const LevelDesc *lv, const LevelEntity *e)
{
    const LevelPath *p = leveldesc_path(lv, e, "path");
    ck_assert_ptr_nonnull(p);
    return p;
}

/* All errors as text, for failure messages. */
static inline const char *dump(const LevelErrors *e)
{
    static char out[8192];
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < e->count && used < sizeof out - 1; i++) {
        char line[600];
        level_error_format(&e->list[i], line, sizeof line);
        used += (size_t)snprintf(out + used, sizeof out - used, "%s\n", line);
    }
    return out;
}

#endif
