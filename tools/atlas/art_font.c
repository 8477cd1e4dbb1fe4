/* SPDX-License-Identifier: Zlib */
/*
** art_font.c -- the bitmap font, characters ' ' to '~'.
**
** Glyphs come from art/font.txt as white ink; each gets a one-pixel dark
** outline, so the renderer can tint the ink (SDL colour modulation keeps
** the outline dark) and text stays readable over any background. Cells are
** all the same size; the advance of each character is its ink width plus
** one pixel of spacing.
*/
#include "atlas.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

enum { FIRST = 32, LAST = 126, SPACE_ADVANCE = 4 };

bool art_gen_font(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    if (art->glyph_h == 0) {
        snprintf(err, errlen, "font: no glyphs in the art sources");
        return false;
    }
    int max_w = 0;
    for (int c = FIRST; c <= LAST; c++)
        if (art->glyphs[c].w > max_w)
            max_w = art->glyphs[c].w;
    for (int c = '0'; c <= '9'; c++)
        if (art->glyphs[c].w == 0) {
            snprintf(err, errlen, "font: digit '%c' is missing", c);
            return false;
        }
    Sheet *s = atlas_add_sheet(atlas, SECTION_FONT, "font", max_w + 2, art->glyph_h + 2,
                               LAST - FIRST + 1, 1);
    if (s == NULL || (s->advance = calloc((size_t)s->frames, sizeof *s->advance)) == NULL) {
        snprintf(err, errlen, "font: out of memory");
        return false;
    }
    Rgba outline = art_color(art, 'k');
    for (int c = FIRST; c <= LAST; c++) {
        const Image *g = &art->glyphs[c];
        if (g->w == 0 && islower(c))
            g = &art->glyphs[toupper(c)];
        Image *img = sheet_cell(s, 0, c - FIRST);
        if (g->w == 0) {
            s->advance[c - FIRST] = c == ' ' ? SPACE_ADVANCE : 0;
            continue;
        }
        image_blit(img, 1, 1, g, 0, 0, g->w, g->h, false);
        image_outline(img, outline, true);
        s->advance[c - FIRST] = g->w + 1;
    }
    return true;
}
