/* SPDX-License-Identifier: Zlib */
/*
** editor_panel.c -- the editor's right-hand panel: the palette, the
** fields of the selection or of the level, and the problems.
**
** The palette is made from the tables: the tile kinds (drawn in the
** level's world's tiles) and every row of the kind table (drawn with the
** first frame of the kind's own first clip). Nothing here lists kinds.
**
** The fields, too, come from the kind table: an entity's properties in
** its row's order, each by its type (KindProp): a number or a size typed
** (Left and Right step it), an enum or a boolean turned through its values,
** a text typed, its {jump} and the like shown as the keys bound now; a path
** is shown, and edited on the canvas. A value is set through edit/, which
** has the level loader read it: a bad one is refused where it is typed,
** with the loader's message, and the field stays open. The level's
** settings are fields the same way: its name, its world (whose music it
** plays), its size with the side it keeps (applied by its own row), and
** every physics parameter (empty: the game's value).
**
** The problems are edit_check's: --check's errors and warnings, each with
** its tile; choosing one moves the view there.
*/
#include "editor_internal.h"

#include "labels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    PANEL_X = EDITOR_CANVAS_W,
    CELL = 18, /* a palette cell */
    PER_ROW = (EDITOR_PANEL_W - 4) / CELL,
    PALETTE_Y = EDITOR_TOP_H + 2,
    ROW_H = 11,
    PROBLEM_ROWS = 4,
};

/* The settings, in the order shown. */
enum { SET_NAME, SET_WORLD, SET_MUSIC, SET_WIDTH, SET_HEIGHT, SET_ANCHOR, SET_RESIZE, SET_PHYSICS };

static const char *const ANCHORS[] = {"top-left",    "top",    "top-right",
                                      "left",        "center", "right",
                                      "bottom-left", "bottom", "bottom-right"};

/* ---- layout ------------------------------------------------------------------------ */

static int palette_rows(void)
{
    return 1 + (kind_count() + PER_ROW - 1) / PER_ROW;
}

static int fields_y(void)
{
    return PALETTE_Y + palette_rows() * CELL + 14;
}

static int problems_y(void)
{
    return LOGICAL_H - EDITOR_STATUS_H - (PROBLEM_ROWS + 1) * ROW_H - 4;
}

static int field_rows(void)
{
    return (problems_y() - fields_y() - ROW_H - 2) / ROW_H;
}

/* The palette cell of brush index i. */
static SDL_Rect brush_cell(int i)
{
    int tiles = editor_brush_count() - kind_count();
    int row = i < tiles ? 0 : 1 + (i - tiles) / PER_ROW;
    int col = i < tiles ? i : (i - tiles) % PER_ROW;
    return (SDL_Rect){PANEL_X + 3 + col * CELL, PALETTE_Y + row * CELL, CELL - 2, CELL - 2};
}

/* ---- the palette --------------------------------------------------------------------- */

/* The palette: the brush drawn at (x, y) in a size x size box. */
static void editor_draw_brush(Frontend *g, int index, int x, int y, int size)
{
    Editor *ed = g->editor;
    int tiles = editor_brush_count() - kind_count();
    SDL_Rect src;
    SDL_Color tint = {255, 255, 255, 255};
    if (index < tiles) {
        const RenderTheme *th = render_atlas_theme(&g->atlas, edit_background(ed->doc));
        if (!th)
            return;
        switch (index + 1) {
        case TILE_ONEWAY: src = th->oneway[ONEWAY_SINGLE]; break;
        case TILE_SPIKES: src = th->spikes[SPIKES_UP]; break;
        case TILE_SECRET:
            src = th->solid[g->atlas.blob[0] % RENDER_BLOB_TILES];
            tint.a = 150;
            break;
        default: src = th->solid[g->atlas.blob[0] % RENDER_BLOB_TILES]; break;
        }
    } else {
        src = render_cell(&g->atlas, kind_first_clip(index - tiles), 0, 0);
    }
    float s = fminf(1.0f, fminf((float)size / (float)src.w, (float)size / (float)src.h));
    float w = (float)src.w * s, h = (float)src.h * s;
    batch_quad(&g->batch, (float)x + ((float)size - w) / 2, (float)y + ((float)size - h) / 2, w, h,
               src, tint, false);
}

