import Foundation
import TrackerLocalization
import TrackerModels

/// The note sheet (screen `note`, issue 32): one tracker's note on one day, any day (a record, a
/// day off or nothing, future days too), in a multi-line field; Save and Clear. Opened by "Note
/// for this day" in a card's menu or on the detail.
@MainActor
public final class NoteViewModel: ObservableViewModel, RegionFollowing {
  /// What the sheet shows.
  public struct State: Equatable, Sendable, AlertShowing {
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
  /// Called when the sheet closes after a save or a clear.
  public var onClose: (() -> Void)?

  private let environment: AppEnvironment
  /// The tracker's name, for the subtitle.
  private var trackerName = ""

  /// The sheet of tracker `trackerID`'s note on `day`, showing the stored note.
  public init(environment: AppEnvironment, trackerID: UUID, day: Day) {
    self.environment = environment
    observable = ObservableState(
      State(
        trackerID: trackerID, day: day, title: "", subtitle: "", text: "", placeholder: "", saveTitle: "",
        isSaveEnabled: false, clearTitle: "", isClearEnabled: false))
    let store = environment.store
    let read = attempt(
      .read, environment.localizer,
      { () throws(StoreError) -> (String, TrackerNote?)? in
        try store.read { (store) throws(StoreError) in
          guard let tracker = try store.trackers().first(where: { $0.tracker.id == trackerID })?.tracker
          else {
            return nil
          }
          return (tracker.name, try store.notes(trackerID: trackerID).first { $0.day == day })
        }
      })
    var next = state
    if let (name, note) = read ?? nil {
      trackerName = name
      next.text = note?.text ?? ""
      next.isClearEnabled = note != nil
    }
    state = Self.labelled(next, name: trackerName, environment.localizer)
    textChanged(state.text)
    region = following(environment.region) { model in
      model.state = Self.labelled(model.state, name: model.trackerName, model.environment.localizer)
      model.textChanged(model.state.text)
    }
  }

  /// Follows the environment's language and time zone.
  var region: RegionFollower?

  /// `state` with its texts in `localizer`'s language.
  private static func labelled(_ state: State, name: String, _ localizer: Localizer) -> State {
    var state = state
    let parts = state.day.components
    state.title = localizer.text(.noteTitle)
    state.subtitle =
      name + ", " + localizer.weekdayShortName(iso: state.day.weekday.rawValue) + " "
      + localizer.dayAndMonth(day: parts.day, month: parts.month)
    state.placeholder = localizer.text(.notePlaceholder)
    state.saveTitle = localizer.text(.noteSave)
    state.clearTitle = localizer.text(.noteClear)
    state.alert = state.alert?.relabelled(localizer)
    return state
  }

  /// Call when the text changed: Save is enabled for a valid note; a refused one (not an empty
  /// field) says why.
  public func textChanged(_ text: String) {
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
    write(state.text)
  }

  /// Call when the user tapped Clear: the day's note goes, and the sheet closes.
  public func clearTapped() {
    guard state.isClearEnabled else { return }
    write(nil)
  }

  private func write(_ text: String?) {
    let (id, day) = (state.trackerID, state.day)
    let saved = attempt(.save, environment.localizer) { () throws(StoreError) in
      try environment.write { try $0.setNote(text, trackerID: id, on: day) }
    }
    if saved != nil { onClose?() }
  }
}
