/* SPDX-License-Identifier: Zlib */
/* test_save_progress.c -- progress.json: bests only improve, bad files kept aside. */
#include "save/fixture.h"

#include "campaign.h"
#include "progress.h"
#include "check_run.h"
#include "fd_rig.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>

/* A completion of a level of 20 coins (or as many as it took) and no gems. */
static LevelRun run(uint32_t ticks, uint32_t deaths, uint32_t coins)
{
    return (LevelRun){
        .ticks = ticks, .deaths = deaths, .coins = coins, .coins_total = coins > 20 ? coins : 20};
}

static void assert_progress_equal(const Progress *a, const Progress *b)
{
    ck_assert_int_eq(a->unlocked, b->unlocked);
    ck_assert_str_eq(a->last_level, b->last_level);
    ck_assert_int_eq(a->level_count, b->level_count);
    for (int i = 0; i < a->level_count; i++) {
        ck_assert_str_eq(a->levels[i].id, b->levels[i].id);
        ck_assert_int_eq(a->levels[i].completed, b->levels[i].completed);
        ck_assert_uint_eq(a->levels[i].best_ticks, b->levels[i].best_ticks);
        ck_assert_uint_eq(a->levels[i].fewest_deaths, b->levels[i].fewest_deaths);
        ck_assert_uint_eq(a->levels[i].most_coins, b->levels[i].most_coins);
        ck_assert_uint_eq(a->levels[i].most_gems, b->levels[i].most_gems);
        ck_assert_int_eq(a->levels[i].totals_known, b->levels[i].totals_known);
        ck_assert_uint_eq(a->levels[i].coins_total, b->levels[i].coins_total);
        ck_assert_uint_eq(a->levels[i].gems_total, b->levels[i].gems_total);
        ck_assert_int_eq(a->levels[i].assisted, b->levels[i].assisted);
    }
}

static void assert_defaults(const Progress *p)
{
    ck_assert_int_eq(p->unlocked, 1);
    ck_assert_str_eq(p->last_level, "");
    ck_assert_int_eq(p->level_count, 0);
}

/* progress_save of the main campaign; err says why not. */
static bool save(const char *path, Progress *p, char *err, size_t cap)
{
    return progress_save(path, PROGRESS_MAIN, p, NULL, err, cap);
}

/* progress_parse of the main campaign. */
static bool parse(const char *text, size_t len, Progress *p, char *err, size_t cap)
{
    return progress_parse(text, len, PROGRESS_MAIN, p, err, cap);
}

/* progress_load, with what the player is told in msg: "" when nothing, else
** the one notice of a file set aside. */
static SaveLoad load(const char *path, Progress *p, char *msg, size_t cap)
{
    SaveNotices notices = {0};
    SaveLoad got = progress_load(path, PROGRESS_MAIN, p, &notices);
    ck_assert_int_eq(notices.count, got == SAVE_RECOVERED);
    msg[0] = '\0';
    if (notices.count > 0)
        save_notice_format(&notices.list[0], msg, cap);
    return got;
}

START_TEST(missing_file_gives_a_fresh_start)
{
    Scratch sc;
    char path[1100], msg[512] = "untouched";
    Progress p = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    ck_assert_int_eq(load(path, &p, msg, sizeof msg), SAVE_MISSING);
    ck_assert_str_eq(msg, "");
    assert_defaults(&p);
    ck_assert(progress_is_unlocked(&p, 0));
    ck_assert(!progress_is_unlocked(&p, 1));
    ck_assert(!progress_is_unlocked(&p, -1));
    scratch_fini(&sc);
    progress_fini(&p);
}
END_TEST

