/* SPDX-License-Identifier: Zlib */
/* file.c -- a whole JSON file into memory (atomic_read), its problems to the sink. */
#include "json_file.h"
#include "json_internal.h"

#include "atomic.h"

#include <assert.h>
#include <stdint.h>

void json_report_too_large(JsonSink *sink, size_t max)
{
    char limit[32];
    atomic_size_words(max, limit, sizeof limit);
    json_report(sink, 0, 0, "the file is larger than %s", limit);
}

JsonRead json_read_file(const char *path, size_t max, char **text, size_t *len, JsonSink *sink)
{
    assert(path != NULL && text != NULL && len != NULL && sink != NULL && max < SIZE_MAX - 1);
    char why[256];
    AtomicRead r = atomic_read(path, max, text, len, why, sizeof why);
    if (r == ATOMIC_READ_OK)
        return JSON_READ_OK;
    json_report(sink, 0, 0, "%s", why);
    return r == ATOMIC_READ_MISSING ? JSON_READ_MISSING
           : r == ATOMIC_READ_ERROR ? JSON_READ_ERROR
                                    : JSON_READ_FAILED;
}
