/* SPDX-License-Identifier: Zlib */
/*
** screens.c -- the screens, a section each, and their table (see
** frontend_internal.h): the title, the level select, the options and the
** controls, play, the pause, the level-complete card, the end of the
** campaign, a level's errors, and Custom levels with a pack's level select; the notices' panel and the F3 overlay
** over whichever shows.
**
** Menus are rebuilt from the current state whenever they are shown or
** changed, so they never show a stale value. Drawing changes nothing but
** the figures of the last frame (draw calls, quads, the view), kept for the
** overlay and the tests.
*/
#include "frontend_internal.h"

#include "bindings.h"
#include "editor_internal.h"
#include "labels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 102, 255};
static const SDL_Color GREY = {190, 196, 220, 255};

/* Menu item ids. */
enum {
    ITEM_CONTINUE,
    ITEM_LEVELS,
    ITEM_CUSTOM,
    ITEM_MAKE,
    ITEM_OPTIONS,
    ITEM_QUIT,
    ITEM_RESUME,
    ITEM_RESTART,
    ITEM_TO_TITLE,
    ITEM_SCALE,
    ITEM_FULLSCREEN,
    ITEM_VOLUME,
    ITEM_SFX,
    ITEM_MUSIC,
    ITEM_MUTE,
    ITEM_BINDINGS,
    ITEM_BACK,
    ITEM_DEFAULTS,
    ITEM_ASSIST,
    ITEM_SPEED,
    ITEM_INVINCIBLE,
    ITEM_ALL_LEVELS,
    ITEM_KEEP,              /* a full action keeps its keys */
    ITEM_SLOT_FIRST = 50,   /* + the slot a full action's new key replaces */
    ITEM_KEY_FIRST = 100,   /* + action */
    ITEM_PAD_FIRST = 200,   /* + action */
    ITEM_LEVEL_FIRST = 300, /* + campaign index */
    ITEM_PACK_FIRST = 500,  /* + index in the list of packs */
    ITEM_OWN_FIRST = 600,   /* + index in the list of the player's levels */
    ITEM_NONE = 700,        /* Custom levels' line when it has nothing to list */
};

_Static_assert(ITEM_LEVEL_FIRST + CAMPAIGN_MAX_LEVELS <= ITEM_PACK_FIRST &&
                   ITEM_PACK_FIRST + PACK_MAX <= ITEM_OWN_FIRST &&
                   ITEM_OWN_FIRST + CUSTOM_LEVELS_MAX <= ITEM_NONE,
               "the items' ids do not overlap");
_Static_assert(MENU_ITEMS >= PACK_MAX + CUSTOM_LEVELS_MAX + 3,
               "Custom levels lists every pack and level under two headings, and Back");

_Static_assert(MENU_ITEMS >= CAMPAIGN_MAX_LEVELS + CAMPAIGN_MAX_WORLDS + 1,
               "level select lists every level under its world's heading, and Back");
_Static_assert(MENU_ITEMS >= 2 * ACT_COUNT + 2, "the controls menu lists every binding");

/* Whether the screen has waited its row's while and takes OK. */
static bool screen_ready(const Frontend *g)
{
    return g->screen_time > SCREENS[g->screen].wait;
}

/* ---- drawing, for every screen ----------------------------------------------- */

void screens_tagline(int levels, char *out, size_t cap)
{
    static const char *const words[] = {
        "NO",       "ONE",     "TWO",     "THREE",     "FOUR",     "FIVE",     "SIX",
        "SEVEN",    "EIGHT",   "NINE",    "TEN",       "ELEVEN",   "TWELVE",   "THIRTEEN",
        "FOURTEEN", "FIFTEEN", "SIXTEEN", "SEVENTEEN", "EIGHTEEN", "NINETEEN", "TWENTY",
    };
    const char *noun = levels == 1 ? "LEVEL" : "LEVELS";
    if (levels >= 0 && levels < (int)(sizeof words / sizeof words[0]))
        snprintf(out, cap, "A CLIMB IN %s %s", words[levels], noun);
    else
        snprintf(out, cap, "A CLIMB IN %d %s", levels, noun);
}

static void draw_centered(Frontend *g, const char *text, int y, SDL_Color c)
{
    render_text(&g->batch, &g->atlas, text, (LOGICAL_W - render_text_width(&g->atlas, text)) / 2, y,
                c);
}

/* A panel with a heading, text wrapped in it (each line's later lines
** indented) in as many lines as it holds, the last saying how many are left
** out when there are more, and a line of keys at its foot. */
static void draw_text_panel(Frontend *g, SDL_Rect box, const char *heading, SDL_Color color,
                            const char *text, const char *keys)
{
    render_panel(&g->batch, &g->atlas, box);
    draw_centered(g, heading, box.y + 10, color);
    char wrapped[2 * ERROR_TEXT_MAX];
    const int lh = g->atlas.font.line_height, most = (box.h - 50) / lh;
    int lines = render_wrap(&g->atlas, text, box.w - 20, 2, wrapped, sizeof wrapped);
    int shown = lines <= most ? lines : most - 1;
    char *cut = wrapped; /* the lines shown end where the first left out begins */
    for (int i = 0; i < shown && cut != NULL; i++)
        cut = strchr(cut, '\n') != NULL ? strchr(cut, '\n') + 1 : NULL;
    if (cut != NULL)
        *cut = '\0';
    render_text(&g->batch, &g->atlas, wrapped, box.x + 10, box.y + 28, WHITE);
    if (shown < lines && shown >= 0) {
        char more[48];
        snprintf(more, sizeof more, "... %d more lines", lines - shown);
        render_text(&g->batch, &g->atlas, more, box.x + 10, box.y + 28 + shown * lh, GREY);
    }
    draw_centered(g, keys, box.y + box.h - 16, GREY);
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
    render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
                (SDL_Color){8, 8, 20, a});
}

static void draw_level(Frontend *g, float alpha)
{
    if (!g->session.sim)
        return;
    int sx, sy;
    effects_shake_offset(&g->session.fx, &sx, &sy);
    RenderView view = {(int)floorf(g->session.camera.x + 0.5f) + sx,
                       (int)floorf(g->session.camera.y + 0.5f) + sy, LOGICAL_W, LOGICAL_H};
    g->frame.view_x = view.x;
    g->frame.view_y = view.y;
    const RenderBackground *bg = render_atlas_background(&g->atlas, g->session.level.background);
    render_background(&g->batch, &g->atlas, bg, &view,
                      (float)sim_status(g->session.sim)->ticks / (float)SIM_TICK_RATE);
    /* the ground, then the sprites and the coins flying back to their
    ** places, then the secret tiles over them (what they hide stays hidden),
    ** then what is flying about */
    const RenderTheme *theme = render_atlas_theme(&g->atlas, g->session.level.background);
    render_tile_layer(&g->batch, &g->atlas, theme, &g->session.level.map, &view, RENDER_TILES_OPEN,
                      NULL, NULL);
    render_sprites(&g->batch, &g->atlas, sim_world(g->session.sim), alpha, &view, &g->sprites);
    banking_draw_scatter(&g->session.bank, &g->batch, &g->atlas, &view);
    render_tile_layer(&g->batch, &g->atlas, theme, &g->session.level.map, &view,
                      RENDER_TILES_SECRET, secrets_opacity, &g->session.secrets);
    effects_draw(&g->session.fx, &g->batch, &g->atlas, &view);
    effects_draw_flash(&g->session.fx, &g->batch, &g->atlas, &view);
    SimStatus shown = banking_shown(&g->session.bank, sim_status(g->session.sim));
    hud_draw(&g->batch, &g->atlas, &shown);
    if (g->session.sign_text >= 0 && g->session.sign_shown > 0.0f) {
        char words[1024];
        labels_fill_text(&g->controls.bind, g->controls.pad_last,
                         sim_text(g->session.sim, g->session.sign_text), words, sizeof words);
        hud_draw_sign(&g->batch, &g->atlas, words,
                      (SDL_Point){g->session.sign_x - view.x, g->session.sign_y - view.y},
                      g->session.sign_shown);
    }
    banking_draw_flights(&g->session.bank, &g->batch, &g->atlas, &view,
                         hud_counter_point(&g->atlas, &shown, false),
                         hud_counter_point(&g->atlas, &shown, true));
    hud_draw_title_card(&g->batch, &g->atlas, g->session.level_title, g->session.level_age);
    const float fade = 0.35f; /* levels open from black */
    if (g->session.level_age < fade && !g->session.exact)
        render_fill(&g->batch, &g->atlas, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
                    (SDL_Color){0, 0, 0, (Uint8)(255.0f * (1.0f - g->session.level_age / fade))});
    if (g->session.playing_back) {
        const char *label =
            g->session.playback_pos < g->session.playback.count ? "REPLAY" : "REPLAY ENDED - ESC";
        render_text(&g->batch, &g->atlas, label,
                    LOGICAL_W - render_text_width(&g->atlas, label) - 6, LOGICAL_H - 14, GOLD);
    } else if (g->session.recording) {
        render_fill(&g->batch, &g->atlas, (SDL_Rect){LOGICAL_W - 44, LOGICAL_H - 13, 6, 6},
                    (SDL_Color){230, 40, 40, 255});
        render_text(&g->batch, &g->atlas, "REC", LOGICAL_W - 34, LOGICAL_H - 14, WHITE);
    }
}

