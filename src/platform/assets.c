/* SPDX-License-Identifier: Zlib */
/*
** assets.c -- atlas.json: clips, extras, tile themes, font, backgrounds.
**
** src/json/ reads the file and checks every value's type and range before
** it is used (cJSON hands out NULL and zero for what is missing); every cell
** is then checked against the size of the image it points into. The first
** problem found is the one reported, with its line and column: a broken
** atlas stops the game at start with one line.
*/
#include "assets.h"

#include "json_doc.h"
#include "json_file.h"
#include "json_get.h"
#include "json_message.h"
#include "tilemap.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PATH_CAP = 4096, ATLAS_MAX_BYTES = 16 * 1024 * 1024 };

typedef struct Reader {
    const char *path; /* the JSON, for messages */
    JsonSink sink;
    JsonDoc doc;
    int img_w, img_h; /* the image cells point into */
    char *err;
    size_t errlen;
    bool failed; /* a problem is in err */
} Reader;

/* The sink: the first problem is the one worth reading. */
static void first_problem(void *ctx, int line, int col, const char *message)
{
    Reader *r = ctx;
    if (r->failed)
        return;
    r->failed = true;
    if (line > 0)
        snprintf(r->err, r->errlen, "%s:%d:%d: %s", r->path, line, col, message);
    else
        snprintf(r->err, r->errlen, "%s: %s", r->path, message);
}

/* The member key of obj, which must be an object. */
static const cJSON *need_object(Reader *r, const cJSON *obj, const char *key)
{
    const cJSON *v = json_need(&r->doc, obj, key);
    return json_want_object(&r->doc, v) ? v : NULL;
}

static bool get_int(Reader *r, const cJSON *obj, const char *key, int lo, int hi, int *out)
{
    long v;
    if (!json_want_int(&r->doc, json_need(&r->doc, obj, key), lo, hi, &v))
        return false;
    *out = (int)v;
    return true;
}

/* An array of exactly n values. */
static bool want_list(Reader *r, const cJSON *v, int n, const char *what)
{
    if (!json_want_array(&r->doc, v))
        return false;
    int got = cJSON_GetArraySize(v);
    if (got != n) {
        json_error(&r->doc, v, "expected %d %s, got %d", n, what, got);
        return false;
    }
    return true;
}

/* n whole numbers from an array of exactly n. */
static bool ints(Reader *r, const cJSON *v, int n, int lo, int hi, int *out)
{
    if (!want_list(r, v, n, "numbers"))
        return false;
    int i = 0;
    bool ok = true;
    for (const cJSON *e = v->child; e != NULL; e = e->next, i++) {
        long x;
        if (json_want_int(&r->doc, e, lo, hi, &x))
            out[i] = (int)x;
        else
            ok = false;
    }
    return ok;
}

/* A list of n [x, y] cells of w x h inside the image. */
static bool cells(Reader *r, const cJSON *v, int n, int w, int h, SDL_Rect *out)
{
    if (!want_list(r, v, n, "cells [x, y]"))
        return false;
    int i = 0;
    for (const cJSON *e = v->child; e != NULL; e = e->next, i++) {
        int xy[2];
        if (!ints(r, e, 2, 0, 1 << 16, xy))
            return false;
        if (xy[0] + w > r->img_w || xy[1] + h > r->img_h) {
            json_error(&r->doc, e, "the %dx%d cell at (%d, %d) is outside the %dx%d image", w, h,
                       xy[0], xy[1], r->img_w, r->img_h);
            return false;
        }
        out[i] = (SDL_Rect){xy[0], xy[1], w, h};
    }
    return true;
}

