import Foundation

/// The user's note on one day of a tracker (docs/rules.md, "Notes"): "sick", "ran in the rain".
/// At most one per (tracker, day), on any day (with a record, a day off or nothing). Notes never
/// count in a figure: no rule reads them.
public struct TrackerNote: Hashable, Sendable {
  /// The tracker the note belongs to.
  public var trackerID: UUID
  /// The day it is about.
  public var day: Day
  /// The text as stored (`validatedText`).
  public var text: String

  /// The longest note, in user-perceived characters.
  public static let maximumLength = 500

  /// A note of `trackerID` on `day`; `text` should already be validated.
  public init(trackerID: UUID, day: Day, text: String) {
    self.trackerID = trackerID
    self.day = day
    self.text = text
  }

  /// The text as stored: CR LF and CR read as LF, trimmed, 1 to `maximumLength` user-perceived
  /// characters; line breaks are the only control characters allowed, bidirectional overrides
  /// and isolates are refused as in names.
  public static func validatedText(_ raw: String) -> Result<String, NoteError> {
    let lines = raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    let text = NameRules.trimmed(lines)
    if let scalar = text.unicodeScalars.first(where: { $0 != "\n" && NameRules.isForbidden($0) }) {
      return .failure(.forbiddenCharacter(scalar))
    }
    if text.isEmpty { return .failure(.empty) }
    let length = text.count
    return length > maximumLength ? .failure(.tooLong(count: length)) : .success(text)
  }
}

/// Why a note's text is refused.
public enum NoteError: Error, Hashable, Sendable {
  /// Nothing but white space: to clear a note, delete it.
  case empty
  /// More than `TrackerNote.maximumLength` characters; carries the count.
  case tooLong(count: Int)
  /// A control character other than a line break, or a bidirectional override or isolate.
  case forbiddenCharacter(Unicode.Scalar)
}
