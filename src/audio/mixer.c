/* SPDX-License-Identifier: Zlib */
/*
** mixer.c -- sum the voices in 32 bits, apply the gain, clamp once.
**
** The effects are rendered with headroom (bank.c), so two or three at once
** rarely reach the clamp; when they do, clamping a few samples is the
** least bad choice for short effects. A gain change glides over about 5 ms
** instead of jumping, which would click.
**
** The music is rendered a chunk at a time by each slot's sequencer, then
** weighed sample by sample by the slot's fade and the music gain. A fade is
** linear in amplitude; a track that has faded out is dropped, and with it
** the sequencer's work.
*/
#include "mixer.h"

#include <string.h>

/* Per-sample gain step: full scale in 256 samples, about 5 ms at 48 kHz. */
enum { GAIN_STEP = MIXER_GAIN_ONE / 256 };

/* Music is rendered this many samples at a time. */
enum { MUSIC_CHUNK = 256 };

static void update_music_gain(Mixer *m)
{
    m->music_target_gain = mixer_volume_gain(m->master, m->music_volume, m->mute);
}

void mixer_init(Mixer *m)
{
    memset(m, 0, sizeof *m);
    m->duck = MIXER_GAIN_ONE;
    m->gain = MIXER_GAIN_ONE;
    m->target_gain = MIXER_GAIN_ONE;
    m->master = 100;
    m->music_volume = MIXER_MUSIC_DEFAULT;
    update_music_gain(m);
    m->music_gain = m->music_target_gain;
}

void mixer_play(Mixer *m, const int16_t *samples, size_t count)
{
    mixer_play_ducking(m, samples, count, MIXER_GAIN_ONE);
}

void mixer_play_ducking(Mixer *m, const int16_t *samples, size_t count, int32_t duck)
{
    if (samples == NULL || count == 0)
        return;
    MixerVoice *slot = NULL;
    for (int i = 0; i < MIXER_VOICES && slot == NULL; i++)
        if (m->voices[i].samples == samples && m->voices[i].pos < MIXER_RETRIGGER)
            slot = &m->voices[i];
    for (int i = 0; i < MIXER_VOICES && slot == NULL; i++)
        if (m->voices[i].samples == NULL)
            slot = &m->voices[i];
    if (slot == NULL) {
        slot = &m->voices[0];
        for (int i = 1; i < MIXER_VOICES; i++)
            if ((int32_t)(m->voices[i].started - slot->started) < 0)
                slot = &m->voices[i];
    }
    slot->samples = samples;
    slot->count = count;
    slot->pos = 0;
    slot->started = m->plays++;
    slot->duck = duck < 0 ? 0 : duck > MIXER_GAIN_ONE ? MIXER_GAIN_ONE : duck;
}

void mixer_stop_all(Mixer *m)
{
    for (int i = 0; i < MIXER_VOICES; i++)
        m->voices[i].samples = NULL;
}

int32_t mixer_volume_gain(int master, int sfx, bool mute)
{
    if (mute)
        return 0;
    master = master < 0 ? 0 : master > 100 ? 100 : master;
    sfx = sfx < 0 ? 0 : sfx > 100 ? 100 : sfx;
    int64_t v = (int64_t)master * sfx; /* 0 .. 10000 */
    return (int32_t)(v * v * MIXER_GAIN_ONE / (10000LL * 10000LL));
}

void mixer_set_volume(Mixer *m, int master, int sfx, bool mute)
{
    m->target_gain = mixer_volume_gain(master, sfx, mute);
    m->master = master;
    m->mute = mute;
    update_music_gain(m);
}

void mixer_set_music_volume(Mixer *m, int music)
{
    m->music_volume = music;
    update_music_gain(m);
}

static void fade_to(MixerMusic *mm, int32_t target, uint32_t fade)
{
    mm->fade_target = target;
    if (fade == 0) {
        mm->fade = target;
        mm->active = mm->active && target > 0;
        return;
    }
    uint32_t step = (MIXER_GAIN_ONE + fade - 1) / fade;
    mm->fade_step = (int32_t)(step > 0 ? step : 1);
}

