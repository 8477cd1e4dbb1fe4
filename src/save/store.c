/*
** store.c -- the strict half of every reader in this folder, and the writer.
**
** Policy for user files (settings, progress): all or nothing per file. A file
** that cannot be read, is not JSON, or has one field of the wrong type or out
** of range is not half-applied: the game takes defaults, the file is renamed
** to PATH.bad-N (the lowest free N, never overwriting an earlier one) so
** nothing the player had is destroyed, and one line says what was wrong,
** with the LINE:COL of the value at fault.
*/
#define _POSIX_C_SOURCE 200809L

#include "save_internal.h"

#include "json_utf8.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------- reading */

/* The sink of a SaveReader: the first problem is kept, the rest counted. */
static void keep_first(void *ctx, int line, int col, const char *message)
{
    SaveReader *r = ctx;
    if (r->problem[0] != '\0')
        return;
    if (line > 0)
        snprintf(r->problem, sizeof r->problem, "%d:%d: %s", line, col, message);
    else
        snprintf(r->problem, sizeof r->problem, "%s", message);
    if (r->problem[0] == '\0')
        snprintf(r->problem, sizeof r->problem, "unreadable");
}

void save_reader_init(SaveReader *r)
{
    memset(r, 0, sizeof *r);
    r->sink = (JsonSink){.report = keep_first, .ctx = r};
}

void save_reader_fini(SaveReader *r)
{
    json_doc_fini(&r->doc);
    free(r->text);
    r->text = NULL;
}

bool save_reader_failed(const SaveReader *r)
{
    return r->sink.count > 0;
}

bool save_reader_parse(SaveReader *r, const char *text, size_t len)
{
    if (!json_doc_parse(&r->doc, text, len, SAVE_MAX_FILE, &r->sink))
        return false;
    if (!cJSON_IsObject(r->doc.root))
        json_error(&r->doc, r->doc.root, "the top level must be an object { ... }");
    /* Duplicate keys were reported: cJSON would silently keep the first. */
    return !save_reader_failed(r);
}

JsonRead save_reader_load(SaveReader *r, const char *path)
{
    size_t len;
    JsonRead got = json_read_file(path, SAVE_MAX_FILE, &r->text, &len, &r->sink);
    if (got != JSON_READ_OK)
        return got;
    return save_reader_parse(r, r->text, len) ? JSON_READ_OK : JSON_READ_FAILED;
}

bool save_want_string(JsonDoc *doc, const cJSON *v, SaveStringCheck check, char *out,
                      size_t cap)
{
    const char *s = json_want_string(doc, v);
    if (s == NULL)
        return false;
    const char *why = NULL;
    if (!check(s, cap, &why)) {
        json_error(doc, v, "%s", why);
        return false;
    }
    strcpy(out, s);
    return true;
}

bool save_valid_file_name(const char *s, size_t cap, const char **why)
{
    size_t n = strlen(s);
    if (n == 0) {
        *why = "empty name";
        return false;
    }
    if (n >= cap) {
        *why = "name too long";
        return false;
    }
    if (s[0] == '.') {
        *why = "a name may not start with '.'";
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                  || c == '.' || c == '_' || c == '-';
        if (!ok) {
            *why = "a file name may use only letters, digits, '.', '_' and '-'";
            return false;
        }
    }
    return true;
}

bool save_valid_text(const char *s, size_t cap, const char **why)
{
    size_t n = strlen(s);
    if (n == 0) {
        *why = "empty text";
        return false;
    }
    if (n >= cap) {
        *why = "text too long";
        return false;
    }
    if (s[0] == ' ' || s[n - 1] == ' ') {
        *why = "leading or trailing space";
        return false;
    }
    const unsigned char *p = (const unsigned char *)s;
    while (*p != '\0') {
        if (*p < 0x20 || *p == 0x7F) {
            *why = "control character in text";
            return false;
        }
        int k = json_utf8_len(p, n - (size_t)(p - (const unsigned char *)s));
        if (k == 0) {
            *why = "text is not valid UTF-8";
            return false;
        }
        p += k;
    }
    return true;
}

