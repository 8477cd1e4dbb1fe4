/* SPDX-License-Identifier: Zlib */
/*
** main.c -- curve: the campaign measured level by level from its completing
** replays, and the measures held to the campaign's goals.
**
**   curve [--replays DIR] [--require all|CHECK[,CHECK...]] [--data DIR]
**
** For each level of levels/campaign.json, the replay DIR/NAME.replay (by
** default tests/replays/ of the data folder) is played as --jitter plays it
** (every jump moved 1 and 2 ticks either way, app_jitter_measure) and once
** more as recorded, watching the tick's events:
**   - optimal s: the recorded run's ticks over the tick rate;
**   - death %: the shifted runs that do not complete with no death (the
**     100% --jitter does not count), a sloppy player's share of failures;
**   - hands-off %: the recorded ticks with no key held, the time a player
**     only waits;
**   - checkpoints: those the recorded run reaches of those the level has;
**   - stretch s: the longest play between two respawn points in a row (the
**     start, each checkpoint as it is reached, the goal), what a death
**     costs at worst;
**   - signs, coins and gems the level holds.
** Then each world's mean death share, and the checks, each PASS or FAIL
** with its figures:
**   means        the worlds' mean death shares strictly increase
**   finales      each world's last level has its world's greatest share
**   hands-off    no level's recorded run is more than 30% hands-off
**   checkpoints  every level's recorded run reaches every checkpoint
**   stretch      no stretch between respawn points is longer than 15 s
**   signs        at most 40 signs in the campaign
**   first        the first level's recorded run at most 1,200 ticks
**   coins        at most 60 coins in a level
**   length       the campaign at least 15 minutes of optimal play
** --require names the checks that decide the exit status (1 when one of
** them fails); the others are printed all the same. Exit status 2 on wrong
** usage, 1 when a level or replay cannot be measured.
*/
#define _XOPEN_SOURCE 700 /* realpath */
#include "app.h"
#include "campaign.h"
#include "components.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_HANDS_OFF_PCT = 30,
    MAX_STRETCH_TICKS = 15 * SIM_TICK_RATE,
    MAX_SIGNS = 40,
    MAX_FIRST_TICKS = 1200,
    MAX_COINS = 60,
    MIN_CAMPAIGN_TICKS = 15 * 60 * SIM_TICK_RATE,
    MAX_CHECKPOINTS = 64,
};

typedef enum Check {
    CHECK_MEANS,
    CHECK_FINALES,
    CHECK_HANDS_OFF,
    CHECK_CHECKPOINTS,
    CHECK_STRETCH,
    CHECK_SIGNS,
    CHECK_FIRST,
    CHECK_COINS,
    CHECK_LENGTH,
    CHECK_COUNT
} Check;

static const char *const CHECK_NAMES[CHECK_COUNT] = {
    "means", "finales", "hands-off", "checkpoints", "stretch", "signs", "first", "coins", "length",
};

/* What one level measures. */
typedef struct Row {
    unsigned long ticks; /* the recorded run's */
    double death_pct;    /* shifted runs that fail */
    size_t runs;
    double hands_off_pct;
    int checkpoints, reached;
    unsigned long stretch; /* ticks */
    int signs, coins, gems;
} Row;

static int count_of(EcsWorld *w, EcsComponent c)
{
    int n = 0;
    EcsIter it = ecs_view(w, c);
    while (ecs_iter_next(&it))
        n += it.count;
    return n;
}

