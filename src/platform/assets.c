/*
** assets.c -- atlas.json: clips, extras, tile themes, font, backgrounds.
**
** Every value is type-checked before it is read (cJSON hands out NULL and
** zero for what is missing), and every cell is checked against the size of
** the image it points into. The first problem found is the one reported.
*/
#include "assets.h"

#include "tilemap.h"

#include <SDL_image.h>
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PATH_CAP = 4096 };

typedef struct Reader {
    const char *path;       /* the JSON, for messages */
    int img_w, img_h;       /* the image cells point into */
    char *err;
    size_t errlen;
    bool failed;
} Reader;

static void fail(Reader *r, const char *fmt, ...)
{
    if (r->failed)
        return; /* the first problem is the one worth reading */
    r->failed = true;
    int n = snprintf(r->err, r->errlen, "%s: ", r->path);
    if (n < 0 || (size_t)n >= r->errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

static const cJSON *get(Reader *r, const cJSON *obj, const char *key, const char *where)
{
    const cJSON *v = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
    if (!v)
        fail(r, "%s has no \"%s\"", where, key);
    return v;
}

/* The range is checked first: converting a double outside the integer's
** range (1e300) is undefined behaviour. NaN fails both comparisons. */
static bool whole(const cJSON *v, int lo, int hi)
{
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo && v->valuedouble <= hi))
        return false;
    return v->valuedouble == (double)(int)v->valuedouble;
}

static bool get_int(Reader *r, const cJSON *obj, const char *key, const char *where, int lo,
                    int hi, int *out)
{
    const cJSON *v = get(r, obj, key, where);
    if (!v)
        return false;
    if (!whole(v, lo, hi)) {
        fail(r, "%s: \"%s\" must be a whole number from %d to %d", where, key, lo, hi);
        return false;
    }
    *out = (int)v->valuedouble;
    return true;
}

/* n whole numbers from an array of exactly n. */
static bool ints(Reader *r, const cJSON *v, int n, int lo, int hi, int *out, const char *what)
{
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != n) {
        fail(r, "%s must be a list of %d numbers", what, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        const cJSON *e = cJSON_GetArrayItem(v, i);
        if (!whole(e, lo, hi)) {
            fail(r, "%s: item %d must be a whole number from %d to %d", what, i, lo, hi);
            return false;
        }
        out[i] = (int)e->valuedouble;
    }
    return true;
}

/* A list of [x, y] cells of w x h inside the image. */
static bool cells(Reader *r, const cJSON *v, int n, int w, int h, SDL_Rect *out, const char *what)
{
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != n) {
        fail(r, "%s must list %d cells [x, y]", what, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        int xy[2];
        char item[192];
        snprintf(item, sizeof item, "%s[%d]", what, i);
        if (!ints(r, cJSON_GetArrayItem(v, i), 2, 0, 1 << 16, xy, item))
            return false;
        if (xy[0] + w > r->img_w || xy[1] + h > r->img_h) {
            fail(r, "%s: the %dx%d cell at (%d, %d) is outside the %dx%d image", item, w, h, xy[0],
                 xy[1], r->img_w, r->img_h);
            return false;
        }
        out[i] = (SDL_Rect){xy[0], xy[1], w, h};
    }
    return true;
}

static bool colour(Reader *r, const cJSON *v, const char *what, SDL_Color *out)
{
    unsigned value;
    char tail;
    size_t len = cJSON_IsString(v) ? strlen(v->valuestring) : 0;
    if ((len != 7 && len != 9) || v->valuestring[0] != '#' ||
        sscanf(v->valuestring + 1, "%8x%c", &value, &tail) != 1) {
        fail(r, "%s must be a colour \"#rrggbb\" or \"#rrggbbaa\"", what);
        return false;
    }
    if (len == 7)
        value = value << 8 | 0xffu;
    *out = (SDL_Color){(Uint8)(value >> 24), (Uint8)(value >> 16), (Uint8)(value >> 8), (Uint8)value};
    return true;
}

