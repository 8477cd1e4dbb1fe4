/* SPDX-License-Identifier: Zlib */
/*
** art_player.c -- Pip's animation clips.
**
** Pip is posed, not drawn frame by frame: the head and coat are hand-drawn
** grids (art/pip.txt); legs, arms and the scarf's tail are drawn between
** joint positions that each pose sets; then the whole figure gets its
** outline. A change to the hood shows up in every clip at once.
**
** Cells are 32x32. The player's box is 16x24, so the box's top-left sits at
** cell pixel (8, 8) and the feet stand on the cell's bottom row. Pip faces
** right; the renderer mirrors the cell for the left.
*/
#include "atlas.h"

#include <math.h>
#include <stdio.h>

enum { CELL = 32, GROUND = 31, ANCHOR_X = 8, ANCHOR_Y = 8 };

typedef struct Pose {
    int bob;                  /* head and coat drop, px */
    int lean;                 /* head and coat shift forward, px */
    int foot_x[2], foot_y[2]; /* back, front: the boot's sole pixel */
    int hand_x[2], hand_y[2]; /* relative to the shoulders */
    float trail;              /* scarf: 0 hangs, 1 streams straight back */
    float lift;               /* scarf: > 0 blows upward (falling) */
    float phase;              /* scarf wave phase, radians */
} Pose;

typedef struct Parts {
    const Image *head, *body;
    Rgba hood, hood_dark, scarf, scarf_dark, skin, boot, sole, leg_back, leg_front, outline;
} Parts;

static void draw_boot(Image *img, const Parts *pt, int x, int y)
{
    image_set(img, x - 1, y, pt->sole);
    image_set(img, x, y, pt->sole);
    image_set(img, x + 1, y, pt->sole);
    image_set(img, x - 1, y - 1, pt->boot);
    image_set(img, x, y - 1, pt->boot);
}

static void draw_scarf(Image *img, const Parts *pt, const Pose *p, int nx, int ny)
{
    enum { LENGTH = 8 };
    float px = (float)nx, py = (float)ny;
    for (int i = 1; i <= LENGTH; i++) {
        float fi = (float)i;
        float x = (float)nx - fi * (0.55f + 0.5f * p->trail);
        float y = (float)ny + fi * (1.0f - p->trail) * 0.75f - p->lift * fi * 0.55f +
                  sinf(p->phase + fi * 0.9f) * (0.25f + 0.11f * fi) * (0.4f + p->trail);
        int x0 = (int)lroundf(px), y0 = (int)lroundf(py);
        int x1 = (int)lroundf(x), y1 = (int)lroundf(y);
        image_line(img, x0, y0 + 1, x1, y1 + 1, 1, pt->scarf_dark);
        image_line(img, x0, y0, x1, y1, 1, pt->scarf);
        px = x;
        py = y;
    }
    /* the frayed end */
    image_set(img, (int)lroundf(px) - 1, (int)lroundf(py) + 1, pt->scarf_dark);
}

static void draw_pip(Image *img, const Parts *pt, const Pose *p)
{
    int head_x = 10 + p->lean, head_y = 11 + p->bob;
    int body_x = 11 + p->lean, body_y = 21 + p->bob;
    int hip_y = 27 + p->bob;
    int hip_x[2] = {13 + p->lean, 16 + p->lean};
    int sh_x[2] = {13 + p->lean, 16 + p->lean}, sh_y = 23 + p->bob;

    /* back limbs, then the scarf's tail, behind the coat */
    image_line(img, sh_x[0], sh_y, sh_x[0] + p->hand_x[0], sh_y + p->hand_y[0], 1, pt->hood_dark);
    image_set(img, sh_x[0] + p->hand_x[0], sh_y + p->hand_y[0], pt->skin);
    image_line(img, hip_x[0], hip_y, p->foot_x[0], p->foot_y[0] - 1, 2, pt->leg_back);
    draw_boot(img, pt, p->foot_x[0], p->foot_y[0]);
    draw_scarf(img, pt, p, body_x + 1, body_y);

    image_blit(img, body_x, body_y, pt->body, 0, 0, pt->body->w, pt->body->h, false);
    image_line(img, hip_x[1], hip_y, p->foot_x[1], p->foot_y[1] - 1, 2, pt->leg_front);
    draw_boot(img, pt, p->foot_x[1], p->foot_y[1]);
    image_blit(img, head_x, head_y, pt->head, 0, 0, pt->head->w, pt->head->h, false);

    /* The front arm is outlined on its own so it reads against the coat. */
    Image arm;
    if (image_init(&arm, CELL, CELL)) {
        image_line(&arm, sh_x[1], sh_y, sh_x[1] + p->hand_x[1], sh_y + p->hand_y[1], 1, pt->hood_dark);
        image_set(&arm, sh_x[1] + p->hand_x[1], sh_y + p->hand_y[1], pt->skin);
        image_outline(&arm, pt->outline, false);
        for (int y = 0; y < CELL; y++)
            for (int x = 0; x < CELL; x++) {
                Rgba c = image_get(&arm, x, y);
                /* the arm's outline only where it crosses the coat */
                if (c.a != 0 && (image_get(img, x, y).a != 0 || c.r != pt->outline.r ||
                                 c.g != pt->outline.g || c.b != pt->outline.b))
                    image_set(img, x, y, c);
            }
        image_fini(&arm);
    }

    image_outline(img, pt->outline, false);
}

