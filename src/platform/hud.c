/* SPDX-License-Identifier: Zlib */
/* hud.c -- counters, title card, a sign's box, debug overlay. */
#include "hud.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};

void hud_format_time(uint32_t ticks, char *out, size_t cap)
{
    uint32_t hundredths = (uint32_t)((uint64_t)ticks * 100u / SIM_TICK_RATE);
    uint32_t minutes = hundredths / 6000u, seconds = hundredths / 100u % 60u;
    snprintf(out, cap, "%u:%02u.%02u", minutes, seconds, hundredths % 100u);
}

/* The width of text with each digit as wide as the widest: a counter's
** width does not change as its digits do. */
static int digits_width(const RenderAtlas *atlas, const char *text)
{
    int widest = 0;
    for (char d = '0'; d <= '9'; d++) {
        char one[2] = {d, '\0'};
        int w = render_text_width(atlas, one);
        if (w > widest)
            widest = w;
    }
    int w = 0;
    for (const char *c = text; *c; c++) {
        char one[2] = {*c, '\0'};
        w += *c >= '0' && *c <= '9' ? widest : render_text_width(atlas, one);
    }
    return w;
}

/* What each counter shows, and the room it keeps: coins (and gems) as many
** digits as the level's total on both sides of the '/', then room for what
** is carried as "+" and as many digits again; deaths three digits, the
** clock two of minutes, each more only once the value needs it. The gems'
** counter is there only in a level that has gems. */
enum { HUD_COUNTERS = 4, HUD_PENDING_GAP = 4 };

typedef struct HudLayout {
    int count;
    SDL_Rect icon[HUD_COUNTERS];
    int x[HUD_COUNTERS]; /* where the icon is drawn */
    char texts[HUD_COUNTERS][24];
    int room[HUD_COUNTERS];
    SDL_Color color[HUD_COUNTERS];
    char pending[HUD_COUNTERS][16]; /* "+3", or "" */
    int pending_room[HUD_COUNTERS]; /* 0: a counter without */
    int width;                      /* the strip's */
} HudLayout;

static void add_counter(const RenderAtlas *atlas, HudLayout *l, int rclip, const char *text,
                        const char *widest, SDL_Color color)
{
    int i = l->count++;
    l->icon[i] = render_cell(atlas, rclip, 0, 0);
    snprintf(l->texts[i], sizeof l->texts[i], "%s", text);
    int now = digits_width(atlas, text), keep = digits_width(atlas, widest);
    l->room[i] = now > keep ? now : keep;
    l->color[i] = color;
    l->pending[i][0] = '\0';
    l->pending_room[i] = 0;
}

/* What the last counter holds beside it, not yet banked: "+carried", in
** room for "+total". */
static void add_pending(const RenderAtlas *atlas, HudLayout *l, int carried, int total)
{
    int i = l->count - 1;
    char widest[16];
    snprintf(widest, sizeof widest, "+%d", total);
    if (carried > 0)
        snprintf(l->pending[i], sizeof l->pending[i], "+%d", carried);
    int now = digits_width(atlas, l->pending[i]), keep = digits_width(atlas, widest);
    l->pending_room[i] = HUD_PENDING_GAP + (now > keep ? now : keep);
}

/* "have/total", and the widest it will be: total/total. */
static void fraction(int have, int total, char *text, char *widest, size_t cap)
{
    snprintf(text, cap, "%d/%d", have, total);
    snprintf(widest, cap, "%d/%d", total, total);
}

