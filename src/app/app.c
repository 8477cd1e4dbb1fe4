/* SPDX-License-Identifier: Zlib */
/* app.c -- data folder, level loading, the headless runner (see app.h). */
#define _XOPEN_SOURCE 700 /* realpath */

#include "app.h"

#include "progress.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The build compiles these in (src/app/CMakeLists.txt). */
#ifndef APP_DATA_DIR
#error "APP_DATA_DIR: the absolute data folder of an install"
#endif
#ifndef APP_DATA_FROM_BIN
#error "APP_DATA_FROM_BIN: the data folder of an install, relative to its program's folder"
#endif

/* dir/rel, with dir's trailing slashes dropped (SDL_GetBasePath ends in one). */
static bool join(char *out, size_t size, const char *dir, const char *rel)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    if (n == 0 || n > APP_PATH_MAX)
        return false;
    int w = snprintf(out, size, "%.*s/%s", (int)n, dir, rel);
    return w >= 0 && (size_t)w < size;
}

static bool has_data(const char *dir)
{
    char probe[APP_PATH_MAX];
    if (!join(probe, sizeof probe, dir, "assets/physics.json"))
        return false;
    FILE *f = fopen(probe, "rb");
    if (f == NULL)
        return false;
    fclose(f);
    return true;
}

static bool copy_path(char *out, size_t size, const char *path)
{
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    if (n >= size)
        return false;
    memcpy(out, path, n);
    out[n] = '\0';
    return true;
}

/* The folder named by the build tree's APP_BUILD_DATA_FILE next to the
** program, into out. False when there is none (an installed program). */
static bool build_tree_data(const char *base_path, char *out, size_t size)
{
    char marker[APP_PATH_MAX];
    if (!join(marker, sizeof marker, base_path, APP_BUILD_DATA_FILE))
        return false;
    FILE *f = fopen(marker, "r");
    if (f == NULL)
        return false;
    bool ok = fgets(out, (int)size, f) != NULL;
    fclose(f);
    if (!ok)
        return false;
    out[strcspn(out, "\r\n")] = '\0';
    return out[0] != '\0';
}

/* The game's own data, as a build tree or an install finds it. */
static bool own_data(const char *base_path, char *out, size_t size)
{
    char found[APP_PATH_MAX];
    if (base_path != NULL && build_tree_data(base_path, found, sizeof found) && has_data(found))
        return copy_path(out, size, found);
    if (base_path != NULL && join(found, sizeof found, base_path, APP_DATA_FROM_BIN) &&
        has_data(found)) {
        char real[PATH_MAX];
        /* bin/../share/...: named plainly in messages */
        return copy_path(out, size, realpath(found, real) != NULL ? real : found);
    }
    return has_data(APP_DATA_DIR) && copy_path(out, size, APP_DATA_DIR);
}

bool app_find_data(const char *dir, const char *base_path, char *out, size_t size)
{
    const char *env = getenv("PLATFORMER_DATA");
    if (dir == NULL && env != NULL && *env != '\0')
        dir = env;
    if (dir != NULL)
        return has_data(dir) && copy_path(out, size, dir);
    return own_data(base_path, out, size);
}

bool app_campaign_id(const char *data_dir, const char *base_path, char *out, size_t size)
{
    char own[APP_PATH_MAX], a[PATH_MAX], b[PATH_MAX];
    const char *real = realpath(data_dir, a);
    if (real != NULL && own_data(base_path, own, sizeof own) && realpath(own, b) != NULL &&
        strcmp(a, b) == 0) {
        int n = snprintf(out, size, "%s", PROGRESS_MAIN);
        return n > 0 && (size_t)n < size;
    }
    return progress_campaign_folder(real != NULL ? real : data_dir, out, size);
}

void app_data_missing(const char *dir, char *msg, size_t size)
{
    const char *env = getenv("PLATFORMER_DATA");
    if (dir != NULL || (env != NULL && *env != '\0'))
        snprintf(msg, size,
                 "%s: no assets/physics.json there (%s names the folder holding the game's "
                 "assets/ and levels/)",
                 dir != NULL ? dir : env, dir != NULL ? "--data" : "PLATFORMER_DATA");
    else
        snprintf(msg, size,
                 "cannot find the game's data (assets/physics.json) next to the "
                 "program or in %s: give the folder with --data DIR or PLATFORMER_DATA",
                 APP_DATA_DIR);
}

