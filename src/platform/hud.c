/* hud.c -- counters, title card, debug overlay. */
#include "hud.h"

#include <stdio.h>

static const SDL_Color WHITE = {255, 255, 255, 255};

void hud_format_time(uint32_t ticks, char *out, size_t cap)
{
    uint32_t hundredths = (uint32_t)((uint64_t)ticks * 100u / SIM_TICK_RATE);
    uint32_t minutes = hundredths / 6000u, seconds = hundredths / 100u % 60u;
    snprintf(out, cap, "%u:%02u.%02u", minutes, seconds, hundredths % 100u);
}

void hud_draw(Batch *b, const RenderAtlas *atlas, const SimStatus *status)
{
    char coins[24], deaths[16], clock[24];
    int have = status->collected + status->carried; /* banked, and carried since the checkpoint */
    snprintf(coins, sizeof coins, "%d/%d", have, status->collectibles);
    snprintf(deaths, sizeof deaths, "%u", status->deaths);
    hud_format_time(status->ticks, clock, sizeof clock);
    SDL_Rect icons[3] = {render_cell(atlas, RCLIP_HUD_COIN, 0, 0),
                         render_cell(atlas, RCLIP_HUD_SKULL, 0, 0),
                         render_cell(atlas, RCLIP_HUD_CLOCK, 0, 0)};
    const char *texts[3] = {coins, deaths, clock};
    bool all = have == status->collectibles && status->collectibles > 0;
    SDL_Color colors[3] = {all ? (SDL_Color){255, 220, 90, 255} : WHITE, WHITE, WHITE};

    /* a dark strip as wide as what it holds, so the counters read anywhere */
    int width = 4;
    for (int i = 0; i < 3; i++)
        width += icons[i].w + 3 + render_text_width(atlas, texts[i]) + 10;
    render_fill(b, atlas, (SDL_Rect){2, 2, width, 15}, (SDL_Color){12, 14, 30, 110});
    int x = 6, y = 5;
    for (int i = 0; i < 3; i++) {
        render_region(b, icons[i], x, y - 1, WHITE);
        x += icons[i].w + 3;
        x += render_text(b, atlas, texts[i], x, y, colors[i]) + 10;
    }
}

void hud_draw_title_card(Batch *b, const RenderAtlas *atlas, const char *title, float age)
{
    const float hold = 1.6f, fade = 0.5f;
    if (!title || !*title || age >= hold + fade)
        return;
    float a = age < hold ? 1.0f : 1.0f - (age - hold) / fade;
    Uint8 alpha = (Uint8)(a * 255.0f);
    int w = render_text_width(atlas, title);
    int x = (LOGICAL_W - w) / 2, y = 64;
    render_fill(b, atlas, (SDL_Rect){0, y - 8, LOGICAL_W, 24}, (SDL_Color){12, 14, 30, (Uint8)(a * 150.0f)});
    render_text(b, atlas, title, x, y, (SDL_Color){255, 255, 255, alpha});
}

void hud_draw_debug(Batch *b, const RenderAtlas *atlas, const DebugStats *stats)
{
    char lines[16][48];
    int n = 0;
    snprintf(lines[n++], sizeof lines[0], "FPS %.0f", (double)stats->fps);
    snprintf(lines[n++], sizeof lines[0], "TICK %.3f MS", (double)stats->tick_ms);
    snprintf(lines[n++], sizeof lines[0], "FRAME %.3f MS", (double)stats->frame_ms);
    snprintf(lines[n++], sizeof lines[0], "ENTITIES %u", stats->entities);
    snprintf(lines[n++], sizeof lines[0], "DRAW CALLS %d", stats->draw_calls);
    snprintf(lines[n++], sizeof lines[0], "QUADS %d", stats->quads);
    if (stats->world) {
        uint32_t types = ecs_component_count(stats->world);
        for (uint32_t t = 0; t < types && n < 16; t++) {
            EcsPoolStats ps;
            if (ecs_pool_stats(stats->world, t, &ps) && ps.count > 0)
                snprintf(lines[n++], sizeof lines[0], "%-13.13s%5u %4zuK", ps.name, ps.count,
                         (ps.bytes + 1023) / 1024);
        }
    }
    int w = 0;
    for (int i = 0; i < n; i++) {
        int lw = render_text_width(atlas, lines[i]);
        if (lw > w)
            w = lw;
    }
    int lh = atlas->font.line_height;
    int x = LOGICAL_W - w - 8, y = 4;
    render_fill(b, atlas, (SDL_Rect){x - 4, y - 2, w + 8, n * lh + 3}, (SDL_Color){0, 0, 0, 170});
    for (int i = 0; i < n; i++)
        render_text(b, atlas, lines[i], x, y + i * lh, i < 6 ? (SDL_Color){140, 255, 140, 255}
                                                            : (SDL_Color){200, 200, 255, 255});
}
