/* SPDX-License-Identifier: Zlib */
/* test_packs.c -- level packs and the player's own levels, as a player
** finds them: packs in the player's folder, in $XDG_DATA_DIRS and in the
** game's data, listed on Custom levels with their progress; a pack opened,
** its first level finished, its second unlocked, in its own record, the
** campaign's progress.json untouched; a broken pack listed with its first
** error while the rest works; the player's own levels with their bests;
** pack_list and pack_roots on their own. The real assets and campaign
** (linked into a scratch data folder) and the software renderer; the
** pictures go to SCRATCH/shots/ to be looked at. */
#define _XOPEN_SOURCE 700 /* setenv, symlink, realpath */
#include "frontend_internal.h"
#include "screen_rig.h"
#include "check_run.h"

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
/* The game's data: the real assets, campaign and packs, linked. */
static char data_dir[1200];

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return strdup(buf);
}

static void make_data(void)
{
    screen_make_dir(scratch_root);
    snprintf(data_dir, sizeof data_dir, "%s/data", scratch_root);
    screen_make_dir(data_dir);
    char path[1400];
    snprintf(path, sizeof path, "%s/assets", data_dir);
    screen_link("assets", path);
    snprintf(path, sizeof path, "%s/levels", data_dir);
    screen_link("levels", path);
    snprintf(path, sizeof path, "%s/packs", data_dir);
    screen_link("packs", path);
}

