/* SPDX-License-Identifier: Zlib */
/*
** campaign.c -- reading levels/campaign.json.
**
** The campaign ships with the game, so unlike the user's files a bad one is
** an error to report, not something to recover from: there are no default
** levels to fall back on.
**
** Every file the campaign lists must be there and be a level, or the game
** would find out only when the player reached it. What a file is comes
** first from its name (campaign.json, physics.json, *.schema.json, a
** tileset's .tsj or .tsx, anything but .json and .tmj), then from its
** content: the levels folder holds other JSON files, and a Tiled tileset
** may be saved as .json. A file that does not parse, or has some of a
** level's fields but not all, is taken for a level: what is wrong with it
** is the level loader's to say, at its own lines. Since a campaign may list
** no campaign (and not itself), following a campaign's entries can never
** lead back to a campaign: no list of files can make a reader go round.
*/
#include "campaign.h"

#include "progress.h"
#include "save_internal.h"

#include "json_message.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A campaign's file names are the level ids progress.json keeps. */
_Static_assert((int)CAMPAIGN_FILE_MAX == (int)PROGRESS_ID_MAX,
               "level ids and file names must agree");
_Static_assert((int)CAMPAIGN_MAX_LEVELS <= (int)PROGRESS_MAX_UNLOCKED,
               "progress must open every level");

enum { CAMPAIGN_FORMAT = 1 };

/* ---- what a listed file is -------------------------------------------------- */

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    if (m > n)
        return false;
    for (size_t i = 0; i < m; i++) {
        char a = s[n - m + i], b = suffix[i];
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (a != b)
            return false;
    }
    return true;
}

/* Why a file named name is not a level, judged by the name alone; NULL
** when it may be one. */
static const char *not_a_level_by_name(const char *name)
{
    if (strcmp(name, "campaign.json") == 0)
        return "is a campaign, not a level: a campaign lists levels, never campaigns";
    if (strcmp(name, "physics.json") == 0)
        return "holds physics parameters, not a level";
    if (ends_with(name, ".schema.json"))
        return "is a JSON schema, not a level";
    if (ends_with(name, ".tsj") || ends_with(name, ".tsx"))
        return "is a Tiled tileset, not a level";
    if (!ends_with(name, ".json") && !ends_with(name, ".tmj"))
        return "is not a level: a level file ends in .json (or .tmj, a Tiled map)";
    return NULL;
}

static bool has(const cJSON *root, const char *key)
{
    return json_get(root, key) != NULL;
}

static bool string_is(const cJSON *root, const char *key, const char *value)
{
    const cJSON *v = json_get(root, key);
    return cJSON_IsString(v) && strcmp(v->valuestring, value) == 0;
}

/* Why a JSON object is not a level, judged by its members; NULL when it
** may be one (a native level has "format", "legend" and "tiles", a Tiled
** map "type": "map" and "layers"). */
static const char *not_a_level_by_content(const cJSON *root)
{
    if (string_is(root, "type", "map") || has(root, "layers"))
        return NULL;
    if (string_is(root, "type", "tileset"))
        return "is a Tiled tileset, not a level";
    if (has(root, "levels") || has(root, "worlds"))
        return "is a campaign, not a level: a campaign lists levels, never campaigns";
    const cJSON *schema = json_get(root, "$schema");
    if (has(root, "properties") ||
        (cJSON_IsString(schema) && strstr(schema->valuestring, "json-schema.org") != NULL))
        return "is a JSON schema, not a level";
    if (has(root, "format") || has(root, "legend") || has(root, "tiles"))
        return NULL;
    return "is not a level: a level has \"format\", \"legend\" and \"tiles\""
           " (a Tiled map has \"type\": \"map\")";
}

