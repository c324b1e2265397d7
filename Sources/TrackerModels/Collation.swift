import Foundation

/// Orders texts the way a language's speakers expect ("ё" with "е", case ignored), with ties
/// broken by the exact text so the order is total. The screens use their language's; the export
/// uses the root collation, the same whatever language the user chose.
public struct Collation: Sendable {
  /// The locale whose rules decide.
  public let locale: Locale

  /// The rules of the locale `identifier` ("ru_RU", "en_US"; "" for the root rules).
  public init(localeIdentifier identifier: String) { locale = Locale(identifier: identifier) }

  /// Unicode's root collation: every script in its own block, letters with their variants
  /// ("Ёлка" between "Елка" and "Ель"), independent of any language.
  public static let root = Collation(localeIdentifier: "")

  /// Whether `a` sorts before `b`.
  public func areInOrder(_ a: String, _ b: String) -> Bool {
    switch a.compare(b, options: [.caseInsensitive], range: nil, locale: locale) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame: return a < b
    }
  }

  /// `items` ordered by `key`; items with the same key keep their order.
  public func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
    let keyed: [(key: String, offset: Int, item: Item)] = items.enumerated().map { entry in
      (key: key(entry.element), offset: entry.offset, item: entry.element)
    }
    let ordered = keyed.sorted { (a, b) -> Bool in
      a.key == b.key ? a.offset < b.offset : areInOrder(a.key, b.key)
    }
    return ordered.map(\.item)
  }
}
