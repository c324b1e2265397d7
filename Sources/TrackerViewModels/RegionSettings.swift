import Foundation
import TrackerLocalization
import TrackerModels

/// The language and the time zone the app runs in, which the user may change while it runs.
/// One per environment (copies of an environment share it, as they share `StoreWriter`):
/// `change(language:timeZone:)` — or `AppEnvironment.environmentChanged`, `AppFlow
/// .environmentChanged` — re-labels every live view model built on it, each with one new state,
/// and moves "today" to the new time zone.
///
/// It lives on the main actor, as the screens do: its values are read, and change and tell their
/// observers, there (no lock).
@MainActor
public final class RegionSettings: ObservableViewModel {
  /// A language and a time zone.
  public struct State: Equatable, Sendable {
    /// The language texts are shown in.
    public var language: Language
    /// The user's time zone, which decides what "today" is.
    public var timeZone: TimeZone

    /// A value with every field given.
    public init(language: Language, timeZone: TimeZone) {
      self.language = language
      self.timeZone = timeZone
    }
  }

  /// The state and who follows it.
  public private(set) lazy var observable = ObservableState(current)

  /// The flows' observation, told before the screens' (`observable`), so that a flow gathers its
  /// screens' new states into one view.
  package private(set) lazy var leading = ObservableState(current)

  /// The values as last changed.
  private var current: State

  /// Settings holding `language` and `timeZone`.
  public nonisolated init(language: Language, timeZone: TimeZone) {
    current = State(language: language, timeZone: timeZone)
  }

  /// The language and time zone now (while observers are told of a change, the new ones).
  var now: State { current }

  /// The language texts are shown in now.
  public var language: Language { current.language }

  /// The time zone that decides "today" now.
  public var timeZone: TimeZone { current.timeZone }

  /// Call when the user changed the app's language or the system's time zone: every view model
  /// built on these settings follows (one new state each); nothing happens when both are as they
  /// were.
  public func change(language: Language, timeZone: TimeZone) {
    let next = State(language: language, timeZone: timeZone)
    current = next
    leading.value = next
    state = next
  }
}

/// A view model's link to its environment's `RegionSettings`: it remembers the language and time
/// zone the view model's texts were last made in, and asks the view model to make them again (in
/// one state) when they change. The flow calls `follow()` on every screen it owns first, inside its
/// own single publish; the screen's own observation then finds nothing new.
@MainActor
package final class RegionFollower {
  private let settings: RegionSettings
  private var shown: RegionSettings.State
  private var binding: BindingToken?
  private let relabel: () -> Void

  /// Follows `settings`; `relabel` makes the view model's state again from the environment.
  init(_ settings: RegionSettings, relabel: @escaping () -> Void) {
    self.settings = settings
    shown = settings.now
    self.relabel = relabel
    binding = settings.observe { [weak self] _ in self?.follow() }
  }

  /// Makes the texts again when the language or time zone differs from the one they were made in.
  func follow() {
    let now = settings.now
    guard now != shown else { return }
    shown = now
    relabel()
  }
}

/// A view model that follows its environment's language and time zone.
@MainActor
package protocol RegionFollowing: AnyObject {
  /// Its link to the environment's `RegionSettings`, set at the end of its `init`.
  var region: RegionFollower? { get }
}

extension RegionFollowing {
  /// Shows the texts in the environment's language and "today" in its time zone, when they changed
  /// (the screen follows by itself; this makes it follow now, as the flow does before it publishes).
  package func followRegion() { region?.follow() }
}

extension ObservableViewModel {
  /// Follows `settings`: when the language or time zone changes, `relabel` makes the state again,
  /// and observers hear of it once.
  package func following(_ settings: RegionSettings, _ relabel: @escaping (Self) -> Void) -> RegionFollower {
    RegionFollower(settings) { [weak self] in
      guard let self else { return }
      self.oneState { relabel(self) }
    }
  }
}