/* A background set drifting slowly, speed px/s on from x. */
static void draw_drift(Frontend *g, const char *set, float speed, int x)
{
    RenderView view = {(int)(g->screen_time * speed) + x, 0, LOGICAL_W, LOGICAL_H};
    render_background(&g->batch, &g->atlas, render_atlas_background(&g->atlas, set), &view,
                      g->screen_time);
}

/* The menus' background drifts slowly: the title screen is alive. */
static void draw_backdrop(Frontend *g)
{
    draw_drift(g, "hills", 12.0f, 4000);
}

static void draw_error(Frontend *g)
{
    if (!g->session.sim) {
        draw_backdrop(g);
        dim(g, 150);
    } else {
        dim(g, 170);
    }
    draw_text_panel(g, (SDL_Rect){8, 8, LOGICAL_W - 16, LOGICAL_H - 16}, "THE LEVEL HAS ERRORS",
                    (SDL_Color){255, 120, 110, 255}, g->session.error_text,
                    g->campaign ? "ESC: BACK" : "FIX THE FILE AND SAVE: IT RELOADS. ESC: QUIT");
}

/* ---- menus ----------------------------------------------------------------------- */

/* A menu screen's input, with what every menu does: a tick as the cursor
** moves, and Back (or its item) back where the player came from. Returns
** the item chosen with OK, or -1; left and right on an item (turn: -1 and
** +1, else 0) only to a screen that takes them (turn not NULL), which then
** says with a tick that it did. */
static int menu_choice(Frontend *g, ControlsResult r, int *turn)
{
    int id;
    MenuEvent ev = menu_input(&g->menus.menu, r.menu, &id);
    int dir = ev == MENU_EV_DECREASE ? -1 : ev == MENU_EV_INCREASE ? 1 : 0;
    if (turn)
        *turn = dir;
    if (ev == MENU_EV_MOVED)
        frontend_sound(g, SOUND_MENU_MOVE);
    if (ev == MENU_EV_ACTIVATE)
        frontend_sound(g, SOUND_MENU_SELECT);
    if (ev == MENU_EV_BACK || (ev == MENU_EV_ACTIVATE && id == ITEM_BACK)) {
        frontend_sound(g, SOUND_MENU_BACK);
        frontend_back(g);
        return -1;
    }
    return ev == MENU_EV_ACTIVATE || (dir != 0 && turn) ? id : -1;
}

/* Builds the screen's menu again after a change, keeping its cursor and
** its scroll. */
static void rebuild(Frontend *g)
{
    Menu *m = &g->menus.menu;
    int keep = m->items[m->cursor].id, top = m->top;
    SCREENS[g->screen].enter(g);
    menu_select(m, keep);
    menu_scroll(m, top);
}

/* ---- the title -------------------------------------------------------------------- */

static void title_enter(Frontend *g)
{
    custom_close(g); /* the title is the game's own campaign's */
    bool started = g->saves.progress.last_level[0] != '\0' || g->saves.progress.unlocked > 1;
    menu_init(&g->menus.menu, "");
    menu_add(&g->menus.menu, ITEM_CONTINUE, started ? "Continue" : "Start", NULL, true);
    menu_add(&g->menus.menu, ITEM_LEVELS, "Level select", NULL, true);
    menu_add(&g->menus.menu, ITEM_CUSTOM, "Custom levels", NULL, true);
    menu_add(&g->menus.menu, ITEM_OPTIONS, "Options", NULL, true);
    menu_add(&g->menus.menu, ITEM_MAKE, "Make levels", NULL, true);
    menu_add(&g->menus.menu, ITEM_QUIT, "Quit", NULL, true);
}

static void continue_campaign(Frontend *g)
{
    const Progress *p = &g->saves.progress;
    int index = g->campaign && p->last_level[0] ? campaign_find(g->campaign, p->last_level) : -1;
    const LevelRecord *rec = index >= 0 ? progress_find(p, p->last_level) : NULL;
    /* the level after the last one played, once that one is done */
    if (rec && rec->completed && index + 1 < g->campaign->count &&
        progress_is_unlocked(p, index + 1))
        index++;
    session_start_campaign_level(g, index < 0 ? 0 : index);
}

static void title_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    switch (menu_choice(g, r, NULL)) {
    case ITEM_CONTINUE: continue_campaign(g); break;
    case ITEM_LEVELS: frontend_go(g, SCREEN_LEVELS); break;
    case ITEM_CUSTOM: frontend_go(g, SCREEN_CUSTOM); break;
    case ITEM_MAKE: frontend_go(g, SCREEN_MAKE); break;
    case ITEM_OPTIONS: frontend_go(g, SCREEN_OPTIONS); break;
    case ITEM_QUIT: g->quit = true; break;
    default: break;
    }
}

/* A title in the atlas font at `scale` times its size, centred, over a
** drop shadow `drop` px down and right. */
static void draw_big(Frontend *g, const char *text, int y, int scale, int drop, float alpha)
{
    int x = (LOGICAL_W - render_text_width(&g->atlas, text) * scale) / 2;
    render_text_scaled(&g->batch, &g->atlas, text, x + drop, y + drop, scale,
                       (SDL_Color){30, 24, 60, (Uint8)(200.0f * alpha)});
    render_text_scaled(&g->batch, &g->atlas, text, x, y, scale,
                       (SDL_Color){255, 236, 170, (Uint8)(255.0f * alpha)});
}

/* The title at four times the font's size, with a slow bob: the game's
** name needs no separate logo art. */
static void draw_logo(Frontend *g, int y, float alpha)
{
    const int scale = 4;
    y += (int)floorf(sinf(g->screen_time * 2.0f) * 2.0f + 0.5f);
    draw_big(g, "PIP'S PEAK", y, scale, scale, alpha);
    if (g->campaign) {
        char tag[64];
        screens_tagline(g->campaign->count, tag, sizeof tag);
        draw_centered(g, tag, y + 10 * scale, (SDL_Color){240, 244, 255, (Uint8)(255.0f * alpha)});
    }
}

static void title_draw(Frontend *g)
{
    draw_backdrop(g);
    draw_logo(g, 34, 1.0f);
    menu_draw(&g->menus.menu, &g->batch, &g->atlas, 130);
    /* the keys bound now, on one line or two from the bottom up */
    char hint[512];
    labels_controls_hint(&g->controls.bind, hint, sizeof hint);
    draw_bottom_lines(g, hint, (SDL_Color){220, 226, 255, 255});
}

/* ---- the campaign in figures -------------------------------------------------- */

/* progress.json keeps, for a level completed, the coins and gems it held
** then, so the level select can say "3/5" without opening a level. A level
** never completed (or completed before progress kept totals) is counted
** from its file: loaded, and its description counted as its Sim counts
** (leveldesc_counts), without building one; no kind is named here. Each
** file is counted once a run of the game and remembered. */

