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
    bool blink;               /* eyes shut */
    float sx, sy;             /* squash and stretch about the feet; 0 means 1 */
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

/* The figure scaled by (sx, sy) about the middle of its feet, each pixel
** taken from the nearest one it came from: a squash is wider and lower,
** a stretch narrower and taller, and the feet stay on the ground row. */
static void reshape(Image *img, float sx, float sy)
{
    if ((sx == 0.0f || sx == 1.0f) && (sy == 0.0f || sy == 1.0f))
        return;
    Image src;
    if (!image_init(&src, CELL, CELL))
        return;
    image_copy(&src, 0, 0, img, 0, 0, CELL, CELL);
    const float cx = 16.0f, base = (float)CELL;
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            float fx = cx + ((float)x + 0.5f - cx) / (sx > 0.0f ? sx : 1.0f);
            float fy = base + ((float)y + 0.5f - base) / (sy > 0.0f ? sy : 1.0f);
            image_set(img, x, y, image_get(&src, (int)floorf(fx), (int)floorf(fy)));
        }
    image_fini(&src);
}

/* Eyes shut: the top pixel of each eye (the only ink in the face) becomes
** skin, the bottom one stays as the closed lid. */
static void shut_eyes(Image *img, const Parts *pt, int head_x, int head_y)
{
    const Image *h = pt->head;
    for (int y = 0; y < h->h; y++)
        for (int x = 0; x < h->w; x++) {
            Rgba c = image_get(h, x, y), below = image_get(h, x, y + 1);
            bool eye =
                c.a != 0 && c.r == pt->outline.r && c.g == pt->outline.g && c.b == pt->outline.b;
            bool eye_below = below.a != 0 && below.r == c.r && below.g == c.g && below.b == c.b;
            if (eye && eye_below)
                image_set(img, head_x + x, head_y + y, pt->skin);
        }
}

/* Where a point of the figure goes under the pose's squash or stretch. */
static int shaped_x(const Pose *p, int x)
{
    float sx = p->sx > 0.0f ? p->sx : 1.0f;
    return (int)lroundf(16.0f + ((float)x - 16.0f) * sx);
}

static int shaped_y(const Pose *p, int y)
{
    float sy = p->sy > 0.0f ? p->sy : 1.0f;
    return (int)lroundf((float)CELL + ((float)y - (float)CELL) * sy);
}