START_TEST(completion_keeps_each_best_separately)
{
    Progress p = {0};
    unsigned bits;
    progress_init(&p);
    const char *id = "02-mind-the-gap.json";

    ck_assert(progress_record_completion(&p, id, 1, run(2000, 3, 4), &bits));
    ck_assert_uint_eq(bits, PROGRESS_FIRST_CLEAR | PROGRESS_BEST_TIME | PROGRESS_BEST_DEATHS |
                                PROGRESS_BEST_COINS | PROGRESS_BEST_GEMS);
    /* Slower, fewer deaths, fewer coins: only the deaths improve. */
    ck_assert(progress_record_completion(&p, id, 1, run(2500, 1, 2), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_DEATHS);
    /* Faster, more deaths, more coins. */
    ck_assert(progress_record_completion(&p, id, 1, run(1800, 5, 6), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_TIME | PROGRESS_BEST_COINS);
    /* Equal to every best: nothing new. */
    ck_assert(progress_record_completion(&p, id, 1, run(1800, 1, 6), &bits));
    ck_assert_uint_eq(bits, 0);

    const LevelRecord *r = progress_find(&p, id);
    ck_assert_ptr_nonnull(r);
    ck_assert(r->completed);
    ck_assert_uint_eq(r->best_ticks, 1800);
    ck_assert_uint_eq(r->fewest_deaths, 1);
    ck_assert_uint_eq(r->most_coins, 6);
    ck_assert_int_eq(p.level_count, 1);
    ck_assert_str_eq(p.last_level, id);
    ck_assert_ptr_null(progress_find(&p, "01-first-steps.json"));
    progress_fini(&p);
}
END_TEST

/* A level of 5 coins and 2 gems. */
static LevelRun run_gems(uint32_t ticks, uint32_t coins, uint32_t gems)
{
    return (LevelRun){
        .ticks = ticks, .coins = coins, .gems = gems, .coins_total = 5, .gems_total = 2};
}

START_TEST(gems_and_the_levels_totals_are_kept)
{
    Progress p = {0};
    unsigned bits;
    progress_init(&p);
    const char *id = "04-leap-of-faith.json";
    ck_assert(progress_record_completion(&p, id, 3, run_gems(900, 3, 0), &bits));
    const LevelRecord *r = progress_find(&p, id);
    ck_assert(r->totals_known);
    ck_assert_uint_eq(r->coins_total, 5);
    ck_assert_uint_eq(r->gems_total, 2);
    ck_assert_uint_eq(r->most_gems, 0);
    /* a gem more, fewer coins: only the gems improve */
    ck_assert(progress_record_completion(&p, id, 3, run_gems(950, 2, 1), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_GEMS);
    ck_assert_uint_eq(r->most_gems, 1);
    ck_assert_uint_eq(r->most_coins, 3);
    /* fewer gems never lowers the best */
    ck_assert(progress_record_completion(&p, id, 3, run_gems(950, 5, 0), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_COINS);
    ck_assert_uint_eq(r->most_gems, 1);
    /* the level was changed (8 coins now, 1 gem): its bests of coins and
    ** gems are this run's, the time still the best of all */
    LevelRun changed = {.ticks = 1000, .coins = 4, .gems = 1, .coins_total = 8, .gems_total = 1};
    ck_assert(progress_record_completion(&p, id, 3, changed, &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_COINS | PROGRESS_BEST_GEMS);
    ck_assert_uint_eq(r->most_coins, 4);
    ck_assert_uint_eq(r->most_gems, 1);
    ck_assert_uint_eq(r->coins_total, 8);
    ck_assert_uint_eq(r->gems_total, 1);
    ck_assert_uint_eq(r->best_ticks, 900);
    /* a run that claims more than the level holds is refused */
    Progress before;
    progress_init(&before);
    ck_assert(progress_copy(&before, &p));
    LevelRun too_many = {.ticks = 10, .coins = 9, .coins_total = 8, .gems_total = 1};
    ck_assert(!progress_record_completion(&p, id, 3, too_many, &bits));
    too_many = (LevelRun){.ticks = 10, .gems = 2, .coins_total = 8, .gems_total = 1};
    ck_assert(!progress_record_completion(&p, id, 3, too_many, &bits));
    ck_assert_uint_eq(bits, 0);
    assert_progress_equal(&p, &before);
    progress_fini(&before);
    progress_fini(&p);
}
END_TEST

/* A record an older version kept (no totals) takes the totals of its next
** completion; its coins stay the best unless they are more than the level
** holds now. */
START_TEST(an_old_record_gains_the_totals_at_its_next_completion)
{
    Progress p = {0};
    char err[256];
    static const char old[] = "{\"format\": 1, \"unlocked\": 3, \"levels\": {"
                              "\"a.json\": {\"completed\": true, \"best_ticks\": 500, "
                              "\"fewest_deaths\": 2, \"most_coins\": 4},"
                              "\"b.json\": {\"completed\": true, \"best_ticks\": 500, "
                              "\"fewest_deaths\": 2, \"most_coins\": 9}}}";
    ck_assert_msg(parse(old, sizeof old - 1, &p, err, sizeof err), "%s", err);
    const LevelRecord *a = progress_find(&p, "a.json"), *b = progress_find(&p, "b.json");
    ck_assert(!a->totals_known && !b->totals_known);
    ck_assert_uint_eq(a->most_gems, 0);
    unsigned bits;
    ck_assert(progress_record_completion(&p, "a.json", 0, run_gems(600, 3, 1), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_DEATHS | PROGRESS_BEST_GEMS);
    ck_assert_uint_eq(a->most_coins, 4); /* 4 of 5 is still the best */
    ck_assert(a->totals_known);
    ck_assert_uint_eq(a->coins_total, 5);
    /* 9 coins cannot have been of a level of 5 */
    ck_assert(progress_record_completion(&p, "b.json", 1, run_gems(600, 3, 1), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_DEATHS | PROGRESS_BEST_COINS | PROGRESS_BEST_GEMS);
    ck_assert_uint_eq(b->most_coins, 3);
    progress_fini(&p);
}
END_TEST

START_TEST(completion_unlocks_the_next_level_only_forward)
{
    Progress p = {0};
    progress_init(&p);
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, run(900, 0, 0), NULL));
    ck_assert_int_eq(p.unlocked, 2);
    ck_assert(progress_is_unlocked(&p, 1));
    ck_assert(!progress_is_unlocked(&p, 2));
    ck_assert(progress_record_completion(&p, "06-spikes.json", 5, run(900, 0, 0), NULL));
    ck_assert_int_eq(p.unlocked, 7);
    /* Replaying an early level never locks later ones again. */
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, run(800, 0, 0), NULL));
    ck_assert_int_eq(p.unlocked, 7);
    /* A level outside the campaign unlocks nothing. */
    ck_assert(progress_record_completion(&p, "my-level.json", -1, run(800, 0, 0), NULL));
    ck_assert_int_eq(p.unlocked, 7);
    ck_assert_str_eq(p.last_level, "my-level.json");
    ck_assert(
        progress_record_completion(&p, "last.json", PROGRESS_MAX_UNLOCKED + 5, run(1, 0, 0), NULL));
    ck_assert_int_eq(p.unlocked, PROGRESS_MAX_UNLOCKED);
    progress_fini(&p);
}
END_TEST

START_TEST(bad_completions_change_nothing)
{
    Progress p = {0};
    unsigned bits = 99;
    progress_init(&p);
    ck_assert(!progress_record_completion(&p, "../escape.json", 0, run(10, 0, 0), &bits));
    ck_assert_uint_eq(bits, 0);
    ck_assert(!progress_record_completion(&p, "", 0, run(10, 0, 0), NULL));
    ck_assert(!progress_record_completion(&p, ".hidden", 0, run(10, 0, 0), NULL));
    ck_assert(!progress_record_completion(&p, "a.json", 0, run(0, 0, 0), NULL));
    assert_defaults(&p);

    /* No cap on records: a thousand levels of other campaigns, or no
    ** longer in this one, and a new completion is still kept. */
    char id[PROGRESS_ID_MAX];
    for (int i = 0; i < 1000; i++) {
        snprintf(id, sizeof id, "level-%03d.json", i);
        ck_assert(progress_record_completion(&p, id, -1, run(10, 0, 0), NULL));
    }
    ck_assert(progress_record_completion(&p, "one-more.json", 3, run(10, 0, 0), &bits));
    ck_assert_uint_eq(bits & PROGRESS_FIRST_CLEAR, PROGRESS_FIRST_CLEAR);
    ck_assert_int_eq(p.level_count, 1001);
    ck_assert_uint_eq(progress_find(&p, "level-999.json")->best_ticks, 10);
    ck_assert(progress_record_completion(&p, "level-007.json", -1, run(5, 0, 0), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_TIME);
    ck_assert(!progress_set_last_level(&p, "a/b.json"));
    ck_assert_str_eq(p.last_level, "level-007.json");
    progress_fini(&p);
}
END_TEST

START_TEST(saved_progress_loads_back_identical)
{
    Scratch sc;
    char path[1100], msg[512], err[512], list[256];
    Progress p = {0}, back = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);

    progress_init(&p);
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    assert_progress_equal(&back, &p);

    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, run(1520, 0, 5), NULL));
    ck_assert(progress_record_completion(&p, "02-mind-the-gap.json", 1,
                                         run(UINT32_MAX, UINT32_MAX, UINT32_MAX), NULL));
    ck_assert(progress_set_last_level(&p, "03-high-and-low.json"));
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    assert_progress_equal(&back, &p);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "progress.json");
    scratch_fini(&sc);
    progress_fini(&p);
    progress_fini(&back);
}
END_TEST

