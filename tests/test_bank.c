/* SPDX-License-Identifier: Zlib */
/* test_bank.c -- the sound bank: assets/sounds.txt, read with the game's own
** list of its sounds (game/sound.h) as the front end reads it, and the
** reader.
**
** `test_bank --wav FOLDER` writes every sound of the bank as FOLDER/NAME.wav
** to listen to, and prints its length and peak, instead of running the tests.
*/
#include "bank.h"
#include "mixer.h"
#include "music.h"
#include "settings.h"
#include "check_run.h"
#include "sound.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names of the game's sounds, in its order, as the front end hands them over. */
static const char *names[SOUND_COUNT - 1];

static void name_sounds(void)
{
    for (int s = 1; s < SOUND_COUNT; s++)
        names[s - 1] = sound_name((Sound)s);
}

/* assets/sounds.txt as the game reads it. */
static SoundBank *game_bank(void)
{
    char err[512];
    SoundBank *b;
    name_sounds();
    ck_assert_msg(audio_bank_load(SOUNDS_FILE, names, SOUND_COUNT - 1, &b, err, sizeof err), "%s",
                  err);
    return b;
}

static SoundBank *parse(const char *text)
{
    char err[512];
    SoundBank *b;
    ck_assert_msg(audio_bank_parse("test.txt", text, strlen(text), NULL, 0, &b, err, sizeof err),
                  "%s", err);
    return b;
}

static int find(const SoundBank *b, const char *name)
{
    for (int i = 0; i < audio_bank_count(b); i++)
        if (strcmp(audio_bank_name(b, i), name) == 0)
            return i;
    return -1;
}

static int16_t *render(const SoundBank *b, const char *name, size_t *count)
{
    int i = find(b, name);
    ck_assert_msg(i >= 0, "no sound %s", name);
    int16_t *s;
    ck_assert(audio_bank_render(b, i, &s, count));
    ck_assert_ptr_nonnull(s);
    return s;
}

static int peak_of(const int16_t *s, size_t n)
{
    int peak = 0;
    for (size_t i = 0; i < n; i++)
        peak = abs(s[i]) > peak ? abs(s[i]) : peak;
    return peak;
}

/* Sign changes between samples from..to, ignoring samples near zero so
** that filter ripple around a crossing is not counted twice. */
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

/* ---- the game's bank ---- */

/* The bank holds every sound the game makes, in the game's order, so the
** front end plays a Sound by its number. */
START_TEST(the_bank_holds_the_games_sounds_in_its_order)
{
    SoundBank *b = game_bank();
    ck_assert_int_eq(audio_bank_count(b), SOUND_COUNT - 1);
    for (int s = 1; s < SOUND_COUNT; s++)
        ck_assert_str_eq(audio_bank_name(b, s - 1), sound_name((Sound)s));
    ck_assert_ptr_null(audio_bank_name(b, SOUND_COUNT - 1));
    ck_assert_ptr_null(audio_bank_name(b, -1));
    audio_bank_destroy(b);
}
END_TEST

