/* SPDX-License-Identifier: Zlib */
/* test_save_campaign.c -- levels/campaign.json and the strict campaign reader:
** every file listed must be there and be a level. */
#include "save/fixture.h"

#include "campaign.h"
#include "check_run.h"

/* The shipped campaign: four worlds or more, 24 levels or more, played in
** order world after world; each level knows its world. */
START_TEST(shipped_campaign_lists_its_worlds_in_order)
{
    Campaign c;
    char err[512] = "", path[2048];
    ck_assert_msg(campaign_load(CAMPAIGN_FILE, &c, err, sizeof err), "%s", err);
    ck_assert_int_ge(c.world_count, 4); /* the hills, the cave, the ice, the peak */
    ck_assert_int_ge(c.count, 24);
    int next = 0;
    for (int w = 0; w < c.world_count; w++) {
        ck_assert_int_gt((int)strlen(c.worlds[w].name), 0);
        ck_assert_int_eq(c.worlds[w].first, next);
        ck_assert_int_ge(c.worlds[w].count, 5); /* a world: teach, test, combine, a finale */
        for (int i = next; i < next + c.worlds[w].count; i++) {
            ck_assert_int_eq(c.levels[i].world, w);
            ck_assert_int_eq(campaign_find(&c, c.levels[i].file), i);
        }
        next += c.worlds[w].count;
    }
    ck_assert_int_eq(next, c.count);
    ck_assert_int_eq(campaign_find(&c, "no-such-level.json"), -1);

    /* Level files sit next to the campaign file. */
    ck_assert(campaign_level_path(&c, 0, path, sizeof path));
    const char *slash = strrchr(CAMPAIGN_FILE, '/');
    ck_assert_ptr_nonnull(slash);
    size_t dirlen = (size_t)(slash - CAMPAIGN_FILE) + 1;
    ck_assert(strncmp(path, CAMPAIGN_FILE, dirlen) == 0);
    ck_assert_str_eq(path + dirlen, c.levels[0].file);
    ck_assert(!campaign_level_path(&c, c.count, path, sizeof path));
    ck_assert(!campaign_level_path(&c, -1, path, sizeof path));
    ck_assert(!campaign_level_path(&c, 0, path, 10)); /* does not fit */
}
END_TEST

/* What a campaign may list: a level. Its content need not be a good level
** (the level loader tells what is wrong with it), only one. */
static const char LEVEL_TEXT[] =
    "{\"format\": 1, \"name\": \"A\", \"background\": \"hills\",\n"
    " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\", \"G\": \"goal\"},\n"
    " \"tiles\": [\"P..G\", \"####\"]}\n";

static void write_level_in(const Scratch *sc, const char *name)
{
    char path[1200];
    write_text(scratch_path(sc, name, path, sizeof path), LEVEL_TEXT);
}

START_TEST(campaign_in_the_current_folder_gives_bare_paths)
{
    Scratch sc;
    Campaign c;
    char err[512], path[256];
    scratch_init(&sc);
    ck_assert_int_eq(chdir(sc.dir), 0);
    write_text("a.json", LEVEL_TEXT);
    write_text("campaign.json",
               "{\"format\": 1, \"levels\": [{\"file\": \"a.json\", \"title\": \"A\"}]}");
    ck_assert_msg(campaign_load("campaign.json", &c, err, sizeof err), "%s", err);
    ck_assert(campaign_level_path(&c, 0, path, sizeof path));
    ck_assert_str_eq(path, "a.json");
    ck_assert_int_eq(unlink("campaign.json"), 0);
    ck_assert_int_eq(unlink("a.json"), 0);
    scratch_fini(&sc);
}
END_TEST

typedef struct BadCase {
    const char *text;
    const char *expect;
} BadCase;

