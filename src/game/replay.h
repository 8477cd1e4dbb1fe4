/*
** replay.h -- input recordings as text.
**
** One line per run of ticks with the same input: `COUNT[,KEY...]`, keys
** L R U D J (left, right, up, down, jump held). `30,R` then `12,R,J` holds
** right for 42 ticks and presses jump at tick 31: a jump press is a tick
** where J is held and was not the tick before. `#` starts a comment; blank
** lines are ignored. This is the format of CelesteTAS input files.
*/
#ifndef REPLAY_H
#define REPLAY_H

#include "input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { REPLAY_MAX_TICKS = 60 * 60 * 60 * 4 }; /* four hours */

typedef struct Replay {
    uint8_t *keys;      /* one byte per tick: REPLAY_KEY_* bits */
    size_t count;
    size_t capacity;
} Replay;

enum {
    REPLAY_KEY_L = 1, REPLAY_KEY_R = 2, REPLAY_KEY_U = 4,
    REPLAY_KEY_D = 8, REPLAY_KEY_J = 16,
};

void replay_init(Replay *r);
void replay_fini(Replay *r);
/* Appends one tick (jump_pressed is implied by J; it is not stored). */
bool replay_push(Replay *r, const InputIntent *in);
/* The intent of tick i, jump_pressed derived from tick i-1. */
InputIntent replay_intent(const Replay *r, size_t i);

/* Parses text; on error returns false and writes "LINE:COL: message" to err. */
bool replay_parse(const char *text, size_t len, Replay *out, char *err, size_t errlen);
/* Reads a file; errors are "FILE:LINE:COL: message". */
bool replay_load(const char *path, Replay *out, char *err, size_t errlen);
/* Formats as text (runs of equal ticks). Returns a malloc'd string, length in *len. */
char *replay_format(const Replay *r, size_t *len);

#endif
