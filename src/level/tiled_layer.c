/* SPDX-License-Identifier: Zlib */
/*
** tiled_layer.c -- a Tiled tile layer's "data" as base64 text, optionally
** compressed with zlib, gzip or zstd (Map Properties > Tile Layer Format),
** both ways.
**
** The decoded data is the layer's gids as little-endian uint32s, so its
** size is known before anything is decompressed: width x height x 4 bytes.
** A compressed stream is never trusted to say how big it is. What a zstd
** frame claims (its content size, at its start) is checked first, so a
** wrong layer is refused before any work; the output buffer is that size
** (plus one byte, for zlib and gzip to show there is more), so a stream that
** lies, or a decompression bomb, stops there; and the size it did
** decompress to is checked last. (A gzip stream's own size, in its trailer,
** is checked by zlib at the end.) Problems come back as text that names the
** stream and, for a corrupt one, gives the library's own reason.
*/
#include "tiled_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

const char *tiled_compression_name(LevelLayerFormat format)
{
    return format >= LEVEL_LAYER_ZLIB ? level_layer_format_name(format) : "";
}

/* ---- Base64 ------------------------------------------------------------------------ */

static int b64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

/* The size standard, padded base64 of n characters decodes to; false when
** n is not a multiple of 4. */
static bool base64_size(const char *s, size_t n, size_t *size)
{
    if (n % 4 != 0)
        return false;
    size_t pad = n >= 1 && s[n - 1] == '=' ? (n >= 2 && s[n - 2] == '=' ? 2 : 1) : 0;
    *size = n / 4 * 3 - pad;
    return true;
}

/* Decodes standard base64 with padding into out (room for base64_size
** bytes). Returns NULL on success, else what is wrong. */
static const char *base64_decode(const char *s, size_t n, unsigned char *out)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i += 4) {
        int v[4];
        int pad = 0;
        for (size_t k = 0; k < 4; k++) {
            unsigned char c = (unsigned char)s[i + k];
            if (c == '=' && i + 4 == n && k >= 2) {
                v[k] = 0;
                pad++;
                continue;
            }
            v[k] = pad > 0 ? -1 : b64_value(c);
            if (v[k] < 0)
                return "it holds a character that is not base64";
        }
        uint32_t bits =
            (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 | (uint32_t)v[3];
        out[len++] = (unsigned char)(bits >> 16);
        if (pad < 2)
            out[len++] = (unsigned char)(bits >> 8);
        if (pad < 1)
            out[len++] = (unsigned char)bits;
    }
    return NULL;
}

static char *base64_encode(const unsigned char *in, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc((n + 2) / 3 * 4 + 1);
    if (out == NULL)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t bits = (uint32_t)in[i] << 16;
        if (i + 1 < n)
            bits |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < n)
            bits |= in[i + 2];
        out[o++] = digits[bits >> 18 & 63];
        out[o++] = digits[bits >> 12 & 63];
        out[o++] = i + 1 < n ? digits[bits >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? digits[bits & 63] : '=';
    }
    out[o] = '\0';
    return out;
}

/* ---- Decompression --------------------------------------------------------------------- */

/* zlib and gzip through one inflate: window bits 15 for a zlib stream,
** 16 + 15 for a gzip one. Fills out with exactly want bytes or says why not. */
static bool inflate_into(const unsigned char *in, size_t in_len, int window_bits, const char *what,
                         unsigned char *out, size_t want, char *why, size_t why_size)
{
    if (in_len > UINT32_MAX || want + 1 > UINT32_MAX) {
        snprintf(why, why_size, "the %s stream is too large", what);
        return false;
    }
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, window_bits) != Z_OK) {
        snprintf(why, why_size, "cannot start %s: %s", what,
                 s.msg != NULL ? s.msg : "out of memory");
        return false;
    }
    s.next_in = (Bytef *)(uintptr_t)in; /* zlib does not write through it */
    s.avail_in = (uInt)in_len;
    s.next_out = out;
    s.avail_out = (uInt)(want + 1); /* one byte more than the layer needs shows "too much" */
    int rc = inflate(&s, Z_FINISH);
    bool ok = false;
    if (rc == Z_STREAM_END) {
        if (s.total_out != want)
            snprintf(why, why_size, "the %s stream holds %lu bytes", what,
                     (unsigned long)s.total_out);
        else if (s.avail_in != 0)
            snprintf(why, why_size, "%u bytes follow the end of the %s stream", s.avail_in, what);
        else
            ok = true;
    } else if (s.avail_out == 0) {
        snprintf(why, why_size, "the %s stream holds more than %zu bytes", what, want);
    } else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) {
        snprintf(why, why_size, "the %s stream is corrupt: %s", what,
                 s.msg != NULL       ? s.msg
                 : rc == Z_NEED_DICT ? "it needs a dictionary"
                                     : "bad data");
    } else if (rc == Z_MEM_ERROR) {
        snprintf(why, why_size, "out of memory");
    } else {
        /* Z_BUF_ERROR with input left over cannot happen with this much room. */
        snprintf(why, why_size, "the %s stream is cut short (%lu bytes decompressed)", what,
                 (unsigned long)s.total_out);
    }
    inflateEnd(&s);
    return ok;
}

