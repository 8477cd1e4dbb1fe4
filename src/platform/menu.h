/*
** menu.h -- a vertical list of choices, driven by MenuInput.
**
** Screens build a Menu each time they are shown (labels and values are
** copied in), feed it the player's menu inputs, and act on what comes back.
** Disabled items are shown dimmed and skipped by the cursor.
*/
#ifndef MENU_H
#define MENU_H

#include "controls.h"
#include "render.h"

#include <stdbool.h>

enum { MENU_ITEMS = 20, MENU_TEXT = 48 };

typedef struct MenuItem {
    int id;                     /* the screen's own code for it */
    char label[MENU_TEXT];
    char value[MENU_TEXT];      /* shown right-aligned; "" for none */
    bool enabled;
} MenuItem;

typedef struct Menu {
    char title[MENU_TEXT];
    MenuItem items[MENU_ITEMS];
    int count;
    int cursor;
} Menu;

typedef enum MenuEvent {
    MENU_EV_NONE,
    MENU_EV_MOVED,              /* the cursor moved */
    MENU_EV_ACTIVATE,           /* OK on an item */
    MENU_EV_DECREASE,           /* left on an item (sliders, toggles) */
    MENU_EV_INCREASE,           /* right on an item */
    MENU_EV_BACK,
} MenuEvent;

void menu_init(Menu *m, const char *title);
/* Appends an item; returns its index or -1 when full. */
int menu_add(Menu *m, int id, const char *label, const char *value, bool enabled);
/* Finds an item by id; NULL when absent. */
MenuItem *menu_item(Menu *m, int id);
/* Puts the cursor on the item with this id (if enabled). */
void menu_select(Menu *m, int id);
/* Applies one input; the id concerned is in *id (the cursor's item). */
MenuEvent menu_input(Menu *m, MenuInput in, int *id);
/* Draws the menu in a panel centred horizontally, top at y (or centred
** vertically when y < 0). */
void menu_draw(const Menu *m, Batch *b, const RenderAtlas *atlas, int y);

#endif
