/* SPDX-License-Identifier: Zlib */
/* test_render_menu.c -- menus: the cursor, scrolling a long list, drawing it on screen. */
#include "menu.h"
#include "synth_atlas.h"
#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

enum { BACK = 1, FIRST = 300 };

/* n levels, the first `open` of them enabled, then Back. */
static void level_menu(Menu *m, int n, int open)
{
    menu_init(m, "Level select");
    for (int i = 0; i < n; i++) {
        char label[32];
        snprintf(label, sizeof label, "%2d Level %d", i + 1, i + 1);
        ck_assert_int_eq(menu_add(m, FIRST + i, label, i < open ? "" : "locked", i < open), i);
    }
    ck_assert_int_eq(menu_add(m, BACK, "Back", NULL, true), n);
}

static void assert_cursor_shown(const Menu *m)
{
    ck_assert_int_ge(m->cursor, m->top);
    ck_assert_int_lt(m->cursor, m->top + m->rows);
    ck_assert_int_ge(m->top, 0);
    ck_assert_int_le(m->top + m->rows, m->count);
}

START_TEST(a_short_menu_shows_everything)
{
    Menu m;
    level_menu(&m, 3, 3);
    int id;
    for (int i = 0; i < 8; i++) {
        menu_input(&m, MENU_DOWN, &id);
        ck_assert_int_eq(m.top, 0);
        ck_assert(!menu_more_above(&m) && !menu_more_below(&m));
    }
}
END_TEST

START_TEST(a_long_menu_scrolls_to_keep_the_cursor_shown)
{
    Menu m;
    level_menu(&m, 40, 40);
    ck_assert_int_eq(m.rows, MENU_ROWS);
    ck_assert_int_eq(m.top, 0);
    ck_assert(!menu_more_above(&m) && menu_more_below(&m));
    int id = 0;
    for (int i = 1; i <= 40; i++) {
        ck_assert_int_eq(menu_input(&m, MENU_DOWN, &id), MENU_EV_MOVED);
        ck_assert_int_eq(m.cursor, i);
        assert_cursor_shown(&m);
        /* the list moves only once the cursor reaches the last row */
        ck_assert_int_eq(m.top, i < MENU_ROWS ? 0 : i - MENU_ROWS + 1);
    }
    ck_assert_int_eq(id, BACK);
    ck_assert(menu_more_above(&m) && !menu_more_below(&m));
    /* past the end: back to the top */
    menu_input(&m, MENU_DOWN, &id);
    ck_assert_int_eq(id, FIRST);
    ck_assert_int_eq(m.top, 0);
    /* up from the first: the end */
    menu_input(&m, MENU_UP, &id);
    ck_assert_int_eq(id, BACK);
    ck_assert_int_eq(m.top, 41 - MENU_ROWS);
    /* going up, the list moves once the cursor reaches the first row */
    for (int i = 0; i < MENU_ROWS; i++)
        menu_input(&m, MENU_UP, &id);
    ck_assert_int_eq(id, FIRST + 40 - MENU_ROWS);
    ck_assert_int_eq(m.top, 40 - MENU_ROWS);
    ck_assert(menu_more_above(&m) && menu_more_below(&m));
}
END_TEST

START_TEST(selecting_and_rebuilding_keep_the_cursor_shown)
{
    Menu m;
    level_menu(&m, 40, 40);
    menu_select(&m, FIRST + 30);
    ck_assert_int_eq(m.cursor, 30);
    assert_cursor_shown(&m);
    /* a rebuilt menu asks for its old place: granted while the cursor shows */
    menu_scroll(&m, 25);
    ck_assert_int_eq(m.top, 25);
    menu_scroll(&m, 2);
    assert_cursor_shown(&m);
    ck_assert_int_eq(m.top, 30 - MENU_ROWS + 1);
    menu_scroll(&m, 35); /* the cursor would be above: the list's end is shown */
    ck_assert_int_eq(m.top, 41 - MENU_ROWS);
    menu_scroll(&m, 1000);
    assert_cursor_shown(&m);
    menu_scroll(&m, -5);
    assert_cursor_shown(&m);
}
END_TEST

