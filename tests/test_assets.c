/* SPDX-License-Identifier: Zlib */
/* test_assets.c -- the art: sources, the PNG encoder, atlas.json, the
** images and the program's icon. */
#include "anim.h"
#include "atlas.h"
#include "level.h"
#include "level_internal.h"
#include "icon.h"
#include "leveldesc.h"
#include "png.h"
#include "check_run.h"

#include <SDL_image.h>
#include <check.h>
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

/* The worlds: each has a tile theme and a background set of its name. */
static const char *const WORLDS[] = {"hills", "cave", "ice", "peak"};
enum { WORLD_COUNT = sizeof WORLDS / sizeof WORLDS[0] };

/* The game's view, in logical pixels (render.h). */
enum { VIEW_W = 480, VIEW_H = 270 };

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)n + 1);
    if (data != NULL && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    if (data != NULL) {
        data[n] = '\0';
        *len = (size_t)n;
    }
    return data;
}

static cJSON *load_atlas_json(void)
{
    size_t len;
    char *text = read_file(ASSETS_DIR "/atlas.json", &len);
    ck_assert_msg(text != NULL, "assets/atlas.json is missing");
    cJSON *root = cJSON_ParseWithLength(text, len);
    free(text);
    ck_assert_msg(root != NULL, "assets/atlas.json is not valid JSON");
    return root;
}

/* The surface as RGBA bytes, or NULL. */
static SDL_Surface *load_rgba(const char *path)
{
    SDL_Surface *raw = IMG_Load(path);
    if (raw == NULL)
        return NULL;
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(raw);
    return s;
}

