/* SPDX-License-Identifier: Zlib */
/* test_jitter.c -- --jitter's counts on a level whose forgiveness follows
** from its shape, and the command's exit statuses.
**
** tests/levels/good/gap.json is a floor of one-way planks with a pit three
** tiles wide, and the goal beyond it. Running right, Pip's box leaves the
** planks' end on a tick A (the first tick whose ground probe finds air);
** coyote time lets a press on ticks A to A + coyote - 1 still jump, and a
** later one finds nothing: no ground, and no wall to jump off (planks have
** no sides), so Pip falls through the bottom. A jump held 8 ticks is in
** the air some 30 ticks at 3 px a tick or more, about 90 px: taking off a
** few ticks earlier (3 px a tick) still clears the 48-px pit. So a jump
** pressed on the last coyote tick forgives being moved earlier but not
** later, and one pressed well before the edge forgives both.
*/
#define _XOPEN_SOURCE 700 /* dup2, fileno, realpath */

#include "app.h"
#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GAP_LEVEL SOURCE_DIR "/tests/levels/good/gap.json"

static LevelDesc load_gap(void)
{
    LevelDesc level;
    LevelErrors errors = {0};
    ck_assert_msg(app_load_level(SOURCE_DIR, GAP_LEVEL, NULL, &level, &errors), "gap.json loads");
    return level;
}

/* The first tick, from 0, whose ground probe finds air when `idle` ticks
** of standing still are followed by running right with no jump. The flag
** the player step leaves at the end of a tick is the probe the next tick
** makes: nothing moves the planks in between. */
static size_t first_airborne(const LevelDesc *level, size_t idle)
{
    Sim *sim = sim_create(level, NULL);
    ck_assert_ptr_nonnull(sim);
    for (size_t i = 0; i < 1000; i++) {
        InputIntent in = {.right = i >= idle};
        sim_tick(sim, &in);
        const Player *p = ecs_get(sim_world(sim), sim_player(sim), C_PLAYER);
        if (!p->grounded) {
            sim_destroy(sim);
            return i + 1;
        }
    }
    ck_abort_msg("never left the ground");
    return 0;
}

/* The last tick a press still jumps when running off the planks. */
static size_t last_coyote_tick(const LevelDesc *level, size_t idle)
{
    return first_airborne(level, idle) + (size_t)sim_ticks(level->physics.coyote_time) - 1;
}

static void push(Replay *r, size_t ticks, bool right, bool jump)
{
    InputIntent in = {.right = right, .jump_held = jump};
    for (size_t i = 0; i < ticks; i++)
        ck_assert(replay_push(r, &in));
}

/* Runs right and presses jump once at tick `press`, held 8 ticks. */
static Replay one_jump(size_t press)
{
    Replay r;
    replay_init(&r);
    push(&r, press, true, false);
    push(&r, 8, true, true);
    push(&r, 200, true, false);
    return r;
}

START_TEST(a_jump_on_the_last_coyote_tick_forgives_only_earlier_shifts)
{
    LevelDesc level = load_gap();
    size_t last = last_coyote_tick(&level, 0);
    Replay r = one_jump(last);
    AppJitter j;
    ck_assert(app_jitter_measure(&level, &r, 2, 120, &j));
    ck_assert_int_eq(j.outcome, OUTCOME_COMPLETED);
    ck_assert_uint_eq(j.deaths, 0);
    ck_assert_uint_eq(j.jumps, 1);
    ck_assert_uint_eq(j.runs, 4);
    ck_assert_uint_eq(j.skipped, 0);
    ck_assert_uint_eq(j.completed, 2);
    ck_assert(app_jitter_percent(&j) == 50.0);
    /* -2 and -1 clear the pit; +1 and +2 come after coyote time. */
    ck_assert_uint_eq(j.miss_count, 2);
    for (int k = 0; k < 2; k++) {
        ck_assert_uint_eq(j.misses[k].press, last);
        ck_assert_uint_eq(j.misses[k].held, 8);
        ck_assert_int_eq(j.misses[k].shift, k + 1);
        ck_assert_int_eq(j.misses[k].outcome, OUTCOME_DIED);
        /* It falls out of the level, past the pit's bottom row. */
        ck_assert_int_gt(j.misses[k].y, level.map.height * TILE_SIZE);
        ck_assert_uint_gt(j.misses[k].tick, last);
    }
    app_jitter_fini(&j);

    /* A shift of 3 adds -3, which clears the pit, and +3, which does not. */
    ck_assert(app_jitter_measure(&level, &r, 3, 120, &j));
    ck_assert_uint_eq(j.runs, 6);
    ck_assert_uint_eq(j.completed, 3);
    app_jitter_fini(&j);
    replay_fini(&r);
    leveldesc_fini(&level);
}
END_TEST

