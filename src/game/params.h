/* SPDX-License-Identifier: Zlib */
/*
** params.h -- the feel of the game, as numbers.
**
** Every tunable of the character physics, with its unit. Defaults are
** Celeste's published values scaled to 16-px tiles (x2 for distances and
** speeds); assets/physics.json sets them and a level may override any of
** them. params.c lists each one with its range and meaning, the table the
** loader and the documentation both read.
*/
#ifndef PARAMS_H
#define PARAMS_H

#include <stddef.h>

typedef struct PhysicsParams {
    /* gravity and falling */
    float gravity;           /* px/s^2 */
    float fall_gravity_mult; /* gravity scale while falling (vy > 0) */
    float max_fall;          /* px/s, terminal fall speed */
    float fast_max_fall;     /* px/s, terminal fall speed while holding down */
    float fast_fall_accel;   /* px/s^2, how fast the fall cap rises while down is held */
    float apex_threshold;    /* px/s: gravity is scaled near the apex, |vy| below this, jump held */
    float apex_gravity_mult; /* that scale */
    /* jumping */
    float jump_speed;       /* px/s, upward speed at take-off */
    float jump_h_boost;     /* px/s added in the held direction at take-off */
    float var_jump_time;    /* s: how long holding jump keeps the take-off speed */
    float coyote_time;      /* s: a jump still works this long after leaving the ground */
    float jump_buffer;      /* s: a jump pressed this long before landing fires on landing */
    float bounce_speed;     /* px/s, upward speed after stomping an enemy */
    float bounce_auto_time; /* s: a bounce rises as if jump were held this long */
    /* walls */
    float wall_jump_check;      /* px: how near a wall a wall jump still works */
    float wall_jump_h_speed;    /* px/s away from the wall */
    float wall_jump_force_time; /* s the wall jump carries you away whatever is held */
    float wall_slide_start_max; /* px/s: the fall cap when a slide starts */
    float wall_slide_time;      /* s for the slide's cap to rise back to max_fall */
    /* springs */
    float spring_speed;           /* px/s up from a spring pointing up */
    float side_spring_h_speed;    /* px/s away from a spring on a wall */
    float side_spring_v_speed;    /* px/s up from it */
    float side_spring_force_time; /* s it carries you whatever is held */
    /* crumbling blocks */
    float crumble_shake_time;  /* s a crumbling block shakes before it falls */
    float crumble_return_time; /* s before it comes back */
    /* running */
    float max_run;      /* px/s */
    float ground_accel; /* px/s^2 towards max_run, on the ground */
    float ground_decel; /* px/s^2 towards 0 with no input, on the ground */
    float air_accel;    /* px/s^2, in the air */
    float air_decel;    /* px/s^2, in the air */
    float turn_mult;    /* acceleration scale when pushing against the motion */
    float run_reduce;   /* px/s^2 back down to max_run when faster */
    /* forgiveness */
    float corner_correction; /* px: a jump that clips a ceiling corner by this much slides past */
    float hurtbox_top;       /* px: what hurts touches a box this much shorter at the top */
    float hurtbox_side;      /* px: ... and this much narrower on each side */
    float drop_hold_time;    /* s of holding down on a plank before dropping through it */
    /* world */
    float walker_speed; /* px/s */
    float respawn_time; /* s between death and respawn */
} PhysicsParams;

/* Celeste's values at 16-px tiles. */
PhysicsParams physics_defaults(void);

typedef struct ParamInfo {
    const char *name; /* key in physics.json and in a level's "physics" */
    size_t offset;    /* of the float in PhysicsParams */
    float min, max;   /* accepted range, inclusive */
    const char *unit;
    const char *doc;
} ParamInfo;

/* The table of every parameter; count in *count. */
const ParamInfo *physics_param_table(int *count);
/* The entry named `name`, or NULL. */
const ParamInfo *physics_param_find(const char *name);

static inline float *physics_param_ptr(PhysicsParams *p, const ParamInfo *info)
{
    return (float *)(void *)((char *)p + info->offset);
}

#endif
