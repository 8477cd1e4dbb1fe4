/* SPDX-License-Identifier: Zlib */
/*
** save_internal.h -- what the readers and writers of this folder share:
** reading through src/json/ that keeps the first problem for a one-line
** message or hands every problem on as a notice, checks of the strings a
** file may hold, keeping bad files aside, and a small JSON writer.
*/
#ifndef SAVE_INTERNAL_H
#define SAVE_INTERNAL_H

#include "save.h"

#include "array_text.h"
#include "json_doc.h"
#include "json_file.h"
#include "json_get.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SAVE_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- reading ---- */

/* The first problem reported, with its place; save_keep_first is a sink's
** or a CampaignReport's callback (ctx the SaveFirst) that keeps it. */
typedef struct SaveFirst {
    int line, col;
    char message[JSON_MESSAGE_MAX]; /* "" while there is none */
} SaveFirst;
void save_keep_first(void *ctx, int line, int col, const char *message);
/* The problem as "PATH:LINE:COL: MESSAGE", or "PATH: MESSAGE" for the whole
** file; without "PATH:" for a NULL path. */
void save_first_say(const SaveFirst *f, const char *path, char *buf, size_t size);

/* One file being read. Its readers report every problem through the json
** accessors and go on. The first problem is kept for a one-line message
** ("LINE:COL: MESSAGE", or "MESSAGE" for the whole file, without the file's
** name; a message about a field starts with its JSON path: "keys.jump[2]: ").
** A reader that forgives (settings) also has every problem handed on, with
** what it does instead appended ("...; using 80"). The reader must not move
** once initialised (the document points at its sink). */
typedef struct SaveReader {
    JsonSink sink;
    JsonDoc doc;
    char *text;         /* the file's bytes when read by save_reader_load */
    bool lenient;       /* duplicate keys do not fail the parse: set before it */
    SaveFirst first;    /* the first problem */
    char fallback[200]; /* appended to each problem handed on, while not "" */
    void (*report)(void *ctx, int line, int col,
                   const char *message); /* NULL: keep the first only */
    void *report_ctx;
    const char *path;     /* of the file, for notices; not owned */
    SaveNotices *notices; /* where save_load_json has problems go; not owned */
} SaveReader;

void save_reader_init(SaveReader *r);
void save_reader_fini(SaveReader *r);
/* Parses len bytes of text (not copied: they must outlive r) strictly: a
** syntax error fails it, as does a top level that is not an object, and
** unless r->lenient a duplicate key. */
bool save_reader_parse(SaveReader *r, const char *text, size_t len);
/* Reads the file at path (at most SAVE_MAX_FILE bytes) and parses it.
** JSON_READ_MISSING when there is no file; JSON_READ_ERROR with the problem
** kept when it cannot be read; JSON_READ_FAILED with the problem kept when
** it was read and is not usable. */
JsonRead save_reader_load(SaveReader *r, const char *path);
/* Sets what the reader does about the problems reported from now on, to be
** appended to them ("using %d"); NULL for nothing. */
void save_reader_fallback(SaveReader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Forgets the first problem, so that the next one is kept. */
void save_reader_forget(SaveReader *r);
/* The first problem as "LINE:COL: MESSAGE" or "MESSAGE". */
void save_reader_problem(const SaveReader *r, char *buf, size_t size);

/* A "format" value v (NULL: missing, already reported) among formats[0..count),
** the last the current one, into *format; false after reporting. *newer
** tells a whole number above the current, a file written by a newer
** version whose fields may mean other things ("this version reads format
** 1, not 2"), from a malformed format ("format": "1"). */
bool save_want_format(JsonDoc *doc, const cJSON *v, const long *formats, int count, long *format,
                      bool *newer);

/* The string at v, when it passes check, copied to out (cap bytes); else
** reports what is wrong at v and returns false. */
typedef bool (*SaveStringCheck)(const char *s, size_t cap, const char **why);
bool save_want_string(JsonDoc *doc, const cJSON *v, SaveStringCheck check, char *out, size_t cap);

/* A plain file name, no folders: [A-Za-z0-9._-], not starting with '.',
** shorter than cap. why says what is wrong. */
bool save_valid_file_name(const char *s, size_t cap, const char **why);
/* Readable text: well-formed UTF-8, no control characters, no leading or
** trailing space, not empty, shorter than cap. */
bool save_valid_text(const char *s, size_t cap, const char **why);

/* ---- recovering ---- */

/* From now on every problem of r also becomes a notice naming path. */
void save_reader_collect(SaveReader *r, const char *path, SaveNotices *notices);

/* How long a list of notices is (NULL: none), to take back what was added
** after: a file refused as a whole after all is told in one notice. */
typedef struct SaveMark {
    int count, dropped;
} SaveMark;
SaveMark save_notices_mark(const SaveNotices *n);
void save_notices_rewind(SaveNotices *n, SaveMark mark);

/* Loads a user file into r, which the caller has initialised (and set
** lenient, for a reader that forgives) and finis either way. SAVE_LOADED
** gives r->doc.root, an object; for a lenient reader, duplicate keys have
** become notices ("the first one counts"), and any problem reported from
** now on becomes one too. SAVE_MISSING is silent. SAVE_RECOVERED has kept
** the file aside and added the notice (save_recover). SAVE_UNREADABLE has
** left the file as it is and added a notice. what names the contents
** ("settings"). notices may be NULL. */
SaveLoad save_load_json(SaveReader *r, const char *path, const char *what, SaveNotices *notices);

/* For a file that is not usable: keeps it aside as PATH.bad-N and adds the
** notice "PATH:LINE:COL: PROBLEM; using default WHAT (the file was kept as
** NAME.bad-N)" (NAME the file's own, in the same folder), the problem being
** r's first. */
SaveLoad save_recover(const SaveReader *r, const char *path, const char *what,
                      SaveNotices *notices);

/* ---- writing ---- */

/* A JSON string literal, escaped, into b (array_text.h). */
void save_buf_string(TextBuf *b, const char *s);

/* Writes the text to path atomically, or explains why not; frees it either
** way. */
bool save_buf_commit(TextBuf *b, const char *path, char *err, size_t errlen);

/* A lock on the folder of a file, held while it is read, merged and written
** again, so that two copies of the game saving at once take turns. */
typedef struct SaveLock {
    int fd; /* the folder, locked; -1 when not locked */
} SaveLock;
/* Takes the lock of path's folder, waiting up to two seconds for another
** copy of the game to finish its save. False, with a message, only when
** that copy holds it longer; where locks are not supported (or there is no
** folder, which the write then tells), it goes on without one. */
bool save_lock_folder(const char *path, SaveLock *lock, char *err, size_t errlen);
void save_unlock_folder(SaveLock *lock);

#endif
