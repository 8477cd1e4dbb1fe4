/*
** hud.h -- what is drawn over the level: counters, the level's title card,
** and the F3 debug overlay.
*/
#ifndef HUD_H
#define HUD_H

#include "render.h"
#include "sim.h"

typedef struct DebugStats {
    float fps;
    float tick_ms;          /* mean time of one simulation tick */
    float frame_ms;         /* CPU time to build and submit the last frame */
    unsigned entities;
    int draw_calls;
    int quads;
    const EcsWorld *world;  /* for pool figures; may be NULL */
} DebugStats;

/* "1:02.50" from a tick count (60 ticks a second). */
void hud_format_time(uint32_t ticks, char *out, size_t cap);
/* Coins, deaths and the timer in the top-left corner. */
void hud_draw(Batch *b, const RenderAtlas *atlas, const SimStatus *status);
/* The level's title, fading out over its first seconds (age in s). */
void hud_draw_title_card(Batch *b, const RenderAtlas *atlas, const char *title, float age);
/* The debug overlay in the top-right corner. */
void hud_draw_debug(Batch *b, const RenderAtlas *atlas, const DebugStats *stats);

#endif