/* A level finished with the Assist says so; once finished without it, it
** does not; the mark is saved, read back, merged, and absent from the
** files of players who never used it, and from older files. */
START_TEST(a_level_finished_with_the_assist_says_so)
{
    Scratch sc;
    char path[1100], msg[512], err[512];
    Progress p, back, other;
    progress_init(&p);
    progress_init(&back);
    progress_init(&other);
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);

    LevelRun helped = run(3000, 0, 5);
    helped.assisted = true;
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, helped, NULL));
    ck_assert(progress_record_completion(&p, "02-mind-the-gap.json", 1, run(2000, 1, 3), NULL));
    ck_assert(progress_find(&p, "01-first-steps.json")->assisted);
    ck_assert(!progress_find(&p, "02-mind-the-gap.json")->assisted);
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    char *text = read_all(path, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\"most_coins\": 5, \"most_gems\": 0, \"coins_total\": 20,"
                                       " \"gems_total\": 0, \"assist\": true }"));
    ck_assert_int_eq(strstr(strstr(text, "\"assist\"") + 1, "\"assist\"") == NULL, 1); /* once */
    free(text);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    assert_progress_equal(&back, &p);

    /* helped again: still assisted; a better time with it is kept all the same */
    helped.ticks = 2500;
    unsigned improved;
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, helped, &improved));
    ck_assert(progress_find(&p, "01-first-steps.json")->assisted);
    ck_assert(improved & PROGRESS_BEST_TIME);
    /* finished without it: the mark goes, and a helped run after does not bring it back */
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, run(3100, 2, 5), NULL));
    ck_assert(!progress_find(&p, "01-first-steps.json")->assisted);
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, helped, NULL));
    ck_assert(!progress_find(&p, "01-first-steps.json")->assisted);

    /* merged: assisted only if both were */
    LevelRun helped2 = run(1900, 0, 3);
    helped2.assisted = true;
    ck_assert(progress_record_completion(&other, "02-mind-the-gap.json", 1, helped2, NULL));
    ck_assert(progress_record_completion(&other, "03-high-and-low.json", 2, helped2, NULL));
    ck_assert(progress_merge(&p, &other));
    ck_assert(!progress_find(&p, "02-mind-the-gap.json")->assisted);
    ck_assert_uint_eq(progress_find(&p, "02-mind-the-gap.json")->best_ticks, 1900);
    ck_assert(progress_find(&p, "03-high-and-low.json")->assisted);

    /* a record without the field (every file before the Assist) is not assisted */
    static const char old[] = "{\"format\": 3, \"campaigns\": {\"main\": {\"unlocked\": 2,"
                              " \"last_level\": \"\", \"levels\": {\"01-first-steps.json\":"
                              " {\"completed\": true, \"best_ticks\": 9, \"fewest_deaths\": 0,"
                              " \"most_coins\": 0}}}}}";
    ck_assert_msg(parse(old, sizeof old - 1, &back, err, sizeof err), "%s", err);
    ck_assert(!progress_find(&back, "01-first-steps.json")->assisted);
    /* one not completed cannot have been finished with help */
    static const char odd[] = "{\"format\": 3, \"campaigns\": {\"main\": {\"unlocked\": 2,"
                              " \"last_level\": \"\", \"levels\": {\"01-first-steps.json\":"
                              " {\"completed\": false, \"best_ticks\": 0, \"fewest_deaths\": 0,"
                              " \"most_coins\": 0, \"assist\": true}}}}}";
    ck_assert(!parse(odd, sizeof odd - 1, &back, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "not completed but assisted"));
    static const char bad[] = "{\"format\": 3, \"campaigns\": {\"main\": {\"unlocked\": 2,"
                              " \"last_level\": \"\", \"levels\": {\"01-first-steps.json\":"
                              " {\"completed\": true, \"best_ticks\": 9, \"fewest_deaths\": 0,"
                              " \"most_coins\": 0, \"assist\": 1}}}}}";
    ck_assert(!parse(bad, sizeof bad - 1, &back, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "assist: expected true or false"));
    scratch_fini(&sc);
    progress_fini(&p);
    progress_fini(&back);
    progress_fini(&other);
}
END_TEST

START_TEST(hand_written_file_is_read)
{
    Progress p = {0};
    char msg[512];
    ck_assert_int_eq(load(SAVE_TEST_DATA "/progress-custom.json", &p, msg, sizeof msg),
                     SAVE_LOADED);
    ck_assert_int_eq(p.unlocked, 4);
    ck_assert_str_eq(p.last_level, "03-high-and-low.json");
    ck_assert_int_eq(p.level_count, 3);
    const LevelRecord *r = progress_find(&p, "02-mind-the-gap.json");
    ck_assert_ptr_nonnull(r);
    ck_assert(r->completed);
    ck_assert_uint_eq(r->best_ticks, 2400);
    ck_assert_uint_eq(r->fewest_deaths, 3);
    ck_assert_uint_eq(r->most_coins, 7);
    /* a file of format 1, as the game wrote it before gems: none, and the
    ** level's totals not known */
    ck_assert_uint_eq(r->most_gems, 0);
    ck_assert(!r->totals_known);
    r = progress_find(&p, "03-high-and-low.json");
    ck_assert_ptr_nonnull(r);
    ck_assert(!r->completed);
    progress_fini(&p);
}
END_TEST

/* The file as this version writes it: gems and the totals of each level. */
START_TEST(a_file_with_gems_and_totals_is_read)
{
    Progress p = {0};
    char msg[512];
    ck_assert_int_eq(load(SAVE_TEST_DATA "/progress-gems.json", &p, msg, sizeof msg), SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    const LevelRecord *r = progress_find(&p, "01-first-steps.json");
    ck_assert(r->completed && r->totals_known);
    ck_assert_uint_eq(r->most_coins, 5);
    ck_assert_uint_eq(r->most_gems, 1);
    ck_assert_uint_eq(r->coins_total, 6);
    ck_assert_uint_eq(r->gems_total, 1);
    /* completed before this version: no totals, gems 0 */
    r = progress_find(&p, "02-mind-the-gap.json");
    ck_assert(r->completed && !r->totals_known);
    ck_assert_uint_eq(r->most_gems, 0);
    r = progress_find(&p, "03-high-and-low.json");
    ck_assert(!r->completed && !r->totals_known);
    progress_fini(&p);
}
END_TEST

/* An old file loaded and saved again is of this version's format, and
** loads back the same. */
START_TEST(an_old_file_is_saved_in_the_new_format)
{
    Scratch sc;
    char path[1100], msg[512], err[512];
    Progress p = {0}, back = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    ck_assert_int_eq(load(SAVE_TEST_DATA "/progress-custom.json", &p, msg, sizeof msg),
                     SAVE_LOADED);
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    char *text = read_all(path, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\"format\": 3,"));
    ck_assert_ptr_nonnull(strstr(text, "\"campaigns\": {\n    \"main\": {"));
    ck_assert_ptr_nonnull(strstr(text, "\"most_gems\": 0"));
    ck_assert_ptr_null(strstr(text, "coins_total")); /* none known: none written */
    free(text);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    assert_progress_equal(&back, &p);
    scratch_fini(&sc);
    progress_fini(&p);
    progress_fini(&back);
}
END_TEST

