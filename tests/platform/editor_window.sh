#!/bin/sh
# SPDX-License-Identifier: Zlib
# The level editor in a real window on a virtual X server, driven by
# xdotool with the mouse and the keys as a level designer would: from a new
# level (its size typed in the form) it paints a floor with a gap, adds
# spikes, a walker on a shelf, a moving platform with a two-point path, a
# checkpoint and a goal (the new level's own goal deleted first), and saves.
# The file must pass --check; then Shift+F5 plays it with a recorded input
# (--replay), which must complete it, in the window and headless.
# Skipped (exit 77) only when xvfb-run or xdotool is not installed.
#
# usage: editor_window.sh PLATFORMER REPLAY [KEEP_DIR]
. "$(dirname "$0")/xwindow.sh"
game=$1
replay=$2
keep=${3:-}
xwindow_setup
level="$work/made.json"

cat >"$work/drive.sh" <<'DRIVE'
# inside xvfb-run: start the editor, find its window, work it
. "$XWINDOW"
game=$1; level=$2; replay=$3; out=$4
xwindow_start "$out" "$game" --edit "$level" --replay "$replay"
eval "$(xdotool getwindowgeometry --shell "$win")"
# the 480x270 picture, scaled by a whole number, in the middle of the window
s=$((WIDTH / 480))
[ $((HEIGHT / 270)) -lt $s ] && s=$((HEIGHT / 270))
ox=$(((WIDTH - 480 * s) / 2))
oy=$(((HEIGHT - 270 * s) / 2))
key() { for k in "$@"; do xdotool key --window "$win" "$k"; sleep 0.15; done; }
# a logical point of the picture, in the window
at() { xdotool mousemove --window "$win" $((ox + $1 * s + s / 2)) $((oy + $2 * s + s / 2)); sleep 0.1; }
# a tile's middle: a 20x15 level fits at 1x, its view at (-14, -3) (editor_view.c)
tile() { at $(($1 * 16 + 22)) $(($2 * 16 + 23)); }
click() { xdotool click --window "$win" "$1"; sleep 0.15; }
drag() { # button x0 y0 x1 y1, in tiles
    tile "$2" "$3"; xdotool mousedown --window "$win" "$1"; sleep 0.1
    tile $((($2 + $4) / 2)) $((($3 + $5) / 2))
    tile "$4" "$5"; xdotool mouseup --window "$win" "$1"; sleep 0.15
}
palette_tile() { at $((359 + $1 * 18)) 22; click 1; }
palette_kind() { at $((359 + ($1 % 7) * 18)) $((40 + ($1 / 7) * 18)); click 1; }

# the form: 20 tiles wide, 15 high, the hills
key BackSpace BackSpace 2 0 Down BackSpace BackSpace 1 5 Return
key 0
# a floor with a gap: the bottom row erased, then filled either side of it
key r
drag 3 0 14 19 14
drag 1 0 14 7 14
drag 1 11 14 19 14
# a shelf for the walker, painted with a stroke
palette_tile 0
key b
drag 1 14 9 18 9
# spikes on the floor before the gap
palette_tile 2
tile 5 13; click 1
# the walker on its shelf (kinds: player, coin, checkpoint, goal, switch,
# block, platform, walker, ...)
palette_kind 7
tile 16 8; click 1
# a platform high over the gap, and its second point dragged out of it
palette_kind 6
tile 7 6; click 1
key t
drag 1 18 6 11 6
# a checkpoint after the gap
palette_kind 2
tile 13 13; click 1
# the new level's goal deleted, a goal placed at the end
key v
tile 18 13; click 1
key Delete
palette_kind 3
tile 18 13; click 1
# one step undone and redone: the same level
key ctrl+z ctrl+y
key ctrl+s
sleep 0.5
cp "$level" "$out.saved" 2>/dev/null
# what the window shows now, to look at (kept with KEEP_DIR)
command -v import >/dev/null 2>&1 && import -window "$win" "$out.png" 2>/dev/null
# a test run from the start with the recorded input; it comes back by itself
key shift+F5
tries=0
while ! grep -q "test run:" "$out.stdout" 2>/dev/null && [ $tries -lt 300 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
sleep 0.5
key ctrl+q
xwindow_quit "$out"
DRIVE

xwindow_run 1280x720 "$work/run" "$work/drive.sh" "$game" "$level" "$replay" "$work/run"
ran=$?
[ -n "$keep" ] && mkdir -p "$keep" && cp "$work"/run.* "$keep"/ 2>/dev/null
[ $ran = 0 ] || exit 1
fail() {
    echo "FAIL: $1"
    cat "$work/run.stdout" "$work/run.stderr" 2>/dev/null
    exit 1
}
[ -f "$work/run.saved" ] || fail "Ctrl+S wrote no file"
"$game" --check "$work/run.saved" || fail "the saved level does not pass --check"
grep -q '"platform"' "$work/run.saved" || fail "no platform in the level"
grep -q '"path"' "$work/run.saved" || fail "the platform has no path"
for want in walker checkpoint; do
    grep -q "$want" "$work/run.saved" || fail "no $want in the level"
done
grep -q "test run: completed" "$work/run.stdout" || fail "the test run did not complete the level"
"$game" --headless --level "$work/run.saved" --replay "$replay" >"$work/headless" 2>&1
grep -q "outcome: completed" "$work/headless" || { cat "$work/headless"; fail "headless, the replay does not complete it"; }
echo "ok: made, saved, checked and completed"
