/* SPDX-License-Identifier: Zlib */
/*
** main.c -- route: finds inputs that bring Pip to a place, printed as
** replay lines to paste into a replay.
**
**   route [LEVEL] [--from REPLAY [--ticks N]] --to X,Y[,W,H] | --to goal
**         [--px] [--standing] [--max-ticks N] [--budget N] [--weight W]
**         [--jump-cost T] [--down] [--out FILE] [--data DIR]
**
** Without --px the target is in tiles: column X, row Y, W x H tiles (1 x
** 1 by default). Exit status 0 when a route is found, 1 when none is
** within the limits (or a file is wrong), 2 on wrong usage.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "route.h"

#include "app.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int usage(void)
{
    fputs("usage: route [LEVEL] [--from REPLAY [--ticks N]] --to X,Y[,W,H] | --to goal\n"
          "             [--px] [--standing] [--max-ticks N] [--budget N] [--weight W]\n"
          "             [--jump-cost T] [--down] [--out FILE] [--data DIR]\n"
          "Searches for inputs that bring the player from the level's start, or from\n"
          "where the first N ticks of REPLAY leave it (all of them by default), into\n"
          "the target with no death, and prints them as replay lines to paste after\n"
          "those ticks. The target is in tiles (column, row, width, height; 1 x 1 by\n"
          "default), in pixels with --px, or the level's end with 'goal'; with\n"
          "--standing the player must stand there. LEVEL defaults to the replay's.\n"
          "  --max-ticks N  longest route (default 1200: 20 s)\n"
          "  --budget N     candidates played before giving up (default 20000):\n"
          "                 more finds more, slower\n"
          "  --weight W     how much nearness counts against time taken (default\n"
          "                 1.5; 1 is even, more trusts nearness and searches less)\n"
          "  --jump-cost T  ticks a jump counts as (default 8): fewer jumps, easier\n"
          "                 routes\n"
          "  --down         also try holding down (drops through planks)\n"
          "  --out FILE     also write the prefix and the route as a replay, with\n"
          "                 its outcome, ticks and hash, for --headless --verify\n"
          "Exit status 0 when a route is found, 1 when none is found in the limits.\n",
          stderr);
    return 2;
}

static bool parse_count(const char *text, unsigned long lo, unsigned long hi, unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || text[0] == '+' || v < lo ||
        v > hi)
        return false;
    *out = v;
    return true;
}

/* "X,Y" or "X,Y,W,H", whole numbers from 0 (W and H from 1). */
static bool parse_box(const char *text, long box[4])
{
    box[2] = box[3] = 1;
    const char *p = text;
    int n = 0;
    while (n < 4) {
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (errno != 0 || end == p || *p == '-' || *p == '+' || v > 1000000)
            return false;
        box[n++] = v;
        if (*end == '\0')
            break;
        if (*end != ',')
            return false;
        p = end + 1;
    }
    return (n == 2 || n == 4) && box[2] > 0 && box[3] > 0 && *p != '\0';
}

static void describe_target(const RouteTarget *t, bool px, const long box[4], char *buf,
                            size_t size)
{
    if (t->goal)
        snprintf(buf, size, "the goal");
    else if (px)
        snprintf(buf, size, "the box x=%ld y=%ld %ldx%ld px%s", box[0], box[1], box[2], box[3],
                 t->standing ? ", standing" : "");
    else
        snprintf(buf, size, "tile %ld,%ld (%ldx%ld)%s", box[0], box[1], box[2], box[3],
                 t->standing ? ", standing" : "");
}

/* a then b, as one replay in out (the caller's to replay_fini). */
static bool joined(const Replay *a, const Replay *b, Replay *out)
{
    replay_init(out);
    bool ok = true;
    for (size_t i = 0; i < a->count && ok; i++) {
        InputIntent in = replay_intent(a, i);
        ok = replay_push(out, &in);
    }
    for (size_t i = 0; i < b->count && ok; i++) {
        InputIntent in = replay_intent(b, i);
        ok = replay_push(out, &in);
    }
    return ok;
}

