/* SPDX-License-Identifier: Zlib */
/*
** sequencer.c -- plays a track: rows in time, notes as voices, one mix.
**
** Time is counted in samples only. A row lasts track->row_samples; when one
** begins, each channel's cell of it acts (a note starts a voice, a note or
** `---` releases the voice that is held). Each voice is one note: the tones
** of its instrument, each with its own oscillator, filter and envelope state
** (ToneState), timed from the note's start by its age in samples. A voice
** ends when all of its tones are silent for good.
**
** The loop. After the last row of the last step, play goes on at the first
** row of the loop step. Nothing else happens there: the voices sounding at
** that moment keep their phase, filter and envelope and ring on into the
** loop's first bar exactly as they would into any other bar, so the wrap
** has no seam to hear. And because a voice's samples depend only on its
** note, its instrument, its age and a noise seed taken from where it is
** written (pattern, row, channel), the second pass is the same samples as
** the first from the moment the last notes of the intro have died away, and
** the wrap the same samples as a copy of the loop written after the end.
**
** A voice's sum is kept in start order (voices[] of a channel is oldest
** first, compacted when one ends): a floating-point sum in a fixed order is
** a fixed result, so passes agree to the last bit.
**
** Stereo. Each channel is placed by its pan; what the channels send to the
** echo is kept for a second, and the echo is three taps of that memory
** (right, left, right, each softer): no feedback, so what it plays depends
** on the last second only and the second pass still meets the first
** exactly. A step's volume (a section's dynamics) is reached by a linear
** glide of VOLUME_GLIDE samples, so a change never clicks and always ends
** on the exact value.
*/
#include "music.h"

#include "audio_text.h"

#include <math.h>
#include <string.h>

/* The echo's taps: a delay of (k + 1) times the track's, and how loud
** on the left and on the right. */
static const double ECHO_TAPS[MUSIC_ECHO_TAPS][2] = {{0.12, 0.42}, {0.30, 0.06}, {0.04, 0.16}};

enum { VOLUME_GLIDE = AUDIO_RATE / 20 }; /* 50 ms from silence to full */

void audio_music_start(MusicPlayer *p, const MusicTrack *track)
{
    memset(p, 0, sizeof *p);
    p->track = track;
    p->volume = track->step_count > 0 ? track->steps[0].volume : 1.0;
}

static uint32_t voice_seed(int pattern, int row, int channel, int tone)
{
    uint32_t h = 2166136261u;
    uint32_t parts[4] = {(uint32_t)pattern, (uint32_t)row, (uint32_t)channel, (uint32_t)tone};
    for (int i = 0; i < 4; i++)
        h = (h ^ parts[i]) * 16777619u;
    return h ^ 0x9E3779B9u;
}

static void release_channel(MusicPlayer *p, int channel)
{
    for (int i = 0; i < p->voice_count[channel]; i++) {
        MusicVoice *v = &p->voices[channel][i];
        if (v->released_at < 0)
            v->released_at = (int64_t)v->age;
    }
}

static void remove_voice(MusicPlayer *p, int channel, int index)
{
    MusicVoice *vs = p->voices[channel];
    int n = --p->voice_count[channel];
    memmove(&vs[index], &vs[index + 1], (size_t)(n - index) * sizeof vs[0]);
}

static void start_voice(MusicPlayer *p, int channel, int pattern, const MusicCell *cell,
                        int transpose)
{
    const MusicTrack *t = p->track;
    if (p->voice_count[channel] == MUSIC_NOTES) {
        remove_voice(p, channel, 0);
        p->stolen++;
    }
    MusicVoice *v = &p->voices[channel][p->voice_count[channel]++];
    memset(v, 0, sizeof *v);
    int inst = cell->instrument >= 0 ? cell->instrument : t->channels[channel].instrument;
    v->instrument = &t->instruments[inst];
    v->released_at = -1;
    double note = (double)(cell->note + transpose);
    for (int k = 0; k < v->instrument->tone_count; k++) {
        const Tone *tone = &v->instrument->tones[k];
        v->freq[k] = tone->freq > 0.0 ? tone->freq : audio_note_freq(note + tone->transpose);
        audio_tone_begin(&v->tones[k], tone, voice_seed(pattern, p->row, channel, k));
    }
}

