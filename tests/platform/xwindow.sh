# SPDX-License-Identifier: Zlib
# xwindow.sh -- what the window tests share, sourced by each: the game in a
# real window on a virtual X server (xvfb-run), driven by xdotool.
#
# In a test script:
#   . "$(dirname "$0")/xwindow.sh"
#   xwindow_setup [TOOL...]
#       skips the test (exit 77) when xvfb-run, xdotool or a TOOL is not
#       installed; makes $work, a scratch folder removed on exit, with the
#       player's data in it ($XDG_DATA_HOME); sets what every run shares.
#   xwindow_run SIZE OUT DRIVE [ARG...]
#       runs the script DRIVE with ARGs inside xvfb-run on a SIZE screen
#       (1280x720); returns 1, printing why, when OUT.status (written by
#       DRIVE) is not 0 or OUT.stderr holds a sanitizer report.
# In DRIVE, which sources "$XWINDOW" for these:
#   xwindow_start OUT COMMAND...
#       starts COMMAND (output to OUT.stdout, OUT.stderr) and waits for its
#       window: sets $pid and $win, or writes OUT.status and exits.
#   xwindow_keys "STEP..."
#       presses each step: a key name, wait:SECONDS, hold:KEY/SECONDS
#       ($XWINDOW_PAUSE seconds after each key, 0.25 unless set).
#   xwindow_quit OUT
#       waits for the game to leave by itself and writes its exit status to
#       OUT.status (98 when it does not leave in 30 s).
set -u

# the test script's folder; the drive script inherits it
if [ -z "${XWINDOW:-}" ]; then
    XWINDOW=$(cd "$(dirname "$0")" && pwd)/xwindow.sh
    export XWINDOW
fi

xwindow_setup() {
    for tool in xvfb-run xdotool "$@"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "SKIP: $tool is not installed"
            exit 77
        fi
    done
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # settings and progress go to a scratch folder, never the user's
    export XDG_DATA_HOME="$work/data"
    export SDL_AUDIODRIVER=dummy
    # SDL's software renderer straight to the X window: the virtual X
    # server has no GPU, and a GL driver that SDL loads and unloads (to
    # render, or to probe whether GL could present the window faster)
    # leaves leak reports that name no library. System libraries' own
    # leftovers are in lsan.supp.
    export SDL_RENDER_DRIVER=software
    export SDL_FRAMEBUFFER_ACCELERATION=0
    export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$(dirname "$XWINDOW")/lsan.supp:print_suppressions=0"
}

xwindow_run() {
    size=$1; out=$2; drive=$3; shift 3
    xvfb-run -a -s "-screen 0 ${size}x24" sh "$drive" "$@"
    status=$(cat "$out.status" 2>/dev/null || echo missing)
    if [ "$status" != 0 ]; then
        echo "FAIL: exit status $status"
        cat "$out.stderr" 2>/dev/null
        return 1
    fi
    if grep -E "AddressSanitizer|LeakSanitizer|runtime error" "$out.stderr" >/dev/null; then
        echo "FAIL: sanitizer report"
        cat "$out.stderr"
        return 1
    fi
    return 0
}

xwindow_start() {
    out=$1; shift
    "$@" >"$out.stdout" 2>"$out.stderr" &
    pid=$!
    win=""
    tries=0
    # a loaded machine (CI runs valgrind beside this) can be slow to map a
    # window: up to 60 s
    while [ -z "$win" ] && [ $tries -lt 600 ]; do
        win=$(xdotool search --onlyvisible --name "Pip's Peak" 2>/dev/null | head -n 1)
        kill -0 "$pid" 2>/dev/null || break
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
}

xwindow_keys() {
    for step in $1; do
        case $step in
        wait:*) sleep "${step#wait:}" ;;
        hold:*)
            k=${step#hold:}
            xdotool keydown --window "$win" "${k%%/*}"
            sleep "${k#*/}"
            xdotool keyup --window "$win" "${k%%/*}"
            ;;
        *)
            xdotool key --window "$win" "$step"
            sleep "${XWINDOW_PAUSE:-0.25}"
            ;;
        esac
    done
}

xwindow_quit() {
    out=$1
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
}
