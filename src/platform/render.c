/*
** render.c -- the level, sprites and interface as quads.
**
** Tiles are chosen per frame for the visible cells only: the art has a
** piece for each combination of solid neighbours, and the four inner
** corners are overlays, so a map needs no precomputed tile layer and a hot
** reload or a toggled block shows up at once. Sprites are gathered from one
** ECS view, culled, then ordered by layer with a counting sort, which is
** stable: equal layers keep the world's (deterministic) order.
*/
#include "render.h"

#include "components.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};

typedef struct SpriteItem {
    int x, y, w, h;     /* on screen */
    int8_t layer;
    uint8_t variant;
    uint16_t clip, frame;
    bool flip_x;
} SpriteItem;

void sprite_list_init(SpriteList *list)
{
    memset(list, 0, sizeof *list);
}

void sprite_list_fini(SpriteList *list)
{
    free(list->items);
    free(list->sorted);
    memset(list, 0, sizeof *list);
}

static bool sprite_list_reserve(SpriteList *list, int n)
{
    if (n <= list->cap)
        return true;
    int cap = list->cap ? list->cap : 256;
    while (cap < n)
        cap *= 2;
    SpriteItem *items = realloc(list->items, (size_t)cap * sizeof *items);
    if (!items)
        return false;
    list->items = items;
    SpriteItem *sorted = realloc(list->sorted, (size_t)cap * sizeof *sorted);
    if (!sorted)
        return false;
    list->sorted = sorted;
    list->cap = cap;
    return true;
}

void render_use_atlas(Batch *b, const RenderAtlas *atlas)
{
    batch_texture(b, atlas->texture, atlas->tex_w, atlas->tex_h);
}

void render_fill(Batch *b, const RenderAtlas *atlas, SDL_Rect dst, SDL_Color color)
{
    batch_quad(b, (float)dst.x, (float)dst.y, (float)dst.w, (float)dst.h, atlas->white, color,
               false);
}

void render_region(Batch *b, SDL_Rect src, int x, int y, SDL_Color tint)
{
    batch_quad(b, (float)x, (float)y, (float)src.w, (float)src.h, src, tint, false);
}

/* ---- background ------------------------------------------------------------ */

static Uint8 mix(Uint8 a, Uint8 b, int num, int den)
{
    return (Uint8)(((int)a * (den - num) + (int)b * num) / den);
}

void render_background(Batch *b, const RenderAtlas *atlas, const RenderBackground *bg,
                       const RenderView *view)
{
    SDL_Color top = {92, 148, 252, 255}, bottom = {188, 220, 255, 255};
    if (bg) {
        top = bg->sky_top;
        bottom = bg->sky_bottom;
    }
    /* banded, not smooth: it matches the pixel art */
    enum { BANDS = 18 };
    for (int i = 0; i < BANDS; i++) {
        int y0 = view->h * i / BANDS, y1 = view->h * (i + 1) / BANDS;
        SDL_Color c = {mix(top.r, bottom.r, i, BANDS - 1), mix(top.g, bottom.g, i, BANDS - 1),
                       mix(top.b, bottom.b, i, BANDS - 1), 255};
        render_fill(b, atlas, (SDL_Rect){0, y0, view->w, y1 - y0}, c);
    }
    if (!bg)
        return;
    for (int l = 0; l < bg->layer_count; l++) {
        const RenderBgLayer *layer = &bg->layers[l];
        int lw = layer->src.w;
        if (lw <= 0)
            continue;
        int shift = (int)floorf((float)view->x * layer->parallax);
        int x0 = -(shift % lw);
        if (x0 > 0)
            x0 -= lw;
        for (int x = x0; x < view->w; x += lw)
            render_region(b, layer->src, x, layer->y, WHITE);
    }
}

/* ---- tiles ---------------------------------------------------------------- */

/* For drawing, what lies past the bottom edge continues the edge row, so
** ground that reaches the bottom of the map has no border there. */
static TileKind tile_at(const Tilemap *map, int tx, int ty)
{
    if (ty >= map->height)
        ty = map->height - 1;
    return tilemap_get(map, tx, ty);
}

static bool solid_at(const Tilemap *map, int tx, int ty)
{
    return tile_at(map, tx, ty) == TILE_SOLID;
}

