/* SPDX-License-Identifier: Zlib */
/*
** ask.c -- values typed in the editor, read by the level loader.
**
** The editor reads no value itself. A property, a name, a world, a
** physics parameter typed by the user is written as JSON (a string, or a
** number or a bool when it is one) into a tiny level of its own, which the
** loader reads (level_parse_draft): what the loader makes of it is the
** value, and what the loader says of it is the message, word for word as
** --check would say it of the file. One copy of each rule, the loader's.
**
** The level's own settings are set here too: its name, its world
** (background and music) and the physics parameters it sets, each read by
** the loader as part of a tiny level, held to the file's rules and refused
** with the file's message.
*/
#include "edit_internal.h"

#include "json_get.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *edit_json_string(const char *s)
{
    char *out = malloc(strlen(s) * 6 + 3), *o = out;
    if (out == NULL)
        return NULL;
    *o++ = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\') {
            *o++ = '\\';
            *o++ = (char)*p;
        } else if (*p == '\n') {
            *o++ = '\\';
            *o++ = 'n';
        } else if (*p < 0x20) {
            o += sprintf(o, "\\u%04x", *p);
        } else {
            *o++ = (char)*p;
        }
    }
    *o++ = '"';
    *o = '\0';
    return out;
}

char *edit_json_value(const char *typed, bool as_string)
{
    /* a JSON number, true or false */
    if (!as_string &&
        (strcmp(typed, "true") == 0 || strcmp(typed, "false") == 0 || json_is_number(typed))) {
        char *out = malloc(strlen(typed) + 1);
        return out != NULL ? strcpy(out, typed) : NULL;
    }
    return edit_json_string(typed);
}

bool edit_ask_loader(int width, int height, const char *name, const char *background,
                     const char *physics, const char *entity, LevelDesc *out, const char *prefix,
                     char *msg, size_t msg_size)
{
    bool ok = name != NULL && background != NULL;
    size_t row = (size_t)width + 4;
    size_t cap = (ok ? strlen(name) + strlen(background) : 0) +
                 (physics != NULL ? strlen(physics) : 0) + (entity != NULL ? strlen(entity) : 0) +
                 row * (size_t)height + 160;
    char *text = ok ? malloc(cap) : NULL;
    LevelErrors *errors = calloc(1, sizeof *errors);
    ok = text != NULL && errors != NULL;
    if (ok) {
        size_t n = (size_t)snprintf(text, cap,
                                    "{\"format\": 1, \"name\": %s, \"background\": %s%s%s, "
                                    "\"legend\": {\".\": \"empty\"}, \"tiles\": [",
                                    name, background, physics != NULL ? ", \"physics\": " : "",
                                    physics != NULL ? physics : "");
        for (int y = 0; y < height; y++) {
            text[n++] = y > 0 ? ',' : ' ';
            text[n++] = '"';
            memset(text + n, '.', (size_t)width);
            n += (size_t)width;
            text[n++] = '"';
        }
        n += (size_t)snprintf(text + n, cap - n, "]%s%s%s}",
                              entity != NULL ? ", \"entities\": [" : "",
                              entity != NULL ? entity : "", entity != NULL ? "]" : "");
        LevelDesc lv;
        ok = level_parse_draft("value", text, n, NULL, &lv, errors);
        if (ok) {
            *out = lv;
        } else {
            const char *m = errors->count > 0 ? errors->list[0].message : "out of memory";
            size_t skip = prefix != NULL ? strlen(prefix) : 0;
            if (skip > 0 && strncmp(m, prefix, skip) == 0)
                m += skip;
            snprintf(msg, msg_size, "%s", m);
        }
    } else {
        snprintf(msg, msg_size, "out of memory");
    }
    free(text);
    free(errors);
    return ok;
}

/* ---- The level's settings ------------------------------------------------------ */

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
