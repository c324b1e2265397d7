import TrackerAutomation
import TrackerViewModels

extension ScreenRenderer {
  /// The mark a grid cell shows after its day number: every state its own, told apart without
  /// color (docs/decisions.md, "Grid marks without color").
  static func mark(_ mark: DetailViewModel.Cell.Mark) -> String {
    switch mark {
    case .done: return "✓"
    case .missed: return "✗"
    case .notDue: return "·"
    case .dueToday: return "•"
    case .beforeFirstDay: return "○"
    case .future: return "…"
    case .dayOff: return "–"
    }
  }

  /// A tracker's detail: pushed over the main screen, with a back button.
  func detail(_ state: DetailViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.spans([Span("‹ " + state.backTitle, .accent).anchored(.back)])
    canvas.blank()
    canvas.text(TextFitting.safe(state.emoji), align: .center)
    canvas.wrapped(TextFitting.safe(state.name), .title, align: .center, maxLines: 2, indent: 1)
    canvas.wrapped(
      TextFitting.safe(state.categoryTitle) + " · " + state.scheduleText, .secondary, align: .center,
      maxLines: 2,
      indent: 1)
    canvas.blank()
    for figure in state.figures {
      canvas.add(Canvas.split([Span(" " + figure.label)], [Span(figure.value + " ", .title)], width: width))
    }
    canvas.blank()
    // Seven 4-column cells: a day number, right-aligned, and its mark.
    let indent = max(0, (width - 28) / 2)
    canvas.spans(
      state.weekdayTitles.map { Span(TextFitting.pad(" " + $0, to: 4), .secondary) }, indent: indent)
    for week in state.weeks {
      let cells = week.map { cell -> [Span] in
        // A day with a note shows ✎ before its number, in the cell's own first column (issue 32).
        let lead = cell.hasNote ? Self.noteMark : " "
        let number = cell.dayOfMonth.count == 1 ? " " + lead + cell.dayOfMonth : lead + cell.dayOfMonth
        let numberStyle: Style
        switch cell.mark {
        case .future, .beforeFirstDay: numberStyle = cell.isEnabled ? .secondary : .disabled
        case .done, .missed, .dueToday, .notDue, .dayOff: numberStyle = Style(.text, bold: cell.isToday)
        }
        let markStyle: Style
        switch cell.mark {
        case .done: markStyle = Style(.text, bold: true, color: state.color)
        case .missed: markStyle = .destructive
        case .dueToday, .notDue, .beforeFirstDay, .future, .dayOff: markStyle = .secondary
        }
        return [Span(number, numberStyle), Span(Self.mark(cell.mark), markStyle)].anchored(
          .day(cell.day))
      }
      canvas.spans(Array(cells.joined()), indent: indent)
    }
    canvas.blank()
    // The legend's items side by side, never one broken over two lines.
    var legendLines: [String] = []
    var legend = state.legend.map { Self.mark($0.mark) + " " + TextFitting.safe($0.text) }
    // The note's mark, while the grid shows one.
    if state.weeks.joined().contains(where: \.hasNote) {
      legend.append(Self.noteMark + " " + TextFitting.safe(state.noteLegend))
    }
    for item in legend {
      if let last = legendLines.last, TerminalWidth.of(last + "   " + item) <= width - 2 {
        legendLines[legendLines.count - 1] = last + "   " + item
      } else {
        legendLines.append(TextFitting.truncate(item, to: width - 2))
      }
    }
    for line in legendLines { canvas.text(line, .secondary, align: .center) }
    canvas.blank()
    canvas.add(detailAmounts(state))
    canvas.add(detailEntries(state))
    if let chart = state.chart { canvas.add(detailChart(chart, color: state.color)) }
    canvas.spans(button(state.noteTitle, anchor: .note))
    canvas.spans(button(state.editTitle, anchor: .edit))
    canvas.spans(button(state.deleteTitle, style: .destructive, anchor: .delete))
    canvas.blank()
    return canvas.lines
  }
}
