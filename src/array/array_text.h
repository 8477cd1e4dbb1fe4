/* SPDX-License-Identifier: Zlib */
/*
** array_text.h -- text written piece by piece: a growing char array
** (array_grow) that stays NUL-terminated. A piece that does not fit in
** memory sets oom and every later piece is dropped, so a writer checks once,
** at the end, whether it has its text (a level made or exported, a save
** file, the editor's level).
*/
#ifndef ARRAY_TEXT_H
#define ARRAY_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct TextBuf {
    char *p; /* NUL-terminated once anything is in it */
    size_t len, cap;
    bool oom; /* a piece did not fit in memory: the text is lost */
} TextBuf;

/* Room for more bytes after the text (and its NUL); false (oom set) when
** out of memory. */
bool text_reserve(TextBuf *t, size_t more);
void text_put(TextBuf *t, const char *s, size_t n);
void text_puts(TextBuf *t, const char *s);
void text_printf(TextBuf *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The text (the caller frees it) and its length, or NULL after an oom or
** when nothing was written; t is emptied either way. */
char *text_take(TextBuf *t, size_t *len);

#endif
