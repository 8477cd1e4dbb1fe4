/* components.c -- registering the game's components in C_ id order. */
#include "components.h"

#include <assert.h>

void game_register_components(EcsWorld *world)
{
    EcsComponent ids[C_COMPONENT_COUNT];
    ids[C_TRANSFORM] = ECS_REGISTER(world, Transform);
    ids[C_VELOCITY] = ECS_REGISTER(world, Velocity);
    ids[C_COLLIDER] = ECS_REGISTER(world, Collider);
    ids[C_SPRITE] = ECS_REGISTER(world, Sprite);
    ids[C_ANIMATION] = ECS_REGISTER(world, Animation);
    ids[C_PLAYER] = ECS_REGISTER(world, Player);
    ids[C_MOVING_PLATFORM] = ECS_REGISTER(world, MovingPlatform);
    ids[C_SWITCH] = ECS_REGISTER(world, Switch);
    ids[C_TOGGLE_BLOCK] = ECS_REGISTER(world, ToggleBlock);
    ids[C_HAZARD] = ECS_REGISTER(world, Hazard);
    ids[C_COLLECTIBLE] = ECS_REGISTER(world, Collectible);
    ids[C_CHECKPOINT] = ECS_REGISTER(world, Checkpoint);
    ids[C_GOAL] = ECS_REGISTER(world, Goal);
    ids[C_ENEMY] = ECS_REGISTER(world, Enemy);
    for (EcsComponent c = 0; c < C_COMPONENT_COUNT; c++)
        assert(ids[c] == c && "components registered out of C_ order");
    (void)ids;
}
