/* SPDX-License-Identifier: Zlib */
/*
** route.c -- a best-first search over macro actions, played on the
** simulation.
**
** A macro action is what a player does for a moment: hold a direction
** (none, left, right; down too if asked), press jump and hold it for 0, 4,
** 8, 12 or 16 ticks, for 6 to 30 ticks in all. A candidate is the prefix
** and a chain of macros. Candidates are extended best first, by
** f = cost + weight x (distance to the target / run speed), where the cost
** is the ticks taken plus jump_cost ticks a jump (without it the shortest
** route hops all the way, as speedrunners do, and a designer wants the
** jumps the level asks for). With weight 1 that is A* with the time a
** straight run would take as its guess; a larger weight trusts nearness
** more and finds a slightly longer route much sooner. A candidate in which the player
** dies is dropped, and so is one whose state (position in 4-px cells,
** speed, standing, coins, and on a level that moves by itself the time in
** 16-tick steps) an earlier candidate reached.
**
** Nearness misleads where the way goes round: up a tower that starts
** away from the goal, the candidates under the ledge nearest the goal
** look best for a long time. So a second queue holds the candidates that
** were first to reach a tile (a 16-px cell), and the search takes from
** the two queues in turn (the "novelty" queue of planners): what opens new
** ground is extended early even when it looks no nearer.
**
** There is no way to copy a Sim, so every candidate is played from the
** level's start: its prefix and its macros. Extending one candidate costs
** macros x the length played, which grows with the route and with the
** prefix. Two things keep it down: the macros that share a direction and
** a jump hold share one play, 30 ticks long, whose states at 6, 12, 18,
** 24 and 30 ticks are the five durations; and the target is looked for
** after every tick of it, so a route ends the tick it arrives.
*/
#include "route.h"

#include "sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MACRO_TICKS = 30, /* the longest macro; durations are its multiples of STEP */
    MACRO_STEP = 6,
    DYNAMIC_BUCKET = 16, /* ticks a state's time is rounded to on a moving level */
};

static const uint8_t holds[] = {0, 4, 8, 12, 16};
static const uint8_t dirs[] = {0, REPLAY_KEY_L, REPLAY_KEY_R, REPLAY_KEY_D};

RouteOptions route_defaults(void)
{
    return (RouteOptions){
        .max_ticks = 1200, .budget = 20000, .weight = 1.5f, .jump_cost = 8.0f, .down = false};
}

/* A candidate: its last macro and where it leaves the player. */
typedef struct Node {
    int32_t parent; /* index in the pool; -1 for the start */
    uint8_t keys;   /* direction keys held */
    uint8_t hold;   /* jump held for the first hold ticks */
    uint8_t dur;    /* ticks */
    bool expanded;
    uint32_t ticks; /* of the route, up to the end of this macro */
    uint32_t jumps; /* macros with a jump, this one included */
    float dist;     /* px from the target at its end */
    float f;        /* what the queues order by */
    int32_t x, y;   /* the player's box, top-left */
    bool grounded;
} Node;

/* A set of 64-bit keys (never 0), open addressing. */
typedef struct KeySet {
    uint64_t *slots;
    size_t count, cap;
} KeySet;

/* Pool indices, least f first. */
typedef struct Queue {
    int32_t *items;
    size_t count, cap;
} Queue;

typedef struct Search {
    const LevelDesc *level;
    const Replay *prefix;
    const RouteTarget *target;
    RouteOptions opt;
    bool dynamic; /* something moves with no input: time is part of a state */
    uint32_t prefix_deaths;
    float px_per_tick; /* the run speed, turning a distance into ticks */
    Node *pool;
    size_t count, cap;
    KeySet states, tiles;
    Queue open, novel;
    uint8_t *keys; /* the inputs being played */
    size_t keys_cap;
    unsigned long sims;
    unsigned long long simulated;
} Search;

