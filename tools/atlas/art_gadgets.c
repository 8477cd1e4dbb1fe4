/* SPDX-License-Identifier: Zlib */
/*
** art_gadgets.c -- the things a level is played with besides coins and
** switches: springs, crumbling blocks, signs, gems and the jump-through lift.
**
** Springs point up, left or right (variants 0, 1, 2). One painting serves the
** three: the upward spring is drawn in a square canvas centred on the box
** and turned a quarter at a time, which keeps the box in place; the cell is
** 32x24 with the 16x16 box at (8, 8), room for the pad to fly 8 px out of
** the box on any of its three sides.
**
** Colours keep their meanings across the game: gold is for good things
** (springs, coins, the goal), rose for the secret gem, red only for what
** kills (the spikes and saws of art_tiles.c and art_props.c).
*/
#include "atlas.h"

#include <stdio.h>

typedef struct Ink {
    Rgba k, w, o, y, Y, O, x, X, z, Z, m, M, u, L, U, V, A;
} Ink;

static Sheet *new_clip(Atlas *atlas, const char *name, int w, int h, int frames, int variants,
                       float fps, bool loop)
{
    Sheet *s = atlas_add_sheet(atlas, SECTION_CLIP, name, w, h, frames, variants);
    if (s != NULL) {
        s->fps = fps;
        s->loop = loop;
    }
    return s;
}

/* ---- spring ---- */

enum { SPRING_CANVAS = 32, SPRING_W = 32, SPRING_H = 24, BOX = 8 };

/* The upward spring in box coordinates, its pad's top at row pad_top (4 at
** rest; less is further out of the box). */
static void paint_spring_up(Image *img, const Ink *c, int pad_top)
{
    int ox = BOX, oy = BOX;
    /* the coil, zigzag steel from the plate to the pad */
    int top = pad_top + 3, bottom = 11;
    if (bottom - top < 2) {
        image_fill_rect(img, ox + 4, oy + top, 8, bottom - top + 1, c->z);
        image_fill_rect(img, ox + 4, oy + top, 8, 1, c->X);
    } else {
        /* a bend every three rows or so: the coil opens as it stretches */
        int bends = (bottom - top + 1) / 3 < 2 ? 2 : (bottom - top + 1) / 3;
        int prev_x = ox + 4, prev_y = oy + bottom;
        for (int b = 1; b <= bends; b++) {
            int x = ox + (b % 2 ? 11 : 4);
            int y = oy + bottom - (bottom - top) * b / bends;
            image_line(img, prev_x, prev_y + 1, x, y + 1, 1, c->z);
            image_line(img, prev_x, prev_y, x, y, 1, c->X);
            prev_x = x;
            prev_y = y;
        }
        image_set(img, ox + 4, oy + bottom, c->x);
    }
    /* the plate it is bolted to */
    image_fill_rect(img, ox + 1, oy + 12, 14, 3, c->Z);
    image_fill_rect(img, ox + 1, oy + 12, 14, 1, c->z);
    image_set(img, ox + 3, oy + 13, c->X);
    image_set(img, ox + 12, oy + 13, c->X);
    image_fill_rect(img, ox + 1, oy + 15, 14, 1, c->k);
    /* the gold pad */
    image_fill_rect(img, ox + 1, oy + pad_top, 14, 3, c->y);
    image_fill_rect(img, ox + 2, oy + pad_top, 12, 1, c->o);
    image_fill_rect(img, ox + 1, oy + pad_top + 2, 14, 1, c->Y);
    image_set(img, ox + 14, oy + pad_top + 1, c->Y);
    image_set(img, ox + 14, oy + pad_top + 2, c->O);
    image_set(img, ox + 3, oy + pad_top, c->w);
    image_outline(img, c->k, false);
}

