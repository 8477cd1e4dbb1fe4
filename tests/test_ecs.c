/* SPDX-License-Identifier: Zlib */
/* test_ecs.c -- handles, sparse sets, views, groups, commands and systems. */
#include "ecs.h"
#include "check_run.h"

#include <check.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct Position {
    float x, y;
} Position;
typedef struct Velocity {
    float x, y;
} Velocity;
typedef struct Health {
    int hp;
} Health;

enum { POSITION, VELOCITY, HEALTH };

static EcsWorld *make_world(void)
{
    EcsWorld *w = ecs_world_create();
    ck_assert_ptr_nonnull(w);
    ck_assert_uint_eq(ECS_REGISTER(w, Position), POSITION);
    ck_assert_uint_eq(ECS_REGISTER(w, Velocity), VELOCITY);
    ck_assert_uint_eq(ECS_REGISTER(w, Health), HEALTH);
    return w;
}

/* ---- registration ---- */

typedef struct Mixed {
    uint8_t tag;
    int32_t value;
    int16_t list[3];
} Mixed;

START_TEST(registration_keeps_flags_and_fields)
{
    EcsWorld *w = make_world();
    static const EcsField fields[] = {ECS_FIELD(Mixed, tag), ECS_FIELD(Mixed, value),
                                      ECS_FIELD_ARRAY(Mixed, list)};
    char name[] = "Mixed";
    EcsComponent id = ecs_component_register_desc(
        w, &(EcsComponentDesc){name, sizeof(Mixed), _Alignof(Mixed), 0x5u, fields, 3});
    ck_assert_uint_eq(id, HEALTH + 1);
    name[0] = 'X'; /* the world keeps its own copy */
    const EcsComponentDesc *d = ecs_component_desc(w, id);
    ck_assert_str_eq(d->name, "Mixed");
    ck_assert_uint_eq(d->flags, 0x5u);
    ck_assert_int_eq(d->field_count, 3);
    ck_assert_uint_eq(d->fields[1].offset, offsetof(Mixed, value));
    ck_assert_uint_eq(d->fields[1].size, 4);
    ck_assert_uint_eq(d->fields[2].size, 2);
    ck_assert_uint_eq(d->fields[2].count, 3);
    ck_assert_ptr_ne(d->fields, fields);
    /* Plain registration has no flags and no fields. */
    const EcsComponentDesc *p = ecs_component_desc(w, POSITION);
    ck_assert_uint_eq(p->flags, 0);
    ck_assert_int_eq(p->field_count, 0);
    ck_assert_uint_eq(p->size, sizeof(Position));
    ck_assert_ptr_null(ecs_component_desc(w, id + 1));
    ecs_world_destroy(w);
}
END_TEST

/* ---- tags ---- */

START_TEST(tag_is_membership_without_storage)
{
    enum { N = 10000 };
    EcsWorld *w = make_world();
    EcsComponent frozen = ECS_REGISTER_TAG(w, Frozen);
    ck_assert_uint_eq(frozen, HEALTH + 1);
    ck_assert_str_eq(ecs_component_desc(w, frozen)->name, "Frozen");
    ck_assert_uint_eq(ecs_component_size(w, frozen), 0);
    static EcsEntity e[N];
    for (int i = 0; i < N; i++) {
        e[i] = ecs_create(w);
        ck_assert_ptr_nonnull(ecs_add(w, e[i], POSITION, &(Position){(float)i, 0}));
        ck_assert_ptr_nonnull(ecs_add(w, e[i], frozen, NULL)); /* a token, not data */
    }
    ck_assert(ecs_has(w, e[7], frozen));
    ck_assert_ptr_nonnull(ecs_get(w, e[7], frozen));
    ck_assert_ptr_nonnull(ecs_add(w, e[7], frozen, NULL)); /* again: still one */
    ck_assert_uint_eq(ecs_count(w, frozen), N);
    EcsPoolStats tag, pos;
    ck_assert(ecs_pool_stats(w, frozen, &tag));
    ck_assert(ecs_pool_stats(w, POSITION, &pos));
    ck_assert_uint_ge(pos.bytes - tag.bytes, N * sizeof(Position)); /* no data array */
    ck_assert(ecs_remove(w, e[7], frozen));
    ck_assert(!ecs_has(w, e[7], frozen));
    ck_assert_ptr_null(ecs_get(w, e[7], frozen));
    ck_assert(!ecs_remove(w, e[7], frozen));
    ck_assert(ecs_destroy(w, e[8]));
    ck_assert_uint_eq(ecs_count(w, frozen), N - 2);
    ecs_world_destroy(w);
}
END_TEST

static void count_tagged(EcsWorld *w, EcsEntity e, void **fields, void *ctx)
{
    ck_assert_ptr_nonnull(fields[1]);
    ck_assert_ptr_eq(fields[0], ecs_get(w, e, POSITION));
    (*(int *)ctx)++;
}

