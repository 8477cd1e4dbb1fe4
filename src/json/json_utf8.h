/* SPDX-License-Identifier: Zlib */
/*
** json_utf8.h -- well-formed UTF-8, as JSON text must be (RFC 8259).
**
** Well-formed means the shortest encoding of a code point up to U+10FFFF
** that is not a surrogate: overlong forms, surrogates and bytes that start
** no sequence are refused. The JSON scanner holds every file to this; the
** save module holds text it is given to write to the same rule.
*/
#ifndef JSON_UTF8_H
#define JSON_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Length (1 to 4) of the well-formed sequence at p, which has avail > 0
** bytes; 0 when the bytes there are not one. */
int json_utf8_len(const unsigned char *p, size_t avail);
/* The code point of the well-formed sequence of n bytes at p. */
uint32_t json_utf8_decode(const unsigned char *p, int n);
/* Whether all len bytes of s are well-formed UTF-8 (NUL bytes included). */
bool json_utf8_valid(const char *s, size_t len);

#endif
