/* test_screens.c -- the front end's menus and screens as a player meets
** them: the options, the controls screen, the title's hint, the notices
** panel, the HUD and the cards, driven by key events and drawn with the
** software renderer. Run from the source folder (ctest does), with the
** real assets and campaign; the player's files go to a scratch folder. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "frontend_internal.h"
#include "render.h"
#include "settings.h"

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
    SDL_Surface *target;
    SDL_Renderer *renderer;
    Frontend *game;
    Heard heard;
    char pref[1024];
} Rig;

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* The files a rig opens with, as the last run left them. */
static const char *const KEEP = "keep";

/* The player's folder of this test alone, with settings.json holding
** `settings` (NULL: none; KEEP: as it is) and no progress.json (unless KEEP). */
static void user_folder(Rig *r, const char *name, const char *settings)
{
    static char scratch[1024];
    if (!scratch[0]) {
        const char *root = getenv("XDG_DATA_HOME");
        ck_assert_msg(root != NULL && *root, "XDG_DATA_HOME names the scratch folder");
        snprintf(scratch, sizeof scratch, "%s", root);
    }
    ck_assert(mkdir(scratch, 0755) == 0 || errno == EEXIST);
    char dir[2048];
    snprintf(dir, sizeof dir, "%s/%s", scratch, name);
    ck_assert(mkdir(dir, 0755) == 0 || errno == EEXIST);
    setenv("XDG_DATA_HOME", dir, 1);
    char *p = SDL_GetPrefPath("PipsPeak", "pips-peak");
    setenv("XDG_DATA_HOME", scratch, 1);
    ck_assert_ptr_nonnull(p);
    snprintf(r->pref, sizeof r->pref, "%s", p);
    SDL_free(p);
    char path[1100];
    if (settings != KEEP) {
        snprintf(path, sizeof path, "%ssettings.json", r->pref);
        remove(path);
        snprintf(path, sizeof path, "%sprogress.json", r->pref);
        remove(path);
    }
    if (settings && settings != KEEP) {
        snprintf(path, sizeof path, "%ssettings.json", r->pref);
        write_file(path, settings);
    }
    /* the game finds the folder the same way */
    setenv("XDG_DATA_HOME", dir, 1);
}

static void rig_open(Rig *r, const char *name, const char *settings, const char *level)
{
    memset(r, 0, sizeof *r);
    user_folder(r, name, settings);
    r->heard.max_scale = SETTINGS_SCALE_MAX;
    r->target = SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    ck_assert_ptr_nonnull(r->target);
    r->renderer = SDL_CreateSoftwareRenderer(r->target);
    ck_assert_ptr_nonnull(r->renderer);
    FrontendOptions opt = {.data_dir = ".", .level_path = level};
    FrontendHooks hooks = {.ctx = &r->heard, .set_scale = heard_scale,
                           .max_scale = heard_max_scale, .set_volume = heard_volume};
    char err[1024];
    r->game = frontend_create(r->renderer, &opt, &hooks, err, sizeof err);
    ck_assert_msg(r->game != NULL, "%s", err);
}

static void rig_close(Rig *r)
{
    frontend_destroy(r->game);
    SDL_DestroyRenderer(r->renderer);
    SDL_FreeSurface(r->target);
}

static void rig_draw(Rig *r)
{
    SDL_SetRenderDrawColor(r->renderer, 0, 0, 0, 255);
    SDL_RenderClear(r->renderer);
    frontend_draw(r->game);
    SDL_RenderPresent(r->renderer);
}

static void key(Frontend *g, SDL_Scancode code, bool down)
{
    SDL_Event ev = {0};
    ev.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    ev.key.keysym.scancode = code;
    frontend_event(g, &ev);
}

static void tap(Frontend *g, SDL_Scancode code)
{
    key(g, code, true);
    key(g, code, false);
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
        tap(g, SDL_SCANCODE_DOWN);
    }
    ck_abort_msg("no item \"%s\" in the menu \"%s\"", label, g->menus.menu.title);
}

static void open_options(Rig *r)
{
    ck_assert_int_eq(r->game->screen, SCREEN_TITLE);
    go_to(r->game, "OPTIONS");
    tap(r->game, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(r->game->screen, SCREEN_OPTIONS);
}

/* ---- the window scale -------------------------------------------------------- */

START_TEST(options_offer_only_the_scales_that_fit_the_display)
{
    Rig r;
    rig_open(&r, "scale", "{\"format\": 1, \"window_scale\": 8}", NULL);
    r.heard.max_scale = 2;
    open_options(&r);
    go_to(r.game, "WINDOW SCALE");
    rig_draw(&r);
    /* the saved 8x opens at 2x, and says so */
    ck_assert_str_eq(cursor_item(r.game)->value, "< 2X >");
    const char *seen[4];
    char values[4][MENU_TEXT];
    for (int i = 0; i < 4; i++) {
        tap(r.game, SDL_SCANCODE_RIGHT);
        snprintf(values[i], sizeof values[i], "%s", cursor_item(r.game)->value);
        seen[i] = values[i];
    }
    /* right: fit, 1x, 2x, and round to fit again; never 3x */
    ck_assert_str_eq(seen[0], "< FIT >");
    ck_assert_str_eq(seen[1], "< 1X >");
    ck_assert_str_eq(seen[2], "< 2X >");
    ck_assert_str_eq(seen[3], "< FIT >");
    ck_assert_int_eq(r.heard.scale_calls, 4);
    ck_assert_int_eq(r.heard.last_scale, 0);
    /* left from fit goes to the largest that fits */
    tap(r.game, SDL_SCANCODE_LEFT);
    ck_assert_str_eq(cursor_item(r.game)->value, "< 2X >");
    ck_assert_int_eq(r.heard.last_scale, 2);
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
    go_to(r.game, "MUSIC");
    char want[MENU_TEXT];
    snprintf(want, sizeof want, "< %d%% >", defaults.music_volume);
    ck_assert_str_eq(cursor_item(r.game)->value, want);
    int calls = r.heard.volume_calls;
    tap(r.game, SDL_SCANCODE_LEFT);
    ck_assert_int_eq(r.heard.volume_calls, calls + 1);
    ck_assert_int_eq(r.heard.music, defaults.music_volume - 10);
    ck_assert_int_eq(r.heard.master, defaults.master_volume); /* the others unchanged */
    ck_assert_int_eq(r.heard.sfx, defaults.sfx_volume);
    snprintf(want, sizeof want, "< %d%% >", defaults.music_volume - 10);
    ck_assert_str_eq(cursor_item(r.game)->value, want);
    /* the effects have their own */
    go_to(r.game, "EFFECTS");
    tap(r.game, SDL_SCANCODE_LEFT);
    ck_assert_int_eq(r.heard.sfx, defaults.sfx_volume - 10);
    ck_assert_int_eq(r.heard.music, defaults.music_volume - 10);
    /* leaving Options writes them */
    tap(r.game, SDL_SCANCODE_ESCAPE);
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

static Suite *screens_suite(void)
{
    Suite *s = suite_create("screens");
    TCase *tc = tcase_create("screens");
    tcase_add_test(tc, options_offer_only_the_scales_that_fit_the_display);
    tcase_add_test(tc, music_volume_is_heard_at_once_and_saved);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(screens_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
