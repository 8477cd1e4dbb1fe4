/* SPDX-License-Identifier: Zlib */
/*
** audio_text.h -- the line-and-word reading that the sound bank and the
** music files share (text.c), and the tone vocabulary of both (tone.c).
** Internal to audio/: nothing outside this folder and its tests includes it.
**
** A file is lines of words separated by blanks; a word that starts with
** `#` starts a comment that runs to the end of the line (inside a word, as
** in the note F#4, it is just a character). Every word knows its line and column, so a
** problem is reported as FILE:LINE:COL: error: MESSAGE, the first problem
** only, and reading stops there.
*/
#ifndef AUDIO_TEXT_H
#define AUDIO_TEXT_H

#include "synth.h"

#include <stdbool.h>
#include <stddef.h>

enum {
    AUDIO_LINE_WORDS = 64,    /* words on one line */
    AUDIO_NAME_MAX = 32,      /* bytes of a name, with the NUL */
    AUDIO_FILE_MAX = 1 << 20, /* bytes of a sound bank or a music file */
};

typedef struct AudioWord {
    const char *s; /* not NUL-terminated */
    int len;
    int line, col; /* 1-based; col counts bytes */
} AudioWord;

typedef struct AudioLine {
    AudioWord words[AUDIO_LINE_WORDS];
    int count; /* at least 1 */
} AudioLine;

typedef struct AudioText {
    const char *file; /* for messages */
    const char *text;
    size_t len, pos;
    int line; /* of the next line to read */
    char *err;
    size_t errlen;
    bool failed;
} AudioText;

/* Reads a whole regular file (at most AUDIO_FILE_MAX bytes) into a malloc'd
** buffer the caller frees; false with "FILE: error: ..." in err. */
bool audio_text_read_file(const char *path, char **text, size_t *len, char *err, size_t errlen);

void audio_text_init(AudioText *t, const char *file, const char *text, size_t len, char *err,
                     size_t errlen);

/* The next line that has a word. False at the end of the text, or on an
** error (t->failed tells them apart). */
bool audio_text_line(AudioText *t, AudioLine *line);

/* Reports a problem at line:col (or at a word) and fails the read; returns
** false so that a caller can `return audio_text_fail(...)`. */
bool audio_text_fail_at(AudioText *t, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define audio_text_fail(t, at, ...) audio_text_fail_at((t), (at)->line, (at)->col, __VA_ARGS__)

bool audio_word_is(const AudioWord *w, const char *s);

/* Splits KEY=VALUE; false (with an error) when there is no '=' or either side is empty. */
bool audio_word_split(AudioText *t, const AudioWord *w, AudioWord *key, AudioWord *value);

/* The next comma-separated item of a value: start with *rest = the value;
** false once every item was taken ("0,5," has three, the last empty). */
bool audio_word_next_item(AudioWord *rest, AudioWord *item);

/* A decimal number (-12, 0.5; no exponent) within lo..hi, or an error at w. */
bool audio_word_number(AudioText *t, const AudioWord *w, double lo, double hi, double *out);
/* A whole number within lo..hi, or an error at w. */
bool audio_word_int(AudioText *t, const AudioWord *w, int lo, int hi, int *out);
/* A name: a lowercase letter, then lowercase letters, digits and '_', shorter
** than AUDIO_NAME_MAX; copied to out. `what` names it in the error. */
bool audio_word_name(AudioText *t, const AudioWord *w, const char *what, char *out);

/* A note written as in a tracker: C-4, C#4 (sharps only), octaves 0 to 8.
** Returns the MIDI number (C-4 is 60), or -1 when w is not a note. */
int audio_note_number(const AudioWord *w);
/* The equal-tempered frequency of a MIDI note, A-4 = 440 Hz. */
double audio_note_freq(double note);

/* ---- the tone vocabulary (tone.c) ---- */

typedef enum ToneUse { TONE_IN_SOUND, TONE_IN_INSTRUMENT } ToneUse;

/* Reads a `tone KEY=VALUE ...` line (words[0] is "tone") into *out. */
bool audio_tone_parse(AudioText *t, const AudioLine *line, ToneUse use, Tone *out);

#endif
