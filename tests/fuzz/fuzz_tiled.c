/* SPDX-License-Identifier: Zlib */
/* fuzz_tiled.c -- the Tiled map loader on arbitrary bytes. */
#include "level.h"
#include "sim.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static LevelErrors errors;
    level_errors_clear(&errors);
    LevelDesc level;
    /* The .tmj name makes it a Tiled map; external tilesets resolve next to
    ** the (nonexistent) map, in the fuzzer's working folder. */
    if (level_parse("fuzz.tmj", (const char *)data, size, NULL, &level, &errors)) {
        Sim *sim = sim_create(&level, NULL);
        if (sim == NULL)
            abort();
        InputIntent in = {.left = true};
        sim_tick(sim, &in);
        sim_destroy(sim);
        leveldesc_fini(&level);
    } else if (errors.count == 0) {
        abort();
    }
    return 0;
}
