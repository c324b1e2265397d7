import Foundation
import TodoModels
import TrackerViewModels

/// What acting on an element of the to-do list does (`TodoFlow.send`).
public enum TodoAction: Hashable, Sendable {
  // Anywhere
  /// OK on the alert over the screen.
  case dismissAlert
  /// Puts the text cursor into a field.
  case focus(InputField)
  /// The user typed: `field` holds `text` now (a field not on screen ignores it).
  case textChanged(InputField, String)

  // The list and its form
  /// "+": the new task form.
  case addTask
  /// A task's row: its edit screen.
  case openTask(UUID)
  /// A task's row swiped to the left: the delete question.
  case askToDeleteTask(UUID)
  /// Delete in the task's question.
  case confirmTaskDeletion
  /// Cancel in the task's question.
  case cancelTaskDeletion
  /// "Try again" after a failed load.
  case retryLoading
  /// The edit screen's "done" switch.
  case toggleTaskDone
  /// Done (new task) or Save (edit).
  case saveTask
  /// Cancel on the task form.
  case cancelTaskForm
}
