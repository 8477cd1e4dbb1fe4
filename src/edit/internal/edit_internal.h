/* SPDX-License-Identifier: Zlib */
/*
** edit_internal.h -- what the files of src/edit/ share and nobody else sees.
*/
#ifndef EDIT_INTERNAL_H
#define EDIT_INTERNAL_H

#include "edit.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    EDIT_LEGEND_MAX = 95, /* the characters from space to ~ */
    EDIT_PARAMS_MAX = 64, /* room for physics_param_table() */
    /* An entity's keys other than its properties (which are their index). */
    EDIT_KEY_TYPE = 100,
    EDIT_KEY_X,
    EDIT_KEY_Y,
    EDIT_KEY_PX,
};

/* A stretch of the text the document was opened from; len 0: none. */
typedef struct EditSpan {
    uint32_t off, len;
} EditSpan;

/* A legend character and what it stands for: a tile kind, or an entity
** kind (tile -1). */
typedef struct EditLegend {
    char ch;
    int8_t tile, kind;
} EditLegend;

/* Everything the file says but its rows and entities. A step of the
** history keeps a whole copy when a command changes any of it. */
typedef struct EditMeta {
    char name[LEVEL_NAME_MAX];
    char background[LEVEL_BACKGROUND_MAX];
    int physics_count;                     /* the level's overrides, in file order */
    int8_t physics_param[EDIT_PARAMS_MAX]; /* index in physics_param_table() */
    float physics_value[EDIT_PARAMS_MAX];
    int legend_count; /* in file order */
    EditLegend legend[EDIT_LEGEND_MAX];
    bool legend_block; /* its entries on a line of their own */
    /* The file's own text of each part while it is unchanged. "$schema"
    ** is only ever the file's. */
    EditSpan schema, format, name_raw, background_raw, physics_raw, legend_raw;
} EditMeta;

/* One change a step made: the value before it, which undo swaps with the
** value now (and redo swaps back). */
typedef enum EditChangeType { EDIT_CELL, EDIT_SLOT, EDIT_META, EDIT_GRID } EditChangeType;

typedef struct EditGrid {
    int width, height;
    char *cells;
} EditGrid;

typedef struct EditChange {
    uint8_t type;
    char cell;  /* EDIT_CELL */
    int32_t at; /* the cell's index, the entity's slot */
    void *data; /* EDIT_SLOT: EditEntity; EDIT_META: EditMeta; EDIT_GRID: EditGrid */
} EditChange;

typedef struct EditStep {
    const char *label;
    EditChange *changes;
    int count;
    size_t cap;
} EditStep;

struct EditDoc {
    char *source; /* the text opened (spans point into it), or NULL */
    size_t source_len;
    PhysicsParams base;
    bool entities_key; /* the file had "entities" */

    EditMeta meta;
    int width, height;
    char *cells;       /* the rows' characters; under a drawn entity, empty's (or 0) */
    EditEntity *slots; /* every entity ever made, alive or not; never reordered */
    int slot_count;
    size_t slot_cap;
    uint32_t next_id;

    /* history (history.c) */
    EditStep *steps;
    int done, total; /* steps[0, done) done, [done, total) undone */
    size_t step_cap;
    int depth;         /* open edit_begin groups */
    const char *label; /* of the open group */
    bool live;         /* the open group's step exists (it changed something) */
    uint32_t serial;   /* the open group's, to mark what it recorded */
    uint32_t *cell_mark, *slot_mark, meta_mark;
    size_t cell_mark_len;
    int slot_mark_len;
    int saved;              /* done at the last save; -1 when that state is gone */
    uint64_t version;       /* bumped by every change */
    uint64_t slots_version; /* ... that moved, added or removed an entity */

    /* derived, rebuilt when needed */
    int8_t tile_of[128], kind_of[128]; /* from the legend; -1 */
    int32_t *occupant;                 /* per cell, the slot + 1 of the entity drawn there */
    uint64_t occupant_version;
    LevelDesc level;
    uint32_t *level_ids;
    uint64_t level_version;
    EditProblems problems;
    LevelErrors *errors;
    uint64_t check_version;
};

/* ---- doc.c ------------------------------------------------------------------------ */

/* The document's legend tables, after its meta changed. */
void edit_legend_refresh(EditDoc *doc);
/* The character of a tile kind or an entity kind in the legend, added when
** the legend has none (0 when no character is free). */
char edit_legend_char(EditDoc *doc, int tile, int kind);
/* Whether a cell holds no tile (it is empty). */
bool edit_cell_empty(const EditDoc *doc, size_t i);
/* The slot of the live entity with that id, or -1. */
int edit_slot_of(const EditDoc *doc, uint32_t id);

