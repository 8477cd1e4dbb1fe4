/* SPDX-License-Identifier: Zlib */
/*
** kinds.c -- what a world is made of: the component types, and the table of
** entity kinds built from them (see kinds.h).
**
** Components. Each is registered with its fields and with whether it is
** gameplay state (GAME_COMPONENT_STATE) or presentation. The state hash
** (hash.c) walks every gameplay component of every entity through these
** field lists, so a component added here is in every replay check without
** anyone touching the hash; listing fields rather than hashing whole structs
** keeps padding bytes, whose values C leaves undefined, out of it. A field
** that only serves drawing (Transform's previous position) is simply not
** listed.
**
** Kinds. Adding a kind is adding a row here (and, if it behaves, its system
** file): the loaders, the exporter, the checks, --kinds, the schema and the
** docs pick it up from the row. Rules the rows keep, which test_kinds
** checks: names unique; a drawable kind has no required property and a
** legend character of its own; a sized kind (with a "w" or "h" property) is
** anchored at the top; at most one path and one text property a kind; clip
** names unique across kinds; every example loads.
*/
#include "sim_internal.h"

#include <stddef.h>
#include <string.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- Components ----------------------------------------------------------------- */

#define F(T, m) ECS_FIELD(T, m)
#define STATE   GAME_COMPONENT_STATE
/* clang-format off: braced initializers in macros */
#define COMPONENT(T, flags, fields)                                                                \
    {                                                                                              \
#T, sizeof(T), _Alignof(T), flags, fields, (int)(sizeof(fields) / sizeof(EcsField))        \
    }
#define MARKER(T)                                                                                  \
    {                                                                                              \
#T, sizeof(T), _Alignof(T), STATE, NULL, 0                                                 \
    }
#define LOOK(T)                                                                                    \
    {                                                                                              \
#T, sizeof(T), _Alignof(T), 0, NULL, 0                                                     \
    }
/* clang-format on */

static const EcsField TRANSFORM_FIELDS[] = {F(Transform, x), F(Transform, y)};
static const EcsField VELOCITY_FIELDS[] = {F(Velocity, x), F(Velocity, y), F(Velocity, rem_x),
                                           F(Velocity, rem_y)};
static const EcsField COLLIDER_FIELDS[] = {F(Collider, off_x), F(Collider, off_y),
                                           F(Collider, w),     F(Collider, h),
                                           F(Collider, kind),  F(Collider, enabled)};
static const EcsField PLAYER_FIELDS[] = {F(Player, state),        F(Player, grounded),
                                         F(Player, was_grounded), F(Player, on_ceiling),
                                         F(Player, jump_held),    F(Player, facing),
                                         F(Player, coyote),       F(Player, buffer),
                                         F(Player, var_jump),     F(Player, land),
                                         F(Player, dead),         F(Player, drop),
                                         F(Player, down_held),    F(Player, auto_jump),
                                         F(Player, force_x),      F(Player, force_timer),
                                         F(Player, wall_dir),     F(Player, wall_coyote),
                                         F(Player, wall_slide),   F(Player, sliding),
                                         F(Player, var_speed),    F(Player, fall_cap),
                                         F(Player, spawn_x),      F(Player, spawn_y),
                                         F(Player, riding.index), F(Player, riding.generation)};
static const EcsField PLATFORM_FIELDS[] = {
    /* The waypoints as the int pairs they are. */
    {offsetof(Mover, path), sizeof(int), 2 * LEVEL_MAX_WAYPOINTS},
    F(Mover, path_len),
    F(Mover, target),
    F(Mover, step),
    F(Mover, loop),
    F(Mover, ridden),
    F(Mover, idle),
    F(Mover, speed),
    F(Mover, wait),
    F(Mover, waiting),
    F(Mover, rem_x),
    F(Mover, rem_y),
    F(Mover, moved_x),
    F(Mover, moved_y)};
static const EcsField SWITCH_FIELDS[] = {F(Switch, group),   F(Switch, mode), F(Switch, on),
                                         F(Switch, touched), F(Switch, time), F(Switch, timer)};
static const EcsField BLOCK_FIELDS[] = {F(ToggleBlock, group), F(ToggleBlock, solid_when_on),
                                        F(ToggleBlock, want_solid)};
static const EcsField COLLECTIBLE_FIELDS[] = {F(Collectible, value), F(Collectible, gem)};
static const EcsField CHECKPOINT_FIELDS[] = {F(Checkpoint, active)};
static const EcsField SPRING_FIELDS[] = {F(Spring, dir), F(Spring, rest)};
static const EcsField CRUMBLE_FIELDS[] = {F(Crumble, state), F(Crumble, timer)};
static const EcsField SIGN_FIELDS[] = {F(Sign, text)};
static const EcsField ENEMY_FIELDS[] = {F(Enemy, state), F(Enemy, dir), F(Enemy, turn_at_edges),
                                        F(Enemy, squashed)};

