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
  public let language: Language
  /// The format frames are drawn in (`.plain` draws the focus in reverse video all the same).
  public let format: OutputFormat
  public private(set) var columns: Int
  public private(set) var rows: Int
  /// Set when something on screen changed since the last frame: the flow published, the focus
  /// moved, the terminal was resized.
  public private(set) var needsRedraw = true

  /// The focused element's identifier, and its place in the list (kept when it goes away).
  public private(set) var focusedIdentifier: String?
  private var focusedIndex = 0
  /// A few identifiers of the elements at the last look, to tell a new layer from a changed one:
  /// a layer none of whose landmarks is still there is a new one.
  private var landmarks: [String] = []
  /// Whether typing goes into the focused text field (Esc leaves it).
  public private(set) var isEditing = false
  /// The first body line shown when the screen is taller than the terminal.
  private var scroll = 0
  private var isShowingKeys = false
  /// A refused action, shown in the status line until the next key.
  private var message: String?
  private var binding: BindingToken?
  /// The app's elements and its screen as last drawn, kept until the app publishes or the size
  /// changes: a key that only moves the focus draws nothing again.
  private var elementsCache: [Element]?
  private var drawing: Drawing?
  /// Cards drawn for the last frame, drawn again only when they change.
  private let renderCache = RenderCache()

  private struct Drawing {
    let columns: Int
    let lines: [StyledLine]
    let pinned: (top: Int, bottom: Int)
    var locator: ElementLocator
  }

  /// What the user can act on now (as of the app's last change).
  private var elements: [Element] {
    if let elementsCache { return elementsCache }
    let made = app.elements
    elementsCache = made
    return made
  }

  /// The narrowest terminal a screen is drawn in.
  public static let minimumColumns = ScreenRenderer.minimumWidth

  public init(app: any DrivenApp, language: Language, format: OutputFormat, columns: Int, rows: Int) {
    self.app = app
    self.language = language
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
    needsRedraw = true
  }

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
    if isShowingKeys {
      isShowingKeys = false
      return key == .character("q") ? .quit : .keepGoing
    }
    let elements = self.elements
    let focused = focusedElement(in: elements)
    if isEditing, let field = focused, field.kind == .textField {
      if editField(field, key) { return .keepGoing }
    }
    switch key {
    case .tab, .down: moveFocus(by: 1, in: elements)
    case .backTab, .up: moveFocus(by: -1, in: elements)
    case .enter, .character(" "):
      guard let focused else { break }
      if focused.kind == .textField {
        startEditing(focused)
      } else {
        act(.tap(.identifier(focused.identifier)))
      }
    case .character("m"):
      if let focused { act(.longPress(.identifier(focused.identifier))) }
    case .left, .right:
      let direction: UserAction.Direction = key == .left ? .left : .right
      if app.screenName == ScreenName.onboarding.rawValue {
        act(.swipe(direction))
      } else if let focused, focused.swipeLeftAction != nil {
        act(.swipe(direction, .identifier(focused.identifier)))
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
      if let search = elements.first(where: { $0.identifier == InputField.search.rawValue }) {
        focus(search, in: elements)
        startEditing(search)
      }
    case .character("?"): isShowingKeys = true
    case .character("q"): return .quit
    case .pageUp: scroll -= max(1, bodyHeight - 1)
    case .pageDown: scroll += max(1, bodyHeight - 1)
    case .home: scroll = 0
    case .end: scroll = 1 << 40  // past any screen; the next frame brings it to the last page
    default: break
    }
    return .keepGoing
  }

  /// A key typed into the focused field; false when it is not for the field.
  private func editField(_ field: Element, _ key: Key) -> Bool {
    // The app's own focus follows ours before anything is typed (a tap on a field focuses it).
    let focusesField = { [self] in
      if app.focusedFieldIdentifier != field.identifier { act(.tap(.identifier(field.identifier))) }
    }
    switch key {
    case .character, .backspace, .control("u"): focusesField()
    default: break
    }
    guard message == nil else { return true }
    switch key {
    case .character(let character):
      act(.type(String(character)))
    case .backspace: act(.deleteBackward)
    case .control("u"): act(.clear)
    case .enter:
      // The to-do text keeps line breaks; any other field is done and the next element is focused.
      if field.identifier == InputField.text.rawValue {
        act(.type("\n"))
      } else {
        isEditing = false
        moveFocus(by: 1, in: elements)
      }
    case .escape: isEditing = false
    default: return false
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

  /// Keys go into `field` from now on, and the app shows its caret there.
  private func startEditing(_ field: Element) {
    if app.focusedFieldIdentifier != field.identifier { act(.tap(.identifier(field.identifier))) }
    isEditing = message == nil
  }

  // MARK: Focus

  private func focusedElement(in elements: [Element]) -> Element? {
    elements.first { $0.identifier == focusedIdentifier }
  }

  private func focus(_ element: Element, in elements: [Element]) {
    focusedIdentifier = element.identifier
    focusedIndex = elements.firstIndex { $0.identifier == element.identifier } ?? 0
  }

  private func moveFocus(by step: Int, in elements: [Element]) {
    guard !elements.isEmpty else { return }
    let current = elements.firstIndex { $0.identifier == focusedIdentifier } ?? focusedIndex
    let next = ((current + step) % elements.count + elements.count) % elements.count
    focus(elements[next], in: elements)
    isEditing = elements[next].kind == .textField
  }

  /// The flow published: a new layer starts with its focused field or its first element; on the
  /// same layer the focus stays on its element, or on its place when the element went away.
  private func appChanged() {
    needsRedraw = true
    elementsCache = nil
    drawing = nil
    let elements = self.elements
    defer { landmarks = Self.landmarks(of: elements, around: focusedIndex) }
    guard !elements.isEmpty else {
      focusedIdentifier = nil
      isEditing = false
      return
    }
    if let identifier = focusedIdentifier,
      let index = elements.firstIndex(where: { $0.identifier == identifier })
    {
      focusedIndex = index
      return
    }
    if landmarks.contains(where: { landmark in elements.contains { $0.identifier == landmark } }) {
      // The same layer without the focused element (a card deleted): the focus keeps its place.
      focus(elements[min(focusedIndex, elements.count - 1)], in: elements)
      isEditing = false
      return
    }
    // A new layer: its focused field, else its first element; typing goes into a field at once.
    scroll = 0
    let first = elements.first { $0.identifier == app.focusedFieldIdentifier } ?? elements[0]
    focus(first, in: elements)
    isEditing = first.kind == .textField
  }

  /// The identifiers that tell a layer: its first and last elements and the focus's neighbours
  /// (a few, so telling costs nothing with 2,000 elements on screen).
  private static func landmarks(of elements: [Element], around index: Int) -> [String] {
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
      let line = TextFitting.truncate(
        localizer.text(.appNarrow, .int(Self.minimumColumns)), to: max(1, columns))
      return pad([encode(StyledLine(line, Style(.destructive, bold: true)))])
    }
    let status = statusLine(localizer)
    if isShowingKeys {
      let lines = keyMap(localizer)
      return pad(Array(lines.prefix(rows - 1)).map(encode), status: encode(status))
    }
    if drawing?.columns != columns {
      let (lines, pinned) = app.lines(ScreenRenderer(width: columns, cache: renderCache))
      drawing = Drawing(
        columns: columns, lines: lines, pinned: pinned,
        locator: ElementLocator(elements: elements, lines: lines))
    }
    guard var drawing else { return pad([], status: encode(status)) }
    let location = drawing.locator.locate(focusedIdentifier)
    self.drawing = drawing
    var lines = drawing.lines
    var pinned = drawing.pinned
    if let location { lines[location.row] = lines[location.row].inverting(location.characters) }
    visible(row: location?.row, in: lines.count, pinned: &pinned)
    let available = rows - 1
    var shown: [StyledLine]
    if lines.count <= available {
      shown = lines
    } else {
      let top = Array(lines.prefix(pinned.top))
      let bottom = Array(lines.suffix(pinned.bottom))
      let body = lines[pinned.top..<(lines.count - pinned.bottom)]
      shown = top + body.dropFirst(scroll).prefix(bodyHeight) + bottom
    }
    let drawFormat = app.format(format)
    return pad(shown.map { encode($0, drawFormat) }, status: encode(status))
  }

  /// Scrolls so that `row` of a screen of `count` lines is in view (pinned lines are always).
  private func visible(row: Int?, in count: Int, pinned: inout (top: Int, bottom: Int)) {
    let available = rows - 1
    guard count > available else {
      scroll = 0
      return
    }
    if pinned.top + pinned.bottom >= available - 2 { pinned = (0, 0) }
    bodyHeight = available - pinned.top - pinned.bottom
    let bodyCount = count - pinned.top - pinned.bottom
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

  /// The focused element first ("▸ label": also for elements drawn without their label, such as
  /// a color), then what the keys do; or the refused action's message.
  private func statusLine(_ localizer: Localizer) -> StyledLine {
    if let message {
      let first = message.split(separator: "\n").first.map(String.init) ?? message
      return StyledLine(TextFitting.truncate(TextFitting.safe(first), to: columns), .destructive)
    }
    let focused = focusedElement(in: elements)
    let hint =
      isEditing && focused?.kind == .textField
      ? localizer.text(.appStatusEditing) : localizer.text(.appStatusHints)
    var spans: [Span] = []
    if let focused {
      let label = focused.label.split(separator: "\n").first.map(String.init) ?? ""
      spans.append(
        Span("▸ " + TextFitting.truncate(TextFitting.safe(label), to: max(4, columns / 2)), .accent))
      spans.append(Span(" · ", .secondary))
    }
    let used = spans.reduce(0) { $0 + $1.width }
    spans.append(Span(TextFitting.truncate(hint, to: max(1, columns - used)), .secondary))
    return StyledLine(spans)
  }

  private func keyMap(_ localizer: Localizer) -> [StyledLine] {
    var canvas = [StyledLine(localizer.text(.appKeysTitle), .title), StyledLine("")]
    for line in localizer.text(.appKeys).split(separator: "\n") {
      canvas += TextFitting.wrap(String(line), to: columns).map { StyledLine($0) }
    }
    canvas += [StyledLine(""), StyledLine(localizer.text(.appKeysClose), .secondary)]
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
