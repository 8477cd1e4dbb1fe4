/* SPDX-License-Identifier: Zlib */
/* replay.c -- reading and writing replay files (see replay.h). */
#define _POSIX_C_SOURCE 200809L

#include "replay.h"

#include "array.h"
#include "atomic.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void replay_init(Replay *r)
{
    memset(r, 0, sizeof *r);
}

void replay_fini(Replay *r)
{
    free(r->keys);
    memset(r, 0, sizeof *r);
}

static bool reserve(Replay *r, size_t more)
{
    /* The limit holds whatever the capacity, or a replay could grow past
    ** what its own text form can say. */
    return more <= REPLAY_MAX_TICKS - r->count &&
           array_reserve(r->keys, r->capacity, r->count + more);
}

static uint8_t keys_of(const InputIntent *in)
{
    return (uint8_t)((in->left ? REPLAY_KEY_L : 0) | (in->right ? REPLAY_KEY_R : 0) |
                     (in->up ? REPLAY_KEY_U : 0) | (in->down ? REPLAY_KEY_D : 0) |
                     (in->jump_held ? REPLAY_KEY_J : 0) | (in->invincible ? REPLAY_KEY_I : 0));
}

bool replay_push(Replay *r, const InputIntent *in)
{
    if (!reserve(r, 1))
        return false;
    r->keys[r->count++] = keys_of(in);
    return true;
}

InputIntent replay_intent(const Replay *r, size_t i)
{
    InputIntent in = {0};
    if (i >= r->count)
        return in;
    uint8_t k = r->keys[i];
    uint8_t before = i > 0 ? r->keys[i - 1] : 0;
    in.left = k & REPLAY_KEY_L;
    in.right = k & REPLAY_KEY_R;
    in.up = k & REPLAY_KEY_U;
    in.down = k & REPLAY_KEY_D;
    in.jump_held = k & REPLAY_KEY_J;
    in.invincible = k & REPLAY_KEY_I;
    in.jump_pressed = (k & REPLAY_KEY_J) && !(before & REPLAY_KEY_J);
    return in;
}

/* The keys as a replay writes them, in the order of their REPLAY_KEY_* bits. */
static const char KEY_NAMES[] = "LRUDJI";

static void fail(char *err, size_t errlen, int line, int col, const char *msg)
{
    if (err != NULL && errlen > 0)
        snprintf(err, errlen, "%d:%d: %s", line, col, msg);
}

bool replay_parse_count(const char *text, unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || text[0] == '+')
        return false;
    *out = v;
    return true;
}

/* A "#! key: value" line, [start, end) of text, the `#!` at start. */
static bool parse_directive(const char *text, size_t start, size_t end, int line, ReplayHeader *h,
                            char *err, size_t errlen)
{
    char buf[REPLAY_PATH_MAX + 64];
    size_t n = end - start - 2;
    if (n >= sizeof buf) {
        fail(err, errlen, line, 1, "directive too long");
        return false;
    }
    memcpy(buf, text + start + 2, n);
    buf[n] = '\0';
    char *colon = strchr(buf, ':');
    if (colon == NULL) {
        fail(err, errlen, line, 1, "a '#!' line needs 'key: value'");
        return false;
    }
    *colon = '\0';
    char *key = buf, *value = colon + 1;
    while (*key == ' ' || *key == '\t')
        key++;
    for (char *k = key + strlen(key); k > key && (k[-1] == ' ' || k[-1] == '\t'); k--)
        k[-1] = '\0';
    while (*value == ' ' || *value == '\t')
        value++;
    for (char *v = value + strlen(value); v > value && (v[-1] == ' ' || v[-1] == '\t'); v--)
        v[-1] = '\0';
    int col = (int)(value - buf) + 3;
    char msg[REPLAY_PATH_MAX + 96];
    const char *want = NULL; /* what the value must be, when it is not */
    if (strcmp(key, "level") == 0) {
        if (value[0] == '\0') {
            fail(err, errlen, line, col, "level needs a path");
            return false;
        }
        snprintf(h->level, sizeof h->level, "%s", value);
    } else if (strcmp(key, "outcome") == 0) {
        if (strcmp(value, "completed") != 0 && strcmp(value, "died") != 0 &&
            strcmp(value, "running") != 0)
            want = "outcome must be completed, died or running";
        snprintf(h->outcome, sizeof h->outcome, "%s", value);
    } else if (strcmp(key, "ticks") == 0) {
        if (!replay_parse_count(value, &h->ticks) || h->ticks == 0)
            want = "ticks must be a positive number";
    } else if (strcmp(key, "hash") == 0) {
        if (strlen(value) != 16 || strspn(value, "0123456789abcdef") != 16)
            want = "hash must be 16 lowercase hex digits";
        snprintf(h->hash, sizeof h->hash, "%s", value);
    } else if (strcmp(key, "collects") == 0) {
        if (strcmp(value, "all") != 0)
            want = "collects can only be 'all'";
        h->collects_all = true;
    } else {
        snprintf(msg, sizeof msg,
                 "unknown directive '%.40s' (level, outcome, ticks, hash, collects)", key);
        fail(err, errlen, line, 3, msg);
        return false;
    }
    if (want != NULL) {
        snprintf(msg, sizeof msg, "%s, not '%.40s'", want, value);
        fail(err, errlen, line, col, msg);
    }
    return want == NULL;
}

