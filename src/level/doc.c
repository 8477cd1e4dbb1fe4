/* SPDX-License-Identifier: Zlib */
/*
** doc.c -- level files as JSON documents: src/json/ reads and checks them,
** and its problems become this folder's LevelErrors, each naming its file.
*/
#include "level_internal.h"

#include "json_file.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)LEVEL_MAX_DEPTH == (int)JSON_MAX_DEPTH, "level.h states the JSON limits");
_Static_assert((int)LEVEL_MAX_JSON_VALUES == (int)JSON_MAX_VALUES,
               "level.h states the JSON limits");

static void level_sink_report(void *ctx, int line, int col, const char *message)
{
    LevelSink *ls = ctx;
    if (ls->quiet) {
        if (ls->quiet_count++ == 0) {
            ls->quiet_line = line;
            ls->quiet_col = col;
        }
        return;
    }
    level_errors_add(ls->errors, ls->path, line, col, "%s", message);
}

void level_sink_init(LevelSink *ls, const char *path, LevelErrors *errors)
{
    assert(ls != NULL && errors != NULL);
    *ls = (LevelSink){
        .sink = {.report = level_sink_report, .ctx = ls}, .path = path, .errors = errors};
}

bool level_read_file(const char *path, char **text, size_t *len, LevelErrors *errors)
{
    LevelSink ls;
    level_sink_init(&ls, path, errors);
    return json_read_file(path, LEVEL_MAX_FILE_BYTES, text, len, &ls.sink) == JSON_READ_OK;
}

bool level_doc_parse(JsonDoc *doc, LevelSink *ls, const char *text, size_t len)
{
    return json_doc_parse(doc, text, len, LEVEL_MAX_FILE_BYTES, &ls->sink);
}

bool level_file_open(LevelFile *f, const char *path, LevelErrors *errors)
{
    memset(&f->doc, 0, sizeof f->doc);
    f->text = NULL;
    level_sink_init(&f->sink, path, errors);
    size_t len;
    if (!level_read_file(path, &f->text, &len, errors)) {
        f->text = NULL;
        return false;
    }
    return level_doc_parse(&f->doc, &f->sink, f->text, len);
}

void level_file_close(LevelFile *f)
{
    if (f->text != NULL)
        json_doc_fini(&f->doc);
    free(f->text);
    f->text = NULL;
}

static const LevelSink *sink_of(const JsonDoc *doc)
{
    /* Only documents parsed by level_doc_parse come here. */
    assert(doc->sink != NULL && doc->sink->report == level_sink_report);
    return doc->sink->ctx;
}

const char *level_doc_path(const JsonDoc *doc)
{
    return sink_of(doc)->path;
}

LevelErrors *level_doc_errors(const JsonDoc *doc)
{
    return sink_of(doc)->errors;
}

const LevelConfine *level_doc_confine(const JsonDoc *doc)
{
    return sink_of(doc)->confine;
}

int level_doc_error_total(const JsonDoc *doc)
{
    const LevelErrors *errors = level_doc_errors(doc);
    return errors->count + errors->dropped;
}
