/* SPDX-License-Identifier: Zlib */
/*
** entities.c -- the entity commands: place, move, delete, duplicate, set a
** property, edit a path; and finding entities by place.
**
** Values are read by the level loader, never here: a property typed in the
** editor becomes one entry of a tiny level (edit_ask_loader), and what the
** loader makes of it, or says of it, is the answer. So a value the editor
** takes is one the file takes, with the same message when it is not.
*/
#include "edit_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The entity's slot and a copy of it to change; -1 when there is none. */
static int take(const EditDoc *doc, uint32_t id, EditEntity *en)
{
    int s = edit_slot_of(doc, id);
    if (s >= 0)
        *en = doc->slots[s];
    return s;
}

void edit_shift(EditEntity *en, int dx, int dy)
{
    en->e.x += dx;
    en->e.y += dy;
    int tx, ty;
    bool aligned = edit_entity_tile(&en->e, &tx, &ty);
    for (int i = 0; i < en->path.count; i++) {
        en->path.points[i].x += dx;
        en->path.points[i].y += dy;
        aligned &= en->path.points[i].x % TILE_SIZE == 0 && en->path.points[i].y % TILE_SIZE == 0;
    }
    en->px |= !aligned;
}

/* A fresh entity of that kind at tile (tx, ty), with the kind's defaults
** (a required path or text as in its example), listed; no id yet. */
static void init_entity(const EditDoc *doc, EditEntity *en, int kind, int tx, int ty)
{
    memset(en, 0, sizeof *en);
    en->alive = true;
    leveldesc_entity_init(&en->e, kind);
    level_entity_at_tile(&en->e, tx, ty);
    const EntityKind *k = kind_get(kind);
    bool wants = false;
    for (int p = 0; p < k->prop_count; p++)
        wants |= k->props[p].required &&
                 (k->props[p].type == KPROP_PATH || k->props[p].type == KPROP_TEXT);
    /* the values a required path or text takes when placed: the kind's
    ** example's, the one entity of a tiny level the loader reads */
    LevelDesc ex;
    char msg[LEVEL_ERROR_MESSAGE_MAX];
    if (!wants || k->example == NULL ||
        !edit_ask_loader(64, 24, "\"example\"", "\"hills\"", NULL, k->example, &ex, NULL, msg,
                         sizeof msg) ||
        ex.entity_count != 1)
        return;
    const LevelEntity *x = &ex.entities[0];
    for (int p = 0; p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        if (!prop->required)
            continue;
        if (prop->type == KPROP_TEXT) {
            snprintf(en->text, sizeof en->text, "%s", leveldesc_text(&ex, x, prop->name));
        } else if (prop->type == KPROP_PATH) {
            const LevelPath *path = leveldesc_path(&ex, x, prop->name);
            /* the same shape, from here; kept in the map */
            for (int i = 0; path != NULL && i < path->count; i++) {
                int px = en->e.x + path->points[i].x - x->x;
                int py = en->e.y + path->points[i].y - x->y;
                int maxx = (doc->width - 1) * TILE_SIZE, maxy = (doc->height - 1) * TILE_SIZE;
                en->path.points[i].x = px < 0 ? 0 : px > maxx ? maxx : px;
                en->path.points[i].y = py < 0 ? 0 : py > maxy ? maxy : py;
                en->path.count = i + 1;
            }
        }
    }
    leveldesc_fini(&ex);
}

uint32_t edit_place(EditDoc *doc, int kind, int tx, int ty)
{
    const EntityKind *k = kind_get(kind);
    if (k == NULL || !edit_in_map(doc, tx, ty))
        return 0;
    int slot = -1;
    for (int s = 0; (k->flags & KIND_UNIQUE) && s < doc->slot_count && slot < 0; s++)
        if (doc->slots[s].alive && doc->slots[s].e.kind == kind)
            slot = s;
    EditEntity en;
    edit_begin(doc, "place");
    if (slot >= 0) {
        take(doc, doc->slots[slot].id, &en);
        LevelEntity at = en.e;
        level_entity_at_tile(&at, tx, ty);
        en.px = false; /* on the grid again, unless its path is not */
        edit_shift(&en, at.x - en.e.x, at.y - en.e.y);
        if (edit_entity_inside(doc, &en))
            edit_update(doc, slot, &en);
        else
            en.id = 0; /* its path would leave the map */
    } else {
        init_entity(doc, &en, kind, tx, ty);
        edit_add(doc, &en, true);
    }
    edit_end(doc);
    return en.id;
}

