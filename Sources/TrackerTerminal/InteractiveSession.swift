import TrackerAutomation
import TrackerLocalization
import TrackerTextRenderer
import TrackerViewModels

/// The interactive mode's state on top of a flow: which element has the focus, whether keys go
/// into a text field, how far a screen taller than the terminal is scrolled, the key map. It turns
/// keys into the flow's user actions and draws frames; it never changes what the app shows by
/// itself: every change of the screen comes from the flow (`DrivenApp.observeChanges`).
@MainActor
public final class InteractiveSession {
  /// What a key asks of the terminal.
  public enum Outcome: Equatable, Sendable {
    case keepGoing
    case quit
  }

  public let app: any DrivenApp
  /// The language of the session's own texts (the bottom line, the key map): the app's, which
  /// may change while it runs (`AppFlow.environmentChanged`).
  public var language: Language { app.language }
  /// The format frames are drawn in (`.plain` draws the focus in reverse video all the same).
  public let format: OutputFormat
  public private(set) var columns: Int
  public private(set) var rows: Int
  /// Set when something on screen changed since the last frame: the flow published, the focus
  /// moved, the terminal was resized.
  public private(set) var needsRedraw = true

  /// The focused element's identifier, and its place in the list (kept when it goes away).
  public private(set) var focusedID: ElementID?
  /// The focused element's identifier as scripts write it (`complete:Run`).
  public var focusedIdentifier: String? { focusedID?.text }
  private var focusedIndex = 0
  /// What the focused element stands for (a renamed category keeps the focus by it).
  private var focusedSubject: Subject?
  /// A few identifiers of the elements at the last look, to tell a new layer from a changed one:
  /// a layer none of whose landmarks is still there is a new one.
  private var landmarks: [ElementID] = []
  /// The current choice of the layer at the last look (`Element.isCurrentChoice`).
  private var lastChoice: ElementID?
  /// Whether typing goes into the focused text field (Esc leaves it).
  public private(set) var isEditing = false
  /// The first body line shown when the screen is taller than the terminal.
  private var scroll = 0
  private var isShowingKeys = false
  /// The first line of the key map shown when it is taller than the terminal.
  private var keyMapScroll = 0
  /// Where the focus goes back to when a layer closes: for each layer under the top one, a few
  /// of its identifiers and the element that had the focus there (the one that opened the next).
  private var returns: [Return] = []
  /// A refused action, shown in the status line until the next key.
  private var message: String?
  private var binding: BindingToken?
  /// The app's elements and its screen as last drawn, kept until the app publishes or the size
  /// changes: a key that only moves the focus draws nothing again.
  private var elementsCache: [Element]?
  /// What names the elements of `elementsCache`, made when one is first named after a change.
  private var namer: ((Element) -> Element)?
  private var drawing: Drawing?
  /// Cards drawn for the last frame, drawn again only when they change.
  private let renderCache = RenderCache()

  /// A layer under the top one: how to tell it when it is back, and its focus then.
  private struct Return {
    let landmarks: [ElementID]
    let identifier: ElementID?
    let index: Int
    let subject: Subject?
    /// The layer's current choice when it was left (a category made over it comes back chosen).
    let choice: ElementID?
  }

  /// The thing an element stands for, and which of its elements it is (a card, or its button).
  private struct Subject: Equatable {
    /// Which of the elements standing for one thing it is.
    enum Role {
      case card, complete, category, other
    }

    let id: String
    let role: Role

