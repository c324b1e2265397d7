import Foundation
import TrackerModels

/// The one way view models reach a store, shared by the tracker's and the to-do app's
/// (docs/architecture.md, "Data access"): the main actor never calls the store itself.
///
/// - **Reads** (`read`) run on a reader queue, each one snapshot (`TrackerDataStore.read`, one
///   `BEGIN DEFERRED`), and **writes** (`write`) on the one writer queue, in the order they were
///   made, each one transaction that returns what it changed.
/// - The main actor waits for none of them (docs/architecture.md, "The screen never freezes"):
///   it hands a call off and goes on with what it shows; the call's continuation runs on the main
///   actor when the call ends, in the order the calls were made (each queue runs its calls one at
///   a time and hands their outcomes to the main actor in the order they end). A screen that has
///   not read yet shows nothing in place of what it reads
///   (never an empty list), a form whose save is on its way takes no second save, and a write
///   still running after `StoreWriter.savingShownAfter` shows "Saving…". A write with
///   `.givingUpAfterWait` (a form's Save) is cut to `busyCut` when another program holds the file,
///   so the form hears `.busy` soon and keeps what was typed. A script, a test or a client that
///   needs a step's outcome awaits `settled()`.
/// - **Observation**: the store's commits (this process's and, by the store's watch, another
///   process's) come in on any thread and are collected here; they are handed to the screens on
///   the main actor, before the continuation of the write that made them, or on the next turn of
///   the main actor. `observe(fetch:)` keeps a value up to date: it fetches again on the reader
///   queue after the commits that touch it, once per burst, and delivers only a value that
///   differs.
///
/// One per environment (copies share it), so writes keep their order.
@MainActor
public final class StoreAccess<Store: Sendable, Change: Sendable> {
  /// The store the calls go to (off the main actor).
  public nonisolated let store: Store
  /// The writes still running ("Saving…" once one has run for a moment).
  public nonisolated let writer = StoreWriter()
  /// How long a write with `.givingUpAfterWait` waits for another program's lock; nil: as long as
  /// any write (a script, whose steps never depend on a lock held for a moment).
  public nonisolated let busyCut: Duration?

  private nonisolated let cutToWait:
    @Sendable (Store, Duration, () throws(StoreError) -> Void) throws(StoreError) -> Void
  private nonisolated let subscribe:
    @Sendable (Store, @escaping @Sendable (Change) -> Void) -> ObservationToken
  /// The commits reported and not yet handed to the followers.
  private var inbox: [Change] = []
  /// Whether a turn is on its way to hand them over.
  private var isHandOverDue = false
  private var subscription: ObservationToken?
  private var followers: [Follower] = []
  private var isDelivering = false

  /// Access to `store`: `observe` subscribes to its commits, `cutToWait` runs a call with every
  /// wait for another program's lock cut to a limit (`TrackerDataStore.waitingAtMost`).
  public nonisolated init(
    _ store: Store, busyCut: Duration? = .milliseconds(100),
    observe: @escaping @Sendable (Store, @escaping @Sendable (Change) -> Void) -> ObservationToken,
    cutToWait: @escaping @Sendable (Store, Duration, () throws(StoreError) -> Void) throws(StoreError) -> Void
  ) {
    self.store = store
    self.busyCut = busyCut
    subscribe = observe
    self.cutToWait = cutToWait
  }

  /// A new access like this one to `store` (an environment's store set anew: its copies made
  /// before keep the access they have).
  public nonisolated func with(store: Store) -> StoreAccess { with(store: store, busyCut: busyCut) }

  /// A new access like this one to `store`, its form saves waiting `busyCut` for another
  /// program's lock (nil: as long as any write).
  public nonisolated func with(store: Store, busyCut: Duration?) -> StoreAccess {
    StoreAccess(store, busyCut: busyCut, observe: subscribe, cutToWait: cutToWait)
  }

  // MARK: Calls

  /// How a write meets another program's lock on the data file.
  public enum WritePolicy: Sendable {
    /// It waits the store's whole busy timeout, off the main actor (a tap on a screen that stays
    /// open: the screen goes on, "Saving…" shows, and `then` hears the outcome when it comes).
    case waitingInBackground
    /// It gives up after `busyCut` with `.busy` (a form's Save: the form stays with what was
    /// typed and says the file is busy). With no `busyCut` (a script), it waits the whole busy
    /// timeout instead.
    case givingUpAfterWait
  }

  /// Runs `fetch` on the reader queue and hands `then` its result on the main actor.
  public func read<Value: Sendable>(
    _ fetch: @escaping @Sendable (Store) throws(StoreError) -> Value,
    then: @escaping @MainActor @Sendable (Result<Value, StoreError>) -> Void
  ) {
    let store = store
    run(on: readLane, { () throws(StoreError) in try fetch(store) }, then: then)
  }

