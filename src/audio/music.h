/* SPDX-License-Identifier: Zlib */
/*
** music.h -- looping music: a track read from a text file
** (assets/music/NAME.txt, format atop music.c and in docs/AUDIO.md) and the
** sequencer that plays it (sequencer.c).
**
** A track is plain data once read: instruments made of tones (synth.h),
** channels that each play one line of notes, patterns of rows, and an order
** list with a loop point. A MusicPlayer renders a track to 16-bit stereo
** PCM at AUDIO_RATE (each channel placed by its pan, the leads echoed from
** side to side), as many frames at a time as asked, for ever: after the
** last step of the order list it goes on at the loop point with every
** sounding note carried over, so the wrap is as smooth as any bar line.
** The output depends only on the track and the number of samples already
** rendered: the same bytes on every run, however the calls are cut.
*/
#ifndef MUSIC_H
#define MUSIC_H

#include "synth.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    MUSIC_CHANNELS = 8,
    MUSIC_INSTRUMENTS = 32,
    MUSIC_INSTRUMENT_TONES = 4,
    MUSIC_PATTERNS = 256,
    MUSIC_PATTERN_ROWS = 256,
    MUSIC_STEPS = 256,   /* entries of the order list, repeats written out */
    MUSIC_CELLS = 65536, /* rows of all patterns together */
    MUSIC_NOTES = 8,     /* notes sounding at once on one channel */
    MUSIC_NAME_MAX = 32,
    MUSIC_ECHO_TAPS = 3,         /* repeats of the echo, at 1, 2 and 3 times its delay */
    MUSIC_ECHO_MAX = AUDIO_RATE, /* samples of the echo's memory: its last tap, at most */
};

typedef enum MusicCellKind {
    MUSIC_EMPTY, /* `...`: what sounds goes on */
    MUSIC_OFF,   /* `---`: the held note ends (its release follows) */
    MUSIC_NOTE,  /* a note starts */
} MusicCellKind;

typedef struct MusicCell {
    uint8_t kind;       /* MusicCellKind */
    uint8_t note;       /* MIDI number (C-4 = 60) */
    int16_t instrument; /* index, or -1 for the channel's own */
} MusicCell;

typedef struct MusicInstrument {
    char name[MUSIC_NAME_MAX];
    Tone tones[MUSIC_INSTRUMENT_TONES];
    int tone_count;
} MusicInstrument;

typedef struct MusicChannel {
    char name[MUSIC_NAME_MAX];
    int instrument; /* played by notes that name none */
    double volume;
    double pan;            /* -1 left .. 0 centre .. 1 right */
    double echo;           /* how much of it feeds the echo, 0..1 */
    double gain_l, gain_r; /* from pan: equal power, 1 each at the centre */
} MusicChannel;

typedef struct MusicPattern {
    char name[MUSIC_NAME_MAX];
    int first; /* its rows in MusicTrack.cells */
    int rows;
    int line; /* where it is defined */
} MusicPattern;

/* One entry of the order list: a pattern (or -1, silence) per channel. */
typedef struct MusicStep {
    int16_t pattern[MUSIC_CHANNELS];
    int8_t transpose[MUSIC_CHANNELS]; /* semitones added to that pattern's notes */
    int rows;
    double volume; /* the whole mix in this step: a section's dynamics */
} MusicStep;

typedef struct MusicTrack {
    char name[MUSIC_NAME_MAX]; /* the file's name without .txt */
    int bpm, rows_per_beat;
    uint32_t row_samples;  /* samples a row lasts */
    uint32_t echo_samples; /* the echo's delay */
    double volume;
    MusicInstrument instruments[MUSIC_INSTRUMENTS];
    int instrument_count;
    MusicChannel channels[MUSIC_CHANNELS];
    int channel_count;
    MusicPattern patterns[MUSIC_PATTERNS];
    int pattern_count;
    MusicCell *cells; /* owned */
    int cell_count;
    MusicStep steps[MUSIC_STEPS];
    int step_count;
    int loop; /* the step play returns to after the last */
} MusicTrack;

/* Reads a track file. On success *out is a track the caller frees with
** audio_music_destroy; on failure *out is NULL and err holds one line,
** FILE:LINE:COL: error: MESSAGE. The track is named after the file. */
bool audio_music_load(const char *path, MusicTrack **out, char *err, size_t errlen);

/* The same from text in memory; file names it in messages and names the track. */
bool audio_music_parse(const char *file, const char *text, size_t len, MusicTrack **out, char *err,
                       size_t errlen);

void audio_music_destroy(MusicTrack *track);

/* Samples before the loop point, and of one pass from the loop point to the end. */
uint64_t audio_music_intro_samples(const MusicTrack *track);
uint64_t audio_music_loop_samples(const MusicTrack *track);

/* ---- the sequencer (sequencer.c) ---- */

typedef struct MusicVoice {
    const MusicInstrument *instrument;
    double freq[MUSIC_INSTRUMENT_TONES];
    ToneState tones[MUSIC_INSTRUMENT_TONES];
    uint64_t age;        /* samples since the note started */
    int64_t released_at; /* age when the note ended; -1 while held */
} MusicVoice;

typedef struct MusicPlayer {
    const MusicTrack *track;    /* borrowed: must outlive the player */
    int step, row;              /* the row playing */
    uint32_t row_left;          /* samples until the next row */
    double volume;              /* the step's volume, reached by a short glide */
    float echo[MUSIC_ECHO_MAX]; /* what fed the echo, the last second of it */
    uint32_t echo_at;           /* where the next sample goes in echo[] */
    MusicVoice voices[MUSIC_CHANNELS][MUSIC_NOTES]; /* by channel, oldest first */
    int voice_count[MUSIC_CHANNELS];
    uint64_t position; /* samples rendered */
    uint32_t passes;   /* times play went back to the loop point */
    uint32_t stolen;   /* notes cut short for want of room: 0 in a good track */
} MusicPlayer;

/* Ready to play track from its start. */
void audio_music_start(MusicPlayer *p, const MusicTrack *track);

/* Renders the next frames stereo frames into out (2 * frames samples,
** left then right). */
void audio_music_render(MusicPlayer *p, int16_t *out, size_t frames);

#endif
