/*
** store.c -- the strict half of every reader in this folder, and the writer.
**
** Policy for user files (settings, progress): all or nothing per file. A file
** that cannot be read, is not JSON, or has one field of the wrong type or out
** of range is not half-applied: the game takes defaults, the file is renamed
** to PATH.bad-N (the lowest free N, never overwriting an earlier one) so
** nothing the player had is destroyed, and one line says what was wrong.
** Syntax errors carry LINE:COL; a field error names the field by its path
** ("keys.jump[2]"), as cJSON keeps no positions for values.
*/
#define _POSIX_C_SOURCE 200809L

#include "save_internal.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------- reading */

SaveRead save_read_file(const char *path, size_t max, char **text, size_t *len,
                        char *err, size_t errlen)
{
    *text = NULL;
    *len = 0;
    /* O_NONBLOCK: a FIFO at the path must not hang the game; it is refused
    ** below like any file that is not a regular one. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ENOENT)
            return SAVE_READ_MISSING;
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return SAVE_READ_FAILED;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(err, errlen, "cannot read: %s", strerror(errno));
        close(fd);
        return SAVE_READ_FAILED;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "not a regular file");
        close(fd);
        return SAVE_READ_FAILED;
    }
    /* st_size is a hint only: the file may change while it is read. */
    char *buf = malloc(max + 2);
    if (buf == NULL) {
        snprintf(err, errlen, "out of memory");
        close(fd);
        return SAVE_READ_FAILED;
    }
    size_t have = 0;
    for (;;) {
        ssize_t r = read(fd, buf + have, max + 1 - have);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            snprintf(err, errlen, "cannot read: %s", strerror(errno));
            free(buf);
            close(fd);
            return SAVE_READ_FAILED;
        }
        if (r == 0)
            break;
        have += (size_t)r;
        if (have > max) {
            snprintf(err, errlen, "file too large (more than %zu bytes)", max);
            free(buf);
            close(fd);
            return SAVE_READ_FAILED;
        }
    }
    close(fd);
    buf[have] = '\0';
    *text = buf;
    *len = have;
    return SAVE_READ_OK;
}

/* Line and column (in characters, from 1) of a byte offset. */
static void line_col(const char *text, size_t offset, int *line, int *col)
{
    int l = 1, c = 1;
    for (size_t i = 0; i < offset; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n') {
            l++;
            c = 1;
        } else if ((ch & 0xC0) != 0x80) { /* not a UTF-8 continuation byte */
            c++;
        }
    }
    *line = l;
    *col = c;
}

static void describe_char(unsigned char ch, char *out, size_t cap)
{
    if (ch >= 0x20 && ch < 0x7F)
        snprintf(out, cap, "'%c'", ch);
    else
        snprintf(out, cap, "byte 0x%02X", ch);
}

typedef struct DupCheck {
    char path[256];
    char *err;
    size_t errlen;
} DupCheck;

static int compare_names(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a;
    const cJSON *y = *(const cJSON *const *)b;
    return strcmp(x->string, y->string);
}

/* cJSON keeps duplicate keys and its lookups return the first: a hand-edited
** file with the same key twice would silently lose one. Refuse it. Sorting
** keeps a big object from costing n^2 comparisons. */
static bool no_duplicate_keys(const cJSON *item, DupCheck *dc)
{
    size_t base = strlen(dc->path);
    if (cJSON_IsObject(item)) {
        size_t n = 0;
        for (const cJSON *c = item->child; c != NULL; c = c->next)
            n++;
        if (n > 1) {
            const cJSON **names = malloc(n * sizeof *names);
            if (names == NULL) {
                snprintf(dc->err, dc->errlen, "out of memory");
                return false;
            }
            size_t i = 0;
            for (const cJSON *c = item->child; c != NULL; c = c->next)
                names[i++] = c;
            qsort(names, n, sizeof *names, compare_names);
            for (i = 1; i < n; i++) {
                if (strcmp(names[i - 1]->string, names[i]->string) == 0) {
                    snprintf(dc->err, dc->errlen, "key \"%s\" appears twice in %s",
                             names[i]->string, base > 0 ? dc->path : "the top-level object");
                    free(names);
                    return false;
                }
            }
            free(names);
        }
        for (const cJSON *c = item->child; c != NULL; c = c->next) {
            snprintf(dc->path + base, sizeof dc->path - base, "%s%s", base > 0 ? "." : "", c->string);
            bool ok = no_duplicate_keys(c, dc);
            dc->path[base] = '\0';
            if (!ok)
                return false;
        }
    } else if (cJSON_IsArray(item)) {
        int i = 0;
        for (const cJSON *c = item->child; c != NULL; c = c->next, i++) {
            snprintf(dc->path + base, sizeof dc->path - base, "[%d]", i);
            bool ok = no_duplicate_keys(c, dc);
            dc->path[base] = '\0';
            if (!ok)
                return false;
        }
    }
    return true;
}