static const EcsComponentDesc COMPONENTS[C_COMPONENT_COUNT] = {
    [C_TRANSFORM] = COMPONENT(Transform, STATE, TRANSFORM_FIELDS),
    [C_VELOCITY] = COMPONENT(Velocity, STATE, VELOCITY_FIELDS),
    [C_COLLIDER] = COMPONENT(Collider, STATE, COLLIDER_FIELDS),
    [C_SPRITE] = LOOK(Sprite),
    [C_ANIMATION] = LOOK(Animation),
    [C_PLAYER] = COMPONENT(Player, STATE, PLAYER_FIELDS),
    [C_MOVER] = COMPONENT(Mover, STATE, PLATFORM_FIELDS),
    [C_SWITCH] = COMPONENT(Switch, STATE, SWITCH_FIELDS),
    [C_TOGGLE_BLOCK] = COMPONENT(ToggleBlock, STATE, BLOCK_FIELDS),
    [C_HAZARD] = MARKER(Hazard),
    [C_COLLECTIBLE] = COMPONENT(Collectible, STATE, COLLECTIBLE_FIELDS),
    [C_CHECKPOINT] = COMPONENT(Checkpoint, STATE, CHECKPOINT_FIELDS),
    [C_GOAL] = MARKER(Goal),
    [C_ENEMY] = COMPONENT(Enemy, STATE, ENEMY_FIELDS),
    [C_SPRING] = COMPONENT(Spring, STATE, SPRING_FIELDS),
    [C_CRUMBLE] = COMPONENT(Crumble, STATE, CRUMBLE_FIELDS),
    [C_SIGN] = COMPONENT(Sign, STATE, SIGN_FIELDS),
};

bool game_register_components(EcsWorld *world)
{
    for (EcsComponent c = 0; c < C_COMPONENT_COUNT; c++)
        if (ecs_component_register_desc(world, &COMPONENTS[c]) != c)
            return false;
    return true;
}

const EcsComponentDesc *game_component_desc(EcsComponent c)
{
    return c < C_COMPONENT_COUNT ? &COMPONENTS[c] : NULL;
}

/* ---- Kinds ------------------------------------------------------------------------- */
#define BIT(c) (1u << (c))
/* Every kind has a position and is drawn: a Transform, a Sprite and its Animation. */
#define BASE (BIT(C_TRANSFORM) | BIT(C_SPRITE) | BIT(C_ANIMATION))

static const char *const ON_OFF[] = {"on", "off"};
static const char *const LEFT_RIGHT[] = {"left", "right"};
static const char *const PATH_MODES[] = {"pingpong", "loop"};
static const char *const PLATFORM_MODES[] = {"pingpong", "loop", "ridden"};

static const char *const SWITCH_MODES[] = {"toggle", "once", "timed"};

static const KindProp SWITCH_PROPS[] = {
    {"group", KPROP_INT, true, 0, LEVEL_MAX_GROUPS - 1, NULL, 0, 0,
     "the switch group it flips, 0 to 7"},
    {"mode", KPROP_ENUM, false, 0, 0, SWITCH_MODES, COUNT(SWITCH_MODES), 0,
     "\"toggle\": each entry flips the group; \"once\": turns it on for good; "
     "\"timed\": turns it on for `time` seconds, ticking in the last one"},
    {"time", KPROP_NUMBER, false, 0.5, 60, NULL, 0, 3, "timed: seconds the group stays on"},
};

static const KindProp BLOCK_PROPS[] = {
    {"group", KPROP_INT, true, 0, LEVEL_MAX_GROUPS - 1, NULL, 0, 0,
     "the switch group it follows, 0 to 7"},
    {"solid_when", KPROP_ENUM, false, 0, 0, ON_OFF, COUNT(ON_OFF), 0,
     "solid while its group is \"on\" or while it is \"off\" (groups start off)"},
    {"w", KPROP_SIZE, false, 1, KIND_MAX_SIZE, NULL, 0, 1, "width in tiles"},
    {"h", KPROP_SIZE, false, 1, KIND_MAX_SIZE, NULL, 0, 1, "height in tiles"},
};

