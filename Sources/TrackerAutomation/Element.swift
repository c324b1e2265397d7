import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// Something on screen the user can act on: what a renderer draws as a control and what a script
/// or a UI test finds by identifier (the accessibility identifier of docs/command-line.md) or by label.
public struct Element: Equatable, Sendable, Identifiable, CustomStringConvertible {
  /// What kind of control it is.
  public enum Kind: Equatable, Sendable {
    case button
    case textField
    case toggle(isOn: Bool)
    case tab(isSelected: Bool)
    /// A tracker card (long press opens its menu).
    case card
    /// A row of a list (tap chooses, long press may open a menu).
    case row
  }

  /// Which element it is: `.add`, `.card("Поливать растения")`, `.emoji(5)`, `.day(…)`; its `text`
  /// is the stable identifier scripts write (`add`, `card:Поливать растения`, `emoji:5`,
  /// `day:2026-11-30`, …).
  public var identifier: ElementID
  /// The text a user sees on it (or reads with a screen reader, for icon-only buttons).
  public var label: String
  public var kind: Kind
  public var isEnabled: Bool
  /// For elements that can be on or off — switches, tabs, the chosen filter, category, emoji or
  /// color, a card's button showing ✓ — whether it is; nil for the rest.
  public var isChecked: Bool?
  /// What tapping it does; nil when a tap does nothing.
  public var action: ElementAction?
  /// What a long press does; nil when it has no menu.
  public var longPressAction: ElementAction?
  /// What swiping it to the left does; nil when nothing.
  public var swipeLeftAction: ElementAction?
  /// What a screen reader says and the terminal's bottom line names, when the label alone does not
  /// say what the element is ("Mark as done: Run" for a card's "+", "Tue 24 Nov, done" for a day
  /// of the grid); nil: the label.
  public var spokenLabel: String?

  /// The id of the tracker, category or task the element stands for, when its identifier names it
  /// by its name (`.card(name)`, `.category(title)`): a rename changes the identifier, not this, so
  /// the focus stays on the renamed one; nil for the rest.
  public var subjectID: String?
  /// Whether it is the current choice of its layer — the active filter, the day-start hour, the
  /// chosen category, the calendar's chosen day, the schedule's first chosen day: the element a
  /// keyboard (or a screen reader) starts on when the layer opens.
  public var isCurrentChoice: Bool
  /// The grid it is a cell of (`emoji`, `color`, `day` of the calendar or of the detail), whose
  /// cells the arrow keys move among in two dimensions, as they are drawn, or the line of choices
  /// (`measure`: Yes / No and Measurable; `direction`: at least and at most; `schedule-kind`:
  /// days of the week, N a week, N a month), a grid of one row or one column; nil for the rest.
  public var grid: String?
  /// Why it cannot be used now, in the screen's words ("a day to come, cannot be marked"), for a
  /// disabled element; nil when it can be used.
  public var unavailableReason: String?

  /// What the element is called: the spoken label, else the label, and, when it is disabled, why
  /// ("Thu 3 Dec: a day to come, cannot be marked").
  public var spoken: String {
    let name = spokenLabel ?? label
    guard !isEnabled, let unavailableReason else { return name }
    return name + ": " + unavailableReason
  }

  /// An element with every field given.
  public init(
    identifier: ElementID, label: String, kind: Kind = .button, isEnabled: Bool = true,
    isChecked: Bool? = nil,
    action: ElementAction?, longPressAction: ElementAction? = nil, swipeLeftAction: ElementAction? = nil,
    spokenLabel: String? = nil, subjectID: String? = nil, isCurrentChoice: Bool = false, grid: String? = nil
  ) {
    self.spokenLabel = spokenLabel
    self.subjectID = subjectID
    self.isCurrentChoice = isCurrentChoice
    self.grid = grid
    self.identifier = identifier
    self.label = label
    self.kind = kind
    self.isEnabled = isEnabled
    self.isChecked = isChecked
    self.action = action
    self.longPressAction = longPressAction
    self.swipeLeftAction = swipeLeftAction
  }

  /// The identifier's text identifies the element on its screen.
  public var id: String { identifier.text }

  public var description: String { description(Localizer(.en)) }

  /// `#identifier "label"` and its state, in `localizer`'s language: "(disabled)", "(checked)".
  /// Both are written as a script types them, on one line (`scriptIdentifier`, `scriptLabel`).
  public func description(_ localizer: Localizer) -> String {
    "#\(scriptIdentifier) \(scriptLabel)" + (isEnabled ? "" : " " + localizer.text(.flowStateDisabled))
      + (isChecked.map { " " + localizer.text($0 ? .flowStateChecked : .flowStateUnchecked) } ?? "")
  }

  /// The label as a script's quoted argument: in double quotes, with `\"`, `\\` and a line break
  /// written `\n` (a to-do text may hold line breaks), and a character that draws nothing as
  /// `\u{200B}` (a kept name may hold one), so it reads on one line, shows what it holds, and can
  /// be pasted into `tap "…"`.
  public var scriptLabel: String {
    "\"" + Self.oneLine(label, escapingQuotes: true) + "\""
  }

  /// The identifier on one line: each line break written `\n`, and a character that draws
  /// nothing as `\u{200B}`. A script's `#identifier` runs to the end of its line, so an element
  /// is also found by this form (`findElement`).
  public var scriptIdentifier: String { Self.oneLine(identifier.text, escapingQuotes: false) }

  /// `text` as a script writes it on one line: line breaks as `\n`, characters that draw nothing
  /// there (`NameRules.drawsNothing`) as `\u{…}`, and with `escapingQuotes`, `"` and `\` escaped.
  private static func oneLine(_ text: String, escapingQuotes: Bool) -> String {
    var result = ""
    var previous: Unicode.Scalar?
    for character in text {
      defer { previous = character.unicodeScalars.last }
      switch character {
      case "\"" where escapingQuotes: result += "\\\""
      case "\\" where escapingQuotes: result += "\\\\"
      case _ where character.isNewline: result += "\\n"
      default:
        var before = previous
        for scalar in character.unicodeScalars {
          if NameRules.drawsNothing(scalar, after: before) {
            result += "\\u{" + NameRules.codePoint(scalar.value) + "}"
          } else {
            result.unicodeScalars.append(scalar)
          }
          before = scalar
        }
      }
    }
    return result
  }
}
