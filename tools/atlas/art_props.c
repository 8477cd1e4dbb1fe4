/* SPDX-License-Identifier: Zlib */
/*
** art_props.c -- everything in a level that is not a tile or Pip: coins,
** checkpoints, the summit flag, switches and their blocks, platforms,
** walkers and saws, plus the effects and HUD icons the front end may use.
**
** Cell sizes follow the kind table's boxes (src/game/kinds.c): a cell
** larger than its box says where the box sits with its anchor.
**
** Switch groups are told apart by colour and by a symbol, so players who
** confuse two colours still match a switch with its blocks.
*/
#include "atlas.h"

#include <math.h>
#include <stdio.h>

static const float TAU = 6.28318530718f;

enum { GROUPS = 8 };

static const uint32_t group_rgb[GROUPS] = {
    0xe84a5f, 0x4a8cf0, 0x5ccf5a, 0xf5c842, 0xb266e8, 0x42d6d0, 0xf08a3a, 0xf07ac4,
};

typedef struct Ink {
    Rgba k, w, o, y, Y, O, x, X, z, Z, m, M, u, t, T, W, r, R, g, G;
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

static Sheet *new_sprite(Atlas *atlas, const char *name, int w, int h, int frames, float fps,
                         bool loop)
{
    Sheet *s = atlas_add_sheet(atlas, SECTION_SPRITE, name, w, h, frames, 1);
    if (s != NULL) {
        s->fps = fps;
        s->loop = loop;
    }
    return s;
}

/* ---- coin ---- */

static bool gen_coin(Atlas *atlas, const Ink *c)
{
    enum { N = 8 };
    Sheet *s = new_clip(atlas, "coin", 16, 16, N, 1, 10.0f, true);
    if (s == NULL)
        return false;
    for (int f = 0; f < N; f++) {
        Image *img = sheet_cell(s, 0, f);
        float th = TAU * (float)f / (float)N;
        float rx = 5.0f * fabsf(cosf(th)), ry = 5.5f;
        if (rx < 0.9f)
            rx = 0.9f;
        bool back = cosf(th) < 0.0f;
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++) {
                float dx = ((float)x + 0.5f - 8.0f) / (rx + 0.5f);
                float dy = ((float)y + 0.5f - 8.0f) / ry;
                float d = dx * dx + dy * dy;
                if (d > 1.0f)
                    continue;
                Rgba col = back ? c->Y : c->y;
                if (d > 0.55f)
                    col = dx > 0.2f ? c->O : c->Y; /* rim, darker away from the light */
                else if (dx < -0.25f && dy < 0.1f && !back)
                    col = c->o; /* face catching the light */
                image_set(img, x, y, col);
            }
        /* an embossed notch, seen only face-on */
        if (rx > 3.0f && !back) {
            image_set(img, 8, 6, c->O);
            image_set(img, 8, 7, c->O);
            image_set(img, 8, 8, c->O);
            image_set(img, 8, 9, c->Y);
        }
        image_outline(img, c->k, false);
        if (f == 0) {
            image_set(img, 5, 5, c->w);
            image_set(img, 6, 4, c->w);
        }
    }
    return true;
}

/* ---- checkpoint: a pole on a cairn; lit, the red pennant flies ---- */

static void draw_cairn(Image *img, const Ink *c, int base_y)
{
    image_fill_rect(img, 0, base_y - 2, 10, 3, c->G);
    image_fill_rect(img, 1, base_y - 4, 7, 2, c->g);
    image_fill_rect(img, 2, base_y - 5, 4, 1, c->W);
    image_set(img, 3, base_y - 1, c->g);
    image_set(img, 7, base_y - 2, c->W);
    image_set(img, 1, base_y - 2, c->W);
}

static void draw_pole(Image *img, const Ink *c, int x, int top, int bottom)
{
    image_fill_rect(img, x, top, 2, bottom - top, c->M);
    image_fill_rect(img, x, top, 1, bottom - top, c->m);
    image_set(img, x, top - 1, c->y);
    image_set(img, x + 1, top - 1, c->Y);
}

static void draw_flag(Image *img, int x0, int y0, int len, int height, float phase, float amp,
                      Rgba light, Rgba dark)
{
    for (int i = 0; i < len; i++) {
        float t = (float)i / (float)len;
        int off = (int)lroundf(sinf(phase + (float)i * 0.7f) * amp * t);
        int h = height - (int)lroundf((float)height * 0.45f * t); /* tapering pennant */
        for (int j = 0; j < h; j++) {
            bool fold = sinf(phase + (float)i * 0.7f + 1.2f) > 0.55f;
            image_set(img, x0 + i, y0 + off + j + (height - h) / 2, fold ? dark : light);
        }
    }
}

