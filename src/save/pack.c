/* SPDX-License-Identifier: Zlib */
/*
** pack.c -- finding level packs and reading them (see pack.h).
**
** A pack is read as strictly as the game's own campaign: pack.json by the
** same JSON rules, campaign.json by campaign_read, which refuses a list
** with a missing file or one that is not a level. A pack with a problem is
** not hidden: the listing keeps it with its first problem, so the player
** who copied a pack wrongly sees why it does not play.
*/
#define _XOPEN_SOURCE 700 /* strdup */
#include "pack.h"

#include "save_internal.h"

#include "json_message.h"

#include "array.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { PACK_FORMAT = 1 };

/* ---- pack.json ------------------------------------------------------------ */

bool pack_read_meta(const char *path, PackMeta *m, CampaignReport report, void *ctx)
{
    static const char *const known[] = {"format", "title", "author", "description", "version"};
    static const long formats[] = {PACK_FORMAT};
    SaveReader r;
    memset(m, 0, sizeof *m);
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return true; /* a pack needs no pack.json: nothing to report */
    save_reader_init(&r);
    r.report = report;
    r.report_ctx = ctx;
    JsonRead got = save_reader_load(&r, path);
    bool ok = false;
    if (got == JSON_READ_OK) {
        JsonDoc *doc = &r.doc;
        const cJSON *root = doc->root;
        int before = r.sink.count;
        long format;
        bool newer;
        if (save_want_format(doc, json_need(doc, root, "format"), formats, SAVE_COUNT(formats),
                             &format, &newer)) {
            json_check_keys(doc, root, known, SAVE_COUNT(known));
            struct {
                const char *key;
                char *out;
                size_t cap;
            } texts[] = {
                {"title", m->title, sizeof m->title},
                {"author", m->author, sizeof m->author},
                {"description", m->description, sizeof m->description},
                {"version", m->version, sizeof m->version},
            };
            for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
                const cJSON *t = json_get(root, texts[i].key);
                if (t != NULL)
                    save_want_string(doc, t, save_valid_text, texts[i].out, texts[i].cap);
            }
        }
        ok = r.sink.count == before;
        if (!ok)
            memset(m, 0, sizeof *m);
    }
    save_reader_fini(&r);
    return ok;
}

/* ---- one pack ------------------------------------------------------------- */

_Static_assert((int)PACK_ERROR_MAX >= (int)CAMPAIGN_DIR_MAX + 48 + (int)JSON_MESSAGE_MAX,
               "a pack's first problem fits with its place");

bool pack_load(const char *dir, const char *name, PackInfo *out, Campaign *c)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", name);
    size_t n = strlen(dir);
    const char *slash = n > 0 && dir[n - 1] == '/' ? "" : "/";
    char meta[CAMPAIGN_DIR_MAX + 16], list[CAMPAIGN_DIR_MAX + 16];
    int a = snprintf(out->dir, sizeof out->dir, "%s%s", dir, slash);
    snprintf(meta, sizeof meta, "%spack.json", out->dir);
    snprintf(list, sizeof list, "%scampaign.json", out->dir);
    if (a < 0 || (size_t)a + sizeof "campaign.json" > sizeof out->dir) {
        snprintf(out->error, sizeof out->error, "%.900s: the path is too long", dir);
        if (c != NULL)
            memset(c, 0, sizeof *c);
        return false;
    }

    SaveFirst first = {0, 0, ""};
    bool meta_ok = pack_read_meta(meta, &out->meta, save_keep_first, &first);
    if (!meta_ok)
        save_first_say(&first, meta, out->error, sizeof out->error);
    if (out->meta.title[0] == '\0')
        snprintf(out->meta.title, sizeof out->meta.title, "%s", name);

    Campaign *own = c != NULL ? c : malloc(sizeof *own);
    if (own == NULL) {
        snprintf(out->error, sizeof out->error, "%s: out of memory", list);
        return false;
    }
    SaveFirst listed = {0, 0, ""};
    bool list_ok = campaign_read(list, own, save_keep_first, &listed);
    if (!list_ok && meta_ok)
        save_first_say(&listed, list, out->error, sizeof out->error);
    out->ok = meta_ok && list_ok;
    out->level_count = out->ok ? own->count : 0;
    if (!out->ok)
        memset(own, 0, sizeof *own);
    if (own != c)
        free(own);
    return out->ok;
}

