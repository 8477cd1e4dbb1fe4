/*
** synth.c -- sound effects from a few numbers each, in the spirit of sfxr.
**
** An effect is a short list of tones. A tone is one oscillator (square,
** triangle, sine or noise) whose pitch slides exponentially from freq to
** freq_end over the tone, optionally wobbled by vibrato or stepped by an
** arpeggio (semitone offsets, one per arp_step seconds). It goes through a
** two-pole low-pass filter and then an envelope: linear attack from 0 to 1,
** decay to the sustain level, hold, and a quadratic release back to 0.
**
** Why the output is clean:
** - the envelope comes last, so every tone starts and ends at exactly 0
**   whatever the oscillator and filter are doing: no clicks;
** - square edges are smoothed with PolyBLEP, which removes most aliasing
**   (the harsh whistle of naive square waves at high pitch), and the square's
**   DC offset is subtracted so a narrow pulse does not thump;
** - arpeggio and vibrato change the frequency, never the phase, so pitch
**   steps have no discontinuity;
** - the mix is scaled to a fixed peak below full scale, leaving headroom for
**   several effects at once.
** Everything is double arithmetic in a fixed order and noise comes from a
** seeded xorshift, so an effect is the same bytes on every call.
*/
#include "synth.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum Wave { WAVE_SQUARE, WAVE_TRIANGLE, WAVE_SINE, WAVE_NOISE } Wave;

enum { ARP_MAX = 4 };

typedef struct Tone {
    Wave wave;
    double start;              /* s after the effect starts */
    double freq, freq_end;     /* Hz; for noise, how often the value changes */
    double duty;               /* square: fraction of the period that is high */
    double attack, decay, sustain, hold, release; /* s, s, level 0..1, s, s */
    double vib_depth, vib_rate;/* semitones, Hz */
    int arp[ARP_MAX];          /* semitone offsets, taken in turn */
    int arp_count;
    double arp_step;           /* s per arpeggio step */
    double cutoff;             /* low-pass, Hz; 0 for none */
    double gain;
} Tone;

typedef struct SfxDef {
    const char *name;
    const Tone *tones;
    int count;
    double level;              /* peak of the effect, fraction of full scale */
} SfxDef;

/* Notes, Hz (equal temperament, A4 = 440). */
#define C3 130.81
#define C4 261.63
#define G4 392.00
#define C5 523.25
#define E5 659.26
#define G5 783.99
#define A5 880.00
#define B5 987.77
#define C6 1046.50

static const Tone JUMP[] = {
    {.wave = WAVE_SQUARE, .duty = 0.25, .freq = 300, .freq_end = 620,
     .attack = 0.003, .decay = 0.04, .sustain = 0.55, .hold = 0.05, .release = 0.07,
     .cutoff = 4500, .gain = 1.0},
};

static const Tone LAND[] = {
    {.wave = WAVE_NOISE, .freq = 3000, .freq_end = 3000,
     .attack = 0.002, .decay = 0.03, .sustain = 0.25, .release = 0.05,
     .cutoff = 700, .gain = 1.0},
    {.wave = WAVE_TRIANGLE, .freq = 150, .freq_end = 60,
     .attack = 0.002, .decay = 0.03, .sustain = 0.4, .release = 0.05, .gain = 0.8},
};

/* The classic coin: a fourth up after a blink. */
static const Tone COLLECT[] = {
    {.wave = WAVE_SQUARE, .duty = 0.5, .freq = B5, .freq_end = B5,
     .arp = {0, 5}, .arp_count = 2, .arp_step = 0.055,
     .attack = 0.002, .decay = 0.05, .sustain = 0.5, .hold = 0.08, .release = 0.22,
     .cutoff = 6000, .gain = 1.0},
    {.wave = WAVE_SINE, .freq = 2 * B5, .freq_end = 2 * B5,
     .arp = {0, 5}, .arp_count = 2, .arp_step = 0.055,
     .attack = 0.002, .decay = 0.05, .sustain = 0.4, .hold = 0.08, .release = 0.22,
     .gain = 0.3},
};

static const Tone DEATH[] = {
    {.wave = WAVE_SQUARE, .duty = 0.5, .freq = 700, .freq_end = 90,
     .vib_depth = 0.6, .vib_rate = 14,
     .attack = 0.004, .decay = 0.08, .sustain = 0.75, .hold = 0.35, .release = 0.22,
     .cutoff = 2200, .gain = 1.0},
    {.wave = WAVE_NOISE, .freq = 2500, .freq_end = 2500,
     .attack = 0.002, .decay = 0.05, .sustain = 0.2, .release = 0.08,
     .cutoff = 1800, .gain = 0.6},
};

