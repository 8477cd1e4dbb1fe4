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
printf '{"format": 1, "window_scale": "fill"}\n' >"$pref/settings.json"

cat >"$work/drive.sh" <<'DRIVE'
#!/bin/sh
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
xdotool windowsize "$win" 1000 700
sleep 0.5
xdotool getwindowgeometry --shell "$win" >"$out.geometry"
xdotool windowfocus "$win" 2>/dev/null
# the mouse over a bar, then over the view
xdotool mousemove --window "$win" 500 10
sleep 0.2
xdotool mousemove --window "$win" 500 350
sleep 0.2
for k in F11 F11; do
    xdotool key --window "$win" "$k"
    sleep 0.5
done
# Quit is the title menu's sixth item
for k in Down Down Down Down Down Return; do
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

xvfb-run -a -s "-screen 0 1280x1024x24" sh "$work/drive.sh" "$game" "$work/run"
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