START_TEST(a_jump_well_before_the_edge_forgives_every_shift)
{
    LevelDesc level = load_gap();
    Replay r = one_jump(last_coyote_tick(&level, 0) - 8);
    AppJitter j;
    ck_assert(app_jitter_measure(&level, &r, 2, 120, &j));
    ck_assert_uint_eq(j.jumps, 1);
    ck_assert_uint_eq(j.runs, 4);
    ck_assert_uint_eq(j.completed, 4);
    ck_assert_uint_eq(j.miss_count, 0);
    ck_assert(app_jitter_percent(&j) == 100.0);
    app_jitter_fini(&j);
    replay_fini(&r);
    leveldesc_fini(&level);
}
END_TEST

/* Two hops in place at the start (jump on ticks 0-2 and 5-7, no
** direction), then, standing again, the run and a jump well before the
** edge. The first hop cannot move earlier (it would start before tick 0)
** nor 2 later (its release would touch the second press); the second
** cannot move 2 earlier (its press would touch the first release). The
** other shifts are played; the hops leave Pip where it stood. */
START_TEST(shifts_before_the_start_or_onto_another_jump_are_skipped)
{
    LevelDesc level = load_gap();
    const size_t idle = 60;
    Replay r;
    replay_init(&r);
    push(&r, 3, false, true);
    push(&r, 2, false, false);
    push(&r, 3, false, true);
    push(&r, idle - 8, false, false);
    size_t press = last_coyote_tick(&level, idle) - 8;
    push(&r, press - idle, true, false);
    push(&r, 8, true, true);
    push(&r, 200, true, false);
    AppJitter j;
    ck_assert(app_jitter_measure(&level, &r, 2, 120, &j));
    ck_assert_int_eq(j.outcome, OUTCOME_COMPLETED);
    ck_assert_uint_eq(j.jumps, 3);
    ck_assert_uint_eq(j.skipped, 4);
    ck_assert_uint_eq(j.runs, 3 * 4 - 4);
    ck_assert_uint_eq(j.completed, j.runs);
    app_jitter_fini(&j);
    replay_fini(&r);
    leveldesc_fini(&level);
}
END_TEST

START_TEST(a_replay_that_does_not_complete_is_not_measured)
{
    LevelDesc level = load_gap();
    Replay r;
    replay_init(&r);
    push(&r, 300, true, false); /* runs into the pit */
    AppJitter j;
    ck_assert(app_jitter_measure(&level, &r, 2, 120, &j));
    ck_assert_int_ne(j.outcome, OUTCOME_COMPLETED);
    ck_assert_uint_gt(j.deaths, 0);
    ck_assert_uint_eq(j.jumps, 0);
    ck_assert_uint_eq(j.runs, 0);
    app_jitter_fini(&j);
    replay_fini(&r);
    leveldesc_fini(&level);
}
END_TEST

static uint8_t keys_at(const Replay *r, size_t i)
{
    ck_assert_uint_lt(i, r->count);
    return r->keys[i];
}

