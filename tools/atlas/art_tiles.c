/* SPDX-License-Identifier: Zlib */
/*
** art_tiles.c -- the tile sets: solid ground, one-way ledges, spikes and
** decorations, one set per theme (hills, cave, ice, peak).
**
** Solid tiles are "blob" autotiles: a tile's look depends on which of its
** eight neighbours are solid. A diagonal neighbour matters only when both
** sides next to it are solid too, which leaves 47 distinct tiles; blob_map
** takes any 8-bit neighbour mask (bit 0 north, then clockwise: NE, E, SE,
** S, SW, W, NW) to one of them. Each tile is painted from distances to the
** open edges, so the 47 always agree where they meet, and its texture
** repeats every 16 px, so neighbours join without seams.
**
** Spikes are the one tile that kills, so they look the same in every world
** and like nothing else in any: a bolted iron plate with steel teeth whose
** points glow red. Decorations keep to soft shapes and the theme's colours.
*/
#include "atlas.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum {
    T = 16,
    N_BIT = 1,
    NE_BIT = 2,
    E_BIT = 4,
    SE_BIT = 8,
    S_BIT = 16,
    SW_BIT = 32,
    W_BIT = 64,
    NW_BIT = 128
};

static int canonical(int m)
{
    if (!(m & N_BIT) || !(m & E_BIT))
        m &= ~NE_BIT;
    if (!(m & S_BIT) || !(m & E_BIT))
        m &= ~SE_BIT;
    if (!(m & S_BIT) || !(m & W_BIT))
        m &= ~SW_BIT;
    if (!(m & N_BIT) || !(m & W_BIT))
        m &= ~NW_BIT;
    return m;
}

typedef enum Theme { HILLS, CAVE, ICE, PEAK, THEME_COUNT } Theme;
static const char *const theme_names[THEME_COUNT] = {"hills", "cave", "ice", "peak"};

typedef struct Pal {
    Rgba outline, top1, top2, top3, top4, base, dark, light, deep;
} Pal;

static Pal theme_pal(const ArtSet *art, Theme th)
{
    Pal p;
    p.outline = art_color(art, 'k');
    switch (th) {
    case HILLS:
        p.top1 = art_color(art, '1');
        p.top2 = art_color(art, '2');
        p.top3 = art_color(art, '3');
        p.top4 = art_color(art, '4');
        p.base = art_color(art, '6');
        p.dark = art_color(art, '7');
        p.light = art_color(art, '5');
        p.deep = art_color(art, '8');
        break;
    case CAVE:
        p.top1 = art_color(art, 'a');
        p.top2 = art_color(art, 'Q');
        p.top3 = art_color(art, 'c');
        p.top4 = art_color(art, 'd');
        p.base = art_color(art, 'c');
        p.dark = art_color(art, 'd');
        p.light = art_color(art, 'a');
        p.deep = art_color(art, 'f');
        break;
    case ICE:
        p.top1 = art_color(art, 'F');
        p.top2 = art_color(art, 'F');
        p.top3 = art_color(art, 'I');
        p.top4 = art_color(art, '0');
        p.base = art_color(art, '+');
        p.dark = art_color(art, '-');
        p.light = art_color(art, '0');
        p.deep = art_color(art, '=');
        break;
    default:
        p.top1 = art_color(art, 'h');
        p.top2 = art_color(art, 'h');
        p.top3 = art_color(art, 'H');
        p.top4 = art_color(art, 'i');
        p.base = art_color(art, 'j');
        p.dark = art_color(art, 'J');
        p.light = art_color(art, 'i');
        p.deep = art_color(art, 'K');
        break;
    }
    return p;
}

static int min4(int a, int b, int c, int d)
{
    int m = a < b ? a : b;
    m = m < c ? m : c;
    return m < d ? m : d;
}

/* The ground's texture, repeating every tile. */
static Rgba texture(const Pal *p, Theme th, int x, int y)
{
    float n = art_noise((uint32_t)x, (uint32_t)y, 7u + (uint32_t)th);
    if (th == CAVE) {
        /* masonry of 8x8 stones, rows offset by half */
        int ox = (y / 8) % 2 ? 4 : 0;
        if (y % 8 == 7 || (x + ox) % 8 == 7)
            return p->dark;
        if (y % 8 == 0 || (x + ox) % 8 == 0)
            return n < 0.5f ? p->light : p->base;
        return n < 0.08f ? p->dark : p->base;
    }
    if (th == ICE) {
        /* clear blue ice, a few frosty specks; glints, cracks and bubbles
        ** are fill details, so no mark repeats from tile to tile */
        return n < 0.03f ? p->dark : n > 0.985f ? p->light : p->base;
    }
    if (th == PEAK) {
        /* layered rock: diagonal strata, whose period divides the tile's
        ** size so that they run on unbroken from tile to tile */
        int band = (x + 2 * y) % T;
        if (band == 0)
            return p->dark;
        if (band == 1 && n < 0.6f)
            return p->light;
        return n < 0.03f ? p->dark : p->base;
    }
    /* hills: earth, speckled; pebbles and roots are fill details */
    return n < 0.1f ? p->dark : n > 0.97f ? p->light : p->base;
}

