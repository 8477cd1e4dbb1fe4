/* SPDX-License-Identifier: Zlib */
/*
** test_save_kill.c -- a process saving progress.json and settings.json as
** fast as it can, killed (SIGKILL) at a random moment, hundreds of times
** over. After every kill each file is whole: the old one or the new one,
** never part of one, and the bests in it never go back. Each new process
** starts as the game does, by loading the files, which clears the
** temporaries a killed save left behind; at the end none is left.
*/
#include "save/fixture.h"

#include "progress.h"
#include "settings.h"
#include "check_run.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

enum { KILLS = 500 };

/* The saving process: load, then improve the best time and save, again and
** again, with the settings between, writing a byte to `told` after each
** save of both. Never returns. */
static void save_forever(const char *progress, const char *settings, int told)
{
    Progress p;
    Settings s;
    progress_init(&p);
    char err[1024];
    if (progress_load(progress, PROGRESS_MAIN, &p, NULL) == SAVE_RECOVERED ||
        settings_load(settings, NULL, &s, NULL) == SAVE_RECOVERED)
        _exit(3); /* a file was not whole: the parent sees it too */
    for (unsigned k = 0;; k++) {
        const LevelRecord *r = progress_find(&p, "a.json");
        uint32_t ticks = r != NULL ? r->best_ticks - 1 : 4000000000u;
        LevelRun run = {.ticks = ticks, .deaths = k % 7, .coins = 1, .coins_total = 3};
        if (!progress_record_completion(&p, "a.json", (int)(k % 20), run, NULL) ||
            !progress_save(progress, PROGRESS_MAIN, &p, NULL, err, sizeof err))
            _exit(4);
        s.master_volume = (int)(k % 101);
        s.window_scale = (int)(k % 9);
        if (!settings_save(settings, &s, err, sizeof err))
            _exit(5);
        if (write(told, "s", 1) != 1)
            _exit(6);
    }
}

/* Temporaries beside the files now. */
static int temporaries(const Scratch *sc)
{
    char list[8192];
    scratch_list(sc, list, sizeof list);
    int n = 0;
    for (const char *at = strstr(list, ".tmp-"); at != NULL; at = strstr(at + 1, ".tmp-"))
        n++;
    return n;
}

START_TEST(a_save_killed_at_any_moment_leaves_the_old_file_or_the_new)
{
    Scratch sc;
    char progress[1100], settings[1100], err[512];
    scratch_init(&sc);
    scratch_path(&sc, "progress.json", progress, sizeof progress);
    scratch_path(&sc, "settings.json", settings, sizeof settings);
    unsigned seed = (unsigned)time(NULL);
    srand(seed);
    uint32_t best = UINT32_MAX;
    int left_behind = 0, mid_save = 0;
    for (int kill_no = 0; kill_no < KILLS; kill_no++) {
        int pipe_fds[2];
        ck_assert_int_eq(pipe(pipe_fds), 0);
        pid_t child = fork();
        ck_assert_int_ge(child, 0);
        if (child == 0) {
            close(pipe_fds[0]);
            save_forever(progress, settings, pipe_fds[1]);
        }
        close(pipe_fds[1]);
        /* once it has saved once, at any moment of the saves that follow */
        char byte;
        ck_assert_int_eq(read(pipe_fds[0], &byte, 1), 1);
        struct timespec wait = {0, (long)(rand() % 10000) * 1000}; /* 0 to 10 ms */
        nanosleep(&wait, NULL);
        ck_assert_int_eq(kill(child, SIGKILL), 0);
        int status;
        ck_assert_int_eq(waitpid(child, &status, 0), child);
        close(pipe_fds[0]);
        ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
                      "kill %d (seed %u): the saving process ended by itself, status %d", kill_no,
                      seed, status);
        int tmp = temporaries(&sc);
        left_behind += tmp;
        mid_save += tmp > 0;

        /* each file whole, and the best only ever better */
        if (file_exists(progress)) {
            size_t len;
            char *text = read_all(progress, &len);
            Progress p;
            progress_init(&p);
            ck_assert_msg(progress_parse(text, len, PROGRESS_MAIN, &p, err, sizeof err),
                          "kill %d (seed %u): %s is not whole: %s", kill_no, seed, progress, err);
            const LevelRecord *r = progress_find(&p, "a.json");
            ck_assert_ptr_nonnull(r);
            ck_assert_uint_le(r->best_ticks, best);
            best = r->best_ticks;
            progress_fini(&p);
            free(text);
        }
        if (file_exists(settings)) {
            Settings s;
            SaveNotices notices = {0};
            size_t len;
            char *text = read_all(settings, &len);
            ck_assert_msg(settings_parse(text, len, NULL, &s, &notices) && notices.count == 0,
                          "kill %d (seed %u): %s is not whole: %s", kill_no, seed, settings,
                          notices.count > 0 ? notices.list[0].message : "");
            free(text);
        }
    }
    ck_assert_uint_le(best, 4000000000u - (KILLS - 1)); /* each process saved at least once */
    /* the game's next start clears what the last kill left */
    Progress p;
    Settings s;
    progress_init(&p);
    ck_assert_int_eq(progress_load(progress, PROGRESS_MAIN, &p, NULL), SAVE_LOADED);
    ck_assert_int_eq(settings_load(settings, NULL, &s, NULL), SAVE_LOADED);
    ck_assert_int_eq(temporaries(&sc), 0);
    char list[512];
    scratch_list(&sc, list, sizeof list);
    ck_assert_str_eq(list, "progress.json settings.json");
    printf("kills: %d (seed %u); killed in the middle of a save: %d, leaving %d temporaries, "
           "each removed at the next start; best time saved: %lu saves in\n",
           KILLS, seed, mid_save, left_behind, (unsigned long)(4000000000u - best));
    progress_fini(&p);
    scratch_fini(&sc);
}
END_TEST

static Suite *kill_suite(void)
{
    Suite *s = suite_create("save_kill");
    TCase *tc = tcase_create("kill");
    tcase_add_test(tc, a_save_killed_at_any_moment_leaves_the_old_file_or_the_new);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(kill_suite());
}
