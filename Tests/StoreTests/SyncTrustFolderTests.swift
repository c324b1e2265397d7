import Foundation
import ModelTestSupport
import SyncSimulation
import TestSupport
import Testing
import TrackerModels

@testable import TrackerArchiveCodec
@testable import TrackerStore
@testable import TrackerSync

/// A folder recreated, a sync stopped at any step, odd folder content (issue 46); hostile logs
/// are in SyncHostileInputTests.
extension SyncTrustTests {
  /// Writes a log of `device` by hand: a header saying `count` entries (the number of lines by
  /// default), then the lines.
  static func plant(
    _ folder: String, device: String, sequence: Int = 1, lines: [String], count: Int? = nil,
    header: String? = nil
  ) throws {
    let place = (folder as NSString).appendingPathComponent("tracker-sync/\(device)")
    try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
    let first =
      header
        ?? """
        {"format": "tracker-sync", "version": 1, "device": "\(device)", "sequence": \(sequence), \
        "entries": \(count ?? lines.count), "read": {}}
        """
    try Data(([first] + lines).map { $0 + "\n" }.joined().utf8).write(
      to: URL(fileURLWithPath: (place as NSString).appendingPathComponent(SyncLogFile.name(sequence))))
  }

  /// A clock value as a log writes it, `hours` from the run's clock.
  static func stampText(hoursAhead hours: Double) -> String {
    SyncStamp(
      milliseconds: UInt64((fixedNow.timeIntervalSince1970 + hours * 3600) * 1000), counter: 0, device: ""
    ).clockText
  }

  // MARK: A folder that refills itself

  @Test func aFolderRecreatedEmptyIsRefilledAndALaterDeviceGetsEverything() throws {
    let world = try World(devices: 2)
    let read = habit("Read", id: 10)
    try world.shareHome(with: read)
    try world.stores[1].toggleRecord(trackerID: read.id, on: day("2026-11-20"))
    try world.settle()
    try FileManager.default.removeItem(atPath: world.folder)
    try FileManager.default.createDirectory(atPath: world.folder, withIntermediateDirectories: true)
    let reports = try world.stores.map { try $0.sync(folder: world.folder, now: fixedNow) }
    #expect(reports.map(\.republished) == [true, true])
    // What was sent again is counted as sent.
    #expect(reports.allSatisfy { $0.changesOut > 0 })
    try world.add("late.sqlite")
    try world.settle()
    #expect(try world.converged())
    #expect(try world.stores[2].recordDays(trackerID: read.id) == [day("2026-11-20")])
    // Whole again: the next sync sends nothing again.
    #expect(try !world.stores[0].sync(folder: world.folder, now: fixedNow).republished)
  }

  @Test func aDeviceWhoseOwnFolderWasDeletedSendsEverythingAgain() throws {
    let world = try World(devices: 1)
    let store = world.stores[0]
    try store.createCategory(home)
    try store.createTracker(habit("Read", id: 10))
    let first = try store.sync(folder: world.folder, now: fixedNow)
    try store.createTracker(habit("Walk", id: 11))
    try store.sync(folder: world.folder, now: fixedNow)
    try FileManager.default.removeItem(atPath: world.folder + "/tracker-sync/" + first.device)
    let report = try store.sync(folder: world.folder, now: fixedNow)
    #expect(report.republished)
    #expect(report.previousDevice == nil)
    try world.add("late.sqlite")
    try world.settle()
    #expect(try world.converged())
    #expect(try world.stores[1].trackers().count == 2)
  }

  // MARK: Kills