/* Adds key; false when it was there already, or when out of memory (a
** candidate is then dropped, which only narrows the search). */
static bool set_add(KeySet *set, uint64_t key)
{
    key = key != 0 ? key : 1;
    if (2 * (set->count + 1) > set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 4096;
        uint64_t *grown = calloc(cap, sizeof *grown);
        if (grown == NULL)
            return false;
        for (size_t i = 0; i < set->cap; i++) {
            if (set->slots[i] == 0)
                continue;
            size_t j = (size_t)(set->slots[i] % cap);
            while (grown[j] != 0)
                j = (j + 1) % cap;
            grown[j] = set->slots[i];
        }
        free(set->slots);
        set->slots = grown;
        set->cap = cap;
    }
    size_t j = (size_t)(key % set->cap);
    while (set->slots[j] != 0) {
        if (set->slots[j] == key)
            return false;
        j = (j + 1) % set->cap;
    }
    set->slots[j] = key;
    set->count++;
    return true;
}

static uint64_t mix(const int64_t *parts, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (uint64_t)parts[i];
        h *= 1099511628211ull;
        h ^= h >> 29;
    }
    return h;
}

static bool queue_less(const Search *s, int32_t a, int32_t b)
{
    float fa = s->pool[a].f, fb = s->pool[b].f;
    return fa != fb ? fa < fb : a < b; /* ties: the older */
}

static bool queue_push(Search *s, Queue *q, int32_t node)
{
    if (q->count == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 1024;
        int32_t *grown = realloc(q->items, cap * sizeof *grown);
        if (grown == NULL)
            return false;
        q->items = grown;
        q->cap = cap;
    }
    size_t i = q->count++;
    while (i > 0 && queue_less(s, node, q->items[(i - 1) / 2])) {
        q->items[i] = q->items[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    q->items[i] = node;
    return true;
}

static int32_t queue_pop(const Search *s, Queue *q)
{
    int32_t top = q->items[0], last = q->items[--q->count];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->count)
            break;
        if (c + 1 < q->count && queue_less(s, q->items[c + 1], q->items[c]))
            c++;
        if (!queue_less(s, q->items[c], last))
            break;
        q->items[i] = q->items[c];
        i = c;
    }
    if (q->count > 0)
        q->items[i] = last;
    return top;
}

/* The player's box, and whether it stands. */
static void player_box(Sim *sim, int32_t box[4], bool *grounded)
{
    EcsWorld *world = sim_world(sim);
    const Transform *t = ecs_get(world, sim_player(sim), C_TRANSFORM);
    const Collider *c = ecs_get(world, sim_player(sim), C_COLLIDER);
    const Player *p = ecs_get(world, sim_player(sim), C_PLAYER);
    box[0] = t->x + c->off_x;
    box[1] = t->y + c->off_y;
    box[2] = c->w;
    box[3] = c->h;
    *grounded = p->grounded;
}

/* How far box a is from the box (bx, by, bw, bh): 0 when they overlap,
** at least 1 when they do not (boxes side by side touch but do not meet). */
static float box_distance(const int32_t a[4], int32_t bx, int32_t by, int32_t bw, int32_t bh)
{
    int32_t dx = bx >= a[0] + a[2] ? bx - (a[0] + a[2]) : a[0] >= bx + bw ? a[0] - (bx + bw) : -1;
    int32_t dy = by >= a[1] + a[3] ? by - (a[1] + a[3]) : a[1] >= by + bh ? a[1] - (by + bh) : -1;
    if (dx < 0 && dy < 0)
        return 0.0f;
    float fx = (float)(dx > 0 ? dx : 0), fy = (float)(dy > 0 ? dy : 0);
    return fmaxf(sqrtf(fx * fx + fy * fy), 1.0f);
}

/* How far the player is from the target; 0 when there. For the goal,
** the nearest goal's box, and the level's completion is what counts. */
static float target_distance(const Search *s, Sim *sim)
{
    int32_t box[4];
    bool grounded;
    player_box(sim, box, &grounded);
    const RouteTarget *t = s->target;
    if (!t->goal) {
        float d = box_distance(box, t->x, t->y, t->w, t->h);
        return d == 0.0f && t->standing && !grounded ? 1.0f : d;
    }
    if (sim_status(sim)->outcome == OUTCOME_COMPLETED)
        return 0.0f;
    float best = INFINITY;
    int goal = kind_find("goal");
    for (int i = 0; i < s->level->entity_count; i++) {
        const LevelEntity *e = &s->level->entities[i];
        if (e->kind == goal) {
            float d = box_distance(box, e->x, e->y, e->w, e->h);
            best = d < best ? d : best;
        }
    }
    return fmaxf(best, 1.0f); /* inside the box is not yet completing */
}