static Pose standing(void)
{
    return (Pose){
        .bob = 0,
        .foot_x = {13, 18},
        .foot_y = {GROUND, GROUND},
        .hand_x = {-1, 2},
        .hand_y = {3, 3},
        .trail = 0.1f,
    };
}

static Sheet *clip(Atlas *atlas, const char *name, int frames, float fps, bool loop)
{
    Sheet *s = atlas_add_sheet(atlas, SECTION_CLIP, name, CELL, CELL, frames, 1);
    if (s != NULL) {
        s->fps = fps;
        s->loop = loop;
        s->anchor_x = ANCHOR_X;
        s->anchor_y = ANCHOR_Y;
    }
    return s;
}

static const float TAU = 6.28318530718f;

static bool gen_idle(Atlas *atlas, const Parts *pt)
{
    Sheet *s = clip(atlas, "player_idle", 4, 5.0f, true);
    if (s == NULL)
        return false;
    for (int f = 0; f < 4; f++) {
        Pose p = standing();
        p.bob = f >= 2 ? 1 : 0;
        p.hand_y[0] = p.hand_y[1] = 3 - p.bob;
        p.phase = TAU * (float)f / 4.0f;
        draw_pip(sheet_cell(s, 0, f), pt, &p);
    }
    return true;
}

static bool gen_run(Atlas *atlas, const Parts *pt)
{
    enum { N = 8 };
    Sheet *s = clip(atlas, "player_run", N, 15.0f, true);
    if (s == NULL)
        return false;
    for (int f = 0; f < N; f++) {
        float th = TAU * (float)f / (float)N;
        Pose p = standing();
        p.lean = 1;
        p.bob = fabsf(cosf(th)) > 0.7f ? 1 : 0;
        for (int leg = 0; leg < 2; leg++) {
            float a = th + (leg ? 0.0f : TAU / 2.0f);
            p.foot_x[leg] = 16 + (int)lroundf(4.0f * cosf(a));
            p.foot_y[leg] = GROUND - (sinf(a) > 0.0f ? (int)lroundf(2.5f * sinf(a)) : 0);
            /* arms swing against the legs */
            p.hand_x[leg] = (int)lroundf(-3.0f * cosf(a));
            p.hand_y[leg] = 2;
        }
        p.trail = 0.85f;
        p.phase = TAU * (float)f / (float)N * 2.0f;
        draw_pip(sheet_cell(s, 0, f), pt, &p);
    }
    return true;
}

static bool gen_air(Atlas *atlas, const Parts *pt)
{
    Sheet *jump = clip(atlas, "player_jump", 2, 12.0f, false);
    if (jump == NULL)
        return false;
    for (int f = 0; f < 2; f++) {
        Pose p = standing();
        p.bob = -1;
        p.foot_x[0] = 13;
        p.foot_y[0] = GROUND - 2;
        p.foot_x[1] = 18;
        p.foot_y[1] = GROUND - 3 + f;
        p.hand_x[0] = -2;
        p.hand_y[0] = -3;
        p.hand_x[1] = 2;
        p.hand_y[1] = -4;
        p.trail = 0.3f;
        p.lift = -0.6f;
        p.phase = (float)f * 1.5f;
        draw_pip(sheet_cell(jump, 0, f), pt, &p);
    }
    Sheet *fall = clip(atlas, "player_fall", 2, 8.0f, true);
    if (fall == NULL)
        return false;
    for (int f = 0; f < 2; f++) {
        Pose p = standing();
        p.foot_x[0] = 12;
        p.foot_y[0] = GROUND - 1;
        p.foot_x[1] = 18;
        p.foot_y[1] = GROUND;
        p.hand_x[0] = -3;
        p.hand_y[0] = -2 - f;
        p.hand_x[1] = 3;
        p.hand_y[1] = -3 + f;
        p.trail = 0.35f;
        p.lift = 1.1f;
        p.phase = (float)f * 2.5f;
        draw_pip(sheet_cell(fall, 0, f), pt, &p);
    }
    Sheet *land = clip(atlas, "player_land", 2, 12.0f, false);
    if (land == NULL)
        return false;
    for (int f = 0; f < 2; f++) {
        Pose p = standing();
        p.bob = 2 - f;
        p.foot_x[0] = 12;
        p.foot_x[1] = 19;
        p.hand_x[0] = -3;
        p.hand_y[0] = 1;
        p.hand_x[1] = 3;
        p.hand_y[1] = 1;
        p.trail = 0.2f;
        p.lift = 0.3f;
        draw_pip(sheet_cell(land, 0, f), pt, &p);
    }
    /* Sliding down a wall (to Pip's right, the box's edge at x 24): both
    ** hands up on it, the front boot braced against it, the scarf blown up
    ** by the slide, a puff of dust where the boot scrapes. */
    Sheet *slide = clip(atlas, "player_slide", 2, 10.0f, true);
    if (slide == NULL)
        return false;
    Rgba dust = RGBA(236, 228, 212, 255);
    for (int f = 0; f < 2; f++) {
        Pose p = standing();
        p.lean = 1;
        p.foot_x[0] = 17;
        p.foot_y[0] = GROUND;
        p.foot_x[1] = 22;
        p.foot_y[1] = GROUND - 3;
        p.hand_x[0] = 5;
        p.hand_y[0] = f;
        p.hand_x[1] = 6;
        p.hand_y[1] = -3 + f;
        p.trail = 0.15f;
        p.lift = 1.3f;
        p.phase = (float)f * 2.0f;
        Image *img = sheet_cell(slide, 0, f);
        draw_pip(img, pt, &p);
        image_set(img, 23, GROUND - 1 - f, dust);
        image_set(img, 22, GROUND + f - 1, dust);
        if (f == 1)
            image_set(img, 21, GROUND - 4, dust);
    }
    return true;
}