static bool paint_spring(Sheet *s, const Ink *c, int frame, int pad_top)
{
    /* variants: up, left (its wall on the right), right (its wall on the left) */
    static const int turns[3] = {0, 3, 1};
    for (int v = 0; v < 3; v++) {
        Image canvas;
        if (!image_init(&canvas, SPRING_CANVAS, SPRING_CANVAS))
            return false;
        paint_spring_up(&canvas, c, pad_top);
        image_rotate90(&canvas, turns[v]);
        if (canvas.px == NULL)
            return false;
        image_copy(sheet_cell(s, v, frame), 0, 0, &canvas, 0, 0, SPRING_W, SPRING_H);
        image_fini(&canvas);
    }
    return true;
}

static bool gen_spring(Atlas *atlas, const Ink *c)
{
    Sheet *idle = new_clip(atlas, "spring_idle", SPRING_W, SPRING_H, 1, 3, 1.0f, true);
    if (idle == NULL)
        return false;
    idle->anchor_x = BOX;
    idle->anchor_y = BOX;
    if (!paint_spring(idle, c, 0, 4))
        return false;
    /* squash under the foot, fling out, spring back, settle at rest */
    static const int pads[] = {9, -7, -4, 1, 6, 4};
    enum { N = sizeof pads / sizeof pads[0] };
    Sheet *launch = new_clip(atlas, "spring_launch", SPRING_W, SPRING_H, N, 3, 20.0f, false);
    if (launch == NULL)
        return false;
    launch->anchor_x = BOX;
    launch->anchor_y = BOX;
    for (int f = 0; f < N; f++)
        if (!paint_spring(launch, c, f, pads[f]))
            return false;
    return true;
}

/* ---- crumbling block ---- */

/* One sandstone block, shifted by (dx, dy); cracks grow with `cracked`. */
static void paint_crumble(Image *img, const Ink *c, int dx, int dy, int cracked)
{
    image_fill_rect(img, dx, dy, 16, 16, c->k);
    image_fill_rect(img, dx + 1, dy + 1, 14, 14, c->U);
    image_fill_rect(img, dx + 1, dy + 1, 14, 1, c->L);
    image_fill_rect(img, dx + 1, dy + 1, 1, 14, c->L);
    image_fill_rect(img, dx + 1, dy + 14, 14, 1, c->V);
    image_fill_rect(img, dx + 14, dy + 1, 1, 14, c->V);
    for (int y = 2; y < 14; y++)
        for (int x = 2; x < 14; x++) {
            float n = art_noise((uint32_t)x, (uint32_t)y, 91u);
            if (n < 0.07f)
                image_set(img, dx + x, dy + y, c->V);
            else if (n > 0.94f)
                image_set(img, dx + x, dy + y, c->L);
        }
    /* cracks from the top edge and the left, the marks of a weak block */
    static const int crack[][2] = {{9, 1}, {9, 2}, {8, 3}, {8, 4}, {9, 5}, {10, 6}, {10, 7}};
    static const int crack2[][2] = {{1, 10}, {2, 10}, {3, 9}, {4, 9}, {5, 10}};
    static const int crack3[][2] = {{10, 8}, {11, 9}, {11, 10}, {12, 11},
                                    {6, 11}, {6, 12}, {7, 13}};
    for (size_t i = 0; i < sizeof crack / sizeof crack[0]; i++)
        image_set(img, dx + crack[i][0], dy + crack[i][1], c->V);
    for (size_t i = 0; i < sizeof crack2 / sizeof crack2[0]; i++)
        image_set(img, dx + crack2[i][0], dy + crack2[i][1], c->V);
    if (cracked > 0) {
        for (size_t i = 0; i < sizeof crack / sizeof crack[0]; i++)
            image_set(img, dx + crack[i][0], dy + crack[i][1], c->k);
        for (size_t i = 0; i < sizeof crack3 / sizeof crack3[0]; i++)
            image_set(img, dx + crack3[i][0], dy + crack3[i][1], c->V);
    }
    if (cracked > 1)
        for (size_t i = 0; i < sizeof crack3 / sizeof crack3[0]; i++)
            image_set(img, dx + crack3[i][0], dy + crack3[i][1], c->k);
    /* chipped corners */
    image_set(img, dx + 15, dy, CLEAR);
    image_set(img, dx + 14, dy, CLEAR);
    image_set(img, dx + 15, dy + 1, CLEAR);
    image_set(img, dx + 14, dy + 1, c->k);
    image_set(img, dx, dy + 15, CLEAR);
    image_set(img, dx + 1, dy + 14, c->k);
}

