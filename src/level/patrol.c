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
** The rules, a column at a time. A walker is at a column (its box's left
** one), with its feet on the top of a row, heading left or right. A step
** looks at the column ahead: a wall there (or, turning at edges, spikes)
** turns it; else it moves on if there is floor (turning at edges, floor
** under the column ahead; else floor under any of its columns once there),
** and turns or falls if there is none. Where a block might be, both
** happen: it turns and walks on, or stands and falls.
**
** Stretches. Most steps decide nothing: the same floor goes on, nothing is
** in the way. A stretch is a run of columns on one floor where every step
** between neighbours, either way, is such a step; a walker inside it walks
** to its end, and only there do the rules decide anything. So the search
** is over stretches and directions (a walker heading right in a stretch
** covers the columns from where it came in to the end, and then does what
** the end's step says), and a long floor costs one stretch, found once and
** kept for every walker that comes to it: a level with thousands of
** walkers on long floors is searched in about the time of one per floor.
** A walker's feet only ever go down, so a search ends. The answer is the
** runs of columns its box may cover, floor by floor.
**
** What it leaves out: platforms (they push a walker or carry it off) and
** springs (they throw it). A search that passes PATROL_MAX_NODES stretches
** (a walker that walks off ledge after ledge of a huge map) stops there and
** answers with what it found.
*/
#include "level_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { PATROL_MAX_NODES = 1 << 16 };

/* What a cell is to a walker. */
typedef enum Cell {
    CELL_AIR,    /* empty or secret */
    CELL_FLOOR,  /* a one-way tile: stood on, walked through */
    CELL_WALL,   /* solid */
    CELL_SPIKES, /* walked into, or turned at (turn_at_edges); never stood on */
    CELL_MAYBE,  /* a block or crumble: wall and floor, or air */
} Cell;

/* A walker of one shape and rule: its stretches depend on nothing else. */
typedef struct Shape {
    int cols, rows;              /* its box's size in tiles */
    bool turns;                  /* turns at edges and spikes */
} Shape;

/* A stretch: left columns from..to with the feet on the top of row. */
typedef struct Stretch {
    int row, from, to;
} Stretch;

/* The stretches found so far on one row, by column. */
typedef struct Row {
    Stretch *list;
    int count, cap;
} Row;

/* The stretches of one shape, row by row, kept for every walker. */
typedef struct Stretches {
    Shape shape;
    Row *rows;                   /* map height of them */
} Stretches;

enum { PATROL_MAX_SHAPES = 8 };

struct PatrolMap {
    const LevelDesc *lv;
    bool (*maybe)(void *ctx, int col, int row);
    void *ctx;
    Stretches shapes[PATROL_MAX_SHAPES];
    int shape_count;
    bool failed;                 /* out of memory */
};

/* One walker's search: a stretch and a direction, and how much of it the
** walker covers (from where it came in). */
typedef struct Node {
    Stretch s;
    int dir;
    int in;                      /* the column it came in at */
} Node;

typedef struct Search {
    PatrolMap *map;
    Stretches *st;
    Node *nodes;                 /* to visit, then every one visited */
    int count, cap;
    int *index;                  /* open addressing: node + 1, 0 free */
    size_t index_cap;
    bool full;
} Search;

/* ---- the rules, a column at a time -------------------------------------------------- */

static Cell cell(const PatrolMap *m, int col, int row)
{
    if (row >= m->lv->map.height)
        return CELL_AIR; /* below the map: it falls out */
    switch (tilemap_get(&m->lv->map, col, row)) {
    case TILE_SOLID:
        return CELL_WALL;
    case TILE_ONEWAY:
        return CELL_FLOOR;
    case TILE_SPIKES:
        return CELL_SPIKES;
    default:
        break;
    }
    if (row >= 0 && col >= 0 && col < m->lv->map.width && m->maybe != NULL &&
        m->maybe(m->ctx, col, row))
        return CELL_MAYBE;
    return CELL_AIR;
}

/* What stops a walker stepping into column next (rows above row): CELL_WALL,
** CELL_MAYBE or CELL_AIR (nothing). */
static Cell wall_at(const PatrolMap *m, const Shape *sh, int next, int row)
{
    Cell wall = CELL_AIR;
    for (int r = row - sh->rows; r < row; r++) {
        Cell k = cell(m, next, r);
        if (k == CELL_WALL || (k == CELL_SPIKES && sh->turns))
            return CELL_WALL;
        if (k == CELL_MAYBE)
            wall = CELL_MAYBE;
    }
    return wall;
}

/* The floor under columns col.. of the box at row: a wall or a one-way tile
** under any of them holds it (CELL_WALL), else a block may (CELL_MAYBE). */
static Cell floor_at(const PatrolMap *m, const Shape *sh, int col, int row)
{
    Cell best = CELL_AIR;
    for (int c = col; c < col + sh->cols; c++) {
        Cell k = cell(m, c, row);
        if (k == CELL_WALL || k == CELL_FLOOR)
            return CELL_WALL;
        if (k == CELL_MAYBE)
            best = CELL_MAYBE;
    }
    return best;
}

/* Whether the step from col heading dir decides nothing: no wall, no block,
** and floor for sure where it steps. */
static bool plain(const PatrolMap *m, const Shape *sh, int col, int row, int dir)
{
    int next = dir > 0 ? col + sh->cols : col - 1;
    if (next < 0 || next >= m->lv->map.width || wall_at(m, sh, next, row) != CELL_AIR)
        return false;
    if (sh->turns) {
        Cell ground = cell(m, next, row);
        return ground == CELL_WALL || ground == CELL_FLOOR;
    }
    return floor_at(m, sh, col + dir, row) == CELL_WALL;
}

/* ---- stretches ----------------------------------------------------------------------- */

static Stretches *stretches_of(PatrolMap *m, Shape sh)
{
    for (int i = 0; i < m->shape_count; i++) {
        Shape k = m->shapes[i].shape;
        if (k.cols == sh.cols && k.rows == sh.rows && k.turns == sh.turns)
            return &m->shapes[i];
    }
    if (m->shape_count == PATROL_MAX_SHAPES)
        return NULL;
    Row *rows = calloc((size_t)m->lv->map.height, sizeof *rows);
    if (rows == NULL)
        return NULL;
    m->shapes[m->shape_count] = (Stretches){sh, rows};
    return &m->shapes[m->shape_count++];
}

/* The stretch holding col on row (which must be inside the map), found
** once and kept. False when out of memory. */
static bool stretch_at(PatrolMap *m, Stretches *st, int col, int row, Stretch *out)
{
    Row *r = &st->rows[row];
    int lo = 0, hi = r->count; /* the first stretch that ends at or after col */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (r->list[mid].to < col)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < r->count && r->list[lo].from <= col) {
        *out = r->list[lo];
        return true;
    }
    /* Neighbours c and c + 1 are joined when the step between them decides
    ** nothing either way. */
    const Shape *sh = &st->shape;
    Stretch s = {row, col, col};
    while (s.from > 0 && plain(m, sh, s.from - 1, row, 1) && plain(m, sh, s.from, row, -1))
        s.from--;
    while (s.to + 1 < m->lv->map.width && plain(m, sh, s.to, row, 1) &&
           plain(m, sh, s.to + 1, row, -1))
        s.to++;
    if (r->count == r->cap) {
        int cap = r->cap ? r->cap * 2 : 4;
        Stretch *grown = realloc(r->list, (size_t)cap * sizeof *grown);
        if (grown == NULL)
            return false;
        r->list = grown;
        r->cap = cap;
    }
    memmove(&r->list[lo + 1], &r->list[lo], (size_t)(r->count - lo) * sizeof *r->list);
    r->list[lo] = s;
    r->count++;
    *out = s;
    return true;
}

