/*
** generate.c -- large valid levels made on demand, for the load benchmark and
** the stress test. The layout repeats every few dozen columns so any size
** from 8x6 up has ground, ledges, hazards and every kind of entity.
*/
#include "level_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct Text {
    char *p;
    size_t len, cap;
    bool oom;
} Text;

static void grow(Text *t, size_t more)
{
    if (t->oom || t->len + more + 1 <= t->cap)
        return;
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < t->len + more + 1)
        cap *= 2;
    char *p = realloc(t->p, cap);
    if (p == NULL) {
        t->oom = true;
        return;
    }
    t->p = p;
    t->cap = cap;
}

static void put(Text *t, const char *fmt, ...) LEVEL_PRINTF(2, 3);

static void put(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        t->oom = true;
        return;
    }
    grow(t, (size_t)n);
    if (t->oom)
        return;
    va_start(ap, fmt);
    vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

static bool spike_column(int x, int w)
{
    return x >= 12 && x < w - 4 && x % 16 == 12;
}

static char cell(int x, int y, int w, int h, int checkpoint_x)
{
    int floor = h - 1;
    if (y == floor)
        return '#';
    if (y == h - 2) {
        if (x == 1)
            return 'P';
        if (x == w - 2)
            return 'G';
        if (x == checkpoint_x)
            return 'C';
        if (spike_column(x, w))
            return '^';
        if (x % 40 == 25 && x < w - 4)
            return 'w';
    }
    /* Upper floors every 12 rows, with gaps to climb through. */
    if (y < floor - 2 && (floor - y) % 12 == 0 && y >= 2)
        return x % 20 < 3 ? '.' : '#';
    if (y == h - 5 && x >= 6 && x % 12 >= 6 && x % 12 <= 9)
        return '=';
    if (y == h - 6 && x >= 6 && (x % 12 == 7 || x % 12 == 8))
        return 'o';
    if (h >= 10 && y == h - 8 && x % 30 == 20)
        return '*';
    return '.';
}

char *level_generate(int width, int height, size_t *len)
{
    if (width < 8 || height < 6 || width > LEVEL_MAX_SIDE || height > LEVEL_MAX_SIDE)
        return NULL;
    Text t = {0};
    int checkpoint_x = width >= 12 ? width / 2 : -1;
    if (checkpoint_x >= 0 && (spike_column(checkpoint_x, width) || checkpoint_x % 40 == 25))
        checkpoint_x += 2;
    put(&t, "{\n  \"$schema\": \"level.schema.json\",\n  \"format\": 1,\n"
            "  \"name\": \"Generated %dx%d\",\n  \"background\": \"cave\",\n"
            "  \"physics\": {\"gravity\": 1800},\n"
            "  \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"=\": \"oneway\", \"^\": \"spikes\", "
            "\"P\": \"player\", \"G\": \"goal\", \"o\": \"coin\", \"C\": \"checkpoint\", "
            "\"w\": \"walker\", \"*\": \"saw\"},\n  \"tiles\": [\n",
        width, height);
    for (int y = 0; y < height && !t.oom; y++) {
        grow(&t, (size_t)width + 8);
        if (t.oom)
            break;
        t.p[t.len++] = ' ';
        t.p[t.len++] = ' ';
        t.p[t.len++] = ' ';
        t.p[t.len++] = ' ';
        t.p[t.len++] = '"';
        for (int x = 0; x < width; x++)
            t.p[t.len++] = cell(x, y, width, height, checkpoint_x);
        t.p[t.len++] = '"';
        if (y + 1 < height)
            t.p[t.len++] = ',';
        t.p[t.len++] = '\n';
    }
    put(&t, "  ],\n  \"entities\": [");
    if (width >= 16 && height >= 10) {
        int h = height;
        put(&t, "\n    {\"type\": \"switch\", \"x\": 3, \"y\": %d, \"group\": 0},", h - 2);
        put(&t, "\n    {\"type\": \"block\", \"x\": 4, \"y\": %d, \"group\": 0, \"solid_when\": \"on\", \"w\": 2, \"h\": 1},", h - 4);
        put(&t, "\n    {\"type\": \"block\", \"x\": 2, \"y\": %d, \"group\": 0, \"solid_when\": \"off\"},", h - 7);
        put(&t, "\n    {\"type\": \"platform\", \"x\": 2, \"y\": %d, \"w\": 3, \"path\": [[12, %d], [12, %d]], \"speed\": 60, \"mode\": \"loop\"},",
            h - 9, h - 9, h - 10);
        put(&t, "\n    {\"type\": \"walker\", \"x\": 6, \"y\": %d, \"dir\": \"right\"},", h - 2);
        put(&t, "\n    {\"type\": \"coin\", \"x\": 40, \"y\": 8, \"px\": true}\n  ");
    }
    put(&t, "]\n}\n");
    if (t.oom) {
        free(t.p);
        return NULL;
    }
    *len = t.len;
    return t.p;
}
