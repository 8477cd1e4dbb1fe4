/* SPDX-License-Identifier: Zlib */
/* test_campaign_screens.c -- the screens that know the campaign, played
** through a small campaign of its own: the level-complete card and the
** keys it names, the end of the campaign with its totals and credits, and
** the music of each screen. The real assets (linked into a scratch data
** folder) and the software renderer; the pictures go to
** SCRATCH/shots/ to be looked at. */
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath */
#include "frontend_internal.h"
#include "labels.h"
#include "mixer.h"
#include "render.h"
#include "screen_rig.h"
#include "settings.h"
#include "check_run.h"

#include <SDL_image.h>
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The scratch folder ctest gives (XDG_DATA_HOME when the test starts). */
static char scratch_root[1024];
/* The data folder of the small campaign, made once. */
static char data_dir[1200];

/* A level Pip finishes by walking right: coins and a gem on the way. */
static void write_level(const char *name, const char *background, const char *row)
{
    char path[1400], text[1024];
    snprintf(path, sizeof path, "%s/levels/%s", data_dir, name);
    snprintf(
        text, sizeof text,
        "{\"format\": 1, \"name\": \"%s\", \"background\": \"%s\",\n"
        " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\",\n"
        "            \"o\": \"coin\", \"g\": \"gem\"},\n"
        " \"tiles\": [\"%.*s\", \"%.*s\", \"%s\", \"%.*s\"]}\n",
        name, background, (int)strlen(row), "........................................",
        (int)strlen(row), "........................................", row, (int)strlen(row),
        "########################################");
    screen_write_file(path, text);
}

/* Two worlds: the Meadow (two levels) and the Top (one), with the real
** assets. */
static void make_campaign(void)
{
    screen_make_dir(scratch_root);
    snprintf(data_dir, sizeof data_dir, "%s/campaign-data", scratch_root);
    screen_make_dir(data_dir);
    char path[1400];
    snprintf(path, sizeof path, "%s/assets", data_dir);
    screen_link("assets", path);
    snprintf(path, sizeof path, "%s/levels", data_dir);
    screen_make_dir(path);
    write_level("a.json", "hills", ".P..o..g..o.G.");
    write_level("b.json", "hills", ".P...o....G.");
    write_level("c.json", "cave", ".P..g...o..o..o.G.");
    snprintf(path, sizeof path, "%s/levels/campaign.json", data_dir);
    screen_write_file(
        path,
        "{\"format\": 1, \"worlds\": [\n"
        "  {\"name\": \"The Meadow\", \"levels\": [\n"
        "    {\"file\": \"a.json\", \"title\": \"First\"}, {\"file\": \"b.json\", \"title\": "
        "\"Second\"}]},\n"
        "  {\"name\": \"The Top\", \"levels\": [{\"file\": \"c.json\", \"title\": \"Last\"}]}\n"
        "]}\n");
}

/* What the hooks heard: the music asked for, in order. */
enum { HEARD_MAX = 64 };
typedef struct Heard {
    char tracks[HEARD_MAX][32];
    int track_count;
} Heard;

static void heard_music(void *ctx, const char *track)
{
    Heard *h = ctx;
    if (h->track_count < HEARD_MAX)
        snprintf(h->tracks[h->track_count++], sizeof h->tracks[0], "%s", track);
}

typedef struct Rig {
    ScreenRig s;
    Heard heard;
    char pref[1024];
} Rig;

