/* SPDX-License-Identifier: Zlib */
/*
** icon.h -- the program's icon for desktops: Pip's portrait at the sizes
** the hicolor icon theme asks for.
*/
#ifndef ICON_H
#define ICON_H

#include "image.h"

#include <stdbool.h>
#include <stddef.h>

enum { ICON_SIZE_COUNT = 6 };

/* The sizes painted, px: 16, 32, 48, 64, 128, 256. */
extern const int icon_sizes[ICON_SIZE_COUNT];

/* Loads the palette, Pip and the backdrops (palette.txt, pip.txt, icon.txt)
** from art_dir and paints the icon at every size of icon_sizes into icons[],
** new images the caller finishes with image_fini. On failure fills err
** ("file:line: why"). */
bool icon_build(const char *art_dir, Image icons[ICON_SIZE_COUNT], char *err, size_t errlen);

#endif
