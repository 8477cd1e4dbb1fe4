/* SPDX-License-Identifier: Zlib */
/*
** png.h -- writing an Image as a PNG file, with no library.
**
** The output is 8-bit RGBA, non-interlaced, compressed with LZ77 and
** deflate's fixed Huffman codes. The same image always gives the same bytes,
** which lets a test check that committed art matches its sources.
*/
#ifndef PNG_H
#define PNG_H

#include "image.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Encodes img; *out (owned by the caller, free()) gets *len bytes.
** Returns false when out of memory. */
bool png_encode(const Image *img, uint8_t **out, size_t *len);

/* Encodes img to the file at path; on failure fills err (size errlen). */
bool png_write(const Image *img, const char *path, char *err, size_t errlen);

#endif
