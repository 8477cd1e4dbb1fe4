/*
** atlas_desc.c -- reading assets/atlas.json.
**
** Regions, clips and backgrounds are kept sorted by name, so every lookup is
** a binary search and frame names resolve quickly however large the atlas.
*/
#include "atlas_desc.h"
#include "level_internal.h"

#include <stdlib.h>
#include <string.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

enum { ATLAS_FORMAT = 1, HINT_LIMIT = 1024 };

typedef struct Reader {
    JsonDoc *doc;
    AtlasDesc a;
    bool size_ok;         /* width and height were read */
    bool regions_ok;
} Reader;

static int compare_names(const void *x, const void *y)
{
    /* Every entry type starts with its name. */
    return strcmp((const char *)x, (const char *)y);
}

static bool copy_name(Reader *r, const cJSON *member, char *dst)
{
    size_t len = strlen(member->string);
    if (len == 0 || len >= ATLAS_NAME_MAX) {
        json_error_key(r->doc, member, "a name has 1 to %d bytes", ATLAS_NAME_MAX - 1);
        return false;
    }
    memcpy(dst, member->string, len + 1);
    return true;
}

static int object_size(Reader *r, const cJSON *obj)
{
    int n = cJSON_GetArraySize(obj);
    if (n > ATLAS_MAX_ITEMS) {
        json_error(r->doc, obj, "more than %d entries", ATLAS_MAX_ITEMS);
        return -1;
    }
    return n;
}

static bool read_color(Reader *r, const cJSON *v, uint32_t *out)
{
    const char *s = json_want_string(r->doc, v);
    if (s == NULL)
        return false;
    uint32_t c = 0;
    bool ok = strlen(s) == 7 && s[0] == '#';
    for (int i = 1; ok && i < 7; i++) {
        char ch = s[i];
        int d = ch >= '0' && ch <= '9' ? ch - '0'
                : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
        ok = d >= 0;
        c = c << 4 | (uint32_t)(d & 0xF);
    }
    if (!ok) {
        char got[64];
        json_describe(v, got, sizeof got);
        json_error(r->doc, v, "expected a colour \"#RRGGBB\", got %s", got);
        return false;
    }
    *out = c;
    return true;
}

/* ---- Regions -------------------------------------------------------------------- */

static void read_regions(Reader *r, const cJSON *regions)
{
    JsonDoc *doc = r->doc;
    if (!json_want_object(doc, regions))
        return;
    int n = object_size(r, regions);
    if (n <= 0) {
        if (n == 0)
            json_error(doc, regions, "the atlas has no regions");
        return;
    }
    r->a.regions = calloc((size_t)n, sizeof *r->a.regions);
    if (r->a.regions == NULL) {
        json_error(doc, regions, "out of memory");
        return;
    }
    int before = json_error_total(doc);
    for (const cJSON *m = regions->child; m != NULL; m = m->next) {
        AtlasRegion *reg = &r->a.regions[r->a.region_count];
        if (!copy_name(r, m, reg->name))
            continue;
        if (!cJSON_IsArray(m) || cJSON_GetArraySize(m) != 4) {
            char got[64];
            json_describe(m, got, sizeof got);
            json_error(doc, m, "expected [x, y, w, h], got %s", got);
            continue;
        }
        long v[4];
        int i = 0;
        bool ok = true;
        for (const cJSON *c = m->child; c != NULL; c = c->next, i++)
            ok &= json_want_int(doc, c, i < 2 ? 0 : 1, ATLAS_MAX_SIDE, &v[i]);
        if (!ok)
            continue;
        if (r->size_ok && (v[0] + v[2] > r->a.width || v[1] + v[3] > r->a.height)) {
            json_error(doc, m, "the region reaches outside the %dx%d atlas", r->a.width,
                       r->a.height);
            continue;
        }
        reg->rect = (AtlasRect){(int)v[0], (int)v[1], (int)v[2], (int)v[3]};
        r->a.region_count++;
    }
    qsort(r->a.regions, (size_t)r->a.region_count, sizeof *r->a.regions, compare_names);
    r->regions_ok = json_error_total(doc) == before;
}

int atlas_desc_region_index(const AtlasDesc *atlas, const char *name)
{
    const AtlasRegion *reg = atlas_desc_region(atlas, name);
    return reg != NULL ? (int)(reg - atlas->regions) : -1;
}

const AtlasRegion *atlas_desc_region(const AtlasDesc *atlas, const char *name)
{
    if (atlas->regions == NULL || strlen(name) >= ATLAS_NAME_MAX)
        return NULL;
    return bsearch(name, atlas->regions, (size_t)atlas->region_count, sizeof *atlas->regions,
                   compare_names);
}