    init?(_ element: Element) {
      guard let id = element.subjectID else { return nil }
      self.id = id
      switch element.identifier {
      case .card: role = .card
      case .complete: role = .complete
      case .category: role = .category
      case .ok, .confirm, .cancel, .done, .save, .add, .edit, .delete, .field, .clear, .tab, .start, .date,
        .filters, .pin, .unpin, .dayOff, .cancelDayOff, .habit, .event, .categoryRow, .scheduleRow,
        .daysMinus, .daysPlus, .emoji, .color, .create, .discard, .keepEditing, .addCategory, .weekday,
        .filter, .previousMonth, .nextMonth, .day, .back, .reminder, .reminderTime, .dayStart, .sync, .hour,
        .allow,
        .notNow, .completed, .retry, .todo, .measure, .direction, .scheduleKind, .quotaMinus, .quotaPlus,
        .note, .amountMinus, .amountPlus, .clearEntry:
        role = .other
      }
    }
  }

  private struct Drawing {
    let columns: Int
    /// The field the text cursor is drawn in.
    let caret: InputField?
    let lines: [StyledLine]
    let pinned: (top: Int, bottom: Int)
    var locator: ElementLocator
  }

  /// What the user can act on now (as of the app's last change), with their labels only: the
  /// bottom line names the focused one (`spokenLabel`).
  private var elements: [Element] {
    if let elementsCache { return elementsCache }
    let made = app.unspokenElements
    elementsCache = made
    return made
  }

  /// The narrowest terminal a screen is drawn in.
  public static let minimumColumns = ScreenRenderer.minimumWidth

  public init(app: any DrivenApp, format: OutputFormat, columns: Int, rows: Int) {
    self.app = app
    self.format = format
    self.columns = columns
    self.rows = rows
    binding = app.observeChanges { [weak self] in self?.appChanged() }
    appChanged()
  }

  /// The terminal has a new size.
  public func resize(columns: Int, rows: Int) {
    guard columns != self.columns || rows != self.rows else { return }
    self.columns = columns
    self.rows = rows
    drawing = nil
    // Whatever was paged to before, the focused element is brought into view at the new size.
    pagedSinceFocus = false
    needsRedraw = true
  }

  /// Time has passed (the command line calls this about once a second, keys or not): the app
  /// reads its clock again, and a new day shows without a key being pressed.
  public func tick() { app.clockChanged() }

  /// Shows `message` in the status line until the next key (a failure met outside a key: the
  /// data file could not be looked at).
  public func show(_ message: String) {
    self.message = message
    needsRedraw = true
  }

  /// Call after a frame is drawn.
  public func frameDrawn() { needsRedraw = false }

  // MARK: Keys

  /// Does what `key` means on the screen as it is.
  public func handle(_ key: Key) -> Outcome {
    needsRedraw = true
    message = nil
    pagedSinceFocus = [.pageUp, .pageDown, .home, .end].contains(key)
    if key == .control("c") { return .quit }
    if isShowingKeys { return keyMapKey(key) }
    let elements = self.elements
    let focused = focusedElement(in: elements)
    if isEditing, let field = focused, field.kind == .textField {
      if editField(field, key) { return .keepGoing }
    }
    let localizer = Localizer(language)
    switch key {
    case .tab: moveFocus(by: 1, in: elements)
    case .backTab: moveFocus(by: -1, in: elements)
    case .down, .up:
      if !moveInGrid(key, from: focused, in: elements) { moveFocus(by: key == .down ? 1 : -1, in: elements) }
    case .enter, .character(" "):
      guard let focused else { break }
      if focused.kind == .textField {
        startEditing(focused)
      } else if !focused.isEnabled {
        // A disabled element says why ("Thu 3 Dec: a day to come, cannot be marked"), else that
        // it is not available.
        message =
          named(focused).unavailableReason == nil
          ? localizer.text(.appRefusedDisabled(spokenLabel(focused, in: elements)))
          : spokenLabel(focused, in: elements)
      } else {
        send(focused.action)
      }
    case .character("m"):
      guard let focused else { break }
      if focused.longPressAction == nil {
        message = localizer.text(.appRefusedNoMenu(spokenLabel(focused, in: elements)))
      } else {
        send(focused.longPressAction)
      }
    case .left, .right:
      if moveInGrid(key, from: focused, in: elements) {
        break
      } else if app.screenName == ScreenName.onboarding.rawValue {
        // → shows the next page, as a finger swiping the page to the left does; ← the one before.
        act(.swipe(key == .right ? .left : .right))
      } else if let focused, key == .left, focused.swipeLeftAction != nil {
        send(focused.swipeLeftAction)
      } else if let focused {
        message = localizer.text(
          .appRefusedArrow(arrow: key == .left ? "←" : "→", label: spokenLabel(focused, in: elements)))
      }
    case .escape:
      // Closes the sheet, menu, question or alert, or goes back; on a screen with nothing over it
      // there is nothing to close, which is no error.
      if isEditing {
        isEditing = false
      } else {
        do { try app.perform(.dismiss) } catch {}
      }
    case .character("/"):
      if let search = elements.first(where: { $0.identifier == .field(.search) }) {
        focus(search, in: elements)
        startEditing(search)
      }
    case .character("?"):
      isShowingKeys = true
      keyMapScroll = 0
    case .character("q"): return .quit
    case .pageUp: scroll -= max(1, bodyHeight - 1)
    case .pageDown: scroll += max(1, bodyHeight - 1)
    case .home: scroll = 0
    case .end: scroll = 1 << 40  // past any screen; the next frame brings it to the last page
    case .character, .backspace, .control, .unknown: break
    }
    return .keepGoing
  }

