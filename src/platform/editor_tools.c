/* SPDX-License-Identifier: Zlib */
/*
** editor_tools.c -- what the pointer does with each tool: the mouse on the
** canvas, and the keyboard's cursor, which does the same things.
**
** A mouse action is a drag: a button goes down on a tile, the pointer
** moves, the button comes up. Everything a drag changes is one step of the
** history: edit_begin when the button goes down, edit_end when it comes up
** (a stroke of paint, a move of the selection, a waypoint dragged); a
** rectangle (fill, erase, box selection) is applied once, when it is let
** go. Middle drags, and left drags with Space held, pan the view.
**
** The keyboard works the same tools through the cursor the arrows move:
** Enter uses the tool at the cursor (Shift+Enter adds to the selection,
** Backspace uses it as the right button does). Tools that span two places
** take the first from one Enter and the second from the next: a
** rectangle's corners, a box selection's, a waypoint picked up and put
** down (the arrows carry it in between).
*/
#include "editor_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { DRAG_NONE, DRAG_PAN, DRAG_STROKE, DRAG_RECT, DRAG_MOVE, DRAG_BOX, DRAG_WAYPOINT };

/* The tile kinds a brush paints (empty is the eraser's). */
enum { BRUSH_TILES = TILE_KIND_COUNT - 1 };

const char *editor_tool_name(EditorTool t)
{
    static const char *const names[TOOL_COUNT] = {"Paint", "Rectangle", "Erase", "Pick",
                                                  "Place", "Select",    "Path"};
    return t >= 0 && t < TOOL_COUNT ? names[t] : "?";
}

/* ---- the brush ---------------------------------------------------------------------- */

int editor_brush_count(void)
{
    return BRUSH_TILES + kind_count();
}

int editor_brush_index(const Editor *ed)
{
    return ed->tool == TOOL_PLACE ? BRUSH_TILES + ed->brush_kind : ed->brush_tile - 1;
}

void editor_brush_set(Editor *ed, int index)
{
    int n = editor_brush_count();
    index = ((index % n) + n) % n;
    if (index < BRUSH_TILES) {
        ed->brush_tile = index + 1;
        if (ed->tool != TOOL_RECT)
            ed->tool = TOOL_PAINT;
        editor_note(ed, false, "Paint: %s", tile_kind_name((TileKind)ed->brush_tile));
    } else {
        ed->brush_kind = index - BRUSH_TILES;
        ed->tool = TOOL_PLACE;
        editor_note(ed, false, "Place: %s", kind_get(ed->brush_kind)->name);
    }
}

/* ---- the selection ------------------------------------------------------------------ */

void editor_select_none(Editor *ed)
{
    ed->selected_count = 0;
}

bool editor_is_selected(const Editor *ed, uint32_t id)
{
    for (int i = 0; i < ed->selected_count; i++)
        if (ed->selected[i] == id)
            return true;
    return false;
}

void editor_select_add(Editor *ed, uint32_t id)
{
    if (id != 0 && !editor_is_selected(ed, id) && ed->selected_count < EDITOR_SELECT_MAX)
        ed->selected[ed->selected_count++] = id;
}

static void select_toggle(Editor *ed, uint32_t id)
{
    for (int i = 0; i < ed->selected_count; i++)
        if (ed->selected[i] == id) {
            ed->selected[i] = ed->selected[--ed->selected_count];
            return;
        }
    editor_select_add(ed, id);
}

void editor_select_prune(Editor *ed)
{
    int kept = 0;
    for (int i = 0; i < ed->selected_count; i++)
        if (ed->doc && edit_entity(ed->doc, ed->selected[i]))
            ed->selected[kept++] = ed->selected[i];
    ed->selected_count = kept;
}

static void select_box(Frontend *g, EditRect r, bool add)
{
    Editor *ed = g->editor;
    uint32_t ids[EDITOR_SELECT_MAX];
    int n = edit_entities_in(ed->doc, r.x * TILE_SIZE, r.y * TILE_SIZE, r.w * TILE_SIZE,
                             r.h * TILE_SIZE, ids, EDITOR_SELECT_MAX);
    if (!add)
        editor_select_none(ed);
    for (int i = 0; i < n && i < EDITOR_SELECT_MAX; i++)
        editor_select_add(ed, ids[i]);
    ed->region = r;
    editor_note(ed, false, "%d selected in %d x %d tiles", ed->selected_count, r.w, r.h);
    editor_panel_fields(g);
}

/* ---- the path of the selection ------------------------------------------------------ */

