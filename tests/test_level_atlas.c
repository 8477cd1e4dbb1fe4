/* test_level_atlas.c -- atlas.json: regions, clips, font, backgrounds, colours. */
#define _POSIX_C_SOURCE 200809L

#include "atlas_desc.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static char *good_text(void)
{
    return read_text(SOURCE_DIR "/tests/levels/atlas/good.json");
}

/* text with the first occurrence of from replaced by to (which must be there). */
static char *replaced(const char *from, const char *to)
{
    char *text = good_text();
    char *at = strstr(text, from);
    ck_assert_msg(at != NULL, "'%s' is not in good.json", from);
    size_t n = strlen(text), a = (size_t)(at - text), f = strlen(from), t = strlen(to);
    char *out = malloc(n - f + t + 1);
    memcpy(out, text, a);
    memcpy(out + a, to, t);
    memcpy(out + a + t, at + f, n - a - f + 1);
    free(text);
    return out;
}

static const char *dump(const LevelErrors *e)
{
    static char out[8192];
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < e->count && used < sizeof out - 1; i++) {
        char line[600];
        level_error_format(&e->list[i], line, sizeof line);
        used += (size_t)snprintf(out + used, sizeof out - used, "%s\n", line);
    }
    return out;
}

static bool has_error(const LevelErrors *e, int line, int col, const char *frag)
{
    for (int i = 0; i < e->count; i++)
        if (e->list[i].line == line && e->list[i].col == col &&
            strstr(e->list[i].message, frag) != NULL)
            return true;
    return false;
}

/* Parses text, expecting failure with an error at line:col containing frag. */
static void expect_error(char *text, int line, int col, const char *frag)
{
    LevelErrors *e = calloc(1, sizeof *e);
    AtlasDesc atlas;
    memset(&atlas, 0x5A, sizeof atlas);
    AtlasDesc before = atlas;
    ck_assert(!atlas_desc_parse("atlas.json", text, strlen(text), &atlas, e));
    ck_assert_msg(has_error(e, line, col, frag), "expected %d:%d %s, got:\n%s", line, col, frag,
                  dump(e));
    ck_assert(memcmp(&atlas, &before, sizeof atlas) == 0);
    free(e);
    free(text);
}

START_TEST(good_atlas_gives_regions_clips_font_backgrounds_and_colours)
{
    LevelErrors *e = calloc(1, sizeof *e);
    AtlasDesc a;
    ck_assert_msg(atlas_desc_load(SOURCE_DIR "/tests/levels/atlas/good.json", &a, e), "%s", dump(e));
    ck_assert_str_eq(a.image, "atlas.png");
    ck_assert_int_eq(a.width, 256);
    ck_assert_int_eq(a.height, 256);

    const AtlasRegion *r = atlas_desc_region(&a, "player_run_1");
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(r->rect.x, 32);
    ck_assert_int_eq(r->rect.y, 0);
    ck_assert_int_eq(r->rect.w, 16);
    ck_assert_int_eq(r->rect.h, 16);
    ck_assert_ptr_null(atlas_desc_region(&a, "player_run_7"));
    ck_assert_int_eq(atlas_desc_region_index(&a, "nothing"), -1);

    /* Every clip of the game is in the table, with the file's timings. */
    const AtlasClip *run = atlas_desc_clip(&a, "player_run");
    ck_assert_ptr_nonnull(run);
    ck_assert_int_eq(run->frame_count, 2);
    ck_assert_str_eq(a.regions[run->frames[1]].name, "player_run_1");
    ck_assert_int_eq(a.clip_table.clips[CLIP_PLAYER_RUN].frames, 2);
    ck_assert(a.clip_table.clips[CLIP_PLAYER_RUN].fps == 5.0f);
    ck_assert(a.clip_table.clips[CLIP_PLAYER_RUN].loop);
    ck_assert(!a.clip_table.clips[CLIP_PLAYER_DEATH].loop);
    for (int c = 0; c < CLIP_COUNT; c++) {
        ck_assert_str_eq(a.clips[a.clip_index[c]].name, clip_name((ClipId)c));
        ck_assert_int_ge(a.clip_table.clips[c].frames, 1);
        ck_assert(a.clip_table.clips[c].fps > 0.0f);
    }
    /* Clips the game does not know are kept for the front end. */
    const AtlasClip *burst = atlas_desc_clip(&a, "fx_burst");
    ck_assert_ptr_nonnull(burst);
    ck_assert_int_eq(burst->frame_count, 3);
    ck_assert(!burst->loop);
    ck_assert_int_eq(a.clip_count, CLIP_COUNT + 3);

    ck_assert_str_eq(a.regions[a.font.region].name, "font");
    ck_assert_int_eq(a.font.first, 32);
    ck_assert_int_eq(a.font.count, 95);
    ck_assert_int_eq(a.font.columns, 16);

    const AtlasBackground *hills = atlas_desc_background(&a, "hills");
    ck_assert_ptr_nonnull(hills);
    ck_assert_uint_eq(hills->sky[0], 0x87CEEB);
    ck_assert_uint_eq(hills->sky[1], 0xE0F6FF);
    ck_assert_int_eq(hills->layer_count, 2);
    ck_assert(hills->layers[0].parallax == 0.2f);
    ck_assert_int_eq(hills->layers[1].y, 120);
    ck_assert_str_eq(a.regions[hills->layers[1].region].name, "bg_hills_1");
    ck_assert_int_eq(atlas_desc_background(&a, "dusk")->layer_count, 0);
    ck_assert_ptr_null(atlas_desc_background(&a, "space"));
    ck_assert_uint_eq(a.group_colors[0], 0xE04040);
    ck_assert_uint_eq(a.group_colors[7], 0xF0F0F0);
    atlas_desc_fini(&a);
    free(e);
}
END_TEST

