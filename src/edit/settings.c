/* SPDX-License-Identifier: Zlib */
/*
** settings.c -- the level's own settings: its name, its world (background
** and music) and the physics parameters it sets. Each value is read by the
** loader as part of a tiny level (edit_ask_loader), so it is held to the
** file's rules and refused with the file's message.
*/
#include "edit_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool put(EditDoc *doc, const EditMeta *m, const char *label)
{
    edit_begin(doc, label);
    bool ok = edit_put_meta(doc, m);
    edit_end(doc);
    return ok;
}

/* The name (which 0) or the background (1) set to text, as the loader reads it. */
static bool set_word(EditDoc *doc, int which, const char *text, char *msg, size_t msg_size)
{
    char *json = edit_json_string(text);
    LevelDesc lv;
    bool ok = edit_ask_loader(1, 1, which == 0 ? json : "\"-\"", which == 0 ? "\"hills\"" : json,
                              NULL, NULL, &lv, NULL, msg, msg_size);
    free(json);
    if (!ok)
        return false;
    EditMeta m = doc->meta;
    char *now = which == 0 ? m.name : m.background;
    const char *got = which == 0 ? lv.name : lv.background;
    if (strcmp(now, got) != 0) {
        snprintf(now, which == 0 ? sizeof m.name : sizeof m.background, "%s", got);
        *(which == 0 ? &m.name_raw : &m.background_raw) = (EditSpan){0, 0};
    }
    leveldesc_fini(&lv);
    return put(doc, &m, which == 0 ? "name" : "background");
}

bool edit_set_name(EditDoc *doc, const char *name, char *msg, size_t msg_size)
{
    return set_word(doc, 0, name, msg, msg_size);
}

bool edit_set_background(EditDoc *doc, const char *background, char *msg, size_t msg_size)
{
    return set_word(doc, 1, background, msg, msg_size);
}

bool edit_set_physics(EditDoc *doc, const char *param, const char *value, char *msg,
                      size_t msg_size)
{
    EditMeta m = doc->meta;
    int count, at = -1;
    const ParamInfo *table = physics_param_table(&count);
    const ParamInfo *info = physics_param_find(param);
    for (int i = 0; info != NULL && i < m.physics_count; i++)
        if (m.physics_param[i] == info - table)
            at = i;
    if (value == NULL || value[0] == '\0') {
        if (at < 0)
            return false;
        memmove(&m.physics_param[at], &m.physics_param[at + 1], (size_t)(m.physics_count - at - 1));
        memmove(&m.physics_value[at], &m.physics_value[at + 1],
                (size_t)(m.physics_count - at - 1) * sizeof m.physics_value[0]);
        m.physics_count--;
        m.physics_raw = (EditSpan){0, 0};
        return put(doc, &m, "physics");
    }
    /* the loader says what is wrong with the name or the value */
    char *key = edit_json_string(param), *json = edit_json_value(value, false);
    char *physics = key != NULL && json != NULL ? malloc(strlen(key) + strlen(json) + 8) : NULL;
    if (physics != NULL)
        sprintf(physics, "{%s: %s}", key, json);
    LevelDesc lv;
    bool ok = physics != NULL && edit_ask_loader(1, 1, "\"-\"", "\"hills\"", physics, NULL, &lv,
                                                 "physics.", msg, msg_size);
    if (physics == NULL)
        snprintf(msg, msg_size, "out of memory");
    free(key);
    free(json);
    free(physics);
    if (!ok)
        return false;
    float v;
    memcpy(&v, (const char *)&lv.physics + info->offset, sizeof v);
    leveldesc_fini(&lv);
    if (at < 0) {
        at = m.physics_count++;
        m.physics_param[at] = (int8_t)(info - table);
        m.physics_value[at] = v;
        m.physics_raw = (EditSpan){0, 0};
    } else if (m.physics_value[at] != v) {
        m.physics_value[at] = v;
        m.physics_raw = (EditSpan){0, 0};
    }
    return put(doc, &m, "physics");
}

bool edit_physics(const EditDoc *doc, const char *param, float *value)
{
    int count;
    const ParamInfo *table = physics_param_table(&count);
    const ParamInfo *info = physics_param_find(param);
    for (int i = 0; info != NULL && i < doc->meta.physics_count; i++)
        if (doc->meta.physics_param[i] == info - table) {
            *value = doc->meta.physics_value[i];
            return true;
        }
    return false;
}