/* A state for pruning: what makes two candidates play the same from here. */
static uint64_t state_key(const Search *s, Sim *sim, uint32_t ticks)
{
    EcsWorld *world = sim_world(sim);
    const Transform *t = ecs_get(world, sim_player(sim), C_TRANSFORM);
    const Velocity *v = ecs_get(world, sim_player(sim), C_VELOCITY);
    const Player *p = ecs_get(world, sim_player(sim), C_PLAYER);
    int64_t parts[] = {
        t->x >> 2,
        t->y >> 2,
        (int64_t)floorf(v->x / 30.0f),
        (int64_t)floorf(v->y / 60.0f),
        p->grounded,
        sim_status(sim)->collected,
        s->dynamic ? (int64_t)(ticks + s->prefix->count) / DYNAMIC_BUCKET : 0,
    };
    return mix(parts, sizeof parts / sizeof parts[0]);
}

static bool push_node(Search *s, const Node *n)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        Node *grown = realloc(s->pool, cap * sizeof *grown);
        if (grown == NULL)
            return false;
        s->pool = grown;
        s->cap = cap;
    }
    s->pool[s->count++] = *n;
    return true;
}

/* Writes the prefix and node's route into s->keys, with room left for
** one macro; *count is the ticks written. */
static bool route_keys(Search *s, int32_t node, size_t *count)
{
    size_t n = s->prefix->count + s->pool[node].ticks;
    if (n + MACRO_TICKS > s->keys_cap) {
        uint8_t *grown = realloc(s->keys, n + MACRO_TICKS);
        if (grown == NULL)
            return false;
        s->keys = grown;
        s->keys_cap = n + MACRO_TICKS;
    }
    if (s->prefix->count > 0)
        memcpy(s->keys, s->prefix->keys, s->prefix->count);
    size_t end = n;
    for (int32_t i = node; i >= 0; i = s->pool[i].parent) {
        const Node *m = &s->pool[i];
        end -= m->dur;
        for (size_t t = 0; t < m->dur; t++)
            s->keys[end + t] = (uint8_t)(m->keys | (t < m->hold ? REPLAY_KEY_J : 0));
    }
    *count = n;
    return true;
}

/* A Sim that has played keys[0, n). */
static Sim *play_to(Search *s, size_t n)
{
    Sim *sim = sim_create(s->level, NULL);
    if (sim == NULL)
        return NULL;
    s->sims++;
    Replay view = {s->keys, n, n};
    for (size_t i = 0; i < n; i++) {
        InputIntent in = replay_intent(&view, i);
        sim_tick(sim, &in);
    }
    s->simulated += n;
    return sim;
}

/* Whether the level moves by itself: the state changes while the player
** stands still (platforms, walkers, ...). Then when a place is reached is
** part of the state. */
static bool level_moves(const LevelDesc *level)
{
    Sim *sim = sim_create(level, NULL);
    if (sim == NULL)
        return true;
    InputIntent idle = {0};
    uint64_t before = 0;
    bool moved = false;
    for (int i = 1; i <= 120 && !moved; i++) {
        sim_tick(sim, &idle);
        if (i == 60)
            before = sim_hash(sim);
        else if (i > 60)
            moved = sim_hash(sim) != before;
    }
    sim_destroy(sim);
    return moved;
}

/* The arrival found: candidate `node` extended by the first dur ticks of
** a macro. */
typedef struct Arrival {
    bool found;
    int32_t node;
    uint8_t keys, hold, dur;
    float cost;
} Arrival;

/* What a route costs: its ticks, and jump_cost ticks a jump. */
static float cost(const Search *s, uint32_t ticks, uint32_t jumps)
{
    return (float)ticks + s->opt.jump_cost * (float)jumps;
}

