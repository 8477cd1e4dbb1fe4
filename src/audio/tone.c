/* SPDX-License-Identifier: Zlib */
/*
** tone.c -- the tone vocabulary, shared by the sound bank and the music.
**
** A tone is one line of KEY=VALUE words after the word `tone`:
**
**   tone wave=pulse duty=25 freq=300 to=620 attack=3 decay=40 sustain=0.55
**        hold=50 release=70 cutoff=4500
**
** (on one line in a file). The keys, their units and ranges:
**
**   wave=pulse|triangle|sine|noise   the oscillator (required)
**   duty=PERCENT         pulse only: the high part of the period, 1..99 (50)
**   freq=HZ|NOTE         the pitch, in Hz or as a note (A-4, C#5). Required
**                        in a sound; in an instrument it fixes the pitch
**                        whatever note is played (drums). For noise, how
**                        many times a second the value changes
**   to=HZ|NOTE           glide to this pitch over the tone (needs freq)
**   slide=SEMITONES      or glide by this many semitones over the tone
**   transpose=SEMITONES  instruments: this far from the note played
**   start=MS             begin this long after the sound (or note) starts
**   attack=MS decay=MS sustain=LEVEL hold=MS release=MS
**                        the envelope: up to 1 in attack (0.5 ms at least,
**                        1 ms by default), down to sustain (0..1, default 1)
**                        in decay (0), there for hold (0), and down to
**                        silence in release (at least 1 ms, default 10).
**                        hold=note (instruments only) sustains until the
**                        note ends: the next note of its channel, or ---
**   vibrato=DEPTH,RATE[,DELAY]   semitones, Hz, and ms before it begins
**   arp=S,S,...          arpeggio: semitone offsets taken in turn, the last
**                        one held; arp_loop=S,S,... starts over instead
**   arp_step=MS          how long each step of the arpeggio lasts
**   cutoff=HZ            a two-pole low-pass filter (none by default)
**   gain=G               loudness of this tone among the others, 0..4 (1)
**
** A glide needs a known length, so to= and slide= do not go with
** hold=note. Times are milliseconds because that is the scale at which
** these sounds are heard and tuned; Tone holds seconds.
*/
#include "audio_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef enum Key {
    K_WAVE,
    K_DUTY,
    K_FREQ,
    K_TO,
    K_SLIDE,
    K_TRANSPOSE,
    K_START,
    K_ATTACK,
    K_DECAY,
    K_SUSTAIN,
    K_HOLD,
    K_RELEASE,
    K_VIBRATO,
    K_ARP,
    K_ARP_LOOP,
    K_ARP_STEP,
    K_CUTOFF,
    K_GAIN,
    K_COUNT
} Key;

static const char *const KEY_NAMES[K_COUNT] = {
    "wave",    "duty", "freq",    "to",      "slide", "transpose", "start",    "attack", "decay",
    "sustain", "hold", "release", "vibrato", "arp",   "arp_loop",  "arp_step", "cutoff", "gain",
};

static const char *const WAVE_NAMES[] = {"pulse", "triangle", "sine", "noise"};

enum { MAX_MS = 10000 };

