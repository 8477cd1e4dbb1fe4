/* SPDX-License-Identifier: Zlib */
/*
** text.c -- the words a level shows (its name, its signs) against the
** game's font.
**
** The font draws printable ASCII, Latin-1 and Latin Extended-A: U+0020 to
** U+007E and U+00A0 to U+017F (art/font.txt, painted by tools/atlas; the
** asset test checks that atlas.json has a glyph for exactly these). Any
** other character loads and plays, drawn as '?', so it is not an error but
** a warning, at the character's own line and column, saying how many more
** the same text holds (one warning a text, however many there are).
*/
#include "level_internal.h"

#include <stdio.h>

bool level_font_draws(uint32_t cp)
{
    return (cp >= 0x20 && cp <= 0x7E) || (cp >= 0xA0 && cp <= 0x17F);
}

void level_utf8(uint32_t cp, char *out)
{
    int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    static const unsigned char LEAD[] = {0, 0, 0xC0, 0xE0, 0xF0};
    for (int i = n - 1; i > 0; i--)
        out[i] = (char)(0x80 | ((cp >> (6 * (n - 1 - i))) & 0x3Fu));
    out[0] = (char)(LEAD[n] | (cp >> (6 * (n - 1))));
    out[n] = '\0';
}

void level_text_check(JsonDoc *doc, const cJSON *str)
{
    JsonChars it;
    if (!json_chars_begin(doc, str, &it))
        return;
    uint32_t cp, first = 0;
    int line, col, first_line = 0, first_col = 0, count = 0;
    while (json_chars_next(&it, &cp, &line, &col)) {
        if (cp == '\n' || level_font_draws(cp))
            continue;
        if (count++ == 0) {
            first = cp;
            first_line = line;
            first_col = col;
        }
    }
    if (count == 0)
        return;
    /* the character itself, when it is not a control */
    char shown[16] = "";
    if (first >= 0xA0) {
        char utf8[5];
        level_utf8(first, utf8);
        snprintf(shown, sizeof shown, "'%s' ", utf8);
    }
    char path[96];
    json_path(doc, str, path, sizeof path);
    char more[64] = "";
    if (count > 1)
        snprintf(more, sizeof more, " and %d more of the text's characters", count - 1);
    level_warnings_add(level_doc_errors(doc), level_doc_path(doc), first_line, first_col,
                       "%s: the game's font has no %s(U+%04X)%s: %s as '?' (the font draws "
                       "ASCII, Latin-1 and Latin Extended-A)",
                       path, shown, (unsigned)first, more, count > 1 ? "they show" : "it shows");
}
