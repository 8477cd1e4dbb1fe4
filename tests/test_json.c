/* SPDX-License-Identifier: Zlib */
/* test_json.c -- the JSON reader: positions, duplicates, limits, typed access, UTF-8, files. */
#define _POSIX_C_SOURCE 200809L

#include "json_doc.h"
#include "json_file.h"
#include "json_get.h"
#include "json_message.h"
#include "json_utf8.h"
#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- A sink that keeps every problem ------------------------------------------ */

enum { KEPT_MAX = 16 };

typedef struct Problem {
    int line, col;
    char message[JSON_MESSAGE_MAX];
} Problem;

typedef struct Kept {
    JsonSink sink;
    int count;
    Problem list[KEPT_MAX];
} Kept;

static void keep(void *ctx, int line, int col, const char *message)
{
    Kept *k = ctx;
    if (k->count == KEPT_MAX)
        return;
    Problem *p = &k->list[k->count++];
    p->line = line;
    p->col = col;
    snprintf(p->message, sizeof p->message, "%s", message);
}

static void kept_init(Kept *k)
{
    memset(k, 0, sizeof *k);
    k->sink = (JsonSink){.report = keep, .ctx = k};
}

/* Whether a problem at line:col has a message containing fragment. */
static bool has(const Kept *k, int line, int col, const char *fragment)
{
    for (int i = 0; i < k->count; i++)
        if (k->list[i].line == line && k->list[i].col == col &&
            strstr(k->list[i].message, fragment) != NULL)
            return true;
    return false;
}

static const char *dump(const Kept *k)
{
    static char buf[4096];
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < k->count && n < sizeof buf; i++) {
        int w = snprintf(buf + n, sizeof buf - n, "\n  %d:%d: %s", k->list[i].line, k->list[i].col,
                         k->list[i].message);
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return buf;
}

/* The text copied to a heap block of exactly its length: no NUL after it,
** so a read past the end is caught by the sanitizer build. */
static char *exact(const char *text, size_t len)
{
    char *p = malloc(len > 0 ? len : 1);
    ck_assert_ptr_nonnull(p);
    memcpy(p, text, len);
    return p;
}

/* Parses text (held in an exact block, freed by the caller) with a generous limit. */
static bool parse(JsonDoc *doc, Kept *k, const char *text, char **block)
{
    size_t len = strlen(text);
    *block = exact(text, len);
    kept_init(k);
    return json_doc_parse(doc, *block, len, 1 << 20, &k->sink);
}

/* ---- Positions ---------------------------------------------------------------- */

START_TEST(every_value_and_key_knows_its_line_and_column)
{
    static const char text[] = "{\n"
                               "  \"a\": [1, {\"b\": true}],\n"
                               "\t\"c\": \"x\"\n"
                               "}";
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert_msg(parse(&doc, &k, text, &block), "%s", dump(&k));
    ck_assert_int_eq(k.sink.count, 0);
    int line, col;
    json_pos(&doc, doc.root, &line, &col);
    ck_assert_int_eq(line, 1);
    ck_assert_int_eq(col, 1);
    const cJSON *a = json_get(doc.root, "a");
    json_key_pos(&doc, a, &line, &col);
    ck_assert_int_eq(line, 2);
    ck_assert_int_eq(col, 3);
    json_pos(&doc, a, &line, &col);
    ck_assert_int_eq(line, 2);
    ck_assert_int_eq(col, 8);
    const cJSON *b = json_get(cJSON_GetArrayItem(a, 1), "b");
    json_pos(&doc, b, &line, &col);
    ck_assert_int_eq(line, 2);
    ck_assert_int_eq(col, 18);
    /* a tab is one column */
    json_key_pos(&doc, json_get(doc.root, "c"), &line, &col);
    ck_assert_int_eq(line, 3);
    ck_assert_int_eq(col, 2);
    /* an item from another document has no place */
    cJSON *other = cJSON_CreateTrue();
    json_pos(&doc, other, &line, &col);
    ck_assert_int_eq(line, 0);
    ck_assert_int_eq(col, 0);
    cJSON_Delete(other);
    json_doc_fini(&doc);
    free(block);
}
END_TEST

