/* SPDX-License-Identifier: Zlib */
/*
** hud.h -- what is drawn over the level: counters, the level's title card,
** a sign's speech box, and the F3 debug overlay.
*/
#ifndef HUD_H
#define HUD_H

#include "render.h"
#include "sim.h"

typedef struct DebugStats {
    float fps;
    float tick_ms;  /* mean time of one simulation tick */
    float frame_ms; /* CPU time to build and submit the last frame */
    unsigned entities;
    int draw_calls;
    int quads;
    const EcsWorld *world; /* for pool figures; may be NULL */
} DebugStats;

/* "1:02.50" from a tick count (60 ticks a second). */
void hud_format_time(uint32_t ticks, char *out, size_t cap);
/* Coins, gems (in a level that has some), deaths and the timer in the
** top-left corner: coins and gems as banked of the level's, with what is
** carried since the last checkpoint beside them in HUD_PENDING_INK ("12/60
** +3"). */
void hud_draw(Batch *b, const RenderAtlas *atlas, const SimStatus *status);
/* The width of that strip: the same from the first coin to the last, from
** 0 deaths to 999 and from 0:00.00 to 99:59.99. */
int hud_width(const RenderAtlas *atlas, const SimStatus *status);
/* The middle of the coins' (gem false) or the gems' icon, screen px: where
** banked coins fly to. */
SDL_Point hud_counter_point(const RenderAtlas *atlas, const SimStatus *status, bool gem);
/* The room of what is carried beside the coins' or the gems' counter. */
SDL_Rect hud_pending_rect(const RenderAtlas *atlas, const SimStatus *status, bool gem);
#define HUD_PENDING_INK ((SDL_Color){150, 214, 255, 255})
enum { HUD_ICON_MIDDLE = 9 };
/* The level's title card is shown whole for its first HUD_TITLE_HOLD s,
** then fades out over HUD_TITLE_FADE s. */
#define HUD_TITLE_HOLD 1.6f
#define HUD_TITLE_FADE 0.5f
/* The level's title, fading out over its first seconds (age in s). */
void hud_draw_title_card(Batch *b, const RenderAtlas *atlas, const char *title, float age);
/* A sign's words (already filled in, labels_fill_text) in a speech box
** above the sign, whose top middle is at `sign` (screen px), kept on the
** screen under the counters; shown 0..1 fades and raises it in. */
void hud_draw_sign(Batch *b, const RenderAtlas *atlas, const char *text, SDL_Point sign,
                   float shown);
/* Where that box is when wholly shown. */
SDL_Rect hud_sign_rect(const RenderAtlas *atlas, const char *text, SDL_Point sign);
/* The debug overlay in the top-right corner. */
void hud_draw_debug(Batch *b, const RenderAtlas *atlas, const DebugStats *stats);

/* The overlay as a table: a row a figure (FPS, tick and frame time,
** entities, draw calls, quads), then a row a component pool (count,
** memory); in each row a label, a figure and a unit, the labels in a
** column aligned left, figures and units in columns aligned right. */
enum { HUD_DEBUG_ROWS = 16 };
typedef struct HudDebugLayout {
    char text[HUD_DEBUG_ROWS][3][32];
    int cell_x[HUD_DEBUG_ROWS][3]; /* screen x of each text */
    int rows, figures;             /* rows in all; the first `figures` are the frame's */
    int x, y, w, h;                /* the table's box */
} HudDebugLayout;
void hud_debug_layout(const RenderAtlas *atlas, const DebugStats *stats, HudDebugLayout *l);

#endif