/* A player's folder of its own, with settings.json (NULL: none) and
** progress.json holding `progress` as the small campaign's record (NULL:
** none). */
static void rig_open(Rig *r, const char *name, const char *settings, const char *progress)
{
    memset(r, 0, sizeof *r);
    make_campaign();
    screen_fresh_player(scratch_root, name, settings, r->pref, sizeof r->pref);
    if (progress) {
        char path[1400];
        snprintf(path, sizeof path, "%sprogress.json", r->pref);
        char text[4096 + 2048];
        screen_progress_text(data_dir, progress, text, sizeof text);
        screen_write_file(path, text);
    }
    FrontendOptions opt = {.data_dir = data_dir};
    FrontendHooks hooks = {.ctx = &r->heard, .play_music = heard_music};
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

static void save_shot(const Rig *r, const char *name)
{
    screen_save(&r->s, scratch_root, name);
}

static void pad_tap(Frontend *g, SDL_GameControllerButton b)
{
    SDL_Event ev = {0};
    ev.type = SDL_CONTROLLERBUTTONDOWN;
    ev.cbutton.button = (Uint8)b;
    frontend_event(g, &ev);
    ev.type = SDL_CONTROLLERBUTTONUP;
    frontend_event(g, &ev);
}

/* Real time passing, a frame at a time. */
static void frames(Rig *r, int n)
{
    for (int i = 0; i < n; i++)
        frontend_update(r->s.game, 1.0 / 60.0);
}

/* White-box shortcuts: campaign level `index` started, or screen `s` asked
** for, without the menus; shown from the next event or frame, here a frame
** that passes no time. */
static void start_level(Rig *r, int index)
{
    session_start_campaign_level(r->s.game, index);
    frontend_update(r->s.game, 0.0);
}

static void show(Rig *r, Screen s)
{
    frontend_go(r->s.game, s);
    frontend_update(r->s.game, 0.0);
}

/* Walks right until the level's card shows, then waits for its keys. */
static void walk_to_the_card(Rig *r)
{
    ck_assert_int_eq(r->s.game->screen, SCREEN_PLAY);
    screen_key(r->s.game, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 60 * 30 && r->s.game->screen != SCREEN_COMPLETE; i++)
        frames(r, 1);
    screen_key(r->s.game, SDL_SCANCODE_RIGHT, false);
    ck_assert_int_eq(r->s.game->screen, SCREEN_COMPLETE);
    frames(r, 30); /* the keys show after a moment */
}

/* Pixels of exactly that colour in a rectangle. */
static int ink_in(const SDL_Surface *s, SDL_Rect rect, Uint8 cr, Uint8 cg, Uint8 cb)
{
    int n = 0;
    for (int y = rect.y; y < rect.y + rect.h; y++)
        for (int x = rect.x; x < rect.x + rect.w; x++) {
            Uint8 pr, pg, pb, pa;
            Uint32 px = *((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch) + x);
            SDL_GetRGBA(px, s->format, &pr, &pg, &pb, &pa);
            n += pr == cr && pg == cg && pb == cb;
        }
    return n;
}

static int gold_ink(const SDL_Surface *s)
{
    return ink_in(s, (SDL_Rect){0, 0, s->w, s->h}, 255, 214, 102);
}

/* ---- the level-complete card -------------------------------------------------- */

START_TEST(the_card_shows_the_run_and_names_the_key_that_continues)
{
    Rig r;
    rig_open(&r, "card", NULL, NULL);
    screen_tap(r.s.game, SDL_SCANCODE_RETURN); /* Start */
    ck_assert_int_eq(r.s.game->session.campaign_index, 0);
    walk_to_the_card(&r);
    const LevelRun *run = &r.s.game->session.run;
    ck_assert_uint_eq(run->coins, 2);
    ck_assert_uint_eq(run->coins_total, 2);
    ck_assert_uint_eq(run->gems, 1);
    ck_assert_uint_eq(run->gems_total, 1);
    ck_assert(r.s.game->session.improved & PROGRESS_FIRST_CLEAR);
    char keys[160];
    screens_complete_keys(r.s.game, keys, sizeof keys);
    ck_assert_str_eq(keys, "SPACE: NEXT LEVEL   ESCAPE: TITLE");
    rig_draw(&r);
    save_shot(&r, "complete_first");
    /* progress keeps the gems and what the level holds */
    const LevelRecord *rec = progress_find(&r.s.game->saves.progress, "a.json");
    ck_assert(rec && rec->completed && rec->totals_known);
    ck_assert_uint_eq(rec->most_gems, 1);
    ck_assert_uint_eq(rec->gems_total, 1);
    ck_assert_uint_eq(rec->coins_total, 2);
    /* the key it names goes on */
    screen_tap(r.s.game, SDL_SCANCODE_SPACE);
    ck_assert_int_eq(r.s.game->screen, SCREEN_PLAY);
    ck_assert_int_eq(r.s.game->session.campaign_index, 1);
    rig_close(&r);
}
END_TEST

/* A run better than the saved bests says which, beside each. */
START_TEST(a_better_run_is_marked_new_best)
{
    Rig r;
    rig_open(&r, "card-best", NULL,
             "{\"unlocked\": 2, \"last_level\": \"a.json\", \"levels\": {\"a.json\": "
             "{\"completed\": true, \"best_ticks\": 9000, \"fewest_deaths\": 0, \"most_coins\": 1, "
             "\"most_gems\": 0, \"coins_total\": 2, \"gems_total\": 1}}}");
    start_level(&r, 0);
    walk_to_the_card(&r);
    ck_assert_uint_eq(r.s.game->session.improved,
                      PROGRESS_BEST_TIME | PROGRESS_BEST_COINS | PROGRESS_BEST_GEMS);
    ck_assert_uint_eq(r.s.game->session.best_ticks, r.s.game->session.run.ticks);
    rig_draw(&r);
    save_shot(&r, "complete_best");
    /* the NEW BEST marks are gold, beside the lines: more gold than a card
    ** without them */
    int marked = gold_ink(r.s.target);
    r.s.game->session.improved = 0;
    rig_draw(&r);
    ck_assert_int_gt(marked, gold_ink(r.s.target) + 3 * 40);
    rig_close(&r);
}
END_TEST

/* The last level's card offers no next level: its key leads to the end. */
START_TEST(the_last_levels_card_leads_to_the_end)
{
    Rig r;
    rig_open(&r, "card-last", NULL, "{\"unlocked\": 3, \"levels\": {}}");
    start_level(&r, 2);
    ck_assert(screens_last_level(r.s.game));
    walk_to_the_card(&r);
    char keys[160];
    screens_complete_keys(r.s.game, keys, sizeof keys);
    ck_assert_str_eq(keys, "SPACE: CONTINUE   ESCAPE: TITLE");
    ck_assert_ptr_null(strstr(keys, "NEXT"));
    rig_draw(&r);
    save_shot(&r, "complete_last");
    screen_tap(r.s.game, SDL_SCANCODE_SPACE);
    ck_assert_int_eq(r.s.game->screen, SCREEN_END);
    rig_close(&r);
}
END_TEST

/* The keys named are the player's: jump on X alone and pause on P; a pad's
** A and B once the pad was used. */
START_TEST(the_card_names_the_keys_as_bound)
{
    Rig r;
    rig_open(&r, "card-keys", "{\"format\": 1, \"keys\": {\"jump\": [\"X\"], \"pause\": [\"P\"]}}",
             NULL);
    start_level(&r, 0);
    walk_to_the_card(&r);
    char keys[160];
    screens_complete_keys(r.s.game, keys, sizeof keys);
    ck_assert_str_eq(keys, "X: NEXT LEVEL   P: TITLE");
    rig_draw(&r);
    save_shot(&r, "complete_rebound");
    /* a pad's button: the card says the pad's */
    SDL_Event ev = {0};
    ev.type = SDL_CONTROLLERBUTTONDOWN;
    ev.cbutton.button = SDL_CONTROLLER_BUTTON_DPAD_UP;
    frontend_event(r.s.game, &ev);
    ev.type = SDL_CONTROLLERBUTTONUP;
    frontend_event(r.s.game, &ev);
    screens_complete_keys(r.s.game, keys, sizeof keys);
    ck_assert_str_eq(keys, "A: NEXT LEVEL   B: TITLE");
    /* and X, as said, goes on */
    screen_tap(r.s.game, SDL_SCANCODE_X);
    ck_assert_int_eq(r.s.game->screen, SCREEN_PLAY);
    ck_assert_int_eq(r.s.game->session.campaign_index, 1);
    /* and the pad's B, as it would be said, leaves to the title (from the next card) */
    walk_to_the_card(&r);
    pad_tap(r.s.game, SDL_CONTROLLER_BUTTON_B);
    ck_assert_int_eq(r.s.game->screen, SCREEN_TITLE);
    rig_close(&r);
}
END_TEST

/* ---- the end of the campaign --------------------------------------------------- */

static const char *last_track(const Heard *h)
{
    return h->track_count > 0 ? h->tracks[h->track_count - 1] : "";
}

/* The progress of a player about to finish: a.json kept as this version
** keeps it, b.json as the one before (no totals: b's file is counted). */
static const char *const NEARLY_DONE = "{\"unlocked\": 3, \"levels\": {"
                                       "\"a.json\": {\"completed\": true, \"best_ticks\": 600, "
                                       "\"fewest_deaths\": 2, \"most_coins\": 1, "
                                       "\"most_gems\": 1, \"coins_total\": 2, \"gems_total\": 1},"
                                       "\"b.json\": {\"completed\": true, \"best_ticks\": 900, "
                                       "\"fewest_deaths\": 5, \"most_coins\": 1}}}";

/* After the last level: the campaign's totals over the summit, its music,
** the credits rolling, then the title. */
START_TEST(the_end_shows_the_campaigns_totals_then_the_credits)
{
    Rig r;
    rig_open(&r, "end", NULL, NEARLY_DONE);
    start_level(&r, 2);
    walk_to_the_card(&r);
    ck_assert_str_eq(last_track(&r.heard), "cave");
    const LevelRun run = r.s.game->session.run;
    screen_tap(r.s.game, SDL_SCANCODE_SPACE);
    ck_assert_int_eq(r.s.game->screen, SCREEN_END);
    ck_assert_str_eq(last_track(&r.heard), "peak");
    const CampaignSummary *sum = &r.s.game->ending.sum;
    ck_assert_int_eq(sum->levels, 3);
    ck_assert_int_eq(sum->completed, 3);
    ck_assert_uint_eq(sum->ticks, 600 + 900 + run.ticks);
    ck_assert_uint_eq(sum->deaths, 2 + 5 + run.deaths);
    ck_assert_uint_eq(sum->coins, 1 + 1 + run.coins);
    ck_assert_uint_eq(sum->gems, 1 + 0 + run.gems);
    /* a from progress (2 coins, 1 gem), b from its file (1 coin), c from its run */
    ck_assert(sum->all_counted);
    ck_assert_uint_eq(sum->coins_total, 2 + 1 + run.coins_total);
    ck_assert_uint_eq(sum->gems_total, 1 + 0 + run.gems_total);
    frames(&r, 60);
    rig_draw(&r);
    save_shot(&r, "end_totals");
    ck_assert_int_gt(gold_ink(r.s.target), 100); /* the heading */
    /* the totals stay a while, then the credits roll */
    frames(&r, (int)(END_TOTALS_SECONDS * 60.0f));
    ck_assert_float_ge(r.s.game->ending.credits_at, 0.0f);
    frames(&r, 60 * 6);
    rig_draw(&r);
    save_shot(&r, "end_credits");
    frames(&r, 60 * 5);
    rig_draw(&r);
    save_shot(&r, "end_credits_levels");
    /* they take as long as their lines need, then the title */
    float left =
        screens_credits_seconds(r.s.game) - (r.s.game->screen_time - r.s.game->ending.credits_at);
    ck_assert_float_gt(left, 0.0f);
    frames(&r, (int)(left * 60.0f) - 10);
    ck_assert_int_eq(r.s.game->screen, SCREEN_END);
    frames(&r, 20);
    ck_assert_int_eq(r.s.game->screen, SCREEN_TITLE);
    ck_assert_str_eq(last_track(&r.heard), "title");
    rig_close(&r);
}
END_TEST

/* OK goes from the totals to the credits and from the credits to the
** title; Back leaves at once. */
START_TEST(the_end_can_be_hurried)
{
    Rig r;
    rig_open(&r, "end-keys", NULL, NEARLY_DONE);
    show(&r, SCREEN_END);
    frames(&r, 10);
    screen_tap(r.s.game, SDL_SCANCODE_SPACE); /* too soon: a press meant for the card */
    ck_assert_float_lt(r.s.game->ending.credits_at, 0.0f);
    frames(&r, 60);
    screen_tap(r.s.game, SDL_SCANCODE_SPACE);
    ck_assert_float_ge(r.s.game->ending.credits_at, 0.0f);
    ck_assert_int_eq(r.s.game->screen, SCREEN_END);
    frames(&r, 30);
    rig_draw(&r);
    save_shot(&r, "end_fading");
    screen_tap(r.s.game, SDL_SCANCODE_SPACE);
    ck_assert_int_eq(r.s.game->screen, SCREEN_TITLE);
    show(&r, SCREEN_END);
    frames(&r, 60);
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(r.s.game->screen, SCREEN_TITLE);
    rig_close(&r);
}
END_TEST

/* ---- the pause and the menus over it --------------------------------------------- */

static const char *cursor_label(const Frontend *g)
{
    return g->menus.menu.items[g->menus.menu.cursor].label;
}

/* Whether every pixel of rect in a is at most as bright as in b, channel by
** channel, and some pixel is darker. */
static bool darker_in(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect rect)
{
    bool some = false;
    for (int y = rect.y; y < rect.y + rect.h; y++)
        for (int x = rect.x; x < rect.x + rect.w; x++) {
            Uint8 ar, ag, ab, aa, br, bg, bb, ba;
            SDL_GetRGBA(*((const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch) + x), a->format,
                        &ar, &ag, &ab, &aa);
            SDL_GetRGBA(*((const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch) + x), b->format,
                        &br, &bg, &bb, &ba);
            if (ar > br || ag > bg || ab > bb)
                return false;
            some = some || ar < br || ag < bg || ab < bb;
        }
    return some;
}

/* The pause shows the level dimmed under its menu, and so do the options and
** the controls opened from it (the title's show the hills); Back from each
** leads where the player came from, the cursor on the item that led away. */
START_TEST(the_pause_and_its_menus_show_the_level_beneath)
{
    Rig r;
    rig_open(&r, "pause", NULL, NULL);
    Frontend *g = r.s.game;
    /* the title's options (its fourth item), over the hills */
    screen_tap(g, SDL_SCANCODE_DOWN);
    screen_tap(g, SDL_SCANCODE_DOWN);
    screen_tap(g, SDL_SCANCODE_DOWN);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_OPTIONS);
    rig_draw(&r);
    SDL_Surface *over_title = SDL_DuplicateSurface(r.s.target);
    ck_assert_ptr_nonnull(over_title);
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_TITLE);
    ck_assert_str_eq(cursor_label(g), "OPTIONS");
    /* the first level, a moment in, paused */
    screen_tap(g, SDL_SCANCODE_UP);
    screen_tap(g, SDL_SCANCODE_UP);
    screen_tap(g, SDL_SCANCODE_UP);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    frames(&r, 150);
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_PAUSE);
    rig_draw(&r);
    save_shot(&r, "pause");
    SDL_Surface *paused = SDL_DuplicateSurface(r.s.target);
    ck_assert_ptr_nonnull(paused);
    /* its options: the same level, dimmed a little more */
    screen_tap(g, SDL_SCANCODE_DOWN);
    screen_tap(g, SDL_SCANCODE_DOWN);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_OPTIONS);
    rig_draw(&r);
    save_shot(&r, "options_over_pause");
    const SDL_Rect corner = {0, 0, 60, 40}; /* the counters, outside every menu */
    ck_assert(darker_in(r.s.target, paused, corner));
    ck_assert(!darker_in(r.s.target, over_title, corner) &&
              !darker_in(over_title, r.s.target, corner));
    /* and the controls */
    for (int i = 0; i < 8 && strcmp(cursor_label(g), "CONTROLS") != 0; i++)
        screen_tap(g, SDL_SCANCODE_DOWN);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_BINDINGS);
    rig_draw(&r);
    save_shot(&r, "controls_over_pause");
    ck_assert(darker_in(r.s.target, paused, corner));
    /* back, back, back: the options, the pause, the level */
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_OPTIONS);
    ck_assert_str_eq(cursor_label(g), "CONTROLS");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_PAUSE);
    ck_assert_str_eq(cursor_label(g), "OPTIONS");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    SDL_FreeSurface(paused);
    SDL_FreeSurface(over_title);
    rig_close(&r);
}
END_TEST

