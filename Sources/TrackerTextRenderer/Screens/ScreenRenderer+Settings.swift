import TrackerAutomation
import TrackerViewModels

extension ScreenRenderer {
  /// The settings tab: the reminder's switch and, while it is on, its time; the day start; the sync.
  func settings(_ state: SettingsViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.blank()
    canvas.text(state.title, Style(.text, bold: true))
    // The rows show what is stored: nothing until it is read.
    guard state.isRead else { return canvas.lines }
    canvas.blank()
    let toggle = state.isReminderOn ? Span("[ ●]", .accent) : Span("[○ ]", .secondary)
    var rows = [
      [
        Canvas.split(
          [Span(state.reminderTitle).anchored(.reminder)], [toggle.anchored(.reminder)], width: width - 4)
      ]
    ]
    if state.isReminderOn {
      rows.append([
        Canvas.split(
          [Span(state.timeTitle)], [Span(state.timeText + " ›", .secondary).anchored(.reminderTime)],
          width: width - 4)
      ])
    }
    canvas.box(rows)
    if let note = state.deniedNote { canvas.wrapped(note, .secondary, align: .center, indent: 1) }
    canvas.blank()
    canvas.box([
      [
        Canvas.split(
          [Span(state.dayStartTitle).anchored(.dayStart)], [Span("›", .secondary)], width: width - 4)
      ]
    ])
    canvas.blank()
    // The sync row: too long for one line, the folder and the last sync go on lines of their
    // own (each wrapped); how to turn sync on, a clock ahead and a failed sync below it.
    let title = TextFitting.safe(state.syncTitle)
    let parts = TerminalWidth.of(title) <= width - 4 ? [title] : Self.syncParts(title)
    canvas.box([
      parts.flatMap { TextFitting.wrap($0, to: width - 4, maxLines: 3) }.map {
        StyledLine([Span($0).anchored(.sync)])
      }
    ])
    for line in (state.syncHint ?? "").split(separator: "\n") {
      canvas.wrapped(String(line), .secondary, indent: 1)
    }
    for warning in state.syncWarnings { canvas.wrapped(warning, .destructive, indent: 1) }
    canvas.blank()
    // The archived trackers (issue 49), each with the button that brings it back.
    canvas.text(" " + TextFitting.safe(state.archivedTitle), .secondary)
    if !state.archived.isEmpty {
      canvas.box(
        state.archived.map { row in
          let button = "[" + TextFitting.safe(row.restoreTitle) + "]"
          let name = TextFitting.safe(row.emoji + " " + row.name)
          return [
            Canvas.split(
              [Span(TextFitting.truncate(name, to: max(1, width - 5 - TerminalWidth.of(button))))],
              [Span(button, .accent).anchored(.unarchive(row.name))], width: width - 4)
          ]
        })
    }
    canvas.blank()
    return canvas.lines
  }

  /// "Sync: DIR · last synced 12:03" as "Sync: DIR ·" and "last synced 12:03".
  static func syncParts(_ title: String) -> [String] {
    let parts = title.components(separatedBy: " · ")
    return parts.enumerated().map { $0.offset < parts.count - 1 ? $0.element + " ·" : $0.element }
  }

  /// The day start sheet: the hours, the current one checked (as the filters' list).
  func dayStart(_ state: DayStartViewModel.State) -> [StyledLine] {
    checkedList(
      state.title, state.rows.map { ($0.title, $0.isChecked, .hour($0.start.hour)) })
  }

  /// The explanation before the system's permission question.
  func permission(_ state: PermissionViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.blank()
    canvas.text("🔔", align: .center)
    canvas.blank()
    canvas.wrapped(state.text, .title, align: .center, maxLines: 4, indent: 2)
    canvas.blank(2)
    canvas.spans(button(state.allowTitle, anchor: .allow))
    canvas.spans(button(state.notNowTitle, style: .secondary, anchor: .notNow))
    canvas.blank()
    return canvas.lines
  }

  /// The reminder's time sheet: one HH:MM field and Done.
  func timePicker(_ state: TimePickerViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.title))
    canvas.add(
      field(
        state.text, placeholder: state.placeholder, showsClear: false, focused: focused == .time,
        anchor: .field(.time)))
    if let error = state.error { canvas.wrapped(error, .destructive, align: .center) }
    canvas.blank(3)
    canvas.spans(button(state.doneTitle, enabled: state.isDoneEnabled, anchor: .done))
    return canvas.lines
  }
}