START_TEST(columns_count_characters_and_a_byte_order_mark_is_skipped)
{
    /* "é" is two bytes, "😀" four: one column each. CRLF ends a line. */
    static const char text[] = "\xEF\xBB\xBF{\"\xC3\xA9\xF0\x9F\x98\x80\": 1,\r\n \"k\": 2}";
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert_msg(parse(&doc, &k, text, &block), "%s", dump(&k));
    int line, col;
    json_pos(&doc, doc.root, &line, &col);
    ck_assert_int_eq(col, 1); /* the mark takes no column */
    json_pos(&doc, doc.root->child, &line, &col);
    ck_assert_int_eq(line, 1);
    ck_assert_int_eq(col, 8);
    json_pos(&doc, json_get(doc.root, "k"), &line, &col);
    ck_assert_int_eq(line, 2);
    ck_assert_int_eq(col, 7);
    json_doc_fini(&doc);
    free(block);
}
END_TEST

/* Editors end a line at LF, CRLF or a lone CR (old Mac files): so does
** every place reported, the line of each value and of a syntax error. */
START_TEST(lines_end_at_lf_crlf_or_a_lone_cr)
{
    static const struct {
        const char *text;
        int line, col; /* of "v"'s value */
    } files[] = {
        {"{\n\"a\": 1,\n\n  \"v\": 2}", 4, 8},
        {"{\r\n\"a\": 1,\r\n\r\n  \"v\": 2}", 4, 8},
        {"{\r\"a\": 1,\r\r  \"v\": 2}", 4, 8},
        {"{\r\n\"a\": 1,\r\r\n\n  \"v\": 2}", 5, 8}, /* CRLF, CR, CRLF, LF */
        {"{\n\r\"a\": 1,\n\r  \"v\": 2}", 5, 8},     /* LF CR is two line ends */
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        JsonDoc doc;
        Kept k;
        char *block;
        ck_assert_msg(parse(&doc, &k, files[i].text, &block), "file %zu:%s", i, dump(&k));
        int line, col;
        json_pos(&doc, json_get(doc.root, "v"), &line, &col);
        ck_assert_msg(line == files[i].line && col == files[i].col, "file %zu: %d:%d", i, line,
                      col);
        json_doc_fini(&doc);
        free(block);
    }
    static const char *const broken[] = {
        "{\r\"a\": 1,\r\"b\": tru\r}",
        "{\r\n\"a\": 1,\r\n\"b\": tru\r\n}",
        "{\n\"a\": 1,\r\"b\": tru\n}",
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        JsonDoc doc;
        Kept k;
        char *block;
        ck_assert(!parse(&doc, &k, broken[i], &block));
        ck_assert_msg(has(&k, 3, 6, "unexpected word 'tru'"), "file %zu:%s", i, dump(&k));
        json_doc_fini(&doc);
        free(block);
    }
}
END_TEST

START_TEST(paths_name_members_and_elements)
{
    static const char text[] =
        "{\"entities\": [{}, {\"group\": 2}], \"levels\": {\"a.json\": {\"x\": 1}}}";
    JsonDoc doc;
    Kept k;
    char *block, path[128];
    ck_assert(parse(&doc, &k, text, &block));
    const cJSON *group = json_get(cJSON_GetArrayItem(json_get(doc.root, "entities"), 1), "group");
    json_path(&doc, group, path, sizeof path);
    ck_assert_str_eq(path, "entities[1].group");
    const cJSON *x = json_get(json_get(json_get(doc.root, "levels"), "a.json"), "x");
    json_path(&doc, x, path, sizeof path);
    ck_assert_str_eq(path, "levels[\"a.json\"].x");
    json_path(&doc, doc.root, path, sizeof path);
    ck_assert_str_eq(path, "");
    /* an error names the path and sits at the value; a key error at the key */
    json_error(&doc, x, "bad %d", 7);
    json_error_key(&doc, x, "bad key");
    ck_assert_msg(has(&k, 1, 61, "levels[\"a.json\"].x: bad 7"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 56, "levels[\"a.json\"]: bad key"), "%s", dump(&k));
    ck_assert_int_eq(k.sink.count, 2);
    json_doc_fini(&doc);
    free(block);
}
END_TEST