static void layout(const RenderAtlas *atlas, const SimStatus *status, HudLayout *l)
{
    const SDL_Color coin_gold = {255, 220, 90, 255}, gem_pink = {255, 150, 220, 255};
    char text[24], widest[24];
    l->count = 0;
    /* banked, and beside it what is carried since the checkpoint */
    fraction(status->collected, status->collectibles, text, widest, sizeof text);
    add_counter(atlas, l, RCLIP_HUD_COIN, text, widest,
                status->collected == status->collectibles && status->collectibles > 0 ? coin_gold
                                                                                      : WHITE);
    add_pending(atlas, l, status->carried, status->collectibles);
    if (status->gems_total > 0) {
        fraction(status->gems, status->gems_total, text, widest, sizeof text);
        add_counter(atlas, l, RCLIP_HUD_GEM, text, widest,
                    status->gems == status->gems_total ? gem_pink : WHITE);
        add_pending(atlas, l, status->gems_carried, status->gems_total);
    }
    snprintf(text, sizeof text, "%u", status->deaths);
    add_counter(atlas, l, RCLIP_HUD_SKULL, text, "000", WHITE);
    hud_format_time(status->ticks, text, sizeof text);
    add_counter(atlas, l, RCLIP_HUD_CLOCK, text, "00:00.00", WHITE);
    int x = 6;
    for (int i = 0; i < l->count; i++) {
        l->x[i] = x;
        x += l->icon[i].w + 3 + l->room[i] + l->pending_room[i] + 10;
    }
    l->width = x - 2;
}

int hud_width(const RenderAtlas *atlas, const SimStatus *status)
{
    HudLayout l;
    layout(atlas, status, &l);
    return l.width;
}

SDL_Point hud_counter_point(const RenderAtlas *atlas, const SimStatus *status, bool gem)
{
    HudLayout l;
    layout(atlas, status, &l);
    int i = gem && status->gems_total > 0 ? 1 : 0;
    return (SDL_Point){l.x[i] + l.icon[i].w / 2, HUD_ICON_MIDDLE};
}

SDL_Rect hud_pending_rect(const RenderAtlas *atlas, const SimStatus *status, bool gem)
{
    HudLayout l;
    layout(atlas, status, &l);
    int i = gem && status->gems_total > 0 ? 1 : 0;
    return (SDL_Rect){l.x[i] + l.icon[i].w + 3 + l.room[i] + HUD_PENDING_GAP, 4,
                      l.pending_room[i] - HUD_PENDING_GAP, 11};
}

void hud_draw(Batch *b, const RenderAtlas *atlas, const SimStatus *status)
{
    HudLayout l;
    layout(atlas, status, &l);
    /* a dark strip as wide as what it holds, so the counters read anywhere;
    ** each counter in a room of its own, so nothing moves as it counts */
    render_fill(b, atlas, (SDL_Rect){2, 2, l.width, 15}, (SDL_Color){12, 14, 30, 110});
    const int y = 5;
    for (int i = 0; i < l.count; i++) {
        int x = l.x[i];
        /* icons of different heights share one middle line */
        render_region(b, l.icon[i], x, y - 1 + (11 - l.icon[i].h) / 2, WHITE);
        x += l.icon[i].w + 3;
        render_text(b, atlas, l.texts[i], x, y, l.color[i]);
        x += l.room[i] + HUD_PENDING_GAP;
        if (l.pending[i][0])
            render_text(b, atlas, l.pending[i], x, y, HUD_PENDING_INK);
    }
}

void hud_draw_title_card(Batch *b, const RenderAtlas *atlas, const char *title, float age)
{
    const float hold = HUD_TITLE_HOLD, fade = HUD_TITLE_FADE;
    if (!title || !*title || age >= hold + fade)
        return;
    float a = age < hold ? 1.0f : 1.0f - (age - hold) / fade;
    Uint8 alpha = (Uint8)(a * 255.0f);
    int w = render_text_width(atlas, title);
    int x = (LOGICAL_W - w) / 2, y = 64;
    render_fill(b, atlas, (SDL_Rect){0, y - 8, LOGICAL_W, 24},
                (SDL_Color){12, 14, 30, (Uint8)(a * 150.0f)});
    render_text(b, atlas, title, x, y, (SDL_Color){255, 255, 255, alpha});
}

