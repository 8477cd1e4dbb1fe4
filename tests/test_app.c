/* test_app.c -- the replay directives that --verify trusts. */
#include "app.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(void)
{
    Suite *s = suite_create("app");
    TCase *tc = tcase_create("app");
    tcase_add_test(tc, directives_are_read);
    tcase_add_test(tc, malformed_directives_are_refused_with_their_line);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