static const KindProp PLATFORM_PROPS[] = {
    {"path", KPROP_PATH, true, 1, KIND_MAX_WAYPOINTS, NULL, 0, 0,
     "waypoints [x, y] where its top-left corner goes next"},
    {"w", KPROP_SIZE, false, 1, KIND_MAX_SIZE, NULL, 0, 3, "width in tiles"},
    {"speed", KPROP_NUMBER, false, 1, 2000, NULL, 0, 60, "px/s along the path"},
    {"mode", KPROP_ENUM, false, 0, 0, PLATFORM_MODES, COUNT(PLATFORM_MODES), 0,
     "\"pingpong\": back along the path; \"loop\": back to the start and round again; "
     "\"ridden\": still until the player stands on it, then to the path's end, and back "
     "to its start once he has left"},
    {"wait", KPROP_NUMBER, false, 0, 60, NULL, 0, 0, "seconds it rests at each waypoint"},
    {"oneway", KPROP_BOOL, false, 0, 0, NULL, 0, 0,
     "a plank: solid from above only, you jump up through it"},
};

static const KindProp SAW_PROPS[] = {
    {"path", KPROP_PATH, false, 1, KIND_MAX_WAYPOINTS, NULL, 0, 0,
     "waypoints [x, y] where its top-left corner goes next (none: it stays put)"},
    {"speed", KPROP_NUMBER, false, 1, 2000, NULL, 0, 60, "px/s along the path"},
    {"mode", KPROP_ENUM, false, 0, 0, PATH_MODES, COUNT(PATH_MODES), 0,
     "\"pingpong\": back along the path; \"loop\": back to the start and round again"},
    {"wait", KPROP_NUMBER, false, 0, 60, NULL, 0, 0, "seconds it rests at each waypoint"},
};

static const char *const SPRING_DIRS[] = {"up", "left", "right"};

static const KindProp SPRING_PROPS[] = {
    {"dir", KPROP_ENUM, false, 0, 0, SPRING_DIRS, COUNT(SPRING_DIRS), 0,
     "\"up\" on a floor, or \"left\"/\"right\": on a wall, launching that way"},
};

static const KindProp CRUMBLE_PROPS[] = {
    {"w", KPROP_SIZE, false, 1, KIND_MAX_SIZE, NULL, 0, 1, "width in tiles"},
};

static const KindProp SIGN_PROPS[] = {
    {"text", KPROP_TEXT, true, 0, 0, NULL, 0, 0,
     "what it says; {jump}, {left}, {right}, {up}, {down} and {pause} show the keys bound to them"},
};

static const KindProp WALKER_PROPS[] = {
    {"dir", KPROP_ENUM, false, 0, 0, LEFT_RIGHT, COUNT(LEFT_RIGHT), 0, "the way it starts walking"},
    {"turn_at_edges", KPROP_BOOL, false, 0, 0, NULL, 0, 1,
     "turns before a ledge or spikes (else only at walls: it walks off ledges)"},
};