/* A sound the game does not make, or one it makes that the bank lacks,
** stops the bank at load with its place. */
START_TEST(a_bank_that_is_not_the_games_sounds_is_refused)
{
    static const char EXTRA[] = "sound beep\n  tone wave=sine freq=440 hold=50\n";
    char *text;
    size_t len;
    FILE *f = fopen(SOUNDS_FILE, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    len = (size_t)ftell(f);
    rewind(f);
    text = malloc(len + sizeof EXTRA);
    ck_assert_uint_eq(fread(text, 1, len, f), len);
    fclose(f);
    int lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    name_sounds();
    char err[512], want[128];
    SoundBank *b;
    /* an unknown sound at the end, at its name */
    memcpy(text + len, EXTRA, sizeof EXTRA);
    ck_assert(!audio_bank_parse("sounds.txt", text, len + sizeof EXTRA - 1, names, SOUND_COUNT - 1,
                                &b, err, sizeof err));
    ck_assert_ptr_null(b);
    snprintf(want, sizeof want, "sounds.txt:%d:7: error: unknown sound 'beep'", lines + 1);
    ck_assert_msg(strstr(err, want) == err, "got \"%s\"", err);
    /* and a sound the game would make that the bank lacks: said at its end */
    const char *more[SOUND_COUNT];
    memcpy(more, names, sizeof names);
    more[SOUND_COUNT - 1] = "thunder";
    ck_assert(!audio_bank_parse("sounds.txt", text, len, more, SOUND_COUNT, &b, err, sizeof err));
    snprintf(want, sizeof want, "sounds.txt:%d:1: error: no sound 'thunder', which the game plays",
             lines + 1);
    ck_assert_msg(strstr(err, want) == err, "got \"%s\"", err);
    free(text);
}
END_TEST

START_TEST(every_sound_is_short_audible_and_unclipped)
{
    SoundBank *b = game_bank();
    for (int i = 0; i < audio_bank_count(b); i++) {
        const char *name = audio_bank_name(b, i);
        size_t n;
        int16_t *s = render(b, name, &n);
        ck_assert_uint_eq(n, audio_bank_length(b, i));
        ck_assert_msg(n > AUDIO_RATE / 50, "%s lasts %zu samples", name, n); /* 20 ms */
        /* a sting (it ducks the music) may take a bar; an effect is short */
        size_t longest = audio_bank_duck(b, i) < 1.0 ? AUDIO_RATE * 5 / 2 : AUDIO_RATE * 3 / 2;
        ck_assert_msg(n < longest, "%s lasts %zu samples", name, n);
        int peak = peak_of(s, n);
        /* Headroom: three effects at once still fit in 16 bits most of the time
        ** (and the music's peaks bound them lower still, below). */
        ck_assert_msg(peak <= 32767 * 65 / 100, "%s peaks at %d", name, peak);
        ck_assert_msg(peak >= 32767 / 5, "%s peaks at only %d", name, peak);
        free(s);
    }
    audio_bank_destroy(b);
}
END_TEST

START_TEST(every_sound_starts_and_ends_in_silence)
{
    SoundBank *b = game_bank();
    for (int i = 0; i < audio_bank_count(b); i++) {
        const char *name = audio_bank_name(b, i);
        size_t n;
        int16_t *s = render(b, name, &n);
        int peak = peak_of(s, n);
        ck_assert_msg(s[0] == 0, "%s starts at %d", name, s[0]);
        /* A fade-in and fade-out, not a step: the first quarter and the
        ** last whole millisecond stay far below the peak. */
        for (size_t k = 0; k < AUDIO_RATE / 1000; k++) {
            if (k < AUDIO_RATE / 4000)
                ck_assert_msg(abs(s[k]) < peak / 4, "%s: sample %zu is %d", name, k, s[k]);
            ck_assert_msg(abs(s[n - 1 - k]) < peak / 100, "%s: sample %zu from the end is %d", name,
                          k, s[n - 1 - k]);
        }
        free(s);
    }
    audio_bank_destroy(b);
}
END_TEST

START_TEST(every_sound_has_no_dc_offset)
{
    SoundBank *b = game_bank();
    for (int i = 0; i < audio_bank_count(b); i++) {
        size_t n;
        int16_t *s = render(b, audio_bank_name(b, i), &n);
        double sum = 0.0;
        for (size_t k = 0; k < n; k++)
            sum += s[k];
        double mean = sum / (double)n;
        ck_assert_msg(fabs(mean) < 0.05 * peak_of(s, n), "%s has a mean of %.1f",
                      audio_bank_name(b, i), mean);
        free(s);
    }
    audio_bank_destroy(b);
}
END_TEST

START_TEST(rendering_is_deterministic)
{
    SoundBank *b = game_bank();
    for (int i = 0; i < audio_bank_count(b); i++) {
        size_t n1, n2;
        int16_t *x = render(b, audio_bank_name(b, i), &n1);
        int16_t *y = render(b, audio_bank_name(b, i), &n2);
        ck_assert_uint_eq(n1, n2);
        ck_assert(memcmp(x, y, n1 * sizeof *x) == 0);
        int16_t *c = malloc((n1 + 10) * sizeof *c);
        ck_assert_ptr_nonnull(c);
        ck_assert_uint_eq(audio_bank_render_into(b, i, c, n1 + 10), n1);
        ck_assert(memcmp(x, c, n1 * sizeof *x) == 0);
        ck_assert_uint_eq(audio_bank_render_into(b, i, c, n1 - 1), 0); /* too small */
        free(x);
        free(y);
        free(c);
    }
    audio_bank_destroy(b);
}
END_TEST

START_TEST(menu_move_is_the_note_a5)
{
    SoundBank *b = game_bank();
    size_t n;
    int16_t *s = render(b, "menu_move", &n);
    /* Two zero crossings per period, counted over the steady middle. */
    size_t from = n / 5, to = n * 4 / 5;
    double seconds = (double)(to - from) / AUDIO_RATE;
    double hz = zero_crossings(s, from, to, 200) / 2.0 / seconds;
    ck_assert_msg(hz > 880.0 * 0.95 && hz < 880.0 * 1.05, "menu_move at %.1f Hz", hz);
    free(s);
    audio_bank_destroy(b);
}
END_TEST

/* More crossings in the second third than the first: the pitch went up.
** The thirds are of what follows the first 40 ms, where a click or a
** scuff of noise may be. */
static int rise(const SoundBank *b, const char *name)
{
    size_t n;
    int16_t *s = render(b, name, &n);
    size_t skip = AUDIO_RATE / 25, third = (n - skip) / 3;
    int early = zero_crossings(s, skip, skip + third, 200);
    int late = zero_crossings(s, skip + third, skip + 2 * third, 200);
    free(s);
    return late - early;
}

START_TEST(jump_wall_jump_and_spring_rise_and_death_falls)
{
    SoundBank *b = game_bank();
    ck_assert_int_gt(rise(b, "jump"), 0);
    ck_assert_int_gt(rise(b, "wall_jump"), 0);
    ck_assert_int_gt(rise(b, "spring"), 0);
    ck_assert_int_lt(rise(b, "death"), 0);
    audio_bank_destroy(b);
}
END_TEST

START_TEST(a_gem_is_brighter_and_longer_than_a_coin)
{
    SoundBank *b = game_bank();
    size_t nc, ng;
    int16_t *coin = render(b, "collect", &nc);
    int16_t *gem = render(b, "gem", &ng);
    ck_assert_uint_gt(ng, nc);
    /* brighter: more crossings a second over the first 100 ms */
    int c = zero_crossings(coin, 0, AUDIO_RATE / 10, 200);
    int g = zero_crossings(gem, 0, AUDIO_RATE / 10, 200);
    ck_assert_int_gt(g, c);
    free(coin);
    free(gem);
    audio_bank_destroy(b);
}
END_TEST

/* ---- level and variety: the effects against the music, and each other ---- */

/* The loudest sample of a music track over its intro and one pass of its
** loop, both sides. */
static int music_peak(const char *name)
{
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/%s.txt", MUSIC_DIR, name);
    MusicTrack *t;
    ck_assert_msg(audio_music_load(path, &t, err, sizeof err), "%s", err);
    size_t n = (size_t)(audio_music_intro_samples(t) + audio_music_loop_samples(t));
    MusicPlayer *p = malloc(sizeof *p);
    int16_t *s = malloc(2 * n * sizeof *s);
    ck_assert(p != NULL && s != NULL);
    audio_music_start(p, t);
    audio_music_render(p, s, n);
    int peak = peak_of(s, 2 * n);
    free(s);
    free(p);
    audio_music_destroy(t);
    return peak;
}

/* As the player hears them with the settings a new player starts with
** (the mixer's gains from the default master, effects and music volumes),
** no effect is louder than the peaks of the quietest track: the effects
** sit in the music, they do not shout over it. */
START_TEST(no_effect_is_louder_than_the_musics_peaks)
{
    static const char *const TRACKS[] = {"title", "hills", "cave", "ice", "peak"};
    Settings def;
    settings_defaults(&def);
    double one = MIXER_GAIN_ONE;
    double fx_gain = mixer_volume_gain(def.master_volume, def.sfx_volume, false) / one;
    double music_gain = mixer_volume_gain(def.master_volume, def.music_volume, false) / one;
    int quietest = 32767;
    const char *which = "";
    for (size_t i = 0; i < sizeof TRACKS / sizeof TRACKS[0]; i++) {
        int peak = music_peak(TRACKS[i]);
        if (peak < quietest) {
            quietest = peak;
            which = TRACKS[i];
        }
    }
    SoundBank *b = game_bank();
    for (int i = 0; i < audio_bank_count(b); i++) {
        size_t n;
        int16_t *s = render(b, audio_bank_name(b, i), &n);
        double heard = peak_of(s, n) * fx_gain, music = quietest * music_gain;
        ck_assert_msg(heard <= music, "%s peaks at %.1f dBFS as heard, over the music's %.1f (%s)",
                      audio_bank_name(b, i), 20.0 * log10(heard / 32768.0),
                      20.0 * log10(music / 32768.0), which);
        free(s);
    }
    audio_bank_destroy(b);
}
END_TEST

/* ---- a spectrogram, to tell sounds apart ---- */

enum { FFT_N = 1024, HOP = 512, BANDS = 24, FRAMES = 48 };
static const double PI = 3.14159265358979323846;

static void fft(double *re, double *im, int n)
{
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = re[i];
            re[i] = re[j];
            re[j] = t;
            t = im[i];
            im[i] = im[j];
            im[j] = t;
        }
    }
    for (int len = 2; len <= n; len <<= 1) {
        double a = -2.0 * PI / len;
        for (int i = 0; i < n; i += len)
            for (int k = 0; k < len / 2; k++) {
                double wr = cos(a * k), wi = sin(a * k);
                double xr = re[i + k + len / 2] * wr - im[i + k + len / 2] * wi;
                double xi = re[i + k + len / 2] * wi + im[i + k + len / 2] * wr;
                re[i + k + len / 2] = re[i + k] - xr;
                im[i + k + len / 2] = im[i + k] - xi;
                re[i + k] += xr;
                im[i + k] += xi;
            }
    }
}