/* Death: a white flash of Pip's shape, then a ring of scarf-red and hood-blue
** orbs bursting out and shrinking away. */
static bool gen_death(Atlas *atlas, const Parts *pt)
{
    enum { N = 8 };
    Sheet *s = clip(atlas, "player_death", N, 14.0f, false);
    if (s == NULL)
        return false;
    Rgba white = RGBA(255, 250, 240, 255);
    for (int f = 0; f < 2; f++) {
        Image *img = sheet_cell(s, 0, f);
        Pose p = standing();
        p.bob = f;
        p.hand_x[0] = -3;
        p.hand_y[0] = -3;
        p.hand_x[1] = 3;
        p.hand_y[1] = -3;
        draw_pip(img, pt, &p);
        for (int y = 0; y < CELL; y++)
            for (int x = 0; x < CELL; x++)
                if (image_get(img, x, y).a != 0 && f == 0)
                    image_set(img, x, y, white);
                else if (image_get(img, x, y).a != 0 && !(image_get(img, x, y).r == pt->outline.r &&
                                                         image_get(img, x, y).g == pt->outline.g))
                    image_set(img, x, y, rgba_mix(image_get(img, x, y), white, 0.6f));
    }
    for (int f = 2; f < N; f++) {
        Image *img = sheet_cell(s, 0, f);
        float t = (float)(f - 2) / (float)(N - 3);
        float radius = 3.0f + 11.0f * t;
        float orb = 3.2f - 2.4f * t;
        for (int k = 0; k < 8; k++) {
            float a = TAU * (float)k / 8.0f + t * 0.6f;
            float cx = 15.5f + radius * cosf(a), cy = 20.0f + radius * sinf(a);
            Rgba c = k % 2 ? pt->scarf : pt->hood;
            image_fill_disc(img, cx, cy, orb + 0.6f, pt->outline);
            image_fill_disc(img, cx, cy, orb, c);
            if (orb > 1.5f)
                image_set(img, (int)lroundf(cx - 1.0f), (int)lroundf(cy - 1.0f), white);
        }
        if (f == 2)
            image_fill_disc(img, 15.5f, 20.0f, 3.0f, white);
    }
    return true;
}

bool art_gen_player(Atlas *atlas, const ArtSet *art, char *err, size_t errlen)
{
    Parts pt;
    if (!art_need_grid(art, "pip_head", &pt.head, err, errlen) ||
        !art_need_grid(art, "pip_body", &pt.body, err, errlen) ||
        !art_need(art, "bBrRsnNKk", err, errlen))
        return false;
    pt.hood = art_color(art, 'b');
    pt.hood_dark = art_color(art, 'B');
    pt.scarf = art_color(art, 'r');
    pt.scarf_dark = art_color(art, 'R');
    pt.skin = art_color(art, 's');
    pt.boot = art_color(art, 'n');
    pt.sole = art_color(art, 'N');
    pt.leg_back = art_color(art, 'K');
    pt.leg_front = art_color(art, 'B');
    pt.outline = art_color(art, 'k');
    if (!gen_idle(atlas, &pt) || !gen_run(atlas, &pt) || !gen_air(atlas, &pt) ||
        !gen_death(atlas, &pt)) {
        snprintf(err, errlen, "player: out of memory");
        return false;
    }
    return true;
}
