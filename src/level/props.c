/*
** props.c -- entity properties, the same in native levels and Tiled maps.
**
** A native entity writes "group": 2 as a key, a Tiled object as a custom
** property; either way the value lands here, is checked, and goes into the
** LevelEntity, or is reported at its own line and column.
*/
#include "level_internal.h"

void level_prop_group(JsonDoc *doc, const cJSON *v, LevelEntity *e)
{
    long group;
    if (json_want_int(doc, v, 0, LEVEL_MAX_GROUPS - 1, &group))
        e->group = (int)group;
}

void level_prop_solid_when(JsonDoc *doc, const cJSON *v, LevelEntity *e)
{
    static const char *const when[] = {"on", "off"};
    int w = json_want_enum(doc, v, when, 2, "solid_when");
    if (w >= 0)
        e->solid_when_on = w == 0;
}

void level_prop_dir(JsonDoc *doc, const cJSON *v, LevelEntity *e)
{
    static const char *const dirs[] = {"left", "right"};
    int d = json_want_enum(doc, v, dirs, 2, "direction");
    if (d >= 0)
        e->dir = d == 0 ? -1 : 1;
}

void level_prop_speed(JsonDoc *doc, const cJSON *v, LevelEntity *e)
{
    double speed;
    if (json_want_number(doc, v, 1, LEVEL_MAX_SPEED, &speed))
        e->speed = (float)speed;
}

void level_prop_mode(JsonDoc *doc, const cJSON *v, LevelEntity *e)
{
    static const char *const modes[] = {"pingpong", "loop"};
    int m = json_want_enum(doc, v, modes, 2, "mode");
    if (m >= 0)
        e->loop = m == 1;
}
