import Foundation
import ModelTestSupport
import SyncSimulation
import TestSupport
import Testing
import TrackerModels

@testable import TrackerArchiveCodec
@testable import TrackerStore
@testable import TrackerSync

/// Sync as people meet it (issue 46): edits stamped when made, a data file copied or restored, a
/// folder recreated, a sync killed at any step, hostile or odd folder content.
@Suite("Sync that keeps every edit", .temporaryFolders)
struct SyncTrustTests {
  /// Data files over one shared folder, each with its own wall clock for edits and syncs.
  final class World {
    let root = TemporaryFolder()
    let folder: String
    var stores: [SQLiteTrackerStore] = []
    var paths: [String] = []

    init(devices: Int) throws {
      folder = root.path("share")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for index in 0..<devices { try add("device-\(index).sqlite") }
    }

    /// Opens (or makes) a data file in the world, at the run's clock.
    @discardableResult
    func add(_ name: String) throws -> SQLiteTrackerStore {
      let store = try SQLiteTrackerStore(path: root.path(name), now: fixedNow)
      store.editClock = { fixedNow }
      paths.append(root.path(name))
      stores.append(store)
      return store
    }

    /// Opens data file `index` again, as a new process would (one killed leaves nothing in memory).
    func reopen(_ index: Int) throws {
      stores[index] = try SQLiteTrackerStore(path: paths[index], now: fixedNow)
      stores[index].editClock = { fixedNow }
    }

    /// Every device syncs, twice round, at `now`.
    func settle(at now: Date = fixedNow) throws {
      for _ in 0..<2 {
        for store in stores { try store.sync(folder: folder, now: now) }
      }
    }

    /// Device 0 makes "Home" and `trackers` in it, and every device syncs them: the start most
    /// tests share. Returns device 0.
    @discardableResult
    func shareHome(with trackers: Tracker...) throws -> SQLiteTrackerStore {
      try stores[0].createCategory(home)
      for tracker in trackers { try stores[0].createTracker(tracker) }
      try settle()
      return stores[0]
    }

    /// The export of data file `index`.
    func export(_ index: Int) throws -> String {
      TrackerArchive.export(try stores[index].contents(), dayStart: try stores[index].settings().dayStart)
    }

    /// Whether every data file exports the same.
    func converged() throws -> Bool {
      let first = try export(0)
      return try stores.indices.allSatisfy { try export($0) == first }
    }
  }

  static let gymID = id(40)

  static func gym() throws -> Tracker { try measured("Gym", id: 40, unit: "min", target: "30") }

  /// The laptop and desktop: both rename "Gym" and enter minutes and a note, the desktop
  /// five minutes later; whichever syncs first, both end with the desktop's name, amount and note.
  @Test(arguments: [true, false])
  func theLaterEditWinsWhicheverDeviceSyncsFirst(desktopFirst: Bool) throws {
    let world = try World(devices: 2)
    let (laptop, desktop) = (world.stores[0], world.stores[1])
    try laptop.createCategory(home)
    var gym = try Self.gym()
    try laptop.createTracker(gym)
    try world.settle()
    let today = day("2026-12-01")
    laptop.editClock = { fixedNow.addingTimeInterval(9 * 3600) }
    gym.name = "Gym (laptop)"
    try laptop.updateTracker(gym, addingRecordsOn: [], removingRecordsOn: [])
    try laptop.setAmount(try Amount(parsing: "10"), trackerID: gym.id, on: today)
    try laptop.setNote("short one", trackerID: gym.id, on: today)
    desktop.editClock = { fixedNow.addingTimeInterval(9 * 3600 + 300) }
    gym.name = "Gym (desktop)"
    try desktop.updateTracker(gym, addingRecordsOn: [], removingRecordsOn: [])
    try desktop.setAmount(try Amount(parsing: "45"), trackerID: gym.id, on: today)
    try desktop.setNote("long one", trackerID: gym.id, on: today)
    // Both sync an hour later; the order is the test's argument.
    let later = fixedNow.addingTimeInterval(10 * 3600)
    for store in desktopFirst ? [desktop, laptop, desktop] : [laptop, desktop, laptop] {
      try store.sync(folder: world.folder, now: later)
    }
    for store in [laptop, desktop] {
      #expect(try store.trackers().map(\.tracker.name) == ["Gym (desktop)"])
      #expect(try store.records(on: today).map(\.amount) == [try Amount(parsing: "45")])
      #expect(try store.notes(on: today).map(\.text) == ["long one"])
    }
  }