bool app_load_level(const char *data_dir, const char *path, const char *own_folder, LevelDesc *out,
                    LevelErrors *errors)
{
    PhysicsParams base = physics_defaults();
    char physics[APP_PATH_MAX + 32];
    if (!join(physics, sizeof physics, data_dir, "assets/physics.json")) {
        level_errors_add(errors, data_dir, 0, 0, "the data folder's path is too long");
        return false;
    }
    if (!level_physics_load(physics, &base, errors))
        return false;
    if (own_folder == NULL)
        return level_load(path, &base, out, errors);
    LevelConfine confine = {own_folder, data_dir};
    return level_load_confined(path, &base, &confine, out, errors);
}

Sim *app_rebuild_sim(Sim *old, const LevelDesc *level, const ClipTable *clips)
{
    Sim *sim = sim_create(level, clips);
    if (sim == NULL || old == NULL)
        return sim;
    const Transform *t = ecs_get(sim_world(old), sim_player(old), C_TRANSFORM);
    if (t != NULL)
        sim_place_player(sim, t->x, t->y);
    return sim;
}

const char *app_outcome_name(SimOutcome outcome)
{
    switch (outcome) {
    case OUTCOME_COMPLETED: return "completed";
    case OUTCOME_DIED: return "died";
    default: return "running";
    }
}

/* One line per tick about the player: for writing and debugging replays. */
static void print_trace(FILE *out, Sim *sim, unsigned long tick, const InputIntent *in)
{
    EcsWorld *w = sim_world(sim);
    const Transform *t = ecs_get(w, sim_player(sim), C_TRANSFORM);
    const Velocity *v = ecs_get(w, sim_player(sim), C_VELOCITY);
    const Player *p = ecs_get(w, sim_player(sim), C_PLAYER);
    static const char *const states[] = {"normal", "dead", "done"};
    fprintf(out, "%lu %c%c%c%c%c x=%d y=%d vx=%.1f vy=%.1f %s%s coins=%d deaths=%u\n", tick,
            in->left ? 'L' : '.', in->right ? 'R' : '.', in->up ? 'U' : '.', in->down ? 'D' : '.',
            in->jump_held ? 'J' : '.', t->x, t->y, (double)v->x, (double)v->y,
            p->grounded ? "ground " : "air ", states[p->state < 3 ? p->state : 0],
            sim_status(sim)->collected, sim_status(sim)->deaths);
}

unsigned long app_run(Sim *sim, const AppRun *run)
{
    unsigned long tick = 0;
    InputIntent idle = {0};
    for (;;) {
        if (sim_status(sim)->outcome == OUTCOME_COMPLETED)
            break;
        if (run->max_ticks != 0 && tick >= run->max_ticks)
            break;
        if (run->replay != NULL && tick >= run->replay->count)
            break;
        InputIntent in = run->replay != NULL ? replay_intent(run->replay, tick) : idle;
        sim_tick(sim, &in);
        tick++;
        if (run->trace)
            print_trace(run->out, sim, tick, &in);
        if (run->hash_every != 0 && tick % run->hash_every == 0)
            fprintf(run->out, "tick %lu hash %016" PRIx64 "\n", tick, sim_hash(sim));
    }
    return tick;
}

/* ---- the command line ---- */

/* ---- soak ---- */

