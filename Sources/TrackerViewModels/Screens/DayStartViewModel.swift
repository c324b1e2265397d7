import Foundation
import TrackerLocalization
import TrackerModels

/// The day start sheet (screen `day-start`): the hours 00:00 … 12:00, the current one checked;
/// tapping one chooses it.
@MainActor
public final class DayStartViewModel: PresentedScreen {
  /// One hour of the list.
  public struct Row: Equatable, Sendable, Identifiable {
    public var id: Int { start.hour }
    public var start: DayStart
    /// "03:00".
    public var title: String
    public var isChecked: Bool

    /// A value with every field given.
    public init(start: DayStart, title: String, isChecked: Bool) {
      self.start = start
      self.title = title
      self.isChecked = isChecked
    }
  }

  /// What the sheet shows.
  public struct State: ScreenState {
    public var title: String
    public var rows: [Row]

    /// A value with every field given.
    public init(title: String, rows: [Row]) {
      self.title = title
      self.rows = rows
    }
  }

  public let observable: ObservableState<State>
  /// Called with the hour tapped.
  public var onChoice: ((DayStart) -> Void)?

  /// The sheet with `current` checked.
  public init(environment: AppEnvironment, current: DayStart) {
    observable = ObservableState(
      State(
        title: environment.localizer.text(.dayStartTitle),
        rows: DayStart.all.map { Row(start: $0, title: $0.description, isChecked: $0 == current) }))
    region = following(environment.region) { $0.state.title = environment.localizer.text(.dayStartTitle) }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Call when the user tapped an hour.
  public func hourTapped(_ start: DayStart) { onChoice?(start) }
}
