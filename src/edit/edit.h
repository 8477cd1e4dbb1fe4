/* SPDX-License-Identifier: Zlib */
/*
** edit.h -- the level editor's core: a native level being edited, as a
** document that commands change, that undoes and redoes, that saves to the
** same bytes it was opened from, and that --check's rules check as it goes.
**
** A document holds what the file says (its settings, legend, rows and
** entities) and how the file says it, so that saving an unchanged level
** writes the file it read byte for byte, and a change rewrites only the
** lines it touches (docs/ARCHITECTURE.md, edit/). Every editing action is
** one command function below; the editor's screen only issues commands.
**
** Undo. Each command is one step of the history, unless the caller groups
** several into one with edit_begin and edit_end: a drag (a paint stroke, a
** move) is begun when the button goes down, extended by the commands the
** mouse issues, and ended when it comes up, and undoes as one. The history
** is unlimited; a new step after an undo drops the steps that were undone.
**
** Places. Tiles are named by column and row from the top-left (0, 0);
** entity boxes, moves and waypoints are in pixels (16 a tile), as in a
** LevelDesc. Entities are named by an id that stays theirs through moves,
** property changes, undo and redo; 0 is no entity. No SDL, no I/O but
** opening and saving.
*/
#ifndef EDIT_H
#define EDIT_H

#include "level.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct EditDoc EditDoc;
typedef struct EditClip EditClip;

/* A rectangle of tiles. */
typedef struct EditRect {
    int x, y, w, h;
} EditRect;

/* An entity of the document. Read-only for callers: change it through the
** commands. */
typedef struct EditEntity {
    uint32_t id;
    LevelEntity e;            /* kind, box in px, values; a path's or text's is below */
    LevelPath path;           /* its path property's waypoints (count 0: none) */
    char text[KIND_TEXT_MAX]; /* its text property's text */
    char ch;                  /* drawn in the map as this legend character; 0: listed */
    bool px;                  /* listed with "px": true (positions and sizes in pixels) */
    bool alive;               /* false: deleted (kept for undo) */
    /* How its file wrote it (edit/write.c): the keys in their order, and the
    ** entry itself while it is unchanged, as a span of the opened text. */
    uint8_t keys[4 + KIND_MAX_PROPS];
    uint8_t key_count;
    uint32_t raw_off, raw_len;
} EditEntity;

/* What is at a tile, for the eyedropper: a tile kind, or an entity kind
** (tile is -1 then). */
typedef struct EditBrush {
    int tile;
    int kind;
} EditBrush;

/* ---- Documents ------------------------------------------------------------------
**
** Opening reads a native level through level/'s loader (its values) and
** json/ (how it is written); a file that does not read (bad JSON, keys or
** values, or a Tiled map) is refused with the loader's errors. A level that
** reads but breaks the rules of play (no goal yet, a walker in a wall) opens:
** the check lists what is wrong. base is the physics the level's overrides
** apply to (assets/physics.json's; NULL: the defaults). NULL on failure. */
EditDoc *edit_open(const char *path, const PhysicsParams *base, LevelErrors *errors);
/* A new level of width x height tiles (at least 4 x 3) in the world
** `background`, named `name`: a floor of solid tiles along the bottom row,
** the player start at its left end and a goal at its right, so that it
** plays from the first moment. NULL with a message for a bad size, name or
** background. */
EditDoc *edit_new(int width, int height, const char *background, const char *name,
                  const PhysicsParams *base, char *msg, size_t msg_size);
void edit_free(EditDoc *doc);

/* The level as the file to save, malloc'd (the caller frees it), its length
** in *len; NULL when out of memory. */
char *edit_text(const EditDoc *doc, size_t *len);
/* Writes the level to path atomically (src/atomic); false with a message
** naming the file. Saving marks the document unmodified. */
bool edit_save(EditDoc *doc, const char *path, char *err, size_t err_size);
/* Whether the level changed since it was opened or last saved. */
bool edit_modified(const EditDoc *doc);

/* ---- What the document holds ------------------------------------------------------ */

