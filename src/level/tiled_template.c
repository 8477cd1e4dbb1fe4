/* SPDX-License-Identifier: Zlib */
/*
** tiled_template.c -- object templates: an object of a map made from a
** template file, as Tiled 1.1 and later save them.
**
** An instance names its template in "template" (a path relative to the
** map) and writes only its id, its place and what it changes; the template
** holds the rest, "object", and when that is a tile object the tileset its
** gid counts in ("tileset": a firstgid and a source relative to the
** template). A field of the object is the instance's when it has it, else
** the template's, read in the document it is written in and, for a gid,
** with that document's tilesets; properties are the instance's, then the
** template's it does not change, then (tiled.c) its tile's.
**
** Tiled writes a template as XML (.tx, its default) or JSON (.tj); either
** extension may hold either, told apart by the first character. An XML
** template is read with expat into the JSON Tiled would write for it, laid
** out so that each element's JSON starts on the element's line and column:
** the loaders' errors then name the template file and the element's place,
** as they do for a JSON one. Each template a map names is read once, and a
** template that cannot be read is said once, at the first object naming it.
*/
#include "tiled_internal.h"

#include "array.h"
#include "json_get.h"

#include <expat.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct TiledTemplate {
    char *path; /* resolved next to the map: the key, and its errors' file */
    char *text; /* the JSON read (for an XML file, what it was made into) */
    LevelSink sink;
    JsonDoc doc;
    bool read;           /* the file could be read (its text may still be wrong) */
    bool parsed;         /* doc needs json_doc_fini */
    const cJSON *object; /* its "object" */
    TiledSets sets;      /* its "tileset", when it has one */
    bool ok;
};

/* ---- XML into JSON ------------------------------------------------------------------ */

typedef struct Xml {
    XML_Parser parser;
    TextBuf out;
    int line, col; /* where the next byte of out goes, 1-based */
    int depth;     /* of open elements */
    bool in_template, in_object, in_properties;
    bool object_done, tileset_done;
    bool need_comma[8]; /* a member was written in the open JSON object at this depth */
    bool property_open; /* a <property> waits for its text */
    TextBuf text;       /* the open property's text */
    bool failed;
    char why[160];
    int why_line, why_col;
} Xml;

static void put(Xml *x, const char *s)
{
    for (const char *p = s; *p; p++) {
        if (*p == '\n') {
            x->line++;
            x->col = 1;
        } else if (((unsigned char)*p & 0xC0) != 0x80) {
            x->col++;
        }
    }
    text_put(&x->out, s, strlen(s));
}

/* Whitespace up to the element's place, when out has not passed it. */
static void move_to(Xml *x)
{
    int line = (int)XML_GetCurrentLineNumber(x->parser);
    int col = (int)XML_GetCurrentColumnNumber(x->parser) + 1;
    while (x->line < line)
        put(x, "\n");
    while (x->line == line && x->col < col)
        put(x, " ");
}

static void put_string(Xml *x, const char *s)
{
    put(x, "\"");
    char buf[8];
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            snprintf(buf, sizeof buf, "\\%c", *p);
        } else if (*p < 0x20) {
            snprintf(buf, sizeof buf, "\\u%04x", *p);
        } else {
            buf[0] = (char)*p;
            buf[1] = '\0';
        }
        put(x, buf);
    }
    put(x, "\"");
}

/* A comma when the open object or array has a member already. */
static void put_comma(Xml *x)
{
    if (x->need_comma[x->depth])
        put(x, ", ");
    x->need_comma[x->depth] = true;
}

/* A member's key, after a comma when the object has one already. */
static void put_key(Xml *x, const char *key)
{
    put_comma(x);
    put_string(x, key);
    put(x, ": ");
}

/* A value Tiled writes as a number: the number, or the text as a string
** (which the loader then refuses, saying what it got). */
static void put_number(Xml *x, const char *s)
{
    if (json_is_number(s))
        put(x, s);
    else
        put_string(x, s);
}

