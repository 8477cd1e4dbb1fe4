/* SPDX-License-Identifier: Zlib */
/*
** window.c -- the window, the gamepads and the main loop.
**
** Each frame: poll events, advance the game by the real time elapsed (the
** game's fixed-step accumulator turns it into ticks), draw at the 480x270
** logical size scaled by a whole number with black bars, present. At the
** "fill" scale the frame is drawn into a 480x270 texture instead, which is
** copied, nearest-neighbour, onto the largest 16:9 rectangle of the window
** (display_fill_rect); the mouse's points are taken back into the view's
** pixels by the same rectangle, as SDL does for the whole scales. With
** vsync (when the settings ask for it and the renderer has it) the present
** paces the loop; without it (or when the driver claims vsync and returns
** at once) a limiter sleeps to about 60 frames a second.
*/
#include "run.h"

#include "app.h"
#include "display.h"
#include "render.h"
#include "speaker.h"
#include "settings.h"

#include <SDL_image.h>
#include <stdio.h>

enum { MAX_PADS = 8 };

/* One track gives way to the next over this long when the screen changes. */
static const double MUSIC_FADE_SECONDS = 1.0;

typedef struct Window {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_GameController *pads[MAX_PADS];
    int scale; /* the setting: 0 fit, a whole scale, SETTINGS_SCALE_FILL */
    bool fullscreen;
    SDL_Texture *frame; /* the fill scale's 480x270 frame, made when first needed */
} Window;

/* Whether the frame is drawn at the fill scale (into win->frame). */
static bool filling(const Window *win)
{
    return win->scale == SETTINGS_SCALE_FILL && win->frame != NULL;
}

/* The window's drawing area, px, and where the fill scale shows the view in it. */
static DisplayRect fill_rect(const Window *win)
{
    int w = LOGICAL_W, h = LOGICAL_H;
    SDL_GetRendererOutputSize(win->renderer, &w, &h);
    return display_fill_rect(w, h);
}

/* The renderer set for the scale: SDL's logical size at a whole scale; at
** fill, none (the frame texture is the 480x270), or, when the renderer
** cannot draw into a texture, SDL's logical size at any scale. */
static void apply_scale_mode(Window *win)
{
    if (win->scale == SETTINGS_SCALE_FILL && !win->frame) {
        win->frame = SDL_CreateTexture(win->renderer, SDL_PIXELFORMAT_RGBA8888,
                                       SDL_TEXTUREACCESS_TARGET, LOGICAL_W, LOGICAL_H);
        if (win->frame)
            SDL_SetTextureScaleMode(win->frame, SDL_ScaleModeNearest);
    }
    if (filling(win)) {
        SDL_RenderSetLogicalSize(win->renderer, 0, 0);
    } else {
        SDL_RenderSetLogicalSize(win->renderer, LOGICAL_W, LOGICAL_H);
        SDL_RenderSetIntegerScale(win->renderer,
                                  win->scale == SETTINGS_SCALE_FILL ? SDL_FALSE : SDL_TRUE);
    }
}

/* A mouse event's point from window points into the view's pixels, at the
** fill scale (SDL does it for the logical size). */
static void fill_mouse(const Window *win, SDL_Event *ev)
{
    int *x = NULL, *y = NULL;
    if (ev->type == SDL_MOUSEMOTION) {
        x = &ev->motion.x;
        y = &ev->motion.y;
    } else if (ev->type == SDL_MOUSEBUTTONDOWN || ev->type == SDL_MOUSEBUTTONUP) {
        x = &ev->button.x;
        y = &ev->button.y;
    }
    if (!x || !filling(win))
        return;
    int ww, wh, ow, oh;
    SDL_GetWindowSize(win->window, &ww, &wh);
    SDL_GetRendererOutputSize(win->renderer, &ow, &oh);
    int px = ww > 0 ? (int)((long long)*x * ow / ww) : *x; /* points to pixels (high DPI) */
    int py = wh > 0 ? (int)((long long)*y * oh / wh) : *y;
    display_fill_point(fill_rect(win), px, py, x, y);
    if (ev->type == SDL_MOUSEMOTION) {
        ev->motion.xrel = (int)((long long)ev->motion.xrel * LOGICAL_W / fill_rect(win).w);
        ev->motion.yrel = (int)((long long)ev->motion.yrel * LOGICAL_H / fill_rect(win).h);
    }
}

