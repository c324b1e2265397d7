import Foundation
import ModelTestSupport
import SyncSimulation
import TestSupport
import Testing
import TrackerModels

@testable import TrackerArchiveCodec
@testable import TrackerStore
@testable import TrackerSync

/// Hostile and malformed logs, values no store could hold, and marks racing a sync (issue 46).
extension SyncTrustTests {
  /// One line naming a category no device made (an attack on 2026-12-07 made a tracker and all
  /// its history vanish from every device with it, silently): the tracker stays, with its records,
  /// in the first category alive by id, the same on every device; the category it names takes it
  /// once that category comes.
  @Test func aTrackerMovedToACategoryNoDeviceMadeStaysWithItsHistory() throws {
    let world = try World(devices: 2)
    try world.stores[0].createCategory(home)
    let read = habit("Read", id: 10)
    try world.stores[0].createTracker(read)
    try world.stores[0].toggleRecord(trackerID: read.id, on: day("2026-11-20"))
    try world.settle()
    let hostile = id(99).uuidString
    let nowhere = id(98).uuidString
    try Self.plant(
      world.folder, device: hostile,
      lines: [
        #"{"t": "\#(Self.stampText(hoursAhead: 1))", "e": "tracker", "id": "\#(read.id.uuidString)", "f": "category", "v": "\#(nowhere)"}"#
      ])
    try world.settle()
    for store in world.stores {
      #expect(try store.trackers().map(\.tracker.name) == ["Read"])
      #expect(try store.trackers().first?.tracker.categoryID == home.id)
      #expect(try store.recordDays(trackerID: read.id) == [day("2026-11-20")])
    }
    #expect(try world.converged())
    // The category comes after all: the tracker goes into it, on every device.
    try Self.plant(
      world.folder, device: hostile, sequence: 2,
      lines: [
        #"{"t": "\#(Self.stampText(hoursAhead: 2))", "e": "category", "id": "\#(nowhere)", "f": "title", "v": "Later"}"#
      ])
    try world.settle()
    for store in world.stores { #expect(try store.trackers().first?.tracker.categoryID == id(98)) }
    #expect(try world.converged())
  }

  /// No door of the store takes a completion, a note or a first day more than two days ahead,
  /// and a sync neither (an attack on 2026-12-07 synced records of 2027 and 9999 in, whose export
  /// no import would take back): such entries are skipped as invalid and named; two days ahead,
  /// as a device across the date line may send, is kept.
  @Test func entriesOfDaysFarAheadAreSkippedAndNamed() throws {
    let world = try World(devices: 1)
    let read = habit("Read", id: 10)
    let store = try world.shareHome(with: read)
    let hostile = id(99).uuidString
    let tracker = read.id.uuidString
    let stamp = Self.stampText(hoursAhead: 1)
    try Self.plant(
      world.folder, device: hostile,
      lines: [
        #"{"t": "\#(stamp)", "e": "record", "id": "\#(tracker)/9999-12-31", "f": "mark", "v": true}"#,
        #"{"t": "\#(stamp)", "e": "record", "id": "\#(tracker)/2027-06-01", "f": "mark", "v": true}"#,
        #"{"t": "\#(stamp)", "e": "tracker", "id": "\#(tracker)", "f": "created", "v": "2030-01-01"}"#,
        #"{"t": "\#(stamp)", "e": "note", "id": "\#(tracker)/2026-12-25", "f": "text", "v": "Ahead"}"#,
        #"{"t": "\#(stamp)", "e": "record", "id": "\#(tracker)/2026-12-02", "f": "mark", "v": true}"#,
      ])
    let report = try store.sync(folder: world.folder, now: fixedNow)
    #expect(
      report.skipped == [
        SyncSkip(path: "tracker-sync/\(hostile)/00000001.jsonl", reason: .invalidEntry, lines: 4)
      ])
    #expect(try store.recordDays(trackerID: read.id) == [day("2026-12-02")])
    #expect(try store.trackers().first?.tracker.createdOn == read.createdOn)
  }

