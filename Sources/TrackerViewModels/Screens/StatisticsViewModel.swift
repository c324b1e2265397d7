import Foundation
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

  /// One choice of the category picker (issue 49): every category ("All", `id` nil) or one.
  public struct Scope: Equatable, Sendable, Identifiable {
    public var id: UUID?
    public var title: String
    public var isChosen: Bool

    /// A value with every field given.
    public init(id: UUID?, title: String, isChosen: Bool) {
      self.id = id
      self.title = title
      self.isChosen = isChosen
    }
  }

  /// What the statistics tab shows.
  public struct State: Equatable, Sendable, AlertShowing {
    public var title: String
    /// The category picker: "All", then each category by title; empty while there are fewer than
    /// two categories (there is nothing to choose between).
    public var scopes: [Scope] = []
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

  package let environment: AppEnvironment
  private var subscription: ObservationToken?
  /// The category the figures are of (nil: all), and the categories last read.
  private var chosenCategory: UUID?
  private var categories: [TrackerCategory] = []

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
    state.scopes = scopes()
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

  /// Call when the user chose a category of the picker (nil: all): the figures of its trackers
  /// alone (issue 49), read at once.
  public func categoryChosen(_ id: UUID?) {
    guard id != chosenCategory else { return }
    chosenCategory = id
    state.scopes = scopes()
    observeFigures()
  }

  /// What one read brings: the categories, the category the figures are of, the figures.
  private struct Read: Equatable, Sendable {
    var categories: [TrackerCategory]
    var scope: UUID?
    var figures: Statistics
  }

  /// The picker's choices in the environment's language.
  private func scopes() -> [Scope] {
    guard categories.count > 1 else { return [] }
    let collation = Collation(environment.language)
    return [
      Scope(id: nil, title: environment.localizer.text(.statisticsAll), isChosen: chosenCategory == nil)
    ]
      + categories.sorted { collation.areInOrder($0.title, $1.title) }.map {
        Scope(id: $0.id, title: $0.title, isChosen: $0.id == chosenCategory)
      }
  }

  /// Observes the figures as of today (`observe(fetch:)`): read now, and again once after each
  /// burst of commits that touched trackers, records or categories. When the store cannot be
  /// read, the screen keeps what it showed and an alert says why.
  private func observeFigures() {
    let today = environment.today
    let category = chosenCategory
    subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in
        try store.read { (reader) throws(StoreError) in
          let categories = try reader.categories()
          // A category deleted meanwhile: the figures of all.
          let scope = categories.contains { $0.id == category } ? category : nil
          return Read(
            categories: categories, scope: scope, figures: try reader.statistics(asOf: today, category: scope)
          )
        }
      },
      onChange: { [weak self] read in
        guard let self else { return }
        switch read {
        case .success(let read):
          let figures = read.figures
          self.categories = read.categories
          self.chosenCategory = read.scope
          self.state.scopes = self.scopes()
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
