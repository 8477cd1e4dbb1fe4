/* SPDX-License-Identifier: Zlib */
/* errors.c -- the list of problems found in level files, kept in place order,
** and its printing. */
#include "level.h"

#include <assert.h>
#include <stdarg.h>
#include <string.h>

void level_errors_clear(LevelErrors *errors)
{
    assert(errors != NULL);
    errors->count = 0;
    errors->dropped = 0;
    errors->warning_count = 0;
}

/* Keeps the end of a path too long to store: the file name matters most. */
static void copy_path(char *dst, size_t size, const char *src)
{
    size_t len = strlen(src);
    if (len < size) {
        memcpy(dst, src, len + 1);
        return;
    }
    const char *tail = src + len - (size - 4);
    memcpy(dst, "...", 3);
    memcpy(dst + 3, tail, size - 4);
    dst[size - 1] = '\0';
}

static void fill(LevelError *e, const char *file, int line, int col, const char *fmt, va_list ap)
{
    copy_path(e->file, sizeof e->file, file != NULL ? file : "(input)");
    e->line = line > 0 ? line : 0;
    e->col = line > 0 && col > 0 ? col : 0;
    e->whole = false;
    int n = vsnprintf(e->message, sizeof e->message, fmt, ap);
    if (n < 0)
        snprintf(e->message, sizeof e->message, "(unprintable message)");
}

/* Whether a comes after b in a file's list: a file that cannot be read
** (line 0) first, then the placed errors by line and column, then those
** about the level as a whole. */
static bool after(const LevelError *a, const LevelError *b)
{
    if (a->whole != b->whole)
        return a->whole;
    return a->line > b->line || (a->line == b->line && a->col > b->col);
}

/* Where error e goes to keep the list in place order: the files in the
** order they first appear (a level before the tileset it names, a campaign
** before its levels), within a file in the order of after(), equal places
** in the order found. */
static int insert_at(const LevelErrors *errors, const LevelError *e)
{
    int i = 0;
    while (i < errors->count && strcmp(errors->list[i].file, e->file) != 0)
        i++;
    if (i == errors->count)
        return i;
    while (i < errors->count && strcmp(errors->list[i].file, e->file) == 0 &&
           !after(&errors->list[i], e))
        i++;
    return i;
}

static void add(LevelErrors *errors, const LevelError *e)
{
    /* A full list keeps the errors that come first in place order: the one
    ** that falls off the end is the one counted as dropped. */
    int at = insert_at(errors, e);
    errors->dropped += errors->count >= LEVEL_MAX_ERRORS;
    if (at >= LEVEL_MAX_ERRORS)
        return;
    int keep = errors->count < LEVEL_MAX_ERRORS ? errors->count : LEVEL_MAX_ERRORS - 1;
    memmove(&errors->list[at + 1], &errors->list[at], (size_t)(keep - at) * sizeof *e);
    errors->list[at] = *e;
    errors->count = keep + 1;
}

static void add_message(LevelErrors *errors, bool whole, const char *file, int line, int col,
                        const char *fmt, va_list ap)
{
    assert(errors != NULL);
    LevelError e;
    fill(&e, file, line, col, fmt, ap);
    e.whole = whole;
    add(errors, &e);
}

void level_errors_add(LevelErrors *errors, const char *file, int line, int col, const char *fmt,
                      ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_message(errors, false, file, line, col, fmt, ap);
    va_end(ap);
}

void level_errors_add_whole(LevelErrors *errors, const char *file, int line, int col,
                            const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_message(errors, true, file, line, col, fmt, ap);
    va_end(ap);
}

void level_warnings_add(LevelErrors *errors, const char *file, int line, int col, const char *fmt,
                        ...)
{
    assert(errors != NULL);
    if (errors->warning_count >= LEVEL_MAX_WARNINGS)
        return;
    va_list ap;
    va_start(ap, fmt);
    fill(&errors->warnings[errors->warning_count++], file, line, col, fmt, ap);
    va_end(ap);
}

static size_t format(const LevelError *e, const char *what, char *buf, size_t size)
{
    int n;
    if (e->line > 0)
        n = snprintf(buf, size, "%s:%d:%d: %s: %s", e->file, e->line, e->col, what, e->message);
    else
        n = snprintf(buf, size, "%s: %s: %s", e->file, what, e->message);
    return n < 0 ? 0 : (size_t)n;
}

size_t level_error_format(const LevelError *error, char *buf, size_t size)
{
    return format(error, "error", buf, size);
}

void level_errors_print(const LevelErrors *errors, FILE *out)
{
    char line[LEVEL_ERROR_FILE_MAX + LEVEL_ERROR_MESSAGE_MAX + 64];
    for (int i = 0; i < errors->count; i++) {
        level_error_format(&errors->list[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
    if (errors->dropped > 0)
        fprintf(out, "%s: error: %d more error%s not shown\n", errors->list[errors->count - 1].file,
                errors->dropped, errors->dropped == 1 ? "" : "s");
    for (int i = 0; i < errors->warning_count; i++) {
        format(&errors->warnings[i], "warning", line, sizeof line);
        fprintf(out, "%s\n", line);
    }
}
