/* SPDX-License-Identifier: Zlib */
/*
** music.c -- the music file: a looping track as text, the way a tracker
** writes it, for assets/music/NAME.txt.
**
** A track is read top to bottom; each thing is defined before it is used.
**
**   track bpm=140 rows_per_beat=4 volume=0.5
**
**   instrument lead
**     tone wave=pulse duty=25 attack=3 decay=90 sustain=0.55 hold=note release=70
**   instrument bell
**     tone wave=sine attack=2 decay=300 sustain=0 release=100
**   instrument kick
**     tone wave=triangle freq=C-3 slide=-24 attack=1 decay=60 sustain=0 release=20
**   instrument hat
**     tone wave=noise freq=C-7 attack=1 decay=25 sustain=0 release=10
**   instrument snare
**     tone wave=noise freq=C-5 attack=1 decay=90 sustain=0 release=30
**
**   channel melody instrument=lead volume=0.6
**   channel drums instrument=kick volume=0.5
**
**   pattern tune
**     E-5 ... G-5 ...  C-6 ... ... ---  B-5 ... G-5:bell ...  E-5 ... --- ...
**   pattern beat
**     kick ... ... ...  hat ... ... ...  snare ... ... ...  hat ... ... ...
**
**   order
**     tune  beat
**   loop
**     tune+5  beat  x2
**
** - `track`: the tempo, in beats per minute and rows per beat (4 makes a row
**   a sixteenth note), and the volume of the whole mix (0 to 2, default 1;
**   the sum of every channel at full swing times this should stay below 1).
**   A row lasts a whole number of samples: AUDIO_RATE * 60 / (bpm *
**   rows_per_beat), rounded. echo=N (rows, default 3) is the delay of the
**   echo the channels feed: it repeats what they send at N, 2N and 3N rows,
**   right, left, right, each softer.
** - `instrument NAME` and up to MUSIC_INSTRUMENT_TONES `tone` lines: the
**   tone vocabulary of the sound bank (tone.c). A tone without freq= plays
**   the note; with freq= it keeps its own pitch (drums); transpose= shifts
**   it from the note. A tone with hold=note sounds until its note ends, the
**   others for their fixed length.
** - `channel NAME instrument=INST [volume=V] [pan=P] [echo=E]`: one line of
**   music, played by INST unless a note names another, placed at pan P
**   (-1 left to 1 right, 0 the default centre) and feeding E (0 to 1) of
**   itself to the echo. The channels of the order list are these, in this
**   order.
** - `pattern NAME` and lines of cells: the rows of a pattern, read left to
**   right and line after line (one bar a line reads well). A cell is
**     ...        nothing new: what sounds goes on
**     ---        the held note ends (a rest)
**     C-4  D#5   a note (sharps only, octaves 0 to 8) played by the channel's
**                instrument; C-4:bell names another instrument for that note
**     bell       an instrument by name, at C-4: drums, whose tones fix their pitch
**   A new note ends the held one on its channel; both sound while the old
**   one releases (at most MUSIC_NOTES at once on a channel).
** - `order` and its steps: one word per channel, a pattern name, NAME+N or
**   NAME-N to transpose it by N semitones, or `-` for silence, then
**   optionally xN to play the step N times and vol=V (0 to 2, default 1),
**   the loudness of the whole mix in it, the sections' dynamics. The
**   patterns of a step have the same number of rows. A `loop` line among
**   the steps is where play returns after the last step (without one, the
**   start).
**
** Names are lowercase letters, digits and '_'. Reading stops at the first
** problem, reported as FILE:LINE:COL: error: MESSAGE.
*/
#include "music.h"

#include "audio_text.h"

#include "array.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)MUSIC_NAME_MAX == (int)AUDIO_NAME_MAX, "names are read by audio_word_name");

typedef enum Block { IN_NOTHING, IN_INSTRUMENT, IN_PATTERN, IN_ORDER } Block;

typedef struct Reader {
    AudioText text;
    MusicTrack *track;
    Block block;
    size_t cell_cap;
    bool have_track, have_loop;
    int block_line; /* line of the instrument or pattern being read */
} Reader;

static const char *const KEYWORDS[] = {"track",   "instrument", "tone", "channel",
                                       "pattern", "order",      "loop"};

