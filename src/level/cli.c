/* SPDX-License-Identifier: Zlib */
/*
** cli.c -- the command-line tools of the game executable: --check and
** --export-tiled. main() hands its arguments over and returns what these
** return.
*/
#include "campaign.h"
#include "pack.h"
#include "tiled_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where the operands start: after the option when it is there (main's own
** argv), else after argv[0]. */
static int operands(int argc, char **argv, const char *option)
{
    for (int i = 0; i < argc; i++)
        if (argv[i] != NULL && strcmp(argv[i], option) == 0)
            return i + 1;
    return 1;
}

_Static_assert((int)CAMPAIGN_LEVEL_MAX_BYTES == (int)LEVEL_MAX_FILE_BYTES,
               "a campaign refuses the levels the loader refuses");

static bool check_level(const char *path, const LevelConfine *confine, LevelErrors *errors)
{
    LevelDesc level;
    bool ok = confine != NULL ? level_load_confined(path, NULL, confine, &level, errors)
                              : level_load(path, NULL, &level, errors);
    if (ok)
        leveldesc_fini(&level);
    return ok;
}

/* A campaign's problems, as errors of the campaign file. */
typedef struct CampaignErrors {
    const char *path;
    LevelErrors *errors;
} CampaignErrors;

static void campaign_error(void *ctx, int line, int col, const char *message)
{
    const CampaignErrors *ce = ctx;
    level_errors_add(ce->errors, ce->path, line, col, "%s", message);
}

/* A campaign: the list itself, then every level it names that is there
** and is a level. campaign_read has refused any entry that is not (another
** campaign, this one, a schema, a tileset...), so what is checked here is
** a level and nothing a file says can lead back to a campaign. A pack's
** levels are held to confine (NULL for the game's own campaign). */
static bool check_campaign(const char *path, const LevelConfine *confine, LevelErrors *errors)
{
    Campaign *c = malloc(sizeof *c);
    if (c == NULL) {
        level_errors_add(errors, path, 0, 0, "out of memory");
        return false;
    }
    CampaignErrors ce = {path, errors};
    bool ok = campaign_read(path, c, campaign_error, &ce);
    for (int i = 0; i < c->count; i++) {
        char level[LEVEL_ERROR_FILE_MAX];
        if (!campaign_level_path(c, i, level, sizeof level)) {
            level_errors_add(errors, path, 0, 0, "%s: path too long", c->levels[i].file);
            ok = false;
            continue;
        }
        ok = check_level(level, confine, errors) && ok;
    }
    free(c);
    return ok;
}

/* A pack's folder: its pack.json (when it has one), then its campaign and
** every level it lists. */
static bool check_pack(const char *dir, const char *data_dir, LevelErrors *errors)
{
    char meta[LEVEL_ERROR_FILE_MAX], list[LEVEL_ERROR_FILE_MAX];
    size_t n = strlen(dir);
    const char *slash = n > 0 && dir[n - 1] == '/' ? "" : "/";
    int a = snprintf(meta, sizeof meta, "%s%spack.json", dir, slash);
    int b = snprintf(list, sizeof list, "%s%scampaign.json", dir, slash);
    if (a < 0 || (size_t)a >= sizeof meta || b < 0 || (size_t)b >= sizeof list) {
        level_errors_add(errors, dir, 0, 0, "path too long");
        return false;
    }
    if (!pack_is_folder(dir)) {
        level_errors_add(errors, dir, 0, 0,
                         "is a folder but not a pack: a pack's folder holds a campaign.json"
                         " (and its levels, and may hold a pack.json)");
        return false;
    }
    PackMeta m;
    CampaignErrors ce = {meta, errors};
    bool ok = pack_read_meta(meta, &m, campaign_error, &ce);
    LevelConfine confine = {dir, data_dir};
    return check_campaign(list, &confine, errors) && ok;
}

/* The level schema (level.schema.json), kept beside the levels for editors:
** strict JSON with a "$schema" of its own, nothing more to check here. */
static bool check_schema(const char *path, LevelErrors *errors)
{
    LevelFile f;
    bool ok = level_file_open(&f, path, errors) && f.sink.sink.count == 0;
    if (ok && (!cJSON_IsObject(f.doc.root) ||
               !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(f.doc.root, "$schema")))) {
        json_error(&f.doc, f.doc.root, "a schema is an object with a \"$schema\" string");
        ok = false;
    }
    level_file_close(&f);
    return ok;
}

static bool check_file(const char *path, const char *data_dir, LevelErrors *errors)
{
    const char *base = level_path_basename(path);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return check_pack(path, data_dir, errors);
    if (level_path_has_ext(path, ".schema.json"))
        return check_schema(path, errors);
    if (strcmp(base, "campaign.json") == 0)
        return check_campaign(path, NULL, errors);
    if (level_path_has_ext(path, ".tx") || level_path_has_ext(path, ".tj"))
        return tiled_check_template(path, errors);
    if (strcmp(base, "physics.json") == 0) {
        PhysicsParams p = physics_defaults();
        return level_physics_load(path, &p, errors);
    }
    /* A level, a Tiled map or a Tiled tileset, told apart by content. */
    return level_check_file(path, errors);
}

/* The error list a command fills, or NULL (told) when out of memory. */
static LevelErrors *new_errors(const char *prog)
{
    LevelErrors *errors = malloc(sizeof *errors);
    if (errors == NULL)
        fprintf(stderr, "%s: out of memory\n", prog);
    else
        level_errors_clear(errors);
    return errors;
}

