/* SPDX-License-Identifier: Zlib */
/*
** test_frontend_saves.c -- the player's files through the whole front end,
** played as a player would (keys, the level walked to its goal), in the
** ways a save has been lost before: a custom campaign played beside the
** main one, two copies of the game at once, a full disk, no folder to save
** in, many records, too many open files, files linked in from elsewhere.
** Each case ends with nothing lost and the player told. Each test case is
** also a ctest of its own (frontend_saves_NAME, CK_RUN_CASE=NAME).
*/
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath */
#include "frontend_internal.h"
#include "screen_rig.h"
#include "check_run.h"
#include "fd_rig.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* The scratch folder ctest gives (XDG_DATA_HOME when the test starts). */
static char scratch_root[1024];

/* The whole file (NULL when there is none); the caller frees it. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *text = malloc(1 << 20);
    ck_assert_ptr_nonnull(text);
    size_t n = fread(text, 1, (1 << 20) - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* One player's world: a folder of its own as XDG_DATA_HOME, the game's
** folder in it, and a custom campaign of two levels (the real assets
** linked in) as a --data folder would be. */
typedef struct Home {
    char home[1200], pref[1400], data[1400];
} Home;

static void make_level(const Home *p, const char *name, const char *row)
{
    char path[1600], text[1024];
    snprintf(path, sizeof path, "%s/levels/%s", p->data, name);
    snprintf(
        text, sizeof text,
        "{\"format\": 1, \"name\": \"%s\", \"background\": \"hills\",\n"
        " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\",\n"
        "            \"o\": \"coin\"},\n"
        " \"tiles\": [\"%.*s\", \"%s\", \"%.*s\"]}\n",
        name, (int)strlen(row), "........................................", row, (int)strlen(row),
        "########################################");
    screen_write_file(path, text);
}

static void home_init(Home *p, const char *name)
{
    memset(p, 0, sizeof *p);
    snprintf(p->home, sizeof p->home, "%s/%s", scratch_root, name);
    screen_player_folder(p->home, p->pref, sizeof p->pref);
    char path[1600], assets[PATH_MAX];
    snprintf(path, sizeof path, "%ssettings.json", p->pref);
    remove(path);
    snprintf(path, sizeof path, "%sprogress.json", p->pref);
    remove(path);
    snprintf(p->data, sizeof p->data, "%s/two-levels", p->home);
    ck_assert(mkdir(p->data, 0755) == 0 || errno == EEXIST);
    ck_assert_ptr_nonnull(realpath("assets", assets));
    snprintf(path, sizeof path, "%s/assets", p->data);
    unlink(path);
    ck_assert_int_eq(symlink(assets, path), 0);
    snprintf(path, sizeof path, "%s/levels", p->data);
    ck_assert(mkdir(path, 0755) == 0 || errno == EEXIST);
    make_level(p, "a.json", ".P..o..o.G.");
    make_level(p, "b.json", ".P...o...G.");
    snprintf(path, sizeof path, "%s/levels/campaign.json", p->data);
    screen_write_file(path,
                      "{\"format\": 1, \"levels\": [{\"file\": \"a.json\", \"title\": \"First\"},"
                      " {\"file\": \"b.json\", \"title\": \"Second\"}]}\n");
}

static void in_pref(const Home *p, const char *file, char *out, size_t cap)
{
    snprintf(out, cap, "%s%s", p->pref, file);
}

/* The game on the custom campaign (custom) or the main one (this source
** tree's data, the game's own: the program's folder says so). */
static void open_game(ScreenRig *s, const Home *p, bool custom)
{
    FrontendOptions opt = {.data_dir = custom ? p->data : ".", .base_path = PLATFORMER_DIR "/"};
    screen_open(s, &opt, NULL);
}

static void frames(Frontend *g, int n)
{
    for (int i = 0; i < n; i++)
        frontend_update(g, 1.0 / 60.0);
}

/* Starts campaign level `index`, shown from this frame on. */
static void start_level(Frontend *g, int index)
{
    session_start_campaign_level(g, index);
    frontend_update(g, 0.0);
}

/* Walks right until the level's card shows. */
static void walk_to_the_card(Frontend *g)
{
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    screen_key(g, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 60 * 30 && g->screen != SCREEN_COMPLETE; i++)
        frames(g, 1);
    screen_key(g, SDL_SCANCODE_RIGHT, false);
    ck_assert_int_eq(g->screen, SCREEN_COMPLETE);
    frames(g, 30);
}

