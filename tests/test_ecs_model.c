/* SPDX-License-Identifier: Zlib */
/*
** test_ecs_model.c -- the ECS against a naive reference model.
**
** Random operations (create, destroy, add, remove, get, has, view, deferred
** batches, snapshots and restores) are applied to the world and to a plain
** array of records that says what the world should hold. Of the four types,
** one is a tag. Every result is checked at once, and the
** whole state is compared every few hundred steps. Runs without an owning
** group, with one over two of the types from the start, and with one made
** part-way (packing what is there); the grouped view is checked after every
** flush.
*/
#include "ecs.h"
#include "check_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

/* Check's ck_assert records every passing check, which millions of steps
** cannot afford: these only call into Check when something is wrong. */
#define EXPECT_MSG(cond, ...)                                                                      \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)
#define EXPECT(cond) EXPECT_MSG(cond, "%s:%d: %s", __FILE__, __LINE__, #cond)
#define EXPECT_EQ(a, b)                                                                            \
    EXPECT_MSG((a) == (b), "%s:%d: %s == %s (%lld != %lld)", __FILE__, __LINE__, #a, #b,           \
               (long long)(a), (long long)(b))
#define EXPECT_LT(a, b)   EXPECT((a) < (b))
#define EXPECT_NULL(p)    EXPECT((p) == NULL)
#define EXPECT_NONNULL(p) EXPECT((p) != NULL)

enum { TYPES = 4, TAG = 3, MAX_RECORDS = 2048, STEPS = 150000 };

typedef struct Small {
    int32_t v;
} Small;
typedef struct Pair {
    int32_t v, w;
} Pair;
typedef struct Wide {
    int32_t v;
    char pad[44];
} Wide;

typedef struct Record {
    EcsEntity handle;
    bool alive;
    bool has[TYPES];
    int32_t value[TYPES];
    /* Where it comes in its set: the flush that placed it there, then its
    ** slot. It comes in anew when its set changed since, or when one of
    ** its components was added since (removed and added again). */
    uint64_t arrival;
    uint32_t placed; /* its set at that flush; NEVER before the first */
    bool added[TYPES];
} Record;

#define NEVER UINT32_MAX

typedef struct Model {
    Record rec[MAX_RECORDS];
    int count;
    uint64_t rng;
    uint32_t flushes;
} Model;

static uint32_t next_rand(Model *m)
{
    /* xorshift64*: a fixed seed gives the same run everywhere. */
    m->rng ^= m->rng >> 12;
    m->rng ^= m->rng << 25;
    m->rng ^= m->rng >> 27;
    return (uint32_t)((m->rng * 2685821657736338717ull) >> 32);
}

static uint32_t below(Model *m, uint32_t n)
{
    return next_rand(m) % n;
}

static uint32_t mask_of(const Record *rec)
{
    uint32_t mask = 0;
    for (int t = 0; t < TYPES; t++)
        mask |= (uint32_t)rec->has[t] << t;
    return mask;
}

/* The world was put in order: the records that come in anew get this
** flush's arrival. */
static void model_flushed(Model *m)
{
    m->flushes++;
    for (int r = 0; r < m->count; r++) {
        Record *rec = &m->rec[r];
        if (!rec->alive)
            continue;
        bool anew = mask_of(rec) != rec->placed;
        for (int t = 0; t < TYPES; t++) {
            anew = anew || (rec->has[t] && rec->added[t]);
            rec->added[t] = false;
        }
        if (anew) {
            rec->arrival = (uint64_t)m->flushes << 32 | rec->handle.index;
            rec->placed = mask_of(rec);
        }
    }
}

/* Type 3 is a tag: no value; the model keeps 0 for it. */
static void write_value(EcsWorld *w, EcsEntity e, int type, int32_t v)
{
    switch (type) {
    case 0: ecs_add(w, e, 0, &(Small){v}); break;
    case 1: ecs_add(w, e, 1, &(Pair){v, -v}); break;
    case 2: {
        Wide wide = {v, {0}};
        ecs_add(w, e, 2, &wide);
    } break;
    default: EXPECT(ecs_add(w, e, TAG, NULL) != NULL || !ecs_alive(w, e)); break;
    }
}

