import TodoViewModels
import TrackerAutomation
import TrackerModels
import TrackerViewModels

extension ScreenRenderer {
  /// The green under a done task (seed 003: "с зеленым задним фоном"); plain text shows its ✓.
  static let doneGreen = TrackerColor(rgb: 0x33CF69)

  /// The text of the to-do app's `view` in `format`, in the light theme whichever is asked for:
  /// the seed has a light mode only.
  public func render(_ view: TodoFlow.View, format: OutputFormat = .plain) -> String {
    format.lightOnly.encode(lines(for: view))
  }

  /// The lines that stay in place when a short terminal scrolls the list: its title line.
  public func pinnedLines(for view: TodoFlow.View) -> (top: Int, bottom: Int) {
    view.form == nil && view.alert == nil && view.list.deleteQuestion == nil ? (1, 0) : (0, 0)
  }

  /// The lines of the to-do app's `view`: the list, or the form over its first line.
  public func lines(for view: TodoFlow.View) -> [StyledLine] {
    var lines: [StyledLine]
    if let form = view.form {
      lines = todoList(view.list).prefix(1).map(\.dimmed)
      var canvas = Canvas(width: width)
      canvas.text("──", .border, align: .center)
      lines += canvas.lines + todoForm(form, focused: view.focusedField)
    } else if let question = view.list.deleteQuestion {
      lines = todoList(view.list, asking: question)
    } else {
      lines = todoList(view.list)
    }
    guard let alert = view.alert else { return lines }
    return self.alert(alert, over: lines)
  }

  /// The list: title and "+", the load's state, the tasks newest first (done ones ✓ on green).
  func todoList(_ state: TodoListViewModel.State) -> [StyledLine] {
    todoListParts(state).reduce([], +)
  }

  /// The list in parts: the header (title, load state, placeholder), then one box per row.
  func todoListParts(_ state: TodoListViewModel.State) -> [[StyledLine]] {
    var canvas = Canvas(width: width)
    canvas.split([Span(state.title, .title)], [Span("+", Style(.accent, bold: true)).anchored(.add)])
    canvas.blank()
    if let loading = state.loadingText { canvas.text(loading, .secondary, align: .center) }
    if let failure = state.loadFailure {
      canvas.box([
        [StyledLine(failure.title, Style(.destructive, bold: true))]
          + TextFitting.wrap(TextFitting.safe(failure.reason), to: width - 4).map {
            StyledLine($0, .secondary)
          }
      ])
      canvas.spans(button(failure.retryTitle, anchor: .retry))
      canvas.blank()
    }
    if let placeholder = state.placeholder { canvas.add(self.placeholder("📝", placeholder)) }
    var parts = [canvas.lines]
    for row in state.rows {
      var canvas = Canvas(width: width)
      let look = row.isDone ? Style(.text, background: Self.doneGreen) : .text
      let mark = row.isDone ? "✓ " : "  "
      var group: [StyledLine] = []
      let anchor = ElementID.todo(row.title ?? row.text)
      if let title = row.title {
        group.append(
          StyledLine(
            [
              Span(mark, look),
              Span(
                TextFitting.truncate(TextFitting.safe(title), to: width - 6),
                Style(look.role, bold: true, background: look.background)),
            ].anchored(anchor)))
      }
      // A text keeps its line breaks: each line is wrapped on its own.
      let textLines = row.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
        TextFitting.wrap(TextFitting.safe(String($0)), to: width - 6)
      }
      for (index, line) in textLines.enumerated() {
        let prefix = row.title == nil && index == 0 ? mark : "  "
        group.append(StyledLine([Span(prefix, look), Span(line, look)].anchored(anchor)))
      }
      canvas.box(
        [group], border: row.isDone ? Style(.text, color: Self.doneGreen) : .border,
        fill: row.isDone ? Self.doneGreen : nil)
      parts.append(canvas.lines)
    }
    return parts
  }

  /// The list dimmed with the swiped task lifted and its delete question right under it, so the
  /// question is read next to the task it is about (at the bottom when the task is not listed).
  private func todoList(_ state: TodoListViewModel.State, asking question: TodoListViewModel.DeleteQuestion)
    -> [StyledLine]
  {
    let sheet = actionSheetLines(
      question: question.question, detail: question.taskName, confirm: question.confirmTitle,
      cancel: question.cancelTitle)
    let parts = todoListParts(state)
    guard let index = state.rows.firstIndex(where: { $0.id == question.taskID }) else {
      return actionSheet(
        todoList(state), question: question.question, detail: question.taskName,
        confirm: question.confirmTitle, cancel: question.cancelTitle)
    }
    // parts[0] is the header; the rows follow in order.
    let row = index + 1
    var lines: [StyledLine] = []
    for (offset, part) in parts.enumerated() {
      lines += offset == row ? part : part.map(\.dimmed)
      if offset == row { lines += sheet }
    }
    return lines
  }

  /// The new or edit form: title, text, the done switch (edit), the error, Cancel and Done/Save.
  func todoForm(_ state: TodoFormViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(title(state.screenTitle))
    canvas.add(
      field(
        state.title, placeholder: state.titlePlaceholder, showsClear: false, focused: focused == .title,
        anchor: .field(.title)))
    canvas.blank()
    canvas.box([textBox(state, focused: focused == .text)], border: focused == .text ? .accent : .border)
    if let error = state.error { canvas.wrapped(error, .destructive, align: .center) }
    if let completed = state.completedTitle {
      canvas.blank()
      let toggle = state.isCompleted ? Span("[ ●]", .accent) : Span("[○ ]", .secondary)
      canvas.split([Span(completed).anchored(.completed)], [toggle.anchored(.completed)])
    }
    canvas.blank()
    let half = (width - 1) / 2
    canvas.spans(
      button(state.cancelTitle, style: .destructive, width: half, anchor: .cancel) + [Span(" ")]
        // A new task's form says Done (`done`), an edited one's Save (`save`): only the edit form
        // has the done switch.
        + button(
          state.saveTitle, enabled: state.isSaveEnabled && !state.isSaving, width: width - half - 1,
          anchor: state.completedTitle == nil ? .done : .save))
    return canvas.lines
  }

  /// The text box's lines: the text with its line breaks (an empty line kept), or the placeholder.
  /// Focused, the cursor follows the text's last character (on the next line only when the last
  /// line is full), or comes before the placeholder, as in a one-line field.
  private func textBox(_ state: TodoFormViewModel.State, focused: Bool) -> [StyledLine] {
    let anchor = ElementID.field(.text)
    let cursor = Span("▏", .accent).anchored(anchor)
    guard !state.text.isEmpty else {
      let placeholder = Span(TextFitting.safe(state.textPlaceholder), Style(.secondary, dimmed: focused))
        .anchored(anchor)
      return [StyledLine(focused ? [cursor, placeholder] : [placeholder])]
    }
    let room = width - 4
    var lines = state.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      line -> [StyledLine] in
      let wrapped = TextFitting.wrap(TextFitting.safe(String(line)), to: room).map {
        StyledLine([Span($0).anchored(anchor)])
      }
      return wrapped.isEmpty ? [StyledLine([Span("").anchored(anchor)])] : wrapped
    }
    guard focused else { return lines }
    if let last = lines.last, last.width < room {
      lines[lines.count - 1].spans.append(cursor)
    } else {
      lines.append(StyledLine([cursor]))
    }
    return lines
  }
}