static bool gen_checkpoint(Atlas *atlas, const Ink *c)
{
    Sheet *idle = new_clip(atlas, "checkpoint_idle", 24, 32, 2, 1, 2.0f, true);
    if (idle == NULL)
        return false;
    for (int f = 0; f < 2; f++) {
        Image *img = sheet_cell(idle, 0, f);
        draw_pole(img, c, 4, 6, 28);
        /* the pennant lies furled at the foot of the pole */
        draw_flag(img, 6, 20 + f, 4, 6, 0.0f, 0.0f, c->g, c->G);
        image_fill_rect(img, 6, 19 + f, 1, 8, c->g);
        draw_cairn(img, c, 31);
        image_outline(img, c->k, false);
    }
    enum { N = 6 };
    Sheet *active = new_clip(atlas, "checkpoint_active", 24, 32, N, 1, 10.0f, true);
    if (active == NULL)
        return false;
    for (int f = 0; f < N; f++) {
        Image *img = sheet_cell(active, 0, f);
        draw_pole(img, c, 4, 3, 28);
        draw_flag(img, 6, 4, 13, 8, TAU * (float)f / (float)N, 1.6f, c->r, c->R);
        draw_cairn(img, c, 31);
        image_outline(img, c->k, false);
    }
    return true;
}

/* ---- goal: the summit flag, gold with a star ---- */

static bool gen_goal(Atlas *atlas, const Ink *c, const Image *star)
{
    enum { N = 6 };
    Sheet *s = new_clip(atlas, "goal", 32, 48, N, 1, 8.0f, true);
    if (s == NULL)
        return false;
    s->anchor_x = 0;
    s->anchor_y = 16;
    for (int f = 0; f < N; f++) {
        Image *img = sheet_cell(s, 0, f);
        draw_pole(img, c, 4, 3, 44);
        draw_flag(img, 6, 4, 22, 14, TAU * (float)f / (float)N, 2.2f, c->y, c->Y);
        int off = (int)lroundf(sinf(TAU * (float)f / (float)N + 4.0f * 0.7f) * 2.2f * 0.2f);
        image_blit(img, 10, 7 + off, star, 0, 0, star->w, star->h, false);
        for (int y = 7 + off; y < 12 + off; y++)
            for (int x = 10; x < 15; x++)
                if (image_get(star, x - 10, y - 7 - off).a != 0)
                    image_set(img, x, y, c->w);
        /* a snowy stone base */
        image_fill_rect(img, 0, 42, 12, 6, c->G);
        image_fill_rect(img, 1, 40, 9, 3, c->g);
        image_fill_rect(img, 1, 40, 9, 1, c->W);
        image_fill_rect(img, 0, 42, 3, 1, c->W);
        image_set(img, 6, 45, c->g);
        image_outline(img, c->k, false);
        /* the pole's ornament glints in turn */
        if (f == 0 || f == 3)
            image_set(img, 4, 1, c->w);
    }
    return true;
}

/* ---- switch groups ---- */

static void group_colors(int g, Rgba *base, Rgba *dark, Rgba *light)
{
    *base = RGB_HEX(group_rgb[g]);
    *dark = rgba_mix(*base, RGBA(26, 20, 35, 255), 0.45f);
    *light = rgba_mix(*base, RGBA(255, 255, 255, 255), 0.5f);
}

/* A 5x5 symbol per group: circle, square, triangle, diamond, cross, ring, bars, heart. */
static const char *const symbols[GROUPS][5] = {
    {".###.", "#####", "#####", "#####", ".###."}, {"#####", "#...#", "#...#", "#...#", "#####"},
    {"..#..", ".###.", ".###.", "#####", "#####"}, {"..#..", ".###.", "#####", ".###.", "..#.."},
    {"#...#", ".#.#.", "..#..", ".#.#.", "#...#"}, {".###.", "#...#", "#...#", "#...#", ".###."},
    {"#.#.#", "#.#.#", "#.#.#", "#.#.#", "#.#.#"}, {".#.#.", "#####", "#####", ".###.", "..#.."},
};

static void draw_symbol(Image *img, int x, int y, int g, Rgba c)
{
    for (int j = 0; j < 5; j++)
        for (int i = 0; i < 5; i++)
            if (symbols[g][j][i] == '#')
                image_set(img, x + i, y + j, c);
}