static bool is_keyword(const AudioWord *w)
{
    for (size_t i = 0; i < sizeof KEYWORDS / sizeof KEYWORDS[0]; i++)
        if (audio_word_is(w, KEYWORDS[i]))
            return true;
    return false;
}

static int find_instrument(const MusicTrack *t, const AudioWord *w)
{
    for (int i = 0; i < t->instrument_count; i++)
        if (audio_word_is(w, t->instruments[i].name))
            return i;
    return -1;
}

static int find_pattern(const MusicTrack *t, const AudioWord *w)
{
    for (int i = 0; i < t->pattern_count; i++)
        if (audio_word_is(w, t->patterns[i].name))
            return i;
    return -1;
}

/* A name for a new thing: well formed, not a keyword. */
static bool new_name(Reader *r, const AudioLine *line, const char *what, char *out)
{
    if (line->count < 2)
        return audio_text_fail(&r->text, &line->words[0], "'%s' needs a name", what);
    const AudioWord *w = &line->words[1];
    if (is_keyword(w))
        return audio_text_fail(&r->text, w, "'%.*s' is a word of the format, not a name", w->len,
                               w->s);
    return audio_word_name(&r->text, w, what, out);
}

/* The checks that need a whole instrument or pattern, made when it ends. */
static bool end_block(Reader *r)
{
    MusicTrack *t = r->track;
    if (r->block == IN_INSTRUMENT && t->instruments[t->instrument_count - 1].tone_count == 0)
        return audio_text_fail_at(&r->text, r->block_line, 1, "instrument '%s' has no tone lines",
                                  t->instruments[t->instrument_count - 1].name);
    if (r->block == IN_PATTERN && t->patterns[t->pattern_count - 1].rows == 0)
        return audio_text_fail_at(&r->text, r->block_line, 1, "pattern '%s' has no rows",
                                  t->patterns[t->pattern_count - 1].name);
    r->block = IN_NOTHING;
    return true;
}

/* KEY=VALUE words from index `from`; each key must be one of keys[]. */
typedef struct Field {
    const char *key;
    AudioWord value;
    bool given;
} Field;

static bool fields(Reader *r, const AudioLine *line, int from, Field *f, int count)
{
    for (int i = from; i < line->count; i++) {
        AudioWord key, v;
        if (!audio_word_split(&r->text, &line->words[i], &key, &v))
            return false;
        int k = 0;
        while (k < count && !audio_word_is(&key, f[k].key))
            k++;
        if (k == count) {
            char list[128] = "";
            for (int j = 0; j < count; j++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s=",
                         j == 0           ? ""
                         : j == count - 1 ? " or "
                                          : ", ",
                         f[j].key);
            return audio_text_fail(&r->text, &key, "unknown key '%.*s' (expected %s)", key.len,
                                   key.s, list);
        }
        if (f[k].given)
            return audio_text_fail(&r->text, &key, "%s= is given twice", f[k].key);
        f[k].given = true;
        f[k].value = v;
    }
    return true;
}

static bool track_line(Reader *r, const AudioLine *line)
{
    MusicTrack *t = r->track;
    if (r->have_track)
        return audio_text_fail(&r->text, &line->words[0], "a second 'track' line");
    r->have_track = true;
    Field f[4] = {{.key = "bpm"}, {.key = "rows_per_beat"}, {.key = "volume"}, {.key = "echo"}};
    if (!fields(r, line, 1, f, 4))
        return false;
    if (!f[0].given || !f[1].given)
        return audio_text_fail(&r->text, &line->words[0], "'track' needs bpm= and rows_per_beat=");
    t->volume = 1.0;
    int echo_rows = 3;
    if (!audio_word_int(&r->text, &f[0].value, 30, 300, &t->bpm) ||
        !audio_word_int(&r->text, &f[1].value, 1, 16, &t->rows_per_beat) ||
        (f[2].given && !audio_word_number(&r->text, &f[2].value, 0.0, 2.0, &t->volume)) ||
        (f[3].given && !audio_word_int(&r->text, &f[3].value, 1, 16, &echo_rows)))
        return false;
    t->row_samples = (uint32_t)floor(AUDIO_RATE * 60.0 / (t->bpm * t->rows_per_beat) + 0.5);
    uint32_t fit = MUSIC_ECHO_MAX / MUSIC_ECHO_TAPS / t->row_samples;
    if (!f[3].given && (uint32_t)echo_rows > fit)
        echo_rows = (int)fit; /* slow rows: the longest echo that fits, or none */
    t->echo_samples = (uint32_t)echo_rows * t->row_samples;
    if ((uint64_t)t->echo_samples * MUSIC_ECHO_TAPS > MUSIC_ECHO_MAX)
        return audio_text_fail(&r->text, &f[3].value,
                               "an echo of %d rows lasts %.2f s; at this tempo at most %u rows "
                               "(its last repeat within %.0f s)",
                               echo_rows, (double)t->echo_samples / AUDIO_RATE, (unsigned)fit,
                               (double)MUSIC_ECHO_MAX / AUDIO_RATE);
    return true;
}

