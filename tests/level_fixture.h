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
