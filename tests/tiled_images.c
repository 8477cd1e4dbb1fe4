/* SPDX-License-Identifier: Zlib */
/*
** tiled_images.c -- paints the images of a test image collection, so that
** the real Tiled can open it: Tiled takes each tile's size from its image,
** and re-saves a collection whose images are missing without their sizes.
**
**     tiled_images DIR NAME:WxH...
**
** writes DIR/NAME.png, W x H px, for each argument: a framed block of
** colour, a different one for each.
*/
#include "image.h"
#include "png.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: tiled_images DIR NAME:WxH...\n");
        return 2;
    }
    static const unsigned colours[] = {0x6a8f3c, 0xd04648, 0xdad45e, 0x597dce};
    for (int i = 2; i < argc; i++) {
        char name[256];
        int w, h;
        if (sscanf(argv[i], "%255[^:]:%dx%d", name, &w, &h) != 3 || w < 1 || h < 1 || w > 4096 ||
            h > 4096) {
            fprintf(stderr, "tiled_images: bad image '%s' (NAME:WxH)\n", argv[i]);
            return 2;
        }
        Image img;
        if (!image_init(&img, w, h)) {
            fprintf(stderr, "tiled_images: out of memory\n");
            return 1;
        }
        image_fill_rect(&img, 0, 0, w, h, RGB_HEX(0x222034));
        image_fill_rect(&img, 1, 1, w - 2, h - 2, RGB_HEX(colours[(size_t)(i - 2) % 4]));
        char path[1024], err[256];
        snprintf(path, sizeof path, "%s/%s.png", argv[1], name);
        bool ok = png_write(&img, path, err, sizeof err);
        image_fini(&img);
        if (!ok) {
            fprintf(stderr, "tiled_images: %s: %s\n", path, err);
            return 1;
        }
    }
    return 0;
}
