/* SPDX-License-Identifier: Zlib */
/* test_assist.c -- Options > Assist as a player meets it, through the whole
** front end on the software renderer: a replay at half speed ends where it
** ends at full speed, the real frame loop taking twice the frames; every
** level open in the level select; a level finished with invincibility
** marked so in progress.json, on its card and in the level select; a
** recording made with invincibility plays back (and --verify passes); the
** Options' full screen row following F11. Run from the source folder, the
** player's files in a scratch folder (XDG_DATA_HOME). */
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath (screen_rig.h) */
#include "frontend_internal.h"
#include "screen_rig.h"
#include "settings.h"
#include "check_run.h"

#include <check.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char scratch_root[1024];

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* What the hooks were told. */
typedef struct Heard {
    int fullscreen_calls;
    bool fullscreen;
} Heard;

static void heard_fullscreen(void *ctx, bool on)
{
    Heard *h = ctx;
    h->fullscreen_calls++;
    h->fullscreen = on;
}

typedef struct Rig {
    ScreenRig s;
    Heard heard;
    char pref[1024];
} Rig;

/* The player's folder of this test alone (XDG_DATA_HOME), with
** settings.json holding `settings` (NULL: none) and no progress.json. */
static void rig_open(Rig *r, const char *name, const char *settings, FrontendOptions opt)
{
    memset(r, 0, sizeof *r);
    screen_fresh_player(scratch_root, name, settings, r->pref, sizeof r->pref);
    opt.data_dir = ".";
    opt.base_path = PLATFORMER_DIR "/";
    FrontendHooks hooks = {.ctx = &r->heard, .set_fullscreen = heard_fullscreen};
    screen_open(&r->s, &opt, &hooks);
}

static void save_shot(const Rig *r, const char *name)
{
    screen_save(&r->s, scratch_root, name);
}

static const MenuItem *cursor_item(const Frontend *g)
{
    ck_assert_int_gt(g->menus.menu.count, 0);
    return &g->menus.menu.items[g->menus.menu.cursor];
}

static void go_to(Frontend *g, const char *label)
{
    for (int i = 0; i <= g->menus.menu.count; i++) {
        if (strcmp(cursor_item(g)->label, label) == 0)
            return;
        screen_tap(g, SDL_SCANCODE_DOWN);
    }
    ck_abort_msg("no item \"%s\" in the menu \"%s\"", label, g->menus.menu.title);
}

static const MenuItem *item_with_id(const Frontend *g, int id)
{
    for (int i = 0; i < g->menus.menu.count; i++)
        if (g->menus.menu.items[i].id == id)
            return &g->menus.menu.items[i];
    ck_abort_msg("no item %d", id);
    return NULL;
}

/* Title > Options > Assist. */
static void open_assist(Frontend *g)
{
    ck_assert_int_eq(g->screen, SCREEN_TITLE);
    go_to(g, "OPTIONS");
    screen_tap(g, SDL_SCANCODE_RETURN);
    go_to(g, "ASSIST");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_ASSIST);
}

/* Back from the Assist to the title. */
static void assist_to_title(Frontend *g)
{
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_OPTIONS);
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_TITLE);
}

static Settings saved_settings(const Rig *r)
{
    char path[1100];
    snprintf(path, sizeof path, "%ssettings.json", r->pref);
    Settings s;
    ck_assert_int_eq(settings_load(path, NULL, &s, NULL), SAVE_LOADED);
    return s;
}

/* ---- the menu ---------------------------------------------------------------------- */

START_TEST(the_assist_menu_is_off_until_chosen_and_saved_at_once)
{
    Rig r;
    rig_open(&r, "menu", NULL, (FrontendOptions){0});
    Frontend *g = r.s.game;
    open_assist(g);
    ck_assert_str_eq(item_with_id(g, cursor_item(g)->id)->label, "GAME SPEED");
    ck_assert_str_eq(cursor_item(g)->value, "< 100% >");
    /* left slows it by tens, stopping at 50% */
    for (int want = 90; want >= 40; want -= 10) {
        screen_tap(g, SDL_SCANCODE_LEFT);
        char value[MENU_TEXT];
        snprintf(value, sizeof value, "< %d%% >", want < 50 ? 50 : want);
        ck_assert_str_eq(cursor_item(g)->value, value);
    }
    screen_tap(g, SDL_SCANCODE_RIGHT);
    ck_assert_str_eq(cursor_item(g)->value, "< 60% >");
    go_to(g, "INVINCIBILITY");
    ck_assert_str_eq(cursor_item(g)->value, "OFF");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_str_eq(cursor_item(g)->value, "ON");
    go_to(g, "ALL LEVELS OPEN");
    ck_assert_str_eq(cursor_item(g)->value, "OFF");
    screen_tap(g, SDL_SCANCODE_RIGHT);
    ck_assert_str_eq(cursor_item(g)->value, "ON");
    go_to(g, "GAME SPEED");
    screen_draw(&r.s);
    save_shot(&r, "assist_menu");
    assist_to_title(g);
    Settings s = saved_settings(&r);
    ck_assert_int_eq(s.game_speed, 60);
    ck_assert(s.invincible && s.all_levels);
    screen_close(&r.s);
}
END_TEST

