import TrackerAutomation
import TrackerLocalization
import TrackerTextRenderer
import TrackerViewModels

extension InteractiveSession {
  // MARK: Drawing

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
    let group =
      elements.count <= Self.wholeGroupLimit
      ? elements.compactMap { drawing.locator.locate($0.identifier)?.row } : []
    self.drawing = drawing
    var lines = drawing.lines
    var pinned = drawing.pinned
    if let location { lines[location.row] = lines[location.row].inverting(location.characters) }
    visible(
      row: location?.row, group: group, in: lines.count, pinned: &pinned,
      isBlank: { lines[$0].text.allSatisfy { $0 == " " } })
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
  func currentDrawing() -> Drawing {
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
  /// the rows of every element (`group`) that scroll with it when they fit together, with the
  /// line around them unless it is blank (`isBlank`): a box's borders are worth a scroll, an empty
  /// line is not. The pinned lines' elements (the tab bar) are in view anyway and count for
  /// nothing: at 40×24 they made Settings scroll to show the blank line above the tab bar.
  func visible(
    row: Int?, group elementRows: [Int] = [], in count: Int, pinned: inout (top: Int, bottom: Int),
    isBlank: (Int) -> Bool = { _ in false }
  ) {
    let available = rows - 1
    guard count > available else {
      scroll = 0
      return
    }
    if pinned.top + pinned.bottom >= available - 2 { pinned = (0, 0) }
    bodyHeight = available - pinned.top - pinned.bottom
    let bodyCount = count - pinned.top - pinned.bottom
    let body = pinned.top...(count - pinned.bottom - 1)
    let scrolled = elementRows.filter(body.contains)
    if let first = scrolled.min(), let last = scrolled.max(), needsFocusInView {
      let group = first...last
      // The group with the line around it (a box's borders) when that fits, else the group alone.
      let above = group.lowerBound - 1
      let below = group.upperBound + 1
      let framed =
        max(
          body.lowerBound, body.contains(above) && isBlank(above) ? group.lowerBound : above)...min(
          body.upperBound, body.contains(below) && isBlank(below) ? group.upperBound : below)
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
  var needsFocusInView: Bool { !pagedSinceFocus }

  /// The text field the cursor is drawn in: the focused one while typing goes into it, else none.
  var caretField: InputField? {
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
  func named(_ element: Element) -> Element {
    let elements = self.elements
    let plain = elements.first { $0.identifier == element.identifier } ?? element
    if let namer { return namer(plain) }
    let made = app.namer(among: elements)
    namer = made
    return made(plain)
  }

  /// The focused element first ("▸ label"), then as many of the key hints as fit, each whole; or
  /// the refused action's message, shortened at a word with "…" when it is longer than the line.
  func statusLine(_ localizer: Localizer) -> StyledLine {
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
        ? localizer.text(.appStatusEditing)
        // Over a form's changes q asks first, or on that question goes back to the form: not "q quit".
        : app.screensOverChangesToLose != nil && !app.isSaving
          ? localizer.text(.appStatusHintsUnsaved) : localizer.text(.appStatusHints)
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
  func keyMapStatus(_ localizer: Localizer, hasMore: Bool) -> StyledLine {
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
  func keyMap(_ localizer: Localizer) -> [StyledLine] {
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

  func encode(_ line: StyledLine) -> String { encode(line, app.format(format)) }

  func encode(_ line: StyledLine, _ format: OutputFormat) -> String {
    if format == .plain {
      // No colors, but the focus still shows: reverse video is not a color.
      return line.spans.map { $0.style.isInverse ? "\u{1B}[7m" + $0.text + "\u{1B}[27m" : $0.text }.joined()
    }
    var text = format.encode([line])
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// `lines` filling the terminal, `status` on its last row.
  func pad(_ lines: [String], status: String? = nil) -> [String] {
    let height = status == nil ? rows : rows - 1
    let body = Array((lines + Array(repeating: "", count: max(0, height - lines.count))).prefix(height))
    return body + (status.map { [$0] } ?? [])
  }
}