static void defer_value(EcsWorld *w, EcsEntity e, int type, int32_t v)
{
    Wide wide = {v, {0}};
    Pair pair = {v, -v};
    Small small = {v};
    const void *value = type == 0   ? (const void *)&small
                        : type == 1 ? (const void *)&pair
                        : type == 2 ? (const void *)&wide
                                    : NULL;
    EXPECT(ecs_defer_add(w, e, (EcsComponent)type, value));
}

static int32_t read_value(const void *p, int type)
{
    EXPECT_NONNULL(p);
    if (type == TAG)
        return 0; /* a token */
    if (type == 1)
        EXPECT_EQ(((const Pair *)p)->w, -((const Pair *)p)->v);
    return *(const int32_t *)p; /* first member of each type */
}

static Record *pick(Model *m)
{
    return m->count ? &m->rec[below(m, (uint32_t)m->count)] : NULL;
}

static void check_view(EcsWorld *w, Model *m)
{
    EcsComponent terms[TYPES];
    int n = 0;
    uint32_t bits = 1u + below(m, (1u << TYPES) - 1u); /* a non-empty subset */
    for (int t = 0; t < TYPES; t++)
        if (bits & (1u << t))
            terms[n++] = (EcsComponent)t;
    /* Shuffle the term order: the result must not depend on it. */
    if (n > 1 && below(m, 2)) {
        EcsComponent tmp = terms[0];
        terms[0] = terms[n - 1];
        terms[n - 1] = tmp;
    }

    static char visited[MAX_RECORDS];
    static int record_of[4 * MAX_RECORDS]; /* live slot index -> record */
    memset(visited, 0, sizeof visited);
    for (int r = 0; r < m->count; r++)
        if (m->rec[r].alive) {
            EXPECT_LT(m->rec[r].handle.index, 4 * MAX_RECORDS);
            record_of[m->rec[r].handle.index] = r;
        }
    int seen = 0;
    EcsIter it = ecs_view_iter(w, terms, n);
    while (ecs_iter_next(&it)) {
        for (int i = 0; i < it.count; i++) {
            EcsEntity e = ecs_iter_entity(&it, i);
            EXPECT_LT(e.index, 4 * MAX_RECORDS);
            int r = record_of[e.index];
            EXPECT_MSG(m->rec[r].alive && ecs_entity_eq(m->rec[r].handle, e),
                       "view visited an entity the model does not have");
            EXPECT(!visited[r]);
            visited[r] = 1;
            seen++;
            for (int k = 0; k < n; k++) {
                int t = (int)terms[k];
                EXPECT(m->rec[r].has[t]);
                const char *field =
                    (const char *)it.fields[k] + (size_t)i * ecs_component_size(w, terms[k]);
                EXPECT_EQ(read_value(field, t), m->rec[r].value[t]);
            }
        }
    }
    int expected = 0;
    for (int r = 0; r < m->count; r++) {
        bool all = m->rec[r].alive;
        for (int k = 0; k < n; k++)
            all = all && m->rec[r].has[terms[k]];
        expected += all;
    }
    EXPECT_EQ(seen, expected);
}

static void check_structure(const EcsWorld *w)
{
    char msg[256];
    EXPECT_MSG(ecs_world_check(w, msg, sizeof msg), "ecs_world_check: %s", msg);
}

static void check_all(EcsWorld *w, Model *m)
{
    check_structure(w);
    uint32_t alive = 0, per_type[TYPES] = {0};
    for (int r = 0; r < m->count; r++) {
        Record *rec = &m->rec[r];
        EXPECT_EQ(ecs_alive(w, rec->handle), rec->alive);
        if (!rec->alive)
            continue;
        alive++;
        for (int t = 0; t < TYPES; t++) {
            EXPECT_EQ(ecs_has(w, rec->handle, (EcsComponent)t), rec->has[t]);
            if (rec->has[t]) {
                per_type[t]++;
                EXPECT_EQ(read_value(ecs_get(w, rec->handle, (EcsComponent)t), t), rec->value[t]);
            }
        }
    }
    EXPECT_EQ(ecs_alive_count(w), alive);
    for (int t = 0; t < TYPES; t++) {
        EcsPoolStats s;
        EXPECT(ecs_pool_stats(w, (EcsComponent)t, &s));
        EXPECT_EQ(s.count, per_type[t]);
    }
}

