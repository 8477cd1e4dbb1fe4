/* SPDX-License-Identifier: Zlib */
/*
** render.c -- the level, sprites and interface as quads.
**
** Tiles are chosen per frame for the visible cells only, from the mask of
** their eight neighbours (the 47-piece "blob" set), so a map needs no
** precomputed tile layer and a hot reload shows up at once. A hash of the
** tile's position sets details into the ground (a stone, a crack, a
** bubble in the ice) and grows decorations on its top edges, the same on
** every frame and every run; ground deep inside a mass is shaded by a
** second blob set laid over it, so a thick wall reads as a volume. Sprites are gathered from one
** ECS view, culled, then ordered by layer with a counting sort, which is
** stable: equal layers keep the world's (deterministic) order.
*/
#include "render.h"

#include "array.h"
#include "json_utf8.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};

typedef struct SpriteItem {
    int x, y, w, h; /* on screen */
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
    return array_reserve(list->items, list->cap, n) &&
           array_reserve(list->sorted, list->sorted_cap, n);
}

void render_use_atlas(Batch *b, const RenderAtlas *atlas)
{
    batch_texture(b, atlas->texture, atlas->tex_w, atlas->tex_h);
}

static void fill_with(Batch *b, SDL_Rect white, SDL_Rect dst, SDL_Color color)
{
    if (dst.w > 0 && dst.h > 0 && color.a > 0)
        batch_quad(b, (float)dst.x, (float)dst.y, (float)dst.w, (float)dst.h, white, color, false);
}

void render_fill(Batch *b, const RenderAtlas *atlas, SDL_Rect dst, SDL_Color color)
{
    fill_with(b, atlas->white, dst, color);
}

void render_region(Batch *b, SDL_Rect src, int x, int y, SDL_Color tint)
{
    batch_quad(b, (float)x, (float)y, (float)src.w, (float)src.h, src, tint, false);
}

/* ---- background ------------------------------------------------------------ */

void render_background(Batch *b, const RenderAtlas *atlas, const RenderBackground *bg,
                       const RenderView *view, float time)
{
    if (!bg || bg->layer_count == 0) {
        render_use_atlas(b, atlas);
        render_fill(b, atlas, (SDL_Rect){0, 0, view->w, view->h}, (SDL_Color){92, 184, 242, 255});
        return;
    }
    batch_texture(b, bg->texture, bg->tex_w, bg->tex_h);
    for (int l = 0; l < bg->layer_count; l++) {
        const RenderBgLayer *layer = &bg->layers[l];
        int lw = layer->src.w, lh = layer->src.h;
        if (lw <= 0 || lh <= 0)
            continue;
        /* drift wraps at whole periods of the layer, so floats stay exact */
        float dx = fmodf(time * layer->drift_x, (float)lw);
        float dy = fmodf(time * layer->drift_y, (float)lh);
        int top = layer->y - (int)floorf((float)view->y * layer->parallax_y - dy);
        int shift = (int)floorf((float)view->x * layer->parallax_x - dx);
        int x0 = -(((shift % lw) + lw) % lw);
        if (layer->repeat_y) {
            for (int y = ((top % lh) + lh) % lh - lh; y < view->h; y += lh)
                for (int x = x0; x < view->w; x += lw)
                    render_region(b, layer->src, x, y, WHITE);
            continue;
        }
        fill_with(b, bg->white, (SDL_Rect){0, 0, view->w, top}, layer->above);
        fill_with(b, bg->white, (SDL_Rect){0, top + lh, view->w, view->h - top - lh}, layer->below);
        if (top >= view->h || top + lh <= 0)
            continue;
        for (int x = x0; x < view->w; x += lw)
            render_region(b, layer->src, x, top, WHITE);
    }
    render_use_atlas(b, atlas);
}

/* ---- tiles ---------------------------------------------------------------- */

