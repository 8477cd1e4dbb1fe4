/*
** validate.c -- entity placement and the rules a level must keep, whatever
** file format it came from.
*/
#include "level_internal.h"

#include <stdlib.h>
#include <string.h>

static bool box_inside(const Tilemap *map, long x, long y, long w, long h)
{
    return x >= 0 && y >= 0 && x + w <= (long)map->width * TILE_SIZE &&
           y + h <= (long)map->height * TILE_SIZE;
}

/* The first tile of that kind under the box (which is inside the map). */
static bool box_touches(const Tilemap *map, int x, int y, int w, int h, TileKind kind,
                        int *tx, int *ty)
{
    for (int r = y / TILE_SIZE; r <= (y + h - 1) / TILE_SIZE; r++)
        for (int c = x / TILE_SIZE; c <= (x + w - 1) / TILE_SIZE; c++)
            if (tilemap_get(map, c, r) == kind) {
                *tx = c;
                *ty = r;
                return true;
            }
    return false;
}

/* The kind the player comes back to life as: the one that is unique and
** respawns (the player's start). */
static const EntityKind *player_kind(void)
{
    for (int k = 0; k < kind_count(); k++)
        if ((kind_get(k)->flags & (KIND_UNIQUE | KIND_RESPAWN)) == (KIND_UNIQUE | KIND_RESPAWN))
            return kind_get(k);
    return kind_get(0);
}

static bool boxes_overlap(int ax, int ay, int aw, int ah, int bx, int by, int bw, int bh)
{
    return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

static void check_entity(const char *path, const LevelDesc *lv, const LevelEntity *e,
                         LevelErrors *errors)
{
    const EntityKind *k = kind_get(e->kind);
    const char *name = k->name;
    int x = e->x, y = e->y, w = e->w, h = e->h, tx, ty;
    if (!box_inside(&lv->map, x, y, w, h)) {
        level_errors_add(errors, path, e->line, e->col,
                         "the %s is outside the map: its %dx%d px box at (%d, %d) px must fit in %dx%d px",
                         name, w, h, x, y, lv->map.width * TILE_SIZE,
                         lv->map.height * TILE_SIZE);
        return;
    }
    /* The simulation keeps box sizes in 16 bits. */
    if (w > INT16_MAX || h > INT16_MAX)
        level_errors_add(errors, path, e->line, e->col,
                         "the %s is %dx%d px: at most %d px on a side", name, w, h, INT16_MAX);
    if ((k->flags & KIND_CLEAR) && box_touches(&lv->map, x, y, w, h, TILE_SOLID, &tx, &ty))
        level_errors_add(errors, path, e->line, e->col,
                         "the %s overlaps the solid tile at column %d, row %d", name, tx, ty);
    else if ((k->flags & KIND_RESPAWN) && box_touches(&lv->map, x, y, w, h, TILE_SPIKES, &tx, &ty))
        level_errors_add(errors, path, e->line, e->col,
                         "the %s overlaps the spikes at column %d, row %d", name, tx, ty);
    for (int p = 0; p < k->prop_count; p++) {
        if (k->props[p].type != KPROP_PATH)
            continue;
        const LevelPath *wp = leveldesc_path(lv, e, k->props[p].name);
        for (int i = 0; wp != NULL && i < wp->count; i++)
            if (!box_inside(&lv->map, wp->points[i].x, wp->points[i].y, w, h))
                level_errors_add(errors, path, e->line, e->col,
                                 "waypoint %d of the %s, at (%d, %d) px, takes it outside the map",
                                 i + 1, name, wp->points[i].x, wp->points[i].y);
    }
}

void level_validate(const char *path, const LevelDesc *lv, int line, int col, bool whole,
                    LevelErrors *errors)
{
    for (int i = 0; i < lv->entity_count; i++)
        check_entity(path, lv, &lv->entities[i], errors);
    if (!whole)
        return;

    /* Kinds that must appear once (the player) or at least once (the goal). */
    int first_of[KIND_MAX_KINDS];
    for (int k = 0; k < KIND_MAX_KINDS; k++)
        first_of[k] = -1;
    int switch_of[LEVEL_MAX_GROUPS], block_of[LEVEL_MAX_GROUPS];
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++)
        switch_of[g] = block_of[g] = -1;
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *e = &lv->entities[i];
        const EntityKind *k = kind_get(e->kind);
        if (e->kind >= KIND_MAX_KINDS)
            continue;
        if ((k->flags & KIND_UNIQUE) && first_of[e->kind] >= 0) {
            const LevelEntity *first = &lv->entities[first_of[e->kind]];
            level_errors_add(errors, path, e->line, e->col, "a second %s (the first is at %d:%d)",
                             kind_label(k), first->line, first->col);
        }
        if (first_of[e->kind] < 0)
            first_of[e->kind] = i;
        if (k->flags & (KIND_FLIPS | KIND_FLIPPED)) {
            int g = leveldesc_prop(e, "group").i;
            int *first = (k->flags & KIND_FLIPS) ? &switch_of[g] : &block_of[g];
            if (g >= 0 && g < LEVEL_MAX_GROUPS && *first < 0)
                *first = i;
        }
    }
    for (int k = 0; k < kind_count() && k < KIND_MAX_KINDS; k++)
        if ((kind_get(k)->flags & (KIND_UNIQUE | KIND_NEEDED)) && first_of[k] < 0)
            level_errors_add(errors, path, line, col, "the level has no %s (an entity of type \"%s\")",
                             kind_label(kind_get(k)), kind_get(k)->name);
    /* A switch without blocks, or blocks without a switch, harm nobody, but
    ** are most likely a typo in a group number: said, not refused. */
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++) {
        if (switch_of[g] >= 0 && block_of[g] < 0) {
            const LevelEntity *s = &lv->entities[switch_of[g]];
            level_warnings_add(errors, path, s->line, s->col,
                               "switch group %d has no blocks: touching it changes nothing", g);
        }
        if (block_of[g] >= 0 && switch_of[g] < 0) {
            const LevelEntity *b = &lv->entities[block_of[g]];
            level_warnings_add(errors, path, b->line, b->col,
                               "block group %d has no switch: the block never changes", g);
        }
    }
    /* Where the player comes back to life (the start, each checkpoint) must
    ** never be inside a block, in either state of its group: a block that
    ** closes there while the player is dead would trap it. */
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *r = &lv->entities[i];
        const EntityKind *rk = kind_get(r->kind);
        if (!(rk->flags & KIND_RESPAWN))
            continue;
        /* The player stands where the flag stands: its box, on the bottom of r's. */
        const EntityKind *pk = player_kind();
        int rw = pk->w, rh = pk->h, rx = r->x, ry = r->y + r->h - rh;
        for (int k = 0; k < lv->entity_count; k++) {
            const LevelEntity *b = &lv->entities[k];
            if (!(kind_get(b->kind)->flags & KIND_FLIPPED) ||
                !boxes_overlap(rx, ry, rw, rh, b->x, b->y, b->w, b->h))
                continue;
            level_errors_add(errors, path, r->line, r->col,
                             "the %s at %d:%d covers the %s's place: a player coming back "
                             "to life there could be shut inside it",
                             kind_get(b->kind)->name, b->line, b->col, kind_label(rk));
        }
    }
}
