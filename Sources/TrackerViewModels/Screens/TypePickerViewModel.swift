import TrackerLocalization

/// The sheet "+" opens: a habit or an irregular event (seed: main screen 1, creation 1).
@MainActor
public final class TypePickerViewModel: PresentedScreen {
  /// What the sheet shows.
  public struct State: ScreenState {
    public var title: String
    public var habitTitle: String
    public var eventTitle: String

    /// A value with every field given.
    public init(title: String, habitTitle: String, eventTitle: String) {
      self.title = title
      self.habitTitle = habitTitle
      self.eventTitle = eventTitle
    }
  }

  /// What the user picked.
  public enum Choice: Equatable, Sendable {
    case habit, event
  }

  /// The state and its observers (it never changes).
  public let observable: ObservableState<State>
  /// Called with the user's choice.
  public var onChoice: ((Choice) -> Void)?

  /// The picker in the environment's language.
  public init(environment: AppEnvironment) {
    observable = ObservableState(Self.state(environment.localizer))
    region = following(environment.region) { $0.state = Self.state(environment.localizer) }
  }

  private static func state(_ localizer: Localizer) -> State {
    State(
      title: localizer.text(.typePickerTitle), habitTitle: localizer.text(.typePickerHabit),
      eventTitle: localizer.text(.typePickerEvent))
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Call when the user tapped "Habit".
  public func habitTapped() { onChoice?(.habit) }

  /// Call when the user tapped "Irregular event".
  public func eventTapped() { onChoice?(.event) }
}
