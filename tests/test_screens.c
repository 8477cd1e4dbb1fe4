/* SPDX-License-Identifier: Zlib */
/* test_screens.c -- the front end's menus and screens as a player meets
** them: the options, the controls screen, the title's hint, the notices
** panel, the HUD and the cards, driven by key events and drawn with the
** software renderer. Run from the source folder (ctest does), with the
** real assets and campaign; the player's files go to a scratch folder. */
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath (screen_rig.h) */
#include "frontend_internal.h"
#include "labels.h"
#include "render.h"
#include "screen_rig.h"
#include "settings.h"
#include "check_run.h"

#include <SDL_image.h>
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What the hooks were told. */
typedef struct Heard {
    int max_scale;
    int scale_calls, last_scale;
    int volume_calls, master, sfx, music;
    bool mute;
} Heard;

static int heard_max_scale(void *ctx)
{
    return ((Heard *)ctx)->max_scale;
}

static void heard_scale(void *ctx, int scale)
{
    Heard *h = ctx;
    h->scale_calls++;
    h->last_scale = scale;
}

static void heard_volume(void *ctx, int master, int sfx, int music, bool mute)
{
    Heard *h = ctx;
    h->volume_calls++;
    h->master = master;
    h->sfx = sfx;
    h->music = music;
    h->mute = mute;
}

typedef struct Rig {
    ScreenRig s;
    Heard heard;
    char pref[1024];
} Rig;

/* The scratch folder ctest gives (XDG_DATA_HOME when the test starts). */
static char scratch_root[1024];

/* The files a rig opens with, as the last run left them. */
static const char *const KEEP = "keep";

/* The player's folder of this test alone, with settings.json holding
** `settings` (NULL: none; KEEP: as it is) and no progress.json (unless KEEP). */
static void user_folder(Rig *r, const char *name, const char *settings)
{
    if (settings != KEEP) {
        screen_fresh_player(scratch_root, name, settings, r->pref, sizeof r->pref);
        return;
    }
    char dir[2048];
    snprintf(dir, sizeof dir, "%s/%s", scratch_root, name);
    screen_player_folder(dir, r->pref, sizeof r->pref);
}

static void rig_open(Rig *r, const char *name, const char *settings, const char *level)
{
    memset(r, 0, sizeof *r);
    user_folder(r, name, settings);
    r->heard.max_scale = SETTINGS_SCALE_MAX;
    /* the program's folder, as SDL gives it: this source tree's data is the
    ** game's own, whose progress is the main campaign's */
    FrontendOptions opt = {.data_dir = ".", .base_path = PLATFORMER_DIR "/", .level_path = level};
    FrontendHooks hooks = {.ctx = &r->heard,
                           .set_scale = heard_scale,
                           .max_scale = heard_max_scale,
                           .set_volume = heard_volume};
    screen_open(&r->s, &opt, &hooks);
}

static void rig_close(Rig *r)
{
    screen_close(&r->s);
}

static void rig_draw(Rig *r)
{
    screen_draw(&r->s);
}

/* Writes the last frame to SCRATCH/shots/NAME.png, to be looked at. */
static void save_shot(const Rig *r, const char *name)
{
    screen_save(&r->s, scratch_root, name);
}

static const MenuItem *cursor_item(const Frontend *g)
{
    ck_assert_int_gt(g->menus.menu.count, 0);
    return &g->menus.menu.items[g->menus.menu.cursor];
}

/* Moves the cursor down to the item labelled `label` (menus set labels in
** capitals), as a player would. */
static void go_to(Frontend *g, const char *label)
{
    for (int i = 0; i <= g->menus.menu.count; i++) {
        if (strcmp(cursor_item(g)->label, label) == 0)
            return;
        screen_tap(g, SDL_SCANCODE_DOWN);
    }
    ck_abort_msg("no item \"%s\" in the menu \"%s\"", label, g->menus.menu.title);
}

static void open_options(Rig *r)
{
    ck_assert_int_eq(r->s.game->screen, SCREEN_TITLE);
    go_to(r->s.game, "OPTIONS");
    screen_tap(r->s.game, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(r->s.game->screen, SCREEN_OPTIONS);
}

/* ---- the window scale -------------------------------------------------------- */

START_TEST(options_offer_only_the_scales_that_fit_the_display)
{
    Rig r;
    rig_open(&r, "scale", "{\"format\": 1, \"window_scale\": 8}", NULL);
    r.heard.max_scale = 2;
    open_options(&r);
    go_to(r.s.game, "WINDOW SCALE");
    rig_draw(&r);
    save_shot(&r, "options");
    /* the saved 8x opens at 2x, and says so */
    ck_assert_str_eq(cursor_item(r.s.game)->value, "< 2X >");
    const char *seen[5];
    char values[5][MENU_TEXT];
    for (int i = 0; i < 5; i++) {
        screen_tap(r.s.game, SDL_SCANCODE_RIGHT);
        snprintf(values[i], sizeof values[i], "%s", cursor_item(r.s.game)->value);
        seen[i] = values[i];
    }
    /* right: fill (beside the whole scales), fit, 1x, 2x, and round to
    ** fill again; never 3x */
    ck_assert_str_eq(seen[0], "< FILL >");
    ck_assert_str_eq(seen[1], "< FIT >");
    ck_assert_str_eq(seen[2], "< 1X >");
    ck_assert_str_eq(seen[3], "< 2X >");
    ck_assert_str_eq(seen[4], "< FILL >");
    ck_assert_int_eq(r.heard.scale_calls, 5);
    ck_assert_int_eq(r.heard.last_scale, SETTINGS_SCALE_FILL);
    /* left from fill goes to the largest whole scale that fits, and
    ** from fit round to fill */
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    ck_assert_str_eq(cursor_item(r.s.game)->value, "< 2X >");
    ck_assert_int_eq(r.heard.last_scale, 2);
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    ck_assert_str_eq(cursor_item(r.s.game)->value, "< FIT >");
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    ck_assert_str_eq(cursor_item(r.s.game)->value, "< FILL >");
    /* fill is saved as such */
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE);
    char path[1100];
    snprintf(path, sizeof path, "%ssettings.json", r.pref);
    Settings saved;
    ck_assert_int_eq(settings_load(path, NULL, &saved, NULL), SAVE_LOADED);
    ck_assert_int_eq(saved.window_scale, SETTINGS_SCALE_FILL);
    rig_close(&r);
}
END_TEST

