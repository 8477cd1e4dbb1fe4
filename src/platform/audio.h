/*
** audio.h -- the sound device: plays the synthesised effects.
**
** One device per process, so the state is file-static (in one struct).
** Without a device (no sound card, SDL_AUDIODRIVER=dummy failing, any SDL
** error) audio_open logs one line and returns false; every other call is
** then a harmless no-op, so the game runs silently.
*/
#ifndef PLATFORM_AUDIO_H
#define PLATFORM_AUDIO_H

#include "synth.h"

#include <stdbool.h>

struct Settings;

/* Renders every effect and opens the default device at 48 kHz, 16-bit mono,
** with the volume of settings (NULL: full volume). Initialises SDL's audio
** subsystem if needed. Returns false, silently playing nothing, on failure. */
bool audio_open(const struct Settings *settings);

/* Starts an effect; several play at once. */
void audio_play(SfxId id);

/* master and sfx in 0..100; the change glides over a few milliseconds. */
void audio_set_volume(int master, int sfx, bool mute);

/* Whether a device is playing. */
bool audio_is_open(void);

/* Closes the device and frees the effects; audio_open may be called again. */
void audio_close(void);

#endif