int render_tile_pieces(const RenderAtlas *atlas, const Tilemap *map, int tx, int ty,
                       SDL_Rect *base, SDL_Rect overlays[4])
{
    TileKind kind = tilemap_get(map, tx, ty);
    int n = 0;
    switch (kind) {
    case TILE_SOLID: {
        bool up = solid_at(map, tx, ty - 1), right = solid_at(map, tx + 1, ty);
        bool down = solid_at(map, tx, ty + 1), left = solid_at(map, tx - 1, ty);
        int mask = (up ? 1 : 0) | (right ? 2 : 0) | (down ? 4 : 0) | (left ? 8 : 0);
        *base = atlas->ground[mask];
        if (up && right && !solid_at(map, tx + 1, ty - 1))
            overlays[n++] = atlas->ground_inner[INNER_NE];
        if (up && left && !solid_at(map, tx - 1, ty - 1))
            overlays[n++] = atlas->ground_inner[INNER_NW];
        if (down && right && !solid_at(map, tx + 1, ty + 1))
            overlays[n++] = atlas->ground_inner[INNER_SE];
        if (down && left && !solid_at(map, tx - 1, ty + 1))
            overlays[n++] = atlas->ground_inner[INNER_SW];
        return n;
    }
    case TILE_ONEWAY: {
        bool left = tile_at(map, tx - 1, ty) == TILE_ONEWAY;
        bool right = tile_at(map, tx + 1, ty) == TILE_ONEWAY;
        int piece = left && right ? ONEWAY_M : right ? ONEWAY_L : left ? ONEWAY_R : ONEWAY_SINGLE;
        *base = atlas->oneway[piece];
        return 0;
    }
    case TILE_SPIKES: {
        int dx, dy;
        tilemap_spike_dir(map, tx, ty, &dx, &dy);
        int piece = dy > 0 ? SPIKES_DOWN : dx < 0 ? SPIKES_LEFT : dx > 0 ? SPIKES_RIGHT : SPIKES_UP;
        *base = atlas->spikes[piece];
        return 0;
    }
    default:
        return -1;
    }
}

int render_tiles(Batch *b, const RenderAtlas *atlas, const Tilemap *map, const RenderView *view)
{
    int tx0 = view->x >= 0 ? view->x / TILE_SIZE : -((-view->x + TILE_SIZE - 1) / TILE_SIZE);
    int ty0 = view->y >= 0 ? view->y / TILE_SIZE : -((-view->y + TILE_SIZE - 1) / TILE_SIZE);
    int tx1 = (view->x + view->w - 1) / TILE_SIZE, ty1 = (view->y + view->h - 1) / TILE_SIZE;
    if (tx0 < 0)
        tx0 = 0;
    if (ty0 < 0)
        ty0 = 0;
    if (tx1 >= map->width)
        tx1 = map->width - 1;
    if (ty1 >= map->height)
        ty1 = map->height - 1;
    int quads = 0;
    for (int ty = ty0; ty <= ty1; ty++) {
        for (int tx = tx0; tx <= tx1; tx++) {
            SDL_Rect base, overlays[4];
            int n = render_tile_pieces(atlas, map, tx, ty, &base, overlays);
            if (n < 0)
                continue;
            int x = tx * TILE_SIZE - view->x, y = ty * TILE_SIZE - view->y;
            render_region(b, base, x, y, WHITE);
            for (int i = 0; i < n; i++)
                render_region(b, overlays[i], x, y, WHITE);
            quads += 1 + n;
        }
    }
    return quads;
}

/* ---- sprites -------------------------------------------------------------- */

SDL_Rect render_clip_frame(const RenderAtlas *atlas, int rclip, int frame)
{
    if (rclip < 0 || rclip >= RCLIP_COUNT)
        return atlas->white;
    const RenderClip *clip = &atlas->clips[rclip];
    if (clip->count <= 0)
        return atlas->white;
    if (frame < 0)
        frame = 0;
    return clip->frames[frame % clip->count];
}

/* Rounds half up, the same way for negative and positive positions. */
static int round_px(float v)
{
    return (int)floorf(v + 0.5f);
}

/* A jump of more than this in one tick is a teleport (respawn, reload):
** drawn at once, not swept across the screen. */
enum { TELEPORT_PX = 48 };

static float lerp_pos(int32_t prev, int32_t cur, float alpha)
{
    int32_t d = cur - prev;
    if (d > TELEPORT_PX || d < -TELEPORT_PX)
        return (float)cur;
    return (float)prev + (float)d * alpha;
}

static SDL_Color sprite_tint(const RenderAtlas *atlas, const SpriteItem *s)
{
    switch (s->clip) {
    case CLIP_SWITCH_OFF:
    case CLIP_SWITCH_ON:
    case CLIP_BLOCK_SOLID:
    case CLIP_BLOCK_GHOST:
        return atlas->group_colors[s->variant % RENDER_GROUPS];
    default:
        return WHITE;
    }
}

/* Fills w x h by repeating the frame; the last column and row are cut. */
static void draw_tiled(Batch *b, SDL_Rect src, int x, int y, int w, int h, SDL_Color tint,
                       bool flip)
{
    if (w == src.w && h == src.h) {
        batch_quad(b, (float)x, (float)y, (float)w, (float)h, src, tint, flip);
        return;
    }
    for (int oy = 0; oy < h; oy += src.h) {
        int ch = h - oy < src.h ? h - oy : src.h;
        for (int ox = 0; ox < w; ox += src.w) {
            int cw = w - ox < src.w ? w - ox : src.w;
            SDL_Rect part = {src.x, src.y, cw, ch};
            batch_quad(b, (float)(x + ox), (float)(y + oy), (float)cw, (float)ch, part, tint,
                       flip);
        }
    }
}

