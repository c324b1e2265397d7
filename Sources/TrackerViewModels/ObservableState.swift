import Observation

/// A screen's state, observed field by field with Swift's `Observation` (iOS 17, macOS 14, and
/// the toolchain on Linux): a reader that reads one field (`model.title`, through
/// `ObservableViewModel`'s dynamic members, or `subscript(field:)`) is told only when that field
/// changes; a reader of `value` is told of any change. SwiftUI's views, `withObservationTracking`
/// and the closure binding `observe` all hear of a change through the same registrar.
///
/// One value stays the single source of truth (what a renderer draws and a test compares); the
/// fields are observed one by one without being mirrored as properties by hand, as TCA's
/// `ObservableState` does for a store's state.
@MainActor
public final class ObservableState<Value: Equatable & Sendable>: Observable {
  /// A closure binding: what it reads (tracked), the call of its handler with what was read, and
  /// whether what it read changed since it last ran.
  @MainActor
  private final class Entry {
    weak var token: BindingToken?
    /// Reads what the binding follows, and returns the call of its handler with it.
    let read: (ObservableState) -> () -> Void
    var isDirty = false

    init(token: BindingToken, read: @escaping (ObservableState) -> () -> Void) {
      self.token = token
      self.read = read
    }
  }

  /// A field some reader has read, with what telling its readers of a change takes.
  private struct Field {
    /// Whether the field differs between two values.
    let differs: (Value, Value) -> Bool
    /// The registrar's `access`, `willSet` and `didSet` for the field's key path.
    let access: (ObservableState) -> Void
    let willSet: (ObservableState) -> Void
    let didSet: (ObservableState) -> Void
  }

  private let registrar = ObservationRegistrar()
  /// The value readers see: while a `batch` runs, it may be ahead of `published`.
  private var working: Value
  /// The value observers were last told of.
  private var published: Value
  private var batchDepth = 0
  /// The fields read one by one so far, by their key path in `Value`.
  private var fields: [PartialKeyPath<Value>: Field] = [:]
  private var entries: [Entry] = []
  /// `\.value`, made once: a key path into a generic type is made anew at each use of its
  /// literal, and `value` is read and published on every change of every screen (about 7% of
  /// the main actor's time in the layer walk).
  private let valuePath: KeyPath<ObservableState, Value>

  /// A state holding `value`, with no observers.
  package init(_ value: Value) {
    working = value
    published = value
    valuePath = \ObservableState.value
  }

  /// The value now; setting an equal value tells no one. Reading it tracks every field.
  public package(set) var value: Value {
    get {
      registrar.access(self, keyPath: valuePath)
      return working
    }
    set {
      working = newValue
      if batchDepth == 0 { publish() }
    }
  }

  /// One field of the value, tracked on its own: its readers are told when it changes, not when
  /// another field does.
  public subscript<Member: Equatable>(field keyPath: KeyPath<Value, Member>) -> Member {
    let field: Field
    if let known = fields[keyPath] {
      field = known
    } else {
      // The field's own key path, rooted here, is what its readers register and are told of.
      let path = (\ObservableState.published).appending(path: keyPath)
      field = Field(
        differs: { $0[keyPath: keyPath] != $1[keyPath: keyPath] },
        access: { $0.registrar.access($0, keyPath: path) },
        willSet: { $0.registrar.willSet($0, keyPath: path) },
        didSet: { $0.registrar.didSet($0, keyPath: path) })
      fields[keyPath] = field
    }
    field.access(self)
    return working[keyPath: keyPath]
  }

