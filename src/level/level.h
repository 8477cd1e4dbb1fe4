/* SPDX-License-Identifier: Zlib */
/*
** level.h -- level files: native JSON levels, Tiled maps and physics.json.
**
** Everything here turns a file into plain data (a LevelDesc, PhysicsParams)
** or explains why it could not, as lines of the form
**
**     FILE:LINE:COL: error: MESSAGE
**
** A loader never stops at the first problem it can recover from: it reports
** every error of a file (up to LEVEL_MAX_ERRORS) and leaves its output
** untouched on failure. Lines and columns count from 1; a column counts
** characters (UTF-8 code points), a tab being one. levels/README.md describes
** the formats. This module reads JSON through src/json/ and never uses SDL.
*/
#ifndef LEVEL_H
#define LEVEL_H

#include "leveldesc.h"
#include "params.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define LEVEL_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define LEVEL_PRINTF(fmt, args)
#endif

/* Limits. Past them a file is refused with an error naming the limit. */
enum {
    LEVEL_MAX_ERRORS = 50,                   /* kept per LevelErrors */
    LEVEL_MAX_WARNINGS = 16,                 /* kept per LevelErrors */
    LEVEL_MAX_FILE_BYTES = 16 * 1024 * 1024, /* any JSON file */
    LEVEL_MAX_DEPTH = 64,                    /* nesting of JSON arrays and objects (json/) */
    LEVEL_MAX_JSON_VALUES = 2 * 1024 * 1024, /* values in one JSON file (json/) */
    LEVEL_MAX_SIDE = TILEMAP_MAX_SIDE,       /* map width and height, tiles */
    LEVEL_MAX_ENTITIES = 1 << 20,            /* 1,048,576 */
    /* cells of all the tile layers of a Tiled map together: four layers
    ** of the largest map, 256 MiB of gids decoded */
    LEVEL_MAX_LAYER_CELLS = 4 * LEVEL_MAX_SIDE * LEVEL_MAX_SIDE,
    LEVEL_ERROR_FILE_MAX = 256,
    LEVEL_ERROR_MESSAGE_MAX = 256,
};

/* One problem in one file. line and col are 0 when it concerns the whole
** file (it cannot be opened, say). */
typedef struct LevelError {
    char file[LEVEL_ERROR_FILE_MAX];
    int line, col;
    bool whole; /* about the level as a whole: listed last */
    char message[LEVEL_ERROR_MESSAGE_MAX];
} LevelError;

/* The errors of one or more loads, in place order: by file (the files in
** the order their first error was found), then line, then column, equal
** places in the order found; so printed or shown, they read top to bottom.
** Within a file, errors about the level as a whole (no player, no goal),
** which most often follow from one placed before them (a misspelt legend
** entry), come after every placed one.
** And the warnings: things that load and play but are most likely a
** mistake (a switch group with no blocks); a warning never makes a load
** fail. Plain data owned by the caller; zero-initialise it or call
** level_errors_clear. */
typedef struct LevelErrors {
    int count;   /* entries used in list */
    int dropped; /* found past LEVEL_MAX_ERRORS */
    LevelError list[LEVEL_MAX_ERRORS];
    int warning_count; /* entries used in warnings */
    LevelError warnings[LEVEL_MAX_WARNINGS];
} LevelErrors;

void level_errors_clear(LevelErrors *errors);
/* Adds an error at its place in the list. Past LEVEL_MAX_ERRORS the list
** keeps those that come first and counts the others in dropped. */
void level_errors_add(LevelErrors *errors, const char *file, int line, int col, const char *fmt,
                      ...) LEVEL_PRINTF(5, 6);
/* An error about the level as a whole, shown at (line, col), the level's
** own place, but listed after the errors of the file that have a place of
** their own: those are likelier its cause. */
void level_errors_add_whole(LevelErrors *errors, const char *file, int line, int col,
                            const char *fmt, ...) LEVEL_PRINTF(5, 6);
/* Appends a warning; past LEVEL_MAX_WARNINGS it is dropped. */
void level_warnings_add(LevelErrors *errors, const char *file, int line, int col, const char *fmt,
                        ...) LEVEL_PRINTF(5, 6);
/* Writes "FILE:LINE:COL: error: MESSAGE" (or "FILE: error: MESSAGE" when
** line is 0) into buf, always terminated; returns the length it needed. */
size_t level_error_format(const LevelError *error, char *buf, size_t size);
/* Prints every error, one line each, then how many were not kept, then the
** warnings. */
void level_errors_print(const LevelErrors *errors, FILE *out);

