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

#include "app.h"
#include "bank.h"
#include "mixer.h"
#include "settings.h"

#include <SDL.h>
#include <stdlib.h>
#include <string.h>

/* 512 samples at 48 kHz: about 11 ms of latency between press and sound. */
enum { DEVICE_BUFFER = 512 };

enum { WARNED_MAX = 16 };

static struct AudioState {
    SDL_AudioDeviceID device;    /* 0 when closed */
    bool own_subsystem;          /* audio_open initialised SDL_INIT_AUDIO */
    char data_dir[APP_PATH_MAX];
    SoundBank *bank;             /* NULL when the bank did not load */
    int16_t *samples[BANK_SOUNDS];
    size_t counts[BANK_SOUNDS];
    char warned[WARNED_MAX][32]; /* names already logged as missing */
    int warned_count;
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
    for (int i = 0; i < BANK_SOUNDS; i++)
        free(audio.samples[i]);
    if (audio.bank != NULL)
        audio_bank_destroy(audio.bank);
    if (audio.own_subsystem)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    memset(&audio, 0, sizeof audio);
}

/* True the first time a name is reported missing, so the log says it once. */
static bool first_warning(const char *name)
{
    for (int i = 0; i < audio.warned_count; i++)
        if (strcmp(audio.warned[i], name) == 0)
            return false;
    if (audio.warned_count < WARNED_MAX)
        SDL_strlcpy(audio.warned[audio.warned_count++], name, sizeof audio.warned[0]);
    return true;
}

/* The effects of the bank, rendered; without a bank the game has no effects. */
static bool load_bank(void)
{
    char path[APP_PATH_MAX + 32], err[1024];
    SDL_snprintf(path, sizeof path, "%s/assets/sounds.txt", audio.data_dir);
    if (!audio_bank_load(path, &audio.bank, err, sizeof err)) {
        SDL_Log("audio: no sound effects: %s", err);
        return true;
    }
    for (int i = 0; i < audio_bank_count(audio.bank); i++) {
        if (!audio_bank_render(audio.bank, i, &audio.samples[i], &audio.counts[i])) {
            SDL_Log("audio: no sound: out of memory rendering \"%s\"",
                    audio_bank_name(audio.bank, i));
            return false;
        }
    }
    return true;
}

bool audio_open(const char *data_dir, const struct Settings *settings)
{
    if (audio.device != 0)
        return true;
    mixer_init(&audio.mixer);
    if (settings != NULL)
        mixer_set_volume(&audio.mixer, settings->master_volume, settings->sfx_volume,
                         settings->mute);
    audio.mixer.gain = audio.mixer.target_gain; /* start at the set volume, no glide */
    SDL_strlcpy(audio.data_dir, data_dir != NULL ? data_dir : ".", sizeof audio.data_dir);

    if (SDL_WasInit(SDL_INIT_AUDIO) == 0) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            SDL_Log("audio: no sound: %s", SDL_GetError());
            release();
            return false;
        }
        audio.own_subsystem = true;
    }
    if (!load_bank()) {
        release();
        return false;
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

void audio_play(const char *name)
{
    if (audio.device == 0 || audio.bank == NULL || name == NULL)
        return;
    int i = audio_bank_find(audio.bank, name);
    if (i < 0) {
        if (first_warning(name))
            SDL_Log("audio: the sound bank has no sound \"%s\"", name);
        return;
    }
    SDL_LockAudioDevice(audio.device);
    mixer_play(&audio.mixer, audio.samples[i], audio.counts[i]);
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