/* The sound's spectrogram: FRAMES frames of FFT_N samples (Hann window,
** HOP apart), each cut into BANDS bands spaced evenly in pitch from 60 Hz
** to 16 kHz, in dB below the sound's loudest band, floored at -60. */
static void spectrogram(const int16_t *s, size_t n, double out[FRAMES][BANDS])
{
    static double re[FFT_N], im[FFT_N];
    double top = -1e9;
    for (int f = 0; f < FRAMES; f++) {
        for (int k = 0; k < FFT_N; k++) {
            size_t at = (size_t)f * HOP + (size_t)k;
            double w = 0.5 - 0.5 * cos(2.0 * PI * k / (FFT_N - 1));
            re[k] = at < n ? s[at] * w : 0.0;
            im[k] = 0.0;
        }
        fft(re, im, FFT_N);
        for (int band = 0; band < BANDS; band++) {
            double lo = 60.0 * pow(16000.0 / 60.0, (double)band / BANDS);
            double hi = 60.0 * pow(16000.0 / 60.0, (double)(band + 1) / BANDS);
            double e = 1e-9;
            for (int k = (int)(lo * FFT_N / AUDIO_RATE); k <= (int)(hi * FFT_N / AUDIO_RATE); k++)
                e += re[k] * re[k] + im[k] * im[k];
            out[f][band] = 10.0 * log10(e);
            top = out[f][band] > top ? out[f][band] : top;
        }
    }
    for (int f = 0; f < FRAMES; f++)
        for (int band = 0; band < BANDS; band++)
            out[f][band] = fmax(out[f][band] - top, -60.0) + 60.0;
}

