/* SPDX-License-Identifier: Zlib */
/*
** patrol.c -- every place a walker may come to walk, for the checks.
**
** A walker (a kind that KIND_PATROLS: game/walker.c) falls until it stands
** on something, walks at walker_speed, and turns when a wall stops it; when
** it turns at edges, also before the pixel column ahead has no floor or has
** spikes, else it walks on until no pixel of it is over floor and falls,
** drifting on sideways as it falls. Where it walks depends on the player
** too: a block follows its switch group and a crumbling block falls away,
** so a walker on a bridge of them may stay up there or drop through, and
** one behind a block's wall may be let out. The checks (validate.c) want
** every place it may ever be, so this follows walker.c's rules, pixel by
** pixel, with each such solid ("unsteady") both there and gone.
**
** Walking. Along a floor a walker decides nothing until something ahead
** changes: it walks to the end of a stretch and there it turns (a wall,
** a ledge or spikes when it turns at edges) or falls (off a ledge when it
** does not). The walk is scanned a pixel at a time with the walker's own
** tests, in a world where an unsteady solid is there as floor and gone as
** wall, the way that lets it walk furthest; where one matters the other way
** is noted on the way as a branch: a turn where a block may stand in its
** way or be missing ahead, a fall where all that holds it up may be gone.
** Each stretch walked is kept, with its branches, for every walker that
** comes to it later: a level of thousands of walkers on long floors costs
** about one scan of each floor each way.
**
** Falling is walker.c's step run tick by tick (gravity, max_fall, the
** sideways drift, a turn on hitting a wall, whole pixels with the fraction
** kept, from each fraction a walk can leave), with an unsteady solid taken
** as there and, as another fall, gone; the floor it lands on going away
** later is a fall from a stand, a branch of the walk there. A box that is
** clear can only meet something by stepping into a new tile row or
** column, so a fall asks the tiles only there. Falls are kept too, by where
** they start. A walker's search then goes from
** stretch to stretch: the walk's end, its branches, each fall's landings.
** Its feet never go up, so it ends. Entering a stretch furthest back covers
** every later entry into it, so the falls of a part of a floor are kept
** as one landing a stretch, for the next walker that follows that part. As the level starts, though, nothing is
** in doubt: the walker's first fall, with every unsteady solid as it starts,
** tells where it lands.
**
** What it leaves out: platforms (they push a walker or carry it off) and
** springs (they throw it). A search past PATROL_MAX_NODES stretches, or a fall past
** PATROL_MAX_FALL_STATES branches, stops there (cut) and answers with what
** it found.
*/
#include "level_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    PATROL_MAX_NODES = 1 << 16,
    PATROL_MAX_FALL_STATES = 256,
    PATROL_MAX_FALL_TICKS = 60 * SIM_TICK_RATE,
    PATROL_GONE_MAX = 4,         /* unsteady cells one fall may take away */
    PATROL_MAX_REMS = 16,
    CELL_UNSTEADY = 1,           /* an unsteady solid covers the cell */
    CELL_AT_START = 2,           /* ... and one that covers it is solid as the level starts */
};

typedef enum Hit { HIT_NONE, HIT_MAYBE, HIT_SURE } Hit;

typedef enum End { END_TURN, END_FALL } End;

/* Where a walk ends, or a branch on the way: at x, a turn or a fall. */
typedef struct Mark {
    int32_t x;
    End what;
} Mark;

/* Start positions lo..hi walked one way all end at the same mark: hi (or
** lo, walking left). */
typedef struct Stretch {
    int32_t lo, hi;
    End what;
} Stretch;

typedef struct Way {
    Stretch *list;               /* disjoint, by lo */
    int count, cap;
    Mark *branches;              /* positions' branches (each position once) */
    int branch_count, branch_cap;
    bool sorted;                 /* branches are by x */
} Way;

/* A walker of one size and rule: its ways depend on nothing else. */
typedef struct Shape {
    int32_t w, h;                /* its collider */
    bool turns;                  /* turns at edges and spikes */
    Way *ways;                   /* 2 per feet row 0..map height: left, right */
} Shape;

/* A fall kept: where it started, where its landings are in the pool. */
typedef struct FallKey {
    int32_t x, row;
    int dir;
    int shape;
    int first, count;            /* into PatrolMap.landings */
    bool cut;                    /* it stopped at a limit */
} FallKey;

typedef struct Landing {
    int32_t x, row;
    int dir;
} Landing;

/* The landings of every fall branch of a way between lo and hi, one for
** each stretch they land in: where it is entered furthest back, which
** covers the others. Kept for every walker that follows the same part of
** the same way (walkers of one floor mostly do). */
typedef struct RangeKey {
    int32_t row, lo, hi;
    int dir;
    int shape;
    int first, count;            /* into PatrolMap.landings; count + 1, 0 is free */
    bool cut;
} RangeKey;

