import TrackerModels

/// A tracker's days (its records or its days off) in order: what the in-memory store keeps
/// instead of a set, so that its reads, which hand the days out in order as the SQLite store's
/// `ORDER BY day` does, sort nothing. A day is found, added and removed by binary search.
struct SortedDays: Equatable, Sequence, ExpressibleByArrayLiteral {
  /// The days, ascending, each once.
  private(set) var days: [Day] = []

  init(arrayLiteral days: Day...) { formUnion(days) }

  func makeIterator() -> IndexingIterator<[Day]> { days.makeIterator() }

  var underestimatedCount: Int { days.count }
  var count: Int { days.count }
  var isEmpty: Bool { days.isEmpty }
  /// The first day.
  func min() -> Day? { days.first }

  func contains(_ day: Day) -> Bool {
    let index = place(of: day)
    return index < days.count && days[index] == day
  }

  /// Adds `day` in its place; whether it was not there yet (as `Set.insert` says).
  @discardableResult
  mutating func insert(_ day: Day) -> (inserted: Bool, memberAfterInsert: Day) {
    let index = place(of: day)
    guard index == days.count || days[index] != day else { return (false, day) }
    days.insert(day, at: index)
    return (true, day)
  }

  /// Removes `day`; it, when it was there (as `Set.remove` says).
  @discardableResult
  mutating func remove(_ day: Day) -> Day? {
    let index = place(of: day)
    guard index < days.count, days[index] == day else { return nil }
    return days.remove(at: index)
  }

  /// Adds every day of `other` (many at once: an import).
  mutating func formUnion(_ other: some Sequence<Day>) {
    var merged = days
    merged.append(contentsOf: other)
    merged.sort()
    days = []
    days.reserveCapacity(merged.count)
    for day in merged where days.last != day { days.append(day) }
  }

  /// Removes every day of `other`.
  mutating func subtract(_ other: some Sequence<Day>) {
    let removed = Set(other)
    days.removeAll { removed.contains($0) }
  }

  /// The index of `day`, or where it would go.
  private func place(of day: Day) -> Int {
    var (low, high) = (0, days.count)
    while low < high {
      let middle = (low + high) / 2
      if days[middle] < day { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