START_TEST(locked_levels_are_skipped_and_back_is_scrolled_to)
{
    Menu m;
    level_menu(&m, 40, 5);
    int id;
    for (int i = 0; i < 4; i++)
        menu_input(&m, MENU_DOWN, &id);
    ck_assert_int_eq(id, FIRST + 4);
    ck_assert_int_eq(m.top, 0);
    menu_input(&m, MENU_DOWN, &id);
    ck_assert_int_eq(id, BACK);
    assert_cursor_shown(&m);
    ck_assert(menu_more_above(&m));
}
END_TEST

/* Worlds of levels under headings: the cursor never rests on a heading,
** and a world's heading shows above its first level when that is at the
** top. */
START_TEST(headings_are_never_chosen_and_stay_above_their_levels)
{
    enum { WORLDS = 4, PER = 7 };
    Menu m;
    menu_init(&m, "Level select");
    for (int w = 0; w < WORLDS; w++) {
        char name[16];
        snprintf(name, sizeof name, "World %d", w + 1);
        ck_assert_int_ge(menu_add_heading(&m, name, "time\tdeaths"), 0);
        for (int i = 0; i < PER; i++) {
            char label[16];
            snprintf(label, sizeof label, "Level %d", w * PER + i + 1);
            menu_add(&m, FIRST + w * PER + i, label, "1:00.00\t0", true);
        }
    }
    menu_add(&m, BACK, "Back", NULL, true);
    ck_assert(m.items[0].heading && !m.items[0].enabled);
    ck_assert_str_eq(m.items[0].label, "WORLD 1");
    ck_assert_int_eq(m.items[m.cursor].id, FIRST); /* on the first level, under its heading */
    ck_assert_int_eq(m.top, 0);
    int id;
    for (int step = 0; step < WORLDS * PER + 1; step++) {
        menu_input(&m, MENU_DOWN, &id);
        ck_assert(!m.items[m.cursor].heading);
        assert_cursor_shown(&m);
    }
    ck_assert_int_eq(id, FIRST); /* round past Back to the first level */
    /* up from the first level of world 3 (at the top of the list): the
    ** heading of world 3 is shown above it, then world 2's last level */
    menu_select(&m, FIRST + 2 * PER);
    menu_scroll(&m, 2 * (PER + 1) + 1);
    ck_assert_int_eq(m.top, 2 * (PER + 1));
    ck_assert(m.items[m.top].heading);
    ck_assert_int_eq(m.cursor, m.top + 1);
    menu_input(&m, MENU_UP, &id);
    ck_assert_int_eq(id, FIRST + 2 * PER - 1);
    assert_cursor_shown(&m);
}
END_TEST

/* Right ends of the runs of light ink along row y, left to right. */
static int ink_runs(const SDL_Surface *s, int y, int *ends, int max)
{
    int n = 0, last = -100;
    for (int x = 0; x < LOGICAL_W; x++) {
        Uint8 r, g, b, a;
        SDL_GetRGBA(synth_pixel(s, x, y), s->format, &r, &g, &b, &a);
        if (r < 150)
            continue;
        if (x - last > 3 && n < max)
            n++;
        ends[n - 1] = x;
        last = x;
    }
    return n;
}

