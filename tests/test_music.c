/* SPDX-License-Identifier: Zlib */
/* test_music.c -- the music files, their reader and the sequencer, and
** `platformer --render-music`.
**
** Every track of assets/music is held to what the game needs of it: the
** shape of a song (voices, bars, length), a minute of audible and unclipped
** sound, and a loop with no seam. The sequencer's rules are pinned with
** small tracks written here, whose numbers follow from their tempo.
*/
#define _POSIX_C_SOURCE 200809L

#include "app.h"
#include "music.h"
#include "check_run.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TRACKS_MAX = 32 };

static const char *const REQUIRED[] = {"title", "hills", "cave", "ice", "peak"};

/* ---- helpers ---- */

static MusicTrack *load_track(const char *name)
{
    char path[2048], err[512];
    ck_assert_int_lt(snprintf(path, sizeof path, "%s/%s.txt", MUSIC_DIR, name), (int)sizeof path);
    MusicTrack *t;
    ck_assert_msg(audio_music_load(path, &t, err, sizeof err), "%s", err);
    return t;
}

static MusicTrack *parse(const char *text)
{
    char err[512];
    MusicTrack *t;
    ck_assert_msg(audio_music_parse("test.txt", text, strlen(text), &t, err, sizeof err), "%s",
                  err);
    return t;
}

/* The names of assets/music/ *.txt, sorted. */
static int track_names(char names[TRACKS_MAX][MUSIC_NAME_MAX])
{
    DIR *d = opendir(MUSIC_DIR);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        ck_assert_int_lt(n, TRACKS_MAX);
        ck_assert_uint_lt(len - 4, MUSIC_NAME_MAX);
        memcpy(names[n], e->d_name, len - 4);
        names[n][len - 4] = '\0';
        n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    return n;
}

/* count frames from the start of track, in one call: 2 * count samples,
** left then right. */
static int16_t *render_stereo(const MusicTrack *t, size_t count, MusicPlayer *p)
{
    int16_t *s = malloc(2 * count * sizeof *s);
    ck_assert_ptr_nonnull(s);
    audio_music_start(p, t);
    audio_music_render(p, s, count);
    return s;
}

/* The same, the left channel alone: for the small tracks written here,
** whose channels sit in the middle and play the same on both sides. */
static int16_t *render(const MusicTrack *t, size_t count, MusicPlayer *p)
{
    int16_t *s = render_stereo(t, count, p);
    for (size_t i = 0; i < count; i++) {
        ck_assert_int_eq(s[2 * i], s[2 * i + 1]);
        s[i] = s[2 * i];
    }
    return s;
}

static int peak_of(const int16_t *s, size_t n)
{
    int peak = 0;
    for (size_t i = 0; i < n; i++)
        peak = abs(s[i]) > peak ? abs(s[i]) : peak;
    return peak;
}

static double rms_of(const int16_t *s, size_t n)
{
    double e = 0.0;
    for (size_t i = 0; i < n; i++)
        e += (double)s[i] * s[i];
    return sqrt(e / (double)n);
}

static double dbfs(double v)
{
    return 20.0 * log10((v > 0.0 ? v : 1e-9) / 32768.0);
}

/* Sign changes, ignoring samples near zero (see test_bank.c). */
static int zero_crossings(const int16_t *s, size_t from, size_t to, int threshold)
{
    int crossings = 0, sign = 0;
    for (size_t i = from; i < to; i++) {
        int now = s[i] > threshold ? 1 : s[i] < -threshold ? -1 : 0;
        if (now != 0 && sign != 0 && now != sign)
            crossings++;
        if (now != 0)
            sign = now;
    }
    return crossings;
}

/* ---- the tracks of the game ---- */

START_TEST(the_game_has_a_track_for_the_title_and_each_world)
{
    char names[TRACKS_MAX][MUSIC_NAME_MAX];
    int n = track_names(names);
    for (size_t r = 0; r < sizeof REQUIRED / sizeof REQUIRED[0]; r++) {
        bool found = false;
        for (int i = 0; i < n; i++)
            found = found || strcmp(names[i], REQUIRED[r]) == 0;
        ck_assert_msg(found, "no assets/music/%s.txt", REQUIRED[r]);
    }
}
END_TEST