/* The owning group over types 0 and 2, checked after every flush: one run
** holding exactly the entities having both, each field that entity's. */
static void check_group_view(EcsWorld *w, Model *m)
{
    static const EcsComponent owned[] = {0, 2};
    int expected = 0;
    for (int r = 0; r < m->count; r++)
        expected += m->rec[r].alive && m->rec[r].has[0] && m->rec[r].has[2];
    int runs = 0, seen = 0;
    EcsIter it = ecs_view_iter(w, owned, 2);
    while (ecs_iter_next(&it)) {
        runs++;
        for (int i = 0; i < it.count; i++, seen++) {
            EcsEntity e = ecs_iter_entity(&it, i);
            for (int k = 0; k < 2; k++) {
                const char *field =
                    (const char *)it.fields[k] + (size_t)i * ecs_component_size(w, owned[k]);
                EXPECT_MSG(field == ecs_get(w, e, owned[k]),
                           "grouped view paired entity %u with another's component", e.index);
            }
        }
    }
    EXPECT(runs <= 1);
    EXPECT_EQ(seen, expected);
}

/* After a flush a pool no group owns lists its entities by component set
** (its mask), then in the order they came into it (their arrival). */
static void check_order(EcsWorld *w, Model *m)
{
    static int record_of[4 * MAX_RECORDS]; /* live slot index -> record */
    for (int r = 0; r < m->count; r++)
        if (m->rec[r].alive)
            record_of[m->rec[r].handle.index] = r;
    static const EcsComponent unowned[] = {1, TAG};
    for (int k = 0; k < 2; k++) {
        uint32_t last_mask = 0;
        uint64_t last_arrival = 0;
        bool first = true;
        int seen = 0;
        EcsIter it = ecs_view(w, unowned[k]);
        while (ecs_iter_next(&it))
            for (int i = 0; i < it.count; i++, seen++) {
                EcsEntity e = ecs_iter_entity(&it, i);
                EXPECT_LT(e.index, 4 * MAX_RECORDS);
                const Record *rec = &m->rec[record_of[e.index]];
                EXPECT(rec->alive && ecs_entity_eq(rec->handle, e));
                uint32_t mask = mask_of(rec);
                EXPECT(first || mask > last_mask ||
                       (mask == last_mask && rec->arrival > last_arrival));
                last_mask = mask;
                last_arrival = rec->arrival;
                first = false;
            }
        int expected = 0;
        for (int r = 0; r < m->count; r++)
            expected += m->rec[r].alive && m->rec[r].has[unowned[k]];
        EXPECT_EQ(seen, expected);
    }
}

static void deferred_batch(EcsWorld *w, Model *m, bool grouped)
{
    /* Queue a few commands while a view is open; mirror them after flush. */
    typedef struct {
        int op;
        Record *rec;
        int type;
        int32_t v;
    } Cmd;
    Cmd cmds[6];
    int n = 1 + (int)below(m, 6);
    EcsIter it = ecs_view(w, 0);
    for (int c = 0; c < n; c++) {
        Cmd cmd = {(int)below(m, 3), pick(m), (int)below(m, TYPES), (int32_t)next_rand(m)};
        if (cmd.rec == NULL)
            return;
        cmds[c] = cmd;
        if (cmd.op == 0)
            defer_value(w, cmd.rec->handle, cmd.type, cmd.v);
        else if (cmd.op == 1)
            EXPECT(ecs_defer_remove(w, cmd.rec->handle, (EcsComponent)cmd.type));
        else
            EXPECT(ecs_defer_destroy(w, cmd.rec->handle));
    }
    ecs_iter_fini(&it);
    uint32_t expected = 0;
    for (int c = 0; c < n; c++) {
        Record *rec = cmds[c].rec;
        if (!rec->alive)
            continue;
        if (cmds[c].op == 0) {
            rec->added[cmds[c].type] |= !rec->has[cmds[c].type];
            rec->has[cmds[c].type] = true;
            rec->value[cmds[c].type] = cmds[c].type == TAG ? 0 : cmds[c].v;
            expected++;
        } else if (cmds[c].op == 1) {
            expected += rec->has[cmds[c].type];
            rec->has[cmds[c].type] = false;
        } else {
            rec->alive = false;
            expected++;
        }
    }
    EXPECT_EQ(ecs_flush(w), expected);
    model_flushed(m);
    check_structure(w);
    if (grouped)
        check_group_view(w, m);
    check_order(w, m);
}

