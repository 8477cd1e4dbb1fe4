/* SPDX-License-Identifier: Zlib */
/* camera.c -- dead zone, look-ahead, ground height, the lead down, bounds. */
#include "camera.h"

#include <math.h>

CameraConfig camera_default_config(void)
{
    return (CameraConfig){
        .view_w = 480.0f,
        .view_h = 270.0f,
        .dead_zone = 32.0f,
        .look_ahead = 56.0f,
        .look_rate = 3.0f,
        .follow_rate = 8.0f,
        .ground_frac = 0.62f,
        .edge_margin = 40.0f,
        .fall_ahead = 80.0f,
        .look_down = 96.0f,
        .look_down_delay = 0.3f,
        .lead_rate = 4.0f,
    };
}

float camera_clamp_axis(float origin, float view, float level)
{
    if (level <= view)
        return floorf((level - view) * 0.5f);
    if (origin < 0.0f)
        return 0.0f;
    if (origin > level - view)
        return level - view;
    return origin;
}

/* Vertical framing: the ground height moves only on landing, on falling
** below it, or to keep the player off the top and bottom edges. */
static void track_ground(Camera *cam, const CameraTarget *t)
{
    float feet = t->y + t->h;
    if (t->grounded || feet > cam->ground_y)
        cam->ground_y = feet;
    const CameraConfig *cfg = &cam->cfg;
    float view_top = cam->ground_y - cfg->view_h * cfg->ground_frac;
    if (t->y < view_top + cfg->edge_margin)
        cam->ground_y += t->y - (view_top + cfg->edge_margin);
}

static void goal(const Camera *cam, float level_w, float level_h, float *gx, float *gy)
{
    const CameraConfig *cfg = &cam->cfg;
    *gx = camera_clamp_axis(cam->focus_x + cam->look - cfg->view_w * 0.5f, cfg->view_w, level_w);
    *gy = camera_clamp_axis(cam->ground_y - cfg->view_h * cfg->ground_frac + cam->lead, cfg->view_h,
                            level_h);
}

/* How far the view leads down: by fall_ahead in a fall below the take-off
** height (the ground height follows the feet there), by look_down once
** down has been held long enough, standing still; else not at all. */
static void track_lead(Camera *cam, const CameraTarget *t, float dt)
{
    const CameraConfig *cfg = &cam->cfg;
    cam->down_held = t->looking_down && t->grounded ? cam->down_held + dt : 0.0f;
    float want = 0.0f;
    if (!t->grounded && t->vy > 0.0f && t->y + t->h >= cam->ground_y)
        want = cfg->fall_ahead;
    else if (cam->down_held >= cfg->look_down_delay)
        want = cfg->look_down;
    cam->lead += (want - cam->lead) * (1.0f - expf(-cfg->lead_rate * dt));
}

static void drag_focus(Camera *cam, const CameraTarget *t)
{
    float cx = t->x + t->w * 0.5f;
    float half = cam->cfg.dead_zone * 0.5f;
    if (cx > cam->focus_x + half)
        cam->focus_x = cx - half;
    else if (cx < cam->focus_x - half)
        cam->focus_x = cx + half;
}

void camera_reset(Camera *cam, const CameraConfig *cfg, const CameraTarget *t, float level_w,
                  float level_h)
{
    cam->cfg = *cfg;
    cam->focus_x = t->x + t->w * 0.5f;
    cam->ground_y = t->y + t->h;
    cam->look = (float)(t->facing < 0 ? -1 : 1) * cfg->look_ahead;
    cam->lead = cam->down_held = 0.0f;
    goal(cam, level_w, level_h, &cam->x, &cam->y);
}

/* Keeps the player's box inside the view with a margin, whatever the
** smoothing is doing: a fast fall must never leave the screen. */
static void keep_visible(Camera *cam, const CameraTarget *t)
{
    const CameraConfig *cfg = &cam->cfg;
    float mx = 16.0f, my = cfg->edge_margin * 0.5f;
    if (t->x - mx < cam->x)
        cam->x = t->x - mx;
    if (t->x + t->w + mx > cam->x + cfg->view_w)
        cam->x = t->x + t->w + mx - cfg->view_w;
    if (t->y - my < cam->y)
        cam->y = t->y - my;
    if (t->y + t->h + my > cam->y + cfg->view_h)
        cam->y = t->y + t->h + my - cfg->view_h;
}

void camera_update(Camera *cam, const CameraTarget *t, float level_w, float level_h, float dt)
{
    const CameraConfig *cfg = &cam->cfg;
    drag_focus(cam, t);
    track_ground(cam, t);
    track_lead(cam, t, dt);

    float want_look = (float)(t->facing < 0 ? -1 : 1) * cfg->look_ahead;
    cam->look += (want_look - cam->look) * (1.0f - expf(-cfg->look_rate * dt));

    float gx, gy;
    goal(cam, level_w, level_h, &gx, &gy);
    float k = 1.0f - expf(-cfg->follow_rate * dt);
    cam->x += (gx - cam->x) * k;
    cam->y += (gy - cam->y) * k;
    keep_visible(cam, t);
    cam->x = camera_clamp_axis(cam->x, cfg->view_w, level_w);
    cam->y = camera_clamp_axis(cam->y, cfg->view_h, level_h);
}