/* progress_parse takes len bytes of text, with no terminator after them. */
START_TEST(text_in_memory_is_read_to_its_length_and_no_further)
{
    static const char good[] = "{\"format\": 1, \"unlocked\": 3}";
    const size_t len = sizeof good - 1;
    char *text = malloc(len + 1);
    ck_assert_ptr_nonnull(text);
    memcpy(text, good, len);
    text[len] = '}'; /* not part of the text */
    Progress p = {0};
    char err[512] = "";
    ck_assert_msg(parse(text, len, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(p.unlocked, 3);
    free(text);
    progress_fini(&p);
}
END_TEST

typedef struct BadCase {
    const char *text;
    const char *expect;
} BadCase;

/* Each problem is told with the place of the value at fault, and a field by
** its JSON path. */
static const BadCase BAD[] = {
    {"", "progress.json:1:1: the file is empty"},
    {"{\"format\": 1, \"unlocked\": 2", "progress.json:1:28: unexpected end of file"},
    {"\xff\xfe{}", "progress.json:1:1: expected a value, got byte 0xFF (not UTF-8)"},
    {"{\"format\": 1}", "progress.json:1:1: missing \"unlocked\""},
    {"{\"format\": 1, \"unlocked\": 0}",
     "progress.json:1:27: unlocked: expected an integer from 1 to 128, got 0"},
    {"{\"format\": 1, \"unlocked\": \"3\"}",
     "unlocked: expected an integer from 1 to 128, got \"3\""},
    {"{\"format\": 1, \"unlocked\": 1, \"last_level\": 7}",
     "progress.json:1:44: last_level: expected a string, got 7"},
    {"{\"format\": 1, \"unlocked\": 1, \"last_level\": \"../../etc/passwd\"}",
     "last_level: a name may not start with '.'"},
    {"{\"format\": 1, \"unlocked\": 1, \"last_level\": \"levels/a.json\"}",
     "last_level: a file name may use only"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": []}",
     "levels: expected an object, got an array"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": 5}}",
     "progress.json:1:51: levels[\"a.json\"]: expected an object, got 5"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a b.json\": {}}}",
     "progress.json:1:41: levels: level id \"a b.json\": a file name"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true}}}",
     "levels[\"a.json\"]: missing \"best_ticks\""},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 1e300,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}",
     "progress.json:1:85: levels[\"a.json\"].best_ticks: expected an integer from 0 to 4294967295, "
     "got 1e+300"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 4294967296,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}",
     "got 4294967296"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 10,"
     " \"fewest_deaths\": -1, \"most_coins\": 0}}}",
     "levels[\"a.json\"].fewest_deaths: expected an integer"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}",
     "levels[\"a.json\"].best_ticks: must be at least 1 for a completed level"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, "
     "\"best_ticks\": 5,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}",
     "levels[\"a.json\"]: not completed but has bests"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": \"yes\"}}}",
     "levels[\"a.json\"].completed: expected true or false, got \"yes\""},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, "
     "\"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"stars\": 3}}}",
     "progress.json:1:126: levels[\"a.json\"]: unknown key \"stars\""},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {}, \"a.json\": {}}}",
     "progress.json:1:55: levels: duplicate key \"a.json\" (first at 1:41)"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"most_gems\": -1}}}",
     "levels[\"a.json\"].most_gems: expected an integer from 0 to 4294967295, got -1"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"coins_total\": 4}}}",
     "progress.json:1:141: levels[\"a.json\"].coins_total: coins_total and gems_total go together: "
     "gems_total is missing"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 5, \"most_gems\": 0, \"coins_total\": 4, "
     "\"gems_total\": 0}}}",
     "levels[\"a.json\"].most_coins: 5 is more than the level's coins_total, 4"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"most_gems\": 2, \"coins_total\": 4, "
     "\"gems_total\": 1}}}",
     "levels[\"a.json\"].most_gems: 2 is more than the level's gems_total, 1"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, "
     "\"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"most_gems\": 1}}}",
     "levels[\"a.json\"]: not completed but has bests"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, "
     "\"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"coins_total\": 3, \"gems_total\": 1}}}",
     "levels[\"a.json\"]: not completed but has the level's totals"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, "
     "\"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"gems\": 1}}}",
     "levels[\"a.json\"]: unknown key \"gems\""},
};

enum { BAD_COUNT = (int)(sizeof BAD / sizeof BAD[0]) };

static void expect_recovered(const char *path, const void *bytes, size_t len, const char *expect)
{
    char aside[1200], msg[1024];
    Progress p = {0};
    write_bytes(path, bytes, len);
    ck_assert_int_eq(load(path, &p, msg, sizeof msg), SAVE_RECOVERED);
    assert_defaults(&p);
    if (expect != NULL)
        ck_assert_msg(strstr(msg, expect) != NULL, "\"%s\" lacks \"%s\"", msg, expect);
    ck_assert(strncmp(msg, path, strlen(path)) == 0);
    ck_assert_ptr_nonnull(strstr(msg, "using default progress (the file was kept as "));
    ck_assert_ptr_null(strchr(msg, '\n'));
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    size_t got;
    char *kept = read_all(aside, &got);
    ck_assert_uint_eq(got, len);
    ck_assert(memcmp(kept, bytes, len) == 0);
    free(kept);
    ck_assert(!file_exists(path));
    ck_assert_int_eq(unlink(aside), 0);
}

START_TEST(bad_file_gives_defaults_and_is_kept_aside)
{
    Scratch sc;
    char path[1100];
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    expect_recovered(path, BAD[_i].text, strlen(BAD[_i].text), BAD[_i].expect);
    scratch_fini(&sc);
}
END_TEST

START_TEST(every_truncation_of_a_good_file_is_recovered)
{
    Scratch sc;
    char path[1100], msg[512];
    Progress p = {0};
    size_t len;
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    char *good = read_all(SAVE_TEST_DATA "/progress-custom.json", &len);
    ck_assert_uint_gt(len, 2);
    ck_assert_str_eq(good + len - 2, "}\n");
    /* Every prefix that stops before the closing brace. */
    for (size_t cut = 0; cut + 1 < len; cut++)
        expect_recovered(path, good, cut, NULL);
    write_bytes(path, good, len);
    ck_assert_int_eq(load(path, &p, msg, sizeof msg), SAVE_LOADED);
    free(good);
    scratch_fini(&sc);
    progress_fini(&p);
}
END_TEST

START_TEST(good_save_after_bad_load_keeps_the_bad_file)
{
    Scratch sc;
    char path[1100], msg[512], err[512], list[256];
    Progress p = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    write_text(path, "{\"format\": 1, \"unlocked\": 99999}");
    ck_assert_int_eq(load(path, &p, msg, sizeof msg), SAVE_RECOVERED);
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, run(100, 0, 0), NULL));
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "progress.json progress.json.bad-1");
    char aside[1200];
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    char *kept = read_all(aside, NULL);
    ck_assert_str_eq(kept, "{\"format\": 1, \"unlocked\": 99999}");
    free(kept);
    ck_assert_int_eq(load(path, &p, msg, sizeof msg), SAVE_LOADED);
    ck_assert_int_eq(p.unlocked, 2);
    scratch_fini(&sc);
    progress_fini(&p);
}
END_TEST

