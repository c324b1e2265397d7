import Foundation
import TrackerModels

/// The app's sync with its shared folder (issue 33, docs/sync.md), as the screens see it: the
/// folder joined, the last sync, the clocks ahead, and why the last sync made in the background
/// failed. Settings shows it; only the interactive app syncs in the background
/// (`startSyncingInBackground`), `show` and `run` only read it.
///
/// Present in an environment only when its store can sync (the SQLite data file); the demo and
/// in-memory stores have none, and Settings says sync is off.
@MainActor
public final class AppSync: ObservableViewModel {
  /// What the sync looks like now.
  public struct State: Equatable, Sendable {
    /// The folder joined, the last sync, the clocks ahead, as the store says.
    public var status: SyncStatus
    /// Why the last sync in the background failed; nil once one succeeds.
    public var failure: SyncError?
    /// The logs the last background sync that worked could not read because a newer Tracker
    /// wrote them (not the ones still being copied: the next sync reads those).
    public var newerLogs: [UnreadLog]
    /// Whether the status was read from the store (or its read failed): until then `status` says
    /// nothing, and Settings shows no sync row rather than "Sync: off".
    public var isRead: Bool

    /// A value with every field given.
    public init(
      status: SyncStatus = SyncStatus(), failure: SyncError? = nil, newerLogs: [UnreadLog] = [],
      isRead: Bool = true
    ) {
      self.status = status
      self.failure = failure
      self.newerLogs = newerLogs
      self.isRead = isRead
    }
  }

  public let observable: ObservableState<State>
  /// The store that syncs.
  public nonisolated let store: any SyncingStore
  /// The way to it for the status's reads: off the main actor, as every screen's (the status
  /// changes with no commit a screen hears of, so nothing is observed through it).
  private let access: StoreAccess<any SyncingStore, Never>
  private var background: BackgroundSync?

  /// The sync of `store`, with its status as stored (none when it cannot be read: the screens'
  /// own reads say why). The status is read off the main actor, `state.isRead` false until it
  /// comes (the main actor waits for no store call; `settled()` awaits the read).
  public init(store: any SyncingStore) {
    self.store = store
    access = StoreAccess(
      store, busyCut: AppEnvironment.busyCut,
      observe: { _, _ in ObservationToken {} },
      cutToWait: { (_, _, body) throws(StoreError) in try body() })
    observable = ObservableState(State(isRead: false))
    refresh()
  }

  /// Reads the status again (another program synced this data file, or joined a folder): off
  /// the main actor, the new status shown when it comes.
  public func refresh() {
    access.read { (store) throws(StoreError) in
      try store.syncStatus()
    } then: { [weak self] in
      self?.statusRead($0)
    }
  }

  /// Returns once no read of the status is on its way.
  public func settled() async { await access.settled() }

  /// The status came, or could not be read: it stays as shown then (none, before the first read),
  /// and the screens' own reads of the store say why.
  private func statusRead(_ read: Result<SyncStatus, StoreError>) {
    var next = state
    if case .success(let status) = read { next.status = status }
    next.isRead = true
    state = next
  }

  /// Whether background syncs run (`startSyncingInBackground`).
  public var isSyncingInBackground: Bool { background != nil }

  /// Starts syncing by itself while a folder is joined: at once, whenever the folder's listing
  /// changes (looked at every `poll` seconds: a new log of another device), and `debounce`
  /// seconds after the last change made in this process (`changes` is the store the screens
  /// write to); after a failure, again at each look until one succeeds. All of it happens on a
  /// thread of its own (`BackgroundSync`), never on the main actor: the file I/O, the wait for
  /// the data file's write lock. What each sync did shows in `state`; what it merged reaches the
  /// screens through the store's observation. `listing` says what the folder holds (nil when it
  /// cannot be read): any difference between two looks means a sync. Calling it again does
  /// nothing.
  public func startSyncingInBackground(
    observing changes: any TrackerDataStore, now: @escaping @Sendable () -> Date,
    listing: @escaping @Sendable (String) -> String?, poll: TimeInterval = 1, debounce: TimeInterval = 1
  ) {
    guard background == nil else { return }
    let background = BackgroundSync(
      store: store, now: now, listing: listing, poll: poll, debounce: debounce
    ) { [weak self] outcome in
      Task { @MainActor in self?.finished(outcome) }
    }
    self.background = background
    background.start(observing: changes)
  }

  /// Stops the background syncs when the app closes: a sync under way finishes, and a change
  /// made here that was not sent yet (the app closed within `debounce` of it) is sent now.
  /// Returns when that is done (the app is closing; the main actor awaits, never blocks).
  public func stopSyncingInBackground() async {
    guard let background else { return }
    self.background = nil
    await background.finish()
  }

  /// A background sync ended: what it did or why it failed. The status it left is read again
  /// through the status's own reads, one at a time in the order asked: a read asked before the
  /// sync, and answered after it, must not put back the status from before the sync. (Read on
  /// the sync's thread and handed over here, the status overtook such a read, which then showed
  /// "not synced yet" over a folder just synced until something made Settings read again.)
  private func finished(_ outcome: Result<SyncReport, SyncError>) {
    var next = state
    switch outcome {
    case .success(let report):
      next.failure = nil
      next.newerLogs = report.unread.filter { $0.reason == .newerVersion }
    case .failure(let error):
      next.failure = error
    }
    state = next
    // Not once the syncs were stopped (the app is closing): a read begun then could still hold
    // the store as the process exits.
    if background != nil { refresh() }
  }
}