START_TEST(tag_in_views_commands_and_order)
{
    enum { N = 900 };
    EcsWorld *w = make_world();
    EcsComponent frozen = ECS_REGISTER_TAG(w, Frozen);
    static EcsEntity e[N];
    for (int i = 0; i < N; i++) {
        e[i] = ecs_create(w);
        ecs_add(w, e[i], POSITION, &(Position){(float)i, 0});
        if (i % 3 == 0)
            ecs_add(w, e[i], frozen, NULL);
    }
    /* Untag the first 30 tagged ones and tag every 5th, from inside a view. */
    EcsIter it = ecs_view(w, POSITION);
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++) {
            EcsEntity ent = ecs_iter_entity(&it, i);
            if (ent.index % 3 == 0 && ent.index < 90)
                ck_assert(ecs_defer_remove(w, ent, frozen));
            if (ent.index % 5 == 0)
                ck_assert(ecs_defer_add(w, ent, frozen, NULL));
        }
    ecs_flush(w);
    int expected = 0;
    for (int i = 0; i < N; i++) {
        bool tagged = (i % 3 == 0 && i >= 90) || i % 5 == 0;
        ck_assert_int_eq(ecs_has(w, e[i], frozen), tagged);
        expected += tagged;
    }
    /* At rest the tagged entities are one set: one run, in slot order. */
    it = ecs_view(w, POSITION, frozen);
    ck_assert(ecs_iter_next(&it));
    ck_assert_int_eq(it.count, expected);
    ck_assert_ptr_nonnull(it.fields[1]);
    const Position *p = ecs_field(&it, Position, 0);
    for (int i = 0; i < it.count; i++) {
        ck_assert_float_eq(p[i].x, (float)it.indices[i]);
        ck_assert(i == 0 || it.indices[i] > it.indices[i - 1]);
    }
    ck_assert(!ecs_iter_next(&it));
    int calls = 0;
    ecs_each(w, count_tagged, &calls, POSITION, frozen);
    ck_assert_int_eq(calls, expected);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(tag_in_a_group)
{
    enum { N = 500 };
    EcsWorld *w = make_world();
    EcsComponent frozen = ECS_REGISTER_TAG(w, Frozen);
    static EcsEntity e[N];
    for (int i = 0; i < N; i++) {
        e[i] = ecs_create(w);
        ecs_add(w, e[i], VELOCITY, &(Velocity){(float)i, 0});
        if (i % 2)
            ecs_add(w, e[i], frozen, NULL);
        if (i % 7 == 0)
            ecs_add(w, e[i], HEALTH, &(Health){i});
    }
    ck_assert(ecs_group_of(w, frozen, VELOCITY));
    for (int i = 0; i < N; i += 4)
        ecs_remove(w, e[i], frozen);
    for (int i = 0; i < N; i += 6)
        ecs_add(w, e[i], frozen, NULL);
    ecs_flush(w);
    int expected = 0;
    for (int i = 0; i < N; i++)
        expected += ecs_has(w, e[i], frozen);
    EcsIter it = ecs_view(w, VELOCITY, frozen);
    ck_assert(ecs_iter_next(&it));
    ck_assert_int_eq(it.count, expected);
    for (int i = 0; i < it.count; i++)
        ck_assert_float_eq(ecs_field(&it, Velocity, 0)[i].x, (float)it.indices[i]);
    ck_assert(!ecs_iter_next(&it));
    char msg[200];
    ck_assert_msg(ecs_world_check(w, msg, sizeof msg), "%s", msg);
    ecs_world_destroy(w);
}
END_TEST

/* ---- handles ---- */

