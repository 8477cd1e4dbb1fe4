/* SPDX-License-Identifier: Zlib */
/* notices.c -- the list of what loading the user's files found wrong. */
#include "save.h"

#include <assert.h>
#include <stdarg.h>
#include <string.h>

void save_notices_clear(SaveNotices *n)
{
    assert(n != NULL);
    n->count = 0;
    n->dropped = 0;
}

void save_notices_add(SaveNotices *n, const char *file, int line, int col, const char *fmt, ...)
{
    assert(n != NULL && fmt != NULL);
    if (n->count >= SAVE_NOTICES_MAX) {
        n->dropped++;
        return;
    }
    SaveNotice *e = &n->list[n->count++];
    snprintf(e->file, sizeof e->file, "%s", file != NULL ? file : "");
    e->line = line > 0 ? line : 0;
    e->col = line > 0 && col > 0 ? col : 0;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    if (w < 0)
        snprintf(e->message, sizeof e->message, "(unprintable message)");
}

size_t save_notice_format(const SaveNotice *n, char *buf, size_t size)
{
    const char *sep = n->file[0] != '\0' ? ":" : "";
    int w;
    if (n->line > 0)
        w = snprintf(buf, size, "%s%s%d:%d: %s", n->file, sep, n->line, n->col, n->message);
    else if (n->file[0] != '\0')
        w = snprintf(buf, size, "%s: %s", n->file, n->message);
    else
        w = snprintf(buf, size, "%s", n->message);
    return w < 0 ? 0 : (size_t)w;
}

void save_notices_print(const SaveNotices *n, FILE *out, const char *prefix)
{
    char line[SAVE_NOTICE_FILE_MAX + SAVE_NOTICE_MESSAGE_MAX + 32];
    const char *sep = prefix != NULL ? ": " : "";
    if (prefix == NULL)
        prefix = "";
    for (int i = 0; i < n->count; i++) {
        save_notice_format(&n->list[i], line, sizeof line);
        fprintf(out, "%s%s%s\n", prefix, sep, line);
    }
    if (n->dropped > 0)
        fprintf(out, "%s%s%d more notice%s not shown\n", prefix, sep, n->dropped,
                n->dropped == 1 ? "" : "s");
}
