/* test_assets.c -- the art: sources, the PNG encoder, atlas.json, the
** images and the program's icon. */
#include "anim.h"
#include "atlas.h"
#include "icon.h"
#include "leveldesc.h"
#include "png.h"

#include <SDL_image.h>
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

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
    cJSON_ArrayForEach(cell, cells) {
        ck_assert_msg(cJSON_IsArray(cell) && cJSON_GetArraySize(cell) == 2, "%s: a cell is not [x, y]", what);
        const cJSON *cx = cJSON_GetArrayItem(cell, 0), *cy = cJSON_GetArrayItem(cell, 1);
        ck_assert(cJSON_IsNumber(cx) && cJSON_IsNumber(cy));
        int x = cx->valueint, y = cy->valueint;
        if (x < 0 || y < 0 || x + w > atlas->w || y + h > atlas->h)
            ck_abort_msg("%s: cell (%d, %d) %dx%d leaves the %dx%d atlas", what, x, y, w, h, atlas->w, atlas->h);
        bool any = false;
        for (int j = 0; j < h && !any; j++)
            for (int i = 0; i < w && !any; i++)
                any = pixel(atlas, x + i, y + j)[3] != 0;
        visible += any;
    }
    return visible;
}

/* ---- committed files ---- */

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
        size_t len;
        char *data = read_file(path, &len);
        bool same = data != NULL && len == atlas.files[i].len && memcmp(data, atlas.files[i].data, len) == 0;
        free(data);
        ck_assert_msg(same, "assets/%s differs from what art/ paints: "
                            "repaint it with the 'assets' build target", atlas.files[i].name);
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
        ck_assert_msg(frames >= 1 && variants >= 1, "%s: %d frames, %d variants", name, frames, variants);
        ck_assert_msg(cJSON_IsNumber(fps) && fps->valuedouble > 0.0, "%s: fps", name);
        ck_assert_msg(cJSON_IsBool(loop), "%s: loop", name);
        const cJSON *cells = cJSON_GetObjectItemCaseSensitive(clip, "cells");
        ck_assert_int_eq(cJSON_GetArraySize(cells), frames * variants);
        int visible = check_cells(cells, json_int(clip, "w"), json_int(clip, "h"), img, name);
        ck_assert_msg(visible == frames * variants, "%s: %d of %d cells are blank",
                      name, frames * variants - visible, frames * variants);
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
    static const char *const grounded[] = {"player_idle", "player_run", "player_land"};
    for (size_t g = 0; g < sizeof grounded / sizeof grounded[0]; g++) {
        const cJSON *clip = cJSON_GetObjectItemCaseSensitive(clips, grounded[g]);
        const cJSON *anchor = cJSON_GetObjectItemCaseSensitive(clip, "anchor");
        ck_assert(cJSON_IsArray(anchor) && cJSON_GetArraySize(anchor) == 2);
        int ax = cJSON_GetArrayItem(anchor, 0)->valueint, ay = cJSON_GetArrayItem(anchor, 1)->valueint;
        int w = json_int(clip, "w"), h = json_int(clip, "h");
        /* the box is centred, so mirroring the cell keeps Pip on it */
        ck_assert_int_eq(ax * 2 + box_w, w);
        int feet_row = ay + box_h - 1;
        ck_assert_int_lt(feet_row, h);
        const cJSON *cell;
        cJSON_ArrayForEach(cell, cJSON_GetObjectItemCaseSensitive(clip, "cells")) {
            int x = cJSON_GetArrayItem(cell, 0)->valueint, y = cJSON_GetArrayItem(cell, 1)->valueint;
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
    static const char *const names[] = {"hills", "cave", "peak"};
    int inner = cJSON_GetArrayItem(blob, 255)->valueint;
    for (size_t t = 0; t < 3; t++) {
        const cJSON *theme = cJSON_GetObjectItemCaseSensitive(themes, names[t]);
        ck_assert_msg(cJSON_IsObject(theme), "no tile theme '%s'", names[t]);
        const cJSON *solid = cJSON_GetObjectItemCaseSensitive(theme, "solid");
        ck_assert_int_eq(cJSON_GetArraySize(solid), 47);
        ck_assert_int_eq(check_cells(solid, size, size, img, names[t]), 47);
        ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(theme, "oneway")), 4);
        ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(theme, "spikes")), 4);
        /* ground surrounded by ground is fully opaque: no holes show the sky */
        const cJSON *cell = cJSON_GetArrayItem(solid, inner);
        int x = cJSON_GetArrayItem(cell, 0)->valueint, y = cJSON_GetArrayItem(cell, 1)->valueint;
        for (int j = 0; j < size; j++)
            for (int i = 0; i < size; i++)
                if (pixel(img, x + i, y + j)[3] != 255)
                    ck_abort_msg("%s: the inner tile has a hole at (%d, %d)", names[t], i, j);
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
    cJSON_ArrayForEach(set, bgs) {
        const cJSON *file = cJSON_GetObjectItemCaseSensitive(set, "image");
        ck_assert(cJSON_IsString(file));
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", ASSETS_DIR, file->valuestring);
        SDL_Surface *img = load_rgba(path);
        ck_assert_msg(img != NULL, "%s: %s", path, IMG_GetError());
        const cJSON *layer;
        int layers = 0;
        cJSON_ArrayForEach(layer, cJSON_GetObjectItemCaseSensitive(set, "layers")) {
            const cJSON *rect = cJSON_GetObjectItemCaseSensitive(layer, "rect");
            ck_assert_int_eq(cJSON_GetArraySize(rect), 4);
            int x = cJSON_GetArrayItem(rect, 0)->valueint, y = cJSON_GetArrayItem(rect, 1)->valueint;
            int w = cJSON_GetArrayItem(rect, 2)->valueint, h = cJSON_GetArrayItem(rect, 3)->valueint;
            ck_assert(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= img->w && y + h <= img->h);
            layers++;
        }
        ck_assert_int_ge(layers, 2);
        SDL_FreeSurface(img);
        sets++;
    }
    ck_assert_int_eq(sets, 3);
    cJSON_Delete(root);
}
END_TEST

