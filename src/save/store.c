/* SPDX-License-Identifier: Zlib */
/*
** store.c -- the reading half of every reader in this folder, the writer,
** and the list of notices: what loading the user's files found wrong.
**
** Policy for user files. A file that was read whole and is not JSON is of no
** use: the game takes defaults, the file is renamed to PATH.bad-N (the
** lowest free N, never overwriting an earlier one) so nothing the player had
** is destroyed, and a notice says what was wrong, with the LINE:COL of the
** problem, and names the copy. Past that, progress.json is all or nothing
** (one bad field and it is set aside like a corrupt file: half a record of
** bests is worse than a clean start the player is told about), while
** settings.json forgives: a field at fault takes its default alone, with a
** notice, and the file stays where it is until the game next saves it.
** A file that could not be read at all (no permission, too many open
** files, a disk error) may be perfectly good: it is never set aside, the
** game runs on defaults for now and says so.
*/
#define _DEFAULT_SOURCE /* flock */

#include "save_internal.h"

#include "json_message.h"
#include "json_utf8.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---------------------------------------------------------------- reading */

void save_keep_first(void *ctx, int line, int col, const char *message)
{
    SaveFirst *f = ctx;
    if (f->message[0] != '\0')
        return;
    f->line = line;
    f->col = col;
    snprintf(f->message, sizeof f->message, "%s", message[0] != '\0' ? message : "unreadable");
}

void save_first_say(const SaveFirst *f, const char *path, char *buf, size_t size)
{
    const char *sep = path != NULL ? ":" : "";
    if (f->line > 0)
        snprintf(buf, size, "%s%s%d:%d: %s", path != NULL ? path : "", sep, f->line, f->col,
                 f->message);
    else
        snprintf(buf, size, "%s%s%s%s", path != NULL ? path : "", sep, path != NULL ? " " : "",
                 f->message);
}

/* The sink of a SaveReader: the first problem is kept, every one handed on. */
static void on_problem(void *ctx, int line, int col, const char *message)
{
    SaveReader *r = ctx;
    if (message[0] == '\0')
        message = "unreadable";
    save_keep_first(&r->first, line, col, message);
    if (r->report == NULL)
        return;
    char full[sizeof r->first.message + sizeof r->fallback];
    if (r->fallback[0] != '\0')
        snprintf(full, sizeof full, "%s; %s", message, r->fallback);
    else
        snprintf(full, sizeof full, "%s", message);
    r->report(r->report_ctx, line, col, full);
}

void save_reader_init(SaveReader *r)
{
    memset(r, 0, sizeof *r);
    r->sink = (JsonSink){.report = on_problem, .ctx = r};
}

void save_reader_fini(SaveReader *r)
{
    json_doc_fini(&r->doc);
    free(r->text);
    r->text = NULL;
}

void save_reader_fallback(SaveReader *r, const char *fmt, ...)
{
    r->fallback[0] = '\0';
    if (fmt == NULL)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (vsnprintf(r->fallback, sizeof r->fallback, fmt, ap) < 0)
        r->fallback[0] = '\0';
    va_end(ap);
}

void save_reader_forget(SaveReader *r)
{
    r->first = (SaveFirst){0, 0, ""};
}

void save_reader_problem(const SaveReader *r, char *buf, size_t size)
{
    save_first_say(&r->first, NULL, buf, size);
}

bool save_reader_parse(SaveReader *r, const char *text, size_t len)
{
    int before = r->sink.count;
    if (!json_doc_parse(&r->doc, text, len, SAVE_MAX_FILE, &r->sink))
        return false;
    if (!cJSON_IsObject(r->doc.root)) {
        json_error(&r->doc, r->doc.root, "the top level must be an object { ... }");
        return false;
    }
    /* Duplicate keys were reported: cJSON would silently keep the first. */
    return r->lenient || r->sink.count == before;
}

JsonRead save_reader_load(SaveReader *r, const char *path)
{
    size_t len;
    JsonRead got = json_read_file(path, SAVE_MAX_FILE, &r->text, &len, &r->sink);
    if (got != JSON_READ_OK)
        return got;
    return save_reader_parse(r, r->text, len) ? JSON_READ_OK : JSON_READ_FAILED;
}

bool save_want_format(JsonDoc *doc, const cJSON *v, const long *formats, int count, long *format,
                      bool *newer)
{
    long current = formats[count - 1];
    *newer = cJSON_IsNumber(v) && v->valuedouble > (double)current &&
             v->valuedouble == floor(v->valuedouble);
    if (!*newer)
        return json_want_int_in(doc, v, formats, count, format);
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "this version reads format %ld, not %s", current, got);
    return false;
}

