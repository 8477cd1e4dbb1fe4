/* SPDX-License-Identifier: Zlib */
/*
** bank.c -- the sound bank file: the game's sound effects as text.
**
** A bank is a list of named sounds; a sound is a `sound` line and the
** `tone` lines under it (the tone vocabulary is tone.c's):
**
**   # the coin: a fourth up after a blink
**   sound collect level=0.45
**     tone wave=pulse freq=987.77 arp=0,5 arp_step=55 attack=2 decay=50
**          sustain=0.5 hold=80 release=220 cutoff=6000
**     tone wave=sine freq=1975.54 arp=0,5 arp_step=55 ... gain=0.3
**
** (each tone on one line). `level` is the sound's peak as a fraction of
** full scale (0.01 to 0.9, default 0.5): the tones are mixed, then the
** whole sound is scaled so that its loudest sample sits there, which
** leaves headroom for several effects at once. `duck` (0 to 1, default 1)
** is how loud the music stays while the sound plays: a sting ducks it. A
** name is lowercase letters, digits and '_'. The game reads the bank with
** the names of its sounds (game/sound.h): a sound of the file that is not
** one of them, or one of them the file lacks, is an error at load, and the
** bank lists the sounds in the game's order.
**
** Reading stops at the first problem, reported as FILE:LINE:COL: error:
** MESSAGE: an unknown word or key, a value out of range, a sound with no
** tone, a name used twice, a sound longer than BANK_SOUND_SECONDS.
**
** A sound starts and ends in silence because each tone's envelope does;
** its length is where the last tone ends. The noise of each tone is seeded
** from the sound's name and the tone's place, so a sound is the same bytes
** wherever it sits in the file.
*/
#include "bank.h"

#include "audio_text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Sound {
    char name[AUDIO_NAME_MAX];
    double level;
    double duck;      /* the music's gain while it plays: 1 leaves it alone */
    int first, count; /* its tones in SoundBank.tones */
    int line, col;    /* of its name */
} Sound;

struct SoundBank {
    Sound sounds[BANK_SOUNDS];
    int count;
    Tone tones[BANK_SOUNDS * 4];
    int tone_count;
};

enum { BANK_TONES = (int)(sizeof((SoundBank *)0)->tones / sizeof(Tone)) };

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static double sound_seconds(const SoundBank *bank, const Sound *s)
{
    double end = 0.0;
    for (int i = 0; i < s->count; i++) {
        const Tone *t = &bank->tones[s->first + i];
        double e = t->start + audio_tone_length(t);
        if (e > end)
            end = e;
    }
    return end;
}

/* The checks that need a sound's every tone, made when the next sound starts. */
static bool finish_sound(AudioText *t, SoundBank *bank)
{
    if (bank->count == 0)
        return true;
    Sound *s = &bank->sounds[bank->count - 1];
    if (s->count == 0)
        return audio_text_fail_at(t, s->line, s->col, "sound '%s' has no tone lines", s->name);
    double seconds = sound_seconds(bank, s);
    if (seconds > BANK_SOUND_SECONDS)
        return audio_text_fail_at(t, s->line, s->col, "sound '%s' lasts %.2f s (at most %d)",
                                  s->name, seconds, BANK_SOUND_SECONDS);
    return true;
}

static bool sound_line(AudioText *t, const AudioLine *line, SoundBank *bank)
{
    if (!finish_sound(t, bank))
        return false;
    if (line->count < 2)
        return audio_text_fail(t, &line->words[0],
                               "'sound' needs a name: sound NAME [level=L] [duck=D]");
    if (bank->count == BANK_SOUNDS)
        return audio_text_fail(t, &line->words[0], "more than %d sounds", BANK_SOUNDS);
    Sound *s = &bank->sounds[bank->count];
    memset(s, 0, sizeof *s);
    if (!audio_word_name(t, &line->words[1], "sound", s->name))
        return false;
    for (int i = 0; i < bank->count; i++)
        if (strcmp(bank->sounds[i].name, s->name) == 0)
            return audio_text_fail(t, &line->words[1], "sound '%s' is already defined at line %d",
                                   s->name, bank->sounds[i].line);
    s->level = 0.5;
    s->duck = 1.0;
    s->first = bank->tone_count;
    s->line = line->words[1].line;
    s->col = line->words[1].col;
    bool level_given = false, duck_given = false;
    for (int i = 2; i < line->count; i++) {
        AudioWord key, v;
        if (!audio_word_split(t, &line->words[i], &key, &v))
            return false;
        bool level = audio_word_is(&key, "level");
        if (!level && !audio_word_is(&key, "duck"))
            return audio_text_fail(t, &key, "unknown key '%.*s' (a sound has level= and duck=)",
                                   key.len, key.s);
        bool *given = level ? &level_given : &duck_given;
        if (*given)
            return audio_text_fail(t, &key, "%s= is given twice", level ? "level" : "duck");
        *given = true;
        if (!audio_word_number(t, &v, level ? 0.01 : 0.0, level ? 0.9 : 1.0,
                               level ? &s->level : &s->duck))
            return false;
    }
    bank->count++;
    return true;
}

static bool tone_line(AudioText *t, const AudioLine *line, SoundBank *bank)
{
    if (bank->count == 0)
        return audio_text_fail(t, &line->words[0], "a tone before the first 'sound NAME' line");
    Sound *s = &bank->sounds[bank->count - 1];
    if (s->count == BANK_SOUND_TONES)
        return audio_text_fail(t, &line->words[0], "more than %d tones in sound '%s'",
                               BANK_SOUND_TONES, s->name);
    if (bank->tone_count == BANK_TONES)
        return audio_text_fail(t, &line->words[0], "more than %d tones in the bank", BANK_TONES);
    if (!audio_tone_parse(t, line, TONE_IN_SOUND, &bank->tones[bank->tone_count]))
        return false;
    bank->tone_count++;
    s->count++;
    return true;
}

