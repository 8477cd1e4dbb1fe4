/* SPDX-License-Identifier: Zlib */
/* test_level_watch.c -- hot reload: the file watcher, reloading, rebuilding the Sim. */
#define _POSIX_C_SOURCE 200809L

#include "app.h"
#include "watch.h"
#include "level_fixture.h"
#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static char *level_text(const char *name, int width, int wall, int coins)
{
    char rows[4][64];
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < width; x++)
            rows[y][x] = x == wall && y >= 1 ? '#' : '.';
        rows[y][width] = '\0';
    }
    rows[3][1] = 'P';
    rows[3][width - 2] = 'G';
    for (int i = 0; i < coins; i++)
        rows[1][3 + i] = 'o';
    char floor[64];
    memset(floor, '#', (size_t)width);
    floor[width] = '\0';
    char *text = malloc(2048);
    snprintf(text, 2048,
             "{\"format\": 1, \"name\": \"%s\", \"background\": \"hills\",\n"
             " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": "
             "\"goal\", \"o\": \"coin\"},\n"
             " \"tiles\": [\"%s\", \"%s\", \"%s\", \"%s\", \"%s\"]}\n",
             name, rows[0], rows[1], rows[2], rows[3], floor);
    return text;
}

static void write_level(const char *path, const char *name, int width, int wall, int coins)
{
    char *text = level_text(name, width, wall, coins);
    write_file(path, text);
    free(text);
}

START_TEST(watch_reports_a_change_once_it_has_settled)
{
    const char *path = TMP_DIR "/watched.json";
    write_file(path, "one");
    LevelWatch w;
    ck_assert(level_watch_init(&w, path));
    ck_assert(!level_watch_poll(&w));
    ck_assert(!level_watch_poll(&w));

    write_file(path, "two, longer");
    ck_assert(!level_watch_poll(&w)); /* seen once: may still be written */
    ck_assert(level_watch_poll(&w));  /* the same again: settled */
    ck_assert(!level_watch_poll(&w));

    /* Two writes in a row are one change, reported after the last. */
    write_file(path, "three, longer still");
    ck_assert(!level_watch_poll(&w));
    write_file(path, "four, the longest of them all");
    ck_assert(!level_watch_poll(&w));
    ck_assert(level_watch_poll(&w));
    ck_assert(!level_watch_poll(&w));

    /* Deleting is a change (loading then says the file is gone), and so is
    ** its return. */
    ck_assert_int_eq(remove(path), 0);
    ck_assert(!level_watch_poll(&w));
    ck_assert(level_watch_poll(&w));
    ck_assert(!level_watch_poll(&w));
    write_file(path, "five");
    ck_assert(!level_watch_poll(&w));
    ck_assert(level_watch_poll(&w));

    char long_path[LEVEL_WATCH_PATH_MAX + 8];
    memset(long_path, 'a', sizeof long_path - 1);
    long_path[sizeof long_path - 1] = '\0';
    ck_assert(!level_watch_init(&w, long_path));
}
END_TEST

START_TEST(reload_with_errors_keeps_the_running_level)
{
    const char *path = TMP_DIR "/reload.json";
    write_level(path, "First", 12, -1, 0);
    LevelErrors *e = calloc(1, sizeof *e);
    LevelDesc level;
    ck_assert_msg(level_load(path, NULL, &level, e), "%s", dump(e));
    LevelDesc kept = level;

    write_file(path, "{\"format\": 1, \"name\": \"Second\",\n \"background\": \"hils\"}\n");
    ck_assert(!level_load(path, NULL, &level, e)); /* a failed load leaves it */
    /* In line order: the missing members at the object's start, then this. */
    ck_assert_msg(e->count > 0, "no error");
    const LevelError *last = &e->list[e->count - 1];
    ck_assert_msg(last->line == 2 && last->col == 16 &&
                      strstr(last->message, "did you mean \"hills\"") != NULL,
                  "%s", dump(e));
    ck_assert(memcmp(&level, &kept, sizeof level) == 0);
    ck_assert_str_eq(level.name, "First");

    level_errors_clear(e);
    write_level(path, "Second", 12, -1, 3);
    leveldesc_fini(&level);
    ck_assert_msg(level_load(path, NULL, &level, e), "%s", dump(e));
    ck_assert_str_eq(level.name, "Second");
    ck_assert_int_eq(level.entity_count, 2 + 3);
    leveldesc_fini(&level);
    free(e);
}
END_TEST

static const Transform *player_transform(Sim *sim)
{
    const Transform *t = ecs_get(sim_world(sim), sim_player(sim), C_TRANSFORM);
    ck_assert_ptr_nonnull(t);
    return t;
}

START_TEST(rebuilt_sim_keeps_the_player_where_it_stood)
{
    LevelErrors *e = calloc(1, sizeof *e);
    char *a_text = level_text("A", 12, -1, 0);
    char *b_text = level_text("B", 12, -1, 4);
    char *c_text = level_text("C", 12, 5, 0);
    LevelDesc a, b, c;
    ck_assert_msg(level_parse("a.json", a_text, strlen(a_text), NULL, &a, e), "%s", dump(e));
    ck_assert_msg(level_parse("b.json", b_text, strlen(b_text), NULL, &b, e), "%s", dump(e));
    ck_assert_msg(level_parse("c.json", c_text, strlen(c_text), NULL, &c, e), "%s", dump(e));

    Sim *sim = sim_create(&a, NULL);
    ck_assert_ptr_nonnull(sim);
    int32_t start_y = player_transform(sim)->y;
    /* The player has walked to column 5. */
    ck_assert(sim_place_player(sim, 5 * TILE_SIZE, start_y));

    /* Coins added elsewhere: the player stays put. */
    Sim *next = app_rebuild_sim(sim, &b, NULL);
    ck_assert_ptr_nonnull(next);
    ck_assert_int_eq(player_transform(next)->x, 5 * TILE_SIZE);
    ck_assert_int_eq(player_transform(next)->y, start_y);
    ck_assert_int_eq(sim_status(next)->collectibles, 4);
    sim_destroy(sim);
    sim = next;

    /* A wall where the player stood: back to the level's start. */
    next = app_rebuild_sim(sim, &c, NULL);
    ck_assert_ptr_nonnull(next);
    ck_assert_int_eq(player_transform(next)->x, 1 * TILE_SIZE);
    ck_assert_int_eq(player_transform(next)->y, start_y);
    sim_destroy(sim);
    sim_destroy(next);

    /* Without an old Sim it is a plain sim_create. */
    next = app_rebuild_sim(NULL, &b, NULL);
    ck_assert_ptr_nonnull(next);
    ck_assert_int_eq(player_transform(next)->x, 1 * TILE_SIZE);
    sim_destroy(next);

    leveldesc_fini(&a);
    leveldesc_fini(&b);
    leveldesc_fini(&c);
    free(a_text);
    free(b_text);
    free(c_text);
    free(e);
}
END_TEST

static Suite *watch_suite(void)
{
    Suite *s = suite_create("level_watch");
    TCase *tc = tcase_create("watch");
    tcase_add_test(tc, watch_reports_a_change_once_it_has_settled);
    tcase_add_test(tc, reload_with_errors_keeps_the_running_level);
    tcase_add_test(tc, rebuilt_sim_keeps_the_player_where_it_stood);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(watch_suite());
}
