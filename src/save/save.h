/* SPDX-License-Identifier: Zlib */
/*
** save.h -- what the save files share: how loading one ends. Writing goes
** through atomic.h (whole or not at all).
**
** Loading user files (settings.h, progress.h) never stops the game: see
** SaveLoad and SaveNotices.
*/
#ifndef SAVE_H
#define SAVE_H

#include "atomic.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What loading a user file found. The struct loaded is always usable. */
typedef enum SaveLoad {
    SAVE_LOADED,     /* the file was read; a field it got wrong took its
                        default, with a notice saying so (settings) */
    SAVE_MISSING,    /* no file: defaults, and nothing to say */
    SAVE_RECOVERED,  /* corrupt: defaults; the file was renamed to PATH.bad-N,
                        and a notice says why and names it */
    SAVE_UNREADABLE, /* there, but it could not be read (EACCES, EMFILE, EIO):
                        defaults for now, the file left as it is, and a
                        notice says so */
} SaveLoad;

/* Largest user file read; anything bigger is treated as corrupt. */
enum { SAVE_MAX_FILE = 1 << 20 };

/* ---- Notices ------------------------------------------------------------------
**
** What loading a user file found wrong and what was done instead, for the
** player: "settings.json:4:19: master_volume: expected an integer from 0
** to 100, got 250; using 80", or for a corrupt file the name of the copy
** kept aside. The loaders only collect them; the caller prints them on the
** terminal (save_notices_print) and the game shows them on screen. */

enum {
    SAVE_NOTICES_MAX = 16,                /* kept per SaveNotices; more are counted */
    SAVE_NOTICE_FILE_MAX = 4096 + 16,     /* a whole path: never cut */
    SAVE_NOTICE_MESSAGE_MAX = 4096 + 512, /* a message may name a path too */
};

typedef struct SaveNotice {
    char file[SAVE_NOTICE_FILE_MAX];       /* the path as the loader was given it */
    int line, col;                         /* 0, 0 for the whole file */
    char message[SAVE_NOTICE_MESSAGE_MAX]; /* "FIELD: PROBLEM; WHAT WAS DONE" */
} SaveNotice;

/* Plain data owned by the caller, in the order found; zero-initialise it or
** call save_notices_clear. Loaders add to it, so one list can gather the
** notices of several files. */
typedef struct SaveNotices {
    int count;   /* entries used in list */
    int dropped; /* found past SAVE_NOTICES_MAX */
    SaveNotice list[SAVE_NOTICES_MAX];
} SaveNotices;

void save_notices_clear(SaveNotices *n);
/* Appends a notice (file may be "" for text that came from no file). */
void save_notices_add(SaveNotices *n, const char *file, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* "FILE:LINE:COL: MESSAGE", "FILE: MESSAGE" for the whole file, without
** "FILE" when it is ""; always terminated; returns the length it needed. */
size_t save_notice_format(const SaveNotice *n, char *buf, size_t size);
/* Prints every notice as "PREFIX: NOTICE" (just "NOTICE" when prefix is
** NULL), one a line, then how many more were not kept. */
void save_notices_print(const SaveNotices *n, FILE *out, const char *prefix);

#endif
