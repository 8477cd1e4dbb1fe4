/* SPDX-License-Identifier: Zlib */
/* paths.c -- file names: folders, extensions, relative paths (POSIX). */
#define _XOPEN_SOURCE 700

#include "level_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *level_path_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

const char *level_program_name(const char *argv0)
{
    const char *name = argv0 != NULL ? level_path_basename(argv0) : "";
    return name[0] != '\0' ? name : "pips-peak";
}

bool level_path_has_ext(const char *path, const char *ext)
{
    size_t n = strlen(path), m = strlen(ext);
    if (n < m)
        return false;
    for (size_t i = 0; i < m; i++) {
        char a = path[n - m + i], b = ext[i];
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (a != b)
            return false;
    }
    return true;
}

bool level_path_sibling(const char *base, const char *rel, char *buf, size_t size)
{
    size_t dir = (size_t)(level_path_basename(base) - base);
    int n;
    if (rel[0] == '/' || dir == 0)
        n = snprintf(buf, size, "%s", rel);
    else
        n = snprintf(buf, size, "%.*s%s", (int)dir, base, rel);
    return n >= 0 && (size_t)n < size;
}

/* Whether path, with its links and ".." resolved, is inside folder (or one
** of its folders). A path that is not there is judged by its folder. */
static bool level_path_inside(const char *path, const char *folder)
{
    char real[PATH_MAX], top[PATH_MAX];
    if (realpath(folder, top) == NULL)
        return false;
    if (realpath(path, real) == NULL) {
        /* not there: its folder, and a plain name in it */
        const char *name = level_path_basename(path);
        char dir[PATH_MAX];
        size_t n = (size_t)(name - path);
        if (n >= sizeof dir || strcmp(name, "..") == 0 || strcmp(name, ".") == 0 || name[0] == '\0')
            return false;
        memcpy(dir, path, n);
        dir[n] = '\0';
        if (realpath(n > 0 ? dir : ".", real) == NULL)
            return false;
    }
    size_t t = strlen(top);
    if (t == 1) /* the root holds everything */
        return true;
    return strncmp(real, top, t) == 0 && (real[t] == '/' || real[t] == '\0');
}

bool level_confine_allows(const LevelConfine *confine, const char *path)
{
    if (confine == NULL)
        return true;
    return (confine->folder != NULL && level_path_inside(path, confine->folder)) ||
           (confine->data != NULL && level_path_inside(path, confine->data));
}

bool level_path_relative(const char *from_file, const char *to, char *buf, size_t size)
{
    char dir[PATH_MAX];
    size_t dlen = (size_t)(level_path_basename(from_file) - from_file);
    if (dlen >= sizeof dir)
        return false;
    snprintf(dir, sizeof dir, "%.*s", dlen > 0 ? (int)dlen : 1, dlen > 0 ? from_file : ".");
    char *real_dir = realpath(dir, NULL);
    char *real_to = realpath(to, NULL);
    bool ok = real_dir != NULL && real_to != NULL;
    if (ok) {
        /* Drop the common leading components (up to a '/' both have, or
        ** the whole folder when the file is below it), then climb out of
        ** what is left of the folder and walk down to the file. */
        size_t i = 0, common = 0;
        for (; real_dir[i] != '\0' && real_dir[i] == real_to[i]; i++)
            if (real_dir[i] == '/')
                common = i + 1;
        if (real_dir[i] == '\0' && (real_to[i] == '/' || real_to[i] == '\0'))
            common = i;
        size_t len = 0;
        buf[0] = '\0';
        for (const char *p = real_dir + common; ok && *p != '\0'; p++) {
            if (*p == '/' || (p > real_dir + common && p[-1] != '/'))
                continue; /* not the start of a component */
            ok = len + 3 < size;
            len += ok ? (size_t)snprintf(buf + len, size - len, "../") : 0;
        }
        const char *rest = real_to + common;
        while (rest[0] == '/')
            rest++;
        ok = ok && len + strlen(rest) < size;
        if (ok)
            memcpy(buf + len, rest, strlen(rest) + 1);
    }
    free(real_dir);
    free(real_to);
    return ok;
}