PatrolMap *level_patrol_map_new(const LevelDesc *lv, bool (*maybe)(void *ctx, int col, int row),
                                void *ctx)
{
    PatrolMap *m = calloc(1, sizeof *m);
    if (m != NULL)
        *m = (PatrolMap){.lv = lv, .maybe = maybe, .ctx = ctx};
    return m;
}

void level_patrol_map_free(PatrolMap *m)
{
    if (m == NULL)
        return;
    for (int i = 0; i < m->shape_count; i++) {
        for (int r = 0; r < m->lv->map.height; r++)
            free(m->shapes[i].rows[r].list);
        free(m->shapes[i].rows);
    }
    free(m);
}

/* ---- one walker's search ---------------------------------------------------------------- */

static size_t slot_of(Stretch s, int dir, size_t cap)
{
    uint64_t key = ((uint64_t)(uint32_t)s.row << 32) ^ ((uint64_t)(uint32_t)s.from << 1) ^
                   (uint64_t)(dir > 0);
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    return (size_t)key & (cap - 1);
}

static bool same(const Node *n, Stretch s, int dir)
{
    return n->s.row == s.row && n->s.from == s.from && n->dir == dir;
}

static bool index_grow(Search *se)
{
    size_t cap = se->index_cap ? se->index_cap * 2 : 64;
    int *grown = calloc(cap, sizeof *grown);
    if (grown == NULL)
        return false;
    for (int i = 0; i < se->count; i++) {
        size_t j = slot_of(se->nodes[i].s, se->nodes[i].dir, cap);
        while (grown[j] != 0)
            j = (j + 1) & (cap - 1);
        grown[j] = i + 1;
    }
    free(se->index);
    se->index = grown;
    se->index_cap = cap;
    return true;
}

