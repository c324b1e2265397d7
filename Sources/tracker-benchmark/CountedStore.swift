import Foundation
import TrackerModels

/// A store that counts the reads made through it: the benchmark shows what a keystroke asks of
/// the store, not only how long it takes.
final class CountedStore: ForwardingTrackerStore, @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// How many reads were made so far.
  var reads: Int { lock.withLock { count } }

  override func willRead() throws(StoreError) { lock.withLock { count += 1 } }
}
