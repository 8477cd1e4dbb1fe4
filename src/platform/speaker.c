/* SPDX-License-Identifier: Zlib */
/*
** speaker.c -- SDL's audio device around the mixer.
**
** SDL calls the callback on its own thread; it only runs mixer_render,
** which also runs the music's sequencer. Every change to the mixer from the
** game's thread happens with the device locked, which keeps the callback
** out for that moment. The effects are rendered before the device opens;
** music tracks are read the first time they are asked for, outside the
** lock, and kept until the device closes. Both are freed only after it has
** closed, so the callback never sees samples or a track that is not there.
*/
#include "speaker.h"

#include "app.h"
#include "bank.h"
#include "mixer.h"
#include "settings.h"

#include <SDL.h>
#include <stdlib.h>
#include <string.h>

/* 512 samples at 48 kHz: about 11 ms of latency between press and sound. */
enum { DEVICE_BUFFER = 512 };

enum { TRACKS_MAX = 16, WARNED_MAX = 16 };

static struct SpeakerState {
    SDL_AudioDeviceID device; /* 0 when closed */
    bool own_subsystem;       /* speaker_open initialised SDL_INIT_AUDIO */
    char data_dir[APP_PATH_MAX];
    SoundBank *bank;               /* NULL when the bank did not load */
    int16_t *samples[SOUND_COUNT]; /* each sound's, rendered, by Sound */
    size_t counts[SOUND_COUNT];
    MusicTrack *tracks[TRACKS_MAX];
    int track_count;
    char warned[WARNED_MAX][MUSIC_NAME_MAX]; /* names already logged as missing */
    int warned_count;
    Mixer mixer;
} speaker;

static void SDLCALL fill(void *userdata, Uint8 *stream, int len)
{
    Mixer *mixer = userdata;
    /* SDL converts from our stereo S16 if the device wants something else. */
    mixer_render(mixer, (int16_t *)(void *)stream, (size_t)len / (2 * sizeof(int16_t)));
}

static void release(void)
{
    if (speaker.device != 0)
        SDL_CloseAudioDevice(speaker.device);
    for (int i = 0; i < SOUND_COUNT; i++)
        free(speaker.samples[i]);
    if (speaker.bank != NULL)
        audio_bank_destroy(speaker.bank);
    for (int i = 0; i < speaker.track_count; i++)
        audio_music_destroy(speaker.tracks[i]);
    if (speaker.own_subsystem)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    memset(&speaker, 0, sizeof speaker);
}

/* True the first time a name is reported missing, so the log says it once. */
static bool first_warning(const char *name)
{
    for (int i = 0; i < speaker.warned_count; i++)
        if (strcmp(speaker.warned[i], name) == 0)
            return false;
    if (speaker.warned_count < WARNED_MAX)
        SDL_strlcpy(speaker.warned[speaker.warned_count++], name, MUSIC_NAME_MAX);
    return true;
}

/* The effects of the bank, rendered, each by its Sound: the bank holds
** exactly the game's sounds (sound.h), in that order, or it does not load
** and the game has no effects. */
static bool load_bank(void)
{
    char path[APP_PATH_MAX + 32], err[1024];
    SDL_snprintf(path, sizeof path, "%s/assets/sounds.txt", speaker.data_dir);
    const char *names[SOUND_COUNT - 1];
    for (int s = 1; s < SOUND_COUNT; s++)
        names[s - 1] = sound_name((Sound)s);
    if (!audio_bank_load(path, names, SOUND_COUNT - 1, &speaker.bank, err, sizeof err)) {
        SDL_Log("audio: no sound effects: %s", err);
        return true;
    }
    for (int s = 1; s < SOUND_COUNT; s++) {
        if (!audio_bank_render(speaker.bank, s - 1, &speaker.samples[s], &speaker.counts[s])) {
            SDL_Log("audio: no sound: out of memory rendering \"%s\"", names[s - 1]);
            return false;
        }
    }
    return true;
}

