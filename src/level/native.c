/* SPDX-License-Identifier: Zlib */
/*
** native.c -- the native level format, made to be read and edited by hand.
**
** The map is a picture: "tiles" is an array of equally long strings, one per
** row, and "legend" says what each character stands for, a tile kind or an
** entity that needs no properties (the tile under it is empty). Everything
** else goes in "entities", with x and y in tiles, or in pixels with
** "px": true. levels/README.md is the reference for level designers and
** levels/level.schema.json lets editors check and complete files.
**
** Entities come out map first (row by row, left to right), then the list in
** its order. Reading goes on past errors so that one run reports them all;
** the checks that relate entities to each other (one player, a goal, groups)
** only run once every entity was read, so a broken player entry does not
** also count as a missing player, nor a misspelt legend entry ("G": "gaol",
** told with its "did you mean") as a missing goal and a row of characters
** not in the legend: an error that follows from another is not told as one
** of its own, and the one told is its cause.
*/
#include "level_internal.h"

#include <stdlib.h>
#include <string.h>

enum { FORMAT_VERSION = 1 };

typedef struct Legend {
    bool usable;       /* the legend object itself was read */
    bool refused[128]; /* named in the legend, but refused (reported there) */
    bool defined[128];
    signed char kind[128];   /* TileKind, or -1 when it is an entity */
    signed char entity[128]; /* entity kind, or -1 */
} Legend;

typedef struct Native {
    JsonDoc *doc;
    LevelDesc lv;
    LevelBuild build; /* the map's entities, then the list's */
    bool map_ok;
    bool entities_ok;
} Native;

const char *const *level_background_names(void)
{
    static const char *const names[LEVEL_BACKGROUND_COUNT] = {"hills", "cave", "ice", "peak"};
    return names;
}

/* Every kind's name, for messages and enums. */
static int kind_names(const char **names, int cap)
{
    int n = 0;
    for (int k = 0; k < kind_count() && n < cap; k++)
        names[n++] = kind_get(k)->name;
    return n;
}

void level_read_name(JsonDoc *doc, const cJSON *v, bool controls, LevelDesc *lv)
{
    const char *name = json_want_string(doc, v);
    if (name == NULL)
        return;
    size_t len = strlen(name);
    if (len == 0 || len >= LEVEL_NAME_MAX) {
        json_error(doc, v, "a name has 1 to %d bytes, this one has %zu", LEVEL_NAME_MAX - 1, len);
        return;
    }
    for (size_t i = 0; i < len && !controls; i++)
        if ((unsigned char)name[i] < 0x20) {
            json_error(doc, v, "a name must not contain control characters");
            return;
        }
    level_text_check(doc, v);
    memcpy(lv->name, name, len + 1);
}

void level_read_background(JsonDoc *doc, const cJSON *v, LevelDesc *lv)
{
    int bg = json_want_enum(doc, v, level_background_names(), LEVEL_BACKGROUND_COUNT, "background");
    if (bg >= 0)
        snprintf(lv->background, sizeof lv->background, "%s", level_background_names()[bg]);
}

static void parse_legend(Native *n, const cJSON *legend, Legend *lg)
{
    if (!json_want_object(n->doc, legend))
        return;
    lg->usable = true;
    const char *names[TILE_KIND_COUNT + KIND_MAX_KINDS];
    int count = 0;
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        names[count++] = tile_kind_name((TileKind)k);
    count += kind_names(names + count, KIND_MAX_KINDS);
    for (const cJSON *m = legend->child; m != NULL; m = m->next) {
        const unsigned char *key = (const unsigned char *)m->string;
        if (key[0] < 0x20 || key[0] > 0x7E || key[1] != '\0') {
            char q[40];
            json_quote(m->string, q, sizeof q);
            json_error_key(n->doc, m,
                           "legend key \"%s\" must be a single character (ASCII, from space to ~)",
                           q);
            continue;
        }
        int c = key[0];
        int i = json_want_enum(n->doc, m, names, count, "tile kind or entity type");
        if (i < 0) {
            lg->refused[c] = true;
            continue;
        }
        if (i < TILE_KIND_COUNT) {
            lg->kind[c] = (signed char)i;
            lg->entity[c] = -1;
        } else {
            int kind = i - TILE_KIND_COUNT;
            if (!(kind_get(kind)->flags & KIND_DRAWABLE)) {
                json_error(
                    n->doc, m,
                    "a %s cannot be drawn in the map, it needs properties: list it in \"entities\"",
                    kind_get(kind)->name);
                lg->refused[c] = true;
                continue;
            }
            lg->kind[c] = -1;
            lg->entity[c] = (signed char)kind;
        }
        lg->defined[c] = true;
    }
}

