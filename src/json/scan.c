/* SPDX-License-Identifier: Zlib */
/*
** scan.c -- a strict JSON scanner that remembers positions.
**
** The scanner accepts RFC 8259 JSON in UTF-8 (an optional byte order mark
** aside), but for \u0000 in a string, numbers of more than 63 characters,
** and documents past the depth and value limits (json_doc.h). On the first
** syntax error it stops with a message and the line and column of the
** offending character: cJSON would only hand back a pointer, and accepts a
** few things JSON does not. On success it has one JsonNode per value, in
** document order (pre-order: a container, then its members), with where the
** value and its key start and which container holds it; doc.c pairs them
** with cJSON's items.
*/
#include "json_get.h"
#include "json_internal.h"
#include "json_utf8.h"

#include "array.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Escapes ------------------------------------------------------------------ */

static int hex_digit(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool json_hex4(const unsigned char *p, size_t avail, uint32_t *out)
{
    if (avail < 4)
        return false;
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(p[i]);
        if (d < 0)
            return false;
        v = v << 4 | (uint32_t)d;
    }
    *out = v;
    return true;
}

/* ---- The scanner --------------------------------------------------------------- */

typedef struct Scanner {
    const unsigned char *s;
    size_t len, pos;
    int line, col;
    JsonNode *nodes;
    uint32_t count;
    size_t cap;
    bool failed;
    int err_line, err_col;
    char err[200];
} Scanner;

static void sc_fail_at(Scanner *sc, int line, int col, const char *fmt, ...) JSON_PRINTF(4, 5);

static void sc_fail_at(Scanner *sc, int line, int col, const char *fmt, ...)
{
    if (sc->failed)
        return;
    sc->failed = true;
    sc->err_line = line;
    sc->err_col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->err, sizeof sc->err, fmt, ap);
    va_end(ap);
}

#define sc_fail(sc, ...) sc_fail_at((sc), (sc)->line, (sc)->col, __VA_ARGS__)

static int sc_peek(const Scanner *sc)
{
    return sc->pos < sc->len ? sc->s[sc->pos] : -1;
}

/* Moves past one ASCII character. A line ends at CR, LF or CRLF, as in
** editors: CR alone (old Mac files) ends one too, and the LF of a CRLF
** does not end a second. */
static void sc_step(Scanner *sc)
{
    unsigned char c = sc->s[sc->pos];
    if (c == '\r' || (c == '\n' && (sc->pos == 0 || sc->s[sc->pos - 1] != '\r'))) {
        sc->line++;
        sc->col = 1;
    } else if (c != '\n') {
        sc->col++;
    }
    sc->pos++;
}

/* Names the character at the scanner for a message. */
static void sc_char_name(const Scanner *sc, char *buf, size_t size)
{
    int c = sc_peek(sc);
    if (c < 0) {
        snprintf(buf, size, "the end of the file");
    } else if (c == 0) {
        snprintf(buf, size, "a NUL byte");
    } else if (c > 0x20 && c < 0x7F) {
        snprintf(buf, size, "'%c'", c);
    } else if (c >= 0x80) {
        int n = json_utf8_len(sc->s + sc->pos, sc->len - sc->pos);
        if (n > 0)
            snprintf(buf, size, "'%.*s'", n, (const char *)sc->s + sc->pos);
        else
            snprintf(buf, size, "byte 0x%02X (not UTF-8)", c);
    } else {
        snprintf(buf, size, "control character 0x%02X", c);
    }
}

static void sc_skip_ws(Scanner *sc)
{
    while (sc->pos < sc->len) {
        unsigned char c = sc->s[sc->pos];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            sc_step(sc);
        } else if (c == '/' && sc->pos + 1 < sc->len &&
                   (sc->s[sc->pos + 1] == '/' || sc->s[sc->pos + 1] == '*')) {
            sc_fail(sc, "comments are not allowed in JSON");
            return;
        } else {
            return;
        }
    }
}

static uint32_t sc_node(Scanner *sc, uint32_t parent, uint32_t index, int key_line, int key_col)
{
    if (sc->count >= (uint32_t)JSON_MAX_VALUES) {
        sc_fail(sc, "more than %d values in one file", JSON_MAX_VALUES);
        return JSON_NO_PARENT;
    }
    if (!array_reserve(sc->nodes, sc->cap, (size_t)sc->count + 1)) {
        sc_fail(sc, "out of memory");
        return JSON_NO_PARENT;
    }
    sc->nodes[sc->count] = (JsonNode){
        .item = NULL,
        .off = (uint32_t)sc->pos,
        .line = sc->line,
        .col = sc->col,
        .key_line = key_line,
        .key_col = key_col,
        .parent = parent,
        .index = index,
    };
    return sc->count++;
}