/* ---- volumes ---------------------------------------------------------------------- */

START_TEST(music_volume_is_heard_at_once_and_saved)
{
    Rig r;
    rig_open(&r, "music", NULL, NULL);
    Settings defaults;
    settings_defaults(&defaults);
    /* the start applies all three volumes */
    ck_assert_int_ge(r.heard.volume_calls, 1);
    ck_assert_int_eq(r.heard.music, defaults.music_volume);
    ck_assert_int_eq(r.heard.sfx, defaults.sfx_volume);
    open_options(&r);
    go_to(r.s.game, "MUSIC");
    char want[MENU_TEXT];
    snprintf(want, sizeof want, "< %d%% >", defaults.music_volume);
    ck_assert_str_eq(cursor_item(r.s.game)->value, want);
    int calls = r.heard.volume_calls;
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    ck_assert_int_eq(r.heard.volume_calls, calls + 1);
    ck_assert_int_eq(r.heard.music, defaults.music_volume - 10);
    ck_assert_int_eq(r.heard.master, defaults.master_volume); /* the others unchanged */
    ck_assert_int_eq(r.heard.sfx, defaults.sfx_volume);
    snprintf(want, sizeof want, "< %d%% >", defaults.music_volume - 10);
    ck_assert_str_eq(cursor_item(r.s.game)->value, want);
    /* the effects have their own */
    go_to(r.s.game, "EFFECTS");
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    ck_assert_int_eq(r.heard.sfx, defaults.sfx_volume - 10);
    ck_assert_int_eq(r.heard.music, defaults.music_volume - 10);
    /* leaving Options writes them */
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE);
    char path[1100];
    snprintf(path, sizeof path, "%ssettings.json", r.pref);
    Settings saved;
    ck_assert_int_eq(settings_load(path, NULL, &saved, NULL), SAVE_LOADED);
    ck_assert_int_eq(saved.music_volume, defaults.music_volume - 10);
    ck_assert_int_eq(saved.sfx_volume, defaults.sfx_volume - 10);
    rig_close(&r);
    /* and the next start applies them */
    rig_open(&r, "music", KEEP, NULL);
    ck_assert_int_eq(r.heard.music, defaults.music_volume - 10);
    rig_close(&r);
}
END_TEST

/* ---- text ------------------------------------------------------------------------ */

/* Pixels of ink that colour (the error text is white) in a rectangle. */
static int ink_in(const SDL_Surface *s, SDL_Rect r, Uint8 cr, Uint8 cg, Uint8 cb)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) {
            Uint8 pr, pg, pb, pa;
            Uint32 px = *((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch) + x);
            SDL_GetRGBA(px, s->format, &pr, &pg, &pb, &pa);
            n += pr == cr && pg == cg && pb == cb;
        }
    return n;
}

START_TEST(the_error_panel_wraps_long_messages_at_words)
{
    Rig r;
    rig_open(&r, "errors", NULL, "tests/levels/broken/platform_sweeps_checkpoint.json");
    ck_assert_int_eq(r.s.game->screen, SCREEN_ERROR);
    const char *text = r.s.game->session.error_text;
    /* one error a line, whole: the screen does the wrapping */
    ck_assert_ptr_nonnull(
        strstr(text, "passes through the checkpoint at 10:11: a player coming back"));
    rig_draw(&r);
    save_shot(&r, "error_panel");
    /* the text stays inside the panel (8 px from the screen's sides) */
    int inside =
        ink_in(r.s.target, (SDL_Rect){18, 36, LOGICAL_W - 36, LOGICAL_H - 70}, 255, 255, 255);
    ck_assert_int_gt(inside, 200);
    ck_assert_int_eq(ink_in(r.s.target, (SDL_Rect){LOGICAL_W - 8, 0, 8, LOGICAL_H}, 255, 255, 255),
                     0);
    /* wrapped as the panel wraps it: no word that fits a line is split */
    char wrapped[8192];
    int lines = render_wrap(&r.s.game->atlas, text, LOGICAL_W - 36, 2, wrapped, sizeof wrapped);
    ck_assert_int_gt(lines, 2);
    ck_assert_ptr_nonnull(strstr(wrapped, "coming"));
    ck_assert_ptr_nonnull(strstr(wrapped, "pushed aside"));
    rig_close(&r);
}
END_TEST

/* Every letter, digit and sign of the small font on one screen, to be
** looked at; each lowercase letter beside its capital. */
START_TEST(the_small_font_draws_every_letter)
{
    Rig r;
    rig_open(&r, "font", NULL, "tests/levels/good/basic.json");
    const RenderAtlas *atlas = &r.s.game->atlas;
    Batch *b = &r.s.game->batch;
    SDL_SetRenderDrawColor(r.s.renderer, 30, 32, 66, 255);
    SDL_RenderClear(r.s.renderer);
    batch_begin(b);
    render_use_atlas(b, atlas);
    const SDL_Color white = {255, 255, 255, 255};
    int lh = atlas->font.line_height;
    render_text(b, atlas, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 8, 8, white);
    render_text(b, atlas, "abcdefghijklmnopqrstuvwxyz", 8, 8 + lh, white);
    render_text(b, atlas, "0123456789 !?.,:;'\"-+=/()[]<>*#%&_$@^`{|}~\\", 8, 8 + 2 * lh, white);
    char pairs[80];
    for (int i = 0; i < 26; i++) {
        pairs[3 * i] = (char)('A' + i);
        pairs[3 * i + 1] = (char)('a' + i);
        pairs[3 * i + 2] = ' ';
    }
    pairs[77] = '\0';
    render_text(b, atlas, pairs, 8, 8 + 4 * lh, white);
    render_text(b, atlas, "Pp Gg9 Qq Yy Jj: jumping gypsy quays; the quick brown fox", 8,
                8 + 5 * lh, white);
    render_text(b, atlas, "settings.json:4:19: master_volume: expected 0 to 100, got 250; using 80",
                8, 8 + 6 * lh, white);
    batch_flush(b);
    SDL_RenderPresent(r.s.renderer);
    save_shot(&r, "font_letters");
    /* the lowercase row has ink below the capitals' row's lowest ink: the
    ** descenders */
    int caps_bottom = 0, lower_bottom = 0;
    for (int y = 8; y < 8 + lh; y++)
        if (ink_in(r.s.target, (SDL_Rect){8, y, 200, 1}, 255, 255, 255) > 0)
            caps_bottom = y;
    for (int y = 8 + lh; y < 8 + 2 * lh; y++)
        if (ink_in(r.s.target, (SDL_Rect){8, y, 200, 1}, 255, 255, 255) > 0)
            lower_bottom = y - lh;
    ck_assert_int_ge(lower_bottom, caps_bottom + 2);
    rig_close(&r);
}
END_TEST