START_TEST(every_track_is_a_song_of_32_bars_or_more_that_plays_90_s_before_it_loops)
{
    char names[TRACKS_MAX][MUSIC_NAME_MAX];
    int n = track_names(names);
    for (int i = 0; i < n; i++) {
        MusicTrack *t = load_track(names[i]);
        ck_assert_str_eq(t->name, names[i]);
        ck_assert_msg(t->channel_count >= 3, "%s has %d voices", t->name, t->channel_count);
        uint64_t bar = (uint64_t)t->row_samples * (uint64_t)t->rows_per_beat * 4;
        uint64_t loop = audio_music_loop_samples(t), before = audio_music_intro_samples(t) + loop;
        ck_assert_msg(loop >= 32 * bar, "%s loops after %.1f bars", t->name,
                      (double)loop / (double)bar);
        double seconds = (double)loop / AUDIO_RATE, all = (double)before / AUDIO_RATE;
        ck_assert_msg(seconds >= 90.0 && all <= 150.0,
                      "%s loops after %.1f s (%.1f s with its intro)", t->name, seconds, all);
        audio_music_destroy(t);
    }
}
END_TEST

/* The track with its order list written out again after itself, so that
** the samples where the original wraps are, in this one, just the next bar. */
static MusicTrack *unrolled(const MusicTrack *t)
{
    MusicTrack *u = malloc(sizeof *u);
    ck_assert_ptr_nonnull(u);
    *u = *t; /* shares the cells */
    int body = t->step_count - t->loop;
    ck_assert_int_le(t->step_count + body, MUSIC_STEPS);
    for (int i = 0; i < body; i++)
        u->steps[t->step_count + i] = t->steps[t->loop + i];
    u->loop = t->step_count;
    u->step_count += body;
    return u;
}

/* One track a run (a loop test over the names): it is rendered once, from
** its start to 20 s past its wrap, and everything is checked on that. */
START_TEST(every_track_plays_a_minute_clean_and_loops_without_a_seam)
{
    char names[TRACKS_MAX][MUSIC_NAME_MAX];
    int n = track_names(names);
    ck_assert_int_lt(_i, n);
    MusicTrack *t = load_track(names[_i]);
    MusicPlayer *p = malloc(sizeof *p);
    ck_assert_ptr_nonnull(p);
    size_t intro = (size_t)audio_music_intro_samples(t);
    size_t loop = (size_t)audio_music_loop_samples(t);
    size_t wrap = intro + loop, window = 20 * AUDIO_RATE, minute = 60 * AUDIO_RATE;
    size_t count = wrap + window > minute ? wrap + window : minute;
    int16_t *s = render_stereo(t, count, p); /* frame k: s[2k] left, s[2k + 1] right */
    ck_assert_uint_eq(p->passes, 1);
    ck_assert_msg(p->stolen == 0, "%s cut %u notes short", t->name, p->stolen);

    /* A minute, audible and unclipped: no sample reached the rails (with a
    ** little room to spare), and no second of it falls silent (a rest in the
    ** tune is fine, the whole band stopping is not). */
    int peak = peak_of(s, 2 * minute);
    ck_assert_msg(peak < 32767 * 95 / 100, "%s peaks at %d", t->name, peak);
    ck_assert_msg(dbfs(peak) > -12.0, "%s peaks at only %.1f dBFS", t->name, dbfs(peak));
    ck_assert_msg(dbfs(rms_of(s, 2 * minute)) > -26.0, "%s: %.1f dBFS rms", t->name,
                  dbfs(rms_of(s, 2 * minute)));
    for (size_t from = 0; from + AUDIO_RATE <= minute; from += AUDIO_RATE) {
        double r = dbfs(rms_of(s + 2 * from, 2 * AUDIO_RATE));
        ck_assert_msg(r > -45.0, "%s: second %zu is at %.1f dBFS", t->name, from / AUDIO_RATE, r);
    }
    for (int c = 0; c < 2; c++) {
        double sum = 0.0;
        for (size_t k = 0; k < minute; k++)
            sum += s[2 * k + (size_t)c];
        ck_assert_msg(fabs(sum / (double)minute) < 300.0, "%s has a DC offset of %.0f", t->name,
                      sum / (double)minute);
    }

    /* No jump in the waveform where it wraps: the step into the loop's
    ** first frame is no larger than steps the music makes anyway, on
    ** either side. */
    for (size_t c = 0; c < 2; c++) {
        int biggest = 0;
        for (size_t k = wrap - AUDIO_RATE; k < wrap; k++) {
            int step = abs(s[2 * k + c] - s[2 * (k - 1) + c]);
            biggest = step > biggest ? step : biggest;
        }
        int at = abs(s[2 * wrap + c] - s[2 * (wrap - 1) + c]);
        ck_assert_msg(at <= biggest, "%s jumps by %d at the wrap", t->name, at);
    }

    /* Past the loop point the music is the loop start again, sample for
    ** sample, once the last notes (and echoes) before the wrap have rung
    ** out. */
    size_t settle = 0;
    for (size_t k = 0; k < 2 * window; k++)
        if (s[2 * wrap + k] != s[2 * intro + k])
            settle = k / 2 + 1;
    ck_assert_msg(settle <= 3 * AUDIO_RATE,
                  "%s: the second pass differs from the first until %.2f s after the wrap", t->name,
                  (double)settle / AUDIO_RATE);
    free(s);
    free(p);
    audio_music_destroy(t);
}
END_TEST

