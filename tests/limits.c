/* SPDX-License-Identifier: Zlib */
/*
** limits.c -- inputs within the documented limits that once hung the game
** or ate its memory, made at test time (megabytes each, never committed),
** and the game run on each under a ceiling: 10 s of processor time and
** 1 GiB of address space (the sanitizer builds, which need more room and
** time, only the time, raised). A case passes when the game ends within
** them, with the exit status and the message the case expects; its figures
** (processor time, largest resident size) are printed for the record.
**
** usage: limits CASE PLATFORMER SCRATCH_FOLDER
**
** The ceiling is processor time, not the wall clock: the machine may be
** shared, but a game that works for a minute does so on any machine.
*/
#define _DEFAULT_SOURCE /* wait4 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

enum { SIDE = 4096, CPU_SECONDS = 10 };
#define MEMORY_LIMIT (1024ull * 1024 * 1024)

#ifdef LIMITS_SANITIZED
enum { CPU_CEILING = 20 * CPU_SECONDS };
#else
enum { CPU_CEILING = CPU_SECONDS };
#endif

static char folder[4096];

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("limits: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *must(void *p)
{
    if (p == NULL)
        fail("out of memory");
    return p;
}

static void in_folder(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", folder, name);
}

/* ---- a growing text ---- */

typedef struct Text {
    char *s;
    size_t len, cap;
} Text;

static void put(Text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->s = must(realloc(t->s, t->cap));
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void puts_text(Text *t, const char *s)
{
    put(t, s, strlen(s));
}

static void printf_text(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *buf = must(malloc((size_t)n + 1));
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)n + 1, fmt, ap);
    va_end(ap);
    put(t, buf, (size_t)n);
    free(buf);
}

static void write_text(const char *name, const Text *t, char *path, size_t cap)
{
    in_folder(path, cap, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(t->s, 1, t->len, f) != t->len || fclose(f) != 0)
        fail("cannot write %s", path);
}

/* ---- Tiled layers ---- */

static char *base64(const unsigned char *in, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = must(malloc((n + 2) / 3 * 4 + 1)), *o = out;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) |
                     (i + 2 < n ? in[i + 2] : 0);
        *o++ = digits[v >> 18 & 63];
        *o++ = digits[v >> 12 & 63];
        *o++ = i + 1 < n ? digits[v >> 6 & 63] : '=';
        *o++ = i + 2 < n ? digits[v & 63] : '=';
    }
    *o = '\0';
    return out;
}

/* A SIDE x SIDE layer's gids, compressed and in base64: 0 everywhere, or
** `distinct` gids past every tileset, in turn. */
static char *layer_data(bool zstd, int distinct)
{
    size_t cells = (size_t)SIDE * SIDE, raw_len = cells * 4;
    unsigned char *raw = must(malloc(raw_len));
    for (size_t i = 0; i < cells; i++) {
        uint32_t gid = distinct > 0 ? 1000 + (uint32_t)(i % (size_t)distinct) : 0;
        raw[i * 4] = (unsigned char)gid;
        raw[i * 4 + 1] = (unsigned char)(gid >> 8);
        raw[i * 4 + 2] = (unsigned char)(gid >> 16);
        raw[i * 4 + 3] = (unsigned char)(gid >> 24);
    }
    unsigned char *packed;
    size_t packed_len;
    if (zstd) {
        packed_len = ZSTD_compressBound(raw_len);
        packed = must(malloc(packed_len));
        packed_len = ZSTD_compress(packed, packed_len, raw, raw_len, 19);
        if (ZSTD_isError(packed_len))
            fail("zstd: %s", ZSTD_getErrorName(packed_len));
    } else {
        uLongf n = compressBound((uLong)raw_len);
        packed = must(malloc(n));
        if (compress2(packed, &n, raw, (uLong)raw_len, 9) != Z_OK)
            fail("zlib failed");
        packed_len = n;
    }
    char *text = base64(packed, packed_len);
    free(packed);
    free(raw);
    return text;
}

