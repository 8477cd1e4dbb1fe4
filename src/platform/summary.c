/* SPDX-License-Identifier: Zlib */
/*
** summary.c -- what the screens say of the campaign: each level's coins and
** gems out of how many it holds, and the sums over the campaign.
**
** progress.json keeps, for a level completed, the coins and gems it held
** then, so the level select can say "3/5" without opening a level. A level
** never completed (or completed before progress kept totals) is counted
** from its file: loaded, and its description counted as its Sim counts
** (leveldesc_counts), without building one; no kind is named here. Each
** file is counted once a run of the game and remembered.
*/
#include "frontend_internal.h"

#include <stdlib.h>
#include <string.h>

/* The coins and gems of campaign level `index` from its file. */
static bool count_level(Frontend *g, int index, uint32_t *coins, uint32_t *gems)
{
    LevelCounts *known = &g->counts;
    if (index < 0 || index >= CAMPAIGN_MAX_LEVELS)
        return false;
    if (!known->tried[index]) {
        known->tried[index] = true;
        char path[APP_PATH_MAX];
        LevelErrors *errors = calloc(1, sizeof *errors);
        LevelDesc desc = {0};
        if (errors != NULL && campaign_level_path(g->campaign, index, path, sizeof path) &&
            app_load_level(g->data_dir, path, &desc, errors)) {
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

bool summary_level_totals(Frontend *g, int index, uint32_t *coins, uint32_t *gems)
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

void summary_campaign(Frontend *g, CampaignSummary *out)
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
        if (summary_level_totals(g, i, &coins, &gems)) {
            out->coins_total += coins;
            out->gems_total += gems;
        } else {
            out->all_counted = false;
        }
    }
}
