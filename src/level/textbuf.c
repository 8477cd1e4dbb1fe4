/* SPDX-License-Identifier: Zlib */
/* textbuf.c -- a growing text buffer for the files this folder writes. */
#include "level_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void level_buf_reserve(TextBuf *t, size_t more)
{
    if (t->oom || t->len + more + 1 <= t->cap)
        return;
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < t->len + more + 1)
        cap *= 2;
    char *p = realloc(t->p, cap);
    if (p == NULL) {
        t->oom = true;
        return;
    }
    t->p = p;
    t->cap = cap;
}

void level_buf_put(TextBuf *t, const char *s, size_t n)
{
    level_buf_reserve(t, n);
    if (t->oom)
        return;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

void level_buf_printf(TextBuf *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        t->oom = true;
        return;
    }
    level_buf_reserve(t, (size_t)n);
    if (t->oom)
        return;
    va_start(ap, fmt);
    vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

char *level_buf_take(TextBuf *t, size_t *len)
{
    char *p = t->oom ? NULL : t->p;
    if (p == NULL)
        free(t->p);
    else if (len != NULL)
        *len = t->len;
    *t = (TextBuf){0};
    return p;
}