static void draw_palette(Frontend *g)
{
    Editor *ed = g->editor;
    int current = editor_brush_index(ed), hover = -1;
    for (int i = 0; i < editor_brush_count(); i++) {
        SDL_Rect c = brush_cell(i);
        bool on = i == current &&
                  (ed->tool == TOOL_PLACE || ed->tool == TOOL_PAINT || ed->tool == TOOL_RECT);
        render_fill(&g->batch, &g->atlas, c,
                    on ? (SDL_Color){90, 80, 40, 255} : (SDL_Color){36, 40, 70, 255});
        editor_draw_brush(g, i, c.x, c.y, c.w);
        if (on) {
            render_fill(&g->batch, &g->atlas, (SDL_Rect){c.x, c.y + c.h - 1, c.w, 1},
                        EDITOR_ACCENT);
            render_fill(&g->batch, &g->atlas, (SDL_Rect){c.x, c.y, c.w, 1}, EDITOR_ACCENT);
        }
        if (SDL_PointInRect(&(SDL_Point){ed->mouse_x, ed->mouse_y}, &c))
            hover = i;
    }
    /* under it: the brush's name, or the one under the pointer */
    int shown = hover >= 0 ? hover : current, tiles = editor_brush_count() - kind_count();
    char line[96];
    snprintf(line, sizeof line, "%s: %s", hover >= 0 ? "brush" : editor_tool_name(ed->tool),
             shown < tiles ? tile_kind_name((TileKind)(shown + 1)) : kind_get(shown - tiles)->name);
    editor_text(g, line, PANEL_X + 4, PALETTE_Y + palette_rows() * CELL, EDITOR_PANEL_W - 8,
                EDITOR_DIM);
}

/* ---- the fields ------------------------------------------------------------------------ */

static void add_field(Editor *ed, const char *name, const char *label, int setting,
                      KindPropType type, const char *const *values, int value_count, double range)
{
    if (ed->field_count >= EDITOR_FIELDS_MAX)
        return;
    EditorField *f = &ed->fields[ed->field_count++];
    snprintf(f->name, sizeof f->name, "%s", name);
    snprintf(f->label, sizeof f->label, "%s", label);
    f->setting = setting;
    f->kind = (int)type;
    f->values = values;
    f->value_count = value_count;
    f->step = range > 50 ? 1.0 : 0.1;
}

/* The one entity whose properties show, or NULL. */
static const EditEntity *shown_entity(const Editor *ed)
{
    return ed->selected_count == 1 ? edit_entity(ed->doc, ed->selected[0]) : NULL;
}

void editor_panel_fields(Frontend *g)
{
    Editor *ed = g->editor;
    if (!ed->doc)
        return;
    ed->field_count = 0;
    ed->typing = false;
    const EditEntity *e = shown_entity(ed);
    if (ed->focus == FOCUS_PROPS && !e) {
        ed->focus = FOCUS_CANVAS;
        editor_note(ed, true, "Select one entity to see its properties (V, then Enter on it)");
    }
    if (e && ed->focus != FOCUS_SETTINGS) {
        const EntityKind *k = kind_get(e->e.kind);
        for (int i = 0; i < k->prop_count; i++) {
            const KindProp *p = &k->props[i];
            add_field(ed, p->name, p->name, -1, p->type, p->values, p->value_count,
                      p->max - p->min);
        }
    } else {
        add_field(ed, "name", "name", SET_NAME, KPROP_TEXT, NULL, 0, 0);
        add_field(ed, "background", "world", SET_WORLD, KPROP_ENUM, level_background_names(),
                  LEVEL_BACKGROUND_COUNT, 0);
        add_field(ed, "music", "music", SET_MUSIC, KPROP_TEXT, NULL, 0, 0);
        add_field(ed, "width", "width", SET_WIDTH, KPROP_INT, NULL, 0, 0);
        add_field(ed, "height", "height", SET_HEIGHT, KPROP_INT, NULL, 0, 0);
        add_field(ed, "anchor", "keep", SET_ANCHOR, KPROP_ENUM, ANCHORS, 9, 0);
        add_field(ed, "resize", "> resize now", SET_RESIZE, KPROP_BOOL, NULL, 0, 0);
        int n;
        const ParamInfo *params = physics_param_table(&n);
        for (int i = 0; i < n; i++)
            add_field(ed, params[i].name, params[i].name, SET_PHYSICS, KPROP_NUMBER, NULL, 0,
                      (double)params[i].max - (double)params[i].min);
    }
    if (ed->field >= ed->field_count)
        ed->field = ed->field_count > 0 ? ed->field_count - 1 : 0;
}

