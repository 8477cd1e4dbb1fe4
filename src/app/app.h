/*
** app.h -- SDL-free glue between level files and the simulation, shared by
** the game and its command-line modes: finding the data folder, loading a
** level with its physics, and the headless runner.
*/
#ifndef APP_H
#define APP_H

#include "level.h"
#include "replay.h"
#include "sim.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { APP_PATH_MAX = 4096 };

/* Finds the folder holding assets/ and levels/: $PLATFORMER_DATA if set,
** else the current folder, else up from the executable's folder (argv0).
** Returns false when none has assets/physics.json. */
bool app_find_data(const char *argv0, char *out, size_t size);

/* Loads assets/physics.json of data_dir, then the level at path on top of
** it. Errors are appended to errors. */
bool app_load_level(const char *data_dir, const char *path, LevelDesc *out,
                    LevelErrors *errors);

/* A new Sim for a reloaded level, with the player of old (when not NULL)
** moved to where it stood there if its box fits in the new map
** (sim_place_player); otherwise it starts at the level's start. old is not
** destroyed. Returns NULL when sim_create does. */
Sim *app_rebuild_sim(Sim *old, const LevelDesc *level, const ClipTable *clips);

/* A replay's expectations, written in its comments as directives:
**   #! level: ../../levels/01-first-steps.json   (relative to the replay)
**   #! outcome: completed
**   #! ticks: 812
**   #! hash: 0123456789abcdef
** Missing ones are empty/zero. */
typedef struct ReplayExpect {
    char level[APP_PATH_MAX];
    char outcome[16];
    unsigned long ticks;
    char hash[17];
} ReplayExpect;

/* Reads the directives of a replay file. Returns false when unreadable. */
bool app_replay_expect(const char *replay_path, ReplayExpect *out, char *err, size_t errlen);

/* How app_run runs a level. */
typedef struct AppRun {
    const Replay *replay;       /* input, tick by tick; NULL: no input */
    unsigned long max_ticks;    /* 0: no limit */
    unsigned long hash_every;   /* print "tick N hash H" every this many ticks; 0: never */
    bool trace;                 /* print the player's state after every tick */
    FILE *out;                  /* where those lines go */
} AppRun;

/* Runs sim until the replay ends, max_ticks pass, or the level completes.
** Returns the ticks run. */
unsigned long app_run(Sim *sim, const AppRun *run);

const char *app_outcome_name(SimOutcome outcome);

/* The file of a music track: TRACK itself when it is a path (it has a '/'
** or ends in .txt), else DATA_DIR/assets/music/TRACK.txt. False when it
** does not fit in size. */
bool app_music_path(const char *data_dir, const char *track, char *out, size_t size);

/* platformer --render-music TRACK OUT.wav [--seconds N] [--data DIR]
** Renders a track to a WAV file; without --seconds, once to its loop point.
** Returns the exit status: 0, 1 on failure, 2 on wrong usage. */
int app_render_music(int argc, char **argv);

/* platformer --headless --level FILE [--replay FILE] [--frames N]
**                       [--hash-every K] [--data DIR]
** platformer --headless --verify REPLAY...
** Returns the process exit status: 0, 1 on failure or mismatch, 2 on
** wrong usage. */
int app_headless(int argc, char **argv);

#endif
