/* SPDX-License-Identifier: Zlib */
/* screenshot.c -- one frame to a PNG with the software renderer, no display.
** The PNG is made in memory and written atomically, like every file the
** game writes: a failed write leaves what was there before. */
#include "run.h"

#include "atomic.h"
#include "level.h"
#include "render.h"

#include <SDL_image.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* Writes surface s as a PNG at path, atomically. Its bytes are encoded into
** a buffer that holds the worst case (the pixels stored uncompressed, with
** room for every header), so a PNG that does not fit is an encoder error,
** never a truncated file. */
static bool save_png(SDL_Surface *s, const char *path, const char *prog)
{
    size_t raw = (size_t)s->w * (size_t)s->h * 4 + (size_t)s->h;
    size_t cap = raw + raw / 100 + 65536;
    void *buf = cap <= INT_MAX ? malloc(cap) : NULL; /* --scale keeps it far below */
    SDL_RWops *rw = buf ? SDL_RWFromMem(buf, (int)cap) : NULL;
    if (rw == NULL) {
        fprintf(stderr, "%s: %s: out of memory for the PNG\n", prog, path);
        free(buf);
        return false;
    }
    bool ok = IMG_SavePNG_RW(s, rw, 0) == 0;
    Sint64 len = SDL_RWtell(rw);
    SDL_RWclose(rw);
    char err[2 * 4096];
    if (!ok || len <= 0)
        fprintf(stderr, "%s: %s: cannot make the PNG: %s\n", prog, path, IMG_GetError());
    else if (!(ok = atomic_write(path, buf, (size_t)len, err, sizeof err)))
        fprintf(stderr, "%s: %s\n", prog, err);
    free(buf);
    return ok;
}

int screenshot_run(const FrontendOptions *opt, const char *out_png, const char *save_as, int ticks,
                   int scale)
{
    const char *prog = level_program_name(opt->program);
    int status = 1;
    SDL_Surface *target = NULL;
    SDL_Renderer *renderer = NULL;
    Frontend *game = NULL;
    char err[2 * 4096];
    /* a FIFO, a device: not after the work */
    if ((out_png && !atomic_check_target(out_png, err, sizeof err)) ||
        (save_as && !atomic_check_target(save_as, err, sizeof err))) {
        fprintf(stderr, "platformer: %s\n", err);
        return 1;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    if (SDL_Init(0) != 0) {
        fprintf(stderr, "%s: cannot start SDL: %s\n", prog, SDL_GetError());
        return 1;
    }
    target = SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W * scale, LOGICAL_H * scale, 32,
                                            SDL_PIXELFORMAT_RGBA32);
    renderer = target ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (!renderer) {
        fprintf(stderr, "%s: cannot make the software renderer: %s\n", prog, SDL_GetError());
        goto done;
    }
    SDL_RenderSetLogicalSize(renderer, LOGICAL_W, LOGICAL_H);
    SDL_RenderSetIntegerScale(renderer, SDL_TRUE);

    FrontendOptions o = *opt;
    o.transient = true;
    game = frontend_create(renderer, &o, NULL, err, sizeof err);
    if (!game) {
        fprintf(stderr, "%s: %s\n", prog, err);
        goto done;
    }
    if (opt->edit_path) {
        /* the editor's frames, as a window would run them */
        for (int i = 0; i < ticks && !frontend_wants_quit(game); i++) {
            frontend_update(game, 1.0 / 60.0);
            frontend_draw(game);
        }
        if (frontend_wants_quit(game))
            goto done; /* the file did not open: said already */
    } else {
        if (!frontend_in_level(game))
            goto done; /* the level's errors are printed already */
        frontend_run_ticks(game, ticks);
    }
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    SDL_RenderClear(renderer);
    frontend_draw(game);
    SDL_RenderPresent(renderer);
    if (out_png && !save_png(target, out_png, prog))
        goto done;
    if (save_as && !frontend_editor_save_as(game, save_as, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", prog, err);
        goto done;
    }
    status = 0;
done:
    frontend_destroy(game);
    if (renderer)
        SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(target);
    IMG_Quit();
    SDL_Quit();
    return status;
}