/* A field's value as text. */
static void field_value(Frontend *g, const EditorField *f, char *out, size_t cap)
{
    Editor *ed = g->editor;
    out[0] = '\0';
    if (f->setting < 0) {
        const EditEntity *e = shown_entity(ed);
        if (!e)
            return;
        if (f->kind == KPROP_PATH) {
            snprintf(out, cap, "%d waypoints (T)", e->path.count);
            return;
        }
        edit_prop_text(ed->doc, e->id, f->name, out, cap);
        return;
    }
    float v;
    switch (f->setting) {
    case SET_NAME: snprintf(out, cap, "%s", edit_name(ed->doc)); break;
    case SET_WORLD: snprintf(out, cap, "%s", edit_background(ed->doc)); break;
    case SET_MUSIC: snprintf(out, cap, "%s (its world's)", edit_background(ed->doc)); break;
    case SET_WIDTH: snprintf(out, cap, "%d", ed->resize_w); break;
    case SET_HEIGHT: snprintf(out, cap, "%d", ed->resize_h); break;
    case SET_ANCHOR: snprintf(out, cap, "%s", ANCHORS[ed->anchor]); break;
    case SET_RESIZE: snprintf(out, cap, "%dx%d", edit_width(ed->doc), edit_height(ed->doc)); break;
    case SET_PHYSICS:
        if (edit_physics(ed->doc, f->name, &v))
            snprintf(out, cap, "%g", (double)v);
        break;
    default: break;
    }
}

/* Sets the field to text; false (the note says why) when refused. */
static bool field_set(Frontend *g, const EditorField *f, const char *text)
{
    Editor *ed = g->editor;
    char msg[256] = "";
    bool ok = false;
    if (f->setting < 0) {
        const EditEntity *e = shown_entity(ed);
        ok = e && edit_set_prop(ed->doc, e->id, f->name, text, msg, sizeof msg);
    } else {
        char *end;
        long n;
        switch (f->setting) {
        case SET_NAME: ok = edit_set_name(ed->doc, text, msg, sizeof msg); break;
        case SET_WORLD: ok = edit_set_background(ed->doc, text, msg, sizeof msg); break;
        case SET_WIDTH:
        case SET_HEIGHT:
            n = strtol(text, &end, 10);
            ok = *text && !*end && n >= 1 && n <= LEVEL_MAX_SIDE;
            if (ok)
                *(f->setting == SET_WIDTH ? &ed->resize_w : &ed->resize_h) = (int)n;
            else
                snprintf(msg, sizeof msg, "%s: expected an integer from 1 to %d, got %s", f->name,
                         LEVEL_MAX_SIDE, text);
            return ok ? (editor_note(ed, false, "Resize to %dx%d with its row", ed->resize_w,
                                     ed->resize_h),
                         true)
                      : (editor_note(ed, true, "%s", msg), false);
        case SET_PHYSICS: ok = edit_set_physics(ed->doc, f->name, text, msg, sizeof msg); break;
        default: return false;
        }
    }
    if (!ok) {
        editor_note(ed, true, "%s", msg[0] ? msg : "refused");
        return false;
    }
    editor_changed(ed);
    editor_note(ed, false, "%s: %s", f->name, text[0] ? text : "(the game's)");
    return true;
}

