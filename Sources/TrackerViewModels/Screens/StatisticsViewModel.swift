import TrackerLocalization
import TrackerModels

/// The statistics tab (seed: statistics 1–3).
@MainActor
public final class StatisticsViewModel: ObservableViewModel {
  /// One figure: the number, then its label.
  public struct Card: Equatable, Sendable, Identifiable {
    /// Which figure it is.
    public enum ID: Hashable, Sendable {
      case bestPeriod, perfectDays, completed, average
    }
    public var id: ID
    public var value: String
    public var label: String

    /// A value with every field given.
    public init(id: ID, value: String, label: String) {
      self.id = id
      self.value = value
      self.label = label
    }
  }

  /// What the statistics tab shows.
  public struct State: Equatable, Sendable, AlertShowing {
    public var title: String
    /// The four figures in the design's order; empty when the placeholder shows or when the
    /// records could not be read.
    public var cards: [Card]
    /// "Nothing to analyze yet" when every figure is zero.
    public var placeholder: String?
    /// A failed read, over the screen.
    public var alert: AlertState?

    /// A value with every field given.
    public init(title: String, cards: [Card], placeholder: String? = nil, alert: AlertState? = nil) {
      self.title = title
      self.cards = cards
      self.placeholder = placeholder
      self.alert = alert
    }
  }

  /// The state and its observers.
  public let observable: ObservableState<State>

  private let environment: AppEnvironment
  private var subscription: ObservationToken?
  /// The figures kept up to date change by change; nil until the store could be read.
  private var index: StatisticsIndex?

  /// Changes touching more record days than this (an import) are read whole again.
  static let largeChange = 1_000

  /// The statistics as of today; they follow every change of the store.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let localizer = environment.localizer
    observable = ObservableState(
      State(title: localizer.text(.statisticsTitle), cards: [], placeholder: nil, alert: nil))
    rebuild()
    subscription = StoreSubscription.observe(environment.store) { [weak self] change in
      guard !change.trackerIDs.isEmpty || !change.recordDays.isEmpty else { return }
      self?.apply(change)
    }
  }

  /// Call when the day may have changed (midnight, back in the foreground, a new time zone): the
  /// figures are computed again as of the new today.
  public func clockChanged() {
    guard index != nil else { return rebuild() }
    index?.setToday(environment.today)
    show()
  }

  /// The figures behind the screen, as of the environment's today.
  public static func statistics(_ environment: AppEnvironment) throws(StoreError) -> Statistics {
    let trackers = try environment.store.trackers().map(\.tracker)
    let records = try environment.store.allRecords()
    return Statistics(trackers: trackers, records: records, today: environment.today)
  }

  /// Reads every tracker and record and shows the figures; when the store cannot be read, the
  /// screen keeps what it showed and an alert says why.
  private func rebuild() {
    let store = environment.store
    let today = environment.today
    guard
      let built = attempt(
        .read, environment.localizer,
        { () throws(StoreError) in
          StatisticsIndex(
            trackers: try store.trackers().map(\.tracker), records: try store.allRecords(), today: today)
        })
    else { return }
    index = built
    show()
  }

  /// Applies one change: the trackers it names read again, the record days it names looked up —
  /// never every record (a tap costs one tracker's work).
  private func apply(_ change: StoreChange) {
    guard var updated = index,
      change.recordDays.values.reduce(0, { $0 + $1.count }) <= Self.largeChange
    else { return rebuild() }
    let store = environment.store
    let read: Void? = attempt(.read, environment.localizer) { () throws(StoreError) in
      if !change.trackerIDs.isEmpty {
        let current = Dictionary(
          uniqueKeysWithValues: try store.trackers().map { ($0.tracker.id, $0.tracker) })
        for id in change.trackerIDs {
          if let tracker = current[id] { updated.setTracker(tracker) } else { updated.removeTracker(id: id) }
        }
      }
      for (trackerID, days) in change.recordDays {
        for day in days {
          updated.setRecord(
            trackerID: trackerID, on: day, isDone: try store.completedTrackerIDs(on: day).contains(trackerID))
        }
      }
    }
    guard read != nil else {
      index = nil  // the next change or clock tick reads everything again
      return
    }
    index = updated
    show()
  }

  /// Shows the index's figures.
  private func show() {
    guard let figures = index?.statistics else { return }
    let localizer = environment.localizer
    var next = state
    if figures.isEmpty {
      next.cards = []
      next.placeholder = localizer.text(.statisticsPlaceholder)
    } else {
      next.cards = [
        Card(
          id: .bestPeriod, value: localizer.integer(figures.bestPeriod),
          label: localizer.text(.statisticsBestPeriod)),
        Card(
          id: .perfectDays, value: localizer.integer(figures.perfectDays),
          label: localizer.text(.statisticsPerfectDays)),
        Card(
          id: .completed, value: localizer.integer(figures.completed),
          label: localizer.text(.statisticsCompleted)),
        Card(
          id: .average, value: localizer.decimal(figures.average), label: localizer.text(.statisticsAverage)),
      ]
      next.placeholder = nil
    }
    state = next
  }
}