  /// A sync killed after its commit, between writing its log under a temporary name and naming
  /// it (as `kill -9` can stop it): the next sync writes the log, counts its changes as sent (the
  /// other device reads as many), and removes the temporary file once it is a minute old; a
  /// younger one, which may be another sync of the data file still writing, stays.
  @Test func aLogKilledBeforeItWasNamedIsSentCountedAndItsTemporaryFileRemoved() throws {
    let world = try World(devices: 2)
    let store = world.stores[0]
    try store.createCategory(home)
    try store.createTracker(habit("Read", id: 10))
    let first = try store.sync(folder: world.folder, now: fixedNow)
    try world.stores[1].sync(folder: world.folder, now: fixedNow)
    try store.setNote("after the first sync", trackerID: id(10), on: day("2026-11-30"))
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-29"))
    store.syncStep = { at throws(SyncError) in if at == .committed { throw SyncError.noFolder } }
    #expect(throws: SyncError.noFolder) { try store.sync(folder: world.folder, now: fixedNow) }
    store.syncStep = { _ in }
    let own = world.folder + "/tracker-sync/" + first.device
    let abandoned = own + "/.00000002.jsonl.tmp-99999-DEADBEEF"
    let writing = own + "/.00000002.jsonl.tmp-99998-CAFEF00D"
    for path in [abandoned, writing] {
      try Data("{\"format\": \"tracker-sync\"".utf8).write(to: URL(fileURLWithPath: path))
    }
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-SyncFolder.abandonedAfter - 5)], ofItemAtPath: abandoned)

    let report = try store.sync(folder: world.folder, now: fixedNow)
    let log = try String(contentsOfFile: own + "/" + SyncLogFile.name(2), encoding: .utf8)
    let changes = log.split(separator: "\n").count - 1
    #expect(changes >= 2)
    #expect(report.changesOut == changes)
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    #expect(FileManager.default.fileExists(atPath: writing))
    #expect(try world.stores[1].sync(folder: world.folder, now: fixedNow).changesIn == changes)
    #expect(try world.converged())
  }

  /// A device alone in its folder folds its logs as soon as there are enough (nobody else is
  /// waiting to read them), the one a sync has just written included: the next sync does not
  /// write that log again beside the snapshot that holds it, and counts nothing as sent.
  @Test func aLogFoldedIntoASnapshotIsNotWrittenAgain() throws {
    let world = try World(devices: 1)
    let store = world.stores[0]
    store.syncCompactionThreshold = 2
    try store.createCategory(home)
    try store.createTracker(habit("Read", id: 10))
    var folded = 0
    var device = ""
    for marked in ["2026-11-27", "2026-11-28", "2026-11-29"] where folded == 0 {
      try store.toggleRecord(trackerID: id(10), on: day(marked))
      let report = try store.sync(folder: world.folder, now: fixedNow)
      folded = report.compacted
      device = report.device
    }
    #expect(folded > 0)
    let own = world.folder + "/tracker-sync/" + device
    let before = try FileManager.default.contentsOfDirectory(atPath: own).sorted()
    #expect(try store.sync(folder: world.folder, now: fixedNow).changesOut == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: own).sorted() == before)
  }

  /// A sync stopped at each of its steps (as `kill -9` would stop it: the transaction rolled back
  /// before its commit, nothing after it done), the data file opened again, the user's next edit
  /// (which may undo what the stopped sync sent), then a round of syncs: no device diverges, and a
  /// device joining later agrees. 35 trials a step, 210 in all.
  @Test(arguments: SQLiteTrackerStore.SyncStep.allCases)
  func aSyncStoppedAtAnyStepLeavesNoDeviceDiverged(step: SQLiteTrackerStore.SyncStep) throws {
    var stopped = 0
    for trial in 0..<35 {
      var random = SplitMix(seed: UInt64(trial) &* 7919 &+ UInt64(step.rawValue.count))
      let world = try World(devices: 2)
      for store in world.stores { store.syncCompactionThreshold = 2 }
      try world.stores[0].createCategory(home)
      let read = habit("Read", id: 10)
      try world.stores[0].createTracker(read)
      try world.settle()
      var notes = ["", ""]
      func edit(_ index: Int) throws {
        let store = world.stores[index]
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          try store.toggleRecord(
            trackerID: read.id, on: day("2026-11-01").adding(days: Int.random(in: 0..<20, using: &random)))
        case 1:
          notes[index] = "note \(Int.random(in: 0..<1000, using: &random))"
          try store.setNote(notes[index], trackerID: read.id, on: day("2026-11-30"))
        default:
          try store.sync(folder: world.folder, now: fixedNow)
        }
      }
      for _ in 0..<8 { try edit(Int.random(in: 0..<2, using: &random)) }
      let victim = trial % 2
      let before = try world.stores[victim].notes(on: day("2026-11-30")).first?.text
      try world.stores[victim].setNote("sent, then undone", trackerID: read.id, on: day("2026-11-30"))
      let reached = Counter()
      world.stores[victim].syncStep = { at throws(SyncError) in
        if at == step {
          reached.add()
          throw SyncError.noFolder
        }
      }
      _ = try? world.stores[victim].sync(folder: world.folder, now: fixedNow)
      stopped += reached.value
      try world.reopen(victim)
      world.stores[victim].syncCompactionThreshold = 2
      // The user's next edit puts the note back as it was.
      try world.stores[victim].setNote(before, trackerID: read.id, on: day("2026-11-30"))
      try edit(1 - victim)
      try world.settle()
      try world.add("late.sqlite")
      try world.settle()
      #expect(try world.converged(), "trial \(trial), stopped at \(step)")
      #expect(
        try world.stores[2].notes(on: day("2026-11-30")).first?.text
          == world.stores[0].notes(on: day("2026-11-30")).first?.text)
    }
    // Each step was reached in some of the trials (compaction's only when there was one).
    #expect(stopped > (step == .folded || step == .removed ? 0 : 30), "\(step) reached \(stopped) times")
  }

  // MARK: Blame the right clock

  /// A device two days ahead passes its time on through the hybrid clock; a third device is told
  /// of the device whose clock it is, never of one that only passed its stamps on.
  @Test func aClockAheadIsBlamedOnTheDeviceWhoseClockItIs() throws {
    let world = try World(devices: 3)
    let (fast, honest, third) = (world.stores[0], world.stores[1], world.stores[2])
    let ahead = fixedNow.addingTimeInterval(47 * 3600)
    fast.editClock = { ahead }
    try fast.createCategory(home)
    let fastID = try fast.sync(folder: world.folder, now: ahead).device
    #expect(try honest.sync(folder: world.folder, now: fixedNow).clocksAhead.map(\.device) == [fastID])
    try honest.renameCategory(id: home.id, to: "Дом")
    try honest.sync(folder: world.folder, now: fixedNow)
    let report = try third.sync(folder: world.folder, now: fixedNow)
    #expect(report.clocksAhead == [ClockAhead(device: fastID, hours: 47)])
  }

  // MARK: What was dropped

  /// A tick made on the phone after the desktop deleted the habit: both reports say it was not
  /// kept, and whose deletion hid it.
  @Test func anEditToATrackerDeletedElsewhereIsReportedNotKept() throws {
    let world = try World(devices: 2)
    let (desktop, phone) = (world.stores[0], world.stores[1])
    let read = habit("Read", id: 10)
    try world.shareHome(with: read)
    desktop.editClock = { fixedNow.addingTimeInterval(60) }
    try desktop.deleteTracker(id: read.id)
    let desktopID = try desktop.sync(folder: world.folder, now: fixedNow).device
    phone.editClock = { fixedNow.addingTimeInterval(120) }
    try phone.toggleRecord(trackerID: read.id, on: day("2026-11-29"))
    let phoneReport = try phone.sync(folder: world.folder, now: fixedNow)
    #expect(phoneReport.dropped == [DroppedChanges(device: desktopID, count: 1)])
    #expect(try phone.trackers().isEmpty)
    let desktopReport = try desktop.sync(folder: world.folder, now: fixedNow)
    #expect(desktopReport.dropped == [DroppedChanges(device: desktopID, count: 1)])
    #expect(desktopReport.changesIn == 0)
  }

  // MARK: Odd folder content

  @Test func oddFolderContentIsSkippedWithWhyAndNeverFailsASync() throws {
    let world = try World(devices: 2)
    let (writer, reader) = (world.stores[0], world.stores[1])
    try writer.createCategory(home)
    let writerID = try writer.sync(folder: world.folder, now: fixedNow).device
    let logs = world.folder + "/tracker-sync/"
    let stray = id(90).uuidString
    try Data("stray".utf8).write(to: URL(fileURLWithPath: logs + stray))
    let folderLog = id(91).uuidString
    try FileManager.default.createDirectory(
      atPath: logs + folderLog + "/00000001.jsonl", withIntermediateDirectories: true)
    let garbage = id(92).uuidString
    try FileManager.default.createDirectory(atPath: logs + garbage, withIntermediateDirectories: true)
    try Data("hello\nworld\n".utf8).write(to: URL(fileURLWithPath: logs + garbage + "/00000001.jsonl"))
    let linkedFolder = id(93).uuidString
    try FileManager.default.createSymbolicLink(
      atPath: logs + linkedFolder, withDestinationPath: logs + writerID)
    let linkedLog = id(94).uuidString
    try FileManager.default.createDirectory(atPath: logs + linkedLog, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: logs + linkedLog + "/00000001.jsonl", withDestinationPath: logs + writerID + "/00000001.jsonl")
    let pipe = id(95).uuidString
    try FileManager.default.createDirectory(atPath: logs + pipe, withIntermediateDirectories: true)
    #expect(mkfifo(logs + pipe + "/00000001.jsonl", 0o644) == 0)

    let report = try reader.sync(folder: world.folder, now: fixedNow)
    #expect(try reader.categories() == [home])
    #expect(
      Set(report.unread) == [
        UnreadLog(device: folderLog, sequence: 1, reason: .notAFile),
        UnreadLog(device: garbage, sequence: 1, reason: .notALog),
        UnreadLog(device: linkedLog, sequence: 1, reason: .link),
        UnreadLog(device: pipe, sequence: 1, reason: .notAFile),
      ])
    #expect(report.skipped.contains(SyncSkip(path: "tracker-sync/" + stray, reason: .notAFolder)))
    #expect(report.skipped.contains(SyncSkip(path: "tracker-sync/" + linkedFolder, reason: .link)))
    // The writer goes on too.
    try writer.createTracker(habit("Read", id: 10))
    try writer.sync(folder: world.folder, now: fixedNow)
    try reader.sync(folder: world.folder, now: fixedNow)
    #expect(try reader.trackers().count == 1)
  }

  /// A log line of 3 MB is dropped as it is read (never held whole), the rest of the log is read,
  /// and the counts say what was applied.
  @Test func aLineOverOneMegabyteIsLeftOutAndTheRestIsRead() throws {
    let world = try World(devices: 1)
    let store = world.stores[0]
    let other = id(98).uuidString
    let long = String(repeating: "x", count: 3 << 20)
    try Self.plant(
      world.folder, device: other,
      lines: [
        #"{"t": "\#(Self.stampText(hoursAhead: 0))", "e": "category", "id": "\#(home.id.uuidString)", "f": "title", "v": "\#(long)"}"#,
        #"{"t": "\#(Self.stampText(hoursAhead: 0))", "e": "category", "id": "\#(joys.id.uuidString)", "f": "title", "v": "Joys"}"#,
      ])
    let report = try store.sync(folder: world.folder, now: fixedNow)
    #expect(
      report.skipped == [
        SyncSkip(path: "tracker-sync/\(other)/00000001.jsonl", reason: .lineTooLong, lines: 1)
      ])
    #expect(try store.categories().map(\.title) == ["Joys"])
    #expect(report.changesIn == 1)
  }

  /// A place that takes no folder says so (it said "no such file or folder").
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
  func aFolderWhereNoFolderCanBeMadeSaysSo() throws {
    let world = try World(devices: 1)
    #expect(throws: SyncError.folderRefused("/proc/tracker-sync", .cannotMakeFolder)) {
      try world.stores[0].sync(folder: "/proc", now: fixedNow)
    }
  }

  /// This device's own folder replaced by a link (a syncer copied one): the sync refuses to write
  /// or delete through it, and what it leads to is untouched.
  @Test func syncNeverWritesOrDeletesThroughALink() throws {
    let world = try World(devices: 1)
    let store = world.stores[0]
    store.syncCompactionThreshold = 2
    try store.createCategory(home)
    let device = try store.sync(folder: world.folder, now: fixedNow).device
    let own = world.folder + "/tracker-sync/" + device
    let elsewhere = world.root.path("elsewhere")
    try FileManager.default.moveItem(atPath: own, toPath: elsewhere)
    try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: elsewhere)
    let before = try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted()
    try store.createTracker(habit("Read", id: 10))
    #expect(throws: SyncError.folderRefused(own, .link)) {
      try store.sync(folder: world.folder, now: fixedNow)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted() == before)
  }
}

/// A value a thread sets and the test reads after waiting for it.
final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?

  var value: Value? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }
}

/// A count a `@Sendable` hook adds to.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