static bool colour(Reader *r, const cJSON *v, SDL_Color *out)
{
    const char *s = json_want_string(&r->doc, v);
    if (s == NULL)
        return false;
    unsigned value;
    char tail;
    size_t len = strlen(s);
    if ((len != 7 && len != 9) || s[0] != '#' || sscanf(s + 1, "%8x%c", &value, &tail) != 1) {
        char got[64];
        json_describe(v, got, sizeof got);
        json_error(&r->doc, v, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", got %s", got);
        return false;
    }
    if (len == 7)
        value = value << 8 | 0xffu;
    *out =
        (SDL_Color){(Uint8)(value >> 24), (Uint8)(value >> 16), (Uint8)(value >> 8), (Uint8)value};
    return true;
}

static void read_sheet(Reader *r, const cJSON *section, int rclip, RenderSheet *out)
{
    JsonDoc *doc = &r->doc;
    const cJSON *sh = need_object(r, section, render_clip_name(rclip));
    if (sh == NULL)
        return;
    int w = 0, h = 0, anchor[2] = {0, 0};
    double fps = 0;
    bool loop = false;
    get_int(r, sh, "frames", 1, RENDER_SHEET_CELLS, &out->frames);
    get_int(r, sh, "variants", 1, RENDER_SHEET_CELLS, &out->variants);
    get_int(r, sh, "w", 1, 1024, &w);
    get_int(r, sh, "h", 1, 1024, &h);
    const cJSON *fps_item = json_need(doc, sh, "fps");
    if (json_want_number(doc, fps_item, 0.0, 1000.0, &fps) && fps <= 0.0)
        json_error(doc, fps_item, "expected a number above 0, got 0");
    json_want_bool(doc, json_need(doc, sh, "loop"), &loop);
    ints(r, json_need(doc, sh, "anchor"), 2, -1024, 1024, anchor);
    if (r->failed)
        return;
    if (out->frames * out->variants > RENDER_SHEET_CELLS) {
        json_error(doc, sh, "more than %d cells", RENDER_SHEET_CELLS);
        return;
    }
    if (!cells(r, json_need(doc, sh, "cells"), out->frames * out->variants, w, h, out->cells))
        return;
    out->fps = (float)fps;
    out->loop = loop;
    out->anchor_x = anchor[0];
    out->anchor_y = anchor[1];
    const cJSON *slice = json_get(sh, "slice");
    if (slice != NULL) {
        int s[4];
        if (!ints(r, slice, 4, 0, 1024, s))
            return;
        if (s[0] + s[2] >= w) {
            json_error(doc, slice, "the slice's ends leave no middle");
            return;
        }
        out->slice_l = s[0];
        out->slice_r = s[2];
    }
}

/* An optional list of up to RENDER_THEME_EXTRAS tiles (a theme's fill
** details or decorations); false after an error. */
static bool optional_cells(Reader *r, const cJSON *theme, const char *key, int size, SDL_Rect *out,
                           int *count)
{
    JsonDoc *doc = &r->doc;
    const cJSON *list = json_get(theme, key);
    *count = 0;
    if (list == NULL)
        return true;
    if (!json_want_array(doc, list))
        return false;
    int n = cJSON_GetArraySize(list);
    if (n > RENDER_THEME_EXTRAS) {
        json_error(doc, list, "expected up to %d cells, got %d", RENDER_THEME_EXTRAS, n);
        return false;
    }
    if (!cells(r, list, n, size, size, out))
        return false;
    *count = n;
    return true;
}

/* The object of named sets at key, not empty ("expected at least one
** `what`"), or NULL. */
static const cJSON *need_sets(Reader *r, const cJSON *obj, const char *key, const char *what)
{
    const cJSON *sets = need_object(r, obj, key);
    if (sets != NULL && sets->child == NULL) {
        json_error(&r->doc, sets, "expected at least one %s", what);
        return NULL;
    }
    return sets;
}

