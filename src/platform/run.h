/* SPDX-License-Identifier: Zlib */
/*
** run.h -- the two ways the game is shown: in a window (window.c) and
** as a PNG rendered without a display (screenshot.c). main.c picks one.
*/
#ifndef RUN_H
#define RUN_H

#include "frontend.h"

/* Opens the window and runs the main loop until the player quits.
** Returns the process exit status. */
int window_run(const FrontendOptions *opt);

/* Renders the frame after `ticks` ticks of the level with the software
** renderer at scale x 480x270 and writes it to out_png. With --edit
** (opt->edit_path), runs the editor for `ticks` frames instead, then
** writes the frame to out_png (may be NULL) and the level to save_as (may
** be NULL). Returns the exit status. */
int screenshot_run(const FrontendOptions *opt, const char *out_png, const char *save_as, int ticks,
                   int scale);

#endif
