/* SPDX-License-Identifier: Zlib */
/*
** jitter.c -- how forgiving a level is: its completing replay played again
** with one jump at a time moved a few ticks (--headless --jitter).
**
** A jump of a replay is a run of ticks with J held that starts with a
** press (J not held the tick before). Moving it by s ticks moves its press
** and its release together: J leaves ticks [press, release) and is held on
** [press+s, release+s). Every other key of every tick stays as recorded:
** a jump moved earlier is pressed over ticks that still hold the
** directions they held (it eats into the ticks before it), one moved later
** is held over the ticks after it. A shift that would start before the
** first tick, or leave no released tick between the jump and the one
** before or after it (their two presses would become one long hold), is
** not a shift a player could make with the other jumps as recorded: it is
** skipped, and counted apart.
**
** A shifted run counts when it completes with no death within the
** recorded run's ticks plus a slack (an earlier jump can arrive a little
** later). Past the end of the replay the last tick's directions stay held,
** without jump: the run to the flag goes on. A run stops at its first
** death, which is most of the saving on an unforgiving level.
**
** Speed: the work grows with the jumps, not with their square. The
** recorded run is played once, keeping its state's hash after every tick,
** and once more alongside the jumps: each shifted run starts from a copy of
** it (sim_copy) at the first tick the shift changes, never from the
** level's start. Once a shifted run's keys are the recorded ones again and
** its state hashes as the recorded run's did at the same tick, it is the
** recorded run from there on (the same state, the same keys; the recorded
** run has no death, so no checkpoint copy comes into it): it completes as
** recorded, and stops. Most shifted jumps land where the recorded one did
** a few ticks later, so a run costs about its jump, not the level.
**
** Not all: a jump's sideways boost taken a tick earlier leaves the player's
** sub-pixel remainder different by a rounding (a millionth of a pixel)
** until a wall stops it, and in the open the state never hashes as the
** recorded one again. Such runs are most often one another's, though: the
** same shift of the next jump leaves the same remainder. So every state a
** shifted run passed through (after its shifted jump, every fourth tick)
** is kept with the end it came to, and a later run that hashes the same at
** the same tick, with the recorded keys from the tick before on in both,
** comes to that end too, and stops (a run stops at its first death, so the
** checkpoint's copy, which the hash leaves out, never comes into it). The
** table is of a fixed size; once it is half full, runs are played out. The shifted inputs are written into one
** buffer per replay, undone after each run.
*/
#include "app.h"

#include "array.h"
#include "atomic.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A jump: J held on ticks [press, release). */
typedef struct Jump {
    size_t press, release;
} Jump;

/* How one run ended. */
typedef struct RunEnd {
    SimOutcome outcome;
    unsigned long ticks;
    uint32_t deaths;
    int32_t x, y; /* the player's box centre, px */
    uint64_t hash;
} RunEnd;

static void run_end(Sim *sim, unsigned long ticks, RunEnd *end)
{
    EcsWorld *w = sim_world(sim);
    const SimStatus *st = sim_status(sim);
    const Transform *t = ecs_get(w, sim_player(sim), C_TRANSFORM);
    const Collider *c = ecs_get(w, sim_player(sim), C_COLLIDER);
    end->outcome = st->outcome;
    end->ticks = ticks;
    end->deaths = st->deaths;
    end->x = t != NULL && c != NULL ? t->x + c->off_x + c->w / 2 : 0;
    end->y = t != NULL && c != NULL ? t->y + c->off_y + c->h / 2 : 0;
    end->hash = sim_hash(sim);
}

/* One tick of keys at `tick` (jump_pressed comes from replay_intent, which
** only reads the buffer). */
static void tick_keys(Sim *sim, const uint8_t *keys, size_t count, size_t tick)
{
    Replay view = {(uint8_t *)keys, count, count};
    InputIntent in = replay_intent(&view, tick);
    sim_tick(sim, &in);
}