static const Tone SWITCH[] = {
    {.wave = WAVE_TRIANGLE, .freq = G5, .freq_end = G5,
     .arp = {0, 5}, .arp_count = 2, .arp_step = 0.035,
     .attack = 0.002, .decay = 0.03, .sustain = 0.5, .hold = 0.04, .release = 0.08,
     .gain = 1.0},
    {.wave = WAVE_NOISE, .freq = 6000, .freq_end = 6000,
     .attack = 0.001, .decay = 0.01, .sustain = 0.0, .release = 0.004,
     .cutoff = 4000, .gain = 0.5},
};

/* A bell: E5, G5, C6 rung in turn, with an octave shimmer. */
static const Tone CHECKPOINT[] = {
    {.wave = WAVE_SINE, .freq = E5, .freq_end = E5,
     .arp = {0, 3, 8}, .arp_count = 3, .arp_step = 0.08,
     .attack = 0.003, .decay = 0.1, .sustain = 0.6, .hold = 0.2, .release = 0.35,
     .gain = 1.0},
    {.wave = WAVE_TRIANGLE, .freq = 2 * E5, .freq_end = 2 * E5,
     .arp = {0, 3, 8}, .arp_count = 3, .arp_step = 0.08,
     .attack = 0.003, .decay = 0.1, .sustain = 0.5, .hold = 0.2, .release = 0.35,
     .gain = 0.35},
};

/* C major arpeggio up to a held C6 over a triangle bass. */
#define FANFARE_NOTE(t, f) \
    {.wave = WAVE_SQUARE, .duty = 0.5, .start = (t), .freq = (f), .freq_end = (f), \
     .attack = 0.004, .decay = 0.03, .sustain = 0.7, .hold = 0.06, .release = 0.05, \
     .cutoff = 3500, .gain = 0.8}
static const Tone COMPLETE[] = {
    FANFARE_NOTE(0.00, C5),
    FANFARE_NOTE(0.12, E5),
    FANFARE_NOTE(0.24, G5),
    {.wave = WAVE_SQUARE, .duty = 0.5, .start = 0.36, .freq = C6, .freq_end = C6,
     .vib_depth = 0.25, .vib_rate = 6,
     .attack = 0.004, .decay = 0.1, .sustain = 0.7, .hold = 0.35, .release = 0.35,
     .cutoff = 3500, .gain = 0.8},
    {.wave = WAVE_SQUARE, .duty = 0.25, .start = 0.36, .freq = G5, .freq_end = G5,
     .attack = 0.004, .decay = 0.1, .sustain = 0.7, .hold = 0.35, .release = 0.35,
     .cutoff = 3000, .gain = 0.4},
    {.wave = WAVE_TRIANGLE, .start = 0.0, .freq = C4, .freq_end = C4,
     .arp = {0, 4, 7}, .arp_count = 3, .arp_step = 0.12,
     .attack = 0.005, .decay = 0.05, .sustain = 0.8, .hold = 0.2, .release = 0.08,
     .gain = 0.7},
    {.wave = WAVE_TRIANGLE, .start = 0.36, .freq = C3, .freq_end = C3,
     .attack = 0.005, .decay = 0.1, .sustain = 0.8, .hold = 0.35, .release = 0.35,
     .gain = 0.8},
};

static const Tone STOMP[] = {
    {.wave = WAVE_TRIANGLE, .freq = 520, .freq_end = 140,
     .attack = 0.002, .decay = 0.04, .sustain = 0.6, .hold = 0.03, .release = 0.06,
     .gain = 1.0},
    {.wave = WAVE_NOISE, .freq = 4000, .freq_end = 4000,
     .attack = 0.001, .decay = 0.03, .sustain = 0.0, .release = 0.01,
     .cutoff = 2500, .gain = 0.5},
};

static const Tone MENU_MOVE[] = {
    {.wave = WAVE_SQUARE, .duty = 0.5, .freq = A5, .freq_end = A5,
     .attack = 0.002, .decay = 0.02, .sustain = 0.4, .hold = 0.01, .release = 0.03,
     .cutoff = 3500, .gain = 1.0},
};

