/* SPDX-License-Identifier: Zlib */
/*
** names.c -- what --level NAME names: a file, or a level found by its name
** in the player's levels or the game's.
**
** A player who was sent a level puts it in the levels/ folder beside their
** settings and plays it by name, from any folder; the game's own levels
** play the same way once it is installed (--level 05-planks-and-walkers).
** A path is taken as it is, so nothing that worked before means something
** else now: only a name that is not a file is looked up, and only a plain
** name (no '/'), so a path never leads into another folder.
*/
#include "app.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* DIR/levels/NAME, NAME.json or NAME.tmj, the first that is a file. */
static bool find_in(const char *dir, const char *name, char *out, size_t size)
{
    static const char *const ext[] = {"", ".json", ".tmj"};
    if (dir == NULL || dir[0] == '\0')
        return false;
    size_t n = strlen(dir);
    const char *slash = dir[n - 1] == '/' ? "" : "/";
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        int len = snprintf(out, size, "%s%slevels/%s%s", dir, slash, name, ext[i]);
        if (len > 0 && (size_t)len < size && is_file(out))
            return true;
    }
    return false;
}

bool app_level_path(const char *name, const char *user_dir, const char *data_dir, char *out,
                    size_t size, char *err, size_t errlen)
{
    bool plain = strchr(name, '/') == NULL && name[0] != '\0' && strcmp(name, ".") != 0 &&
                 strcmp(name, "..") != 0;
    if (is_file(name) || !plain) {
        int len = snprintf(out, size, "%s", name);
        if (len < 0 || (size_t)len >= size) {
            snprintf(err, errlen, "%.200s...: the path is too long", name);
            return false;
        }
        return true;
    }
    if (find_in(user_dir, name, out, size) || find_in(data_dir, name, out, size))
        return true;
    bool user = user_dir != NULL && user_dir[0] != '\0';
    const char *data = data_dir != NULL ? data_dir : "";
    size_t n = strlen(data);
    snprintf(err, errlen,
             "%s: no such file, and no level of that name (%s, .json or .tmj) in %s%s%s%slevels/",
             name, name, user ? user_dir : "", user ? "levels/ or " : "", data,
             n > 0 && data[n - 1] != '/' ? "/" : "");
    out[0] = '\0';
    return false;
}
