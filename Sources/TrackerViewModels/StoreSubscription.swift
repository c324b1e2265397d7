import Foundation
import TrackerModels

/// Store changes delivered on the main actor.
///
/// Writes made by the view models (through `AppEnvironment.write`) mark their task; the store calls
/// observers synchronously inside the write, so those observers run at once, still on the main
/// actor, and every screen is up to date when the intent returns. A change made anywhere else is
/// delivered on the next turn of the main actor.
enum StoreSubscription {
  @TaskLocal static var isMainActorWrite = false

  static func observe(
    _ store: any TrackerDataStore, _ handler: @escaping @MainActor (StoreChange) -> Void
  ) -> ObservationToken {
    store.observe { change in
      if isMainActorWrite {
        MainActor.assumeIsolated { handler(change) }
      } else {
        Task { @MainActor in handler(change) }
      }
    }
  }
}

extension AppEnvironment {
  /// Runs `body` against the store from the main actor; screens observing the store have seen the
  /// change by the time this returns.
  @MainActor
  @discardableResult
  func write<Result>(_ body: (any TrackerDataStore) throws -> Result) throws(StoreError) -> Result {
    let outcome: Swift.Result<Result, StoreError> = StoreSubscription.$isMainActorWrite.withValue(true) {
      do {
        return .success(try body(store))
      } catch {
        return .failure(
          error as? StoreError ?? .storage(StorageFailure(.other, detail: String(describing: error))))
      }
    }
    return try outcome.get()
  }
}
