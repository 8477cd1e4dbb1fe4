/* SPDX-License-Identifier: Zlib */
/* test_level_tiled.c -- Tiled maps in, Tiled maps out. */
#define _POSIX_C_SOURCE 200809L

#include "level.h"
#include "level_fixture.h"
#include "check_run.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

/* ---- helpers ---- */

static bool has_fragment(const LevelErrors *e, const char *frag)
{
    for (int i = 0; i < e->count; i++)
        if (strstr(e->list[i].message, frag) != NULL)
            return true;
    return false;
}

static LevelErrors *new_errors(void)
{
    LevelErrors *e = calloc(1, sizeof *e);
    ck_assert_ptr_nonnull(e);
    return e;
}

/* The first difference between two levels, ignoring where entities were
** written (line, col), or NULL when they are the same. */
static const char *difference(const LevelDesc *a, const LevelDesc *b)
{
    static char why[256];
    if (strcmp(a->name, b->name) != 0)
        return "name";
    if (strcmp(a->background, b->background) != 0)
        return "background";
    if (a->map.width != b->map.width || a->map.height != b->map.height)
        return "map size";
    for (int y = 0; y < a->map.height; y++)
        for (int x = 0; x < a->map.width; x++)
            if (tilemap_get(&a->map, x, y) != tilemap_get(&b->map, x, y)) {
                snprintf(why, sizeof why, "tile (%d, %d): %d vs %d", x, y,
                         tilemap_get(&a->map, x, y), tilemap_get(&b->map, x, y));
                return why;
            }
    int count;
    const ParamInfo *table = physics_param_table(&count);
    for (int i = 0; i < count; i++)
        if (*physics_param_ptr((PhysicsParams *)&a->physics, &table[i]) !=
            *physics_param_ptr((PhysicsParams *)&b->physics, &table[i])) {
            snprintf(why, sizeof why, "physics %s", table[i].name);
            return why;
        }
    if (a->entity_count != b->entity_count)
        return "entity count";
    for (int i = 0; i < a->entity_count; i++) {
        const LevelEntity *p = &a->entities[i], *q = &b->entities[i];
        if (!leveldesc_entity_equal(a, p, b, q)) {
            snprintf(why, sizeof why, "entity %d (%s at %d, %d vs %s at %d, %d)", i,
                     kind_get(p->kind)->name, p->x, p->y, kind_get(q->kind)->name, q->x, q->y);
            return why;
        }
    }
    return NULL;
}

static void load_ok(const char *rel, const PhysicsParams *base, LevelDesc *out)
{
    char path[1024];
    src_path(path, sizeof path, rel);
    LevelErrors *e = new_errors();
    ck_assert_msg(level_load(path, base, out, e), "%s:\n%s", rel, dump(e));
    free(e);
}

/* A small map in memory: 'width' x 2 tiles, a player and a goal (points at
** the bottom-left corner), one tile layer whose encoding and data are given. */
typedef struct MapSpec {
    const char *version; /* the "version" member, or "" for none */
    const char *orientation;
    const char *infinite;
    int width;
    int tile_width;
    const char *tilesets;
    const char *layer;   /* members of the tile layer after width/height */
    const char *objects; /* extra objects, each followed by a comma */
} MapSpec;

static const char *const TILES_EMBEDDED =
    "{\"firstgid\": 1, \"name\": \"t\", \"tilecount\": 4, \"tilewidth\": 16, \"tileheight\": 16,"
    " \"tiles\": [{\"id\": 0, \"type\": \"solid\"}, {\"id\": 1, \"type\": \"oneway\"},"
    " {\"id\": 2, \"type\": \"spikes\"}, {\"id\": 3, \"type\": \"coin\"}]}";

static MapSpec default_map(void)
{
    return (MapSpec){"\"version\": \"1.10\",",
                     "orthogonal",
                     "false",
                     2,
                     16,
                     TILES_EMBEDDED,
                     "\"data\": [0, 0, 0, 0]",
                     ""};
}

#define MAP_FORMAT                                                                                 \
    "{\"type\": \"map\", %s \"orientation\": \"%s\", \"infinite\": %s,\n"                          \
    " \"width\": %d, \"height\": 2, \"tilewidth\": %d, \"tileheight\": 16,\n"                      \
    " \"properties\": [{\"name\": \"name\", \"type\": \"string\", \"value\": \"M\"},\n"            \
    "   {\"name\": \"background\", \"type\": \"string\", \"value\": \"cave\"}],\n"                 \
    " \"tilesets\": [%s],\n"                                                                       \
    " \"layers\": [\n"                                                                             \
    "  {\"type\": \"tilelayer\", \"name\": \"t\", \"width\": %d, \"height\": 2, %s},\n"            \
    "  {\"type\": \"objectgroup\", \"name\": \"o\", \"objects\": [%s\n"                            \
    "    {\"id\": 100, \"type\": \"player\", \"x\": 0, \"y\": 32},\n"                              \
    "    {\"id\": 101, \"type\": \"goal\", \"x\": 0, \"y\": 32}]}]}\n"

static char *map_text(const MapSpec *m)
{
    int size = snprintf(NULL, 0, MAP_FORMAT, m->version, m->orientation, m->infinite, m->width,
                        m->tile_width, m->tilesets, m->width, m->layer, m->objects);
    ck_assert_int_gt(size, 0);
    char *text = malloc((size_t)size + 1);
    ck_assert_ptr_nonnull(text);
    snprintf(text, (size_t)size + 1, MAP_FORMAT, m->version, m->orientation, m->infinite, m->width,
             m->tile_width, m->tilesets, m->width, m->layer, m->objects);
    return text;
}

static bool parse_map(const MapSpec *m, LevelDesc *out, LevelErrors *e)
{
    char *text = map_text(m);
    char path[1024];
    /* Placed beside the test tilesets, so external ones resolve. */
    src_path(path, sizeof path, "tests/levels/tiled/memory.tmj");
    bool ok = level_parse(path, text, strlen(text), NULL, out, e);
    free(text);
    return ok;
}

static void expect_refused(const MapSpec *m, const char *fragment)
{
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(!parse_map(m, &lv, e), "loaded; expected \"%s\"", fragment);
    ck_assert_msg(has_fragment(e, fragment), "expected \"%s\", got:\n%s", fragment, dump(e));
    free(e);
}

/* ---- import ---- */

START_TEST(tiled_map_loads_as_the_same_level_as_its_native_twin)
{
    LevelDesc tiled, native;
    load_ok("tests/levels/tiled/full.tmj", NULL, &tiled);
    load_ok("tests/levels/tiled/full.json", NULL, &native);
    const char *diff = difference(&tiled, &native);
    ck_assert_msg(diff == NULL, "differs in %s", diff);
    ck_assert_str_eq(tiled.name, "Tiled Full");
    ck_assert_str_eq(tiled.background, "peak");
    ck_assert(tiled.physics.gravity == 1234.5f);
    ck_assert(tiled.physics.max_run == 150.0f);
    ck_assert(tiled.physics.jump_speed == physics_defaults().jump_speed);
    /* Flipped gids keep their tile: the flags are dropped. */
    ck_assert_int_eq(tilemap_get(&tiled.map, 1, 5), TILE_SOLID);
    ck_assert_int_eq(tilemap_get(&tiled.map, 5, 2), TILE_ONEWAY);
    ck_assert_int_eq(tilemap_get(&tiled.map, 3, 4), TILE_SPIKES);
    /* Each entity knows the line of its object in the map. */
    for (int i = 0; i < tiled.entity_count; i++)
        ck_assert_int_gt(tiled.entities[i].line, 100);
    leveldesc_fini(&tiled);
    leveldesc_fini(&native);
}
END_TEST