static void read_sheet(Reader *r, const cJSON *section, const char *section_name, int rclip,
                       RenderSheet *out)
{
    const char *name = render_clip_name(rclip);
    char where[96];
    snprintf(where, sizeof where, "%s.%s", section_name, name);
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(section, name);
    if (!cJSON_IsObject(sh)) {
        fail(r, "\"%s\" has no sheet \"%s\"", section_name, name);
        return;
    }
    int w = 0, h = 0, anchor[2] = {0, 0};
    get_int(r, sh, "frames", where, 1, RENDER_SHEET_CELLS, &out->frames);
    get_int(r, sh, "variants", where, 1, RENDER_SHEET_CELLS, &out->variants);
    get_int(r, sh, "w", where, 1, 1024, &w);
    get_int(r, sh, "h", where, 1, 1024, &h);
    const cJSON *fps = get(r, sh, "fps", where);
    const cJSON *loop = get(r, sh, "loop", where);
    const cJSON *an = get(r, sh, "anchor", where);
    if (r->failed)
        return;
    if (!cJSON_IsNumber(fps) || fps->valuedouble <= 0.0 || fps->valuedouble > 1000.0) {
        fail(r, "%s: \"fps\" must be a number above 0", where);
        return;
    }
    if (!cJSON_IsBool(loop)) {
        fail(r, "%s: \"loop\" must be true or false", where);
        return;
    }
    char what[128];
    snprintf(what, sizeof what, "%s.anchor", where);
    if (!ints(r, an, 2, -1024, 1024, anchor, what))
        return;
    if (out->frames * out->variants > RENDER_SHEET_CELLS) {
        fail(r, "%s: more than %d cells", where, RENDER_SHEET_CELLS);
        return;
    }
    snprintf(what, sizeof what, "%s.cells", where);
    if (!cells(r, get(r, sh, "cells", where), out->frames * out->variants, w, h, out->cells, what))
        return;
    out->fps = (float)fps->valuedouble;
    out->loop = cJSON_IsTrue(loop);
    out->anchor_x = anchor[0];
    out->anchor_y = anchor[1];
    const cJSON *slice = cJSON_GetObjectItemCaseSensitive(sh, "slice");
    if (slice) {
        int s[4];
        snprintf(what, sizeof what, "%s.slice", where);
        if (!ints(r, slice, 4, 0, 1024, s, what))
            return;
        if (s[0] + s[2] >= w) {
            fail(r, "%s: the slice's ends leave no middle", where);
            return;
        }
        out->slice_l = s[0];
        out->slice_r = s[2];
    }
}

static void read_tiles(Reader *r, const cJSON *root, RenderAtlas *atlas)
{
    const cJSON *tiles = get(r, root, "tiles", "the atlas");
    int size = 0;
    if (r->failed || !get_int(r, tiles, "size", "tiles", TILE_SIZE, TILE_SIZE, &size))
        return;
    int blob[256];
    if (!ints(r, get(r, tiles, "blob", "tiles"), 256, 0, RENDER_BLOB_TILES - 1, blob, "tiles.blob"))
        return;
    for (int i = 0; i < 256; i++)
        atlas->blob[i] = (uint8_t)blob[i];
    const cJSON *themes = get(r, tiles, "themes", "tiles");
    if (r->failed)
        return;
    if (!cJSON_IsObject(themes) || cJSON_GetArraySize(themes) < 1) {
        fail(r, "tiles.themes must hold at least one theme");
        return;
    }
    const cJSON *th;
    cJSON_ArrayForEach(th, themes)
    {
        if (atlas->theme_count == RENDER_THEMES) {
            fail(r, "more than %d tile themes", RENDER_THEMES);
            return;
        }
        RenderTheme *out = &atlas->themes[atlas->theme_count];
        if (strlen(th->string) >= sizeof out->name) {
            fail(r, "tiles.themes: the name \"%.40s\" is too long", th->string);
            return;
        }
        strcpy(out->name, th->string);
        char where[96], what[128];
        snprintf(where, sizeof where, "tiles.themes.%s", out->name);
        snprintf(what, sizeof what, "%s.solid", where);
        if (!cells(r, get(r, th, "solid", where), RENDER_BLOB_TILES, size, size, out->solid, what))
            return;
        snprintf(what, sizeof what, "%s.oneway", where);
        if (!cells(r, get(r, th, "oneway", where), 4, size, size, out->oneway, what))
            return;
        snprintf(what, sizeof what, "%s.spikes", where);
        if (!cells(r, get(r, th, "spikes", where), 4, size, size, out->spikes, what))
            return;
        const cJSON *decor = cJSON_GetObjectItemCaseSensitive(th, "decor");
        if (decor) {
            int n = cJSON_IsArray(decor) ? cJSON_GetArraySize(decor) : -1;
            snprintf(what, sizeof what, "%s.decor", where);
            if (n < 0 || n > 4) {
                fail(r, "%s must list up to 4 cells", what);
                return;
            }
            if (!cells(r, decor, n, size, size, out->decor, what))
                return;
            out->decor_count = n;
        }
        atlas->theme_count++;
    }
}

