/* SPDX-License-Identifier: Zlib */
/*
** json_file.h -- reading a JSON file whole, with a size limit.
**
** Every reader of JSON files in the game reads them through here, so all of
** them refuse the same things the same way: a file too large (JSON is
** parsed in memory), a folder or a FIFO in place of a file (a FIFO would
** hang the game), a file that cannot be read.
*/
#ifndef JSON_FILE_H
#define JSON_FILE_H

#include "json_sink.h"

#include <stddef.h>

typedef enum JsonRead {
    JSON_READ_OK,
    JSON_READ_MISSING, /* no file at path; reported like a failure, for
                           callers that treat it as one */
    JSON_READ_FAILED,  /* reported: read whole and refused (too large, not a
                           regular file), or the caller's parse found it bad */
    JSON_READ_ERROR,   /* reported: could not be opened or read for a reason
                           that may pass (EACCES, EMFILE, EIO, out of memory):
                           the file may well be good, so keep it as it is */
} JsonRead;

/* Reads the regular file at path, of at most max bytes, into *text (malloc'd,
** owned by the caller, NUL-terminated for convenience) and its length into
** *len. Otherwise *text is NULL and one problem for the whole file (line 0)
** went to sink: "cannot open: ...", "the file is larger than 1 MiB", ...;
** the result tells a file that is not there (MISSING), one refused for what
** it is (FAILED) and one that could not be read (ERROR). */
JsonRead json_read_file(const char *path, size_t max, char **text, size_t *len, JsonSink *sink);

#endif
