/* SPDX-License-Identifier: Zlib */
/*
** json_sink.h -- where the problems a JSON reader finds go.
**
** The reader knows where a problem is and what is wrong; only its caller
** knows how to show it. A level lists every problem as FILE:LINE:COL: error:
** ..., settings.json turns each into a notice for the player, the atlas
** stops the game with the first. So the reader hands each problem to the
** caller's callback, and counts them: comparing two readings of the count
** tells whether a step found any.
**
** Lines and columns count from 1; a column counts characters (UTF-8 code
** points), a tab being one. A line ends at LF, CRLF or a CR alone, as in
** editors. Both are 0 for a problem of the whole file, such as one that
** cannot be opened.
*/
#ifndef JSON_SINK_H
#define JSON_SINK_H

#include <stdarg.h>

#if defined(__GNUC__)
#define JSON_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define JSON_PRINTF(fmt, args)
#endif

/* Longest message handed to a sink, with its NUL; longer ones are cut. */
enum { JSON_MESSAGE_MAX = 320 };

typedef struct JsonSink {
    /* Called once per problem. message names no file and has no newline; it
    ** lives only during the call. NULL: problems are only counted. */
    void (*report)(void *ctx, int line, int col, const char *message);
    void *ctx; /* handed back to report; owned by the caller */
    int count; /* problems reported so far */
} JsonSink;

/* Counts a problem and hands it, formatted, to sink->report. */
void json_report(JsonSink *sink, int line, int col, const char *fmt, ...) JSON_PRINTF(4, 5);

#endif
