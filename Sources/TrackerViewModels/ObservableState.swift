/// A screen's state and the handlers that follow it, without Combine or Observation (iOS 13.4):
/// a handler gets the value at once and after every change, while its token is alive and not
/// cancelled. Every view model keeps its state in one of these.
@MainActor
public final class ObservableState<Value: Equatable & Sendable> {
  private struct Entry {
    weak var token: BindingToken?
    let handler: (Value) -> Void
  }

  /// The value now; setting an equal value notifies no one.
  public internal(set) var value: Value {
    didSet { if value != oldValue, valueBeforeBatch == nil { notify() } }
  }

  /// The value when the outermost `batch` began, while one runs.
  private var valueBeforeBatch: Value?
  private var batchDepth = 0

  /// Runs `body`, which may change the value several times (a write the store reports back while
  /// it is made), and notifies once at the end when the value differs from before: one user action
  /// publishes one new state.
  func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
    if batchDepth == 0 { valueBeforeBatch = value }
    batchDepth += 1
    defer {
      batchDepth -= 1
      if batchDepth == 0, let before = valueBeforeBatch {
        valueBeforeBatch = nil
        if value != before { notify() }
      }
    }
    return try body()
  }

  private var entries: [Entry] = []

  /// A state holding `value`, with no observers.
  init(_ value: Value) { self.value = value }

  /// Calls `handler` with the value now and after each change, until the token is cancelled or
  /// released.
  public func observe(_ handler: @escaping (Value) -> Void) -> BindingToken {
    let token = BindingToken()
    pruneEntries()
    entries.append(Entry(token: token, handler: handler))
    handler(value)
    return token
  }

  /// How many handlers are registered and alive (for leak tests).
  var observerCount: Int {
    pruneEntries()
    return entries.count
  }

  /// Calls every live handler with the value, in the order they were added.
  func notify() {
    pruneEntries()
    let current = value
    for entry in entries { entry.handler(current) }
  }

  private func pruneEntries() {
    entries.removeAll { $0.token == nil || $0.token?.isCancelled == true }
  }
}

/// Keeps a binding alive: `cancel()` or releasing the token stops the calls. Releasing needs no
/// work in `deinit` (the list holds the token weakly), so it is safe on any OS version a client
/// supports.
@MainActor
public final class BindingToken {
  /// Whether `cancel()` was called.
  public private(set) var isCancelled = false

  /// A live token; made by `ObservableState.observe`.
  init() {}

  /// Stops the binding. Calling it again does nothing.
  public func cancel() { isCancelled = true }
}

/// A view model: one `Equatable` state a client renders, observed through `observe`.
@MainActor
public protocol ObservableViewModel: AnyObject {
  /// Everything the screen shows, as display-ready values.
  associatedtype State: Equatable & Sendable
  /// Where the state lives and who follows it.
  var observable: ObservableState<State> { get }
}

extension ObservableViewModel {
  /// The state now.
  public internal(set) var state: State {
    get { observable.value }
    set { observable.value = newValue }
  }

  /// Calls `handler` with the state now and after each change, until the token is cancelled or
  /// released.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observable.observe(handler) }

  /// Runs the handling of one user action: however often it changes the state, observers hear of
  /// it once.
  func oneState(_ body: () -> Void) { observable.batch(body) }
}