START_TEST(syntax_errors_stop_at_their_place)
{
    static const struct {
        const char *text;
        int line, col;
        const char *fragment;
    } cases[] = {
        {"", 1, 1, "the file is empty"},
        {"{\"a\": 1,}", 1, 8, "trailing comma"},
        {"{\"a\": \"open\n}", 1, 12, "closing quote missing"},
        {"[1 2]", 1, 4, "expected ',' or ']'"},
        {"{\"a\": 01}", 1, 8, "must not start with 0"},
        {"// note\n{}", 1, 1, "comments are not allowed"},
        {"{\"a\": \"\\q\"}", 1, 8, "invalid escape"},
        {"{\"a\": \"\\u0000\"}", 1, 8, "not allowed in strings"},
        {"{\"a\": \"\\uD800\"}", 1, 8, "surrogate pair"},
        {"{\"a\": nope}", 1, 7, "unexpected word 'nope'"},
        {"{} {}", 1, 4, "after the end of the JSON value"},
        {"{\"a\": [1,\n", 2, 1, "unexpected end of file"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        JsonDoc doc;
        Kept k;
        char *block;
        ck_assert_msg(!parse(&doc, &k, cases[i].text, &block), "case %zu parsed", i);
        ck_assert_ptr_null(doc.root);
        ck_assert_int_eq(k.sink.count, 1);
        ck_assert_msg(has(&k, cases[i].line, cases[i].col, cases[i].fragment), "case %zu:%s", i,
                      dump(&k));
        json_doc_fini(&doc);
        free(block);
    }
}
END_TEST

/* ---- Duplicates and limits -------------------------------------------------------- */

START_TEST(duplicate_keys_are_reported_and_the_first_counts)
{
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(parse(&doc, &k, "{\"a\": 1, \"b\": {\"c\": 1, \"c\": 2}, \"a\": 3}", &block));
    ck_assert_int_eq(k.sink.count, 2);
    ck_assert_msg(has(&k, 1, 24, "b: duplicate key \"c\" (first at 1:16)"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 33, "duplicate key \"a\" (first at 1:2)"), "%s", dump(&k));
    long a;
    ck_assert(json_want_int(&doc, json_get(doc.root, "a"), 0, 9, &a));
    ck_assert_int_eq(a, 1);
    json_doc_fini(&doc);
    free(block);
}
END_TEST

START_TEST(duplicate_keys_are_found_in_large_objects)
{
    /* More than 16 members: the members are sorted to find them. */
    char text[1024] = "{";
    for (int i = 0; i < 30; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "\"k%02d\": %d, ", i, i);
    strcat(text, "\"k07\": 0}");
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(parse(&doc, &k, text, &block));
    ck_assert_int_eq(k.sink.count, 1);
    ck_assert_msg(strstr(k.list[0].message, "duplicate key \"k07\" (first at 1:72)") != NULL, "%s",
                  dump(&k));
    json_doc_fini(&doc);
    free(block);
}
END_TEST

static char *nested(int depth)
{
    char *text = malloc((size_t)depth * 2 + 1);
    ck_assert_ptr_nonnull(text);
    for (int i = 0; i < depth; i++) {
        text[i] = '[';
        text[depth * 2 - 1 - i] = ']';
    }
    text[depth * 2] = '\0';
    return text;
}

START_TEST(nesting_and_size_are_limited)
{
    JsonDoc doc;
    Kept k;
    char *block;
    char *deep = nested(JSON_MAX_DEPTH);
    ck_assert_msg(parse(&doc, &k, deep, &block), "%s", dump(&k));
    json_doc_fini(&doc);
    free(block);
    free(deep);

    deep = nested(JSON_MAX_DEPTH + 1);
    ck_assert(!parse(&doc, &k, deep, &block));
    ck_assert_msg(has(&k, 1, JSON_MAX_DEPTH + 1, "nesting deeper than 64 levels"), "%s", dump(&k));
    json_doc_fini(&doc);
    free(block);
    free(deep);

    /* A document longer than its limit is refused as a whole. */
    static const char text[] = "{\"a\": 12345}";
    kept_init(&k);
    ck_assert(json_doc_parse(&doc, text, sizeof text - 1, sizeof text - 1, &k.sink));
    json_doc_fini(&doc);
    ck_assert(!json_doc_parse(&doc, text, sizeof text - 1, sizeof text - 2, &k.sink));
    ck_assert_msg(has(&k, 0, 0, "the file is larger than 11 bytes"), "%s", dump(&k));
    json_doc_fini(&doc);
}
END_TEST

START_TEST(value_count_is_limited)
{
    size_t count = (size_t)JSON_MAX_VALUES, len = count * 2 + 1;
    char *text = malloc(len);
    ck_assert_ptr_nonnull(text);
    text[0] = '[';
    for (size_t i = 0; i < count; i++) {
        text[1 + 2 * i] = '0';
        text[2 + 2 * i] = i + 1 < count ? ',' : ']';
    }
    /* the array itself is one value: one too many */
    JsonDoc doc;
    Kept k;
    kept_init(&k);
    ck_assert(!json_doc_parse(&doc, text, len, len, &k.sink));
    ck_assert_msg(k.count == 1 && strstr(k.list[0].message, "more than 2097152 values") != NULL,
                  "%s", dump(&k));
    json_doc_fini(&doc);
    /* one fewer element fits */
    text[len - 3] = ']';
    kept_init(&k);
    ck_assert_msg(json_doc_parse(&doc, text, len - 2, len, &k.sink), "%s", dump(&k));
    ck_assert_uint_eq(doc.node_count, JSON_MAX_VALUES);
    json_doc_fini(&doc);
    free(text);
}
END_TEST

/* ---- Text that does not end in NUL -------------------------------------------------- */

START_TEST(text_without_a_terminator_is_read_to_its_length)
{
    /* Each ends in a value that runs to the last byte: a reader looking
    ** for a terminator would read past the block. */
    static const char *const whole[] = {"12",    "-0.5e3", "true",     "null",
                                        "\"s\"", "[1]",    "{\"a\":1}"};
    for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++) {
        JsonDoc doc;
        Kept k;
        char *block;
        ck_assert_msg(parse(&doc, &k, whole[i], &block), "%s:%s", whole[i], dump(&k));
        ck_assert_ptr_nonnull(doc.root);
        json_doc_fini(&doc);
        free(block);
    }
    /* Cut short: the end of the bytes is the end of the file. */
    static const char *const cut[] = {"1.", "tru", "\"s", "[1", "{\"a\":", "-"};
    for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
        JsonDoc doc;
        Kept k;
        char *block;
        ck_assert_msg(!parse(&doc, &k, cut[i], &block), "%s parsed", cut[i]);
        ck_assert_int_eq(k.sink.count, 1);
        json_doc_fini(&doc);
        free(block);
    }
}
END_TEST

