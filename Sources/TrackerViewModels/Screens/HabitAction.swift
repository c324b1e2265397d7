import Foundation
import TrackerLocalization
import TrackerModels

/// A named action a screen reader offers on a habit's card or a widget's row (VoiceOver's
/// "Actions" rotor; `accessibilityAction(named:)`), so everything a sighted user reaches by a
/// long press or a sheet is one gesture away (issue 48, "Accessibility actions"): what it is, and
/// its name in the user's language.
public struct HabitAction: Codable, Hashable, Sendable, Identifiable {
  /// What the action does.
  public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
    /// Marks the day done, or not done (a yes/no habit).
    case done, notDone
    /// Opens the amount sheet (a measurable habit).
    case amount
    /// Takes the day off, or cancels the day off (a done day asks first).
    case dayOff, cancelDayOff
    /// Opens the day's note.
    case note
    /// Opens the habit's detail.
    case open
  }

  public var kind: Kind
  /// What VoiceOver says: "Mark as done", "Take a day off", …
  public var name: String
  public var id: Kind { kind }

  /// An action with every part given.
  public init(kind: Kind, name: String) {
    self.kind = kind
    self.name = name
  }

  /// The actions of a habit's card or row on a day, in the order a screen reader lists them.
  static func of(
    isDone: Bool, isDayOff: Bool, isMeasurable: Bool, canComplete: Bool, _ localizer: Localizer
  ) -> [HabitAction] {
    var kinds: [Kind] = []
    if canComplete { kinds.append(isMeasurable ? .amount : isDone ? .notDone : .done) }
    kinds += [isDayOff ? .cancelDayOff : .dayOff, .note, .open]
    return kinds.map { HabitAction(kind: $0, name: $0.name(localizer)) }
  }
}

extension HabitAction.Kind {
  /// The command a widget's or a notification's button runs for the action on `trackerID`'s
  /// `day`; nil for what opens the app (an amount, a note, the detail: the row's link).
  public func command(trackerID: UUID, day: Day) -> HabitCommand? {
    let action: HabitCommand.Action
    switch self {
    case .done: action = .setDone(true)
    case .notDone: action = .setDone(false)
    case .dayOff: action = .setDayOff(true)
    case .cancelDayOff: action = .setDayOff(false)
    case .amount, .note, .open: return nil
    }
    return HabitCommand(trackerID: trackerID, day: day, action: action)
  }

  /// The action's name in `localizer`'s language.
  func name(_ localizer: Localizer) -> String {
    switch self {
    case .done: localizer.text(.trackersCompleteAccessibility)
    case .notDone: localizer.text(.trackersUncompleteAccessibility)
    case .amount: localizer.text(.trackersAmountAccessibility)
    case .dayOff: localizer.text(.menuDayOff)
    case .cancelDayOff: localizer.text(.menuCancelDayOff)
    case .note: localizer.text(.menuNote)
    case .open: localizer.text(.habitActionOpen)
    }
  }
}

extension TrackersViewModel {
  /// Call when a screen reader's user chose `action` on the card `id`: it does what the card's
  /// button, its menu or a tap on it does (a done day taken off asks first, as in the menu).
  public func actionChosen(_ action: HabitAction.Kind, onCard id: UUID) {
    oneState {
      switch action {
      case .done, .notDone, .amount:
        completeTapped(id)
      case .dayOff, .cancelDayOff:
        cardLongPressed(id)
        dayOffTapped()
      case .note:
        cardLongPressed(id)
        noteTapped()
      case .open:
        cardTapped(id)
      }
    }
  }
}