static const uint8_t *pixel(const SDL_Surface *s, int x, int y)
{
    return (const uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch + (size_t)x * 4;
}

static int json_int(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    ck_assert_msg(cJSON_IsNumber(v), "atlas.json: '%s' is not a number", key);
    return v->valueint;
}

/* Every cell of a [[x, y], ...] list lies inside the atlas; returns how many
** cells have at least one visible pixel. */
static int check_cells(const cJSON *cells, int w, int h, const SDL_Surface *atlas, const char *what)
{
    ck_assert_msg(cJSON_IsArray(cells), "%s: cells is not an array", what);
    int visible = 0;
    const cJSON *cell;
    cJSON_ArrayForEach(cell, cells)
    {
        ck_assert_msg(cJSON_IsArray(cell) && cJSON_GetArraySize(cell) == 2,
                      "%s: a cell is not [x, y]", what);
        const cJSON *cx = cJSON_GetArrayItem(cell, 0), *cy = cJSON_GetArrayItem(cell, 1);
        ck_assert(cJSON_IsNumber(cx) && cJSON_IsNumber(cy));
        int x = cx->valueint, y = cy->valueint;
        if (x < 0 || y < 0 || x + w > atlas->w || y + h > atlas->h)
            ck_abort_msg("%s: cell (%d, %d) %dx%d leaves the %dx%d atlas", what, x, y, w, h,
                         atlas->w, atlas->h);
        bool any = false;
        for (int j = 0; j < h && !any; j++)
            for (int i = 0; i < w && !any; i++)
                any = pixel(atlas, x + i, y + j)[3] != 0;
        visible += any;
    }
    return visible;
}

/* ---- committed files ---- */

/* Whether two decoded images are the same size with the same pixels. */
static bool same_pixels(SDL_Surface *a, SDL_Surface *b)
{
    if (a == NULL || b == NULL || a->w != b->w || a->h != b->h)
        return false;
    for (int y = 0; y < a->h; y++)
        if (memcmp(pixel(a, 0, y), pixel(b, 0, y), (size_t)a->w * 4) != 0)
            return false;
    return true;
}

/* A PNG in memory, decoded to RGBA, or NULL. */
static SDL_Surface *decode_rgba(const uint8_t *data, size_t len)
{
    SDL_Surface *raw = IMG_Load_RW(SDL_RWFromConstMem(data, (int)len), 1);
    if (raw == NULL)
        return NULL;
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(raw);
    return s;
}

/* What art/ paints is what assets/ holds: the same pixels for an image
** (its bytes depend on zlib's version), the same bytes for the rest. */
START_TEST(committed_assets_match_art_sources)
{
    Atlas atlas;
    atlas_init(&atlas);
    char err[512];
    ck_assert_msg(atlas_build(&atlas, ART_DIR, err, sizeof err), "%s", err);
    ck_assert_int_ge(atlas.file_count, 2);
    for (int i = 0; i < atlas.file_count; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", ASSETS_DIR, atlas.files[i].name);
        bool same;
        const char *dot = strrchr(atlas.files[i].name, '.');
        if (dot != NULL && strcmp(dot, ".png") == 0) {
            SDL_Surface *had = load_rgba(path);
            SDL_Surface *made = decode_rgba(atlas.files[i].data, atlas.files[i].len);
            ck_assert_msg(made != NULL, "%s: what art/ paints does not decode: %s",
                          atlas.files[i].name, IMG_GetError());
            same = same_pixels(had, made);
            SDL_FreeSurface(had);
            SDL_FreeSurface(made);
        } else {
            size_t len;
            char *data = read_file(path, &len);
            same = data != NULL && len == atlas.files[i].len &&
                   memcmp(data, atlas.files[i].data, len) == 0;
            free(data);
        }
        ck_assert_msg(same,
                      "assets/%s differs from what art/ paints: "
                      "repaint it with the 'assets' build target",
                      atlas.files[i].name);
    }
    atlas_fini(&atlas);
}
END_TEST

START_TEST(painting_twice_gives_identical_bytes)
{
    Atlas a, b;
    atlas_init(&a);
    atlas_init(&b);
    char err[512];
    ck_assert_msg(atlas_build(&a, ART_DIR, err, sizeof err), "%s", err);
    ck_assert_msg(atlas_build(&b, ART_DIR, err, sizeof err), "%s", err);
    ck_assert_int_eq(a.file_count, b.file_count);
    for (int i = 0; i < a.file_count; i++) {
        ck_assert_str_eq(a.files[i].name, b.files[i].name);
        ck_assert_uint_eq(a.files[i].len, b.files[i].len);
        ck_assert(memcmp(a.files[i].data, b.files[i].data, a.files[i].len) == 0);
    }
    atlas_fini(&a);
    atlas_fini(&b);
}
END_TEST

START_TEST(every_clip_has_timing_and_visible_frames)
{
    cJSON *root = load_atlas_json();
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert_msg(img != NULL, "assets/atlas.png: %s", IMG_GetError());
    ck_assert_int_eq(img->w, json_int(root, "width"));
    ck_assert_int_eq(img->h, json_int(root, "height"));
    const cJSON *clips = cJSON_GetObjectItemCaseSensitive(root, "clips");
    ck_assert(cJSON_IsObject(clips));
    for (int c = 0; c < kind_clip_count(); c++) {
        const char *name = kind_clip_name(c);
        const cJSON *clip = cJSON_GetObjectItemCaseSensitive(clips, name);
        ck_assert_msg(cJSON_IsObject(clip), "atlas.json has no clip '%s'", name);
        int frames = json_int(clip, "frames"), variants = json_int(clip, "variants");
        const cJSON *fps = cJSON_GetObjectItemCaseSensitive(clip, "fps");
        const cJSON *loop = cJSON_GetObjectItemCaseSensitive(clip, "loop");
        ck_assert_msg(frames >= 1 && variants >= 1, "%s: %d frames, %d variants", name, frames,
                      variants);
        ck_assert_msg(cJSON_IsNumber(fps) && fps->valuedouble > 0.0, "%s: fps", name);
        ck_assert_msg(cJSON_IsBool(loop), "%s: loop", name);
        const cJSON *cells = cJSON_GetObjectItemCaseSensitive(clip, "cells");
        ck_assert_int_eq(cJSON_GetArraySize(cells), frames * variants);
        int visible = check_cells(cells, json_int(clip, "w"), json_int(clip, "h"), img, name);
        ck_assert_msg(visible == frames * variants, "%s: %d of %d cells are blank", name,
                      frames * variants - visible, frames * variants);
    }
    /* The switch groups each have their own look. */
    const cJSON *block = cJSON_GetObjectItemCaseSensitive(clips, "block_solid");
    ck_assert_int_eq(json_int(block, "variants"), LEVEL_MAX_GROUPS);
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

START_TEST(player_feet_stand_on_the_box_bottom)
{
    cJSON *root = load_atlas_json();
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert(img != NULL);
    const EntityKind *player = kind_get(kind_find("player"));
    int box_w = player->w, box_h = player->h;
    const cJSON *clips = cJSON_GetObjectItemCaseSensitive(root, "clips");
    static const char *const grounded[] = {"player_idle", "player_run", "player_land",
                                           "player_turn", "player_teeter"};
    for (size_t g = 0; g < sizeof grounded / sizeof grounded[0]; g++) {
        const cJSON *clip = cJSON_GetObjectItemCaseSensitive(clips, grounded[g]);
        const cJSON *anchor = cJSON_GetObjectItemCaseSensitive(clip, "anchor");
        ck_assert(cJSON_IsArray(anchor) && cJSON_GetArraySize(anchor) == 2);
        int ax = cJSON_GetArrayItem(anchor, 0)->valueint,
            ay = cJSON_GetArrayItem(anchor, 1)->valueint;
        int w = json_int(clip, "w"), h = json_int(clip, "h");
        /* the box is centred, so mirroring the cell keeps Pip on it */
        ck_assert_int_eq(ax * 2 + box_w, w);
        int feet_row = ay + box_h - 1;
        ck_assert_int_lt(feet_row, h);
        const cJSON *cell;
        cJSON_ArrayForEach(cell, cJSON_GetObjectItemCaseSensitive(clip, "cells"))
        {
            int x = cJSON_GetArrayItem(cell, 0)->valueint,
                y = cJSON_GetArrayItem(cell, 1)->valueint;
            bool on_row = false, below = false;
            for (int i = 0; i < w; i++) {
                on_row |= pixel(img, x + i, y + feet_row)[3] != 0;
                for (int j = feet_row + 1; j < h; j++)
                    below |= pixel(img, x + i, y + j)[3] != 0;
            }
            ck_assert_msg(on_row && !below, "%s: a frame's feet are not on the box's bottom row",
                          grounded[g]);
        }
    }
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

START_TEST(blob_map_picks_47_tiles_and_themes_have_them)
{
    cJSON *root = load_atlas_json();
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert(img != NULL);
    const cJSON *tiles = cJSON_GetObjectItemCaseSensitive(root, "tiles");
    int size = json_int(tiles, "size");
    ck_assert_int_eq(size, TILE_SIZE);
    const cJSON *blob = cJSON_GetObjectItemCaseSensitive(tiles, "blob");
    ck_assert_int_eq(cJSON_GetArraySize(blob), 256);
    bool used[47] = {0};
    for (int m = 0; m < 256; m++) {
        const cJSON *v = cJSON_GetArrayItem(blob, m);
        ck_assert(cJSON_IsNumber(v) && v->valueint >= 0 && v->valueint < 47);
        used[v->valueint] = true;
        /* a diagonal without both of its sides never changes the tile */
        int reduced = m;
        if (!(m & 1) || !(m & 4))
            reduced &= ~2;
        ck_assert_int_eq(v->valueint, cJSON_GetArrayItem(blob, reduced)->valueint);
    }
    for (int i = 0; i < 47; i++)
        ck_assert_msg(used[i], "blob tile %d is never used", i);

    const cJSON *themes = cJSON_GetObjectItemCaseSensitive(tiles, "themes");
    ck_assert_int_eq(cJSON_GetArraySize(themes), WORLD_COUNT);
    int inner = cJSON_GetArrayItem(blob, 255)->valueint;
    for (size_t t = 0; t < WORLD_COUNT; t++) {
        const cJSON *theme = cJSON_GetObjectItemCaseSensitive(themes, WORLDS[t]);
        ck_assert_msg(cJSON_IsObject(theme), "no tile theme '%s'", WORLDS[t]);
        const cJSON *solid = cJSON_GetObjectItemCaseSensitive(theme, "solid");
        ck_assert_int_eq(cJSON_GetArraySize(solid), 47);
        ck_assert_int_eq(check_cells(solid, size, size, img, WORLDS[t]), 47);
        /* every piece of every kind is painted: nothing of a world is left blank */
        static const struct {
            const char *name;
            int cells;
        } kinds[] = {{"oneway", 4}, {"spikes", 4}, {"decor", 8}, {"fill", 8}};
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            const cJSON *set = cJSON_GetObjectItemCaseSensitive(theme, kinds[k].name);
            ck_assert_msg(cJSON_GetArraySize(set) == kinds[k].cells, "%s.%s: not %d cells",
                          WORLDS[t], kinds[k].name, kinds[k].cells);
            ck_assert_msg(check_cells(set, size, size, img, kinds[k].name) == kinds[k].cells,
                          "%s.%s: a blank cell", WORLDS[t], kinds[k].name);
        }
        /* ground surrounded by ground is fully opaque: no holes show the sky */
        const cJSON *cell = cJSON_GetArrayItem(solid, inner);
        int x = cJSON_GetArrayItem(cell, 0)->valueint, y = cJSON_GetArrayItem(cell, 1)->valueint;
        for (int j = 0; j < size; j++)
            for (int i = 0; i < size; i++)
                if (pixel(img, x + i, y + j)[3] != 255)
                    ck_abort_msg("%s: the inner tile has a hole at (%d, %d)", WORLDS[t], i, j);
    }
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

START_TEST(backgrounds_load_and_layers_fit)
{
    cJSON *root = load_atlas_json();
    const cJSON *bgs = cJSON_GetObjectItemCaseSensitive(root, "backgrounds");
    ck_assert(cJSON_IsObject(bgs));
    int sets = 0;
    const cJSON *set;
    cJSON_ArrayForEach(set, bgs)
    {
        const cJSON *file = cJSON_GetObjectItemCaseSensitive(set, "image");
        ck_assert(cJSON_IsString(file));
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", ASSETS_DIR, file->valuestring);
        SDL_Surface *img = load_rgba(path);
        ck_assert_msg(img != NULL, "%s: %s", path, IMG_GetError());
        const cJSON *layer;
        int layers = 0;
        cJSON_ArrayForEach(layer, cJSON_GetObjectItemCaseSensitive(set, "layers"))
        {
            const cJSON *rect = cJSON_GetObjectItemCaseSensitive(layer, "rect");
            ck_assert_int_eq(cJSON_GetArraySize(rect), 4);
            int x = cJSON_GetArrayItem(rect, 0)->valueint,
                y = cJSON_GetArrayItem(rect, 1)->valueint;
            int w = cJSON_GetArrayItem(rect, 2)->valueint,
                h = cJSON_GetArrayItem(rect, 3)->valueint;
            ck_assert(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= img->w && y + h <= img->h);
            layers++;
        }
        ck_assert_int_ge(layers, 2);
        SDL_FreeSurface(img);
        sets++;
    }
    ck_assert_int_eq(sets, WORLD_COUNT);
    for (size_t w = 0; w < WORLD_COUNT; w++)
        ck_assert_msg(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(bgs, WORLDS[w])),
                      "no background set '%s'", WORLDS[w]);
    cJSON_Delete(root);
}
END_TEST

/* The palette colour of c, from the art sources. */
static Rgba palette_colour(char c)
{
    ArtSet art;
    art_init(&art);
    char err[512];
    ck_assert_msg(art_load_file(&art, ART_DIR "/palette.txt", err, sizeof err), "%s", err);
    Rgba col = art_color(&art, c);
    art_fini(&art);
    ck_assert_msg(col.a == 255, "palette: no colour '%c'", c);
    return col;
}

/* How many pixels of the w x h cell at (x, y) have exactly one of the n colours. */
static int count_colours(const SDL_Surface *img, int x, int y, int w, int h, const Rgba *cols,
                         int n)
{
    int hits = 0;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            const uint8_t *p = pixel(img, x + i, y + j);
            for (int k = 0; k < n; k++)
                if (p[3] == 255 && p[0] == cols[k].r && p[1] == cols[k].g && p[2] == cols[k].b)
                    hits++;
        }
    return hits;
}

static void cell_at(const cJSON *cells, int i, int *x, int *y)
{
    const cJSON *cell = cJSON_GetArrayItem(cells, i);
    ck_assert(cJSON_IsArray(cell));
    *x = cJSON_GetArrayItem(cell, 0)->valueint;
    *y = cJSON_GetArrayItem(cell, 1)->valueint;
}

/* Spikes wear the hazard red, the same in every world; no decoration does. */
START_TEST(spikes_and_only_spikes_wear_the_hazard_red)
{
    cJSON *root = load_atlas_json();
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert(img != NULL);
    const Rgba hazard[] = {palette_colour('r'), palette_colour('R'), palette_colour('9')};
    const cJSON *themes =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "tiles"), "themes");
    const cJSON *first_spikes = NULL;
    for (size_t t = 0; t < WORLD_COUNT; t++) {
        const cJSON *theme = cJSON_GetObjectItemCaseSensitive(themes, WORLDS[t]);
        const cJSON *spikes = cJSON_GetObjectItemCaseSensitive(theme, "spikes");
        for (int i = 0; i < 4; i++) {
            int x, y;
            cell_at(spikes, i, &x, &y);
            ck_assert_msg(count_colours(img, x, y, 16, 16, hazard, 3) >= 8,
                          "%s: spike tile %d shows too little hazard red", WORLDS[t], i);
        }
        /* what grows on the ground and what is set into it */
        static const char *const harmless[] = {"decor", "fill"};
        for (size_t h = 0; h < 2; h++) {
            const cJSON *set = cJSON_GetObjectItemCaseSensitive(theme, harmless[h]);
            for (int i = 0; i < cJSON_GetArraySize(set); i++) {
                int x, y;
                cell_at(set, i, &x, &y);
                ck_assert_msg(count_colours(img, x, y, 16, 16, hazard, 3) == 0,
                              "%s.%s %d wears the hazard red", WORLDS[t], harmless[h], i);
            }
        }
        /* one look across worlds: the packer gives identical cells one place */
        if (first_spikes == NULL)
            first_spikes = spikes;
        else
            for (int i = 0; i < 4; i++) {
                int ax, ay, bx, by;
                cell_at(first_spikes, i, &ax, &ay);
                cell_at(spikes, i, &bx, &by);
                ck_assert_msg(ax == bx && ay == by, "%s: spike tile %d differs from the hills'",
                              WORLDS[t], i);
            }
    }
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