static void paint_solid(Image *img, const Pal *p, Theme th, int m)
{
    bool top = !(m & N_BIT), bottom = !(m & S_BIT), left = !(m & W_BIT), right = !(m & E_BIT);
    for (int y = 0; y < T; y++)
        for (int x = 0; x < T; x++) {
            int dt = top ? y : 99, db = bottom ? T - 1 - y : 99;
            int dl = left ? x : 99, dr = right ? T - 1 - x : 99;
            /* inner corners: a missing diagonal with both sides solid */
            int dc = 99;
            if ((m & N_BIT) && (m & W_BIT) && !(m & NW_BIT))
                dc = x > y ? x : y;
            if ((m & N_BIT) && (m & E_BIT) && !(m & NE_BIT) && (T - 1 - x > y ? T - 1 - x : y) < dc)
                dc = T - 1 - x > y ? T - 1 - x : y;
            if ((m & S_BIT) && (m & W_BIT) && !(m & SW_BIT) && (x > T - 1 - y ? x : T - 1 - y) < dc)
                dc = x > T - 1 - y ? x : T - 1 - y;
            if ((m & S_BIT) && (m & E_BIT) && !(m & SE_BIT) &&
                (T - 1 - x > T - 1 - y ? T - 1 - x : T - 1 - y) < dc)
                dc = T - 1 - x > T - 1 - y ? T - 1 - x : T - 1 - y;
            /* rounded outer corners */
            if ((top && left && x + y < 2) || (top && right && (T - 1 - x) + y < 2) ||
                (bottom && left && x + (T - 1 - y) < 2) ||
                (bottom && right && (T - 1 - x) + (T - 1 - y) < 2))
                continue;
            int d = min4(dt, db, dl, dr);
            bool corner = dc < d;
            if (corner)
                d = dc;
            Rgba c = texture(p, th, x, y);
            if (d == 0) {
                c = p->outline;
            } else if (!corner && dt <= 7 && dt == d && top) {
                /* the cap: grass, moss or snow, with a ragged lower edge */
                int depth = th == CAVE ? 2 : th == PEAK ? 5 : th == ICE ? 3 : 4;
                float n = art_noise((uint32_t)x, 0u, 31u + (uint32_t)th);
                int ragged = depth + (n < 0.35f ? 1 : 0) + (n < 0.12f ? 1 : 0);
                if (dt == 1)
                    c = p->top1;
                else if (dt <= depth - 1)
                    c = p->top2;
                else if (dt < ragged)
                    c = p->top3;
                else if (dt == ragged)
                    c = p->top4;
                if (th == CAVE && dt == 1 && art_noise((uint32_t)x, 1u, 5u) < 0.4f)
                    c = p->top2; /* moss on the lit stone */
                if (th == CAVE && dt == 2)
                    c = art_noise((uint32_t)x, 2u, 5u) < 0.3f ? p->top2 : p->light;
            } else if (!corner && top && dt <= 6 && d > 0 && d == dl + 0 && dt <= 4) {
                c = p->top3; /* the cap wraps the corner */
            } else if (d == 1) {
                /* one pixel inside the outline: light from the upper left */
                bool lit = d == dl || d == dt;
                c = lit ? p->light : p->dark;
                if (corner)
                    c = p->dark;
            } else if (d == 2 && (d == db || d == dr)) {
                c = rgba_mix(c, p->dark, 0.5f);
            }
            if (th == HILLS && top && d == dt && dt > 5 && dt < 8 &&
                art_noise((uint32_t)x, 3u, 9u) < 0.25f)
                c = p->dark; /* roots under the turf */
            image_set(img, x, y, c);
        }
    /* grass blades poking up from the top row */
    if (top && th != CAVE && th != ICE)
        for (int x = 1; x < T - 1; x++)
            if (art_noise((uint32_t)x, 9u, 77u + (uint32_t)th) < 0.18f && !(left && x < 2) &&
                !(right && x > T - 3))
                image_set(img, x, 0, p->top2);
}

/* Two bold teeth on a bolted plate, lit from the upper left. The lethal half
** of the tile (interact.c: the half at the base, inset 2 px) is all plate
** and teeth; the red points above it warn from afar. */
static void paint_spike_up(Image *img, const ArtSet *art)
{
    Rgba k = art_color(art, 'k'), glint = art_color(art, '9'), hot = art_color(art, 'r'),
         hot_dark = art_color(art, 'R'), steel_hi = art_color(art, 'x'),
         steel = art_color(art, 'X'), steel_dark = art_color(art, 'z'), iron = art_color(art, 'Z');
    /* each tooth seven pixels wide at the plate, widening by one a side every
    ** two rows, so its flanks are clean 2:1 lines */
    static const int width[] = {1, 1, 1, 3, 3, 5, 5, 7, 7};
    enum { TIP = 3, BASE = 12, RED = 5 };
    for (int s = 0; s < 2; s++) {
        int cx = s * 8 + 3;
        for (int y = TIP; y < BASE; y++) {
            int half = width[y - TIP] / 2;
            for (int dx = -half; dx <= half; dx++) {
                Rgba c = dx <= 0 ? steel : steel_dark;
                if (dx == -half && dx < 0)
                    c = steel_hi; /* the lit flank */
                if (y < TIP + RED)
                    c = dx <= 0 ? hot : hot_dark; /* red-hot points */
                if ((y == TIP || y == TIP + 2) && dx <= 0)
                    c = glint;
                image_set(img, cx + dx, y, c);
            }
        }
    }
    /* the plate, bolted down at both ends */
    image_fill_rect(img, 0, BASE, T, 3, iron);
    image_fill_rect(img, 0, BASE, T, 1, steel_dark);
    image_set(img, 3, BASE + 1, steel);
    image_set(img, 12, BASE + 1, steel);
    image_fill_rect(img, 0, 15, T, 1, k);
    image_outline(img, k, false);
}

/* Icicles hanging under an ice ledge: short, blunt and pale, so they read as
** frost and never as the iron spikes. */
static void paint_icicles(Image *img, const ArtSet *art, bool cap_left, bool cap_right)
{
    /* x, length: blunt drops of frost, outlined in blue, not in black */
    static const int drips[][2] = {{3, 3}, {10, 4}};
    Rgba frost = art_color(art, 'F'), glass = art_color(art, 'I');
    Image ice;
    if (!image_init(&ice, T, T))
        return;
    for (size_t d = 0; d < sizeof drips / sizeof drips[0]; d++) {
        int x = drips[d][0], len = drips[d][1];
        if ((cap_left && x < 3) || (cap_right && x > T - 4))
            continue;
        image_fill_rect(&ice, x, 6, 2, len - 1, frost);
        image_set(&ice, x + 1, 6, glass);
        image_set(&ice, x, 5 + len, glass);
    }
    image_outline(&ice, art_color(art, '+'), false);
    for (int x = 0; x < T; x++)
        image_set(&ice, x, 5, CLEAR); /* the ledge's own outline is there */
    image_blit(img, 0, 0, &ice, 0, 0, T, T, false);
    image_fini(&ice);
}