/* The coins and gems of campaign level `index` from its file. */
static bool count_level(Frontend *g, int index, uint32_t *coins, uint32_t *gems)
{
    LevelCounts *known = &g->counts;
    if (index < 0 || index >= CAMPAIGN_MAX_LEVELS)
        return false;
    if (!known->tried[index]) {
        known->tried[index] = true;
        char path[APP_PATH_MAX], own[APP_PATH_MAX];
        LevelErrors *errors = calloc(1, sizeof *errors);
        LevelDesc desc = {0};
        if (errors != NULL && campaign_level_path(g->campaign, index, path, sizeof path) &&
            app_load_level(g->data_dir, path, custom_level_folder(g, path, own, sizeof own), &desc,
                           errors)) {
            int coins_held, gems_held;
            leveldesc_counts(&desc, &coins_held, &gems_held);
            known->coins[index] = (uint32_t)coins_held;
            known->gems[index] = (uint32_t)gems_held;
            known->counted[index] = true;
            leveldesc_fini(&desc);
        }
        free(errors);
    }
    *coins = known->coins[index];
    *gems = known->gems[index];
    return known->counted[index];
}

/* The coins and gems campaign level `index` holds: as progress kept them at
** its last completion, else counted from its file. False (and 0s) when
** neither knows (the file does not load). */
static bool level_totals(Frontend *g, int index, uint32_t *coins, uint32_t *gems)
{
    *coins = *gems = 0;
    if (!g->campaign || index < 0 || index >= g->campaign->count)
        return false;
    const LevelRecord *rec = progress_find(&g->saves.progress, g->campaign->levels[index].file);
    if (rec && rec->completed && rec->totals_known) {
        *coins = rec->coins_total;
        *gems = rec->gems_total;
        return true;
    }
    return count_level(g, index, coins, gems);
}

/* The sums over the whole campaign, for the end screen. */
static void campaign_summary(Frontend *g, CampaignSummary *out)
{
    memset(out, 0, sizeof *out);
    out->all_counted = true;
    for (int i = 0; g->campaign && i < g->campaign->count; i++) {
        out->levels++;
        const LevelRecord *rec = progress_find(&g->saves.progress, g->campaign->levels[i].file);
        if (rec && rec->completed) {
            out->completed++;
            out->ticks += rec->best_ticks;
            out->deaths += rec->fewest_deaths;
            out->coins += rec->most_coins;
            out->gems += rec->most_gems;
        }
        uint32_t coins, gems;
        if (level_totals(g, i, &coins, &gems)) {
            out->coins_total += coins;
            out->gems_total += gems;
        } else {
            out->all_counted = false;
        }
    }
}

/* ---- the level select ------------------------------------------------------------- */

/* "have/total" of a level's coins or gems; "-" for a level that has none. */
static void fraction(uint32_t have, uint32_t total, bool known, char *out, size_t cap)
{
    if (!known)
        snprintf(out, cap, "%lu/?", (unsigned long)have);
    else if (total == 0)
        snprintf(out, cap, "-");
    else
        snprintf(out, cap, "%lu/%lu", (unsigned long)have, (unsigned long)total);
}

/* The levels under their worlds' names, each completed one with its best
** time, fewest deaths, and most coins and gems of how many it holds; the
** cursor on the level played last. */
static void levels_enter(Frontend *g)
{
    Menu *m = &g->menus.menu;
    const PackInfo *pack = custom_pack(g);
    menu_init(m, pack ? pack->meta.title : "Level select");
    const Campaign *c = g->campaign;
    /* a campaign of one unnamed world has no heading */
    bool headings = c && (c->world_count > 1 || c->worlds[0].name[0]);
    /* a column more, unheaded, when a level was finished with the Assist */
    bool assist_column = false;
    for (int i = 0; c && i < c->count; i++) {
        const LevelRecord *rec = progress_find(&g->saves.progress, c->levels[i].file);
        assist_column = assist_column || (rec && rec->completed && rec->assisted);
    }
    for (int w = 0; c && w < c->world_count; w++) {
        if (headings)
            menu_add_heading(m, c->worlds[w].name,
                             assist_column ? "time\tdeaths\tcoins\tgems\t"
                                           : "time\tdeaths\tcoins\tgems");
        for (int i = c->worlds[w].first; i < c->worlds[w].first + c->worlds[w].count; i++) {
            bool open = g->saves.settings.all_levels || progress_is_unlocked(&g->saves.progress, i);
            const LevelRecord *rec = progress_find(&g->saves.progress, c->levels[i].file);
            char label[MENU_TEXT + 16], value[MENU_TEXT + 64]; /* menu_add keeps what fits */
            snprintf(label, sizeof label, "%2d %.40s", i + 1, open ? c->levels[i].title : "???");
            if (!open) {
                snprintf(value, sizeof value, "locked");
            } else if (rec && rec->completed) {
                char t[16], coins[24], gems[24];
                uint32_t coins_total, gems_total;
                bool known = level_totals(g, i, &coins_total, &gems_total);
                hud_format_time(rec->best_ticks, t, sizeof t);
                fraction(rec->most_coins, coins_total, known, coins, sizeof coins);
                fraction(rec->most_gems, gems_total, known, gems, sizeof gems);
                snprintf(value, sizeof value, "%s\t%lu\t%s\t%s%s", t,
                         (unsigned long)rec->fewest_deaths, coins, gems,
                         !assist_column  ? ""
                         : rec->assisted ? "\tassist"
                                         : "\t");
            } else {
                value[0] = '\0';
            }
            menu_add(m, ITEM_LEVEL_FIRST + i, label, value, open);
        }
    }
    menu_add(m, ITEM_BACK, "Back", NULL, true);
    const char *last_played = g->saves.progress.last_level;
    int last = c && last_played[0] ? campaign_find(c, last_played) : -1;
    if (last >= 0)
        menu_select(m, ITEM_LEVEL_FIRST + last);
}

static void levels_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    int id = menu_choice(g, r, NULL);
    if (id >= ITEM_LEVEL_FIRST)
        session_start_campaign_level(g, id - ITEM_LEVEL_FIRST);
}

/* ---- Custom levels ------------------------------------------------------------------ */

static const SDL_Color RED = {255, 120, 110, 255};

/* The packs (title; author; levels completed of the pack's), then the
** player's own levels (name; world; best time), each one that does not
** load marked so; what the cursor is on is told under the list. */
static void custom_enter(Frontend *g)
{
    Menu *m = &g->menus.menu;
    menu_init(m, "Custom levels");
    if (!custom_scan(g)) {
        menu_add(m, ITEM_BACK, "Back", NULL, true);
        return;
    }
    const Custom *c = g->custom;
    char label[MENU_TEXT + 16], value[MENU_TEXT + 64]; /* menu_add keeps what fits */
    if (c->packs.count > 0)
        menu_add_heading(m, "Packs", "by\tdone");
    for (int i = 0; i < c->packs.count; i++) {
        const PackInfo *p = &c->packs.packs[i];
        snprintf(label, sizeof label, "%.40s", p->meta.title);
        if (p->ok)
            snprintf(value, sizeof value, "%.20s\t%d/%d", p->meta.author[0] ? p->meta.author : "-",
                     c->pack_done[i], p->level_count);
        else
            snprintf(value, sizeof value, "does not load\t-");
        menu_add(m, ITEM_PACK_FIRST + i, label, value, true);
    }
    if (c->level_count > 0)
        menu_add_heading(m, "Your levels", "world\tbest");
    for (int i = 0; i < c->level_count; i++) {
        const CustomLevel *lv = &c->levels[i];
        snprintf(label, sizeof label, "%.40s", lv->name);
        if (!lv->ok) {
            snprintf(value, sizeof value, "does not load\t-");
        } else {
            char best[16] = "-";
            if (lv->best_ticks > 0)
                hud_format_time(lv->best_ticks, best, sizeof best);
            snprintf(value, sizeof value, "%.20s\t%s", lv->world, best);
        }
        menu_add(m, ITEM_OWN_FIRST + i, label, value, true);
    }
    if (c->packs.count == 0 && c->level_count == 0)
        menu_add(m, ITEM_NONE, "No packs or levels yet", NULL, false);
    menu_add(m, ITEM_BACK, "Back", NULL, true);
}

