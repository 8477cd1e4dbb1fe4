/* SPDX-License-Identifier: Zlib */
/*
** art_font.c -- the bitmap font: printable ASCII, Latin-1 and Latin
** Extended-A (U+0020 to U+017F, the C1 controls left empty).
**
** Glyphs come from art/font.txt as white ink, nine rows: capitals, digits
** and the x-height on rows 0 to 6, descenders on 7 and 8. An accented
** letter is mostly not drawn there but made here of its letter and its mark
** (COMPOSED, Unicode's decompositions), the marks being glyphs of font.txt
** too: the spacing forms ` ´ ˆ ˜ ¯ ˘ ˙ ¨ ˚ ˝ ˇ ¸ ˛. A mark above the letter
** stands one clear row over the letter's highest ink, rising over a capital
** or an ascender into the MARK_ROWS the cell keeps above the glyphs (the
** mark may touch a capital when it is too tall for a clear row), and is
** centred on the letter; i and j take a mark above without their dot (ı,
** ȷ). A mark below stays on the rows it is drawn on, under the baseline:
** the cedilla centred, the ogonek at the letter's right. A letter drawn in
** font.txt wins over its composition (ď ť ľ Ľ ģ, whose marks sit apart).
** A mark that would run into its letter's ink is refused.
**
** Every glyph gets a one-pixel dark outline, so the renderer can tint the
** ink (SDL colour modulation keeps the outline dark) and text stays readable
** over any background. Cells are all the same size, MARK_ROWS taller than
** the glyphs: atlas.json's "ascent" tells the renderer to draw a cell that
** much above the line's top. The advance of each character is its ink
** width plus one pixel of spacing. A character of the range with no glyph
** and no composition is an error (the game's text may use any of them),
** but for the C1 controls, which draw nothing.
*/
#include "atlas.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    FIRST = 0x20,
    LAST = 0x17F,
    SPACE_ADVANCE = 4,
    MARK_ROWS = 3, /* rows above the glyphs, for marks over capitals */
    CEDILLA = 0xB8,
    OGONEK = 0x2DB,
    DOTLESS_I = 0x131,
    DOTLESS_J = 0x237,
};

typedef struct Composed {
    uint16_t cp, base, mark;
} Composed;

