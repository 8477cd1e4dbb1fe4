/* SPDX-License-Identifier: Zlib */
/*
** screens.c -- drawing every screen: the level with its HUD, the menus over
** the drifting backdrop or the dimmed level, the level-complete card, the
** end of the campaign, a level's errors, and the F3 overlay.
**
** Nothing here changes the game but the figures of the last frame (draw
** calls, quads, the view), kept for the overlay and the tests.
*/
#include "frontend_internal.h"

#include "labels.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 102, 255};
static const SDL_Color GREY = {190, 196, 220, 255};

void screens_tagline(int levels, char *out, size_t cap)
{
    static const char *const words[] = {
        "NO",      "ONE",     "TWO",       "THREE",    "FOUR",     "FIVE",    "SIX",
        "SEVEN",   "EIGHT",   "NINE",      "TEN",      "ELEVEN",   "TWELVE",  "THIRTEEN",
        "FOURTEEN", "FIFTEEN", "SIXTEEN",  "SEVENTEEN", "EIGHTEEN", "NINETEEN", "TWENTY",
    };
    const char *noun = levels == 1 ? "LEVEL" : "LEVELS";
    if (levels >= 0 && levels < (int)(sizeof words / sizeof words[0]))
        snprintf(out, cap, "A CLIMB IN %s %s", words[levels], noun);
    else
        snprintf(out, cap, "A CLIMB IN %d %s", levels, noun);
}

static void draw_centered(Frontend *g, const char *text, int y, SDL_Color c)
{
    render_text(&g->batch, &g->atlas, text, (LOGICAL_W - render_text_width(&g->atlas, text)) / 2,
                y, c);
}

/* Text wrapped to width px at (x, y), at most max_lines lines: when there
** are more, the last one shown says how many are left out. Returns the
** lines drawn. */
static int draw_wrapped(Frontend *g, const char *text, int x, int y, int width, int max_lines,
                        SDL_Color c)
{
    char wrapped[2 * ERROR_TEXT_MAX];
    int lines = render_wrap(&g->atlas, text, width, 2, wrapped, sizeof wrapped);
    int shown = lines <= max_lines ? lines : max_lines - 1;
    char *line = wrapped;
    for (int i = 0; i < shown && line != NULL; i++) {
        char *end = strchr(line, '\n');
        if (end != NULL)
            *end = '\0';
        render_text(&g->batch, &g->atlas, line, x, y + i * g->atlas.font.line_height, c);
        line = end != NULL ? end + 1 : NULL;
    }
    if (shown < lines && shown >= 0) {
        char more[48];
        snprintf(more, sizeof more, "... %d more lines", lines - shown);
        render_text(&g->batch, &g->atlas, more, x, y + shown * g->atlas.font.line_height, GREY);
        shown++;
    }
    return shown;
}

/* Text along the bottom of the screen, wrapped, its last line 12 px from
** the bottom, the lines before it above. */
static void draw_bottom_lines(Frontend *g, const char *text, SDL_Color c)
{
    char wrapped[1024];
    int lines = render_wrap(&g->atlas, text, LOGICAL_W - 12, 0, wrapped, sizeof wrapped);
    int y = LOGICAL_H - 12 - (lines - 1) * g->atlas.font.line_height;
    for (char *line = wrapped; *line; y += g->atlas.font.line_height) {
        char *end = strchr(line, '\n');
        if (end != NULL)
            *end = '\0';
        draw_centered(g, line, y, c);
        if (end == NULL)
            break;
        line = end + 1;
    }
}

static void dim(Frontend *g, Uint8 a)
{
    render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H}, (SDL_Color){8, 8, 20, a});
}