static void custom_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    int id = menu_choice(g, r, NULL);
    if (id >= ITEM_PACK_FIRST && id < ITEM_OWN_FIRST) {
        if (custom_open_pack(g, id - ITEM_PACK_FIRST)) {
            frontend_go(g, SCREEN_PACK);
        } else {
            frontend_sound(g, SOUND_MENU_BACK);
            rebuild(g); /* its error, read again, is told under the list */
        }
    } else if (id >= ITEM_OWN_FIRST && id < ITEM_NONE) {
        if (g->custom->levels[id - ITEM_OWN_FIRST].ok)
            custom_play_level(g, id - ITEM_OWN_FIRST);
        else
            frontend_sound(g, SOUND_MENU_BACK);
    }
}

/* text with the first "FOLDER" in it written "AS". */
static void shorten(char *text, size_t cap, const char *folder, const char *as)
{
    size_t n = strlen(folder);
    char *at = n > 0 ? strstr(text, folder) : NULL;
    if (at == NULL)
        return;
    char rest[PACK_ERROR_MAX + 64];
    snprintf(rest, sizeof rest, "%s", at + n);
    snprintf(at, cap - (size_t)(at - text), "%s%s", as, rest);
}

/* What the cursor is on, under the list: a pack's author, version and
** description, or its first error; a level's file, or its first error;
** elsewhere where packs and levels go. */
static void custom_draw(Frontend *g)
{
    draw_backdrop(g);
    menu_draw(&g->menus.menu, &g->batch, &g->atlas, 6);
    const Custom *c = g->custom;
    if (c == NULL)
        return;
    const Menu *m = &g->menus.menu;
    int id = m->count > 0 ? m->items[m->cursor].id : ITEM_BACK;
    char text[PACK_ERROR_MAX + PACK_DESCRIPTION_MAX + 256], place[PACK_NAME_MAX + 16];
    SDL_Color color = GREY;
    if (id >= ITEM_PACK_FIRST && id < ITEM_PACK_FIRST + c->packs.count) {
        const PackInfo *p = &c->packs.packs[id - ITEM_PACK_FIRST];
        if (!p->ok) {
            snprintf(text, sizeof text, "%s", p->error);
            snprintf(place, sizeof place, "packs/%s/", p->name);
            shorten(text, sizeof text, p->dir, place);
            color = RED;
        } else {
            int n = snprintf(text, sizeof text, "%d level%s", p->level_count,
                             p->level_count == 1 ? "" : "s");
            if (p->meta.author[0])
                n += snprintf(text + n, sizeof text - (size_t)n, " by %s", p->meta.author);
            if (p->meta.version[0])
                n += snprintf(text + n, sizeof text - (size_t)n, ", version %s", p->meta.version);
            if (p->meta.description[0])
                snprintf(text + n, sizeof text - (size_t)n, ". %s", p->meta.description);
        }
    } else if (id >= ITEM_OWN_FIRST && id < ITEM_OWN_FIRST + c->level_count) {
        const CustomLevel *lv = &c->levels[id - ITEM_OWN_FIRST];
        if (lv->ok) {
            snprintf(text, sizeof text, "levels/%s", lv->file);
        } else {
            snprintf(text, sizeof text, "%s", lv->error);
            shorten(text, sizeof text, c->user_dir, "");
            color = RED;
        }
    } else {
        snprintf(text, sizeof text,
                 "Packs go in %.1000spacks/ (a folder each), your levels in %.1000slevels/",
                 c->user_dir[0] ? c->user_dir : "your data folder's ",
                 c->user_dir[0] ? c->user_dir : "your data folder's ");
    }
    draw_bottom_lines(g, text, color);
}

/* ---- the options ------------------------------------------------------------------- */

/* The largest window scale the display takes. */
static int max_scale(const Frontend *g)
{
    int m = g->hooks.max_scale ? g->hooks.max_scale(g->hooks.ctx) : SETTINGS_SCALE_MAX;
    return m < 1 ? 1 : m > SETTINGS_SCALE_MAX ? SETTINGS_SCALE_MAX : m;
}

/* The scale the window shows for the setting: a saved one larger than the
** display takes opens at the largest it does (0, fit, stays 0). */
static int shown_scale(const Frontend *g)
{
    int s = g->saves.settings.window_scale, m = max_scale(g);
    return s > m ? m : s;
}

/* v turned a step of lo..hi up (turn 0: OK, or +1) or down (-1): left and
** right stop at either end, OK past hi goes round to lo. */
static int turned(int v, int turn, int step, int lo, int hi)
{
    v += (turn != 0 ? turn : 1) * step;
    return v > hi ? (turn != 0 ? hi : lo) : v < lo ? lo : v;
}

/* The setting an Options volume item changes. */
static int *volume_of(Frontend *g, int id)
{
    Settings *s = &g->saves.settings;
    return id == ITEM_VOLUME  ? &s->master_volume
           : id == ITEM_SFX   ? &s->sfx_volume
           : id == ITEM_MUSIC ? &s->music_volume
                              : NULL;
}

static void options_enter(Frontend *g)
{
    char value[MENU_TEXT];
    menu_init(&g->menus.menu, "Options");
    if (shown_scale(g) == 0)
        snprintf(value, sizeof value, "< fit >");
    else if (shown_scale(g) == SETTINGS_SCALE_FILL)
        snprintf(value, sizeof value, "< fill >");
    else
        snprintf(value, sizeof value, "< %dx >", shown_scale(g));
    menu_add(&g->menus.menu, ITEM_SCALE, "Window scale", value, true);
    menu_add(&g->menus.menu, ITEM_FULLSCREEN, "Full screen",
             g->saves.settings.fullscreen ? "on" : "off", true);
    static const struct {
        int id;
        const char *label;
    } volumes[] = {{ITEM_VOLUME, "Volume"}, {ITEM_SFX, "Effects"}, {ITEM_MUSIC, "Music"}};
    for (size_t v = 0; v < sizeof volumes / sizeof volumes[0]; v++) {
        snprintf(value, sizeof value, "< %d%% >", *volume_of(g, volumes[v].id));
        menu_add(&g->menus.menu, volumes[v].id, volumes[v].label, value, true);
    }
    menu_add(&g->menus.menu, ITEM_MUTE, "Mute", g->saves.settings.mute ? "on" : "off", true);
    menu_add(&g->menus.menu, ITEM_BINDINGS, "Controls", NULL, true);
    menu_add(&g->menus.menu, ITEM_ASSIST, "Assist", NULL, true);
    menu_add(&g->menus.menu, ITEM_BACK, "Back", NULL, true);
}

void screens_toggle_fullscreen(Frontend *g)
{
    g->saves.settings.fullscreen = !g->saves.settings.fullscreen;
    g->saves.settings_dirty = true;
    if (g->hooks.set_fullscreen)
        g->hooks.set_fullscreen(g->hooks.ctx, g->saves.settings.fullscreen);
    frontend_save_settings(g);
    if (g->screen == SCREEN_OPTIONS)
        rebuild(g); /* the Options show the new state */
}

/* The settings change at once (and are written as the screen changes);
** left and right turn the scale, the volumes and the switches. */
static void options_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    Settings *s = &g->saves.settings;
    int turn, id = menu_choice(g, r, &turn);
    int *volume = volume_of(g, id);
    if (turn != 0 && id != ITEM_SCALE && !volume && id != ITEM_FULLSCREEN && id != ITEM_MUTE)
        return;
    if (turn != 0)
        frontend_sound(g, SOUND_MENU_MOVE);
    if (id == ITEM_SCALE) {
        /* fit, then 1x up to the largest the display takes, then fill
        ** (counted as one past it), round again */
        int m = max_scale(g), shown = shown_scale(g);
        int scale = (shown == SETTINGS_SCALE_FILL ? m + 1 : shown) + (turn != 0 ? turn : 1);
        scale = scale < 0 ? m + 1 : scale > m + 1 ? 0 : scale;
        s->window_scale = scale == m + 1 ? SETTINGS_SCALE_FILL : scale;
        g->saves.settings_dirty = true;
        if (g->hooks.set_scale)
            g->hooks.set_scale(g->hooks.ctx, s->window_scale);
    } else if (volume != NULL || id == ITEM_MUTE) {
        if (volume != NULL) /* in steps of 10 */
            *volume = turned(*volume, turn, 10, 0, SETTINGS_VOLUME_MAX);
        else
            s->mute = !s->mute;
        g->saves.settings_dirty = true;
        frontend_apply_volume(g);
    } else if (id == ITEM_FULLSCREEN) {
        screens_toggle_fullscreen(g);
    } else {
        if (id == ITEM_BINDINGS)
            frontend_go(g, SCREEN_BINDINGS);
        if (id == ITEM_ASSIST)
            frontend_go(g, SCREEN_ASSIST);
        return;
    }
    rebuild(g);
}

