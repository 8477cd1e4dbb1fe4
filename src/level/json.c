/*
** json.c -- a strict JSON scanner that remembers positions, married to cJSON.
**
** The scanner accepts exactly RFC 8259 JSON in UTF-8 (an optional byte order
** mark aside) and, on the first syntax error, stops with a message and the
** line and column of the offending character: cJSON would only hand back a
** pointer, and accepts a few things JSON does not. On success it has one
** JsonNode per value, in document order (pre-order: a container, then its
** members), with where the value and its key start and which container holds
** it. cJSON then parses the same text; since cJSON keeps members in document
** order too, walking both trees in pre-order pairs each cJSON item with its
** node.
**
** The pairing is stored in the item's valueint: cJSON keeps a saturated int
** copy of numbers there, which this module never reads (numbers are read from
** valuedouble, which holds the exact value), so the field is free to hold the
** node index. node_of() checks the pairing before trusting it.
*/
#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct JsonNode {
    const cJSON *item;
    uint32_t off;            /* byte offset of the value in the text */
    int line, col;           /* where the value starts */
    int key_line, key_col;   /* where its key starts; 0 outside objects */
    uint32_t parent;         /* container's node, NO_PARENT for the root */
    uint32_t index;          /* position in the container */
};

#define NO_PARENT UINT32_MAX

