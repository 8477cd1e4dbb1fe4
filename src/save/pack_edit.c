/* SPDX-License-Identifier: Zlib */
/*
** pack_edit.c -- changing a pack's list of levels (see pack.h).
**
** A pack's campaign.json is read as the game reads it (campaign_read, which
** refuses a list with a missing file), changed in memory and written again
** whole, atomically, in the same format: a plain list for a pack of one
** world, worlds otherwise. Since the reader knows every key the format
** has, nothing a designer wrote is lost by the round trip. A list is
** never written empty (the reader refuses one): the last level leaving a
** pack takes the pack's list and pack.json with it, and the caller, once
** the level's file is out, the folder.
*/
#include "pack.h"

#include "save_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool pack_valid_name(const char *name, char *err, size_t errlen)
{
    const char *why = NULL;
    if (save_valid_file_name(name, PACK_NAME_MAX, &why))
        return true;
    snprintf(err, errlen, "\"%.80s\" cannot name a pack: %s", name, why);
    return false;
}

/* The list of the pack in dir (which ends in '/'), read (or a fresh one
** when missing is true and there is no list yet), on the heap; its path
** into path. NULL with a message. */
static Campaign *read_list(const char *dir, char *path, size_t cap, bool missing_ok, bool *fresh,
                           char *err, size_t errlen)
{
    int n = snprintf(path, cap, "%scampaign.json", dir);
    if (n < 0 || (size_t)n >= cap) {
        snprintf(err, errlen, "%.900s: the path is too long", dir);
        return NULL;
    }
    Campaign *c = calloc(1, sizeof *c);
    if (c == NULL) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    struct stat st;
    *fresh = missing_ok && stat(path, &st) != 0 && errno == ENOENT;
    if (*fresh) {
        c->world_count = 1;
        return c;
    }
    if (campaign_load(path, c, err, errlen))
        return c;
    free(c);
    return NULL;
}

static bool write_list(const Campaign *c, const char *path, char *err, size_t errlen)
{
    TextBuf b = {0};
    bool plain = c->world_count == 1 && c->worlds[0].name[0] == '\0';
    text_puts(&b, "{\n  \"format\": 1,\n");
    text_puts(&b, plain ? "  \"levels\": [\n" : "  \"worlds\": [\n");
    for (int w = 0; w < c->world_count; w++) {
        const CampaignWorld *world = &c->worlds[w];
        const char *indent = plain ? "    " : "        ";
        if (!plain) {
            text_puts(&b, "    { \"name\": ");
            save_buf_string(&b, world->name);
            text_puts(&b, ",\n      \"levels\": [\n");
        }
        for (int i = world->first; i < world->first + world->count; i++) {
            text_printf(&b, "%s{ \"file\": ", indent);
            save_buf_string(&b, c->levels[i].file);
            text_puts(&b, ", \"title\": ");
            save_buf_string(&b, c->levels[i].title);
            text_puts(&b, i + 1 < world->first + world->count ? " },\n" : " }\n");
        }
        if (!plain)
            text_puts(&b, w + 1 < c->world_count ? "      ] },\n" : "      ] }\n");
    }
    text_puts(&b, "  ]\n}\n");
    return save_buf_commit(&b, path, err, errlen);
}

/* Removes entry i, closing the gap in its world (a world left empty goes). */
static void remove_entry(Campaign *c, int i)
{
    int w = c->levels[i].world;
    memmove(&c->levels[i], &c->levels[i + 1], (size_t)(c->count - i - 1) * sizeof c->levels[0]);
    c->count--;
    c->worlds[w].count--;
    for (int k = w + 1; k < c->world_count; k++)
        c->worlds[k].first--;
    if (c->worlds[w].count == 0) {
        memmove(&c->worlds[w], &c->worlds[w + 1],
                (size_t)(c->world_count - w - 1) * sizeof c->worlds[0]);
        c->world_count--;
        for (int k = 0; k < c->count; k++)
            if (c->levels[k].world > w)
                c->levels[k].world--;
    }
}

bool pack_list_add(const char *dir, const char *name, const char *file, const char *title,
                   char *err, size_t errlen)
{
    char path[CAMPAIGN_DIR_MAX + 16];
    bool fresh;
    Campaign *c = read_list(dir, path, sizeof path, true, &fresh, err, errlen);
    if (c == NULL)
        return false;
    bool ok = false;
    if (fresh) {
        /* a new pack: its pack.json first, titled by its name */
        char meta[CAMPAIGN_DIR_MAX + 16];
        snprintf(meta, sizeof meta, "%spack.json", dir);
        TextBuf b = {0};
        text_puts(&b, "{\n  \"format\": 1,\n  \"title\": ");
        save_buf_string(&b, name);
        text_puts(&b, "\n}\n");
        if (!save_buf_commit(&b, meta, err, errlen))
            goto done;
    }
    const char *why = NULL;
    if (!save_valid_file_name(file, CAMPAIGN_FILE_MAX, &why)) {
        snprintf(err, errlen, "%s: \"%.80s\": %s", path, file, why);
        goto done;
    }
    if (campaign_find(c, file) >= 0) {
        ok = true; /* already listed */
        goto done;
    }
    if (c->count >= CAMPAIGN_MAX_LEVELS) {
        snprintf(err, errlen, "%s: a pack holds at most %d levels", path, CAMPAIGN_MAX_LEVELS);
        goto done;
    }
    /* the new level ends the last world */
    CampaignLevel *lv = &c->levels[c->count++];
    snprintf(lv->file, sizeof lv->file, "%s", file);
    snprintf(lv->title, sizeof lv->title, "%s", title[0] != '\0' ? title : file);
    lv->world = c->world_count - 1;
    c->worlds[lv->world].count++;
    ok = write_list(c, path, err, errlen);
done:
    free(c);
    return ok;
}

bool pack_list_remove(const char *dir, const char *file, char *err, size_t errlen)
{
    char path[CAMPAIGN_DIR_MAX + 16];
    bool fresh;
    /* read while the file is still there: the reader wants every listed file */
    Campaign *c = read_list(dir, path, sizeof path, false, &fresh, err, errlen);
    if (c == NULL)
        return false;
    bool ok = false;
    int i = campaign_find(c, file);
    if (i < 0) {
        ok = true;
        goto done;
    }
    remove_entry(c, i);
    if (c->count > 0) {
        ok = write_list(c, path, err, errlen);
    } else {
        char meta[CAMPAIGN_DIR_MAX + 16];
        snprintf(meta, sizeof meta, "%spack.json", dir);
        ok = unlink(path) == 0 || errno == ENOENT;
        if (!ok)
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
        else
            (void)unlink(meta);
    }
done:
    free(c);
    return ok;
}

bool pack_list_move(const char *dir, int index, int delta, char *err, size_t errlen)
{
    char path[CAMPAIGN_DIR_MAX + 16];
    bool fresh;
    Campaign *c = read_list(dir, path, sizeof path, false, &fresh, err, errlen);
    if (c == NULL)
        return false;
    bool ok = true;
    int to = index + delta;
    if (index >= 0 && index < c->count && to >= 0 && to < c->count && delta != 0) {
        /* the two trade places; a place keeps its world, so a level moved
        ** past a world's edge joins the next world */
        CampaignLevel a = c->levels[index], b = c->levels[to];
        int wa = a.world, wb = b.world;
        c->levels[index] = b;
        c->levels[index].world = wa;
        c->levels[to] = a;
        c->levels[to].world = wb;
        ok = write_list(c, path, err, errlen);
    }
    free(c);
    return ok;
}