/* Plays campaign level `index` from its start to its card. */
static void play_level(Frontend *g, int index)
{
    start_level(g, index);
    walk_to_the_card(g);
}

/* The panel's text, and that it is up. */
static void assert_told(Frontend *g, const char *what)
{
    ck_assert(g->saves.notices_pending);
    char text[16384];
    frontend_notices_text(g, text, sizeof text);
    ck_assert_msg(strstr(text, what) != NULL, "the panel lacks \"%s\": %.1500s", what, text);
}

static void put_away_the_panel(Frontend *g)
{
    screen_tap(g, SDL_SCANCODE_RETURN);
    ck_assert(!g->saves.notices_pending);
}

/* The record of one campaign in progress.json as the game wrote it. */
static char *record_text(const char *path, const char *campaign)
{
    char *text = read_file(path), key[PROGRESS_CAMPAIGN_MAX + 16];
    ck_assert_ptr_nonnull(text);
    snprintf(key, sizeof key, "\n    \"%s\": {", campaign);
    char *at = strstr(text, key);
    ck_assert_msg(at != NULL, "no record of %s in %s", campaign, text);
    char *end = strstr(at, "\n    }");
    ck_assert_ptr_nonnull(end);
    end[6] = '\0';
    char *copy = strdup(at);
    free(text);
    return copy;
}

/* A progress.json of format 2, as the game wrote before campaigns had
** records of their own: 19 levels done, 20 open, level 7 played last. */
static void write_old_main_progress(const char *path)
{
    char text[8192];
    size_t used = (size_t)snprintf(text, sizeof text,
                                   "{\n  \"format\": 2,\n  \"unlocked\": 20,\n"
                                   "  \"last_level\": \"07-lifts.json\",\n  \"levels\": {");
    for (int i = 0; i < 19; i++)
        used += (size_t)snprintf(
            text + used, sizeof text - used,
            "%s\n    \"level-%02d.json\": { \"completed\": true, \"best_ticks\": %d,"
            " \"fewest_deaths\": %d, \"most_coins\": 3, \"most_gems\": 1,"
            " \"coins_total\": 4, \"gems_total\": 1 }",
            i > 0 ? "," : "", i + 1, 1000 + i, i % 3);
    snprintf(text + used, sizeof text - used, "\n  }\n}\n");
    screen_write_file(path, text);
}

/* ---- progress per campaign ------------------------------------------------------------- */

/* The case that lost players' progress: a two-level campaign played with
** --data, then the main game, then the campaign again. The main record
** (migrated from the old file) keeps its 20 open levels, and each record is
** byte for byte what it was while the other campaign is played. */
START_TEST(a_custom_campaign_leaves_the_main_progress_byte_for_byte)
{
    Home p;
    home_init(&p, "custom");
    char path[1600];
    in_pref(&p, "progress.json", path, sizeof path);
    write_old_main_progress(path);
    char *old_file = read_file(path);
    ScreenRig s;

    /* the custom campaign: its own record, starting from nothing */
    open_game(&s, &p, true);
    const char *custom = s.game->saves.campaign;
    char custom_id[PROGRESS_CAMPAIGN_MAX];
    snprintf(custom_id, sizeof custom_id, "%s", custom);
    ck_assert(strncmp(custom_id, "folder:/", 8) == 0);
    ck_assert_int_eq(s.game->saves.progress.unlocked, 1);
    ck_assert(!progress_is_unlocked(&s.game->saves.progress, 1));
    play_level(s.game, 0);
    ck_assert_uint_ne(s.game->session.improved & PROGRESS_FIRST_CLEAR, 0);
    screen_close(&s);
    char *main_1 = record_text(path, PROGRESS_MAIN);

    /* the main game: everything the old file held, 20 levels open */
    open_game(&s, &p, false);
    ck_assert_str_eq(s.game->saves.campaign, PROGRESS_MAIN);
    const Progress *m = &s.game->saves.progress;
    ck_assert_int_eq(m->unlocked, 20);
    ck_assert_int_eq(m->level_count, 19);
    ck_assert_str_eq(m->last_level, "07-lifts.json");
    ck_assert_uint_eq(progress_find(m, "level-19.json")->best_ticks, 1018);
    char *custom_1 = record_text(path, custom_id);
    start_level(s.game, 2); /* played: the main record changes */
    ck_assert_int_eq(s.game->screen, SCREEN_PLAY);
    screen_close(&s);
    char *custom_2 = record_text(path, custom_id);
    ck_assert_str_eq(custom_2, custom_1);
    char *main_2 = record_text(path, PROGRESS_MAIN);
    ck_assert_str_ne(main_2, main_1); /* its last level played */
    ck_assert_ptr_nonnull(strstr(main_2, "\"unlocked\": 20,"));

    /* the campaign again: its second level open, and main untouched */
    open_game(&s, &p, true);
    ck_assert(progress_is_unlocked(&s.game->saves.progress, 1));
    play_level(s.game, 1);
    screen_close(&s);
    char *main_3 = record_text(path, PROGRESS_MAIN);
    ck_assert_str_eq(main_3, main_2);

    /* and every record of the old file is in the main one, as it was */
    Progress old, now;
    progress_init(&old);
    progress_init(&now);
    char err[256];
    ck_assert(progress_parse(old_file, strlen(old_file), PROGRESS_MAIN, &old, err, sizeof err));
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &now, NULL), SAVE_LOADED);
    for (int i = 0; i < old.level_count; i++)
        ck_assert_mem_eq(progress_find(&now, old.levels[i].id), &old.levels[i],
                         sizeof old.levels[i]);
    progress_fini(&old);
    progress_fini(&now);
    free(old_file);
    free(main_1);
    free(main_2);
    free(main_3);
    free(custom_1);
    free(custom_2);
}
END_TEST

