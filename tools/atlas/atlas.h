/* SPDX-License-Identifier: Zlib */
/*
** atlas.h -- the atlas being built: named sheets of equal-sized cells,
** background sets, and the files they become.
**
** Generators add sheets and paint their cells; atlas_finish packs every cell
** into one image (identical cells share a place) and writes atlas.json
** beside it. See docs/ASSETS.md for the JSON format the game reads.
*/
#ifndef ATLAS_H
#define ATLAS_H

#include "artsrc.h"
#include "image.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum SheetSection {
    SECTION_CLIP,   /* an animation clip the simulation names (anim.h) */
    SECTION_SPRITE, /* an extra the front end may draw (effects, HUD) */
    SECTION_TILE,   /* name "theme.kind": a tile set of one theme */
    SECTION_FONT,   /* the glyphs, first character ' ' */
} SheetSection;

typedef struct Sheet {
    SheetSection section;
    char name[40];
    int w, h;             /* cell size, px */
    int frames, variants; /* cells = frames * variants, variant-major */
    float fps;
    bool loop;
    int anchor_x, anchor_y; /* the cell pixel on the entity box's top-left */
    int slice[4];           /* left, top, right, bottom borders; all 0: none */
    int *advance;           /* font: per-glyph advance, owned */
    Image *cells;           /* owned */
    int *cell_x, *cell_y;   /* place in the atlas, after atlas_finish */
} Sheet;

typedef struct BgLayer {
    char name[24];
    Image img;
    float parallax_x, parallax_y;
    int y;                       /* screen y of the layer's top with the camera at rest */
    Rgba fill_above, fill_below; /* what to paint past its top and bottom edges */
    float drift_x, drift_y;      /* px/s it moves on its own (clouds, falling snow) */
    bool repeat_y;               /* repeats down the view too (falling things); no fills */
} BgLayer;

enum { BG_MAX_LAYERS = 8, BG_MAX_SETS = 8, ATLAS_MAX_FILES = 64 };

typedef struct BgSet {
    char name[24];
    int layer_count;
    BgLayer layers[BG_MAX_LAYERS];
} BgSet;

typedef struct OutFile {
    char name[48]; /* file name inside the assets folder (or a subfolder of it) */
    uint8_t *data; /* owned */
    size_t len;
} OutFile;

typedef struct Atlas {
    Sheet *sheets;
    int sheet_count, sheet_cap;
    BgSet bgs[BG_MAX_SETS];
    int bg_count;
    int blob_map[256]; /* 8-neighbour mask -> index in a theme's solid tiles */
    OutFile files[ATLAS_MAX_FILES];
    int file_count;
    bool failed; /* out of memory somewhere */
} Atlas;

void atlas_init(Atlas *atlas);
void atlas_fini(Atlas *atlas);

/* A new sheet of transparent cells, or NULL when out of memory. The pointer
** stays valid until the next atlas_add_sheet. */
Sheet *atlas_add_sheet(Atlas *atlas, SheetSection section, const char *name, int w, int h,
                       int frames, int variants);
Image *sheet_cell(Sheet *sheet, int variant, int frame);
const Sheet *atlas_find(const Atlas *atlas, SheetSection section, const char *name);

/* A new background set, or NULL when full. */
BgSet *atlas_add_bg(Atlas *atlas, const char *name);
/* A new layer of size w x h, or NULL. */
BgLayer *bg_add_layer(BgSet *set, const char *name, int w, int h);

/* img encoded as a PNG, added to the output files under name. */
bool atlas_add_png(Atlas *atlas, const char *name, const Image *img, char *err, size_t errlen);

/* Packs the sheets and renders every output file into atlas->files. */
bool atlas_finish(Atlas *atlas, char *err, size_t errlen);

/* All of the art, from the sources in art_dir, into atlas->files. */
bool atlas_build(Atlas *atlas, const char *art_dir, char *err, size_t errlen);

/* The generators, one per kind of art (art_*.c). */
bool art_gen_player(Atlas *atlas, const ArtSet *art, char *err, size_t errlen);
bool art_gen_props(Atlas *atlas, const ArtSet *art, char *err, size_t errlen);
bool art_gen_gadgets(Atlas *atlas, const ArtSet *art, char *err, size_t errlen);
bool art_gen_tiles(Atlas *atlas, const ArtSet *art, char *err, size_t errlen);
bool art_gen_font(Atlas *atlas, const ArtSet *art, char *err, size_t errlen);
bool art_gen_backgrounds(Atlas *atlas, const ArtSet *art, char *err, size_t errlen);
/* The images of the Tiled tilesets, from the painted sheets (art_tiled.c). */
bool art_tiled_images(Atlas *atlas, char *err, size_t errlen);

/* A palette colour the generators rely on; err names it when missing. */
bool art_need(const ArtSet *art, const char *chars, char *err, size_t errlen);
bool art_need_grid(const ArtSet *art, const char *name, const Image **out, char *err,
                   size_t errlen);

/* Deterministic hash noise in [0, 1). */
float art_noise(uint32_t x, uint32_t y, uint32_t seed);

#endif