START_TEST(font_has_every_printable_character)
{
    cJSON *root = load_atlas_json();
    const cJSON *font = cJSON_GetObjectItemCaseSensitive(root, "font");
    ck_assert(cJSON_IsObject(font));
    ck_assert_int_eq(json_int(font, "first"), ' ');
    ck_assert_int_eq(json_int(font, "count"), '~' - ' ' + 1);
    const cJSON *advance = cJSON_GetObjectItemCaseSensitive(font, "advance");
    ck_assert_int_eq(cJSON_GetArraySize(advance), '~' - ' ' + 1);
    for (int c = ' '; c <= '~'; c++)
        ck_assert_msg(cJSON_GetArrayItem(advance, c - ' ')->valueint > 0, "'%c' has no advance", c);
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
            ck_assert_msg(lowest > baseline + 1, "'%c' does not reach below the baseline", chars[i]);
        else
            ck_assert_msg(lowest == baseline, "'%c' does not stand on the baseline (row %d, not %d)",
                          chars[i], lowest, baseline);
    }
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            ck_assert_msg(memcmp(ink + (size_t)i * (size_t)(w * h), ink + (size_t)j * (size_t)(w * h),
                                 (size_t)(w * h)) != 0,
                          "'%c' and '%c' are drawn the same", chars[i], chars[j]);
    free(ink);
    SDL_FreeSurface(img);
    cJSON_Delete(root);
}
END_TEST

/* ---- the PNG encoder, checked by an independent decoder ---- */

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
                /* runs, repeats and noise, to reach literals and long and far matches */
                Rgba c = (x / 5 + y) % 3 == 0 ? RGBA(seed >> 8, seed >> 16, seed >> 24, seed >> 4)
                                              : RGBA(x * 7, y * 3, (x ^ y) & 255, x % 4 == 0 ? 0 : 255);
                image_set(&img, x, y, c);
            }
        uint8_t *data;
        size_t len;
        ck_assert(png_encode(&img, &data, &len));
        SDL_Surface *raw = IMG_Load_RW(SDL_RWFromConstMem(data, (int)len), 1);
        ck_assert_msg(raw != NULL, "%dx%d: %s", img.w, img.h, IMG_GetError());
        SDL_Surface *dec = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
        SDL_FreeSurface(raw);
        ck_assert(dec != NULL);
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
    expect_error("color a ff0000\ngrid g\na\n\ngrid g\na\n", "bad.txt:5: grid 'g' is defined twice");
    expect_error("glyphs AB\n#. ##\n#.\n", "row does not line up");
    expect_error("glyphs ABC\n#. ##\n", "3 characters but 2 cells");
}
END_TEST

START_TEST(art_grid_reads_palette_colours)
{
    ArtSet set;
    art_init(&set);
    char err[256];
    ck_assert_msg(art_load_text(&set, "# a comment\ncolor a ff000080\ncolor b 00ff00\n\ngrid g\na.b\n.b.\n",
                                "ok.txt", err, sizeof err), "%s", err);
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
    tcase_add_test(files, blob_map_picks_47_tiles_and_themes_have_them);
    tcase_add_test(files, backgrounds_load_and_layers_fit);
    tcase_add_test(files, font_has_every_printable_character);
    tcase_add_test(files, font_letters_are_distinct_and_descenders_descend);
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
    SRunner *runner = srunner_create(assets_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