/* How alike two spectrograms are: their correlation over the frames where
** either sounds (silence after the shorter one would make any two short
** sounds look alike), 1 for the same. */
static double alike(double a[FRAMES][BANDS], double b[FRAMES][BANDS])
{
    bool live[FRAMES];
    double ma = 0.0, mb = 0.0, n = 0.0;
    for (int f = 0; f < FRAMES; f++) {
        live[f] = false;
        for (int k = 0; k < BANDS; k++)
            live[f] = live[f] || a[f][k] > 0.0 || b[f][k] > 0.0;
        for (int k = 0; k < BANDS && live[f]; k++) {
            ma += a[f][k];
            mb += b[f][k];
            n += 1.0;
        }
    }
    ma /= n;
    mb /= n;
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (int f = 0; f < FRAMES; f++)
        for (int k = 0; k < BANDS && live[f]; k++) {
            ab += (a[f][k] - ma) * (b[f][k] - mb);
            aa += (a[f][k] - ma) * (a[f][k] - ma);
            bb += (b[f][k] - mb) * (b[f][k] - mb);
        }
    return ab / sqrt(aa * bb);
}

/* The sounds a player hears most, each unlike the others: their
** spectrograms (what sounds where in pitch, and when) correlate weakly
** (under 0.6; the most alike now, the jump's and the spring's upward
** sweeps, about 0.5). */
START_TEST(the_common_sounds_are_each_unlike_the_others)
{
    static const char *const COMMON[] = {"jump",         "land",       "spring", "crumble_shake",
                                         "crumble_fall", "checkpoint", "gem"};
    enum { N = sizeof COMMON / sizeof COMMON[0] };
    static double grams[N][FRAMES][BANDS];
    SoundBank *b = game_bank();
    for (int i = 0; i < N; i++) {
        size_t n;
        int16_t *s = render(b, COMMON[i], &n);
        spectrogram(s, n, grams[i]);
        free(s);
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < i; j++) {
            double r = alike(grams[i], grams[j]);
            ck_assert_msg(r < 0.6, "%s and %s are alike (correlation %.2f)", COMMON[i], COMMON[j],
                          r);
        }
    audio_bank_destroy(b);
}
END_TEST

