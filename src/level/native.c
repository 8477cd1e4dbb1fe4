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
** also count as a missing player.
*/
#include "level_internal.h"

#include <stdlib.h>
#include <string.h>

enum { FORMAT_VERSION = 1 };

typedef struct Legend {
    bool usable;               /* the legend object itself was read */
    bool defined[128];
    signed char kind[128];     /* TileKind, or -1 when it is an entity */
    signed char entity[128];   /* EntityType, or -1 */
} Legend;

typedef struct Native {
    JsonDoc *doc;
    LevelDesc lv;
    LevelExtras *extras;
    EntityList drawn;          /* from the map */
    EntityList listed;         /* from "entities" */
    bool map_ok;
    bool entities_ok;
} Native;

const char *const *level_background_names(void)
{
    static const char *const names[LEVEL_BACKGROUND_COUNT] = {"hills", "cave", "peak"};
    return names;
}

/* Types that can be drawn in the map: their properties all have defaults. */
static bool drawable(EntityType type)
{
    return type != ENT_SWITCH && type != ENT_BLOCK && type != ENT_PLATFORM;
}

static void parse_name(Native *n, const cJSON *v)
{
    const char *name = json_want_string(n->doc, v);
    if (name == NULL)
        return;
    size_t len = strlen(name);
    if (len == 0 || len >= LEVEL_NAME_MAX) {
        json_error(n->doc, v, "a name has 1 to %d bytes, this one has %zu", LEVEL_NAME_MAX - 1, len);
        return;
    }
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)name[i] < 0x20) {
            json_error(n->doc, v, "a name must not contain control characters");
            return;
        }
    memcpy(n->lv.name, name, len + 1);
}