static bool gen_switch(Atlas *atlas, const Ink *c)
{
    Sheet *off = new_clip(atlas, "switch_off", 16, 16, 1, GROUPS, 1.0f, true);
    Sheet *on = off ? new_clip(atlas, "switch_on", 16, 16, 2, GROUPS, 4.0f, true) : NULL;
    if (on == NULL)
        return false;
    off = (Sheet *)atlas_find(atlas, SECTION_CLIP, "switch_off");
    for (int g = 0; g < GROUPS; g++) {
        Rgba base, dark, light;
        group_colors(g, &base, &dark, &light);
        for (int f = 0; f < 3; f++) {
            bool pressed = f > 0;
            Image *img = pressed ? sheet_cell(on, g, f - 1) : sheet_cell(off, g, 0);
            /* the housing, on a flange bolted to whatever it stands on */
            image_fill_rect(img, 2, 11, 12, 3, c->z);
            image_fill_rect(img, 2, 11, 12, 1, c->X);
            image_fill_rect(img, 0, 14, 16, 2, c->k);
            image_fill_rect(img, 1, 14, 14, 1, c->Z);
            image_set(img, 2, 14, c->X);
            image_set(img, 13, 14, c->X);
            image_fill_rect(img, 1, 13, 1, 1, c->Z);
            image_fill_rect(img, 14, 13, 1, 1, c->Z);
            /* the cap: raised when off, sunk and glowing when on */
            int top = pressed ? 9 : 5;
            image_fill_rect(img, 3, top, 10, 11 - top, base);
            image_fill_rect(img, 3, top, 10, 1, light);
            image_fill_rect(img, 3, 10, 10, 1, dark);
            if (!pressed)
                draw_symbol(img, 6, 5, g, dark);
            image_outline(img, c->k, false);
            if (pressed) {
                Rgba glow = light;
                glow.a = f == 1 ? 200 : 120;
                for (int i = 0; i < 3; i++) {
                    image_blend(img, 4 + i * 4, 6 - (f == 2), glow);
                    image_blend(img, 5 + i * 4, 5 - (f == 2), glow);
                }
            }
        }
    }
    return true;
}

static bool gen_blocks(Atlas *atlas, const Ink *c)
{
    Sheet *solid = new_clip(atlas, "block_solid", 16, 16, 1, GROUPS, 1.0f, true);
    Sheet *ghost = solid ? new_clip(atlas, "block_ghost", 16, 16, 1, GROUPS, 1.0f, true) : NULL;
    if (ghost == NULL)
        return false;
    solid = (Sheet *)atlas_find(atlas, SECTION_CLIP, "block_solid");
    for (int g = 0; g < GROUPS; g++) {
        Rgba base, dark, light;
        group_colors(g, &base, &dark, &light);
        Image *img = sheet_cell(solid, g, 0);
        image_fill_rect(img, 0, 0, 16, 16, c->k);
        image_fill_rect(img, 1, 1, 14, 14, base);
        image_fill_rect(img, 1, 1, 14, 1, light);
        image_fill_rect(img, 1, 1, 1, 14, light);
        image_fill_rect(img, 1, 14, 14, 1, dark);
        image_fill_rect(img, 14, 1, 1, 14, dark);
        image_set(img, 2, 2, c->w);
        draw_symbol(img, 6, 6, g, dark);

        /* ghost: a dashed frame and a faint fill, clearly not standable */
        Image *gi = sheet_cell(ghost, g, 0);
        Rgba fill = base;
        fill.a = 48;
        image_fill_rect(gi, 1, 1, 14, 14, fill);
        for (int i = 0; i < 16; i++) {
            if ((i / 2) % 2 != 0)
                continue;
            image_set(gi, i, 0, base);
            image_set(gi, i, 15, base);
            image_set(gi, 0, i, base);
            image_set(gi, 15, i, base);
        }
        Rgba sym = base;
        sym.a = 140;
        for (int j = 0; j < 5; j++)
            for (int i = 0; i < 5; i++)
                if (symbols[g][j][i] == '#')
                    image_set(gi, 6 + i, 6 + j, sym);
    }
    return true;
}

/* ---- moving platform: a plank in an iron frame ---- */

