import Foundation
import TrackerLocalization

/// Orders texts the way the language's speakers expect ("ё" with "е", case ignored).
struct Collation {
  let locale: Locale

  init(_ language: Language) {
    locale = Locale(identifier: language == .ru ? "ru_RU" : "en_US")
  }

  /// Whether `a` sorts before `b`; ties broken by the exact text so the order is total.
  func areInOrder(_ a: String, _ b: String) -> Bool {
    switch a.compare(b, options: [.caseInsensitive], range: nil, locale: locale) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame: return a < b
    }
  }
}