/* ---- controls ------------------------------------------------------------------- */

static const MenuItem *item_labelled(const Frontend *g, const char *label)
{
    for (int i = 0; i < g->menus.menu.count; i++)
        if (strcmp(g->menus.menu.items[i].label, label) == 0)
            return &g->menus.menu.items[i];
    ck_abort_msg("no item \"%s\"", label);
    return NULL;
}

static void open_controls(Rig *r)
{
    open_options(r);
    go_to(r->s.game, "CONTROLS");
    screen_tap(r->s.game, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(r->s.game->screen, SCREEN_BINDINGS);
}

START_TEST(the_controls_screen_lists_every_key_and_button)
{
    Rig r;
    rig_open(&r, "controls-list", NULL, NULL);
    open_controls(&r);
    const ControlBindings *bind = &r.s.game->controls.bind;
    for (int a = 0; a < ACT_COUNT; a++) {
        char label[MENU_TEXT], keys[MENU_TEXT], pad[MENU_TEXT];
        snprintf(label, sizeof label, "%s", controls_action_name((ControlAction)a));
        for (char *c = label; *c; c++)
            *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
        labels_action(bind, (ControlAction)a, false, ", ", ", ", keys, sizeof keys);
        ck_assert_str_eq(item_labelled(r.s.game, label)->value, keys);
        char padl[MENU_TEXT + 8];
        snprintf(padl, sizeof padl, "PAD %s", label);
        labels_action(bind, (ControlAction)a, true, ", ", ", ", pad, sizeof pad);
        ck_assert_str_eq(item_labelled(r.s.game, padl)->value, pad);
    }
    /* the keys the old screen hid are there */
    ck_assert_str_eq(item_labelled(r.s.game, "JUMP")->value, "SPACE, Z, K, UP");
    ck_assert_str_eq(item_labelled(r.s.game, "LEFT")->value, "LEFT, A");
    ck_assert_str_eq(item_labelled(r.s.game, "PAD LEFT")->value, "D-PAD LEFT, STICK LEFT");
    go_to(r.s.game, "JUMP");
    rig_draw(&r);
    save_shot(&r, "controls");
    rig_close(&r);
}
END_TEST

START_TEST(rebinding_says_whether_it_added_replaced_or_removed)
{
    Rig r;
    rig_open(&r, "controls-edit", NULL, NULL);
    open_controls(&r);
    /* restart has room: J is added */
    go_to(r.s.game, "RESTART");
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    ck_assert_str_eq(cursor_item(r.s.game)->value, "PRESS A KEY...");
    ck_assert_ptr_nonnull(strstr(r.s.game->menus.note, "added to Restart"));
    screen_tap(r.s.game, SDL_SCANCODE_J);
    ck_assert_str_eq(cursor_item(r.s.game)->value, "R, J");
    ck_assert_str_eq(r.s.game->menus.note, "J added to Restart");
    /* jump is full: X changes nothing yet; the screen asks which key it
    ** replaces, listing Jump's four, and Esc keeps them all */
    go_to(r.s.game, "JUMP");
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    screen_tap(r.s.game, SDL_SCANCODE_X);
    ck_assert_int_eq(r.s.game->screen, SCREEN_BINDINGS);
    ck_assert_str_eq(r.s.game->menus.menu.title, "JUMP IS FULL");
    ck_assert_str_eq(r.s.game->menus.note,
                     "Jump has room for no more keys: choose the one X replaces, or keep them all");
    static const char *const jump_keys[] = {"SPACE", "Z", "K", "UP", "KEEP THEM ALL"};
    ck_assert_int_eq(r.s.game->menus.menu.count, 5);
    for (int i = 0; i < 5; i++)
        ck_assert_str_eq(r.s.game->menus.menu.items[i].label, jump_keys[i]);
    ck_assert_int_eq(r.s.game->controls.bind.keys[ACT_JUMP][3], SDL_SCANCODE_UP);
    rig_draw(&r);
    save_shot(&r, "controls_full");
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(r.s.game->screen, SCREEN_BINDINGS);
    ck_assert_str_eq(cursor_item(r.s.game)->label, "JUMP");
    ck_assert_str_eq(cursor_item(r.s.game)->value, "SPACE, Z, K, UP");
    ck_assert_str_eq(r.s.game->menus.note, "Jump keeps its keys: X was not added");
    /* again, and this time X takes the place of K, the one chosen */
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    screen_tap(r.s.game, SDL_SCANCODE_X);
    go_to(r.s.game, "K");
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    ck_assert_str_eq(cursor_item(r.s.game)->label, "JUMP");
    ck_assert_str_eq(cursor_item(r.s.game)->value, "SPACE, Z, X, UP");
    ck_assert_str_eq(r.s.game->menus.note, "X replaced K for Jump");
    rig_draw(&r);
    save_shot(&r, "controls_replaced");
    /* a key of its own is removed */
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    screen_tap(r.s.game, SDL_SCANCODE_Z);
    ck_assert_str_eq(cursor_item(r.s.game)->value, "SPACE, X, UP");
    ck_assert_str_eq(r.s.game->menus.note, "Z removed from Jump");
    /* a key another action had is taken from it, and the note says so */
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    screen_tap(r.s.game, SDL_SCANCODE_D);
    ck_assert_str_eq(r.s.game->menus.note, "D added to Jump, and taken from Right");
    ck_assert_str_eq(item_labelled(r.s.game, "RIGHT")->value, "RIGHT");
    /* Esc leaves it as it was */
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE);
    ck_assert_str_eq(cursor_item(r.s.game)->value, "SPACE, X, UP, D");
    ck_assert_int_eq(r.s.game->screen, SCREEN_BINDINGS);
    /* the settings have it at once */
    char path[1100];
    snprintf(path, sizeof path, "%ssettings.json", r.pref);
    Settings saved;
    ck_assert_int_eq(settings_load(path, NULL, &saved, NULL), SAVE_LOADED);
    ck_assert_int_eq(settings_binding_count(&saved.keys[ACTION_JUMP]), 4);
    ck_assert_str_eq(saved.keys[ACTION_JUMP].names[1], "X");
    ck_assert_str_eq(saved.keys[ACTION_RESTART].names[1], "J");
    rig_close(&r);
}
END_TEST