/* ---- Typed access -------------------------------------------------------------------- */

START_TEST(typed_access_checks_type_and_range)
{
    static const char text[] = "{\"i\": 7, \"f\": 2.5, \"big\": 1e300, \"b\": true, \"s\": \"hi\","
                               " \"o\": {}, \"a\": [], \"n\": null}";
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(parse(&doc, &k, text, &block));
    const cJSON *root = doc.root;
    long i = 0;
    double d = 0;
    bool b = false;
    ck_assert(json_want_int(&doc, json_get(root, "i"), 0, 10, &i));
    ck_assert_int_eq(i, 7);
    ck_assert(!json_want_int(&doc, json_get(root, "i"), 8, 10, &i));
    ck_assert(!json_want_int(&doc, json_get(root, "f"), 0, 10, &i));
    ck_assert(!json_want_int(&doc, json_get(root, "big"), 0, 10, &i));
    ck_assert_int_eq(i, 7);
    ck_assert(json_want_number(&doc, json_get(root, "f"), 0, 3, &d));
    ck_assert(d == 2.5);
    ck_assert(json_want_bool(&doc, json_get(root, "b"), &b) && b);
    ck_assert_str_eq(json_want_string(&doc, json_get(root, "s")), "hi");
    ck_assert(json_want_object(&doc, json_get(root, "o")));
    ck_assert(json_want_array(&doc, json_get(root, "a")));
    ck_assert_int_eq(k.sink.count, 3);
    ck_assert_msg(has(&k, 1, 7, "i: expected an integer from 8 to 10, got 7"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 15, "f: expected an integer from 0 to 10, got 2.5"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 27, "big: expected an integer from 0 to 10, got 1e+300"), "%s",
                  dump(&k));

    ck_assert(!json_want_bool(&doc, json_get(root, "n"), &b));
    ck_assert_ptr_null(json_want_string(&doc, json_get(root, "o")));
    ck_assert(!json_want_object(&doc, json_get(root, "a")));
    ck_assert(!json_want_array(&doc, json_get(root, "s")));
    ck_assert(!json_want_number(&doc, json_get(root, "s"), 0, 1, &d));
    ck_assert_msg(has(&k, 1, 79, "n: expected true or false, got null"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 61, "o: expected a string, got an object"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 70, "a: expected an object, got an array"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 50, "s: expected an array, got \"hi\""), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 50, "s: expected a number from 0 to 1, got \"hi\""), "%s", dump(&k));
    ck_assert_int_eq(k.sink.count, 8);
    json_doc_fini(&doc);
    free(block);
}
END_TEST

