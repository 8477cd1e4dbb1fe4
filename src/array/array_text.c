/* SPDX-License-Identifier: Zlib */
#include "array_text.h"

#include "array.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool text_reserve(TextBuf *t, size_t more)
{
    t->oom = t->oom || !array_reserve(t->p, t->cap, t->len + more + 1);
    return !t->oom;
}

void text_put(TextBuf *t, const char *s, size_t n)
{
    if (!text_reserve(t, n))
        return;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

void text_puts(TextBuf *t, const char *s)
{
    text_put(t, s, strlen(s));
}

void text_printf(TextBuf *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        t->oom = true;
    if (n < 0 || !text_reserve(t, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

char *text_take(TextBuf *t, size_t *len)
{
    char *p = t->oom ? NULL : t->p;
    if (p == NULL)
        free(t->p);
    else if (len != NULL)
        *len = t->len;
    *t = (TextBuf){0};
    return p;
}
