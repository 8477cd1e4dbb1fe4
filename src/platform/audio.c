/*
** audio.c -- SDL's audio device around the mixer.
**
** SDL calls the callback on its own thread; it only runs mixer_render. Every
** change to the mixer from the game's thread happens with the device locked,
** which keeps the callback out for that moment. The effects are rendered
** before the device opens and freed after it closes, so the callback never
** sees a sample buffer that is not there.
*/
#include "audio.h"

#include "mixer.h"
#include "settings.h"

#include <SDL.h>
#include <stdlib.h>

/* 512 samples at 48 kHz: about 11 ms of latency between press and sound. */
enum { DEVICE_BUFFER = 512 };

static struct AudioState {
    SDL_AudioDeviceID device;    /* 0 when closed */
    bool own_subsystem;          /* audio_open initialised SDL_INIT_AUDIO */
    int16_t *samples[SFX_COUNT];
    size_t counts[SFX_COUNT];
    Mixer mixer;
} audio;

static void SDLCALL fill(void *userdata, Uint8 *stream, int len)
{
    Mixer *mixer = userdata;
    /* SDL converts from our mono S16 if the device wants something else. */
    mixer_render(mixer, (int16_t *)(void *)stream, (size_t)len / sizeof(int16_t));
}

static void release(void)
{
    if (audio.device != 0)
        SDL_CloseAudioDevice(audio.device);
    for (int i = 0; i < SFX_COUNT; i++)
        free(audio.samples[i]);
    if (audio.own_subsystem)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    audio = (struct AudioState){0};
}

bool audio_open(const struct Settings *settings)
{
    if (audio.device != 0)
        return true;
    mixer_init(&audio.mixer);
    if (settings != NULL)
        mixer_set_volume(&audio.mixer, settings->master_volume, settings->sfx_volume,
                         settings->mute);
    audio.mixer.gain = audio.mixer.target_gain; /* start at the set volume, no glide */

    if (SDL_WasInit(SDL_INIT_AUDIO) == 0) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            SDL_Log("audio: no sound: %s", SDL_GetError());
            release();
            return false;
        }
        audio.own_subsystem = true;
    }
    for (int i = 0; i < SFX_COUNT; i++) {
        if (!audio_synth((SfxId)i, &audio.samples[i], &audio.counts[i])) {
            SDL_Log("audio: no sound: out of memory rendering \"%s\"", audio_sfx_name((SfxId)i));
            release();
            return false;
        }
    }
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = AUDIO_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = DEVICE_BUFFER;
    want.callback = fill;
    want.userdata = &audio.mixer;
    /* No allowed changes: SDL converts to whatever the hardware takes. */
    audio.device = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (audio.device == 0) {
        SDL_Log("audio: no sound: %s (driver: %s)", SDL_GetError(),
                SDL_GetCurrentAudioDriver() != NULL ? SDL_GetCurrentAudioDriver() : "none");
        release();
        return false;
    }
    SDL_PauseAudioDevice(audio.device, 0);
    return true;
}

void audio_play(SfxId id)
{
    if (audio.device == 0 || (int)id < 0 || id >= SFX_COUNT)
        return;
    SDL_LockAudioDevice(audio.device);
    mixer_play(&audio.mixer, audio.samples[id], audio.counts[id]);
    SDL_UnlockAudioDevice(audio.device);
}

void audio_set_volume(int master, int sfx, bool mute)
{
    if (audio.device == 0)
        return;
    SDL_LockAudioDevice(audio.device);
    mixer_set_volume(&audio.mixer, master, sfx, mute);
    SDL_UnlockAudioDevice(audio.device);
}

bool audio_is_open(void)
{
    return audio.device != 0;
}

void audio_close(void)
{
    release();
}