/* ---- UTF-8 -------------------------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence at p (1 to 4), or 0 when it is
** not one (overlong forms, surrogates and code points past U+10FFFF too). */
static int utf8_len(const unsigned char *p, size_t avail)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    int n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (avail < (size_t)n || p[1] < lo || p[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

static uint32_t utf8_decode(const unsigned char *p, int n)
{
    static const unsigned char lead_mask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    uint32_t cp = p[0] & lead_mask[n];
    for (int i = 1; i < n; i++)
        cp = (cp << 6) | (uint32_t)(p[i] & 0x3F);
    return cp;
}

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

static bool hex4(const unsigned char *p, size_t avail, uint32_t *out)
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
    uint32_t count, cap;
    bool failed;
    int err_line, err_col;
    char err[200];
} Scanner;

static void sc_fail_at(Scanner *sc, int line, int col, const char *fmt, ...) LEVEL_PRINTF(4, 5);

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

/* Moves past one ASCII character. */
static void sc_step(Scanner *sc)
{
    if (sc->s[sc->pos] == '\n') {
        sc->line++;
        sc->col = 1;
    } else {
        sc->col++;
    }
    sc->pos++;
}

static bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static bool is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
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
        int n = utf8_len(sc->s + sc->pos, sc->len - sc->pos);
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

static uint32_t sc_node(Scanner *sc, uint32_t parent, uint32_t index, int key_line,
                        int key_col)
{
    if (sc->count >= (uint32_t)LEVEL_MAX_JSON_VALUES) {
        sc_fail(sc, "more than %d values in one file", LEVEL_MAX_JSON_VALUES);
        return NO_PARENT;
    }
    if (sc->count == sc->cap) {
        uint32_t cap = sc->cap ? sc->cap * 2 : 256;
        JsonNode *nodes = realloc(sc->nodes, (size_t)cap * sizeof *nodes);
        if (nodes == NULL) {
            sc_fail(sc, "out of memory");
            return NO_PARENT;
        }
        sc->nodes = nodes;
        sc->cap = cap;
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
        if (sc->pos >= sc->len) {
            sc_fail(sc, "unexpected end of file inside the string that starts at %d:%d",
                    open_line, open_col);
            return;
        }
        unsigned char c = sc->s[sc->pos];
        if (c == '"') {
            sc_step(sc);
            return;
        }
        if (c == '\\') {
            size_t avail = sc->len - sc->pos;
            unsigned char e = avail > 1 ? sc->s[sc->pos + 1] : 0;
            if (avail < 2) {
                sc_fail(sc, "unexpected end of file inside the string that starts at %d:%d",
                        open_line, open_col);
                return;
            }
            if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' ||
                e == 'r' || e == 't') {
                sc->pos += 2;
                sc->col += 2;
                continue;
            }
            if (e != 'u') {
                if (e > 0x20 && e < 0x7F)
                    sc_fail(sc, "invalid escape '\\%c' (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", e);
                else
                    sc_fail(sc, "invalid escape: a backslash must be followed by one of \" \\ / b f n r t u");
                return;
            }
            uint32_t u, u2;
            if (!hex4(sc->s + sc->pos + 2, avail - 2, &u)) {
                sc_fail(sc, "\\u must be followed by four hexadecimal digits");
                return;
            }
            if (u == 0) {
                sc_fail(sc, "\\u0000 (NUL) is not allowed in strings");
                return;
            }
            if (u >= 0xDC00 && u <= 0xDFFF) {
                sc_fail(sc, "\\u%04X is the second half of a surrogate pair without its first half", (unsigned)u);
                return;
            }
            if (u >= 0xD800 && u <= 0xDBFF) {
                if (avail < 12 || sc->s[sc->pos + 6] != '\\' || sc->s[sc->pos + 7] != 'u' ||
                    !hex4(sc->s + sc->pos + 8, avail - 8, &u2) || u2 < 0xDC00 || u2 > 0xDFFF) {
                    sc_fail(sc, "\\u%04X must be followed by the second half of its surrogate pair (\\uDC00 to \\uDFFF)", (unsigned)u);
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
                sc_fail(sc, "line break inside the string that starts at %d:%d: is its closing quote missing?",
                        open_line, open_col);
            else if (c == 0)
                sc_fail(sc, "NUL byte inside a string: is this a text file?");
            else
                sc_fail(sc, "control character 0x%02X inside a string: write it as an escape such as \\t", c);
            return;
        }
        if (c >= 0x80) {
            int n = utf8_len(sc->s + sc->pos, sc->len - sc->pos);
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

static void sc_number(Scanner *sc)
{
    size_t start = sc->pos;
    int line = sc->line, col = sc->col;
    if (sc_peek(sc) == '-')
        sc_step(sc);
    if (sc_peek(sc) == '0') {
        sc_step(sc);
        if (is_digit(sc_peek(sc))) {
            sc_fail(sc, "a number must not start with 0 (no leading zeros)");
            return;
        }
    } else if (is_digit(sc_peek(sc))) {
        while (is_digit(sc_peek(sc)))
            sc_step(sc);
    } else {
        sc_fail(sc, "expected a digit after '-'");
        return;
    }
    if (sc_peek(sc) == '.') {
        sc_step(sc);
        if (!is_digit(sc_peek(sc))) {
            sc_fail(sc, "expected a digit after the decimal point");
            return;
        }
        while (is_digit(sc_peek(sc)))
            sc_step(sc);
    }
    if (sc_peek(sc) == 'e' || sc_peek(sc) == 'E') {
        sc_step(sc);
        if (sc_peek(sc) == '+' || sc_peek(sc) == '-')
            sc_step(sc);
        if (!is_digit(sc_peek(sc))) {
            sc_fail(sc, "expected a digit in the exponent");
            return;
        }
        while (is_digit(sc_peek(sc)))
            sc_step(sc);
    }
    /* cJSON reads at most 63 characters of a number. */
    if (sc->pos - start > 63)
        sc_fail_at(sc, line, col, "number longer than 63 characters");
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
               "unexpected word '%.*s': text needs double quotes, and the only bare words are true, false and null",
               (int)(n > 24 ? 24 : n), w);
}

static void sc_value(Scanner *sc, uint32_t parent, uint32_t index, int key_line,
                     int key_col, int depth);

static void sc_not_closed(Scanner *sc, const char *what, int line, int col)
{
    sc_fail(sc, "unexpected end of file: the %s that starts at %d:%d is not closed", what,
            line, col);
}

static void sc_object(Scanner *sc, uint32_t self, int depth)
{
    int open_line = sc->line, open_col = sc->col;
    if (depth > LEVEL_MAX_DEPTH) {
        sc_fail(sc, "nesting deeper than %d levels", LEVEL_MAX_DEPTH);
        return;
    }
    sc_step(sc);
    sc_skip_ws(sc);
    if (sc->failed)
        return;
    if (sc_peek(sc) == '}') {
        sc_step(sc);
        return;
    }
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
        sc_skip_ws(sc);
        if (sc->failed)
            return;
        c = sc_peek(sc);
        if (c == ',') {
            int comma_line = sc->line, comma_col = sc->col;
            sc_step(sc);
            sc_skip_ws(sc);
            if (sc->failed)
                return;
            if (sc_peek(sc) == '}') {
                sc_fail_at(sc, comma_line, comma_col,
                           "trailing comma: nothing may follow the last member of an object");
                return;
            }
            continue;
        }
        if (c == '}') {
            sc_step(sc);
            return;
        }
        sc_char_name(sc, got, sizeof got);
        if (c < 0)
            sc_not_closed(sc, "object", open_line, open_col);
        else if (c == '"')
            sc_fail(sc, "missing ',' before this key");
        else
            sc_fail(sc, "expected ',' or '}' after a member, got %s", got);
        return;
    }
}

static void sc_array(Scanner *sc, uint32_t self, int depth)
{
    int open_line = sc->line, open_col = sc->col;
    if (depth > LEVEL_MAX_DEPTH) {
        sc_fail(sc, "nesting deeper than %d levels", LEVEL_MAX_DEPTH);
        return;
    }
    sc_step(sc);
    sc_skip_ws(sc);
    if (sc->failed)
        return;
    if (sc_peek(sc) == ']') {
        sc_step(sc);
        return;
    }
    char got[48];
    for (uint32_t index = 0;; index++) {
        if (sc_peek(sc) < 0) {
            sc_not_closed(sc, "array", open_line, open_col);
            return;
        }
        sc_value(sc, self, index, 0, 0, depth);
        sc_skip_ws(sc);
        if (sc->failed)
            return;
        int c = sc_peek(sc);
        if (c == ',') {
            int comma_line = sc->line, comma_col = sc->col;
            sc_step(sc);
            sc_skip_ws(sc);
            if (sc->failed)
                return;
            if (sc_peek(sc) == ']') {
                sc_fail_at(sc, comma_line, comma_col,
                           "trailing comma: nothing may follow the last element of an array");
                return;
            }
            continue;
        }
        if (c == ']') {
            sc_step(sc);
            return;
        }
        sc_char_name(sc, got, sizeof got);
        if (c < 0)
            sc_not_closed(sc, "array", open_line, open_col);
        else
            sc_fail(sc, "expected ',' or ']' after an element, got %s", got);
        return;
    }
}

static void sc_value(Scanner *sc, uint32_t parent, uint32_t index, int key_line,
                     int key_col, int depth)
{
    int c = sc_peek(sc);
    char got[48];
    if (c < 0) {
        sc_fail(sc, "unexpected end of file: expected a value");
        return;
    }
    bool starts_value = c == '{' || c == '[' || c == '"' || c == '-' || is_digit(c) ||
                        c == 't' || c == 'f' || c == 'n';
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
    else if (c == '-' || is_digit(c))
        sc_number(sc);
    else
        sc_word(sc);
}

static size_t bom_length(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static void sc_document(Scanner *sc)
{
    sc->pos = bom_length((const char *)sc->s, sc->len);
    sc->line = 1;
    sc->col = 1;
    sc_skip_ws(sc);
    if (sc->failed)
        return;
    if (sc->pos >= sc->len) {
        sc_fail(sc, "the file is empty: expected a JSON object");
        return;
    }
    sc_value(sc, NO_PARENT, 0, 0, 0, 0);
    sc_skip_ws(sc);
    if (!sc->failed && sc->pos < sc->len) {
        char got[48];
        sc_char_name(sc, got, sizeof got);
        sc_fail(sc, "unexpected %s after the end of the JSON value", got);
    }
}

/* ---- Pairing with cJSON ------------------------------------------------------------- */

static const JsonNode *node_of(const JsonDoc *doc, const cJSON *item)
{
    if (item == NULL || doc->nodes == NULL)
        return NULL;
    int i = item->valueint;
    if (i < 0 || (uint32_t)i >= doc->node_count || doc->nodes[i].item != item)
        return NULL;
    return &doc->nodes[i];
}

static int compare_members(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a;
    const cJSON *y = *(const cJSON *const *)b;
    int r = strcmp(x->string, y->string);
    if (r != 0)
        return r;
    return (x->valueint > y->valueint) - (x->valueint < y->valueint);
}

static void report_duplicate(JsonDoc *doc, const cJSON *dup, const cJSON *first)
{
    char key[48];
    int line, col;
    json_quote(dup->string, key, sizeof key);
    json_key_pos(doc, first, &line, &col);
    json_error_key(doc, dup, "duplicate key \"%s\" (first at %d:%d)", key, line, col);
}

static void check_duplicates(JsonDoc *doc, const cJSON *obj)
{
    size_t n = 0;
    for (const cJSON *c = obj->child; c != NULL; c = c->next)
        n++;
    if (n < 2)
        return;
    if (n <= 16) {
        for (const cJSON *c = obj->child->next; c != NULL; c = c->next)
            for (const cJSON *p = obj->child; p != c; p = p->next)
                if (strcmp(p->string, c->string) == 0) {
                    report_duplicate(doc, c, p);
                    break;
                }
        return;
    }
    const cJSON **sorted = malloc(n * sizeof *sorted);
    if (sorted == NULL) {
        json_error(doc, obj, "out of memory");
        return;
    }
    size_t i = 0;
    for (const cJSON *c = obj->child; c != NULL; c = c->next)
        sorted[i++] = c;
    qsort(sorted, n, sizeof *sorted, compare_members);
    size_t first = 0;
    for (i = 1; i < n; i++) {
        if (strcmp(sorted[i]->string, sorted[first]->string) == 0)
            report_duplicate(doc, sorted[i], sorted[first]);
        else
            first = i;
    }
    free(sorted);
}

static bool kind_matches(char c, const cJSON *item)
{
    if (cJSON_IsObject(item))
        return c == '{';
    if (cJSON_IsArray(item))
        return c == '[';
    if (cJSON_IsString(item))
        return c == '"';
    if (cJSON_IsNumber(item))
        return c == '-' || is_digit(c);
    if (cJSON_IsBool(item))
        return c == 't' || c == 'f';
    return c == 'n';
}

static bool pair_tree(JsonDoc *doc, cJSON *item, uint32_t *next, int depth)
{
    if (*next >= doc->node_count || depth > LEVEL_MAX_DEPTH + 1)
        return false;
    uint32_t me = (*next)++;
    JsonNode *node = &doc->nodes[me];
    if (!kind_matches(doc->text[node->off], item))
        return false;
    node->item = item;
    item->valueint = (int)me;
    if (cJSON_IsArray(item) || cJSON_IsObject(item)) {
        for (cJSON *c = item->child; c != NULL; c = c->next) {
            if (cJSON_IsObject(item) && c->string == NULL)
                return false;
            if (!pair_tree(doc, c, next, depth + 1))
                return false;
        }
    }
    return true;
}

static void report_duplicates(JsonDoc *doc)
{
    for (uint32_t i = 0; i < doc->node_count; i++)
        if (cJSON_IsObject(doc->nodes[i].item))
            check_duplicates(doc, doc->nodes[i].item);
}

/* Line and column of a byte offset, counting from the start. */
static void offset_pos(const char *text, size_t off, int *line, int *col)
{
    int l = 1, c = 1;
    for (size_t i = 0; i < off; i++) {
        unsigned char b = (unsigned char)text[i];
        if (b == '\n') {
            l++;
            c = 1;
        } else if ((b & 0xC0) != 0x80) {
            c++;
        }
    }
    *line = l;
    *col = c;
}

bool json_doc_parse(JsonDoc *doc, const char *path, const char *text, size_t len,
                    LevelErrors *errors)
{
    memset(doc, 0, sizeof *doc);
    doc->path = path;
    doc->text = text;
    doc->len = len;
    doc->errors = errors;
    if (len > (size_t)LEVEL_MAX_FILE_BYTES) {
        level_errors_add(errors, path, 0, 0, "the file is larger than %d MiB",
                         LEVEL_MAX_FILE_BYTES / (1024 * 1024));
        return false;
    }
    Scanner sc = {.s = (const unsigned char *)text, .len = len};
    sc_document(&sc);
    if (sc.failed) {
        level_errors_add(errors, path, sc.err_line, sc.err_col, "%s", sc.err);
        free(sc.nodes);
        return false;
    }
    size_t bom = bom_length(text, len);
    const char *end = NULL;
    doc->root = cJSON_ParseWithLengthOpts(text + bom, len - bom, &end, 0);
    if (doc->root == NULL) {
        int line = 0, col = 0;
        if (end != NULL && end >= text && end <= text + len)
            offset_pos(text, (size_t)(end - text), &line, &col);
        level_errors_add(errors, path, line, col, "the JSON reader gave up here (out of memory?)");
        free(sc.nodes);
        return false;
    }
    doc->nodes = sc.nodes;
    doc->node_count = sc.count;
    uint32_t next = 0;
    if (!pair_tree(doc, doc->root, &next, 0) || next != doc->node_count) {
        level_errors_add(errors, path, 0, 0,
                         "internal error: the JSON scanner and reader disagree about this file");
        json_doc_fini(doc);
        return false;
    }
    report_duplicates(doc);
    return true;
}

void json_doc_fini(JsonDoc *doc)
{
    cJSON_Delete(doc->root);
    free(doc->nodes);
    doc->root = NULL;
    doc->nodes = NULL;
    doc->node_count = 0;
}

int json_error_total(const JsonDoc *doc)
{
    return doc->errors->count + doc->errors->dropped;
}

/* ---- Places and paths ------------------------------------------------------------------ */

void json_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col)
{
    const JsonNode *n = node_of(doc, item);
    *line = n != NULL ? n->line : 0;
    *col = n != NULL ? n->col : 0;
}

void json_key_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col)
{
    const JsonNode *n = node_of(doc, item);
    if (n != NULL && n->key_line > 0) {
        *line = n->key_line;
        *col = n->key_col;
    } else {
        json_pos(doc, item, line, col);
    }
}

static bool is_identifier(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 40 || is_digit((unsigned char)s[0]))
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!is_alpha(c) && !is_digit(c) && c != '$')
            return false;
    }
    return true;
}

