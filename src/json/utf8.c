/* SPDX-License-Identifier: Zlib */
/* utf8.c -- checking and decoding UTF-8 by the table of RFC 3629, section 4. */
#include "json_utf8.h"

#include <assert.h>

int json_utf8_len(const unsigned char *p, size_t avail)
{
    assert(p != NULL && avail > 0);
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    int n;
    /* The second byte's range is what rules out overlong forms (after E0
    ** and F0), surrogates (after ED) and code points past U+10FFFF (F4). */
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
