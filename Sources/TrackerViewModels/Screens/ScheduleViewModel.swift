import TrackerLocalization
import TrackerModels

/// Seven switches, Monday to Sunday (seed: creation 4), or N times a week or a month with a
/// stepper for N (docs/rules.md, "N times a week or a month").
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

  // Issue 32: form
  /// The kinds of schedule a habit may have.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Due on the weekdays switched on.
    case weekdays
    /// N times a week, on any days.
    case week
    /// N times a month, on any days.
    case month
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
  public struct State: Equatable, Sendable {
    public var title: String
    /// The kinds of schedule, the chosen one checked.
    public var kinds: [KindRow]
    /// The weekdays' switches, while the days of the week are chosen; empty otherwise.
    public var rows: [Row]
    /// N and its stepper, while N a week or a month is chosen.
    public var quota: QuotaStepper?
    public var doneTitle: String

    /// A value with every field given.
    public init(
      title: String, kinds: [KindRow] = [], rows: [Row], quota: QuotaStepper? = nil, doneTitle: String
    ) {
      self.title = title
      self.kinds = kinds
      self.rows = rows
      self.quota = quota
      self.doneTitle = doneTitle
    }
  }

  /// The state and its observers.
  public let observable: ObservableState<State>
  /// Called with the choice when the user pressed Done.
  public var onDone: ((ScheduleChoice) -> Void)?

  private let environment: AppEnvironment
  private var kind: Kind
  /// The weekdays switched on, kept while a quota is chosen, so a switch back finds them.
  private var chosenDays: WeekdaySet
  /// N, kept across the periods (and brought within the chosen one's counts).
  private var count: Int

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
    }
    observable = ObservableState(State(title: "", rows: [], doneTitle: ""))
    state = makeState()
    region = following(environment.region) { $0.state = $0.makeState() }
  }

  /// N when a quota is first chosen: Loop's default, "3 times a week".
  static let defaultCount = 3

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// The days switched on (none while a quota is chosen).
  public var days: WeekdaySet { kind == .weekdays ? chosenDays : [] }

  /// What Done returns.
  public var choice: ScheduleChoice {
    guard let period = kind.period, let quota = Quota(count, per: period) else {
      return .weekdays(chosenDays)
    }
    return .quota(quota)
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
    if let period = chosen.period {
      count = min(max(count, period.allowedCounts.lowerBound), period.allowedCounts.upperBound)
    }
    state = makeState()
  }

  /// Call when the user tapped − on N (never below the period's least).
  public func quotaMinusTapped() {
    guard let period = kind.period, count > period.allowedCounts.lowerBound else { return }
    count -= 1
    state = makeState()
  }

  /// Call when the user tapped + on N (never past the period's most).
  public func quotaPlusTapped() {
    guard let period = kind.period, count < period.allowedCounts.upperBound else { return }
    count += 1
    state = makeState()
  }

  /// Call when the user pressed Done.
  public func doneTapped() { onDone?(choice) }

  private func makeState() -> State {
    let localizer = environment.localizer
    var quota: QuotaStepper?
    if let period = kind.period {
      quota = QuotaStepper(
        text: DisplayText.quota(count, per: period, localizer), count: count,
        isMinusEnabled: count > period.allowedCounts.lowerBound,
        isPlusEnabled: count < period.allowedCounts.upperBound,
        minusAccessibilityLabel: localizer.text(.scheduleQuotaMinusAccessibility),
        plusAccessibilityLabel: localizer.text(.scheduleQuotaPlusAccessibility))
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
      quota: quota,
      doneTitle: localizer.text(.scheduleDone))
  }
}

extension ScheduleViewModel.Kind {
  /// The period of a quota kind; nil for the days of the week.
  public var period: Quota.Period? {
    switch self {
    case .weekdays: return nil
    case .week: return .week
    case .month: return .month
    }
  }

  fileprivate var titleKey: TextKey {
    switch self {
    case .weekdays: return .scheduleKindWeekdays
    case .week: return .scheduleKindWeek
    case .month: return .scheduleKindMonth
    }
  }
}
