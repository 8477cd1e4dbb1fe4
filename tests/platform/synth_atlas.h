/*
** synth_atlas.h -- a made-up atlas for the renderer tests: every region is
** filled with a pattern unique to it and to each pixel inside it, so a test
** can tell which texel landed where (a shifted, flipped or wrong frame
** shows). Font glyphs are solid white boxes with a clear first column.
*/
#ifndef SYNTH_ATLAS_H
#define SYNTH_ATLAS_H

#include "render_atlas.h"

#include <SDL.h>

/* Builds the image and the atlas texture for renderer. The image stays the
** caller's (SDL_FreeSurface), to compare pixels with. */
SDL_Surface *synth_atlas_build(RenderAtlas *atlas, SDL_Renderer *renderer);
/* The RGBA of pixel (x, y) of a surface of format RGBA32. */
Uint32 synth_pixel(const SDL_Surface *s, int x, int y);

#endif
