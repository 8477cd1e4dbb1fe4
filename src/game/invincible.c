/* SPDX-License-Identifier: Zlib */
/*
** invincible.c -- the Assist's invincibility: nothing kills Pip.
**
** A tick whose input says invincible (InputIntent.invincible, which the
** front end sets from Options > Assist and a replay stores as I) plays as
** any other but for three things: spikes, saws and walkers hurt no more
** (a walker landed on is still stomped); a fall out of the bottom of the
** map puts Pip back on the last ground he stood on; and a moving solid that
** would crush him does the same, once every mover of the tick has moved
** (and stands solid again, so the place chosen is clear of it). "Ground"
** is tiles only, solid or a plank's
** top: a platform moves on and a crumbling block falls, so the place where
** Pip stood on one may be air by the time he falls back to it. If that place
** is taken (a platform passing through it), the respawn point serves, and
** if that is taken too, Pip dies as he would without the Assist, and the
** level's own respawn waits for the place to be free.
**
** The last ground is the Sim's, kept only while invincibility is on and
** made fresh each time it is turned on: the respawn point until Pip stands
** somewhere. The state hash takes it in only while it is on, so a run
** played without the Assist hashes as it always did.
*/
#include "sim_internal.h"

/* Whether the box stands on tiles: its bottom on the top of a row in
** which a tile under it is solid or a plank. */
static bool on_tiles(const Tilemap *map, Box box)
{
    int32_t feet = box.y + box.h;
    if (feet % TILE_SIZE != 0)
        return false;
    int32_t row = tile_of(feet);
    if (row < 0 || row >= map->height)
        return false;
    TileRange r = tiles_under(box);
    for (int32_t x = r.x0 < 0 ? 0 : r.x0; x <= r.x1 && x < map->width; x++) {
        uint8_t tile = map->tiles[(size_t)row * (size_t)map->width + (size_t)x];
        if (tile == TILE_SOLID || tile == TILE_ONEWAY)
            return true;
    }
    return false;
}

void invincible_begin(Sim *sim)
{
    const Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    sim->ground_x = p->spawn_x;
    sim->ground_y = p->spawn_y;
    invincible_note_ground(sim);
}

void invincible_note_ground(Sim *sim)
{
    const Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    const Transform *t = ecs_get(sim->world, sim->player, C_TRANSFORM);
    const Collider *c = ecs_get(sim->world, sim->player, C_COLLIDER);
    if (p->state == PLAYER_NORMAL && p->grounded && on_tiles(&sim->map, box_of(t, c))) {
        sim->ground_x = t->x;
        sim->ground_y = t->y;
    }
}

/* Whether the player's box fits at (x, y). */
static bool fits(const Sim *sim, const Collider *c, int32_t x, int32_t y)
{
    Transform at = {x, y, x, y};
    return sim_box_clear(sim, box_of(&at, c), NULL);
}

void invincible_rescue(Sim *sim)
{
    Player *p = ecs_get(sim->world, sim->player, C_PLAYER);
    Transform *t = ecs_get(sim->world, sim->player, C_TRANSFORM);
    const Collider *c = ecs_get(sim->world, sim->player, C_COLLIDER);
    Velocity *v = ecs_get(sim->world, sim->player, C_VELOCITY);
    if (p == NULL || p->state != PLAYER_NORMAL)
        return;
    int32_t x = sim->ground_x, y = sim->ground_y;
    if (!fits(sim, c, x, y)) {
        x = p->spawn_x;
        y = p->spawn_y;
        if (!fits(sim, c, x, y)) {
            player_kill(sim);
            return;
        }
    }
    *t = (Transform){x, y, x, y};
    *v = (Velocity){0};
    p->var_jump = p->buffer = p->coyote = p->drop = p->auto_jump = p->force_timer = 0;
    p->wall_coyote = p->down_held = 0;
    p->sliding = false;
    p->riding = ECS_NULL;
    p->grounded = p->was_grounded = false;
    p->fall_cap = sim->params.max_fall;
    sim->actors.stale = true; /* the actors' grid does not follow a jump across the map */
    emit_at_center(sim, EV_RESPAWNED, box_of(t, c));
}