/* A level Pip finishes by walking right. */
static void write_level(const char *dir, const char *file, const char *name, const char *background)
{
    char path[1600], text[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(text, sizeof text,
             "{\"format\": 1, \"name\": \"%s\", \"background\": \"%s\",\n"
             " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\","
             " \"o\": \"coin\"},\n"
             " \"tiles\": [\"..............\", \"..............\", \".P..o.....o.G.\","
             " \"##############\"]}\n",
             name, background);
    screen_write_file(path, text);
}

/* A pack of two levels in folder packs/NAME/ under root. */
static void write_pack(const char *root, const char *name, const char *title)
{
    char dir[1400], path[1600], text[512];
    snprintf(dir, sizeof dir, "%s/packs", root);
    screen_make_dir(dir);
    snprintf(dir, sizeof dir, "%s/packs/%s", root, name);
    screen_make_dir(dir);
    write_level(dir, "one.json", "Stroll", "hills");
    write_level(dir, "two.json", "Amble", "cave");
    snprintf(path, sizeof path, "%s/campaign.json", dir);
    screen_write_file(
        path, "{\"format\": 1, \"levels\": [{\"file\": \"one.json\", \"title\": \"Stroll\"},\n"
              "  {\"file\": \"two.json\", \"title\": \"Amble\"}]}\n");
    snprintf(path, sizeof path, "%s/pack.json", dir);
    snprintf(text, sizeof text,
             "{\"format\": 1, \"title\": \"%s\", \"author\": \"Tess\",\n"
             " \"description\": \"Two walks.\", \"version\": \"2\"}\n",
             title);
    screen_write_file(path, text);
}

/* The campaign's progress.json as a player has it before any pack: the
** record of the campaign played (the scratch data folder's, "folder:PATH"). */
#define MAIN_PROGRESS                                                                              \
    "{\"format\": 3, \"campaigns\": {\"%s\": {\"unlocked\": 3, \"last_level\": "                   \
    "\"02-mind-the-gap.json\", \"levels\": {\"01-first-steps.json\": {\"completed\": true, "       \
    "\"best_ticks\": 1500, \"fewest_deaths\": 1, \"most_coins\": 3, \"most_gems\": 0, "            \
    "\"coins_total\": 9, \"gems_total\": 1}}}}}\n"

/* The campaign id of the scratch data folder. */
static char campaign_id[PROGRESS_CAMPAIGN_MAX];

/* The campaign's record in the progress.json at path is the one of before
** (the text of the file then), field for field; and the file holds record
** `campaign` (NULL: none needed), which p (may be NULL) gets. */
static void check_records(const char *before, const char *path, const char *campaign, Progress *p)
{
    Progress was, now;
    progress_init(&was);
    progress_init(&now);
    char err[512];
    ck_assert_msg(progress_parse(before, strlen(before), campaign_id, &was, err, sizeof err), "%s",
                  err);
    char *text = read_all(path);
    ck_assert_msg(progress_parse(text, strlen(text), campaign_id, &now, err, sizeof err), "%s",
                  err);
    ck_assert_int_eq(now.unlocked, was.unlocked);
    ck_assert_str_eq(now.last_level, was.last_level);
    ck_assert_int_eq(now.level_count, was.level_count);
    for (int i = 0; i < was.level_count; i++) {
        const LevelRecord *a = &was.levels[i], *b = progress_find(&now, a->id);
        ck_assert_ptr_nonnull(b);
        ck_assert(a->completed == b->completed && a->best_ticks == b->best_ticks &&
                  a->fewest_deaths == b->fewest_deaths && a->most_coins == b->most_coins &&
                  a->most_gems == b->most_gems && a->totals_known == b->totals_known &&
                  a->coins_total == b->coins_total && a->gems_total == b->gems_total);
    }
    if (campaign != NULL) {
        char key[PROGRESS_CAMPAIGN_MAX + 8];
        snprintf(key, sizeof key, "\"%s\":", campaign);
        ck_assert_msg(strstr(text, key) != NULL, "%s: no record of %s", path, campaign);
        if (p != NULL)
            ck_assert_msg(progress_parse(text, strlen(text), campaign, p, err, sizeof err), "%s",
                          err);
    }
    free(text);
    progress_fini(&was);
    progress_fini(&now);
}

typedef struct Rig {
    ScreenRig s;
    char pref[1024];
} Rig;

/* A player's folder of its own (fresh each time), with the campaign's
** progress.json; $XDG_DATA_DIRS a folder of the scratch's. */
static void rig_open(Rig *r, const char *name)
{
    memset(r, 0, sizeof *r);
    make_data();
    char dir[1200], cmd[1400], path[1400];
    snprintf(dir, sizeof dir, "%s/%s", scratch_root, name);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
    screen_player_folder(dir, r->pref, sizeof r->pref);
    snprintf(path, sizeof path, "%s/system", dir);
    screen_make_dir(path);
    setenv("XDG_DATA_DIRS", path, 1);
    snprintf(path, sizeof path, "%sprogress.json", r->pref);
    ck_assert(app_campaign_id(data_dir, NULL, campaign_id, sizeof campaign_id));
    ck_assert_ptr_null(strpbrk(campaign_id, "\"\\")); /* written as it is into JSON */
    size_t size = strlen(MAIN_PROGRESS) + strlen(campaign_id) + 1;
    char *text = malloc(size);
    ck_assert_ptr_nonnull(text);
    snprintf(text, size, MAIN_PROGRESS, campaign_id);
    screen_write_file(path, text);
    free(text);
}

static void rig_start(Rig *r)
{
    FrontendOptions opt = {.data_dir = data_dir};
    screen_open(&r->s, &opt, NULL);
}

static void frames(Rig *r, int n)
{
    for (int i = 0; i < n; i++)
        frontend_update(r->s.game, 1.0 / 60.0);
}

/* The index of the menu item labelled label (as the menu shows it, in
** capitals), or -1. */
static int item(const Rig *r, const char *label)
{
    const Menu *m = &r->s.game->menus.menu;
    for (int i = 0; i < m->count; i++)
        if (strcmp(m->items[i].label, label) == 0)
            return i;
    return -1;
}

/* Moves the cursor down to the item labelled label and chooses it. */
static void choose(Rig *r, const char *label)
{
    int at = item(r, label);
    ck_assert_msg(at >= 0, "no item %s", label);
    for (int i = 0; i < MENU_ITEMS && r->s.game->menus.menu.cursor != at; i++)
        screen_tap(r->s.game, SDL_SCANCODE_DOWN);
    ck_assert_int_eq(r->s.game->menus.menu.cursor, at);
    screen_tap(r->s.game, SDL_SCANCODE_RETURN);
}

/* From the title to Custom levels, by the menu. */
static void to_custom(Rig *r)
{
    ck_assert_int_eq(r->s.game->screen, SCREEN_TITLE);
    choose(r, "CUSTOM LEVELS");
    ck_assert_int_eq(r->s.game->screen, SCREEN_CUSTOM);
}

static void walk_to_the_card(Rig *r)
{
    ck_assert_int_eq(r->s.game->screen, SCREEN_PLAY);
    screen_key(r->s.game, SDL_SCANCODE_RIGHT, true);
    for (int i = 0; i < 60 * 30 && r->s.game->screen != SCREEN_COMPLETE; i++)
        frames(r, 1);
    screen_key(r->s.game, SDL_SCANCODE_RIGHT, false);
    ck_assert_int_eq(r->s.game->screen, SCREEN_COMPLETE);
    frames(r, 30);
}

/* ---- the list -------------------------------------------------------------- */

START_TEST(packs_from_every_folder_are_listed_with_their_progress)
{
    Rig r;
    rig_open(&r, "listed");
    char path[1400];
    write_pack(r.pref, "walks", "Two Walks");
    snprintf(path, sizeof path, "%s/system", getenv("XDG_DATA_HOME"));
    char shipped[1500];
    snprintf(shipped, sizeof shipped, "%s/pips-peak", path);
    screen_make_dir(shipped);
    write_pack(shipped, "strolls", "Shipped Strolls");
    /* the same name in a later folder is hidden by the player's */
    write_pack(shipped, "walks", "Hidden Walks");
    rig_start(&r);
    to_custom(&r);
    ck_assert_int_ge(item(&r, "TWO WALKS"), 0);
    ck_assert_int_ge(item(&r, "SHIPPED STROLLS"), 0);
    ck_assert_int_eq(item(&r, "HIDDEN WALKS"), -1);
    ck_assert_int_ge(item(&r, "PIP'S TRIALS"), 0); /* the game's own example, from its data */
    const Menu *m = &r.s.game->menus.menu;
    ck_assert_str_eq(m->items[item(&r, "TWO WALKS")].value, "TESS\t0/2");
    screen_draw(&r.s);
    screen_save(&r.s, scratch_root, "custom_levels");
    screen_close(&r.s);
}
END_TEST

/* ---- a pack played ------------------------------------------------------------- */

START_TEST(a_pack_plays_with_its_own_record_and_leaves_the_campaigns_alone)
{
    Rig r;
    rig_open(&r, "played");
    write_pack(r.pref, "walks", "Two Walks");
    char main_path[1400];
    snprintf(main_path, sizeof main_path, "%sprogress.json", r.pref);
    char *before = read_all(main_path);
    rig_start(&r);
    Frontend *g = r.s.game;
    Campaign *campaign = g->campaign;
    to_custom(&r);
    choose(&r, "TWO WALKS");
    ck_assert_int_eq(g->screen, SCREEN_PACK);
    ck_assert_ptr_nonnull(custom_pack(g));
    ck_assert_int_eq(g->campaign->count, 2);
    ck_assert_str_eq(g->menus.menu.title, "TWO WALKS");
    /* the second is locked, the first chosen */
    ck_assert(!g->menus.menu.items[item(&r, " 2 ???")].enabled);
    choose(&r, " 1 STROLL");
    ck_assert_int_eq(g->session.campaign_index, 0);
    walk_to_the_card(&r);
    char keys[160];
    screens_complete_keys(g, keys, sizeof keys);
    ck_assert_str_eq(keys, "SPACE: NEXT LEVEL   ESCAPE: LEVELS");
    screen_draw(&r.s);
    screen_save(&r.s, scratch_root, "pack_card");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_PACK);
    /* the second is open now, with the first's best beside the first */
    int second = item(&r, " 2 AMBLE");
    ck_assert_int_ge(second, 0);
    ck_assert(g->menus.menu.items[second].enabled);
    ck_assert_ptr_nonnull(strchr(g->menus.menu.items[item(&r, " 1 STROLL")].value, '\t'));
    screen_draw(&r.s);
    screen_save(&r.s, scratch_root, "pack_levels");
    /* back on Custom levels: one of two done; the campaign's own again */
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_CUSTOM);
    ck_assert_ptr_null(custom_pack(g));
    ck_assert_ptr_eq(g->campaign, campaign);
    ck_assert_int_eq(g->saves.progress.unlocked, 3);
    ck_assert_str_eq(g->menus.menu.items[item(&r, "TWO WALKS")].value, "TESS\t1/2");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_TITLE);
    screen_close(&r.s);
    /* progress.json keeps the pack's record beside the campaign's, which
    ** is as it was */
    Progress pack;
    progress_init(&pack);
    check_records(before, main_path, "pack:walks", &pack);
    free(before);
    ck_assert_int_eq(pack.unlocked, 2);
    const LevelRecord *first = progress_find(&pack, "one.json");
    ck_assert(first != NULL && first->completed);
    progress_fini(&pack);
    /* and the pack's record is kept: the next start finds the second open */
    rig_start(&r);
    g = r.s.game;
    to_custom(&r);
    choose(&r, "TWO WALKS");
    ck_assert(g->menus.menu.items[item(&r, " 2 AMBLE")].enabled);
    screen_close(&r.s);
}
END_TEST

