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

/* Whether s is a JSON number, true or false. */
static bool edit_json_literal(const char *s)
{
    return strcmp(s, "true") == 0 || strcmp(s, "false") == 0 || json_is_number(s);
}

char *edit_json_value(const char *typed, bool as_string)
{
    if (!as_string && edit_json_literal(typed)) {
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