/* ---- game speed --------------------------------------------------------------------- */

/* Plays the replay in the real frame loop (frontend_update, a 60th of a
** second a frame) at game speed `speed`: the frames it took to complete,
** and its end state's hash, ticks and outcome. */
static int play_replay_at(int speed, uint64_t *hash, uint32_t *ticks)
{
    char settings[128], name[32];
    snprintf(settings, sizeof settings, "{\"format\": 1, \"game_speed\": %d}", speed);
    snprintf(name, sizeof name, "speed-%d", speed);
    Rig r;
    rig_open(&r, name, settings,
             (FrontendOptions){.replay_path = "tests/replays/01-first-steps.replay"});
    Frontend *g = r.s.game;
    ck_assert_int_eq(g->saves.settings.game_speed, speed);
    int frames = 0;
    while (frames < 60 * 600 && sim_status(g->session.sim)->outcome != OUTCOME_COMPLETED) {
        frontend_update(g, 1.0 / 60.0);
        frames++;
    }
    ck_assert_int_eq(sim_status(g->session.sim)->outcome, OUTCOME_COMPLETED);
    *hash = sim_hash(g->session.sim);
    *ticks = sim_status(g->session.sim)->ticks;
    /* the run at half speed or not, it is no assisted run of the player's:
    ** a replay records nothing */
    screen_close(&r.s);
    return frames;
}

START_TEST(a_replay_at_half_speed_ends_as_at_full_speed)
{
    Replay rep;
    ReplayHeader h;
    char err[512];
    ck_assert_msg(replay_load("tests/replays/01-first-steps.replay", &rep, &h, err, sizeof err),
                  "%s", err);
    replay_fini(&rep);
    uint64_t full_hash, half_hash, slow_hash;
    uint32_t full_ticks, half_ticks, slow_ticks;
    int full = play_replay_at(100, &full_hash, &full_ticks);
    int half = play_replay_at(50, &half_hash, &half_ticks);
    int slow = play_replay_at(70, &slow_hash, &slow_ticks);
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, half_hash);
    ck_assert_str_eq(hex, h.hash); /* the replay's own */
    ck_assert_uint_eq(half_hash, full_hash);
    ck_assert_uint_eq(slow_hash, full_hash);
    ck_assert_uint_eq(half_ticks, h.ticks);
    ck_assert_uint_eq(full_ticks, h.ticks);
    ck_assert_uint_eq(slow_ticks, h.ticks);
    /* the ticks came at the speed's rate: a frame a tick at 100%, two at 50% */
    ck_assert_int_eq(full, (int)h.ticks);
    ck_assert_int_ge(half, 2 * (int)h.ticks - 1);
    ck_assert_int_le(half, 2 * (int)h.ticks + 1);
    ck_assert_int_ge(slow, (int)(h.ticks * 10 / 7) - 1);
    ck_assert_int_le(slow, (int)(h.ticks * 10 / 7) + 1);
}
END_TEST

/* ---- all levels open ---------------------------------------------------------------- */

START_TEST(all_levels_open_lets_the_level_select_play_a_locked_one)
{
    Rig r;
    rig_open(&r, "all-levels", NULL, (FrontendOptions){0});
    Frontend *g = r.s.game;
    const int last = g->campaign->count - 1;
    ck_assert(!progress_is_unlocked(&g->saves.progress, last));
    /* without it: the last level locked, the cursor never on it */
    go_to(g, "LEVEL SELECT");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_LEVELS);
    ck_assert(!item_with_id(g, 300 + last)->enabled);
    ck_assert_str_eq(item_with_id(g, 300 + last)->value, "LOCKED");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    /* with it, every level open; the last one chosen as a player would */
    open_assist(g);
    go_to(g, "ALL LEVELS OPEN");
    screen_tap(g, SDL_SCANCODE_RETURN);
    assist_to_title(g);
    go_to(g, "LEVEL SELECT");
    screen_tap(g, SDL_SCANCODE_RETURN);
    for (int i = 0; i < g->campaign->count; i++) {
        ck_assert(item_with_id(g, 300 + i)->enabled);
        ck_assert_str_ne(item_with_id(g, 300 + i)->value, "LOCKED");
    }
    char label[MENU_TEXT + CAMPAIGN_TITLE_MAX];
    snprintf(label, sizeof label, "%2d %s", last + 1, g->campaign->levels[last].title);
    label[MENU_TEXT - 1] = '\0'; /* what a menu's label keeps */
    render_upcase(label);
    go_to(g, label);
    screen_draw(&r.s);
    save_shot(&r, "all_levels_open");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    ck_assert_int_eq(g->session.campaign_index, last);
    /* the progress itself is as it was: the next level opens by playing */
    ck_assert(!progress_is_unlocked(&g->saves.progress, last));
    screen_close(&r.s);
}
END_TEST

