import Foundation

/// What every screen's state answers, whatever the screen: its alert, whether its save is on its
/// way, and whether the user may swipe it away. A state without an alert or a save has the
/// defaults (none, not saving).
public protocol ScreenState: Equatable, Sendable {
  /// The alert over the screen, if it shows one (a screen that shows none keeps none: setting it
  /// does nothing).
  var alert: AlertState? { get set }
  /// Whether the screen's save is on its way: it closes by itself, or says why it could not
  /// (its buttons are disabled meanwhile).
  var isSaving: Bool { get }
  /// Whether the screen refuses to be swiped away, as SwiftUI's `interactiveDismissDisabled`
  /// refuses it up front: while its save is on its way, and while a form holds changes (its
  /// Cancel asks whether to discard them). A client passes it to `interactiveDismissDisabled`;
  /// a screen the user closed anyway is closed (`AppFlow.sheet`).
  var isDismissDisabled: Bool { get }
}

extension ScreenState {
  public var alert: AlertState? {
    get { nil }
    set {}  // a screen without alerts keeps none
  }
  public var isSaving: Bool { false }
  public var isDismissDisabled: Bool { isSaving }
}

/// A screen the flow presents over the tabs: a view model whose state is a `ScreenState`, which
/// follows the app's language and time zone. The flow needs nothing else of it: what it opens
/// from and what its choice does are the closures the flow gives it when it opens it.
@MainActor
package protocol PresentedScreen: ObservableViewModel, RegionFollowing where State: ScreenState {
  /// The day may have changed: a screen that shows "today" reads the clock again.
  func clockChanged()
}

extension PresentedScreen {
  /// OK on the screen's alert: it closes, the screen stays as it is (one without alerts has none).
  package func dismissShownAlert() { state.alert = nil }

  /// A screen that does not show "today" has nothing to read again.
  package func clockChanged() {}

  /// Calls `changed` after each change of the screen's state, until the token goes.
  func observeChanges(_ changed: @escaping () -> Void) -> BindingToken { observe { _ in changed() } }

  /// `State.isDismissDisabled`, tracked on its own.
  var isDismissDisabled: Bool { observable[field: \.isDismissDisabled] }
}

extension AppFlow.Presented {
  /// The presented screen's view model identifies it.
  public var id: ObjectIdentifier { ObjectIdentifier(model) }

  public static func == (lhs: AppFlow.Presented, rhs: AppFlow.Presented) -> Bool { lhs.id == rhs.id }

  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// Whether the screen refuses to be swiped away (`ScreenState.isDismissDisabled`), tracked on
  /// its own: `.interactiveDismissDisabled(screen.isDismissDisabled)`.
  @MainActor
  public var isDismissDisabled: Bool { model.isDismissDisabled }

  /// The presented screen's view model when it is a `Model`.
  @MainActor
  package func model<Model>(_ type: Model.Type) -> Model? { model as? Model }
}

extension AppView.Presented {
  /// Whether the screen's save is on its way (`ScreenState.isSaving`).
  public var isSaving: Bool { content.isSaving }

  /// The screen's alert, if it shows one.
  public var alert: AlertState? { content.alert }

  /// Whether the screen refuses to be swiped away (`ScreenState.isDismissDisabled`).
  public var isDismissDisabled: Bool { content.isDismissDisabled }
}