START_TEST(base64_layers_decode_with_every_padding)
{
    /* 1, 2 and 3 columns of 2 rows: 8, 16 and 24 bytes, so "=", "==" and none. */
    static const char *const data[] = {
        "AgAAAAIAAIA=",
        "AgAAAAIAAEACAAAAAgAAIA==",
        "AgAAAAIAAAACAAAAAgAAAAIAAAACAAAA",
    };
    for (int w = 1; w <= 3; w++) {
        char layer[256];
        snprintf(layer, sizeof layer, "\"encoding\": \"base64\", \"data\": \"%s\"", data[w - 1]);
        MapSpec m = default_map();
        m.width = w;
        m.layer = layer;
        LevelErrors *e = new_errors();
        LevelDesc lv;
        ck_assert_msg(parse_map(&m, &lv, e), "width %d:\n%s", w, dump(e));
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < w; x++)
                ck_assert_int_eq(tilemap_get(&lv.map, x, y), TILE_ONEWAY);
        leveldesc_fini(&lv);
        free(e);
    }
}
END_TEST

START_TEST(a_version_number_from_tiled_1_x_is_accepted)
{
    MapSpec m = default_map();
    m.version = "\"version\": 1.2,";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(parse_map(&m, &lv, e), "%s", dump(e));
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

START_TEST(unsupported_features_are_refused_by_name)
{
    MapSpec m = default_map();
    m.orientation = "staggered";
    expect_refused(&m, "staggered maps are not supported");
    m = default_map();
    m.orientation = "hexagonal";
    expect_refused(&m, "hexagonal maps are not supported");
    m = default_map();
    m.infinite = "true";
    expect_refused(&m, "infinite maps are not supported");
    m = default_map();
    m.tile_width = 32;
    expect_refused(&m, "only 16x16 px tiles are supported");
    m = default_map();
    m.version = "";
    expect_refused(&m, "the map has no \"version\", as maps from before Tiled 1.0: the format is "
                       "too old to read; open it in Tiled 1.0 or later and save it again");
    m = default_map();
    m.version = "\"version\": \"0.18\",";
    expect_refused(&m,
                   "map format version \"0.18\" predates Tiled 1.0: the format is too old to read");
    m = default_map();
    m.layer = "\"encoding\": \"base64\", \"compression\": \"lz4\", \"data\": \"\"";
    expect_refused(&m,
                   "unknown compression \"lz4\" (expected \"zlib\", \"gzip\", \"zstd\" or \"\")");
    m = default_map();
    m.layer = "\"compression\": \"zlib\", \"data\": [0, 0, 0, 0]";
    expect_refused(&m, "zlib compression needs \"encoding\": \"base64\"");
    m = default_map();
    m.layer = "\"chunks\": []";
    expect_refused(&m, "infinite maps (tile layers made of chunks) are not supported");
    m = default_map();
    m.tilesets = "{\"firstgid\": 1, \"source\": \"tiles.tsx\"}";
    expect_refused(&m, "XML tilesets (.tsx) are not supported");
    m = default_map();
    m.objects = "{\"id\": 1, \"template\": \"coin.tx\", \"x\": 0, \"y\": 0},";
    expect_refused(&m, "cannot read the template \"coin.tx\"");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"coin\", \"x\": 0, \"y\": 16, \"rotation\": 45},";
    expect_refused(&m, "rotated objects are not supported");
}
END_TEST

START_TEST(classes_and_properties_are_checked)
{
    MapSpec m = default_map();
    m.layer = "\"data\": [0, 4, 0, 0]";
    expect_refused(&m, "a tile of class \"coin\" is an entity: place it as a tile object");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"switch\", \"x\": 16, \"y\": 16, "
                "\"properties\": [{\"name\": \"group\", \"type\": \"string\", \"value\": \"1\"}]},";
    expect_refused(&m, "property \"group\" must be of type int, not string");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"coin\", \"class\": \"saw\", \"x\": 16, \"y\": 16},";
    expect_refused(&m, "\"class\" and \"type\" disagree");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"coin\", \"x\": 16, \"y\": 16, "
                "\"properties\": [{\"name\": \"value\", \"type\": \"int\", \"value\": 5}]},";
    expect_refused(&m, "a coin takes no properties");
    m = default_map();
    m.objects = "{\"id\": 1, \"type\": \"block\", \"x\": 16, \"y\": 16, "
                "\"properties\": [{\"name\": \"group\", \"type\": \"int\", \"value\": 0},"
                " {\"name\": \"group\", \"type\": \"int\", \"value\": 1}]},";
    expect_refused(&m, "property \"group\" is set twice");
    /* Tiles of an external tileset resolve through the file. */
    m = default_map();
    m.tilesets = "{\"firstgid\": 1, \"source\": \"ext.tsj\"}";
    m.layer = "\"data\": [4, 0, 2147483652, 0]";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(parse_map(&m, &lv, e), "%s", dump(e));
    ck_assert_int_eq(tilemap_get(&lv.map, 0, 0), TILE_ONEWAY);
    ck_assert_int_eq(tilemap_get(&lv.map, 0, 1), TILE_ONEWAY);
    leveldesc_fini(&lv);
    free(e);
}
END_TEST

START_TEST(errors_in_an_external_tileset_name_the_tileset)
{
    char tileset[1024];
    src_path(tileset, sizeof tileset, "tests/levels/tiled/broken_size.tsj");
    MapSpec m = default_map();
    m.tilesets = "{\"firstgid\": 1, \"source\": \"broken_size.tsj\"}";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_map(&m, &lv, e));
    bool found = false;
    for (int i = 0; i < e->count; i++)
        found |= strcmp(e->list[i].file, tileset) == 0 && e->list[i].line == 6 &&
                 e->list[i].col == 16 && strstr(e->list[i].message, "only 16x16") != NULL;
    ck_assert_msg(found, "%s", dump(e));
    ck_assert_msg(has_fragment(e, "the tileset \"broken_size.tsj\" has errors"), "%s", dump(e));
    free(e);
}
END_TEST

/* ---- compressed tile layers ---- */

/* What the tests compress with, straight from the libraries. */
typedef enum Codec { RAW, ZLIB, GZIP, ZSTD, ZSTD_UNSIZED, CODEC_COUNT } Codec;
static const char *const CODEC_NAMES[CODEC_COUNT] = {"", "zlib", "gzip", "zstd", "zstd"};

#define FLIP_H 0x80000000u
#define FLIP_V 0x40000000u
#define FLIP_D 0x20000000u

/* A 6 x 2 layer with every tile kind, flipped and not, clear of the player
** and the goal at column 0. */
static const uint32_t LAYER[12] = {
    0, 0, 1, 2 | FLIP_H, 3, 0, 0, 0, 1, 1, 2 | FLIP_V | FLIP_D, 1,
};

static unsigned char *gid_bytes(const uint32_t *gids, size_t count)
{
    unsigned char *b = malloc(count * 4 + 1);
    ck_assert_ptr_nonnull(b);
    for (size_t i = 0; i < count; i++)
        for (int k = 0; k < 4; k++)
            b[i * 4 + (size_t)k] = (unsigned char)(gids[i] >> (8 * k));
    return b;
}

static unsigned char *deflate_with(const unsigned char *in, size_t n, int window_bits,
                                   size_t *out_n)
{
    z_stream s;
    memset(&s, 0, sizeof s);
    ck_assert_int_eq(deflateInit2(&s, 9, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY), Z_OK);
    uLong bound = deflateBound(&s, (uLong)n);
    unsigned char *out = malloc(bound);
    ck_assert_ptr_nonnull(out);
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)n;
    s.next_out = out;
    s.avail_out = (uInt)bound;
    ck_assert_int_eq(deflate(&s, Z_FINISH), Z_STREAM_END);
    *out_n = s.total_out;
    deflateEnd(&s);
    return out;
}