/* 3,R  4,R,J  2,L  5,L,J  10: jumps on ticks 3-6 and 9-13. */
static Replay two_jumps(void)
{
    Replay r;
    replay_init(&r);
    InputIntent right = {.right = true}, right_j = {.right = true, .jump_held = true};
    InputIntent left = {.left = true}, left_j = {.left = true, .jump_held = true}, idle = {0};
    const struct {
        size_t n;
        const InputIntent *in;
    } runs[] = {{3, &right}, {4, &right_j}, {2, &left}, {5, &left_j}, {10, &idle}};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++)
        for (size_t i = 0; i < runs[k].n; i++)
            ck_assert(replay_push(&r, runs[k].in));
    return r;
}

START_TEST(a_shift_moves_the_press_and_release_and_keeps_the_directions)
{
    Replay r = two_jumps(), out;
    char err[128];
    /* The first jump two earlier: J on 1-4, right still held on 0-6. */
    ck_assert(app_jitter_shift(&r, 0, 3, -2, &out, err, sizeof err));
    ck_assert_uint_eq(out.count, r.count);
    for (size_t i = 0; i < out.count; i++) {
        uint8_t dirs = (uint8_t)(r.keys[i] & ~REPLAY_KEY_J);
        bool j = (i >= 1 && i < 5) || (i >= 9 && i < 14);
        ck_assert_uint_eq(keys_at(&out, i), dirs | (j ? REPLAY_KEY_J : 0));
    }
    replay_fini(&out);
    /* The second one later, past the directions: jump alone on tick 14;
    ** the inputs grow to the length asked, idle as the last tick was. */
    ck_assert(app_jitter_shift(&r, 40, 9, 1, &out, err, sizeof err));
    ck_assert_uint_eq(out.count, 40);
    ck_assert_uint_eq(keys_at(&out, 9), REPLAY_KEY_L);
    for (size_t i = 10; i < 14; i++)
        ck_assert_uint_eq(keys_at(&out, i), REPLAY_KEY_L | REPLAY_KEY_J);
    ck_assert_uint_eq(keys_at(&out, 14), REPLAY_KEY_J);
    for (size_t i = 15; i < 40; i++)
        ck_assert_uint_eq(keys_at(&out, i), 0);
    replay_fini(&out);

    /* What is refused: no press there; before tick 0; no released tick
    ** left between the two jumps (tick 7 and 8 are released). */
    ck_assert(!app_jitter_shift(&r, 0, 4, 1, &out, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "no jump is pressed at tick 5"));
    ck_assert(app_jitter_shift(&r, 0, 3, -3, &out, err, sizeof err));
    replay_fini(&out);
    ck_assert(!app_jitter_shift(&r, 0, 3, -4, &out, err, sizeof err));
    ck_assert(app_jitter_shift(&r, 0, 3, 1, &out, err, sizeof err));
    replay_fini(&out);
    ck_assert(!app_jitter_shift(&r, 0, 3, 2, &out, err, sizeof err));
    ck_assert(app_jitter_shift(&r, 0, 9, -1, &out, err, sizeof err));
    replay_fini(&out);
    ck_assert(!app_jitter_shift(&r, 0, 9, -2, &out, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "touch another jump"));
    replay_fini(&r);
}
END_TEST

/* ---- the command ---- */

/* Writes r as a replay of gap.json; ticks 0 leaves out '#! ticks:'. */
static void save(const char *path, const Replay *r, unsigned long ticks)
{
    ReplayHeader h;
    memset(&h, 0, sizeof h);
    snprintf(h.level, sizeof h.level, "%s", GAP_LEVEL);
    snprintf(h.outcome, sizeof h.outcome, "completed");
    h.ticks = ticks;
    char err[512];
    ck_assert_msg(replay_save(path, r, &h, err, sizeof err), "%s", err);
}

