/* SPDX-License-Identifier: Zlib */
/* menu.c -- cursor movement and drawing of a list of choices. */
#include "menu.h"

#include <stdio.h>
#include <string.h>

/* Menus are set in capitals: they read best in the pixel font. */
void menu_init(Menu *m, const char *title)
{
    memset(m, 0, sizeof *m);
    m->rows = MENU_ROWS;
    snprintf(m->title, sizeof m->title, "%s", title ? title : "");
    render_upcase(m->title);
}

static int shown_rows(const Menu *m)
{
    int rows = m->rows > 0 ? m->rows : 1;
    return m->count < rows ? m->count : rows;
}

/* Clamps top to the list and brings the cursor onto a shown row. */
static void keep_cursor_shown(Menu *m)
{
    int rows = shown_rows(m);
    if (m->cursor < m->top)
        m->top = m->cursor;
    if (rows > 0 && m->cursor >= m->top + rows)
        m->top = m->cursor - rows + 1;
    if (m->top > m->count - rows)
        m->top = m->count - rows;
    if (m->top < 0)
        m->top = 0;
    /* the heading of the cursor's item stays in sight */
    if (rows > 1 && m->cursor == m->top && m->top > 0 && m->items[m->top - 1].heading)
        m->top--;
}

void menu_scroll(Menu *m, int top)
{
    m->top = top;
    keep_cursor_shown(m);
}

bool menu_more_above(const Menu *m)
{
    return m->top > 0;
}

bool menu_more_below(const Menu *m)
{
    return m->top + shown_rows(m) < m->count;
}

int menu_add(Menu *m, int id, const char *label, const char *value, bool enabled)
{
    if (m->count >= MENU_ITEMS)
        return -1;
    MenuItem *it = &m->items[m->count];
    it->id = id;
    snprintf(it->label, sizeof it->label, "%s", label);
    snprintf(it->value, sizeof it->value, "%s", value ? value : "");
    it->enabled = enabled;
    render_upcase(it->label);
    render_upcase(it->value);
    /* the cursor starts on the first item that can be chosen */
    if (!m->items[m->cursor].enabled && enabled)
        m->cursor = m->count;
    m->count++;
    keep_cursor_shown(m);
    return m->count - 1;
}

int menu_add_heading(Menu *m, const char *label, const char *value)
{
    int i = menu_add(m, -1, label, value, false);
    if (i >= 0)
        m->items[i].heading = true;
    return i;
}

void menu_select(Menu *m, int id)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].id == id && m->items[i].enabled)
            m->cursor = i;
    keep_cursor_shown(m);
}

static bool step(Menu *m, int dir)
{
    for (int k = 1; k <= m->count; k++) {
        int i = ((m->cursor + dir * k) % m->count + m->count) % m->count;
        if (m->items[i].enabled) {
            bool moved = i != m->cursor;
            m->cursor = i;
            keep_cursor_shown(m);
            return moved;
        }
    }
    return false;
}

MenuEvent menu_input(Menu *m, MenuInput in, int *id)
{
    *id = m->count > 0 ? m->items[m->cursor].id : -1;
    if (m->count == 0)
        return in == MENU_BACK ? MENU_EV_BACK : MENU_EV_NONE;
    switch (in) {
    case MENU_UP:
    case MENU_DOWN: {
        bool moved = step(m, in == MENU_UP ? -1 : 1);
        *id = m->items[m->cursor].id;
        return moved ? MENU_EV_MOVED : MENU_EV_NONE;
    }
    case MENU_LEFT: return m->items[m->cursor].enabled ? MENU_EV_DECREASE : MENU_EV_NONE;
    case MENU_RIGHT: return m->items[m->cursor].enabled ? MENU_EV_INCREASE : MENU_EV_NONE;
    case MENU_OK: return m->items[m->cursor].enabled ? MENU_EV_ACTIVATE : MENU_EV_NONE;
    case MENU_BACK: return MENU_EV_BACK;
    default: return MENU_EV_NONE;
    }
}

/* A small solid triangle pointing up or down, centred on x. */
static void draw_mark(Batch *b, const RenderAtlas *atlas, int x, int y, bool up, SDL_Color c)
{
    for (int r = 0; r < 3; r++) {
        int half = up ? r : 2 - r;
        render_fill(b, atlas, (SDL_Rect){x - half, y + r, 2 * half + 1, 1}, c);
    }
}

enum { MENU_COLUMNS = 6, COLUMN_GAP = 12 };

/* A value's '\t'-separated fields, at most MENU_COLUMNS (the last keeps the
** rest); returns how many. Points into copy. */
static int split_fields(const char *value, char *copy, size_t cap, const char *fields[MENU_COLUMNS])
{
    snprintf(copy, cap, "%s", value);
    int n = 0;
    char *f = copy;
    while (n < MENU_COLUMNS) {
        fields[n++] = f;
        char *tab = strchr(f, '\t');
        if (tab == NULL || n == MENU_COLUMNS)
            break;
        *tab = '\0';
        f = tab + 1;
    }
    return n;
}

/* The table of the values: how many columns, and each one's width (the
** widest field among the rows that have them all). */
typedef struct MenuColumns {
    int count;
    int w[MENU_COLUMNS];
    int total; /* the columns with their gaps */
} MenuColumns;

