/* SPDX-License-Identifier: Zlib */
/* leveldesc.c -- a level's plain data: defaults, property access, equality. */
#include "leveldesc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void leveldesc_fini(LevelDesc *level)
{
    tilemap_fini(&level->map);
    free(level->entities);
    free(level->paths);
    free(level->texts);
    memset(level, 0, sizeof *level);
}

void leveldesc_entity_init(LevelEntity *e, int kind)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
    const EntityKind *k = kind_get(kind);
    if (k == NULL)
        return;
    e->w = k->w;
    e->h = k->h;
    for (int p = 0; p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        switch (prop->type) {
        case KPROP_NUMBER: e->props[p].f = (float)prop->def; break;
        case KPROP_PATH:
        case KPROP_TEXT: e->props[p].i = -1; break;
        case KPROP_SIZE:
            if (prop->name[0] == 'w')
                e->w = (int)prop->def * TILE_SIZE;
            else
                e->h = (int)prop->def * TILE_SIZE;
            break;
        default: e->props[p].i = (int32_t)prop->def; break;
        }
    }
}

void leveldesc_counts(const LevelDesc *level, int *coins, int *gems)
{
    *coins = *gems = 0;
    for (int i = 0; i < level->entity_count; i++) {
        const EntityKind *k = kind_get(level->entities[i].kind);
        if (k != NULL) {
            *coins += (k->flags & KIND_COIN) != 0;
            *gems += (k->flags & KIND_GEM) != 0;
        }
    }
}

/* The property's index in the kind's table. A name the kind lacks is a
** mistake of the code asking, not of a level: it stops the program with
** the kind and the name, in every build, rather than reading a zero. */
static int prop_index(const LevelEntity *e, const char *name)
{
    const EntityKind *k = kind_get(e->kind);
    int p = k != NULL ? kind_prop_find(k, name) : -1;
    if (p < 0) {
        fprintf(stderr, "leveldesc: the %s has no property '%s'\n",
                k != NULL ? k->name : "entity of no kind", name);
        abort();
    }
    return p;
}

LevelValue leveldesc_prop(const LevelEntity *e, const char *name)
{
    return e->props[prop_index(e, name)];
}

const LevelPath *leveldesc_path(const LevelDesc *level, const LevelEntity *e, const char *name)
{
    int i = e->props[prop_index(e, name)].i;
    return i >= 0 && i < level->path_count ? &level->paths[i] : NULL;
}

const char *leveldesc_text(const LevelDesc *level, const LevelEntity *e, const char *name)
{
    int i = e->props[prop_index(e, name)].i;
    return i >= 0 && i < level->text_count ? level->texts[i].s : "";
}

static bool same_path(const LevelPath *a, const LevelPath *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (a->points[i].x != b->points[i].x || a->points[i].y != b->points[i].y)
            return false;
    return true;
}

bool leveldesc_entity_equal(const LevelDesc *la, const LevelEntity *a, const LevelDesc *lb,
                            const LevelEntity *b)
{
    if (a->kind != b->kind || a->x != b->x || a->y != b->y || a->w != b->w || a->h != b->h)
        return false;
    const EntityKind *k = kind_get(a->kind);
    for (int p = 0; k != NULL && p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        switch (prop->type) {
        case KPROP_SIZE: break; /* w and h, compared above */
        case KPROP_NUMBER:
            if (a->props[p].f != b->props[p].f)
                return false;
            break;
        case KPROP_PATH:
            if (!same_path(leveldesc_path(la, a, prop->name), leveldesc_path(lb, b, prop->name)))
                return false;
            break;
        case KPROP_TEXT:
            if (strcmp(leveldesc_text(la, a, prop->name), leveldesc_text(lb, b, prop->name)) != 0)
                return false;
            break;
        default:
            if (a->props[p].i != b->props[p].i)
                return false;
            break;
        }
    }
    return true;
}
