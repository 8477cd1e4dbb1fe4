/* SPDX-License-Identifier: Zlib */
/*
** generate.c -- large valid levels made on demand, for the load benchmark and
** the stress test. The layout repeats every few dozen columns so any size
** from 8x6 up has ground, ledges and hazards; where each kind goes follows
** from the kind table's flags (the start, a goal, respawn points where
** nothing patrols, kinds that patrol on the floor, the rest in the air in
** turn; kinds that need properties in a row of their own), so every kind
** is in it without this file naming one (test_level checks it).
*/
#include "level_internal.h"

#include <stdlib.h>
#include <string.h>

static bool spike_column(int x, int w)
{
    return x >= 12 && x < w - 4 && x % 16 == 12;
}

/* The drawable kinds by the part they play in the layout, read from the
** kind table's flags, so a new kind shows up here with no change. */
typedef struct Cast {
    char start, end, middle;    /* the unique start, a needed kind, a respawn point */
    char floor[KIND_MAX_KINDS]; /* kinds that patrol (walkers): on the floor */
    int floor_count;
    char air[KIND_MAX_KINDS]; /* the others: in the air */
    int air_count;
} Cast;

/* A drawable kind's character in the generated legend. */
static char kind_char(int k)
{
    return (char)('A' + k);
}

static Cast cast_kinds(void)
{
    Cast c = {0};
    for (int k = 0; k < kind_count() && k < KIND_MAX_KINDS; k++) {
        uint32_t f = kind_get(k)->flags;
        if (!(f & KIND_DRAWABLE))
            continue;
        if (f & KIND_UNIQUE)
            c.start = kind_char(k);
        else if ((f & KIND_NEEDED) && c.end == 0)
            c.end = kind_char(k);
        else if ((f & KIND_RESPAWN) && c.middle == 0)
            c.middle = kind_char(k);
        else if (f & KIND_PATROLS)
            c.floor[c.floor_count++] = kind_char(k);
        else
            c.air[c.air_count++] = kind_char(k);
    }
    return c;
}

static char cell(const Cast *c, int x, int y, int w, int h, int middle_x)
{
    int floor = h - 1;
    if (y == floor)
        return '#';
    if (y == h - 2) {
        if (x == 1)
            return c->start;
        if (x == w - 2)
            return c->end;
        if (x == middle_x && c->middle)
            return c->middle;
        if (spike_column(x, w))
            return '^';
        if (x % 40 == 25 && x < w - 4 && c->floor_count > 0)
            return c->floor[(x / 40) % c->floor_count];
    }
    /* Upper floors every 12 rows, with gaps to climb through. */
    if (y < floor - 2 && (floor - y) % 12 == 0 && y >= 2)
        return x % 20 < 3 ? '.' : '#';
    if (y == h - 5 && x >= 6 && x % 12 >= 6 && x % 12 <= 9)
        return '=';
    if (c->air_count > 0 && y == h - 6 && x >= 6 && (x % 12 == 7 || x % 12 == 8))
        return c->air[0];
    /* Higher up, every other air kind in turn, so each is in the level. */
    if (c->air_count > 0 && h >= 10 && y == h - 8 && x % 30 == 20)
        return c->air_count == 1 ? c->air[0] : c->air[1 + (x / 30) % (c->air_count - 1)];
    return '.';
}

/* One valid entry of "entities" for a kind that cannot be drawn: every
** required property at the low end of its range, a path one step to the
** right, at tile (x, y) of a map of width w. */
static void put_listed(TextBuf *t, const EntityKind *k, int x, int y, int w, bool first)
{
    text_printf(t, "%s\n    {\"type\": \"%s\", \"x\": %d, \"y\": %d", first ? "" : ",", k->name, x,
                y);
    for (int p = 0; p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        if (!prop->required)
            continue;
        switch (prop->type) {
        case KPROP_INT: text_printf(t, ", \"%s\": %.0f", prop->name, prop->min); break;
        case KPROP_NUMBER: text_printf(t, ", \"%s\": %g", prop->name, prop->min); break;
        case KPROP_BOOL: text_printf(t, ", \"%s\": false", prop->name); break;
        case KPROP_ENUM: text_printf(t, ", \"%s\": \"%s\"", prop->name, prop->values[0]); break;
        case KPROP_SIZE: text_printf(t, ", \"%s\": 1", prop->name); break;
        case KPROP_PATH:
            text_printf(t, ", \"%s\": [[%d, %d]]", prop->name, x + 3 < w - 3 ? x + 3 : x, y);
            break;
        default: text_printf(t, ", \"%s\": \"%s\"", prop->name, k->name); break;
        }
    }
    text_printf(t, "}");
}

