#!/bin/sh
# A week's vacation for every habit, taken ahead of time with `skip`: a week later every streak
# is still there, where the same week without days off breaks them. Works on any day (GNU date):
#   Examples/scripts/vacation.sh
# TRACKER_PREVIEW names the tool (default: swift run -q tracker-preview); TODAY the day to start on.
set -eu
tp=${TRACKER_PREVIEW:-"swift run -q tracker-preview"}
today=${TODAY:-$(date +%F)}
day() { date -d "$today +$1 days" +%F; }
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
store="$folder/vacation.sqlite"
$tp export --demo --lang en --today "$today" --output "$folder/demo.json"
$tp import "$folder/demo.json" --store "$store" --today "$today" >/dev/null
# Today's habits done before leaving: the plants watered, the run's 3.5 km brought up to its 5.
$tp done "Water the plants" --store "$store" --today "$today"
$tp done "Run" --amount 5 --store "$store" --today "$today"
cp "$store" "$folder/no-vacation.sqlite"
echo "Before the vacation ($today):"
$tp stats --store "$store" --today "$today"
streaks() { $tp stats --json --store "$1" --today "$2" | grep -o '"currentStreak": [0-9]*'; }
before=$(streaks "$store" "$today")
# Seven days off for every habit, from tomorrow on.
$tp skip --all --from "$(day 1)" --to "$(day 7)" --store "$store" --today "$today"
echo "Back a week later ($(day 8)):"
$tp stats --store "$store" --today "$(day 8)"
after=$(streaks "$store" "$(day 8)")
without=$(streaks "$folder/no-vacation.sqlite" "$(day 8)")
[ "$before" = "$after" ] || { echo "the vacation broke a streak" >&2; exit 1; }
[ "$before" != "$without" ] || { echo "without days off the streaks should have broken" >&2; exit 1; }
echo "Every streak kept; without the days off they would have broken."