/* The end of the line starting at pos: the next CR, LF or end of text. A
** line ends at LF, CR or CR LF, as editors take them. */
static size_t line_end(const char *text, size_t len, size_t pos)
{
    while (pos < len && text[pos] != '\n' && text[pos] != '\r')
        pos++;
    return pos;
}

/* Where the next line starts after a line ending at end. */
static size_t next_line(const char *text, size_t len, size_t end)
{
    if (end < len && text[end] == '\r')
        return end + 1 < len && text[end + 1] == '\n' ? end + 2 : end + 1;
    return end < len ? end + 1 : end; /* past the LF */
}

bool replay_parse(const char *text, size_t len, Replay *out, ReplayHeader *header, char *err,
                  size_t errlen)
{
    replay_init(out);
    ReplayHeader scratch;
    ReplayHeader *h = header != NULL ? header : &scratch;
    memset(h, 0, sizeof *h);
    int line = 1;
    size_t pos = 0;
    while (pos < len) {
        size_t start = pos;
        size_t end = line_end(text, len, pos);
        pos = next_line(text, len, end);

        /* Skip leading blanks; a comment or an empty line is no input. */
        size_t i = start;
        while (i < end && (text[i] == ' ' || text[i] == '\t'))
            i++;
        if (i + 1 < end && i == start && text[i] == '#' && text[i + 1] == '!') {
            if (!parse_directive(text, start, end, line, h, err, errlen))
                goto bad;
            line++;
            continue;
        }
        if (i == end || text[i] == '#') {
            line++;
            continue;
        }
        if (text[i] < '0' || text[i] > '9') {
            fail(err, errlen, line, (int)(i - start) + 1, "expected a tick count");
            goto bad;
        }
        unsigned long count = 0;
        while (i < end && text[i] >= '0' && text[i] <= '9') {
            count = count * 10 + (unsigned long)(text[i] - '0');
            if (count > REPLAY_MAX_TICKS) {
                fail(err, errlen, line, (int)(i - start) + 1, "tick count too large");
                goto bad;
            }
            i++;
        }
        if (count == 0) {
            fail(err, errlen, line, (int)(i - start), "tick count must be at least 1");
            goto bad;
        }
        uint8_t keys = 0;
        while (i < end) {
            while (i < end && (text[i] == ' ' || text[i] == '\t'))
                i++;
            if (i == end || text[i] == '#')
                break;
            if (text[i] != ',') {
                fail(err, errlen, line, (int)(i - start) + 1, "expected ',' before a key");
                goto bad;
            }
            i++;
            while (i < end && (text[i] == ' ' || text[i] == '\t'))
                i++;
            const char *key = i < end && text[i] != '\0' ? strchr(KEY_NAMES, text[i]) : NULL;
            if (key == NULL) {
                fail(err, errlen, line, (int)(i - start) + 1,
                     "unknown key (expected L, R, U, D, J or I)");
                goto bad;
            }
            keys |= (uint8_t)(1u << (key - KEY_NAMES));
            i++;
        }
        if (!reserve(out, count)) {
            fail(err, errlen, line, 1, "replay too long or out of memory");
            goto bad;
        }
        memset(out->keys + out->count, keys, count);
        out->count += count;
        line++;
    }
    return true;

bad:
    replay_fini(out);
    return false;
}