static bool instrument_line(Reader *r, const AudioLine *line)
{
    MusicTrack *t = r->track;
    if (t->instrument_count == MUSIC_INSTRUMENTS)
        return audio_text_fail(&r->text, &line->words[0], "more than %d instruments",
                               MUSIC_INSTRUMENTS);
    MusicInstrument *in = &t->instruments[t->instrument_count];
    memset(in, 0, sizeof *in);
    if (!new_name(r, line, "instrument", in->name))
        return false;
    if (find_instrument(t, &line->words[1]) >= 0)
        return audio_text_fail(&r->text, &line->words[1], "instrument '%s' is defined twice",
                               in->name);
    if (line->count > 2)
        return audio_text_fail(&r->text, &line->words[2],
                               "an instrument is its tone lines: nothing after its name");
    t->instrument_count++;
    r->block = IN_INSTRUMENT;
    r->block_line = line->words[0].line;
    return true;
}

static bool tone_line(Reader *r, const AudioLine *line)
{
    MusicTrack *t = r->track;
    if (r->block != IN_INSTRUMENT)
        return audio_text_fail(&r->text, &line->words[0],
                               "a tone belongs under an 'instrument NAME' line");
    MusicInstrument *in = &t->instruments[t->instrument_count - 1];
    if (in->tone_count == MUSIC_INSTRUMENT_TONES)
        return audio_text_fail(&r->text, &line->words[0], "more than %d tones in instrument '%s'",
                               MUSIC_INSTRUMENT_TONES, in->name);
    if (!audio_tone_parse(&r->text, line, TONE_IN_INSTRUMENT, &in->tones[in->tone_count]))
        return false;
    in->tone_count++;
    return true;
}

static bool channel_line(Reader *r, const AudioLine *line)
{
    MusicTrack *t = r->track;
    if (t->step_count > 0 || r->block == IN_ORDER)
        return audio_text_fail(&r->text, &line->words[0], "channels come before the order list");
    if (t->channel_count == MUSIC_CHANNELS)
        return audio_text_fail(&r->text, &line->words[0], "more than %d channels", MUSIC_CHANNELS);
    MusicChannel *c = &t->channels[t->channel_count];
    memset(c, 0, sizeof *c);
    if (!new_name(r, line, "channel", c->name))
        return false;
    for (int i = 0; i < t->channel_count; i++)
        if (strcmp(t->channels[i].name, c->name) == 0)
            return audio_text_fail(&r->text, &line->words[1], "channel '%s' is defined twice",
                                   c->name);
    Field f[4] = {{.key = "instrument"}, {.key = "volume"}, {.key = "pan"}, {.key = "echo"}};
    if (!fields(r, line, 2, f, 4))
        return false;
    if (!f[0].given)
        return audio_text_fail(&r->text, &line->words[1],
                               "channel '%s' needs instrument=", c->name);
    c->instrument = find_instrument(t, &f[0].value);
    if (c->instrument < 0)
        return audio_text_fail(&r->text, &f[0].value, "no instrument '%.*s' defined above",
                               f[0].value.len, f[0].value.s);
    c->volume = 1.0;
    if ((f[1].given && !audio_word_number(&r->text, &f[1].value, 0.0, 2.0, &c->volume)) ||
        (f[2].given && !audio_word_number(&r->text, &f[2].value, -1.0, 1.0, &c->pan)) ||
        (f[3].given && !audio_word_number(&r->text, &f[3].value, 0.0, 1.0, &c->echo)))
        return false;
    /* equal power across the field, scaled so the centre is as loud as mono */
    double angle = (c->pan + 1.0) * 0.78539816339744831;
    c->gain_l = c->pan == 0.0 ? 1.0 : sqrt(2.0) * cos(angle);
    c->gain_r = c->pan == 0.0 ? 1.0 : sqrt(2.0) * sin(angle);
    t->channel_count++;
    return true;
}

