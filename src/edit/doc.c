/* SPDX-License-Identifier: Zlib */
/*
** doc.c -- a level being edited: what it holds, how it is opened, and the
** level the game builds from it.
**
** A document keeps the file's parts as the file has them: the settings
** and the legend (EditMeta), the rows as their characters (cells), and the
** entities, each drawn in the map as a legend character (ch) or listed in
** "entities" (drawn.c). Opening takes the values from the level loader
** (level_parse_draft, so every rule a file's values keep is the loader's)
** and how the file writes them (the legend's order, each entry's keys in
** order, and the text of each part) from its JSON, through json/. Entities
** live in slots that are never reordered or reused, so that undo can put
** one back where it was; the list's order is the slots' order, the map's
** the cells'.
**
** The LevelDesc the game draws and plays is made from the document when
** asked, only after a change: the tiles from the cells through the legend,
** the drawn entities row by row, then the listed ones, as the loader makes
** them.
*/
#include "edit_internal.h"

#include "array.h"

#include "json_doc.h"
#include "json_file.h"
#include "json_get.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The legend ---------------------------------------------------------------- */

void edit_legend_refresh(EditDoc *doc)
{
    memset(doc->tile_of, -1, sizeof doc->tile_of);
    memset(doc->kind_of, -1, sizeof doc->kind_of);
    for (int i = 0; i < doc->meta.legend_count; i++) {
        const EditLegend *l = &doc->meta.legend[i];
        doc->tile_of[(unsigned char)l->ch] = l->tile;
        doc->kind_of[(unsigned char)l->ch] = l->kind;
    }
}

/* The characters a new legend entry may take, in order of preference after
** the kind's own: readable, and never one a JSON string escapes. */
static const char SPARE[] = "abcdefhijklmnpqrtuvxyzABDEFHIJKLMNOQRTUVWXYZ0123456789"
                            "+-~!@$&|:;?<>()[]{}_',`/";

/* A tile kind's character: as the shipped levels and levels/README.md write them. */
static const char TILE_CHARS[TILE_KIND_COUNT] = {'.', '#', '=', '^', '%'};
_Static_assert(TILE_KIND_COUNT == 5, "a character for each tile kind");

char edit_legend_char(EditDoc *doc, int tile, int kind)
{
    EditMeta *m = &doc->meta;
    for (int i = 0; i < m->legend_count; i++)
        if (tile >= 0 ? m->legend[i].tile == tile : m->legend[i].kind == kind)
            return m->legend[i].ch;
    if (m->legend_count >= EDIT_LEGEND_MAX)
        return 0;
    char wish[3] = {0};
    if (tile >= 0) {
        wish[0] = TILE_CHARS[tile];
    } else {
        const EntityKind *k = kind_get(kind);
        wish[0] = k->legend;
        wish[1] = (char)(k->name[0] >= 'a' && k->name[0] <= 'z' ? k->name[0] : 0);
        wish[2] = (char)(wish[1] != 0 ? wish[1] - 'a' + 'A' : 0);
    }
    char ch = 0;
    for (int w = 0; w < 3 && ch == 0; w++)
        if (wish[w] != 0 && doc->tile_of[(unsigned char)wish[w]] < 0 &&
            doc->kind_of[(unsigned char)wish[w]] < 0)
            ch = wish[w];
    for (const char *s = SPARE; *s != '\0' && ch == 0; s++)
        if (doc->tile_of[(unsigned char)*s] < 0 && doc->kind_of[(unsigned char)*s] < 0)
            ch = *s;
    if (ch == 0)
        return 0;
    EditMeta next = *m;
    next.legend[next.legend_count++] =
        (EditLegend){ch, (int8_t)tile, (int8_t)(tile >= 0 ? -1 : kind)};
    next.legend_raw = (EditSpan){0, 0};
    return edit_put_meta(doc, &next) ? ch : 0;
}

