/* SPDX-License-Identifier: Zlib */
/*
** art_tiled.c -- the images of the game's Tiled tilesets (assets/tiled/),
** cut from the atlas once it is painted, so they are the game's own art.
**
** tiled/tiles.png: a row for each tile theme (the worlds, in the atlas's
** order: the campaign's), a column for each tile kind a tile layer holds
** (the kinds after "empty", in their order: solid, one-way, spikes,
** secret), 16 px each. --export-tiled-project writes tiles.tsj to match:
** a tile's class is its column's kind, its "world" its row's theme. Ground
** is its top piece (open above); the secret tile is that ground in a dotted
** frame, so a designer tells it from ground (the game draws plain ground).
**
** tiled/entities/KIND.png: each kind of the kind table as a level shows it
** at its start, the first frame of its first clip in its first variant:
** the whole cell, which may reach past the kind's box (a saw's teeth, the
** goal's flag). --export-tiled-project marks the box inside it from the
** clip's anchor in atlas.json, so Tiled draws the sprite where the game does.
*/
#include "atlas.h"
#include "kinds.h"
#include "tilemap.h"

#include <stdio.h>
#include <string.h>

enum { T = 16, MAX_THEMES = 8 };

/* The themes that have solid ground, in the atlas's order. */
static int themes(const Atlas *atlas, const char *names[MAX_THEMES])
{
    int n = 0;
    for (int i = 0; i < atlas->sheet_count && n < MAX_THEMES; i++) {
        const Sheet *s = &atlas->sheets[i];
        const char *dot = strchr(s->name, '.');
        if (s->section == SECTION_TILE && dot != NULL && strcmp(dot, ".solid") == 0)
            names[n++] = s->name;
    }
    return n;
}

static bool tiles_image(Atlas *atlas, char *err, size_t errlen)
{
    const char *names[MAX_THEMES];
    int rows = themes(atlas, names), cols = TILE_KIND_COUNT - 1;
    /* A ground top: solid to the sides and below, open above. */
    int ground_top = atlas->blob_map[4 | 8 | 16 | 32 | 64];
    Image img;
    if (rows == 0 || !image_init(&img, T * cols, T * rows)) {
        snprintf(err, errlen, "tiled/tiles.png: %s",
                 rows == 0 ? "no tile themes" : "out of memory");
        return false;
    }
    Rgba dot = RGBA(255, 244, 160, 255);
    for (int r = 0; r < rows; r++) {
        size_t theme_len = (size_t)(strchr(names[r], '.') - names[r]);
        for (int c = 0; c < cols; c++) {
            TileKind kind = (TileKind)(c + 1);
            bool ground = kind == TILE_SOLID || kind == TILE_SECRET;
            char sheet[64];
            snprintf(sheet, sizeof sheet, "%.*s.%s", (int)theme_len, names[r],
                     ground ? "solid" : tile_kind_name(kind));
            const Sheet *s = atlas_find(atlas, SECTION_TILE, sheet);
            if (s == NULL) {
                snprintf(err, errlen, "tiled/tiles.png: no '%s' tiles", sheet);
                image_fini(&img);
                return false;
            }
            image_copy(&img, T * c, T * r, &s->cells[ground ? ground_top : 0], 0, 0, T, T);
            if (kind != TILE_SECRET)
                continue;
            for (int i = 1; i < T - 1; i += 2) {
                image_set(&img, T * c + i, T * r + 1, dot);
                image_set(&img, T * c + i, T * r + T - 2, dot);
                image_set(&img, T * c + 1, T * r + i, dot);
                image_set(&img, T * c + T - 2, T * r + i, dot);
            }
        }
    }
    bool ok = atlas_add_png(atlas, "tiled/tiles.png", &img, err, errlen);
    image_fini(&img);
    return ok;
}

static bool entity_images(Atlas *atlas, char *err, size_t errlen)
{
    for (int k = 0; k < kind_count(); k++) {
        const EntityKind *kind = kind_get(k);
        const Sheet *s = atlas_find(atlas, SECTION_CLIP, kind->clips[0]);
        if (s == NULL) {
            snprintf(err, errlen, "tiled/entities/%s.png: no clip '%s'", kind->name,
                     kind->clips[0]);
            return false;
        }
        char name[64];
        snprintf(name, sizeof name, "tiled/entities/%s.png", kind->name);
        if (!atlas_add_png(atlas, name, &s->cells[0], err, errlen))
            return false;
    }
    return true;
}

bool art_tiled_images(Atlas *atlas, char *err, size_t errlen)
{
    return tiles_image(atlas, err, errlen) && entity_images(atlas, err, errlen);
}