/* ---- the format ---- */

START_TEST(a_sound_is_its_tones_mixed_to_its_level)
{
    SoundBank *b = parse("# a comment line\n"
                         "sound beep level=0.5   # a comment after words\n"
                         "  tone wave=sine freq=A-4 attack=1 hold=100 release=10\n");
    ck_assert_int_eq(audio_bank_count(b), 1);
    ck_assert_str_eq(audio_bank_name(b, 0), "beep");
    /* its length: 1 + 0 + 100 + 10 ms */
    ck_assert_uint_eq(audio_bank_length(b, 0), (size_t)ceil(0.111 * AUDIO_RATE));
    size_t n;
    int16_t *s = render(b, "beep", &n);
    ck_assert_int_eq(peak_of(s, n), (int)floor(0.5 * 32767.0 + 0.5));
    double hz = zero_crossings(s, 480, 4800, 100) / 2.0 / (4320.0 / AUDIO_RATE);
    ck_assert_msg(fabs(hz - 440.0) < 5.0, "A-4 at %.1f Hz", hz);
    free(s);
    audio_bank_destroy(b);
}
END_TEST

START_TEST(a_sound_is_the_same_wherever_it_sits_in_the_file)
{
    static const char A[] = "sound a\n  tone wave=noise freq=4000 attack=1 decay=50 sustain=0\n";
    static const char B[] = "sound b\n  tone wave=pulse duty=25 freq=300 to=600 hold=40\n";
    char ab[512], ba[512];
    snprintf(ab, sizeof ab, "%s%s", A, B);
    snprintf(ba, sizeof ba, "%s%s", B, A);
    SoundBank *x = parse(ab), *y = parse(ba);
    ck_assert_int_eq(find(x, "a"), 0);
    ck_assert_int_eq(find(y, "a"), 1);
    for (int k = 0; k < 2; k++) {
        const char *name = k == 0 ? "a" : "b";
        size_t n1, n2;
        int16_t *s1 = render(x, name, &n1), *s2 = render(y, name, &n2);
        ck_assert_uint_eq(n1, n2);
        ck_assert(memcmp(s1, s2, n1 * sizeof *s1) == 0);
        free(s1);
        free(s2);
    }
    audio_bank_destroy(x);
    audio_bank_destroy(y);
}
END_TEST