/* The entity, when its kind has a path; NULL otherwise. */
static const EditEntity *with_path(const EditDoc *doc, uint32_t id)
{
    const EditEntity *e = edit_entity(doc, id);
    const EntityKind *k = e ? kind_get(e->e.kind) : NULL;
    for (int i = 0; k && i < k->prop_count; i++)
        if (k->props[i].type == KPROP_PATH)
            return e;
    return NULL;
}

/* The one entity selected, when its kind has a path; NULL otherwise. */
static const EditEntity *path_owner(const Editor *ed)
{
    return ed->selected_count == 1 ? with_path(ed->doc, ed->selected[0]) : NULL;
}

/* Where a waypoint goes for tile (tx, ty): the entity's corner at the same
** place in that tile as in its own. */
static void waypoint_at(const EditEntity *e, int tx, int ty, int *x, int *y)
{
    *x = tx * TILE_SIZE + ((e->e.x % TILE_SIZE) + TILE_SIZE) % TILE_SIZE;
    *y = ty * TILE_SIZE + ((e->e.y % TILE_SIZE) + TILE_SIZE) % TILE_SIZE;
}

/* The waypoint of e whose handle (its box's middle) is within r px of
** (lx, ly), or -1. */
static int waypoint_near(const EditEntity *e, float lx, float ly, float r)
{
    for (int i = e->path.count - 1; i >= 0; i--) {
        float cx = (float)e->path.points[i].x + (float)e->e.w / 2;
        float cy = (float)e->path.points[i].y + (float)e->e.h / 2;
        if (fabsf(cx - lx) <= r && fabsf(cy - ly) <= r)
            return i;
    }
    return -1;
}

static void path_add(Frontend *g, const EditEntity *e, int tx, int ty)
{
    Editor *ed = g->editor;
    char msg[256];
    int x, y;
    waypoint_at(e, tx, ty, &x, &y);
    if (edit_path_add(ed->doc, e->id, e->path.count, x, y, msg, sizeof msg)) {
        editor_changed(ed);
        editor_note(ed, false, "Waypoint %d at %d,%d", e->path.count, tx, ty);
    } else {
        editor_note(ed, true, "%s", msg);
    }
}

static void path_remove(Frontend *g, const EditEntity *e, int index)
{
    Editor *ed = g->editor;
    char msg[256];
    if (edit_path_remove(ed->doc, e->id, index, msg, sizeof msg))
        editor_changed(ed);
    else
        editor_note(ed, true, "%s", msg);
}

/* ---- single uses -------------------------------------------------------------------- */

static bool in_map(const Editor *ed, int tx, int ty)
{
    return tx >= 0 && ty >= 0 && tx < edit_width(ed->doc) && ty < edit_height(ed->doc);
}

static void stroke_at(Editor *ed, int tx, int ty, bool erase)
{
    bool changed = erase ? edit_erase(ed->doc, (EditRect){tx, ty, 1, 1})
                         : edit_paint(ed->doc, tx, ty, (TileKind)ed->brush_tile);
    if (changed)
        editor_changed(ed);
}

static void pick(Frontend *g, int tx, int ty)
{
    Editor *ed = g->editor;
    EditBrush b = edit_pick(ed->doc, tx, ty);
    if (b.tile > TILE_EMPTY) {
        editor_brush_set(ed, b.tile - 1);
    } else if (b.tile < 0 && b.kind >= 0) {
        editor_brush_set(ed, BRUSH_TILES + b.kind);
    } else {
        ed->tool = TOOL_ERASE;
        editor_note(ed, false, "Erase");
    }
}

static void place(Frontend *g, int tx, int ty)
{
    Editor *ed = g->editor;
    uint32_t id = edit_place(ed->doc, ed->brush_kind, tx, ty);
    if (id == 0)
        return;
    editor_changed(ed);
    editor_select_none(ed);
    editor_select_add(ed, id);
    editor_panel_fields(g);
    editor_note(ed, false, "Placed %s at %d,%d", kind_get(ed->brush_kind)->name, tx, ty);
}

static void apply_rect(Frontend *g, EditRect r, bool erase)
{
    Editor *ed = g->editor;
    bool changed = erase ? edit_erase(ed->doc, r) : edit_fill(ed->doc, r, (TileKind)ed->brush_tile);
    if (changed) {
        editor_changed(ed);
        editor_note(ed, false, "%s %d x %d", erase ? "Erased" : "Filled", r.w, r.h);
    }
}

static EditRect rect_of(int x0, int y0, int x1, int y1)
{
    EditRect r = {x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, abs(x1 - x0) + 1, abs(y1 - y0) + 1};
    return r;
}

