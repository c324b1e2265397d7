import TrackerAutomation
import TrackerModels
import TrackerViewModels

extension ScreenRenderer {
  func typePicker(_ state: TypePickerViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.title))
    canvas.blank(3)
    canvas.spans(button(state.habitTitle, anchor: .habit))
    canvas.blank()
    canvas.spans(button(state.eventTitle, anchor: .event))
    canvas.blank(3)
    return canvas.lines
  }

  /// The pad under the chosen emoji: the design's Light gray, the same in both themes.
  static let emojiPad = TrackerColor(rgb: 0xE6E8EB)

  func trackerForm(_ state: TrackerFormViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.title))
    canvas.add(
      field(
        state.name, placeholder: state.namePlaceholder, showsClear: state.isClearVisible,
        focused: focused == .name, anchor: .field(.name), clearAnchor: .clear(.name)))
    if let error = state.nameError { canvas.wrapped(error, .destructive, align: .center) }
    canvas.blank()
    var rows: [[StyledLine]] = [row(state.categoryTitle, state.categoryValue, anchor: .categoryRow)]
    if state.hasSchedule { rows.append(row(state.scheduleTitle, state.scheduleValue, anchor: .scheduleRow)) }
    canvas.box(rows)
    canvas.blank()
    measure(state.measure, focused: focused, into: &canvas)
    reminders(state.reminders, into: &canvas)
    if let counter = state.dayCounter {
      canvas.spans(
        [
          Span(counter.isMinusEnabled ? "[−]" : "(−)", counter.isMinusEnabled ? .accent : .disabled)
            .anchored(.daysMinus),
          Span("  " + counter.text + "  ", Style(.text, bold: true)),
          Span("[+]", .accent).anchored(.daysPlus),
        ], align: .center)
      canvas.blank()
    }
    canvas.text(state.emojiTitle, Style(.text, bold: true), indent: 1)
    // Seed 000: the chosen emoji sits on a pad (a background), the chosen color has a border. The
    // pad's half blocks give it edges and show it in plain text, where brackets mean a border.
    for row in stride(from: 0, to: state.emojis.count, by: 6) {
      let cells = state.emojis[row..<min(row + 6, state.emojis.count)].enumerated().map {
        offset, item -> [Span] in
        let emoji = TextFitting.safe(item.emoji)
        let anchor = ElementID.emoji(row + offset + 1)
        guard item.isSelected else { return [Span(" " + emoji + " ").anchored(anchor)] }
        let edge = Style(.text, color: Self.emojiPad)
        return [Span("▐", edge), Span(emoji, Style(.text, background: Self.emojiPad)), Span("▌", edge)]
          .anchored(anchor)
      }
      canvas.spans(Array(cells.map { $0 + [Span(" ")] }.joined().dropLast()), align: .center)
    }
    canvas.blank()
    canvas.text(state.colorTitle, Style(.text, bold: true), indent: 1)
    for row in stride(from: 0, to: state.colors.count, by: 6) {
      let cells = state.colors[row..<min(row + 6, state.colors.count)].enumerated().map {
        offset, item -> [Span] in
        let swatch = Span(Self.swatch, Style(.text, color: item.color)).anchored(.color(row + offset + 1))
        return item.isSelected
          ? [Span("[", .text), swatch, Span("]", .text)] : [Span(" "), swatch, Span(" ")]
      }
      canvas.spans(Array(cells.map { $0 + [Span(" ")] }.joined().dropLast()), align: .center)
    }
    canvas.blank()
    let half = (width - 1) / 2
    var buttons = StyledLine(button(state.cancelTitle, style: .destructive, width: half, anchor: .cancel))
    buttons.append(" ")
    buttons.spans += button(
      state.createTitle, enabled: state.isCreateEnabled && !state.isSaving, width: half, anchor: .create)
    canvas.add(buttons)
    return canvas.lines
  }

  // Issue 32: form
  /// The form's measure section: its title, Yes/No and Measurable, then, for Measurable, the unit
  /// and target fields (each with its error under it, as the name's) and at least / at most.
  private func measure(
    _ fields: TrackerFormViewModel.MeasureFields, focused: InputField?, into canvas: inout Canvas
  ) {
    canvas.text(fields.title, Style(.text, bold: true), indent: 1)
    canvas.spans(options(fields.kinds.map { ($0.title, $0.isChosen, .measure($0.value)) }), align: .center)
    canvas.blank()
    guard fields.isMeasurable else { return }
    canvas.add(
      field(
        fields.unit, placeholder: fields.unitPlaceholder, showsClear: false, focused: focused == .unit,
        icon: fields.unitTitle + ":", anchor: .field(.unit)))
    if let error = fields.unitError { canvas.wrapped(error, .destructive, align: .center) }
    canvas.add(
      field(
        fields.target, placeholder: fields.targetPlaceholder, showsClear: false, focused: focused == .target,
        icon: fields.targetTitle + ":", anchor: .field(.target)))
    if let error = fields.targetError { canvas.wrapped(error, .destructive, align: .center) }
    canvas.spans(
      options(fields.directions.map { ($0.title, $0.isChosen, .direction($0.value)) }), align: .center)
    if !fields.targetPeriods.isEmpty {
      canvas.spans(
        options(fields.targetPeriods.map { ($0.title, $0.isChosen, .targetPeriod($0.value)) }), align: .center
      )
    }
    canvas.blank()
  }

  // Issue 48: reminders
  /// The form's Reminders row: its title with "[+]", then a box of the reminders, each with its
  /// details (when not the default) and its ✕.
  private func reminders(_ section: TrackerFormViewModel.ReminderSection, into canvas: inout Canvas) {
    let add = Span(
      "[" + Self.addMark + "]", section.isAddEnabled ? Style(.accent, bold: true) : .disabled
    ).anchored(.addReminder)
    var head = StyledLine(" ")
    head.spans +=
      Canvas.split(
        [Span(TextFitting.safe(section.title), Style(.text, bold: true))], [add], width: width - 2
      ).spans
    canvas.add(head)
    if !section.rows.isEmpty {
      canvas.box([
        section.rows.map { row in
          var leading = [Span(row.text, .text).anchored(.formReminder(row.time))]
          if let details = row.details { leading.append(Span(" · " + TextFitting.safe(details), .secondary)) }
          let remove = Span(Self.clearMark, .secondary).anchored(.removeReminder(row.time))
          return Canvas.split(leading, [remove], width: width - 4)
        }
      ])
    }
    canvas.blank()
  }

  /// A choice of a few options on one line, the chosen one marked "(●)" and the others "( )", so
  /// plain text shows which.
  private func options(_ items: [(title: String, isChosen: Bool, anchor: ElementID)]) -> [Span] {
    let spans = items.map { item -> [Span] in
      let look = item.isChosen ? Style(.accent, bold: true) : Style.text
      return [Span(item.isChosen ? "(●) " : "( ) ", look), Span(TextFitting.safe(item.title), look)]
        .anchored(item.anchor)
    }
    return Array(spans.map { $0 + [Span("   ")] }.joined().dropLast())
  }

  /// A list row with its title and, under it, its value in gray; "›" at the end.
  private func row(_ title: String, _ value: String?, anchor: ElementID) -> [StyledLine] {
    var lines = [
      Canvas.split(
        [Span(TextFitting.safe(title)).anchored(anchor)], [Span("›", .secondary)], width: width - 4)
    ]
    if let value {
      lines.append(StyledLine(TextFitting.truncate(TextFitting.safe(value), to: width - 4), .secondary))
    }
    return lines
  }

  func categories(_ state: CategoryListViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.title))
    if let placeholder = state.placeholder {
      canvas.add(self.placeholder("⭐", placeholder))
      canvas.blank(2)
    } else {
      canvas.box(state.rows.map { [categoryRow($0)] })
      canvas.blank()
    }
    canvas.spans(button(state.addTitle, anchor: .addCategory))
    return canvas.lines
  }

  /// A category's row: its title, and the checkmark when it was chosen last.
  private func categoryRow(_ row: CategoryListViewModel.Row) -> StyledLine {
    Canvas.split(
      [Span(TextFitting.safe(row.title)).anchored(.category(row.title))],
      row.isChecked ? [Span("✓", .accent)] : [], width: width - 4)
  }

  /// A category's row alone in its box, lifted above its long-press menu as a card is above its own.
  func liftedCategory(_ row: CategoryListViewModel.Row) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.box([[categoryRow(row)]])
    return canvas.lines
  }

  func categoryForm(_ state: CategoryFormViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.title))
    canvas.add(
      field(
        state.text, placeholder: state.placeholder, showsClear: false, focused: focused == .title,
        anchor: .field(.title)))
    if let error = state.error { canvas.wrapped(error, .destructive, align: .center) }
    canvas.blank(3)
    canvas.spans(button(state.doneTitle, enabled: state.isDoneEnabled && !state.isSaving, anchor: .done))
    return canvas.lines
  }

  func schedule(_ state: ScheduleViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.title))
    // Issue 32: form. The kind of schedule first, then its days or its N.
    if !state.kinds.isEmpty {
      canvas.box(
        state.kinds.map { kind in
          [
            Canvas.split(
              [Span(TextFitting.safe(kind.title)).anchored(.scheduleKind(kind.kind))],
              kind.isChosen ? [Span("✓", .accent)] : [], width: width - 4)
          ]
        })
      canvas.blank()
    }
    if let quota = state.quota {
      canvas.spans(Self.stepper(quota, minus: .quotaMinus, plus: .quotaPlus), align: .center)
      // Y of N times in Y days, on a line of its own under N.
      if let days = state.windowDays {
        canvas.spans(Self.stepper(days, minus: .windowDaysMinus, plus: .windowDaysPlus), align: .center)
      }
      canvas.blank()
      canvas.spans(button(state.doneTitle, anchor: .done))
      return canvas.lines
    }
    canvas.box(
      state.rows.map { row in
        let toggle = row.isOn ? Span("[ ●]", .accent) : Span("[○ ]", .secondary)
        let anchor = ElementID.weekday(row.weekday)
        return [Canvas.split([Span(row.title).anchored(anchor)], [toggle.anchored(anchor)], width: width - 4)]
      })
    canvas.blank()
    canvas.spans(button(state.doneTitle, anchor: .done))
    return canvas.lines
  }

  func filters(_ state: FiltersViewModel.State) -> [StyledLine] {
    checkedList(state.title, state.rows.map { ($0.title, $0.isChecked, .filter($0.filter)) })
  }

  /// A sheet of rows to choose one from, the current one checked (the filters, the day start).
  func checkedList(_ title: String, _ rows: [(title: String, isChecked: Bool, anchor: ElementID)])
    -> [StyledLine]
  {
    var canvas = Canvas(width: width)
    canvas.add(self.title(title))
    canvas.box(
      rows.map { row in
        [
          Canvas.split(
            [Span(row.title).anchored(row.anchor)], row.isChecked ? [Span("✓", .accent)] : [],
            width: width - 4)
        ]
      })
    canvas.blank()
    return canvas.lines
  }

  func calendar(_ state: CalendarViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    let gridWidth = 28
    let indent = max(0, (width - gridWidth) / 2)
    var header = Canvas(width: gridWidth)
    header.split(
      [Span(state.monthTitle, Style(.text, bold: true))],
      [
        Span(Self.previousMark, .accent).anchored(.previousMonth), Span("  "),
        Span(Self.nextMark, .accent).anchored(.nextMonth),
      ])
    canvas.spans(header.lines[0].spans, indent: indent)
    canvas.blank()
    canvas.spans(
      state.weekdayTitles.map { Span(TextFitting.pad(" " + $0, to: 4), .secondary) }, indent: indent)
    for week in state.weeks {
      let cells = week.map { cell -> Span in
        guard let day = cell.day else { return Span("    ") }
        let number = cell.text.count == 1 ? " " + cell.text : cell.text
        let anchor = ElementID.day(day)
        if cell.isSelected { return Span("[" + number + "]", Style(.accent, bold: true)).anchored(anchor) }
        if cell.isToday { return Span(" " + number + "•", .accent).anchored(anchor) }
        return Span(" " + number + " ").anchored(anchor)
      }
      canvas.spans(cells, indent: indent)
    }
    canvas.blank()
    return canvas.lines
  }
}

extension ScreenRenderer {
  /// `[−]  3 times a week  [+]`: a schedule stepper, a button bracketed while it can be pressed.
  static func stepper(_ stepper: ScheduleViewModel.QuotaStepper, minus: ElementID, plus: ElementID) -> [Span]
  {
    [
      Span(stepper.isMinusEnabled ? "[−]" : "(−)", stepper.isMinusEnabled ? .accent : .disabled).anchored(
        minus),
      Span("  " + stepper.text + "  ", Style(.text, bold: true)),
      Span(stepper.isPlusEnabled ? "[+]" : "(+)", stepper.isPlusEnabled ? .accent : .disabled).anchored(plus),
    ]
  }
}