bool edit_cell_empty(const EditDoc *doc, size_t i)
{
    unsigned char c = (unsigned char)doc->cells[i];
    return c == 0 || doc->tile_of[c] == TILE_EMPTY;
}

/* ---- Entities -------------------------------------------------------------------- */

int edit_slot_of(const EditDoc *doc, uint32_t id)
{
    for (int s = doc->slot_count - 1; s >= 0 && id != 0; s--)
        if (doc->slots[s].alive && doc->slots[s].id == id)
            return s;
    return -1;
}

const EditEntity *edit_entity(const EditDoc *doc, uint32_t id)
{
    int s = edit_slot_of(doc, id);
    return s >= 0 ? &doc->slots[s] : NULL;
}

/* ---- Opening ------------------------------------------------------------------------ */

typedef struct ErrorSink {
    JsonSink sink;
    const char *path;
    LevelErrors *errors;
} ErrorSink;

static void sink_report(void *ctx, int line, int col, const char *message)
{
    ErrorSink *s = ctx;
    level_errors_add(s->errors, s->path, line, col, "%s", message);
}

/* Where a value is written, kept to write it again only when it is on one
** line: a value over several is written anew, in the layout of the rest. */
static EditSpan span_of(const JsonDoc *jd, const cJSON *v)
{
    size_t off, len;
    if (v == NULL || !json_span(jd, v, &off, &len) || memchr(jd->text + off, '\n', len) != NULL ||
        memchr(jd->text + off, '\r', len) != NULL)
        return (EditSpan){0, 0};
    return (EditSpan){(uint32_t)off, (uint32_t)len};
}

static EditDoc *doc_alloc(const PhysicsParams *base)
{
    EditDoc *doc = calloc(1, sizeof *doc);
    if (doc == NULL)
        return NULL;
    doc->errors = calloc(1, sizeof *doc->errors);
    if (doc->errors == NULL) {
        free(doc);
        return NULL;
    }
    doc->base = base != NULL ? *base : physics_defaults();
    doc->next_id = 1;
    doc->level_version = UINT64_MAX;
    doc->check_version = UINT64_MAX;
    doc->version = 1;
    return doc;
}

/* Takes entity j of lv into a slot, its path and text inline. */
static bool take_entity(EditDoc *doc, const LevelDesc *lv, int j, char ch)
{
    if (!array_reserve(doc->slots, doc->slot_cap, (size_t)doc->slot_count + 1))
        return false;
    EditEntity *en = &doc->slots[doc->slot_count++];
    memset(en, 0, sizeof *en);
    en->id = doc->next_id++;
    en->alive = true;
    en->ch = ch;
    en->e = lv->entities[j];
    en->e.line = en->e.col = 0;
    const EntityKind *k = kind_get(en->e.kind);
    for (int p = 0; p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        if (prop->type == KPROP_PATH) {
            const LevelPath *path = leveldesc_path(lv, &lv->entities[j], prop->name);
            if (path != NULL)
                en->path = *path;
            en->e.props[p].i = -1;
        } else if (prop->type == KPROP_TEXT) {
            snprintf(en->text, sizeof en->text, "%s",
                     leveldesc_text(lv, &lv->entities[j], prop->name));
            en->e.props[p].i = -1;
        }
    }
    return true;
}

/* How an entry of "entities" writes itself: its keys in order, its text. */
static void read_entry(const JsonDoc *jd, const cJSON *obj, EditEntity *en)
{
    const EntityKind *k = kind_get(en->e.kind);
    for (const cJSON *m = obj->child; m != NULL && en->key_count < sizeof en->keys; m = m->next) {
        int key = strcmp(m->string, "type") == 0 ? EDIT_KEY_TYPE
                  : strcmp(m->string, "x") == 0  ? EDIT_KEY_X
                  : strcmp(m->string, "y") == 0  ? EDIT_KEY_Y
                  : strcmp(m->string, "px") == 0 ? EDIT_KEY_PX
                                                 : kind_prop_find(k, m->string);
        if (key == EDIT_KEY_PX)
            en->px = cJSON_IsTrue(m);
        if (key >= 0)
            en->keys[en->key_count++] = (uint8_t)key;
    }
    EditSpan raw = span_of(jd, obj);
    en->raw_off = raw.off;
    en->raw_len = raw.len;
}

