import Foundation
import TrackerModels

extension SQLiteTrackerStore: SyncingStore {
  /// The folder joined and the last sync.
  public func syncStatus() throws(StoreError) -> SyncStatus {
    try reading {
      let state = try self.loadSyncState()
      return SyncStatus(
        folder: state["folder"],
        lastSynced: state["last_synced"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0 / 1000) },
        clocksAhead: Self.decodeClocksAhead(state["clocks_ahead"]))
    }
  }

  /// Syncs with the shared folder `folder` (joining it, and remembering it), or the folder joined
  /// before: sends what changed here since the last sync as entries in a new log of this device,
  /// merges every other device's logs not read yet, and leaves the store as the merge says, in
  /// one transaction (docs/sync.md). `now` is the wall clock the new entries are stamped with.
  ///
  /// Nothing changes when the folder is missing or refused, or the store refuses: the error says
  /// which. A log still being copied is left for the next sync.
  @discardableResult
  public func sync(folder given: String?, now: Date) throws(SyncError) -> SyncReport {
    let known: (state: [String: String], read: [String: Int])
    do {
      known = try reading { (try self.loadSyncState(), try self.loadReadPositions()) }
    } catch {
      throw .store(error)
    }
    guard let path = given.map(Self.absolute) ?? known.state["folder"] else { throw .noFolder }
    let folder = SyncFolder(root: path)
    try folder.check()
    let device = known.state["device"] ?? UUID().uuidString

    // Other devices' files not read yet, in order: a device's snapshot first when this store has
    // not read that far (the logs it folded may be gone), then its logs. They are read and merged
    // one at a time in the transaction, so a year of them is never in memory at once.
    var pending: [(device: String, files: [(name: String, sequence: Int, isSnapshot: Bool)])] = []
    var others: [String: (logs: [Int], snapshots: [Int])] = [:]
    for other in try folder.devices() where other != device {
      let files = try folder.files(of: other)
      others[other] = files
      var next = (known.read[other] ?? 0) + 1
      var list: [(name: String, sequence: Int, isSnapshot: Bool)] = []
      if let snapshot = files.snapshots.last, snapshot >= next {
        list.append((SyncLogFile.snapshotName(snapshot), snapshot, true))
        next = snapshot + 1
      }
      list += files.logs.filter { $0 >= next }.map { (SyncLogFile.name($0), $0, false) }
      if !list.isEmpty { pending.append((other, list)) }
    }
    let own = try folder.files(of: device)
    let ownLast = max(own.logs.last ?? 0, own.snapshots.last ?? 0)

    let milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1000))
    var report = SyncReport(
      folder: path, device: device, joined: known.state["folder"] != path, changesIn: 0, devicesIn: 0,
      changesOut: 0, unread: [], clocksAhead: [])
    var writeFailure: SyncError?
    do {
      try write {
        writeFailure = nil
        let state = try self.loadSyncState()
        var read = try self.loadReadPositions()
        var clock = HybridClock(
          device: device, latest: state["clock"].flatMap(SyncStamp.clock(fromText:)) ?? 0)

        // What changed here since the last sync: the store against what that sync left. A digest
        // of what it left says at once when nothing did; with no other device's log to read
        // either, there is nothing to do (the interactive app's syncs, most of the time).
        let current = try self.loadContents()
        let settings = try self.loadSettings()
        let digest = SyncFields.digest(current, dayStart: settings.dayStart)
        let unchanged = state["digest"] == digest
        if unchanged, state["folder"] == path,
          !pending.contains(where: { device in
            device.files.contains { $0.sequence > (read[device.device] ?? 0) }
          })
        {
          try self.storeSyncState([
            "last_synced": String(milliseconds), "clocks_ahead": Self.encodeClocksAhead([]),
          ])
          return StoreChange()
        }
        var merged = try self.loadSyncFields()
        var edits: [(SyncKey, JSONValue)] = []
        if !unchanged {
          let before = SyncFields.materialize(merged)
          edits = SyncFields.edits(
            from: before.contents, dayStart: before.dayStart, to: current, dayStart: settings.dayStart)
        }
        // The fields to write back, in the order they won (a field that won twice is written twice:
        // cheaper than hashing every key into a set).
        var changed: [SyncKey] = []
        var outgoing: [(key: SyncKey, value: SyncValue)] = []
        if !edits.isEmpty {
          let stamp = clock.stamp(now: milliseconds)
          for (key, value) in edits {
            merged.merge(key, SyncValue(value, stamp))
            changed.append(key)
            outgoing.append((key, SyncValue(value, stamp)))
          }
        }

        // Other devices' entries.
        var devices: Set<String> = []
        var ahead: [String: UInt64] = [:]
        let limit = milliseconds + 24 * 3_600_000
        var changesIn = 0
        var unread: [UnreadLog] = []
        for (other, files) in pending {
          var expected = (read[other] ?? 0) + 1
          reading: for (name, sequence, isSnapshot) in files where sequence >= expected {
            guard isSnapshot || sequence == expected, let bytes = folder.bytes(of: other, name) else {
              unread.append(UnreadLog(device: other, sequence: expected, isIncomplete: true))
              break
            }
            let file: SyncLogFile
            switch SyncLogFile.decode(bytes: bytes, device: other, sequence: sequence, snapshot: isSnapshot) {
            case .success(let decoded): file = decoded
            case .failure(.incomplete):
              unread.append(UnreadLog(device: other, sequence: sequence, isIncomplete: true))
              break reading
            case .failure(.foreign):
              unread.append(UnreadLog(device: other, sequence: sequence, isIncomplete: false))
              break reading
            }
            for (key, value) in file.entries {
              clock.observe(value.stamp)
              if value.stamp.milliseconds > limit {
                ahead[other] = max(ahead[other] ?? 0, value.stamp.milliseconds - milliseconds)
              }
              if merged.merge(key, value) {
                changed.append(key)
                changesIn += 1
                devices.insert(other)
              }
            }
            read[other] = sequence
            expected = sequence + 1
          }
        }
        report.unread = unread

        let after = SyncFields.materialize(merged)
        var change = try self.apply(
          after.contents, dayStart: after.dayStart, over: current, settings: settings)
        try self.storeSyncFields(changed, of: merged)
        try self.storeReadPositions(read)
        let clocksAhead = ahead.sorted { $0.key < $1.key }.map {
          ClockAhead(device: $0.key, hours: Int($0.value / 3_600_000))
        }
        var sequence = max(Int(state["next_sequence"] ?? "") ?? 1, ownLast + 1)
        var logs = own.logs
        // A log when there is something to send; an empty one at most once a day when only what
        // this device has read moved, so the others learn it and can fold their logs.
        let lastLogTime = UInt64(state["log_time"] ?? "") ?? 0
        let readMoved = Self.encodeReadPositions(read) != (state["log_read"] ?? Self.encodeReadPositions([:]))
        if !outgoing.isEmpty || (readMoved && milliseconds >= lastLogTime + 86_400_000) {
          do throws(SyncError) {
            try folder.write(SyncLogFile(device: device, sequence: sequence, entries: outgoing, read: read))
          } catch {
            writeFailure = error
            throw error
          }
          logs.append(sequence)
          sequence += 1
          try self.storeSyncState([
            "log_time": String(milliseconds), "log_read": Self.encodeReadPositions(read),
          ])
        }
        do throws(SyncError) {
          report.compacted = try self.compact(
            folder, device: device, logs: logs, snapshot: own.snapshots.last, others: others, merged: merged,
            read: read)
        } catch {
          writeFailure = error
          throw error
        }
        try self.storeSyncState([
          "device": device, "folder": path, "clock": SyncStamp(clock: clock.latest, device: device).clockText,
          "next_sequence": String(sequence), "last_synced": String(milliseconds),
          "clocks_ahead": Self.encodeClocksAhead(clocksAhead),
          "digest": SyncFields.digest(after.contents, dayStart: after.dayStart),
        ])
        report.changesIn = changesIn
        report.devicesIn = devices.count
        report.changesOut = outgoing.count
        report.clocksAhead = clocksAhead
        if change != StoreChange() { change.isEverything = true }
        return change
      }
    } catch {
      if let writeFailure { throw writeFailure }
      throw .store(error)
    }
    return report
  }

  /// `path` made absolute against the working folder, so a folder remembered means the same from
  /// anywhere.
  static func absolute(_ path: String) -> String {
    let absolute =
      path.hasPrefix("/")
      ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    return (absolute as NSString).standardizingPath
  }

  // MARK: The merge's state in the store

  func loadSyncState() throws -> [String: String] {
    var state: [String: String] = [:]
    try database.cached("SELECT key, value FROM sync_state").forEachRow { state[$0.text(0)] = $0.text(1) }
    return state
  }

  func storeSyncState(_ values: [String: String]) throws {
    let upsert = try database.cached("INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)")
    for (key, value) in values.sorted(by: { $0.key < $1.key }) { try upsert.run([.text(key), .text(value)]) }
  }

  func loadReadPositions() throws -> [String: Int] {
    var read: [String: Int] = [:]
    try database.cached("SELECT device, sequence FROM sync_read").forEachRow { read[$0.text(0)] = $0.int(1) }
    return read
  }

  func storeReadPositions(_ read: [String: Int]) throws {
    let upsert = try database.cached("INSERT OR REPLACE INTO sync_read (device, sequence) VALUES (?, ?)")
    for (device, sequence) in read { try upsert.run([.text(device), .integer(Int64(sequence))]) }
  }

  func loadSyncFields() throws -> SyncState {
    var fields: [SyncKey: SyncValue] = [:]
    try database.cached("SELECT entity, id, field, value, clock, device FROM sync_field").forEachRow { row in
      guard let entity = SyncEntity(rawValue: row.text(0)),
        let clock = SyncStamp.clock(fromText: row.text(4)),
        let value = SyncValueText.decode(row.text(3))
      else { throw SQLiteError(damage: .invalidValue(.setting)) }
      fields[SyncKey(entity, row.text(1), row.text(2))] = SyncValue(
        value, SyncStamp(clock: clock, device: row.text(5)))
    }
    return SyncState(fields: fields)
  }

  func storeSyncFields(_ keys: [SyncKey], of state: SyncState) throws {
    let upsert = try database.cached(
      "INSERT OR REPLACE INTO sync_field (entity, id, field, value, clock, device) VALUES (?, ?, ?, ?, ?, ?)")
    for key in keys {
      guard let kept = state[key] else { continue }
      try upsert.run([
        .text(key.entity.rawValue), .text(key.id), .text(key.field), .text(SyncValueText.encode(kept.value)),
        .text(kept.stamp.clockText), .text(kept.stamp.device),
      ])
    }
  }

  static func encodeReadPositions(_ read: [String: Int]) -> String {
    JSONWriter.line(.object(read.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }))
  }

  // MARK: Compaction

  /// Folds this device's logs into a snapshot once there are `syncCompactionThreshold` of them
  /// that every other device known to the folder has read: one entry per field (the latest), and
  /// none for a tracker's day stamped before that tracker's deletion (the deletion, kept, hides it
  /// forever). Deletions themselves stay, one line each. Returns how many files it replaced.
  func compact(
    _ folder: SyncFolder, device: String, logs: [Int], snapshot: Int?,
    others: [String: (logs: [Int], snapshots: [Int])], merged: SyncState, read: [String: Int]
  ) throws(SyncError) -> Int {
    guard let latest = logs.last, logs.count >= syncCompactionThreshold else { return 0 }
    // How far every other device has read this one, by the first line of its latest file.
    var point = latest
    for (other, files) in others {
      let newest = max(files.logs.last ?? 0, files.snapshots.last ?? 0)
      guard newest > 0 else { continue }
      let name =
        newest == files.snapshots.last ? SyncLogFile.snapshotName(newest) : SyncLogFile.name(newest)
      guard let line = folder.header(of: other, name), let positions = SyncLogFile.readPositions(header: line)
      else { return 0 }
      point = min(point, positions[device] ?? 0)
    }
    let folded = logs.filter { $0 <= point }
    guard folded.count >= syncCompactionThreshold else { return 0 }
    var kept: [SyncKey: SyncValue] = [:]
    var sources = folded.map { (SyncLogFile.name($0), $0, false) }
    if let snapshot, snapshot < point {
      sources.insert((SyncLogFile.snapshotName(snapshot), snapshot, true), at: 0)
    }
    for (name, sequence, isSnapshot) in sources {
      // A file of its own that does not read back whole is left as it is, and so is everything.
      guard let text = folder.text(of: device, name),
        case .success(let file) = SyncLogFile.decode(
          text, device: device, sequence: sequence, snapshot: isSnapshot)
      else { return 0 }
      for (key, value) in file.entries where kept[key].map({ $0.stamp < value.stamp }) ?? true {
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
    for (name, _, _) in sources { try folder.remove(device, name) }
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