static const char *attr(const XML_Char **attrs, const char *name)
{
    for (int i = 0; attrs[i] != NULL; i += 2)
        if (strcmp(attrs[i], name) == 0)
            return attrs[i + 1];
    return NULL;
}

static void xml_fail(Xml *x, const char *why)
{
    if (x->failed)
        return;
    x->failed = true;
    snprintf(x->why, sizeof x->why, "%s", why);
    x->why_line = (int)XML_GetCurrentLineNumber(x->parser);
    x->why_col = (int)XML_GetCurrentColumnNumber(x->parser) + 1;
    XML_StopParser(x->parser, XML_FALSE);
}

/* "x1,y1 x2,y2 ...": a polyline's or polygon's points. */
static void put_points(Xml *x, const char *points)
{
    put(x, "[");
    const char *p = points;
    bool first = true;
    while (*p != '\0') {
        while (*p == ' ')
            p++;
        if (*p == '\0')
            break;
        const char *comma = strchr(p, ','), *end = strchr(p, ' ');
        if (end == NULL)
            end = p + strlen(p);
        if (comma == NULL || comma > end) {
            xml_fail(x, "points are written \"x,y x,y ...\"");
            return;
        }
        char px[64], py[64];
        snprintf(px, sizeof px, "%.*s", (int)(comma - p), p);
        snprintf(py, sizeof py, "%.*s", (int)(end - comma - 1), comma + 1);
        put(x, first ? "{\"x\": " : ", {\"x\": ");
        put_number(x, px);
        put(x, ", \"y\": ");
        put_number(x, py);
        put(x, "}");
        first = false;
        p = end;
    }
    put(x, "]");
}

/* The attributes of <object>, as the JSON object's members. */
static void put_object_attrs(Xml *x, const XML_Char **attrs)
{
    static const char *const numbers[] = {"id", "gid", "x", "y", "width", "height", "rotation"};
    for (int i = 0; attrs[i] != NULL; i += 2) {
        const char *name = attrs[i], *value = attrs[i + 1];
        bool number = false;
        for (size_t n = 0; n < sizeof numbers / sizeof numbers[0]; n++)
            number |= strcmp(name, numbers[n]) == 0;
        put_key(x, name);
        if (number)
            put_number(x, value);
        else if (strcmp(name, "visible") == 0)
            put(x, strcmp(value, "0") == 0 ? "false" : "true");
        else
            put_string(x, value);
    }
}

static void put_property(Xml *x, const XML_Char **attrs)
{
    const char *name = attr(attrs, "name"), *type = attr(attrs, "type");
    const char *propertytype = attr(attrs, "propertytype"), *value = attr(attrs, "value");
    if (name == NULL) {
        xml_fail(x, "a <property> needs a name");
        return;
    }
    put_comma(x);
    put(x, "{\"name\": ");
    put_string(x, name);
    put(x, ", \"type\": ");
    put_string(x, type != NULL ? type : "string");
    if (propertytype != NULL) {
        put(x, ", \"propertytype\": ");
        put_string(x, propertytype);
    }
    put(x, ", \"value\": ");
    if (value == NULL) {
        /* a string of several lines is the element's text */
        x->property_open = true;
        x->text = (TextBuf){0};
        return;
    }
    if (type != NULL &&
        (strcmp(type, "int") == 0 || strcmp(type, "float") == 0 || strcmp(type, "object") == 0))
        put_number(x, value);
    else if (type != NULL && strcmp(type, "bool") == 0 &&
             (strcmp(value, "true") == 0 || strcmp(value, "false") == 0))
        put(x, value);
    else
        put_string(x, value);
    put(x, "}");
}

