import TodoViewModels
import TrackerAutomation
import TrackerViewModels

/// A flow a test drives by its elements' identifiers: the tracker's and the to-do app's.
@MainActor
public protocol TappableFlow: AnyObject {
  func perform(_ action: UserAction) throws(FlowError)
  /// Returns once every store call handed off so far has ended and shown its outcome.
  func settled() async
}

extension AppFlow: TappableFlow {}
extension TodoFlow: TappableFlow {}

extension TappableFlow {
  /// Taps the element whose identifier is `id`, as the user would (`flow.tap("add")`).
  public func tap(_ id: String) throws(FlowError) { try perform(.tap(.identifier(id))) }
}

extension TappableFlow {
  /// A user's action as the app meets it (the main actor waits for no store call): the action,
  /// then the store work it started and the state that work leads to, awaited.
  public func performAndSettle(_ action: UserAction) async throws(FlowError) {
    try perform(action)
    await settled()
  }

  /// A tap on the element `id`, then its store work, awaited (`performAndSettle`).
  public func tapAndSettle(_ id: String) async throws(FlowError) {
    try perform(.tap(.identifier(id)))
    await settled()
  }
}
