/* SPDX-License-Identifier: Zlib */
/*
** menu.h -- a vertical list of choices, driven by MenuInput.
**
** Screens build a Menu each time they are shown (labels and values are
** copied in), feed it the player's menu inputs, and act on what comes back.
** Disabled items are shown dimmed and skipped by the cursor; headings too,
** set apart in gold, and a heading stays shown above the item under it
** when the cursor is there. A list longer than the rows it may show
** scrolls: the cursor always stays on a shown row, and marks above and
** below the rows say that there is more. A value of several fields split
** by '\t' is a row of a table: its fields line up in columns, each
** right-aligned under the widest of its column (a value of fewer fields
** takes the last columns).
*/
#ifndef MENU_H
#define MENU_H

#include "controls.h"
#include "render.h"

#include <stdbool.h>

enum {
    MENU_ITEMS = 160, /* a campaign's levels, its worlds' headings and Back fit */
    MENU_TEXT = 48,
    MENU_ROWS = 12, /* rows shown at once: with a title, they fit the 270 px screen */
};

typedef struct MenuItem {
    int id; /* the screen's own code for it */
    char label[MENU_TEXT];
    char value[MENU_TEXT]; /* shown right-aligned; "" for none */
    bool enabled;
    bool heading; /* a heading over the items after it: never chosen */
} MenuItem;

typedef struct Menu {
    char title[MENU_TEXT];
    MenuItem items[MENU_ITEMS];
    int count;
    int cursor;
    int top;  /* the first item shown */
    int rows; /* items shown at once (MENU_ROWS) */
} Menu;

typedef enum MenuEvent {
    MENU_EV_NONE,
    MENU_EV_MOVED,    /* the cursor moved */
    MENU_EV_ACTIVATE, /* OK on an item */
    MENU_EV_DECREASE, /* left on an item (sliders, toggles) */
    MENU_EV_INCREASE, /* right on an item */
    MENU_EV_BACK,
} MenuEvent;

void menu_init(Menu *m, const char *title);
/* Appends an item; returns its index or -1 when full. */
int menu_add(Menu *m, int id, const char *label, const char *value, bool enabled);
/* Appends a heading, with a value (column captions, say) or NULL; returns
** its index or -1 when full. */
int menu_add_heading(Menu *m, const char *label, const char *value);
/* Puts the cursor on the item with this id (if enabled), scrolling to it. */
void menu_select(Menu *m, int id);
/* Scrolls so that item `top` is the first shown, as far as the cursor (which
** stays shown) and the list's end allow: a rebuilt menu keeps its place. */
void menu_scroll(Menu *m, int top);
/* Whether items are hidden above the first row shown, or below the last. */
bool menu_more_above(const Menu *m);
bool menu_more_below(const Menu *m);
/* Applies one input; the id concerned is in *id (the cursor's item). */
MenuEvent menu_input(Menu *m, MenuInput in, int *id);
/* Draws the menu's shown rows in a panel centred horizontally, top at y (or
** centred vertically when y < 0), as wide as its widest item. */
void menu_draw(const Menu *m, Batch *b, const RenderAtlas *atlas, int y);

#endif
