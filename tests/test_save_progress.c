/* SPDX-License-Identifier: Zlib */
/* test_save_progress.c -- progress.json: bests only improve, bad files kept aside. */
#include "save/fixture.h"

#include "progress.h"
#include "check_run.h"

/* A completion of a level of 20 coins (or as many as it took) and no gems. */
static LevelRun run(uint32_t ticks, uint32_t deaths, uint32_t coins)
{
    return (LevelRun){.ticks = ticks, .deaths = deaths, .coins = coins,
                      .coins_total = coins > 20 ? coins : 20};
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
    }
}

static void assert_defaults(const Progress *p)
{
    ck_assert_int_eq(p->unlocked, 1);
    ck_assert_str_eq(p->last_level, "");
    ck_assert_int_eq(p->level_count, 0);
}

/* progress_load, with what the player is told in msg: "" when nothing, else
** the one notice of a file set aside. */
static SaveLoad load(const char *path, Progress *p, char *msg, size_t cap)
{
    SaveNotices notices = {0};
    SaveLoad got = progress_load(path, p, &notices);
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
    Progress p;
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    ck_assert_int_eq(load(path, &p, msg, sizeof msg), SAVE_MISSING);
    ck_assert_str_eq(msg, "");
    assert_defaults(&p);
    ck_assert(progress_is_unlocked(&p, 0));
    ck_assert(!progress_is_unlocked(&p, 1));
    ck_assert(!progress_is_unlocked(&p, -1));
    scratch_fini(&sc);
}
END_TEST

START_TEST(completion_keeps_each_best_separately)
{
    Progress p;
    unsigned bits;
    progress_defaults(&p);
    const char *id = "02-mind-the-gap.json";

    ck_assert(progress_record_completion(&p, id, 1, run(2000, 3, 4), &bits));
    ck_assert_uint_eq(bits, PROGRESS_FIRST_CLEAR | PROGRESS_BEST_TIME | PROGRESS_BEST_DEATHS
                                | PROGRESS_BEST_COINS | PROGRESS_BEST_GEMS);
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
}
END_TEST

/* A level of 5 coins and 2 gems. */
static LevelRun run_gems(uint32_t ticks, uint32_t coins, uint32_t gems)
{
    return (LevelRun){.ticks = ticks, .coins = coins, .gems = gems, .coins_total = 5, .gems_total = 2};
}

START_TEST(gems_and_the_levels_totals_are_kept)
{
    Progress p;
    unsigned bits;
    progress_defaults(&p);
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
    Progress before = p;
    LevelRun too_many = {.ticks = 10, .coins = 9, .coins_total = 8, .gems_total = 1};
    ck_assert(!progress_record_completion(&p, id, 3, too_many, &bits));
    too_many = (LevelRun){.ticks = 10, .gems = 2, .coins_total = 8, .gems_total = 1};
    ck_assert(!progress_record_completion(&p, id, 3, too_many, &bits));
    ck_assert_uint_eq(bits, 0);
    ck_assert_mem_eq(&p, &before, sizeof p);
}
END_TEST

/* A record an older version kept (no totals) takes the totals of its next
** completion; its coins stay the best unless they are more than the level
** holds now. */
START_TEST(an_old_record_gains_the_totals_at_its_next_completion)
{
    Progress p;
    char err[256];
    static const char old[] = "{\"format\": 1, \"unlocked\": 3, \"levels\": {"
                              "\"a.json\": {\"completed\": true, \"best_ticks\": 500, \"fewest_deaths\": 2, \"most_coins\": 4},"
                              "\"b.json\": {\"completed\": true, \"best_ticks\": 500, \"fewest_deaths\": 2, \"most_coins\": 9}}}";
    ck_assert_msg(progress_parse(old, sizeof old - 1, &p, err, sizeof err), "%s", err);
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
}
END_TEST

START_TEST(completion_unlocks_the_next_level_only_forward)
{
    Progress p;
    progress_defaults(&p);
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
    ck_assert(progress_record_completion(&p, "last.json", PROGRESS_MAX_LEVELS + 5, run(1, 0, 0), NULL));
    ck_assert_int_eq(p.unlocked, PROGRESS_MAX_LEVELS);
}
END_TEST

START_TEST(bad_completions_change_nothing)
{
    Progress p, before;
    unsigned bits = 99;
    progress_defaults(&p);
    ck_assert(!progress_record_completion(&p, "../escape.json", 0, run(10, 0, 0), &bits));
    ck_assert_uint_eq(bits, 0);
    ck_assert(!progress_record_completion(&p, "", 0, run(10, 0, 0), NULL));
    ck_assert(!progress_record_completion(&p, ".hidden", 0, run(10, 0, 0), NULL));
    ck_assert(!progress_record_completion(&p, "a.json", 0, run(0, 0, 0), NULL));
    assert_defaults(&p);

    char id[PROGRESS_ID_MAX];
    for (int i = 0; i < PROGRESS_MAX_LEVELS; i++) {
        snprintf(id, sizeof id, "level-%03d.json", i);
        ck_assert(progress_record_completion(&p, id, -1, run(10, 0, 0), NULL));
    }
    before = p;
    ck_assert(!progress_record_completion(&p, "one-too-many.json", 3, run(10, 0, 0), NULL));
    assert_progress_equal(&p, &before);
    /* A level already known still records when the table is full. */
    ck_assert(progress_record_completion(&p, "level-007.json", -1, run(5, 0, 0), &bits));
    ck_assert_uint_eq(bits, PROGRESS_BEST_TIME);
    ck_assert(!progress_set_last_level(&p, "a/b.json"));
    ck_assert_str_eq(p.last_level, "level-007.json");
}
END_TEST

