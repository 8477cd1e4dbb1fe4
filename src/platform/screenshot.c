/* screenshot.c -- one frame to a PNG with the software renderer, no display. */
#include "run.h"

#include "render.h"

#include <SDL_image.h>
#include <stdio.h>

int screenshot_run(const FrontendOptions *opt, const char *out_png, int ticks, int scale)
{
    int status = 1;
    SDL_Surface *target = NULL;
    SDL_Renderer *renderer = NULL;
    Frontend *game = NULL;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    if (SDL_Init(0) != 0) {
        fprintf(stderr, "platformer: cannot start SDL: %s\n", SDL_GetError());
        return 1;
    }
    target = SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W * scale, LOGICAL_H * scale, 32,
                                            SDL_PIXELFORMAT_RGBA32);
    renderer = target ? SDL_CreateSoftwareRenderer(target) : NULL;
    if (!renderer) {
        fprintf(stderr, "platformer: cannot make the software renderer: %s\n", SDL_GetError());
        goto done;
    }
    SDL_RenderSetLogicalSize(renderer, LOGICAL_W, LOGICAL_H);
    SDL_RenderSetIntegerScale(renderer, SDL_TRUE);

    FrontendOptions o = *opt;
    o.transient = true;
    char err[1024];
    game = frontend_create(renderer, &o, NULL, err, sizeof err);
    if (!game) {
        fprintf(stderr, "platformer: %s\n", err);
        goto done;
    }
    if (!frontend_in_level(game))
        goto done; /* the level's errors are printed already */
    frontend_run_ticks(game, ticks);
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    SDL_RenderClear(renderer);
    frontend_draw(game);
    SDL_RenderPresent(renderer);
    if (IMG_SavePNG(target, out_png) != 0) {
        fprintf(stderr, "platformer: %s: cannot write the PNG: %s\n", out_png, IMG_GetError());
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