  /// A device stopped behind a log that is a link is named on an idle sync too (a cron's), not
  /// only when something else changed.
  @Test func aLogThatIsALinkIsNamedOnAnIdleSync() throws {
    let world = try World(devices: 1)
    let store = try world.shareHome()
    let hostile = id(99).uuidString
    let place = world.folder + "/tracker-sync/" + hostile
    try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: place + "/" + SyncLogFile.name(1), withDestinationPath: "/etc/passwd")
    let report = try store.sync(folder: world.folder, now: fixedNow)
    #expect(report.changesIn == 0 && report.changesOut == 0)
    #expect(report.unread == [UnreadLog(device: hostile, sequence: 1, reason: .link)])
  }

  /// A log with a stamp at the end of time, a negative one, a path for an id, a device that is no
  /// id: no crash, none of them changes the store, and the report names the file and why; an
  /// entry a little over a day ahead is kept, and moves this clock only a day ahead.
  @Test func hostileEntriesAreSkippedAndNamedAndNeverStopSync() throws {
    let world = try World(devices: 1)
    let store = try world.shareHome()
    let hostile = id(99).uuidString
    let category = home.id.uuidString
    try Self.plant(
      world.folder, device: hostile,
      lines: [
        #"{"t": "ffffffffffffffff", "e": "category", "id": "\#(category)", "f": "title", "v": "End of time"}"#,
        #"{"t": "-000000000000001", "e": "category", "id": "\#(category)", "f": "title", "v": "Negative"}"#,
        #"{"t": "\#(Self.stampText(hoursAhead: 1))", "e": "category", "id": "../../etc/passwd", "f": "title", "v": "Path"}"#,
        #"{"t": "\#(Self.stampText(hoursAhead: 1))", "d": "../x", "e": "category", "id": "\#(category)", "f": "title", "v": "Device"}"#,
        #"{"t": "\#(Self.stampText(hoursAhead: 1))", "e": "category", "id": "\#(category)", "f": "title", "v": 5}"#,
        #"{"t": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
      ])
    let before = try store.contents()
    let report = try store.sync(folder: world.folder, now: fixedNow)
    #expect(try store.contents() == before)
    let path = "tracker-sync/\(hostile)/00000001.jsonl"
    #expect(
      Set(report.skipped) == [
        SyncSkip(path: path, reason: .stampFarAhead, lines: 1),
        SyncSkip(path: path, reason: .malformedEntry, lines: 2),
        SyncSkip(path: path, reason: .invalidEntry, lines: 3),
      ])
    #expect(report.changesIn == 0)

    // 30 hours ahead: kept (a real device's wrong clock), and this clock moves a day at most.
    try Self.plant(
      world.folder, device: hostile, sequence: 2,
      lines: [
        #"{"t": "\#(Self.stampText(hoursAhead: 30))", "e": "category", "id": "\#(category)", "f": "title", "v": "Ahead"}"#
      ])
    let ahead = try store.sync(folder: world.folder, now: fixedNow)
    #expect(try store.categories().map(\.title) == ["Ahead"])
    #expect(ahead.clocksAhead == [ClockAhead(device: hostile, hours: 30)])
    let clock = try store.reading { try SQLiteTrackerStore.clock(store.loadSyncState()) }
    #expect(clock <= HybridClock.cap(now: SQLiteTrackerStore.milliseconds(fixedNow)))

    // A clock an older version left at the end of time: changes and syncs go on.
    try store.write {
      try store.storeSyncState(["clock": "ffffffffffffffff"])
      return StoreChange()
    }
    try store.createTracker(habit("Read", id: 10))
    try store.sync(folder: world.folder, now: fixedNow)
    try store.createTracker(habit("Walk", id: 11))
    try store.sync(folder: world.folder, now: fixedNow)
    #expect(try store.trackers().count == 2)
  }

  /// Values no store could hold, each on a line of its own (found by a helper attacking the
  /// folder): none is merged, each is named, and nothing of the store changes.
  @Test func valuesNoStoreCouldHoldAreLeftOutAndNamed() throws {
    let world = try World(devices: 1)
    let store = world.stores[0]
    try store.createCategory(home)
    let run = try measured("Run", id: 10)
    try store.createTracker(run)
    try store.setAmount(try Amount(parsing: "5.5"), trackerID: run.id, on: day("2026-11-20"))
    try store.setNote("Ran in the rain", trackerID: run.id, on: day("2026-11-21"))
    try store.sync(folder: world.folder, now: fixedNow)
    let before = try store.contents()
    let t = Self.stampText(hoursAhead: 1)
    let tracker = run.id.uuidString
    func line(_ entity: String, _ id: String, _ field: String, _ value: String) -> String {
      #"{"t": "\#(t)", "e": "\#(entity)", "id": "\#(id)", "f": "\#(field)", "v": \#(value)}"#
    }
    let day20 = tracker + "/2026-11-20"
    let day21 = tracker + "/2026-11-21"
    let lines = [
      line("note", day21, "text", #""bidi \u202e evil""#),
      line("note", day21, "text", "\"" + String(repeating: "x", count: 501) + "\""),
      line("note", day21, "text", #""nul \u0000""#),
      line("record", day20, "mark", #""-5""#),
      line("record", day20, "mark", #""1e9""#),
      line("record", day20, "mark", #""9999999999999""#),
      line("tracker", tracker, "name", "\"\""),
      line("tracker", tracker, "name", "\"" + String(repeating: "n", count: 200) + "\""),
      line("tracker", tracker, "kind", #"{"days": ["xyz"]}"#),
      line("tracker", tracker, "kind", #"{"days": []}"#),
      line("tracker", tracker, "measure", #"{"unit": "km", "target": "-1", "direction": "at-least"}"#),
      line("tracker", tracker, "created", #""0001-01-01""#),
      line("tracker", tracker, "emoji", #""🏃""#),
      line("tracker", tracker, "color", ##""#123456""##),
      line("category", home.id.uuidString, "title", "\"\""),
      line("settings", "shared", "dayStart", #""25:00""#),
      line("../../etc", tracker, "name", #""x""#),
    ]
    let other = id(97).uuidString
    try Self.plant(world.folder, device: other, lines: lines)
    let report = try store.sync(folder: world.folder, now: fixedNow)
    #expect(try store.contents() == before)
    #expect(report.changesIn == 0)
    #expect(
      report.skipped == [
        SyncSkip(path: "tracker-sync/\(other)/00000001.jsonl", reason: .invalidEntry, lines: lines.count)
      ])
    #expect(try TrackerArchive.export(store.contents()) == TrackerArchive.export(before))
  }

  /// A mark and a note made and taken away again before a sync: the removal is later than the
  /// other device's mark and note of that day, and wins on both, whichever syncs first.
  @Test(arguments: [true, false])
  func aMarkMadeAndTakenAwayBeforeASyncWinsAsRemoved(removerFirst: Bool) throws {
    let world = try World(devices: 2)
    let (early, late) = (world.stores[0], world.stores[1])
    let water = habit("Water", id: 10)
    try world.shareHome(with: water)
    let day = day("2026-11-14")
    early.editClock = { fixedNow.addingTimeInterval(60) }
    try early.toggleRecord(trackerID: water.id, on: day)
    try early.setNote("early", trackerID: water.id, on: day)
    late.editClock = { fixedNow.addingTimeInterval(120) }
    try late.toggleRecord(trackerID: water.id, on: day)
    try late.toggleRecord(trackerID: water.id, on: day)
    try late.setNote("tmp", trackerID: water.id, on: day)
    try late.setNote(nil, trackerID: water.id, on: day)
    for store in removerFirst ? [late, early, late] : [early, late, early] {
      try store.sync(folder: world.folder, now: fixedNow.addingTimeInterval(180))
    }
    for store in world.stores {
      #expect(try store.recordDays(trackerID: water.id).isEmpty)
      #expect(try store.notes(trackerID: water.id).isEmpty)
    }
  }

  /// Two syncs of one data file at once (the app's and cron's): the second waits for the first
  /// and reads its log as this file's own; no new id, no error, 30 rounds.
  @Test func twoSyncsOfOneDataFileAtOnceNeverTakeANewId() throws {
    let world = try World(devices: 2)
    let read = habit("Read", id: 10)
    try world.shareHome(with: read)
    let second = try SQLiteTrackerStore(path: world.paths[0], now: fixedNow)
    let folder = world.folder
    second.editClock = { fixedNow }
    let reports = Box<[SyncReport]>()
    reports.value = []
    let failures = Box<[String]>()
    failures.value = []
    for round in 0..<30 {
      try world.stores[0].setNote("round \(round)", trackerID: read.id, on: day("2026-11-20"))
      try world.stores[1].toggleRecord(trackerID: read.id, on: day("2026-11-01").adding(days: round))
      let group = DispatchGroup()
      for store in [world.stores[0], second, world.stores[1]] {
        group.enter()
        Thread.detachNewThread {
          do {
            let report = try store.sync(folder: folder, now: fixedNow)
            reports.value = (reports.value ?? []) + [report]
          } catch {
            failures.value = (failures.value ?? []) + ["\(error)"]
          }
          group.leave()
        }
      }
      group.wait()
    }
    #expect(failures.value == [])
    #expect(reports.value?.allSatisfy { $0.previousDevice == nil && !$0.republished } == true)
    try world.settle()
    #expect(try world.converged())
  }

  /// An id a backup put back gave up stays silent for ever: once its last log is older than the
  /// silence limit, it no longer holds back the folding of the others' logs.
  @Test func aSilentIdNoLongerHoldsBackCompaction() throws {
    let world = try World(devices: 2)
    let (writer, reader) = (world.stores[0], world.stores[1])
    for store in world.stores { store.syncCompactionThreshold = 2 }
    try writer.createCategory(home)
    let read = habit("Read", id: 10)
    try writer.createTracker(read)
    try world.settle()
    // A third id that read the writer once, long ago, and never again.
    try Self.plant(
      world.folder, device: id(96).uuidString, lines: [],
      header: """
        {"format": "tracker-sync", "version": 1, "device": "\(id(96).uuidString)", "sequence": 1, \
        "entries": 0, "read": {}, "written": \(SQLiteTrackerStore.milliseconds(fixedNow) - 40 * 86_400_000)}
        """)
    var compacted = 0
    for offset in 0..<6 {
      try writer.toggleRecord(trackerID: read.id, on: day("2026-11-01").adding(days: offset))
      compacted += try writer.sync(folder: world.folder, now: fixedNow).compacted
      // The reader writes too, so its logs say how far it has read.
      try reader.setNote("read \(offset)", trackerID: read.id, on: day("2026-11-30"))
      try reader.sync(folder: world.folder, now: fixedNow)
    }
    #expect(compacted > 0)
    try world.add("late.sqlite")
    try world.settle()
    #expect(try world.converged())
  }

  /// Mutated copies of a real log, lines cut, doubled, swapped and flipped at random: the reader
  /// never crashes, and a log it refuses changes nothing.
  @Test(arguments: 0..<UInt64(8))
  func mutatedLogsNeverCrashTheReader(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let world = try World(devices: 2)
    let (writer, reader) = (world.stores[0], world.stores[1])
    try writer.createCategory(home)
    let run = try measured("Run", id: 10)
    try writer.createTracker(run)
    try writer.setAmount(try Amount(parsing: "5"), trackerID: run.id, on: day("2026-11-20"))
    try writer.setNote("rain", trackerID: run.id, on: day("2026-11-20"))
    let device = try writer.sync(folder: world.folder, now: fixedNow).device
    let path = world.folder + "/tracker-sync/\(device)/00000001.jsonl"
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    for _ in 0..<40 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...6, using: &random) where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 40)], at: at)
        default: bytes.insert(contentsOf: Array(#"{"[\u0000"}"#.utf8), at: at)
        }
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let fresh = try world.add("reader-\(world.stores.count).sqlite")
      let report = try fresh.sync(folder: world.folder, now: fixedNow)
      if !report.unread.isEmpty { #expect(try fresh.contents() == StoreContents.empty) }
    }
    _ = reader
  }
}
