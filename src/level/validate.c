/*
** validate.c -- entity placement and the rules a level must keep, whatever
** file format it came from.
*/
#include "level_internal.h"

#include <stdlib.h>
#include <string.h>

LevelEntity *entity_list_push(EntityList *list)
{
    if (list->count >= LEVEL_MAX_ENTITIES)
        return NULL;
    if (list->count == list->cap) {
        int cap = list->cap ? list->cap * 2 : 64;
        LevelEntity *items = realloc(list->items, (size_t)cap * sizeof *items);
        if (items == NULL)
            return NULL;
        list->items = items;
        list->cap = cap;
    }
    LevelEntity *e = &list->items[list->count++];
    memset(e, 0, sizeof *e);
    return e;
}

void entity_list_fini(EntityList *list)
{
    free(list->items);
    list->items = NULL;
    list->count = list->cap = 0;
}

void level_entity_init(LevelEntity *e, EntityType type)
{
    memset(e, 0, sizeof *e);
    e->type = type;
    switch (type) {
    case ENT_BLOCK:
        e->w = TILE_SIZE;
        e->h = TILE_SIZE;
        e->solid_when_on = true;
        break;
    case ENT_PLATFORM:
        entity_type_size(ENT_PLATFORM, &e->w, &e->h);
        e->speed = (float)LEVEL_PLATFORM_SPEED;
        e->path_len = 1;
        break;
    case ENT_WALKER:
        e->dir = -1;
        break;
    default:
        break;
    }
}

void level_entity_at_px(LevelEntity *e, int x, int y)
{
    e->x = x;
    e->y = y;
    if (e->type == ENT_PLATFORM)
        e->path[0] = (LevelPoint){x, y};
}

void level_entity_at_tile(LevelEntity *e, int tx, int ty)
{
    int x = tx * TILE_SIZE, y = ty * TILE_SIZE;
    if (e->type != ENT_BLOCK && e->type != ENT_PLATFORM) {
        int w, h;
        entity_type_size(e->type, &w, &h);
        y = (ty + 1) * TILE_SIZE - h;
    }
    level_entity_at_px(e, x, y);
}

void level_entity_box(const LevelEntity *e, int *x, int *y, int *w, int *h)
{
    *x = e->x;
    *y = e->y;
    if (e->type == ENT_BLOCK || e->type == ENT_PLATFORM) {
        *w = e->w;
        *h = e->h;
    } else {
        entity_type_size(e->type, w, h);
    }
}

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

static bool boxes_overlap(int ax, int ay, int aw, int ah, int bx, int by, int bw, int bh)
{
    return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

static void check_entity(const char *path, const LevelDesc *lv, const LevelEntity *e,
                         LevelErrors *errors)
{
    const char *name = entity_type_name(e->type);
    int x, y, w, h, tx, ty;
    level_entity_box(e, &x, &y, &w, &h);
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
    bool actor = e->type == ENT_PLAYER || e->type == ENT_CHECKPOINT || e->type == ENT_WALKER;
    if (actor && box_touches(&lv->map, x, y, w, h, TILE_SOLID, &tx, &ty))
        level_errors_add(errors, path, e->line, e->col,
                         "the %s overlaps the solid tile at column %d, row %d", name, tx, ty);
    else if ((e->type == ENT_PLAYER || e->type == ENT_CHECKPOINT) &&
             box_touches(&lv->map, x, y, w, h, TILE_SPIKES, &tx, &ty))
        level_errors_add(errors, path, e->line, e->col,
                         "the %s overlaps the spikes at column %d, row %d", name, tx, ty);
    if (e->type == ENT_PLATFORM) {
        if (e->path_len < 2)
            level_errors_add(errors, path, e->line, e->col,
                             "the platform has no path: give it at least one waypoint");
        for (int k = 1; k < e->path_len; k++)
            if (!box_inside(&lv->map, e->path[k].x, e->path[k].y, w, h))
                level_errors_add(errors, path, e->line, e->col,
                                 "waypoint %d of the platform, at (%d, %d) px, takes it outside the map",
                                 k, e->path[k].x, e->path[k].y);
    }
}

void level_validate(const char *path, const LevelDesc *lv, int line, int col, bool whole,
                    LevelErrors *errors)
{
    for (int i = 0; i < lv->entity_count; i++)
        check_entity(path, lv, &lv->entities[i], errors);
    if (!whole)
        return;

    const LevelEntity *player = NULL;
    bool goal = false;
    int switch_of[LEVEL_MAX_GROUPS], block_of[LEVEL_MAX_GROUPS];
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++)
        switch_of[g] = block_of[g] = -1;
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *e = &lv->entities[i];
        if (e->type == ENT_PLAYER) {
            if (player != NULL)
                level_errors_add(errors, path, e->line, e->col,
                                 "a second player start (the first is at %d:%d)", player->line,
                                 player->col);
            else
                player = e;
        }
        goal |= e->type == ENT_GOAL;
        if ((e->type == ENT_SWITCH || e->type == ENT_BLOCK) && e->group >= 0 &&
            e->group < LEVEL_MAX_GROUPS) {
            int *first = e->type == ENT_SWITCH ? &switch_of[e->group] : &block_of[e->group];
            if (*first < 0)
                *first = i;
        }
    }
    if (player == NULL)
        level_errors_add(errors, path, line, col,
                         "the level has no player start (an entity of type \"player\")");
    if (!goal)
        level_errors_add(errors, path, line, col,
                         "the level has no goal (an entity of type \"goal\")");
    for (int g = 0; g < LEVEL_MAX_GROUPS; g++) {
        if (switch_of[g] >= 0 && block_of[g] < 0) {
            const LevelEntity *s = &lv->entities[switch_of[g]];
            level_errors_add(errors, path, s->line, s->col,
                             "switch group %d has no blocks: add a block with \"group\": %d", g, g);
        }
        if (block_of[g] >= 0 && switch_of[g] < 0) {
            const LevelEntity *b = &lv->entities[block_of[g]];
            level_errors_add(errors, path, b->line, b->col,
                             "block group %d has no switch: add a switch with \"group\": %d", g, g);
        }
    }
    /* Where the player comes back to life (the start, each checkpoint) must
    ** never be inside a block, in either state of its group: a block that
    ** closes there while the player is dead would trap it. */
    for (int i = 0; i < lv->entity_count; i++) {
        const LevelEntity *r = &lv->entities[i];
        if (r->type != ENT_PLAYER && r->type != ENT_CHECKPOINT)
            continue;
        int rx, ry, rw, rh;
        level_entity_box(r, &rx, &ry, &rw, &rh);
        if (r->type == ENT_CHECKPOINT) { /* the player stands where the flag stands */
            int pw, ph;
            entity_type_size(ENT_PLAYER, &pw, &ph);
            ry += rh - ph;
            rw = pw;
            rh = ph;
        }
        for (int k = 0; k < lv->entity_count; k++) {
            const LevelEntity *b = &lv->entities[k];
            if (b->type != ENT_BLOCK || !boxes_overlap(rx, ry, rw, rh, b->x, b->y, b->w, b->h))
                continue;
            level_errors_add(errors, path, r->line, r->col,
                             "the block at %d:%d covers the %s's place: a player coming back "
                             "to life there could be shut inside it",
                             b->line, b->col,
                             r->type == ENT_PLAYER ? "player start" : "checkpoint");
        }
    }
}
