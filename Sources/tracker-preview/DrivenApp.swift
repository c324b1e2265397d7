import Foundation
import TrackerTextRenderer
import TrackerViewModels

/// What `run`, `show` and the interactive mode need of an app, whichever it is: the tracker's
/// `AppFlow` or the to-do app's `TodoFlow`.
@MainActor
protocol DrivenApp: AnyObject {
  /// The stable name of the screen on top.
  var screenName: String { get }
  /// What the user can act on now.
  var elements: [Element] { get }
  /// The alert on screen, if any.
  var alert: AlertState? { get }
  /// Whether something is on its way (the to-do list's starting tasks).
  var isLoading: Bool { get }
  func perform(_ action: UserAction) throws(FlowError)
  func find(_ target: UserAction.Target) throws(FlowError) -> Element
  /// The screen drawn by `renderer`.
  func render(_ renderer: ScreenRenderer, format: OutputFormat) -> String
  /// The texts of the layer on top, as written (for `expect text`).
  var topLayer: [Any] { get }
  /// Calls `handler` after each change the app publishes, until the token goes.
  func observeChanges(_ handler: @escaping () -> Void) -> BindingToken
}

extension DrivenApp {
  /// What the user reads on the screen drawn by `renderer`.
  func screenText(_ renderer: ScreenRenderer) -> ScreenText {
    ScreenText(layers: topLayer, drawn: render(renderer, format: .plain))
  }

  /// Lets the main actor's queued work run (the loader's answer arrives that way) until nothing is
  /// loading; false when it is still loading after `timeout` seconds.
  func waitWhileLoading(timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while isLoading {
      guard Date() < deadline else { return false }
      _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.02))
    }
    return true
  }
}

extension AppFlow: DrivenApp {
  var screenName: String { screen.rawValue }
  var alert: AlertState? { view.alert }
  var isLoading: Bool { false }
  func render(_ renderer: ScreenRenderer, format: OutputFormat) -> String {
    renderer.render(view, format: format)
  }

  var topLayer: [Any] {
    let view = view
    if let alert = view.alert { return [alert] }
    if let top = view.presented.last { return [top] + (view.categoryMenu.map { [$0] } ?? []) }
    return [view.base] + (view.tabBar.map { [$0] } ?? [])
  }

  func observeChanges(_ handler: @escaping () -> Void) -> BindingToken { observe { _ in handler() } }
}

extension TodoFlow: DrivenApp {
  var screenName: String { screen.rawValue }
  var alert: AlertState? { view.alert }
  func render(_ renderer: ScreenRenderer, format: OutputFormat) -> String {
    renderer.render(view, format: format)
  }

  var topLayer: [Any] {
    let view = view
    if let alert = view.alert { return [alert] }
    if let form = view.form { return [form] }
    if let question = view.list.deleteQuestion { return [question] }
    return [view.list]
  }

  func observeChanges(_ handler: @escaping () -> Void) -> BindingToken { observe { _ in handler() } }
}