/* app_headless with these arguments after --headless (data from the source tree), its stdout
** kept in a file and returned in out (malloc'd). */
static int jitter(char **out, const char *a, const char *b, const char *c, const char *d)
{
    char *argv[12];
    int argc = 0;
    argv[argc++] = "platformer";
    argv[argc++] = "--headless";
    for (const char *opt[4] = {a, b, c, d}, **o = opt; o < opt + 4; o++)
        if (*o != NULL)
            argv[argc++] = (char *)*o;
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    FILE *f = fopen("test_jitter.out", "w+");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(dup2(fileno(f), STDOUT_FILENO), 0);
    int status = app_headless(argc, argv, SOURCE_DIR, NULL);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    rewind(f);
    *out = calloc(1, 1 << 16);
    ck_assert_ptr_nonnull(*out);
    size_t n = fread(*out, 1, (1 << 16) - 1, f);
    (*out)[n] = '\0';
    fclose(f);
    remove("test_jitter.out");
    return status;
}

START_TEST(the_command_prints_the_figures_and_the_failing_jump)
{
    LevelDesc level = load_gap();
    size_t last = last_coyote_tick(&level, 0);
    leveldesc_fini(&level);
    Replay r = one_jump(last);
    save("test_jitter_late.replay", &r, 0);
    replay_fini(&r);
    char *out;
    ck_assert_int_eq(jitter(&out, "--jitter", "test_jitter_late.replay", NULL, NULL), 0);
    ck_assert_msg(strstr(out, "test_jitter_late.replay: ") == out, "%s", out);
    ck_assert_msg(strstr(out, " 1 jump, 4 shifted runs, 2 complete (50.0%)\n") != NULL, "%s", out);
    /* The failing jump by its tick (from 1) and its line in the file:
    ** after replay_save's first comment, the two directives, the comment
    ** over the inputs and the run right. */
    char want[64];
    snprintf(want, sizeof want, "  jump at tick %zu (line 6, held 8): +1 died at tick ", last + 1);
    ck_assert_msg(strstr(out, want) != NULL, "%s", out);
    ck_assert_msg(strstr(out, ", +2 died at tick ") != NULL, "%s", out);
    ck_assert_ptr_null(strstr(out, "-1 "));
    free(out);
    remove("test_jitter_late.replay");
}
END_TEST

START_TEST(the_exit_status_says_below_min_or_not_as_recorded)
{
    LevelDesc level = load_gap();
    size_t last = last_coyote_tick(&level, 0);
    Replay late = one_jump(last);
    AppJitter j;
    ck_assert(app_jitter_measure(&level, &late, 2, 120, &j));
    unsigned long ticks = j.ticks;
    app_jitter_fini(&j);
    leveldesc_fini(&level);
    char *out;

    save("test_jitter_status.replay", &late, ticks);
    ck_assert_int_eq(jitter(&out, "--jitter", "--min", "50", "test_jitter_status.replay"), 0);
    free(out);
    ck_assert_int_eq(jitter(&out, "--jitter", "--min", "90", "test_jitter_status.replay"), 1);
    ck_assert_msg(strstr(out, "(50.0%), below 90%\n") != NULL, "%s", out);
    free(out);
    /* --shift 1 plays -1 and +1: one of two. */
    ck_assert_int_eq(jitter(&out, "--jitter", "--shift", "1", "test_jitter_status.replay"), 0);
    ck_assert_msg(strstr(out, " 2 shifted runs, 1 complete (50.0%)") != NULL, "%s", out);
    free(out);

    /* Recorded as taking one tick more than it does: not as recorded. */
    save("test_jitter_status.replay", &late, ticks + 1);
    ck_assert_int_eq(jitter(&out, "--jitter", "test_jitter_status.replay", NULL, NULL), 1);
    free(out);
    replay_fini(&late);

    /* A run that never jumps falls into the pit. */
    Replay fall;
    replay_init(&fall);
    push(&fall, 300, true, false);
    save("test_jitter_status.replay", &fall, 0);
    replay_fini(&fall);
    ck_assert_int_eq(jitter(&out, "--jitter", "test_jitter_status.replay", NULL, NULL), 1);
    free(out);
    remove("test_jitter_status.replay");

    ck_assert_int_eq(jitter(&out, "--jitter", NULL, NULL, NULL), 2);
    free(out);
    ck_assert_int_eq(jitter(&out, "--jitter", "--shift", "0", "x.replay"), 2);
    free(out);
    ck_assert_int_eq(jitter(&out, "--jitter", "--min", "101", "x.replay"), 2);
    free(out);
    ck_assert_int_eq(jitter(&out, "--jitter", "--bogus", "x.replay", NULL), 2);
    free(out);
    ck_assert_int_eq(jitter(&out, "--jitter", "no-such.replay", NULL, NULL), 1);
    free(out);
}
END_TEST