static void parse_legend(Native *n, const cJSON *legend, Legend *lg)
{
    if (!json_want_object(n->doc, legend))
        return;
    lg->usable = true;
    const char *names[TILE_KIND_COUNT + ENT_TYPE_COUNT];
    int count = 0;
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        names[count++] = tile_kind_name((TileKind)k);
    for (int t = 0; t < ENT_TYPE_COUNT; t++)
        names[count++] = entity_type_name((EntityType)t);
    for (const cJSON *m = legend->child; m != NULL; m = m->next) {
        const unsigned char *key = (const unsigned char *)m->string;
        if (key[0] < 0x20 || key[0] > 0x7E || key[1] != '\0') {
            char q[40];
            json_quote(m->string, q, sizeof q);
            json_error_key(n->doc, m,
                           "legend key \"%s\" must be a single character (ASCII, from space to ~)", q);
            continue;
        }
        int i = json_want_enum(n->doc, m, names, count, "tile kind or entity type");
        if (i < 0)
            continue;
        int c = key[0];
        if (i < TILE_KIND_COUNT) {
            lg->kind[c] = (signed char)i;
            lg->entity[c] = -1;
        } else {
            EntityType t = (EntityType)(i - TILE_KIND_COUNT);
            if (!drawable(t)) {
                json_error(n->doc, m,
                           "a %s cannot be drawn in the map, it needs properties: list it in \"entities\"",
                           entity_type_name(t));
                continue;
            }
            lg->kind[c] = -1;
            lg->entity[c] = (signed char)t;
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
        char u[5] = {0};
        if (cp < 0x800) {
            u[0] = (char)(0xC0 | (cp >> 6));
            u[1] = (char)(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            u[0] = (char)(0xE0 | (cp >> 12));
            u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
            u[2] = (char)(0x80 | (cp & 0x3F));
        } else {
            u[0] = (char)(0xF0 | (cp >> 18));
            u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
            u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
            u[3] = (char)(0x80 | (cp & 0x3F));
        }
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
                LevelEntity *e = entity_list_push(&n->drawn);
                if (e == NULL) {
                    if (!full)
                        json_error_at(n->doc, line, col, "more than %d entities (or out of memory)",
                                      LEVEL_MAX_ENTITIES);
                    full = true;
                    n->entities_ok = false;
                    continue;
                }
                level_entity_init(e, (EntityType)lg->entity[cp]);
                level_entity_at_tile(e, x, y);
                e->line = line;
                e->col = col;
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
        char ch[64];
        describe_char(first->cp, ch, sizeof ch);
        if (first->count > 1)
            json_error_at(n->doc, first->line, first->col,
                          "tiles[%d]: character %s is not in the legend (used %d times)",
                          first->row, ch, first->count);
        else
            json_error_at(n->doc, first->line, first->col,
                          "tiles[%d]: character %s is not in the legend", first->row, ch);
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
                       "row %d is %s%d characters long but the first row is %d: all rows must have the same length",
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

static const char *const KEYS_PLAIN[] = {"type", "x", "y", "px"};
static const char *const KEYS_SWITCH[] = {"type", "x", "y", "px", "group"};
static const char *const KEYS_BLOCK[] = {"type", "x", "y", "px", "group", "solid_when", "w", "h"};
static const char *const KEYS_PLATFORM[] = {"type", "x", "y", "px", "w", "path", "speed", "mode"};
static const char *const KEYS_WALKER[] = {"type", "x", "y", "px", "dir"};
static const char *const PROPERTIES[] = {"group", "solid_when", "w", "h", "path", "speed", "mode", "dir"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static bool check_entity_keys(Native *n, const cJSON *obj, EntityType type)
{
    const char *const *keys = KEYS_PLAIN;
    int count = COUNT(KEYS_PLAIN);
    switch (type) {
    case ENT_SWITCH: keys = KEYS_SWITCH; count = COUNT(KEYS_SWITCH); break;
    case ENT_BLOCK: keys = KEYS_BLOCK; count = COUNT(KEYS_BLOCK); break;
    case ENT_PLATFORM: keys = KEYS_PLATFORM; count = COUNT(KEYS_PLATFORM); break;
    case ENT_WALKER: keys = KEYS_WALKER; count = COUNT(KEYS_WALKER); break;
    default: break;
    }
    bool ok = true;
    for (const cJSON *m = obj->child; m != NULL; m = m->next) {
        bool known = false;
        for (int i = 0; i < count && !known; i++)
            known = strcmp(m->string, keys[i]) == 0;
        if (known)
            continue;
        bool other = false;
        for (int i = 0; i < COUNT(PROPERTIES) && !other; i++)
            other = strcmp(m->string, PROPERTIES[i]) == 0;
        if (other) {
            json_error_key(n->doc, m, "\"%s\" does not apply to a %s", m->string,
                           entity_type_name(type));
            ok = false;
        } else {
            ok = false;
            char q[48];
            json_quote(m->string, q, sizeof q);
            int s = json_suggest(m->string, keys, count);
            if (s >= 0)
                json_error_key(n->doc, m, "unknown key \"%s\" (did you mean \"%s\"?)", q, keys[s]);
            else
                json_error_key(n->doc, m, "unknown key \"%s\" for a %s", q, entity_type_name(type));
        }
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

static bool read_size(Native *n, const cJSON *v, bool px, int *out)
{
    long max = px ? (long)LEVEL_MAX_SIDE * TILE_SIZE : LEVEL_MAX_SIDE;
    long value;
    if (!json_want_int(n->doc, v, 1, max, &value))
        return false;
    *out = (int)(px ? value : value * TILE_SIZE);
    return true;
}

static void read_path(Native *n, const cJSON *path, bool px, LevelEntity *e)
{
    if (!json_want_array(n->doc, path))
        return;
    int count = cJSON_GetArraySize(path);
    if (count < 1 || count > LEVEL_MAX_WAYPOINTS - 1) {
        json_error(n->doc, path, "a path has 1 to %d waypoints, this one has %d",
                   LEVEL_MAX_WAYPOINTS - 1, count);
        return;
    }
    int k = 1;
    for (const cJSON *p = path->child; p != NULL; p = p->next, k++) {
        if (!cJSON_IsArray(p) || cJSON_GetArraySize(p) != 2) {
            char got[64];
            json_describe(p, got, sizeof got);
            json_error(n->doc, p, "expected a waypoint [x, y], got %s", got);
            continue;
        }
        long x, y;
        bool ok = read_coord(n, p->child, px, true, &x);
        ok &= read_coord(n, p->child->next, px, false, &y);
        if (!ok)
            continue;
        e->path[k] = px ? (LevelPoint){(int)x, (int)y}
                        : (LevelPoint){(int)x * TILE_SIZE, (int)y * TILE_SIZE};
    }
    e->path_len = count + 1;
}

static void parse_entity(Native *n, const cJSON *obj)
{
    if (!json_want_object(n->doc, obj))
        return;
    const char *names[ENT_TYPE_COUNT];
    for (int t = 0; t < ENT_TYPE_COUNT; t++)
        names[t] = entity_type_name((EntityType)t);
    int type = json_want_enum(n->doc, json_need(n->doc, obj, "type"), names, ENT_TYPE_COUNT,
                              "entity type");
    if (type < 0)
        return;
    int before = level_doc_error_total(n->doc);
    check_entity_keys(n, obj, (EntityType)type);

    LevelEntity e;
    level_entity_init(&e, (EntityType)type);
    json_pos(n->doc, obj, &e.line, &e.col);
    bool px = false;
    const cJSON *v = json_get(obj, "px");
    if (v != NULL)
        json_want_bool(n->doc, v, &px);

    long x = 0, y = 0;
    bool have_x = read_coord(n, json_need(n->doc, obj, "x"), px, true, &x);
    bool have_y = read_coord(n, json_need(n->doc, obj, "y"), px, false, &y);

    if ((v = json_get(obj, "w")) != NULL)
        read_size(n, v, px, &e.w);
    if ((v = json_get(obj, "h")) != NULL)
        read_size(n, v, px, &e.h);
    if (type == ENT_SWITCH || type == ENT_BLOCK) {
        v = json_need(n->doc, obj, "group");
        if (v != NULL)
            level_prop_group(n->doc, v, &e);
    }
    if ((v = json_get(obj, "solid_when")) != NULL)
        level_prop_solid_when(n->doc, v, &e);
    if ((v = json_get(obj, "dir")) != NULL)
        level_prop_dir(n->doc, v, &e);
    if ((v = json_get(obj, "speed")) != NULL)
        level_prop_speed(n->doc, v, &e);
    if ((v = json_get(obj, "mode")) != NULL)
        level_prop_mode(n->doc, v, &e);
    if (type == ENT_PLATFORM)
        read_path(n, json_need(n->doc, obj, "path"), px, &e);

    if (level_doc_error_total(n->doc) != before || !have_x || !have_y) {
        n->entities_ok = false;
        return;
    }
    /* Keep the waypoints the path set: placing resets only path[0]. */
    if (px)
        level_entity_at_px(&e, (int)x, (int)y);
    else
        level_entity_at_tile(&e, (int)x, (int)y);
    LevelEntity *slot = entity_list_push(&n->listed);
    if (slot == NULL) {
        json_error(n->doc, obj, "more than %d entities (or out of memory)", LEVEL_MAX_ENTITIES);
        n->entities_ok = false;
        return;
    }
    *slot = e;
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

/* Moves the two lists into the LevelDesc, map entities first. */
static bool gather_entities(Native *n)
{
    int total = n->drawn.count + n->listed.count;
    if (total > LEVEL_MAX_ENTITIES) {
        json_error_at(n->doc, 1, 1, "more than %d entities", LEVEL_MAX_ENTITIES);
        return false;
    }
    if (total == 0)
        return true;
    n->lv.entities = malloc((size_t)total * sizeof *n->lv.entities);
    if (n->lv.entities == NULL) {
        json_error_at(n->doc, 1, 1, "out of memory");
        return false;
    }
    if (n->drawn.count > 0)
        memcpy(n->lv.entities, n->drawn.items, (size_t)n->drawn.count * sizeof *n->lv.entities);
    if (n->listed.count > 0)
        memcpy(n->lv.entities + n->drawn.count, n->listed.items,
               (size_t)n->listed.count * sizeof *n->lv.entities);
    n->lv.entity_count = total;
    return true;
}

static const char *const ROOT_KEYS[] = {"$schema", "format", "name", "background",
                                        "physics", "legend", "tiles", "entities"};

bool native_parse(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras)
{
    int before = level_doc_error_total(doc);
    const cJSON *root = doc->root;
    if (!cJSON_IsObject(root)) {
        json_error(doc, root, "a level file holds a JSON object (see levels/README.md)");
        return false;
    }
    Native n = {.doc = doc, .extras = extras, .entities_ok = true};
    n.lv.physics = base != NULL ? *base : physics_defaults();

    json_check_keys(doc, root, ROOT_KEYS, COUNT(ROOT_KEYS));
    const cJSON *v = json_get(root, "$schema");
    if (v != NULL)
        json_want_string(doc, v);
    long format;
    if (json_want_int_in(doc, json_need(doc, root, "format"), (const long[]){FORMAT_VERSION}, 1, &format) &&
        format != FORMAT_VERSION) {
        json_error(doc, json_get(root, "format"),
                   format > FORMAT_VERSION ? "format %ld is newer than this game reads (format %d)"
                                           : "unknown format %ld (this game reads format %d)",
                   format, FORMAT_VERSION);
        return false;
    }
    parse_name(&n, json_need(doc, root, "name"));
    int bg = json_want_enum(doc, json_need(doc, root, "background"), level_background_names(),
                            LEVEL_BACKGROUND_COUNT, "background");
    if (bg >= 0)
        snprintf(n.lv.background, sizeof n.lv.background, "%s", level_background_names()[bg]);
    if ((v = json_get(root, "physics")) != NULL)
        physics_apply_object(doc, v, &n.lv.physics, extras != NULL ? extras->physics_set : NULL,
                             NULL, 0);

    Legend legend;
    memset(&legend, 0, sizeof legend);
    parse_legend(&n, json_need(doc, root, "legend"), &legend);
    parse_tiles(&n, json_need(doc, root, "tiles"), &legend);
    if ((v = json_get(root, "entities")) != NULL)
        parse_entities(&n, v);

    bool ok = n.map_ok && gather_entities(&n);
    entity_list_fini(&n.drawn);
    entity_list_fini(&n.listed);
    if (ok) {
        int line, col;
        json_pos(doc, root, &line, &col);
        level_validate(level_doc_path(doc), &n.lv, line, col, n.entities_ok,
                       level_doc_errors(doc));
    }
    if (!ok || level_doc_error_total(doc) != before) {
        level_desc_fini(&n.lv);
        return false;
    }
    *out = n.lv;
    return true;
}