static const EntityKind KINDS[] = {
    {
        .name = "player",
        .label = "player start",
        .doc = "where the player starts: exactly one per level",
        .flags = KIND_DRAWABLE | KIND_UNIQUE | KIND_CLEAR | KIND_RESPAWN,
        .legend = 'P',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 24,
        .hit = {2, 2, 12, 22},
        .collider = COLLIDER_ACTOR,
        .layer = 6,
        .components = BASE | BIT(C_VELOCITY) | BIT(C_COLLIDER) | BIT(C_PLAYER),
        .clips = {"player_idle", "player_run", "player_jump", "player_fall", "player_land",
                  "player_death", "player_slide", "player_takeoff", "player_turn", "player_teeter",
                  "player_respawn"},
        .example = "{\"type\": \"player\", \"x\": 4, \"y\": 21}",
        .spawn = player_spawn,
        .animate = player_animate,
    },
    {
        .name = "coin",
        .doc = "a collectible",
        .flags = KIND_DRAWABLE | KIND_COIN,
        .legend = 'o',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 16,
        .hit = {3, 3, 10, 10},
        .collider = COLLIDER_TRIGGER,
        .layer = 3,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_COLLECTIBLE),
        .clips = {"coin"},
        .example = "{\"type\": \"coin\", \"x\": 10, \"y\": 20}",
        .spawn = collectible_spawn,
    },
    {
        .name = "checkpoint",
        .doc = "touching it moves the respawn point here",
        .flags = KIND_DRAWABLE | KIND_CLEAR | KIND_RESPAWN,
        .legend = 'C',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 32,
        .hit = {2, 0, 12, 32},
        .collider = COLLIDER_TRIGGER,
        .layer = 2,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_CHECKPOINT),
        .clips = {"checkpoint_idle", "checkpoint_active"},
        .example = "{\"type\": \"checkpoint\", \"x\": 20, \"y\": 21}",
        .animate = checkpoint_animate,
    },
    {
        .name = "goal",
        .doc = "touching it completes the level; at least one per level",
        .flags = KIND_DRAWABLE | KIND_NEEDED,
        .legend = 'G',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 32,
        .hit = {2, 0, 12, 32},
        .collider = COLLIDER_TRIGGER,
        .layer = 2,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_GOAL),
        .clips = {"goal"},
        .example = "{\"type\": \"goal\", \"x\": 30, \"y\": 21}",
    },
    {
        .name = "switch",
        .doc = "entering it flips its group (or turns it on, for good or for a while): its blocks "
               "turn solid or ghost",
        .flags = KIND_FLIPS,
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 16,
        .hit = {2, 6, 12, 10},
        .collider = COLLIDER_TRIGGER,
        .layer = 2,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_SWITCH),
        .clips = {"switch_off", "switch_on"},
        .props = SWITCH_PROPS,
        .prop_count = COUNT(SWITCH_PROPS),
        .example = "{\"type\": \"switch\", \"x\": 12, \"y\": 21, \"group\": 0}",
        .spawn = switch_spawn,
        .animate = switch_animate,
    },
    {
        .name = "block",
        .doc = "a toggle block: solid or a ghost, with its switch group",
        .flags = KIND_FLIPPED,
        .anchor = KIND_ANCHOR_TOP,
        .w = 16,
        .h = 16,
        .collider = COLLIDER_SOLID,
        .layer = 1,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_TOGGLE_BLOCK),
        .clips = {"block_solid", "block_ghost"},
        .props = BLOCK_PROPS,
        .prop_count = COUNT(BLOCK_PROPS),
        .example = "{\"type\": \"block\", \"x\": 14, \"y\": 17, \"group\": 0, \"w\": 2}",
        .spawn = block_spawn,
        .animate = block_animate,
    },
    {
        .name = "platform",
        .doc = "a moving platform along waypoints; it carries and pushes",
        .anchor = KIND_ANCHOR_TOP,
        .w = 48,
        .h = 8,
        .collider = COLLIDER_SOLID,
        .layer = 1,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_MOVER),
        .clips = {"platform", "platform_oneway"},
        .props = PLATFORM_PROPS,
        .prop_count = COUNT(PLATFORM_PROPS),
        .example = "{\"type\": \"platform\", \"x\": 20, \"y\": 16, \"path\": [[30, 16]]}",
        .spawn = moving_platform_spawn,
    },
    {
        .name = "walker",
        .doc = "an enemy that patrols its floor; stomp it",
        .flags = KIND_DRAWABLE | KIND_CLEAR | KIND_PATROLS,
        .legend = 'w',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 16,
        .hit = {2, 4, 12, 12},
        .collider = COLLIDER_ACTOR,
        .layer = 4,
        .components = BASE | BIT(C_VELOCITY) | BIT(C_COLLIDER) | BIT(C_ENEMY),
        .clips = {"walker_walk", "walker_squashed"},
        .props = WALKER_PROPS,
        .prop_count = COUNT(WALKER_PROPS),
        .example = "{\"type\": \"walker\", \"x\": 40, \"y\": 21, \"dir\": \"right\"}",
        .spawn = walker_spawn,
        .animate = walker_animate,
    },
    {
        .name = "saw",
        .doc = "a spinning saw: touching it kills; with a path it moves along it",
        .flags = KIND_DRAWABLE,
        .legend = '*',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 16,
        .hit = {2, 2, 12, 12},
        .collider = COLLIDER_TRIGGER,
        .layer = 3,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_HAZARD) | BIT(C_MOVER),
        .clips = {"saw"},
        .props = SAW_PROPS,
        .prop_count = COUNT(SAW_PROPS),
        .example = "{\"type\": \"saw\", \"x\": 45, \"y\": 18, \"path\": [[50, 18]], \"speed\": 40}",
        .spawn = mover_spawn,
    },
    {
        .name = "spring",
        .doc = "touching it launches you (and walkers) up, or away from the wall it is on",
        .flags = KIND_DRAWABLE,
        .legend = 's',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 16,
        .hit = {0, 0, 16, 16},
        .collider = COLLIDER_TRIGGER,
        .layer = 3,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_SPRING),
        .clips = {"spring_idle", "spring_launch"},
        .props = SPRING_PROPS,
        .prop_count = COUNT(SPRING_PROPS),
        .example = "{\"type\": \"spring\", \"x\": 24, \"y\": 21}",
        .spawn = spring_spawn,
        .animate = spring_animate,
    },
    {
        .name = "crumble",
        .label = "crumbling block",
        .doc = "a block that shakes when stood on (or slid down), falls away, and comes back",
        .flags = KIND_DRAWABLE,
        .legend = 'c',
        .anchor = KIND_ANCHOR_TOP,
        .w = 16,
        .h = 16,
        .collider = COLLIDER_SOLID,
        .layer = 1,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_CRUMBLE),
        .clips = {"crumble", "crumble_shake", "crumble_gone"},
        .props = CRUMBLE_PROPS,
        .prop_count = COUNT(CRUMBLE_PROPS),
        .example = "{\"type\": \"crumble\", \"x\": 22, \"y\": 18, \"w\": 2}",
        .animate = crumble_animate,
    },
    {
        .name = "sign",
        .doc = "a sign: coming near it shows its text",
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 16,
        .hit = {0, 0, 16, 16},
        .collider = COLLIDER_TRIGGER,
        .layer = 0,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_SIGN),
        .clips = {"sign"},
        .props = SIGN_PROPS,
        .prop_count = COUNT(SIGN_PROPS),
        .example = "{\"type\": \"sign\", \"x\": 6, \"y\": 21, \"text\": \"Press {jump} to jump\"}",
        .spawn = sign_spawn,
    },
    {
        .name = "gem",
        .doc = "a secret gem, off the main path; counted apart from coins",
        .flags = KIND_DRAWABLE | KIND_GEM,
        .legend = 'g',
        .anchor = KIND_ANCHOR_BOTTOM,
        .w = 16,
        .h = 16,
        .hit = {3, 2, 10, 12},
        .collider = COLLIDER_TRIGGER,
        .layer = 3,
        .components = BASE | BIT(C_COLLIDER) | BIT(C_COLLECTIBLE),
        .clips = {"gem"},
        .example = "{\"type\": \"gem\", \"x\": 12, \"y\": 20}",
        .spawn = collectible_spawn,
    },
};

