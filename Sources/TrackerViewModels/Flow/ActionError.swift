import TrackerLocalization

/// Why a flow could not do one of its typed actions (`AppFlow.send`, `TodoFlow.send`): the action
/// is not on the screen on top. Scripts and UI tests get it as a `FlowError` (TrackerAutomation),
/// which lists what is on screen instead.
public struct ActionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, in `language`.
  public var message: String
  /// The language of the message.
  public var language: Language

  /// An error with every field given.
  public init(message: String, language: Language) {
    self.message = message
    self.language = language
  }

  /// The text `key` (one without arguments) in `localizer`'s language.
  package init(_ key: TextKey, _ localizer: Localizer) {
    self.init(message: localizer.text(key), language: localizer.language)
  }

  /// `text` in `localizer`'s language.
  package init(_ text: LocalizedText, _ localizer: Localizer) {
    self.init(message: localizer.text(text), language: localizer.language)
  }

  public var description: String { message }
}