/* The usable area of the display the window is on; false when SDL cannot
** tell. */
static bool usable_area(SDL_Window *w, int *uw, int *uh)
{
    SDL_Rect usable;
    int display = SDL_GetWindowDisplayIndex(w);
    if (display < 0 || SDL_GetDisplayUsableBounds(display, &usable) != 0)
        return false;
    *uw = usable.w;
    *uh = usable.h;
    return true;
}

/* The scale the window shows: the saved one, or the largest that fits
** the display when it is FIT (0) or no longer fits; 2 for FIT on a display
** SDL cannot measure. */
static int shown_scale(const Window *win)
{
    int uw, uh;
    if (usable_area(win->window, &uw, &uh))
        return display_scale(win->scale, uw, uh);
    return win->scale > 0 ? win->scale : 2;
}

static void apply_size(Window *win)
{
    if (win->fullscreen)
        return;
    if (win->scale == SETTINGS_SCALE_FILL) {
        /* as large as the desktop lets it be; any size the player makes it after */
        SDL_MaximizeWindow(win->window);
        return;
    }
    if (SDL_GetWindowFlags(win->window) & SDL_WINDOW_MAXIMIZED)
        SDL_RestoreWindow(win->window);
    int s = shown_scale(win);
    SDL_SetWindowSize(win->window, LOGICAL_W * s, LOGICAL_H * s);
    SDL_SetWindowPosition(win->window, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED);
}

static int hook_max_scale(void *ctx)
{
    Window *win = ctx;
    int uw, uh;
    return usable_area(win->window, &uw, &uh) ? display_largest_scale(uw, uh) : SETTINGS_SCALE_MAX;
}

static void hook_fullscreen(void *ctx, bool on)
{
    Window *win = ctx;
    win->fullscreen = on;
    SDL_SetWindowFullscreen(win->window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    if (!on)
        apply_size(win);
}

static void hook_scale(void *ctx, int scale)
{
    Window *win = ctx;
    win->scale = scale;
    apply_scale_mode(win);
    apply_size(win);
}

static void hook_play(void *ctx, Sound sound)
{
    (void)ctx;
    speaker_play(sound);
}

static void hook_volume(void *ctx, int master, int sfx, int music, bool mute)
{
    (void)ctx;
    speaker_set_volume(master, sfx, music, mute);
}

static void hook_music(void *ctx, const char *track)
{
    (void)ctx;
    speaker_play_music(track, MUSIC_FADE_SECONDS);
}

static void open_pad(Window *win, int device)
{
    if (!SDL_IsGameController(device))
        return;
    for (int i = 0; i < MAX_PADS; i++)
        if (!win->pads[i]) {
            win->pads[i] = SDL_GameControllerOpen(device);
            return;
        }
}

static void close_pad(Window *win, SDL_JoystickID id)
{
    for (int i = 0; i < MAX_PADS; i++)
        if (win->pads[i] &&
            SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(win->pads[i])) == id) {
            SDL_GameControllerClose(win->pads[i]);
            win->pads[i] = NULL;
        }
}

