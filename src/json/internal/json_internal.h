/* SPDX-License-Identifier: Zlib */
/*
** json_internal.h -- what the files of src/json/ share and nobody else sees.
*/
#ifndef JSON_INTERNAL_H
#define JSON_INTERNAL_H

#include "json_doc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where one value is written, found by the scanner (scan.c); item is the
** cJSON value paired with it (doc.c). */
struct JsonNode {
    const cJSON *item;
    uint32_t off;          /* byte offset of the value in the text */
    uint32_t end;          /* ... and of the byte after it */
    int line, col;         /* where the value starts */
    int key_line, key_col; /* where its key starts; 0 outside objects */
    uint32_t parent;       /* container's node, JSON_NO_PARENT for the root */
    uint32_t index;        /* position in the container */
};

#define JSON_NO_PARENT UINT32_MAX

/* What the scanner found: every value's node, or the first syntax error. */
typedef struct JsonScan {
    JsonNode *nodes; /* malloc'd; the caller frees it */
    uint32_t count;
    bool failed;
    int line, col; /* of the error */
    char message[200];
} JsonScan;

/* Scans len bytes of text as one JSON document (RFC 8259, UTF-8, an
** optional byte order mark). */
void json_scan(const char *text, size_t len, JsonScan *out);
/* 3 when text starts with a UTF-8 byte order mark, else 0. */
size_t json_bom_length(const char *text, size_t len);
/* The four hexadecimal digits at p (avail bytes readable), or false. */
bool json_hex4(const unsigned char *p, size_t avail, uint32_t *out);

static inline bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static inline bool is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* The node of a cJSON item of doc, or NULL for an item from elsewhere. */
const JsonNode *json_node_of(const JsonDoc *doc, const cJSON *item);

#endif
