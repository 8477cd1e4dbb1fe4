/* SPDX-License-Identifier: Zlib */
/*
** png.c -- a small PNG encoder.
**
** PNG wraps a zlib stream of filtered rows. Each row gets the filter (none,
** sub, up, average, Paeth) whose output has the smallest sum of absolute
** values, the usual heuristic. The deflate stream uses the fixed Huffman
** codes of RFC 1951 section 3.2.6, so no code tables have to be built or
** sent; matches come from a hash chain over the last 32 KiB. Pixel art is
** mostly runs and repeats, where this gets close to zlib's default level.
*/
#include "png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growable byte buffer and an LSB-first bit writer ---- */

typedef struct Buf {
    uint8_t *data;
    size_t len, cap;
    bool failed;
    uint32_t bits;     /* pending bits, LSB first */
    int nbits;
} Buf;

static void buf_reserve(Buf *b, size_t extra)
{
    if (b->failed || b->len + extra <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra)
        cap *= 2;
    uint8_t *p = realloc(b->data, cap);
    if (p == NULL) {
        b->failed = true;
        return;
    }
    b->data = p;
    b->cap = cap;
}

static void buf_byte(Buf *b, uint8_t v)
{
    buf_reserve(b, 1);
    if (!b->failed)
        b->data[b->len++] = v;
}

static void buf_bytes(Buf *b, const void *p, size_t n)
{
    buf_reserve(b, n);
    if (!b->failed) {
        memcpy(b->data + b->len, p, n);
        b->len += n;
    }
}

static void buf_be32(Buf *b, uint32_t v)
{
    uint8_t q[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    buf_bytes(b, q, 4);
}

static void put_bits(Buf *b, uint32_t value, int n)
{
    b->bits |= value << b->nbits;
    b->nbits += n;
    while (b->nbits >= 8) {
        buf_byte(b, (uint8_t)b->bits);
        b->bits >>= 8;
        b->nbits -= 8;
    }
}

/* Huffman codes go out most significant bit first. */
static void put_code(Buf *b, uint32_t code, int n)
{
    uint32_t rev = 0;
    for (int i = 0; i < n; i++)
        rev |= ((code >> i) & 1u) << (n - 1 - i);
    put_bits(b, rev, n);
}

static void flush_bits(Buf *b)
{
    if (b->nbits > 0)
        buf_byte(b, (uint8_t)b->bits);
    b->bits = 0;
    b->nbits = 0;
}

/* ---- deflate, fixed codes ---- */

static void put_litlen(Buf *b, int sym)
{
    if (sym < 144)
        put_code(b, 0x30u + (uint32_t)sym, 8);
    else if (sym < 256)
        put_code(b, 0x190u + (uint32_t)(sym - 144), 9);
    else if (sym < 280)
        put_code(b, (uint32_t)(sym - 256), 7);
    else
        put_code(b, 0xC0u + (uint32_t)(sym - 280), 8);
}

static const uint16_t len_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                      35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                      3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static void put_match(Buf *b, int len, int dist)
{
    int li = 28;
    while (len_base[li] > len)
        li--;
    put_litlen(b, 257 + li);
    put_bits(b, (uint32_t)(len - len_base[li]), len_extra[li]);
    int di = 29;
    while (dist_base[di] > dist)
        di--;
    put_code(b, (uint32_t)di, 5);
    put_bits(b, (uint32_t)(dist - dist_base[di]), dist_extra[di]);
}

enum { WINDOW = 32768, HASH_BITS = 15, MAX_CHAIN = 48, MIN_MATCH = 3, MAX_MATCH = 258 };

static uint32_t hash3(const uint8_t *p)
{
    uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    return (v * 2654435761u) >> (32 - HASH_BITS);
}

static bool deflate_fixed(Buf *b, const uint8_t *in, size_t n)
{
    int32_t *head = malloc(sizeof(int32_t) << HASH_BITS);
    int32_t *prev = malloc(sizeof(int32_t) * WINDOW);
    if (head == NULL || prev == NULL) {
        free(head);
        free(prev);
        return false;
    }
    for (size_t i = 0; i < ((size_t)1 << HASH_BITS); i++)
        head[i] = -1;

    put_bits(b, 1, 1);  /* final block */
    put_bits(b, 1, 2);  /* fixed Huffman */
    size_t i = 0;
    while (i < n) {
        int best_len = 0, best_dist = 0;
        if (i + MIN_MATCH <= n) {
            uint32_t h = hash3(in + i);
            int32_t cand = head[h];
            size_t max_len = n - i < MAX_MATCH ? n - i : MAX_MATCH;
            for (int chain = 0; cand >= 0 && chain < MAX_CHAIN; chain++) {
                size_t dist = i - (size_t)cand;
                if (dist > WINDOW - 1)
                    break;
                size_t l = 0;
                while (l < max_len && in[(size_t)cand + l] == in[i + l])
                    l++;
                if ((int)l > best_len) {
                    best_len = (int)l;
                    best_dist = (int)dist;
                    if (l == max_len)
                        break;
                }
                cand = prev[(size_t)cand % WINDOW];
            }
        }
        size_t step = best_len >= MIN_MATCH ? (size_t)best_len : 1;
        if (best_len >= MIN_MATCH)
            put_match(b, best_len, best_dist);
        else
            put_litlen(b, in[i]);
        for (size_t k = 0; k < step; k++, i++) {
            if (i + MIN_MATCH <= n) {
                uint32_t h = hash3(in + i);
                prev[i % WINDOW] = head[h];
                head[h] = (int32_t)i;
            }
        }
    }
    put_litlen(b, 256);
    flush_bits(b);
    free(head);
    free(prev);
    return !b->failed;
}

/* ---- checksums ---- */

static uint32_t crc_table[256];
static bool crc_ready;

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
    if (!crc_ready) {
        for (uint32_t k = 0; k < 256; k++) {
            uint32_t c = k;
            for (int j = 0; j < 8; j++)
                c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            crc_table[k] = c;
        }
        crc_ready = true;
    }
    crc = ~crc;
    for (size_t k = 0; k < n; k++)
        crc = crc_table[(crc ^ p[k]) & 255] ^ (crc >> 8);
    return ~crc;
}