static void read_font(Reader *r, const cJSON *root, RenderAtlas *atlas)
{
    const cJSON *font = get(r, root, "font", "the atlas");
    RenderFont *f = &atlas->font;
    int w = 0, h = 0;
    if (r->failed)
        return;
    get_int(r, font, "first", "font", 0, 127, &f->first);
    get_int(r, font, "count", "font", 1, RENDER_FONT_CHARS, &f->count);
    get_int(r, font, "w", "font", 1, 64, &w);
    get_int(r, font, "h", "font", 1, 64, &h);
    get_int(r, font, "line_height", "font", 1, 128, &f->line_height);
    if (r->failed)
        return;
    if (f->first > ' ' || f->first + f->count <= 'z') {
        fail(r, "font: the characters from \"first\" must cover ' ' to 'z'");
        return;
    }
    int adv[RENDER_FONT_CHARS];
    if (!ints(r, get(r, font, "advance", "font"), f->count, 0, 64, adv, "font.advance"))
        return;
    for (int i = 0; i < f->count; i++)
        f->advance[i] = (uint8_t)adv[i];
    cells(r, get(r, font, "cells", "font"), f->count, w, h, f->cells, "font.cells");
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && n < (16L << 20) && fseek(f, 0, SEEK_SET) == 0) {
            buf = malloc((size_t)n + 1);
            if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
                free(buf);
                buf = NULL;
            }
            if (buf) {
                buf[n] = '\0';
                *len = (size_t)n;
            }
        }
    }
    fclose(f);
    return buf;
}

/* An image next to atlas.json, named by the JSON: a plain file name only. */
static SDL_Surface *load_image(Reader *r, const char *dir, const cJSON *name, const char *what)
{
    if (!cJSON_IsString(name) || !*name->valuestring || strchr(name->valuestring, '/') ||
        strlen(name->valuestring) > 200) {
        fail(r, "%s must name a PNG file next to atlas.json", what);
        return NULL;
    }
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/%s", dir, name->valuestring);
    SDL_Surface *s = IMG_Load(path);
    if (!s) {
        /* the image is the file at fault: name it, not the JSON */
        r->failed = true;
        snprintf(r->err, r->errlen, "%s: cannot load the image: %s", path, IMG_GetError());
    }
    return s;
}

