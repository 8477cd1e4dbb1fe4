/* SPDX-License-Identifier: Zlib */
/*
** drawn.c -- where an entity is written: drawn in the map as its legend
** character, or listed in "entities".
**
** The format draws an entity in the map only when the map can say all of
** it: its kind may be drawn, its values are its kind's defaults, it stands
** on a tile (its box where a character puts it), and the tile under it is
** empty (a cell holds one character). The editor keeps an entity drawn
** while all of that holds, and lists it (at the end of the list) the
** moment one does not: a tile painted under it, a value set, a move off
** the grid. A new entity of a kind the map may draw is drawn where it
** may be. Which entity is drawn on which cell is worked out from the slots
** when needed (edit_occupants), never kept beside them, so undo has only
** the slots to put back.
*/
#include "edit_internal.h"

#include <stdlib.h>
#include <string.h>

bool edit_entity_tile(const LevelEntity *e, int *tx, int *ty)
{
    const EntityKind *k = kind_get(e->kind);
    int bottom = e->y + e->h;
    bool on_bottom = k->anchor == KIND_ANCHOR_BOTTOM;
    /* floor division: a box may start left of or above the map */
    int x = e->x >= 0 ? e->x / TILE_SIZE : -((-e->x + TILE_SIZE - 1) / TILE_SIZE);
    int y0 = on_bottom ? bottom - 1 : e->y;
    int y = y0 >= 0 ? y0 / TILE_SIZE : -((-y0 + TILE_SIZE - 1) / TILE_SIZE);
    *tx = x;
    *ty = y;
    return e->x % TILE_SIZE == 0 && (on_bottom ? bottom : e->y) % TILE_SIZE == 0;
}

bool edit_prop_changed(const EditEntity *en, int p)
{
    const KindProp *prop = &kind_get(en->e.kind)->props[p];
    LevelEntity d;
    leveldesc_entity_init(&d, en->e.kind);
    switch (prop->type) {
    case KPROP_PATH: return en->path.count > 0;
    case KPROP_TEXT: return en->text[0] != '\0';
    case KPROP_SIZE: return prop->name[0] == 'w' ? en->e.w != d.w : en->e.h != d.h;
    default: return en->e.props[p].i != d.props[p].i;
    }
}

/* Whether a place in pixels lies in the map. */
static bool place_inside(const EditDoc *doc, int x, int y)
{
    return x >= 0 && y >= 0 && x < doc->width * TILE_SIZE && y < doc->height * TILE_SIZE;
}

bool edit_entity_inside(const EditDoc *doc, const EditEntity *en)
{
    int tx, ty;
    edit_entity_tile(&en->e, &tx, &ty);
    bool ok = en->px ? place_inside(doc, en->e.x, en->e.y) : edit_in_map(doc, tx, ty);
    for (int i = 0; ok && i < en->path.count; i++)
        ok = place_inside(doc, en->path.points[i].x, en->path.points[i].y);
    return ok;
}

const int32_t *edit_occupants(EditDoc *doc)
{
    size_t cells = (size_t)doc->width * (size_t)doc->height;
    if (doc->occupant != NULL && doc->occupant_version == doc->slots_version)
        return doc->occupant;
    free(doc->occupant);
    doc->occupant = calloc(cells, sizeof *doc->occupant);
    if (doc->occupant == NULL)
        return NULL;
    for (int s = 0; s < doc->slot_count; s++) {
        const EditEntity *en = &doc->slots[s];
        int tx, ty;
        if (en->alive && en->ch != 0 && edit_entity_tile(&en->e, &tx, &ty) &&
            edit_in_map(doc, tx, ty))
            doc->occupant[(size_t)ty * (size_t)doc->width + (size_t)tx] = s + 1;
    }
    doc->occupant_version = doc->slots_version;
    return doc->occupant;
}

/* Whether en may be drawn in the map where it stands. */
static bool may_draw(EditDoc *doc, const EditEntity *en, int self)
{
    int tx, ty;
    const EntityKind *k = kind_get(en->e.kind);
    LevelEntity d; /* plain: its box and every property its kind's default */
    leveldesc_entity_init(&d, en->e.kind);
    bool plain = en->e.w == d.w && en->e.h == d.h;
    for (int p = 0; plain && p < k->prop_count; p++)
        plain = !edit_prop_changed(en, p);
    if (!(k->flags & KIND_DRAWABLE) || en->px || !plain || !edit_entity_tile(&en->e, &tx, &ty) ||
        !edit_in_map(doc, tx, ty))
        return false;
    size_t i = (size_t)ty * (size_t)doc->width + (size_t)tx;
    const int32_t *occ = edit_occupants(doc);
    return occ != NULL && (occ[i] == 0 || occ[i] == self + 1) && edit_cell_empty(doc, i);
}

void edit_vacate(EditDoc *doc, const EditEntity *en)
{
    int tx, ty;
    edit_entity_tile(&en->e, &tx, &ty);
    size_t i = (size_t)ty * (size_t)doc->width + (size_t)tx;
    if (doc->cells[i] == 0) {
        char c = edit_legend_char(doc, TILE_EMPTY, -1);
        if (c != 0)
            edit_put_cell(doc, i, c);
    }
}

void edit_settle(EditDoc *doc, int slot, char ch)
{
    EditEntity en = doc->slots[slot];
    if (may_draw(doc, &en, slot)) {
        en.ch = ch;
        edit_put_slot(doc, slot, &en);
        return;
    }
    /* listed, at the list's end */
    EditEntity gone = en;
    gone.alive = false;
    edit_put_slot(doc, slot, &gone);
    en.key_count = 0;
    en.raw_len = 0;
    edit_new_slot(doc, &en);
}

int edit_add(EditDoc *doc, EditEntity *en, bool drawn)
{
    en->alive = true;
    if (en->id == 0)
        en->id = doc->next_id++;
    en->ch = 0;
    if (drawn && may_draw(doc, en, -1))
        en->ch = edit_legend_char(doc, -1, en->e.kind);
    return edit_new_slot(doc, en);
}

void edit_update(EditDoc *doc, int slot, EditEntity *en)
{
    EditEntity old = doc->slots[slot];
    if (memcmp(&old, en, sizeof old) == 0)
        return;
    if (old.ch == 0) {
        edit_put_slot(doc, slot, en);
        return;
    }
    int ox, oy, nx, ny;
    edit_entity_tile(&old.e, &ox, &oy);
    edit_entity_tile(&en->e, &nx, &ny);
    if (!en->alive || ox != nx || oy != ny)
        edit_vacate(doc, &old);
    if (!en->alive) {
        edit_put_slot(doc, slot, en);
        return;
    }
    en->ch = 0;
    edit_put_slot(doc, slot, en);
    edit_settle(doc, slot, old.ch);
}