/* Checks that the file the entry's "file" value names (at dir) is there and
** is a level; self is the campaign file's own identity. Reports at the
** value; false when it did. */
static bool check_listed_file(JsonDoc *doc, const cJSON *file, const char *dir,
                              const struct stat *self)
{
    const char *name = file->valuestring;
    const char *why = not_a_level_by_name(name);
    char path[CAMPAIGN_DIR_MAX + CAMPAIGN_FILE_MAX];
    snprintf(path, sizeof path, "%s%s", dir, name);
    struct stat st;
    if (stat(path, &st) == 0 && self != NULL && st.st_dev == self->st_dev &&
        st.st_ino == self->st_ino)
        why = "is this campaign itself: a campaign lists levels, never campaigns";
    if (why != NULL) {
        json_error(doc, file, "\"%s\" %s", name, why);
        return false;
    }

    SaveFirst first = {0, 0, ""};
    JsonSink sink = {.report = save_keep_first, .ctx = &first};
    char *text;
    size_t len;
    if (json_read_file(path, CAMPAIGN_LEVEL_MAX_BYTES, &text, &len, &sink) != JSON_READ_OK) {
        json_error(doc, file, "\"%s\": %s", name, first.message);
        return false;
    }
    /* Problems of the file itself are the level loader's: counted, not told. */
    JsonSink quiet = {0};
    JsonDoc level;
    if (json_doc_parse(&level, text, len, CAMPAIGN_LEVEL_MAX_BYTES, &quiet) &&
        cJSON_IsObject(level.root))
        why = not_a_level_by_content(level.root);
    json_doc_fini(&level);
    free(text);
    if (why != NULL) {
        json_error(doc, file, "\"%s\" %s", name, why);
        return false;
    }
    return true;
}

/* ---- the list ------------------------------------------------------------------- */

static void read_level(JsonDoc *doc, const cJSON *item, CampaignLevel *lv)
{
    static const char *const known[] = {"file", "title"};
    if (!json_want_object(doc, item))
        return;
    json_check_keys(doc, item, known, SAVE_COUNT(known));
    save_want_string(doc, json_need(doc, item, "file"), save_valid_file_name, lv->file,
                     sizeof lv->file);
    save_want_string(doc, json_need(doc, item, "title"), save_valid_text, lv->title,
                     sizeof lv->title);
}

/* The JSON items of the levels read so far, for telling a repeated file. */
typedef struct Listed {
    const cJSON *items[CAMPAIGN_MAX_LEVELS];
    int count;
} Listed;

/* The earlier entry naming file, or NULL. */
static const cJSON *listed_before(const Listed *seen, const char *file)
{
    for (int i = 0; i < seen->count; i++) {
        const cJSON *f = json_get(seen->items[i], "file");
        if (cJSON_IsString(f) && strcmp(f->valuestring, file) == 0)
            return seen->items[i];
    }
    return NULL;
}

/* Reads the array levels of world w into *c: the entries without a problem. */
static void read_levels(JsonDoc *doc, const cJSON *levels, Campaign *c, int w, Listed *seen,
                        const struct stat *self)
{
    if (!json_want_array(doc, levels))
        return;
    c->worlds[w].first = c->count;
    for (const cJSON *item = levels->child; item != NULL; item = item->next) {
        if (seen->count >= CAMPAIGN_MAX_LEVELS) {
            json_error(doc, item, "more than %d levels", CAMPAIGN_MAX_LEVELS);
            return;
        }
        seen->items[seen->count++] = item;
        int errors = doc->sink->count;
        CampaignLevel *lv = &c->levels[c->count];
        memset(lv, 0, sizeof *lv);
        lv->world = w;
        read_level(doc, item, lv);
        if (doc->sink->count != errors)
            continue;
        const cJSON *file = json_get(item, "file");
        const cJSON *prev = listed_before(seen, lv->file);
        if (prev != item) {
            char where[128];
            json_path(doc, prev, where, sizeof where);
            json_error(doc, file, "\"%s\" is already %s", lv->file, where);
            continue;
        }
        if (check_listed_file(doc, file, c->dir, self))
            c->count++;
    }
    c->worlds[w].count = c->count - c->worlds[w].first;
    if (levels->child == NULL)
        json_error(doc, levels,
                   c->world_count > 1 || json_get(doc->root, "worlds") != NULL
                       ? "the world lists no levels"
                       : "the campaign lists no levels");
}