static const Tone MENU_SELECT[] = {
    {.wave = WAVE_SQUARE, .duty = 0.5, .freq = E5, .freq_end = E5,
     .arp = {0, 7}, .arp_count = 2, .arp_step = 0.05,
     .attack = 0.002, .decay = 0.03, .sustain = 0.6, .hold = 0.06, .release = 0.08,
     .cutoff = 4000, .gain = 1.0},
    {.wave = WAVE_SINE, .freq = E5 / 2, .freq_end = E5 / 2,
     .arp = {0, 7}, .arp_count = 2, .arp_step = 0.05,
     .attack = 0.002, .decay = 0.03, .sustain = 0.6, .hold = 0.06, .release = 0.08,
     .gain = 0.4},
};

/* The select blip turned downwards: a fourth down, a little darker. */
static const Tone MENU_BACK[] = {
    {.wave = WAVE_SQUARE, .duty = 0.5, .freq = E5, .freq_end = E5,
     .arp = {0, -5}, .arp_count = 2, .arp_step = 0.05,
     .attack = 0.002, .decay = 0.03, .sustain = 0.6, .hold = 0.04, .release = 0.08,
     .cutoff = 3000, .gain = 1.0},
    {.wave = WAVE_SINE, .freq = E5 / 2, .freq_end = E5 / 2,
     .arp = {0, -5}, .arp_count = 2, .arp_step = 0.05,
     .attack = 0.002, .decay = 0.03, .sustain = 0.6, .hold = 0.04, .release = 0.08,
     .gain = 0.4},
};

#define SFX(n, t, l) {n, t, (int)(sizeof t / sizeof t[0]), l}
static const SfxDef SFX_DEFS[SFX_COUNT] = {
    [SFX_JUMP] = SFX("jump", JUMP, 0.45),
    [SFX_LAND] = SFX("land", LAND, 0.35),
    [SFX_COLLECT] = SFX("collect", COLLECT, 0.45),
    [SFX_DEATH] = SFX("death", DEATH, 0.55),
    [SFX_SWITCH] = SFX("switch", SWITCH, 0.45),
    [SFX_CHECKPOINT] = SFX("checkpoint", CHECKPOINT, 0.5),
    [SFX_COMPLETE] = SFX("complete", COMPLETE, 0.6),
    [SFX_STOMP] = SFX("stomp", STOMP, 0.5),
    [SFX_MENU_MOVE] = SFX("menu_move", MENU_MOVE, 0.3),
    [SFX_MENU_SELECT] = SFX("menu_select", MENU_SELECT, 0.4),
    [SFX_MENU_BACK] = SFX("menu_back", MENU_BACK, 0.4),
};

static bool valid_id(SfxId id)
{
    return (int)id >= 0 && id < SFX_COUNT;
}

const char *audio_sfx_name(SfxId id)
{
    return valid_id(id) ? SFX_DEFS[id].name : NULL;
}

static double tone_length(const Tone *t)
{
    return t->attack + t->decay + t->hold + t->release;
}

size_t audio_sfx_length(SfxId id)
{
    if (!valid_id(id))
        return 0;
    double end = 0.0;
    const SfxDef *def = &SFX_DEFS[id];
    for (int i = 0; i < def->count; i++) {
        double e = def->tones[i].start + tone_length(&def->tones[i]);
        if (e > end)
            end = e;
    }
    return (size_t)ceil(end * AUDIO_RATE);
}