/* Left/Right, or a click: an enum or a boolean turns, a number steps. */
static void field_turn(Frontend *g, const EditorField *f, int dir)
{
    Editor *ed = g->editor;
    char cur[EDITOR_INPUT_MAX], next[EDITOR_INPUT_MAX];
    field_value(g, f, cur, sizeof cur);
    if (f->setting == SET_ANCHOR) {
        ed->anchor = (ed->anchor + dir + 9) % 9;
        return;
    }
    if (f->setting == SET_RESIZE) {
        char msg[256];
        if (edit_resize(ed->doc, ed->resize_w, ed->resize_h, (EditAnchor)ed->anchor, msg,
                        sizeof msg)) {
            editor_changed(ed);
            editor_note(ed, false, "Resized to %dx%d, keeping the %s", ed->resize_w, ed->resize_h,
                        ANCHORS[ed->anchor]);
        } else {
            editor_note(ed, true, "%s", msg);
        }
        return;
    }
    if (f->kind == KPROP_ENUM) {
        int at = 0;
        for (int i = 0; i < f->value_count; i++)
            if (strcmp(f->values[i], cur) == 0)
                at = i;
        snprintf(next, sizeof next, "%s", f->values[(at + dir + f->value_count) % f->value_count]);
    } else if (f->kind == KPROP_BOOL) {
        snprintf(next, sizeof next, "%s", strcmp(cur, "true") == 0 ? "false" : "true");
    } else if (f->kind == KPROP_INT || f->kind == KPROP_SIZE) {
        snprintf(next, sizeof next, "%ld", strtol(cur, NULL, 10) + dir);
    } else if (f->kind == KPROP_NUMBER) {
        double step = f->step;
        double v = cur[0] ? strtod(cur, NULL) : 0.0;
        if (f->setting == SET_PHYSICS && !cur[0]) {
            const ParamInfo *info = physics_param_find(f->name);
            PhysicsParams d = physics_defaults();
            v = info ? (double)*physics_param_ptr(&d, info) : 0.0;
        }
        snprintf(next, sizeof next, "%g", round((v + dir * step) * 100.0) / 100.0);
    } else {
        return;
    }
    field_set(g, f, next);
}

/* Enter or a click: a typed field starts typing, any other turns. */
static void choose(Frontend *g, int dir)
{
    Editor *ed = g->editor;
    if (ed->field_count == 0)
        return;
    const EditorField *f = &ed->fields[ed->field];
    bool typed = f->kind == KPROP_INT || f->kind == KPROP_NUMBER || f->kind == KPROP_SIZE ||
                 (f->kind == KPROP_TEXT && f->setting != SET_MUSIC);
    if (!typed || dir != 0) {
        field_turn(g, f, dir == 0 ? 1 : dir);
        return;
    }
    field_value(g, f, ed->input, sizeof ed->input);
    ed->typing = true;
    editor_note(ed, false, "Type the %s; Enter sets it, Esc leaves it", f->name);
}

bool editor_panel_key(Frontend *g, SDL_Scancode key)
{
    Editor *ed = g->editor;
    if (ed->typing) {
        if (key == SDL_SCANCODE_RETURN || key == SDL_SCANCODE_KP_ENTER) {
            if (field_set(g, &ed->fields[ed->field], ed->input))
                ed->typing = false;
        } else if (key == SDL_SCANCODE_ESCAPE) {
            ed->typing = false;
            editor_note(ed, false, "Left as it was");
        } else if (key == SDL_SCANCODE_BACKSPACE) {
            size_t n = strlen(ed->input);
            while (n > 0 && ((unsigned char)ed->input[n - 1] & 0xC0) == 0x80)
                ed->input[--n] = '\0';
            if (n > 0)
                ed->input[n - 1] = '\0';
        }
        return true; /* the rest is text (SDL_TEXTINPUT) */
    }
    switch (key) {
    case SDL_SCANCODE_UP:
        ed->field = (ed->field + ed->field_count - 1) % (ed->field_count ? ed->field_count : 1);
        return true;
    case SDL_SCANCODE_DOWN:
        ed->field = (ed->field + 1) % (ed->field_count ? ed->field_count : 1);
        return true;
    case SDL_SCANCODE_LEFT: choose(g, -1); return true;
    case SDL_SCANCODE_RIGHT: choose(g, 1); return true;
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER: choose(g, 0); return true;
    case SDL_SCANCODE_ESCAPE:
        ed->focus = FOCUS_CANVAS;
        editor_panel_fields(g);
        return true;
    default: return false;
    }
}

void editor_panel_text(Frontend *g, const char *text)
{
    Editor *ed = g->editor;
    size_t n = strlen(ed->input), add = strlen(text);
    if (n + add < sizeof ed->input) {
        memcpy(ed->input + n, text, add + 1);
    } else {
        editor_note(ed, true, "That is as long as a value gets");
    }
}

