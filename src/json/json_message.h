/* SPDX-License-Identifier: Zlib */
/*
** json_message.h -- pieces of messages about JSON values: what a value is,
** a key or text safe to quote, and the name a typo was probably meant to be.
*/
#ifndef JSON_MESSAGE_H
#define JSON_MESSAGE_H

#include <cjson/cJSON.h>

#include <stddef.h>

/* Describes a value for "got ..." ("\"abc\"", "12.5", "an object"). */
void json_describe(const cJSON *v, char *buf, size_t size);
/* Copies text for a message: control characters become '?', long text is
** cut at a character boundary and ends in "...". */
void json_quote(const char *text, char *buf, size_t size);
/* The index of the name closest to word (ignoring case, a few edits at
** most), or -1 when none is close. */
int json_suggest(const char *word, const char *const *names, int count);

#endif
