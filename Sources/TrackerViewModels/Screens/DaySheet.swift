import Foundation
import TrackerLocalization
import TrackerModels

/// What the amount and the note sheet share (issue 32): one tracker's entry on one day, read with
/// the tracker when the sheet opens, then saved or cleared in one write that closes the sheet (a
/// failure keeps it open with an alert).
@MainActor
protocol DaySheet: ObservableViewModel where State: DaySheetState {
  var environment: AppEnvironment { get }
  /// Called when the sheet closes after a save or a clear.
  var onClose: (() -> Void)? { get }
}

/// The state of a day's sheet: whose day it is, and the alert of a failed read or save.
protocol DaySheetState: AlertShowing, Equatable, Sendable {
  var trackerID: UUID { get }
  var day: Day { get }
}

extension DaySheet {
  /// The sheet's tracker and its entry on the sheet's day, read together (`entry` reads it from
  /// the same state of the data); nil when the tracker is gone, or with an alert when the store
  /// cannot be read.
  func readTrackerAndEntry<Entry>(
    _ entry: @escaping (any TrackerDataReading, UUID, Day) throws(StoreError) -> Entry?
  ) -> (tracker: Tracker, entry: Entry?)? {
    let (store, id, day) = (environment.store, state.trackerID, state.day)
    let read = attempt(.read, environment.localizer) { () throws(StoreError) -> (Tracker, Entry?)? in
      try store.read { (store) throws(StoreError) in
        guard let tracker = try store.trackers().first(where: { $0.tracker.id == id })?.tracker else {
          return nil
        }
        return (tracker, try entry(store, id, day))
      }
    }
    return read ?? nil
  }

  /// Writes the sheet's day with `change` and closes the sheet; a failure keeps it open with an
  /// alert.
  func writeAndClose(_ change: (any TrackerDataStore, UUID, Day) throws(StoreError) -> Bool) {
    let (id, day) = (state.trackerID, state.day)
    let saved = attempt(.save, environment.localizer) { () throws(StoreError) in
      try environment.write { try change($0, id, day) }
    }
    if saved != nil { onClose?() }
  }
}

extension DisplayText {
  /// A sheet's day: "Mon 30 Nov" / "Пн 30 нояб.".
  static func weekdayAndDate(_ day: Day, _ localizer: Localizer) -> String {
    let parts = day.components
    return localizer.weekdayShortName(iso: day.weekday.rawValue) + " "
      + localizer.dayAndMonth(day: parts.day, month: parts.month)
  }
}
