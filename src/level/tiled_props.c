/* SPDX-License-Identifier: Zlib */
/*
** tiled_props.c -- Tiled custom properties, in the form of Tiled 1.2 and
** later (an array of {"name", "type", "value"}) or of Tiled 1.0 and 1.1 (an
** object of name: value with "propertytypes" beside it), read the same way.
**
** In the old form a property whose type "propertytypes" does not give is
** typed by its value, as Tiled did: a string, a bool, an int when the number
** is whole, else a float.
*/
#include "tiled_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

const char *tiled_prop_type(const KindProp *p)
{
    switch (p->type) {
    case KPROP_INT: return "int";
    case KPROP_NUMBER: return "float";
    case KPROP_BOOL: return "bool";
    case KPROP_ENUM: return "string";
    case KPROP_TEXT: return "string";
    case KPROP_PATH: return "object";
    default: return NULL; /* a size is the rectangle */
    }
}

TiledProps tiled_props_of(JsonDoc *doc, const cJSON *owner)
{
    TiledProps p = {doc, NULL, NULL};
    const cJSON *list = json_get(owner, "properties");
    if (list == NULL)
        return p;
    if (cJSON_IsArray(list)) {
        p.list = list;
        return p;
    }
    if (!cJSON_IsObject(list)) {
        char got[64];
        json_describe(list, got, sizeof got);
        json_error(
            doc, list,
            "expected an array of properties (or, from Tiled 1.0 and 1.1, an object), got %s", got);
        return p;
    }
    const cJSON *types = json_get(owner, "propertytypes");
    if (types != NULL && !json_want_object(doc, types))
        return p;
    p.list = list;
    p.types = types;
    return p;
}

/* A property of the old form: the member v of the properties object. */
static bool read_keyed(const TiledProps *props, const cJSON *v, TiledProp *out)
{
    out->name = v->string;
    out->name_at = NULL;
    out->value = v;
    out->type_at = json_get(props->types, v->string);
    if (out->type_at != NULL) {
        out->type = json_want_string(props->doc, out->type_at);
        return out->type != NULL;
    }
    if (cJSON_IsString(v))
        out->type = "string";
    else if (cJSON_IsBool(v))
        out->type = "bool";
    else if (cJSON_IsNumber(v))
        out->type = v->valuedouble == floor(v->valuedouble) ? "int" : "float";
    else
        out->type = "class";
    return true;
}

/* A property of the array form: the entry p. */
static bool read_entry(const TiledProps *props, const cJSON *p, TiledProp *out)
{
    JsonDoc *doc = props->doc;
    if (!json_want_object(doc, p))
        return false;
    out->name_at = json_need(doc, p, "name");
    out->name = json_want_string(doc, out->name_at);
    out->type_at = json_get(p, "type");
    out->type = out->type_at != NULL ? json_want_string(doc, out->type_at) : "string";
    out->value = json_need(doc, p, "value");
    return out->name != NULL && out->type != NULL && out->value != NULL;
}

bool tiled_props_next(const TiledProps *props, const cJSON **cursor, TiledProp *out)
{
    if (props->list == NULL)
        return false;
    for (const cJSON *p = *cursor == NULL ? props->list->child : (*cursor)->next; p != NULL;
         p = p->next) {
        *cursor = p;
        bool ok =
            cJSON_IsObject(props->list) ? read_keyed(props, p, out) : read_entry(props, p, out);
        if (ok)
            return true;
    }
    return false;
}

void tiled_prop_error(const TiledProps *props, const TiledProp *p, const char *fmt, ...)
{
    char message[LEVEL_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (p->name_at != NULL)
        json_error(props->doc, p->name_at, "%s", message);
    else
        json_error_key(props->doc, p->value, "%s", message);
}