static void measure_columns(const Menu *m, const RenderAtlas *atlas, MenuColumns *cols)
{
    memset(cols, 0, sizeof *cols);
    cols->count = 1;
    for (int i = 0; i < m->count; i++) {
        char copy[MENU_TEXT];
        const char *f[MENU_COLUMNS];
        int n = split_fields(m->items[i].value, copy, sizeof copy, f);
        if (n > cols->count)
            cols->count = n;
    }
    for (int i = 0; i < m->count; i++) {
        char copy[MENU_TEXT];
        const char *f[MENU_COLUMNS];
        if (split_fields(m->items[i].value, copy, sizeof copy, f) != cols->count)
            continue;
        for (int c = 0; c < cols->count; c++) {
            int w = render_text_width(atlas, f[c]);
            if (w > cols->w[c])
                cols->w[c] = w;
        }
    }
    for (int c = 0; c < cols->count; c++)
        cols->total += cols->w[c] + (c > 0 ? COLUMN_GAP : 0);
}

/* The width a value takes in the table. */
static int value_width(const RenderAtlas *atlas, const MenuColumns *cols, const char *value)
{
    char copy[MENU_TEXT];
    const char *f[MENU_COLUMNS];
    int n = split_fields(value, copy, sizeof copy, f);
    if (cols->count == 1 || n == 1)
        return render_text_width(atlas, value);
    return n == cols->count ? cols->total : render_text_width(atlas, value);
}

/* Draws a value's fields, the last column's right edge at right. */
static void draw_value(Batch *b, const RenderAtlas *atlas, const MenuColumns *cols,
                       const char *value, int right, int y, SDL_Color c)
{
    char copy[MENU_TEXT];
    const char *f[MENU_COLUMNS];
    int n = split_fields(value, copy, sizeof copy, f);
    int edge = right;
    for (int k = n - 1; k >= 0; k--) {
        int col = cols->count - n + k;
        render_text(b, atlas, f[k], edge - render_text_width(atlas, f[k]), y, c);
        edge -= (col >= 0 ? cols->w[col] : render_text_width(atlas, f[k])) + COLUMN_GAP;
    }
}

void menu_draw(const Menu *m, Batch *b, const RenderAtlas *atlas, int y)
{
    const SDL_Color gold = {255, 214, 102, 255};
    const int line = atlas->font.line_height + 3;
    MenuColumns cols;
    measure_columns(m, atlas, &cols);
    /* the width of every item, shown or not: the panel keeps its size while scrolling */
    int w = render_text_width(atlas, m->title);
    for (int i = 0; i < m->count; i++) {
        int iw = render_text_width(atlas, m->items[i].label);
        if (m->items[i].value[0])
            iw += 16 + value_width(atlas, &cols, m->items[i].value);
        if (iw > w)
            w = iw;
    }
    w += 40;
    int rows = shown_rows(m);
    int mark_h = rows < m->count ? 6 : 0; /* room for the marks above and below the rows */
    int title_h = m->title[0] ? line + 6 : 0;
    int h = title_h + rows * line + 20 + 2 * mark_h;
    if (y < 0)
        y = (LOGICAL_H - h) / 2;
    int x = (LOGICAL_W - w) / 2;
    render_panel(b, atlas, (SDL_Rect){x, y, w, h});
    int ty = y + 10;
    if (m->title[0]) {
        render_text(b, atlas, m->title, (LOGICAL_W - render_text_width(atlas, m->title)) / 2, ty,
                    gold);
        ty += title_h;
    }
    ty += mark_h;
    if (menu_more_above(m))
        draw_mark(b, atlas, LOGICAL_W / 2, ty - mark_h - 2, true, gold);
    for (int r = 0; r < rows; r++) {
        const MenuItem *it = &m->items[m->top + r];
        bool on = m->top + r == m->cursor;
        int iy = ty + r * line;
        if (it->heading) {
            /* flush left in gold over a rule, its captions quieter */
            render_fill(b, atlas, (SDL_Rect){x + 10, iy + line - 4, w - 20, 1},
                        (SDL_Color){255, 214, 102, 90});
            render_text(b, atlas, it->label, x + 10, iy, gold);
            if (it->value[0])
                draw_value(b, atlas, &cols, it->value, x + w - 12, iy,
                           (SDL_Color){150, 158, 200, 255});
            continue;
        }
        SDL_Color c = !it->enabled ? (SDL_Color){110, 110, 130, 255}
                      : on         ? (SDL_Color){255, 255, 255, 255}
                                   : (SDL_Color){190, 196, 220, 255};
        if (on) {
            render_fill(b, atlas, (SDL_Rect){x + 6, iy - 3, w - 12, line - 1},
                        (SDL_Color){255, 255, 255, 36});
            render_text(b, atlas, ">", x + 10, iy, gold);
        }
        render_text(b, atlas, it->label, x + 22, iy, c);
        if (it->value[0])
            draw_value(b, atlas, &cols, it->value, x + w - 12, iy, on ? gold : c);
    }
    if (menu_more_below(m))
        draw_mark(b, atlas, LOGICAL_W / 2, ty + rows * line - 1, false, gold);
}