/* The prefix and the route as one replay: the level named from there, its
** end as the run gives it. */
static bool write_replay(const char *path, const char *level_path, const LevelDesc *level,
                         const Replay *prefix, const Replay *route)
{
    Replay all;
    bool ok = joined(prefix, route, &all);
    ReplayHeader h;
    memset(&h, 0, sizeof h);
    char err[REPLAY_PATH_MAX + 256];
    Sim *sim = ok ? sim_create(level, NULL) : NULL;
    if (sim == NULL) {
        fprintf(stderr, "route: out of memory\n");
        replay_fini(&all);
        return false;
    }
    AppRun run = {&all, 0, 0, false, stdout};
    h.ticks = app_run(sim, &run);
    snprintf(h.outcome, sizeof h.outcome, "%s", app_outcome_name(sim_status(sim)->outcome));
    snprintf(h.hash, sizeof h.hash, "%016" PRIx64, sim_hash(sim));
    sim_destroy(sim);
    if (!level_path_relative(path, level_path, h.level, sizeof h.level)) {
        fprintf(stderr, "route: %s: cannot name %s from there\n", path, level_path);
        ok = false;
    } else if (!replay_save(path, &all, &h, err, sizeof err)) {
        fprintf(stderr, "route: %s\n", err);
        ok = false;
    }
    replay_fini(&all);
    return ok;
}

/* How forgiving the whole replay (prefix and route) is, as --jitter
** measures it: a route found by search is often tight. */
static void report_forgiveness(const LevelDesc *level, const Replay *prefix, const Replay *route)
{
    Replay all;
    bool ok = joined(prefix, route, &all);
    AppJitter j;
    if (ok && app_jitter_measure(level, &all, 2, 120, &j)) {
        if (j.outcome == OUTCOME_COMPLETED)
            fprintf(stderr,
                    "route: the whole replay has %zu jump%s; %zu of %zu runs with one "
                    "moved by up to 2 ticks still complete (%.1f%%, as --jitter)\n",
                    j.jumps, j.jumps == 1 ? "" : "s", j.completed, j.runs, app_jitter_percent(&j));
        app_jitter_fini(&j);
    }
    replay_fini(&all);
}

