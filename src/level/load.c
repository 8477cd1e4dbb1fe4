/*
** load.c -- reading a level file of either format.
**
** A Tiled map is told from a native level by its content ("type": "map" at
** the root) or, failing that, by a .tmj extension.
*/
#include "level_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static bool is_tiled(const JsonDoc *doc)
{
    const cJSON *type = json_get(doc->root, "type");
    if (cJSON_IsString(type) && strcmp(type->valuestring, "map") == 0)
        return true;
    return level_path_has_ext(level_doc_path(doc), ".tmj");
}

bool level_parse_ex(const char *path, const char *text, size_t len,
                    const PhysicsParams *base, LevelDesc *out, LevelExtras *extras,
                    LevelErrors *errors)
{
    assert(path != NULL && text != NULL && out != NULL && errors != NULL);
    LevelExtras scratch;
    if (extras == NULL)
        extras = &scratch;
    memset(extras, 0, sizeof *extras);
    int before = errors->count + errors->dropped;
    LevelSink sink;
    JsonDoc doc;
    level_sink_init(&sink, path, errors);
    bool ok = level_doc_parse(&doc, &sink, text, len);
    if (ok) {
        LevelDesc lv;
        memset(&lv, 0, sizeof lv);
        ok = is_tiled(&doc) ? tiled_parse(&doc, base, &lv, extras)
                            : native_parse(&doc, base, &lv, extras);
        /* Duplicate keys found while parsing count too. */
        if (ok && errors->count + errors->dropped != before) {
            leveldesc_fini(&lv);
            ok = false;
        }
        if (ok)
            *out = lv;
    }
    json_doc_fini(&doc);
    return ok;
}

bool level_load_ex(const char *path, const PhysicsParams *base, LevelDesc *out,
                   LevelExtras *extras, LevelErrors *errors)
{
    char *text;
    size_t len;
    if (!level_read_file(path, &text, &len, errors))
        return false;
    bool ok = level_parse_ex(path, text, len, base, out, extras, errors);
    free(text);
    return ok;
}

bool level_parse(const char *path, const char *text, size_t len, const PhysicsParams *base,
                 LevelDesc *out, LevelErrors *errors)
{
    return level_parse_ex(path, text, len, base, out, NULL, errors);
}

bool level_load(const char *path, const PhysicsParams *base, LevelDesc *out,
                LevelErrors *errors)
{
    return level_load_ex(path, base, out, NULL, errors);
}
