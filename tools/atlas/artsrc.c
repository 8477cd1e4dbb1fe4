/* SPDX-License-Identifier: Zlib */
/* artsrc.c -- reading hand-drawn grids, palettes and glyph sheets. */
#include "artsrc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void art_init(ArtSet *set)
{
    memset(set, 0, sizeof *set);
}

void art_fini(ArtSet *set)
{
    for (int i = 0; i < set->grid_count; i++)
        image_fini(&set->grids[i].img);
    free(set->grids);
    for (int c = 0; c < ART_GLYPHS; c++)
        image_fini(&set->glyphs[c]);
    memset(set, 0, sizeof *set);
}

const Image *art_grid(const ArtSet *set, const char *name)
{
    for (int i = 0; i < set->grid_count; i++)
        if (strcmp(set->grids[i].name, name) == 0)
            return &set->grids[i].img;
    return NULL;
}

Rgba art_color(const ArtSet *set, char c)
{
    unsigned u = (unsigned char)c;
    return u < 128 && set->has_color[u] ? set->palette[u] : CLEAR;
}

/* A cursor over the text, line by line. */
typedef struct Reader {
    const char *p;
    const char *name;
    int line;
    char *err;
    size_t errlen;
} Reader;

static bool fail(Reader *r, const char *fmt, ...)
{
    int n = snprintf(r->err, r->errlen, "%s:%d: ", r->name, r->line);
    if (n < 0 || (size_t)n >= r->errlen)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

/* Copies the next line (without its newline) into buf; false at the end. */
static bool next_line(Reader *r, char *buf, size_t cap, bool *too_long)
{
    if (*r->p == '\0')
        return false;
    size_t n = 0;
    *too_long = false;
    while (*r->p != '\0' && *r->p != '\n') {
        if (n + 1 < cap)
            buf[n++] = *r->p;
        else
            *too_long = true;
        r->p++;
    }
    if (*r->p == '\n')
        r->p++;
    while (n > 0 && (buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t'))
        n--;
    buf[n] = '\0';
    r->line++;
    return true;
}

enum { LINE_MAX_CHARS = 1024, ROWS_MAX = 256 };

static bool parse_hex_color(const char *s, Rgba *out)
{
    size_t n = strlen(s);
    if (n != 6 && n != 8)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isxdigit((unsigned char)s[i]))
            return false;
    unsigned long v = strtoul(s, NULL, 16);
    if (n == 6)
        *out = RGBA(v >> 16 & 255, v >> 8 & 255, v & 255, 255);
    else
        *out = RGBA(v >> 24 & 255, v >> 16 & 255, v >> 8 & 255, v & 255);
    return true;
}

/* Reads rows up to a blank line or the end; rows[i] are owned copies. */
static int read_block(Reader *r, char **rows, int *first_line)
{
    char buf[LINE_MAX_CHARS];
    int count = 0;
    *first_line = r->line + 1;
    for (;;) {
        const char *save = r->p;
        int save_line = r->line;
        bool too_long;
        if (!next_line(r, buf, sizeof buf, &too_long))
            break;
        if (buf[0] == '\0')
            break;
        if (too_long || count == ROWS_MAX) {
            r->p = save;
            r->line = save_line;
            return -1;
        }
        rows[count] = malloc(strlen(buf) + 1);
        if (rows[count] == NULL)
            return -1;
        strcpy(rows[count], buf);
        count++;
    }
    return count;
}

static void free_rows(char **rows, int n)
{
    for (int i = 0; i < n; i++)
        free(rows[i]);
}

static bool add_grid(Reader *r, ArtSet *set, const char *name)
{
    if (strlen(name) >= ART_NAME_MAX)
        return fail(r, "grid name '%s' is longer than %d characters", name, ART_NAME_MAX - 1);
    if (art_grid(set, name) != NULL)
        return fail(r, "grid '%s' is defined twice", name);
    char *rows[ROWS_MAX];
    int first;
    int n = read_block(r, rows, &first);
    if (n < 0)
        return fail(r, "grid '%s': a row is too long or there are more than %d rows", name,
                    ROWS_MAX);
    if (n == 0)
        return fail(r, "grid '%s' has no rows", name);
    size_t w = strlen(rows[0]);
    for (int y = 0; y < n; y++) {
        if (strlen(rows[y]) != w) {
            r->line = first + y;
            bool ok = fail(r, "grid '%s': row %d is %zu wide, the first row is %zu", name, y + 1,
                           strlen(rows[y]), w);
            free_rows(rows, n);
            return ok;
        }
        for (size_t x = 0; x < w; x++) {
            unsigned c = (unsigned char)rows[y][x];
            if (c != '.' && (c >= 128 || !set->has_color[c])) {
                r->line = first + y;
                bool ok = fail(r, "grid '%s': colour '%c' (column %zu) is not in the palette", name,
                               (char)c, x + 1);
                free_rows(rows, n);
                return ok;
            }
        }
    }
    if (set->grid_count == set->grid_cap) {
        int cap = set->grid_cap ? set->grid_cap * 2 : 32;
        ArtGrid *g = realloc(set->grids, (size_t)cap * sizeof *g);
        if (g == NULL) {
            free_rows(rows, n);
            return fail(r, "out of memory");
        }
        set->grids = g;
        set->grid_cap = cap;
    }
    ArtGrid *g = &set->grids[set->grid_count];
    if (!image_init(&g->img, (int)w, n)) {
        free_rows(rows, n);
        return fail(r, "grid '%s': bad size", name);
    }
    memcpy(g->name, name, strlen(name) + 1);
    for (int y = 0; y < n; y++)
        for (size_t x = 0; x < w; x++)
            if (rows[y][x] != '.')
                image_set(&g->img, (int)x, y, art_color(set, rows[y][x]));
    set->grid_count++;
    free_rows(rows, n);
    return true;
}

/* The code points of the UTF-8 text s, at most max; -1 when s is not UTF-8
** or has more. */
static int decode_chars(const char *s, unsigned *out, int max)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned cp = *p, len = 1;
        if (cp >= 0xF0)
            return -1; /* past U+FFFF: no glyph is */
        if (cp >= 0xE0)
            cp &= 0x0F, len = 3;
        else if (cp >= 0xC2)
            cp &= 0x1F, len = 2;
        else if (cp >= 0x80)
            return -1;
        for (unsigned i = 1; i < len; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return -1;
            cp = (cp << 6) | (p[i] & 0x3Fu);
        }
        if ((len == 3 && cp < 0x800) || n == max)
            return -1;
        out[n++] = cp;
        p += len;
    }
    return n;
}

