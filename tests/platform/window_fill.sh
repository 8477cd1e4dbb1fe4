#!/bin/sh
# SPDX-License-Identifier: Zlib
# With "window_scale": "fill" saved, the game runs its fill path in a real
# window: the frame drawn into a texture and letterboxed onto the window,
# through a resize to a window of another shape (1000x700: bars above and
# below), full screen and back, and the mouse moved over the view and the
# bars; then it quits from the title menu with status 0, no sanitizer
# report, and the saved "fill" kept. Skipped (exit 77) only when xvfb-run or
# xdotool is not installed.
#
# usage: window_fill.sh PLATFORMER
. "$(dirname "$0")/xwindow.sh"
game=$1
xwindow_setup
pref="$XDG_DATA_HOME/PipsPeak/pips-peak"
mkdir -p "$pref"
printf '{"format": 1, "window_scale": "fill"}\n' >"$pref/settings.json"

cat >"$work/drive.sh" <<'DRIVE'
. "$XWINDOW"
game=$1; out=$2
xwindow_start "$out" "$game"
xdotool windowsize "$win" 1000 700
sleep 0.5
xdotool getwindowgeometry --shell "$win" >"$out.geometry"
# the mouse over a bar, then over the view
xdotool mousemove --window "$win" 500 10
sleep 0.2
xdotool mousemove --window "$win" 500 350
sleep 0.2
# full screen and back; then Quit, the title menu's sixth item
XWINDOW_PAUSE=0.5 xwindow_keys "F11 F11"
xwindow_keys "Down Down Down Down Down Return"
xwindow_quit "$out"
DRIVE

xwindow_run 1280x1024 "$work/run" "$work/drive.sh" "$game" "$work/run" || exit 1
X=; Y=; WIDTH=; HEIGHT=
. "$work/run.geometry"
echo "window: ${WIDTH}x${HEIGHT} at ($X, $Y)"
if [ "$WIDTH" -ne 1000 ] || [ "$HEIGHT" -ne 700 ]; then
    echo "FAIL: the window did not take the size it was given (fill lets it be any size)"
    exit 1
fi
if ! grep -q '"window_scale": "fill"' "$pref/settings.json"; then
    echo "FAIL: the saved fill scale changed:"
    cat "$pref/settings.json"
    exit 1
fi
echo "ok: the fill scale ran in a 1000x700 window, full screen and back, and quit cleanly"