bool save_want_string(JsonDoc *doc, const cJSON *v, SaveStringCheck check, char *out, size_t cap)
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
    if (n == 0 || n >= cap || s[0] == '.') {
        *why = n == 0 ? "empty name" : n >= cap ? "name too long" : "a name may not start with '.'";
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '_' || c == '-';
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
    if (n == 0 || n >= cap || s[0] == ' ' || s[n - 1] == ' ') {
        *why = n == 0 ? "empty text" : n >= cap ? "text too long" : "leading or trailing space";
        return false;
    }
    for (size_t i = 0, k; i < n; i += k) { /* k is 1 for a control character */
        unsigned char c = (unsigned char)s[i];
        k = (size_t)json_utf8_len((const unsigned char *)s + i, n - i);
        if (c < 0x20 || c == 0x7F || k == 0) {
            *why = k == 0 ? "text is not valid UTF-8" : "control character in text";
            return false;
        }
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

SaveLoad save_recover(const SaveReader *r, const char *path, const char *what, SaveNotices *notices)
{
    char aside[4096 + 16];
    int errnum = 0;
    bool kept = keep_aside(path, aside, sizeof aside, &errnum);
    if (notices == NULL)
        return SAVE_RECOVERED;
    const char *slash = strrchr(aside, '/');
    if (kept)
        save_notices_add(notices, path, r->first.line, r->first.col,
                         "%s; using default %s (the file was kept as %s)", r->first.message, what,
                         slash != NULL ? slash + 1 : aside);
    else
        save_notices_add(notices, path, r->first.line, r->first.col,
                         "%s; using default %s (could not keep the file aside: %s; the next save"
                         " replaces it)",
                         r->first.message, what, strerror(errnum));
    return SAVE_RECOVERED;
}

/* The notices of a lenient reader: each problem, naming the file. */
static void add_notice(void *ctx, int line, int col, const char *message)
{
    SaveReader *r = ctx;
    if (r->notices != NULL)
        save_notices_add(r->notices, r->path, line, col, "%s", message);
}

void save_reader_collect(SaveReader *r, const char *path, SaveNotices *notices)
{
    r->path = path;
    r->notices = notices;
    r->report = add_notice;
    r->report_ctx = r;
}

SaveMark save_notices_mark(const SaveNotices *n)
{
    return n != NULL ? (SaveMark){n->count, n->dropped} : (SaveMark){0, 0};
}

void save_notices_rewind(SaveNotices *n, SaveMark mark)
{
    if (n != NULL && mark.count <= n->count) {
        n->count = mark.count;
        n->dropped = mark.dropped;
    }
}

SaveLoad save_load_json(SaveReader *r, const char *path, const char *what, SaveNotices *notices)
{
    /* Duplicate keys of a lenient reader are notices; anything else the
    ** parse reports (a syntax error) refuses the file, told in the one
    ** notice of save_recover: the notices of a failed parse are taken back. */
    SaveMark mark = save_notices_mark(notices);
    r->path = path;
    r->notices = notices;
    if (r->lenient) {
        save_reader_collect(r, path, notices);
        save_reader_fallback(r, "the first one counts");
    }
    JsonRead got = save_reader_load(r, path);
    save_reader_fallback(r, NULL);
    if (got != JSON_READ_OK)
        save_notices_rewind(notices, mark);
    if (got == JSON_READ_MISSING)
        return SAVE_MISSING;
    if (got == JSON_READ_ERROR) {
        /* Nothing says the file is bad: it stays where it is, untouched. */
        if (notices != NULL)
            save_notices_add(notices, path, 0, 0,
                             "%s; using default %s for now (the file is "
                             "left as it is)",
                             r->first.message, what);
        return SAVE_UNREADABLE;
    }
    if (got == JSON_READ_FAILED)
        return save_recover(r, path, what, notices);
    return SAVE_LOADED;
}

/* ---------------------------------------------------------------- writing */

void save_buf_string(TextBuf *b, const char *s)
{
    text_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p == '"')
            text_puts(b, "\\\"");
        else if (*p == '\\')
            text_puts(b, "\\\\");
        else if (*p < 0x20)
            text_printf(b, "\\u%04x", *p);
        else
            text_printf(b, "%c", *p);
    }
    text_puts(b, "\"");
}

bool save_buf_commit(TextBuf *b, const char *path, char *err, size_t errlen)
{
    size_t len = 0;
    char *text = text_take(b, &len);
    bool ok = text != NULL && atomic_write(path, text, len, err, errlen);
    if (text == NULL)
        snprintf(err, errlen, "cannot save %s: out of memory", path);
    free(text);
    return ok;
}

/* ---------------------------------------------------------------- locking */

bool save_lock_folder(const char *path, SaveLock *lock, char *err, size_t errlen)
{
    lock->fd = -1;
    char dir[4096];
    const char *slash = strrchr(path, '/');
    int n = slash == NULL
                ? snprintf(dir, sizeof dir, ".")
                : snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    if (n < 0 || (size_t)n >= sizeof dir)
        return true; /* the write says the path is too long */
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return true;
    /* The other copy holds it for one read and one write: a few ms. */
    for (int tries = 0;; tries++) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
            lock->fd = fd;
            return true;
        }
        if (errno == EINTR)
            continue;
        if (errno != EWOULDBLOCK || tries >= 200)
            break;
        struct timespec wait = {0, 10 * 1000 * 1000};
        nanosleep(&wait, NULL);
    }
    int e = errno;
    close(fd);
    if (e != EWOULDBLOCK)
        return true; /* no locks on this file system: the merge alone */
    snprintf(err, errlen,
             "cannot save %s: another copy of the game has been saving in its folder"
             " for two seconds; the previous file is unchanged",
             path);
    return false;
}

void save_unlock_folder(SaveLock *lock)
{
    if (lock->fd >= 0) {
        (void)flock(lock->fd, LOCK_UN);
        (void)close(lock->fd);
    }
    lock->fd = -1;
}

/* ---------------------------------------------------------------- notices */

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
