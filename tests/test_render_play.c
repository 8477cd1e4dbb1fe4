/* SPDX-License-Identifier: Zlib */
/* test_render_play.c -- what play shows of the rules, drawn with the
** software renderer from real ticks of small levels: coins carried beside
** the counter, banked at a checkpoint (flying to it, one sound each) and
** scattering back to their places on a death; secret tiles drawn over what
** they hide, fading while Pip is inside. Run from the source folder (ctest
** does), where assets/ and tests/levels/ are. */
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath (screen_rig.h) */
#include "frontend_internal.h"
#include "kinds.h"
#include "screen_rig.h"
#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

/* The sounds the front end played. */
typedef struct Heard {
    int count[SOUND_COUNT];
} Heard;

static void heard_play(void *ctx, Sound sound)
{
    if (sound > SOUND_NONE && sound < SOUND_COUNT)
        ((Heard *)ctx)->count[sound]++;
}

typedef struct Rig {
    ScreenRig s;
    Heard heard;
} Rig;

static void rig_open(Rig *r, const char *level)
{
    memset(r, 0, sizeof *r);
    FrontendOptions opt = {.data_dir = ".", .level_path = level, .transient = true};
    FrontendHooks hooks = {.ctx = &r->heard, .play = heard_play};
    screen_open(&r->s, &opt, &hooks);
    ck_assert(frontend_in_level(r->s.game));
}

/* Writes the last frame to XDG_DATA_HOME/shots/NAME.png, to be looked at. */
static void save_shot(const Rig *r, const char *name)
{
    const char *dir = getenv("XDG_DATA_HOME");
    ck_assert_msg(dir != NULL && *dir, "XDG_DATA_HOME names the scratch folder");
    ck_assert(mkdir(dir, 0755) == 0 || errno == EEXIST);
    screen_save(&r->s, dir, name);
}

static Uint32 pixel(const SDL_Surface *s, int x, int y)
{
    return *((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch) + x);
}

/* Pixels of exactly colour c inside rect r of the frame. */
static int ink_in(const SDL_Surface *s, SDL_Rect r, SDL_Color c)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) {
            Uint8 cr, cg, cb, ca;
            SDL_GetRGBA(pixel(s, x, y), s->format, &cr, &cg, &cb, &ca);
            n += cr == c.r && cg == c.g && cb == c.b;
        }
    return n;
}

static const SimStatus *status(const Rig *r)
{
    return sim_status(r->s.game->session.sim);
}

static SimStatus shown(const Rig *r)
{
    return banking_shown(&r->s.game->session.bank, status(r));
}

/* The coins the level holds now (not the gems). */
static int coins_in_level(const Rig *r)
{
    int n = 0;
    EcsIter it = ecs_view(sim_world(r->s.game->session.sim), C_COLLECTIBLE);
    while (ecs_iter_next(&it)) {
        const Collectible *c = ecs_field(&it, Collectible, 0);
        for (int i = 0; i < it.count; i++)
            n += !c[i].gem;
    }
    return n;
}

/* Ticks with right held until done says so (at most `most`). */
static void run_right_until(Rig *r, bool (*done)(const Rig *), int most)
{
    screen_key(r->s.game, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < most && !done(r); i++)
        frontend_run_ticks(r->s.game, 1);
    screen_key(r->s.game, SDL_SCANCODE_RIGHT, false);
    ck_assert(done(r));
}

static bool carries_three(const Rig *r)
{
    return status(r)->carried == 3;
}

static bool banked(const Rig *r)
{
    return status(r)->collected > 0;
}

static bool died(const Rig *r)
{
    return status(r)->outcome == OUTCOME_DIED;
}

/* How many of a cell's opaque texels are on the frame at (x, y) exactly. */
static int cell_matches(const Rig *r, const SDL_Surface *atlas, SDL_Rect cell, int x, int y,
                        int *total)
{
    int same = 0;
    *total = 0;
    for (int j = 0; j < cell.h; j++)
        for (int i = 0; i < cell.w; i++) {
            Uint32 texel = pixel(atlas, cell.x + i, cell.y + j);
            Uint8 cr, cg, cb, ca;
            SDL_GetRGBA(texel, atlas->format, &cr, &cg, &cb, &ca);
            if (ca != 255 || x + i < 0 || y + j < 0 || x + i >= LOGICAL_W || y + j >= LOGICAL_H)
                continue;
            (*total)++;
            same += pixel(r->s.target, x + i, y + j) == texel;
        }
    return same;
}