/* --write saves a failing shifted run; played back, it dies where the
** count said, and --verify holds it to its directives. */
START_TEST(write_saves_a_shifted_run_to_watch)
{
    LevelDesc level = load_gap();
    size_t last = last_coyote_tick(&level, 0);
    Replay late = one_jump(last);
    AppJitter j;
    ck_assert(app_jitter_measure(&level, &late, 2, 120, &j));
    ck_assert_uint_eq(j.miss_count, 2);
    AppJitterMiss miss = j.misses[0];
    app_jitter_fini(&j);
    save("test_jitter_write.replay", &late, 0);
    replay_fini(&late);

    char at[32], *out;
    snprintf(at, sizeof at, "%zu,+1", last + 1);
    ck_assert_int_eq(jitter(&out, "--jitter", "--write", at, "test_jitter_moved.replay"), 2);
    free(out);
    char *argv[] = {"platformer",
                    "--headless",
                    "--jitter",
                    "--write",
                    at,
                    "test_jitter_moved.replay",
                    "test_jitter_write.replay"};
    ck_assert_int_eq(app_headless(7, argv, SOURCE_DIR, NULL), 0);

    Replay moved;
    ReplayHeader h;
    char err[512];
    ck_assert_msg(replay_load("test_jitter_moved.replay", &moved, &h, err, sizeof err), "%s", err);
    /* Its level is named from where it was written. */
    char level_path[REPLAY_PATH_MAX];
    ck_assert(replay_level_path(&h, "test_jitter_moved.replay", level_path, sizeof level_path));
    char *named = realpath(level_path, NULL), *gap = realpath(GAP_LEVEL, NULL);
    ck_assert_ptr_nonnull(named);
    ck_assert_ptr_nonnull(gap);
    ck_assert_str_eq(named, gap);
    free(named);
    free(gap);
    for (size_t i = 0; i < moved.count; i++) {
        bool jump = i >= last + 1 && i < last + 9;
        ck_assert_uint_eq(moved.keys[i], REPLAY_KEY_R | (jump ? REPLAY_KEY_J : 0));
    }
    Sim *sim = sim_create(&level, NULL);
    unsigned long tick = 0;
    while (sim_status(sim)->deaths == 0 && tick < moved.count) {
        InputIntent in = replay_intent(&moved, tick++);
        sim_tick(sim, &in);
    }
    ck_assert_uint_eq(tick, miss.tick);
    sim_destroy(sim);
    replay_fini(&moved);
    char *verify[] = {"platformer", "--headless", "--verify", "test_jitter_moved.replay"};
    ck_assert_int_eq(app_headless(4, verify, SOURCE_DIR, NULL), 0);

    /* A tick with no press is refused by name. */
    snprintf(at, sizeof at, "%zu,-1", last);
    char *none[] = {"platformer",
                    "--headless",
                    "--jitter",
                    "--write",
                    at,
                    "test_jitter_moved.replay",
                    "test_jitter_write.replay"};
    ck_assert_int_eq(app_headless(7, none, SOURCE_DIR, NULL), 1);
    remove("test_jitter_moved.replay");
    remove("test_jitter_write.replay");
    leveldesc_fini(&level);
}
END_TEST

