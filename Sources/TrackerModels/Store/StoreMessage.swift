/// A message of the store's for a person: its English text, and the key its translations are
/// filed under (`Resources/*.lproj/Localizable.strings`), so the command line can show it in the
/// user's language. The store, below the localization layer, knows only the English; a test
/// keeps it equal to the English file.
public struct StoreMessage: Hashable, Sendable, CustomStringConvertible {
  /// A value put into a message: text as it is, a day, or a message of its own ("a string").
  public indirect enum Argument: Hashable, Sendable {
    case text(String)
    /// A day: the English description writes it `YYYY-MM-DD`; the command line writes it as the
    /// user's language writes a date ("1 Dec 2026", "1 дек. 2026"), as in all its messages.
    case day(Day)
    case message(StoreMessage)
  }

  /// The key of the translations.
  public var key: String
  /// The English format: `%@` stands for the next argument.
  public var english: String
  /// The values substituted, in order.
  public var arguments: [Argument]

  /// A message with every part given.
  public init(_ key: String, _ english: String, _ arguments: Argument...) {
    self.key = key
    self.english = english
    self.arguments = arguments
  }

  /// The English text.
  public var description: String {
    var result = ""
    var remaining = arguments[...]
    var rest = english[...]
    while let marker = rest.range(of: "%@") {
      result += rest[..<marker.lowerBound]
      switch remaining.popFirst() {
      case .text(let text)?: result += text
      case .day(let day)?: result += day.iso
      case .message(let message)?: result += message.description
      case nil: break
      }
      rest = rest[marker.upperBound...]
    }
    return result + rest
  }
}
