import TrackerLocalization
import TrackerModels

/// The question asked before a done day is taken off: the day's record would go (a day is done
/// or off, never both), so a completion never disappears without the user's yes.
public struct DayOffQuestion: Equatable, Sendable {
  /// The day to take off.
  public var day: Day
  /// "The day is done. Take it off anyway?"
  public var text: String
  /// "Take it off": the record goes, the day is off.
  public var confirmTitle: String
  /// "Cancel": nothing changes.
  public var cancelTitle: String

  /// A value with every field given.
  public init(day: Day, text: String, confirmTitle: String, cancelTitle: String) {
    self.day = day
    self.text = text
    self.confirmTitle = confirmTitle
    self.cancelTitle = cancelTitle
  }

  /// The question for `day`, in the language of `localizer`.
  init(day: Day, _ localizer: Localizer) {
    self.init(
      day: day, text: localizer.text(.dayOffDoneQuestion), confirmTitle: localizer.text(.dayOffDoneConfirm),
      cancelTitle: localizer.text(.menuCancel))
  }
}