/* How a character is shown in a message. */
static void describe_char(uint32_t cp, char *buf, size_t size)
{
    if (cp >= 0x20 && cp < 0x7F) {
        snprintf(buf, size, "'%c'", (char)cp);
    } else if (cp < 0x80) {
        snprintf(buf, size, "U+%04X", (unsigned)cp);
    } else {
        char u[5];
        level_utf8(cp, u);
        snprintf(buf, size, "'%s' (legend characters are ASCII)", u);
    }
}

/* A character missing from the legend: reported once, where first used. */
typedef struct Unknown {
    int count;
    int row, line, col;
    uint32_t cp;
} Unknown;

static int row_length(JsonDoc *doc, const cJSON *row)
{
    JsonChars it;
    uint32_t cp;
    int line, col, len = 0;
    if (!json_chars_begin(doc, row, &it))
        return -1;
    while (json_chars_next(&it, &cp, &line, &col) && len <= LEVEL_MAX_SIDE)
        len++;
    return len;
}

static void fill_map(Native *n, const cJSON *tiles, const Legend *lg)
{
    Unknown unknown[129];
    memset(unknown, 0, sizeof unknown);
    int y = 0;
    bool full = false;
    for (const cJSON *row = tiles->child; row != NULL; row = row->next, y++) {
        JsonChars it;
        uint32_t cp;
        int line, col;
        if (!json_chars_begin(n->doc, row, &it))
            continue;
        for (int x = 0; x < n->lv.map.width && json_chars_next(&it, &cp, &line, &col); x++) {
            if (cp < 128 && lg->defined[cp]) {
                if (lg->kind[cp] >= 0) {
                    tilemap_set(&n->lv.map, x, y, (TileKind)lg->kind[cp]);
                    continue;
                }
                LevelEntity *e = level_build_entity(&n->build);
                if (e == NULL) {
                    if (!full)
                        json_error_at(n->doc, line, col, "more than %d entities (or out of memory)",
                                      LEVEL_MAX_ENTITIES);
                    full = true;
                    n->entities_ok = false;
                    continue;
                }
                leveldesc_entity_init(e, lg->entity[cp]);
                level_entity_at_tile(e, x, y);
                e->line = line;
                e->col = col;
                continue;
            }
            if (cp < 128 && lg->refused[cp]) {
                /* its legend entry was refused, and told there: what the
                ** map draws with it is not all there, but nothing more
                ** to say about each use */
                n->entities_ok = false;
                continue;
            }
            Unknown *u = &unknown[cp < 128 ? cp : 128];
            if (u->count++ == 0) {
                u->row = y;
                u->line = line;
                u->col = col;
                u->cp = cp;
            }
        }
    }
    /* Report in the order of first use. */
    for (;;) {
        Unknown *first = NULL;
        for (int c = 0; c < 129; c++)
            if (unknown[c].count > 0 &&
                (first == NULL || unknown[c].line < first->line ||
                 (unknown[c].line == first->line && unknown[c].col < first->col)))
                first = &unknown[c];
        if (first == NULL)
            break;
        char ch[64], used[32] = "";
        describe_char(first->cp, ch, sizeof ch);
        if (first->count > 1)
            snprintf(used, sizeof used, " (used %d times)", first->count);
        json_error_at(n->doc, first->line, first->col,
                      "tiles[%d]: character %s is not in the legend%s", first->row, ch, used);
        first->count = 0;
    }
}

static void parse_tiles(Native *n, const cJSON *tiles, const Legend *lg)
{
    if (!json_want_array(n->doc, tiles))
        return;
    int rows = cJSON_GetArraySize(tiles);
    if (rows == 0) {
        json_error(n->doc, tiles, "the map needs at least one row");
        return;
    }
    if (rows > LEVEL_MAX_SIDE) {
        json_error(n->doc, tiles, "the map has %d rows; at most %d are allowed", rows,
                   LEVEL_MAX_SIDE);
        return;
    }
    int width = -1;
    bool ok = true;
    int y = 0;
    for (const cJSON *row = tiles->child; row != NULL; row = row->next, y++) {
        if (json_want_string(n->doc, row) == NULL) {
            ok = false;
            continue;
        }
        int len = row_length(n->doc, row);
        if (width < 0) {
            width = len;
            if (len == 0 || len > LEVEL_MAX_SIDE) {
                if (len == 0)
                    json_error(n->doc, row, "rows must not be empty");
                else
                    json_error(n->doc, row, "the map is wider than %d tiles", LEVEL_MAX_SIDE);
                return;
            }
        } else if (len != width) {
            json_error(n->doc, row,
                       "row %d is %s%d characters long but the first row is %d: all rows must have "
                       "the same length",
                       y, len > LEVEL_MAX_SIDE ? "over " : "",
                       len > LEVEL_MAX_SIDE ? LEVEL_MAX_SIDE : len, width);
            ok = false;
        }
    }
    if (!ok || width <= 0)
        return;
    if (!tilemap_init(&n->lv.map, width, rows)) {
        json_error(n->doc, tiles, "out of memory for a %dx%d map", width, rows);
        return;
    }
    n->map_ok = true;
    if (lg->usable)
        fill_map(n, tiles, lg);
}