/* The sign's box: words wrapped to at most SIGN_TEXT_W px, centred over
** the sign SIGN_ABOVE px above its top (clear of Pip's head beside it),
** with a tail down to it; kept inside the screen and below the counters'
** strip (2..17) so it never hides them; dark with a light rim, so it reads
** on every background. */
enum {
    SIGN_TEXT_W = 260,
    SIGN_TOP = 20,
    SIGN_MARGIN = 4,
    SIGN_ABOVE = 16,
    SIGN_PAD_X = 10,
    SIGN_PAD_Y = 7,
    SIGN_SLIDE = 6,
    SIGN_TAIL = 4
};

SDL_Rect hud_sign_rect(const RenderAtlas *atlas, const char *text, SDL_Point sign)
{
    char wrapped[1024];
    int lines = render_wrap(atlas, text, SIGN_TEXT_W, 0, wrapped, sizeof wrapped);
    int w = render_text_width(atlas, wrapped) + 2 * SIGN_PAD_X; /* its widest line's */
    int h = lines * atlas->font.line_height + 2 * SIGN_PAD_Y - 2;
    int x = sign.x - w / 2, y = sign.y - SIGN_ABOVE - h;
    x = x > LOGICAL_W - SIGN_MARGIN - w ? LOGICAL_W - SIGN_MARGIN - w : x;
    x = x < SIGN_MARGIN ? SIGN_MARGIN : x;
    y = y > LOGICAL_H - SIGN_MARGIN - h ? LOGICAL_H - SIGN_MARGIN - h : y;
    y = y < SIGN_TOP ? SIGN_TOP : y;
    return (SDL_Rect){x, y, w, h};
}

void hud_draw_sign(Batch *b, const RenderAtlas *atlas, const char *text, SDL_Point sign,
                   float shown)
{
    if (!text || !*text || shown <= 0.0f)
        return;
    float a = shown >= 1.0f ? 1.0f : shown * shown * (3.0f - 2.0f * shown); /* eased */
    char wrapped[1024];
    render_wrap(atlas, text, SIGN_TEXT_W, 0, wrapped, sizeof wrapped);
    SDL_Rect r = hud_sign_rect(atlas, text, sign);
    r.y += (int)((1.0f - a) * (float)SIGN_SLIDE + 0.5f); /* rises as it comes */
    Uint8 edge = (Uint8)(235.0f * a), body = (Uint8)(228.0f * a), ink = (Uint8)(255.0f * a);
    /* a dark edge with cut corners, a warm rim inside it, the body: each
    ** pixel painted once, so the box fades evenly */
    SDL_Color dark = {10, 10, 24, edge}, rim = {236, 214, 160, ink};
    SDL_Color fill = {28, 26, 52, body};
    for (int k = 0; k < 2; k++) { /* the edge, then the rim a pixel in */
        SDL_Color c = k == 0 ? dark : rim;
        render_fill(b, atlas, (SDL_Rect){r.x + 2, r.y + k, r.w - 4, 1}, c);
        render_fill(b, atlas, (SDL_Rect){r.x + 2, r.y + r.h - 1 - k, r.w - 4, 1}, c);
        render_fill(b, atlas, (SDL_Rect){r.x + k, r.y + 2, 1, r.h - 4}, c);
        render_fill(b, atlas, (SDL_Rect){r.x + r.w - 1 - k, r.y + 2, 1, r.h - 4}, c);
    }
    render_fill(b, atlas, (SDL_Rect){r.x + 2, r.y + 2, r.w - 4, r.h - 4}, fill);
    /* the tail, a narrowing wedge down towards the sign, when the box is
    ** above it and the sign under the box */
    int bottom = r.y + r.h;
    if (sign.y - bottom >= SIGN_TAIL && sign.x >= r.x + 6 && sign.x < r.x + r.w - 6)
        for (int k = 0; k < SIGN_TAIL; k++)
            render_fill(b, atlas,
                        (SDL_Rect){sign.x - (SIGN_TAIL - k), bottom + k, 2 * (SIGN_TAIL - k), 1},
                        k == 0 ? fill : dark);
    int y = r.y + SIGN_PAD_Y;
    for (char *line = wrapped; *line; y += atlas->font.line_height) {
        char *end = strchr(line, '\n');
        if (end != NULL)
            *end = '\0';
        /* each line centred, as a sign is lettered */
        render_text(b, atlas, line, r.x + (r.w - render_text_width(atlas, line)) / 2, y,
                    (SDL_Color){255, 255, 255, ink});
        if (end == NULL)
            break;
        line = end + 1;
    }
}

