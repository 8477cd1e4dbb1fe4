/* SPDX-License-Identifier: Zlib */
/* test_synth.c -- tones, notes, WAV files, and the mixer of effects and music.
**
** The effects of the sound bank are test_bank.c's, the music files and the
** sequencer test_music.c's.
*/
#include "audio_text.h"
#include "mixer.h"
#include "music.h"
#include "synth.h"
#include "check_run.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tones ---- */

static AudioWord word(const char *s)
{
    AudioWord w = {s, (int)strlen(s), 1, 1};
    return w;
}

START_TEST(notes_are_named_as_in_a_tracker)
{
    static const struct {
        const char *name;
        int midi;
    } good[] = {
        {"C-4", 60}, {"C#4", 61},  {"A-4", 69}, {"B-3", 59},
        {"C-0", 12}, {"B-8", 119}, {"F#2", 42}, {"G#6", 92},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        AudioWord w = word(good[i].name);
        ck_assert_int_eq(audio_note_number(&w), good[i].midi);
    }
    static const char *const bad[] = {"C4", "c-4", "C-9", "E#4", "B#2", "H-4", "Db4", "C--4", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        AudioWord w = word(bad[i]);
        ck_assert_msg(audio_note_number(&w) == -1, "%s read as a note", bad[i]);
    }
    ck_assert(fabs(audio_note_freq(69) - 440.0) < 1e-9);
    ck_assert(fabs(audio_note_freq(81) - 880.0) < 1e-9);
    ck_assert(fabs(audio_note_freq(60) - 261.6256) < 1e-4);
}
END_TEST

static Tone envelope_tone(void)
{
    Tone t = {0};
    t.attack = 0.010;
    t.decay = 0.020;
    t.sustain = 0.5;
    t.release = 0.100;
    return t;
}

START_TEST(an_envelope_rises_decays_holds_and_releases)
{
    Tone t = envelope_tone();
    t.hold = 0.050;
    ck_assert(audio_tone_envelope(&t, -0.001, -1.0) == 0.0);
    ck_assert(fabs(audio_tone_envelope(&t, 0.005, -1.0) - 0.5) < 1e-12);  /* half the attack */
    ck_assert(fabs(audio_tone_envelope(&t, 0.020, -1.0) - 0.75) < 1e-12); /* half the decay */
    ck_assert(fabs(audio_tone_envelope(&t, 0.060, -1.0) - 0.5) < 1e-12);  /* holding */
    /* half-way through the release: the quadratic curve at (1/2)^2 */
    ck_assert(fabs(audio_tone_envelope(&t, 0.130, -1.0) - 0.5 * 0.25) < 1e-12);
    ck_assert(audio_tone_envelope(&t, 0.181, -1.0) == 0.0);
    ck_assert(fabs(audio_tone_length(&t) - 0.180) < 1e-12);
    ck_assert(!audio_tone_done(&t, 0.179, -1.0));
    ck_assert(audio_tone_done(&t, 0.181, -1.0));
}
END_TEST

START_TEST(a_held_envelope_sustains_until_released_then_releases_from_where_it_was)
{
    Tone t = envelope_tone();
    t.hold_note = true;
    ck_assert(fabs(audio_tone_envelope(&t, 10.0, -1.0) - 0.5) < 1e-12); /* held for ever */
    ck_assert(!audio_tone_done(&t, 10.0, -1.0));
    /* released in the attack, at level 0.5: half-way through the release, a quarter of it */
    ck_assert(fabs(audio_tone_envelope(&t, 0.005 + 0.050, 0.005) - 0.5 * 0.25) < 1e-12);
    /* released while sustaining */
    ck_assert(fabs(audio_tone_envelope(&t, 2.0 + 0.050, 2.0) - 0.5 * 0.25) < 1e-12);
    ck_assert(audio_tone_envelope(&t, 2.0 + 0.100, 2.0) == 0.0);
    ck_assert(!audio_tone_done(&t, 2.099, 2.0));
    ck_assert(audio_tone_done(&t, 2.100, 2.0));
}
END_TEST

