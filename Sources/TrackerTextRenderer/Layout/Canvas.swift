import TrackerAutomation
import TrackerModels

/// Builds a screen line by line at a fixed width; every line it makes fits the width.
struct Canvas {
  /// How a line's content sits in the width.
  enum Alignment {
    case leading, center, trailing
  }

  let width: Int
  private(set) var lines: [StyledLine] = []

  init(width: Int) { self.width = width }

  /// An empty line.
  mutating func blank(_ count: Int = 1) {
    for _ in 0..<count { lines.append(StyledLine()) }
  }

  /// Adds `line` as it is (cut to the width if it is wider).
  mutating func add(_ line: StyledLine) { lines.append(line.fitted(to: width)) }

  /// Adds lines from another canvas.
  mutating func add(_ other: [StyledLine]) { for line in other { add(line) } }

  /// One line of text, cut with "…" when too long.
  mutating func text(
    _ text: String, _ style: Style = .text, align: Alignment = .leading, indent: Int = 0,
    anchor: ElementID? = nil
  ) {
    let fitted = TextFitting.truncate(TextFitting.safe(text), to: width - indent)
    add(aligned([Span(fitted, style).anchored(anchor)], align: align, indent: indent))
  }

  /// Text wrapped over at most `maxLines` lines.
  mutating func wrapped(
    _ text: String, _ style: Style = .text, align: Alignment = .leading, maxLines: Int = .max, indent: Int = 0
  ) {
    for line in TextFitting.wrap(TextFitting.safe(text), to: width - indent, maxLines: maxLines) {
      add(aligned([Span(line, style)], align: align, indent: indent))
    }
  }

  /// Spans placed as a group.
  mutating func spans(_ spans: [Span], align: Alignment = .leading, indent: Int = 0) {
    add(aligned(spans, align: align, indent: indent))
  }

  /// `leading` at the start and `trailing` at the end of one line; `leading` is cut if both do not fit.
  mutating func split(_ leading: [Span], _ trailing: [Span]) {
    add(Canvas.split(leading, trailing, width: width))
  }

  /// A line with `leading` at the start and `trailing` at the end of `width` columns.
  static func split(_ leading: [Span], _ trailing: [Span], width: Int) -> StyledLine {
    let trailingWidth = trailing.reduce(0) { $0 + $1.width }
    var line = StyledLine(leading).fitted(to: max(0, width - trailingWidth - (trailing.isEmpty ? 0 : 1)))
    line.append(String(repeating: " ", count: max(0, width - line.width - trailingWidth)))
    line.spans += trailing
    return line
  }

  /// `spans` aligned in the width.
  func aligned(_ spans: [Span], align: Alignment, indent: Int = 0) -> StyledLine {
    let content = StyledLine(spans).fitted(to: width - indent)
    let free = width - indent - content.width
    let before: Int
    switch align {
    case .leading: before = indent
    case .center: before = indent + free / 2
    case .trailing: before = indent + free
    }
    var line = StyledLine()
    if before > 0 { line.append(String(repeating: " ", count: before)) }
    line.spans += content.spans
    return line
  }

  /// A box of `content` lines (each fitted to the inner width), with optional dividers between
  /// groups; the box takes the whole width. With `fill`, the inside is painted in that background
  /// from border to border.
  mutating func box(_ groups: [[StyledLine]], border: Style = .border, fill: TrackerColor? = nil) {
    let inner = width - 4
    guard inner > 0 else { return }
    let padding = Style(.text, background: fill)
    add(StyledLine("┌" + String(repeating: "─", count: width - 2) + "┐", border))
    for (index, group) in groups.enumerated() {
      if index > 0 { add(StyledLine("├" + String(repeating: "─", count: width - 2) + "┤", border)) }
      for content in group {
        let fitted = content.fitted(to: inner)
        var line: StyledLine
        if fill == nil {
          line = StyledLine("│ ", border)
          line.spans += fitted.spans
          line.append(String(repeating: " ", count: inner - fitted.width))
          line.append(" │", border)
        } else {
          line = StyledLine("│", border)
          line.append(" ", padding)
          line.spans += fitted.spans
          line.append(String(repeating: " ", count: inner - fitted.width + 1), padding)
          line.append("│", border)
        }
        add(line)
      }
    }
    add(StyledLine("└" + String(repeating: "─", count: width - 2) + "┘", border))
  }
}
