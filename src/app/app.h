/* SPDX-License-Identifier: Zlib */
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

/* Finds the game's data: the folder holding assets/ and levels/. In order:
**   1. dir (--data DIR) when not NULL, else $PLATFORMER_DATA when set and
**      not empty: that folder and no other;
**   2. a build tree: base_path is the program's folder (SDL_GetBasePath,
**      from the front end; NULL when unknown), where the build leaves
**      APP_BUILD_DATA_FILE, one line naming the source folder;
**   3. an install: the data folder at the place the build put it relative
**      to the program (bin/../share/pips-peak, so an installed tree still
**      runs after it is moved), then at the absolute place compiled in
**      (from CMAKE_INSTALL_FULL_DATADIR).
** A folder counts when it has assets/physics.json. Returns false when none
** does; app_data_missing then says what was tried. */
bool app_find_data(const char *dir, const char *base_path, char *out, size_t size);

/* The id progress.json keeps the progress of the campaign of data_dir by (a
** data folder app_find_data found): PROGRESS_MAIN for the game's own data
** (the build tree's or the install's, however it was named), else
** "folder:" and the folder's real path, the same from any working folder.
** False when it does not fit in size (PROGRESS_CAMPAIGN_MAX is enough). */
bool app_campaign_id(const char *data_dir, const char *base_path, char *out, size_t size);

/* The file next to a program in its build tree that names its data folder. */
#define APP_BUILD_DATA_FILE "data-folder.txt"

/* One line for the player after app_find_data(dir, ...) failed: the folder
** that was asked for, or where the data was looked for, and what to do. */
void app_data_missing(const char *dir, char *msg, size_t size);

/* The level file that --level NAME means (names.c): NAME itself when it is
** a file, or when it is a path (it has a '/'); else the first file of
** user_dir/levels/ (the player's levels, beside settings.json; user_dir
** may be NULL) then data_dir/levels/ (the game's) named NAME, NAME.json or
** NAME.tmj. False, with a message saying where it looked, when a plain
** name is found nowhere or the path does not fit in size. */
bool app_level_path(const char *name, const char *user_dir, const char *data_dir, char *out,
                    size_t size, char *err, size_t errlen);

/* Loads assets/physics.json of data_dir, then the level at path on top of
** it. A level someone else made (a pack's, one in the player's levels
** folder) is held to its own folder and the data folder (LevelConfine):
** own_folder names that folder; NULL for a level named on the command line,
** which may read any file. Errors are appended to errors. */
bool app_load_level(const char *data_dir, const char *path, const char *own_folder, LevelDesc *out,
                    LevelErrors *errors);

/* A new Sim for a reloaded level, with the player of old (when not NULL)
** moved to where it stood there if its box fits in the new map
** (sim_place_player); otherwise it starts at the level's start. old is not
** destroyed. Returns NULL when sim_create does. */
Sim *app_rebuild_sim(Sim *old, const LevelDesc *level, const ClipTable *clips);

/* How app_run runs a level. */
typedef struct AppRun {
    const Replay *replay;     /* input, tick by tick; NULL: no input */
    unsigned long max_ticks;  /* 0: no limit */
    unsigned long hash_every; /* print "tick N hash H" every this many ticks; 0: never */
    bool trace;               /* print the player's state after every tick */
    FILE *out;                /* where those lines go */
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
int app_render_music(int argc, char **argv, const char *data_dir, const char *base_path);

/* platformer --headless --level FILE [--replay FILE] [--frames N]
**                       [--hash-every K] [--trace]
** platformer --headless --verify [--update [--allow-outcome-change]] REPLAY...
** platformer --headless --soak TICKS [--seed N] LEVEL...
** platformer --headless --jitter ... (app_jitter)
** main() has taken --data DIR off the command line: data_dir and base_path
** are app_find_data's. Returns the process exit status: 0, 1 on failure or
** mismatch, 2 on wrong usage. */
int app_headless(int argc, char **argv, const char *data_dir, const char *base_path);

/* ---- --jitter: how forgiving a completing replay is (jitter.c) ---- */

/* A shifted run that did not complete with no death. */
typedef struct AppJitterMiss {
    unsigned long press; /* the jump's press as recorded, a tick index from 0 */
    unsigned long held;  /* ticks it is held */
    int shift;           /* ticks it was moved: negative is earlier */
    SimOutcome outcome;  /* OUTCOME_DIED, or OUTCOME_RUNNING: not done in time */
    unsigned long tick;  /* ticks run when it died or the time ran out */
    int32_t x, y;        /* the centre of the player's box then, px */
} AppJitterMiss;

/* What app_jitter_measure found. */
typedef struct AppJitter {
    unsigned long ticks; /* the run as recorded: its ticks, outcome, deaths, end hash */
    SimOutcome outcome;
    uint32_t deaths;
    uint64_t hash;
    size_t jumps;          /* jumps pressed before the recorded run ends */
    size_t runs;           /* shifted runs played */
    size_t completed;      /* ... that completed with no death in time */
    size_t skipped;        /* shifts not played: before tick 0, or touching another jump */
    AppJitterMiss *misses; /* the runs that did not, by jump then shift; owned */
    size_t miss_count;
} AppJitter;

/* Plays replay on level as recorded, then, when that completes with no
** death, once for each jump (a run of ticks with J held, starting with a
** press) and each shift of it by -shift..-1 and 1..shift ticks: the press
** and release move together, every other input stays as recorded. A run
** counts when it completes with no death within the recorded ticks plus
** slack. False only when out of memory; app_jitter_fini frees out. */
bool app_jitter_measure(const LevelDesc *level, const Replay *replay, int shift,
                        unsigned long slack, AppJitter *out);
void app_jitter_fini(AppJitter *j);
/* The inputs of one shifted run, as app_jitter_measure plays it: replay's
** ticks, then its last tick's directions without jump up to length ticks,
** with the jump pressed at tick `press` (from 0) moved by shift. False,
** with a message in err, when no jump is pressed there or that shift is
** one app_jitter_measure skips. out is the caller's to replay_fini. */
bool app_jitter_shift(const Replay *replay, size_t length, size_t press, int shift, Replay *out,
                      char *err, size_t errlen);
/* completed / runs as a percentage; 100 when no run was played. */
double app_jitter_percent(const AppJitter *j);

/* platformer --headless --jitter [--shift N] [--slack T] [--min P] REPLAY...
** platformer --headless --jitter --write TICK,SHIFT OUT.replay [--slack T] REPLAY
** Prints each replay's figures and the jumps that fail, or writes one
** shifted run as a replay. Returns 0, 1 when a replay does not complete as
** recorded or is below --min (or the run cannot be written), 2 on wrong
** usage. data_dir and base_path are app_find_data's, as for app_headless. */
int app_jitter(int argc, char **argv, const char *data_dir, const char *base_path);

#endif
