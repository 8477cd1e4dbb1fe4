/* SPDX-License-Identifier: Zlib */
/*
** editor_keys.c -- the editor's keys: one table, what each action does,
** and the two places the table is shown.
**
** Every action has a key, so the whole editor works from the keyboard
** (the arrows move a cursor that the tools use, editor_tools.c); most also
** have a way with the mouse, which the table says too. The F1 overlay and
** the table in README.md are both made from KEYS (editor_keys_markdown;
** the test test_editor holds README.md to it), so neither can drift from
** what the keys do.
*/
#include "editor_internal.h"

#include <stdio.h>
#include <string.h>

enum { K_CTRL = 1, K_SHIFT = 2, K_ALT = 4 };

typedef struct EditorKey {
    EditorAction action;
    SDL_Scancode key;
    Uint8 mod; /* K_*: exactly these held */
    /* what it does, for the overlay and README.md; NULL: the same as the row
    ** before, whose keys it joins */
    const char *what;
    const char *mouse; /* the mouse's way to it, or NULL */
} EditorKey;

static const EditorKey KEYS[] = {
    {ACTION_TOOL_PAINT, SDL_SCANCODE_B, 0, "Paint tool", "left drag paints, right drag erases"},
    {ACTION_TOOL_RECT, SDL_SCANCODE_R, 0, "Rectangle tool", "drag fills, right drag erases"},
    {ACTION_TOOL_ERASE, SDL_SCANCODE_E, 0, "Erase tool", "drag erases tiles and entities"},
    {ACTION_TOOL_PICK, SDL_SCANCODE_I, 0, "Pick tool (eyedropper)", "click takes the brush"},
    {ACTION_TOOL_PLACE, SDL_SCANCODE_P, 0, "Place tool", "click places, right click deletes"},
    {ACTION_TOOL_SELECT, SDL_SCANCODE_V, 0, "Select tool",
     "click, Shift+click, drag a box; drag moves"},
    {ACTION_TOOL_PATH, SDL_SCANCODE_T, 0, "Path tool",
     "click adds a waypoint, drag moves one, right click removes"},
    {ACTION_NEXT_BRUSH, SDL_SCANCODE_TAB, 0, "Next brush", "click in the palette"},
    {ACTION_PREV_BRUSH, SDL_SCANCODE_TAB, K_SHIFT, "Previous brush", NULL},
    {ACTION_CURSOR_LEFT, SDL_SCANCODE_LEFT, 0, "Move the cursor", "the pointer"},
    {ACTION_CURSOR_RIGHT, SDL_SCANCODE_RIGHT, 0, NULL, NULL},
    {ACTION_CURSOR_UP, SDL_SCANCODE_UP, 0, NULL, NULL},
    {ACTION_CURSOR_DOWN, SDL_SCANCODE_DOWN, 0, NULL, NULL},
    {ACTION_CURSOR_FAR_LEFT, SDL_SCANCODE_LEFT, K_SHIFT, "Move the cursor 8 tiles", NULL},
    {ACTION_CURSOR_FAR_RIGHT, SDL_SCANCODE_RIGHT, K_SHIFT, NULL, NULL},
    {ACTION_CURSOR_FAR_UP, SDL_SCANCODE_UP, K_SHIFT, NULL, NULL},
    {ACTION_CURSOR_FAR_DOWN, SDL_SCANCODE_DOWN, K_SHIFT, NULL, NULL},
    {ACTION_CURSOR_VIEW_LEFT, SDL_SCANCODE_LEFT, K_CTRL, "Move the cursor a screen", NULL},
    {ACTION_CURSOR_VIEW_RIGHT, SDL_SCANCODE_RIGHT, K_CTRL, NULL, NULL},
    {ACTION_CURSOR_VIEW_UP, SDL_SCANCODE_UP, K_CTRL, NULL, NULL},
    {ACTION_CURSOR_VIEW_DOWN, SDL_SCANCODE_DOWN, K_CTRL, NULL, NULL},
    {ACTION_CURSOR_FIRST, SDL_SCANCODE_HOME, 0, "First or last column", NULL},
    {ACTION_CURSOR_LAST, SDL_SCANCODE_END, 0, NULL, NULL},
    {ACTION_USE, SDL_SCANCODE_RETURN, 0, "Use the tool at the cursor", "left button"},
    {ACTION_USE_ADD, SDL_SCANCODE_RETURN, K_SHIFT, "Select, adding to the selection",
     "Shift+click"},
    {ACTION_USE_ALT, SDL_SCANCODE_BACKSPACE, 0, "Use as the right button", "right button"},
    {ACTION_PAN_LEFT, SDL_SCANCODE_A, 0, "Pan the view",
     "middle drag, Space+drag, wheel (Shift: sideways)"},
    {ACTION_PAN_RIGHT, SDL_SCANCODE_D, 0, NULL, NULL},
    {ACTION_PAN_UP, SDL_SCANCODE_W, 0, NULL, NULL},
    {ACTION_PAN_DOWN, SDL_SCANCODE_S, 0, NULL, NULL},
    {ACTION_ZOOM_1, SDL_SCANCODE_1, 0, "Zoom 1x", "Ctrl+wheel"},
    {ACTION_ZOOM_2, SDL_SCANCODE_2, 0, "Zoom 1/2", NULL},
    {ACTION_ZOOM_4, SDL_SCANCODE_4, 0, "Zoom 1/4", NULL},
    {ACTION_ZOOM_FIT, SDL_SCANCODE_0, 0, "Zoom to fit the level", NULL},
    {ACTION_GRID, SDL_SCANCODE_G, 0, "Grid on or off", NULL},
    {ACTION_NUDGE_LEFT, SDL_SCANCODE_LEFT, K_ALT, "Move the selection a tile", "drag it"},
    {ACTION_NUDGE_RIGHT, SDL_SCANCODE_RIGHT, K_ALT, NULL, NULL},
    {ACTION_NUDGE_UP, SDL_SCANCODE_UP, K_ALT, NULL, NULL},
    {ACTION_NUDGE_DOWN, SDL_SCANCODE_DOWN, K_ALT, NULL, NULL},
    {ACTION_DELETE, SDL_SCANCODE_DELETE, 0, "Delete the selection", NULL},
    {ACTION_DUPLICATE, SDL_SCANCODE_D, K_CTRL, "Duplicate the selection", NULL},
    {ACTION_SELECT_ALL, SDL_SCANCODE_A, K_CTRL, "Select every entity", NULL},
    {ACTION_CANCEL, SDL_SCANCODE_ESCAPE, 0, "Cancel, deselect, back to the canvas", NULL},
    {ACTION_COPY, SDL_SCANCODE_C, K_CTRL, "Copy the region", NULL},
    {ACTION_CUT, SDL_SCANCODE_X, K_CTRL, "Cut the region", NULL},
    {ACTION_PASTE, SDL_SCANCODE_V, K_CTRL, "Paste at the cursor", NULL},
    {ACTION_UNDO, SDL_SCANCODE_Z, K_CTRL, "Undo", NULL},
    {ACTION_REDO, SDL_SCANCODE_Y, K_CTRL, "Redo", NULL},
    {ACTION_REDO, SDL_SCANCODE_Z, K_CTRL | K_SHIFT, NULL, NULL},
    {ACTION_PROPS, SDL_SCANCODE_F2, 0, "Properties of the selection", "click a row"},
    {ACTION_SETTINGS, SDL_SCANCODE_F4, 0, "Level settings", "click a row"},
    {ACTION_NEXT_PROBLEM, SDL_SCANCODE_F6, 0, "Go to the next problem", "click a problem"},
    {ACTION_PREV_PROBLEM, SDL_SCANCODE_F6, K_SHIFT, "Go to the previous problem", NULL},
    {ACTION_PLAY_CURSOR, SDL_SCANCODE_F5, 0, "Play from the cursor (Esc: back)", NULL},
    {ACTION_PLAY_START, SDL_SCANCODE_F5, K_SHIFT, "Play from the start", NULL},
    {ACTION_SAVE, SDL_SCANCODE_S, K_CTRL, "Save", NULL},
    {ACTION_SAVE_COPY, SDL_SCANCODE_S, K_CTRL | K_SHIFT, "Save a copy to your levels", NULL},
    {ACTION_ADD_TO_PACK, SDL_SCANCODE_P, K_CTRL, "Add the level to a pack", NULL},
    {ACTION_KEEP_REPLAY, SDL_SCANCODE_R, K_CTRL, "Keep the last finished run's replay", NULL},
    {ACTION_HELP, SDL_SCANCODE_F1, 0, "These keys", NULL},
    {ACTION_LEAVE, SDL_SCANCODE_Q, K_CTRL, "Leave the editor", NULL},
};

