/* SPDX-License-Identifier: Zlib */
/* input.c -- random input for soak tests and property runs (see input.h). */
#include "input.h"

void input_mash_init(InputMash *m, uint64_t seed)
{
    *m = (InputMash){.state = seed != 0 ? seed : 1};
}

/* xorshift64* */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

InputIntent input_mash_next(InputMash *m)
{
    if (m->hold > 0) {
        m->hold--;
        m->last.jump_pressed = false;
        return m->last;
    }
    uint64_t r = next_random(&m->state);
    InputIntent in = {.left = (r & 3) == 1,
                      .right = (r & 3) >= 2,
                      .down = (r >> 2) % 7 == 0,
                      .up = (r >> 5) % 9 == 0,
                      .jump_held = (r >> 8) % 3 == 0};
    in.jump_pressed = in.jump_held && !m->last.jump_held;
    m->hold = (int)((r >> 16) % 24);
    m->last = in;
    return in;
}
