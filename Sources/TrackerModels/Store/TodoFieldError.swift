import Foundation

/// Why a task's title or text is refused.
public enum TodoFieldError: Error, Hashable, Sendable {
  /// The text is empty or only white space (a title may be empty).
  case emptyText
  /// Longer than the limit, in user-perceived characters.
  case tooLong(count: Int, limit: Int)
  /// A control character (a line break is allowed in the text only) or a bidirectional override.
  case forbiddenCharacter(Unicode.Scalar)
}