  /// Runs `body`, which may change the value several times (a write the store reports back while
  /// it is made), and publishes once at the end when the value differs from before: one user
  /// action publishes one new state.
  package func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
    batchDepth += 1
    defer {
      batchDepth -= 1
      if batchDepth == 0 { publish() }
    }
    return try body()
  }

  /// Tells the registrar's readers which fields changed, then calls the closure bindings whose
  /// tracking heard of it.
  private func publish() {
    guard working != published else { return }
    let before = published
    let after = working
    let changed = fields.values.filter { $0.differs(before, after) }
    registrar.willSet(self, keyPath: valuePath)
    for field in changed { field.willSet(self) }
    published = after
    for field in changed { field.didSet(self) }
    registrar.didSet(self, keyPath: valuePath)
    deliver()
  }

  /// Calls `handler` with the value now and after each change, until the token is cancelled or
  /// released: a client without SwiftUI (and the terminal) binds this way.
  public func observe(_ handler: @escaping (Value) -> Void) -> BindingToken {
    bind { state in
      let value = state.value
      return { handler(value) }
    }
  }

  /// Calls `handler` with one field now and after each change of that field alone.
  public func observe<Member: Equatable>(
    _ keyPath: KeyPath<Value, Member>, _ handler: @escaping (Member) -> Void
  ) -> BindingToken {
    bind { state in
      let member = state[field: keyPath]
      return { handler(member) }
    }
  }

  /// A binding that reads with `read` now and again after each change of what it read.
  private func bind(_ read: @escaping (ObservableState) -> () -> Void) -> BindingToken {
    let token = BindingToken()
    pruneEntries()
    let entry = Entry(token: token, read: read)
    entries.append(entry)
    run(entry)
    return token
  }

  /// Reads what `entry` follows inside `withObservationTracking` (a change of it marks the entry
  /// to be run again), then calls its handler outside the tracking.
  private func run(_ entry: Entry) {
    let call = withObservationTracking {
      entry.read(self)
    } onChange: { [weak entry] in
      MainActor.assumeIsolated { entry?.isDirty = true }
    }
    call()
  }

  /// Runs every live binding whose tracking heard of a change, in the order they were added.
  private func deliver() {
    pruneEntries()
    for entry in entries where entry.isDirty {
      entry.isDirty = false
      run(entry)
    }
  }

  /// How many handlers are registered and alive (for leak tests).
  var observerCount: Int {
    pruneEntries()
    return entries.count
  }

  private func pruneEntries() {
    entries.removeAll { $0.token == nil || $0.token?.isCancelled == true }
  }
}

/// Keeps a binding alive: `cancel()` or releasing the token stops the calls. Releasing needs no
/// work in `deinit` (the list holds the token weakly).
@MainActor
public final class BindingToken {
  /// Whether `cancel()` was called.
  public private(set) var isCancelled = false

  /// A live token; made by `ObservableState.observe`.
  init() {}

  /// Stops the binding. Calling it again does nothing.
  public func cancel() { isCancelled = true }

}

/// A view model: one `Equatable` state a client renders, observed field by field. A SwiftUI view
/// holds it in `@State` (or `@Bindable`) and reads `model.title`, `model.rows`, … — each a field
/// of `State`, tracked on its own; a client without SwiftUI binds a closure with `observe`.
@MainActor
@dynamicMemberLookup
public protocol ObservableViewModel: AnyObject, Observable {
  /// Everything the screen shows, as display-ready values.
  associatedtype State: Equatable & Sendable
  /// Where the state lives and who follows it.
  var observable: ObservableState<State> { get }
}

extension ObservableViewModel {
  /// The state now (reading it tracks every field).
  public package(set) var state: State {
    get { observable.value }
    set { observable.value = newValue }
  }

  /// One field of the state, tracked on its own (`model.title`).
  public subscript<Member: Equatable>(dynamicMember keyPath: KeyPath<State, Member>) -> Member {
    observable[field: keyPath]
  }

  /// Calls `handler` with the state now and after each change, until the token is cancelled or
  /// released.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observable.observe(handler) }

  /// Runs the handling of one user action: however often it changes the state, observers hear of
  /// it once.
  package func oneState(_ body: () -> Void) { observable.batch(body) }
}