/* ---- a level finished with the Assist ----------------------------------------------- */

/* Plays the replay's inputs as keys, one frame a tick, until the card. */
static void play_keys(Frontend *g, const char *replay)
{
    Replay rep;
    char err[512];
    ck_assert_msg(replay_load(replay, &rep, NULL, err, sizeof err), "%s", err);
    static const SDL_Scancode KEYS[5] = {SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT, SDL_SCANCODE_W,
                                         SDL_SCANCODE_DOWN, SDL_SCANCODE_SPACE};
    uint8_t held = 0;
    for (size_t i = 0; i < rep.count + 120 && g->screen == SCREEN_PLAY; i++) {
        uint8_t k = i < rep.count ? rep.keys[i] : 0;
        for (int b = 0; b < 5; b++)
            if ((k ^ held) & (1u << b))
                screen_key(g, KEYS[b], ((unsigned)k >> b) & 1u);
        held = k;
        frontend_update(g, 1.0 / 60.0);
    }
    for (int i = 0; i < 120 && g->screen == SCREEN_PLAY; i++)
        frontend_update(g, 1.0 / 60.0);
    replay_fini(&rep);
    ck_assert_int_eq(g->screen, SCREEN_COMPLETE);
}

START_TEST(a_level_finished_with_the_assist_is_marked_without_fuss)
{
    Rig r;
    rig_open(&r, "finished", NULL, (FrontendOptions){0});
    Frontend *g = r.s.game;
    open_assist(g);
    go_to(g, "INVINCIBILITY");
    screen_tap(g, SDL_SCANCODE_RETURN);
    assist_to_title(g);
    go_to(g, "START");
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    ck_assert_int_eq(g->session.campaign_index, 0);
    play_keys(g, "tests/replays/01-first-steps.replay");
    ck_assert(g->session.run.assisted);
    for (int i = 0; i < 40; i++)
        frontend_update(g, 1.0 / 60.0); /* the card's keys show */
    screen_draw(&r.s);
    save_shot(&r, "assist_card");
    /* progress.json's record says so */
    char path[1100];
    snprintf(path, sizeof path, "%sprogress.json", r.pref);
    const char *text = read_file(path);
    ck_assert_ptr_nonnull(strstr(text, "\"assist\": true"));
    Progress p;
    progress_init(&p);
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &p, NULL), SAVE_LOADED);
    ck_assert(progress_find(&p, "01-first-steps.json")->assisted);
    progress_fini(&p);
    /* and the level select, in a column of its own */
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_TITLE);
    go_to(g, "LEVEL SELECT");
    screen_tap(g, SDL_SCANCODE_RETURN);
    const char *value = item_with_id(g, 300)->value;
    ck_assert_msg(strlen(value) > 7 && strcmp(value + strlen(value) - 7, "\tASSIST") == 0, "%s",
                  value);
    ck_assert_str_eq(item_with_id(g, 301)->value, ""); /* open, not played */
    menu_select(&g->menus.menu, 300);
    screen_draw(&r.s);
    save_shot(&r, "assist_level_select");
    /* again without it: the mark goes */
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    open_assist(g);
    go_to(g, "INVINCIBILITY");
    screen_tap(g, SDL_SCANCODE_RETURN);
    assist_to_title(g);
    go_to(g, "LEVEL SELECT");
    screen_tap(g, SDL_SCANCODE_RETURN);
    menu_select(&g->menus.menu, 300);
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert_int_eq(g->session.campaign_index, 0);
    play_keys(g, "tests/replays/01-first-steps.replay");
    ck_assert(!g->session.run.assisted);
    text = read_file(path);
    ck_assert_ptr_null(strstr(text, "\"assist\""));
    screen_close(&r.s);
}
END_TEST

/* ---- recording with invincibility ----------------------------------------------------- */