static uint8_t blend_channel(uint8_t dst, uint8_t src, uint8_t a)
{
    return (uint8_t)((src * a + dst * (255 - a) + 127) / 255);
}

static void blend_px(uint8_t *dst, const uint8_t rgba[4])
{
    for (int c = 0; c < 3; c++)
        dst[c] = blend_channel(dst[c], rgba[c], rgba[3]);
}

static void parse_colour(const cJSON *v, uint8_t out[4])
{
    ck_assert(cJSON_IsString(v));
    unsigned value = 0;
    size_t len = strlen(v->valuestring);
    ck_assert(len == 7 || len == 9);
    sscanf(v->valuestring + 1, "%x", &value);
    if (len == 7)
        value = value << 8 | 0xffu;
    out[0] = (uint8_t)(value >> 24);
    out[1] = (uint8_t)(value >> 16);
    out[2] = (uint8_t)(value >> 8);
    out[3] = (uint8_t)value;
}

/* The opaque rows and columns a cell spans. */
static void cell_extent(const SDL_Surface *img, int x, int y, int w, int h, int *rows, int *cols)
{
    int top = h, bottom = -1, left = w, right = -1;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++)
            if (pixel(img, x + i, y + j)[3] != 0) {
                top = j < top ? j : top;
                bottom = j > bottom ? j : bottom;
                left = i < left ? i : left;
                right = i > right ? i : right;
            }
    *rows = bottom - top + 1;
    *cols = right - left + 1;
}