/* One track a run: the music has a shape. It is stereo (the channels are
** placed apart, and the echo answers from the other side: the difference
** of the two sides carries a fair part of the sound), and its sections
** differ in loudness: over its loop, counted in sections of 4 bars from
** the loop point, the loudest is at least 6 dB above the quietest, which
** is still music (above -40 dBFS), not a silence. */
START_TEST(every_track_is_stereo_and_its_sections_rise_and_fall)
{
    char names[TRACKS_MAX][MUSIC_NAME_MAX];
    int n = track_names(names);
    ck_assert_int_lt(_i, n);
    MusicTrack *t = load_track(names[_i]);
    MusicPlayer *p = malloc(sizeof *p);
    ck_assert_ptr_nonnull(p);
    size_t intro = (size_t)audio_music_intro_samples(t), loop = (size_t)audio_music_loop_samples(t);
    int16_t *s = render_stereo(t, intro + loop, p);

    double mid = 0.0, side = 0.0;
    for (size_t k = 0; k < intro + loop; k++) {
        double l = s[2 * k], r = s[2 * k + 1];
        mid += (l + r) * (l + r) / 4.0;
        side += (l - r) * (l - r) / 4.0;
    }
    double width = 10.0 * log10(side / mid);
    ck_assert_msg(width > -25.0, "%s: the sides differ by only %.1f dB of the middle (mono?)",
                  t->name, width);

    size_t section = (size_t)t->row_samples * (size_t)t->rows_per_beat * 4 * 4;
    ck_assert_uint_eq(loop % section, 0);
    double loudest = -200.0, quietest = 200.0;
    for (size_t from = intro; from < intro + loop; from += section) {
        double r = dbfs(rms_of(s + 2 * from, 2 * section));
        loudest = r > loudest ? r : loudest;
        quietest = r < quietest ? r : quietest;
    }
    ck_assert_msg(loudest - quietest >= 6.0,
                  "%s: its 4-bar sections span only %.1f dB (%.1f to %.1f dBFS)", t->name,
                  loudest - quietest, quietest, loudest);
    ck_assert_msg(quietest > -40.0, "%s: a section falls to %.1f dBFS", t->name, quietest);
    free(s);
    free(p);
    audio_music_destroy(t);
}
END_TEST

START_TEST(the_wrap_is_the_same_samples_as_playing_on_into_a_copy_of_the_loop)
{
    /* what the sequencer does at the wrap is the same for every track: one
    ** is enough to show it, the shortest */
    MusicTrack *t = load_track("peak");
    MusicTrack *u = unrolled(t);
    size_t wrap = (size_t)(audio_music_intro_samples(t) + audio_music_loop_samples(t));
    size_t count = wrap + 10 * AUDIO_RATE;
    MusicPlayer *p = malloc(sizeof *p);
    ck_assert_ptr_nonnull(p);
    int16_t *s = render_stereo(t, count, p);
    ck_assert_uint_eq(p->passes, 1);
    int16_t *w = render_stereo(u, count, p);
    ck_assert_uint_eq(p->passes, 0);
    ck_assert(memcmp(s, w, 2 * count * sizeof *s) == 0);
    free(s);
    free(w);
    free(p);
    free(u);
    audio_music_destroy(t);
}
END_TEST

START_TEST(rendering_is_deterministic_however_the_calls_are_cut)
{
    MusicTrack *t = load_track("hills");
    size_t count = 6 * AUDIO_RATE;
    MusicPlayer *p = malloc(sizeof *p);
    ck_assert_ptr_nonnull(p);
    int16_t *a = render_stereo(t, count, p);
    int16_t *b = render_stereo(t, count, p);
    ck_assert(memcmp(a, b, 2 * count * sizeof *a) == 0);
    /* the same samples in pieces of odd sizes, as an audio callback asks */
    static const size_t pieces[] = {1, 7, 255, 256, 1000, 4096};
    audio_music_start(p, t);
    size_t done = 0;
    for (int i = 0; done < count; i++) {
        size_t n = pieces[i % 6] < count - done ? pieces[i % 6] : count - done;
        audio_music_render(p, b + 2 * done, n);
        done += n;
    }
    ck_assert(memcmp(a, b, 2 * count * sizeof *a) == 0);
    ck_assert_uint_eq(p->position, count);
    free(a);
    free(b);
    free(p);
    audio_music_destroy(t);
}
END_TEST