#define LEVEL(f, t) "{\"file\": \"" f "\", \"title\": \"" t "\"}"
/* Each problem is told with the place of the value at fault, and a field by
** its JSON path. */
static const BadCase BAD[] = {
    {"", "campaign.json:1:1: the file is empty"},
    {"{\"format\": 1, \"levels\": [" LEVEL("a.json", "A"),
     "campaign.json:1:58: unexpected end of file"},
    {"{\n\"format\": 1,\n\"levels\": [\n" LEVEL("a.json", "A") ",,\n]}",
     "campaign.json:4:34: expected a value, got ','"},
    {"{\"levels\": []}", "campaign.json:1:1: missing \"format\""},
    {"{\"format\": \"1\", \"levels\": []}", "campaign.json:1:12: format: expected 1, got \"1\""},
    {"{\"format\": 0.5, \"levels\": []}", "campaign.json:1:12: format: expected 1, got 0.5"},
    {"{\"format\": 2, \"levels\": []}", "format: this version reads format 1, not 2"},
    {"{\"format\": 1}", "campaign.json:1:1: missing \"levels\""},
    {"{\"format\": 1, \"levels\": {}}",
     "campaign.json:1:25: levels: expected an array, got an object"},
    {"{\"format\": 1, \"levels\": []}", "campaign.json:1:25: levels: the campaign lists no levels"},
    {"{\"format\": 1, \"levels\": [\"a.json\"]}",
     "campaign.json:1:26: levels[0]: expected an object"},
    {"{\"format\": 1, \"levels\": [{\"file\": \"a.json\"}]}",
     "campaign.json:1:26: levels[0]: missing \"title\""},
    {"{\"format\": 1, \"levels\": [{\"title\": \"A\"}]}", "levels[0]: missing \"file\""},
    {"{\"format\": 1, \"levels\": [{\"file\": 1, \"title\": \"A\"}]}",
     "campaign.json:1:35: levels[0].file: expected a string, got 1"},
    {"{\"format\": 1, \"levels\": [" LEVEL("../secret.json", "A") "]}",
     "levels[0].file: a name may not start with '.'"},
    {"{\"format\": 1, \"levels\": [" LEVEL("sub/a.json", "A") "]}",
     "levels[0].file: a file name may use only"},
    {"{\"format\": 1, \"levels\": [" LEVEL("a.json", "A") ", " LEVEL("a.json", "B") "]}",
     "campaign.json:1:69: levels[1].file: \"a.json\" is already levels[0]"},
    {"{\"format\": 1, \"levels\": [" LEVEL("a.json", "") "]}",
     "campaign.json:1:54: levels[0].title: empty text"},
    {"{\"format\": 1, \"levels\": [" LEVEL("a.json", "Tab\\there") "]}",
     "levels[0].title: control character"},
    {"{\"format\": 1, \"levels\": [{\"file\": \"a.json\", \"title\": \"A\", \"music\": \"x\"}]}",
     "campaign.json:1:59: levels[0]: unknown key \"music\" (expected \"file\" or \"title\")"},
    {"{\"format\": 1, \"levels\": [{\"file\": \"a.json\", \"title\": \"A\", \"title\": \"B\"}]}",
     "campaign.json:1:59: levels[0]: duplicate key \"title\" (first at 1:45)"},
    {"{\"format\": 1, \"levels\": [], \"name\": \"x\"}", "unknown key \"name\""},
    {"{\"format\": 1, \"worlds\": []}", "campaign.json:1:25: worlds: the campaign lists no worlds"},
    {"{\"format\": 1, \"worlds\": [{\"name\": \"W\", \"levels\": []}]}",
     "worlds[0].levels: the world lists no levels"},
    {"{\"format\": 1, \"worlds\": [{\"levels\": [" LEVEL("a.json", "A") "]}]}",
     "worlds[0]: missing \"name\""},
    {"{\"format\": 1, \"worlds\": [{\"name\": \"W\", \"levels\": [" LEVEL(
         "a.json", "A") "]}, "
                        "{\"name\": \"V\", \"levels\": [" LEVEL("a.json", "B") "]}]}",
     "worlds[1].levels[0].file: \"a.json\" is already worlds[0].levels[0]"},
    {"{\"format\": 1, \"worlds\": [{\"name\": \"W\", \"levels\": [" LEVEL("a.json",
                                                                          "A") "], \"music\": 1}]}",
     "worlds[0]: unknown key \"music\""},
    {"{\"format\": 1, \"levels\": [" LEVEL("a.json", "A") "], \"worlds\": []}",
     "levels: a campaign has \"worlds\" or a plain \"levels\" list, not both"},
};
enum { BAD_COUNT = (int)(sizeof BAD / sizeof BAD[0]) };

START_TEST(bad_campaign_is_an_error_naming_file_and_place)
{
    Scratch sc;
    Campaign c;
    char path[1100], err[1024];
    scratch_init(&sc);
    scratch_path(&sc, "campaign.json", path, sizeof path);
    write_text(path, BAD[_i].text);
    write_level_in(&sc, "a.json");
    memset(&c, 0x55, sizeof c);
    ck_assert(!campaign_load(path, &c, err, sizeof err));
    ck_assert_msg(strstr(err, BAD[_i].expect) != NULL, "\"%s\" lacks \"%s\"", err, BAD[_i].expect);
    ck_assert(strncmp(err, path, strlen(path)) == 0);
    ck_assert_int_eq(c.count, 0);
    /* The campaign ships with the game: it is never renamed. */
    ck_assert(file_exists(path));
    ck_assert_int_eq(unlink(path), 0);
    scratch_fini(&sc);
}
END_TEST