/* The bank's sounds put in the order of names: each sound must be one of
** them, and each of them a sound. */
static bool order_by(AudioText *t, SoundBank *bank, const char *const *names, int count)
{
    Sound *by_name = calloc((size_t)count + 1, sizeof *by_name);
    if (by_name == NULL)
        return audio_text_fail_at(t, 0, 0, "out of memory");
    for (int i = 0; i < bank->count && !t->failed; i++) {
        const Sound *s = &bank->sounds[i];
        int n = 0;
        while (n < count && strcmp(names[n], s->name) != 0)
            n++;
        if (n == count)
            audio_text_fail_at(t, s->line, s->col,
                               "unknown sound '%s': the game plays none of "
                               "that name",
                               s->name);
        else
            by_name[n] = *s;
    }
    for (int n = 0; n < count && !t->failed; n++)
        if (by_name[n].count == 0)
            audio_text_fail_at(t, t->line, 1, "no sound '%s', which the game plays", names[n]);
    if (!t->failed) {
        memcpy(bank->sounds, by_name, (size_t)count * sizeof *by_name);
        bank->count = count;
    }
    free(by_name);
    return !t->failed;
}

bool audio_bank_parse(const char *file, const char *text, size_t len, const char *const *names,
                      int name_count, SoundBank **out, char *err, size_t errlen)
{
    *out = NULL;
    SoundBank *bank = calloc(1, sizeof *bank);
    if (bank == NULL) {
        snprintf(err, errlen, "%s: error: out of memory", file);
        return false;
    }
    AudioText t;
    audio_text_init(&t, file, text, len, err, errlen);
    AudioLine line;
    while (audio_text_line(&t, &line)) {
        const AudioWord *w = &line.words[0];
        if (audio_word_is(w, "sound"))
            sound_line(&t, &line, bank);
        else if (audio_word_is(w, "tone"))
            tone_line(&t, &line, bank);
        else
            audio_text_fail(&t, w, "expected 'sound' or 'tone', got '%.*s'", w->len, w->s);
    }
    if (!t.failed && finish_sound(&t, bank) && bank->count == 0)
        audio_text_fail_at(&t, t.line, 1, "no sounds in the bank");
    if (!t.failed && names != NULL)
        order_by(&t, bank, names, name_count);
    if (t.failed) {
        free(bank);
        return false;
    }
    *out = bank;
    return true;
}

bool audio_bank_load(const char *path, const char *const *names, int name_count, SoundBank **out,
                     char *err, size_t errlen)
{
    char *text;
    size_t len;
    *out = NULL;
    if (!audio_text_read_file(path, &text, &len, err, errlen))
        return false;
    bool ok = audio_bank_parse(path, text, len, names, name_count, out, err, errlen);
    free(text);
    return ok;
}

void audio_bank_destroy(SoundBank *bank)
{
    free(bank);
}

int audio_bank_count(const SoundBank *bank)
{
    return bank->count;
}

const char *audio_bank_name(const SoundBank *bank, int index)
{
    return index >= 0 && index < bank->count ? bank->sounds[index].name : NULL;
}

size_t audio_bank_length(const SoundBank *bank, int index)
{
    if (index < 0 || index >= bank->count)
        return 0;
    return (size_t)ceil(sound_seconds(bank, &bank->sounds[index]) * AUDIO_RATE);
}

double audio_bank_duck(const SoundBank *bank, int index)
{
    return index >= 0 && index < bank->count ? bank->sounds[index].duck : 1.0;
}

/* Adds one tone into mix (count samples from the sound's start). */
static void render_tone(const Tone *t, uint32_t seed, double *mix, size_t count)
{
    double len = audio_tone_length(t);
    size_t first = (size_t)ceil(t->start * AUDIO_RATE);
    size_t last = (size_t)ceil((t->start + len) * AUDIO_RATE);
    if (last > count)
        last = count;
    ToneState s;
    audio_tone_begin(&s, t, seed);
    for (size_t i = first; i < last; i++) {
        double time = (double)i / AUDIO_RATE - t->start;
        mix[i] +=
            audio_tone_next(&s, t, t->freq, time) * audio_tone_envelope(t, time, -1.0) * t->gain;
    }
}

size_t audio_bank_render_into(const SoundBank *bank, int index, int16_t *out, size_t cap)
{
    size_t count = audio_bank_length(bank, index);
    if (count == 0 || cap < count)
        return 0;
    double *mix = calloc(count, sizeof *mix);
    if (mix == NULL)
        return 0;
    const Sound *s = &bank->sounds[index];
    uint32_t seed = name_hash(s->name);
    for (int i = 0; i < s->count; i++)
        render_tone(&bank->tones[s->first + i], seed + (uint32_t)i * 0x9E3779B9u, mix, count);

    double peak = 0.0;
    for (size_t i = 0; i < count; i++)
        if (fabs(mix[i]) > peak)
            peak = fabs(mix[i]);
    double scale = peak > 0.0 ? s->level * 32767.0 / peak : 0.0;
    for (size_t i = 0; i < count; i++)
        out[i] = audio_pcm(mix[i] * scale);
    free(mix);
    return count;
}

bool audio_bank_render(const SoundBank *bank, int index, int16_t **samples, size_t *count)
{
    *samples = NULL;
    *count = 0;
    size_t n = audio_bank_length(bank, index);
    if (n == 0)
        return false;
    int16_t *buf = malloc(n * sizeof *buf);
    if (buf == NULL)
        return false;
    if (audio_bank_render_into(bank, index, buf, n) != n) {
        free(buf);
        return false;
    }
    *samples = buf;
    *count = n;
    return true;
}