static SDL_Surface *load_atlas_image(void)
{
    SDL_Surface *png = IMG_Load("assets/atlas.png");
    ck_assert_msg(png != NULL, "assets/atlas.png: %s", IMG_GetError());
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(png, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(png);
    ck_assert_ptr_nonnull(rgba);
    return rgba;
}

/* Three coins picked up show as "+3" beside the counter, which stays at 0;
** the checkpoint banks them: each flies to the counter, which rises one at
** a time with a sound for each, and the "+3" is gone. */
START_TEST(pending_coins_show_beside_the_counter_until_a_checkpoint_banks_them)
{
    Rig r;
    rig_open(&r, "tests/levels/good/banking.json");
    Frontend *g = r.s.game;
    frontend_run_ticks(g, 100); /* the title card has gone */
    SDL_Rect pending = hud_pending_rect(&g->atlas, status(&r), false);
    screen_draw(&r.s);
    ck_assert_int_eq(ink_in(r.s.target, pending, HUD_PENDING_INK), 0);
    run_right_until(&r, carries_three, 300);
    ck_assert_int_eq(status(&r)->collected, 0);
    ck_assert_int_eq(shown(&r).collected, 0);
    ck_assert_int_eq(shown(&r).carried, 3);
    screen_draw(&r.s);
    save_shot(&r, "pending");
    ck_assert_int_gt(ink_in(r.s.target, pending, HUD_PENDING_INK), 5);
    /* on to the checkpoint: banked at once in the Sim, shown as they land */
    run_right_until(&r, banked, 300);
    ck_assert_int_eq(status(&r)->collected, 3);
    ck_assert_int_eq(status(&r)->carried, 0);
    ck_assert_int_lt(shown(&r).collected, 3);
    int seen[4] = {0}, last = shown(&r).collected;
    int frames = (int)((BANKING_LEAVE + BANKING_FLIGHT) * SIM_TICK_RATE) + 2;
    bool drawn_flying = false;
    for (int i = 0; i < frames; i++) {
        frontend_run_ticks(g, 1);
        SimStatus s = shown(&r);
        ck_assert_int_ge(s.collected, last); /* it only rises */
        last = s.collected;
        seen[s.collected]++;
        ck_assert_int_eq(s.collected + g->session.bank.count, 3); /* counted or flying */
        if (i == frames / 2) {
            screen_draw(&r.s);
            save_shot(&r, "banking");
            drawn_flying = true;
        }
    }
    ck_assert(drawn_flying);
    /* one at a time: the counter showed 1 and 2 on the way */
    ck_assert_int_gt(seen[1], 0);
    ck_assert_int_gt(seen[2], 0);
    ck_assert_int_eq(shown(&r).collected, 3);
    ck_assert_int_eq(shown(&r).carried, 0);
    ck_assert_int_eq(g->session.bank.count, 0);
    ck_assert_int_eq(r.heard.count[SOUND_BANK], 3);
    screen_draw(&r.s);
    save_shot(&r, "banked");
    ck_assert_int_eq(ink_in(r.s.target, pending, HUD_PENDING_INK), 0);
    screen_close(&r.s);
}
END_TEST

/* Two coins carried past the checkpoint and a death on the spikes: the
** "+2" goes at once, the coins fly from where Pip died to their places
** (not there half way, there at the end, before the level puts the coins
** back), and once Pip is back the level holds them again: 3 banked, none
** carried. */
START_TEST(a_death_scatters_pending_coins_back_to_their_places)
{
    Rig r;
    rig_open(&r, "tests/levels/good/banking.json");
    Frontend *g = r.s.game;
    SDL_Surface *atlas_image = load_atlas_image();
    frontend_run_ticks(g, 100);
    run_right_until(&r, banked, 400);
    int before = coins_in_level(&r);
    ck_assert_int_eq(before, 2);
    run_right_until(&r, died, 400);
    ck_assert_int_eq(status(&r)->carried, 2); /* the Sim drops them at the respawn */
    ck_assert_int_eq(coins_in_level(&r), 0);
    ck_assert_int_eq(shown(&r).carried, 0);
    ck_assert_int_eq(shown(&r).collected, 3);
    ck_assert_int_eq(g->session.bank.count, 2);
    /* where each goes back to, and how it is drawn there */
    SDL_Rect cell = render_cell(&g->atlas, kind_clip_find("coin"), 0, 0);
    float place[2][2];
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(g->session.bank.coins[i].state, BANK_SCATTERING);
        place[i][0] = g->session.bank.coins[i].x;
        place[i][1] = g->session.bank.coins[i].y;
    }
    int wait = sim_ticks(sim_params(g->session.sim)->respawn_time);
    int half = (int)(g->session.bank.scatter * SIM_TICK_RATE / 2.0f);
    frontend_run_ticks(g, half);
    screen_draw(&r.s);
    save_shot(&r, "scatter");
    for (int i = 0; i < 2; i++) {
        int x = (int)SDL_floorf(place[i][0] - (float)g->frame.view_x - (float)cell.w / 2.0f + 0.5f);
        int y = (int)SDL_floorf(place[i][1] - (float)g->frame.view_y - (float)cell.h / 2.0f + 0.5f);
        int total, same = cell_matches(&r, atlas_image, cell, x, y, &total);
        ck_assert_int_gt(total, 20);
        ck_assert_int_lt(same * 2, total);
    }
    /* at their places before the level is put back */
    int done = (int)(g->session.bank.scatter * SIM_TICK_RATE) + 1;
    ck_assert_int_lt(done, wait);
    frontend_run_ticks(g, done - half);
    ck_assert_int_eq(coins_in_level(&r), 0);
    screen_draw(&r.s);
    for (int i = 0; i < 2; i++) {
        int x = (int)SDL_floorf(place[i][0] - (float)g->frame.view_x - (float)cell.w / 2.0f + 0.5f);
        int y = (int)SDL_floorf(place[i][1] - (float)g->frame.view_y - (float)cell.h / 2.0f + 0.5f);
        int total, same = cell_matches(&r, atlas_image, cell, x, y, &total);
        ck_assert_int_gt(total, 20);
        ck_assert_int_eq(same, total);
    }
    /* Pip back at the checkpoint, the coins back in the level */
    for (int i = 0; i < 2 * wait && status(&r)->outcome != OUTCOME_RUNNING; i++)
        frontend_run_ticks(g, 1);
    ck_assert_int_eq(status(&r)->outcome, OUTCOME_RUNNING);
    frontend_run_ticks(g, 1);
    ck_assert_int_eq(coins_in_level(&r), 2);
    ck_assert_int_eq(g->session.bank.count, 0);
    ck_assert_int_eq(status(&r)->carried, 0);
    ck_assert_int_eq(shown(&r).carried, 0);
    ck_assert_int_eq(shown(&r).collected, 3);
    SDL_FreeSurface(atlas_image);
    screen_close(&r.s);
}
END_TEST

