/* SPDX-License-Identifier: Zlib */
/*
** banking.h -- the coins and gems Pip carries, as the player sees them.
**
** Coins count only once a checkpoint (or the goal) banks them; a death
** drops what was carried, and the level puts those back. The Sim counts
** both (SimStatus) and says when each thing happens: a pickup and where
** (EV_COLLECTED; its sound tells a gem), a banking (EV_CHECKPOINT,
** EV_COMPLETED), a death and where (EV_DIED), the level put back and Pip
** come back (EV_RESPAWNED). From those events alone the front end keeps
** here what is carried, each with its place in the level, and shows the
** rule: the counter shows what is banked with what is carried beside it
** ("12/60 +3"); banked, each flies from the checkpoint to its counter,
** which counts it as it lands (SOUND_BANK); on a death, each flies from
** where Pip died back to its place, and waits there until the level has
** put the real one back. Presentation only: nothing here reaches the Sim.
*/
#ifndef BANKING_H
#define BANKING_H

#include "render.h"
#include "sim.h"

enum { BANKING_MAX = 256 }; /* carried at once that are shown; more still count */

#define BANKING_FLIGHT  0.6f  /* s from the checkpoint to the counter */
#define BANKING_STAGGER 0.07f /* s between two leaving, at most ... */
#define BANKING_LEAVE   0.5f  /* ... so that all have left within this */
#define BANKING_RING    0.05f /* s between two of the landings' sounds, at least */

typedef enum BankState { BANK_CARRIED, BANK_FLYING, BANK_SCATTERING } BankState;

typedef struct BankCoin {
    float x, y;           /* its place in the level: the middle of where it was, px */
    float from_x, from_y; /* where its flight began, level px */
    float age;            /* s since it left; < 0 while it waits to */
    float turn;           /* which way it first bursts, radians */
    bool gem;
    BankState state;
} BankCoin;

typedef struct Banking {
    BankCoin coins[BANKING_MAX];
    int count;
    float scatter; /* s a scatter takes: within the death's wait */
    float ring;    /* s until a landing may sound again */
} Banking;

/* Nothing carried; a death's wait of respawn_time s (PhysicsParams). */
void banking_init(Banking *b, float respawn_time);
/* What a Sim event does to the coins carried. */
void banking_event(Banking *b, const SimEvent *ev);
/* dt s later; returns whether one landed on its counter meanwhile and
** it is time to sound it (SOUND_BANK): one a landing, unless they come
** faster than one every BANKING_RING s. */
bool banking_update(Banking *b, float dt);
/* The counters as shown: the Sim's, but a coin flying to its counter is
** not yet banked (and still carried until it leaves), and one flying back
** to its place is no longer carried. */
SimStatus banking_shown(const Banking *b, const SimStatus *status);
/* The coins flying back to their places, in the level (drawn before the
** secret tiles: they go back where they were, hidden or not). */
void banking_draw_scatter(const Banking *b, Batch *batch, const RenderAtlas *atlas,
                          const RenderView *view);
/* The coins flying to their counters, over everything: from the level
** (seen through view) to coin_to or gem_to, screen px. */
void banking_draw_flights(const Banking *b, Batch *batch, const RenderAtlas *atlas,
                          const RenderView *view, SDL_Point coin_to, SDL_Point gem_to);

#endif
