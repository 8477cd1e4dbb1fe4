/* replay.c -- parsing and formatting text input recordings (see replay.h). */
#include "replay.h"

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
    if (more > REPLAY_MAX_TICKS - r->count)
        return false;
    if (r->count + more <= r->capacity)
        return true;
    size_t capacity = r->capacity ? r->capacity : 1024;
    while (capacity < r->count + more)
        capacity *= 2;
    uint8_t *keys = realloc(r->keys, capacity);
    if (keys == NULL)
        return false;
    r->keys = keys;
    r->capacity = capacity;
    return true;
}

static uint8_t keys_of(const InputIntent *in)
{
    return (uint8_t)((in->left ? REPLAY_KEY_L : 0) | (in->right ? REPLAY_KEY_R : 0) |
                     (in->up ? REPLAY_KEY_U : 0) | (in->down ? REPLAY_KEY_D : 0) |
                     (in->jump_held ? REPLAY_KEY_J : 0));
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
    in.jump_pressed = (k & REPLAY_KEY_J) && !(before & REPLAY_KEY_J);
    return in;
}

static void fail(char *err, size_t errlen, int line, int col, const char *msg)
{
    if (err != NULL && errlen > 0)
        snprintf(err, errlen, "%d:%d: %s", line, col, msg);
}

bool replay_parse(const char *text, size_t len, Replay *out, char *err, size_t errlen)
{
    replay_init(out);
    int line = 1;
    size_t pos = 0;
    while (pos < len) {
        /* A line ends at LF, CRLF or a lone CR, as in editors. */
        size_t start = pos;
        while (pos < len && text[pos] != '\n' && text[pos] != '\r')
            pos++;
        size_t end = pos;
        if (pos + 1 < len && text[pos] == '\r' && text[pos + 1] == '\n')
            pos++;
        pos++; /* past the line end */

        /* Skip leading blanks; a comment or an empty line is nothing. */
        size_t i = start;
        while (i < end && (text[i] == ' ' || text[i] == '\t'))
            i++;
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
            uint8_t bit = 0;
            switch (i < end ? text[i] : '\0') {
            case 'L': bit = REPLAY_KEY_L; break;
            case 'R': bit = REPLAY_KEY_R; break;
            case 'U': bit = REPLAY_KEY_U; break;
            case 'D': bit = REPLAY_KEY_D; break;
            case 'J': bit = REPLAY_KEY_J; break;
            default:
                fail(err, errlen, line, (int)(i - start) + 1,
                     "unknown key (expected L, R, U, D or J)");
                goto bad;
            }
            keys |= bit;
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

bool replay_load(const char *path, Replay *out, char *err, size_t errlen)
{
    replay_init(out);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + n > (size_t)REPLAY_MAX_TICKS * 4) {
            fclose(f);
            free(text);
            snprintf(err, errlen, "%s: file too large for a replay", path);
            return false;
        }
        if (len + n > cap) {
            cap = (len + n) * 2;
            char *grown = realloc(text, cap);
            if (grown == NULL) {
                fclose(f);
                free(text);
                snprintf(err, errlen, "%s: out of memory", path);
                return false;
            }
            text = grown;
        }
        memcpy(text + len, chunk, n);
        len += n;
    }
    bool read_error = ferror(f);
    fclose(f);
    if (read_error) {
        free(text);
        snprintf(err, errlen, "%s: read error", path);
        return false;
    }
    char inner[256];
    bool ok = replay_parse(text != NULL ? text : "", len, out, inner, sizeof inner);
    free(text);
    if (!ok)
        snprintf(err, errlen, "%s:%s", path, inner);
    return ok;
}

char *replay_format(const Replay *r, size_t *len)
{
    /* Each run is at most "1234567890,L,R,U,D,J\n": 22 bytes. */
    size_t cap = 64;
    for (size_t i = 0; i < r->count;) {
        size_t j = i;
        while (j < r->count && r->keys[j] == r->keys[i])
            j++;
        cap += 24;
        i = j;
    }
    char *text = malloc(cap);
    if (text == NULL)
        return NULL;
    size_t n = (size_t)snprintf(text, cap, "# ticks,keys (L R U D J)\n");
    for (size_t i = 0; i < r->count;) {
        size_t j = i;
        while (j < r->count && r->keys[j] == r->keys[i])
            j++;
        n += (size_t)snprintf(text + n, cap - n, "%zu", j - i);
        static const char names[] = "LRUDJ";
        for (int b = 0; b < 5; b++)
            if (r->keys[i] & (1u << b))
                n += (size_t)snprintf(text + n, cap - n, ",%c", names[b]);
        text[n++] = '\n';
        i = j;
    }
    text[n] = '\0';
    *len = n;
    return text;
}