START_TEST(worlds_group_the_levels_in_order)
{
    Scratch sc;
    Campaign c;
    char path[1100], err[1024];
    scratch_init(&sc);
    scratch_path(&sc, "campaign.json", path, sizeof path);
    write_level_in(&sc, "a.json");
    write_level_in(&sc, "b.json");
    write_level_in(&sc, "c.json");
    write_text(path, "{\"format\": 1, \"worlds\": [\n"
                     " {\"name\": \"The Hills\", \"levels\": [" LEVEL("a.json", "A") ", " LEVEL(
                         "b.json", "B") "]},\n"
                                        " {\"name\": \"The Cave\", \"levels\": [" LEVEL(
                                            "c.json", "C") "]}]}\n");
    ck_assert_msg(campaign_load(path, &c, err, sizeof err), "%s", err);
    ck_assert_int_eq(c.count, 3);
    ck_assert_int_eq(c.world_count, 2);
    ck_assert_str_eq(c.worlds[0].name, "The Hills");
    ck_assert_str_eq(c.worlds[1].name, "The Cave");
    ck_assert_int_eq(c.worlds[0].first, 0);
    ck_assert_int_eq(c.worlds[0].count, 2);
    ck_assert_int_eq(c.worlds[1].first, 2);
    ck_assert_int_eq(c.worlds[1].count, 1);
    ck_assert_int_eq(c.levels[1].world, 0);
    ck_assert_int_eq(c.levels[2].world, 1);
    ck_assert_str_eq(c.levels[2].file, "c.json");
    /* A plain list is one world without a name. */
    write_text(path,
               "{\"format\": 1, \"levels\": [" LEVEL("a.json", "A") ", " LEVEL("c.json", "C") "]}");
    ck_assert_msg(campaign_load(path, &c, err, sizeof err), "%s", err);
    ck_assert_int_eq(c.world_count, 1);
    ck_assert_str_eq(c.worlds[0].name, "");
    ck_assert_int_eq(c.worlds[0].count, 2);
    ck_assert_int_eq(c.levels[1].world, 0);
    unlink(path);
    scratch_fini(&sc);
}
END_TEST

START_TEST(missing_campaign_is_an_error)
{
    Scratch sc;
    Campaign c;
    char path[1100], err[1024];
    scratch_init(&sc);
    scratch_path(&sc, "campaign.json", path, sizeof path);
    ck_assert(!campaign_load(path, &c, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "campaign.json: cannot open: No such file or directory"));
    ck_assert_int_eq(c.count, 0);
    scratch_fini(&sc);
}
END_TEST

START_TEST(too_many_levels_is_an_error)
{
    Scratch sc;
    Campaign c;
    char path[1100], err[1024], entry[96];
    scratch_init(&sc);
    scratch_path(&sc, "campaign.json", path, sizeof path);
    size_t cap = 64 * 1024;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    strcpy(text, "{\"format\": 1, \"levels\": [");
    for (int i = 0; i <= CAMPAIGN_MAX_LEVELS; i++) {
        snprintf(entry, sizeof entry, "%s{\"file\": \"l%03d.json\", \"title\": \"L%d\"}",
                 i > 0 ? ", " : "", i, i);
        strcat(text, entry);
        char name[32];
        snprintf(name, sizeof name, "l%03d.json", i);
        write_level_in(&sc, name);
    }
    strcat(text, "]}");
    write_text(path, text);
    ck_assert(!campaign_load(path, &c, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "more than 128 levels"));

    /* Exactly the maximum is fine. */
    char *last = strrchr(text, '{');
    strcpy(last - 2, "]}");
    write_text(path, text);
    ck_assert_msg(campaign_load(path, &c, err, sizeof err), "%s", err);
    ck_assert_int_eq(c.count, CAMPAIGN_MAX_LEVELS);
    ck_assert_str_eq(c.levels[CAMPAIGN_MAX_LEVELS - 1].title, "L127");
    free(text);
    ck_assert_int_eq(unlink(path), 0);
    scratch_fini(&sc);
}
END_TEST

/* ---- what a campaign lists must be a level ---- */

typedef struct Found {
    int count;
    char text[8192]; /* "LINE:COL: MESSAGE\n" each */
} Found;

static void collect(void *ctx, int line, int col, const char *message)
{
    Found *f = ctx;
    size_t len = strlen(f->text);
    snprintf(f->text + len, sizeof f->text - len, "%d:%d: %s\n", line, col, message);
    f->count++;
}