/* ---- the sequencer's rules, on small tracks ---- */

/* 120 bpm and 4 rows a beat: a row is 6000 samples. A sine with a 1 ms
** attack, sustained until its note ends, then a 10 ms (480 samples) release. */
static const char SINE_HEAD[] = "track bpm=120 rows_per_beat=4\n"
                                "instrument sine\n"
                                "  tone wave=sine attack=1 hold=note release=10\n"
                                "channel a instrument=sine\n";

static MusicTrack *sine_track(const char *rest)
{
    char text[2048];
    snprintf(text, sizeof text, "%s%s", SINE_HEAD, rest);
    return parse(text);
}

START_TEST(a_row_lasts_a_whole_number_of_samples_from_the_tempo)
{
    MusicTrack *t = sine_track("pattern p\n  A-4 ... --- ...\norder\n  p\n");
    ck_assert_uint_eq(t->row_samples, AUDIO_RATE * 60 / (120 * 4));
    ck_assert_uint_eq(audio_music_intro_samples(t), 0);
    ck_assert_uint_eq(audio_music_loop_samples(t), 4 * 6000);
    audio_music_destroy(t);
    /* 112 bpm: 6428.57 samples a row, rounded */
    t = parse("track bpm=112 rows_per_beat=4\ninstrument i\n  tone wave=sine\n"
              "channel a instrument=i\npattern p\n  C-4\norder\n  p\n");
    ck_assert_uint_eq(t->row_samples, 6429);
    audio_music_destroy(t);
}
END_TEST

START_TEST(a_note_sounds_from_its_row_until_its_release_ends)
{
    /* silence for a row, A-4 for two, then --- : 480 samples of release */
    MusicTrack *t = sine_track("pattern p\n  --- A-4 ... --- ... ...\norder\n  p\n");
    MusicPlayer p;
    int16_t *s = render(t, 6 * 6000, &p);
    for (size_t i = 0; i < 6000; i++)
        ck_assert_int_eq(s[i], 0);
    ck_assert_int_eq(s[6000], 0); /* the envelope starts at 0 */
    ck_assert_int_ne(s[6010], 0);
    /* two rows of A-4: 440 Hz, 2 crossings a period */
    double hz = zero_crossings(s, 6000, 18000, 100) / 2.0 / (12000.0 / AUDIO_RATE);
    ck_assert_msg(fabs(hz - 440.0) < 440.0 * 0.01, "A-4 at %.1f Hz", hz);
    /* the release: quiet by its end, silent after */
    ck_assert_int_gt(peak_of(s + 18000, 100), peak_of(s + 18000 + 400, 80));
    for (size_t i = 18000 + 481; i < 6 * 6000; i++)
        ck_assert_int_eq(s[i], 0);
    free(s);
    audio_music_destroy(t);
}
END_TEST

START_TEST(a_new_note_releases_the_held_one_and_both_ring_meanwhile)
{
    /* A-4 then E-5 on the next row: in the 480 samples after the change the
    ** old note releases under the new one, so the channel plays two voices */
    MusicTrack *t = sine_track("pattern p\n  A-4 E-5 ... ...\norder\n  p\n");
    MusicPlayer p;
    audio_music_start(&p, t);
    int16_t s[2 * 6100];
    audio_music_render(&p, s, 6100);
    ck_assert_int_eq(p.voice_count[0], 2);
    ck_assert_int_eq((int)p.voices[0][0].released_at, 6000);
    int16_t more[2 * 500];
    audio_music_render(&p, more, 500);
    ck_assert_int_eq(p.voice_count[0], 1); /* the A-4 has rung out */
    audio_music_destroy(t);
}
END_TEST