/* group_at: the step at which types 0 and 2 become an owning group (0: the
** group is there from the start), or -1 for none. */
/* What a world holds and how it iterates, in one number: every slot's
** handle and values, and for every set of terms the entities a view visits,
** in order, run by run. */
static uint64_t fingerprint(EcsWorld *w)
{
    uint64_t h = 1469598103934665603ull;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211ull)
    MIX(ecs_slot_count(w));
    MIX(ecs_alive_count(w));
    for (uint32_t i = 0; i < ecs_slot_count(w); i++) {
        EcsEntity e = ecs_entity_at(w, i);
        MIX(e.generation);
        for (int t = 0; t < TYPES; t++)
            if (ecs_has(w, e, (EcsComponent)t))
                MIX((uint64_t)t << 32 | (uint32_t)read_value(ecs_get(w, e, (EcsComponent)t), t));
    }
    for (uint32_t bits = 1; bits < (1u << TYPES); bits++) {
        EcsComponent terms[TYPES];
        int n = 0;
        for (int t = 0; t < TYPES; t++)
            if (bits & (1u << t))
                terms[n++] = (EcsComponent)t;
        MIX(bits);
        EcsIter it = ecs_view_iter(w, terms, n);
        while (ecs_iter_next(&it)) {
            MIX((uint32_t)it.count);
            for (int i = 0; i < it.count; i++)
                MIX(it.indices[i]);
        }
    }
#undef MIX
    return h;
}

typedef struct Snapshot {
    EcsWorld *world;
    Model model;
    uint64_t print;
    bool grouped;
} Snapshot;

static void take_snapshot(EcsWorld *w, Model *m, Snapshot *snap, bool grouped)
{
    if (snap->world == NULL) {
        snap->world = ecs_world_clone(w);
        EXPECT_NONNULL(snap->world);
    } else {
        EXPECT(ecs_world_copy(snap->world, w));
    }
    snap->model = *m;
    snap->print = fingerprint(w);
    snap->grouped = grouped;
    EXPECT_EQ(fingerprint(snap->world), snap->print); /* the copy iterates alike */
}

/* Back to the snapshot: the model's copy of that moment is what the world
** must hold, and it must iterate as it did then. Restoring into the world
** the snapshot came from allocates nothing. */
static void restore_snapshot(EcsWorld *w, Model *m, Snapshot *snap)
{
    uint64_t allocations = ecs_world_allocations(w);
    EXPECT(ecs_world_copy(w, snap->world));
    EXPECT_EQ(ecs_world_allocations(w), allocations);
    uint64_t rng = m->rng;
    *m = snap->model;
    m->rng = rng; /* the run goes on differently from here */
    EXPECT_EQ(fingerprint(w), snap->print);
    check_all(w, m);
    /* Snapshotting it again fits in the snapshot's buffers. */
    allocations = ecs_world_allocations(snap->world);
    EXPECT(ecs_world_copy(snap->world, w));
    EXPECT_EQ(ecs_world_allocations(snap->world), allocations);
    /* The free list came back too: the next entities made are the ones the
    ** snapshot would make. Undone in reverse, the list is as it was. */
    EcsWorld *probe = ecs_world_clone(snap->world);
    EXPECT_NONNULL(probe);
    EcsEntity made[3];
    for (int i = 0; i < 3; i++) {
        made[i] = ecs_create(w);
        EXPECT(ecs_entity_eq(made[i], ecs_create(probe)));
    }
    for (int i = 2; i >= 0; i--)
        EXPECT(ecs_destroy(w, made[i]));
    ecs_world_destroy(probe);
}

