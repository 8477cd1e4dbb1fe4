/* SPDX-License-Identifier: Zlib */
/* image.c -- the RGBA canvas. */
#include "image.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool image_init(Image *img, int w, int h)
{
    img->w = img->h = 0;
    img->px = NULL;
    if (w <= 0 || h <= 0 || w > 8192 || h > 8192)
        return false;
    img->px = calloc((size_t)w * (size_t)h, sizeof *img->px);
    if (img->px == NULL)
        return false;
    img->w = w;
    img->h = h;
    return true;
}

void image_fini(Image *img)
{
    free(img->px);
    img->px = NULL;
    img->w = img->h = 0;
}

Rgba image_get(const Image *img, int x, int y)
{
    if (x < 0 || y < 0 || x >= img->w || y >= img->h)
        return CLEAR;
    return img->px[(size_t)y * (size_t)img->w + (size_t)x];
}

void image_set(Image *img, int x, int y, Rgba c)
{
    if (x < 0 || y < 0 || x >= img->w || y >= img->h)
        return;
    img->px[(size_t)y * (size_t)img->w + (size_t)x] = c;
}

void image_blend(Image *img, int x, int y, Rgba c)
{
    if (c.a == 255) {
        image_set(img, x, y, c);
        return;
    }
    if (c.a == 0 || x < 0 || y < 0 || x >= img->w || y >= img->h)
        return;
    Rgba d = image_get(img, x, y);
    /* Integer source-over: the result must not depend on float rounding. */
    unsigned sa = c.a, da = (unsigned)d.a * (255u - sa) / 255u;
    unsigned oa = sa + da;
    Rgba o;
    o.r = (uint8_t)((c.r * sa + d.r * da + oa / 2) / oa);
    o.g = (uint8_t)((c.g * sa + d.g * da + oa / 2) / oa);
    o.b = (uint8_t)((c.b * sa + d.b * da + oa / 2) / oa);
    o.a = (uint8_t)oa;
    image_set(img, x, y, o);
}

void image_fill_rect(Image *img, int x, int y, int w, int h, Rgba c)
{
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++)
            image_blend(img, i, j, c);
}

void image_fill_disc(Image *img, float cx, float cy, float r, Rgba c)
{
    int x0 = (int)floorf(cx - r), x1 = (int)ceilf(cx + r);
    int y0 = (int)floorf(cy - r), y1 = (int)ceilf(cy + r);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            float dx = (float)x - cx, dy = (float)y - cy;
            if (dx * dx + dy * dy <= r * r)
                image_blend(img, x, y, c);
        }
}

void image_line(Image *img, int x0, int y0, int x1, int y1, int thick, Rgba c)
{
    int dx = abs(x1 - x0), dy = -abs(y1 - y0);
    int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    int lo = -(thick - 1) / 2, hi = thick / 2;
    for (;;) {
        for (int j = lo; j <= hi; j++)
            for (int i = lo; i <= hi; i++)
                image_set(img, x0 + i, y0 + j, c);
        if (x0 == x1 && y0 == y1)
            break;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

void image_blit(Image *dst, int dx, int dy, const Image *src, int sx, int sy, int w, int h,
                bool flip_x)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            int si = flip_x ? sx + w - 1 - i : sx + i;
            image_blend(dst, dx + i, dy + j, image_get(src, si, sy + j));
        }
}

void image_copy(Image *dst, int dx, int dy, const Image *src, int sx, int sy, int w, int h)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++)
            image_set(dst, dx + i, dy + j, image_get(src, sx + i, sy + j));
}

void image_outline(Image *img, Rgba c, bool diagonal)
{
    size_t n = (size_t)img->w * (size_t)img->h;
    uint8_t *mark = calloc(n, 1);
    if (mark == NULL)
        return;
    for (int y = 0; y < img->h; y++)
        for (int x = 0; x < img->w; x++) {
            if (image_get(img, x, y).a != 0)
                continue;
            bool touch = false;
            for (int j = -1; j <= 1 && !touch; j++)
                for (int i = -1; i <= 1 && !touch; i++) {
                    if (i == 0 && j == 0)
                        continue;
                    if (i != 0 && j != 0 && !diagonal)
                        continue;
                    if (image_get(img, x + i, y + j).a >= 128)
                        touch = true;
                }
            if (touch)
                mark[(size_t)y * (size_t)img->w + (size_t)x] = 1;
        }
    for (size_t k = 0; k < n; k++)
        if (mark[k])
            img->px[k] = c;
    free(mark);
}

void image_rotate90(Image *img, int turns)
{
    turns = ((turns % 4) + 4) % 4;
    if (img->w != img->h)
        return;
    int n = img->w;
    for (int t = 0; t < turns; t++) {
        Image tmp;
        if (!image_init(&tmp, n, n))
            return;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                image_set(&tmp, n - 1 - y, x, image_get(img, x, y));
        image_fini(img);
        *img = tmp;
    }
}

bool image_empty(const Image *img)
{
    for (size_t k = 0; k < (size_t)img->w * (size_t)img->h; k++)
        if (img->px[k].a != 0)
            return false;
    return true;
}

Rgba rgba_mix(Rgba a, Rgba b, float t)
{
    if (t < 0.0f)
        t = 0.0f;
    if (t > 1.0f)
        t = 1.0f;
    return RGBA(lroundf((float)a.r + ((float)b.r - (float)a.r) * t),
                lroundf((float)a.g + ((float)b.g - (float)a.g) * t),
                lroundf((float)a.b + ((float)b.b - (float)a.b) * t),
                lroundf((float)a.a + ((float)b.a - (float)a.a) * t));
}
