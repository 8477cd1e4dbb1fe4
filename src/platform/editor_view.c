/* SPDX-License-Identifier: Zlib */
/*
** editor_view.c -- the editor's canvas: where the view is, and what it
** draws.
**
** The level is drawn as the game draws it: the world's backdrop, the tiles
** autotiled from its theme (render_tiles), and its entities from a Sim the
** game's own spawning built from the document (render_sprites), so a
** platform's width, a switch block's colour or a spring's side look as they
** will in play. Zoomed out (1/2, 1/4, or whatever fits the whole level),
** the same quads are drawn smaller: the batch scales what it is given
** (batch_transform), and the renderer is asked for a view as many times
** larger. Over it, in level pixels under the same scale: the grid, the
** level's bounds, the 480x270 the camera shows at 1x around the cursor,
** the paths of platforms and saws with their waypoints, the selection, the
** rectangle being dragged, the cursor, and the check's problems at their
** tiles; then, at screen size, the markers of the last test run.
*/
#include "editor_internal.h"

#include <math.h>
#include <stdio.h>

/* ---- the view ------------------------------------------------------------------- */

void editor_to_level(const Editor *ed, int sx, int sy, float *lx, float *ly)
{
    *lx = floorf(ed->view_x) + (float)sx / ed->zoom;
    *ly = floorf(ed->view_y) + (float)(sy - EDITOR_TOP_H) / ed->zoom;
}

bool editor_in_canvas(int sx, int sy)
{
    return sx >= 0 && sx < EDITOR_CANVAS_W && sy >= EDITOR_TOP_H &&
           sy < EDITOR_TOP_H + EDITOR_CANVAS_H;
}

/* The view kept where some of the level shows. */
static void clamp_view(Editor *ed)
{
    float vw = (float)EDITOR_CANVAS_W / ed->zoom, vh = (float)EDITOR_CANVAS_H / ed->zoom;
    float lw = (float)(edit_width(ed->doc) * TILE_SIZE),
          lh = (float)(edit_height(ed->doc) * TILE_SIZE);
    /* a level larger than the view: up to two tiles past its edges; a
    ** smaller one: in the middle */
    const float m = 2 * TILE_SIZE;
    if (lw + 2 * m > vw)
        ed->view_x = fmaxf(-m, fminf(ed->view_x, lw - vw + m));
    else
        ed->view_x = (lw - vw) / 2;
    if (lh + 2 * m > vh)
        ed->view_y = fmaxf(-m, fminf(ed->view_y, lh - vh + m));
    else
        ed->view_y = (lh - vh) / 2;
}

void editor_center_on(Editor *ed, float lx, float ly)
{
    ed->view_x = lx - (float)EDITOR_CANVAS_W / ed->zoom / 2;
    ed->view_y = ly - (float)EDITOR_CANVAS_H / ed->zoom / 2;
    clamp_view(ed);
}

void editor_follow_cursor(Editor *ed)
{
    float vw = (float)EDITOR_CANVAS_W / ed->zoom, vh = (float)EDITOR_CANVAS_H / ed->zoom;
    float x = (float)(ed->cursor_x * TILE_SIZE), y = (float)(ed->cursor_y * TILE_SIZE);
    /* the view scrolls before the cursor nears its edge: four tiles of what
    ** lies ahead stay in sight (fewer in a view too small for them) */
    float mx = fminf(4.0f * TILE_SIZE, (vw - TILE_SIZE) / 2);
    float my = fminf(4.0f * TILE_SIZE, (vh - TILE_SIZE) / 2);
    if (x < ed->view_x + mx)
        ed->view_x = x - mx;
    if (x + TILE_SIZE > ed->view_x + vw - mx)
        ed->view_x = x + TILE_SIZE - vw + mx;
    if (y < ed->view_y + my)
        ed->view_y = y - my;
    if (y + TILE_SIZE > ed->view_y + vh - my)
        ed->view_y = y + TILE_SIZE - vh + my;
    clamp_view(ed);
}

void editor_set_zoom(Editor *ed, float zoom)
{
    float cx = ed->view_x + (float)EDITOR_CANVAS_W / ed->zoom / 2;
    float cy = ed->view_y + (float)EDITOR_CANVAS_H / ed->zoom / 2;
    ed->zoom = zoom;
    editor_center_on(ed, cx, cy);
}