static void paint_oneway(Image *img, const ArtSet *art, Theme th, bool cap_left, bool cap_right)
{
    Rgba k = art_color(art, 'k');
    Rgba top, body, under;
    if (th == CAVE) {
        top = art_color(art, 'a');
        body = art_color(art, 'c');
        under = art_color(art, 'd');
    } else if (th == ICE) {
        top = art_color(art, 'I');
        body = art_color(art, '0');
        under = art_color(art, '+');
    } else {
        top = art_color(art, 'm');
        body = art_color(art, 'm');
        under = art_color(art, 'M');
    }
    int x0 = cap_left ? 1 : 0, x1 = cap_right ? T - 1 : T;
    int ix = x0 + (cap_left ? 1 : 0), iw = x1 - x0 - (cap_left ? 1 : 0) - (cap_right ? 1 : 0);
    image_fill_rect(img, x0, 0, x1 - x0, 6, k);
    image_fill_rect(img, ix, 1, iw, 4, body);
    image_fill_rect(img, ix, 1, iw, 1,
                    th == PEAK || th == ICE ? art_color(art, th == ICE ? 'F' : 'h')
                                            : rgba_mix(top, RGBA(255, 255, 255, 255), 0.3f));
    image_fill_rect(img, ix, 4, iw, 1, under);
    if (th == ICE) {
        /* a glassy glint across the slab */
        image_set(img, 4, 2, art_color(art, 'F'));
        image_set(img, 5, 3, top);
        image_set(img, 11, 2, top);
        image_set(img, 12, 3, art_color(art, 'F'));
    } else if (th != CAVE) {
        image_set(img, 7, 2, under); /* plank seam */
        image_set(img, 7, 3, under);
        image_set(img, 3, 2, art_color(art, 'X'));
        image_set(img, 12, 2, art_color(art, 'X'));
    } else {
        image_set(img, 5, 3, under);
        image_set(img, 11, 2, under);
    }
    if (th == PEAK || th == ICE) {
        /* snow lying on the ledge, a little over the edge */
        image_fill_rect(img, x0 + 1, 0, x1 - x0 - 2, 1, art_color(art, th == ICE ? 'F' : 'h'));
    }
    if (th == ICE) {
        paint_icicles(img, art, cap_left, cap_right);
        return;
    }
    /* a bracket under each end */
    for (int side = 0; side < 2; side++) {
        if (!(side ? cap_right : cap_left))
            continue;
        int bx = side ? T - 4 : 3;
        int dir = side ? -1 : 1;
        for (int i = 0; i < 4; i++) {
            image_set(img, bx + dir * i, 6 + i, under);
            image_set(img, bx + dir * i + 1, 6 + i, k);
        }
        image_set(img, bx, 6, under);
    }
}

/* ---- depth ------------------------------------------------------------------------- */

/* How far pixel (x, y) of a tile with neighbour mask m lies from the open
** sides and the open diagonal corners. */
static int open_distance(int m, int x, int y)
{
    int d = min4(!(m & N_BIT) ? y : 99, !(m & S_BIT) ? T - 1 - y : 99, !(m & W_BIT) ? x : 99,
                 !(m & E_BIT) ? T - 1 - x : 99);
    int ix = T - 1 - x, iy = T - 1 - y;
    if ((m & N_BIT) && (m & W_BIT) && !(m & NW_BIT) && (x > y ? x : y) < d)
        d = x > y ? x : y;
    if ((m & N_BIT) && (m & E_BIT) && !(m & NE_BIT) && (ix > y ? ix : y) < d)
        d = ix > y ? ix : y;
    if ((m & S_BIT) && (m & W_BIT) && !(m & SW_BIT) && (x > iy ? x : iy) < d)
        d = x > iy ? x : iy;
    if ((m & S_BIT) && (m & E_BIT) && !(m & SE_BIT) && (ix > iy ? ix : iy) < d)
        d = ix > iy ? ix : iy;
    return d;
}

/* Shade for ground deep inside a mass: one set for every world, black at a
** quarter alpha over the tiles, so a wide wall or a thick floor darkens
** towards its heart and reads as a volume rather than a flat texture. The
** renderer lays it as a second blob autotile over the tiles whose eight
** neighbours are all solid ("deep"), the mask made of which neighbours are
** deep too; the shade fades in over a dithered band a few pixels inside
** the deep region's edge, so the step from lit rim to shade is soft. */
static void paint_shade(Image *img, int m)
{
    Rgba dark = RGBA(0, 0, 0, 64);
    for (int y = 0; y < T; y++)
        for (int x = 0; x < T; x++) {
            int d = open_distance(m, x, y);
            if (d >= 6 || (d >= 2 && (x + y) % 2 == 0) || (d >= 4 && x % 2 == 0))
                image_set(img, x, y, dark);
        }
}

/* ---- fill details ------------------------------------------------------------------ */

/* What breaks up a wide stretch of ground: small things set into the fill
** (stones, roots, cracks, fossils; bricks cracked or mossy; bubbles, shards
** and snow frozen into the ice; quartz and lichen in the rock), painted on
** a clear cell and drawn over a solid tile with solid ground above and
** below it, picked by a hash of its position. They keep to columns 3 to 12
** and rows 3 to 14, inside the outline and the lit edge of a wall, and to
** the theme's own colours. */
enum { FILL_COUNT = 8, DECOR_COUNT = 8 };

/* A stone of w x h at (x, y): body, a lit top-left, a shaded bottom-right,
** a soft outline in `rim`. */
static void stone(Image *img, int x, int y, int w, int h, Rgba body, Rgba lit, Rgba shade, Rgba rim)
{
    Image s;
    if (!image_init(&s, T, T))
        return;
    image_fill_rect(&s, x, y + 1, w, h - 2, body);
    image_fill_rect(&s, x + 1, y, w - 2, h, body);
    image_fill_rect(&s, x + 1, y + 1, w - 2, 1, lit);
    image_set(&s, x + 1, y + 2, lit);
    image_fill_rect(&s, x + 2, y + h - 2, w - 3, 1, shade);
    image_set(&s, x + w - 2, y + h - 3, shade);
    image_outline(&s, rim, false);
    image_blit(img, 0, 0, &s, 0, 0, T, T, false);
    image_fini(&s);
}