static void draw_fields(Frontend *g)
{
    Editor *ed = g->editor;
    const EditEntity *e = shown_entity(ed);
    int y = fields_y();
    char heading[96];
    bool props = e && ed->focus != FOCUS_SETTINGS;
    if (props)
        snprintf(heading, sizeof heading, "%s at %d,%d", kind_get(e->e.kind)->name,
                 e->e.x / TILE_SIZE, e->e.y / TILE_SIZE);
    else
        snprintf(heading, sizeof heading, "LEVEL (F4)");
    bool focused = ed->focus == FOCUS_PROPS || ed->focus == FOCUS_SETTINGS;
    render_fill(&g->batch, &g->atlas, (SDL_Rect){PANEL_X, y - 2, EDITOR_PANEL_W, 1}, EDITOR_DIM);
    editor_text(g, heading, PANEL_X + 4, y, EDITOR_PANEL_W - 8,
                focused ? EDITOR_ACCENT : EDITOR_TEXT);
    y += ROW_H + 1;
    int rows = field_rows();
    int top = ed->field >= rows ? ed->field - rows + 1 : 0;
    for (int i = top; i < ed->field_count && i < top + rows; i++, y += ROW_H) {
        const EditorField *f = &ed->fields[i];
        bool cur = focused && i == ed->field;
        if (cur)
            render_fill(&g->batch, &g->atlas, (SDL_Rect){PANEL_X + 1, y, EDITOR_PANEL_W - 2, ROW_H},
                        (SDL_Color){60, 60, 100, 255});
        char value[EDITOR_INPUT_MAX * 2];
        if (cur && ed->typing) {
            snprintf(value, sizeof value, "%s_", ed->input);
        } else {
            char raw[EDITOR_INPUT_MAX];
            field_value(g, f, raw, sizeof raw);
            if (f->kind == KPROP_TEXT && f->setting < 0)
                labels_fill_text(&g->controls.bind, false, raw, value,
                                 sizeof value); /* {jump}: the keys */
            else
                snprintf(value, sizeof value, "%s", raw);
            for (char *c = value; *c; c++)
                if (*c == '\n')
                    *c = ' ';
        }
        SDL_Color vc = f->setting == SET_PHYSICS && !value[0] ? EDITOR_DIM : EDITOR_TEXT;
        if (f->setting == SET_PHYSICS && !value[0])
            snprintf(value, sizeof value, "-");
        /* a long name (a physics parameter's) takes the room a short value leaves */
        int vw = render_text_width(&g->atlas, value);
        int lw = f->setting == SET_RESIZE    ? EDITOR_PANEL_W - 8
                 : f->setting == SET_PHYSICS ? EDITOR_PANEL_W - 14 - (vw < 40 ? vw : 40)
                                             : 52;
        editor_text(g, f->label, PANEL_X + 4, y - 1, lw - 6, cur ? EDITOR_ACCENT : EDITOR_DIM);
        if (f->setting == SET_RESIZE)
            continue;
        if (cur && ed->typing) {
            /* the end of what is typed shows */
            const char *shown = value;
            while (render_text_width(&g->atlas, shown) > EDITOR_PANEL_W - lw - 6 && *shown)
                shown++;
            render_text(&g->batch, &g->atlas, shown, PANEL_X + lw, y - 1, EDITOR_ACCENT);
        } else {
            editor_text(g, value, PANEL_X + lw, y - 1, EDITOR_PANEL_W - lw - 4, vc);
        }
    }
}

/* ---- the problems ---------------------------------------------------------------------- */

void editor_goto_problem(Frontend *g, int i)
{
    Editor *ed = g->editor;
    const EditProblems *probs = edit_check(ed->doc);
    if (i < 0 || i >= probs->count)
        return;
    const EditProblem *p = &probs->list[i];
    ed->problem = i;
    if (p->x >= 0) {
        ed->cursor_x = p->x;
        ed->cursor_y = p->y;
        editor_center_on(ed, (float)(p->x * TILE_SIZE + TILE_SIZE / 2),
                         (float)(p->y * TILE_SIZE + TILE_SIZE / 2));
    }
    if (p->id != 0 && edit_entity(ed->doc, p->id)) {
        editor_select_none(ed);
        editor_select_add(ed, p->id);
        editor_panel_fields(g);
    }
    editor_note(ed, !p->warning, "%s %d/%d: %s", p->warning ? "Warning" : "Error", i + 1,
                probs->count, p->message);
}