/* The gem's cell as drawn now, and its place on screen. */
typedef struct Drawn {
    SDL_Rect cell;
    int x, y;
} Drawn;

static Drawn gem_on_screen(const Rig *r)
{
    EcsWorld *w = sim_world(r->s.game->session.sim);
    EcsIter it = ecs_view(w, C_COLLECTIBLE, C_TRANSFORM, C_SPRITE);
    ck_assert(ecs_iter_next(&it) && it.count == 1);
    const Transform *t = ecs_field(&it, Transform, 1);
    const Sprite *sp = ecs_field(&it, Sprite, 2);
    const RenderAtlas *atlas = &r->s.game->atlas;
    const RenderSheet *sh = &atlas->sheets[sp[0].clip];
    Drawn d = {render_cell(atlas, sp[0].clip, sp[0].variant, sp[0].frame),
               t[0].x - sh->anchor_x - r->s.game->frame.view_x,
               t[0].y - sh->anchor_y - r->s.game->frame.view_y};
    ecs_iter_fini(&it);
    return d;
}

/* The frame's pixels over rect r (at most 16 x 16), and how far (summed
** over the channels) they are from the cell's opaque texels. */
static long distance_to_cell(const Rig *r, const SDL_Surface *atlas, SDL_Rect cell, int x, int y)
{
    long d = 0;
    for (int j = 0; j < cell.h; j++)
        for (int i = 0; i < cell.w; i++) {
            Uint8 ar, ag, ab, aa, fr, fg, fb, fa;
            SDL_GetRGBA(pixel(atlas, cell.x + i, cell.y + j), atlas->format, &ar, &ag, &ab, &aa);
            if (aa != 255)
                continue;
            SDL_GetRGBA(pixel(r->s.target, x + i, y + j), r->s.target->format, &fr, &fg, &fb, &fa);
            d += abs(ar - fr) + abs(ag - fg) + abs(ab - fb);
        }
    return d;
}