static void play_row(MusicPlayer *p)
{
    const MusicTrack *t = p->track;
    const MusicStep *step = &t->steps[p->step];
    for (int c = 0; c < t->channel_count; c++) {
        if (step->pattern[c] < 0)
            continue;
        const MusicPattern *pat = &t->patterns[step->pattern[c]];
        const MusicCell *cell = &t->cells[pat->first + p->row];
        if (cell->kind == MUSIC_EMPTY)
            continue;
        release_channel(p, c);
        if (cell->kind == MUSIC_NOTE)
            start_voice(p, c, step->pattern[c], cell, step->transpose[c]);
    }
}

static void next_row(MusicPlayer *p)
{
    const MusicTrack *t = p->track;
    if (++p->row < t->steps[p->step].rows)
        return;
    p->row = 0;
    if (++p->step < t->step_count)
        return;
    p->step = t->loop;
    p->passes++;
}

/* One sample of a voice; *done when none of its tones will sound again. */
static double voice_sample(MusicVoice *v, bool *done)
{
    double sum = 0.0;
    bool sounding = false;
    const MusicInstrument *in = v->instrument;
    for (int k = 0; k < in->tone_count; k++) {
        const Tone *tone = &in->tones[k];
        double time = (double)v->age / AUDIO_RATE - tone->start;
        double released = -1.0;
        if (v->released_at >= 0) {
            released = (double)v->released_at / AUDIO_RATE - tone->start;
            if (tone->hold_note && released <= 0.0)
                continue; /* ended before this tone began: it never sounds */
        }
        if (audio_tone_done(tone, time, released))
            continue;
        sounding = true;
        if (time < 0.0)
            continue; /* not begun yet */
        sum += audio_tone_next(&v->tones[k], tone, v->freq[k], time) *
               audio_tone_envelope(tone, time, released) * tone->gain;
    }
    v->age++;
    *done = !sounding;
    return sum;
}

void audio_music_render(MusicPlayer *p, int16_t *out, size_t frames)
{
    const MusicTrack *t = p->track;
    double scale = t->volume * 32767.0, glide = 1.0 / VOLUME_GLIDE;
    for (size_t f = 0; f < frames; f++) {
        if (p->row_left == 0) {
            play_row(p);
            p->row_left = t->row_samples;
        }
        double left = 0.0, right = 0.0, send = 0.0;
        for (int c = 0; c < t->channel_count; c++) {
            const MusicChannel *ch = &t->channels[c];
            double sum = 0.0;
            for (int i = 0; i < p->voice_count[c];) {
                bool done;
                sum += voice_sample(&p->voices[c][i], &done);
                if (done)
                    remove_voice(p, c, i);
                else
                    i++;
            }
            sum *= ch->volume;
            left += sum * ch->gain_l;
            right += sum * ch->gain_r;
            send += sum * ch->echo;
        }
        if (t->echo_samples > 0) {
            for (uint32_t k = 0; k < MUSIC_ECHO_TAPS; k++) {
                uint32_t back = (k + 1) * t->echo_samples;
                double e = p->echo[(p->echo_at + MUSIC_ECHO_MAX - back) % MUSIC_ECHO_MAX];
                left += e * ECHO_TAPS[k][0];
                right += e * ECHO_TAPS[k][1];
            }
            p->echo[p->echo_at] = (float)send;
            p->echo_at = (p->echo_at + 1) % MUSIC_ECHO_MAX;
        }
        double target = t->steps[p->step].volume;
        p->volume =
            p->volume < target ? fmin(p->volume + glide, target) : fmax(p->volume - glide, target);
        out[2 * f] = audio_pcm(left * p->volume * scale);
        out[2 * f + 1] = audio_pcm(right * p->volume * scale);
        p->position++;
        if (--p->row_left == 0)
            next_row(p);
    }
}
