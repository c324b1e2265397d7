import TrackerLocalization
import TrackerModels

/// Seven switches, Monday to Sunday (seed: creation 4).
@MainActor
public final class ScheduleViewModel: ObservableViewModel, RegionFollowing {
  /// One weekday's row.
  public struct Row: Equatable, Sendable, Identifiable {
    public var weekday: Weekday
    public var title: String
    public var isOn: Bool

    /// The weekday identifies the row.
    public var id: Weekday { weekday }

    /// A value with every field given.
    public init(weekday: Weekday, title: String, isOn: Bool) {
      self.weekday = weekday
      self.title = title
      self.isOn = isOn
    }
  }

  /// What the schedule screen shows.
  public struct State: Equatable, Sendable {
    public var title: String
    public var rows: [Row]
    public var doneTitle: String

    /// A value with every field given.
    public init(title: String, rows: [Row], doneTitle: String) {
      self.title = title
      self.rows = rows
      self.doneTitle = doneTitle
    }
  }

  /// The state and its observers.
  public let observable: ObservableState<State>
  /// Called with the chosen days when the user pressed Done.
  public var onDone: ((WeekdaySet) -> Void)?

  /// The screen with `days` switched on.
  public init(environment: AppEnvironment, days: WeekdaySet) {
    observable = ObservableState(Self.state(days, environment.localizer))
    region = following(environment.region) { $0.state = Self.state($0.days, environment.localizer) }
  }

  private static func state(_ days: WeekdaySet, _ localizer: Localizer) -> State {
    State(
      title: localizer.text(.scheduleTitle),
      rows: Weekday.allCases.map {
        Row(weekday: $0, title: localizer.weekdayName(iso: $0.rawValue), isOn: days.contains($0))
      },
      doneTitle: localizer.text(.scheduleDone))
  }

  /// Follows the environment's language and time zone.
  var region: RegionFollower?

  /// The days switched on.
  public var days: WeekdaySet { WeekdaySet(state.rows.filter(\.isOn).map(\.weekday)) }

  /// Call when the user flipped `weekday`'s switch.
  public func switchToggled(_ weekday: Weekday) {
    guard let index = state.rows.firstIndex(where: { $0.weekday == weekday }) else { return }
    state.rows[index].isOn.toggle()
  }

  /// Call when the user pressed Done.
  public func doneTapped() { onDone?(days) }
}
