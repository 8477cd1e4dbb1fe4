/* SPDX-License-Identifier: Zlib */
/*
** tiles.c -- the tile commands: paint (a tile, a stroke's segment), fill,
** erase, and the eyedropper.
**
** A cell holds its row's character. Under an entity drawn in the map the
** tile is empty (the format says so); a tile painted there sends the entity
** to the list of entities, where it keeps its place on top of the tile.
*/
#include "edit_internal.h"

#include <stdlib.h>

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
    return edit_paint_line(doc, tx, ty, tx, ty, kind);
}

bool edit_paint_line(EditDoc *doc, int x0, int y0, int x1, int y1, TileKind kind)
{
    if ((unsigned)kind >= TILE_KIND_COUNT)
        return false;
    /* Bresenham: every tile the segment passes, once */
    int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    bool changed = false;
    edit_begin(doc, "paint");
    for (;;) {
        if (edit_in_map(doc, x0, y0))
            changed |= set_tile(doc, x0, y0, kind);
        if (x0 == x1 && y0 == y1)
            break;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
    edit_end(doc);
    return changed;
}

bool edit_clip_rect(const EditDoc *doc, EditRect *r)
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
