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
  /// The longest the main actor waits for another program's lock on the data file.
  public static let mainActorWait: Duration = .milliseconds(100)

  /// Runs `body` against the store from the main actor; screens observing the store have seen the
  /// change by the time this returns. A write waits at most `mainActorWait` for another
  /// program's lock, then fails with `.busy` (the screen says so; what was typed stays).
  @MainActor
  @discardableResult
  func write<Result>(_ body: (any TrackerDataStore) throws -> Result) throws(StoreError) -> Result {
    let store = store
    let outcome: Swift.Result<Result, StoreError> = StoreSubscription.$isMainActorWrite.withValue(true) {
      do throws(StoreError) {
        return .success(
          try store.waitingAtMost(Self.mainActorWait) { () throws(StoreError) in
            do {
              return try body(store)
            } catch {
              throw error as? StoreError
                ?? .storage(StorageFailure(.other, detail: String(describing: error)))
            }
          })
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Runs the write of a tap on a screen that stays open: on the main actor when the file is free
  /// within `mainActorWait`, else on `writer`'s queue, which waits up to the busy timeout (and
  /// later taps wait behind it, in order). The change shows through the store's observation
  /// either way; when the write could not be saved, `failed` hears why on the main actor.
  @MainActor
  func writeOrQueue(
    _ body: @escaping @Sendable (any TrackerDataStore) throws -> Void,
    failed: @escaping @MainActor @Sendable (StoreError) -> Void
  ) throws(StoreError) {
    let store = store
    let queued = { @Sendable () throws(StoreError) -> Void in
      do {
        try body(store)
      } catch {
        throw error as? StoreError ?? .storage(StorageFailure(.other, detail: String(describing: error)))
      }
    }
    if writer.state.isSaving {
      writer.enqueue(queued, failed: failed)
      return
    }
    do throws(StoreError) {
      try write { store in try body(store) }
    } catch {
      guard case .storage(let failure) = error, failure.kind == .busy else { throw error }
      writer.enqueue(queued, failed: failed)
    }
  }
}