  /// A key while the key map is shown: the arrows and the page keys scroll it, q quits, any other
  /// key closes it.
  private func keyMapKey(_ key: Key) -> Outcome {
    let page = max(1, rows - 2)
    switch key {
    case .down: keyMapScroll += 1
    case .up: keyMapScroll -= 1
    case .pageDown: keyMapScroll += page
    case .pageUp: keyMapScroll -= page
    case .home: keyMapScroll = 0
    case .end: keyMapScroll = 1 << 20  // the next frame brings it to the last page
    case .character("q"): return .quit
    case .character, .enter, .tab, .backTab, .backspace, .escape, .left, .right, .control, .unknown:
      isShowingKeys = false
    }
    keyMapScroll = max(0, keyMapScroll)
    return .keepGoing
  }

  /// A key typed into the focused field; false when it is not for the field.
  private func editField(_ field: Element, _ key: Key) -> Bool {
    // The app's own focus follows ours before anything is typed (a tap on a field focuses it).
    let focusesField = { [self] in focusApp(on: field) }
    // The to-do text and a note keep line breaks; Enter in any other field is done with it.
    let keepsLineBreaks = field.identifier == .field(.text) || field.identifier == .field(.noteText)
    switch key {
    case .character, .backspace, .control("u"): focusesField()
    case .enter where keepsLineBreaks: focusesField()
    case .enter, .tab, .backTab, .escape, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
      .control, .unknown:
      break
    }
    guard message == nil else { return true }
    switch key {
    case .character(let character):
      act(.type(String(character)))
    case .backspace: act(.deleteBackward)
    case .control("u"): act(.clear)
    case .enter:
      // A line break, in the field itself (never the field the app focused before); any other
      // field is done and the next element is focused.
      if keepsLineBreaks {
        act(.type("\n"))
      } else {
        // The next element, past the field's own clear button: Enter never clears what was typed.
        isEditing = false
        moveFocus(by: 1, in: elements)
        if case .field(let input) = field.identifier, focusedID == .clear(input) {
          moveFocus(by: 1, in: elements)
        }
      }
    case .escape: isEditing = false
    case .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .control, .unknown:
      return false
    }
    return true
  }

  private func act(_ action: UserAction) {
    do {
      try app.perform(action)
    } catch {
      message = error.message
    }
  }

  /// Sends the focused element's own action to the app (nil: its gesture does nothing).
  private func send(_ action: ElementAction?) {
    guard let action else { return }
    do {
      try app.send(action)
    } catch {
      message = error.message
    }
  }

