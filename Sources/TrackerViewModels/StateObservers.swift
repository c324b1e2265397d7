/// Keeps a view model's state observable without Combine or Observation (iOS 13.4): handlers get
/// the state at once and after every change, while their token is alive and not cancelled.
@MainActor
public final class StateObservers<State: Equatable> {
  private struct Entry {
    weak var token: BindingToken?
    let handler: (State) -> Void
  }

  private var entries: [Entry] = []

  /// An empty list of observers.
  public init() {}

  /// Adds `handler`, calls it with `current`, and returns the token that keeps it registered.
  public func add(_ current: State, _ handler: @escaping (State) -> Void) -> BindingToken {
    let token = BindingToken()
    entries.append(Entry(token: token, handler: handler))
    handler(current)
    return token
  }

  /// Calls every live handler with `state`, in the order they were added, and forgets the ones
  /// whose token was cancelled or released.
  public func notify(_ state: State) {
    entries.removeAll { $0.token == nil || $0.token?.isCancelled == true }
    for entry in entries { entry.handler(state) }
  }
}

/// Keeps a binding alive: `cancel()` or releasing the token stops the calls. Releasing needs no
/// work in `deinit` (the list holds the token weakly), so it is safe from any thread and on any OS
/// version a client supports.
@MainActor
public final class BindingToken {
  /// Whether `cancel()` was called.
  public private(set) var isCancelled = false

  /// A live token; made by `StateObservers.add`.
  init() {}

  /// Stops the binding. Calling it again does nothing.
  public func cancel() { isCancelled = true }
}