bool edit_move(EditDoc *doc, const uint32_t *ids, int count, int dx, int dy)
{
    if (count <= 0 || (dx == 0 && dy == 0))
        return false;
    struct Moved {
        EditEntity en;
        int slot;
        char drawn;
    } *m = malloc((size_t)count * sizeof *m);
    bool ok = m != NULL;
    for (int i = 0; ok && i < count; i++) {
        m[i].slot = take(doc, ids[i], &m[i].en);
        for (int j = 0; j < i && m[i].slot >= 0; j++)
            m[i].slot = m[j].slot == m[i].slot ? -1 : m[i].slot; /* each once */
        m[i].drawn = m[i].slot >= 0 ? m[i].en.ch : 0;
        if (m[i].slot >= 0) {
            edit_shift(&m[i].en, dx, dy);
            ok = edit_entity_inside(doc, &m[i].en);
        }
    }
    if (ok) {
        /* Those drawn in the map all leave it first, so that one may take
        ** the cell another leaves; then each is drawn where it lands if it
        ** may be, else listed. */
        edit_begin(doc, "move");
        for (int i = 0; i < count; i++)
            if (m[i].drawn != 0)
                edit_vacate(doc, &doc->slots[m[i].slot]);
        for (int i = 0; i < count; i++) {
            m[i].en.ch = 0;
            if (m[i].slot >= 0)
                edit_put_slot(doc, m[i].slot, &m[i].en);
        }
        for (int i = 0; i < count; i++)
            if (m[i].drawn != 0)
                edit_settle(doc, m[i].slot, m[i].drawn);
        edit_end(doc);
    }
    free(m);
    return ok;
}

int edit_delete(EditDoc *doc, const uint32_t *ids, int count)
{
    int deleted = 0;
    edit_begin(doc, "delete");
    for (int i = 0; i < count; i++) {
        EditEntity en;
        int s = take(doc, ids[i], &en);
        if (s < 0)
            continue;
        en.alive = false;
        edit_update(doc, s, &en);
        deleted++;
    }
    edit_end(doc);
    return deleted;
}

int edit_duplicate(EditDoc *doc, const uint32_t *ids, int count, int dx, int dy, uint32_t *out)
{
    int made = 0;
    edit_begin(doc, "duplicate");
    for (int i = 0; i < count; i++) {
        EditEntity en;
        if (take(doc, ids[i], &en) < 0)
            continue;
        bool drawn = en.ch != 0;
        en.id = 0;
        en.raw_len = en.raw_off = 0;
        edit_shift(&en, dx, dy);
        if (!edit_entity_inside(doc, &en) || edit_add(doc, &en, drawn) < 0)
            continue;
        if (out != NULL)
            out[made] = en.id;
        made++;
    }
    edit_end(doc);
    return made;
}

/* The entity in slot s changed to en, whose property p was set: a listed
** entry that names its keys names p too, after the others. */
static bool update(EditDoc *doc, int s, EditEntity *en, int p, const char *label)
{
    bool known = false;
    for (int i = 0; i < en->key_count; i++)
        known |= en->keys[i] == p;
    if (!known && en->key_count > 0 && en->key_count < sizeof en->keys)
        en->keys[en->key_count++] = (uint8_t)p;
    edit_begin(doc, label);
    edit_update(doc, s, en);
    edit_end(doc);
    return true;
}

/* ---- Properties ---------------------------------------------------------------- */

/* A value the loader takes for p (in a 1 x 1 map), for the other required
** properties of the one-entry level a value is asked of. */
static void stand_in(const KindProp *p, char *buf, size_t size)
{
    switch (p->type) {
    case KPROP_PATH: snprintf(buf, size, "[[0, 0]]"); break;
    case KPROP_TEXT: snprintf(buf, size, "\"-\""); break;
    case KPROP_ENUM: snprintf(buf, size, "\"%s\"", p->values[0]); break;
    case KPROP_BOOL: snprintf(buf, size, "false"); break;
    default: snprintf(buf, size, "%.17g", p->min); break;
    }
}

/* Asks the loader to read one property of an entity of kind, given as
** JSON, written in pixels or not: the entity it makes, or its message. */
static bool ask_prop(int kind, bool px, int prop, const char *json, LevelDesc *out, char *msg,
                     size_t msg_size)
{
    const EntityKind *k = kind_get(kind);
    size_t cap = strlen(json) + 512 + (size_t)k->prop_count * 64;
    char *entry = malloc(cap);
    if (entry == NULL) {
        snprintf(msg, msg_size, "out of memory");
        return false;
    }
    size_t n = (size_t)snprintf(entry, cap, "{\"type\": \"%s\", \"x\": 0, \"y\": 0%s, \"%s\": %s",
                                k->name, px ? ", \"px\": true" : "", k->props[prop].name, json);
    for (int p = 0; p < k->prop_count; p++)
        if (p != prop && k->props[p].required) {
            char v[64];
            stand_in(&k->props[p], v, sizeof v);
            n += (size_t)snprintf(entry + n, cap - n, ", \"%s\": %s", k->props[p].name, v);
        }
    snprintf(entry + n, cap - n, "}");
    bool ok = edit_ask_loader(1, 1, "\"-\"", "\"hills\"", NULL, entry, out, "entities[0].", msg,
                              msg_size) &&
              out->entity_count == 1;
    free(entry);
    return ok;
}

