import Foundation

/// The reads of a store (`TrackerDataStore`). Inside `TrackerDataStore.read` they are the reads of
/// one snapshot: every one of them sees the same state of the data, whatever another connection
/// or process commits meanwhile.
public protocol TrackerDataReading {
  /// Every category, sorted by title.
  func categories() throws(StoreError) -> [TrackerCategory]
  /// Every tracker with its record summary, sorted by name.
  func trackers() throws(StoreError) -> [TrackerSummary]
  /// The ids of the trackers completed on `day`.
  func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID>
  /// The days `trackerID` was completed on, ascending.
  func recordDays(trackerID: UUID) throws(StoreError) -> [Day]
  /// Every record, sorted by day (the order `Statistics` reads them in).
  func allRecords() throws(StoreError) -> [TrackerRecord]
  /// The records of `trackerID`, with their amounts, ascending by day.
  func records(trackerID: UUID) throws(StoreError) -> [TrackerRecord]
  /// The records on `day`, with their amounts, in no particular order.
  func records(on day: Day) throws(StoreError) -> [TrackerRecord]
  /// The notes of `trackerID`, ascending by day.
  func notes(trackerID: UUID) throws(StoreError) -> [TrackerNote]
  /// The notes on `day`, in no particular order.
  func notes(on day: Day) throws(StoreError) -> [TrackerNote]
  /// The statistics as of `today` (docs/rules.md). A store keeps what they need up to date with
  /// every write, so this does not read every record.
  func statistics(asOf today: Day) throws(StoreError) -> Statistics
  /// The ids of the trackers off on `day`.
  func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID>
  /// The days `trackerID` is off, ascending.
  func daysOff(trackerID: UUID) throws(StoreError) -> [Day]
  /// The user's settings.
  func settings() throws(StoreError) -> StoreSettings
  /// Everything in the store, for export.
  func contents() throws(StoreError) -> StoreContents
}

extension TrackerDataReading {
  /// The statistics as of `today` of the trackers that count (issue 49): never an archived one,
  /// and with `categoryID` only that category's. When every tracker counts they are the store's
  /// own (`statistics(asOf:)`, kept up to date by every write); else they are computed from those
  /// trackers' records and days off, by the same rules. Call inside `read`, so every part comes
  /// from one snapshot.
  public func statistics(asOf today: Day, category categoryID: UUID?) throws(StoreError) -> Statistics {
    let all = try trackers().map(\.tracker)
    let counted = all.filter { !$0.isArchived && (categoryID == nil || $0.categoryID == categoryID) }
    if counted.count == all.count { return try statistics(asOf: today) }
    var records: [TrackerRecord] = []
    var daysOff: [TrackerDayOff] = []
    for tracker in counted {
      records += try self.records(trackerID: tracker.id)
      daysOff += try self.daysOff(trackerID: tracker.id).map { TrackerDayOff(trackerID: tracker.id, day: $0) }
    }
    records.sort { $0.day < $1.day }
    return Statistics(trackers: counted, records: records, daysOff: daysOff, today: today)
  }

  /// The trackers shown on `day` (docs/rules.md visibility), with their summaries.
  public func trackers(visibleOn day: Day) throws(StoreError) -> [TrackerSummary] {
    try trackers().filter { $0.isVisible(on: day) }
  }
}

/// Reads passed on to another reader, each after `willRead` and with the settings as `adjust`
/// makes them: the snapshot of a store wrapping another (`ForwardingTrackerStore`).
public struct ForwardingReader: TrackerDataReading {
  /// The reader every read goes to.
  public let base: any TrackerDataReading
  private let willRead: () throws(StoreError) -> Void
  private let adjust: (inout StoreSettings) -> Void

  /// Reads of `base`, each after `willRead` (throw to refuse the read), the settings as `adjust`
  /// makes them.
  public init(
    _ base: any TrackerDataReading, willRead: @escaping () throws(StoreError) -> Void = {},
    adjustingSettings adjust: @escaping (inout StoreSettings) -> Void = { _ in }
  ) {
    self.base = base
    self.willRead = willRead
    self.adjust = adjust
  }

