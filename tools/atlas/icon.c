/* SPDX-License-Identifier: Zlib */
/*
** icon.c -- the program's icon: Pip against the summit at dusk.
**
** Desktops ask for icons from 16 to 256 px. Pixel art does not survive a
** smooth rescale, so the icon is painted twice: at 16 px, where there is
** room only for Pip's head and scarf and every pixel is placed to read,
** and at 32 px, with Pip standing on the summit under the stars. Each larger
** size is one of the two with every pixel made a k x k block (48 = 16 x 3;
** 64, 128 and 256 are 32 x 2, 4 and 8).
**
** The backdrops are hand-drawn grids (art/icon.txt); Pip is his own sprite:
** the head and coat grids of art/pip.txt at 16 px, the first frame of the
** idle clip (art_player.c) at 32 px. A change to Pip shows in the icon too.
*/
#include "icon.h"

#include "atlas.h"

#include <stdio.h>
#include <string.h>

const int icon_sizes[ICON_SIZE_COUNT] = {16, 32, 48, 64, 128, 256};

typedef struct IconArt {
    const Image *backdrop16, *backdrop32;
    const Image *head, *body; /* art/pip.txt */
    const Image *standing;    /* the first player_idle frame, 32x32 */
    Rgba outline, scarf, scarf_dark;
} IconArt;

/* src drawn at (dx, dy), blended, only where the backdrop is: Pip stays
** inside the rounded plate. */
static void blit_on_plate(Image *img, const Image *src, int dx, int dy)
{
    for (int y = 0; y < src->h; y++)
        for (int x = 0; x < src->w; x++)
            if (image_get(img, dx + x, dy + y).a != 0)
                image_blend(img, dx + x, dy + y, image_get(src, x, y));
}

/* 16 px: Pip from the chest up, filling the plate; the scarf's tail blows
** back past his coat. */
static bool paint_16(Image *img, const IconArt *a)
{
    enum { HEAD_X = 2, HEAD_Y = 2 };
    Image pip;
    if (!image_init(&pip, img->w, img->h))
        return false;
    image_copy(img, 0, 0, a->backdrop16, 0, 0, img->w, img->h);
    int bx = HEAD_X + 1, by = HEAD_Y + a->head->h; /* as the sprite sets them */
    image_blit(&pip, bx, by, a->body, 0, 0, a->body->w, a->body->h, false);
    image_set(&pip, bx - 1, by, a->scarf);
    image_set(&pip, bx - 2, by + 1, a->scarf);
    image_set(&pip, bx - 1, by + 1, a->scarf_dark);
    image_blit(&pip, HEAD_X, HEAD_Y, a->head, 0, 0, a->head->w, a->head->h, false);
    image_outline(&pip, a->outline, false);
    blit_on_plate(img, &pip, 0, 0);
    image_fini(&pip);
    return true;
}

/* 32 px: Pip standing on the summit, his soles on its top row. */
static bool paint_32(Image *img, const IconArt *a)
{
    enum { FIGURE_X = 1, FIGURE_Y = -7 };
    image_copy(img, 0, 0, a->backdrop32, 0, 0, img->w, img->h);
    blit_on_plate(img, a->standing, FIGURE_X, FIGURE_Y);
    return true;
}

/* Pixel (x, y) of src made a k x k block of dst. */
static void scale_whole(Image *dst, const Image *src, int k)
{
    for (int y = 0; y < dst->h; y++)
        for (int x = 0; x < dst->w; x++)
            image_set(dst, x, y, image_get(src, x / k, y / k));
}

/* The icon at size px: the 32 px painting when size is a multiple of 32,
** else the 16 px one, scaled by a whole factor. */
static bool paint_size(const IconArt *a, int size, Image *out)
{
    int base = size % 32 == 0 ? 32 : 16;
    Image small;
    if (!image_init(&small, base, base))
        return false;
    bool ok = base == 16 ? paint_16(&small, a) : paint_32(&small, a);
    ok = ok && image_init(out, size, size);
    if (ok)
        scale_whole(out, &small, size / base);
    image_fini(&small);
    return ok;
}

static bool need_square(const ArtSet *art, const char *name, int size, const Image **out, char *err,
                        size_t errlen)
{
    if (!art_need_grid(art, name, out, err, errlen))
        return false;
    if ((*out)->w != size || (*out)->h != size) {
        snprintf(err, errlen, "grid '%s' is %dx%d, the icon needs %dx%d", name, (*out)->w,
                 (*out)->h, size, size);
        return false;
    }
    return true;
}

static bool get_art(const ArtSet *art, const Atlas *atlas, IconArt *a, char *err, size_t errlen)
{
    if (!need_square(art, "icon_16", 16, &a->backdrop16, err, errlen) ||
        !need_square(art, "icon_32", 32, &a->backdrop32, err, errlen) ||
        !art_need_grid(art, "pip_head", &a->head, err, errlen) ||
        !art_need_grid(art, "pip_body", &a->body, err, errlen) ||
        !art_need(art, "krR", err, errlen))
        return false;
    const Sheet *idle = atlas_find(atlas, SECTION_CLIP, "player_idle");
    if (idle == NULL || idle->w != 32 || idle->h != 32) {
        snprintf(err, errlen, "icon: no 32x32 player_idle clip to show Pip standing");
        return false;
    }
    a->standing = &idle->cells[0];
    a->outline = art_color(art, 'k');
    a->scarf = art_color(art, 'r');
    a->scarf_dark = art_color(art, 'R');
    return true;
}

bool icon_build(const char *art_dir, Image icons[ICON_SIZE_COUNT], char *err, size_t errlen)
{
    static const char *const files[] = {"palette.txt", "pip.txt", "icon.txt"};
    memset(icons, 0, sizeof(Image) * ICON_SIZE_COUNT);
    ArtSet art;
    art_init(&art);
    Atlas atlas;
    atlas_init(&atlas);
    bool ok = true;
    for (size_t i = 0; ok && i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", art_dir, files[i]);
        ok = art_load_file(&art, path, err, errlen);
    }
    IconArt a;
    ok = ok && art_gen_player(&atlas, &art, err, errlen) && get_art(&art, &atlas, &a, err, errlen);
    for (int i = 0; ok && i < ICON_SIZE_COUNT; i++) {
        ok = paint_size(&a, icon_sizes[i], &icons[i]);
        if (!ok)
            snprintf(err, errlen, "icon: out of memory");
    }
    atlas_fini(&atlas);
    art_fini(&art);
    if (!ok)
        for (int i = 0; i < ICON_SIZE_COUNT; i++)
            image_fini(&icons[i]);
    return ok;
}
