/* SPDX-License-Identifier: Zlib */
/*
** fixed_step.h -- the fixed-timestep loop's arithmetic, with no clock.
**
** The front end measures real frame time and feeds it in; this says how
** many fixed ticks to run now and how far between the last two ticks the
** frame falls (alpha, for interpolating positions). A long frame (a stall,
** a breakpoint) is clamped so the game never tries to catch up seconds of
** ticks at once: the spiral of death.
**
** The speed (the Assist's game speed) is game time per real second: at
** 0.5 a frame's real time brings half as many ticks. The ticks themselves
** stay dt long, so the game plays as it does at full speed, only slower,
** and a replay ends in the same state whatever the speed.
*/
#ifndef FIXED_STEP_H
#define FIXED_STEP_H

typedef struct FixedStep {
    double dt;        /* seconds per tick */
    double max_frame; /* longest frame time taken into account, s */
    double speed;     /* game seconds a real second brings, (0, 1]; 1 after init */
    double acc;       /* time not yet simulated, s, in [0, dt) after advance */
} FixedStep;

void fixed_step_init(FixedStep *fs, double dt, double max_frame);
/* The game's speed from now on; a speed not in (0, 1] is taken as 1. */
void fixed_step_set_speed(FixedStep *fs, double speed);
/* Adds a frame's real duration (clamped to max_frame, then scaled by the
** speed); returns how many ticks to run now. */
int fixed_step_advance(FixedStep *fs, double frame_seconds);
/* Where the frame falls between the previous tick (0) and the last (1). */
float fixed_step_alpha(const FixedStep *fs);

#endif