void json_path(const JsonDoc *doc, const cJSON *item, char *buf, size_t size)
{
    buf[0] = '\0';
    const JsonNode *n = node_of(doc, item);
    if (n == NULL)
        return;
    uint32_t chain[LEVEL_MAX_DEPTH + 2];
    int depth = 0;
    for (uint32_t i = (uint32_t)(n - doc->nodes); i != NO_PARENT && depth < LEVEL_MAX_DEPTH + 2;
         i = doc->nodes[i].parent)
        chain[depth++] = i;
    size_t len = 0;
    /* chain[depth - 1] is the root, which has no name. */
    for (int k = depth - 2; k >= 0 && len < size; k--) {
        const JsonNode *node = &doc->nodes[chain[k]];
        const JsonNode *parent = &doc->nodes[node->parent];
        int w;
        if (cJSON_IsArray(parent->item)) {
            w = snprintf(buf + len, size - len, "[%u]", (unsigned)node->index);
        } else if (is_identifier(node->item->string)) {
            w = snprintf(buf + len, size - len, "%s%s", len > 0 ? "." : "", node->item->string);
        } else {
            char key[40];
            json_quote(node->item->string, key, sizeof key);
            w = snprintf(buf + len, size - len, "[\"%s\"]", key);
        }
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

static void report(JsonDoc *doc, int line, int col, const char *prefix, const char *fmt,
                   va_list ap)
{
    char msg[LEVEL_ERROR_MESSAGE_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (prefix != NULL && prefix[0] != '\0')
        level_errors_add(doc->errors, doc->path, line, col, "%s: %s", prefix, msg);
    else
        level_errors_add(doc->errors, doc->path, line, col, "%s", msg);
}

void json_error(JsonDoc *doc, const cJSON *item, const char *fmt, ...)
{
    char path[128];
    int line, col;
    json_path(doc, item, path, sizeof path);
    json_pos(doc, item, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    report(doc, line, col, path, fmt, ap);
    va_end(ap);
}

void json_error_key(JsonDoc *doc, const cJSON *item, const char *fmt, ...)
{
    char path[128] = "";
    int line, col;
    const JsonNode *n = node_of(doc, item);
    if (n != NULL && n->parent != NO_PARENT)
        json_path(doc, doc->nodes[n->parent].item, path, sizeof path);
    json_key_pos(doc, item, &line, &col);
    va_list ap;
    va_start(ap, fmt);
    report(doc, line, col, path, fmt, ap);
    va_end(ap);
}

void json_error_at(JsonDoc *doc, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(doc, line, col, NULL, fmt, ap);
    va_end(ap);
}

/* ---- Reading values --------------------------------------------------------------------- */

const cJSON *json_get(const cJSON *obj, const char *key)
{
    return cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

const cJSON *json_need(JsonDoc *doc, const cJSON *obj, const char *key)
{
    const cJSON *v = json_get(obj, key);
    if (v == NULL && cJSON_IsObject(obj))
        json_error(doc, obj, "missing \"%s\"", key);
    return v;
}

bool json_want_object(JsonDoc *doc, const cJSON *v)
{
    if (v == NULL)
        return false;
    if (cJSON_IsObject(v))
        return true;
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "expected an object, got %s", got);
    return false;
}

bool json_want_array(JsonDoc *doc, const cJSON *v)
{
    if (v == NULL)
        return false;
    if (cJSON_IsArray(v))
        return true;
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "expected an array, got %s", got);
    return false;
}

bool json_want_int(JsonDoc *doc, const cJSON *v, long lo, long hi, long *out)
{
    if (v == NULL)
        return false;
    if (cJSON_IsNumber(v)) {
        double x = v->valuedouble;
        if (x >= (double)lo && x <= (double)hi && x == floor(x)) {
            *out = (long)x;
            return true;
        }
    }
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "expected an integer from %ld to %ld, got %s", lo, hi, got);
    return false;
}

bool json_want_number(JsonDoc *doc, const cJSON *v, double lo, double hi, double *out)
{
    if (v == NULL)
        return false;
    if (cJSON_IsNumber(v)) {
        double x = v->valuedouble;
        if (x >= lo && x <= hi) {
            *out = x;
            return true;
        }
    }
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "expected a number from %g to %g, got %s", lo, hi, got);
    return false;
}

bool json_want_bool(JsonDoc *doc, const cJSON *v, bool *out)
{
    if (v == NULL)
        return false;
    if (cJSON_IsBool(v)) {
        *out = cJSON_IsTrue(v);
        return true;
    }
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "expected true or false, got %s", got);
    return false;
}

