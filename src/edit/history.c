/* SPDX-License-Identifier: Zlib */
/*
** history.c -- undo and redo: every change a command makes is recorded by
** the value it replaced.
**
** Commands never write the document directly: they go through edit_put_*,
** which keep, in the open step, the old value of each place they change (a
** cell, an entity's slot, the settings and legend, the whole grid) the
** first time the step changes it; a place changed again in the same step
** keeps its first old value, so a paint stroke over the same tile a hundred
** times records it once. Undo walks the step backwards and swaps each kept
** value with the document's: the document is as before the step, and the
** step now holds the values of after it, which redo swaps back, walking
** forwards. No command has an inverse to write, so none can get it wrong:
** the property test in tests/test_edit.c undoes random sequences to the
** original bytes.
**
** A group (edit_begin, edit_end) is one step. The step is made at its
** first change: a group that changes nothing leaves no step, and keeps the
** steps that were undone for redo.
*/
#include "edit_internal.h"

#include "array.h"

#include <stdlib.h>
#include <string.h>

void edit_begin(EditDoc *doc, const char *label)
{
    if (doc->depth++ > 0)
        return;
    doc->label = label;
    doc->live = false;
    doc->serial++;
}

void edit_end(EditDoc *doc)
{
    if (doc->depth == 0 || --doc->depth > 0)
        return;
    if (doc->live) {
        doc->done++;
        doc->total = doc->done;
    }
    doc->live = false;
}

static void free_step(EditStep *s)
{
    for (int i = 0; i < s->count; i++) {
        if (s->changes[i].type == EDIT_GRID)
            free(((EditGrid *)s->changes[i].data)->cells);
        free(s->changes[i].data);
    }
    free(s->changes);
    memset(s, 0, sizeof *s);
}

/* The open group's step, made at its first change (dropping what was
** undone), with room for one more change; NULL when out of memory. */
static EditStep *open_step(EditDoc *doc)
{
    if (doc->depth == 0)
        return NULL; /* a change outside a command */
    if (!doc->live) {
        for (int i = doc->done; i < doc->total; i++)
            free_step(&doc->steps[i]);
        if (doc->saved > doc->done)
            doc->saved = -1;
        doc->total = doc->done;
        if (!array_reserve(doc->steps, doc->step_cap, (size_t)doc->done + 1))
            return NULL;
        doc->steps[doc->done] = (EditStep){.label = doc->label};
        doc->live = true;
        doc->total = doc->done + 1;
    }
    EditStep *s = &doc->steps[doc->done];
    if (!array_reserve(s->changes, s->cap, (size_t)s->count + 1))
        return NULL;
    return s;
}

/* Keeps a copy of size bytes of what is at p in the step. */
static bool keep(EditDoc *doc, EditChangeType type, int32_t at, const void *p, size_t size)
{
    EditStep *s = open_step(doc);
    void *copy = malloc(size);
    if (s == NULL || copy == NULL) {
        free(copy);
        return false;
    }
    memcpy(copy, p, size);
    s->changes[s->count++] = (EditChange){.type = (uint8_t)type, .at = at, .data = copy};
    return true;
}

bool edit_put_cell(EditDoc *doc, size_t i, char c)
{
    if (doc->cells[i] == c)
        return true;
    size_t cells = (size_t)doc->width * (size_t)doc->height;
    if (doc->cell_mark_len != cells) {
        free(doc->cell_mark);
        doc->cell_mark = calloc(cells, sizeof *doc->cell_mark);
        doc->cell_mark_len = doc->cell_mark != NULL ? cells : 0;
        if (doc->cell_mark == NULL)
            return false;
    }
    if (doc->cell_mark[i] != doc->serial) {
        EditStep *s = open_step(doc);
        if (s == NULL)
            return false;
        s->changes[s->count++] =
            (EditChange){.type = EDIT_CELL, .cell = doc->cells[i], .at = (int32_t)i};
        doc->cell_mark[i] = doc->serial;
    }
    doc->cells[i] = c;
    doc->version++;
    return true;
}

static bool mark_slot(EditDoc *doc, int slot)
{
    if (slot >= doc->slot_mark_len) {
        int len = (int)doc->slot_cap;
        uint32_t *marks = realloc(doc->slot_mark, (size_t)len * sizeof *marks);
        if (marks == NULL)
            return false;
        memset(marks + doc->slot_mark_len, 0, (size_t)(len - doc->slot_mark_len) * sizeof *marks);
        doc->slot_mark = marks;
        doc->slot_mark_len = len;
    }
    if (doc->slot_mark[slot] == doc->serial)
        return true;
    if (!keep(doc, EDIT_SLOT, slot, &doc->slots[slot], sizeof doc->slots[slot]))
        return false;
    doc->slot_mark[slot] = doc->serial;
    return true;
}