/* The recorded run again, tick by tick: its waits, its checkpoints, its
** stretches, and what the level holds. */
static bool watch(const LevelDesc *level, const Replay *replay, unsigned long ticks, Row *row)
{
    Sim *sim = sim_create(level, NULL);
    if (sim == NULL)
        return false;
    row->checkpoints = count_of(sim_world(sim), C_CHECKPOINT);
    row->signs = count_of(sim_world(sim), C_SIGN);
    const SimStatus *st = sim_status(sim);
    row->coins = st->collectibles;
    row->gems = st->gems_total;
    int32_t seen[MAX_CHECKPOINTS][2];
    int nseen = 0;
    unsigned long idle = 0, last = 0;
    row->stretch = 0;
    for (unsigned long t = 0; t < ticks && st->outcome != OUTCOME_COMPLETED; t++) {
        InputIntent in = replay_intent(replay, t);
        idle += replay->keys[t] == 0;
        sim_tick(sim, &in);
        int n;
        const SimEvent *ev = sim_events(sim, &n);
        for (int k = 0; k < n; k++) {
            if (ev[k].type != EV_CHECKPOINT && ev[k].type != EV_COMPLETED)
                continue;
            if (t + 1 - last > row->stretch)
                row->stretch = t + 1 - last;
            last = t + 1;
            bool known = false;
            for (int s = 0; s < nseen; s++)
                known = known || (seen[s][0] == ev[k].x && seen[s][1] == ev[k].y);
            if (ev[k].type == EV_CHECKPOINT && !known && nseen < MAX_CHECKPOINTS) {
                seen[nseen][0] = ev[k].x;
                seen[nseen][1] = ev[k].y;
                nseen++;
            }
        }
    }
    row->reached = nseen;
    row->hands_off_pct = ticks > 0 ? 100.0 * (double)idle / (double)ticks : 0.0;
    sim_destroy(sim);
    return true;
}

static bool measure(const char *data, const char *level_path, const char *replay_path, Row *row)
{
    LevelDesc level;
    LevelErrors errors = {0};
    if (!app_load_level(data, level_path, NULL, &level, &errors)) {
        level_errors_print(&errors, stderr);
        return false;
    }
    Replay replay;
    ReplayHeader header;
    char err[REPLAY_PATH_MAX + 256];
    if (!replay_load(replay_path, &replay, &header, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        leveldesc_fini(&level);
        return false;
    }
    AppJitter j;
    bool measured = app_jitter_measure(&level, &replay, 2, 120, &j), ok = measured;
    if (!ok) {
        fprintf(stderr, "curve: %s: out of memory\n", level_path);
    } else if (j.outcome != OUTCOME_COMPLETED || j.deaths != 0) {
        fprintf(stderr,
                "curve: %s: the run ends %s after %lu ticks with %u deaths; a level is "
                "measured by a replay that completes with no death\n",
                replay_path, app_outcome_name(j.outcome), j.ticks, j.deaths);
        ok = false;
    } else {
        row->ticks = j.ticks;
        row->runs = j.runs;
        row->death_pct = 100.0 - app_jitter_percent(&j);
        ok = watch(&level, &replay, j.ticks, row);
    }
    if (measured)
        app_jitter_fini(&j);
    replay_fini(&replay);
    leveldesc_fini(&level);
    return ok;
}

static double seconds(unsigned long ticks)
{
    return (double)ticks / SIM_TICK_RATE;
}

static int usage(void)
{
    fputs("usage: curve [--replays DIR] [--require all|CHECK[,CHECK...]] [--data DIR]\n"
          "Measures every level of the campaign from its completing replay\n"
          "(DIR/NAME.replay, by default tests/replays/ of the data folder) and prints\n"
          "a table and the checks: means, finales, hands-off, checkpoints, stretch,\n"
          "signs, first, coins, length. The exit status is 1 when a check --require\n"
          "names fails.\n",
          stderr);
    return 2;
}

static bool parse_require(const char *text, bool required[CHECK_COUNT])
{
    if (strcmp(text, "all") == 0) {
        for (int c = 0; c < CHECK_COUNT; c++)
            required[c] = true;
        return true;
    }
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return false;
    strcpy(buf, text);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save)) {
        int c = 0;
        while (c < CHECK_COUNT && strcmp(CHECK_NAMES[c], tok) != 0)
            c++;
        if (c == CHECK_COUNT) {
            fprintf(stderr, "curve: --require: no check '%s'\n", tok);
            return false;
        }
        required[c] = true;
    }
    return true;
}