/* in compressed by codec (RAW: a copy); ZSTD_UNSIZED is a frame that does
** not say how big its content is, as a streaming compressor writes it. */
static unsigned char *pack(Codec codec, const unsigned char *in, size_t n, size_t *out_n)
{
    if (codec == ZLIB || codec == GZIP)
        return deflate_with(in, n, codec == GZIP ? 16 + MAX_WBITS : MAX_WBITS, out_n);
    size_t bound = ZSTD_compressBound(n) + 16;
    unsigned char *out = malloc(bound);
    ck_assert_ptr_nonnull(out);
    if (codec == RAW) {
        memcpy(out, in, n);
        *out_n = n;
    } else if (codec == ZSTD) {
        *out_n = ZSTD_compress(out, bound, in, n, 3);
        ck_assert(!ZSTD_isError(*out_n));
    } else {
        ZSTD_CStream *z = ZSTD_createCStream();
        ck_assert_ptr_nonnull(z);
        ZSTD_inBuffer src = {in, n, 0};
        ZSTD_outBuffer dst = {out, bound, 0};
        ck_assert(!ZSTD_isError(ZSTD_compressStream2(z, &dst, &src, ZSTD_e_continue)));
        ck_assert_uint_eq(ZSTD_compressStream2(z, &dst, &src, ZSTD_e_end), 0);
        ZSTD_freeCStream(z);
        *out_n = dst.pos;
        ck_assert_uint_eq(ZSTD_getFrameContentSize(out, *out_n), ZSTD_CONTENTSIZE_UNKNOWN);
    }
    return out;
}

static char *b64(const unsigned char *in, size_t n)
{
    static const char d[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc((n + 2) / 3 * 4 + 1);
    ck_assert_ptr_nonnull(out);
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)in[i] << 16 | (i + 1 < n ? (unsigned)in[i + 1] << 8 : 0) |
                     (i + 2 < n ? in[i + 2] : 0);
        out[o++] = d[v >> 18 & 63];
        out[o++] = d[v >> 12 & 63];
        out[o++] = i + 1 < n ? d[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? d[v & 63] : '=';
    }
    out[o] = '\0';
    return out;
}

/* The members of a base64 tile layer holding stream (n bytes), compressed
** as codec says. */
static char *base64_layer(Codec codec, const unsigned char *stream, size_t n)
{
    char *data = b64(stream, n);
    size_t size = strlen(data) + 128;
    char *layer = malloc(size);
    ck_assert_ptr_nonnull(layer);
    snprintf(layer, size, "\"encoding\": \"base64\", \"compression\": \"%s\", \"data\": \"%s\"",
             CODEC_NAMES[codec], data);
    free(data);
    return layer;
}

/* A 6 x 2 map whose tile layer holds gids, packed by codec. */
static char *packed_layer(Codec codec, const uint32_t *gids, size_t count)
{
    unsigned char *bytes = gid_bytes(gids, count);
    size_t n;
    unsigned char *stream = pack(codec, bytes, count * 4, &n);
    char *layer = base64_layer(codec, stream, n);
    free(stream);
    free(bytes);
    return layer;
}

static MapSpec wide_map(const char *layer)
{
    MapSpec m = default_map();
    m.width = 6;
    m.layer = layer;
    return m;
}

/* Where the tile layer's "data" value starts in the text map_text makes. */
static void data_place(const MapSpec *m, int *line, int *col)
{
    char *text = map_text(m);
    const char *at = strstr(text, "\"data\": ");
    ck_assert_ptr_nonnull(at);
    at += strlen("\"data\": ");
    *line = 1;
    const char *line_start = text;
    for (const char *p = text; p < at; p++)
        if (*p == '\n') {
            (*line)++;
            line_start = p + 1;
        }
    *col = (int)(at - line_start) + 1;
    free(text);
}

/* The map is refused with one error, at its layer's data, containing frag. */
static void expect_refused_at_data(const MapSpec *m, const char *frag)
{
    int line, col;
    data_place(m, &line, &col);
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(!parse_map(m, &lv, e), "loaded; expected \"%s\"", frag);
    ck_assert_msg(e->count == 1 && e->list[0].line == line && e->list[0].col == col &&
                      strstr(e->list[0].message, frag) != NULL,
                  "expected one error at %d:%d with \"%s\", got:\n%s", line, col, frag, dump(e));
    free(e);
}

START_TEST(compressed_layers_load_as_the_same_level_as_csv)
{
    char csv[256] = "\"data\": [";
    for (int i = 0; i < 12; i++)
        snprintf(csv + strlen(csv), sizeof csv - strlen(csv), "%s%u", i ? ", " : "", LAYER[i]);
    strcat(csv, "]");
    MapSpec m = wide_map(csv);
    LevelErrors *e = new_errors();
    LevelDesc plain;
    ck_assert_msg(parse_map(&m, &plain, e), "%s", dump(e));
    ck_assert_int_eq(tilemap_get(&plain.map, 2, 0), TILE_SOLID);
    ck_assert_int_eq(tilemap_get(&plain.map, 3, 0), TILE_ONEWAY);
    ck_assert_int_eq(tilemap_get(&plain.map, 4, 0), TILE_SPIKES);
    ck_assert_int_eq(tilemap_get(&plain.map, 4, 1), TILE_ONEWAY);
    for (int c = RAW; c < CODEC_COUNT; c++) {
        char *layer = packed_layer((Codec)c, LAYER, 12);
        m = wide_map(layer);
        LevelDesc lv;
        ck_assert_msg(parse_map(&m, &lv, e), "%s:\n%s", layer, dump(e));
        const char *diff = difference(&plain, &lv);
        ck_assert_msg(diff == NULL, "%s differs in %s", layer, diff);
        leveldesc_fini(&lv);
        free(layer);
    }
    leveldesc_fini(&plain);
    free(e);
}
END_TEST

/* What zlib says of a stream, for the messages to quote. */
static const char *zlib_reason(const unsigned char *in, size_t n, int window_bits)
{
    static char reason[128];
    z_stream s;
    memset(&s, 0, sizeof s);
    ck_assert_int_eq(inflateInit2(&s, window_bits), Z_OK);
    unsigned char out[64];
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)n;
    s.next_out = out;
    s.avail_out = sizeof out;
    ck_assert_int_eq(inflate(&s, Z_FINISH), Z_DATA_ERROR);
    ck_assert_ptr_nonnull(s.msg);
    snprintf(reason, sizeof reason, "%s", s.msg);
    inflateEnd(&s);
    return reason;
}

static const char *zstd_reason(const unsigned char *in, size_t n)
{
    unsigned char out[64];
    size_t r = ZSTD_decompress(out, sizeof out, in, n);
    ck_assert(ZSTD_isError(r));
    return ZSTD_getErrorName(r);
}

