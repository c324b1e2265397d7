import Foundation
import TrackerLocalization
import TrackerModels

/// What the to-do app's view models reach outside themselves: the clock, the language, the task
/// store, the starting-task loader and id generation.
public struct TodoEnvironment: Sendable {
  public var now: @Sendable () -> Date
  /// The language texts are shown in (it may change while the app runs: `TodoFlow.environmentChanged`).
  public var language: Language { region.language }
  /// The language, shared by copies: changing it re-labels every screen. (The to-do screens show
  /// no day or time, so its time zone is UTC and nothing reads it.)
  public let region: RegionSettings
  public var store: any TodoDataStore
  public var loader: any TodoLoader
  public var makeID: @Sendable () -> UUID
  /// The writes waiting for the data file while another program holds it (shared by copies).
  public let writer = StoreWriter()

  /// An environment with every dependency given.
  public init(
    now: @escaping @Sendable () -> Date, language: Language, store: any TodoDataStore, loader: any TodoLoader,
    makeID: @escaping @Sendable () -> UUID
  ) {
    self.now = now
    region = RegionSettings(language: language, timeZone: TimeZone(secondsFromGMT: 0)!)
    self.store = store
    self.loader = loader
    self.makeID = makeID
  }

  /// A fixed world for tests, previews, the tour and scripts: the clock stopped at `now`, ids
  /// counted up from 00000000-0000-4000-8000-000000000001.
  public static func fixed(
    now: Date, language: Language, store: any TodoDataStore, loader: any TodoLoader
  ) -> TodoEnvironment {
    let counter = IDCounter()
    return TodoEnvironment(
      now: { now }, language: language, store: store, loader: loader, makeID: { counter.next() })
  }

  /// The texts of the environment's language.
  public var localizer: Localizer { Localizer(language) }

  /// Runs `body` against the store; screens observing it have seen the change when this returns
  /// (the store tells observers synchronously, on this thread). A write waits at most
  /// `AppEnvironment.mainActorWait` for another program's lock, then fails with `.busy`.
  @discardableResult
  @MainActor
  func write<Result>(_ body: (any TodoDataStore) throws(StoreError) -> Result) throws(StoreError) -> Result {
    let store = store
    let outcome: Swift.Result<Result, StoreError> = TodoStoreSubscription.$isMainActorWrite.withValue(true) {
      do throws(StoreError) {
        return .success(
          try store.waitingAtMost(AppEnvironment.mainActorWait) { () throws(StoreError) in
            try body(store)
          })
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Runs the write of a tap on a screen that stays open, as `AppEnvironment.writeOrQueue` does:
  /// on the main actor when the file is free within `AppEnvironment.mainActorWait`, else on
  /// `writer`'s queue; `failed` hears on the main actor why it could not be saved.
  @MainActor
  func writeOrQueue(
    _ body: @escaping @Sendable (any TodoDataStore) throws(StoreError) -> Void,
    failed: @escaping @MainActor @Sendable (StoreError) -> Void
  ) throws(StoreError) {
    let store = store
    let queued = { @Sendable () throws(StoreError) -> Void in try body(store) }
    if writer.state.isSaving {
      writer.enqueue(queued, failed: failed)
      return
    }
    do throws(StoreError) {
      try write { store throws(StoreError) in try body(store) }
    } catch {
      guard case .storage(let failure) = error, failure.kind == .busy else { throw error }
      writer.enqueue(queued, failed: failed)
    }
  }
}

/// To-do store changes delivered on the main actor (as `StoreSubscription` for the tracker's).
enum TodoStoreSubscription {
  @TaskLocal static var isMainActorWrite = false

  static func observe(_ store: any TodoDataStore, _ handler: @escaping @MainActor (TodoChange) -> Void)
    -> ObservationToken
  {
    store.observe { change in
      if isMainActorWrite {
        MainActor.assumeIsolated { handler(change) }
      } else {
        Task { @MainActor in handler(change) }
      }
    }
  }
}