/* A SIDE x SIDE Tiled map of `layers` copies of one tile layer. */
static void tiled_map(const char *name, int layers, bool zstd, int distinct, char *path, size_t cap)
{
    char *data = layer_data(zstd, distinct);
    Text t = {0};
    printf_text(
        &t,
        "{\"type\": \"map\", \"version\": \"1.10\", \"tiledversion\": \"1.10.2\","
        " \"orientation\": \"orthogonal\", \"renderorder\": \"right-down\","
        " \"infinite\": false, \"width\": %d, \"height\": %d, \"tilewidth\": 16,"
        " \"tileheight\": 16, \"nextlayerid\": %d, \"nextobjectid\": 1,"
        " \"properties\": [{\"name\": \"name\", \"type\": \"string\", \"value\": \"Layers\"},"
        " {\"name\": \"background\", \"type\": \"string\", \"value\": \"hills\"}],"
        " \"tilesets\": [], \"layers\": [",
        SIDE, SIDE, layers + 1);
    for (int i = 0; i < layers; i++) {
        printf_text(&t,
                    "%s\n{\"type\": \"tilelayer\", \"id\": %d, \"name\": \"l%d\", \"width\": %d,"
                    " \"height\": %d, \"x\": 0, \"y\": 0, \"opacity\": 1, \"visible\": true,"
                    " \"encoding\": \"base64\", \"compression\": \"%s\", \"data\": \"",
                    i > 0 ? "," : "", i + 1, i + 1, SIDE, SIDE, zstd ? "zstd" : "zlib");
        puts_text(&t, data);
        puts_text(&t, "\"}");
    }
    puts_text(&t, "]}\n");
    free(data);
    if (t.len > 16 * 1024 * 1024)
        fail("%s is %zu bytes, past the 16 MiB a level may hold", name, t.len);
    write_text(name, &t, path, cap);
    free(t.s);
}

/* ---- native levels ---- */

/* A square native level of `side` tiles, floor at the bottom, the player at
** its left and (when goal) the goal at its right, with `blocks` blocks of
** `size` tiles a side at (1, 1), and `walkers` walkers on the floor. */
static void native_level(const char *name, int side, int blocks, int size, int walkers, bool goal,
                         char *path, size_t cap)
{
    Text t = {0};
    puts_text(&t, "{\"format\": 1, \"name\": \"Big\", \"background\": \"hills\",\n"
                  " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\","
                  " \"G\": \"goal\", \"w\": \"walker\"},\n \"tiles\": [\n");
    char *row = must(malloc((size_t)side + 1));
    row[side] = '\0';
    for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++)
            row[x] = y == side - 1                                                  ? '#'
                     : y == side - 2 && x == 1                                      ? 'P'
                     : y == side - 2 && x == side - 2 && goal                       ? 'G'
                     : y == side - 2 && x >= 4 && x < 4 + walkers * 2 && x % 2 == 0 ? 'w'
                                                                                    : '.';
        printf_text(&t, "  \"%s\"%s\n", row, y + 1 < side ? "," : "");
    }
    free(row);
    puts_text(&t, " ],\n \"entities\": [\n");
    for (int i = 0; i < blocks; i++)
        printf_text(&t,
                    "  {\"type\": \"block\", \"x\": 1, \"y\": 1, \"group\": 0, \"w\": %d,"
                    " \"h\": %d}%s\n",
                    size, size, i + 1 < blocks ? "," : "");
    puts_text(&t, " ]}\n");
    write_text(name, &t, path, cap);
    free(t.s);
}

/* ---- running the game under the ceiling ---- */

typedef struct Ran {
    int status; /* exit status, or 128 + signal */
    double cpu; /* s of processor time */
    long max_rss_mb;
    char *err, *out; /* what it wrote */
} Ran;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return must(calloc(1, 1));
    Text t = {0};
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        put(&t, buf, n);
    fclose(f);
    return t.s != NULL ? t.s : must(calloc(1, 1));
}

