/* SPDX-License-Identifier: Zlib */
/*
** preview.h -- pictures for judging the art: every sheet laid out in rows,
** and a mock scene of each background set built from the real tiles.
*/
#ifndef PREVIEW_H
#define PREVIEW_H

#include "atlas.h"

#include <stdbool.h>

/* Every sheet, one row each, enlarged `scale` times on a neutral ground. */
bool preview_sheets(const Atlas *atlas, int scale, Image *out);
/* A 480x270 scene per background set, side by side, enlarged. */
bool preview_scenes(const Atlas *atlas, int scale, Image *out);

#endif
