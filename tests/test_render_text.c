/* SPDX-License-Identifier: Zlib */
/* test_render_text.c -- text beyond ASCII in the real font: a level named
** "Première Étape" shows its accents (the title card, a screenshot to look
** at in build/tests/scratch-text/shots/, XDG_DATA_HOME), and what the renderer does with
** UTF-8: the letters of Latin-1 and Latin Extended-A drawn, capitals made
** of small letters, '?' for what the font has not. Run from the source
** folder (ctest does), where assets/ and tests/levels/ are. */
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath (screen_rig.h) */
#include "frontend.h"
#include "frontend_internal.h"
#include "json_utf8.h"
#include "level.h"
#include "render.h"
#include "screen_rig.h"
#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *LEVEL = "tests/levels/good/premiere-etape.json";
static const SDL_Color WHITE = {255, 255, 255, 255};
static char scratch[1024]; /* where the screenshots go: XDG_DATA_HOME */

static void open_level(ScreenRig *s)
{
    FrontendOptions opt = {.data_dir = ".", .level_path = LEVEL, .transient = true};
    screen_open(s, &opt, NULL);
}

static Uint32 pixel(const SDL_Surface *s, int x, int y)
{
    return *((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch) + x);
}

/* text drawn alone at (x, y) in white on black: the frame is left in s */
static void draw_text(ScreenRig *s, const char *text, int x, int y)
{
    const RenderAtlas *atlas = &s->game->atlas;
    Batch *b = &s->game->batch;
    SDL_SetRenderDrawColor(s->renderer, 0, 0, 0, 255);
    SDL_RenderClear(s->renderer);
    batch_begin(b);
    render_use_atlas(b, atlas);
    render_text(b, atlas, text, x, y, WHITE);
    batch_flush(b);
    SDL_RenderPresent(s->renderer);
}

/* A copy of the frame, to compare with the next one. */
static SDL_Surface *keep(const ScreenRig *s)
{
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s->target, SDL_PIXELFORMAT_RGBA32, 0);
    ck_assert_ptr_nonnull(c);
    return c;
}

/* Pixels where a and b differ, and the bounds of those pixels. */
static int differ(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect *bounds)
{
    int n = 0, x0 = a->w, y0 = a->h, x1 = -1, y1 = -1;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++)
            if (pixel(a, x, y) != pixel(b, x, y)) {
                n++;
                x0 = x < x0 ? x : x0;
                y0 = y < y0 ? y : y0;
                x1 = x > x1 ? x : x1;
                y1 = y > y1 ? y : y1;
            }
    if (bounds)
        *bounds = (SDL_Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    return n;
}

/* The level's title card shows PREMIÈRE ÉTAPE: the frame differs from the
** same level's frame with the plain letters only above the È and the É
** (their marks), and from one with '?' in their places. */
START_TEST(a_level_named_premiere_etape_draws_its_accents)
{
    LevelErrors *errors = calloc(1, sizeof *errors);
    LevelDesc lv;
    ck_assert(level_load(LEVEL, NULL, &lv, errors));
    ck_assert_str_eq(lv.name, "Première Étape");
    ck_assert_int_eq(errors->warning_count, 0); /* the font draws every letter */
    leveldesc_fini(&lv);
    free(errors);

    ScreenRig s;
    open_level(&s);
    ck_assert_str_eq(s.game->session.level_title, "PREMIÈRE ÉTAPE");
    frontend_run_ticks(s.game, 10);
    screen_draw(&s);
    screen_save(&s, scratch, "premiere-etape");
    SDL_Surface *frame = keep(&s);

    /* the title card is drawn by render_text at its line's top, y = 64:
    ** the same words drawn there alone, with plain letters and with '?' */
    const RenderAtlas *atlas = &s.game->atlas;
    int w = render_text_width(atlas, "PREMIÈRE ÉTAPE");
    ck_assert_int_eq(w, render_text_width(atlas, "PREMIERE ETAPE"));
    int x = (LOGICAL_W - w) / 2, y = 64;
    draw_text(&s, "PREMIÈRE ÉTAPE", x, y);
    screen_save(&s, scratch, "premiere-etape-alone");
    SDL_Surface *accented = keep(&s);
    draw_text(&s, "PREMIERE ETAPE", x, y);
    SDL_Surface *plain = keep(&s);
    draw_text(&s, "PREMI?RE ?TAPE", x, y);
    SDL_Surface *unknown = keep(&s);

    SDL_Rect marks;
    ck_assert_int_gt(differ(accented, plain, &marks), 4);
    /* only above the capitals' top row (y + 1, under the outline): the
    ** marks, over the sixth letter and the tenth */
    ck_assert_int_lt(marks.y + marks.h - 1, y + 1);
    ck_assert_int_ge(marks.y, y - atlas->font.ascent);
    int e1 = x + render_text_width(atlas, "PREMI"), e2 = x + render_text_width(atlas, "PREMIÈRE ");
    ck_assert_int_ge(marks.x, e1);
    ck_assert_int_lt(marks.x + marks.w - 1, e2 + render_text_width(atlas, "É") + 1);
    ck_assert_int_gt(differ(accented, unknown, NULL), 20);
    /* and the game's frame has those marks' white ink where they are alone */
    int white = 0, marks_ink = 0;
    for (int yy = marks.y; yy < marks.y + marks.h; yy++)
        for (int xx = marks.x; xx < marks.x + marks.w; xx++) {
            Uint8 r, g, b, a;
            SDL_GetRGBA(pixel(accented, xx, yy), accented->format, &r, &g, &b, &a);
            if (r != 255 || g != 255 || b != 255)
                continue;
            marks_ink++;
            SDL_GetRGBA(pixel(frame, xx, yy), frame->format, &r, &g, &b, &a);
            white += r == 255 && g == 255 && b == 255;
        }
    ck_assert_int_ge(marks_ink, 4); /* a grave and an acute, two pixels each */
    ck_assert_int_eq(white, marks_ink);
    SDL_FreeSurface(frame);

    SDL_FreeSurface(accented);
    SDL_FreeSurface(plain);
    SDL_FreeSurface(unknown);
    screen_close(&s);
}
END_TEST