/* ---- music --------------------------------------------------------------------- */

/* The title's track on the title and the menus, the level's world's in
** play, on pause and its options and on the card, the summit's at the end:
** each screen asks for its own, and nothing else is asked for. */
START_TEST(each_screen_asks_for_its_music)
{
    Rig r;
    rig_open(&r, "music", NULL, NULL);
    ck_assert_str_eq(last_track(&r.heard), "title");
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_RETURN); /* Level select */
    ck_assert_int_eq(r.s.game->screen, SCREEN_LEVELS);
    ck_assert_str_eq(last_track(&r.heard), "title");
    screen_tap(r.s.game, SDL_SCANCODE_RETURN); /* the first level: the hills */
    ck_assert_int_eq(r.s.game->screen, SCREEN_PLAY);
    ck_assert_str_eq(last_track(&r.heard), "hills");
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE); /* pause */
    ck_assert_int_eq(r.s.game->screen, SCREEN_PAUSE);
    ck_assert_str_eq(last_track(&r.heard), "hills");
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_RETURN); /* its options: still the level's */
    ck_assert_int_eq(r.s.game->screen, SCREEN_OPTIONS);
    ck_assert_str_eq(last_track(&r.heard), "hills");
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE);
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE); /* back to play */
    ck_assert_int_eq(r.s.game->screen, SCREEN_PLAY);
    ck_assert_str_eq(last_track(&r.heard), "hills");
    walk_to_the_card(&r);
    ck_assert_str_eq(last_track(&r.heard), "hills");
    screen_tap(r.s.game, SDL_SCANCODE_ESCAPE); /* the title again */
    ck_assert_int_eq(r.s.game->screen, SCREEN_TITLE);
    ck_assert_str_eq(last_track(&r.heard), "title");
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_RETURN); /* the title's options: the title's */
    ck_assert_int_eq(r.s.game->screen, SCREEN_OPTIONS);
    ck_assert_str_eq(last_track(&r.heard), "title");
    start_level(&r, 2); /* the cave */
    ck_assert_str_eq(last_track(&r.heard), "cave");
    show(&r, SCREEN_END);
    ck_assert_str_eq(last_track(&r.heard), "peak");
    for (int i = 0; i < r.heard.track_count; i++) {
        const char *t = r.heard.tracks[i];
        ck_assert_msg(strcmp(t, "title") == 0 || strcmp(t, "hills") == 0 ||
                          strcmp(t, "cave") == 0 || strcmp(t, "peak") == 0,
                      "asked for \"%s\"", t);
    }
    rig_close(&r);
}
END_TEST