static void draw_level(Frontend *g, float alpha)
{
    int sx, sy;
    effects_shake_offset(&g->session.fx, &sx, &sy);
    RenderView view = {(int)floorf(g->session.camera.x + 0.5f) + sx, (int)floorf(g->session.camera.y + 0.5f) + sy,
                       LOGICAL_W, LOGICAL_H};
    g->frame.view_x = view.x;
    g->frame.view_y = view.y;
    const RenderBackground *bg = render_atlas_background(&g->atlas, g->session.level.background);
    render_background(&g->batch, &g->atlas, bg, &view,
                      (float)sim_status(g->session.sim)->ticks / (float)SIM_TICK_RATE);
    const Transform *pt = ecs_get(sim_world(g->session.sim), sim_player(g->session.sim), C_TRANSFORM);
    const Collider *pc = ecs_get(sim_world(g->session.sim), sim_player(g->session.sim), C_COLLIDER);
    SDL_Rect player = {pt->x + pc->off_x, pt->y + pc->off_y, pc->w, pc->h};
    render_tiles_revealing(&g->batch, &g->atlas,
                           render_atlas_theme(&g->atlas, g->session.level.background),
                           &g->session.level.map, &view, &player);
    render_sprites(&g->batch, &g->atlas, sim_world(g->session.sim), alpha, &view, &g->sprites);
    effects_draw(&g->session.fx, &g->batch, &g->atlas, &view);
    effects_draw_flash(&g->session.fx, &g->batch, &g->atlas, &view);
    hud_draw(&g->batch, &g->atlas, sim_status(g->session.sim));
    if (g->session.sign_text >= 0 && g->session.sign_shown > 0.0f) {
        char words[1024];
        labels_fill_text(&g->controls.bind, g->controls.pad_last,
                         sim_text(g->session.sim, g->session.sign_text), words, sizeof words);
        hud_draw_sign(&g->batch, &g->atlas, words, g->session.sign_shown);
    }
    hud_draw_title_card(&g->batch, &g->atlas, g->session.level_title, g->session.level_age);
    const float fade = 0.35f; /* levels open from black */
    if (g->session.level_age < fade && !g->session.exact)
        render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
                    (SDL_Color){0, 0, 0, (Uint8)(255.0f * (1.0f - g->session.level_age / fade))});
    if (g->session.playing_back) {
        const char *label = g->session.playback_pos < g->session.playback.count ? "REPLAY" : "REPLAY ENDED - ESC";
        render_text(&g->batch, &g->atlas, label,
                    LOGICAL_W - render_text_width(&g->atlas, label) - 6, LOGICAL_H - 14, GOLD);
    } else if (g->session.recording) {
        render_fill(&g->batch, &g->atlas, (SDL_Rect){LOGICAL_W - 44, LOGICAL_H - 13, 6, 6},
                    (SDL_Color){230, 40, 40, 255});
        render_text(&g->batch, &g->atlas, "REC", LOGICAL_W - 34, LOGICAL_H - 14, WHITE);
    }
}

static void draw_backdrop(Frontend *g)
{
    /* the menus' background drifts slowly: the title screen is alive */
    RenderView view = {(int)(g->screen_time * 12.0f) + 4000, 0, LOGICAL_W, LOGICAL_H};
    render_background(&g->batch, &g->atlas, render_atlas_background(&g->atlas, "hills"), &view,
                      g->screen_time);
}

/* The title in the atlas font at four times its size, with a drop shadow
** and a slow bob: the game's name needs no separate logo art. */
static void draw_logo(Frontend *g, int y, float alpha)
{
    const char *name = "PIP'S PEAK";
    const int scale = 4;
    int w = render_text_width(&g->atlas, name) * scale;
    int x = (LOGICAL_W - w) / 2;
    y += (int)floorf(sinf(g->screen_time * 2.0f) * 2.0f + 0.5f);
    render_text_scaled(&g->batch, &g->atlas, name, x + scale, y + scale, scale,
                       (SDL_Color){30, 24, 60, (Uint8)(200.0f * alpha)});
    render_text_scaled(&g->batch, &g->atlas, name, x, y, scale,
                       (SDL_Color){255, 236, 170, (Uint8)(255.0f * alpha)});
    if (g->campaign) {
        char tag[64];
        screens_tagline(g->campaign->count, tag, sizeof tag);
        draw_centered(g, tag, y + 10 * scale, (SDL_Color){240, 244, 255, (Uint8)(255.0f * alpha)});
    }
}

bool screens_last_level(const Frontend *g)
{
    return g->campaign && g->session.campaign_index >= 0 &&
           g->session.campaign_index + 1 >= g->campaign->count;
}

void screens_complete_keys(const Frontend *g, char *out, size_t cap)
{
    char ok[48], back[48];
    labels_menu_keys(&g->controls.bind, g->controls.pad_last, ok, back, sizeof ok);
    if (g->session.campaign_index < 0)
        snprintf(out, cap, "%s: PLAY AGAIN   %s: QUIT", ok, back);
    else if (screens_last_level(g)) /* the campaign's end comes next, not a level */
        snprintf(out, cap, "%s: CONTINUE   %s: TITLE", ok, back);
    else
        snprintf(out, cap, "%s: NEXT LEVEL   %s: TITLE", ok, back);
}