int level_cli_check(int argc, char **argv, const char *data_dir)
{
    const char *prog = level_program_name(argv[0]);
    int first = operands(argc, argv, "--check");
    if (first >= argc) {
        fprintf(stderr,
                "usage: %s --check FILE...\n"
                "checks levels, Tiled maps, tilesets and templates, physics.json,\n"
                "campaign.json with every level it lists, level.schema.json, and a\n"
                "pack's folder (its pack.json, campaign and levels)\n",
                prog);
        return 2;
    }
    LevelErrors *errors = new_errors(prog);
    if (errors == NULL)
        return 1;
    bool all_ok = true;
    for (int i = first; i < argc; i++) {
        level_errors_clear(errors);
        bool ok = check_file(argv[i], data_dir, errors);
        level_errors_print(errors, stderr); /* a good file's warnings, if any */
        if (ok)
            printf("%s: ok\n", argv[i]);
        all_ok = all_ok && ok;
    }
    fflush(stdout);
    free(errors);
    return all_ok ? 0 : 1;
}

static int export_usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s --export-tiled LEVEL OUT.tmj [TILESET.tsj] [--layer-format FORMAT]\n"
            "TILESET defaults to assets/tiled/tiles.tsj of the game's data; FORMAT is how\n"
            "the tile layer is written: csv (the default), base64, zlib, gzip or zstd\n",
            prog);
    return 2;
}

int level_cli_export_tiled(int argc, char **argv, const char *data_dir)
{
    const char *prog = level_program_name(argv[0]);
    /* LEVEL OUT [TILESET], with --layer-format FORMAT anywhere among them. */
    const char *args[3];
    int n = 0;
    LevelLayerFormat format = LEVEL_LAYER_CSV;
    for (int i = operands(argc, argv, "--export-tiled"); i < argc; i++) {
        const char *a = argv[i];
        const char *name = NULL;
        if (strcmp(a, "--layer-format") == 0) {
            if (i + 1 >= argc)
                return export_usage(prog);
            name = argv[++i];
        } else if (strncmp(a, "--layer-format=", 15) == 0) {
            name = a + 15;
        } else if (a[0] == '-' && a[1] == '-') {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, a);
            return export_usage(prog);
        } else {
            if (n == 3)
                return export_usage(prog);
            args[n++] = a;
            continue;
        }
        int f = level_layer_format_find(name);
        if (f < 0) {
            fprintf(stderr, "%s: unknown tile layer format '%s'\n", prog, name);
            return export_usage(prog);
        }
        format = (LevelLayerFormat)f;
    }
    if (n < 2)
        return export_usage(prog);
    const char *level = args[0], *out = args[1];
    char tileset[4096] = "";
    if (n == 3) {
        if (strlen(args[2]) >= sizeof tileset) {
            fprintf(stderr, "%s: error: the path is too long (%zu bytes, at most %zu)\n", args[2],
                    strlen(args[2]), sizeof tileset - 1);
            return 1;
        }
        strcpy(tileset, args[2]);
    } else {
        /* The game's own tileset, else one beside the level's folder (a
        ** copy of the game's tree). */
        int w = data_dir != NULL
                    ? snprintf(tileset, sizeof tileset, "%s/assets/tiled/tiles.tsj", data_dir)
                    : -1;
        if (w < 0 || (size_t)w >= sizeof tileset || access(tileset, R_OK) != 0) {
            if (!level_path_sibling(level, "../assets/tiled/tiles.tsj", tileset, sizeof tileset) ||
                access(tileset, R_OK) != 0) {
                fprintf(stderr,
                        "%s: error: cannot find assets/tiled/tiles.tsj in the game's data "
                        "or beside the level's folder: give the tileset as a third "
                        "argument\n",
                        level);
                return 1;
            }
        }
    }
    LevelErrors *errors = new_errors(prog);
    if (errors == NULL)
        return 1;
    bool ok = level_export_tiled(level, out, tileset, format, errors);
    if (ok)
        printf("%s: wrote %s (tileset %s, tile layer %s)\n", level, out, tileset,
               level_layer_format_name(format));
    else
        level_errors_print(errors, stderr);
    free(errors);
    return ok ? 0 : 1;
}

int level_cli_export_tiled_project(int argc, char **argv, const char *data_dir)
{
    const char *prog = level_program_name(argv[0]);
    int first = operands(argc, argv, "--export-tiled-project");
    if (first + 1 != argc) {
        fprintf(stderr,
                "usage: %s --export-tiled-project DIR\n"
                "writes a Tiled project (" LEVEL_TILED_PROJECT_FILE "), the terrain and entities\n"
                "tilesets and their images into DIR, made when missing\n",
                prog);
        return 2;
    }
    const char *dir = argv[first];
    if (data_dir == NULL) {
        fprintf(stderr,
                "%s: cannot find the game's data (assets/ and levels/): give it "
                "with --data DIR\n",
                prog);
        return 1;
    }
    LevelErrors *errors = new_errors(prog);
    if (errors == NULL)
        return 1;
    bool ok = level_export_tiled_project(data_dir, dir, errors);
    if (ok)
        printf("%s: wrote %s, tiles.tsj, entities.tsj and their images\n", dir,
               LEVEL_TILED_PROJECT_FILE);
    else
        level_errors_print(errors, stderr);
    free(errors);
    return ok ? 0 : 1;
}