/* Whether a floor kind stands in the run of floor columns around x that
** spikes bound: a walker there would patrol through x. */
static bool walked(const Cast *c, int x, int w)
{
    int a = x, b = x;
    while (a > 0 && !spike_column(a - 1, w))
        a--;
    while (b < w - 1 && !spike_column(b + 1, w))
        b++;
    for (int col = a; col <= b && c->floor_count > 0; col++)
        if (col % 40 == 25 && col < w - 4)
            return true;
    return false;
}

char *level_generate(int width, int height, size_t *len)
{
    if (width < 8 || height < 6 || width > LEVEL_MAX_SIDE || height > LEVEL_MAX_SIDE)
        return NULL;
    Cast cast = cast_kinds();
    TextBuf t = {0};
    /* A respawn point midway, where no walker walks. */
    int middle_x = width >= 12 ? width / 2 : -1;
    while (middle_x >= 0 &&
           (spike_column(middle_x, width) || middle_x % 40 == 25 || walked(&cast, middle_x, width)))
        middle_x = middle_x + 1 < width - 3 ? middle_x + 1 : -1;
    text_printf(
        &t,
        "{\n  \"$schema\": \"level.schema.json\",\n  \"format\": 1,\n"
        "  \"name\": \"Generated %dx%d\",\n  \"background\": \"cave\",\n"
        "  \"physics\": {\"gravity\": 1800},\n"
        "  \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"=\": \"oneway\", \"^\": \"spikes\"",
        width, height);
    for (int k = 0; k < kind_count() && k < KIND_MAX_KINDS; k++)
        if (kind_get(k)->flags & KIND_DRAWABLE)
            text_printf(&t, ", \"%c\": \"%s\"", kind_char(k), kind_get(k)->name);
    text_printf(&t, "},\n  \"tiles\": [\n");
    for (int y = 0; y < height && !t.oom; y++) {
        text_put(&t, "    \"", 5);
        text_reserve(&t, (size_t)width);
        for (int x = 0; x < width && !t.oom; x++)
            t.p[t.len++] = cell(&cast, x, y, width, height, middle_x);
        text_printf(&t, "\"%s\n", y + 1 < height ? "," : "");
    }
    text_printf(&t, "  ],\n  \"entities\": [");
    /* The kinds that need properties, in a row above the floor's left end. */
    if (width >= 16 && height >= 10) {
        bool first = true;
        int x = 2;
        for (int k = 0; k < kind_count() && x < width - 6; k++) {
            const EntityKind *kind = kind_get(k);
            if (kind->flags & KIND_DRAWABLE)
                continue;
            put_listed(&t, kind, x, height - 4 - (k % 3) * 2, width, first);
            first = false;
            x += 2;
        }
        text_printf(&t, "\n  ");
    }
    text_printf(&t, "]\n}\n");
    return text_take(&t, len);
}

/* ---- crowds in given proportions ---- */

enum {
    MIX_WIDTH = 1024, /* tiles along a floor */
    MIX_SPACING = 2,  /* tiles between two entities on a row */
    MIX_LANE = 8,     /* rows a floor and the air over it take */
};

