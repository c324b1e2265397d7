/// A day of the week, ISO numbering: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Comparable, Hashable, Sendable {
  case monday = 1
  case tuesday, wednesday, thursday, friday, saturday, sunday

  /// The three-letter code used in files and on the command line: `mon` … `sun`.
  public var code: String {
    switch self {
    case .monday: return "mon"
    case .tuesday: return "tue"
    case .wednesday: return "wed"
    case .thursday: return "thu"
    case .friday: return "fri"
    case .saturday: return "sat"
    case .sunday: return "sun"
    }
  }

  /// The weekday for a code `mon` … `sun`, or `nil`.
  public init?(code: String) {
    guard let found = Weekday.allCases.first(where: { $0.code == code }) else { return nil }
    self = found
  }

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