struct PatrolMap {
    const LevelDesc *lv;
    uint8_t *cells;              /* CELL_ bits per tile, NULL without unsteady solids */
    float speed, gravity, max_fall;
    int32_t kill_y;              /* below this a walker is gone (the Sim's kill_y) */
    Shape *shapes;
    int shape_count, shape_cap;
    FallKey *falls;              /* open addressing by start; count 0 is free */
    size_t fall_cap, fall_count;
    Landing *landings;
    int landing_count, landing_cap;
    RangeKey *ranges;            /* open addressing by way and range */
    size_t range_cap, range_count;
    float rems[PATROL_MAX_REMS]; /* the fractions of a pixel a walk leaves (collide.c) */
    int rem_count;
    bool failed;                 /* out of memory */
};

/* The array items of count, made room for one more (its cap doubled when
** full): the array, moved perhaps, or NULL when out of memory (items as
** they were). */
static void *room_for(void *items, int count, int *cap, size_t size)
{
    if (count < *cap)
        return items;
    int grown_cap = *cap ? *cap * 2 : 8;
    void *grown = realloc(items, (size_t)grown_cap * size);
    if (grown != NULL)
        *cap = grown_cap;
    return grown;
}

/* ---- the world, as a walker sees it ------------------------------------------------ */

/* Whether a walker at box (x, y, w, h) overlaps a solid: a solid tile or a
** column past the map's sides (sure), or an unsteady solid (maybe). With
** start set, unsteady solids are as the level starts. gone lists tiles a
** fall has taken away. */
typedef struct World {
    const PatrolMap *m;
    bool start;
    const int32_t *gone;         /* pairs of col, row */
    int gone_count;
} World;

static bool is_gone(const World *wd, int32_t col, int32_t row)
{
    for (int i = 0; i < wd->gone_count; i++)
        if (wd->gone[2 * i] == col && wd->gone[2 * i + 1] == row)
            return true;
    return false;
}

/* An unsteady cell's answer, and which cell it was (for a fall to take away). */
static Hit unsteady(const World *wd, int32_t col, int32_t row)
{
    const PatrolMap *m = wd->m;
    if (m->cells == NULL || col < 0 || row < 0 || col >= m->lv->map.width ||
        row >= m->lv->map.height)
        return HIT_NONE;
    uint8_t c = m->cells[(size_t)row * (size_t)m->lv->map.width + (size_t)col];
    if (!(c & CELL_UNSTEADY) || is_gone(wd, col, row))
        return HIT_NONE;
    if (wd->start)
        return (c & CELL_AT_START) ? HIT_SURE : HIT_NONE;
    return HIT_MAYBE;
}

static int32_t tile_of(int32_t px)
{
    return px >= 0 ? px / TILE_SIZE : -((-px + TILE_SIZE - 1) / TILE_SIZE);
}

/* What solid the box overlaps; *col, *row: an unsteady cell when HIT_MAYBE. */
static Hit solid_in(const World *wd, int32_t x, int32_t y, int32_t w, int32_t h, int32_t *col,
                    int32_t *row)
{
    const Tilemap *map = &wd->m->lv->map;
    Hit best = HIT_NONE;
    for (int32_t r = tile_of(y); r <= tile_of(y + h - 1); r++)
        for (int32_t c = tile_of(x); c <= tile_of(x + w - 1); c++) {
            bool wall = c < 0 || c >= map->width;
            if (wall || (r >= 0 && r < map->height && tilemap_get(map, c, r) == TILE_SOLID))
                return HIT_SURE;
            Hit u = unsteady(wd, c, r);
            if (u == HIT_SURE)
                return HIT_SURE;
            if (u == HIT_MAYBE && best == HIT_NONE) {
                best = HIT_MAYBE;
                *col = c;
                *row = r;
            }
        }
    return best;
}

/* What holds up the box from below (walker.c's grounded: a solid one pixel
** down, or a one-way tile whose top is the box's bottom). */
static Hit floor_under(const World *wd, int32_t x, int32_t y, int32_t w, int32_t h,
                       int32_t *col, int32_t *row)
{
    int32_t bottom = y + h;
    if (bottom % TILE_SIZE == 0) {
        int32_t r = bottom / TILE_SIZE;
        for (int32_t c = tile_of(x); c <= tile_of(x + w - 1); c++)
            if (r >= 0 && r < wd->m->lv->map.height && c >= 0 && c < wd->m->lv->map.width &&
                tilemap_get(&wd->m->lv->map, c, r) == TILE_ONEWAY)
                return HIT_SURE;
    }
    return solid_in(wd, x, y + 1, w, h, col, row);
}

static bool spikes_in(const World *wd, int32_t x, int32_t y, int32_t w, int32_t h)
{
    const Tilemap *map = &wd->m->lv->map;
    for (int32_t r = tile_of(y); r <= tile_of(y + h - 1); r++)
        for (int32_t c = tile_of(x); c <= tile_of(x + w - 1); c++)
            if (r >= 0 && r < map->height && c >= 0 && c < map->width &&
                tilemap_get(map, c, r) == TILE_SPIKES)
                return true;
    return false;
}

/* ---- walking ------------------------------------------------------------------------ */

static Way *way_of(PatrolMap *m, int shape, int32_t row, int dir)
{
    if (row < 0 || row > m->lv->map.height)
        return NULL;
    return &m->shapes[shape].ways[2 * (size_t)row + (dir > 0)];
}

