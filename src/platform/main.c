/* SPDX-License-Identifier: Zlib */
/*
** main.c -- Pip's Peak: which mode the command line asks for.
**
** The tool modes (--check, --export-tiled, --headless, --render-music,
** --kinds, --schema) belong to the level and app modules and never start
** SDL's video; the rest show the game in a window, or render one frame to a
** PNG.
**
** Every mode finds the game's data the same way (app_find_data): --data DIR,
** which main takes off the command line wherever it stands, else
** $PLATFORMER_DATA, else the build tree's or the install's data found from
** the program's own folder (SDL_GetBasePath, which needs no SDL_Init).
*/
#include "app.h"
#include "run.h"
#include "level.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name the program was started as: platformer in the build tree,
** pips-peak installed. */
static const char *program_name(const char *argv0)
{
    const char *slash = argv0 != NULL ? strrchr(argv0, '/') : NULL;
    return slash != NULL ? slash + 1 : argv0 != NULL ? argv0 : "pips-peak";
}

static void usage(FILE *out, const char *argv0)
{
    const char *p = program_name(argv0);
    fprintf(out,
            "usage: %s                      title screen and the campaign\n"
            "       %s --level FILE         play one level (reloads when saved)\n"
            "       %s --level FILE --record OUT.replay\n"
            "                                       play it and write the inputs\n"
            "       %s --replay FILE [--level FILE]\n"
            "                                       watch a replay\n"
            "       %s --screenshot OUT.png --level FILE [--frames N] [--replay FILE]\n"
            "                  [--scale K]          the frame after N ticks, without a display\n"
            "       %s --check FILE...      check levels, Tiled maps and tilesets,\n"
            "                                       physics.json\n"
            "       %s --export-tiled LEVEL OUT.tmj [TILESET.tsj] [--layer-format FORMAT]\n"
            "       %s --render-music TRACK OUT.wav [--seconds N]\n"
            "                                       a music track to a WAV file\n"
            "       %s --kinds              the entity kinds and their properties, as JSON\n"
            "       %s --schema             the level format as a JSON Schema\n"
            "       %s --headless --level FILE [--replay FILE] [--frames N] ...\n"
            "       %s --help\n"
            "Any of these takes --data DIR: the folder holding the game's assets/ and\n"
            "levels/ (default: $PLATFORMER_DATA, else the program's own).\n",
            p, p, p, p, p, p, p, p, p, p, p, p);
}

static int bad_usage(const char *argv0, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", program_name(argv0));
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    usage(stderr, argv0);
    return 2;
}

static bool parse_int(const char *text, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

/* Takes "--data DIR" out of argv (argc shrinks), into *dir. Returns false
** when --data has no value or comes twice. */
static bool take_data_option(int *argc, char **argv, const char **dir)
{
    *dir = NULL;
    int kept = 1;
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--data") != 0) {
            argv[kept++] = argv[i];
            continue;
        }
        if (i + 1 >= *argc || *dir != NULL)
            return false;
        *dir = argv[++i];
    }
    *argc = kept;
    argv[kept] = NULL;
    return true;
}

/* --export-tiled: the default tileset is the data folder's when there is one. */
static int export_tiled(int argc, char **argv, const char *data_arg, const char *base)
{
    char data[APP_PATH_MAX];
    if (app_find_data(data_arg, base, data, sizeof data))
        return level_cli_export_tiled(argc, argv, data);
    if (data_arg != NULL) {
        char msg[APP_PATH_MAX + 256];
        app_data_missing(data_arg, msg, sizeof msg);
        fprintf(stderr, "%s: %s\n", program_name(argv[0]), msg);
        return 1;
    }
    return level_cli_export_tiled(argc, argv, NULL);
}

static int run(int argc, char **argv, const char *data_arg, const char *base)
{
    if (argc >= 2) {
        if (strcmp(argv[1], "--check") == 0)
            return level_cli_check(argc, argv);
        if (strcmp(argv[1], "--export-tiled") == 0)
            return export_tiled(argc, argv, data_arg, base);
        if (strcmp(argv[1], "--headless") == 0)
            return app_headless(argc, argv, data_arg, base);
        if (strcmp(argv[1], "--render-music") == 0)
            return app_render_music(argc, argv, data_arg, base);
        if (strcmp(argv[1], "--kinds") == 0)
            return level_cli_kinds(argc, argv);
        if (strcmp(argv[1], "--schema") == 0)
            return level_cli_schema(argc, argv);
    }
    FrontendOptions opt = {0};
    opt.data_dir = data_arg;
    opt.base_path = base;
    const char *screenshot = NULL;
    int frames = 1, scale = 1;
    bool frames_given = false, scale_given = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout, argv[0]);
            return 0;
        }
        bool takes_value = strcmp(a, "--level") == 0 || strcmp(a, "--replay") == 0 ||
                           strcmp(a, "--record") == 0 || strcmp(a, "--screenshot") == 0 ||
                           strcmp(a, "--frames") == 0 || strcmp(a, "--scale") == 0;
        if (!takes_value)
            return bad_usage(argv[0], "unknown option '%s'", a);
        if (i + 1 >= argc)
            return bad_usage(argv[0], "'%s' needs a value", a);
        const char *v = argv[++i];
        if (strcmp(a, "--level") == 0)
            opt.level_path = v;
        else if (strcmp(a, "--replay") == 0)
            opt.replay_path = v;
        else if (strcmp(a, "--record") == 0)
            opt.record_path = v;
        else if (strcmp(a, "--screenshot") == 0)
            screenshot = v;
        else if (strcmp(a, "--frames") == 0) {
            if (!parse_int(v, 0, 60 * 60 * 60, &frames))
                return bad_usage(argv[0], "--frames wants a number of ticks, not '%s'", v);
            frames_given = true;
        } else {
            if (!parse_int(v, 1, 8, &scale))
                return bad_usage(argv[0], "--scale wants 1 to 8, not '%s'", v);
            scale_given = true;
        }
    }
    if (opt.record_path && !opt.level_path)
        return bad_usage(argv[0], "%s needs --level FILE", "--record");
    if (opt.record_path && opt.replay_path)
        return bad_usage(argv[0], "%s: record or replay, not both", "--record");
    if (screenshot) {
        if (!opt.level_path && !opt.replay_path)
            return bad_usage(argv[0], "%s needs --level FILE", "--screenshot");
        if (opt.record_path)
            return bad_usage(argv[0], "%s cannot record", "--screenshot");
        return screenshot_run(&opt, screenshot, frames, scale);
    }
    if (frames_given || scale_given)
        return bad_usage(argv[0], "%s only go with --screenshot", "--frames and --scale");
    return window_run(&opt);
}

int main(int argc, char **argv)
{
    const char *data_arg;
    if (!take_data_option(&argc, argv, &data_arg))
        return bad_usage(argv[0], "%s wants one folder: --data DIR", "--data");
    char *base = SDL_GetBasePath(); /* NULL when unknown: then only the install's data */
    int status = run(argc, argv, data_arg, base);
    SDL_free(base);
    return status;
}
