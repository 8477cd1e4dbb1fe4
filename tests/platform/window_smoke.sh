#!/bin/sh
# SPDX-License-Identifier: Zlib
# The game in a real window on a virtual X server, driven by xdotool:
#   1. no arguments: the title screen; the menu is walked down to Quit;
#   2. --level FILE: run, jump, pause, then Quit from the pause menu.
# Each run must exit with status 0 and print no sanitizer report. Skipped
# (exit 77) only when xvfb-run or xdotool is not installed.
#
# usage: window_smoke.sh PLATFORMER LEVEL
. "$(dirname "$0")/xwindow.sh"
game=$1
level=$2
xwindow_setup

cat >"$work/drive.sh" <<'DRIVE'
# inside xvfb-run: start the game, press the keys, wait for it to quit
. "$XWINDOW"
game=$1; out=$2; keys=$3; shift 3
xwindow_start "$out" "$game" "$@"
xwindow_keys "$keys"
xwindow_quit "$out"
DRIVE

failed=0
run() {
    name=$1; keys=$2; shift 2
    if xwindow_run 1280x720 "$work/$name" "$work/drive.sh" "$game" "$work/$name" "$keys" "$@"; then
        echo "ok $name"
    else
        echo "FAIL $name"
        failed=1
    fi
}

# title: Options, the fourth item (in and out), Make levels (in and out),
# then Quit
run title "Down Down Down Return wait:0.5 Escape Down Return wait:0.5 Escape Down Return"
# a level: run right, jump, run left with a held jump, the F3 overlay,
# pause and Restart, then pause and Quit
run level "hold:Right/1.5 space hold:Left/0.8 hold:z/0.5 F3 Escape Down Return wait:0.5 Escape Down Down Down Return" --level "$level"
exit $failed
