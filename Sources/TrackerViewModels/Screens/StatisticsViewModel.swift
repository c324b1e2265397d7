import TrackerLocalization
import TrackerModels

/// The statistics tab (seed: statistics 1–3).
@MainActor
public final class StatisticsViewModel: ObservableViewModel, RegionFollowing {
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

  /// The statistics as of today; they follow every change of the store.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let localizer = environment.localizer
    observable = ObservableState(
      State(title: localizer.text(.statisticsTitle), cards: [], placeholder: nil, alert: nil))
    observeFigures()
    region = following(environment.region) { $0.relabel() }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  private func relabel() {
    state.title = environment.localizer.text(.statisticsTitle)
    state.alert = state.alert?.relabelled(environment.localizer)
    // A new language with the same today: the figures last read, worded again (no read).
    if let shown, shown.asOf == environment.today { show(shown.figures) } else { observeFigures() }
  }

  /// The figures on screen and the today they are as of.
  private var shown: (figures: Statistics, asOf: Day)?

  /// Call when the day may have changed (midnight, back in the foreground, a new time zone): the
  /// figures are computed again as of the new today.
  public func clockChanged() {
    guard shown?.asOf != environment.today else { return }
    observeFigures()
  }

  /// Observes the figures as of today (`observe(fetch:)`): read now, and again once after each
  /// burst of commits that touched trackers or records. When the store cannot be read, the
  /// screen keeps what it showed and an alert says why.
  private func observeFigures() {
    let today = environment.today
    subscription = environment.access.observe(
      touches: { $0.isEverything || !$0.trackerIDs.isEmpty || !$0.recordDays.isEmpty },
      fetch: { (store) throws(StoreError) in try store.statistics(asOf: today) },
      onChange: { [weak self] read in
        guard let self else { return }
        switch read {
        case .success(let figures):
          self.shown = (figures, today)
          self.show(figures)
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
      })
  }

  /// The cards (or the placeholder) of `figures`, in the environment's language.
  private func show(_ figures: Statistics) {
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
