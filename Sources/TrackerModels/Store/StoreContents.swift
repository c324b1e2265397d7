/// Everything a store holds except settings: what export writes and import reads.
public struct StoreContents: Hashable, Sendable {
  /// Categories, sorted by title.
  public var categories: [TrackerCategory]
  /// Trackers, sorted by name.
  public var trackers: [Tracker]
  /// Records, sorted by tracker then day.
  public var records: [TrackerRecord]

  /// Contents with every part given.
  public init(categories: [TrackerCategory], trackers: [Tracker], records: [TrackerRecord]) {
    self.categories = categories
    self.trackers = trackers
    self.records = records
  }

  /// An empty store's contents.
  public static let empty = StoreContents(categories: [], trackers: [], records: [])
}