START_TEST(corrupt_streams_are_refused_at_their_data_with_the_library_reason)
{
    unsigned char *bytes = gid_bytes(LAYER, 12);
    for (int c = ZLIB; c < CODEC_COUNT; c++) {
        size_t n;
        unsigned char *good = pack((Codec)c, bytes, 48, &n);
        unsigned char *bad = malloc(n);
        ck_assert_ptr_nonnull(bad);
        int wbits = c == GZIP ? 16 + MAX_WBITS : MAX_WBITS;
        char expect[200];
        /* A wrong first byte: the zlib and gzip headers, the zstd magic number. */
        memcpy(bad, good, n);
        bad[0] ^= 0xFF;
        snprintf(expect, sizeof expect, "bad tile data: the %s stream is corrupt: %s",
                 CODEC_NAMES[c],
                 c == ZLIB || c == GZIP ? zlib_reason(bad, n, wbits) : zstd_reason(bad, n));
        char *layer = base64_layer((Codec)c, bad, n);
        MapSpec m = wide_map(layer);
        expect_refused_at_data(&m, expect);
        free(layer);
        if (c == ZLIB || c == GZIP) {
            /* A wrong checksum: zlib's adler32 at the end, gzip's CRC-32 before its size. */
            memcpy(bad, good, n);
            bad[c == ZLIB ? n - 1 : n - 8] ^= 1;
            snprintf(expect, sizeof expect, "the %s stream is corrupt: %s", CODEC_NAMES[c],
                     zlib_reason(bad, n, wbits));
            layer = base64_layer((Codec)c, bad, n);
            m = wide_map(layer);
            expect_refused_at_data(&m, expect);
            free(layer);
        }
        /* Cut short. */
        if (c == ZSTD || c == ZSTD_UNSIZED)
            snprintf(expect, sizeof expect, "the zstd stream is corrupt: %s",
                     zstd_reason(good, n - 3));
        else
            snprintf(expect, sizeof expect, "the %s stream is cut short", CODEC_NAMES[c]);
        layer = base64_layer((Codec)c, good, n - 3);
        m = wide_map(layer);
        expect_refused_at_data(&m, expect);
        free(layer);
        free(bad);
        free(good);
    }
    /* Not base64 at all. */
    MapSpec m = wide_map("\"encoding\": \"base64\", \"compression\": \"zlib\", \"data\": \"eJ*j\"");
    expect_refused_at_data(
        &m, "bad tile data: the base64 text is not valid: it holds a character that is not base64");
    free(bytes);
}
END_TEST

START_TEST(wrong_decoded_sizes_are_refused_at_their_data)
{
    uint32_t gids[13];
    memcpy(gids, LAYER, sizeof LAYER);
    gids[12] = 1;
    /* What each says of 11 gids (44 bytes) and of 13 (52) in a 6 x 2 layer. */
    static const char *const fewer[CODEC_COUNT] = {
        "the base64 data holds 44 bytes", "the zlib stream holds 44 bytes",
        "the gzip stream holds 44 bytes", "the zstd frame says it holds 44 bytes",
        "the zstd stream holds 44 bytes"};
    static const char *const more[CODEC_COUNT] = {
        "the base64 data holds 52 bytes", "the zlib stream holds more than 48 bytes",
        "the gzip stream holds more than 48 bytes", "the zstd frame says it holds 52 bytes",
        "the zstd stream holds more than 48 bytes"};
    for (int c = RAW; c < CODEC_COUNT; c++) {
        char expect[160];
        char *layer = packed_layer((Codec)c, gids, 11);
        MapSpec m = wide_map(layer);
        snprintf(expect, sizeof expect, "bad tile data: %s (6x2 tiles need 48 bytes)", fewer[c]);
        expect_refused_at_data(&m, expect);
        free(layer);
        layer = packed_layer((Codec)c, gids, 13);
        m = wide_map(layer);
        snprintf(expect, sizeof expect, "bad tile data: %s (6x2 tiles need 48 bytes)", more[c]);
        expect_refused_at_data(&m, expect);
        free(layer);
    }
    /* A stream of 64 MiB for a layer of 48 bytes is stopped at 48: it is
    ** never decompressed whole, whatever it says. */
    size_t big = 64u << 20;
    unsigned char *zeros = calloc(big, 1);
    ck_assert_ptr_nonnull(zeros);
    for (int c = ZLIB; c < CODEC_COUNT; c++) {
        size_t n;
        unsigned char *stream = pack((Codec)c, zeros, big, &n);
        ck_assert_uint_lt(n, big / 100);
        char *layer = base64_layer((Codec)c, stream, n);
        MapSpec m = wide_map(layer);
        char expect[160];
        if (c == ZSTD)
            snprintf(expect, sizeof expect, "the zstd frame says it holds %zu bytes", big);
        else
            snprintf(expect, sizeof expect, "the %s stream holds more than 48 bytes",
                     CODEC_NAMES[c]);
        expect_refused_at_data(&m, expect);
        free(layer);
        free(stream);
    }
    free(zeros);
}
END_TEST

/* ---- Tiled 1.0 and 1.1, Tiled 0.x ---- */

/* The same map in the JSON of Tiled 1.0 (properties as objects, the
** tileset's tiles keyed by id, tile properties apart) and of Tiled 1.2 and
** later. The switch is a tile object whose group comes from its tile. */
static const char *const MAP_1_0 =
    "{\"type\": \"map\", \"version\": 1, \"tiledversion\": \"1.0.3\", \"orientation\": "
    "\"orthogonal\",\n"
    " \"width\": 6, \"height\": 2, \"tilewidth\": 16, \"tileheight\": 16,\n"
    " \"properties\": {\"name\": \"Old\", \"background\": \"hills\", \"gravity\": 1500},\n"
    " \"propertytypes\": {\"name\": \"string\", \"background\": \"string\", \"gravity\": "
    "\"float\"},\n"
    " \"tilesets\": [{\"firstgid\": 1, \"name\": \"t\", \"tilecount\": 4, \"columns\": 4,\n"
    "   \"image\": \"t.png\", \"imagewidth\": 64, \"imageheight\": 16, \"tilewidth\": 16, "
    "\"tileheight\": 16,\n"
    "   \"properties\": {}, \"propertytypes\": {},\n"
    "   \"tiles\": {\"0\": {\"type\": \"solid\"}, \"1\": {\"type\": \"oneway\"}, \"3\": {\"type\": "
    "\"switch\"}},\n"
    "   \"tileproperties\": {\"2\": {\"note\": \"no class\"}, \"3\": {\"group\": 2}},\n"
    "   \"tilepropertytypes\": {\"2\": {\"note\": \"string\"}, \"3\": {\"group\": \"int\"}}}],\n"
    " \"layers\": [\n"
    "  {\"type\": \"tilelayer\", \"name\": \"t\", \"width\": 6, \"height\": 2,\n"
    "   \"data\": [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 1]},\n"
    "  {\"type\": \"objectgroup\", \"name\": \"o\", \"objects\": [\n"
    "    {\"id\": 1, \"type\": \"player\", \"x\": 0, \"y\": 32, \"width\": 0, \"height\": 0},\n"
    "    {\"id\": 2, \"type\": \"goal\", \"x\": 16, \"y\": 0, \"width\": 16, \"height\": 32},\n"
    "    {\"id\": 3, \"gid\": 4, \"x\": 48, \"y\": 16, \"width\": 16, \"height\": 16},\n"
    "    {\"id\": 4, \"type\": \"block\", \"x\": 64, \"y\": 0, \"width\": 32, \"height\": 16,\n"
    "     \"properties\": {\"group\": 2, \"solid_when\": \"off\"}}]}]}\n";

