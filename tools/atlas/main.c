/* SPDX-License-Identifier: Zlib */
/*
** main.c -- make_atlas: paints the game's art from art/ into assets/.
**
**   make_atlas [--art DIR] [--out DIR] [--check] [--preview DIR]
**   make_atlas [--art DIR] --icons DIR
**
** --check writes nothing: it compares what it would write with the files in
** the output folder and lists the ones that differ (exit status 1).
** --icons writes the program's icon, DIR/icon-N.png for each size N, and
** nothing else: the build makes them for the install (they are not in
** assets/, which is the game's data).
*/
#include "atlas.h"
#include "icon.h"
#include "png.h"
#include "preview.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int usage(void)
{
    fputs("usage: make_atlas [--art DIR] [--out DIR] [--check] [--preview DIR]\n"
          "       make_atlas [--art DIR] --icons DIR\n"
          "  --art DIR  the art sources (default: art)\n"
          "  --out DIR  where atlas.png, atlas.json, bg_*.png and tiled/ go\n"
          "             (default: assets)\n"
          "  --check    compare with the files in --out instead of writing\n"
          "  --preview DIR  also write sheets.png and scenes.png there\n"
          "  --icons DIR    write only the program's icon, DIR/icon-N.png for N = 16 to 256\n",
          stderr);
    return 2;
}

/* 1 when the file at path holds exactly data, 0 when not, -1 when unreadable. */
static int same_file(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    int same = 1;
    uint8_t buf[4096];
    size_t pos = 0, got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
        if (pos + got > len || memcmp(buf, data + pos, got) != 0) {
            same = 0;
            break;
        }
        pos += got;
    }
    if (same && pos != len)
        same = 0;
    fclose(f);
    return same;
}

static int write_previews(const Atlas *atlas, const char *dir)
{
    char path[1024], err[512];
    Image img;
    int status = 0;
    if (preview_sheets(atlas, 3, &img)) {
        snprintf(path, sizeof path, "%s/sheets.png", dir);
        if (!png_write(&img, path, err, sizeof err)) {
            fprintf(stderr, "make_atlas: %s\n", err);
            status = 1;
        }
        image_fini(&img);
    }
    if (preview_scenes(atlas, 2, &img)) {
        snprintf(path, sizeof path, "%s/scenes.png", dir);
        if (!png_write(&img, path, err, sizeof err)) {
            fprintf(stderr, "make_atlas: %s\n", err);
            status = 1;
        }
        image_fini(&img);
    }
    return status;
}

/* The output folders need not exist yet (make_atlas --out out --preview out). */
static bool make_folder(const char *dir)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST)
        return true;
    fprintf(stderr, "make_atlas: %s: cannot make the folder: %s\n", dir, strerror(errno));
    return false;
}

static int write_icons(const char *art_dir, const char *dir)
{
    if (!make_folder(dir))
        return 1;
    Image icons[ICON_SIZE_COUNT];
    char err[512];
    if (!icon_build(art_dir, icons, err, sizeof err)) {
        fprintf(stderr, "make_atlas: %s\n", err);
        return 1;
    }
    int status = 0;
    for (int i = 0; i < ICON_SIZE_COUNT; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/icon-%d.png", dir, icon_sizes[i]);
        if (status == 0 && !png_write(&icons[i], path, err, sizeof err)) {
            fprintf(stderr, "make_atlas: %s\n", err);
            status = 1;
        }
        image_fini(&icons[i]);
    }
    return status;
}

int main(int argc, char **argv)
{
    const char *art_dir = "art", *out_dir = "assets", *preview_dir = NULL, *icon_dir = NULL;
    bool check = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--art") == 0 && i + 1 < argc)
            art_dir = argv[++i];
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out_dir = argv[++i];
        else if (strcmp(argv[i], "--preview") == 0 && i + 1 < argc)
            preview_dir = argv[++i];
        else if (strcmp(argv[i], "--icons") == 0 && i + 1 < argc)
            icon_dir = argv[++i];
        else if (strcmp(argv[i], "--check") == 0)
            check = true;
        else
            return usage();
    }
    if (icon_dir != NULL)
        return check || preview_dir != NULL ? usage() : write_icons(art_dir, icon_dir);

    Atlas atlas;
    atlas_init(&atlas);
    char err[512];
    if (!atlas_build(&atlas, art_dir, err, sizeof err)) {
        fprintf(stderr, "make_atlas: %s\n", err);
        atlas_fini(&atlas);
        return 1;
    }
    if (!check && !make_folder(out_dir)) {
        atlas_fini(&atlas);
        return 1;
    }
    int status = 0;
    if (preview_dir != NULL)
        status = make_folder(preview_dir) ? write_previews(&atlas, preview_dir) : 1;
    for (int i = 0; i < atlas.file_count; i++) {
        const OutFile *f = &atlas.files[i];
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", out_dir, f->name);
        if (check) {
            int same = same_file(path, f->data, f->len);
            if (same != 1) {
                fprintf(stderr, "make_atlas: %s %s\n", path,
                        same < 0 ? "is missing" : "is out of date with the art sources");
                status = 1;
            }
            continue;
        }
        /* A file in subfolders (tiled/entities/coin.png): make them. */
        for (char *slash = path + strlen(out_dir) + 1; (slash = strchr(slash, '/')) != NULL;
             slash++) {
            *slash = '\0';
            mkdir(path, 0777);
            *slash = '/';
        }
        FILE *out = fopen(path, "wb");
        if (out == NULL) {
            fprintf(stderr, "make_atlas: %s: cannot open for writing: %s\n", path, strerror(errno));
            status = 1;
            break;
        }
        bool ok = fwrite(f->data, 1, f->len, out) == f->len;
        ok = fclose(out) == 0 && ok;
        if (!ok) {
            fprintf(stderr, "make_atlas: %s: write failed\n", path);
            status = 1;
            break;
        }
        printf("%s (%zu bytes)\n", path, f->len);
    }
    atlas_fini(&atlas);
    return status;
}