static bool inside_secret(const Rig *r)
{
    const Transform *t =
        ecs_get(sim_world(r->s.game->session.sim), sim_player(r->s.game->session.sim), C_TRANSFORM);
    return t->x >= 11 * TILE_SIZE;
}

/* A gem behind secret tiles is hidden: the tiles are drawn over it. With
** Pip inside, the whole region fades to SECRETS_SEEN and the gem shows
** through; Pip gone, it fades back and hides the gem again. */
START_TEST(secret_tiles_hide_what_is_behind_them_and_fade_while_pip_is_inside)
{
    Rig r;
    rig_open(&r, "tests/levels/good/secret.json");
    Frontend *g = r.s.game;
    SDL_Surface *atlas_image = load_atlas_image();
    frontend_run_ticks(g, 100);
    const Secrets *sec = &g->session.secrets;
    ck_assert_int_eq(sec->regions, 1);
    ck_assert_int_eq(sec->count, 16);
    screen_draw(&r.s);
    save_shot(&r, "secret_closed");
    Drawn gem = gem_on_screen(&r);
    int total, same = cell_matches(&r, atlas_image, gem.cell, gem.x, gem.y, &total);
    ck_assert_int_gt(total, 30);
    ck_assert_int_eq(same, 0); /* not a pixel of the gem shows */
    long hidden = distance_to_cell(&r, atlas_image, gem.cell, gem.x, gem.y);

    run_right_until(&r, inside_secret, 200);
    frontend_run_ticks(g, (int)(SECRETS_FADE * SIM_TICK_RATE) + 20); /* stopped, faded */
    ck_assert_float_eq_tol(sec->opacity[0], SECRETS_SEEN, 1e-6f);
    ck_assert_int_eq(status(&r)->gems_carried, 0); /* not picked up: it is further on */
    screen_draw(&r.s);
    save_shot(&r, "secret_inside");
    gem = gem_on_screen(&r);
    long seen = distance_to_cell(&r, atlas_image, gem.cell, gem.x, gem.y);
    /* far nearer the gem's own colours now: the tiles are a veil over it */
    ck_assert_int_lt(seen * 2, hidden);

    /* out again to the left: it fades back and hides the gem */
    screen_key(g, SDL_SCANCODE_LEFT, true);
    frontend_run_ticks(g, 60);
    screen_key(g, SDL_SCANCODE_LEFT, false);
    const Transform *t =
        ecs_get(sim_world(g->session.sim), sim_player(g->session.sim), C_TRANSFORM);
    ck_assert_int_lt(t->x + 16, 10 * TILE_SIZE);
    frontend_run_ticks(g, (int)(SECRETS_FADE * SIM_TICK_RATE) + 2);
    ck_assert_float_eq(sec->opacity[0], 1.0f);
    screen_draw(&r.s);
    gem = gem_on_screen(&r);
    same = cell_matches(&r, atlas_image, gem.cell, gem.x, gem.y, &total);
    ck_assert_int_eq(same, 0);
    SDL_FreeSurface(atlas_image);
    screen_close(&r.s);
}
END_TEST

static Suite *play_suite(void)
{
    Suite *s = suite_create("render_play");
    TCase *tc = tcase_create("play");
    tcase_set_timeout(tc, 0); /* no time limit: the machine may be busy */
    tcase_add_test(tc, pending_coins_show_beside_the_counter_until_a_checkpoint_banks_them);
    tcase_add_test(tc, a_death_scatters_pending_coins_back_to_their_places);
    tcase_add_test(tc, secret_tiles_hide_what_is_behind_them_and_fade_while_pip_is_inside);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(play_suite());
}
