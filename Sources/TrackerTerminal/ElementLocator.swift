import TrackerTextRenderer
import TrackerViewModels

/// Finds where an element is drawn, from its label: the renderer draws text, not elements, so
/// the focus is found the way a reader finds it — elements come in reading order, each looked
/// for after the one before (in its column first: the second card of a row comes after the first
/// card's "+" below it), and a label cut short with "…" by its first characters.
enum ElementLocator {
  struct Location: Equatable {
    let row: Int
    /// The characters of the row the label covers.
    let characters: Range<Int>
  }

  static func locate(_ identifier: String?, among elements: [Element], in lines: [StyledLine]) -> Location? {
    guard let identifier, let target = elements.firstIndex(where: { $0.identifier == identifier }) else {
      return nil
    }
    let texts = lines.map { Array($0.text) }
    // Where the search for the next element starts (inclusive), and the column it looks under.
    var from = (row: 0, column: 0)
    var found: Location?
    for element in elements[...target] {
      let label = Array(element.label.split(separator: "\n").first.map(String.init) ?? "")
      guard !label.isEmpty else { continue }
      let match =
        search(label, in: texts, from: from, sameColumn: true)
        ?? search(label, in: texts, from: from, sameColumn: false)
        ?? search(label, in: texts, from: (0, 0), sameColumn: false)
      found = match
      if let match { from = (match.row, match.characters.lowerBound + 1) }
    }
    return found
  }

  /// The first place at or after `from` (reading order) where `label`, or its first characters
  /// when a line ends it with "…", is drawn; with `sameColumn`, the later rows only at or right of
  /// `from`'s column.
  private static func search(
    _ label: [Character], in texts: [[Character]], from: (row: Int, column: Int), sameColumn: Bool
  ) -> Location? {
    let shortest = min(label.count, max(3, label.count / 2))
    for row in from.row..<texts.count {
      let line = texts[row]
      var column = row == from.row || sameColumn ? max(0, from.column - (row == from.row ? 0 : 1)) : 0
      while column < line.count {
        if let length = matchLength(label, line, at: column, shortest: shortest) {
          return Location(row: row, characters: column..<(column + length))
        }
        column += 1
      }
    }
    return nil
  }

  /// How many characters of `line` from `column` show `label`: all of it, or a prefix of at least
  /// `shortest` characters followed by "…".
  private static func matchLength(_ label: [Character], _ line: [Character], at column: Int, shortest: Int)
    -> Int?
  {
    var count = 0
    while count < label.count, column + count < line.count, line[column + count] == label[count] {
      count += 1
    }
    if count == label.count { return count }
    if count >= shortest, column + count < line.count, line[column + count] == "…" { return count + 1 }
    return nil
  }
}

extension StyledLine {
  /// The line with `characters` drawn in reverse video.
  func inverting(_ characters: Range<Int>) -> StyledLine {
    var result: [Span] = []
    var offset = 0
    for span in spans {
      let text = Array(span.text)
      let range = offset..<(offset + text.count)
      offset += text.count
      let overlap = range.clamped(to: characters)
      guard !overlap.isEmpty else {
        result.append(span)
        continue
      }
      let before = String(text[0..<(overlap.lowerBound - range.lowerBound)])
      let inside = String(
        text[(overlap.lowerBound - range.lowerBound)..<(overlap.upperBound - range.lowerBound)])
      let after = String(text[(overlap.upperBound - range.lowerBound)...])
      var inverse = span.style
      inverse.isInverse = true
      if !before.isEmpty { result.append(Span(before, span.style)) }
      result.append(Span(inside, inverse))
      if !after.isEmpty { result.append(Span(after, span.style)) }
    }
    return StyledLine(result)
  }
}
