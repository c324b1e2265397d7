import Foundation
import TrackerModels

/// The day start hour as the store holds it, read once and again only after the settings changed
/// (here or in another process), so "today" costs no read of the store: a search keystroke reads
/// nothing. Shared by the copies of an `AppEnvironment`.
///
/// After a change of the settings the hour known so far is stale. An app's main actor waits for
/// no store call: it goes on with the stale hour while the hour is read again off the main actor,
/// and the followers (`follow`: the flow, which then looks at "today" again) hear of a new hour
/// when it comes. A script waits for the read instead, so each step shows its outcome before the
/// next. Only an hour never read at all is always waited for (the flow's launch reads it with
/// the settings, off the main actor, so an app never does).
public final class DayStartCache: @unchecked Sendable {
  private let lock = NSLock()
  /// The hour last read or remembered.
  private var cached: DayStart?
  /// Whether the settings changed since `cached` was read.
  private var isStale = false
  /// Counts the changes of the settings: a read begun before one is not kept after it.
  private var generation = 0
  /// The generation a read off the main actor is under way for.
  private var refreshing: Int?
  private var subscription: ObservationToken?
  private var followers: [Follower] = []

  /// A cache that has read nothing yet.
  public init() {}

  /// The store's day start; midnight while the settings cannot be read (the screen reading them
  /// says why). `waits`: a stale hour is read again before this returns, instead of off the main
  /// actor.
  func dayStart(in store: any TrackerDataStore, waits: Bool) -> DayStart {
    lock.lock()
    let (known, stale, readFor) = (cached, isStale, generation)
    lock.unlock()
    if let known, !stale { return known }
    watchSettings(of: store)
    if let known, !waits {
      refreshInBackground(store, readFor: readFor)
      return known
    }
    let start: DayStart
    do {
      // Off the main thread: the main actor makes no store call (it waits for this one read,
      // made once per change of the settings, in a script or before any hour is known).
      start = try OffMainThread.wait { () throws(StoreError) in
        try store.settings().dayStart
      }
    } catch {
      // Not remembered, so the next "today" tries again. The user hears of the failure from the
      // screens that read the settings themselves (the flow's launch alert, the main screen's and
      // the settings' own reads); "today" meanwhile counts from the hour known, else midnight.
      return known ?? .midnight
    }
    keep(start, readFor: readFor)
    return start
  }

  /// Reads the hour off the main actor (once per change of the settings) and tells the followers
  /// when it differs from the one known.
  private func refreshInBackground(_ store: any TrackerDataStore, readFor: Int) {
    lock.lock()
    guard refreshing != readFor else {
      lock.unlock()
      return
    }
    refreshing = readFor
    lock.unlock()
    DispatchQueue.global().async { [self] in
      let read: DayStart?
      do {
        read = try store.settings().dayStart
      } catch {
        // The stale hour stays, and the next "today" tries again; the screens that read the
        // settings themselves say why they could not.
        read = nil
      }
      lock.lock()
      if refreshing == readFor { refreshing = nil }
      let before = cached
      if let read { keepLocked(read, readFor: readFor) }
      let changed = read != nil && cached != before
      lock.unlock()
      guard changed else { return }
      Task { @MainActor in self.tellFollowers() }
    }
  }

  /// Keeps `start` unless the settings changed since it was read (`generation`).
  private func keep(_ start: DayStart, readFor: Int) {
    lock.lock()
    keepLocked(start, readFor: readFor)
    lock.unlock()
  }

  private func keepLocked(_ start: DayStart, readFor: Int) {
    guard generation == readFor else { return }
    cached = start
    isStale = false
  }

  /// Takes `start` as `store`'s hour: read by whoever just read the settings (the flow at
  /// launch), or about to be saved by Settings (whose save, if it fails, remembers the old one),
  /// so "today" needs no read of its own.
  func remember(_ start: DayStart, of store: any TrackerDataStore) {
    watchSettings(of: store)
    lock.lock()
    cached = start
    isStale = false
    // A read under way since before is not kept over this.
    generation += 1
    lock.unlock()
  }

  /// Starts marking the hour stale whenever `store`'s settings change (once).
  private func watchSettings(of store: any TrackerDataStore) {
    lock.lock()
    let isFollowing = subscription != nil
    lock.unlock()
    guard !isFollowing else { return }
    // Observers are called in the order they were added, on the thread that committed, before
    // the screens hear of the change on the main actor: the hour is stale before any screen
    // asks for "today" again.
    let token = store.observe { [weak self] change in
      if change.settingsChanged || change.isEverything { self?.invalidate() }
    }
    lock.lock()
    if subscription == nil { subscription = token } else { token.cancel() }
    lock.unlock()
  }

  /// Marks the hour stale: the next "today" reads it again, and a read begun before this is not
  /// kept.
  func invalidate() {
    lock.lock()
    isStale = true
    generation += 1
    lock.unlock()
  }

  // MARK: Followers

  /// Calls `handler` on the main actor whenever an hour read off the main actor differs from the
  /// one known, until the token goes.
  @MainActor
  func follow(_ handler: @escaping @MainActor () -> Void) -> ObservationToken {
    let follower = Follower(handler)
    lock.lock()
    followers.append(follower)
    lock.unlock()
    return ObservationToken { follower.cancelled.set() }
  }

  @MainActor
  private func tellFollowers() {
    lock.lock()
    followers.removeAll { $0.cancelled.isSet }
    let current = followers
    lock.unlock()
    for follower in current where !follower.cancelled.isSet { follower.handler() }
  }

  /// A follower of the hour.
  private final class Follower: @unchecked Sendable {
    let handler: @MainActor () -> Void
    let cancelled = CancelFlag()
    init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }
  }
}