/* The hooks as the window's: a mixer behind them, playing the tracks of
** assets/music/; beside it a reference mixer that started the same track
** at the same sample, at the volume the game started with. */
typedef struct Speaker {
    Mixer mixer, reference;
    bool reference_started;
    MusicTrack *tracks[8];
    int track_count;
} Speaker;

static void speaker_volume(void *ctx, int master, int sfx, int music, bool mute)
{
    Speaker *sp = ctx;
    mixer_set_volume(&sp->mixer, master, sfx, mute);
    mixer_set_music_volume(&sp->mixer, music);
    if (!sp->reference_started) {
        mixer_set_volume(&sp->reference, master, sfx, mute);
        mixer_set_music_volume(&sp->reference, music);
    }
}

static void speaker_music(void *ctx, const char *name)
{
    Speaker *sp = ctx;
    const MusicTrack *t = NULL;
    for (int i = 0; i < sp->track_count; i++)
        if (strcmp(sp->tracks[i]->name, name) == 0)
            t = sp->tracks[i];
    if (t == NULL) {
        char path[1400], err[512];
        snprintf(path, sizeof path, "%s/assets/music/%s.txt", data_dir, name);
        ck_assert_msg(audio_music_load(path, &sp->tracks[sp->track_count], err, sizeof err), "%s",
                      err);
        t = sp->tracks[sp->track_count++];
    }
    mixer_play_music(&sp->mixer, t, 0);
    if (!sp->reference_started) {
        mixer_play_music(&sp->reference, t, 0);
        sp->reference_started = true;
    }
}