/* ---- Entities ----------------------------------------------------------------- */

/* Keys every entity may have; the rest are its kind's properties. */
static const char *const COMMON_KEYS[] = {"type", "x", "y", "px"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* True when some other kind has a property of that name. */
static bool property_of_another(const char *key, int kind)
{
    for (int k = 0; k < kind_count(); k++)
        if (k != kind && kind_prop_find(kind_get(k), key) >= 0)
            return true;
    return false;
}

static bool check_entity_keys(Native *n, const cJSON *obj, int kind)
{
    const EntityKind *k = kind_get(kind);
    const char *keys[COUNT(COMMON_KEYS) + KIND_MAX_PROPS];
    int count = 0;
    for (int i = 0; i < COUNT(COMMON_KEYS); i++)
        keys[count++] = COMMON_KEYS[i];
    for (int p = 0; p < k->prop_count; p++)
        keys[count++] = k->props[p].name;
    bool ok = true;
    for (const cJSON *m = obj->child; m != NULL; m = m->next) {
        bool known = false;
        for (int i = 0; i < count && !known; i++)
            known = strcmp(m->string, keys[i]) == 0;
        if (known)
            continue;
        ok = false;
        if (property_of_another(m->string, kind)) {
            json_error_key(n->doc, m, "\"%s\" does not apply to a %s", m->string, k->name);
            continue;
        }
        char q[48];
        json_quote(m->string, q, sizeof q);
        int s = json_suggest(m->string, keys, count);
        if (s >= 0)
            json_error_key(n->doc, m, "unknown key \"%s\" (did you mean \"%s\"?)", q, keys[s]);
        else
            json_error_key(n->doc, m, "unknown key \"%s\" for a %s", q, k->name);
    }
    return ok;
}

/* A coordinate: in tiles, or in pixels when px. */
static bool read_coord(Native *n, const cJSON *v, bool px, bool is_x, long *out)
{
    long limit = px ? (long)LEVEL_MAX_SIDE * TILE_SIZE : LEVEL_MAX_SIDE;
    if (!json_want_int(n->doc, v, -limit, limit, out))
        return false;
    if (!n->map_ok)
        return true;
    long size = is_x ? n->lv.map.width : n->lv.map.height;
    if (px)
        size *= TILE_SIZE;
    if (*out < 0 || *out >= size) {
        json_error(n->doc, v, "%ld is outside the map (%s 0 to %ld%s)", *out,
                   is_x ? "columns" : "rows", size - 1, px ? " px" : "");
        return false;
    }
    return true;
}

/* A path: waypoints [x, y] in tiles (pixels when px) of the top-left corner. */
static void read_path(Native *n, const KindProp *p, int index, const cJSON *path, bool px,
                      LevelEntity *e)
{
    if (!json_want_array(n->doc, path))
        return;
    int count = cJSON_GetArraySize(path);
    if (count < (int)p->min || count > (int)p->max) {
        json_error(n->doc, path, "a path has %.0f to %.0f waypoints, this one has %d", p->min,
                   p->max, count);
        return;
    }
    LevelPath wp = {.count = count};
    int k = 0;
    bool ok = true;
    for (const cJSON *pt = path->child; pt != NULL; pt = pt->next, k++) {
        if (!cJSON_IsArray(pt) || cJSON_GetArraySize(pt) != 2) {
            char got[64];
            json_describe(pt, got, sizeof got);
            json_error(n->doc, pt, "expected a waypoint [x, y], got %s", got);
            ok = false;
            continue;
        }
        long x, y;
        bool good = read_coord(n, pt->child, px, true, &x);
        good &= read_coord(n, pt->child->next, px, false, &y);
        ok &= good;
        if (good)
            wp.points[k] = px ? (LevelPoint){(int)x, (int)y}
                              : (LevelPoint){(int)x * TILE_SIZE, (int)y * TILE_SIZE};
    }
    if (!ok)
        return;
    int i = level_build_path(&n->build, &wp);
    if (i < 0)
        json_error(n->doc, path, "out of memory");
    else
        e->props[index].i = i;
}

static void parse_entity(Native *n, const cJSON *obj)
{
    if (!json_want_object(n->doc, obj))
        return;
    const char *names[KIND_MAX_KINDS];
    int count = kind_names(names, KIND_MAX_KINDS);
    int kind = json_want_enum(n->doc, json_need(n->doc, obj, "type"), names, count, "entity type");
    if (kind < 0)
        return;
    const EntityKind *k = kind_get(kind);
    int before = level_doc_error_total(n->doc);
    check_entity_keys(n, obj, kind);

    LevelEntity e;
    leveldesc_entity_init(&e, kind);
    json_pos(n->doc, obj, &e.line, &e.col);
    bool px = false;
    const cJSON *v = json_get(obj, "px");
    if (v != NULL)
        json_want_bool(n->doc, v, &px);

    long x = 0, y = 0;
    bool have_x = read_coord(n, json_need(n->doc, obj, "x"), px, true, &x);
    bool have_y = read_coord(n, json_need(n->doc, obj, "y"), px, false, &y);
    for (int p = 0; p < k->prop_count; p++) {
        const KindProp *prop = &k->props[p];
        v = prop->required ? json_need(n->doc, obj, prop->name) : json_get(obj, prop->name);
        if (v == NULL)
            continue;
        if (prop->type == KPROP_PATH)
            read_path(n, prop, p, v, px, &e);
        else
            level_prop_read(n->doc, &n->build, prop, p, v, px, &e);
    }

    if (level_doc_error_total(n->doc) != before || !have_x || !have_y) {
        n->entities_ok = false;
        return;
    }
    if (px)
        level_entity_at_px(&e, (int)x, (int)y);
    else
        level_entity_at_tile(&e, (int)x, (int)y);
    n->entities_ok = level_build_add(&n->build, n->doc, obj, &e) && n->entities_ok;
}

static void parse_entities(Native *n, const cJSON *list)
{
    if (!json_want_array(n->doc, list)) {
        n->entities_ok = false;
        return;
    }
    for (const cJSON *e = list->child; e != NULL; e = e->next)
        parse_entity(n, e);
}

static const char *const ROOT_KEYS[] = {"$schema", "format", "name",  "background",
                                        "physics", "legend", "tiles", "entities"};

bool native_parse(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras)
{
    int before = level_doc_error_total(doc);
    const cJSON *root = doc->root;
    if (!cJSON_IsObject(root)) {
        json_error(doc, root, "a level file holds a JSON object (see levels/README.md)");
        return false;
    }
    Native n = {.doc = doc, .entities_ok = true};
    n.lv.physics = base != NULL ? *base : physics_defaults();

    json_check_keys(doc, root, ROOT_KEYS, COUNT(ROOT_KEYS));
    const cJSON *v = json_get(root, "$schema");
    if (v != NULL)
        json_want_string(doc, v);
    /* A whole number past the one this game reads is a file from a newer
    ** game, and says so; anything else is told what is allowed. */
    const cJSON *fv = json_need(doc, root, "format");
    long format;
    if (cJSON_IsNumber(fv) && fv->valuedouble > FORMAT_VERSION && fv->valuedouble < 1e6 &&
        fv->valuedouble == (double)(long)fv->valuedouble) {
        json_error(doc, fv, "format %ld is newer than this game reads (format %d)",
                   (long)fv->valuedouble, FORMAT_VERSION);
        return false;
    }
    if (!json_want_int_in(doc, fv, (const long[]){FORMAT_VERSION}, 1, &format) && fv != NULL)
        return false;
    level_read_name(doc, json_need(doc, root, "name"), false, &n.lv);
    level_read_background(doc, json_need(doc, root, "background"), &n.lv);
    if ((v = json_get(root, "physics")) != NULL)
        level_physics_apply(doc, v, &n.lv.physics, extras->physics_set, false);

    Legend legend;
    memset(&legend, 0, sizeof legend);
    parse_legend(&n, json_need(doc, root, "legend"), &legend);
    parse_tiles(&n, json_need(doc, root, "tiles"), &legend);
    if ((v = json_get(root, "entities")) != NULL)
        parse_entities(&n, v);

    return level_parse_end(doc, before, n.map_ok, n.entities_ok, &n.build, &n.lv, extras, out);
}
