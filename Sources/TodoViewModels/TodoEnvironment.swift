import Foundation
import TodoModels
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// What the to-do app's view models reach outside themselves: the clock, the language, the task
/// store, the starting-task loader and id generation.
public struct TodoEnvironment: StoreEnvironment {
  /// The current instant (read on the main actor, where the screens are).
  public var now: @MainActor @Sendable () -> Date
  /// The language, shared by copies: changing it re-labels every screen. (The to-do screens show
  /// no day or time, so its time zone is UTC and nothing reads it.)
  public let region: RegionSettings
  /// Where the tasks live. View models never call it themselves: they go through `access`, off
  /// the main actor.
  public var store: any TodoDataStore {
    get { access.store }
    set { access = access.with(store: newValue) }
  }
  /// How long a form's save waits for another program's lock before the form says the file is
  /// busy (and keeps what was typed): `AppEnvironment.busyCut` in the app; nil in a script, whose
  /// step waits as long as any write, so its outcome never depends on a lock held for a moment.
  public var formSaveWait: Duration? {
    get { access.busyCut }
    set { access = access.with(store: store, busyCut: newValue) }
  }
  /// The view models' way to the store (shared by copies): the same machinery as the tracker's.
  public private(set) var access: StoreAccess<any TodoDataStore, TodoChange>
  public var loader: any TodoLoader
  /// Makes ids for new tasks (called on the main actor, where the screens are).
  public var makeID: @MainActor @Sendable () -> UUID

  /// An environment with every dependency given. The main actor waits for no store call, as
  /// the tracker's does (`AppEnvironment`).
  public init(
    now: @escaping @MainActor @Sendable () -> Date, language: Language, store: any TodoDataStore,
    loader: any TodoLoader,
    makeID: @escaping @MainActor @Sendable () -> UUID
  ) {
    self.now = now
    region = RegionSettings(language: language, timeZone: TimeZone(secondsFromGMT: 0)!)
    access = StoreAccess(
      store, busyCut: AppEnvironment.busyCut,
      observe: { store, handler in store.observe(handler) },
      cutToWait: { (store, limit, body) throws(StoreError) in try store.waitingAtMost(limit, body) })
    self.loader = loader
    self.makeID = makeID
  }

  /// A fixed world for tests, previews, the tour and scripts: the clock stopped at `now`, ids
  /// counted up from 00000000-0000-4000-8000-000000000001; each step is awaited
  /// (`TodoFlow.settled()`).
  public static func fixed(
    now: Date, language: Language, store: any TodoDataStore, loader: any TodoLoader
  ) -> TodoEnvironment {
    let counter = IDCounter()
    return TodoEnvironment(
      now: { now }, language: language, store: store, loader: loader, makeID: { counter.next() })
  }
}

extension TodoListViewModel: StoreScreen {}
extension TodoFormViewModel: StoreScreen {}