/* Whether `set` of such an object, the count-th, may be read: false (with
** the error) when there are max already, its name does not fit or it is no
** object. */
static bool named_set(Reader *r, const cJSON *set, int count, int max, const char *what)
{
    if (count == max) {
        json_error_key(&r->doc, set, "more than %d %s", max, what);
        return false;
    }
    if (strlen(set->string) >= RENDER_NAME_MAX) {
        json_error_key(&r->doc, set, "the name \"%.40s\" is too long", set->string);
        return false;
    }
    return json_want_object(&r->doc, set);
}

static void read_tiles(Reader *r, const cJSON *root, RenderAtlas *atlas)
{
    JsonDoc *doc = &r->doc;
    const cJSON *tiles = need_object(r, root, "tiles");
    int size = 0;
    if (tiles == NULL || !get_int(r, tiles, "size", TILE_SIZE, TILE_SIZE, &size))
        return;
    int blob[256];
    if (!ints(r, json_need(doc, tiles, "blob"), 256, 0, RENDER_BLOB_TILES - 1, blob))
        return;
    for (int i = 0; i < 256; i++)
        atlas->blob[i] = (uint8_t)blob[i];
    const cJSON *shade = json_get(tiles, "shade");
    if (shade != NULL) {
        if (!cells(r, shade, RENDER_BLOB_TILES, size, size, atlas->shade))
            return;
        atlas->has_shade = true;
    }
    const cJSON *themes = need_sets(r, tiles, "themes", "theme");
    for (const cJSON *th = themes ? themes->child : NULL; th != NULL; th = th->next) {
        if (!named_set(r, th, atlas->theme_count, RENDER_THEMES, "tile themes"))
            return;
        RenderTheme *out = &atlas->themes[atlas->theme_count];
        strcpy(out->name, th->string);
        if (!cells(r, json_need(doc, th, "solid"), RENDER_BLOB_TILES, size, size, out->solid) ||
            !cells(r, json_need(doc, th, "oneway"), 4, size, size, out->oneway) ||
            !cells(r, json_need(doc, th, "spikes"), 4, size, size, out->spikes))
            return;
        if (!optional_cells(r, th, "fill", size, out->fill, &out->fill_count) ||
            !optional_cells(r, th, "decor", size, out->decor, &out->decor_count))
            return;
        atlas->theme_count++;
    }
}

static void read_font(Reader *r, const cJSON *root, RenderAtlas *atlas)
{
    JsonDoc *doc = &r->doc;
    const cJSON *font = need_object(r, root, "font");
    RenderFont *f = &atlas->font;
    int w = 0, h = 0;
    if (font == NULL)
        return;
    get_int(r, font, "first", 0, 127, &f->first);
    get_int(r, font, "count", 1, RENDER_FONT_CHARS, &f->count);
    get_int(r, font, "w", 1, 64, &w);
    get_int(r, font, "h", 1, 64, &h);
    get_int(r, font, "line_height", 1, 128, &f->line_height);
    f->ascent = 0;
    if (json_get(font, "ascent") != NULL)
        get_int(r, font, "ascent", 0, h - 1, &f->ascent);
    if (r->failed)
        return;
    if (f->first > ' ' || f->first + f->count <= 'z') {
        json_error(doc, font, "the characters from \"first\" must cover ' ' to 'z'");
        return;
    }
    int adv[RENDER_FONT_CHARS];
    if (!ints(r, json_need(doc, font, "advance"), f->count, 0, 64, adv))
        return;
    for (int i = 0; i < f->count; i++)
        f->advance[i] = (uint8_t)adv[i];
    cells(r, json_need(doc, font, "cells"), f->count, w, h, f->cells);
}

/* An image next to atlas.json, named by the JSON: a plain file name only. */
static SDL_Surface *load_image(Reader *r, const char *dir, const cJSON *name)
{
    const char *file = json_want_string(&r->doc, name);
    if (file == NULL)
        return NULL;
    if (file[0] == '\0' || strchr(file, '/') != NULL || strlen(file) > 200) {
        json_error(&r->doc, name, "must name a PNG file next to atlas.json");
        return NULL;
    }
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    SDL_Surface *s = IMG_Load(path);
    if (!s && !r->failed) {
        /* the image is the file at fault: name it, not the JSON */
        r->failed = true;
        snprintf(r->err, r->errlen, "%s: cannot load the image: %s", path, IMG_GetError());
    }
    return s;
}

