import TrackerLocalization
import TrackerModels

/// A message over a screen that the user has to acknowledge: a save or a read the store refused.
/// It is part of the screen's state, so a test asserts it whole and a client draws it without
/// knowing why it appeared.
public struct AlertState: Equatable, Sendable, Identifiable {
  /// What a button of the alert does.
  public enum Action: Equatable, Sendable {
    /// Closes the alert (OK); the screen stays as it is.
    case dismiss
  }

  /// One button.
  public struct Button: Equatable, Sendable, Identifiable {
    /// "OK".
    public var title: String
    /// What tapping it does.
    public var action: Action

    /// A button with every field given.
    public init(title: String, action: Action) {
      self.title = title
      self.action = action
    }

    /// The action identifies the button (an alert has one button per action).
    public var id: Action { action }
  }

  /// "Couldn't save".
  public var title: String
  /// The reason, in plain words.
  public var message: String
  /// The buttons, left to right.
  public var buttons: [Button]

  /// Why the store's alert appeared, so it can be worded again in another language.
  var cause: (error: StoreError, operation: Operation)?

  /// An alert with every field given.
  public init(title: String, message: String, buttons: [Button]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// What it says identifies it (`sheet(item:)`, `alert(item:)`): a new alert that says something
  /// else is another alert.
  public var id: String { title + "\n" + message }

  /// Two alerts are equal when they say the same (whatever made them).
  public static func == (lhs: AlertState, rhs: AlertState) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState {
  /// What the store was asked to do when it failed.
  package enum Operation: Sendable {
    case save, read
  }

  /// The same alert in `localizer`'s language.
  package func relabelled(_ localizer: Localizer) -> AlertState {
    guard let cause else { return self }
    return .storeFailure(cause.error, cause.operation, localizer)
  }

  /// The alert for a store failure: "Couldn't save" or "Couldn't read your data", the reason,
  /// and OK.
  package static func storeFailure(_ error: StoreError, _ operation: Operation, _ localizer: Localizer)
    -> AlertState
  {
    var alert = AlertState(
      title: localizer.text(operation == .save ? .alertSaveFailedTitle : .alertReadFailedTitle),
      message: reason(error, localizer),
      buttons: [Button(title: localizer.text(.alertOK), action: .dismiss)])
    alert.cause = (error, operation)
    return alert
  }

  /// The reason for `error` as the user reads it; a busy file names the program holding it
  /// when the system says who it is.
  static func reason(_ error: StoreError, _ localizer: Localizer) -> String {
    if case .storage(let failure) = error, failure.kind == .busy, let holder = failure.holder {
      return localizer.text(.alertReasonBusyHolder(holder))
    }
    return error.reason(localizer)
  }
}

extension StoreError {
  /// Why the store refused, in plain words of `localizer`'s language: what a screen's alert and
  /// the command line say.
  public func reason(_ localizer: Localizer) -> String {
    let error = self
    switch error {
    case .storage(let failure):
      switch failure.kind {
      case .readOnly: return localizer.text(.alertReasonReadOnly)
      case .diskFull: return localizer.text(.alertReasonDiskFull)
      case .busy: return localizer.text(.alertReasonBusy)
      case .damaged: return localizer.text(.alertReasonDamaged)
      case .inputOutput: return localizer.text(.alertReasonInputOutput)
      case .other: return localizer.text(.alertReasonOther)
      }
    case .trackerNotFound: return localizer.text(.alertReasonTrackerGone)
    case .taskNotFound: return localizer.text(.alertReasonTaskGone)
    case .invalidTask(let reason): return DisplayText.todoFieldError(reason, localizer)
    case .categoryNotFound: return localizer.text(.alertReasonCategoryGone)
    case .idAlreadyExists: return localizer.text(.alertReasonDuplicateID)
    case .invalidEmoji: return localizer.text(.alertReasonInvalidEmoji)
    case .invalidNote(let reason): return DisplayText.noteError(reason, localizer)
    case .notMeasurable: return localizer.text(.alertReasonNotMeasurable)
    case .tooManyReminders: return localizer.text(.alertReasonTooManyReminders(HabitReminder.limit))
    case .paceConflict(let conflict): return DisplayText.paceConflict(conflict, localizer)

    case .dayOutOfRange(let day):
      return localizer.text(.alertReasonDayOutOfRange(DisplayText.longDate(day, localizer)))
    case .dayInFuture(let day):
      return localizer.text(.alertReasonDayInFuture(DisplayText.longDate(day, localizer)))
    case .notShown(_, let day):
      return localizer.text(.alertReasonNotShown(DisplayText.longDate(day, localizer)))
    case .invalidTrackerName(let reason):
      return DisplayText.nameError(reason, isCategory: false, localizer) ?? localizer.text(.alertReasonOther)
    case .invalidCategoryTitle(let reason):
      return DisplayText.nameError(reason, isCategory: true, localizer) ?? localizer.text(.alertReasonOther)
    }
  }
}

/// A state that can show an alert.
public protocol AlertShowing {
  /// The alert over the screen, if any.
  var alert: AlertState? { get set }
}

extension ObservableViewModel where State: AlertShowing {
  /// Whether the alert is up, as `alert(_:isPresented:presenting:)` binds it
  /// (`$model.isShowingAlert`): it tracks the alert alone, and setting it to false is the user's
  /// OK (`alertDismissed()`).
  public var isShowingAlert: Bool {
    get { observable[field: \.alert] != nil }
    set { if !newValue { alertDismissed() } }
  }

  /// Call when the user tapped the alert's OK: it closes, the screen stays as it is.
  public func alertDismissed() { state.alert = nil }

  /// Runs the write of a tap on a screen that stays open: when another program holds the file
  /// it completes in the background ("Saving…", `StoreWriter`), and when it cannot be saved the
  /// screen shows why (one more state), if it is still open.
  func attemptSoon(
    _ environment: AppEnvironment, _ body: @escaping @Sendable (any TrackerDataStore) throws -> Void
  ) {
    saving(environment.access, environment.localizer, .waitingInBackground) { (store) throws(StoreError) in
      do {
        try body(store)
      } catch {
        throw error as? StoreError ?? .storage(StorageFailure(.other, detail: String(describing: error)))
      }
    }
  }
}