static bool read_layout(EditDoc *doc, const JsonDoc *jd, const LevelDesc *lv)
{
    const cJSON *root = jd->root;
    EditMeta *m = &doc->meta;
    snprintf(m->name, sizeof m->name, "%s", lv->name);
    snprintf(m->background, sizeof m->background, "%s", lv->background);
    m->schema = span_of(jd, json_get(root, "$schema"));
    m->format = span_of(jd, json_get(root, "format"));
    m->name_raw = span_of(jd, json_get(root, "name"));
    m->background_raw = span_of(jd, json_get(root, "background"));
    const cJSON *physics = json_get(root, "physics");
    m->physics_raw = span_of(jd, physics);
    int params;
    const ParamInfo *table = physics_param_table(&params);
    for (const cJSON *p = physics != NULL ? physics->child : NULL; p != NULL; p = p->next) {
        const ParamInfo *info = physics_param_find(p->string);
        if (info == NULL || m->physics_count >= EDIT_PARAMS_MAX)
            return false;
        m->physics_param[m->physics_count] = (int8_t)(info - table);
        memcpy(&m->physics_value[m->physics_count++], (const char *)&lv->physics + info->offset,
               sizeof(float));
    }
    const cJSON *legend = json_get(root, "legend");
    m->legend_raw = span_of(jd, legend);
    m->legend_block = m->legend_raw.len == 0; /* its entries on a line of their own */
    for (const cJSON *l = legend->child; l != NULL; l = l->next) {
        EditLegend e = {l->string[0], (int8_t)tile_kind_from_name(l->valuestring), -1};
        if (e.tile < 0)
            e.kind = (int8_t)kind_find(l->valuestring);
        m->legend[m->legend_count++] = e;
    }
    edit_legend_refresh(doc);

    doc->width = lv->map.width;
    doc->height = lv->map.height;
    size_t cells = (size_t)doc->width * (size_t)doc->height;
    doc->cells = malloc(cells);
    if (doc->cells == NULL)
        return false;
    char empty = 0;
    for (int i = 0; i < m->legend_count && empty == 0; i++)
        if (m->legend[i].tile == TILE_EMPTY)
            empty = m->legend[i].ch;
    int j = 0, y = 0;
    for (const cJSON *row = json_get(root, "tiles")->child; row != NULL; row = row->next, y++) {
        for (int x = 0; x < doc->width; x++) {
            char c = row->valuestring[x];
            size_t i = (size_t)y * (size_t)doc->width + (size_t)x;
            doc->cells[i] = c;
            if (doc->kind_of[(unsigned char)c] >= 0) {
                doc->cells[i] = empty;
                if (j >= lv->entity_count || !take_entity(doc, lv, j++, c))
                    return false;
            }
        }
    }
    const cJSON *list = json_get(root, "entities");
    doc->entities_key = list != NULL;
    for (const cJSON *obj = list != NULL ? list->child : NULL; obj != NULL; obj = obj->next) {
        if (j >= lv->entity_count || !take_entity(doc, lv, j++, 0))
            return false;
        read_entry(jd, obj, &doc->slots[doc->slot_count - 1]);
    }
    return j == lv->entity_count;
}