/* The game shows the notice: it names the file, the place, the problem and
** the copy kept, and goes on the caller's list after what is there. */
START_TEST(corrupt_progress_is_a_notice_naming_the_backup)
{
    Scratch sc;
    char path[1100], aside[1200], want[1400], line[1600];
    Progress p = {0};
    SaveNotices notices = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    save_notices_add(&notices, "settings.json", 2, 3, "an earlier notice");
    write_text(path, "{\n  \"format\": 1,\n  \"unlocked\": \"three\"\n}\n");
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &p, &notices), SAVE_RECOVERED);
    assert_defaults(&p);
    ck_assert_int_eq(notices.count, 2);
    ck_assert_str_eq(notices.list[0].message, "an earlier notice");
    const SaveNotice *n = &notices.list[1];
    ck_assert_str_eq(n->file, path);
    ck_assert_int_eq(n->line, 3);
    ck_assert_int_eq(n->col, 15);
    /* the copy by its name: it is beside the file the notice names */
    snprintf(want, sizeof want,
             "unlocked: expected an integer from 1 to 128, got \"three\"; "
             "using default progress (the file was kept as progress.json.bad-1)");
    ck_assert_str_eq(n->message, want);
    save_notice_format(n, line, sizeof line);
    snprintf(want, sizeof want, "%s:3:15: unlocked: expected", path);
    ck_assert_msg(strncmp(line, want, strlen(want)) == 0, "%s", line);
    ck_assert(file_exists(aside));
    ck_assert(!file_exists(path));

    /* And on the terminal, one line each. */
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    save_notices_print(&notices, f, "platformer");
    rewind(f);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "platformer: settings.json:2:3: an earlier notice\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(strstr(line, "(the file was kept as "));
    ck_assert_ptr_null(fgets(line, sizeof line, f));
    fclose(f);
    scratch_fini(&sc);
    progress_fini(&p);
}
END_TEST

/* A format another version wrote is named, and so is the one this reads. */
START_TEST(format_fields_name_the_format_read)
{
    Progress p = {0};
    char err[512];
    static const char text[] = "{\"format\": \"1\", \"unlocked\": 1}";
    ck_assert(!parse(text, sizeof text - 1, &p, err, sizeof err));
    ck_assert_str_eq(err, "1:12: format: expected 1, 2 or 3, got \"1\"");
    static const char newer[] = "{\"format\": 4, \"campaigns\": {}}";
    ck_assert(!parse(newer, sizeof newer - 1, &p, err, sizeof err));
    ck_assert_str_eq(err, "1:12: format: this version reads format 3, not 4");
    static const char half[] = "{\"format\": 1.5, \"unlocked\": 1}";
    ck_assert(!parse(half, sizeof half - 1, &p, err, sizeof err));
    ck_assert_str_eq(err, "1:12: format: expected 1, 2 or 3, got 1.5");
    /* every format this version knows is read */
    static const char three[] = "{\"format\": 3, \"campaigns\": {\"main\": {\"unlocked\": 2}}}";
    ck_assert_msg(parse(three, sizeof three - 1, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(p.unlocked, 2);
    static const char one[] = "{\"format\": 1, \"unlocked\": 2}",
                      two[] = "{\"format\": 2, \"unlocked\": 2}";
    ck_assert_msg(parse(one, sizeof one - 1, &p, err, sizeof err), "%s", err);
    ck_assert_msg(parse(two, sizeof two - 1, &p, err, sizeof err), "%s", err);
    progress_fini(&p);
}
END_TEST

START_TEST(save_refuses_a_malformed_progress)
{
    Scratch sc;
    char path[1100], err[512];
    Progress p = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    progress_init(&p);
    p.unlocked = 0;
    ck_assert(!save(path, &p, err, sizeof err));
    progress_init(&p);
    p.levels = calloc(2, sizeof *p.levels);
    ck_assert_ptr_nonnull(p.levels);
    p.level_count = p.level_cap = 2; /* two records with the same (empty) id */
    ck_assert(!save(path, &p, err, sizeof err));
    ck_assert(!file_exists(path));
    scratch_fini(&sc);
    progress_fini(&p);
}
END_TEST

/* ---- campaigns ------------------------------------------------------------------ */

/* The text of one campaign's record in a file this version wrote: from its
** key to its closing brace. */
static char *record_text(const char *path, const char *campaign)
{
    char *text = read_all(path, NULL), key[256];
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

/* A custom campaign of two levels played after the main one, and the main
** one after it: each keeps its own record, and a record nobody touched is
** written back byte for byte. */
START_TEST(each_campaign_keeps_a_record_of_its_own)
{
    Scratch sc;
    char path[1100], err[512];
    const char *custom = "folder:/home/pip/two-levels";
    Progress main = {0}, two = {0}, back = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    progress_init(&main);
    for (int i = 0; i < 19; i++) {
        char id[32];
        snprintf(id, sizeof id, "%02d-level.json", i + 1);
        ck_assert(progress_record_completion(&main, id, i, run(1000 + (uint32_t)i, 0, 3), NULL));
    }
    ck_assert_int_eq(main.unlocked, 20);
    ck_assert_msg(progress_save(path, PROGRESS_MAIN, &main, NULL, err, sizeof err), "%s", err);
    char *main_before = record_text(path, PROGRESS_MAIN);

    /* the custom campaign starts from nothing, and its saves leave main be */
    ck_assert_int_eq(progress_load(path, custom, &two, NULL), SAVE_LOADED);
    assert_defaults(&two);
    ck_assert(progress_set_last_level(&two, "a.json"));
    ck_assert_msg(progress_save(path, custom, &two, NULL, err, sizeof err), "%s", err);
    ck_assert(progress_record_completion(&two, "a.json", 0, run(300, 1, 1), NULL));
    ck_assert_msg(progress_save(path, custom, &two, NULL, err, sizeof err), "%s", err);
    char *main_after = record_text(path, PROGRESS_MAIN);
    ck_assert_str_eq(main_after, main_before);
    free(main_after);

    /* main again: all 20 open, its bests whole; then the custom one's
    ** record is untouched by main's save */
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &back, NULL), SAVE_LOADED);
    assert_progress_equal(&back, &main);
    char *two_before = record_text(path, custom);
    ck_assert(progress_record_completion(&back, "20-level.json", 19, run(999, 0, 0), NULL));
    ck_assert_msg(progress_save(path, PROGRESS_MAIN, &back, NULL, err, sizeof err), "%s", err);
    char *two_after = record_text(path, custom);
    ck_assert_str_eq(two_after, two_before);
    ck_assert_int_eq(progress_load(path, custom, &two, NULL), SAVE_LOADED);
    ck_assert_int_eq(two.unlocked, 2);
    ck_assert_uint_eq(progress_find(&two, "a.json")->best_ticks, 300);
    free(main_before);
    free(two_before);
    free(two_after);
    progress_fini(&main);
    progress_fini(&two);
    progress_fini(&back);
    scratch_fini(&sc);
}
END_TEST

/* The file of format 2, one record that every campaign shared: it is the
** main campaign's, with every record (even of levels no campaign lists),
** and the first save of another campaign keeps it whole. */
START_TEST(a_file_of_one_record_becomes_the_main_campaigns)
{
    Scratch sc;
    char path[1100], err[512], msg[512];
    Progress old = {0}, other = {0}, back = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    copy_file(SAVE_TEST_DATA "/progress-gems.json", path);
    ck_assert_int_eq(load(path, &old, msg, sizeof msg), SAVE_LOADED);
    ck_assert_int_eq(old.level_count, 3);
    ck_assert_int_eq(progress_load(path, "pack:friends", &other, NULL), SAVE_LOADED);
    assert_defaults(&other);
    ck_assert(progress_record_completion(&other, "x.json", 0, run(50, 0, 0), NULL));
    ck_assert_msg(progress_save(path, "pack:friends", &other, NULL, err, sizeof err), "%s", err);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    assert_progress_equal(&back, &old);
    ck_assert_ptr_null(progress_find(&back, "x.json"));
    char list[256];
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "progress.json");
    progress_fini(&old);
    progress_fini(&other);
    progress_fini(&back);
    scratch_fini(&sc);
}
END_TEST

