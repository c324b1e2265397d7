import LocalizationFiles

/// A value substituted into a localized format.
public enum FormatArgument: Hashable, Sendable {
  /// Text for `%@`.
  case text(String)
  /// An integer for `%d` (also accepted by `%@`), and the number plural variables look at.
  case int(Int)
}

extension FormatString {
  /// `format` with its conversions replaced; `variable` supplies a plural variable's form.
  static func render(
    _ format: String, _ arguments: [FormatArgument],
    variable: (_ name: String, _ argument: FormatArgument?) -> String? = { _, _ in nil }
  ) -> String {
    render(parse(format), arguments, variable: variable)
  }

  /// The parsed `pieces` of a format with its conversions replaced.
  static func render(
    _ pieces: [Piece], _ arguments: [FormatArgument],
    variable: (_ name: String, _ argument: FormatArgument?) -> String? = { _, _ in nil }
  ) -> String {
    var result = ""
    for piece in pieces {
      switch piece {
      case .literal(let text):
        result += text
      case .argument(let index, _):
        result += index < arguments.count ? text(of: arguments[index]) : ""
      case .variable(let name, let index):
        let argument = index < arguments.count ? arguments[index] : nil
        guard let form = variable(name, argument) else { continue }
        // The form's own conversions refer to the variable's argument.
        let single = argument.map { [$0] } ?? []
        result += render(form, single)
      }
    }
    return result
  }

  private static func text(of argument: FormatArgument) -> String {
    switch argument {
    case .text(let text): return text
    case .int(let value): return String(value)
    }
  }
}
