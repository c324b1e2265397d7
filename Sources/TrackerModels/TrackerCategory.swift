import Foundation

/// A named group of trackers; a section on the main screen.
public struct TrackerCategory: Identifiable, Hashable, Sendable {
  /// The category's stable identity.
  public var id: UUID
  /// The validated title (see `NameRules`).
  public var title: String

  /// A category with the given identity and title.
  public init(id: UUID, title: String) {
    self.id = id
    self.title = title
  }
}