int edit_width(const EditDoc *doc);
int edit_height(const EditDoc *doc);
TileKind edit_tile(const EditDoc *doc, int tx, int ty);
const char *edit_name(const EditDoc *doc);
const char *edit_background(const EditDoc *doc);
/* The level as the game builds it, for drawing and play-testing: its
** entities in the order the file makes them. Owned by the document, valid
** until its next change. edit_level_id is the id of entity i of it. */
const LevelDesc *edit_level(EditDoc *doc);
uint32_t edit_level_id(EditDoc *doc, int i);
/* An entity by id, or NULL (also once deleted). */
const EditEntity *edit_entity(const EditDoc *doc, uint32_t id);
/* The entity whose box holds pixel (x, y), the one drawn on top (the
** highest layer, the last made); 0 when none. */
uint32_t edit_entity_at(EditDoc *doc, int x, int y);
/* The entities whose box meets the rectangle of pixels, in the file's
** order, into ids (room for cap); returns how many there are. */
int edit_entities_in(EditDoc *doc, int x, int y, int w, int h, uint32_t *ids, int cap);
/* What is at a tile: the entity drawn or standing there, else its tile. */
EditBrush edit_pick(EditDoc *doc, int tx, int ty);

/* ---- History ---------------------------------------------------------------------- */

/* Groups the commands until the matching edit_end into one step named
** label (kept, not copied: a string literal); groups nest. */
void edit_begin(EditDoc *doc, const char *label);
void edit_end(EditDoc *doc);
/* Undoes or redoes one step (ending an open group first); false when there
** is none. The labels name the step each would undo or redo, NULL if none. */
bool edit_undo(EditDoc *doc);
bool edit_redo(EditDoc *doc);
const char *edit_undo_label(const EditDoc *doc);
const char *edit_redo_label(const EditDoc *doc);

/* ---- Tiles -------------------------------------------------------------------------
**
** A tile kind the legend lacks gets a character (solid '#', one-way '=',
** spikes '^', secret '%', empty '.', else the first free readable one). A
** drawn entity whose tile turns solid (or anything but empty) moves from
** the map to the list of entities, where it may stand on any tile.
** Each returns whether anything changed. */
bool edit_paint(EditDoc *doc, int tx, int ty, TileKind kind);
bool edit_fill(EditDoc *doc, EditRect r, TileKind kind);
/* Empties the tiles of r and deletes the entities standing on them. */
bool edit_erase(EditDoc *doc, EditRect r);

/* ---- Entities ----------------------------------------------------------------------
**
** Placing puts an entity of any kind at tile (tx, ty), as a file names it,
** with its kind's defaults (a required path or text, which has none, as in
** the kind's example). A kind the map may draw, with nothing to say beyond
** its defaults, on an empty tile, is drawn in the map with its legend
** character (kinds.c's); any other is listed in "entities". A unique kind
** (the player start) is moved there rather than doubled. Returns its id,
** 0 when (tx, ty) is outside the map. */
uint32_t edit_place(EditDoc *doc, int kind, int tx, int ty);
/* Moves the entities by (dx, dy) px, their paths along; refused (false,
** nothing moved) when one would leave the map. An entity moved off the
** tile grid is written in pixels. */
bool edit_move(EditDoc *doc, const uint32_t *ids, int count, int dx, int dy);
/* Deletes the entities; returns how many were. */
int edit_delete(EditDoc *doc, const uint32_t *ids, int count);
/* Copies of the entities, (dx, dy) px away, their ids into out (room for
** count, may be NULL); returns how many were made (none left the map). */
int edit_duplicate(EditDoc *doc, const uint32_t *ids, int count, int dx, int dy, uint32_t *out);
/* Sets the property `name` of an entity from text as typed: a number, true
** or false, an enum's value, a text (without quotes), a size in tiles (in
** pixels for an entity written in pixels). The value is read by the level
** loader, so it is held to the same rules; refused, it changes nothing and
** msg says why as the loader would ("group: expected an integer from 0 to
** 7, got 9"). Paths are edited by their waypoints below. */
bool edit_set_prop(EditDoc *doc, uint32_t id, const char *name, const char *value, char *msg,
                   size_t msg_size);
/* The value of a property as edit_set_prop takes it, into buf. */
void edit_prop_text(const EditDoc *doc, uint32_t id, const char *name, char *buf, size_t size);

