import Foundation
import TrackerLocalization
import TrackerModels

/// The explanation shown before the system's permission question (screen `permission`).
@MainActor
public final class PermissionViewModel: PresentedScreen {
  /// What the sheet shows.
  public struct State: ScreenState {
    public var text: String
    public var allowTitle: String
    public var notNowTitle: String

    /// A value with every field given.
    public init(text: String, allowTitle: String, notNowTitle: String) {
      self.text = text
      self.allowTitle = allowTitle
      self.notNowTitle = notNowTitle
    }
  }

  public let observable: ObservableState<State>
  /// Called with true for Allow, false for Not now (or the sheet swiped away).
  public var onChoice: ((Bool) -> Void)?

  public init(environment: AppEnvironment) {
    observable = ObservableState(Self.state(environment.localizer))
    region = following(environment.region) { $0.state = Self.state(environment.localizer) }
  }

  private static func state(_ localizer: Localizer) -> State {
    State(
      text: localizer.text(.permissionText), allowTitle: localizer.text(.permissionAllow),
      notNowTitle: localizer.text(.permissionNotNow))
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  public func allowTapped() { onChoice?(true) }
  public func notNowTapped() { onChoice?(false) }
}
