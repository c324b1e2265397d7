import TrackerLocalization
import TrackerModels

/// Seven switches, Monday to Sunday (seed: creation 4), or N times a week or a month with a
/// stepper for N (docs/rules.md, "N times a week or a month").
@MainActor
public final class ScheduleViewModel: PresentedScreen {
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

  // Issue 32: form
  /// The kinds of schedule a habit may have.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Due on the weekdays switched on.
    case weekdays
    /// N times a week, on any days.
    case week
    /// N times a month, on any days.
    case month
    /// N times in Y days, as Loop counts them (issue 49).
    case window
  }

  /// One kind of schedule to choose, the chosen one checked.
  public struct KindRow: Equatable, Sendable, Identifiable {
    public var kind: Kind
    /// "Days of the week", "N times a week", "N times a month".
    public var title: String
    public var isChosen: Bool

    /// The kind identifies the row.
    public var id: Kind { kind }

    /// A value with every field given.
    public init(kind: Kind, title: String, isChosen: Bool) {
      self.kind = kind
      self.title = title
      self.isChosen = isChosen
    }
  }

  /// N with − and +, for a quota.
  public struct QuotaStepper: Equatable, Sendable {
    /// "3 times a week" / "3 раза в неделю".
    public var text: String
    public var count: Int
    /// Whether N can go down (not below the period's least) and up (not past its most).
    public var isMinusEnabled: Bool
    public var isPlusEnabled: Bool
    public var minusAccessibilityLabel: String
    public var plusAccessibilityLabel: String

    /// A value with every field given.
    public init(
      text: String, count: Int, isMinusEnabled: Bool, isPlusEnabled: Bool, minusAccessibilityLabel: String,
      plusAccessibilityLabel: String
    ) {
      self.text = text
      self.count = count
      self.isMinusEnabled = isMinusEnabled
      self.isPlusEnabled = isPlusEnabled
      self.minusAccessibilityLabel = minusAccessibilityLabel
      self.plusAccessibilityLabel = plusAccessibilityLabel
    }
  }

  /// What the schedule screen shows.
  public struct State: ScreenState {
    public var title: String
    /// The kinds of schedule, the chosen one checked.
    public var kinds: [KindRow]
    /// The weekdays' switches, while the days of the week are chosen; empty otherwise.
    public var rows: [Row]
    /// N and its stepper, while N a week or a month, or N times in Y days, is chosen.
    public var quota: QuotaStepper?
    /// Y and its stepper, while N times in Y days is chosen ("in 7 days").
    public var windowDays: QuotaStepper?
    public var doneTitle: String

    /// A value with every field given.
    public init(
      title: String, kinds: [KindRow] = [], rows: [Row], quota: QuotaStepper? = nil,
      windowDays: QuotaStepper? = nil, doneTitle: String
    ) {
      self.title = title
      self.kinds = kinds
      self.rows = rows
      self.quota = quota
      self.windowDays = windowDays
      self.doneTitle = doneTitle
    }
  }

  /// The state and its observers.
  public let observable: ObservableState<State>
  /// Called with the choice when the user pressed Done.
  public var onDone: ((ScheduleChoice) -> Void)?

  package let environment: AppEnvironment
  private var kind: Kind
  /// The weekdays switched on, kept while a quota is chosen, so a switch back finds them.
  private var chosenDays: WeekdaySet
  /// N, kept across the periods (and brought within the chosen one's counts).
  private var count: Int
  /// Y of N times in Y days, kept while another kind is chosen.
  private var windowDays = ScheduleViewModel.defaultWindowDays

  /// The screen with `days` switched on.
  public convenience init(environment: AppEnvironment, days: WeekdaySet) {
    self.init(environment: environment, choice: .weekdays(days))
  }

  /// The screen showing `choice`.
  public init(environment: AppEnvironment, choice: ScheduleChoice) {
    self.environment = environment
    switch choice {
    case .weekdays(let days):
      kind = .weekdays
      chosenDays = days
      count = Self.defaultCount
    case .quota(let quota):
      kind = quota.period == .week ? .week : .month
      chosenDays = []
      count = quota.count
    case .window(let window):
      kind = .window
      chosenDays = []
      count = window.count
      windowDays = window.days
    }
    observable = ObservableState(State(title: "", rows: [], doneTitle: ""))
    state = makeState()
    region = following(environment.region) { $0.state = $0.makeState() }
  }

  /// N when a quota is first chosen: Loop's default, "3 times a week".
  static let defaultCount = 3
  /// Y when N times in Y days is first chosen: a week, "3 times in 7 days".
  static let defaultWindowDays = 7

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// The days switched on (none while a quota is chosen).
  public var days: WeekdaySet { kind == .weekdays ? chosenDays : [] }

  /// What Done returns.
  public var choice: ScheduleChoice {
    if kind == .window, let window = TimesInDays(count, in: windowDays) { return .window(window) }
    guard let period = kind.period, let quota = Quota(count, per: period) else {
      return .weekdays(chosenDays)
    }
    return .quota(quota)
  }

  /// The counts N may take for the chosen kind: the period's, or 1 to Y − 1 for a window.
  private var allowedCounts: ClosedRange<Int>? {
    if kind == .window { return 1...(windowDays - 1) }
    return kind.period?.allowedCounts
  }

  /// Call when the user flipped `weekday`'s switch.
  public func switchToggled(_ weekday: Weekday) {
    guard kind == .weekdays else { return }
    chosenDays.formSymmetricDifference(WeekdaySet(weekday))
    state = makeState()
  }

  /// Call when the user chose a kind of schedule: the days of the week, or N a week or a month.
  public func kindTapped(_ chosen: Kind) {
    kind = chosen
    if let allowed = allowedCounts { count = min(max(count, allowed.lowerBound), allowed.upperBound) }
    state = makeState()
  }

  /// Call when the user tapped − on N (never below the period's least).
  public func quotaMinusTapped() {
    guard let allowed = allowedCounts, count > allowed.lowerBound else { return }
    count -= 1
    state = makeState()
  }

  /// Call when the user tapped + on N (never past the period's most, nor Y − 1 in Y days).
  public func quotaPlusTapped() {
    guard let allowed = allowedCounts, count < allowed.upperBound else { return }
    count += 1
    state = makeState()
  }

  /// Call when the user tapped − on Y of N times in Y days (never below N + 1, nor 2).
  public func windowDaysMinusTapped() {
    guard kind == .window, windowDays > max(TimesInDays.allowedDays.lowerBound, count + 1) else { return }
    windowDays -= 1
    state = makeState()
  }

  /// Call when the user tapped + on Y of N times in Y days (never past 31).
  public func windowDaysPlusTapped() {
    guard kind == .window, windowDays < TimesInDays.allowedDays.upperBound else { return }
    windowDays += 1
    state = makeState()
  }

  /// Call when the user pressed Done.
  public func doneTapped() { onDone?(choice) }

  private func makeState() -> State {
    let localizer = environment.localizer
    var quota: QuotaStepper?
    var days: QuotaStepper?
    if let allowed = allowedCounts {
      let window = kind == .window ? TimesInDays(count, in: windowDays) : nil
      quota = QuotaStepper(
        text: window.map { DisplayText.window($0, localizer) }
          ?? kind.period.map { DisplayText.quota(count, per: $0, localizer) } ?? "",
        count: count, isMinusEnabled: count > allowed.lowerBound, isPlusEnabled: count < allowed.upperBound,
        minusAccessibilityLabel: localizer.text(.scheduleQuotaMinusAccessibility),
        plusAccessibilityLabel: localizer.text(.scheduleQuotaPlusAccessibility))
    }
    if kind == .window {
      days = QuotaStepper(
        text: localizer.plural(.scheduleWindowDays, count: windowDays), count: windowDays,
        isMinusEnabled: windowDays > max(TimesInDays.allowedDays.lowerBound, count + 1),
        isPlusEnabled: windowDays < TimesInDays.allowedDays.upperBound,
        minusAccessibilityLabel: localizer.text(.scheduleWindowDaysMinusAccessibility),
        plusAccessibilityLabel: localizer.text(.scheduleWindowDaysPlusAccessibility))
    }
    return State(
      title: localizer.text(.scheduleTitle),
      kinds: Kind.allCases.map {
        KindRow(kind: $0, title: localizer.text($0.titleKey), isChosen: $0 == kind)
      },
      rows: kind == .weekdays
        ? Weekday.allCases.map {
          Row(weekday: $0, title: localizer.weekdayName(iso: $0.rawValue), isOn: chosenDays.contains($0))
        } : [],
      quota: quota, windowDays: days,
      doneTitle: localizer.text(.scheduleDone))
  }
}

extension ScheduleViewModel.Kind {
  /// The period of a quota kind; nil for the days of the week.
  public var period: Quota.Period? {
    switch self {
    case .weekdays, .window: return nil
    case .week: return .week
    case .month: return .month
    }
  }

  fileprivate var titleKey: TextKey {
    switch self {
    case .weekdays: return .scheduleKindWeekdays
    case .week: return .scheduleKindWeek
    case .month: return .scheduleKindMonth
    case .window: return .scheduleKindWindow
    }
  }
}
