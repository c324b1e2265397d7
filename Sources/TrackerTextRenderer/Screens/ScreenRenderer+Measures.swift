import TrackerAutomation
import TrackerModels
import TrackerViewModels

// Issue 32: the amount and note sheets, and the detail's notes, amounts and chart.
extension ScreenRenderer {
  /// How the detail's grid marks a day with a note: before its number (docs/decisions.md).
  public static let noteMark = "✎"
  /// The eighths of a bar, from one eighth to a full cell.
  static let barBlocks: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  /// How the chart's target line is drawn where no bar reaches.
  static let targetLine = "┈"
  /// The chart's height in lines.
  static let chartHeight = 5

  /// The amount sheet: the tracker, the day and the goal, `[−] [ amount ] [+]`, the error, Clear
  /// and Save.
  func amountSheet(_ state: AmountViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.wrapped(state.title, .title, align: .center, maxLines: 2, indent: 1)
    canvas.text(state.dateText, .secondary, align: .center)
    // Wrapped: a week's target with a long unit says "a week" whole at 40 columns (issue 49).
    canvas.wrapped(state.goalText, .secondary, align: .center, maxLines: 3)
    canvas.blank()
    let minus = Span(state.isMinusEnabled ? "[−]" : "(−)", state.isMinusEnabled ? .accent : .disabled)
    let plus = Span(state.isPlusEnabled ? "[+]" : "(+)", state.isPlusEnabled ? .accent : .disabled)
    var line = field(
      state.text, placeholder: state.placeholder, showsClear: false, focused: focused == .amount,
      anchor: .field(.amount), width: width - 8)
    line.spans =
      [minus.anchored(.amountMinus), Span(" ")] + line.spans + [Span(" "), plus.anchored(.amountPlus)]
    canvas.add(line)
    canvas.text(state.unit, .secondary, align: .center)
    if let error = state.error { canvas.wrapped(error, .destructive, align: .center) }
    canvas.blank(2)
    canvas.spans(
      button(
        state.clearTitle, enabled: state.isClearEnabled && !state.isSaving, style: .destructive,
        anchor: .clearEntry))
    canvas.spans(button(state.saveTitle, enabled: state.isSaveEnabled && !state.isSaving, anchor: .save))
    return canvas.lines
  }

