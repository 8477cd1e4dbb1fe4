/* level.c -- placeholder until the loader lands. */
#include "leveldesc.h"