/* Plays a level for `ticks` ticks of seeded random input, restarting it
** whenever it completes, and checks after every tick that no actor is in a
** solid, nothing is NaN, the entity count stays within the level's, and the
** world's memory does not grow. */
static bool soak_level(const char *data, const char *path, unsigned long ticks, uint64_t seed)
{
    LevelErrors errors = {0};
    LevelDesc level;
    if (!app_load_level(data, path, NULL, &level, &errors)) {
        level_errors_print(&errors, stderr);
        return false;
    }
    Sim *sim = sim_create(&level, NULL);
    if (sim == NULL) {
        fprintf(stderr, "%s: could not build the level\n", path);
        leveldesc_fini(&level);
        return false;
    }
    uint32_t max_entities = ecs_alive_count(sim_world(sim));
    size_t bytes_first = ecs_world_bytes(sim_world(sim)), bytes_max = bytes_first;
    uint32_t deaths = 0, completions = 0;
    InputMash mash;
    input_mash_init(&mash, seed);
    bool ok = true;
    char msg[256];
    for (unsigned long tick = 1; tick <= ticks && ok; tick++) {
        InputIntent in = input_mash_next(&mash);
        sim_tick(sim, &in);
        if (!sim_check_invariants(sim, msg, sizeof msg)) {
            fprintf(stderr, "%s: tick %lu: %s\n", path, tick, msg);
            ok = false;
        } else if (ecs_alive_count(sim_world(sim)) > max_entities) {
            fprintf(stderr, "%s: tick %lu: %u entities, the level has %u\n", path, tick,
                    ecs_alive_count(sim_world(sim)), max_entities);
            ok = false;
        }
        size_t bytes = ecs_world_bytes(sim_world(sim));
        bytes_max = bytes > bytes_max ? bytes : bytes_max;
        if (ok && sim_status(sim)->outcome == OUTCOME_COMPLETED) {
            deaths += sim_status(sim)->deaths;
            completions++;
            sim_destroy(sim);
            sim = sim_create(&level, NULL);
            if (sim == NULL) {
                fprintf(stderr, "%s: could not rebuild the level\n", path);
                leveldesc_fini(&level);
                return false;
            }
        }
    }
    /* Pools never shrink, so the first ticks may grow them once (deferred
    ** commands); past that, any growth is a leak in the making. */
    if (ok && bytes_max > bytes_first + 64 * 1024) {
        fprintf(stderr, "%s: world memory grew from %zu to %zu bytes\n", path, bytes_first,
                bytes_max);
        ok = false;
    }
    deaths += sim_status(sim)->deaths;
    printf("%s: %s, %lu ticks, %u deaths, %u completions, at most %u entities, "
           "world %zu..%zu bytes\n",
           path, ok ? "ok" : "FAILED", ticks, deaths, completions, max_entities, bytes_first,
           bytes_max);
    sim_destroy(sim);
    leveldesc_fini(&level);
    return ok;
}

static int usage(const char *argv0)
{
    const char *p = level_program_name(argv0);
    fprintf(stderr,
            "usage: %s --headless --level FILE [--replay FILE] [--frames N]\n"
            "                             [--hash-every K] [--trace] [--data DIR]\n"
            "       %s --headless --verify [--update [--allow-outcome-change]] REPLAY...\n"
            "       %s --headless --soak TICKS [--seed N] LEVEL... [--data DIR]\n"
            "       %s --headless --jitter [--shift N] [--slack T] [--min P] REPLAY...\n"
            "Runs a level with no window until the replay ends, N ticks pass or the\n"
            "level completes, and prints ticks, outcome, deaths and the state hash.\n"
            "--trace prints the player's state after every tick.\n"
            "--data DIR reads the game's data (assets/, levels/) from DIR.\n"
            "--verify runs replays whose '#!' lines name their level and expected\n"
            "outcome, ticks and hash, and fails on any difference. With --update it\n"
            "rewrites those lines to what the run gives instead, printing old and new,\n"
            "but refuses a replay whose outcome changed unless --allow-outcome-change.\n",
            p, p, p, p);
    return 2;
}

typedef struct RunResult {
    unsigned long ticks;
    uint64_t hash;
    SimStatus status;
} RunResult;