static const char *const MAP_1_2 =
    "{\"type\": \"map\", \"version\": \"1.8\", \"tiledversion\": \"1.8.2\", \"orientation\": "
    "\"orthogonal\",\n"
    " \"width\": 6, \"height\": 2, \"tilewidth\": 16, \"tileheight\": 16,\n"
    " \"properties\": [{\"name\": \"name\", \"type\": \"string\", \"value\": \"Old\"},\n"
    "   {\"name\": \"background\", \"type\": \"string\", \"value\": \"hills\"},\n"
    "   {\"name\": \"gravity\", \"type\": \"float\", \"value\": 1500}],\n"
    " \"tilesets\": [{\"firstgid\": 1, \"name\": \"t\", \"tilecount\": 4, \"columns\": 4,\n"
    "   \"image\": \"t.png\", \"imagewidth\": 64, \"imageheight\": 16, \"tilewidth\": 16, "
    "\"tileheight\": 16,\n"
    "   \"tiles\": [{\"id\": 0, \"type\": \"solid\"}, {\"id\": 1, \"type\": \"oneway\"},\n"
    "     {\"id\": 3, \"type\": \"switch\", \"properties\": [{\"name\": \"group\", \"type\": "
    "\"int\", \"value\": 2}]}]}],\n"
    " \"layers\": [\n"
    "  {\"type\": \"tilelayer\", \"name\": \"t\", \"width\": 6, \"height\": 2,\n"
    "   \"data\": [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 1]},\n"
    "  {\"type\": \"objectgroup\", \"name\": \"o\", \"objects\": [\n"
    "    {\"id\": 1, \"type\": \"player\", \"x\": 0, \"y\": 32, \"point\": true},\n"
    "    {\"id\": 2, \"type\": \"goal\", \"x\": 16, \"y\": 0, \"width\": 16, \"height\": 32},\n"
    "    {\"id\": 3, \"gid\": 4, \"x\": 48, \"y\": 16, \"width\": 16, \"height\": 16},\n"
    "    {\"id\": 4, \"type\": \"block\", \"x\": 64, \"y\": 0, \"width\": 32, \"height\": 16,\n"
    "     \"properties\": [{\"name\": \"group\", \"type\": \"int\", \"value\": 2},\n"
    "       {\"name\": \"solid_when\", \"type\": \"string\", \"value\": \"off\"}]}]}]}\n";

static bool parse_text(const char *text, LevelDesc *out, LevelErrors *e)
{
    return level_parse("old.json", text, strlen(text), NULL, out, e);
}

START_TEST(a_tiled_1_0_map_loads_as_the_same_level_as_its_1_2_twin)
{
    LevelErrors *e = new_errors();
    LevelDesc old, new;
    ck_assert_msg(parse_text(MAP_1_0, &old, e), "%s", dump(e));
    ck_assert_msg(parse_text(MAP_1_2, &new, e), "%s", dump(e));
    const char *diff = difference(&old, &new);
    ck_assert_msg(diff == NULL, "differs in %s", diff);
    ck_assert_str_eq(old.name, "Old");
    ck_assert(old.physics.gravity == 1500.0f);
    ck_assert_int_eq(tilemap_get(&old.map, 3, 1), TILE_SOLID);
    ck_assert_int_eq(tilemap_get(&old.map, 4, 1), TILE_ONEWAY);
    /* The switch took its class and its group from its tile; the block's
    ** types, not written, were read off the values. */
    ck_assert_int_eq(old.entity_count, 4);
    const LevelEntity *sw = &old.entities[2], *block = &old.entities[3];
    ck_assert(is_kind(sw, "switch"));
    ck_assert_int_eq(prop_i(sw, "group"), 2);
    ck_assert_int_eq(sw->x, 48);
    ck_assert_int_eq(sw->y, 0);
    ck_assert(is_kind(block, "block"));
    ck_assert_int_eq(prop_i(block, "group"), 2);
    ck_assert_int_eq(block->w, 32);
    leveldesc_fini(&old);
    leveldesc_fini(&new);
    free(e);
}
END_TEST

static void expect_text_refused(const char *text, const char *frag)
{
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(!parse_text(text, &lv, e), "loaded; expected \"%s\"", frag);
    ck_assert_msg(has_fragment(e, frag), "expected \"%s\", got:\n%s", frag, dump(e));
    free(e);
}

