/* SPDX-License-Identifier: Zlib */
/* sink.c -- counting problems and handing them to the caller's callback. */
#include "json_sink.h"

#include <assert.h>
#include <stdio.h>

static void json_vreport(JsonSink *sink, int line, int col, const char *fmt, va_list ap)
{
    assert(sink != NULL);
    char message[JSON_MESSAGE_MAX];
    if (vsnprintf(message, sizeof message, fmt, ap) < 0)
        snprintf(message, sizeof message, "(unprintable message)");
    sink->count++;
    if (line <= 0)
        line = col = 0;
    else if (col < 0)
        col = 0;
    if (sink->report != NULL)
        sink->report(sink->ctx, line, col, message);
}

void json_report(JsonSink *sink, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    json_vreport(sink, line, col, fmt, ap);
    va_end(ap);
}