/* Landing squashes Pip more the further he fell (the land clip's variants,
** soft to hard): the first frame of each variant is lower than the one
** before, the hardest wider than the softest, and every variant springs
** back to his standing height. */
START_TEST(landings_squash_by_the_height_of_the_fall)
{
    cJSON *root = load_atlas_json();
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert(img != NULL);
    const cJSON *clips = cJSON_GetObjectItemCaseSensitive(root, "clips");
    const cJSON *land = cJSON_GetObjectItemCaseSensitive(clips, "player_land");
    const cJSON *idle = cJSON_GetObjectItemCaseSensitive(clips, "player_idle");
    int frames = json_int(land, "frames"), variants = json_int(land, "variants");
    int w = json_int(land, "w"), h = json_int(land, "h");
    ck_assert_int_eq(variants, 3);
    int x, y, stand_rows, stand_cols;
    cell_at(cJSON_GetObjectItemCaseSensitive(idle, "cells"), 0, &x, &y);
    cell_extent(img, x, y, w, h, &stand_rows, &stand_cols);
    int last_rows = stand_rows + 1, soft_cols = 0;
    for (int v = 0; v < variants; v++) {
        int rows, cols;
        cell_at(cJSON_GetObjectItemCaseSensitive(land, "cells"), v * frames, &x, &y);
        cell_extent(img, x, y, w, h, &rows, &cols);
        ck_assert_msg(rows < last_rows,
                      "landing %d is %d rows tall, no lower than the one before (%d)", v, rows,
                      last_rows);
        if (v == 0)
            soft_cols = cols;
        else if (v == variants - 1)
            ck_assert_msg(cols > soft_cols, "the hard landing is no wider (%d) than the soft (%d)",
                          cols, soft_cols);
        last_rows = rows;
        cell_at(cJSON_GetObjectItemCaseSensitive(land, "cells"), v * frames + frames - 1, &x, &y);
        cell_extent(img, x, y, w, h, &rows, &cols);
        ck_assert_msg(rows >= stand_rows - 1, "landing %d ends %d rows tall, standing is %d", v,
                      rows, stand_rows);
    }
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

/* Idle, Pip blinks: in one frame of the cycle his eyes are shut, the dark
** of each eye turned to skin, and in no frame is there less skin to see. */
START_TEST(idle_pip_blinks)
{
    cJSON *root = load_atlas_json();
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert(img != NULL);
    const cJSON *idle = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(root, "clips"), "player_idle");
    int frames = json_int(idle, "frames"), w = json_int(idle, "w"), h = json_int(idle, "h");
    Rgba skin = palette_colour('s');
    int x, y;
    cell_at(cJSON_GetObjectItemCaseSensitive(idle, "cells"), 0, &x, &y);
    int open = count_colours(img, x, y, w, h, &skin, 1), shut = 0;
    for (int f = 1; f < frames; f++) {
        cell_at(cJSON_GetObjectItemCaseSensitive(idle, "cells"), f, &x, &y);
        int n = count_colours(img, x, y, w, h, &skin, 1);
        ck_assert_msg(n >= open, "idle frame %d shows less face", f);
        shut += n > open;
    }
    ck_assert_int_eq(shut, 1);
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

/* The background set drawn as the game draws it (render_background) with
** the camera at (cx, cy), into an RGB view. */
static void compose_background(const cJSON *set, const SDL_Surface *img, int cx, int cy,
                               uint8_t *view)
{
    memset(view, 0, (size_t)VIEW_W * VIEW_H * 3);
    const cJSON *layer;
    cJSON_ArrayForEach(layer, cJSON_GetObjectItemCaseSensitive(set, "layers"))
    {
        const cJSON *rect = cJSON_GetObjectItemCaseSensitive(layer, "rect");
        const cJSON *par = cJSON_GetObjectItemCaseSensitive(layer, "parallax");
        int rx = cJSON_GetArrayItem(rect, 0)->valueint, ry = cJSON_GetArrayItem(rect, 1)->valueint;
        int lw = cJSON_GetArrayItem(rect, 2)->valueint, lh = cJSON_GetArrayItem(rect, 3)->valueint;
        double px = cJSON_GetArrayItem(par, 0)->valuedouble,
               py = cJSON_GetArrayItem(par, 1)->valuedouble;
        uint8_t above[4], below[4];
        parse_colour(cJSON_GetObjectItemCaseSensitive(layer, "fill_above"), above);
        parse_colour(cJSON_GetObjectItemCaseSensitive(layer, "fill_below"), below);
        int top = json_int(layer, "y") - (int)floor((double)cy * py);
        int shift = (int)floor((double)cx * px);
        bool repeat_y = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(layer, "repeat_y"));
        for (int y = 0; y < VIEW_H; y++)
            for (int x = 0; x < VIEW_W; x++) {
                uint8_t *d = view + ((size_t)y * VIEW_W + (size_t)x) * 3;
                if (repeat_y) /* falling things: across and down, no fills */
                    blend_px(d, pixel(img, rx + ((x + shift) % lw + lw) % lw,
                                      ry + ((y - top) % lh + lh) % lh));
                else if (y < top)
                    blend_px(d, above);
                else if (y >= top + lh)
                    blend_px(d, below);
                else
                    blend_px(d, pixel(img, rx + ((x + shift) % lw + lw) % lw, ry + y - top));
            }
    }
}

/* A fill past a layer's edge covers the view from that edge on: one that
** lets what is behind it show through is a haze, and with a tall level's
** camera low it washes over the whole view (the peak's sky, once). Fills
** are clear or solid; the depth layer's fade is its own dithered pixels. */
START_TEST(no_layer_fills_the_view_with_a_haze)
{
    cJSON *root = load_atlas_json();
    const cJSON *set;
    cJSON_ArrayForEach(set, cJSON_GetObjectItemCaseSensitive(root, "backgrounds"))
    {
        const cJSON *layer;
        cJSON_ArrayForEach(layer, cJSON_GetObjectItemCaseSensitive(set, "layers"))
        {
            static const char *const fills[] = {"fill_above", "fill_below"};
            for (int f = 0; f < 2; f++) {
                uint8_t c[4];
                parse_colour(cJSON_GetObjectItemCaseSensitive(layer, fills[f]), c);
                ck_assert_msg(
                    c[3] == 0 || c[3] == 255, "%s.%s: %s is see-through (alpha %d)", set->string,
                    cJSON_GetObjectItemCaseSensitive(layer, "name")->valuestring, fills[f], c[3]);
            }
        }
    }
    cJSON_Delete(root);
}
END_TEST