  /// The note sheet: the title, the tracker and the day, the text over several lines (its
  /// placeholder while empty), the error, Clear and Save.
  func noteSheet(_ state: NoteViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.title))
    canvas.wrapped(state.subtitle, .secondary, align: .center, maxLines: 2, indent: 1)
    canvas.blank()
    let isFocused = focused == .noteText
    let border: Style = isFocused ? .accent : .border
    var body: [StyledLine] = []
    if state.text.isEmpty {
      body = [
        StyledLine([
          Span(isFocused ? "▏" : "", .accent), Span(state.placeholder, Style(.secondary, dimmed: isFocused)),
        ])
      ]
    } else {
      let lines = state.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
        TextFitting.wrap(TextFitting.safe(String($0)), to: width - 5).map { $0.isEmpty ? " " : $0 }
      }
      body = lines.map { StyledLine($0) }
      if isFocused { body[body.count - 1].append("▏", .accent) }
    }
    while body.count < 4 { body.append(StyledLine()) }
    var boxed = Canvas(width: width)
    boxed.box([body], border: border)
    var drawn = boxed.lines
    // The text's first line stands for the field, so the focus is found on it.
    if drawn.count > 1 { drawn[1].spans = drawn[1].spans.anchored(.field(.noteText)) }
    canvas.add(drawn)
    if let error = state.error { canvas.wrapped(error, .destructive, align: .center) }
    canvas.blank()
    canvas.spans(
      button(
        state.clearTitle, enabled: state.isClearEnabled && !state.isSaving, style: .destructive,
        anchor: .clearEntry))
    canvas.spans(button(state.saveTitle, enabled: state.isSaveEnabled && !state.isSaving, anchor: .save))
    return canvas.lines
  }

  /// A measurable tracker's amounts of the grid's weeks: a table under the weekdays, one row a
  /// week, each amount right-aligned in its day's column ("–" for none); where seven columns do
  /// not fit, each week on its own lines after its date.
  func detailAmounts(_ state: DetailViewModel.State) -> [StyledLine] {
    guard !state.amountWeeks.isEmpty else { return [] }
    var canvas = Canvas(width: width)
    canvas.text(state.amountsTitle, Style(.text, bold: true), indent: 1)
    let widest = state.amountWeeks.flatMap(\.amounts).map(TerminalWidth.of).max() ?? 1
    let cell = max(4, widest + 1)
    if cell * 7 <= width - 2 {
      let indent = max(1, (width - cell * 7) / 2)
      canvas.spans(
        state.weekdayTitles.map {
          Span(String(repeating: " ", count: max(0, cell - TerminalWidth.of($0))) + $0, .secondary)
        }, indent: indent)
      for week in state.amountWeeks {
        canvas.spans(
          week.amounts.map {
            Span(
              String(repeating: " ", count: cell - TerminalWidth.of($0)) + $0, $0 == "–" ? .secondary : .text)
          }, indent: indent)
      }
    } else {
      for week in state.amountWeeks {
        canvas.text(week.dateText, .secondary, indent: 1)
        canvas.wrapped(week.amounts.joined(separator: "  "), indent: 3)
      }
    }
    canvas.blank()
    return canvas.lines
  }

  /// The detail's notes of the window, under the legend: "3 Dec  12.5 km  ran in the rain", a
  /// note's further lines indented under its first.
  func detailEntries(_ state: DetailViewModel.State) -> [StyledLine] {
    guard !state.entries.isEmpty else { return [] }
    var canvas = Canvas(width: width)
    canvas.text(state.entriesTitle, Style(.text, bold: true), indent: 1)
    let dateWidth = state.entries.map { TerminalWidth.of($0.dateText) }.max() ?? 0
    let room = max(8, width - 2 - dateWidth - 2)
    for entry in state.entries {
      let lines =
        (entry.amountText.map { [$0] } ?? [])
        + (entry.note ?? "").split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
      let wrapped = lines.flatMap { TextFitting.wrap(TextFitting.safe($0), to: room) }
      for (index, line) in wrapped.enumerated() {
        let date =
          index == 0
          ? TextFitting.pad(entry.dateText, to: dateWidth) : String(repeating: " ", count: dateWidth)
        canvas.spans([Span(date + "  ", .secondary), Span(line)], indent: 1)
      }
    }
    canvas.blank()
    return canvas.lines
  }

  /// A measurable tracker's last 12 weeks as bars of block characters (two columns a week), the
  /// weekly target as a dotted line where no bar reaches, then the first and last week's dates and
  /// what the line means.
  func detailChart(_ chart: DetailViewModel.Chart, color: TrackerColor) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.text(chart.title, Style(.text, bold: true), indent: 1)
    let height = Self.chartHeight
    let top = max(chart.target.thousandths, chart.weeks.map(\.total.thousandths).max() ?? 0, 1)
    // Eighths of a line: a bar of `top` fills every line.
    func eighths(_ value: Int) -> Int { (value * height * 8 + top / 2) / top }
    let targetRow = min(height - 1, max(0, (eighths(chart.target.thousandths) - 1) / 8))
    let chartWidth = chart.weeks.count * 3 - 1
    let indent = max(1, (width - chartWidth) / 2)
    for row in (0..<height).reversed() {
      var spans: [Span] = []
      for (index, week) in chart.weeks.enumerated() {
        let fill = min(8, max(0, eighths(week.total.thousandths) - row * 8))
        let isTarget = row == targetRow
        let cell: Span
        if fill > 0 {
          cell = Span(String(repeating: Self.barBlocks[fill - 1], count: 2), Style(.text, color: color))
        } else {
          cell = Span(isTarget ? Self.targetLine + Self.targetLine : "  ", .secondary)
        }
        spans.append(cell)
        if index < chart.weeks.count - 1 { spans.append(Span(isTarget ? Self.targetLine : " ", .secondary)) }
      }
      canvas.spans(spans, indent: indent)
    }
    canvas.add(
      Canvas.split(
        [Span(String(repeating: " ", count: indent) + chart.firstWeekText, .secondary)],
        [
          Span(
            chart.lastWeekText + String(repeating: " ", count: max(0, width - indent - chartWidth)),
            .secondary)
        ],
        width: width))
    canvas.wrapped(
      Self.targetLine + Self.targetLine + " " + chart.targetText, .secondary, align: .center, maxLines: 3)
    canvas.blank()
    return canvas.lines
  }
}