/* One text of the overlay's table in a row's column: the label, the
** figure, its unit. */
#if defined(__GNUC__)
static void cell(HudDebugLayout *l, int row, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#endif

static void cell(HudDebugLayout *l, int row, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->text[row][col], sizeof l->text[row][col], fmt, ap);
    va_end(ap);
}

void hud_debug_layout(const RenderAtlas *atlas, const DebugStats *stats, HudDebugLayout *l)
{
    memset(l, 0, sizeof *l);
    int n = 0;
    cell(l, n, 0, "FPS");
    cell(l, n++, 1, "%.0f", (double)stats->fps);
    cell(l, n, 0, "TICK");
    cell(l, n, 1, "%.3f", (double)stats->tick_ms);
    cell(l, n++, 2, "MS");
    cell(l, n, 0, "FRAME");
    cell(l, n, 1, "%.3f", (double)stats->frame_ms);
    cell(l, n++, 2, "MS");
    cell(l, n, 0, "ENTITIES");
    cell(l, n++, 1, "%u", stats->entities);
    cell(l, n, 0, "DRAW CALLS");
    cell(l, n++, 1, "%d", stats->draw_calls);
    cell(l, n, 0, "QUADS");
    cell(l, n++, 1, "%d", stats->quads);
    l->figures = n;
    if (stats->world) {
        uint32_t types = ecs_component_count(stats->world);
        for (uint32_t t = 0; t < types && n < HUD_DEBUG_ROWS; t++) {
            EcsPoolStats ps;
            if (!ecs_pool_stats(stats->world, t, &ps) || ps.count == 0)
                continue;
            cell(l, n, 0, "%.20s", ps.name);
            render_upcase(l->text[n][0]);
            cell(l, n, 1, "%u", ps.count);
            cell(l, n++, 2, "%zuK", (ps.bytes + 1023) / 1024);
        }
    }
    l->rows = n;
    /* columns as wide as their widest text: labels left, figures and units
    ** right-aligned on their column's right edge */
    int colw[3] = {0, 0, 0};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < 3; c++) {
            int w = render_text_width(atlas, l->text[r][c]);
            if (w > colw[c])
                colw[c] = w;
        }
    const int gap = 8;
    l->w = colw[0] + gap + colw[1] + (colw[2] > 0 ? gap / 2 + colw[2] : 0);
    l->h = n * atlas->font.line_height;
    l->x = LOGICAL_W - l->w - 8;
    l->y = 4;
    int right[3] = {0, colw[0] + gap + colw[1], l->w};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < 3; c++) {
            int w = render_text_width(atlas, l->text[r][c]);
            l->cell_x[r][c] = l->x + (c == 0 ? 0 : right[c] - w);
        }
}

void hud_draw_debug(Batch *b, const RenderAtlas *atlas, const DebugStats *stats)
{
    HudDebugLayout l;
    hud_debug_layout(atlas, stats, &l);
    render_fill(b, atlas, (SDL_Rect){l.x - 4, l.y - 2, l.w + 8, l.h + 3},
                (SDL_Color){0, 0, 0, 170});
    for (int r = 0; r < l.rows; r++)
        for (int c = 0; c < 3; c++)
            if (l.text[r][c][0])
                render_text(b, atlas, l.text[r][c], l.cell_x[r][c],
                            l.y + r * atlas->font.line_height,
                            r < l.figures ? (SDL_Color){140, 255, 140, 255}
                                          : (SDL_Color){200, 200, 255, 255});
}