static void sc_string(Scanner *sc)
{
    int open_line = sc->line, open_col = sc->col;
    sc_step(sc);
    for (;;) {
        size_t avail = sc->len - sc->pos; /* the end, or a backslash with nothing after it: */
        if (avail == 0 || (avail == 1 && sc->s[sc->pos] == '\\')) {
            sc_fail(sc, "unexpected end of file inside the string that starts at %d:%d", open_line,
                    open_col);
            return;
        }
        unsigned char c = sc->s[sc->pos];
        if (c == '"') {
            sc_step(sc);
            return;
        }
        if (c == '\\') {
            unsigned char e = sc->s[sc->pos + 1];
            if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' ||
                e == 't') {
                sc->pos += 2;
                sc->col += 2;
                continue;
            }
            if (e != 'u') {
                if (e > 0x20 && e < 0x7F)
                    sc_fail(
                        sc,
                        "invalid escape '\\%c' (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                        e);
                else
                    sc_fail(sc, "invalid escape: a backslash must be followed by one of \" \\ / b "
                                "f n r t u");
                return;
            }
            uint32_t u, u2;
            if (!json_hex4(sc->s + sc->pos + 2, avail - 2, &u)) {
                sc_fail(sc, "\\u must be followed by four hexadecimal digits");
                return;
            }
            if (u == 0) {
                sc_fail(sc, "\\u0000 (NUL) is not allowed in strings");
                return;
            }
            if (u >= 0xDC00 && u <= 0xDFFF) {
                sc_fail(sc, "\\u%04X is the second half of a surrogate pair without its first half",
                        (unsigned)u);
                return;
            }
            if (u >= 0xD800 && u <= 0xDBFF) {
                if (avail < 12 || sc->s[sc->pos + 6] != '\\' || sc->s[sc->pos + 7] != 'u' ||
                    !json_hex4(sc->s + sc->pos + 8, avail - 8, &u2) || u2 < 0xDC00 || u2 > 0xDFFF) {
                    sc_fail(sc,
                            "\\u%04X must be followed by the second half of its surrogate pair "
                            "(\\uDC00 to \\uDFFF)",
                            (unsigned)u);
                    return;
                }
                sc->pos += 12;
                sc->col += 12;
                continue;
            }
            sc->pos += 6;
            sc->col += 6;
            continue;
        }
        if (c < 0x20) {
            if (c == '\n' || c == '\r')
                sc_fail(sc,
                        "line break inside the string that starts at %d:%d: is its closing quote "
                        "missing?",
                        open_line, open_col);
            else if (c == 0)
                sc_fail(sc, "NUL byte inside a string: is this a text file?");
            else
                sc_fail(
                    sc,
                    "control character 0x%02X inside a string: write it as an escape such as \\t",
                    c);
            return;
        }
        if (c >= 0x80) {
            int n = json_utf8_len(sc->s + sc->pos, sc->len - sc->pos);
            if (n == 0) {
                sc_fail(sc, "invalid UTF-8 (byte 0x%02X): save the file as UTF-8", c);
                return;
            }
            sc->pos += (size_t)n;
            sc->col++;
            continue;
        }
        sc->pos++;
        sc->col++;
    }
}

/* One digit or more, or fails with "expected a digit WHERE". */
static bool sc_digits(Scanner *sc, const char *where)
{
    if (!is_digit(sc_peek(sc))) {
        sc_fail(sc, "expected a digit %s", where);
        return false;
    }
    while (is_digit(sc_peek(sc)))
        sc_step(sc);
    return true;
}