/* Two copies of the game load the same file; each completes a level and
** saves: neither loses the other's completion, and the second to save
** knows of both. */
START_TEST(two_copies_never_lose_each_others_completions)
{
    Scratch sc;
    char path[1100], err[512], msg[512];
    Progress a = {0}, b = {0}, back = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    copy_file(SAVE_TEST_DATA "/progress-gems.json", path);
    ck_assert_int_eq(load(path, &a, msg, sizeof msg), SAVE_LOADED);
    ck_assert_int_eq(load(path, &b, msg, sizeof msg), SAVE_LOADED);
    /* b finishes level 4 and saves; a, knowing nothing of it, finishes 5
    ** and improves level 1's time */
    ck_assert(progress_record_completion(&b, "04-leap.json", 3, run_gems(700, 2, 1), NULL));
    ck_assert_msg(save(path, &b, err, sizeof err), "%s", err);
    ck_assert(progress_record_completion(&a, "05-walkers.json", 4, run_gems(800, 1, 0), NULL));
    ck_assert(progress_record_completion(
        &a, "01-first-steps.json", 0,
        (LevelRun){.ticks = 1400, .coins = 4, .coins_total = 6, .gems_total = 1}, NULL));
    ck_assert_msg(save(path, &a, err, sizeof err), "%s", err);
    ck_assert_ptr_nonnull(progress_find(&a, "04-leap.json")); /* a knows now */
    ck_assert_int_eq(a.unlocked, 6);
    ck_assert_str_eq(a.last_level, "01-first-steps.json");
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    assert_progress_equal(&back, &a);
    const LevelRecord *r = progress_find(&back, "01-first-steps.json");
    ck_assert_uint_eq(r->best_ticks, 1400); /* a's better time */
    ck_assert_uint_eq(r->most_coins, 5);    /* the file's better coins */
    ck_assert_uint_eq(r->most_gems, 1);
    ck_assert_uint_eq(progress_find(&back, "04-leap.json")->best_ticks, 700);
    ck_assert_uint_eq(progress_find(&back, "05-walkers.json")->best_ticks, 800);
    progress_fini(&a);
    progress_fini(&b);
    progress_fini(&back);
    scratch_fini(&sc);
}
END_TEST

/* Merging keeps the better of each best, of the same version of a level. */
START_TEST(a_merge_keeps_the_better_of_each_best)
{
    Progress a, b;
    progress_init(&a);
    progress_init(&b);
    ck_assert(progress_record_completion(&a, "l.json", 2, run_gems(900, 5, 0), NULL));
    ck_assert(progress_record_completion(&b, "l.json", 0, run_gems(800, 1, 2), NULL));
    b.levels[0].fewest_deaths = 7;
    ck_assert(progress_record_completion(&b, "m.json", 0, run(10, 0, 0), NULL));
    ck_assert(progress_merge(&a, &b));
    const LevelRecord *r = progress_find(&a, "l.json");
    ck_assert_uint_eq(r->best_ticks, 800);
    ck_assert_uint_eq(r->fewest_deaths, 0);
    ck_assert_uint_eq(r->most_coins, 5);
    ck_assert_uint_eq(r->most_gems, 2);
    ck_assert_ptr_nonnull(progress_find(&a, "m.json"));
    ck_assert_int_eq(a.unlocked, 4);
    ck_assert_str_eq(a.last_level, "l.json");
    /* another version of the level (other totals): coins and gems stand */
    progress_fini(&b);
    ck_assert(progress_record_completion(
        &b, "l.json", 0, (LevelRun){.ticks = 5, .coins = 9, .coins_total = 9}, NULL));
    ck_assert(progress_merge(&a, &b));
    ck_assert_uint_eq(r->best_ticks, 5);
    ck_assert_uint_eq(r->most_coins, 5);
    ck_assert_uint_eq(r->coins_total, 5);
    /* a record not completed adds nothing to one that is */
    progress_fini(&b);
    progress_fini(&a);
}
END_TEST

/* A record an earlier version cut short ("unlocked": 2 of a campaign of 20
** whose 19 first levels are completed) opens them all again. */
START_TEST(completed_levels_open_the_next_ones_again)
{
    Campaign *c = calloc(1, sizeof *c);
    ck_assert_ptr_nonnull(c);
    c->count = 20;
    Progress p;
    progress_init(&p);
    for (int i = 0; i < 20; i++)
        snprintf(c->levels[i].file, sizeof c->levels[i].file, "%02d.json", i + 1);
    for (int i = 0; i < 19; i += 2) /* every other one, as if played from the select */
        ck_assert(progress_record_completion(&p, c->levels[i].file, -1, run(9, 0, 0), NULL));
    p.unlocked = 2;
    progress_unlock_completed(&p, c);
    ck_assert_int_eq(p.unlocked, 20);
    p.unlocked = 30; /* never closes */
    progress_unlock_completed(&p, c);
    ck_assert_int_eq(p.unlocked, 30);
    progress_fini(&p);
    free(c);
}
END_TEST