/* A field whose values are a short list (a format version) says which. */
START_TEST(an_integer_from_a_set_names_the_set)
{
    static const char text[] =
        "{\"one\": 1, \"s\": \"1\", \"two\": 2, \"half\": 1.5, \"four\": 4.0}";
    static const long only_one[] = {1};
    static const long some[] = {1, 2, 4};
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(parse(&doc, &k, text, &block));
    long v = 0;
    ck_assert(json_want_int_in(&doc, json_get(doc.root, "one"), only_one, 1, &v));
    ck_assert_int_eq(v, 1);
    ck_assert(json_want_int_in(&doc, json_get(doc.root, "four"), some, 3, &v));
    ck_assert_int_eq(v, 4);
    ck_assert_int_eq(k.sink.count, 0);
    ck_assert(!json_want_int_in(&doc, json_get(doc.root, "s"), only_one, 1, &v));
    ck_assert(!json_want_int_in(&doc, json_get(doc.root, "two"), only_one, 1, &v));
    ck_assert(!json_want_int_in(&doc, json_get(doc.root, "half"), some, 3, &v));
    ck_assert(!json_want_int_in(&doc, json_get(doc.root, "missing"), some, 3, &v));
    ck_assert_int_eq(v, 4);
    ck_assert_int_eq(k.sink.count, 3);
    ck_assert_msg(has(&k, 1, 17, "s: expected 1, got \"1\""), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 29, "two: expected 1, got 2"), "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 40, "half: expected 1, 2 or 4, got 1.5"), "%s", dump(&k));
    json_doc_fini(&doc);
    free(block);
}
END_TEST

START_TEST(a_missing_member_is_reported_once)
{
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(parse(&doc, &k, "{\"list\": [1]}", &block));
    long v;
    /* json_need reports; the want that follows stays quiet about NULL */
    ck_assert(!json_want_int(&doc, json_need(&doc, doc.root, "width"), 0, 9, &v));
    ck_assert_int_eq(k.sink.count, 1);
    ck_assert_msg(has(&k, 1, 1, "missing \"width\""), "%s", dump(&k));
    /* not an object: nothing to say here (json_want_object says it) */
    ck_assert_ptr_null(json_need(&doc, json_get(doc.root, "list"), "x"));
    ck_assert_ptr_null(json_get(json_get(doc.root, "list"), "x"));
    ck_assert_int_eq(k.sink.count, 1);
    json_doc_fini(&doc);
    free(block);
}
END_TEST

START_TEST(enums_and_unknown_keys_suggest_the_near_miss)
{
    static const char text[] = "{\"mode\": \"lop\", \"dir\": \"up\", \"speeed\": 1, \"zzz\": 2}";
    static const char *const modes[] = {"pingpong", "loop"};
    static const char *const keys[] = {"mode", "dir", "speed"};
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(parse(&doc, &k, text, &block));
    ck_assert_int_eq(json_want_enum(&doc, json_get(doc.root, "mode"), modes, 2, "mode"), -1);
    ck_assert_int_eq(json_want_enum(&doc, json_get(doc.root, "dir"), modes, 2, "mode"), -1);
    ck_assert(!json_check_keys(&doc, doc.root, keys, 3));
    ck_assert_msg(has(&k, 1, 10, "mode: unknown mode \"lop\" (did you mean \"loop\"?)"), "%s",
                  dump(&k));
    ck_assert_msg(has(&k, 1, 24, "dir: unknown mode \"up\" (expected \"pingpong\" or \"loop\")"),
                  "%s", dump(&k));
    ck_assert_msg(has(&k, 1, 30, "unknown key \"speeed\" (did you mean \"speed\"?)"), "%s",
                  dump(&k));
    ck_assert_msg(has(&k, 1, 43, "unknown key \"zzz\" (expected \"mode\", \"dir\" or \"speed\")"),
                  "%s", dump(&k));
    ck_assert_int_eq(k.sink.count, 4);
    static const char *const good[] = {"lop"};
    ck_assert_int_eq(json_want_enum(&doc, json_get(doc.root, "mode"), good, 1, "mode"), 0);
    json_doc_fini(&doc);
    free(block);
}
END_TEST

