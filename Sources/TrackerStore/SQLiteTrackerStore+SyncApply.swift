import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSync

/// Folding a device's own logs into a snapshot, and the merge written into the tables.
extension SQLiteTrackerStore {
  // MARK: Compaction

  /// Folds this device's logs into a snapshot once there are `syncCompactionThreshold` of them
  /// that every other device known to the folder has read: one entry per field (the latest), and
  /// none for a tracker's day stamped before that tracker's deletion (the deletion, kept, hides it
  /// forever). Deletions themselves stay, one line each. Returns how many files it replaced.
  func compact(
    _ folder: SyncFolder, device: String, files own: SyncFolder.DeviceFiles,
    others: [String: SyncFolder.DeviceFiles], merged: SyncState, read: [String: Int], now: UInt64
  ) throws(SyncError) -> Int {
    let logs = own.logs
    guard let latest = logs.last, logs.count >= syncCompactionThreshold else { return 0 }
    // How far every other device has read this one, by the first line of its latest file. A
    // device silent for `syncSilenceLimit` (an id a copied file left, a device given up) is not
    // waited for: should it come back, it reads the snapshot, which holds all it missed.
    var point = latest
    for (other, files) in others {
      let newest = files.newest
      guard newest > 0 else { continue }
      let name =
        newest == files.snapshots.last ? SyncLogFile.snapshotName(newest) : SyncLogFile.name(newest)
      guard let line = folder.header(of: other, name), let positions = SyncLogFile.readPositions(header: line)
      else { return 0 }
      if let written = SyncLogFile.written(header: line), written &+ syncSilenceLimit < now { continue }
      point = min(point, positions[device] ?? 0)
    }
    let folded = logs.filter { $0 <= point }
    guard folded.count >= syncCompactionThreshold else { return 0 }
    var kept: [SyncKey: SyncValue] = [:]
    var sources = folded.map { (SyncLogFile.name($0), $0, false) }
    if let snapshot = own.snapshots.last(where: { $0 < point }) {
      sources.insert((SyncLogFile.snapshotName(snapshot), snapshot, true), at: 0)
    }
    for (name, sequence, isSnapshot) in sources {
      // A file of its own that does not read back whole is left as it is, and so is everything.
      guard case .success(let lines) = folder.lines(of: device, name),
        case .success(let file) = SyncLogFile.decode(
          lines: lines, device: device, sequence: sequence, snapshot: isSnapshot),
        file.skipped.isEmpty
      else { return 0 }
      for (key, value) in file.file.entries where kept[key].map({ $0.stamp < value.stamp }) ?? true {
        kept[key] = value
      }
    }
    let entries = kept.filter { key, value in
      switch key.entity {
      case .record, .dayOff, .note:
        guard let (tracker, _) = SyncKey.trackerDay(key.id),
          let deletion = merged[SyncKey(.tracker, tracker.uuidString, SyncKey.deleted)],
          deletion.value == .bool(true)
        else { return true }
        return value.stamp > deletion.stamp
      case .category, .tracker, .settings:
        return true
      }
    }.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    let file = SyncLogFile(device: device, sequence: point, entries: entries, read: read, isSnapshot: true)
    if !folder.has(device, file.fileName) { try folder.write(file) }
    try syncStep(.folded)
    for (name, _, _) in sources {
      try folder.remove(device, name)
      try syncStep(.removed)
    }
    return sources.count
  }

  static func encodeClocksAhead(_ clocks: [ClockAhead]) -> String {
    JSONWriter.line(.object(clocks.map { ($0.device, .int($0.hours)) }))
  }

  static func decodeClocksAhead(_ text: String?) -> [ClockAhead] {
    guard let text, case .object(let pairs)? = try? JSONParser.parse(text) else { return [] }
    return pairs.compactMap { device, value in
      guard case .number(let hours) = value, let count = Int(hours) else { return nil }
      return ClockAhead(device: device, hours: count)
    }
  }

  // MARK: Applying the merge