/* The title's line of controls after jump is rebound to X alone: drawn
** from the bindings, it names X and no longer Space. */
START_TEST(the_title_hint_follows_the_bindings)
{
    Rig r;
    rig_open(&r, "hint", NULL, NULL);
    char before[256];
    labels_controls_hint(&r.s.game->controls.bind, before, sizeof before);
    ck_assert_ptr_nonnull(strstr(before, "SPACE, Z, K, UP JUMP"));
    open_controls(&r);
    go_to(r.s.game, "JUMP");
    /* X in place of Up (jump is full: the screen asks), then the others go */
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    screen_tap(r.s.game, SDL_SCANCODE_X);
    go_to(r.s.game, "UP");
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    static const SDL_Scancode steps[] = {SDL_SCANCODE_SPACE, SDL_SCANCODE_Z, SDL_SCANCODE_K};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        screen_tap(r.s.game, SDL_SCANCODE_RETURN);
        screen_tap(r.s.game, steps[i]);
    }
    ck_assert_str_eq(cursor_item(r.s.game)->value, "X");
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE); /* to Options */
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE); /* to the title */
    ck_assert_int_eq(r.s.game->screen, SCREEN_TITLE);
    char hint[256];
    labels_controls_hint(&r.s.game->controls.bind, hint, sizeof hint);
    ck_assert_str_eq(hint, "ARROWS, A/D MOVE   X JUMP   ESCAPE PAUSE");
    rig_draw(&r);
    save_shot(&r, "title_hint");
    /* the hint is drawn along the bottom: light ink in the last rows */
    int light = 0;
    for (int y = LOGICAL_H - 12; y < LOGICAL_H - 3; y++)
        for (int x = 0; x < LOGICAL_W; x++) {
            Uint8 pr, pg, pb, pa;
            Uint32 px =
                *((const Uint32 *)((const Uint8 *)r.s.target->pixels + y * r.s.target->pitch) + x);
            SDL_GetRGBA(px, r.s.target->format, &pr, &pg, &pb, &pa);
            light += pr > 180 && pg > 180 && pb > 200;
        }
    ck_assert_int_gt(light, 50);
    rig_close(&r);
}
END_TEST

/* ---- the HUD, the overlay and the cards ------------------------------------------- */

START_TEST(the_hud_keeps_its_width_as_the_counters_grow)
{
    Rig r;
    rig_open(&r, "hud", NULL, "tests/levels/good/basic.json");
    const RenderAtlas *atlas = &r.s.game->atlas;
    /* from 9 to 10 coins of 12, to all 12; deaths 9, 10, 100; 9:59 to 10:00 */
    SimStatus st = {.ticks = 60, .collected = 9, .collectibles = 12};
    int w = hud_width(atlas, &st);
    st.collected = 10;
    ck_assert_int_eq(hud_width(atlas, &st), w);
    st.collected = 12;
    ck_assert_int_eq(hud_width(atlas, &st), w);
    st.collected = 0;
    ck_assert_int_eq(hud_width(atlas, &st), w);
    /* what is carried beside it, from none to all 12 */
    for (st.carried = 0; st.carried <= 12; st.carried++)
        ck_assert_int_eq(hud_width(atlas, &st), w);
    st.carried = 0;
    for (uint32_t d = 0; d <= 999; d = d < 9     ? 9
                                       : d < 10  ? 10
                                       : d < 100 ? 100
                                       : d < 999 ? 999
                                                 : 1000)
        if (d <= 999) {
            st.deaths = d;
            ck_assert_int_eq(hud_width(atlas, &st), w);
        }
    st.ticks = (9 * 60 + 59) * 60;
    ck_assert_int_eq(hud_width(atlas, &st), w);
    st.ticks = 10 * 60 * 60;
    ck_assert_int_eq(hud_width(atlas, &st), w);
    /* a level of 100 coins keeps room for "100/100" from its first coin */
    SimStatus big = {.collected = 9, .collectibles = 100};
    int bw = hud_width(atlas, &big);
    big.collected = 10;
    ck_assert_int_eq(hud_width(atlas, &big), bw);
    big.collected = 100;
    ck_assert_int_eq(hud_width(atlas, &big), bw);
    ck_assert_int_gt(bw, hud_width(atlas, &(SimStatus){.collectibles = 12}));
    /* drawn over the level */
    frontend_run_ticks(r.s.game, 1);
    rig_draw(&r);
    save_shot(&r, "hud");
    rig_close(&r);
}
END_TEST

/* A level with gems shows a fourth counter, gems banked and carried of the
** level's, which keeps its width as they count; a level without shows none. */
START_TEST(the_hud_counts_gems_in_a_level_that_has_them)
{
    Rig r;
    rig_open(&r, "hud-gems", NULL, "tests/levels/good/signs.json");
    const RenderAtlas *atlas = &r.s.game->atlas;
    SimStatus st = {.collectibles = 3, .gems_total = 12};
    int w = hud_width(atlas, &st);
    for (int g = 0; g <= 12; g++) {
        st.gems = g / 2;
        st.gems_carried = g - g / 2;
        ck_assert_int_eq(hud_width(atlas, &st), w);
    }
    /* the room of what is carried follows each counter's own */
    SDL_Rect coins = hud_pending_rect(atlas, &st, false), gems = hud_pending_rect(atlas, &st, true);
    ck_assert_int_ge(coins.w, render_text_width(atlas, "+3"));
    ck_assert_int_ge(gems.w, render_text_width(atlas, "+12"));
    SDL_Rect gem = render_cell(atlas, RCLIP_HUD_GEM, 0, 0);
    ck_assert_int_gt(gem.w, 0);
    ck_assert_int_gt(gems.x, coins.x + coins.w + gem.w);
    /* the gems' counter is the only difference: its icon, its rooms, the gaps */
    int without = hud_width(atlas, &(SimStatus){.collectibles = 3});
    ck_assert_int_ge(w - without, gem.w + 3 + 2 * render_text_width(atlas, "1") + 10 + gems.w);
    /* drawn after the coins: pink ink of the gem icon right of the coins */
    const Sim *sim = r.s.game->session.sim;
    ck_assert_int_eq(sim_status(sim)->gems_total, 2);
    frontend_run_ticks(r.s.game, 1);
    rig_draw(&r);
    save_shot(&r, "hud_gems");
    rig_close(&r);
}
END_TEST