static void run_model(uint64_t seed, int group_at)
{
    Snapshot *snap = calloc(1, sizeof *snap);
    bool grouped = false;
    EcsWorld *w = ecs_world_create();
    EXPECT_EQ(ECS_REGISTER(w, Small), 0);
    EXPECT_EQ(ECS_REGISTER(w, Pair), 1);
    EXPECT_EQ(ECS_REGISTER(w, Wide), 2);
    EXPECT_EQ(ECS_REGISTER_TAG(w, Tag), TAG);
    Model *m = calloc(1, sizeof *m);
    m->rng = seed;

    for (int step = 0; step < STEPS; step++) {
        if (step == group_at) {
            EXPECT(ecs_group_of(w, 0, 2)); /* packs what is there, then keeps it */
            model_flushed(m);
            grouped = true;
            check_group_view(w, m);
        }
        uint32_t rare = below(m, 1000);
        if (rare < 3) {
            take_snapshot(w, m, snap, grouped);
        } else if (rare < 6 && snap->world != NULL) {
            restore_snapshot(w, m, snap);
            grouped = snap->grouped;
            if (group_at >= 0 && step > group_at && !grouped) { /* it went with the restore */
                EXPECT(ecs_group_of(w, 0, 2));
                model_flushed(m);
                grouped = true;
                check_group_view(w, m);
            }
        } else if (rare < 30) {
            /* A flush after a few changes: placement rather than rebuilding. */
            EXPECT_EQ(ecs_flush(w), 0);
            model_flushed(m);
            check_structure(w);
            if (grouped)
                check_group_view(w, m);
            check_order(w, m);
        }
        uint32_t roll = below(m, 100);
        Record *rec = pick(m);
        int type = (int)below(m, TYPES);
        if (roll < 14 || rec == NULL) {
            EcsEntity e = ecs_create(w);
            EXPECT(!ecs_entity_is_null(e));
            int slot = m->count;
            if (slot == MAX_RECORDS) { /* reuse a dead record, else skip */
                slot = -1;
                for (int r = 0; r < MAX_RECORDS && slot < 0; r++)
                    if (!m->rec[r].alive)
                        slot = r;
                if (slot < 0) {
                    ecs_destroy(w, e);
                    continue;
                }
            } else {
                m->count++;
            }
            for (int r = 0; r < m->count; r++)
                EXPECT(!(m->rec[r].alive && ecs_entity_eq(m->rec[r].handle, e)));
            m->rec[slot] = (Record){.handle = e, .alive = true, .placed = NEVER};
        } else if (roll < 26) {
            EXPECT_EQ(ecs_destroy(w, rec->handle), rec->alive);
            rec->alive = false;
        } else if (roll < 50) {
            int32_t v = (int32_t)next_rand(m);
            write_value(w, rec->handle, type, v);
            EXPECT_EQ(ecs_has(w, rec->handle, (EcsComponent)type), rec->alive);
            if (rec->alive) {
                rec->added[type] |= !rec->has[type];
                rec->has[type] = true;
                rec->value[type] = type == TAG ? 0 : v;
            }
        } else if (roll < 64) {
            bool expect = rec->alive && rec->has[type];
            EXPECT_EQ(ecs_remove(w, rec->handle, (EcsComponent)type), expect);
            rec->has[type] = rec->has[type] && !expect;
            if (expect && below(m, 4) == 0) { /* and back again, a tag toggled */
                int32_t v = (int32_t)next_rand(m);
                write_value(w, rec->handle, type, v);
                rec->added[type] = rec->has[type] = true;
                rec->value[type] = type == TAG ? 0 : v;
            }
        } else if (roll < 88) {
            void *p = ecs_get(w, rec->handle, (EcsComponent)type);
            if (rec->alive && rec->has[type]) {
                EXPECT_NONNULL(p);
                EXPECT_EQ(read_value(p, type), rec->value[type]);
            } else {
                EXPECT_NULL(p);
            }
            EXPECT_EQ(ecs_has(w, rec->handle, (EcsComponent)type), rec->alive && rec->has[type]);
        } else if (roll < 95) {
            check_view(w, m);
        } else {
            deferred_batch(w, m, grouped);
        }
        if (step % 500 == 0)
            check_all(w, m);
    }
    check_all(w, m);
    free(m);
    ecs_world_destroy(snap->world);
    free(snap);
    ecs_world_destroy(w);
}

START_TEST(random_operations_match_model)
{
    run_model(0x9e3779b97f4a7c15ull, -1);
}
END_TEST

START_TEST(random_operations_match_model_with_group)
{
    run_model(0xd1b54a32d192ed03ull, 0);
}
END_TEST

START_TEST(random_operations_match_model_with_group_made_late)
{
    run_model(0x2545f4914f6cdd1dull, STEPS / 3);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ecs_model");
    TCase *tc = tcase_create("model");
    tcase_add_test(tc, random_operations_match_model);
    tcase_add_test(tc, random_operations_match_model_with_group);
    tcase_add_test(tc, random_operations_match_model_with_group_made_late);
    tcase_set_timeout(tc, 600);
    suite_add_tcase(s, tc);
    return check_run(s);
}
