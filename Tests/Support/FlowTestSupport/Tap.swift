import TodoViewModels
import TrackerAutomation
import TrackerViewModels

/// A flow a test drives by its elements' identifiers: the tracker's and the to-do app's.
@MainActor
public protocol TappableFlow: DrivenApp {}

extension AppFlow: TappableFlow {}
extension TodoFlow: TappableFlow {}

extension TappableFlow {
  /// Taps the element whose identifier is `id`, as the user would (`flow.tap("add")`).
  public func tap(_ id: String) throws(FlowError) { try perform(.tap(.identifier(id))) }

  /// A tap on the element `id`, then its store work, awaited (`performAndSettle`).
  public func tapAndSettle(_ id: String) async throws(FlowError) {
    try perform(.tap(.identifier(id)))
    await settled()
  }
}
