/* test_synth.c -- the sound effects and the voice mixer.
**
** `test_synth --wav FOLDER` writes every effect as FOLDER/NAME.wav to listen
** to, and prints its length and peak, instead of running the tests.
*/
#include "mixer.h"
#include "synth.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int16_t *render(SfxId id, size_t *count)
{
    int16_t *s;
    ck_assert(audio_synth(id, &s, count));
    ck_assert_ptr_nonnull(s);
    return s;
}

static int peak_of(const int16_t *s, size_t n)
{
    int peak = 0;
    for (size_t i = 0; i < n; i++) {
        int a = abs(s[i]);
        if (a > peak)
            peak = a;
    }
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

/* ---- effects ---- */

START_TEST(every_effect_is_named_nonempty_and_short)
{
    for (int i = 0; i < SFX_COUNT; i++) {
        const char *name = audio_sfx_name((SfxId)i);
        ck_assert_ptr_nonnull(name);
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(name, audio_sfx_name((SfxId)j));
        size_t n;
        int16_t *s = render((SfxId)i, &n);
        ck_assert_uint_eq(n, audio_sfx_length((SfxId)i));
        ck_assert_uint_gt(n, AUDIO_RATE / 50);           /* at least 20 ms */
        ck_assert_uint_lt(n, AUDIO_RATE * 3 / 2);        /* under 1.5 s */
        free(s);
    }
    ck_assert_ptr_null(audio_sfx_name(SFX_COUNT));
}
END_TEST

START_TEST(effects_peak_well_below_full_scale_but_audible)
{
    for (int i = 0; i < SFX_COUNT; i++) {
        size_t n;
        int16_t *s = render((SfxId)i, &n);
        int peak = peak_of(s, n);
        /* Headroom: three effects at once still fit in 16 bits most of the time. */
        ck_assert_msg(peak <= 32767 * 65 / 100, "%s peaks at %d", audio_sfx_name((SfxId)i), peak);
        ck_assert_msg(peak >= 32767 / 4, "%s peaks at only %d", audio_sfx_name((SfxId)i), peak);
        free(s);
    }
}
END_TEST

START_TEST(effects_start_and_end_in_silence)
{
    for (int i = 0; i < SFX_COUNT; i++) {
        size_t n;
        int16_t *s = render((SfxId)i, &n);
        int peak = peak_of(s, n);
        const char *name = audio_sfx_name((SfxId)i);
        ck_assert_msg(s[0] == 0, "%s starts at %d", name, s[0]);
        /* A fade-in and fade-out, not a step: the first quarter and the
        ** last whole millisecond stay far below the peak. */
        for (size_t k = 0; k < AUDIO_RATE / 1000; k++) {
            if (k < AUDIO_RATE / 4000)
                ck_assert_msg(abs(s[k]) < peak / 4, "%s: sample %zu is %d", name, k, s[k]);
            ck_assert_msg(abs(s[n - 1 - k]) < peak / 100, "%s: sample %zu from the end is %d",
                          name, k, s[n - 1 - k]);
        }
        free(s);
    }
}
END_TEST

START_TEST(effects_have_no_dc_offset)
{
    for (int i = 0; i < SFX_COUNT; i++) {
        size_t n;
        int16_t *s = render((SfxId)i, &n);
        double sum = 0.0;
        for (size_t k = 0; k < n; k++)
            sum += s[k];
        double mean = sum / (double)n;
        ck_assert_msg(mean > -0.05 * peak_of(s, n) && mean < 0.05 * peak_of(s, n),
                      "%s has a mean of %.1f", audio_sfx_name((SfxId)i), mean);
        free(s);
    }
}
END_TEST

START_TEST(rendering_is_deterministic)
{
    for (int i = 0; i < SFX_COUNT; i++) {
        size_t n1, n2;
        int16_t *a = render((SfxId)i, &n1);
        int16_t *b = render((SfxId)i, &n2);
        ck_assert_uint_eq(n1, n2);
        ck_assert(memcmp(a, b, n1 * sizeof *a) == 0);
        int16_t *c = malloc((n1 + 10) * sizeof *c);
        ck_assert_ptr_nonnull(c);
        ck_assert_uint_eq(audio_synth_into((SfxId)i, c, n1 + 10), n1);
        ck_assert(memcmp(a, c, n1 * sizeof *a) == 0);
        ck_assert_uint_eq(audio_synth_into((SfxId)i, c, n1 - 1), 0); /* too small */
        free(a);
        free(b);
        free(c);
    }
}
END_TEST

START_TEST(menu_move_is_the_note_a5)
{
    size_t n;
    int16_t *s = render(SFX_MENU_MOVE, &n);
    /* Two zero crossings per period, counted over the steady middle. */
    size_t from = n / 5, to = n * 4 / 5;
    double seconds = (double)(to - from) / AUDIO_RATE;
    double hz = zero_crossings(s, from, to, 200) / 2.0 / seconds;
    ck_assert_msg(hz > 880.0 * 0.95 && hz < 880.0 * 1.05, "menu_move at %.1f Hz", hz);
    free(s);
}
END_TEST

START_TEST(jump_rises_and_death_falls)
{
    size_t n;
    int16_t *s = render(SFX_JUMP, &n);
    int early = zero_crossings(s, 0, n / 3, 200);
    int late = zero_crossings(s, n / 3, 2 * n / 3, 200);
    ck_assert_int_gt(late, early);
    free(s);
    s = render(SFX_DEATH, &n);
    early = zero_crossings(s, 0, n / 3, 200);
    late = zero_crossings(s, n / 3, 2 * n / 3, 200);
    ck_assert_int_lt(late, early);
    free(s);
}
END_TEST

START_TEST(unknown_effect_renders_nothing)
{
    int16_t *s = (int16_t *)&s;
    size_t n = 5;
    ck_assert(!audio_synth(SFX_COUNT, &s, &n));
    ck_assert_ptr_null(s);
    ck_assert_uint_eq(n, 0);
    ck_assert(!audio_synth((SfxId)-1, &s, &n));
    ck_assert_uint_eq(audio_sfx_length(SFX_COUNT), 0);
}
END_TEST

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned le16(const uint8_t *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}

START_TEST(wav_encoding_has_a_pcm_header_and_little_endian_samples)
{
    const int16_t samples[3] = {0, -2, 0x1234};
    uint8_t wav[64];
    ck_assert_uint_eq(audio_wav_size(3), 50);
    audio_wav_encode(samples, 3, wav);
    ck_assert(memcmp(wav, "RIFF", 4) == 0);
    ck_assert_uint_eq(le32(wav + 4), 42);
    ck_assert(memcmp(wav + 8, "WAVEfmt ", 8) == 0);
    ck_assert_uint_eq(le32(wav + 16), 16);
    ck_assert_uint_eq(le16(wav + 20), 1);       /* PCM */
    ck_assert_uint_eq(le16(wav + 22), 1);       /* mono */
    ck_assert_uint_eq(le32(wav + 24), AUDIO_RATE);
    ck_assert_uint_eq(le32(wav + 28), AUDIO_RATE * 2);
    ck_assert_uint_eq(le16(wav + 34), 16);
    ck_assert(memcmp(wav + 36, "data", 4) == 0);
    ck_assert_uint_eq(le32(wav + 40), 6);
    const uint8_t data[6] = {0x00, 0x00, 0xFE, 0xFF, 0x34, 0x12};
    ck_assert(memcmp(wav + 44, data, 6) == 0);
}
END_TEST

/* ---- mixer ---- */

START_TEST(idle_mixer_is_silent)
{
    Mixer m;
    int16_t out[64];
    mixer_init(&m);
    memset(out, 0x7F, sizeof out);
    mixer_render(&m, out, 64);
    for (int i = 0; i < 64; i++)
        ck_assert_int_eq(out[i], 0);
    ck_assert_int_eq(mixer_active(&m), 0);
}
END_TEST

START_TEST(voices_sum_then_clamp_and_free_themselves)
{
    static const int16_t a[4] = {100, -200, 30000, 5};
    static const int16_t b[2] = {1, 30000};
    Mixer m;
    int16_t out[6];
    mixer_init(&m);
    mixer_play(&m, a, 4);
    mixer_play(&m, b, 2);
    ck_assert_int_eq(mixer_active(&m), 2);
    mixer_render(&m, out, 6);
    ck_assert_int_eq(out[0], 101);
    ck_assert_int_eq(out[1], 29800);
    ck_assert_int_eq(out[2], 30000);
    ck_assert_int_eq(out[3], 5);
    ck_assert_int_eq(out[4], 0);
    ck_assert_int_eq(mixer_active(&m), 0);

    static const int16_t high[2][1] = {{30000}, {30000}}, low[2][1] = {{-30000}, {-30000}};
    mixer_play(&m, high[0], 1);
    mixer_play(&m, high[1], 1);
    mixer_render(&m, out, 1);
    ck_assert_int_eq(out[0], 32767);
    mixer_play(&m, low[0], 1);
    mixer_play(&m, low[1], 1);
    mixer_render(&m, out, 1);
    ck_assert_int_eq(out[0], -32768);
}
END_TEST

START_TEST(full_mixer_replaces_the_oldest_voice)
{
    static int16_t tones[MIXER_VOICES + 1][1000];
    Mixer m;
    int16_t out[1];
    mixer_init(&m);
    for (int v = 0; v <= MIXER_VOICES; v++) {
        for (int i = 0; i < 1000; i++)
            tones[v][i] = (int16_t)(1 << v);
        mixer_play(&m, tones[v], 1000);
    }
    ck_assert_int_eq(mixer_active(&m), MIXER_VOICES);
    mixer_render(&m, out, 1);
    /* Every voice but the first (bit 0) sounds. */
    ck_assert_int_eq(out[0], (1 << (MIXER_VOICES + 1)) - 2);
    mixer_stop_all(&m);
    ck_assert_int_eq(mixer_active(&m), 0);
}
END_TEST

START_TEST(same_sound_twice_at_once_is_not_twice_as_loud)
{
    static int16_t tone[2000];
    for (int i = 0; i < 2000; i++)
        tone[i] = (int16_t)(i % 100);
    Mixer m;
    int16_t out[MIXER_RETRIGGER + 1];
    mixer_init(&m);
    mixer_play(&m, tone, 2000);
    mixer_render(&m, out, 10);
    mixer_play(&m, tone, 2000); /* restarts the voice */
    ck_assert_int_eq(mixer_active(&m), 1);
    mixer_render(&m, out, 1);
    ck_assert_int_eq(out[0], 0);
    mixer_render(&m, out, MIXER_RETRIGGER);
    mixer_play(&m, tone, 2000); /* long enough after: a second voice */
    ck_assert_int_eq(mixer_active(&m), 2);
    mixer_render(&m, out, 1);
    ck_assert_int_eq(out[0], tone[MIXER_RETRIGGER + 1] + tone[0]);
}
END_TEST

START_TEST(volume_follows_a_square_law_and_glides)
{
    ck_assert_int_eq(mixer_volume_gain(100, 100, false), MIXER_GAIN_ONE);
    ck_assert_int_eq(mixer_volume_gain(50, 100, false), MIXER_GAIN_ONE / 4);
    ck_assert_int_eq(mixer_volume_gain(100, 50, false), MIXER_GAIN_ONE / 4);
    ck_assert_int_eq(mixer_volume_gain(0, 100, false), 0);
    ck_assert_int_eq(mixer_volume_gain(100, 100, true), 0);
    ck_assert_int_eq(mixer_volume_gain(150, -3, false), 0);
    ck_assert_int_eq(mixer_volume_gain(150, 100, false), MIXER_GAIN_ONE);

    static int16_t loud[2000];
    for (int i = 0; i < 2000; i++)
        loud[i] = 20000;
    Mixer m;
    static int16_t out[2000];
    mixer_init(&m);
    mixer_play(&m, loud, 2000);
    mixer_set_volume(&m, 100, 100, true);
    mixer_render(&m, out, 2000);
    /* Fades out over a few hundred samples, each step small. */
    ck_assert_int_gt(out[0], 19000);
    for (int i = 1; i < 2000; i++)
        ck_assert_int_le(abs(out[i] - out[i - 1]), 20000 / 200);
    ck_assert_int_gt(out[100], 0);
    ck_assert_int_eq(out[400], 0);
    ck_assert_int_eq(out[1999], 0);

    mixer_init(&m);
    mixer_set_volume(&m, 50, 100, false);
    mixer_play(&m, loud, 2000);
    mixer_render(&m, out, 2000);
    ck_assert_int_eq(out[1999], 5000);
}
END_TEST

static Suite *synth_suite(void)
{
    Suite *s = suite_create("synth");
    TCase *tc = tcase_create("effects");
    tcase_add_test(tc, every_effect_is_named_nonempty_and_short);
    tcase_add_test(tc, effects_peak_well_below_full_scale_but_audible);
    tcase_add_test(tc, effects_start_and_end_in_silence);
    tcase_add_test(tc, effects_have_no_dc_offset);
    tcase_add_test(tc, rendering_is_deterministic);
    tcase_add_test(tc, menu_move_is_the_note_a5);
    tcase_add_test(tc, jump_rises_and_death_falls);
    tcase_add_test(tc, unknown_effect_renders_nothing);
    tcase_add_test(tc, wav_encoding_has_a_pcm_header_and_little_endian_samples);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("mixer");
    tcase_add_test(tc, idle_mixer_is_silent);
    tcase_add_test(tc, voices_sum_then_clamp_and_free_themselves);
    tcase_add_test(tc, full_mixer_replaces_the_oldest_voice);
    tcase_add_test(tc, same_sound_twice_at_once_is_not_twice_as_loud);
    tcase_add_test(tc, volume_follows_a_square_law_and_glides);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

/* Writes every effect as a WAV file and prints a line about each. */
static int write_wavs(const char *dir)
{
    for (int i = 0; i < SFX_COUNT; i++) {
        int16_t *s;
        size_t n;
        if (!audio_synth((SfxId)i, &s, &n))
            return EXIT_FAILURE;
        size_t size = audio_wav_size(n);
        uint8_t *wav = malloc(size);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.wav", dir, audio_sfx_name((SfxId)i));
        FILE *f = wav != NULL ? fopen(path, "wb") : NULL;
        if (f == NULL) {
            fprintf(stderr, "cannot write %s\n", path);
            free(wav);
            free(s);
            return EXIT_FAILURE;
        }
        audio_wav_encode(s, n, wav);
        size_t written = fwrite(wav, 1, size, f);
        int closed = fclose(f);
        printf("%-12s %6zu samples %5.3f s  peak %5d  -> %s\n", audio_sfx_name((SfxId)i), n,
               (double)n / AUDIO_RATE, peak_of(s, n), path);
        free(wav);
        free(s);
        if (written != size || closed != 0)
            return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--wav") == 0)
        return write_wavs(argv[2]);
    SRunner *sr = srunner_create(synth_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