const AtlasClip *atlas_desc_clip(const AtlasDesc *atlas, const char *name)
{
    if (atlas->clips == NULL || strlen(name) >= ATLAS_NAME_MAX)
        return NULL;
    return bsearch(name, atlas->clips, (size_t)atlas->clip_count, sizeof *atlas->clips,
                   compare_names);
}

const AtlasBackground *atlas_desc_background(const AtlasDesc *atlas, const char *name)
{
    if (atlas->backgrounds == NULL || strlen(name) >= ATLAS_NAME_MAX)
        return NULL;
    return bsearch(name, atlas->backgrounds, (size_t)atlas->background_count,
                   sizeof *atlas->backgrounds, compare_names);
}

/* A region named by the string v: its index, or -1 after reporting. */
static int region_ref(Reader *r, const cJSON *v)
{
    const char *name = json_want_string(r->doc, v);
    if (name == NULL || !r->regions_ok)
        return -1;
    int i = atlas_desc_region_index(&r->a, name);
    if (i >= 0)
        return i;
    char q[48];
    json_quote(name, q, sizeof q);
    int s = -1;
    if (r->a.region_count <= HINT_LIMIT) {
        const char *names[HINT_LIMIT];
        for (int k = 0; k < r->a.region_count; k++)
            names[k] = r->a.regions[k].name;
        s = json_suggest(name, names, r->a.region_count);
    }
    if (s >= 0)
        json_error(r->doc, v, "no region named \"%s\" (did you mean \"%s\"?)", q,
                   r->a.regions[s].name);
    else
        json_error(r->doc, v, "no region named \"%s\"", q);
    return -1;
}

/* ---- Clips ------------------------------------------------------------------------- */

static void read_clip(Reader *r, const cJSON *m, AtlasClip *clip, bool *ok)
{
    JsonDoc *doc = r->doc;
    static const char *const keys[] = {"frames", "fps", "loop"};
    *ok = false;
    if (!copy_name(r, m, clip->name) || !json_want_object(doc, m))
        return;
    int before = json_error_total(doc);
    json_check_keys(doc, m, keys, COUNT(keys));
    double fps = 0;
    json_want_number(doc, json_need(doc, m, "fps"), 0.01, 1000, &fps);
    clip->fps = (float)fps;
    clip->loop = true;
    const cJSON *loop = json_get(m, "loop");
    if (loop != NULL)
        json_want_bool(doc, loop, &clip->loop);
    const cJSON *frames = json_need(doc, m, "frames");
    if (json_want_array(doc, frames)) {
        int n = cJSON_GetArraySize(frames);
        if (n < 1 || n > ATLAS_MAX_ITEMS) {
            json_error(doc, frames, "a clip has 1 to %d frames", ATLAS_MAX_ITEMS);
        } else if ((clip->frames = malloc((size_t)n * sizeof *clip->frames)) == NULL) {
            json_error(doc, frames, "out of memory");
        } else {
            for (const cJSON *f = frames->child; f != NULL; f = f->next)
                clip->frames[clip->frame_count++] = region_ref(r, f);
        }
    }
    *ok = json_error_total(doc) == before;
}

static void read_clips(Reader *r, const cJSON *clips)
{
    JsonDoc *doc = r->doc;
    if (!json_want_object(doc, clips))
        return;
    int n = object_size(r, clips);
    if (n < 0)
        return;
    r->a.clips = calloc((size_t)n + 1, sizeof *r->a.clips);
    if (r->a.clips == NULL) {
        json_error(doc, clips, "out of memory");
        return;
    }
    for (const cJSON *m = clips->child; m != NULL; m = m->next) {
        AtlasClip *clip = &r->a.clips[r->a.clip_count];
        bool ok;
        read_clip(r, m, clip, &ok);
        if (ok) {
            r->a.clip_count++;
        } else {
            free(clip->frames);
            memset(clip, 0, sizeof *clip);
        }
    }
    qsort(r->a.clips, (size_t)r->a.clip_count, sizeof *r->a.clips, compare_names);
    for (int c = 0; c < CLIP_COUNT; c++) {
        const char *name = clip_name((ClipId)c);
        const AtlasClip *clip = atlas_desc_clip(&r->a, name);
        if (clip == NULL) {
            /* Not reported twice when the clip is there but broken. */
            if (json_get(clips, name) == NULL)
                json_error(doc, clips, "missing clip \"%s\"", name);
            continue;
        }
        r->a.clip_index[c] = (int)(clip - r->a.clips);
        r->a.clip_table.clips[c] = (ClipInfo){clip->frame_count, clip->fps, clip->loop};
    }
}