/* Each world's backdrop has depth: at least three layers of scenery that
** move at different speeds (far, middle, near), and something that moves
** on its own (drifting clouds or mist, falling snow or drops). */
START_TEST(each_world_has_far_middle_and_near_and_something_moving)
{
    cJSON *root = load_atlas_json();
    const cJSON *bgs = cJSON_GetObjectItemCaseSensitive(root, "backgrounds");
    for (size_t w = 0; w < WORLD_COUNT; w++) {
        const cJSON *set = cJSON_GetObjectItemCaseSensitive(bgs, WORLDS[w]);
        double speeds[8];
        int scenery = 0, moving = 0;
        const cJSON *layer;
        cJSON_ArrayForEach(layer, cJSON_GetObjectItemCaseSensitive(set, "layers"))
        {
            const cJSON *rect = cJSON_GetObjectItemCaseSensitive(layer, "rect");
            double px = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(layer, "parallax"), 0)
                            ->valuedouble;
            bool falls = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(layer, "repeat_y"));
            moving += cJSON_GetObjectItemCaseSensitive(layer, "drift") != NULL;
            /* scenery: a full-width picture that scrolls, not a strip, not weather */
            if (cJSON_GetArrayItem(rect, 2)->valueint == VIEW_W && px > 0.06 && !falls) {
                bool known = false;
                for (int i = 0; i < scenery; i++)
                    known = known || speeds[i] == px;
                if (!known && scenery < 8)
                    speeds[scenery++] = px;
            }
        }
        ck_assert_msg(scenery >= 3, "%s: %d layers of scenery at distinct depths", WORLDS[w],
                      scenery);
        ck_assert_msg(moving >= 1, "%s: nothing moves on its own", WORLDS[w]);
    }
    cJSON_Delete(root);
}
END_TEST

/* A bottomless pit shows what the backdrop has at the bottom of the view:
** in every world, wherever the camera is, that reads as depth (dark), never
** as a band of ground. */
START_TEST(pits_show_depth_in_every_world)
{
    cJSON *root = load_atlas_json();
    const cJSON *bgs = cJSON_GetObjectItemCaseSensitive(root, "backgrounds");
    uint8_t *view = malloc((size_t)VIEW_W * VIEW_H * 3);
    ck_assert_ptr_nonnull(view);
    /* a short level centred (the camera above 0), a one-screen level, tall ones */
    static const int cams[][2] = {{0, -40}, {0, 0}, {173, 50}, {960, 370}, {2400, 1200}};
    for (size_t w = 0; w < WORLD_COUNT; w++) {
        const cJSON *set = cJSON_GetObjectItemCaseSensitive(bgs, WORLDS[w]);
        ck_assert(cJSON_IsObject(set));
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", ASSETS_DIR,
                 cJSON_GetObjectItemCaseSensitive(set, "image")->valuestring);
        SDL_Surface *img = load_rgba(path);
        ck_assert(img != NULL);
        for (size_t c = 0; c < sizeof cams / sizeof cams[0]; c++) {
            compose_background(set, img, cams[c][0], cams[c][1], view);
            /* the bottom 12 rows, the floor of any pit: dark all along */
            double sum = 0.0, brightest = 0.0;
            for (int y = VIEW_H - 12; y < VIEW_H; y++)
                for (int x = 0; x < VIEW_W; x++) {
                    const uint8_t *p = view + ((size_t)y * VIEW_W + (size_t)x) * 3;
                    double luma = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
                    sum += luma;
                    if (luma > brightest)
                        brightest = luma;
                }
            double mean = sum / (12.0 * VIEW_W);
            ck_assert_msg(mean < 40.0 && brightest < 80.0,
                          "%s, camera (%d, %d): the bottom of the view is not dark "
                          "(mean luma %.0f, brightest %.0f)",
                          WORLDS[w], cams[c][0], cams[c][1], mean, brightest);
            /* and the sky above the floor line is no black void */
            if (cams[c][1] == 0) {
                double mid = 0.0;
                for (int x = 0; x < VIEW_W; x++) {
                    const uint8_t *p = view + ((size_t)(VIEW_H / 2) * VIEW_W + (size_t)x) * 3;
                    mid += 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
                }
                ck_assert_msg(mid / VIEW_W > mean + 10.0,
                              "%s: the middle of the view is as dark as a pit", WORLDS[w]);
            }
        }
        SDL_FreeSurface(img);
    }
    free(view);
    cJSON_Delete(root);
}
END_TEST

static const cJSON *clip_or_sprite(const cJSON *root, const char *name)
{
    const cJSON *c =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "clips"), name);
    if (c == NULL)
        c = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "sprites"),
                                             name);
    ck_assert_msg(cJSON_IsObject(c), "atlas.json has no clip or sprite '%s'", name);
    return c;
}

/* Opaque pixels on one line (row or column `at`) of the 16x16 box inside a cell. */
static int box_line(const SDL_Surface *img, int cx, int cy, int ax, int ay, int at, bool column)
{
    int n = 0;
    for (int i = 0; i < 16; i++) {
        int x = column ? ax + at : ax + i, y = column ? ay + i : ay + at;
        n += pixel(img, cx + x, cy + y)[3] == 255;
    }
    return n;
}

