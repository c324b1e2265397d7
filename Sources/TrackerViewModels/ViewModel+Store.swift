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
  package func saving<Store, Change, Value: Sendable>(
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

/// The state of a form that saves: whether its save is on its way (`StoreAccess` hands it off;
/// the form takes no second save, and no Cancel that would close it under the save's feet).
package protocol SaveShowing: AlertShowing {
  var isSaving: Bool { get set }
}

extension ObservableViewModel where State: SaveShowing {
  /// Saves with `body` as `saving` does, once at a time: a save asked for while one is on its way
  /// does nothing, and `state.isSaving` says so while it runs (set only when the write did not
  /// end at once, so a script's step still publishes one state). `then` or `failed` runs after
  /// `isSaving` is back to false.
  package func savingOnce<Store, Change, Value: Sendable>(
    _ access: StoreAccess<Store, Change>, _ localizer: Localizer,
    _ body: @escaping @Sendable (Store) throws(StoreError) -> Value,
    then: @escaping @MainActor @Sendable (Value) -> Void = { _ in },
    failed: @escaping @MainActor @Sendable (StoreError) -> Void = { _ in }
  ) {
    guard !state.isSaving else { return }
    access.write(.givingUpAfterWait, body) { [weak self] result in
      switch result {
      case .success(let value):
        if self?.state.isSaving == true { self?.state.isSaving = false }
        then(value)
      case .failure(let error):
        guard let self else { return failed(error) }
        var next = self.state
        next.isSaving = false
        next.alert = .storeFailure(error, .save, localizer)
        self.state = next
        failed(error)
      }
    }
    // The outcome comes on a later turn: until then the save is on its way.
    state.isSaving = true
  }
}
