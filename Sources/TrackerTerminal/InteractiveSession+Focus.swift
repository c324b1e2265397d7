import TrackerAutomation
import TrackerLocalization
import TrackerTextRenderer
import TrackerViewModels

extension InteractiveSession {
  // MARK: Focus

  func focusedElement(in elements: [Element]) -> Element? {
    elements.first { $0.identifier == focusedID }
  }

  func focus(_ element: Element, in elements: [Element]) {
    focusedID = element.identifier
    focusedIndex = elements.firstIndex { $0.identifier == element.identifier } ?? 0
    focusedSubject = Subject(element)
  }

  /// The element that stands for the same thing as `subject` does, in the same role: the renamed
  /// category, the renamed tracker's card.
  static func element(for subject: Subject?, in elements: [Element]) -> Element? {
    guard let subject else { return nil }
    return elements.first { Subject($0) == subject }
  }

  func moveFocus(by step: Int, in elements: [Element]) {
    guard !elements.isEmpty else { return }
    let current = elements.firstIndex { $0.identifier == focusedID } ?? focusedIndex
    let next = ((current + step) % elements.count + elements.count) % elements.count
    focus(elements[next], in: elements)
    isEditing = elements[next].kind == .textField
  }

  /// Moves the focus among the cells of the grid the focused element is in, as the grid is drawn
  /// at the current width: ← → to the cell before or after (not past the grid's first or last
  /// cell), ↑ ↓ to the nearest cell of the row above or below; past its first or last row, to the
  /// element before or after the grid (the nearest cell of the grid's edge row when that element is
  /// a cell of the next grid: the color under the emoji). False when the focus is in no grid.
  func moveInGrid(_ key: Key, from focused: Element?, in elements: [Element]) -> Bool {
    guard let focused, focused.grid != nil, columns >= Self.minimumColumns,
      let index = elements.firstIndex(where: { $0.identifier == focused.identifier })
    else { return false }
    let cells = Self.grid(around: index, in: elements)
    var target = index
    switch key {
    case .left: target = max(cells.lowerBound, index - 1)
    case .right: target = min(cells.upperBound, index + 1)
    case .up, .down:
      let places = gridPlaces(cells, in: elements)
      guard let here = places[index] else { return false }
      let rows = places.values.map(\.row).filter { key == .down ? $0 > here.row : $0 < here.row }
      if let row = key == .down ? rows.min() : rows.max() {
        target = Self.nearest(to: here.column, onRow: row, of: places) ?? index
      } else {
        let count = elements.count
        target = ((key == .down ? cells.upperBound + 1 : cells.lowerBound - 1) % count + count) % count
        // Down out of the form's colors onto Cancel and Create: Create, the step a person filling
        // the form takes next (issue 49); Cancel is one Shift-Tab back.
        if key == .down, elements[target].identifier == .cancel, target + 1 < count,
          elements[target + 1].identifier == .create
        {
          target += 1
        }
        if elements[target].grid != nil, !cells.contains(target) {
          // The next grid: its first row going down, its last going up, in the same column.
          let next = gridPlaces(Self.grid(around: target, in: elements), in: elements)
          let edge = key == .down ? next.values.map(\.row).min() : next.values.map(\.row).max()
          if let edge { target = Self.nearest(to: here.column, onRow: edge, of: next) ?? target }
        }
      }
    case .character, .enter, .tab, .backTab, .backspace, .escape, .pageUp, .pageDown, .home, .end, .control,
      .unknown:
      return false
    }
    focus(elements[target], in: elements)
    isEditing = elements[target].kind == .textField
    return true
  }

  /// The indices of the grid's cells around `index`: the run of elements of its grid.
  static func grid(around index: Int, in elements: [Element]) -> ClosedRange<Int> {
    let grid = elements[index].grid
    var first = index
    var last = index
    while first > 0, elements[first - 1].grid == grid { first -= 1 }
    while last + 1 < elements.count, elements[last + 1].grid == grid { last += 1 }
    return first...last
  }

  /// Where each cell of `cells` is drawn: its row and the terminal column of its middle.
  func gridPlaces(_ cells: ClosedRange<Int>, in elements: [Element]) -> [Int: (row: Int, column: Int)] {
    var drawing = currentDrawing()
    defer { self.drawing = drawing }
    var places: [Int: (row: Int, column: Int)] = [:]
    for index in cells {
      guard let location = drawing.locator.locate(elements[index].identifier) else { continue }
      let characters = Array(drawing.lines[location.row].text)
      let range = location.characters.clamped(to: 0..<characters.count)
      let before = TerminalWidth.of(String(characters[..<range.lowerBound]))
      places[index] = (location.row, before + TerminalWidth.of(String(characters[range])) / 2)
    }
    return places
  }