static bool gen_crumble(Atlas *atlas, const Ink *c)
{
    Sheet *s = new_clip(atlas, "crumble", 16, 16, 1, 1, 1.0f, true);
    if (s == NULL)
        return false;
    paint_crumble(sheet_cell(s, 0, 0), c, 0, 0, 0);

    /* shaking: jolts of a pixel, the cracks opening */
    static const int jolt[][2] = {{1, 0}, {-1, 0}, {0, 1}, {1, 1}};
    enum { N = sizeof jolt / sizeof jolt[0] };
    s = new_clip(atlas, "crumble_shake", 16, 16, N, 1, 20.0f, true);
    if (s == NULL)
        return false;
    for (int f = 0; f < N; f++) {
        Image *img = sheet_cell(s, 0, f);
        paint_crumble(img, c, jolt[f][0], jolt[f][1], 1 + f % 2);
        /* grit shaken loose from the underside */
        image_set(img, 3 + f * 3, 15, c->U);
        image_set(img, 12 - f * 2, 15, c->V);
    }

    /* gone: a faint dotted outline where it will come back, the dots
    ** marching round so it reads as waiting, not as broken */
    s = new_clip(atlas, "crumble_gone", 16, 16, 2, 1, 3.0f, true);
    if (s == NULL)
        return false;
    for (int f = 0; f < 2; f++) {
        Image *img = sheet_cell(s, 0, f);
        Rgba dot = c->L, corner = c->U;
        dot.a = 110;
        corner.a = 150;
        for (int i = 0; i < 16; i++) {
            if ((i + f) % 3 != 0)
                continue;
            image_set(img, i, 0, dot);
            image_set(img, 15 - i, 15, dot);
            image_set(img, 0, 15 - i, dot);
            image_set(img, 15, i, dot);
        }
        for (int i = 0; i < 3; i++) {
            image_set(img, i, 0, corner);
            image_set(img, 0, i, corner);
            image_set(img, 15 - i, 0, corner);
            image_set(img, 15, i, corner);
            image_set(img, i, 15, corner);
            image_set(img, 0, 15 - i, corner);
            image_set(img, 15 - i, 15, corner);
            image_set(img, 15, 15 - i, corner);
        }
    }
    return true;
}

/* ---- sign ---- */

static bool gen_sign(Atlas *atlas, const Ink *c, const Image *board)
{
    /* the post stands on the box's bottom, the board rises above the box */
    Sheet *s = new_clip(atlas, "sign", board->w + 2, board->h, 1, 1, 1.0f, true);
    if (s == NULL)
        return false;
    s->anchor_x = (board->w + 2 - 16) / 2;
    s->anchor_y = board->h - 16;
    Image *img = sheet_cell(s, 0, 0);
    image_blit(img, 1, 0, board, 0, 0, board->w, board->h, false);
    image_outline(img, c->k, false);
    /* the outline may not hang below the box's bottom row */
    for (int x = 0; x < img->w; x++)
        if (image_get(board, x - 1, board->h - 1).a == 0)
            image_set(img, x, board->h - 1, CLEAR);
    return true;
}

/* ---- gem ---- */

