/* SPDX-License-Identifier: Zlib */
/*
** assets.h -- loading assets/atlas.json (docs/ASSETS.md) with atlas.png and
** the background images into a RenderAtlas, and the clip timings into the
** simulation's ClipTable.
**
** Strict: a missing clip, sheet, theme or field, a cell outside its image,
** an image of another size than the JSON says, or a file that cannot be
** read is an error naming the file, so a broken atlas stops the game at
** start with one clear line instead of drawing garbage later.
*/
#ifndef ASSETS_H
#define ASSETS_H

#include "anim.h"
#include "render_atlas.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

/* Loads DATA/assets/atlas.json and the images it names. With a renderer
** the atlas owns textures afterwards (render_atlas_unload); with NULL it is
** only checked and measured. clips (may be NULL) gets the clip timings. On
** failure returns false with the first problem in err, naming the file:
** "FILE:LINE:COL: problem" for a value of atlas.json, "FILE: problem" for a
** whole file (an image that cannot be loaded names the image). */
bool assets_load_atlas(const char *data_dir, SDL_Renderer *renderer, RenderAtlas *atlas,
                       ClipTable *clips, char *err, size_t errlen);

#endif
