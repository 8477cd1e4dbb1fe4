/*
** synth.h -- the game's sound effects, made from numbers at start-up.
**
** Each effect is a few tones (an oscillator with a pitch slide, vibrato or
** arpeggio, a low-pass filter and an envelope), mixed and scaled to a fixed
** peak: 16-bit signed mono PCM at AUDIO_RATE. The same effect gives the same
** samples on every call. No files, no device: the platform layer plays them.
*/
#ifndef SYNTH_H
#define SYNTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { AUDIO_RATE = 48000 };

typedef enum SfxId {
    SFX_JUMP,
    SFX_LAND,
    SFX_COLLECT,
    SFX_DEATH,
    SFX_SWITCH,
    SFX_CHECKPOINT,
    SFX_COMPLETE,
    SFX_STOMP,
    SFX_MENU_MOVE,
    SFX_MENU_SELECT,
    SFX_MENU_BACK,
    SFX_COUNT
} SfxId;

/* "jump", "land", ...; NULL when out of range. */
const char *audio_sfx_name(SfxId id);

/* Number of samples of an effect (0 when id is out of range). */
size_t audio_sfx_length(SfxId id);

/* Renders an effect into a malloc'd buffer the caller frees. False when id
** is out of range or memory runs out (*samples is then NULL). */
bool audio_synth(SfxId id, int16_t **samples, size_t *count);

/* Renders into a caller buffer of at least audio_sfx_length(id) samples;
** returns the count written, 0 on failure. */
size_t audio_synth_into(SfxId id, int16_t *out, size_t cap);

/* Size of a RIFF/WAVE file holding count mono 16-bit samples. */
size_t audio_wav_size(size_t count);
/* Writes that file's bytes (header and samples, little-endian) into out,
** which holds audio_wav_size(count) bytes. */
void audio_wav_encode(const int16_t *samples, size_t count, uint8_t *out);

#endif