  /// The property: random edits of a name, an amount and a note on three devices with skewed
  /// clocks, synced in random orders; every field ends with the value of the edit whose stamp,
  /// taken when it was made (read from the store right after it), is the highest.
  @Test(arguments: 0..<UInt64(24))
  func everyFieldEndsWithTheEditStampedLast(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let world = try World(devices: 3)
    try world.stores[0].createCategory(home)
    let base = try Self.gym()
    try world.stores[0].createTracker(base)
    try world.settle()
    let devices = try world.stores.map { store in try store.reading { try store.loadSyncState()["device"]! } }
    let today = day("2026-12-01")
    var skews = world.stores.map { _ in Double(Int.random(in: 0..<7200, using: &random)) - 3600 }
    // The edits made, per field: the value and the stamp it got.
    var made: [String: [(stamp: SyncStamp, value: String)]] = [:]
    func stamp(
      _ store: SQLiteTrackerStore, _ entity: SyncEntity, _ id: String, _ field: String, device: String
    )
      throws -> SyncStamp
    {
      let clock = try store.reading {
        try store.database.cached("SELECT clock FROM sync_edit WHERE entity = ? AND id = ? AND field = ?")
          .rows([.text(entity.rawValue), .text(id), .text(field)]) { $0.int(0) }.first
      }
      return SyncStamp(clock: UInt64(bitPattern: Int64(try #require(clock))), device: device)
    }
    let dayID = SyncKey.dayID(base.id, today)
    for step in 0..<40 {
      let index = Int.random(in: 0..<3, using: &random)
      let store = world.stores[index]
      let now = fixedNow.addingTimeInterval(Double(step) * 60 + skews[index])
      store.editClock = { now }
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        var tracker = try #require(try store.trackers().first?.tracker)
        tracker.name = "Gym \(step)"
        try store.updateTracker(tracker, addingRecordsOn: [], removingRecordsOn: [])
        made["name", default: []].append(
          (try stamp(store, .tracker, base.id.uuidString, "name", device: devices[index]), tracker.name))
      case 1:
        let minutes = try Amount(parsing: String(step + 1))
        try store.setAmount(minutes, trackerID: base.id, on: today)
        made["mark", default: []].append(
          (try stamp(store, .record, dayID, "mark", device: devices[index]), minutes.description))
      case 2:
        try store.setNote("note \(step)", trackerID: base.id, on: today)
        made["text", default: []].append(
          (try stamp(store, .note, dayID, "text", device: devices[index]), "note \(step)"))
      case 3:
        try store.sync(folder: world.folder, now: now)
      default:
        skews[index] += Double(Int.random(in: 0..<7200, using: &random)) - 3600
      }
    }
    try world.settle(at: fixedNow.addingTimeInterval(3600))
    #expect(try world.converged())
    let store = world.stores[0]
    if let last = made["name"]?.max(by: { $0.stamp < $1.stamp }) {
      #expect(try store.trackers().map(\.tracker.name) == [last.value], "seed \(seed)")
    }
    if let last = made["mark"]?.max(by: { $0.stamp < $1.stamp }) {
      #expect(try store.records(on: today).map { $0.amount?.description } == [last.value], "seed \(seed)")
    }
    if let last = made["text"]?.max(by: { $0.stamp < $1.stamp }) {
      #expect(try store.notes(on: today).map(\.text) == [last.value], "seed \(seed)")
    }
  }

  /// Every writer stamps its changes in its own transaction, and the clock never goes back: a
  /// change made while no sync runs carries the time it was made, not the next sync's.
  @Test func aChangeIsStampedWhenItIsMadeNotWhenItIsSynced() throws {
    let world = try World(devices: 1)
    let store = world.stores[0]
    // Before a file joins a folder nothing is stamped: its first sync sends everything as new.
    try store.createCategory(joys)
    #expect(try Self.editClocks(store).isEmpty)
    try store.sync(folder: world.folder, now: fixedNow.addingTimeInterval(-4 * 3600))
    let madeAt = fixedNow.addingTimeInterval(-3 * 3600)
    store.editClock = { madeAt }
    try store.createCategory(home)
    let clocks = try Self.editClocks(store)
    #expect(clocks == [UInt64(madeAt.timeIntervalSince1970 * 1000) << 16])
    // A second change in the same millisecond comes after it.
    try store.renameCategory(id: home.id, to: "Дом")
    let renamed = try Self.editClocks(store)
    #expect(renamed == [clocks[0] + 1])
    try store.sync(folder: world.folder, now: fixedNow)
    let path = try #require(try Self.files(world.folder).first { $0.hasSuffix("00000002.jsonl") })
    let log = try String(contentsOfFile: path, encoding: .utf8)
    #expect(log.contains(SyncStamp(clock: clocks[0] + 1, device: "").clockText))
  }

  /// The stamps of the changes not synced yet.
  static func editClocks(_ store: SQLiteTrackerStore) throws -> [UInt64] {
    try store.reading { () throws -> [UInt64] in
      try store.database.cached("SELECT clock FROM sync_edit").rows { UInt64(bitPattern: Int64($0.int(0))) }
    }
  }

  /// The logs in the folder, by path.
  static func files(_ folder: String) throws -> [String] {
    let root = (folder as NSString).appendingPathComponent("tracker-sync")
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }.map { (root as NSString).appendingPathComponent($0) }.sorted()
  }

  // MARK: A device is a place, not a file

  /// Copies a data file at rest (its write-ahead log too) to `name`, as a person copies it to a new
  /// computer or keeps a backup.
  static func copy(_ world: World, _ index: Int, to name: String) throws {
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: world.paths[index] + suffix) {
      try? FileManager.default.removeItem(atPath: world.root.path(name) + suffix)
      try FileManager.default.copyItem(
        atPath: world.paths[index] + suffix, toPath: world.root.path(name) + suffix)
    }
  }

