/* SPDX-License-Identifier: Zlib */
/*
** atlas.c -- packing the sheets and writing atlas.png, atlas.json, the
** background images and the Tiled tileset's tiles.png.
**
** Packing: cells are sorted by height, then width, and laid on shelves
** 512 px wide; the image is as tall as the shelves, rounded up to a multiple
** of 16. A cell equal, pixel for pixel, to an earlier one takes its place.
** Every cell keeps a one-pixel transparent gutter so that a renderer
** scaling by non-whole factors never bleeds a neighbour into view.
*/
#include "atlas.h"

#include "png.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ATLAS_WIDTH = 512, GUTTER = 1 };

void atlas_init(Atlas *atlas)
{
    memset(atlas, 0, sizeof *atlas);
}

void atlas_fini(Atlas *atlas)
{
    for (int i = 0; i < atlas->sheet_count; i++) {
        Sheet *s = &atlas->sheets[i];
        for (int c = 0; c < s->frames * s->variants; c++)
            image_fini(&s->cells[c]);
        free(s->cells);
        free(s->cell_x);
        free(s->cell_y);
        free(s->advance);
    }
    free(atlas->sheets);
    for (int b = 0; b < atlas->bg_count; b++)
        for (int l = 0; l < atlas->bgs[b].layer_count; l++)
            image_fini(&atlas->bgs[b].layers[l].img);
    for (int f = 0; f < atlas->file_count; f++)
        free(atlas->files[f].data);
    memset(atlas, 0, sizeof *atlas);
}

Sheet *atlas_add_sheet(Atlas *atlas, SheetSection section, const char *name, int w, int h,
                       int frames, int variants)
{
    if (atlas->sheet_count == atlas->sheet_cap) {
        int cap = atlas->sheet_cap ? atlas->sheet_cap * 2 : 64;
        Sheet *s = realloc(atlas->sheets, (size_t)cap * sizeof *s);
        if (s == NULL) {
            atlas->failed = true;
            return NULL;
        }
        atlas->sheets = s;
        atlas->sheet_cap = cap;
    }
    Sheet *s = &atlas->sheets[atlas->sheet_count];
    memset(s, 0, sizeof *s);
    s->section = section;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->w = w;
    s->h = h;
    s->frames = frames;
    s->variants = variants;
    s->fps = 1.0f;
    s->loop = true;
    int n = frames * variants;
    s->cells = calloc((size_t)n, sizeof *s->cells);
    s->cell_x = calloc((size_t)n, sizeof *s->cell_x);
    s->cell_y = calloc((size_t)n, sizeof *s->cell_y);
    bool ok = s->cells && s->cell_x && s->cell_y;
    for (int c = 0; ok && c < n; c++)
        ok = image_init(&s->cells[c], w, h);
    atlas->sheet_count++; /* counted even on failure, so fini frees it */
    if (!ok) {
        atlas->failed = true;
        return NULL;
    }
    return s;
}

Image *sheet_cell(Sheet *sheet, int variant, int frame)
{
    return &sheet->cells[variant * sheet->frames + frame];
}

const Sheet *atlas_find(const Atlas *atlas, SheetSection section, const char *name)
{
    for (int i = 0; i < atlas->sheet_count; i++)
        if (atlas->sheets[i].section == section && strcmp(atlas->sheets[i].name, name) == 0)
            return &atlas->sheets[i];
    return NULL;
}

BgSet *atlas_add_bg(Atlas *atlas, const char *name)
{
    if (atlas->bg_count == BG_MAX_SETS)
        return NULL;
    BgSet *set = &atlas->bgs[atlas->bg_count++];
    memset(set, 0, sizeof *set);
    snprintf(set->name, sizeof set->name, "%s", name);
    return set;
}

BgLayer *bg_add_layer(BgSet *set, const char *name, int w, int h)
{
    if (set->layer_count == BG_MAX_LAYERS)
        return NULL;
    BgLayer *layer = &set->layers[set->layer_count];
    memset(layer, 0, sizeof *layer);
    if (!image_init(&layer->img, w, h))
        return NULL;
    snprintf(layer->name, sizeof layer->name, "%s", name);
    set->layer_count++;
    return layer;
}