static bool gen_gem(Atlas *atlas, const Ink *c, const Image *body)
{
    enum { N = 8 };
    static const int bob[N] = {0, 0, -1, -1, -1, 0, 0, 0};
    Sheet *s = new_clip(atlas, "gem", 16, 16, N, 1, 10.0f, true);
    if (s == NULL)
        return false;
    int bx = (16 - body->w) / 2, by = 4;
    for (int f = 0; f < N; f++) {
        Image *img = sheet_cell(s, 0, f);
        int y0 = by + bob[f];
        image_blit(img, bx, y0, body, 0, 0, body->w, body->h, false);
        /* a band of light sweeping over the crown, left to right */
        if (f < 4)
            for (int j = 0; j < 3; j++) {
                int x = bx + 2 + f * 2 + j;
                if (image_get(img, x, y0 + j).a != 0)
                    image_set(img, x, y0 + j, j == 1 ? c->w : c->A);
            }
        image_outline(img, c->k, false);
        /* a four-point twinkle by the top right, grows and fades */
        static const int twinkle[N] = {0, 0, 0, 0, 1, 2, 1, 0};
        int t = twinkle[f];
        if (t > 0) {
            int tx = bx + body->w, ty = y0 - 1;
            image_set(img, tx, ty, c->w);
            for (int i = 1; i <= t; i++) {
                Rgba arm = i == t ? c->A : c->w;
                image_set(img, tx + i, ty, arm);
                image_set(img, tx - i, ty, arm);
                image_set(img, tx, ty + i, arm);
                image_set(img, tx, ty - i, arm);
            }
        }
        /* the point's glint, every other frame */
        if (f % 4 == 1)
            image_set(img, bx + 3, y0 + 3, c->w);
    }
    return true;
}

/* ---- the jump-through lift: a thin plank, no iron frame ---- */

static bool gen_platform_oneway(Atlas *atlas, const Ink *c)
{
    Sheet *s = new_clip(atlas, "platform_oneway", 48, 8, 1, 1, 1.0f, true);
    if (s == NULL)
        return false;
    s->slice[0] = 6;
    s->slice[2] = 6;
    Image *img = sheet_cell(s, 0, 0);
    /* the plank: four rows, its top the walkable edge */
    image_fill_rect(img, 0, 0, 48, 5, c->k);
    image_fill_rect(img, 1, 1, 46, 3, c->m);
    image_fill_rect(img, 1, 1, 46, 1, RGB_HEX(0xe0a86c));
    image_fill_rect(img, 1, 3, 46, 1, c->M);
    for (int x = 8; x < 41; x += 8) {
        image_set(img, x, 1, c->M); /* board joints */
        image_set(img, x, 2, c->u);
    }
    /* a nail at each end, and a small cleat under it */
    for (int side = 0; side < 2; side++) {
        int x = side ? 47 - 5 : 0; /* the cleat's left column */
        image_set(img, side ? 45 : 2, 2, c->X);
        image_fill_rect(img, x, 5, 6, 1, c->k);
        image_fill_rect(img, x + 1, 5, 4, 1, c->M);
        image_fill_rect(img, x + 1, 6, 4, 1, c->k);
        image_fill_rect(img, x + 2, 6, 2, 1, c->u);
        image_fill_rect(img, x + 2, 7, 2, 1, c->k);
    }
    return true;
}

bool art_gen_gadgets(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    const Image *board, *gem;
    if (!art_need(art, "kwoyYOxXzZmMuLUVACDE", err, errlen) ||
        !art_need_grid(art, "sign", &board, err, errlen) ||
        !art_need_grid(art, "gem", &gem, err, errlen))
        return false;
    Ink c;
#define INK(ch) c.ch = art_color(art, (#ch)[0])
    INK(k);
    INK(w);
    INK(o);
    INK(y);
    INK(Y);
    INK(O);
    INK(x);
    INK(X);
    INK(z);
    INK(Z);
    INK(m);
    INK(M);
    INK(u);
    INK(L);
    INK(U);
    INK(V);
    INK(A);
#undef INK
    bool ok = gen_spring(atlas, &c) && gen_crumble(atlas, &c) && gen_sign(atlas, &c, board) &&
              gen_gem(atlas, &c, gem) && gen_platform_oneway(atlas, &c);
    if (!ok)
        snprintf(err, errlen, "gadgets: out of memory");
    return ok;
}