START_TEST(saved_progress_loads_back_identical)
{
    Scratch sc;
    char path[1100], msg[512], err[512], list[256];
    Progress p, back;
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);

    progress_defaults(&p);
    ck_assert(progress_save(path, &p, err, sizeof err));
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    assert_progress_equal(&back, &p);

    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, run(1520, 0, 5), NULL));
    ck_assert(progress_record_completion(&p, "02-mind-the-gap.json", 1, run(UINT32_MAX, UINT32_MAX, UINT32_MAX), NULL));
    ck_assert(progress_set_last_level(&p, "03-high-and-low.json"));
    ck_assert_msg(progress_save(path, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    ck_assert_str_eq(msg, "");
    assert_progress_equal(&back, &p);
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "progress.json");
    scratch_fini(&sc);
}
END_TEST

START_TEST(hand_written_file_is_read)
{
    Progress p;
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
}
END_TEST

/* The file as this version writes it: gems and the totals of each level. */
START_TEST(a_file_with_gems_and_totals_is_read)
{
    Progress p;
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
}
END_TEST

/* An old file loaded and saved again is of this version's format, and
** loads back the same. */
START_TEST(an_old_file_is_saved_in_the_new_format)
{
    Scratch sc;
    char path[1100], msg[512], err[512];
    Progress p, back;
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    ck_assert_int_eq(load(SAVE_TEST_DATA "/progress-custom.json", &p, msg, sizeof msg), SAVE_LOADED);
    ck_assert(progress_save(path, &p, err, sizeof err));
    char *text = read_all(path, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\"format\": 2,"));
    ck_assert_ptr_nonnull(strstr(text, "\"most_gems\": 0"));
    ck_assert_ptr_null(strstr(text, "coins_total")); /* none known: none written */
    free(text);
    ck_assert_int_eq(load(path, &back, msg, sizeof msg), SAVE_LOADED);
    assert_progress_equal(&back, &p);
    scratch_fini(&sc);
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
    Progress p;
    char err[512] = "";
    ck_assert_msg(progress_parse(text, len, &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(p.unlocked, 3);
    free(text);
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
    {"{\"format\": 1, \"unlocked\": 0}", "progress.json:1:27: unlocked: expected an integer from 1 to 128, got 0"},
    {"{\"format\": 1, \"unlocked\": \"3\"}", "unlocked: expected an integer from 1 to 128, got \"3\""},
    {"{\"format\": 1, \"unlocked\": 1, \"last_level\": 7}", "progress.json:1:44: last_level: expected a string, got 7"},
    {"{\"format\": 1, \"unlocked\": 1, \"last_level\": \"../../etc/passwd\"}",
     "last_level: a name may not start with '.'"},
    {"{\"format\": 1, \"unlocked\": 1, \"last_level\": \"levels/a.json\"}",
     "last_level: a file name may use only"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": []}", "levels: expected an object, got an array"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": 5}}",
     "progress.json:1:51: levels[\"a.json\"]: expected an object, got 5"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a b.json\": {}}}",
     "progress.json:1:41: levels: level id \"a b.json\": a file name"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true}}}",
     "levels[\"a.json\"]: missing \"best_ticks\""},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 1e300,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}",
     "progress.json:1:85: levels[\"a.json\"].best_ticks: expected an integer from 0 to 4294967295, got 1e+300"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 4294967296,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}", "got 4294967296"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 10,"
     " \"fewest_deaths\": -1, \"most_coins\": 0}}}", "levels[\"a.json\"].fewest_deaths: expected an integer"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}",
     "levels[\"a.json\"].best_ticks: must be at least 1 for a completed level"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, \"best_ticks\": 5,"
     " \"fewest_deaths\": 0, \"most_coins\": 0}}}", "levels[\"a.json\"]: not completed but has bests"},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": \"yes\"}}}",
     "levels[\"a.json\"].completed: expected true or false, got \"yes\""},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, \"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"stars\": 3}}}",
     "progress.json:1:126: levels[\"a.json\"]: unknown key \"stars\""},
    {"{\"format\": 1, \"unlocked\": 1, \"levels\": {\"a.json\": {}, \"a.json\": {}}}",
     "progress.json:1:55: levels: duplicate key \"a.json\" (first at 1:41)"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"most_gems\": -1}}}",
     "levels[\"a.json\"].most_gems: expected an integer from 0 to 4294967295, got -1"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"coins_total\": 4}}}",
     "progress.json:1:141: levels[\"a.json\"].coins_total: coins_total and gems_total go together: gems_total is missing"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 5, \"most_gems\": 0, \"coins_total\": 4, \"gems_total\": 0}}}",
     "levels[\"a.json\"].most_coins: 5 is more than the level's coins_total, 4"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"most_gems\": 2, \"coins_total\": 4, \"gems_total\": 1}}}",
     "levels[\"a.json\"].most_gems: 2 is more than the level's gems_total, 1"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, \"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"most_gems\": 1}}}",
     "levels[\"a.json\"]: not completed but has bests"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": false, \"best_ticks\": 0,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"coins_total\": 3, \"gems_total\": 1}}}",
     "levels[\"a.json\"]: not completed but has the level's totals"},
    {"{\"format\": 2, \"unlocked\": 1, \"levels\": {\"a.json\": {\"completed\": true, \"best_ticks\": 10,"
     " \"fewest_deaths\": 0, \"most_coins\": 0, \"gems\": 1}}}",
     "levels[\"a.json\"]: unknown key \"gems\""},
};

