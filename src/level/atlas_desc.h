/*
** atlas_desc.h -- assets/atlas.json as plain data: where each sprite sits in
** atlas.png, the animation clips, the bitmap font, the background sets and
** the switch group colours.
**
** The art tool writes atlas.json; the renderer draws from an AtlasDesc and
** the simulation takes its clip timings (a ClipTable) from it. Reading checks
** every field as strictly as the level loader does and reports problems the
** same way (LevelErrors). SDL-free: the renderer loads the image itself.
*/
#ifndef ATLAS_DESC_H
#define ATLAS_DESC_H

#include "anim.h"
#include "leveldesc.h"
#include "level.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    ATLAS_NAME_MAX = 64,      /* region, clip and background names, with the NUL */
    ATLAS_PATH_MAX = 256,
    ATLAS_MAX_SIDE = 16384,   /* atlas width and height, px */
    ATLAS_MAX_ITEMS = 65536,  /* regions, clips, frames of a clip, ... */
};

typedef struct AtlasRect {
    int x, y, w, h;           /* px in the atlas image */
} AtlasRect;

typedef struct AtlasRegion {
    char name[ATLAS_NAME_MAX];
    AtlasRect rect;
} AtlasRegion;

typedef struct AtlasClip {
    char name[ATLAS_NAME_MAX];
    int *frames;              /* region indices; owned */
    int frame_count;          /* >= 1 */
    float fps;                /* > 0 */
    bool loop;
} AtlasClip;

typedef struct AtlasFont {
    int region;               /* index of the glyph sheet */
    int first, count;         /* character codes first .. first + count - 1 */
    int cell_w, cell_h;       /* px per glyph */
    int columns;              /* glyphs per row of the sheet */
} AtlasFont;

typedef struct AtlasLayer {
    int region;
    float parallax;           /* 0 stays put, 1 moves with the camera */
    int y;                    /* px from the top of the screen */
} AtlasLayer;

typedef struct AtlasBackground {
    char name[ATLAS_NAME_MAX];
    uint32_t sky[2];          /* top and bottom colours, 0xRRGGBB */
    AtlasLayer *layers;       /* back to front; owned */
    int layer_count;
} AtlasBackground;

typedef struct AtlasDesc {
    char image[ATLAS_PATH_MAX];   /* as written, relative to atlas.json */
    int width, height;
    AtlasRegion *regions;
    int region_count;
    AtlasClip *clips;             /* every clip of the file, known to the game or not */
    int clip_count;
    AtlasFont font;
    AtlasBackground *backgrounds;
    int background_count;
    uint32_t group_colors[LEVEL_MAX_GROUPS]; /* 0xRRGGBB */
    ClipTable clip_table;         /* timings of the game's clips, by ClipId */
    int clip_index[CLIP_COUNT];   /* index in clips of each ClipId */
} AtlasDesc;

/* Reads an atlas.json. On success *out is filled (free it with atlas_desc_fini);
** on failure the errors are appended and *out is not touched. Every clip of
** anim.h (clip_name) must be present, and the backgrounds levels may name
** ("hills", "cave", "dusk"). */
bool atlas_desc_load(const char *path, AtlasDesc *out, LevelErrors *errors);
bool atlas_desc_parse(const char *path, const char *text, size_t len, AtlasDesc *out,
                 LevelErrors *errors);
void atlas_desc_fini(AtlasDesc *atlas);

/* Lookups by name: the entry, or NULL. Pointers stay owned by the atlas. */
const AtlasRegion *atlas_desc_region(const AtlasDesc *atlas, const char *name);
int atlas_desc_region_index(const AtlasDesc *atlas, const char *name); /* or -1 */
const AtlasClip *atlas_desc_clip(const AtlasDesc *atlas, const char *name);
const AtlasBackground *atlas_desc_background(const AtlasDesc *atlas, const char *name);

#endif
