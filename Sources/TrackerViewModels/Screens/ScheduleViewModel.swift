import TrackerLocalization
import TrackerModels

/// Seven switches, Monday to Sunday (seed: creation 4).
@MainActor
public final class ScheduleViewModel {
  /// One weekday's row.
  public struct Row: Equatable, Sendable {
    public var weekday: Weekday
    public var title: String
    public var isOn: Bool
  }

  /// What the schedule screen shows.
  public struct State: Equatable, Sendable {
    public var title: String
    public var rows: [Row]
    public var doneTitle: String
  }

  /// The state now.
  public private(set) var state: State {
    didSet { if state != oldValue { observers.notify(state) } }
  }
  /// Called with the chosen days when the user pressed Done.
  public var onDone: ((WeekdaySet) -> Void)?

  private let observers = StateObservers<State>()

  /// The screen with `days` switched on.
  public init(environment: AppEnvironment, days: WeekdaySet) {
    let localizer = environment.localizer
    state = State(
      title: localizer.text(.scheduleTitle),
      rows: Weekday.allCases.map {
        Row(weekday: $0, title: localizer.weekdayName(iso: $0.rawValue), isOn: days.contains($0))
      },
      doneTitle: localizer.text(.scheduleDone))
  }

  /// Calls `handler` with the state now and after each change.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observers.add(state, handler) }

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