/* A path's waypoints (px, the top-left corner's places after the start):
** add one at index (0 to count), move one, remove one. Refused with a
** message past the kind's number of waypoints, below its least for a
** required path (a saw without waypoints stays put), or outside the map. */
bool edit_path_add(EditDoc *doc, uint32_t id, int index, int x, int y, char *msg, size_t msg_size);
bool edit_path_move(EditDoc *doc, uint32_t id, int index, int x, int y, char *msg, size_t msg_size);
bool edit_path_remove(EditDoc *doc, uint32_t id, int index, char *msg, size_t msg_size);

/* ---- Regions -----------------------------------------------------------------------
**
** A clip holds a rectangle's tiles and the entities standing on them, apart
** from any document: it pastes into this one or another, whose legend gives
** the tiles their characters. */
EditClip *edit_copy(EditDoc *doc, EditRect r);
void edit_clip_free(EditClip *clip);
int edit_clip_width(const EditClip *clip);
int edit_clip_height(const EditClip *clip);
/* Pastes with the clip's top-left at tile (tx, ty): its tiles over the
** map's (those past the map's edge are left out), its entities added
** (those that would stand outside the map are left out), their ids into out
** (room for the clip's entity count, may be NULL). Returns how many entities
** were added, -1 when nothing was pasted. */
int edit_paste(EditDoc *doc, const EditClip *clip, int tx, int ty, uint32_t *out, int cap);

/* ---- Level settings ------------------------------------------------------------------
**
** Each value is read by the loader as in edit_set_prop; refused with its
** message. The world's music is the background's (the format names no
** other). */
bool edit_set_name(EditDoc *doc, const char *name, char *msg, size_t msg_size);
bool edit_set_background(EditDoc *doc, const char *background, char *msg, size_t msg_size);
/* A physics parameter the level sets (physics_param_table's names), from
** text as typed; value NULL or "" takes the override away. */
bool edit_set_physics(EditDoc *doc, const char *param, const char *value, char *msg,
                      size_t msg_size);
/* Whether the level sets the parameter, and to what. */
bool edit_physics(const EditDoc *doc, const char *param, float *value);

/* Where a resize keeps the level: which side or corner stays put. */
typedef enum EditAnchor {
    EDIT_ANCHOR_TOP_LEFT,
    EDIT_ANCHOR_TOP,
    EDIT_ANCHOR_TOP_RIGHT,
    EDIT_ANCHOR_LEFT,
    EDIT_ANCHOR_CENTER,
    EDIT_ANCHOR_RIGHT,
    EDIT_ANCHOR_BOTTOM_LEFT,
    EDIT_ANCHOR_BOTTOM,
    EDIT_ANCHOR_BOTTOM_RIGHT,
} EditAnchor;

/* Makes the map width x height tiles (1 to LEVEL_MAX_SIDE), the anchor's
** side or corner staying put: new tiles are empty, entities and waypoints
** move with the tiles; those then outside the map are deleted (an entity)
** or brought to its edge (a waypoint). */
bool edit_resize(EditDoc *doc, int width, int height, EditAnchor anchor, char *msg,
                 size_t msg_size);

/* ---- Checking ------------------------------------------------------------------------
**
** The rules of --check, run by the loader itself on the level as it would
** be saved: every error and warning --check would print for the file, with
** the tile it is at (the entity's or the map character's; -1, -1 for the
** level as a whole) and the entity's id. Messages name other entities by
** their tile rather than by line. */
typedef struct EditProblem {
    bool warning;
    int x, y;    /* tile, or -1 */
    uint32_t id; /* the entity at fault, or 0 */
    char message[LEVEL_ERROR_MESSAGE_MAX + 64];
} EditProblem;

typedef struct EditProblems {
    int count;
    int dropped; /* errors past LEVEL_MAX_ERRORS, not listed */
    EditProblem list[LEVEL_MAX_ERRORS + LEVEL_MAX_WARNINGS];
} EditProblems;

/* The problems of the level as it is now, checked again only when it
** changed since the last call. Owned by the document. */
const EditProblems *edit_check(EditDoc *doc);

#endif