  /// Makes the store hold `target` and `dayStart`, from `current` (what it holds): rows added,
  /// changed and removed, summaries refreshed, all inside the caller's transaction. Names are
  /// moved out of each other's way first, so two trackers that swap names do not clash midway.
  func apply(
    _ target: StoreContents, dayStart: DayStart, over current: StoreContents, settings: StoreSettings
  ) throws -> StoreChange {
    var change = StoreChange()
    if settings.dayStart != dayStart {
      var saved = settings
      saved.dayStart = dayStart
      try storeSettings(saved)
      change.settingsChanged = true
    }
    guard !SyncFields.same(target, current) else { return change }
    let oldCategories = Dictionary(uniqueKeysWithValues: current.categories.map { ($0.id, $0) })
    let newCategories = Dictionary(uniqueKeysWithValues: target.categories.map { ($0.id, $0) })
    let oldTrackers = Dictionary(uniqueKeysWithValues: current.trackers.map { ($0.id, $0) })
    let newTrackers = Dictionary(uniqueKeysWithValues: target.trackers.map { ($0.id, $0) })
    var touchedDays: Set<Int> = []
    var touchedTrackers: Set<UUID> = []

    // Trackers gone, with their rows (their records' days are counted again).
    for id in oldTrackers.keys where newTrackers[id] == nil {
      touchedDays.formUnion(try recordDayNumbers(where: "tracker.id = ?", [.text(id.uuidString)]))
      try database.cached("DELETE FROM tracker WHERE id = ?").run([.text(id.uuidString)])
      change.trackerIDs.insert(id)
    }
    // Names out of the way: every category and tracker renamed or going first takes a name no one
    // else can have.
    for (id, category) in oldCategories where newCategories[id]?.title != category.title {
      try updateCategory(TrackerCategory(id: id, title: "\u{1}" + id.uuidString))
    }
    for (id, tracker) in oldTrackers where newTrackers[id].map({ $0.name != tracker.name }) == true {
      let number = try trackerNumber(id) ?? 0
      var moved = tracker
      moved.name = "\u{1}" + id.uuidString
      try updateTracker(moved, number: number)
    }
    for category in target.categories where oldCategories[category.id] != category {
      if oldCategories[category.id] == nil {
        try insertCategory(category)
      } else {
        try updateCategory(category)
      }
      change.categoryIDs.insert(category.id)
    }
    for tracker in target.trackers {
      guard let old = oldTrackers[tracker.id] else {
        try insertTracker(tracker)
        change.trackerIDs.insert(tracker.id)
        touchedTrackers.insert(tracker.id)
        continue
      }
      guard old != tracker, let number = try trackerNumber(tracker.id) else { continue }
      try updateTracker(tracker, number: number)
      change.trackerIDs.insert(tracker.id)
      touchedTrackers.insert(tracker.id)
      if old.kind != tracker.kind {
        touchedDays.formUnion(try recordDayNumbers(where: "tracker.number = ?", [.integer(Int64(number))]))
      }
    }
    for id in oldCategories.keys where newCategories[id] == nil {
      try database.cached("DELETE FROM category WHERE id = ?").run([.text(id.uuidString)])
      change.categoryIDs.insert(id)
    }

    // Records, days off and notes of the trackers there, walked in order.
    var numbers: [UUID: Int] = [:]
    func number(_ id: UUID) throws -> Int? {
      if let known = numbers[id] { return known }
      let found = try trackerNumber(id)
      numbers[id] = found
      return found
    }
    let deleteRecord = try database.cached("DELETE FROM record WHERE tracker = ? AND day = ?")
    let putRecord = try database.cached(
      "INSERT OR REPLACE INTO record (tracker, day, amount) VALUES (?, ?, ?)")
    try walkTogether(current.records, target.records) {
      old, new in
      guard old != new, let record = new ?? old, newTrackers[record.trackerID] != nil,
        let number = try number(record.trackerID)
      else { return }
      if let new {
        try putRecord.run([
          .integer(Int64(number)), .integer(Int64(new.day.daysSinceEpoch)),
          new.amount.map { .integer(Int64($0.thousandths)) } ?? .null,
        ])
      } else {
        try deleteRecord.run(Int64(number), Int64(record.day.daysSinceEpoch))
      }
      touchedDays.insert(record.day.daysSinceEpoch)
      touchedTrackers.insert(record.trackerID)
    }
    let deleteDayOff = try database.cached("DELETE FROM day_off WHERE tracker = ? AND day = ?")
    let putDayOff = try database.cached("INSERT OR IGNORE INTO day_off (tracker, day) VALUES (?, ?)")
    try walkTogether(current.daysOff, target.daysOff) {
      old, new in
      guard old != new, let dayOff = new ?? old, newTrackers[dayOff.trackerID] != nil,
        let number = try number(dayOff.trackerID)
      else { return }
      try (new == nil ? deleteDayOff : putDayOff).run(Int64(number), Int64(dayOff.day.daysSinceEpoch))
      touchedTrackers.insert(dayOff.trackerID)
    }
    let deleteNote = try database.cached("DELETE FROM note WHERE tracker = ? AND day = ?")
    try walkTogether(current.notes, target.notes) { old, new in
      guard old != new, let note = new ?? old, newTrackers[note.trackerID] != nil,
        let number = try number(note.trackerID)
      else { return }
      try deleteNote.run(Int64(number), Int64(note.day.daysSinceEpoch))
      if let new { try insertNote(new.text, number: number, day: new.day) }
      change.noteDays[note.trackerID, default: []].insert(note.day)
    }

    for id in touchedTrackers.sorted(by: { $0.textOrder < $1.textOrder }) {
      guard let number = try number(id) else { continue }
      try refreshSummary(number)
      change.trackerIDs.insert(id)
    }
    try refreshDays(touchedDays.sorted())
    return change
  }
}