char *level_generate_mix(const LevelMix *mix, int count, int entities, size_t *len)
{
    int kinds[KIND_MAX_KINDS], wanted[KIND_MAX_KINDS];
    int total = 0;
    if (count < 1 || count > KIND_MAX_KINDS || entities < 1)
        return NULL;
    for (int i = 0; i < count; i++) {
        kinds[i] = kind_find(mix[i].kind);
        if (kinds[i] < 0 || mix[i].percent < 0)
            return NULL;
        wanted[i] = (int)((long)entities * mix[i].percent / 100);
        total += wanted[i];
    }
    int per_lane = (MIX_WIDTH - 4) / MIX_SPACING;
    int lanes = (total + per_lane - 1) / per_lane;
    if (lanes < 1)
        lanes = 1;
    int height = lanes * MIX_LANE + 2;
    if (height > LEVEL_MAX_SIDE || total + 2 > LEVEL_MAX_ENTITIES)
        return NULL;

    /* Interleave the kinds: entity i is the kind furthest behind its share. */
    char *order = malloc((size_t)total + 1);
    int done[KIND_MAX_KINDS] = {0};
    if (order == NULL)
        return NULL;
    for (int i = 0; i < total; i++) {
        int pick = -1;
        double lag = -1e300;
        for (int k = 0; k < count; k++) {
            if (done[k] >= wanted[k])
                continue;
            double behind = (double)(i + 1) * wanted[k] / total - done[k];
            if (behind > lag) {
                lag = behind;
                pick = k;
            }
        }
        order[i] = (char)pick;
        done[pick]++;
    }

    int start = kind_player();
    int goal = -1;
    for (int k = 0; k < kind_count() && goal < 0; k++)
        if (kind_get(k)->flags & KIND_NEEDED)
            goal = k;
    TextBuf t = {0};
    text_printf(&t,
                "{\n  \"format\": 1,\n  \"name\": \"Crowd of %d\",\n  \"background\": \"cave\",\n"
                "  \"legend\": {\".\": \"empty\", \"#\": \"solid\"",
                total);
    for (int k = 0; k < kind_count() && k < KIND_MAX_KINDS; k++)
        if (kind_get(k)->flags & KIND_DRAWABLE)
            text_printf(&t, ", \"%c\": \"%s\"", kind_char(k), kind_get(k)->name);
    text_printf(&t, "},\n  \"tiles\": [\n");
    char *row = malloc(MIX_WIDTH + 1);
    if (row == NULL)
        t.oom = true;
    for (int y = 0; y < height && !t.oom; y++) {
        int lane = y / MIX_LANE, r = y % MIX_LANE;
        bool floor = r == MIX_LANE - 1 || y == height - 1;
        for (int x = 0; x < MIX_WIDTH; x++)
            row[x] = floor || y == height - 2 ? '#' : '.';
        if (!floor && y < height - 2) {
            for (int s = 0; s < per_lane; s++) {
                int i = lane * per_lane + s;
                if (i >= total)
                    break;
                const EntityKind *k = kind_get(kinds[(int)order[i]]);
                if (!(k->flags & KIND_DRAWABLE))
                    continue;
                /* Kinds that patrol on the floor, the rest in the air (away from them). */
                int at = (k->flags & KIND_PATROLS) ? MIX_LANE - 2 : MIX_LANE - 4;
                if (r == at)
                    row[2 + s * MIX_SPACING] = kind_char(kinds[(int)order[i]]);
            }
            if (lane == 0 && r == MIX_LANE - 2) {
                row[1] = kind_char(start);
                if (goal >= 0)
                    row[MIX_WIDTH - 2] = kind_char(goal);
            }
        }
        row[MIX_WIDTH] = '\0';
        text_printf(&t, "    \"%s\"%s\n", row, y + 1 < height ? "," : "");
    }
    text_printf(&t, "  ],\n  \"entities\": [");
    bool first = true;
    for (int i = 0; i < total && !t.oom; i++) {
        const EntityKind *k = kind_get(kinds[(int)order[i]]);
        if (k->flags & KIND_DRAWABLE)
            continue;
        int lane = i / per_lane, s = i % per_lane;
        put_listed(&t, k, 2 + s * MIX_SPACING, lane * MIX_LANE + 2, MIX_WIDTH, first);
        first = false;
    }
    text_printf(&t, "\n  ]\n}\n");
    free(row);
    free(order);
    return text_take(&t, len);
}
