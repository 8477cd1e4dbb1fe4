/* test_app.c -- the replay directives that --verify trusts, and where the
** game finds its data. */
#define _XOPEN_SOURCE 700 /* setenv, mkdir, realpath */

#include "app.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(directives_are_read)
{
    const char *path = "test_app_good.replay";
    write_file(path, "#! level: ../levels/a.json\n#! outcome: completed\n"
                     "#! ticks: 812\n#! hash: 0123456789abcdef\n# a comment\n10,R\n");
    ReplayExpect e;
    char err[256];
    ck_assert_msg(app_replay_expect(path, &e, err, sizeof err), "%s", err);
    ck_assert_str_eq(e.level, "../levels/a.json"); /* relative to the replay: here, '.' */
    ck_assert_str_eq(e.outcome, "completed");
    ck_assert_uint_eq(e.ticks, 812);
    ck_assert_str_eq(e.hash, "0123456789abcdef");
    remove(path);
}
END_TEST

START_TEST(malformed_directives_are_refused_with_their_line)
{
    static const struct { const char *text; const char *want; } bad[] = {
        {"#! ticks: 8l2\n", ":1: ticks must be"},
        {"#! ticks: 0\n", ":1: ticks must be"},
        {"5,R\n#! hash: 0123\n", ":2: hash must be"},
        {"#! outcome: finished\n", ":1: outcome must be"},
        {"#! level: a.json\n#! speed: 3\n", ":2: unknown directive"},
        {"#! level a.json\n", ":1: a '#!' line needs"},
    };
    const char *path = "test_app_bad.replay";
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(path, bad[i].text);
        ReplayExpect e;
        char err[256] = "";
        ck_assert_msg(!app_replay_expect(path, &e, err, sizeof err), "accepted: %s", bad[i].text);
        ck_assert_msg(strstr(err, bad[i].want) != NULL, "'%s' gave '%s'", bad[i].text, err);
    }
    remove(path);
}
END_TEST

/* ---- app_find_data ---- */

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
    tcase_add_test(tc, directives_are_read);
    tcase_add_test(tc, malformed_directives_are_refused_with_their_line);
    tcase_add_test(tc, data_option_wins_and_is_the_only_place_looked);
    tcase_add_test(tc, the_environment_comes_next_and_is_the_only_place_looked);
    tcase_add_test(tc, a_build_tree_names_its_data_next_to_the_program);
    tcase_add_test(tc, an_install_is_found_relative_to_the_program);
    tcase_add_test(tc, the_compiled_in_install_folder_comes_last);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
