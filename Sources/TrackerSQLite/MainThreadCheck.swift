import Foundation
import TrackerModels

/// Counts a store's calls made on the main thread: the debug check that the view models make
/// none (docs/architecture.md, "Data access": they reach a store only through `StoreAccess`,
/// whose queues run off the main thread). Tests read it as the store's `mainThreadCalls` after
/// driving the app; release builds count nothing.
package final class MainThreadCheck: Sendable {
  private let count = Locked(0)

  package init() {}

  /// A store call begins.
  package func callBegins() {
    #if DEBUG
      if MainQueue.isCurrent { count.withLock { $0 += 1 } }
    #endif
  }

  /// How many calls ran on the main thread so far.
  package var calls: Int { count.value }
}