/* A crack: a jagged line from (x, y) going down and across, with a lit lip. */
static void crack(Image *img, int x, int y, int len, int seed, Rgba dark, Rgba lit)
{
    for (int i = 0; i < len; i++) {
        image_set(img, x, y, dark);
        image_set(img, x + 1, y, lit);
        y++;
        float n = art_noise((uint32_t)i, (uint32_t)seed, 91u);
        x += n < 0.4f ? -1 : n < 0.8f ? 1 : 0;
        if (i == len / 2) {
            image_set(img, x - 1, y, dark); /* a branch */
            image_set(img, x - 2, y + 1, dark);
        }
    }
}

/* Specks of `c` where the noise falls under `amount`, inside a disc. */
static void speckle(Image *img, float cx, float cy, float r, float amount, uint32_t seed, Rgba c)
{
    for (int y = 3; y <= 12; y++)
        for (int x = 3; x <= 12; x++) {
            float dx = (float)x - cx, dy = (float)y - cy;
            if (dx * dx + dy * dy <= r * r && art_noise((uint32_t)x, (uint32_t)y, seed) < amount)
                image_set(img, x, y, c);
        }
}

/* Little pebbles as the earth shows them: a lit top over a shaded foot. */
static void pebbles(Image *img, const Pal *p, const int (*at)[2], int n)
{
    for (int i = 0; i < n; i++) {
        image_fill_rect(img, at[i][0], at[i][1], 2, 1, p->light);
        image_fill_rect(img, at[i][0], at[i][1] + 1, 2, 1, p->dark);
    }
}

static void paint_fill_hills(Image *img, const ArtSet *art, const Pal *p, int k)
{
    Rgba grey = art_color(art, 'g'), grey_dark = art_color(art, 'G'), bone = art_color(art, 'W');
    static const int few[][2] = {{4, 4}, {10, 8}, {6, 12}};
    static const int other[][2] = {{9, 3}, {4, 9}, {11, 13}};
    switch (k) {
    case 0: /* a stone */ stone(img, 4, 6, 7, 5, grey, bone, grey_dark, p->deep); break;
    case 1: /* roots reaching down */
        image_line(img, 5, 3, 7, 7, 1, p->deep);
        image_line(img, 7, 7, 6, 11, 1, p->deep);
        image_line(img, 7, 7, 10, 10, 1, p->dark);
        image_set(img, 4, 3, p->deep);
        image_set(img, 11, 11, p->dark);
        break;
    case 2: pebbles(img, p, few, 3); break;
    case 3: /* a fossil shell */
        image_fill_disc(img, 7.5f, 8.5f, 2.6f, bone);
        image_set(img, 7, 8, grey);
        image_set(img, 8, 8, grey);
        image_set(img, 8, 9, grey_dark);
        image_outline(img, p->deep, false);
        break;
    case 4: /* a clod of dark clay */
        speckle(img, 7.5f, 8.5f, 3.5f, 0.75f, 5u, p->dark);
        image_set(img, 6, 7, p->deep);
        image_set(img, 9, 9, p->deep);
        break;
    case 5: pebbles(img, p, other, 3); break;
    case 6: /* a crack */ crack(img, 8, 4, 8, 6, p->deep, p->light); break;
    default: /* a root curling round a stone of earth */
        image_line(img, 3, 5, 9, 5, 1, p->deep);
        image_line(img, 9, 5, 11, 8, 1, p->deep);
        stone(img, 5, 8, 4, 4, p->light, p->light, p->dark, p->deep);
        break;
    }
}

/* The cave's masonry is tile-aligned 8 px bricks (texture()); the whole
** brick in the middle of the cell, at (5..10, 9..14), takes the detail. */
static void paint_fill_cave(Image *img, const ArtSet *art, const Pal *p, int k)
{
    int bx = 5, by = 9;
    switch (k) {
    case 0: /* a cracked brick */
        image_line(img, bx + 1, by, bx + 3, by + 3, 1, p->deep);
        image_line(img, bx + 3, by + 3, bx + 2, by + 5, 1, p->deep);
        image_line(img, bx + 3, by + 3, bx + 5, by + 4, 1, p->dark);
        break;
    case 1: /* moss on a brick */
        image_fill_rect(img, bx, by, 6, 2, art_color(art, 'Q'));
        image_set(img, bx + 1, by + 2, art_color(art, 'Q'));
        image_set(img, bx + 4, by + 2, art_color(art, 'Q'));
        image_set(img, bx + 2, by, art_color(art, 'q'));
        break;
    case 2: /* a vein of violet crystal */
        image_line(img, bx, by + 5, bx + 5, by, 1, art_color(art, 'P'));
        image_set(img, bx + 2, by + 3, art_color(art, 'p'));
        image_set(img, bx + 3, by + 2, art_color(art, 'p'));
        break;
    case 3: /* a darker brick */
        image_fill_rect(img, bx, by, 6, 6, p->dark);
        image_fill_rect(img, bx, by, 6, 1, p->base);
        break;
    case 4: /* a chipped corner */
        image_fill_rect(img, bx + 3, by, 3, 2, p->deep);
        image_set(img, bx + 5, by + 2, p->deep);
        image_set(img, bx + 2, by, p->dark);
        break;
    case 5: /* a pale brick */
        image_fill_rect(img, bx, by, 6, 6, p->light);
        image_fill_rect(img, bx + 1, by + 1, 5, 5, rgba_mix(p->light, p->base, 0.5f));
        break;
    case 6: /* a teal crystal set in the mortar */
        image_set(img, 8, 7, art_color(art, 'q'));
        image_set(img, 7, 8, art_color(art, 'Q'));
        image_set(img, 8, 8, art_color(art, 'q'));
        image_set(img, 9, 8, art_color(art, 'Q'));
        break;
    default: /* limescale streaks running down a brick */
        for (int i = 0; i < 6; i += 2)
            image_line(img, bx + i + 1, by, bx + i + 1, by + 3 + i / 2, 1, p->light);
        break;
    }
}