/* The game reads campaigns with campaign_read (campaign_load): each entry of
** tests/levels/campaigns/EXPECTED that names a campaign.json is reported at
** its place, and a campaign whose folder has none there is accepted (its
** level's own errors are the loader's). */
START_TEST(listed_files_that_are_not_levels_are_errors_at_their_entry)
{
    char manifest[1024], *text;
    snprintf(manifest, sizeof manifest, "%s/EXPECTED", CAMPAIGN_CORPUS);
    text = read_all(manifest, NULL);
    static const char *const folders[] = {
        "self", "self_link", "cycle", "missing", "schema", "tileset", "physics", "broken_level",
    };
    int checked = 0;
    for (size_t d = 0; d < sizeof folders / sizeof folders[0]; d++) {
        char path[1200], prefix[64];
        snprintf(path, sizeof path, "%s/%s/campaign.json", CAMPAIGN_CORPUS, folders[d]);
        snprintf(prefix, sizeof prefix, "\n%s/campaign.json ", folders[d]);
        Campaign c;
        Found found = {0, ""};
        bool ok = campaign_read(path, &c, collect, &found);
        bool listed = false;
        for (const char *at = strstr(text, prefix); at != NULL; at = strstr(at + 1, prefix)) {
            int line, col, used;
            ck_assert(sscanf(at + strlen(prefix), "%d %d %n", &line, &col, &used) == 2);
            const char *frag = at + strlen(prefix) + used;
            const char *end = strchr(frag, '\n');
            char want[512];
            snprintf(want, sizeof want, "%d:%d: %.*s", line, col,
                     (int)(end != NULL ? end - frag : (ptrdiff_t)strlen(frag)), frag);
            ck_assert_msg(strstr(found.text, want) != NULL, "%s: no \"%s\" in:\n%s", folders[d],
                          want, found.text);
            listed = true;
            checked++;
        }
        ck_assert_msg(ok == !listed, "%s: campaign_read gave %d:\n%s", folders[d], ok, found.text);
        /* The good level listed first is kept for a checker to go on with. */
        ck_assert_int_ge(c.count, 1);
        ck_assert_str_eq(c.levels[0].file, "a.json");

        char err[1400];
        ck_assert_int_eq(campaign_load(path, &c, err, sizeof err), ok);
        if (!ok) {
            ck_assert_int_eq(c.count, 0);
            ck_assert_msg(strncmp(err, path, strlen(path)) == 0 && err[strlen(path)] == ':', "%s",
                          err);
        }
    }
    free(text);
    ck_assert_int_eq(checked, 11);
}
END_TEST

/* Through a chain of campaigns and links, reading one campaign never
** reads another: nothing a file says can make the reader go round. */
START_TEST(a_campaign_is_never_read_as_a_level_of_another)
{
    Scratch sc;
    Campaign c;
    char path[1100], other[1100], err[1400];
    scratch_init(&sc);
    scratch_path(&sc, "campaign.json", path, sizeof path);
    scratch_path(&sc, "b.json", other, sizeof other);
    write_text(path, "{\"format\": 1, \"levels\": [{\"file\": \"b.json\", \"title\": \"B\"}]}");
    write_text(other,
               "{\"format\": 1, \"levels\": [{\"file\": \"campaign.json\", \"title\": \"C\"}]}");
    ck_assert(!campaign_load(path, &c, err, sizeof err));
    ck_assert_msg(strstr(err, ":1:35: levels[0].file: \"b.json\" is a campaign, not a level") !=
                      NULL,
                  "%s", err);
    ck_assert(!campaign_load(other, &c, err, sizeof err));
    ck_assert_msg(
        strstr(err, ":1:35: levels[0].file: \"campaign.json\" is a campaign, not a level") != NULL,
        "%s", err);
    scratch_fini(&sc);
}
END_TEST

static Suite *campaign_suite(void)
{
    Suite *s = suite_create("save_campaign");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, shipped_campaign_lists_its_worlds_in_order);
    tcase_add_test(tc, worlds_group_the_levels_in_order);
    tcase_add_test(tc, campaign_in_the_current_folder_gives_bare_paths);
    tcase_add_loop_test(tc, bad_campaign_is_an_error_naming_file_and_place, 0, BAD_COUNT);
    tcase_add_test(tc, missing_campaign_is_an_error);
    tcase_add_test(tc, too_many_levels_is_an_error);
    tcase_add_test(tc, listed_files_that_are_not_levels_are_errors_at_their_entry);
    tcase_add_test(tc, a_campaign_is_never_read_as_a_level_of_another);
    tcase_set_timeout(tc, 0); /* no time limit: sanitizer builds on a busy machine are slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(campaign_suite());
}
