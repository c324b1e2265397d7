import Foundation
import TrackerModels

/// A store that counts the reads made through it: the benchmark shows what a keystroke asks of
/// the store, not only how long it takes.
final class CountedStore: ForwardingTrackerStore {
  let base: any TrackerDataStore
  private let count = Locked(0)

  /// How many reads were made so far.
  var reads: Int { count.value }

  init(_ base: any TrackerDataStore) { self.base = base }

  func willRead() throws(StoreError) { count.withLock { $0 += 1 } }
}