const char *json_want_string(JsonDoc *doc, const cJSON *v)
{
    if (v == NULL)
        return NULL;
    if (cJSON_IsString(v) && v->valuestring != NULL)
        return v->valuestring;
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "expected a string, got %s", got);
    return NULL;
}

/* "a", "b" or "c" */
static void list_names(const char *const *names, int count, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && len < size; i++) {
        const char *sep = i == 0 ? "" : i == count - 1 ? " or " : ", ";
        int w = snprintf(buf + len, size - len, "%s\"%s\"", sep, names[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

int json_want_enum(JsonDoc *doc, const cJSON *v, const char *const *names, int count,
                   const char *what)
{
    if (v == NULL)
        return -1;
    char list[160];
    list_names(names, count, list, sizeof list);
    if (!cJSON_IsString(v) || v->valuestring == NULL) {
        char got[64];
        json_describe(v, got, sizeof got);
        json_error(doc, v, "expected %s: %s, got %s", what, list, got);
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (strcmp(v->valuestring, names[i]) == 0)
            return i;
    char q[48];
    json_quote(v->valuestring, q, sizeof q);
    int s = json_suggest(v->valuestring, names, count);
    if (s >= 0)
        json_error(doc, v, "unknown %s \"%s\" (did you mean \"%s\"?)", what, q, names[s]);
    else
        json_error(doc, v, "unknown %s \"%s\" (expected %s)", what, q, list);
    return -1;
}

bool json_check_keys(JsonDoc *doc, const cJSON *obj, const char *const *allowed, int count)
{
    bool ok = true;
    if (!cJSON_IsObject(obj))
        return true;
    for (const cJSON *c = obj->child; c != NULL; c = c->next) {
        bool known = false;
        for (int i = 0; i < count && !known; i++)
            known = strcmp(c->string, allowed[i]) == 0;
        if (known)
            continue;
        ok = false;
        char q[48];
        json_quote(c->string, q, sizeof q);
        int s = json_suggest(c->string, allowed, count);
        if (s >= 0) {
            json_error_key(doc, c, "unknown key \"%s\" (did you mean \"%s\"?)", q, allowed[s]);
        } else {
            char list[200];
            list_names(allowed, count, list, sizeof list);
            json_error_key(doc, c, "unknown key \"%s\" (expected %s)", q, list);
        }
    }
    return ok;
}

/* ---- Strings character by character ---------------------------------------------------------- */

bool json_chars_begin(const JsonDoc *doc, const cJSON *str, JsonChars *it)
{
    const JsonNode *n = node_of(doc, str);
    if (n == NULL || !cJSON_IsString(str))
        return false;
    it->p = (const unsigned char *)doc->text + n->off + 1;
    it->end = (const unsigned char *)doc->text + doc->len;
    it->line = n->line;
    it->col = n->col + 1;
    return true;
}

/* The scanner has checked the string, so escapes and UTF-8 are well formed;
** the bounds are checked anyway. */
bool json_chars_next(JsonChars *it, uint32_t *cp, int *line, int *col)
{
    if (it->p >= it->end || *it->p == '"')
        return false;
    *line = it->line;
    *col = it->col;
    size_t avail = (size_t)(it->end - it->p);
    if (*it->p == '\\' && avail >= 2) {
        unsigned char e = it->p[1];
        uint32_t u = 0, u2 = 0;
        if (e == 'u' && hex4(it->p + 2, avail - 2, &u)) {
            if (u >= 0xD800 && u <= 0xDBFF && avail >= 12 && hex4(it->p + 8, avail - 8, &u2)) {
                *cp = 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00);
                it->p += 12;
                it->col += 12;
            } else {
                *cp = u;
                it->p += 6;
                it->col += 6;
            }
            return true;
        }
        switch (e) {
        case 'b': *cp = '\b'; break;
        case 'f': *cp = '\f'; break;
        case 'n': *cp = '\n'; break;
        case 'r': *cp = '\r'; break;
        case 't': *cp = '\t'; break;
        default: *cp = e; break;
        }
        it->p += 2;
        it->col += 2;
        return true;
    }
    int n = utf8_len(it->p, avail);
    if (n == 0)
        n = 1;
    *cp = n == 1 ? *it->p : utf8_decode(it->p, n);
    it->p += n;
    it->col++;
    return true;
}

/* ---- Messages ---------------------------------------------------------------------------------- */

void json_quote(const char *text, char *buf, size_t size)
{
    size_t len = strlen(text);
    size_t keep = len;
    bool cut = len > size - 1;
    if (cut) {
        keep = size >= 4 ? size - 4 : 0;
        while (keep > 0 && ((unsigned char)text[keep] & 0xC0) == 0x80)
            keep--;
    }
    size_t i;
    for (i = 0; i < keep; i++) {
        unsigned char c = (unsigned char)text[i];
        buf[i] = c < 0x20 || c == 0x7F ? '?' : (char)c;
    }
    if (cut && size >= 4) {
        memcpy(buf + i, "...", 3);
        i += 3;
    }
    buf[i] = '\0';
}

void json_describe(const cJSON *v, char *buf, size_t size)
{
    if (v == NULL) {
        snprintf(buf, size, "nothing");
    } else if (cJSON_IsNumber(v)) {
        double x = v->valuedouble;
        if (x == floor(x) && fabs(x) < 1e15)
            snprintf(buf, size, "%.0f", x);
        else
            snprintf(buf, size, "%.6g", x);
    } else if (cJSON_IsString(v) && v->valuestring != NULL) {
        char q[32];
        json_quote(v->valuestring, q, sizeof q);
        snprintf(buf, size, "\"%s\"", q);
    } else if (cJSON_IsTrue(v)) {
        snprintf(buf, size, "true");
    } else if (cJSON_IsFalse(v)) {
        snprintf(buf, size, "false");
    } else if (cJSON_IsNull(v)) {
        snprintf(buf, size, "null");
    } else if (cJSON_IsArray(v)) {
        snprintf(buf, size, "an array");
    } else {
        snprintf(buf, size, "an object");
    }
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Levenshtein distance, ignoring case; long words are not compared. */
static int edit_distance(const char *a, const char *b)
{
    enum { MAX = 64 };
    size_t n = strlen(a), m = strlen(b);
    if (n > MAX || m > MAX)
        return MAX;
    int prev[MAX + 1], cur[MAX + 1];
    for (size_t j = 0; j <= m; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int cost = lower((unsigned char)a[i - 1]) != lower((unsigned char)b[j - 1]);
            int best = prev[j - 1] + cost;
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            cur[j] = best;
        }
        memcpy(prev, cur, (m + 1) * sizeof prev[0]);
    }
    return prev[m];
}

int json_suggest(const char *word, const char *const *names, int count)
{
    size_t len = strlen(word);
    int limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
    int best = -1, best_d = limit + 1;
    for (int i = 0; i < count; i++) {
        int d = edit_distance(word, names[i]);
        if (d < best_d && (size_t)d < len) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

/* ---- Files ----------------------------------------------------------------------------------------- */

bool json_read_file(const char *path, char **text, size_t *len, LevelErrors *errors)
{
    *text = NULL;
    *len = 0;
    errno = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        level_errors_add(errors, path, 0, 0, "cannot open: %s",
                         errno ? strerror(errno) : "unknown error");
        return false;
    }
    size_t cap = 64 * 1024, n = 0;
    char *buf = malloc(cap);
    bool ok = buf != NULL;
    if (!ok)
        level_errors_add(errors, path, 0, 0, "out of memory");
    while (ok) {
        if (n == cap) {
            size_t ncap = cap * 2;
            char *nbuf = realloc(buf, ncap);
            if (nbuf == NULL) {
                level_errors_add(errors, path, 0, 0, "out of memory");
                ok = false;
                break;
            }
            buf = nbuf;
            cap = ncap;
        }
        errno = 0;
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n > (size_t)LEVEL_MAX_FILE_BYTES) {
            level_errors_add(errors, path, 0, 0, "the file is larger than %d MiB",
                             LEVEL_MAX_FILE_BYTES / (1024 * 1024));
            ok = false;
        } else if (got == 0) {
            if (ferror(f)) {
                level_errors_add(errors, path, 0, 0, "cannot read: %s",
                                 errno ? strerror(errno) : "read error");
                ok = false;
            }
            break;
        }
    }
    fclose(f);
    if (!ok) {
        free(buf);
        return false;
    }
    *text = buf;
    *len = n;
    return true;
}