/* Under a menu: the level, dimmed, when it was opened from the pause (or
** from a menu opened from it); the drifting hills elsewhere. */
static void draw_under_menu(Frontend *g)
{
    Screen from = g->opened_from[g->screen].screen;
    if (from == SCREEN_OPTIONS)
        from = g->opened_from[from].screen;
    if (from == SCREEN_PAUSE && g->session.sim) {
        draw_level(g, 1.0f);
        dim(g, 150);
    } else {
        draw_backdrop(g);
    }
}

/* The level select's and the options' drawing. */
static void menu_screen_draw(Frontend *g)
{
    draw_under_menu(g);
    menu_draw(&g->menus.menu, &g->batch, &g->atlas, -1);
}

/* ---- the Assist --------------------------------------------------------------------- */

/* Celeste's Assist: the game slower, Pip unhurt, every level open; each
** off until chosen, saved with the other settings, in force at once (the
** level under a pause too). */
static void assist_enter(Frontend *g)
{
    const Settings *s = &g->saves.settings;
    char value[MENU_TEXT];
    menu_init(&g->menus.menu, "Assist");
    snprintf(value, sizeof value, "< %d%% >", s->game_speed);
    menu_add(&g->menus.menu, ITEM_SPEED, "Game speed", value, true);
    menu_add(&g->menus.menu, ITEM_INVINCIBLE, "Invincibility", s->invincible ? "on" : "off", true);
    menu_add(&g->menus.menu, ITEM_ALL_LEVELS, "All levels open", s->all_levels ? "on" : "off",
             true);
    menu_add(&g->menus.menu, ITEM_BACK, "Back", NULL, true);
}

/* Left and right turn the speed (50% to 100% in steps of 10, stopping at
** either end; OK goes round) and the switches. */
static void assist_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    Settings *s = &g->saves.settings;
    int turn, id = menu_choice(g, r, &turn);
    if (id == ITEM_SPEED)
        s->game_speed = turned(s->game_speed, turn, SETTINGS_SPEED_STEP, SETTINGS_SPEED_MIN, 100);
    else if (id == ITEM_INVINCIBLE)
        s->invincible = !s->invincible;
    else if (id == ITEM_ALL_LEVELS)
        s->all_levels = !s->all_levels;
    else
        return;
    if (turn != 0)
        frontend_sound(g, SOUND_MENU_MOVE);
    g->saves.settings_dirty = true;
    rebuild(g);
}

static void assist_draw(Frontend *g)
{
    menu_screen_draw(g);
    draw_bottom_lines(g,
                      "Play the way that suits you. A level finished with a slower game or"
                      " invincibility says ASSIST beside its bests.",
                      GREY);
}

/* ---- the controls ------------------------------------------------------------------ */

/* The name of a key, or of a button while a pad's binding is edited. */
static void code_name(const Frontend *g, int code, char name[48])
{
    if (g->menus.capture_pad)
        labels_button((SDL_GameControllerButton)code, name, 48);
    else
        labels_key((SDL_Scancode)code, name, 48);
}

/* A full action's keys (buttons), to choose the one the key pressed
** replaces, or none. */
static void replace_enter(Frontend *g)
{
    ControlAction action = (ControlAction)g->menus.capture;
    const ControlBindings *bind = &g->controls.bind;
    bool pad = g->menus.capture_pad;
    char title[MENU_TEXT], name[48];
    snprintf(title, sizeof title, "%s is full", controls_action_name(action));
    menu_init(&g->menus.menu, title);
    for (int i = 0; i < (pad ? CONTROLS_BUTTONS : CONTROLS_KEYS); i++) {
        int code = pad ? (int)bind->buttons[action][i] : (int)bind->keys[action][i];
        if (code == (pad ? SDL_CONTROLLER_BUTTON_INVALID : SDL_SCANCODE_UNKNOWN))
            continue;
        code_name(g, code, name);
        menu_add(&g->menus.menu, ITEM_SLOT_FIRST + i, name, "replace", true);
    }
    menu_add(&g->menus.menu, ITEM_KEEP, "Keep them all", NULL, true);
}

/* Every key, then every button and stick half, of each action. */
static void bindings_enter(Frontend *g)
{
    char value[MENU_TEXT];
    if (g->menus.replace_code >= 0) {
        replace_enter(g);
        return;
    }
    menu_init(&g->menus.menu, "Controls");
    for (int pad = 0; pad <= 1; pad++)
        for (int a = 0; a < ACT_COUNT; a++) {
            char label[MENU_TEXT];
            snprintf(label, sizeof label, "%s%s", pad ? "Pad " : "",
                     controls_action_name((ControlAction)a));
            if (g->menus.capture == a && g->menus.capture_pad == (pad != 0))
                snprintf(value, sizeof value, pad ? "press a button..." : "press a key...");
            else
                labels_action(&g->controls.bind, (ControlAction)a, pad, ", ", ", ", value,
                              sizeof value);
            menu_add(&g->menus.menu, (pad ? ITEM_PAD_FIRST : ITEM_KEY_FIRST) + a, label, value,
                     true);
        }
    menu_add(&g->menus.menu, ITEM_DEFAULTS, "Reset to defaults", NULL, true);
    menu_add(&g->menus.menu, ITEM_BACK, "Back", NULL, true);
}

/* The controls changed: the settings follow, and are written at once. */
static void bindings_changed(Frontend *g)
{
    bindings_to_settings(&g->controls.bind, &g->saves.settings);
    g->saves.settings_dirty = true;
    frontend_save_settings(g);
}

/* Says on the controls screen what an edit did: "Z added to Jump",
** "X replaced Up for Jump", "Z removed from Jump" (and whose it was). */
static void edit_note(Frontend *g, ControlsEditResult r, const char *name, const char *old)
{
    const char *action = controls_action_name((ControlAction)g->menus.capture);
    const char *kind = g->menus.capture_pad ? "button" : "key";
    char *note = g->menus.note;
    size_t cap = sizeof g->menus.note;
    switch (r.what) {
    case CONTROLS_ADDED: snprintf(note, cap, "%s added to %s", name, action); break;
    case CONTROLS_REPLACED: snprintf(note, cap, "%s replaced %s for %s", name, old, action); break;
    case CONTROLS_FULL:
        snprintf(note, cap,
                 "%s has room for no more %ss: choose the one %s replaces, or keep them"
                 " all",
                 action, kind, name);
        break;
    case CONTROLS_REMOVED: snprintf(note, cap, "%s removed from %s", name, action); break;
    case CONTROLS_KEPT_LAST:
        snprintf(note, cap, "%s is the only %s of %s: add another first", name, kind, action);
        break;
    }
    if (r.taken_from >= 0) {
        size_t n = strlen(note);
        snprintf(note + n, cap - n, ", and taken from %s",
                 controls_action_name((ControlAction)r.taken_from));
    }
}

/* Back to the list of actions, the cursor on the one edited. */
static void capture_done(Frontend *g)
{
    int action = g->menus.capture;
    bool pad = g->menus.capture_pad;
    g->menus.capture = -1;
    g->menus.replace_code = -1;
    g->grab = false;
    controls_release_all(&g->controls);
    bindings_enter(g);
    if (action >= 0)
        menu_select(&g->menus.menu, (pad ? ITEM_PAD_FIRST : ITEM_KEY_FIRST) + action);
}

