import Foundation

/// One tracker's marks as an import brings them: its days, not records each naming the tracker.
///
/// A day is 8 bytes and a record 24 (the tracker's id with it), so a backup of millions of
/// check-marks held this way takes a third of the memory, and the store writes it tracker by
/// tracker without grouping it again.
public struct TrackerMarks: Hashable, Sendable {
  /// The tracker they belong to.
  public var trackerID: UUID
  /// The days done, ascending, each once.
  public var records: [Day]
  /// The days off, ascending, each once, none of them a day done (a record wins).
  public var daysOff: [Day]
  /// A measurable tracker's amounts by record day; a record day without one has none (it counts
  /// as the target). Empty for a yes/no tracker. A day here that is not a record day is ignored.
  public var amounts: [Day: Amount]

  /// Marks with every part given. The days must be ascending and each once, and no day off a
  /// day done: `settled(trackerID:records:daysOff:amounts:)` makes them so from any days.
  public init(trackerID: UUID, records: [Day], daysOff: [Day] = [], amounts: [Day: Amount] = [:]) {
    self.trackerID = trackerID
    self.records = records
    self.daysOff = daysOff
    self.amounts = amounts
  }

  /// Marks of `trackerID` from days in any order, repeats allowed: sorted, each once, and no
  /// day off on a day done. Days already in order are kept as they are, without a copy.
  public static func settled(
    trackerID: UUID, records: [Day], daysOff: [Day] = [], amounts: [Day: Amount] = [:]
  ) -> TrackerMarks {
    let records = Day.ascendingOnce(records)
    let daysOff = Day.ascendingOnce(daysOff)
    return TrackerMarks(
      trackerID: trackerID, records: records, daysOff: Day.sorted(daysOff, without: records), amounts: amounts
    )
  }

  /// The marks of `trackerID` made of its `records` (ascending by day, each with its amount) and
  /// its `daysOff` (ascending), as a store reads them.
  public init(_ trackerID: UUID, records: [TrackerRecord], daysOff: [Day]) {
    var amounts: [Day: Amount] = [:]
    for record in records { if let amount = record.amount { amounts[record.day] = amount } }
    self.init(trackerID: trackerID, records: records.map(\.day), daysOff: daysOff, amounts: amounts)
  }

  /// The records, each with its amount.
  public var trackerRecords: [TrackerRecord] {
    records.map { TrackerRecord(trackerID: trackerID, day: $0, amount: amounts[$0]) }
  }
}

/// What an import adds to a store: categories, trackers, and the marks of each tracker, new or
/// already there.
public struct StoreAdditions: Hashable, Sendable {
  /// New categories.
  public var categories: [TrackerCategory]
  /// New trackers.
  public var trackers: [Tracker]
  /// Marks by tracker (new trackers' and the store's own), one entry per tracker.
  public var marks: [TrackerMarks]
  /// Notes (new trackers' and the store's own), at most one per tracker and day. A note on a day
  /// the store already has a note for is not added: the store's own text stays.
  public var notes: [TrackerNote]

  /// Additions with every part given.
  public init(
    categories: [TrackerCategory] = [], trackers: [Tracker] = [], marks: [TrackerMarks] = [],
    notes: [TrackerNote] = []
  ) {
    self.categories = categories
    self.trackers = trackers
    self.marks = marks
    self.notes = notes
  }

  /// The additions of `contents`: its records and days off grouped by tracker, in the order of
  /// each tracker's first mark.
  public init(_ contents: StoreContents) {
    var order: [UUID] = []
    var records: [UUID: [Day]] = [:]
    var daysOff: [UUID: [Day]] = [:]
    var amounts: [UUID: [Day: Amount]] = [:]
    // Records come grouped by tracker: a run of one tracker's days and amounts is gathered, then
    // added to the dictionaries once (a lookup a run, not a record).
    var run: (id: UUID, days: [Day], amounts: [Day: Amount])?
    func endRun() {
      guard let (id, days, runAmounts) = run else { return }
      if records[id] == nil, daysOff[id] == nil { order.append(id) }
      records[id, default: []].append(contentsOf: days)
      if !runAmounts.isEmpty { amounts[id, default: [:]].merge(runAmounts) { _, later in later } }
      run = nil
    }
    for record in contents.records {
      if record.trackerID != run?.id {
        endRun()
        run = (record.trackerID, [], [:])
      }
      run?.days.append(record.day)
      if let amount = record.amount { run?.amounts[record.day] = amount }
    }
    endRun()
    for dayOff in contents.daysOff {
      if records[dayOff.trackerID] == nil, daysOff[dayOff.trackerID] == nil { order.append(dayOff.trackerID) }
      daysOff[dayOff.trackerID, default: []].append(dayOff.day)
    }
    self.init(
      categories: contents.categories, trackers: contents.trackers,
      marks: order.map {
        TrackerMarks.settled(
          trackerID: $0, records: records[$0] ?? [], daysOff: daysOff[$0] ?? [], amounts: amounts[$0] ?? [:])
      },
      notes: contents.notes)
  }

  /// Nothing at all.
  public static let empty = StoreAdditions()

  /// How many records they add.
  public var recordCount: Int { marks.reduce(0) { $0 + $1.records.count } }
  /// How many days off they add.
  public var daysOffCount: Int { marks.reduce(0) { $0 + $1.daysOff.count } }
  /// Whether they add nothing.
  public var isEmpty: Bool {
    categories.isEmpty && trackers.isEmpty && recordCount == 0 && daysOffCount == 0 && notes.isEmpty
  }

  /// The same as store contents, a record for each day (three times the memory of the marks:
  /// for a summary's details and for tests, not for millions of days).
  public var contents: StoreContents {
    StoreContents(
      categories: categories, trackers: trackers,
      records: marks.flatMap(\.trackerRecords),
      daysOff: marks.flatMap { marks in
        marks.daysOff.map { TrackerDayOff(trackerID: marks.trackerID, day: $0) }
      },
      notes: notes)
  }
}

extension Day {
  /// `days` ascending, each once; `days` itself (no copy) when it already is.
  public static func ascendingOnce(_ days: [Day]) -> [Day] {
    if zip(days, days.dropFirst()).allSatisfy({ $0 < $1 }) { return days }
    var sorted = days.sorted()
    var kept = 0
    for index in sorted.indices where kept == 0 || sorted[index] != sorted[kept - 1] {
      sorted[kept] = sorted[index]
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    return sorted
  }

  /// The days of `days` that are not in `other`, both ascending and each once: a walk of the two
  /// together, no set built.
  public static func sorted(_ days: [Day], without other: [Day]) -> [Day] {
    guard !other.isEmpty, !days.isEmpty else { return days }
    var result: [Day] = []
    result.reserveCapacity(days.count)
    var position = other.startIndex
    for day in days {
      while position < other.endIndex, other[position] < day { position += 1 }
      if position == other.endIndex || other[position] != day { result.append(day) }
    }
    return result
  }
}