  /// Runs `body` on the writer queue after the writes before it and hands `then` its result on
  /// the main actor, after the screens heard of the commit, on a later turn.
  public func write<Value: Sendable>(
    _ policy: WritePolicy = .waitingInBackground,
    _ body: @escaping @Sendable (Store) throws(StoreError) -> Value,
    then: @escaping @MainActor @Sendable (Result<Value, StoreError>) -> Void = { _ in }
  ) {
    let (store, cutToWait) = (store, cutToWait)
    // A script (no cut) waits the store's whole busy timeout for a form's save too: a step's
    // outcome never depends on a lock held for a moment. The app hears of a write cut to the wait
    // like any other, and hears `.busy` once the cut has passed while the writes before it wait
    // for another program.
    let givesUpAfter = policy == .givingUpAfterWait ? busyCut : nil
    let call: @Sendable () throws(StoreError) -> Value
    if let limit = givesUpAfter {
      // The cut counts from the press, not from the write's turn: writes queued before it (a tap
      // of another window waiting for the file) use up the wait too.
      let pressed = ContinuousClock.now
      call = { () throws(StoreError) in
        let left = max(.zero, limit - (ContinuousClock.now - pressed))
        var value: Value?
        try cutToWait(store, left) { () throws(StoreError) in value = try body(store) }
        return value!
      }
    } else {
      call = { () throws(StoreError) in try body(store) }
    }
    run(on: writeLane, call, givesUpAfter: givesUpAfter, then: then)
  }

  /// Runs `call` on `lane` and calls `then` on the main actor when it ends, on a later turn,
  /// after the calls of the same lane made before it (the lane runs them in the order they were
  /// numbered here, and each answer comes back to the main actor before the lane's next call
  /// begins). A write with `givesUpAfter` that has not begun by then, behind a write waiting for
  /// another program's lock, is answered with that lock's `.busy` at once, out of turn, and
  /// skipped when its turn comes.
  private func run<Value: Sendable>(
    on lane: StoreLane, _ call: @escaping @Sendable () throws(StoreError) -> Value,
    givesUpAfter: Duration? = nil,
    then: @escaping @MainActor @Sendable (Result<Value, StoreError>) -> Void
  ) {
    let isWrite = lane === writeLane
    let number = isWrite ? writesNumbered : readsNumbered
    if isWrite { writesNumbered += 1 } else { readsNumbered += 1 }
    callsInFlight += 1
    if !isWrite { readsInFlight += 1 }
    let counted = isWrite ? writer.started() : nil
    let answer: @MainActor @Sendable (Result<Value, StoreError>) -> Void = { [weak self] outcome in
      guard let self else { return then(outcome) }
      if let counted { writer.ended(counted) }
      callsInFlight -= 1
      if !isWrite { readsInFlight -= 1 }
      handingOver {
        deliverNotices()
        then(outcome)
      }
    }
    let ticket = givesUpAfter.map { _ in WriteTicket() }
    let mayBegin = ticket.map { ticket in { @MainActor @Sendable in ticket.begin() } }
    let reporting = isWrite ? reportingLockWait(call) : call
    // Handed to the lane at once, from the main actor, without a task: it begins even while the
    // main actor stays busy (drawing, or a test that waits for the call to end). The answer goes
    // to the main actor, where a command's exit follows (the store's closing checkpoint must not
    // race it).
    let delivered: @MainActor @Sendable (Result<Value, StoreError>) -> Void = { [weak self] outcome in
      // What the write met of another program's lock was told before this (`reportingLockWait`).
      if isWrite { self?.lockMet = nil }
      answer(outcome)
    }
    lane.submit(number, mayBegin: mayBegin, { Result(catching: reporting) }, then: delivered)
    if let givesUpAfter, let ticket {
      // Its answer does not wait for the writes before it: nothing of it was written, so no
      // order among them is at stake.
      giveUp(ticket, after: givesUpAfter) { failure in answer(.failure(.storage(failure))) }
    }
  }

  /// Asks something outside the store that answers later (the system's notification center)
  /// and hands `then` its answer on the main actor. Counted among the calls in flight, so
  /// `settled()` awaits the answer as it awaits a store call's.
  public func ask<Value: Sendable>(
    _ question: @escaping @Sendable () async -> Value,
    then: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    callsInFlight += 1
    Task { @MainActor [weak self] in
      let answer = await question()
      guard let self else { return then(answer) }
      callsInFlight -= 1
      handingOver { then(answer) }
    }
  }

