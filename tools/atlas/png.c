/* SPDX-License-Identifier: Zlib */
/*
** png.c -- writing an Image as a PNG, through zlib.
**
** PNG wraps a zlib stream of rows, each led by its filter byte. Every row
** here is filtered "none": pixel art is runs and repeats, which deflate at
** its best level takes well as they are. The chunks' CRCs are zlib's crc32.
*/
#include "png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint8_t *put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
    return p + 4;
}

/* A chunk at p: length, type, data, CRC of type and data; returns its end. */
static uint8_t *put_chunk(uint8_t *p, const char type[4], const uint8_t *data, size_t len)
{
    p = put_be32(p, (uint32_t)len);
    memcpy(p, type, 4);
    if (len > 0)
        memcpy(p + 4, data, len);
    uLong crc = crc32(crc32(0L, Z_NULL, 0), p, (uInt)(len + 4));
    return put_be32(p + 4 + len, (uint32_t)crc);
}

bool png_encode(const Image *img, uint8_t **out, size_t *len)
{
    size_t stride = (size_t)img->w * 4, raw_len = (size_t)img->h * (stride + 1);
    uint8_t *raw = malloc(raw_len);
    uLongf z_len = compressBound((uLong)raw_len);
    uint8_t *z = malloc(z_len);
    bool ok = raw != NULL && z != NULL;
    for (int y = 0; ok && y < img->h; y++) {
        uint8_t *row = raw + (size_t)y * (stride + 1);
        row[0] = 0; /* filter: none */
        memcpy(row + 1, img->px + (size_t)y * (size_t)img->w, stride);
    }
    ok = ok && compress2(z, &z_len, raw, (uLong)raw_len, Z_BEST_COMPRESSION) == Z_OK;
    free(raw);
    static const uint8_t SIG[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t ihdr[13] = {0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0}; /* 8 bits, RGBA, no interlace */
    put_be32(put_be32(ihdr, (uint32_t)img->w), (uint32_t)img->h);
    size_t size = sizeof SIG + (12 + sizeof ihdr) + (12 + z_len) + 12;
    uint8_t *png = ok ? malloc(size) : NULL;
    if (png == NULL) {
        free(z);
        return false;
    }
    memcpy(png, SIG, sizeof SIG);
    uint8_t *p = put_chunk(png + sizeof SIG, "IHDR", ihdr, sizeof ihdr);
    p = put_chunk(p, "IDAT", z, z_len);
    put_chunk(p, "IEND", NULL, 0);
    free(z);
    *out = png;
    *len = size;
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