/* Crossings a second of a tone played for a second from its start. */
static double tone_hz(const Tone *t, double freq)
{
    ToneState s;
    audio_tone_begin(&s, t, 1);
    int crossings = 0;
    double last = 0.0;
    for (int i = 0; i < AUDIO_RATE; i++) {
        double v = audio_tone_next(&s, t, freq, (double)i / AUDIO_RATE);
        if (i > 0 && ((v > 0.0) != (last > 0.0)))
            crossings++;
        last = v;
    }
    return crossings / 2.0;
}

START_TEST(a_tone_plays_its_pitch_and_its_arpeggio_in_turn)
{
    Tone t = envelope_tone();
    t.wave = WAVE_SINE;
    t.hold_note = true;
    ck_assert(fabs(tone_hz(&t, 440.0) - 440.0) <= 1.0);
    /* an octave up for the second half of the second, held: 0.5 * 440 + 0.5 * 880 */
    t.arp[0] = 0;
    t.arp[1] = 12;
    t.arp_count = 2;
    t.arp_step = 0.5;
    ck_assert(fabs(tone_hz(&t, 440.0) - 660.0) <= 2.0);
    /* looping steps of 0.25 s: the same average */
    t.arp_loop = true;
    t.arp_step = 0.25;
    ck_assert(fabs(tone_hz(&t, 440.0) - 660.0) <= 2.0);
}
END_TEST

START_TEST(a_pulse_has_no_dc_whatever_its_duty)
{
    static const double duties[] = {0.125, 0.25, 0.5};
    for (int d = 0; d < 3; d++) {
        Tone t = envelope_tone();
        t.wave = WAVE_PULSE;
        t.duty = duties[d];
        ToneState s;
        audio_tone_begin(&s, &t, 1);
        double sum = 0.0;
        for (int i = 0; i < AUDIO_RATE; i++) /* 480 Hz: a whole number of periods */
            sum += audio_tone_next(&s, &t, 480.0, (double)i / AUDIO_RATE);
        ck_assert_msg(fabs(sum / AUDIO_RATE) < 0.01, "duty %.3f: mean %f", duties[d],
                      sum / AUDIO_RATE);
    }
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
    ck_assert_uint_eq(audio_wav_size(3, 1), 50);
    audio_wav_encode(samples, 3, 1, wav);
    ck_assert(memcmp(wav, "RIFF", 4) == 0);
    ck_assert_uint_eq(le32(wav + 4), 42);
    ck_assert(memcmp(wav + 8, "WAVEfmt ", 8) == 0);
    ck_assert_uint_eq(le32(wav + 16), 16);
    ck_assert_uint_eq(le16(wav + 20), 1); /* PCM */
    ck_assert_uint_eq(le16(wav + 22), 1); /* mono */
    ck_assert_uint_eq(le32(wav + 24), AUDIO_RATE);
    ck_assert_uint_eq(le32(wav + 28), AUDIO_RATE * 2);
    ck_assert_uint_eq(le16(wav + 34), 16);
    ck_assert(memcmp(wav + 36, "data", 4) == 0);
    ck_assert_uint_eq(le32(wav + 40), 6);
    const uint8_t data[6] = {0x00, 0x00, 0xFE, 0xFF, 0x34, 0x12};
    ck_assert(memcmp(wav + 44, data, 6) == 0);
    /* stereo: two samples a frame, left then right */
    const int16_t frames[4] = {1, 2, 3, 4};
    ck_assert_uint_eq(audio_wav_size(2, 2), 52);
    audio_wav_encode(frames, 2, 2, wav);
    ck_assert_uint_eq(le16(wav + 22), 2);
    ck_assert_uint_eq(le32(wav + 28), AUDIO_RATE * 4);
    ck_assert_uint_eq(le16(wav + 32), 4);
    ck_assert_uint_eq(le32(wav + 40), 8);
    const uint8_t data2[8] = {1, 0, 2, 0, 3, 0, 4, 0};
    ck_assert(memcmp(wav + 44, data2, 8) == 0);
}
END_TEST

