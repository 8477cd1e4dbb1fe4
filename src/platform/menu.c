/* menu.c -- cursor movement and drawing of a list of choices. */
#include "menu.h"

#include <stdio.h>
#include <string.h>

/* Menus are set in capitals: they read best in the pixel font, and the
** font's capitals are its most complete set. */
static void upcase(char *s)
{
    for (; *s; s++)
        if (*s >= 'a' && *s <= 'z')
            *s = (char)(*s - 'a' + 'A');
}

void menu_init(Menu *m, const char *title)
{
    memset(m, 0, sizeof *m);
    snprintf(m->title, sizeof m->title, "%s", title ? title : "");
    upcase(m->title);
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
    upcase(it->label);
    upcase(it->value);
    /* the cursor starts on the first item that can be chosen */
    if (!m->items[m->cursor].enabled && enabled)
        m->cursor = m->count;
    return m->count++;
}

MenuItem *menu_item(Menu *m, int id)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].id == id)
            return &m->items[i];
    return NULL;
}

void menu_select(Menu *m, int id)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].id == id && m->items[i].enabled)
            m->cursor = i;
}

static bool step(Menu *m, int dir)
{
    for (int k = 1; k <= m->count; k++) {
        int i = ((m->cursor + dir * k) % m->count + m->count) % m->count;
        if (m->items[i].enabled) {
            bool moved = i != m->cursor;
            m->cursor = i;
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

void menu_draw(const Menu *m, Batch *b, const RenderAtlas *atlas, int y)
{
    const int line = atlas->font.line_height + 5;
    int w = render_text_width(atlas, m->title);
    for (int i = 0; i < m->count; i++) {
        int iw = render_text_width(atlas, m->items[i].label);
        if (m->items[i].value[0])
            iw += 16 + render_text_width(atlas, m->items[i].value);
        if (iw > w)
            w = iw;
    }
    w += 40;
    int title_h = m->title[0] ? line + 6 : 0;
    int h = title_h + m->count * line + 20;
    if (y < 0)
        y = (LOGICAL_H - h) / 2;
    int x = (LOGICAL_W - w) / 2;
    render_panel(b, atlas, (SDL_Rect){x, y, w, h});
    int ty = y + 10;
    if (m->title[0]) {
        render_text(b, atlas, m->title, (LOGICAL_W - render_text_width(atlas, m->title)) / 2,
                           ty, (SDL_Color){255, 214, 102, 255});
        ty += title_h;
    }
    for (int i = 0; i < m->count; i++) {
        const MenuItem *it = &m->items[i];
        bool on = i == m->cursor;
        SDL_Color c = !it->enabled ? (SDL_Color){110, 110, 130, 255}
                      : on         ? (SDL_Color){255, 255, 255, 255}
                                   : (SDL_Color){190, 196, 220, 255};
        int iy = ty + i * line;
        if (on) {
            render_fill(b, atlas, (SDL_Rect){x + 6, iy - 3, w - 12, line - 1},
                        (SDL_Color){255, 255, 255, 36});
            render_text(b, atlas, ">", x + 10, iy, (SDL_Color){255, 214, 102, 255});
        }
        render_text(b, atlas, it->label, x + 22, iy, c);
        if (it->value[0]) {
            int vw = render_text_width(atlas, it->value);
            render_text(b, atlas, it->value, x + w - 12 - vw, iy,
                        on ? (SDL_Color){255, 214, 102, 255} : c);
        }
    }
}
