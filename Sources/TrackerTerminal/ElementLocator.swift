import TrackerAutomation
import TrackerTextRenderer
import TrackerViewModels

/// Finds where elements are drawn. The renderer says it: each element's spans carry its identifier
/// (`Span.anchor`), so an element is found where it is drawn, and inside that place its label (or
/// its mark) is what shows the focus. An element drawn without an anchor (none should be: a test
/// checks every screen) is looked for by its label, the way a reader finds it: in reading order, each looked for
/// near the one before — first below it in its own column (the second card of a row comes after
/// the first card's "+" below it), then around it, then anywhere — and a label cut short with "…"
/// is found by its first characters, one wrapped in a narrow cell by its first line; an element drawn as a mark rather than its label (a color's
/// swatch, a clear button's ✕: `ScreenRenderer.mark(of:)`) is the next such mark. Locations are worked out once per drawing, as far as asked.
struct ElementLocator {
  struct Location: Equatable {
    let row: Int
    /// The characters of the row the label covers.
    let characters: Range<Int>
  }

  private let elements: [Element]
  private let lines: [StyledLine]
  /// Each row's characters, made when first searched.
  private var rows: [[Character]?]
  /// The locations of the first elements, in order (nil: not drawn with its label).
  private var found: [Location?] = []
  /// Where the search for the next element starts (inclusive).
  private var from = (row: 0, column: 0)

  /// How far below the element before a label is first looked for, in its column.
  static let columnWindow = 12
  /// How far around the element before a label is looked for next.
  static let nearWindow = 60

  /// The row where the renderer first drew each element (a screen of 1,000 cards has a few
  /// thousand anchors; characters are counted only on the row asked for).
  private let anchorRows: [ElementID: Int]

  init(elements: [Element], lines: [StyledLine]) {
    self.elements = elements
    self.lines = lines
    rows = Array(repeating: nil, count: lines.count)
    var found: [ElementID: Int] = [:]
    for (row, line) in lines.enumerated() {
      for span in line.spans {
        if let anchor = span.anchor, found[anchor] == nil { found[anchor] = row }
      }
    }
    anchorRows = found
  }

  /// Where the renderer drew the element `identifier`: on the first row holding its anchor, from
  /// the first to the last of its spans there.
  private func anchored(_ identifier: ElementID) -> Location? {
    guard let row = anchorRows[identifier] else { return nil }
    var offset = 0
    var place: Range<Int>?
    for span in lines[row].spans {
      let count = span.text.count
      if span.anchor == identifier {
        place = (place?.lowerBound ?? offset)..<(offset + count)
      }
      offset += count
    }
    return place.map { Location(row: row, characters: $0) }
  }

  /// Whether the renderer said where the element `identifier` is drawn.
  func isAnchored(_ identifier: ElementID) -> Bool { anchorRows[identifier] != nil }

  /// Where the element `identifier` is drawn, if it is.
  mutating func locate(_ identifier: ElementID?) -> Location? {
    guard let identifier, let index = elements.firstIndex(where: { $0.identifier == identifier }) else {
      return nil
    }
    if let place = anchored(identifier) { return within(place, elements[index]) }
    while found.count <= index {
      let element = elements[found.count]
      let label = Array(element.label.split(separator: "\n").first.map(String.init) ?? "")
      var match: Location?
      if let mark = ScreenRenderer.mark(of: element.identifier) {
        // Drawn alike (a row of swatches): the next one after the element before, in reading order.
        match = next(Array(mark))
        found.append(match)
        if let match { from = (match.row, match.characters.upperBound) }
        continue
      }
      if !label.isEmpty {
        // In each window a label standing alone (a button, a row's title) comes before the same
        // words inside a sentence ("Delete" before "Delete this task?").
        let windows: [(Range<Int>, Bool)] = [
          (from.row..<min(lines.count, from.row + Self.columnWindow), true),
          (max(0, from.row - Self.nearWindow)..<min(lines.count, from.row + Self.nearWindow), false),
          (0..<lines.count, false),
        ]
        for (rows, sameColumn) in windows where match == nil {
          match =
            search(label, rows: rows, sameColumn: sameColumn, alone: true)
            ?? search(label, rows: rows, sameColumn: sameColumn, alone: false)
        }
      }
      found.append(match)
      if let match { from = (match.row, match.characters.lowerBound + 1) }
    }
    return found[index]
  }

