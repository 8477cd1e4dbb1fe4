/*
** mixer.c -- sum the voices in 32 bits, apply the gain, clamp once.
**
** The effects are rendered with headroom (bank.c), so two or three at once
** rarely reach the clamp; when they do, clamping a few samples is the
** least bad choice for short effects. A gain change glides over about 5 ms
** instead of jumping, which would click.
*/
#include "mixer.h"

#include <string.h>

/* Per-sample gain step: full scale in 256 samples, about 5 ms at 48 kHz. */
enum { GAIN_STEP = MIXER_GAIN_ONE / 256 };

void mixer_init(Mixer *m)
{
    memset(m, 0, sizeof *m);
    m->gain = MIXER_GAIN_ONE;
    m->target_gain = MIXER_GAIN_ONE;
}

void mixer_play(Mixer *m, const int16_t *samples, size_t count)
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
    int64_t v = (int64_t)master * sfx;               /* 0 .. 10000 */
    return (int32_t)(v * v * MIXER_GAIN_ONE / (10000LL * 10000LL));
}

void mixer_set_volume(Mixer *m, int master, int sfx, bool mute)
{
    m->target_gain = mixer_volume_gain(master, sfx, mute);
}

void mixer_render(Mixer *m, int16_t *out, size_t frames)
{
    for (size_t f = 0; f < frames; f++) {
        int32_t sum = 0;
        for (int i = 0; i < MIXER_VOICES; i++) {
            MixerVoice *v = &m->voices[i];
            if (v->samples == NULL)
                continue;
            sum += v->samples[v->pos++];
            if (v->pos >= v->count)
                v->samples = NULL;
        }
        if (m->gain < m->target_gain)
            m->gain = m->target_gain - m->gain > GAIN_STEP ? m->gain + GAIN_STEP : m->target_gain;
        else if (m->gain > m->target_gain)
            m->gain = m->gain - m->target_gain > GAIN_STEP ? m->gain - GAIN_STEP : m->target_gain;
        int64_t s = (int64_t)sum * m->gain / MIXER_GAIN_ONE;
        out[f] = (int16_t)(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
    }
}

int mixer_active(const Mixer *m)
{
    int n = 0;
    for (int i = 0; i < MIXER_VOICES; i++)
        n += m->voices[i].samples != NULL;
    return n;
}