static void paint_fill_ice(Image *img, const ArtSet *art, const Pal *p, int k)
{
    Rgba frost = art_color(art, 'F'), glass = art_color(art, 'I');
    switch (k) {
    case 0: /* bubbles frozen on their way up */
        image_set(img, 5, 10, glass);
        image_set(img, 7, 7, glass);
        image_set(img, 6, 4, frost);
        image_fill_disc(img, 9.0f, 9.0f, 1.2f, glass);
        image_set(img, 9, 9, p->base);
        break;
    case 1: /* a long crack */ crack(img, 6, 3, 10, 11, p->dark, glass); break;
    case 2: /* a shard frozen in */
        image_line(img, 4, 11, 10, 5, 1, glass);
        image_line(img, 5, 11, 11, 5, 1, p->light);
        image_set(img, 10, 5, frost);
        break;
    case 3: /* a glassy sheen */
        image_line(img, 5, 9, 9, 5, 1, glass);
        image_line(img, 6, 9, 9, 6, 1, p->light);
        image_line(img, 8, 12, 11, 9, 1, p->light);
        break;
    case 4: /* deep water under the ice */
        speckle(img, 7.5f, 7.5f, 4.0f, 0.8f, 13u, p->dark);
        speckle(img, 7.5f, 7.5f, 2.2f, 0.7f, 14u, p->deep);
        break;
    case 5: /* a pebble frozen in */
        stone(img, 5, 6, 5, 4, art_color(art, 'g'), frost, art_color(art, 'G'), p->dark);
        break;
    case 6: /* a flaw deep in the ice */
        image_fill_rect(img, 6, 8, 4, 2, p->dark);
        image_set(img, 7, 7, p->dark);
        image_set(img, 6, 8, glass);
        break;
    default: /* a little fish that did not get away */
        image_fill_rect(img, 5, 7, 5, 3, p->dark);
        image_fill_rect(img, 6, 6, 3, 5, p->dark);
        image_set(img, 10, 6, p->dark);
        image_set(img, 10, 10, p->dark);
        image_fill_rect(img, 11, 7, 1, 3, p->dark);
        image_set(img, 6, 7, frost);
        break;
    }
}

static void paint_fill_peak(Image *img, const ArtSet *art, const Pal *p, int k)
{
    Rgba snow = art_color(art, 'h'), snow_shade = art_color(art, 'H');
    switch (k) {
    case 0: /* quartz */
        image_line(img, 6, 11, 6, 6, 1, snow);
        image_line(img, 7, 11, 8, 5, 1, snow_shade);
        image_line(img, 9, 11, 10, 8, 1, snow);
        image_outline(img, p->dark, false);
        break;
    case 1: /* a crack */ crack(img, 7, 3, 9, 21, p->deep, p->light); break;
    case 2: /* a ledge of the strata with snow on it */
        image_fill_rect(img, 4, 8, 8, 1, p->deep);
        image_fill_rect(img, 5, 7, 5, 1, snow_shade);
        image_set(img, 6, 7, snow);
        break;
    case 3: /* an ammonite */
        image_fill_disc(img, 7.5f, 7.5f, 3.0f, p->light);
        image_set(img, 7, 7, p->dark);
        image_set(img, 8, 7, p->dark);
        image_set(img, 8, 8, p->dark);
        image_line(img, 6, 5, 9, 5, 1, p->dark);
        image_outline(img, p->deep, false);
        break;
    case 4: /* a boulder of darker rock */
        stone(img, 4, 5, 8, 6, p->dark, p->light, p->deep, p->deep);
        break;
    case 5: /* pebbles */
        stone(img, 4, 8, 3, 3, art_color(art, 'g'), snow, art_color(art, 'G'), p->deep);
        stone(img, 9, 6, 3, 3, p->light, snow, p->dark, p->deep);
        break;
    case 6: /* lichen */
        speckle(img, 7.5f, 8.5f, 3.5f, 0.35f, 27u, p->light);
        speckle(img, 7.5f, 8.5f, 2.0f, 0.25f, 28u, snow_shade);
        break;
    default: /* a silver vein */
        image_line(img, 3, 9, 7, 7, 1, art_color(art, 'W'));
        image_line(img, 7, 7, 12, 8, 1, art_color(art, 'W'));
        image_set(img, 8, 8, art_color(art, 'x'));
        break;
    }
}

static void paint_fill(Image *img, const ArtSet *art, const Pal *p, Theme th, int k)
{
    switch (th) {
    case HILLS: paint_fill_hills(img, art, p, k); break;
    case CAVE: paint_fill_cave(img, art, p, k); break;
    case ICE: paint_fill_ice(img, art, p, k); break;
    default: paint_fill_peak(img, art, p, k); break;
    }
    for (int y = 0; y < T; y++)
        for (int x = 0; x < T; x++)
            if (x < 3 || x > 12 || y < 3 || y > 14)
                image_set(img, x, y, CLEAR);
}

