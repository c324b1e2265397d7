import TrackerLocalization
import TrackerModels

/// The statistics tab (seed: statistics 1–3).
@MainActor
public final class StatisticsViewModel {
  /// One figure: the number, then its label.
  public struct Card: Equatable, Sendable {
    public var value: String
    public var label: String
  }

  /// What the statistics tab shows.
  public struct State: Equatable, Sendable {
    public var title: String
    /// The four figures in the design's order; empty when the placeholder shows.
    public var cards: [Card]
    /// "Nothing to analyze yet" when every figure is zero.
    public var placeholder: String?
  }

  /// The state now.
  public private(set) var state: State {
    didSet { if state != oldValue { observers.notify(state) } }
  }

  private let environment: AppEnvironment
  private let observers = StateObservers<State>()
  private var subscription: ObservationToken?

  /// The statistics as of today; they follow every change of the store.
  public init(environment: AppEnvironment) {
    self.environment = environment
    state = StatisticsViewModel.state(environment)
    subscription = StoreSubscription.observe(environment.store) { [weak self] change in
      guard let self, !change.trackerIDs.isEmpty || !change.recordDays.isEmpty else { return }
      self.state = StatisticsViewModel.state(self.environment)
    }
  }

  /// Calls `handler` with the state now and after each change.
  public func observe(_ handler: @escaping (State) -> Void) -> BindingToken { observers.add(state, handler) }

  /// The figures behind the screen.
  public static func statistics(_ environment: AppEnvironment) -> Statistics {
    let trackers = ((try? environment.store.trackers()) ?? []).map(\.tracker)
    let records = (try? environment.store.allRecords()) ?? []
    return Statistics(trackers: trackers, records: records, today: environment.today)
  }

  private static func state(_ environment: AppEnvironment) -> State {
    let localizer = environment.localizer
    let figures = statistics(environment)
    guard !figures.isEmpty else {
      return State(
        title: localizer.text(.statisticsTitle), cards: [],
        placeholder: localizer.text(.statisticsPlaceholder))
    }
    return State(
      title: localizer.text(.statisticsTitle),
      cards: [
        Card(value: localizer.integer(figures.bestPeriod), label: localizer.text(.statisticsBestPeriod)),
        Card(value: localizer.integer(figures.perfectDays), label: localizer.text(.statisticsPerfectDays)),
        Card(value: localizer.integer(figures.completed), label: localizer.text(.statisticsCompleted)),
        Card(value: localizer.decimal(figures.average), label: localizer.text(.statisticsAverage)),
      ],
      placeholder: nil)
  }
}