/* For drawing, the outside is solid below and to the sides (the map's edges
** then show no border); above is open air. A secret tile is drawn as solid
** ground: nothing tells it from the wall around it but walking into it. */
static TileKind tile_at(const Tilemap *map, int tx, int ty)
{
    if (ty < 0)
        return TILE_EMPTY;
    if (ty >= map->height || tx < 0 || tx >= map->width)
        return TILE_SOLID;
    TileKind t = tilemap_get(map, tx, ty);
    return t == TILE_SECRET ? TILE_SOLID : t;
}

/* The mask of the eight neighbours of (tx, ty) that are solid (deep: deep
** in the ground), as blob masks go: 1 N, 2 NE, 4 E, and on clockwise. */
static int neighbours(const Tilemap *map, int tx, int ty, bool deep)
{
    static const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    static const int dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
    int mask = 0;
    for (int i = 0; i < 8; i++) {
        int x = tx + dx[i], y = ty + dy[i];
        bool solid = tile_at(map, x, y) == TILE_SOLID;
        if (deep ? solid && neighbours(map, x, y, false) == 255 : solid)
            mask |= 1 << i;
    }
    return mask;
}

int render_blob_mask(const Tilemap *map, int tx, int ty)
{
    return neighbours(map, tx, ty, false);
}