/* A number as JSON writes one (RFC 8259); false after failing. */
static bool sc_number(Scanner *sc)
{
    if (sc_peek(sc) == '-')
        sc_step(sc);
    if (sc_peek(sc) == '0') {
        sc_step(sc);
        if (is_digit(sc_peek(sc))) {
            sc_fail(sc, "a number must not start with 0 (no leading zeros)");
            return false;
        }
    } else if (!sc_digits(sc, "after '-'")) {
        return false;
    }
    if (sc_peek(sc) == '.') {
        sc_step(sc);
        if (!sc_digits(sc, "after the decimal point"))
            return false;
    }
    if (sc_peek(sc) == 'e' || sc_peek(sc) == 'E') {
        sc_step(sc);
        if (sc_peek(sc) == '+' || sc_peek(sc) == '-')
            sc_step(sc);
        return sc_digits(sc, "in the exponent");
    }
    return true;
}

bool json_is_number(const char *s)
{
    Scanner sc = {.s = (const unsigned char *)s, .len = strlen(s), .line = 1, .col = 1};
    return (s[0] == '-' || is_digit(s[0])) && sc_number(&sc) && sc.pos == sc.len;
}

static void sc_word(Scanner *sc)
{
    size_t start = sc->pos;
    int line = sc->line, col = sc->col;
    while (is_alpha(sc_peek(sc)) || is_digit(sc_peek(sc)))
        sc_step(sc);
    size_t n = sc->pos - start;
    const char *w = (const char *)sc->s + start;
    if ((n == 4 && memcmp(w, "true", 4) == 0) || (n == 5 && memcmp(w, "false", 5) == 0) ||
        (n == 4 && memcmp(w, "null", 4) == 0))
        return;
    sc_fail_at(sc, line, col,
               "unexpected word '%.*s': text needs double quotes, and the only bare words are "
               "true, false and null",
               (int)(n > 24 ? 24 : n), w);
}

static void sc_value(Scanner *sc, uint32_t parent, uint32_t index, int key_line, int key_col,
                     int depth);

static void sc_not_closed(Scanner *sc, const char *what, int line, int col)
{
    sc_fail(sc, "unexpected end of file: the %s that starts at %d:%d is not closed", what, line,
            col);
}

/* Over an object's or array's opening bracket: true when items follow,
** false when it was empty (its close stepped over) or an error was reported. */
static bool sc_open(Scanner *sc, char close, int depth)
{
    if (depth > JSON_MAX_DEPTH) {
        sc_fail(sc, "nesting deeper than %d levels", JSON_MAX_DEPTH);
        return false;
    }
    sc_step(sc);
    sc_skip_ws(sc);
    if (sc->failed)
        return false;
    if (sc_peek(sc) == close) {
        sc_step(sc);
        return false;
    }
    return true;
}

/* What follows an object's member or an array's element. */
typedef enum ItemEnd {
    ITEM_MORE,   /* a ',' and another item */
    ITEM_CLOSED, /* the closing bracket, stepped over */
    ITEM_FAILED, /* an error, reported */
} ItemEnd;

/* After an item of the object (close '}') or array (close ']') opened at
** open_line:open_col: a comma and more, the end, or a clear error. */
static ItemEnd sc_item_end(Scanner *sc, char close, int open_line, int open_col)
{
    bool object = close == '}';
    const char *container = object ? "object" : "array";
    sc_skip_ws(sc);
    if (sc->failed)
        return ITEM_FAILED;
    int c = sc_peek(sc);
    if (c == ',') {
        int comma_line = sc->line, comma_col = sc->col;
        sc_step(sc);
        sc_skip_ws(sc);
        if (sc->failed)
            return ITEM_FAILED;
        if (sc_peek(sc) == close) {
            sc_fail_at(sc, comma_line, comma_col,
                       object ? "trailing comma: nothing may follow the last member of an object"
                              : "trailing comma: nothing may follow the last element of an array");
            return ITEM_FAILED;
        }
        return ITEM_MORE;
    }
    if (c == close) {
        sc_step(sc);
        return ITEM_CLOSED;
    }
    char got[48];
    sc_char_name(sc, got, sizeof got);
    if (c < 0)
        sc_not_closed(sc, container, open_line, open_col);
    else if (object && c == '"')
        sc_fail(sc, "missing ',' before this key");
    else
        sc_fail(sc, "expected ',' or '%c' after %s, got %s", close,
                object ? "a member" : "an element", got);
    return ITEM_FAILED;
}

