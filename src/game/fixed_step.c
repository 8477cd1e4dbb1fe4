/* SPDX-License-Identifier: Zlib */
/* fixed_step.c -- accumulator, clamp, alpha ("Fix Your Timestep!"). */
#include "fixed_step.h"

void fixed_step_init(FixedStep *fs, double dt, double max_frame)
{
    fs->dt = dt;
    fs->max_frame = max_frame;
    fs->speed = 1.0;
    fs->acc = 0.0;
}

void fixed_step_set_speed(FixedStep *fs, double speed)
{
    fs->speed = speed > 0.0 && speed <= 1.0 ? speed : 1.0;
}

int fixed_step_advance(FixedStep *fs, double frame_seconds)
{
    if (!(frame_seconds > 0.0)) /* also rejects NaN */
        frame_seconds = 0.0;
    if (frame_seconds > fs->max_frame)
        frame_seconds = fs->max_frame;
    fs->acc += frame_seconds * fs->speed;
    int ticks = 0;
    /* A small epsilon: 1/60 accumulated 60 times is a hair below 1.0. */
    while (fs->acc + 1e-9 >= fs->dt) {
        fs->acc -= fs->dt;
        ticks++;
    }
    if (fs->acc < 0.0)
        fs->acc = 0.0;
    return ticks;
}

float fixed_step_alpha(const FixedStep *fs)
{
    return (float)(fs->acc / fs->dt);
}