/* Renders both mixers for n frames; the sums of their magnitudes (both
** sides of the stereo). */
static void listen(Speaker *sp, size_t n, double *heard, double *reference)
{
    static int16_t a[2 * 4800], b[2 * 4800];
    *heard = *reference = 0.0;
    for (size_t done = 0; done < n; done += 4800) {
        mixer_render(&sp->mixer, a, 4800);
        mixer_render(&sp->reference, b, 4800);
        for (int i = 0; i < 2 * 4800; i++) {
            *heard += abs(a[i]);
            *reference += abs(b[i]);
        }
    }
}

/* Turning the music down in Options turns down what the mixer plays by the
** gain that volume gives, at once; 0 and mute silence it. */
START_TEST(the_options_music_volume_is_what_is_heard)
{
    Speaker *sp = calloc(1, sizeof *sp);
    ck_assert_ptr_nonnull(sp);
    mixer_init(&sp->mixer);
    mixer_init(&sp->reference);
    Rig r;
    memset(&r, 0, sizeof r);
    make_campaign();
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/volume", scratch_root);
    ck_assert(mkdir(dir, 0755) == 0 || errno == EEXIST);
    setenv("XDG_DATA_HOME", dir, 1);
    r.s.target =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_RGBA32);
    r.s.renderer = SDL_CreateSoftwareRenderer(r.s.target);
    FrontendOptions opt = {.data_dir = data_dir, .transient = true};
    FrontendHooks hooks = {.ctx = sp, .set_volume = speaker_volume, .play_music = speaker_music};
    char err[1024];
    r.s.game = frontend_create(r.s.renderer, &opt, &hooks, err, sizeof err);
    ck_assert_msg(r.s.game != NULL, "%s", err);
    ck_assert(sp->reference_started);
    const Settings *st = frontend_settings(r.s.game);
    int master = st->master_volume, music = st->music_volume;
    ck_assert_int_ge(music, 20);
    double heard, reference;
    listen(sp, AUDIO_RATE, &heard, &reference);
    ck_assert_double_gt(reference, 0.0);
    ck_assert_double_eq(heard, reference); /* the same until the options say otherwise */
    /* Options (the title's fourth item) > Music, two steps down */
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_RETURN);
    for (int i = 0; i < 8 && strcmp(r.s.game->menus.menu.items[r.s.game->menus.menu.cursor].label,
                                    "MUSIC") != 0;
         i++)
        screen_tap(r.s.game, SDL_SCANCODE_DOWN);
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    ck_assert_int_eq(frontend_settings(r.s.game)->music_volume, music - 20);
    listen(sp, AUDIO_RATE / 10, &heard, &reference); /* the gain's glide */
    listen(sp, AUDIO_RATE, &heard, &reference);
    double want = (double)mixer_volume_gain(master, music - 20, false) /
                  (double)mixer_volume_gain(master, music, false);
    ck_assert_msg(heard / reference > want - 0.01 && heard / reference < want + 0.01,
                  "heard %.4f of the reference, the gains say %.4f", heard / reference, want);
    /* down to 0: silence; mute likewise */
    for (int i = 0; i < 12; i++)
        screen_tap(r.s.game, SDL_SCANCODE_LEFT);
    ck_assert_int_eq(frontend_settings(r.s.game)->music_volume, 0);
    listen(sp, AUDIO_RATE / 10, &heard, &reference);
    listen(sp, AUDIO_RATE / 2, &heard, &reference);
    ck_assert_double_eq(heard, 0.0);
    ck_assert_double_gt(reference, 0.0);
    rig_close(&r);
    for (int i = 0; i < sp->track_count; i++)
        audio_music_destroy(sp->tracks[i]);
    free(sp);
}
END_TEST

static Suite *campaign_screens_suite(void)
{
    Suite *s = suite_create("campaign_screens");
    TCase *tc = tcase_create("campaign_screens");
    tcase_add_test(tc, the_card_shows_the_run_and_names_the_key_that_continues);
    tcase_add_test(tc, a_better_run_is_marked_new_best);
    tcase_add_test(tc, the_last_levels_card_leads_to_the_end);
    tcase_add_test(tc, the_card_names_the_keys_as_bound);
    tcase_add_test(tc, the_end_shows_the_campaigns_totals_then_the_credits);
    tcase_add_test(tc, the_end_can_be_hurried);
    tcase_add_test(tc, the_pause_and_its_menus_show_the_level_beneath);
    tcase_add_test(tc, each_screen_asks_for_its_music);
    tcase_add_test(tc, the_options_music_volume_is_what_is_heard);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    if (!screen_scratch("test_campaign_screens", scratch_root, sizeof scratch_root))
        return EXIT_FAILURE;
    return check_run(campaign_screens_suite());
}
