/* errors.c -- the list of problems found in level files, and its printing. */
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

static void fill(LevelError *e, const char *file, int line, int col, const char *fmt,
                 va_list ap)
{
    copy_path(e->file, sizeof e->file, file != NULL ? file : "(input)");
    e->line = line > 0 ? line : 0;
    e->col = line > 0 && col > 0 ? col : 0;
    int n = vsnprintf(e->message, sizeof e->message, fmt, ap);
    if (n < 0)
        snprintf(e->message, sizeof e->message, "(unprintable message)");
}

void level_errors_add(LevelErrors *errors, const char *file, int line, int col,
                      const char *fmt, ...)
{
    assert(errors != NULL);
    if (errors->count >= LEVEL_MAX_ERRORS) {
        errors->dropped++;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    fill(&errors->list[errors->count++], file, line, col, fmt, ap);
    va_end(ap);
}

void level_warnings_add(LevelErrors *errors, const char *file, int line, int col,
                        const char *fmt, ...)
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

size_t level_warning_format(const LevelError *warning, char *buf, size_t size)
{
    return format(warning, "warning", buf, size);
}

void level_errors_print(const LevelErrors *errors, FILE *out)
{
    char line[LEVEL_ERROR_FILE_MAX + LEVEL_ERROR_MESSAGE_MAX + 64];
    for (int i = 0; i < errors->count; i++) {
        level_error_format(&errors->list[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
    if (errors->dropped > 0)
        fprintf(out, "%s: error: %d more error%s not shown\n",
                errors->list[errors->count - 1].file, errors->dropped,
                errors->dropped == 1 ? "" : "s");
    for (int i = 0; i < errors->warning_count; i++) {
        level_warning_format(&errors->warnings[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
}