bool speaker_open(const char *data_dir, const struct Settings *settings)
{
    if (speaker.device != 0)
        return true;
    mixer_init(&speaker.mixer);
    if (settings != NULL) {
        mixer_set_volume(&speaker.mixer, settings->master_volume, settings->sfx_volume,
                         settings->mute);
        mixer_set_music_volume(&speaker.mixer, settings->music_volume);
    }
    /* start at the set volume, no glide */
    speaker.mixer.gain = speaker.mixer.target_gain;
    speaker.mixer.music_gain = speaker.mixer.music_target_gain;
    SDL_strlcpy(speaker.data_dir, data_dir != NULL ? data_dir : ".", sizeof speaker.data_dir);

    if (SDL_WasInit(SDL_INIT_AUDIO) == 0) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            SDL_Log("audio: no sound: %s", SDL_GetError());
            release();
            return false;
        }
        speaker.own_subsystem = true;
    }
    if (!load_bank()) {
        release();
        return false;
    }
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = AUDIO_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 2;
    want.samples = DEVICE_BUFFER;
    want.callback = fill;
    want.userdata = &speaker.mixer;
    /* No allowed changes: SDL converts to whatever the hardware takes. */
    speaker.device = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (speaker.device == 0) {
        SDL_Log("audio: no sound: %s (driver: %s)", SDL_GetError(),
                SDL_GetCurrentAudioDriver() != NULL ? SDL_GetCurrentAudioDriver() : "none");
        release();
        return false;
    }
    SDL_PauseAudioDevice(speaker.device, 0);
    return true;
}

void speaker_play(Sound sound)
{
    if (speaker.device == 0 || sound <= SOUND_NONE || sound >= SOUND_COUNT ||
        speaker.samples[sound] == NULL)
        return;
    SDL_LockAudioDevice(speaker.device);
    int32_t duck = (int32_t)(audio_bank_duck(speaker.bank, (int)sound - 1) * MIXER_GAIN_ONE + 0.5);
    mixer_play_ducking(&speaker.mixer, speaker.samples[sound], speaker.counts[sound], duck);
    SDL_UnlockAudioDevice(speaker.device);
}

void speaker_set_volume(int master, int sfx, int music, bool mute)
{
    if (speaker.device == 0)
        return;
    SDL_LockAudioDevice(speaker.device);
    mixer_set_volume(&speaker.mixer, master, sfx, mute);
    mixer_set_music_volume(&speaker.mixer, music);
    SDL_UnlockAudioDevice(speaker.device);
}

/* The track of that name, read now if it was not yet; NULL when it cannot be. */
static const MusicTrack *find_track(const char *name)
{
    for (int i = 0; i < speaker.track_count; i++)
        if (strcmp(speaker.tracks[i]->name, name) == 0)
            return speaker.tracks[i];
    if (speaker.track_count == TRACKS_MAX) {
        if (first_warning(name))
            SDL_Log("audio: no music \"%s\": more than %d tracks", name, TRACKS_MAX);
        return NULL;
    }
    char path[APP_PATH_MAX], err[1024];
    MusicTrack *track;
    if (strchr(name, '/') != NULL || strlen(name) >= MUSIC_NAME_MAX ||
        !app_music_path(speaker.data_dir, name, path, sizeof path)) {
        if (first_warning(name))
            SDL_Log("audio: no music: \"%s\" is not a track name", name);
        return NULL;
    }
    if (!audio_music_load(path, &track, err, sizeof err)) {
        if (first_warning(name))
            SDL_Log("audio: no music: %s", err);
        return NULL;
    }
    speaker.tracks[speaker.track_count++] = track;
    return track;
}

static uint32_t fade_samples(double seconds)
{
    if (!(seconds > 0.0))
        return 0;
    return seconds > 60.0 ? 60u * AUDIO_RATE : (uint32_t)(seconds * AUDIO_RATE);
}

void speaker_play_music(const char *track, double fade_seconds)
{
    if (speaker.device == 0 || track == NULL)
        return;
    const MusicTrack *t = find_track(track);
    SDL_LockAudioDevice(speaker.device);
    if (t != NULL)
        mixer_play_music(&speaker.mixer, t, fade_samples(fade_seconds));
    else
        mixer_stop_music(&speaker.mixer, fade_samples(fade_seconds));
    SDL_UnlockAudioDevice(speaker.device);
}

void speaker_close(void)
{
    release();
}