static bool add_glyphs(Reader *r, ArtSet *set, const char *chars)
{
    unsigned cps[128];
    int decoded = decode_chars(chars, cps, 128);
    if (decoded < 0)
        return fail(r, "glyphs '%s': not UTF-8, or more than 128 characters", chars);
    size_t count = (size_t)decoded;
    char *rows[ROWS_MAX];
    int first;
    int n = read_block(r, rows, &first);
    if (n <= 0)
        return fail(r, "glyphs '%s': no rows", chars);
    if (set->glyph_h != 0 && n != set->glyph_h) {
        free_rows(rows, n);
        return fail(r, "glyphs '%s': %d rows, earlier glyphs have %d", chars, n, set->glyph_h);
    }
    /* Cell widths come from the first row's space-separated cells. */
    size_t widths[128];
    size_t cells = 0, run = 0;
    for (const char *p = rows[0];; p++) {
        if (*p == ' ' || *p == '\0') {
            if (run == 0 || cells == 128) {
                r->line = first;
                free_rows(rows, n);
                return fail(r, "glyphs '%s': empty cell or too many cells", chars);
            }
            widths[cells++] = run;
            run = 0;
            if (*p == '\0')
                break;
        } else {
            run++;
        }
    }
    if (cells != count) {
        r->line = first;
        free_rows(rows, n);
        return fail(r, "glyphs '%s': %zu characters but %zu cells", chars, count, cells);
    }
    for (int y = 0; y < n; y++) {
        size_t pos = 0;
        for (size_t c = 0; c < cells; c++) {
            for (size_t x = 0; x < widths[c]; x++, pos++) {
                char ch = rows[y][pos];
                if (ch != '#' && ch != '.') {
                    r->line = first + y;
                    free_rows(rows, n);
                    return fail(r, "glyphs: expected '#' or '.' at column %zu", pos + 1);
                }
            }
            if (rows[y][pos] != (c + 1 < cells ? ' ' : '\0')) {
                r->line = first + y;
                free_rows(rows, n);
                return fail(r, "glyphs: row does not line up with the first row's cells");
            }
            pos++;
        }
    }
    for (size_t c = 0, pos = 0; c < cells; pos += widths[c] + 1, c++) {
        unsigned ch = cps[c];
        if (ch < ' ' || ch >= ART_GLYPHS) {
            free_rows(rows, n);
            return fail(r,
                        "glyphs: U+%04X is not a character a glyph is kept for (U+0020 to U+%04X)",
                        ch, ART_GLYPHS - 1);
        }
        if (set->glyphs[ch].w != 0) {
            free_rows(rows, n);
            return fail(r, "glyph U+%04X is defined twice", ch);
        }
        if (!image_init(&set->glyphs[ch], (int)widths[c], n)) {
            free_rows(rows, n);
            return fail(r, "out of memory");
        }
        for (int y = 0; y < n; y++)
            for (size_t x = 0; x < widths[c]; x++)
                if (rows[y][pos + x] == '#')
                    image_set(&set->glyphs[ch], (int)x, y, RGBA(255, 255, 255, 255));
    }
    set->glyph_h = n;
    free_rows(rows, n);
    return true;
}

