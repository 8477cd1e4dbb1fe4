/* SPDX-License-Identifier: Zlib */
/*
** batch.h -- textured quads gathered into vertex and index arrays.
**
** Everything on screen comes from one atlas texture (flat colours use a
** white patch of it), so a frame is a handful of SDL_RenderGeometry calls
** whatever the number of sprites: quads are appended and sent when the
** texture changes or the frame ends. Without a renderer (the benchmark) a
** flush only counts the draw call it would have made.
*/
#ifndef BATCH_H
#define BATCH_H

#include <SDL.h>
#include <stdbool.h>

typedef struct Batch {
    SDL_Renderer *renderer; /* may be NULL: build only */
    SDL_Texture *texture;   /* of the quads waiting */
    float inv_w, inv_h;     /* 1 / texture size, for texture coordinates */
    SDL_Vertex *verts;      /* 4 a quad, of vert_cap */
    int *indices;           /* 6 a quad, of index_cap */
    int quad_count;
    size_t vert_cap, index_cap;
    int draw_calls;   /* flushes since batch_begin */
    int quads_drawn;  /* quads since batch_begin */
    bool failed;      /* out of memory or a failed draw since batch_begin */
    bool transformed; /* each quad drawn at (dx + x * zoom, dy + y * zoom) */
    float zoom, dx, dy;
} Batch;

void batch_init(Batch *b, SDL_Renderer *renderer);
void batch_fini(Batch *b);
/* Starts a frame's counts (draw calls, quads). */
void batch_begin(Batch *b);
/* Selects the texture of the next quads (flushing if it changes); tex_w
** and tex_h are its size in texels. */
void batch_texture(Batch *b, SDL_Texture *texture, int tex_w, int tex_h);
/* Appends a quad: the texel rectangle src drawn at (x, y, w, h), tinted. */
void batch_quad(Batch *b, float x, float y, float w, float h, SDL_Rect src, SDL_Color tint,
                bool flip_x);
/* Quads from now on are drawn scaled by zoom and then moved by (dx, dy),
** as the editor draws the level zoomed out; (1, 0, 0) puts it back. */
void batch_transform(Batch *b, float zoom, float dx, float dy);
/* Sends the waiting quads in one SDL_RenderGeometry call. */
void batch_flush(Batch *b);

#endif
