#!/bin/sh
# SPDX-License-Identifier: Zlib
# The game in a real window on a virtual X server, driven by xdotool:
#   1. no arguments: the title screen; the menu is walked down to Quit;
#   2. --level FILE: run, jump, pause, then Quit from the pause menu.
# Each run must exit with status 0 and print no sanitizer report. Skipped
# (exit 77) only when xvfb-run or xdotool is not installed.
#
# usage: window_smoke.sh PLATFORMER LEVEL
set -u
game=$1
level=$2

for tool in xvfb-run xdotool; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed (apt-get install xvfb xdotool)"
        exit 77
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# settings and progress go to a scratch folder, never the user's
export XDG_DATA_HOME="$work/data"
export SDL_AUDIODRIVER=dummy
# SDL's software renderer straight to the X window: the virtual X server
# has no GPU, and a GL driver that SDL loads and unloads (to render, or to
# probe whether GL could present the window faster) leaves leak reports
# that name no library. System libraries' own leftovers are in lsan.supp.
export SDL_RENDER_DRIVER=software
export SDL_FRAMEBUFFER_ACCELERATION=0
here=$(cd "$(dirname "$0")" && pwd)
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$here/lsan.supp:print_suppressions=0"

cat >"$work/drive.sh" <<'DRIVE'
#!/bin/sh
# runs inside xvfb-run: start the game, find its window, press keys
set -u
game=$1; shift
out=$1; shift
keys=$1; shift
"$game" "$@" >"$out.stdout" 2>"$out.stderr" &
pid=$!
win=""
tries=0
# a loaded machine (CI runs valgrind beside this) can be slow to map a window
while [ -z "$win" ] && [ $tries -lt 600 ]; do
    win=$(xdotool search --name "Pip's Peak" 2>/dev/null | head -n 1)
    if ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 0.1
    tries=$((tries + 1))
done
if [ -z "$win" ]; then
    if kill -0 "$pid" 2>/dev/null; then
        echo "no window appeared in 60 s" >>"$out.stderr"
        kill "$pid" 2>/dev/null
        wait "$pid"
        echo 99 >"$out.status"
    else
        wait "$pid"
        status=$?
        echo "the game ended (status $status) before its window appeared" >>"$out.stderr"
        echo "$status" | sed 's/^0$/97/' >"$out.status"
    fi
    exit 0
fi
sleep 1
xdotool windowfocus "$win" 2>/dev/null
for step in $keys; do
    case $step in
        wait:*) sleep "${step#wait:}" ;;
        hold:*) k=${step#hold:}; xdotool keydown --window "$win" "${k%%/*}"; sleep "${k#*/}"; xdotool keyup --window "$win" "${k%%/*}" ;;
        *) xdotool key --window "$win" "$step"; sleep 0.25 ;;
    esac
done
# the game must leave by itself after Quit; give it a generous while
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

failed=0
run() {
    name=$1; shift
    keys=$1; shift
    xvfb-run -a -s "-screen 0 1280x720x24" sh "$work/drive.sh" "$game" "$work/$name" "$keys" "$@"
    status=$(cat "$work/$name.status" 2>/dev/null || echo missing)
    if [ "$status" != 0 ]; then
        echo "FAIL $name: exit status $status"
        cat "$work/$name.stderr"
        failed=1
    elif grep -E "AddressSanitizer|LeakSanitizer|runtime error" "$work/$name.stderr" >/dev/null; then
        echo "FAIL $name: sanitizer report"
        cat "$work/$name.stderr"
        failed=1
    else
        echo "ok $name"
    fi
}

# title: Options (in and out), Make levels (in and out), then Quit
run title "Down Down Return wait:0.5 Escape Down Return wait:0.5 Escape Down Return"
# a level: run right, jump, run left with a held jump, the F3 overlay,
# pause and Restart, then pause and Quit
run level "hold:Right/1.5 space hold:Left/0.8 hold:z/0.5 F3 Escape Down Return wait:0.5 Escape Down Down Down Return" --level "$level"
exit $failed
