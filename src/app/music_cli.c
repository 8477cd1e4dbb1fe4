/* SPDX-License-Identifier: Zlib */
/*
** music_cli.c -- platformer --render-music: a track to a WAV file, headless.
**
** It lives in app/ rather than audio/ because it is a command-line mode:
** it finds the data folder (app_find_data, or --data) and writes a file
** atomically (atomic/), while audio/ stays a library of the C library alone.
** The samples are the sequencer's own, the same the game plays, so what a
** musician hears in the file is what the player hears (before the volume).
*/
#include "app.h"

#include "music.h"
#include "atomic.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SECONDS = 3600 };

static int usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s --render-music TRACK OUT.wav [--seconds N] [--data DIR]\n"
            "Renders a music track to a 16-bit stereo WAV file at 48 kHz. TRACK is a\n"
            "name from assets/music (hills) or the path of a track file. Without\n"
            "--seconds, the track plays once to its loop point: the intro and one\n"
            "pass of the loop; N seconds (up to 3600) go on around the loop.\n",
            prog);
    return 2;
}

/* "hills" is a name; "my/hills.txt" and "hills.txt" are paths. */
static bool is_path(const char *track)
{
    size_t len = strlen(track);
    return strchr(track, '/') != NULL || (len > 4 && strcmp(track + len - 4, ".txt") == 0);
}

bool app_music_path(const char *data_dir, const char *track, char *out, size_t size)
{
    int n = is_path(track) ? snprintf(out, size, "%s", track)
                           : snprintf(out, size, "%s/assets/music/%s.txt", data_dir, track);
    return n >= 0 && (size_t)n < size;
}

static bool parse_seconds(const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !(v > 0.0 && v <= MAX_SECONDS))
        return false;
    *out = v;
    return true;
}

int app_render_music(int argc, char **argv, const char *data_dir, const char *base_path)
{
    const char *prog = level_program_name(argv[0]);
    const char *track_arg = NULL, *out_path = NULL;
    double seconds = 0.0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--seconds") == 0 && i + 1 < argc) {
            if (!parse_seconds(argv[++i], &seconds)) {
                fprintf(stderr,
                        "%s: --seconds wants a number of seconds up to %d, "
                        "not '%s'\n",
                        prog, MAX_SECONDS, argv[i]);
                return 2;
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "%s: unknown or incomplete option '%s'\n", prog, a);
            return usage(prog);
        } else if (track_arg == NULL) {
            track_arg = a;
        } else if (out_path == NULL) {
            out_path = a;
        } else {
            fprintf(stderr, "%s: one track and one output file, not '%s' too\n", prog, a);
            return usage(prog);
        }
    }
    if (track_arg == NULL || out_path == NULL)
        return usage(prog);

    char data[APP_PATH_MAX] = ".";
    if (!app_find_data(data_dir, base_path, data, sizeof data) && !is_path(track_arg)) {
        char msg[APP_PATH_MAX + 256];
        app_data_missing(data_dir, msg, sizeof msg);
        fprintf(stderr, "%s: %s\n", prog, msg);
        return 1;
    }
    char path[APP_PATH_MAX];
    if (!app_music_path(data, track_arg, path, sizeof path)) {
        fprintf(stderr, "%s: track path too long\n", prog);
        return 2;
    }

    char err[2 * APP_PATH_MAX];
    if (!atomic_check_target(out_path, err, sizeof err)) { /* before the work, not after */
        fprintf(stderr, "%s: %s\n", prog, err);
        return 1;
    }
    MusicTrack *track;
    if (!audio_music_load(path, &track, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    uint64_t intro = audio_music_intro_samples(track), loop = audio_music_loop_samples(track);
    uint64_t count = seconds > 0.0 ? (uint64_t)llround(seconds * AUDIO_RATE) : intro + loop;
    int status = 1;
    uint8_t *wav = NULL;
    MusicPlayer *player = NULL;
    /* A few lines of text can hold hours of music: one pass of a track is
    ** held to what --seconds may ask for, and the output to that size. */
    if (count > (uint64_t)MAX_SECONDS * AUDIO_RATE) {
        fprintf(stderr,
                "%s: the intro and one pass of the loop last %.0f s, more than the %d s"
                " --render-music writes: give --seconds N for the first N seconds\n",
                path, (double)count / AUDIO_RATE, MAX_SECONDS);
        goto done;
    }
    size_t size = audio_wav_size((size_t)count, 2);
    wav = malloc(size);
    player = malloc(sizeof *player);
    if (wav == NULL || player == NULL) {
        fprintf(stderr, "%s: out of memory for %.1f s of sound\n", prog,
                (double)count / AUDIO_RATE);
        goto done;
    }
    /* a second at a time, straight into the file's bytes */
    audio_music_start(player, track);
    audio_wav_header((size_t)count, 2, wav);
    int16_t samples[2 * AUDIO_RATE];
    int peak = 0;
    size_t clipped = 0;
    double energy = 0.0, side = 0.0;
    for (uint64_t done = 0; done < count;) {
        size_t n = count - done < AUDIO_RATE ? (size_t)(count - done) : AUDIO_RATE;
        audio_music_render(player, samples, n);
        for (size_t i = 0; i < 2 * n; i++) {
            int a = abs(samples[i]);
            peak = a > peak ? a : peak;
            clipped += a >= 32767;
            energy += (double)samples[i] * samples[i];
            if (i % 2 == 1) {
                double d = (double)samples[i] - samples[i - 1];
                side += d * d / 4.0;
            }
        }
        audio_wav_samples(samples, 2 * n, wav + audio_wav_size((size_t)done, 2));
        done += n;
    }
    uint32_t stolen = player->stolen;
    if (!atomic_write(out_path, wav, size, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", prog, err);
        goto done;
    }
    double rms = sqrt(energy / (double)(count > 0 ? 2 * count : 1));
    double width = sqrt(side / (double)(count > 0 ? count : 1));
    printf("%s: %s, %.2f s stereo (intro %.2f s, loop %.2f s: %d bars of 4 beats at %d bpm), "
           "peak %.1f dBFS, rms %.1f dBFS, side %.1f dBFS, %zu clipped\n",
           out_path, track->name, (double)count / AUDIO_RATE, (double)intro / AUDIO_RATE,
           (double)loop / AUDIO_RATE,
           (int)(loop / track->row_samples / (uint64_t)(track->rows_per_beat * 4)), track->bpm,
           20.0 * log10((peak > 0 ? peak : 1) / 32768.0),
           20.0 * log10((rms > 0 ? rms : 1) / 32768.0),
           20.0 * log10((width > 0 ? width : 1) / 32768.0), clipped);
    if (stolen > 0)
        fprintf(stderr,
                "%s: %s: %u notes were cut short (more than %d at once on a "
                "channel)\n",
                prog, path, stolen, MUSIC_NOTES);
    status = 0;
done:
    free(player);
    free(wav);
    audio_music_destroy(track);
    return status;
}
