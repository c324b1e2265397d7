import Foundation
import TrackerLocalization
import TrackerModels

/// The note sheet (screen `note`, issue 32): one tracker's note on one day, any day (a record, a
/// day off or nothing, future days too), in a multi-line field; Save and Clear. Opened by "Note
/// for this day" in a card's menu or on the detail.
@MainActor
public final class NoteViewModel: PresentedScreen, DaySheet {
  /// What the sheet shows.
  public struct State: ScreenState, DaySheetState {
    public var trackerID: UUID
    public var day: Day
    /// "Note".
    public var title: String
    /// The tracker's name and the day: "Run, Mon 30 Nov".
    public var subtitle: String
    /// The text as typed, line breaks included.
    public var text: String
    public var placeholder: String
    /// Set while the text is refused (an empty field shows none).
    public var error: String?
    public var saveTitle: String
    /// Enabled for a valid text.
    public var isSaveEnabled: Bool
    public var clearTitle: String
    /// Enabled when the day has a note to remove.
    public var isClearEnabled: Bool
    /// A failed save or read.
    /// Whether its save is on its way (the store has not answered yet): the form takes no second
    /// save and no Cancel meanwhile, and a client shows its save button disabled.
    public var isSaving: Bool = false
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      trackerID: UUID, day: Day, title: String, subtitle: String, text: String, placeholder: String,
      error: String? = nil, saveTitle: String, isSaveEnabled: Bool, clearTitle: String, isClearEnabled: Bool,
      alert: AlertState? = nil
    ) {
      self.trackerID = trackerID
      self.day = day
      self.title = title
      self.subtitle = subtitle
      self.text = text
      self.placeholder = placeholder
      self.error = error
      self.saveTitle = saveTitle
      self.isSaveEnabled = isSaveEnabled
      self.clearTitle = clearTitle
      self.isClearEnabled = isClearEnabled
      self.alert = alert
    }
  }

  public let observable: ObservableState<State>

  /// The note's text, as a text editor binds it: writing it is the user typing.
  public var text: String {
    get { observable[field: \.text] }
    set { textChanged(newValue) }
  }
  /// Shows the tracker and its note on the sheet's day, as read.
  private func show(_ read: (tracker: Tracker, entry: TrackerNote?)?) {
    var next = state
    if let (tracker, note) = read {
      trackerName = tracker.name
      // What the user typed before the read came stays: the read fills an untouched field only.
      if !isTyped { next.text = note?.text ?? "" }
      next.isClearEnabled = note != nil
    }
    state = Self.labelled(next, name: trackerName, environment.localizer)
    validate(state.text)
  }

  /// Whether the user has typed in the field (a read that comes later leaves it as typed).
  private var isTyped = false

  /// Called when the sheet closes after a save or a clear.
  public var onClose: (() -> Void)?

  package let environment: AppEnvironment
  /// The tracker's name, for the subtitle.
  private var trackerName = ""

  /// The sheet of tracker `trackerID`'s note on `day`, showing the stored note.
  public init(environment: AppEnvironment, trackerID: UUID, day: Day) {
    self.environment = environment
    observable = ObservableState(
      State(
        trackerID: trackerID, day: day, title: "", subtitle: "", text: "", placeholder: "", saveTitle: "",
        isSaveEnabled: false, clearTitle: "", isClearEnabled: false))
    state = Self.labelled(state, name: trackerName, environment.localizer)
    validate(state.text)
    readTrackerAndEntry { (store, id, day) throws(StoreError) in
      try store.notes(trackerID: id).first { $0.day == day }
    } then: { [weak self] read in
      self?.show(read)
    }
    region = following(environment.region) { model in
      model.state = Self.labelled(model.state, name: model.trackerName, model.environment.localizer)
      model.validate(model.state.text)
    }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// `state` with its texts in `localizer`'s language.
  private static func labelled(_ state: State, name: String, _ localizer: Localizer) -> State {
    var state = state
    state.title = localizer.text(.noteTitle)
    state.subtitle = name + ", " + DisplayText.weekdayAndDate(state.day, localizer)
    state.placeholder = localizer.text(.notePlaceholder)
    state.saveTitle = localizer.text(.noteSave)
    state.clearTitle = localizer.text(.noteClear)
    state.alert = state.alert?.relabelled(localizer)
    return state
  }

  /// Call when the text changed: Save is enabled for a valid note; a refused one (not an empty
  /// field) says why.
  public func textChanged(_ text: String) {
    isTyped = true
    validate(text)
  }

  /// Shows `text` with what Save and the error say of it.
  private func validate(_ text: String) {
    var next = state
    next.text = text
    switch TrackerNote.validatedText(text) {
    case .success:
      next.error = nil
      next.isSaveEnabled = true
    case .failure(let error):
      next.isSaveEnabled = false
      next.error = error == .empty ? nil : DisplayText.noteError(error, environment.localizer)
    }
    state = next
  }

  /// Call when the user tapped Save: the note is stored and the sheet closes; a failure keeps it
  /// open with an alert.
  public func saveTapped() {
    guard state.isSaveEnabled else { return }
    let text = state.text
    writeAndClose { (store, id, day) throws(StoreError) in
      try HabitCommand(trackerID: id, day: day, action: .writeNote(text)).run(on: store).changed
    }
  }

  /// Call when the user tapped Clear: the day's note goes, and the sheet closes.
  public func clearTapped() {
    guard state.isClearEnabled else { return }
    writeAndClose { (store, id, day) throws(StoreError) in
      try HabitCommand(trackerID: id, day: day, action: .writeNote(nil)).run(on: store).changed
    }
  }
}