int kind_count(void)
{
    return COUNT(KINDS);
}

const EntityKind *kind_get(int kind)
{
    return kind >= 0 && kind < COUNT(KINDS) ? &KINDS[kind] : NULL;
}

const char *kind_label(const EntityKind *k)
{
    return k->label != NULL ? k->label : k->name;
}

int kind_find(const char *name)
{
    for (int k = 0; k < COUNT(KINDS); k++)
        if (strcmp(KINDS[k].name, name) == 0)
            return k;
    return -1;
}

int kind_player(void)
{
    for (int k = 0; k < COUNT(KINDS); k++)
        if (KINDS[k].components & BIT(C_PLAYER))
            return k;
    return 0;
}

int kind_prop_find(const EntityKind *k, const char *name)
{
    for (int p = 0; p < k->prop_count; p++)
        if (strcmp(k->props[p].name, name) == 0)
            return p;
    return -1;
}

bool kind_sized(const EntityKind *k, char axis)
{
    char name[2] = {axis, '\0'};
    int p = kind_prop_find(k, name);
    return p >= 0 && k->props[p].type == KPROP_SIZE;
}

static int clips_of(const EntityKind *k)
{
    int n = 0;
    while (n < KIND_MAX_CLIPS && k->clips[n] != NULL)
        n++;
    return n;
}

int kind_first_clip(int kind)
{
    int first = 0;
    for (int k = 0; k < kind && k < COUNT(KINDS); k++)
        first += clips_of(&KINDS[k]);
    return first;
}

int kind_clip_count(void)
{
    return kind_first_clip(COUNT(KINDS));
}

const char *kind_clip_name(int clip)
{
    for (int k = 0; k < COUNT(KINDS) && clip >= 0; k++) {
        int n = clips_of(&KINDS[k]);
        if (clip < n)
            return KINDS[k].clips[clip];
        clip -= n;
    }
    return NULL;
}

int kind_clip_find(const char *name)
{
    for (int id = 0; id < kind_clip_count(); id++)
        if (strcmp(kind_clip_name(id), name) == 0)
            return id;
    return -1;
}

const char *kind_prop_type_name(KindPropType type)
{
    static const char *const names[KPROP_TYPE_COUNT] = {
        [KPROP_INT] = "int",   [KPROP_NUMBER] = "number", [KPROP_BOOL] = "bool",
        [KPROP_ENUM] = "enum", [KPROP_SIZE] = "size",     [KPROP_PATH] = "path",
        [KPROP_TEXT] = "text",
    };
    return (unsigned)type < KPROP_TYPE_COUNT ? names[type] : NULL;
}
