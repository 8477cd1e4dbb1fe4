/* SPDX-License-Identifier: Zlib */
/*
** artsrc.h -- hand-drawn art sources: pixel grids written as text.
**
** An art file is a list of statements, one a line ('#' starts a comment
** line between statements, not inside a block):
**
**   color C RRGGBB[AA]     the palette: character C stands for this colour
**   grid NAME              then rows of palette characters up to a blank
**                          line; '.' is transparent; rows must be equally long
**   glyphs CHARS           then font rows up to a blank line: one cell per
**                          character of CHARS (UTF-8, up to U+02FF), cells
**                          separated by a space, '#' is ink, '.' is paper;
**                          a cell's width is free
**
** Colours are shared by every file loaded into the same ArtSet, so the
** palette can live in a file of its own.
*/
#ifndef ARTSRC_H
#define ARTSRC_H

#include "image.h"

#include <stdbool.h>
#include <stddef.h>

enum {
    ART_NAME_MAX = 40,
    ART_GLYPHS = 0x300, /* glyphs are kept for code points below this */
};

typedef struct ArtGrid {
    char name[ART_NAME_MAX];
    Image img;
} ArtGrid;

typedef struct ArtSet {
    Rgba palette[128];
    bool has_color[128];
    ArtGrid *grids;
    int grid_count, grid_cap;
    Image glyphs[ART_GLYPHS]; /* by code point: ink white on clear; w == 0 when absent */
    int glyph_h;              /* rows of every glyph, 0 before the first */
} ArtSet;

void art_init(ArtSet *set);
void art_fini(ArtSet *set);

/* Reads one art file into set. On failure fills err with "file:line: why". */
bool art_load_file(ArtSet *set, const char *path, char *err, size_t errlen);
/* Parses text as if read from a file named `name`. */
bool art_load_text(ArtSet *set, const char *text, const char *name, char *err, size_t errlen);

/* The grid called name, or NULL; owned by the set. */
const Image *art_grid(const ArtSet *set, const char *name);
/* The palette colour of c, transparent when unknown. */
Rgba art_color(const ArtSet *set, char c);

#endif
