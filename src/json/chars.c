/* SPDX-License-Identifier: Zlib */
/*
** chars.c -- characters: checking and decoding UTF-8 by the table of RFC
** 3629, section 4, and a string value read character by character, each
** with its place in the file, for formats that draw pictures in strings (a
** level's rows of tiles) and point at the one character at fault.
*/
#include "json_internal.h"
#include "json_utf8.h"

#include <assert.h>

int json_utf8_len(const unsigned char *p, size_t avail)
{
    assert(p != NULL && avail > 0);
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xC2 && c <= 0xDF   ? 2
            : c >= 0xE0 && c <= 0xEF ? 3
            : c >= 0xF0 && c <= 0xF4 ? 4
                                     : 0;
    /* The second byte's range is what rules out overlong forms (after E0
    ** and F0), surrogates (after ED) and code points past U+10FFFF (F4). */
    unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (n == 0 || avail < (size_t)n || p[1] < lo || p[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

uint32_t json_utf8_decode(const unsigned char *p, int n)
{
    static const unsigned char lead_mask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    assert(n >= 1 && n <= 4);
    uint32_t cp = p[0] & lead_mask[n];
    for (int i = 1; i < n; i++)
        cp = (cp << 6) | (uint32_t)(p[i] & 0x3F);
    return cp;
}

bool json_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        int n = json_utf8_len(p + i, len - i);
        if (n == 0)
            return false;
        i += (size_t)n;
    }
    return true;
}

bool json_chars_begin(const JsonDoc *doc, const cJSON *str, JsonChars *it)
{
    const JsonNode *n = json_node_of(doc, str);
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
        if (e == 'u' && json_hex4(it->p + 2, avail - 2, &u)) {
            if (u >= 0xD800 && u <= 0xDBFF && avail >= 12 && json_hex4(it->p + 8, avail - 8, &u2)) {
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
    int n = *it->p < 0x80 ? 1 : json_utf8_len(it->p, avail); /* ASCII without the call */
    if (n == 0)
        n = 1;
    *cp = n == 1 ? *it->p : json_utf8_decode(it->p, n);
    it->p += n;
    it->col++;
    return true;
}
