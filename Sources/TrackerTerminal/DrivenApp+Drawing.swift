import TrackerAutomation
import TrackerTextRenderer
import TrackerViewModels

/// A driven app drawn by the text renderer: what the command line's `show`, `run` and interactive
/// mode print.
extension DrivenApp {
  /// The screen's lines drawn by `renderer`, and how many at its top and bottom stay in place
  /// when a short terminal scrolls it.
  public func lines(_ renderer: ScreenRenderer) -> (lines: [StyledLine], pinned: (top: Int, bottom: Int)) {
    Self.lines(of: shown, renderer)
  }

  /// The screen's lines as `lines(_:)` draws them, but with the text cursor in `field` alone (nil:
  /// in no field), whichever field the app has focused: the interactive mode draws the cursor
  /// where typing goes, and nowhere once the focus has left the field.
  public func lines(_ renderer: ScreenRenderer, caretIn field: InputField?) -> (
    lines: [StyledLine], pinned: (top: Int, bottom: Int)
  ) {
    var shown = shown
    shown.focusedField = field
    return Self.lines(of: shown, renderer)
  }

  /// `format` as the app draws in it (the to-do app has a light mode only).
  public func format(_ format: OutputFormat) -> OutputFormat {
    if case .todo = shown { return format.lightOnly }
    return format
  }

  /// The screen drawn by `renderer` in `format`.
  public func render(_ renderer: ScreenRenderer, format: OutputFormat) -> String {
    self.format(format).encode(lines(renderer).lines)
  }

  /// What the user reads on the screen drawn by `renderer`.
  public func screenText(_ renderer: ScreenRenderer) -> ScreenText {
    ScreenText(layers: topLayer, drawn: render(renderer, format: .plain))
  }

  private static func lines(of shown: ShownView, _ renderer: ScreenRenderer) -> (
    lines: [StyledLine], pinned: (top: Int, bottom: Int)
  ) {
    switch shown {
    case .tracker(let view): return (renderer.lines(for: view), renderer.pinnedLines(for: view))
    case .todo(let view): return (renderer.lines(for: view), renderer.pinnedLines(for: view))
    }
  }
}