START_TEST(the_debug_overlay_lines_up_its_columns)
{
    Rig r;
    rig_open(&r, "overlay", "{\"format\": 1, \"debug_overlay\": true}",
             "tests/levels/good/basic.json");
    frontend_run_ticks(r.s.game, 30);
    const RenderAtlas *atlas = &r.s.game->atlas;
    DebugStats stats = {.fps = 59.7f,
                        .tick_ms = 0.0123f,
                        .frame_ms = 12.5f,
                        .entities = 1234,
                        .draw_calls = 3,
                        .quads = 98765,
                        .world = sim_world(r.s.game->session.sim)};
    HudDebugLayout l;
    hud_debug_layout(atlas, &stats, &l);
    ck_assert_int_gt(l.rows, l.figures); /* the pools are listed too */
    ck_assert_int_eq(l.figures, 6);
    int right1 = -1, right2 = -1;
    for (int row = 0; row < l.rows; row++) {
        ck_assert_int_eq(l.cell_x[row][0], l.x); /* labels flush left */
        int r1 = l.cell_x[row][1] + render_text_width(atlas, l.text[row][1]);
        if (right1 < 0)
            right1 = r1;
        ck_assert_msg(r1 == right1, "row %d (%s): figure ends at %d, not %d", row, l.text[row][0],
                      r1, right1);
        if (l.text[row][2][0]) {
            int r2 = l.cell_x[row][2] + render_text_width(atlas, l.text[row][2]);
            if (right2 < 0)
                right2 = r2;
            ck_assert_int_eq(r2, right2);
        }
        /* nothing runs into the next column */
        ck_assert_int_lt(l.cell_x[row][0] + render_text_width(atlas, l.text[row][0]),
                         l.cell_x[row][1]);
    }
    ck_assert_int_le(l.x + l.w, LOGICAL_W);
    ck_assert_str_eq(l.text[1][1], "0.012");
    ck_assert_str_eq(l.text[1][2], "MS");
    rig_draw(&r);
    save_shot(&r, "overlay");
    rig_close(&r);
}
END_TEST

/* ---- the level select ---------------------------------------------------------- */

/* The coins and gems a level file holds, as the Sim counts them. */
static void level_holds(const char *file, int *coins, int *gems)
{
    char path[512];
    snprintf(path, sizeof path, "levels/%s", file);
    LevelErrors *errors = calloc(1, sizeof *errors);
    LevelDesc desc = {0};
    ck_assert(app_load_level(".", path, NULL, &desc, errors));
    Sim *sim = sim_create(&desc, NULL);
    ck_assert_ptr_nonnull(sim);
    *coins = sim_status(sim)->collectibles;
    *gems = sim_status(sim)->gems_total;
    sim_destroy(sim);
    leveldesc_fini(&desc);
    free(errors);
}

static const MenuItem *item_with_id(const Frontend *g, int id)
{
    for (int i = 0; i < g->menus.menu.count; i++)
        if (g->menus.menu.items[i].id == id)
            return &g->menus.menu.items[i];
    ck_abort_msg("no item %d", id);
    return NULL;
}

/* Levels under their worlds' names, each completed one with its bests and
** its coins and gems out of the level's; the cursor on the level last
** played; locked levels marked. */
START_TEST(the_level_select_lists_each_world_and_its_bests)
{
    Rig r;
    memset(&r, 0, sizeof r);
    user_folder(&r, "levels", NULL);
    char path[1100];
    snprintf(path, sizeof path, "%sprogress.json", r.pref);
    /* 01 as this version keeps it; 02 as the version before (no totals) */
    screen_write_file(
        path, "{\"format\": 2, \"unlocked\": 8, \"last_level\": \"07-lifts.json\", \"levels\": {"
              "\"01-first-steps.json\": {\"completed\": true, \"best_ticks\": 1530, "
              "\"fewest_deaths\": 2, \"most_coins\": 5, \"most_gems\": 1, \"coins_total\": 6, "
              "\"gems_total\": 1},"
              "\"02-mind-the-gap.json\": {\"completed\": true, \"best_ticks\": 2400, "
              "\"fewest_deaths\": 0, \"most_coins\": 1}}}");
    rig_open(&r, "levels", KEEP, NULL);
    go_to(r.s.game, "LEVEL SELECT");
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(r.s.game->screen, SCREEN_LEVELS);
    const Campaign *c = r.s.game->campaign;
    /* the cursor on the level last played */
    ck_assert_int_eq(cursor_item(r.s.game)->id - 300, campaign_find(c, "07-lifts.json"));
    /* each world's name over its levels, in order */
    const Menu *m = &r.s.game->menus.menu;
    int row = 0;
    for (int w = 0; w < c->world_count; w++) {
        char name[CAMPAIGN_TITLE_MAX];
        snprintf(name, sizeof name, "%s", c->worlds[w].name);
        name[MENU_TEXT - 1] = '\0'; /* what a menu's label keeps */
        for (char *ch = name; *ch; ch++)
            *ch = (char)(*ch >= 'a' && *ch <= 'z' ? *ch - 'a' + 'A' : *ch);
        ck_assert(m->items[row].heading);
        ck_assert_str_eq(m->items[row].label, name);
        ck_assert_str_eq(m->items[row].value, "TIME\tDEATHS\tCOINS\tGEMS");
        row++;
        for (int i = 0; i < c->worlds[w].count; i++, row++)
            ck_assert_int_eq(m->items[row].id, 300 + c->worlds[w].first + i);
    }
    ck_assert_str_eq(m->items[row].label, "BACK");
    /* the bests, and the totals progress kept */
    ck_assert_str_eq(item_with_id(r.s.game, 300)->value, "0:25.50\t2\t5/6\t1/1");
    /* a level completed before progress kept totals: counted from its file */
    int coins, gems;
    level_holds("02-mind-the-gap.json", &coins, &gems);
    char want[MENU_TEXT];
    if (gems > 0)
        snprintf(want, sizeof want, "0:40.00\t0\t1/%d\t0/%d", coins, gems);
    else
        snprintf(want, sizeof want, "0:40.00\t0\t1/%d\t-", coins);
    ck_assert_str_eq(item_with_id(r.s.game, 301)->value, want);
    /* open but never completed: nothing to say yet */
    ck_assert_str_eq(item_with_id(r.s.game, 302)->value, "");
    /* locked: no name, marked */
    ck_assert_str_eq(item_with_id(r.s.game, 308)->value, "LOCKED");
    ck_assert_str_eq(item_with_id(r.s.game, 308)->label, " 9 ???");
    ck_assert(!item_with_id(r.s.game, 308)->enabled);
    rig_draw(&r);
    save_shot(&r, "level_select");
    /* from the first level: its world's heading is in sight */
    menu_select(&r.s.game->menus.menu, 300);
    ck_assert_int_eq(r.s.game->menus.menu.top, 0);
    rig_draw(&r);
    save_shot(&r, "level_select_top");
    rig_close(&r);
}
END_TEST