/* ---- Levels ---------------------------------------------------------------
**
** A native level (a .json file under levels/) or a Tiled map (any file whose
** root has "type": "map", or a .tmj). The level's physics is base (physics_defaults()
** when NULL; usually what level_physics_load read from assets/physics.json) with
** the level's own overrides on top. Errors are appended to errors. On success
** *out is filled (the caller frees it with leveldesc_fini); on failure it is
** not touched. */
bool level_load(const char *path, const PhysicsParams *base, LevelDesc *out, LevelErrors *errors);
/* The same from text in memory; path only names the file in messages (and,
** for a Tiled map, locates external tilesets). text need not end in NUL. */
bool level_parse(const char *path, const char *text, size_t len, const PhysicsParams *base,
                 LevelDesc *out, LevelErrors *errors);

/* level_parse without the rules a level keeps to be played (level/validate.c:
** one player start, a goal, nothing inside a wall, ...): the values of a
** level file that reads, as the editor opens a level still being made. Every problem of the file's JSON, keys and values is an error as in
** level_parse. */
bool level_parse_draft(const char *path, const char *text, size_t len, const PhysicsParams *base,
                       LevelDesc *out, LevelErrors *errors);

/* Where an entity named at tile (tx, ty) stands, as every format places it:
** its box's left edge on the tile's left edge, a fixed-size kind standing on
** the tile's bottom, a kind sized by "w" and "h" from its top-left corner.
** e's kind and size are set. */
void level_entity_at_tile(LevelEntity *e, int tx, int ty);

/* The backgrounds a level may name: "hills", "cave", "ice", "peak", each a
** tile theme, a backdrop and a music track. */
enum { LEVEL_BACKGROUND_COUNT = 4 };
const char *const *level_background_names(void);

/* Where the files a level names (a Tiled map's external tilesets) may be.
** A level the player names on the command line may name any file its user
** can read (level_load). A level someone else made (a level pack, the
** user's levels folder) may name only files inside its own folder and the
** game's data folder: anything else (/etc/passwd, ../../x.tsj, a link that
** leads out) is refused with an error before it is opened. Links and ".."
** are resolved before the folders are compared. */
typedef struct LevelConfine {
    const char *folder; /* the pack's (or levels folder's) own folder */
    const char *data;   /* the game's data folder; may be NULL */
} LevelConfine;

/* level_load for a level held to confine (see LevelConfine). */
bool level_load_confined(const char *path, const PhysicsParams *base, const LevelConfine *confine,
                         LevelDesc *out, LevelErrors *errors);

/* ---- physics.json -----------------------------------------------------------
**
** An object whose keys are parameter names of physics_param_table() and whose
** values are numbers within the table's ranges ("$schema" is allowed too).
** Parameters present replace those of *inout; on any error *inout is not
** touched. */
bool level_physics_load(const char *path, PhysicsParams *inout, LevelErrors *errors);
bool level_physics_parse(const char *path, const char *text, size_t len, PhysicsParams *inout,
                         LevelErrors *errors);

/* ---- Tiled export ------------------------------------------------------------ */

/* How an exported map writes its tile layer: Tiled's Map Properties > Tile
** Layer Format. */
typedef enum LevelLayerFormat {
    LEVEL_LAYER_CSV,    /* an array of gids (Tiled's "CSV") */
    LEVEL_LAYER_BASE64, /* base64, uncompressed */
    LEVEL_LAYER_ZLIB,   /* base64 of zlib-compressed gids */
    LEVEL_LAYER_GZIP,   /* base64 of gzip-compressed gids */
    LEVEL_LAYER_ZSTD,   /* base64 of zstd-compressed gids */
    LEVEL_LAYER_FORMAT_COUNT
} LevelLayerFormat;

/* "csv", "base64", "zlib", "gzip" or "zstd" (what --layer-format takes). */
const char *level_layer_format_name(LevelLayerFormat format);
/* The format of that name, or -1. */
int level_layer_format_find(const char *name);
/* Writes the level at level_path (native or Tiled) as a Tiled map at
** out_path: one tile layer, in the given format, one object layer, map
** properties. The map refers to the tileset file tileset_path by a path
** relative to out_path's folder, so Tiled shows the tiles; loading out_path
** gives the same LevelDesc. Refuses (an error naming out_path) to write
** over level_path or tileset_path, by whatever path out_path names them. */
bool level_export_tiled(const char *level_path, const char *out_path, const char *tileset_path,
                        LevelLayerFormat format, LevelErrors *errors);