void editor_zoom_fit(Editor *ed)
{
    float lw = (float)(edit_width(ed->doc) * TILE_SIZE),
          lh = (float)(edit_height(ed->doc) * TILE_SIZE);
    float z = fminf((float)EDITOR_CANVAS_W / lw, (float)EDITOR_CANVAS_H / lh);
    ed->zoom = z > 1.0f ? 1.0f : z;
    editor_center_on(ed, lw / 2, lh / 2);
}

/* ---- what changed ----------------------------------------------------------------- */

void editor_refresh(Frontend *g)
{
    Editor *ed = g->editor;
    if (!ed->stale)
        return;
    if (ed->sim)
        sim_destroy(ed->sim);
    ed->sim = sim_create(edit_level(ed->doc), &g->clips); /* NULL without a player start */
    edit_check(ed->doc);
    ed->stale = false;
}

/* ---- drawing, in level pixels ------------------------------------------------------ */

typedef struct Pen {
    Frontend *g;
    int vx, vy; /* the view's top-left, level px */
    float px;   /* a screen pixel in level px */
} Pen;

static void fill(const Pen *p, float x, float y, float w, float h, SDL_Color c)
{
    batch_quad(&p->g->batch, x - (float)p->vx, y - (float)p->vy, w, h, p->g->atlas.white, c, false);
}

static void outline(const Pen *p, float x, float y, float w, float h, SDL_Color c)
{
    float t = p->px;
    fill(p, x, y, w, t, c);
    fill(p, x, y + h - t, w, t, c);
    fill(p, x, y + t, t, h - 2 * t, c);
    fill(p, x + w - t, y + t, t, h - 2 * t, c);
}

static void line(const Pen *p, float x0, float y0, float x1, float y1, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0;
    float len = fmaxf(fabsf(dx), fabsf(dy)) / p->px;
    int n = (int)len + 1;
    for (int i = 0; i <= n; i++) {
        float t = (float)i / (float)n;
        fill(p, x0 + dx * t - p->px / 2, y0 + dy * t - p->px / 2, p->px * 2, p->px * 2, c);
    }
}

static void draw_grid(const Pen *p, int lw, int lh)
{
    const SDL_Color c = {255, 255, 255, 34};
    int step = p->px > 2.5f ? 4 * TILE_SIZE : TILE_SIZE; /* at 1/4, every fourth */
    for (int x = step; x < lw; x += step)
        fill(p, (float)x, 0, p->px, (float)lh, c);
    for (int y = step; y < lh; y += step)
        fill(p, 0, (float)y, (float)lw, p->px, c);
}

/* Outside the level: darker. */
static void draw_outside(const Pen *p, int lw, int lh)
{
    const SDL_Color c = {6, 6, 16, 200};
    float vw = (float)EDITOR_CANVAS_W * p->px, vh = (float)EDITOR_CANVAS_H * p->px;
    float x0 = (float)p->vx, y0 = (float)p->vy;
    if (x0 < 0)
        fill(p, x0, y0, -x0, vh, c);
    if (x0 + vw > (float)lw)
        fill(p, (float)lw, y0, x0 + vw - (float)lw, vh, c);
    if (y0 < 0)
        fill(p, 0, y0, (float)lw, -y0, c);
    if (y0 + vh > (float)lh)
        fill(p, 0, (float)lh, (float)lw, y0 + vh - (float)lh, c);
}

