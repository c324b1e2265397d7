import TrackerModels

/// The design's color tokens (docs/rules.md), light or dark.
public enum Theme: String, CaseIterable, Hashable, Sendable {
  case light, dark

  /// The foreground color of `role`.
  public func color(of role: StyleRole) -> TrackerColor {
    switch (role, self) {
    case (.text, .light): return TrackerColor(rgb: 0x1A1B22)
    case (.text, .dark): return TrackerColor(rgb: 0xFFFFFF)
    case (.secondary, _), (.disabled, _): return TrackerColor(rgb: 0xAEAFB4)
    case (.destructive, _): return TrackerColor(rgb: 0xF56B6C)
    case (.accent, _): return TrackerColor(rgb: 0x3772E7)
    case (.border, .light): return TrackerColor(rgb: 0xE6E8EB)
    case (.border, .dark): return TrackerColor(rgb: 0x414141)
    }
  }

  /// The screen's background.
  public var background: TrackerColor {
    self == .light ? TrackerColor(rgb: 0xFFFFFF) : TrackerColor(rgb: 0x1A1B22)
  }

  /// The color a span is drawn in.
  public func foreground(of style: Style) -> TrackerColor {
    style.color ?? color(of: style.role)
  }
}