/* The choice of which of a full action's keys (buttons) the one pressed
** replaces: OK on one replaces it, Back or "Keep them all" changes nothing. */
static void replace_event(Frontend *g, ControlsResult r)
{
    int id;
    MenuEvent ev = menu_input(&g->menus.menu, r.menu, &id);
    ControlAction action = (ControlAction)g->menus.capture;
    char name[48], old[48];
    code_name(g, g->menus.replace_code, name);
    if (ev == MENU_EV_MOVED) {
        frontend_sound(g, SOUND_MENU_MOVE);
    } else if (ev == MENU_EV_BACK || (ev == MENU_EV_ACTIVATE && id == ITEM_KEEP)) {
        frontend_sound(g, SOUND_MENU_BACK);
        snprintf(g->menus.note, sizeof g->menus.note, "%s keeps its %ss: %s was not added",
                 controls_action_name(action), g->menus.capture_pad ? "button" : "key", name);
        capture_done(g);
    } else if (ev == MENU_EV_ACTIVATE && id >= ITEM_SLOT_FIRST) {
        int slot = id - ITEM_SLOT_FIRST, code = g->menus.replace_code;
        ControlsEditResult e =
            g->menus.capture_pad
                ? controls_replace_button(&g->controls.bind, action, slot,
                                          (SDL_GameControllerButton)code)
                : controls_replace_key(&g->controls.bind, action, slot, (SDL_Scancode)code);
        code_name(g, e.old, old);
        frontend_sound(g, SOUND_MENU_SELECT);
        edit_note(g, e, name, old);
        bindings_changed(g);
        capture_done(g);
    }
}

/* "press a key..." takes the next key or button, the screen grabbing every
** event until then: a new one is added to the action (when it is full, the
** screen asks which of its own it replaces), one of its own is removed;
** Esc leaves it as it was. */
static void capture(Frontend *g, const SDL_Event *ev)
{
    bool key = ev->type == SDL_KEYDOWN && !ev->key.repeat;
    bool button = ev->type == SDL_CONTROLLERBUTTONDOWN, pad = g->menus.capture_pad;
    if (!key && !button)
        return;
    ControlAction action = (ControlAction)g->menus.capture;
    int code = key ? (int)ev->key.keysym.scancode : (int)ev->cbutton.button;
    if (key ? pad || code == SDL_SCANCODE_ESCAPE : !pad) {
        /* Esc, or a key while a pad button is awaited, or the other way round */
        g->menus.note[0] = '\0';
        if (key)
            frontend_sound(g, SOUND_MENU_BACK);
        capture_done(g);
        return;
    }
    ControlsEditResult r =
        pad ? controls_edit_button(&g->controls.bind, action, (SDL_GameControllerButton)code)
            : controls_edit_key(&g->controls.bind, action, (SDL_Scancode)code);
    char name[48], old[48];
    code_name(g, code, name);
    code_name(g, r.old, old);
    edit_note(g, r, name, old);
    if (r.what == CONTROLS_FULL) {
        /* nothing changed yet: which one goes is the player's to say */
        g->menus.replace_code = code;
        g->grab = false;
        controls_release_all(&g->controls);
        frontend_sound(g, SOUND_MENU_SELECT);
        bindings_enter(g);
        return;
    }
    bindings_changed(g);
    frontend_sound(g, r.what == CONTROLS_KEPT_LAST ? SOUND_MENU_BACK : SOUND_MENU_SELECT);
    capture_done(g);
}

static void bindings_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    if (g->grab) {
        capture(g, ev);
        return;
    }
    if (g->menus.replace_code >= 0) {
        replace_event(g, r);
        return;
    }
    int id = menu_choice(g, r, NULL);
    if (id == ITEM_DEFAULTS) {
        controls_default_bindings(&g->controls.bind);
        bindings_changed(g);
        snprintf(g->menus.note, sizeof g->menus.note, "Every key and button is as it first was");
        rebuild(g);
    } else if (id >= ITEM_KEY_FIRST) {
        g->menus.capture = id >= ITEM_PAD_FIRST ? id - ITEM_PAD_FIRST : id - ITEM_KEY_FIRST;
        g->menus.capture_pad = id >= ITEM_PAD_FIRST;
        g->grab = true;
        snprintf(g->menus.note, sizeof g->menus.note,
                 "A new %s is added to %s, one of its own removed. Esc: leave it",
                 g->menus.capture_pad ? "button" : "key",
                 controls_action_name((ControlAction)g->menus.capture));
        rebuild(g);
    }
}

static void bindings_draw(Frontend *g)
{
    draw_under_menu(g);
    menu_draw(&g->menus.menu, &g->batch, &g->atlas, 6);
    /* what the last change did, or how to make one */
    draw_bottom_lines(g,
                      g->menus.note[0] ? g->menus.note
                                       : "Enter: add a key, or remove one of its own   "
                                         "Esc: back",
                      g->menus.note[0] ? GOLD : GREY);
}

/* ---- play (its event and frame are session.c's) --------------------------------- */

static void play_draw(Frontend *g)
{
    draw_level(g, g->session.exact ? 1.0f : fixed_step_alpha(&g->session.step));
    if (g->session.error_text[0]) /* a hot reload failed: the old level plays on */
        draw_error(g);
}

/* ---- the pause ------------------------------------------------------------------------ */

static void pause_enter(Frontend *g)
{
    menu_init(&g->menus.menu, "Paused");
    menu_add(&g->menus.menu, ITEM_RESUME, "Resume", NULL, true);
    menu_add(&g->menus.menu, ITEM_RESTART, "Restart", NULL, true);
    menu_add(&g->menus.menu, ITEM_OPTIONS, "Options", NULL, true);
    Screen to = g->session.leave_to;
    menu_add(&g->menus.menu, ITEM_TO_TITLE,
             to == SCREEN_NONE    ? "Quit"
             : to == SCREEN_TITLE ? "Quit to title"
                                  : "Quit to levels",
             NULL, true);
}

static void pause_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    switch (menu_choice(g, r, NULL)) {
    case ITEM_RESUME: frontend_back(g); break;
    case ITEM_RESTART: session_restart(g); break;
    case ITEM_OPTIONS: frontend_go(g, SCREEN_OPTIONS); break;
    case ITEM_TO_TITLE: session_leave(g); break;
    default: break;
    }
}

static void pause_draw(Frontend *g)
{
    draw_level(g, 1.0f);
    dim(g, 130);
    menu_draw(&g->menus.menu, &g->batch, &g->atlas, -1);
}

/* ---- the level-complete card ----------------------------------------------------------- */

bool screens_last_level(const Frontend *g)
{
    return g->campaign && g->session.campaign_index >= 0 &&
           g->session.campaign_index + 1 >= g->campaign->count;
}

void screens_complete_keys(const Frontend *g, char *out, size_t cap)
{
    char ok[48], back[48];
    labels_menu_keys(&g->controls.bind, g->controls.pad_last, ok, back, sizeof ok);
    const char *leave = g->session.leave_to == SCREEN_TITLE ? "TITLE" : "LEVELS";
    if (g->session.campaign_index < 0)
        snprintf(out, cap, "%s: PLAY AGAIN   %s: %s", ok, back,
                 g->session.leave_to == SCREEN_NONE ? "QUIT" : "BACK");
    else if (screens_last_level(g)) /* the campaign's end comes next, not a level */
        snprintf(out, cap, "%s: CONTINUE   %s: %s", ok, back, leave);
    else
        snprintf(out, cap, "%s: NEXT LEVEL   %s: %s", ok, back, leave);
}

/* OK goes on: the next level, the end after the last, the same level again
** outside the campaign; Back leaves the level. */
static void complete_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    if (r.menu == MENU_OK && screen_ready(g)) {
        frontend_sound(g, SOUND_MENU_SELECT);
        if (g->session.campaign_index < 0)
            session_restart(g);
        else if (screens_last_level(g))
            frontend_go(g, SCREEN_END);
        else
            session_start_campaign_level(g, g->session.campaign_index + 1);
    } else if (r.menu == MENU_BACK) {
        session_leave(g);
    }
}