float art_noise(uint32_t x, uint32_t y, uint32_t seed)
{
    uint32_t h = x * 374761393u + y * 668265263u + seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    h ^= h >> 16;
    return (float)(h & 0xFFFFFFu) / 16777216.0f;
}

bool art_need(const ArtSet *art, const char *chars, char *err, size_t errlen)
{
    for (const char *c = chars; *c; c++)
        if (art_color(art, *c).a == 0) {
            snprintf(err, errlen, "palette: colour '%c' is missing (art/palette.txt)", *c);
            return false;
        }
    return true;
}

bool art_need_grid(const ArtSet *art, const char *name, const Image **out, char *err, size_t errlen)
{
    *out = art_grid(art, name);
    if (*out == NULL) {
        snprintf(err, errlen, "art: grid '%s' is missing", name);
        return false;
    }
    return true;
}

/* ---- packing ---- */

typedef struct CellRef {
    int sheet, cell;
} CellRef;

static const Atlas *sort_atlas;

static int cmp_cells(const void *pa, const void *pb)
{
    const CellRef *a = pa, *b = pb;
    const Sheet *sa = &sort_atlas->sheets[a->sheet], *sb = &sort_atlas->sheets[b->sheet];
    if (sa->h != sb->h)
        return sb->h - sa->h;
    if (sa->w != sb->w)
        return sb->w - sa->w;
    if (a->sheet != b->sheet)
        return a->sheet - b->sheet;
    return a->cell - b->cell;
}

static bool same_image(const Image *a, const Image *b)
{
    return a->w == b->w && a->h == b->h &&
           memcmp(a->px, b->px, (size_t)a->w * (size_t)a->h * sizeof *a->px) == 0;
}

static bool pack(Atlas *atlas, Image *out, char *err, size_t errlen)
{
    int total = 0;
    for (int i = 0; i < atlas->sheet_count; i++)
        total += atlas->sheets[i].frames * atlas->sheets[i].variants;
    CellRef *refs = malloc((size_t)total * sizeof *refs);
    if (refs == NULL) {
        snprintf(err, errlen, "out of memory while packing");
        return false;
    }
    int n = 0;
    for (int i = 0; i < atlas->sheet_count; i++)
        for (int c = 0; c < atlas->sheets[i].frames * atlas->sheets[i].variants; c++)
            refs[n++] = (CellRef){i, c};
    sort_atlas = atlas;
    qsort(refs, (size_t)n, sizeof *refs, cmp_cells);

    int x = 0, y = 0, shelf_h = 0;
    for (int k = 0; k < n; k++) {
        Sheet *s = &atlas->sheets[refs[k].sheet];
        const Image *img = &s->cells[refs[k].cell];
        int dup = -1;
        for (int j = 0; j < k && dup < 0; j++) {
            const Sheet *o = &atlas->sheets[refs[j].sheet];
            if (same_image(img, &o->cells[refs[j].cell]))
                dup = j;
        }
        if (dup >= 0) {
            const Sheet *o = &atlas->sheets[refs[dup].sheet];
            s->cell_x[refs[k].cell] = o->cell_x[refs[dup].cell];
            s->cell_y[refs[k].cell] = o->cell_y[refs[dup].cell];
            continue;
        }
        int w = s->w + GUTTER, h = s->h + GUTTER;
        if (w > ATLAS_WIDTH) {
            free(refs);
            snprintf(err, errlen, "sheet '%s': cells wider than the atlas", s->name);
            return false;
        }
        if (x + w > ATLAS_WIDTH) {
            x = 0;
            y += shelf_h;
            shelf_h = 0;
        }
        s->cell_x[refs[k].cell] = x;
        s->cell_y[refs[k].cell] = y;
        x += w;
        if (h > shelf_h)
            shelf_h = h;
    }
    int height = (y + shelf_h + 15) / 16 * 16;
    if (!image_init(out, ATLAS_WIDTH, height > 0 ? height : 16)) {
        free(refs);
        snprintf(err, errlen, "out of memory for a %dx%d atlas", ATLAS_WIDTH, height);
        return false;
    }
    for (int k = 0; k < n; k++) {
        const Sheet *s = &atlas->sheets[refs[k].sheet];
        image_copy(out, s->cell_x[refs[k].cell], s->cell_y[refs[k].cell], &s->cells[refs[k].cell],
                   0, 0, s->w, s->h);
    }
    free(refs);
    return true;
}

