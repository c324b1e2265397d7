import Foundation
import TrackerModels

/// The writes still running: they go on in order on the store's writer queue
/// (`StoreAccess`), each waiting up to the store's busy timeout when another program holds the
/// data file, while the screen stays responsive. Its state says how many are still running and
/// whether one has run long enough for a client to say "Saving…" (a write on a free file ends
/// well before, and nothing flickers); each write's change arrives through the store's
/// observation when it is saved, and a write that could not be saved tells its screen, which
/// shows an alert.
@MainActor
public final class StoreWriter: ObservableViewModel {
  /// What the writer is doing.
  public struct State: Equatable, Sendable {
    /// How many writes are still running.
    public var waiting: Int
    /// Whether one of them has run for `StoreWriter.savingShownAfter` or longer: a client shows
    /// "Saving…" while this holds.
    public var showsSaving: Bool

    /// A writer's state: `waiting` writes running, "Saving…" shown or not.
    public init(waiting: Int, showsSaving: Bool = false) {
      self.waiting = waiting
      self.showsSaving = showsSaving
    }

    /// Whether any write is still running (quitting waits for it).
    public var isSaving: Bool { waiting > 0 }
  }

  /// How long a write runs before "Saving…" shows: a free file's write has ended by then.
  public static let savingShownAfter: Duration = .milliseconds(100)

  /// The state and who follows it.
  public private(set) lazy var observable = ObservableState(State(waiting: 0))

  /// The writes running, by the number `started` gave them.
  private var running: Set<Int> = []
  private var nextNumber = 0

  /// A writer with nothing waiting.
  public nonisolated init() {}

  /// A write began: it counts until `ended` is called with the number returned, and "Saving…"
  /// shows once it has run `savingShownAfter`.
  func started() -> Int {
    let number = nextNumber
    nextNumber += 1
    running.insert(number)
    state.waiting = running.count
    Task { @MainActor [weak self] in
      // Cancelled only with the process: nothing then to show.
      try? await Task.sleep(for: Self.savingShownAfter)
      guard let self, self.running.contains(number), !self.state.showsSaving else { return }
      self.state.showsSaving = true
    }
    return number
  }

  /// The write `number` ended (saved or not).
  func ended(_ number: Int) {
    running.remove(number)
    var next = state
    next.waiting = running.count
    if running.isEmpty { next.showsSaving = false }
    state = next
  }
}