/* ---- mixer ---- */

START_TEST(idle_mixer_is_silent)
{
    Mixer m;
    int16_t out[2 * 64];
    mixer_init(&m);
    memset(out, 0x7F, sizeof out);
    mixer_render(&m, out, 64);
    for (int i = 0; i < 2 * 64; i++)
        ck_assert_int_eq(out[i], 0);
    ck_assert_int_eq(mixer_active(&m), 0);
}
END_TEST

START_TEST(voices_sum_then_clamp_and_free_themselves)
{
    static const int16_t a[4] = {100, -200, 30000, 5};
    static const int16_t b[2] = {1, 30000};
    Mixer m;
    int16_t out[2 * 6];
    mixer_init(&m);
    mixer_play(&m, a, 4);
    mixer_play(&m, b, 2);
    ck_assert_int_eq(mixer_active(&m), 2);
    mixer_render(&m, out, 6);
    /* effects are mono, in the middle: the same on both sides */
    static const int16_t want[5] = {101, 29800, 30000, 5, 0};
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(out[2 * i], want[i]);
        ck_assert_int_eq(out[2 * i + 1], want[i]);
    }
    ck_assert_int_eq(mixer_active(&m), 0);

    static const int16_t high[2][1] = {{30000}, {30000}}, low[2][1] = {{-30000}, {-30000}};
    mixer_play(&m, high[0], 1);
    mixer_play(&m, high[1], 1);
    mixer_render(&m, out, 1);
    ck_assert_int_eq(out[0], 32767);
    ck_assert_int_eq(out[1], 32767);
    mixer_play(&m, low[0], 1);
    mixer_play(&m, low[1], 1);
    mixer_render(&m, out, 1);
    ck_assert_int_eq(out[0], -32768);
    ck_assert_int_eq(out[1], -32768);
}
END_TEST

START_TEST(full_mixer_replaces_the_oldest_voice)
{
    static int16_t tones[MIXER_VOICES + 1][1000];
    Mixer m;
    int16_t out[2];
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
    int16_t out[2 * (MIXER_RETRIGGER + 1)];
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
    static int16_t out[2 * 2000];
    mixer_init(&m);
    mixer_play(&m, loud, 2000);
    mixer_set_volume(&m, 100, 100, true);
    mixer_render(&m, out, 2000);
    /* Fades out over a few hundred samples, each step small. */
    ck_assert_int_gt(out[0], 19000);
    for (int i = 1; i < 2000; i++)
        ck_assert_int_le(abs(out[2 * i] - out[2 * i - 2]), 20000 / 200);
    ck_assert_int_gt(out[2 * 100], 0);
    ck_assert_int_eq(out[2 * 400], 0);
    ck_assert_int_eq(out[2 * 1999], 0);

    mixer_init(&m);
    mixer_set_volume(&m, 50, 100, false);
    mixer_play(&m, loud, 2000);
    mixer_render(&m, out, 2000);
    ck_assert_int_eq(out[2 * 1999], 5000);
    ck_assert_int_eq(out[2 * 1999 + 1], 5000);
}
END_TEST

/* ---- music in the mixer ---- */

/* A sine held for four rows (24000 samples), then again: easy to follow
** through a fade. */
static MusicTrack *held_track(const char *note)
{
    char text[512], err[256];
    snprintf(text, sizeof text,
             "track bpm=120 rows_per_beat=4\ninstrument i\n  tone wave=sine hold=note\n"
             "channel a instrument=i\npattern p\n  %s ... ... ...\norder\n  p\n",
             note);
    MusicTrack *t;
    ck_assert_msg(audio_music_parse("held.txt", text, strlen(text), &t, err, sizeof err), "%s",
                  err);
    return t;
}