static void paint_decor(Image *img, const ArtSet *art, Theme th, int kind)
{
    Rgba k = art_color(art, 'k');
    if (th == HILLS) {
        Rgba g1 = art_color(art, '1'), g2 = art_color(art, '2'), g3 = art_color(art, '3');
        if (kind == 0 || kind == 1) { /* grass tufts */
            static const int blades[][3] = {
                {4, 5, -1}, {6, 7, 0}, {8, 4, 1}, {10, 6, 1}, {12, 3, 0}};
            for (size_t b = 0; b < sizeof blades / sizeof blades[0]; b++) {
                int bx = blades[b][0] - (kind ? 2 : 0), h = blades[b][1] - (int)b % 2;
                image_line(img, bx, 15, bx + blades[b][2], 16 - h, 1, b % 2 ? g2 : g3);
                image_set(img, bx + blades[b][2], 16 - h, g1);
            }
        } else if (kind == 2) { /* a flower */
            image_line(img, 8, 15, 8, 10, 1, g3);
            image_set(img, 9, 13, g2);
            image_set(img, 10, 12, g2);
            Rgba petal = art_color(art, 'w'), centre = art_color(art, 'y');
            image_set(img, 7, 9, petal);
            image_set(img, 9, 9, petal);
            image_set(img, 8, 8, petal);
            image_set(img, 8, 10, petal);
            image_set(img, 8, 9, centre);
            image_outline(img, k, false);
        } else { /* a stone with moss on it (red is for hazards) */
            Rgba stone = art_color(art, 'g'), shade = art_color(art, 'G');
            image_fill_rect(img, 5, 12, 7, 4, stone);
            image_fill_rect(img, 6, 11, 5, 1, stone);
            image_fill_rect(img, 9, 12, 3, 4, shade);
            image_fill_rect(img, 6, 11, 4, 1, g2);
            image_set(img, 5, 12, g2);
            image_set(img, 7, 12, g1);
            image_set(img, 10, 12, g3);
            image_outline(img, k, false);
        }
    } else if (th == CAVE) {
        if (kind < 2) { /* crystal clusters */
            Rgba hi = art_color(art, kind ? 'q' : 'p'), lo = art_color(art, kind ? 'Q' : 'P');
            static const int shards[][3] = {{6, 8, 0}, {9, 6, 1}, {11, 4, 1}, {4, 4, -1}};
            for (size_t s = 0; s < sizeof shards / sizeof shards[0]; s++) {
                int sx = shards[s][0], h = shards[s][1], lean = shards[s][2];
                image_line(img, sx, 15, sx + lean, 16 - h, 1, hi);
                image_line(img, sx + 1, 15, sx + 1 + lean, 17 - h, 1, lo);
            }
            image_outline(img, k, false);
        } else if (kind == 2) { /* glowing mushrooms */
            Rgba cap = art_color(art, 'q'), stem = art_color(art, 'W');
            image_fill_rect(img, 5, 13, 1, 3, stem);
            image_fill_rect(img, 4, 12, 3, 1, cap);
            image_fill_rect(img, 10, 11, 1, 5, stem);
            image_fill_rect(img, 9, 10, 3, 1, cap);
            image_set(img, 10, 9, cap);
            image_outline(img, k, false);
        } else { /* pebbles */
            image_fill_rect(img, 4, 14, 3, 2, art_color(art, 'a'));
            image_fill_rect(img, 9, 13, 4, 3, art_color(art, 'c'));
            image_set(img, 10, 13, art_color(art, 'a'));
            image_outline(img, k, false);
        }
    } else if (th == ICE) {
        Rgba frost = art_color(art, 'F'), glass = art_color(art, 'I'), blue = art_color(art, '0'),
             deep = art_color(art, '+');
        if (kind == 0) { /* a shrub under frost */
            image_line(img, 8, 15, 8, 12, 1, art_color(art, 'u'));
            image_fill_disc(img, 6.0f, 11.0f, 2.6f, blue);
            image_fill_disc(img, 10.0f, 11.5f, 2.4f, blue);
            image_fill_disc(img, 8.0f, 9.5f, 2.8f, glass);
            image_fill_disc(img, 7.5f, 8.5f, 1.6f, frost);
            image_set(img, 5, 10, frost);
            image_set(img, 10, 10, frost);
            image_outline(img, k, false);
        } else if (kind == 1) { /* a snow drift */
            image_fill_rect(img, 2, 13, 12, 3, frost);
            image_fill_rect(img, 4, 12, 7, 1, frost);
            image_fill_rect(img, 6, 11, 3, 1, frost);
            image_fill_rect(img, 3, 15, 11, 1, glass);
            image_set(img, 11, 14, glass);
        } else if (kind == 2) { /* a boulder of clear ice */
            image_fill_disc(img, 8.0f, 12.5f, 3.6f, blue);
            image_fill_rect(img, 4, 14, 9, 2, blue);
            image_fill_rect(img, 9, 11, 3, 5, deep);
            image_set(img, 6, 10, frost);
            image_set(img, 7, 10, frost);
            image_set(img, 6, 11, glass);
            image_set(img, 8, 13, glass);
            image_outline(img, k, false);
        } else { /* snow-capped pebbles */
            image_fill_rect(img, 3, 13, 4, 3, art_color(art, 'g'));
            image_fill_rect(img, 3, 13, 4, 1, frost);
            image_fill_rect(img, 9, 12, 5, 4, art_color(art, 'G'));
            image_fill_rect(img, 9, 12, 5, 1, frost);
            image_set(img, 10, 13, glass);
            image_outline(img, k, false);
        }
    } else {
        Rgba h = art_color(art, 'h'), H = art_color(art, 'H'), i = art_color(art, 'i');
        if (kind == 0) { /* a small pine under snow */
            Rgba pine = art_color(art, '4'), pine2 = art_color(art, '3');
            image_fill_rect(img, 8, 13, 1, 3, art_color(art, 'u'));
            for (int r = 0; r < 3; r++) {
                int w = 2 + r * 2, y = 6 + r * 2;
                image_fill_rect(img, 8 - w / 2, y, w + 1, 2, pine);
                image_fill_rect(img, 8 - w / 2, y, w / 2, 1, h);
                image_set(img, 8 + w / 2, y + 1, pine2);
            }
            image_set(img, 8, 5, h);
            image_outline(img, k, false);
        } else if (kind == 1) { /* a snow drift */
            image_fill_rect(img, 3, 13, 10, 3, h);
            image_fill_rect(img, 5, 12, 5, 1, h);
            image_fill_rect(img, 4, 15, 9, 1, H);
        } else if (kind == 2) { /* an ice crystal */
            image_line(img, 8, 15, 8, 8, 1, h);
            image_line(img, 7, 15, 6, 11, 1, H);
            image_line(img, 9, 15, 11, 10, 1, i);
            image_outline(img, k, false);
        } else { /* a prayer-flag stone */
            image_fill_rect(img, 5, 12, 6, 4, art_color(art, 'g'));
            image_fill_rect(img, 6, 11, 4, 1, art_color(art, 'g'));
            image_fill_rect(img, 6, 11, 4, 1, h);
            image_set(img, 7, 13, art_color(art, 'G'));
            image_outline(img, k, false);
        }
    }
}