/* One line of the card: an icon, a name, a figure, and NEW BEST when the
** run improved on the saved best. */
static void card_row(Frontend *g, int x, int y, int rclip, const char *name, const char *figure,
                     SDL_Color color, bool new_best)
{
    render_region(&g->batch, render_cell(&g->atlas, rclip, 0, 0), x, y - 1, WHITE);
    render_text(&g->batch, &g->atlas, name, x + 16, y, GREY);
    render_text(&g->batch, &g->atlas, figure, x + 70, y, color);
    if (new_best)
        render_text(&g->batch, &g->atlas, "NEW BEST", x + 132, y, GOLD);
}

static void draw_complete(Frontend *g)
{
    dim(g, 120);
    const LevelRun *run = &g->session.run;
    unsigned better = g->session.improved;
    bool first = (better & PROGRESS_FIRST_CLEAR) != 0;
    bool gems = run->gems_total > 0;
    char keys[160];
    screens_complete_keys(g, keys, sizeof keys);
    int rows = gems ? 5 : 4;
    int w = render_text_width(&g->atlas, keys) + 28;
    w = w < 236 ? 236 : w;
    SDL_Rect box = {(LOGICAL_W - w) / 2, 0, w, 50 + rows * 16 + 26};
    box.y = (LOGICAL_H - box.h) / 2;
    render_panel(&g->batch, &g->atlas, box);
    /* a first clear is every best at once: said once, in the heading */
    draw_centered(g, first ? "FIRST CLEAR!" : "LEVEL COMPLETE!", box.y + 12, GOLD);
    draw_centered(g, g->session.level_title, box.y + 28, WHITE);
    char figure[48];
    int x = box.x + (box.w - 200) / 2, y = box.y + 50;
    hud_format_time(run->ticks, figure, sizeof figure);
    card_row(g, x, y, RCLIP_HUD_CLOCK, "TIME", figure, WHITE, !first && (better & PROGRESS_BEST_TIME));
    y += 16;
    snprintf(figure, sizeof figure, "%u", run->deaths);
    card_row(g, x, y, RCLIP_HUD_SKULL, "DEATHS", figure, WHITE, !first && (better & PROGRESS_BEST_DEATHS));
    y += 16;
    snprintf(figure, sizeof figure, "%u/%u", run->coins, run->coins_total);
    card_row(g, x, y, RCLIP_HUD_COIN, "COINS", figure,
             run->coins == run->coins_total && run->coins_total > 0 ? GOLD : WHITE,
             !first && (better & PROGRESS_BEST_COINS));
    y += 16;
    if (gems) {
        snprintf(figure, sizeof figure, "%u/%u", run->gems, run->gems_total);
        card_row(g, x, y, RCLIP_HUD_GEM, "GEMS", figure,
                 run->gems == run->gems_total ? (SDL_Color){255, 150, 220, 255} : WHITE,
                 !first && (better & PROGRESS_BEST_GEMS));
        y += 16;
    }
    if (g->session.best_ticks > 0)
        hud_format_time(g->session.best_ticks, figure, sizeof figure);
    else
        snprintf(figure, sizeof figure, "NONE SAVED");
    render_text(&g->batch, &g->atlas, "BEST", x + 16, y, GOLD);
    render_text(&g->batch, &g->atlas, figure, x + 70, y, GOLD);
    if (g->screen_time > 0.4f)
        draw_centered(g, keys, box.y + box.h - 18, GREY);
}

/* ---- the end of the campaign ---- */

enum { CREDIT_LINE = 14, CREDITS_SPEED = 24 /* px/s */ };

typedef enum CreditStyle { CREDIT_GAP, CREDIT_TITLE, CREDIT_HEADING, CREDIT_TEXT } CreditStyle;

