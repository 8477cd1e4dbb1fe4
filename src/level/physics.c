/* SPDX-License-Identifier: Zlib */
/*
** physics.c -- physics.json and the "physics" overrides of a level: both are
** objects of parameter name to number, checked against physics_param_table().
*/
#include "level_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void level_physics_apply(JsonDoc *doc, const cJSON *obj, PhysicsParams *params, bool *set,
                         bool schema)
{
    if (!json_want_object(doc, obj))
        return;
    int count;
    const ParamInfo *table = physics_param_table(&count);
    assert(count <= LEVEL_PARAM_MAX);
    const char *names[LEVEL_PARAM_MAX];
    for (int i = 0; i < count; i++)
        names[i] = table[i].name;
    for (const cJSON *m = obj->child; m != NULL; m = m->next) {
        if (schema && strcmp(m->string, "$schema") == 0)
            continue;
        const ParamInfo *info = physics_param_find(m->string);
        if (info == NULL) {
            char q[48];
            json_quote(m->string, q, sizeof q);
            int s = json_suggest(m->string, names, count);
            if (s >= 0)
                json_error_key(doc, m, "unknown physics parameter \"%s\" (did you mean \"%s\"?)", q,
                               names[s]);
            else
                json_error_key(doc, m,
                               "unknown physics parameter \"%s\" (levels/README.md lists them)", q);
            continue;
        }
        double v;
        if (json_want_number(doc, m, info->min, info->max, &v)) {
            *physics_param_ptr(params, info) = (float)v;
            if (set != NULL)
                set[info - table] = true;
        }
    }
}

bool level_physics_parse(const char *path, const char *text, size_t len, PhysicsParams *inout,
                         LevelErrors *errors)
{
    LevelSink sink;
    JsonDoc doc;
    int before = errors->count + errors->dropped;
    level_sink_init(&sink, path, errors);
    bool ok = level_doc_parse(&doc, &sink, text, len);
    if (ok) {
        PhysicsParams p = *inout;
        if (!cJSON_IsObject(doc.root))
            json_error(&doc, doc.root,
                       "physics.json must hold an object of parameter names to numbers");
        else
            level_physics_apply(&doc, doc.root, &p, NULL, true);
        ok = level_doc_error_total(&doc) == before;
        if (ok)
            *inout = p;
    }
    json_doc_fini(&doc);
    return ok;
}

bool level_physics_load(const char *path, PhysicsParams *inout, LevelErrors *errors)
{
    char *text;
    size_t len;
    if (!level_read_file(path, &text, &len, errors))
        return false;
    bool ok = level_physics_parse(path, text, len, inout, errors);
    free(text);
    return ok;
}
