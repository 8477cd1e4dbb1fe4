/* fuzz_save.c -- the settings and progress readers on arbitrary bytes. */
#include "progress.h"
#include "settings.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    Settings s;
    if (!settings_parse((const char *)data, size, &s, err, sizeof err) && err[0] == '\0')
        abort(); /* a refusal always says why */
    Progress p;
    err[0] = '\0';
    if (!progress_parse((const char *)data, size, &p, err, sizeof err) && err[0] == '\0')
        abort();
    return 0;
}