static void sc_object(Scanner *sc, uint32_t self, int depth)
{
    int open_line = sc->line, open_col = sc->col;
    if (!sc_open(sc, '}', depth))
        return;
    char got[48];
    for (uint32_t index = 0;; index++) {
        int c = sc_peek(sc);
        if (c != '"') {
            sc_char_name(sc, got, sizeof got);
            if (c < 0)
                sc_not_closed(sc, "object", open_line, open_col);
            else if (c == '\'')
                sc_fail(sc, "keys must be in double quotes, not single quotes");
            else if (is_alpha(c))
                sc_fail(sc, "keys must be strings in double quotes");
            else
                sc_fail(sc, "expected a key in double quotes, got %s", got);
            return;
        }
        int key_line = sc->line, key_col = sc->col;
        sc_string(sc);
        sc_skip_ws(sc);
        if (sc->failed)
            return;
        if (sc_peek(sc) != ':') {
            sc_char_name(sc, got, sizeof got);
            if (sc_peek(sc) < 0)
                sc_not_closed(sc, "object", open_line, open_col);
            else
                sc_fail(sc, "expected ':' after the key, got %s", got);
            return;
        }
        sc_step(sc);
        sc_skip_ws(sc);
        if (sc->failed)
            return;
        sc_value(sc, self, index, key_line, key_col, depth);
        if (sc_item_end(sc, '}', open_line, open_col) != ITEM_MORE)
            return;
    }
}

static void sc_array(Scanner *sc, uint32_t self, int depth)
{
    int open_line = sc->line, open_col = sc->col;
    if (!sc_open(sc, ']', depth))
        return;
    for (uint32_t index = 0;; index++) {
        if (sc_peek(sc) < 0) {
            sc_not_closed(sc, "array", open_line, open_col);
            return;
        }
        sc_value(sc, self, index, 0, 0, depth);
        if (sc_item_end(sc, ']', open_line, open_col) != ITEM_MORE)
            return;
    }
}

static void sc_value(Scanner *sc, uint32_t parent, uint32_t index, int key_line, int key_col,
                     int depth)
{
    int c = sc_peek(sc);
    char got[48];
    if (c < 0) {
        sc_fail(sc, "unexpected end of file: expected a value");
        return;
    }
    bool starts_value = c == '{' || c == '[' || c == '"' || c == '-' || is_digit(c) || c == 't' ||
                        c == 'f' || c == 'n';
    if (!starts_value) {
        sc_char_name(sc, got, sizeof got);
        if (c == '\'')
            sc_fail(sc, "strings must be in double quotes, not single quotes");
        else if (is_alpha(c))
            sc_word(sc);
        else if (c == '+' || c == '.')
            sc_fail(sc, "a number must start with a digit or '-'");
        else
            sc_fail(sc, "expected a value, got %s", got);
        return;
    }
    uint32_t self = sc_node(sc, parent, index, key_line, key_col);
    if (sc->failed)
        return;
    if (c == '{')
        sc_object(sc, self, depth + 1);
    else if (c == '[')
        sc_array(sc, self, depth + 1);
    else if (c == '"')
        sc_string(sc);
    else if (c == '-' || is_digit(c)) {
        /* cJSON reads at most 63 characters of a number. */
        if (sc_number(sc) && sc->pos - sc->nodes[self].off > 63)
            sc_fail_at(sc, sc->nodes[self].line, sc->nodes[self].col,
                       "number longer than 63 characters");
    } else
        sc_word(sc);
    sc->nodes[self].end = (uint32_t)sc->pos;
}

size_t json_bom_length(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static void sc_document(Scanner *sc)
{
    sc->pos = json_bom_length((const char *)sc->s, sc->len);
    sc->line = 1;
    sc->col = 1;
    sc_skip_ws(sc);
    if (sc->failed)
        return;
    if (sc->pos >= sc->len) {
        sc_fail(sc, "the file is empty: expected a JSON object");
        return;
    }
    sc_value(sc, JSON_NO_PARENT, 0, 0, 0, 0);
    sc_skip_ws(sc);
    if (!sc->failed && sc->pos < sc->len) {
        char got[48];
        sc_char_name(sc, got, sizeof got);
        sc_fail(sc, "unexpected %s after the end of the JSON value", got);
    }
}

void json_scan(const char *text, size_t len, JsonScan *out)
{
    Scanner sc = {.s = (const unsigned char *)text, .len = len};
    sc_document(&sc);
    *out = (JsonScan){.nodes = sc.nodes,
                      .count = sc.count,
                      .failed = sc.failed,
                      .line = sc.err_line,
                      .col = sc.err_col};
    snprintf(out->message, sizeof out->message, "%s", sc.err);
}