/* Plays keys[0, count) from the level's start, to the end of the keys or
** the completion, with the hash after each tick when hashes is not NULL
** (*hashes[t] after t ticks; malloc'd). False when out of memory. */
static bool play(const LevelDesc *level, const uint8_t *keys, size_t count, uint64_t **hashes,
                 RunEnd *end)
{
    Sim *sim = sim_create(level, NULL);
    uint64_t *h = hashes != NULL ? malloc((count + 1) * sizeof *h) : NULL;
    if (sim == NULL || (hashes != NULL && h == NULL)) {
        sim_destroy(sim);
        free(h);
        return false;
    }
    size_t tick = 0;
    if (h != NULL)
        h[0] = sim_hash(sim);
    while (tick < count && sim_status(sim)->outcome != OUTCOME_COMPLETED) {
        tick_keys(sim, keys, count, tick++);
        if (h != NULL)
            h[tick] = sim_hash(sim);
    }
    run_end(sim, tick, end);
    sim_destroy(sim);
    if (hashes != NULL)
        *hashes = h;
    return true;
}

/* Every jump of keys[0, count), in order. */
static bool find_jumps(const uint8_t *keys, size_t count, Jump **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    size_t cap = 0;
    for (size_t i = 0; i < count; i++) {
        if (!(keys[i] & REPLAY_KEY_J) || (i > 0 && (keys[i - 1] & REPLAY_KEY_J)))
            continue;
        size_t end = i;
        while (end < count && (keys[end] & REPLAY_KEY_J))
            end++;
        if (!array_reserve(*out, cap, *n + 1))
            return false;
        (*out)[(*n)++] = (Jump){i, end};
    }
    return true;
}

/* Whether jump k of jumps[0, n) can move by s: it starts no earlier than
** tick 0 and keeps a released tick between it and its neighbours. */
static bool shift_allowed(const Jump *jumps, size_t n, size_t k, int s)
{
    long press = (long)jumps[k].press + s, release = (long)jumps[k].release + s;
    if (press < 0)
        return false;
    if (k > 0 && press <= (long)jumps[k - 1].release)
        return false;
    return k + 1 >= n || release < (long)jumps[k + 1].press;
}

static void set_jump(uint8_t *keys, size_t count, size_t from, size_t to, bool held)
{
    for (size_t i = from; i < to && i < count; i++)
        keys[i] = held ? (uint8_t)(keys[i] | REPLAY_KEY_J) : (uint8_t)(keys[i] & ~REPLAY_KEY_J);
}

/* Moves jump j of keys by s ticks, or back when undo. */
static void move_jump(uint8_t *keys, size_t count, const Jump *j, int s, bool undo)
{
    size_t press = (size_t)((long)j->press + s), release = (size_t)((long)j->release + s);
    set_jump(keys, count, undo ? press : j->press, undo ? release : j->release, false);
    set_jump(keys, count, undo ? j->press : press, undo ? j->release : release, true);
}

/* The replay's keys, then its last tick's directions without jump up to
** length ticks: what the shifted runs play. malloc'd, *count ticks. */
static uint8_t *extended(const Replay *replay, size_t length, size_t *count)
{
    *count = replay->count > length ? replay->count : length;
    uint8_t *keys = malloc(*count > 0 ? *count : 1);
    if (keys == NULL)
        return NULL;
    if (replay->count > 0)
        memcpy(keys, replay->keys, replay->count);
    uint8_t last = replay->count > 0 ? replay->keys[replay->count - 1] : 0;
    memset(keys + replay->count, last & ~REPLAY_KEY_J, *count - replay->count);
    return keys;
}

bool app_jitter_shift(const Replay *replay, size_t length, size_t press, int shift, Replay *out,
                      char *err, size_t errlen)
{
    replay_init(out);
    size_t count, n = 0, k = 0;
    uint8_t *keys = extended(replay, length, &count);
    Jump *jumps = NULL;
    bool ok = keys != NULL && find_jumps(keys, count, &jumps, &n);
    while (ok && k < n && jumps[k].press != press)
        k++;
    if (!ok) {
        snprintf(err, errlen, "out of memory");
    } else if (k == n) {
        snprintf(err, errlen, "no jump is pressed at tick %zu", press + 1);
    } else if (!shift_allowed(jumps, n, k, shift)) {
        snprintf(err, errlen,
                 "the jump at tick %zu cannot move %+d: it would start before "
                 "the first tick or touch another jump",
                 press + 1, shift);
    } else {
        move_jump(keys, count, &jumps[k], shift, false);
        *out = (Replay){keys, count, count};
        keys = NULL;
    }
    free(jumps);
    free(keys);
    return out->keys != NULL;
}

