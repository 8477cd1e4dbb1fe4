/* SPDX-License-Identifier: Zlib */
/*
** entity.c -- entities as every format reads them: where a kind's box sits,
** what each property accepts, and the list a loader builds.
**
** A native entity writes "group": 2 as a key, a Tiled object as a custom
** property; either way the value lands in level_prop_read, is checked
** against the kind table's row (type, range, values) and goes into the
** LevelEntity, or is reported at its own line and column. Paths are the one
** property whose form differs by format (waypoints in a native file, a
** polyline in Tiled); each loader reads its own and stores it here.
*/
#include "level_internal.h"

#include "array.h"

#include <stdlib.h>
#include <string.h>

/* ---- The list ------------------------------------------------------------------- */

/* Room for one more item in items (count used, cap held), up to
** LEVEL_MAX_ENTITIES. */
#define reserve(items, count, cap)                                                                 \
    ((count) < LEVEL_MAX_ENTITIES && array_reserve(items, cap, (size_t)(count) + 1))

LevelEntity *level_build_entity(LevelBuild *b)
{
    if (!reserve(b->entities, b->count, b->cap))
        return NULL;
    LevelEntity *e = &b->entities[b->count++];
    memset(e, 0, sizeof *e);
    return e;
}

bool level_build_add(LevelBuild *b, JsonDoc *doc, const cJSON *at, const LevelEntity *e)
{
    LevelEntity *slot = level_build_entity(b);
    if (slot == NULL)
        json_error(doc, at, "more than %d entities (or out of memory)", LEVEL_MAX_ENTITIES);
    else
        *slot = *e;
    return slot != NULL;
}

int level_build_path(LevelBuild *b, const LevelPath *path)
{
    if (!reserve(b->paths, b->path_count, b->path_cap))
        return -1;
    b->paths[b->path_count] = *path;
    return b->path_count++;
}

static int level_build_text(LevelBuild *b, const char *text)
{
    if (!reserve(b->texts, b->text_count, b->text_cap))
        return -1;
    LevelText *t = &b->texts[b->text_count];
    memset(t, 0, sizeof *t);
    snprintf(t->s, sizeof t->s, "%s", text);
    return b->text_count++;
}

bool level_parse_end(JsonDoc *doc, int before, bool map, bool whole, LevelBuild *b, LevelDesc *lv,
                     const LevelExtras *extras, LevelDesc *out)
{
    lv->entities = b->entities;
    lv->entity_count = b->count;
    lv->paths = b->paths;
    lv->path_count = b->path_count;
    lv->texts = b->texts;
    lv->text_count = b->text_count;
    memset(b, 0, sizeof *b);
    if (map && !extras->draft) {
        int line, col;
        json_pos(doc, doc->root, &line, &col);
        level_validate(level_doc_path(doc), lv, line, col, whole, level_doc_errors(doc));
    }
    if (!map || level_doc_error_total(doc) != before) {
        leveldesc_fini(lv);
        return false;
    }
    *out = *lv;
    return true;
}

/* ---- Placement ------------------------------------------------------------------- */

void level_entity_at_px(LevelEntity *e, int x, int y)
{
    e->x = x;
    e->y = y;
}

void level_entity_at_tile(LevelEntity *e, int tx, int ty)
{
    const EntityKind *k = kind_get(e->kind);
    int y = ty * TILE_SIZE;
    if (k != NULL && k->anchor == KIND_ANCHOR_BOTTOM)
        y = (ty + 1) * TILE_SIZE - e->h;
    level_entity_at_px(e, tx * TILE_SIZE, y);
}

/* ---- Properties ------------------------------------------------------------------ */

/* A text property: printable, at most KIND_TEXT_LINES lines. */
static bool read_text(JsonDoc *doc, LevelBuild *b, const cJSON *v, int32_t *out)
{
    const char *s = json_want_string(doc, v);
    if (s == NULL)
        return false;
    size_t len = strlen(s);
    if (len == 0 || len >= KIND_TEXT_MAX) {
        json_error(doc, v, "a text has 1 to %d bytes, this one has %zu", KIND_TEXT_MAX - 1, len);
        return false;
    }
    int lines = 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n') {
            lines++;
        } else if (c < 0x20 || c == 0x7F) {
            json_error(doc, v, "a text must not contain control characters other than \"\\n\"");
            return false;
        } else if (c == '\\' && s[i + 1] == 'n') {
            /* "\\n" in a JSON file, or \n typed in Tiled's property box:
            ** the sign would show a backslash and an n. */
            json_error(doc, v,
                       "the text has a backslash before an n, which a sign shows as it is: "
                       "write a line break as \\n in the JSON file (one backslash), or "
                       "as a new line in Tiled");
            return false;
        }
    }
    if (lines > KIND_TEXT_LINES) {
        json_error(doc, v, "a text has at most %d lines, this one has %d", KIND_TEXT_LINES, lines);
        return false;
    }
    level_text_check(doc, v);
    int i = level_build_text(b, s);
    if (i < 0) {
        json_error(doc, v, "out of memory");
        return false;
    }
    *out = i;
    return true;
}

bool level_prop_read(JsonDoc *doc, LevelBuild *b, const KindProp *p, int index, const cJSON *v,
                     bool px, LevelEntity *e)
{
    LevelValue *out = &e->props[index];
    switch (p->type) {
    case KPROP_INT: {
        long value;
        if (!json_want_int(doc, v, (long)p->min, (long)p->max, &value))
            return false;
        out->i = (int32_t)value;
        return true;
    }
    case KPROP_NUMBER: {
        double value;
        if (!json_want_number(doc, v, p->min, p->max, &value))
            return false;
        out->f = (float)value;
        return true;
    }
    case KPROP_BOOL: {
        bool value;
        if (!json_want_bool(doc, v, &value))
            return false;
        out->i = value;
        return true;
    }
    case KPROP_ENUM: {
        int value = json_want_enum(doc, v, p->values, p->value_count, p->name);
        if (value < 0)
            return false;
        out->i = value;
        return true;
    }
    case KPROP_SIZE: {
        long scale = px ? 1 : TILE_SIZE, value;
        if (!json_want_int(doc, v, (long)p->min, (long)p->max * (px ? TILE_SIZE : 1), &value))
            return false;
        if (p->name[0] == 'w')
            e->w = (int)(value * scale);
        else
            e->h = (int)(value * scale);
        return true;
    }
    case KPROP_TEXT: return read_text(doc, b, v, &out->i);
    default: return false; /* paths: each format reads its own (level_build_path) */
    }
}
