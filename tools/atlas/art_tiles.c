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

enum { T = 16, N_BIT = 1, NE_BIT = 2, E_BIT = 4, SE_BIT = 8, S_BIT = 16, SW_BIT = 32, W_BIT = 64, NW_BIT = 128 };

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
        /* clear blue ice: one glassy glint on the diagonal, a hairline crack */
        int diag = ((x - y) % T + T) % T, along = (x + y) % T;
        if (diag == 4 && along > 1 && along < 7)
            return p->top3;
        if (diag == 5 && along > 1 && along < 7)
            return p->light;
        if (diag == 12 && along > 9 && along < 13)
            return p->dark;
        return n < 0.03f ? p->dark : p->base;
    }
    if (th == PEAK) {
        /* layered rock: diagonal strata */
        int band = (x + 2 * y) % 11;
        if (band == 0)
            return p->dark;
        if (band == 1 && n < 0.6f)
            return p->light;
        return n < 0.03f ? p->dark : p->base;
    }
    /* hills: earth with pebbles */
    static const int pebbles[][2] = {{3, 4}, {11, 9}, {6, 13}, {13, 2}};
    for (size_t i = 0; i < sizeof pebbles / sizeof pebbles[0]; i++) {
        int dx = x - pebbles[i][0], dy = y - pebbles[i][1];
        if (dy == 0 && (dx == 0 || dx == 1))
            return p->light;
        if (dy == 1 && (dx == 0 || dx == 1))
            return p->dark;
    }
    return n < 0.1f ? p->dark : p->base;
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
                (bottom && left && x + (T - 1 - y) < 2) || (bottom && right && (T - 1 - x) + (T - 1 - y) < 2))
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
                    c = p->top2;   /* moss on the lit stone */
                if (th == CAVE && dt == 2)
                    c = art_noise((uint32_t)x, 2u, 5u) < 0.3f ? p->top2 : p->light;
            } else if (!corner && top && dt <= 6 && d > 0 && d == dl + 0 && dt <= 4) {
                c = p->top3;  /* the cap wraps the corner */
            } else if (d == 1) {
                /* one pixel inside the outline: light from the upper left */
                bool lit = d == dl || d == dt;
                c = lit ? p->light : p->dark;
                if (corner)
                    c = p->dark;
            } else if (d == 2 && (d == db || d == dr)) {
                c = rgba_mix(c, p->dark, 0.5f);
            }
            if (th == HILLS && top && d == dt && dt > 5 && dt < 8 && art_noise((uint32_t)x, 3u, 9u) < 0.25f)
                c = p->dark;  /* roots under the turf */
            image_set(img, x, y, c);
        }
    /* grass blades poking up from the top row */
    if (top && th != CAVE && th != ICE)
        for (int x = 1; x < T - 1; x++)
            if (art_noise((uint32_t)x, 9u, 77u + (uint32_t)th) < 0.18f && !(left && x < 2) && !(right && x > T - 3))
                image_set(img, x, 0, p->top2);
}

