import Foundation
import TrackerLocalization
import TrackerModels

/// The reminder's time sheet (screen `time-picker`): one HH:MM field and Done.
@MainActor
public final class TimePickerViewModel: PresentedScreen {
  /// What the sheet shows.
  public struct State: ScreenState {
    public var title: String
    public var text: String
    public var placeholder: String
    /// Set while the text is not a time.
    public var error: String?
    public var doneTitle: String
    public var isDoneEnabled: Bool

    /// A value with every field given.
    public init(
      title: String, text: String, placeholder: String, error: String? = nil, doneTitle: String,
      isDoneEnabled: Bool
    ) {
      self.title = title
      self.text = text
      self.placeholder = placeholder
      self.error = error
      self.doneTitle = doneTitle
      self.isDoneEnabled = isDoneEnabled
    }
  }

  public let observable: ObservableState<State>

  /// The HH:MM field's text, as a text field binds it (`TextField(…, text: $model.text)`): reading it tracks
  /// that field alone; writing it is the user typing (`textChanged(_:)`).
  public var text: String {
    get { observable[field: \.text] }
    set { textChanged(newValue) }
  }
  /// Called with the time on Done.
  public var onDone: ((ReminderTime) -> Void)?
  package let environment: AppEnvironment

  /// The sheet showing `time`.
  public init(environment: AppEnvironment, time: ReminderTime) {
    self.environment = environment
    let localizer = environment.localizer
    observable = ObservableState(
      State(
        title: localizer.text(.timePickerTitle), text: time.description,
        placeholder: localizer.text(.timePickerPlaceholder), doneTitle: localizer.text(.timePickerDone),
        isDoneEnabled: true))
    region = following(environment.region) { model in
      let localizer = model.environment.localizer
      model.state.title = localizer.text(.timePickerTitle)
      model.state.placeholder = localizer.text(.timePickerPlaceholder)
      model.state.doneTitle = localizer.text(.timePickerDone)
      model.textChanged(model.state.text)
    }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Call when the field's text changed: Done is enabled only for a valid time; an invalid one
  /// (not an empty field) says what is expected.
  public func textChanged(_ text: String) {
    var next = state
    next.text = text
    let isValid = ReminderTime(text) != nil
    next.isDoneEnabled = isValid
    next.error = isValid || text.isEmpty ? nil : environment.localizer.text(.timePickerError)
    state = next
  }

  /// Call when the user tapped Done.
  public func doneTapped() {
    guard let time = ReminderTime(state.text) else { return }
    onDone?(time)
  }
}