static double envelope(const Tone *t, double time)
{
    if (time < 0.0)
        return 0.0;
    if (time < t->attack)
        return time / t->attack;
    time -= t->attack;
    if (time < t->decay)
        return 1.0 - (1.0 - t->sustain) * (time / t->decay);
    time -= t->decay;
    if (time < t->hold)
        return t->sustain;
    time -= t->hold;
    if (time < t->release) {
        double u = 1.0 - time / t->release;
        return t->sustain * u * u;
    }
    return 0.0;
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

/* Adds one tone into mix (count samples from the effect's start). */
static void render_tone(const Tone *t, uint32_t seed, double *mix, size_t count)
{
    const double two_pi = 6.283185307179586;
    double len = tone_length(t);
    size_t first = (size_t)ceil(t->start * AUDIO_RATE);
    size_t last = (size_t)ceil((t->start + len) * AUDIO_RATE);
    if (last > count)
        last = count;
    double slide = log2(t->freq_end / t->freq);
    double lp = t->cutoff > 0.0 ? 1.0 - exp(-two_pi * t->cutoff / AUDIO_RATE) : 1.0;
    double phase = 0.0, lp1 = 0.0, lp2 = 0.0, noise = 0.0;
    uint32_t rng = seed != 0 ? seed : 1u;

    for (size_t i = first; i < last; i++) {
        double time = (double)i / AUDIO_RATE - t->start;
        double semis = slide * 12.0 * (time / len);
        if (t->vib_depth > 0.0)
            semis += t->vib_depth * sin(two_pi * t->vib_rate * time);
        if (t->arp_count > 0) {
            int step = (int)(time / t->arp_step);
            if (step >= t->arp_count)
                step = t->arp_count - 1;
            semis += t->arp[step];
        }
        double f = t->freq * exp2(semis / 12.0);
        double dt = f / AUDIO_RATE;
        if (dt > 0.5)
            dt = 0.5; /* above Nyquist nothing sensible can be played */

        double v;
        switch (t->wave) {
        case WAVE_SQUARE: {
            double fall = phase + 1.0 - t->duty;
            if (fall >= 1.0)
                fall -= 1.0;
            v = (phase < t->duty ? 1.0 : -1.0) + poly_blep(phase, dt) - poly_blep(fall, dt);
            v -= 2.0 * t->duty - 1.0;
            break;
        }
        case WAVE_TRIANGLE: {
            double p = phase + 0.25;
            if (p >= 1.0)
                p -= 1.0;
            v = 1.0 - 4.0 * fabs(p - 0.5);
            break;
        }
        case WAVE_SINE:
            v = sin(two_pi * phase);
            break;
        case WAVE_NOISE:
        default:
            v = noise;
            break;
        }
        phase += dt;
        if (phase >= 1.0) {
            phase -= 1.0;
            noise = (double)(xorshift32(&rng) >> 8) / (double)(1u << 23) - 1.0;
        }
        lp1 += lp * (v - lp1);
        lp2 += lp * (lp1 - lp2);
        mix[i] += lp2 * envelope(t, time) * t->gain;
    }
}

size_t audio_synth_into(SfxId id, int16_t *out, size_t cap)
{
    size_t count = audio_sfx_length(id);
    if (count == 0 || cap < count)
        return 0;
    double *mix = calloc(count, sizeof *mix);
    if (mix == NULL)
        return 0;
    const SfxDef *def = &SFX_DEFS[id];
    for (int i = 0; i < def->count; i++)
        render_tone(&def->tones[i], 0x9E3779B9u ^ ((uint32_t)id * 131u + (uint32_t)i), mix, count);

    double peak = 0.0;
    for (size_t i = 0; i < count; i++)
        if (fabs(mix[i]) > peak)
            peak = fabs(mix[i]);
    double scale = peak > 0.0 ? def->level * 32767.0 / peak : 0.0;
    for (size_t i = 0; i < count; i++) {
        double s = floor(mix[i] * scale + 0.5);
        if (s > 32767.0)
            s = 32767.0;
        if (s < -32768.0)
            s = -32768.0;
        out[i] = (int16_t)s;
    }
    free(mix);
    return count;
}

bool audio_synth(SfxId id, int16_t **samples, size_t *count)
{
    *samples = NULL;
    *count = 0;
    size_t n = audio_sfx_length(id);
    if (n == 0)
        return false;
    int16_t *buf = malloc(n * sizeof *buf);
    if (buf == NULL)
        return false;
    if (audio_synth_into(id, buf, n) != n) {
        free(buf);
        return false;
    }
    *samples = buf;
    *count = n;
    return true;
}

/* ---------------------------------------------------------------- WAV */

size_t audio_wav_size(size_t count)
{
    return 44 + count * 2;
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

void audio_wav_encode(const int16_t *samples, size_t count, uint8_t *out)
{
    uint32_t data = (uint32_t)(count * 2);
    uint8_t *p = out;
    memcpy(p, "RIFF", 4);
    p = put_u32(p + 4, 36 + data);
    memcpy(p, "WAVEfmt ", 8);
    p = put_u32(p + 8, 16);          /* fmt chunk size */
    p = put_u16(p, 1);               /* PCM */
    p = put_u16(p, 1);               /* mono */
    p = put_u32(p, AUDIO_RATE);
    p = put_u32(p, AUDIO_RATE * 2);  /* bytes per second */
    p = put_u16(p, 2);               /* bytes per frame */
    p = put_u16(p, 16);              /* bits per sample */
    memcpy(p, "data", 4);
    p = put_u32(p + 4, data);
    for (size_t i = 0; i < count; i++)
        p = put_u16(p, (uint16_t)samples[i]);
}