static uint32_t adler32(const uint8_t *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t k = 0; k < n; k++) {
        a = (a + p[k]) % 65521u;
        b = (b + a) % 65521u;
    }
    return b << 16 | a;
}

static void put_chunk(Buf *out, const char type[4], const uint8_t *data, size_t n)
{
    buf_be32(out, (uint32_t)n);
    size_t start = out->len;
    buf_bytes(out, type, 4);
    if (n > 0)
        buf_bytes(out, data, n);
    if (out->failed)
        return;
    buf_be32(out, crc32_update(0, out->data + start, n + 4));
}

/* ---- filters ---- */

static uint8_t paeth(int a, int b, int c)
{
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc)
        return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

static void filter_row(int type, const uint8_t *row, const uint8_t *up, size_t n, uint8_t *o)
{
    for (size_t k = 0; k < n; k++) {
        int a = k >= 4 ? row[k - 4] : 0;
        int b = up ? up[k] : 0;
        int c = (k >= 4 && up) ? up[k - 4] : 0;
        int pred = 0;
        switch (type) {
        case 1: pred = a; break;
        case 2: pred = b; break;
        case 3: pred = (a + b) / 2; break;
        case 4: pred = paeth(a, b, c); break;
        default: break;
        }
        o[k] = (uint8_t)(row[k] - pred);
    }
}

bool png_encode(const Image *img, uint8_t **out, size_t *len)
{
    *out = NULL;
    *len = 0;
    size_t stride = (size_t)img->w * 4;
    size_t raw_len = (stride + 1) * (size_t)img->h;
    uint8_t *raw = malloc(raw_len);
    uint8_t *trial = malloc(stride);
    if (raw == NULL || trial == NULL) {
        free(raw);
        free(trial);
        return false;
    }
    const uint8_t *pix = (const uint8_t *)img->px;
    for (int y = 0; y < img->h; y++) {
        const uint8_t *row = pix + (size_t)y * stride;
        const uint8_t *up = y > 0 ? row - stride : NULL;
        uint8_t *dst = raw + (size_t)y * (stride + 1);
        unsigned long best = (unsigned long)-1;
        for (int type = 0; type < 5; type++) {
            filter_row(type, row, up, stride, trial);
            unsigned long sum = 0;
            for (size_t k = 0; k < stride; k++)
                sum += trial[k] < 128 ? trial[k] : 256u - trial[k];
            if (sum < best) {
                best = sum;
                dst[0] = (uint8_t)type;
                memcpy(dst + 1, trial, stride);
            }
        }
    }
    free(trial);

    Buf z = {0};
    buf_byte(&z, 0x78);
    buf_byte(&z, 0x01);
    bool ok = deflate_fixed(&z, raw, raw_len);
    buf_be32(&z, adler32(raw, raw_len));
    free(raw);

    Buf o = {0};
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    buf_bytes(&o, sig, 8);
    uint8_t ihdr[13] = {
        (uint8_t)(img->w >> 24), (uint8_t)(img->w >> 16), (uint8_t)(img->w >> 8), (uint8_t)img->w,
        (uint8_t)(img->h >> 24), (uint8_t)(img->h >> 16), (uint8_t)(img->h >> 8), (uint8_t)img->h,
        8, 6, 0, 0, 0,  /* 8 bits, RGBA, deflate, adaptive filters, no interlace */
    };
    put_chunk(&o, "IHDR", ihdr, sizeof ihdr);
    if (ok && !z.failed)
        put_chunk(&o, "IDAT", z.data, z.len);
    put_chunk(&o, "IEND", NULL, 0);
    free(z.data);
    if (!ok || z.failed || o.failed) {
        free(o.data);
        return false;
    }
    *out = o.data;
    *len = o.len;
    return true;
}

bool png_write(const Image *img, const char *path, char *err, size_t errlen)
{
    uint8_t *data;
    size_t n;
    if (!png_encode(img, &data, &n)) {
        snprintf(err, errlen, "%s: out of memory while encoding", path);
        return false;
    }
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open for writing: %s", path, strerror(errno));
        free(data);
        return false;
    }
    bool ok = fwrite(data, 1, n, f) == n;
    ok = (fclose(f) == 0) && ok;
    free(data);
    if (!ok)
        snprintf(err, errlen, "%s: write failed", path);
    return ok;
}