/* Four more of each world, for variety along a long top edge: toadstools,
** a bush, bluebells and a fern on the hills; moss, a rounded dripstone
** stump, glowing fungus and a rock pile in the cave; frozen grass, a
** cluster of blunt ice crystals, a small snowman and a buried shrub on the
** ice; edelweiss, dry grass under snow, a cairn and a bigger pine on the
** peak. Nothing pointed, nothing in the hazards' colours. */
static void paint_decor_more(Image *img, const ArtSet *art, Theme th, int kind)
{
    Rgba k = art_color(art, 'k');
    if (th == HILLS) {
        Rgba g1 = art_color(art, '1'), g2 = art_color(art, '2'), g3 = art_color(art, '3');
        if (kind == 4) { /* two toadstools */
            image_fill_rect(img, 5, 12, 1, 4, art_color(art, 'W'));
            image_fill_rect(img, 3, 11, 5, 1, art_color(art, 'M'));
            image_fill_rect(img, 4, 10, 3, 1, art_color(art, 'm'));
            image_fill_rect(img, 10, 13, 1, 3, art_color(art, 'W'));
            image_fill_rect(img, 9, 12, 3, 1, art_color(art, 'm'));
            image_set(img, 5, 10, art_color(art, 'w'));
            image_outline(img, k, false);
        } else if (kind == 5) { /* a round bush */
            image_fill_disc(img, 8.0f, 12.0f, 4.2f, g3);
            image_fill_disc(img, 7.0f, 11.0f, 3.0f, g2);
            image_set(img, 6, 10, g1);
            image_set(img, 7, 9, g1);
            image_set(img, 10, 11, g1);
            image_fill_rect(img, 3, 16, 11, 1, CLEAR);
            image_outline(img, k, false);
        } else if (kind == 6) { /* bluebells */
            Rgba bell = art_color(art, 'l'), bell_dark = art_color(art, 'b');
            image_line(img, 6, 15, 6, 9, 1, g3);
            image_line(img, 10, 15, 10, 11, 1, g3);
            image_set(img, 7, 9, bell);
            image_set(img, 7, 10, bell_dark);
            image_set(img, 5, 11, bell);
            image_set(img, 5, 12, bell_dark);
            image_set(img, 11, 11, bell);
            image_set(img, 11, 12, bell_dark);
            image_outline(img, k, false);
        } else { /* a fern */
            image_line(img, 8, 15, 6, 9, 1, g3);
            image_line(img, 8, 15, 11, 10, 1, g3);
            for (int i = 0; i < 3; i++) {
                image_set(img, 5 + i / 2, 10 + i * 2, g2);
                image_set(img, 10 - i / 2, 11 + i * 2, g2);
            }
            image_set(img, 6, 9, g1);
            image_set(img, 11, 10, g1);
        }
    } else if (th == CAVE) {
        if (kind == 4) { /* a cushion of moss */
            image_fill_rect(img, 3, 14, 10, 2, art_color(art, 'Q'));
            image_fill_rect(img, 5, 13, 6, 1, art_color(art, 'Q'));
            image_set(img, 6, 13, art_color(art, 'q'));
            image_set(img, 9, 14, art_color(art, 'q'));
            image_outline(img, k, false);
        } else if (kind == 5) { /* a stump of dripstone, worn round */
            image_fill_rect(img, 5, 11, 6, 5, art_color(art, 'c'));
            image_fill_rect(img, 6, 9, 4, 2, art_color(art, 'c'));
            image_fill_rect(img, 6, 9, 2, 5, art_color(art, 'a'));
            image_fill_rect(img, 9, 12, 2, 4, art_color(art, 'd'));
            image_outline(img, k, false);
        } else if (kind == 6) { /* glowing fungus */
            Rgba glow = art_color(art, 'p'), stem = art_color(art, 'W');
            image_fill_rect(img, 4, 13, 1, 3, stem);
            image_fill_rect(img, 3, 12, 3, 1, glow);
            image_fill_rect(img, 8, 11, 1, 5, stem);
            image_fill_rect(img, 7, 10, 3, 1, glow);
            image_fill_rect(img, 11, 14, 1, 2, stem);
            image_fill_rect(img, 10, 13, 3, 1, glow);
            image_outline(img, k, false);
        } else { /* fallen rocks */
            image_fill_rect(img, 3, 13, 4, 3, art_color(art, 'c'));
            image_fill_rect(img, 7, 11, 5, 5, art_color(art, 'd'));
            image_fill_rect(img, 7, 11, 4, 1, art_color(art, 'a'));
            image_fill_rect(img, 3, 13, 3, 1, art_color(art, 'a'));
            image_outline(img, k, false);
        }
    } else if (th == ICE) {
        Rgba frost = art_color(art, 'F'), glass = art_color(art, 'I'), blue = art_color(art, '0');
        if (kind == 4) { /* frozen grass */
            for (int b = 0; b < 5; b++)
                image_line(img, 4 + b * 2, 15, 4 + b * 2 + (b % 2 ? 1 : -1), 11 - (b % 3), 1,
                           b % 2 ? glass : frost);
        } else if (kind == 5) { /* blunt crystals of ice */
            image_fill_rect(img, 5, 10, 2, 6, glass);
            image_fill_rect(img, 8, 8, 3, 8, blue);
            image_fill_rect(img, 8, 8, 1, 8, glass);
            image_fill_rect(img, 11, 12, 2, 4, glass);
            image_set(img, 9, 8, frost);
            image_outline(img, art_color(art, '+'), false);
        } else if (kind == 6) { /* a small snowman */
            image_fill_disc(img, 8.0f, 13.0f, 2.8f, frost);
            image_fill_disc(img, 8.0f, 9.0f, 2.0f, frost);
            image_set(img, 9, 13, glass);
            image_set(img, 9, 14, glass);
            image_set(img, 7, 9, k);
            image_set(img, 9, 9, k);
            image_set(img, 10, 10, art_color(art, 'Y'));
            image_outline(img, art_color(art, '+'), false);
        } else { /* a shrub buried in snow */
            image_line(img, 6, 15, 4, 10, 1, art_color(art, 'u'));
            image_line(img, 9, 15, 11, 9, 1, art_color(art, 'u'));
            image_fill_rect(img, 3, 13, 10, 3, frost);
            image_set(img, 4, 10, frost);
            image_set(img, 11, 9, frost);
            image_fill_rect(img, 4, 15, 8, 1, glass);
        }
    } else {
        Rgba h = art_color(art, 'h'), H = art_color(art, 'H'), i = art_color(art, 'i');
        if (kind == 4) { /* edelweiss */
            image_line(img, 8, 15, 8, 11, 1, art_color(art, '3'));
            image_set(img, 7, 10, h);
            image_set(img, 9, 10, h);
            image_set(img, 8, 9, h);
            image_set(img, 8, 11, h);
            image_set(img, 8, 10, art_color(art, 'y'));
            image_set(img, 6, 13, art_color(art, '3'));
            image_outline(img, k, false);
        } else if (kind == 5) { /* dry grass through the snow */
            for (int b = 0; b < 4; b++)
                image_line(img, 4 + b * 3, 15, 5 + b * 3, 11 - b % 2, 1, b % 2 ? i : H);
            image_fill_rect(img, 3, 15, 10, 1, h);
        } else if (kind == 6) { /* a cairn */
            image_fill_rect(img, 5, 13, 7, 3, art_color(art, 'g'));
            image_fill_rect(img, 6, 11, 4, 2, art_color(art, 'G'));
            image_fill_rect(img, 7, 9, 2, 2, art_color(art, 'g'));
            image_fill_rect(img, 6, 11, 4, 1, h);
            image_fill_rect(img, 5, 13, 3, 1, h);
            image_outline(img, k, false);
        } else { /* a taller pine under snow */
            Rgba pine = art_color(art, '4'), pine2 = art_color(art, '3');
            image_fill_rect(img, 8, 13, 1, 3, art_color(art, 'u'));
            for (int r = 0; r < 4; r++) {
                int w = 2 + r * 2, y = 3 + r * 2 + (r > 0);
                image_fill_rect(img, 8 - w / 2, y, w + 1, 2, pine);
                image_fill_rect(img, 8 - w / 2, y, w / 2 + 1, 1, h);
                image_set(img, 8 + w / 2, y + 1, pine2);
            }
            image_set(img, 8, 2, h);
            image_outline(img, k, false);
        }
    }
}