bool editor_drag_rect(const Editor *ed, EditRect *r)
{
    if (ed->drag == DRAG_RECT || ed->drag == DRAG_BOX) {
        *r = rect_of(ed->drag_tx, ed->drag_ty, ed->last_tx, ed->last_ty);
        return true;
    }
    if (ed->key_anchor) {
        *r = rect_of(ed->drag_tx, ed->drag_ty, ed->cursor_x, ed->cursor_y);
        return true;
    }
    return false;
}

/* ---- the keyboard's cursor ---------------------------------------------------------- */

/* The entity the keyboard means at a tile: the last made of those whose box
** meets it. */
static uint32_t entity_on_tile(Editor *ed, int tx, int ty)
{
    uint32_t ids[EDITOR_SELECT_MAX];
    int n = edit_entities_in(ed->doc, tx * TILE_SIZE, ty * TILE_SIZE, TILE_SIZE, TILE_SIZE, ids,
                             EDITOR_SELECT_MAX);
    return n > 0 ? ids[(n < EDITOR_SELECT_MAX ? n : EDITOR_SELECT_MAX) - 1] : 0;
}

void editor_use_at_cursor(Frontend *g, bool add, bool alt)
{
    Editor *ed = g->editor;
    int tx = ed->cursor_x, ty = ed->cursor_y;
    switch (ed->tool) {
    case TOOL_PAINT: stroke_at(ed, tx, ty, alt); break;
    case TOOL_ERASE: stroke_at(ed, tx, ty, true); break;
    case TOOL_PICK: pick(g, tx, ty); break;
    case TOOL_PLACE: place(g, tx, ty); break;
    case TOOL_RECT:
        if (!ed->key_anchor) {
            ed->key_anchor = true;
            ed->drag_tx = tx;
            ed->drag_ty = ty;
            editor_note(ed, false, "First corner at %d,%d: Enter at the other", tx, ty);
        } else {
            ed->key_anchor = false;
            apply_rect(g, rect_of(ed->drag_tx, ed->drag_ty, tx, ty), alt);
        }
        break;
    case TOOL_SELECT: {
        if (ed->key_anchor) {
            ed->key_anchor = false;
            select_box(g, rect_of(ed->drag_tx, ed->drag_ty, tx, ty), add);
            break;
        }
        uint32_t id = entity_on_tile(ed, tx, ty);
        if (id != 0) {
            if (add)
                select_toggle(ed, id);
            else {
                editor_select_none(ed);
                editor_select_add(ed, id);
            }
            editor_panel_fields(g);
        } else {
            ed->key_anchor = true;
            ed->drag_tx = tx;
            ed->drag_ty = ty;
            editor_note(ed, false, "Box from %d,%d: Enter at the other corner", tx, ty);
        }
        break;
    }
    case TOOL_PATH: {
        const EditEntity *e = path_owner(ed);
        if (ed->key_carry) {
            ed->key_carry = false;
            edit_end(ed->doc);
            editor_note(ed, false, "Waypoint put down");
            break;
        }
        int w = -1; /* the waypoint on the tile, the last if several */
        for (int i = e ? e->path.count - 1 : -1; i >= 0 && w < 0; i--)
            if (e->path.points[i].x / TILE_SIZE == tx && e->path.points[i].y / TILE_SIZE == ty)
                w = i;
        if (e && alt && w >= 0) {
            path_remove(g, e, w);
        } else if (e && w >= 0) {
            ed->key_carry = true;
            ed->waypoint = w;
            edit_begin(ed->doc, "move a waypoint");
            editor_note(ed, false, "Waypoint %d picked up: arrows carry it, Enter puts it down",
                        w + 1);
        } else {
            uint32_t id = entity_on_tile(ed, tx, ty);
            if (id != 0 && with_path(ed->doc, id)) {
                editor_select_none(ed);
                editor_select_add(ed, id);
                editor_panel_fields(g);
            } else if (e && !alt) {
                path_add(g, e, tx, ty);
            } else {
                editor_note(ed, true, "Select a platform or a saw first (Enter on it)");
            }
        }
        break;
    }
    default: break;
    }
}

/* The cursor moved by the keys: what it carries moves along. */
void editor_cursor_moved(Frontend *g)
{
    Editor *ed = g->editor;
    if (ed->key_carry && ed->tool == TOOL_PATH) {
        const EditEntity *e = path_owner(ed);
        char msg[256];
        int x, y;
        if (e) {
            waypoint_at(e, ed->cursor_x, ed->cursor_y, &x, &y);
            if (edit_path_move(ed->doc, e->id, ed->waypoint, x, y, msg, sizeof msg))
                editor_changed(ed);
            else
                editor_note(ed, true, "%s", msg);
        }
    }
}