static bool pattern_line(Reader *r, const AudioLine *line)
{
    MusicTrack *t = r->track;
    if (t->pattern_count == MUSIC_PATTERNS)
        return audio_text_fail(&r->text, &line->words[0], "more than %d patterns", MUSIC_PATTERNS);
    MusicPattern *p = &t->patterns[t->pattern_count];
    memset(p, 0, sizeof *p);
    if (!new_name(r, line, "pattern", p->name))
        return false;
    const AudioWord *w = &line->words[1];
    if (w->len >= 2 && w->s[0] == 'x' && strspn(p->name + 1, "0123456789") == strlen(p->name + 1))
        return audio_text_fail(&r->text, w, "'%s' reads as a repeat count, not a name", p->name);
    int other = find_pattern(t, w);
    if (other >= 0)
        return audio_text_fail(&r->text, w, "pattern '%s' is already defined at line %d", p->name,
                               t->patterns[other].line);
    if (line->count > 2)
        return audio_text_fail(&r->text, &line->words[2],
                               "the rows of a pattern go on the lines under its name");
    p->first = t->cell_count;
    p->line = line->words[0].line;
    t->pattern_count++;
    r->block = IN_PATTERN;
    r->block_line = p->line;
    return true;
}

static bool cell(Reader *r, const AudioWord *w, MusicCell *out)
{
    MusicTrack *t = r->track;
    out->instrument = -1;
    out->note = 0;
    if (audio_word_is(w, "...")) {
        out->kind = MUSIC_EMPTY;
        return true;
    }
    if (audio_word_is(w, "---")) {
        out->kind = MUSIC_OFF;
        return true;
    }
    out->kind = MUSIC_NOTE;
    AudioWord note = *w, inst = {0};
    const char *colon = memchr(w->s, ':', (size_t)w->len);
    if (colon != NULL) {
        note.len = (int)(colon - w->s);
        inst = *w;
        inst.s = colon + 1;
        inst.len = w->len - note.len - 1;
        inst.col = w->col + note.len + 1;
    }
    int n = audio_note_number(&note);
    if (n < 0 && colon == NULL && w->len > 0 && w->s[0] >= 'a' && w->s[0] <= 'z') {
        inst = *w;
        n = 60;
    } else if (n < 0) {
        return audio_text_fail(&r->text, &note,
                               "'%.*s' is not a cell (..., ---, a note like C-4 or C#4, "
                               "NOTE:INSTRUMENT, or an instrument)",
                               note.len, note.s);
    }
    out->note = (uint8_t)n;
    if (inst.s != NULL) {
        if (inst.len == 0)
            return audio_text_fail(&r->text, &inst, "no instrument after ':'");
        int i = find_instrument(t, &inst);
        if (i < 0)
            return audio_text_fail(&r->text, &inst, "no instrument '%.*s' defined above", inst.len,
                                   inst.s);
        out->instrument = (int16_t)i;
    }
    return true;
}

static bool rows_line(Reader *r, const AudioLine *line)
{
    MusicTrack *t = r->track;
    MusicPattern *p = &t->patterns[t->pattern_count - 1];
    for (int i = 0; i < line->count; i++) {
        if (p->rows == MUSIC_PATTERN_ROWS)
            return audio_text_fail(&r->text, &line->words[i], "pattern '%s' has more than %d rows",
                                   p->name, MUSIC_PATTERN_ROWS);
        if (t->cell_count == MUSIC_CELLS)
            return audio_text_fail(&r->text, &line->words[i], "more than %d rows in all",
                                   MUSIC_CELLS);
        if (!array_reserve(t->cells, r->cell_cap, (size_t)t->cell_count + 1))
            return audio_text_fail(&r->text, &line->words[i], "out of memory");
        if (!cell(r, &line->words[i], &t->cells[t->cell_count]))
            return false;
        t->cell_count++;
        p->rows++;
    }
    return true;
}

