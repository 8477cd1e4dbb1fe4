/* SPDX-License-Identifier: Zlib */
/*
** synth.c -- a tone from a few numbers, in the spirit of sfxr.
**
** A tone is one oscillator (pulse, triangle, sine or noise) whose pitch
** glides exponentially by `slide` semitones over the tone, optionally
** wobbled by vibrato or stepped by an arpeggio (semitone offsets, one per
** arp_step seconds). It goes through a two-pole low-pass filter and then an
** envelope: linear attack from 0 to 1, decay to the sustain level, hold, and
** a quadratic release back to 0.
**
** Why the output is clean:
** - the envelope comes last, so every tone starts and ends at exactly 0
**   whatever the oscillator and filter are doing: no clicks;
** - pulse edges are smoothed with PolyBLEP, which removes most aliasing
**   (the harsh whistle of naive square waves at high pitch), and the pulse's
**   DC offset is subtracted so a narrow pulse does not thump;
** - arpeggio and vibrato change the frequency, never the phase, so pitch
**   steps have no discontinuity.
** Everything is double arithmetic in a fixed order and noise comes from a
** seeded xorshift, so a tone is the same samples on every run.
*/
#include "synth.h"

#include <math.h>
#include <string.h>

static const double TWO_PI = 6.283185307179586;

double audio_tone_length(const Tone *t)
{
    return t->attack + t->decay + t->hold + t->release;
}

void audio_tone_begin(ToneState *s, const Tone *t, uint32_t seed)
{
    memset(s, 0, sizeof *s);
    s->lp = t->cutoff > 0.0 ? 1.0 - exp(-TWO_PI * t->cutoff / AUDIO_RATE) : 1.0;
    s->rng = seed != 0 ? seed : 1u;
}

/* Attack and decay, then the sustain level for ever. */
static double rise(const Tone *t, double time)
{
    if (time < 0.0)
        return 0.0;
    if (time < t->attack)
        return time / t->attack;
    time -= t->attack;
    if (time < t->decay)
        return 1.0 - (1.0 - t->sustain) * (time / t->decay);
    return t->sustain;
}

double audio_tone_envelope(const Tone *t, double time, double released_at)
{
    if (t->hold_note) {
        if (released_at < 0.0 || time < released_at)
            return rise(t, time);
        double r = time - released_at;
        if (r >= t->release)
            return 0.0;
        double u = 1.0 - r / t->release;
        return rise(t, released_at) * u * u;
    }
    /* rise(), then hold and release */
    if (time < t->attack + t->decay)
        return rise(t, time);
    time -= t->attack + t->decay;
    if (time < t->hold)
        return t->sustain;
    time -= t->hold;
    if (time < t->release) {
        double u = 1.0 - time / t->release;
        return t->sustain * u * u;
    }
    return 0.0;
}

bool audio_tone_done(const Tone *t, double time, double released_at)
{
    if (t->hold_note)
        return released_at >= 0.0 && time >= released_at + t->release;
    return time >= audio_tone_length(t);
}

int16_t audio_pcm(double v)
{
    double s = floor(v + 0.5);
    return (int16_t)(s > 32767.0 ? 32767.0 : s < -32768.0 ? -32768.0 : s);
}

/* Correction for a step at phase 0 of a wave with increment dt per sample:
** the difference between a band-limited step and the naive one. */
static double poly_blep(double phase, double dt)
{
    if (phase < dt) {
        double x = phase / dt;
        return x + x - x * x - 1.0;
    }
    if (phase > 1.0 - dt) {
        double x = (phase - 1.0) / dt;
        return x * x + x + x + 1.0;
    }
    return 0.0;
}

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

double audio_tone_next(ToneState *s, const Tone *t, double freq, double time)
{
    double semis = 0.0;
    if (t->slide != 0.0)
        semis = t->slide * (time / audio_tone_length(t));
    if (t->vib_depth > 0.0) {
        double vt = time - t->vib_delay;
        if (t->vib_delay == 0.0 || vt > 0.0)
            semis += t->vib_depth * sin(TWO_PI * t->vib_rate * vt);
    }
    if (t->arp_count > 0) {
        int step = (int)(time / t->arp_step);
        if (t->arp_loop)
            step %= t->arp_count;
        else if (step >= t->arp_count)
            step = t->arp_count - 1;
        semis += t->arp[step];
    }
    double f = semis != 0.0 ? freq * exp2(semis / 12.0) : freq;
    double dt = f / AUDIO_RATE;
    if (dt > 0.5)
        dt = 0.5; /* above Nyquist nothing sensible can be played */

    double v;
    switch (t->wave) {
    case WAVE_PULSE: {
        double fall = s->phase + 1.0 - t->duty;
        if (fall >= 1.0)
            fall -= 1.0;
        v = (s->phase < t->duty ? 1.0 : -1.0) + poly_blep(s->phase, dt) - poly_blep(fall, dt);
        v -= 2.0 * t->duty - 1.0;
        break;
    }
    case WAVE_TRIANGLE: {
        double p = s->phase + 0.25;
        if (p >= 1.0)
            p -= 1.0;
        v = 1.0 - 4.0 * fabs(p - 0.5);
        break;
    }
    case WAVE_SINE: v = sin(TWO_PI * s->phase); break;
    case WAVE_NOISE:
    default: v = s->noise; break;
    }
    s->phase += dt;
    if (s->phase >= 1.0) {
        s->phase -= 1.0;
        s->noise = (double)(xorshift32(&s->rng) >> 8) / (double)(1u << 23) - 1.0;
    }
    s->lp1 += s->lp * (v - s->lp1);
    s->lp2 += s->lp * (s->lp1 - s->lp2);
    return s->lp2;
}

/* ---------------------------------------------------------------- WAV */

size_t audio_wav_size(size_t frames, int channels)
{
    return 44 + frames * (size_t)channels * 2;
}

static uint8_t *put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
    return p + 4;
}

static uint8_t *put_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    return p + 2;
}

void audio_wav_header(size_t frames, int channels, uint8_t *out)
{
    size_t count = frames * (size_t)channels;
    uint32_t data = (uint32_t)(count * 2);
    uint8_t *p = out;
    memcpy(p, "RIFF", 4);
    p = put_u32(p + 4, 36 + data);
    memcpy(p, "WAVEfmt ", 8);
    p = put_u32(p + 8, 16); /* fmt chunk size */
    p = put_u16(p, 1);      /* PCM */
    p = put_u16(p, (uint16_t)channels);
    p = put_u32(p, AUDIO_RATE);
    p = put_u32(p, (uint32_t)(AUDIO_RATE * 2 * channels)); /* bytes per second */
    p = put_u16(p, (uint16_t)(2 * channels));              /* bytes per frame */
    p = put_u16(p, 16);                                    /* bits per sample */
    memcpy(p, "data", 4);
    put_u32(p + 4, data);
}

void audio_wav_samples(const int16_t *samples, size_t count, uint8_t *out)
{
    for (size_t i = 0; i < count; i++)
        out = put_u16(out, (uint16_t)samples[i]);
}

void audio_wav_encode(const int16_t *samples, size_t frames, int channels, uint8_t *out)
{
    audio_wav_header(frames, channels, out);
    audio_wav_samples(samples, frames * (size_t)channels, out + audio_wav_size(0, channels));
}
