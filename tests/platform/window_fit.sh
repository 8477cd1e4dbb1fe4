#!/bin/sh
# SPDX-License-Identifier: Zlib
# With "window_scale": 8 saved, the game opens on a 1280x720 virtual screen
# (no panels: all of it is usable) at the largest scale that fits, 2x
# (960x540), inside the screen, and leaves the saved 8 as it was (a larger
# display may take it again). Skipped (exit 77) only when xvfb-run or
# xdotool is not installed.
#
# usage: window_fit.sh PLATFORMER
set -u
game=$1

for tool in xvfb-run xdotool; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed (apt-get install xvfb xdotool)"
        exit 77
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data"
export SDL_AUDIODRIVER=dummy
export SDL_RENDER_DRIVER=software
export SDL_FRAMEBUFFER_ACCELERATION=0
here=$(cd "$(dirname "$0")" && pwd)
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$here/lsan.supp:print_suppressions=0"
pref="$XDG_DATA_HOME/PipsPeak/pips-peak"
mkdir -p "$pref"
printf '{"format": 1, "window_scale": 8}\n' >"$pref/settings.json"

cat >"$work/drive.sh" <<'DRIVE'
#!/bin/sh
# inside xvfb-run: start the title screen, read the window's geometry, quit
set -u
game=$1; out=$2
"$game" >"$out.stdout" 2>"$out.stderr" &
pid=$!
win=""
tries=0
while [ -z "$win" ] && [ $tries -lt 600 ]; do
    win=$(xdotool search --onlyvisible --name "Pip's Peak" 2>/dev/null | head -n 1)
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
    tries=$((tries + 1))
done
if [ -z "$win" ]; then
    echo "no window appeared" >>"$out.stderr"
    kill "$pid" 2>/dev/null
    wait "$pid"
    echo 99 >"$out.status"
    exit 0
fi
sleep 1
xdotool getwindowgeometry --shell "$win" >"$out.geometry"
xdotool windowfocus "$win" 2>/dev/null
# Quit is the title menu's fourth item
for k in Down Down Down Down Return; do
    xdotool key --window "$win" "$k"
    sleep 0.25
done
tries=0
while kill -0 "$pid" 2>/dev/null && [ $tries -lt 300 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
if kill -0 "$pid" 2>/dev/null; then
    echo "the game did not quit when told to" >>"$out.stderr"
    kill "$pid"
    wait "$pid"
    echo 98 >"$out.status"
    exit 0
fi
wait "$pid"
echo $? >"$out.status"
DRIVE

xvfb-run -a -s "-screen 0 1280x720x24" sh "$work/drive.sh" "$game" "$work/run"
status=$(cat "$work/run.status" 2>/dev/null || echo missing)
if [ "$status" != 0 ]; then
    echo "FAIL: exit status $status"
    cat "$work/run.stderr"
    exit 1
fi
if grep -E "AddressSanitizer|LeakSanitizer|runtime error" "$work/run.stderr" >/dev/null; then
    echo "FAIL: sanitizer report"
    cat "$work/run.stderr"
    exit 1
fi
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