/* Line i of the credits (from 0), or false past the last. The levels'
** part is the campaign's own worlds and titles, so it stays true as the
** campaign changes. */
static bool credit_line(const Frontend *g, int i, char *out, size_t cap, CreditStyle *style)
{
    static const struct {
        CreditStyle style;
        const char *text;
    } before[] = {
        {CREDIT_TITLE, "PIP'S PEAK"}, {CREDIT_GAP, ""},          {CREDIT_GAP, ""},
        {CREDIT_HEADING, "MADE WITH"}, {CREDIT_TEXT, "C, SDL2, cJSON and Check"}, {CREDIT_GAP, ""},
        {CREDIT_HEADING, "ART, SOUND AND MUSIC"}, {CREDIT_TEXT, "made in code, from text"},
        {CREDIT_TEXT, "every sprite, every sound, every note"}, {CREDIT_GAP, ""},
        {CREDIT_HEADING, "THE LEVELS"},
    }, after[] = {
        {CREDIT_GAP, ""}, {CREDIT_GAP, ""}, {CREDIT_HEADING, "THANKS FOR PLAYING"},
    };
    const int nb = (int)(sizeof before / sizeof before[0]), na = (int)(sizeof after / sizeof after[0]);
    if (i < nb) {
        snprintf(out, cap, "%s", before[i].text);
        *style = before[i].style;
        return true;
    }
    i -= nb;
    /* each world: a gap, its name, its levels */
    for (int w = 0; g->campaign && w < g->campaign->world_count; w++) {
        const CampaignWorld *world = &g->campaign->worlds[w];
        int lines = 2 + world->count;
        if (i < lines) {
            if (i == 0) {
                snprintf(out, cap, "%s", "");
                *style = CREDIT_GAP;
            } else if (i == 1) {
                snprintf(out, cap, "%s", world->name[0] ? world->name : "The Climb");
                *style = CREDIT_TEXT;
                for (char *c = out; *c; c++)
                    *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
            } else {
                int level = world->first + i - 2;
                snprintf(out, cap, "%d  %s", level + 1, g->campaign->levels[level].title);
                *style = CREDIT_TEXT;
            }
            return true;
        }
        i -= lines;
    }
    if (i < na) {
        snprintf(out, cap, "%s", after[i].text);
        *style = after[i].style;
        return true;
    }
    return false;
}

static int credit_count(const Frontend *g)
{
    char text[CAMPAIGN_TITLE_MAX + 16];
    CreditStyle style;
    int n = 0;
    while (credit_line(g, n, text, sizeof text, &style))
        n++;
    return n;
}

float screens_credits_seconds(const Frontend *g)
{
    return (float)(LOGICAL_H + credit_count(g) * CREDIT_LINE + 2 * CREDIT_LINE) / (float)CREDITS_SPEED;
}

/* The summit: the peak's backdrop, drifting slowly. */
static void draw_summit(Frontend *g)
{
    RenderView view = {(int)(g->screen_time * 6.0f) + 1200, 0, LOGICAL_W, LOGICAL_H};
    render_background(&g->batch, &g->atlas, render_atlas_background(&g->atlas, "peak"), &view,
                      g->screen_time);
}

/* "have/total", "have/total?" when a level could not be counted. */
static void sum_of(uint32_t have, uint32_t total, bool all, char *out, size_t cap)
{
    snprintf(out, cap, "%lu/%lu%s", (unsigned long)have, (unsigned long)total, all ? "" : "?");
}

static void draw_totals(Frontend *g, float alpha)
{
    const CampaignSummary *sum = &g->ending.sum;
    Uint8 a = (Uint8)(255.0f * alpha);
    SDL_Color white = {255, 255, 255, a}, grey = {GREY.r, GREY.g, GREY.b, a}, gold = {GOLD.r, GOLD.g, GOLD.b, a};
    SDL_Rect box = {LOGICAL_W / 2 - 120, 96, 240, 150};
    if (alpha >= 1.0f)
        render_panel(&g->batch, &g->atlas, box);
    else
        render_fill(&g->batch, &g->atlas, box, (SDL_Color){30, 32, 66, (Uint8)(235.0f * alpha)});
    const char *heading = "YOU REACHED THE PEAK!";
    render_text(&g->batch, &g->atlas, heading,
                (LOGICAL_W - render_text_width(&g->atlas, heading)) / 2, box.y + 12, gold);
    char figure[48];
    struct {
        int icon;
        const char *name;
    } rows[] = {{-1, "LEVELS"}, {RCLIP_HUD_CLOCK, "BEST TIMES"}, {RCLIP_HUD_SKULL, "DEATHS"},
                {RCLIP_HUD_COIN, "COINS"}, {RCLIP_HUD_GEM, "GEMS"}};
    int x = box.x + 34, y = box.y + 34;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++, y += 16) {
        switch (i) {
        case 0: snprintf(figure, sizeof figure, "%d/%d", sum->completed, sum->levels); break;
        case 1: hud_format_time(sum->ticks, figure, sizeof figure); break;
        case 2: snprintf(figure, sizeof figure, "%lu", (unsigned long)sum->deaths); break;
        case 3: sum_of(sum->coins, sum->coins_total, sum->all_counted, figure, sizeof figure); break;
        default: sum_of(sum->gems, sum->gems_total, sum->all_counted, figure, sizeof figure); break;
        }
        if (rows[i].icon >= 0)
            render_region(&g->batch, render_cell(&g->atlas, rows[i].icon, 0, 0), x, y - 1, white);
        render_text(&g->batch, &g->atlas, rows[i].name, x + 16, y, grey);
        render_text(&g->batch, &g->atlas, figure, x + 104, y, white);
    }
    if (g->screen_time > 0.8f) {
        char ok[48], back[48], keys[128];
        labels_menu_keys(&g->controls.bind, g->controls.pad_last, ok, back, sizeof ok);
        snprintf(keys, sizeof keys, "%s: CREDITS   %s: TITLE", ok, back);
        render_text(&g->batch, &g->atlas, keys, (LOGICAL_W - render_text_width(&g->atlas, keys)) / 2,
                    box.y + box.h - 18, grey);
    }
}