enum { BAD_COUNT = (int)(sizeof BAD / sizeof BAD[0]) };

static void expect_recovered(const char *path, const void *bytes, size_t len, const char *expect)
{
    char aside[1200], msg[1024];
    Progress p;
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
    Progress p;
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
}
END_TEST

START_TEST(good_save_after_bad_load_keeps_the_bad_file)
{
    Scratch sc;
    char path[1100], msg[512], err[512], list[256];
    Progress p;
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    write_text(path, "{\"format\": 1, \"unlocked\": 99999}");
    ck_assert_int_eq(load(path, &p, msg, sizeof msg), SAVE_RECOVERED);
    ck_assert(progress_record_completion(&p, "01-first-steps.json", 0, run(100, 0, 0), NULL));
    ck_assert(progress_save(path, &p, err, sizeof err));
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
}
END_TEST

/* The game shows the notice: it names the file, the place, the problem and
** the copy kept, and goes on the caller's list after what is there. */
START_TEST(corrupt_progress_is_a_notice_naming_the_backup)
{
    Scratch sc;
    char path[1100], aside[1200], want[1400], line[1600];
    Progress p;
    SaveNotices notices = {0};
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    snprintf(aside, sizeof aside, "%s.bad-1", path);
    save_notices_add(&notices, "settings.json", 2, 3, "an earlier notice");
    write_text(path, "{\n  \"format\": 1,\n  \"unlocked\": \"three\"\n}\n");
    ck_assert_int_eq(progress_load(path, &p, &notices), SAVE_RECOVERED);
    assert_defaults(&p);
    ck_assert_int_eq(notices.count, 2);
    ck_assert_str_eq(notices.list[0].message, "an earlier notice");
    const SaveNotice *n = &notices.list[1];
    ck_assert_str_eq(n->file, path);
    ck_assert_int_eq(n->line, 3);
    ck_assert_int_eq(n->col, 15);
    snprintf(want, sizeof want, "unlocked: expected an integer from 1 to 128, got \"three\"; "
             "using default progress (the file was kept as %s)", aside);
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
}
END_TEST

/* A format another version wrote is named, and so is the one this reads. */
START_TEST(format_fields_name_the_format_read)
{
    Progress p;
    char err[512];
    static const char text[] = "{\"format\": \"1\", \"unlocked\": 1}";
    ck_assert(!progress_parse(text, sizeof text - 1, &p, err, sizeof err));
    ck_assert_str_eq(err, "1:12: format: expected 1 or 2, got \"1\"");
    static const char newer[] = "{\"format\": 3, \"unlocked\": 1}";
    ck_assert(!progress_parse(newer, sizeof newer - 1, &p, err, sizeof err));
    ck_assert_str_eq(err, "1:12: format: this version reads format 2, not 3");
    static const char half[] = "{\"format\": 1.5, \"unlocked\": 1}";
    ck_assert(!progress_parse(half, sizeof half - 1, &p, err, sizeof err));
    ck_assert_str_eq(err, "1:12: format: expected 1 or 2, got 1.5");
    /* both formats this version knows are read */
    static const char one[] = "{\"format\": 1, \"unlocked\": 2}", two[] = "{\"format\": 2, \"unlocked\": 2}";
    ck_assert_msg(progress_parse(one, sizeof one - 1, &p, err, sizeof err), "%s", err);
    ck_assert_msg(progress_parse(two, sizeof two - 1, &p, err, sizeof err), "%s", err);
}
END_TEST

START_TEST(save_refuses_a_malformed_progress)
{
    Scratch sc;
    char path[1100], err[512];
    Progress p;
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", path, sizeof path);
    progress_defaults(&p);
    p.unlocked = 0;
    ck_assert(!progress_save(path, &p, err, sizeof err));
    progress_defaults(&p);
    p.level_count = 2; /* two records with the same (empty) id */
    ck_assert(!progress_save(path, &p, err, sizeof err));
    ck_assert(!file_exists(path));
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
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(progress_suite());
}