/* Reads root into *c, the entries without a problem; false when anything
** was reported. */
static bool read_campaign(JsonDoc *doc, Campaign *c, const struct stat *self)
{
    static const char *const known[] = {"format", "levels", "worlds"};
    static const char *const world_keys[] = {"name", "levels"};
    static const long formats[] = {CAMPAIGN_FORMAT};
    const cJSON *root = doc->root;
    int before = doc->sink->count;
    long format;
    bool newer;
    if (!save_want_format(doc, json_need(doc, root, "format"), formats, SAVE_COUNT(formats),
                          &format, &newer))
        return false;
    json_check_keys(doc, root, known, SAVE_COUNT(known));
    const cJSON *worlds = json_get(root, "worlds");
    Listed *seen = malloc(sizeof *seen);
    if (seen == NULL) {
        json_error(doc, root, "out of memory");
        return false;
    }
    seen->count = 0;
    if (worlds == NULL) {
        /* a plain list: one world without a name */
        c->world_count = 1;
        read_levels(doc, json_need(doc, root, "levels"), c, 0, seen, self);
    } else if (json_get(root, "levels") != NULL) {
        json_error(doc, json_get(root, "levels"),
                   "a campaign has \"worlds\" or a plain \"levels\" list, not both");
    } else if (json_want_array(doc, worlds)) {
        for (const cJSON *wv = worlds->child; wv != NULL; wv = wv->next) {
            if (c->world_count >= CAMPAIGN_MAX_WORLDS) {
                json_error(doc, wv, "more than %d worlds", CAMPAIGN_MAX_WORLDS);
                break;
            }
            if (!json_want_object(doc, wv))
                continue;
            json_check_keys(doc, wv, world_keys, SAVE_COUNT(world_keys));
            CampaignWorld *world = &c->worlds[c->world_count];
            memset(world, 0, sizeof *world);
            save_want_string(doc, json_need(doc, wv, "name"), save_valid_text, world->name,
                             sizeof world->name);
            read_levels(doc, json_need(doc, wv, "levels"), c, c->world_count++, seen, self);
        }
        if (worlds->child == NULL)
            json_error(doc, worlds, "the campaign lists no worlds");
    }
    free(seen);
    return doc->sink->count == before;
}

bool campaign_read(const char *path, Campaign *c, CampaignReport report, void *ctx)
{
    SaveReader r;
    bool ok = false;

    memset(c, 0, sizeof *c);
    save_reader_init(&r);
    r.report = report; /* each problem of the campaign file */
    r.report_ctx = ctx;
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    if (dirlen >= sizeof c->dir) {
        json_report(&r.sink, 0, 0, "path too long");
        goto done;
    }
    memcpy(c->dir, path, dirlen);
    JsonRead got = save_reader_load(&r, path);
    if (got != JSON_READ_OK)
        goto done;
    struct stat self;
    ok = read_campaign(&r.doc, c, stat(path, &self) == 0 ? &self : NULL);

done:
    save_reader_fini(&r);
    return ok;
}

bool campaign_load(const char *path, Campaign *c, char *err, size_t errlen)
{
    SaveFirst first = {0, 0, ""};
    if (campaign_read(path, c, save_keep_first, &first))
        return true;
    memset(c, 0, sizeof *c);
    save_first_say(&first, path, err, errlen);
    return false;
}

bool campaign_level_path(const Campaign *c, int index, char *out, size_t cap)
{
    if (index < 0 || index >= c->count)
        return false;
    int n = snprintf(out, cap, "%s%s", c->dir, c->levels[index].file);
    return n >= 0 && (size_t)n < cap;
}

int campaign_find(const Campaign *c, const char *file)
{
    for (int i = 0; i < c->count; i++)
        if (strcmp(c->levels[i].file, file) == 0)
            return i;
    return -1;
}
