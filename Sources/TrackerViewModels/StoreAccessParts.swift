import Foundation
import TrackerModels

// The parts `StoreAccess` is made of: a call handed to a queue and its outcome, the commits
// collected from any thread, the lock a write waits for.

/// Set once, from any thread (an observation token is cancelled, or released, anywhere).
final class CancelFlag: Sendable {
  private let flag = Locked(false)

  var isSet: Bool { flag.value }

  func set() { flag.value = true }
}

/// A value kept up to date by `StoreAccess.observe(fetch:)`.
@MainActor
final class ValueObservation<Store: Sendable, Change: Sendable, Value: Equatable & Sendable> {
  let fetch: @Sendable (Store) throws(StoreError) -> Value
  let applying: (@MainActor (Value, Change) -> Value?)?
  let onChange: @MainActor (Result<Value, StoreError>) -> Void
  let cancelled: CancelFlag
  private var last: Result<Value, StoreError>?
  /// A commit touched the value since the last fetch began: it is fetched when the burst ends.
  private var isDirty = false
  private var fetchesUnderWay = 0
  /// The tables the last fetch read (`TableRecording`); nil before it ended, or when it failed
  /// (what a failed read would have read is not known).
  private var tablesRead: Set<String>?

  init(
    fetch: @escaping @Sendable (Store) throws(StoreError) -> Value,
    applying: (@MainActor (Value, Change) -> Value?)?,
    onChange: @escaping @MainActor (Result<Value, StoreError>) -> Void, cancelled: CancelFlag
  ) {
    self.fetch = fetch
    self.applying = applying
    self.onChange = onChange
    self.cancelled = cancelled
  }

  /// A commit touched the value: applied to it when it says enough and no fetch is on its way,
  /// else the value is fetched once the burst ends.
  func changed(_ change: Change, _ access: StoreAccess<Store, Change>) {
    if fetchesUnderWay == 0, !isDirty, let applying, case .success(let value)? = last,
      let applied = applying(value, change)
    {
      return deliver(.success(applied))
    }
    isDirty = true
  }

  /// Whether `change` may change the value: a fetch under way or failed says nothing of what it
  /// read, so any commit may; else the commit must have written what the last fetch read.
  func mayChange(after change: Change) -> Bool where Change: CommittedChange {
    guard fetchesUnderWay == 0, let tablesRead else { return true }
    return change.mayChange(valueReadFrom: tablesRead)
  }

  func burstEnded(_ access: StoreAccess<Store, Change>) {
    guard isDirty else { return }
    isDirty = false
    fetchNow(access)
  }

  func fetchNow(_ access: StoreAccess<Store, Change>) {
    fetchesUnderWay += 1
    let fetch = fetch
    access.read { (store) throws(StoreError) in
      let (value, tables) = try TableRecording.recording { () throws(StoreError) in try fetch(store) }
      return Fetched(value: value, tables: tables.read)
    } then: { [weak self] result in
      guard let self else { return }
      self.fetchesUnderWay -= 1
      switch result {
      case .success(let fetched):
        self.tablesRead = fetched.tables
        self.deliver(.success(fetched.value))
      case .failure(let error):
        self.tablesRead = nil
        self.deliver(.failure(error))
      }
    }
  }

  /// A fetched value and the tables it was read from.
  private struct Fetched: Sendable {
    let value: Value
    let tables: Set<String>
  }

  /// Hands `onChange` a value that differs from the last one (or why it could not be read).
  private func deliver(_ result: Result<Value, StoreError>) {
    guard !cancelled.isSet else { return }
    switch (last, result) {
    case (.success(let old)?, .success(let new)) where old == new: return
    case (.success, _), (.failure, _), (nil, _): break
    }
    last = result
    onChange(result)
  }
}

/// The number `StoreWriter.started` gave a write the main actor did not wait for.
@MainActor
final class WriteNumber: Sendable {
  var number: Int?
  nonisolated init() {}
}

/// The commits the store reported, from any thread, until the main actor takes them.
final class Inbox<Change: Sendable>: Sendable {
  private let changes = Locked<[Change]>([])

  func push(_ change: Change) { changes.withLock { $0.append(change) } }

  func pop() -> Change? { changes.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
}

/// What the write under way met of another program's lock (`StoreLockWait`): set from the writer
/// queue, read by the main actor.
final class LockWait: Sendable {
  private let met = Locked<StorageFailure?>(nil)

  /// The failure the write under way would end in now, when it waits for another program.
  var failure: StorageFailure? { met.value }

  /// `call`, telling this of the lock it waits for while it runs.
  func reporting<Value>(
    _ call: @escaping @Sendable () throws(StoreError) -> Value
  ) -> @Sendable () throws(StoreError) -> Value {
    { () throws(StoreError) in
      defer { self.met.value = nil }
      let report: @Sendable (StorageFailure) -> Void = { failure in self.met.value = failure }
      return try StoreLockWait.reporting(to: report) { () throws(StoreError) in try call() }
    }
  }
}

/// One call and its outcome, handed to the main actor once: by the queue when the delivery was
/// left before the call ended, else by `answerLater` itself.
final class Pending<Value: Sendable>: Sendable {
  /// The call until it runs, its outcome once it ran, and who hears of the outcome.
  private struct Progress: Sendable {
    /// The call, its outcome as a `Result`: an optional of a function type with a typed throw
    /// would need the Swift 6 runtime's metadata (iOS 18, macOS 15), above the package's floor.
    var call: (@Sendable () -> Result<Value, StoreError>)?
    var outcome: Result<Value, StoreError>?
    var late: (@MainActor @Sendable (Result<Value, StoreError>) -> Void)?
    var isDeliveryLeft = false
  }
  private let progress: Locked<Progress>

  init(_ call: @escaping @Sendable () throws(StoreError) -> Value) {
    progress = Locked(Progress(call: { Result(catching: call) }))
  }

  /// Runs the call once, and lets go of it; nil when it was skipped (`skip()`) before it began.
  func run() -> Result<Value, StoreError>? {
    let call = progress.withLock { progress in
      defer { progress.call = nil }
      return progress.call
    }
    return call?()
  }

  /// Whether the call has begun (or was skipped).
  var hasBegun: Bool { progress.value.call == nil }

  /// Makes sure the call never runs: false when it has begun already.
  func skip() -> Bool {
    progress.withLock { progress in
      guard progress.call != nil else { return false }
      progress.call = nil
      return true
    }
  }

  /// Records the outcome for `answerLater` to hand over; once the delivery was left, returns it
  /// instead (the caller hands it the outcome on the main actor).
  func finish(_ outcome: Result<Value, StoreError>) -> (
    @MainActor @Sendable (Result<Value, StoreError>) -> Void
  )? {
    progress.withLock { progress in
      guard !progress.isDeliveryLeft else {
        defer { progress.late = nil }
        return progress.late
      }
      progress.outcome = outcome
      return nil
    }
  }

  /// `late` hears of the outcome on the main actor's next turn after it comes,
  /// even for a call that already ended (a screen's first state never depends on how fast a
  /// thread was).
  func answerLater(_ late: @escaping @MainActor @Sendable (Result<Value, StoreError>) -> Void) {
    progress.withLock { progress in
      progress.isDeliveryLeft = true
      if let outcome = progress.outcome {
        Task { @MainActor in late(outcome) }
      } else {
        progress.late = late
      }
    }
  }
}