/* The art of the gameplay kinds (springs, crumbling blocks, signs, gems,
** the jump-through lift) and the gem's HUD icon, in the shapes the renderer
** draws them: every cell painted, the anchors keep the box inside the cell,
** tiled sheets are one tile, sliced ones have a middle. */
START_TEST(gameplay_kind_art_is_painted)
{
    cJSON *root = load_atlas_json();
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert(img != NULL);
    static const struct {
        const char *name;
        int variants, box_w, box_h;
        bool tiled;
    } want[] = {
        {"spring_idle", 3, 16, 16, false}, {"spring_launch", 3, 16, 16, false},
        {"crumble", 1, 16, 16, true},      {"crumble_shake", 1, 16, 16, true},
        {"crumble_gone", 1, 16, 16, true}, {"sign", 1, 16, 16, false},
        {"gem", 1, 16, 16, false},         {"platform_oneway", 1, 48, 8, true},
        {"hud_gem", 1, 0, 0, false},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const cJSON *clip = clip_or_sprite(root, want[k].name);
        int frames = json_int(clip, "frames"), variants = json_int(clip, "variants");
        int w = json_int(clip, "w"), h = json_int(clip, "h");
        ck_assert_msg(variants == want[k].variants, "%s: %d variants", want[k].name, variants);
        const cJSON *cells = cJSON_GetObjectItemCaseSensitive(clip, "cells");
        ck_assert_int_eq(cJSON_GetArraySize(cells), frames * variants);
        ck_assert_msg(check_cells(cells, w, h, img, want[k].name) == frames * variants,
                      "%s: a blank cell", want[k].name);
        const cJSON *anchor = cJSON_GetObjectItemCaseSensitive(clip, "anchor");
        int ax = cJSON_GetArrayItem(anchor, 0)->valueint,
            ay = cJSON_GetArrayItem(anchor, 1)->valueint;
        if (want[k].tiled) {
            /* drawn repeated over the box: one tile (or the sliced lift), no anchor */
            ck_assert_msg(w == want[k].box_w && h == want[k].box_h && ax == 0 && ay == 0,
                          "%s: %dx%d anchored at (%d, %d)", want[k].name, w, h, ax, ay);
        } else if (want[k].box_w > 0) {
            ck_assert_msg(ax >= 0 && ay >= 0 && ax + want[k].box_w <= w && ay + want[k].box_h <= h,
                          "%s: the box leaves the %dx%d cell at anchor (%d, %d)", want[k].name, w,
                          h, ax, ay);
        }
    }
    const cJSON *lift = clip_or_sprite(root, "platform_oneway");
    const cJSON *slice = cJSON_GetObjectItemCaseSensitive(lift, "slice");
    ck_assert_msg(cJSON_GetArraySize(slice) == 4, "platform_oneway: no slice");
    ck_assert_int_lt(
        cJSON_GetArrayItem(slice, 0)->valueint + cJSON_GetArrayItem(slice, 2)->valueint, 48);

    /* a spring stands on the side it pushes away from: up on the box's bottom
    ** row, left on its right column, right on its left column */
    const cJSON *idle = clip_or_sprite(root, "spring_idle");
    const cJSON *anchor = cJSON_GetObjectItemCaseSensitive(idle, "anchor");
    int ax = cJSON_GetArrayItem(anchor, 0)->valueint, ay = cJSON_GetArrayItem(anchor, 1)->valueint;
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(idle, "cells");
    int x, y;
    cell_at(cells, 0, &x, &y);
    ck_assert_int_ge(box_line(img, x, y, ax, ay, 15, false), 14);
    ck_assert_int_eq(box_line(img, x, y, ax, ay, 0, false), 0);
    cell_at(cells, 1, &x, &y);
    ck_assert_int_ge(box_line(img, x, y, ax, ay, 15, true), 14);
    ck_assert_int_eq(box_line(img, x, y, ax, ay, 0, true), 0);
    cell_at(cells, 2, &x, &y);
    ck_assert_int_ge(box_line(img, x, y, ax, ay, 0, true), 14);
    ck_assert_int_eq(box_line(img, x, y, ax, ay, 15, true), 0);
    /* launching flings the pad out of the box, then it comes back to rest */
    const cJSON *launch = clip_or_sprite(root, "spring_launch");
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(launch, "loop")));
    int frames = json_int(launch, "frames");
    bool out = false;
    for (int f = 0; f < frames; f++) {
        cell_at(cJSON_GetObjectItemCaseSensitive(launch, "cells"), f, &x, &y);
        for (int i = 0; i < 16; i++)
            out |= pixel(img, x + ax + i, y + ay - 2)[3] == 255;
    }
    ck_assert_msg(out, "spring_launch: the pad never leaves the box");
    int rest_x, rest_y;
    cell_at(cJSON_GetObjectItemCaseSensitive(launch, "cells"), frames - 1, &x, &y);
    cell_at(cells, 0, &rest_x, &rest_y);
    ck_assert_msg(x == rest_x && y == rest_y, "spring_launch: its last frame is not the rest pose");
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

/* The font has a glyph for every character --check lets a level show
** without a warning (level_font_draws: printable ASCII, Latin-1, Latin
** Extended-A) and for no other: the C1 controls between them draw nothing. */
START_TEST(font_has_every_printable_character)
{
    cJSON *root = load_atlas_json();
    const cJSON *font = cJSON_GetObjectItemCaseSensitive(root, "font");
    ck_assert(cJSON_IsObject(font));
    ck_assert_int_eq(json_int(font, "first"), ' ');
    ck_assert_int_eq(json_int(font, "count"), 0x180 - ' ');
    const cJSON *advance = cJSON_GetObjectItemCaseSensitive(font, "advance");
    ck_assert_int_eq(cJSON_GetArraySize(advance), 0x180 - ' ');
    int drawn = 0;
    for (uint32_t c = ' '; c < 0x180; c++) {
        bool has = cJSON_GetArrayItem(advance, (int)(c - ' '))->valueint > 0;
        ck_assert_msg(has == level_font_draws(c), "U+%04X: %s", (unsigned)c,
                      has ? "a glyph --check warns of" : "no glyph");
        drawn += has;
    }
    ck_assert_int_eq(drawn, 95 + 96 + 128);
    /* the rows over the line's top hold the marks over capitals */
    ck_assert_int_eq(json_int(font, "ascent"), 3);
    ck_assert_int_eq(json_int(font, "line_height"), json_int(font, "h") - 3 + 1);
    cJSON_Delete(root);
}
END_TEST

/* The ink of a glyph: its cell's white pixels, row-major, in mask
** (w * h bytes, 1 where there is ink). */
static void glyph_ink(const SDL_Surface *img, const cJSON *cells, int c, int w, int h,
                      unsigned char *mask)
{
    const cJSON *cell = cJSON_GetArrayItem(cells, c - ' ');
    int x0 = cJSON_GetArrayItem(cell, 0)->valueint, y0 = cJSON_GetArrayItem(cell, 1)->valueint;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const Uint8 *px = (const Uint8 *)img->pixels + (y0 + y) * img->pitch + (x0 + x) * 4;
            mask[y * w + x] = px[0] > 200 && px[1] > 200 && px[2] > 200 && px[3] == 255;
        }
}