bool edit_set_prop(EditDoc *doc, uint32_t id, const char *name, const char *value, char *msg,
                   size_t msg_size)
{
    EditEntity en;
    int s = take(doc, id, &en);
    if (s < 0) {
        snprintf(msg, msg_size, "no such entity");
        return false;
    }
    const EntityKind *k = kind_get(en.e.kind);
    int p = kind_prop_find(k, name);
    if (p < 0) {
        snprintf(msg, msg_size, "a %s has no property \"%s\"", kind_label(k), name);
        return false;
    }
    const KindProp *prop = &k->props[p];
    if (prop->type == KPROP_PATH) {
        snprintf(msg, msg_size, "%s: edit a path by its waypoints", name);
        return false;
    }
    char *json = edit_json_value(value, prop->type == KPROP_ENUM || prop->type == KPROP_TEXT);
    if (json == NULL) {
        snprintf(msg, msg_size, "out of memory");
        return false;
    }
    LevelDesc lv;
    bool ok = ask_prop(en.e.kind, en.px, p, json, &lv, msg, msg_size);
    free(json);
    if (!ok)
        return false;
    const LevelEntity *got = &lv.entities[0];
    if (prop->type == KPROP_SIZE) {
        en.e.w = got->w;
        en.e.h = got->h;
    } else if (prop->type == KPROP_TEXT) {
        snprintf(en.text, sizeof en.text, "%s", leveldesc_text(&lv, got, name));
    } else {
        en.e.props[p] = got->props[p];
    }
    leveldesc_fini(&lv);
    return update(doc, s, &en, p, "set property");
}

void edit_prop_text(const EditDoc *doc, uint32_t id, const char *name, char *buf, size_t size)
{
    const EditEntity *en = edit_entity(doc, id);
    const EntityKind *k = en != NULL ? kind_get(en->e.kind) : NULL;
    int p = k != NULL ? kind_prop_find(k, name) : -1;
    if (size > 0)
        buf[0] = '\0';
    if (p >= 0)
        edit_value_text(en, p, buf, size);
}

void edit_value_text(const EditEntity *en, int p, char *buf, size_t size)
{
    const KindProp *prop = &kind_get(en->e.kind)->props[p];
    LevelValue v = en->e.props[p];
    int scale = en->px ? 1 : TILE_SIZE;
    switch (prop->type) {
    case KPROP_INT: snprintf(buf, size, "%d", (int)v.i); break;
    case KPROP_NUMBER: edit_float_text(v.f, buf, size); break;
    case KPROP_BOOL: snprintf(buf, size, "%s", v.i ? "true" : "false"); break;
    case KPROP_ENUM: snprintf(buf, size, "%s", prop->values[v.i]); break;
    case KPROP_SIZE:
        snprintf(buf, size, "%d", (prop->name[0] == 'w' ? en->e.w : en->e.h) / scale);
        break;
    case KPROP_TEXT: snprintf(buf, size, "%s", en->text); break;
    default: {
        size_t n = 0;
        for (int i = 0; i < en->path.count && n < size; i++) {
            int w = snprintf(buf + n, size - n, "%s[%d, %d]", i > 0 ? ", " : "",
                             en->path.points[i].x / scale, en->path.points[i].y / scale);
            n += w > 0 ? (size_t)w : 0;
        }
        break;
    }
    }
}

/* ---- Paths ------------------------------------------------------------------------ */

/* The entity and its path property, or a message. */
static int path_of(const EditDoc *doc, uint32_t id, EditEntity *en, const KindProp **prop,
                   char *msg, size_t msg_size)
{
    int s = take(doc, id, en);
    if (s < 0) {
        snprintf(msg, msg_size, "no such entity");
        return -1;
    }
    const EntityKind *k = kind_get(en->e.kind);
    for (int p = 0; p < k->prop_count; p++)
        if (k->props[p].type == KPROP_PATH) {
            *prop = &k->props[p];
            return s;
        }
    snprintf(msg, msg_size, "a %s has no path", kind_label(k));
    return -1;
}

/* Whether a path of count waypoints is one the loader takes (an optional
** path may have none: the entity stays put). */
static bool path_count_ok(const EditEntity *en, const KindProp *prop, int count, char *msg,
                          size_t msg_size)
{
    if (count == 0 && !prop->required)
        return true;
    char json[KIND_MAX_WAYPOINTS * 8 + 64];
    size_t n = (size_t)snprintf(json, sizeof json, "[");
    for (int i = 0; i < count && n < sizeof json - 16; i++)
        n += (size_t)snprintf(json + n, sizeof json - n, "%s[0, 0]", i > 0 ? ", " : "");
    snprintf(json + n, sizeof json - n, "]");
    LevelDesc lv;
    if (!ask_prop(en->e.kind, en->px, (int)(prop - kind_get(en->e.kind)->props), json, &lv, msg,
                  msg_size))
        return false;
    leveldesc_fini(&lv);
    return true;
}