static void XMLCALL start(void *ctx, const XML_Char *name, const XML_Char **attrs)
{
    Xml *x = ctx;
    if (x->failed)
        return;
    if (!x->in_template) {
        if (strcmp(name, "template") != 0) {
            xml_fail(x, "an XML template is a <template> element");
            return;
        }
        x->in_template = true;
        move_to(x);
        put(x, "{\"type\": \"template\"");
        x->need_comma[0] = true;
        return;
    }
    if (x->property_open) {
        xml_fail(x, "a <property> holds text, not elements");
        return;
    }
    if (!x->in_object) {
        if (strcmp(name, "tileset") == 0 && !x->tileset_done) {
            const char *firstgid = attr(attrs, "firstgid"), *source = attr(attrs, "source");
            if (firstgid == NULL || source == NULL) {
                xml_fail(x, "a template's <tileset> has a firstgid and a source");
                return;
            }
            move_to(x);
            put_key(x, "tileset");
            put(x, "{\"firstgid\": ");
            put_number(x, firstgid);
            put(x, ", \"source\": ");
            put_string(x, source);
            put(x, "}");
            x->tileset_done = true;
        } else if (strcmp(name, "object") == 0 && !x->object_done) {
            move_to(x);
            put_key(x, "object");
            put(x, "{");
            x->depth = 1;
            x->need_comma[1] = false;
            x->in_object = true;
            put_object_attrs(x, attrs);
        } else {
            xml_fail(x, "a template holds a <tileset> and an <object>");
        }
        return;
    }
    move_to(x);
    if (x->in_properties) {
        if (strcmp(name, "property") != 0) {
            xml_fail(x, "<properties> holds <property> elements");
            return;
        }
        put_property(x, attrs);
    } else if (strcmp(name, "properties") == 0) {
        put_key(x, "properties");
        put(x, "[");
        x->in_properties = true;
        x->depth = 2;
        x->need_comma[2] = false;
    } else if (strcmp(name, "polyline") == 0 || strcmp(name, "polygon") == 0) {
        const char *points = attr(attrs, "points");
        put_key(x, name);
        put_points(x, points != NULL ? points : "");
    } else {
        /* <point>, <ellipse>, <text> and what later versions add: a member
        ** the loader reads or names */
        put_key(x, name);
        put(x, "true");
    }
}

static void XMLCALL end(void *ctx, const XML_Char *name)
{
    Xml *x = ctx;
    if (x->failed)
        return;
    if (x->property_open) {
        size_t len;
        char *text = text_take(&x->text, &len);
        put_string(x, text != NULL ? text : "");
        free(text);
        put(x, "}");
        x->property_open = false;
    } else if (x->in_properties && strcmp(name, "properties") == 0) {
        put(x, "]");
        x->in_properties = false;
        x->depth = 1;
    } else if (x->in_object && strcmp(name, "object") == 0) {
        put(x, "}");
        x->in_object = false;
        x->object_done = true;
        x->depth = 0;
    } else if (strcmp(name, "template") == 0) {
        put(x, "}\n");
    }
}

static void XMLCALL chars(void *ctx, const XML_Char *s, int len)
{
    Xml *x = ctx;
    if (x->property_open && !x->failed)
        text_put(&x->text, s, (size_t)len);
}

