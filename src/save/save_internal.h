/*
** save_internal.h -- what the readers and writers of this folder share:
** reading a file whole, strict JSON parsing with positions, typed field
** access that names the field on error, keeping bad files aside, and a
** small JSON writer.
*/
#ifndef SAVE_INTERNAL_H
#define SAVE_INTERNAL_H

#include "save.h"

#include <cjson/cJSON.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- reading ---- */

typedef enum SaveRead {
    SAVE_READ_OK,
    SAVE_READ_MISSING,  /* no such file */
    SAVE_READ_FAILED,   /* err says why */
} SaveRead;

/* Reads a whole file of at most max bytes into a malloc'd, NUL-terminated
** buffer. err gets a message without the file name. */
SaveRead save_read_file(const char *path, size_t max, char **text, size_t *len,
                        char *err, size_t errlen);

/* Parses JSON strictly: no NUL bytes, nothing after the value, no duplicate
** keys in any object, an object at the top. On error returns NULL and writes
** "LINE:COL: problem" or "problem" (no file name) to err. */
cJSON *save_parse_json(const char *text, size_t len, char *err, size_t errlen);

/* ---- checked access; each names the field in err as "where.key" ---- */

/* Every key of obj must be one of the NULL-terminated list. */
bool save_only_keys(const cJSON *obj, const char *where, const char *const *keys,
                    char *err, size_t errlen);
/* An integer in [min, max]. A missing key is an error when required, else
** leaves *out unchanged and returns true. */
bool save_get_int(const cJSON *obj, const char *where, const char *key, bool required,
                  int64_t min, int64_t max, int64_t *out, char *err, size_t errlen);
bool save_get_bool(const cJSON *obj, const char *where, const char *key, bool required,
                   bool *out, char *err, size_t errlen);
/* A string that passes save_valid_file_name or save_valid_text, copied to out. */
typedef bool (*SaveStringCheck)(const char *s, size_t cap, const char **why);
bool save_get_string(const cJSON *obj, const char *where, const char *key, bool required,
                     SaveStringCheck check, char *out, size_t cap, char *err, size_t errlen);

/* A plain file name, no folders: [A-Za-z0-9._-], not starting with '.',
** shorter than cap. why says what is wrong. */
bool save_valid_file_name(const char *s, size_t cap, const char **why);
/* Readable text: well-formed UTF-8, no control characters, no leading or
** trailing space, not empty, shorter than cap. */
bool save_valid_text(const char *s, size_t cap, const char **why);

/* ---- recovering ---- */

/* Loads a user file's JSON. SAVE_LOADED gives *root (the caller deletes it);
** SAVE_MISSING is silent; SAVE_RECOVERED has already kept the file aside and
** written the full log line to msg. what names the contents ("settings"). */
SaveLoad save_load_json(const char *path, const char *what, cJSON **root,
                        char *msg, size_t msglen);

/* For a file that parsed but failed validation: keeps it aside as
** PATH.bad-N and writes "PATH: problem; using default WHAT (...)" to msg. */
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