START_TEST(destroyed_index_is_recycled_with_next_generation)
{
    EcsWorld *w = make_world();
    EcsEntity a = ecs_create(w);
    ck_assert(ecs_alive(w, a));
    ck_assert(ecs_destroy(w, a));
    EcsEntity b = ecs_create(w);
    ck_assert_uint_eq(b.index, a.index);
    ck_assert_uint_gt(b.generation, a.generation);
    ck_assert(!ecs_alive(w, a));
    ck_assert(ecs_alive(w, b));
    ck_assert_uint_eq(ecs_alive_count(w), 1);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(stale_handle_never_reaches_new_entity)
{
    EcsWorld *w = make_world();
    EcsEntity old = ecs_create(w);
    ecs_add(w, old, HEALTH, &(Health){10});
    ecs_destroy(w, old);
    EcsEntity fresh = ecs_create(w);
    ecs_add(w, fresh, HEALTH, &(Health){99});
    ck_assert_uint_eq(fresh.index, old.index);

    ck_assert_ptr_null(ecs_get(w, old, HEALTH));
    ck_assert(!ecs_has(w, old, HEALTH));
    ck_assert(!ecs_remove(w, old, HEALTH));
    ck_assert_ptr_null(ecs_add(w, old, HEALTH, &(Health){1}));
    ck_assert(!ecs_destroy(w, old));
    /* None of that touched the new entity. */
    ck_assert(ecs_alive(w, fresh));
    ck_assert_int_eq(((Health *)ecs_get(w, fresh, HEALTH))->hp, 99);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(null_and_out_of_range_handles_are_rejected)
{
    EcsWorld *w = make_world();
    EcsEntity e = ecs_create(w);
    ecs_add(w, e, POSITION, NULL);
    ck_assert(!ecs_alive(w, ECS_NULL));
    ck_assert_ptr_null(ecs_get(w, ECS_NULL, POSITION));
    ck_assert(!ecs_destroy(w, ECS_NULL));
    EcsEntity far = {1000000u, 1u};
    ck_assert(!ecs_alive(w, far));
    ck_assert_ptr_null(ecs_add(w, far, POSITION, NULL));
    /* A forged handle to a free slot with its current generation is refused. */
    EcsEntity f = ecs_create(w);
    ecs_destroy(w, f);
    for (uint32_t g = 0; g < 4; g++) /* no guess at the slot's generation works */
        ck_assert(!ecs_alive(w, (EcsEntity){f.index, f.generation + g}));
    ck_assert_ptr_null(ecs_get(w, e, ECS_MAX_COMPONENTS - 1)); /* unknown type */
    ck_assert(ecs_entity_eq(ecs_entity_at(w, f.index), ECS_NULL));
    ck_assert(ecs_entity_eq(ecs_entity_at(w, e.index), e));
    ecs_world_destroy(w);
}
END_TEST

/* ---- sparse sets ---- */

START_TEST(swap_and_pop_moves_last_into_hole)
{
    EcsWorld *w = make_world();
    EcsEntity a = ecs_create(w), b = ecs_create(w), c = ecs_create(w);
    ecs_add(w, a, VELOCITY, &(Velocity){1, 1});
    Velocity *slot_b = ecs_add(w, b, VELOCITY, &(Velocity){2, 2});
    ecs_add(w, c, VELOCITY, &(Velocity){3, 3});
    Velocity *at_a = ecs_get(w, a, VELOCITY);

    ck_assert(ecs_remove(w, b, VELOCITY));
    Velocity *at_c = ecs_get(w, c, VELOCITY);
    ck_assert_ptr_eq(at_c, slot_b); /* C now lives at B's old position */
    ck_assert_float_eq(at_c->x, 3);
    ck_assert_ptr_eq(ecs_get(w, a, VELOCITY), at_a);
    ck_assert_float_eq(at_a->x, 1);
    ck_assert(!ecs_has(w, b, VELOCITY));
    ck_assert(ecs_alive(w, b));

    EcsIter it = ecs_view(w, VELOCITY);
    ck_assert(ecs_iter_next(&it));
    ck_assert_int_eq(it.count, 2);
    ck_assert(ecs_entity_eq(ecs_iter_entity(&it, 0), a));
    ck_assert(ecs_entity_eq(ecs_iter_entity(&it, 1), c));
    ck_assert(!ecs_iter_next(&it));
    ecs_world_destroy(w);
}
END_TEST

START_TEST(destroy_clears_every_pool)
{
    EcsWorld *w = make_world();
    EcsEntity keep = ecs_create(w), gone = ecs_create(w);
    for (EcsComponent t = POSITION; t <= HEALTH; t++) {
        ecs_add(w, keep, t, NULL);
        ecs_add(w, gone, t, NULL);
    }
    ecs_destroy(w, gone);
    for (EcsComponent t = POSITION; t <= HEALTH; t++) {
        EcsPoolStats s;
        ck_assert(ecs_pool_stats(w, t, &s));
        ck_assert_uint_eq(s.count, 1);
        ck_assert(ecs_has(w, keep, t));
    }
    ck_assert_uint_eq(ecs_view_count(w, ECS_TERMS_(POSITION, VELOCITY, HEALTH), 3), 1);
    /* The recycled slot starts with no components. */
    EcsEntity again = ecs_create(w);
    ck_assert_uint_eq(again.index, gone.index);
    ck_assert(!ecs_has(w, again, POSITION));
    ecs_world_destroy(w);
}
END_TEST

START_TEST(add_twice_overwrites)
{
    EcsWorld *w = make_world();
    EcsEntity e = ecs_create(w);
    ecs_add(w, e, HEALTH, &(Health){1});
    ecs_add(w, e, HEALTH, &(Health){2});
    EcsPoolStats s;
    ecs_pool_stats(w, HEALTH, &s);
    ck_assert_uint_eq(s.count, 1);
    ck_assert_int_eq(((Health *)ecs_get(w, e, HEALTH))->hp, 2);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(add_copies_a_component_of_the_same_pool_while_it_grows)
{
    EcsWorld *w = make_world();
    EcsEntity first = ecs_create(w);
    ecs_add(w, first, HEALTH, &(Health){42});
    /* Every add copies the first entity's component straight out of the
    ** pool; some of them make the pool grow (and move) first. */
    for (int i = 0; i < 1000; i++) {
        EcsEntity e = ecs_create(w);
        Health *copy = ecs_add(w, e, HEALTH, ecs_get(w, first, HEALTH));
        ck_assert_ptr_nonnull(copy);
        ck_assert_int_eq(copy->hp, 42);
    }
    ecs_world_destroy(w);
}
END_TEST

START_TEST(sparse_index_is_paged)
{
    EcsWorld *w = make_world();
    enum { N = 200000 };
    EcsEntity last = ECS_NULL;
    for (int i = 0; i < N; i++)
        last = ecs_create(w);
    ecs_add(w, last, HEALTH, &(Health){5});
    EcsPoolStats s;
    ecs_pool_stats(w, HEALTH, &s);
    /* One 4 KiB page and a page table, not an index-sized array. */
    ck_assert_uint_lt(s.bytes, (size_t)N * sizeof(uint32_t) / 20);
    ck_assert_int_eq(((Health *)ecs_get(w, last, HEALTH))->hp, 5);
    ecs_world_destroy(w);
}
END_TEST

/* Arrays that grow past 2 MB move to blocks aligned for huge pages
** (memory.c): slots, components and owners keep every value through each
** move, and a component copied out of its own pool survives the move too. */
START_TEST(big_pools_keep_every_component_as_they_grow)
{
    EcsWorld *w = make_world();
    /* Every array becomes a mapping of its own past 256 KB and grows by
    ** moving its pages from then on (memory.c): slots and Position's
    ** components at 32,768 entities, Health's and every pool's owners at
    ** 65,536; past 2 MB the mappings are huge-page aligned (slots and
    ** Position at 262,144). */
    enum { N = 300000 };
    EcsEntity *e = malloc(N * sizeof *e);
    ck_assert_ptr_nonnull(e);
    e[0] = ecs_create(w);
    ecs_add(w, e[0], HEALTH, &(Health){0});
    int wrong = 0; /* counted, not asserted one by one: Check's asserts are slow */
    for (int i = 1; i < N; i++) {
        e[i] = ecs_create(w);
        ecs_add(w, e[i], POSITION, &(Position){(float)i, (float)-i});
        Health *h = ecs_add(w, e[i], HEALTH, ecs_get(w, e[i - 1], HEALTH));
        wrong += h == NULL || h->hp != i - 1;
        if (h != NULL)
            h->hp = i;
    }
    ck_assert_int_eq(wrong, 0);
    ecs_flush(w);
    for (int i = 0; i < N; i++) {
        const Health *h = ecs_get(w, e[i], HEALTH);
        const Position *p = ecs_get(w, e[i], POSITION);
        wrong += h == NULL || h->hp != i;
        wrong += i == 0 ? p != NULL : p == NULL || p->x != (float)i || p->y != (float)-i;
    }
    ck_assert_int_eq(wrong, 0);
    long long visited = 0, sum = 0;
    EcsIter it = ecs_view(w, POSITION, HEALTH);
    while (ecs_iter_next(&it)) {
        const Health *h = ecs_field(&it, Health, 1);
        for (int i = 0; i < it.count; i++)
            sum += h[i].hp;
        visited += it.count;
    }
    ck_assert_int_eq(visited, N - 1);
    ck_assert_int_eq(sum, (long long)N * (N - 1) / 2);
    free(e);
    ecs_world_destroy(w);
}
END_TEST

/* Memory a big world gives back is kept for the next world (memory.c),
** which must find nothing of the first in it: no component, no owner and
** no sparse entry. */
START_TEST(a_world_made_after_a_big_one_finds_nothing_of_it)
{
    enum { N = 200000 };
    EcsWorld *w = make_world();
    for (int i = 0; i < N; i++) {
        EcsEntity e = ecs_create(w);
        ecs_add(w, e, POSITION, &(Position){1, 1});
        ecs_add(w, e, HEALTH, &(Health){7});
    }
    ecs_flush(w);
    ecs_world_destroy(w);

    w = make_world();
    EcsEntity *e = malloc(N * sizeof *e);
    ck_assert_ptr_nonnull(e);
    for (int i = 0; i < N; i++) {
        e[i] = ecs_create(w);
        if (i % 3 == 0)
            ecs_add(w, e[i], POSITION, &(Position){(float)i, 0});
        if (i % 5 == 0)
            ecs_add(w, e[i], HEALTH, &(Health){i});
    }
    ecs_flush(w);
    char msg[256];
    ck_assert_msg(ecs_world_check(w, msg, sizeof msg), "%s", msg);
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        const Position *p = ecs_get(w, e[i], POSITION);
        const Health *h = ecs_get(w, e[i], HEALTH);
        wrong += i % 3 == 0 ? p == NULL || p->x != (float)i : p != NULL;
        wrong += i % 5 == 0 ? h == NULL || h->hp != i : h != NULL;
    }
    ck_assert_int_eq(wrong, 0);
    ck_assert_uint_eq(ecs_count(w, POSITION), (N + 2) / 3);
    ck_assert_uint_eq(ecs_view_count(w, ECS_TERMS_(POSITION, HEALTH), 2), (N + 14) / 15);
    free(e);
    ecs_world_destroy(w);
}
END_TEST

/* ---- views ---- */

/* Entity i gets Position if i%2==0, Velocity if i%3==0, Health if i%5==0. */
static void fill_pattern(EcsWorld *w, EcsEntity *e, int n, int big)
{
    for (int i = 0; i < n; i++) {
        e[i] = ecs_create(w);
        if (i % 2 == 0)
            ecs_add(w, e[i], POSITION, &(Position){(float)i, 0});
        if (i % 3 == 0)
            ecs_add(w, e[i], VELOCITY, &(Velocity){(float)i, 0});
        if (big == HEALTH || i % 5 == 0)
            ecs_add(w, e[i], HEALTH, &(Health){i});
    }
}

static void check_view_is_intersection(EcsWorld *w, const EcsEntity *e, int n,
                                       const EcsComponent *terms, int count)
{
    char *seen = calloc((size_t)n, 1);
    EcsIter it = ecs_view_iter(w, terms, count);
    while (ecs_iter_next(&it)) {
        for (int i = 0; i < it.count; i++) {
            EcsEntity ent = ecs_iter_entity(&it, i);
            ck_assert_uint_lt(ent.index, (uint32_t)n);
            ck_assert(!seen[ent.index]);
            seen[ent.index] = 1;
            for (int k = 0; k < count; k++)
                ck_assert_ptr_eq((char *)it.fields[k] + (size_t)i * ecs_component_size(w, terms[k]),
                                 ecs_get(w, ent, terms[k]));
        }
    }
    for (int i = 0; i < n; i++) {
        bool all = true;
        for (int k = 0; k < count; k++)
            all = all && ecs_has(w, e[i], terms[k]);
        ck_assert_int_eq(seen[i], all);
    }
    free(seen);
}

START_TEST(view_visits_exact_intersection_whichever_pool_is_smallest)
{
    enum { N = 3000 };
    static EcsEntity e[N];
    for (int big = POSITION; big <= HEALTH; big++) {
        EcsWorld *w = make_world();
        fill_pattern(w, e, N, big);
        /* Some removals so pools are no longer in creation order. */
        for (int i = 0; i < N; i += 7)
            ecs_remove(w, e[i], POSITION);
        for (int i = 0; i < N; i += 11)
            ecs_destroy(w, e[i]);
        check_view_is_intersection(w, e, N, ECS_TERMS_(POSITION, VELOCITY), 2);
        check_view_is_intersection(w, e, N, ECS_TERMS_(VELOCITY, POSITION), 2);
        check_view_is_intersection(w, e, N, ECS_TERMS_(HEALTH, POSITION, VELOCITY), 3);
        check_view_is_intersection(w, e, N, ECS_TERMS_(HEALTH), 1);
        ecs_world_destroy(w);
    }
}
END_TEST

typedef struct EachCount {
    int calls;
    float sum;
} EachCount;

static void count_each(EcsWorld *w, EcsEntity e, void **fields, void *ctx)
{
    EachCount *c = ctx;
    Position *p = fields[0];
    Velocity *v = fields[1];
    ck_assert_ptr_eq(p, ecs_get(w, e, POSITION));
    ck_assert_float_eq(p->x, v->x);
    c->calls++;
    c->sum += p->x;
}

START_TEST(each_matches_iterator)
{
    enum { N = 600 };
    static EcsEntity e[N];
    EcsWorld *w = make_world();
    fill_pattern(w, e, N, -1);
    EachCount c = {0, 0};
    ecs_each(w, count_each, &c, POSITION, VELOCITY);
    /* Multiples of 6 below N: 0, 6, ..., 594 */
    ck_assert_int_eq(c.calls, N / 6);
    ck_assert_float_eq(c.sum, 6.0f * (float)((N / 6 - 1) * (N / 6)) / 2.0f);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(view_over_empty_or_missing_pool_is_empty)
{
    EcsWorld *w = make_world();
    EcsEntity e = ecs_create(w);
    ecs_add(w, e, POSITION, NULL);
    EcsIter it = ecs_view(w, POSITION, HEALTH); /* Health pool never made */
    ck_assert(!ecs_iter_next(&it));
    ecs_add(w, e, HEALTH, NULL); /* iterator closed: structural change is fine */
    ck_assert_uint_eq(ecs_view_count(w, ECS_TERMS_(POSITION, HEALTH), 2), 1);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(shared_order_gives_one_run)
{
    EcsWorld *w = make_world();
    for (int i = 0; i < 1000; i++) {
        EcsEntity e = ecs_create(w);
        ecs_add(w, e, POSITION, &(Position){(float)i, 0});
        ecs_add(w, e, VELOCITY, &(Velocity){1, 0});
    }
    EcsIter it = ecs_view(w, POSITION, VELOCITY);
    ck_assert(ecs_iter_next(&it));
    ck_assert_int_eq(it.count, 1000);
    ck_assert(!ecs_iter_next(&it));
    ecs_world_destroy(w);
}
END_TEST

START_TEST(flush_orders_pools_by_set_then_slot)
{
    enum { N = 5000 };
    static EcsEntity e[N];
    EcsWorld *w = make_world();
    for (int i = 0; i < N; i++) {
        e[i] = ecs_create(w);
        ecs_add(w, e[i], POSITION, &(Position){(float)i, 0});
    }
    /* Velocity in a scrambled order: position i*7919 mod N; Health on every
    ** third entity, so membership interleaves. */
    for (int i = 0; i < N; i++) {
        int j = (int)(((long)i * 7919) % N);
        ecs_add(w, e[j], VELOCITY, &(Velocity){(float)j, 0});
        if (j % 3 == 0)
            ecs_add(w, e[j], HEALTH, &(Health){j});
    }
    ecs_remove(w, e[10], POSITION);
    ecs_flush(w);
    /* Sets {P,V} then {P,V,H}, slot order within each: a key that only grows. */
    EcsIter it = ecs_view(w, POSITION, VELOCITY);
    int runs = 0, seen = 0;
    uint64_t last = 0;
    while (ecs_iter_next(&it)) {
        runs++;
        Position *p = ecs_field(&it, Position, 0);
        Velocity *v = ecs_field(&it, Velocity, 1);
        for (int i = 0; i < it.count; i++, seen++) {
            EcsEntity ent = ecs_iter_entity(&it, i);
            uint64_t key = (uint64_t)ecs_has(w, ent, HEALTH) << 32 | ent.index;
            ck_assert(seen == 0 || key > last);
            last = key;
            ck_assert_float_eq(p[i].x, v[i].x); /* components moved with their entity */
        }
    }
    ck_assert_int_eq(seen, N - 1); /* e[10] has no Position */
    /* The two sets follow one another in both pools: one run. */
    ck_assert_int_eq(runs, 1);
    /* Health+Position: one set, one run, slot order. */
    it = ecs_view(w, HEALTH, POSITION);
    ck_assert(ecs_iter_next(&it));
    ck_assert_int_eq(it.count, (N + 2) / 3 - (10 % 3 == 0));
    for (int i = 1; i < it.count; i++)
        ck_assert_uint_gt(it.indices[i], it.indices[i - 1]);
    ck_assert(!ecs_iter_next(&it));
    ecs_world_destroy(w);
}
END_TEST

/* The slots a view visits, in order. */
static int visit(EcsWorld *w, const EcsComponent *terms, int n, uint32_t *out)
{
    int count = 0;
    EcsIter it = ecs_view_iter(w, terms, n);
    while (ecs_iter_next(&it))
        for (int i = 0; i < it.count; i++)
            out[count++] = it.indices[i];
    return count;
}

enum { ARRIVALS = 600 };

/* 600 entities with Position; Velocity comes to a few of them over four
** flushes, in an order the test below spells out. */
static void arrive(EcsWorld *w, EcsEntity *e)
{
    for (int i = 0; i < ARRIVALS; i++) {
        e[i] = ecs_create(w);
        ecs_add(w, e[i], POSITION, NULL);
    }
    ecs_flush(w);
    ecs_add(w, e[500], VELOCITY, NULL);
    ecs_add(w, e[100], VELOCITY, NULL);
    ecs_add(w, e[300], VELOCITY, NULL);
    ecs_flush(w);
    ecs_add(w, e[50], VELOCITY, NULL);
    ecs_add(w, e[400], VELOCITY, NULL);
    ecs_add(w, e[7], VELOCITY, NULL); /* undone before the flush */
    ecs_remove(w, e[7], VELOCITY);
    ecs_flush(w);
    ecs_remove(w, e[100], VELOCITY); /* leaves, and comes back a flush later */
    ecs_flush(w);
    ecs_add(w, e[100], VELOCITY, NULL);
    ecs_remove(w, e[300], VELOCITY); /* leaves and comes back within one */
    ecs_add(w, e[300], VELOCITY, NULL);
    ecs_destroy(w, e[500]);
    ecs_flush(w);
}

/* A set lists its entities in the order they came into it: those of an
** earlier flush first, those of one flush in slot order; leaving and
** coming back puts an entity last, and an add undone before the flush
** changes nothing. Every pool of the set agrees, whichever drives, and a
** world with the same history iterates alike, through any churn. */
START_TEST(a_set_lists_its_entities_in_the_order_they_came)
{
    enum { N = ARRIVALS };
    EcsWorld *w = make_world(), *twin = make_world();
    static EcsEntity e[N], t[N];
    arrive(w, e);
    arrive(twin, t);
    static const EcsComponent pv[] = {POSITION, VELOCITY}, vp[] = {VELOCITY, POSITION};
    static const EcsComponent p[] = {POSITION};
    static const uint32_t came[] = {50, 400, 100, 300};
    static uint32_t got[N], twin_got[N];
    for (int order = 0; order < 2; order++) {
        ck_assert_int_eq(visit(w, order ? vp : pv, 2, got), 4);
        for (int k = 0; k < 4; k++)
            ck_assert_uint_eq(got[k], came[k]);
    }
    /* Position alone: its own set in slot order, then the set with Velocity. */
    ck_assert_int_eq(visit(w, p, 1, got), N - 1);
    for (int k = 1; k < N - 5; k++)
        ck_assert_uint_lt(got[k - 1], got[k]);
    for (int k = 0; k < 4; k++)
        ck_assert_uint_eq(got[N - 5 + k], came[k]);
    char msg[256];
    ck_assert_msg(ecs_world_check(w, msg, sizeof msg), "%s", msg);

    EcsWorld *both[2] = {w, twin};
    EcsEntity *handles[2] = {e, t};
    uint32_t seed = 12345u;
    for (int round = 0; round < 60; round++) {
        for (int k = 0; k < 40; k++) {
            seed = seed * 1664525u + 1013904223u;
            int i = (int)((seed >> 8) % N), type = (int)((seed >> 4) % 3);
            for (int b = 0; b < 2; b++) {
                EcsEntity *h = &handles[b][i];
                if (!ecs_alive(both[b], *h))
                    *h = ecs_create(both[b]);
                else if ((seed >> 28) == 0)
                    ecs_destroy(both[b], *h);
                else if (ecs_has(both[b], *h, (EcsComponent)type))
                    ecs_remove(both[b], *h, (EcsComponent)type);
                else
                    ecs_add(both[b], *h, (EcsComponent)type, NULL);
            }
        }
        for (int b = 0; b < 2; b++) {
            ecs_flush(both[b]);
            ck_assert_msg(ecs_world_check(both[b], msg, sizeof msg), "round %d: %s", round, msg);
        }
    }
    static const EcsComponent sets[][3] = {{POSITION},         {VELOCITY},
                                           {HEALTH},           {POSITION, VELOCITY},
                                           {HEALTH, POSITION}, {VELOCITY, HEALTH, POSITION}};
    static const int counts[] = {1, 1, 1, 2, 2, 3};
    for (int v = 0; v < 6; v++) {
        int n = visit(w, sets[v], counts[v], got);
        ck_assert_int_eq(visit(twin, sets[v], counts[v], twin_got), n);
        ck_assert_int_gt(n, 0);
        for (int k = 0; k < n; k++)
            ck_assert_uint_eq(got[k], twin_got[k]);
    }
    ecs_world_destroy(w);
    ecs_world_destroy(twin);
}
END_TEST

/* ---- groups ---- */

static void check_group_packed(EcsWorld *w, const EcsEntity *e, int n)
{
    /* After a flush the group's view is one run holding exactly the entities
    ** with both. */
    int expected = 0;
    for (int i = 0; i < n; i++)
        expected += ecs_has(w, e[i], POSITION) && ecs_has(w, e[i], VELOCITY);
    EcsIter it = ecs_view(w, POSITION, VELOCITY);
    int runs = 0, total = 0;
    while (ecs_iter_next(&it)) {
        runs++;
        for (int i = 0; i < it.count; i++) {
            EcsEntity ent = ecs_iter_entity(&it, i);
            ck_assert_ptr_eq(&ecs_field(&it, Position, 0)[i], ecs_get(w, ent, POSITION));
            ck_assert_ptr_eq(&ecs_field(&it, Velocity, 1)[i], ecs_get(w, ent, VELOCITY));
        }
        total += it.count;
    }
    ck_assert_int_le(runs, 1);
    ck_assert_int_eq(total, expected);
}

START_TEST(group_keeps_owned_pools_packed)
{
    enum { N = 2000 };
    static EcsEntity e[N];
    EcsWorld *w = make_world();
    fill_pattern(w, e, N / 2, -1); /* before the group exists */
    ck_assert(ecs_group_of(w, POSITION, VELOCITY));
    ck_assert(!ecs_group_of(w, VELOCITY, HEALTH)); /* Velocity already owned */
    check_group_packed(w, e, N / 2);               /* creating the group orders at once */
    for (int i = N / 2; i < N; i++) {              /* after: velocity first, shuffled-ish */
        e[i] = ecs_create(w);
        if (i % 3 != 1)
            ecs_add(w, e[i], VELOCITY, &(Velocity){(float)i, 0});
    }
    for (int i = N - 1; i >= N / 2; i -= 2)
        ecs_add(w, e[i], POSITION, &(Position){(float)i, 0});
    ecs_flush(w);
    check_group_packed(w, e, N);
    for (int i = 0; i < N; i += 5)
        ecs_remove(w, e[i], i % 2 ? POSITION : VELOCITY);
    for (int i = 1; i < N; i += 9)
        ecs_destroy(w, e[i]);
    check_view_is_intersection(w, e, N, ECS_TERMS_(POSITION, VELOCITY), 2); /* before */
    ecs_flush(w);
    check_group_packed(w, e, N);
    check_view_is_intersection(w, e, N, ECS_TERMS_(VELOCITY, HEALTH), 2);
    ecs_world_destroy(w);
}
END_TEST

/* An entity joins the group while it already sits at position `size` of
** both owned pools, so joining swaps nothing; the flush that follows must
** still leave both pools listing the group in the same order. */
START_TEST(group_join_in_place_then_flush_pairs_the_same_entity)
{
    EcsWorld *w = make_world();
    ck_assert(ecs_group_of(w, POSITION, VELOCITY));
    EcsEntity e0 = ecs_create(w), e1 = ecs_create(w), e2 = ecs_create(w);
    (void)e1;
    ecs_add(w, e2, POSITION, &(Position){2, 2});
    ecs_add(w, e2, VELOCITY, &(Velocity){2, 2}); /* the group: [e2] */
    ecs_add(w, e0, POSITION, &(Position){0, 0}); /* Position: [e2, e0] */
    ecs_flush(w);
    ecs_add(w, e0, VELOCITY, &(Velocity){0, 0}); /* e0 at position 1 of both */
    ecs_flush(w);
    EcsIter it = ecs_view(w, POSITION, VELOCITY);
    int seen = 0;
    while (ecs_iter_next(&it)) {
        const Position *p = ecs_field(&it, Position, 0);
        const Velocity *v = ecs_field(&it, Velocity, 1);
        for (int i = 0; i < it.count; i++, seen++) {
            EcsEntity ent = ecs_iter_entity(&it, i);
            ck_assert_ptr_eq(&p[i], ecs_get(w, ent, POSITION));
            ck_assert_ptr_eq(&v[i], ecs_get(w, ent, VELOCITY));
            ck_assert_float_eq(p[i].x, v[i].x);
        }
    }
    ck_assert_int_eq(seen, 2);
    ecs_world_destroy(w);
}
END_TEST

/* ---- deferred commands ---- */

START_TEST(deferred_commands_apply_in_issue_order)
{
    EcsWorld *w = make_world();
    EcsEntity a = ecs_create(w), b = ecs_create(w), c = ecs_create(w);
    ecs_add(w, c, HEALTH, &(Health){7});

    EcsIter it = ecs_view(w, HEALTH);
    while (ecs_iter_next(&it)) {
        Health value = {1};
        ck_assert(ecs_defer_add(w, a, HEALTH, &value));
        value.hp = 2;                              /* the value was copied when queued */
        ck_assert(ecs_defer_remove(w, a, HEALTH)); /* add then remove: none */
        ck_assert(ecs_defer_remove(w, b, HEALTH)); /* nothing to remove */
        ck_assert(ecs_defer_add(w, b, HEALTH, &value));
        ck_assert(ecs_defer_add(w, b, HEALTH, &(Health){3})); /* last write wins */
        ck_assert(ecs_defer_destroy(w, c));
        ck_assert(ecs_defer_add(w, c, HEALTH, &(Health){4})); /* c is gone: skipped */
    }
    /* Nothing happened yet. */
    ck_assert(!ecs_has(w, a, HEALTH));
    ck_assert(ecs_alive(w, c));
    ck_assert_uint_eq(ecs_deferred_count(w), 7);

    ck_assert_uint_eq(ecs_flush(w), 5);
    ck_assert(!ecs_has(w, a, HEALTH));
    ck_assert_int_eq(((Health *)ecs_get(w, b, HEALTH))->hp, 3);
    ck_assert(!ecs_alive(w, c));
    ck_assert_uint_eq(ecs_deferred_count(w), 0);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(structural_change_during_iteration_asserts)
{
    EcsWorld *w = make_world();
    EcsEntity e = ecs_create(w);
    ecs_add(w, e, POSITION, NULL);
    EcsIter it = ecs_view(w, POSITION);
    ck_assert(ecs_iter_next(&it));
    ecs_add(w, e, VELOCITY, NULL); /* must abort */
    ck_abort_msg("structural change during iteration was not caught");
}
END_TEST

START_TEST(overwrite_during_iteration_is_allowed)
{
    EcsWorld *w = make_world();
    EcsEntity e = ecs_create(w);
    ecs_add(w, e, POSITION, NULL);
    EcsIter it = ecs_view(w, POSITION);
    while (ecs_iter_next(&it))
        ecs_add(w, e, POSITION, &(Position){5, 6}); /* not structural */
    ck_assert_float_eq(((Position *)ecs_get(w, e, POSITION))->y, 6);
    /* An iterator left early is closed with ecs_iter_fini. */
    it = ecs_view(w, POSITION);
    ck_assert(ecs_iter_next(&it));
    ecs_iter_fini(&it);
    ck_assert(ecs_destroy(w, e));
    ecs_world_destroy(w);
}
END_TEST

/* ---- snapshots ---- */

static void count_step(EcsWorld *w, float dt, void *ctx)
{
    (void)w;
    (void)dt;
    ++*(int *)ctx;
}

START_TEST(restore_brings_back_entities_and_keeps_systems)
{
    enum { N = 3000 };
    static EcsEntity e[N];
    EcsWorld *w = make_world();
    int steps = 0;
    ck_assert(ecs_system_add(w, "count", count_step, &steps));
    fill_pattern(w, e, N, -1);
    ck_assert(ecs_group_of(w, POSITION, HEALTH));
    ecs_flush(w);
    EcsWorld *snap = ecs_world_clone(w);
    ck_assert_ptr_nonnull(snap);
    ck_assert_int_eq(ecs_system_count(snap), 0); /* systems are not copied */

    for (int i = 0; i < N; i += 2)
        ecs_destroy(w, e[i]);
    EcsEntity later = ecs_create(w);
    ecs_add(w, later, HEALTH, &(Health){-1});
    for (int i = 1; i < N; i += 3)
        ecs_add(w, e[i], HEALTH, &(Health){-i});
    ecs_flush(w);

    uint64_t allocations = ecs_world_allocations(w);
    ck_assert(ecs_world_copy(w, snap));
    ck_assert_uint_eq(ecs_world_allocations(w), allocations); /* it all fit */
    char msg[200];
    ck_assert_msg(ecs_world_check(w, msg, sizeof msg), "%s", msg);
    ck_assert(!ecs_alive(w, later)); /* made after the snapshot: stale */
    for (int i = 0; i < N; i++) {
        ck_assert(ecs_alive(w, e[i]));
        ck_assert_int_eq(ecs_has(w, e[i], HEALTH), i % 5 == 0);
        if (i % 5 == 0)
            ck_assert_int_eq(((Health *)ecs_get(w, e[i], HEALTH))->hp, i);
    }
    check_view_is_intersection(w, e, N, ECS_TERMS_(POSITION, HEALTH), 2);
    /* The group came back packed: one run. */
    EcsIter it = ecs_view(w, POSITION, HEALTH);
    ck_assert(ecs_iter_next(&it));
    ck_assert_int_eq(it.count, (N + 9) / 10);
    ck_assert(!ecs_iter_next(&it));
    ck_assert_int_eq(ecs_system_count(w), 1);
    ecs_world_step(w, 0.5f);
    ck_assert_int_eq(steps, 1);
    ecs_world_destroy(snap);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(copy_into_a_small_world_grows_it_once)
{
    enum { N = 20000 };
    static EcsEntity e[N];
    EcsWorld *big = make_world();
    fill_pattern(big, e, N, -1);
    EcsWorld *small = make_world();
    uint64_t before = ecs_world_allocations(small);
    ck_assert(ecs_world_copy(small, big));
    ck_assert_uint_gt(ecs_world_allocations(small), before);
    before = ecs_world_allocations(small);
    ck_assert(ecs_world_copy(small, big));
    ck_assert_uint_eq(ecs_world_allocations(small), before);
    ck_assert_uint_eq(ecs_view_count(small, ECS_TERMS_(POSITION, VELOCITY), 2), (N + 5) / 6);
    /* An empty world copied over it empties it, and allocates nothing. */
    EcsWorld *empty = make_world();
    ck_assert(ecs_world_copy(small, empty));
    ck_assert_uint_eq(ecs_world_allocations(small), before);
    ck_assert_uint_eq(ecs_alive_count(small), 0);
    ck_assert_uint_eq(ecs_count(small, POSITION), 0);
    ck_assert(!ecs_alive(small, e[3]));
    char msg[200];
    ck_assert_msg(ecs_world_check(small, msg, sizeof msg), "%s", msg);
    ecs_world_destroy(empty);
    ecs_world_destroy(small);
    ecs_world_destroy(big);
}
END_TEST

START_TEST(copy_refuses_other_component_types)
{
    EcsWorld *w = make_world();
    EcsEntity a = ecs_create(w);
    ecs_add(w, a, HEALTH, &(Health){3});
    EcsWorld *other = ecs_world_create();
    ECS_REGISTER(other, Position);
    ECS_REGISTER(other, Health); /* id 1 has another size */
    ck_assert(!ecs_world_copy(other, w));
    ck_assert(!ecs_world_copy(w, other));
    ck_assert_int_eq(((Health *)ecs_get(w, a, HEALTH))->hp, 3);
    ecs_world_destroy(other);
    ecs_world_destroy(w);
}
END_TEST

START_TEST(copy_with_commands_pending_asserts)
{
    EcsWorld *w = make_world();
    EcsWorld *snap = ecs_world_clone(w);
    ecs_defer_destroy(w, ecs_create(w));
    ecs_world_copy(snap, w); /* must abort */
    ck_abort_msg("a copy with commands pending was not caught");
}
END_TEST

/* ---- systems ---- */

typedef struct Trace {
    char log[16];
    int len;
    EcsEntity target;
} Trace;

static void sys_a(EcsWorld *w, float dt, void *ctx)
{
    Trace *t = ctx;
    ck_assert_float_eq(dt, 0.5f);
    t->log[t->len++] = 'a';
    /* Queued while iterating, visible to the next system. */
    EcsIter it = ecs_view(w, POSITION);
    while (ecs_iter_next(&it))
        ecs_defer_add(w, t->target, VELOCITY, &(Velocity){9, 9});
}

static void sys_b(EcsWorld *w, float dt, void *ctx)
{
    (void)dt;
    Trace *t = ctx;
    t->log[t->len++] = ecs_has(w, t->target, VELOCITY) ? 'B' : 'b';
}

START_TEST(systems_run_in_registration_order_with_flush_between)
{
    EcsWorld *w = make_world();
    Trace t = {{0}, 0, ecs_create(w)};
    ecs_add(w, t.target, POSITION, NULL);
    ck_assert(ecs_system_add(w, "a", sys_a, &t));
    ck_assert(ecs_system_add(w, "b", sys_b, &t));
    ck_assert_int_eq(ecs_system_count(w), 2);
    ck_assert_str_eq(ecs_system_name(w, 1), "b");
    ecs_world_step(w, 0.5f);
    ecs_world_step(w, 0.5f);
    ck_assert_str_eq(t.log, "aBaB");
    ecs_world_destroy(w);
}
END_TEST

START_TEST(stats_report_counts_and_bytes)
{
    EcsWorld *w = make_world();
    size_t before = ecs_world_bytes(w);
    for (int i = 0; i < 100; i++) {
        EcsEntity e = ecs_create(w);
        ecs_add(w, e, POSITION, NULL);
        if (i < 10)
            ecs_add(w, e, HEALTH, NULL);
    }
    EcsPoolStats s;
    ck_assert(ecs_pool_stats(w, POSITION, &s));
    ck_assert_str_eq(s.name, "Position");
    ck_assert_uint_eq(s.count, 100);
    ck_assert_uint_ge(s.bytes, 100 * (sizeof(Position) + sizeof(uint32_t)));
    ck_assert(ecs_pool_stats(w, HEALTH, &s));
    ck_assert_uint_eq(s.count, 10);
    ck_assert(ecs_pool_stats(w, VELOCITY, &s));
    ck_assert_uint_eq(s.count, 0);
    ck_assert(!ecs_pool_stats(w, 40, &s));
    ck_assert_uint_eq(ecs_alive_count(w), 100);
    ck_assert_uint_gt(ecs_world_bytes(w), before);
    ecs_world_destroy(w);
}
END_TEST

static Suite *ecs_suite(void)
{
    Suite *s = suite_create("ecs");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, registration_keeps_flags_and_fields);
    tcase_add_test(tc, tag_is_membership_without_storage);
    tcase_add_test(tc, tag_in_views_commands_and_order);
    tcase_add_test(tc, tag_in_a_group);
    tcase_add_test(tc, destroyed_index_is_recycled_with_next_generation);
    tcase_add_test(tc, stale_handle_never_reaches_new_entity);
    tcase_add_test(tc, null_and_out_of_range_handles_are_rejected);
    tcase_add_test(tc, swap_and_pop_moves_last_into_hole);
    tcase_add_test(tc, destroy_clears_every_pool);
    tcase_add_test(tc, add_twice_overwrites);
    tcase_add_test(tc, add_copies_a_component_of_the_same_pool_while_it_grows);
    tcase_add_test(tc, sparse_index_is_paged);
    tcase_add_test(tc, big_pools_keep_every_component_as_they_grow);
    tcase_add_test(tc, a_world_made_after_a_big_one_finds_nothing_of_it);
    tcase_add_test(tc, view_visits_exact_intersection_whichever_pool_is_smallest);
    tcase_add_test(tc, each_matches_iterator);
    tcase_add_test(tc, view_over_empty_or_missing_pool_is_empty);
    tcase_add_test(tc, shared_order_gives_one_run);
    tcase_add_test(tc, flush_orders_pools_by_set_then_slot);
    tcase_add_test(tc, a_set_lists_its_entities_in_the_order_they_came);
    tcase_add_test(tc, group_keeps_owned_pools_packed);
    tcase_add_test(tc, group_join_in_place_then_flush_pairs_the_same_entity);
    tcase_add_test(tc, deferred_commands_apply_in_issue_order);
    tcase_add_test_raise_signal(tc, structural_change_during_iteration_asserts, SIGABRT);
    tcase_add_test(tc, overwrite_during_iteration_is_allowed);
    tcase_add_test(tc, restore_brings_back_entities_and_keeps_systems);
    tcase_add_test(tc, copy_into_a_small_world_grows_it_once);
    tcase_add_test(tc, copy_refuses_other_component_types);
    tcase_add_test_raise_signal(tc, copy_with_commands_pending_asserts, SIGABRT);
    tcase_add_test(tc, systems_run_in_registration_order_with_flush_between);
    tcase_add_test(tc, stats_report_counts_and_bytes);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(ecs_suite());
}