/* ---- the mouse ----------------------------------------------------------------------- */

static void zoom_step(Editor *ed, int dir)
{
    static const float steps[] = {0.25f, 0.5f, 1.0f};
    int at = 0;
    for (int i = 0; i < 3; i++)
        if (ed->zoom >= steps[i] - 0.001f)
            at = i;
    at += dir;
    at = at < 0 ? 0 : at > 2 ? 2 : at;
    editor_set_zoom(ed, steps[at]);
}

static void button_down(Frontend *g, int button, float lx, float ly, int tx, int ty)
{
    Editor *ed = g->editor;
    bool shift = (SDL_GetModState() & KMOD_SHIFT) != 0;
    ed->drag_button = button;
    ed->drag_tx = ed->last_tx = tx;
    ed->drag_ty = ed->last_ty = ty;
    ed->key_anchor = false;
    if (button == SDL_BUTTON_MIDDLE || (button == SDL_BUTTON_LEFT && ed->space)) {
        ed->drag = DRAG_PAN;
        return;
    }
    bool right = button == SDL_BUTTON_RIGHT;
    if (button != SDL_BUTTON_LEFT && !right)
        return;
    switch (ed->tool) {
    case TOOL_PAINT:
    case TOOL_ERASE:
        if (!in_map(ed, tx, ty))
            return;
        edit_begin(ed->doc, ed->tool == TOOL_ERASE || right ? "erase" : "paint");
        ed->drag = DRAG_STROKE;
        stroke_at(ed, tx, ty, ed->tool == TOOL_ERASE || right);
        break;
    case TOOL_RECT: ed->drag = DRAG_RECT; break;
    case TOOL_PICK:
        if (in_map(ed, tx, ty))
            pick(g, tx, ty);
        break;
    case TOOL_PLACE:
        if (right) {
            uint32_t id = edit_entity_at(ed->doc, (int)lx, (int)ly);
            if (id && edit_delete(ed->doc, &id, 1))
                editor_changed(ed);
        } else if (in_map(ed, tx, ty)) {
            place(g, tx, ty);
        }
        break;
    case TOOL_SELECT: {
        if (right)
            return;
        uint32_t id = edit_entity_at(ed->doc, (int)lx, (int)ly);
        if (id == 0) {
            ed->drag = DRAG_BOX;
            return;
        }
        if (shift)
            select_toggle(ed, id);
        else if (!editor_is_selected(ed, id)) {
            editor_select_none(ed);
            editor_select_add(ed, id);
        }
        editor_panel_fields(g);
        ed->moved_x = ed->moved_y = 0;
        edit_begin(ed->doc, "move");
        ed->drag = DRAG_MOVE;
        break;
    }
    case TOOL_PATH: {
        const EditEntity *e = path_owner(ed);
        int w = e ? waypoint_near(e, lx, ly, 4.0f / ed->zoom + 2.0f) : -1;
        if (e && w >= 0 && right) {
            path_remove(g, e, w);
        } else if (e && w >= 0) {
            ed->waypoint = w;
            edit_begin(ed->doc, "move a waypoint");
            ed->drag = DRAG_WAYPOINT;
        } else {
            uint32_t id = edit_entity_at(ed->doc, (int)lx, (int)ly);
            if (id != 0 && with_path(ed->doc, id)) {
                editor_select_none(ed);
                editor_select_add(ed, id);
                editor_panel_fields(g);
            } else if (e && !right && in_map(ed, tx, ty)) {
                path_add(g, e, tx, ty);
            }
        }
        break;
    }
    default: break;
    }
}

static void dragged(Frontend *g, int tx, int ty)
{
    Editor *ed = g->editor;
    switch (ed->drag) {
    case DRAG_STROKE: {
        /* the stroke's segment: every tile from the last to (tx, ty) */
        int x = ed->last_tx, y = ed->last_ty;
        int n = abs(tx - x) > abs(ty - y) ? abs(tx - x) : abs(ty - y);
        for (int i = 1; i <= n; i++)
            stroke_at(ed, x + (tx - x) * i / n, y + (ty - y) * i / n,
                      ed->tool == TOOL_ERASE || ed->drag_button == SDL_BUTTON_RIGHT);
        break;
    }
    case DRAG_MOVE: {
        int dx = (tx - ed->drag_tx) * TILE_SIZE - ed->moved_x;
        int dy = (ty - ed->drag_ty) * TILE_SIZE - ed->moved_y;
        if ((dx || dy) && edit_move(ed->doc, ed->selected, ed->selected_count, dx, dy)) {
            ed->moved_x += dx;
            ed->moved_y += dy;
            editor_changed(ed);
        }
        break;
    }
    case DRAG_WAYPOINT: {
        const EditEntity *e = path_owner(ed);
        char msg[256];
        int x, y;
        if (e && (tx != ed->last_tx || ty != ed->last_ty)) {
            waypoint_at(e, tx, ty, &x, &y);
            if (edit_path_move(ed->doc, e->id, ed->waypoint, x, y, msg, sizeof msg))
                editor_changed(ed);
        }
        break;
    }
    default: break;
    }
    ed->last_tx = tx;
    ed->last_ty = ty;
}

