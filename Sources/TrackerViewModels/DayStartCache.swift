import Foundation
import Observation
import TrackerModels

/// The day start hour as the store holds it, read once and again only after the settings changed
/// (here or in another process), so "today" costs no read of the store: a search keystroke reads
/// nothing. Shared by the copies of an `AppEnvironment`.
///
/// After a change of the settings the hour known so far is stale. The main actor waits for no
/// store call: it goes on with the stale hour while the hour is read again off the main actor
/// (through the environment's `StoreAccess`, like every other read), and the followers (`follow`:
/// the flow and the main screen, which then look at "today" again) hear of a new hour when it
/// comes. An hour never read at all counts as midnight until its read lands: the flow's launch
/// reads it with the settings, and a screen built on its own awaits `read(through:)` first
/// (`AppEnvironment.dayStartRead()`) or follows.
///
/// It lives on the main actor, as the screens do, and hears of the settings' changes through the
/// access's observation (no lock): it follows before any screen (the flow's launch remembers the
/// hour first), so the hour is stale before a screen asks for "today" again.
@MainActor
public final class DayStartCache: Observable, Sendable {
  /// The hour last read or remembered.
  private var cached: DayStart?
  /// Whether the settings changed since `cached` was read.
  /// Whether the settings changed (here or in another process) since the hour was read: until
  /// the new hour's read lands, "today" goes on with the hour known before. Observable: a
  /// client or a test can follow another process's change of the day start arriving.
  public private(set) var isStale: Bool {
    get {
      registrar.access(self, keyPath: \.isStale)
      return stale
    }
    set { registrar.withMutation(of: self, keyPath: \.isStale) { stale = newValue } }
  }
  private var stale = false
  private let registrar = ObservationRegistrar()
  /// Counts the changes of the settings: a read begun before one is not kept after it.
  private var generation = 0
  /// The generation a read off the main actor is under way for.
  private var refreshing: Int?
  private var subscription: ObservationToken?
  private var followers: [Follower] = []

  /// A cache that has read nothing yet.
  public nonisolated init() {}

  /// The store's day start as known now: the hour last read, else midnight. Read again through
  /// `access`, the view models' one way to the store, off the main actor when the settings
  /// changed or it was never read (the followers hear of a new one). A read that fails leaves
  /// the hour as it was, and the next "today" tries again; the user hears of the failure from
  /// the screens that read the settings themselves (the flow's launch alert, the main screen's
  /// and the settings' own reads).
  func dayStart(through access: StoreAccess<any TrackerDataStore, StoreChange>) -> DayStart {
    let (known, readFor) = (cached, generation)
    if let known, !isStale { return known }
    watchSettings(through: access)
    refreshInBackground(through: access, readFor: readFor)
    return known ?? .midnight
  }

  /// Reads the hour now unless it is known and current, and returns once it is (or its read
  /// failed): for a screen built on its own, before it asks for "today".
  func read(through access: StoreAccess<any TrackerDataStore, StoreChange>) async {
    if cached != nil, !isStale { return }
    watchSettings(through: access)
    let readFor = generation
    learned(await access.read(Self.read), readFor: readFor)
  }

  /// What the hour is read with.
  private static let read: @Sendable (any TrackerDataStore) throws(StoreError) -> DayStart = {
    (store) throws(StoreError) in
    try store.settings().dayStart
  }

  /// Reads the hour off the main actor (once per change of the settings) and tells the followers
  /// when it differs from the one known.
  private func refreshInBackground(
    through access: StoreAccess<any TrackerDataStore, StoreChange>, readFor: Int
  ) {
    guard refreshing != readFor else { return }
    refreshing = readFor
    access.read(Self.read) { [self] result in
      // A failure leaves the stale hour, and the next "today" tries again; the screens that read
      // the settings themselves say why they could not.
      if refreshing == readFor { refreshing = nil }
      learned(result, readFor: readFor)
    }
  }

  /// A read of the hour ended: a new hour is kept (unless the settings changed since it was
  /// read) and the followers hear of it; a failure leaves the hour as it was.
  private func learned(_ result: Result<DayStart, StoreError>, readFor: Int) {
    guard case .success(let start) = result else { return }
    let before = cached
    keep(start, readFor: readFor)
    if cached != before { tellFollowers() }
  }

  /// Keeps `start` unless the settings changed since it was read (`generation`), or a save of
  /// the hour remembered is under way.
  private func keep(_ start: DayStart, readFor: Int) {
    guard generation == readFor, savesUnderWay == 0 else { return }
    cached = start
    isStale = false
  }

  /// Takes `start` as the hour of the store `access` reaches: read by whoever just read the
  /// settings (the flow at launch), or about to be saved by Settings (whose save, if it fails,
  /// remembers the old one), so "today" needs no read of its own.
  func remember(_ start: DayStart, through access: StoreAccess<any TrackerDataStore, StoreChange>) {
    watchSettings(through: access)
    cached = start
    isStale = false
    // A read under way since before is not kept over this.
    generation += 1
  }

  /// How many saves of a remembered hour are under way (`saveBegan`, `saveEnded`).
  private var savesUnderWay = 0

  /// Settings began saving the hour it remembered: until the save ends, no read is kept over it.
  /// A read made while the save waits for the file (another program's write, a sync's merge,
  /// whose commit marks the hour stale) reads the hour before it, and "today" would move back
  /// for as long as the save waits.
  func saveBegan() { savesUnderWay += 1 }

  /// A save `saveBegan` told of ended (saved, or not: then Settings remembers the hour before).
  /// A read begun while it was under way is not kept either: it may have read the hour before.
  func saveEnded() {
    savesUnderWay -= 1
    generation += 1
  }

  /// Starts marking the hour stale whenever the settings change (once): a commit of this
  /// process's or another's, as the access hands it to the main actor, before the screens that
  /// follow after this. The next "today" reads it again.
  private func watchSettings(through access: StoreAccess<any TrackerDataStore, StoreChange>) {
    guard subscription == nil else { return }
    subscription = access.observe { [weak self] change in
      if change.settingsChanged || change.isEverything { self?.invalidate() }
    }
  }

  /// Marks the hour stale: the next "today" reads it again, and a read begun before this is not
  /// kept.
  func invalidate() {
    isStale = true
    generation += 1
  }

  // MARK: Followers

  /// Calls `handler` whenever an hour read off the main actor differs from the one known, until
  /// the token goes.
  func follow(_ handler: @escaping @MainActor @Sendable () -> Void) -> ObservationToken {
    let follower = Follower(handler: handler)
    followers.append(follower)
    return follower.cancelled.token
  }

  private func tellFollowers() {
    followers.removeAll { $0.cancelled.isSet }
    for follower in followers where !follower.cancelled.isSet { follower.handler() }
  }

  /// A follower of the hour.
  private struct Follower {
    let handler: @MainActor @Sendable () -> Void
    let cancelled = CancelFlag()
  }
}
