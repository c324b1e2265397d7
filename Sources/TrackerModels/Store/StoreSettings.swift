import Foundation

/// What the app remembers about the user between launches.
public struct StoreSettings: Hashable, Sendable {
  /// Whether the user pressed the onboarding button once.
  public var isOnboardingDone: Bool
  /// The main screen's filter.
  public var filter: TrackerFilter
  /// The category last chosen in the tracker form.
  public var lastChosenCategoryID: UUID?
  /// The daily reminder (seed 004).
  public var reminder: ReminderSettings
  /// The hour the user's day starts at (docs/rules.md).
  public var dayStart: DayStart
  /// The categories collapsed on the main screen (issue 49): on this device only, never synced.
  public var collapsedCategoryIDs: Set<UUID> = []

  /// Settings with every field given; the defaults are a first launch.
  public init(
    isOnboardingDone: Bool = false, filter: TrackerFilter = .all, lastChosenCategoryID: UUID? = nil,
    reminder: ReminderSettings = ReminderSettings(), dayStart: DayStart = .midnight
  ) {
    self.dayStart = dayStart
    self.isOnboardingDone = isOnboardingDone
    self.filter = filter
    self.lastChosenCategoryID = lastChosenCategoryID
    self.reminder = reminder
  }
}