/* ------------------------------------------------------------- recovering */

/* Renames path to the first free path.bad-N. link() fails rather than
** replace an existing name, so an earlier bad file is never overwritten;
** rename() is the fallback where hard links are not supported. */
static bool keep_aside(const char *path, char *aside, size_t cap, int *errnum)
{
    for (int n = 1; n <= 999; n++) {
        int w = snprintf(aside, cap, "%s.bad-%d", path, n);
        if (w < 0 || (size_t)w >= cap) {
            *errnum = ENAMETOOLONG;
            return false;
        }
        if (link(path, aside) == 0) {
            if (unlink(path) != 0) {
                *errnum = errno;
                (void)unlink(aside);
                return false;
            }
            return true;
        }
        if (errno == EEXIST)
            continue;
        struct stat st;
        if (lstat(aside, &st) == 0)
            continue;
        if (errno != ENOENT) {
            *errnum = errno;
            return false;
        }
        if (rename(path, aside) == 0)
            return true;
        *errnum = errno;
        return false;
    }
    *errnum = EEXIST;
    return false;
}

SaveLoad save_recover(const char *path, const char *what, const char *problem,
                      char *msg, size_t msglen)
{
    char aside[4096];
    int errnum = 0;
    /* A problem with a position starts with LINE:COL, which joins the path. */
    const char *sep = (problem[0] >= '0' && problem[0] <= '9') ? ":" : ": ";
    if (keep_aside(path, aside, sizeof aside, &errnum))
        snprintf(msg, msglen, "%s%s%s; using default %s (the file was kept as %s)",
                 path, sep, problem, what, aside);
    else
        snprintf(msg, msglen, "%s%s%s; using default %s (could not keep the file aside: %s;"
                 " the next save replaces it)", path, sep, problem, what, strerror(errnum));
    return SAVE_RECOVERED;
}

SaveLoad save_load_json(const char *path, const char *what, SaveReader *r,
                        char *msg, size_t msglen)
{
    save_reader_init(r);
    if (msg != NULL && msglen > 0)
        msg[0] = '\0';
    JsonRead got = save_reader_load(r, path);
    if (got == JSON_READ_MISSING)
        return SAVE_MISSING;
    if (got == JSON_READ_FAILED)
        return save_recover(path, what, r->problem, msg, msglen);
    return SAVE_LOADED;
}

/* ---------------------------------------------------------------- writing */

void save_buf_fini(SaveBuf *b)
{
    free(b->data);
    *b = (SaveBuf){0};
}

static bool buf_reserve(SaveBuf *b, size_t extra)
{
    if (b->failed)
        return false;
    if (b->len + extra + 1 <= b->cap)
        return true;
    size_t cap = b->cap > 0 ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (p == NULL) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

void save_buf_puts(SaveBuf *b, const char *s)
{
    size_t n = strlen(s);
    if (!buf_reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
}

void save_buf_printf(SaveBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        return;
    }
    if (!buf_reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void save_buf_string(SaveBuf *b, const char *s)
{
    save_buf_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p == '"')
            save_buf_puts(b, "\\\"");
        else if (*p == '\\')
            save_buf_puts(b, "\\\\");
        else if (*p < 0x20)
            save_buf_printf(b, "\\u%04x", *p);
        else
            save_buf_printf(b, "%c", *p);
    }
    save_buf_puts(b, "\"");
}

bool save_buf_commit(SaveBuf *b, const char *path, char *err, size_t errlen)
{
    if (b->failed || b->data == NULL) {
        snprintf(err, errlen, "cannot save %s: out of memory", path);
        return false;
    }
    return atomic_write(path, b->data, b->len, err, errlen);
}
