import TrackerModels

/// How rendered lines become bytes (docs/decisions.md).
public enum OutputFormat: Hashable, Sendable {
  /// Layout only: what snapshots and pipes get.
  case plain
  /// Colors and bold for a terminal, in a theme; with no theme (the terminal's background is not
  /// known) text keeps the terminal's own colors, secondary text is dimmed, and only accents,
  /// warnings and trackers' colors are painted — readable on a light and a dark background.
  case ansi(Theme?)
  /// A readable text form of the styles, so theme and color regressions show in snapshots:
  /// `{bold #1A1B22}Трекеры{/}`, with a background after `on` (`{#1A1B22 on #33CF69}Купить{/}`);
  /// a literal `{` is written `{{`.
  case markup(Theme)

  /// The format for an app with a light mode only (the to-do app, seed 003): a theme asked for
  /// becomes the light one; plain text and the terminal's own colors stay as they are.
  public var lightOnly: OutputFormat {
    switch self {
    case .plain, .ansi(nil): return self
    case .ansi: return .ansi(.light)
    case .markup: return .markup(.light)
    }
  }

  /// The text of `lines`, each ending in a newline.
  public func encode(_ lines: [StyledLine]) -> String {
    var output = ""
    for line in lines {
      for span in line.trimmingTrailingSpaces.spans {
        switch self {
        case .plain:
          output += span.text
        case .ansi(let theme):
          output += ansi(span, theme)
        case .markup(let theme):
          output += markup(span, theme)
        }
      }
      output += "\n"
    }
    return output
  }

  private func ansi(_ span: Span, _ theme: Theme?) -> String {
    var codes: [String] = []
    func paint(_ color: TrackerColor) {
      let parts = color.components
      codes.append("38;2;\(parts.red);\(parts.green);\(parts.blue)")
    }
    var isDimmed = span.style.isDimmed
    if let theme {
      paint(theme.foreground(of: span.style))
    } else if let color = span.style.color {
      paint(color)
    } else if span.style.background != nil, span.style.role == .text {
      // The terminal's own text color may be light: on a painted background the text is dark.
      paint(Theme.light.color(of: .text))
    } else {
      switch span.style.role {
      case .text: break
      case .accent, .destructive: paint(Theme.dark.color(of: span.style.role))  // the same in both themes
      case .secondary, .disabled, .border: isDimmed = true
      }
    }
    if let background = span.style.background {
      let parts = background.components
      codes.append("48;2;\(parts.red);\(parts.green);\(parts.blue)")
    }
    if span.style.isBold { codes.append("1") }
    if isDimmed { codes.append("2") }
    if span.style.isInverse { codes.append("7") }
    guard !codes.isEmpty else { return span.text }
    return "\u{1B}[" + codes.joined(separator: ";") + "m" + span.text + "\u{1B}[0m"
  }

  private func markup(_ span: Span, _ theme: Theme) -> String {
    let escaped = span.text.replacingOccurrences(of: "{", with: "{{")
    if span.text.unicodeScalars.allSatisfy({ $0 == " " }), !span.style.isInverse, span.style.background == nil
    {
      return escaped
    }
    var attributes: [String] = []
    if span.style.isBold { attributes.append("bold") }
    if span.style.isDimmed { attributes.append("dim") }
    if span.style.isInverse { attributes.append("reverse") }
    attributes.append(theme.foreground(of: span.style).hex)
    if let background = span.style.background { attributes += ["on", background.hex] }
    return "{" + attributes.joined(separator: " ") + "}" + escaped + "{/}"
  }
}

extension StyledLine {
  /// The line without the spaces at its end, which nobody sees and diffs make noisy.
  var trimmingTrailingSpaces: StyledLine {
    guard let last = spans.last?.text.unicodeScalars.last, last == " " else { return self }
    var spans = self.spans
    while let last = spans.last {
      var scalars = last.text.unicodeScalars
      while scalars.last == " " { scalars.removeLast() }
      let trimmed = String(scalars)
      if trimmed.isEmpty {
        spans.removeLast()
      } else {
        spans[spans.count - 1].text = trimmed
        break
      }
    }
    return StyledLine(spans)
  }
}
