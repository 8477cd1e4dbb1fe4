/* SPDX-License-Identifier: Zlib */
/*
** camera.h -- where the 480x270 view looks, as pure arithmetic.
**
** Horizontally the camera keeps a focus point that the player drags along
** only when leaving a dead zone around it, plus a look-ahead that slides
** towards the side the player faces. Vertically it keeps the height of the
** ground the player last stood on: an ordinary jump does not move it; it
** changes on landing at a new height, when the player falls below the
** take-off height, or when the player nears the top or bottom of the view.
** The view approaches its goal exponentially (frame-rate independent), never
** shows outside the level, and centres a level smaller than the view.
**
** Below the player the view shows less than above (the ground sits 62%
** down), so two things lower it to show where a drop lands: a fall below
** the take-off height leads the view down by fall_ahead as it goes on, and
** holding down while standing still looks down by look_down, after
** look_down_delay (a tap to drop through a plank does not swing the view).
*/
#ifndef CAMERA_H
#define CAMERA_H

#include <stdbool.h>

typedef struct CameraConfig {
    float view_w, view_h;  /* px */
    float dead_zone;       /* px: width of the horizontal dead zone */
    float look_ahead;      /* px towards the facing side */
    float look_rate;       /* 1/s: how fast the look-ahead turns around */
    float follow_rate;     /* 1/s: exponential approach of the view to its goal */
    float ground_frac;     /* where the ground height sits, as a fraction of view_h from the top */
    float edge_margin;     /* px: the view's goal keeps the player this far below its top;
                            ** the player is never closer than half this to the top or bottom */
    float fall_ahead;      /* px the view leads a fall below the take-off height by */
    float look_down;       /* px the view lowers by while the player looks down */
    float look_down_delay; /* s down is held, standing still, before the view looks down */
    float lead_rate;       /* 1/s: how fast the view's lead down comes and goes */
} CameraConfig;

typedef struct CameraTarget {
    float x, y, w, h; /* the player's box, px */
    int facing;       /* -1 or +1 */
    bool grounded;
    float vy;          /* px/s, down positive */
    bool looking_down; /* down held, standing still */
} CameraTarget;

typedef struct Camera {
    CameraConfig cfg;
    float x, y;      /* top-left of the view, px */
    float focus_x;   /* centre of the dead zone */
    float ground_y;  /* the feet height the view is framed on */
    float look;      /* current look-ahead, px */
    float lead;      /* current lead down, px */
    float down_held; /* s the player has been looking down */
} Camera;

/* The defaults for a 480x270 view. */
CameraConfig camera_default_config(void);
/* Puts the view straight at its goal for this target (level start, respawn). */
void camera_reset(Camera *cam, const CameraConfig *cfg, const CameraTarget *t, float level_w,
                  float level_h);
/* Advances by dt seconds towards the target. */
void camera_update(Camera *cam, const CameraTarget *t, float level_w, float level_h, float dt);
/* Clamps one axis of a view origin to the level: [0, level - view], or the
** centring offset when the level is smaller than the view. */
float camera_clamp_axis(float origin, float view, float level);

#endif