/* One line of the card at *y, which goes on to the next: an icon, a name,
** a figure, and NEW BEST when the run improved on the saved best. */
static void card_row(Frontend *g, int x, int *y, int rclip, const char *name, const char *figure,
                     SDL_Color color, bool new_best)
{
    render_region(&g->batch, render_cell(&g->atlas, rclip, 0, 0), x, *y - 1, WHITE);
    render_text(&g->batch, &g->atlas, name, x + 16, *y, GREY);
    render_text(&g->batch, &g->atlas, figure, x + 70, *y, color);
    if (new_best)
        render_text(&g->batch, &g->atlas, "NEW BEST", x + 132, *y, GOLD);
    *y += 16;
}

static void draw_complete(Frontend *g)
{
    draw_level(g, 1.0f);
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
    if (run->assisted) /* how it was played, said plainly, in the corner */
        render_text(&g->batch, &g->atlas, "ASSIST",
                    box.x + box.w - render_text_width(&g->atlas, "ASSIST") - 8, box.y + 6, GREY);
    draw_centered(g, g->session.level_title, box.y + 28, WHITE);
    char figure[48];
    int x = box.x + (box.w - 200) / 2, y = box.y + 50;
    hud_format_time(run->ticks, figure, sizeof figure);
    card_row(g, x, &y, RCLIP_HUD_CLOCK, "TIME", figure, WHITE,
             !first && (better & PROGRESS_BEST_TIME));
    snprintf(figure, sizeof figure, "%u", run->deaths);
    card_row(g, x, &y, RCLIP_HUD_SKULL, "DEATHS", figure, WHITE,
             !first && (better & PROGRESS_BEST_DEATHS));
    snprintf(figure, sizeof figure, "%u/%u", run->coins, run->coins_total);
    card_row(g, x, &y, RCLIP_HUD_COIN, "COINS", figure,
             run->coins == run->coins_total && run->coins_total > 0 ? GOLD : WHITE,
             !first && (better & PROGRESS_BEST_COINS));
    if (gems) {
        snprintf(figure, sizeof figure, "%u/%u", run->gems, run->gems_total);
        card_row(g, x, &y, RCLIP_HUD_GEM, "GEMS", figure,
                 run->gems == run->gems_total ? (SDL_Color){255, 150, 220, 255} : WHITE,
                 !first && (better & PROGRESS_BEST_GEMS));
    }
    if (g->session.best_ticks > 0)
        hud_format_time(g->session.best_ticks, figure, sizeof figure);
    else
        snprintf(figure, sizeof figure, "NONE SAVED");
    render_text(&g->batch, &g->atlas, "BEST", x + 16, y, GOLD);
    render_text(&g->batch, &g->atlas, figure, x + 70, y, GOLD);
    if (screen_ready(g))
        draw_centered(g, keys, box.y + box.h - 18, GREY);
}

/* ---- the end of the campaign ---------------------------------------------------------- */

enum { CREDIT_LINE = 14, CREDITS_SPEED = 24 /* px/s */ };

typedef enum CreditStyle { CREDIT_GAP, CREDIT_TITLE, CREDIT_HEADING, CREDIT_TEXT } CreditStyle;

static void credit(Frontend *g, CreditStyle style, const char *text)
{
    int n = g->ending.credit_count;
    if (n < (int)(sizeof g->ending.credits / sizeof g->ending.credits[0])) {
        g->ending.credits[n].style = (int)style;
        snprintf(g->ending.credits[n].text, sizeof g->ending.credits[n].text, "%s", text);
        g->ending.credit_count++;
    }
}

/* Fixed lines of the credits: "" a gap, "=TEXT" a heading, "#TEXT" the title. */
static void credit_lines(Frontend *g, const char *const *lines, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char mark = lines[i][0];
        if (mark == '#' || mark == '=')
            credit(g, mark == '#' ? CREDIT_TITLE : CREDIT_HEADING, lines[i] + 1);
        else
            credit(g, mark ? CREDIT_TEXT : CREDIT_GAP, lines[i]);
    }
}

/* The campaign's totals, and its credits: their levels' part is the
** campaign's own worlds and titles, so it stays true as the campaign changes. */
static void end_enter(Frontend *g)
{
    static const char *const before[] = {"#PIP'S PEAK",
                                         "",
                                         "",
                                         "=MADE WITH",
                                         "C, SDL2, cJSON and Check",
                                         "",
                                         "=ART, SOUND AND MUSIC",
                                         "made in code, from text",
                                         "every sprite, every sound, every note",
                                         "",
                                         "=THE LEVELS"};
    static const char *const after[] = {"", "", "=THANKS FOR PLAYING"};
    campaign_summary(g, &g->ending.sum);
    g->ending.credits_at = -1.0f;
    g->ending.credit_count = 0;
    const PackInfo *pack = custom_pack(g);
    if (pack != NULL) {
        /* a pack's credits are its own: its title, who made it, its levels */
        char line[CAMPAIGN_TITLE_MAX + 16];
        snprintf(line, sizeof line, "%s", pack->meta.title);
        render_upcase(line);
        bool fits = render_text_width(&g->atlas, line) * 3 <= LOGICAL_W - 16;
        credit(g, fits ? CREDIT_TITLE : CREDIT_HEADING, line);
        credit(g, CREDIT_GAP, "");
        credit(g, CREDIT_GAP, "");
        if (pack->meta.author[0]) {
            credit(g, CREDIT_HEADING, "MADE BY");
            credit(g, CREDIT_TEXT, pack->meta.author);
            credit(g, CREDIT_GAP, "");
        }
        credit(g, CREDIT_HEADING, "THE LEVELS");
    } else {
        credit_lines(g, before, sizeof before / sizeof before[0]);
    }
    /* each world: a gap, its name, its levels */
    for (int w = 0; g->campaign && w < g->campaign->world_count; w++) {
        const CampaignWorld *world = &g->campaign->worlds[w];
        char line[CAMPAIGN_TITLE_MAX + 16];
        snprintf(line, sizeof line, "%s", world->name[0] ? world->name : "The Climb");
        render_upcase(line);
        credit(g, CREDIT_GAP, "");
        credit(g, CREDIT_TEXT, line);
        for (int i = world->first; i < world->first + world->count; i++) {
            snprintf(line, sizeof line, "%d  %s", i + 1, g->campaign->levels[i].title);
            credit(g, CREDIT_TEXT, line);
        }
    }
    credit_lines(g, after, sizeof after / sizeof after[0]);
}

float screens_credits_seconds(const Frontend *g)
{
    int lines = g->ending.credit_count;
    return (float)(LOGICAL_H + lines * CREDIT_LINE + 2 * CREDIT_LINE) / (float)CREDITS_SPEED;
}

/* OK: from the totals to the credits, from the credits to the title;
** Back: to the title. */
static void end_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    if (!screen_ready(g))
        return;
    if (r.menu == MENU_OK && g->ending.credits_at < 0.0f)
        g->ending.credits_at = g->screen_time;
    else if (r.menu == MENU_OK || r.menu == MENU_BACK)
        frontend_go(g, custom_pack(g) ? SCREEN_CUSTOM : SCREEN_TITLE);
}

