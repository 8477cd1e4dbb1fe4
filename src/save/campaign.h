/*
** campaign.h -- the ordered list of levels the game is played through.
**
** levels/campaign.json:
**   { "format": 1, "levels": [ { "file": "01-first-steps.json",
**                                "title": "First Steps" }, ... ] }
** File names are relative to the campaign file's folder and are also the
** levels' ids in progress.json.
*/
#ifndef CAMPAIGN_H
#define CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>

enum {
    CAMPAIGN_MAX_LEVELS = 128,
    CAMPAIGN_FILE_MAX = 64,      /* bytes of a file name, with the NUL */
    CAMPAIGN_TITLE_MAX = 64,     /* bytes of a title (UTF-8), with the NUL */
    CAMPAIGN_DIR_MAX = 1024,
};

typedef struct CampaignLevel {
    char file[CAMPAIGN_FILE_MAX];
    char title[CAMPAIGN_TITLE_MAX];
} CampaignLevel;

typedef struct Campaign {
    char dir[CAMPAIGN_DIR_MAX];  /* folder of the campaign file, "" for the current one */
    int count;                   /* >= 1 once loaded */
    CampaignLevel levels[CAMPAIGN_MAX_LEVELS];
} Campaign;

/* Reads a campaign file strictly: a missing file, bad JSON, an unknown key,
** a wrong type, a file name with a folder in it, a repeated file or no
** levels at all is an error. On error returns false, leaves *c empty and
** writes "PATH:LINE:COL: problem" or "PATH: problem" to err. */
bool campaign_load(const char *path, Campaign *c, char *err, size_t errlen);

/* The path of level `index`: the campaign's folder joined with its file.
** False if index is out of range or the path does not fit. */
bool campaign_level_path(const Campaign *c, int index, char *out, size_t cap);

/* Index of the level with that file name, or -1. */
int campaign_find(const Campaign *c, const char *file);

#endif
