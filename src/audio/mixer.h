/* SPDX-License-Identifier: Zlib */
/*
** mixer.h -- a few effects and the music playing at once, summed into one
** stream.
**
** Plain data, no device, no locking: the platform layer owns a Mixer, calls
** mixer_render from its audio callback and everything else with the device
** locked. The samples a voice plays are borrowed, not copied: they must
** outlive the mixer (the effects are rendered once at start-up). So is a
** music track: the mixer plays it with a sequencer of its own, as it goes.
** Music has two slots, so that one track can fade out while the next fades
** in; effects and music have their own volumes under the master volume.
** The output is stereo: the music as its tracks place it, the effects (mono)
** in the middle. An effect may duck the music while it plays (a sting: the
** music dips under it, then comes back).
*/
#ifndef MIXER_H
#define MIXER_H

#include "music.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    MIXER_VOICES = 8,
    MIXER_GAIN_ONE = 1 << 16, /* unity gain in the mixer's fixed point */
    MIXER_RETRIGGER = 480,    /* samples: 10 ms at 48 kHz */
    MIXER_MUSIC_DEFAULT = 70, /* the music volume until one is set */
    MIXER_DUCK_GLIDE = 4800,  /* samples the music takes to dip under a sting: 0.1 s */
};

typedef struct MixerVoice {
    const int16_t *samples; /* NULL when the voice is free */
    size_t count, pos;
    uint32_t started; /* mixer_play call number, to find the oldest */
    int32_t duck;     /* the music's gain while it plays, MIXER_GAIN_ONE: none */
} MixerVoice;

/* A track playing, and how far it is faded in. */
typedef struct MixerMusic {
    bool active;
    MusicPlayer player;
    int32_t fade;        /* 0..MIXER_GAIN_ONE */
    int32_t fade_target; /* 0 (fading out) or MIXER_GAIN_ONE */
    int32_t fade_step;   /* per sample */
} MixerMusic;

typedef struct Mixer {
    MixerVoice voices[MIXER_VOICES];
    uint32_t plays;
    int32_t gain;        /* effects, applied now, 0..MIXER_GAIN_ONE */
    int32_t target_gain; /* gain moves here a little per sample: no zipper clicks */
    MixerMusic music[2]; /* [0] the track asked for last, [1] the one fading out */
    int32_t music_gain, music_target_gain;
    int32_t duck;             /* the music's ducking now, gliding to the voices' lowest */
    int master, music_volume; /* 0..100, kept to recompute the music's gain */
    bool mute;
} Mixer;

/* A silent mixer: effects at full volume, music at MIXER_MUSIC_DEFAULT. */
void mixer_init(Mixer *m);

/* Starts a sound. The same samples started again within MIXER_RETRIGGER
** samples restart that voice instead of doubling its loudness (three coins
** in one tick). When every voice is busy the one started first gives way. */
void mixer_play(Mixer *m, const int16_t *samples, size_t count);
/* The same, the music ducked to `duck` (0..MIXER_GAIN_ONE) while it plays:
** a sting over the music. The dip and the return glide over MIXER_DUCK_GLIDE. */
void mixer_play_ducking(Mixer *m, const int16_t *samples, size_t count, int32_t duck);

/* Stops every effect (the music plays on). */
void mixer_stop_all(Mixer *m);

/* Volume from the settings: master and sfx in 0..100, on a square law so
** that the middle of a slider sounds like the middle. Mute is gain 0. */
void mixer_set_volume(Mixer *m, int master, int sfx, bool mute);

/* The fixed-point gain those settings give. */
int32_t mixer_volume_gain(int master, int sfx, bool mute);

/* The music's volume, 0..100 under the master volume and mute; the change
** glides like the effects' does. */
void mixer_set_music_volume(Mixer *m, int music);

/* Starts track from its beginning, fading in over fade samples while what
** played before fades out over the same time (0: at once). The track that
** is already playing, asked for again, plays on undisturbed. A third track
** asked for during a fade takes the place of the quieter of the two. A
** track asked for while it fades out fades back in from where it is. */
void mixer_play_music(Mixer *m, const MusicTrack *track, uint32_t fade);

/* Fades the music out over fade samples (0: at once). */
void mixer_stop_music(Mixer *m, uint32_t fade);

/* The track playing or fading in, NULL when none. */
const MusicTrack *mixer_music(const Mixer *m);

/* Mixes the next `frames` stereo frames into out (2 * frames samples, left
** then right), clamped to 16 bits; silence where nothing plays. Finished
** voices are freed. */
void mixer_render(Mixer *m, int16_t *out, size_t frames);

/* Number of effects playing. */
int mixer_active(const Mixer *m);

#endif
