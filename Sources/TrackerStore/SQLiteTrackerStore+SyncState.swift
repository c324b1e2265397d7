import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite
import TrackerSync

/// The sync pass's parts that keep its state in the store: the steps a test can stop it at, the
/// log recorded and not yet written, the stamps of changes, the merge's fields and read positions.
extension SQLiteTrackerStore {
  /// Steps of a sync a test can stop it at, as a kill would (`syncStep`).
  package enum SyncStep: String, Sendable, CaseIterable {
    /// The folder listed, nothing changed yet.
    case listed
    /// Everything merged and recorded, inside the transaction, before its commit.
    case merged
    /// The transaction committed, the log not written yet.
    case committed
    /// The log written, its device's logs not folded yet.
    case written
    /// A snapshot written by compaction, the logs it folds not removed yet.
    case folded
    /// One folded log removed.
    case removed
  }

  /// Whether this device's files in the folder reach its last sequence without a gap: from its
  /// latest snapshot (or the first log) to `last`.
  static func isWhole(_ own: SyncFolder.DeviceFiles, through last: Int) -> Bool {
    guard last > 0 else { return true }
    let base = own.snapshots.last { $0 <= last } ?? 0
    let logs = Set(own.logs)
    return (base + 1..<last + 1).allSatisfy(logs.contains)
  }

  /// The file committed last and maybe not written: its sequence, whether it is a snapshot, its text.
  static func pendingLog(_ state: [String: String]) -> (sequence: Int, isSnapshot: Bool, text: String)? {
    guard let sequence = state["pending_sequence"].flatMap(Int.init), let text = state["pending_log"],
      !text.isEmpty
    else { return nil }
    return (sequence, state["pending_snapshot"] == "1", text)
  }

  /// Forgets the file committed last: it is in the folder.
  func clearPendingLog() throws {
    try database.cached(
      "DELETE FROM sync_state WHERE key IN ('pending_sequence', 'pending_snapshot', 'pending_log')"
    )
    .run()
  }

  /// `date` in milliseconds since 1970, within what a stamp holds (48 bits; none before 1970).
  static func milliseconds(_ date: Date) -> UInt64 {
    UInt64(max(0, min(date.timeIntervalSince1970 * 1000, Double(0xFFFF_FFFF_FFFF))))
  }

  /// The hybrid clock's value as stored (0 for none).
  static func clock(_ state: [String: String]) -> UInt64 {
    state["clock"].flatMap(SyncStamp.clock(fromText:)) ?? 0
  }

  /// Stamps the changes the transaction under way made (the rows the triggers left without a
  /// clock, `Schema.syncEditsSQL`) with one stamp of the hybrid clock at `now`: after every stamp
  /// this store has made or seen, so an edit made after seeing another wins over it.
  func stampEdits(at now: UInt64) throws {
    let unstamped = try database.cached("SELECT EXISTS (SELECT 1 FROM sync_edit WHERE clock IS NULL)").rows {
      $0.int(0)
    }
    guard unstamped.first == 1 else { return }
    // The clock alone: the state also holds the last log sent, which may be large.
    let stored = try database.cached("SELECT value FROM sync_state WHERE key = 'clock'").rows { $0.text(0) }
    var clock = HybridClock(device: "", latest: Self.clock(["clock": stored.first ?? ""]))
    clock.limit(now: now)
    let stamp = clock.stamp(now: now)
    try database.cached("UPDATE sync_edit SET clock = ? WHERE clock IS NULL").run([
      .integer(Int64(bitPattern: stamp.clock))
    ])
    try storeSyncState(["clock": stamp.clockText])
  }

  /// The stamps of the fields changed here since the last sync.
  func loadEditStamps() throws -> [SyncKey: UInt64] {
    var stamps: [SyncKey: UInt64] = [:]
    try database.cached("SELECT entity, id, field, clock FROM sync_edit WHERE clock IS NOT NULL").forEachRow {
      row in
      guard let entity = SyncEntity(rawValue: row.text(0)) else { return }
      stamps[SyncKey(entity, row.text(1), row.text(2))] = UInt64(bitPattern: Int64(row.int(3)))
    }
    return stamps
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
}
