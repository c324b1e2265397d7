import Foundation
import TodoModels
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// The to-do app's environment: the task store, and its own dependencies (`TodoDependencies`):
/// the clock and the starting-task loader.
public typealias TodoEnvironment = StoreEnvironment<TodoDependencies>

/// What the to-do app's view models reach beside the store and the language.
public struct TodoDependencies: EnvironmentDependencies {
  /// The current instant (read on the main actor, where the screens are).
  public var now: @MainActor @Sendable () -> Date
  /// Where the starting tasks come from.
  public var loader: any TodoLoader

  /// The dependencies given.
  public init(now: @escaping @MainActor @Sendable () -> Date, loader: any TodoLoader) {
    self.now = now
    self.loader = loader
  }

  public static func access(to store: any TodoDataStore) -> StoreAccess<any TodoDataStore, TodoChange> {
    StoreAccess(
      store, busyCut: TodoEnvironment.busyCut,
      observe: { store, handler in store.observe(handler) },
      cutToWait: { (store, limit, body) throws(StoreError) in try store.waitingAtMost(limit, body) })
  }
}

// The to-do app's dependencies, read and written as the environment's own (declared one by one:
// a typo is "no member" of the environment, and each member shows its documentation).
extension TodoEnvironment {
  /// The current instant (read on the main actor, where the screens are).
  public var now: @MainActor @Sendable () -> Date {
    get { dependencies.now }
    set { dependencies.now = newValue }
  }
  /// Where the starting tasks come from.
  public var loader: any TodoLoader {
    get { dependencies.loader }
    set { dependencies.loader = newValue }
  }
}

extension TodoEnvironment {
  /// An environment with every dependency given. (The to-do screens show no day or time, so its
  /// time zone is UTC and nothing reads it.)
  public init(
    now: @escaping @MainActor @Sendable () -> Date, language: Language, store: any TodoDataStore,
    loader: any TodoLoader,
    makeID: @escaping @MainActor @Sendable () -> UUID
  ) {
    self.init(
      region: RegionSettings(language: language, timeZone: TimeZone(secondsFromGMT: 0)!), store: store,
      makeID: makeID, dependencies: TodoDependencies(now: now, loader: loader))
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