static bool gen_platform(Atlas *atlas, const Ink *c)
{
    Sheet *s = new_clip(atlas, "platform", 48, 8, 1, 1, 1.0f, true);
    if (s == NULL)
        return false;
    s->slice[0] = 6;
    s->slice[2] = 6;
    Image *img = sheet_cell(s, 0, 0);
    image_fill_rect(img, 0, 0, 48, 8, c->k);
    image_fill_rect(img, 1, 1, 46, 6, c->m);
    image_fill_rect(img, 1, 1, 46, 1, RGB_HEX(0xe0a86c));
    image_fill_rect(img, 1, 5, 46, 2, c->M);
    for (int x = 9; x < 40; x += 8)
        image_set(img, x, 3, c->M); /* plank seams */
    for (int x = 6; x < 42; x += 8)
        image_set(img, x + 3, 2, c->M);
    /* iron end caps with rivets */
    for (int side = 0; side < 2; side++) {
        int x = side ? 42 : 1;
        image_fill_rect(img, x, 1, 5, 6, c->z);
        image_fill_rect(img, x, 1, 5, 1, c->X);
        image_fill_rect(img, x, 6, 5, 1, c->Z);
        image_set(img, x + 2, 3, c->x);
        image_set(img, x + 2, 4, c->Z);
    }
    return true;
}

/* ---- walker ---- */

static bool gen_walker(Atlas *atlas, const Ink *c, const Image *body, const Image *flat)
{
    enum { N = 4 };
    Sheet *walk = new_clip(atlas, "walker_walk", 16, 16, N, 1, 8.0f, true);
    if (walk == NULL)
        return false;
    for (int f = 0; f < N; f++) {
        Image *img = sheet_cell(walk, 0, f);
        int bob = f % 2;
        /* two pairs of stubby feet, stepping in turn */
        int fa = f < 2 ? 0 : 1;
        image_fill_rect(img, 3 + fa, 14 - (f == 1), 3, 2, c->u);
        image_fill_rect(img, 10 - fa, 14 - (f == 3), 3, 2, c->u);
        image_blit(img, 1, 3 + bob, body, 0, 0, body->w, body->h, false);
        image_outline(img, c->k, false);
    }
    Sheet *sq = new_clip(atlas, "walker_squashed", 16, 16, 1, 1, 1.0f, false);
    if (sq == NULL)
        return false;
    Image *img = sheet_cell(sq, 0, 0);
    image_blit(img, 1, 10, flat, 0, 0, flat->w, flat->h, false);
    image_fill_rect(img, 2, 15, 3, 1, c->u);
    image_fill_rect(img, 11, 15, 3, 1, c->u);
    image_outline(img, c->k, false);
    return true;
}

/* ---- saw: a blade on a hub, turning in front of a fixed iron bracket ----
** The bracket does not turn, so the blade reads as mounted on something;
** the tooth points glow red like the spikes' points. The cell is 24x24, the
** 16x16 box in its middle. */

static bool gen_saw(Atlas *atlas, const Ink *c)
{
    enum { N = 4, TEETH = 8, CELL = 24, PAD = 4 };
    Sheet *s = new_clip(atlas, "saw", CELL, CELL, N, 1, 20.0f, true);
    if (s == NULL)
        return false;
    s->anchor_x = PAD;
    s->anchor_y = PAD;
    const float mid = (float)CELL / 2.0f;
    for (int f = 0; f < N; f++) {
        Image *img = sheet_cell(s, 0, f);
        /* the bracket: an iron strap behind the axle, bolted at both ends */
        image_fill_rect(img, 1, 10, CELL - 2, 4, c->Z);
        image_fill_rect(img, 1, 10, CELL - 2, 1, c->z);
        image_set(img, 2, 11, c->X);
        image_set(img, CELL - 3, 11, c->X);
        image_set(img, 2, 12, c->k);
        image_set(img, CELL - 3, 12, c->k);
        float rot = TAU / (float)TEETH * (float)f / (float)N;
        for (int y = 0; y < CELL; y++)
            for (int x = 0; x < CELL; x++) {
                float dx = (float)x + 0.5f - mid, dy = (float)y + 0.5f - mid;
                float r = sqrtf(dx * dx + dy * dy);
                float a = atan2f(dy, dx) - rot;
                float u = a / (TAU / (float)TEETH);
                u -= floorf(u);
                float edge = 5.2f + 2.6f * u; /* sawtooth: each tooth leans one way */
                if (r > edge)
                    continue;
                Rgba col = r > 4.8f ? c->X : c->z;
                if (r > 4.8f && dy < -1.0f && dx < 1.0f)
                    col = c->x;
                if (r > 6.9f)
                    col = c->r; /* red-hot tooth points */
                if (r < 2.6f)
                    col = c->R; /* the hub, painted red */
                if (r < 1.6f)
                    col = c->r;
                if (r < 0.8f)
                    col = c->X; /* its axle bolt */
                image_set(img, x, y, col);
            }
        /* a spoke that shows the turning */
        float sa = rot * 2.0f;
        for (int k = 0; k < 2; k++) {
            float a = sa + (float)k * TAU / 2.0f;
            image_set(img, (int)lroundf(mid - 0.5f + 3.6f * cosf(a)),
                      (int)lroundf(mid - 0.5f + 3.6f * sinf(a)), c->Z);
        }
        image_outline(img, c->k, false);
    }
    return true;
}