/* ---- Font, backgrounds, colours ------------------------------------------------------ */

static void read_font(Reader *r, const cJSON *font)
{
    JsonDoc *doc = r->doc;
    static const char *const keys[] = {"region", "first", "count", "cell_w", "cell_h", "columns"};
    if (!json_want_object(doc, font))
        return;
    int before = json_error_total(doc);
    json_check_keys(doc, font, keys, COUNT(keys));
    AtlasFont *f = &r->a.font;
    long first = 0, count = 0, cw = 0, ch = 0, cols = 0;
    f->region = region_ref(r, json_need(doc, font, "region"));
    json_want_int(doc, json_need(doc, font, "first"), 0, 0x10FFFF, &first);
    json_want_int(doc, json_need(doc, font, "count"), 1, ATLAS_MAX_ITEMS, &count);
    json_want_int(doc, json_need(doc, font, "cell_w"), 1, 1024, &cw);
    json_want_int(doc, json_need(doc, font, "cell_h"), 1, 1024, &ch);
    json_want_int(doc, json_need(doc, font, "columns"), 1, ATLAS_MAX_ITEMS, &cols);
    if (json_error_total(doc) != before || f->region < 0)
        return;
    *f = (AtlasFont){f->region, (int)first, (int)count, (int)cw, (int)ch, (int)cols};
    const AtlasRect *rect = &r->a.regions[f->region].rect;
    long rows = (count + cols - 1) / cols;
    if (cols * cw > rect->w || rows * ch > rect->h)
        json_error(doc, font,
                   "%ld glyphs of %ldx%ld px in %ld columns need %ldx%ld px; the region is %dx%d",
                   count, cw, ch, cols, cols * cw, rows * ch, rect->w, rect->h);
}

static bool read_background(Reader *r, const cJSON *m, AtlasBackground *bg)
{
    JsonDoc *doc = r->doc;
    static const char *const keys[] = {"sky", "layers"};
    static const char *const layer_keys[] = {"region", "parallax", "y"};
    if (!copy_name(r, m, bg->name) || !json_want_object(doc, m))
        return false;
    int before = json_error_total(doc);
    json_check_keys(doc, m, keys, COUNT(keys));
    const cJSON *sky = json_need(doc, m, "sky");
    if (json_want_array(doc, sky)) {
        if (cJSON_GetArraySize(sky) != 2)
            json_error(doc, sky, "expected two colours, top and bottom");
        else
            for (int i = 0; i < 2; i++)
                read_color(r, cJSON_GetArrayItem(sky, i), &bg->sky[i]);
    }
    const cJSON *layers = json_need(doc, m, "layers");
    if (json_want_array(doc, layers)) {
        int n = cJSON_GetArraySize(layers);
        if (n > ATLAS_MAX_ITEMS) {
            json_error(doc, layers, "more than %d layers", ATLAS_MAX_ITEMS);
        } else if (n > 0 && (bg->layers = calloc((size_t)n, sizeof *bg->layers)) == NULL) {
            json_error(doc, layers, "out of memory");
        } else {
            for (const cJSON *l = layers->child; l != NULL; l = l->next) {
                if (!json_want_object(doc, l))
                    continue;
                json_check_keys(doc, l, layer_keys, COUNT(layer_keys));
                AtlasLayer *layer = &bg->layers[bg->layer_count++];
                double parallax = 0;
                long y = 0;
                layer->region = region_ref(r, json_need(doc, l, "region"));
                json_want_number(doc, json_need(doc, l, "parallax"), 0, 10, &parallax);
                json_want_int(doc, json_need(doc, l, "y"), -ATLAS_MAX_SIDE, ATLAS_MAX_SIDE, &y);
                layer->parallax = (float)parallax;
                layer->y = (int)y;
            }
        }
    }
    return json_error_total(doc) == before;
}

