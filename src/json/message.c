/* SPDX-License-Identifier: Zlib */
/* message.c -- describing values, quoting text and suggesting names for messages. */
#include "json_message.h"

#include <math.h>
#include <stdbool.h>
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