/* Two numbers [x, y] from lo to hi. */
static bool pair(Reader *r, const cJSON *v, double lo, double hi, double out[2])
{
    if (!want_list(r, v, 2, "numbers [x, y]"))
        return false;
    bool ok = json_want_number(&r->doc, v->child, lo, hi, &out[0]);
    return json_want_number(&r->doc, v->child->next, lo, hi, &out[1]) && ok;
}

static void read_layer(Reader *r, const cJSON *layer, const SDL_Surface *image,
                       RenderBackground *out)
{
    JsonDoc *doc = &r->doc;
    RenderBgLayer *l = &out->layers[out->layer_count];
    int rect[4];
    double px[2];
    if (!json_want_object(doc, layer))
        return;
    const cJSON *rect_item = json_need(doc, layer, "rect");
    if (!ints(r, rect_item, 4, 0, 1 << 16, rect))
        return;
    if (rect[2] < 1 || rect[3] < 1) {
        json_error(doc, rect_item,
                   "the rectangle [%d, %d, %d, %d] is empty: its width and height"
                   " must be at least 1",
                   rect[0], rect[1], rect[2], rect[3]);
        return;
    }
    if (rect[0] + rect[2] > image->w || rect[1] + rect[3] > image->h) {
        json_error(doc, rect_item, "the rectangle is outside the %dx%d image", image->w, image->h);
        return;
    }
    if (!pair(r, json_need(doc, layer, "parallax"), 0.0, 4.0, px) ||
        !get_int(r, layer, "y", -4096, 4096, &l->y) ||
        !colour(r, json_need(doc, layer, "fill_above"), &l->above) ||
        !colour(r, json_need(doc, layer, "fill_below"), &l->below))
        return;
    const cJSON *drift = json_get(layer, "drift"), *repeat = json_get(layer, "repeat_y");
    double dv[2] = {0.0, 0.0};
    if (drift != NULL && !pair(r, drift, -256.0, 256.0, dv))
        return;
    if (repeat != NULL && !json_want_bool(doc, repeat, &l->repeat_y))
        return;
    l->src = (SDL_Rect){rect[0], rect[1], rect[2], rect[3]};
    l->parallax_x = (float)px[0];
    l->parallax_y = (float)px[1];
    l->drift_x = (float)dv[0];
    l->drift_y = (float)dv[1];
    out->layer_count++;
}

static void read_backgrounds(Reader *r, const cJSON *root, const char *dir, SDL_Renderer *renderer,
                             RenderAtlas *atlas)
{
    JsonDoc *doc = &r->doc;
    const cJSON *bgs = need_sets(r, root, "backgrounds", "set");
    for (const cJSON *bg = bgs ? bgs->child : NULL; bg != NULL; bg = bg->next) {
        if (!named_set(r, bg, atlas->background_count, RENDER_BACKGROUNDS, "background sets"))
            return;
        RenderBackground *out = &atlas->backgrounds[atlas->background_count];
        strcpy(out->name, bg->string);
        const cJSON *layers = json_need(doc, bg, "layers");
        if (!json_want_array(doc, layers))
            return;
        int n = cJSON_GetArraySize(layers);
        if (n < 1 || n > RENDER_BG_LAYERS) {
            json_error(doc, layers, "expected 1 to %d layers, got %d", RENDER_BG_LAYERS, n);
            return;
        }
        SDL_Surface *image = load_image(r, dir, json_need(doc, bg, "image"));
        if (!image)
            return;
        for (const cJSON *layer = layers->child; layer != NULL && !r->failed; layer = layer->next)
            read_layer(r, layer, image, out);
        if (!r->failed && renderer) {
            out->texture = render_make_texture(renderer, image, &out->tex_w, &out->tex_h,
                                               &out->white, r->err, r->errlen);
            r->failed = out->texture == NULL;
        }
        SDL_FreeSurface(image);
        if (r->failed)
            return;
        atlas->background_count++;
    }
}

