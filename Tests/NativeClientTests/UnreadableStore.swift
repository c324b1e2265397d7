import Foundation
import TrackerModels

/// A client's own store wrapper whose reads fail while `failsReads` is set (a file gone bad under
/// the app, an I/O error): what a client sees when the store refuses. It steps in before each read
/// of a `ForwardingTrackerStore`, which passes everything else on.
final class UnreadableStore: ForwardingTrackerStore {
  let base: any TrackerDataStore
  private let failing = Switch()

  init(_ base: any TrackerDataStore) { self.base = base }

  /// The failure every read throws while failing.
  static let failure = StoreError.storage(StorageFailure(.inputOutput, detail: "disk I/O error"))

  /// Whether reads fail from now on.
  var failsReads: Bool {
    get { failing.isOn }
    set { failing.isOn = newValue }
  }

  func willRead() throws(StoreError) {
    if failsReads { throw Self.failure }
  }
}

/// A flag set and read from any thread: what a client writes without the package's own `Locked`
/// (this test stands for a client on the public API only).
private final class Switch: @unchecked Sendable {
  // Safe: `on` is read and written only under `lock`.
  private let lock = NSLock()
  private var on = false

  var isOn: Bool {
    get { lock.withLock { on } }
    set { lock.withLock { on = newValue } }
  }
}
