/* SPDX-License-Identifier: Zlib */
/*
** image.h -- an RGBA canvas and the few drawing operations the art needs.
**
** Pixels are straight (not premultiplied) RGBA, 8 bits a channel, row by
** row. Every operation clips to the canvas, so generators may draw past the
** edges without checks.
*/
#ifndef IMAGE_H
#define IMAGE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Rgba {
    uint8_t r, g, b, a;
} Rgba;

typedef struct Image {
    int w, h;
    Rgba *px; /* owned, w * h */
} Image;

#define RGBA(r, g, b, a) ((Rgba){(uint8_t)(r), (uint8_t)(g), (uint8_t)(b), (uint8_t)(a)})
#define RGB_HEX(hex)     RGBA(((hex) >> 16) & 255, ((hex) >> 8) & 255, (hex)&255, 255)
#define CLEAR            RGBA(0, 0, 0, 0)

/* A transparent w x h canvas. Returns false when out of memory or on a bad size. */
bool image_init(Image *img, int w, int h);
void image_fini(Image *img);

/* The pixel at (x, y), transparent outside. */
Rgba image_get(const Image *img, int x, int y);
/* Replaces the pixel (no blending). */
void image_set(Image *img, int x, int y, Rgba c);
/* Source-over blend of c onto the pixel. */
void image_blend(Image *img, int x, int y, Rgba c);

void image_fill_rect(Image *img, int x, int y, int w, int h, Rgba c);
/* A disc of radius r centred on the pixel centre (cx, cy), blended. */
void image_fill_disc(Image *img, float cx, float cy, float r, Rgba c);
/* A line of square pens `thick` pixels wide, blended; Bresenham steps. */
void image_line(Image *img, int x0, int y0, int x1, int y1, int thick, Rgba c);

/* Copies src's rectangle (sx, sy, w, h) to (dx, dy), blending, mirrored
** horizontally when flip_x. */
void image_blit(Image *dst, int dx, int dy, const Image *src, int sx, int sy, int w, int h,
                bool flip_x);
/* Copies without blending (alpha included). */
void image_copy(Image *dst, int dx, int dy, const Image *src, int sx, int sy, int w, int h);

/* Paints `c` on every transparent pixel that touches an opaque one on a side
** (and on a diagonal when diagonal is true): the pixel-art outline. */
void image_outline(Image *img, Rgba c, bool diagonal);

/* Rotates the square img a quarter turn clockwise `turns` times, in place. */
void image_rotate90(Image *img, int turns);

/* True when every pixel is transparent. */
bool image_empty(const Image *img);

Rgba rgba_mix(Rgba a, Rgba b, float t);

#endif
