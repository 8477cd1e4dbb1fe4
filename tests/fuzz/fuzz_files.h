/* SPDX-License-Identifier: Zlib */
/*
** fuzz_files.h -- a fuzz target's folder of files, one of them replaced by
** the fuzzer's bytes.
**
** Some inputs are files that other files name: a pack's pack.json and
** campaign.json beside its levels, a Tiled map's external tilesets and
** templates. A target copies such a set of files from the source tree into
** a new folder under the working folder (keeping their relative paths, so
** that the files find each other as in the tree), writes the fuzzer's bytes
** over one of them, loads, and puts the file back. The folder goes when
** the program exits.
*/
#ifndef FUZZ_FILES_H
#define FUZZ_FILES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { FUZZ_FILES_MAX = 8, FUZZ_PATH_MAX = 1024 };

typedef struct FuzzFiles {
    char dir[64]; /* "fuzz-XXXXXX", in the working folder */
    int count;
    char path[FUZZ_FILES_MAX][FUZZ_PATH_MAX]; /* dir/NAME */
    char *text[FUZZ_FILES_MAX];               /* the tree's bytes */
    size_t len[FUZZ_FILES_MAX];
} FuzzFiles;

static FuzzFiles *fuzz_files_made;

static void fuzz_files_write(const FuzzFiles *f, int i, const void *data, size_t size)
{
    FILE *out = fopen(f->path[i], "wb");
    if (out == NULL || fwrite(data, 1, size, out) != size || fclose(out) != 0)
        abort(); /* the harness, not the game, failed */
}

/* Removes the files, then each folder on their paths, deepest first
** (rmdir refuses a folder that is not empty, so shared ones go last). */
static void fuzz_files_remove(void)
{
    FuzzFiles *f = fuzz_files_made;
    for (int i = 0; i < f->count; i++)
        remove(f->path[i]);
    for (int i = 0; i < f->count; i++) {
        char *slash;
        while ((slash = strrchr(f->path[i], '/')) != NULL) {
            *slash = '\0';
            rmdir(f->path[i]);
        }
    }
}

/* Copies names[0 .. count) (paths relative to src, '/'-separated) into a
** new folder; *f then names them in that order. Aborts when it cannot. */
static void fuzz_files_make(FuzzFiles *f, const char *src, const char *const *names, int count)
{
    snprintf(f->dir, sizeof f->dir, "fuzz-XXXXXX");
    if (count > FUZZ_FILES_MAX || mkdtemp(f->dir) == NULL)
        abort();
    f->count = count;
    for (int i = 0; i < count; i++) {
        char from[FUZZ_PATH_MAX];
        snprintf(from, sizeof from, "%s/%s", src, names[i]);
        snprintf(f->path[i], sizeof f->path[i], "%s/%s", f->dir, names[i]);
        for (char *p = strchr(f->path[i] + strlen(f->dir) + 1, '/'); p != NULL;
             p = strchr(p + 1, '/')) {
            *p = '\0';
            mkdir(f->path[i], 0700); /* already there is fine */
            *p = '/';
        }
        FILE *in = fopen(from, "rb");
        long n = -1;
        if (in != NULL && fseek(in, 0, SEEK_END) == 0 && (n = ftell(in)) >= 0)
            rewind(in);
        f->text[i] = n >= 0 ? malloc((size_t)n + 1) : NULL;
        if (f->text[i] == NULL || fread(f->text[i], 1, (size_t)n, in) != (size_t)n)
            abort();
        fclose(in);
        f->len[i] = (size_t)n;
        fuzz_files_write(f, i, f->text[i], f->len[i]);
    }
    fuzz_files_made = f;
    atexit(fuzz_files_remove);
}

/* Writes data over file i, or puts the tree's bytes back (data NULL). */
static void fuzz_files_put(const FuzzFiles *f, int i, const uint8_t *data, size_t size)
{
    if (data == NULL)
        fuzz_files_write(f, i, f->text[i], f->len[i]);
    else
        fuzz_files_write(f, i, data, size);
}

#endif
