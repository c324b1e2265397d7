import Foundation

/// The order the user gives trackers (issue 49): each tracker's `order`, then its name, then its
/// id, so the order is total and trackers never moved (every `order` 0) show by name as before.
///
/// A move gives the moved tracker alone a number between its new neighbours' (numbers are
/// `step` apart when the order is made), so a move is one field of one tracker: what sync sends
/// and what two devices' moves meet on (each tracker's `order` is a field of its own, the last
/// writer wins). Only when there is no number between the neighbours (after many moves into one
/// gap, or the first move among trackers never moved) are all trackers numbered again, `step`
/// apart, in their order with the move made.
public enum TrackerOrder {
  /// The gap between two neighbours' numbers when the order is numbered again: 16 moves into one
  /// gap fit before the next renumbering.
  public static let step = 1 << 16

  /// Where a tracker moves: right before another, right after another.
  public enum Place: Hashable, Sendable {
    case before(UUID)
    case after(UUID)
  }

  /// The `order` a tracker made now takes, after every tracker there is (`orders`): 0 while no
  /// tracker was ever moved (so all show by name, the new one among them), else past the last.
  public static func orderOfNew<Orders: Sequence<Int>>(among orders: Orders) -> Int {
    guard let last = orders.max(), last != 0 || orders.contains(where: { $0 != 0 }) else { return 0 }
    return last <= Int.max - step ? last + step : last
  }

  /// Whether `a` comes before `b`: by `order`, then by name in `collation`, then by id.
  public static func areInOrder(_ a: Tracker, _ b: Tracker, _ collation: Collation) -> Bool {
    if a.order != b.order { return a.order < b.order }
    if a.name != b.name { return collation.areInOrder(a.name, b.name) }
    return a.id.textOrder < b.id.textOrder
  }

  /// `trackers` in order.
  public static func sorted(_ trackers: [Tracker], _ collation: Collation) -> [Tracker] {
    trackers.sorted { areInOrder($0, $1, collation) }
  }

  /// The new `order` of each tracker a move of `id` to `place` changes, among `trackers` (every
  /// tracker there is); empty when it is there already. The names are ordered by the root
  /// collation, the stores' language-free one, so every device computes the same order.
  public static func moving(_ id: UUID, to place: Place, among trackers: [Tracker]) throws(StoreError)
    -> [UUID: Int]
  {
    guard trackers.contains(where: { $0.id == id }) else { throw .trackerNotFound(id) }
    let ordered = sorted(trackers, .root)
    let others = ordered.filter { $0.id != id }
    // The index in `others` the moved tracker goes to.
    let index: Int
    switch place {
    case .before(let other):
      guard other != id else { return [:] }
      guard let found = others.firstIndex(where: { $0.id == other }) else { throw .trackerNotFound(other) }
      index = found
    case .after(let other):
      guard other != id else { return [:] }
      guard let found = others.firstIndex(where: { $0.id == other }) else { throw .trackerNotFound(other) }
      index = found + 1
    }
    var result = others
    result.insert(ordered.first { $0.id == id }!, at: index)
    guard result.map(\.id) != ordered.map(\.id) else { return [:] }
    let previous = index > 0 ? others[index - 1].order : nil
    let next = index < others.count ? others[index].order : nil
    // A number strictly between the neighbours puts it there, whatever their names.
    let number: Int? =
      switch (previous, next) {
      case (let low?, let high?): high - low >= 2 ? low + (high - low) / 2 : nil
      case (let low?, nil): low <= Int.max - 2 * step ? low + step : nil
      case (nil, let high?): high >= Int.min + 2 * step ? high - step : nil
      case (nil, nil): 0
      }
    if let number { return [id: number] }
    var changed: [UUID: Int] = [:]
    for (position, tracker) in result.enumerated() where tracker.order != (position + 1) * step {
      changed[tracker.id] = (position + 1) * step
    }
    return changed
  }
}