enum { KEY_ROWS = sizeof KEYS / sizeof KEYS[0] };

static Uint8 held(Uint16 mod)
{
    return (Uint8)(((mod & KMOD_CTRL) ? K_CTRL : 0) | ((mod & KMOD_SHIFT) ? K_SHIFT : 0) |
                   ((mod & KMOD_ALT) ? K_ALT : 0));
}

EditorAction editor_key_action(SDL_Scancode key, Uint16 mod)
{
    if (key == SDL_SCANCODE_KP_ENTER)
        key = SDL_SCANCODE_RETURN;
    Uint8 m = held(mod);
    for (int i = 0; i < KEY_ROWS; i++)
        if (KEYS[i].key == key && KEYS[i].mod == m)
            return KEYS[i].action;
    return ACTION_NONE;
}

/* "Ctrl+Shift+Z": a row's key as the overlay and README.md write it. */
static void key_words(const EditorKey *k, char *out, size_t cap)
{
    const char *name = SDL_GetScancodeName(k->key);
    if (k->key == SDL_SCANCODE_RETURN)
        name = "Enter";
    snprintf(out, cap, "%s%s%s%s", (k->mod & K_CTRL) ? "Ctrl+" : "",
             (k->mod & K_SHIFT) ? "Shift+" : "", (k->mod & K_ALT) ? "Alt+" : "", name);
}

