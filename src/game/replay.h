/* SPDX-License-Identifier: Zlib */
/*
** replay.h -- input recordings as text files: this is the one place that
** reads and writes them.
**
** One line per run of ticks with the same input: `COUNT[,KEY...]`, keys
** L R U D J (left, right, up, down, jump held), and I for a tick played
** with the Assist's invincibility on (InputIntent.invincible). `30,R` then `12,R,J` holds
** right for 42 ticks and presses jump at tick 31: a jump press is a tick
** where J is held and was not the tick before. `#` starts a comment; blank
** lines are ignored. This is the format of CelesteTAS input files.
**
** Comments that start `#!` are directives: what the replay is of and what
** it must end in, so that --verify can check a run without being told:
**
**   #! level: ../../levels/01-first-steps.json   (relative to the replay)
**   #! outcome: completed                        (completed, died or running)
**   #! ticks: 812
**   #! hash: 0123456789abcdef                    (sim_hash at the end)
**   #! collects: all                             (every coin and gem, then the goal)
*/
#ifndef REPLAY_H
#define REPLAY_H

#include "input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    REPLAY_MAX_TICKS = 60 * 60 * 60 * 4, /* four hours */
    /* a file's bytes, at most: every tick on a line of its own with every
    ** key ("1,L,R,U,D,J,I\r\n", 15 bytes), and room for comments */
    REPLAY_MAX_BYTES = REPLAY_MAX_TICKS * 16,
    REPLAY_PATH_MAX = 4096,
};

/* A replay's directives; missing ones are empty or 0. */
typedef struct ReplayHeader {
    char level[REPLAY_PATH_MAX]; /* as written: relative to the replay's folder, or absolute */
    char outcome[16];            /* "completed", "died", "running" or "" */
    unsigned long ticks;
    char hash[17];     /* 16 lowercase hex digits, or "" */
    bool collects_all; /* "#! collects: all": every coin and gem, then the goal */
} ReplayHeader;

typedef struct Replay {
    uint8_t *keys; /* one byte per tick: REPLAY_KEY_* bits */
    size_t count;
    size_t capacity;
} Replay;

enum {
    REPLAY_KEY_L = 1,
    REPLAY_KEY_R = 2,
    REPLAY_KEY_U = 4,
    REPLAY_KEY_D = 8,
    REPLAY_KEY_J = 16,
    REPLAY_KEY_I = 32,
};

void replay_init(Replay *r);
void replay_fini(Replay *r);
/* Appends one tick (jump_pressed is implied by J; it is not stored). */
bool replay_push(Replay *r, const InputIntent *in);
/* The intent of tick i, jump_pressed derived from tick i-1. */
InputIntent replay_intent(const Replay *r, size_t i);

/* Parses text: the inputs into out, the directives into header (which may
** be NULL). On error returns false and writes "LINE:COL: message" to err. */
bool replay_parse(const char *text, size_t len, Replay *out, ReplayHeader *header, char *err,
                  size_t errlen);
/* A count as replays and the command line write it: decimal digits only
** (no sign, no space), within an unsigned long. */
bool replay_parse_count(const char *text, unsigned long *out);
/* Reads a file; errors are "FILE:LINE:COL: message". header may be NULL. */
bool replay_load(const char *path, Replay *out, ReplayHeader *header, char *err, size_t errlen);
/* The header's level path as seen from here: relative to the replay's
** folder. False when there is none or it does not fit. */
bool replay_level_path(const ReplayHeader *header, const char *replay_path, char *buf, size_t size);

/* Formats the inputs as text (runs of equal ticks). Returns a malloc'd
** string, length in *len. */
char *replay_format(const Replay *r, size_t *len);
/* Writes a new replay file, atomically: a first comment line, the header's
** directives, then the inputs. False with a message in err. */
bool replay_save(const char *path, const Replay *r, const ReplayHeader *header, char *err,
                 size_t errlen);
/* Rewrites the outcome, ticks and hash directives of an existing replay
** file to header's (adding those it lacks after the last directive),
** keeping every other line as it was; atomically. False with a message. */
bool replay_update_header(const char *path, const ReplayHeader *header, char *err, size_t errlen);

#endif