/* Every letter and digit is its own shape (a lowercase p is no P, a g no
** 9), the capitals, digits and x-height letters stand on one baseline, and
** g, j, p, q and y reach below it. */
START_TEST(font_letters_are_distinct_and_descenders_descend)
{
    cJSON *root = load_atlas_json();
    const cJSON *font = cJSON_GetObjectItemCaseSensitive(root, "font");
    int w = json_int(font, "w"), h = json_int(font, "h");
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(font, "cells");
    SDL_Surface *img = load_rgba(ASSETS_DIR "/atlas.png");
    ck_assert_ptr_nonnull(img);
    static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    enum { N = sizeof chars - 1 };
    unsigned char *ink = malloc((size_t)N * (size_t)(w * h));
    ck_assert_ptr_nonnull(ink);
    int baseline = -1; /* the lowest row of ink of 'A' */
    for (int i = 0; i < N; i++) {
        unsigned char *m = ink + (size_t)i * (size_t)(w * h);
        glyph_ink(img, cells, chars[i], w, h, m);
        int lowest = -1;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (m[y * w + x])
                    lowest = y;
        ck_assert_msg(lowest >= 0, "'%c' has no ink", chars[i]);
        if (baseline < 0)
            baseline = lowest;
        if (strchr("gjpqy", chars[i]) != NULL)
            ck_assert_msg(lowest > baseline + 1, "'%c' does not reach below the baseline",
                          chars[i]);
        else
            ck_assert_msg(lowest == baseline,
                          "'%c' does not stand on the baseline (row %d, not %d)", chars[i], lowest,
                          baseline);
    }
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            ck_assert_msg(memcmp(ink + (size_t)i * (size_t)(w * h),
                                 ink + (size_t)j * (size_t)(w * h), (size_t)(w * h)) != 0,
                          "'%c' and '%c' are drawn the same", chars[i], chars[j]);
    free(ink);
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

/* ---- the PNG encoder, checked by an independent decoder ---- */

/* The Tiled tilesets' images: tiles.png has a row for each world, in the
** order of level_background_names() (which --export-tiled-project writes in
** tiles.tsj), each world's first tile its ground; each kind has its image. */
START_TEST(tiled_images_have_a_row_a_world_and_a_sprite_a_kind)
{
    cJSON *root = load_atlas_json();
    const cJSON *themes =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "tiles"), "themes");
    ck_assert_int_eq(cJSON_GetArraySize(themes), LEVEL_BACKGROUND_COUNT);
    int i = 0;
    for (const cJSON *t = themes->child; t != NULL; t = t->next, i++)
        ck_assert_str_eq(t->string, level_background_names()[i]);
    cJSON_Delete(root);
    SDL_Surface *tiles = load_rgba(ASSETS_DIR "/tiled/tiles.png");
    ck_assert_ptr_nonnull(tiles);
    ck_assert_int_eq(tiles->w, 16 * (TILE_KIND_COUNT - 1));
    ck_assert_int_eq(tiles->h, 16 * LEVEL_BACKGROUND_COUNT);
    /* no two worlds' ground is the same: each row is its world's art */
    for (int a = 0; a < LEVEL_BACKGROUND_COUNT; a++)
        for (int b = a + 1; b < LEVEL_BACKGROUND_COUNT; b++) {
            bool differ = false;
            for (int y = 0; y < 16 && !differ; y++)
                differ =
                    memcmp(pixel(tiles, 0, a * 16 + y), pixel(tiles, 0, b * 16 + y), 16 * 4) != 0;
            ck_assert_msg(differ, "the %s and %s rows of tiles.png have the same ground",
                          level_background_names()[a], level_background_names()[b]);
        }
    SDL_FreeSurface(tiles);
    for (int k = 0; k < kind_count(); k++) {
        char path[512];
        snprintf(path, sizeof path, ASSETS_DIR "/tiled/entities/%s.png", kind_get(k)->name);
        SDL_Surface *img = load_rgba(path);
        ck_assert_msg(img != NULL, "%s: %s", path, IMG_GetError());
        SDL_FreeSurface(img);
    }
}
END_TEST

START_TEST(png_round_trips_through_sdl_image)
{
    static const int sizes[][2] = {{1, 1}, {3, 7}, {64, 64}, {317, 45}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        Image img;
        ck_assert(image_init(&img, sizes[s][0], sizes[s][1]));
        uint32_t seed = 12345u + (uint32_t)s;
        for (int y = 0; y < img.h; y++)
            for (int x = 0; x < img.w; x++) {
                seed = seed * 1103515245u + 12345u;
                /* runs, repeats and noise */
                Rgba c = (x / 5 + y) % 3 == 0
                             ? RGBA(seed >> 8, seed >> 16, seed >> 24, seed >> 4)
                             : RGBA(x * 7, y * 3, (x ^ y) & 255, x % 4 == 0 ? 0 : 255);
                image_set(&img, x, y, c);
            }
        uint8_t *data;
        size_t len;
        ck_assert(png_encode(&img, &data, &len));
        SDL_Surface *dec = decode_rgba(data, len);
        ck_assert_msg(dec != NULL, "%dx%d: %s", img.w, img.h, IMG_GetError());
        ck_assert_int_eq(dec->w, img.w);
        ck_assert_int_eq(dec->h, img.h);
        for (int y = 0; y < img.h; y++)
            for (int x = 0; x < img.w; x++) {
                Rgba c = image_get(&img, x, y);
                const uint8_t *p = pixel(dec, x, y);
                if (p[0] != c.r || p[1] != c.g || p[2] != c.b || p[3] != c.a)
                    ck_abort_msg("%dx%d: pixel (%d, %d) differs", img.w, img.h, x, y);
            }
        SDL_FreeSurface(dec);
        free(data);
        image_fini(&img);
    }
}
END_TEST

/* ---- art source errors ---- */

static void expect_error(const char *text, const char *needle)
{
    ArtSet set;
    art_init(&set);
    char err[256] = "";
    bool ok = art_load_text(&set, text, "bad.txt", err, sizeof err);
    art_fini(&set);
    ck_assert_msg(!ok, "accepted: %s", text);
    ck_assert_msg(strstr(err, needle) != NULL, "message '%s' lacks '%s'", err, needle);
}

START_TEST(art_errors_name_file_and_line)
{
    expect_error("color a ff0000\ngrid g\naa\naz\n", "bad.txt:4: grid 'g': colour 'z'");
    expect_error("color a ff0000\n\ngrid g\naa\naaa\n", "bad.txt:5: grid 'g': row 2 is 3 wide");
    expect_error("colour a ff0000\n", "bad.txt:1: unknown statement 'colour'");
    expect_error("color a ff00\n", "bad.txt:1: 'ff00' is not RRGGBB");
    expect_error("color a ff0000\ncolor a 00ff00\n", "bad.txt:2: colour 'a' is defined twice");
    expect_error("color a ff0000\ngrid g\na\n\ngrid g\na\n",
                 "bad.txt:5: grid 'g' is defined twice");
    expect_error("glyphs AB\n#. ##\n#.\n", "row does not line up");
    expect_error("glyphs ABC\n#. ##\n", "3 characters but 2 cells");
}
END_TEST

