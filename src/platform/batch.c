/* SPDX-License-Identifier: Zlib */
/* batch.c -- the vertex arrays behind every draw. */
#include "batch.h"

#include "array.h"

#include <stdlib.h>
#include <string.h>

void batch_init(Batch *b, SDL_Renderer *renderer)
{
    memset(b, 0, sizeof *b);
    b->renderer = renderer;
}

void batch_transform(Batch *b, float zoom, float dx, float dy)
{
    b->zoom = zoom;
    b->dx = dx;
    b->dy = dy;
    b->transformed = zoom != 1.0f || dx != 0.0f || dy != 0.0f;
}

void batch_fini(Batch *b)
{
    free(b->verts);
    free(b->indices);
    memset(b, 0, sizeof *b);
}

void batch_begin(Batch *b)
{
    b->quad_count = 0;
    b->draw_calls = 0;
    b->quads_drawn = 0;
    b->failed = false;
}

void batch_texture(Batch *b, SDL_Texture *texture, int tex_w, int tex_h)
{
    if (texture != b->texture) {
        batch_flush(b);
        b->texture = texture;
    }
    b->inv_w = tex_w > 0 ? 1.0f / (float)tex_w : 0.0f;
    b->inv_h = tex_h > 0 ? 1.0f / (float)tex_h : 0.0f;
}

/* Room for `quads` quads. batch_quad tests both capacities before calling
** it: the common case is two comparisons (frame_build in the bench was 4%
** slower with the growth written inline). */
static bool grow(Batch *b, size_t quads)
{
    return array_reserve(b->verts, b->vert_cap, quads * 4) &&
           array_reserve(b->indices, b->index_cap, quads * 6);
}

void batch_quad(Batch *b, float x, float y, float w, float h, SDL_Rect src, SDL_Color tint,
                bool flip_x)
{
    size_t quads = (size_t)b->quad_count + 1;
    if ((quads * 4 > b->vert_cap || quads * 6 > b->index_cap) && !grow(b, quads)) {
        b->failed = true;
        return;
    }
    float u0 = (float)src.x * b->inv_w, u1 = (float)(src.x + src.w) * b->inv_w;
    float v0 = (float)src.y * b->inv_h, v1 = (float)(src.y + src.h) * b->inv_h;
    if (flip_x) {
        float t = u0;
        u0 = u1;
        u1 = t;
    }
    SDL_Vertex *v = b->verts + (size_t)b->quad_count * 4;
    if (b->transformed) {
        x = b->dx + x * b->zoom;
        y = b->dy + y * b->zoom;
        w *= b->zoom;
        h *= b->zoom;
    }
    v[0] = (SDL_Vertex){{x, y}, tint, {u0, v0}};
    v[1] = (SDL_Vertex){{x + w, y}, tint, {u1, v0}};
    v[2] = (SDL_Vertex){{x + w, y + h}, tint, {u1, v1}};
    v[3] = (SDL_Vertex){{x, y + h}, tint, {u0, v1}};
    int base = b->quad_count * 4;
    int *ix = b->indices + (size_t)b->quad_count * 6;
    static const int corner[6] = {0, 1, 2, 0, 2, 3}; /* two triangles */
    for (int k = 0; k < 6; k++)
        ix[k] = base + corner[k];
    b->quad_count++;
}

void batch_flush(Batch *b)
{
    if (b->quad_count == 0)
        return;
    if (b->renderer && SDL_RenderGeometry(b->renderer, b->texture, b->verts, b->quad_count * 4,
                                          b->indices, b->quad_count * 6) != 0)
        b->failed = true;
    b->draw_calls++;
    b->quads_drawn += b->quad_count;
    b->quad_count = 0;
}
