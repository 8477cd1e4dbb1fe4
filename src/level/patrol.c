/*
** patrol.c -- every place a walker may come to walk, for the checks.
**
** A walker (a kind that KIND_PATROLS: walker.c) falls until it stands on
** something, walks, and turns at walls; when it turns at edges, also before
** a ledge or spikes, else it walks off ledges and on along whatever floor it
** lands on. Where it walks depends on the player too: a block follows its
** switch group and a crumbling block falls away, so a walker on a bridge of
** them may stay up there or drop through to the floor below. The checks
** (validate.c) want every place it may ever be, so this runs the walker's
** rules on the tile grid with each such solid both there and gone.
**
** A state is where the walker is and where it heads: its box's left column,
** the row under its feet, its direction. From each state the rules lead to
** one next state, or two where a cell may be solid or air (a block): it
** walks on and it turns, it stands and it falls. Every state reached is
** visited once; the walker's feet only ever go down, so the search ends.
** The answer is the runs of columns its box may cover, floor by floor.
**
** What it leaves out: platforms (they push a walker or carry it off) and
** springs (they throw it). A search that passes LEVEL_PATROL_MAX_STATES
** states (a walker that walks off ledge after ledge of a huge map) stops
** there and answers with what it found.
*/
#include "level_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { LEVEL_PATROL_MAX_STATES = 1 << 16 };

/* What a cell is to a walker. */
typedef enum Cell {
    CELL_AIR,    /* empty or secret */
    CELL_FLOOR,  /* a one-way tile: stood on, walked through */
    CELL_WALL,   /* solid */
    CELL_SPIKES, /* walked into, or turned at (turn_at_edges); never stood on */
    CELL_MAYBE,  /* a block or crumble: wall and floor, or air */
} Cell;

typedef struct State {
    int col, row; /* the box's left column, the row under its feet */
    int dir;      /* -1 or 1 */
} State;

typedef struct Search {
    const LevelDesc *lv;
    bool turns;                  /* turns at edges and spikes */
    int cols, rows;              /* the box's size in tiles */
    bool (*maybe)(void *ctx, int col, int row);
    void *ctx;
    uint64_t *seen;              /* open addressing; 0 is free */
    size_t seen_cap, seen_count;
    State *todo;                 /* states to visit, then every state visited */
    int todo_count, todo_cap;
    bool full;                   /* stopped at LEVEL_PATROL_MAX_STATES */
    bool failed;                 /* out of memory */
} Search;

static Cell cell(Search *s, int col, int row)
{
    if (row >= s->lv->map.height)
        return CELL_AIR; /* below the map: it falls out */
    switch (tilemap_get(&s->lv->map, col, row)) {
    case TILE_SOLID:
        return CELL_WALL;
    case TILE_ONEWAY:
        return CELL_FLOOR;
    case TILE_SPIKES:
        return CELL_SPIKES;
    default:
        break;
    }
    if (row >= 0 && col >= 0 && col < s->lv->map.width && s->maybe != NULL &&
        s->maybe(s->ctx, col, row))
        return CELL_MAYBE;
    return CELL_AIR;
}

static uint64_t key_of(State st)
{
    /* columns and rows fit in 16 bits each (TILEMAP_MAX_SIDE); 1 keeps 0 free */
    return ((uint64_t)(uint32_t)st.col << 33) | ((uint64_t)(uint32_t)st.row << 1) |
           (uint64_t)(st.dir > 0) | (1ull << 63);
}

static size_t slot_of(uint64_t key, size_t cap)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    return (size_t)key & (cap - 1);
}

/* Adds key to the set; false when it was there already (or out of memory). */
static bool mark(Search *s, uint64_t key)
{
    if ((s->seen_count + 1) * 2 > s->seen_cap) {
        size_t cap = s->seen_cap ? s->seen_cap * 2 : 256;
        uint64_t *grown = calloc(cap, sizeof *grown);
        if (grown == NULL) {
            s->failed = true;
            return false;
        }
        for (size_t i = 0; i < s->seen_cap; i++)
            if (s->seen[i] != 0) {
                size_t j = slot_of(s->seen[i], cap);
                while (grown[j] != 0)
                    j = (j + 1) & (cap - 1);
                grown[j] = s->seen[i];
            }
        free(s->seen);
        s->seen = grown;
        s->seen_cap = cap;
    }
    size_t j = slot_of(key, s->seen_cap);
    while (s->seen[j] != 0) {
        if (s->seen[j] == key)
            return false;
        j = (j + 1) & (s->seen_cap - 1);
    }
    s->seen[j] = key;
    s->seen_count++;
    return true;
}

static void push(Search *s, int col, int row, int dir)
{
    State st = {col, row, dir};
    if (s->full || s->failed || !mark(s, key_of(st)))
        return;
    if (s->todo_count == LEVEL_PATROL_MAX_STATES) {
        s->full = true;
        return;
    }
    if (s->todo_count == s->todo_cap) {
        int cap = s->todo_cap ? s->todo_cap * 2 : 64;
        State *grown = realloc(s->todo, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            s->failed = true;
            return;
        }
        s->todo = grown;
        s->todo_cap = cap;
    }
    s->todo[s->todo_count++] = st;
}