/* Unicode's canonical decompositions of U+00A0 to U+017F into a letter and
** one mark, the combining mark given as its spacing form. */
static const Composed COMPOSED[] = {
    {0xC0, 'A', 0x60},   {0xC1, 'A', 0xB4},   {0xC2, 'A', 0x2C6},  {0xC3, 'A', 0x2DC},
    {0xC4, 'A', 0xA8},   {0xC5, 'A', 0x2DA},  {0xC7, 'C', 0xB8},   {0xC8, 'E', 0x60},
    {0xC9, 'E', 0xB4},   {0xCA, 'E', 0x2C6},  {0xCB, 'E', 0xA8},   {0xCC, 'I', 0x60},
    {0xCD, 'I', 0xB4},   {0xCE, 'I', 0x2C6},  {0xCF, 'I', 0xA8},   {0xD1, 'N', 0x2DC},
    {0xD2, 'O', 0x60},   {0xD3, 'O', 0xB4},   {0xD4, 'O', 0x2C6},  {0xD5, 'O', 0x2DC},
    {0xD6, 'O', 0xA8},   {0xD9, 'U', 0x60},   {0xDA, 'U', 0xB4},   {0xDB, 'U', 0x2C6},
    {0xDC, 'U', 0xA8},   {0xDD, 'Y', 0xB4},   {0xE0, 'a', 0x60},   {0xE1, 'a', 0xB4},
    {0xE2, 'a', 0x2C6},  {0xE3, 'a', 0x2DC},  {0xE4, 'a', 0xA8},   {0xE5, 'a', 0x2DA},
    {0xE7, 'c', 0xB8},   {0xE8, 'e', 0x60},   {0xE9, 'e', 0xB4},   {0xEA, 'e', 0x2C6},
    {0xEB, 'e', 0xA8},   {0xEC, 'i', 0x60},   {0xED, 'i', 0xB4},   {0xEE, 'i', 0x2C6},
    {0xEF, 'i', 0xA8},   {0xF1, 'n', 0x2DC},  {0xF2, 'o', 0x60},   {0xF3, 'o', 0xB4},
    {0xF4, 'o', 0x2C6},  {0xF5, 'o', 0x2DC},  {0xF6, 'o', 0xA8},   {0xF9, 'u', 0x60},
    {0xFA, 'u', 0xB4},   {0xFB, 'u', 0x2C6},  {0xFC, 'u', 0xA8},   {0xFD, 'y', 0xB4},
    {0xFF, 'y', 0xA8},   {0x100, 'A', 0xAF},  {0x101, 'a', 0xAF},  {0x102, 'A', 0x2D8},
    {0x103, 'a', 0x2D8}, {0x104, 'A', 0x2DB}, {0x105, 'a', 0x2DB}, {0x106, 'C', 0xB4},
    {0x107, 'c', 0xB4},  {0x108, 'C', 0x2C6}, {0x109, 'c', 0x2C6}, {0x10A, 'C', 0x2D9},
    {0x10B, 'c', 0x2D9}, {0x10C, 'C', 0x2C7}, {0x10D, 'c', 0x2C7}, {0x10E, 'D', 0x2C7},
    {0x10F, 'd', 0x2C7}, {0x112, 'E', 0xAF},  {0x113, 'e', 0xAF},  {0x114, 'E', 0x2D8},
    {0x115, 'e', 0x2D8}, {0x116, 'E', 0x2D9}, {0x117, 'e', 0x2D9}, {0x118, 'E', 0x2DB},
    {0x119, 'e', 0x2DB}, {0x11A, 'E', 0x2C7}, {0x11B, 'e', 0x2C7}, {0x11C, 'G', 0x2C6},
    {0x11D, 'g', 0x2C6}, {0x11E, 'G', 0x2D8}, {0x11F, 'g', 0x2D8}, {0x120, 'G', 0x2D9},
    {0x121, 'g', 0x2D9}, {0x122, 'G', 0xB8},  {0x123, 'g', 0xB8},  {0x124, 'H', 0x2C6},
    {0x125, 'h', 0x2C6}, {0x128, 'I', 0x2DC}, {0x129, 'i', 0x2DC}, {0x12A, 'I', 0xAF},
    {0x12B, 'i', 0xAF},  {0x12C, 'I', 0x2D8}, {0x12D, 'i', 0x2D8}, {0x12E, 'I', 0x2DB},
    {0x12F, 'i', 0x2DB}, {0x130, 'I', 0x2D9}, {0x134, 'J', 0x2C6}, {0x135, 'j', 0x2C6},
    {0x136, 'K', 0xB8},  {0x137, 'k', 0xB8},  {0x139, 'L', 0xB4},  {0x13A, 'l', 0xB4},
    {0x13B, 'L', 0xB8},  {0x13C, 'l', 0xB8},  {0x13D, 'L', 0x2C7}, {0x13E, 'l', 0x2C7},
    {0x143, 'N', 0xB4},  {0x144, 'n', 0xB4},  {0x145, 'N', 0xB8},  {0x146, 'n', 0xB8},
    {0x147, 'N', 0x2C7}, {0x148, 'n', 0x2C7}, {0x14C, 'O', 0xAF},  {0x14D, 'o', 0xAF},
    {0x14E, 'O', 0x2D8}, {0x14F, 'o', 0x2D8}, {0x150, 'O', 0x2DD}, {0x151, 'o', 0x2DD},
    {0x154, 'R', 0xB4},  {0x155, 'r', 0xB4},  {0x156, 'R', 0xB8},  {0x157, 'r', 0xB8},
    {0x158, 'R', 0x2C7}, {0x159, 'r', 0x2C7}, {0x15A, 'S', 0xB4},  {0x15B, 's', 0xB4},
    {0x15C, 'S', 0x2C6}, {0x15D, 's', 0x2C6}, {0x15E, 'S', 0xB8},  {0x15F, 's', 0xB8},
    {0x160, 'S', 0x2C7}, {0x161, 's', 0x2C7}, {0x162, 'T', 0xB8},  {0x163, 't', 0xB8},
    {0x164, 'T', 0x2C7}, {0x165, 't', 0x2C7}, {0x168, 'U', 0x2DC}, {0x169, 'u', 0x2DC},
    {0x16A, 'U', 0xAF},  {0x16B, 'u', 0xAF},  {0x16C, 'U', 0x2D8}, {0x16D, 'u', 0x2D8},
    {0x16E, 'U', 0x2DA}, {0x16F, 'u', 0x2DA}, {0x170, 'U', 0x2DD}, {0x171, 'u', 0x2DD},
    {0x172, 'U', 0x2DB}, {0x173, 'u', 0x2DB}, {0x174, 'W', 0x2C6}, {0x175, 'w', 0x2C6},
    {0x176, 'Y', 0x2C6}, {0x177, 'y', 0x2C6}, {0x178, 'Y', 0xA8},  {0x179, 'Z', 0xB4},
    {0x17A, 'z', 0xB4},  {0x17B, 'Z', 0x2D9}, {0x17C, 'z', 0x2D9}, {0x17D, 'Z', 0x2C7},
    {0x17E, 'z', 0x2C7},
};