/* ---- states already seen: (tick, state hash) -> the end a run came to ---- */

enum {
    SEEN_EVERY = 4, /* ticks between two looks: a hash costs about a tick */
    /* the table's slots (7 MB), kept at most half full: the campaign's
    ** replays keep at most some 16,000 states */
    SEEN_SLOTS = 1 << 17,
};

typedef struct Seen {
    uint64_t hash;
    uint32_t tick; /* 0: a free slot */
    RunEnd end;
} Seen;

typedef struct Memo {
    Seen *slots; /* open addressing, SEEN_SLOTS of them; NULL: none kept */
    size_t used;
    Seen *trail; /* the states of the run being played */
    size_t trail_count, trail_cap;
} Memo;

/* The slot of (hash, tick), or the free one where it would go. */
static Seen *memo_slot(const Memo *m, uint64_t hash, uint32_t tick)
{
    uint64_t k = hash ^ ((uint64_t)tick * 0x9E3779B97F4A7C15ull);
    k ^= k >> 29;
    for (size_t i = (size_t)k & (SEEN_SLOTS - 1);; i = (i + 1) & (SEEN_SLOTS - 1))
        if (m->slots[i].tick == 0 || (m->slots[i].hash == hash && m->slots[i].tick == tick))
            return &m->slots[i];
}

static const RunEnd *memo_find(const Memo *m, uint64_t hash, uint32_t tick)
{
    const Seen *s = m->slots != NULL ? memo_slot(m, hash, tick) : NULL;
    return s != NULL && s->tick != 0 ? &s->end : NULL;
}

/* The run just played came to `end`: its trail leads there from now on.
** Only a lookup saver: past half the table, the states are not kept. */
static void memo_keep(Memo *m, const RunEnd *end)
{
    if (m->slots == NULL || m->used + m->trail_count > SEEN_SLOTS / 2)
        return;
    for (size_t i = 0; i < m->trail_count; i++) {
        Seen *s = memo_slot(m, m->trail[i].hash, m->trail[i].tick);
        if (s->tick == 0) {
            *s = (Seen){m->trail[i].hash, m->trail[i].tick, *end};
            m->used++;
        }
    }
}

static void trail_add(Memo *m, uint64_t hash, size_t tick)
{
    if (!array_reserve(m->trail, m->trail_cap, m->trail_count + 1))
        return; /* the states past here are not kept: a saving lost, no more */
    m->trail[m->trail_count++] = (Seen){.hash = hash, .tick = (uint32_t)tick};
}

/* A shifted run, from `from` (the recorded run at tick `first`): until it
** completes, dies, runs out of time at `limit`, or, once the keys are the
** recorded ones again (from `same` on, and the tick before, whose jump key
** tells a press from a hold), is in a state the recorded run was
** in at the same tick (it then ends as recorded) or another shifted run was
** (it then ends as that one did). */
static void play_shifted(Sim *work, const uint8_t *keys, size_t count, size_t first, size_t same,
                         size_t limit, const uint64_t *hashes, const RunEnd *base, Memo *memo,
                         RunEnd *end)
{
    const SimStatus *st = sim_status(work);
    size_t tick = first;
    memo->trail_count = 0;
    while (tick < limit && st->outcome != OUTCOME_COMPLETED && st->deaths == 0) {
        tick_keys(work, keys, count, tick);
        tick++;
        if (tick <= same || tick % SEEN_EVERY != 0 || tick > UINT32_MAX)
            continue;
        uint64_t h = sim_hash(work);
        const RunEnd *known =
            tick < base->ticks && h == hashes[tick] ? base : memo_find(memo, h, (uint32_t)tick);
        if (known != NULL) {
            *end = *known;
            memo_keep(memo, end);
            return;
        }
        trail_add(memo, h, tick);
    }
    run_end(work, tick, end);
    memo_keep(memo, end);
}