/* Edit distance, capped: enough to suggest a key for a typo. */
static int distance(const char *a, int la, const char *b)
{
    int lb = (int)strlen(b);
    if (la > 20 || lb > 20)
        return 99;
    int row[21];
    for (int j = 0; j <= lb; j++)
        row[j] = j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static bool unknown_key(AudioText *t, const AudioWord *key)
{
    int best = -1, best_d = 3;
    for (int k = 0; k < K_COUNT; k++) {
        int d = distance(key->s, key->len, KEY_NAMES[k]);
        if (d < best_d) {
            best_d = d;
            best = k;
        }
    }
    if (best >= 0)
        return audio_text_fail(t, key, "unknown key '%.*s' (did you mean '%s'?)", key->len, key->s,
                               KEY_NAMES[best]);
    return audio_text_fail(t, key,
                           "unknown key '%.*s' (expected wave, duty, freq, to, slide, transpose, "
                           "start, attack, decay, sustain, hold, release, vibrato, arp, "
                           "arp_loop, arp_step, cutoff or gain)",
                           key->len, key->s);
}

static bool ms(AudioText *t, const AudioWord *v, double lo, double *out)
{
    double x;
    if (!audio_word_number(t, v, lo, MAX_MS, &x))
        return false;
    *out = x / 1000.0;
    return true;
}

static bool pitch(AudioText *t, const AudioWord *v, double *out)
{
    int note = audio_note_number(v);
    if (note >= 0) {
        *out = audio_note_freq(note);
        return true;
    }
    if (v->len > 0 && v->s[0] >= 'A' && v->s[0] <= 'Z')
        return audio_text_fail(t, v,
                               "'%.*s' is not a note (C-4, C#4: a letter, '-' or '#', "
                               "an octave 0 to 8)",
                               v->len, v->s);
    return audio_word_number(t, v, 1.0, 20000.0, out);
}

static bool arpeggio(AudioText *t, const AudioWord *v, Tone *out)
{
    AudioWord rest = *v, item;
    out->arp_count = 0;
    while (audio_word_next_item(&rest, &item)) {
        if (out->arp_count == TONE_ARP_MAX)
            return audio_text_fail(t, &item, "more than %d steps in an arpeggio", TONE_ARP_MAX);
        if (!audio_word_int(t, &item, -48, 48, &out->arp[out->arp_count]))
            return false;
        out->arp_count++;
    }
    return true;
}

static bool vibrato(AudioText *t, const AudioWord *v, Tone *out)
{
    AudioWord rest = *v, item[4];
    int n = 0;
    while (n < 4 && audio_word_next_item(&rest, &item[n]))
        n++;
    if (n < 2 || n > 3)
        return audio_text_fail(t, v,
                               "vibrato= wants DEPTH,RATE or DEPTH,RATE,DELAY "
                               "(semitones, Hz, ms)");
    if (!audio_word_number(t, &item[0], 0.01, 12.0, &out->vib_depth) ||
        !audio_word_number(t, &item[1], 0.1, 50.0, &out->vib_rate))
        return false;
    return n < 3 || ms(t, &item[2], 0.0, &out->vib_delay);
}

static bool value(AudioText *t, Key k, const AudioWord *v, Tone *out, double *to)
{
    switch (k) {
    case K_WAVE:
        for (out->wave = WAVE_PULSE; out->wave <= WAVE_NOISE; out->wave++)
            if (audio_word_is(v, WAVE_NAMES[out->wave]))
                return true;
        return audio_text_fail(
            t, v, "unknown wave '%.*s' (expected pulse, triangle, sine or noise)", v->len, v->s);
    case K_DUTY:
        if (!audio_word_number(t, v, 1.0, 99.0, &out->duty))
            return false;
        out->duty /= 100.0;
        return true;
    case K_FREQ: return pitch(t, v, &out->freq);
    case K_TO: return pitch(t, v, to);
    case K_SLIDE: return audio_word_number(t, v, -96.0, 96.0, &out->slide);
    case K_TRANSPOSE: return audio_word_number(t, v, -48.0, 48.0, &out->transpose);
    case K_START: return ms(t, v, 0.0, &out->start);
    case K_ATTACK: return ms(t, v, 0.5, &out->attack);
    case K_DECAY: return ms(t, v, 0.0, &out->decay);
    case K_SUSTAIN: return audio_word_number(t, v, 0.0, 1.0, &out->sustain);
    case K_HOLD:
        if (audio_word_is(v, "note")) {
            out->hold_note = true;
            return true;
        }
        return ms(t, v, 0.0, &out->hold);
    case K_RELEASE: return ms(t, v, 1.0, &out->release);
    case K_VIBRATO: return vibrato(t, v, out);
    case K_ARP:
    case K_ARP_LOOP: out->arp_loop = k == K_ARP_LOOP; return arpeggio(t, v, out);
    case K_ARP_STEP: return ms(t, v, 1.0, &out->arp_step);
    case K_CUTOFF: return audio_word_number(t, v, 20.0, 20000.0, &out->cutoff);
    case K_GAIN: return audio_word_number(t, v, 0.0, 4.0, &out->gain);
    case K_COUNT:
    default: return false;
    }
}

bool audio_tone_parse(AudioText *t, const AudioLine *line, ToneUse use, Tone *out)
{
    memset(out, 0, sizeof *out);
    out->duty = 0.5;
    out->attack = 0.001;
    out->sustain = 1.0;
    out->release = 0.010;
    out->gain = 1.0;
    double to = 0.0;
    AudioWord at[K_COUNT];
    bool given[K_COUNT] = {false};

    for (int i = 1; i < line->count; i++) {
        AudioWord key, v;
        if (!audio_word_split(t, &line->words[i], &key, &v))
            return false;
        int k = 0;
        while (k < K_COUNT && !audio_word_is(&key, KEY_NAMES[k]))
            k++;
        if (k == K_COUNT)
            return unknown_key(t, &key);
        if (given[k])
            return audio_text_fail(t, &key, "%s= is given twice", KEY_NAMES[k]);
        given[k] = true;
        at[k] = key;
        if (!value(t, (Key)k, &v, out, &to))
            return false;
    }

    const AudioWord *head = &line->words[0];
    if (!given[K_WAVE])
        return audio_text_fail(t, head, "a tone needs wave= (pulse, triangle, sine or noise)");
    if (given[K_DUTY] && out->wave != WAVE_PULSE)
        return audio_text_fail(t, &at[K_DUTY], "duty= is for wave=pulse");
    if (use == TONE_IN_SOUND) {
        if (!given[K_FREQ])
            return audio_text_fail(t, head, "a sound's tone needs freq=");
        if (given[K_TRANSPOSE])
            return audio_text_fail(t, &at[K_TRANSPOSE],
                                   "transpose= is for instruments (a sound's tone has freq=)");
        if (out->hold_note)
            return audio_text_fail(t, &at[K_HOLD],
                                   "hold=note is for instruments (a sound has no notes)");
    }
    if (given[K_TRANSPOSE] && given[K_FREQ])
        return audio_text_fail(t, &at[K_TRANSPOSE],
                               "transpose= moves the note's pitch, freq= replaces it: not both");
    if (given[K_TO] && !given[K_FREQ])
        return audio_text_fail(t, &at[K_TO], "to= needs freq= (the pitch it glides from)");
    if (given[K_TO] && given[K_SLIDE])
        return audio_text_fail(t, &at[K_SLIDE], "to= and slide= both set the glide: not both");
    if ((given[K_TO] || given[K_SLIDE]) && out->hold_note)
        return audio_text_fail(t, given[K_TO] ? &at[K_TO] : &at[K_SLIDE],
                               "a glide needs a tone of fixed length, and hold=note has none");
    if (given[K_ARP] && given[K_ARP_LOOP])
        return audio_text_fail(t, &at[K_ARP_LOOP], "arp= and arp_loop=: one arpeggio a tone");
    if ((given[K_ARP] || given[K_ARP_LOOP]) != given[K_ARP_STEP])
        return audio_text_fail(t,
                               given[K_ARP_STEP] ? &at[K_ARP_STEP]
                               : given[K_ARP]    ? &at[K_ARP]
                                                 : &at[K_ARP_LOOP],
                               given[K_ARP_STEP] ? "arp_step= without arp= or arp_loop="
                                                 : "an arpeggio needs arp_step=");
    if (given[K_TO])
        out->slide = log2(to / out->freq) * 12.0;
    return true;
}