static bool push_branch(PatrolMap *m, Way *way, int32_t x, End what)
{
    Mark *grown = room_for(way->branches, way->branch_count, &way->branch_cap, sizeof *grown);
    if (grown == NULL) {
        m->failed = true;
        return false;
    }
    way->branches = grown;
    way->branches[way->branch_count++] = (Mark){x, what};
    way->sorted = false;
    return true;
}

/* The index of the stretch of way holding x, or -1; *after: the first
** stretch past x. */
static int stretch_find(const Way *way, int32_t x, int *after)
{
    int lo = 0, hi = way->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (way->list[mid].hi < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    *after = lo;
    return lo < way->count && way->list[lo].lo <= x ? lo : -1;
}

/* Whether x is at either end of a run of positions whose pixel column ahead
** is in the same tile column: a turn found along the run (the floor ahead
** may be gone) is noted at its ends only. Turning anywhere in a stretch
** leads back along it to the same end, and the walk there covered the
** rest. (A fall is noted at every pixel: where it lands is not alike.) */
static bool run_end(const Shape *sh, int32_t x, int dir)
{
    int32_t off = dir > 0 ? sh->w : -1;
    int32_t here = tile_of(x + off);
    return here != tile_of(x - dir + off) || here != tile_of(x + dir + off);
}

/* One pixel of walker.c's step at x on feet row: where it turns or falls
** (returns true, *end), or the next x; branches noted. */
static bool walk_step(PatrolMap *m, const Shape *sh, Way *way, int32_t row, int dir, int32_t *x,
                      End *end)
{
    World wd = {m, false, NULL, 0};
    int32_t y = row * TILE_SIZE - sh->h, c, r;
    if (sh->turns) {
        int32_t ax = dir > 0 ? *x + sh->w : *x - 1;
        Hit ahead = floor_under(&wd, ax, y, 1, sh->h, &c, &r);
        if (spikes_in(&wd, ax, y, 1, sh->h) || ahead == HIT_NONE) {
            *end = END_TURN;
            return true;
        }
        if (ahead == HIT_MAYBE && run_end(sh, *x, dir) &&
            !push_branch(m, way, *x, END_TURN))
            return true;
    }
    Hit wall = solid_in(&wd, *x + dir, y, sh->w, sh->h, &c, &r);
    if (wall == HIT_SURE) {
        *end = END_TURN;
        return true;
    }
    if (wall == HIT_MAYBE && !push_branch(m, way, *x, END_TURN))
        return true;
    *x += dir;
    Hit held = floor_under(&wd, *x, y, sh->w, sh->h, &c, &r);
    if (held == HIT_NONE) {
        *end = END_FALL;
        return true;
    }
    if (held == HIT_MAYBE && !push_branch(m, way, *x, END_FALL))
        return true;
    return false;
}

/* The stretch a walker standing at x on feet row, heading dir, walks in:
** found, or scanned and kept. -1 when out of memory. */
static int stretch_at(PatrolMap *m, int shape, int32_t x, int32_t row, int dir)
{
    Way *way = way_of(m, shape, row, dir);
    if (way == NULL)
        return -1;
    int after, at = stretch_find(way, x, &after);
    if (at >= 0)
        return at;
    /* the first kept stretch the walk would run into */
    int next = dir > 0 ? after : after - 1;
    int32_t meet = next >= 0 && next < way->count
                       ? (dir > 0 ? way->list[next].lo : way->list[next].hi)
                       : (dir > 0 ? INT32_MAX : INT32_MIN);
    const Shape *sh = &m->shapes[shape];
    int32_t from = x, cur = x;
    End end = END_TURN;
    bool met = false;
    for (;;) {
        if (walk_step(m, sh, way, row, dir, &cur, &end))
            break;
        if (cur == meet) {
            met = true;
            break;
        }
    }
    if (m->failed)
        return -1;
    if (met) { /* every position walked leads into the kept one: it grows */
        Stretch *s = &way->list[next];
        if (dir > 0)
            s->lo = from;
        else
            s->hi = from;
        return next;
    }
    Stretch *grown = room_for(way->list, way->count, &way->cap, sizeof *grown);
    if (grown == NULL) {
        m->failed = true;
        return -1;
    }
    way->list = grown;
    Stretch s = dir > 0 ? (Stretch){from, cur, end} : (Stretch){cur, from, end};
    memmove(&way->list[after + 1], &way->list[after], (size_t)(way->count - after) * sizeof s);
    way->list[after] = s;
    way->count++;
    return after;
}

static int mark_order(const void *a, const void *b)
{
    const Mark *x = a, *y = b;
    return (x->x > y->x) - (x->x < y->x);
}

/* ---- falling -------------------------------------------------------------------------- */

typedef struct Fall {
    int32_t x, y;                /* the collider's corner */
    float vy, rem_x, rem_y;
    int dir;
    int ticks;
    int32_t gone[2 * PATROL_GONE_MAX];
    int gone_count;
} Fall;

/* walker.c's whole pixels out of a fraction and a move (collide.c's take_pixels). */
static int32_t take_pixels(float *rem, float amount)
{
    *rem += amount;
    float whole = *rem >= 0.0f ? (float)(int32_t)(*rem + 0.5f) : -(float)(int32_t)(-*rem + 0.5f);
    *rem -= whole;
    return (int32_t)whole;
}

typedef struct FallRun {
    Fall *stack;
    int count, cap;
    int states;                  /* falls followed, for the limit */
    bool cut;
} FallRun;

/* The same fall from the start of its tick in a world where the unsteady
** cell (col, row) is gone too: another fall to follow. */
static void fork_fall(PatrolMap *m, FallRun *fr, const Fall *at_tick, int32_t col, int32_t row)
{
    if (at_tick->gone_count == PATROL_GONE_MAX || fr->states >= PATROL_MAX_FALL_STATES) {
        fr->cut = true;
        return;
    }
    Fall *grown = room_for(fr->stack, fr->count, &fr->cap, sizeof *grown);
    if (grown == NULL) {
        m->failed = true;
        return;
    }
    fr->stack = grown;
    Fall f = *at_tick;
    f.gone[2 * f.gone_count] = col;
    f.gone[2 * f.gone_count + 1] = row;
    f.gone_count++;
    fr->stack[fr->count++] = f;
    fr->states++;
}

/* Follows one fall to where it lands (true, *out) or leaves the map. A
** world with start set has nothing in doubt; else a maybe solid is there,
** and gone in a fall forked off. */
static bool fall_one(PatrolMap *m, const Shape *sh, Fall f, bool start, FallRun *fr,
                     Landing *out)
{
    const float dt = SIM_DT;
    int32_t c, r;
    for (; f.ticks < PATROL_MAX_FALL_TICKS; f.ticks++) {
        World wd = {m, start, f.gone, f.gone_count};
        Fall at_tick = f;
        if (f.vy >= 0.0f) {
            Hit held = floor_under(&wd, f.x, f.y, sh->w, sh->h, &c, &r);
            if (held == HIT_MAYBE)
                fork_fall(m, fr, &at_tick, c, r);
            if (held != HIT_NONE)
                break;
        }
        f.vy = fminf(f.vy + m->gravity * dt, m->max_fall);
        int32_t dx = take_pixels(&f.rem_x, (float)f.dir * m->speed * dt);
        for (int32_t step = dx > 0 ? 1 : -1; dx != 0; dx -= step) {
            /* the box is clear where it is: only a step into a new tile
            ** column may meet a wall */
            int32_t edge = step > 0 ? f.x + sh->w - 1 : f.x;
            if (tile_of(edge + step) == tile_of(edge)) {
                f.x += step;
                continue;
            }
            Hit wall = solid_in(&wd, f.x + step, f.y, sh->w, sh->h, &c, &r);
            if (wall == HIT_MAYBE)
                fork_fall(m, fr, &at_tick, c, r);
            if (wall != HIT_NONE) {
                f.dir = -f.dir;
                f.rem_x = 0.0f;
                break;
            }
            f.x += step;
        }
        int32_t dy = take_pixels(&f.rem_y, f.vy * dt);
        while (dy > 0) {
            /* likewise only a step into a new tile row may meet a floor */
            int32_t clear = (TILE_SIZE - ((f.y + sh->h) % TILE_SIZE + TILE_SIZE) % TILE_SIZE) % TILE_SIZE;
            if (clear > 0) {
                int32_t move = clear < dy ? clear : dy;
                f.y += move;
                dy -= move;
                continue;
            }
            Hit below = floor_under(&wd, f.x, f.y, sh->w, sh->h, &c, &r);
            if (below == HIT_MAYBE)
                fork_fall(m, fr, &at_tick, c, r);
            if (below != HIT_NONE) {
                /* Landed: walker.c stops it and walks on from here next
                ** tick. (The floor going away after that is a fall from
                ** a stand, a branch of the walk from here.) */
                *out = (Landing){f.x, (f.y + sh->h) / TILE_SIZE, f.dir};
                return true;
            }
            f.y++;
            dy--;
        }
        if (f.y > m->kill_y)
            return false;
    }
    if (f.ticks < PATROL_MAX_FALL_TICKS) {
        *out = (Landing){f.x, (f.y + sh->h) / TILE_SIZE, f.dir};
        return true;
    }
    fr->cut = true;
    return false;
}

static size_t fall_slot(int32_t x, int32_t row, int dir, int shape, size_t cap)
{
    uint64_t k = ((uint64_t)(uint32_t)x << 32) ^ ((uint64_t)(uint32_t)row << 3) ^
                 (uint64_t)(dir > 0) ^ ((uint64_t)(uint32_t)shape << 1);
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return (size_t)k & (cap - 1);
}

static bool falls_grow(PatrolMap *m)
{
    size_t cap = m->fall_cap ? m->fall_cap * 2 : 256;
    FallKey *grown = calloc(cap, sizeof *grown);
    if (grown == NULL)
        return false;
    for (size_t i = 0; i < m->fall_cap; i++) {
        const FallKey *k = &m->falls[i];
        if (k->count == 0)
            continue;
        size_t j = fall_slot(k->x, k->row, k->dir, k->shape, cap);
        while (grown[j].count != 0)
            j = (j + 1) & (cap - 1);
        grown[j] = *k;
    }
    free(m->falls);
    m->falls = grown;
    m->fall_cap = cap;
    return true;
}

static bool add_landing(PatrolMap *m, Landing l)
{
    Landing *grown = room_for(m->landings, m->landing_count, &m->landing_cap, sizeof *grown);
    if (grown == NULL)
        return false;
    m->landings = grown;
    m->landings[m->landing_count++] = l;
    return true;
}

static int landing_order(const void *a, const void *b)
{
    const Landing *x = a, *y = b;
    if (x->row != y->row)
        return (x->row > y->row) - (x->row < y->row);
    if (x->x != y->x)
        return (x->x > y->x) - (x->x < y->x);
    return (x->dir > y->dir) - (x->dir < y->dir);
}

/* Every landing of a fall from x on feet row heading dir (the walker just
** off its floor), kept: *first, *count into m->landings. False when out of
** memory. */
static bool fall_from(PatrolMap *m, int shape, int32_t x, int32_t row, int dir, int *first,
                      int *count, bool *cut)
{
    if ((m->fall_count + 1) * 2 > m->fall_cap && !falls_grow(m)) {
        m->failed = true;
        return false;
    }
    size_t j = fall_slot(x, row, dir, shape, m->fall_cap);
    for (; m->falls[j].count != 0; j = (j + 1) & (m->fall_cap - 1)) {
        const FallKey *k = &m->falls[j];
        if (k->x == x && k->row == row && k->dir == dir && k->shape == shape) {
            *first = k->first;
            *count = k->count - 1;
            *cut = *cut || k->cut;
            return true;
        }
    }
    const Shape *sh = &m->shapes[shape];
    FallRun fr = {0};
    int start = m->landing_count;
    /* from each fraction of a pixel the walk may have left it with */
    for (int p = 0; p < m->rem_count && !m->failed; p++) {
        Fall f = {.x = x, .y = row * TILE_SIZE - sh->h, .rem_x = m->rems[p], .dir = dir};
        for (bool more = true; more && !m->failed;) {
            Landing l;
            if (fall_one(m, sh, f, false, &fr, &l) && !add_landing(m, l))
                m->failed = true;
            more = fr.count > 0;
            if (more)
                f = fr.stack[--fr.count];
        }
    }
    free(fr.stack);
    if (m->failed)
        return false;
    *cut = *cut || fr.cut;
    /* the same landing from other fractions and forks, kept once */
    int n = m->landing_count - start;
    if (n > 1) {
        qsort(&m->landings[start], (size_t)n, sizeof *m->landings, landing_order);
        int kept = 1;
        for (int i = 1; i < n; i++) {
            const Landing *a = &m->landings[start + kept - 1], *b = &m->landings[start + i];
            if (a->x != b->x || a->row != b->row || a->dir != b->dir)
                m->landings[start + kept++] = *b;
        }
        m->landing_count = start + kept;
    }
    /* count + 1 in the key: 0 marks a free slot */
    m->falls[j] = (FallKey){x, row, dir, shape, start, m->landing_count - start + 1, fr.cut};
    m->fall_count++;
    *first = start;
    *count = m->landing_count - start;
    return true;
}

static size_t range_slot(const RangeKey *k, size_t cap)
{
    uint64_t h = ((uint64_t)(uint32_t)k->lo << 32) ^ (uint64_t)(uint32_t)k->hi;
    h ^= ((uint64_t)(uint32_t)k->row << 20) ^ ((uint64_t)(uint32_t)k->shape << 2) ^
         (uint64_t)(k->dir > 0);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return (size_t)h & (cap - 1);
}

static bool ranges_grow(PatrolMap *m)
{
    size_t cap = m->range_cap ? m->range_cap * 2 : 256;
    RangeKey *grown = calloc(cap, sizeof *grown);
    if (grown == NULL)
        return false;
    for (size_t i = 0; i < m->range_cap; i++) {
        if (m->ranges[i].count == 0)
            continue;
        size_t j = range_slot(&m->ranges[i], cap);
        while (grown[j].count != 0)
            j = (j + 1) & (cap - 1);
        grown[j] = m->ranges[i];
    }
    free(m->ranges);
    m->ranges = grown;
    m->range_cap = cap;
    return true;
}

/* A landing and the end of the stretch it lands in. */
typedef struct Reach {
    Landing at;
    int32_t end;
} Reach;

static int reach_order(const void *a, const void *b)
{
    const Reach *x = a, *y = b;
    if (x->at.row != y->at.row)
        return (x->at.row > y->at.row) - (x->at.row < y->at.row);
    if (x->at.dir != y->at.dir)
        return (x->at.dir > y->at.dir) - (x->at.dir < y->at.dir);
    if (x->end != y->end)
        return (x->end > y->end) - (x->end < y->end);
    /* furthest back first: the least x walking right, the most walking left */
    return x->at.dir > 0 ? (x->at.x > y->at.x) - (x->at.x < y->at.x)
                         : (x->at.x < y->at.x) - (x->at.x > y->at.x);
}

/* The landings of the fall branches among marks (those of the way of feet
** row and dir between lo and hi), one a stretch: *first, *count into
** m->landings. False when out of memory. */
static bool range_landings(PatrolMap *m, int shape, int32_t row, int dir, int32_t lo, int32_t hi,
                           const Mark *marks, int mark_count, int *first, int *count, bool *cut)
{
    if ((m->range_count + 1) * 2 > m->range_cap && !ranges_grow(m)) {
        m->failed = true;
        return false;
    }
    RangeKey key = {row, lo, hi, dir, shape, 0, 0, false};
    size_t j = range_slot(&key, m->range_cap);
    for (; m->ranges[j].count != 0; j = (j + 1) & (m->range_cap - 1)) {
        const RangeKey *k = &m->ranges[j];
        if (k->row == row && k->lo == lo && k->hi == hi && k->dir == dir && k->shape == shape) {
            *first = k->first;
            *count = k->count - 1;
            *cut = *cut || k->cut;
            return true;
        }
    }
    Reach *all = NULL;
    int n = 0, cap = 0;
    for (int i = 0; i < mark_count && !m->failed; i++) {
        int f = 0, c = 0;
        if (marks[i].what != END_FALL ||
            !fall_from(m, shape, marks[i].x, row, dir, &f, &c, &key.cut))
            continue;
        for (int l = 0; l < c; l++) {
            Reach *grown = room_for(all, n, &cap, sizeof *grown);
            Landing at = m->landings[f + l];
            int s = grown == NULL ? -1 : stretch_at(m, shape, at.x, at.row, at.dir);
            if (grown != NULL)
                all = grown;
            if (s < 0) {
                m->failed = true;
                break;
            }
            const Stretch *st = &way_of(m, shape, at.row, at.dir)->list[s];
            all[n++] = (Reach){at, at.dir > 0 ? st->hi : st->lo};
        }
    }
    if (m->failed) {
        free(all);
        return false;
    }
    if (n > 1)
        qsort(all, (size_t)n, sizeof *all, reach_order);
    int start = m->landing_count;
    for (int i = 0; i < n; i++) {
        const Reach *r = &all[i];
        if (i > 0 && r->at.row == all[i - 1].at.row && r->at.dir == all[i - 1].at.dir &&
            r->end == all[i - 1].end)
            continue; /* behind the first of its stretch */
        if (!add_landing(m, r->at)) {
            m->failed = true;
            free(all);
            return false;
        }
    }
    free(all);
    key.first = start;
    key.count = m->landing_count - start + 1;
    m->ranges[j] = key;
    m->range_count++;
    *first = start;
    *count = m->landing_count - start;
    *cut = *cut || key.cut;
    return true;
}

/* ---- one walker's search ------------------------------------------------------------- */

typedef struct Node {
    int32_t row;
    int dir;
    int32_t end;                 /* where its stretch ends: the key */
    int32_t in;                  /* where it came in: it covers in..end */
    int32_t done;                /* in when last followed: its branches from there on are seen */
    bool followed;
    End what;
} Node;

typedef struct Search {
    PatrolMap *m;
    int shape;
    Node *nodes;
    int count, cap;
    int *index;                  /* open addressing: node + 1, 0 free */
    size_t index_cap;
    int *todo;                   /* nodes to (re)visit */
    int todo_count, todo_cap;
    bool cut;
} Search;

static size_t node_slot(int32_t row, int dir, int32_t end, size_t cap)
{
    uint64_t k = ((uint64_t)(uint32_t)end << 32) ^ ((uint64_t)(uint32_t)row << 1) ^
                 (uint64_t)(dir > 0);
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return (size_t)k & (cap - 1);
}

static bool index_grow(Search *se)
{
    size_t cap = se->index_cap ? se->index_cap * 2 : 64;
    int *grown = calloc(cap, sizeof *grown);
    if (grown == NULL)
        return false;
    for (int i = 0; i < se->count; i++) {
        const Node *n = &se->nodes[i];
        size_t j = node_slot(n->row, n->dir, n->end, cap);
        while (grown[j] != 0)
            j = (j + 1) & (cap - 1);
        grown[j] = i + 1;
    }
    free(se->index);
    se->index = grown;
    se->index_cap = cap;
    return true;
}

static void visit(Search *se, int node)
{
    int *grown = room_for(se->todo, se->todo_count, &se->todo_cap, sizeof *grown);
    if (grown == NULL) {
        se->m->failed = true;
        return;
    }
    se->todo = grown;
    se->todo[se->todo_count++] = node;
}

/* The walker stands at x on feet row heading dir: the stretch it walks. */
static void enter(Search *se, int32_t x, int32_t row, int dir)
{
    PatrolMap *m = se->m;
    if (m->failed || row < 0 || row > m->lv->map.height)
        return;
    int at = stretch_at(m, se->shape, x, row, dir);
    if (at < 0) {
        m->failed = true;
        return;
    }
    const Stretch *s = &way_of(m, se->shape, row, dir)->list[at];
    int32_t end = dir > 0 ? s->hi : s->lo;
    if (((size_t)se->count + 1) * 2 > se->index_cap && !index_grow(se)) {
        m->failed = true;
        return;
    }
    size_t j = node_slot(row, dir, end, se->index_cap);
    for (; se->index[j] != 0; j = (j + 1) & (se->index_cap - 1)) {
        Node *n = &se->nodes[se->index[j] - 1];
        if (n->row == row && n->dir == dir && n->end == end) {
            if ((dir > 0 && x < n->in) || (dir < 0 && x > n->in)) {
                n->in = x; /* it covers more: its branches there too */
                visit(se, se->index[j] - 1);
            }
            return;
        }
    }
    if (se->count == PATROL_MAX_NODES) {
        se->cut = true;
        return;
    }
    Node *grown = room_for(se->nodes, se->count, &se->cap, sizeof *grown);
    if (grown == NULL) {
        m->failed = true;
        return;
    }
    se->nodes = grown;
    se->nodes[se->count++] = (Node){row, dir, end, x, x, false, s->what};
    se->index[j] = se->count;
    visit(se, se->count - 1);
}

static void fall_into(Search *se, int32_t x, int32_t row, int dir)
{
    int first = 0, count = 0;
    if (!fall_from(se->m, se->shape, x, row, dir, &first, &count, &se->cut))
        return;
    for (int i = 0; i < count && !se->m->failed; i++) {
        Landing l = se->m->landings[first + i];
        enter(se, l.x, l.row, l.dir);
    }
}

/* What happens where a node's stretch ends, and at its branches on the way:
** those it covers since it was last followed. */
static void follow(Search *se, int node)
{
    Node n = se->nodes[node];
    se->nodes[node].followed = true;
    se->nodes[node].done = n.in;
    Way *way = way_of(se->m, se->shape, n.row, n.dir);
    if (!way->sorted && way->branch_count > 1) {
        qsort(way->branches, (size_t)way->branch_count, sizeof *way->branches, mark_order);
        way->sorted = true;
    }
    /* The branches it covers, copied out: the walks and falls they lead to
    ** may add branches to this way elsewhere (never between lo and hi,
    ** which are walked already). */
    int32_t lo = n.dir > 0 ? n.in : n.end, hi = n.dir > 0 ? n.end : n.in;
    if (n.followed) { /* only what it covers now and did not before */
        if (n.dir > 0)
            hi = n.done - 1;
        else
            lo = n.done + 1;
    }
    int a = 0, b = way->branch_count;
    while (a < b) {
        int mid = a + (b - a) / 2;
        if (way->branches[mid].x < lo)
            a = mid + 1;
        else
            b = mid;
    }
    int count = 0;
    while (a + count < way->branch_count && way->branches[a + count].x <= hi)
        count++;
    Mark *marks = malloc(((size_t)count + 1) * sizeof *marks);
    if (marks == NULL) {
        se->m->failed = true;
        return;
    }
    if (count > 0)
        memcpy(marks, &way->branches[a], (size_t)count * sizeof *marks);
    if (!n.followed) {
        if (n.what == END_TURN)
            enter(se, n.end, n.row, -n.dir);
        else
            fall_into(se, n.end, n.row, n.dir);
    }
    for (int i = 0; i < count && !se->m->failed; i++)
        if (marks[i].what == END_TURN)
            enter(se, marks[i].x, n.row, -n.dir);
    int first = 0, landed = 0;
    if (count > 0 && range_landings(se->m, se->shape, n.row, n.dir, lo, hi, marks, count, &first,
                                    &landed, &se->cut))
        for (int i = 0; i < landed && !se->m->failed; i++) {
            Landing l = se->m->landings[first + i];
            enter(se, l.x, l.row, l.dir);
        }
    free(marks);
}

static int shape_of(PatrolMap *m, int32_t w, int32_t h, bool turns)
{
    for (int i = 0; i < m->shape_count; i++)
        if (m->shapes[i].w == w && m->shapes[i].h == h && m->shapes[i].turns == turns)
            return i;
    Shape *grown = room_for(m->shapes, m->shape_count, &m->shape_cap, sizeof *grown);
    if (grown == NULL)
        return -1;
    m->shapes = grown;
    Way *ways = calloc(2 * ((size_t)m->lv->map.height + 1), sizeof *ways);
    if (ways == NULL)
        return -1;
    m->shapes[m->shape_count] = (Shape){w, h, turns, ways};
    return m->shape_count++;
}

static int run_order(const void *a, const void *b)
{
    const PatrolRun *x = a, *y = b;
    if (x->row != y->row)
        return (x->row > y->row) - (x->row < y->row);
    return (x->from > y->from) - (x->from < y->from);
}

bool level_patrol_search(PatrolMap *m, const LevelEntity *e, PatrolResult *out)
{
    memset(out, 0, sizeof *out);
    SimBox box = sim_spawn_box(e);
    bool turns = leveldesc_prop(e, "turn_at_edges").i != 0;
    int dir = leveldesc_prop(e, "dir").i == 0 ? -1 : 1;
    Search se = {.m = m, .shape = shape_of(m, box.w, box.h, turns)};
    if (se.shape < 0)
        return false;
    const Shape *sh = &m->shapes[se.shape];
    /* As the level starts: where its first fall lands. */
    FallRun fr = {0};
    Landing first;
    Fall f0 = {.x = box.x, .y = box.y, .dir = dir};
    out->landed = fall_one(m, sh, f0, true, &fr, &first);
    free(fr.stack);
    if (out->landed) {
        out->landing = (SimBox){first.x, first.row * TILE_SIZE - box.h, box.w, box.h};
        enter(&se, first.x, first.row, first.dir);
    }
    /* And every first fall there may be. */
    fr = (FallRun){0};
    for (bool more = true; more && !m->failed;) {
        Landing l;
        if (fall_one(m, sh, f0, false, &fr, &l))
            enter(&se, l.x, l.row, l.dir);
        more = fr.count > 0;
        if (more)
            f0 = fr.stack[--fr.count];
    }
    free(fr.stack);
    se.cut = se.cut || fr.cut;
    while (se.todo_count > 0 && !m->failed)
        follow(&se, se.todo[--se.todo_count]);
    free(se.index);
    free(se.todo);
    PatrolRun *runs = m->failed ? NULL : malloc(((size_t)se.count + 1) * sizeof *runs);
    if (runs == NULL) {
        free(se.nodes);
        return false;
    }
    /* Runs: what each node covers, merged row by row. */
    for (int i = 0; i < se.count; i++) {
        const Node *n = &se.nodes[i];
        runs[i] = (PatrolRun){n->row, n->dir > 0 ? n->in : n->end, n->dir > 0 ? n->end : n->in,
                              false};
    }
    free(se.nodes);
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
    for (int i = 0; i < count && out->landed; i++)
        runs[i].lands = runs[i].row == first.row && runs[i].from <= first.x &&
                        first.x <= runs[i].to;
    out->runs = runs;
    out->count = count;
    out->w = box.w;
    out->h = box.h;
    out->cut = se.cut;
    return true;
}

void level_patrol_result_fini(PatrolResult *r)
{
    free(r->runs);
    memset(r, 0, sizeof *r);
}

/* ---- the map ------------------------------------------------------------------------------ */

bool level_unsteady_solid(const LevelEntity *e, SimBox *box, bool *at_start)
{
    const EntityKind *k = kind_get(e->kind);
    if (!(k->flags & KIND_FLIPPED) &&
        (k->collider != COLLIDER_SOLID || (k->components & (1u << C_MOVER))))
        return false;
    *box = (SimBox){e->x, e->y, e->w, e->h};
    /* every switch group starts off (game/interact.c's block_spawn) */
    *at_start = !(k->flags & KIND_FLIPPED) || leveldesc_prop(e, "solid_when").i != 0;
    return true;
}

PatrolMap *level_patrol_map_new(const LevelDesc *lv)
{
    PatrolMap *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->lv = lv;
    m->speed = lv->physics.walker_speed;
    m->gravity = lv->physics.gravity;
    m->max_fall = lv->physics.max_fall;
    m->kill_y = lv->map.height * TILE_SIZE + 2 * TILE_SIZE;
    /* The fractions a walk at walker_speed leaves, either way, from none at
    ** the spawn: a fall off a ledge starts from one of them. */
    m->rems[m->rem_count++] = 0.0f;
    for (int i = 0; i < m->rem_count; i++)
        for (int dir = -1; dir <= 1; dir += 2) {
            float r = m->rems[i];
            take_pixels(&r, (float)dir * m->speed * SIM_DT);
            bool known = false;
            for (int j = 0; j < m->rem_count && !known; j++)
                known = m->rems[j] == r;
            if (!known && m->rem_count < PATROL_MAX_REMS)
                m->rems[m->rem_count++] = r;
        }
    for (int i = 0; i < lv->entity_count; i++) {
        SimBox b;
        bool at_start;
        if (!level_unsteady_solid(&lv->entities[i], &b, &at_start))
            continue;
        if (m->cells == NULL) {
            m->cells = calloc((size_t)lv->map.width * (size_t)lv->map.height, 1);
            if (m->cells == NULL) {
                free(m);
                return NULL;
            }
        }
        for (int32_t r = tile_of(b.y); r <= tile_of(b.y + b.h - 1); r++)
            for (int32_t c = tile_of(b.x); c <= tile_of(b.x + b.w - 1); c++)
                if (r >= 0 && c >= 0 && r < lv->map.height && c < lv->map.width)
                    m->cells[(size_t)r * (size_t)lv->map.width + (size_t)c] |=
                        (uint8_t)(CELL_UNSTEADY | (at_start ? CELL_AT_START : 0));
    }
    return m;
}

void level_patrol_map_free(PatrolMap *m)
{
    if (m == NULL)
        return;
    for (int i = 0; i < m->shape_count; i++) {
        for (int r = 0; r < 2 * (m->lv->map.height + 1); r++) {
            free(m->shapes[i].ways[r].list);
            free(m->shapes[i].ways[r].branches);
        }
        free(m->shapes[i].ways);
    }
    free(m->shapes);
    free(m->falls);
    free(m->landings);
    free(m->ranges);
    free(m->cells);
    free(m);
}