/* ---- signs ------------------------------------------------------------------------ */

/* Pixels of exactly that colour in the whole frame. */
static int ink(const SDL_Surface *s, Uint8 cr, Uint8 cg, Uint8 cb)
{
    return ink_in(s, (SDL_Rect){0, 0, s->w, s->h}, cr, cg, cb);
}

enum { SIGN_RIM_R = 236, SIGN_RIM_G = 214, SIGN_RIM_B = 160 };

/* The sign's box as the last frame placed it: over the sign, on screen. */
static SDL_Rect sign_box(const Rig *r, const char *words)
{
    const Frontend *g = r->s.game;
    return hud_sign_rect(
        &g->atlas, words,
        (SDL_Point){g->session.sign_x - g->frame.view_x, g->session.sign_y - g->frame.view_y});
}

/* Coming near a sign shows its words in a box above it, the keys written
** in as bound; the box moves to the next sign, lingers once the player has
** gone, then fades out; far from the signs there is none. */
START_TEST(coming_near_a_sign_shows_its_words_by_it)
{
    Rig r;
    rig_open(&r, "sign", NULL, "tests/levels/good/signs.json");
    Sim *sim = r.s.game->session.sim;
    const Frontend *g = r.s.game;
    /* the level starts by the first sign; its box waits for the title card */
    frontend_run_ticks(r.s.game, 1);
    ck_assert_int_ge(sim_status(sim)->sign, 0);
    ck_assert_float_eq(g->session.sign_shown, 0.0f);
    frontend_run_ticks(r.s.game, 150);
    ck_assert_float_eq(g->session.sign_shown, 1.0f);
    char words[512];
    labels_fill_text(&r.s.game->controls.bind, false, sim_text(sim, sim_status(sim)->sign), words,
                     sizeof words);
    ck_assert_ptr_nonnull(strstr(words, "Press SPACE, Z, K or UP to jump"));
    rig_draw(&r);
    save_shot(&r, "sign");
    const RenderAtlas *atlas = &g->atlas;
    SDL_Rect box = sign_box(&r, words);
    int sx = g->session.sign_x - g->frame.view_x, sy = g->session.sign_y - g->frame.view_y;
    /* above the sign, over it unless the screen's side pushes it in; under
    ** the HUD's strip, inside the screen, drawn with its rim and words */
    ck_assert_int_le(box.y + box.h, sy);
    ck_assert(box.x == 4 || abs(box.x + box.w / 2 - sx) <= 1);
    ck_assert_int_ge(box.y, 2 + 15 + 2);
    ck_assert_int_ge(box.x, 0);
    ck_assert_int_le(box.x + box.w, LOGICAL_W);
    ck_assert_int_gt(
        ink_in(r.s.target, (SDL_Rect){box.x, box.y, box.w, 2}, SIGN_RIM_R, SIGN_RIM_G, SIGN_RIM_B),
        box.w / 2);
    ck_assert_int_gt(ink_in(r.s.target, box, 255, 255, 255), 150);
    /* two lines of the sign at least: its own line break is kept */
    ck_assert_int_ge(box.h, 2 * atlas->font.line_height);
    /* walking on: the second sign's words, over the second sign */
    int first = sim_status(sim)->sign, first_x = g->session.sign_x;
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 120 && sim_status(sim)->sign == first; i++)
        frontend_run_ticks(r.s.game, 1);
    ck_assert_int_ge(sim_status(sim)->sign, 0);
    ck_assert_int_ne(sim_status(sim)->sign, first);
    ck_assert_int_eq(g->session.sign_x, first_x + 6 * 16);
    frontend_run_ticks(r.s.game, 1);
    labels_fill_text(&r.s.game->controls.bind, false, sim_text(sim, sim_status(sim)->sign), words,
                     sizeof words);
    ck_assert_ptr_nonnull(strstr(words, "{nothing} stays as it is"));
    ck_assert_ptr_nonnull(strstr(words, "DOWN or S with SPACE, Z, K or UP"));
    rig_draw(&r);
    save_shot(&r, "sign_second");
    ck_assert_int_gt(ink(r.s.target, SIGN_RIM_R, SIGN_RIM_G, SIGN_RIM_B), 100);
    /* still near it some tiles on, past the post */
    const Transform *pt = ecs_get(sim_world(sim), sim_player(sim), C_TRANSFORM);
    for (int i = 0; i < 120 && pt->x < g->session.sign_x + 24; i++)
        frontend_run_ticks(r.s.game, 1);
    ck_assert_int_ge(pt->x, g->session.sign_x + 24);
    ck_assert_int_ge(sim_status(sim)->sign, 0);
    /* walking off: it stays a while, then fades, not vanishes, then is gone */
    for (int i = 0; i < 120 && sim_status(sim)->sign >= 0; i++)
        frontend_run_ticks(r.s.game, 1);
    ck_assert_int_lt(sim_status(sim)->sign, 0);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, false);
    int linger = (int)(SIGN_LINGER * SIM_TICK_RATE), fade = (int)(SIGN_FADE_OUT * SIM_TICK_RATE);
    frontend_run_ticks(r.s.game, linger - 2);
    ck_assert_int_lt(sim_status(sim)->sign, 0);
    ck_assert_float_eq(g->session.sign_shown, 1.0f);
    rig_draw(&r);
    save_shot(&r, "sign_lingers");
    ck_assert_int_gt(ink(r.s.target, SIGN_RIM_R, SIGN_RIM_G, SIGN_RIM_B), 100);
    frontend_run_ticks(r.s.game, 2 + fade / 2);
    ck_assert_float_gt(g->session.sign_shown, 0.0f);
    ck_assert_float_lt(g->session.sign_shown, 1.0f);
    frontend_run_ticks(r.s.game, fade);
    ck_assert_float_eq(g->session.sign_shown, 0.0f);
    rig_draw(&r);
    ck_assert_int_eq(ink(r.s.target, SIGN_RIM_R, SIGN_RIM_G, SIGN_RIM_B), 0);
    /* far from both signs: none, however long */
    frontend_run_ticks(r.s.game, 60);
    ck_assert_int_lt(sim_status(sim)->sign, 0);
    rig_draw(&r);
    save_shot(&r, "sign_far");
    ck_assert_int_eq(ink(r.s.target, SIGN_RIM_R, SIGN_RIM_G, SIGN_RIM_B), 0);
    rig_close(&r);
}
END_TEST