static void draw_credits(Frontend *g, float t)
{
    /* the lines rise from under the screen's bottom edge */
    int top = LOGICAL_H - (int)(t * (float)CREDITS_SPEED);
    char text[CAMPAIGN_TITLE_MAX + 16];
    CreditStyle style;
    for (int i = 0; credit_line(g, i, text, sizeof text, &style); i++) {
        int y = top + i * CREDIT_LINE;
        if (style == CREDIT_TITLE) {
            const int scale = 3;
            int w = render_text_width(&g->atlas, text) * scale;
            if (y > -10 * scale && y < LOGICAL_H) {
                render_text_scaled(&g->batch, &g->atlas, text, (LOGICAL_W - w) / 2 + 2, y + 2, scale,
                                   (SDL_Color){30, 24, 60, 200});
                render_text_scaled(&g->batch, &g->atlas, text, (LOGICAL_W - w) / 2, y, scale,
                                   (SDL_Color){255, 236, 170, 255});
            }
            continue;
        }
        if (style == CREDIT_GAP || y < -CREDIT_LINE || y > LOGICAL_H)
            continue;
        /* the font's outline, and a shadow under it: it reads over the
        ** sky's light and dark alike */
        int x = (LOGICAL_W - render_text_width(&g->atlas, text)) / 2;
        render_text(&g->batch, &g->atlas, text, x + 1, y + 1, (SDL_Color){20, 14, 40, 220});
        render_text(&g->batch, &g->atlas, text, x, y, style == CREDIT_HEADING ? GOLD : WHITE);
    }
}

static void draw_end(Frontend *g)
{
    draw_summit(g);
    float since = g->ending.credits_at >= 0.0f ? g->screen_time - g->ending.credits_at : -1.0f;
    if (since < 0.0f) {
        draw_logo(g, 26, 1.0f);
        draw_totals(g, 1.0f);
        return;
    }
    /* the totals fade as the credits begin */
    const float fade = 0.5f;
    if (since < fade) {
        draw_logo(g, 26, 1.0f - since / fade);
        draw_totals(g, 1.0f - since / fade);
    }
    draw_credits(g, since);
}

static void draw_error(Frontend *g)
{
    if (!g->session.sim) {
        draw_backdrop(g);
        dim(g, 150);
    } else {
        dim(g, 170);
    }
    SDL_Rect box = {8, 8, LOGICAL_W - 16, LOGICAL_H - 16};
    render_panel(&g->batch, &g->atlas, box);
    draw_centered(g, "THE LEVEL HAS ERRORS", box.y + 10, (SDL_Color){255, 120, 110, 255});
    /* each error wrapped at word boundaries, its later lines indented; as
    ** many lines as the panel holds */
    int top = box.y + 28, bottom = box.y + box.h - 22;
    draw_wrapped(g, g->session.error_text, box.x + 10, top, box.w - 20, (bottom - top) / g->atlas.font.line_height, WHITE);
    draw_centered(g,
                  g->campaign ? "ESC: BACK" : "FIX THE FILE AND SAVE: IT RELOADS. ESC: QUIT",
                  box.y + box.h - 16, GREY);
}