  /// `call`, telling this access on the main actor when it first waits for another program's
  /// lock (`StoreLockWait`): the message comes before the call's answer, which clears it.
  private nonisolated func reportingLockWait<Value>(
    _ call: @escaping @Sendable () throws(StoreError) -> Value
  ) -> @Sendable () throws(StoreError) -> Value {
    { [weak self] () throws(StoreError) in
      let report: @Sendable (StorageFailure) -> Void = { failure in
        Task { @MainActor in self?.lockMet = failure }
      }
      return try StoreLockWait.reporting(to: report) { () throws(StoreError) in try call() }
    }
  }

  /// Once `cut` has passed, and after every further `cut` until the write begins: when the write
  /// running before it waits for another program's lock, skips the write (`ticket`) and hands
  /// `answer` that lock's failure.
  private func giveUp(
    _ ticket: WriteTicket, after cut: Duration, answer: @escaping @MainActor (StorageFailure) -> Void
  ) {
    Task { @MainActor [weak self] in
      while true {
        // Nobody cancels this task: a sleep that throws could only end early, and looks again.
        try? await Task.sleep(for: cut)
        guard let self, ticket.isWaiting else { return }
        // Behind a write that is merely long (an import, a sync), the write keeps its turn: its
        // own cut, what is left of it, applies when it begins.
        guard let failure = lockMet else { continue }
        ticket.skip()
        return answer(failure)
      }
    }
  }

  /// What the write running on the writer's lane met of another program's lock, as it told the
  /// main actor; nil once its answer came.
  private var lockMet: StorageFailure? {
    didSet { if let lockMet { lockWaitBegan?(lockMet) } }
  }

  /// Told on the main actor when a write first finds the data file held by another program,
  /// before its answer: the command line's `run`, which has no "Saving…" line, says it waits.
  package var lockWaitBegan: ((StorageFailure) -> Void)?
  private nonisolated let readLane = StoreLane(label: "tracker.store.read")
  private nonisolated let writeLane = StoreLane(label: "tracker.store.write")
  /// How many reads and writes were numbered for their lanes.
  private var readsNumbered = 0
  private var writesNumbered = 0

  /// How many calls were handed off and not yet answered on the main actor (their continuations
  /// still to run): a terminal lets them arrive, for a moment, before it draws a key's outcome.
  public private(set) var callsInFlight = 0 {
    didSet { resumeIdle() }
  }
  /// How many of them are reads: what a screen that changed by itself (the clock, another
  /// process) may still be waiting for before it shows the whole of its change.
  public private(set) var readsInFlight = 0 {
    didSet { resumeIdle() }
  }
  /// Who awaits `settled(readsOnly:)`, and whether for the reads only.
  private var idle: [(readsOnly: Bool, continuation: CheckedContinuation<Void, Never>)] = []

  /// Returns once no call is in flight (no read, with `readsOnly`): every call handed off so far,
  /// and every call their continuations handed off in turn, has ended and continued on the main
  /// actor. What a test or a client awaits after an action instead of polling, and what wakes a
  /// terminal that waits to draw a key's outcome.
  public func settled(readsOnly: Bool = false) async {
    while readsOnly ? readsInFlight > 0 : callsInFlight > 0 {
      await withCheckedContinuation { idle.append((readsOnly, $0)) }
    }
  }

  private func resumeIdle() {
    let isIdle = { (readsOnly: Bool) in readsOnly ? self.readsInFlight == 0 : self.callsInFlight == 0 }
    guard idle.contains(where: { isIdle($0.readsOnly) }) else { return }
    let waiting = idle.filter { isIdle($0.readsOnly) }
    idle.removeAll { isIdle($0.readsOnly) }
    // Resumed on a later turn: a continuation that ran just now may hand off another call.
    Task { @MainActor in for waiter in waiting { waiter.continuation.resume() } }
  }

  // MARK: Observation

  /// Calls `handler` on the main actor with each commit (this process's or another's), until the
  /// token is cancelled or released.
  public func observe(_ handler: @escaping @MainActor (Change) -> Void) -> ObservationToken {
    follow(handler)
  }

