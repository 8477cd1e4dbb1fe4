/* SPDX-License-Identifier: Zlib */
/*
** load.c -- reading a level file of either format, and telling the files
** of a level folder apart.
**
** What a file is comes from its content first, whatever its name: a root
** with "type": "map" is a Tiled map and "type": "tileset" a Tiled tileset
** (Tiled saves both as .json as readily as .tmj and .tsj); a root without a
** "type" but with a map's members is a map of Tiled 0.x, which tiled.c
** refuses in one line, and one with a tileset's members a tileset of that
** age. Only a file that says none of this is told by its extension (.tmj,
** .tsj), and otherwise is a native level. Tiled's XML files (.tmx, .tsx)
** are refused by name before they are read.
*/
#include "tiled_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef enum DocKind { DOC_NATIVE, DOC_MAP, DOC_TILESET } DocKind;

static DocKind doc_kind(const JsonDoc *doc)
{
    const cJSON *root = doc->root;
    const cJSON *type = json_get(root, "type");
    if (cJSON_IsString(type) && strcmp(type->valuestring, "map") == 0)
        return DOC_MAP;
    if (tiled_is_tileset(root))
        return DOC_TILESET;
    if (type == NULL && tiled_has_map_layout(root))
        return DOC_MAP;
    if (json_get(root, "format") != NULL || json_get(root, "legend") != NULL)
        return DOC_NATIVE;
    const char *path = level_doc_path(doc);
    if (level_path_has_ext(path, ".tmj"))
        return DOC_MAP;
    if (level_path_has_ext(path, ".tsj"))
        return DOC_TILESET;
    return DOC_NATIVE;
}

/* Tiled's XML formats, refused by name: false after reporting. */
static bool not_xml(const char *path, LevelErrors *errors)
{
    if (level_path_has_ext(path, ".tmx")) {
        level_errors_add(
            errors, path, 0, 0,
            "XML maps (.tmx) are not supported: save the map as JSON (File > Save As, .tmj)");
        return false;
    }
    if (level_path_has_ext(path, ".tsx")) {
        level_errors_add(errors, path, 0, 0,
                         "XML tilesets (.tsx) are not supported: save the tileset as JSON (.tsj)");
        return false;
    }
    return true;
}

/* A parsed document as a level; on a tileset, the one error that says so. */
static bool parse_doc(JsonDoc *doc, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras)
{
    switch (doc_kind(doc)) {
    case DOC_MAP: return tiled_parse(doc, base, out, extras);
    case DOC_TILESET:
        json_error(doc, doc->root, "this is a Tiled tileset, not a level: load a map that uses it");
        return false;
    default: return native_parse(doc, base, out, extras);
    }
}

/* A level from text in memory, the files it names held to confine (NULL:
** any); extras (NULL: none wanted) tells what it says beyond out. */
static bool parse_text(const char *path, const char *text, size_t len, const PhysicsParams *base,
                       const LevelConfine *confine, LevelDesc *out, LevelExtras *extras,
                       LevelErrors *errors)
{
    assert(path != NULL && text != NULL && out != NULL && errors != NULL);
    int before = errors->count + errors->dropped;
    LevelExtras scratch = {0};
    LevelSink sink;
    JsonDoc doc;
    level_sink_init(&sink, path, errors);
    sink.confine = confine;
    bool ok = level_doc_parse(&doc, &sink, text, len);
    if (ok) {
        LevelDesc lv;
        memset(&lv, 0, sizeof lv);
        ok = parse_doc(&doc, base, &lv, extras != NULL ? extras : &scratch);
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

bool level_parse_draft(const char *path, const char *text, size_t len, const PhysicsParams *base,
                       LevelDesc *out, LevelErrors *errors)
{
    LevelExtras extras = {.draft = true};
    return parse_text(path, text, len, base, NULL, out, &extras, errors);
}

static bool load_confined(const char *path, const PhysicsParams *base, const LevelConfine *confine,
                          LevelDesc *out, LevelExtras *extras, LevelErrors *errors)
{
    if (extras != NULL)
        memset(extras, 0, sizeof *extras);
    char *text;
    size_t len;
    if (!not_xml(path, errors) || !level_read_file(path, &text, &len, errors))
        return false;
    bool ok = parse_text(path, text, len, base, confine, out, extras, errors);
    free(text);
    return ok;
}

bool level_load_ex(const char *path, const PhysicsParams *base, LevelDesc *out, LevelExtras *extras,
                   LevelErrors *errors)
{
    return load_confined(path, base, NULL, out, extras, errors);
}

bool level_load_confined(const char *path, const PhysicsParams *base, const LevelConfine *confine,
                         LevelDesc *out, LevelErrors *errors)
{
    assert(confine != NULL);
    return load_confined(path, base, confine, out, NULL, errors);
}

bool level_parse(const char *path, const char *text, size_t len, const PhysicsParams *base,
                 LevelDesc *out, LevelErrors *errors)
{
    return parse_text(path, text, len, base, NULL, out, NULL, errors);
}

bool level_load(const char *path, const PhysicsParams *base, LevelDesc *out, LevelErrors *errors)
{
    return load_confined(path, base, NULL, out, NULL, errors);
}

bool level_check_file(const char *path, LevelErrors *errors)
{
    if (!not_xml(path, errors))
        return false;
    int before = errors->count + errors->dropped;
    LevelFile f;
    bool ok = level_file_open(&f, path, errors);
    if (ok && doc_kind(&f.doc) == DOC_TILESET) {
        ok = tiled_check_tileset_doc(&f.doc);
    } else if (ok) {
        LevelDesc lv;
        LevelExtras extras = {0};
        ok = parse_doc(&f.doc, NULL, &lv, &extras);
        if (ok)
            leveldesc_fini(&lv);
    }
    level_file_close(&f);
    return ok && errors->count + errors->dropped == before;
}