START_TEST(a_missing_clip_is_named)
{
    expect_error(replaced("    \"saw\": {\"frames\": [\"saw_0\", \"saw_1\", \"saw_2\"], \"fps\": 21, \"loop\": true},\n", ""),
                 54, 12, "missing clip \"saw\"");
}
END_TEST

START_TEST(frames_must_name_regions)
{
    expect_error(replaced("[\"coin_0\"]", "[\"coin_9\"]"), 61, 25,
                 "clips.coin.frames[0]: no region named \"coin_9\" (did you mean \"coin_0\"?)");
}
END_TEST

START_TEST(regions_must_lie_inside_the_atlas)
{
    expect_error(replaced("\"player_idle_0\": [0, 0, 16, 16]", "\"player_idle_0\": [250, 0, 16, 16]"),
                 7, 22, "regions.player_idle_0: the region reaches outside the 256x256 atlas");
    expect_error(replaced("\"player_idle_0\": [0, 0, 16, 16]", "\"player_idle_0\": [0, 0, 0, 16]"),
                 7, 29, "expected an integer from 1 to 16384, got 0");
}
END_TEST

START_TEST(colours_are_checked)
{
    expect_error(replaced("\"#87CEEB\"", "\"#87CEE\""), 79, 23,
                 "backgrounds.hills.sky[0]: expected a colour \"#RRGGBB\"");
    expect_error(replaced(", \"#F0F0F0\"]", "]"), 85, 19, "expected 8 colours, one per switch group, got 7");
}
END_TEST

START_TEST(font_grid_must_fit_its_region)
{
    expect_error(replaced("\"cell_h\": 8", "\"cell_h\": 9"), 77, 11,
                 "95 glyphs of 6x9 px in 16 columns need 96x54 px; the region is 96x48");
}
END_TEST

START_TEST(backgrounds_levels_use_must_exist)
{
    expect_error(replaced("\"dusk\": {", "\"dawn\": {"), 78, 18, "missing background \"dusk\"");
}
END_TEST

START_TEST(unknown_keys_get_hints)
{
    expect_error(replaced("\"fps\": 10, \"loop\": true}", "\"fps\": 10, \"lop\": true}"), 61, 47,
                 "clips.coin: unknown key \"lop\" (did you mean \"loop\"?)");
    expect_error(replaced("\"format\": 1", "\"format\": 2"), 2, 13, "unknown atlas format 2");
}
END_TEST

START_TEST(check_command_reads_atlas_json_as_an_atlas)
{
    char *text = good_text();
    char path[1024];
    snprintf(path, sizeof path, "%s/atlas.json", TMP_DIR);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    free(text);
    if (freopen("/dev/null", "w", stdout) == NULL)
        ck_abort_msg("cannot silence output");
    char *argv[] = {"platformer", "--check", path};
    ck_assert_int_eq(level_cli_check(3, argv), 0);
    LevelErrors *e = calloc(1, sizeof *e);
    AtlasDesc a;
    ck_assert(!atlas_desc_load(TMP_DIR "/no-atlas.json", &a, e));
    ck_assert_int_eq(e->count, 1);
    ck_assert(strstr(e->list[0].message, "cannot open") != NULL);
    free(e);
}
END_TEST

static Suite *atlas_suite(void)
{
    Suite *s = suite_create("level_atlas");
    TCase *tc = tcase_create("atlas");
    tcase_add_test(tc, good_atlas_gives_regions_clips_font_backgrounds_and_colours);
    tcase_add_test(tc, a_missing_clip_is_named);
    tcase_add_test(tc, frames_must_name_regions);
    tcase_add_test(tc, regions_must_lie_inside_the_atlas);
    tcase_add_test(tc, colours_are_checked);
    tcase_add_test(tc, font_grid_must_fit_its_region);
    tcase_add_test(tc, backgrounds_levels_use_must_exist);
    tcase_add_test(tc, unknown_keys_get_hints);
    tcase_add_test(tc, check_command_reads_atlas_json_as_an_atlas);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(atlas_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