/* A fixed hash of a tile position (salted for each use): decorations and
** details look scattered, never flicker, and need no state. */
static uint32_t tile_hash(int tx, int ty, uint32_t salt)
{
    uint32_t h = (uint32_t)tx * 73856093u ^ (uint32_t)ty * 19349663u ^ salt * 83492791u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

/* An empty tile grows a decoration only on the top of solid ground and
** with no spike among its eight neighbours: a tuft must never hide a spike
** nor be taken for one. */
static bool decor_allowed(const Tilemap *map, int tx, int ty)
{
    if (ty + 1 >= map->height || tile_at(map, tx, ty + 1) != TILE_SOLID)
        return false;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (tile_at(map, tx + dx, ty + dy) == TILE_SPIKES)
                return false;
    return true;
}

bool render_tile_detail(const RenderTheme *theme, const Tilemap *map, int tx, int ty, SDL_Rect *out)
{
    if (theme->fill_count <= 0 || tile_at(map, tx, ty) != TILE_SOLID ||
        tile_at(map, tx, ty - 1) != TILE_SOLID || tile_at(map, tx, ty + 1) != TILE_SOLID)
        return false;
    uint32_t h = tile_hash(tx, ty, 1u);
    if (h % 16u >= 5u)
        return false;
    *out = theme->fill[(h / 16u) % (uint32_t)theme->fill_count];
    return true;
}

bool render_tile_shade(const RenderAtlas *atlas, const Tilemap *map, int tx, int ty, SDL_Rect *out)
{
    /* ground deep inside a mass: solid, with all eight neighbours solid */
    if (!atlas->has_shade || tile_at(map, tx, ty) != TILE_SOLID ||
        render_blob_mask(map, tx, ty) != 255)
        return false;
    *out = atlas->shade[atlas->blob[neighbours(map, tx, ty, true)] % RENDER_BLOB_TILES];
    return true;
}

bool render_tile_piece(const RenderAtlas *atlas, const RenderTheme *theme, const Tilemap *map,
                       int tx, int ty, SDL_Rect *out)
{
    switch (tilemap_get(map, tx, ty)) {
    case TILE_SOLID:
    case TILE_SECRET:
        *out = theme->solid[atlas->blob[render_blob_mask(map, tx, ty)] % RENDER_BLOB_TILES];
        return true;
    case TILE_ONEWAY: {
        bool left = tile_at(map, tx - 1, ty) == TILE_ONEWAY;
        bool right = tile_at(map, tx + 1, ty) == TILE_ONEWAY;
        int piece = left && right ? ONEWAY_M : right ? ONEWAY_L : left ? ONEWAY_R : ONEWAY_SINGLE;
        *out = theme->oneway[piece];
        return true;
    }
    case TILE_SPIKES: {
        int dx, dy;
        tilemap_spike_dir(map, tx, ty, &dx, &dy);
        int piece = dy > 0 ? SPIKES_DOWN : dx < 0 ? SPIKES_LEFT : dx > 0 ? SPIKES_RIGHT : SPIKES_UP;
        *out = theme->spikes[piece];
        return true;
    }
    case TILE_EMPTY:
        if (theme->decor_count > 0 && decor_allowed(map, tx, ty)) {
            uint32_t h = tile_hash(tx, ty, 0u);
            if (h % 3u == 0u) {
                *out = theme->decor[(h / 3u) % (uint32_t)theme->decor_count];
                return true;
            }
        }
        return false;
    default: return false;
    }
}

int render_tiles(Batch *b, const RenderAtlas *atlas, const RenderTheme *theme, const Tilemap *map,
                 const RenderView *view)
{
    return render_tile_layer(b, atlas, theme, map, view, RENDER_TILES_ALL, NULL, NULL);
}

int render_tile_layer(Batch *b, const RenderAtlas *atlas, const RenderTheme *theme,
                      const Tilemap *map, const RenderView *view, RenderTileLayer layer,
                      RenderTileOpacity *opacity, const void *ctx)
{
    if (!theme)
        return 0;
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
    for (int ty = ty0; ty <= ty1; ty++)
        for (int tx = tx0; tx <= tx1; tx++) {
            bool secret = tilemap_get(map, tx, ty) == TILE_SECRET;
            if ((layer == RENDER_TILES_OPEN && secret) || (layer == RENDER_TILES_SECRET && !secret))
                continue;
            /* the piece, then the detail set into it and the shade over it */
            SDL_Rect pieces[3];
            if (!render_tile_piece(atlas, theme, map, tx, ty, &pieces[0]))
                continue;
            int n = 1;
            n += render_tile_detail(theme, map, tx, ty, &pieces[n]);
            n += render_tile_shade(atlas, map, tx, ty, &pieces[n]);
            SDL_Color c = WHITE;
            if (secret && opacity != NULL) {
                float o = opacity(ctx, tx, ty);
                o = o < 0.0f ? 0.0f : o > 1.0f ? 1.0f : o;
                if (o <= 0.0f)
                    continue;
                c.a = (Uint8)(o * 255.0f + 0.5f);
            }
            for (int k = 0; k < n; k++)
                render_region(b, pieces[k], tx * TILE_SIZE - view->x, ty * TILE_SIZE - view->y, c);
            quads += n;
        }
    return quads;
}

/* ---- sprites -------------------------------------------------------------- */

SDL_Rect render_cell(const RenderAtlas *atlas, int rclip, int variant, int frame)
{
    if (rclip < 0 || rclip >= RCLIP_COUNT)
        return atlas->white;
    const RenderSheet *sh = &atlas->sheets[rclip];
    if (sh->frames <= 0 || sh->variants <= 0)
        return atlas->white;
    if (frame < 0)
        frame = 0;
    if (variant < 0)
        variant = 0;
    return sh->cells[(variant % sh->variants) * sh->frames + frame % sh->frames];
}

/* The move is judged as a whole: a teleport along one axis also ends the
** sweep along the other, or a respawn would slide in from the side. */
void render_interpolate(const Transform *t, float alpha, float *x, float *y)
{
    int64_t dx = (int64_t)t->x - t->prev_x, dy = (int64_t)t->y - t->prev_y;
    if (dx > RENDER_TELEPORT_PX || dx < -RENDER_TELEPORT_PX || dy > RENDER_TELEPORT_PX ||
        dy < -RENDER_TELEPORT_PX) {
        *x = (float)t->x;
        *y = (float)t->y;
        return;
    }
    *x = (float)t->prev_x + (float)dx * alpha;
    *y = (float)t->prev_y + (float)dy * alpha;
}

/* Fills w x h by repeating the cell; the last column and row are cut. */
static void draw_tiled(Batch *b, SDL_Rect src, int x, int y, int w, int h, bool flip)
{
    for (int oy = 0; oy < h; oy += src.h) {
        int ch = h - oy < src.h ? h - oy : src.h;
        for (int ox = 0; ox < w; ox += src.w) {
            int cw = w - ox < src.w ? w - ox : src.w;
            SDL_Rect part = {src.x, src.y, cw, ch};
            batch_quad(b, (float)(x + ox), (float)(y + oy), (float)cw, (float)ch, part, WHITE,
                       flip);
        }
    }
}

/* End caps kept whole, the middle repeated to the width. */
static void draw_sliced(Batch *b, const RenderSheet *sh, SDL_Rect src, int x, int y, int w)
{
    int l = sh->slice_l, r = sh->slice_r;
    if (w < l + r) {
        draw_tiled(b, src, x, y, w, src.h, false);
        return;
    }
    render_region(b, (SDL_Rect){src.x, src.y, l, src.h}, x, y, WHITE);
    SDL_Rect mid = {src.x + l, src.y, src.w - l - r, src.h};
    if (mid.w > 0)
        draw_tiled(b, mid, x + l, y, w - l - r, src.h, false);
    render_region(b, (SDL_Rect){src.x + src.w - r, src.y, r, src.h}, x + w - r, y, WHITE);
}

static void draw_sprite(Batch *b, const RenderAtlas *atlas, const SpriteItem *s)
{
    const RenderSheet *sh = &atlas->sheets[s->clip < RCLIP_COUNT ? s->clip : 0];
    SDL_Rect src = render_cell(atlas, s->clip, s->variant, s->frame);
    if (sh->slice_l > 0 || sh->slice_r > 0) {
        draw_sliced(b, sh, src, s->x, s->y, s->w);
    } else if (s->w > src.w || s->h > src.h) {
        draw_tiled(b, src, s->x, s->y, s->w, s->h, s->flip_x);
    } else {
        batch_quad(b, (float)(s->x - sh->anchor_x), (float)(s->y - sh->anchor_y), (float)src.w,
                   (float)src.h, src, WHITE, s->flip_x);
    }
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
            int clip = sp[i].clip < RCLIP_COUNT ? sp[i].clip : 0;
            const RenderSheet *sh = &atlas->sheets[clip];
            SDL_Rect cell = render_cell(atlas, clip, sp[i].variant, sp[i].frame);
            float fx, fy;
            render_interpolate(&t[i], alpha, &fx, &fy);
            /* rounded half up, the same way for negative and positive positions */
            int x = (int)floorf(fx + 0.5f) - view->x, y = (int)floorf(fy + 0.5f) - view->y;
            /* the drawn area: the box, or the anchored cell around it */
            int w = sp[i].w > 0 ? sp[i].w : cell.w, h = sp[i].h > 0 ? sp[i].h : cell.h;
            int left = x - sh->anchor_x, top = y - sh->anchor_y;
            int right = x + (w > cell.w - sh->anchor_x ? w : cell.w - sh->anchor_x);
            int bottom = y + (h > cell.h - sh->anchor_y ? h : cell.h - sh->anchor_y);
            if (left >= view->w || top >= view->h || right <= 0 || bottom <= 0)
                continue;
            list->items[list->count++] = (SpriteItem){
                x, y, w, h, sp[i].layer, sp[i].variant, (uint16_t)clip, sp[i].frame, sp[i].flip_x};
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

void render_panel(Batch *b, const RenderAtlas *atlas, SDL_Rect d)
{
    const SDL_Color edge = {10, 10, 26, 240}, border = {120, 132, 196, 255},
                    body = {30, 32, 66, 235}, light = {255, 255, 255, 40};
    /* a one-pixel dark edge with cut corners, a lighter border, the body */
    render_fill(b, atlas, (SDL_Rect){d.x + 2, d.y, d.w - 4, 1}, edge);
    render_fill(b, atlas, (SDL_Rect){d.x + 2, d.y + d.h - 1, d.w - 4, 1}, edge);
    render_fill(b, atlas, (SDL_Rect){d.x, d.y + 2, 1, d.h - 4}, edge);
    render_fill(b, atlas, (SDL_Rect){d.x + d.w - 1, d.y + 2, 1, d.h - 4}, edge);
    render_fill(b, atlas, (SDL_Rect){d.x + 1, d.y + 1, d.w - 2, d.h - 2}, border);
    render_fill(b, atlas, (SDL_Rect){d.x + 2, d.y + 2, d.w - 4, d.h - 4}, body);
    render_fill(b, atlas, (SDL_Rect){d.x + 3, d.y + 2, d.w - 6, 1}, light);
}

/* ---- text ----
**
** Text is UTF-8. The font's cells run from its first character on; one it
** has no glyph for (advance 0), or one past its last, shows as '?', and so
** does a byte that starts no well-formed sequence (a name cut short inside
** a letter). A cell is drawn `ascent` pixels above the line's top: those
** rows hold the marks over capitals. */

/* The character at *s (not at its end): its code point; *s moves past it. */
static uint32_t next_char(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    size_t avail = 1;
    while (avail < 4 && p[avail] != '\0')
        avail++;
    int n = json_utf8_len(p, avail);
    if (n == 0) {
        (*s)++;
        return '?';
    }
    *s += n;
    return json_utf8_decode(p, n);
}

/* The font's cell for cp, or -1 when even '?' is missing. */
static int glyph_index(const RenderFont *f, uint32_t cp)
{
    long idx = (long)cp - f->first;
    if (idx >= 0 && idx < f->count && f->advance[idx] > 0)
        return (int)idx;
    idx = '?' - f->first;
    return idx >= 0 && idx < f->count ? (int)idx : -1;
}

static int char_advance(const RenderFont *f, uint32_t cp)
{
    int idx = glyph_index(f, cp);
    return idx >= 0 ? f->advance[idx] : 0;
}

int render_text_scaled(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y,
                       int scale, SDL_Color color)
{
    const RenderFont *f = &atlas->font;
    int cx = x, widest = 0;
    for (const char *s = text; *s;) {
        uint32_t cp = next_char(&s);
        if (cp == '\n') {
            y += f->line_height * scale;
            cx = x;
            continue;
        }
        int idx = glyph_index(f, cp);
        if (idx < 0)
            continue;
        SDL_Rect src = f->cells[idx];
        if (b != NULL && cp != ' ' && cp != 0xA0)
            batch_quad(b, (float)cx, (float)(y - f->ascent * scale), (float)(src.w * scale),
                       (float)(src.h * scale), src, color, false);
        cx += f->advance[idx] * scale;
        if (cx - x > widest)
            widest = cx - x;
    }
    return widest;
}

int render_text(Batch *b, const RenderAtlas *atlas, const char *text, int x, int y, SDL_Color color)
{
    return render_text_scaled(b, atlas, text, x, y, 1, color);
}

int render_text_width(const RenderAtlas *atlas, const char *text)
{
    return render_text_scaled(NULL, atlas, text, 0, 0, 1, (SDL_Color){0, 0, 0, 0});
}

/* The capital of a small letter of ASCII, Latin-1 or Latin Extended-A
** (the font's letters); any other character as it is. ß and ĸ have none
** there, ı and ſ are I and S. */
static uint32_t capital(uint32_t c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7))
        return c - 0x20;
    if (c == 0xFF)
        return 0x178;
    if (c == 0x131 || c == 0x17F)
        return c == 0x131 ? 'I' : 'S';
    /* Latin Extended-A pairs capital and small: even-odd, then odd-even */
    if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177))
        return c & 1u ? c - 1 : c;
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
        return c & 1u ? c : c - 1;
    return c;
}

