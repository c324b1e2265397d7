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
        default:
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
      default:
        break
      }
      return element
    }
  }
}