cJSON *save_parse_json(const char *text, size_t len, char *err, size_t errlen)
{
    int line, col;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { /* a BOM some editors add */
        text += 3;
        len -= 3;
    }
    const char *nul = memchr(text, '\0', len);
    if (nul != NULL) {
        line_col(text, (size_t)(nul - text), &line, &col);
        snprintf(err, errlen, "%d:%d: NUL byte in the file", line, col);
        return NULL;
    }
    size_t first = 0;
    while (first < len && strchr(" \t\r\n", text[first]) != NULL)
        first++;
    if (first == len) {
        snprintf(err, errlen, "the file is empty");
        return NULL;
    }
    /* The caller promises len bytes, not a terminator: parse a terminated
    ** copy. The length given to cJSON includes that NUL, so that with
    ** require_null_terminated it rejects anything but white space after the
    ** value, and a value cut short is told apart from a bad character. */
    char *copy = malloc(len + 1);
    if (copy == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(copy, len + 1, &end, true);
    if (root == NULL) {
        if (end == NULL || end < copy || end > copy + len) {
            snprintf(err, errlen, "out of memory");
        } else {
            size_t off = (size_t)(end - copy);
            line_col(copy, off, &line, &col);
            if (off >= len) {
                snprintf(err, errlen, "%d:%d: unexpected end of file (truncated?)", line, col);
            } else {
                char what[16];
                describe_char((unsigned char)copy[off], what, sizeof what);
                snprintf(err, errlen, "%d:%d: JSON syntax error at %s", line, col, what);
            }
        }
        free(copy);
        return NULL;
    }
    free(copy);
    if (!cJSON_IsObject(root)) {
        snprintf(err, errlen, "the top level must be an object { ... }");
        cJSON_Delete(root);
        return NULL;
    }
    DupCheck dc = {.err = err, .errlen = errlen};
    if (!no_duplicate_keys(root, &dc)) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

/* ---------------------------------------------------------- checked access */

static void field_name(char *out, size_t cap, const char *where, const char *key)
{
    if (where != NULL && where[0] != '\0')
        snprintf(out, cap, "%s.%s", where, key);
    else
        snprintf(out, cap, "%s", key);
}

static const char *type_name(const cJSON *item)
{
    if (cJSON_IsNull(item))
        return "null";
    if (cJSON_IsBool(item))
        return "a boolean";
    if (cJSON_IsNumber(item))
        return "a number";
    if (cJSON_IsString(item))
        return "a string";
    if (cJSON_IsArray(item))
        return "an array";
    if (cJSON_IsObject(item))
        return "an object";
    return "an invalid value";
}

bool save_only_keys(const cJSON *obj, const char *where, const char *const *keys,
                    char *err, size_t errlen)
{
    for (const cJSON *c = obj->child; c != NULL; c = c->next) {
        bool known = false;
        for (const char *const *k = keys; *k != NULL && !known; k++)
            known = strcmp(c->string, *k) == 0;
        if (!known) {
            char name[160];
            field_name(name, sizeof name, where, c->string);
            snprintf(err, errlen, "unknown key \"%s\"", name);
            return false;
        }
    }
    return true;
}

static const cJSON *get_field(const cJSON *obj, const char *where, const char *key,
                              bool required, char *name, size_t namecap,
                              char *err, size_t errlen, bool *missing)
{
    field_name(name, namecap, where, key);
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    *missing = item == NULL;
    if (item == NULL && required)
        snprintf(err, errlen, "\"%s\" is missing", name);
    return item;
}

bool save_get_int(const cJSON *obj, const char *where, const char *key, bool required,
                  int64_t min, int64_t max, int64_t *out, char *err, size_t errlen)
{
    /* Bounds a double holds exactly, so the range check below is exact. */
    assert(min >= -(INT64_C(1) << 53) && max <= (INT64_C(1) << 53) && min <= max);
    char name[160];
    bool missing;
    const cJSON *item = get_field(obj, where, key, required, name, sizeof name, err, errlen, &missing);
    if (missing)
        return !required;
    if (!cJSON_IsNumber(item)) {
        snprintf(err, errlen, "\"%s\" must be an integer from %lld to %lld, not %s",
                 name, (long long)min, (long long)max, type_name(item));
        return false;
    }
    double v = item->valuedouble;
    /* Range first: only then is the cast to an integer defined. NaN fails it. */
    if (!(v >= (double)min && v <= (double)max)) {
        snprintf(err, errlen, "\"%s\" must be an integer from %lld to %lld, not %g",
                 name, (long long)min, (long long)max, v);
        return false;
    }
    int64_t i = (int64_t)v;
    if ((double)i != v) {
        snprintf(err, errlen, "\"%s\" must be a whole number, not %g", name, v);
        return false;
    }
    *out = i;
    return true;
}

bool save_get_bool(const cJSON *obj, const char *where, const char *key, bool required,
                   bool *out, char *err, size_t errlen)
{
    char name[160];
    bool missing;
    const cJSON *item = get_field(obj, where, key, required, name, sizeof name, err, errlen, &missing);
    if (missing)
        return !required;
    if (!cJSON_IsBool(item)) {
        snprintf(err, errlen, "\"%s\" must be true or false, not %s", name, type_name(item));
        return false;
    }
    *out = cJSON_IsTrue(item);
    return true;
}

bool save_get_string(const cJSON *obj, const char *where, const char *key, bool required,
                     SaveStringCheck check, char *out, size_t cap, char *err, size_t errlen)
{
    char name[160];
    bool missing;
    const cJSON *item = get_field(obj, where, key, required, name, sizeof name, err, errlen, &missing);
    if (missing)
        return !required;
    if (!cJSON_IsString(item) || item->valuestring == NULL) {
        snprintf(err, errlen, "\"%s\" must be a string, not %s", name, type_name(item));
        return false;
    }
    const char *why = NULL;
    if (!check(item->valuestring, cap, &why)) {
        snprintf(err, errlen, "\"%s\": %s", name, why);
        return false;
    }
    strcpy(out, item->valuestring);
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

/* Length of the well-formed UTF-8 sequence at s (no overlongs, no
** surrogates, at most U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    uint32_t cp, min;
    if ((c & 0xE0) == 0xC0) {
        n = 2, cp = c & 0x1Fu, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3, cp = c & 0x0Fu, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4, cp = c & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0; /* also stops at the NUL */
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
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
        size_t k = utf8_sequence(p);
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

SaveLoad save_load_json(const char *path, const char *what, cJSON **root,
                        char *msg, size_t msglen)
{
    char problem[512];
    char *text;
    size_t len;
    *root = NULL;
    if (msg != NULL && msglen > 0)
        msg[0] = '\0';
    SaveRead r = save_read_file(path, SAVE_MAX_FILE, &text, &len, problem, sizeof problem);
    if (r == SAVE_READ_MISSING)
        return SAVE_MISSING;
    if (r == SAVE_READ_FAILED)
        return save_recover(path, what, problem, msg, msglen);
    *root = save_parse_json(text, len, problem, sizeof problem);
    free(text);
    if (*root == NULL)
        return save_recover(path, what, problem, msg, msglen);
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
    return save_write_atomic(path, b->data, b->len, err, errlen);
}
