import Foundation
import TrackerLocalization
import TrackerModels

/// What a home- or lock-screen widget shows, platform-neutral (issue 48; docs/native-client.md,
/// "Widgets"): today's habits in the main screen's order, each with its progress and current
/// streak, what a screen reader says of it and the link it opens, and when the snapshot stops
/// being true (`validUntil`: the next day start, so a widget rolls over at the user's day start).
///
/// A widget never opens the data file (iOS kills a process suspended while it holds a SQLite
/// lock): the app writes the snapshot as JSON into a folder the widget shares (`WidgetFeed`), and
/// the widget decodes it (`Codable`).
public struct WidgetSnapshot: Codable, Equatable, Sendable {
  /// The widget's size: how many habits it lists.
  public enum Family: String, Codable, CaseIterable, Sendable {
    /// One habit.
    case small
    /// Up to four.
    case medium
    /// Up to eight.
    case large
    /// The lock screen's accessory: today's progress only.
    case accessory

    /// How many rows the family lists.
    public var capacity: Int {
      switch self {
      case .small: 1
      case .medium: 4
      case .large: 8
      case .accessory: 0
      }
    }
  }

  /// One habit's row.
  public struct Row: Codable, Equatable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var emoji: String
    /// The card's color, `#RRGGBB`.
    public var color: String
    /// "habit" (on a schedule or a quota) or "event".
    public var kind: String
    /// Done today: a record, or a measurable habit's target met.
    public var isDone: Bool
    public var isDayOff: Bool
    /// A measurable habit's amount today (nil with nothing entered) against its target.
    public var amount: Amount?
    public var target: Amount?
    public var unit: String?
    /// "week" or "month" when `target` is that period's sum (a period target, issue 49; the sum
    /// so far is in `progressText`); nil for a day's target.
    public var targetPer: String?
    /// A quota habit's progress in today's week or month.
    public var quota: QuotaState?
    public var currentStreak: Int
    /// The texts of the card: "3.5 / 5 km", "2 of 3 this week", "🔥 5".
    public var progressText: String?
    public var streakText: String?
    /// What a screen reader says: the name, then the state ("Run", "not done, 3.5 / 5 km, …").
    public var accessibilityLabel: String
    public var accessibilityValue: String
    /// The habit's detail (`tracker://habit/<id>`).
    public var link: String
    /// What a screen reader offers on the row; the widget's buttons run those with a command
    /// (`kind.command(trackerID:day:)`), the others open `link`.
    public var actions: [HabitAction]
  }

  /// A quota's progress: met days in the period against the days it asks for.
  public struct QuotaState: Codable, Equatable, Sendable {
    public var times: Int
    public var per: String
    public var met: Int
    public var required: Int
  }

  public var family: Family
  /// The day the rows are of ("YYYY-MM-DD"), as the day start counts it.
  public var day: String
  /// "Today" in the user's language, and "3 of 7 done".
  public var title: String
  public var progressText: String
  /// The habits due today (not off) and how many of them are done: the accessory's ring.
  public var dueCount: Int
  public var doneCount: Int
  public var rows: [Row]
  /// The habits of today that did not fit the family.
  public var moreCount: Int
  /// When the snapshot stops being true: the next day start.
  public var validUntil: Date
  /// Where tapping the widget outside a row leads (`tracker://today`).
  public var link: String
}

extension WidgetSnapshot {
  /// The snapshot of `family` from the main screen `model` as it shows `today` (its cards and
  /// the one read they came from). Nil while the screen has not read, or shows another day.
  @MainActor
  public static func make(from model: TrackersViewModel, family: Family) -> WidgetSnapshot? {
    let environment = model.environment
    let today = environment.today
    guard let read = model.lastRead, read.day == today, read.today == today else { return nil }
    let localizer = environment.localizer
    let cards = model.state.sections.flatMap(\.cards)
    let trackers = Dictionary(
      read.summaries.map { ($0.tracker.id, $0.tracker) }, uniquingKeysWith: { a, _ in a })
    // Every card counts towards the day's progress; only those the family shows become rows.
    let due = cards.filter { !$0.isDayOff || $0.isPeriodMet }
    let done = due.filter { isDone($0, trackers[$0.id], read) }.count
    let next = environment.dayStart.start(of: today.adding(days: 1), in: environment.timeZone)
    return WidgetSnapshot(
      family: family, day: today.iso, title: localizer.text(.widgetTitle),
      progressText: localizer.text(.widgetProgress(done: String(done), due: String(due.count))),
      dueCount: due.count, doneCount: done,
      rows: cards.prefix(family.capacity).map { row(of: $0, trackers[$0.id], read, localizer) },
      moreCount: max(0, cards.count - family.capacity), validUntil: next, link: DeepLink.today.text)
  }

  /// Whether the card's habit is done on the day read: its target met when it is measurable, a
  /// record otherwise.
  @MainActor
  private static func isDone(
    _ card: TrackersViewModel.Card, _ tracker: Tracker?, _ read: TrackersViewModel.Read
  )
    -> Bool
  {
    // A quota habit's met period is done on every day of it, as its card shows (issue 49).
    if card.isPeriodMet { return true }
    guard tracker?.measure.goal != nil else { return card.isCompleted }
    return read.histories[card.id]?.isMet(on: read.day, today: read.today) ?? false
  }

  /// A card as a widget's row, with the numbers the card's texts show.
  @MainActor
  private static func row(
    of card: TrackersViewModel.Card, _ tracker: Tracker?, _ read: TrackersViewModel.Read,
    _ localizer: Localizer
  ) -> Row {
    let history = read.histories[card.id]
    let goal = tracker?.measure.goal
    let isDone = isDone(card, tracker, read)
    let amount = goal.flatMap { goal in history?.records[read.day].map { $0.amount ?? goal.target } }
    let quota = history?.periodProgress(containing: read.day, today: read.today).map {
      QuotaState(times: $0.quota.count, per: $0.quota.period.rawValue, met: $0.met, required: $0.required)
    }
    let state = localizer.text(isDone ? .widgetDone : card.isDayOff ? .widgetDayOff : .widgetNotDone)
    let progress = [card.amountText, card.quotaText].compactMap { $0 }.joined(separator: " · ")
    let streak =
      localizer.text(.statisticsStreakCurrent) + " " + localizer.plural(.days, count: card.currentStreak)
    let kind: String =
      switch tracker?.kind {
      case .event?: "event"
      case .habit?, nil: "habit"
      }
    return Row(
      id: card.id, name: card.name, emoji: card.emoji, color: card.color.hex, kind: kind, isDone: isDone,
      isDayOff: card.isDayOff, amount: amount, target: goal?.target, unit: goal?.unit,
      targetPer: goal?.period?.rawValue, quota: quota,
      currentStreak: card.currentStreak, progressText: progress.isEmpty ? nil : progress,
      streakText: card.streakText, accessibilityLabel: card.name,
      accessibilityValue: ([state] + (progress.isEmpty ? [] : [progress]) + [streak]).joined(separator: ", "),
      link: DeepLink.habit(.id(card.id)).text, actions: card.actions)
  }

  /// The snapshot as the JSON a widget reads: keys sorted, dates as ISO 8601.
  public func json() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Only a non-finite amount could fail to encode, and an amount never is one.
    return (try? encoder.encode(self)) ?? Data()
  }

  /// The snapshot a widget wrote with `json()`.
  public static func decode(_ data: Data) throws -> WidgetSnapshot {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(WidgetSnapshot.self, from: data)
  }
}