/* Two bold teeth on a bolted plate, lit from the upper left. The lethal half
** of the tile (interact.c: the half at the base, inset 2 px) is all plate
** and teeth; the red points above it warn from afar. */
static void paint_spike_up(Image *img, const ArtSet *art)
{
    Rgba k = art_color(art, 'k'), glint = art_color(art, '9'), hot = art_color(art, 'r'),
         hot_dark = art_color(art, 'R'), steel_hi = art_color(art, 'x'), steel = art_color(art, 'X'),
         steel_dark = art_color(art, 'z'), iron = art_color(art, 'Z');
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
                    c = steel_hi;                      /* the lit flank */
                if (y < TIP + RED)
                    c = dx <= 0 ? hot : hot_dark;      /* red-hot points */
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
        image_set(&ice, x, 5, CLEAR);  /* the ledge's own outline is there */
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
        image_set(img, 7, 2, under);   /* plank seam */
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

static void paint_decor(Image *img, const ArtSet *art, Theme th, int kind)
{
    Rgba k = art_color(art, 'k');
    if (th == HILLS) {
        Rgba g1 = art_color(art, '1'), g2 = art_color(art, '2'), g3 = art_color(art, '3');
        if (kind == 0 || kind == 1) {  /* grass tufts */
            static const int blades[][3] = {{4, 5, -1}, {6, 7, 0}, {8, 4, 1}, {10, 6, 1}, {12, 3, 0}};
            for (size_t b = 0; b < sizeof blades / sizeof blades[0]; b++) {
                int bx = blades[b][0] - (kind ? 2 : 0), h = blades[b][1] - (int)b % 2;
                image_line(img, bx, 15, bx + blades[b][2], 16 - h, 1, b % 2 ? g2 : g3);
                image_set(img, bx + blades[b][2], 16 - h, g1);
            }
        } else if (kind == 2) {        /* a flower */
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
        } else {                        /* a stone with moss on it (red is for hazards) */
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
        if (kind < 2) {                 /* crystal clusters */
            Rgba hi = art_color(art, kind ? 'q' : 'p'), lo = art_color(art, kind ? 'Q' : 'P');
            static const int shards[][3] = {{6, 8, 0}, {9, 6, 1}, {11, 4, 1}, {4, 4, -1}};
            for (size_t s = 0; s < sizeof shards / sizeof shards[0]; s++) {
                int sx = shards[s][0], h = shards[s][1], lean = shards[s][2];
                image_line(img, sx, 15, sx + lean, 16 - h, 1, hi);
                image_line(img, sx + 1, 15, sx + 1 + lean, 17 - h, 1, lo);
            }
            image_outline(img, k, false);
        } else if (kind == 2) {         /* glowing mushrooms */
            Rgba cap = art_color(art, 'q'), stem = art_color(art, 'W');
            image_fill_rect(img, 5, 13, 1, 3, stem);
            image_fill_rect(img, 4, 12, 3, 1, cap);
            image_fill_rect(img, 10, 11, 1, 5, stem);
            image_fill_rect(img, 9, 10, 3, 1, cap);
            image_set(img, 10, 9, cap);
            image_outline(img, k, false);
        } else {                        /* pebbles */
            image_fill_rect(img, 4, 14, 3, 2, art_color(art, 'a'));
            image_fill_rect(img, 9, 13, 4, 3, art_color(art, 'c'));
            image_set(img, 10, 13, art_color(art, 'a'));
            image_outline(img, k, false);
        }
    } else if (th == ICE) {
        Rgba frost = art_color(art, 'F'), glass = art_color(art, 'I'), blue = art_color(art, '0'),
             deep = art_color(art, '+');
        if (kind == 0) {                /* a shrub under frost */
            image_line(img, 8, 15, 8, 12, 1, art_color(art, 'u'));
            image_fill_disc(img, 6.0f, 11.0f, 2.6f, blue);
            image_fill_disc(img, 10.0f, 11.5f, 2.4f, blue);
            image_fill_disc(img, 8.0f, 9.5f, 2.8f, glass);
            image_fill_disc(img, 7.5f, 8.5f, 1.6f, frost);
            image_set(img, 5, 10, frost);
            image_set(img, 10, 10, frost);
            image_outline(img, k, false);
        } else if (kind == 1) {         /* a snow drift */
            image_fill_rect(img, 2, 13, 12, 3, frost);
            image_fill_rect(img, 4, 12, 7, 1, frost);
            image_fill_rect(img, 6, 11, 3, 1, frost);
            image_fill_rect(img, 3, 15, 11, 1, glass);
            image_set(img, 11, 14, glass);
        } else if (kind == 2) {         /* a boulder of clear ice */
            image_fill_disc(img, 8.0f, 12.5f, 3.6f, blue);
            image_fill_rect(img, 4, 14, 9, 2, blue);
            image_fill_rect(img, 9, 11, 3, 5, deep);
            image_set(img, 6, 10, frost);
            image_set(img, 7, 10, frost);
            image_set(img, 6, 11, glass);
            image_set(img, 8, 13, glass);
            image_outline(img, k, false);
        } else {                        /* snow-capped pebbles */
            image_fill_rect(img, 3, 13, 4, 3, art_color(art, 'g'));
            image_fill_rect(img, 3, 13, 4, 1, frost);
            image_fill_rect(img, 9, 12, 5, 4, art_color(art, 'G'));
            image_fill_rect(img, 9, 12, 5, 1, frost);
            image_set(img, 10, 13, glass);
            image_outline(img, k, false);
        }
    } else {
        Rgba h = art_color(art, 'h'), H = art_color(art, 'H'), i = art_color(art, 'i');
        if (kind == 0) {                /* a small pine under snow */
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
        } else if (kind == 1) {         /* a snow drift */
            image_fill_rect(img, 3, 13, 10, 3, h);
            image_fill_rect(img, 5, 12, 5, 1, h);
            image_fill_rect(img, 4, 15, 9, 1, H);
        } else if (kind == 2) {         /* an ice crystal */
            image_line(img, 8, 15, 8, 8, 1, h);
            image_line(img, 7, 15, 6, 11, 1, H);
            image_line(img, 9, 15, 11, 10, 1, i);
            image_outline(img, k, false);
        } else {                        /* a prayer-flag stone */
            image_fill_rect(img, 5, 12, 6, 4, art_color(art, 'g'));
            image_fill_rect(img, 6, 11, 4, 1, art_color(art, 'g'));
            image_fill_rect(img, 6, 11, 4, 1, h);
            image_set(img, 7, 13, art_color(art, 'G'));
            image_outline(img, k, false);
        }
    }
}

bool art_gen_tiles(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    if (!art_need(art, "k12345678acdfpPqQhHijJKmMuxXzZwyrRWgG9FI0+-=", err, errlen))
        return false;
    int canon[47], count = 0;
    for (int m = 0; m < 256; m++)
        if (canonical(m) == m && count < 47)
            canon[count++] = m;
    for (int m = 0; m < 256; m++)
        for (int i = 0; i < count; i++)
            if (canon[i] == canonical(m))
                atlas->blob_map[m] = i;

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

        snprintf(name, sizeof name, "%s.decor", theme_names[th]);
        s = atlas_add_sheet(atlas, SECTION_TILE, name, T, T, 4, 1);
        if (s == NULL)
            goto oom;
        for (int d = 0; d < 4; d++)
            paint_decor(sheet_cell(s, 0, d), art, (Theme)th, d);
    }
    return true;
oom:
    snprintf(err, errlen, "tiles: out of memory");
    return false;
}
