import Foundation
import TrackerModels

/// A task of the to-do app (seed 003): a title (may be empty), a text, whether it is done, when it
/// was created, and the id it had on the server it was loaded from (nil for tasks made here).
public struct TodoTask: Hashable, Sendable, Identifiable {
  public var id: UUID
  public var title: String
  public var text: String
  public var isDone: Bool
  public var created: Date
  public var remoteID: Int?

  /// A task with every field given.
  public init(id: UUID, title: String, text: String, isDone: Bool, created: Date, remoteID: Int? = nil) {
    self.id = id
    self.title = title
    self.text = text
    self.isDone = isDone
    self.created = created
    self.remoteID = remoteID
  }

  /// Newest first; tasks made at the same instant (a page loaded at once) in the server's order,
  /// then by id, so the order is total.
  public static func newestFirst(_ lhs: TodoTask, _ rhs: TodoTask) -> Bool {
    if lhs.created != rhs.created { return lhs.created > rhs.created }
    if lhs.remoteID != rhs.remoteID { return (lhs.remoteID ?? .max) < (rhs.remoteID ?? .max) }
    return lhs.id.textOrder < rhs.id.textOrder
  }
}

/// The rules of a task's fields (docs/rules.md, "To do list").
public enum TodoRules {
  /// A title's limit, in user-perceived characters.
  public static let titleLimit = 100
  /// A text's limit.
  public static let textLimit = 2_000

  /// The title as stored: trimmed, one line, at most `titleLimit` characters; empty is allowed.
  public static func validatedTitle(_ raw: String) -> Result<String, TodoFieldError> {
    let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if let scalar = title.unicodeScalars.first(where: NameRules.isForbidden) {
      return .failure(.forbiddenCharacter(scalar))
    }
    let count = title.count
    return count > titleLimit ? .failure(.tooLong(count: count, limit: titleLimit)) : .success(title)
  }

  /// The text as stored: trimmed, not blank, at most `textLimit` characters; line breaks (LF, and
  /// CR LF read as one) are the only control characters allowed.
  public static func validatedText(_ raw: String) -> Result<String, TodoFieldError> {
    let text = raw.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(
      in: .whitespacesAndNewlines)
    if let scalar = text.unicodeScalars.first(where: { $0 != "\n" && NameRules.isForbidden($0) }) {
      return .failure(.forbiddenCharacter(scalar))
    }
    if text.isEmpty { return .failure(.emptyText) }
    let count = text.count
    return count > textLimit ? .failure(.tooLong(count: count, limit: textLimit)) : .success(text)
  }

  /// `task` with its fields as stored, or the first problem.
  public static func validated(_ task: TodoTask) -> Result<TodoTask, TodoFieldError> {
    validatedTitle(task.title).flatMap { title in
      validatedText(task.text).map { text in
        var valid = task
        valid.title = title
        valid.text = text
        return valid
      }
    }
  }
}