/* ---- effects and HUD ---- */

static bool gen_effects(Atlas *atlas, const Ink *c, const ArtSet *art)
{
    Sheet *dust = new_sprite(atlas, "dust", 8, 8, 4, 12.0f, false);
    if (dust == NULL)
        return false;
    for (int f = 0; f < 4; f++) {
        Image *img = sheet_cell(dust, 0, f);
        Rgba puff = c->W;
        puff.a = (uint8_t)(230 - f * 50);
        float r = 1.6f + (float)f * 0.8f;
        image_fill_disc(img, 3.5f - (float)f * 0.3f, 5.0f - (float)f * 0.5f, r, puff);
        image_fill_disc(img, 5.0f, 5.5f - (float)f * 0.4f, r * 0.7f, puff);
    }
    Sheet *sparkle = new_sprite(atlas, "sparkle", 16, 16, 5, 15.0f, false);
    if (sparkle == NULL)
        return false;
    for (int f = 0; f < 5; f++) {
        Image *img = sheet_cell(sparkle, 0, f);
        int len = f < 2 ? 2 + f * 2 : 6 - f;
        float ring = 2.0f + (float)f * 1.5f;
        for (int k = 0; k < 4; k++) {
            int dx = k == 0 ? 1 : k == 1 ? -1 : 0, dy = k == 2 ? 1 : k == 3 ? -1 : 0;
            for (int i = 1; i <= len; i++)
                image_set(img, 7 + dx * i, 7 + dy * i, i == len ? c->Y : c->y);
        }
        image_set(img, 7, 7, c->w);
        if (f >= 1)
            for (int k = 0; k < 4; k++) {
                float a = TAU / 8.0f + TAU * (float)k / 4.0f;
                image_set(img, (int)lroundf(7.0f + ring * cosf(a)),
                          (int)lroundf(7.0f + ring * sinf(a)), f < 4 ? c->o : c->Y);
            }
    }
    static const char *const icons[] = {"hud_coin", "hud_skull", "hud_clock", "hud_gem"};
    for (size_t i = 0; i < sizeof icons / sizeof icons[0]; i++) {
        const Image *src = art_grid(art, icons[i]);
        if (src == NULL)
            return false;
        Sheet *s = new_sprite(atlas, icons[i], src->w + 2, src->h + 2, 1, 1.0f, false);
        if (s == NULL)
            return false;
        Image *img = sheet_cell(s, 0, 0);
        image_blit(img, 1, 1, src, 0, 0, src->w, src->h, false);
        image_outline(img, c->k, false);
    }
    return true;
}

bool art_gen_props(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    const Image *body, *flat, *star, *dummy;
    if (!art_need(art, "kwoyYOxXzZmMutTWrRgG", err, errlen) ||
        !art_need_grid(art, "walker_body", &body, err, errlen) ||
        !art_need_grid(art, "walker_flat", &flat, err, errlen) ||
        !art_need_grid(art, "star", &star, err, errlen) ||
        !art_need_grid(art, "hud_coin", &dummy, err, errlen) ||
        !art_need_grid(art, "hud_skull", &dummy, err, errlen) ||
        !art_need_grid(art, "hud_clock", &dummy, err, errlen) ||
        !art_need_grid(art, "hud_gem", &dummy, err, errlen))
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
    INK(t);
    INK(T);
    INK(W);
    INK(r);
    INK(R);
    INK(g);
    INK(G);
#undef INK
    bool ok = gen_coin(atlas, &c) && gen_checkpoint(atlas, &c) && gen_goal(atlas, &c, star) &&
              gen_switch(atlas, &c) && gen_blocks(atlas, &c) && gen_platform(atlas, &c) &&
              gen_walker(atlas, &c, body, flat) && gen_saw(atlas, &c) &&
              gen_effects(atlas, &c, art);
    if (!ok)
        snprintf(err, errlen, "props: out of memory");
    return ok;
}