START_TEST(a_recording_keeps_invincibility_and_plays_back_the_same)
{
    char level[1200], replay[1200];
    snprintf(level, sizeof level, "%s/spike-run.json", scratch_root);
    snprintf(replay, sizeof replay, "%s/spike-run.replay", scratch_root);
    ck_assert(mkdir(scratch_root, 0755) == 0 || errno == EEXIST);
    screen_write_file(level, "{\"format\": 1, \"name\": \"Spike Run\", \"background\": \"hills\",\n"
                             " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"^\": \"spikes\","
                             " \"P\": \"player\", \"G\": \"goal\"},\n"
                             " \"tiles\": [\"..........\", \".P......G.\", \"#^^^^^^^^#\","
                             " \"##########\"]}\n");
    remove(replay);
    Rig r;
    rig_open(&r, "record", "{\"format\": 1, \"invincible\": true}",
             (FrontendOptions){.level_path = level, .record_path = replay});
    Frontend *g = r.s.game;
    screen_key(g, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 60 * 20 && g->screen == SCREEN_PLAY; i++)
        frontend_update(g, 1.0 / 60.0);
    ck_assert_int_eq(g->screen, SCREEN_COMPLETE);
    ck_assert_uint_eq(g->session.run.deaths, 0);
    screen_close(&r.s);
    /* every tick says I, and the file says what I is */
    const char *text = read_file(replay);
    ck_assert_ptr_nonnull(strstr(text, "I: the Assist's invincibility on"));
    ck_assert_ptr_nonnull(strstr(text, ",R,I\n"));
    ck_assert_ptr_nonnull(strstr(text, "#! outcome: completed"));
    /* --verify plays it headless to the same end */
    char *verify[] = {"platformer", "--headless", "--verify", replay};
    ck_assert_int_eq(app_headless(4, verify, ".", NULL), 0);
    /* without the I, the same keys die on the spikes */
    Replay rep;
    ReplayHeader h;
    char err[512];
    ck_assert_msg(replay_load(replay, &rep, &h, err, sizeof err), "%s", err);
    LevelDesc desc;
    LevelErrors *errors = calloc(1, sizeof *errors);
    ck_assert(app_load_level(".", level, NULL, &desc, errors));
    free(errors);
    Sim *sim = sim_create(&desc, NULL);
    for (size_t i = 0; i < rep.count; i++) {
        InputIntent in = replay_intent(&rep, i);
        ck_assert(in.invincible);
        in.invincible = false;
        sim_tick(sim, &in);
    }
    ck_assert_uint_gt(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
    leveldesc_fini(&desc);
    replay_fini(&rep);
}
END_TEST

/* ---- full screen ------------------------------------------------------------------------ */

START_TEST(the_full_screen_row_follows_f11)
{
    Rig r;
    rig_open(&r, "f11", NULL, (FrontendOptions){0});
    Frontend *g = r.s.game;
    go_to(g, "OPTIONS");
    screen_tap(g, SDL_SCANCODE_RETURN);
    go_to(g, "FULL SCREEN");
    ck_assert_str_eq(cursor_item(g)->value, "OFF");
    screen_tap(g, SDL_SCANCODE_F11);
    ck_assert_int_eq(r.heard.fullscreen_calls, 1);
    ck_assert(r.heard.fullscreen);
    ck_assert_str_eq(cursor_item(g)->label, "FULL SCREEN"); /* the cursor stays */
    ck_assert_str_eq(cursor_item(g)->value, "ON");
    /* Alt+Enter too */
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.scancode = SDL_SCANCODE_RETURN;
    ev.key.keysym.mod = KMOD_LALT;
    frontend_event(g, &ev);
    ck_assert(!r.heard.fullscreen);
    ck_assert_str_eq(cursor_item(g)->value, "OFF");
    /* and the row itself, as before */
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(r.heard.fullscreen);
    ck_assert_str_eq(cursor_item(g)->value, "ON");
    ck_assert(saved_settings(&r).fullscreen);
    screen_close(&r.s);
}
END_TEST

int main(void)
{
    if (!screen_scratch("test_assist", scratch_root, sizeof scratch_root))
        return EXIT_FAILURE;
    Suite *s = suite_create("assist");
    TCase *tc = tcase_create("assist");
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, the_assist_menu_is_off_until_chosen_and_saved_at_once);
    tcase_add_test(tc, a_replay_at_half_speed_ends_as_at_full_speed);
    tcase_add_test(tc, all_levels_open_lets_the_level_select_play_a_locked_one);
    tcase_add_test(tc, a_level_finished_with_the_assist_is_marked_without_fuss);
    tcase_add_test(tc, a_recording_keeps_invincibility_and_plays_back_the_same);
    tcase_add_test(tc, the_full_screen_row_follows_f11);
    suite_add_tcase(s, tc);
    return check_run(s);
}
