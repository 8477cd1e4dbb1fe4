/* SPDX-License-Identifier: Zlib */
/*
** synth.h -- one tone: an oscillator, a filter and an envelope.
**
** A tone is what the sound bank's effects and the music's instruments are
** made of (docs/AUDIO.md describes the words that set each field). The
** functions here turn a tone into samples one at a time, so that the
** effects (rendered whole, by bank.c) and the sequencer
** (notes that start and stop while it plays) share the same arithmetic.
** A tone is 16-bit signed mono PCM at AUDIO_RATE; the music places its
** channels in stereo (music.h).
*/
#ifndef SYNTH_H
#define SYNTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { AUDIO_RATE = 48000 };

enum {
    TONE_ARP_MAX = 8, /* semitone offsets of an arpeggio */
};

typedef enum ToneWave { WAVE_PULSE, WAVE_TRIANGLE, WAVE_SINE, WAVE_NOISE } ToneWave;

typedef struct Tone {
    ToneWave wave;
    double start;                                 /* s after the sound (or the note) starts */
    double freq;                                  /* Hz; 0 in an instrument: the note's pitch.
                                  For noise, how often the value changes */
    double transpose;                             /* semitones from the note (instruments) */
    double slide;                                 /* semitones glided over the tone's length */
    double duty;                                  /* pulse: fraction of the period that is high */
    double attack, decay, sustain, hold, release; /* s, s, level 0..1, s, s */
    bool hold_note;                               /* instruments: sustain until the note ends */
    double vib_depth, vib_rate, vib_delay;        /* semitones, Hz, s */
    int arp[TONE_ARP_MAX];                        /* semitone offsets, taken in turn */
    int arp_count;
    bool arp_loop;   /* start the arpeggio over instead of holding its last step */
    double arp_step; /* s per arpeggio step */
    double cutoff;   /* low-pass, Hz; 0 for none */
    double gain;
} Tone;

/* The running state of one tone being played. */
typedef struct ToneState {
    double phase;    /* 0..1 through the period */
    double lp1, lp2; /* the two filter poles */
    double noise;    /* the noise value held until the next period */
    double lp;       /* filter coefficient (from the cutoff) */
    uint32_t rng;
} ToneState;

/* Length of a tone with a fixed hold, attack to the end of its release, s. */
double audio_tone_length(const Tone *t);

/* Ready to play t from its start; seed picks the noise (any value). */
void audio_tone_begin(ToneState *s, const Tone *t, uint32_t seed);

/* The next sample of the oscillator and filter, time s after the tone
** started, at base pitch freq (Hz), before the envelope. Advances s. */
double audio_tone_next(ToneState *s, const Tone *t, double freq, double time);

/* The envelope time s after the tone started: attack, decay, hold at the
** sustain level, release. With hold_note, the hold lasts until released_at
** (s after the start; negative while the note is held) and the release
** starts from the level reached then. */
double audio_tone_envelope(const Tone *t, double time, double released_at);

/* A sample rounded to the nearest 16-bit value, clamped. */
int16_t audio_pcm(double v);

/* True once a tone is silent for good at time (s after its start). */
bool audio_tone_done(const Tone *t, double time, double released_at);

/* Size of a RIFF/WAVE file holding frames 16-bit frames of channels
** samples each (1 mono, 2 stereo, interleaved). */
size_t audio_wav_size(size_t frames, int channels);
/* Writes that file's bytes (header and samples, little-endian) into out,
** which holds audio_wav_size(frames, channels) bytes. */
void audio_wav_encode(const int16_t *samples, size_t frames, int channels, uint8_t *out);
/* The same in parts, for a file rendered a piece at a time: the header of
** a file of frames frames (audio_wav_size(0, channels) bytes), and count
** samples into the bytes that hold them (2 each, little-endian). */
void audio_wav_header(size_t frames, int channels, uint8_t *out);
void audio_wav_samples(const int16_t *samples, size_t count, uint8_t *out);

#endif
