import Foundation
import TrackerModels

/// The writes the main actor handed off because another program held the data file: they run
/// in order on a queue of their own, each waiting up to the store's busy timeout, while the
/// screen stays responsive. Its state says how many are waiting (a client may show "Saving…");
/// each write's change arrives through the store's observation when it is saved, and a write
/// that could not be saved calls back its screen, which shows an alert.
///
/// One per `AppEnvironment` (copies of an environment share it), so writes keep their order.
@MainActor
public final class StoreWriter: ObservableViewModel {
  /// What the writer is doing.
  public struct State: Equatable, Sendable {
    /// How many writes wait for the data file.
    public var waiting: Int

    /// Whether any write waits for the data file.
    public var isSaving: Bool { waiting > 0 }
  }

  /// The state and who follows it.
  public private(set) lazy var observable = ObservableState(State(waiting: 0))

  private nonisolated let queue = DispatchQueue(label: "tracker.store-writer")

  /// A writer with nothing waiting.
  public nonisolated init() {}

  /// Runs `write` on the writer's queue after the writes before it; `failed` is called on the
  /// main actor when it throws.
  func enqueue(
    _ write: @escaping @Sendable () throws(StoreError) -> Void,
    failed: @escaping @MainActor @Sendable (StoreError) -> Void
  ) {
    state.waiting += 1
    queue.async {
      var failure: StoreError?
      do throws(StoreError) {
        try write()
      } catch {
        failure = error
      }
      let outcome = failure
      Task { @MainActor in
        self.state.waiting -= 1
        if let outcome { failed(outcome) }
      }
    }
  }
}