/* Row i's keys with those of the rows that join it (what NULL); returns the
** next row that starts an entry of its own. */
static int entry(int i, char *keys, size_t cap)
{
    key_words(&KEYS[i], keys, cap);
    int j = i + 1;
    for (; j < KEY_ROWS && KEYS[j].what == NULL; j++) {
        char more[48];
        key_words(&KEYS[j], more, sizeof more);
        size_t n = strlen(keys);
        snprintf(keys + n, cap - n, ", %s", more);
    }
    return j;
}

size_t editor_keys_markdown(char *out, size_t cap)
{
    size_t used = 0;
    used += (size_t)snprintf(out, cap, "| Keys | Mouse | Does |\n|---|---|---|\n");
    for (int i = 0; i < KEY_ROWS && used < cap;) {
        char keys[160];
        int next = entry(i, keys, sizeof keys);
        used += (size_t)snprintf(out + used, cap - used, "| %s | %s | %s |\n", keys,
                                 KEYS[i].mouse ? KEYS[i].mouse : "", KEYS[i].what);
        i = next;
    }
    return used;
}

/* ---- the overlay ------------------------------------------------------------------------ */

void editor_draw_help(Frontend *g)
{
    render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
                (SDL_Color){8, 8, 20, 235});
    const char *heading = "THE EDITOR'S KEYS (F1 OR ESC: BACK)";
    render_text(&g->batch, &g->atlas, heading,
                (LOGICAL_W - render_text_width(&g->atlas, heading)) / 2, 3, EDITOR_ACCENT);
    int entries = 0;
    for (int i = 0; i < KEY_ROWS; i++)
        entries += KEYS[i].what != NULL;
    const int top = 18, step = 10;
    int per_column = (entries + 1) / 2;
    int n = 0;
    for (int i = 0; i < KEY_ROWS; n++) {
        char keys[160];
        int next = entry(i, keys, sizeof keys);
        int col = n / per_column, row = n % per_column;
        int x = 6 + col * (LOGICAL_W / 2), y = top + row * step;
        /* a long list of keys ("Left, Right, Up, Down") is said shorter */
        const char *left = strstr(keys, "Left");
        if (render_text_width(&g->atlas, keys) > 92 && strchr(keys, ',') && left) {
            char mods[32];
            snprintf(mods, sizeof mods, "%.*s", (int)(left - keys), keys);
            snprintf(keys, sizeof keys, "%s%s", mods, mods[0] ? "arrows" : "Arrows");
        }
        editor_text(g, keys, x, y, 94, EDITOR_ACCENT);
        editor_text(g, KEYS[i].what, x + 96, y, LOGICAL_W / 2 - 104, EDITOR_TEXT);
        i = next;
    }
}