/* The box reads on every world's backdrop: the signs' level in each. */
START_TEST(a_sign_reads_on_every_background)
{
    static const char *const worlds[] = {"hills", "cave", "ice", "peak"};
    FILE *in = fopen("tests/levels/good/signs.json", "r");
    ck_assert_ptr_nonnull(in);
    static char text[8192];
    size_t len = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[len] = '\0';
    char *bg = strstr(text, "\"hills\"");
    ck_assert_ptr_nonnull(bg);
    for (size_t w = 0; w < sizeof worlds / sizeof worlds[0]; w++) {
        char level[1200], name[64];
        snprintf(level, sizeof level, "%s/signs-%s.json", scratch_root, worlds[w]);
        FILE *out = fopen(level, "w");
        ck_assert_ptr_nonnull(out);
        fprintf(out, "%.*s\"%s\"%s", (int)(bg - text), text, worlds[w], bg + strlen("\"hills\""));
        ck_assert_int_eq(fclose(out), 0);
        Rig r;
        rig_open(&r, "sign-worlds", NULL, level);
        frontend_run_ticks(r.s.game, 150);
        ck_assert_float_eq(r.s.game->session.sign_shown, 1.0f);
        rig_draw(&r);
        snprintf(name, sizeof name, "sign_%s", worlds[w]);
        save_shot(&r, name);
        /* the rim all round, the words white on the box's dark body */
        char words[512];
        Sim *sim = r.s.game->session.sim;
        labels_fill_text(&r.s.game->controls.bind, false, sim_text(sim, sim_status(sim)->sign),
                         words, sizeof words);
        SDL_Rect box = sign_box(&r, words);
        ck_assert_int_gt(ink_in(r.s.target, (SDL_Rect){box.x, box.y + box.h - 2, box.w, 2},
                                SIGN_RIM_R, SIGN_RIM_G, SIGN_RIM_B),
                         box.w / 2);
        ck_assert_int_gt(ink_in(r.s.target, box, 255, 255, 255), 150);
        rig_close(&r);
    }
}
END_TEST

/* A sign follows the bindings: jump on X alone reads "Press X". */
START_TEST(a_sign_follows_a_rebinding)
{
    Rig r;
    rig_open(&r, "sign-rebound",
             "{\"format\": 1, \"keys\": {\"jump\": [\"X\"], \"left\": [\"J\"]}}",
             "tests/levels/good/signs.json");
    frontend_run_ticks(r.s.game, 150);
    Sim *sim = r.s.game->session.sim;
    ck_assert_int_ge(sim_status(sim)->sign, 0);
    char words[512];
    labels_fill_text(&r.s.game->controls.bind, r.s.game->controls.pad_last,
                     sim_text(sim, sim_status(sim)->sign), words, sizeof words);
    ck_assert_str_eq(words,
                     "Hold J or RIGHT or D to walk.\nPress X to jump: hold it to jump higher.");
    rig_draw(&r);
    save_shot(&r, "sign_rebound");
    rig_close(&r);
}
END_TEST

/* Plays the level (a replay's inputs) until its card shows. */
static void play_to_the_card(Rig *r)
{
    for (int i = 0; i < 60 * 120 && r->s.game->screen != SCREEN_COMPLETE; i++)
        frontend_update(r->s.game, 1.0 / 60.0);
    ck_assert_int_eq(r->s.game->screen, SCREEN_COMPLETE);
}

START_TEST(a_replays_card_shows_the_saved_best_not_its_own_time)
{
    Rig r;
    memset(&r, 0, sizeof r);
    user_folder(&r, "best", NULL);
    char path[1100];
    snprintf(path, sizeof path, "%sprogress.json", r.pref);
    screen_write_file(path,
                      "{\"format\": 1, \"unlocked\": 2, \"levels\": {\"01-first-steps.json\": "
                      "{\"completed\": true, \"best_ticks\": 300, \"fewest_deaths\": 0, "
                      "\"most_coins\": 1}}}");
    /* the replay opens its level from the levels folder */
    r.s.target =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    r.s.renderer = SDL_CreateSoftwareRenderer(r.s.target);
    /* the program's folder, as SDL gives it: the build tree's data is the
    ** game's own, whose progress is the main campaign's */
    FrontendOptions opt = {.data_dir = ".",
                           .base_path = PLATFORMER_DIR "/",
                           .replay_path = "tests/replays/01-first-steps.replay"};
    char err[1024];
    r.s.game = frontend_create(r.s.renderer, &opt, NULL, err, sizeof err);
    ck_assert_msg(r.s.game != NULL, "%s", err);
    play_to_the_card(&r);
    ck_assert_uint_ne(r.s.game->session.run.ticks, 300);  /* the replay's own time */
    ck_assert_uint_eq(r.s.game->session.best_ticks, 300); /* the saved best */
    rig_draw(&r);
    save_shot(&r, "replay_card");
    /* a replay records nothing */
    ck_assert_str_eq(r.s.game->saves.campaign, PROGRESS_MAIN);
    Progress p;
    progress_init(&p);
    progress_load(path, PROGRESS_MAIN, &p, NULL);
    ck_assert_uint_eq(progress_find(&p, "01-first-steps.json")->best_ticks, 300);
    progress_fini(&p);
    rig_close(&r);
}
END_TEST