  /// Keeps a value up to date: `fetch` runs on the reader queue now and again after each burst of
  /// commits that wrote a table the last fetch read (one fetch per burst), and `onChange` hears
  /// each value that differs from the last one delivered, or why it could not be read. Which
  /// tables a fetch read and a commit wrote is what the store says of the statements it ran
  /// (`TableRecording`; SQLite's own account of each statement), never a list kept by hand: a
  /// fetch that starts reading another table is followed on it at once. `applying` brings the last
  /// value up to date from a commit that says what it changed (a tap's marks), with no read: it
  /// returns nil when the commit does not say enough, and the value is fetched once the burst
  /// ends. A commit that comes while a fetch is on its way is never applied to the value before
  /// it: that fetch may not have seen the commit, so another fetch follows. Once the token is
  /// cancelled (a screen observing anew with another parameter: its day, "today") nothing more
  /// is delivered, not even a fetch already under way.
  public func observe<Value: Equatable & Sendable>(
    fetch: @escaping @Sendable (Store) throws(StoreError) -> Value,
    applying: (@MainActor (Value, Change) -> Value?)? = nil,
    onChange: @escaping @MainActor (Result<Value, StoreError>) -> Void
  ) -> ObservationToken where Change: CommittedChange {
    let cancelled = CancelFlag()
    let observation = ValueObservation(
      fetch: fetch, applying: applying, onChange: onChange, cancelled: cancelled)
    observation.fetchNow(self)
    return follow(
      { [weak self] change in
        guard let self, observation.mayChange(after: change) else { return }
        observation.changed(change, self)
      },
      burstEnded: { [weak self] in
        guard let self else { return }
        observation.burstEnded(self)
      }, cancelled: cancelled)
  }

  private func follow(
    _ handler: @escaping @MainActor (Change) -> Void, burstEnded: (@MainActor () -> Void)? = nil,
    cancelled: CancelFlag = CancelFlag()
  ) -> ObservationToken {
    if subscription == nil {
      subscription = subscribe(store) { [weak self] change in
        Task { @MainActor in self?.received(change) }
      }
    }
    let follower = Follower(handler: handler, burstEnded: burstEnded, cancelled: cancelled)
    followers.append(follower)
    return cancelled.token
  }

  /// A commit reported on the store's thread, in the order they were made: handed over on the
  /// main actor's next turn, with those whose messages come meanwhile (one burst of commits, one
  /// fetch per value), or before that by the answer of the write that made it (its message comes
  /// before that answer, which hands over what has come).
  private func received(_ change: Change) {
    inbox.append(change)
    guard !isHandOverDue else { return }
    isHandOverDue = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      isHandOverDue = false
      // Handed over already, by a write's answer.
      guard !inbox.isEmpty else { return }
      handingOver { deliverNotices() }
    }
  }

  /// Hands every commit collected so far to the followers in the order they subscribed, then ends
  /// the burst (value observations fetch once for all of it).
  private func deliverNotices() {
    guard !isDelivering else { return }
    isDelivering = true
    defer { isDelivering = false }
    var delivered = false
    while !inbox.isEmpty {
      let change = inbox.removeFirst()
      delivered = true
      followers.removeAll { $0.isCancelled }
      for follower in followers where !follower.isCancelled { follower.handler(change) }
    }
    guard delivered else { return }
    for follower in followers where !follower.isCancelled { follower.burstEnded?() }
  }

  // MARK: Hand-overs

  /// Calls `began` before and `ended` after each hand-over to the main actor (a call's outcome
  /// with the commits before it, or a burst of another thread's commits), until the token goes:
  /// a flow publishes once for all its screens changed in one hand-over, as it does for one
  /// action, instead of once per screen.
  public func bracketHandOvers(
    began: @escaping @MainActor () -> Void, ended: @escaping @MainActor () -> Void
  ) -> ObservationToken {
    let bracket = Bracket(began: began, ended: ended)
    brackets.append(bracket)
    let cancelled = bracket.cancelled
    return cancelled.token
  }

  /// Runs `body` between the live brackets' `began` and `ended`.
  private func handingOver(_ body: () -> Void) {
    brackets.removeAll { $0.cancelled.isSet }
    let open = brackets
    for bracket in open { bracket.began() }
    body()
    for bracket in open.reversed() { bracket.ended() }
  }

  private var brackets: [Bracket] = []

  /// Who hears of the hand-overs (`bracketHandOvers`).
  @MainActor
  private final class Bracket {
    let began: @MainActor () -> Void
    let ended: @MainActor () -> Void
    let cancelled = CancelFlag()

    init(began: @escaping @MainActor () -> Void, ended: @escaping @MainActor () -> Void) {
      self.began = began
      self.ended = ended
    }
  }

  /// How many followers are alive (for leak tests).
  var followerCount: Int {
    followers.removeAll { $0.isCancelled }
    return followers.count
  }

  /// A follower of the commits: its handler, what it does when a burst ends, and whether its
  /// token is gone.
  @MainActor
  private final class Follower {
    let handler: @MainActor (Change) -> Void
    let burstEnded: (@MainActor () -> Void)?
    let cancelled: CancelFlag
    var isCancelled: Bool { cancelled.isSet }

    init(
      handler: @escaping @MainActor (Change) -> Void, burstEnded: (@MainActor () -> Void)?,
      cancelled: CancelFlag
    ) {
      self.handler = handler
      self.burstEnded = burstEnded
      self.cancelled = cancelled
    }
  }
}
