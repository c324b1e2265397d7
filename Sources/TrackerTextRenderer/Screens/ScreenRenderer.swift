import TrackerAutomation
import TrackerViewModels

/// The width profiles of docs/decisions.md.
public enum Device: String, CaseIterable, Hashable, Sendable {
  /// iPhone SE: 40 columns.
  case se
  /// iPhone X: 47 columns.
  case x

  /// The device's width in columns.
  public var width: Int { self == .se ? 40 : 47 }
}

/// Draws the whole app view as text at a width: the screen, the sheet or menu over it, the tab
/// bar. It draws display-ready state; it does not localize or compute. The same view and width
/// always give the same lines.
public struct ScreenRenderer {
  /// The narrowest width every screen is laid out for.
  public static let minimumWidth = 32

  /// The width drawn at (at least `minimumWidth`).
  public let width: Int
  /// Cards kept from earlier drawings, for a renderer drawing one screen again and again.
  public let cache: RenderCache?

  /// A renderer for `width` columns, keeping drawn cards in `cache` when one is given.
  public init(width: Int, cache: RenderCache? = nil) {
    self.width = max(width, ScreenRenderer.minimumWidth)
    self.cache = cache
  }

  /// A renderer for a device's width.
  public init(device: Device) { self.init(width: device.width) }

  /// The text of `view` in `format`.
  public func render(_ view: AppView, format: OutputFormat = .plain) -> String {
    format.encode(lines(for: view))
  }

  /// The lines of `view`, with its alert (if any) over everything.
  public func lines(for view: AppView) -> [StyledLine] {
    cache?.beginDrawing()
    let lines = screenLines(for: view)
    guard let alert = view.alert else { return lines }
    return self.alert(alert, over: lines)
  }

  /// How many of `lines(for: view)` stay in place at the top and at the bottom when a terminal
  /// too short for the screen scrolls it: the main screen's navigation bar and search field, the
  /// tab bar. Sheets, menus, alerts and the onboarding scroll whole.
  public func pinnedLines(for view: AppView) -> (top: Int, bottom: Int) {
    guard view.alert == nil, view.presented.isEmpty else { return (0, 0) }
    switch view.base {
    case .onboarding: return (0, 0)
    case .statistics, .settings: return (0, tabBar(view.tabBar).count)
    case .trackers(let state):
      guard state.menu == nil else { return (0, 0) }
      return (trackersHeader(state, focused: view.focusedField).count, tabBar(view.tabBar).count)
    }
  }

  private func screenLines(for view: AppView) -> [StyledLine] {
    if let top = view.presented.last {
      var lines = presented(top, view: view)
      if case .categories(let state) = top {
        if let menu = view.categoryMenu {
          // As a card's menu: the pressed row is lifted above the menu, the rest is dimmed.
          let pressed = state.rows.first { $0.id == menu.categoryID }
          lines = overlay(
            lines,
            [
              [Span(menu.editTitle).anchored(.edit)],
              [Span(menu.deleteTitle, .destructive).anchored(.delete)],
            ],
            above: pressed.map(liftedCategory) ?? [])
        } else if let confirmation = state.deleteConfirmation {
          lines = actionSheet(
            lines, question: confirmation.question, detail: confirmation.detail,
            confirm: confirmation.confirmTitle, cancel: confirmation.cancelTitle)
        }
      }
      return lines
    }
    return base(view)
  }

  /// The screen under any sheet: a main screen with its tab bar and menus, or the onboarding.
  private func base(_ view: AppView) -> [StyledLine] {
    switch view.base {
    case .onboarding(let state):
      return onboarding(state)
    case .statistics(let state):
      return statistics(state) + tabBar(view.tabBar)
    case .settings(let state):
      return settings(state) + tabBar(view.tabBar)
    case .trackers(let state):
      var lines = trackers(state, focused: view.focusedField) + tabBar(view.tabBar)
      if let menu = state.menu {
        if let question = menu.dayOffQuestion {
          lines = actionSheet(
            lines, question: question.text, detail: nil, confirm: question.confirmTitle,
            cancel: question.cancelTitle)
        } else if let question = menu.deleteQuestion {
          lines = actionSheet(
            lines, question: question, detail: menu.deleteTrackerName, confirm: menu.confirmTitle,
            cancel: menu.cancelTitle)
        } else {
          // As on iOS, the pressed card is lifted above its menu.
          let pressed = state.sections.flatMap(\.cards).first { $0.id == menu.trackerID }
          lines = overlay(
            lines,
            [
              [Span(menu.pinTitle).anchored(menu.isPinned ? .unpin : .pin)],
              [Span(menu.dayOffTitle).anchored(menu.isDayOff ? .cancelDayOff : .dayOff)],
              [Span(menu.noteTitle).anchored(.note)],
            ]
              + (menu.canMoveUp ? [[Span(menu.moveUpTitle).anchored(.moveUp)]] : [])
              + (menu.canMoveDown ? [[Span(menu.moveDownTitle).anchored(.moveDown)]] : []) + [
                [Span(menu.editTitle).anchored(.edit)],
                [Span(menu.archiveTitle).anchored(.archive)],
                [Span(menu.deleteTitle, .destructive).anchored(.delete)],
              ],
            above: pressed.map(liftedCard) ?? [])
        }
      }
      return lines
    }
  }

