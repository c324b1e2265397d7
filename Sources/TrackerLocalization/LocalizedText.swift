/// A text key with the arguments its format takes, as `Localizer.text(_:)` renders it. Made only by
/// the generated static functions (one per key whose text takes arguments: `.cliError(message)`),
/// so the number and kinds of the arguments always match the English format's conversions.
public struct LocalizedText: Hashable, Sendable {
  /// The key of the text.
  public let key: TextKey
  /// The values of the format's conversions, in order.
  public let arguments: [FormatArgument]

  /// For the generated functions only.
  init(_ key: TextKey, _ arguments: [FormatArgument]) {
    self.key = key
    self.arguments = arguments
  }
}