/* Every letter of Latin-1 and Latin Extended-A has a glyph of its own:
** none is drawn as '?' (the atlas's advance of a missing one is 0), and
** level_font_draws says the same of the atlas's whole range. A screenshot
** of them all, small and capital, to look at. */
START_TEST(the_font_draws_latin_1_and_latin_extended_a)
{
    ScreenRig s;
    open_level(&s);
    const RenderFont *f = &s.game->atlas.font;
    int drawn = 0;
    for (uint32_t cp = 0; cp < 0x400; cp++) {
        long i = (long)cp - f->first;
        bool has = i >= 0 && i < f->count && f->advance[i] > 0;
        ck_assert_msg(has == level_font_draws(cp),
                      "U+%04X: the atlas %s it, level_font_draws says %s", (unsigned)cp,
                      has ? "draws" : "has no glyph for", has ? "no" : "yes");
        drawn += has;
    }
    ck_assert_int_eq(drawn, 95 + 96 + 128);

    const RenderAtlas *atlas = &s.game->atlas;
    Batch *b = &s.game->batch;
    SDL_SetRenderDrawColor(s.renderer, 30, 32, 66, 255);
    SDL_RenderClear(s.renderer);
    batch_begin(b);
    render_use_atlas(b, atlas);
    int lh = atlas->font.line_height + 2;
    char line[256];
    int row = 0;
    for (uint32_t first = 0xA0; first < 0x180; first += 32, row++) {
        size_t n = 0;
        for (uint32_t cp = first; cp < first + 32; cp++) {
            line[n++] = (char)(0xC0 | (cp >> 6));
            line[n++] = (char)(0x80 | (cp & 0x3F));
            line[n++] = ' ';
        }
        line[n] = '\0';
        render_text(b, atlas, line, 8, 10 + row * lh, WHITE);
    }
    render_text(b, atlas, "Ça glisse ! Łódź, Øresund, Ærøskøbing, Dvořák, Göteborg, señor,", 8,
                10 + (row + 1) * lh, WHITE);
    render_text(b, atlas, "naïve, Őrség, İzmir, ĳsselmeer, Ħamrun, Đakovo, ŉ ſ ĸ; ¿¡ «°±» ©®", 8,
                10 + (row + 2) * lh, WHITE);
    batch_flush(b);
    SDL_RenderPresent(s.renderer);
    screen_save(&s, scratch, "latin-letters");
    screen_close(&s);
}
END_TEST

/* Capitals of UTF-8 text, in place, as menus and the title card set it. */
START_TEST(capitals_of_accented_letters)
{
    char s[128] = "première étape: ça, łódź, ĳ, ÿ, ı, ſ, ß, 3 × 4";
    render_upcase(s);
    ck_assert_str_eq(s, "PREMIÈRE ÉTAPE: ÇA, ŁÓDŹ, Ĳ, Ÿ, I, S, ß, 3 × 4");
    /* a byte that starts no character is kept as it is */
    char cut[] = {'a', (char)0xC3, '\0'};
    render_upcase(cut);
    ck_assert_int_eq((unsigned char)cut[0], 'A');
    ck_assert_int_eq((unsigned char)cut[1], 0xC3);
}
END_TEST

/* A word wider than a line breaks between letters, never inside one. */
START_TEST(wrapping_never_cuts_a_letter)
{
    ScreenRig s;
    open_level(&s);
    const RenderAtlas *atlas = &s.game->atlas;
    char out[512];
    const char *word = "ŁÓDŹŁÓDŹŁÓDŹŁÓDŹŁÓDŹŁÓDŹ";
    int lines = render_wrap(atlas, word, 40, 0, out, sizeof out);
    ck_assert_int_gt(lines, 2);
    for (char *line = strtok(out, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        ck_assert_msg(json_utf8_valid(line, strlen(line)), "a line cut a letter: \"%s\"", line);
        ck_assert_int_le(render_text_width(atlas, line), 40);
    }
    screen_close(&s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("render_text");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, a_level_named_premiere_etape_draws_its_accents);
    tcase_add_test(tc, the_font_draws_latin_1_and_latin_extended_a);
    tcase_add_test(tc, capitals_of_accented_letters);
    tcase_add_test(tc, wrapping_never_cuts_a_letter);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    if (!screen_scratch("test_render_text", scratch, sizeof scratch))
        return EXIT_FAILURE;
    return check_run(suite());
}
