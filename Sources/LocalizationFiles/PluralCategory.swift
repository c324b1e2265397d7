/// A CLDR plural category: which form of a word a number takes.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
  case zero, one, two, few, many, other
}