START_TEST(art_grid_reads_palette_colours)
{
    ArtSet set;
    art_init(&set);
    char err[256];
    ck_assert_msg(
        art_load_text(&set, "# a comment\ncolor a ff000080\ncolor b 00ff00\n\ngrid g\na.b\n.b.\n",
                      "ok.txt", err, sizeof err),
        "%s", err);
    const Image *g = art_grid(&set, "g");
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(g->w, 3);
    ck_assert_int_eq(g->h, 2);
    Rgba a = image_get(g, 0, 0), clear = image_get(g, 1, 0), b = image_get(g, 1, 1);
    ck_assert(a.r == 255 && a.g == 0 && a.b == 0 && a.a == 128);
    ck_assert_int_eq(clear.a, 0);
    ck_assert(b.g == 255 && b.a == 255);
    ck_assert_ptr_null(art_grid(&set, "missing"));
    art_fini(&set);
}
END_TEST

START_TEST(missing_art_file_is_named)
{
    Atlas atlas;
    atlas_init(&atlas);
    char err[512] = "";
    ck_assert(!atlas_build(&atlas, ART_DIR "/no-such-folder", err, sizeof err));
    ck_assert_msg(strstr(err, "no-such-folder/palette.txt: cannot open") != NULL, "%s", err);
    atlas_fini(&atlas);
}
END_TEST

/* ---- the icon ---- */

static bool same_rgba(Rgba a, Rgba b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

static int count_colour(const Image *img, Rgba c)
{
    int n = 0;
    for (int i = 0; i < img->w * img->h; i++)
        n += same_rgba(img->px[i], c);
    return n;
}

/* Every size from 16 to 256 px, each a 16 or 32 px painting with its
** pixels made k x k blocks; a rounded plate (clear corners, an opaque
** middle); at 16 px Pip's hood, face, eye and scarf are all there. */
START_TEST(icon_is_pixel_art_at_every_size)
{
    Image icons[ICON_SIZE_COUNT];
    char err[512] = "";
    ck_assert_msg(icon_build(ART_DIR, icons, err, sizeof err), "%s", err);
    ck_assert_int_eq(icon_sizes[0], 16);
    ck_assert_int_eq(icon_sizes[ICON_SIZE_COUNT - 1], 256);
    const Image *base16 = NULL, *base32 = NULL;
    for (int i = 0; i < ICON_SIZE_COUNT; i++) {
        const Image *img = &icons[i];
        int size = icon_sizes[i];
        ck_assert_int_eq(img->w, size);
        ck_assert_int_eq(img->h, size);
        if (size == 16)
            base16 = img;
        if (size == 32)
            base32 = img;
        ck_assert_msg(image_get(img, 0, 0).a == 0 && image_get(img, size - 1, size - 1).a == 0,
                      "%d px: the plate's corners are clear", size);
        ck_assert_msg(image_get(img, size / 2, size / 2).a == 255, "%d px: opaque middle", size);
    }
    ck_assert_ptr_nonnull(base16);
    ck_assert_ptr_nonnull(base32);
    for (int i = 0; i < ICON_SIZE_COUNT; i++) {
        const Image *img = &icons[i];
        const Image *base = icon_sizes[i] % 32 == 0 ? base32 : base16;
        int k = icon_sizes[i] / base->w;
        ck_assert_int_eq(k * base->w, icon_sizes[i]);
        for (int y = 0; y < img->h; y++)
            for (int x = 0; x < img->w; x++)
                ck_assert_msg(same_rgba(image_get(img, x, y), image_get(base, x / k, y / k)),
                              "%d px: (%d, %d) is not its %dx%d block of the %d px painting",
                              icon_sizes[i], x, y, k, k, base->w);
    }
    ArtSet art;
    art_init(&art);
    ck_assert_msg(art_load_file(&art, ART_DIR "/palette.txt", err, sizeof err), "%s", err);
    ck_assert_msg(count_colour(base16, art_color(&art, 'b')) >= 20, "the hood");
    ck_assert_msg(count_colour(base16, art_color(&art, 's')) >= 6, "the face");
    ck_assert_msg(count_colour(base16, art_color(&art, 'r')) >= 6, "the scarf");
    ck_assert_msg(count_colour(base16, art_color(&art, 'e')) >= 2, "the eye");
    /* at 32 px, Pip standing: his boots */
    ck_assert_msg(count_colour(base32, art_color(&art, 'N')) >= 4, "the soles");
    art_fini(&art);
    for (int i = 0; i < ICON_SIZE_COUNT; i++)
        image_fini(&icons[i]);
}
END_TEST

START_TEST(icon_sources_missing_are_named)
{
    Image icons[ICON_SIZE_COUNT];
    char err[512] = "";
    ck_assert(!icon_build(ART_DIR "/no-such-folder", icons, err, sizeof err));
    ck_assert_msg(strstr(err, "no-such-folder/palette.txt: cannot open") != NULL, "%s", err);
}
END_TEST

static Suite *assets_suite(void)
{
    Suite *s = suite_create("assets");
    TCase *files = tcase_create("files");
    tcase_set_timeout(files, 0);
    tcase_add_test(files, committed_assets_match_art_sources);
    tcase_add_test(files, painting_twice_gives_identical_bytes);
    tcase_add_test(files, every_clip_has_timing_and_visible_frames);
    tcase_add_test(files, player_feet_stand_on_the_box_bottom);
    tcase_add_test(files, landings_squash_by_the_height_of_the_fall);
    tcase_add_test(files, idle_pip_blinks);
    tcase_add_test(files, blob_map_picks_47_tiles_and_themes_have_them);
    tcase_add_test(files, backgrounds_load_and_layers_fit);
    tcase_add_test(files, spikes_and_only_spikes_wear_the_hazard_red);
    tcase_add_test(files, pits_show_depth_in_every_world);
    tcase_add_test(files, no_layer_fills_the_view_with_a_haze);
    tcase_add_test(files, each_world_has_far_middle_and_near_and_something_moving);
    tcase_add_test(files, gameplay_kind_art_is_painted);
    tcase_add_test(files, font_has_every_printable_character);
    tcase_add_test(files, font_letters_are_distinct_and_descenders_descend);
    tcase_add_test(files, tiled_images_have_a_row_a_world_and_a_sprite_a_kind);
    suite_add_tcase(s, files);
    TCase *tools = tcase_create("tools");
    tcase_set_timeout(tools, 0);
    tcase_add_test(tools, png_round_trips_through_sdl_image);
    tcase_add_test(tools, art_errors_name_file_and_line);
    tcase_add_test(tools, art_grid_reads_palette_colours);
    tcase_add_test(tools, missing_art_file_is_named);
    tcase_add_test(tools, icon_is_pixel_art_at_every_size);
    tcase_add_test(tools, icon_sources_missing_are_named);
    suite_add_tcase(s, tools);
    return s;
}

int main(void)
{
    return check_run(assets_suite());
}
