import Foundation
import TrackerModels

/// A client's own store wrapper whose reads fail while `failsReads` is set (a file gone bad under
/// the app, an I/O error): what a client sees when the store refuses. It steps in before each read
/// of a `ForwardingTrackerStore`, which passes everything else on.
final class UnreadableStore: ForwardingTrackerStore, @unchecked Sendable {
  private let lock = NSLock()
  private var failing = false

  /// The failure every read throws while failing.
  static let failure = StoreError.storage(StorageFailure(.inputOutput, detail: "disk I/O error"))

  /// Whether reads fail from now on.
  var failsReads: Bool {
    get { lock.withLock { failing } }
    set { lock.withLock { failing = newValue } }
  }

  override func willRead() throws(StoreError) {
    if failsReads { throw Self.failure }
  }
}