  public func categories() throws(StoreError) -> [TrackerCategory] {
    try willRead()
    return try base.categories()
  }
  public func trackers() throws(StoreError) -> [TrackerSummary] {
    try willRead()
    return try base.trackers()
  }
  public func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try willRead()
    return try base.completedTrackerIDs(on: day)
  }
  public func recordDays(trackerID: UUID) throws(StoreError) -> [Day] {
    try willRead()
    return try base.recordDays(trackerID: trackerID)
  }
  public func allRecords() throws(StoreError) -> [TrackerRecord] {
    try willRead()
    return try base.allRecords()
  }
  public func records(trackerID: UUID) throws(StoreError) -> [TrackerRecord] {
    try willRead()
    return try base.records(trackerID: trackerID)
  }
  public func records(on day: Day) throws(StoreError) -> [TrackerRecord] {
    try willRead()
    return try base.records(on: day)
  }
  public func notes(trackerID: UUID) throws(StoreError) -> [TrackerNote] {
    try willRead()
    return try base.notes(trackerID: trackerID)
  }
  public func notes(on day: Day) throws(StoreError) -> [TrackerNote] {
    try willRead()
    return try base.notes(on: day)
  }
  public func statistics(asOf today: Day) throws(StoreError) -> Statistics {
    try willRead()
    return try base.statistics(asOf: today)
  }
  public func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try willRead()
    return try base.dayOffTrackerIDs(on: day)
  }
  public func daysOff(trackerID: UUID) throws(StoreError) -> [Day] {
    try willRead()
    return try base.daysOff(trackerID: trackerID)
  }
  public func settings() throws(StoreError) -> StoreSettings {
    try willRead()
    var settings = try base.settings()
    adjust(&settings)
    return settings
  }
  public func contents() throws(StoreError) -> StoreContents {
    try willRead()
    return try base.contents()
  }
}

/// A store whose single reads are each a snapshot of one read (`read`): a store wrapping another
/// writes `read` — the other's snapshot, wrapped — and its writes, and every read follows.
public protocol SnapshotReadingStore: TrackerDataStore {}

extension SnapshotReadingStore {
  public func categories() throws(StoreError) -> [TrackerCategory] {
    try read { (reader) throws(StoreError) in try reader.categories() }
  }
  public func trackers() throws(StoreError) -> [TrackerSummary] {
    try read { (reader) throws(StoreError) in try reader.trackers() }
  }
  public func completedTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try read { (reader) throws(StoreError) in try reader.completedTrackerIDs(on: day) }
  }
  public func recordDays(trackerID: UUID) throws(StoreError) -> [Day] {
    try read { (reader) throws(StoreError) in try reader.recordDays(trackerID: trackerID) }
  }
  public func allRecords() throws(StoreError) -> [TrackerRecord] {
    try read { (reader) throws(StoreError) in try reader.allRecords() }
  }
  public func records(trackerID: UUID) throws(StoreError) -> [TrackerRecord] {
    try read { (reader) throws(StoreError) in try reader.records(trackerID: trackerID) }
  }
  public func records(on day: Day) throws(StoreError) -> [TrackerRecord] {
    try read { (reader) throws(StoreError) in try reader.records(on: day) }
  }
  public func notes(trackerID: UUID) throws(StoreError) -> [TrackerNote] {
    try read { (reader) throws(StoreError) in try reader.notes(trackerID: trackerID) }
  }
  public func notes(on day: Day) throws(StoreError) -> [TrackerNote] {
    try read { (reader) throws(StoreError) in try reader.notes(on: day) }
  }
  public func statistics(asOf today: Day) throws(StoreError) -> Statistics {
    try read { (reader) throws(StoreError) in try reader.statistics(asOf: today) }
  }
  public func dayOffTrackerIDs(on day: Day) throws(StoreError) -> Set<UUID> {
    try read { (reader) throws(StoreError) in try reader.dayOffTrackerIDs(on: day) }
  }
  public func daysOff(trackerID: UUID) throws(StoreError) -> [Day] {
    try read { (reader) throws(StoreError) in try reader.daysOff(trackerID: trackerID) }
  }
  public func settings() throws(StoreError) -> StoreSettings {
    try read { (reader) throws(StoreError) in try reader.settings() }
  }
  public func contents() throws(StoreError) -> StoreContents {
    try read { (reader) throws(StoreError) in try reader.contents() }
  }
}
