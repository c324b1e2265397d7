// tracker-store-writer: a helper for the store's durability and permission tests.
//
//   tracker-store-writer write <store> <first day YYYY-MM-DD> <count>
//     Toggles on records of one tracker on successive days, printing each day after its
//     transaction has committed ("acknowledged"). The durability test kills it with SIGKILL
//     mid-stream and checks that every acknowledged record survived.
//   tracker-store-writer open <store>
//     Opens the store and says what happened; the permission test runs it as an unprivileged user.
//   tracker-store-writer open-until <store> <step>
//     Opens the store and, should a broken file be salvaged, ends the process at that step of the
//     salvage (`SalvageInterruption.Step`) without any cleanup, as `kill -9` would.
//   tracker-store-writer migrate-until <store> <version>
//     Opens the store and, should it migrate, ends the process once migration <version> has done
//     all its work but before its transaction commits, without any cleanup, as `kill -9` would.
//   tracker-store-writer open-limited <store> <bytes>
//     Opens the store with files limited to <bytes> (`ulimit -f`, SIGXFSZ ignored): a full disk
//     for the salvage of a broken file.
//   tracker-store-writer done-held <store> <tracker id> <YYYY-MM-DD>
//     Marks the tracker done on the day as cron's `done` would, holding its write transaction open
//     before the commit: says "held" then, and commits at a line (or the end) of standard input
//     ("committed"). The tap test makes the app's tap wait for it.
//   tracker-store-writer hold <store> <seconds> [delete | read | exclusive]
//     Holds the file's write lock (`BEGIN IMMEDIATE`) as another program in the middle of a long
//     write would, until a line (or the end) of standard input or <seconds> at the most: prints
//     "held" once it has it, "released" after rolling back. The locked-file tests of the store,
//     the screens and the interactive mode run it. With `delete` it first switches the file to a
//     rollback journal (`journal_mode=DELETE`), as a program of another maker may; with `read` it
//     does that too, then holds a read transaction, whose shared lock keeps every writer out;
//     with `exclusive` it does that too, then holds the exclusive lock, which keeps readers out.
//   tracker-store-writer snapshot <store>
//     Opens the file with SQLite alone and holds a read transaction (a snapshot: commits of others
//     stay in the log, no checkpoint can pass it) and says "holding"; at a line (or the end) of
//     standard input it ends the transaction ("released"), at the next one the connection
//     ("closed"): what a long read does, then an idle client.
//   tracker-store-writer loop-write <backup> <count>
//     Writes into a Loop Habit Tracker backup as an app mid-write does: in one transaction a habit
//     "Written", then <count> check-marks of it, the cache so small that the pages spill into the
//     file before the commit; says "writing" then, and at a line of standard input commits
//     ("committed"). The import test reads the backup meanwhile.
//   tracker-store-writer settings <store> filter|reminder <count>
//     Changes one field of the settings <count> times (`updateSettings`), the i-th time to the
//     filter `TrackerFilter.allCases[i % 4]` or to a reminder on at i % 24 h i % 60 min; says
//     "ready", starts at a line of standard input, says "done" at the end. Two of them at once,
//     on two fields, must each leave its last value: no update of one is lost by the other's.
//   tracker-store-writer log-commands <container> <tracker id> <YYYY-MM-DD> <count> [<pause ms>]
//     An extension: appends <count> commands "add 1 to the amount" of the tracker on the day to
//     the command log of <container>, one file each, printing each file's number once it is in
//     place, after a pause before each (none by default; an extension writes as its user taps).
//     The command log's kill test ends it with SIGKILL at random.
//   tracker-store-writer merge-log <store> <container> <rounds>
//     The app: merges the command log into the store <rounds> times, printing "merged <place>"
//     after each. The kill test ends it with SIGKILL at random too.
import CSQLite
import Foundation
import TrackerModels
import TrackerRecovery
import TrackerStore
import TrackerSync

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(code)
}

