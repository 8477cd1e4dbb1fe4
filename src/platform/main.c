/* SPDX-License-Identifier: Zlib */
/*
** main.c -- Pip's Peak: which mode the command line asks for.
**
** The tool modes (--check, --export-tiled, --export-tiled-project,
** --headless, --render-music, --kinds, --schema) belong to the level and app modules and never start
** SDL's video; the rest show the game in a window, or render one frame to a
** PNG.
**
** Every mode finds the game's data the same way (app_find_data): --data DIR,
** which main takes off the command line wherever it stands, else
** $PLATFORMER_DATA, else the build tree's or the install's data found from
** the program's own folder (SDL_GetBasePath, which needs no SDL_Init).
*/
#include "app.h"
#include "frontend.h"
#include "run.h"
#include "level.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --help: every option, one line each (dist/pips-peak.6 describes the same
** ones: the ctest dist_man_page_options compares the two lists). */
static void usage(FILE *out, const char *p)
{
    fprintf(out,
            "usage: %s [OPTION]... [FILE]...\n"
            "Pip's Peak. With no option, the title screen and the campaign; with --level,\n"
            "one level. The modes that check, convert and replay levels need no window.\n"
            "\n"
            "Playing:\n"
            "  --level FILE            play one level or Tiled map (a path, or a level's name\n"
            "                          in your levels/ or the game's); reloads when saved\n"
            "  --record OUT.replay     with --level: write the inputs played to a replay\n"
            "  --replay FILE           watch a replay (on --level FILE, else on its level)\n"
            "  --screenshot OUT.png    the frame after --frames ticks as a PNG (no display)\n"
            "  --frames N              with --screenshot: ticks to run first (default 1);\n"
            "                          with --edit: frames; with --headless: ticks at most\n"
            "  --scale K               with --screenshot: a K times larger image (1 to 8)\n"
            "Levels:\n"
            "  --edit FILE             the level editor on FILE (a new level when it does not\n"
            "                          exist); with --screenshot, the editor's frame\n"
            "  --save-as OUT           with --edit: run the editor for --frames frames\n"
            "                          without a window, save the level to OUT and exit\n"
            "  --check FILE...         check levels, Tiled maps, tilesets and templates,\n"
            "                          physics.json, campaign.json and its levels, schemas,\n"
            "                          a pack's folder\n"
            "  --export-tiled LEVEL OUT.tmj [TILESET.tsj]\n"
            "                          write a level as a Tiled map that loads back the same\n"
            "  --layer-format FORMAT   with --export-tiled: csv, base64, zlib, gzip or zstd\n"
            "  --export-tiled-project DIR\n"
            "                          write a Tiled project, its tilesets and images to DIR\n"
            "  --kinds                 the entity kinds and their properties, as JSON\n"
            "  --schema                the level format as a JSON Schema\n"
            "Without a window:\n"
            "  --headless              play --level (with --replay's inputs) and print the\n"
            "                          ticks, outcome, deaths and state hash\n"
            "  --hash-every K          with --headless: print the state hash every K ticks\n"
            "  --trace                 with --headless: print the player's state every tick\n"
            "  --verify REPLAY...      with --headless: fail when a replay's run differs\n"
            "                          from the outcome, ticks and hash its #! lines expect\n"
            "  --update                with --verify: rewrite those lines to the run's\n"
            "  --allow-outcome-change  with --update: even when the outcome changed\n"
            "  --soak TICKS LEVEL...   with --headless: random play, checked every tick\n"
            "  --seed N                with --soak: the seed of the random input (default 1)\n"
            "  --jitter REPLAY...      with --headless: replay each jump up to --shift ticks\n"
            "                          early and late, counting the runs that still complete\n"
            "  --shift N               with --jitter: the largest shift (default 2)\n"
            "  --slack T               with --jitter: ticks a run may take past the recorded\n"
            "  --min P                 with --jitter: fail below P percent\n"
            "  --write TICK,SHIFT OUT.replay\n"
            "                          with --jitter: save one shifted run as a replay\n"
            "  --render-music TRACK OUT.wav\n"
            "                          a music track (a name or a file) to a WAV file\n"
            "  --seconds N             with --render-music: N seconds, round the loop\n"
            "Any mode:\n"
            "  --data DIR              the game's data (assets/, levels/) is in DIR\n"
            "                          (default: $PLATFORMER_DATA, else the program's own)\n"
            "  --help, -h              print this and exit\n"
            "  --version               print the version and exit\n",
            p);
}

static void version(void)
{
    printf("pips-peak (Pip's Peak) %s\n"
           "The code is under the zlib licence; the art, sounds, music, levels and\n"
           "documents under CC BY 4.0 (share/doc/pips-peak/copyright).\n",
           PLATFORMER_VERSION);
}

