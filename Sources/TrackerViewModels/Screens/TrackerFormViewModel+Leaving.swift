import Foundation
import TrackerModels

// Leaving the form: Cancel, Esc or a swipe, and the question a form with changes asks first
// (issue 49: nothing typed is lost to a slip of the finger).
extension TrackerFormViewModel {
  /// Call when the user tapped Cancel: nothing is saved (seed: creation 7). A form with changes
  /// asks first, as Esc and a swipe do (issue 49: nothing typed is lost to a slip of the finger).
  public func cancelTapped() {
    guard !state.isSaving else { return }
    guard hasChanges else {
      onRoute?(.close)
      return
    }
    state.discardQuestion = Self.discardQuestion(environment.localizer)
  }

  /// What the user has entered, to tell a form with changes from an untouched one.
  struct Draft: Equatable {
    var name: String
    var categoryID: UUID?
    var schedule: ScheduleChoice
    var emoji: String?
    var color: TrackerColor?
    var dayChange: Int
    var measureKind: MeasureKind
    var unit: String
    var target: String
    var direction: MeasureDirection
    var targetPeriod: TargetPeriod
    var reminders: [HabitReminder]
  }

  var currentDraft: Draft { draft(of: state) }

  /// The draft `state` and the form's other fields make.
  func draft(of state: State) -> Draft {
    Draft(
      name: state.name, categoryID: categoryID, schedule: schedule, emoji: emoji, color: color,
      dayChange: dayChange, measureKind: measureKind, unit: state.measure.unit, target: state.measure.target,
      direction: direction, targetPeriod: targetPeriod, reminders: reminders)
  }

  /// Call when the user leaves the form without Cancel (Esc, a swipe down): an untouched form
  /// closes at once; one with changes asks first, and a second Esc keeps editing.
  public func dismissRequested() {
    // A save on its way closes the form itself, or comes back with the reason it could not.
    guard !state.isSaving else { return }
    if state.discardQuestion != nil { return keepEditingTapped() }
    guard hasChanges else {
      onRoute?(.close)
      return
    }
    state.discardQuestion = Self.discardQuestion(environment.localizer)
  }

  /// Call when the user chose Discard: the form closes, nothing saved.
  public func discardTapped() {
    state.discardQuestion = nil
    onRoute?(.close)
  }

  /// Call when the user chose Keep editing: the question goes, the form stays as it was.
  public func keepEditingTapped() { state.discardQuestion = nil }
}
