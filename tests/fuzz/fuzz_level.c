/* SPDX-License-Identifier: Zlib */
/* fuzz_level.c -- the native level loader on arbitrary bytes. */
#include "level.h"
#include "sim.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static LevelErrors errors; /* large: keep it off the stack */
    level_errors_clear(&errors);
    LevelDesc level;
    if (level_parse("fuzz.json", (const char *)data, size, NULL, &level, &errors)) {
        /* A level that loads must build. */
        Sim *sim = sim_create(&level, NULL);
        if (sim == NULL)
            abort();
        InputIntent in = {.right = true, .jump_held = true, .jump_pressed = true};
        sim_tick(sim, &in);
        sim_destroy(sim);
        leveldesc_fini(&level);
    } else if (errors.count == 0) {
        abort(); /* a refusal always says why */
    }
    return 0;
}