int main(int argc, char **argv)
{
    const char *level_arg = NULL, *from = NULL, *to = NULL, *out_path = NULL, *data_arg = NULL;
    unsigned long prefix_ticks = 0;
    bool px = false, ticks_given = false;
    RouteOptions opt = route_defaults();
    RouteTarget target = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--from") == 0 && has_value) {
            from = argv[++i];
        } else if (strcmp(a, "--ticks") == 0 && has_value) {
            if (!parse_count(argv[++i], 0, REPLAY_MAX_TICKS, &prefix_ticks)) {
                fprintf(stderr, "route: --ticks needs a number of ticks\n");
                return 2;
            }
            ticks_given = true;
        } else if (strcmp(a, "--to") == 0 && has_value) {
            to = argv[++i];
        } else if (strcmp(a, "--px") == 0) {
            px = true;
        } else if (strcmp(a, "--standing") == 0) {
            target.standing = true;
        } else if (strcmp(a, "--down") == 0) {
            opt.down = true;
        } else if (strcmp(a, "--max-ticks") == 0 && has_value) {
            if (!parse_count(argv[++i], 1, REPLAY_MAX_TICKS, &opt.max_ticks)) {
                fprintf(stderr, "route: --max-ticks needs a positive number of ticks\n");
                return 2;
            }
        } else if (strcmp(a, "--budget") == 0 && has_value) {
            if (!parse_count(argv[++i], 1, 100000000, &opt.budget)) {
                fprintf(stderr, "route: --budget needs a positive number of candidates\n");
                return 2;
            }
        } else if (strcmp(a, "--jump-cost") == 0 && has_value) {
            char *end;
            double c = strtod(argv[++i], &end);
            if (end == argv[i] || *end != '\0' || !(c >= 0.0 && c <= 1000.0)) {
                fprintf(stderr, "route: --jump-cost needs a number of ticks from 0 to 1000\n");
                return 2;
            }
            opt.jump_cost = (float)c;
        } else if (strcmp(a, "--weight") == 0 && has_value) {
            char *end;
            double w = strtod(argv[++i], &end);
            if (end == argv[i] || *end != '\0' || !(w >= 0.0 && w <= 100.0)) {
                fprintf(stderr, "route: --weight needs a number from 0 to 100\n");
                return 2;
            }
            opt.weight = (float)w;
        } else if (strcmp(a, "--out") == 0 && has_value) {
            out_path = argv[++i];
        } else if (strcmp(a, "--data") == 0 && has_value) {
            data_arg = argv[++i];
        } else if (a[0] != '-' && level_arg == NULL) {
            level_arg = a;
        } else {
            fprintf(stderr, "route: unknown or incomplete option '%s'\n", a);
            return usage();
        }
    }
    long box[4] = {0, 0, 1, 1};
    if (to == NULL || (level_arg == NULL && from == NULL) || (ticks_given && from == NULL))
        return usage();
    if (strcmp(to, "goal") == 0) {
        target.goal = true;
    } else if (!parse_box(to, box)) {
        fprintf(stderr, "route: --to needs X,Y or X,Y,W,H (whole numbers), or goal\n");
        return 2;
    }
    long scale = px ? 1 : TILE_SIZE;
    target.x = (int32_t)(box[0] * scale);
    target.y = (int32_t)(box[1] * scale);
    target.w = (int32_t)(box[2] * scale);
    target.h = (int32_t)(box[3] * scale);

    /* the program's folder, where the build tree's data-folder.txt is */
    char base[APP_PATH_MAX], data[APP_PATH_MAX];
    const char *base_path = NULL;
    if (realpath(argv[0], base) != NULL && strrchr(base, '/') != NULL) {
        strrchr(base, '/')[1] = '\0';
        base_path = base;
    }
    if (!app_find_data(data_arg, base_path, data, sizeof data)) {
        char msg[APP_PATH_MAX + 256];
        app_data_missing(data_arg, msg, sizeof msg);
        fprintf(stderr, "route: %s\n", msg);
        return 1;
    }

    Replay prefix;
    replay_init(&prefix);
    char level_path[REPLAY_PATH_MAX];
    char err[REPLAY_PATH_MAX + 256];
    if (from != NULL) {
        ReplayHeader h;
        if (!replay_load(from, &prefix, &h, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        if (ticks_given) {
            if (prefix_ticks > prefix.count) {
                fprintf(stderr, "route: --ticks %lu: %s has %zu ticks\n", prefix_ticks, from,
                        prefix.count);
                replay_fini(&prefix);
                return 1;
            }
            prefix.count = prefix_ticks;
        }
        if (level_arg == NULL && !replay_level_path(&h, from, level_path, sizeof level_path)) {
            fprintf(stderr, "%s: no '#! level:' line; name the level\n", from);
            replay_fini(&prefix);
            return 1;
        }
    }
    if (level_arg != NULL)
        snprintf(level_path, sizeof level_path, "%s", level_arg);
    LevelErrors errors = {0};
    LevelDesc level;
    if (!app_load_level(data, level_path, NULL, &level, &errors)) {
        level_errors_print(&errors, stderr);
        replay_fini(&prefix);
        return 1;
    }

    clock_t start = clock();
    RouteResult r;
    bool ok = route_find(&level, &prefix, &target, &opt, &r, err, sizeof err);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    int status = 1;
    char where[128];
    describe_target(&target, px, box, where, sizeof where);
    if (!ok) {
        fprintf(stderr, "route: %s%s%s\n", from != NULL ? from : level_path, ": ", err);
    } else if (!r.found) {
        fprintf(stderr,
                "route: no route to %s within %lu ticks and %lu candidates; closest: "
                "x=%d y=%d (tile %d,%d), %.0f px away\n",
                where, opt.max_ticks, opt.budget, r.x, r.y, r.x / TILE_SIZE, r.y / TILE_SIZE,
                (double)r.distance);
    } else {
        printf("# route: %lu ticks from ", r.ticks);
        if (prefix.count > 0)
            printf("tick %zu of %s", prefix.count, from);
        else
            printf("the start of %s", level_path);
        printf(" to %s; Pip ends at x=%d y=%d (tile %d,%d), %s\n", where, r.x, r.y, r.x / TILE_SIZE,
               r.y / TILE_SIZE, r.grounded ? "standing" : "in the air");
        size_t len;
        char *text = replay_format(&r.route, &len);
        if (text != NULL) {
            /* replay_format's own first line names the keys; the route's
            ** comment above says what the lines are. */
            const char *body = strchr(text, '\n');
            fputs(body != NULL ? body + 1 : text, stdout);
            free(text);
            status = 0;
        } else {
            fprintf(stderr, "route: out of memory\n");
        }
        if (status == 0 && out_path != NULL &&
            !write_replay(out_path, level_path, &level, &prefix, &r.route))
            status = 1;
        if (status == 0 && target.goal)
            report_forgiveness(&level, &prefix, &r.route);
    }
    if (ok)
        fprintf(stderr, "route: %lu candidates played, %llu ticks simulated, %.2f s\n", r.sims,
                r.simulated, seconds);
    if (ok)
        replay_fini(&r.route);
    leveldesc_fini(&level);
    replay_fini(&prefix);
    return status;
}