void render_upcase(char *s)
{
    char *out = s;
    for (const char *p = s; *p;) {
        const char *at = p;
        uint32_t c = next_char(&p);
        if (json_utf8_len((const unsigned char *)at, (size_t)(p - at)) == 0) {
            *out++ = *at; /* not a character: kept as it is */
            continue;
        }
        c = capital(c);
        if (c < 0x80) {
            *out++ = (char)c;
        } else { /* the capitals are all below U+0800: two bytes, never more than the letter */
            *out++ = (char)(0xC0 | (c >> 6));
            *out++ = (char)(0x80 | (c & 0x3Fu));
        }
    }
    *out = '\0';
}

/* ---- word wrap ---- */

/* The width of the n bytes at s (whole characters). */
static int span_width(const RenderFont *f, const char *s, size_t n)
{
    int w = 0;
    for (const char *p = s, *end = s + n; p < end;)
        w += char_advance(f, next_char(&p));
    return w;
}

/* Where the lines go as they are made. */
typedef struct Wrap {
    char *out;
    size_t cap, used;
    int lines;
    bool full;
} Wrap;

static void wrap_put(Wrap *w, const char *s, size_t n)
{
    if (w->full || w->used + n + 1 >= w->cap) {
        w->full = true;
        return;
    }
    memcpy(w->out + w->used, s, n);
    w->used += n;
    w->out[w->used] = '\0';
}

