/// What a user reads on the screen, for `expect text`: the drawn lines, and every text of the
/// topmost layer as written, so a phrase the screen wraps inside a card or a cell still matches.
/// A text of the state counts only when its first word is drawn: the state also holds texts the
/// screen does not show (the title of a hidden filter button), which a user cannot read.
public struct ScreenText {
  /// The screen as drawn.
  public let drawn: String
  /// The texts of the layer on top (its alert, else its sheet, else the screen under the tab bar).
  public let blocks: [String]

  /// The drawn screen and the values of the layer on top (`DrivenApp.topLayer`).
  public init(layers: [Any], drawn: String) {
    self.drawn = drawn
    var blocks: [String] = []
    for layer in layers { ScreenText.collect(layer, into: &blocks) }
    self.blocks = blocks.filter { block in
      let head = block.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
      return !head.isEmpty && drawn.contains(head)
    }
  }

  /// Whether the user can read `text` on the screen.
  public func contains(_ text: String) -> Bool {
    drawn.contains(text) || blocks.contains { $0.contains(text) }
  }

  /// Every string inside `value`, except what only screen readers hear.
  private static func collect(_ value: Any, into blocks: inout [String]) {
    if let text = value as? String {
      blocks.append(text)
      return
    }
    for child in Mirror(reflecting: value).children {
      if let label = child.label, label.lowercased().contains("accessibility") { continue }
      collect(child.value, into: &blocks)
    }
  }
}