/// Writes a line straight to standard output (unbuffered, so a reader sees it at once).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
// An executable entry point, like tracker-preview: it may read the live clock.
let liveNow = Date()
switch arguments.first {
case "log-commands" where (5...6).contains(arguments.count):
  guard let tracker = UUID(uuidString: arguments[2]), let day = try? Day(iso: arguments[3]),
    let count = Int(arguments[4]), let one = Amount(thousandths: 1000),
    let pause = arguments.count == 6 ? UInt32(arguments[5]) : 0
  else {
    fail(
      "usage: tracker-store-writer log-commands <container> <tracker id> <YYYY-MM-DD> <count> [<pause ms>]",
      code: 64)
  }
  let log = CommandLog(container: arguments[1])
  for _ in 0..<count {
    usleep(pause * 1000)
    do {
      say(String(try log.append([HabitCommand(trackerID: tracker, day: day, action: .addAmount(one))])))
    } catch {
      fail("Error: \(error)", code: 1)
    }
  }
case "merge-log" where arguments.count == 4:
  guard let rounds = Int(arguments[3]) else { fail("not a count: \(arguments[3])", code: 64) }
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    let log = CommandLog(container: arguments[2])
    for _ in 0..<rounds {
      say("merged \(try log.merge(into: store).applied.position)")
      usleep(2000)
    }
  } catch {
    fail("Error: \(error)", code: 1)
  }
case "open" where arguments.count == 2:
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    say(store.recovery.map { "opened; \($0)" } ?? "opened")
  } catch {
    fail("Error: \(error)", code: 1)
  }
case "open-until" where arguments.count == 3:
  guard let step = SalvageInterruption.Step(rawValue: arguments[2]) else {
    fail("unknown step \(arguments[2])", code: 64)
  }
  SalvageInterruption.stop = { reached in
    if reached == step { _exit(99) }
  }
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    say(store.recovery.map { "opened; \($0)" } ?? "opened")
  } catch {
    fail("Error: \(error)", code: 1)
  }
case "migrate-until" where arguments.count == 3:
  guard let version = Int(arguments[2]) else { fail("not a version: \(arguments[2])", code: 64) }
  MigrationInterruption.stop = { reached in
    if reached == version { _exit(99) }
  }
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    say(store.recovery.map { "opened; \($0)" } ?? "opened")
  } catch {
    fail("Error: \(error)", code: 1)
  }
case "open-limited" where arguments.count == 3:
  guard let bytes = UInt(arguments[2]) else { fail("not a size: \(arguments[2])", code: 64) }
  signal(SIGXFSZ, SIG_IGN)
  var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
  guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 else { fail("setrlimit failed", code: 1) }
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    say(store.recovery.map { "opened; \($0)" } ?? "opened")
  } catch {
    fail("Error: \(error)", code: 1)
  }
case "write" where arguments.count == 4:
  guard let first = try? Day(iso: arguments[2]), let count = Int(arguments[3]) else {
    fail("usage: tracker-store-writer write <store> <YYYY-MM-DD> <count>", code: 64)
  }
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    let categoryID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0xC0, 0xDE))
    let trackerID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0xBE, 0xEF))
    if try store.categories().isEmpty {
      try store.createCategory(TrackerCategory(id: categoryID, title: "Durability"))
      try store.createTracker(
        Tracker(
          id: trackerID, name: "Write", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
          categoryID: categoryID, createdOn: first, kind: .event))
    }
    say("ready")
    for offset in 0..<count {
      let day = first.adding(days: offset)
      try store.toggleRecord(trackerID: trackerID, on: day)
      say(day.iso)
    }
  } catch {
    fail("Error: \(error)", code: 1)
  }
case "done-held" where arguments.count == 4:
  guard let trackerID = UUID(uuidString: arguments[2]), let day = try? Day(iso: arguments[3]) else {
    fail("usage: tracker-store-writer done-held <store> <tracker id> <YYYY-MM-DD>", code: 64)
  }
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    store.inWrite = {
      say("held")
      _ = readLine()
    }
    try store.setCompleted(true, trackerID: trackerID, on: day)
    say("committed")
  } catch {
    fail("Error: \(error)", code: 1)
  }