/* Each path: its route from the entity's place through its waypoints, and
** a handle on each waypoint; the selection's brighter. */
static void draw_paths(Editor *ed, const Pen *p)
{
    const LevelDesc *lv = edit_level(ed->doc);
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *e = &lv->entities[i];
        const EntityKind *k = kind_get(e->kind);
        const LevelPath *path = NULL;
        for (int j = 0; j < k->prop_count && !path; j++)
            if (k->props[j].type == KPROP_PATH)
                path = leveldesc_path(lv, e, k->props[j].name);
        if (!path || path->count == 0)
            continue;
        bool sel = editor_is_selected(ed, edit_level_id(ed->doc, i));
        SDL_Color route = sel ? (SDL_Color){255, 214, 102, 230} : (SDL_Color){140, 220, 255, 150};
        float hw = (float)e->w / 2, hh = (float)e->h / 2;
        float x = (float)e->x + hw, y = (float)e->y + hh;
        for (int w = 0; w < path->count; w++) {
            float nx = (float)path->points[w].x + hw, ny = (float)path->points[w].y + hh;
            line(p, x, y, nx, ny, route);
            x = nx;
            y = ny;
        }
        for (int w = 0; w < path->count; w++) {
            float s = 3 * p->px;
            float cx = (float)path->points[w].x + hw, cy = (float)path->points[w].y + hh;
            fill(p, cx - s, cy - s, 2 * s, 2 * s, (SDL_Color){20, 20, 40, 230});
            outline(p, cx - s, cy - s, 2 * s, 2 * s, route);
        }
    }
}

static void draw_problems(Editor *ed, const Pen *p)
{
    const EditProblems *probs = edit_check(ed->doc);
    for (int i = 0; i < probs->count; i++) {
        const EditProblem *pr = &probs->list[i];
        if (pr->x < 0)
            continue;
        SDL_Color c = pr->warning ? (SDL_Color){255, 190, 80, 220} : (SDL_Color){255, 70, 60, 230};
        float x = (float)(pr->x * TILE_SIZE), y = (float)(pr->y * TILE_SIZE);
        fill(p, x, y, TILE_SIZE, TILE_SIZE,
             (SDL_Color){c.r, c.g, c.b, i == ed->problem ? 110 : 60});
        outline(p, x, y, TILE_SIZE, TILE_SIZE, c);
    }
}

static void draw_overlays(Frontend *g, const Pen *p)
{
    Editor *ed = g->editor;
    const LevelDesc *lv = edit_level(ed->doc);
    int lw = lv->map.width * TILE_SIZE, lh = lv->map.height * TILE_SIZE;
    if (ed->grid)
        draw_grid(p, lw, lh);
    draw_outside(p, lw, lh);
    outline(p, -p->px, -p->px, (float)lw + 2 * p->px, (float)lh + 2 * p->px,
            (SDL_Color){255, 255, 255, 160});
    /* the camera's view at 1x, around the cursor */
    float cw = LOGICAL_W, ch = LOGICAL_H;
    float cx = (float)(ed->cursor_x * TILE_SIZE + TILE_SIZE / 2) - cw / 2;
    float cy = (float)(ed->cursor_y * TILE_SIZE + TILE_SIZE / 2) - ch / 2;
    cx = cx > (float)lw - cw ? (float)lw - cw : cx;
    cy = cy > (float)lh - ch ? (float)lh - ch : cy;
    cx = cx < 0 ? 0 : cx;
    cy = cy < 0 ? 0 : cy;
    outline(p, cx, cy, cw, ch, (SDL_Color){120, 200, 255, 90});
    /* the player start */
    for (int i = 0; i < lv->entity_count; i++)
        if (kind_get(lv->entities[i].kind)->flags & KIND_UNIQUE)
            outline(p, (float)lv->entities[i].x - p->px, (float)lv->entities[i].y - p->px,
                    (float)lv->entities[i].w + 2 * p->px, (float)lv->entities[i].h + 2 * p->px,
                    (SDL_Color){120, 255, 140, 200});
    draw_paths(ed, p);
    draw_problems(ed, p);
    for (int i = 0; i < ed->selected_count; i++) {
        const EditEntity *e = edit_entity(ed->doc, ed->selected[i]);
        if (e)
            outline(p, (float)e->e.x - p->px, (float)e->e.y - p->px, (float)e->e.w + 2 * p->px,
                    (float)e->e.h + 2 * p->px, EDITOR_ACCENT);
    }
    if (ed->region.w > 0)
        outline(p, (float)(ed->region.x * TILE_SIZE), (float)(ed->region.y * TILE_SIZE),
                (float)(ed->region.w * TILE_SIZE), (float)(ed->region.h * TILE_SIZE),
                (SDL_Color){200, 160, 255, 200});
    EditRect r;
    if (editor_drag_rect(ed, &r))
        outline(p, (float)(r.x * TILE_SIZE), (float)(r.y * TILE_SIZE), (float)(r.w * TILE_SIZE),
                (float)(r.h * TILE_SIZE), (SDL_Color){255, 255, 255, 230});
    /* the cursor: the tile, and the brush's ghost when placing */
    float tx = (float)(ed->cursor_x * TILE_SIZE), ty = (float)(ed->cursor_y * TILE_SIZE);
    outline(p, tx - p->px, ty - p->px, TILE_SIZE + 2 * p->px, TILE_SIZE + 2 * p->px,
            (SDL_Color){255, 255, 255, 240});
}