static void read_backgrounds(Reader *r, const cJSON *bgs)
{
    JsonDoc *doc = r->doc;
    if (!json_want_object(doc, bgs))
        return;
    int n = object_size(r, bgs);
    if (n < 0)
        return;
    r->a.backgrounds = calloc((size_t)n + 1, sizeof *r->a.backgrounds);
    if (r->a.backgrounds == NULL) {
        json_error(doc, bgs, "out of memory");
        return;
    }
    for (const cJSON *m = bgs->child; m != NULL; m = m->next) {
        AtlasBackground *bg = &r->a.backgrounds[r->a.background_count];
        if (read_background(r, m, bg)) {
            r->a.background_count++;
        } else {
            free(bg->layers);
            memset(bg, 0, sizeof *bg);
        }
    }
    qsort(r->a.backgrounds, (size_t)r->a.background_count, sizeof *r->a.backgrounds,
          compare_names);
    for (int i = 0; i < LEVEL_BACKGROUND_COUNT; i++) {
        const char *name = level_background_names()[i];
        if (json_get(bgs, name) == NULL)
            json_error(doc, bgs, "missing background \"%s\" (levels may use it)", name);
    }
}

static void read_group_colors(Reader *r, const cJSON *colors)
{
    if (!json_want_array(r->doc, colors))
        return;
    if (cJSON_GetArraySize(colors) != LEVEL_MAX_GROUPS) {
        json_error(r->doc, colors, "expected %d colours, one per switch group, got %d",
                   LEVEL_MAX_GROUPS, cJSON_GetArraySize(colors));
        return;
    }
    int i = 0;
    for (const cJSON *c = colors->child; c != NULL; c = c->next, i++)
        read_color(r, c, &r->a.group_colors[i]);
}

/* ---- The file ---------------------------------------------------------------------------- */

void atlas_desc_fini(AtlasDesc *atlas)
{
    for (int i = 0; atlas->clips != NULL && i < atlas->clip_count; i++)
        free(atlas->clips[i].frames);
    for (int i = 0; atlas->backgrounds != NULL && i < atlas->background_count; i++)
        free(atlas->backgrounds[i].layers);
    free(atlas->regions);
    free(atlas->clips);
    free(atlas->backgrounds);
    memset(atlas, 0, sizeof *atlas);
}

bool atlas_desc_parse(const char *path, const char *text, size_t len, AtlasDesc *out,
                 LevelErrors *errors)
{
    static const char *const keys[] = {"$schema", "format", "image", "width", "height", "regions",
                                       "clips", "font", "backgrounds", "group_colors"};
    int before = errors->count + errors->dropped;
    JsonDoc doc;
    if (!json_doc_parse(&doc, path, text, len, errors)) {
        json_doc_fini(&doc);
        return false;
    }
    Reader r = {.doc = &doc};
    const cJSON *root = doc.root;
    if (!cJSON_IsObject(root)) {
        json_error(&doc, root, "atlas.json holds a JSON object");
    } else {
        json_check_keys(&doc, root, keys, COUNT(keys));
        long format, w, h;
        if (json_want_int(&doc, json_need(&doc, root, "format"), 0, 1000000, &format) &&
            format != ATLAS_FORMAT)
            json_error(&doc, json_get(root, "format"), "unknown atlas format %ld (this game reads %d)",
                       format, ATLAS_FORMAT);
        const char *image = json_want_string(&doc, json_need(&doc, root, "image"));
        if (image != NULL && (image[0] == '\0' || strlen(image) >= ATLAS_PATH_MAX))
            json_error(&doc, json_get(root, "image"), "an image path has 1 to %d bytes",
                       ATLAS_PATH_MAX - 1);
        else if (image != NULL)
            memcpy(r.a.image, image, strlen(image) + 1);
        bool size_ok = json_want_int(&doc, json_need(&doc, root, "width"), 1, ATLAS_MAX_SIDE, &w);
        size_ok &= json_want_int(&doc, json_need(&doc, root, "height"), 1, ATLAS_MAX_SIDE, &h);
        if (size_ok) {
            r.a.width = (int)w;
            r.a.height = (int)h;
            r.size_ok = true;
        }
        read_regions(&r, json_need(&doc, root, "regions"));
        read_clips(&r, json_need(&doc, root, "clips"));
        read_font(&r, json_need(&doc, root, "font"));
        read_backgrounds(&r, json_need(&doc, root, "backgrounds"));
        read_group_colors(&r, json_need(&doc, root, "group_colors"));
    }
    json_doc_fini(&doc);
    if (errors->count + errors->dropped != before) {
        atlas_desc_fini(&r.a);
        return false;
    }
    *out = r.a;
    return true;
}

bool atlas_desc_load(const char *path, AtlasDesc *out, LevelErrors *errors)
{
    char *text;
    size_t len;
    if (!json_read_file(path, &text, &len, errors))
        return false;
    bool ok = atlas_desc_parse(path, text, len, out, errors);
    free(text);
    return ok;
}