case "hold" where (3...4).contains(arguments.count):
  guard let seconds = Double(arguments[2]),
    arguments.count == 3 || ["delete", "read", "exclusive"].contains(arguments[3])
  else {
    fail("usage: tracker-store-writer hold <store> <seconds> [delete | read | exclusive]", code: 64)
  }
  var database: OpaquePointer?
  guard sqlite3_open_v2(arguments[1], &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
    fail("Error: cannot open \(arguments[1])", code: 1)
  }
  sqlite3_busy_timeout(database, 10_000)
  // Another program's way: the file switched out of WAL mode, to a rollback journal.
  if arguments.count == 4, sqlite3_exec(database, "PRAGMA journal_mode=DELETE", nil, nil, nil) != SQLITE_OK {
    fail("Error: \(String(cString: sqlite3_errmsg(database)))", code: 1)
  }
  // `read` holds a read transaction of the rollback journal instead: its shared lock keeps every
  // writer out until it ends. `exclusive` holds the exclusive lock: not even a reader gets in.
  let begin =
    switch arguments.count == 4 ? arguments[3] : "" {
    case "read": "BEGIN; SELECT count(*) FROM sqlite_schema;"
    case "exclusive": "BEGIN EXCLUSIVE"
    default: "BEGIN IMMEDIATE"
    }
  guard sqlite3_exec(database, begin, nil, nil, nil) == SQLITE_OK else {
    fail("Error: \(String(cString: sqlite3_errmsg(database)))", code: 1)
  }
  say("held")
  var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
  _ = poll(&input, 1, Int32(seconds * 1000))
  sqlite3_exec(database, "ROLLBACK", nil, nil, nil)
  sqlite3_close(database)
  say("released")
case "snapshot" where arguments.count == 2:
  var database: OpaquePointer?
  guard sqlite3_open_v2(arguments[1], &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
    fail("Error: cannot open \(arguments[1])", code: 1)
  }
  sqlite3_busy_timeout(database, 10_000)
  // The snapshot starts with the first read of the transaction.
  guard sqlite3_exec(database, "BEGIN; SELECT count(*) FROM sqlite_schema;", nil, nil, nil) == SQLITE_OK
  else {
    fail("Error: \(String(cString: sqlite3_errmsg(database)))", code: 1)
  }
  say("holding")
  _ = readLine()
  sqlite3_exec(database, "COMMIT", nil, nil, nil)
  say("released")
  _ = readLine()
  sqlite3_close(database)
  say("closed")
case "loop-write" where arguments.count == 3:
  var database: OpaquePointer?
  guard let count = Int(arguments[2]),
    sqlite3_open_v2(arguments[1], &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK
  else {
    fail("Error: cannot open \(arguments[1])", code: 1)
  }
  var sql =
    "PRAGMA cache_size = 1; BEGIN IMMEDIATE; INSERT INTO Habits (id, name, freq_num, freq_den, position)"
  sql += " VALUES (2, 'Written', 1, 1, 1);"
  for offset in 0..<count {
    // Days of 2025 on: each a check-mark of value 2, with a note long enough to fill pages.
    sql +=
      "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (2, \((20089 + offset) * 86_400_000),"
    sql += " 2, hex(randomblob(200)));"
  }
  guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
    fail("Error: \(String(cString: sqlite3_errmsg(database)))", code: 1)
  }
  say("writing")
  _ = readLine()
  guard sqlite3_exec(database, "COMMIT", nil, nil, nil) == SQLITE_OK else {
    fail("Error: \(String(cString: sqlite3_errmsg(database)))", code: 1)
  }
  sqlite3_close(database)
  say("committed")
case "settings" where arguments.count == 4:
  guard let count = Int(arguments[3]), ["filter", "reminder"].contains(arguments[2]) else {
    fail("usage: tracker-store-writer settings <store> filter|reminder <count>", code: 64)
  }
  do {
    let store = try SQLiteTrackerStore(path: arguments[1], now: liveNow)
    say("ready")
    _ = readLine()
    for step in 0..<count {
      try store.updateSettings { settings in
        if arguments[2] == "filter" {
          settings.filter = TrackerFilter.allCases[step % TrackerFilter.allCases.count]
        } else {
          settings.reminder = ReminderSettings(
            isOn: true, time: ReminderTime(hour: step % 24, minute: step % 60) ?? .evening)
        }
      }
    }
    say("done")
  } catch {
    fail("Error: \(error)", code: 1)
  }
default:
  fail(
    "usage: tracker-store-writer write <store> <YYYY-MM-DD> <count> | open <store> | open-until <store> <step>"
      + " | hold <store> <seconds> | snapshot <store> | loop-write <backup> <count>"
      + " | settings <store> filter|reminder <count>",
    code: 64)
}
