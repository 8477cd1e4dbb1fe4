/* SPDX-License-Identifier: Zlib */
/*
** speaker.h -- the sound device: plays the sound bank's effects and the
** music.
**
** One device per process, so the state is file-static (in one struct).
** Without a device (no sound card, SDL_AUDIODRIVER=dummy failing, any SDL
** error) speaker_open logs one line and returns false; every other call is
** then a harmless no-op, so the game runs silently. A broken sound bank or
** music file is logged (FILE:LINE:COL) and only that part stays silent.
*/
#ifndef PLATFORM_SPEAKER_H
#define PLATFORM_SPEAKER_H

#include "sound.h"

#include <stdbool.h>

struct Settings;

/* Reads DATA_DIR/assets/sounds.txt, renders every effect and opens the
** default device at 48 kHz, 16-bit stereo, with the volumes of settings
** (NULL: full volume, and the music at 70). Initialises SDL's audio subsystem if
** needed. Returns false, silently playing nothing, when there is no device. */
bool speaker_open(const char *data_dir, const struct Settings *settings);

/* Starts that effect; several play at once. */
void speaker_play(Sound sound);

/* Each in 0..100, the effects and the music each under master and mute; the
** change glides over a few milliseconds. */
void speaker_set_volume(int master, int sfx, int music, bool mute);

/* Plays DATA_DIR/assets/music/TRACK.txt from its start, cross-fading from
** what played over fade_seconds; the track already playing plays on. A
** track that does not load is logged, and the music fades out instead. */
void speaker_play_music(const char *track, double fade_seconds);

/* Closes the device and frees the effects and tracks; speaker_open may be
** called again. */
void speaker_close(void);

#endif