static int problems_top(const Editor *ed, int count)
{
    int top = ed->problem >= PROBLEM_ROWS ? ed->problem - PROBLEM_ROWS + 1 : 0;
    return top + PROBLEM_ROWS > count ? (count > PROBLEM_ROWS ? count - PROBLEM_ROWS : 0) : top;
}

static void draw_problems(Frontend *g)
{
    Editor *ed = g->editor;
    const EditProblems *probs = edit_check(ed->doc);
    int y = problems_y();
    int errors = 0;
    for (int i = 0; i < probs->count; i++)
        errors += !probs->list[i].warning;
    char heading[64];
    if (probs->count == 0)
        snprintf(heading, sizeof heading, "CHECK: PLAYABLE");
    else
        snprintf(heading, sizeof heading, "PROBLEMS: %d (F6)", probs->count + probs->dropped);
    render_fill(&g->batch, &g->atlas, (SDL_Rect){PANEL_X, y - 2, EDITOR_PANEL_W, 1}, EDITOR_DIM);
    render_text(&g->batch, &g->atlas, heading, PANEL_X + 4, y,
                probs->count == 0 ? (SDL_Color){130, 230, 140, 255}
                : errors          ? EDITOR_BAD
                                  : EDITOR_ACCENT);
    y += ROW_H + 1;
    int top = problems_top(ed, probs->count);
    for (int i = top; i < probs->count && i < top + PROBLEM_ROWS; i++, y += ROW_H) {
        const EditProblem *p = &probs->list[i];
        if (i == ed->problem)
            render_fill(&g->batch, &g->atlas, (SDL_Rect){PANEL_X + 1, y, EDITOR_PANEL_W - 2, ROW_H},
                        (SDL_Color){60, 40, 50, 255});
        char line[LEVEL_ERROR_MESSAGE_MAX + 96];
        if (p->x >= 0)
            snprintf(line, sizeof line, "%d,%d %s", p->x, p->y, p->message);
        else
            snprintf(line, sizeof line, "%s", p->message);
        editor_text(g, line, PANEL_X + 4, y - 1, EDITOR_PANEL_W - 8,
                    p->warning ? EDITOR_ACCENT : EDITOR_BAD);
    }
}

void editor_draw_panel(Frontend *g)
{
    render_fill(&g->batch, &g->atlas,
                (SDL_Rect){PANEL_X, EDITOR_TOP_H, EDITOR_PANEL_W, EDITOR_CANVAS_H},
                EDITOR_PANEL_BG);
    render_fill(&g->batch, &g->atlas, (SDL_Rect){PANEL_X, EDITOR_TOP_H, 1, EDITOR_CANVAS_H},
                EDITOR_DIM);
    draw_palette(g);
    draw_fields(g);
    draw_problems(g);
}

bool editor_panel_click(Frontend *g, int sx, int sy, int button)
{
    Editor *ed = g->editor;
    if (sx < PANEL_X || sy < EDITOR_TOP_H || sy >= LOGICAL_H - EDITOR_STATUS_H)
        return false;
    for (int i = 0; i < editor_brush_count(); i++) {
        SDL_Rect c = brush_cell(i);
        if (SDL_PointInRect(&(SDL_Point){sx, sy}, &c)) {
            editor_brush_set(ed, i);
            return true;
        }
    }
    int fy = fields_y() + ROW_H + 1;
    int rows = field_rows();
    if (sy >= fy && sy < fy + rows * ROW_H) {
        bool props = shown_entity(ed) && ed->focus != FOCUS_SETTINGS;
        if (ed->focus == FOCUS_CANVAS)
            ed->focus = props ? FOCUS_PROPS : FOCUS_SETTINGS;
        int top = ed->field >= rows ? ed->field - rows + 1 : 0;
        int i = top + (sy - fy) / ROW_H;
        if (i < ed->field_count) {
            ed->typing = false;
            ed->field = i;
            choose(g, button == SDL_BUTTON_RIGHT ? -1 : 0);
        }
        return true;
    }
    int py = problems_y() + ROW_H + 1;
    const EditProblems *probs = edit_check(ed->doc);
    int i = problems_top(ed, probs->count) + (sy - py) / ROW_H;
    if (sy >= py && i < probs->count)
        editor_goto_problem(g, i);
    return true;
}