bool app_jitter_measure(const LevelDesc *level, const Replay *replay, int shift,
                        unsigned long slack, AppJitter *out)
{
    memset(out, 0, sizeof *out);
    RunEnd base;
    uint64_t *hashes = NULL;
    if (!play(level, replay->keys, replay->count, &hashes, &base))
        return false;
    out->ticks = base.ticks;
    out->outcome = base.outcome;
    out->deaths = base.deaths;
    out->hash = base.hash;
    if (base.outcome != OUTCOME_COMPLETED || base.deaths != 0) {
        free(hashes);
        return true;
    }

    /* The recorded run goes on in `from`, up to the first tick each jump's
    ** shifts change; each shifted run starts from a copy of it there. */
    size_t limit = (size_t)base.ticks + (size_t)slack, count, njumps = 0, miss_cap = 0;
    uint8_t *keys = extended(replay, limit, &count);
    Jump *jumps = NULL;
    Sim *from = sim_create(level, NULL), *work = sim_create(level, NULL);
    size_t at = 0; /* ticks `from` has played */
    Memo memo = {.slots = calloc(SEEN_SLOTS, sizeof(Seen))};
    bool ok =
        keys != NULL && from != NULL && work != NULL && find_jumps(keys, count, &jumps, &njumps);
    for (size_t k = 0; ok && k < njumps && jumps[k].press < base.ticks; k++) {
        const Jump *jp = &jumps[k];
        size_t first = jp->press >= (size_t)shift ? jp->press - (size_t)shift : 0;
        while (at < first)
            tick_keys(from, keys, count, at++);
        out->jumps++;
        for (int s = -shift; s <= shift && ok; s++) {
            if (s == 0)
                continue;
            if (!shift_allowed(jumps, njumps, k, s)) {
                out->skipped++;
                continue;
            }
            RunEnd end;
            size_t same = (size_t)((long)jp->release + (s > 0 ? s : 0));
            move_jump(keys, count, jp, s, false);
            ok = sim_copy(work, from);
            if (ok)
                play_shifted(work, keys, count, first, same, limit, hashes, &base, &memo, &end);
            move_jump(keys, count, jp, s, true);
            if (!ok)
                break;
            out->runs++;
            if (end.outcome == OUTCOME_COMPLETED && end.deaths == 0) {
                out->completed++;
                continue;
            }
            if ((ok = array_reserve(out->misses, miss_cap, out->miss_count + 1)))
                out->misses[out->miss_count++] =
                    (AppJitterMiss){jp->press, jp->release - jp->press,
                                    s,         end.deaths > 0 ? OUTCOME_DIED : end.outcome,
                                    end.ticks, end.x,
                                    end.y};
        }
    }
    free(memo.slots);
    free(memo.trail);
    sim_destroy(from);
    sim_destroy(work);
    free(jumps);
    free(keys);
    free(hashes);
    if (!ok)
        app_jitter_fini(out);
    return ok;
}

void app_jitter_fini(AppJitter *j)
{
    free(j->misses);
    memset(j, 0, sizeof *j);
}

double app_jitter_percent(const AppJitter *j)
{
    return j->runs == 0 ? 100.0 : 100.0 * (double)j->completed / (double)j->runs;
}

/* ---- the command line ---- */

/* For each tick of the replay file, the line it was written on (0 when
** the file cannot be read again): each line parsed alone by the replay
** reader, so ticks are counted exactly as it counts them. */
static unsigned *tick_lines(const char *path, size_t count)
{
    unsigned *lines = calloc(count > 0 ? count : 1, sizeof *lines);
    char *text = NULL, why[256];
    size_t len = 0, tick = 0;
    if (lines != NULL)
        atomic_read(path, REPLAY_MAX_BYTES, &text, &len, why, sizeof why);
    unsigned line = 1;
    for (size_t pos = 0; text != NULL && pos < len && tick < count; line++) {
        size_t end = pos;
        while (end < len && text[end] != '\n' && text[end] != '\r')
            end++;
        Replay one;
        char err[64];
        if (replay_parse(text + pos, end - pos, &one, NULL, err, sizeof err)) {
            for (size_t i = 0; i < one.count && tick < count; i++)
                lines[tick++] = line;
            replay_fini(&one);
        }
        /* A line ends at LF, CR or CR LF, as the reader takes them. */
        pos = end < len && text[end] == '\r' && end + 1 < len && text[end + 1] == '\n' ? end + 2
                                                                                       : end + 1;
    }
    free(text);
    return lines;
}

