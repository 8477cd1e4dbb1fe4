/* SPDX-License-Identifier: Zlib */
/* test_invincible.c -- the Assist's invincibility in the simulation
** (invincible.c): spikes do not kill, a fall out of the map puts Pip back
** on the last ground he stood on, and a tick without it plays as always. */
#include "game_fixture.h"

#include "check_run.h"

#include <check.h>

static const InputIntent RIGHT = {.right = true};
static const InputIntent RIGHT_ON = {.right = true, .invincible = true};

/* Pip drops onto a floor of spikes and walks along it to the goal. */
static const char *const SPIKES[] = {
    "............",
    ".P........G.",
    "#^^^^^^^^^^#",
    "############",
};

START_TEST(spikes_do_not_kill_an_invincible_pip)
{
    /* without it: the first touch kills */
    Sim *sim = fixture_sim_rows(SPIKES, 4);
    InputIntent last = {0};
    int ticks = 0;
    for (; ticks < 600 && sim_status(sim)->deaths == 0; ticks++)
        run_ticks(sim, 1, RIGHT, &last);
    ck_assert_uint_eq(sim_status(sim)->deaths, 1);
    sim_destroy(sim);

    /* with it: on the spikes, past where the first one killed, to the goal */
    sim = fixture_sim_rows(SPIKES, 4);
    last = (InputIntent){0};
    bool stood_on_spikes = false;
    for (int i = 0; i < 600 && sim_status(sim)->outcome == OUTCOME_RUNNING; i++) {
        run_ticks(sim, 1, RIGHT_ON, &last);
        /* standing on the floor under the spikes' row: in them */
        stood_on_spikes =
            stood_on_spikes || (player_p(sim)->grounded && player_t(sim)->y + 24 > 2 * TILE_SIZE);
    }
    ck_assert(stood_on_spikes);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    ck_assert_int_eq(sim_status(sim)->outcome, OUTCOME_COMPLETED);
    ck_assert_int_gt((int)sim_status(sim)->ticks, ticks);
    sim_destroy(sim);
}
END_TEST

/* A floor, a pit through the bottom of the map, more floor. */
static const char *const PIT[] = {
    "................",
    ".P..............",
    "#####......#####",
};

START_TEST(a_fall_out_of_the_map_puts_pip_back_on_his_last_ground)
{
    Sim *sim = fixture_sim_rows(PIT, 3);
    InputIntent last = {0};
    int32_t ground_x = -1, ground_y = -1;
    bool back = false;
    for (int i = 0; i < 600 && !back; i++) {
        run_ticks(sim, 1, RIGHT_ON, &last);
        back = had_event(sim, EV_RESPAWNED);
        if (!back && player_p(sim)->grounded) {
            ground_x = player_t(sim)->x;
            ground_y = player_t(sim)->y;
        }
    }
    ck_assert_msg(back, "Pip never came back from the pit");
    ck_assert_int_ge(ground_x, 0);
    /* where he last stood, on the ledge before the pit, alive */
    ck_assert_int_eq(player_t(sim)->x, ground_x);
    ck_assert_int_eq(player_t(sim)->y, ground_y);
    ck_assert_int_lt(ground_x + 16, 5 * TILE_SIZE + 16); /* the left ledge */
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    ck_assert_int_eq(player_p(sim)->state, PLAYER_NORMAL);
    ck_assert(player_v(sim)->x == 0.0f && player_v(sim)->y == 0.0f);
    /* standing still there, he stays */
    run_ticks(sim, 30, (InputIntent){.invincible = true}, &last);
    ck_assert(player_p(sim)->grounded);
    ck_assert_int_eq(player_t(sim)->y, ground_y);
    sim_destroy(sim);

    /* without it, the same run dies in the pit */
    sim = fixture_sim_rows(PIT, 3);
    last = (InputIntent){0};
    for (int i = 0; i < 600 && sim_status(sim)->deaths == 0; i++)
        run_ticks(sim, 1, RIGHT, &last);
    ck_assert_uint_eq(sim_status(sim)->deaths, 1);
    sim_destroy(sim);
}
END_TEST