/* A wrong command line: what is wrong, and where to read what is right. */
static int bad_usage(const char *prog, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s --help lists the options\n", prog);
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

/* --export-tiled (the default tileset is the data folder's when there is
** one) and --export-tiled-project (the images come from the game's data,
** its usage first when its arguments are wrong). */
static int export_tiled(int argc, char **argv, const char *data_arg, const char *base, bool project)
{
    int (*cli)(int, char **, const char *) =
        project ? level_cli_export_tiled_project : level_cli_export_tiled;
    char data[APP_PATH_MAX];
    if (app_find_data(data_arg, base, data, sizeof data))
        return cli(argc, argv, data);
    if (project ? argc != 3 : data_arg == NULL)
        return cli(argc, argv, NULL);
    char msg[APP_PATH_MAX + 256];
    app_data_missing(data_arg, msg, sizeof msg);
    fprintf(stderr, "%s: %s\n", level_program_name(argv[0]), msg);
    return 1;
}

/* --headless: a level given by name (--level NAME) is the file the game in
** a window would play, looked for in the player's levels then the game's. */
static int headless(int argc, char **argv, const char *data_arg, const char *base)
{
    static char path[APP_PATH_MAX];
    char data[APP_PATH_MAX], err[APP_PATH_MAX + 256];
    for (int i = 2; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--level") != 0)
            continue;
        if (!app_find_data(data_arg, base, data, sizeof data))
            break; /* app_headless says so */
        char *user = frontend_user_folder();
        bool found = app_level_path(argv[i + 1], user, data, path, sizeof path, err, sizeof err);
        SDL_free(user);
        if (!found) {
            fprintf(stderr, "%s: %s\n", level_program_name(argv[0]), err);
            return 1;
        }
        argv[i + 1] = path;
        break;
    }
    return app_headless(argc, argv, data_arg, base);
}

static int run(int argc, char **argv, const char *data_arg, const char *base)
{
    if (argc >= 2) {
        if (strcmp(argv[1], "--check") == 0) {
            char data[APP_PATH_MAX];
            bool found = app_find_data(data_arg, base, data, sizeof data);
            return level_cli_check(argc, argv, found ? data : NULL);
        }
        if (strcmp(argv[1], "--export-tiled") == 0)
            return export_tiled(argc, argv, data_arg, base, false);
        if (strcmp(argv[1], "--export-tiled-project") == 0)
            return export_tiled(argc, argv, data_arg, base, true);
        if (strcmp(argv[1], "--headless") == 0)
            return headless(argc, argv, data_arg, base);
        if (strcmp(argv[1], "--render-music") == 0)
            return app_render_music(argc, argv, data_arg, base);
        if (strcmp(argv[1], "--kinds") == 0)
            return level_cli_kinds(argc, argv);
        if (strcmp(argv[1], "--schema") == 0)
            return level_cli_schema(argc, argv);
    }
    const char *prog = level_program_name(argv[0]);
    FrontendOptions opt = {0};
    opt.program = prog;
    opt.data_dir = data_arg;
    opt.base_path = base;
    const char *screenshot = NULL, *save_as = NULL, *frames_text = NULL, *scale_text = NULL;
    int frames = 1, scale = 1;
    const struct {
        const char *name;
        const char **value;
    } options[] = {{"--level", &opt.level_path},   {"--replay", &opt.replay_path},
                   {"--record", &opt.record_path}, {"--screenshot", &screenshot},
                   {"--edit", &opt.edit_path},     {"--save-as", &save_as},
                   {"--frames", &frames_text},     {"--scale", &scale_text}};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout, prog);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            version();
            return 0;
        }
        size_t o = 0;
        while (o < sizeof options / sizeof options[0] && strcmp(a, options[o].name) != 0)
            o++;
        if (o == sizeof options / sizeof options[0])
            return bad_usage(prog, "unknown option '%s'", a);
        if (i + 1 >= argc)
            return bad_usage(prog, "'%s' needs a value", a);
        const char *v = *options[o].value = argv[++i];
        if (options[o].value == &frames_text && !parse_int(v, 0, 60 * 60 * 60, &frames))
            return bad_usage(prog, "--frames wants a number of ticks, not '%s'", v);
        if (options[o].value == &scale_text && !parse_int(v, 1, 8, &scale))
            return bad_usage(prog, "--scale wants 1 to 8, not '%s'", v);
    }
    if (opt.record_path && !opt.level_path)
        return bad_usage(prog, "%s needs --level FILE", "--record");
    if (opt.record_path && opt.replay_path)
        return bad_usage(prog, "%s: record or replay, not both", "--record");
    if (opt.edit_path && (opt.level_path || opt.record_path))
        return bad_usage(prog, "%s edits a level: no --level or --record with it", "--edit");
    if (save_as && !opt.edit_path)
        return bad_usage(prog, "%s needs --edit FILE", "--save-as");
    if (opt.edit_path && (screenshot || save_as))
        return screenshot_run(&opt, screenshot, save_as, frames, scale);
    if (screenshot) {
        if (!opt.level_path && !opt.replay_path)
            return bad_usage(prog, "%s needs --level FILE", "--screenshot");
        if (opt.record_path)
            return bad_usage(prog, "%s cannot record", "--screenshot");
        return screenshot_run(&opt, screenshot, NULL, frames, scale);
    }
    if (frames_text || scale_text)
        return bad_usage(prog, "%s only go with --screenshot or --save-as", "--frames and --scale");
    return window_run(&opt);
}

int main(int argc, char **argv)
{
    const char *data_arg;
    if (!take_data_option(&argc, argv, &data_arg))
        return bad_usage(level_program_name(argv[0]), "%s wants one folder: --data DIR", "--data");
    char *base = SDL_GetBasePath(); /* NULL when unknown: then only the install's data */
    int status = run(argc, argv, data_arg, base);
    SDL_free(base);
    return status;
}
