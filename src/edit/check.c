/* SPDX-License-Identifier: Zlib */
/*
** check.c -- the live check: --check's rules on the level as it would be
** saved.
**
** The document is written to text, exactly as saving would write it, and
** the level loader reads it, rules of play and all (level_parse, what
** --check runs): no model of the rules here, and a problem a saved file
** would have is one the editor shows. The loader names places by line and
** column of that text; the writer says which line holds which row and
** which listed entity (EditLines), so each problem is given back its tile
** and entity, and the other entities a message names ("the checkpoint at
** 97:5") are named by their tile. Level 24, the largest shipped level, is
** written and checked in about 3 ms (platformer-bench
** editor_recheck_level24), well inside a frame: no change is too small to
** check the whole level again.
*/
#include "edit_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Places {
    EditDoc *doc;
    const EditLines *lines;
    const char *map; /* the rows' characters, drawn entities on them */
} Places;

/* The tile and entity of a place of the written text; false when the place
** is the level's as a whole (a setting, the legend). */
static bool place(const Places *pl, int line, int col, int *x, int *y, uint32_t *id)
{
    EditDoc *doc = pl->doc;
    int row = line - pl->lines->rows;
    if (row >= 0 && row < doc->height) {
        /* a row is written from column 6: four spaces and its quote */
        int c = 6;
        for (int tx = 0; tx < doc->width; tx++) {
            char ch = pl->map[(size_t)row * (size_t)doc->width + (size_t)tx];
            if (c == col) {
                *x = tx;
                *y = row;
                const int32_t *occ = edit_occupants(doc);
                int32_t s = occ != NULL ? occ[(size_t)row * (size_t)doc->width + (size_t)tx] : 0;
                *id = s > 0 ? doc->slots[s - 1].id : 0;
                return true;
            }
            c += ch == '"' || ch == '\\' ? 2 : 1;
        }
        return false;
    }
    int lo = 0, hi = pl->lines->entity_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (pl->lines->entity[mid].line < line)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo >= pl->lines->entity_count || pl->lines->entity[lo].line != line)
        return false;
    const EditEntity *en = &doc->slots[pl->lines->entity[lo].slot];
    edit_entity_tile(&en->e, x, y);
    *id = en->id;
    return true;
}

/* The message with each "at LINE:COL" that names an entity's place
** written as its tile. */
static void rewrite(const Places *pl, const char *in, char *out, size_t size)
{
    size_t n = 0;
    while (*in != '\0' && n + 1 < size) {
        int line, col, used = 0, x, y;
        uint32_t id;
        if (strncmp(in, "at ", 3) == 0 && sscanf(in + 3, "%d:%d%n", &line, &col, &used) == 2 &&
            used > 0 && place(pl, line, col, &x, &y, &id)) {
            int w = snprintf(out + n, size - n, "at column %d, row %d", x, y);
            n += w > 0 && (size_t)w < size - n ? (size_t)w : 0;
            in += 3 + used;
            continue;
        }
        out[n++] = *in++;
    }
    out[n] = '\0';
}

static void add(EditProblems *ps, const Places *pl, const LevelError *e, bool warning)
{
    EditProblem *p = &ps->list[ps->count++];
    p->warning = warning;
    p->x = p->y = -1;
    p->id = 0;
    place(pl, e->line, e->col, &p->x, &p->y, &p->id); /* or the level's as a whole */
    rewrite(pl, e->message, p->message, sizeof p->message);
}

const EditProblems *edit_check(EditDoc *doc)
{
    if (doc->check_version == doc->version)
        return &doc->problems;
    EditProblems *ps = &doc->problems;
    ps->count = ps->dropped = 0;
    EditLines lines;
    size_t len;
    char *text = edit_write(doc, &len, &lines);
    Places pl = {doc, &lines, NULL};
    char *map = edit_map_chars(doc); /* as written, for the columns of a row */
    if (text != NULL && map != NULL) {
        pl.map = map;
        LevelErrors *errors = doc->errors;
        level_errors_clear(errors);
        LevelDesc lv;
        if (level_parse("level", text, len, &doc->base, &lv, errors))
            leveldesc_fini(&lv);
        for (int i = 0; i < errors->count; i++)
            add(ps, &pl, &errors->list[i], false);
        for (int i = 0; i < errors->warning_count; i++)
            add(ps, &pl, &errors->warnings[i], true);
        ps->dropped = errors->dropped;
        doc->check_version = doc->version;
    } else {
        EditProblem *p = &ps->list[ps->count++];
        *p = (EditProblem){.x = -1, .y = -1};
        snprintf(p->message, sizeof p->message, "out of memory checking the level");
    }
    free(map);
    free(text);
    free(lines.entity);
    return ps;
}