static bool run_level(const char *data, const char *level_path, const char *replay_path,
                      unsigned long frames, unsigned long hash_every, bool trace, RunResult *result)
{
    LevelErrors errors = {0};
    LevelDesc level;
    if (!app_load_level(data, level_path, NULL, &level, &errors)) {
        level_errors_print(&errors, stderr);
        return false;
    }
    Replay replay;
    replay_init(&replay);
    if (replay_path != NULL) {
        char err[REPLAY_PATH_MAX + 256];
        if (!replay_load(replay_path, &replay, NULL, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            leveldesc_fini(&level);
            return false;
        }
    }
    Sim *sim = sim_create(&level, NULL);
    leveldesc_fini(&level);
    if (sim == NULL) {
        fprintf(stderr, "%s: could not build the level (out of memory)\n", level_path);
        replay_fini(&replay);
        return false;
    }
    if (replay_path == NULL && frames == 0)
        frames = 600;
    AppRun run = {replay_path != NULL ? &replay : NULL, frames, hash_every, trace, stdout};
    result->ticks = app_run(sim, &run);
    result->hash = sim_hash(sim);
    result->status = *sim_status(sim);
    sim_destroy(sim);
    replay_fini(&replay);
    return true;
}

/* How --verify treats a replay whose run differs from its directives. */
typedef enum VerifyMode {
    VERIFY_CHECK,      /* report it and fail */
    VERIFY_UPDATE,     /* rewrite outcome, ticks and hash; refuse a changed outcome */
    VERIFY_UPDATE_ANY, /* rewrite them whatever changed */
} VerifyMode;

static int verify(const char *data, int count, char **replays, VerifyMode mode)
{
    int failures = 0;
    for (int i = 0; i < count; i++) {
        ReplayHeader expect;
        Replay unused;
        char err[REPLAY_PATH_MAX + 256];
        if (!replay_load(replays[i], &unused, &expect, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            failures++;
            continue;
        }
        replay_fini(&unused);
        char level[REPLAY_PATH_MAX];
        if (!replay_level_path(&expect, replays[i], level, sizeof level)) {
            fprintf(stderr, "%s: no '#! level:' line\n", replays[i]);
            failures++;
            continue;
        }
        RunResult r;
        if (!run_level(data, level, replays[i], 0, 0, false, &r)) {
            failures++;
            continue;
        }
        ReplayHeader got = expect;
        snprintf(got.hash, sizeof got.hash, "%016" PRIx64, r.hash);
        snprintf(got.outcome, sizeof got.outcome, "%s", app_outcome_name(r.status.outcome));
        got.ticks = r.ticks;
        bool same_outcome = expect.outcome[0] == '\0' || strcmp(expect.outcome, got.outcome) == 0;
        const SimStatus *st = &r.status;
        bool all = st->collected == st->collectibles && st->gems == st->gems_total;
        if (expect.collects_all && !all) {
            /* not a difference --update could write down: the replay is wrong */
            fprintf(stderr,
                    "%s: '#! collects: all', but it banks %d of %d coins and %d of %d "
                    "gems\n",
                    replays[i], st->collected, st->collectibles, st->gems, st->gems_total);
            failures++;
            continue;
        }
        bool same = same_outcome && (expect.ticks == 0 || expect.ticks == got.ticks) &&
                    (expect.hash[0] == '\0' || strcmp(expect.hash, got.hash) == 0);
        if (mode != VERIFY_CHECK) {
            printf("%s: outcome %s -> %s, ticks %lu -> %lu, hash %s -> %s, deaths %u\n", replays[i],
                   expect.outcome[0] ? expect.outcome : "-", got.outcome, expect.ticks, got.ticks,
                   expect.hash[0] ? expect.hash : "-", got.hash, r.status.deaths);
            bool complete =
                expect.outcome[0] != '\0' && expect.ticks != 0 && expect.hash[0] != '\0';
            if (same && complete)
                continue;
            if (!same_outcome && mode != VERIFY_UPDATE_ANY) {
                fprintf(stderr,
                        "%s: not rewritten: the run ends %s, not %s (a replay that no "
                        "longer does what it did is a broken level; "
                        "--allow-outcome-change rewrites it anyway)\n",
                        replays[i], got.outcome, expect.outcome);
                failures++;
                continue;
            }
            if (!replay_update_header(replays[i], &got, err, sizeof err)) {
                fprintf(stderr, "%s\n", err);
                failures++;
            }
            continue;
        }
        if (!same_outcome)
            fprintf(stderr, "%s: outcome %s, expected %s\n", replays[i], got.outcome,
                    expect.outcome);
        if (expect.ticks != 0 && expect.ticks != got.ticks)
            fprintf(stderr, "%s: %lu ticks, expected %lu\n", replays[i], got.ticks, expect.ticks);
        if (expect.hash[0] != '\0' && strcmp(expect.hash, got.hash) != 0)
            fprintf(stderr, "%s: hash %s, expected %s\n", replays[i], got.hash, expect.hash);
        printf("%s: %s (ticks %lu, outcome %s, deaths %u, coins %d/%d, gems %d/%d, hash %s)\n",
               replays[i], same ? "ok" : "MISMATCH", got.ticks, got.outcome, r.status.deaths,
               st->collected, st->collectibles, st->gems, st->gems_total, got.hash);
        failures += !same;
    }
    return failures == 0 ? 0 : 1;
}

int app_headless(int argc, char **argv, const char *data_dir, const char *base_path)
{
    const char *prog = level_program_name(argv[0]);
    const char *level = NULL, *replay = NULL;
    unsigned long frames = 0, hash_every = 0;
    bool trace = false;
    int verify_from = 0, soak_from = 0;
    VerifyMode mode = VERIFY_CHECK;
    unsigned long soak_ticks = 0, seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--headless") == 0) {
            continue;
        } else if (strcmp(a, "--jitter") == 0) {
            return app_jitter(argc, argv, data_dir, base_path);
        } else if (strcmp(a, "--verify") == 0) {
            verify_from = i + 1;
            while (verify_from < argc && strncmp(argv[verify_from], "--", 2) == 0) {
                if (strcmp(argv[verify_from], "--update") == 0 && mode == VERIFY_CHECK)
                    mode = VERIFY_UPDATE;
                else if (strcmp(argv[verify_from], "--allow-outcome-change") == 0 &&
                         mode == VERIFY_UPDATE)
                    mode = VERIFY_UPDATE_ANY;
                else
                    return usage(argv[0]);
                verify_from++;
            }
            break;
        } else if (strcmp(a, "--soak") == 0 && has_value) {
            if (!replay_parse_count(argv[++i], &soak_ticks) || soak_ticks == 0) {
                fprintf(stderr, "%s: --soak needs a positive number of ticks\n", prog);
                return 2;
            }
            soak_from = -1;
        } else if (strcmp(a, "--seed") == 0 && has_value) {
            if (!replay_parse_count(argv[++i], &seed)) {
                fprintf(stderr, "%s: --seed needs a number\n", prog);
                return 2;
            }
        } else if (soak_from == -1 && a[0] != '-') {
            soak_from = i;
            break;
        } else if (strcmp(a, "--trace") == 0) {
            trace = true;
        } else if (strcmp(a, "--level") == 0 && has_value) {
            level = argv[++i];
        } else if (strcmp(a, "--replay") == 0 && has_value) {
            replay = argv[++i];
        } else if (strcmp(a, "--frames") == 0 && has_value) {
            if (!replay_parse_count(argv[++i], &frames) || frames == 0) {
                fprintf(stderr, "%s: --frames needs a positive number\n", prog);
                return 2;
            }
        } else if (strcmp(a, "--hash-every") == 0 && has_value) {
            if (!replay_parse_count(argv[++i], &hash_every) || hash_every == 0) {
                fprintf(stderr, "%s: --hash-every needs a positive number\n", prog);
                return 2;
            }
        } else {
            fprintf(stderr, "%s: unknown or incomplete option '%s'\n", prog, a);
            return usage(argv[0]);
        }
    }
    char data[APP_PATH_MAX];
    if (!app_find_data(data_dir, base_path, data, sizeof data)) {
        char msg[APP_PATH_MAX + 256];
        app_data_missing(data_dir, msg, sizeof msg);
        fprintf(stderr, "%s: %s\n", prog, msg);
        return 1;
    }
    if (soak_from != 0) {
        if (soak_from < 0)
            return usage(argv[0]);
        int failed = 0;
        for (int i = soak_from; i < argc; i++)
            failed +=
                !soak_level(data, argv[i], soak_ticks, (uint64_t)seed * 0x9e3779b97f4a7c15ull + 1);
        return failed == 0 ? 0 : 1;
    }
    if (verify_from > 0) {
        if (verify_from >= argc)
            return usage(argv[0]);
        return verify(data, argc - verify_from, argv + verify_from, mode);
    }
    if (level == NULL)
        return usage(argv[0]);
    RunResult r;
    if (!run_level(data, level, replay, frames, hash_every, trace, &r))
        return 1;
    printf("ticks: %lu\noutcome: %s\ndeaths: %u\nhash: %016" PRIx64 "\n", r.ticks,
           app_outcome_name(r.status.outcome), r.status.deaths, r.hash);
    return 0;
}