/* The whole file, NUL-terminated; NULL with a message in err. A FIFO or a
** device is refused rather than read (it could hang the game), and so is a
** file larger than any replay of REPLAY_MAX_TICKS needs. */
static char *read_all(const char *path, size_t *out_len, char *err, size_t errlen)
{
    char *text, why[256];
    switch (atomic_read(path, REPLAY_MAX_BYTES, &text, out_len, why, sizeof why)) {
    case ATOMIC_READ_OK: return text;
    case ATOMIC_READ_NOT_FILE:
        snprintf(err, errlen, "%s: %s: a replay is read from a file", path, why);
        break;
    case ATOMIC_READ_TOO_LARGE:
        snprintf(err, errlen,
                 "%s: the file is larger than %lu bytes, more than a replay of"
                 " the longest run (%d ticks, one a line, with comments) needs",
                 path, (unsigned long)REPLAY_MAX_BYTES, REPLAY_MAX_TICKS);
        break;
    default: snprintf(err, errlen, "%s: %s", path, why); break;
    }
    return NULL;
}

bool replay_load(const char *path, Replay *out, ReplayHeader *header, char *err, size_t errlen)
{
    replay_init(out);
    size_t len;
    char *text = read_all(path, &len, err, errlen);
    if (text == NULL)
        return false;
    char inner[REPLAY_PATH_MAX + 128];
    bool ok = replay_parse(text, len, out, header, inner, sizeof inner);
    free(text);
    if (!ok)
        snprintf(err, errlen, "%s:%s", path, inner);
    return ok;
}

bool replay_level_path(const ReplayHeader *header, const char *replay_path, char *buf, size_t size)
{
    if (header->level[0] == '\0')
        return false;
    const char *slash = strrchr(replay_path, '/');
    int n;
    if (header->level[0] == '/' || slash == NULL)
        n = snprintf(buf, size, "%s", header->level);
    else
        n = snprintf(buf, size, "%.*s/%s", (int)(slash - replay_path), replay_path, header->level);
    return n >= 0 && (size_t)n < size;
}

char *replay_format(const Replay *r, size_t *len)
{
    /* Each run is at most "1234567890,L,R,U,D,J,I\n": 24 bytes. */
    size_t cap = 96;
    bool invincible = false;
    for (size_t i = 0; i < r->count; i++) {
        cap += i == 0 || r->keys[i] != r->keys[i - 1] ? 26 : 0;
        invincible = invincible || (r->keys[i] & REPLAY_KEY_I);
    }
    char *text = malloc(cap);
    if (text == NULL)
        return NULL;
    size_t n = (size_t)snprintf(text, cap, "# ticks,keys (L R U D J%s)\n",
                                invincible ? "; I: the Assist's invincibility on" : "");
    for (size_t i = 0; i < r->count;) {
        size_t j = i;
        while (j < r->count && r->keys[j] == r->keys[i])
            j++;
        n += (size_t)snprintf(text + n, cap - n, "%zu", j - i);
        for (int b = 0; b < 6; b++)
            if (r->keys[i] & (1u << b))
                n += (size_t)snprintf(text + n, cap - n, ",%c", KEY_NAMES[b]);
        text[n++] = '\n';
        i = j;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

/* "#! key: value\n" lines for the header's non-empty directives (level and
** collects only when `level`); -1 when they do not fit. */
static int format_directives(char *buf, size_t size, const ReplayHeader *h, bool level)
{
    char ticks[32] = "";
    if (h->ticks != 0)
        snprintf(ticks, sizeof ticks, "%lu", h->ticks);
    const char *const lines[][2] = {{"level", level ? h->level : ""},
                                    {"collects", level && h->collects_all ? "all" : ""},
                                    {"outcome", h->outcome},
                                    {"ticks", ticks},
                                    {"hash", h->hash}};
    size_t n = 0;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0] && n < size; i++)
        if (lines[i][1][0] != '\0')
            n += (size_t)snprintf(buf + n, size - n, "#! %s: %s\n", lines[i][0], lines[i][1]);
    return n < size ? (int)n : -1;
}

