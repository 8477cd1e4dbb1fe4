/* SPDX-License-Identifier: Zlib */
/*
** bank.h -- the sound bank: the game's effects, named, read from a text
** file (assets/sounds.txt) and rendered to samples.
**
** The format is described atop bank.c and in docs/AUDIO.md. A sound is a
** few tones (synth.h) mixed and scaled to a fixed peak: 16-bit signed mono
** PCM at AUDIO_RATE, the same samples on every call. No device: the
** platform layer plays them.
*/
#ifndef BANK_H
#define BANK_H

#include "synth.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    BANK_SOUNDS = 64,        /* sounds in a bank */
    BANK_SOUND_TONES = 16,   /* tones in one sound */
    BANK_SOUND_SECONDS = 10, /* the longest sound */
};

typedef struct SoundBank SoundBank;

/* Reads a sound bank file. With names (name_count of them), the file must
** hold a sound of each name and no other, and the bank lists them in that
** order; without (NULL), whatever sounds the file holds, in its order. On
** success *out is a bank the caller frees with audio_bank_destroy; on
** failure *out is NULL and err holds one line, FILE:LINE:COL: error:
** MESSAGE (FILE: error: ... when it cannot be read). */
bool audio_bank_load(const char *path, const char *const *names, int name_count, SoundBank **out,
                     char *err, size_t errlen);

/* The same from text in memory; file names it in messages. */
bool audio_bank_parse(const char *file, const char *text, size_t len, const char *const *names,
                      int name_count, SoundBank **out, char *err, size_t errlen);

void audio_bank_destroy(SoundBank *bank);

/* Number of sounds, and each one's name in file order ("jump", ...); NULL
** when index is out of range. The name stays owned by the bank. */
int audio_bank_count(const SoundBank *bank);
const char *audio_bank_name(const SoundBank *bank, int index);

/* How loud the music stays while a sound plays, 0..1 (its duck=; 1 when
** index is out of range). */
double audio_bank_duck(const SoundBank *bank, int index);

/* Number of samples of a sound (0 when index is out of range). */
size_t audio_bank_length(const SoundBank *bank, int index);

/* Renders a sound into a caller buffer of at least audio_bank_length
** samples; returns the count written, 0 when index is out of range, cap is
** too small or memory runs out. */
size_t audio_bank_render_into(const SoundBank *bank, int index, int16_t *out, size_t cap);

/* Renders a sound into a malloc'd buffer the caller frees. False when index
** is out of range or memory runs out (*samples is then NULL). */
bool audio_bank_render(const SoundBank *bank, int index, int16_t **samples, size_t *count);

#endif