void editor_drag_end(Frontend *g)
{
    Editor *ed = g->editor;
    EditRect r;
    switch (ed->drag) {
    case DRAG_STROKE:
    case DRAG_MOVE:
    case DRAG_WAYPOINT: edit_end(ed->doc); break;
    case DRAG_RECT:
        editor_drag_rect(ed, &r);
        apply_rect(g, r, ed->drag_button == SDL_BUTTON_RIGHT);
        break;
    case DRAG_BOX:
        editor_drag_rect(ed, &r);
        select_box(g, r, (SDL_GetModState() & KMOD_SHIFT) != 0);
        break;
    default: break;
    }
    ed->drag = DRAG_NONE;
}

void editor_mouse(Frontend *g, const SDL_Event *ev)
{
    Editor *ed = g->editor;
    if (ev->type == SDL_MOUSEWHEEL) {
        int dy = ev->wheel.y, dx = ev->wheel.x;
        if (SDL_GetModState() & KMOD_CTRL) {
            zoom_step(ed, dy > 0 ? 1 : dy < 0 ? -1 : 0);
            return;
        }
        if (SDL_GetModState() & KMOD_SHIFT) {
            dx = dy;
            dy = 0;
        }
        ed->view_x += (float)(dx * 3 * TILE_SIZE) / ed->zoom;
        ed->view_y -= (float)(dy * 3 * TILE_SIZE) / ed->zoom;
        editor_center_on(ed, ed->view_x + (float)EDITOR_CANVAS_W / ed->zoom / 2,
                         ed->view_y + (float)EDITOR_CANVAS_H / ed->zoom / 2);
        return;
    }
    int sx = ev->type == SDL_MOUSEMOTION ? ev->motion.x : ev->button.x;
    int sy = ev->type == SDL_MOUSEMOTION ? ev->motion.y : ev->button.y;
    int last_x = ed->mouse_x, last_y = ed->mouse_y;
    ed->mouse_x = sx;
    ed->mouse_y = sy;
    float lx, ly;
    editor_to_level(ed, sx, sy, &lx, &ly);
    int tx = (int)floorf(lx / TILE_SIZE), ty = (int)floorf(ly / TILE_SIZE);
    if (ev->type == SDL_MOUSEMOTION) {
        if (ed->drag == DRAG_PAN) {
            ed->view_x -= (float)(sx - last_x) / ed->zoom;
            ed->view_y -= (float)(sy - last_y) / ed->zoom;
            editor_center_on(ed, ed->view_x + (float)EDITOR_CANVAS_W / ed->zoom / 2,
                             ed->view_y + (float)EDITOR_CANVAS_H / ed->zoom / 2);
            return;
        }
        /* a motion that does not move (some window systems send one with
        ** each key) leaves the cursor where the keys put it */
        if ((editor_in_canvas(sx, sy) && (sx != last_x || sy != last_y)) || ed->drag) {
            int w = edit_width(ed->doc), h = edit_height(ed->doc);
            ed->cursor_x = tx < 0 ? 0 : tx >= w ? w - 1 : tx;
            ed->cursor_y = ty < 0 ? 0 : ty >= h ? h - 1 : ty;
            bool stroke = ed->drag == DRAG_STROKE;
            if (ed->drag)
                dragged(g, stroke ? tx : ed->cursor_x, stroke ? ty : ed->cursor_y);
        }
        return;
    }
    if (ev->type == SDL_MOUSEBUTTONDOWN) {
        if (ed->drag || !editor_in_canvas(sx, sy))
            return;
        ed->focus = FOCUS_CANVAS;
        ed->typing = false;
        if (in_map(ed, tx, ty)) {
            ed->cursor_x = tx;
            ed->cursor_y = ty;
        }
        button_down(g, ev->button.button, lx, ly, tx, ty);
    } else if (ev->type == SDL_MOUSEBUTTONUP && ev->button.button == ed->drag_button && ed->drag) {
        editor_drag_end(g);
    }
}