static void read_backgrounds(Reader *r, const cJSON *root, const char *dir,
                             SDL_Renderer *renderer, RenderAtlas *atlas)
{
    const cJSON *bgs = get(r, root, "backgrounds", "the atlas");
    if (r->failed)
        return;
    if (!cJSON_IsObject(bgs) || cJSON_GetArraySize(bgs) < 1) {
        fail(r, "\"backgrounds\" must hold at least one set");
        return;
    }
    const cJSON *bg;
    cJSON_ArrayForEach(bg, bgs)
    {
        if (atlas->background_count == RENDER_BACKGROUNDS) {
            fail(r, "more than %d background sets", RENDER_BACKGROUNDS);
            return;
        }
        RenderBackground *out = &atlas->backgrounds[atlas->background_count];
        if (strlen(bg->string) >= sizeof out->name) {
            fail(r, "backgrounds: the name \"%.40s\" is too long", bg->string);
            return;
        }
        strcpy(out->name, bg->string);
        char where[96], what[160];
        snprintf(where, sizeof where, "backgrounds.%s", out->name);
        snprintf(what, sizeof what, "%s.image", where);
        const cJSON *layers = get(r, bg, "layers", where);
        if (r->failed)
            return;
        SDL_Surface *image = load_image(r, dir, get(r, bg, "image", where), what);
        if (!image)
            return;
        int saved_w = r->img_w, saved_h = r->img_h;
        r->img_w = image->w;
        r->img_h = image->h;
        int n = cJSON_IsArray(layers) ? cJSON_GetArraySize(layers) : -1;
        if (n < 1 || n > RENDER_BG_LAYERS)
            fail(r, "%s.layers must list 1 to %d layers", where, RENDER_BG_LAYERS);
        for (int i = 0; i < n && !r->failed; i++) {
            const cJSON *layer = cJSON_GetArrayItem(layers, i);
            RenderBgLayer *l = &out->layers[i];
            char lw[128];
            snprintf(lw, sizeof lw, "%s.layers[%d]", where, i);
            int rect[4];
            double px = 0, py = 0;
            snprintf(what, sizeof what, "%s.rect", lw);
            if (!ints(r, get(r, layer, "rect", lw), 4, 0, 1 << 16, rect, what))
                break;
            if (rect[2] < 1 || rect[3] < 1 || rect[0] + rect[2] > image->w ||
                rect[1] + rect[3] > image->h) {
                fail(r, "%s is outside the %dx%d image", what, image->w, image->h);
                break;
            }
            const cJSON *par = get(r, layer, "parallax", lw);
            if (r->failed)
                break;
            if (!cJSON_IsArray(par) || cJSON_GetArraySize(par) != 2 ||
                !cJSON_IsNumber(cJSON_GetArrayItem(par, 0)) ||
                !cJSON_IsNumber(cJSON_GetArrayItem(par, 1))) {
                fail(r, "%s.parallax must be two numbers [x, y]", lw);
                break;
            }
            px = cJSON_GetArrayItem(par, 0)->valuedouble;
            py = cJSON_GetArrayItem(par, 1)->valuedouble;
            if (px < 0.0 || px > 4.0 || py < 0.0 || py > 4.0) {
                fail(r, "%s.parallax must be from 0 to 4", lw);
                break;
            }
            if (!get_int(r, layer, "y", lw, -4096, 4096, &l->y))
                break;
            snprintf(what, sizeof what, "%s.fill_above", lw);
            if (!colour(r, get(r, layer, "fill_above", lw), what, &l->above))
                break;
            snprintf(what, sizeof what, "%s.fill_below", lw);
            if (!colour(r, get(r, layer, "fill_below", lw), what, &l->below))
                break;
            l->src = (SDL_Rect){rect[0], rect[1], rect[2], rect[3]};
            l->parallax_x = (float)px;
            l->parallax_y = (float)py;
            out->layer_count++;
        }
        if (!r->failed && renderer) {
            out->texture = render_make_texture(renderer, image, &out->tex_w, &out->tex_h,
                                               &out->white, r->err, r->errlen);
            r->failed = out->texture == NULL;
        }
        SDL_FreeSurface(image);
        r->img_w = saved_w;
        r->img_h = saved_h;
        if (r->failed)
            return;
        atlas->background_count++;
    }
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
    Reader r = {json_path, 0, 0, err, errlen, false};
    size_t len = 0;
    char *text = read_file(json_path, &len);
    if (!text) {
        snprintf(err, errlen, "%s: cannot read the atlas description", json_path);
        return false;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    SDL_Surface *image = NULL;
    if (!root) {
        /* cJSON points into the text: count the lines up to there */
        const char *at = cJSON_GetErrorPtr();
        int line = 1, col = 1;
        for (const char *p = text; at && p < at && p < text + len; p++) {
            col++;
            if (*p == '\n') {
                line++;
                col = 1;
            }
        }
        snprintf(err, errlen, "%s:%d:%d: not valid JSON", json_path, line, col);
        free(text);
        return false;
    }
    int format = 0, w = 0, h = 0;
    if (!cJSON_IsObject(root))
        fail(&r, "must be a JSON object");
    get_int(&r, root, "format", "the atlas", 1, 1, &format);
    get_int(&r, root, "width", "the atlas", 1, 1 << 14, &w);
    get_int(&r, root, "height", "the atlas", 1, 1 << 14, &h);
    if (!r.failed)
        image = load_image(&r, dir, get(&r, root, "image", "the atlas"), "\"image\"");
    if (image && (image->w != w || image->h != h))
        fail(&r, "says the image is %dx%d but it is %dx%d", w, h, image->w, image->h);
    if (image) {
        r.img_w = image->w;
        r.img_h = image->h;
    }
    const cJSON *clip_sec = r.failed ? NULL : get(&r, root, "clips", "the atlas");
    for (int c = 0; c < CLIP_COUNT && !r.failed; c++)
        read_sheet(&r, clip_sec, "clips", c, &atlas->sheets[c]);
    const cJSON *sprite_sec = r.failed ? NULL : get(&r, root, "sprites", "the atlas");
    for (int c = CLIP_COUNT; c < RCLIP_COUNT && !r.failed; c++)
        read_sheet(&r, sprite_sec, "sprites", c, &atlas->sheets[c]);
    read_tiles(&r, root, atlas);
    read_font(&r, root, atlas);
    read_backgrounds(&r, root, dir, renderer, atlas);
    if (!r.failed && renderer) {
        atlas->texture = render_make_texture(renderer, image, &atlas->tex_w, &atlas->tex_h,
                                             &atlas->white, err, errlen);
        r.failed = atlas->texture == NULL;
    }
    if (!r.failed && clips)
        for (int c = 0; c < CLIP_COUNT; c++)
            clips->clips[c] = (ClipInfo){atlas->sheets[c].frames, atlas->sheets[c].fps,
                                         atlas->sheets[c].loop};
    SDL_FreeSurface(image);
    cJSON_Delete(root);
    free(text);
    if (r.failed)
        render_atlas_unload(atlas);
    return !r.failed;
}