START_TEST(a_step_transposes_its_pattern_and_the_loop_returns_to_its_step)
{
    /* step 0 plays A-4 once (intro); the loop is A-4+12 = A-5 */
    MusicTrack *t = sine_track("pattern p\n  A-4 ... ... ...\norder\n  p\nloop\n  p+12\n");
    ck_assert_int_eq(t->loop, 1);
    ck_assert_int_eq(t->steps[1].transpose[0], 12);
    MusicPlayer p;
    int16_t *s = render(t, 12 * 6000, &p);
    ck_assert_uint_eq(p.passes, 2); /* 24000 of intro, then 24000 a pass */
    double intro = zero_crossings(s, 1000, 23000, 100) / 2.0 / (22000.0 / AUDIO_RATE);
    double loop = zero_crossings(s, 49000, 71000, 100) / 2.0 / (22000.0 / AUDIO_RATE);
    ck_assert_msg(fabs(intro - 440.0) < 5.0, "intro at %.1f Hz", intro);
    ck_assert_msg(fabs(loop - 880.0) < 9.0, "loop at %.1f Hz", loop);
    free(s);
    audio_music_destroy(t);
}
END_TEST

START_TEST(a_fixed_pitch_tone_ignores_the_note_and_an_instrument_name_is_a_cell)
{
    MusicTrack *t =
        parse("track bpm=120 rows_per_beat=4\n"
              "instrument drum\n  tone wave=sine freq=1000 attack=1 hold=100 release=10\n"
              "instrument sine\n  tone wave=sine attack=1 hold=note release=10\n"
              "channel a instrument=sine\n"
              "pattern p\n  drum ... C-2:drum ...\norder\n  p\n");
    ck_assert_int_eq(t->cells[0].kind, MUSIC_NOTE);
    ck_assert_int_eq(t->cells[0].instrument, 0);
    ck_assert_int_eq(t->cells[2].note, 36);
    MusicPlayer p;
    int16_t *s = render(t, 4 * 6000, &p);
    double a = zero_crossings(s, 100, 4800, 100) / 2.0 / (4700.0 / AUDIO_RATE);
    double b = zero_crossings(s, 12100, 16800, 100) / 2.0 / (4700.0 / AUDIO_RATE);
    ck_assert_msg(fabs(a - 1000.0) < 15.0 && fabs(b - 1000.0) < 15.0, "%.1f and %.1f Hz", a, b);
    free(s);
    audio_music_destroy(t);
}
END_TEST

/* pan=-1 puts a channel on the left alone, at the centre's loudness times
** the square root of two (equal power); with echo=1 all of it feeds the
** echo, whose three repeats come echo= rows apart, right, left, right:
** here 2 rows (12000 samples) of a 100 ms blip. */
START_TEST(pan_places_a_channel_and_the_echo_answers_from_the_other_side)
{
    MusicTrack *t = parse("track bpm=120 rows_per_beat=4 volume=0.5 echo=2\n"
                          "instrument blip\n  tone wave=sine freq=440 attack=1 hold=90 release=9\n"
                          "channel a instrument=blip pan=-1 echo=1\n"
                          "pattern p\n  blip ... ... ... ... ... ... ... ... ...\norder\n  p\n");
    ck_assert_uint_eq(t->echo_samples, 12000);
    ck_assert(fabs(t->channels[0].gain_l - sqrt(2.0)) < 1e-9 && fabs(t->channels[0].gain_r) < 1e-9);
    MusicPlayer *p = malloc(sizeof *p);
    ck_assert_ptr_nonnull(p);
    enum { T = 12000, BLIP = 4800 };
    int16_t *s = render_stereo(t, 5 * T, p);
    int dry = 0;
    for (size_t k = 0; k < BLIP; k++) {
        dry = abs(s[2 * k]) > dry ? abs(s[2 * k]) : dry;
        ck_assert_int_eq(s[2 * k + 1], 0); /* nothing on the right */
    }
    ck_assert_int_gt(dry, 1000);
    /* each repeat: the side it comes from, at its tap's share of what was sent */
    static const struct {
        size_t at;
        int side;
        double share;
    } taps[] = {{T, 1, 0.42}, {T, 0, 0.12}, {2 * T, 0, 0.30}, {3 * T, 1, 0.16}};
    for (size_t i = 0; i < sizeof taps / sizeof taps[0]; i++) {
        int peak = 0;
        for (size_t k = taps[i].at; k < taps[i].at + BLIP; k++) {
            int v = abs(s[2 * k + (size_t)taps[i].side]);
            peak = v > peak ? v : peak;
        }
        double want = dry / sqrt(2.0) * taps[i].share;
        ck_assert_msg(fabs(peak - want) < want * 0.02 + 2, "repeat %zu: %d, want %.0f", i, peak,
                      want);
    }
    /* and nothing between the repeats or after the last */
    for (size_t k = BLIP + 100; k < T; k++)
        ck_assert_int_eq(s[2 * k] | s[2 * k + 1], 0);
    for (size_t k = 3 * T + BLIP + 100; k < 5 * T; k++)
        ck_assert_int_eq(s[2 * k] | s[2 * k + 1], 0);
    free(s);
    free(p);
    audio_music_destroy(t);
}
END_TEST

