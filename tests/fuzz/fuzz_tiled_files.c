/* SPDX-License-Identifier: Zlib */
/*
** fuzz_tiled_files.c -- the files a Tiled map names on arbitrary bytes: a
** template (.tx, XML, or .tj, JSON) or an external tileset (.tsj), under a
** copy of the test map that uses all four. The first byte picks the file
** (its value modulo 4, in the order of `names` after the map); the rest is
** its text.
*/
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "fuzz_files.h"
#include "level.h"
#include "sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = {"tests/levels/tiled/templates/templates.tmj",
                                        "tests/levels/tiled/templates/walker.tx",
                                        "tests/levels/tiled/templates/coin.tj",
                                        "assets/tiled/tiles.tsj", "assets/tiled/entities.tsj"};
    static FuzzFiles files;
    static LevelErrors errors; /* large: keep it off the stack */
    if (size == 0)
        return 0;
    if (files.count == 0)
        fuzz_files_make(&files, SOURCE_TREE, names, 5);
    int which = 1 + data[0] % 4;
    fuzz_files_put(&files, which, data + 1, size - 1);
    level_errors_clear(&errors);
    LevelDesc level;
    if (level_parse(files.path[0], files.text[0], files.len[0], NULL, &level, &errors)) {
        Sim *sim = sim_create(&level, NULL);
        if (sim == NULL)
            abort();
        InputIntent in = {.right = true};
        sim_tick(sim, &in);
        sim_destroy(sim);
        leveldesc_fini(&level);
    } else if (errors.count == 0) {
        abort(); /* a refusal always says why */
    }
    fuzz_files_put(&files, which, NULL, 0);
    return 0;
}