  @Test(arguments: [true, false])
  func aCopiedDataFileTakesANewIdAndBothExchange(copySyncsFirst: Bool) throws {
    let world = try World(devices: 1)
    let read = habit("Read", id: 10)
    let original = try world.shareHome(with: read)
    try Self.copy(world, 0, to: "copy.sqlite")
    let copy = try world.add("copy.sqlite")
    try original.toggleRecord(trackerID: read.id, on: day("2026-11-20"))
    try copy.toggleRecord(trackerID: read.id, on: day("2026-11-21"))
    let order = copySyncsFirst ? [copy, original] : [original, copy]
    let reports = try order.map { try $0.sync(folder: world.folder, now: fixedNow) }
    // The second to sync finds its id used: it takes a new one, once, and says so.
    #expect(reports[0].previousDevice == nil)
    #expect(reports[1].previousDevice == reports[0].device)
    #expect(reports[1].device != reports[0].device)
    #expect(reports[1].republished)
    try world.settle()
    #expect(try original.recordDays(trackerID: read.id) == [day("2026-11-20"), day("2026-11-21")])
    #expect(try world.converged())
    #expect(
      try world.stores.allSatisfy { try $0.sync(folder: world.folder, now: fixedNow).previousDevice == nil })
    // A device that joins later gets the whole history.
    try world.add("late.sqlite")
    try world.settle()
    #expect(try world.converged())
  }

  /// A backup put back: the data file forgets what it sent after the backup; it takes a new id
  /// and gets its own later history back from the folder.
  @Test func aRestoredBackupGetsItsLaterHistoryBackAndSendsItsNewEdits() throws {
    let world = try World(devices: 2)
    let (laptop, desktop) = (world.stores[0], world.stores[1])
    try laptop.createCategory(home)
    let read = habit("Read", id: 10)
    try laptop.createTracker(read)
    try world.settle()
    try Self.copy(world, 0, to: "backup.sqlite")
    for offset in 0..<3 {
      try laptop.toggleRecord(trackerID: read.id, on: day("2026-11-20").adding(days: offset))
      try laptop.sync(folder: world.folder, now: fixedNow)
    }
    // The laptop's file is put back from the backup (the newer file is gone for good).
    world.stores.remove(at: 0)
    world.paths.remove(at: 0)
    let restored = try world.add("backup.sqlite")
    try restored.toggleRecord(trackerID: read.id, on: day("2026-11-25"))
    let report = try restored.sync(folder: world.folder, now: fixedNow)
    #expect(report.previousDevice != nil)
    #expect(
      try restored.recordDays(trackerID: read.id)
        == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-25"].map(day))
    try world.settle()
    #expect(try world.converged())
    #expect(try desktop.recordDays(trackerID: read.id).count == 4)
  }
}
