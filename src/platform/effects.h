/* SPDX-License-Identifier: Zlib */
/*
** effects.h -- dust, sparkles, bursts and flashes, kept in the front end.
**
** They are started by the simulation's events and live only here, never in
** the simulation's world, so they cannot change what a replay computes. A
** fixed pool: when it is full the oldest particle gives way.
*/
#ifndef EFFECTS_H
#define EFFECTS_H

#include "render.h"
#include "sim.h"

enum { EFFECTS_MAX = 256 };

typedef struct Particle {
    float x, y, vx, vy; /* level px, px/s */
    float age, life;    /* s */
    float gravity;      /* px/s^2 */
    int clip;           /* RCLIP_FX_* */
    SDL_Color tint;
} Particle;

typedef struct Effects {
    Particle items[EFFECTS_MAX];
    int count;
    int next;      /* slot to reuse when full */
    float flash;   /* s left of the screen flash */
    float shake;   /* s left of the shake */
    uint32_t seed; /* the effects' own random numbers */
} Effects;

void effects_init(Effects *fx);
/* Starts what an event shows: dust on jumps and landings, a sparkle on a
** pickup, a burst on death, a flash on a checkpoint. */
void effects_event(Effects *fx, const SimEvent *ev);
/* Ages and moves everything by dt seconds. */
void effects_update(Effects *fx, float dt);
/* Draws the particles in level space (view = the camera). */
void effects_draw(const Effects *fx, Batch *b, const RenderAtlas *atlas, const RenderView *view);
/* Draws the screen flash, if any, over the whole view. */
void effects_draw_flash(const Effects *fx, Batch *b, const RenderAtlas *atlas,
                        const RenderView *view);
/* The screen offset of the shake now (0 when none). */
void effects_shake_offset(const Effects *fx, int *dx, int *dy);

#endif