/* A platform comes down on Pip at the wall: without invincibility it
** crushes him; with it he is put back where he last stood, and that place
** being under the platform, at the respawn point. */
static Sim *crusher(void)
{
    static const char *const rows[] = {
        "##########", "..........", "..........", "..........", "......P...", "##########",
    };
    LevelDesc d = fixture_level(rows, 6);
    const LevelPoint down = {0, 4 * TILE_SIZE};
    fixture_platform(&d, 0, 1, 4, 10.0f, &down, 1);
    Sim *sim = fixture_sim(&d);
    leveldesc_fini(&d);
    return sim;
}

START_TEST(a_crush_puts_an_invincible_pip_back_where_there_is_room)
{
    static const InputIntent LEFT = {.left = true}, LEFT_ON = {.left = true, .invincible = true};
    Sim *sim = crusher();
    InputIntent last = {0};
    for (int i = 0; i < 600 && sim_status(sim)->deaths == 0; i++)
        run_ticks(sim, 1, LEFT, &last);
    ck_assert_uint_eq(sim_status(sim)->deaths, 1);
    sim_destroy(sim);

    sim = crusher();
    last = (InputIntent){0};
    bool back = false;
    for (int i = 0; i < 600 && !back; i++) {
        run_ticks(sim, 1, LEFT_ON, &last);
        back = had_event(sim, EV_RESPAWNED);
        char msg[256];
        ck_assert_msg(sim_check_invariants(sim, msg, sizeof msg), "%s", msg);
    }
    ck_assert(back);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    ck_assert_int_eq(player_t(sim)->x, player_p(sim)->spawn_x);
    ck_assert_int_eq(player_t(sim)->y, player_p(sim)->spawn_y);
    sim_destroy(sim);
}
END_TEST

/* Invincibility turned on in the air: the last ground is the respawn
** point until Pip stands somewhere. */
START_TEST(turned_on_in_the_air_the_start_is_the_ground)
{
    Sim *sim = fixture_sim_rows(PIT, 3);
    InputIntent last = {0};
    /* walk into the pit without it, and turn it on falling */
    while (player_t(sim)->x < 5 * TILE_SIZE + 8 && sim_status(sim)->ticks < 600)
        run_ticks(sim, 1, RIGHT, &last);
    run_ticks(sim, 1, RIGHT, &last);
    ck_assert(!player_p(sim)->grounded);
    bool back = false;
    for (int i = 0; i < 300 && !back; i++) {
        run_ticks(sim, 1, RIGHT_ON, &last);
        back = had_event(sim, EV_RESPAWNED);
    }
    ck_assert(back);
    ck_assert_int_eq(player_t(sim)->x, player_p(sim)->spawn_x);
    ck_assert_int_eq(player_t(sim)->y, player_p(sim)->spawn_y);
    ck_assert_uint_eq(sim_status(sim)->deaths, 0);
    sim_destroy(sim);
}
END_TEST

/* The state hash takes invincibility in only while it is on: two runs that
** differ only in it hash alike until it is turned on, and apart after. */
START_TEST(the_hash_changes_only_while_it_is_on)
{
    Sim *a = fixture_sim_rows(PIT, 3), *b = fixture_sim_rows(PIT, 3);
    InputIntent la = {0}, lb = {0};
    run_ticks(a, 20, RIGHT, &la);
    run_ticks(b, 20, RIGHT, &lb);
    ck_assert_uint_eq(sim_hash(a), sim_hash(b));
    run_ticks(b, 1, RIGHT_ON, &lb);
    run_ticks(a, 1, RIGHT, &la);
    ck_assert_uint_ne(sim_hash(a), sim_hash(b));
    sim_destroy(a);
    sim_destroy(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("invincible");
    TCase *tc = tcase_create("invincible");
    tcase_add_test(tc, spikes_do_not_kill_an_invincible_pip);
    tcase_add_test(tc, a_fall_out_of_the_map_puts_pip_back_on_his_last_ground);
    tcase_add_test(tc, a_crush_puts_an_invincible_pip_back_where_there_is_room);
    tcase_add_test(tc, turned_on_in_the_air_the_start_is_the_ground);
    tcase_add_test(tc, the_hash_changes_only_while_it_is_on);
    suite_add_tcase(s, tc);
    return check_run(s);
}