bool art_load_text(ArtSet *set, const char *text, const char *name, char *err, size_t errlen)
{
    Reader r = {text, name, 0, err, errlen};
    char buf[LINE_MAX_CHARS];
    bool too_long;
    while (next_line(&r, buf, sizeof buf, &too_long)) {
        if (too_long)
            return fail(&r, "line longer than %d characters", LINE_MAX_CHARS - 1);
        if (buf[0] == '\0' || buf[0] == '#')
            continue;
        char word[32], arg1[LINE_MAX_CHARS], arg2[LINE_MAX_CHARS];
        arg1[0] = arg2[0] = '\0';
        int got = sscanf(buf, "%31s %1023s %1023s", word, arg1, arg2);
        if (strcmp(word, "color") == 0) {
            Rgba c;
            if (got != 3 || strlen(arg1) != 1)
                return fail(&r, "expected: color C RRGGBB");
            unsigned ch = (unsigned char)arg1[0];
            if (ch >= 128 || ch == '.' || ch == '#' || isspace((int)ch))
                return fail(&r, "'%s' cannot name a colour", arg1);
            if (!parse_hex_color(arg2, &c))
                return fail(&r, "'%s' is not RRGGBB or RRGGBBAA", arg2);
            if (set->has_color[ch])
                return fail(&r, "colour '%c' is defined twice", (char)ch);
            set->palette[ch] = c;
            set->has_color[ch] = true;
        } else if (strcmp(word, "grid") == 0) {
            if (got != 2)
                return fail(&r, "expected: grid NAME");
            if (!add_grid(&r, set, arg1))
                return false;
        } else if (strcmp(word, "glyphs") == 0) {
            if (got != 2)
                return fail(&r, "expected: glyphs CHARS");
            if (!add_glyphs(&r, set, arg1))
                return false;
        } else {
            return fail(&r, "unknown statement '%s' (expected color, grid or glyphs)", word);
        }
    }
    return true;
}

bool art_load_file(ArtSet *set, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    bool ok = true;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 65536;
            char *t = realloc(text, cap);
            if (t == NULL) {
                ok = false;
                break;
            }
            text = t;
        }
        size_t got = fread(text + len, 1, 4096, f);
        len += got;
        if (got < 4096)
            break;
    }
    if (ferror(f))
        ok = false;
    fclose(f);
    if (!ok) {
        free(text);
        snprintf(err, errlen, "%s: read failed", path);
        return false;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        free(text);
        snprintf(err, errlen, "%s: contains a NUL byte", path);
        return false;
    }
    ok = art_load_text(set, text, path, err, errlen);
    free(text);
    return ok;
}