bool replay_save(const char *path, const Replay *r, const ReplayHeader *header, char *err,
                 size_t errlen)
{
    size_t body_len;
    char *body = replay_format(r, &body_len);
    size_t cap = body_len + REPLAY_PATH_MAX + 256;
    char *text = body != NULL ? malloc(cap) : NULL;
    bool ok = false;
    if (text == NULL) {
        snprintf(err, errlen, "%s: out of memory formatting the replay", path);
    } else {
        int head =
            snprintf(text, cap, "# Pip's Peak replay; play it with: pips-peak --replay FILE\n");
        int dir = head > 0 ? format_directives(text + head, cap - (size_t)head, header, true) : -1;
        if (dir < 0) {
            snprintf(err, errlen, "%s: the level's path is too long", path);
        } else {
            memcpy(text + head + dir, body, body_len);
            ok = atomic_write(path, text, (size_t)(head + dir) + body_len, err, errlen);
        }
    }
    free(text);
    free(body);
    return ok;
}

/* Whether the line [start, end) is the directive `key`. */
static bool is_directive(const char *text, size_t start, size_t end, const char *key)
{
    size_t i = start;
    if (end - start < 2 || text[i] != '#' || text[i + 1] != '!')
        return false;
    i += 2;
    while (i < end && (text[i] == ' ' || text[i] == '\t'))
        i++;
    size_t n = strlen(key);
    if (end - i < n || memcmp(text + i, key, n) != 0)
        return false;
    i += n;
    while (i < end && (text[i] == ' ' || text[i] == '\t'))
        i++;
    return i < end && text[i] == ':';
}

bool replay_update_header(const char *path, const ReplayHeader *header, char *err, size_t errlen)
{
    size_t len;
    char *text = read_all(path, &len, err, errlen);
    if (text == NULL)
        return false;
    char directives[256];
    int dlen = format_directives(directives, sizeof directives, header, false);
    size_t cap = len + (size_t)(dlen > 0 ? dlen : 0) + 2;
    char *out = malloc(cap);
    if (out == NULL || dlen < 0) {
        snprintf(err, errlen, "%s: out of memory", path);
        free(out);
        free(text);
        return false;
    }
    /* Drop the old outcome, ticks and hash lines; put the new ones after the
    ** last remaining directive (or at the top when there is none). */
    size_t n = 0, after_last = 0;
    bool any = false;
    for (size_t pos = 0; pos < len;) {
        size_t start = pos, end = line_end(text, len, pos);
        pos = next_line(text, len, end);
        if (is_directive(text, start, end, "outcome") || is_directive(text, start, end, "ticks") ||
            is_directive(text, start, end, "hash"))
            continue;
        memcpy(out + n, text + start, pos - start);
        n += pos - start;
        if (pos == len && end == len) /* a last line without its newline */
            out[n++] = '\n';
        if (end - start >= 2 && text[start] == '#' && text[start + 1] == '!') {
            after_last = n;
            any = true;
        }
    }
    size_t at = any ? after_last : 0;
    memmove(out + at + (size_t)dlen, out + at, n - at);
    memcpy(out + at, directives, (size_t)dlen);
    n += (size_t)dlen;
    bool ok = atomic_write(path, out, n, err, errlen);
    free(out);
    free(text);
    return ok;
}
