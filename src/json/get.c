/* SPDX-License-Identifier: Zlib */
/* get.c -- typed, checked access to the values of a JsonDoc, and the pieces of
** its messages: describing values, quoting text and suggesting names. */
#include "json_get.h"
#include "json_message.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void json_quote(const char *text, char *buf, size_t size)
{
    size_t len = strlen(text);
    size_t keep = len;
    bool cut = len > size - 1;
    if (cut) {
        keep = size >= 4 ? size - 4 : 0;
        while (keep > 0 && ((unsigned char)text[keep] & 0xC0) == 0x80)
            keep--;
    }
    size_t i;
    for (i = 0; i < keep; i++) {
        unsigned char c = (unsigned char)text[i];
        buf[i] = c < 0x20 || c == 0x7F ? '?' : (char)c;
    }
    if (cut && size >= 4) {
        memcpy(buf + i, "...", 3);
        i += 3;
    }
    buf[i] = '\0';
}

void json_describe(const cJSON *v, char *buf, size_t size)
{
    if (v == NULL) {
        snprintf(buf, size, "nothing");
    } else if (cJSON_IsNumber(v)) {
        double x = v->valuedouble;
        if (x == floor(x) && fabs(x) < 1e15)
            snprintf(buf, size, "%.0f", x);
        else
            snprintf(buf, size, "%.6g", x);
    } else if (cJSON_IsString(v) && v->valuestring != NULL) {
        char q[32];
        json_quote(v->valuestring, q, sizeof q);
        snprintf(buf, size, "\"%s\"", q);
    } else if (cJSON_IsTrue(v)) {
        snprintf(buf, size, "true");
    } else if (cJSON_IsFalse(v)) {
        snprintf(buf, size, "false");
    } else if (cJSON_IsNull(v)) {
        snprintf(buf, size, "null");
    } else if (cJSON_IsArray(v)) {
        snprintf(buf, size, "an array");
    } else {
        snprintf(buf, size, "an object");
    }
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Edits from a to b, ignoring case: insertions, deletions, substitutions
** and swaps of two neighbours ("jmup" is one edit from "jump", the commonest
** slip of a typist). Long words are not compared. */
static int edit_distance(const char *a, const char *b)
{
    enum { MAX = 64 };
    size_t n = strlen(a), m = strlen(b);
    if (n > MAX || m > MAX)
        return MAX;
    int before[MAX + 1], prev[MAX + 1], cur[MAX + 1];
    for (size_t j = 0; j <= m; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int ai = lower((unsigned char)a[i - 1]), bj = lower((unsigned char)b[j - 1]);
            int best = prev[j - 1] + (ai != bj);
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            if (i > 1 && j > 1 && ai == lower((unsigned char)b[j - 2]) &&
                lower((unsigned char)a[i - 2]) == bj && before[j - 2] + 1 < best)
                best = before[j - 2] + 1;
            cur[j] = best;
        }
        memcpy(before, prev, (m + 1) * sizeof prev[0]);
        memcpy(prev, cur, (m + 1) * sizeof prev[0]);
    }
    return prev[m];
}

