import Foundation
import TrackerLocalization
import TrackerModels

extension ObservableViewModel where State: AlertShowing {
  /// Reads with `fetch` off the main actor (`StoreAccess.read`) and hands `then` the value; when
  /// the store cannot be read, the screen shows why instead.
  func reading<Store, Change, Value: Sendable>(
    _ access: StoreAccess<Store, Change>, _ localizer: Localizer,
    _ fetch: @escaping @Sendable (Store) throws(StoreError) -> Value,
    then: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    access.read(fetch) { [weak self] result in
      switch result {
      case .success(let value): then(value)
      case .failure(let error): self?.state.alert = .storeFailure(error, .read, localizer)
      }
    }
  }

  /// Writes with `body` off the main actor (`StoreAccess.write`) and hands `then` what it
  /// returned; when it cannot be saved, `failed` runs and the screen shows why (if it is still
  /// open).
  func saving<Store, Change, Value: Sendable>(
    _ access: StoreAccess<Store, Change>, _ localizer: Localizer,
    _ policy: StoreAccess<Store, Change>.WritePolicy = .waitingInBackground,
    _ body: @escaping @Sendable (Store) throws(StoreError) -> Value,
    then: @escaping @MainActor @Sendable (Value) -> Void = { _ in },
    failed: @escaping @MainActor @Sendable () -> Void = {}
  ) {
    access.write(policy, body) { [weak self] result in
      switch result {
      case .success(let value): then(value)
      case .failure(let error):
        failed()
        self?.state.alert = .storeFailure(error, .save, localizer)
      }
    }
  }
}

extension TrackerDataStore {
  /// Makes `trackerID` completed on `day` (`isDone`: it has a record) or not, from whatever it is
  /// now, and says whether anything changed. A tap the screen showed as "Mark as done" ends done
  /// even when something got there first while it waited for the file: an earlier tap still
  /// saving, another window, another process (a toggle would have undone it).
  @discardableResult
  func setCompleted(_ isDone: Bool, trackerID: UUID, on day: Day) throws(StoreError) -> Bool {
    guard try completedTrackerIDs(on: day).contains(trackerID) != isDone else { return false }
    try toggleRecord(trackerID: trackerID, on: day)
    return true
  }
}
