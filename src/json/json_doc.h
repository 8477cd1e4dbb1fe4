/* SPDX-License-Identifier: Zlib */
/*
** json_doc.h -- JSON documents that know where each value came from.
**
** cJSON parses values but only says where it gave up. A JsonDoc first runs
** its own strict scanner over the text, which finds syntax errors with their
** line and column and records where every value (and every key) starts;
** then cJSON builds the values and both trees are walked together, so any
** cJSON item can be turned back into a place in the file and a JSON path
** such as entities[3].group. Duplicate keys, which cJSON accepts silently
** (its lookups find the first), are reported on the way.
**
** Problems go to a JsonSink (json_sink.h): a syntax error at the character
** at fault, a problem with a value as "PATH: MESSAGE" at the value. The
** caller decides what a file name and a format add to them.
*/
#ifndef JSON_DOC_H
#define JSON_DOC_H

#include "json_sink.h"

#include <cjson/cJSON.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Limits. Past them a document is refused with a message naming the limit. */
enum {
    JSON_MAX_DEPTH = 64,               /* nesting of arrays and objects */
    JSON_MAX_VALUES = 2 * 1024 * 1024, /* values in one document */
};

typedef struct JsonNode JsonNode;

/* Plain data owned by the caller; json_doc_parse fills it. */
typedef struct JsonDoc {
    const char *text; /* not owned; need not end in NUL */
    size_t len;
    cJSON *root;     /* NULL when the text did not parse */
    JsonNode *nodes; /* one per value, in document order */
    uint32_t node_count;
    JsonSink *sink; /* not owned; must outlive the doc */
} JsonDoc;

/* Scans and parses len bytes of text (at most max_bytes; an optional UTF-8
** byte order mark is skipped). On a syntax error reports it and returns
** false with doc->root NULL. Duplicate keys are reported but the document
** is kept (the first of them counts): a caller that refuses such files
** compares sink->count. text and sink must outlive the doc; json_doc_fini
** is needed either way. */
bool json_doc_parse(JsonDoc *doc, const char *text, size_t len, size_t max_bytes, JsonSink *sink);
void json_doc_fini(JsonDoc *doc);

/* Where an item starts (its value; for an object member, json_key_pos gives
** its key). 0, 0 for an item not from this document. */
void json_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col);
void json_key_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col);
/* Where an item's value is written in the text: the offset of its first
** byte and its length in bytes (an object member's key aside), as a writer
** that keeps what it did not change needs. False for an item not from this
** document. */
bool json_span(const JsonDoc *doc, const cJSON *item, size_t *off, size_t *len);
/* Writes the JSON path of item ("entities[3].group", levels["a.json"]; ""
** for the root) into buf, always terminated. */
void json_path(const JsonDoc *doc, const cJSON *item, char *buf, size_t size);

/* Reports at item's value, prefixed by its path: "entities[3].x: ...". */
void json_error(JsonDoc *doc, const cJSON *item, const char *fmt, ...) JSON_PRINTF(3, 4);
/* Reports at the key of the object member item, prefixed by its object's path. */
void json_error_key(JsonDoc *doc, const cJSON *item, const char *fmt, ...) JSON_PRINTF(3, 4);
/* Reports at a given place, without a path. */
void json_error_at(JsonDoc *doc, int line, int col, const char *fmt, ...) JSON_PRINTF(4, 5);

/* ---- Strings, character by character, with the place of each character. */
typedef struct JsonChars {
    const unsigned char *p, *end;
    int line, col;
} JsonChars;
/* Starts at the first character of a string value of this document. */
bool json_chars_begin(const JsonDoc *doc, const cJSON *str, JsonChars *it);
/* The next code point and where it is written; false at the end. */
bool json_chars_next(JsonChars *it, uint32_t *cp, int *line, int *col);

#endif
