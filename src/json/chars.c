/* SPDX-License-Identifier: Zlib */
/*
** chars.c -- a string value read character by character, each with its
** place in the file, for formats that draw pictures in strings (a level's
** rows of tiles) and point at the one character at fault.
*/
#include "json_internal.h"
#include "json_utf8.h"

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
    int n = json_utf8_len(it->p, avail);
    if (n == 0)
        n = 1;
    *cp = n == 1 ? *it->p : json_utf8_decode(it->p, n);
    it->p += n;
    it->col++;
    return true;
}