/* What the track alone plays from its start, n frames (its one channel is
** in the middle: left and right alike, as the mixer's output). */
static int16_t *alone(const MusicTrack *t, size_t skip, size_t n)
{
    static MusicPlayer p;
    int16_t *s = malloc(2 * (skip + n) * sizeof *s);
    ck_assert_ptr_nonnull(s);
    audio_music_start(&p, t);
    audio_music_render(&p, s, skip + n);
    memmove(s, s + 2 * skip, 2 * n * sizeof *s);
    return s;
}

/* The mixer at its default music volume, 70: a gain of 0.7^2, at once. */
static void music_mixer(Mixer *m)
{
    mixer_init(m);
    ck_assert_int_eq(m->music_gain, mixer_volume_gain(100, MIXER_MUSIC_DEFAULT, false));
}

static int scaled(int16_t s, int32_t fade, int32_t gain)
{
    return (int)((int64_t)s * fade * gain / ((int64_t)MIXER_GAIN_ONE * MIXER_GAIN_ONE));
}

START_TEST(music_fades_in_over_the_samples_asked)
{
    static Mixer m;
    static int16_t out[2 * 4000];
    MusicTrack *t = held_track("A-4");
    int16_t *want = alone(t, 0, 4000);
    music_mixer(&m);
    mixer_play_music(&m, t, 2000);
    ck_assert_ptr_eq(mixer_music(&m), t);
    mixer_render(&m, out, 4000);
    int32_t gain = m.music_gain, step = (MIXER_GAIN_ONE + 1999) / 2000;
    for (int i = 0; i < 2 * 4000; i++) {
        int32_t fade = (i / 2 + 1) * step < MIXER_GAIN_ONE ? (i / 2 + 1) * step : MIXER_GAIN_ONE;
        ck_assert_int_eq(out[i], scaled(want[i], fade, gain));
    }
    free(want);
    audio_music_destroy(t);
}
END_TEST

START_TEST(the_track_playing_asked_for_again_plays_on)
{
    static Mixer m;
    static int16_t out[2 * 1000];
    MusicTrack *t = held_track("A-4");
    music_mixer(&m);
    mixer_play_music(&m, t, 0);
    mixer_render(&m, out, 1000);
    mixer_play_music(&m, t, 500);
    ck_assert_uint_eq(m.music[0].player.position, 1000); /* not started over */
    ck_assert(!m.music[1].active);
    ck_assert_int_eq(m.music[0].fade, MIXER_GAIN_ONE);
    /* stopping, then asked for again half-way out: back in from there */
    mixer_stop_music(&m, 1000);
    mixer_render(&m, out, 500);
    int32_t halfway = m.music[0].fade;
    ck_assert_int_lt(halfway, MIXER_GAIN_ONE * 6 / 10);
    mixer_play_music(&m, t, 1000);
    ck_assert_ptr_eq(mixer_music(&m), t);
    ck_assert_uint_eq(m.music[0].player.position, 1500);
    mixer_render(&m, out, 1);
    ck_assert_int_gt(m.music[0].fade, halfway);
    audio_music_destroy(t);
}
END_TEST