static bool unzstd_into(const unsigned char *in, size_t in_len, unsigned char *out, size_t want,
                        char *why, size_t why_size)
{
    /* A frame that says its size is held to it before anything is
    ** decompressed; a header it cannot read is left to ZSTD_decompress to
    ** name. */
    unsigned long long claimed = ZSTD_getFrameContentSize(in, in_len);
    if (claimed != ZSTD_CONTENTSIZE_ERROR && claimed != ZSTD_CONTENTSIZE_UNKNOWN &&
        claimed != want) {
        snprintf(why, why_size, "the zstd frame says it holds %llu bytes", claimed);
        return false;
    }
    /* The frame may not say its size; the buffer is the limit either way. */
    size_t got = ZSTD_decompress(out, want, in, in_len);
    if (ZSTD_isError(got)) {
        if (ZSTD_getErrorCode(got) == ZSTD_error_dstSize_tooSmall)
            snprintf(why, why_size, "the zstd stream holds more than %zu bytes", want);
        else
            snprintf(why, why_size, "the zstd stream is corrupt: %s", ZSTD_getErrorName(got));
        return false;
    }
    if (got != want) {
        snprintf(why, why_size, "the zstd stream holds %zu bytes", got);
        return false;
    }
    return true;
}

uint32_t *tiled_layer_decode(const char *text, size_t len, LevelLayerFormat c, size_t count,
                             char *why, size_t why_size)
{
    size_t want = count * 4, size;
    if (!base64_size(text, len, &size)) {
        snprintf(why, why_size, "the base64 text is not valid: its length is not a multiple of 4");
        return NULL;
    }
    unsigned char *raw = malloc(size + 1);
    /* Room for one byte more than needed, so inflate can show there is more. */
    unsigned char *bytes = c == LEVEL_LAYER_BASE64 ? raw : malloc(want + 1);
    uint32_t *gids = malloc(count * sizeof *gids);
    bool ok = raw != NULL && bytes != NULL && gids != NULL;
    if (!ok)
        snprintf(why, why_size, "out of memory");
    const char *bad = ok ? base64_decode(text, len, raw) : NULL;
    if (bad != NULL) {
        snprintf(why, why_size, "the base64 text is not valid: %s", bad);
        ok = false;
    }
    if (ok && c == LEVEL_LAYER_BASE64 && size != want) {
        snprintf(why, why_size, "the base64 data holds %zu bytes", size);
        ok = false;
    } else if (ok && c == LEVEL_LAYER_GZIP) {
        ok = inflate_into(raw, size, 16 + MAX_WBITS, "gzip", bytes, want, why, why_size);
    } else if (ok && c == LEVEL_LAYER_ZLIB) {
        ok = inflate_into(raw, size, MAX_WBITS, "zlib", bytes, want, why, why_size);
    } else if (ok && c == LEVEL_LAYER_ZSTD) {
        ok = unzstd_into(raw, size, bytes, want, why, why_size);
    }
    if (ok) {
        for (size_t i = 0; i < count; i++) {
            const unsigned char *b = bytes + i * 4;
            gids[i] =
                (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        }
    }
    if (bytes != raw)
        free(bytes);
    free(raw);
    if (!ok) {
        free(gids);
        return NULL;
    }
    return gids;
}

/* ---- Compression ------------------------------------------------------------------------ */

static unsigned char *deflate_all(const unsigned char *in, size_t n, int window_bits,
                                  size_t *out_len)
{
    z_stream s;
    memset(&s, 0, sizeof s);
    if (n > UINT32_MAX || deflateInit2(&s, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits, 8,
                                       Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    uLong bound = deflateBound(&s, (uLong)n);
    unsigned char *out = bound <= UINT32_MAX ? malloc(bound) : NULL;
    if (out != NULL) {
        s.next_in = (Bytef *)(uintptr_t)in; /* zlib does not write through it */
        s.avail_in = (uInt)n;
        s.next_out = out;
        s.avail_out = (uInt)bound;
        if (deflate(&s, Z_FINISH) == Z_STREAM_END) {
            *out_len = s.total_out;
        } else {
            free(out);
            out = NULL;
        }
    }
    deflateEnd(&s);
    return out;
}

char *tiled_layer_encode(const uint32_t *gids, size_t count, LevelLayerFormat c, char *why,
                         size_t why_size)
{
    unsigned char *bytes = malloc(count * 4 + 1);
    if (bytes == NULL) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    for (size_t i = 0; i < count; i++) {
        bytes[i * 4] = (unsigned char)gids[i];
        bytes[i * 4 + 1] = (unsigned char)(gids[i] >> 8);
        bytes[i * 4 + 2] = (unsigned char)(gids[i] >> 16);
        bytes[i * 4 + 3] = (unsigned char)(gids[i] >> 24);
    }
    size_t n = count * 4;
    unsigned char *packed = bytes;
    if (c == LEVEL_LAYER_ZLIB || c == LEVEL_LAYER_GZIP) {
        packed = deflate_all(bytes, n, c == LEVEL_LAYER_GZIP ? 16 + MAX_WBITS : MAX_WBITS, &n);
    } else if (c == LEVEL_LAYER_ZSTD) {
        size_t bound = ZSTD_compressBound(n);
        packed = malloc(bound);
        if (packed != NULL) {
            size_t got = ZSTD_compress(packed, bound, bytes, n, ZSTD_CLEVEL_DEFAULT);
            if (ZSTD_isError(got)) {
                free(packed);
                packed = NULL;
            } else {
                n = got;
            }
        }
    }
    char *text = packed != NULL ? base64_encode(packed, n) : NULL;
    if (text == NULL)
        snprintf(why, why_size, "out of memory");
    if (packed != bytes)
        free(packed);
    free(bytes);
    return text;
}
