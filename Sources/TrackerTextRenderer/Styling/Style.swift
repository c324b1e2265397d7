import TrackerAutomation
import TrackerModels

/// What a piece of text is, for the theme to color: the design's roles, not colors.
public enum StyleRole: String, Hashable, Sendable {
  /// Ordinary text (Black in the design: dark on light, light on dark).
  case text
  /// Secondary text and placeholders (Gray).
  case secondary
  /// Errors and destructive actions (Red).
  case destructive
  /// Links, checkmarks, the selected date and active controls (Blue).
  case accent
  /// Disabled controls.
  case disabled
  /// Lines and borders (Light gray).
  case border
}

/// The look of a span of text.
public struct Style: Hashable, Sendable {
  public var role: StyleRole
  public var isBold: Bool
  /// A tracker's own color, which wins over the role's.
  public var color: TrackerColor?
  /// Part of a screen under a sheet or menu: drawn faint.
  public var isDimmed: Bool
  /// The focused element in the interactive mode: drawn in reverse video (terminals only).
  public var isInverse: Bool
  /// A color painted under the text (a done task's green, the chosen emoji's pad); plain output
  /// cannot show it, so whatever carries one also has a mark that reads without color.
  public var background: TrackerColor?

  /// A style with every part given; only the role is needed.
  public init(
    _ role: StyleRole = .text, bold: Bool = false, color: TrackerColor? = nil, dimmed: Bool = false,
    inverse: Bool = false, background: TrackerColor? = nil
  ) {
    self.role = role
    self.isBold = bold
    self.color = color
    self.isDimmed = dimmed
    self.isInverse = inverse
    self.background = background
  }

  public static let text = Style()
  public static let title = Style(bold: true)
  public static let secondary = Style(.secondary)
  public static let accent = Style(.accent)
  public static let destructive = Style(.destructive)
  public static let disabled = Style(.disabled)
  public static let border = Style(.border)
}

/// A run of text in one style.
public struct Span: Hashable, Sendable {
  /// The text; setting it measures it again.
  public var text: String {
    didSet { width = TerminalWidth.of(text) }
  }
  public var style: Style
  /// Columns the span takes, measured once (layout asks for it many times).
  public private(set) var width: Int
  /// The identifier of the element this span draws (its label, its mark, or its frame), if it
  /// draws one: the renderer says where each element is drawn, so the terminal finds the focus
  /// without looking for labels in the text.
  public var anchor: ElementID?

  public init(_ text: String, _ style: Style = .text) {
    self.text = text
    self.style = style
    self.width = TerminalWidth.of(text)
  }

  /// A span whose width the caller already knows (borders and padding it built itself).
  init(_ text: String, _ style: Style, width: Int) {
    self.text = text
    self.style = style
    self.width = width
  }

  /// This span, drawing the element called `identifier`.
  public func anchored(_ identifier: ElementID?) -> Span {
    var result = self
    result.anchor = identifier
    return result
  }
}

extension Array where Element == Span {
  /// These spans, together drawing the element called `identifier`.
  public func anchored(_ identifier: ElementID?) -> [Span] { map { $0.anchored(identifier) } }
}

/// One line of the screen: spans left to right.
public struct StyledLine: Hashable, Sendable {
  public var spans: [Span]

  public init(_ spans: [Span] = []) { self.spans = spans }

  /// A line of one span.
  public init(_ text: String, _ style: Style = .text) { self.spans = [Span(text, style)] }

  /// Columns the line takes.
  public var width: Int { spans.reduce(0) { $0 + $1.width } }

  /// The plain text of the line.
  public var text: String { spans.map(\.text).joined() }

  /// The line with every span dimmed.
  public var dimmed: StyledLine {
    StyledLine(
      spans.map {
        Span(
          $0.text,
          Style(
            $0.style.role, bold: $0.style.isBold, color: $0.style.color, dimmed: true,
            background: $0.style.background)
        ).anchored($0.anchor)
      })
  }

  /// Appends `text` in `style`.
  public mutating func append(_ text: String, _ style: Style = .text) { spans.append(Span(text, style)) }

  /// The line cut to `width` columns (with "…"), a last guard that nothing overflows.
  public func fitted(to width: Int) -> StyledLine {
    guard self.width > width else { return self }
    var result = StyledLine()
    var remaining = width
    for span in spans {
      if span.width <= remaining {
        result.spans.append(span)
        remaining -= span.width
      } else {
        result.spans.append(
          Span(TextFitting.truncate(span.text, to: remaining), span.style).anchored(span.anchor))
        break
      }
    }
    return result
  }
}
