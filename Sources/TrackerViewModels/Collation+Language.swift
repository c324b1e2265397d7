import TrackerLocalization
import TrackerModels

extension Collation {
  /// The order speakers of `language` expect: Russian rules for Russian, English for English.
  public init(_ language: Language) {
    self.init(localeIdentifier: language == .ru ? "ru_RU" : "en_US")
  }
}