START_TEST(out_of_range_indexes_render_nothing)
{
    SoundBank *b = game_bank();
    int n = audio_bank_count(b);
    int16_t *s = (int16_t *)&s;
    size_t count = 5;
    ck_assert(!audio_bank_render(b, n, &s, &count));
    ck_assert_ptr_null(s);
    ck_assert_uint_eq(count, 0);
    ck_assert(!audio_bank_render(b, -1, &s, &count));
    ck_assert_uint_eq(audio_bank_length(b, n), 0);
    int16_t buf[4];
    ck_assert_uint_eq(audio_bank_render_into(b, -1, buf, 4), 0);
    audio_bank_destroy(b);
}
END_TEST

START_TEST(broken_banks_are_refused_at_their_line_and_column)
{
    static const struct {
        const char *text;
        const char *want;
    } bad[] = {
        {"", "test.txt:1:1: error: no sounds in the bank"},
        {"# only a comment\n", "test.txt:2:1: error: no sounds in the bank"},
        {"beep\n", "test.txt:1:1: error: expected 'sound' or 'tone', got 'beep'"},
        {"  tone wave=sine freq=440\n",
         "test.txt:1:3: error: a tone before the first 'sound NAME' line"},
        {"sound\n", "test.txt:1:1: error: 'sound' needs a name"},
        {"sound Beep\n", "test.txt:1:7: error: 'Beep' is not a sound name"},
        {"sound beep\nsound boop\n  tone wave=sine freq=440\n",
         "test.txt:1:7: error: sound 'beep' has no tone lines"},
        {"sound beep\n", "test.txt:1:7: error: sound 'beep' has no tone lines"},
        {"sound beep level=2\n", "test.txt:1:18: error: 2 is out of range (0.01 to 0.9)"},
        {"sound beep volume=0.5\n", "test.txt:1:12: error: unknown key 'volume'"},
        {"sound beep\n  tone wave=sine freq=440\nsound beep\n",
         "test.txt:3:7: error: sound 'beep' is already defined at line 1"},
        {"sound beep\n  tone freq=440\n", "test.txt:2:3: error: a tone needs wave="},
        {"sound beep\n  tone wave=sine\n", "test.txt:2:3: error: a sound's tone needs freq="},
        {"sound beep\n  tone wave=sine freq=440 freq=220\n",
         "test.txt:2:27: error: freq= is given twice"},
        {"sound beep\n  tone wave=sine freq=440Hz\n",
         "test.txt:2:23: error: expected a number, got '440Hz'"},
        {"sound beep\n  tone wave=sine freq=1e3\n",
         "test.txt:2:23: error: expected a number, got '1e3'"},
        {"sound beep\n  tone wave=sine freq=H-4\n", "test.txt:2:23: error: 'H-4' is not a note"},
        {"sound beep\n  tone wave=sine freq=440 duty=25\n",
         "test.txt:2:27: error: duty= is for wave=pulse"},
        {"sound beep\n  tone wave=pulse duty=100 freq=440\n",
         "test.txt:2:24: error: 100 is out of range (1 to 99)"},
        {"sound beep\n  tone wave=sine freq=440 attack=0\n",
         "test.txt:2:34: error: 0 is out of range (0.5 to 10000)"},
        {"sound beep\n  tone wave=sine freq=440 hold=note\n",
         "test.txt:2:27: error: hold=note is for instruments"},
        {"sound beep\n  tone wave=sine freq=440 transpose=12\n",
         "test.txt:2:27: error: transpose= is for instruments"},
        {"sound beep\n  tone wave=sine freq=440 arp=0,4,7\n",
         "test.txt:2:27: error: an arpeggio needs arp_step="},
        {"sound beep\n  tone wave=sine freq=440 arp=0,4, arp_step=20\n",
         "test.txt:2:35: error: expected a number, got nothing"},
        {"sound beep\n  tone wave=sine freq=440 arp=0,4.5 arp_step=20\n",
         "test.txt:2:33: error: expected a whole number, got '4.5'"},
        {"sound beep\n  tone wave=sine freq=440 vibrato=0.5\n",
         "test.txt:2:35: error: vibrato= wants DEPTH,RATE"},
        {"sound beep\n  tone wave=sine freq=440 attack\n",
         "test.txt:2:27: error: expected KEY=VALUE, got 'attack'"},
        {"sound beep\n  tone wave=sine freq=440 attack=\n",
         "test.txt:2:34: error: 'attack=' has no value"},
        {"sound beep\n  tone wave=sine freq=440 \xc3\xa9=1\n",
         "test.txt:2:27: error: unexpected byte 0xC3"},
        {"sound beep\n  tone wave=sine freq=20 hold=10000 start=5000\n",
         "test.txt:1:7: error: sound 'beep' lasts 15.01 s (at most 10)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512];
        SoundBank *b = (SoundBank *)&b;
        ck_assert_msg(!audio_bank_parse("test.txt", bad[i].text, strlen(bad[i].text), NULL, 0, &b,
                                        err, sizeof err),
                      "case %zu was read", i);
        ck_assert_ptr_null(b);
        ck_assert_msg(strstr(err, bad[i].want) == err, "case %zu: got \"%s\", want \"%s\"", i, err,
                      bad[i].want);
    }
}
END_TEST

START_TEST(a_missing_bank_is_refused_with_its_name)
{
    char err[512];
    SoundBank *b;
    ck_assert(!audio_bank_load("no-such-folder/sounds.txt", NULL, 0, &b, err, sizeof err));
    ck_assert_ptr_null(b);
    ck_assert_ptr_nonnull(strstr(err, "no-such-folder/sounds.txt: error: cannot open"));
}
END_TEST

static Suite *bank_suite(void)
{
    Suite *s = suite_create("bank");
    TCase *tc = tcase_create("sounds");
    tcase_add_test(tc, the_bank_holds_the_games_sounds_in_its_order);
    tcase_add_test(tc, a_bank_that_is_not_the_games_sounds_is_refused);
    tcase_add_test(tc, every_sound_is_short_audible_and_unclipped);
    tcase_add_test(tc, every_sound_starts_and_ends_in_silence);
    tcase_add_test(tc, every_sound_has_no_dc_offset);
    tcase_add_test(tc, rendering_is_deterministic);
    tcase_add_test(tc, menu_move_is_the_note_a5);
    tcase_add_test(tc, jump_wall_jump_and_spring_rise_and_death_falls);
    tcase_add_test(tc, no_effect_is_louder_than_the_musics_peaks);
    tcase_add_test(tc, the_common_sounds_are_each_unlike_the_others);
    tcase_add_test(tc, a_gem_is_brighter_and_longer_than_a_coin);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("format");
    tcase_add_test(tc, a_sound_is_its_tones_mixed_to_its_level);
    tcase_add_test(tc, a_sound_is_the_same_wherever_it_sits_in_the_file);
    tcase_add_test(tc, out_of_range_indexes_render_nothing);
    tcase_add_test(tc, broken_banks_are_refused_at_their_line_and_column);
    tcase_add_test(tc, a_missing_bank_is_refused_with_its_name);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

/* Writes every sound as a WAV file and prints a line about each. */
static int write_wavs(const char *dir)
{
    char err[512];
    SoundBank *b;
    if (!audio_bank_load(SOUNDS_FILE, NULL, 0, &b, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return EXIT_FAILURE;
    }
    int status = EXIT_SUCCESS;
    for (int i = 0; i < audio_bank_count(b) && status == EXIT_SUCCESS; i++) {
        int16_t *s;
        size_t n;
        if (!audio_bank_render(b, i, &s, &n)) {
            status = EXIT_FAILURE;
            break;
        }
        size_t size = audio_wav_size(n, 1);
        uint8_t *wav = malloc(size);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.wav", dir, audio_bank_name(b, i));
        FILE *f = wav != NULL ? fopen(path, "wb") : NULL;
        if (f == NULL) {
            fprintf(stderr, "cannot write %s\n", path);
            status = EXIT_FAILURE;
        } else {
            audio_wav_encode(s, n, 1, wav);
            size_t written = fwrite(wav, 1, size, f);
            if (fclose(f) != 0 || written != size)
                status = EXIT_FAILURE;
            printf("%-15s %6zu samples %5.3f s  peak %5d  -> %s\n", audio_bank_name(b, i), n,
                   (double)n / AUDIO_RATE, peak_of(s, n), path);
        }
        free(wav);
        free(s);
    }
    audio_bank_destroy(b);
    return status;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--wav") == 0)
        return write_wavs(argv[2]);
    return check_run(bank_suite());
}
