/* SPDX-License-Identifier: Zlib */
/*
** text.c -- lines, words and numbers for the sound bank and the music files.
**
** Strict on purpose: a file is printable ASCII, tabs and newlines (CR LF
** too); anything else outside a comment is refused at its column, so a
** stray byte never turns into a silent note. Numbers are plain decimals,
** because "1e3" or "0x10" in a music file is far more likely a typo than an
** intent.
*/
#define _POSIX_C_SOURCE 200809L

#include "audio_text.h"

#include "atomic.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool audio_text_read_file(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
    char why[256];
    if (atomic_read(path, AUDIO_FILE_MAX, text, len, why, sizeof why) == ATOMIC_READ_OK)
        return true;
    snprintf(err, errlen, "%s: error: %s", path, why);
    return false;
}

void audio_text_init(AudioText *t, const char *file, const char *text, size_t len, char *err,
                     size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->file = file;
    t->text = text;
    t->len = len;
    t->line = 1;
    t->err = err;
    t->errlen = errlen;
    if (errlen > 0)
        err[0] = '\0';
}

bool audio_text_fail_at(AudioText *t, int line, int col, const char *fmt, ...)
{
    if (t->failed)
        return false; /* the first problem is the one reported */
    t->failed = true;
    if (t->errlen == 0)
        return false;
    int n = snprintf(t->err, t->errlen, "%s:%d:%d: error: ", t->file, line, col);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < t->errlen)
        vsnprintf(t->err + n, t->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

bool audio_text_line(AudioText *t, AudioLine *line)
{
    while (!t->failed && t->pos < t->len) {
        int lineno = t->line, col = 1;
        bool comment = false;
        line->count = 0;
        AudioWord *w = NULL;
        for (; t->pos < t->len; t->pos++, col++) {
            unsigned char c = (unsigned char)t->text[t->pos];
            if (c == '\n')
                break;
            if (c == '\r' && t->pos + 1 < t->len && t->text[t->pos + 1] == '\n')
                continue;
            if (c == '\0')
                return audio_text_fail_at(t, lineno, col, "a NUL byte in the text");
            if (comment)
                continue;
            if (c == ' ' || c == '\t') {
                w = NULL;
                continue;
            }
            if (c == '#' && w == NULL) { /* a word starting with '#'; F#4 is a note */
                comment = true;
                w = NULL;
                continue;
            }
            if (c < 0x20 || c > 0x7E)
                return audio_text_fail_at(
                    t, lineno, col, "unexpected byte 0x%02X (only ASCII outside comments)", c);
            if (w == NULL) {
                if (line->count == AUDIO_LINE_WORDS)
                    return audio_text_fail_at(t, lineno, col, "more than %d words on a line",
                                              AUDIO_LINE_WORDS);
                w = &line->words[line->count++];
                w->s = t->text + t->pos;
                w->len = 0;
                w->line = lineno;
                w->col = col;
            }
            w->len++;
        }
        if (t->pos < t->len)
            t->pos++; /* the newline */
        t->line++;
        if (line->count > 0)
            return true;
    }
    return false;
}

bool audio_word_is(const AudioWord *w, const char *s)
{
    return strlen(s) == (size_t)w->len && memcmp(w->s, s, (size_t)w->len) == 0;
}

bool audio_word_split(AudioText *t, const AudioWord *w, AudioWord *key, AudioWord *value)
{
    const char *eq = memchr(w->s, '=', (size_t)w->len);
    if (eq == NULL)
        return audio_text_fail(t, w, "expected KEY=VALUE, got '%.*s'", w->len, w->s);
    *key = *w;
    key->len = (int)(eq - w->s);
    *value = *w;
    value->s = eq + 1;
    value->len = w->len - key->len - 1;
    value->col = w->col + key->len + 1;
    if (key->len == 0)
        return audio_text_fail(t, w, "a value with no key before '='");
    if (value->len == 0)
        return audio_text_fail(t, value, "'%.*s=' has no value", key->len, key->s);
    return true;
}

bool audio_word_next_item(AudioWord *rest, AudioWord *item)
{
    if (rest->len < 0)
        return false; /* the last item was taken */
    const char *comma = memchr(rest->s, ',', (size_t)rest->len);
    *item = *rest;
    if (comma == NULL) {
        rest->len = -1;
        return true;
    }
    item->len = (int)(comma - rest->s);
    rest->s = comma + 1;
    rest->col += item->len + 1;
    rest->len -= item->len + 1;
    return true;
}

/* -?DIGITS[.DIGITS] */
static bool decimal_shape(const AudioWord *w)
{
    int i = 0;
    if (i < w->len && (w->s[i] == '-' || w->s[i] == '+'))
        i++;
    int digits = 0;
    while (i < w->len && w->s[i] >= '0' && w->s[i] <= '9')
        i++, digits++;
    if (digits == 0)
        return false;
    if (i < w->len && w->s[i] == '.') {
        i++;
        digits = 0;
        while (i < w->len && w->s[i] >= '0' && w->s[i] <= '9')
            i++, digits++;
        if (digits == 0)
            return false;
    }
    return i == w->len;
}

bool audio_word_number(AudioText *t, const AudioWord *w, double lo, double hi, double *out)
{
    char buf[40];
    if (w->len <= 0)
        return audio_text_fail(t, w, "expected a number, got nothing");
    if (!decimal_shape(w) || w->len >= (int)sizeof buf)
        return audio_text_fail(t, w, "expected a number, got '%.*s'", w->len, w->s);
    memcpy(buf, w->s, (size_t)w->len);
    buf[w->len] = '\0';
    double v = strtod(buf, NULL);
    if (!(v >= lo && v <= hi)) /* %g: every bound has fewer than 6 digits */
        return audio_text_fail(t, w, "%.*s is out of range (%g to %g)", w->len, w->s, lo, hi);
    *out = v;
    return true;
}

bool audio_word_int(AudioText *t, const AudioWord *w, int lo, int hi, int *out)
{
    double v;
    if (!audio_word_number(t, w, lo, hi, &v))
        return false;
    if (v != floor(v) || memchr(w->s, '.', (size_t)w->len) != NULL)
        return audio_text_fail(t, w, "expected a whole number, got '%.*s'", w->len, w->s);
    *out = (int)v;
    return true;
}

bool audio_word_name(AudioText *t, const AudioWord *w, const char *what, char *out)
{
    bool ok = w->len > 0 && w->s[0] >= 'a' && w->s[0] <= 'z';
    for (int i = 1; ok && i < w->len; i++) {
        char c = w->s[i];
        ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }
    if (!ok)
        return audio_text_fail(t, w,
                               "'%.*s' is not a %s name (a lowercase letter, then lowercase "
                               "letters, digits or '_')",
                               w->len, w->s, what);
    if (w->len >= AUDIO_NAME_MAX)
        return audio_text_fail(t, w, "%s name '%.*s' is longer than %d characters", what, w->len,
                               w->s, AUDIO_NAME_MAX - 1);
    memcpy(out, w->s, (size_t)w->len);
    out[w->len] = '\0';
    return true;
}

int audio_note_number(const AudioWord *w)
{
    static const int steps[7] = {9, 11, 0, 2, 4, 5, 7}; /* A B C D E F G */
    if (w->len != 3 || w->s[0] < 'A' || w->s[0] > 'G' || (w->s[1] != '-' && w->s[1] != '#') ||
        w->s[2] < '0' || w->s[2] > '8')
        return -1;
    int step = steps[w->s[0] - 'A'];
    if (w->s[1] == '#') {
        if (w->s[0] == 'E' || w->s[0] == 'B')
            return -1; /* E#, B#: write F-, C- */
        step++;
    }
    return (w->s[2] - '0' + 1) * 12 + step;
}

double audio_note_freq(double note)
{
    return 440.0 * exp2((note - 69.0) / 12.0);
}
