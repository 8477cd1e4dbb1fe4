/* SPDX-License-Identifier: Zlib */
/*
** write.c -- the level as its file: the native format, in the layout the
** shipped levels use, so that opening one and saving it gives its bytes.
**
**     {
**       "$schema": "level.schema.json",
**       "format": 1,
**       "name": "First Steps",
**       "background": "hills",
**       "physics": {"gravity": 1500},
**       "legend": {".": "empty", "#": "solid", "P": "player"},
**       "tiles": [
**         "....",
**         "P..."
**       ],
**       "entities": [
**         {"type": "sign", "x": 5, "y": 13, "text": "Hold {right} to run."}
**       ]
**     }
**
** One row a line, so a changed tile changes one line of a diff; one entity
** a line, its keys in the order its file gave them (new keys after, in the
** kind's order). What the document did not change is written as the file
** wrote it: each setting's value, the legend (on its own line or inline),
** each entity's entry (a "wait": 1.0 stays 1.0), taken from the text the
** document was opened from. What changed is written anew: numbers as the
** shortest text that reads back as the same value, strings with the JSON
** escapes a string needs and no others.
*/
#include "edit_internal.h"

#include "array_text.h"
#include "atomic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line, from 1, that the next byte of o starts: *line counted on from
** byte *at. */
static int line_at(const TextBuf *o, size_t *at, int *line)
{
    for (; *at < o->len; (*at)++)
        *line += o->p[*at] == '\n';
    return *line;
}

static void put_span(TextBuf *o, const EditDoc *doc, EditSpan s)
{
    text_put(o, doc->source + s.off, s.len);
}

static void put_string(TextBuf *o, const char *s)
{
    char *json = edit_json_string(s);
    if (json == NULL)
        o->oom = true;
    else
        text_puts(o, json);
    free(json);
}

void edit_float_text(float f, char *buf, size_t size)
{
    for (int digits = 1; digits <= 9; digits++) {
        snprintf(buf, size, "%.*g", digits, (double)f);
        if (strtof(buf, NULL) == f && strchr(buf, 'e') == NULL)
            return;
    }
    snprintf(buf, size, "%.9g", (double)f);
}

/* ---- An entity's entry ------------------------------------------------------------ */

/* Whether a listed entity writes key. */
static bool writes(const EditEntity *en, int key)
{
    if (key == EDIT_KEY_TYPE || key == EDIT_KEY_X || key == EDIT_KEY_Y)
        return true;
    if (key == EDIT_KEY_PX)
        return en->px;
    const KindProp *p = &kind_get(en->e.kind)->props[key];
    bool named = p->required && p->type != KPROP_PATH && p->type != KPROP_TEXT;
    for (int i = 0; i < en->key_count && p->type != KPROP_PATH && p->type != KPROP_TEXT; i++)
        named |= en->keys[i] == key;
    return named || edit_prop_changed(en, key);
}

static void put_value(TextBuf *o, const EditEntity *en, int key)
{
    const EntityKind *k = kind_get(en->e.kind);
    int tx, ty;
    edit_entity_tile(&en->e, &tx, &ty);
    switch (key) {
    case EDIT_KEY_TYPE: put_string(o, k->name); return;
    case EDIT_KEY_X: text_printf(o, "%d", en->px ? en->e.x : tx); return;
    case EDIT_KEY_Y: text_printf(o, "%d", en->px ? en->e.y : ty); return;
    case EDIT_KEY_PX: text_puts(o, "true"); return;
    default: break;
    }
    KindPropType type = k->props[key].type;
    char text[KIND_TEXT_MAX + KIND_MAX_WAYPOINTS * 32];
    edit_value_text(en, key, text, sizeof text);
    if (type == KPROP_ENUM || type == KPROP_TEXT) {
        put_string(o, text);
        return;
    }
    text_puts(o, type == KPROP_PATH ? "[" : "");
    text_puts(o, text);
    text_puts(o, type == KPROP_PATH ? "]" : "");
}

static void put_key(TextBuf *o, const EditEntity *en, int key, bool *first)
{
    const char *name = key == EDIT_KEY_TYPE ? "type"
                       : key == EDIT_KEY_X  ? "x"
                       : key == EDIT_KEY_Y  ? "y"
                       : key == EDIT_KEY_PX ? "px"
                                            : kind_get(en->e.kind)->props[key].name;
    text_printf(o, "%s\"%s\": ", *first ? "" : ", ", name);
    *first = false;
    put_value(o, en, key);
}

static void put_entity(TextBuf *o, const EditDoc *doc, const EditEntity *en)
{
    if (en->raw_len > 0) {
        put_span(o, doc, (EditSpan){en->raw_off, en->raw_len});
        return;
    }
    const EntityKind *k = kind_get(en->e.kind);
    bool done[EDIT_KEY_PX + 1] = {false}, first = true;
    text_puts(o, "{");
    for (int i = 0; i < en->key_count; i++)
        if (!done[en->keys[i]] && writes(en, en->keys[i])) {
            put_key(o, en, en->keys[i], &first);
            done[en->keys[i]] = true;
        }
    static const int HEAD[] = {EDIT_KEY_TYPE, EDIT_KEY_X, EDIT_KEY_Y, EDIT_KEY_PX};
    for (int i = 0; i < 4 + k->prop_count; i++) {
        int key = i < 4 ? HEAD[i] : i - 4;
        if (!done[key] && writes(en, key)) {
            put_key(o, en, key, &first);
            done[key] = true;
        }
    }
    text_puts(o, "}");
}

/* ---- The file --------------------------------------------------------------------- */

