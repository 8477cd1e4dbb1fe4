#!/bin/sh
# SPDX-License-Identifier: Zlib
# A pack copied into a fresh player's folder, played in a real window on a
# virtual X server, driven by xdotool: Title > Custom levels, the pack, its
# first level walked to the goal, back out and Quit. Then:
#   - progress.json's record of the pack ("pack:walks") has its second
#     level open;
#   - its record of the campaign ("main") is as it was, field for field.
# Skipped (exit 77) only when xvfb-run, xdotool or python3 is not installed.
#
# usage: pack_window.sh PLATFORMER
. "$(dirname "$0")/xwindow.sh"
game=$1
xwindow_setup python3
# a fresh player: a home of its own, no folder set for the data
export HOME="$work/home"
unset XDG_DATA_HOME
export XDG_DATA_DIRS="$work/no-system-packs"
pref="$HOME/.local/share/PipsPeak/pips-peak"
mkdir -p "$pref"

# the campaign's progress, as a player has it
cat >"$pref/progress.json" <<'EOF'
{"format": 2, "unlocked": 3, "last_level": "02-mind-the-gap.json", "levels": {"01-first-steps.json": {"completed": true, "best_ticks": 1500, "fewest_deaths": 1, "most_coins": 3, "most_gems": 0, "coins_total": 9, "gems_total": 1}}}
EOF
cp "$pref/progress.json" "$work/progress.before"

# a pack of two levels, made elsewhere and copied in as a player would
pack="$work/walks"
mkdir -p "$pack"
for level in one two; do
    cat >"$pack/$level.json" <<EOF
{"format": 1, "name": "Walk $level", "background": "hills",
 "legend": {".": "empty", "#": "solid", "P": "player", "G": "goal"},
 "tiles": ["#............#", "#............#", "#P.........G.#", "##############"]}
EOF
done
cat >"$pack/campaign.json" <<'EOF'
{"format": 1, "levels": [{"file": "one.json", "title": "Walk One"}, {"file": "two.json", "title": "Walk Two"}]}
EOF
cat >"$pack/pack.json" <<'EOF'
{"format": 1, "title": "Zed Walks", "author": "Tess"}
EOF
mkdir -p "$pref/packs"
cp -r "$pack" "$pref/packs/"

cat >"$work/drive.sh" <<'DRIVE'
. "$XWINDOW"
game=$1; out=$2; keys=$3
xwindow_start "$out" "$game"
XWINDOW_PAUSE=0.4 xwindow_keys "$keys"
xwindow_quit "$out"
DRIVE

# Title: Custom levels (the third item); the packs by name, the game's own
# example first, so down to Zed Walks; its first level; walk right to the
# goal; the card's Back to the pack's levels, Back to Custom levels, Back
# to the title (its cursor on Custom levels), down to Quit.
keys="Down Down Return wait:0.5 Down Return wait:0.5 Return wait:1 hold:Right/2.5 wait:2 Escape wait:0.5 Escape wait:0.5 Escape wait:0.5 Down Down Down Return"
xwindow_run 1280x720 "$work/run" "$work/drive.sh" "$game" "$work/run" "$keys" || exit 1

python3 - "$pref" "$work/progress.before" <<'CHECK'
import json, os, sys
pref, before_path = sys.argv[1], sys.argv[2]
before = json.load(open(before_path))
now = json.load(open(os.path.join(pref, "progress.json")))
# progress.json keeps one record per campaign, under its id: the file of
# one record (format 2) written before was the campaign's, "main"
campaigns = now.get("campaigns")
if now.get("format") != 3 or campaigns is None:
    sys.exit("FAIL: progress.json has no records by campaign: %s" % now)
main_before = {k: v for k, v in before.items() if k != "format"}
main_now = campaigns.get("main")
if main_now != main_before:
    sys.exit("FAIL: the campaign's progress changed:\n%s\n---\n%s" % (main_before, main_now))
pack = campaigns.get("pack:walks")
if pack is None:
    sys.exit("FAIL: no record of the pack in progress.json: %s" % sorted(campaigns))
if pack.get("unlocked") != 2 or not pack["levels"]["one.json"]["completed"]:
    sys.exit("FAIL: the pack's first level did not open its second: %s" % pack)
print("ok: the pack's second level is open; the campaign's progress is as it was")
CHECK