/* The walker comes into the stretch holding col on row, heading dir. */
static void enter(Search *se, int col, int row, int dir)
{
    Stretch s;
    if (se->full || se->map->failed)
        return;
    if (!stretch_at(se->map, se->st, col, row, &s)) {
        se->map->failed = true;
        return;
    }
    if (((size_t)se->count + 1) * 2 > se->index_cap && !index_grow(se)) {
        se->map->failed = true;
        return;
    }
    size_t j = slot_of(s, dir, se->index_cap);
    for (; se->index[j] != 0; j = (j + 1) & (se->index_cap - 1)) {
        Node *n = &se->nodes[se->index[j] - 1];
        if (same(n, s, dir)) {
            /* seen: it may now cover more of the stretch; it ends alike */
            if ((dir > 0 && col < n->in) || (dir < 0 && col > n->in))
                n->in = col;
            return;
        }
    }
    if (se->count == PATROL_MAX_NODES) {
        se->full = true;
        return;
    }
    if (se->count == se->cap) {
        int cap = se->cap ? se->cap * 2 : 16;
        Node *grown = realloc(se->nodes, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            se->map->failed = true;
            return;
        }
        se->nodes = grown;
        se->cap = cap;
    }
    se->nodes[se->count++] = (Node){s, dir, col};
    se->index[j] = se->count;
}

/* It falls from row down, at col: it stands on the first floor, and on a
** block it also may not (the block gone, it falls on). Off the map's bottom
** it is gone. */
static void fall(Search *se, int col, int row, int dir)
{
    const Shape *sh = &se->st->shape;
    for (; row < se->map->lv->map.height; row++) {
        Cell f = floor_at(se->map, sh, col, row);
        if (f != CELL_AIR)
            enter(se, col, row, dir);
        if (f == CELL_WALL)
            return;
    }
}

