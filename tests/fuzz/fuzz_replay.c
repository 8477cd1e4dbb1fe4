/* SPDX-License-Identifier: Zlib */
/* fuzz_replay.c -- the replay parser on arbitrary bytes. */
#include "replay.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Replay r;
    char err[256];
    if (replay_parse((const char *)data, size, &r, NULL, err, sizeof err)) {
        /* What parses formats and parses back to the same ticks. */
        size_t len;
        char *text = replay_format(&r, &len);
        Replay back;
        if (text == NULL || !replay_parse(text, len, &back, NULL, err, sizeof err) ||
            back.count != r.count || (r.count && memcmp(back.keys, r.keys, r.count) != 0))
            abort();
        for (size_t i = 0; i < r.count && i < 64; i++)
            (void)replay_intent(&r, i);
        replay_fini(&back);
        free(text);
        replay_fini(&r);
    }
    return 0;
}
