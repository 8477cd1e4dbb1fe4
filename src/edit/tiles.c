/* SPDX-License-Identifier: Zlib */
/*
** tiles.c -- the tile commands: paint, fill, erase, the eyedropper, and
** the commands on a rectangle of the map.
**
** A cell holds its row's character. Under an entity drawn in the map the
** tile is empty (the format says so); a tile painted there sends the entity
** to the list of entities, where it keeps its place on top of the tile.
**
** Regions: copy and paste (into the same level or another), and resizing
** the map about an anchor. A clip keeps tile kinds, not characters, and
** entities placed from its top-left corner: each document it is pasted
** into writes them with its own legend, adding what it lacks.
*/
#include "edit_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool edit_in_map(const EditDoc *doc, int tx, int ty)
{
    return tx >= 0 && ty >= 0 && tx < doc->width && ty < doc->height;
}

/* One tile, inside an open group. */
static bool set_tile(EditDoc *doc, int tx, int ty, TileKind kind)
{
    size_t i = (size_t)ty * (size_t)doc->width + (size_t)tx;
    unsigned char now = (unsigned char)doc->cells[i];
    if ((now == 0 && kind == TILE_EMPTY) || (now != 0 && doc->tile_of[now] == (int)kind))
        return false;
    char c = edit_legend_char(doc, (int)kind, -1);
    if (c == 0 || !edit_put_cell(doc, i, c))
        return false;
    const int32_t *occ = edit_occupants(doc);
    if (kind != TILE_EMPTY && occ != NULL && occ[i] != 0) {
        /* the entity drawn there goes to the list */
        int slot = occ[i] - 1;
        EditEntity en = doc->slots[slot];
        char ch = en.ch;
        en.ch = 0;
        edit_put_slot(doc, slot, &en);
        edit_settle(doc, slot, ch);
    }
    return true;
}

bool edit_paint(EditDoc *doc, int tx, int ty, TileKind kind)
{
    if (!edit_in_map(doc, tx, ty) || (unsigned)kind >= TILE_KIND_COUNT)
        return false;
    edit_begin(doc, "paint");
    bool changed = set_tile(doc, tx, ty, kind);
    edit_end(doc);
    return changed;
}

/* r cut to the map; false when nothing of it is left. */
static bool edit_clip_rect(const EditDoc *doc, EditRect *r)
{
    int x0 = r->x < 0 ? 0 : r->x, y0 = r->y < 0 ? 0 : r->y;
    long x1 = (long)r->x + r->w, y1 = (long)r->y + r->h;
    if (x1 > doc->width)
        x1 = doc->width;
    if (y1 > doc->height)
        y1 = doc->height;
    *r = (EditRect){x0, y0, (int)(x1 - x0), (int)(y1 - y0)};
    return r->w > 0 && r->h > 0;
}

bool edit_fill(EditDoc *doc, EditRect r, TileKind kind)
{
    if ((unsigned)kind >= TILE_KIND_COUNT || !edit_clip_rect(doc, &r))
        return false;
    bool changed = false;
    edit_begin(doc, "fill");
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++)
            changed |= set_tile(doc, x, y, kind);
    edit_end(doc);
    return changed;
}

bool edit_erase(EditDoc *doc, EditRect r)
{
    if (!edit_clip_rect(doc, &r))
        return false;
    bool changed = false;
    edit_begin(doc, "erase");
    for (int s = 0; s < doc->slot_count; s++) {
        int tx, ty;
        if (!doc->slots[s].alive)
            continue;
        edit_entity_tile(&doc->slots[s].e, &tx, &ty);
        if (tx >= r.x && tx < r.x + r.w && ty >= r.y && ty < r.y + r.h) {
            EditEntity gone = doc->slots[s];
            gone.alive = false;
            edit_update(doc, s, &gone);
            changed = true;
        }
    }
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++)
            changed |= set_tile(doc, x, y, TILE_EMPTY);
    edit_end(doc);
    return changed;
}

EditBrush edit_pick(EditDoc *doc, int tx, int ty)
{
    uint32_t id =
        edit_entity_at(doc, tx * TILE_SIZE + TILE_SIZE / 2, ty * TILE_SIZE + TILE_SIZE / 2);
    const EditEntity *en = edit_entity(doc, id);
    if (en != NULL)
        return (EditBrush){-1, en->e.kind};
    return (EditBrush){(int)edit_tile(doc, tx, ty), -1};
}

/* ---- Regions ------------------------------------------------------------------ */

struct EditClip {
    int width, height;
    uint8_t *tiles;       /* TileKind, row by row */
    EditEntity *entities; /* from the clip's top-left corner; ch: it was drawn */
    int count;
};