/* What reading the player's files found wrong, over whatever the screen
** shows, until OK or Back puts it away. */
static void draw_notices(Frontend *g)
{
    char text[SAVE_NOTICES_MAX * 900], wrapped[sizeof text + 256];
    frontend_notices_text(g, text, sizeof text);
    const int lh = g->atlas.font.line_height, width = LOGICAL_W - 60;
    int lines = render_wrap(&g->atlas, text, width, 2, wrapped, sizeof wrapped);
    int most = (LOGICAL_H - 16 - 50) / lh;
    int shown = lines < most ? lines : most;
    SDL_Rect box = {20, 0, LOGICAL_W - 40, 50 + shown * lh};
    box.y = (LOGICAL_H - box.h) / 2;
    dim(g, 120);
    render_panel(&g->batch, &g->atlas, box);
    draw_centered(g, "SOME OF YOUR SAVED FILES HAD PROBLEMS", box.y + 10, GOLD);
    draw_wrapped(g, text, box.x + 10, box.y + 28, width, most, WHITE);
    draw_centered(g, "ENTER: OK", box.y + box.h - 16, GREY);
}

void frontend_draw(Frontend *g)
{
    Uint64 t0 = SDL_GetPerformanceCounter();
    batch_begin(&g->batch);
    render_use_atlas(&g->batch, &g->atlas);
    bool over_pause = (g->screen == SCREEN_OPTIONS || g->screen == SCREEN_BINDINGS) &&
                      g->menus.options_return == SCREEN_PAUSE;
    bool level_visible = g->session.sim && (g->screen == SCREEN_PLAY || g->screen == SCREEN_PAUSE ||
                                    g->screen == SCREEN_COMPLETE || g->screen == SCREEN_ERROR ||
                                    over_pause);
    float alpha = g->screen == SCREEN_PLAY && !g->session.exact ? fixed_step_alpha(&g->session.step) : 1.0f;
    if (level_visible)
        draw_level(g, alpha);
    switch (g->screen) {
    case SCREEN_TITLE: {
        draw_backdrop(g);
        draw_logo(g, 34, 1.0f);
        menu_draw(&g->menus.menu, &g->batch, &g->atlas, 130);
        /* the keys bound now, on one line or two from the bottom up */
        char hint[512];
        labels_controls_hint(&g->controls.bind, hint, sizeof hint);
        draw_bottom_lines(g, hint, (SDL_Color){220, 226, 255, 255});
        break;
    }
    case SCREEN_LEVELS:
    case SCREEN_OPTIONS:
        if (level_visible)
            dim(g, 150);
        else
            draw_backdrop(g);
        menu_draw(&g->menus.menu, &g->batch, &g->atlas, -1);
        break;
    case SCREEN_BINDINGS:
        if (level_visible)
            dim(g, 150);
        else
            draw_backdrop(g);
        menu_draw(&g->menus.menu, &g->batch, &g->atlas, 6);
        /* what the last change did, or how to make one */
        draw_bottom_lines(g, g->menus.note[0] ? g->menus.note
                                               : "Enter: add a key, or remove one of its own   "
                                                 "Esc: back",
                          g->menus.note[0] ? GOLD : GREY);
        break;
    case SCREEN_PAUSE:
        dim(g, 130);
        menu_draw(&g->menus.menu, &g->batch, &g->atlas, -1);
        break;
    case SCREEN_COMPLETE: draw_complete(g); break;
    case SCREEN_END: draw_end(g); break;
    case SCREEN_ERROR: draw_error(g); break;
    case SCREEN_PLAY:
        if (g->session.error_text[0]) /* a hot reload failed: the old level plays on */
            draw_error(g);
        break;
    }
    if (g->saves.notices_pending)
        draw_notices(g);
    if (g->saves.settings.debug_overlay) {
        g->frame.stats.entities = g->session.sim ? ecs_alive_count(sim_world(g->session.sim)) : 0;
        g->frame.stats.world = g->session.sim ? sim_world(g->session.sim) : NULL;
        g->frame.stats.draw_calls = g->frame.draw_calls;
        g->frame.stats.quads = g->frame.quads;
        hud_draw_debug(&g->batch, &g->atlas, &g->frame.stats);
    }
    batch_flush(&g->batch);
    g->frame.draw_calls = g->batch.draw_calls;
    g->frame.quads = g->batch.quads_drawn;
    g->frame.stats.frame_ms = (float)((double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                                (double)SDL_GetPerformanceFrequency());
}