int json_suggest(const char *word, const char *const *names, int count)
{
    size_t len = strlen(word);
    int limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
    int best = -1, best_d = limit + 1;
    for (int i = 0; i < count; i++) {
        int d = edit_distance(word, names[i]);
        if (d < best_d && (size_t)d < len) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

const cJSON *json_get(const cJSON *obj, const char *key)
{
    return cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

const cJSON *json_need(JsonDoc *doc, const cJSON *obj, const char *key)
{
    const cJSON *v = json_get(obj, key);
    if (v == NULL && cJSON_IsObject(obj))
        json_error(doc, obj, "missing \"%s\"", key);
    return v;
}

/* Reports "expected WHAT, got ..." at v (not NULL); false. */
static bool wrong(JsonDoc *doc, const cJSON *v, const char *what)
{
    char got[64];
    json_describe(v, got, sizeof got);
    json_error(doc, v, "expected %s, got %s", what, got);
    return false;
}

bool json_want_object(JsonDoc *doc, const cJSON *v)
{
    return v != NULL && (cJSON_IsObject(v) || wrong(doc, v, "an object"));
}

bool json_want_array(JsonDoc *doc, const cJSON *v)
{
    return v != NULL && (cJSON_IsArray(v) || wrong(doc, v, "an array"));
}

bool json_want_int(JsonDoc *doc, const cJSON *v, long lo, long hi, long *out)
{
    if (v == NULL)
        return false;
    double x = cJSON_IsNumber(v) ? v->valuedouble : NAN; /* NAN: no comparison holds */
    if (x >= (double)lo && x <= (double)hi && x == floor(x)) {
        *out = (long)x;
        return true;
    }
    char what[64];
    snprintf(what, sizeof what, "an integer from %ld to %ld", lo, hi);
    return wrong(doc, v, what);
}

bool json_want_int_in(JsonDoc *doc, const cJSON *v, const long *allowed, int count, long *out)
{
    assert(allowed != NULL && count >= 1);
    if (v == NULL)
        return false;
    if (cJSON_IsNumber(v)) {
        double x = v->valuedouble;
        for (int i = 0; i < count; i++) {
            if (x == (double)allowed[i]) {
                *out = allowed[i];
                return true;
            }
        }
    }
    char list[160];
    size_t len = 0;
    list[0] = '\0';
    for (int i = 0; i < count && len < sizeof list; i++) {
        const char *sep = i == 0 ? "" : i == count - 1 ? " or " : ", ";
        int w = snprintf(list + len, sizeof list - len, "%s%ld", sep, allowed[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
    return wrong(doc, v, list);
}

bool json_want_number(JsonDoc *doc, const cJSON *v, double lo, double hi, double *out)
{
    if (v == NULL)
        return false;
    double x = cJSON_IsNumber(v) ? v->valuedouble : NAN;
    if (x >= lo && x <= hi) {
        *out = x;
        return true;
    }
    char what[64];
    snprintf(what, sizeof what, "a number from %g to %g", lo, hi);
    return wrong(doc, v, what);
}

bool json_want_bool(JsonDoc *doc, const cJSON *v, bool *out)
{
    if (v == NULL)
        return false;
    if (cJSON_IsBool(v)) {
        *out = cJSON_IsTrue(v);
        return true;
    }
    return wrong(doc, v, "true or false");
}

const char *json_want_string(JsonDoc *doc, const cJSON *v)
{
    if (v == NULL)
        return NULL;
    if (cJSON_IsString(v) && v->valuestring != NULL)
        return v->valuestring;
    wrong(doc, v, "a string");
    return NULL;
}

/* "a", "b" or "c" */
static void list_names(const char *const *names, int count, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && len < size; i++) {
        const char *sep = i == 0 ? "" : i == count - 1 ? " or " : ", ";
        int w = snprintf(buf + len, size - len, "%s\"%s\"", sep, names[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

int json_want_enum(JsonDoc *doc, const cJSON *v, const char *const *names, int count,
                   const char *what)
{
    if (v == NULL)
        return -1;
    char list[160];
    list_names(names, count, list, sizeof list);
    if (!cJSON_IsString(v) || v->valuestring == NULL) {
        char expected[256];
        snprintf(expected, sizeof expected, "%s: %s", what, list);
        wrong(doc, v, expected);
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (strcmp(v->valuestring, names[i]) == 0)
            return i;
    char q[48];
    json_quote(v->valuestring, q, sizeof q);
    int s = json_suggest(v->valuestring, names, count);
    if (s >= 0)
        json_error(doc, v, "unknown %s \"%s\" (did you mean \"%s\"?)", what, q, names[s]);
    else
        json_error(doc, v, "unknown %s \"%s\" (expected %s)", what, q, list);
    return -1;
}

bool json_check_keys(JsonDoc *doc, const cJSON *obj, const char *const *allowed, int count)
{
    bool ok = true;
    if (!cJSON_IsObject(obj))
        return true;
    for (const cJSON *c = obj->child; c != NULL; c = c->next) {
        bool known = false;
        for (int i = 0; i < count && !known; i++)
            known = strcmp(c->string, allowed[i]) == 0;
        if (known)
            continue;
        ok = false;
        char q[48];
        json_quote(c->string, q, sizeof q);
        int s = json_suggest(c->string, allowed, count);
        if (s >= 0) {
            json_error_key(doc, c, "unknown key \"%s\" (did you mean \"%s\"?)", q, allowed[s]);
        } else {
            char list[200];
            list_names(allowed, count, list, sizeof list);
            json_error_key(doc, c, "unknown key \"%s\" (expected %s)", q, list);
        }
    }
    return ok;
}