/* ---- the measure against the plain way ---- */

/* A jump pressed at `press` (a tick from 0), held `held` ticks, moved by
** shift, played from the level's start as if no other run had been: the
** end app_jitter_measure must find for it. */
static AppJitterMiss plainly(const LevelDesc *level, const Replay *replay, size_t limit,
                             size_t press, int shift, bool *completed)
{
    Replay moved;
    char err[256];
    ck_assert_msg(app_jitter_shift(replay, limit, press, shift, &moved, err, sizeof err), "%s",
                  err);
    Sim *sim = sim_create(level, NULL);
    ck_assert_ptr_nonnull(sim);
    const SimStatus *st = sim_status(sim);
    size_t tick = 0;
    while (tick < limit && st->outcome != OUTCOME_COMPLETED && st->deaths == 0) {
        InputIntent in = replay_intent(&moved, tick++);
        sim_tick(sim, &in);
    }
    const Transform *t = ecs_get(sim_world(sim), sim_player(sim), C_TRANSFORM);
    const Collider *c = ecs_get(sim_world(sim), sim_player(sim), C_COLLIDER);
    AppJitterMiss m = {press,
                       0,
                       shift,
                       st->deaths > 0 ? OUTCOME_DIED : st->outcome,
                       tick,
                       t->x + c->off_x + c->w / 2,
                       t->y + c->off_y + c->h / 2};
    *completed = st->outcome == OUTCOME_COMPLETED && st->deaths == 0;
    sim_destroy(sim);
    replay_fini(&moved);
    return m;
}

/* Every shifted run app_jitter_measure plays from a copy of the recorded
** run, and stops once it is in a state seen before, ends as it does played
** from the level's start: the same completions, and each miss at the same
** tick and place. */
static void assert_measure_is_plain(const LevelDesc *level, const Replay *replay, int shift,
                                    const char *name)
{
    enum { SLACK = 120 };
    AppJitter j;
    ck_assert(app_jitter_measure(level, replay, shift, SLACK, &j));
    ck_assert_msg(j.outcome == OUTCOME_COMPLETED && j.deaths == 0, "%s: not a completing replay",
                  name);
    size_t limit = (size_t)j.ticks + SLACK, runs = 0, completed = 0, misses = 0;
    for (size_t press = 0; press < j.ticks; press++) {
        bool pressed = (replay->keys[press] & REPLAY_KEY_J) &&
                       (press == 0 || !(replay->keys[press - 1] & REPLAY_KEY_J));
        if (!pressed)
            continue;
        for (int s = -shift; s <= shift; s++) {
            Replay moved;
            char err[256];
            if (s == 0 || !app_jitter_shift(replay, limit, press, s, &moved, err, sizeof err))
                continue;
            replay_fini(&moved);
            bool done;
            AppJitterMiss want = plainly(level, replay, limit, press, s, &done);
            runs++;
            if (done) {
                completed++;
                continue;
            }
            ck_assert_msg(misses < j.miss_count, "%s: jump at %zu moved %+d misses, not counted",
                          name, press, s);
            const AppJitterMiss *got = &j.misses[misses++];
            ck_assert_msg(
                got->press == want.press && got->shift == want.shift &&
                    got->outcome == want.outcome && got->tick == want.tick && got->x == want.x &&
                    got->y == want.y,
                "%s: jump at %zu moved %+d: measured %d at tick %lu (%d, %d), played %d at"
                " tick %lu (%d, %d)",
                name, press, s, (int)got->outcome, got->tick, got->x, got->y, (int)want.outcome,
                want.tick, want.x, want.y);
        }
    }
    ck_assert_uint_eq(j.runs, runs);
    ck_assert_uint_eq(j.completed, completed);
    ck_assert_uint_eq(j.miss_count, misses);
    app_jitter_fini(&j);
}