START_TEST(campaign_ids_say_where_the_campaign_comes_from)
{
    char id[PROGRESS_CAMPAIGN_MAX];
    ck_assert(progress_campaign_pack("friends", id, sizeof id));
    ck_assert_str_eq(id, "pack:friends");
    ck_assert(!progress_campaign_pack("../x", id, sizeof id));
    ck_assert(progress_campaign_folder("/home/pip/my levels", id, sizeof id));
    ck_assert_str_eq(id, "folder:/home/pip/my levels");
    ck_assert(progress_campaign_folder("/a/100%/\xc3\xa9t\xc3\xa9/\xff\x01", id, sizeof id));
    ck_assert_str_eq(id, "folder:/a/100%25/\xc3\xa9t\xc3\xa9/%FF%01");
    ck_assert(progress_campaign_valid(id));
    ck_assert(!progress_campaign_folder("/a/b", id, 9));
    ck_assert(!progress_campaign_valid(""));
    ck_assert(!progress_campaign_valid("a\nb"));
    ck_assert(!progress_campaign_valid("\xff"));
    /* a whole path of 4095 bytes of bytes that are not text still fits */
    static char path[4096];
    memset(path, 0xfe, sizeof path - 1);
    ck_assert(progress_campaign_folder(path, id, sizeof id));
    ck_assert(progress_campaign_valid(id));
}
END_TEST

/* ---- what the disk and the system do ------------------------------------------- */

/* A file that cannot be opened for want of file descriptors is good as far
** as anyone knows: it is not set aside, the player is told, a save then is
** refused rather than write over what it holds, and once descriptors are
** back the next save keeps every record. */
START_TEST(a_file_that_cannot_be_read_now_is_left_as_it_is)
{
    Scratch sc;
    char path[1100], err[1024], list[256];
    Progress p = {0}, back = {0}, old = {0};
    SaveNotices notices = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    copy_file(SAVE_TEST_DATA "/progress-gems.json", path);
    size_t len;
    char *before = read_all(path, &len);
    Exhausted x;
    exhaust_fds(&x, 64);
    SaveLoad got = progress_load(path, PROGRESS_MAIN, &p, &notices);
    give_back_fds(&x);
    ck_assert_int_eq(got, SAVE_UNREADABLE);
    assert_defaults(&p);
    ck_assert_int_eq(notices.count, 1);
    ck_assert_str_eq(notices.list[0].file, path);
    ck_assert_msg(strstr(notices.list[0].message, "Too many open files") != NULL &&
                      strstr(notices.list[0].message, "the file is left as it is") != NULL,
                  "%s", notices.list[0].message);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "progress.json");

    ck_assert(progress_record_completion(&p, "09-new.json", 8, run(77, 0, 0), NULL));
    exhaust_fds(&x, 64);
    bool saved = save(path, &p, err, sizeof err);
    give_back_fds(&x);
    ck_assert(!saved);
    ck_assert_msg(strstr(err, "Too many open files") != NULL && strstr(err, "unchanged") != NULL,
                  "%s", err);
    char *now = read_all(path, NULL);
    ck_assert_str_eq(now, before);
    free(now);

    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &back, NULL), SAVE_LOADED);
    ck_assert(parse(before, len, &old, err, sizeof err));
    for (int i = 0; i < old.level_count; i++) {
        const LevelRecord *r = progress_find(&back, old.levels[i].id);
        ck_assert_ptr_nonnull(r);
        ck_assert_mem_eq(r, &old.levels[i], sizeof *r);
    }
    ck_assert_uint_eq(progress_find(&back, "09-new.json")->best_ticks, 77);
    ck_assert_int_eq(back.unlocked, 10);
    free(before);
    progress_fini(&p);
    progress_fini(&back);
    progress_fini(&old);
    scratch_fini(&sc);
}
END_TEST

/* progress.json linked in from elsewhere (a dotfiles folder) is written
** through the link: the link stays, the file it names is the new one. */
START_TEST(a_linked_file_is_written_through_its_link)
{
    Scratch sc, elsewhere;
    char path[1100], target[1100], err[512], link[1200];
    Progress p = {0};
    scratch_init(&sc);
    scratch_init(&elsewhere);
    scratch_path(&sc, "progress.json", path, sizeof path);
    scratch_path(&elsewhere, "kept.json", target, sizeof target);
    copy_file(SAVE_TEST_DATA "/progress-gems.json", target);
    ck_assert_int_eq(symlink(target, path), 0);
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &p, NULL), SAVE_LOADED);
    ck_assert(progress_record_completion(&p, "04-new.json", 3, run(5, 0, 0), NULL));
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    ssize_t n = readlink(path, link, sizeof link - 1);
    ck_assert_int_gt(n, 0);
    link[n] = '\0';
    ck_assert_str_eq(link, target);
    char *text = read_all(target, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\"04-new.json\""));
    ck_assert_ptr_nonnull(strstr(text, "\"01-first-steps.json\""));
    free(text);
    char list[256];
    scratch_list(&elsewhere, list, sizeof list);
    ck_assert_str_eq(list, "kept.json");
    progress_fini(&p);
    scratch_fini(&sc);
    scratch_fini(&elsewhere);
}
END_TEST

/* The temporary files of saves killed half way are removed at the next
** load; one of a copy of the game still running is not. */
START_TEST(a_killed_saves_temporaries_go_at_the_next_start)
{
    Scratch sc;
    char path[1100], dead[1200], live[1200], list[512];
    Progress p = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    copy_file(SAVE_TEST_DATA "/progress-gems.json", path);
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0)
        _exit(0);
    ck_assert_int_eq(waitpid(child, NULL, 0), child); /* a process id no one has now */
    snprintf(dead, sizeof dead, "%s.tmp-%ld-0", path, (long)child);
    snprintf(live, sizeof live, "%s.tmp-%ld-3", path, (long)getppid());
    write_text(dead, "{\"format\": 3, \"camp");
    write_text(live, "{\"format\": 3, \"campaigns\": {");
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &p, NULL), SAVE_LOADED);
    ck_assert(!file_exists(dead));
    ck_assert(file_exists(live));
    scratch_list(&sc, list, sizeof list);
    char want[512];
    snprintf(want, sizeof want, "progress.json progress.json.tmp-%ld-3", (long)getppid());
    ck_assert_str_eq(list, want);
    progress_fini(&p);
    scratch_fini(&sc);
}
END_TEST

/* Progress that would not fit in what the game reads back is refused with
** a message, never written to be lost at the next start. */
START_TEST(progress_too_large_to_read_back_is_not_written)
{
    Scratch sc;
    char path[1100], err[512];
    Progress p;
    progress_init(&p);
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    for (int i = 0; i < 12000; i++) {
        char id[PROGRESS_ID_MAX];
        snprintf(id, sizeof id, "a-level-of-a-long-name-%05d.json", i);
        ck_assert(progress_record_completion(&p, id, -1, run(10, 0, 0), NULL));
    }
    ck_assert(!save(path, &p, err, sizeof err));
    ck_assert_msg(strstr(err, "more than the 1048576 the game reads back") != NULL, "%s", err);
    ck_assert(!file_exists(path));
    progress_fini(&p);
    scratch_fini(&sc);
}
END_TEST

