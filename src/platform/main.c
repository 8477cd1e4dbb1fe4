/*
** main.c -- Pip's Peak: which mode the command line asks for.
**
** The tool modes (--check, --export-tiled, --headless, --render-music)
** belong to the level and app modules and never start SDL's video; the rest
** show the game in a window, or render one frame to a PNG.
*/
#include "app.h"
#include "frontend.h"
#include "level.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: platformer                      title screen and the campaign\n"
          "       platformer --level FILE         play one level (reloads when saved)\n"
          "       platformer --level FILE --record OUT.replay\n"
          "                                       play it and write the inputs\n"
          "       platformer --replay FILE [--level FILE]\n"
          "                                       watch a replay\n"
          "       platformer --screenshot OUT.png --level FILE [--frames N] [--replay FILE]\n"
          "                  [--scale K]          the frame after N ticks, without a display\n"
          "       platformer --check FILE...      check levels, Tiled maps and tilesets,\n"
          "                                       physics.json\n"
          "       platformer --export-tiled LEVEL OUT.tmj [TILESET.tsj]\n"
          "       platformer --headless --level FILE [--replay FILE] [--frames N] ...\n"
          "       platformer --render-music TRACK OUT.wav [--seconds N]\n"
          "                                       a music track to a WAV file\n"
          "       platformer --help\n",
          out);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("platformer: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    usage(stderr);
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

int main(int argc, char **argv)
{
    if (argc >= 2) {
        if (strcmp(argv[1], "--check") == 0)
            return level_cli_check(argc, argv);
        if (strcmp(argv[1], "--export-tiled") == 0)
            return level_cli_export_tiled(argc, argv);
        if (strcmp(argv[1], "--headless") == 0)
            return app_headless(argc, argv);
        if (strcmp(argv[1], "--render-music") == 0)
            return app_render_music(argc, argv);
    }
    GameOptions opt = {0};
    opt.argv0 = argv[0];
    const char *screenshot = NULL;
    int frames = 1, scale = 1;
    bool frames_given = false, scale_given = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        bool takes_value = strcmp(a, "--level") == 0 || strcmp(a, "--replay") == 0 ||
                           strcmp(a, "--record") == 0 || strcmp(a, "--screenshot") == 0 ||
                           strcmp(a, "--frames") == 0 || strcmp(a, "--scale") == 0;
        if (!takes_value)
            return bad_usage("unknown option '%s'", a);
        if (i + 1 >= argc)
            return bad_usage("'%s' needs a value", a);
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
                return bad_usage("--frames wants a number of ticks, not '%s'", v);
            frames_given = true;
        } else {
            if (!parse_int(v, 1, 8, &scale))
                return bad_usage("--scale wants 1 to 8, not '%s'", v);
            scale_given = true;
        }
    }
    if (opt.record_path && !opt.level_path)
        return bad_usage("%s needs --level FILE", "--record");
    if (opt.record_path && opt.replay_path)
        return bad_usage("%s: record or replay, not both", "--record");
    if (screenshot) {
        if (!opt.level_path && !opt.replay_path)
            return bad_usage("%s needs --level FILE", "--screenshot");
        if (opt.record_path)
            return bad_usage("%s cannot record", "--screenshot");
        return screenshot_run(&opt, screenshot, frames, scale);
    }
    if (frames_given || scale_given)
        return bad_usage("%s only go with --screenshot", "--frames and --scale");
    return window_run(&opt);
}