START_TEST(a_new_track_cross_fades_with_the_old)
{
    static Mixer m;
    static int16_t out[2 * 3000];
    MusicTrack *a = held_track("A-4"), *b = held_track("E-5");
    music_mixer(&m);
    mixer_play_music(&m, a, 0);
    mixer_render(&m, out, 1000);
    mixer_play_music(&m, b, 2000);
    ck_assert_ptr_eq(mixer_music(&m), b);
    int16_t *wa = alone(a, 1000, 3000), *wb = alone(b, 0, 3000);
    mixer_render(&m, out, 3000);
    int32_t gain = m.music_gain, step = (MIXER_GAIN_ONE + 1999) / 2000;
    for (int i = 0; i < 2 * 3000; i++) {
        int32_t in = (i / 2 + 1) * step < MIXER_GAIN_ONE ? (i / 2 + 1) * step : MIXER_GAIN_ONE;
        int32_t gone = MIXER_GAIN_ONE - in;
        int64_t sum = (int64_t)wa[i] * gone + (int64_t)wb[i] * in;
        ck_assert_int_eq(out[i], (int)(sum * gain / ((int64_t)MIXER_GAIN_ONE * MIXER_GAIN_ONE)));
    }
    ck_assert(!m.music[1].active); /* the old track is dropped once silent */
    free(wa);
    free(wb);
    audio_music_destroy(a);
    audio_music_destroy(b);
}
END_TEST

START_TEST(going_back_to_the_track_fading_out_resumes_it)
{
    static Mixer m;
    static int16_t out[2 * 1000];
    MusicTrack *a = held_track("A-4"), *b = held_track("E-5");
    music_mixer(&m);
    mixer_play_music(&m, a, 0);
    mixer_render(&m, out, 1000);
    mixer_play_music(&m, b, 4000);
    mixer_render(&m, out, 1000);
    mixer_play_music(&m, a, 4000);
    ck_assert_ptr_eq(mixer_music(&m), a);
    ck_assert_uint_eq(m.music[0].player.position, 2000); /* where it was, not its start */
    ck_assert_int_gt(m.music[0].fade, MIXER_GAIN_ONE / 2);
    ck_assert_ptr_eq(m.music[1].player.track, b);
    /* a third track takes the place of the quieter one (b, barely in) */
    MusicTrack *c = held_track("C-5");
    mixer_play_music(&m, c, 4000);
    ck_assert_ptr_eq(m.music[0].player.track, c);
    ck_assert_ptr_eq(m.music[1].player.track, a);
    ck_assert_int_eq(m.music[1].fade_target, 0);
    audio_music_destroy(a);
    audio_music_destroy(b);
    audio_music_destroy(c);
}
END_TEST

START_TEST(music_stops_with_a_fade_and_then_costs_nothing)
{
    static Mixer m;
    static int16_t out[2 * 2000];
    MusicTrack *t = held_track("A-4");
    int16_t *want = alone(t, 500, 2000);
    music_mixer(&m);
    mixer_play_music(&m, t, 0);
    mixer_render(&m, out, 500);
    mixer_stop_music(&m, 1000);
    ck_assert_ptr_null(mixer_music(&m));
    mixer_render(&m, out, 2000);
    int32_t gain = m.music_gain, step = (MIXER_GAIN_ONE + 999) / 1000;
    for (int i = 0; i < 2 * 2000; i++) {
        int32_t left = MIXER_GAIN_ONE - (i / 2 + 1) * step;
        int32_t fade = left > 0 ? left : 0;
        ck_assert_int_eq(out[i], scaled(want[i], fade, gain));
    }
    ck_assert(!m.music[0].active && !m.music[1].active);
    free(want);
    audio_music_destroy(t);
}
END_TEST

START_TEST(music_volume_sits_under_master_and_mute_and_glides)
{
    static Mixer m;
    static int16_t out[2 * 300];
    music_mixer(&m);
    mixer_set_music_volume(&m, 100);
    ck_assert_int_eq(m.music_target_gain, MIXER_GAIN_ONE);
    mixer_set_volume(&m, 50, 100, false);
    ck_assert_int_eq(m.music_target_gain, mixer_volume_gain(50, 100, false));
    ck_assert_int_eq(m.target_gain, mixer_volume_gain(50, 100, false));
    mixer_set_volume(&m, 100, 20, true);
    ck_assert_int_eq(m.music_target_gain, 0);
    /* the change glides: no step larger than 1/256 of full gain a sample */
    mixer_set_volume(&m, 100, 100, false);
    mixer_set_music_volume(&m, 0);
    int32_t before = m.music_gain;
    mixer_render(&m, out, 1);
    ck_assert_int_eq(before - m.music_gain, MIXER_GAIN_ONE / 256);
    mixer_render(&m, out, 300);
    ck_assert_int_eq(m.music_gain, 0);
}
END_TEST

