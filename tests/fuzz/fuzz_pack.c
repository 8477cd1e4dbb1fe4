/* SPDX-License-Identifier: Zlib */
/*
** fuzz_pack.c -- a pack's pack.json or campaign.json on arbitrary bytes, in
** a copy of the example pack. The first byte picks the file (even:
** pack.json, odd: campaign.json); the rest is its text.
*/
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "fuzz_files.h"
#include "pack.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = {"pack.json", "campaign.json", "chimney.json", "sprint.json",
                                        "switchback.json"};
    static FuzzFiles files;
    static Campaign campaign; /* large: keep it off the stack */
    if (size == 0)
        return 0;
    if (files.count == 0)
        fuzz_files_make(&files, PACK_SOURCE, names, 5);
    int which = data[0] & 1;
    fuzz_files_put(&files, which, data + 1, size - 1);
    PackInfo info;
    if (pack_load(files.dir, "fuzz", &info, &campaign)) {
        /* A pack that loads lists levels that are there. */
        char path[CAMPAIGN_DIR_MAX + CAMPAIGN_FILE_MAX];
        for (int i = 0; i < campaign.count; i++)
            if (!campaign_level_path(&campaign, i, path, sizeof path) || access(path, R_OK) != 0)
                abort();
    } else if (info.error[0] == '\0') {
        abort(); /* a refusal always says why */
    }
    fuzz_files_put(&files, which, NULL, 0);
    return 0;
}