EditClip *edit_copy(EditDoc *doc, EditRect r)
{
    EditClip *clip = edit_clip_rect(doc, &r) ? calloc(1, sizeof *clip) : NULL;
    if (clip == NULL)
        return NULL;
    int x0 = r.x, y0 = r.y, x1 = r.x + r.w, y1 = r.y + r.h;
    clip->width = r.w;
    clip->height = r.h;
    clip->tiles = malloc((size_t)clip->width * (size_t)clip->height);
    clip->entities = malloc(((size_t)doc->slot_count + 1) * sizeof *clip->entities);
    if (clip->tiles == NULL || clip->entities == NULL) {
        edit_clip_free(clip);
        return NULL;
    }
    for (int y = 0; y < clip->height; y++)
        for (int x = 0; x < clip->width; x++)
            clip->tiles[(size_t)y * (size_t)clip->width + (size_t)x] =
                (uint8_t)edit_tile(doc, x0 + x, y0 + y);
    /* in the file's order, so that a paste lists them as the copy did */
    const LevelDesc *lv = edit_level(doc);
    for (int i = 0; i < lv->entity_count; i++) {
        const EditEntity *en = edit_entity(doc, edit_level_id(doc, i));
        int tx, ty;
        edit_entity_tile(&en->e, &tx, &ty);
        if (tx < x0 || tx >= x1 || ty < y0 || ty >= y1)
            continue;
        EditEntity *c = &clip->entities[clip->count++];
        *c = *en;
        c->id = 0;
        c->raw_off = c->raw_len = 0;
        edit_shift(c, -x0 * TILE_SIZE, -y0 * TILE_SIZE);
    }
    return clip;
}

void edit_clip_free(EditClip *clip)
{
    if (clip == NULL)
        return;
    free(clip->tiles);
    free(clip->entities);
    free(clip);
}

int edit_clip_width(const EditClip *clip)
{
    return clip->width;
}

int edit_clip_height(const EditClip *clip)
{
    return clip->height;
}

int edit_paste(EditDoc *doc, const EditClip *clip, int tx, int ty, uint32_t *out, int cap)
{
    if (tx >= doc->width || ty >= doc->height || tx + clip->width <= 0 || ty + clip->height <= 0)
        return -1;
    int added = 0;
    edit_begin(doc, "paste");
    for (int y = 0; y < clip->height; y++)
        for (int x = 0; x < clip->width; x++)
            if (edit_in_map(doc, tx + x, ty + y)) {
                EditRect one = {tx + x, ty + y, 1, 1};
                edit_fill(doc, one,
                          (TileKind)clip->tiles[(size_t)y * (size_t)clip->width + (size_t)x]);
            }
    for (int i = 0; i < clip->count; i++) {
        EditEntity en = clip->entities[i];
        bool drawn = en.ch != 0;
        edit_shift(&en, tx * TILE_SIZE, ty * TILE_SIZE);
        if (!edit_entity_inside(doc, &en) || edit_add(doc, &en, drawn) < 0)
            continue;
        if (out != NULL && added < cap)
            out[added] = en.id;
        added++;
    }
    edit_end(doc);
    return added;
}

/* ---- Resizing ------------------------------------------------------------------- */

/* Where the old map's left (top) edge goes in the new one along one axis:
** kept at the start, centred, or kept at the end. */
static int offset(int now, int next, int where)
{
    return where == 0 ? 0 : where == 1 ? (next - now) / 2 : next - now;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

bool edit_resize(EditDoc *doc, int width, int height, EditAnchor anchor, char *msg, size_t msg_size)
{
    if (width < 1 || height < 1 || width > LEVEL_MAX_SIDE || height > LEVEL_MAX_SIDE ||
        (unsigned)anchor > EDIT_ANCHOR_BOTTOM_RIGHT) {
        snprintf(msg, msg_size, "a map is 1 to %d tiles on a side", LEVEL_MAX_SIDE);
        return false;
    }
    if (width == doc->width && height == doc->height)
        return false;
    int ox = offset(doc->width, width, (int)anchor % 3);
    int oy = offset(doc->height, height, (int)anchor / 3);
    char *cells = malloc((size_t)width * (size_t)height);
    if (cells == NULL) {
        snprintf(msg, msg_size, "out of memory");
        return false;
    }
    edit_begin(doc, "resize");
    char empty = edit_legend_char(doc, TILE_EMPTY, -1);
    if (empty == 0) {
        edit_end(doc);
        free(cells);
        snprintf(msg, msg_size, "the legend has no character free for empty tiles");
        return false;
    }
    memset(cells, empty, (size_t)width * (size_t)height);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            int sx = x - ox, sy = y - oy;
            if (edit_in_map(doc, sx, sy))
                cells[(size_t)y * (size_t)width + (size_t)x] =
                    doc->cells[(size_t)sy * (size_t)doc->width + (size_t)sx];
        }
    bool ok = edit_put_grid(doc, width, height, cells);
    /* the entities go with their tiles: the drawn ones stay drawn */
    for (int s = 0; ok && s < doc->slot_count; s++) {
        if (!doc->slots[s].alive)
            continue;
        EditEntity en = doc->slots[s];
        en.e.x += ox * TILE_SIZE;
        en.e.y += oy * TILE_SIZE;
        int maxx = width * TILE_SIZE - (en.px ? 1 : TILE_SIZE);
        int maxy = height * TILE_SIZE - (en.px ? 1 : TILE_SIZE);
        for (int p = 0; p < en.path.count; p++) {
            en.path.points[p].x = clamp(en.path.points[p].x + ox * TILE_SIZE, 0, maxx);
            en.path.points[p].y = clamp(en.path.points[p].y + oy * TILE_SIZE, 0, maxy);
        }
        en.alive = edit_entity_inside(doc, &en);
        edit_put_slot(doc, s, &en);
    }
    edit_end(doc);
    return ok;
}
