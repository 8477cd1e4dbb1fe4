#!/bin/sh
# SPDX-License-Identifier: Zlib
# With "window_scale": 8 saved, the game opens on a 1280x720 virtual screen
# (no panels: all of it is usable) at the largest scale that fits, 2x
# (960x540), inside the screen, and leaves the saved 8 as it was (a larger
# display may take it again). Skipped (exit 77) only when xvfb-run or
# xdotool is not installed.
#
# usage: window_fit.sh PLATFORMER
. "$(dirname "$0")/xwindow.sh"
game=$1
xwindow_setup
pref="$XDG_DATA_HOME/PipsPeak/pips-peak"
mkdir -p "$pref"
printf '{"format": 1, "window_scale": 8}\n' >"$pref/settings.json"

cat >"$work/drive.sh" <<'DRIVE'
# inside xvfb-run: start the title screen, read the window's geometry, quit
. "$XWINDOW"
game=$1; out=$2
xwindow_start "$out" "$game"
xdotool getwindowgeometry --shell "$win" >"$out.geometry"
# Quit is the title menu's sixth item, five Downs from the first
xwindow_keys "Down Down Down Down Down Return"
xwindow_quit "$out"
DRIVE

xwindow_run 1280x720 "$work/run" "$work/drive.sh" "$game" "$work/run" || exit 1
X=; Y=; WIDTH=; HEIGHT=
. "$work/run.geometry"
echo "window: ${WIDTH}x${HEIGHT} at ($X, $Y) on a 1280x720 screen"
if [ "$X" -lt 0 ] || [ "$Y" -lt 0 ] || [ $((X + WIDTH)) -gt 1280 ] || [ $((Y + HEIGHT)) -gt 720 ]; then
    echo "FAIL: the window is not inside the screen"
    exit 1
fi
if [ "$WIDTH" -ne 960 ] || [ "$HEIGHT" -ne 540 ]; then
    echo "FAIL: expected the largest scale that fits, 2x: 960x540"
    exit 1
fi
if ! grep -q '"window_scale": 8' "$pref/settings.json"; then
    echo "FAIL: the saved scale changed:"
    cat "$pref/settings.json"
    exit 1
fi
echo "ok: opened at 2x inside the screen; the saved 8x is kept"