/* Everything but the backgrounds, whose images are read on their own. */
static SDL_Surface *read_atlas(Reader *r, const char *dir, RenderAtlas *atlas)
{
    JsonDoc *doc = &r->doc;
    const cJSON *root = doc->root;
    int format = 0, w = 0, h = 0;
    if (!json_want_object(doc, root))
        return NULL;
    get_int(r, root, "format", 1, 1, &format);
    get_int(r, root, "width", 1, 1 << 14, &w);
    get_int(r, root, "height", 1, 1 << 14, &h);
    const cJSON *image_item = json_need(doc, root, "image");
    if (r->failed)
        return NULL;
    SDL_Surface *image = load_image(r, dir, image_item);
    if (!image)
        return NULL;
    if (image->w != w || image->h != h) {
        json_error(doc, image_item, "the image is %dx%d, but \"width\" and \"height\" say %dx%d",
                   image->w, image->h, w, h);
        return image;
    }
    r->img_w = image->w;
    r->img_h = image->h;
    const cJSON *clip_sec = need_object(r, root, "clips");
    for (int c = 0; c < kind_clip_count() && !r->failed; c++)
        read_sheet(r, clip_sec, c, &atlas->sheets[c]);
    const cJSON *sprite_sec = r->failed ? NULL : need_object(r, root, "sprites");
    for (int c = RCLIP_FX_DUST; c < RCLIP_COUNT && !r->failed; c++)
        read_sheet(r, sprite_sec, c, &atlas->sheets[c]);
    if (!r->failed)
        read_tiles(r, root, atlas);
    if (!r->failed)
        read_font(r, root, atlas);
    return image;
}

bool assets_load_atlas(const char *data_dir, SDL_Renderer *renderer, RenderAtlas *atlas,
                       ClipTable *clips, char *err, size_t errlen)
{
    char dir[PATH_CAP], json_path[PATH_CAP];
    memset(atlas, 0, sizeof *atlas);
    snprintf(dir, sizeof dir, "%s/assets", data_dir);
    if (snprintf(json_path, sizeof json_path, "%s/atlas.json", dir) >= (int)sizeof json_path) {
        snprintf(err, errlen, "%s: the path is too long", dir);
        return false;
    }
    Reader r = {.path = json_path, .err = err, .errlen = errlen};
    r.sink = (JsonSink){.report = first_problem, .ctx = &r};
    char *text = NULL;
    size_t len = 0;
    SDL_Surface *image = NULL;
    if (json_read_file(json_path, ATLAS_MAX_BYTES, &text, &len, &r.sink) == JSON_READ_OK &&
        json_doc_parse(&r.doc, text, len, ATLAS_MAX_BYTES, &r.sink) && !r.failed)
        image = read_atlas(&r, dir, atlas);
    if (!r.failed)
        read_backgrounds(&r, r.doc.root, dir, renderer, atlas);
    if (!r.failed && renderer) {
        atlas->texture = render_make_texture(renderer, image, &atlas->tex_w, &atlas->tex_h,
                                             &atlas->white, err, errlen);
        r.failed = atlas->texture == NULL;
    }
    if (!r.failed && clips)
        for (int c = 0; c < kind_clip_count(); c++)
            clips->clips[c] =
                (ClipInfo){atlas->sheets[c].frames, atlas->sheets[c].fps, atlas->sheets[c].loop};
    SDL_FreeSurface(image);
    json_doc_fini(&r.doc);
    free(text);
    if (r.failed)
        render_atlas_unload(atlas);
    return !r.failed;
}