/* A sting ducks the music under it: the music's gain glides down to the
** sting's duck over MIXER_DUCK_GLIDE samples, stays there while the sting
** plays, and glides back once it has ended; the effect itself is not
** ducked. */
START_TEST(a_sting_ducks_the_music_and_lets_it_back)
{
    static Mixer m;
    enum { STING = 20000, N = STING + 2 * MIXER_DUCK_GLIDE };
    static int16_t out[2 * N], sting[STING];
    MusicTrack *t = held_track("A-4");
    int16_t *want = alone(t, 0, N);
    music_mixer(&m);
    mixer_play_music(&m, t, 0);
    mixer_play_ducking(&m, sting, STING, MIXER_GAIN_ONE / 4); /* silent: only the duck */
    mixer_render(&m, out, N);
    int32_t gain = m.music_gain, step = MIXER_GAIN_ONE / MIXER_DUCK_GLIDE;
    int32_t duck = MIXER_GAIN_ONE;
    for (int i = 0; i < N; i++) {
        int32_t target = i < STING ? MIXER_GAIN_ONE / 4 : MIXER_GAIN_ONE;
        duck = duck > target ? (duck - target > step ? duck - step : target)
                             : (target - duck > step ? duck + step : target);
        int32_t g = (int32_t)((int64_t)gain * duck / MIXER_GAIN_ONE);
        ck_assert_int_eq(out[2 * i], scaled(want[2 * i], MIXER_GAIN_ONE, g));
    }
    /* down to a quarter while it played, all the way back after */
    ck_assert_int_eq(duck, MIXER_GAIN_ONE);
    ck_assert_int_eq(m.duck, MIXER_GAIN_ONE);
    free(want);
    audio_music_destroy(t);
}
END_TEST

static Suite *synth_suite(void)
{
    Suite *s = suite_create("synth");
    TCase *tc = tcase_create("tones");
    tcase_add_test(tc, notes_are_named_as_in_a_tracker);
    tcase_add_test(tc, an_envelope_rises_decays_holds_and_releases);
    tcase_add_test(tc, a_held_envelope_sustains_until_released_then_releases_from_where_it_was);
    tcase_add_test(tc, a_tone_plays_its_pitch_and_its_arpeggio_in_turn);
    tcase_add_test(tc, a_pulse_has_no_dc_whatever_its_duty);
    tcase_add_test(tc, wav_encoding_has_a_pcm_header_and_little_endian_samples);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    tc = tcase_create("mixer");
    tcase_add_test(tc, idle_mixer_is_silent);
    tcase_add_test(tc, voices_sum_then_clamp_and_free_themselves);
    tcase_add_test(tc, full_mixer_replaces_the_oldest_voice);
    tcase_add_test(tc, same_sound_twice_at_once_is_not_twice_as_loud);
    tcase_add_test(tc, volume_follows_a_square_law_and_glides);
    tcase_add_test(tc, music_fades_in_over_the_samples_asked);
    tcase_add_test(tc, the_track_playing_asked_for_again_plays_on);
    tcase_add_test(tc, a_new_track_cross_fades_with_the_old);
    tcase_add_test(tc, going_back_to_the_track_fading_out_resumes_it);
    tcase_add_test(tc, music_stops_with_a_fade_and_then_costs_nothing);
    tcase_add_test(tc, music_volume_sits_under_master_and_mute_and_glides);
    tcase_add_test(tc, a_sting_ducks_the_music_and_lets_it_back);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(synth_suite());
}