/* "tick 412 (line 9, held 8): -2 died at tick 460 (x=1203 y=180, tile 75,11), ..." */
static void print_misses(const AppJitter *j, const unsigned *lines, size_t count)
{
    for (size_t i = 0; i < j->miss_count;) {
        const AppJitterMiss *m = &j->misses[i];
        unsigned line = lines != NULL && m->press < count ? lines[m->press] : 0;
        printf("  jump at tick %lu", m->press + 1);
        if (line > 0)
            printf(" (line %u, held %lu):", line, m->held);
        else
            printf(" (held %lu):", m->held);
        size_t k = i;
        for (; k < j->miss_count && j->misses[k].press == m->press; k++) {
            const AppJitterMiss *n = &j->misses[k];
            printf("%s %+d %s at tick %lu (x=%d y=%d, tile %d,%d)", k > i ? "," : "", n->shift,
                   n->outcome == OUTCOME_DIED ? "died" : "out of time", n->tick, n->x, n->y,
                   n->x / TILE_SIZE, n->y / TILE_SIZE);
        }
        putchar('\n');
        i = k;
    }
}

static int jitter_usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s --headless --jitter [--shift N] [--slack T] [--min P]\n"
            "                             REPLAY...\n"
            "       %s --headless --jitter --write TICK,SHIFT OUT.replay [--slack T] REPLAY\n"
            "Plays each completing replay again once for every jump and every shift of\n"
            "it by 1 to N ticks earlier or later (default 2), the other inputs as\n"
            "recorded, and counts the runs that still complete with no death within\n"
            "the recorded ticks plus T (default 120). Prints per replay the jumps, the\n"
            "shifted runs, those that complete, the percentage and each jump that\n"
            "fails. Exit status 1 when a replay does not complete as recorded or, with\n"
            "--min, completes fewer than P percent of its shifted runs.\n"
            "--write saves the run of the jump pressed at TICK moved SHIFT ticks (as\n"
            "listed, say 412,-2) as a replay, to watch with --replay OUT.replay.\n",
            prog, prog);
    return 2;
}

/* A replay, its directives and its level, loaded for the command. */
typedef struct Loaded {
    Replay replay;
    ReplayHeader header;
    char level_path[REPLAY_PATH_MAX];
    LevelDesc level;
} Loaded;

