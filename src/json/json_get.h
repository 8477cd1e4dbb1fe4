/* SPDX-License-Identifier: Zlib */
/*
** json_get.h -- reading the values of a JsonDoc by type, checked.
**
** Each want function checks the type and range of a value and, when it is
** wrong, reports "PATH: expected ..., got ..." at the value's place and
** returns false (NULL, -1); given NULL (a member json_need already reported
** missing) it returns the same without reporting again, so a missing member
** is reported once. Never read a cJSON item without checking its type: go
** through these.
*/
#ifndef JSON_GET_H
#define JSON_GET_H

#include "json_doc.h"

#include <stdbool.h>

/* The member, or NULL (case-sensitive; obj may be anything). */
const cJSON *json_get(const cJSON *obj, const char *key);
/* The member, or reports "missing \"key\"" at obj and returns NULL (without
** reporting when obj is not an object: json_want_object says that). */
const cJSON *json_need(JsonDoc *doc, const cJSON *obj, const char *key);

bool json_want_object(JsonDoc *doc, const cJSON *v);
bool json_want_array(JsonDoc *doc, const cJSON *v);
/* An integer from lo to hi (the range is checked before any conversion, so
** 1e300 is refused, never converted). */
bool json_want_int(JsonDoc *doc, const cJSON *v, long lo, long hi, long *out);
/* An integer among allowed[0..count) (count >= 1), for a field whose values
** are a short list, such as a format version; the message names them:
** "expected 1, got \"1\"", "expected 1, 2 or 4, got 3". */
bool json_want_int_in(JsonDoc *doc, const cJSON *v, const long *allowed, int count, long *out);
/* A number from lo to hi. */
bool json_want_number(JsonDoc *doc, const cJSON *v, double lo, double hi, double *out);
bool json_want_bool(JsonDoc *doc, const cJSON *v, bool *out);
/* A string (possibly empty); NULL after reporting when it is not one. The
** string stays owned by the document. */
const char *json_want_string(JsonDoc *doc, const cJSON *v);
/* A string among names[0..count); its index, or -1 after reporting, with a
** "did you mean" hint for a near miss. what names the thing ("background"). */
int json_want_enum(JsonDoc *doc, const cJSON *v, const char *const *names, int count,
                   const char *what);
/* Reports every member of obj whose key is not among allowed[0..count), at
** the key, with a hint. Returns false when there was any. */
bool json_check_keys(JsonDoc *doc, const cJSON *obj, const char *const *allowed, int count);

/* Whether the whole of s is a number as JSON writes one (RFC 8259: an
** optional '-', no leading zero, an optional fraction and exponent). */
bool json_is_number(const char *s);

#endif