  private func presented(_ screen: AppView.Presented, view: AppView) -> [StyledLine] {
    // The detail is pushed: it takes the whole screen, its delete question over it.
    if case .detail(let state) = screen {
      let lines = detail(state)
      if let question = state.dayOffQuestion {
        return actionSheet(
          lines, question: question.text, detail: nil, confirm: question.confirmTitle,
          cancel: question.cancelTitle)
      }
      guard let question = state.deleteQuestion else { return lines }
      return actionSheet(
        lines, question: question, detail: state.deleteTrackerName, confirm: state.confirmTitle,
        cancel: state.cancelTitle)
    }
    // A sheet covers the screen it was opened from except its top line, which shows dimmed: the
    // layer under it (the detail an Edit sheet was opened from), not always the main screen.
    var lines = screenUnder(view).prefix(1).map(\.dimmed)
    var canvas = Canvas(width: width)
    canvas.text("──", .border, align: .center)  // the sheet's grabber
    lines += canvas.lines
    switch screen {
    case .typePicker(let state): lines += typePicker(state)
    case .trackerForm(let state):
      lines += trackerForm(state, focused: view.focusedField)
      if let question = state.discardQuestion {
        return actionSheet(
          lines, question: question.text, detail: nil, confirm: question.discardTitle,
          cancel: question.keepEditingTitle, anchors: (.discard, .keepEditing))
      }
    case .categories(let state): lines += categories(state)
    case .categoryForm(let state): lines += categoryForm(state, focused: view.focusedField)
    case .schedule(let state): lines += schedule(state)
    case .filters(let state): lines += filters(state)
    case .calendar(let state): lines += calendar(state)
    case .detail(let state): lines += detail(state)
    case .permission(let state): lines += permission(state)
    case .timePicker(let state): lines += timePicker(state, focused: view.focusedField)
    case .dayStart(let state): lines += dayStart(state)
    case .amount(let state): lines += amountSheet(state, focused: view.focusedField)
    case .note(let state): lines += noteSheet(state, focused: view.focusedField)
    }
    return lines
  }

  /// The lines of the screen the top sheet of `view` was opened from: the layer under it, or the
  /// main screen when it is the only one.
  private func screenUnder(_ view: AppView) -> [StyledLine] {
    var below = view
    below.presented.removeLast()
    below.categoryMenu = nil
    below.focusedField = nil
    return screenLines(for: below)
  }

  // MARK: Shared pieces

  /// How a color of the tracker form is drawn: a swatch in that color.
  public static let swatch = "██"
  /// How a field's clear button (and a reminder's remove button) is drawn.
  public static let clearMark = "✕"
  /// How the form's "add a reminder" button is drawn.
  public static let addMark = "+"
  /// How the calendar's previous-month and next-month buttons are drawn.
  public static let previousMark = "‹"
  public static let nextMark = "›"

  /// What the screen draws for the element called `identifier` when it does not draw its label (a
  /// color is a swatch, a clear button is ✕, the calendar's month buttons ‹ ›), so the focus can
  /// be found on it; nil when the label itself is drawn.
  public static func mark(of identifier: ElementID) -> String? {
    switch identifier {
    case .color: return swatch
    case .clear, .removeReminder: return clearMark
    case .addReminder: return addMark
    case .previousMonth: return previousMark
    case .nextMonth: return nextMark
    case .ok, .confirm, .cancel, .done, .save, .add, .edit, .delete, .field, .tab, .start, .date, .filters,
      .card, .complete, .pin, .unpin, .moveUp, .moveDown, .archive, .scope, .unarchive, .section, .dayOff,
      .cancelDayOff, .habit,
      .event, .categoryRow, .scheduleRow,
      .daysMinus, .daysPlus, .formReminder, .emoji, .create, .discard, .keepEditing, .category, .addCategory,
      .weekday,
      .filter, .day, .back, .reminder, .reminderTime, .dayStart, .sync, .hour, .allow, .notNow, .completed,
      .retry,
      .todo, .measure, .direction, .targetPeriod, .scheduleKind, .quotaMinus, .quotaPlus, .windowDaysMinus,
      .windowDaysPlus,
      .note, .amountMinus, .amountPlus,
      .clearEntry:
      return nil
    }
  }

