#!/usr/bin/env bash
# Salvage side by side with an independent reader: SQLite's own shell (`sqlite3`, Debian's package).
# Builds a 4,800-record store (8 events x 600 days), damages copies of it (cut to 30, 60, 90 % of
# its size; the record table's root page zeroed), and counts the records each reader gets back:
# ours through `tracker-preview stats` (which sets the file aside and salvages it), SQLite's
# through `.recover` and `.dump`. Figures in docs/reliability.md.
#
#   swift build && Tools/bench/salvage-vs-sqlite3.sh [path/to/tracker-preview]
set -euo pipefail
binary=${1:-.build/debug/tracker-preview}
binary=$(realpath "$binary")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
python3 - <<'PY'
import datetime, json, uuid
emoji = ["🙂", "😻", "🌺", "🐶", "❤️", "😱", "😇", "😡"]
colors = ["#FD4C49", "#FF881E", "#007BFA", "#6E44FE", "#33CF69", "#E66DD4", "#F9D4D4", "#34A7FE"]
category = str(uuid.UUID(int=1, version=4)).upper()
start = datetime.date(2025, 4, 1)
trackers, records = [], []
for i in range(8):
    tracker = str(uuid.UUID(int=100 + i, version=4)).upper()
    trackers.append({"id": tracker, "name": f"Habit {i + 1}", "emoji": emoji[i], "color": colors[i],
                     "category": category, "schedule": None, "pinned": False, "created": start.isoformat()})
    records += [{"tracker": tracker, "date": (start + datetime.timedelta(days=d)).isoformat()} for d in range(600)]
json.dump({"format": "tracker", "version": 1, "categories": [{"id": category, "title": "All"}],
           "trackers": trackers, "records": records}, open("archive.json", "w"), ensure_ascii=False)
PY
today=(--today 2026-12-01)
"$binary" import archive.json --store store.sqlite "${today[@]}" >/dev/null
size=$(stat -c %s store.sqlite)
root=$(sqlite3 store.sqlite "SELECT rootpage FROM sqlite_schema WHERE name = 'record'")
count_ours() { "$binary" stats --json --store "$1" "${today[@]}" 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["completed"])'; }
count_recover() {
  if sqlite3 "$1" ".recover" 2>/dev/null | sqlite3 "$1.recovered" 2>/dev/null; then
    sqlite3 "$1.recovered" "SELECT count(*) FROM record" 2>/dev/null || echo "no record table"
  else
    echo "failed"
  fi
}
count_dump() { sqlite3 "$1" ".dump record" 2>/dev/null | grep -c "INSERT INTO" || true; }
report() {
  echo "$1: ours $(count_ours "$2"), sqlite3 .recover $(count_recover "$3"), sqlite3 .dump $(count_dump "$4") of 4800"
}
for percent in 30 60 90; do
  for copy in ours recover dump; do
    cp store.sqlite "$copy-$percent.sqlite"
    truncate -s $((size * percent / 100 / 4096 * 4096)) "$copy-$percent.sqlite"
  done
  report "cut to $percent %" ours-$percent.sqlite recover-$percent.sqlite dump-$percent.sqlite
done
for copy in ours recover dump; do
  cp store.sqlite "$copy-root.sqlite"
  dd if=/dev/zero of="$copy-root.sqlite" bs=4096 seek=$((root - 1)) count=1 conv=notrunc 2>/dev/null
done
report "record table's root page zeroed" ours-root.sqlite recover-root.sqlite dump-root.sqlite