/* ---- two copies ---------------------------------------------------------------------- */

/* Two copies of the game started on the same files, each finishing levels
** the other does not know of: every completion is kept, and each copy
** learns of the other's at its next save. */
START_TEST(two_copies_keep_each_others_completions)
{
    Home p;
    home_init(&p, "two-copies");
    char path[1600];
    in_pref(&p, "progress.json", path, sizeof path);
    ScreenRig one, two;
    open_game(&one, &p, true);
    open_game(&two, &p, true);
    play_level(one.game, 0);
    /* the second copy finishes a too, then b */
    play_level(two.game, 0);
    ck_assert(progress_is_unlocked(&two.game->saves.progress, 1));
    play_level(two.game, 1);
    screen_close(&two);
    /* the first copy, still running and knowing nothing of b, plays a
    ** again: its save must not drop b */
    ck_assert_ptr_null(progress_find(&one.game->saves.progress, "b.json"));
    play_level(one.game, 0);
    ck_assert_ptr_nonnull(progress_find(&one.game->saves.progress, "b.json")); /* it knows now */
    screen_close(&one);
    Progress back;
    progress_init(&back);
    char id[PROGRESS_CAMPAIGN_MAX];
    ck_assert(app_campaign_id(p.data, PLATFORMER_DIR "/", id, sizeof id));
    ck_assert_int_eq(progress_load(path, id, &back, NULL), SAVE_LOADED);
    ck_assert(progress_find(&back, "a.json")->completed);
    ck_assert(progress_find(&back, "b.json")->completed);
    ck_assert_int_eq(back.unlocked, 3);
    ck_assert_str_eq(back.last_level, "a.json"); /* the last to save played a */
    progress_fini(&back);
}
END_TEST

/* ---- a full disk ------------------------------------------------------------------------ */

