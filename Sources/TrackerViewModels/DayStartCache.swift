import Foundation
import TrackerModels

/// The day start hour as the store holds it, read once and again only after the settings changed
/// (here or in another process), so "today" costs no read of the store: a search keystroke reads
/// nothing. Shared by the copies of an `AppEnvironment`.
///
/// After a change of the settings the hour known so far is stale. An app's main actor waits for
/// no store call: it goes on with the stale hour while the hour is read again off the main actor
/// (through the environment's `StoreAccess`, like every other read), and the followers (`follow`:
/// the flow, which then looks at "today" again) hear of a new hour when it comes. A script waits
/// for the read instead, so each step shows its outcome before the next. Only an hour never read
/// at all is always waited for (the flow's launch reads it with the settings, off the main
/// actor, so an app never does).
public final class DayStartCache: Sendable {
  /// What the cache knows, changed as one under its lock.
  private struct Known: Sendable {
    /// The hour last read or remembered.
    var cached: DayStart?
    /// Whether the settings changed since `cached` was read.
    var isStale = false
    /// Counts the changes of the settings: a read begun before one is not kept after it.
    var generation = 0
    /// The generation a read off the main actor is under way for.
    var refreshing: Int?
    var subscription: ObservationToken?
    var followers: [Follower] = []
  }
  private let known = Locked(Known())

  /// A cache that has read nothing yet.
  public init() {}

  /// The store's day start; midnight while the settings cannot be read (the screen reading them
  /// says why). Read through `access`, the view models' one way to the store: off the main actor
  /// while an hour is known (the followers hear of a new one), and waited for only when none is
  /// known yet or the access waits for every call (a script).
  @MainActor
  func dayStart(through access: StoreAccess<any TrackerDataStore, StoreChange>) -> DayStart {
    let (known, stale, readFor) = self.known.withLock { ($0.cached, $0.isStale, $0.generation) }
    if let known, !stale { return known }
    watchSettings(of: access.store)
    let read: @Sendable (any TrackerDataStore) throws(StoreError) -> DayStart = {
      (store) throws(StoreError) in
      try store.settings().dayStart
    }
    if let known, access.mainActorWait == .never {
      refreshInBackground(through: access, read, readFor: readFor)
      return known
    }
    // The one read the main actor waits for, made once per change of the settings, in a script
    // or before any hour is known (off the main thread, on the access's reader).
    switch access.readAndWait(read) {
    case .success(let start):
      keep(start, readFor: readFor)
      return start
    case .failure:
      // Not remembered, so the next "today" tries again. The user hears of the failure from the
      // screens that read the settings themselves (the flow's launch alert, the main screen's and
      // the settings' own reads); "today" meanwhile counts from the hour known, else midnight.
      return known ?? .midnight
    }
  }

  /// Reads the hour off the main actor (once per change of the settings) and tells the followers
  /// when it differs from the one known.
  @MainActor
  private func refreshInBackground(
    through access: StoreAccess<any TrackerDataStore, StoreChange>,
    _ read: @escaping @Sendable (any TrackerDataStore) throws(StoreError) -> DayStart, readFor: Int
  ) {
    let isNew = known.withLock { known in
      guard known.refreshing != readFor else { return false }
      known.refreshing = readFor
      return true
    }
    guard isNew else { return }
    access.read(read) { [self] result in
      // A failure leaves the stale hour, and the next "today" tries again; the screens that read
      // the settings themselves say why they could not.
      let read: DayStart? = if case .success(let start) = result { start } else { nil }
      let changed = known.withLock { known in
        if known.refreshing == readFor { known.refreshing = nil }
        let before = known.cached
        if let read { Self.keep(read, readFor: readFor, in: &known) }
        return read != nil && known.cached != before
      }
      if changed { tellFollowers() }
    }
  }

  /// Keeps `start` unless the settings changed since it was read (`generation`).
  private func keep(_ start: DayStart, readFor: Int) {
    known.withLock { Self.keep(start, readFor: readFor, in: &$0) }
  }

  private static func keep(_ start: DayStart, readFor: Int, in known: inout Known) {
    guard known.generation == readFor else { return }
    known.cached = start
    known.isStale = false
  }

  /// Takes `start` as `store`'s hour: read by whoever just read the settings (the flow at
  /// launch), or about to be saved by Settings (whose save, if it fails, remembers the old one),
  /// so "today" needs no read of its own.
  func remember(_ start: DayStart, of store: any TrackerDataStore) {
    watchSettings(of: store)
    known.withLock { known in
      known.cached = start
      known.isStale = false
      // A read under way since before is not kept over this.
      known.generation += 1
    }
  }

  /// Starts marking the hour stale whenever `store`'s settings change (once).
  private func watchSettings(of store: any TrackerDataStore) {
    guard known.value.subscription == nil else { return }
    // Observers are called in the order they were added, on the thread that committed, before
    // the screens hear of the change on the main actor: the hour is stale before any screen
    // asks for "today" again.
    let token = store.observe { [weak self] change in
      if change.settingsChanged || change.isEverything { self?.invalidate() }
    }
    let isSecond = known.withLock { known in
      guard known.subscription == nil else { return true }
      known.subscription = token
      return false
    }
    if isSecond { token.cancel() }
  }

  /// Marks the hour stale: the next "today" reads it again, and a read begun before this is not
  /// kept.
  func invalidate() {
    known.withLock { known in
      known.isStale = true
      known.generation += 1
    }
  }

  // MARK: Followers

  /// Calls `handler` on the main actor whenever an hour read off the main actor differs from the
  /// one known, until the token goes.
  @MainActor
  func follow(_ handler: @escaping @MainActor @Sendable () -> Void) -> ObservationToken {
    let follower = Follower(handler: handler)
    known.withLock { $0.followers.append(follower) }
    return ObservationToken { follower.cancelled.set() }
  }

  @MainActor
  private func tellFollowers() {
    let current = known.withLock { known in
      known.followers.removeAll { $0.cancelled.isSet }
      return known.followers
    }
    for follower in current where !follower.cancelled.isSet { follower.handler() }
  }

  /// A follower of the hour.
  private struct Follower: Sendable {
    let handler: @MainActor @Sendable () -> Void
    let cancelled = CancelFlag()
  }
}