bool art_gen_tiles(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    if (!art_need(art, "k12345678acdfpPqQhHijJKmMuxXzZwyYrRWgG9FI0+-=lb", err, errlen))
        return false;
    int canon[47], count = 0;
    for (int m = 0; m < 256; m++)
        if (canonical(m) == m && count < 47)
            canon[count++] = m;
    for (int m = 0; m < 256; m++)
        for (int i = 0; i < count; i++)
            if (canon[i] == canonical(m))
                atlas->blob_map[m] = i;

    Sheet *shade = atlas_add_sheet(atlas, SECTION_TILE, "shade", T, T, count, 1);
    if (shade == NULL)
        goto oom;
    for (int i = 0; i < count; i++)
        paint_shade(sheet_cell(shade, 0, i), canon[i]);

    for (int th = 0; th < THEME_COUNT; th++) {
        Pal pal = theme_pal(art, (Theme)th);
        char name[40];
        snprintf(name, sizeof name, "%s.solid", theme_names[th]);
        Sheet *s = atlas_add_sheet(atlas, SECTION_TILE, name, T, T, count, 1);
        if (s == NULL)
            goto oom;
        for (int i = 0; i < count; i++)
            paint_solid(sheet_cell(s, 0, i), &pal, (Theme)th, canon[i]);

        snprintf(name, sizeof name, "%s.oneway", theme_names[th]);
        s = atlas_add_sheet(atlas, SECTION_TILE, name, T, T, 4, 1);
        if (s == NULL)
            goto oom;
        /* single, left end, middle, right end */
        paint_oneway(sheet_cell(s, 0, 0), art, (Theme)th, true, true);
        paint_oneway(sheet_cell(s, 0, 1), art, (Theme)th, true, false);
        paint_oneway(sheet_cell(s, 0, 2), art, (Theme)th, false, false);
        paint_oneway(sheet_cell(s, 0, 3), art, (Theme)th, false, true);

        snprintf(name, sizeof name, "%s.spikes", theme_names[th]);
        s = atlas_add_sheet(atlas, SECTION_TILE, name, T, T, 4, 1);
        if (s == NULL)
            goto oom;
        /* pointing up, down, left, right: the order of tilemap_spike_dir's dy, dx */
        static const int turns[4] = {0, 2, 3, 1};
        for (int d = 0; d < 4; d++) {
            Image *img = sheet_cell(s, 0, d);
            paint_spike_up(img, art);
            image_rotate90(img, turns[d]);
            if (img->px == NULL)
                goto oom;
        }

        snprintf(name, sizeof name, "%s.fill", theme_names[th]);
        s = atlas_add_sheet(atlas, SECTION_TILE, name, T, T, FILL_COUNT, 1);
        if (s == NULL)
            goto oom;
        for (int k = 0; k < FILL_COUNT; k++)
            paint_fill(sheet_cell(s, 0, k), art, &pal, (Theme)th, k);

        snprintf(name, sizeof name, "%s.decor", theme_names[th]);
        s = atlas_add_sheet(atlas, SECTION_TILE, name, T, T, DECOR_COUNT, 1);
        if (s == NULL)
            goto oom;
        for (int d = 0; d < DECOR_COUNT; d++) {
            if (d < 4)
                paint_decor(sheet_cell(s, 0, d), art, (Theme)th, d);
            else
                paint_decor_more(sheet_cell(s, 0, d), art, (Theme)th, d);
        }
    }
    return true;
oom:
    snprintf(err, errlen, "tiles: out of memory");
    return false;
}