/* The figure: coat, legs, back arm and scarf are squashed or stretched
** together; the head and the front arm are drawn after, whole, where the
** shape has moved the neck and the shoulder, so the face never loses a
** pixel to the resampling. */
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
    reshape(img, p->sx, p->sy);

    int neck_x = head_x + pt->head->w / 2, neck_y = head_y + pt->head->h;
    head_x = shaped_x(p, neck_x) - pt->head->w / 2;
    head_y = shaped_y(p, neck_y) - pt->head->h;
    image_blit(img, head_x, head_y, pt->head, 0, 0, pt->head->w, pt->head->h, false);
    if (p->blink)
        shut_eyes(img, pt, head_x, head_y);

    /* The front arm is outlined on its own so it reads against the coat. */
    int ax = shaped_x(p, sh_x[1]), ay = shaped_y(p, sh_y);
    Image arm;
    if (image_init(&arm, CELL, CELL)) {
        image_line(&arm, ax, ay, ax + p->hand_x[1], ay + p->hand_y[1], 1, pt->hood_dark);
        image_set(&arm, ax + p->hand_x[1], ay + p->hand_y[1], pt->skin);
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

/* Breathing, four seconds round: the first frame is the icon's Pip; the
** eyes shut for one frame in the middle of the cycle. */
static bool gen_idle(Atlas *atlas, const Parts *pt)
{
    enum { N = 24, BLINK = 15 };
    Sheet *s = clip(atlas, "player_idle", N, 6.0f, true);
    if (s == NULL)
        return false;
    for (int f = 0; f < N; f++) {
        Pose p = standing();
        p.bob = (f / 3) % 4 >= 2 ? 1 : 0;
        p.hand_y[0] = p.hand_y[1] = 3 - p.bob;
        p.phase = TAU * (float)f / 12.0f;
        p.blink = f == BLINK;
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

/* Going up: the push off the ground (anticipation: a crouch, then the
** launch stretched tall), then the rise, stretched at first and tucking
** in as the jump slows. */
static bool gen_takeoff_and_jump(Atlas *atlas, const Parts *pt)
{
    Sheet *takeoff = clip(atlas, "player_takeoff", 2, 20.0f, false);
    if (takeoff == NULL)
        return false;
    Pose crouch = standing();
    crouch.bob = 3;
    crouch.foot_x[0] = 11;
    crouch.foot_x[1] = 20;
    crouch.hand_x[0] = -3;
    crouch.hand_y[0] = 2;
    crouch.hand_x[1] = -1;
    crouch.hand_y[1] = 2;
    crouch.trail = 0.2f;
    crouch.sx = 1.12f;
    crouch.sy = 0.86f;
    draw_pip(sheet_cell(takeoff, 0, 0), pt, &crouch);
    Pose launch = standing();
    launch.bob = -2;
    launch.foot_x[0] = 14;
    launch.foot_x[1] = 17;
    launch.hand_x[0] = -3;
    launch.hand_y[0] = -4;
    launch.hand_x[1] = 5;
    launch.hand_y[1] = -2;
    launch.trail = 0.2f;
    launch.lift = -1.0f;
    launch.sx = 0.96f;
    launch.sy = 1.14f;
    draw_pip(sheet_cell(takeoff, 0, 1), pt, &launch);

    enum { N = 3 };
    Sheet *jump = clip(atlas, "player_jump", N, 8.0f, false);
    if (jump == NULL)
        return false;
    static const float stretch[N] = {1.16f, 1.08f, 1.0f};
    for (int f = 0; f < N; f++) {
        Pose p = standing();
        p.bob = -1;
        p.foot_x[0] = 13;
        p.foot_y[0] = GROUND - 2 - f;
        p.foot_x[1] = 18;
        p.foot_y[1] = GROUND - 3 + (f == 2);
        p.hand_x[0] = -2;
        p.hand_y[0] = -3 + f;
        p.hand_x[1] = 2;
        p.hand_y[1] = -4 + f;
        p.trail = 0.3f;
        p.lift = -0.6f + 0.3f * (float)f;
        p.phase = (float)f * 1.5f;
        p.sx = 1.0f;
        p.sy = stretch[f];
        draw_pip(sheet_cell(jump, 0, f), pt, &p);
    }
    return true;
}

static bool gen_fall(Atlas *atlas, const Parts *pt)
{
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
    return true;
}

/* Landing squashes Pip by the height of the fall, one variant each (the
** simulation's animation picks it): a light dip from a hop, a squash from
** a jump's height, a deep one with arms flung out from a long drop; each
** springs back up over four frames. */
static bool gen_land(Atlas *atlas, const Parts *pt)
{
    enum { N = 4, V = 3 };
    Sheet *land = atlas_add_sheet(atlas, SECTION_CLIP, "player_land", CELL, CELL, N, V);
    if (land == NULL)
        return false;
    land->fps = 16.0f;
    land->loop = false;
    land->anchor_x = ANCHOR_X;
    land->anchor_y = ANCHOR_Y;
    /* per variant and frame: how low, how wide */
    static const int bob[V][N] = {{1, 1, 0, 0}, {2, 2, 1, 0}, {3, 3, 2, 1}};
    static const float squash[V][N] = {
        {1.06f, 1.03f, 1.0f, 1.0f}, {1.16f, 1.09f, 1.03f, 1.0f}, {1.3f, 1.22f, 1.1f, 1.03f}};
    for (int v = 0; v < V; v++)
        for (int f = 0; f < N; f++) {
            Pose p = standing();
            float k = squash[v][f];
            p.bob = bob[v][f];
            p.foot_x[0] = 12 - (v == 2 && f < 2);
            p.foot_x[1] = 19 + (v == 2 && f < 2);
            p.hand_x[0] = -3 - (v == 2 ? 1 : 0);
            p.hand_y[0] = v == 2 && f < 2 ? -1 : 1;
            p.hand_x[1] = 3 + (v == 2 ? 1 : 0);
            p.hand_y[1] = v == 2 && f < 2 ? -1 : 1;
            p.trail = 0.2f;
            p.lift = 0.3f * (float)(N - f) / (float)N;
            p.sx = k;
            p.sy = 2.0f - k;
            draw_pip(sheet_cell(land, v, f), pt, &p);
        }
    return true;
}

/* A puff of dust: a pale blob with a darker underside. */
static void puff(Image *img, float x, float y, float r, Rgba dust, Rgba shade)
{
    image_fill_disc(img, x, y + 0.6f, r, shade);
    image_fill_disc(img, x, y, r, dust);
}

/* Sliding down a wall (to Pip's right, the box's edge at x 24): both
** hands up on it, the front boot braced against it, the scarf blown up by
** the slide, and puffs of dust where the boot scrapes, rising and fading
** up the wall as he goes down. */
static bool gen_slide(Atlas *atlas, const Parts *pt)
{
    enum { N = 4 };
    Sheet *slide = clip(atlas, "player_slide", N, 12.0f, true);
    if (slide == NULL)
        return false;
    Rgba dust = RGBA(236, 228, 212, 255), shade = RGBA(190, 178, 160, 255);
    for (int f = 0; f < N; f++) {
        Pose p = standing();
        p.lean = 1;
        p.foot_x[0] = 17;
        p.foot_y[0] = GROUND;
        p.foot_x[1] = 22;
        p.foot_y[1] = GROUND - 3;
        p.hand_x[0] = 5;
        p.hand_y[0] = f % 2;
        p.hand_x[1] = 6;
        p.hand_y[1] = -3 + f % 2;
        p.trail = 0.15f;
        p.lift = 1.3f;
        p.phase = (float)f * 1.6f;
        Image *img = sheet_cell(slide, 0, f);
        draw_pip(img, pt, &p);
        /* two puffs climbing the wall, one born as the other fades */
        for (int k = 0; k < 2; k++) {
            float age = (float)((f + 2 * k) % N) / (float)N;
            float r = 1.6f - 0.9f * age;
            puff(img, 23.0f - age, (float)GROUND - 3.0f - 9.0f * age, r, dust, shade);
        }
    }
    return true;
}

/* Skidding round: Pip already faces the new way, leaning into it, while
** his boots slide on the old way, kicking up dust at the heels. */
static bool gen_turn(Atlas *atlas, const Parts *pt)
{
    Sheet *turn = clip(atlas, "player_turn", 2, 12.0f, true);
    if (turn == NULL)
        return false;
    Rgba dust = RGBA(236, 228, 212, 255), shade = RGBA(190, 178, 160, 255);
    for (int f = 0; f < 2; f++) {
        Pose p = standing();
        p.lean = 2;
        p.bob = 1;
        p.foot_x[0] = 10;
        p.foot_x[1] = 16;
        p.hand_x[0] = 2;
        p.hand_y[0] = 1;
        p.hand_x[1] = 5;
        p.hand_y[1] = -1 + f;
        p.trail = -0.4f;
        p.lift = 0.4f;
        p.phase = (float)f * 2.0f;
        Image *img = sheet_cell(turn, 0, f);
        draw_pip(img, pt, &p);
        puff(img, 7.0f - (float)f, (float)GROUND - 1.0f - (float)f, 1.3f + 0.4f * (float)f, dust,
             shade);
    }
    return true;
}

/* On the brink: Pip faces the drop, leans out over it and windmills his
** arms to keep his balance. */
static bool gen_teeter(Atlas *atlas, const Parts *pt)
{
    enum { N = 4 };
    Sheet *teeter = clip(atlas, "player_teeter", N, 8.0f, true);
    if (teeter == NULL)
        return false;
    for (int f = 0; f < N; f++) {
        float a = TAU * (float)f / (float)N;
        Pose p = standing();
        p.lean = 2 + (f == 1);
        p.bob = f == 3 ? 1 : 0;
        p.foot_x[0] = 12;
        p.foot_x[1] = 16;
        p.foot_y[1] = GROUND - (f == 1);
        for (int h = 0; h < 2; h++) {
            float b = a + (h ? TAU / 2.0f : 0.0f);
            p.hand_x[h] = (int)lroundf(4.0f * cosf(b));
            p.hand_y[h] = (int)lroundf(-2.0f + 4.0f * sinf(b));
        }
        p.trail = 0.5f;
        p.lift = 0.6f;
        p.phase = a;
        draw_pip(sheet_cell(teeter, 0, f), pt, &p);
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

/* Coming back: the orbs of the death fly in from around the spot, meet in
** a flash, and Pip stands there, still glowing a little. */
static bool gen_respawn(Atlas *atlas, const Parts *pt)
{
    enum { N = 6, ORBS = 4 };
    Sheet *s = clip(atlas, "player_respawn", N, 16.0f, false);
    if (s == NULL)
        return false;
    Rgba white = RGBA(255, 250, 240, 255);
    for (int f = 0; f < ORBS; f++) {
        Image *img = sheet_cell(s, 0, f);
        float t = (float)f / (float)(ORBS - 1);
        float radius = 13.0f - 10.0f * t, orb = 1.2f + 0.9f * t;
        for (int k = 0; k < 8; k++) {
            float a = TAU * (float)k / 8.0f - t * 1.2f;
            float cx = 15.5f + radius * cosf(a), cy = 20.0f + radius * sinf(a);
            image_fill_disc(img, cx, cy, orb + 0.6f, pt->outline);
            image_fill_disc(img, cx, cy, orb, k % 2 ? pt->scarf : pt->hood);
        }
        if (f == ORBS - 1)
            image_fill_disc(img, 15.5f, 20.0f, 3.5f, white);
    }
    for (int f = ORBS; f < N; f++) {
        Image *img = sheet_cell(s, 0, f);
        Pose p = standing();
        p.bob = f == ORBS ? 1 : 0;
        draw_pip(img, pt, &p);
        float glow = f == ORBS ? 1.0f : 0.35f;
        for (int y = 0; y < CELL; y++)
            for (int x = 0; x < CELL; x++) {
                Rgba c = image_get(img, x, y);
                bool line = c.r == pt->outline.r && c.g == pt->outline.g && c.b == pt->outline.b;
                if (c.a != 0 && (f == ORBS || !line))
                    image_set(img, x, y, rgba_mix(c, white, glow));
            }
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
    /* in the order of the player's clips in the kind table (kinds.c) */
    if (!gen_idle(atlas, &pt) || !gen_run(atlas, &pt) || !gen_takeoff_and_jump(atlas, &pt) ||
        !gen_fall(atlas, &pt) || !gen_land(atlas, &pt) || !gen_death(atlas, &pt) ||
        !gen_slide(atlas, &pt) || !gen_turn(atlas, &pt) || !gen_teeter(atlas, &pt) ||
        !gen_respawn(atlas, &pt)) {
        snprintf(err, errlen, "player: out of memory");
        return false;
    }
    return true;
}