/* ---- JSON text ---- */

typedef struct Text {
    char *s;
    size_t len, cap;
    bool failed;
} Text;

static void tx(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || t->failed) {
        va_end(ap2);
        t->failed = true;
        return;
    }
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 65536;
        while (cap < t->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(t->s, cap);
        if (s == NULL) {
            va_end(ap2);
            t->failed = true;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
    vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    t->len += (size_t)n;
}

static void tx_color(Text *t, Rgba c)
{
    if (c.a == 255)
        tx(t, "\"#%02x%02x%02x\"", c.r, c.g, c.b);
    else
        tx(t, "\"#%02x%02x%02x%02x\"", c.r, c.g, c.b, c.a);
}

static void tx_cells(Text *t, const Sheet *s)
{
    tx(t, "[");
    for (int c = 0; c < s->frames * s->variants; c++)
        tx(t, "%s[%d, %d]", c ? ", " : "", s->cell_x[c], s->cell_y[c]);
    tx(t, "]");
}

static void tx_sheet(Text *t, const Sheet *s, const char *name, bool last)
{
    tx(t,
       "    \"%s\": {\"frames\": %d, \"fps\": %g, \"loop\": %s, \"w\": %d, \"h\": %d, "
       "\"anchor\": [%d, %d], \"variants\": %d",
       name, s->frames, (double)s->fps, s->loop ? "true" : "false", s->w, s->h, s->anchor_x,
       s->anchor_y, s->variants);
    if (s->slice[0] || s->slice[1] || s->slice[2] || s->slice[3])
        tx(t, ", \"slice\": [%d, %d, %d, %d]", s->slice[0], s->slice[1], s->slice[2], s->slice[3]);
    tx(t, ",\n      \"cells\": ");
    tx_cells(t, s);
    tx(t, "}%s\n", last ? "" : ",");
}

static void write_section(Text *t, const Atlas *atlas, SheetSection section)
{
    int last = -1;
    for (int i = 0; i < atlas->sheet_count; i++)
        if (atlas->sheets[i].section == section)
            last = i;
    for (int i = 0; i < atlas->sheet_count; i++)
        if (atlas->sheets[i].section == section)
            tx_sheet(t, &atlas->sheets[i], atlas->sheets[i].name, i == last);
}

/* Theme names in first-seen order, from tile sheets named "theme.kind". */
static int tile_themes(const Atlas *atlas, char themes[][24], int max)
{
    int n = 0;
    for (int i = 0; i < atlas->sheet_count; i++) {
        const Sheet *s = &atlas->sheets[i];
        if (s->section != SECTION_TILE)
            continue;
        const char *dot = strchr(s->name, '.');
        if (dot == NULL)
            continue; /* a set all themes share */
        size_t len = (size_t)(dot - s->name);
        bool seen = false;
        for (int k = 0; k < n; k++)
            if (strlen(themes[k]) == len && strncmp(themes[k], s->name, len) == 0)
                seen = true;
        if (!seen && n < max && len < 24) {
            memcpy(themes[n], s->name, len);
            themes[n][len] = '\0';
            n++;
        }
    }
    return n;
}

/* Where each layer of a set goes in its image, and the image's size: the
** wide layers stacked down the left, the narrow strips (a sky, the depth
** fade) stacked in a column of their own beside them, so the image (and
** the texture the game rounds it up to) stays small. */
enum { STRIP_MAX = 32 };

static void bg_layout(const BgSet *set, int xs[], int ys[], int *w, int *h)
{
    int wide = 0, left = 0, right = 0;
    for (int l = 0; l < set->layer_count; l++)
        if (set->layers[l].img.w > STRIP_MAX && set->layers[l].img.w > wide)
            wide = set->layers[l].img.w;
    *w = wide;
    for (int l = 0; l < set->layer_count; l++) {
        const Image *img = &set->layers[l].img;
        bool strip = img->w <= STRIP_MAX && wide > 0;
        xs[l] = strip ? wide : 0;
        ys[l] = strip ? right : left;
        *(strip ? &right : &left) += img->h;
        if (xs[l] + img->w > *w)
            *w = xs[l] + img->w;
    }
    *h = left > right ? left : right;
}

static void write_json(Text *t, const Atlas *atlas, const Image *packed)
{
    tx(t, "{\n  \"format\": 1,\n  \"image\": \"atlas.png\",\n  \"width\": %d,\n  \"height\": %d,\n",
       packed->w, packed->h);
    tx(t, "  \"clips\": {\n");
    write_section(t, atlas, SECTION_CLIP);
    tx(t, "  },\n  \"sprites\": {\n");
    write_section(t, atlas, SECTION_SPRITE);
    tx(t, "  },\n");

    char themes[8][24];
    int nthemes = tile_themes(atlas, themes, 8);
    tx(t, "  \"tiles\": {\n    \"size\": 16,\n    \"blob\": [");
    for (int m = 0; m < 256; m++)
        tx(t, "%s%s%d", m ? "," : "", m % 32 == 0 ? "\n      " : " ", atlas->blob_map[m]);
    tx(t, "],\n");
    const Sheet *shade = atlas_find(atlas, SECTION_TILE, "shade");
    if (shade != NULL) {
        tx(t, "    \"shade\": ");
        tx_cells(t, shade);
        tx(t, ",\n");
    }
    tx(t, "    \"themes\": {\n");
    for (int th = 0; th < nthemes; th++) {
        tx(t, "      \"%s\": {\n", themes[th]);
        size_t tl = strlen(themes[th]);
        int last = -1;
        for (int i = 0; i < atlas->sheet_count; i++) {
            const Sheet *s = &atlas->sheets[i];
            if (s->section == SECTION_TILE && strncmp(s->name, themes[th], tl) == 0 &&
                s->name[tl] == '.')
                last = i;
        }
        for (int i = 0; i < atlas->sheet_count; i++) {
            const Sheet *s = &atlas->sheets[i];
            if (s->section != SECTION_TILE || strncmp(s->name, themes[th], tl) != 0 ||
                s->name[tl] != '.')
                continue;
            tx(t, "        \"%s\": ", s->name + tl + 1);
            tx_cells(t, s);
            tx(t, "%s\n", i == last ? "" : ",");
        }
        tx(t, "      }%s\n", th + 1 == nthemes ? "" : ",");
    }
    tx(t, "    }\n  },\n");

    const Sheet *font = NULL;
    for (int i = 0; i < atlas->sheet_count; i++)
        if (atlas->sheets[i].section == SECTION_FONT)
            font = &atlas->sheets[i];
    if (font != NULL) {
        /* the cell's rows above the line's top are marks over capitals */
        tx(t,
           "  \"font\": {\"first\": 32, \"count\": %d, \"w\": %d, \"h\": %d, \"ascent\": %d, "
           "\"line_height\": %d,\n",
           font->frames, font->w, font->h, font->anchor_y, font->h - font->anchor_y + 1);
        tx(t, "    \"advance\": [");
        for (int g = 0; g < font->frames; g++)
            tx(t, "%s%d", g ? ", " : "", font->advance ? font->advance[g] : font->w);
        tx(t, "],\n    \"cells\": ");
        tx_cells(t, font);
        tx(t, "},\n");
    }

    tx(t, "  \"backgrounds\": {\n");
    for (int b = 0; b < atlas->bg_count; b++) {
        const BgSet *set = &atlas->bgs[b];
        tx(t, "    \"%s\": {\"image\": \"bg_%s.png\", \"layers\": [\n", set->name, set->name);
        int xs[BG_MAX_LAYERS], ys[BG_MAX_LAYERS], w, h;
        bg_layout(set, xs, ys, &w, &h);
        for (int l = 0; l < set->layer_count; l++) {
            const BgLayer *layer = &set->layers[l];
            tx(t,
               "      {\"name\": \"%s\", \"rect\": [%d, %d, %d, %d], \"parallax\": [%g, %g], "
               "\"y\": %d, \"fill_above\": ",
               layer->name, xs[l], ys[l], layer->img.w, layer->img.h, (double)layer->parallax_x,
               (double)layer->parallax_y, layer->y);
            tx_color(t, layer->fill_above);
            tx(t, ", \"fill_below\": ");
            tx_color(t, layer->fill_below);
            if (layer->drift_x != 0.0f || layer->drift_y != 0.0f)
                tx(t, ", \"drift\": [%g, %g]", (double)layer->drift_x, (double)layer->drift_y);
            if (layer->repeat_y)
                tx(t, ", \"repeat_y\": true");
            tx(t, "}%s\n", l + 1 == set->layer_count ? "" : ",");
        }
        tx(t, "    ]}%s\n", b + 1 == atlas->bg_count ? "" : ",");
    }
    tx(t, "  }\n}\n");
}

static bool add_file(Atlas *atlas, const char *name, uint8_t *data, size_t len)
{
    if (atlas->file_count == (int)(sizeof atlas->files / sizeof atlas->files[0])) {
        free(data);
        return false;
    }
    OutFile *f = &atlas->files[atlas->file_count++];
    snprintf(f->name, sizeof f->name, "%s", name);
    f->data = data;
    f->len = len;
    return true;
}

static bool add_png(Atlas *atlas, const char *name, const Image *img, char *err, size_t errlen)
{
    uint8_t *data;
    size_t len;
    if (!png_encode(img, &data, &len) || !add_file(atlas, name, data, len)) {
        snprintf(err, errlen, "%s: out of memory while encoding", name);
        return false;
    }
    return true;
}

bool atlas_add_png(Atlas *atlas, const char *name, const Image *img, char *err, size_t errlen)
{
    return add_png(atlas, name, img, err, errlen);
}

bool atlas_finish(Atlas *atlas, char *err, size_t errlen)
{
    if (atlas->failed) {
        snprintf(err, errlen, "out of memory while painting");
        return false;
    }
    Image packed;
    if (!pack(atlas, &packed, err, errlen))
        return false;
    bool ok = add_png(atlas, "atlas.png", &packed, err, errlen);

    Text t = {0};
    write_json(&t, atlas, &packed);
    image_fini(&packed);
    if (ok && t.failed) {
        snprintf(err, errlen, "atlas.json: out of memory");
        ok = false;
    }
    if (ok && !add_file(atlas, "atlas.json", (uint8_t *)t.s, t.len)) {
        snprintf(err, errlen, "too many output files");
        return false;
    }
    if (!ok) {
        free(t.s);
        return false;
    }

    for (int b = 0; b < atlas->bg_count && ok; b++) {
        const BgSet *set = &atlas->bgs[b];
        int xs[BG_MAX_LAYERS], ys[BG_MAX_LAYERS], w, h;
        bg_layout(set, xs, ys, &w, &h);
        Image img;
        if (!image_init(&img, w, h)) {
            snprintf(err, errlen, "background '%s': bad size %dx%d", set->name, w, h);
            return false;
        }
        for (int l = 0; l < set->layer_count; l++) {
            const Image *src = &set->layers[l].img;
            image_copy(&img, xs[l], ys[l], src, 0, 0, src->w, src->h);
        }
        char name[48];
        snprintf(name, sizeof name, "bg_%s.png", set->name);
        ok = add_png(atlas, name, &img, err, errlen);
        image_fini(&img);
    }
    return ok && art_tiled_images(atlas, err, errlen);
}

bool atlas_build(Atlas *atlas, const char *art_dir, char *err, size_t errlen)
{
    static const char *const files[] = {"palette.txt", "pip.txt", "props.txt", "font.txt"};
    ArtSet art;
    art_init(&art);
    bool ok = true;
    for (size_t i = 0; ok && i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", art_dir, files[i]);
        ok = art_load_file(&art, path, err, errlen);
    }
    ok = ok && art_gen_player(atlas, &art, err, errlen);
    ok = ok && art_gen_props(atlas, &art, err, errlen);
    ok = ok && art_gen_gadgets(atlas, &art, err, errlen);
    ok = ok && art_gen_tiles(atlas, &art, err, errlen);
    ok = ok && art_gen_font(atlas, &art, err, errlen);
    ok = ok && art_gen_backgrounds(atlas, &art, err, errlen);
    ok = ok && atlas_finish(atlas, err, errlen);
    art_fini(&art);
    return ok;
}
