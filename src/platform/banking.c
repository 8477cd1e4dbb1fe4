/* SPDX-License-Identifier: Zlib */
/*
** banking.c -- the coins carried, banked and dropped, as the front end
** shows them (see banking.h).
**
** A banked coin flies on a curve: out of the checkpoint in a burst, each
** its own way, then into its counter, speeding up as it comes; one after
** another, so that the counter counts them in. A dropped coin flies from
** where Pip died back to its place on an arc, within the death's wait, all
** nearly at once, and sits there until Pip is back (by then the level has
** put the coin itself back under it).
*/
#include "banking.h"

#include "kinds.h"

#include <math.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};

void banking_init(Banking *b, float respawn_time)
{
    memset(b, 0, sizeof *b);
    b->scatter = respawn_time * 0.8f;
}

static void remove_at(Banking *b, int i)
{
    memmove(&b->coins[i], &b->coins[i + 1], (size_t)(b->count - i - 1) * sizeof b->coins[0]);
    b->count--;
}

/* Every coin carried starts to fly from (x, y), as `state`, one after
** another `stagger` s apart. */
static void launch(Banking *b, BankState state, float x, float y, float stagger, float leave)
{
    int n = 0;
    for (int i = 0; i < b->count; i++)
        n += b->coins[i].state == BANK_CARRIED;
    if (n == 0)
        return;
    float gap = n > 1 && leave / (float)(n - 1) < stagger ? leave / (float)(n - 1) : stagger;
    int k = 0;
    for (int i = 0; i < b->count; i++) {
        BankCoin *c = &b->coins[i];
        if (c->state != BANK_CARRIED)
            continue;
        c->state = state;
        c->from_x = x;
        c->from_y = y;
        c->age = -gap * (float)k;
        /* spread over the upper half, first to the right */
        c->turn = -0.6f - 1.9f * (float)((k * 5) % 8) / 7.0f;
        k++;
    }
}

void banking_event(Banking *b, const SimEvent *ev)
{
    switch (ev->type) {
    case EV_COLLECTED:
        if (b->count < BANKING_MAX)
            b->coins[b->count++] =
                (BankCoin){.x = (float)ev->x, .y = (float)ev->y, .gem = ev->sound == SOUND_GEM};
        break;
    case EV_CHECKPOINT:
    case EV_COMPLETED:
        launch(b, BANK_FLYING, (float)ev->x, (float)ev->y, BANKING_STAGGER, BANKING_LEAVE);
        break;
    case EV_DIED:
        launch(b, BANK_SCATTERING, (float)ev->x, (float)ev->y, 0.02f, b->scatter * 0.25f);
        break;
    case EV_RESPAWNED:
        for (int i = b->count - 1; i >= 0; i--)
            if (b->coins[i].state == BANK_SCATTERING)
                remove_at(b, i);
        break;
    default: break;
    }
}

bool banking_update(Banking *b, float dt)
{
    int landed = 0;
    b->ring = b->ring > dt ? b->ring - dt : 0.0f;
    for (int i = b->count - 1; i >= 0; i--) {
        BankCoin *c = &b->coins[i];
        if (c->state == BANK_CARRIED)
            continue;
        c->age += dt;
        if (c->state == BANK_FLYING && c->age >= BANKING_FLIGHT) {
            remove_at(b, i);
            landed++;
        }
    }
    if (landed == 0 || b->ring > 0.0f)
        return false;
    b->ring = BANKING_RING;
    return true;
}

SimStatus banking_shown(const Banking *b, const SimStatus *status)
{
    SimStatus s = *status;
    for (int i = 0; i < b->count; i++) {
        const BankCoin *c = &b->coins[i];
        int *banked = c->gem ? &s.gems : &s.collected;
        int *carried = c->gem ? &s.gems_carried : &s.carried;
        if (c->state == BANK_FLYING) {
            (*banked)--;
            if (c->age < 0.0f)
                (*carried)++;
        } else if (c->state == BANK_SCATTERING) {
            (*carried)--;
        }
    }
    s.collected = s.collected < 0 ? 0 : s.collected;
    s.gems = s.gems < 0 ? 0 : s.gems;
    s.carried = s.carried < 0 ? 0 : s.carried;
    s.gems_carried = s.gems_carried < 0 ? 0 : s.gems_carried;
    return s;
}

static float smooth(float u)
{
    u = u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u;
    return u * u * (3.0f - 2.0f * u);
}

/* A cell drawn with its middle at (x, y), screen px. */
static void draw_centred(Batch *batch, SDL_Rect cell, float x, float y, SDL_Color tint)
{
    render_region(batch, cell, (int)floorf(x - (float)cell.w / 2.0f + 0.5f),
                  (int)floorf(y - (float)cell.h / 2.0f + 0.5f), tint);
}

void banking_draw_scatter(const Banking *b, Batch *batch, const RenderAtlas *atlas,
                          const RenderView *view)
{
    int coin = kind_clip_find("coin"), gem = kind_clip_find("gem");
    for (int i = 0; i < b->count; i++) {
        const BankCoin *c = &b->coins[i];
        if (c->state != BANK_SCATTERING || c->age < 0.0f)
            continue;
        float u = smooth(c->age / (b->scatter > 0.0f ? b->scatter : 1.0f));
        float dx = c->x - c->from_x, dy = c->y - c->from_y;
        /* an arc over the straight line, higher for a longer way */
        float lift = (12.0f + 0.25f * sqrtf(dx * dx + dy * dy)) * sinf(3.1415927f * u);
        float x = c->from_x + dx * u, y = c->from_y + dy * u - lift;
        SDL_Rect cell = render_cell(atlas, c->gem ? gem : coin, 0, 0);
        SDL_Color tint = WHITE;
        tint.a = (Uint8)(140.0f + 115.0f * u);
        draw_centred(batch, cell, x - (float)view->x, y - (float)view->y, tint);
    }
}

void banking_draw_flights(const Banking *b, Batch *batch, const RenderAtlas *atlas,
                          const RenderView *view, SDL_Point coin_to, SDL_Point gem_to)
{
    for (int i = 0; i < b->count; i++) {
        const BankCoin *c = &b->coins[i];
        if (c->state != BANK_FLYING || c->age < 0.0f)
            continue;
        float u = c->age / BANKING_FLIGHT;
        u = u > 1.0f ? 1.0f : u;
        /* a quadratic curve: out of the checkpoint in a burst its own way,
        ** then into the counter, faster as it comes */
        SDL_Point to = c->gem ? gem_to : coin_to;
        float x0 = c->from_x - (float)view->x, y0 = c->from_y - (float)view->y;
        float x1 = x0 + cosf(c->turn) * 48.0f, y1 = y0 + sinf(c->turn) * 48.0f;
        float t = u * u * 0.6f + u * 0.4f, s = 1.0f - t;
        float x = s * s * x0 + 2.0f * s * t * x1 + t * t * (float)to.x;
        float y = s * s * y0 + 2.0f * s * t * y1 + t * t * (float)to.y;
        SDL_Rect cell = render_cell(atlas, c->gem ? RCLIP_HUD_GEM : RCLIP_HUD_COIN, 0, 0);
        draw_centred(batch, cell, x, y, WHITE);
    }
}