static Ran run(char *const argv[])
{
    char out_path[4200], err_path[4200];
    in_folder(out_path, sizeof out_path, "stdout.txt");
    in_folder(err_path, sizeof err_path, "stderr.txt");
    pid_t child = fork();
    if (child < 0)
        fail("fork: %s", strerror(errno));
    if (child == 0) {
        struct rlimit cpu = {CPU_CEILING, CPU_CEILING + 1};
        setrlimit(RLIMIT_CPU, &cpu);
#ifndef LIMITS_SANITIZED
        struct rlimit as = {MEMORY_LIMIT, MEMORY_LIMIT};
        setrlimit(RLIMIT_AS, &as);
#endif
        int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
            _exit(125);
        execv(argv[0], argv);
        _exit(126);
    }
    int status;
    struct rusage use;
    if (wait4(child, &status, 0, &use) != child)
        fail("wait4: %s", strerror(errno));
    Ran r;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.cpu = (double)use.ru_utime.tv_sec + (double)use.ru_utime.tv_usec / 1e6 +
            (double)use.ru_stime.tv_sec + (double)use.ru_stime.tv_usec / 1e6;
    r.max_rss_mb = use.ru_maxrss / 1024;
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

/* Runs argv and holds it to the ceiling, the status and the message. */
static int expect(const char *name, char *const argv[], int status, const char *in_stderr,
                  const char *in_stdout, const char *input)
{
    struct stat st;
    double input_mb = input != NULL && stat(input, &st) == 0 ? (double)st.st_size / 1e6 : 0.0;
    Ran r = run(argv);
    printf("%s: %.1f MB of input; %.2f s of processor time, %ld MB at most resident; exit %d\n",
           name, input_mb, r.cpu, r.max_rss_mb, r.status);
    int bad = 0;
    if (r.status == 128 + SIGXCPU || r.status == 128 + SIGKILL) {
        fprintf(stderr, "%s: over %d s of processor time\n", name, CPU_CEILING);
        bad = 1;
    } else if (r.status != status) {
        fprintf(stderr, "%s: exit status %d, not %d\n", name, r.status, status);
        bad = 1;
    }
#ifndef LIMITS_SANITIZED
    if (r.max_rss_mb >= 1024) {
        fprintf(stderr, "%s: %ld MB resident, over 1 GiB\n", name, r.max_rss_mb);
        bad = 1;
    }
#endif
    if (in_stderr != NULL && strstr(r.err, in_stderr) == NULL) {
        fprintf(stderr, "%s: no \"%s\" on stderr\n", name, in_stderr);
        bad = 1;
    }
    if (in_stdout != NULL && strstr(r.out, in_stdout) == NULL) {
        fprintf(stderr, "%s: no \"%s\" on stdout\n", name, in_stdout);
        bad = 1;
    }
    if (bad)
        fprintf(stderr, "stdout:\n%.2000s\nstderr:\n%.4000s\n", r.out, r.err);
    free(r.out);
    free(r.err);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: limits CASE PLATFORMER SCRATCH_FOLDER\n");
        return 2;
    }
    const char *name = argv[1];
    char *game = argv[2];
    snprintf(folder, sizeof folder, "%s/%s", argv[3], name);
    mkdir(argv[3], 0755);
    mkdir(folder, 0755);
    char path[4200], other[4200];
    int bad;
    if (strcmp(name, "tiled_bad_gids") == 0) {
        /* one layer, every cell a gid that belongs to no tileset, 128 in turn */
        tiled_map("map.tmj", 1, true, 128, path, sizeof path);
        char *args[] = {game, "--check", path, NULL};
        bad = expect(name, args, 1, "more uses of gids that cannot be placed", NULL, path);
    } else if (strcmp(name, "tiled_bad_gids_layers") == 0) {
        tiled_map("map.tmj", 1983, true, 128, path, sizeof path);
        char *args[] = {game, "--check", path, NULL};
        bad = expect(name, args, 1, "the map's tile layers hold more than 67108864 cells in all",
                     NULL, path);
    } else if (strcmp(name, "tiled_zstd_layers") == 0) {
        tiled_map("map.tmj", 5278, true, 0, path, sizeof path);
        char *args[] = {game, "--check", path, NULL};
        bad = expect(name, args, 1, "the map's tile layers hold more than 67108864 cells in all",
                     NULL, path);
    } else if (strcmp(name, "tiled_zlib_layers") == 0) {
        tiled_map("map.tmj", 180, false, 0, path, sizeof path);
        char *args[] = {game, "--check", path, NULL};
        bad = expect(name, args, 1, "the map's tile layers hold more than 67108864 cells in all",
                     NULL, path);
    } else if (strcmp(name, "big_blocks") == 0) {
        /* a valid level: a thousand blocks of 2,040 tiles (32,640 px) a side */
        native_level("level.json", 2048, 1000, 2040, 0, true, path, sizeof path);
        char *args[] = {game, "--check", path, NULL};
        bad = expect(name, args, 0, NULL, "level.json: ok", path);
    } else if (strcmp(name, "big_blocks_walkers") == 0) {
        /* big blocks over a floor of walkers: the walker search */
        native_level("level.json", 2048, 200, 2040, 1000, true, path, sizeof path);
        char *args[] = {game, "--check", path, NULL};
        bad = expect(name, args, 0, NULL, "level.json: ok", path);
    } else if (strcmp(name, "big_blocks_invalid") == 0) {
        /* 16 MB: 2,048 rows, 150,000 blocks of 2,040 tiles, and no goal */
        native_level("level.json", 2048, 150000, 2040, 0, false, path, sizeof path);
        char *args[] = {game, "--check", path, NULL};
        bad = expect(name, args, 1, "the level has no goal", NULL, path);
    } else if (strcmp(name, "replay_fifo") == 0) {
        native_level("level.json", 16, 0, 1, 0, true, path, sizeof path);
        in_folder(other, sizeof other, "input.replay");
        unlink(other);
        if (mkfifo(other, 0644) != 0)
            fail("mkfifo %s: %s", other, strerror(errno));
        char *args[] = {game, "--headless", "--level", path, "--replay", other, NULL};
        bad = expect(name, args, 1, "not a regular file: a replay is read from a file", NULL, NULL);
    } else if (strcmp(name, "jitter_1000_jumps") == 0) {
        /* a long run right with a hop every 16 ticks, 1,200 of them, each landing
        ** before the next */
        Text t = {0};
        puts_text(&t, "{\"format\": 1, \"name\": \"Hops\", \"background\": \"hills\",\n"
                      " \"legend\": {\".\": \"empty\", \"#\": \"solid\", \"P\": \"player\","
                      " \"G\": \"goal\"},\n \"tiles\": [\n");
        char row[SIDE + 1];
        row[SIDE] = '\0';
        for (int y = 0; y < 6; y++) {
            for (int x = 0; x < SIDE; x++)
                row[x] = y == 5                    ? '#'
                         : y == 4 && x == 1        ? 'P'
                         : y == 4 && x == SIDE - 2 ? 'G'
                                                   : '.';
            printf_text(&t, "  \"%s\"%s\n", row, y < 5 ? "," : "");
        }
        puts_text(&t, " ]}\n");
        write_text("level.json", &t, path, sizeof path);
        t.len = 0;
        puts_text(&t, "#! level: level.json\n");
        for (int i = 0; i < 1200; i++)
            puts_text(&t, "1,R,J\n15,R\n");
        puts_text(&t, "20000,R\n");
        write_text("hops.replay", &t, other, sizeof other);
        free(t.s);
        char *args[] = {game, "--headless", "--jitter", other, NULL};
        bad = expect(name, args, 0, NULL, " 1200 jumps,", NULL);
    } else if (strcmp(name, "render_music_long") == 0) {
        /* a few KB that play for 36 hours: 256 steps of 256 rows of 2 s */
        Text t = {0};
        puts_text(&t, "track bpm=30 rows_per_beat=1 volume=0.5\n"
                      "instrument i\n  tone wave=sine attack=1 decay=10 sustain=0.5 release=10\n"
                      "channel c instrument=i volume=0.5\npattern p\n  C-4\n");
        for (int i = 1; i < 256; i++)
            puts_text(&t, "  ...\n");
        puts_text(&t, "order\n");
        for (int i = 0; i < 255; i++)
            puts_text(&t, "  p\n");
        puts_text(&t, "loop\n  p\n");
        write_text("long.txt", &t, path, sizeof path);
        free(t.s);
        in_folder(other, sizeof other, "long.wav");
        char *args[] = {game, "--render-music", path, other, NULL};
        bad = expect(name, args, 1, "more than the 3600 s --render-music writes", NULL, path);
    } else {
        fprintf(stderr, "limits: no case \"%s\"\n", name);
        return 2;
    }
    /* megabytes of input: not kept */
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", folder);
    if (!bad && system(cmd) != 0)
        fprintf(stderr, "limits: could not remove %s\n", folder);
    return bad;
}