bool edit_put_slot(EditDoc *doc, int slot, const EditEntity *en)
{
    if (memcmp(&doc->slots[slot], en, sizeof *en) == 0)
        return true;
    /* the file's text of an entry stays only while the entry does */
    EditEntity next = *en;
    next.raw_off = next.raw_len = 0;
    if (memcmp(&doc->slots[slot], &next, sizeof next) == 0)
        return true;
    if (!mark_slot(doc, slot))
        return false;
    doc->slots[slot] = next;
    doc->version++;
    doc->slots_version++;
    return true;
}

int edit_new_slot(EditDoc *doc, const EditEntity *en)
{
    if (!array_reserve(doc->slots, doc->slot_cap, (size_t)doc->slot_count + 1))
        return -1;
    int slot = doc->slot_count;
    /* The slot was nobody before this step. */
    memset(&doc->slots[slot], 0, sizeof doc->slots[slot]);
    if (!mark_slot(doc, slot))
        return -1;
    doc->slot_count++;
    doc->slots[slot] = *en;
    doc->version++;
    doc->slots_version++;
    return slot;
}

bool edit_put_meta(EditDoc *doc, const EditMeta *meta)
{
    if (memcmp(&doc->meta, meta, sizeof *meta) == 0)
        return true;
    if (doc->meta_mark != doc->serial) {
        if (!keep(doc, EDIT_META, 0, &doc->meta, sizeof doc->meta))
            return false;
        doc->meta_mark = doc->serial;
    }
    doc->meta = *meta;
    edit_legend_refresh(doc);
    doc->version++;
    return true;
}

bool edit_put_grid(EditDoc *doc, int width, int height, char *cells)
{
    EditGrid old = {doc->width, doc->height, doc->cells};
    if (!keep(doc, EDIT_GRID, 0, &old, sizeof old)) {
        free(cells);
        return false;
    }
    doc->width = width;
    doc->height = height;
    doc->cells = cells;
    /* the marks were of the old grid's cells */
    free(doc->cell_mark);
    doc->cell_mark = NULL;
    doc->cell_mark_len = 0;
    doc->version++;
    doc->slots_version++;
    return true;
}

/* Swaps a kept value with the document's. */
static void swap(EditDoc *doc, EditChange *c)
{
    switch (c->type) {
    case EDIT_CELL: {
        char t = doc->cells[c->at];
        doc->cells[c->at] = c->cell;
        c->cell = t;
        break;
    }
    case EDIT_SLOT: {
        EditEntity t = doc->slots[c->at];
        doc->slots[c->at] = *(EditEntity *)c->data;
        *(EditEntity *)c->data = t;
        if (c->at >= doc->slot_count)
            doc->slot_count = c->at + 1;
        break;
    }
    case EDIT_META: {
        EditMeta t = doc->meta;
        doc->meta = *(EditMeta *)c->data;
        *(EditMeta *)c->data = t;
        break;
    }
    default: {
        EditGrid *g = c->data, t = {doc->width, doc->height, doc->cells};
        doc->width = g->width;
        doc->height = g->height;
        doc->cells = g->cells;
        *g = t;
        break;
    }
    }
}

/* Undoes a step (its changes swapped backwards) or redoes one (forwards). */
static bool step(EditDoc *doc, bool redo)
{
    while (doc->depth > 0)
        edit_end(doc);
    if (doc->done == (redo ? doc->total : 0))
        return false;
    EditStep *s = &doc->steps[redo ? doc->done++ : --doc->done];
    for (int i = 0; i < s->count; i++)
        swap(doc, &s->changes[redo ? i : s->count - 1 - i]);
    edit_legend_refresh(doc);
    doc->version++;
    doc->slots_version++;
    return true;
}

bool edit_undo(EditDoc *doc)
{
    return step(doc, false);
}

bool edit_redo(EditDoc *doc)
{
    return step(doc, true);
}

const char *edit_undo_label(const EditDoc *doc)
{
    return doc->done > 0 ? doc->steps[doc->done - 1].label : NULL;
}

const char *edit_redo_label(const EditDoc *doc)
{
    return doc->done < doc->total ? doc->steps[doc->done].label : NULL;
}

void edit_history_fini(EditDoc *doc)
{
    for (int i = 0; i < doc->total; i++)
        free_step(&doc->steps[i]);
    free(doc->steps);
    free(doc->cell_mark);
    free(doc->slot_mark);
    doc->steps = NULL;
    doc->cell_mark = doc->slot_mark = NULL;
    doc->cell_mark_len = doc->step_cap = 0;
    doc->slot_mark_len = doc->done = doc->total = doc->depth = 0;
    doc->live = false;
}
