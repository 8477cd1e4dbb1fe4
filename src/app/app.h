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

/* The file next to a program in its build tree that names its data folder. */
#define APP_BUILD_DATA_FILE "data-folder.txt"

/* One line for the player after app_find_data(dir, ...) failed: the folder
** that was asked for, or where the data was looked for, and what to do. */
void app_data_missing(const char *dir, char *msg, size_t size);

/* Loads assets/physics.json of data_dir, then the level at path on top of
** it. Errors are appended to errors. */
bool app_load_level(const char *data_dir, const char *path, LevelDesc *out,
                    LevelErrors *errors);

/* A new Sim for a reloaded level, with the player of old (when not NULL)
** moved to where it stood there if its box fits in the new map
** (sim_place_player); otherwise it starts at the level's start. old is not
** destroyed. Returns NULL when sim_create does. */
Sim *app_rebuild_sim(Sim *old, const LevelDesc *level, const ClipTable *clips);

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
int app_render_music(int argc, char **argv, const char *data_dir, const char *base_path);

/* platformer --headless --level FILE [--replay FILE] [--frames N]
**                       [--hash-every K] [--trace]
** platformer --headless --verify [--update [--allow-outcome-change]] REPLAY...
** platformer --headless --soak TICKS [--seed N] LEVEL...
** main() has taken --data DIR off the command line: data_dir and base_path
** are app_find_data's. Returns the process exit status: 0, 1 on failure or
** mismatch, 2 on wrong usage. */
int app_headless(int argc, char **argv, const char *data_dir, const char *base_path);

#endif