int main(int argc, char **argv)
{
    const char *data_arg = NULL, *replays_arg = NULL;
    bool required[CHECK_COUNT] = {false};
    for (int i = 1; i < argc; i++) {
        bool has_value = i + 1 < argc;
        if (strcmp(argv[i], "--data") == 0 && has_value)
            data_arg = argv[++i];
        else if (strcmp(argv[i], "--replays") == 0 && has_value)
            replays_arg = argv[++i];
        else if (strcmp(argv[i], "--require") == 0 && has_value) {
            if (!parse_require(argv[++i], required))
                return usage();
        } else
            return usage();
    }
    char base[APP_PATH_MAX], data[APP_PATH_MAX];
    const char *base_path = NULL;
    if (realpath(argv[0], base) != NULL && strrchr(base, '/') != NULL) {
        strrchr(base, '/')[1] = '\0';
        base_path = base;
    }
    if (!app_find_data(data_arg, base_path, data, sizeof data)) {
        char msg[APP_PATH_MAX + 256];
        app_data_missing(data_arg, msg, sizeof msg);
        fprintf(stderr, "curve: %s\n", msg);
        return 1;
    }
    char path[APP_PATH_MAX + 64], replays[APP_PATH_MAX + 64], err[APP_PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/levels/campaign.json", data);
    if (replays_arg != NULL)
        snprintf(replays, sizeof replays, "%s", replays_arg);
    else
        snprintf(replays, sizeof replays, "%s/tests/replays", data);
    static Campaign campaign;
    if (!campaign_load(path, &campaign, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }

    static Row rows[CAMPAIGN_MAX_LEVELS];
    printf("%-3s %-24s %9s %7s %9s %5s %9s %5s %5s %4s\n", "#", "idea", "optimal s", "death %",
           "hands-off", "flags", "stretch s", "signs", "coins", "gems");
    bool measured = true;
    for (int i = 0; i < campaign.count; i++) {
        const CampaignLevel *cl = &campaign.levels[i];
        char level_path[APP_PATH_MAX + 64], replay_path[APP_PATH_MAX + 2 * CAMPAIGN_FILE_MAX];
        campaign_level_path(&campaign, i, level_path, sizeof level_path);
        int stem = (int)(strrchr(cl->file, '.') != NULL ? strrchr(cl->file, '.') - cl->file
                                                        : (long)strlen(cl->file));
        snprintf(replay_path, sizeof replay_path, "%s/%.*s.replay", replays, stem, cl->file);
        Row *r = &rows[i];
        if (!measure(data, level_path, replay_path, r)) {
            measured = false;
            continue;
        }
        printf("%-3d %-24s %9.1f %7.1f %8.1f%% %2d/%-2d %9.1f %5d %5d %4d\n", i + 1, cl->title,
               seconds(r->ticks), r->death_pct, r->hands_off_pct, r->reached, r->checkpoints,
               seconds(r->stretch), r->signs, r->coins, r->gems);
        fflush(stdout);
    }
    if (!measured) {
        fprintf(stderr, "curve: not every level could be measured\n");
        return 1;
    }

    bool pass[CHECK_COUNT];
    for (int c = 0; c < CHECK_COUNT; c++)
        pass[c] = true;
    char why[CHECK_COUNT][512] = {{0}};
    unsigned long total = 0;
    int signs = 0;
    double prev_mean = -1.0;
    printf("\nworld                 mean death %%  finale death %%  world max\n");
    for (int w = 0; w < campaign.world_count; w++) {
        const CampaignWorld *cw = &campaign.worlds[w];
        double sum = 0.0, max = 0.0;
        for (int i = cw->first; i < cw->first + cw->count; i++) {
            sum += rows[i].death_pct;
            max = rows[i].death_pct > max ? rows[i].death_pct : max;
        }
        double mean = sum / cw->count, finale = rows[cw->first + cw->count - 1].death_pct;
        printf("%-21s %13.1f %15.1f %10.1f\n", cw->name, mean, finale, max);
        if (mean <= prev_mean) {
            pass[CHECK_MEANS] = false;
            snprintf(why[CHECK_MEANS] + strlen(why[CHECK_MEANS]),
                     sizeof why[CHECK_MEANS] - strlen(why[CHECK_MEANS]), " %s %.1f <= %.1f;",
                     cw->name, mean, prev_mean);
        }
        prev_mean = mean;
        if (finale < max) {
            pass[CHECK_FINALES] = false;
            snprintf(why[CHECK_FINALES] + strlen(why[CHECK_FINALES]),
                     sizeof why[CHECK_FINALES] - strlen(why[CHECK_FINALES]),
                     " %s's finale %.1f < %.1f;", cw->name, finale, max);
        }
    }
    for (int i = 0; i < campaign.count; i++) {
        const Row *r = &rows[i];
        total += r->ticks;
        signs += r->signs;
        struct {
            Check check;
            bool bad;
            const char *fmt;
            double value;
        } each[] = {
            {CHECK_HANDS_OFF, r->hands_off_pct > MAX_HANDS_OFF_PCT, " %d: %.1f%%;",
             r->hands_off_pct},
            {CHECK_CHECKPOINTS, r->reached < r->checkpoints, " %d: %.0f missed;",
             r->checkpoints - r->reached},
            {CHECK_STRETCH, r->stretch > MAX_STRETCH_TICKS, " %d: %.1f s;", seconds(r->stretch)},
            {CHECK_COINS, r->coins > MAX_COINS, " %d: %.0f;", r->coins},
        };
        for (size_t k = 0; k < sizeof each / sizeof each[0]; k++) {
            if (!each[k].bad)
                continue;
            char *s = why[each[k].check];
            pass[each[k].check] = false;
            snprintf(s + strlen(s), sizeof why[0] - strlen(s), each[k].fmt, i + 1, each[k].value);
        }
    }
    if (signs > MAX_SIGNS) {
        pass[CHECK_SIGNS] = false;
        snprintf(why[CHECK_SIGNS], sizeof why[0], " %d signs;", signs);
    }
    if (rows[0].ticks > MAX_FIRST_TICKS) {
        pass[CHECK_FIRST] = false;
        snprintf(why[CHECK_FIRST], sizeof why[0], " %lu ticks;", rows[0].ticks);
    }
    if (total < MIN_CAMPAIGN_TICKS) {
        pass[CHECK_LENGTH] = false;
        snprintf(why[CHECK_LENGTH], sizeof why[0], " %.1f min;", seconds(total) / 60.0);
    }
    printf("\ncampaign: %.1f min of optimal play, %d signs\n\n", seconds(total) / 60.0, signs);

    static const char *const GOALS[CHECK_COUNT] = {
        "the worlds' mean death shares strictly increase",
        "each world's finale has its world's greatest death share",
        "every level at most 30% hands-off",
        "every level's replay reaches every checkpoint",
        "at most 15 s between respawn points",
        "at most 40 signs in the campaign",
        "the first level at most 1,200 ticks",
        "at most 60 coins in a level",
        "at least 15 minutes of optimal play",
    };
    bool failed = false;
    for (int c = 0; c < CHECK_COUNT; c++) {
        size_t len = strlen(why[c]);
        if (len > 0 && why[c][len - 1] == ';')
            why[c][len - 1] = '\0';
        printf("%s %-11s %s%s%s%s\n", pass[c] ? "PASS" : "FAIL", CHECK_NAMES[c], GOALS[c],
               pass[c] ? "" : ":", why[c], required[c] ? "" : " (not required)");
        failed = failed || (required[c] && !pass[c]);
    }
    return failed ? 1 : 0;
}
