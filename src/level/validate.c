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

/* Whether any of columns c0..c1 of row r can be stood on. */
static bool floor_under(const LevelDesc *lv, int c0, int c1, int r)
{
    for (int c = c0; c <= c1; c++) {
        TileKind t = tilemap_get(&lv->map, c, r);
        if (t == TILE_SOLID || t == TILE_ONEWAY)
            return true;
    }
    return false;
}

/* The columns a patrolling entity walks, on the floor it lands on: from
** its own, out until a wall, or (when it turns at edges) a ledge or spikes.
** Blocks and platforms are not counted: they move or vanish. False when it
** falls out of the map. *top is the row its box's top is on there. */
static bool patrol_span(const LevelDesc *lv, const LevelEntity *e, int *from, int *to, int *top)
{
    const EntityKind *k = kind_get(e->kind);
    int p = kind_prop_find(k, "turn_at_edges");
    bool turns = p < 0 || e->props[p].i != 0;
    int c0 = e->x / TILE_SIZE, c1 = (e->x + e->w - 1) / TILE_SIZE;
    int rows = (e->h + TILE_SIZE - 1) / TILE_SIZE;
    int floor = (e->y + e->h + TILE_SIZE - 1) / TILE_SIZE;
    while (floor < lv->map.height && !floor_under(lv, c0, c1, floor))
        floor++; /* it falls until it stands on something */
    if (floor >= lv->map.height)
        return false;
    int row0 = floor - rows, row1 = floor - 1;
    *top = row0;
    for (int dir = -1; dir <= 1; dir += 2) {
        int c = dir < 0 ? c0 : c1;
        for (;;) {
            int next = c + dir;
            if (next < 0 || next >= lv->map.width)
                break;
            bool blocked = false;
            for (int r = row0; r <= row1 && !blocked; r++) {
                TileKind t = tilemap_get(&lv->map, next, r);
                blocked = t == TILE_SOLID || (turns && t == TILE_SPIKES);
            }
            TileKind under = tilemap_get(&lv->map, next, floor);
            if (blocked || (turns && under != TILE_SOLID && under != TILE_ONEWAY))
                break;
            c = next;
        }
        if (dir < 0)
            *from = c;
        else
            *to = c;
    }
    return true;
}

/* A patrolling entity (a walker) must never walk through a checkpoint: dying
** puts it back where it was when the checkpoint was reached (when the player
** stood there), and it would kill the player coming back to life at once.
** The start is not a checkpoint: the level is put back as it began. */
static void check_patrols(const char *path, const LevelDesc *lv, LevelErrors *errors)
{
    const EntityKind *pk = player_kind();
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *w = &lv->entities[i];
        if (!(kind_get(w->kind)->flags & KIND_PATROLS))
            continue;
        int from = 0, to = 0, top = 0;
        if (!patrol_span(lv, w, &from, &to, &top))
            continue;
        int sx = from * TILE_SIZE, sw = (to + 1 - from) * TILE_SIZE;
        int sy = top * TILE_SIZE + ((w->h % TILE_SIZE) ? TILE_SIZE - w->h % TILE_SIZE : 0);
        for (int k = 0; k < lv->entity_count; k++) {
            const LevelEntity *r = &lv->entities[k];
            const EntityKind *rk = kind_get(r->kind);
            if (!(rk->flags & KIND_RESPAWN) || (rk->flags & KIND_UNIQUE))
                continue;
            int ry = r->y + r->h - pk->h;
            if (!boxes_overlap(sx, sy, sw, w->h, r->x, ry, pk->w, pk->h))
                continue;
            level_errors_add(errors, path, w->line, w->col,
                             "the %s walks columns %d to %d, through the %s at %d:%d: a player "
                             "coming back to life there would be hit at once",
                             kind_get(w->kind)->name, from, to, kind_label(rk), r->line, r->col);
        }
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
    check_patrols(path, lv, errors);
}
