/* SPDX-License-Identifier: Zlib */
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
        .gravity = 1800.0f, /* Celeste 900 */
        .fall_gravity_mult = 1.0f,
        .max_fall = 320.0f,        /* 160 */
        .fast_max_fall = 480.0f,   /* 240 */
        .fast_fall_accel = 600.0f, /* 300 */
        .apex_threshold = 80.0f,   /* 40 */
        .apex_gravity_mult = 0.5f,
        .jump_speed = 210.0f,  /* 105 */
        .jump_h_boost = 80.0f, /* 40 */
        .var_jump_time = 0.2f,
        .coyote_time = 0.1f,
        .jump_buffer = 0.08f,
        .bounce_speed = 280.0f,      /* BounceSpeed 140 */
        .bounce_auto_time = 0.1f,    /* BounceAutoJumpTime */
        .wall_jump_check = 6.0f,     /* WallJumpCheckDist 3 */
        .wall_jump_h_speed = 260.0f, /* WallJumpHSpeed: MaxRun + JumpHBoost, 130 */
        .wall_jump_force_time = 0.16f,
        .wall_slide_start_max = 40.0f, /* WallSlideStartMax 20 */
        .wall_slide_time = 1.2f,
        .spring_speed = 370.0f,        /* SuperBounce 185 */
        .side_spring_h_speed = 480.0f, /* SideBounce 240 */
        .side_spring_v_speed = 280.0f, /* 140 */
        .side_spring_force_time = 0.3f,
        .crumble_shake_time = 0.4f,
        .crumble_return_time = 2.0f,
        .max_run = 180.0f,       /* 90 */
        .ground_accel = 2000.0f, /* RunAccel 1000 */
        .ground_decel = 2000.0f,
        .air_accel = 1300.0f, /* x0.65 in the air */
        .air_decel = 1300.0f,
        .turn_mult = 1.5f,
        .run_reduce = 800.0f,      /* 400 */
        .corner_correction = 8.0f, /* 4 */
        .hurtbox_top = 4.0f,       /* Celeste's hurtbox is 2 px shorter than its hitbox */
        .hurtbox_side = 2.0f,
        .drop_hold_time = 0.1f,
        .walker_speed = 40.0f,
        .respawn_time = 0.6f,
    };
}

/* clang-format off: braced initializers in macros */
#define P(field, lo, hi, unit, doc)                                                                \
    {                                                                                              \
#field, offsetof(PhysicsParams, field), lo, hi, unit, doc                                  \
    }
/* clang-format on */

static const ParamInfo table[] = {
    P(gravity, 100, 10000, "px/s^2",
      "Downward acceleration (at least 100: a jump must come down)."),
    P(fall_gravity_mult, 0, 10, "x",
      "Gravity scale while falling: above 1, falls are snappier than rises."),
    P(max_fall, 1, 2000, "px/s", "Fastest fall."),
    P(fast_max_fall, 1, 2000, "px/s", "Fastest fall while holding down."),
    P(fast_fall_accel, 0, 10000, "px/s^2",
      "How fast the fall cap rises to fast_max_fall while down is held."),
    P(apex_threshold, 0, 1000, "px/s",
      "Near the top of a jump (|vy| below this) with jump held, gravity is scaled by "
      "apex_gravity_mult: a floatier apex."),
    P(apex_gravity_mult, 0, 1, "x", "Gravity scale at the apex."),
    P(jump_speed, 0, 2000, "px/s", "Upward speed at take-off."),
    P(jump_h_boost, 0, 1000, "px/s", "Horizontal speed added in the held direction at take-off."),
    P(var_jump_time, 0, 2, "s",
      "How long holding jump keeps the take-off speed; releasing earlier cuts the rise."),
    P(coyote_time, 0, 1, "s", "A jump still works this long after walking off a ledge."),
    P(jump_buffer, 0, 1, "s", "A jump pressed this long before landing fires on landing."),
    P(bounce_speed, 0, 2000, "px/s",
      "Upward speed after stomping an enemy; holding jump keeps it for var_jump_time."),
    P(bounce_auto_time, 0, 1, "s",
      "A stomp's bounce keeps its speed this long even without jump held, so a press just after "
      "the stomp still gives the full bounce."),
    P(wall_jump_check, 0, 32, "px",
      "A jump within this distance of a wall, off the ground, is a wall jump."),
    P(wall_jump_h_speed, 0, 2000, "px/s", "Horizontal speed away from the wall at a wall jump."),
    P(wall_jump_force_time, 0, 2, "s",
      "After a wall jump, how long the jump carries you away from the wall whatever you hold."),
    P(wall_slide_start_max, 0, 2000, "px/s",
      "Falling while holding towards a wall, the fall is capped at this speed at first..."),
    P(wall_slide_time, 0, 10, "s", "...and the cap rises back to max_fall over this long."),
    P(spring_speed, 0, 2000, "px/s",
      "Upward speed from a spring pointing up, held for var_jump_time whatever you hold."),
    P(side_spring_h_speed, 0, 2000, "px/s", "Horizontal speed away from a spring on a wall."),
    P(side_spring_v_speed, 0, 2000, "px/s", "Upward speed from a spring on a wall."),
    P(side_spring_force_time, 0, 2, "s",
      "After a spring on a wall, how long it carries you whatever you hold."),
    P(crumble_shake_time, 0, 10, "s",
      "How long a crumbling block shakes after you stand on it (or slide down it) before it "
      "falls."),
    P(crumble_return_time, 0, 60, "s",
      "How long it stays gone before it comes back (once nothing is in its way)."),
    P(max_run, 1, 2000, "px/s", "Top running speed."),
    P(ground_accel, 0, 20000, "px/s^2", "Acceleration towards max_run on the ground."),
    P(ground_decel, 0, 20000, "px/s^2", "Deceleration to a stop with no input, on the ground."),
    P(air_accel, 0, 20000, "px/s^2", "Acceleration in the air."),
    P(air_decel, 0, 20000, "px/s^2", "Deceleration with no input, in the air."),
    P(turn_mult, 1, 10, "x",
      "Acceleration scale when pushing against the current motion: a snappier turn."),
    P(run_reduce, 0, 20000, "px/s^2",
      "Slow-down back to max_run when moving faster (after a boost)."),
    P(corner_correction, 0, 16, "px",
      "A jump that clips a ceiling corner by at most this much slides around it."),
    P(hurtbox_top, 0, 16, "px",
      "Spikes, saws and enemies hurt a box this much shorter at the top than the player's: grazing "
      "one with the hair does not kill."),
    P(hurtbox_side, 0, 8, "px", "...and this much narrower on each side."),
    P(drop_hold_time, 0, 2, "s",
      "Holding down this long while standing on a one-way plank drops through it (down and jump "
      "drops at once)."),
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