/* The disk fills up (the file size limit stands in for it) during a level:
** the player is told once, in the game; the card still shows the run; the
** settings changed meanwhile and the completion are written when there is
** room again, at quit. */
START_TEST(a_full_disk_is_told_once_and_everything_saved_when_there_is_room)
{
    Home p;
    home_init(&p, "full-disk");
    char progress[1600], settings[1600];
    in_pref(&p, "progress.json", progress, sizeof progress);
    in_pref(&p, "settings.json", settings, sizeof settings);
    write_old_main_progress(progress);
    char *before = read_file(progress);
    ScreenRig s;
    open_game(&s, &p, true);
    ck_assert(!s.game->saves.notices_pending);

    struct rlimit old, full;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    full = (struct rlimit){64, old.rlim_max};
    signal(SIGXFSZ, SIG_IGN);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &full), 0);
    start_level(s.game, 0); /* its save fails */
    assert_told(s.game, strerror(EFBIG));
    assert_told(s.game, "the game tries again at its next save and when you quit");
    screen_draw(&s);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0); /* room for the picture */
    screen_save(&s, scratch_root, "save_failed");
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &full), 0);
    put_away_the_panel(s.game);
    /* the level plays on; its completion fails to save too: not told again */
    play_level(s.game, 0);
    ck_assert(!s.game->saves.notices_pending);
    ck_assert(s.game->saves.progress_dirty);
    ck_assert(progress_find(&s.game->saves.progress, "a.json")->completed);
    /* a setting changed on the full disk stays to be written */
    s.game->saves.settings.music_volume = 30;
    s.game->saves.settings_dirty = true;
    frontend_save_progress(s.game);
    ck_assert(s.game->saves.settings_dirty);
    ck_assert(!s.game->saves.notices_pending);
    char *now = read_file(progress);
    ck_assert_str_eq(now, before); /* the old file, whole */
    free(now);
    ck_assert_ptr_null(read_file(settings));

    /* room again: quitting writes it all */
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
    screen_close(&s);
    char id[PROGRESS_CAMPAIGN_MAX];
    ck_assert(app_campaign_id(p.data, PLATFORMER_DIR "/", id, sizeof id));
    Progress back;
    progress_init(&back);
    ck_assert_int_eq(progress_load(progress, id, &back, NULL), SAVE_LOADED);
    ck_assert(progress_find(&back, "a.json")->completed);
    ck_assert_int_eq(back.unlocked, 2);
    ck_assert_int_eq(progress_load(progress, PROGRESS_MAIN, &back, NULL), SAVE_LOADED);
    ck_assert_int_eq(back.unlocked, 20); /* the main record too, of course */
    Settings saved;
    ck_assert_int_eq(settings_load(settings, NULL, &saved, NULL), SAVE_LOADED);
    ck_assert_int_eq(saved.music_volume, 30);
    progress_fini(&back);
    free(before);
}
END_TEST

/* ---- no folder ---------------------------------------------------------------------------- */

/* $XDG_DATA_HOME/PipsPeak is a file: there is no folder to save in. Said
** at the start; the game plays; once the folder can be made, quitting
** saves what was played. */
START_TEST(no_save_folder_is_told_at_the_start)
{
    char home[1200], blocker[1300];
    snprintf(home, sizeof home, "%s/no-folder", scratch_root);
    ck_assert(mkdir(home, 0755) == 0 || errno == EEXIST);
    snprintf(blocker, sizeof blocker, "%s/PipsPeak", home);
    char cmd[4000];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", blocker);
    ck_assert_int_eq(system(cmd), 0); /* what an earlier run left */
    Home p;
    home_init(&p, "no-folder");
    ck_assert_int_eq(system(cmd), 0);
    screen_write_file(blocker, "not a folder");
    ScreenRig s;
    open_game(&s, &p, true);
    assert_told(s.game, "there is no folder to keep your settings and progress in");
    ck_assert_str_eq(s.game->saves.settings_path, "");
    screen_draw(&s);
    screen_save(&s, scratch_root, "no_folder");
    put_away_the_panel(s.game);
    play_level(s.game, 0);
    ck_assert(!s.game->saves.notices_pending); /* said once */
    ck_assert(s.game->saves.progress_dirty);
    /* the player moves the file away: the game's next save makes the folder */
    ck_assert_int_eq(unlink(blocker), 0);
    screen_close(&s);
    char path[1600];
    in_pref(&p, "progress.json", path, sizeof path);
    char *text = read_file(path);
    ck_assert_msg(text != NULL && strstr(text, "\"a.json\": { \"completed\": true") != NULL, "%s",
                  text != NULL ? text : "(none)");
    free(text);
}
END_TEST