/* ---- what the actions do ----------------------------------------------------------------- */

static void move_cursor(Frontend *g, int dx, int dy)
{
    Editor *ed = g->editor;
    int x = ed->cursor_x + dx, y = ed->cursor_y + dy;
    int w = edit_width(ed->doc), h = edit_height(ed->doc);
    ed->cursor_x = x < 0 ? 0 : x >= w ? w - 1 : x;
    ed->cursor_y = y < 0 ? 0 : y >= h ? h - 1 : y;
    editor_follow_cursor(ed);
    editor_cursor_moved(g);
}

/* Whole tiles in px of the canvas at the view's zoom: a view's width or
** height, for the cursor's longest steps. */
static int view_tiles(const Editor *ed, int px)
{
    int n = (int)((float)px / ed->zoom) / TILE_SIZE;
    return n > 1 ? n : 1;
}

/* The region copy and cut take: the box selected last, else the tiles
** under the selection, else the cursor's tile. */
static EditRect region(const Editor *ed)
{
    if (ed->region.w > 0)
        return ed->region;
    if (ed->selected_count > 0) {
        int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
        for (int i = 0; i < ed->selected_count; i++) {
            const EditEntity *e = edit_entity(ed->doc, ed->selected[i]);
            if (!e)
                continue;
            int ax = e->e.x / TILE_SIZE, ay = e->e.y / TILE_SIZE;
            int bx = (e->e.x + e->e.w - 1) / TILE_SIZE, by = (e->e.y + e->e.h - 1) / TILE_SIZE;
            x0 = ax < x0 ? ax : x0;
            y0 = ay < y0 ? ay : y0;
            x1 = bx > x1 ? bx : x1;
            y1 = by > y1 ? by : y1;
        }
        if (x1 >= 0)
            return (EditRect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    }
    return (EditRect){ed->cursor_x, ed->cursor_y, 1, 1};
}

static void copy(Frontend *g, bool cut)
{
    Editor *ed = g->editor;
    EditRect r = region(ed);
    EditClip *clip = edit_copy(ed->doc, r);
    if (!clip) {
        editor_note(ed, true, "Nothing to copy there");
        return;
    }
    edit_clip_free(ed->clip);
    ed->clip = clip;
    if (cut && edit_erase(ed->doc, r)) {
        editor_select_none(ed);
        editor_changed(ed);
    }
    editor_note(ed, false, "%s %d x %d tiles", cut ? "Cut" : "Copied", r.w, r.h);
}

static void paste(Frontend *g)
{
    Editor *ed = g->editor;
    if (!ed->clip) {
        editor_note(ed, true, "Nothing copied yet (Ctrl+C)");
        return;
    }
    uint32_t ids[EDITOR_SELECT_MAX];
    int n = edit_paste(ed->doc, ed->clip, ed->cursor_x, ed->cursor_y, ids, EDITOR_SELECT_MAX);
    if (n < 0) {
        editor_note(ed, true, "Nothing pasted: the cursor is outside the level");
        return;
    }
    editor_changed(ed);
    editor_select_none(ed);
    for (int i = 0; i < n; i++)
        editor_select_add(ed, ids[i]);
    ed->region = (EditRect){ed->cursor_x, ed->cursor_y, edit_clip_width(ed->clip),
                            edit_clip_height(ed->clip)};
    editor_panel_fields(g);
    editor_note(ed, false, "Pasted at %d,%d", ed->cursor_x, ed->cursor_y);
}

static void history(Frontend *g, bool redo)
{
    Editor *ed = g->editor;
    ed->key_carry = false;
    const char *label = redo ? edit_redo_label(ed->doc) : edit_undo_label(ed->doc);
    int w = edit_width(ed->doc), h = edit_height(ed->doc);
    if (redo ? edit_redo(ed->doc) : edit_undo(ed->doc)) {
        /* a resize undone or redone: the settings show the size the level
        ** has now, not the one typed for the resize */
        if (edit_width(ed->doc) != w || edit_height(ed->doc) != h) {
            ed->resize_w = edit_width(ed->doc);
            ed->resize_h = edit_height(ed->doc);
        }
        editor_changed(ed);
        editor_panel_fields(g);
        editor_note(ed, false, "%s: %s", redo ? "Redone" : "Undone", label ? label : "");
    } else {
        editor_note(ed, true, "Nothing to %s", redo ? "redo" : "undo");
    }
}

static void problem_step(Frontend *g, int dir)
{
    Editor *ed = g->editor;
    int n = edit_check(ed->doc)->count;
    if (n == 0) {
        editor_note(ed, false, "No problems: the level passes --check");
        return;
    }
    ed->problem = ed->problem < 0 ? (dir > 0 ? 0 : n - 1) : ((ed->problem + dir) % n + n) % n;
    editor_goto_problem(g, ed->problem);
}

/* Whether a is one of the four actions from first (left, right, up,
** down), and its direction. */
static bool direction(EditorAction a, EditorAction first, int *dx, int *dy)
{
    int i = (int)a - (int)first;
    *dx = i == 0 ? -1 : i == 1;
    *dy = i == 2 ? -1 : i == 3;
    return i >= 0 && i < 4;
}

void editor_act(Frontend *g, EditorAction a)
{
    Editor *ed = g->editor;
    if (!ed->doc)
        return;
    editor_refresh(g);
    int dx, dy;
    float pan = 4.0f * TILE_SIZE / ed->zoom; /* the view's step */
    if (a >= ACTION_TOOL_PAINT && a <= ACTION_TOOL_PATH)
        ed->tool = (EditorTool)(a - ACTION_TOOL_PAINT);
    else if (direction(a, ACTION_CURSOR_LEFT, &dx, &dy))
        move_cursor(g, dx, dy);
    else if (direction(a, ACTION_CURSOR_FAR_LEFT, &dx, &dy))
        move_cursor(g, 8 * dx, 8 * dy);
    else if (direction(a, ACTION_CURSOR_VIEW_LEFT, &dx, &dy))
        move_cursor(g, dx * view_tiles(ed, EDITOR_CANVAS_W), dy * view_tiles(ed, EDITOR_CANVAS_H));
    else if (direction(a, ACTION_PAN_LEFT, &dx, &dy))
        editor_center_on(ed, ed->view_x + (float)dx * pan + (float)EDITOR_CANVAS_W / ed->zoom / 2,
                         ed->view_y + (float)dy * pan + (float)EDITOR_CANVAS_H / ed->zoom / 2);
    else if (direction(a, ACTION_NUDGE_LEFT, &dx, &dy)) {
        if (ed->selected_count == 0)
            editor_note(ed, true, "Nothing is selected");
        else if (edit_move(ed->doc, ed->selected, ed->selected_count, dx * TILE_SIZE,
                           dy * TILE_SIZE))
            editor_changed(ed);
        else
            editor_note(ed, true, "The selection would leave the level");
    }
    switch (a) {
    case ACTION_NEXT_BRUSH: editor_brush_set(ed, editor_brush_index(ed) + 1); break;
    case ACTION_PREV_BRUSH: editor_brush_set(ed, editor_brush_index(ed) - 1); break;
    case ACTION_CURSOR_FIRST: move_cursor(g, -ed->cursor_x, 0); break;
    case ACTION_CURSOR_LAST: move_cursor(g, edit_width(ed->doc) - 1 - ed->cursor_x, 0); break;
    case ACTION_USE: editor_use_at_cursor(g, false, false); break;
    case ACTION_USE_ADD: editor_use_at_cursor(g, true, false); break;
    case ACTION_USE_ALT: editor_use_at_cursor(g, false, true); break;
    case ACTION_ZOOM_1: editor_set_zoom(ed, 1.0f); break;
    case ACTION_ZOOM_2: editor_set_zoom(ed, 0.5f); break;
    case ACTION_ZOOM_4: editor_set_zoom(ed, 0.25f); break;
    case ACTION_ZOOM_FIT: editor_zoom_fit(ed); break;
    case ACTION_GRID: ed->grid = !ed->grid; break;
    case ACTION_DELETE:
        if (edit_delete(ed->doc, ed->selected, ed->selected_count) > 0) {
            editor_select_none(ed);
            editor_changed(ed);
            editor_panel_fields(g);
        }
        break;
    case ACTION_DUPLICATE: {
        uint32_t out[EDITOR_SELECT_MAX];
        int n = edit_duplicate(ed->doc, ed->selected, ed->selected_count, TILE_SIZE, 0, out);
        if (n > 0) {
            editor_select_none(ed);
            for (int i = 0; i < n; i++)
                editor_select_add(ed, out[i]);
            editor_changed(ed);
            editor_panel_fields(g);
        }
        break;
    }
    case ACTION_SELECT_ALL:
        editor_select_none(ed);
        for (int i = 0; i < edit_level(ed->doc)->entity_count; i++)
            editor_select_add(ed, edit_level_id(ed->doc, i));
        editor_panel_fields(g);
        break;
    case ACTION_CANCEL:
        if (ed->key_carry) {
            ed->key_carry = false;
            edit_end(ed->doc);
        } else if (ed->key_anchor) {
            ed->key_anchor = false;
        } else if (ed->selected_count > 0 || ed->region.w > 0) {
            editor_select_none(ed);
            ed->region.w = 0;
            editor_panel_fields(g);
        } else {
            editor_leave(g);
        }
        break;
    case ACTION_COPY: copy(g, false); break;
    case ACTION_CUT: copy(g, true); break;
    case ACTION_PASTE: paste(g); break;
    case ACTION_UNDO: history(g, false); break;
    case ACTION_REDO: history(g, true); break;
    case ACTION_PROPS:
        ed->focus = FOCUS_PROPS;
        editor_panel_fields(g);
        break;
    case ACTION_SETTINGS:
        ed->focus = FOCUS_SETTINGS;
        editor_panel_fields(g);
        break;
    case ACTION_NEXT_PROBLEM: problem_step(g, 1); break;
    case ACTION_PREV_PROBLEM: problem_step(g, -1); break;
    case ACTION_PLAY_CURSOR: editor_play(g, true); break;
    case ACTION_PLAY_START: editor_play(g, false); break;
    case ACTION_SAVE: editor_save(g, false); break;
    case ACTION_SAVE_COPY: editor_save(g, true); break;
    case ACTION_ADD_TO_PACK: editor_pack_ask(g); break;
    case ACTION_KEEP_REPLAY: editor_keep_replay(g); break;
    case ACTION_HELP: ed->help = true; break;
    case ACTION_LEAVE: editor_leave(g); break;
    default: break;
    }
}
