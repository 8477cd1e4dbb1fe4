/* SPDX-License-Identifier: Zlib */
/*
** synth_atlas.h -- a made-up atlas for the renderer tests: every cell is
** filled with a pattern unique to it and to each pixel inside it, so a test
** can tell which texel landed where (a shifted, flipped or wrong cell
** shows). Font glyphs are solid white boxes with a clear first column.
*/
#ifndef SYNTH_ATLAS_H
#define SYNTH_ATLAS_H

#include "render_atlas.h"

#include <SDL.h>

typedef struct SynthAtlas {
    RenderAtlas atlas;
    SDL_Surface *image;    /* the atlas's pixels, to compare with */
    SDL_Surface *bg_image; /* the background set's pixels */
} SynthAtlas;

/* Builds the images and textures for renderer. */
void synth_atlas_build(SynthAtlas *s, SDL_Renderer *renderer);
void synth_atlas_free(SynthAtlas *s);
/* The RGBA of pixel (x, y) of a surface of format RGBA32. */
Uint32 synth_pixel(const SDL_Surface *s, int x, int y);

#endif