/* A character drawn as another: the no-break space, the soft hyphen. */
static unsigned alias(unsigned cp)
{
    return cp == 0xA0 ? ' ' : cp == 0xAD ? '-' : cp;
}

static bool is_control(unsigned cp)
{
    return cp >= 0x7F && cp <= 0x9F;
}

/* The rows and columns of img's ink: false when it has none. */
static bool ink_box(const Image *img, int *left, int *top, int *right, int *bottom)
{
    *left = img->w, *top = img->h, *right = -1, *bottom = -1;
    for (int y = 0; y < img->h; y++)
        for (int x = 0; x < img->w; x++)
            if (image_get(img, x, y).a != 0) {
                *left = x < *left ? x : *left;
                *right = x > *right ? x : *right;
                *top = y < *top ? y : *top;
                *bottom = y > *bottom ? y : *bottom;
            }
    return *right >= 0;
}

/* The glyph of cp made of its letter and mark into out (glyph_h +
** MARK_ROWS rows, the glyph's row 0 at MARK_ROWS). */
static bool compose(const ArtSet *art, const Composed *c, Image *out, char *err, size_t errlen)
{
    unsigned base_cp = c->base;
    bool below = c->mark == CEDILLA || c->mark == OGONEK;
    if (!below && (base_cp == 'i' || base_cp == 'j'))
        base_cp = base_cp == 'i' ? DOTLESS_I : DOTLESS_J;
    const Image *base = &art->glyphs[base_cp], *mark = &art->glyphs[c->mark];
    int bl, bt, br, bb, ml, mt, mr, mb;
    if (base->w == 0 || !ink_box(base, &bl, &bt, &br, &bb) || mark->w == 0 ||
        !ink_box(mark, &ml, &mt, &mr, &mb)) {
        snprintf(err, errlen, "font: U+%04X needs the glyphs U+%04X and U+%04X", c->cp, base_cp,
                 c->mark);
        return false;
    }
    int mark_w = mr - ml + 1, dx, dy = 0;
    if (c->mark == OGONEK) {
        dx = base->w - mark_w - ml;
    } else {
        dx = (base->w - mark_w + 1) / 2 - ml;
    }
    if (!below) {
        dy = bt - 2 - mb; /* one clear row over the letter */
        if (mt + dy < -MARK_ROWS)
            dy = -MARK_ROWS - mt; /* as high as the cell goes */
    }
    int w = base->w > dx + mr + 1 ? base->w : dx + mr + 1;
    if (!image_init(out, w, art->glyph_h + MARK_ROWS)) {
        snprintf(err, errlen, "font: out of memory");
        return false;
    }
    image_blit(out, 0, MARK_ROWS, base, 0, 0, base->w, base->h, false);
    for (int y = mt; y <= mb; y++)
        for (int x = ml; x <= mr; x++) {
            if (image_get(mark, x, y).a == 0)
                continue;
            if (image_get(out, x + dx, y + dy + MARK_ROWS).a != 0) {
                snprintf(err, errlen, "font: U+%04X: the mark U+%04X runs into the letter U+%04X",
                         c->cp, c->mark, base_cp);
                image_fini(out);
                return false;
            }
            image_set(out, x + dx, y + dy + MARK_ROWS, RGBA(255, 255, 255, 255));
        }
    return true;
}