/* Shipped levels with lifts and walls to jump off, whose replays' shifted
** runs die, run out of time and complete. */
START_TEST(the_measure_ends_each_run_as_playing_it_from_the_start_does)
{
    static const char *const replays[] = {"07-lifts", "14-ricochet"};
    for (size_t i = 0; i < sizeof replays / sizeof replays[0]; i++) {
        char path[1024], level_path[REPLAY_PATH_MAX], err[512];
        snprintf(path, sizeof path, SOURCE_DIR "/tests/replays/%s.replay", replays[i]);
        Replay r;
        ReplayHeader h;
        ck_assert_msg(replay_load(path, &r, &h, err, sizeof err), "%s", err);
        ck_assert(replay_level_path(&h, path, level_path, sizeof level_path));
        LevelDesc level;
        LevelErrors errors = {0};
        ck_assert_msg(app_load_level(SOURCE_DIR, level_path, NULL, &level, &errors), "%s",
                      level_path);
        assert_measure_is_plain(&level, &r, 2, replays[i]);
        leveldesc_fini(&level);
        replay_fini(&r);
    }
}
END_TEST

/* Hops across an open floor: a jump moved a tick leaves the player a
** rounding apart from the recorded run until the end, so the runs end
** through one another's states; still each as played from the start. */
START_TEST(runs_that_never_meet_the_recorded_one_end_as_played)
{
    /* a floor 200 tiles long, the goal at its end */
    char row[201], path[] = "test_jitter_floor.json";
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"format\": 1, \"name\": \"Floor\", \"background\": \"hills\", \"legend\":"
          " {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},"
          " \"tiles\": [",
          f);
    row[200] = '\0';
    for (int y = 0; y < 6; y++) {
        for (int x = 0; x < 200; x++)
            row[x] = y == 5 ? '#' : y == 4 && x == 1 ? 'P' : y == 4 && x == 198 ? 'G' : '.';
        fprintf(f, "%s\"%s\"", y > 0 ? ", " : "", row);
    }
    fputs("]}\n", f);
    ck_assert_int_eq(fclose(f), 0);
    LevelDesc level;
    LevelErrors errors = {0};
    ck_assert_msg(app_load_level(SOURCE_DIR, path, NULL, &level, &errors), "the floor loads");
    remove(path);
    Replay r;
    replay_init(&r);
    push(&r, 4, true, false);
    for (int i = 0; i < 40; i++) {
        push(&r, 1, true, true);
        push(&r, 15, true, false);
    }
    push(&r, 600, true, false);
    assert_measure_is_plain(&level, &r, 2, "hops");
    replay_fini(&r);
    leveldesc_fini(&level);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("jitter");
    TCase *tc = tcase_create("jitter");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, a_jump_on_the_last_coyote_tick_forgives_only_earlier_shifts);
    tcase_add_test(tc, a_jump_well_before_the_edge_forgives_every_shift);
    tcase_add_test(tc, shifts_before_the_start_or_onto_another_jump_are_skipped);
    tcase_add_test(tc, a_replay_that_does_not_complete_is_not_measured);
    tcase_add_test(tc, a_shift_moves_the_press_and_release_and_keeps_the_directions);
    tcase_add_test(tc, the_command_prints_the_figures_and_the_failing_jump);
    tcase_add_test(tc, the_exit_status_says_below_min_or_not_as_recorded);
    tcase_add_test(tc, write_saves_a_shifted_run_to_watch);
    suite_add_tcase(s, tc);
    /* every run played a second time from the level's start: not under
    ** valgrind (memcheck_test_jitter runs the tcase above) */
    tc = tcase_create("plain");
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, the_measure_ends_each_run_as_playing_it_from_the_start_does);
    tcase_add_test(tc, runs_that_never_meet_the_recorded_one_end_as_played);
    suite_add_tcase(s, tc);
    return check_run(s);
}