START_TEST(messages_describe_quote_and_suggest)
{
    char buf[64];
    cJSON *v = cJSON_CreateNumber(12.5);
    json_describe(v, buf, sizeof buf);
    ck_assert_str_eq(buf, "12.5");
    cJSON_Delete(v);
    v = cJSON_CreateString("a\tb");
    json_describe(v, buf, sizeof buf);
    ck_assert_str_eq(buf, "\"a?b\"");
    cJSON_Delete(v);
    json_describe(NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "nothing");
    /* long text is cut at a character boundary */
    json_quote("abc\xC3\xA9xyz", buf, 8);
    ck_assert_str_eq(buf, "abc...");
    static const char *const names[] = {"gravity", "jump_speed"};
    ck_assert_int_eq(json_suggest("Gravty", names, 2), 0);
    ck_assert_int_eq(json_suggest("x", names, 2), -1);
    /* Two letters swapped are one slip, even in a short word. */
    static const char *const actions[] = {"left", "jump", "pause"};
    ck_assert_int_eq(json_suggest("jmup", actions, 3), 1);
    ck_assert_int_eq(json_suggest("lfet", actions, 3), 0);
    ck_assert_int_eq(json_suggest("upmj", actions, 3), -1);
    static const char *const keys[] = {"Escape", "Space", "Return"};
    ck_assert_int_eq(json_suggest("Spcae", keys, 3), 1);
}
END_TEST

/* ---- UTF-8 and strings -------------------------------------------------------------- */

START_TEST(utf8_accepts_only_well_formed_sequences)
{
    static const struct {
        const char *bytes;
        int len;
    } cases[] = {
        {"A", 1},
        {"\xC3\xA9", 2},
        {"\xE2\x82\xAC", 3},
        {"\xF0\x9F\x98\x80", 4},
        {"\xF4\x8F\xBF\xBF", 4}, /* U+10FFFF, the last */
        {"\xC0\x80", 0},         /* overlong NUL */
        {"\xE0\x80\xAF", 0},     /* overlong '/' */
        {"\xED\xA0\x80", 0},     /* a surrogate */
        {"\xF4\x90\x80\x80", 0}, /* past U+10FFFF */
        {"\x80", 0},             /* a continuation byte alone */
        {"\xE2\x82", 0},         /* cut short */
        {"\xFF", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = strlen(cases[i].bytes);
        ck_assert_msg(json_utf8_len((const unsigned char *)cases[i].bytes, n) == cases[i].len,
                      "case %zu", i);
        ck_assert(json_utf8_valid(cases[i].bytes, n) == (cases[i].len > 0));
    }
    ck_assert_uint_eq(json_utf8_decode((const unsigned char *)"\xF0\x9F\x98\x80", 4), 0x1F600);

    /* the scanner holds the whole file to the same rule */
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(!parse(&doc, &k, "{\"a\":\n \"ok \xED\xA0\x80\"}", &block));
    ck_assert_msg(has(&k, 2, 6, "invalid UTF-8 (byte 0xED)"), "%s", dump(&k));
    json_doc_fini(&doc);
    free(block);
}
END_TEST

START_TEST(strings_are_read_character_by_character_with_places)
{
    JsonDoc doc;
    Kept k;
    char *block;
    ck_assert(parse(&doc, &k, "[\"a\\u00e9\xC3\xA9\\uD83D\\uDE00\\n\"]", &block));
    JsonChars it;
    ck_assert(!json_chars_begin(&doc, doc.root, &it)); /* not a string */
    ck_assert(json_chars_begin(&doc, doc.root->child, &it));
    static const struct {
        uint32_t cp;
        int col;
    } want[] = {{'a', 3}, {0xE9, 4}, {0xE9, 10}, {0x1F600, 11}, {'\n', 23}};
    uint32_t cp;
    int line, col;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        ck_assert(json_chars_next(&it, &cp, &line, &col));
        ck_assert_uint_eq(cp, want[i].cp);
        ck_assert_int_eq(line, 1);
        ck_assert_int_eq(col, want[i].col);
    }
    ck_assert(!json_chars_next(&it, &cp, &line, &col));
    json_doc_fini(&doc);
    free(block);
}
END_TEST

