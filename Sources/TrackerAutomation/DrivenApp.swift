import TodoViewModels
import TrackerLocalization
import TrackerViewModels

/// What the command line's `run`, `show` and interactive mode need of an app, whichever it is:
/// the tracker's `AppFlow` or the to-do app's `TodoFlow`. Drawing it is the terminal's
/// (`DrivenApp.lines(_:)` in TrackerTerminal), from `shown`.
@MainActor
public protocol DrivenApp: AnyObject {
  /// The stable name of the screen on top.
  var screenName: String { get }
  /// The language the app speaks now.
  var language: Language { get }
  /// What the user can act on now, each named as a screen reader says it.
  var elements: [Element] { get }
  /// The same elements with their labels only: what moving the focus needs, without naming every
  /// element (a main screen of a thousand cards) on each change.
  var unspokenElements: [Element] { get }
  /// What names any of `elements` (`unspokenElements`) as `elements` names it (`Element.spoken`),
  /// for as long as the app does not change.
  func namer(among elements: [Element]) -> (Element) -> Element
  /// The alert on screen, if any.
  var alert: AlertState? { get }
  /// Whether something is on its way (the to-do list's starting tasks).
  var isLoading: Bool { get }
  /// Whether a write is still running (`StoreWriter`): quitting waits for it.
  var isSaving: Bool { get }
  /// How many screens lie over one that holds what the user typed and has not saved (a tracker
  /// form with changes, under its category list or schedule): 0 when it is on top, nil when no
  /// screen holds any. Quitting goes back to it and asks first.
  var screensOverChangesToLose: Int? { get }
  /// The field whose whole text is selected (the amount sheet's prefilled amount): the first key
  /// typed replaces it.
  var selectedTextField: InputField? { get }
  /// Whether a write has run long enough to say "Saving…" (another program holds the file).
  var showsSaving: Bool { get }
  /// Whether a store call is on its way (`StoreAccess.callsInFlight`): a terminal lets it arrive,
  /// for a moment, before it draws a key's outcome.
  var hasCallsInFlight: Bool { get }
  /// Whether a store read is on its way (`StoreAccess.readsInFlight`).
  var hasReadsInFlight: Bool { get }
  func perform(_ action: UserAction) throws(FlowError)
  /// Returns once every store call handed off so far has ended and shown its outcome (and the
  /// calls their outcomes handed off in turn).
  func settled() async
  /// Returns once no store call of the app's own access is on its way (no read, with
  /// `readsOnly`): what `hasCallsInFlight` (`hasReadsInFlight`) waits to become false for, without
  /// the other work `settled()` also awaits (the sync status's reads).
  func callsEnded(readsOnly: Bool) async
  /// Does what an element's own action says (its `action`, `longPressAction` or
  /// `swipeLeftAction`), as the gesture on it would: the terminal sends the focused element's.
  func send(_ action: ElementAction) throws(FlowError)
  func find(_ target: UserAction.Target) throws(FlowError) -> Element
  /// Everything on screen, as a renderer draws it.
  var shown: ShownView { get }
  /// The clock may have moved on: the app reads it again and, when the day has changed, shows
  /// the new one (an app left open past midnight moves to the new today by itself).
  func clockChanged()
  /// The values of the layer on top, whose texts are what the user reads (for `expect text`).
  var topLayer: [Any] { get }
  /// Calls `handler` after each change the app publishes, until the token goes.
  func observeChanges(_ handler: @escaping () -> Void) -> BindingToken
}

extension DrivenApp {
  /// A user's action as the app meets it (the main actor waits for no store call): the action,
  /// then the store work it started and the state that work leads to, awaited — what a script's
  /// line is.
  public func performAndSettle(_ action: UserAction) async throws(FlowError) {
    try perform(action)
    await settled()
  }

  /// Returns true once nothing is loading (the to-do list's starting tasks came, or failed) and
  /// the store work that led to is settled, false when it still is loading after `seconds` of
  /// the real clock.
  public func loaded(within seconds: Double) async -> Bool {
    await settled()
    guard await until({ [unowned self] in !self.isLoading }, within: seconds) else { return false }
    await settled()
    return true
  }

  /// Returns true once `condition` holds — now, or after a change the app publishes — false when
  /// it still does not after `seconds` of the real clock. Awaits the app's changes, never polls.
  public func until(_ condition: @escaping @MainActor () -> Bool, within seconds: Double) async -> Bool {
    guard !condition() else { return true }
    let wait = ChangeWait()
    return await withCheckedContinuation { continuation in
      wait.continuation = continuation
      wait.token = observeChanges { [wait] in
        guard condition() else { return }
        wait.end(true)
      }
      wait.deadline = Task { @MainActor [wait] in
        // Cancelled once the condition held; a sleep cut short by that ends nothing more.
        guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
        wait.end(false)
      }
    }
  }
}