/* A folder for the saves whose path is too long to name them: told, never
** cut short into another file's name. */
START_TEST(a_save_folder_too_long_to_name_is_told)
{
    Home p;
    home_init(&p, "long-path");
    /* folders of at most 200 bytes (a name the system takes) to 4,068
    ** bytes in all: the game's folder under it fits in a path, its files'
    ** names do not */
    char home[5000];
    int n = snprintf(home, sizeof home, "%s", p.home);
    while (n < 4068) {
        int part = 4068 - n - 1 > 200 ? 200 : 4068 - n - 1;
        home[n++] = '/';
        memset(home + n, 'd', (size_t)part);
        n += part;
        home[n] = '\0';
        ck_assert(mkdir(home, 0755) == 0 || errno == EEXIST);
    }
    setenv("XDG_DATA_HOME", home, 1);
    ScreenRig s;
    open_game(&s, &p, true);
    assert_told(s.game, "is too long");
    put_away_the_panel(s.game);
    play_level(s.game, 0);
    ck_assert(!s.game->saves.notices_pending);
    screen_close(&s);
    /* nothing was written under a cut name */
    char cmd[6000];
    snprintf(cmd, sizeof cmd, "test -z \"$(find '%s' -name 'setti*' -o -name 'progr*')\"", p.home);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* ---- many records ------------------------------------------------------------------------- */

/* 128 records of other levels in the campaign's record (levels it no
** longer lists): a new completion is recorded and shown, none is dropped. */
START_TEST(a_completion_after_128_records_is_kept)
{
    Home p;
    home_init(&p, "records");
    char path[1600];
    in_pref(&p, "progress.json", path, sizeof path);
    static char record[64 * 1024];
    size_t used = (size_t)snprintf(record, sizeof record, "{\"unlocked\": 1, \"levels\": {");
    for (int i = 0; i < 128; i++)
        used += (size_t)snprintf(record + used, sizeof record - used,
                                 "%s\"old-%03d.json\": {\"completed\": true, \"best_ticks\": %d,"
                                 " \"fewest_deaths\": 0, \"most_coins\": 0}",
                                 i > 0 ? ", " : "", i, 100 + i);
    snprintf(record + used, sizeof record - used, "}}");
    /* the record as the front end names this campaign */
    static char text[80 * 1024];
    char id[PROGRESS_CAMPAIGN_MAX];
    ck_assert(app_campaign_id(p.data, PLATFORMER_DIR "/", id, sizeof id));
    snprintf(text, sizeof text, "{\"format\": 3, \"campaigns\": {\"%s\": %s}}", id, record);
    screen_write_file(path, text);
    ScreenRig s;
    open_game(&s, &p, true);
    ck_assert_int_eq(s.game->saves.progress.level_count, 128);
    play_level(s.game, 0);
    ck_assert_uint_ne(s.game->session.improved & PROGRESS_FIRST_CLEAR, 0);
    ck_assert_uint_eq(s.game->session.best_ticks, s.game->session.run.ticks); /* shown */
    screen_draw(&s);
    screen_save(&s, scratch_root, "card_after_128_records");
    screen_close(&s);
    Progress back;
    progress_init(&back);
    ck_assert_int_eq(progress_load(path, id, &back, NULL), SAVE_LOADED);
    ck_assert_int_eq(back.level_count, 129);
    ck_assert(progress_find(&back, "a.json")->completed);
    ck_assert_uint_eq(progress_find(&back, "old-127.json")->best_ticks, 227);
    progress_fini(&back);
}
END_TEST

/* ---- too many open files ------------------------------------------------------------------ */

/* settings.json cannot be opened at the start (no file descriptor left),
** and progress.json not at a save: neither is set aside or written over;
** the player is told both times; quitting, with descriptors back, keeps
** everything the files held and adds what was played. */
START_TEST(too_many_open_files_sets_nothing_aside)
{
    Home p;
    home_init(&p, "emfile");
    char settings[1600], progress[1600];
    in_pref(&p, "settings.json", settings, sizeof settings);
    in_pref(&p, "progress.json", progress, sizeof progress);
    screen_write_file(settings,
                      "{\"format\": 1, \"music_volume\": 12, \"keys\": {\"jump\": [\"X\"]}}\n");
    write_old_main_progress(progress);
    char *settings_before = read_file(settings), *progress_before = read_file(progress);

    /* the window reads the settings first, as window.c does */
    Settings read;
    SaveNotices notices = {0};
    Exhausted x;
    exhaust_fds(&x, 256);
    frontend_read_settings(&read, &notices, "platformer");
    give_back_fds(&x);
    ck_assert_int_eq(notices.count, 1);
    FrontendOptions opt = {.data_dir = p.data,
                           .base_path = PLATFORMER_DIR "/",
                           .settings = &read,
                           .settings_notices = &notices};
    ScreenRig s;
    screen_open(&s, &opt, NULL);
    assert_told(s.game, "settings.json: cannot open: Too many open files; using default settings"
                        " for now (the file is left as it is)");
    put_away_the_panel(s.game);

    start_level(s.game, 0); /* saved: its last level played */
    free(progress_before);
    progress_before = read_file(progress);
    exhaust_fds(&x, 256);
    /* at the goal, the completion's save cannot read the file first */
    screen_key(s.game, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 60 * 30 && !s.game->saves.notices_pending; i++)
        frames(s.game, 1);
    screen_key(s.game, SDL_SCANCODE_RIGHT, false);
    give_back_fds(&x);
    char *now = read_file(progress);
    ck_assert_msg(strcmp(now, progress_before) == 0, "progress.json changed: %.600s", now);
    free(now);
    assert_told(s.game, "Too many open files");
    assert_told(s.game, "progress.json: reading it first (to keep what it holds) failed");
    put_away_the_panel(s.game);
    frames(s.game, 60);
    ck_assert_int_eq(s.game->screen, SCREEN_COMPLETE);
    screen_close(&s);

    now = read_file(settings);
    ck_assert_msg(strcmp(now, settings_before) == 0, "settings.json changed: %.600s",
                  now); /* never changed, never set aside */
    free(now);
    char aside[1700];
    snprintf(aside, sizeof aside, "%s.bad-1", settings);
    ck_assert_int_ne(access(aside, F_OK), 0);
    Progress back;
    progress_init(&back);
    ck_assert_int_eq(progress_load(progress, PROGRESS_MAIN, &back, NULL), SAVE_LOADED);
    ck_assert_int_eq(back.unlocked, 20);
    ck_assert_int_eq(back.level_count, 19);
    char id[PROGRESS_CAMPAIGN_MAX];
    ck_assert(app_campaign_id(p.data, PLATFORMER_DIR "/", id, sizeof id));
    ck_assert_int_eq(progress_load(progress, id, &back, NULL), SAVE_LOADED);
    ck_assert(progress_find(&back, "a.json")->completed);
    progress_fini(&back);
    free(settings_before);
    free(progress_before);
}
END_TEST

/* ---- linked files ------------------------------------------------------------------------- */

/* settings.json and progress.json linked in from a dotfiles folder: the
** game writes through the links, which stay links. */
START_TEST(linked_save_files_stay_linked_and_are_updated)
{
    Home p;
    home_init(&p, "links");
    char dotfiles[1300], real_settings[1400], real_progress[1400], settings[1600], progress[1600];
    snprintf(dotfiles, sizeof dotfiles, "%s/dotfiles", p.home);
    ck_assert(mkdir(dotfiles, 0755) == 0 || errno == EEXIST);
    snprintf(real_settings, sizeof real_settings, "%s/pips-settings.json", dotfiles);
    snprintf(real_progress, sizeof real_progress, "%s/pips-progress.json", dotfiles);
    screen_write_file(real_settings, "{\"format\": 1, \"music_volume\": 12}\n");
    write_old_main_progress(real_progress);
    in_pref(&p, "settings.json", settings, sizeof settings);
    in_pref(&p, "progress.json", progress, sizeof progress);
    ck_assert_int_eq(symlink(real_settings, settings), 0);
    ck_assert_int_eq(symlink(real_progress, progress), 0);
    ScreenRig s;
    open_game(&s, &p, true);
    ck_assert_int_eq(s.game->saves.settings.music_volume, 12);
    play_level(s.game, 0);
    s.game->saves.settings.music_volume = 40;
    s.game->saves.settings_dirty = true;
    screen_close(&s);
    struct stat st;
    ck_assert_int_eq(lstat(settings, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_int_eq(lstat(progress, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    char *text = read_file(real_settings);
    ck_assert_ptr_nonnull(strstr(text, "\"music_volume\": 40"));
    free(text);
    text = read_file(real_progress);
    ck_assert_ptr_nonnull(strstr(text, "\"a.json\": { \"completed\": true"));
    ck_assert_ptr_nonnull(strstr(text, "\"level-19.json\""));
    free(text);
}
END_TEST

static void add_case(Suite *s, const char *name, const TTest *test)
{
    TCase *tc = tcase_create(name);
    tcase_add_test(tc, test);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
}

static Suite *frontend_saves_suite(void)
{
    Suite *s = suite_create("frontend_saves");
    add_case(s, "custom_campaign", a_custom_campaign_leaves_the_main_progress_byte_for_byte);
    add_case(s, "two_copies", two_copies_keep_each_others_completions);
    add_case(s, "full_disk", a_full_disk_is_told_once_and_everything_saved_when_there_is_room);
    add_case(s, "no_folder", no_save_folder_is_told_at_the_start);
    add_case(s, "long_path", a_save_folder_too_long_to_name_is_told);
    add_case(s, "records_128", a_completion_after_128_records_is_kept);
    add_case(s, "emfile", too_many_open_files_sets_nothing_aside);
    add_case(s, "symlink", linked_save_files_stay_linked_and_are_updated);
    return s;
}

int main(void)
{
    if (!screen_scratch("test_frontend_saves", scratch_root, sizeof scratch_root))
        return EXIT_FAILURE;
    return check_run(frontend_saves_suite());
}