EditDoc *edit_open(const char *path, const PhysicsParams *base, LevelErrors *errors)
{
    EditDoc *doc = doc_alloc(base);
    ErrorSink sink = {{sink_report, &sink, 0}, path, errors};
    if (doc == NULL) {
        level_errors_add(errors, path, 0, 0, "out of memory");
        return NULL;
    }
    if (json_read_file(path, LEVEL_MAX_FILE_BYTES, &doc->source, &doc->source_len, &sink.sink) !=
        JSON_READ_OK) {
        edit_free(doc);
        return NULL;
    }
    LevelDesc lv;
    if (!level_parse_draft(path, doc->source, doc->source_len, &doc->base, &lv, errors)) {
        edit_free(doc);
        return NULL;
    }
    JsonSink quiet = {0};
    JsonDoc jd;
    bool ok = json_doc_parse(&jd, doc->source, doc->source_len, LEVEL_MAX_FILE_BYTES, &quiet);
    if (ok && json_get(jd.root, "legend") == NULL) {
        level_errors_add(errors, path, 0, 0,
                         "a Tiled map: the editor opens native levels (export it from Tiled as "
                         "the game's JSON, or start from a native level)");
        ok = false;
    } else if (ok && !read_layout(doc, &jd, &lv)) {
        level_errors_add(errors, path, 0, 0, "out of memory");
        ok = false;
    }
    json_doc_fini(&jd);
    leveldesc_fini(&lv);
    if (!ok) {
        edit_free(doc);
        return NULL;
    }
    doc->saved = 0;
    return doc;
}

EditDoc *edit_new(int width, int height, const char *background, const char *name,
                  const PhysicsParams *base, char *msg, size_t msg_size)
{
    if (width < 4 || height < 3 || width > LEVEL_MAX_SIDE || height > LEVEL_MAX_SIDE) {
        snprintf(msg, msg_size, "a new level is 4 x 3 to %d x %d tiles", LEVEL_MAX_SIDE,
                 LEVEL_MAX_SIDE);
        return NULL;
    }
    char *n = edit_json_string(name), *b = edit_json_string(background);
    LevelDesc lv;
    bool ok = edit_ask_loader(1, 1, n, b, NULL, NULL, &lv, NULL, msg, msg_size);
    free(n);
    free(b);
    if (!ok)
        return NULL;
    EditDoc *doc = doc_alloc(base);
    size_t cells = (size_t)width * (size_t)height;
    if (doc == NULL || (doc->cells = malloc(cells)) == NULL) {
        leveldesc_fini(&lv);
        edit_free(doc);
        snprintf(msg, msg_size, "out of memory");
        return NULL;
    }
    snprintf(doc->meta.name, sizeof doc->meta.name, "%s", lv.name);
    snprintf(doc->meta.background, sizeof doc->meta.background, "%s", lv.background);
    leveldesc_fini(&lv);
    doc->width = width;
    doc->height = height;
    edit_legend_refresh(doc);
    edit_begin(doc, "new level");
    char empty = edit_legend_char(doc, TILE_EMPTY, -1),
         solid = edit_legend_char(doc, TILE_SOLID, -1);
    memset(doc->cells, empty, cells);
    memset(doc->cells + cells - (size_t)width, solid, (size_t)width);
    for (int k = 0; k < kind_count(); k++) {
        uint32_t flags = kind_get(k)->flags;
        if (flags & KIND_UNIQUE)
            edit_place(doc, k, 1, height - 2);
        else if (flags & KIND_NEEDED)
            edit_place(doc, k, width - 2, height - 2);
    }
    edit_end(doc);
    /* the new level is where history starts */
    edit_history_fini(doc);
    doc->saved = -1;
    return doc;
}

void edit_free(EditDoc *doc)
{
    if (doc == NULL)
        return;
    edit_history_fini(doc);
    free(doc->source);
    free(doc->cells);
    free(doc->slots);
    free(doc->occupant);
    free(doc->level_ids);
    leveldesc_fini(&doc->level);
    free(doc->errors);
    free(doc);
}

/* ---- What it holds ------------------------------------------------------------------ */

int edit_width(const EditDoc *doc)
{
    return doc->width;
}

int edit_height(const EditDoc *doc)
{
    return doc->height;
}

const char *edit_name(const EditDoc *doc)
{
    return doc->meta.name;
}

const char *edit_background(const EditDoc *doc)
{
    return doc->meta.background;
}