/* Values of several fields are a table: each field's right edge is its
** column's, whatever the widths of the others. */
START_TEST(a_tables_fields_line_up_in_columns)
{
    SDL_Surface *target =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_FillRect(target, NULL, SDL_MapRGBA(target->format, 0, 0, 0, 255));
    SDL_Renderer *renderer = SDL_CreateSoftwareRenderer(target);
    SynthAtlas synth;
    synth_atlas_build(&synth, renderer);
    Batch batch;
    batch_init(&batch, renderer);
    Menu m;
    menu_init(&m, "T");
    menu_add_heading(&m, "H", "x\ty\tz");
    menu_add(&m, 1, "A", "1\t22\t333", true);
    menu_add(&m, 2, "B", "4444\t5\t66", true);
    menu_add(&m, 3, "C", "locked", true);
    batch_begin(&batch);
    render_use_atlas(&batch, &synth.atlas);
    menu_draw(&m, &batch, &synth.atlas, 20);
    batch_flush(&batch);
    SDL_RenderPresent(renderer);
    int line = synth.atlas.font.line_height + 3, first = 20 + 10 + line + 6;
    int ends[4][8], n[4];
    for (int r = 0; r < 4; r++)
        n[r] = ink_runs(target, first + r * line + 3, ends[r], 8);
    /* the heading, A and B: a label and three fields; C: a label and one */
    for (int r = 0; r < 3; r++)
        ck_assert_msg(n[r] == 4 + (r == 1 ? 1 : 0), "row %d: %d runs", r,
                      n[r]); /* A: the cursor's '>' */
    ck_assert_int_eq(n[3], 2);
    for (int c = 1; c <= 3; c++) {
        ck_assert_int_eq(ends[0][c], ends[2][c]);
        ck_assert_int_eq(ends[1][c + 1], ends[2][c]);
    }
    /* a value of one field ends where the last column does */
    ck_assert_int_eq(ends[3][1], ends[2][3]);
    /* a column is as wide as its widest field: "1" of A sits at the right
    ** of a column that holds B's "4444", 16 px past the labels */
    ck_assert_int_ge(ends[1][2] - ends[1][1], 16 + 4 * 6 - 2);
    batch_fini(&batch);
    synth_atlas_free(&synth);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(target);
}
END_TEST

START_TEST(the_longest_menu_is_drawn_inside_the_screen)
{
    SDL_Surface *target =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(target);
    SDL_FillRect(target, NULL, SDL_MapRGBA(target->format, 0, 0, 0, 255));
    SDL_Renderer *renderer = SDL_CreateSoftwareRenderer(target);
    ck_assert_ptr_nonnull(renderer);
    SynthAtlas synth;
    synth_atlas_build(&synth, renderer);
    Batch batch;
    batch_init(&batch, renderer);

    Menu m;
    level_menu(&m, MENU_ITEMS - 1, MENU_ITEMS - 1);
    menu_select(&m, FIRST + 70);
    batch_begin(&batch);
    render_use_atlas(&batch, &synth.atlas);
    menu_draw(&m, &batch, &synth.atlas, -1);
    batch_flush(&batch);
    SDL_RenderPresent(renderer);
    ck_assert(!batch.failed);
    /* the panel leaves the first and the last rows of the screen alone */
    Uint32 black = SDL_MapRGBA(target->format, 0, 0, 0, 255);
    for (int x = 0; x < LOGICAL_W; x++) {
        ck_assert_uint_eq(synth_pixel(target, x, 0), black);
        ck_assert_uint_eq(synth_pixel(target, x, LOGICAL_H - 1), black);
    }
    /* but it is drawn */
    ck_assert_uint_ne(synth_pixel(target, LOGICAL_W / 2, LOGICAL_H / 2), black);

    batch_fini(&batch);
    synth_atlas_free(&synth);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(target);
}
END_TEST

static Suite *menu_suite(void)
{
    Suite *s = suite_create("render_menu");
    TCase *tc = tcase_create("menu");
    tcase_add_test(tc, a_short_menu_shows_everything);
    tcase_add_test(tc, a_long_menu_scrolls_to_keep_the_cursor_shown);
    tcase_add_test(tc, selecting_and_rebuilding_keep_the_cursor_shown);
    tcase_add_test(tc, locked_levels_are_skipped_and_back_is_scrolled_to);
    tcase_add_test(tc, headings_are_never_chosen_and_stay_above_their_levels);
    tcase_add_test(tc, a_tables_fields_line_up_in_columns);
    tcase_add_test(tc, the_longest_menu_is_drawn_inside_the_screen);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(menu_suite());
}