/* The totals for a while, then the credits, then the title. */
static void end_update(Frontend *g, double seconds)
{
    (void)seconds;
    if (g->ending.credits_at < 0.0f && g->screen_time >= END_TOTALS_SECONDS)
        g->ending.credits_at = g->screen_time;
    float rolled = g->ending.credits_at >= 0.0f ? g->screen_time - g->ending.credits_at : 0.0f;
    if (rolled > screens_credits_seconds(g))
        frontend_go(g, custom_pack(g) ? SCREEN_CUSTOM : SCREEN_TITLE);
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
    SDL_Color white = {255, 255, 255, a}, grey = {GREY.r, GREY.g, GREY.b, a},
              gold = {GOLD.r, GOLD.g, GOLD.b, a};
    SDL_Rect box = {LOGICAL_W / 2 - 120, 96, 240, 150};
    if (alpha >= 1.0f)
        render_panel(&g->batch, &g->atlas, box);
    else
        render_fill(&g->batch, &g->atlas, box, (SDL_Color){30, 32, 66, (Uint8)(235.0f * alpha)});
    const char *heading = custom_pack(g) ? "PACK COMPLETE!" : "YOU REACHED THE PEAK!";
    draw_centered(g, heading, box.y + 12, gold);
    static const int icons[] = {-1, RCLIP_HUD_CLOCK, RCLIP_HUD_SKULL, RCLIP_HUD_COIN,
                                RCLIP_HUD_GEM};
    static const char *const names[] = {"LEVELS", "BEST TIMES", "DEATHS", "COINS", "GEMS"};
    char figure[5][48];
    snprintf(figure[0], sizeof figure[0], "%d/%d", sum->completed, sum->levels);
    hud_format_time(sum->ticks, figure[1], sizeof figure[1]);
    snprintf(figure[2], sizeof figure[2], "%lu", (unsigned long)sum->deaths);
    sum_of(sum->coins, sum->coins_total, sum->all_counted, figure[3], sizeof figure[3]);
    sum_of(sum->gems, sum->gems_total, sum->all_counted, figure[4], sizeof figure[4]);
    for (int i = 0, x = box.x + 34, y = box.y + 34; i < 5; i++, y += 16) {
        if (icons[i] >= 0)
            render_region(&g->batch, render_cell(&g->atlas, icons[i], 0, 0), x, y - 1, white);
        render_text(&g->batch, &g->atlas, names[i], x + 16, y, grey);
        render_text(&g->batch, &g->atlas, figure[i], x + 104, y, white);
    }
    if (screen_ready(g)) {
        char ok[48], back[48], keys[128];
        labels_menu_keys(&g->controls.bind, g->controls.pad_last, ok, back, sizeof ok);
        snprintf(keys, sizeof keys, "%s: CREDITS   %s: TITLE", ok, back);
        draw_centered(g, keys, box.y + box.h - 18, grey);
    }
}

static void draw_credits(Frontend *g, float t)
{
    /* the lines rise from under the screen's bottom edge */
    int top = LOGICAL_H - (int)(t * (float)CREDITS_SPEED);
    for (int i = 0; i < g->ending.credit_count; i++) {
        const char *text = g->ending.credits[i].text;
        int style = g->ending.credits[i].style, y = top + i * CREDIT_LINE;
        if (style == CREDIT_TITLE) {
            if (y > -30 && y < LOGICAL_H)
                draw_big(g, text, y, 3, 2, 1.0f);
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
    draw_drift(g, "peak", 6.0f, 1200); /* the summit */
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

/* ---- a level's errors ------------------------------------------------------------------- */

/* Back leaves; the restart key tries loading the file again. */
static void error_event(Frontend *g, const SDL_Event *ev, ControlsResult r)
{
    (void)ev;
    if (r.menu == MENU_BACK)
        session_leave(g);
    else if (r.pressed & (1u << ACT_RESTART))
        g->session.reload_now = true;
}

/* ---- over every screen ---------------------------------------------------------------- */

/* What reading the player's files found wrong, or why saving them failed,
** over whatever the screen shows, until OK or Back puts it away. */
static void draw_notices(Frontend *g)
{
    char text[SAVE_NOTICES_MAX * 900], wrapped[sizeof text + 256];
    frontend_notices_text(g, text, sizeof text);
    const int lh = g->atlas.font.line_height, most = (LOGICAL_H - 16 - 50) / lh;
    int lines = render_wrap(&g->atlas, text, LOGICAL_W - 60, 2, wrapped, sizeof wrapped);
    SDL_Rect box = {20, 0, LOGICAL_W - 40, 50 + (lines < most ? lines : most) * lh};
    box.y = (LOGICAL_H - box.h) / 2;
    dim(g, 120);
    draw_text_panel(g, box,
                    g->saves.notices_unsaved ? "YOUR GAME IS NOT BEING SAVED"
                                             : "SOME OF YOUR SAVED FILES HAD PROBLEMS",
                    GOLD, text, "ENTER: OK");
}

void frontend_draw(Frontend *g)
{
    Uint64 t0 = SDL_GetPerformanceCounter();
    batch_begin(&g->batch);
    render_use_atlas(&g->batch, &g->atlas);
    SCREENS[g->screen].draw(g);
    if (g->saves.notices_pending)
        draw_notices(g);
    if (g->saves.settings.debug_overlay) {
        g->frame.stats.entities = g->session.sim ? ecs_alive_count(sim_world(g->session.sim)) : 0;
        g->frame.stats.world = g->session.sim ? sim_world(g->session.sim) : NULL;
        hud_draw_debug(&g->batch, &g->atlas, &g->frame.stats);
    }
    batch_flush(&g->batch);
    g->frame.stats.draw_calls = g->batch.draw_calls; /* the overlay shows the last frame's */
    g->frame.stats.quads = g->batch.quads_drawn;
    g->frame.stats.frame_ms = (float)((double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                                      (double)SDL_GetPerformanceFrequency());
}

/* ---- the table ---------------------------------------------------------------------- */

/* The screens: see ScreenDef (frontend_internal.h) for what each column means. */
const ScreenDef SCREENS[SCREEN_COUNT] = {
    [SCREEN_TITLE] = {.enter = title_enter,
                      .event = title_event,
                      .draw = title_draw,
                      .back = SCREEN_NONE,
                      .music = "title"},
    [SCREEN_LEVELS] = {.enter = levels_enter,
                       .event = levels_event,
                       .draw = menu_screen_draw,
                       .back = SCREEN_TITLE,
                       .music = "title"},
    /* over the pause, the level under them moves on, as under the card */
    [SCREEN_OPTIONS] = {.enter = options_enter,
                        .event = options_event,
                        .update = session_update,
                        .draw = menu_screen_draw,
                        .back = SCREEN_FROM,
                        .music = NULL},
    [SCREEN_BINDINGS] = {.enter = bindings_enter,
                         .event = bindings_event,
                         .update = session_update,
                         .draw = bindings_draw,
                         .back = SCREEN_OPTIONS,
                         .music = NULL},
    [SCREEN_PLAY] = {.event = session_event,
                     .update = session_update,
                     .draw = play_draw,
                     .fini = session_fini,
                     .back = SCREEN_NONE,
                     .music = ""},
    [SCREEN_PAUSE] = {.enter = pause_enter,
                      .event = pause_event,
                      .draw = pause_draw,
                      .back = SCREEN_PLAY,
                      .music = ""},
    [SCREEN_COMPLETE] = {.event = complete_event,
                         .update = session_update,
                         .draw = draw_complete,
                         .back = SCREEN_NONE,
                         .music = "",
                         .wait = 0.4f},
    [SCREEN_END] = {.enter = end_enter,
                    .event = end_event,
                    .update = end_update,
                    .draw = draw_end,
                    .back = SCREEN_TITLE,
                    .music = "peak",
                    .wait = 0.8f},
    [SCREEN_ERROR] = {.event = error_event, .draw = draw_error, .back = SCREEN_NONE, .music = NULL},
    [SCREEN_CUSTOM] = {.enter = custom_enter,
                       .event = custom_event,
                       .draw = custom_draw,
                       .fini = custom_fini,
                       .back = SCREEN_TITLE,
                       .music = "title"},
    /* a pack's level select: the level select's, of the pack open */
    [SCREEN_PACK] = {.enter = levels_enter,
                     .event = levels_event,
                     .draw = menu_screen_draw,
                     .back = SCREEN_CUSTOM,
                     .music = "title"},
    /* the level editor (editor*.c) and its list of levels */
    [SCREEN_MAKE] = {.enter = editor_files_enter,
                     .event = editor_files_event,
                     .draw = editor_files_draw,
                     .back = SCREEN_TITLE,
                     .music = "title"},
    [SCREEN_EDITOR] = {.enter = editor_enter,
                       .event = editor_event,
                       .update = editor_update,
                       .draw = editor_draw,
                       .fini = editor_fini,
                       .back = SCREEN_MAKE,
                       .music = NULL},
    [SCREEN_ASSIST] = {.enter = assist_enter,
                       .event = assist_event,
                       .update = session_update,
                       .draw = assist_draw,
                       .back = SCREEN_OPTIONS,
                       .music = NULL},
};