/* The JSON text of the XML template text (malloc'd, *len its length), or
** NULL with why and its place. */
static char *xml_to_json(const char *text, size_t len, size_t *out_len, char *why, size_t why_size,
                         int *line, int *col)
{
    Xml x;
    memset(&x, 0, sizeof x);
    x.line = x.col = 1;
    x.parser = XML_ParserCreate("UTF-8");
    if (x.parser == NULL) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    XML_SetUserData(x.parser, &x);
    XML_SetElementHandler(x.parser, start, end);
    XML_SetCharacterDataHandler(x.parser, chars);
    bool parsed =
        len <= (size_t)INT32_MAX && XML_Parse(x.parser, text, (int)len, XML_TRUE) == XML_STATUS_OK;
    if (!parsed && !x.failed) {
        char bad[160];
        snprintf(bad, sizeof bad, "not well-formed XML: %s",
                 XML_ErrorString(XML_GetErrorCode(x.parser)));
        xml_fail(&x, bad);
    }
    if (!x.failed && !x.object_done) {
        x.failed = true;
        snprintf(x.why, sizeof x.why, "the template has no <object>");
        x.why_line = x.why_col = 0;
    }
    XML_ParserFree(x.parser);
    if (x.property_open) {
        size_t unused;
        free(text_take(&x.text, &unused));
    }
    char *json = text_take(&x.out, out_len);
    if (x.failed || json == NULL) {
        snprintf(why, why_size, "%s", json == NULL && !x.failed ? "out of memory" : x.why);
        *line = x.why_line;
        *col = x.why_col;
        free(json);
        return NULL;
    }
    return json;
}

/* ---- Reading a template ------------------------------------------------------------ */

static void template_free(TiledTemplate *tt)
{
    if (tt == NULL)
        return;
    tiled_sets_fini(&tt->sets);
    if (tt->parsed)
        json_doc_fini(&tt->doc);
    free(tt->text);
    free(tt->path);
    free(tt);
}

/* A template of that path, not read yet; NULL when out of memory. */
static TiledTemplate *template_new(const char *path)
{
    TiledTemplate *tt = calloc(1, sizeof *tt);
    char *copy = tt != NULL ? malloc(strlen(path) + 1) : NULL;
    if (copy == NULL) {
        free(tt);
        return NULL;
    }
    tt->path = strcpy(copy, path);
    return tt;
}

/* Reads the template at path (its errors naming it); tt->ok says whether
** it can be used. */
static void template_read(TiledTemplate *tt, LevelErrors *errors)
{
    size_t len;
    char *raw;
    level_sink_init(&tt->sink, tt->path, errors);
    if (!level_read_file(tt->path, &raw, &len, errors))
        return;
    tt->read = true;
    size_t at = 0;
    while (at < len && (raw[at] == ' ' || raw[at] == '\t' || raw[at] == '\n' || raw[at] == '\r'))
        at++;
    if (at + 3 <= len && (unsigned char)raw[at] == 0xEF) /* a byte order mark */
        at += 3;
    if (at < len && raw[at] == '<') {
        char why[200];
        int line = 0, col = 0;
        tt->text = xml_to_json(raw, len, &len, why, sizeof why, &line, &col);
        free(raw);
        if (tt->text == NULL) {
            level_errors_add(errors, tt->path, line, col, "%s", why);
            return;
        }
    } else {
        tt->text = raw;
    }
    tt->parsed = true;
    if (!level_doc_parse(&tt->doc, &tt->sink, tt->text, len))
        return;
    JsonDoc *doc = &tt->doc;
    int before = level_doc_error_total(doc);
    const cJSON *root = doc->root;
    if (!json_want_object(doc, root))
        return;
    const cJSON *type = json_get(root, "type");
    const char *s = type != NULL ? json_want_string(doc, type) : "template";
    if (s != NULL && strcmp(s, "template") != 0)
        json_error(doc, type, "expected a template (\"type\": \"template\"), got \"%s\"", s);
    tt->object = json_need(doc, root, "object");
    if (tt->object != NULL && json_want_object(doc, tt->object) &&
        json_get(tt->object, "template") != NULL)
        json_error(doc, json_get(tt->object, "template"),
                   "a template's object cannot be made from another template");
    const cJSON *tileset = json_get(root, "tileset");
    if (tileset != NULL) {
        tiled_sets_read(&tt->sets, doc, tileset, true);
        if (tt->sets.failed)
            json_error(doc, tileset, "the template's tileset cannot be read");
    }
    tt->ok = level_doc_error_total(doc) == before;
}

