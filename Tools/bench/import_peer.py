#!/usr/bin/env python3
"""The import peer of tracker-benchmark: a plain Python import of a Tracker archive.

    python3 Tools/bench/import_peer.py ARCHIVE.json OUT.sqlite

json.load, then sqlite3 executemany into the same schema and indexes as Tracker's data file
(categories, trackers, records WITHOUT ROWID with the by-day index, per-tracker count and first
record), in one transaction, WAL and synchronous=FULL like the app. It checks nothing that
json.load and the constraints do not check. Prints its CPU seconds (user + system) on one line.
"""
import datetime
import json
import resource
import sqlite3
import sys

SCHEMA = """
CREATE TABLE category (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, title_key TEXT NOT NULL UNIQUE);
CREATE TABLE tracker (
  number INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
  emoji TEXT NOT NULL, color INTEGER NOT NULL, category_id TEXT NOT NULL REFERENCES category(id) ON DELETE CASCADE,
  pinned INTEGER NOT NULL DEFAULT 0, created_day INTEGER NOT NULL, schedule INTEGER,
  record_count INTEGER NOT NULL DEFAULT 0, first_record_day INTEGER);
CREATE INDEX tracker_by_category ON tracker(category_id);
CREATE TABLE record (
  tracker INTEGER NOT NULL REFERENCES tracker(number) ON DELETE CASCADE, day INTEGER NOT NULL,
  PRIMARY KEY (tracker, day)) WITHOUT ROWID;
CREATE INDEX record_by_day ON record(day, tracker);
"""
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
EPOCH = datetime.date(1970, 1, 1).toordinal()


def day(text):
    return datetime.date.fromisoformat(text).toordinal() - EPOCH


def main():
    start = resource.getrusage(resource.RUSAGE_SELF)
    with open(sys.argv[1], encoding="utf-8") as source:
        archive = json.load(source)
    connection = sqlite3.connect(sys.argv[2], isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    connection.executescript(SCHEMA)
    connection.execute("BEGIN IMMEDIATE")
    connection.executemany(
        "INSERT INTO category (id, title, title_key) VALUES (?, ?, ?)",
        ((c["id"], c["title"], c["title"].lower()) for c in archive["categories"]))
    numbers = {}
    for tracker in archive["trackers"]:
        schedule = tracker["schedule"]
        mask = None if schedule is None else sum(1 << WEEKDAYS.index(w) for w in schedule)
        cursor = connection.execute(
            "INSERT INTO tracker (id, name, name_key, emoji, color, category_id, pinned, created_day, schedule)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (tracker["id"], tracker["name"], tracker["name"].lower(), tracker["emoji"],
             int(tracker["color"][1:], 16), tracker["category"], int(tracker["pinned"]),
             day(tracker["created"]), mask))
        numbers[tracker["id"]] = cursor.lastrowid
    connection.executemany(
        "INSERT INTO record (tracker, day) VALUES (?, ?)",
        ((numbers[r["tracker"]], day(r["date"])) for r in archive["records"]))
    connection.execute(
        "UPDATE tracker SET record_count = (SELECT COUNT(*) FROM record WHERE tracker = number),"
        " first_record_day = (SELECT MIN(day) FROM record WHERE tracker = number)")
    connection.execute("COMMIT")
    connection.close()
    end = resource.getrusage(resource.RUSAGE_SELF)
    print(f"{(end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime):.3f}")


if __name__ == "__main__":
    main()
