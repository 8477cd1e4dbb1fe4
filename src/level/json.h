/*
** json.h -- JSON documents that know where each value came from.
**
** cJSON parses values but only says where it gave up. A JsonDoc first runs
** its own strict scanner over the text, which finds syntax errors with their
** line and column and records where every value (and every key) starts;
** then cJSON builds the values and both trees are walked together, so any
** cJSON item can be turned back into a place in the file and a JSON path
** such as entities[3].group. Duplicate keys, which cJSON accepts silently,
** are reported on the way. Private to src/level/.
*/
#ifndef LEVEL_JSON_H
#define LEVEL_JSON_H

#include "level.h"

#include <cjson/cJSON.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct JsonNode JsonNode;

typedef struct JsonDoc {
    const char *path;          /* for messages; not owned */
    const char *text;          /* not owned */
    size_t len;
    cJSON *root;               /* NULL when the text did not parse */
    JsonNode *nodes;           /* one per value, in document order */
    uint32_t node_count;
    LevelErrors *errors;
} JsonDoc;

/* Reads a whole file (at most LEVEL_MAX_FILE_BYTES). On failure reports an
** error naming the file and returns false. *text is malloc'd. */
bool json_read_file(const char *path, char **text, size_t *len, LevelErrors *errors);

/* Scans and parses text. On a syntax error reports it and returns false with
** doc->root NULL; duplicate keys are reported but the document is kept
** (the first of them counts). json_doc_fini is needed either way. */
bool json_doc_parse(JsonDoc *doc, const char *path, const char *text, size_t len,
                    LevelErrors *errors);
void json_doc_fini(JsonDoc *doc);

/* Errors so far in the LevelErrors, kept or dropped: compare two readings
** to learn whether a step added any. */
int json_error_total(const JsonDoc *doc);

/* Where an item starts (its value; for an object member, json_key_pos gives
** its key). 0, 0 for an item not from this document. */
void json_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col);
void json_key_pos(const JsonDoc *doc, const cJSON *item, int *line, int *col);
/* Writes the JSON path of item ("entities[3].group"; "" for the root). */
void json_path(const JsonDoc *doc, const cJSON *item, char *buf, size_t size);

/* Reports at item's value, prefixed by its path: "entities[3].x: ...". */
void json_error(JsonDoc *doc, const cJSON *item, const char *fmt, ...) LEVEL_PRINTF(3, 4);
/* Reports at the key of the object member item, prefixed by its object's path. */
void json_error_key(JsonDoc *doc, const cJSON *item, const char *fmt, ...) LEVEL_PRINTF(3, 4);
/* Reports at a given place, without a path. */
void json_error_at(JsonDoc *doc, int line, int col, const char *fmt, ...) LEVEL_PRINTF(4, 5);

/* ---- Reading values: each checks type and range and reports what is wrong. */

/* The member, or NULL (case-sensitive; obj may be anything). */
const cJSON *json_get(const cJSON *obj, const char *key);
/* The member, or reports "missing key" at obj and returns NULL. */
const cJSON *json_need(JsonDoc *doc, const cJSON *obj, const char *key);
bool json_want_object(JsonDoc *doc, const cJSON *v);
bool json_want_array(JsonDoc *doc, const cJSON *v);
/* An integer from lo to hi. */
bool json_want_int(JsonDoc *doc, const cJSON *v, long lo, long hi, long *out);
/* A finite number from lo to hi. */
bool json_want_number(JsonDoc *doc, const cJSON *v, double lo, double hi, double *out);
bool json_want_bool(JsonDoc *doc, const cJSON *v, bool *out);
/* A string (possibly empty); NULL after reporting when it is not one. */
const char *json_want_string(JsonDoc *doc, const cJSON *v);
/* A string among names[0..count); its index, or -1 after reporting, with a
** "did you mean" hint for a near miss. what names the thing ("background"). */
int json_want_enum(JsonDoc *doc, const cJSON *v, const char *const *names, int count,
                   const char *what);
/* Reports every member of obj whose key is not among allowed[0..count), with
** a hint. Returns false when there was any. */
bool json_check_keys(JsonDoc *doc, const cJSON *obj, const char *const *allowed, int count);

/* ---- Strings, character by character, with the place of each character. */
typedef struct JsonChars {
    const unsigned char *p, *end;
    int line, col;
} JsonChars;
/* Starts at the first character of a string value of this document. */
bool json_chars_begin(const JsonDoc *doc, const cJSON *str, JsonChars *it);
/* The next code point and where it is written; false at the end. */
bool json_chars_next(JsonChars *it, uint32_t *cp, int *line, int *col);

/* ---- Helpers for messages ----------------------------------------------------- */

/* Describes a value for "got ..." ("\"abc\"", "12.5", "an object"). */
void json_describe(const cJSON *v, char *buf, size_t size);
/* Copies text for a message: control characters become '?', long text is
** cut at a character boundary and ends in "...". */
void json_quote(const char *text, char *buf, size_t size);
/* The index of the name closest to word, or -1 when none is close. */
int json_suggest(const char *word, const char *const *names, int count);

#endif
