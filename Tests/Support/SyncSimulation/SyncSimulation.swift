import Foundation
import ModelTestSupport
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

/// Several devices' stores over one shared folder, with a fake file-syncing engine between them
/// (docs/sync.md, "Proof"): each device has its own copy of the folder, and the engine copies the
/// files every device writes into the others' copies late, out of order, twice and cut short (a
/// part first, the whole later), and drops files that are not ours beside them. Seeded random user
/// actions run on every store while clocks are skewed and jump; at the end the engine delivers
/// everything, every device syncs, and the run checks what the merge promises.
///
/// Used by the store tests (a few hundred seeds) and `tracker-reliability --long` (thousands).
public struct SyncSimulation {
  /// What a run found wrong; empty when every promise held.
  public struct Outcome: Sendable {
    public var problems: [String]
    /// Each device's export after the final sync.
    public var exports: [String]
    /// How many files the devices folded into snapshots along the way.
    public var compacted = 0
  }

  let seed: UInt64
  let steps: Int
  let deviceCount: Int
  let root: String

  /// A run of `steps` random actions over `devices` stores in `folder` (which must exist, empty).
  public init(seed: UInt64, steps: Int = 60, devices: Int = 3, folder: String) {
    self.seed = seed
    self.steps = steps
    deviceCount = devices
    root = folder
  }

  struct Device {
    let store: SQLiteTrackerStore
    let share: String
    var skew: Int64
  }

  /// 2026-12-01 09:00 UTC in milliseconds: the run's wall clock at step 0.
  static let start: Int64 = 1_796_115_600_000

  public func run() throws -> Outcome {
    var random = SplitMix(seed: seed)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    var devices: [Device] = []
    for index in 0..<deviceCount {
      let share = (root as NSString).appendingPathComponent("share-\(index)")
      try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
      let store = try SQLiteTrackerStore(
        path: (root as NSString).appendingPathComponent("device-\(index).sqlite"),
        now: Date(timeIntervalSince1970: Double(Self.start) / 1000))
      // Logs folded into snapshots after two or three of them, so a run folds often.
      store.syncCompactionThreshold = 2 + index % 2
      // Clocks up to two hours apart.
      devices.append(
        Device(store: store, share: share, skew: Int64(random.next(upTo: 7_200_000)) - 3_600_000))
    }
    var engine = Engine(shares: devices.map(\.share))
    var problems: [String] = []
    var compacted = 0
    func now(_ step: Int, _ device: Device) -> Date {
      Date(timeIntervalSince1970: Double(Self.start + Int64(step) * 60_000 + device.skew) / 1000)
    }
    for step in 0..<steps {
      let index = random.next(upTo: deviceCount)
      switch random.next(upTo: 10) {
      case 0..<6:
        // A change is stamped when it is made, by the device's own (skewed) clock.
        let made = now(step, devices[index])
        devices[index].store.editClock = { made }
        act(on: devices[index].store, &random)
      case 6, 7:
        do {
          let report = try devices[index].store.sync(
            folder: devices[index].share, now: now(step, devices[index]))
          engine.owners[report.device] = index
          compacted += report.compacted
        } catch {
          problems.append("step \(step): device \(index) could not sync: \(error)")
        }
      case 8:
        try engine.deliverSome(&random)
      default:
        // A clock jumps by up to an hour either way.
        devices[index].skew += Int64(random.next(upTo: 7_200_000)) - 3_600_000
      }
    }
    // The end: every device sends what it has, the engine delivers everything whole, and every
    // device syncs once more.
    for (index, device) in devices.enumerated() {
      do {
        engine.owners[try device.store.sync(folder: device.share, now: now(steps, device)).device] = index
      } catch {
        problems.append("final: device \(index) could not send: \(error)")
      }
    }
    try engine.deliverAll()
    var exports: [String] = []
    for (index, device) in devices.enumerated() {
      do {
        let report = try device.store.sync(folder: device.share, now: now(steps + 1, device))
        if report.changesOut != 0 {
          problems.append("final: device \(index) still had \(report.changesOut) changes to send")
        }
        if !report.unread.isEmpty {
          problems.append("final: device \(index) left logs unread: \(report.unread)")
        }
      } catch {
        problems.append("final: device \(index) could not sync: \(error)")
      }
      let settings = try device.store.settings()
      exports.append(TrackerArchive.export(try device.store.contents(), dayStart: settings.dayStart))
    }
    for index in exports.indices.dropFirst() where exports[index] != exports[0] {
      problems.append(
        "device \(index)'s export differs from device 0's:\n\(exports[index])\n---\n\(exports[0])")
    }
    problems += try latecomer(&random, expected: exports[0], now: now(steps + 2, devices[0]))
    problems += try deletionsHold(share: devices[0].share)
    return Outcome(problems: problems, exports: exports, compacted: compacted)
  }