/* The glyph of cp (MARK_ROWS rows higher than font.txt's): drawn, composed,
** an alias's or, for a lowercase ASCII letter not drawn, its capital's.
** Leaves out empty (w == 0) for a control; false on an error. */
static bool glyph_of(const ArtSet *art, unsigned cp, Image *out, char *err, size_t errlen)
{
    out->w = out->h = 0;
    out->px = NULL;
    unsigned drawn = alias(cp);
    if (drawn < 128 && art->glyphs[drawn].w == 0 && islower((int)drawn))
        drawn = (unsigned)toupper((int)drawn);
    const Image *g = &art->glyphs[drawn];
    if (g->w != 0) {
        if (!image_init(out, g->w, art->glyph_h + MARK_ROWS)) {
            snprintf(err, errlen, "font: out of memory");
            return false;
        }
        image_blit(out, 0, MARK_ROWS, g, 0, 0, g->w, g->h, false);
        return true;
    }
    for (size_t i = 0; i < sizeof COMPOSED / sizeof COMPOSED[0]; i++)
        if (COMPOSED[i].cp == cp)
            return compose(art, &COMPOSED[i], out, err, errlen);
    if (is_control(cp) || drawn == ' ')
        return true;
    snprintf(err, errlen, "font: no glyph for U+%04X: draw it in art/font.txt", cp);
    return false;
}

bool art_gen_font(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    if (art->glyph_h == 0) {
        snprintf(err, errlen, "font: no glyphs in the art sources");
        return false;
    }
    for (int c = '0'; c <= '9'; c++)
        if (art->glyphs[c].w == 0) {
            snprintf(err, errlen, "font: digit '%c' is missing", c);
            return false;
        }
    enum { COUNT = LAST - FIRST + 1 };
    Image *glyphs = calloc(COUNT, sizeof *glyphs);
    if (glyphs == NULL) {
        snprintf(err, errlen, "font: out of memory");
        return false;
    }
    bool ok = true;
    int max_w = 0;
    for (int i = 0; i < COUNT && ok; i++) {
        ok = glyph_of(art, (unsigned)(FIRST + i), &glyphs[i], err, errlen);
        if (glyphs[i].w > max_w)
            max_w = glyphs[i].w;
    }
    Sheet *s = ok ? atlas_add_sheet(atlas, SECTION_FONT, "font", max_w + 2,
                                    art->glyph_h + MARK_ROWS + 2, COUNT, 1)
                  : NULL;
    if (ok && (s == NULL || (s->advance = calloc((size_t)s->frames, sizeof *s->advance)) == NULL)) {
        snprintf(err, errlen, "font: out of memory");
        ok = false;
    }
    if (ok) {
        /* the cell's rows above the line's top (atlas.json's "ascent") */
        s->anchor_y = MARK_ROWS;
        Rgba outline = art_color(art, 'k');
        for (int i = 0; i < COUNT; i++) {
            const Image *g = &glyphs[i];
            if (g->w == 0) {
                s->advance[i] = alias((unsigned)(FIRST + i)) == ' ' ? SPACE_ADVANCE : 0;
                continue;
            }
            Image *img = sheet_cell(s, 0, i);
            image_blit(img, 1, 1, g, 0, 0, g->w, g->h, false);
            image_outline(img, outline, true);
            s->advance[i] = g->w + 1;
        }
    }
    for (int i = 0; i < COUNT; i++)
        image_fini(&glyphs[i]);
    free(glyphs);
    return ok;
}