static void put_legend(TextBuf *o, const EditDoc *doc)
{
    const EditMeta *m = &doc->meta;
    if (m->legend_raw.len > 0) {
        put_span(o, doc, m->legend_raw);
        return;
    }
    text_puts(o, m->legend_block ? "{\n    " : "{");
    for (int i = 0; i < m->legend_count; i++) {
        char ch[2] = {m->legend[i].ch, '\0'};
        if (i > 0)
            text_puts(o, ", ");
        put_string(o, ch);
        text_puts(o, ": ");
        put_string(o, m->legend[i].tile >= 0 ? tile_kind_name((TileKind)m->legend[i].tile)
                                             : kind_get(m->legend[i].kind)->name);
    }
    text_puts(o, m->legend_block ? "\n  }" : "}");
}

static void put_physics(TextBuf *o, const EditDoc *doc)
{
    const EditMeta *m = &doc->meta;
    if (m->physics_raw.len > 0) {
        put_span(o, doc, m->physics_raw);
        return;
    }
    int count;
    const ParamInfo *table = physics_param_table(&count);
    text_puts(o, "{");
    for (int i = 0; i < m->physics_count; i++) {
        char value[32];
        edit_float_text(m->physics_value[i], value, sizeof value);
        text_printf(o, "%s\"%s\": %s", i > 0 ? ", " : "", table[m->physics_param[i]].name, value);
    }
    text_puts(o, "}");
}

char *edit_map_chars(const EditDoc *doc)
{
    size_t cells = (size_t)doc->width * (size_t)doc->height;
    char *map = malloc(cells);
    if (map == NULL)
        return NULL;
    memcpy(map, doc->cells, cells);
    for (int s = 0; s < doc->slot_count; s++) {
        const EditEntity *en = &doc->slots[s];
        int tx, ty;
        if (en->alive && en->ch != 0) {
            edit_entity_tile(&en->e, &tx, &ty);
            map[(size_t)ty * (size_t)doc->width + (size_t)tx] = en->ch;
        }
    }
    return map;
}

char *edit_write(const EditDoc *doc, size_t *len, EditLines *lines)
{
    const EditMeta *m = &doc->meta;
    TextBuf o = {0};
    size_t counted = 0;
    int line = 1;
    char *map = edit_map_chars(doc);
    int listed = 0;
    for (int s = 0; s < doc->slot_count; s++)
        listed += doc->slots[s].alive && doc->slots[s].ch == 0;
    if (lines != NULL) {
        memset(lines, 0, sizeof *lines);
        lines->entity = malloc(((size_t)listed + 1) * sizeof *lines->entity);
        o.oom |= lines->entity == NULL;
    }
    o.oom |= map == NULL;

    text_puts(&o, "{\n");
    if (m->schema.len > 0) {
        text_puts(&o, "  \"$schema\": ");
        put_span(&o, doc, m->schema);
        text_puts(&o, ",\n");
    }
    text_puts(&o, "  \"format\": ");
    if (m->format.len > 0)
        put_span(&o, doc, m->format);
    else
        text_puts(&o, "1");
    text_puts(&o, ",\n  \"name\": ");
    if (m->name_raw.len > 0)
        put_span(&o, doc, m->name_raw);
    else
        put_string(&o, m->name);
    text_puts(&o, ",\n  \"background\": ");
    if (m->background_raw.len > 0)
        put_span(&o, doc, m->background_raw);
    else
        put_string(&o, m->background);
    if (m->physics_count > 0) {
        text_puts(&o, ",\n  \"physics\": ");
        put_physics(&o, doc);
    }
    text_puts(&o, ",\n  \"legend\": ");
    put_legend(&o, doc);
    text_puts(&o, ",\n  \"tiles\": [\n");
    if (lines != NULL)
        lines->rows = line_at(&o, &counted, &line);
    for (int y = 0; y < doc->height && map != NULL; y++) {
        text_puts(&o, "    \"");
        for (int x = 0; x < doc->width; x++) {
            char c = map[(size_t)y * (size_t)doc->width + (size_t)x];
            if (c == '"' || c == '\\')
                text_put(&o, "\\", 1);
            text_put(&o, &c, 1);
        }
        text_puts(&o, y + 1 < doc->height ? "\",\n" : "\"\n");
    }
    text_puts(&o, "  ]");
    if (listed > 0 || doc->entities_key) {
        text_puts(&o, listed > 0 ? ",\n  \"entities\": [\n" : ",\n  \"entities\": []");
        int n = 0;
        for (int s = 0; s < doc->slot_count; s++) {
            const EditEntity *en = &doc->slots[s];
            if (!en->alive || en->ch != 0)
                continue;
            if (lines != NULL && !o.oom) {
                lines->entity[lines->entity_count].line = line_at(&o, &counted, &line);
                lines->entity[lines->entity_count++].slot = s;
            }
            text_puts(&o, "    ");
            put_entity(&o, doc, en);
            text_puts(&o, ++n < listed ? ",\n" : "\n");
        }
        if (listed > 0)
            text_puts(&o, "  ]");
    }
    text_puts(&o, "\n}\n");
    free(map);
    char *text = text_take(&o, len);
    if (text == NULL && lines != NULL) {
        free(lines->entity);
        memset(lines, 0, sizeof *lines);
    }
    return text;
}

char *edit_text(const EditDoc *doc, size_t *len)
{
    return edit_write(doc, len, NULL);
}

bool edit_save(EditDoc *doc, const char *path, char *err, size_t err_size)
{
    size_t len;
    char *text = edit_write(doc, &len, NULL);
    if (text == NULL) {
        snprintf(err, err_size, "%s: out of memory", path);
        return false;
    }
    bool ok = atomic_write(path, text, len, err, err_size);
    free(text);
    if (ok)
        doc->saved = doc->done;
    return ok;
}
