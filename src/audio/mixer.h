/*
** mixer.h -- a few effects playing at once, summed into one stream.
**
** Plain data, no device, no locking: the platform layer owns a Mixer, calls
** mixer_render from its audio callback and everything else with the device
** locked. The samples a voice plays are borrowed, not copied: they must
** outlive the mixer (the effects are rendered once at start-up).
*/
#ifndef MIXER_H
#define MIXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    MIXER_VOICES = 8,
    MIXER_GAIN_ONE = 1 << 16,   /* unity gain in the mixer's fixed point */
    MIXER_RETRIGGER = 480,      /* samples: 10 ms at 48 kHz */
};

typedef struct MixerVoice {
    const int16_t *samples;     /* NULL when the voice is free */
    size_t count, pos;
    uint32_t started;           /* mixer_play call number, to find the oldest */
} MixerVoice;

typedef struct Mixer {
    MixerVoice voices[MIXER_VOICES];
    uint32_t plays;
    int32_t gain;               /* applied now, 0..MIXER_GAIN_ONE */
    int32_t target_gain;        /* gain moves here a little per sample: no zipper clicks */
} Mixer;

/* A silent mixer at full volume. */
void mixer_init(Mixer *m);

/* Starts a sound. The same samples started again within MIXER_RETRIGGER
** samples restart that voice instead of doubling its loudness (three coins
** in one tick). When every voice is busy the one started first gives way. */
void mixer_play(Mixer *m, const int16_t *samples, size_t count);

/* Stops every voice. */
void mixer_stop_all(Mixer *m);

/* Volume from the settings: master and sfx in 0..100, on a square law so
** that the middle of a slider sounds like the middle. Mute is gain 0. */
void mixer_set_volume(Mixer *m, int master, int sfx, bool mute);

/* The fixed-point gain those settings give. */
int32_t mixer_volume_gain(int master, int sfx, bool mute);

/* Mixes the next `frames` samples into out (mono), clamped to 16 bits;
** silence where nothing plays. Finished voices are freed. */
void mixer_render(Mixer *m, int16_t *out, size_t frames);

/* Number of voices playing. */
int mixer_active(const Mixer *m);

#endif