/* A new candidate: into the pool and the open queue, and into the novelty
** queue too when it is the first to reach its tile. */
static bool enqueue(Search *s, int32_t index)
{
    Node *n = &s->pool[index];
    n->f = cost(s, n->ticks, n->jumps) + s->opt.weight * n->dist / s->px_per_tick;
    int64_t tile[] = {(n->x + 8) >> 4, (n->y + 8) >> 4};
    bool first = set_add(&s->tiles, mix(tile, 2));
    return queue_push(s, &s->open, index) && (!first || queue_push(s, &s->novel, index));
}

static bool add_candidate(Search *s, const Node *kid)
{
    return push_node(s, kid) && enqueue(s, (int32_t)s->count - 1);
}

/* Extends node by every macro. False when out of memory. */
static bool expand(Search *s, int32_t node, Arrival *arrival)
{
    uint32_t base = s->pool[node].ticks, jumps = s->pool[node].jumps;
    s->pool[node].expanded = true;
    if (arrival->found && cost(s, base + 1, jumps) >= arrival->cost)
        return true; /* cannot arrive for less than the arrival found */
    size_t ndirs = s->opt.down ? 4 : 3, n;
    if (!route_keys(s, node, &n))
        return false;
    Replay view = {s->keys, n + MACRO_TICKS, n + MACRO_TICKS};
    for (size_t d = 0; d < ndirs; d++) {
        for (size_t h = 0; h < sizeof holds; h++) {
            for (size_t t = 0; t < MACRO_TICKS; t++)
                s->keys[n + t] = (uint8_t)(dirs[d] | (t < holds[h] ? REPLAY_KEY_J : 0));
            Sim *sim = play_to(s, n);
            if (sim == NULL)
                return false;
            const SimStatus *st = sim_status(sim);
            bool ok = true;
            for (size_t t = 0; t < MACRO_TICKS && ok; t++) {
                InputIntent in = replay_intent(&view, n + t);
                sim_tick(sim, &in);
                s->simulated++;
                uint32_t ticks = base + (uint32_t)t + 1;
                if (st->deaths > s->prefix_deaths || ticks > s->opt.max_ticks)
                    break;
                float dist = target_distance(s, sim);
                uint32_t kid_jumps = jumps + (holds[h] > 0);
                if (dist == 0.0f) {
                    float c = cost(s, ticks, kid_jumps);
                    if (!arrival->found || c < arrival->cost)
                        *arrival = (Arrival){true, node, dirs[d], holds[h], (uint8_t)(t + 1), c};
                    break;
                }
                if (st->outcome == OUTCOME_COMPLETED)
                    break; /* the level ended elsewhere than the target */
                if ((t + 1) % MACRO_STEP != 0 || t + 1 <= holds[h] ||
                    !set_add(&s->states, state_key(s, sim, ticks)))
                    continue;
                Node kid = {node,  dirs[d], holds[h],  (uint8_t)(t + 1),
                            false, ticks,   kid_jumps, dist,
                            0.0f,  0,       0,         false};
                int32_t box[4];
                player_box(sim, box, &kid.grounded);
                kid.x = box[0];
                kid.y = box[1];
                ok = add_candidate(s, &kid);
            }
            sim_destroy(sim);
            if (!ok)
                return false;
        }
    }
    return true;
}

/* Whether the box lies wholly in solid tiles, where no player can be. */
static bool inside_solids(const LevelDesc *level, const RouteTarget *t)
{
    for (int ty = t->y / TILE_SIZE; ty <= (t->y + t->h - 1) / TILE_SIZE; ty++)
        for (int tx = t->x / TILE_SIZE; tx <= (t->x + t->w - 1) / TILE_SIZE; tx++)
            if (tilemap_get(&level->map, tx, ty) != TILE_SOLID)
                return false;
    return true;
}