  /// The first place in `range` (reading order) where `label`, or its first characters when a line
  /// ends it with "…", is drawn; with `sameColumn`, at or after `from` and at or right of its column.
  /// With `alone`, only where nothing but spaces, a border or the line's end is next to it on
  /// either side (one space before a word is not enough: it is part of a sentence).
  private mutating func search(_ label: [Character], rows range: Range<Int>, sameColumn: Bool, alone: Bool)
    -> Location?
  {
    let shortest = min(label.count, max(3, label.count / 2))
    for row in range {
      let line = characters(row)
      var column = 0
      if sameColumn { column = row == from.row ? from.column : max(0, from.column - 1) }
      while column < line.count {
        if line[column] == label[0],
          let length = Self.matchLength(label, line, at: column, shortest: shortest),
          !alone || Self.standsAlone(line, column..<(column + length))
        {
          return Location(row: row, characters: column..<(column + length))
        }
        if line[column] == "…", let length = Self.tailLength(label, line, at: column, shortest: shortest),
          !alone || Self.standsAlone(line, column..<(column + length))
        {
          return Location(row: row, characters: column..<(column + length))
        }
        column += 1
      }
    }
    return nil
  }

  /// Where in the place the renderer drew `element` its label (or its mark) is: the part that shows
  /// the focus; the whole place, less the spaces around it, when neither is there (a label cut
  /// differently, a toggle drawn as a switch).
  private mutating func within(_ place: Location, _ element: Element) -> Location {
    let line = characters(place.row)
    let range = place.characters.clamped(to: 0..<line.count)
    let label =
      ScreenRenderer.mark(of: element.identifier).map(Array.init)
      ?? Array(element.label.split(separator: "\n").first.map(String.init) ?? "")
    if !label.isEmpty {
      let shortest = min(label.count, max(3, label.count / 2))
      for column in range {
        if line[column] == label[0],
          let length = Self.matchLength(label, line, at: column, shortest: shortest),
          column + length <= range.upperBound
        {
          return Location(row: place.row, characters: column..<(column + length))
        }
        if line[column] == "…", let length = Self.tailLength(label, line, at: column, shortest: shortest),
          column + length <= range.upperBound
        {
          return Location(row: place.row, characters: column..<(column + length))
        }
      }
    }
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, line[lower] == " " { lower += 1 }
    while upper > lower, line[upper - 1] == " " { upper -= 1 }
    return Location(row: place.row, characters: lower == upper ? range : lower..<upper)
  }

  /// The first place at or after `from`, in reading order, where `mark` is drawn whole.
  private mutating func next(_ mark: [Character]) -> Location? {
    guard !mark.isEmpty else { return nil }
    for row in from.row..<lines.count {
      let line = characters(row)
      var column = row == from.row ? from.column : 0
      while column + mark.count <= line.count {
        if line[column..<(column + mark.count)].elementsEqual(mark) {
          return Location(row: row, characters: column..<(column + mark.count))
        }
        column += 1
      }
    }
    return nil
  }

  private mutating func characters(_ row: Int) -> [Character] {
    if let made = rows[row] { return made }
    let made = Array(lines[row].text)
    rows[row] = made
    return made
  }

  /// Whether the characters `range` of `line` stand alone: on each side, the line's end, a box
  /// border, or two spaces (a single space joins words of one sentence).
  private static func standsAlone(_ line: [Character], _ range: Range<Int>) -> Bool {
    func isBorder(_ character: Character) -> Bool {
      character.unicodeScalars.first.map { (0x2500...0x259F).contains($0.value) } ?? false
    }
    func alone(_ neighbours: [Character]) -> Bool {
      guard let first = neighbours.first else { return true }
      if isBorder(first) { return true }
      guard first == " " else { return false }
      guard neighbours.count > 1 else { return true }
      return neighbours[1] == " " || isBorder(neighbours[1])
    }
    let before = Array(line[..<range.lowerBound].reversed().prefix(2))
    let after = Array(line[range.upperBound...].prefix(2))
    return alone(before) && alone(after)
  }

  /// How many characters of `line` from the "…" at `column` show the end of `label` (a field being
  /// typed in keeps the end of a long text in view): "…" and at least `shortest` last characters.
  private static func tailLength(_ label: [Character], _ line: [Character], at column: Int, shortest: Int)
    -> Int?
  {
    let longest = min(label.count - 1, line.count - column - 1)
    guard longest >= shortest else { return nil }
    for length in stride(from: longest, through: shortest, by: -1)
    where line[(column + 1)..<(column + 1 + length)].elementsEqual(label[(label.count - length)...]) {
      return length + 1
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
    // A label wrapped in a narrow card: its first words, then nothing more on the line but the
    // cell's border.
    var words = count
    while words > 0, label[words - 1] == " " { words -= 1 }
    if words > 0, words < count || label[count] == " " {
      var next = column + words
      while next < line.count, line[next] == " " { next += 1 }
      if next == line.count || line[next] == "│" { return words }
    }
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
      let start = overlap.lowerBound - range.lowerBound
      let end = overlap.upperBound - range.lowerBound
      var inverse = span.style
      inverse.isInverse = true
      if start > 0 { result.append(Span(String(text[..<start]), span.style)) }
      result.append(Span(String(text[start..<end]), inverse))
      if end < text.count { result.append(Span(String(text[end...]), span.style)) }
    }
    return StyledLine(result)
  }
}
