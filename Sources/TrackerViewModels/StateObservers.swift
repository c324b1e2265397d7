/// Keeps a view model's state observable without Combine or Observation (iOS 13.4): handlers get
/// the state at once and after every change, until their token is cancelled or released.
@MainActor
public final class StateObservers<State: Equatable> {
  private var handlers: [Int: (State) -> Void] = [:]
  private var nextKey = 0

  /// An empty list of observers.
  public init() {}

  /// Adds `handler`, calls it with `current`, and returns the token that keeps it registered.
  public func add(_ current: State, _ handler: @escaping (State) -> Void) -> BindingToken {
    let key = nextKey
    nextKey += 1
    handlers[key] = handler
    handler(current)
    return BindingToken { [weak self] in self?.handlers[key] = nil }
  }

  /// Calls every handler with `state`.
  public func notify(_ state: State) {
    for key in handlers.keys.sorted() { handlers[key]?(state) }
  }
}

/// Keeps a binding alive; `cancel()` or releasing it stops the calls.
@MainActor
public final class BindingToken {
  private var onCancel: (() -> Void)?

  /// A token that runs `onCancel` once.
  public init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

  /// Stops the binding. Calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit { cancel() }
}