/* A step's vol= sets the loudness of the whole mix while it plays, reached
** by a glide of 50 ms (no click): a held note at full, then at half. */
START_TEST(a_steps_volume_glides_the_mix_to_its_level)
{
    MusicTrack *t = sine_track("pattern p\n  A-4 ... ... ...\npattern q\n  ... ... ... ...\n"
                               "order\n  p\n  q vol=0.5\n");
    ck_assert(t->steps[0].volume == 1.0 && t->steps[1].volume == 0.5);
    MusicPlayer p;
    int16_t *s = render(t, 8 * 6000, &p);
    int before = peak_of(s + 20000, 4000), after = peak_of(s + 30000, 4000);
    ck_assert_msg(abs(after * 2 - before) <= 2, "full %d, half %d", before, after);
    /* the glide: over AUDIO_RATE / 20 samples from the step's start */
    int mid = peak_of(s + 24000 + 1100, 200);
    ck_assert_msg(mid < before && mid > after, "half-way through the glide: %d", mid);
    /* no step steeper than the louder sine's own slope: no click */
    double slope = before * 2.0 * 3.14159265 * 440.0 / AUDIO_RATE * 1.05 + 2.0;
    for (size_t k = 23000; k < 27000; k++)
        ck_assert_int_le(abs(s[k] - s[k - 1]), (int)slope);
    free(s);
    audio_music_destroy(t);
}
END_TEST

START_TEST(repeats_are_written_out_and_silent_channels_play_nothing)
{
    MusicTrack *t = parse("track bpm=120 rows_per_beat=4\n"
                          "instrument i\n  tone wave=triangle hold=note\n"
                          "channel a instrument=i\nchannel b instrument=i volume=0.5\n"
                          "pattern p\n  C-4 ...\npattern q\n  E-4 ---\n"
                          "order\n  p q\nloop\n  - q x3\n");
    ck_assert_int_eq(t->step_count, 4);
    ck_assert_int_eq(t->loop, 1);
    ck_assert_int_eq(t->steps[2].pattern[0], -1);
    ck_assert_int_eq(t->steps[3].pattern[1], 1);
    ck_assert(t->channels[1].volume == 0.5);
    audio_music_destroy(t);
}
END_TEST

/* ---- the reader refuses what it cannot play, saying where ---- */