TileKind edit_tile(const EditDoc *doc, int tx, int ty)
{
    if (!edit_in_map(doc, tx, ty))
        return TILE_EMPTY;
    int t = doc->tile_of[(unsigned char)doc->cells[(size_t)ty * (size_t)doc->width + (size_t)tx]];
    return t > 0 ? (TileKind)t : TILE_EMPTY;
}

bool edit_modified(const EditDoc *doc)
{
    return doc->done != doc->saved;
}

/* One entity as the game's LevelDesc holds it, its path and text added to lv. */
static bool level_add(LevelDesc *lv, const EditEntity *en, size_t *path_cap, size_t *text_cap)
{
    LevelEntity e = en->e;
    const EntityKind *k = kind_get(e.kind);
    for (int p = 0; p < k->prop_count; p++) {
        KindPropType type = k->props[p].type;
        if (type == KPROP_PATH && en->path.count > 0) {
            if (!array_reserve(lv->paths, *path_cap, (size_t)lv->path_count + 1))
                return false;
            lv->paths[lv->path_count] = en->path;
            e.props[p].i = lv->path_count++;
        } else if (type == KPROP_TEXT && en->text[0] != '\0') {
            if (!array_reserve(lv->texts, *text_cap, (size_t)lv->text_count + 1))
                return false;
            memcpy(lv->texts[lv->text_count].s, en->text, sizeof en->text);
            e.props[p].i = lv->text_count++;
        }
    }
    lv->entities[lv->entity_count++] = e;
    return true;
}

const LevelDesc *edit_level(EditDoc *doc)
{
    if (doc->level_version == doc->version)
        return &doc->level;
    leveldesc_fini(&doc->level);
    free(doc->level_ids);
    doc->level_ids = NULL;
    doc->level_version = UINT64_MAX;
    LevelDesc *lv = &doc->level;
    const int32_t *occ = edit_occupants(doc);
    lv->entities = malloc(((size_t)doc->slot_count + 1) * sizeof *lv->entities);
    doc->level_ids = malloc(((size_t)doc->slot_count + 1) * sizeof *doc->level_ids);
    if (occ == NULL || lv->entities == NULL || doc->level_ids == NULL ||
        !tilemap_init(&lv->map, doc->width, doc->height))
        return lv;
    snprintf(lv->name, sizeof lv->name, "%s", doc->meta.name);
    snprintf(lv->background, sizeof lv->background, "%s", doc->meta.background);
    lv->physics = doc->base;
    int params;
    const ParamInfo *table = physics_param_table(&params);
    for (int i = 0; i < doc->meta.physics_count; i++)
        memcpy((char *)&lv->physics + table[doc->meta.physics_param[i]].offset,
               &doc->meta.physics_value[i], sizeof(float));
    size_t path_cap = 0, text_cap = 0;
    size_t cells = (size_t)doc->width * (size_t)doc->height;
    for (size_t i = 0; i < cells; i++) {
        int t = doc->tile_of[(unsigned char)doc->cells[i]];
        lv->map.tiles[i] = (uint8_t)(t > 0 ? t : TILE_EMPTY);
        if (occ[i] != 0) {
            doc->level_ids[lv->entity_count] = doc->slots[occ[i] - 1].id;
            if (!level_add(lv, &doc->slots[occ[i] - 1], &path_cap, &text_cap))
                return lv;
        }
    }
    for (int s = 0; s < doc->slot_count; s++)
        if (doc->slots[s].alive && doc->slots[s].ch == 0) {
            doc->level_ids[lv->entity_count] = doc->slots[s].id;
            if (!level_add(lv, &doc->slots[s], &path_cap, &text_cap))
                return lv;
        }
    doc->level_version = doc->version;
    return lv;
}

uint32_t edit_level_id(EditDoc *doc, int i)
{
    const LevelDesc *lv = edit_level(doc);
    return i >= 0 && i < lv->entity_count ? doc->level_ids[i] : 0;
}
