/*
** campaign.c -- reading levels/campaign.json.
**
** The campaign ships with the game, so unlike the user's files a bad one is
** an error to report, not something to recover from: there are no default
** levels to fall back on.
*/
#include "campaign.h"

#include "progress.h"
#include "save_internal.h"

#include <stdio.h>
#include <string.h>

/* A campaign's file names are the level ids progress.json keeps. */
_Static_assert((int)CAMPAIGN_FILE_MAX == (int)PROGRESS_ID_MAX, "level ids and file names must agree");
_Static_assert((int)CAMPAIGN_MAX_LEVELS <= (int)PROGRESS_MAX_LEVELS, "progress must cover the campaign");

enum { CAMPAIGN_FORMAT = 1 };

static void read_level(JsonDoc *doc, const cJSON *item, CampaignLevel *lv)
{
    static const char *const known[] = { "file", "title" };
    if (!json_want_object(doc, item))
        return;
    json_check_keys(doc, item, known, SAVE_COUNT(known));
    save_want_string(doc, json_need(doc, item, "file"), save_valid_file_name, lv->file,
                     sizeof lv->file);
    save_want_string(doc, json_need(doc, item, "title"), save_valid_text, lv->title,
                     sizeof lv->title);
}

/* Reads root into *c; false when anything was reported. */
static bool read_campaign(JsonDoc *doc, Campaign *c)
{
    static const char *const known[] = { "format", "levels" };
    const cJSON *root = doc->root;
    int before = doc->sink->count;
    long format;
    if (!json_want_int(doc, json_need(doc, root, "format"), 1, 1000000, &format))
        return false;
    if (format != CAMPAIGN_FORMAT) {
        json_error(doc, json_get(root, "format"), "this version reads format %d, not %ld",
                   CAMPAIGN_FORMAT, format);
        return false;
    }
    json_check_keys(doc, root, known, SAVE_COUNT(known));
    const cJSON *levels = json_need(doc, root, "levels");
    if (!json_want_array(doc, levels))
        return false;
    int i = 0;
    for (const cJSON *item = levels->child; item != NULL; item = item->next, i++) {
        if (i >= CAMPAIGN_MAX_LEVELS) {
            json_error(doc, item, "more than %d levels", CAMPAIGN_MAX_LEVELS);
            return false;
        }
        int errors = doc->sink->count;
        read_level(doc, item, &c->levels[i]);
        if (doc->sink->count != errors)
            continue;
        int prev = campaign_find(c, c->levels[i].file);
        if (prev >= 0)
            json_error(doc, json_get(item, "file"), "\"%s\" is already levels[%d]",
                       c->levels[i].file, prev);
        c->count = i + 1;
    }
    if (i == 0)
        json_error(doc, levels, "the campaign lists no levels");
    return doc->sink->count == before;
}

bool campaign_load(const char *path, Campaign *c, char *err, size_t errlen)
{
    SaveReader r;
    bool ok = false;

    memset(c, 0, sizeof *c);
    save_reader_init(&r);
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    if (dirlen >= sizeof c->dir) {
        json_report(&r.sink, 0, 0, "path too long");
        goto done;
    }
    JsonRead got = save_reader_load(&r, path);
    if (got == JSON_READ_MISSING) {
        save_reader_forget(&r);
        json_report(&r.sink, 0, 0, "no such file");
    }
    if (got != JSON_READ_OK)
        goto done;
    ok = read_campaign(&r.doc, c);
    if (ok)
        memcpy(c->dir, path, dirlen);

done:
    save_reader_fini(&r);
    if (!ok) {
        char problem[JSON_MESSAGE_MAX + 32];
        save_reader_problem(&r, problem, sizeof problem);
        memset(c, 0, sizeof *c);
        snprintf(err, errlen, "%s%s%s", path, r.line > 0 ? ":" : ": ", problem);
    }
    return ok;
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
