/* SPDX-License-Identifier: Zlib */
/*
** png.h -- writing an Image as a PNG file, through zlib.
**
** The output is 8-bit RGBA, non-interlaced. The asset test compares the
** pixels of committed art with what its sources paint, not the bytes, which
** may differ with zlib's version.
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