static bool load(const char *data, const char *path, Loaded *l)
{
    char err[REPLAY_PATH_MAX + 256];
    if (!replay_load(path, &l->replay, &l->header, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    LevelErrors errors = {0};
    if (!replay_level_path(&l->header, path, l->level_path, sizeof l->level_path)) {
        fprintf(stderr, "%s: no '#! level:' line\n", path);
    } else if (!app_load_level(data, l->level_path, NULL, &l->level, &errors)) {
        level_errors_print(&errors, stderr);
    } else {
        return true;
    }
    replay_fini(&l->replay);
    return false;
}

static void unload(Loaded *l)
{
    replay_fini(&l->replay);
    leveldesc_fini(&l->level);
}

/* One replay: the recorded run checked against its directives, then the
** shifted runs. Adds to the totals; false on failure. */
static bool jitter_replay(const char *data, const char *path, int shift, unsigned long slack,
                          double min, bool use_min, AppJitter *total)
{
    Loaded l;
    if (!load(data, path, &l))
        return false;
    const ReplayHeader *h = &l.header;
    AppJitter j;
    if (!app_jitter_measure(&l.level, &l.replay, shift, slack, &j)) {
        fprintf(stderr, "%s: could not build the level (out of memory)\n", l.level_path);
        unload(&l);
        return false;
    }
    if (j.outcome != OUTCOME_COMPLETED || j.deaths != 0) {
        fprintf(stderr,
                "%s: the run ends %s after %lu ticks with %u death%s; --jitter "
                "measures a replay that completes with no death\n",
                path, app_outcome_name(j.outcome), j.ticks, j.deaths, j.deaths == 1 ? "" : "s");
        unload(&l);
        return false;
    }
    bool verified = true;
    if (h->outcome[0] != '\0' && strcmp(h->outcome, "completed") != 0) {
        fprintf(stderr, "%s: the run completes, its '#! outcome:' says %s\n", path, h->outcome);
        verified = false;
    }
    if (h->ticks != 0 && h->ticks != j.ticks) {
        fprintf(stderr, "%s: the run completes in %lu ticks, its '#! ticks:' says %lu\n", path,
                j.ticks, h->ticks);
        verified = false;
    }
    char hash[17];
    snprintf(hash, sizeof hash, "%016" PRIx64, j.hash);
    if (h->hash[0] != '\0' && strcmp(h->hash, hash) != 0)
        fprintf(stderr,
                "%s: note: the end state's hash is %s, its '#! hash:' says %s "
                "(--verify tells whether that matters)\n",
                path, hash, h->hash);

    double pct = app_jitter_percent(&j);
    bool enough = !use_min || pct >= min;
    printf("%s: %lu ticks, %zu jump%s, %zu shifted run%s, %zu complete (%.1f%%)", path, j.ticks,
           j.jumps, j.jumps == 1 ? "" : "s", j.runs, j.runs == 1 ? "" : "s", j.completed, pct);
    if (j.skipped > 0)
        printf(", %zu shift%s skipped (before the start or touching another jump)", j.skipped,
               j.skipped == 1 ? "" : "s");
    if (!enough)
        printf(", below %g%%", min);
    putchar('\n');
    unsigned *lines = j.miss_count > 0 ? tick_lines(path, l.replay.count) : NULL;
    print_misses(&j, lines, l.replay.count);
    free(lines);
    total->jumps += j.jumps;
    total->runs += j.runs;
    total->completed += j.completed;
    total->skipped += j.skipped;
    app_jitter_fini(&j);
    unload(&l);
    return verified && enough;
}

/* --write: the shifted run as a replay of its own, naming its level from
** where it is written, its directives saying how it ends. */
static bool write_shifted(const char *data, const char *path, unsigned long tick, int shift,
                          unsigned long slack, const char *out_path)
{
    Loaded l;
    if (!load(data, path, &l))
        return false;
    RunEnd base, end;
    Replay shifted;
    char err[REPLAY_PATH_MAX + 256];
    ReplayHeader h;
    memset(&h, 0, sizeof h);
    bool ok = false;
    if (!play(&l.level, l.replay.keys, l.replay.count, NULL, &base)) {
        fprintf(stderr, "%s: could not build the level (out of memory)\n", l.level_path);
    } else if (!app_jitter_shift(&l.replay, (size_t)base.ticks + slack, tick - 1, shift, &shifted,
                                 err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", path, err);
    } else {
        if (!level_path_relative(out_path, l.level_path, h.level, sizeof h.level)) {
            fprintf(stderr, "%s: cannot name %s from there\n", out_path, l.level_path);
        } else if (!play(&l.level, shifted.keys, shifted.count, NULL, &end)) {
            fprintf(stderr, "%s: could not build the level (out of memory)\n", l.level_path);
        } else {
            snprintf(h.outcome, sizeof h.outcome, "%s", app_outcome_name(end.outcome));
            h.ticks = end.ticks;
            snprintf(h.hash, sizeof h.hash, "%016" PRIx64, end.hash);
            ok = replay_save(out_path, &shifted, &h, err, sizeof err);
            if (!ok)
                fprintf(stderr, "%s\n", err);
            else
                printf("%s: the jump at tick %lu of %s moved %+d: %s after %lu ticks, %u "
                       "death%s\n",
                       out_path, tick, path, shift, app_outcome_name(end.outcome), end.ticks,
                       end.deaths, end.deaths == 1 ? "" : "s");
        }
        replay_fini(&shifted);
    }
    unload(&l);
    return ok;
}

/* "TICK,SHIFT": a tick from 1 and a signed shift. */
static bool parse_write(const char *text, unsigned long *tick, int *shift)
{
    char *end;
    errno = 0;
    unsigned long t = strtoul(text, &end, 10);
    if (errno != 0 || end == text || text[0] == '-' || text[0] == '+' || *end != ',' || t == 0 ||
        t > REPLAY_MAX_TICKS)
        return false;
    const char *s = end + 1;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v == 0 || v < -600 || v > 600)
        return false;
    *tick = t;
    *shift = (int)v;
    return true;
}

int app_jitter(int argc, char **argv, const char *data_dir, const char *base_path)
{
    const char *prog = level_program_name(argv[0]);
    const char *write_path = NULL;
    unsigned long shift = 2, slack = 120, write_tick = 0;
    int write_shift = 0;
    double min = 0.0;
    bool use_min = false;
    const char **replays = malloc((size_t)argc * sizeof *replays);
    int count = 0, status = 2;
    if (replays == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (a[0] != '-') {
            replays[count++] = a;
        } else if (strcmp(a, "--headless") == 0 || strcmp(a, "--jitter") == 0) {
            continue;
        } else if (strcmp(a, "--shift") == 0 && has_value) {
            if (!replay_parse_count(argv[++i], &shift) || shift == 0 || shift > 600) {
                fprintf(stderr, "%s: --shift needs a number of ticks from 1 to 600\n", prog);
                goto done;
            }
        } else if (strcmp(a, "--slack") == 0 && has_value) {
            if (!replay_parse_count(argv[++i], &slack) || slack > REPLAY_MAX_TICKS) {
                fprintf(stderr, "%s: --slack needs a number of ticks\n", prog);
                goto done;
            }
        } else if (strcmp(a, "--min") == 0 && has_value) {
            char *end;
            min = strtod(argv[++i], &end);
            if (end == argv[i] || *end != '\0' || !(min >= 0.0 && min <= 100.0)) {
                fprintf(stderr, "%s: --min needs a percentage from 0 to 100\n", prog);
                goto done;
            }
            use_min = true;
        } else if (strcmp(a, "--write") == 0 && i + 2 < argc) {
            if (!parse_write(argv[++i], &write_tick, &write_shift)) {
                fprintf(stderr,
                        "%s: --write needs TICK,SHIFT (a jump's tick as "
                        "listed, a shift such as -2) and a file\n",
                        prog);
                goto done;
            }
            write_path = argv[++i];
        } else {
            fprintf(stderr, "%s: unknown or incomplete option '%s'\n", prog, a);
            status = jitter_usage(prog);
            goto done;
        }
    }
    if (count == 0 || (write_path != NULL && count != 1)) {
        status = jitter_usage(prog);
        goto done;
    }
    char data[APP_PATH_MAX];
    if (!app_find_data(data_dir, base_path, data, sizeof data)) {
        char msg[APP_PATH_MAX + 256];
        app_data_missing(data_dir, msg, sizeof msg);
        fprintf(stderr, "%s: %s\n", prog, msg);
        status = 1;
        goto done;
    }
    if (write_path != NULL) {
        status =
            write_shifted(data, replays[0], write_tick, write_shift, slack, write_path) ? 0 : 1;
        goto done;
    }
    AppJitter total;
    memset(&total, 0, sizeof total);
    int failures = 0;
    for (int i = 0; i < count; i++)
        failures += !jitter_replay(data, replays[i], (int)shift, slack, min, use_min, &total);
    if (count > 1)
        printf("all %d replays: %zu jumps, %zu shifted runs, %zu complete (%.1f%%)\n", count,
               total.jumps, total.runs, total.completed, app_jitter_percent(&total));
    status = failures == 0 ? 0 : 1;
done:
    free(replays);
    return status;
}