/* One word of a step: -, NAME, NAME+N, NAME-N. */
static bool step_word(Reader *r, const AudioWord *w, int16_t *pattern, int8_t *transpose)
{
    MusicTrack *t = r->track;
    *pattern = -1;
    *transpose = 0;
    if (audio_word_is(w, "-"))
        return true;
    AudioWord name = *w, shift = {0};
    for (int i = 1; i < w->len; i++)
        if (w->s[i] == '+' || w->s[i] == '-') {
            name.len = i;
            shift = *w;
            shift.s = w->s + i;
            shift.len = w->len - i;
            shift.col = w->col + i;
            break;
        }
    int p = find_pattern(t, &name);
    if (p < 0)
        return audio_text_fail(&r->text, &name, "no pattern '%.*s' defined above", name.len,
                               name.s);
    *pattern = (int16_t)p;
    if (shift.s != NULL) {
        int n;
        if (!audio_word_int(&r->text, &shift, -48, 48, &n))
            return false;
        *transpose = (int8_t)n;
    }
    /* every note of the pattern, moved, is still a note */
    const MusicPattern *pat = &t->patterns[p];
    for (int i = 0; i < pat->rows; i++) {
        const MusicCell *c = &t->cells[pat->first + i];
        int n = c->note + *transpose;
        if (c->kind == MUSIC_NOTE && (n < 12 || n > 119))
            return audio_text_fail(&r->text, w, "moves a note of '%s' out of C-0..B-8", pat->name);
    }
    return true;
}

static bool step_line(Reader *r, const AudioLine *line)
{
    MusicTrack *t = r->track;
    int words = line->count, repeat = 1;
    double volume = 1.0;
    bool have_repeat = false, have_volume = false;
    /* after the patterns: xN, vol=V, in either order */
    while (words > 1) {
        const AudioWord *last = &line->words[words - 1];
        AudioWord key, value;
        if (!have_repeat && last->len >= 2 && last->s[0] == 'x' && last->s[1] >= '0' &&
            last->s[1] <= '9') {
            AudioWord n = *last;
            n.s++;
            n.len--;
            n.col++;
            if (!audio_word_int(&r->text, &n, 1, 64, &repeat))
                return false;
            have_repeat = true;
        } else if (!have_volume && memchr(last->s, '=', (size_t)last->len) != NULL) {
            if (!audio_word_split(&r->text, last, &key, &value))
                return false;
            if (!audio_word_is(&key, "vol"))
                return audio_text_fail(&r->text, &key, "unknown key '%.*s' (a step takes vol=)",
                                       key.len, key.s);
            if (!audio_word_number(&r->text, &value, 0.0, 2.0, &volume))
                return false;
            have_volume = true;
        } else {
            break;
        }
        words--;
    }
    if (words != t->channel_count)
        return audio_text_fail(&r->text, &line->words[words < t->channel_count ? 0 : words - 1],
                               "a step names %d pattern%s, one for each channel; this one has %d",
                               t->channel_count, t->channel_count == 1 ? "" : "s", words);
    MusicStep step = {.rows = 0, .volume = volume};
    for (int c = 0; c < words; c++) {
        if (!step_word(r, &line->words[c], &step.pattern[c], &step.transpose[c]))
            return false;
        if (step.pattern[c] < 0)
            continue;
        int rows = t->patterns[step.pattern[c]].rows;
        if (step.rows != 0 && rows != step.rows)
            return audio_text_fail(&r->text, &line->words[c],
                                   "pattern '%s' has %d rows, the others of this step %d",
                                   t->patterns[step.pattern[c]].name, rows, step.rows);
        step.rows = rows;
    }
    if (step.rows == 0)
        return audio_text_fail(&r->text, &line->words[0],
                               "a step needs a pattern on at least one channel");
    for (int i = 0; i < repeat; i++) {
        if (t->step_count == MUSIC_STEPS)
            return audio_text_fail(&r->text, &line->words[0], "more than %d steps in the order",
                                   MUSIC_STEPS);
        t->steps[t->step_count++] = step;
    }
    return true;
}