/* The last level of a pack ends the pack, with its own heading and
** credits, and comes back to Custom levels. */
START_TEST(a_packs_last_level_ends_the_pack)
{
    Rig r;
    rig_open(&r, "ended");
    write_pack(r.pref, "walks", "Two Walks");
    rig_start(&r);
    Frontend *g = r.s.game;
    to_custom(&r);
    choose(&r, "TWO WALKS");
    choose(&r, " 1 STROLL");
    walk_to_the_card(&r);
    screen_tap(g, SDL_SCANCODE_SPACE);
    ck_assert_int_eq(g->session.campaign_index, 1);
    walk_to_the_card(&r);
    ck_assert(screens_last_level(g));
    screen_tap(g, SDL_SCANCODE_SPACE);
    ck_assert_int_eq(g->screen, SCREEN_END);
    ck_assert_str_eq(g->ending.credits[0].text, "TWO WALKS");
    frames(&r, 60);
    screen_draw(&r.s);
    screen_save(&r.s, scratch_root, "pack_end");
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_CUSTOM);
    ck_assert_ptr_null(custom_pack(g));
    screen_close(&r.s);
}
END_TEST

/* ---- a broken pack ------------------------------------------------------------- */

/* A pack's map may read tilesets only from its own folder and the game's
** data (LevelConfine): one naming a tileset elsewhere is refused when it is
** played, with the loader's reason, and plays once the tileset is in the
** pack. */
START_TEST(a_packs_map_reads_no_tileset_outside_its_folder)
{
    Rig r;
    rig_open(&r, "confined");
    write_pack(r.pref, "walks", "Two Walks");
    char dir[1400], path[1600], outside[PATH_MAX];
    snprintf(dir, sizeof dir, "%spacks/walks", r.pref);
    snprintf(path, sizeof path, "%s/campaign.json", dir);
    screen_write_file(path, "{\"format\": 1, \"levels\": [{\"file\": \"map.tmj\", \"title\": "
                            "\"Map\"}]}\n");
    ck_assert_ptr_nonnull(realpath("tests/levels/tiled/ext.tsj", outside));
    char *map = read_all("tests/levels/tiled/full.tmj");
    char *at = strstr(map, "\"source\": \"ext.tsj\"");
    ck_assert_ptr_nonnull(at);
    snprintf(path, sizeof path, "%s/map.tmj", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%.*s\"source\": \"%s\"%s", (int)(at - map), map, outside,
            at + strlen("\"source\": \"ext.tsj\""));
    ck_assert_int_eq(fclose(f), 0);
    rig_start(&r);
    Frontend *g = r.s.game;
    to_custom(&r);
    choose(&r, "TWO WALKS");
    choose(&r, " 1 MAP");
    ck_assert_int_eq(g->screen, SCREEN_ERROR);
    ck_assert_msg(strstr(g->session.error_text, "is outside the level's folder") != NULL, "%s",
                  g->session.error_text);
    screen_close(&r.s);
    /* the same map with its tileset beside it in the pack */
    snprintf(path, sizeof path, "%s/map.tmj", dir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(map, f);
    ck_assert_int_eq(fclose(f), 0);
    snprintf(path, sizeof path, "%s/ext.tsj", dir);
    char *tileset = read_all("tests/levels/tiled/ext.tsj");
    screen_write_file(path, tileset);
    free(tileset);
    rig_start(&r);
    g = r.s.game;
    to_custom(&r);
    choose(&r, "TWO WALKS");
    choose(&r, " 1 MAP");
    ck_assert_msg(g->screen == SCREEN_PLAY, "%s", g->session.error_text);
    screen_close(&r.s);
    free(map);
}
END_TEST

START_TEST(a_broken_pack_is_listed_with_its_error_and_the_rest_works)
{
    Rig r;
    rig_open(&r, "broken");
    write_pack(r.pref, "walks", "Two Walks");
    write_pack(r.pref, "broken", "Broken");
    char path[1400];
    snprintf(path, sizeof path, "%spacks/broken/campaign.json", r.pref);
    screen_write_file(
        path, "{\"format\": 1,\n  \"levels\": [{\"file\": \"gone.json\", \"title\": \"Gone\"}]}\n");
    rig_start(&r);
    Frontend *g = r.s.game;
    to_custom(&r);
    int at = item(&r, "BROKEN");
    ck_assert_int_ge(at, 0);
    ck_assert_str_eq(g->menus.menu.items[at].value, "DOES NOT LOAD\t-");
    const PackInfo *p = NULL;
    for (int i = 0; i < g->custom->packs.count; i++)
        if (strcmp(g->custom->packs.packs[i].name, "broken") == 0)
            p = &g->custom->packs.packs[i];
    ck_assert_ptr_nonnull(p);
    ck_assert(!p->ok);
    char want[1600];
    snprintf(want, sizeof want, "%spacks/broken/campaign.json:2:23: ", r.pref);
    ck_assert_msg(strncmp(p->error, want, strlen(want)) == 0, "%s", p->error);
    /* chosen, it stays on the list, its error under it */
    choose(&r, "BROKEN");
    ck_assert_int_eq(g->screen, SCREEN_CUSTOM);
    ck_assert_ptr_null(custom_pack(g));
    screen_draw(&r.s);
    screen_save(&r.s, scratch_root, "custom_broken");
    /* and the other pack plays */
    choose(&r, "TWO WALKS");
    ck_assert_int_eq(g->screen, SCREEN_PACK);
    choose(&r, " 1 STROLL");
    ck_assert_int_eq(g->screen, SCREEN_PLAY);
    screen_close(&r.s);
}
END_TEST

/* ---- the player's own levels ------------------------------------------------------ */

START_TEST(own_levels_are_listed_and_keep_their_bests)
{
    Rig r;
    rig_open(&r, "own");
    char dir[1400], main_path[1400];
    snprintf(dir, sizeof dir, "%slevels", r.pref);
    screen_make_dir(dir);
    write_level(dir, "mine.json", "My Walk", "ice");
    screen_write_file(strcat(strcpy(main_path, dir), "/bad.json"),
                      "{\"format\": 1,\n  \"name\": 5}\n");
    snprintf(main_path, sizeof main_path, "%sprogress.json", r.pref);
    char *before = read_all(main_path);
    rig_start(&r);
    Frontend *g = r.s.game;
    to_custom(&r);
    ck_assert_str_eq(g->menus.menu.items[item(&r, "MY WALK")].value, "ICE\t-");
    ck_assert_str_eq(g->menus.menu.items[item(&r, "BAD.JSON")].value, "DOES NOT LOAD\t-");
    choose(&r, "MY WALK");
    walk_to_the_card(&r);
    char keys[160];
    screens_complete_keys(g, keys, sizeof keys);
    ck_assert_str_eq(keys, "SPACE: PLAY AGAIN   ESCAPE: BACK");
    uint32_t ticks = g->session.run.ticks;
    screen_tap(g, SDL_SCANCODE_ESCAPE);
    ck_assert_int_eq(g->screen, SCREEN_CUSTOM);
    char best[16], want[32];
    hud_format_time(ticks, best, sizeof best);
    snprintf(want, sizeof want, "ICE\t%s", best);
    ck_assert_str_eq(g->menus.menu.items[item(&r, "MY WALK")].value, want);
    screen_close(&r.s);
    /* the bests of the player's levels are progress.json's "levels" record,
    ** the campaign's as it was */
    Progress own;
    progress_init(&own);
    check_records(before, main_path, CUSTOM_LEVELS_RECORD, &own);
    free(before);
    const LevelRecord *rec = progress_find(&own, "mine.json");
    ck_assert_ptr_nonnull(rec);
    ck_assert(rec->completed);
    ck_assert_uint_eq(rec->best_ticks, ticks);
    ck_assert_int_eq(own.unlocked, 1);
    progress_fini(&own);
}
END_TEST

/* ---- the module on its own ---------------------------------------------------------- */

START_TEST(pack_roots_follow_xdg_data_dirs)
{
    PackRoots roots;
    setenv("XDG_DATA_DIRS", "/opt/a:relative:/opt/b/", 1);
    pack_roots("/home/u/.local/share/PipsPeak/pips-peak/", "/usr/share/games/pips-peak", &roots);
    ck_assert_int_eq(roots.count, 4);
    ck_assert_str_eq(roots.dirs[0], "/home/u/.local/share/PipsPeak/pips-peak/packs/");
    ck_assert_str_eq(roots.dirs[1], "/opt/a/pips-peak/packs/");
    ck_assert_str_eq(roots.dirs[2], "/opt/b/pips-peak/packs/");
    ck_assert_str_eq(roots.dirs[3], "/usr/share/games/pips-peak/packs/");
    unsetenv("XDG_DATA_DIRS");
    pack_roots(NULL, NULL, &roots);
    ck_assert_int_eq(roots.count, 2);
    ck_assert_str_eq(roots.dirs[0], "/usr/local/share/pips-peak/packs/");
    ck_assert_str_eq(roots.dirs[1], "/usr/share/pips-peak/packs/");
}
END_TEST

START_TEST(pack_json_is_read_strictly)
{
    char dir[1200], path[1400];
    screen_make_dir(scratch_root);
    write_pack(scratch_root, "strict", "Strict");
    snprintf(dir, sizeof dir, "%s/packs/strict/", scratch_root);
    PackInfo info;
    ck_assert(pack_load(dir, "strict", &info, NULL));
    ck_assert_str_eq(info.meta.title, "Strict");
    ck_assert_str_eq(info.meta.author, "Tess");
    ck_assert_int_eq(info.level_count, 2);
    snprintf(path, sizeof path, "%spack.json", dir);
    screen_write_file(path, "{\"format\": 1,\n \"titel\": \"Typo\"}\n");
    ck_assert(!pack_load(dir, "strict", &info, NULL));
    ck_assert_msg(strstr(info.error, "pack.json:2:2: ") != NULL &&
                      strstr(info.error, "title") != NULL,
                  "%s", info.error);
    /* no pack.json: the folder's name is the title, and no problem is told */
    remove(path);
    ck_assert(pack_load(dir, "strict", &info, NULL));
    ck_assert_str_eq(info.meta.title, "strict");
    ck_assert_str_eq(info.error, "");
}
END_TEST

/* --check of a pack without pack.json says only that it is ok: a pack
** needs none, so there is nothing to report about it. */
START_TEST(a_pack_without_pack_json_checks_clean)
{
    char dir[1200], path[1400], out[1400], ok_line[1300];
    screen_make_dir(scratch_root);
    write_pack(scratch_root, "bare", "Bare");
    snprintf(dir, sizeof dir, "%s/packs/bare", scratch_root);
    snprintf(path, sizeof path, "%s/pack.json", dir);
    snprintf(out, sizeof out, "%s/check.txt", scratch_root);
    ck_assert_int_eq(remove(path), 0);
    /* the test runs in its own process: --check's output goes to a file */
    fflush(NULL);
    ck_assert(freopen(out, "w", stdout) != NULL && dup2(fileno(stdout), 2) == 2);
    char *check[] = {"platformer", "--check", dir};
    ck_assert_int_eq(level_cli_check(3, check, data_dir), 0);
    fflush(NULL);
    char *said = read_all(out);
    snprintf(ok_line, sizeof ok_line, "%s: ok\n", dir);
    ck_assert_str_eq(said, ok_line);
    free(said);
    /* a pack.json that cannot be read is still a problem */
    ck_assert_int_eq(mkdir(path, 0700), 0);
    ck_assert_int_eq(level_cli_check(3, check, data_dir), 1);
    ck_assert_int_eq(rmdir(path), 0);
}
END_TEST

/* A pack's list changed for the editor: added to, moved, taken from; a
** campaign of worlds keeps its worlds; the last level takes the list. */
START_TEST(a_packs_list_is_changed_in_its_own_format)
{
    char dir[1200], path[1400];
    Campaign *c = malloc(sizeof *c);
    PackInfo info;
    char err[2048];
    screen_make_dir(scratch_root);
    write_pack(scratch_root, "edited", "Edited");
    snprintf(dir, sizeof dir, "%s/packs/edited/", scratch_root);
    snprintf(path, sizeof path, "%scampaign.json", dir);
    screen_write_file(
        path,
        "{\"format\": 1, \"worlds\": [\n"
        " {\"name\": \"Low\", \"levels\": [{\"file\": \"one.json\", \"title\": \"Stroll\"}]},\n"
        " {\"name\": \"High\", \"levels\": [{\"file\": \"two.json\", \"title\": \"Amble\"}]}]}\n");
    write_level(dir, "three.json", "Saunter \\\"Q\\\"", "snow");
    ck_assert_msg(pack_list_add(dir, "edited", "three.json", "Saunter \"Q\"", err, sizeof err),
                  "%s", err);
    ck_assert_msg(pack_load(dir, "edited", &info, c), "%s", info.error);
    ck_assert_int_eq(c->count, 3);
    ck_assert_int_eq(c->world_count, 2);
    ck_assert_str_eq(c->worlds[1].name, "High");
    ck_assert_str_eq(c->levels[2].file, "three.json");
    ck_assert_str_eq(c->levels[2].title, "Saunter \"Q\""); /* escaped and read back */
    ck_assert_int_eq(c->levels[2].world, 1);
    /* listed already: stays once */
    ck_assert(pack_list_add(dir, "edited", "three.json", "Again", err, sizeof err));
    ck_assert(pack_load(dir, "edited", &info, c));
    ck_assert_int_eq(c->count, 3);
    /* moved across the worlds' edge: the place keeps its world */
    ck_assert(pack_list_move(dir, 1, -1, err, sizeof err));
    ck_assert(pack_load(dir, "edited", &info, c));
    ck_assert_str_eq(c->levels[0].file, "two.json");
    ck_assert_str_eq(c->levels[1].file, "one.json");
    ck_assert_int_eq(c->worlds[0].count, 1);
    ck_assert_int_eq(c->worlds[1].count, 2);
    /* past the end: nothing changes */
    ck_assert(pack_list_move(dir, 2, 1, err, sizeof err));
    ck_assert(pack_load(dir, "edited", &info, c));
    ck_assert_str_eq(c->levels[2].file, "three.json");
    /* taken off; the first world, empty, goes */
    ck_assert(pack_list_remove(dir, "two.json", err, sizeof err));
    ck_assert(pack_load(dir, "edited", &info, c));
    ck_assert_int_eq(c->count, 2);
    ck_assert_int_eq(c->world_count, 1);
    ck_assert_str_eq(c->worlds[0].name, "High");
    ck_assert(pack_list_remove(dir, "one.json", err, sizeof err));
    ck_assert(pack_list_remove(dir, "three.json", err, sizeof err));
    ck_assert(!pack_is_folder(dir)); /* the last level took the list */
    snprintf(path, sizeof path, "%spack.json", dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    /* a new pack from a folder with a level in it */
    ck_assert(pack_list_add(dir, "edited", "one.json", "Stroll", err, sizeof err));
    ck_assert_msg(pack_load(dir, "edited", &info, c), "%s", info.error);
    ck_assert_int_eq(c->count, 1);
    ck_assert_str_eq(info.meta.title, "edited");
    /* names a pack may not have */
    ck_assert(!pack_valid_name("../up", err, sizeof err));
    ck_assert(!pack_valid_name(".hidden", err, sizeof err));
    ck_assert(pack_valid_name("my-pack_2.0", err, sizeof err));
    free(c);
}
END_TEST

static Suite *packs_suite(void)
{
    Suite *s = suite_create("packs");
    TCase *tc = tcase_create("packs");
    tcase_add_test(tc, packs_from_every_folder_are_listed_with_their_progress);
    tcase_add_test(tc, a_pack_plays_with_its_own_record_and_leaves_the_campaigns_alone);
    tcase_add_test(tc, a_packs_last_level_ends_the_pack);
    tcase_add_test(tc, a_broken_pack_is_listed_with_its_error_and_the_rest_works);
    tcase_add_test(tc, a_packs_map_reads_no_tileset_outside_its_folder);
    tcase_add_test(tc, own_levels_are_listed_and_keep_their_bests);
    tcase_add_test(tc, pack_roots_follow_xdg_data_dirs);
    tcase_add_test(tc, pack_json_is_read_strictly);
    tcase_add_test(tc, a_pack_without_pack_json_checks_clean);
    tcase_add_test(tc, a_packs_list_is_changed_in_its_own_format);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    if (!screen_scratch("test_packs", scratch_root, sizeof scratch_root))
        return EXIT_FAILURE;
    return check_run(packs_suite());
}