  /// The cell of `places` on `row` whose middle is nearest `column` (the left one of two as near).
  static func nearest(to column: Int, onRow row: Int, of places: [Int: (row: Int, column: Int)])
    -> Int?
  {
    places.filter { $0.value.row == row }
      .min { (abs($0.value.column - column), $0.key) < (abs($1.value.column - column), $1.key) }?.key
  }

  /// The flow published: a new layer starts with its focused field or its first element; on the
  /// same layer the focus stays on its element, or on its place when the element went away.
  func appChanged() {
    needsRedraw = true
    elementsCache = nil
    namer = nil
    drawing = nil
    let elements = self.elements
    defer {
      landmarks = Self.landmarks(of: elements, around: focusedIndex)
      lastChoice = elements.first(where: \.isCurrentChoice)?.identifier
    }
    guard !elements.isEmpty else {
      focusedID = nil
      isEditing = false
      return
    }
    if let identifier = focusedID,
      let index = elements.firstIndex(where: { $0.identifier == identifier })
    {
      focusedIndex = index
      // The layer that came back read its new choice only now (the app reads after the sheet
      // closed): the focus goes to it, as it would have had the read come first.
      if case .some(let before) = choiceAwaited, let choice = elements.first(where: \.isCurrentChoice),
        choice.identifier != before
      {
        choiceAwaited = nil
        focus(choice, in: elements)
      }
      return
    }
    if Self.shares(landmarks, with: elements) {
      // The same layer without the focused element: on it under its new name (a card renamed by
      // another program), else on its place (a card deleted).
      focus(
        Self.element(for: focusedSubject, in: elements) ?? elements[min(focusedIndex, elements.count - 1)],
        in: elements)
      isEditing = false
      return
    }
    scroll = 0
    choiceAwaited = nil
    // Another layer: a key refused on the one before (a disabled Save while it saved) no longer
    // speaks for what is on screen (an alert that came meanwhile shows its focus).
    message = nil
    if let back = returns.lastIndex(where: { Self.shares($0.landmarks, with: elements) }) {
      // A layer below is back (a sheet, menu, question or screen closed): the focus goes to its
      // new current choice (a category just made comes back chosen), else back to the element that
      // opened what closed — under its new name when it was renamed — or to its place when it is
      // gone (a card deleted).
      let entry = returns[back]
      returns.removeSubrange(back...)
      let choice = elements.first(where: \.isCurrentChoice)
      // No new choice yet: one may come with the layer's next read.
      choiceAwaited = choice.map { $0.identifier == entry.choice } ?? true ? .some(entry.choice) : nil
      let element =
        (choice.flatMap { $0.identifier == entry.choice ? nil : $0 })
        ?? elements.first { $0.identifier == entry.identifier }
        ?? Self.element(for: entry.subject, in: elements)
        ?? elements[min(entry.index, elements.count - 1)]
      focus(element, in: elements)
      isEditing = false
      return
    }
    // A new layer: its focused field, else the harmless choice of a question (so a key pressed
    // twice deletes nothing), else its current choice (the active filter, the day-start hour),
    // else its first element; typing goes into a field at once.
    if !landmarks.isEmpty {
      returns.append(
        Return(
          landmarks: landmarks, identifier: focusedID, index: focusedIndex, subject: focusedSubject,
          choice: lastChoice))
      if returns.count > 32 { returns.removeFirst() }
    }
    let identifiers = Set(elements.map(\.identifier))
    let first =
      app.shown.focusedField.flatMap { field in elements.first { $0.identifier == .field(field) } }
      ?? (identifiers.isSuperset(of: [.confirm, .cancel]) ? elements.first { $0.identifier == .cancel } : nil)
      ?? elements.first(where: \.isCurrentChoice)
      ?? elements[0]
    // A layer that has not read yet shows no choice (the app reads off the main actor): the focus
    // goes to its choice when the read brings one, unless a key came first.
    if app.shown.focusedField == nil, !elements.contains(where: \.isCurrentChoice) {
      choiceAwaited = .some(nil)
    }
    focus(first, in: elements)
    isEditing = first.kind == .textField
  }

  /// Whether any of `landmarks` is among `elements`.
  static func shares(_ landmarks: [ElementID], with elements: [Element]) -> Bool {
    landmarks.contains { landmark in elements.contains { $0.identifier == landmark } }
  }

  /// The identifiers that tell a layer: its first and last elements and the focus's neighbours
  /// (a few, so telling costs nothing with 2,000 elements on screen).
  static func landmarks(of elements: [Element], around index: Int) -> [ElementID] {
    guard !elements.isEmpty else { return [] }
    let picks = [0, index - 1, index, index + 1, elements.count - 1].filter { elements.indices.contains($0) }
    return picks.map { elements[$0].identifier }
  }
}