  /// The app's own focus follows ours onto `field` (a tap on a field focuses it).
  private func focusApp(on field: Element) {
    if let focused = app.shown.focusedField, field.identifier == .field(focused) { return }
    send(field.action)
  }

  /// Keys go into `field` from now on, and the app shows its caret there.
  private func startEditing(_ field: Element) {
    focusApp(on: field)
    isEditing = message == nil
  }

  // MARK: Focus

  private func focusedElement(in elements: [Element]) -> Element? {
    elements.first { $0.identifier == focusedID }
  }

  private func focus(_ element: Element, in elements: [Element]) {
    focusedID = element.identifier
    focusedIndex = elements.firstIndex { $0.identifier == element.identifier } ?? 0
    focusedSubject = Subject(element)
  }

  /// The element that stands for the same thing as `subject` does, in the same role: the renamed
  /// category, the renamed tracker's card.
  private static func element(for subject: Subject?, in elements: [Element]) -> Element? {
    guard let subject else { return nil }
    return elements.first { Subject($0) == subject }
  }

  private func moveFocus(by step: Int, in elements: [Element]) {
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
  private func moveInGrid(_ key: Key, from focused: Element?, in elements: [Element]) -> Bool {
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
  private static func grid(around index: Int, in elements: [Element]) -> ClosedRange<Int> {
    let grid = elements[index].grid
    var first = index
    var last = index
    while first > 0, elements[first - 1].grid == grid { first -= 1 }
    while last + 1 < elements.count, elements[last + 1].grid == grid { last += 1 }
    return first...last
  }

  /// Where each cell of `cells` is drawn: its row and the terminal column of its middle.
  private func gridPlaces(_ cells: ClosedRange<Int>, in elements: [Element]) -> [Int: (row: Int, column: Int)]
  {
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
  private static func nearest(to column: Int, onRow row: Int, of places: [Int: (row: Int, column: Int)])
    -> Int?
  {
    places.filter { $0.value.row == row }
      .min { (abs($0.value.column - column), $0.key) < (abs($1.value.column - column), $1.key) }?.key
  }

  /// The flow published: a new layer starts with its focused field or its first element; on the
  /// same layer the focus stays on its element, or on its place when the element went away.
  private func appChanged() {
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
    focus(first, in: elements)
    isEditing = first.kind == .textField
  }

  /// Whether any of `landmarks` is among `elements`.
  private static func shares(_ landmarks: [ElementID], with elements: [Element]) -> Bool {
    landmarks.contains { landmark in elements.contains { $0.identifier == landmark } }
  }

  /// The identifiers that tell a layer: its first and last elements and the focus's neighbours
  /// (a few, so telling costs nothing with 2,000 elements on screen).
  private static func landmarks(of elements: [Element], around index: Int) -> [ElementID] {
    guard !elements.isEmpty else { return [] }
    let picks = [0, index - 1, index, index + 1, elements.count - 1].filter { elements.indices.contains($0) }
    return picks.map { elements[$0].identifier }
  }

  // MARK: Drawing

  /// The rows the scrolled part of the screen has at the current size.
  private var bodyHeight = 0

  /// The frame at the current size: exactly `rows` lines, each in `format` without a line end.
  public func frame() -> [String] {
    let localizer = Localizer(language)
    guard columns >= Self.minimumColumns, rows >= 3 else {
      return pad(narrowLines(localizer).map { encode(StyledLine($0, Style(.destructive, bold: true))) })
    }
    if isShowingKeys {
      let lines = keyMap(localizer)
      keyMapScroll = max(0, min(keyMapScroll, lines.count - (rows - 1)))
      let status = keyMapStatus(localizer, hasMore: keyMapScroll + rows - 1 < lines.count)
      return pad(Array(lines.dropFirst(keyMapScroll).prefix(rows - 1)).map(encode), status: encode(status))
    }
    let status = statusLine(localizer)
    var drawing = currentDrawing()
    let location = drawing.locator.locate(focusedID)
    // A menu, a question or a small sheet is kept in view whole, not only its focused button: at
    // 80×24 a card's menu showed "Pin" alone, its other buttons under the bottom line.
    var group: ClosedRange<Int>?
    if elements.count <= Self.wholeGroupLimit {
      let rows = elements.compactMap { drawing.locator.locate($0.identifier)?.row }
      if let first = rows.min(), let last = rows.max() { group = first...last }
    }
    self.drawing = drawing
    var lines = drawing.lines
    var pinned = drawing.pinned
    if let location { lines[location.row] = lines[location.row].inverting(location.characters) }
    visible(row: location?.row, group: group, in: lines.count, pinned: &pinned)
    let available = rows - 1
    var shown: [StyledLine]
    if lines.count <= available {
      // A short screen's tab bar sits on the terminal's last lines, not under the content.
      let gap = Array(repeating: StyledLine(""), count: available - lines.count)
      shown = Array(lines.prefix(lines.count - pinned.bottom)) + gap + Array(lines.suffix(pinned.bottom))
    } else {
      let top = Array(lines.prefix(pinned.top))
      let bottom = Array(lines.suffix(pinned.bottom))
      let body = lines[pinned.top..<(lines.count - pinned.bottom)]
      shown = top + body.dropFirst(scroll).prefix(bodyHeight) + bottom
    }
    let drawFormat = app.format(format)
    return pad(shown.map { encode($0, drawFormat) }, status: encode(status))
  }

  /// The screen as drawn at the current size with the cursor where typing goes, drawn again when
  /// the app published, the size changed or typing moved.
  private func currentDrawing() -> Drawing {
    let caret = caretField
    if let drawing, drawing.columns == columns, drawing.caret == caret { return drawing }
    let (lines, pinned) = app.lines(ScreenRenderer(width: columns, cache: renderCache), caretIn: caret)
    let made = Drawing(
      columns: columns, caret: caret, lines: lines, pinned: pinned,
      locator: ElementLocator(elements: elements, lines: lines))
    drawing = made
    return made
  }

  /// Up to how many elements a screen may have for all of them to be kept in view together (a
  /// menu, a question, a picker): past it only the focused one is (a main screen of 1,000 cards
  /// is not located element by element on every frame).
  static let wholeGroupLimit = 16

  /// Scrolls so that `row` of a screen of `count` lines is in view (pinned lines are always), and
  /// the rows `group` of every element with it when they fit together.
  private func visible(
    row: Int?, group: ClosedRange<Int>? = nil, in count: Int, pinned: inout (top: Int, bottom: Int)
  ) {
    let available = rows - 1
    guard count > available else {
      scroll = 0
      return
    }
    if pinned.top + pinned.bottom >= available - 2 { pinned = (0, 0) }
    bodyHeight = available - pinned.top - pinned.bottom
    let bodyCount = count - pinned.top - pinned.bottom
    if let group, needsFocusInView {
      // The group with the line around it (a box's borders) when that fits, else the group alone.
      let body = pinned.top...(count - pinned.bottom - 1)
      let framed = max(body.lowerBound, group.lowerBound - 1)...min(body.upperBound, group.upperBound + 1)
      let candidates = [framed, group].filter { body.contains($0.lowerBound) && body.contains($0.upperBound) }
      if let shown = candidates.first(where: { $0.count <= bodyHeight }) {
        let (first, last) = (shown.lowerBound - pinned.top, shown.upperBound - pinned.top)
        if first < scroll { scroll = first }
        if last >= scroll + bodyHeight { scroll = last - bodyHeight + 1 }
      }
    }
    if let row, row >= pinned.top, row < count - pinned.bottom, needsFocusInView {
      let bodyRow = row - pinned.top
      if bodyRow < scroll { scroll = bodyRow }
      if bodyRow >= scroll + bodyHeight { scroll = bodyRow - bodyHeight + 1 }
    }
    scroll = max(0, min(scroll, bodyCount - bodyHeight))
  }

  /// Whether the last key moved the focus rather than the page (PageUp/PageDown leave it behind).
  private var needsFocusInView: Bool { !pagedSinceFocus }
  private var pagedSinceFocus = false

  /// The text field the cursor is drawn in: the focused one while typing goes into it, else none.
  private var caretField: InputField? {
    guard isEditing, case .field(let field) = focusedID else { return nil }
    return field
  }

  /// What the bottom line calls `element`: what the app says it is, with its context and, when it
  /// is disabled, why (`Element.spoken`: a color is "Color 3 of 18", never its code), on one line.
  /// Only the element it names is named: a change names no other element of the layer.
  func spokenLabel(_ element: Element, in elements: [Element]) -> String {
    TextFitting.safe(named(element).spoken.split(separator: "\n").first.map(String.init) ?? "")
  }

  /// `element` as the app names it, found among the elements as last looked at by its identifier
  /// (an element already named is named from its plain self, never twice).
  private func named(_ element: Element) -> Element {
    let elements = self.elements
    let plain = elements.first { $0.identifier == element.identifier } ?? element
    if let namer { return namer(plain) }
    let made = app.namer(among: elements)
    namer = made
    return made(plain)
  }

  /// The focused element first ("▸ label"), then as many of the key hints as fit, each whole; or
  /// the refused action's message, shortened at a word with "…" when it is longer than the line.
  private func statusLine(_ localizer: Localizer) -> StyledLine {
    if let message {
      let first = message.split(separator: "\n").first.map(String.init) ?? message
      return StyledLine(Self.shorten(TextFitting.safe(first), to: columns), .destructive)
    }
    let elements = self.elements
    let focused = focusedElement(in: elements)
    let hint =
      app.showsSaving
      ? localizer.text(.appStatusSaving)
      : isEditing && focused?.kind == .textField
        ? localizer.text(.appStatusEditing) : localizer.text(.appStatusHints)
    // The focus's name comes first, with its context, as long as the line allows (the hints take
    // what is left, each whole): only "Saving…" keeps its word beside it, so the user knows.
    let saving = app.showsSaving ? hint.split(separator: " ").first.map { " · " + $0 } ?? "" : ""
    var spans: [Span] = []
    if let focused {
      let room = columns - TerminalWidth.of("▸ ") - TerminalWidth.of(saving)
      let label = Self.shorten(spokenLabel(focused, in: elements), to: max(4, room))
      spans.append(Span("▸ " + label, .accent))
    }
    let used = spans.reduce(0) { $0 + $1.width }
    let separator = spans.isEmpty ? "" : " · "
    let width = columns - used - TerminalWidth.of(separator)
    var hints = Self.fitParts(hint, to: width)
    // "Saving…" is never dropped for want of room: its first word stays when the rest cannot.
    if hints.isEmpty, app.showsSaving, let word = hint.split(separator: " ").first,
      TerminalWidth.of(String(word)) <= width
    {
      hints = String(word)
    }
    if !hints.isEmpty { spans.append(Span(separator + hints, .secondary)) }
    return StyledLine(spans)
  }

  /// The key map's bottom line: "↓ more" while lines are below the window, then how to close it,
  /// as many of its parts as fit, each whole.
  private func keyMapStatus(_ localizer: Localizer, hasMore: Bool) -> StyledLine {
    let text = (hasMore ? localizer.text(.appKeysMore) + " · " : "") + localizer.text(.appKeysClose)
    return StyledLine(Self.fitParts(text, to: columns), .secondary)
  }

  /// The "window too narrow" text for a window of `columns` × `rows`: the longest wording that fits
  /// whole, wrapped at its words (the sentence, then shorter ones down to the width needed alone),
  /// so it never runs off the window and always says how wide it must be.
  func narrowLines(_ localizer: Localizer) -> [String] {
    let needed = Self.minimumColumns
    let wordings = [
      localizer.text(.appNarrow(columns: needed)), localizer.text(.appNarrowShort(columns: needed)),
      localizer.text(.appNarrowShortest(columns: needed)), "↔ \(needed)", "\(needed)",
    ]
    let width = max(1, columns)
    for wording in wordings {
      let words = wording.split(separator: " ")
      guard words.allSatisfy({ TerminalWidth.of(String($0)) <= width }) else { continue }
      let lines = TextFitting.wrap(wording, to: width)
      if lines.count <= rows { return lines }
    }
    // One column: the digits one under the other.
    return Array(TextFitting.wrap("\(needed)", to: width).prefix(max(1, rows)))
  }

  /// As many of the " · "-separated parts of `text` as fit in `width` columns, each whole.
  static func fitParts(_ text: String, to width: Int) -> String {
    var shown = ""
    for part in text.components(separatedBy: " · ") {
      let next = shown.isEmpty ? part : shown + " · " + part
      guard TerminalWidth.of(next) <= width else { break }
      shown = next
    }
    return shown
  }

  /// `text` cut to `width` columns after its last whole word that fits, with "…" (a word longer
  /// than the line is cut, with "…" as well).
  static func shorten(_ text: String, to width: Int) -> String {
    guard TerminalWidth.of(text) > width else { return text }
    var shown = ""
    for word in text.split(separator: " ") {
      let next = shown.isEmpty ? String(word) : shown + " " + word
      guard TerminalWidth.of(next) < width else { break }
      shown = next
    }
    return shown.isEmpty ? TextFitting.truncate(text, to: width) : shown + "…"
  }

  /// The key map: each key with what it does beside it; a description too long for the line wraps
  /// under its own column (or under the key, indented, in a window too narrow for two columns).
  private func keyMap(_ localizer: Localizer) -> [StyledLine] {
    var canvas = [StyledLine(localizer.text(.appKeysTitle), .title), StyledLine("")]
    let entries = localizer.text(.appKeys).split(separator: "\n").map { line -> (key: String, does: String) in
      guard let gap = line.range(of: "  ") else { return ("", String(line)) }
      return (
        String(line[..<gap.lowerBound]), line[gap.upperBound...].trimmingCharacters(in: .whitespaces)
      )
    }
    let keyWidth = (entries.map { TerminalWidth.of($0.key) }.max() ?? 0) + 2
    let side = columns - keyWidth >= 16
    for entry in entries {
      if side {
        let wrapped = TextFitting.wrap(entry.does, to: columns - keyWidth)
        for (index, line) in wrapped.enumerated() {
          let key = index == 0 ? entry.key : ""
          canvas.append(StyledLine([Span(TextFitting.pad(key, to: keyWidth), .accent), Span(line)]))
        }
      } else {
        canvas.append(StyledLine(entry.key, .accent))
        canvas += TextFitting.wrap(entry.does, to: columns - 2).map { StyledLine([Span("  "), Span($0)]) }
      }
    }
    // How to close it is said on the bottom line (`keyMapStatus`), not a second time here: in
    // Russian at 40×24 the copy here pushed the map's last line out of the window.
    return canvas
  }

  private func encode(_ line: StyledLine) -> String { encode(line, app.format(format)) }

  private func encode(_ line: StyledLine, _ format: OutputFormat) -> String {
    if format == .plain {
      // No colors, but the focus still shows: reverse video is not a color.
      return line.spans.map { $0.style.isInverse ? "\u{1B}[7m" + $0.text + "\u{1B}[27m" : $0.text }.joined()
    }
    var text = format.encode([line])
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// `lines` filling the terminal, `status` on its last row.
  private func pad(_ lines: [String], status: String? = nil) -> [String] {
    let height = status == nil ? rows : rows - 1
    let body = Array((lines + Array(repeating: "", count: max(0, height - lines.count))).prefix(height))
    return body + (status.map { [$0] } ?? [])
  }
}