/* MAP_1_0 with one piece replaced. */
static char *edit(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    ck_assert_msg(at != NULL, "no \"%s\"", from);
    size_t size = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(size);
    ck_assert_ptr_nonnull(out);
    snprintf(out, size, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

START_TEST(old_properties_are_checked_like_new_ones)
{
    static const struct {
        const char *from, *to, *expect;
    } cases[] = {
        /* A group read off a value that is not whole is a float. */
        {"\"group\": 2, \"solid_when\"", "\"group\": 2.5, \"solid_when\"",
         "property \"group\" must be of type int, not float"},
        {"\"solid_when\": \"off\"", "\"solid_wen\": \"off\"", "did you mean \"solid_when\""},
        {"\"gravity\": \"float\"", "\"gravity\": \"string\"",
         "property \"gravity\" must be of type float or int, not string"},
        {"\"3\": {\"group\": \"int\"}", "\"3\": {\"group\": \"string\"}",
         "property \"group\" must be of type int, not string"},
        {"\"3\": {\"type\": \"switch\"}", "\"x3\": {\"type\": \"switch\"}",
         "a tile id is a whole number from 0 to"},
        {"\"propertytypes\": {\"name\"", "\"propertytypes\": [], \"x\": {\"name\"",
         "expected an object, got an array"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = edit(MAP_1_0, cases[i].from, cases[i].to);
        expect_text_refused(text, cases[i].expect);
        free(text);
    }
    /* A tile's bad property is said once, however many objects use the tile. */
    char *text = edit(MAP_1_0, "\"3\": {\"group\": 2}", "\"3\": {\"group\": 9}");
    char *twice =
        edit(text, "{\"id\": 3, \"gid\": 4,",
             "{\"id\": 5, \"gid\": 4, \"x\": 80, \"y\": 32},\n    {\"id\": 3, \"gid\": 4,");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!parse_text(twice, &lv, e));
    int said = 0;
    for (int i = 0; i < e->count; i++)
        said += strstr(e->list[i].message, "expected an integer from 0 to 7, got 9") != NULL;
    ck_assert_msg(said == 1, "%s", dump(e));
    free(e);
    free(twice);
    free(text);
}
END_TEST

START_TEST(a_tiled_0_x_map_is_refused_in_one_line)
{
    char path[1024];
    src_path(path, sizeof path, "tests/levels/broken/tiled_0x.json");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!level_load(path, NULL, &lv, e));
    ck_assert_msg(e->count == 1, "%s", dump(e));
    ck_assert_int_eq(e->list[0].line, 1);
    ck_assert_int_eq(e->list[0].col, 1);
    ck_assert_str_eq(
        e->list[0].message,
        "a map of Tiled 0.x (it has no \"type\": \"map\"): the format is too old to read; "
        "open it in Tiled 1.0 or later and save it again (File > Save As, JSON map)");
    free(e);
}
END_TEST

/* ---- image collections ---- */

START_TEST(a_sparse_image_collection_gives_tall_tile_objects)
{
    /* sparse.json: tiles 0 (solid, 16x16), 4 (checkpoint, 16x32) and 9
    ** (coin): three tiles, ids up to 9. */
    MapSpec m = default_map();
    m.width = 6;
    m.tilesets = "{\"firstgid\": 1, \"source\": \"sparse.json\"}";
    m.layer = "\"data\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]";
    m.objects = "{\"id\": 1, \"gid\": 5, \"x\": 16, \"y\": 32, \"width\": 16, \"height\": 32},"
                "{\"id\": 2, \"gid\": 10, \"x\": 48, \"y\": 16},"
                "{\"id\": 3, \"gid\": 2147483653, \"x\": 32, \"y\": 32},";
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert_msg(parse_map(&m, &lv, e), "%s", dump(e));
    ck_assert_int_eq(tilemap_get(&lv.map, 3, 1), TILE_SOLID);
    ck_assert_int_eq(lv.entity_count, 5);
    /* Box bottom-left on the object's bottom-left: a 16x32 checkpoint whose
    ** object ends at y 32 spans rows 0 and 1; a flipped one too. */
    const LevelEntity *flag = &lv.entities[0], *coin = &lv.entities[1], *flipped = &lv.entities[2];
    ck_assert(is_kind(flag, "checkpoint"));
    ck_assert_int_eq(flag->x, 16);
    ck_assert_int_eq(flag->y, 32 - flag->h);
    ck_assert(is_kind(coin, "coin"));
    ck_assert_int_eq(coin->x, 48);
    ck_assert_int_eq(coin->y, 0);
    ck_assert(is_kind(flipped, "checkpoint"));
    ck_assert_int_eq(flipped->x, 32);
    leveldesc_fini(&lv);
    free(e);

    /* The gaps are no tiles, and tiles of an entity class or of another
    ** size do not go in a tile layer. */
    m.objects = "";
    m.layer = "\"data\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 3]";
    expect_refused(&m, "gid 3 is tile 2 of image collection \"sparse\", which has no such tile");
    m.layer = "\"data\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 11]";
    expect_refused(&m, "gid 11 is tile 10 of image collection \"sparse\", which has no such tile");
    m.layer = "\"data\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 5]";
    expect_refused(&m, "a tile of class \"checkpoint\" is an entity");
    m.tilesets =
        "{\"firstgid\": 1, \"name\": \"c\", \"tilecount\": 1, \"tilewidth\": 16,"
        " \"tileheight\": 32, \"columns\": 0, \"tiles\": [{\"id\": 7, \"image\": \"p.png\","
        " \"imagewidth\": 16, \"imageheight\": 32, \"type\": \"solid\"}]}";
    m.layer = "\"data\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0]";
    expect_refused(&m, "gid 8 is a 16x32 px tile; a tile layer takes 16x16 px tiles");
}
END_TEST

START_TEST(a_tileset_is_not_a_level)
{
    char path[1024];
    src_path(path, sizeof path, "tests/levels/tiled/sparse.json");
    LevelErrors *e = new_errors();
    LevelDesc lv;
    ck_assert(!level_load(path, NULL, &lv, e));
    ck_assert_msg(e->count == 1 &&
                      strstr(e->list[0].message, "this is a Tiled tileset, not a level") != NULL,
                  "%s", dump(e));
    free(e);
}
END_TEST

/* ---- export ---- */

static void export_and_compare(const char *rel, const char *out_name)
{
    char level[1024], out[1024], tileset[1024];
    src_path(level, sizeof level, rel);
    snprintf(out, sizeof out, "%s/%s", TMP_DIR, out_name);
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    LevelErrors *e = new_errors();
    ck_assert_msg(level_export_tiled(level, out, tileset, LEVEL_LAYER_CSV, e), "%s:\n%s", rel,
                  dump(e));
    /* With another base, both still agree: only the level's own overrides
    ** are written into the map. */
    PhysicsParams base = physics_defaults();
    base.gravity = 1.0f;
    base.jump_speed = 999.0f;
    LevelDesc a, b;
    ck_assert_msg(level_load(level, &base, &a, e), "%s", dump(e));
    ck_assert_msg(level_load(out, &base, &b, e), "%s", dump(e));
    const char *diff = difference(&a, &b);
    ck_assert_msg(diff == NULL, "%s: the exported map differs in %s", rel, diff);
    ck_assert(b.physics.jump_speed == 999.0f);
    leveldesc_fini(&a);
    leveldesc_fini(&b);
    char *text = read_text(out, NULL);
    const char *source = strstr(text, "\"source\":");
    ck_assert_ptr_nonnull(source);
    source = strchr(source + 9, '"');
    ck_assert_ptr_nonnull(source);
    ck_assert_msg(source[1] != '/', "the tileset path is absolute");
    free(text);
    free(e);
}

START_TEST(export_loads_back_as_the_same_level)
{
    export_and_compare("tests/levels/good/basic.json", "basic.tmj");
    export_and_compare("tests/levels/tiled/full.json", "full-native.tmj");
    export_and_compare("tests/levels/tiled/full.tmj", "full-tiled.tmj");
}
END_TEST

START_TEST(a_generated_level_survives_the_round_trip)
{
    size_t len;
    char *text = level_generate(150, 40, &len);
    ck_assert_ptr_nonnull(text);
    char level[1024], out[1024], tileset[1024];
    snprintf(level, sizeof level, "%s/generated.json", TMP_DIR);
    snprintf(out, sizeof out, "%s/generated.tmj", TMP_DIR);
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    FILE *f = fopen(level, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    fclose(f);
    free(text);
    LevelErrors *e = new_errors();
    ck_assert_msg(level_export_tiled(level, out, tileset, LEVEL_LAYER_CSV, e), "%s", dump(e));
    LevelDesc a, b;
    ck_assert(level_load(level, NULL, &a, e));
    ck_assert(level_load(out, NULL, &b, e));
    const char *diff = difference(&a, &b);
    ck_assert_msg(diff == NULL, "differs in %s", diff);
    ck_assert_int_gt(a.entity_count, 20);
    leveldesc_fini(&a);
    leveldesc_fini(&b);
    free(e);
}
END_TEST

START_TEST(export_writes_every_tile_layer_format)
{
    char level[1024], out[1024], tileset[1024];
    src_path(level, sizeof level, "tests/levels/tiled/full.json");
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    static const char *const marks[LEVEL_LAYER_FORMAT_COUNT] = {
        "\"data\":\t[", "\"compression\":\t\"\"", "\"compression\":\t\"zlib\"",
        "\"compression\":\t\"gzip\"", "\"compression\":\t\"zstd\""};
    LevelErrors *e = new_errors();
    LevelDesc native;
    ck_assert_msg(level_load(level, NULL, &native, e), "%s", dump(e));
    for (int f = 0; f < LEVEL_LAYER_FORMAT_COUNT; f++) {
        const char *name = level_layer_format_name((LevelLayerFormat)f);
        ck_assert_int_eq(level_layer_format_find(name), f);
        snprintf(out, sizeof out, "%s/full-%s.tmj", TMP_DIR, name);
        ck_assert_msg(level_export_tiled(level, out, tileset, (LevelLayerFormat)f, e), "%s: %s",
                      name, dump(e));
        char *text = read_text(out, NULL);
        ck_assert_msg(strstr(text, marks[f]) != NULL, "%s: no %s in the map", name, marks[f]);
        if (f != LEVEL_LAYER_CSV)
            ck_assert_ptr_nonnull(strstr(text, "\"encoding\":\t\"base64\""));
        free(text);
        LevelDesc back;
        ck_assert_msg(level_load(out, NULL, &back, e), "%s: %s", name, dump(e));
        const char *diff = difference(&native, &back);
        ck_assert_msg(diff == NULL, "%s: differs in %s", name, diff);
        leveldesc_fini(&back);
    }
    ck_assert_int_eq(level_layer_format_find("lzma"), -1);
    leveldesc_fini(&native);
    free(e);
}
END_TEST

static void copy_file(const char *from, const char *to);
static int run_export(int argc, char **argv);

/* The export is refused with an error naming out, and no file changes. */
static void expect_no_overwrite(const char *level, const char *out, const char *tileset,
                                const char *kept, const char *frag)
{
    char *before = read_text(kept, NULL);
    LevelErrors *e = new_errors();
    ck_assert_msg(!level_export_tiled(level, out, tileset, LEVEL_LAYER_ZSTD, e), "%s was written",
                  out);
    ck_assert_msg(e->count == 1 && strcmp(e->list[0].file, out) == 0 &&
                      strstr(e->list[0].message, frag) != NULL,
                  "%s", dump(e));
    char *after = read_text(kept, NULL);
    ck_assert_str_eq(before, after);
    free(after);
    free(before);
    free(e);
}

START_TEST(export_never_writes_over_its_level_or_its_tileset)
{
    char src[1024], level[1024], tileset[1024], src_tileset[1024];
    src_path(src, sizeof src, "tests/levels/good/basic.json");
    src_path(src_tileset, sizeof src_tileset, "assets/tiled/tiles.tsj");
    snprintf(level, sizeof level, "%s/self.json", TMP_DIR);
    snprintf(tileset, sizeof tileset, "%s/self.tsj", TMP_DIR);
    copy_file(src, level);
    copy_file(src_tileset, tileset);
    const char *same = "this is the level being exported";
    expect_no_overwrite(level, level, tileset, level, same);
    /* The same file by other paths: another spelling, a hard link, a symlink. */
    char other[1024];
    snprintf(other, sizeof other, "%s/./self.json", TMP_DIR);
    expect_no_overwrite(level, other, tileset, level, same);
    snprintf(other, sizeof other, "%s/self-hard.json", TMP_DIR);
    unlink(other);
    ck_assert_int_eq(link(level, other), 0);
    expect_no_overwrite(level, other, tileset, level, same);
    snprintf(other, sizeof other, "%s/self-soft.json", TMP_DIR);
    unlink(other);
    ck_assert_int_eq(symlink(level, other), 0);
    expect_no_overwrite(level, other, tileset, level, same);
    /* The level named by a link, the map by its real path. */
    expect_no_overwrite(other, level, tileset, level, same);
    expect_no_overwrite(level, tileset, tileset, tileset, "this is the tileset the map uses");
    /* The command line says so too, with status 1. */
    char *argv[] = {"platformer", "--export-tiled", level, level, tileset};
    ck_assert_int_eq(run_export(5, argv), 1);
    char *kept = read_text(level, NULL), *orig = read_text(src, NULL);
    ck_assert_str_eq(kept, orig);
    free(kept);
    free(orig);
}
END_TEST

static void make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        ck_abort_msg("cannot make %s", path);
}

static void copy_file(const char *from, const char *to)
{
    char *text = read_text(from, NULL);
    FILE *f = fopen(to, "wb");
    ck_assert_msg(f != NULL, "cannot write %s", to);
    fputs(text, f);
    fclose(f);
    free(text);
}

static int run_export_with_data(int argc, char **argv, const char *data_dir)
{
    if (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "w", stderr) == NULL)
        ck_abort_msg("cannot silence output");
    return level_cli_export_tiled(argc, argv, data_dir);
}