static void wrap_end_line(Wrap *w)
{
    wrap_put(w, "\n", 1);
    if (!w->full)
        w->lines++;
}

/* The longest head of the word s (n bytes, n > 0) that fits in room px:
** after its last '/' when that leaves something on the line, else as many
** characters as fit, and at least one, so that every line moves on. A
** head is whole characters: it never cuts one's bytes apart. */
static size_t word_head(const RenderFont *f, const char *s, size_t n, int room)
{
    size_t fit = 0;
    int w = 0;
    while (fit < n) {
        const char *p = s + fit;
        int a = char_advance(f, next_char(&p));
        if (w + a > room)
            break;
        w += a;
        fit = (size_t)(p - s);
    }
    if (fit == 0) {
        const char *p = s;
        next_char(&p);
        return (size_t)(p - s) < n ? (size_t)(p - s) : n;
    }
    for (size_t k = fit; k > 1; k--)
        if (s[k - 1] == '/' && k < n)
            return k;
    return fit;
}

int render_wrap(const RenderAtlas *atlas, const char *text, int width, int indent, char *out,
                size_t cap)
{
    const RenderFont *f = &atlas->font;
    Wrap w = {out, cap, 0, 0, cap == 0};
    if (cap > 0)
        out[0] = '\0';
    static const char spaces[] = "        ";
    if (indent < 0)
        indent = 0;
    if (indent > (int)sizeof spaces - 1)
        indent = (int)sizeof spaces - 1;
    int space = char_advance(f, ' '), indent_w = indent * space;
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, '\n');
        if (end == NULL)
            end = p + strlen(p);
        /* one paragraph: words between runs of spaces */
        int line_w = 0;
        bool empty = true, first = true;
        const char *q = p;
        for (;;) {
            /* the spaces before a word stay as they are within a line (a
            ** hint's columns), and go where the line breaks */
            const char *gap = q;
            while (q < end && *q == ' ')
                q++;
            if (q >= end)
                break;
            size_t gap_n = (size_t)(q - gap);
            const char *word = q;
            while (q < end && *q != ' ')
                q++;
            size_t n = (size_t)(q - word);
            int ww = span_width(f, word, n), gw = (int)gap_n * space;
            if (!empty && line_w + gw + ww <= width) {
                wrap_put(&w, gap, gap_n);
                wrap_put(&w, word, n);
                line_w += gw + ww;
                continue;
            }
            if (!empty) {
                wrap_end_line(&w);
                empty = true;
            }
            /* a new line: the indent after the paragraph's first, then the
            ** word, in pieces while it is wider than what is left */
            while (n > 0) {
                int lead = first ? 0 : indent_w;
                if (!first)
                    wrap_put(&w, spaces, (size_t)indent);
                first = false;
                size_t head = ww <= width - lead ? n : word_head(f, word, n, width - lead);
                wrap_put(&w, word, head);
                line_w = lead + span_width(f, word, head);
                word += head;
                n -= head;
                ww = span_width(f, word, n);
                if (n > 0)
                    wrap_end_line(&w);
            }
            empty = false;
        }
        if (!empty || first)
            wrap_end_line(&w); /* an empty paragraph is an empty line */
        p = *end ? end + 1 : end;
    }
    return w.lines;
}