static void keyword_line(Reader *r, const AudioLine *line)
{
    const AudioWord *w = &line->words[0];
    bool loop = audio_word_is(w, "loop");
    if (!loop && r->block != IN_NOTHING && !end_block(r))
        return;
    if (audio_word_is(w, "track")) {
        track_line(r, line);
    } else if (audio_word_is(w, "instrument")) {
        instrument_line(r, line);
    } else if (audio_word_is(w, "tone")) {
        audio_text_fail(&r->text, w, "a tone belongs under an 'instrument NAME' line");
    } else if (audio_word_is(w, "channel")) {
        channel_line(r, line);
    } else if (audio_word_is(w, "pattern")) {
        pattern_line(r, line);
    } else if (audio_word_is(w, "order")) {
        if (r->track->step_count > 0 || r->have_loop)
            audio_text_fail(&r->text, w, "a second 'order' list");
        else if (r->track->channel_count == 0)
            audio_text_fail(&r->text, w, "the order list comes after the channels");
        else if (line->count > 1)
            audio_text_fail(&r->text, &line->words[1], "the steps go on the lines under 'order'");
        else
            r->block = IN_ORDER;
    } else { /* loop */
        if (r->block != IN_ORDER)
            audio_text_fail(&r->text, w, "'loop' marks a step of the order list");
        else if (r->have_loop)
            audio_text_fail(&r->text, w, "a second 'loop'");
        else if (line->count > 1)
            audio_text_fail(&r->text, &line->words[1], "'loop' stands alone on its line");
        r->have_loop = true;
        r->track->loop = r->track->step_count;
    }
}

static bool read_track(Reader *r)
{
    AudioLine line;
    while (audio_text_line(&r->text, &line)) {
        const AudioWord *w = &line.words[0];
        if (audio_word_is(w, "tone") && r->block == IN_INSTRUMENT)
            tone_line(r, &line);
        else if (is_keyword(w))
            keyword_line(r, &line);
        else if (r->block == IN_PATTERN)
            rows_line(r, &line);
        else if (r->block == IN_ORDER)
            step_line(r, &line);
        else
            audio_text_fail(&r->text, w,
                            "expected track, instrument, channel, pattern or order; got '%.*s'",
                            w->len, w->s);
    }
    if (r->text.failed)
        return false;
    const MusicTrack *t = r->track;
    if (r->block != IN_NOTHING && r->block != IN_ORDER && !end_block(r))
        return false;
    if (!r->have_track)
        return audio_text_fail_at(&r->text, 1, 1, "no 'track bpm=N rows_per_beat=N' line");
    if (t->step_count == 0)
        return audio_text_fail_at(&r->text, r->text.line, 1, "no steps in an 'order' list");
    if (t->loop >= t->step_count)
        return audio_text_fail_at(&r->text, r->text.line, 1, "no step after 'loop'");
    return true;
}

/* "assets/music/cave.txt" -> "cave" */
static void track_name(const char *file, char *out)
{
    const char *base = strrchr(file, '/');
    base = base != NULL ? base + 1 : file;
    size_t len = strcspn(base, ".");
    if (len >= MUSIC_NAME_MAX)
        len = MUSIC_NAME_MAX - 1;
    memcpy(out, base, len);
    out[len] = '\0';
}

bool audio_music_parse(const char *file, const char *text, size_t len, MusicTrack **out, char *err,
                       size_t errlen)
{
    *out = NULL;
    Reader r = {0};
    r.track = calloc(1, sizeof *r.track);
    if (r.track == NULL) {
        snprintf(err, errlen, "%s: error: out of memory", file);
        return false;
    }
    audio_text_init(&r.text, file, text, len, err, errlen);
    track_name(file, r.track->name);
    if (!read_track(&r)) {
        audio_music_destroy(r.track);
        return false;
    }
    *out = r.track;
    return true;
}

bool audio_music_load(const char *path, MusicTrack **out, char *err, size_t errlen)
{
    char *text;
    size_t len;
    *out = NULL;
    if (!audio_text_read_file(path, &text, &len, err, errlen))
        return false;
    bool ok = audio_music_parse(path, text, len, out, err, errlen);
    free(text);
    return ok;
}

void audio_music_destroy(MusicTrack *track)
{
    if (track == NULL)
        return;
    free(track->cells);
    free(track);
}

static uint64_t rows_between(const MusicTrack *t, int from, int to)
{
    uint64_t rows = 0;
    for (int i = from; i < to; i++)
        rows += (uint64_t)t->steps[i].rows;
    return rows * t->row_samples;
}

uint64_t audio_music_intro_samples(const MusicTrack *track)
{
    return rows_between(track, 0, track->loop);
}

uint64_t audio_music_loop_samples(const MusicTrack *track)
{
    return rows_between(track, track->loop, track->step_count);
}