void mixer_play_music(Mixer *m, const MusicTrack *track, uint32_t fade)
{
    MixerMusic *now = &m->music[0], *old = &m->music[1];
    if (track == NULL) {
        mixer_stop_music(m, fade);
        return;
    }
    if (now->active && now->player.track == track) {
        fade_to(now, MIXER_GAIN_ONE, fade); /* plays on; fading out, it comes back */
        return;
    }
    if (old->active && old->player.track == track) {
        /* back to the track that was fading out: it fades in again, where it was */
        MixerMusic swap = *now;
        *now = *old;
        *old = swap;
    } else {
        /* the louder of the two fades out; the quieter gives its slot to the new one */
        if (now->active && (!old->active || now->fade >= old->fade))
            *old = *now;
        now->active = true;
        audio_music_start(&now->player, track);
        now->fade = 0;
    }
    fade_to(now, MIXER_GAIN_ONE, fade);
    if (old->active)
        fade_to(old, 0, fade);
}

void mixer_stop_music(Mixer *m, uint32_t fade)
{
    for (int i = 0; i < 2; i++)
        if (m->music[i].active)
            fade_to(&m->music[i], 0, fade);
}

const MusicTrack *mixer_music(const Mixer *m)
{
    const MixerMusic *now = &m->music[0];
    return now->active && now->fade_target > 0 ? now->player.track : NULL;
}

/* A step of at most step from v towards target. */
static int32_t glide(int32_t v, int32_t target, int32_t step)
{
    if (v < target)
        return target - v > step ? v + step : target;
    return v - target > step ? v - step : target;
}

/* One frame of the music slots, fades applied, before the music gain. */
static void music_frame(Mixer *m, int16_t chunk[2][2 * MUSIC_CHUNK], size_t f, int64_t *left,
                        int64_t *right)
{
    *left = *right = 0;
    for (int i = 0; i < 2; i++) {
        MixerMusic *mm = &m->music[i];
        if (!mm->active)
            continue;
        mm->fade = glide(mm->fade, mm->fade_target, mm->fade_step);
        *left += (int64_t)chunk[i][2 * f] * mm->fade;
        *right += (int64_t)chunk[i][2 * f + 1] * mm->fade;
        if (mm->fade == 0 && mm->fade_target == 0)
            mm->active = false;
    }
}

static int16_t clamp16(int64_t s)
{
    return (int16_t)(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
}

void mixer_render(Mixer *m, int16_t *out, size_t frames)
{
    int16_t chunk[2][2 * MUSIC_CHUNK];
    size_t used = MUSIC_CHUNK;
    for (size_t f = 0; f < frames; f++) {
        if (used == MUSIC_CHUNK) {
            size_t n = frames - f < MUSIC_CHUNK ? frames - f : MUSIC_CHUNK;
            for (int i = 0; i < 2; i++)
                if (m->music[i].active)
                    audio_music_render(&m->music[i].player, chunk[i], n);
            used = 0;
        }
        int32_t sum = 0, duck = MIXER_GAIN_ONE;
        for (int i = 0; i < MIXER_VOICES; i++) {
            MixerVoice *v = &m->voices[i];
            if (v->samples == NULL)
                continue;
            sum += v->samples[v->pos++];
            duck = v->duck < duck ? v->duck : duck;
            if (v->pos >= v->count)
                v->samples = NULL;
        }
        m->gain = glide(m->gain, m->target_gain, GAIN_STEP);
        m->music_gain = glide(m->music_gain, m->music_target_gain, GAIN_STEP);
        m->duck = glide(m->duck, duck, MIXER_GAIN_ONE / MIXER_DUCK_GLIDE);
        int64_t fx = (int64_t)sum * m->gain / MIXER_GAIN_ONE, left, right;
        music_frame(m, chunk, used++, &left, &right);
        /* sample x fade (Q16) x the music's gain ducked (Q16) fits 64 bits */
        int64_t g = (int64_t)m->music_gain * m->duck / MIXER_GAIN_ONE;
        int64_t one2 = (int64_t)MIXER_GAIN_ONE * MIXER_GAIN_ONE;
        out[2 * f] = clamp16(fx + left * g / one2);
        out[2 * f + 1] = clamp16(fx + right * g / one2);
    }
}

int mixer_active(const Mixer *m)
{
    int n = 0;
    for (int i = 0; i < MIXER_VOICES; i++)
        n += m->voices[i].samples != NULL;
    return n;
}