bool tiled_object_init(TiledObject *ob, JsonDoc *map, const cJSON *o, TiledSets *sets,
                       TiledTemplates *all)
{
    *ob = (TiledObject){map, o, sets, NULL};
    const cJSON *ref = json_get(o, "template");
    if (ref == NULL)
        return true;
    const char *rel = json_want_string(map, ref);
    if (rel == NULL)
        return false;
    char path[1024];
    if (!level_path_sibling(level_doc_path(map), rel, path, sizeof path)) {
        json_error(map, ref, "the template path is too long");
        return false;
    }
    for (int i = 0; i < all->count; i++)
        if (strcmp(all->list[i]->path, path) == 0) {
            ob->tmpl = all->list[i];
            return ob->tmpl->ok; /* said at the first object naming it */
        }
    TiledTemplate *tt =
        array_reserve(all->list, all->cap, (size_t)all->count + 1) ? template_new(path) : NULL;
    if (tt == NULL) {
        json_error(map, ref, "out of memory");
        return false;
    }
    all->list[all->count++] = tt;
    ob->tmpl = tt;
    template_read(tt, level_doc_errors(map));
    if (!tt->ok) {
        char q[64];
        json_quote(rel, q, sizeof q);
        if (!tt->read)
            json_error(map, ref, "cannot read the template \"%s\"", q);
        else
            json_error(map, ref, "the template \"%s\" has errors", q);
    }
    return tt->ok;
}

const cJSON *tiled_object_get(const TiledObject *ob, const char *key, JsonDoc **doc,
                              TiledSets **sets)
{
    const cJSON *v = json_get(ob->o, key);
    *doc = ob->doc;
    *sets = ob->sets;
    /* an instance's place and id are its own */
    if (v != NULL || ob->tmpl == NULL || !ob->tmpl->ok || strcmp(key, "x") == 0 ||
        strcmp(key, "y") == 0 || strcmp(key, "id") == 0)
        return v;
    v = json_get(ob->tmpl->object, key);
    if (v != NULL) {
        *doc = &ob->tmpl->doc;
        *sets = &ob->tmpl->sets;
    }
    return v;
}

const cJSON *tiled_object_template(const TiledObject *ob, JsonDoc **doc)
{
    if (ob->tmpl == NULL || !ob->tmpl->ok)
        return NULL;
    *doc = &ob->tmpl->doc;
    return ob->tmpl->object;
}

bool tiled_check_template(const char *path, LevelErrors *errors)
{
    int before = errors->count + errors->dropped;
    TiledTemplate *tt = template_new(path);
    if (tt == NULL) {
        level_errors_add(errors, path, 0, 0, "out of memory");
        return false;
    }
    template_read(tt, errors);
    if (tt->ok) {
        JsonDoc *doc = &tt->doc;
        const cJSON *o = tt->object, *at = tiled_class_item(o);
        const char *cls = tiled_read_class(doc, o);
        const cJSON *gv = json_get(o, "gid");
        long gid = 0;
        if (cls != NULL && gv != NULL && json_want_int(doc, gv, 0, 0x0FFFFFFF, &gid) && gid != 0) {
            TiledTile *tile;
            tiled_sets_find(&tt->sets, (uint32_t)gid, &tile);
            if (tile == NULL)
                json_error(doc, gv, "gid %ld is no tile of the template's tileset", gid);
            else if (cls[0] == '\0')
                cls = tile->cls, at = gv;
        }
        if (cls != NULL && cls[0] != '\0' && kind_find(cls) < 0) {
            char q[40];
            json_quote(cls, q, sizeof q);
            json_error(doc, at, "unknown entity class \"%s\"", q);
        }
    }
    template_free(tt);
    return errors->count + errors->dropped == before;
}

void tiled_templates_fini(TiledTemplates *all)
{
    for (int i = 0; i < all->count; i++)
        template_free(all->list[i]);
    free(all->list);
    memset(all, 0, sizeof *all);
}