/* The floor under the box's columns at row: a wall or a one-way tile under
** any of them holds it (CELL_WALL), else a block may (CELL_MAYBE). */
static Cell floor_at(Search *s, int col, int row)
{
    Cell best = CELL_AIR;
    for (int c = col; c < col + s->cols; c++) {
        Cell k = cell(s, c, row);
        if (k == CELL_WALL || k == CELL_FLOOR)
            return CELL_WALL;
        if (k == CELL_MAYBE)
            best = CELL_MAYBE;
    }
    return best;
}

/* It falls from row down: it stands on the first floor, and on a block it
** also may not (the block gone, it falls on). Off the map's bottom it is
** gone. */
static void fall(Search *s, int col, int row, int dir)
{
    for (; row < s->lv->map.height; row++) {
        Cell f = floor_at(s, col, row);
        if (f != CELL_AIR)
            push(s, col, row, dir);
        if (f == CELL_WALL)
            return;
    }
}

/* The state or states after st: one step of a column, or a turn. */
static void step(Search *s, State st)
{
    int next = st.dir > 0 ? st.col + s->cols : st.col - 1;
    Cell wall = CELL_AIR;
    for (int r = st.row - s->rows; r < st.row && wall != CELL_WALL; r++) {
        Cell k = cell(s, next, r);
        if (k == CELL_WALL || (k == CELL_SPIKES && s->turns))
            wall = CELL_WALL;
        else if (k == CELL_MAYBE)
            wall = CELL_MAYBE;
    }
    if (wall != CELL_AIR)
        push(s, st.col, st.row, -st.dir);
    if (wall == CELL_WALL)
        return;
    Cell ground = cell(s, next, st.row);
    if (s->turns) {
        if (ground == CELL_AIR || ground == CELL_SPIKES)
            push(s, st.col, st.row, -st.dir);
        else {
            push(s, st.col + st.dir, st.row, st.dir);
            if (ground == CELL_MAYBE)
                push(s, st.col, st.row, -st.dir);
        }
        return;
    }
    /* It walks off ledges: one column on, it stands if anything holds it. */
    if (floor_at(s, st.col + st.dir, st.row) == CELL_WALL)
        push(s, st.col + st.dir, st.row, st.dir);
    else
        fall(s, st.col + st.dir, st.row, st.dir);
}

static int state_order(const void *a, const void *b)
{
    const State *x = a, *y = b;
    if (x->row != y->row)
        return (x->row > y->row) - (x->row < y->row);
    return (x->col > y->col) - (x->col < y->col);
}

int level_patrol_runs(const LevelDesc *lv, const LevelEntity *e, bool turns,
                      bool (*maybe)(void *ctx, int col, int row), void *ctx, PatrolRun **out)
{
    *out = NULL;
    Search s = {.lv = lv, .turns = turns, .maybe = maybe, .ctx = ctx};
    int c0 = e->x / TILE_SIZE, c1 = (e->x + e->w - 1) / TILE_SIZE;
    s.cols = c1 - c0 + 1;
    s.rows = (e->h + TILE_SIZE - 1) / TILE_SIZE;
    int dir = leveldesc_prop(e, "dir").i == 0 ? -1 : 1;
    fall(&s, c0, (e->y + e->h + TILE_SIZE - 1) / TILE_SIZE, dir);
    int landings = s.todo_count; /* the first states: where it lands */
    State *landed = malloc(((size_t)landings + 1) * sizeof *landed);
    if (landed != NULL && landings > 0)
        memcpy(landed, s.todo, (size_t)landings * sizeof *landed);
    for (int i = 0; i < s.todo_count && landed != NULL; i++)
        step(&s, s.todo[i]);
    free(s.seen);
    if (s.failed || landed == NULL) {
        free(s.todo);
        free(landed);
        return -1;
    }

    /* Runs: the states by row and column, their boxes' columns merged. */
    PatrolRun *runs = malloc(((size_t)s.todo_count + 1) * sizeof *runs);
    if (runs == NULL) {
        free(s.todo);
        free(landed);
        return -1;
    }
    if (s.todo_count > 1)
        qsort(s.todo, (size_t)s.todo_count, sizeof *s.todo, state_order);
    int count = 0;
    for (int i = 0; i < s.todo_count; i++) {
        State st = s.todo[i];
        PatrolRun *last = count > 0 ? &runs[count - 1] : NULL;
        if (last != NULL && last->row == st.row && st.col <= last->to + 1) {
            if (st.col + s.cols - 1 > last->to)
                last->to = st.col + s.cols - 1;
        } else
            runs[count++] = (PatrolRun){st.row, st.col, st.col + s.cols - 1, false};
    }
    for (int r = 0; r < count; r++)
        for (int i = 0; i < landings; i++)
            if (landed[i].row == runs[r].row && landed[i].col >= runs[r].from &&
                landed[i].col <= runs[r].to)
                runs[r].lands = true;
    free(s.todo);
    free(landed);
    *out = runs;
    return count;
}