/* The step from col on row heading dir, at a stretch's end: a turn, a step
** on into the next stretch, a fall; where a block might be, two of them. */
static void step(Search *se, int col, int row, int dir)
{
    const PatrolMap *m = se->map;
    const Shape *sh = &se->st->shape;
    int next = dir > 0 ? col + sh->cols : col - 1;
    Cell wall = next < 0 || next >= m->lv->map.width ? CELL_WALL : wall_at(m, sh, next, row);
    if (wall != CELL_AIR)
        enter(se, col, row, -dir);
    if (wall == CELL_WALL)
        return;
    if (sh->turns) {
        Cell ground = cell(m, next, row);
        if (ground == CELL_AIR || ground == CELL_SPIKES)
            enter(se, col, row, -dir);
        else {
            enter(se, col + dir, row, dir);
            if (ground == CELL_MAYBE)
                enter(se, col, row, -dir);
        }
        return;
    }
    /* It walks off ledges: one column on, it stands if anything holds it. */
    if (floor_at(m, sh, col + dir, row) == CELL_WALL)
        enter(se, col + dir, row, dir);
    else
        fall(se, col + dir, row, dir);
}

static int run_order(const void *a, const void *b)
{
    const PatrolRun *x = a, *y = b;
    if (x->row != y->row)
        return (x->row > y->row) - (x->row < y->row);
    return (x->from > y->from) - (x->from < y->from);
}

int level_patrol_runs(PatrolMap *m, const LevelEntity *e, bool turns, PatrolRun **out)
{
    *out = NULL;
    int c0 = e->x / TILE_SIZE, c1 = (e->x + e->w - 1) / TILE_SIZE;
    Shape sh = {c1 - c0 + 1, (e->h + TILE_SIZE - 1) / TILE_SIZE, turns};
    Search se = {.map = m, .st = stretches_of(m, sh)};
    if (se.st == NULL)
        return -1;
    int dir = leveldesc_prop(e, "dir").i == 0 ? -1 : 1;
    fall(&se, c0, (e->y + e->h + TILE_SIZE - 1) / TILE_SIZE, dir);
    int landings = se.count; /* the first nodes: where it lands */
    Node *landed = malloc(((size_t)landings + 1) * sizeof *landed);
    if (landed != NULL && landings > 0)
        memcpy(landed, se.nodes, (size_t)landings * sizeof *landed);
    for (int i = 0; i < se.count && landed != NULL && !m->failed; i++) {
        Node n = se.nodes[i];
        if (n.dir > 0)
            step(&se, n.s.to, n.s.row, 1);
        else
            step(&se, n.s.from, n.s.row, -1);
    }
    free(se.index);
    PatrolRun *runs = landed == NULL || m->failed
                          ? NULL
                          : malloc(((size_t)se.count + 1) * sizeof *runs);
    if (runs == NULL) {
        free(se.nodes);
        free(landed);
        return -1;
    }
    /* Runs: what each node covers, merged row by row. */
    for (int i = 0; i < se.count; i++) {
        const Node *n = &se.nodes[i];
        int from = n->dir > 0 ? n->in : n->s.from, to = n->dir > 0 ? n->s.to : n->in;
        runs[i] = (PatrolRun){n->s.row, from, to + sh.cols - 1, false};
    }
    if (se.count > 1)
        qsort(runs, (size_t)se.count, sizeof *runs, run_order);
    int count = 0;
    for (int i = 0; i < se.count; i++) {
        PatrolRun *last = count > 0 ? &runs[count - 1] : NULL;
        if (last != NULL && last->row == runs[i].row && runs[i].from <= last->to + 1) {
            if (runs[i].to > last->to)
                last->to = runs[i].to;
        } else
            runs[count++] = runs[i];
    }
    for (int r = 0; r < count; r++)
        for (int i = 0; i < landings; i++)
            if (landed[i].s.row == runs[r].row && landed[i].in >= runs[r].from &&
                landed[i].in <= runs[r].to)
                runs[r].lands = true;
    free(se.nodes);
    free(landed);
    *out = runs;
    return count;
}
