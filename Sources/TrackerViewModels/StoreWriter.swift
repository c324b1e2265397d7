import Foundation
import TrackerModels

/// The writes the main actor stopped waiting for because another program held the data file (or
/// the disk was slow): they go on in order on the store's writer queue (`StoreAccess`), each
/// waiting up to the store's busy timeout, while the screen stays responsive. Its state says how
/// many are still running (a client may show "Saving…"); each write's change arrives through the
/// store's observation when it is saved, and a write that could not be saved tells its screen,
/// which shows an alert.
@MainActor
public final class StoreWriter: ObservableViewModel {
  /// What the writer is doing.
  public struct State: Equatable, Sendable {
    /// How many writes are still running after the main actor stopped waiting for them.
    public var waiting: Int

    /// Whether any write is still running.
    public var isSaving: Bool { waiting > 0 }
  }

  /// The state and who follows it.
  public private(set) lazy var observable = ObservableState(State(waiting: 0))

  /// A writer with nothing waiting.
  public nonisolated init() {}
}
