/* SPDX-License-Identifier: Zlib */
/*
** art_bg.c -- the parallax backgrounds: green hills by day, the cave, the
** frozen falls, and the peak at dusk.
**
** Every layer repeats horizontally: hill and mountain profiles are sums of
** whole-period waves or peaks placed on a circle 480 px round. Each set has
** a far, a middle and a near layer of scenery; clouds, the aurora and the
** mist drift along on their own, and snow and drops of water fall (layers
** that also repeat down the view), drawn in the same batch as the rest. Gradients
** are ordered-dithered (4x4 Bayer) between palette steps, the pixel-art way
** to show a smooth sky with few colours.
**
** Pits. A level's bottom row is the bottom of the screen or below it (the
** camera keeps inside the level), and what shows through a bottomless pit
** is the backdrop there. Scenery at the bottom of the screen reads as
** ground, and a player walks into it. So every set ends with a "depth"
** layer fixed to the screen (parallax 0): clear above, a dithered fade into
** the world's darkest colour over its lower third, and that colour below.
** It lies under the tiles, so only open space near the bottom of the view,
** which is always a drop, shows it.
*/
#include "atlas.h"

#include <math.h>
#include <stdio.h>

enum { W = 480, H = 270 };

static const float TAU = 6.28318530718f;

static const int bayer4[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

/* The colour at fraction t of a gradient through n stops, dithered. */
static Rgba gradient(const uint32_t *stops, int n, float t, int x, int y)
{
    if (t < 0.0f)
        t = 0.0f;
    if (t > 1.0f)
        t = 1.0f;
    float pos = t * (float)(n - 1);
    int i = (int)pos;
    if (i >= n - 1)
        return RGB_HEX(stops[n - 1]);
    float frac = pos - (float)i;
    /* four steps between stops, picked by the dither threshold */
    float steps = 4.0f;
    float s = frac * steps;
    int base = (int)s;
    float rest = s - (float)base;
    if (rest * 16.0f > (float)bayer4[y & 3][x & 3] + 0.5f)
        base++;
    return rgba_mix(RGB_HEX(stops[i]), RGB_HEX(stops[i + 1]), (float)base / steps);
}

static void sky(BgLayer *layer, const uint32_t *stops, int n)
{
    for (int y = 0; y < layer->img.h; y++)
        for (int x = 0; x < layer->img.w; x++)
            image_set(&layer->img, x, y,
                      gradient(stops, n, (float)y / (float)(layer->img.h - 1), x, y));
    layer->fill_above = RGB_HEX(stops[0]);
    layer->fill_below = RGB_HEX(stops[n - 1]);
}

/* Distance from a to b around the 480-px circle. */
static float wrap_dist(float a, float b)
{
    float d = fabsf(a - b);
    d = fmodf(d, (float)W);
    return d > (float)W / 2.0f ? (float)W - d : d;
}

/* A smooth rolling profile: top y of the hills at x. */
static float rolling(int x, float base, float amp, uint32_t seed)
{
    float y = base;
    for (int k = 1; k <= 4; k++) {
        float ph = art_noise((uint32_t)k, 0u, seed) * TAU;
        y += amp / (float)k * sinf(TAU * (float)(k + (int)(seed % 2)) * (float)x / (float)W + ph);
    }
    return y;
}

/* A jagged mountain profile: the highest of several peaks, each a steep
** tent with a rough edge. *face is -1 on the lit (left) side, +1 shaded. */
static float ridge(int x, int peaks, float base, float height, uint32_t seed, int *face)
{
    float best = 1e9f;
    *face = 1;
    for (int i = 0; i < peaks; i++) {
        float px = ((float)i + art_noise((uint32_t)i, 1u, seed) * 0.6f) * (float)W / (float)peaks;
        float ph = height * (0.55f + 0.45f * art_noise((uint32_t)i, 2u, seed));
        float slope = 0.75f + 0.5f * art_noise((uint32_t)i, 3u, seed);
        float y = base - ph + slope * wrap_dist((float)x, px);
        if (y < best) {
            best = y;
            float dx = (float)x - px;
            if (dx > (float)W / 2.0f)
                dx -= (float)W;
            if (dx < -(float)W / 2.0f)
                dx += (float)W;
            *face = dx < 0.0f ? -1 : 1;
        }
    }
    /* rough edge, periodic */
    best += 2.0f * (art_noise((uint32_t)(x / 3 % (W / 3)), 4u, seed) - 0.5f);
    return best;
}

/* Narrow hanging (or rising) points: how far the tallest reaches at x. */
static float teeth(int x, int count, float length, uint32_t seed)
{
    float best = 0.0f;
    for (int i = 0; i < count; i++) {
        float px = ((float)i + art_noise((uint32_t)i, 1u, seed) * 0.7f) * (float)W / (float)count;
        float len = length * (0.3f + 0.7f * art_noise((uint32_t)i, 2u, seed));
        float v = len - (2.2f + 1.5f * art_noise((uint32_t)i, 3u, seed)) * wrap_dist((float)x, px);
        if (v > best)
            best = v;
    }
    return best + 2.0f * art_noise((uint32_t)(x / 2 % (W / 2)), 4u, seed);
}

/* A distant mountain range, one flat colour with lit snow on the summits'
** left faces: the far layer of a set, barely moving. */
static bool range_layer(BgSet *set, const char *name, int y, int h, int peaks, float height,
                        uint32_t rock, uint32_t snow, uint32_t shade, uint32_t seed)
{
    BgLayer *l = bg_add_layer(set, name, W, h);
    if (l == NULL)
        return false;
    l->y = y;
    l->parallax_x = 0.07f;
    l->parallax_y = 0.02f;
    l->fill_below = RGB_HEX(rock);
    for (int x = 0; x < W; x++) {
        int face;
        float top = ridge(x, peaks, (float)h, height, seed, &face);
        for (int yy = 0; yy < h; yy++) {
            if ((float)yy < top)
                continue;
            float snow_line = 10.0f - top * 0.05f + 3.0f * art_noise((uint32_t)x, 6u, seed);
            Rgba c = RGB_HEX(rock);
            if ((float)yy - top < snow_line && top < (float)h * 0.55f)
                c = RGB_HEX(face < 0 ? snow : shade);
            image_set(&l->img, x, yy, c);
        }
    }
    return true;
}

/* Things that fall (snow, drops of water): a see-through layer that
** repeats across and down the view and drifts on its own, drawn by the
** renderer with the other layers, so it costs a few quads. `streak` > 1
** draws each as a short vertical streak (a drop) instead of a flake. */
static bool falling(BgSet *set, const char *name, int count, float par, float dx, float dy,
                    int size, int streak, Rgba body, Rgba glint, uint32_t seed)
{
    enum { FW = W / 2, FH = H / 2 }; /* a quarter of the view, repeated */
    BgLayer *l = bg_add_layer(set, name, FW, FH);
    if (l == NULL)
        return false;
    l->parallax_x = par;
    l->parallax_y = par;
    l->drift_x = dx;
    l->drift_y = dy;
    l->repeat_y = true;
    for (int i = 0; i < count; i++) {
        int x = (int)(art_noise((uint32_t)i, 1u, seed) * (float)FW);
        int y = (int)(art_noise((uint32_t)i, 2u, seed) * (float)FH);
        bool big = art_noise((uint32_t)i, 3u, seed) < 0.3f;
        int s = big ? size + 1 : size;
        for (int j = 0; j < s * streak; j++)
            for (int k = 0; k < s; k++)
                image_set(&l->img, (x + k) % FW, (y + j) % FH, j == 0 && k == 0 ? glint : body);
    }
    return true;
}

/* The fade into darkness at the bottom of the screen (see the top). */
static bool depth(BgSet *set, uint32_t dark)
{
    enum { DEPTH_H = 90, SOLID_ROWS = 10 };
    BgLayer *l = bg_add_layer(set, "depth", 16, DEPTH_H);
    if (l == NULL)
        return false;
    l->y = H - DEPTH_H;
    l->fill_below = RGB_HEX(dark);
    for (int y = 0; y < DEPTH_H; y++)
        for (int x = 0; x < 16; x++) {
            float t = (float)y / (float)(DEPTH_H - SOLID_ROWS);
            if (t > 1.0f)
                t = 1.0f;
            /* five steps of opacity, ordered-dithered between */
            float s = t * 4.0f;
            int step = (int)s;
            if ((s - (float)step) * 16.0f > (float)bayer4[y & 3][x & 3] + 0.5f)
                step++;
            if (step > 4)
                step = 4;
            Rgba c = RGB_HEX(dark);
            c.a = (uint8_t)(step * 255 / 4);
            image_set(&l->img, x, y, c);
        }
    return true;
}

static void puff(Image *img, float cx, float cy, float r, Rgba body, Rgba shade)
{
    for (int dx = -W; dx <= W; dx += W) {
        image_fill_disc(img, cx + (float)dx, cy + 1.5f, r, shade);
        image_fill_disc(img, cx + (float)dx, cy, r - 0.5f, body);
    }
}

static bool hills(Atlas *atlas)
{
    BgSet *set = atlas_add_bg(atlas, "hills");
    if (set == NULL)
        return false;
    static const uint32_t sky_stops[] = {0x5cb8f2, 0x8ed2fa, 0xc4ecff, 0xeefbf0};
    BgLayer *l = bg_add_layer(set, "sky", 16, H);
    if (l == NULL)
        return false;
    sky(l, sky_stops, 4);

    l = bg_add_layer(set, "clouds", W, 96);
    if (l == NULL)
        return false;
    l->y = 16;
    l->parallax_x = 0.1f;
    l->parallax_y = 0.02f;
    l->drift_x = -4.0f; /* the clouds sail by on their own */
    for (int c = 0; c < 7; c++) {
        float cx = (float)c * (float)W / 7.0f + art_noise((uint32_t)c, 5u, 11u) * 30.0f;
        float cy = 20.0f + art_noise((uint32_t)c, 6u, 11u) * 50.0f;
        int blobs = 3 + (int)(art_noise((uint32_t)c, 7u, 11u) * 3.0f);
        for (int b = 0; b < blobs; b++) {
            float r = 6.0f + 6.0f * art_noise((uint32_t)c, (uint32_t)b + 10u, 11u);
            puff(&l->img, cx + (float)b * 9.0f, cy - r * 0.4f, r, RGB_HEX(0xffffff),
                 RGB_HEX(0xd6eefc));
        }
    }

    /* far: blue mountains beyond the hills; middle and near: the hills */
    if (!range_layer(set, "far_mountains", 30, 130, 5, 78.0f, 0x9fcbe2, 0xeaf7fc, 0xc3e0ef, 91u))
        return false;

    static const struct {
        float base, amp;
        uint32_t hex, top;
        int y, h;
        float par;
        uint32_t seed;
    } band[] = {
        {40.0f, 14.0f, 0x8cc9b8, 0xb2e2c8, 120, 150, 0.2f, 3u},
        {44.0f, 12.0f, 0x5fa86a, 0x8fcf78, 160, 110, 0.4f, 8u},
    };
    for (int b = 0; b < 2; b++) {
        l = bg_add_layer(set, b ? "near_hills" : "far_hills", W, band[b].h);
        if (l == NULL)
            return false;
        l->y = band[b].y;
        l->parallax_x = band[b].par;
        l->parallax_y = band[b].par * 0.25f;
        l->fill_below = RGB_HEX(band[b].hex);
        for (int x = 0; x < W; x++) {
            int top = (int)lroundf(rolling(x, band[b].base, band[b].amp, band[b].seed));
            for (int y = top; y < band[b].h; y++)
                image_set(&l->img, x, y, y - top < 2 ? RGB_HEX(band[b].top) : RGB_HEX(band[b].hex));
        }
        if (b == 1) {
            /* round trees along the near hills */
            for (int t = 0; t < 14; t++) {
                float tx = (float)t * (float)W / 14.0f + art_noise((uint32_t)t, 8u, 13u) * 20.0f;
                float ty = rolling((int)tx % W, band[b].base, band[b].amp, band[b].seed);
                float r = 5.0f + 3.0f * art_noise((uint32_t)t, 9u, 13u);
                for (int dx = -W; dx <= W; dx += W) {
                    image_fill_rect(&l->img, (int)tx + dx, (int)(ty - r), 2, (int)r + 2,
                                    RGB_HEX(0x4a7a4a));
                    image_fill_disc(&l->img, tx + (float)dx, ty - r - 2.0f, r, RGB_HEX(0x4f9a58));
                    image_fill_disc(&l->img, tx + (float)dx - 1.0f, ty - r - 3.0f, r - 2.0f,
                                    RGB_HEX(0x6fb86a));
                }
            }
        }
    }
    return depth(set, 0x10283a);
}

static bool cave(Atlas *atlas)
{
    BgSet *set = atlas_add_bg(atlas, "cave");
    if (set == NULL)
        return false;
    static const uint32_t dark_stops[] = {0x0f0d1c, 0x1a1730, 0x221d3a};
    BgLayer *l = bg_add_layer(set, "dark", 16, H);
    if (l == NULL)
        return false;
    sky(l, dark_stops, 3);

    /* far: pillars of rock deep in the dark, a crystal glinting on a few */
    l = bg_add_layer(set, "far_columns", W, H);
    if (l == NULL)
        return false;
    l->parallax_x = 0.1f;
    l->parallax_y = 0.1f;
    for (int c = 0; c < 6; c++) {
        float cx = (float)c * (float)W / 6.0f + art_noise((uint32_t)c, 1u, 23u) * 40.0f;
        float half = 7.0f + 9.0f * art_noise((uint32_t)c, 2u, 23u);
        for (int y = 0; y < H; y++) {
            /* waisted in the middle, flared where it meets floor and roof */
            float t = ((float)y - (float)H / 2.0f) / ((float)H / 2.0f);
            float w = half * (0.6f + 0.5f * t * t) +
                      1.5f * art_noise((uint32_t)(y / 3), (uint32_t)c, 24u);
            for (int x = (int)(cx - w); x <= (int)(cx + w); x++)
                image_set(&l->img, (x + W) % W, y,
                          RGB_HEX((float)x < cx - w + 2.0f ? 0x2a2446 : 0x201c36));
        }
        if (c % 2 == 0) {
            int gy = 60 + (int)(art_noise((uint32_t)c, 3u, 23u) * 150.0f);
            image_fill_disc(&l->img, cx, (float)gy, 3.0f, RGBA(208, 140, 255, 40));
            image_set(&l->img, (int)cx, gy, RGB_HEX(0x8446cc));
        }
    }

    static const struct {
        uint32_t hex, edge;
        float par;
        int teeth;
        uint32_t seed;
    } wall[] = {
        {0x27233f, 0x2f2a4c, 0.2f, 11, 21u},
        {0x332c52, 0x433a68, 0.45f, 7, 22u},
    };
    for (int w = 0; w < 2; w++) {
        l = bg_add_layer(set, w ? "near_rock" : "far_rock", W, H);
        if (l == NULL)
            return false;
        l->parallax_x = wall[w].par;
        l->parallax_y = wall[w].par;
        l->fill_above = RGB_HEX(wall[w].hex);
        l->fill_below = RGB_HEX(wall[w].hex);
        for (int x = 0; x < W; x++) {
            /* stalactites hang from the ceiling, stalagmites rise from the floor */
            float down = 22.0f + 14.0f * (float)w +
                         teeth(x, wall[w].teeth, 70.0f + 20.0f * (float)w, wall[w].seed);
            float up = (float)H - 16.0f -
                       teeth(x, wall[w].teeth + 2, 90.0f + 25.0f * (float)w, wall[w].seed + 7u);
            for (int y = 0; y < H; y++) {
                if ((float)y < down || (float)y > up) {
                    bool edge = (float)y > down - 2.0f && (float)y < down;
                    bool edge2 = (float)y < up + 2.0f && (float)y > up;
                    image_set(&l->img, x, y,
                              edge || edge2 ? RGB_HEX(wall[w].edge) : RGB_HEX(wall[w].hex));
                }
            }
        }
        if (w == 1) {
            /* glowing crystals studding the near rock */
            for (int c = 0; c < 10; c++) {
                int cx =
                    (int)((float)c * (float)W / 10.0f + art_noise((uint32_t)c, 1u, 40u) * 30.0f) %
                    W;
                float up =
                    (float)H - 16.0f - teeth(cx, wall[w].teeth + 2, 115.0f, wall[w].seed + 7u);
                int cy = (int)up + 6 + (int)(art_noise((uint32_t)c, 2u, 40u) * 20.0f);
                Rgba glow = c % 2 ? RGBA(143, 255, 240, 40) : RGBA(208, 140, 255, 40);
                Rgba core = c % 2 ? RGB_HEX(0x5fd8c8) : RGB_HEX(0xa86ee0);
                image_fill_disc(&l->img, (float)cx, (float)cy, 7.0f, glow);
                image_fill_disc(&l->img, (float)cx, (float)cy, 4.0f, glow);
                image_line(&l->img, cx, cy + 2, cx - 1, cy - 3, 1, core);
                image_line(&l->img, cx + 2, cy + 2, cx + 3, cy - 1, 1, core);
            }
        }
    }
    /* drops of water falling from the roof, in front of the near rock */
    if (!falling(set, "drips", 4, 0.45f, 0.0f, 110.0f, 1, 3, RGBA(120, 170, 230, 150),
                 RGBA(200, 235, 255, 220), 25u))
        return false;
    return depth(set, 0x08070f);
}

/* Stepped cliffs: the height of the ledge over x, flat tops with sheer
** drops between; *edge is the distance to the nearest drop. */
static float ledges(int x, int count, float base, float height, uint32_t seed, float *edge)
{
    float seg = (float)W / (float)count;
    int i = (int)((float)x / seg) % count;
    float within = (float)x - (float)i * seg;
    *edge = within < seg - within ? within : seg - within;
    /* shoulders worn round where the ledge breaks off */
    float shoulder = *edge < 6.0f ? (6.0f - *edge) * (6.0f - *edge) * 0.3f : 0.0f;
    return base - height * (0.35f + 0.65f * art_noise((uint32_t)i, 1u, seed)) + shoulder;
}

static bool ice(Atlas *atlas)
{
    BgSet *set = atlas_add_bg(atlas, "ice");
    if (set == NULL)
        return false;
    static const uint32_t sky_stops[] = {0x17305f, 0x2b5a98, 0x5896cc, 0xa2d5ef, 0xe2f6fc};
    BgLayer *l = bg_add_layer(set, "sky", 16, H);
    if (l == NULL)
        return false;
    sky(l, sky_stops, 5);

    /* an aurora: green curtains, folded, brightest along their lower hem and
    ** fading upward, as the real ones do */
    l = bg_add_layer(set, "aurora", W, 100);
    if (l == NULL)
        return false;
    l->y = 6;
    l->parallax_x = 0.04f;
    l->parallax_y = 0.01f;
    l->drift_x = 3.0f; /* the curtains sway along */
    for (int x = 0; x < W; x++) {
        float fx = (float)x / (float)W;
        float hem = 62.0f + 12.0f * sinf(TAU * 2.0f * fx + 0.7f) + 6.0f * sinf(TAU * 5.0f * fx);
        float fold = 0.5f + 0.5f * sinf(TAU * 23.0f * fx + 2.0f * sinf(TAU * 3.0f * fx));
        float len = 24.0f + 24.0f * fold;
        for (int y = (int)(hem - len); y <= (int)hem; y++) {
            if (y < 0)
                continue;
            float t = (hem - (float)y) / len; /* 0 at the hem */
            int a = (int)((1.0f - t) * (1.0f - t) * (24.0f + 56.0f * fold));
            if (a < 8)
                continue;
            a = a / 12 * 12; /* a few steps of light, the pixel-art way */
            image_set(&l->img, x, y,
                      hem - (float)y < 1.0f ? RGBA(170, 255, 210, a + 24) : RGBA(110, 235, 170, a));
        }
    }

    /* far: snowy mountains under the aurora */
    if (!range_layer(set, "far_peaks", 60, 150, 5, 72.0f, 0x6f9cc8, 0xe6f6fd, 0xa9cbe6, 77u))
        return false;

    /* middle: cliffs of blue ice, snow on the ledges, icicles under the
    ** snow, and frozen falls pouring over three of the drops */
    l = bg_add_layer(set, "far_cliffs", W, 180);
    if (l == NULL)
        return false;
    l->y = 90;
    l->parallax_x = 0.15f;
    l->parallax_y = 0.04f;
    l->fill_below = RGB_HEX(0xb3d2ea);
    for (int x = 0; x < W; x++) {
        float edge;
        int top = (int)lroundf(ledges(x, 8, 120.0f, 90.0f, 71u, &edge));
        top += (int)(2.0f * art_noise((uint32_t)(x / 4 % (W / 4)), 3u, 71u));
        int icicle = art_noise((uint32_t)x, 4u, 71u) < 0.45f
                         ? 2 + (int)(art_noise((uint32_t)x, 5u, 71u) * 6.0f)
                         : 0;
        for (int y = top; y < 180; y++) {
            int d = y - top;
            Rgba c = RGB_HEX(edge < 3.0f ? 0x9dbfdc : 0xb3d2ea);
            if ((x + y) % 23 == 0 && d > 8 && d < 40)
                c = RGB_HEX(0xc6e0f2); /* a glassy streak */
            if (d < 3)
                c = RGB_HEX(0xeef9ff);
            else if (d < 3 + icicle)
                c = RGB_HEX(0xd8eefa);
            image_set(&l->img, x, y, c);
        }
    }
    for (int f = 0; f < 3; f++) {
        float seg = (float)W / 8.0f;
        int x0 = (int)((float)(f * 3 + 1) * seg) - 9;
        float dummy;
        int top = (int)lroundf(
            ledges(x0 - 12 < 0 ? x0 - 12 + W : x0 - 12, 8, 120.0f, 90.0f, 71u, &dummy));
        int top2 = (int)lroundf(ledges(x0 + 20, 8, 120.0f, 90.0f, 71u, &dummy));
        if (top2 < top)
            top = top2;
        for (int x = x0; x < x0 + 14; x++)
            for (int y = top; y < 180; y++) {
                int col = x - x0;
                float n = art_noise((uint32_t)x, (uint32_t)(y / 6), 72u);
                Rgba c = RGB_HEX(col % 4 == 1 || n < 0.2f ? 0xe6f6fc
                                 : col % 4 == 3           ? 0xbcdcf0
                                                          : 0xd2eaf6);
                if (y - top < 2)
                    c = RGB_HEX(0xf4fcff);
                image_set(&l->img, x % W, y, c);
            }
    }

    /* near: snow banks and frosted firs */
    l = bg_add_layer(set, "near_firs", W, 110);
    if (l == NULL)
        return false;
    l->y = 160;
    l->parallax_x = 0.35f;
    l->parallax_y = 0.1f;
    l->fill_below = RGB_HEX(0x7ea8d0);
    for (int x = 0; x < W; x++) {
        int top = (int)lroundf(rolling(x, 58.0f, 10.0f, 75u));
        for (int y = top; y < 110; y++)
            image_set(&l->img, x, y,
                      RGB_HEX(y - top < 2   ? 0xe6f6fd
                              : y - top < 5 ? 0xb2d4ec
                                            : 0x7ea8d0));
    }
    for (int t = 0; t < 16; t++) {
        float tx = (float)t * (float)W / 16.0f + art_noise((uint32_t)t, 8u, 76u) * 18.0f;
        float ty = rolling((int)tx % W, 58.0f, 10.0f, 75u) + 2.0f;
        float h = 16.0f + 14.0f * art_noise((uint32_t)t, 9u, 76u);
        for (int dx = -W; dx <= W; dx += W)
            for (int y = 0; y < (int)h; y++) {
                float half = 1.0f + (float)y * 0.32f + (float)(y % 5) * 0.35f;
                int cx = (int)tx + dx, yy = (int)(ty - h) + y;
                for (int x = cx - (int)half; x <= cx + (int)half; x++) {
                    bool snow = y % 5 == 0 || (x < cx && y % 5 == 1);
                    image_set(&l->img, x, yy,
                              RGB_HEX(snow     ? 0xe6f6fd
                                      : x < cx ? 0x4a7f9c
                                               : 0x3a6884));
                }
            }
    }
    /* snow falling, small and slow far off, bigger and quicker near */
    if (!falling(set, "snow_far", 23, 0.5f, -6.0f, 16.0f, 1, 1, RGBA(235, 248, 255, 170),
                 RGBA(255, 255, 255, 220), 78u) ||
        !falling(set, "snow_near", 7, 0.9f, -11.0f, 32.0f, 2, 1, RGBA(240, 250, 255, 210),
                 RGBA(255, 255, 255, 255), 79u))
        return false;
    return depth(set, 0x081a33);
}

static bool peak(Atlas *atlas)
{
    BgSet *set = atlas_add_bg(atlas, "peak");
    if (set == NULL)
        return false;
    static const uint32_t dusk[] = {0x1d1a3f, 0x3b2660, 0x7a3a7e, 0xc9577c, 0xf39a6e, 0xffd58f};
    BgLayer *l = bg_add_layer(set, "sky", 16, H);
    if (l == NULL)
        return false;
    sky(l, dusk, 6);

    l = bg_add_layer(set, "stars", W, 110);
    if (l == NULL)
        return false;
    l->parallax_x = 0.05f;
    for (int y = 0; y < 110; y++)
        for (int x = 0; x < W; x++) {
            float n = art_noise((uint32_t)x, (uint32_t)y, 51u);
            float density = 0.012f * (1.0f - (float)y / 110.0f);
            if (n < density)
                image_set(&l->img, x, y,
                          n < density * 0.2f ? RGB_HEX(0xfff3c4) : RGBA(220, 210, 255, 170));
        }
    /* the evening star */
    image_set(&l->img, 380, 30, RGB_HEX(0xffffff));
    image_set(&l->img, 379, 30, RGBA(255, 255, 255, 120));
    image_set(&l->img, 381, 30, RGBA(255, 255, 255, 120));
    image_set(&l->img, 380, 29, RGBA(255, 255, 255, 120));
    image_set(&l->img, 380, 31, RGBA(255, 255, 255, 120));

    /* far: a hazy range beyond the peaks, in the dusk's own colours */
    if (!range_layer(set, "far_range", 80, 150, 7, 80.0f, 0x8a5a92, 0xf3b7c8, 0xb98ab8, 63u))
        return false;

    static const struct {
        const char *name;
        int y, h, peaks;
        float height, par;
        uint32_t rock, lit, shade;
        uint32_t seed;
    } range[] = {
        {"far_peaks", 100, 170, 6, 95.0f, 0.15f, 0x4b3a78, 0xf6b8d2, 0xa98ad0, 61u},
        {"near_peaks", 150, 120, 4, 70.0f, 0.3f, 0x2c2150, 0xe7a4c8, 0x7e68b0, 62u},
    };
    for (int r = 0; r < 2; r++) {
        l = bg_add_layer(set, range[r].name, W, range[r].h);
        if (l == NULL)
            return false;
        l->y = range[r].y;
        l->parallax_x = range[r].par;
        l->parallax_y = range[r].par * 0.3f;
        l->fill_below = RGB_HEX(range[r].rock);
        for (int x = 0; x < W; x++) {
            int face;
            float top =
                ridge(x, range[r].peaks, (float)range[r].h, range[r].height, range[r].seed, &face);
            for (int y = 0; y < range[r].h; y++) {
                if ((float)y < top)
                    continue;
                float depth = (float)y - top;
                /* snow down from the summits, deeper near the top */
                float snow_line =
                    18.0f - top * 0.12f + 4.0f * art_noise((uint32_t)x, 5u, range[r].seed);
                Rgba c = RGB_HEX(range[r].rock);
                if (depth < snow_line && top < (float)range[r].h * 0.6f)
                    c = face < 0 ? RGB_HEX(range[r].lit) : RGB_HEX(range[r].shade);
                image_set(&l->img, x, y, c);
            }
        }
    }

    l = bg_add_layer(set, "mist", W, 40);
    if (l == NULL)
        return false;
    /* a band of mist, drifting; nothing below it: a see-through fill would
    ** wash over the whole view once a tall level's camera is low */
    l->y = 222;
    l->parallax_x = 0.5f;
    l->parallax_y = 0.09f; /* with the near peaks: it stays in their valleys */
    l->drift_x = -6.0f;
    for (int x = 0; x < W; x++) {
        float top = 14.0f + 6.0f * sinf(TAU * 3.0f * (float)x / (float)W) +
                    3.0f * sinf(TAU * 7.0f * (float)x / (float)W);
        for (int y = (int)top; y < 40; y++)
            image_set(&l->img, x, y,
                      (float)y - top < 2.0f ? RGBA(255, 214, 226, 110) : RGBA(246, 184, 210, 90));
    }
    /* spindrift: snow blown off the ridges */
    if (!falling(set, "spindrift", 10, 0.7f, -34.0f, 9.0f, 1, 1, RGBA(255, 236, 246, 170),
                 RGBA(255, 255, 255, 230), 64u))
        return false;
    return depth(set, 0x140f2e);
}

bool art_gen_backgrounds(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    (void)art;
    if (!hills(atlas) || !cave(atlas) || !ice(atlas) || !peak(atlas)) {
        snprintf(err, errlen, "backgrounds: out of memory");
        return false;
    }
    return true;
}