  /// A new device that receives every log in a random order, some twice, syncing in between: it
  /// ends with the same archive.
  func latecomer(_ random: inout SplitMix, expected: String, now: Date) throws -> [String] {
    let share = (root as NSString).appendingPathComponent("share-late")
    let store = try SQLiteTrackerStore(
      path: (root as NSString).appendingPathComponent("late.sqlite"), now: now)
    let source = (root as NSString).appendingPathComponent("share-0")
    var files = try Engine(shares: [source]).sources().map(\.1)
    files.shuffle(using: &random)
    files += files.prefix(files.count / 3)
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    for (index, path) in files.enumerated() {
      let destination = (share as NSString).appendingPathComponent(path)
      try FileManager.default.createDirectory(
        atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(contentsOf: URL(fileURLWithPath: (source as NSString).appendingPathComponent(path)))
        .write(to: URL(fileURLWithPath: destination))
      if index % 3 == 0 { _ = try store.sync(folder: share, now: now) }
    }
    _ = try store.sync(folder: share, now: now)
    let export = TrackerArchive.export(try store.contents(), dayStart: try store.settings().dayStart)
    return export == expected ? [] : ["a new device reading every log in another order differs:\n\(export)"]
  }

  /// Every tracker or category deleted in some log and there at the end has an entry stamped after
  /// that deletion (read from the logs themselves, not from the merge).
  func deletionsHold(share: String) throws -> [String] {
    var deletions: [String: [String]] = [:]
    var latestEdit: [String: String] = [:]
    for path in try Engine(shares: [share]).sources().map(\.1) {
      let text = try String(contentsOfFile: (share as NSString).appendingPathComponent(path), encoding: .utf8)
      let device = (path as NSString).deletingLastPathComponent.components(separatedBy: "/").last ?? ""
      for line in text.split(separator: "\n").dropFirst() {
        // `{"t": "…", "e": "tracker", "id": "…", "f": "deleted", "v": true}`: read by position.
        let parts = line.components(separatedBy: "\"")
        guard parts.count > 15 else { continue }
        let stamp = parts[3] + "@" + device
        let entity = parts[7] + ":" + parts[11]
        guard parts[7] == "tracker" || parts[7] == "category" else { continue }
        if parts[15] == "deleted" {
          deletions[entity, default: []].append(stamp)
        } else if stamp > (latestEdit[entity] ?? "") {
          latestEdit[entity] = stamp
        }
      }
    }
    let store = try SQLiteTrackerStore(
      path: (root as NSString).appendingPathComponent("device-0.sqlite"), now: Date())
    let present =
      Set(try store.trackers().map { "tracker:" + $0.tracker.id.uuidString })
      .union(try store.categories().map { "category:" + $0.id.uuidString })
    var problems: [String] = []
    for entity in present {
      guard let latest = deletions[entity]?.max() else { continue }
      if (latestEdit[entity] ?? "") <= latest {
        problems.append("\(entity) came back with no edit after its deletion at \(latest)")
      }
    }
    return problems
  }

  // MARK: The user

  /// One random user action; a refusal (a name taken, a day not shown) is what a user would meet
  /// and changes nothing.
  func act(on store: SQLiteTrackerStore, _ random: inout SplitMix) {
    let names = ["Run", "Read", "Swim", "Tea", "Walk"]
    let titles = ["Home", "Work", "Sport"]
    let days = (0..<6).map { Day(daysSinceEpoch: 20_785 + $0) }
    do {
      let categories = try store.categories()
      let trackers = try store.trackers().map(\.tracker)
      let day = days[random.next(upTo: days.count)]
      switch random.next(upTo: 14) {
      case 0:
        try store.createCategory(TrackerCategory(id: random.uuid(), title: titles[random.next(upTo: 3)]))
      case 1:
        guard let category = categories.randomElement(using: &random) else { return }
        if random.next(upTo: 3) == 0 {
          try store.deleteCategory(id: category.id)
        } else {
          try store.renameCategory(
            id: category.id, to: titles[random.next(upTo: 3)] + " \(random.next(upTo: 3))")
        }
      case 2, 3:
        guard let category = categories.randomElement(using: &random) else {
          try store.createCategory(TrackerCategory(id: random.uuid(), title: titles[random.next(upTo: 3)]))
          return
        }
        var tracker = Tracker(
          id: random.uuid(), name: names[random.next(upTo: names.count)],
          emoji: TrackerEmoji.all[random.next(upTo: TrackerEmoji.all.count)],
          color: TrackerColor.palette[random.next(upTo: TrackerColor.palette.count)], categoryID: category.id,
          createdOn: days[random.next(upTo: 3)], kind: .habit(.everyDay))
        switch random.next(upTo: 6) {
        case 0:
          tracker.measure = try .measurable(unit: "km", target: Amount(parsing: "5"), direction: .atLeast)
        case 1: tracker.kind = .habit(Schedule(quota: Quota(3, per: .week)!))
        case 2: tracker.kind = .event
        // Issue 49: N times in Y days, and a target of the week's sum.
        case 3: tracker.kind = .habit(Schedule(window: TimesInDays(2, in: 10)!))
        case 4:
          tracker.measure = try .measurable(
            unit: "steps", target: Amount(parsing: "50000"), direction: .atLeast, period: .week)
        default: break
        }
        try store.createTracker(tracker)
      case 4:
        guard var tracker = trackers.randomElement(using: &random) else { return }
        switch random.next(upTo: 6) {
        case 0: tracker.name = names[random.next(upTo: names.count)] + (random.next(upTo: 2) == 0 ? "" : " x")
        case 1: tracker.emoji = TrackerEmoji.all[random.next(upTo: TrackerEmoji.all.count)]
        case 2: tracker.categoryID = categories.randomElement(using: &random)?.id ?? tracker.categoryID
        // Issue 49: one device makes a window while another may make a measure, each valid alone.
        case 3: tracker.kind = .habit(Schedule(window: TimesInDays(1 + random.next(upTo: 3), in: 7)!))
        case 4:
          tracker.measure = try .measurable(
            unit: "km", target: Amount(parsing: "20"), direction: .atLeast,
            period: [nil, .week, .month][random.next(upTo: 3)])
        default: tracker.kind = .habit(Schedule(WeekdaySet(Weekday.allCases.randomElement(using: &random)!))!)
        }
        try store.updateTracker(tracker, addingRecordsOn: [], removingRecordsOn: [])
      case 5:
        guard let tracker = trackers.randomElement(using: &random) else { return }
        try store.deleteTracker(id: tracker.id)
      case 6, 7, 8:
        guard let tracker = trackers.randomElement(using: &random) else { return }
        if tracker.measure != .yesNo {
          try store.setAmount(
            random.next(upTo: 4) == 0 ? nil : Amount(units: random.next(upTo: 9)), trackerID: tracker.id,
            on: day)
        } else {
          try store.toggleRecord(trackerID: tracker.id, on: day)
        }
      case 9:
        guard let tracker = trackers.randomElement(using: &random) else { return }
        try store.setDaysOff(random.next(upTo: 3) != 0, trackerID: tracker.id, on: [day])
      case 10, 11:
        guard let tracker = trackers.randomElement(using: &random) else { return }
        let texts = [nil, "felt good", "rain", "Заметка"]
        try store.setNote(texts[random.next(upTo: texts.count)], trackerID: tracker.id, on: day)
      case 12:
        guard let tracker = trackers.randomElement(using: &random) else { return }
        try store.setPinned(!tracker.isPinned, trackerID: tracker.id)
      default:
        let hour = [0, 0, 4, 6][random.next(upTo: 4)]
        try store.updateSettings { $0.dayStart = DayStart(hour: hour)! }
      }
    } catch {
      // Refused: nothing changed.
    }
  }

  // MARK: The file-syncing engine

  /// Copies every device's own files between the shares, as a sync engine would, badly.
  struct Engine {
    let shares: [String]
    /// Which share each device writes in (its own copy of the folder): the engine copies only
    /// from there, never a copy it made (which may be cut short).
    var owners: [String: Int] = [:]

    /// The files of the shares (with `owners`, only each device's own): (share index, path
    /// relative to the share).
    func sources() throws -> [(Int, String)] {
      var found: [(Int, String)] = []
      for (index, share) in shares.enumerated() {
        let logs = (share as NSString).appendingPathComponent("tracker-sync")
        guard let devices = try? FileManager.default.contentsOfDirectory(atPath: logs) else { continue }
        for device in devices.sorted() where owners.isEmpty || owners[device] == index {
          let folder = (logs as NSString).appendingPathComponent(device)
          for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
          where name.hasSuffix(".jsonl") && !name.hasPrefix(".") {
            found.append((index, "tracker-sync/\(device)/\(name)"))
          }
        }
      }
      return found
    }

    /// Copies a few files somewhere, some cut short, some again, and litters.
    mutating func deliverSome(_ random: inout SplitMix) throws {
      let sources = try sources()
      guard !sources.isEmpty else { return }
      for _ in 0..<(1 + random.next(upTo: 4)) {
        let (from, path) = sources[random.next(upTo: sources.count)]
        let to = random.next(upTo: shares.count)
        guard to != from else { continue }
        let bytes = try Data(
          contentsOf: URL(fileURLWithPath: (shares[from] as NSString).appendingPathComponent(path)))
        let destination = (shares[to] as NSString).appendingPathComponent(path)
        try FileManager.default.createDirectory(
          atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch random.next(upTo: 4) {
        case 0:
          // Cut short: a part of the file under its final name, as a slow copy shows it.
          try bytes.prefix(random.next(upTo: max(1, bytes.count))).write(
            to: URL(fileURLWithPath: destination))
        case 1:
          // A sync engine's conflict copy and a placeholder beside it: not ours.
          try bytes.write(to: URL(fileURLWithPath: destination + ".sync-conflict-20261201-120000-ABCDEFG"))
          try Data().write(
            to: URL(fileURLWithPath: (destination as NSString).deletingLastPathComponent + "/.icloud"))
          fallthrough
        default:
          try bytes.write(to: URL(fileURLWithPath: destination))
        }
      }
    }

    /// Copies every file everywhere, whole.
    mutating func deliverAll() throws {
      for (from, path) in try sources() {
        let bytes = try Data(
          contentsOf: URL(fileURLWithPath: (shares[from] as NSString).appendingPathComponent(path)))
        for to in shares.indices where to != from {
          let destination = (shares[to] as NSString).appendingPathComponent(path)
          try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
          try bytes.write(to: URL(fileURLWithPath: destination))
        }
      }
    }
  }
}