/* ---- a full disk ------------------------------------------------------------------ */

/* The file size limit (RLIMIT_FSIZE) as a disk that is full past the old
** file's size: the save fails with the reason, the old file is whole and
** no temporary is left; with room again, the next save writes it all. */
START_TEST(a_full_disk_keeps_the_old_file_and_the_next_save_writes_it_all)
{
    Scratch sc;
    char path[1100], err[1024], list[256];
    Progress p = {0}, back = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    copy_file(SAVE_TEST_DATA "/progress-gems.json", path);
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &p, NULL), SAVE_LOADED);
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    size_t len;
    char *before = read_all(path, &len);
    for (int i = 0; i < 20; i++) {
        char id[32];
        snprintf(id, sizeof id, "%02d-more.json", i + 4);
        ck_assert(progress_record_completion(&p, id, i + 3, run(100, 0, 0), NULL));
    }
    struct rlimit old, full;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    full = (struct rlimit){(rlim_t)len, old.rlim_max};
    signal(SIGXFSZ, SIG_IGN); /* a write past the limit fails with EFBIG, as ENOSPC would */
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &full), 0);
    bool saved = save(path, &p, err, sizeof err);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
    ck_assert(!saved);
    ck_assert_msg(strstr(err, strerror(EFBIG)) != NULL &&
                      strstr(err, "the previous file is unchanged") != NULL,
                  "%s", err);
    char *now = read_all(path, NULL);
    ck_assert_str_eq(now, before);
    free(now);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "progress.json");
    /* room again */
    ck_assert_msg(save(path, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &back, NULL), SAVE_LOADED);
    assert_progress_equal(&back, &p);
    ck_assert_int_eq(back.unlocked, 24);
    free(before);
    progress_fini(&p);
    progress_fini(&back);
    scratch_fini(&sc);
}
END_TEST

/* In a folder whose path takes 3,000 bytes, a failed save's message and a
** corrupt file's notice are whole: the path, then the reason and what was
** done, nothing cut at 512 bytes. */
START_TEST(messages_about_a_deep_folder_are_whole)
{
    Scratch sc;
    scratch_init(&sc);
    char deep[4096], path[4200], err[8192];
    int n = snprintf(deep, sizeof deep, "%s", sc.dir);
    while (n < 3000) {
        deep[n++] = '/';
        memset(deep + n, 'd', 200);
        n += 200;
        deep[n] = '\0';
        ck_assert_int_eq(mkdir(deep, 0755), 0);
    }
    snprintf(path, sizeof path, "%s/progress.json", deep);
    Progress p;
    progress_init(&p);
    ck_assert(progress_record_completion(&p, "a.json", 0, run(100, 0, 0), NULL));
    struct rlimit old, full;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    full = (struct rlimit){16, old.rlim_max};
    signal(SIGXFSZ, SIG_IGN);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &full), 0);
    bool saved = save(path, &p, err, sizeof err);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
    ck_assert(!saved);
    char want[8192];
    snprintf(want, sizeof want, "cannot save %s: write failed: %s; the previous file is unchanged",
             path, strerror(EFBIG));
    ck_assert_str_eq(err, want);

    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"format\": 3, \"campaigns\": 7}\n", f);
    ck_assert_int_eq(fclose(f), 0);
    SaveNotices notices = {0};
    ck_assert_int_eq(progress_load(path, PROGRESS_MAIN, &p, &notices), SAVE_RECOVERED);
    ck_assert_int_eq(notices.count, 1);
    char line[SAVE_NOTICE_FILE_MAX + SAVE_NOTICE_MESSAGE_MAX + 32];
    save_notice_format(&notices.list[0], line, sizeof line);
    ck_assert_msg(strncmp(line, path, strlen(path)) == 0 &&
                      strstr(line, "using default progress (the file was kept as"
                                   " progress.json.bad-1)") != NULL,
                  "%s", line);
    progress_fini(&p);
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'/d*", sc.dir);
    ck_assert_int_eq(system(cmd), 0);
    scratch_fini(&sc);
}
END_TEST

static Suite *progress_suite(void)
{
    Suite *s = suite_create("save_progress");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, missing_file_gives_a_fresh_start);
    tcase_add_test(tc, completion_keeps_each_best_separately);
    tcase_add_test(tc, gems_and_the_levels_totals_are_kept);
    tcase_add_test(tc, an_old_record_gains_the_totals_at_its_next_completion);
    tcase_add_test(tc, completion_unlocks_the_next_level_only_forward);
    tcase_add_test(tc, bad_completions_change_nothing);
    tcase_add_test(tc, saved_progress_loads_back_identical);
    tcase_add_test(tc, a_level_finished_with_the_assist_says_so);
    tcase_add_test(tc, hand_written_file_is_read);
    tcase_add_test(tc, a_file_with_gems_and_totals_is_read);
    tcase_add_test(tc, an_old_file_is_saved_in_the_new_format);
    tcase_add_test(tc, text_in_memory_is_read_to_its_length_and_no_further);
    tcase_add_loop_test(tc, bad_file_gives_defaults_and_is_kept_aside, 0, BAD_COUNT);
    tcase_add_test(tc, every_truncation_of_a_good_file_is_recovered);
    tcase_add_test(tc, good_save_after_bad_load_keeps_the_bad_file);
    tcase_add_test(tc, corrupt_progress_is_a_notice_naming_the_backup);
    tcase_add_test(tc, format_fields_name_the_format_read);
    tcase_add_test(tc, save_refuses_a_malformed_progress);
    tcase_add_test(tc, each_campaign_keeps_a_record_of_its_own);
    tcase_add_test(tc, a_file_of_one_record_becomes_the_main_campaigns);
    tcase_add_test(tc, two_copies_never_lose_each_others_completions);
    tcase_add_test(tc, a_merge_keeps_the_better_of_each_best);
    tcase_add_test(tc, completed_levels_open_the_next_ones_again);
    tcase_add_test(tc, campaign_ids_say_where_the_campaign_comes_from);
    tcase_add_test(tc, a_file_that_cannot_be_read_now_is_left_as_it_is);
    tcase_add_test(tc, a_linked_file_is_written_through_its_link);
    tcase_add_test(tc, a_killed_saves_temporaries_go_at_the_next_start);
    tcase_add_test(tc, progress_too_large_to_read_back_is_not_written);
    tcase_add_test(tc, messages_about_a_deep_folder_are_whole);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    /* also run alone, as the ctest save_full_disk */
    tc = tcase_create("full_disk");
    tcase_add_test(tc, a_full_disk_keeps_the_old_file_and_the_next_save_writes_it_all);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(progress_suite());
}
