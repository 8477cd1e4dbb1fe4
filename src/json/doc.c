/* SPDX-License-Identifier: Zlib */
/*
** doc.c -- a JsonDoc: the scanner's positions married to cJSON's values.
**
** json_scan (scan.c) finds one JsonNode per value, in document order; cJSON
** then parses the same text, and since it keeps members in document order
** too, walking both trees in pre-order pairs each cJSON item with its node.
**
** The pairing is stored in the item's valueint: cJSON keeps a saturated int
** copy of numbers there, which this module never reads (numbers are read from
** valuedouble, which holds the exact value), so the field is free to hold the
** node index. json_node_of() checks the pairing before trusting it.
**
** Also here: the sink, which counts problems and hands them on, and reading
** a file whole (atomic_read) with its problems told to the sink.
*/
#include "json_file.h"
#include "json_internal.h"
#include "json_message.h"

#include "atomic.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The sink and whole files ------------------------------------------------------ */

void json_report(JsonSink *sink, int line, int col, const char *fmt, ...)
{
    assert(sink != NULL);
    char message[JSON_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    if (vsnprintf(message, sizeof message, fmt, ap) < 0)
        snprintf(message, sizeof message, "(unprintable message)");
    va_end(ap);
    sink->count++;
    if (line <= 0)
        line = col = 0;
    else if (col < 0)
        col = 0;
    if (sink->report != NULL)
        sink->report(sink->ctx, line, col, message);
}

JsonRead json_read_file(const char *path, size_t max, char **text, size_t *len, JsonSink *sink)
{
    assert(path != NULL && text != NULL && len != NULL && sink != NULL && max < SIZE_MAX - 1);
    char why[256];
    AtomicRead r = atomic_read(path, max, text, len, why, sizeof why);
    if (r == ATOMIC_READ_OK)
        return JSON_READ_OK;
    json_report(sink, 0, 0, "%s", why);
    return r == ATOMIC_READ_MISSING ? JSON_READ_MISSING
           : r == ATOMIC_READ_ERROR ? JSON_READ_ERROR
                                    : JSON_READ_FAILED;
}

/* ---- Pairing with cJSON ------------------------------------------------------------- */

const JsonNode *json_node_of(const JsonDoc *doc, const cJSON *item)
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
    if (*next >= doc->node_count || depth > JSON_MAX_DEPTH + 1)
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

/* Line and column of a byte offset, counting from the start; lines end as
** the scanner's do (CR, LF or CRLF). */
static void offset_pos(const char *text, size_t off, int *line, int *col)
{
    int l = 1, c = 1;
    for (size_t i = 0; i < off; i++) {
        unsigned char b = (unsigned char)text[i];
        if (b == '\r' || (b == '\n' && (i == 0 || text[i - 1] != '\r'))) {
            l++;
            c = 1;
        } else if (b != '\n' && (b & 0xC0) != 0x80) {
            c++;
        }
    }
    *line = l;
    *col = c;
}

bool json_doc_parse(JsonDoc *doc, const char *text, size_t len, size_t max_bytes, JsonSink *sink)
{
    assert(doc != NULL && text != NULL && sink != NULL);
    memset(doc, 0, sizeof *doc);
    doc->text = text;
    doc->len = len;
    doc->sink = sink;
    if (len > max_bytes) {
        char limit[32];
        atomic_size_words(max_bytes, limit, sizeof limit);
        json_report(sink, 0, 0, "the file is larger than %s", limit);
        return false;
    }
    JsonScan sc;
    json_scan(text, len, &sc);
    if (sc.failed) {
        json_report(sink, sc.line, sc.col, "%s", sc.message);
        free(sc.nodes);
        return false;
    }
    size_t bom = json_bom_length(text, len);
    const char *end = NULL;
    /* Not require_null_terminated: cJSON would look at the byte after the
    ** text for the NUL. The scanner has already refused anything after the
    ** value. */
    doc->root = cJSON_ParseWithLengthOpts(text + bom, len - bom, &end, 0);
    if (doc->root == NULL) {
        int line = 0, col = 0;
        if (end != NULL && end >= text && end <= text + len)
            offset_pos(text, (size_t)(end - text), &line, &col);
        json_report(sink, line, col, "the JSON reader gave up here (out of memory?)");
        free(sc.nodes);
        return false;
    }
    doc->nodes = sc.nodes;
    doc->node_count = sc.count;
    uint32_t next = 0;
    if (!pair_tree(doc, doc->root, &next, 0) || next != doc->node_count) {
        json_report(sink, 0, 0,
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

/* ---- Places and paths ------------------------------------------------------------------ */

void json_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col)
{
    const JsonNode *n = json_node_of(doc, item);
    *line = n != NULL ? n->line : 0;
    *col = n != NULL ? n->col : 0;
}

bool json_span(const JsonDoc *doc, const cJSON *item, size_t *off, size_t *len)
{
    const JsonNode *n = json_node_of(doc, item);
    if (n == NULL)
        return false;
    *off = n->off;
    *len = n->end - n->off;
    return true;
}

void json_key_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col)
{
    const JsonNode *n = json_node_of(doc, item);
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
    const JsonNode *n = json_node_of(doc, item);
    if (n == NULL)
        return;
    uint32_t chain[JSON_MAX_DEPTH + 2];
    int depth = 0;
    for (uint32_t i = (uint32_t)(n - doc->nodes); i != JSON_NO_PARENT && depth < JSON_MAX_DEPTH + 2;
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

static void report(JsonDoc *doc, int line, int col, const char *prefix, const char *fmt, va_list ap)
    JSON_PRINTF(5, 0);

static void report(JsonDoc *doc, int line, int col, const char *prefix, const char *fmt, va_list ap)
{
    char msg[JSON_MESSAGE_MAX];
    if (vsnprintf(msg, sizeof msg, fmt, ap) < 0)
        snprintf(msg, sizeof msg, "(unprintable message)");
    if (prefix != NULL && prefix[0] != '\0')
        json_report(doc->sink, line, col, "%s: %s", prefix, msg);
    else
        json_report(doc->sink, line, col, "%s", msg);
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
    const JsonNode *n = json_node_of(doc, item);
    if (n != NULL && n->parent != JSON_NO_PARENT)
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