/* The last test run's markers: an X where Pip died, a flag where it finished. */
static void draw_marks(Frontend *g)
{
    Editor *ed = g->editor;
    for (int i = 0; i < ed->mark_count; i++) {
        /* at screen size */
        int sx = (int)floorf(((float)ed->marks[i].x - floorf(ed->view_x)) * ed->zoom);
        int sy =
            EDITOR_TOP_H + (int)floorf(((float)ed->marks[i].y - floorf(ed->view_y)) * ed->zoom);
        const char *text = ed->marks[i].finished ? "FINISH" : "X";
        SDL_Color c = ed->marks[i].finished ? EDITOR_ACCENT : EDITOR_BAD;
        int w = render_text_width(&g->atlas, text);
        render_fill(&g->batch, &g->atlas, (SDL_Rect){sx - w / 2 - 2, sy - 14, w + 4, 12},
                    (SDL_Color){10, 10, 20, 200});
        render_text(&g->batch, &g->atlas, text, sx - w / 2, sy - 14, c);
    }
    /* where problems of the level as a whole are: said in the panel */
}

void editor_draw_canvas(Frontend *g)
{
    Editor *ed = g->editor;
    editor_refresh(g);
    const LevelDesc *lv = edit_level(ed->doc);
    SDL_Rect canvas = {0, EDITOR_TOP_H, EDITOR_CANVAS_W, EDITOR_CANVAS_H};
    batch_flush(&g->batch);
    SDL_RenderSetClipRect(g->renderer, &canvas);
    Pen p = {g, (int)floorf(ed->view_x), (int)floorf(ed->view_y), 1.0f / ed->zoom};
    /* the backdrop at its own size, as play shows it */
    RenderView back = {p.vx, p.vy, EDITOR_CANVAS_W, EDITOR_CANVAS_H};
    batch_transform(&g->batch, 1.0f, 0.0f, (float)EDITOR_TOP_H);
    render_background(&g->batch, &g->atlas, render_atlas_background(&g->atlas, lv->background),
                      &back, 0.0f); /* still, as a drawing board should be */
    RenderView view = {p.vx, p.vy, (int)ceilf((float)EDITOR_CANVAS_W * p.px) + 1,
                       (int)ceilf((float)EDITOR_CANVAS_H * p.px) + 1};
    batch_transform(&g->batch, ed->zoom, 0.0f, (float)EDITOR_TOP_H);
    render_tiles(&g->batch, &g->atlas, render_atlas_theme(&g->atlas, lv->background), &lv->map,
                 &view);
    if (ed->sim)
        render_sprites(&g->batch, &g->atlas, sim_world(ed->sim), 1.0f, &view, &g->sprites);
    else /* no Sim to draw them (no player start): the entities' first frames */
        for (int i = 0; i < lv->entity_count; i++) {
            const LevelEntity *e = &lv->entities[i];
            SDL_Rect cell = render_cell(&g->atlas, kind_first_clip(e->kind), 0, 0);
            batch_quad(&g->batch, (float)(e->x - p.vx), (float)(e->y + e->h - cell.h - p.vy),
                       (float)cell.w, (float)cell.h, cell, (SDL_Color){255, 255, 255, 255}, false);
        }
    g->frame.view_x = view.x;
    g->frame.view_y = view.y;
    draw_overlays(g, &p);
    batch_transform(&g->batch, 1.0f, 0.0f, 0.0f);
    draw_marks(g);
    batch_flush(&g->batch);
    SDL_RenderSetClipRect(g->renderer, NULL);
}