/// One `until(_:within:)`: whichever comes first, the change or the deadline, ends it.
@MainActor
private final class ChangeWait {
  var continuation: CheckedContinuation<Bool, Never>?
  var token: BindingToken?
  var deadline: Task<Void, Never>?

  func end(_ loaded: Bool) {
    deadline?.cancel()
    token = nil
    continuation?.resume(returning: loaded)
    continuation = nil
  }
}

/// Everything a driven app shows: the tracker's view or the to-do list's.
public enum ShownView: Equatable, Sendable {
  case tracker(AppView)
  case todo(TodoFlow.View)

  /// The text field the text cursor is drawn in.
  public var focusedField: InputField? {
    get {
      switch self {
      case .tracker(let view): return view.focusedField
      case .todo(let view): return view.focusedField
      }
    }
    set {
      switch self {
      case .tracker(var view):
        view.focusedField = newValue
        self = .tracker(view)
      case .todo(var view):
        view.focusedField = newValue
        self = .todo(view)
      }
    }
  }
}

extension AppFlow: DrivenApp {
  public var screenName: String { screen.rawValue }
  public var language: Language { environment.language }
  public var alert: AlertState? { view.alert }
  public var isLoading: Bool { false }
  public var isSaving: Bool { environment.writer.state.isSaving }
  public var screensOverChangesToLose: Int? {
    let shown = screens
    guard
      let form = shown.lastIndex(where: { screen in
        if case .trackerForm(let form) = screen { return form.hasChanges }
        return false
      })
    else { return nil }
    return shown.count - 1 - form
  }
  public var selectedTextField: InputField? {
    if case .amount(let model)? = sheet, model.state.isTextSelected { return .amount }
    return nil
  }
  public var showsSaving: Bool { environment.writer.state.showsSaving }
  public var hasCallsInFlight: Bool { environment.access.callsInFlight > 0 }
  public var hasReadsInFlight: Bool { environment.access.readsInFlight > 0 }
  public func callsEnded(readsOnly: Bool) async { await environment.access.settled(readsOnly: readsOnly) }
  public var shown: ShownView { .tracker(view) }

  public var topLayer: [Any] {
    let view = view
    if let alert = view.alert { return [alert] }
    if let top = view.presented.last { return [top] + (view.categoryMenu.map { [$0] } ?? []) }
    return [view.base] + (view.tabBar.map { [$0] } ?? [])
  }

  /// The flow's changes and the writer's (a write waiting for the file, then done): the writer's
  /// binding lives as long as the flow's.
  public func observeChanges(_ handler: @escaping () -> Void) -> BindingToken {
    withWriter(environment.writer, observe, handler)
  }
}

extension TodoFlow: DrivenApp {
  public var screenName: String { screen.rawValue }
  public var language: Language { environment.language }
  public var alert: AlertState? { view.alert }
  public var isSaving: Bool { environment.writer.state.isSaving }
  /// The to-do form saves as it is typed into: nothing to lose.
  public var screensOverChangesToLose: Int? { nil }
  public var selectedTextField: InputField? { nil }
  public var showsSaving: Bool { environment.writer.state.showsSaving }
  public var hasCallsInFlight: Bool { environment.access.callsInFlight > 0 }
  public var hasReadsInFlight: Bool { environment.access.readsInFlight > 0 }
  public func callsEnded(readsOnly: Bool) async { await environment.access.settled(readsOnly: readsOnly) }
  public var shown: ShownView { .todo(view) }

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
    withWriter(environment.writer, observe, handler)
  }
}

/// Calls `handler` after each change `observe` delivers and each time the writer starts or stops
/// showing "Saving…" (what a user sees of it; a write on a free file, over before "Saving…"
/// would show, changes nothing on screen): the writer's binding lives as long as the flow's.
@MainActor
private func withWriter<View>(
  _ writer: StoreWriter, _ observe: (@escaping (View) -> Void) -> BindingToken,
  _ handler: @escaping () -> Void
) -> BindingToken {
  var showsSaving = writer.state.showsSaving
  let writing = writer.observe { state in
    guard state.showsSaving != showsSaving else { return }
    showsSaving = state.showsSaving
    handler()
  }
  return observe { _ in
    withExtendedLifetime(writing) { handler() }
  }
}