/* ---- Files --------------------------------------------------------------------------- */

static void tmp_path(char *buf, size_t size, const char *name)
{
    mkdir(JSON_TEST_TMP, 0755);
    snprintf(buf, size, "%s/%s", JSON_TEST_TMP, name);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, strlen(text), f), strlen(text));
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(files_are_read_whole_up_to_a_limit)
{
    char path[1024];
    char *text;
    size_t len;
    Kept k;
    kept_init(&k);
    tmp_path(path, sizeof path, "ten.json");
    write_file(path, "[1, 2, 3]\n");
    ck_assert_int_eq(json_read_file(path, 10, &text, &len, &k.sink), JSON_READ_OK);
    ck_assert_uint_eq(len, 10);
    ck_assert_str_eq(text, "[1, 2, 3]\n");
    free(text);
    ck_assert_int_eq(json_read_file(path, 9, &text, &len, &k.sink), JSON_READ_FAILED);
    ck_assert_ptr_null(text);
    ck_assert_msg(has(&k, 0, 0, "the file is larger than 9 bytes"), "%s", dump(&k));
    ck_assert_int_eq(unlink(path), 0);

    ck_assert_int_eq(json_read_file(path, 10, &text, &len, &k.sink), JSON_READ_MISSING);
    ck_assert_msg(has(&k, 0, 0, "cannot open: "), "%s", dump(&k));
    ck_assert_int_eq(json_read_file(JSON_TEST_TMP, 10, &text, &len, &k.sink), JSON_READ_FAILED);
    ck_assert_msg(has(&k, 0, 0, "not a regular file"), "%s", dump(&k));
    ck_assert_int_eq(k.sink.count, 3);

    /* an empty file is read (and is then not JSON) */
    tmp_path(path, sizeof path, "empty.json");
    write_file(path, "");
    ck_assert_int_eq(json_read_file(path, 10, &text, &len, &k.sink), JSON_READ_OK);
    ck_assert_uint_eq(len, 0);
    free(text);
    ck_assert_int_eq(unlink(path), 0);
}
END_TEST

START_TEST(a_sink_without_a_callback_only_counts)
{
    JsonSink sink = {0};
    JsonDoc doc;
    ck_assert(!json_doc_parse(&doc, "[", 1, 10, &sink));
    json_report(&sink, 3, 4, "and %s", "more");
    ck_assert_int_eq(sink.count, 2);
    json_doc_fini(&doc);
}
END_TEST

static Suite *json_suite(void)
{
    Suite *s = suite_create("json");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, every_value_and_key_knows_its_line_and_column);
    tcase_add_test(tc, columns_count_characters_and_a_byte_order_mark_is_skipped);
    tcase_add_test(tc, lines_end_at_lf_crlf_or_a_lone_cr);
    tcase_add_test(tc, paths_name_members_and_elements);
    tcase_add_test(tc, syntax_errors_stop_at_their_place);
    tcase_add_test(tc, duplicate_keys_are_reported_and_the_first_counts);
    tcase_add_test(tc, duplicate_keys_are_found_in_large_objects);
    tcase_add_test(tc, nesting_and_size_are_limited);
    tcase_add_test(tc, value_count_is_limited);
    tcase_add_test(tc, text_without_a_terminator_is_read_to_its_length);
    tcase_add_test(tc, typed_access_checks_type_and_range);
    tcase_add_test(tc, an_integer_from_a_set_names_the_set);
    tcase_add_test(tc, a_missing_member_is_reported_once);
    tcase_add_test(tc, enums_and_unknown_keys_suggest_the_near_miss);
    tcase_add_test(tc, messages_describe_quote_and_suggest);
    tcase_add_test(tc, utf8_accepts_only_well_formed_sequences);
    tcase_add_test(tc, strings_are_read_character_by_character_with_places);
    tcase_add_test(tc, files_are_read_whole_up_to_a_limit);
    tcase_add_test(tc, a_sink_without_a_callback_only_counts);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(json_suite());
}