/// The background part of `AppSync`: an actor that looks at the folder, waits out a burst of
/// changes, and syncs, one sync at a time. It runs on a thread of its own (`QueueExecutor`, at
/// utility priority), never on Swift's cooperative pool: a sync blocks on files and on the data
/// file's write lock. What the looks and syncs know between them is the actor's own state.
actor BackgroundSync: QueueActor {
  nonisolated let executor = QueueExecutor(DispatchQueue(label: "tracker.sync", qos: .utility))
  private let store: any SyncingStore
  private let now: @Sendable () -> Date
  private let listing: @Sendable (String) -> String?
  private let poll: TimeInterval
  private let debounce: TimeInterval
  private let report: @Sendable (Result<SyncReport, SyncError>) -> Void

  /// Whether it looks at the folder (from `start` to `finish`).
  private var isLooking = false
  /// Whether it was finished: a start that comes after that starts nothing.
  private var isFinished = false
  private var observation: ObservationToken?
  /// What the folder held when the last sync began; nil before the first look.
  private var lastListing: String??
  /// Counts changes made here: a debounced sync runs only when no change came after its own.
  private var changeCount = 0
  private var lastFailed = false
  /// Whether a change was made here since the last sync began.
  private var hasUnsentChange = false

  init(
    store: any SyncingStore, now: @escaping @Sendable () -> Date,
    listing: @escaping @Sendable (String) -> String?,
    poll: TimeInterval, debounce: TimeInterval,
    report: @escaping @Sendable (Result<SyncReport, SyncError>) -> Void
  ) {
    self.store = store
    self.now = now
    self.listing = listing
    self.poll = poll
    self.debounce = debounce
    self.report = report
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Starts looking at the folder, and listening to the changes made in `changes`.
  nonisolated func start(observing changes: any TrackerDataStore) {
    // A change made in this process: never `isEverything`, which is another program's commit
    // (that program sends it, or the next sync here does) or a merge (a sync's own).
    let observation = changes.observe { [weak self] change in
      guard !change.isEverything else { return }
      // In order, before what comes next (`finish`, awaited from the main actor): a change made
      // just before the app closes is known when it closes.
      self?.inOrder { $0.changedHere() }
    }
    inOrder { $0.begin(observation) }
  }

  private func begin(_ observation: ObservationToken) {
    guard !isFinished else { return observation.cancel() }
    self.observation = observation
    isLooking = true
    lookNowAndLater()
  }

  /// Looks at the folder now and again every `poll` seconds while looking. Held weakly between
  /// looks: a look still pending when the app quits must not keep the store open past the exit.
  private func lookNowAndLater() {
    guard isLooking else { return }
    look()
    after(seconds: poll) { $0.lookNowAndLater() }
  }

  /// Stops looking and listening; sends a change made here that is not sent yet. Returns when
  /// done.
  func finish() {
    isFinished = true
    isLooking = false
    observation?.cancel()
    observation = nil
    if hasUnsentChange, let folder = folder() { sync(folder) }
  }

  private func changedHere() {
    guard isLooking else { return }
    changeCount += 1
    hasUnsentChange = true
    let count = changeCount
    // Held weakly: a wait still pending when the app quits must not keep the store (and its
    // write-ahead log) open past the exit.
    after(seconds: debounce) { $0.syncIfLastChange(count) }
  }

  /// The debounced sync of the change counted `count`, when no change came after it.
  private func syncIfLastChange(_ count: Int) {
    guard isLooking, changeCount == count, let folder = folder() else { return }
    sync(folder)
  }

  /// Syncs when the folder's listing changed since the last sync began (or never was looked at),
  /// or the last sync failed.
  private func look() {
    guard let folder = folder() else {
      lastListing = nil
      return
    }
    if lastFailed || lastListing == nil || lastListing! != listing(folder) { sync(folder) }
  }

  /// The folder joined, nil when none is (or the store cannot say now: the next look asks again).
  private func folder() -> String? { (try? store.syncStatus())?.folder }

  private func sync(_ folder: String) {
    // The listing before the sync: a log that comes while it runs makes the next look sync again.
    // This sync's own new log does too, once; that sync has nothing to send, and the listing
    // settles.
    lastListing = .some(listing(folder))
    let hadUnsentChange = hasUnsentChange
    hasUnsentChange = false
    let outcome: Result<SyncReport, SyncError>
    do throws(SyncError) {
      outcome = .success(try store.sync(folder: nil, now: now()))
    } catch {
      outcome = .failure(error)
    }
    let failed: Bool
    if case .failure = outcome { failed = true } else { failed = false }
    lastFailed = failed
    // A change that a failed sync did not send is still to send (at the next look, or at quit).
    if failed, hadUnsentChange { hasUnsentChange = true }
    // The outcome carries the sync's own failure to the screen, which then reads the status the
    // sync left.
    report(outcome)
  }
}
