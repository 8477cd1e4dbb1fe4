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
#include <stdlib.h>
#include <string.h>

/* A campaign's file names are the level ids progress.json keeps. */
_Static_assert((int)CAMPAIGN_FILE_MAX == (int)PROGRESS_ID_MAX, "level ids and file names must agree");
_Static_assert((int)CAMPAIGN_MAX_LEVELS <= (int)PROGRESS_MAX_LEVELS, "progress must cover the campaign");

enum { CAMPAIGN_FORMAT = 1 };

static bool read_level(const cJSON *item, int index, CampaignLevel *lv, char *err, size_t errlen)
{
    static const char *const known[] = { "file", "title", NULL };
    char where[32];
    snprintf(where, sizeof where, "levels[%d]", index);
    if (!cJSON_IsObject(item)) {
        snprintf(err, errlen, "\"%s\" must be an object with \"file\" and \"title\"", where);
        return false;
    }
    return save_only_keys(item, where, known, err, errlen)
           && save_get_string(item, where, "file", true, save_valid_file_name, lv->file,
                              sizeof lv->file, err, errlen)
           && save_get_string(item, where, "title", true, save_valid_text, lv->title,
                              sizeof lv->title, err, errlen);
}

static bool read_campaign(const cJSON *root, Campaign *c, char *err, size_t errlen)
{
    static const char *const known[] = { "format", "levels", NULL };
    int64_t format = 0;
    if (!save_get_int(root, "", "format", true, 1, 1000000, &format, err, errlen))
        return false;
    if (format != CAMPAIGN_FORMAT) {
        snprintf(err, errlen, "\"format\" is %lld; this version reads format %d",
                 (long long)format, CAMPAIGN_FORMAT);
        return false;
    }
    if (!save_only_keys(root, "", known, err, errlen))
        return false;
    const cJSON *levels = cJSON_GetObjectItemCaseSensitive(root, "levels");
    if (!cJSON_IsArray(levels)) {
        snprintf(err, errlen, levels == NULL ? "\"levels\" is missing"
                                             : "\"levels\" must be a list of levels");
        return false;
    }
    int i = 0;
    for (const cJSON *item = levels->child; item != NULL; item = item->next, i++) {
        if (i >= CAMPAIGN_MAX_LEVELS) {
            snprintf(err, errlen, "more than %d levels", CAMPAIGN_MAX_LEVELS);
            return false;
        }
        if (!read_level(item, i, &c->levels[i], err, errlen))
            return false;
        int prev = campaign_find(c, c->levels[i].file);
        if (prev >= 0) {
            snprintf(err, errlen, "\"levels[%d].file\": \"%s\" is already levels[%d]",
                     i, c->levels[i].file, prev);
            return false;
        }
        c->count = i + 1;
    }
    if (c->count == 0) {
        snprintf(err, errlen, "\"levels\" is empty");
        return false;
    }
    return true;
}

bool campaign_load(const char *path, Campaign *c, char *err, size_t errlen)
{
    char problem[512];
    char *text = NULL;
    size_t len = 0;
    cJSON *root = NULL;
    bool ok = false;

    memset(c, 0, sizeof *c);
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    if (dirlen >= sizeof c->dir) {
        snprintf(problem, sizeof problem, "path too long");
        goto done;
    }
    SaveRead r = save_read_file(path, SAVE_MAX_FILE, &text, &len, problem, sizeof problem);
    if (r == SAVE_READ_MISSING) {
        snprintf(problem, sizeof problem, "no such file");
        goto done;
    }
    if (r != SAVE_READ_OK)
        goto done;
    root = save_parse_json(text, len, problem, sizeof problem);
    if (root == NULL)
        goto done;
    ok = read_campaign(root, c, problem, sizeof problem);
    if (ok)
        memcpy(c->dir, path, dirlen);

done:
    cJSON_Delete(root);
    free(text);
    if (!ok) {
        memset(c, 0, sizeof *c);
        snprintf(err, errlen, "%s%s%s", path,
                 (problem[0] >= '0' && problem[0] <= '9') ? ":" : ": ", problem);
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