  /// A full-width button: `[ Title ]` enabled, `( Title )` disabled, so plain text shows it too.
  func button(
    _ title: String, enabled: Bool = true, style: Style = .text, width: Int? = nil, anchor: ElementID? = nil
  ) -> [Span] {
    let inner = (width ?? self.width) - 4
    let text = TextFitting.truncate(TextFitting.safe(title), to: inner)
    let free = inner - TerminalWidth.of(text)
    let padded =
      String(repeating: " ", count: free / 2) + text + String(repeating: " ", count: free - free / 2)
    let (open, close) = enabled ? ("[ ", " ]") : ("( ", " )")
    let look = enabled ? style : .disabled
    return [
      Span(open, look), Span(padded, Style(look.role, bold: enabled, color: look.color)), Span(close, look),
    ].anchored(anchor)
  }

  /// A title line, centered and bold.
  func title(_ text: String) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.text(text, .title, align: .center)
    canvas.blank()
    return canvas.lines
  }

  /// A one-line text field: `[ text or placeholder   ✕ ]`. Focused, it shows the cursor: after
  /// the text, whose end stays in view however long it is; before a placeholder, which is drawn
  /// dimmed, so it does not look typed.
  func field(
    _ text: String, placeholder: String, showsClear: Bool, focused: Bool, icon: String? = nil,
    anchor: ElementID? = nil, clearAnchor: ElementID? = nil, width fieldWidth: Int? = nil
  )
    -> StyledLine
  {
    // The whole line's width: the screen's, or less beside other controls (the amount's − and +).
    let width = fieldWidth ?? self.width
    var leading: [Span] = icon.map { [Span($0 + " ", .secondary)] } ?? []
    let trailing = showsClear ? [Span(Self.clearMark, .secondary).anchored(clearAnchor)] : []
    let cursor = Span("▏", .accent)
    if text.isEmpty {
      if focused { leading.append(cursor) }
      leading.append(Span(TextFitting.safe(placeholder), Style(.secondary, dimmed: focused)))
    } else if focused {
      let room =
        width - 4 - StyledLine(leading).width - (trailing.isEmpty ? 0 : StyledLine(trailing).width + 1) - 1
      leading.append(Span(TextFitting.truncateHead(TextFitting.safe(text), to: room)))
      leading.append(cursor)
    } else {
      leading.append(Span(TextFitting.safe(text)))
    }
    let border: Style = focused ? .accent : .border
    var result = StyledLine("[ ", border)
    result.spans += Canvas.split(leading.anchored(anchor), trailing, width: width - 4).spans
    result.append(" ]", border)
    return result
  }

  /// `lines` dimmed with `items` in a box over their lower part (a context menu).
  func overlay(_ lines: [StyledLine], _ items: [[Span]], above: [StyledLine] = []) -> [StyledLine] {
    var canvas = Canvas(width: width)
    if !above.isEmpty {
      canvas.blank()
      canvas.add(above)
    }
    canvas.box(items.map { [StyledLine($0)] })
    return place(canvas.lines, over: lines)
  }

  /// `lines` dimmed with an action sheet at the bottom: the question, then confirm and cancel.
  func actionSheet(
    _ lines: [StyledLine], question: String, detail: String?, confirm: String, cancel: String,
    anchors: (confirm: ElementID, cancel: ElementID) = (.confirm, .cancel)
  ) -> [StyledLine] {
    place(
      actionSheetLines(
        question: question, detail: detail, confirm: confirm, cancel: cancel, anchors: anchors),
      over: lines)
  }

  /// An action sheet's own lines: the question (and its detail), confirm, and cancel apart.
  func actionSheetLines(
    question: String, detail: String?, confirm: String, cancel: String,
    anchors: (confirm: ElementID, cancel: ElementID) = (.confirm, .cancel)
  ) -> [StyledLine] {
    var sheet = Canvas(width: width)
    var header = Canvas(width: width - 4)
    header.wrapped(question, .secondary, align: .center)
    if let detail { header.wrapped(detail, .secondary, align: .center) }
    var confirmLine = Canvas(width: width - 4)
    confirmLine.text(confirm, .destructive, align: .center, anchor: anchors.confirm)
    var cancelLine = Canvas(width: width - 4)
    cancelLine.text(cancel, Style(.accent, bold: true), align: .center, anchor: anchors.cancel)
    sheet.box([header.lines, confirmLine.lines])
    sheet.box([cancelLine.lines])
    return sheet.lines
  }

  /// `lines` dimmed with an alert box in their middle: the title, the reason, the buttons.
  func alert(_ alert: AlertState, over lines: [StyledLine]) -> [StyledLine] {
    var header = Canvas(width: width - 4)
    header.wrapped(alert.title, .title, align: .center)
    header.wrapped(alert.message, .text, align: .center)
    var buttons = Canvas(width: width - 4)
    for button in alert.buttons {
      buttons.text(button.title, Style(.accent, bold: true), align: .center, anchor: .ok)
    }
    var box = Canvas(width: width)
    box.box([header.lines, buttons.lines])
    var result = lines.map(\.dimmed)
    guard result.count >= box.lines.count + 2 else { return result + [StyledLine()] + box.lines }
    let start = (result.count - box.lines.count) / 2
    for (offset, line) in box.lines.enumerated() { result[start + offset] = line }
    return result
  }

  /// `top` over the lower part of `lines`, which are dimmed; on a short screen `top` goes under
  /// it instead, so the screen it belongs to stays in view.
  private func place(_ top: [StyledLine], over lines: [StyledLine]) -> [StyledLine] {
    var result = lines.map(\.dimmed)
    guard result.count >= top.count + 8 else { return result + [StyledLine()] + top }
    let start = result.count - top.count - 1
    for (offset, line) in top.enumerated() { result[start + offset] = line }
    return result
  }

  /// The tab bar: a rule, then the three tabs, the selected one marked ◉. Each tab sits in its
  /// third of the width when its title fits there; in a narrower window (down to the 32 columns
  /// of `minimumWidth`) the tabs keep their whole titles side by side, the unselected ones losing
  /// their ○ first, so no title is ever cut short.
  func tabBar(_ tabBar: AppView.TabBar?) -> [StyledLine] {
    guard let tabBar else { return [] }
    var canvas = Canvas(width: width)
    canvas.add(StyledLine(String(repeating: "─", count: width), .border))
    let tabs: [(title: String, isSelected: Bool, anchor: ElementID)] = [
      (TextFitting.safe(tabBar.trackersTitle), tabBar.selected == .trackers, .tab(.trackers)),
      (TextFitting.safe(tabBar.statisticsTitle), tabBar.selected == .statistics, .tab(.statistics)),
      (TextFitting.safe(tabBar.settingsTitle), tabBar.selected == .settings, .tab(.settings)),
    ]
    func spans(_ tab: (title: String, isSelected: Bool, anchor: ElementID), marked: Bool, room: Int) -> [Span]
    {
      let mark = tab.isSelected ? [Span("◉ ", .accent)] : marked ? [Span("○ ", .secondary)] : []
      let title = TextFitting.truncate(tab.title, to: max(1, room - StyledLine(mark).width))
      return (mark + [Span(title, tab.isSelected ? Style(.accent, bold: true) : .secondary)]).anchored(
        tab.anchor)
    }
    let third = width / 3
    let natural = tabs.map { 2 + TerminalWidth.of($0.title) }
    var line = StyledLine([])
    if natural.allSatisfy({ $0 <= third - 1 }) {
      // Three tabs side by side, each centered in its third.
      for (index, tab) in tabs.enumerated() {
        var cell = Canvas(width: third)
        cell.spans(spans(tab, marked: true, room: third - 1), align: .center)
        line.append(String(repeating: " ", count: max(0, index * third - line.width)))
        line.spans += cell.lines[0].spans
      }
    } else {
      // Whole titles, the room left shared out between them as gaps.
      let marked = natural.reduce(0, +) + 2 <= width
      let parts = tabs.map { StyledLine(spans($0, marked: marked, room: width)) }
      let free = max(0, width - parts.reduce(0) { $0 + $1.width })
      let gap = free / 2
      for (index, part) in parts.enumerated() {
        if index > 0 { line.append(String(repeating: " ", count: index == 1 ? gap : free - gap)) }
        line.spans += part.spans
      }
    }
    canvas.add(line)
    return canvas.lines
  }

  /// A picture and a text in the middle of the screen.
  func placeholder(_ picture: String, _ text: String) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.blank()
    canvas.text(picture, align: .center)
    canvas.wrapped(text, align: .center)
    canvas.blank()
    return canvas.lines
  }
}