START_TEST(broken_tracks_are_refused_at_their_line_and_column)
{
    static const char I[] = "instrument i\n  tone wave=sine hold=note\n";
    static const struct {
        const char *text;
        const char *want;
    } bad[] = {
        {"", "test.txt:1:1: error: no 'track"},
        {"track bpm=120\n", "test.txt:1:1: error: 'track' needs bpm= and rows_per_beat="},
        {"track bpm=999 rows_per_beat=4\n",
         "test.txt:1:11: error: 999 is out of range (30 to 300)"},
        {"track bpm=120 rows_per_beat=4 tempo=3\n", "test.txt:1:31: error: unknown key 'tempo'"},
        {"track bpm=120 rows_per_beat=4\ninstrument i\n  tone wave=saw\n",
         "test.txt:3:13: error: unknown wave 'saw'"},
        {"track bpm=120 rows_per_beat=4\ninstrument i\n  tone wave=sine atack=3\n",
         "test.txt:3:18: error: unknown key 'atack' (did you mean 'attack'?)"},
        {"track bpm=120 rows_per_beat=4\ninstrument i\n  tone wave=sine to=880\n",
         "test.txt:3:18: error: to= needs freq= (the pitch it glides from)"},
        {"track bpm=120 rows_per_beat=4\ninstrument i\n  tone wave=sine hold=note slide=5\n",
         "test.txt:3:28: error: a glide needs a tone of fixed length"},
        {"track bpm=120 rows_per_beat=4\ninstrument i\nchannel a instrument=i\n",
         "test.txt:2:1: error: instrument 'i' has no tone lines"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=j\n",
         "test.txt:4:22: error: no instrument 'j' defined above"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4 H-4\n",
         "test.txt:6:7: error: 'H-4' is not a cell"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4 E#4\n",
         "test.txt:6:7: error: 'E#4' is not a cell"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4:k\n",
         "test.txt:6:7: error: no instrument 'k' defined above"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n",
         "test.txt:5:1: error: pattern 'p' has no rows"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4\n"
         "order\n  q\n",
         "test.txt:8:3: error: no pattern 'q' defined above"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\nchannel b instrument=i\n"
         "pattern p\n  C-4\npattern q\n  C-4 ...\norder\n  p q\n",
         "test.txt:11:5: error: pattern 'q' has 2 rows, the others of this step 1"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4\n"
         "order\n  p p\n",
         "test.txt:8:5: error: a step names 1 pattern, one for each channel; this one has 2"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  B-8\n"
         "order\n  p+1\n",
         "test.txt:8:3: error: moves a note of 'p' out of C-0..B-8"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4\n"
         "order\n  p\nloop\n",
         "error: no step after 'loop'"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern order\n",
         "test.txt:5:9: error: 'order' is a word of the format, not a name"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4\n"
         "pattern p\n  D-4\n",
         "test.txt:7:9: error: pattern 'p' is already defined at line 5"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4 \x01\n",
         "test.txt:6:7: error: unexpected byte 0x01"},
        {"track bpm=120 rows_per_beat=4\n  tone wave=sine\n",
         "test.txt:2:3: error: a tone belongs under an 'instrument NAME' line"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i pan=2\n",
         "test.txt:4:28: error: 2 is out of range (-1 to 1)"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i echo=-0.5\n",
         "test.txt:4:29: error: -0.5 is out of range (0 to 1)"},
        {"track bpm=120 rows_per_beat=4 echo=16\n",
         "test.txt:1:36: error: an echo of 16 rows lasts 2.00 s; at this tempo at most 2 rows"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4\n"
         "order\n  p vol=3\n",
         "test.txt:8:9: error: 3 is out of range (0 to 2)"},
        {"track bpm=120 rows_per_beat=4\n%schannel a instrument=i\npattern p\n  C-4\n"
         "order\n  p loud=3\n",
         "test.txt:8:5: error: unknown key 'loud' (a step takes vol=)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[1024], err[512];
        snprintf(text, sizeof text, bad[i].text, I);
        MusicTrack *t = (MusicTrack *)&t;
        ck_assert_msg(!audio_music_parse("test.txt", text, strlen(text), &t, err, sizeof err),
                      "case %zu was read", i);
        ck_assert_ptr_null(t);
        ck_assert_msg(strstr(err, bad[i].want) != NULL, "case %zu: got \"%s\", want \"%s\"", i, err,
                      bad[i].want);
    }
}
END_TEST

START_TEST(a_missing_file_or_a_folder_is_refused_with_its_name)
{
    char err[512];
    MusicTrack *t;
    ck_assert(!audio_music_load("no-such-folder/track.txt", &t, err, sizeof err));
    ck_assert_ptr_null(t);
    ck_assert_ptr_nonnull(strstr(err, "no-such-folder/track.txt: error: cannot open"));
    ck_assert(!audio_music_load(".", &t, err, sizeof err));
    ck_assert_str_eq(err, ".: error: not a regular file");
}
END_TEST

/* ---- platformer --render-music ---- */

static int16_t *read_wav(const char *path, size_t *count)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    uint8_t head[44];
    ck_assert_uint_eq(fread(head, 1, 44, f), 44);
    ck_assert(memcmp(head, "RIFF", 4) == 0 && memcmp(head + 36, "data", 4) == 0);
    size_t bytes =
        (size_t)head[40] | (size_t)head[41] << 8 | (size_t)head[42] << 16 | (size_t)head[43] << 24;
    int16_t *s = malloc(bytes > 0 ? bytes : 1);
    ck_assert_ptr_nonnull(s);
    uint8_t *raw = malloc(bytes > 0 ? bytes : 1);
    ck_assert_ptr_nonnull(raw);
    ck_assert_uint_eq(fread(raw, 1, bytes, f), bytes);
    fclose(f);
    for (size_t i = 0; i < bytes / 2; i++)
        s[i] = (int16_t)(uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    free(raw);
    *count = bytes / 2;
    return s;
}

static int run_cli(const char *a, const char *b, const char *c, const char *d)
{
    char *argv[10] = {"platformer", "--render-music"};
    int argc = 2;
    const char *more[] = {a, b, c, d};
    for (int i = 0; i < 4; i++)
        if (more[i] != NULL)
            argv[argc++] = (char *)more[i];
    return app_render_music(argc, argv, DATA_DIR, NULL);
}

START_TEST(render_music_writes_the_sequencers_samples_to_a_wav)
{
    const char *out = "test_music_cli.wav";
    ck_assert_int_eq(run_cli("cave", out, "--seconds", "2.5"), 0);
    size_t n;
    int16_t *s = read_wav(out, &n); /* stereo: two samples a frame */
    ck_assert_uint_eq(n, 2 * AUDIO_RATE * 5 / 2);
    MusicTrack *t = load_track("cave");
    MusicPlayer p;
    int16_t *want = render_stereo(t, n / 2, &p);
    ck_assert(memcmp(s, want, n * sizeof *s) == 0);
    free(s);
    free(want);
    /* no --seconds: once to the loop point; a path names a track too */
    char path[1024];
    snprintf(path, sizeof path, "%s/cave.txt", MUSIC_DIR);
    ck_assert_int_eq(run_cli(path, out, NULL, NULL), 0);
    s = read_wav(out, &n);
    ck_assert_uint_eq(n, 2 * (audio_music_intro_samples(t) + audio_music_loop_samples(t)));
    free(s);
    audio_music_destroy(t);
    remove(out);
}
END_TEST

START_TEST(render_music_refuses_bad_usage_and_unknown_tracks)
{
    ck_assert_int_eq(run_cli("hills", NULL, NULL, NULL), 2);
    ck_assert_int_eq(run_cli("hills", "a.wav", "--seconds", "0"), 2);
    ck_assert_int_eq(run_cli("hills", "a.wav", "--seconds", "1e9"), 2);
    ck_assert_int_eq(run_cli("hills", "a.wav", "--loud", NULL), 2);
    ck_assert_int_eq(run_cli("no_such_track", "a.wav", NULL, NULL), 1);
    ck_assert_int_eq(run_cli("hills", "no/such/folder/a.wav", "--seconds", "1"), 1);
    FILE *f = fopen("a.wav", "rb");
    ck_assert_ptr_null(f); /* nothing was written */
}
END_TEST

/* The tracks there are, counted before the tests run: one run each. */
static int count_tracks(void)
{
    DIR *d = opendir(MUSIC_DIR);
    int n = 0;
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        n += len >= 5 && strcmp(e->d_name + len - 4, ".txt") == 0;
    }
    if (d != NULL)
        closedir(d);
    return n < TRACKS_MAX ? n : TRACKS_MAX;
}