/* ---- drawn.c ---------------------------------------------------------------------- */

/* The tile a file names for the entity (by its kind's anchor), and whether
** its box stands exactly there. */
bool edit_entity_tile(const LevelEntity *e, int *tx, int *ty);
/* Whether property p of the entity is other than its kind's default. */
bool edit_prop_changed(const EditEntity *en, int p);
/* Whether the entity's written place, and every waypoint, is in the map. */
bool edit_entity_inside(const EditDoc *doc, const EditEntity *en);
/* Per cell, the slot + 1 of the entity drawn there (0: none). */
const int32_t *edit_occupants(EditDoc *doc);
/* Adds an entity (its id, or a new one), drawn when drawn says it may be
** and it may be: its kind drawn, plain, on an empty cell where nothing is
** drawn, a character free. Returns its slot, or -1. */
int edit_add(EditDoc *doc, EditEntity *en, bool drawn);
/* The entity in slot, changed to en (alive or not), kept drawn where it
** may be, else listed. */
void edit_update(EditDoc *doc, int slot, EditEntity *en);
/* The cell a drawn entity leaves gets a character for its empty tile. */
void edit_vacate(EditDoc *doc, const EditEntity *en);
/* The entity in slot, not drawn now, drawn as ch where it stands if it may
** be, else moved to the list's end (a new slot, the same id). */
void edit_settle(EditDoc *doc, int slot, char ch);

/* ---- entities.c ------------------------------------------------------------------- */

/* Moves an entity and its path by (dx, dy) px; off the tile grid, it is
** written in pixels from then on. */
void edit_shift(EditEntity *en, int dx, int dy);
/* The value of property p of the entity as edit_set_prop takes it (a
** path's waypoints without the outer brackets). */
void edit_value_text(const EditEntity *en, int p, char *buf, size_t size);

/* ---- tiles.c ---------------------------------------------------------------------- */

/* Whether tile (tx, ty) is in the map. */
bool edit_in_map(const EditDoc *doc, int tx, int ty);

/* ---- ask.c ------------------------------------------------------------------------ */

/* A string as JSON text, quoted and escaped; malloc'd, NULL when out of
** memory. */
char *edit_json_string(const char *s);
/* A value typed in the editor as JSON text, malloc'd: a literal when it is
** one and as_string is false, else a string, so that the loader says what
** it got ("expected an integer from 0 to 7, got \"abc\""). */
char *edit_json_value(const char *typed, bool as_string);
/* Asks the loader to read a level of width x height empty tiles with the
** name, background and physics given as JSON (physics may be NULL; a NULL
** name or background is out of memory) and one entity entry (may be
** NULL). True when it reads, the level in *out (the caller frees
** it); else the loader's first message, without its file and place, into
** msg, from after prefix when it starts with it. */
bool edit_ask_loader(int width, int height, const char *name, const char *background,
                     const char *physics, const char *entity, LevelDesc *out, const char *prefix,
                     char *msg, size_t msg_size);

/* ---- history.c ---------------------------------------------------------------------
**
** Every change goes through these, inside an open group, so that it is
** recorded for undo. False when out of memory (nothing changed then). */
bool edit_put_cell(EditDoc *doc, size_t i, char c);
bool edit_put_slot(EditDoc *doc, int slot, const EditEntity *en);
/* A new slot holding en; its index, or -1. */
int edit_new_slot(EditDoc *doc, const EditEntity *en);
bool edit_put_meta(EditDoc *doc, const EditMeta *meta);
/* Takes cells (width x height), malloc'd; the old grid goes to the step. */
bool edit_put_grid(EditDoc *doc, int width, int height, char *cells);
void edit_history_fini(EditDoc *doc);

/* ---- write.c ---------------------------------------------------------------------- */

/* Where the text puts what: the line of the first row, and the line of each
** listed entity with its slot, in order. */
typedef struct EditLines {
    int rows;
    struct {
        int line, slot;
    } * entity;
    int entity_count;
} EditLines;

/* The level's text, malloc'd; lines (may be NULL) filled, its array
** malloc'd (NULL with the text). NULL when out of memory. */
char *edit_write(const EditDoc *doc, size_t *len, EditLines *lines);
/* The map's characters with the drawn entities on them, malloc'd; NULL
** when out of memory. */
char *edit_map_chars(const EditDoc *doc);
/* A float as its shortest text that reads back as the same float. */
void edit_float_text(float f, char *buf, size_t size);

#endif
