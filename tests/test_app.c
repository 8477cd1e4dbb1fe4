/* SPDX-License-Identifier: Zlib */
/* test_app.c -- --verify and --verify --update on real replays of the
** campaign, and where the game finds its data. */
#define _XOPEN_SOURCE 700 /* setenv, mkdir, realpath */

#include "app.h"
#include "check_run.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* A copy of level 01's replay naming its level by an absolute path, with
** the directive `key` given `value` instead (NULL: as recorded). */
static void make_replay(const char *path, const char *key, const char *value)
{
    char *orig = slurp(SOURCE_DIR "/tests/replays/01-first-steps.replay");
    size_t cap = strlen(orig) + 4096;
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    size_t n = 0;
    for (char *line = strtok(orig, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char k[32];
        if (sscanf(line, "#! %31[a-z]:", k) == 1) {
            if (strcmp(k, "level") == 0) {
                n += (size_t)snprintf(out + n, cap - n, "#! level: %s/levels/01-first-steps.json\n",
                                      SOURCE_DIR);
                continue;
            }
            if (key != NULL && strcmp(k, key) == 0) {
                n += (size_t)snprintf(out + n, cap - n, "#! %s: %s\n", key, value);
                continue;
            }
        }
        n += (size_t)snprintf(out + n, cap - n, "%s\n", line);
    }
    spit(path, out);
    free(out);
    free(orig);
}

static int headless(const char *a, const char *b, const char *c, const char *path)
{
    char *argv[8];
    int argc = 0;
    argv[argc++] = "platformer";
    argv[argc++] = "--headless";
    for (const char *opt[3] = {a, b, c}, **o = opt; o < opt + 3; o++)
        if (*o != NULL)
            argv[argc++] = (char *)*o;
    argv[argc++] = (char *)path;
    return app_headless(argc, argv, SOURCE_DIR, NULL);
}

START_TEST(verify_fails_on_a_wrong_hash_and_update_mends_it)
{
    const char *path = "test_app_hash.replay";
    make_replay(path, "hash", "0000000000000000");
    ck_assert_int_eq(headless("--verify", NULL, NULL, path), 1);
    char *before = slurp(path);
    ck_assert_int_eq(headless("--verify", "--update", NULL, path), 0);
    char *after = slurp(path);
    ck_assert_ptr_null(strstr(after, "0000000000000000"));
    /* Only the hash line changed: comments and inputs are as they were. */
    ck_assert_uint_eq(strlen(after), strlen(before));
    ck_assert_int_eq(headless("--verify", NULL, NULL, path), 0);
    free(before);
    free(after);
    remove(path);
}
END_TEST

START_TEST(update_refuses_a_changed_outcome_unless_allowed)
{
    const char *path = "test_app_outcome.replay";
    make_replay(path, "outcome", "died");
    char *before = slurp(path);
    ck_assert_int_eq(headless("--verify", "--update", NULL, path), 1);
    char *same = slurp(path);
    ck_assert_str_eq(same, before);
    ck_assert_int_eq(headless("--verify", "--update", "--allow-outcome-change", path), 0);
    char *after = slurp(path);
    ck_assert_ptr_nonnull(strstr(after, "#! outcome: completed\n"));
    ck_assert_int_eq(headless("--verify", NULL, NULL, path), 0);
    free(before);
    free(same);
    free(after);
    remove(path);
}
END_TEST

START_TEST(update_adds_missing_expectations)
{
    const char *path = "test_app_missing.replay";
    make_replay(path, NULL, NULL);
    ck_assert_int_eq(headless("--verify", "--update", NULL, path), 0);
    char *full = slurp(path);
    /* Drop the ticks and hash lines, keep the rest. */
    char *text = slurp(path);
    char *t = strstr(text, "#! ticks:");
    ck_assert_ptr_nonnull(t);
    char *rest = strstr(strstr(t, "#! hash:"), "\n") + 1;
    memmove(t, rest, strlen(rest) + 1);
    spit(path, text);
    ck_assert_int_eq(headless("--verify", "--update", NULL, path), 0);
    char *after = slurp(path);
    ck_assert_str_eq(after, full);
    free(full);
    free(text);
    free(after);
    remove(path);
}
END_TEST

static void write_file(const char *path, const char *text)
{
    spit(path, text);
}

static void make_dirs(const char *path)
{
    char buf[APP_PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p != '\0'; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        ck_assert_msg(mkdir(buf, 0755) == 0 || errno == EEXIST, "mkdir %s", buf);
        *p = '/';
    }
    ck_assert_msg(mkdir(buf, 0755) == 0 || errno == EEXIST, "mkdir %s", buf);
}

/* APP_SCRATCH/name, made; with the game's data (assets/physics.json) when
** with_data. */
static void scratch_folder(char *out, size_t size, const char *name, bool with_data)
{
    snprintf(out, size, "%s/%s", APP_SCRATCH, name);
    make_dirs(out);
    if (with_data) {
        char path[APP_PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/assets", out);
        make_dirs(path);
        snprintf(path, sizeof path, "%s/assets/physics.json", out);
        write_file(path, "{}\n");
    }
}

/* A program's folder in a build tree: the file naming its data folder. */
static void build_tree(char *out, size_t size, const char *name, const char *data)
{
    scratch_folder(out, size, name, false);
    char marker[APP_PATH_MAX + 64], line[APP_PATH_MAX + 2];
    snprintf(marker, sizeof marker, "%s/" APP_BUILD_DATA_FILE, out);
    snprintf(line, sizeof line, "%s\n", data);
    write_file(marker, line);
}

static bool installed_data_exists(void)
{
    FILE *f = fopen(INSTALLED_DATA "/assets/physics.json", "rb");
    if (f != NULL)
        fclose(f);
    return f != NULL;
}

/* A corridor with a coin and a gem on the floor, and one more coin either
** on the floor too (reach = true) or high above it. */
static void make_corridor(const char *level, const char *replay, bool reach)
{
    char text[2048];
    snprintf(text, sizeof text,
             "{\"format\": 1, \"name\": \"Corridor\", \"background\": \"hills\",\n"
             " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", "
             "\"G\": \"goal\", \"o\": \"coin\", \"g\": \"gem\"},\n"
             " \"tiles\": [\n"
             "  \"####################\",\n"
             "  \"#%c.................#\",\n"
             "  \"#..................#\",\n"
             "  \"#..................#\",\n"
             "  \"#..................#\",\n"
             "  \"#..................#\",\n"
             "  \"#.P..o...g..%c...G..#\",\n"
             "  \"####################\"]}\n",
             reach ? '.' : 'o', reach ? 'o' : '.');
    spit(level, text);
    snprintf(text, sizeof text, "#! level: %s\n#! collects: all\n#! outcome: completed\n300,R\n",
             level);
    spit(replay, text);
}

START_TEST(collects_all_fails_a_replay_that_leaves_a_coin)
{
    make_corridor("test_app_all.json", "test_app_all.replay", true);
    ck_assert_int_eq(headless("--verify", "--update", NULL, "test_app_all.replay"), 0);
    ck_assert_int_eq(headless("--verify", NULL, NULL, "test_app_all.replay"), 0);
    char *text = slurp("test_app_all.replay");
    ck_assert_ptr_nonnull(strstr(text, "#! collects: all\n")); /* kept by --update */
    free(text);
    /* The same run past a coin it cannot reach: it still completes, but
    ** fails, and --update does not write that down as expected. */
    make_corridor("test_app_all.json", "test_app_all.replay", false);
    ck_assert_int_eq(headless("--verify", NULL, NULL, "test_app_all.replay"), 1);
    ck_assert_int_eq(headless("--verify", "--update", NULL, "test_app_all.replay"), 1);
    remove("test_app_all.json");
    remove("test_app_all.replay");
}
END_TEST

START_TEST(data_option_wins_and_is_the_only_place_looked)
{
    char a[APP_PATH_MAX], b[APP_PATH_MAX], empty[APP_PATH_MAX], base[APP_PATH_MAX];
    char out[APP_PATH_MAX], msg[APP_PATH_MAX + 256];
    scratch_folder(a, sizeof a, "option-a", true);
    scratch_folder(b, sizeof b, "option-b", true);
    scratch_folder(empty, sizeof empty, "option-empty", false);
    build_tree(base, sizeof base, "option-build", b);
    setenv("PLATFORMER_DATA", b, 1);
    ck_assert(app_find_data(a, base, out, sizeof out));
    ck_assert_str_eq(out, a);
    /* a folder without the data fails, though the others have it */
    ck_assert(!app_find_data(empty, base, out, sizeof out));
    app_data_missing(empty, msg, sizeof msg);
    ck_assert_msg(strstr(msg, empty) != NULL && strstr(msg, "--data") != NULL, "%s", msg);
    /* trailing slashes are dropped */
    char slashed[APP_PATH_MAX + 2];
    snprintf(slashed, sizeof slashed, "%s//", a);
    ck_assert(app_find_data(slashed, NULL, out, sizeof out));
    ck_assert_str_eq(out, a);
    ck_assert(!app_find_data("", NULL, out, sizeof out));
    unsetenv("PLATFORMER_DATA");
}
END_TEST

START_TEST(the_environment_comes_next_and_is_the_only_place_looked)
{
    char a[APP_PATH_MAX], b[APP_PATH_MAX], empty[APP_PATH_MAX], base[APP_PATH_MAX];
    char out[APP_PATH_MAX], msg[APP_PATH_MAX + 256];
    scratch_folder(a, sizeof a, "env-a", true);
    scratch_folder(b, sizeof b, "env-b", true);
    scratch_folder(empty, sizeof empty, "env-empty", false);
    build_tree(base, sizeof base, "env-build", a);
    setenv("PLATFORMER_DATA", b, 1);
    ck_assert(app_find_data(NULL, base, out, sizeof out));
    ck_assert_str_eq(out, b);
    setenv("PLATFORMER_DATA", empty, 1);
    ck_assert(!app_find_data(NULL, base, out, sizeof out));
    app_data_missing(NULL, msg, sizeof msg);
    ck_assert_msg(strstr(msg, empty) != NULL && strstr(msg, "PLATFORMER_DATA") != NULL, "%s", msg);
    /* set but empty: as if unset, the build tree is next */
    setenv("PLATFORMER_DATA", "", 1);
    ck_assert(app_find_data(NULL, base, out, sizeof out));
    ck_assert_str_eq(out, a);
    unsetenv("PLATFORMER_DATA");
}
END_TEST

START_TEST(a_build_tree_names_its_data_next_to_the_program)
{
    unsetenv("PLATFORMER_DATA");
    char data[APP_PATH_MAX], base[APP_PATH_MAX], out[APP_PATH_MAX];
    scratch_folder(data, sizeof data, "tree-source", true);
    build_tree(base, sizeof base, "tree-build/src/platform", data);
    ck_assert(app_find_data(NULL, base, out, sizeof out));
    ck_assert_str_eq(out, data);
    /* SDL_GetBasePath ends in a slash */
    char slashed[APP_PATH_MAX + 2];
    snprintf(slashed, sizeof slashed, "%s/", base);
    ck_assert(app_find_data(NULL, slashed, out, sizeof out));
    ck_assert_str_eq(out, data);
}
END_TEST

/* An installed tree: PREFIX/bin/program finds PREFIX/bin/DATA_FROM_BIN
** (bin/../share/pips-peak), named without the "..". A build tree whose
** source folder has gone falls through to it too. */
START_TEST(an_install_is_found_relative_to_the_program)
{
    unsetenv("PLATFORMER_DATA");
    char bin[APP_PATH_MAX], data[APP_PATH_MAX + 64], out[APP_PATH_MAX], gone[APP_PATH_MAX];
    scratch_folder(bin, sizeof bin, "prefix/bin", false);
    snprintf(data, sizeof data, "%s/" DATA_FROM_BIN, bin);
    make_dirs(data);
    char real[APP_PATH_MAX];
    ck_assert_ptr_nonnull(realpath(data, real));
    snprintf(data, sizeof data, "%s/assets", real);
    make_dirs(data);
    snprintf(data, sizeof data, "%s/assets/physics.json", real);
    write_file(data, "{}\n");
    ck_assert(app_find_data(NULL, bin, out, sizeof out));
    ck_assert_str_eq(out, real);
    ck_assert_ptr_null(strstr(out, ".."));
    snprintf(gone, sizeof gone, "%s/no-such-source", APP_SCRATCH);
    build_tree(bin, sizeof bin, "prefix/bin", gone);
    ck_assert(app_find_data(NULL, bin, out, sizeof out));
    ck_assert_str_eq(out, real);
}
END_TEST

/* With nothing next to the program, only the absolute install folder
** compiled in is left: found when this machine has the game installed there. */
START_TEST(the_compiled_in_install_folder_comes_last)
{
    unsetenv("PLATFORMER_DATA");
    char bin[APP_PATH_MAX], out[APP_PATH_MAX], msg[APP_PATH_MAX + 256];
    scratch_folder(bin, sizeof bin, "bare/bin", false);
    bool found = app_find_data(NULL, bin, out, sizeof out);
    ck_assert_int_eq(found, installed_data_exists());
    if (found)
        ck_assert_str_eq(out, INSTALLED_DATA);
    ck_assert_int_eq(app_find_data(NULL, NULL, out, sizeof out), installed_data_exists());
    app_data_missing(NULL, msg, sizeof msg);
    ck_assert_msg(strstr(msg, INSTALLED_DATA) != NULL, "%s", msg);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("app");
    TCase *tc = tcase_create("app");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, verify_fails_on_a_wrong_hash_and_update_mends_it);
    tcase_add_test(tc, collects_all_fails_a_replay_that_leaves_a_coin);
    tcase_add_test(tc, update_refuses_a_changed_outcome_unless_allowed);
    tcase_add_test(tc, update_adds_missing_expectations);
    tcase_add_test(tc, data_option_wins_and_is_the_only_place_looked);
    tcase_add_test(tc, the_environment_comes_next_and_is_the_only_place_looked);
    tcase_add_test(tc, a_build_tree_names_its_data_next_to_the_program);
    tcase_add_test(tc, an_install_is_found_relative_to_the_program);
    tcase_add_test(tc, the_compiled_in_install_folder_comes_last);
    suite_add_tcase(s, tc);
    return check_run(s);
}