static int run_export(int argc, char **argv)
{
    return run_export_with_data(argc, argv, NULL);
}

START_TEST(export_command_reports_usage_and_failures)
{
    char level[1024], broken[1024], out[1024], tileset[1024];
    src_path(level, sizeof level, "tests/levels/good/basic.json");
    src_path(broken, sizeof broken, "tests/levels/broken/two_players.json");
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    snprintf(out, sizeof out, "%s/cli.tmj", TMP_DIR);
    char *good[] = {"platformer", "--export-tiled", level, out, tileset};
    ck_assert_int_eq(run_export(5, good), 0);
    char *bad[] = {"platformer", "--export-tiled", broken, out, tileset};
    ck_assert_int_eq(run_export(5, bad), 1);
    char *missing[] = {"platformer", "--export-tiled", level};
    ck_assert_int_eq(run_export(3, missing), 2);
    char *nowhere[] = {"platformer", "--export-tiled", level, TMP_DIR "/no/such/dir/x.tmj",
                       tileset};
    ck_assert_int_eq(run_export(5, nowhere), 1);
    /* Without a tileset argument, levels/x.json finds ../assets/tiled/tiles.tsj. */
    char tsj[1024], copied_level[1024];
    snprintf(tsj, sizeof tsj, "%s/tree", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/levels", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/assets", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/assets/tiled", TMP_DIR);
    make_dir(tsj);
    snprintf(tsj, sizeof tsj, "%s/tree/assets/tiled/tiles.tsj", TMP_DIR);
    snprintf(copied_level, sizeof copied_level, "%s/tree/levels/basic.json", TMP_DIR);
    copy_file(tileset, tsj);
    copy_file(level, copied_level);
    char *implicit[] = {"platformer", "--export-tiled", copied_level, out};
    ck_assert_int_eq(run_export(4, implicit), 0);
    char *no_tileset_anywhere[] = {"platformer", "--export-tiled", level, out};
    ck_assert_int_eq(run_export(4, no_tileset_anywhere), 1);
    /* --layer-format, before, between or after the operands. */
    char *zstd[] = {"platformer", "--export-tiled", level, out, tileset, "--layer-format", "zstd"};
    ck_assert_int_eq(run_export(7, zstd), 0);
    char *text = read_text(out, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\"compression\":\t\"zstd\""));
    free(text);
    char *gzip[] = {"platformer", "--export-tiled", "--layer-format=gzip", level, out};
    ck_assert_int_eq(run_export(5, gzip), 1); /* no tileset from the build folder */
    char *gzip2[] = {"platformer", "--export-tiled", level, "--layer-format=gzip", out, tileset};
    ck_assert_int_eq(run_export(6, gzip2), 0);
    text = read_text(out, NULL);
    ck_assert_ptr_nonnull(strstr(text, "\"compression\":\t\"gzip\""));
    free(text);
    char *unknown[] = {"platformer", "--export-tiled", level, out, "--layer-format", "lzma"};
    ck_assert_int_eq(run_export(6, unknown), 2);
    char *no_value[] = {"platformer", "--export-tiled", level, out, "--layer-format"};
    ck_assert_int_eq(run_export(5, no_value), 2);
    char *bad_option[] = {"platformer", "--export-tiled", level, out, "--zstd"};
    ck_assert_int_eq(run_export(5, bad_option), 2);
    char *too_many[] = {"platformer", "--export-tiled", level, out, tileset, level};
    ck_assert_int_eq(run_export(6, too_many), 2);
}
END_TEST

/* Without a tileset argument, the game's data folder (found by main) gives
** it, wherever the level is; a data folder without one falls back to the
** level's tree, and then fails. */
START_TEST(export_takes_the_tileset_from_the_data_folder)
{
    char level[1024], out[1024], tileset[1024];
    src_path(level, sizeof level, "tests/levels/good/basic.json");
    src_path(tileset, sizeof tileset, "assets/tiled/tiles.tsj");
    snprintf(out, sizeof out, "%s/data-default.tmj", TMP_DIR);
    remove(out);
    char *args[] = {"platformer", "--export-tiled", level, out};
    ck_assert_int_eq(run_export_with_data(4, args, SOURCE_DIR), 0);
    LevelErrors *e = new_errors();
    LevelDesc from_map, native;
    ck_assert_msg(level_load(out, NULL, &from_map, e), "%s", dump(e));
    ck_assert_msg(level_load(level, NULL, &native, e), "%s", dump(e));
    const char *diff = difference(&native, &from_map);
    ck_assert_msg(diff == NULL, "the exported map differs in %s", diff);
    leveldesc_fini(&from_map);
    leveldesc_fini(&native);
    free(e);
    char *text = read_text(out, NULL);
    ck_assert_msg(strstr(text, "assets/tiled/tiles.tsj\"") != NULL,
                  "the map names the data's tileset");
    free(text);
    /* a data folder with no tileset, a level with none beside it */
    ck_assert_int_eq(run_export_with_data(4, args, TMP_DIR), 1);
}
END_TEST

