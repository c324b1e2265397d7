import Foundation

/// Whether code runs as the main actor's work: on the main thread, or as a job of the main
/// queue. On Linux, once `dispatchMain` runs (as under Swift Testing), a worker thread drains
/// the main queue, so `Thread.isMainThread` alone says no where the main actor runs.
package enum MainQueue {
  /// Whether the current code runs on the main thread or as a job of the main queue.
  package static var isCurrent: Bool {
    _ = mark
    return Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
  }

  private static let key = DispatchSpecificKey<Bool>()
  private static let mark: Void = DispatchQueue.main.setSpecific(key: key, value: true)
}
