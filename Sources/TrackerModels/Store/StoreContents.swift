/// Everything a store holds except settings: what export writes and import reads.
public struct StoreContents: Hashable, Sendable {
  /// Categories, sorted by title.
  public var categories: [TrackerCategory]
  /// Trackers, sorted by name.
  public var trackers: [Tracker]
  /// Records, sorted by tracker then day.
  public var records: [TrackerRecord]
  /// Days off, sorted by tracker then day.
  public var daysOff: [TrackerDayOff]
  /// Notes, sorted by tracker then day (docs/rules.md, "Notes").
  public var notes: [TrackerNote]

  /// Contents with every part given.
  public init(
    categories: [TrackerCategory], trackers: [Tracker], records: [TrackerRecord],
    daysOff: [TrackerDayOff] = [], notes: [TrackerNote] = []
  ) {
    self.categories = categories
    self.trackers = trackers
    self.records = records
    self.daysOff = daysOff
    self.notes = notes
  }

  /// An empty store's contents.
  public static let empty = StoreContents(categories: [], trackers: [], records: [])
}
