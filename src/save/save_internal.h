/*
** save_internal.h -- what the readers and writers of this folder share:
** strict reading through src/json/ that keeps the first problem for a
** one-line message, checks of the strings a file may hold, keeping bad
** files aside, and a small JSON writer.
*/
#ifndef SAVE_INTERNAL_H
#define SAVE_INTERNAL_H

#include "save.h"

#include "json_doc.h"
#include "json_file.h"
#include "json_get.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SAVE_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- reading ---- */

/* One file being read. Its readers report every problem through the json
** accessors and go on; the first problem is the one a player is told:
** "LINE:COL: MESSAGE" (or "MESSAGE" for the whole file), without the file's
** name; a message about a field starts with its JSON path ("keys.jump[2]: "). The reader must not move once initialised (the document
** points at its sink). */
typedef struct SaveReader {
    JsonSink sink;
    JsonDoc doc;
    char *text;                /* the file's bytes when read by save_reader_load */
    char problem[512];         /* the first problem, "" while there is none */
} SaveReader;

void save_reader_init(SaveReader *r);
void save_reader_fini(SaveReader *r);
/* Parses len bytes of text (not copied: they must outlive r) strictly: any
** problem fails it, a duplicate key too, as does a top level that is not an
** object. */
bool save_reader_parse(SaveReader *r, const char *text, size_t len);
/* Reads the file at path (at most SAVE_MAX_FILE bytes) and parses it.
** JSON_READ_MISSING when there is no file; JSON_READ_FAILED with problem
** set when it cannot be read or parsed. */
JsonRead save_reader_load(SaveReader *r, const char *path);
/* Whether anything was reported so far. */
bool save_reader_failed(const SaveReader *r);

/* The string at v, when it passes check, copied to out (cap bytes); else
** reports what is wrong at v and returns false. */
typedef bool (*SaveStringCheck)(const char *s, size_t cap, const char **why);
bool save_want_string(JsonDoc *doc, const cJSON *v, SaveStringCheck check, char *out,
                      size_t cap);

/* A plain file name, no folders: [A-Za-z0-9._-], not starting with '.',
** shorter than cap. why says what is wrong. */
bool save_valid_file_name(const char *s, size_t cap, const char **why);
/* Readable text: well-formed UTF-8, no control characters, no leading or
** trailing space, not empty, shorter than cap. */
bool save_valid_text(const char *s, size_t cap, const char **why);

/* ---- recovering ---- */

/* Loads a user file into r (initialised here; the caller finis it either
** way). SAVE_LOADED gives r->doc.root, an object; SAVE_MISSING is silent;
** SAVE_RECOVERED has already kept the file aside and written the full log
** line to msg. what names the contents ("settings"). */
SaveLoad save_load_json(const char *path, const char *what, SaveReader *r,
                        char *msg, size_t msglen);

/* For a file that parsed but failed validation: keeps it aside as
** PATH.bad-N and writes "PATH:LINE:COL: problem; using default WHAT (...)"
** (or "PATH: problem; ...") to msg. */
SaveLoad save_recover(const char *path, const char *what, const char *problem,
                      char *msg, size_t msglen);

/* ---- writing ---- */

/* A growing text buffer; a failed allocation sets failed, checked once. */
typedef struct SaveBuf {
    char *data;
    size_t len, cap;
    bool failed;
} SaveBuf;

void save_buf_fini(SaveBuf *b);
void save_buf_puts(SaveBuf *b, const char *s);
void save_buf_printf(SaveBuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A JSON string literal, escaped. */
void save_buf_string(SaveBuf *b, const char *s);

/* Writes the buffer to path atomically, or explains why not. */
bool save_buf_commit(SaveBuf *b, const char *path, char *err, size_t errlen);

#endif
