import Foundation
import TrackerModels

// The parts `StoreAccess` is made of: a value kept up to date, a form's write on its way, a flag
// an observation token sets.

/// Set once, on the main actor: an observation token is cancelled there (a token let go on
/// another thread sets it on the main actor's next turn, `token`). "There" is the main queue,
/// not the main thread: under Swift Testing on Linux a worker thread drains the main queue.
@MainActor
final class CancelFlag {
  private(set) var isSet = false
  /// Called once when the flag is set: a test awaits a token let go on another thread by it.
  var whenSet: (() -> Void)?

  nonisolated init() {}

  func set() {
    guard !isSet else { return }
    isSet = true
    whenSet?()
    whenSet = nil
  }

  /// A token that sets this flag when it is cancelled or let go, on whatever thread.
  nonisolated var token: ObservationToken {
    ObservationToken { [self] in
      if MainQueue.isCurrent {
        MainActor.assumeIsolated { self.set() }
      } else {
        Task { @MainActor in self.set() }
      }
    }
  }
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

/// A form's write on its way to its lane: waiting for its turn, begun, or answered out of turn
/// and skipped. Both who may change it run on the main actor (the lane asks whether the write
/// may begin; `StoreAccess.giveUp` skips it), so exactly one of them wins.
@MainActor
final class WriteTicket {
  private enum State {
    case waiting, begun, skipped
  }
  private var state = State.waiting

  /// Whether its turn has not come yet.
  var isWaiting: Bool { state == .waiting }

  /// Its turn came: whether it may run (false when it was skipped).
  func begin() -> Bool {
    guard state == .waiting else { return false }
    state = .begun
    return true
  }

  /// It was answered out of turn: it must never run.
  func skip() { state = .skipped }
}
