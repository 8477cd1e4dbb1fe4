/* SPDX-License-Identifier: Zlib */
/* fuzz_save.c -- the settings and progress readers on arbitrary bytes. */
#include "progress.h"
#include "settings.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const keys[] = {"Space", "Left", "Right", "Z", "Keypad 1"};
    static const char *const buttons[] = {"a", "start", "dpleft", "leftx-", "righttrigger+"};
    const SettingsKnownNames known = {keys, 5, buttons, 5};
    SaveNotices notices = {0};
    Settings s;
    if (!settings_parse((const char *)data, size, &known, &s, &notices) && notices.count != 1)
        abort(); /* a refusal always says why, once */
    for (int i = 0; i < notices.count; i++)
        if (notices.list[i].message[0] == '\0')
            abort(); /* and so does every field that took its default */
    char err[512] = "";
    Progress p;
    progress_init(&p);
    if (!progress_parse((const char *)data, size, PROGRESS_MAIN, &p, err, sizeof err) &&
        err[0] == '\0')
        abort();
    progress_fini(&p);
    return 0;
}