/* Puts waypoint i at (x, y) px, inside the map; off the tile grid, the
** entity is written in pixels. */
static bool put_point(const EditDoc *doc, EditEntity *en, int i, int x, int y, char *msg,
                      size_t msg_size)
{
    if (x < 0 || y < 0 || x >= doc->width * TILE_SIZE || y >= doc->height * TILE_SIZE) {
        snprintf(msg, msg_size, "the waypoint (%d, %d) px is outside the map (%d x %d px)", x, y,
                 doc->width * TILE_SIZE, doc->height * TILE_SIZE);
        return false;
    }
    en->path.points[i] = (LevelPoint){x, y};
    en->px |= x % TILE_SIZE != 0 || y % TILE_SIZE != 0;
    return true;
}

static bool path_done(EditDoc *doc, int s, EditEntity *en, const KindProp *prop)
{
    return update(doc, s, en, (int)(prop - kind_get(en->e.kind)->props), "edit path");
}

bool edit_path_add(EditDoc *doc, uint32_t id, int index, int x, int y, char *msg, size_t msg_size)
{
    EditEntity en;
    const KindProp *prop;
    int s = path_of(doc, id, &en, &prop, msg, msg_size);
    if (s < 0 || !path_count_ok(&en, prop, en.path.count + 1, msg, msg_size))
        return false;
    if (index < 0 || index > en.path.count)
        index = en.path.count;
    memmove(&en.path.points[index + 1], &en.path.points[index],
            (size_t)(en.path.count - index) * sizeof en.path.points[0]);
    en.path.count++;
    return put_point(doc, &en, index, x, y, msg, msg_size) && path_done(doc, s, &en, prop);
}

/* path_of for a waypoint of the path: -1 with a message when there is no such one. */
static int waypoint_of(EditDoc *doc, uint32_t id, int index, EditEntity *en, const KindProp **prop,
                       char *msg, size_t msg_size)
{
    int s = path_of(doc, id, en, prop, msg, msg_size);
    if (s >= 0 && (index < 0 || index >= en->path.count)) {
        snprintf(msg, msg_size, "no waypoint %d (the path has %d)", index + 1, en->path.count);
        return -1;
    }
    return s;
}

bool edit_path_move(EditDoc *doc, uint32_t id, int index, int x, int y, char *msg, size_t msg_size)
{
    EditEntity en;
    const KindProp *prop;
    int s = waypoint_of(doc, id, index, &en, &prop, msg, msg_size);
    if (s < 0)
        return false;
    return put_point(doc, &en, index, x, y, msg, msg_size) && path_done(doc, s, &en, prop);
}

bool edit_path_remove(EditDoc *doc, uint32_t id, int index, char *msg, size_t msg_size)
{
    EditEntity en;
    const KindProp *prop;
    int s = waypoint_of(doc, id, index, &en, &prop, msg, msg_size);
    if (s < 0)
        return false;
    if (!path_count_ok(&en, prop, en.path.count - 1, msg, msg_size))
        return false;
    memmove(&en.path.points[index], &en.path.points[index + 1],
            (size_t)(en.path.count - index - 1) * sizeof en.path.points[0]);
    en.path.count--;
    return path_done(doc, s, &en, prop);
}

/* ---- By place ------------------------------------------------------------------- */

static bool box_meets(const LevelEntity *e, int x, int y, int w, int h)
{
    return e->x < x + w && x < e->x + e->w && e->y < y + h && y < e->y + e->h;
}

uint32_t edit_entity_at(EditDoc *doc, int x, int y)
{
    const LevelDesc *lv = edit_level(doc);
    int best = -1;
    for (int i = 0; i < lv->entity_count; i++)
        if (box_meets(&lv->entities[i], x, y, 1, 1) &&
            (best < 0 ||
             kind_get(lv->entities[i].kind)->layer >= kind_get(lv->entities[best].kind)->layer))
            best = i;
    return best >= 0 ? edit_level_id(doc, best) : 0;
}

int edit_entities_in(EditDoc *doc, int x, int y, int w, int h, uint32_t *ids, int cap)
{
    const LevelDesc *lv = edit_level(doc);
    int n = 0;
    for (int i = 0; i < lv->entity_count; i++)
        if (box_meets(&lv->entities[i], x, y, w, h)) {
            if (n < cap)
                ids[n] = edit_level_id(doc, i);
            n++;
        }
    return n;
}
