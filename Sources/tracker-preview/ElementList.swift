import TrackerArchiveCodec
import TrackerAutomation
import TrackerStore
import TrackerViewModels

/// `show <screen> --elements`: what a script can act on, one element a line or as JSON.
enum ElementList {
  /// `#identifier "label"`, then its kind when it is not a plain button, then its state. Both are
  /// written as a script types them (a line break as `\n`, inside the label `\"` and `\\`).
  static func text(_ elements: [Element]) -> String {
    elements.map { element in
      var line = "#\(TerminalSafe.text(element.scriptIdentifier)) \(TerminalSafe.text(element.scriptLabel))"
      if element.kind != .button { line += " " + kindName(element.kind) }
      if !element.isEnabled { line += " (disabled)" }
      if let checked = element.isChecked { line += checked ? " (checked)" : " (unchecked)" }
      return line + "\n"
    }.joined()
  }

  /// `[{"identifier", "label", "kind", "enabled", "checked"}]`; `checked` is null for elements that
  /// cannot be checked.
  static func json(_ elements: [Element]) -> String {
    JSONWriter.write(
      .array(
        elements.map { element in
          .object([
            ("identifier", .string(element.id)),
            ("label", .string(element.label)),
            ("kind", .string(kindName(element.kind))),
            ("enabled", .bool(element.isEnabled)),
            ("checked", element.isChecked.map(JSONValue.bool) ?? .null),
          ])
        }))
  }

  private static func kindName(_ kind: Element.Kind) -> String {
    switch kind {
    case .button: return "button"
    case .textField: return "text-field"
    case .toggle: return "switch"
    case .tab: return "tab"
    case .card: return "card"
    case .row: return "row"
    }
  }
}