static void draw_sprite(Batch *b, const RenderAtlas *atlas, const SpriteItem *s)
{
    SDL_Rect src = render_clip_frame(atlas, s->clip, s->frame);
    SDL_Color tint = sprite_tint(atlas, s);
    if (s->clip == CLIP_PLATFORM && s->w >= atlas->platform_cap_l.w + atlas->platform_cap_r.w &&
        atlas->platform_cap_l.w > 0) {
        SDL_Rect l = atlas->platform_cap_l, r = atlas->platform_cap_r;
        render_region(b, l, s->x, s->y, tint);
        draw_tiled(b, src, s->x + l.w, s->y, s->w - l.w - r.w, src.h, tint, false);
        render_region(b, r, s->x + s->w - r.w, s->y, tint);
        return;
    }
    draw_tiled(b, src, s->x, s->y, s->w, s->h, tint, s->flip_x);
}

int render_sprites(Batch *b, const RenderAtlas *atlas, EcsWorld *world, float alpha,
                   const RenderView *view, SpriteList *list)
{
    list->count = 0;
    EcsIter it = ecs_view(world, C_TRANSFORM, C_SPRITE);
    while (ecs_iter_next(&it)) {
        const Transform *t = ecs_field(&it, Transform, 0);
        const Sprite *sp = ecs_field(&it, Sprite, 1);
        if (!sprite_list_reserve(list, list->count + it.count)) {
            ecs_iter_fini(&it);
            b->failed = true;
            break;
        }
        for (int i = 0; i < it.count; i++) {
            SDL_Rect frame = render_clip_frame(atlas, sp[i].clip, sp[i].frame);
            int w = sp[i].w > 0 ? sp[i].w : frame.w, h = sp[i].h > 0 ? sp[i].h : frame.h;
            int x = round_px(lerp_pos(t[i].prev_x, t[i].x, alpha)) - view->x;
            int y = round_px(lerp_pos(t[i].prev_y, t[i].y, alpha)) - view->y;
            if (x >= view->w || y >= view->h || x + w <= 0 || y + h <= 0)
                continue;
            list->items[list->count++] = (SpriteItem){
                x, y, w, h, sp[i].layer, sp[i].variant, sp[i].clip, sp[i].frame, sp[i].flip_x};
        }
    }

    /* counting sort on the layer: stable and linear */
    int counts[257] = {0};
    for (int i = 0; i < list->count; i++)
        counts[list->items[i].layer + 129]++;
    for (int i = 1; i < 257; i++)
        counts[i] += counts[i - 1];
    for (int i = 0; i < list->count; i++)
        list->sorted[counts[list->items[i].layer + 128]++] = list->items[i];
    for (int i = 0; i < list->count; i++)
        draw_sprite(b, atlas, &list->sorted[i]);
    return list->count;
}

/* ---- interface ------------------------------------------------------------ */

void render_panel(Batch *b, const RenderAtlas *atlas, SDL_Rect dst)
{
    const SDL_Rect p = atlas->panel;
    const int e = 8;
    if (p.w < 3 * e || p.h < 3 * e || dst.w < 2 * e || dst.h < 2 * e) {
        render_fill(b, atlas, dst, (SDL_Color){20, 24, 46, 230});
        return;
    }
    int xs[3] = {dst.x, dst.x + e, dst.x + dst.w - e};
    int ws[3] = {e, dst.w - 2 * e, e};
    int ys[3] = {dst.y, dst.y + e, dst.y + dst.h - e};
    int hs[3] = {e, dst.h - 2 * e, e};
    int sx[3] = {p.x, p.x + e, p.x + p.w - e};
    int sy[3] = {p.y, p.y + e, p.y + p.h - e};
    int sw[3] = {e, p.w - 2 * e, e};
    int sh[3] = {e, p.h - 2 * e, e};
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            batch_quad(b, (float)xs[c], (float)ys[r], (float)ws[c], (float)hs[r],
                       (SDL_Rect){sx[c], sy[r], sw[c], sh[r]}, WHITE, false);
}

int render_text(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y,
                SDL_Color color)
{
    const RenderFont *f = &atlas->font;
    int cx = x, widest = 0;
    if (f->columns <= 0)
        return 0;
    for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
        if (*s == '\n') {
            y += f->cell_h + 2;
            cx = x;
            continue;
        }
        int code = *s;
        if (code >= 'a' && code <= 'z' && f->first + f->count <= 'a')
            code -= 'a' - 'A';
        int idx = code - f->first;
        if (idx >= 0 && idx < f->count && code != ' ') {
            SDL_Rect src = {f->src.x + (idx % f->columns) * f->cell_w,
                            f->src.y + (idx / f->columns) * f->cell_h, f->cell_w, f->cell_h};
            render_region(b, src, cx, y, color);
        }
        cx += f->cell_w;
        if (cx - x > widest)
            widest = cx - x;
    }
    return widest;
}

int render_text_shadow(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y,
                       SDL_Color color)
{
    render_text(b, atlas, text, x + 1, y + 1, (SDL_Color){16, 16, 32, color.a});
    return render_text(b, atlas, text, x, y, color);
}

int render_text_width(const RenderAtlas *atlas, const char *text)
{
    int widest = 0, w = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '\n') {
            w = 0;
            continue;
        }
        w += atlas->font.cell_w;
        if (w > widest)
            widest = w;
    }
    return widest;
}
