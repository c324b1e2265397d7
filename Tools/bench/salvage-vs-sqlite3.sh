#!/usr/bin/env bash
# Salvage side by side with independent readers. Builds a 4,800-record store (8 events x 600
# days), damages copies of it — cut to 10, 30, 60, 90 % of its size; one page zeroed by its role
# (the category page, the tracker table's root, the record table's root and one of its leaves,
# record_by_day's root and one of its leaves, the day summaries' root); single bit flips anywhere
# (seeded) — and counts, per damage, the records each reader gets back and the wrong ones among
# them (a record the undamaged file does not hold):
#
#   ours      `tracker-preview stats` (which sets the file aside and salvages it), then `export`
#   .dump     SQLite's own shell (Debian's sqlite3): `.dump record`
#   .dump ws  the same with `PRAGMA writable_schema = ON` (a file cut short then reads)
#   scan      every record of the undamaged file still present in a b-tree page of the damaged
#             one (a cell of the record table or of record_by_day), read by a page scan written
#             here in Python, knowing the answer: what any reader could get back at most
#
# and for ours, silent damage: a salvage that said nothing while the data differs, and a silent
# empty store. `.recover` of sqlite3 3.40.1 stops with "SQL logic error" on every Tracker file,
# even an undamaged one, so it is not counted. Figures in docs/reliability.md. Days off are
# compared with SQLite by `tracker-reliability --long daysoff` (cuts, roots, leaves, bit flips).
#
#   swift build && Tools/bench/salvage-vs-sqlite3.sh [path/to/tracker-preview] [bit flips, 100]
set -euo pipefail
binary=$(realpath "${1:-.build/debug/tracker-preview}")
flips=${2:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
python3 - "$binary" "$flips" <<'PY'
import datetime, json, os, random, re, shutil, subprocess, sys, uuid

binary, flips = sys.argv[1], int(sys.argv[2])
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
today = ["--today", "2026-12-01"]


def run(arguments):
    return subprocess.run([binary] + arguments + today, capture_output=True, timeout=300)


def sqlite(path, *commands):
    result = subprocess.run(["sqlite3", path] + list(commands), capture_output=True, timeout=300)
    return result.stdout.decode("utf-8", "replace")


assert run(["import", "archive.json", "--store", "store.sqlite"]).returncode == 0
by_id = {i: int(n) for n, i in (line.split("|") for line in sqlite("store.sqlite", "SELECT number, id FROM tracker").split())}
original = {(int(t), int(d)) for t, d in (line.split("|") for line in sqlite(
    "store.sqlite", "SELECT tracker, day FROM record").split())}
page_size = int(sqlite("store.sqlite", "PRAGMA page_size").strip())
whole = open("store.sqlite", "rb").read()


def pages(name, kind):
    found = sqlite("store.sqlite", f"SELECT pageno FROM dbstat WHERE name = '{name}' AND pagetype = '{kind}'")
    return [int(p) for p in found.split()]


owners = {int(p): n for n, p in (line.split("|") for line in sqlite("store.sqlite", "SELECT name, pageno FROM dbstat").split())}


def root(name):
    return int(sqlite("store.sqlite", f"SELECT rootpage FROM sqlite_schema WHERE name = '{name}'").strip())


def ours(path):
    stats = run(["stats", "--json", "--store", path])
    export = run(["export", "--output", "-", "--store", path])
    said = stats.returncode != 0 or stats.stderr or export.returncode != 0 or export.stderr
    got = set()
    if export.returncode == 0:
        epoch = datetime.date(1970, 1, 1)
        got = {(by_id.get(r["tracker"], -1), (datetime.date.fromisoformat(r["date"]) - epoch).days)
               for r in json.loads(export.stdout)["records"]}
    return got, said


def dumped(path, writable):
    commands = (["PRAGMA writable_schema = ON;"] if writable else []) + [".dump record"]
    text = subprocess.run(["sqlite3", path], input="\n".join(commands).encode(), capture_output=True,
                          timeout=300).stdout.decode("utf-8", "replace")
    return {(int(t), int(d)) for t, d in re.findall(r"INSERT INTO record VALUES\((-?\d+),(-?\d+)\);", text)}


def varint(data, at):
    value = 0
    for i in range(9):
        if at >= len(data):
            return None, at
        byte = data[at]
        at += 1
        if i == 8:
            return (value << 8) | byte, at
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at
    return None, at


def scanned(data):
    """(tracker, day) of every two-integer cell of an index page (the record table is WITHOUT ROWID)."""
    found = set()
    for number in range(1, (len(data) + page_size - 1) // page_size + 1):
        base = (number - 1) * page_size
        header = base + (100 if number == 1 else 0)
        if header + 12 > len(data) or data[header] not in (0x0A, 0x02):
            continue
        size = 12 if data[header] == 0x02 else 8
        for index in range((data[header + 3] << 8) | data[header + 4]):
            pointer = header + size + 2 * index
            if pointer + 2 > len(data):
                break
            at = base + ((data[pointer] << 8) | data[pointer + 1]) + (4 if size == 12 else 0)
            length, at = varint(data, at)
            if length is None or length > 64 or at + length > len(data):
                continue
            cell = data[at:at + length]
            widths = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 8: 0, 9: 0}  # 8 and 9: the integers 0 and 1
            if len(cell) < 3 or cell[0] != 3 or cell[1] not in widths or cell[2] not in widths:
                continue
            values, position = [], 3
            for kind in cell[1:3]:
                width = widths[kind]
                value = int.from_bytes(cell[position:position + width], "big", signed=True)
                values.append(value if width else kind - 8)
                position += width
            found.add(tuple(values))
            found.add(tuple(reversed(values)))
    return found & original


def damaged(name, data):
    for reader in ("ours", "dump", "ws"):
        open(f"{reader}-{name}.sqlite", "wb").write(data)


rows = []


def trial(name, data, totals):
    damaged(name, data)
    got, said = ours(f"ours-{name}.sqlite")
    dump = dumped(f"dump-{name}.sqlite", False)
    ws = dumped(f"ws-{name}.sqlite", True)
    scan = len(scanned(data) | (ws & original) | (dump & original))
    values = [len(got & original), len(got - original), len(dump & original), len(dump - original),
              len(ws & original), len(ws - original), scan,
              int(got != original and not said), int(not got and not said)]
    for index, value in enumerate(values):
        totals[index] += value
    if values[0] < scan:
        print(f"  {name}: ours {values[0]} of at most {scan}", file=sys.stderr, flush=True)
    for reader in ("ours", "dump", "ws"):
        for suffix in ("", "-wal", "-shm", ".verified"):
            if os.path.exists(f"{reader}-{name}.sqlite{suffix}"):
                os.remove(f"{reader}-{name}.sqlite{suffix}")
    for leftover in os.listdir("."):
        if leftover.startswith(f"ours-{name}.sqlite.broken-"):
            os.remove(leftover)


def report(label, count, totals):
    back, wrong, dump, dump_wrong, ws, ws_wrong, scan, silent, empty = totals
    print(f"| {label} | {count} | {back:,} ({wrong}) | {dump:,} ({dump_wrong}) | {ws:,} ({ws_wrong}) | "
          f"{scan:,} | {silent} / {empty} |", flush=True)


print(f"records of 4,800 per trial, summed over the trials (wrong ones in brackets); sqlite3 "
      f"{sqlite(':memory:', 'SELECT sqlite_version()').strip()}, page size {page_size}, "
      f"{len(whole) // page_size} pages\n")
print("| damage | trials | ours | `.dump` | `.dump`, writable_schema | page scan (at most) | ours silent: differences / empty stores |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for percent in (10, 30, 60, 90):
    totals = [0] * 9
    trial(f"cut{percent}", whole[:len(whole) * percent // 100 // page_size * page_size], totals)
    report(f"cut to {percent} %", 1, totals)
roles = [("the category page", root("category")), ("the tracker table's root", root("tracker")),
         ("the record table's root", root("record")), ("a record table leaf", pages("record", "leaf")[3]),
         ("record_by_day's root", root("record_by_day")), ("a record_by_day leaf", pages("record_by_day", "leaf")[3]),
         ("the day summaries' root", root("day_summary"))]
for label, page in roles:
    totals = [0] * 9
    data = bytearray(whole)
    data[(page - 1) * page_size:page * page_size] = bytes(page_size)
    trial(f"page{page}", bytes(data), totals)
    report(f"{label} zeroed (page {page})", 1, totals)
generator = random.Random(2026)
totals = [0] * 9
for number in range(flips):
    data = bytearray(whole)
    position = generator.randrange(len(data))
    data[position] ^= 1 << generator.randrange(8)
    print(f"flip{number}: byte {position}, page {position // page_size + 1} ({owners.get(position // page_size + 1)})",
          file=sys.stderr, flush=True) if os.environ.get("TRACE") else None
    trial(f"flip{number}", bytes(data), totals)
report("one bit flipped anywhere", flips, totals)
PY
