import TodoViewModels
import TrackerLocalization
import TrackerViewModels

/// What each element of the to-do list is called when it has the focus, as the tracker's
/// (`ElementTree.spokenElements`): its words, what it is about and its state, and why it cannot
/// be used when it cannot.
extension TodoFlow {
  /// `elements` of `view`, each with its spoken label and, when disabled, the reason.
  func spoken(_ elements: [Element], in view: View) -> [Element] {
    let localizer = environment.localizer
    return elements.map { element in
      var element = element
      if let alert = view.alert {
        element.spokenLabel = element.label + ": " + alert.title
        return element
      }
      if let form = view.form {
        switch element.identifier {
        case .field(.title):
          if !form.title.isEmpty { element.spokenLabel = form.titlePlaceholder + ": " + form.title }
        case .field(.text):
          if !form.text.isEmpty { element.spokenLabel = form.textPlaceholder + ": " + form.text }
        case .completed:
          element.spokenLabel = localizer.text(
            form.isCompleted ? .spokenOn(label: element.label) : .spokenOff(label: element.label))
        case .ok, .confirm, .cancel, .done, .save, .add, .edit, .delete, .field, .clear, .tab, .start, .date,
          .filters, .card, .complete, .pin, .unpin, .moveUp, .moveDown, .archive, .scope, .unarchive,
          .section, .dayOff,
          .cancelDayOff, .habit, .event, .categoryRow,
          .scheduleRow, .daysMinus, .daysPlus, .addReminder, .formReminder, .removeReminder, .emoji, .color,
          .create, .discard, .keepEditing, .category,
          .addCategory, .weekday, .filter, .previousMonth, .nextMonth, .day, .back, .reminder, .reminderTime,
          .dayStart, .sync, .hour, .allow, .notNow, .retry, .todo, .measure, .direction, .targetPeriod,
          .scheduleKind,
          .quotaMinus,
          .quotaPlus, .windowDaysMinus, .windowDaysPlus, .note, .amountMinus, .amountPlus, .clearEntry:
          if !element.isEnabled {
            element.unavailableReason =
              form.isSaving
              ? localizer.text(.spokenReasonSaving) : form.error ?? localizer.text(.todoErrorEmptyText)
          }
        }
        return element
      }
      if let question = view.list.deleteQuestion {
        element.spokenLabel = element.label + ": " + question.taskName
        return element
      }
      switch element.identifier {
      case .add: element.spokenLabel = view.list.addAccessibilityLabel
      case .todo, .measure, .direction, .targetPeriod, .scheduleKind, .quotaMinus, .quotaPlus,
        .windowDaysMinus,
        .windowDaysPlus:
        let name = element.label.split(separator: "\n").first.map(String.init) ?? element.label
        element.spokenLabel = element.isChecked == true ? name + ", " + localizer.text(.spokenDone) : name
      case .ok, .confirm, .cancel, .done, .save, .edit, .delete, .field, .clear, .tab, .start, .date,
        .filters, .card, .complete, .pin, .unpin, .moveUp, .moveDown, .archive, .scope, .unarchive, .section,
        .dayOff,
        .cancelDayOff, .habit, .event, .categoryRow,
        .scheduleRow, .daysMinus, .daysPlus, .addReminder, .formReminder, .removeReminder, .emoji, .color,
        .create, .discard, .keepEditing, .category,
        .addCategory, .weekday, .filter, .previousMonth, .nextMonth, .day, .back, .reminder, .reminderTime,
        .dayStart, .sync, .hour, .allow, .notNow, .completed, .retry, .note, .amountMinus, .amountPlus,
        .clearEntry:
        break
      }
      return element
    }
  }
}