bool route_find(const LevelDesc *level, const Replay *prefix, const RouteTarget *target,
                const RouteOptions *opt, RouteResult *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    replay_init(&out->route);
    Replay empty;
    replay_init(&empty);
    Search s;
    memset(&s, 0, sizeof s);
    s.level = level;
    s.prefix = prefix != NULL ? prefix : &empty;
    s.target = target;
    s.opt = *opt;
    s.px_per_tick = level->physics.max_run > 0.0f ? level->physics.max_run / SIM_TICK_RATE : 1.0f;
    bool ok = false;
    if (!target->goal && inside_solids(level, target)) {
        snprintf(err, errlen, "the target lies inside solid tiles, where the player cannot be");
        return false;
    }
    s.dynamic = level_moves(level);

    /* The start: where the prefix leaves the player. */
    Node root = {-1, 0, 0, 0, false, 0, 0, 0.0f, 0.0f, 0, 0, false};
    size_t n = s.prefix->count;
    Sim *sim = push_node(&s, &root) && route_keys(&s, 0, &n) ? play_to(&s, n) : NULL;
    if (sim == NULL) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    const SimStatus *st = sim_status(sim);
    if (st->outcome == OUTCOME_COMPLETED || st->outcome == OUTCOME_DIED) {
        snprintf(err, errlen, "the prefix ends with %s, after %zu ticks",
                 st->outcome == OUTCOME_COMPLETED ? "the level completed" : "the player dead", n);
        sim_destroy(sim);
        goto done;
    }
    s.prefix_deaths = st->deaths;
    Node *start = &s.pool[0];
    start->dist = target_distance(&s, sim);
    int32_t box[4];
    player_box(sim, box, &start->grounded);
    start->x = box[0];
    start->y = box[1];
    set_add(&s.states, state_key(&s, sim, 0));
    sim_destroy(sim);
    if (!enqueue(&s, 0)) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    /* There already: an empty route. */
    Arrival arrival = {s.pool[0].dist == 0.0f, 0, 0, 0, 0, 0.0f};

    /* Best first, from the two queues in turn; a candidate in both is
    ** extended once. */
    size_t turn = 0, closest = 0;
    while (!arrival.found && s.sims < s.opt.budget) {
        Queue *q = (turn++ % 2 == 0 && s.novel.count > 0) || s.open.count == 0 ? &s.novel : &s.open;
        if (q->count == 0)
            break;
        int32_t node = queue_pop(&s, q);
        if (s.pool[node].expanded)
            continue;
        size_t before = s.count;
        if (!expand(&s, node, &arrival)) {
            snprintf(err, errlen, "out of memory");
            goto done;
        }
        for (size_t i = before; i < s.count; i++)
            if (s.pool[i].dist < s.pool[closest].dist)
                closest = i;
    }

    ok = true;
    out->found = arrival.found;
    if (!out->found) {
        const Node *c = &s.pool[closest];
        out->x = c->x;
        out->y = c->y;
        out->grounded = c->grounded;
        out->distance = c->dist;
        goto done;
    }
    /* The route: the candidate's macros, then the arriving part. */
    if (!route_keys(&s, arrival.node, &n)) {
        snprintf(err, errlen, "out of memory");
        ok = false;
        goto done;
    }
    for (size_t t = 0; t < arrival.dur; t++)
        s.keys[n + t] = (uint8_t)(arrival.keys | (t < arrival.hold ? REPLAY_KEY_J : 0));
    n += arrival.dur;
    Replay all = {s.keys, n, n};
    for (size_t i = s.prefix->count; i < n && ok; i++) {
        InputIntent in = replay_intent(&all, i);
        ok = replay_push(&out->route, &in);
    }
    sim = ok ? play_to(&s, n) : NULL;
    if (sim == NULL) {
        snprintf(err, errlen, "out of memory");
        ok = false;
        goto done;
    }
    out->distance = target_distance(&s, sim);
    player_box(sim, box, &out->grounded);
    out->x = box[0];
    out->y = box[1];
    out->ticks = (unsigned long)out->route.count;
    sim_destroy(sim);

done:
    out->sims = s.sims;
    out->simulated = s.simulated;
    if (!ok)
        replay_fini(&out->route);
    free(s.pool);
    free(s.states.slots);
    free(s.tiles.slots);
    free(s.open.items);
    free(s.novel.items);
    free(s.keys);
    return ok;
}