/* ---- what a map may name ---- */

static void copy_to(const char *from_rel, const char *to)
{
    char from[1024];
    src_path(from, sizeof from, from_rel);
    size_t len;
    char *text = read_text(from, &len);
    FILE *f = fopen(to, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
    free(text);
}

/* tests/levels/tiled/full.tmj with its external tileset named `source`,
** at path. */
static void map_naming(const char *path, const char *source)
{
    char full[1024];
    src_path(full, sizeof full, "tests/levels/tiled/full.tmj");
    char *text = read_text(full, NULL);
    char *at = strstr(text, "\"source\": \"ext.tsj\"");
    ck_assert_ptr_nonnull(at);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%.*s\"source\": \"%s\"%s", (int)(at - text), text, source,
            at + strlen("\"source\": \"ext.tsj\""));
    ck_assert_int_eq(fclose(f), 0);
    free(text);
}

static void make_folder(const char *path)
{
    ck_assert_msg(mkdir(path, 0755) == 0 || errno == EEXIST, "%s", path);
}

/* A map of a level pack (packs/NAME/, its campaign and levels, as the user
** folder holds them) reads tilesets from its pack and the game's data, and
** is refused, before anything is read, one that names /etc/passwd, a file
** above the pack, or a link that leads out of it. The same maps named on
** the command line may read what their user can read; a file that is not a
** tileset is refused there too, without a word of its text. */
START_TEST(a_packs_maps_read_tilesets_only_from_the_pack_and_the_data)
{
    char root[1024], pack[1200], levels[1300], data[1200], path[1600], outside[1300];
    snprintf(root, sizeof root, "%s/confine", TMP_DIR);
    snprintf(pack, sizeof pack, "%s/packs", root);
    make_folder(root);
    make_folder(pack);
    snprintf(pack, sizeof pack, "%s/packs/friends", root);
    make_folder(pack);
    snprintf(levels, sizeof levels, "%s/levels", pack);
    make_folder(levels);
    snprintf(data, sizeof data, "%s/data", root);
    make_folder(data);
    snprintf(path, sizeof path, "%s/assets", data);
    make_folder(path);
    snprintf(path, sizeof path, "%s/assets/tiles.tsj", data);
    copy_to("tests/levels/tiled/ext.tsj", path);
    snprintf(path, sizeof path, "%s/tiles.tsj", pack);
    copy_to("tests/levels/tiled/ext.tsj", path);
    snprintf(outside, sizeof outside, "%s/x.tsj", root);
    copy_to("tests/levels/tiled/ext.tsj", outside); /* a good tileset: read, it would load */
    snprintf(path, sizeof path, "%s/campaign.json", pack);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"format\": 1, \"levels\": [{\"file\": \"own.tmj\", \"title\": \"Own\"}]}\n", f);
    ck_assert_int_eq(fclose(f), 0);
    snprintf(path, sizeof path, "%s/out.tsj", levels);
    unlink(path);
    ck_assert_int_eq(symlink(outside, path), 0);

    char data_tiles[1300];
    snprintf(data_tiles, sizeof data_tiles, "%s/assets/tiles.tsj", data);
    static const struct {
        const char *name, *source;
        bool in_pack;  /* loads held to the pack */
        bool anywhere; /* loads named on the command line */
    } cases[] = {
        {"own.tmj", "../tiles.tsj", true, true},
        {"data.tmj", NULL, true, true}, /* the data folder's, by its whole path */
        {"passwd.tmj", "/etc/passwd", false, false},
        {"up.tmj", "../../../x.tsj", false, true},
        {"link.tmj", "out.tsj", false, true},
    };
    LevelConfine confine = {pack, data};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", levels, cases[i].name);
        map_naming(path, cases[i].source != NULL ? cases[i].source : data_tiles);
        LevelErrors *e = new_errors();
        LevelDesc lv;
        bool ok = level_load_confined(path, NULL, &confine, &lv, e);
        ck_assert_msg(ok == cases[i].in_pack, "%s in its pack:%s", cases[i].name, dump(e));
        if (ok)
            leveldesc_fini(&lv);
        else
            ck_assert_msg(e->count == 1 &&
                              strstr(e->list[0].message, "is outside the level's folder") &&
                              strstr(e->list[0].message, "reads only its own files"),
                          "%s:%s", cases[i].name, dump(e));
        level_errors_clear(e);
        ok = level_load(path, NULL, &lv, e);
        ck_assert_msg(ok == cases[i].anywhere, "%s on its own:%s", cases[i].name, dump(e));
        if (ok)
            leveldesc_fini(&lv);
        for (int k = 0; k < e->count; k++) /* no word of /etc/passwd */
            ck_assert_msg(strstr(e->list[k].message, "root") == NULL, "%s", dump(e));
        if (!ok)
            ck_assert_msg(has_fragment(e, "not a Tiled tileset: the file is not JSON (its text is"
                                          " not shown)"),
                          "%s", dump(e));
        free(e);
    }
    /* --check of the pack holds its levels the same way: its own tileset
    ** and the data's pass, one beside the pack is refused */
    snprintf(path, sizeof path, "%s/own.tmj", pack);
    char *check[] = {"platformer", "--check", pack};
    map_naming(path, "tiles.tsj");
    ck_assert_int_eq(level_cli_check(3, check, data), 0);
    map_naming(path, data_tiles);
    ck_assert_int_eq(level_cli_check(3, check, data), 0);
    ck_assert_int_eq(level_cli_check(3, check, NULL), 1);
    map_naming(path, "../../x.tsj");
    ck_assert_int_eq(level_cli_check(3, check, data), 1);
}
END_TEST

static Suite *tiled_suite(void)
{
    Suite *s = suite_create("level_tiled");
    TCase *tc = tcase_create("tiled");
    tcase_add_test(tc, tiled_map_loads_as_the_same_level_as_its_native_twin);
    tcase_add_test(tc, base64_layers_decode_with_every_padding);
    tcase_add_test(tc, compressed_layers_load_as_the_same_level_as_csv);
    tcase_add_test(tc, corrupt_streams_are_refused_at_their_data_with_the_library_reason);
    tcase_add_test(tc, wrong_decoded_sizes_are_refused_at_their_data);
    tcase_add_test(tc, a_tiled_1_0_map_loads_as_the_same_level_as_its_1_2_twin);
    tcase_add_test(tc, old_properties_are_checked_like_new_ones);
    tcase_add_test(tc, a_tiled_0_x_map_is_refused_in_one_line);
    tcase_add_test(tc, a_sparse_image_collection_gives_tall_tile_objects);
    tcase_add_test(tc, a_tileset_is_not_a_level);
    tcase_add_test(tc, a_version_number_from_tiled_1_x_is_accepted);
    tcase_add_test(tc, unsupported_features_are_refused_by_name);
    tcase_add_test(tc, classes_and_properties_are_checked);
    tcase_add_test(tc, errors_in_an_external_tileset_name_the_tileset);
    tcase_add_test(tc, a_packs_maps_read_tilesets_only_from_the_pack_and_the_data);
    tcase_add_test(tc, export_loads_back_as_the_same_level);
    tcase_add_test(tc, a_generated_level_survives_the_round_trip);
    tcase_add_test(tc, export_writes_every_tile_layer_format);
    tcase_add_test(tc, export_never_writes_over_its_level_or_its_tileset);
    tcase_add_test(tc, export_command_reports_usage_and_failures);
    tcase_add_test(tc, export_takes_the_tileset_from_the_data_folder);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(tiled_suite());
}
