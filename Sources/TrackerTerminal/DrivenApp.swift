import TrackerLocalization
import TrackerTextRenderer
import TrackerViewModels

/// What the command line's `run`, `show` and interactive mode need of an app, whichever it is:
/// the tracker's `AppFlow` or the to-do app's `TodoFlow`.
@MainActor
public protocol DrivenApp: AnyObject {
  /// The stable name of the screen on top.
  var screenName: String { get }
  /// The language the app speaks now.
  var language: Language { get }
  /// What the user can act on now.
  var elements: [Element] { get }
  /// The alert on screen, if any.
  var alert: AlertState? { get }
  /// Whether something is on its way (the to-do list's starting tasks).
  var isLoading: Bool { get }
  /// Whether a write waits for the data file while another program holds it (`StoreWriter`).
  var isSaving: Bool { get }
  func perform(_ action: UserAction) throws(FlowError)
  func find(_ target: UserAction.Target) throws(FlowError) -> Element
  /// The screen's lines drawn by `renderer`, and how many at its top and bottom stay in place
  /// when a short terminal scrolls it.
  func lines(_ renderer: ScreenRenderer) -> (lines: [StyledLine], pinned: (top: Int, bottom: Int))
  /// The screen's lines as `lines(_:)` draws them, but with the text cursor in `field` alone (nil:
  /// in no field), whichever field the app has focused: the interactive mode draws the cursor
  /// where typing goes, and nowhere once the focus has left the field.
  func lines(_ renderer: ScreenRenderer, caretIn field: InputField?) -> (
    lines: [StyledLine], pinned: (top: Int, bottom: Int)
  )
  /// The identifier of the text field the app has focused, if any.
  var focusedFieldIdentifier: String? { get }
  /// The clock may have moved on: the app reads it again and, when the day has changed, shows
  /// the new one (an app left open past midnight moves to the new today by itself).
  func clockChanged()
  /// `format` as the app draws in it (the to-do app has a light mode only).
  func format(_ format: OutputFormat) -> OutputFormat
  /// The values of the layer on top, whose texts are what the user reads (for `expect text`).
  var topLayer: [Any] { get }
  /// Calls `handler` after each change the app publishes, until the token goes.
  func observeChanges(_ handler: @escaping () -> Void) -> BindingToken
}

extension DrivenApp {
  /// The screen drawn by `renderer` in `format`.
  public func render(_ renderer: ScreenRenderer, format: OutputFormat) -> String {
    self.format(format).encode(lines(renderer).lines)
  }

  /// What the user reads on the screen drawn by `renderer`.
  public func screenText(_ renderer: ScreenRenderer) -> ScreenText {
    ScreenText(layers: topLayer, drawn: render(renderer, format: .plain))
  }
}

extension AppFlow: DrivenApp {
  public var screenName: String { screen.rawValue }
  public var language: Language { environment.language }
  public var alert: AlertState? { view.alert }
  public var isLoading: Bool { false }
  public var isSaving: Bool { environment.writer.state.isSaving }
  public var focusedFieldIdentifier: String? { view.focusedField?.rawValue }
  public func format(_ format: OutputFormat) -> OutputFormat { format }

  public func lines(_ renderer: ScreenRenderer) -> (lines: [StyledLine], pinned: (top: Int, bottom: Int)) {
    let view = view
    return (renderer.lines(for: view), renderer.pinnedLines(for: view))
  }

  public func lines(_ renderer: ScreenRenderer, caretIn field: InputField?) -> (
    lines: [StyledLine], pinned: (top: Int, bottom: Int)
  ) {
    var view = view
    view.focusedField = field
    return (renderer.lines(for: view), renderer.pinnedLines(for: view))
  }

  public var topLayer: [Any] {
    let view = view
    if let alert = view.alert { return [alert] }
    if let top = view.presented.last { return [top] + (view.categoryMenu.map { [$0] } ?? []) }
    return [view.base] + (view.tabBar.map { [$0] } ?? [])
  }

  /// The flow's changes and the writer's (a write waiting for the file, then done): the writer's
  /// binding lives as long as the flow's.
  public func observeChanges(_ handler: @escaping () -> Void) -> BindingToken {
    var isFirst = true
    let writing = environment.writer.observe { _ in
      if !isFirst { handler() }
      isFirst = false
    }
    return observe { _ in
      withExtendedLifetime(writing) { handler() }
    }
  }
}

extension TodoFlow: DrivenApp {
  public var screenName: String { screen.rawValue }
  public var language: Language { environment.language }
  public var alert: AlertState? { view.alert }
  public var focusedFieldIdentifier: String? { view.focusedField?.rawValue }
  public var isSaving: Bool { environment.writer.state.isSaving }
  public func format(_ format: OutputFormat) -> OutputFormat { format.lightOnly }

  public func lines(_ renderer: ScreenRenderer) -> (lines: [StyledLine], pinned: (top: Int, bottom: Int)) {
    let view = view
    return (renderer.lines(for: view), renderer.pinnedLines(for: view))
  }

  public func lines(_ renderer: ScreenRenderer, caretIn field: InputField?) -> (
    lines: [StyledLine], pinned: (top: Int, bottom: Int)
  ) {
    var view = view
    view.focusedField = field
    return (renderer.lines(for: view), renderer.pinnedLines(for: view))
  }

  /// The to-do list shows nothing that depends on the day.
  public func clockChanged() {}

  public var topLayer: [Any] {
    let view = view
    if let alert = view.alert { return [alert] }
    if let form = view.form { return [form] }
    if let question = view.list.deleteQuestion { return [question] }
    return [view.list]
  }

  /// The flow's changes and the writer's, as `AppFlow.observeChanges`.
  public func observeChanges(_ handler: @escaping () -> Void) -> BindingToken {
    var isFirst = true
    let writing = environment.writer.observe { _ in
      if !isFirst { handler() }
      isFirst = false
    }
    return observe { _ in
      withExtendedLifetime(writing) { handler() }
    }
  }
}