bool pack_is_folder(const char *dir)
{
    char path[CAMPAIGN_DIR_MAX + 16];
    size_t n = strlen(dir);
    int len = snprintf(path, sizeof path, "%s%scampaign.json", dir,
                       n > 0 && dir[n - 1] == '/' ? "" : "/");
    struct stat st;
    return len > 0 && (size_t)len < sizeof path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- where packs are ------------------------------------------------------ */

static void add_root(PackRoots *out, const char *base, size_t len, const char *under)
{
    if (out->count >= PACK_ROOTS_MAX || len == 0)
        return;
    const char *slash = base[len - 1] == '/' ? "" : "/";
    char *dst = out->dirs[out->count];
    int n = snprintf(dst, sizeof out->dirs[0], "%.*s%s%s", (int)len, base, slash, under);
    if (n < 0 || (size_t)n >= sizeof out->dirs[0])
        return;
    for (int i = 0; i < out->count; i++)
        if (strcmp(out->dirs[i], dst) == 0)
            return;
    out->count++;
}

void pack_roots(const char *user_dir, const char *data_dir, PackRoots *out)
{
    out->count = 0;
    if (user_dir != NULL && user_dir[0] != '\0')
        add_root(out, user_dir, strlen(user_dir), "packs/");
    const char *dirs = getenv("XDG_DATA_DIRS");
    if (dirs == NULL || dirs[0] == '\0')
        dirs = "/usr/local/share/:/usr/share/";
    for (const char *at = dirs; *at != '\0';) {
        const char *end = strchr(at, ':');
        size_t len = end != NULL ? (size_t)(end - at) : strlen(at);
        if (len > 0 && at[0] == '/') /* the specification's paths are absolute */
            add_root(out, at, len, "pips-peak/packs/");
        at += len + (end != NULL);
    }
    if (data_dir != NULL && data_dir[0] != '\0')
        add_root(out, data_dir, strlen(data_dir), "packs/");
}

/* ---- the list ------------------------------------------------------------- */

static bool listed(const PackList *list, const char *name)
{
    for (int i = 0; i < list->count; i++)
        if (strcmp(list->packs[i].name, name) == 0)
            return true;
    return false;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const PackInfo *)a)->name, ((const PackInfo *)b)->name);
}

/* The names of the folders in root, sorted (a folder's order is the file
** system's), or NULL; *count gets how many. */
static char **folders(const char *root, int *count)
{
    *count = 0;
    DIR *d = opendir(root);
    if (d == NULL)
        return NULL;
    char **names = NULL;
    size_t cap = 0;
    for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
        const char *why;
        if (!save_valid_file_name(e->d_name, PACK_NAME_MAX, &why))
            continue; /* ".", "..", hidden folders, names no id can hold */
        char path[CAMPAIGN_DIR_MAX + PACK_NAME_MAX];
        struct stat st;
        snprintf(path, sizeof path, "%s%s", root, e->d_name);
        if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        if (!array_reserve(names, cap, (size_t)*count + 1))
            break;
        names[*count] = strdup(e->d_name);
        if (names[*count] != NULL)
            (*count)++;
    }
    closedir(d);
    return names;
}

bool pack_list(const PackRoots *roots, PackList *out)
{
    out->count = out->dropped = 0;
    Campaign *c = malloc(sizeof *c);
    if (c == NULL)
        return false;
    for (int r = 0; r < roots->count; r++) {
        int n;
        char **names = folders(roots->dirs[r], &n);
        for (int i = 0; i < n; i++) {
            if (!listed(out, names[i])) {
                if (out->count < PACK_MAX) {
                    char dir[CAMPAIGN_DIR_MAX + PACK_NAME_MAX];
                    snprintf(dir, sizeof dir, "%s%s/", roots->dirs[r], names[i]);
                    pack_load(dir, names[i], &out->packs[out->count++], c);
                } else {
                    out->dropped++;
                }
            }
            free(names[i]);
        }
        free(names);
    }
    free(c);
    qsort(out->packs, (size_t)out->count, sizeof out->packs[0], by_name);
    return true;
}
