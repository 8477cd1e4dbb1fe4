/*
** audio.h -- the sound device: plays the sound bank's effects.
**
** One device per process, so the state is file-static (in one struct).
** Without a device (no sound card, SDL_AUDIODRIVER=dummy failing, any SDL
** error) audio_open logs one line and returns false; every other call is
** then a harmless no-op, so the game runs silently. A broken sound bank is
** logged (FILE:LINE:COL) and the game runs without effects.
*/
#ifndef PLATFORM_AUDIO_H
#define PLATFORM_AUDIO_H

#include <stdbool.h>

struct Settings;

/* Reads DATA_DIR/assets/sounds.txt, renders every effect and opens the
** default device at 48 kHz, 16-bit mono, with the volume of settings (NULL:
** full volume). Initialises SDL's audio subsystem if needed. Returns false,
** silently playing nothing, when there is no device. */
bool audio_open(const char *data_dir, const struct Settings *settings);

/* Starts the effect of that name ("jump"); several play at once. An unknown
** name is logged once and plays nothing. */
void audio_play(const char *name);

/* master and sfx in 0..100; the change glides over a few milliseconds. */
void audio_set_volume(int master, int sfx, bool mute);

/* Whether a device is playing. */
bool audio_is_open(void);

/* Closes the device and frees the effects; audio_open may be called again. */
void audio_close(void);

#endif
