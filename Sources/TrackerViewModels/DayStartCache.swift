import Foundation
import TrackerModels

/// The day start hour as the store holds it, read once and again only after the settings changed
/// (here or in another process), so "today" costs no read of the store: a search keystroke reads
/// nothing. Shared by the copies of an `AppEnvironment`.
public final class DayStartCache: @unchecked Sendable {
  private let lock = NSLock()
  private var cached: DayStart?
  /// Counts the changes of the settings: a read begun before one is not kept after it.
  private var generation = 0
  private var subscription: ObservationToken?

  /// A cache that has read nothing yet.
  public init() {}

  /// The store's day start; midnight while the settings cannot be read (the screen reading them
  /// says why).
  func dayStart(in store: any TrackerDataStore) -> DayStart {
    lock.lock()
    let (known, readFor) = (cached, generation)
    lock.unlock()
    if let known { return known }
    follow(store)
    let start: DayStart
    do {
      // Off the main thread: the main actor makes no store call (it waits for this one read,
      // made once per change of the settings).
      start = try OffMainThread.wait { () throws(StoreError) in
        try store.settings().dayStart
      }
    } catch {
      // Not remembered, so the next "today" tries again. The user hears of the failure from the
      // screens that read the settings themselves (the flow's launch alert, the main screen's and
      // the settings' own reads); "today" meanwhile counts from midnight.
      return .midnight
    }
    keep(start, readFor: readFor)
    return start
  }

  /// Keeps `start` unless the settings changed since it was read (`generation`).
  private func keep(_ start: DayStart, readFor: Int) {
    lock.lock()
    if generation == readFor { cached = start }
    lock.unlock()
  }

  /// Takes `start` as `store`'s hour, read by whoever just read the settings (the flow at
  /// launch), so "today" needs no read of its own.
  func remember(_ start: DayStart, of store: any TrackerDataStore) {
    follow(store)
    lock.lock()
    cached = start
    lock.unlock()
  }

  /// Starts forgetting the hour whenever `store`'s settings change (once).
  private func follow(_ store: any TrackerDataStore) {
    lock.lock()
    let isFollowing = subscription != nil
    lock.unlock()
    guard !isFollowing else { return }
    // Observers are called in the order they were added, on the thread that committed, before
    // the screens hear of the change on the main actor: the hour is forgotten before any screen
    // asks for "today" again, and the next "today" reads it (off the main thread).
    let token = store.observe { [weak self] change in
      if change.settingsChanged || change.isEverything { self?.invalidate() }
    }
    lock.lock()
    if subscription == nil { subscription = token } else { token.cancel() }
    lock.unlock()
  }

  /// Forgets the hour: the next "today" reads it again, and a read begun before this is not kept.
  func invalidate() {
    lock.lock()
    cached = nil
    generation += 1
    lock.unlock()
  }
}
