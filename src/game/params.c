/*
** params.c -- default feel and the table of tunables.
**
** Defaults: Celeste's Player.cs (8-px tiles, px/s) scaled by two for 16-px
** tiles. A full held jump then rises about 56 px, three and a half tiles.
*/
#include "params.h"

#include <string.h>

PhysicsParams physics_defaults(void)
{
    return (PhysicsParams){
        .gravity = 1800.0f,          /* Celeste 900 */
        .max_fall = 320.0f,          /* 160 */
        .fast_max_fall = 480.0f,     /* 240 */
        .fast_fall_accel = 600.0f,   /* 300 */
        .apex_threshold = 80.0f,     /* 40 */
        .apex_gravity_mult = 0.5f,
        .jump_speed = 210.0f,        /* 105 */
        .jump_h_boost = 80.0f,       /* 40 */
        .var_jump_time = 0.2f,
        .coyote_time = 0.1f,
        .jump_buffer = 0.08f,
        .bounce_speed = 240.0f,
        .max_run = 180.0f,           /* 90 */
        .ground_accel = 2000.0f,     /* RunAccel 1000 */
        .ground_decel = 2000.0f,
        .air_accel = 1300.0f,        /* x0.65 in the air */
        .air_decel = 1300.0f,
        .turn_mult = 1.5f,
        .run_reduce = 800.0f,        /* 400 */
        .corner_correction = 4.0f,
        .walker_speed = 40.0f,
        .respawn_time = 0.6f,
    };
}

#define P(field, lo, hi, unit, doc) \
    {#field, offsetof(PhysicsParams, field), lo, hi, unit, doc}

static const ParamInfo table[] = {
    P(gravity, 0, 10000, "px/s^2", "Downward acceleration."),
    P(max_fall, 1, 2000, "px/s", "Fastest fall."),
    P(fast_max_fall, 1, 2000, "px/s", "Fastest fall while holding down."),
    P(fast_fall_accel, 0, 10000, "px/s^2", "How fast the fall cap rises to fast_max_fall while down is held."),
    P(apex_threshold, 0, 1000, "px/s", "Near the top of a jump (|vy| below this) with jump held, gravity is scaled by apex_gravity_mult: a floatier apex."),
    P(apex_gravity_mult, 0, 1, "x", "Gravity scale at the apex."),
    P(jump_speed, 0, 2000, "px/s", "Upward speed at take-off."),
    P(jump_h_boost, 0, 1000, "px/s", "Horizontal speed added in the held direction at take-off."),
    P(var_jump_time, 0, 2, "s", "How long holding jump keeps the take-off speed; releasing earlier cuts the rise."),
    P(coyote_time, 0, 1, "s", "A jump still works this long after walking off a ledge."),
    P(jump_buffer, 0, 1, "s", "A jump pressed this long before landing fires on landing."),
    P(bounce_speed, 0, 2000, "px/s", "Upward speed after stomping an enemy."),
    P(max_run, 1, 2000, "px/s", "Top running speed."),
    P(ground_accel, 0, 20000, "px/s^2", "Acceleration towards max_run on the ground."),
    P(ground_decel, 0, 20000, "px/s^2", "Deceleration to a stop with no input, on the ground."),
    P(air_accel, 0, 20000, "px/s^2", "Acceleration in the air."),
    P(air_decel, 0, 20000, "px/s^2", "Deceleration with no input, in the air."),
    P(turn_mult, 1, 10, "x", "Acceleration scale when pushing against the current motion: a snappier turn."),
    P(run_reduce, 0, 20000, "px/s^2", "Slow-down back to max_run when moving faster (after a boost)."),
    P(corner_correction, 0, 8, "px", "A jump that clips a ceiling corner by at most this much slides around it."),
    P(walker_speed, 0, 1000, "px/s", "Patrol speed of walkers."),
    P(respawn_time, 0, 10, "s", "Time between death and respawn."),
};

#undef P

const ParamInfo *physics_param_table(int *count)
{
    *count = (int)(sizeof table / sizeof table[0]);
    return table;
}

const ParamInfo *physics_param_find(const char *name)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}