/* ---- Command line -------------------------------------------------------------
**
** Both take main's own argc and argv (argv[0] the program, then the option,
** then its operands) and return the process exit status.
**
** platformer --check FILE...
**   Checks levels, Tiled maps and tilesets, Tiled object templates (.tx,
**   .tj), physics.json, a campaign.json with every level it lists, and a
**   *.schema.json (valid JSON with a "$schema"), told apart by name and content, so that every JSON file of
**   the levels folder can be checked at once. Prints "FILE: ok" on stdout
**   for each good file and one error line per problem on stderr. Returns 0
**   when all are good, 1 when any is not, 2 on wrong usage. A pack's
**   levels are held to its folder and data_dir (LevelConfine), as the game
**   holds them; data_dir is the game's data, found by the caller (may be
**   NULL: the pack's folder alone).
** platformer --export-tiled LEVEL OUT.tmj [TILESET.tsj] [--layer-format FORMAT]
**   Exports LEVEL as a Tiled map. TILESET defaults to assets/tiled/tiles.tsj
**   of data_dir (the game's data, found by the caller; may be NULL), else
**   the one beside LEVEL's folder (../assets/...). FORMAT is csv (the
**   default), base64, zlib, gzip or zstd. OUT may not be LEVEL or TILESET.
**   Returns 0, 1 on error, 2 on wrong usage. */
int level_cli_check(int argc, char **argv, const char *data_dir);
int level_cli_export_tiled(int argc, char **argv, const char *data_dir);

/* platformer --export-tiled-project DIR
**   Writes into DIR (made when missing) a Tiled project whose custom types
**   are the kind table's, the terrain and entities tilesets and their
**   images (copied from data_dir's assets/tiled/; data_dir may be NULL,
**   which is an error). Returns 0, 1 on error, 2 on wrong usage. */
int level_cli_export_tiled_project(int argc, char **argv, const char *data_dir);
/* The same, errors appended to errors. */
bool level_export_tiled_project(const char *data_dir, const char *dir, LevelErrors *errors);
/* The project file's name, written in DIR. */
#define LEVEL_TILED_PROJECT_FILE "pips-peak.tiled-project"

/* platformer --kinds
**   Prints the kind table as JSON: {"kinds": [{"name", "doc", "char", "box",
**   "anchor", "hit", "rules", "properties": [{"name", "type", "required",
**   "default", ...}], "components", "clips", "example"}]}.
** platformer --schema
**   Prints levels/level.schema.json as the game's tables make it. */
int level_cli_kinds(int argc, char **argv);
int level_cli_schema(int argc, char **argv);
/* The same texts, malloc'd (the caller frees them); NULL when out of memory. */
char *level_kinds_text(void);
char *level_schema_text(void);

/* ---- Text -------------------------------------------------------------------
**
** Whether the game's font draws the character cp: printable ASCII, Latin-1
** and Latin Extended-A. --check warns of any other in a level's name or a
** sign (the game shows it as '?'). */
bool level_font_draws(uint32_t cp);

/* ---- Paths ------------------------------------------------------------------
**
** A path to the existing file `to`, relative to the folder that holds (or
** will hold) from_file, which must exist: how a replay or an exported map
** names its level so that the pair can move together. Returns false when a
** path cannot be resolved or buf is too small. */
bool level_path_relative(const char *from_file, const char *to, char *buf, size_t size);
/* The part of path after its last '/': the file's name, which progress
** and the campaign know a level by. */
const char *level_path_basename(const char *path);
/* The name the program was started as (argv[0]'s basename: "platformer" in
** the build tree, "pips-peak" installed), which messages and usage texts
** begin with; "pips-peak" when argv0 is NULL or empty. */
const char *level_program_name(const char *argv0);

/* ---- Benchmark and stress input ---------------------------------------------------
**
** A valid native level of width x height tiles (at least 8 x 6), the same
** for the same size: ground, ledges, one-way platforms, spikes, coins,
** switches, blocks, platforms and walkers. Returns malloc'd text (the caller
** frees it) and its length in *len, or NULL when out of memory or too small. */
char *level_generate(int width, int height, size_t *len);

/* One kind's share of a generated crowd. */
typedef struct LevelMix {
    const char *kind; /* a kind's name */
    int percent;
} LevelMix;

/* A valid native level of about `entities` entities in the proportions of
** mix (the player and a goal besides), interleaved along long floors: kinds
** that patrol on the floors, the others in the air above
** them, kinds that need properties in rows of their own (a platform goes
** back and forth over three tiles). Returns malloc'd text and its length, or
** NULL for a kind the table lacks, too many entities, or out of memory. */
char *level_generate_mix(const LevelMix *mix, int count, int entities, size_t *len);

#endif
