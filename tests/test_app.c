/* test_app.c -- --verify and --verify --update on real replays of the campaign. */
#include "app.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    argv[argc++] = "--data";
    argv[argc++] = SOURCE_DIR;
    for (const char *opt[3] = {a, b, c}, **o = opt; o < opt + 3; o++)
        if (*o != NULL)
            argv[argc++] = (char *)*o;
    argv[argc++] = (char *)path;
    return app_headless(argc, argv);
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

int main(void)
{
    Suite *s = suite_create("app");
    TCase *tc = tcase_create("app");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, verify_fails_on_a_wrong_hash_and_update_mends_it);
    tcase_add_test(tc, update_refuses_a_changed_outcome_unless_allowed);
    tcase_add_test(tc, update_adds_missing_expectations);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
