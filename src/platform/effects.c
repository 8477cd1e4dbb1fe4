/* SPDX-License-Identifier: Zlib */
/* effects.c -- particles started by simulation events. */
#include "effects.h"

#include <math.h>
#include <string.h>

void effects_init(Effects *fx)
{
    memset(fx, 0, sizeof *fx);
    fx->seed = 0x9e3779b9u;
}

static float rnd(Effects *fx)
{
    fx->seed ^= fx->seed << 13;
    fx->seed ^= fx->seed >> 17;
    fx->seed ^= fx->seed << 5;
    return (float)(fx->seed & 0xffffu) / 65535.0f;
}

static void spawn(Effects *fx, Particle p)
{
    if (fx->count < EFFECTS_MAX) {
        fx->items[fx->count++] = p;
        return;
    }
    fx->items[fx->next] = p;
    fx->next = (fx->next + 1) % EFFECTS_MAX;
}

static const SDL_Color WHITE = {255, 255, 255, 255};

static void dust(Effects *fx, float x, float y, int n, float spread)
{
    for (int i = 0; i < n; i++) {
        float side = (i & 1) ? 1.0f : -1.0f;
        spawn(fx, (Particle){x - 4.0f + side * 3.0f, y - 6.0f, side * (20.0f + rnd(fx) * spread),
                             -8.0f - rnd(fx) * 12.0f, 0.0f, 0.35f + rnd(fx) * 0.1f, 0.0f,
                             RCLIP_FX_DUST, WHITE});
    }
}

void effects_event(Effects *fx, const SimEvent *ev)
{
    float x = (float)ev->x, y = (float)ev->y;
    switch (ev->type) {
    case EV_JUMPED: dust(fx, x, y, 2, 10.0f); break;
    case EV_WALL_JUMPED: dust(fx, x, y + 6.0f, 3, 30.0f); break;
    case EV_CUE: dust(fx, x, y, 3, 25.0f); break;
    case EV_LANDED: dust(fx, x, y, 4, 30.0f); break;
    case EV_COLLECTED:
        spawn(fx, (Particle){x - 8.0f, y - 8.0f, 0.0f, -20.0f, 0.0f, 0.4f, 0.0f, RCLIP_FX_SPARKLE,
                             WHITE});
        for (int i = 0; i < 4; i++) {
            float a = (float)i * 1.5707964f + 0.785f;
            spawn(fx, (Particle){x - 4.0f, y - 4.0f, cosf(a) * 50.0f, sinf(a) * 50.0f, 0.0f, 0.3f,
                                 0.0f, RCLIP_FX_DUST, (SDL_Color){255, 230, 120, 255}});
        }
        break;
    case EV_STOMPED:
        dust(fx, x, y, 6, 50.0f);
        fx->shake = 0.08f;
        break;
    case EV_DIED:
        for (int i = 0; i < 14; i++) {
            float a = (float)i / 14.0f * 6.2831853f + rnd(fx) * 0.3f;
            float speed = 70.0f + rnd(fx) * 60.0f;
            spawn(fx, (Particle){x - 4.0f, y - 4.0f, cosf(a) * speed, sinf(a) * speed - 40.0f, 0.0f,
                                 0.6f + rnd(fx) * 0.3f, 260.0f, RCLIP_FX_DUST,
                                 (i & 1) ? (SDL_Color){255, 120, 90, 255} : WHITE});
        }
        fx->shake = 0.25f;
        break;
    case EV_CHECKPOINT:
        fx->flash = 0.18f;
        for (int i = 0; i < 6; i++)
            spawn(fx, (Particle){x - 4.0f + (rnd(fx) - 0.5f) * 12.0f, y - 8.0f - rnd(fx) * 16.0f,
                                 0.0f, -30.0f - rnd(fx) * 20.0f, 0.0f, 0.6f, 0.0f, RCLIP_FX_SPARKLE,
                                 (SDL_Color){140, 255, 170, 255}});
        break;
    case EV_SWITCH:
        spawn(fx, (Particle){x - 4.0f, y - 4.0f, 0.0f, -10.0f, 0.0f, 0.3f, 0.0f, RCLIP_FX_SPARKLE,
                             WHITE});
        break;
    case EV_RESPAWNED:
        for (int i = 0; i < 6; i++) {
            float a = (float)i / 6.0f * 6.2831853f;
            spawn(fx, (Particle){x - 4.0f + cosf(a) * 14.0f, y - 4.0f + sinf(a) * 14.0f,
                                 -cosf(a) * 40.0f, -sinf(a) * 40.0f, 0.0f, 0.35f, 0.0f,
                                 RCLIP_FX_SPARKLE, WHITE});
        }
        break;
    case EV_COMPLETED: fx->flash = 0.3f; break;
    default: break;
    }
}

void effects_update(Effects *fx, float dt)
{
    int kept = 0;
    for (int i = 0; i < fx->count; i++) {
        Particle p = fx->items[i];
        p.age += dt;
        if (p.age >= p.life)
            continue;
        p.vy += p.gravity * dt;
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        fx->items[kept++] = p;
    }
    fx->count = kept;
    if (fx->next >= fx->count)
        fx->next = 0;
    fx->flash = fx->flash > dt ? fx->flash - dt : 0.0f;
    fx->shake = fx->shake > dt ? fx->shake - dt : 0.0f;
}

void effects_draw(const Effects *fx, Batch *b, const RenderAtlas *atlas, const RenderView *view)
{
    for (int i = 0; i < fx->count; i++) {
        const Particle *p = &fx->items[i];
        const RenderSheet *sheet = &atlas->sheets[p->clip];
        int frame = (int)(p->age / p->life * (float)sheet->frames);
        SDL_Rect src = render_cell(atlas, p->clip, 0, frame);
        int x = (int)floorf(p->x + 0.5f) - view->x, y = (int)floorf(p->y + 0.5f) - view->y;
        if (x >= view->w || y >= view->h || x + src.w <= 0 || y + src.h <= 0)
            continue;
        render_region(b, src, x, y, p->tint);
    }
}

void effects_draw_flash(const Effects *fx, Batch *b, const RenderAtlas *atlas,
                        const RenderView *view)
{
    if (fx->flash <= 0.0f)
        return;
    float a = fx->flash / 0.3f;
    if (a > 1.0f)
        a = 1.0f;
    render_fill(b, atlas, (SDL_Rect){0, 0, view->w, view->h},
                (SDL_Color){255, 255, 255, (Uint8)(a * 150.0f)});
}

void effects_shake_offset(const Effects *fx, int *dx, int *dy)
{
    *dx = *dy = 0;
    if (fx->shake <= 0.0f)
        return;
    /* a fixed pattern by time left: no randomness needed to feel a knock */
    int step = (int)(fx->shake * 60.0f);
    static const int pattern[8][2] = {{2, 0}, {-2, 1},  {1, -2}, {-1, 2},
                                      {2, 1}, {-2, -1}, {0, 2},  {1, -1}};
    int div = fx->shake > 0.12f ? 1 : 2; /* the knock fades */
    *dx = pattern[step & 7][0] / div;
    *dy = pattern[step & 7][1] / div;
}