int window_run(const FrontendOptions *opt)
{
    const char *prog = level_program_name(opt->program);
    int status = 1;
    Window win = {0};
    Frontend *game = NULL;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "%s: cannot start SDL: %s\n", prog, SDL_GetError());
        return 1;
    }
    win.window = SDL_CreateWindow(
        "Pip's Peak", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, LOGICAL_W * 2, LOGICAL_H * 2,
        SDL_WINDOW_RESIZABLE | SDL_WINDOW_HIDDEN | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!win.window) {
        fprintf(stderr, "%s: cannot open a window: %s\n", prog, SDL_GetError());
        goto done;
    }
    SDL_SetWindowMinimumSize(win.window, LOGICAL_W, LOGICAL_H);
    /* the settings first: vsync is chosen when the renderer is made */
    Settings loaded;
    SaveNotices notices = {0};
    frontend_read_settings(&loaded, &notices, prog);
    /* SDL tries the accelerated drivers first (SDL_RENDER_DRIVER may name one) */
    Uint32 flags = loaded.vsync ? SDL_RENDERER_PRESENTVSYNC : 0;
    win.renderer = SDL_CreateRenderer(win.window, -1, flags);
    if (!win.renderer && flags)
        win.renderer = SDL_CreateRenderer(win.window, -1, 0);
    if (!win.renderer) {
        fprintf(stderr, "%s: cannot make a renderer: %s\n", prog, SDL_GetError());
        goto done;
    }
    SDL_RenderSetLogicalSize(win.renderer, LOGICAL_W, LOGICAL_H);
    SDL_RenderSetIntegerScale(win.renderer, SDL_TRUE);

    /* the sound before the game, which asks for the title's music at once;
    ** silent when there is no device or no data folder (frontend_create says so) */
    char data[APP_PATH_MAX];
    if (app_find_data(opt->data_dir, opt->base_path, data, sizeof data))
        speaker_open(data, &loaded);
    FrontendHooks hooks = {.ctx = &win,
                           .set_fullscreen = hook_fullscreen,
                           .set_scale = hook_scale,
                           .max_scale = hook_max_scale,
                           .play = hook_play,
                           .set_volume = hook_volume,
                           .play_music = hook_music};
    FrontendOptions with_settings = *opt;
    with_settings.settings = &loaded;
    with_settings.settings_notices = &notices;
    char err[1024];
    game = frontend_create(win.renderer, &with_settings, &hooks, err, sizeof err);
    if (!game) {
        fprintf(stderr, "%s: %s\n", prog, err);
        goto done;
    }
    const Settings *settings = frontend_settings(game);
    win.scale = settings->window_scale;
    apply_scale_mode(&win);
    apply_size(&win);
    if (settings->fullscreen)
        hook_fullscreen(&win, true);
    SDL_ShowWindow(win.window);

    SDL_RendererInfo info;
    bool vsync =
        SDL_GetRendererInfo(win.renderer, &info) == 0 && (info.flags & SDL_RENDERER_PRESENTVSYNC);
    const double target = 1.0 / 60.0;
    Uint64 freq = SDL_GetPerformanceFrequency(), last = SDL_GetPerformanceCounter();
    double fps_time = 0.0;
    int fps_frames = 0, fast_frames = 0;
    bool running = true;
    while (running) {
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_QUIT)
                running = false;
            else if (ev.type == SDL_CONTROLLERDEVICEADDED)
                open_pad(&win, ev.cdevice.which);
            else if (ev.type == SDL_CONTROLLERDEVICEREMOVED)
                close_pad(&win, ev.cdevice.which);
            fill_mouse(&win, &ev);
            frontend_event(game, &ev);
        }
        Uint64 now = SDL_GetPerformanceCounter();
        double dt = (double)(now - last) / (double)freq;
        last = now;
        frontend_update(game, dt);
        if (frontend_wants_quit(game))
            running = false;

        SDL_SetRenderDrawColor(win.renderer, 0, 0, 0, 255);
        if (filling(&win)) {
            SDL_SetRenderTarget(win.renderer, win.frame);
            SDL_RenderClear(win.renderer);
            frontend_draw(game);
            SDL_SetRenderTarget(win.renderer, NULL);
            SDL_SetRenderDrawColor(win.renderer, 0, 0, 0, 255);
            SDL_RenderClear(win.renderer);
            DisplayRect r = fill_rect(&win);
            SDL_RenderCopy(win.renderer, win.frame, NULL, &(SDL_Rect){r.x, r.y, r.w, r.h});
        } else {
            SDL_RenderClear(win.renderer);
            frontend_draw(game);
        }
        SDL_RenderPresent(win.renderer);

        fps_time += dt;
        fps_frames++;
        if (fps_time >= 0.5) {
            frontend_set_fps(game, (float)(fps_frames / fps_time));
            fps_time = 0.0;
            fps_frames = 0;
        }
        /* a present that never waits means vsync is not really there */
        double spent = (double)(SDL_GetPerformanceCounter() - now) / (double)freq;
        if (vsync && spent < 0.002)
            fast_frames++;
        else if (vsync)
            fast_frames = 0;
        if (!vsync || fast_frames > 30) {
            double left = target - spent;
            if (left > 0.001)
                SDL_Delay((Uint32)(left * 1000.0));
        }
    }
    status = 0;
done:
    frontend_destroy(game);
    speaker_close();
    if (win.frame)
        SDL_DestroyTexture(win.frame);
    for (int i = 0; i < MAX_PADS; i++)
        if (win.pads[i])
            SDL_GameControllerClose(win.pads[i]);
    if (win.renderer)
        SDL_DestroyRenderer(win.renderer);
    if (win.window)
        SDL_DestroyWindow(win.window);
    IMG_Quit();
    SDL_Quit();
    return status;
}