static Suite *music_suite(void)
{
    Suite *s = suite_create("music");
    TCase *tc = tcase_create("tracks");
    tcase_add_test(tc, the_game_has_a_track_for_the_title_and_each_world);
    tcase_add_test(tc, every_track_is_a_song_of_32_bars_or_more_that_plays_90_s_before_it_loops);
    tcase_add_loop_test(tc, every_track_plays_a_minute_clean_and_loops_without_a_seam, 0,
                        count_tracks());
    tcase_add_loop_test(tc, every_track_is_stereo_and_its_sections_rise_and_fall, 0,
                        count_tracks());
    tcase_add_test(tc, the_wrap_is_the_same_samples_as_playing_on_into_a_copy_of_the_loop);
    tcase_add_test(tc, rendering_is_deterministic_however_the_calls_are_cut);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("sequencer");
    tcase_add_test(tc, a_row_lasts_a_whole_number_of_samples_from_the_tempo);
    tcase_add_test(tc, a_note_sounds_from_its_row_until_its_release_ends);
    tcase_add_test(tc, a_new_note_releases_the_held_one_and_both_ring_meanwhile);
    tcase_add_test(tc, a_step_transposes_its_pattern_and_the_loop_returns_to_its_step);
    tcase_add_test(tc, a_fixed_pitch_tone_ignores_the_note_and_an_instrument_name_is_a_cell);
    tcase_add_test(tc, pan_places_a_channel_and_the_echo_answers_from_the_other_side);
    tcase_add_test(tc, a_steps_volume_glides_the_mix_to_its_level);
    tcase_add_test(tc, repeats_are_written_out_and_silent_channels_play_nothing);
    tcase_add_test(tc, broken_tracks_are_refused_at_their_line_and_column);
    tcase_add_test(tc, a_missing_file_or_a_folder_is_refused_with_its_name);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    tc = tcase_create("cli");
    tcase_add_test(tc, render_music_writes_the_sequencers_samples_to_a_wav);
    tcase_add_test(tc, render_music_refuses_bad_usage_and_unknown_tracks);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(music_suite());
}