START_TEST(a_level_outside_the_campaign_has_no_saved_best)
{
    char level[1200];
    snprintf(level, sizeof level, "%s/flat-run.json", scratch_root);
    screen_write_file(
        level,
        "{\"format\": 1, \"name\": \"Flat\", \"background\": \"hills\",\n"
        " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},\n"
        " \"tiles\": [\"........\", \".P....G.\", \"########\"]}\n");
    Rig r;
    rig_open(&r, "no-best", NULL, level);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, true);
    play_to_the_card(&r);
    screen_key(r.s.game, SDL_SCANCODE_RIGHT, false);
    ck_assert_uint_gt(r.s.game->session.run.ticks, 0);
    ck_assert_uint_eq(r.s.game->session.best_ticks, 0); /* not the run's own time */
    rig_draw(&r);
    save_shot(&r, "level_card");
    rig_close(&r);
}
END_TEST

/* ---- notices ---------------------------------------------------------------------- */

/* A settings.json with one value out of range and a misspelt key name
** beside a binding of the player's own: the title shows what was done
** about each, by the field's name and the fallback, keeps everything else,
** and OK puts the panel away. */
START_TEST(the_title_shows_the_settings_notices_until_ok)
{
    Rig r;
    rig_open(&r, "notices",
             "{\n"
             "  \"format\": 1,\n"
             "  \"music_volume\": 40,\n"
             "  \"master_volume\": 250,\n"
             "  \"keys\": {\"jump\": [\"X\", \"Spcae\"], \"restart\": [\"T\"]}\n"
             "}\n",
             NULL);
    ck_assert(r.s.game->saves.notices_pending);
    char text[8192];
    frontend_notices_text(r.s.game, text, sizeof text);
    ck_assert_msg(strstr(text, "settings.json:4:20: master_volume: expected an integer from 0 to "
                               "100, got 250; using 80") != NULL,
                  "%s", text);
    ck_assert_msg(strstr(text, "settings.json:5:26:") != NULL && strstr(text, "Spcae") != NULL &&
                      strstr(text, "did you mean \"Space\"") != NULL,
                  "%s", text);
    /* the file's name, not the player's whole path, and where the folder is */
    ck_assert_ptr_null(strstr(text, "/settings.json:"));
    ck_assert_ptr_nonnull(strstr(text, r.pref));
    /* everything else kept: the volume, the bindings of the player's own */
    ck_assert_int_eq(frontend_settings(r.s.game)->music_volume, 40);
    ck_assert_int_eq(r.s.game->controls.bind.keys[ACT_JUMP][0], SDL_SCANCODE_X);
    ck_assert_int_eq(r.s.game->controls.bind.keys[ACT_RESTART][0], SDL_SCANCODE_T);
    rig_draw(&r);
    save_shot(&r, "notices");
    /* the panel is on the screen: its heading's gold */
    ck_assert_int_gt(ink_in(r.s.target, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H}, 255, 214, 102),
                     100);
    /* the menu waits while it shows */
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    ck_assert_int_eq(r.s.game->menus.menu.cursor, 0);
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    ck_assert(!r.s.game->saves.notices_pending);
    ck_assert_int_eq(r.s.game->screen, SCREEN_TITLE); /* OK only put it away */
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    ck_assert_int_eq(r.s.game->menus.menu.cursor, 1);
    rig_close(&r);
}
END_TEST

/* A corrupt progress.json: the defaults, and the panel names the copy
** kept aside. */
START_TEST(a_corrupt_progress_is_shown_with_its_backup)
{
    Rig r;
    memset(&r, 0, sizeof r);
    user_folder(&r, "corrupt", NULL);
    char path[1100], bad[1200];
    snprintf(path, sizeof path, "%sprogress.json", r.pref);
    snprintf(bad, sizeof bad, "%s.bad-1", path);
    remove(bad);
    screen_write_file(path, "{\"format\": 1, \"unlocked\": ");
    rig_open(&r, "corrupt", KEEP, NULL);
    ck_assert(r.s.game->saves.notices_pending);
    char text[8192];
    frontend_notices_text(r.s.game, text, sizeof text);
    ck_assert_msg(strstr(text, "progress.json:1:27:") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "kept as progress.json.bad-1") != NULL, "%s", text);
    FILE *f = fopen(bad, "r");
    ck_assert_ptr_nonnull(f); /* the backup is there, as said */
    fclose(f);
    rig_draw(&r);
    save_shot(&r, "notices_progress");
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE); /* Back puts it away as well */
    ck_assert(!r.s.game->saves.notices_pending);
    rig_close(&r);
}
END_TEST

START_TEST(good_files_show_no_panel)
{
    Rig r;
    rig_open(&r, "quiet", "{\"format\": 1, \"master_volume\": 30}", NULL);
    ck_assert(!r.s.game->saves.notices_pending);
    rig_close(&r);
}
END_TEST

static Suite *screens_suite(void)
{
    Suite *s = suite_create("screens");
    TCase *tc = tcase_create("screens");
    /* no time limit: four levels opened in one test (the signs on every
    ** backdrop) outlast Check's 4 s under the sanitizers on a busy machine */
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, options_offer_only_the_scales_that_fit_the_display);
    tcase_add_test(tc, music_volume_is_heard_at_once_and_saved);
    tcase_add_test(tc, the_error_panel_wraps_long_messages_at_words);
    tcase_add_test(tc, the_small_font_draws_every_letter);
    tcase_add_test(tc, the_controls_screen_lists_every_key_and_button);
    tcase_add_test(tc, rebinding_says_whether_it_added_replaced_or_removed);
    tcase_add_test(tc, the_title_hint_follows_the_bindings);
    tcase_add_test(tc, the_hud_keeps_its_width_as_the_counters_grow);
    tcase_add_test(tc, the_hud_counts_gems_in_a_level_that_has_them);
    tcase_add_test(tc, the_debug_overlay_lines_up_its_columns);
    tcase_add_test(tc, the_level_select_lists_each_world_and_its_bests);
    tcase_add_test(tc, coming_near_a_sign_shows_its_words_by_it);
    tcase_add_test(tc, a_sign_follows_a_rebinding);
    tcase_add_test(tc, a_sign_reads_on_every_background);
    tcase_add_test(tc, a_replays_card_shows_the_saved_best_not_its_own_time);
    tcase_add_test(tc, a_level_outside_the_campaign_has_no_saved_best);
    tcase_add_test(tc, the_title_shows_the_settings_notices_until_ok);
    tcase_add_test(tc, a_corrupt_progress_is_shown_with_its_backup);
    tcase_add_test(tc, good_files_show_no_panel);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    if (!screen_scratch("test_screens", scratch_root, sizeof scratch_root))
        return EXIT_FAILURE;
    return check_run(screens_suite());
}
